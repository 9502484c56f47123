//! What a demo shows: its settings, the map on show and where it came
//! from (the generator, or a file the reader imported), the surface a job
//! built for it, and how the page's graphics let it be drawn. The other
//! parts read it; new settings, a new seed or a new map change it here.

use std::cell::RefCell;
use std::rc::Rc;

use terrain_core::erosion::Method;
use terrain_core::{Heightmap, Stage, Terrain, ValidParams};

use super::jobs::Ask;
use crate::camera::{Ceiling, Orbit};
use crate::graphics::Graphics;
use crate::overlay::{self, Drawing};
use crate::palette::{Look, Water};
use crate::settings::{DemoConfig, Overlay, View};
use crate::surface::Surface;

/// Where the map on show came from.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Origin {
    /// The demo's generator, settings and seed.
    Generated,
    /// An image the reader imported, which erosion may weather.
    Imported {
        /// Its file name.
        name: String,
        /// Its map as imported, before any erosion (sharing its heights
        /// with the map on show until erosion replaces that: see
        /// [`Heightmap`]'s clones).
        original: Heightmap,
    },
}

/// A value worked out from the map shown, kept with what it was made for
/// (`K`) and made again only when that changes.
#[derive(Debug, Clone)]
struct Kept<K, V>(RefCell<Option<(K, Rc<V>)>>);

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Self(RefCell::new(None))
    }
}

impl<K: PartialEq, V> Kept<K, V> {
    /// The value made for `key`: the one kept, or `make`'s.
    fn get(&self, key: K, make: impl FnOnce() -> V) -> Rc<V> {
        let mut kept = self.0.borrow_mut();
        match &*kept {
            Some((made_for, value)) if *made_for == key => value.clone(),
            _ => {
                let value = Rc::new(make());
                *kept = Some((key, value.clone()));
                value
            }
        }
    }
}

/// A demo's settings and the map they show.
#[derive(Debug, Clone)]
pub(super) struct Shown {
    /// The settings behind the map.
    pub(super) config: DemoConfig,
    /// Where the map came from.
    pub(super) origin: Origin,
    /// The map on show.
    pub(super) terrain: Terrain,
    /// A surface a job built (maps too big to mesh on the page).
    pub(super) surface: Option<Surface>,
    /// The page's graphics.
    pub(super) graphics: Graphics,
    /// The page's address without its query, for share links.
    pub(super) location: String,
    /// How many maps have been shown, so what measures one knows when it
    /// has a new one.
    pub(super) maps_shown: u64,
    /// The ground a 3D view's camera keeps above, made for the map shown
    /// (its number), its relief (the bits) and whether it is tiled.
    ceiling: Kept<(u64, u64, bool), Ceiling>,
    /// The overlay's drawing, made for the map shown, the overlay and the
    /// settings. Made once: the flow's arrows read the whole map, and the
    /// controls ask for the overlay's note at every word of progress.
    drawn: Kept<(u64, Overlay, ValidParams), Drawing>,
}

impl Shown {
    /// The settings `config`, showing a flat placeholder until the first
    /// map arrives.
    pub(super) fn new(config: DemoConfig, graphics: Graphics, location: String) -> Self {
        Shown {
            config,
            origin: Origin::Generated,
            terrain: Terrain::finished(Heightmap::default()),
            surface: None,
            graphics,
            location,
            maps_shown: 0,
            ceiling: Kept::default(),
            drawn: Kept::default(),
        }
    }

    /// The ground of the map shown as a 3D view draws it (see [`Ceiling`]),
    /// made once a map, relief and tiling (one pass over the heights);
    /// `None` in 2D.
    pub(super) fn ceiling(&self) -> Option<Rc<Ceiling>> {
        let view = self.shown_view();
        let relief = self.config.display.relief;
        let made_for = (self.maps_shown, relief.to_bits(), view.is_tiled());
        view.is_3d().then(|| {
            self.ceiling.get(made_for, || {
                Ceiling::of(&self.terrain.heightmap, relief, view.is_tiled())
            })
        })
    }

