//! From a heightmap to triangles, normals and colours that three-d can draw.
//!
//! Geometry follows the posts: the map lies on a 100 x 100 plane centred on
//! the origin, `x` to the right, rows running away from the viewer, and a
//! height of 1 stands 50 units tall (half the plane's width). `z` is up.

use terrain_core::{PointSet, Terrain};

use crate::lod::Rtin;
use three_d::{CpuMesh, Indices, InnerSpace, Positions, Srgba, Vec3, vec3};

/// Width and depth of the plane the map is drawn on.
pub const PLANE_SIZE: f32 = 100.0;

/// How tall a height of 1 is drawn.
pub const HEIGHT_SCALE: f32 = 50.0;

/// The most points per side drawn as they are. Larger maps are drawn as a
/// level-of-detail mesh (see [`crate::lod`]), so that exponent 12 stays
/// within what a browser's WebGL renders smoothly.
pub const MAX_DRAWN_SIDE: usize = 513;

/// The most highlighted points drawn as markers; past that, their colour
/// alone shows them (a marker per point would hide the surface).
pub const MAX_MARKERS: usize = 1500;

/// The colour of points the current step set.
pub const HIGHLIGHT: Srgba = Srgba::new_opaque(255, 96, 16);

/// How far below the lowest point the skirt around the map reaches.
pub const SKIRT_DEPTH: f32 = 4.0;

/// The colour of points not set yet (they sit at height 0).
pub const UNSET: Srgba = Srgba::new_opaque(176, 180, 186);

/// How heights become colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Palette {
    /// A smooth map palette: water blue, sand, greens, rock, snow.
    #[default]
    Terrain,
    /// The same palette in ten flat bands, like contour lines.
    Bands,
    /// The posts' look: one flat green (#00bb00) on white.
    Green,
    /// Black for the lowest point to white for the highest.
    Greyscale,
}

impl Palette {
    /// Every palette, in menu order.
    pub const ALL: [Palette; 4] = [
        Palette::Terrain,
        Palette::Bands,
        Palette::Green,
        Palette::Greyscale,
    ];

    /// The name used in attributes and URLs.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Terrain => "terrain",
            Palette::Bands => "bands",
            Palette::Green => "green",
            Palette::Greyscale => "greyscale",
        }
    }

    /// The name shown in menus.
    pub fn title(self) -> &'static str {
        match self {
            Palette::Terrain => "Terrain colours",
            Palette::Bands => "Height bands",
            Palette::Green => "Flat green, as in the posts",
            Palette::Greyscale => "Greyscale",
        }
    }

    /// Reads [`Palette::name`], ignoring case and surrounding white space.
    pub fn parse(text: &str) -> Option<Palette> {
        let text = text.trim();
        Palette::ALL
            .into_iter()
            .find(|palette| palette.name().eq_ignore_ascii_case(text))
    }

    /// The colour of a point at `height` (clamped to `[0, 1]`).
    pub fn color(self, height: f64) -> Srgba {
        let height = if height.is_nan() {
            0.0
        } else {
            height.clamp(0.0, 1.0)
        };
        match self {
            Palette::Terrain => ramp(height),
            Palette::Bands => ramp(((height * 10.0).floor().min(9.0) + 0.5) / 10.0),
            Palette::Green => Srgba::new_opaque(0, 0xbb, 0),
            Palette::Greyscale => {
                let level = (height * 255.0).round() as u8;
                Srgba::new_opaque(level, level, level)
            }
        }
    }

    /// What the canvas is cleared to behind the terrain.
    pub fn background(self) -> Srgba {
        match self {
            Palette::Green => Srgba::WHITE,
            Palette::Greyscale => Srgba::new_opaque(236, 238, 240),
            Palette::Terrain | Palette::Bands => Srgba::new_opaque(232, 238, 242),
        }
    }
}

/// Stops of the terrain palette: height and sRGB colour.
const RAMP: [(f64, [u8; 3]); 8] = [
    (0.00, [34, 78, 122]),
    (0.16, [60, 128, 150]),
    (0.24, [214, 200, 146]),
    (0.32, [118, 164, 78]),
    (0.55, [62, 110, 54]),
    (0.72, [126, 104, 80]),
    (0.86, [156, 152, 146]),
    (1.00, [252, 252, 252]),
];

