//! The one WebGL2 context every demo on a page shares.
//!
//! Browsers keep only about sixteen live WebGL contexts per page, and each
//! would compile its own shaders. So the page gets one offscreen canvas with
//! one three-d context; a demo draws into its corner of it and copies the
//! pixels into its own visible canvas in the same task. Any number of demos
//! then works, shaders compile once, and a lost context is one event to
//! handle, not thirty.
//!
//! A context that is not given back is replaced by a new `Gpu` (see
//! [`terrain_view::graphics`]); dropping the old one lets go of everything
//! on it and stops listening to its canvas.

use std::rc::Rc;
use std::sync::Arc;

use js_sys::{Object, Reflect};
use terrain_core::Terrain;
use terrain_view::camera::{FAR_PLANE, FIELD_OF_VIEW_DEGREES, Orbit};
use terrain_view::graphics::{ContextEvent, ContextId};
use terrain_view::palette::{Palette, Rgba};
use terrain_view::slots::Slots;
use terrain_view::surface;
use terrain_view::upload::Upload;
use three_d::{
    ClearState, Context, CpuMesh, ElementBuffer, Gm, Indices, InstancedMesh, Instances, Mat4,
    Positions, RenderTarget, Srgba, Vec3, Viewport, Wireframe,
};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlCanvasElement, WebGl2RenderingContext,
    WebglLoseContext,
};

use crate::dom::{self, Listener};
use crate::geometry::{GridGeometry, TerrainGeometry};
use crate::material::TerrainMaterial;

/// Where a `Gpu` sends word of its context being lost or given back.
pub type Tell = Rc<dyn Fn(ContextEvent)>;

/// The shared context and its offscreen canvas.
pub struct Gpu {
    /// The page's number for this context.
    id: ContextId,
    canvas: HtmlCanvasElement,
    gl: WebGl2RenderingContext,
    context: Context,
    /// Bumped each time the context is rebuilt, so scenes made for an
    /// earlier one are known to be stale.
    generation: u32,
    lose_context: Option<WebglLoseContext>,
    /// The triangles of the last map size drawn point for point, kept for
    /// the next map that size.
    grid_triangles: Option<(usize, Rc<ElementBuffer<u32>>)>,
    /// The canvas's `webglcontextlost` and `webglcontextrestored`
    /// listeners, which go with it.
    listeners: Vec<Listener>,
}

/// A demo's objects on the GPU.
pub struct Scene {
    generation: u32,
    /// The whole surface, or only its skirt when `grid` draws the rest.
    surface: Gm<TerrainGeometry, TerrainMaterial>,
    grid: Option<Gm<GridGeometry, TerrainMaterial>>,
    markers: Option<Gm<InstancedMesh, TerrainMaterial>>,
    wireframe: Option<Wireframe>,
}

/// The wireframe's line: dark, half transparent, about a pixel wide.
const WIRE_COLOR: Srgba = Srgba::new(24, 32, 40, 150);
const WIRE_WIDTH: f32 = 1.1;

impl Gpu {
    /// Makes the offscreen canvas and its context, numbered `id`, which
    /// `tell`s when the browser takes it away or gives it back; or says
    /// why it can't.
    pub fn new(document: &Document, id: ContextId, tell: Tell) -> Result<Self, String> {
        let canvas: HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(describe)?
            .dyn_into()
            .map_err(|_| "a canvas element is not an HtmlCanvasElement".to_owned())?;
        canvas.set_width(1);
        canvas.set_height(1);
        let options = Object::new();
        for (key, value) in [
            ("antialias", true),
            ("alpha", false),
            ("depth", true),
            ("premultipliedAlpha", false),
            ("preserveDrawingBuffer", false),
        ] {
            Reflect::set(&options, &key.into(), &value.into()).map_err(describe)?;
        }
        let gl: WebGl2RenderingContext = canvas
            .get_context_with_context_options("webgl2", &options)
            .map_err(describe)?
            .ok_or("this browser did not give us a WebGL2 context")?
            .dyn_into()
            .map_err(|_| "the WebGL2 context has an unexpected type".to_owned())?;
        if gl.is_context_lost() {
            return Err("the browser gave a WebGL2 context that was already lost".to_owned());
        }
        let context = wrap(&gl)?;
        // Chromium has no global `WEBGL_lose_context` constructor to check
        // against, so the extension object is taken as what WebGL says it is.
        let lose_context = gl
            .get_extension("WEBGL_lose_context")
            .ok()
            .flatten()
            .map(|extension| extension.unchecked_into::<WebglLoseContext>());
        let on_lost = tell.clone();
        let listeners = vec![
            dom::listen_while_kept(&canvas, "webglcontextlost", move |event: Event| {
                // Without this the browser will not try to give it back.
                event.prevent_default();
                on_lost(ContextEvent::Lost(id));
            }),
            dom::listen_while_kept(&canvas, "webglcontextrestored", move |_: Event| {
                tell(ContextEvent::Restored(id))
            }),
        ]
        .into_iter()
        .collect::<Result<_, _>>()
        .map_err(describe)?;
        Ok(Self {
            id,
            canvas,
            gl,
            context,
            generation: 0,
            lose_context,
            grid_triangles: None,
            listeners,
        })
    }

