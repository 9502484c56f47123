//! What a demo's Analyze panel shows, decided here: which maps it
//! measures (the map on show, and the map before erosion when there is
//! one), at what size, and the figures, words and picture it gets.

use std::borrow::Cow;

use terrain_analysis::{Analysis, Options, analyze};
use terrain_core::words::round_for_display;
use terrain_core::{Heightmap, Terrain};

use super::{
    Figure, Series, histogram, hypsometric, slope_histogram, spectrum, spectrum_picture, summary,
};

/// The largest map the panel measures point for point, `2^9 + 1` wide.
/// The panel measures every map the demo shows, so it follows a slider or
/// the scrubber; at this size the panel's analysis and plots cost about
/// 10 ms in the browser on our busy machine, under a 60 Hz frame
/// (BENCHMARKS.md, "Measuring a map"). Larger maps are measured at every
/// second, fourth or eighth point, at the same cost.
pub const MAX_MEASURED_EXPONENT: u32 = 9;

/// What the panel says before the demo's first map arrives, when it has
/// only the flat placeholder to measure ([`crate::demo::Demo::maps_shown`]
/// is 0): it measures nothing until then.
pub const WAITING: &str = "The map is on its way: it is measured as soon as it arrives.";

/// Everything the panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    /// How the maps were measured, in a sentence.
    pub note: String,
    /// The measures a reader quotes, as a table ([`summary`]).
    pub summary: String,
    /// The height histogram, the hypsometric curve, the spectrum and the
    /// slope distribution, in that order.
    pub figures: Vec<Figure>,
    /// The two-dimensional spectrum of the map on show: pixels on a side,
    /// and its RGBA pixels.
    pub picture: (usize, Vec<u8>),
    /// What the picture shows, in words.
    pub picture_words: String,
}

/// How far apart the points the panel measures of `map` are: 1 up to
/// [`MAX_MEASURED_EXPONENT`], then 2, 4, 8.
pub fn stride(map: &Heightmap) -> usize {
    1usize << map.exponent().saturating_sub(MAX_MEASURED_EXPONENT)
}

/// `map` itself, or every `2^k`-th point of it when it is wider than the
/// panel measures ([`stride`]).
pub fn measured_map(map: &Heightmap) -> Cow<'_, Heightmap> {
    let stride = stride(map);
    if stride == 1 {
        return Cow::Borrowed(map);
    }
    let side = (1usize << MAX_MEASURED_EXPONENT) + 1;
    let mut heights = Vec::with_capacity(side * side);
    for y in 0..side {
        for x in 0..side {
            heights.push(map.get(x * stride, y * stride));
        }
    }
    Cow::Owned(Heightmap::from_heights(MAX_MEASURED_EXPONENT, heights).unwrap_or_default())
}

/// The analysis the panel shows of `map`, slopes at `relief` (all but the
/// mean slope, which it does not show).
pub fn measure(map: &Heightmap, relief: f64) -> Analysis {
    let options = Options::new(
        terrain_analysis::DEFAULT_BINS as u64,
        relief.clamp(0.1, 2.0),
    )
    .unwrap_or_default()
    .without_mean_slope();
    analyze(&measured_map(map), &options)
}

/// The panel for `terrain` drawn at `relief`: the map on show and, after
/// erosion, the map before it, as two series on each plot.
pub fn panel(terrain: &Terrain, relief: f64) -> Panel {
    let map = &terrain.heightmap;
    let now = measure(map, relief);
    let before = terrain
        .erosion
        .as_ref()
        .map(|report| measure(&report.before, relief));
    let mut series = Vec::new();
    if let Some(before) = &before {
        series.push(Series {
            name: "Before erosion",
            analysis: before,
        });
        series.push(Series {
            name: "Eroded",
            analysis: &now,
        });
    } else {
        series.push(Series {
            name: "This map",
            analysis: &now,
        });
    }
    let side = map.side();
    let note = thinning_note(map)
        .unwrap_or_else(|| format!("Measured at every one of the map's {side} × {side} points."));
    let figures = vec![
        histogram(&series),
        hypsometric(&series),
        spectrum(&series),
        slope_histogram(&series),
    ];
    let picture = &now.spectrum.picture;
    Panel {
        note,
        summary: summary(&series),
        figures,
        picture: (picture.side, spectrum_picture(picture)),
        picture_words: "The power spectrum in two dimensions: frequency 0 in the middle, \
                        left-right frequencies across, up-down ones down; each pixel the power \
                        of its waves against the mean power of all waves as far from the \
                        middle, white at 8 times or more, black at an eighth or less. A map \
                        with no preferred direction gives a speckle, grey on average; lines \
                        through the middle are directions that hold more."
            .to_owned(),
    }
}

