use super::*;
use terrain_analysis::{Options, analyze};
use terrain_core::{Algorithm, Heightmap, Stage, ValidParams};

fn analysis_of(algorithm: Algorithm, seed: u64) -> Analysis {
    let params = ValidParams::new(algorithm)
        .with_exponent(7)
        .map(|params| params.with_seed(seed));
    let map = params
        .and_then(|params| terrain_core::generate(&params, Stage::Done))
        .map(|terrain| terrain.heightmap)
        .unwrap_or_default();
    analyze(&map, &Options::default())
}

/// Every `<tag` in `markup` is closed (or self-closed): the markup is
/// well formed enough for a browser to build what it says.
fn balanced(markup: &str) -> bool {
    let mut open: Vec<String> = Vec::new();
    for piece in markup.split('<').skip(1) {
        let tag: String = piece
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '/')
            .collect();
        let self_closed = piece
            .split('>')
            .next()
            .is_some_and(|inside| inside.ends_with('/'));
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop().as_deref() != Some(name) {
                return false;
            }
        } else if !self_closed {
            open.push(tag);
        }
    }
    open.is_empty()
}

#[test]
fn a_spectrum_plot_labels_its_axes_units_and_fitted_slope() {
    let analysis = analysis_of(Algorithm::DIAMOND_SQUARE, 3);
    let figure = spectrum(&[Series {
        name: "This map",
        analysis: &analysis,
    }]);
    let slope = signed(analysis.spectrum.slope.unwrap_or(f64::NAN));
    assert!(figure.svg.starts_with("<svg class=\"terrain-plot\""));
    assert!(figure.svg.contains("frequency (cycles per map width)"));
    assert!(figure.svg.contains("power (map units²)"));
    assert!(figure.svg.contains(&format!("This map: slope {slope}")));
    assert!(figure.svg.contains("stroke-dasharray"), "the fitted line");
    assert!(
        figure
            .svg
            .contains("<title>Power spectrum, fitted slope: This map −")
    );
    // Decades up the side, octaves along the bottom.
    assert!(figure.svg.contains(">10⁻"));
    assert!(figure.svg.contains(">64</text>"));
    assert!(
        figure
            .table
            .contains("<caption>Power spectrum (power (map units²))</caption>")
    );
    assert!(
        figure
            .table
            .contains(&format!("<td>{slope} (from 4 to 16 cycles)</td>"))
    );
    assert!(balanced(&figure.svg) && balanced(&figure.table));
    // Coordinates are plain numbers an SVG reads.
    assert!(!figure.svg.contains("d=\"M−") && !figure.svg.contains("=\"−"));
}

#[test]
fn histograms_and_curves_overlay_series_in_their_colours_with_a_legend() {
    let first = analysis_of(Algorithm::DIAMOND_SQUARE, 3);
    let second = analysis_of(Algorithm::PERLIN_NOISE, 3);
    let series = [
        Series {
            name: "Diamond-square",
            analysis: &first,
        },
        Series {
            name: "Perlin <noise>",
            analysis: &second,
        },
    ];
    for figure in [
        histogram(&series),
        hypsometric(&series),
        slope_histogram(&series),
    ] {
        assert!(figure.svg.contains(SERIES_COLORS[0]) && figure.svg.contains(SERIES_COLORS[1]));
        assert!(figure.svg.contains(">Diamond-square</text>"));
        // Names are escaped, in the plot and its table.
        assert!(figure.svg.contains("Perlin &lt;noise&gt;") && !figure.svg.contains("<noise>"));
        assert!(
            figure
                .table
                .contains("<th scope=\"col\">Perlin &lt;noise&gt;</th>")
        );
        assert!(
            balanced(&figure.svg) && balanced(&figure.table),
            "{}",
            figure.svg
        );
    }
    // The measures at a glance: a column each, names escaped.
    let table = summary(&series);
    assert!(balanced(&table), "{table}");
    assert!(table.contains("<th scope=\"col\">Perlin &lt;noise&gt;</th>"));
    for (measure, one, other) in [
        (
            "Lowest point",
            format!("{:.3}", first.min),
            format!("{:.3}", second.min),
        ),
        (
            "Steepest slope",
            format!("{:.1}°", first.slope.max_degrees),
            format!("{:.1}°", second.slope.max_degrees),
        ),
    ] {
        let row =
            format!("<tr><th scope=\"row\">{measure}</th><td>{one}</td><td>{other}</td></tr>");
        assert!(table.contains(&row), "{row} in {table}");
    }
    let heights = histogram(&series);
    assert!(
        heights.svg.contains("height (map units)") && heights.svg.contains("share of points (%)")
    );
    // 64 bins become 16 rows of four, whose shares sum to 100 %.
    assert_eq!(heights.table.matches("<tr><th scope=\"row\">").count(), 16);
    let shares: f64 = heights
        .table
        .split("<tr><th scope=\"row\">")
        .skip(1)
        .filter_map(|row| {
            row.split("<td>")
                .nth(1)?
                .split('<')
                .next()?
                .parse::<f64>()
                .ok()
        })
        .sum();
    assert!((shares - 100.0).abs() < 0.5, "{shares}");
    let curve = hypsometric(&series);
    assert!(curve.svg.contains("share of the map at or above (%)"));
    assert!(curve.table.contains("<td>100.0</td>"));
}

