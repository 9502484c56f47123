//! Draws `www/figures/erosion-schedule.png`, the erosion chapter's picture
//! of what the tiled schedule changes: the chapter's map at 513 x 513
//! (diamond-square, seed 7) after 100 000 droplets in schedule order,
//! minus the same droplets in their own order, a 256 x 256 corner of it
//! with the tiles' edges dotted. Red: the schedule left the ground lower;
//! blue: higher; white: the same (square-root scale, as the chapter's
//! difference view). Run it after changing erosion:
//! `cargo test -p terrain-io --release --test schedule_figure -- --ignored`.
//!
//! The chapter's numbers for the same comparison (how far apart the two
//! orders end, what the tiles' edges change) are checked against its prose
//! on every test run, so a change to erosion cannot leave them stale.

use terrain_core::erosion::Weathering;
use terrain_core::erosion::droplets::Erosion;
use terrain_core::erosion::droplets::{DropletRun, DropletSettings};
use terrain_core::erosion::schedule::Schedule;
use terrain_core::erosion::tiles::in_droplet_order;
use terrain_core::words::group_thousands;
use terrain_core::{Algorithm, Heightmap, MapSettings, Params, Stage, generate};

/// Pixels on a side of the picture: a corner of the map.
const CROP: usize = 256;

/// The chapter's map weathered both ways, and where its tiles' edges are.
struct Comparison {
    map: Heightmap,
    tiled: Erosion,
    plain: Erosion,
    /// The first column (and row) of every tile but the first.
    edges: Vec<usize>,
}

