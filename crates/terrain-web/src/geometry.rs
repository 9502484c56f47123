//! The terrain's triangles on the GPU, uploaded straight from a [`Surface`].
//!
//! three-d's own `Mesh` would do, but it takes colours as `Srgba` and turns
//! every vertex's into linear floats on the CPU, three `powf` calls each:
//! at 513 x 513 that alone held the page about 36 ms per redraw, longer
//! than a frame. Here the surface's sRGB bytes go to the GPU as they are (a
//! quarter of the floats' size) and the vertex shader makes them linear, and
//! positions, normals and indices are uploaded from the surface's own
//! slices, with no copy.
//!
//! A map drawn point for point ([`GridSurface`]) goes up as even less: its
//! heights as a float texture and its colours. [`GridGeometry`]'s vertex
//! shader places each point from its index and takes its normal from its
//! neighbours' heights, and the triangles, the same for every map of a
//! size, stay on the GPU from one map to the next. At 513 x 513 that is
//! 2 MB a redraw instead of 14, and no positions, normals or triangles
//! built on the CPU at all.

use std::rc::Rc;

use terrain_core::world::WORLD_SIZE;
use terrain_view::surface::{GridSurface, Surface};
use three_d::{
    AxisAlignedBoundingBox, ColorTexture, Context, DepthTexture, Effect, ElementBuffer, Geometry,
    GeometryId, Interpolation, Light, Mat4, Material, Matrix, Program, RenderStates, SquareMatrix,
    Texture2D, VertexBuffer, Viewer, Wrapping, render_with_effect, render_with_material,
};

/// Our ids in three-d's range for geometries defined outside it.
const TERRAIN_GEOMETRY_ID: GeometryId = GeometryId(0x0702);
const GRID_GEOMETRY_ID: GeometryId = GeometryId(0x0703);

/// What both vertex shaders share: `place_vertex` puts a point in the
/// view with its normal and its colour, given as sRGB bytes (read as
/// unsigned integers) and made linear as three-d's `Mesh` would have done
/// before uploading. Its outputs are the ones three-d's own vertex shader
/// gives, so any material that reads `nor` and `col` draws our geometries.
const VERTEX_PRELUDE: &str = "
uniform mat4 viewProjection;
uniform mat4 modelMatrix;
uniform mat4 normalMatrix;

in uvec4 color;

out vec3 pos;
out vec3 nor;
out vec4 col;

vec3 linear_from_srgb(vec3 srgb) {
    vec3 low = srgb / 12.92;
    vec3 high = pow((srgb + 0.055) / 1.055, vec3(2.4));
    return mix(low, high, step(vec3(0.04045), srgb));
}

void place_vertex(vec3 position, vec3 normal) {
    vec4 world = modelMatrix * vec4(position, 1.0);
    gl_Position = viewProjection * world;
    pos = world.xyz / world.w;
    nor = normalize(mat3(normalMatrix) * normal);
    vec4 srgb = vec4(color) / 255.0;
    col = vec4(linear_from_srgb(srgb.rgb), srgb.a);
}
";

/// Positions and normals as they are.
const VERTEX_SHADER: &str = "
in vec3 position;
in vec3 normal;

void main() {
    place_vertex(position, normal);
}
";

/// A surface's vertex and index buffers, placed by a transformation.
pub struct TerrainGeometry {
    context: Context,
    positions: VertexBuffer<[f32; 3]>,
    normals: VertexBuffer<[f32; 3]>,
    colors: VertexBuffer<[u8; 4]>,
    indices: ElementBuffer<u32>,
    aabb: AxisAlignedBoundingBox,
    transformation: Mat4,
}

