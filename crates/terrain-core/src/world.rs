//! Where a heightmap stands in 3D: the definition the site's renderer and
//! its exports follow, so a downloaded mesh is the surface on screen. The
//! exports call it; the renderer has two faster copies of the normal, in
//! `f32` (terrain-view's `surface.rs`) and in a vertex shader
//! (terrain-web's `geometry.rs`), held to it by tests: the first against
//! [`normal`] point by point, the second against the first pixel by pixel
//! (terrain-web's `gpu.rs`, in a browser).
//!
//! Following the posts, a map lies on a plane [`WORLD_SIZE`] units wide
//! centred on the origin, and a height of 1 stands [`HEIGHT_SCALE`] units
//! tall (half the plane's width). Coordinates here are `[east, north, up]`:
//! column `x` runs east, row `y` runs south (the first row is the northern
//! edge), and up is up. A consumer with other axes (OBJ is Y-up) permutes
//! them; it does not redo the arithmetic.

use crate::heightmap::Heightmap;

/// How wide and deep the map is drawn, in world units (it spans -50 to 50).
pub const WORLD_SIZE: f64 = 100.0;

/// How tall a height of 1 is drawn, in world units.
pub const HEIGHT_SCALE: f64 = 50.0;

/// Where point `(x, y)` of a grid `points` points wide, at `height`, is
/// drawn. The grid is the map itself, or every `k`-th point of it: either
/// way it spans the whole plane.
pub fn position(points: usize, x: usize, y: usize, height: f64) -> [f64; 3] {
    let spacing = WORLD_SIZE / (points - 1) as f64;
    [
        -WORLD_SIZE / 2.0 + spacing * x as f64,
        WORLD_SIZE / 2.0 - spacing * y as f64,
        height * HEIGHT_SCALE,
    ]
}

/// The unit surface normal at point `(x, y)` of the grid made of every
/// `step`-th point of `map` (`step` a power of two dividing `side - 1`; 1
/// for the map itself), from central differences of heights in world units,
/// one-sided at the borders.
pub fn normal(map: &Heightmap, step: usize, x: usize, y: usize) -> [f64; 3] {
    let last = map.last() / step;
    let spacing = WORLD_SIZE / last as f64;
    let height = |x: usize, y: usize| map.get(x * step, y * step) * HEIGHT_SCALE;
    let (west, east) = (x.saturating_sub(1), (x + 1).min(last));
    let (north, south) = (y.saturating_sub(1), (y + 1).min(last));
    let slope_east = (height(east, y) - height(west, y)) / ((east - west) as f64 * spacing);
    let slope_north = (height(x, north) - height(x, south)) / ((south - north) as f64 * spacing);
    let length = (slope_east * slope_east + 1.0 + slope_north * slope_north).sqrt();
    [-slope_east / length, -slope_north / length, 1.0 / length]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_spans_the_plane_with_its_first_row_to_the_north() {
        assert_eq!(position(5, 0, 0, 1.0), [-50.0, 50.0, 50.0]);
        assert_eq!(position(5, 4, 4, 0.0), [50.0, -50.0, 0.0]);
        assert_eq!(position(5, 2, 1, 0.5), [0.0, 25.0, 25.0]);
    }

    #[test]
    fn normals_are_unit_length_and_lean_away_from_uphill() {
        // Heights rise to the east.
        let heights: Vec<f64> = (0..25).map(|index| (index % 5) as f64 * 0.1).collect();
        let map = Heightmap::from_heights(2, heights).expect("5 x 5");
        for (x, y) in [(0, 0), (2, 2), (4, 4)] {
            let [east, north, up] = normal(&map, 1, x, y);
            assert!(((east * east + north * north + up * up) - 1.0).abs() < 1e-12);
            assert!(east < 0.0 && north == 0.0 && up > 0.0, "({x}, {y})");
        }
        let flat = Heightmap::new(3).expect("9 x 9");
        assert_eq!(normal(&flat, 2, 1, 3), [0.0, 0.0, 1.0]);
    }
}
