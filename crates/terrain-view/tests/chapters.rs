//! Numbers the chapters quote, against what the code gives: the
//! rescaling's rounding trap and how far the post's centre rule would
//! lead (midpoint displacement), the zero shortcut that would change no
//! map (recursive midpoint displacement), where the two
//! algorithms differ and how much each creases (diamond-square), the
//! blends worked by hand, the fades' creases and bends and the tiles'
//! seams over a hundred seeds, and the cellular noise's median (gradient
//! noise). The erosion chapter has its own file; the plots' numbers sit
//! with the plots.

mod common;

use common::{assert_says, labels, prose, row_by_row, terrain_of};
use terrain_core::query::from_query;
use terrain_core::seams::{DEFAULT_CREASE_LEVELS, crease_index};
use terrain_core::words::group_thousands;
use terrain_core::{Heightmap, PointRandom};

/// The finished map a share link's `query` describes.
fn map_of(query: &str) -> Heightmap {
    terrain_of(query).heightmap
}

#[test]
fn midpoint_displacement_quotes_a_span_that_misses_one() {
    const PAGE: &str = include_str!("../../../www/midpoint-displacement.html");
    let (low, high) = (0.7431466604224978_f64, 3.1612002259545258_f64);
    let span = high - low;
    let top = (high - low) * (1.0 / span);
    assert_says(
        &prose(PAGE),
        "midpoint-displacement.html",
        &format!(
            "With a lowest height of {low:?} and a highest of {high:?}, for example, the highest point would come out as {top:?}"
        ),
    );
    // "roughly one span in seven does that": spans spread evenly over the
    // exponents and mantissas a map's range can have, from a fixed stream.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let trials = 100_000;
    let misses = (0..trials)
        .filter(|_| {
            let span = (1.0 + (next() >> 11) as f64 / (1u64 << 53) as f64)
                * 2f64.powi((next() % 8) as i32 - 4);
            span * (1.0 / span) != 1.0
        })
        .count();
    let share = misses as f64 / trials as f64;
    assert!(
        (1.0 / 8.0..1.0 / 6.0).contains(&share),
        "about one span in seven misses 1: {share}"
    );
}

#[test]
fn midpoint_displacement_quotes_how_far_the_posts_centre_rule_leads() {
    const PAGE: &str = include_str!("../../../www/midpoint-displacement.html");
    let farthest: Vec<f64> = (0..100)
        .map(|seed| {
            let ours = map_of(&format!(
                "algorithm=midpoint-displacement&exponent=5&seed={seed}&normalize=false"
            ));
            let ours = ours.heights();
            // The jitter read back is the jitter: our rule, fed it, gives
            // our map again.
            let again = displaced_again(ours, Centre::FromEdgeMidpoints);
            let error = ours
                .iter()
                .zip(&again)
                .fold(0.0, |most: f64, (a, b)| most.max((a - b).abs()));
            assert!(
                error < 1e-12,
                "seed {seed}: our rule rebuilt is {error} off"
            );
            let posts = displaced_again(ours, Centre::FromCorners);
            // Both maps stretched to 0..1, as finished maps are.
            let stretched = |heights: &[f64]| {
                let low = heights.iter().fold(f64::INFINITY, |low, &h| low.min(h));
                let high = heights
                    .iter()
                    .fold(f64::NEG_INFINITY, |high, &h| high.max(h));
                heights
                    .iter()
                    .map(|h| (h - low) / (high - low))
                    .collect::<Vec<_>>()
            };
            stretched(ours)
                .iter()
                .zip(stretched(&posts))
                .fold(0.0, |most: f64, (a, b)| most.max((a - b).abs()))
        })
        .collect();
    let mean = farthest.iter().sum::<f64>() / farthest.len() as f64;
    let least = farthest
        .iter()
        .fold(f64::INFINITY, |least, &d| least.min(d));
    let most = farthest.iter().fold(0.0, |most: f64, &d| most.max(d));
    assert_says(
        &prose(PAGE),
        "midpoint-displacement.html",
        &format!(
            "the finished maps are {mean:.2} of the full height apart on average over 100 seeds, and between {least:.2} and {most:.2} for any one seed."
        ),
    );
}