fn ramp(height: f64) -> Srgba {
    let upper = RAMP
        .iter()
        .position(|&(stop, _)| stop >= height)
        .unwrap_or(RAMP.len() - 1)
        .max(1);
    let (low_stop, low) = RAMP[upper - 1];
    let (high_stop, high) = RAMP[upper];
    let t = ((height - low_stop) / (high_stop - low_stop)).clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    Srgba::new_opaque(
        mix(low[0], high[0]),
        mix(low[1], high[1]),
        mix(low[2], high[2]),
    )
}

/// Where point `(x, y)` of a map `side` points wide, at `height`, is drawn.
pub fn world_position(side: usize, x: usize, y: usize, height: f64) -> Vec3 {
    let spacing = PLANE_SIZE / (side - 1) as f32;
    vec3(
        -PLANE_SIZE / 2.0 + x as f32 * spacing,
        PLANE_SIZE / 2.0 - y as f32 * spacing,
        height as f32 * HEIGHT_SCALE,
    )
}

/// Maps this many points wide or fewer are drawn with flat facets: on a
/// small, spiky map smooth normals smear into blotches, while facets show
/// each cell plainly (as the posts' demos did).
pub const MAX_FACETED_SIDE: usize = 65;

/// The most triangles an automatic level of detail draws: about what
/// WebGL renders smoothly, even without a GPU.
pub const TRIANGLE_BUDGET: usize = 1_000_000;

/// The error bounds (world units) an automatic level of detail tries, in
/// order; it keeps the first whose surface fits the budget.
pub const LOD_BOUNDS: [f32; 8] = [0.0125, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6];

/// How much detail a map wider than [`MAX_DRAWN_SIDE`] is drawn with.
/// Smaller maps are always drawn exactly, point for point.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Detail {
    /// The finest of [`LOD_BOUNDS`] within [`TRIANGLE_BUDGET`].
    #[default]
    Automatic,
    /// Every drawn point within this many world units of its true height.
    MaxError(f32),
}

/// Whether a stage's new points are worth pointing at: not when it set
/// none, nor when it set all of them (random noise).
pub fn highlights(terrain: &Terrain) -> bool {
    !matches!(
        terrain.new_points,
        PointSet::Nothing | PointSet::Everything { .. }
    )
}

/// A surface ready for the GPU: plain arrays, so a worker can build one and
/// hand it over.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Surface {
    /// Vertex positions, world units.
    pub positions: Vec<Vec3>,
    /// Unit normals, one per vertex.
    pub normals: Vec<Vec3>,
    /// sRGB colours, one per vertex.
    pub colors: Vec<Srgba>,
    /// Three vertex indices per triangle: the surface's first, then the skirt's.
    pub indices: Vec<u32>,
    /// How many of the triangles belong to the surface itself.
    pub surface_triangles: usize,
    /// The error bound a level-of-detail surface keeps, or `None` when
    /// every point is drawn as it is.
    pub max_error: Option<f32>,
}

impl Surface {
    /// The surface and skirt as a three-d mesh.
    pub fn to_cpu_mesh(&self) -> CpuMesh {
        CpuMesh {
            positions: Positions::F32(self.positions.clone()),
            indices: Indices::U32(self.indices.clone()),
            normals: Some(self.normals.clone()),
            colors: Some(self.colors.clone()),
            ..Default::default()
        }
    }

    /// Just the surface's triangles (no skirt, no colours): what a
    /// wireframe outlines.
    pub fn wireframe_mesh(&self) -> CpuMesh {
        CpuMesh {
            positions: Positions::F32(self.positions.clone()),
            indices: Indices::U32(self.indices[..self.surface_triangles * 3].to_vec()),
            ..Default::default()
        }
    }
}

/// The surface of `terrain`, coloured by `palette`, with a skirt, as a
/// three-d mesh (see [`build_surface`]).
pub fn surface(terrain: &Terrain, palette: Palette, highlight: bool) -> CpuMesh {
    build_surface(terrain, palette, highlight, Detail::Automatic).to_cpu_mesh()
}