impl Comparison {
    fn new() -> Self {
        let params = Params {
            map: MapSettings::new(9, 7),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        let params = params.check().unwrap_or_else(|error| panic!("{error}"));
        let map = generate(&params, Stage::Done)
            .unwrap_or_else(|error| panic!("{error}"))
            .heightmap;
        let settings = DropletSettings {
            seed: 7,
            ..DropletSettings::default()
        };
        let tiled =
            DropletRun::erode(&map, &settings, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
        let plain = in_droplet_order(&map, &settings).unwrap_or_else(|e| panic!("{e}"));
        let side = map.side();
        let across = Schedule::new(side, false, settings.lifetime, settings.radius).across();
        let edges = (1..across)
            .map(|i| (i * (side - 1)).div_ceil(across))
            .collect();
        Self {
            map,
            tiled,
            plain,
            edges,
        }
    }

    /// Tiled order minus plain order at `(x, y)`.
    fn difference(&self, x: usize, y: usize) -> f64 {
        let at = y * self.map.side() + x;
        self.tiled.heightmap.heights()[at] - self.plain.heightmap.heights()[at]
    }

    /// The largest difference in the picture's corner.
    fn largest_in_corner(&self) -> f64 {
        (0..CROP * CROP).fold(0.0, |largest, at| {
            largest.max(self.difference(at % CROP, at / CROP).abs())
        })
    }
}

#[test]
#[ignore = "writes the chapter's figure"]
fn draw_the_schedules_difference() {
    let comparison = Comparison::new();
    let (edges, difference) = (&comparison.edges, |x, y| comparison.difference(x, y));
    let largest = comparison.largest_in_corner();
    // A palette of SHADES reds, SHADES blues (white first in both) and the
    // edges' grey: the speckles do not compress, so one byte a pixel
    // rather than three keeps the page's download small, and 32 steps of
    // a square-root scale cannot be told from 256 at this size.
    const SHADES: usize = 32;
    let level = |step: usize| (255.0 - 255.0 * step as f64 / (SHADES - 1) as f64).round() as u8;
    let mut palette: Vec<u8> = (0..SHADES)
        .flat_map(|step| [255, level(step), level(step)])
        .collect();
    palette.extend((0..SHADES).flat_map(|step| [level(step), level(step), 255]));
    palette.extend([90, 90, 90]);
    let grey = (2 * SHADES) as u8;
    let mut pixels = Vec::with_capacity(CROP * CROP);
    for y in 0..CROP {
        for x in 0..CROP {
            let on_edge = (edges.contains(&x) && y % 4 < 2) || (edges.contains(&y) && x % 4 < 2);
            if on_edge {
                pixels.push(grey);
                continue;
            }
            let d = difference(x, y);
            let step = ((d.abs() / largest).sqrt() * (SHADES - 1) as f64).round() as usize;
            pixels.push((step + if d < 0.0 { 0 } else { SHADES }) as u8);
        }
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../www/figures/erosion-schedule.png"
    );
    let file = std::fs::File::create(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), CROP as u32, CROP as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().unwrap_or_else(|e| panic!("{e}"));
    writer
        .write_image_data(&pixels)
        .unwrap_or_else(|e| panic!("{e}"));
    println!("largest difference in the corner: {largest:.4}; tile edges at {edges:?}");
}

/// `value` with `decimals` decimals and a space between thousands, as the
/// chapter writes numbers (`&nbsp;` there).
fn written(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    let (whole, fraction) = text.split_at(text.find('.').unwrap_or(text.len()));
    let whole: usize = whole
        .parse()
        .unwrap_or_else(|error| panic!("{text}: {error}"));
    group_thousands(whole).replace('\u{202f}', " ") + fraction
}

#[test]
fn the_chapter_says_what_the_schedule_costs() {
    let page = include_str!("../../../www/erosion.html")
        .replace("&nbsp;", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let comparison = Comparison::new();
    let side = comparison.map.side();
    let points = (side * side) as f64;
    let all = || (0..side * side).map(|at| (at % side, at / side));
    let differences = || all().map(|(x, y)| comparison.difference(x, y).abs());
    let average = differences().sum::<f64>() / points;
    let most = differences().fold(0.0, f64::max);
    let (before, after) = (
        comparison.map.heights(),
        comparison.plain.heightmap.heights(),
    );
    let lowered = before.iter().zip(after).map(|(b, a)| b - a).sum::<f64>() / points;
    let (tiled, plain) = (
        comparison.tiled.ledger.eroded,
        comparison.plain.ledger.eroded,
    );
    // How much the difference changes from a point to the next across a
    // tile's edge, against how much it changes anywhere.
    let (mut across_edges, mut edge_steps, mut anywhere, mut steps) = (0.0, 0, 0.0, 0);
    for y in 0..side {
        for x in 1..side {
            let step = (comparison.difference(x, y) - comparison.difference(x - 1, y)).abs()
                + (comparison.difference(y, x) - comparison.difference(y, x - 1)).abs();
            anywhere += step;
            steps += 2;
            if comparison.edges.contains(&x) {
                across_edges += step;
                edge_steps += 2;
            }
        }
    }
    let edge_ratio = (across_edges / f64::from(edge_steps)) / (anywhere / f64::from(steps));
    let widths: Vec<usize> = [0]
        .iter()
        .chain(&comparison.edges)
        .zip(comparison.edges.iter().chain([&(side - 1)]))
        .map(|(from, to)| to - from)
        .collect();
    let (narrowest, widest) = (widths.iter().min(), widths.iter().max());
    let defaults = DropletSettings::default();
    let schedule = Schedule::new(side, false, defaults.lifetime, defaults.radius);
    // What a round brings against what fell before it, round by round.
    let (mut fallen, mut half_after) = (0u64, None);
    for round in 0..200 {
        let size = u64::from(schedule.round_size(round));
        if size == u64::from(schedule.full_round()) {
            assert!(4 * size < fallen, "a full round {round} is under a quarter");
        }
        if 2 * size < fallen {
            half_after.get_or_insert(fallen);
        } else {
            assert!(half_after.is_none(), "never half again after round {round}");
        }
        fallen += size;
    }
    let half_after = half_after.expect("rounds shrink against the rain");
    // On bigger maps the first rounds double, up to a sixteenth of a full one.
    let big = Schedule::new(2049, false, defaults.lifetime, defaults.radius);
    let sixteenth = big.full_round() / 16;
    let mut round = 0;
    while big.round_size(round) < sixteenth {
        assert_eq!(big.round_size(round + 1), 2 * big.round_size(round));
        round += 1;
    }
    assert_eq!(big.round_size(round), sixteenth, "doubling lands on it");
    assert_eq!(big.round_size(round + 1), sixteenth + sixteenth / 4);
    let claims = [
        format!(
            "(its lifetime plus its brush radius plus one: {} points with the defaults)",
            schedule.reach()
        ),
        format!(
            "The first round holds {} droplets, and each is a quarter bigger than the one before, up to one droplet for every {} cells of the map ({} on a {side} × {side} map, whose points bound {cells} × {cells} cells)",
            schedule.round_size(0),
            (side - 1) * (side - 1) / schedule.full_round() as usize,
            written(f64::from(schedule.full_round()), 0),
            cells = side - 1
        ),
        format!(
            "once {} droplets have fallen, a round brings less than half as much rain as fell before it, and once the rounds are full, less than a quarter",
            written(half_after as f64, 0)
        ),
        "On maps of 2 049 points a side and more, whose full rounds are larger, the first rounds double instead, until they are a sixteenth of a full one".to_owned(),
        format!("by {} per point on average", written(average, 5)),
        format!("lowers the map by {} on average", written(lowered, 4)),
        format!("and by {} at most", written(most, 3)),
        format!(
            "erode {} instead of {}, {}% less",
            written(tiled, 1),
            written(plain, 1),
            written(100.0 * (plain - tiled) / plain, 2)
        ),
        format!("({} times as much)", written(edge_ratio, 3)),
        format!(
            "square-root scale up to {}",
            written(comparison.largest_in_corner(), 4)
        ),
        format!(
            "(tiles {} or {} points wide)",
            narrowest.unwrap(),
            widest.unwrap()
        ),
    ];
    for claim in claims {
        assert!(
            page.contains(&claim),
            "the erosion chapter should say {claim:?}"
        );
    }
}
