//! The terrain's material: Lambert shading of vertex colours.
//!
//! The posts light a Lambert material with one white directional light and a
//! faint ambient; this material does exactly that, so the "as in the posts"
//! palette looks like them. It is lit from both sides, so orbiting under the
//! edge of the map shows the underside instead of a hole.

use three_d::{
    ColorMapping, Cull, EffectMaterialId, InnerSpace, Light, Material, MaterialType, Program,
    RenderStates, Vec3, Viewer, vec3,
};

/// A light and the vertex colours of whatever it is drawn on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TerrainMaterial {
    /// The direction the light travels in (from the light into the scene).
    pub light_direction: Vec3,
    /// The light's linear colour times its intensity.
    pub light: Vec3,
    /// The ambient light's linear colour times its intensity.
    pub ambient: Vec3,
}

impl TerrainMaterial {
    /// The posts' lighting: a white light from above and in front, and a
    /// faint ambient so slopes facing away are not black.
    pub fn posts() -> Self {
        Self {
            light_direction: vec3(0.0, 1.0, -1.5),
            light: vec3(0.95, 0.95, 0.95),
            ambient: vec3(0.22, 0.22, 0.22),
        }
    }

    /// Our own lighting: a warm light low from the left, which brings out the
    /// relief, and a cool sky-coloured ambient.
    pub fn relief() -> Self {
        Self {
            light_direction: vec3(1.0, 0.6, -1.1),
            light: vec3(1.0, 0.96, 0.88),
            ambient: vec3(0.30, 0.33, 0.38),
        }
    }
}

/// Our id in three-d's range for materials defined outside it.
const TERRAIN_MATERIAL_ID: EffectMaterialId = EffectMaterialId(0x0701);

const FRAGMENT_SHADER: &str = "
uniform vec3 lightDirection;
uniform vec3 lightColor;
uniform vec3 ambientColor;

in vec3 nor;
in vec4 col;

layout (location = 0) out vec4 outColor;

void main() {
    vec3 normal = normalize(gl_FrontFacing ? nor : -nor);
    float diffuse = max(dot(normal, -lightDirection), 0.0);
    vec3 lit = col.rgb * (ambientColor + lightColor * diffuse);
    outColor = vec4(color_mapping(lit), 1.0);
}
";

impl Material for TerrainMaterial {
    fn fragment_shader_source(&self, _lights: &[&dyn Light]) -> String {
        format!(
            "{}{}",
            ColorMapping::fragment_shader_source(),
            FRAGMENT_SHADER
        )
    }

    fn id(&self) -> EffectMaterialId {
        TERRAIN_MATERIAL_ID
    }

    fn use_uniforms(&self, program: &Program, viewer: &dyn Viewer, _lights: &[&dyn Light]) {
        viewer.color_mapping().use_uniforms(program);
        program.use_uniform("lightDirection", self.light_direction.normalize());
        program.use_uniform("lightColor", self.light);
        program.use_uniform("ambientColor", self.ambient);
    }

    fn render_states(&self) -> RenderStates {
        RenderStates {
            cull: Cull::None,
            ..Default::default()
        }
    }

    fn material_type(&self) -> MaterialType {
        MaterialType::Opaque
    }
}