/// The surface of `terrain`, coloured by `palette`, standing on a skirt.
/// Points not set yet are grey. With `highlight`, points set by the last
/// step are tinted, but only when there are too many for markers (see
/// [`marker_positions`]), which show them better. Maps up to
/// [`MAX_DRAWN_SIDE`] points wide are drawn point for point (faceted up to
/// [`MAX_FACETED_SIDE`]); wider ones as a level-of-detail mesh (see
/// [`crate::lod`]) within the error bound `detail` asks for.
pub fn build_surface(
    terrain: &Terrain,
    palette: Palette,
    highlight: bool,
    detail: Detail,
) -> Surface {
    let map = &terrain.heightmap;
    let side = map.side();
    let last = side - 1;
    let tint = highlight && highlights(terrain) && terrain.new_points.len() > MAX_MARKERS;
    let color_at = |x: usize, y: usize| {
        if tint && terrain.new_points.contains(x, y) {
            HIGHLIGHT
        } else if terrain.is_set(x, y) {
            palette.color(map.get(x, y))
        } else {
            UNSET
        }
    };
    let mut surface = Surface::default();
    // Each side of the border, walked so that the skirt's triangles face out.
    let mut borders: [Vec<(usize, usize)>; 4] = Default::default();
    if side <= MAX_DRAWN_SIDE {
        let mut grid = Vec::with_capacity(side * side);
        let mut colors = Vec::with_capacity(side * side);
        for y in 0..side {
            for x in 0..side {
                grid.push(world_position(side, x, y, map.get(x, y)));
                colors.push(color_at(x, y));
            }
        }
        let triangles = grid_triangles(side);
        if side <= MAX_FACETED_SIDE {
            add_faceted(&grid, &colors, &triangles, &mut surface);
        } else {
            surface.normals = grid_normals(&grid, side);
            surface.positions = grid;
            surface.colors = colors;
            surface.indices = triangles;
        }
        borders = [
            (0..side).map(|x| (x, last)).collect(),
            (0..side).rev().map(|x| (x, 0)).collect(),
            (0..side).map(|y| (0, y)).collect(),
            (0..side).rev().map(|y| (last, y)).collect(),
        ];
    } else {
        let rtin = Rtin::new(map.heights(), side, f64::from(HEIGHT_SCALE));
        let (mesh, bound) = match detail {
            Detail::MaxError(bound) => (rtin.mesh(bound.max(0.0)), bound.max(0.0)),
            Detail::Automatic => LOD_BOUNDS
                .iter()
                .find_map(|&bound| Some((rtin.mesh_within(bound, TRIANGLE_BUDGET)?, bound)))
                .unwrap_or_else(|| (rtin.mesh(f32::MAX), f32::MAX)),
        };
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
    add_skirt(map, &borders, &color_at, &mut surface);
    surface
}

/// Every triangle with its own three vertices and its face's normal.
fn add_faceted(grid: &[Vec3], colors: &[Srgba], triangles: &[u32], surface: &mut Surface) {
    for triangle in triangles.chunks_exact(3) {
        let [a, b, c] = [0, 1, 2].map(|corner| triangle[corner] as usize);
        let normal = (grid[b] - grid[a]).cross(grid[c] - grid[a]).normalize();
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
/// out, in a darker shade of the border's colours.
fn add_skirt(
    map: &terrain_core::Heightmap,
    borders: &[Vec<(usize, usize)>; 4],
    color_at: &dyn Fn(usize, usize) -> Srgba,
    surface: &mut Surface,
) {
    let side = map.side();
    let (lowest, _) = map.min_max();
    let base = (lowest as f32 * HEIGHT_SCALE).min(0.0) - SKIRT_DEPTH;
    let outward = [
        vec3(0.0, -1.0, 0.0),
        vec3(0.0, 1.0, 0.0),
        vec3(-1.0, 0.0, 0.0),
        vec3(1.0, 0.0, 0.0),
    ];
    let shade = |channel: u8| (f32::from(channel) * 0.62) as u8;
    for (points, normal) in borders.iter().zip(outward) {
        let first = surface.positions.len() as u32;
        for &(x, y) in points {
            let top = world_position(side, x, y, map.get(x, y));
            let color = color_at(x, y);
            let wall = Srgba::new_opaque(shade(color.r), shade(color.g), shade(color.b));
            surface.positions.extend([top, vec3(top.x, top.y, base)]);
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

/// The surface normal at grid point `(x, y)`, from central differences of
/// the heights in world units (one-sided at the border).
fn grid_normal(map: &terrain_core::Heightmap, x: usize, y: usize) -> Vec3 {
    let side = map.side();
    let last = side - 1;
    let spacing = PLANE_SIZE / last as f32;
    let height = |x: usize, y: usize| map.get(x, y) as f32 * HEIGHT_SCALE;
    let (left, right) = (x.saturating_sub(1), (x + 1).min(last));
    let (up, down) = (y.saturating_sub(1), (y + 1).min(last));
    // World y runs against the rows.
    let slope_x = (height(right, y) - height(left, y)) / ((right - left) as f32 * spacing);
    let slope_y = (height(x, up) - height(x, down)) / ((down - up) as f32 * spacing);
    vec3(-slope_x, -slope_y, 1.0).normalize()
}

/// Two counter-clockwise (seen from above) triangles per grid cell.
fn grid_triangles(side: usize) -> Vec<u32> {
    let mut indices = Vec::with_capacity((side - 1) * (side - 1) * 6);
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

/// Normals from central differences of neighbouring positions (one-sided
/// at the borders): smooth shading without averaging face normals.
fn grid_normals(positions: &[Vec3], side: usize) -> Vec<Vec3> {
    let at = |x: usize, y: usize| positions[y * side + x];
    let mut normals = Vec::with_capacity(positions.len());
    for y in 0..side {
        for x in 0..side {
            let along_x = at((x + 1).min(side - 1), y) - at(x.saturating_sub(1), y);
            let along_y = at(x, y.saturating_sub(1)) - at(x, (y + 1).min(side - 1));
            let normal = along_x.cross(along_y);
            normals.push(if normal.z > 0.0 {
                normal / normal.z.hypot(normal.x.hypot(normal.y))
            } else {
                vec3(0.0, 0.0, 1.0)
            });
        }
    }
    normals
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
    (PLANE_SIZE / (side - 1) as f32 * 0.22).clamp(0.6, 3.2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, Params, Stage, generate};
    use three_d::InnerSpace;

    fn terrain(algorithm: Algorithm, exponent: u32, stage: Stage) -> Terrain {
        let params = Params {
            exponent,
            seed: 3,
            ..Params::new(algorithm)
        };
        generate(&params, stage).expect("valid")
    }

    #[test]
    fn the_plane_is_100_wide_and_heights_are_scaled_by_50() {
        assert_eq!(world_position(9, 0, 0, 0.0), vec3(-50.0, 50.0, 0.0));
        assert_eq!(world_position(9, 8, 8, 1.0), vec3(50.0, -50.0, 50.0));
        assert_eq!(world_position(9, 4, 4, 0.5), vec3(0.0, 0.0, 25.0));
    }

    #[test]
    fn a_small_map_is_drawn_point_for_point() {
        let mesh = surface(
            &terrain(Algorithm::DiamondSquare, 3, Stage::Done),
            Palette::Terrain,
            true,
        );
        // Faceted: three vertices per triangle, then the skirt's.
        let surface_vertices = 8 * 8 * 2 * 3;
        assert_eq!(mesh.positions.len(), surface_vertices + 4 * 9 * 2);
        assert_eq!(mesh.indices.len(), Some(surface_vertices + 4 * 8 * 6));
        let normals = mesh.normals.as_ref().expect("normals");
        assert!(
            normals
                .iter()
                .all(|normal| (normal.magnitude() - 1.0).abs() < 1e-5)
        );
        assert!(
            normals[..surface_vertices]
                .iter()
                .all(|normal| normal.z > 0.0),
            "the surface faces up"
        );
        let smooth = surface(
            &terrain(Algorithm::DiamondSquare, 7, Stage::Done),
            Palette::Terrain,
            true,
        );
        assert_eq!(
            smooth.positions.len(),
            129 * 129 + 4 * 129 * 2,
            "larger maps share vertices"
        );
    }

    #[test]
    fn large_maps_get_a_level_of_detail_mesh_within_budget_and_bound() {
        let big = terrain(Algorithm::DiamondSquare, 10, Stage::Done);
        let automatic = build_surface(&big, Palette::Terrain, true, Detail::Automatic);
        assert!(
            automatic.surface_triangles <= TRIANGLE_BUDGET,
            "{}",
            automatic.surface_triangles
        );
        let bound = automatic.max_error.expect("a level-of-detail mesh");
        assert!(LOD_BOUNDS.contains(&bound));
        let finer = LOD_BOUNDS
            .iter()
            .rev()
            .find(|&&candidate| candidate < bound);
        if let Some(&finer) = finer {
            let too_many = build_surface(&big, Palette::Terrain, true, Detail::MaxError(finer));
            assert!(
                too_many.surface_triangles > TRIANGLE_BUDGET,
                "the automatic bound is the finest that fits"
            );
        }
        let coarse = build_surface(&big, Palette::Terrain, true, Detail::MaxError(1.0));
        assert!(coarse.surface_triangles < automatic.surface_triangles);
        assert_eq!(coarse.max_error, Some(1.0));
        let small = build_surface(
            &terrain(Algorithm::DiamondSquare, 9, Stage::Done),
            Palette::Terrain,
            true,
            Detail::MaxError(1.0),
        );
        assert_eq!(
            small.max_error, None,
            "513 points and fewer are drawn exactly"
        );
        assert_eq!(small.surface_triangles, 2 * 512 * 512);
    }

    #[test]
    fn the_skirt_faces_out_and_reaches_below_the_lowest_point() {
        let step = terrain(Algorithm::MidpointDisplacement, 2, Stage::Corners);
        let mesh = surface(&step, Palette::Terrain, true);
        let positions = mesh.positions.to_f32();
        let indices = mesh.indices.to_u32().expect("indices");
        let lowest = positions
            .iter()
            .map(|position| position.z)
            .fold(f32::MAX, f32::min);
        assert_eq!(
            lowest, -SKIRT_DEPTH,
            "unset points sit at 0, the base below them"
        );
        // Every triangle's winding agrees with its normal: the surface's
        // face up, the skirt's out.
        let normals = mesh.normals.as_ref().expect("normals");
        for triangle in indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|corner| positions[triangle[corner] as usize]);
            let facing = (b - a).cross(c - a);
            assert!(
                facing.dot(normals[triangle[0] as usize]) > 0.0,
                "{triangle:?}"
            );
        }
    }

    #[test]
    fn unset_points_are_grey_and_many_new_points_tinted() {
        let step = terrain(Algorithm::DiamondSquare, 2, Stage::Square);
        let colors = surface(&step, Palette::Terrain, true)
            .colors
            .expect("colours");
        // Faceted vertices: the first triangle is (0, 0), (0, 1), (1, 1).
        assert_ne!(colors[0], UNSET, "a corner is set");
        assert_eq!(colors[1], UNSET, "an edge point is not yet");
        assert!(
            !colors.contains(&HIGHLIGHT),
            "one new point: a marker shows it, not a tint"
        );
        let busy = terrain(Algorithm::DiamondSquare, 8, Stage::Pass(8));
        assert!(busy.new_points.len() > MAX_MARKERS);
        let colors = surface(&busy, Palette::Terrain, true)
            .colors
            .expect("colours");
        assert_eq!(colors[1], HIGHLIGHT, "(1, 0) is new in the last pass");
        assert_ne!(colors[0], HIGHLIGHT, "(0, 0) is a corner");
        let noise = terrain(Algorithm::RandomNoise, 3, Stage::Done);
        assert!(
            !surface(&noise, Palette::Terrain, true)
                .colors
                .expect("colours")
                .contains(&HIGHLIGHT)
        );
        assert_eq!(
            marker_positions(&noise),
            None,
            "random noise points at nothing"
        );
    }

    #[test]
    fn markers_sit_on_the_new_points() {
        let step = terrain(Algorithm::MidpointDisplacement, 3, Stage::Edges);
        let markers = marker_positions(&step).expect("four markers");
        assert_eq!(markers.len(), 4);
        let map = &step.heightmap;
        assert!(markers.contains(&world_position(9, 4, 0, map.get(4, 0))));
        let done = terrain(Algorithm::MidpointDisplacement, 3, Stage::Done);
        assert_eq!(marker_positions(&done), None, "done sets no point");
        let noise = terrain(Algorithm::RandomNoise, 8, Stage::Done);
        assert_eq!(marker_positions(&noise), None, "too many to mark");
    }

    #[test]
    fn palettes_span_their_colours() {
        assert_eq!(Palette::Greyscale.color(0.0), Srgba::new_opaque(0, 0, 0));
        assert_eq!(
            Palette::Greyscale.color(1.0),
            Srgba::new_opaque(255, 255, 255)
        );
        assert_eq!(
            Palette::Greyscale.color(7.0),
            Srgba::new_opaque(255, 255, 255)
        );
        assert_eq!(Palette::Green.color(0.3), Srgba::new_opaque(0, 0xbb, 0));
        assert_eq!(
            Palette::Terrain.color(1.0),
            Srgba::new_opaque(252, 252, 252)
        );
        assert_eq!(
            Palette::Terrain.color(f64::NAN),
            Palette::Terrain.color(0.0)
        );
        let bands: std::collections::HashSet<_> = (0..=100)
            .map(|step| Palette::Bands.color(f64::from(step) / 100.0))
            .collect();
        assert_eq!(bands.len(), 10);
        for palette in Palette::ALL {
            assert_eq!(Palette::parse(palette.name()), Some(palette));
        }
        assert_eq!(Palette::parse("purple"), None);
    }
}
