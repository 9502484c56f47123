//! From a heightmap to triangles, normals and colours a GPU can draw.
//!
//! Geometry is [`terrain_core::world`]'s, the OBJ export's too: the map lies
//! on a 100 x 100 plane centred on the origin, `x` east, rows running north
//! to south, and a height of 1 stands 50 units tall. `z` is up. Everything
//! here is plain arrays, so a worker can build a surface and hand it over.

use terrain_core::world::{self, HEIGHT_SCALE, WORLD_SIZE};
use terrain_core::{Heightmap, PointSet, Terrain};

use crate::lod::Rtin;
use crate::measure;
use crate::overlay;
use crate::palette::{ColorTable, HIGHLIGHT, Look, Rgba, UNSET, Water, wet};
use crate::water;

/// A point or direction in world units, `[x, y, z]`, `z` up.
pub type Vec3 = [f32; 3];

/// The most points per side drawn as they are. Larger maps are drawn as a
/// level-of-detail mesh (see [`crate::lod`]), so that exponent 12 stays
/// within what a browser's WebGL renders smoothly.
pub const MAX_DRAWN_SIDE: usize = 513;

/// The most highlighted points drawn as markers; past that, their colour
/// alone shows them (a marker per point would hide the surface).
pub const MAX_MARKERS: usize = 1500;

/// How far below the lowest point the skirt around the map reaches.
pub const SKIRT_DEPTH: f32 = 4.0;

/// Maps this many points wide or fewer are drawn with flat facets: on a
/// small, spiky map smooth normals smear into blotches, while facets show
/// each cell plainly (as the posts' demos did).
pub const MAX_FACETED_SIDE: usize = 65;

/// The most triangles a level-of-detail surface draws: about what WebGL
/// renders smoothly, even without a GPU.
pub const TRIANGLE_BUDGET: usize = 1_000_000;

/// The error bounds (world units) a level-of-detail surface tries, in
/// order; it keeps the first whose surface fits the budget.
pub const LOD_BOUNDS: [f32; 8] = [0.0125, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6];

/// Where point `(x, y)` of a map `side` points wide, at `height`, is drawn.
pub fn world_position(side: usize, x: usize, y: usize, height: f64) -> Vec3 {
    world::position(side, x, y, height).map(|coordinate| coordinate as f32)
}

/// Whether a stage's new points are worth pointing at: not when it set
/// none, nor when it set all of them (random noise).
pub fn highlights(terrain: &Terrain) -> bool {
    !matches!(
        terrain.new_points,
        PointSet::Nothing | PointSet::Everything { .. }
    )
}

/// A surface ready for the GPU.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Surface {
    /// Vertex positions, world units.
    pub positions: Vec<Vec3>,
    /// Unit normals, one per vertex.
    pub normals: Vec<Vec3>,
    /// sRGB colours, one per vertex.
    pub colors: Vec<Rgba>,
    /// Three vertex indices per triangle: the surface's first, then the skirt's.
    pub indices: Vec<u32>,
    /// How many of the triangles belong to the surface itself (what a
    /// wireframe outlines).
    pub surface_triangles: usize,
    /// The error bound a level-of-detail surface keeps, or `None` when
    /// every point is drawn as it is.
    pub max_error: Option<f32>,
}

impl Surface {
    /// Just the surface's triangles, without the skirt's.
    pub fn surface_indices(&self) -> &[u32] {
        &self.indices[..self.surface_triangles * 3]
    }
}

