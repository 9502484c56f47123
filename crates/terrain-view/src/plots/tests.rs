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
    assert!(curve.svg.contains("share of the map above (%)"));
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
        .unwrap_or_else(|_| terrain_core::Terrain::finished(Heightmap::default()))
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

#[test]
#[ignore = "prints the numbers the articles quote about the plots"]
fn print_article_numbers() {
    for query in [
        "algorithm=midpoint-displacement&exponent=7&seed=7",
        "algorithm=diamond-square&exponent=7&seed=7",
        "algorithm=diamond-square&exponent=7&seed=7&spreadReduction=0.3",
        "algorithm=diamond-square&exponent=7&seed=7&spreadReduction=0",
    ] {
        let terrain = map_of_query(query);
        let analysis = analyze(&terrain.heightmap, &Options::default());
        let (axis, rest) = axis_and_rest(&analysis.spectrum.picture);
        println!(
            "{query}: slope {:?}, axes {axis:.2} (×{:.2}), rest {rest:.2}",
            analysis.spectrum.slope,
            2f64.powf(axis - rest)
        );
    }
    for algorithm in ["midpoint-displacement", "diamond-square"] {
        let ratios: Vec<f64> = (1..=50)
            .map(|seed| {
                let terrain =
                    map_of_query(&format!("algorithm={algorithm}&exponent=7&seed={seed}"));
                let (axis, rest) = axis_and_rest(
                    &analyze(&terrain.heightmap, &Options::default())
                        .spectrum
                        .picture,
                );
                2f64.powf(axis - rest)
            })
            .collect();
        let low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let high = ratios.iter().copied().fold(0.0, f64::max);
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        println!(
            "{algorithm} over seeds 1..=50: axes/rest mean {mean:.2}, from {low:.2} to {high:.2}"
        );
    }
    for stage in 1..=5 {
        let terrain = map_of_query(&format!(
            "algorithm=perlin-noise&seed=7&stage=octave-{stage}"
        ));
        let analysis = analyze(&terrain.heightmap, &Options::default());
        let power: Vec<String> = [4usize, 8, 16, 32, 64]
            .iter()
            .map(|&f| format!("{:.1e}", analysis.spectrum.power[f - 1]))
            .collect();
        println!(
            "perlin octave-{stage}: slope {:?}, power at 4..64: {power:?}",
            analysis.spectrum.slope
        );
    }
    let terrain = map_of_query("algorithm=diamond-square&exponent=8&seed=7&erosion=droplets");
    let before = terrain
        .erosion
        .as_ref()
        .map(|report| analyze(&report.before, &Options::default()));
    let after = analyze(&terrain.heightmap, &Options::default());
    for (name, analysis) in [("before", before.as_ref()), ("after", Some(&after))] {
        if let Some(a) = analysis {
            println!(
                "{name}: stage {}, min {:.3} max {:.3} mean {:.3} std {:.3} slope mean {:.1?} max {:.1} roughness {:.5} spectral {:?}\n  histogram {:?}\n  slopes {:?}",
                terrain.stage,
                a.min,
                a.max,
                a.mean,
                a.std,
                a.slope.mean_degrees,
                a.slope.max_degrees,
                a.roughness,
                a.spectrum.slope,
                a.histogram.counts,
                a.slope.histogram.counts
            );
        }
    }
}
