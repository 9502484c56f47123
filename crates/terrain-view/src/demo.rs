//! One demo as a state machine: what a reader does goes in as an
//! [`Input`], what must happen comes out as [`Effect`]s, and what the demo
//! shows is its [`Presentation`]. Nothing here touches a browser, so every
//! behaviour of a demo is tested natively; the web crate turns DOM events
//! into inputs and effects into DOM, GPU and worker calls.
//!
//! A [`Demo`] is made of parts with one job each, which know nothing of
//! one another; the demo hands each input to the part it concerns and
//! carries what that part decided to the others.
//!
//! | part | its job |
//! |---|---|
//! | `input`, `effect`, `environment` | what goes in, what comes out, what the page tells a demo |
//! | `shown` | the settings and the map on show: its stages, view, look, link |
//! | `controls` | which controls, the text typed into them, what an edit or a new algorithm asks |
//! | `playback` | the scrubber's Play: the next stage, when, and when to stop |
//! | `jobs` | where a job runs, the one awaited, its progress, what its answer means |
//! | `download` | the Download menu: format and options, the size before, the file being written |
//! | `presentation` | everything shown, as text and switches |

mod controls;
mod download;
mod effect;
mod environment;
mod input;
mod jobs;
mod playback;
mod presentation;
mod shown;

pub use download::{DownloadField, DownloadShown};
pub use effect::Effect;
pub use environment::Environment;
pub use input::{ExportId, ExportWord, Input, JobId, Key};
pub use jobs::{
    MAX_IMPORT_BYTES, WORKER_FROM_DROPLET_STEPS, WORKER_FROM_EXPONENT, WORKER_FROM_SLIDE_VISITS,
    belongs_in_worker,
};
pub use playback::{Delay, PLAY_STEP_MS, PLAY_STEP_REDUCED_MOTION_MS, TYPING_REST_MS};
pub use presentation::{ControlsShown, FieldShown, Presentation, ScrubberShown};

use std::rc::Rc;

use terrain_core::spec::Value;
use terrain_core::{Stage, Terrain};

use crate::camera::{CameraAction, Gestures, Orbit};
use crate::overlay::Drawing;
use crate::palette::{Look, Palette};
use crate::protocol::{Made, Reply};
use crate::settings::{DemoConfig, Display, Setting, View};
use crate::surface::Surface;
use crate::upload::{self, Upload};
use controls::{Edit, TypedText};
use download::Downloads;
use jobs::{Ask, Finished, Jobs, Purpose, Reading};
use playback::{Advance, Playback};
use presentation::{Notes, Parts, notice_of};
use shown::{Origin, Shown};

/// A mounted demo.
#[derive(Debug, Clone)]
pub struct Demo {
    /// Its settings and the map they show.
    shown: Shown,
    /// Text typed into its controls.
    typed: TypedText,
    /// Its scrubber's Play.
    playback: Playback,
    /// The job it waits for.
    jobs: Jobs,
    /// The file it reads for an import.
    reading: Reading,
    /// The words it keeps.
    notes: Notes,
    orbit: Orbit,
    gestures: Gestures,
    /// The query last put in the page's address.
    mirrored: Option<String>,
    /// The Download menu.
    downloads: Downloads,
}

impl Demo {
    /// A demo for `config`; `problems` are the settings the page gave that
    /// could not be used. The effects start its first map.
    pub fn new(
        mut config: DemoConfig,
        problems: Vec<String>,
        environment: Environment,
    ) -> (Self, Vec<Effect>) {
        if !config.seed_given {
            config.params = config.params.with_seed(environment.seed);
        }
        let notice = notice_of(&problems, "the default");
        let shown = Shown::new(config, environment.graphics, environment.location);
        let mut demo = Demo {
            orbit: shown.start_view(),
            shown,
            typed: TypedText::default(),
            playback: Playback::default(),
            jobs: Jobs::default(),
            reading: Reading::default(),
            notes: Notes {
                notice,
                ..Notes::default()
            },
            gestures: Gestures::default(),
            mirrored: None,
            downloads: Downloads::default(),
        };
        let mut effects = Vec::new();
        demo.regenerate(&mut effects);
        demo.mirror(&mut effects);
        (demo, effects)
    }