/// What a chunk's centre is displaced from.
#[derive(Clone, Copy, PartialEq)]
enum Centre {
    /// The mean of its four edge midpoints: the post's words, and our code.
    FromEdgeMidpoints,
    /// The mean of its four corners: the post's code.
    FromCorners,
}

/// Midpoint displacement done again on an unstretched 33 x 33 map `ours`,
/// with the jitter each of its points got (its height less the mean it was
/// displaced from) and centres displaced `from` where the rule says.
fn displaced_again(ours: &[f64], from: Centre) -> Vec<f64> {
    let (side, last) = (33, 32);
    let at = |x: usize, y: usize| y * side + x;
    let mut again = ours.to_vec();
    let mut width = last;
    while width > 1 {
        let r = width / 2;
        let chunks = (r..last)
            .step_by(width)
            .flat_map(|y| (r..last).step_by(width).map(move |x| (x, y)));
        for (x, y) in chunks.clone() {
            // Each edge's midpoint from the two ends of its edge.
            for (edge, a, b) in [
                (at(x, y - r), at(x - r, y - r), at(x + r, y - r)),
                (at(x, y + r), at(x - r, y + r), at(x + r, y + r)),
                (at(x - r, y), at(x - r, y - r), at(x - r, y + r)),
                (at(x + r, y), at(x + r, y - r), at(x + r, y + r)),
            ] {
                let jitter = ours[edge] - (ours[a] + ours[b]) / 2.0;
                again[edge] = (again[a] + again[b]) / 2.0 + jitter;
            }
        }
        for (x, y) in chunks {
            let mean = |heights: &[f64], points: [usize; 4]| {
                points.iter().map(|&point| heights[point]).sum::<f64>() / 4.0
            };
            let midpoints = [at(x - r, y), at(x + r, y), at(x, y - r), at(x, y + r)];
            let corners = [
                at(x - r, y - r),
                at(x + r, y - r),
                at(x - r, y + r),
                at(x + r, y + r),
            ];
            let jitter = ours[at(x, y)] - mean(ours, midpoints);
            let base = if from == Centre::FromCorners {
                corners
            } else {
                midpoints
            };
            again[at(x, y)] = mean(&again, base) + jitter;
        }
        width = r;
    }
    again
}

#[test]
fn recursive_midpoint_displacement_quotes_the_shortcut_it_tried() {
    const PAGE: &str = include_str!("../../../www/recursive-midpoint-displacement.html");
    let mut maps = 0;
    for exponent in 1..=6 {
        for seed in 0..20 {
            for spread in [0.0, 0.3, 1.0] {
                let query = format!(
                    "algorithm=recursive-midpoint-displacement&exponent={exponent}&seed={seed}&spread={spread}&normalize=false"
                );
                let state = from_query(&query);
                let reduction = state.params.subdivision.spread_reduction;
                let random = PointRandom::new(seed);
                let side = (1 << exponent) + 1;
                let corners = [0, side - 1, side * (side - 1), side * side - 1];
                let with_corners = |heights: [f64; 4]| {
                    let mut map = vec![0.0; side * side];
                    for (corner, height) in corners.iter().zip(heights) {
                        map[*corner] = height;
                    }
                    map
                };
                let drawn = corners.map(|corner| random.unit(corner));
                // The corners drawn from the seed, as the generator draws
                // them; all four 0; +1 and -1 across, so that every mean
                // with a spread of 0 is an exact 0; one of them 0.
                for start in [
                    with_corners(drawn),
                    with_corners([0.0; 4]),
                    with_corners([1.0, -1.0, -1.0, 1.0]),
                    with_corners([0.0, drawn[1], drawn[2], drawn[3]]),
                ] {
                    let (mut recorded, mut shortcut) = (start.clone(), start);
                    displace_recursively(&mut recorded, spread, reduction, random, Unset::Recorded);
                    displace_recursively(&mut shortcut, spread, reduction, random, Unset::Zero);
                    assert_eq!(recorded, shortcut, "{query}: the shortcut changed the map");
                    maps += 1;
                }
                // The recorded version is the generator's own, bit for bit.
                let mut drawn_map = with_corners(drawn);
                displace_recursively(&mut drawn_map, spread, reduction, random, Unset::Recorded);
                assert_eq!(drawn_map, map_of(&query).heights(), "{query}");
            }
        }
    }
    assert_says(
        &prose(PAGE),
        "recursive-midpoint-displacement.html",
        &format!(
            "We ran the shortcut against a proper record on {} maps,",
            group_thousands(maps).replace('\u{202f}', "&nbsp;")
        ),
    );
}

