//! Random noise: every point its own uniform number, no structure at all.
//!
//! The series starts here to have *something* on screen; it also shows why
//! terrain needs neighbouring points to agree with each other.

use crate::generators::Subdivision;
use crate::heightmap::Heightmap;
use crate::random::PointRandom;
use crate::stage::Stage;

/// Its one stage: every point is set at once.
pub fn stages() -> Vec<Stage> {
    vec![Stage::Done]
}

/// Sets every point to its uniform number in `[0, 1)`. It has one stage,
/// `done`, and is never normalized (it is in range already).
pub fn generate(params: &Subdivision) -> Heightmap {
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

    #[test]
    fn every_point_is_its_own_uniform_number() {
        let map = generate(&Subdivision::new(4, 99));
        let random = PointRandom::new(99);
        for (index, &height) in map.heights().iter().enumerate() {
            assert_eq!(height, random.unit(index));
            assert!((0.0..1.0).contains(&height));
        }
    }

    #[test]
    fn spread_and_normalize_do_not_matter() {
        let plain = Subdivision::new(5, 0);
        let changed = Subdivision {
            spread: 4.0,
            spread_reduction: 0.1,
            normalize: false,
            ..plain
        };
        assert_eq!(generate(&plain), generate(&changed));
    }
}
