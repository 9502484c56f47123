//! The water rain leaves on a map, as the 3D view draws it: rivers where
//! the accumulated flow is large, and lakes where pits fill up.
//!
//! Every point gets a unit of rain, pits fill up to the level where they
//! spill over ([`flow::fill_pits`]), and the water runs downhill over the
//! filled map to the edges ([`flow::accumulate`]). A lake is drawn as
//! water is: flat, at the level it fills to, so its shore is where the
//! ground rises out of it. A river is a line of points, each passing its
//! water to one of its eight neighbours; where it steps diagonally, a
//! point beside the step is wetted too, since a surface coloured point by
//! point would otherwise break a diagonal river into dashes.

use terrain_core::Heightmap;
use terrain_core::erosion::flow::{self, Routing};

/// How deep a filled pit must be somewhere, as a share of the map's
/// height range, to be drawn as a lake.
pub const LAKE_DEPTH: f64 = 0.01;

/// How wet a lake's points are, on the scale of [`Water::wetness`].
pub const LAKE_WETNESS: f32 = 0.6;

/// What rain does to a map.
#[derive(Debug, Clone, PartialEq)]
pub struct Water {
    /// How wet each point is, row-major: 0 (dry) to 1 (the biggest river),
    /// [`LAKE_WETNESS`] on a lake.
    pub wetness: Vec<f32>,
    /// The map as drawn under its water: each lake's points at the lake's
    /// level, every other point at its own height.
    pub surface: Heightmap,
}

/// The water on `map` (`wrap`: water flows over an edge and comes back on
/// the other side). Points that drain less than a few rows' worth stay
/// dry. A pit whose filling is deeper than [`LAKE_DEPTH`] somewhere is a
/// lake, all of it, and as wet as [`LAKE_WETNESS`] whatever crosses it.
pub fn water(map: &Heightmap, wrap: bool) -> Water {
    let dry = || Water {
        wetness: vec![0.0; map.heights().len()],
        surface: map.clone(),
    };
    let Ok(filled) = flow::fill_pits(map, wrap) else {
        return dry();
    };
    let Ok(flowing) = flow::accumulate(&filled, Routing::Steepest, wrap) else {
        return dry();
    };
    let mut wetness = rivers(map, &flowing);
    let lakes = lakes(map, &filled, wrap);
    // The filled map, back on the ground wherever no lake stands.
    let mut surface = filled;
    let points = surface.heights_mut().iter_mut().zip(map.heights());
    for ((height, &ground), (lake, wet)) in points.zip(lakes.into_iter().zip(&mut wetness)) {
        if lake {
            *wet = LAKE_WETNESS;
        } else {
            *height = ground;
        }
    }
    Water { wetness, surface }
}

/// Each point's wetness from the rain that passes through it: 0 below a
/// threshold of twice the map's width, then rising with the logarithm of
/// the flow to 1 at the biggest river. Diagonal steps are joined.
fn rivers(map: &Heightmap, flowing: &[f64]) -> Vec<f32> {
    let threshold = (map.side() as f64 * 2.0).max(4.0);
    let most = flowing.iter().copied().fold(threshold, f64::max);
    let span = (most / threshold).ln().max(f64::MIN_POSITIVE);
    let mut wetness: Vec<f32> = flowing
        .iter()
        .map(|&amount| {
            if amount > threshold {
                ((amount / threshold).ln() / span).clamp(0.0, 1.0) as f32
            } else {
                0.0
            }
        })
        .collect();
    join_diagonals(map, &mut wetness);
    wetness
}

/// Where two wet points touch only at a corner, wets the lower of the two
/// points beside that corner, as wet as the drier of the pair, so that a
/// river stepping diagonally stays one line.
fn join_diagonals(map: &Heightmap, wetness: &mut [f32]) {
    let side = map.side();
    // Read the rivers as they were, so the joins do not depend on order.
    let rivers = wetness.to_vec();
    for y in 0..side - 1 {
        for x in 0..side - 1 {
            let at = |x: usize, y: usize| y * side + x;
            // The cell's two diagonals: (x, y)-(x+1, y+1) with its other
            // corners (x+1, y) and (x, y+1), and the reverse.
            for (ends, beside) in [
                ([at(x, y), at(x + 1, y + 1)], [at(x + 1, y), at(x, y + 1)]),
                ([at(x + 1, y), at(x, y + 1)], [at(x, y), at(x + 1, y + 1)]),
            ] {
                let pair = rivers[ends[0]].min(rivers[ends[1]]);
                if pair > 0.0 && rivers[beside[0]] == 0.0 && rivers[beside[1]] == 0.0 {
                    let heights = map.heights();
                    let lower = if heights[beside[1]] < heights[beside[0]] {
                        beside[1]
                    } else {
                        beside[0]
                    };
                    wetness[lower] = wetness[lower].max(pair);
                }
            }
        }
    }
}

