//! Seams you can measure: the crease index.
//!
//! Midpoint displacement sets a point on a chunk's border from the two ends
//! of that border only, never from the chunks on either side of it. The
//! border lines are therefore smooth along their length but kinked across
//! it: creases, which the eye picks out as a grid laid over the terrain.
//! Diamond-square sets the same points from four neighbours, two of them
//! across the border, and the creases mostly go: at the default spread
//! reduction of 0.5 it scores about 1, though at 0.3 it averages 1.16 and
//! at 0 about 1.38 (midpoint displacement: 8.3 at 0.3).
//!
//! The **crease index** makes that a number. On the border lines of the
//! chunks of the first few passes, it divides the mean absolute second
//! difference of heights *across* the line (how sharply the surface bends
//! over it) by the mean absolute second difference *along* the line (how
//! sharply it bends within it), leaving out the points where two lines
//! cross. A surface that bends alike in every direction scores about 1;
//! creases score more. Over 100 seeds at exponent 7, diamond-square scores
//! 1.01 on average and midpoint displacement 1.70, worse for every seed.
//!
//! Comparing a line with itself, rather than with the rest of the map,
//! cancels out the fact that coarse points carry larger random offsets
//! than fine ones.
//!
//! The **seam index** is the same measure taken where copies of a map meet
//! when it is tiled: a tileable map scores about 1 there too, any other a
//! lot more, since its copies meet at a cliff.

use crate::heightmap::Heightmap;

/// How many of the coarsest passes' chunk borders the index looks at by
/// default: the borders of the 2 x 2 and 4 x 4 chunks.
pub const DEFAULT_CREASE_LEVELS: u32 = 2;

/// The crease index of `map` along the chunk borders of its first `levels`
/// passes, or `None` if the map is too small to have such borders with
/// points between them (exponent below `levels + 1`), or is flat along them.
pub fn crease_index(map: &Heightmap, levels: u32) -> Option<f64> {
    let last = map.last();
    if levels == 0 || map.exponent() < levels + 1 {
        return None;
    }
    let spacing = last >> levels;
    let bend = |before: f64, at: f64, after: f64| (before - 2.0 * at + after).abs();
    let (mut across, mut along) = (0.0, 0.0);
    for line in (spacing..last).step_by(spacing) {
        for t in (1..last).filter(|t| t % spacing != 0) {
            // The vertical line x = line at row t, then the horizontal line
            // y = line at column t.
            across += bend(map.get(line - 1, t), map.get(line, t), map.get(line + 1, t));
            along += bend(map.get(line, t - 1), map.get(line, t), map.get(line, t + 1));
            across += bend(map.get(t, line - 1), map.get(t, line), map.get(t, line + 1));
            along += bend(map.get(t - 1, line), map.get(t, line), map.get(t + 1, line));
        }
    }
    (along > 0.0).then(|| across / along)
}

/// The seam index of `map`: the crease index's ratio measured on the
/// lines where copies of it meet when it is tiled with a period of
/// `side - 1` points (its last row and column give way to the next copy's
/// first). `None` for maps under 5 x 5, or flat along those lines.
pub fn seam_index(map: &Heightmap) -> Option<f64> {
    let period = map.last();
    if period < 4 {
        return None;
    }
    // Heights of the tiled plane: index `period` is the next copy's 0.
    let at = |x: usize, y: usize| map.get(x % period, y % period);
    let bend = |before: f64, at: f64, after: f64| (before - 2.0 * at + after).abs();
    let (mut across, mut along) = (0.0, 0.0);
    for t in 1..period {
        // The line x = period (a copy's first column, after the one before
        // it ends), then y = period.
        across += bend(at(period - 1, t), at(period, t), at(period + 1, t));
        along += bend(at(period, t - 1), at(period, t), at(period, t + 1));
        across += bend(at(t, period - 1), at(t, period), at(t, period + 1));
        along += bend(at(t - 1, period), at(t, period), at(t + 1, period));
    }
    (along > 0.0).then(|| across / along)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Algorithm, MapSettings, Params, Stage, generate};

    fn index(algorithm: Algorithm, exponent: u32, seed: u64) -> f64 {
        let params = Params {
            map: MapSettings::new(exponent, seed),
            ..Params::new(algorithm)
        };
        let terrain = generate(&params.check().expect("valid"), Stage::Done).expect("valid");
        crease_index(&terrain.heightmap, DEFAULT_CREASE_LEVELS).expect("big enough")
    }

    #[test]
    fn midpoint_displacement_creases_more_than_diamond_square_for_every_seed() {
        let (mut midpoint_total, mut diamond_total) = (0.0, 0.0);
        for seed in 0..100 {
            let midpoint = index(Algorithm::MIDPOINT_DISPLACEMENT, 7, seed);
            let diamond = index(Algorithm::DIAMOND_SQUARE, 7, seed);
            assert!(midpoint > diamond, "seed {seed}: {midpoint} vs {diamond}");
            midpoint_total += midpoint;
            diamond_total += diamond;
        }
        let (midpoint, diamond) = (midpoint_total / 100.0, diamond_total / 100.0);
        assert!(midpoint > 1.4, "midpoint displacement averages {midpoint}");
        assert!(
            (0.95..1.1).contains(&diamond),
            "diamond-square averages {diamond}"
        );
    }

    #[test]
    fn a_smooth_ramp_has_no_creases_to_measure() {
        // A plane bends nowhere: both sums are zero, so there is no index.
        let side = 17;
        let heights = (0..side * side)
            .map(|index| (index % side) as f64 / 16.0)
            .collect();
        let ramp = Heightmap::from_heights(4, heights).expect("valid");
        assert_eq!(crease_index(&ramp, 2), None);
    }

    #[test]
    fn a_built_crease_scores_high() {
        // A roof: a ridge along x = 8, rough along its length too, so the
        // bend across the ridge dwarfs the bend along it.
        let side = 17;
        let heights = (0..side * side)
            .map(|index| {
                let (x, y) = ((index % side) as f64, (index / side) as f64);
                1.0 - (x - 8.0).abs() / 8.0 + 0.01 * (y * 1.7).sin()
            })
            .collect();
        let roof = Heightmap::from_heights(4, heights).expect("valid");
        assert!(crease_index(&roof, 1).expect("measurable") > 5.0);
    }

    #[test]
    fn small_maps_have_no_index() {
        let map = Heightmap::new(2).expect("valid");
        assert_eq!(crease_index(&map, 2), None);
        assert_eq!(crease_index(&map, 0), None);
        assert_eq!(seam_index(&map), None);
    }

    #[test]
    fn tileable_maps_meet_their_copies_without_a_seam() {
        let seam = |algorithm, seed| {
            let params = Params {
                map: MapSettings::new(7, seed),
                ..Params::new(algorithm)
            };
            let terrain = generate(&params.check().expect("valid"), Stage::Done).expect("valid");
            seam_index(&terrain.heightmap).expect("big enough")
        };
        let (mut tileable, mut plain) = (0.0, 0.0);
        for seed in 0..20 {
            let (with, without) = (
                seam(Algorithm::TILEABLE_DIAMOND_SQUARE, seed),
                seam(Algorithm::DIAMOND_SQUARE, seed),
            );
            assert!(with < 1.6, "seed {seed}: tileable scores {with}");
            assert!(without > 2.0 * with, "seed {seed}: {without} vs {with}");
            tileable += with / 20.0;
            plain += without / 20.0;
        }
        assert!(
            (0.8..1.2).contains(&tileable),
            "tileable averages {tileable}"
        );
        assert!(plain > 3.0, "plain diamond-square averages {plain}");
    }
}
