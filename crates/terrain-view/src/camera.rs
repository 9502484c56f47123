//! An orbiting camera, and what mouse, touch and keys do to it.
//!
//! The state is four numbers around a target point, so every gesture is a
//! small, testable change to one of them; the renderer reads
//! [`Orbit::position`] and [`Orbit::target`].

use std::f32::consts::{FRAC_PI_2, PI};

use terrain_core::Heightmap;
use terrain_core::world::{HEIGHT_SCALE, WORLD_SIZE};

use crate::surface::Vec3;

/// The posts' field of view.
pub const FIELD_OF_VIEW_DEGREES: f32 = 55.0;

/// How far the camera sees: past the furthest it can be from the map.
pub const FAR_PLANE: f32 = MAX_DISTANCE * 3.0;

const MIN_ELEVATION: f32 = 0.05;
const MAX_ELEVATION: f32 = FRAC_PI_2 - 0.01;
const MIN_DISTANCE: f32 = 25.0;
const MAX_DISTANCE: f32 = 400.0;
/// Radians of orbit per pixel dragged across the full height of a view.
const ORBIT_PER_VIEW_HEIGHT: f32 = PI;
/// Radians one arrow-key press turns the view.
const KEY_ORBIT_STEP: f32 = PI / 24.0;
/// Distance factor of one zoom key press.
const KEY_ZOOM_STEP: f32 = 0.85;
/// Plane units one pan key press moves, per unit of distance.
const KEY_PAN_STEP: f32 = 0.06;

/// A camera looking at `target` from `distance` away, `azimuth` radians
/// around the vertical axis (from +x) and `elevation` radians above the
/// ground plane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    /// Angle around the vertical axis, from +x towards +y.
    pub azimuth: f32,
    /// Angle above the ground plane.
    pub elevation: f32,
    /// Distance from the target.
    pub distance: f32,
    /// The point looked at.
    pub target: Vec3,
}

impl Default for Orbit {
    /// Our starting view: the posts' direction, closer, aimed a little above
    /// the plane, so the whole map fills the view with a margin to orbit in.
    fn default() -> Self {
        Self {
            distance: 150.0,
            target: [0.0, 9.0, 14.0],
            ..Orbit::posts()
        }
    }
}

/// Something a reader did to the view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CameraAction {
    /// Turn around the target by these angles (radians).
    Orbit {
        /// Change of azimuth.
        azimuth: f32,
        /// Change of elevation.
        elevation: f32,
    },
    /// Slide the target across the view, in fractions of the distance.
    Pan {
        /// Towards the right of the view.
        right: f32,
        /// Towards the top of the view.
        up: f32,
    },
    /// Multiply the distance (below 1 comes closer).
    Zoom(f32),
    /// Back to the starting view.
    Reset,
}

impl Orbit {
    /// The posts' camera: at (0, -100, 150), looking at the centre of the
    /// plane.
    pub fn posts() -> Self {
        Self {
            azimuth: -FRAC_PI_2,
            elevation: 150f32.atan2(100.0),
            distance: 100f32.hypot(150.0),
            target: [0.0, 0.0, 0.0],
        }
    }

    /// Where the camera is.
    pub fn position(&self) -> Vec3 {
        let ground = self.elevation.cos();
        let direction = [
            ground * self.azimuth.cos(),
            ground * self.azimuth.sin(),
            self.elevation.sin(),
        ];
        [0, 1, 2].map(|axis| self.target[axis] + direction[axis] * self.distance)
    }

    /// Applies an action, keeping the view within sensible limits: above
    /// the ground, not inside the terrain, not lost in the distance.
    pub fn act(&mut self, action: CameraAction) {
        match action {
            CameraAction::Orbit { azimuth, elevation } => {
                self.azimuth = (self.azimuth + azimuth).rem_euclid(2.0 * PI);
                self.elevation = (self.elevation + elevation).clamp(MIN_ELEVATION, MAX_ELEVATION);
            }
            CameraAction::Pan { right, up } => {
                // Right is perpendicular to the view on the ground; "up" on
                // screen moves the target away from the camera on the ground.
                let right_direction = [-self.azimuth.sin(), self.azimuth.cos()];
                let away = [-self.azimuth.cos(), -self.azimuth.sin()];
                let limit = 100.0;
                for axis in 0..2 {
                    let moved = (right_direction[axis] * right + away[axis] * up) * self.distance;
                    self.target[axis] = (self.target[axis] + moved).clamp(-limit, limit);
                }
            }
            CameraAction::Zoom(factor) if factor.is_finite() && factor > 0.0 => {
                self.distance = (self.distance * factor).clamp(MIN_DISTANCE, MAX_DISTANCE);
            }
            CameraAction::Zoom(_) => {}
            CameraAction::Reset => *self = Orbit::default(),
        }
    }
}