    /// The page's number for this context.
    pub fn id(&self) -> ContextId {
        self.id
    }

    /// Whether the browser has taken the context away.
    pub fn is_lost(&self) -> bool {
        self.gl.is_context_lost()
    }

    /// Rebuilds three-d's context after the browser restored WebGL's;
    /// the demos' `scenes`, made on the lost one, go.
    pub fn restore(&mut self, scenes: &mut Slots<Option<Scene>>) -> Result<(), String> {
        self.context = wrap(&self.gl)?;
        self.generation += 1;
        // What was made on the lost context went with it: deleted on the
        // restored one, it would only make the browser warn.
        for (_, scene) in scenes.iter_mut() {
            std::mem::forget(scene.take());
        }
        std::mem::forget(self.grid_triangles.take());
        Ok(())
    }

    /// Simulates losing (`true`) or regaining the context, for tests.
    pub fn simulate_loss(&self, lose: bool) -> bool {
        match &self.lose_context {
            Some(extension) if lose => extension.lose_context(),
            Some(extension) => extension.restore_context(),
            None => return false,
        }
        true
    }

    /// Whether `scene` was made for the current context.
    pub fn is_current(&self, scene: &Scene) -> bool {
        scene.generation == self.generation
    }

    /// Uploads a terrain's surface as `upload` says, its markers and, if
    /// asked, a wireframe of the surface, lit for `palette`.
    pub fn scene(&mut self, terrain: &Terrain, upload: Upload<'_>, palette: Palette) -> Scene {
        let material = material_for(palette);
        let (surface, grid, wireframe) = match upload {
            Upload::Grid(grid) => {
                let triangles = self.grid_triangles(grid.side);
                (
                    Gm::new(TerrainGeometry::new(&self.context, &grid.skirt), material),
                    Some(Gm::new(
                        GridGeometry::new(&self.context, &grid, triangles),
                        material,
                    )),
                    None,
                )
            }
            Upload::Whole { surface, wireframe } => {
                let outline = wireframe.then(|| {
                    let outline = CpuMesh {
                        positions: Positions::F32(vectors(&surface.positions)),
                        indices: Indices::U32(surface.surface_indices().to_vec()),
                        ..Default::default()
                    };
                    Wireframe::new_from_cpu_mesh(&self.context, &outline, WIRE_WIDTH, WIRE_COLOR)
                });
                (
                    Gm::new(TerrainGeometry::new(&self.context, &surface), material),
                    None,
                    outline,
                )
            }
        };
        let balls = surface::markers(terrain);
        let markers = (!balls.is_empty()).then(|| {
            let instances = Instances {
                transformations: balls
                    .iter()
                    .map(|ball| {
                        Mat4::from_translation(vector(ball.position))
                            * Mat4::from_scale(ball.radius)
                    })
                    .collect(),
                colors: Some(balls.iter().map(|ball| srgba(ball.color)).collect()),
                ..Default::default()
            };
            Gm::new(
                InstancedMesh::new(&self.context, &instances, &CpuMesh::sphere(12)),
                material,
            )
        });
        Scene {
            generation: self.generation,
            surface,
            grid,
            markers,
            wireframe,
        }
    }

