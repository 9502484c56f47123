//! A level-of-detail mesh for huge maps: a right-triangulated irregular
//! network (RTIN), the idea behind mapbox/martini.
//!
//! A `2^k + 1` grid splits into two right triangles, each of which splits
//! at the midpoint of its hypotenuse into two smaller ones, down to triangles
//! one cell wide. A triangle is kept whole, rather than split, when drawing
//! it flat is within a height error bound at every grid point it covers. So
//! flat country gets a few large triangles and rough country many small
//! ones, and no drawn point is ever further than the bound from its true
//! height.
//!
//! Every vertex stores the largest error of any triangle whose hypotenuse it
//! splits, *including everything below those triangles*. Two triangles
//! share each hypotenuse, so both read the same number and split together,
//! and a split always reaches down to any vertex a neighbour needs: the mesh
//! never cracks. For that, a level's errors must be complete before the
//! level above reads them, so they are computed a whole level at a time,
//! finest first. Each level is enumerated by recursion from the two root
//! triangles, which costs about two visits per triangle and keeps memory to
//! one `f32` per grid point (no table of triangle coordinates).

/// A point of the grid: (column, row).
type Point = (usize, usize);

/// Each grid point's error: the largest height error, in the units of the
/// heights times `scale`, of dropping it (and everything that depends on it).
pub struct Rtin {
    side: usize,
    errors: Vec<f32>,
}

/// The triangles chosen for one error bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LodMesh {
    /// The grid points used as vertices, by row-major index.
    pub vertices: Vec<u32>,
    /// Three indices into `vertices` per triangle, counter-clockwise seen
    /// from above in the site's world coordinates.
    pub triangles: Vec<u32>,
}

impl Rtin {
    /// Computes every point's error for `heights` (row-major, `side` a
    /// power of two plus one), measuring errors as `scale` times a height
    /// difference (so the bound can be given in world units).
    pub fn new(heights: &[f64], side: usize, scale: f64) -> Self {
        debug_assert!((side - 1).is_power_of_two() && heights.len() == side * side);
        let mut errors = vec![0.0f32; side * side];
        let last = side - 1;
        let at = |x: usize, y: usize| heights[y * side + x];
        let error_of =
            |height: f64, a: f64, b: f64| ((height - (a + b) / 2.0).abs() * scale) as f32;
        let mut radius = 1;
        while radius < last {
            // Diamond centres of this radius: their own error along their
            // hypotenuse, and their children, the square centres half a
            // radius away diagonally (none at radius 1: those children are
            // single cells and never split).
            for y in (0..=last).step_by(radius) {
                let horizontal = (y / radius).is_multiple_of(2);
                let first_x = if horizontal { radius } else { 0 };
                for x in (first_x..=last).step_by(2 * radius) {
                    let mut error = if horizontal {
                        error_of(at(x, y), at(x - radius, y), at(x + radius, y))
                    } else {
                        error_of(at(x, y), at(x, y - radius), at(x, y + radius))
                    };
                    if radius > 1 {
                        let half = radius / 2;
                        let columns = [
                            x.checked_sub(half),
                            Some(x + half).filter(|&column| column <= last),
                        ];
                        let rows = [
                            y.checked_sub(half),
                            Some(y + half).filter(|&row| row <= last),
                        ];
                        for row in rows.into_iter().flatten() {
                            for column in columns.into_iter().flatten() {
                                error = error.max(errors[row * side + column]);
                            }
                        }
                    }
                    errors[y * side + x] = error;
                }
            }
            // Square centres of this radius: their own error along the
            // diagonal through the parent square's centre, and their
            // children, the square's four edge midpoints.
            for y in (radius..last).step_by(2 * radius) {
                for x in (radius..last).step_by(2 * radius) {
                    let (corner, opposite) = diagonal(x, y, radius, last);
                    let mut error =
                        error_of(at(x, y), at(corner.0, corner.1), at(opposite.0, opposite.1));
                    for (column, row) in [
                        (x - radius, y),
                        (x + radius, y),
                        (x, y - radius),
                        (x, y + radius),
                    ] {
                        error = error.max(errors[row * side + column]);
                    }
                    errors[y * side + x] = error;
                }
            }
            radius *= 2;
        }
        Self { side, errors }
    }

