//! Random noise: every point its own uniform number, no structure at all.
//!
//! The series starts here to have *something* on screen; it also shows why
//! terrain needs neighbouring points to agree with each other.

use crate::heightmap::Heightmap;
use crate::params::MapSettings;
use crate::params::{Algorithm, Description, Run};
use crate::random::PointRandom;
use crate::stage::{PointSet, Stage};

impl Algorithm {
    /// Every point uniform in `[0, 1)`: `random-noise`.
    pub const RANDOM_NOISE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = Description {
    name: "random-noise",
    title: "Random noise",
    reads: &[],
    parameters: &[],
    defaults: |_| {},
    stages: |_| vec![Stage::Done],
    run: |params, _, run: &mut Run| generate(&params.map, run.progress),
    new_points: |params, _| PointSet::Everything {
        side: params.map.side(),
    },
    caption: |_, _| "Every point random".to_owned(),
    numbers: Description::no_numbers,
    tiles: |_| false,
    subdivides: false,
    // Its spikes are what it shows.
    relief: 1.0,
    lattice_lines: Description::nothing_drawn,
    gradient_arrows: Description::nothing_drawn,
};

/// Sets every point to its uniform number in `[0, 1)`, calling `progress`
/// with the share done after each row. It has one stage, `done`, and is
/// never normalized (it is in range already).
fn generate(map: &MapSettings, progress: &mut dyn FnMut(f64)) -> Heightmap {
    let random = PointRandom::new(map.seed);
    let side = map.side();
    // One write pass, no zeroing first, and the random stream walked
    // along each row by additions: the map is so little work that the
    // passes over memory are most of its cost.
    let mut heights = Vec::with_capacity(side * side);
    for y in 0..side {
        let mut row = random.row(y * side, 1);
        heights.extend((0..side).map(|_| row.next_unit()));
        progress((y + 1) as f64 / side as f64);
    }
    Heightmap::of_heights(map.exponent, heights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;

    #[test]
    fn every_point_is_its_own_uniform_number() {
        let map = generate(&MapSettings::new(4, 99), &mut |_| {});
        let random = PointRandom::new(99);
        for (index, &height) in map.heights().iter().enumerate() {
            assert_eq!(height, random.unit(index));
            assert!((0.0..1.0).contains(&height));
        }
    }

    #[test]
    fn only_the_exponent_and_seed_matter() {
        let plain = Params {
            map: MapSettings::new(5, 0),
            ..Params::new(Algorithm::RANDOM_NOISE)
        };
        let mut changed = plain;
        changed.subdivision.spread = 4.0;
        changed.map.normalize = false;
        changed.noise.octaves = 2;
        let run = |params: &Params| {
            crate::generate(&params.check().expect("valid"), Stage::Done)
                .expect("valid")
                .heightmap
        };
        assert_eq!(run(&plain), run(&changed));
        assert_eq!(run(&plain), generate(&plain.map, &mut |_| {}));
    }
}
