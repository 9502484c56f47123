//! The surface a mesh file holds: every point of the map, or, past a
//! triangle budget, the level-of-detail mesh the 3D view draws huge maps
//! with ([`terrain_view::lod`]), at the finest error bound that fits, and
//! the largest height error it then has, measured at every point.

use terrain_core::Heightmap;
use terrain_view::lod::{LodMesh, Rtin};

/// A mesh over a map's points.
#[derive(Debug, Clone, PartialEq)]
pub struct TopMesh {
    /// The map's points it uses, by row-major index.
    pub vertices: Vec<u32>,
    /// Three indices into `vertices` per triangle, counter-clockwise seen
    /// from above (rows run south, columns east).
    pub triangles: Vec<u32>,
    /// The largest difference, in the map's heights, between a point's
    /// height and the surface drawn over it: 0 when every point is kept.
    pub max_error: f64,
}

impl TopMesh {
    /// How many triangles it has.
    pub fn triangle_count(&self) -> u64 {
        (self.triangles.len() / 3) as u64
    }

    /// Whether it keeps every point of the map.
    pub fn is_whole(&self, map: &Heightmap) -> bool {
        self.vertices.len() == map.heights().len() && self.max_error == 0.0
    }
}

/// Two triangles a cell, counter-clockwise seen from above, every point a
/// vertex: the 3D view's grid.
pub fn whole_grid(side: usize) -> TopMesh {
    // The view's own grid, so a file's mesh is the one drawn.
    let triangles = terrain_view::surface::grid_triangles(side);
    TopMesh {
        vertices: (0..(side * side) as u32).collect(),
        triangles,
        max_error: 0.0,
    }
}

/// The number of border segments of `mesh`: how many pieces its used
/// points cut the map's edge into (a closed solid stands a wall on each).
pub fn border_segments(side: usize, vertices: &[u32]) -> u64 {
    let last = side - 1;
    let on_border = vertices
        .iter()
        .filter(|&&index| {
            let (x, y) = (index as usize % side, index as usize / side);
            x == 0 || y == 0 || x == last || y == last
        })
        .count();
    // The border is a closed ring: as many segments as points on it.
    on_border as u64
}

/// The surface of `map` within `budget` triangles, counting
/// `per_border_segment` more for each piece of the border (a solid's walls
/// and base): the whole grid if it fits (or if there is no budget), else
/// the level-of-detail mesh of the smallest error bound that fits.
/// `progress` hears shares from 0 to 1.
pub fn top_mesh(
    map: &Heightmap,
    budget: Option<u64>,
    per_border_segment: u64,
    progress: &mut dyn FnMut(f64),
) -> TopMesh {
    let side = map.side();
    let cells = (side - 1) as u64;
    let whole_cost = 2 * cells * cells + per_border_segment * 4 * cells;
    let Some(budget) = budget.filter(|&budget| budget < whole_cost) else {
        return whole_grid(side);
    };
    let rtin = Rtin::new(map.heights(), side, 1.0);
    progress(0.2);
    let cost = |mesh: &LodMesh| {
        (mesh.triangles.len() / 3) as u64
            + per_border_segment * border_segments(side, &mesh.vertices)
    };
    let fits = |bound: f32| {
        rtin.mesh_within(bound, usize::try_from(budget).unwrap_or(usize::MAX))
            .filter(|mesh| cost(mesh) <= budget)
    };
    // The two root triangles are within the map's whole range of every
    // point, so this bound always fits (the budget is at least a solid's
    // fourteen triangles).
    let (low, high) = map.min_max();
    let mut coarse = ((high - low) * 2.0 + 1.0) as f32;
    let mut best = fits(0.0).map(|mesh| (mesh, 0.0));
    if best.is_none() {
        let mut fine = 0.0f32;
        best = fits(coarse).map(|mesh| (mesh, coarse));
        // Bisect to within 1% of the bound: each try costs at most the
        // budget's triangles.
        for round in 0..40 {
            if coarse - fine <= coarse * 0.01 {
                break;
            }
            let middle = (fine + coarse) / 2.0;
            match fits(middle) {
                Some(mesh) => {
                    coarse = middle;
                    best = Some((mesh, middle));
                }
                None => fine = middle,
            }
            progress(0.2 + 0.6 * f64::from(round + 1) / 40.0);
        }
    }
    let mesh = best.map_or_else(|| whole_grid(side).into_lod(), |(mesh, _)| mesh);
    progress(0.85);
    let max_error = largest_error(map, &mesh);
    TopMesh {
        vertices: mesh.vertices,
        triangles: mesh.triangles,
        max_error,
    }
}