impl Orbit {
    /// Moves the camera back along its line of sight, as little as it
    /// must, until it is `CLEARANCE` above the highest ground near it
    /// (`ceiling`): a zoom stops at the hillside rather than going in.
    pub fn keep_clear(&mut self, ceiling: &Ceiling) {
        let inside = |orbit: &Orbit| {
            let [east, north, up] = orbit.position();
            ceiling
                .above(east, north)
                .is_some_and(|ground| up < ground + CLEARANCE)
        };
        while inside(self) && self.distance < MAX_DISTANCE {
            self.distance = (self.distance * 1.04).min(MAX_DISTANCE);
        }
    }

    /// The view a demo starts from: the posts' own camera with their look
    /// (`posts`), and twice as far back, centred, for four tiles.
    pub fn start(posts: bool, tiled: bool) -> Self {
        let mut orbit = if posts {
            Orbit::posts()
        } else {
            Orbit::default()
        };
        if tiled {
            orbit.distance *= 1.65;
            orbit.target = [0.0, 0.0, orbit.target[2]];
        }
        orbit
    }
}

/// How far above the ground under it the camera stays, in world units:
/// well beyond the near plane (1 unit), so no hill is cut open, and far
/// enough to see the ground round a hilltop rather than a blur of one
/// slope (3 units looked so).
const CLEARANCE: f32 = 8.0;

/// Cells of [`Ceiling`] across the map: about 1.6 world units each.
const CEILING_CELLS: usize = 64;

/// The highest ground in each of a grid of cells over the drawn map, in
/// world units: what the camera keeps `CLEARANCE` above
/// ([`Orbit::keep_clear`]), so zooming or turning low cannot put it
/// inside a hill.
#[derive(Debug, Clone, PartialEq)]
pub struct Ceiling {
    /// Row-major, `CEILING_CELLS` a row, rows from the map's northern edge.
    highest: Vec<f32>,
    /// Whether the map is drawn four times, side by side.
    tiled: bool,
}

impl Ceiling {
    /// The ceiling of `map` drawn `relief` times as tall, once or `tiled`.
    pub fn of(map: &Heightmap, relief: f64, tiled: bool) -> Self {
        let side = map.side();
        let mut highest = vec![f32::NEG_INFINITY; CEILING_CELLS * CEILING_CELLS];
        let cell_of = |index: usize| (index * CEILING_CELLS / side).min(CEILING_CELLS - 1);
        let columns: Vec<usize> = (0..side).map(cell_of).collect();
        for (y, row) in map.heights().chunks_exact(side).enumerate() {
            let cells = &mut highest[cell_of(y) * CEILING_CELLS..][..CEILING_CELLS];
            for (&height, &column) in row.iter().zip(&columns) {
                let drawn = (height * HEIGHT_SCALE * relief) as f32;
                if drawn > cells[column] {
                    cells[column] = drawn;
                }
            }
        }
        Self { highest, tiled }
    }

    /// The highest ground within a cell of `(east, north)`, or `None` off
    /// the drawn map.
    fn above(&self, east: f32, north: f32) -> Option<f32> {
        let width = WORLD_SIZE as f32;
        // Where the point falls on the map, 0 to 1 from its north-west
        // corner; a tiled view's copies are the map again every `width`.
        let (mut across, mut down) = (east / width + 0.5, 0.5 - north / width);
        if self.tiled {
            if east.abs() > width || north.abs() > width {
                return None;
            }
            (across, down) = (
                (east / width).rem_euclid(1.0),
                (-north / width).rem_euclid(1.0),
            );
        } else if !((0.0..=1.0).contains(&across) && (0.0..=1.0).contains(&down)) {
            return None;
        }
        let last = CEILING_CELLS as isize - 1;
        let cell = |share: f32| ((share * CEILING_CELLS as f32) as isize).clamp(0, last);
        let (column, row) = (cell(across), cell(down));
        let mut top = f32::NEG_INFINITY;
        for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
            let (x, y) = (column + dx, row + dy);
            let (x, y) = if self.tiled {
                (x.rem_euclid(last + 1), y.rem_euclid(last + 1))
            } else if (0..=last).contains(&x) && (0..=last).contains(&y) {
                (x, y)
            } else {
                continue;
            };
            top = top.max(self.highest[y as usize * CEILING_CELLS + x as usize]);
        }
        Some(top)
    }
}