    /// The two triangles the grid starts as: hypotenuse `a`–`b`, right
    /// angle at `c`.
    fn roots(&self) -> [(Point, Point, Point); 2] {
        let last = self.side - 1;
        [
            ((0, 0), (last, last), (last, 0)),
            ((last, last), (0, 0), (0, last)),
        ]
    }

    /// The triangles that draw the map within `max_error` (in the units
    /// given by `scale`) of every grid point. A bound of 0 keeps splitting
    /// wherever flat triangles would be wrong at all.
    ///
    /// A vertex's error is measured against its parent hypotenuse, whose
    /// ends are drawn off by their own errors in turn; down the hierarchy
    /// these add up to less than twice the largest one (1 + 1/2 + 1/4 + …).
    /// Splitting wherever a vertex's error exceeds half the bound therefore
    /// keeps every drawn point within the bound itself.
    pub fn mesh(&self, max_error: f32) -> LodMesh {
        // With no limit to pass, the mesh is always complete.
        self.build(max_error, usize::MAX).mesh
    }

    /// [`Rtin::mesh`], or `None` as soon as it needs more than
    /// `max_triangles`. Trying a bound that turns out too fine then costs
    /// at most `max_triangles` triangles' work and memory, not the tens of
    /// millions an exact 4097 x 4097 map has.
    pub fn mesh_within(&self, max_error: f32, max_triangles: usize) -> Option<LodMesh> {
        let builder = self.build(max_error, max_triangles);
        builder.complete.then_some(builder.mesh)
    }

    fn build(&self, max_error: f32, max_triangles: usize) -> MeshBuilder {
        let mut builder = MeshBuilder {
            threshold: max_error / 2.0,
            max_triangles,
            vertex_of: vec![u32::MAX; self.side * self.side],
            mesh: LodMesh {
                vertices: Vec::new(),
                triangles: Vec::new(),
            },
            complete: false,
        };
        builder.complete = self
            .roots()
            .into_iter()
            .all(|(a, b, c)| self.add_triangles(a, b, c, &mut builder).is_ok());
        builder
    }

    /// Adds triangle `a b c` (or, if its hypotenuse midpoint's error is
    /// over the threshold, its two halves) to the mesh; `Err` once over the
    /// triangle limit.
    fn add_triangles(
        &self,
        a: Point,
        b: Point,
        c: Point,
        builder: &mut MeshBuilder,
    ) -> Result<(), TooManyTriangles> {
        let middle = midpoint(a, b);
        let splittable = a.0.abs_diff(c.0) + a.1.abs_diff(c.1) > 1;
        if splittable && self.errors[middle.1 * self.side + middle.0] > builder.threshold {
            self.add_triangles(c, a, middle, builder)?;
            return self.add_triangles(b, c, middle, builder);
        }
        let mesh = &mut builder.mesh;
        if mesh.triangles.len() / 3 >= builder.max_triangles {
            return Err(TooManyTriangles);
        }
        for point in [a, b, c] {
            let index = point.1 * self.side + point.0;
            let vertex = &mut builder.vertex_of[index];
            if *vertex == u32::MAX {
                *vertex = mesh.vertices.len() as u32;
                mesh.vertices.push(index as u32);
            }
            mesh.triangles.push(*vertex);
        }
        Ok(())
    }
}

/// A mesh being built: the split rule, the limit, each grid point's
/// vertex number (`u32::MAX` until used), and whether it was finished
/// within the limit.
struct MeshBuilder {
    threshold: f32,
    max_triangles: usize,
    vertex_of: Vec<u32>,
    mesh: LodMesh,
    complete: bool,
}

/// A mesh went over its triangle limit.
struct TooManyTriangles;

fn midpoint(a: Point, b: Point) -> Point {
    ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
}

