//! What the four subdivision algorithms share: their settings, the shape
//! of their description, and the points, words and numbers of their
//! stages.
//!
//! Each of them starts from four random corners and fills the map pass by
//! pass, pass `k` setting the points whose coordinates are multiples of
//! `2^(exponent - k)` that no earlier pass set, with jitter whose spread
//! starts at [`SubdivisionSettings::spread`] and is multiplied by
//! [`SubdivisionSettings::spread_reduction`] after every pass.
//!
//! [`SubdivisionSettings::spread`]: crate::SubdivisionSettings::spread
//! [`SubdivisionSettings::spread_reduction`]: crate::SubdivisionSettings::spread_reduction

use crate::heightmap::Heightmap;
use crate::params::{Description, Group, MapSettings, Params, Run};
use crate::random::PointRandom;
use crate::stage::{PointSet, Stage};

/// The groups of parameters every subdivision algorithm reads.
const READS: &[Group] = &[Group::Normalize, Group::Subdivision];

/// The description of a subdivision algorithm called `name` (`title` for
/// people), whose stages and run are its own: it highlights, captions and
/// numbers its stages as every subdivision does, and its maps do not tile.
pub(crate) const fn describe(
    name: &'static str,
    title: &'static str,
    stages: fn(&Params) -> Vec<Stage>,
    run: fn(&Params, Stage, &mut Run) -> Heightmap,
) -> Description {
    Description {
        name,
        title,
        reads: READS,
        parameters: &[],
        defaults: |_| {},
        stages,
        run,
        new_points,
        caption,
        numbers,
        tiles: |_| false,
        subdivides: true,
        relief: 1.0,
        lattice_lines: Description::nothing_drawn,
        gradient_arrows: Description::nothing_drawn,
    }
}

/// `first` (the stages before the passes), the passes `pass-1` to
/// `pass-exponent`, and `done`.
pub(crate) fn stages_around_passes(first: &[Stage], exponent: u32) -> Vec<Stage> {
    first
        .iter()
        .copied()
        .chain((1..=exponent).map(Stage::Pass))
        .chain([Stage::Done])
        .collect()
}

/// A map of `settings`' size, zero but for its four corners, each its
/// point's uniform number in `[0, 1)` for `settings.seed`; and those
/// numbers, for the jitter to come. The first step of every subdivision.
pub(crate) fn random_corners(settings: &MapSettings) -> (Heightmap, PointRandom) {
    let random = PointRandom::new(settings.seed);
    let mut map = Heightmap::zeroed(settings.exponent);
    let last = map.last();
    for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] {
        map.set(x, y, random.unit(map.index(x, y)));
    }
    (map, random)
}

/// The points a stage of a subdivision algorithm sets on an
/// exponent-`exponent` map: the corners, then lattices of square and
/// diamond centres whose radius halves pass by pass.
pub fn points(stage: Stage, exponent: u32) -> PointSet {
    let side = (1usize << exponent) + 1;
    let half = 1usize << (exponent - 1);
    match stage {
        Stage::Corners => PointSet::Corners { side },
        Stage::Edges | Stage::Diamond => PointSet::DiamondCentres { side, radius: half },
        Stage::Center | Stage::Square => PointSet::SquareCentres { side, radius: half },
        Stage::Pass(pass) => PointSet::Pass {
            side,
            radius: 1usize << exponent.saturating_sub(pass),
        },
        // `done` only rescales; the other stages are not a subdivision's.
        _ => PointSet::Nothing,
    }
}

/// Runs a subdivision's `generate` to `stage` on a map of `map`'s size and
/// seed with `subdivision`'s spreads, reporting to no one: for tests.
#[cfg(test)]
pub(crate) fn run_quietly(
    generate: fn(&Params, Stage, &mut Run) -> Heightmap,
    map: MapSettings,
    subdivision: crate::params::SubdivisionSettings,
    stage: Stage,
) -> Heightmap {
    let params = Params {
        map,
        subdivision,
        ..Params::new(crate::params::Algorithm::DIAMOND_SQUARE)
    };
    let mut run = Run {
        progress: &mut |_| {},
        kept: None,
    };
    generate(&params, stage, &mut run)
}

fn new_points(params: &Params, stage: Stage) -> PointSet {
    points(stage, params.map.exponent)
}

fn caption(params: &Params, stage: Stage) -> String {
    match stage {
        Stage::Corners => "Corners set at random".to_owned(),
        Stage::Edges => "Edge midpoints set".to_owned(),
        Stage::Center => "Centre set".to_owned(),
        Stage::Square => "First square step".to_owned(),
        Stage::Diamond => "First diamond step".to_owned(),
        Stage::Pass(pass) => format!("Pass {pass} of {}", params.map.exponent),
        _ if params.map.normalize => "Finished and normalized".to_owned(),
        _ => "Finished".to_owned(),
    }
}

/// What a stage of a subdivision means in numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageDetails {
    /// Half the width of the squares being displaced, in points.
    pub radius: usize,
    /// The width of those squares (twice the radius).
    pub chunk_size: usize,
    /// The largest offset this stage's jitter can add.
    pub spread: f64,
}

/// The squares a stage displaces and its largest jitter, if it displaces
/// any (`corners` and `done` do not).
pub fn details(params: &Params, stage: Stage) -> Option<StageDetails> {
    let pass = match stage {
        Stage::Edges | Stage::Center | Stage::Square | Stage::Diamond => 1,
        Stage::Pass(pass) => pass,
        _ => return None,
    };
    let exponent = params.map.exponent;
    if pass == 0 || pass > exponent || !params.algorithm.subdivides() {
        return None;
    }
    let radius = 1usize << (exponent - pass);
    let mut spread = params.subdivision.spread;
    for _ in 1..pass {
        spread *= params.subdivision.spread_reduction;
    }
    Some(StageDetails {
        radius,
        chunk_size: 2 * radius,
        spread,
    })
}

fn numbers(params: &Params, stage: Stage) -> String {
    details(params, stage).map_or_else(String::new, |details| {
        format!(
            "squares {} cells wide (radius {}) · jitter up to ±{}",
            details.chunk_size,
            details.radius,
            crate::words::round_for_display(details.spread)
        )
    })
}

/// The share of a run done once pass `pass` of an exponent-`exponent` map
/// is finished: the share of points set by then, scaled to leave a tenth for
/// the final normalization.
pub(crate) fn share_after_pass(pass: u32, exponent: u32) -> f64 {
    let set = ((1u64 << pass) + 1) as f64 / ((1u64 << exponent) + 1) as f64;
    0.9 * set * set
}

/// Reports the run's share done while pass `pass` of an
/// exponent-`exponent` map is under way, given the share of the pass done
/// (row by row: the last pass sets three quarters of the points, too much
/// work for a huge map to report only once at its end).
pub(crate) fn within_pass(
    progress: &mut dyn FnMut(f64),
    pass: u32,
    exponent: u32,
) -> impl FnMut(f64) + '_ {
    let (before, after) = (
        share_after_pass(pass - 1, exponent),
        share_after_pass(pass, exponent),
    );
    move |share: f64| progress(before + (after - before) * share)
}