#[test]
fn legends_say_what_the_measuring_colours_mean() {
    let map = Heightmap::new(4).unwrap_or_default();
    assert_eq!(legend(Palette::Terrain, 1.0, &map), None);
    let slope = legend(Palette::Slope, 1.0, &map)
        .map(|figure| figure.svg)
        .unwrap_or_default();
    assert!(slope.contains(">45°</text>") && slope.contains(">90°</text>"));
    // At half the relief, ground drawn 45° steep at relief 1 looks 27°.
    let halved = legend(Palette::Slope, 0.5, &map)
        .map(|figure| figure.svg)
        .unwrap_or_default();
    assert!(halved.contains(">27°</text>"), "{halved}");
    let flow = legend(Palette::Flow, 1.0, &map)
        .map(|figure| figure.table)
        .unwrap_or_default();
    assert!(
        flow.contains("<th scope=\"row\">1</th>") && flow.contains("<th scope=\"row\">100</th>")
    );
    let curvature = legend(Palette::Curvature, 1.0, &map).unwrap_or(Figure {
        title: "",
        svg: String::new(),
        table: String::new(),
    });
    assert!(curvature.svg.contains("hollow") && curvature.svg.contains("crest"));
    assert!(balanced(&curvature.svg) && balanced(&curvature.table));
}

use crate::palette::Palette;

#[test]
#[ignore = "writes the plots to /tmp/plots.html to look at"]
fn write_plots() {
    let first = analysis_of(Algorithm::DIAMOND_SQUARE, 3);
    let second = analysis_of(Algorithm::PERLIN_NOISE, 3);
    let one = [Series {
        name: "This map",
        analysis: &first,
    }];
    let two = [
        Series {
            name: "Diamond-square",
            analysis: &first,
        },
        Series {
            name: "Perlin noise",
            analysis: &second,
        },
    ];
    let map = Heightmap::new(4).unwrap_or_default();
    let mut html = String::from("<html><body style='width:420px;font-family:sans-serif'>");
    for figure in [
        histogram(&one),
        hypsometric(&one),
        spectrum(&one),
        spectrum(&two),
        histogram(&two),
        slope_histogram(&two),
    ] {
        html.push_str(&figure.svg);
        html.push_str(&figure.table);
    }
    for palette in [Palette::Slope, Palette::Curvature, Palette::Flow] {
        if let Some(figure) = legend(palette, 1.0, &map) {
            html.push_str(&figure.svg);
        }
    }
    html.push_str("</body></html>");
    std::fs::write("/tmp/plots.html", html).unwrap_or_default();
}

/// The map `query` (a share link's) describes, with erosion if it asks.
fn map_of_query(query: &str) -> terrain_core::Terrain {
    let state = terrain_core::query::from_query(query);
    terrain_core::generate(&state.params, state.stage)
        .unwrap_or_else(|error| panic!("{query}: {error}"))
}

/// The mean of the spectrum picture's pixels on its two axes through the
/// middle, and of the rest (log2 of power against the ring's mean).
fn axis_and_rest(picture: &terrain_analysis::spectrum::SpectrumPicture) -> (f64, f64) {
    let side = picture.side;
    let middle = side / 2;
    let (mut axis, mut axes, mut rest, mut others) = (0.0, 0.0, 0.0, 0.0);
    for y in 0..side {
        for x in 0..side {
            if x == middle && y == middle {
                continue;
            }
            let value = picture.values[y * side + x];
            if x == middle || y == middle {
                axis += value;
                axes += 1.0;
            } else {
                rest += value;
                others += 1.0;
            }
        }
    }
    (axis / axes, rest / others)
}