/// The surface of `terrain`, coloured as `look` says, standing on a skirt.
/// Points not set yet are grey; rivers, if asked for, are blue, and lakes
/// blue and flat at their level. Points set by the last step are tinted,
/// but only when there are too many for markers (see [`marker_positions`]),
/// which show them better. Maps up to [`MAX_DRAWN_SIDE`] points wide are
/// drawn point for point (faceted up to [`MAX_FACETED_SIDE`]); wider ones
/// as a level-of-detail mesh (see [`crate::lod`]): the finest of
/// [`LOD_BOUNDS`] within [`TRIANGLE_BUDGET`].
pub fn build_surface(terrain: &Terrain, look: Look) -> Surface {
    let coloring = Coloring::new(terrain, look);
    let map = coloring.drawn();
    let side = map.side();
    let last = side - 1;
    let color_at = |x: usize, y: usize| coloring.at(x, y);
    let mut surface = Surface::default();
    // Each side of the border, walked so that the skirt's triangles face out.
    let mut borders: [Vec<(usize, usize)>; 4] = Default::default();
    if side <= MAX_DRAWN_SIDE {
        // Room for the skirt too, so adding it moves nothing.
        let vertices = side * side + skirt_vertices(side);
        let mut grid = Vec::with_capacity(vertices);
        let mut colors = Vec::with_capacity(vertices);
        // A row's points share their y, a column's their x.
        let columns: Vec<f32> = (0..side)
            .map(|x| world_position(side, x, 0, 0.0)[0])
            .collect();
        for (y, row) in map.heights().chunks_exact(side).enumerate() {
            let north = world_position(side, 0, y, 0.0)[1];
            grid.extend(
                columns
                    .iter()
                    .zip(row)
                    .map(|(&east, &height)| [east, north, (height * HEIGHT_SCALE) as f32]),
            );
        }
        coloring.add_every_point(&mut colors);
        let triangles = grid_triangles(side);
        if side <= MAX_FACETED_SIDE {
            add_faceted(&grid, &colors, &triangles, &mut surface);
        } else {
            surface.normals = grid_normals(map, vertices);
            surface.positions = grid;
            surface.colors = colors;
            surface.indices = triangles;
        }
        borders = grid_borders(side);
    } else {
        let rtin = Rtin::new(map.heights(), side, HEIGHT_SCALE);
        let (mesh, bound) = LOD_BOUNDS
            .iter()
            .find_map(|&bound| Some((rtin.mesh_within(bound, TRIANGLE_BUDGET)?, bound)))
            .unwrap_or_else(|| (rtin.mesh(f32::MAX), f32::MAX));
        surface.max_error = Some(bound);
        for &index in &mesh.vertices {
            let (x, y) = (index as usize % side, index as usize / side);
            surface
                .positions
                .push(world_position(side, x, y, map.get(x, y)));
            surface.normals.push(grid_normal(map, x, y));
            surface.colors.push(color_at(x, y));
            if y == last {
                borders[0].push((x, y));
            }
            if y == 0 {
                borders[1].push((x, y));
            }
            if x == 0 {
                borders[2].push((x, y));
            }
            if x == last {
                borders[3].push((x, y));
            }
        }
        surface.indices = mesh.triangles;
        // One closure for all four sides, so the sort is compiled once
        // rather than four times into the wasm.
        for (edge, border) in borders.iter_mut().enumerate() {
            border.sort_unstable_by_key(|&(x, y)| match edge {
                0 => x,
                1 => last - x,
                2 => y,
                _ => last - y,
            });
        }
    }
    surface.surface_triangles = surface.indices.len() / 3;
    add_skirt(map, &borders, look.palette.wall(), &mut surface);
    surface
}

/// Each point's colour: the palette's for its height, grey while unset,
/// tinted when the last step set it (and there are too many new points
/// for markers), bluer where rivers run if the look asks for them. It
/// also says where each point is drawn: lakes lie flat at their level.
struct Coloring<'a> {
    terrain: &'a Terrain,
    table: ColorTable,
    tint: bool,
    /// Each point's wetness, row-major; empty when dry.
    wetness: Vec<f32>,
    /// The map under its lakes, when water is drawn.
    under_water: Option<Heightmap>,
    /// Each point's measure, for a palette that measures; else empty.
    measured: Vec<f64>,
}

impl<'a> Coloring<'a> {
    fn new(terrain: &'a Terrain, look: Look) -> Self {
        let (wetness, under_water) = match look.water {
            Water::Dry => (Vec::new(), None),
            Water::Rivers { wrap } => {
                let water = water::water(&terrain.heightmap, wrap);
                (water.wetness, Some(water.surface))
            }
        };
        Self {
            terrain,
            table: ColorTable::new(look.palette),
            tint: highlights(terrain) && terrain.new_points.len() > MAX_MARKERS,
            wetness,
            under_water,
            measured: {
                let wrap = matches!(look.water, Water::Rivers { wrap: true });
                measure::measured(look.palette, &terrain.heightmap, wrap).unwrap_or_default()
            },
        }
    }