    /// Draws `scene` seen from `orbit` (four copies side by side when
    /// `tiled`, heights drawn `relief` times as tall) and copies the
    /// picture into `target`, a 2D canvas `width` x `height` pixels.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        scene: &mut Scene,
        orbit: &Orbit,
        palette: Palette,
        tiled: bool,
        relief: f32,
        target: &CanvasRenderingContext2d,
        width: u32,
        height: u32,
    ) -> Result<(), JsValue> {
        self.make_room(width, height);
        let viewport = Viewport::new_at_origo(width, height);
        let camera = three_d::Camera::new_perspective(
            viewport,
            vector(orbit.position()),
            vector(orbit.target),
            three_d::vec3(0.0, 0.0, 1.0),
            three_d::degrees(FIELD_OF_VIEW_DEGREES),
            1.0,
            FAR_PLANE,
        );
        let [red, green, blue, _] = palette
            .background()
            .map(|channel| f32::from(channel) / 255.0);
        let clear = ClearState::color_and_depth(red, green, blue, 1.0, 1.0);
        let screen = RenderTarget::screen(&self.context, width, height);
        screen.clear(clear);
        // A tiled view repeats the map every `PLANE_SIZE` units around the
        // origin; a single one sits at it.
        let half = terrain_core::world::WORLD_SIZE as f32 / 2.0;
        let offsets: &[(f32, f32)] = if tiled {
            &[(-half, -half), (half, -half), (-half, half), (half, half)]
        } else {
            &[(0.0, 0.0)]
        };
        // Relief scales heights on the GPU (three-d turns the normals to
        // match), so a new relief needs no new mesh.
        let relief = Mat4::from_nonuniform_scale(1.0, 1.0, relief);
        for &(x, y) in offsets {
            let placement = Mat4::from_translation(three_d::vec3(x, y, 0.0)) * relief;
            scene.surface.geometry.set_transformation(placement);
            if let Some(grid) = &mut scene.grid {
                grid.geometry.set_transformation(placement);
            }
            if let Some(markers) = &mut scene.markers {
                markers.geometry.set_transformation(placement);
            }
            if let Some(wireframe) = &mut scene.wireframe {
                wireframe.set_transformation(placement);
            }
            let objects = scene
                .surface
                .into_iter()
                .chain(scene.grid.iter().flat_map(|grid| grid.into_iter()))
                .chain(scene.markers.iter().flat_map(|markers| markers.into_iter()))
                .chain(
                    scene
                        .wireframe
                        .iter()
                        .flat_map(|wireframe| wireframe.into_iter()),
                );
            screen.render(&camera, objects, &[]);
        }
        // WebGL's origin is the bottom-left corner; the picture is the bottom
        // `height` rows of the offscreen canvas.
        let top = f64::from(self.canvas.height() - height);
        target.draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
            &self.canvas,
            0.0,
            top,
            f64::from(width),
            f64::from(height),
            0.0,
            0.0,
            f64::from(width),
            f64::from(height),
        )
    }

    /// The triangles of a map `side` points wide drawn point for point:
    /// the last ones when they are that size, else uploaded now.
    fn grid_triangles(&mut self, side: usize) -> Rc<ElementBuffer<u32>> {
        match &self.grid_triangles {
            Some((kept, triangles)) if *kept == side => triangles.clone(),
            _ => {
                let triangles = Rc::new(ElementBuffer::new_with_data(
                    &self.context,
                    &surface::grid_triangles(side),
                ));
                self.grid_triangles = Some((side, triangles.clone()));
                triangles
            }
        }
    }

    /// Grows the offscreen canvas to hold a `width` x `height` picture.
    /// It never shrinks: reallocating the drawing buffer costs more than the
    /// memory it would save.
    fn make_room(&self, width: u32, height: u32) {
        let round_up = |value: u32| value.div_ceil(128) * 128;
        if self.canvas.width() < width {
            self.canvas.set_width(round_up(width));
        }
        if self.canvas.height() < height {
            self.canvas.set_height(round_up(height));
        }
    }
}

impl Drop for Gpu {
    /// Stops listening to the canvas, then frees the context's memory at
    /// once if the browser has not already (a context renewed but not
    /// usable, say) rather than when the canvas is collected. The
    /// objects made on it are freed as they drop, with it.
    fn drop(&mut self) {
        self.listeners.clear();
        if !self.gl.is_context_lost()
            && let Some(extension) = &self.lose_context
        {
            extension.lose_context();
        }
    }
}

fn vector([x, y, z]: [f32; 3]) -> Vec3 {
    three_d::vec3(x, y, z)
}

fn vectors(points: &[[f32; 3]]) -> Vec<Vec3> {
    points.iter().copied().map(vector).collect()
}

fn srgba([r, g, b, a]: Rgba) -> Srgba {
    Srgba::new(r, g, b, a)
}