/// What measuring `map` at every few points changes, when the panel
/// does ([`stride`]); `None` for a map measured point for point.
pub fn thinning_note(map: &Heightmap) -> Option<String> {
    use terrain_analysis::spectrum::fit_band;
    let stride = stride(map);
    let side = map.side();
    // Each transform is `last` points wide, as analyze()'s: the one of the
    // points measured, and the whole map's.
    let measured = 1usize << MAX_MEASURED_EXPONENT;
    let (from, to) = fit_band(measured)?;
    let (_, whole_to) = fit_band(map.last())?;
    (stride > 1).then(|| {
        format!(
            "Measured at every {} point across and down ({points} × {points} of the map's \
             {side} × {side}), so the panel keeps up. The numbers are those of these points, \
             not the whole map's (analyze() measures all of it): a peak between them is \
             missed, the spectrum ends at {} cycles per map width and its slope is fitted \
             from {from} to {to} (the whole map's, to {whole_to}), and detail finer than the \
             points folds into the finest frequencies and the roughness.",
            ordinal(stride),
            measured / 2,
            points = measured + 1,
        )
    })
}

/// What the slopes of maps measured together mean when their views draw
/// them at different reliefs (`reliefs`, map by map: a noise's own is
/// half the posts'); `None` when they share one.
pub fn relief_note(reliefs: &[f64]) -> Option<String> {
    let first = *reliefs.first()?;
    if reliefs.iter().all(|&relief| relief == first) {
        return None;
    }
    let each: Vec<String> = (reliefs.iter().enumerate())
        .map(|(index, relief)| format!("map {} at {}", index + 1, round_for_display(*relief)))
        .collect();
    Some(format!(
        "Each map's slopes are as its own view draws them, and the views' reliefs differ ({}): \
         give them one relief to compare slopes.",
        each.join(", ")
    ))
}

fn ordinal(stride: usize) -> String {
    match stride {
        2 => "second".to_owned(),
        4 => "fourth".to_owned(),
        8 => "eighth".to_owned(),
        other => format!("{other}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, Stage, ValidParams};

    fn terrain(exponent: u32) -> Terrain {
        ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(exponent)
            .and_then(|params| terrain_core::generate(&params, Stage::Done))
            .unwrap_or_else(|_| Terrain::finished(Heightmap::default()))
    }

    #[test]
    fn small_maps_are_measured_whole_and_big_ones_thinned() {
        let small = panel(&terrain(5), 1.0);
        assert_eq!(
            small.note,
            "Measured at every one of the map's 33 × 33 points."
        );
        assert_eq!(small.figures.len(), 4);
        assert_eq!(small.picture.0, 32);
        assert_eq!(small.picture.1.len(), 32 * 32 * 4);
        let big = terrain(10);
        let thinned = measured_map(&big.heightmap);
        assert_eq!((thinned.side(), stride(&big.heightmap)), (513, 2));
        assert_eq!(thinned.get(3, 5), big.heightmap.get(6, 10));
        let note = panel(&big, 1.0).note;
        assert!(note.starts_with("Measured at every second point"), "{note}");
        // The numbers differ from analyze()'s, and the note says how.
        assert!(
            note.contains("fitted from 4 to 64 (the whole map's, to 128)"),
            "{note}"
        );
        assert_eq!(thinning_note(&terrain(9).heightmap), None);
    }
}