    /// The stages the scrubber offers: a generated map's, or an imported
    /// map's (as it is, then erosion's).
    pub(super) fn stages(&self) -> Vec<Stage> {
        match self.origin {
            Origin::Generated => self.config.params.stages(),
            Origin::Imported { .. } => self.config.params.imported_stages(),
        }
    }

    /// The last of [`Shown::stages`]: the whole map, weathered if it is.
    pub(super) fn final_stage(&self) -> Stage {
        self.stages().last().copied().unwrap_or(Stage::Done)
    }

    /// The view as drawn: without WebGL, every view is a picture.
    pub(super) fn shown_view(&self) -> View {
        if self.graphics.is_flat() {
            self.config.display.view.as_picture()
        } else {
            self.config.display.view
        }
    }

    /// How the surface is coloured: the palette, and rivers if asked for
    /// (flowing across the edges where erosion wraps).
    pub(super) fn look(&self) -> Look {
        let display = &self.config.display;
        Look {
            palette: display.palette,
            water: if display.water {
                Water::Rivers {
                    wrap: self.config.params.erosion.droplets.wrap,
                }
            } else {
                Water::Dry
            },
        }
    }

    /// The camera a view starts from: the posts' look comes with their
    /// camera, and tiles need a wider one.
    pub(super) fn start_view(&self) -> Orbit {
        let display = &self.config.display;
        Orbit::start(display.palette.is_posts(), display.view.is_tiled())
    }

    /// A file name for downloads: algorithm, exponent and seed, and the
    /// stage of a map part-way or the erosion of a weathered one.
    pub(super) fn file_stem(&self) -> String {
        match &self.origin {
            Origin::Generated => {
                let params = &self.config.params;
                let mut stem = format!(
                    "{}-{}-seed-{}",
                    params.algorithm.name(),
                    params.map.exponent,
                    params.map.seed
                );
                // A map part-way or weathered is named so, so its file is
                // not taken for (or saved over) the finished plain map's.
                let stage = self.config.stage;
                if stage != params.final_stage() {
                    stem = format!("{stem}-{stage}");
                } else if matches!(params.erosion.method, Method::Droplets | Method::Thermal) {
                    stem = format!("{stem}-{}", params.erosion.method.name());
                }
                stem
            }
            Origin::Imported { name, .. } => {
                // HILLS.PNG gives imported-HILLS: the one extension cut,
                // in any case.
                let cut = name.len().saturating_sub(4);
                let png = name
                    .get(cut..)
                    .is_some_and(|end| end.eq_ignore_ascii_case(".png"));
                format!(
                    "imported-{}",
                    if png { &name[..cut] } else { name.as_str() }
                )
            }
        }
    }

    /// The address of this page showing exactly this demo's state; none
    /// for an imported map, which no link can bring back.
    pub(super) fn share_link(&self) -> Option<String> {
        (self.origin == Origin::Generated)
            .then(|| format!("{}?{}", self.location, self.config.to_query()))
    }

    /// The query the page's address shows, on the playground (which
    /// keeps its address in step); none elsewhere, or for an imported
    /// map, which no link can bring back.
    pub(super) fn address_query(&self) -> Option<String> {
        (self.config.display.url_state && self.origin == Origin::Generated)
            .then(|| self.config.to_query())
    }

    /// What the 2D view draws over the map: the overlay the settings ask
    /// for (an imported map has no lattice, but has slopes), and a traced
    /// droplet's path.
    pub(super) fn drawing(&self) -> Rc<Drawing> {
        let (params, overlay) = (self.config.params, self.config.display.overlay);
        self.drawn.get((self.maps_shown, overlay, params), || {
            overlay::drawing(&params, &self.terrain, overlay)
        })
    }

