//! Random noise: every point its own uniform number, no structure at all.
//!
//! The series starts here to have *something* on screen; it also shows why
//! terrain needs neighbouring points to agree with each other.

use crate::heightmap::Heightmap;
use crate::params::Params;
use crate::random::PointRandom;

/// Sets every point to its uniform number in `[0, 1)`. It has one stage,
/// `done`, and is never normalized (it is in range already).
pub fn generate(params: &Params) -> Heightmap {
    let mut map = Heightmap::zeroed(params.exponent);
    let random = PointRandom::new(params.seed);
    for (index, height) in map.heights_mut().iter_mut().enumerate() {
        *height = random.unit(index);
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Algorithm;

    #[test]
    fn every_point_is_its_own_uniform_number() {
        let params = Params {
            exponent: 4,
            seed: 99,
            ..Params::new(Algorithm::RandomNoise)
        };
        let map = generate(&params);
        let random = PointRandom::new(99);
        for (index, &height) in map.heights().iter().enumerate() {
            assert_eq!(height, random.unit(index));
            assert!((0.0..1.0).contains(&height));
        }
    }

    #[test]
    fn spread_and_normalize_do_not_matter() {
        let plain = Params::new(Algorithm::RandomNoise);
        let changed = Params {
            spread: 4.0,
            spread_reduction: 0.1,
            normalize: false,
            ..plain
        };
        assert_eq!(generate(&plain), generate(&changed));
    }
}
