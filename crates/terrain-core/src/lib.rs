//! Seeded heightmap generators that can stop at any stage.
//!
//! This crate is the pure core of *Terrain, step by step*. It knows nothing of
//! the web, of clocks or of operating-system randomness, so the same call gives
//! the same map, bit for bit, on every target.
//!
//! # Conventions
//!
//! - A [`Heightmap`] is square, `2^n + 1` points on a side, where `n` is its
//!   *exponent* (1 to [`MAX_EXPONENT`]). The `+ 1` gives every edge a middle
//!   point, which is what the subdivision algorithms need.
//! - Heights are `f64` in one contiguous, row-major buffer: point `(x, y)` is
//!   at index `y * side + x`, `x` is the column and `y` the row, both from 0.
//! - Before the `done` stage, points not set yet are `0.0` (as in the demos of
//!   the original posts). At `done` the subdivision algorithms normalize the
//!   map so its heights span exactly `[0, 1]` (a flat map stays flat, at 0).
//! - Every random number comes from [`PointRandom`], SplitMix64 in counter
//!   mode: point `i` always draws output `i` of the seed's stream, whichever
//!   order an algorithm visits points in. See [`random`] for why.
//!
//! # Use
//!
//! ```
//! use terrain_core::{generate, Algorithm, MapSettings, Params, Stage};
//!
//! let params = Params { map: MapSettings::new(3, 7), ..Params::new(Algorithm::DIAMOND_SQUARE) };
//! let terrain = generate(&params.check()?, Stage::Square)?;
//! assert_eq!(terrain.heightmap.side(), 9);
//! // The first square step sets only the centre of the map.
//! assert_eq!(terrain.new_points.iter().collect::<Vec<_>>(), vec![(4, 4)]);
//! # Ok::<(), terrain_core::Error>(())
//! ```
//!
//! # Layout
//!
//! Each algorithm is described once, in its own file under [`generators`]
//! (a [`Description`]: names, parameters, stages, a run up to any of them,
//! the points and words of each stage), and registered in one line of
//! [`generators::ALL`]. Its settings are plain structs, one per capability
//! ([`MapSettings`], [`SubdivisionSettings`], [`NoiseSettings`],
//! [`ErosionParams`]), nested in [`Params`]; the [`registry`] describes
//! every parameter once, for every surface that reads or writes them, and
//! [`Params::read`] is the one reader, which checks every value once and
//! makes the [`ValidParams`] that [`generate`] takes.

pub mod baseline;
pub mod erosion;
mod error;
pub mod generators;
mod heightmap;
mod lanes;
mod limits;
mod params;
mod progress;
pub mod query;
pub mod random;
mod reading;
pub mod registry;
pub mod seams;
pub mod spec;
mod stage;
mod terrain;
mod unread;
pub mod words;
pub mod world;

pub use erosion::ErosionParams;
pub use error::Error;
pub use generators::noise::{KeptOctaves, NoiseSettings};
pub use generators::{ALGORITHM, ALL};
pub use heightmap::{Heightmap, fingerprint};
pub use limits::{MAX_EXPONENT, MIN_EXPONENT};
pub use params::{
    Algorithm, DEFAULT_EXPONENT, Description, Field, Group, MAX_SPREAD, MAX_SPREAD_REDUCTION,
    MapSettings, Parameter, Params, Run, SubdivisionSettings,
};
pub use progress::Throttle;
pub use random::PointRandom;
pub use reading::{DEFAULT_ALGORITHM, Reading, ValidParams};
pub use stage::{PointSet, STAGE, Stage};
pub use terrain::Terrain;
pub use unread::Unread;

/// Runs `params.algorithm` up to and including `stage`, then its erosion
/// if the stage is one of erosion's.
///
/// A stage the algorithm does not have (for example `square` for midpoint
/// displacement, or `pass-9` on an exponent-5 map) is an
/// [`Error::InvalidStage`].
pub fn generate(params: &ValidParams, stage: Stage) -> Result<Terrain, Error> {
    generate_with_progress(params, stage, &mut |_| {})
}

/// Like [`generate`], and calls `progress` now and then with the share of
/// the work done, from 0 to 1: after each pass (each of the recursive
/// algorithm's sixteen second-level views, each band of a noise's rows),
/// and once more at the end. For huge maps, so a page can show how far
/// along a run is.
pub fn generate_with_progress(
    params: &ValidParams,
    stage: Stage,
    progress: &mut dyn FnMut(f64),
) -> Result<Terrain, Error> {
    generate_keeping(params, stage, None, progress)
}

/// Like [`generate_with_progress`]; a noise map also reads its octaves'
/// noise from `kept` when it holds them and keeps them there for the next
/// map, so that a page redrawing as a reader drags the gain or the
/// scrubber re-sums them instead (see [`KeptOctaves`]). The terrain is the
/// same either way.
pub fn generate_keeping(
    params: &ValidParams,
    stage: Stage,
    kept: Option<&mut KeptOctaves>,
    progress: &mut dyn FnMut(f64),
) -> Result<Terrain, Error> {
    params.check_stage(stage)?;
    // A map to weather is a third of the work at most: erosion is the rest.
    let share_of_map = if stage.is_erosion() { 0.3 } else { 1.0 };
    let mut map_progress = |share: f64| progress(share * share_of_map);
    let mut run = Run {
        progress: &mut map_progress,
        kept,
    };
    let heightmap = (params.algorithm.description().run)(params, stage.of_generator(), &mut run);
    let (heightmap, erosion) = if stage.is_erosion() {
        let mut erosion_progress =
            |share: f64| progress(share_of_map + (1.0 - share_of_map) * share);
        let (eroded, report) = erosion::run(
            heightmap,
            &params.erosion,
            params.map.seed,
            stage,
            &mut erosion_progress,
        )?;
        (eroded, Some(report))
    } else {
        (heightmap, None)
    };
    progress(1.0);
    Ok(Terrain {
        algorithm: Some(params.algorithm),
        heightmap,
        stage,
        new_points: params.new_points(stage),
        erosion,
    })
}