    /// Why the overlay asked for draws nothing just now, if it does not.
    pub(super) fn overlay_note(&self) -> Option<String> {
        overlay::why_nothing(
            &self.config.params,
            &self.terrain,
            self.config.display.overlay,
            || self.drawing(),
            self.shown_view().is_3d(),
        )
    }

    /// New parameters. An imported map stays while only its weather
    /// changes (erosion and the seed its droplets fall by); any other
    /// setting makes a map again. A demo showing its whole map keeps
    /// showing the whole map (eroded, once erosion is switched on); a
    /// pass-k stage may not exist at a smaller exponent or for another
    /// algorithm.
    pub(super) fn take_params(&mut self, params: ValidParams) {
        let was_last = self.config.stage == self.final_stage();
        let mut same_map = *params;
        same_map.erosion = self.config.params.erosion;
        same_map.map.seed = self.config.params.map.seed;
        if same_map != *self.config.params {
            self.origin = Origin::Generated;
        }
        self.config.display.follow(params.algorithm);
        self.config.params = params;
        if was_last || !self.stages().contains(&self.config.stage) {
            self.config.stage = self.final_stage();
        }
    }

    /// A new seed: a new map, or on an imported map a new rain (when it
    /// has none, a new seed means a new map again).
    pub(super) fn take_seed(&mut self, seed: u64) {
        let params = self.config.params.with_seed(seed);
        if params.erosion.method == Method::None {
            self.origin = Origin::Generated;
            if !self.stages().contains(&self.config.stage) {
                self.config.stage = self.final_stage();
            }
        }
        self.config.params = params;
    }

    /// The name of the file the map on show was imported from, if it was.
    pub(super) fn imported_name(&self) -> Option<&str> {
        match &self.origin {
            Origin::Imported { name, .. } => Some(name),
            Origin::Generated => None,
        }
    }

    /// The job that makes the map the settings describe: generated, or
    /// the imported map weathered.
    pub(super) fn map_job(&self) -> Ask {
        let params = self.config.params;
        let stage = self.config.stage;
        match &self.origin {
            Origin::Generated => Ask::generate(params, stage),
            Origin::Imported { name, original } => Ask::weather(name, original, params, stage),
        }
    }