/// A finger or mouse button held down on a view.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Pointer {
    id: i32,
    x: f32,
    y: f32,
}

/// The fingers and buttons down on a view, turning their moves into
/// camera actions: one drags (orbits, or pans), two pinch and pan.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Gestures {
    pointers: Vec<Pointer>,
}

impl Gestures {
    /// Pointer `id` went down at `(x, y)`.
    pub fn down(&mut self, id: i32, x: f32, y: f32) {
        self.pointers.retain(|pointer| pointer.id != id);
        self.pointers.push(Pointer { id, x, y });
    }

    /// Pointer `id` went up (or was cancelled).
    pub fn up(&mut self, id: i32) {
        self.pointers.retain(|pointer| pointer.id != id);
    }

    /// Pointer `id` moved to `(x, y)` over a view `height` pixels tall;
    /// `pan` when the right or middle button or a modifier key is held. The
    /// actions it makes, none for a pointer not down.
    pub fn moved(&mut self, id: i32, x: f32, y: f32, height: f32, pan: bool) -> Vec<CameraAction> {
        let Some(moved) = self.pointers.iter().position(|pointer| pointer.id == id) else {
            return Vec::new();
        };
        let before = self.pointers[moved];
        let (dx, dy) = (x - before.x, y - before.y);
        self.pointers[moved] = Pointer { id, x, y };
        if dx == 0.0 && dy == 0.0 {
            return Vec::new();
        }
        match self.pointers.iter().find(|pointer| pointer.id != id) {
            // Two fingers: their distance zooms, their midpoint pans.
            Some(other) => {
                let apart = |ax: f32, ay: f32| (ax - other.x).hypot(ay - other.y);
                vec![
                    pinch(apart(before.x, before.y), apart(x, y)),
                    drag(dx / 2.0, dy / 2.0, height, true),
                ]
            }
            None => vec![drag(dx, dy, height, pan)],
        }
    }
}

/// A drag of `(dx, dy)` pixels over a view `height` pixels tall: orbit, or
/// pan when `pan` (right button, or a modifier key) is held.
pub fn drag(dx: f32, dy: f32, height: f32, pan: bool) -> CameraAction {
    let height = height.max(1.0);
    if pan {
        CameraAction::Pan {
            right: -dx / height,
            up: dy / height,
        }
    } else {
        CameraAction::Orbit {
            azimuth: -dx / height * ORBIT_PER_VIEW_HEIGHT,
            elevation: dy / height * ORBIT_PER_VIEW_HEIGHT,
        }
    }
}

/// A wheel turn of `delta` pixels (positive away from the reader) zooms out.
pub fn wheel(delta: f32) -> CameraAction {
    CameraAction::Zoom((delta.clamp(-400.0, 400.0) * 0.0015).exp())
}

/// Two fingers that were `before` pixels apart and now are `after` apart.
pub fn pinch(before: f32, after: f32) -> CameraAction {
    if before > 0.0 && after > 0.0 {
        CameraAction::Zoom(before / after)
    } else {
        CameraAction::Zoom(1.0)
    }
}