    /// The heights drawn: the map's, or with its lakes at their level.
    fn drawn(&self) -> &Heightmap {
        self.under_water.as_ref().unwrap_or(&self.terrain.heightmap)
    }

    /// What the palette reads at point `index` of height `height`.
    #[inline]
    fn value(&self, index: usize, height: f64) -> f64 {
        self.measured.get(index).copied().unwrap_or(height)
    }

    /// Adds every point's colour to `colors`, row by row.
    fn add_every_point(&self, colors: &mut Vec<Rgba>) {
        let map = self.drawn();
        if !self.tint
            && self.wetness.is_empty()
            && self.measured.is_empty()
            && self.terrain.every_point_set()
        {
            // The common case, and the one a dragged slider redraws: the
            // colour depends on the height alone, a lookup per point.
            colors.extend(map.heights().iter().map(|&height| self.table.color(height)));
        } else {
            let side = map.side();
            for y in 0..side {
                colors.extend((0..side).map(|x| self.at(x, y)));
            }
        }
    }

    fn at(&self, x: usize, y: usize) -> Rgba {
        let terrain = self.terrain;
        let map = self.drawn();
        if self.tint && terrain.new_points.contains(x, y) {
            HIGHLIGHT
        } else if terrain.is_set(x, y) {
            let index = y * map.side() + x;
            let color = self.table.color(self.value(index, map.get(x, y)));
            match self.wetness.get(y * map.side() + x) {
                Some(&wetness) => wet(color, wetness),
                None => color,
            }
        } else {
            UNSET
        }
    }
}

/// The four sides of a `side` x `side` grid's border, each walked so that
/// the skirt's triangles face out.
fn grid_borders(side: usize) -> [Vec<(usize, usize)>; 4] {
    let last = side - 1;
    [
        (0..side).map(|x| (x, last)).collect(),
        (0..side).rev().map(|x| (x, 0)).collect(),
        (0..side).map(|y| (0, y)).collect(),
        (0..side).rev().map(|y| (last, y)).collect(),
    ]
}

/// A map drawn point for point with smooth normals, in the form the GPU
/// can finish by itself: its heights and colours, and the skirt as a small
/// [`Surface`] of its own. The GPU places each point from its index,
/// works out its normal from its neighbours' heights exactly as
/// [`build_surface`] does, and draws the same triangles, which depend only
/// on the map's size and so can stay on the GPU from one map to the next.
/// A redraw after a slider moves then builds and uploads a fifth of what a
/// whole [`Surface`] takes (see BENCHMARKS.md).
#[derive(Debug, Clone, PartialEq)]
pub struct GridSurface {
    /// Points per side.
    pub side: usize,
    /// Every point's height in world units, row-major.
    pub heights: Vec<f32>,
    /// Every point's sRGB colour, row-major.
    pub colors: Vec<Rgba>,
    /// The walls around the map, as [`build_surface`] builds them.
    pub skirt: Surface,
}

/// `terrain` as a [`GridSurface`], or `None` when it is not drawn point for
/// point with smooth normals (small maps are faceted, huge ones a
/// level-of-detail mesh: [`build_surface`] draws those).
pub fn grid_surface(terrain: &Terrain, look: Look) -> Option<GridSurface> {
    let side = terrain.heightmap.side();
    if side <= MAX_FACETED_SIDE || side > MAX_DRAWN_SIDE {
        return None;
    }
    let coloring = Coloring::new(terrain, look);
    let map = coloring.drawn();
    let mut colors = Vec::with_capacity(side * side);
    coloring.add_every_point(&mut colors);
    let mut skirt = Surface::default();
    add_skirt(map, &grid_borders(side), look.palette.wall(), &mut skirt);
    Some(GridSurface {
        side,
        heights: map
            .heights()
            .iter()
            .map(|&height| (height * HEIGHT_SCALE) as f32)
            .collect(),
        colors,
        skirt,
    })
}