impl TopMesh {
    fn into_lod(self) -> LodMesh {
        LodMesh {
            vertices: self.vertices,
            triangles: self.triangles,
        }
    }
}

/// The largest difference between a point's height and the mesh drawn
/// over it, at every point of the map: each triangle's points, found in
/// its bounding box, against the plane through its corners.
pub fn largest_error(map: &Heightmap, mesh: &LodMesh) -> f64 {
    let side = map.side();
    let heights = map.heights();
    let mut largest = 0.0f64;
    for triangle in mesh.triangles.chunks_exact(3) {
        let corner = |index: u32| {
            let point = mesh.vertices[index as usize] as usize;
            ((point % side) as f64, (point / side) as f64, heights[point])
        };
        let [(x0, y0, h0), (x1, y1, h1), (x2, y2, h2)] = [
            corner(triangle[0]),
            corner(triangle[1]),
            corner(triangle[2]),
        ];
        let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
        if area == 0.0 {
            continue;
        }
        let (left, right) = (x0.min(x1).min(x2) as usize, x0.max(x1).max(x2) as usize);
        let (top, bottom) = (y0.min(y1).min(y2) as usize, y0.max(y1).max(y2) as usize);
        for y in top..=bottom {
            for x in left..=right {
                let (px, py) = (x as f64, y as f64);
                let w1 = ((px - x0) * (y2 - y0) - (x2 - x0) * (py - y0)) / area;
                let w2 = ((x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)) / area;
                let w0 = 1.0 - w1 - w2;
                if w0 >= -1e-9 && w1 >= -1e-9 && w2 >= -1e-9 {
                    let drawn = w0 * h0 + w1 * h1 + w2 * h2;
                    largest = largest.max((drawn - heights[y * side + x]).abs());
                }
            }
        }
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, Stage, ValidParams, generate};

    pub fn map(algorithm: Algorithm, exponent: u32, seed: u64) -> Heightmap {
        let params = ValidParams::new(algorithm)
            .with_exponent(exponent)
            .expect("valid")
            .with_seed(seed);
        generate(&params, Stage::Done).expect("valid").heightmap
    }

    #[test]
    fn without_a_budget_or_within_it_every_point_is_kept() {
        let map = map(Algorithm::DIAMOND_SQUARE, 4, 2);
        let whole = top_mesh(&map, None, 0, &mut |_| {});
        assert_eq!(whole.triangle_count(), 2 * 16 * 16);
        assert!(whole.is_whole(&map));
        let fits = top_mesh(&map, Some(2 * 16 * 16 + 3 * 64), 3, &mut |_| {});
        assert_eq!(fits, whole);
    }

    #[test]
    fn a_budget_gives_the_finest_mesh_that_fits_and_its_true_error() {
        let map = map(Algorithm::DIAMOND_SQUARE, 7, 5);
        let mut last_error = f64::INFINITY;
        for budget in [200, 2_000, 20_000] {
            let mesh = top_mesh(&map, Some(budget), 3, &mut |_| {});
            let cost = mesh.triangle_count() + 3 * border_segments(129, &mesh.vertices);
            assert!(cost <= budget, "{cost} > {budget}");
            // Most of the budget is used: a mesh half its size would be
            // the coarse end of a wasted bisection.
            assert!(cost * 2 > budget, "{cost} of {budget}");
            assert!(mesh.max_error < last_error, "finer with more triangles");
            assert!(mesh.max_error > 0.0);
            last_error = mesh.max_error;
        }
    }

    #[test]
    fn the_error_is_the_largest_at_any_point() {
        // A single bump in a flat map, drawn by the two root triangles:
        // the error is the bump's height.
        let mut heights = vec![0.0; 81];
        heights[3 * 9 + 5] = 0.25;
        let map = Heightmap::from_heights(3, heights).expect("9 x 9");
        let coarse = LodMesh {
            vertices: vec![0, 8, 80, 72],
            triangles: vec![0, 2, 1, 2, 0, 3],
        };
        assert_eq!(largest_error(&map, &coarse), 0.25);
        let whole = whole_grid(9);
        assert_eq!(largest_error(&map, &whole.clone().into_lod()), 0.0);
    }
}
