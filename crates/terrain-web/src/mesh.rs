//! From a heightmap to triangles, normals and colours that three-d can draw.
//!
//! Geometry follows the posts: the map lies on a 100 x 100 plane centred on
//! the origin, `x` to the right, rows running away from the viewer, and a
//! height of 1 stands 50 units tall (half the plane's width). `z` is up.

use terrain_core::Terrain;
use three_d::{CpuMesh, Indices, Positions, Srgba, Vec3, vec3};

/// Width and depth of the plane the map is drawn on.
pub const PLANE_SIZE: f32 = 100.0;

/// How tall a height of 1 is drawn.
pub const HEIGHT_SCALE: f32 = 50.0;

/// The most points per side drawn as they are. Larger maps are drawn from
/// an evenly spaced sample of their points, so that exponent 12 stays within
/// what a browser's WebGL renders smoothly.
pub const MAX_DRAWN_SIDE: usize = 513;

/// The most highlighted points drawn as markers; past that, their colour
/// alone shows them (a marker per point would hide the surface).
pub const MAX_MARKERS: usize = 1500;

/// The colour of points the current step set.
pub const HIGHLIGHT: Srgba = Srgba::new_opaque(255, 96, 16);

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

/// The stride between drawn points: 1, or a power of two for large maps.
pub fn sample_stride(side: usize) -> usize {
    let mut stride = 1;
    while (side - 1) / stride + 1 > MAX_DRAWN_SIDE {
        stride *= 2;
    }
    stride
}

/// The surface of `terrain`, coloured by `palette`; points set by the last
/// step take the highlight colour when `highlight` is on, and points not set
/// yet are grey.
pub fn surface(terrain: &Terrain, palette: Palette, highlight: bool) -> CpuMesh {
    let map = &terrain.heightmap;
    let side = map.side();
    let stride = sample_stride(side);
    let drawn = (side - 1) / stride + 1;
    let mut positions = Vec::with_capacity(drawn * drawn);
    let mut colors = Vec::with_capacity(drawn * drawn);
    for y in (0..side).step_by(stride) {
        for x in (0..side).step_by(stride) {
            let height = map.get(x, y);
            positions.push(world_position(side, x, y, height));
            colors.push(if highlight && terrain.new_points.contains(x, y) {
                HIGHLIGHT
            } else if terrain.is_set(x, y) {
                palette.color(height)
            } else {
                UNSET
            });
        }
    }
    let normals = grid_normals(&positions, drawn);
    CpuMesh {
        positions: Positions::F32(positions),
        indices: Indices::U32(grid_triangles(drawn)),
        normals: Some(normals),
        colors: Some(colors),
        ..Default::default()
    }
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
    let count = terrain.new_points.len();
    if count == 0 || count > MAX_MARKERS {
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
        assert_eq!(mesh.positions.len(), 81);
        assert_eq!(mesh.indices.len(), Some(8 * 8 * 6));
        let normals = mesh.normals.as_ref().expect("normals");
        assert!(
            normals
                .iter()
                .all(|normal| (normal.magnitude() - 1.0).abs() < 1e-5 && normal.z > 0.0)
        );
    }

    #[test]
    fn large_maps_are_sampled_down_to_the_drawable_side() {
        assert_eq!(sample_stride(513), 1);
        assert_eq!(sample_stride(1025), 2);
        assert_eq!(sample_stride(4097), 8);
        let mesh = surface(
            &terrain(Algorithm::RandomNoise, 10, Stage::Done),
            Palette::Green,
            false,
        );
        assert_eq!(mesh.positions.len(), 513 * 513);
    }

    #[test]
    fn new_points_are_highlighted_and_unset_points_grey() {
        let step = terrain(Algorithm::DiamondSquare, 2, Stage::Square);
        let mesh = surface(&step, Palette::Terrain, true);
        let colors = mesh.colors.as_ref().expect("colours");
        assert_eq!(colors[2 * 5 + 2], HIGHLIGHT, "the new centre");
        assert_eq!(colors[1], UNSET, "an edge point not set yet");
        assert_ne!(colors[0], UNSET, "a corner");
        let plain = surface(&step, Palette::Terrain, false);
        assert_ne!(plain.colors.as_ref().expect("colours")[12], HIGHLIGHT);
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