fn minus(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(vector: Vec3) -> Vec3 {
    let length = (vector[0] * vector[0] + vector[1] * vector[1] + vector[2] * vector[2]).sqrt();
    vector.map(|coordinate| coordinate / length)
}

/// Every triangle with its own three vertices and its face's normal.
fn add_faceted(grid: &[Vec3], colors: &[Rgba], triangles: &[u32], surface: &mut Surface) {
    for triangle in triangles.chunks_exact(3) {
        let [a, b, c] = [0, 1, 2].map(|corner| triangle[corner] as usize);
        let normal = unit(cross(minus(grid[b], grid[a]), minus(grid[c], grid[a])));
        for vertex in [a, b, c] {
            surface.indices.push(surface.positions.len() as u32);
            surface.positions.push(grid[vertex]);
            surface.normals.push(normal);
            surface.colors.push(colors[vertex]);
        }
    }
}

/// Walls from the map's border down to a flat base, so the map reads as a
/// solid block rather than a sheet, and points at height 0 still show
/// against the ground. Each side gets its own vertices, with normals facing
/// out, all in the palette's one `wall` colour (each border point's colour
/// carried down the wall drew streaks that fanned out in perspective).
fn add_skirt(
    map: &Heightmap,
    borders: &[Vec<(usize, usize)>; 4],
    wall: Rgba,
    surface: &mut Surface,
) {
    let side = map.side();
    let (lowest, _) = map.min_max();
    let base = (lowest * HEIGHT_SCALE).min(0.0) as f32 - SKIRT_DEPTH;
    let outward = [
        [0.0, -1.0, 0.0],
        [0.0, 1.0, 0.0],
        [-1.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
    ];
    for (points, normal) in borders.iter().zip(outward) {
        let first = surface.positions.len() as u32;
        for &(x, y) in points {
            let top = world_position(side, x, y, map.get(x, y));
            surface.positions.extend([top, [top[0], top[1], base]]);
            surface.normals.extend([normal, normal]);
            surface.colors.extend([wall, wall]);
        }
        for step in 0..(points.len() as u32).saturating_sub(1) {
            let (top, bottom) = (first + 2 * step, first + 2 * step + 1);
            let (next_top, next_bottom) = (top + 2, bottom + 2);
            surface.indices.extend_from_slice(&[
                top,
                bottom,
                next_bottom,
                top,
                next_bottom,
                next_top,
            ]);
        }
    }
}

/// How many vertices the skirt of a `side` x `side` map adds: two per
/// border point, on each of the four sides.
fn skirt_vertices(side: usize) -> usize {
    8 * side
}

/// How many indices the skirt of a `side` x `side` map adds: two triangles
/// per border segment, on each of the four sides.
fn skirt_indices(side: usize) -> usize {
    4 * side.saturating_sub(1) * 6
}

/// The smooth normal at grid point `(x, y)`: the world's, as the OBJ
/// export writes it.
fn grid_normal(map: &Heightmap, x: usize, y: usize) -> Vec3 {
    world::normal(map, 1, x, y).map(|coordinate| coordinate as f32)
}

/// The smooth normal of every grid point, row by row, in room for
/// `capacity`: [`world::normal`]'s, the OBJ export's, to within `f32`
/// rounding, but with a row's neighbours read from slices and one division
/// per point instead of five (at 513 x 513 the point-by-point version was a
/// quarter of building the surface).
fn grid_normals(map: &Heightmap, capacity: usize) -> Vec<Vec3> {
    let side = map.side();
    let last = side - 1;
    let heights = map.heights();
    let row = |y: usize| &heights[y * side..(y + 1) * side];
    // World units of rise per unit of height difference, over a central
    // difference's two cells or a border's one.
    let spacing = WORLD_SIZE / last as f64;
    let per_cells = |cells: usize| (HEIGHT_SCALE / (cells as f64 * spacing)) as f32;
    let (central, one_sided) = (per_cells(2), per_cells(1));
    let mut normals = Vec::with_capacity(capacity);
    for y in 0..side {
        let (north, south) = (y.saturating_sub(1), (y + 1).min(last));
        let north_scale = if south - north == 2 {
            central
        } else {
            one_sided
        };
        let (above, here, below) = (row(north), row(y), row(south));
        normals.extend((0..side).map(|x| {
            let (west, east) = (x.saturating_sub(1), (x + 1).min(last));
            let east_scale = if east - west == 2 { central } else { one_sided };
            let slope_east = (here[east] - here[west]) as f32 * east_scale;
            let slope_north = (above[x] - below[x]) as f32 * north_scale;
            let inverse_length =
                1.0 / (slope_east * slope_east + 1.0 + slope_north * slope_north).sqrt();
            [
                -slope_east * inverse_length,
                -slope_north * inverse_length,
                inverse_length,
            ]
        }));
    }
    normals
}

/// Two counter-clockwise (seen from above) triangles per cell of a map
/// `side` points wide, by row-major point index (with room for the skirt's
/// after them): [`build_surface`]'s and a [`GridSurface`]'s. They depend on
/// nothing else, so the GPU can keep them for every map that size.
pub fn grid_triangles(side: usize) -> Vec<u32> {
    let mut indices = Vec::with_capacity((side - 1) * (side - 1) * 6 + skirt_indices(side));
    for y in 0..side - 1 {
        for x in 0..side - 1 {
            let top_left = (y * side + x) as u32;
            let top_right = top_left + 1;
            let bottom_left = top_left + side as u32;
            let bottom_right = bottom_left + 1;
            // Rows run towards -y, so "below" in the grid is nearer the viewer.
            indices.extend_from_slice(&[top_left, bottom_left, bottom_right]);
            indices.extend_from_slice(&[top_left, bottom_right, top_right]);
        }
    }
    indices
}

/// Where to draw a marker for each point the last step set, or `None` when
/// there are too many to mark one by one.
pub fn marker_positions(terrain: &Terrain) -> Option<Vec<Vec3>> {
    if !highlights(terrain) || terrain.new_points.len() > MAX_MARKERS {
        return None;
    }
    let map = &terrain.heightmap;
    Some(
        terrain
            .new_points
            .iter()
            .map(|(x, y)| world_position(map.side(), x, y, map.get(x, y)))
            .collect(),
    )
}

/// A marker's radius: visible on a 3 x 3 map, not a blob on a 65 x 65 one.
pub fn marker_radius(side: usize) -> f32 {
    (WORLD_SIZE as f32 / (side - 1) as f32 * 0.22).clamp(0.6, 3.2)
}

/// The colour of a traced droplet's path.
pub const PATH: Rgba = [96, 176, 255, 255];

/// The colour of the traced droplet itself.
pub const DROPLET: Rgba = [16, 64, 200, 255];

/// A ball drawn on the surface.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Marker {
    /// Its centre, world units.
    pub position: Vec3,
    /// Its radius, world units.
    pub radius: f32,
    /// Its colour.
    pub color: Rgba,
}

/// Beads along a path, about this many per cell it crosses.
const BEADS_PER_CELL: f64 = 3.0;

/// Every ball to draw on `terrain`: the last step's new points (when few
/// enough, see [`marker_positions`]), and a traced droplet's path as a
/// string of beads ending in the droplet.
pub fn markers(terrain: &Terrain) -> Vec<Marker> {
    let map = &terrain.heightmap;
    let side = map.side();
    let radius = marker_radius(side);
    let mut markers: Vec<Marker> = marker_positions(terrain)
        .unwrap_or_default()
        .into_iter()
        .map(|position| Marker {
            position,
            radius,
            color: HIGHLIGHT,
        })
        .collect();
    let path = overlay::droplet_path(terrain);
    let cell = WORLD_SIZE / (side - 1) as f64;
    let bead = (cell * 0.3).clamp(0.35, 1.2);
    // Balls sit on the ground, not half in it.
    let on_ground = |[x, y]: [f64; 2], lift: f64| {
        let height = overlay::height_at(map, x, y) * HEIGHT_SCALE + lift;
        [
            (-WORLD_SIZE / 2.0 + cell * x) as f32,
            (WORLD_SIZE / 2.0 - cell * y) as f32,
            height as f32,
        ]
    };
    for pair in path.windows(2) {
        let ((from, _), (to, _)) = (pair[0], pair[1]);
        let length = (to[0] - from[0]).hypot(to[1] - from[1]);
        // A step across a wrapped edge is drawn as its two ends only.
        let beads = if length > 2.0 {
            1
        } else {
            ((length * BEADS_PER_CELL).ceil() as usize).max(1)
        };
        for bead_index in 0..beads {
            let t = bead_index as f64 / beads as f64;
            let point = [
                from[0] + (to[0] - from[0]) * t,
                from[1] + (to[1] - from[1]) * t,
            ];
            markers.push(Marker {
                position: on_ground(point, bead * 0.5),
                radius: bead as f32,
                color: PATH,
            });
        }
    }
    if let Some(&(end, _)) = path.last() {
        let droplet = bead * 2.5;
        markers.push(Marker {
            position: on_ground(end, droplet * 0.6),
            radius: droplet as f32,
            color: DROPLET,
        });
    }
    markers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::Palette;
    use terrain_core::{Algorithm, MapSettings, Params, Stage};

    const TERRAIN: Look = Look {
        palette: Palette::Terrain,
        water: Water::Dry,
    };

    fn terrain(algorithm: Algorithm, exponent: u32, stage: Stage) -> Terrain {
        let params = Params {
            map: MapSettings::new(exponent, 3),
            ..Params::new(algorithm)
        };
        params.generate(stage).expect("valid")
    }

    fn dot(a: Vec3, b: Vec3) -> f32 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    #[test]
    fn the_plane_is_100_wide_and_heights_are_scaled_by_50() {
        assert_eq!(world_position(9, 0, 0, 0.0), [-50.0, 50.0, 0.0]);
        assert_eq!(world_position(9, 8, 8, 1.0), [50.0, -50.0, 50.0]);
        assert_eq!(world_position(9, 4, 4, 0.5), [0.0, 0.0, 25.0]);
    }

    #[test]
    fn a_small_map_is_drawn_point_for_point() {
        let surface = build_surface(&terrain(Algorithm::DIAMOND_SQUARE, 3, Stage::Done), TERRAIN);
        // Faceted: three vertices per triangle, then the skirt's.
        let surface_vertices = 8 * 8 * 2 * 3;
        assert_eq!(surface.positions.len(), surface_vertices + 4 * 9 * 2);
        assert_eq!(surface.indices.len(), surface_vertices + 4 * 8 * 6);
        assert!(
            surface
                .normals
                .iter()
                .all(|&normal| (dot(normal, normal).sqrt() - 1.0).abs() < 1e-5)
        );
        assert!(
            surface.normals[..surface_vertices]
                .iter()
                .all(|normal| normal[2] > 0.0),
            "the surface faces up"
        );
        let smooth = build_surface(&terrain(Algorithm::DIAMOND_SQUARE, 7, Stage::Done), TERRAIN);
        assert_eq!(
            smooth.positions.len(),
            129 * 129 + 4 * 129 * 2,
            "larger maps share vertices"
        );
        assert_eq!(smooth.surface_indices().len(), 128 * 128 * 6);
    }

    #[test]
    fn large_maps_get_a_level_of_detail_mesh_within_budget_and_bound() {
        let big = terrain(Algorithm::DIAMOND_SQUARE, 10, Stage::Done);
        let automatic = build_surface(&big, TERRAIN);
        assert!(
            automatic.surface_triangles <= TRIANGLE_BUDGET,
            "{}",
            automatic.surface_triangles
        );
        let bound = automatic.max_error.expect("a level-of-detail mesh");
        assert!(LOD_BOUNDS.contains(&bound));
        let rtin = Rtin::new(big.heightmap.heights(), big.heightmap.side(), HEIGHT_SCALE);
        if let Some(&finer) = LOD_BOUNDS
            .iter()
            .rev()
            .find(|&&candidate| candidate < bound)
        {
            assert!(
                rtin.mesh_within(finer, TRIANGLE_BUDGET).is_none(),
                "the automatic bound is the finest that fits"
            );
        }
        let small = build_surface(&terrain(Algorithm::DIAMOND_SQUARE, 9, Stage::Done), TERRAIN);
        assert_eq!(
            small.max_error, None,
            "513 points and fewer are drawn exactly"
        );
        assert_eq!(small.surface_triangles, 2 * 512 * 512);
    }

    #[test]
    fn the_skirt_faces_out_and_reaches_below_the_lowest_point() {
        let step = terrain(Algorithm::MIDPOINT_DISPLACEMENT, 2, Stage::Corners);
        let surface = build_surface(&step, TERRAIN);
        let lowest = surface
            .positions
            .iter()
            .map(|position| position[2])
            .fold(f32::MAX, f32::min);
        assert_eq!(
            lowest, -SKIRT_DEPTH,
            "unset points sit at 0, the base below them"
        );
        // Every triangle's winding agrees with its normal: the surface's
        // face up, the skirt's out.
        for triangle in surface.indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|corner| surface.positions[triangle[corner] as usize]);
            let facing = cross(minus(b, a), minus(c, a));
            assert!(
                dot(facing, surface.normals[triangle[0] as usize]) > 0.0,
                "{triangle:?}"
            );
        }
    }

    #[test]
    fn the_skirt_is_one_colour_whatever_the_border_is_painted() {
        // Each border point's colour carried down the wall drew streaks;
        // the measuring palettes' colours belong to the surface alone.
        let map = terrain(Algorithm::DIAMOND_SQUARE, 5, Stage::Done);
        for palette in Palette::ALL {
            let look = Look { palette, ..TERRAIN };
            let surface = build_surface(&map, look);
            let walls = &surface.colors[surface.colors.len() - skirt_vertices(33)..];
            assert!(
                walls.iter().all(|&color| color == palette.wall()),
                "{palette:?}"
            );
        }
    }

    #[test]
    fn smooth_normals_are_the_obj_exports() {
        let map = terrain(Algorithm::DIAMOND_SQUARE, 7, Stage::Done);
        let surface = build_surface(&map, TERRAIN);
        for (x, y) in (0..129).flat_map(|y| (0..129).map(move |x| (x, y))) {
            let expected = world::normal(&map.heightmap, 1, x, y);
            let drawn = surface.normals[y * 129 + x];
            for axis in 0..3 {
                let difference = (f64::from(drawn[axis]) - expected[axis]).abs();
                assert!(
                    difference < 1e-6,
                    "({x}, {y}): {drawn:?} against {expected:?}"
                );
            }
        }
    }

    #[test]
    fn a_grid_surface_is_the_whole_surface_less_what_the_gpu_works_out() {
        let rivers = Look {
            water: Water::Rivers { wrap: false },
            ..TERRAIN
        };
        for (terrain, look) in [
            (terrain(Algorithm::PERLIN_NOISE, 7, Stage::Done), TERRAIN),
            (
                terrain(Algorithm::DIAMOND_SQUARE, 8, Stage::Pass(8)),
                TERRAIN,
            ),
            (terrain(Algorithm::DIAMOND_SQUARE, 7, Stage::Done), rivers),
        ] {
            let whole = build_surface(&terrain, look);
            let grid = grid_surface(&terrain, look).expect("drawn point for point");
            let points = grid.side * grid.side;
            assert_eq!(grid.side, terrain.heightmap.side());
            assert_eq!(grid.colors, whole.colors[..points]);
            let heights: Vec<f32> = whole.positions[..points].iter().map(|p| p[2]).collect();
            assert_eq!(grid.heights, heights);
            assert_eq!(grid_triangles(grid.side), whole.surface_indices());
            // The skirt is the same walls, numbered from 0 instead of from
            // after the grid's points.
            assert_eq!(grid.skirt.positions, whole.positions[points..]);
            assert_eq!(grid.skirt.normals, whole.normals[points..]);
            assert_eq!(grid.skirt.colors, whole.colors[points..]);
            let skirt: Vec<u32> = whole.indices[whole.surface_triangles * 3..]
                .iter()
                .map(|&index| index - points as u32)
                .collect();
            assert_eq!(grid.skirt.indices, skirt);
        }
        for exponent in [6, 10] {
            let other = terrain(Algorithm::DIAMOND_SQUARE, exponent, Stage::Done);
            assert_eq!(grid_surface(&other, TERRAIN), None, "exponent {exponent}");
        }
    }

    #[test]
    fn unset_points_are_grey_and_many_new_points_tinted() {
        let step = terrain(Algorithm::DIAMOND_SQUARE, 2, Stage::Square);
        let colors = build_surface(&step, TERRAIN).colors;
        // Faceted vertices: the first triangle is (0, 0), (0, 1), (1, 1).
        assert_ne!(colors[0], UNSET, "a corner is set");
        assert_eq!(colors[1], UNSET, "an edge point is not yet");
        assert!(
            !colors.contains(&HIGHLIGHT),
            "one new point: a marker shows it, not a tint"
        );
        let busy = terrain(Algorithm::DIAMOND_SQUARE, 8, Stage::Pass(8));
        assert!(busy.new_points.len() > MAX_MARKERS);
        let colors = build_surface(&busy, TERRAIN).colors;
        assert_eq!(colors[1], HIGHLIGHT, "(1, 0) is new in the last pass");
        assert_ne!(colors[0], HIGHLIGHT, "(0, 0) is a corner");
        let noise = terrain(Algorithm::RANDOM_NOISE, 3, Stage::Done);
        assert!(!build_surface(&noise, TERRAIN).colors.contains(&HIGHLIGHT));
        assert_eq!(
            marker_positions(&noise),
            None,
            "random noise points at nothing"
        );
    }

    #[test]
    fn markers_sit_on_the_new_points() {
        let step = terrain(Algorithm::MIDPOINT_DISPLACEMENT, 3, Stage::Edges);
        let markers = marker_positions(&step).expect("four markers");
        assert_eq!(markers.len(), 4);
        let map = &step.heightmap;
        assert!(markers.contains(&world_position(9, 4, 0, map.get(4, 0))));
        let done = terrain(Algorithm::MIDPOINT_DISPLACEMENT, 3, Stage::Done);
        assert_eq!(marker_positions(&done), None, "done sets no point");
        let noise = terrain(Algorithm::RANDOM_NOISE, 8, Stage::Done);
        assert_eq!(marker_positions(&noise), None, "too many to mark");
        assert!(marker_radius(3) > marker_radius(65));
    }

    #[test]
    fn a_traced_droplet_is_a_string_of_beads_ending_in_the_droplet() {
        let mut params = Params {
            map: MapSettings::new(6, 3),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        params.erosion.method = terrain_core::erosion::Method::Trace;
        let traced = params.generate(Stage::Step(4)).expect("valid");
        let balls = markers(&traced);
        let droplets: Vec<_> = balls.iter().filter(|ball| ball.color == DROPLET).collect();
        assert_eq!(droplets.len(), 1);
        let beads = balls.iter().filter(|ball| ball.color == PATH).count();
        assert!(beads >= 3, "{beads} beads");
        assert!(droplets[0].radius > balls[0].radius);
        // Every ball sits on the ground, its middle above the surface.
        for ball in &balls {
            let cell = WORLD_SIZE as f32 / 64.0;
            let x = f64::from((ball.position[0] + 50.0) / cell);
            let y = f64::from((50.0 - ball.position[1]) / cell);
            let ground = overlay::height_at(&traced.heightmap, x, y) as f32 * HEIGHT_SCALE as f32;
            assert!(ball.position[2] > ground, "{ball:?} over {ground}");
            assert!(
                ball.position[2] < ground + 2.0 * ball.radius,
                "{ball:?} over {ground}"
            );
        }
        assert!(markers(&terrain(Algorithm::DIAMOND_SQUARE, 6, Stage::Done)).is_empty());
    }

    #[test]
    fn rivers_turn_valleys_blue() {
        let map = terrain(Algorithm::DIAMOND_SQUARE, 7, Stage::Done);
        let dry = build_surface(&map, TERRAIN);
        let rivers = build_surface(
            &map,
            Look {
                water: Water::Rivers { wrap: false },
                ..TERRAIN
            },
        );
        let changed = dry
            .colors
            .iter()
            .zip(&rivers.colors)
            .filter(|(dry, wet)| dry != wet)
            .count();
        let points = 129 * 129;
        assert!(
            changed > points / 200 && changed < points / 4,
            "{changed} of {points} wet"
        );
        assert!(
            dry.colors
                .iter()
                .zip(&rivers.colors)
                .all(|(dry, wet)| dry == wet || wet[2] >= dry[2].min(crate::palette::WATER[2])),
            "water is bluer"
        );
        // Lakes fill their pits: points rise to the water, none sinks.
        let risen = dry
            .positions
            .iter()
            .zip(&rivers.positions)
            .filter(|(dry, wet)| {
                assert!(wet[2] >= dry[2], "{wet:?} under {dry:?}");
                wet[2] > dry[2]
            })
            .count();
        assert!(
            risen > 20 && risen < points / 10,
            "{risen} points under lakes"
        );
    }
}