/// Which points are under a lake: those `filled` raised, grouped into
/// pits by their four neighbours (across the edges too, when `wrap`), in
/// the pits deeper than [`LAKE_DEPTH`] somewhere.
fn lakes(map: &Heightmap, filled: &Heightmap, wrap: bool) -> Vec<bool> {
    let (low, high) = map.min_max();
    let deep = (high - low) * LAKE_DEPTH;
    let side = map.side();
    let raised: Vec<bool> = filled
        .heights()
        .iter()
        .zip(map.heights())
        .map(|(level, ground)| level > ground)
        .collect();
    // Union-find over the raised points: each pit ends up with one root.
    // (`u32`: a map has at most 4097 x 4097 points, and this runs on
    // the biggest maps' memory.)
    let mut parent: Vec<u32> = (0..raised.len() as u32).collect();
    fn root(parent: &mut [u32], point: usize) -> usize {
        let mut point = point as u32;
        while parent[point as usize] != point {
            let up = parent[parent[point as usize] as usize];
            parent[point as usize] = up;
            point = up;
        }
        point as usize
    }
    let mut join = |a: usize, b: usize| {
        if raised[a] && raised[b] {
            let (a, b) = (root(&mut parent, a), root(&mut parent, b));
            parent[a.max(b)] = a.min(b) as u32;
        }
    };
    let last = side - 1;
    for y in 0..side {
        for x in 0..side {
            let here = y * side + x;
            if x < last {
                join(here, here + 1);
            }
            if y < last {
                join(here, here + side);
            }
        }
    }
    if wrap {
        // The last row and column are copies of the first.
        for along in 0..side {
            join(along, last * side + along);
            join(along * side, along * side + last);
        }
    }
    // Whether each pit is deeper than `deep` somewhere, kept at its root.
    let mut deep_pit = vec![false; raised.len()];
    for (point, &raised) in raised.iter().enumerate() {
        // A flat map's filling is all hairs: no lake at all.
        if raised && deep > 0.0 && filled.heights()[point] - map.heights()[point] > deep {
            deep_pit[root(&mut parent, point)] = true;
        }
    }
    (0..raised.len())
        .map(|point| raised[point] && deep_pit[root(&mut parent, point)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map_of(exponent: u32, height: impl Fn(f64, f64) -> f64) -> Heightmap {
        let side = (1 << exponent) + 1;
        let heights = (0..side * side)
            .map(|index| height((index % side) as f64, (index / side) as f64))
            .collect();
        Heightmap::from_heights(exponent, heights).expect("a map")
    }

    #[test]
    fn rivers_are_wettest_downstream() {
        // A valley along the middle column, falling to the bottom.
        let map = map_of(6, |x, y| (x - 32.0).abs() / 64.0 + (64.0 - y) / 128.0);
        let side = 65;
        let wet = water(&map, false).wetness;
        assert_eq!(wet[0], 0.0, "a ridge stays dry");
        assert!(wet[64 * side + 32] > 0.9, "{}", wet[64 * side + 32]);
        assert!(wet[64 * side + 32] >= wet[40 * side + 32]);
        assert!(wet.iter().all(|wet| (0.0..=1.0).contains(wet)));
    }

    #[test]
    fn a_lake_is_flat_at_its_spill_level_and_a_shallow_pit_is_not_one() {
        // A slope falling to the bottom edge, with a round pit 0.2 deep
        // near the top and one 0.002 deep (a fifth of LAKE_DEPTH's) below.
        let pit = |x: f64, y: f64, cx: f64, cy: f64, depth: f64| {
            let distance = (x - cx).hypot(y - cy);
            if distance < 8.0 {
                depth * (1.0 - distance / 8.0)
            } else {
                0.0
            }
        };
        let map = map_of(6, |x, y| {
            1.0 - y / 64.0 - pit(x, y, 32.0, 16.0, 0.2) - pit(x, y, 32.0, 44.0, 0.002)
        });
        let Water { wetness, surface } = water(&map, false);
        let side = 65;
        let deep = 16 * side + 32;
        assert_eq!(wetness[deep], LAKE_WETNESS, "the deep pit is a lake");
        let level = surface.heights()[deep];
        assert!(
            level > map.heights()[deep] + 0.05,
            "filled, not the pit's floor"
        );
        let under: Vec<usize> = (0..side * side)
            .filter(|&point| wetness[point] == LAKE_WETNESS)
            .collect();
        assert!(under.len() > 50, "{} points", under.len());
        for &point in &under {
            // Level to within the hair that tilts a filled lake to its outlet.
            assert!(
                (surface.heights()[point] - level).abs() < 1e-9,
                "({}, {}) at {} against {level}",
                point % side,
                point / side,
                surface.heights()[point]
            );
        }
        let shallow = 44 * side + 32;
        assert_ne!(wetness[shallow], LAKE_WETNESS, "a shallow pit is no lake");
        assert_eq!(surface.heights()[shallow], map.heights()[shallow]);
        // Only lakes move: every other point is drawn at its own height.
        for point in (0..side * side).filter(|point| !under.contains(point)) {
            assert_eq!(surface.heights()[point], map.heights()[point]);
        }
        // A flat map fills by hairs alone: no lake.
        let flat = map_of(6, |_, _| 0.5);
        let Water { wetness, surface } = water(&flat, false);
        assert_eq!(surface, flat);
        assert!(!wetness.contains(&LAKE_WETNESS));
    }

    #[test]
    fn a_diagonal_river_is_one_line_of_points_touching_side_to_side() {
        // A valley running from the top left corner to the bottom right.
        let map = map_of(6, |x, y| (x - y).abs() / 64.0 + (128.0 - x - y) / 512.0);
        let side = 65;
        let wet = water(&map, false).wetness;
        let wet_at = |x: usize, y: usize| wet[y * side + x] > 0.0;
        let mut joined = 0;
        for step in 20..63 {
            assert!(wet_at(step, step), "({step}, {step}) is in the river");
            // The next point down the river shares a side with one wet point.
            assert!(
                wet_at(step + 1, step) || wet_at(step, step + 1),
                "({step}, {step}) touches the next point only at a corner"
            );
            joined += 1;
        }
        assert_eq!(joined, 43);
    }
}