/// How a point is known to be still unset.
#[derive(Clone, Copy, PartialEq)]
enum Unset {
    /// It is not in a record of the points set: our code.
    Recorded,
    /// Its height is 0.0: the post's shortcut.
    Zero,
}

/// Recursive midpoint displacement of the square map `heights`, unstretched,
/// from its four corners down to 3 x 3 views, with jitter of `spread` at
/// the top, `reduction` times less a level down.
fn displace_recursively(
    heights: &mut [f64],
    spread: f64,
    reduction: f64,
    random: PointRandom,
    unset: Unset,
) {
    let side = heights.len().isqrt();
    let mut set = vec![false; heights.len()];
    for corner in [0, side - 1, side * (side - 1), side * side - 1] {
        set[corner] = true;
    }
    // The view `size` cells wide whose top-left point is `origin`.
    fn view(
        heights: &mut [f64],
        set: &mut [bool],
        (origin, size, side): (usize, usize, usize),
        spread: f64,
        (reduction, random, unset): (f64, PointRandom, Unset),
    ) {
        let at = |x: usize, y: usize| origin + y * side + x;
        let (last, middle) = (size, size / 2);
        let mut displace = |heights: &mut [f64], point: usize, mean: f64| {
            let fresh = match unset {
                Unset::Recorded => !set[point],
                Unset::Zero => heights[point] == 0.0,
            };
            if fresh {
                set[point] = true;
                heights[point] = mean + random.jitter(point, spread);
            }
        };
        let (top_left, top_right) = (heights[at(0, 0)], heights[at(last, 0)]);
        let (bottom_left, bottom_right) = (heights[at(0, last)], heights[at(last, last)]);
        displace(heights, at(middle, 0), (top_left + top_right) / 2.0);
        displace(heights, at(0, middle), (top_left + bottom_left) / 2.0);
        displace(heights, at(last, middle), (top_right + bottom_right) / 2.0);
        displace(
            heights,
            at(middle, last),
            (bottom_left + bottom_right) / 2.0,
        );
        let centre = (heights[at(0, middle)]
            + heights[at(last, middle)]
            + heights[at(middle, 0)]
            + heights[at(middle, last)])
            / 4.0;
        displace(heights, at(middle, middle), centre);
        if size > 2 {
            for (column, row) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let quadrant = (at(column * middle, row * middle), middle, side);
                let next = (reduction, random, unset);
                view(heights, set, quadrant, spread * reduction, next);
            }
        }
    }
    view(
        heights,
        &mut set,
        (0, side - 1, side),
        spread,
        (reduction, random, unset),
    );
}

#[test]
fn diamond_square_quotes_where_it_differs_from_midpoint_displacement() {
    const PAGE: &str = include_str!("../../../www/diamond-square.html");
    // On 33 x 33 maps, the edges and the lines at every eighth point: the
    // borders of midpoint displacement's first three passes.
    let side = 33;
    let on_lines = |at: usize| (at % side).is_multiple_of(8) || (at / side).is_multiple_of(8);
    let (mut points, mut lines_difference, mut difference) = (0, 0.0, 0.0);
    for seed in 0..50 {
        let midpoint = map_of(&format!(
            "algorithm=midpoint-displacement&exponent=5&seed={seed}"
        ));
        let square = map_of(&format!("algorithm=diamond-square&exponent=5&seed={seed}"));
        for (at, (a, b)) in midpoint.heights().iter().zip(square.heights()).enumerate() {
            difference += (a - b).abs();
            if on_lines(at) {
                lines_difference += (a - b).abs();
                points += 1;
            }
        }
    }
    let point_share = 100.0 * points as f64 / (50 * side * side) as f64;
    let difference_share = 100.0 * lines_difference / difference;
    assert_says(
        &prose(PAGE),
        "diamond-square.html",
        &format!(
            "hold {point_share:.0} % of the points and {difference_share:.0} % of the difference between the two maps"
        ),
    );
}