/// What a key does to a focused view, by `KeyboardEvent.key`: arrows turn it
/// (with Shift they pan), `+`/`-` zoom, `0` or Home resets. `None` for keys
/// the view leaves alone, so they keep their usual meaning.
pub fn key(key: &str, shift: bool) -> Option<CameraAction> {
    let orbit = |azimuth: f32, elevation: f32| CameraAction::Orbit { azimuth, elevation };
    let pan = |right: f32, up: f32| CameraAction::Pan { right, up };
    let action = match (key, shift) {
        ("ArrowLeft", false) => orbit(KEY_ORBIT_STEP, 0.0),
        ("ArrowRight", false) => orbit(-KEY_ORBIT_STEP, 0.0),
        ("ArrowUp", false) => orbit(0.0, KEY_ORBIT_STEP),
        ("ArrowDown", false) => orbit(0.0, -KEY_ORBIT_STEP),
        ("ArrowLeft", true) => pan(-KEY_PAN_STEP, 0.0),
        ("ArrowRight", true) => pan(KEY_PAN_STEP, 0.0),
        ("ArrowUp", true) => pan(0.0, KEY_PAN_STEP),
        ("ArrowDown", true) => pan(0.0, -KEY_PAN_STEP),
        ("+" | "=", _) => CameraAction::Zoom(KEY_ZOOM_STEP),
        ("-" | "_", _) => CameraAction::Zoom(1.0 / KEY_ZOOM_STEP),
        ("0" | "Home", _) => CameraAction::Reset,
        _ => return None,
    };
    Some(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance(a: Vec3, b: Vec3) -> f32 {
        let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
        (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
    }

    fn close(a: Vec3, b: Vec3) -> bool {
        distance(a, b) < 1e-3
    }

    #[test]
    fn the_posts_camera_is_where_the_posts_put_it() {
        assert!(close(Orbit::posts().position(), [0.0, -100.0, 150.0]));
        let ours = Orbit::default();
        assert_eq!(
            (ours.azimuth, ours.elevation),
            (Orbit::posts().azimuth, Orbit::posts().elevation)
        );
        assert!(ours.distance < Orbit::posts().distance);
    }

    #[test]
    fn orbiting_keeps_the_distance_and_stays_above_ground() {
        let mut orbit = Orbit::default();
        orbit.act(drag(120.0, 0.0, 400.0, false));
        assert!(distance(orbit.position(), orbit.target) - orbit.distance < 1e-3);
        assert!(!close(orbit.position(), Orbit::default().position()));
        for _ in 0..100 {
            orbit.act(drag(0.0, -400.0, 400.0, false));
        }
        assert!(orbit.position()[2] > 0.0, "never below the ground");
        for _ in 0..100 {
            orbit.act(drag(0.0, 400.0, 400.0, false));
        }
        assert!(orbit.elevation < FRAC_PI_2, "never past straight down");
    }

    /// A map `2^exponent + 1` points a side, at `height` everywhere but
    /// for one point at `peak`.
    fn plateau(exponent: u32, height: f64, peak: (usize, usize, f64)) -> Heightmap {
        let side = (1 << exponent) + 1;
        let mut heights = vec![height; side * side];
        heights[peak.1 * side + peak.0] = peak.2;
        Heightmap::from_heights(exponent, heights).expect("finite heights")
    }

    #[test]
    fn zooming_in_stops_above_the_ground_instead_of_going_in() {
        // A plateau at height 1 (50 units up, above the default target)
        // and one needle twice as high: the camera stops above both, at
        // every angle, once or tiled.
        let map = plateau(6, 1.0, (40, 20, 2.0));
        for tiled in [false, true] {
            let ceiling = Ceiling::of(&map, 1.0, tiled);
            for azimuth in 0..12 {
                for elevation in [-400.0, -200.0, 0.0, 200.0] {
                    let mut orbit = Orbit::start(false, tiled);
                    orbit.act(drag(azimuth as f32 * 60.0, elevation, 400.0, false));
                    for _ in 0..30 {
                        orbit.act(wheel(-200.0));
                        orbit.keep_clear(&ceiling);
                        let [east, north, up] = orbit.position();
                        if let Some(ground) = ceiling.above(east, north) {
                            assert!(
                                up >= ground + CLEARANCE,
                                "{orbit:?} at {up}, ground {ground}"
                            );
                        }
                    }
                }
            }
        }
        // The needle: right above it, the camera stays clear of its tip.
        let mut orbit = Orbit {
            target: [12.5, 18.75, 0.0],
            elevation: MAX_ELEVATION,
            ..Orbit::default()
        };
        orbit.act(CameraAction::Zoom(0.01));
        orbit.keep_clear(&Ceiling::of(&map, 1.0, false));
        assert!(orbit.position()[2] >= 100.0 + CLEARANCE, "{orbit:?}");
    }

    #[test]
    fn low_ground_leaves_the_zoom_as_it_was_and_relief_lowers_the_ceiling() {
        let low = plateau(5, 0.0, (0, 0, 0.0));
        let mut orbit = Orbit::default();
        for _ in 0..30 {
            orbit.act(wheel(-200.0));
            orbit.keep_clear(&Ceiling::of(&low, 1.0, false));
        }
        assert_eq!(orbit.distance, MIN_DISTANCE);
        // At relief 0.2 a plateau at 1 is 10 units up: below the target.
        let flat = Ceiling::of(&plateau(5, 1.0, (0, 0, 1.0)), 0.2, false);
        assert_eq!(flat.above(0.0, 0.0), Some(10.0));
        assert_eq!(flat.above(60.0, 0.0), None, "off the map");
        orbit.keep_clear(&flat);
        assert_eq!(orbit.distance, MIN_DISTANCE);
    }

    #[test]
    fn zoom_is_bounded_and_ignores_nonsense() {
        let mut orbit = Orbit::default();
        orbit.act(wheel(-100.0));
        assert!(
            orbit.distance < Orbit::default().distance,
            "wheel towards the reader zooms in"
        );
        for _ in 0..200 {
            orbit.act(CameraAction::Zoom(0.5));
        }
        assert_eq!(orbit.distance, MIN_DISTANCE);
        for factor in [f32::NAN, f32::INFINITY, 0.0, -2.0] {
            orbit.act(CameraAction::Zoom(factor));
            assert_eq!(orbit.distance, MIN_DISTANCE);
        }
        orbit.act(pinch(100.0, 50.0));
        assert_eq!(
            orbit.distance,
            2.0 * MIN_DISTANCE,
            "fingers closing zoom out"
        );
    }

    #[test]
    fn panning_moves_the_target_on_the_ground() {
        let mut orbit = Orbit::default();
        orbit.act(drag(-40.0, 0.0, 400.0, true));
        let start = Orbit::default().target;
        assert!(orbit.target[0] > start[0], "{:?}", orbit.target);
        assert_eq!(
            orbit.target[2], start[2],
            "panning stays at the same height"
        );
        orbit.act(CameraAction::Reset);
        assert_eq!(orbit, Orbit::default());
    }

    #[test]
    fn one_pointer_drags_and_two_pinch() {
        let mut gestures = Gestures::default();
        assert!(
            gestures.moved(1, 5.0, 5.0, 400.0, false).is_empty(),
            "not down"
        );
        gestures.down(1, 0.0, 0.0);
        assert_eq!(
            gestures.moved(1, 40.0, 0.0, 400.0, false),
            [drag(40.0, 0.0, 400.0, false)]
        );
        gestures.down(2, 140.0, 0.0);
        let actions = gestures.moved(2, 90.0, 0.0, 400.0, false);
        assert_eq!(actions[0], pinch(100.0, 50.0), "fingers closing zoom out");
        gestures.up(1);
        gestures.up(2);
        assert!(gestures.moved(2, 0.0, 0.0, 400.0, false).is_empty());
    }

    #[test]
    fn the_start_view_follows_the_look_and_the_tiling() {
        assert_eq!(Orbit::start(true, false), Orbit::posts());
        assert_eq!(Orbit::start(false, false), Orbit::default());
        let tiled = Orbit::start(false, true);
        assert!(tiled.distance > Orbit::default().distance);
        assert_eq!((tiled.target[0], tiled.target[1]), (0.0, 0.0));
    }

    #[test]
    fn keys_turn_zoom_pan_and_reset() {
        let mut orbit = Orbit::default();
        orbit.act(key("ArrowLeft", false).expect("handled"));
        assert!(orbit.azimuth != Orbit::default().azimuth);
        orbit.act(key("+", false).expect("handled"));
        assert!(orbit.distance < Orbit::default().distance);
        orbit.act(key("ArrowUp", true).expect("handled"));
        assert!(orbit.target != Orbit::default().target);
        orbit.act(key("0", false).expect("handled"));
        assert_eq!(orbit, Orbit::default());
        assert_eq!(key("Tab", false), None, "Tab still moves focus");
        assert_eq!(key("a", false), None);
    }
}