impl TerrainGeometry {
    /// Uploads `surface`.
    pub fn new(context: &Context, surface: &Surface) -> Self {
        let corners = surface.positions.iter().fold(
            ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]),
            |(low, high), point| {
                (
                    std::array::from_fn(|axis| lower(low[axis], point[axis])),
                    std::array::from_fn(|axis| higher(high[axis], point[axis])),
                )
            },
        );
        let aabb = if surface.positions.is_empty() {
            AxisAlignedBoundingBox::EMPTY
        } else {
            let [low, high] = [corners.0, corners.1].map(|[x, y, z]| three_d::vec3(x, y, z));
            AxisAlignedBoundingBox::new_with_positions(&[low, high])
        };
        Self {
            context: context.clone(),
            positions: VertexBuffer::new_with_data(context, &surface.positions),
            normals: VertexBuffer::new_with_data(context, &surface.normals),
            colors: VertexBuffer::new_with_data(context, &surface.colors),
            indices: ElementBuffer::new_with_data(context, &surface.indices),
            aabb,
            transformation: Mat4::identity(),
        }
    }

    /// Places the surface in the world (a tile's offset, the relief).
    pub fn set_transformation(&mut self, transformation: Mat4) {
        self.transformation = transformation;
    }
}

/// The `Geometry` methods other than `draw`, for a struct with `context`,
/// `aabb` and `transformation` fields: its id, its vertex shader (after
/// [`VERTEX_PRELUDE`]), and drawing through three-d's own
/// helpers. Like three-d's own geometries, they panic if the shaders do
/// not compile: that is a bug in this file, and the page shows panics.
macro_rules! drawn_by_three_d {
    ($id:expr, $vertex_shader:expr) => {
        fn vertex_shader_source(&self) -> String {
            format!("{VERTEX_PRELUDE}{}", $vertex_shader)
        }

        fn id(&self) -> GeometryId {
            $id
        }

        fn render_with_material(
            &self,
            material: &dyn Material,
            viewer: &dyn Viewer,
            lights: &[&dyn Light],
        ) {
            if let Err(error) = render_with_material(&self.context, viewer, self, material, lights)
            {
                panic!("the terrain's shaders did not compile: {error}");
            }
        }

        fn render_with_effect(
            &self,
            effect: &dyn Effect,
            viewer: &dyn Viewer,
            lights: &[&dyn Light],
            color_texture: Option<ColorTexture>,
            depth_texture: Option<DepthTexture>,
        ) {
            if let Err(error) = render_with_effect(
                &self.context,
                viewer,
                self,
                effect,
                lights,
                color_texture,
                depth_texture,
            ) {
                panic!("the terrain's shaders did not compile: {error}");
            }
        }

        fn aabb(&self) -> AxisAlignedBoundingBox {
            self.aabb.transformed(self.transformation)
        }
    };
}

impl Geometry for TerrainGeometry {
    fn draw(&self, viewer: &dyn Viewer, program: &Program, render_states: RenderStates) {
        if !place(program, viewer, self.transformation) {
            return;
        }
        program.use_vertex_attribute("position", &self.positions);
        program.use_vertex_attribute("normal", &self.normals);
        program.use_vertex_attribute("color", &self.colors);
        program.draw_elements(render_states, viewer.viewport(), &self.indices);
    }

    drawn_by_three_d!(TERRAIN_GEOMETRY_ID, VERTEX_SHADER);
}

/// Places each point from its index in the grid, reads its height and its
/// neighbours' from the texture, and makes the normal from them as
/// `terrain_core::world::normal` does (central differences, one-sided at
/// the border). The texture's rows run south to north (three-d fills it
/// bottom row first), so map row `y` is texel row `last - y`.
const GRID_VERTEX_SHADER: &str = "
uniform sampler2D heights;
uniform int side;
uniform float spacing;
uniform float halfWidth;

float height_at(int x, int y) {
    return texelFetch(heights, ivec2(x, side - 1 - y), 0).r;
}

void main() {
    int last = side - 1;
    int x = gl_VertexID % side;
    int y = gl_VertexID / side;
    int west = max(x - 1, 0);
    int east = min(x + 1, last);
    int north = max(y - 1, 0);
    int south = min(y + 1, last);
    float slopeEast = (height_at(east, y) - height_at(west, y)) / (float(east - west) * spacing);
    float slopeNorth = (height_at(x, north) - height_at(x, south)) / (float(south - north) * spacing);
    vec3 normal = normalize(vec3(-slopeEast, -slopeNorth, 1.0));
    vec3 position = vec3(-halfWidth + spacing * float(x), halfWidth - spacing * float(y), height_at(x, y));
    place_vertex(position, normal);
}
";