/// The ends of the diagonal that the square of radius `radius` centred on
/// `(x, y)` is split along: the one through its parent square's centre
/// (which sits on odd multiples of `2 * radius`). The whole map's square
/// has no parent; the root triangles split it from (0, 0) to the far corner.
fn diagonal(x: usize, y: usize, radius: usize, last: usize) -> (Point, Point) {
    if 2 * radius == last {
        return ((0, 0), (last, last));
    }
    let toward_parent = |coordinate: usize| {
        if ((coordinate + radius) / (2 * radius)) % 2 == 1 {
            (coordinate + radius, coordinate - radius)
        } else {
            (coordinate - radius, coordinate + radius)
        }
    };
    let (near_x, far_x) = toward_parent(x);
    let (near_y, far_y) = toward_parent(y);
    ((near_x, near_y), (far_x, far_y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, Heightmap, MapSettings, Params, Stage};

    fn map(algorithm: Algorithm, exponent: u32, seed: u64) -> Heightmap {
        let params = Params {
            map: MapSettings::new(exponent, seed),
            ..Params::new(algorithm)
        };
        params.generate(Stage::Done).expect("valid").heightmap
    }

    /// The height the mesh draws at a grid point: found by locating the
    /// triangle that contains it and interpolating linearly.
    fn drawn_heights(map: &Heightmap, mesh: &LodMesh) -> Vec<Option<f64>> {
        let side = map.side();
        let mut drawn = vec![None; side * side];
        for triangle in mesh.triangles.chunks(3) {
            let corners = [0, 1, 2].map(|corner| {
                let index = mesh.vertices[triangle[corner] as usize] as usize;
                (
                    (index % side) as f64,
                    (index / side) as f64,
                    map.heights()[index],
                )
            });
            let [(x0, y0, h0), (x1, y1, h1), (x2, y2, h2)] = corners;
            let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
            let (low_x, high_x) = (x0.min(x1).min(x2) as usize, x0.max(x1).max(x2) as usize);
            let (low_y, high_y) = (y0.min(y1).min(y2) as usize, y0.max(y1).max(y2) as usize);
            for y in low_y..=high_y {
                for x in low_x..=high_x {
                    let (px, py) = (x as f64, y as f64);
                    let w1 = ((px - x0) * (y2 - y0) - (x2 - x0) * (py - y0)) / area;
                    let w2 = ((x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)) / area;
                    let w0 = 1.0 - w1 - w2;
                    if w0 >= -1e-9 && w1 >= -1e-9 && w2 >= -1e-9 {
                        drawn[y * side + x] = Some(w0 * h0 + w1 * h1 + w2 * h2);
                    }
                }
            }
        }
        drawn
    }

    /// The definition, computed the slow way: level by level, finest first,
    /// each level enumerated by recursion from the root triangles.
    fn reference_errors(heights: &[f64], side: usize, scale: f64) -> Vec<f32> {
        #[allow(clippy::too_many_arguments)]
        fn visit(
            errors: &mut [f32],
            heights: &[f64],
            side: usize,
            scale: f64,
            down: u32,
            splittable_below: u32,
            a: Point,
            b: Point,
            c: Point,
        ) {
            let middle = midpoint(a, b);
            if down > 0 {
                visit(
                    errors,
                    heights,
                    side,
                    scale,
                    down - 1,
                    splittable_below - 1,
                    c,
                    a,
                    middle,
                );
                visit(
                    errors,
                    heights,
                    side,
                    scale,
                    down - 1,
                    splittable_below - 1,
                    b,
                    c,
                    middle,
                );
                return;
            }
            let at = |(x, y): Point| heights[y * side + x];
            let own = (((at(a) + at(b)) / 2.0 - at(middle)).abs() * scale) as f32;
            let mut error = errors[middle.1 * side + middle.0].max(own);
            if splittable_below > 0 {
                let (left, right) = (midpoint(c, a), midpoint(b, c));
                error = error
                    .max(errors[left.1 * side + left.0])
                    .max(errors[right.1 * side + right.0]);
            }
            errors[middle.1 * side + middle.0] = error;
        }
        let last = side - 1;
        let deepest = 2 * last.trailing_zeros() - 1;
        let mut errors = vec![0.0; side * side];
        for level in (0..=deepest).rev() {
            visit(
                &mut errors,
                heights,
                side,
                scale,
                level,
                deepest,
                (0, 0),
                (last, last),
                (last, 0),
            );
            visit(
                &mut errors,
                heights,
                side,
                scale,
                level,
                deepest,
                (last, last),
                (0, 0),
                (0, last),
            );
        }
        errors
    }

    #[test]
    fn lattice_errors_equal_the_recursive_definition() {
        for exponent in 1..=7 {
            for algorithm in [
                Algorithm::DIAMOND_SQUARE,
                Algorithm::RANDOM_NOISE,
                Algorithm::MIDPOINT_DISPLACEMENT,
            ] {
                let map = map(algorithm, exponent, 4);
                let fast = Rtin::new(map.heights(), map.side(), 50.0);
                assert_eq!(
                    fast.errors,
                    reference_errors(map.heights(), map.side(), 50.0),
                    "{algorithm}, exponent {exponent}"
                );
            }
        }
    }

    #[test]
    fn every_grid_point_is_drawn_within_the_bound_and_nothing_is_left_out() {
        for (algorithm, exponent, bound) in [
            (Algorithm::DIAMOND_SQUARE, 6, 0.02),
            (Algorithm::MIDPOINT_DISPLACEMENT, 7, 0.05),
            (Algorithm::RANDOM_NOISE, 5, 0.3),
            (Algorithm::TILEABLE_DIAMOND_SQUARE, 8, 0.01),
        ] {
            let map = map(algorithm, exponent, 3);
            let rtin = Rtin::new(map.heights(), map.side(), 1.0);
            let mesh = rtin.mesh(bound as f32);
            let drawn = drawn_heights(&map, &mesh);
            for (index, (drawn, &height)) in drawn.iter().zip(map.heights()).enumerate() {
                let drawn = drawn.unwrap_or_else(|| {
                    panic!("{algorithm}: point {index} is in no triangle (a crack)")
                });
                assert!(
                    (drawn - height).abs() <= bound + 1e-6,
                    "{algorithm}: point {index} off by {}",
                    drawn - height
                );
            }
        }
    }

    #[test]
    fn a_zero_bound_draws_the_map_exactly_and_looser_bounds_use_fewer_triangles() {
        let map = map(Algorithm::DIAMOND_SQUARE, 6, 9);
        let rtin = Rtin::new(map.heights(), map.side(), 1.0);
        let exact = rtin.mesh(0.0);
        assert_eq!(
            exact.triangles.len() / 3,
            2 * 64 * 64,
            "a rough map needs every triangle"
        );
        assert_eq!(exact.vertices.len(), 65 * 65);
        let loose = rtin.mesh(0.05);
        assert!(
            loose.triangles.len() < exact.triangles.len() / 2,
            "{}",
            loose.triangles.len() / 3
        );
    }

    #[test]
    fn a_triangle_limit_stops_the_mesh_without_changing_one_within_it() {
        let map = map(Algorithm::DIAMOND_SQUARE, 6, 9);
        let rtin = Rtin::new(map.heights(), map.side(), 1.0);
        let exact = rtin.mesh(0.0);
        let count = exact.triangles.len() / 3;
        assert_eq!(rtin.mesh_within(0.0, count - 1), None);
        assert_eq!(rtin.mesh_within(0.0, count), Some(exact));
    }

    #[test]
    fn a_flat_map_is_two_triangles() {
        let flat = Heightmap::new(7).expect("valid");
        let mesh = Rtin::new(flat.heights(), flat.side(), 1.0).mesh(0.0);
        assert_eq!(mesh.triangles.len(), 6);
        assert_eq!(mesh.vertices.len(), 4);
    }

    #[test]
    fn triangles_turn_counter_clockwise_seen_from_above() {
        let map = map(Algorithm::DIAMOND_SQUARE, 5, 1);
        let mesh = Rtin::new(map.heights(), map.side(), 1.0).mesh(0.01);
        let side = map.side();
        for triangle in mesh.triangles.chunks(3) {
            // World y runs against the rows.
            let [a, b, c] = [0, 1, 2].map(|corner| {
                let index = mesh.vertices[triangle[corner] as usize] as usize;
                ((index % side) as f64, -((index / side) as f64))
            });
            let turn = (b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1);
            assert!(turn > 0.0, "{triangle:?}");
        }
    }
}
