//! The terrain's triangles on the GPU, uploaded straight from a [`Surface`].
//!
//! three-d's own `Mesh` would do, but it takes colours as `Srgba` and turns
//! every vertex's into linear floats on the CPU, three `powf` calls each:
//! at 513 x 513 that alone held the page about 36 ms per redraw, longer
//! than a frame. Here the surface's sRGB bytes go to the GPU as they are (a
//! quarter of the floats' size) and the vertex shader makes them linear, and
//! positions, normals and indices are uploaded from the surface's own
//! slices, with no copy.

use terrain_view::surface::Surface;
use three_d::{
    AxisAlignedBoundingBox, ColorTexture, Context, DepthTexture, Effect, ElementBuffer, Geometry,
    GeometryId, Light, Mat4, Material, Matrix, Program, RenderStates, SquareMatrix, VertexBuffer,
    Viewer, render_with_effect, render_with_material,
};

/// Our id in three-d's range for geometries defined outside it.
const TERRAIN_GEOMETRY_ID: GeometryId = GeometryId(0x0702);

/// Positions and normals as they are; colours as sRGB bytes, read as
/// unsigned integers and made linear here, as three-d's `Mesh` would have
/// done before uploading. The outputs are the ones three-d's own vertex
/// shader gives, so any material that reads `nor` and `col` draws it.
const VERTEX_SHADER: &str = "
uniform mat4 viewProjection;
uniform mat4 modelMatrix;
uniform mat4 normalMatrix;

in vec3 position;
in vec3 normal;
in uvec4 color;

out vec3 pos;
out vec3 nor;
out vec4 col;

vec3 linear_from_srgb(vec3 srgb) {
    vec3 low = srgb / 12.92;
    vec3 high = pow((srgb + 0.055) / 1.055, vec3(2.4));
    return mix(low, high, step(vec3(0.04045), srgb));
}

void main() {
    vec4 world = modelMatrix * vec4(position, 1.0);
    gl_Position = viewProjection * world;
    pos = world.xyz / world.w;
    nor = normalize(mat3(normalMatrix) * normal);
    vec4 srgb = vec4(color) / 255.0;
    col = vec4(linear_from_srgb(srgb.rgb), srgb.a);
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
                    std::array::from_fn(|axis| low[axis].min(point[axis])),
                    std::array::from_fn(|axis| high[axis].max(point[axis])),
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

impl Geometry for TerrainGeometry {
    fn draw(&self, viewer: &dyn Viewer, program: &Program, render_states: RenderStates) {
        // A relief of zero flattens the map: nothing to light, nothing drawn.
        let Some(inverse) = self.transformation.invert() else {
            return;
        };
        program.use_uniform_if_required("normalMatrix", inverse.transpose());
        program.use_uniform("viewProjection", viewer.projection() * viewer.view());
        program.use_uniform("modelMatrix", self.transformation);
        program.use_vertex_attribute("position", &self.positions);
        program.use_vertex_attribute("normal", &self.normals);
        program.use_vertex_attribute("color", &self.colors);
        program.draw_elements(render_states, viewer.viewport(), &self.indices);
    }

    fn vertex_shader_source(&self) -> String {
        VERTEX_SHADER.to_owned()
    }

    fn id(&self) -> GeometryId {
        TERRAIN_GEOMETRY_ID
    }

    fn render_with_material(
        &self,
        material: &dyn Material,
        viewer: &dyn Viewer,
        lights: &[&dyn Light],
    ) {
        // three-d's own geometries panic here too: a shader that does not
        // compile is a bug in this file, and the page shows panics.
        if let Err(error) = render_with_material(&self.context, viewer, self, material, lights) {
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
}
