//! Maps and checks the erosion methods' tests share.

use crate::erosion::grid::Grid;
use crate::generators::subdivision::run_quietly;
use crate::heightmap::Heightmap;
use crate::params::{Algorithm, MapSettings, SubdivisionSettings};
use crate::stage::Stage;

/// A finished diamond-square map, tileable or not.
pub fn generated(tileable: bool, exponent: u32, seed: u64) -> Heightmap {
    let algorithm = if tileable {
        Algorithm::TILEABLE_DIAMOND_SQUARE
    } else {
        Algorithm::DIAMOND_SQUARE
    };
    let generate = algorithm.description().run;
    let map = MapSettings::new(exponent, seed);
    run_quietly(generate, map, SubdivisionSettings::default(), Stage::Done)
}

/// A map whose height at `(x, y)` is `height(x, y)`, with `x` and `y`
/// in map widths (0 to 1).
pub fn shaped(exponent: u32, height: impl Fn(f64, f64) -> f64) -> Heightmap {
    let mut map = Heightmap::new(exponent).expect("valid exponent");
    let last = map.last() as f64;
    for y in 0..map.side() {
        for x in 0..map.side() {
            map.set(x, y, height(x as f64 / last, y as f64 / last));
        }
    }
    map
}

/// The sum of a map's own points (all of them, or with wrap the `period x
/// period` square), compensating for rounding.
pub fn own_total(map: &Heightmap, wrap: bool) -> f64 {
    let (mut sum, mut compensation) = (0.0f64, 0.0f64);
    for &value in &Grid::of(map, wrap).heights {
        let next = sum + value;
        compensation += if sum.abs() >= value.abs() {
            (sum - next) + value
        } else {
            (value - next) + sum
        };
        sum = next;
    }
    sum + compensation
}

/// Checks that row-major `values`, `side` a row, have their last row and
/// column equal to their first.
pub fn assert_tiles(values: &[f64], side: usize) {
    let last = side - 1;
    for i in 0..side {
        assert_eq!(values[i], values[last * side + i], "column {i}");
        assert_eq!(values[i * side], values[i * side + last], "row {i}");
    }
}