    /// The settings behind the map.
    pub fn config(&self) -> &DemoConfig {
        &self.shown.config
    }

    /// The map on show.
    pub fn terrain(&self) -> &Terrain {
        &self.shown.terrain
    }

    /// The surface a job built for it, if any (else the renderer builds it).
    pub fn surface(&self) -> Option<&Surface> {
        self.shown.surface.as_ref()
    }

    /// How many maps it has shown: a new number, a new map (to measure, or
    /// no longer the one being handed to the download module).
    pub fn maps_shown(&self) -> u64 {
        self.shown.maps_shown
    }

    /// The camera.
    pub fn orbit(&self) -> &Orbit {
        &self.orbit
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.shown.config.params.map.seed
    }

    /// The name of the demos this one shares its seed with.
    pub fn link(&self) -> Option<&str> {
        self.shown.config.display.link.as_deref()
    }

    /// Whether a job is awaited.
    pub fn is_waiting(&self) -> bool {
        self.jobs.is_waiting()
    }

    /// The view as drawn: without WebGL, every view is a picture.
    pub fn shown_view(&self) -> View {
        self.shown.shown_view()
    }

    /// The controls this demo has, in order: for the articles' demos the
    /// numbers their algorithm and erosion read; for the playground, the
    /// algorithm, every parameter (those the map ignores are hidden), and
    /// how the map is shown.
    pub fn control_keys(&self) -> Vec<Key> {
        controls::control_keys(&self.shown.config)
    }

    /// A file name for downloads: algorithm, exponent and seed.
    pub fn file_stem(&self) -> String {
        self.shown.file_stem()
    }

    /// The address of this page showing exactly this demo's state; none
    /// for an imported map, which no link can bring back.
    pub fn share_link(&self) -> Option<String> {
        self.shown.share_link()
    }

    /// What the 2D view draws over the map: the overlay the settings ask
    /// for (a generated map's; an imported one has no lattice), and a
    /// traced droplet's path. Made once a map (and overlay).
    pub fn drawing(&self) -> Rc<Drawing> {
        self.shown.drawing()
    }

    /// The look's background and lighting follow the palette.
    pub fn palette(&self) -> Palette {
        self.shown.config.display.palette
    }

    /// How the surface is coloured: the palette, and rivers if asked for
    /// (flowing across the edges where erosion wraps).
    pub fn look(&self) -> Look {
        self.shown.look()
    }