impl Params {
    /// Checks these parameters ([`Params::check`]), then [`generate`]s
    /// their map up to `stage`: for Rust code that builds its own.
    pub fn generate(&self, stage: Stage) -> Result<Terrain, Error> {
        generate(&self.check()?, stage)
    }
}

/// Erodes `map` with droplets, as `params` say: `params.erosion`'s droplet
/// settings and count, falling where `params.map.seed` has them fall (as
/// on a generated map of that seed, so `erode` of a map made with the same
/// parameters gives its `droplets-K` stage, bit for bit). The settings were
/// checked when `params` were read; the map's heights are checked here.
/// Calls `progress` with the share done.
pub fn erode(
    map: &Heightmap,
    params: &ValidParams,
    progress: &mut dyn FnMut(f64),
) -> Result<erosion::droplets::Erosion, Error> {
    let settings = erosion::droplets::DropletSettings {
        seed: params.map.seed,
        ..params.erosion.droplets
    };
    erosion::weathering::finished::<erosion::droplets::DropletRun>(map, &settings, progress)
}

/// Weathers `map`, a finished map from elsewhere (an imported image), as
/// `params.erosion` says, up to `stage`: [`Stage::Done`] (the map as it
/// is) or one of erosion's stages ([`Params::imported_stages`]). The
/// droplets fall where `params.seed` has them fall, as on a generated map;
/// the other parameters play no part. Calls `progress` as
/// [`generate_with_progress`] does.
pub fn weather(
    map: Heightmap,
    params: &ValidParams,
    stage: Stage,
    progress: &mut dyn FnMut(f64),
) -> Result<Terrain, Error> {
    params.check_imported_stage(stage)?;
    if stage == Stage::Done {
        progress(1.0);
        return Ok(Terrain::finished(map));
    }
    let (heightmap, report) = erosion::run(map, &params.erosion, params.map.seed, stage, progress)?;
    progress(1.0);
    Ok(Terrain {
        algorithm: None,
        heightmap,
        stage,
        new_points: PointSet::Nothing,
        erosion: Some(report),
    })
}

// Uses proptest and rand_xoshiro, native-only dev-dependencies.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod invariants;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erosion::Method;

    #[test]
    fn erode_gives_the_droplet_stage_of_the_same_parameters() {
        let mut params = Params {
            map: MapSettings::new(6, 9),
            ..Params::new(Algorithm::PERLIN_NOISE)
        };
        params.erosion.method = Method::Droplets;
        params.erosion.droplets.droplets = 500;
        let params = params.check().expect("valid");
        let map = generate(&params, Stage::Done).expect("valid").heightmap;
        let eroded = erode(&map, &params, &mut |_| {}).expect("valid");
        let stage = generate(&params, Stage::Droplets(500)).expect("valid");
        assert_eq!(eroded.heightmap, stage.heightmap);
        assert_eq!(
            Some(eroded.ledger),
            stage.erosion.and_then(|report| report.ledger)
        );
        let mut far = map.clone();
        far.set(3, 4, 2e6);
        assert!(
            erode(&far, &params, &mut |_| {}).is_err(),
            "heights are checked"
        );
    }

    #[test]
    fn an_imported_map_is_weathered_as_a_generated_one_would_be() {
        let mut params = Params {
            map: MapSettings::new(6, 9),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        params.erosion.method = Method::Droplets;
        params.erosion.droplets.droplets = 300;
        let params = params.check().expect("valid");
        let generated = generate(&params, Stage::Droplets(300)).expect("valid");
        let map = generate(&params, Stage::Done).expect("valid").heightmap;
        // The same map from elsewhere, with the same rain, comes out the same.
        let weathered =
            weather(map.clone(), &params, Stage::Droplets(300), &mut |_| {}).expect("valid");
        assert_eq!(weathered.heightmap, generated.heightmap);
        assert_eq!(weathered.algorithm, None);
        assert_eq!(weathered.erosion, generated.erosion);
        assert_eq!(
            weather(map.clone(), &params, Stage::Done, &mut |_| {}).expect("valid"),
            Terrain::finished(map.clone())
        );
        let refused = weather(map, &params, Stage::Pass(2), &mut |_| {}).expect_err("no passes");
        assert_eq!(
            refused.to_string(),
            "stage must be one of done, droplets-1 or droplets-300 for an imported map; got \"pass-2\""
        );
    }

    #[test]
    fn a_stage_refused_names_one_stage_or_one_pass_as_one() {
        let refused = |algorithm, exponent| {
            let params = ValidParams::new(algorithm)
                .with_exponent(exponent)
                .expect("an exponent in range");
            generate(&params, Stage::Square)
                .expect_err("no square step")
                .to_string()
        };
        assert_eq!(
            refused(Algorithm::RANDOM_NOISE, 5),
            "stage must be done for random-noise; got \"square\""
        );
        assert_eq!(
            refused(Algorithm::MIDPOINT_DISPLACEMENT, 1),
            "stage must be one of corners, edges, center, done or pass-1 for \
             midpoint-displacement; got \"square\""
        );
    }
}
