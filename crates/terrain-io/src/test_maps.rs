//! Maps for tests, made by the generators: kept apart from the PNG test
//! helpers so that the writer's tests can use them without depending on
//! the reader's.

use terrain_core::{Algorithm, Heightmap, Stage, ValidParams, generate};

/// A finished diamond-square map, heights in `[0, 1]`.
pub(crate) fn diamond_square(exponent: u32, seed: u64) -> Heightmap {
    let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
        .with_exponent(exponent)
        .expect("valid")
        .with_seed(seed);
    generate(&params, Stage::Done).expect("valid").heightmap
}