#[test]
fn diamond_square_quotes_the_crease_indices_as_measured() {
    const PAGE: &str = include_str!("../../../www/diamond-square.html");
    // The mean crease index over seeds 0 to 99 at exponent 7.
    let mean = |algorithm: &str, more: &str| {
        (0..100)
            .map(|seed| {
                let map = map_of(&format!(
                    "algorithm={algorithm}&exponent=7&seed={seed}{more}"
                ));
                crease_index(&map, DEFAULT_CREASE_LEVELS)
                    .unwrap_or_else(|| panic!("seed {seed}: a map of 129 points has an index"))
            })
            .sum::<f64>()
            / 100.0
    };
    let midpoint = mean("midpoint-displacement", "");
    let square = mean("diamond-square", "");
    let gentle_square = mean("diamond-square", "&spreadReduction=0.3");
    let gentle_midpoint = mean("midpoint-displacement", "&spreadReduction=0.3");
    let flat_square = mean("diamond-square", "&spreadReduction=0");
    for claim in [
        format!(
            "midpoint displacement averages <strong>{midpoint:.2}</strong> and diamond-square <strong>{square:.2}</strong>"
        ),
        format!(
            "it averages {gentle_square:.2} (midpoint displacement {gentle_midpoint:.1}), and at 0 it averages {flat_square:.2}"
        ),
    ] {
        assert_says(&prose(PAGE), "diamond-square.html", &claim);
    }
}

#[test]
fn gradient_noise_draws_the_lattice_of_seed_7() {
    const PAGE: &str = include_str!("../../../www/gradient-noise.html");
    const FIGURE: &str = include_str!("../../../www/figures/noise-lattice.svg");
    // The lattice stage of the demo below the figure holds each lattice
    // point's value v as the height 0.5 + 0.5 v, 32 points apart.
    let lattice = map_of("algorithm=value-noise&octaves=1&seed=7&stage=lattice");
    let value = |i: usize, j: usize| written(2.0 * lattice.get(32 * i, 32 * j) - 1.0, 2);
    let labels = row_by_row(
        labels(FIGURE)
            .into_iter()
            .filter(|label| {
                let text = label.text;
                text.contains('.')
            })
            .collect(),
    );
    let values: Vec<String> = (0..5)
        .flat_map(|j| (0..5).map(move |i| (i, j)))
        .map(|(i, j)| value(i, j))
        .collect();
    assert_eq!(labels, values, "the figure's 25 labels, row by row");
    let page = prose(PAGE);
    for claim in [
        format!(
            "The top row reads {}, {}, {}, {}, {}.",
            value(0, 0),
            value(1, 0),
            value(2, 0),
            value(3, 0),
            value(4, 0)
        ),
        format!(
            "blended from the cell's four corners, {}, {}, {} and {}.",
            value(0, 0),
            value(1, 0),
            value(0, 1),
            value(1, 1)
        ),
        format!(
            "the top-left point's {} stands at {:.2}.",
            value(0, 0),
            lattice.get(0, 0)
        ),
    ] {
        assert_says(&page, "gradient-noise.html", &claim);
    }
}

#[test]
fn gradient_noise_says_how_much_steeper_frequency_16_is() {
    const PAGE: &str = include_str!("../../../www/gradient-noise.html");
    // The mean change from one point to the next along the rows, of one
    // octave of Perlin noise, seed 7, at frequency 2 and 16 (the pair's
    // stage, on its fixed scale).
    let mean_step = |frequency: u32| {
        let query =
            format!("algorithm=perlin-noise&octaves=1&frequency={frequency}&seed=7&stage=octave-1");
        let map = terrain_of(&query).heightmap;
        let side = map.side();
        let steps: f64 = (0..side)
            .flat_map(|y| (1..side).map(move |x| (x, y)))
            .map(|(x, y)| (map.get(x, y) - map.get(x - 1, y)).abs())
            .sum();
        steps / (side * (side - 1)) as f64
    };
    let ratio = mean_step(16) / mean_step(2);
    assert_says(
        &prose(PAGE),
        "gradient-noise.html",
        &format!("the height changes {ratio:.1} times as much on average."),
    );
}