/// The lighting that goes with a palette.
fn material_for(palette: Palette) -> TerrainMaterial {
    if palette.is_posts() {
        TerrainMaterial::posts()
    } else {
        TerrainMaterial::relief()
    }
}

fn wrap(gl: &WebGl2RenderingContext) -> Result<Context, String> {
    let glow = three_d::context::Context::from_webgl2_context(gl.clone());
    // three-d wants an Arc; a WebGL context lives on one thread anyway.
    #[allow(clippy::arc_with_non_send_sync)]
    let shared = Arc::new(glow);
    Context::from_gl_context(shared).map_err(|error| error.to_string())
}

fn describe(value: JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|error| String::from(error.message()))
        })
        .unwrap_or_else(|| "an unknown error".to_owned())
}

#[cfg(all(test, target_arch = "wasm32"))]
// Test code: a failed expectation is the test failing.
#[allow(clippy::expect_used)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, MapSettings, Params, Stage};
    use terrain_view::palette::{Look, Water};
    use terrain_view::upload::upload;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    const WIDTH: u32 = 320;
    const HEIGHT: u32 = 240;

    /// `terrain`'s picture as RGBA bytes, its surface built on the CPU
    /// (`whole`) or drawn point for point.
    fn picture(gpu: &mut Gpu, terrain: &Terrain, look: Look, whole: bool, tiled: bool) -> Vec<u8> {
        let built = whole.then(|| surface::build_surface(terrain, look));
        let upload = upload(terrain, built.as_ref(), look, false);
        let mut scene = gpu.scene(terrain, upload, look.palette);
        assert_eq!(scene.grid.is_some(), !whole, "which path drew it");
        let document = web_sys::window().and_then(|window| window.document());
        let canvas: HtmlCanvasElement = document
            .and_then(|document| document.create_element("canvas").ok())
            .and_then(|element| element.dyn_into().ok())
            .expect("a canvas");
        canvas.set_width(WIDTH);
        canvas.set_height(HEIGHT);
        let target: CanvasRenderingContext2d = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|context| context.dyn_into().ok())
            .expect("a 2D context");
        let orbit = Orbit::start(false, tiled);
        gpu.draw(
            &mut scene,
            &orbit,
            look.palette,
            tiled,
            2.5,
            &target,
            WIDTH,
            HEIGHT,
        )
        .expect("drawn");
        target
            .get_image_data(0.0, 0.0, f64::from(WIDTH), f64::from(HEIGHT))
            .expect("pixels")
            .data()
            .to_vec()
    }

    // The GPU and the CPU work out the normals in f32 in different orders,
    // so a pixel's light may differ by a level (1 here); a wrong texel row,
    // normal or colour differs by tens of levels over most of the picture.
    #[wasm_bindgen_test]
    fn a_map_drawn_point_for_point_looks_as_its_whole_surface_does() {
        let document = web_sys::window()
            .and_then(|window| window.document())
            .expect("document");
        let mut gpu = Gpu::new(&document, 0, Rc::new(|_| {})).expect("WebGL2");
        let dry = Look::default();
        let rivers = Look {
            water: Water::Rivers { wrap: false },
            ..dry
        };
        for (algorithm, exponent, look, tiled) in [
            (Algorithm::PERLIN_NOISE, 7, dry, false),
            (Algorithm::DIAMOND_SQUARE, 8, rivers, true),
        ] {
            let params = Params {
                map: MapSettings::new(exponent, 5),
                ..Params::new(algorithm)
            };
            let terrain = params.generate(Stage::Done).expect("a terrain");
            let grid = picture(&mut gpu, &terrain, look, false, tiled);
            let whole = picture(&mut gpu, &terrain, look, true, tiled);
            let background = &whole[..3];
            let drawn = whole
                .chunks(4)
                .filter(|pixel| pixel[..3] != *background)
                .count();
            let pixels = (WIDTH * HEIGHT) as usize;
            assert!(
                drawn > pixels / 4,
                "{algorithm:?}: only {drawn} of {pixels} pixels drawn"
            );
            let differences: Vec<u8> = grid
                .chunks(4)
                .zip(whole.chunks(4))
                .map(|(a, b)| (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0))
                .collect();
            let unlike = differences.iter().filter(|&&levels| levels > 0).count();
            let largest = differences.iter().copied().max().unwrap_or(0);
            assert!(
                largest <= 2,
                "{algorithm:?}: {unlike} of {pixels} pixels differ, by up to {largest} levels"
            );
        }
    }
}