/// A chapter's text as a reader sees it, near enough to find a sentence:
/// entities and tags that sit inside numbers made plain, spaces collapsed.
fn prose(page: &str) -> String {
    page.replace("&nbsp;", " ")
        .replace("<sup>", "^")
        .replace("</sup>", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `value` with `decimals` decimals, with the chapters' minus sign.
fn written(value: f64, decimals: usize) -> String {
    format!("{value:.decimals$}").replace('-', "−")
}

/// `value` as the chapters write powers: `4.0 × 10^−10`.
fn power_written(value: f64) -> String {
    let text = format!("{value:.1e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    format!("{mantissa} × 10^{}", exponent.replace('-', "−"))
}

fn assert_says(page: &str, name: &str, claims: &[String]) {
    for claim in claims {
        assert!(page.contains(claim.as_str()), "{name} should say {claim:?}");
    }
}

/// The spectrum picture's axes against the rest, as a ratio of power
/// (each pixel's power against its ring's, geometric means).
fn axes_to_ring(query: &str) -> f64 {
    let terrain = map_of_query(query);
    let (axis, rest) = axis_and_rest(
        &analyze(&terrain.heightmap, &Options::default())
            .spectrum
            .picture,
    );
    2f64.powf(axis - rest)
}

#[test]
fn diamond_square_quotes_its_spectrum_pictures_as_measured() {
    let page = prose(include_str!("../../../../www/diamond-square.html"));
    let seven =
        |more: &str| axes_to_ring(&format!("algorithm=diamond-square&exponent=7&seed=7{more}"));
    let over_seeds = |algorithm: &str| {
        let ratios: Vec<f64> = (1..=50)
            .map(|seed| axes_to_ring(&format!("algorithm={algorithm}&exponent=7&seed={seed}")))
            .collect();
        let low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let high = ratios.iter().copied().fold(0.0, f64::max);
        (ratios.iter().sum::<f64>() / ratios.len() as f64, low, high)
    };
    let (square, _, _) = over_seeds("diamond-square");
    let (midpoint, low, high) = over_seeds("midpoint-displacement");
    assert_says(
        &page,
        "diamond-square.html",
        &[
            format!(
                "the pixels on the two axes hold {} times the power of the pixels off them",
                written(seven("&spreadReduction=0.3"), 1)
            ),
            format!(
                "at 0 it is {} times",
                written(seven("&spreadReduction=0"), 0)
            ),
            format!("the cross fades to {} times", written(seven(""), 1)),
            format!(
                "axes hold {} times the power off them on average",
                written(square, 2)
            ),
            format!(
                "midpoint displacement's {} times (from {} to {})",
                written(midpoint, 1),
                written(low, 1),
                written(high, 1)
            ),
        ],
    );
}

#[test]
fn gradient_noise_quotes_the_octaves_spectra_as_measured() {
    let page = prose(include_str!("../../../../www/gradient-noise.html"));
    let spectra: Vec<_> = (1..=5)
        .map(|stage| {
            let terrain = map_of_query(&format!(
                "algorithm=perlin-noise&seed=7&stage=octave-{stage}"
            ));
            analyze(&terrain.heightmap, &Options::default()).spectrum
        })
        .collect();
    // Power at `cycles` per map width after octave `octave`.
    let power = |octave: usize, cycles: usize| spectra[octave - 1].power[cycles - 1];
    let slope = |octave: usize| written(spectra[octave - 1].slope.unwrap_or(f64::NAN), 1);
    let fall = power(1, 4) / power(1, 8);
    assert!(
        (500.0..2000.0).contains(&fall),
        "the power falls a thousandfold from 4 to 8 cycles after octave 1: {fall}"
    );
    let growth = power(3, 16) / power(1, 16);
    assert!(
        (140.0..160.0).contains(&growth),
        "150 times as much at 16 cycles: {growth}"
    );
    assert_eq!(
        slope(4),
        slope(5),
        "the slope stays put for octaves 4 and 5"
    );
    assert_says(
        &page,
        "gradient-noise.html",
        &[
            format!("(the fitted slope is {})", slope(1)),
            format!(
                "the power is {} after octave 1, {} after octave 2 and {} after octave 3, 150 times",
                power_written(power(1, 16)),
                power_written(power(2, 16)),
                power_written(power(3, 16))
            ),
            format!(
                // The first in units of the second's power of ten.
                "at 4 cycles it only goes from {:.1} to {}",
                power(1, 4) * 1e5,
                power_written(power(3, 4))
            ),
            format!(
                "goes from {} to {} and {}, and stays near {} for octaves 4 and 5",
                slope(1),
                slope(2),
                slope(3),
                slope(4)
            ),
        ],
    );
}

#[test]
fn erosion_quotes_its_analyze_panel_as_measured() {
    let page = prose(include_str!("../../../../www/erosion.html"));
    let terrain = map_of_query("algorithm=diamond-square&exponent=8&seed=7&erosion=droplets");
    let before = analyze(
        &terrain.erosion.as_ref().expect("the map is eroded").before,
        &Options::default(),
    );
    let after = analyze(&terrain.heightmap, &Options::default());
    // The share of the points in the slope histogram's bins from `low`
    // degrees up to (not including) `high`, as a whole percentage.
    let share = |analysis: &terrain_analysis::Analysis, low: f64, high: f64| {
        let histogram = &analysis.slope.histogram;
        let total: u64 = histogram.counts.iter().sum();
        let inside: u64 = histogram
            .counts
            .iter()
            .zip(&histogram.edges)
            .filter(|&(_, &edge)| edge >= low && edge < high)
            .map(|(count, _)| count)
            .sum();
        assert!(
            histogram.edges.contains(&low) && (high > 90.0 || histogram.edges.contains(&high)),
            "{low}° and {high}° are bin edges"
        );
        written(100.0 * inside as f64 / total as f64, 0)
    };
    let mean_slope = |analysis: &terrain_analysis::Analysis| {
        written(analysis.slope.mean_degrees.unwrap_or(f64::NAN), 1)
    };
    assert_eq!(before.max, 1.0, "the map before the rain is normalized");
    assert_says(
        &page,
        "erosion.html",
        &[
            format!(
                "the highest point is {} instead of 1",
                written(after.max, 3)
            ),
            format!(
                "the mean height {} instead of {}",
                written(after.mean, 3),
                written(before.mean, 3)
            ),
            format!(
                "{}% of the points are steeper than 40° and {}% lie between 20° and 30°",
                share(&before, 40.0, 91.0),
                share(&before, 20.0, 30.0)
            ),
            format!(
                "only {}% are steeper than 40° and {}% lie between 20° and 30°",
                share(&after, 40.0, 91.0),
                share(&after, 20.0, 30.0)
            ),
            format!(
                "the steepest point goes from {}° to {}°",
                written(before.slope.max_degrees, 1),
                written(after.slope.max_degrees, 1)
            ),
            format!(
                "(the panel leaves it out to keep pace with the scrubber), drops from {}° to {}°",
                mean_slope(&before),
                mean_slope(&after)
            ),
        ],
    );
    // What the chapter reads from the panel is in the panel: the demo's
    // relief is 1, as `Options::default()`'s.
    let shown = panel::panel(&terrain, 1.0);
    for (measure, was, now) in [
        ("Highest point", before.max, after.max),
        ("Mean height", before.mean, after.mean),
    ] {
        let row =
            format!("<tr><th scope=\"row\">{measure}</th><td>{was:.3}</td><td>{now:.3}</td></tr>");
        assert!(shown.summary.contains(&row), "{row} in {}", shown.summary);
    }
    let (was, now) = (before.slope.max_degrees, after.slope.max_degrees);
    let row = format!(
        "<tr><th scope=\"row\">Steepest slope</th><td>{was:.1}°</td><td>{now:.1}°</td></tr>"
    );
    assert!(shown.summary.contains(&row), "{row} in {}", shown.summary);
    assert!(!shown.summary.contains("Mean slope"), "as the chapter says");
}

// Once every column of a comparison's tables took the first map's heights:
// a map spanning 0 to 0.5 beside one spanning 0 to 1 read 0.2 % where it
// held 50 %.
#[test]
fn tables_of_maps_of_different_ranges_give_each_its_own_heights() {
    let side = 17;
    let ramp = |top: f64| {
        let heights = (0..side * side)
            .map(|index| top * (index / side) as f64 / (side - 1) as f64)
            .collect();
        let map = Heightmap::from_heights(4, heights).expect("17 x 17");
        analyze(&map, &Options::new(4, 1.0).expect("options"))
    };
    let (whole, half) = (ramp(1.0), ramp(0.5));
    let series = [
        Series {
            name: "Whole",
            analysis: &whole,
        },
        Series {
            name: "Half",
            analysis: &half,
        },
    ];
    let table = histogram(&series).table;
    // Four bins each: a quarter of the rows of a ramp in each, over its
    // own heights.
    assert!(
        table.contains("<th scope=\"row\">bins 1 to 1 of 4</th><td>23.5 (0 to 0.25)</td><td>23.5 (0 to 0.125)</td>"),
        "{table}"
    );
    let curve = hypsometric(&series).table;
    assert!(
        curve.contains(
            "<th scope=\"row\">step 2 of 4</th><td>52.9 (at 0.5)</td><td>52.9 (at 0.25)</td>"
        ),
        "{curve}"
    );
    // One map, or maps of one range, keep the heights in the row.
    let alone = histogram(&series[..1]).table;
    assert!(
        alone.contains("<th scope=\"row\">0 to 0.25</th><td>23.5</td>"),
        "{alone}"
    );
    assert_eq!(signed(-4.5e-30), "0.00", "a flat fit has no sign");
}

// Once every fit was dashed in ink and the key sat over the spectra's
// high, left end, where the fits begin.
#[test]
fn each_spectrum_fit_takes_its_series_colour_and_the_key_sits_low_left() {
    let first = analysis_of(Algorithm::DIAMOND_SQUARE, 3);
    let second = analysis_of(Algorithm::PERLIN_NOISE, 3);
    let series = [
        Series {
            name: "Map 1",
            analysis: &first,
        },
        Series {
            name: "Map 2",
            analysis: &second,
        },
    ];
    let svg = spectrum(&series).svg;
    for color in &SERIES_COLORS[..2] {
        let fit = format!("stroke=\"{color}\" stroke-width=\"1.4\" stroke-dasharray");
        assert!(svg.contains(&fit), "{color}'s fit: {svg}");
    }
    // The key's box starts at the plot's left edge, under the curves.
    assert!(
        svg.contains("<rect class=\"terrain-plot-key-box\" x=\"65\""),
        "{svg}"
    );
    let alone = spectrum(&series[..1]).svg;
    assert!(alone.contains("stroke=\"currentColor\" stroke-width=\"1.4\" stroke-dasharray"));
}

// Once a 3 x 3 map's spectrum plot was empty (a one-point path draws
// nothing), a flat spectrum lay on the axis and a flat map's hypsometric
// curve ran below its own axis.
#[test]
fn the_smallest_and_flattest_maps_still_draw_their_plots() {
    let tiny = {
        let params = ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(1);
        let map = params
            .and_then(|params| terrain_core::generate(&params, Stage::Done))
            .map(|terrain| terrain.heightmap)
            .unwrap_or_default();
        assert_eq!(map.side(), 3);
        analyze(&map, &Options::default())
    };
    let one = [Series {
        name: "This map",
        analysis: &tiny,
    }];
    assert!(
        spectrum(&one).svg.contains("<circle "),
        "the one frequency is a dot"
    );
    let flat = analyze(&Heightmap::new(4).expect("17 x 17"), &Options::default());
    let one = [Series {
        name: "This map",
        analysis: &flat,
    }];
    // The curve's heights, -0.5 to 0.5, run from the axis's foot to its
    // top (186 to 12), not from its foot to half way and beyond.
    let curve = hypsometric(&one).svg;
    assert!(
        curve.contains("d=\"M350 186L") && curve.contains("L62 12\" fill=\"none\""),
        "{curve}"
    );
}

#[test]
fn maps_measured_together_at_different_reliefs_say_so() {
    assert_eq!(panel::relief_note(&[0.5, 0.5]), None);
    assert_eq!(
        panel::relief_note(&[1.0, 0.5, 0.5]).as_deref(),
        Some(
            "Each map's slopes are as its own view draws them, and the views' reliefs differ \
             (map 1 at 1, map 2 at 0.5, map 3 at 0.5): give them one relief to compare slopes."
        )
    );
}