    /// Shows `terrain` (with `surface`, if a job built one), from `origin`.
    pub(super) fn show_map(&mut self, terrain: Terrain, surface: Option<Surface>, origin: Origin) {
        self.terrain = terrain;
        self.surface = surface;
        self.origin = origin;
        self.maps_shown += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Display;
    use terrain_core::{Algorithm, MapSettings, Params};

    fn shown(exponent: u32) -> Shown {
        let config = DemoConfig {
            params: Params {
                map: MapSettings::new(exponent, 7),
                ..Params::new(Algorithm::DIAMOND_SQUARE)
            }
            .check()
            .expect("valid"),
            stage: Stage::Done,
            display: Display::default(),
            seed_given: true,
        };
        Shown::new(config, Graphics::Ready, "https://example.org/p".into())
    }

    #[test]
    fn the_overlays_drawing_is_made_once_a_map_and_not_at_all_in_3d() {
        // The flow's arrows read the whole map: the controls' note, asked
        // at every word of a job's progress, made them each time (107 long
        // tasks for one map of exponent 12), even in 3D where none show.
        let mut shown = shown(5);
        let map = shown.config.params.generate(Stage::Done).expect("a map");
        shown.show_map(map, None, Origin::Generated);
        shown.config.display.overlay = Overlay::Flow;
        assert!(shown.overlay_note().is_some_and(|note| note.contains("2D")));
        assert!(
            shown.drawn.0.borrow().is_none(),
            "nothing drawn for a 3D view"
        );
        shown.config.display.view = View::Picture;
        assert_eq!(shown.overlay_note(), None);
        let drawing = shown.drawing();
        assert!(!drawing.arrows.is_empty());
        assert!(Rc::ptr_eq(&drawing, &shown.drawing()), "made once");
        shown.config.display.overlay = Overlay::None;
        assert!(
            !Rc::ptr_eq(&drawing, &shown.drawing()),
            "made again for a new overlay"
        );
    }

    fn imported(shown: &mut Shown) {
        let original = Heightmap::new(3).expect("a map");
        let origin = Origin::Imported {
            name: "hills.png".into(),
            original: original.clone(),
        };
        shown.show_map(Terrain::finished(original), None, origin);
    }

    fn with(shown: &Shown, change: impl FnOnce(&mut Params)) -> ValidParams {
        let mut params = *shown.config.params;
        change(&mut params);
        params.check().expect("valid")
    }

    #[test]
    fn a_file_is_named_for_the_map_shown() {
        let mut shown = shown(4);
        assert_eq!(shown.file_stem(), "diamond-square-4-seed-7");
        shown.config.stage = Stage::Pass(2);
        assert_eq!(shown.file_stem(), "diamond-square-4-seed-7-pass-2");
        let rain = with(&shown, |params| params.erosion.method = Method::Droplets);
        shown.take_params(rain);
        shown.config.stage = shown.final_stage();
        assert_eq!(shown.file_stem(), "diamond-square-4-seed-7-droplets");
        shown.config.stage = Stage::Done;
        assert_eq!(
            shown.file_stem(),
            "diamond-square-4-seed-7-done",
            "before the rain"
        );
    }

    #[test]
    fn an_imported_map_stays_while_only_its_weather_changes() {
        let mut shown = shown(4);
        imported(&mut shown);
        let rain = with(&shown, |params| {
            params.erosion.method = Method::Droplets;
            params.map.seed = 99;
        });
        shown.take_params(rain);
        assert!(matches!(shown.origin, Origin::Imported { .. }));
        assert_eq!(shown.final_stage(), *shown.stages().last().expect("stages"));
        assert_eq!(
            shown.config.stage,
            shown.final_stage(),
            "the whole map, eroded"
        );
        assert!(matches!(
            shown.map_job().job,
            crate::protocol::Job::Weather { .. }
        ));
        assert_eq!(shown.file_stem(), "imported-hills");
        assert_eq!(shown.address_query(), None, "no link brings a file back");
        let bigger = with(&shown, |params| params.map.exponent = 5);
        shown.take_params(bigger);
        assert_eq!(shown.origin, Origin::Generated, "a new size is a new map");
    }

    #[test]
    fn a_stage_the_new_settings_lack_falls_back_to_the_last() {
        let mut shown = shown(5);
        shown.config.stage = Stage::Pass(5);
        shown.take_params(with(&shown, |params| params.map.exponent = 3));
        assert_eq!(shown.config.stage, Stage::Done);
        shown.config.stage = Stage::Pass(1);
        shown.take_params(with(&shown, |params| params.subdivision.spread = 0.5));
        assert_eq!(
            shown.config.stage,
            Stage::Pass(1),
            "a stage that exists stays"
        );
    }

    #[test]
    fn a_new_seed_on_an_imported_map_without_rain_makes_a_map_again() {
        let mut shown = shown(4);
        imported(&mut shown);
        shown.take_seed(12);
        assert_eq!(shown.origin, Origin::Generated);
        assert_eq!(shown.config.params.map.seed, 12);
        assert!(matches!(
            shown.map_job().job,
            crate::protocol::Job::Generate { .. }
        ));
    }

    #[test]
    fn without_webgl_every_view_is_a_picture_and_the_link_carries_the_settings() {
        let mut shown = shown(4);
        assert!(shown.shown_view().is_3d());
        shown.graphics = Graphics::Unavailable("no WebGL2".into());
        assert!(!shown.shown_view().is_3d());
        assert_eq!(
            shown.share_link(),
            Some(format!("https://example.org/p?{}", shown.config.to_query()))
        );
        assert_eq!(shown.address_query(), None, "not the playground");
        shown.config.display.url_state = true;
        assert_eq!(shown.address_query(), Some(shown.config.to_query()));
    }
}