    /// What a 3D view of the demo hands the GPU (see [`crate::upload`]).
    pub fn upload(&self) -> Upload<'_> {
        let wireframe = self.shown.config.display.wireframe;
        upload::upload(
            &self.shown.terrain,
            self.shown.surface.as_ref(),
            self.shown.look(),
            wireframe,
        )
    }

    /// What the demo shows now.
    pub fn presentation(&self) -> Presentation {
        Parts {
            shown: &self.shown,
            notes: &self.notes,
            typed: &self.typed,
            playing: self.playback.is_playing(),
            progress: self.jobs.progress(),
            download: self.downloads.present(&self.shown),
        }
        .present()
    }

    /// Handles one input; returns what the shell must do.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut effects = Vec::new();
        let imported = self.shown.imported_name().map(str::to_owned);
        // Whatever else the reader does takes the typing that waits
        // (a keystroke in the same field replaces it; a map landing, a
        // tick or a shared camera is not the reader moving on).
        let moved_on = match &input {
            Input::Typed { key, .. } => self.typed.resting_key() != Some(*key),
            Input::TypingRested(_)
            | Input::Job { .. }
            | Input::Tick(_)
            | Input::CameraShared(_)
            | Input::SeedShared(_)
            | Input::Graphics(_) => false,
            _ => true,
        };
        if moved_on {
            let edit = self.typed.take_resting(&self.shown.config);
            self.apply(edit, &mut effects);
        }
        match input {
            Input::Typed { key, text } => {
                if let Some(round) = self.typed.type_in(key, text, &self.shown.config) {
                    effects.push(Effect::Schedule {
                        delay: Delay::TypingRest,
                        input: Input::TypingRested(round),
                    });
                }
            }
            Input::TypingRested(round) => {
                let edit = self.typed.rested(round, &self.shown.config);
                self.apply(edit, &mut effects);
            }
            Input::Edited { key, text } => {
                let edit = self.typed.edit(key, text, &self.shown.config);
                self.apply(edit, &mut effects);
            }
            Input::Stepped { key, direction } => {
                let edit = self.typed.step(key, direction, &self.shown.config);
                self.apply(edit, &mut effects);
            }
            Input::Scrubbed(position) => {
                if let Some(&stage) = self.shown.stages().get(position)
                    && stage != self.shown.config.stage
                {
                    self.shown.config.stage = stage;
                    self.regenerate(&mut effects);
                }
            }
            Input::PlayPressed => {
                let advance = self
                    .playback
                    .press(&self.shown.stages(), self.shown.config.stage);
                self.follow(advance, &mut effects);
            }
            Input::Tick(round) => {
                let advance =
                    self.playback
                        .tick(round, &self.shown.stages(), self.shown.config.stage);
                self.follow(advance, &mut effects);
            }
            Input::Refresh(seed) => {
                self.typed.forget_refusals();
                self.set_seed(seed, &mut effects);
                effects.push(Effect::ShareSeed(seed));
            }
            Input::SeedShared(seed) => {
                if seed != self.seed() {
                    self.set_seed(seed, &mut effects);
                }
            }
            Input::Job { job, reply } => self.job_word(job, reply, &mut effects),
            Input::ImportPicked { name, size } => match jobs::picked(&name, size) {
                Ok(reading) => {
                    self.notes.file_status = Some((reading, false));
                    effects.push(Effect::ReadFile(self.reading.start(&name)));
                }
                Err(refusal) => self.notes.file_status = Some((refusal, true)),
            },
            Input::ImportDecoded {
                read,
                name,
                heights,
                source,
            } if self.reading.answered(read) => {
                // (`answered` ends the wait: a second answer is dropped.)
                self.playback.stop();
                self.submit(Ask::import(name, heights, source), &mut effects);
            }
            Input::ImportRefused { read, name, reason } if self.reading.answered(read) => {
                self.notes.file_status = Some((format!("{name}: {reason}"), true));
            }
            // An answer to a read given up: a newer one, or a new map.
            Input::ImportDecoded { .. } | Input::ImportRefused { .. } => {}
            Input::DownloadEdited { option, text } => self.downloads.edited(&option, text),
            Input::DownloadPressed => {
                let awaited = self.jobs.is_waiting();
                self.downloads.pressed(&self.shown, awaited, &mut effects);
            }
            Input::Exported { id, word } => self.downloads.word(id, word),
            Input::CopyLink => match self.share_link() {
                Some(link) => {
                    self.notes.copy_status = None;
                    effects.push(Effect::Copy(link));
                }
                None => self.notes.copy_status = Some(crate::words::NO_LINK.to_owned()),
            },
            Input::Copied(worked) => {
                self.notes.copy_status = Some(
                    if worked {
                        "Copied the link."
                    } else {
                        "Could not copy: select the link and copy it yourself."
                    }
                    .to_owned(),
                );
            }
            Input::Camera(CameraAction::Reset) => {
                self.orbit = self.shown.start_view();
                self.act(Vec::new(), &mut effects);
            }
            Input::Camera(action) => self.act(vec![action], &mut effects),
            Input::CameraShared(orbit) => {
                self.orbit = orbit;
                if self.shown.shown_view().is_3d() {
                    effects.push(Effect::Redraw { rebuild: false });
                }
            }
            Input::PointerDown { id, x, y } => self.gestures.down(id, x, y),
            Input::PointerMove {
                id,
                x,
                y,
                height,
                pan,
            } => {
                let actions = self.gestures.moved(id, x, y, height, pan);
                if !actions.is_empty() {
                    self.act(actions, &mut effects);
                }
            }
            Input::PointerUp { id } => self.gestures.up(id),
            Input::Graphics(note) => {
                self.shown.graphics = note;
                effects.push(Effect::Redraw { rebuild: true });
            }
            Input::TryGraphicsAgain => effects.push(Effect::TryGraphicsAgain),
            Input::Reconfigure { config, problems } => {
                self.notes.notice = notice_of(&problems, "the last good one");
                self.reconfigure(*config, &mut effects);
            }
        }
        // The import's words, once it gave way, say so (unless newer
        // words, such as a file set aside, stand there).
        let status = self.notes.file_status.as_ref();
        let stale = status.is_some_and(|(words, _)| words.starts_with(jobs::IMPORTED_LEAD));
        if let Some(name) = imported.filter(|_| stale && self.shown.origin == Origin::Generated) {
            let words = format!("{name} gave way to a new map; import it again to see it.");
            self.notes.file_status = Some((words, false));
        }
        self.mirror(&mut effects);
        effects
    }

    /// Does what an edit of a control asks.
    fn apply(&mut self, edit: Edit, effects: &mut Vec<Effect>) {
        match edit {
            Edit::Nothing => {}
            Edit::Params(params) => {
                let seed = self.seed();
                self.shown.take_params(*params);
                self.regenerate(effects);
                // A seed typed in is its linked demos' too, as a Refresh's is.
                if self.seed() != seed {
                    effects.push(Effect::ShareSeed(self.seed()));
                }
            }
            Edit::Display(setting, value) => self.display_edited(setting, &value, effects),
        }
    }

    fn display_edited(&mut self, setting: Setting, value: &Value, effects: &mut Vec<Effect>) {
        let before = self.shown.config.display.clone();
        (setting.entry().set)(&mut self.shown.config.display, value);
        self.display_changed(&before, effects);
    }

    /// Takes every setting of `config` at once: a new map if the map's
    /// settings or stage changed, else what a new display needs.
    fn reconfigure(&mut self, config: DemoConfig, effects: &mut Vec<Effect>) {
        let before = self.shown.config.clone();
        if config == before {
            return;
        }
        if config.params != before.params || config.stage != before.stage {
            self.playback.stop();
            self.typed = TypedText::default();
            self.shown.take_params(config.params);
            // Every setting as `config` has it, relief too, not followed.
            self.shown.config.display = config.display.clone();
            self.shown.config.stage = config.stage;
            self.shown.config.seed_given = config.seed_given;
            if self.shown.config.display.view.is_tiled() != before.display.view.is_tiled() {
                self.orbit = self.shown.start_view();
            }
            self.regenerate(effects);
            // A new seed is its linked demos' too, as a Refresh's is.
            if self.seed() != before.params.map.seed {
                effects.push(Effect::ShareSeed(self.seed()));
            }
        } else {
            self.shown.config.display = config.display;
            self.display_changed(&before.display, effects);
        }
    }

    /// What a change of display from `before` needs: a new camera for the
    /// posts' look or tiles, new colours for a surface a job built, or a
    /// redraw.
    fn display_changed(&mut self, before: &Display, effects: &mut Vec<Effect>) {
        // Text typed into a display field stays only while it means the
        // value (an attribute may have set another).
        self.typed.settle(&self.shown.config);
        let display = &self.shown.config.display;
        // The posts' look comes with their camera; tiles need a wider one.
        if display.view.is_tiled() != before.view.is_tiled()
            || display.palette.is_posts() != before.palette.is_posts()
        {
            self.orbit = self.shown.start_view();
        }
        // Taller relief may raise a hill round a camera close to it.
        if display.relief > before.relief {
            self.keep_clear();
        }
        let display = &self.shown.config.display;
        // A surface a job built has its colours baked in.
        let look_changed = display.palette != before.palette || display.water != before.water;
        if self.shown.surface.is_some() && look_changed {
            let ask = match self.shown.origin {
                Origin::Generated => self.shown.map_job(),
                Origin::Imported { .. } => Ask::recolour(self.shown.terrain.heightmap.clone()),
            };
            self.submit(ask, effects);
        } else {
            effects.push(Effect::Redraw { rebuild: true });
        }
    }

    /// Shows the stage playback moved to, and asks for its next tick.
    fn follow(&mut self, advance: Advance, effects: &mut Vec<Effect>) {
        if let Some(stage) = advance.show {
            self.shown.config.stage = stage;
            self.regenerate(effects);
        }
        if let Some(round) = advance.tick {
            effects.push(Effect::Schedule {
                delay: Delay::PlayStep,
                input: Input::Tick(round),
            });
        }
    }

    fn set_seed(&mut self, seed: u64, effects: &mut Vec<Effect>) {
        self.shown.take_seed(seed);
        self.regenerate(effects);
    }

    /// Asks for the map the settings describe: in the worker when it is
    /// huge (the last map stays on show meanwhile), else on the page.
    fn regenerate(&mut self, effects: &mut Vec<Effect>) {
        self.submit(self.shown.map_job(), effects);
    }

    fn submit(&mut self, ask: Ask, effects: &mut Vec<Effect>) {
        // A new map asked for wins over a file still being read.
        let new_map = matches!(ask.purpose, Purpose::Map | Purpose::Weather);
        if let Some(words) = self.reading.set_aside().filter(|_| new_map) {
            self.notes.file_status = Some((words, false));
        }
        self.jobs.submit(ask, self.shown.look(), effects);
    }

    fn job_word(&mut self, job: JobId, reply: Reply, effects: &mut Vec<Effect>) {
        let Some(finished) = self.jobs.word(job, reply) else {
            return;
        };
        match finished {
            Finished::Map(purpose, made) => {
                self.notes.error = None;
                self.show_made(purpose, *made);
                effects.push(Effect::Redraw { rebuild: true });
                self.downloads.map_shown(&self.shown, effects);
            }
            Finished::FileNote(words, failed) => {
                self.notes.file_status = Some((words, failed));
                self.downloads.map_failed();
            }
            Finished::Failed(words) => {
                self.notes.error = Some(words);
                self.downloads.map_failed();
            }
        }
    }

    /// Shows a map a job made for `purpose`.
    fn show_made(&mut self, purpose: Purpose, made: Made) {
        let Made {
            terrain,
            surface,
            source,
        } = made;
        match purpose {
            Purpose::Recolour => self.shown.surface = surface,
            Purpose::Import(name) => {
                let words = jobs::imported_message(&name, source.as_ref(), &terrain.heightmap);
                self.notes.file_status = Some((words, false));
                let origin = Origin::Imported {
                    name,
                    original: terrain.heightmap.clone(),
                };
                self.show_map(terrain, surface, origin);
                self.shown.config.stage = Stage::Done;
                self.playback.stop();
            }
            Purpose::Weather => {
                // The same import, weathered anew: its original stays.
                let origin = self.shown.origin.clone();
                self.show_map(terrain, surface, origin);
            }
            Purpose::Map => {
                self.show_map(terrain, surface, Origin::Generated);
            }
        }
    }

    fn show_map(&mut self, terrain: Terrain, surface: Option<Surface>, origin: Origin) {
        self.shown.show_map(terrain, surface, origin);
        self.typed.settle(&self.shown.config);
        // A new map, or a relief followed to a new algorithm's, may be taller.
        self.keep_clear();
    }

    fn act(&mut self, actions: Vec<CameraAction>, effects: &mut Vec<Effect>) {
        for action in &actions {
            self.orbit.act(*action);
        }
        self.keep_clear();
        // Only the 3D views have a camera to move.
        if self.shown.shown_view().is_3d() {
            effects.push(Effect::Redraw { rebuild: false });
            effects.push(Effect::CameraMoved(self.orbit));
        }
    }

    /// Keeps the camera out of the hills of the map shown.
    fn keep_clear(&mut self) {
        if let Some(ceiling) = self.shown.ceiling() {
            self.orbit.keep_clear(&ceiling);
        }
    }

    /// Keeps the page's address showing the playground's state.
    fn mirror(&mut self, effects: &mut Vec<Effect>) {
        let Some(query) = self.shown.address_query() else {
            return;
        };
        if self.mirrored.as_deref() != Some(query.as_str()) {
            self.mirrored = Some(query.clone());
            effects.push(Effect::ReplaceUrl(query));
        }
    }
}

#[cfg(test)]
mod tests;
