//! Tileable diamond-square: the variant the third post mentions in passing.
//!
//! Instead of ignoring a border diamond's missing corner, take it from the
//! opposite side of the map. For that to be consistent the map must repeat
//! with a period of `2^exponent` points: its last row is its first row again
//! and its last column its first column. So there is only one corner point,
//! and each step computes the map's `2^exponent x 2^exponent` own points and
//! then copies the first row and column onto the last.
//!
//! Placed side by side, copies of such a map meet with matching heights and
//! matching slopes (every border point was computed from neighbours on both
//! sides), so no seam shows.

use crate::generators::diamond_square::{Border, stages, walk};
use crate::generators::subdivision::describe;
use crate::params::{Algorithm, Description};

impl Algorithm {
    /// Diamond-square with wrapping neighbours, so copies tile
    /// seamlessly: `tileable-diamond-square`.
    pub const TILEABLE_DIAMOND_SQUARE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = Description {
    // Its erosion keeps it tileable.
    defaults: |params| params.erosion.droplets.wrap = true,
    tiles: |_| true,
    ..describe(
        "tileable-diamond-square",
        "Tileable diamond-square",
        stages,
        |params, stage, run| walk(params, stage, Border::Wrapped, run),
    )
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::subdivision::run_quietly;
    use crate::heightmap::Heightmap;
    use crate::params::{MapSettings, SubdivisionSettings};
    use crate::stage::Stage;

    fn map(algorithm: Algorithm, exponent: u32, seed: u64, stage: Stage) -> Heightmap {
        let map = MapSettings::new(exponent, seed);
        let generate = algorithm.description().run;
        run_quietly(generate, map, SubdivisionSettings::default(), stage)
    }

    fn tileable_map(exponent: u32, seed: u64, stage: Stage) -> Heightmap {
        map(Algorithm::TILEABLE_DIAMOND_SQUARE, exponent, seed, stage)
    }

    fn plain_map(exponent: u32, seed: u64, stage: Stage) -> Heightmap {
        map(Algorithm::DIAMOND_SQUARE, exponent, seed, stage)
    }

    #[test]
    fn last_row_and_column_equal_the_first_at_every_stage() {
        for exponent in 1..=7 {
            let params = crate::Params {
                map: MapSettings::new(exponent, 42),
                ..crate::Params::new(Algorithm::TILEABLE_DIAMOND_SQUARE)
            };
            for stage in stages(&params) {
                let map = tileable_map(exponent, 42, stage);
                let last = map.last();
                for i in 0..map.side() {
                    assert_eq!(map.get(i, 0), map.get(i, last), "column {i}, {stage}");
                    assert_eq!(map.get(0, i), map.get(last, i), "row {i}, {stage}");
                }
            }
        }
    }

    /// Mean absolute second difference of heights across the vertical line
    /// at `column`, reading the map as if it were tiled: the neighbours of
    /// column 0 are the last own column and column 1.
    fn tiled_curvature(map: &Heightmap, column: usize) -> f64 {
        let period = map.last();
        let at = |x: usize, y: usize| map.get(x % period, y);
        let total: f64 = (0..period)
            .map(|y| (at(column + period - 1, y) - 2.0 * at(column, y) + at(column + 1, y)).abs())
            .sum();
        total / period as f64
    }

    #[test]
    fn tiled_copies_meet_as_smoothly_as_the_map_is_inside() {
        // Column 0 is where copies meet; the middle column was made by the
        // same step at the same radius, so over many seeds the two should
        // look alike. The plain algorithm's seam, read the same way, is a
        // crease: its border points never heard from the other side.
        let (mut seam, mut middle, mut plain_seam) = (0.0, 0.0, 0.0);
        for seed in 0..40 {
            let tileable = tileable_map(6, seed, Stage::Done);
            let plain = plain_map(6, seed, Stage::Done);
            seam += tiled_curvature(&tileable, 0);
            middle += tiled_curvature(&tileable, tileable.last() / 2);
            plain_seam += tiled_curvature(&plain, 0);
        }
        assert!(
            seam < 1.5 * middle && middle < 1.5 * seam,
            "seam {seam}, middle {middle}"
        );
        assert!(
            plain_seam > 2.0 * seam,
            "plain seam {plain_seam}, tileable seam {seam}"
        );
    }

    #[test]
    fn differs_from_the_plain_algorithm_only_through_its_borders() {
        let tileable = tileable_map(4, 9, Stage::Pass(4));
        let plain = plain_map(4, 9, Stage::Pass(4));
        assert_ne!(tileable, plain);
        assert_eq!(tileable.get(0, 0), plain.get(0, 0), "the one shared corner");
    }
}