/// The mean of `measure` over seeds 0 to 99 of the map `query` (without
/// its seed) describes.
fn mean_over_seeds(query: &str, measure: impl Fn(&Heightmap) -> f64) -> f64 {
    (0..100)
        .map(|seed| measure(&map_of(&format!("{query}&seed={seed}"))))
        .sum::<f64>()
        / 100.0
}

/// How much the bend changes from one point before a lattice line to one
/// after it, against the same halfway across a cell: the gradient-noise
/// chapter's measurement, on a 129 x 129 map of 4 cells a side.
fn bend_jump(map: &Heightmap) -> f64 {
    let side = map.side();
    let h = map.heights();
    let bend =
        |x: usize, y: usize| h[y * side + x - 1] - 2.0 * h[y * side + x] + h[y * side + x + 1];
    let (mut at_lines, mut mid_cell) = (0.0, 0.0);
    for y in 1..side - 1 {
        for line in [32, 64, 96] {
            at_lines += (bend(line + 1, y) - bend(line - 1, y)).abs();
            mid_cell += (bend(line - 15, y) - bend(line - 17, y)).abs();
        }
    }
    at_lines / mid_cell
}

#[test]
fn gradient_noise_quotes_its_fades_and_seams_over_a_hundred_seeds() {
    use terrain_core::seams::seam_index;
    const PAGE: &str = include_str!("../../../www/gradient-noise.html");
    let fade = |fade: &str| format!("algorithm=perlin-noise&octaves=1&fade={fade}");
    let crease = |map: &Heightmap| {
        crease_index(map, DEFAULT_CREASE_LEVELS)
            .unwrap_or_else(|| panic!("a map of 129 points has an index"))
    };
    let seam = |map: &Heightmap| {
        seam_index(map).unwrap_or_else(|| panic!("a map of 65 points has an index"))
    };
    let tiles =
        |tileable: bool| format!("algorithm=perlin-noise&exponent=6&octaves=4&tileable={tileable}");
    let claims = [
        format!(
            "over 100 seeds they average {:.2} and {:.2}, and the linear fade, whose lines are true kinks, {:.0}.",
            mean_over_seeds(&fade("smoothstep"), crease),
            mean_over_seeds(&fade("quintic"), crease),
            mean_over_seeds(&fade("linear"), crease)
        ),
        format!(
            "over 100 seeds, {:.0} and {:.1}.",
            mean_over_seeds(&fade("smoothstep"), bend_jump),
            mean_over_seeds(&fade("quintic"), bend_jump)
        ),
        // The code example's printout, for seed 7.
        format!(
            "console.log(atLines / midCell); // {:.1}; with fade: \"quintic\", {:.1}</code>",
            bend_jump(&map_of(&format!("{}&seed=7", fade("smoothstep")))),
            bend_jump(&map_of(&format!("{}&seed=7", fade("quintic"))))
        ),
        format!(
            "Over 100 seeds the two average {:.2} and {:.1}.",
            mean_over_seeds(&tiles(true), seam),
            mean_over_seeds(&tiles(false), seam)
        ),
        // The seed-7 figures the browser tests read from the demos, from
        // the same seam index.
        format!(
            "<strong data-figure=\"tileable-seam\">{:.2}</strong>",
            seam(&map_of(&format!("{}&seed=7", tiles(true))))
        ),
        format!(
            "<strong data-figure=\"plain-seam\">{:.2}</strong>",
            seam(&map_of(&format!("{}&seed=7", tiles(false))))
        ),
    ];
    for claim in claims {
        assert_says(&prose(PAGE), "gradient-noise.html", &claim);
    }
}

/// `value` as the chapters write it: `places` decimals, and a true minus
/// sign.
fn written(value: f64, places: usize) -> String {
    let digits = format!("{:.places$}", value.abs());
    if value < 0.0 {
        format!("\u{2212}{digits}")
    } else {
        digits
    }
}