/// A map drawn point for point: heights in a texture, colours per point,
/// and the triangles for its size, shared with every other map that size.
pub struct GridGeometry {
    context: Context,
    side: u32,
    heights: Texture2D,
    colors: VertexBuffer<[u8; 4]>,
    triangles: Rc<ElementBuffer<u32>>,
    aabb: AxisAlignedBoundingBox,
    transformation: Mat4,
}

impl GridGeometry {
    /// Uploads `grid`'s heights and colours; `triangles` must be
    /// `terrain_view::surface::grid_triangles(grid.side)`, uploaded.
    pub fn new(context: &Context, grid: &GridSurface, triangles: Rc<ElementBuffer<u32>>) -> Self {
        let side = grid.side as u32;
        // Nearest, no mipmaps: a float texture is not filterable in WebGL2,
        // and the shader reads whole texels anyway.
        let heights = Texture2D::new_empty::<f32>(
            context,
            side,
            side,
            Interpolation::Nearest,
            Interpolation::Nearest,
            None,
            Wrapping::ClampToEdge,
            Wrapping::ClampToEdge,
        );
        heights.fill(&grid.heights);
        let (low, high) = grid.heights.iter().fold(
            (f32::INFINITY, f32::NEG_INFINITY),
            |(low, high), &height| (lower(low, height), higher(high, height)),
        );
        let half = WORLD_SIZE as f32 / 2.0;
        let aabb = AxisAlignedBoundingBox::new_with_positions(&[
            three_d::vec3(-half, -half, low),
            three_d::vec3(half, half, high),
        ]);
        Self {
            context: context.clone(),
            side,
            heights,
            colors: VertexBuffer::new_with_data(context, &grid.colors),
            triangles,
            aabb,
            transformation: Mat4::identity(),
        }
    }

    /// Places the surface in the world (a tile's offset, the relief).
    pub fn set_transformation(&mut self, transformation: Mat4) {
        self.transformation = transformation;
    }
}

impl Geometry for GridGeometry {
    fn draw(&self, viewer: &dyn Viewer, program: &Program, render_states: RenderStates) {
        if !place(program, viewer, self.transformation) {
            return;
        }
        let half = WORLD_SIZE as f32 / 2.0;
        program.use_uniform("side", self.side as i32);
        program.use_uniform("spacing", 2.0 * half / (self.side - 1) as f32);
        program.use_uniform("halfWidth", half);
        program.use_texture("heights", &self.heights);
        program.use_vertex_attribute("color", &self.colors);
        program.draw_elements(render_states, viewer.viewport(), &self.triangles);
    }

    drawn_by_three_d!(GRID_GEOMETRY_ID, GRID_VERTEX_SHADER);
}

/// Gives the shaders what places a geometry in the view, or `false` when
/// `transformation` flattens it (a relief of zero): nothing to light,
/// nothing to draw.
fn place(program: &Program, viewer: &dyn Viewer, transformation: Mat4) -> bool {
    let Some(inverse) = transformation.invert() else {
        return false;
    };
    program.use_uniform_if_required("normalMatrix", inverse.transpose());
    program.use_uniform("viewProjection", viewer.projection() * viewer.view());
    program.use_uniform("modelMatrix", transformation);
    true
}

// `f32::min` and `max` become a call per value in WebAssembly (to libm's
// `fminf`, for their NaN rules): 2 ms of a redraw at 513 x 513. A
// comparison is one instruction, and positions are never NaN.

/// The lower of two values, by comparison.
fn lower(a: f32, b: f32) -> f32 {
    if b < a { b } else { a }
}

/// The higher of two values, by comparison.
fn higher(a: f32, b: f32) -> f32 {
    if b > a { b } else { a }
}