/// `+ value` or `− |value|`, as a term of a sum is written.
fn term(value: f64, places: usize) -> String {
    let sign = if value < 0.0 { '\u{2212}' } else { '+' };
    format!("{sign} {:.places$}", value.abs())
}

#[test]
fn gradient_noise_works_its_blends_through_by_hand() {
    const PAGE: &str = include_str!("../../../www/gradient-noise.html");
    // The orange point of the lattice figure is (8, 16) on the demos'
    // maps, a quarter across and halfway down the top-left cell.
    let lattice = map_of("algorithm=value-noise&octaves=1&seed=7&stage=lattice");
    let value = |x: usize, y: usize| 2.0 * lattice.get(x, y) - 1.0;
    let blended = |fade: &str| {
        map_of(&format!(
            "algorithm=value-noise&stage=octave-1&octaves=1&fade={fade}&seed=7"
        ))
        .get(8, 16)
    };
    // By hand, the page works with the corners as the figure prints them.
    let rounded = |x: usize, y: usize| (value(x, y) * 100.0).round() / 100.0;
    let (top_left, top_right) = (rounded(0, 0), rounded(32, 0));
    let (bottom_left, bottom_right) = (rounded(0, 32), rounded(32, 32));
    let left = (top_left + bottom_left) / 2.0;
    let right = (top_right + bottom_right) / 2.0;
    let linear = left + 0.25 * (right - left);
    let smoothstep = 3.0 * 0.25_f64.powi(2) - 2.0 * 0.25_f64.powi(3);
    let smoothed = left + (smoothstep * 1000.0).round() / 1000.0 * (right - left);
    // The demos blend the corners' own values; the heights they show
    // are 0.5 + 0.5 v.
    let demo = |fade: &str| {
        let height = blended(fade);
        format!(
            "0.5 + 0.5 × {} = {height:.3}",
            written(2.0 * height - 1.0, 4)
        )
    };
    let page = prose(PAGE);
    for claim in [
        format!(
            "Halfway down the left column gives ({} {}) / 2 = {};",
            written(top_left, 2),
            term(bottom_left, 2),
            written(left, 3)
        ),
        format!(
            "halfway down the right one gives ({} {}) / 2 = {}.",
            written(top_right, 2),
            term(bottom_right, 2),
            written(right, 2)
        ),
        format!(
            "{} + 0.25 × ({} {}) = {}.",
            written(left, 3),
            written(right, 2),
            term(-left, 3),
            written(linear, 3)
        ),
        format!(
            "3 × 0.0625 − 2 × 0.0156 = {smoothstep:.3} rather than 0.25, so our point gets {} + {smoothstep:.3} × ({}) = {}.",
            written(left, 3),
            written(right - left, 3),
            written(smoothed, 3)
        ),
        format!("{} and {}.", demo("linear"), demo("smoothstep")),
        // The code example's first lattice point.
        format!(
            "lattice[0]; // 0.5 + 0.5 × {} = {:.4}",
            written(value(0, 0), 4),
            lattice.get(0, 0)
        ),
    ] {
        assert_says(&page, "gradient-noise.html", &claim);
    }
}

#[test]
fn gradient_noise_puts_half_of_a_cellular_map_below_the_middle() {
    const PAGE: &str = include_str!("../../../www/gradient-noise.html");
    // The median distance m makes (F - m) / (F + m) zero at the median,
    // so on the fixed scale of the scrubber half of one octave's points
    // lie below 0.5. A median off by 0.01 cells would move that share by
    // about two points in a hundred.
    let share_below = (0..20)
        .map(|seed| {
            let query = format!(
                "algorithm=cellular-noise&stage=octave-1&octaves=1&frequency=16&exponent=9&seed={seed}"
            );
            let map = map_of(&query);
            let heights = map.heights();
            heights.iter().filter(|&&height| height < 0.5).count() as f64 / heights.len() as f64
        })
        .sum::<f64>()
        / 20.0;
    assert!(
        (share_below - 0.5).abs() < 0.015,
        "{share_below} of the points lie below the middle"
    );
    assert_says(
        &prose(PAGE),
        "gradient-noise.html",
        "is the median distance (0.42 cells for the nearest point at full jitter): the feature points are the deepest pits, at −1, half the map lies below the middle height",
    );
}
