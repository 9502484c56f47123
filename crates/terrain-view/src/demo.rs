//! One demo as a state machine: what a reader does goes in as an
//! [`Input`], what must happen comes out as [`Effect`]s, and what the demo
//! shows is its [`Presentation`]. Nothing here touches a browser, so every
//! behaviour of a demo is tested natively; the web crate turns DOM events
//! into inputs and effects into DOM, GPU and worker calls.

use terrain_core::erosion::Method;
use terrain_core::registry::fields;
use terrain_core::seams::{DEFAULT_CREASE_LEVELS, crease_index, seam_index};
use terrain_core::spec::{Kind, Spec, Value};
use terrain_core::{Field, Heightmap, Params, Stage, Terrain, ValidParams};

use crate::camera::{CameraAction, Gestures, Orbit};
use crate::overlay::{self, Drawing};
use crate::palette::{Look, Palette, Water};
use crate::protocol::{FileFormat, Job, Made, Reply, Request, Source as ImageSource};
use crate::settings::{
    Controls, DemoConfig, SETTINGS, Setting, View, control_message, refuse_in_control,
};
use crate::surface::{Surface, highlights};
use crate::words;

/// Maps this large or larger are made in the worker; smaller ones take
/// milliseconds on the page itself.
pub const WORKER_FROM_EXPONENT: u32 = 10;

/// Droplet steps (droplets times lifetime) past which erosion goes to the
/// worker: about 10 ms of work on the page at most.
pub const WORKER_FROM_DROPLET_STEPS: u64 = 150_000;

/// Point visits (iterations times points) past which slides go to the
/// worker.
pub const WORKER_FROM_SLIDE_VISITS: u64 = 2_000_000;

/// Whether making `params`'s map at `stage` takes long enough to freeze
/// the page, so it belongs in the worker (with a progress bar, stopped
/// when a control changes).
pub fn belongs_in_worker(params: &Params, stage: Stage) -> bool {
    let points = (params.side() * params.side()) as u64;
    params.map.exponent >= WORKER_FROM_EXPONENT
        || match stage {
            Stage::Droplets(count) => {
                u64::from(count) * u64::from(params.erosion.droplets.lifetime)
                    > WORKER_FROM_DROPLET_STEPS
            }
            Stage::Slides(iterations) => u64::from(iterations) * points > WORKER_FROM_SLIDE_VISITS,
            _ => false,
        }
}

/// Files larger than this are refused before being read at all.
pub const MAX_IMPORT_BYTES: f64 = 128.0 * 1024.0 * 1024.0;

/// Something that can be set from a demo's controls: a map parameter or a
/// display setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A parameter of the map.
    Param(Field),
    /// How the map is shown.
    Display(Setting),
}

impl Key {
    /// Its spellings and kind.
    pub fn spec(self) -> &'static Spec {
        match self {
            Key::Param(field) => field.spec(),
            Key::Display(setting) => setting.entry().spec,
        }
    }
}

/// The number of a job a demo asked for, counted per demo.
pub type JobId = u32;

/// How long the shell waits before an input it was asked to schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delay {
    /// Between two stages while the scrubber plays (longer for readers who
    /// ask for reduced motion).
    PlayStep,
}

/// Something that happened to a demo.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// A control now says `text`: a typed field, a slider, a menu (the
    /// option's name) or a checkbox (`true` or `false`).
    Edited {
        /// Which control.
        key: Key,
        /// What it says.
        text: String,
    },
    /// An arrow key in a number field: one step up (1) or down (-1).
    Stepped {
        /// Which field.
        key: Key,
        /// Up or down.
        direction: f64,
    },
    /// The scrubber moved to stage number `position` (from 0).
    Scrubbed(usize),
    /// Play or Pause was pressed.
    PlayPressed,
    /// The scrubber's next step while playing, for play round `round`.
    Tick(u32),
    /// Refresh was pressed; the shell drew this new seed.
    Refresh(u64),
    /// A linked demo took this seed.
    SeedShared(u64),
    /// Word from job `job`.
    Job {
        /// Which job.
        job: JobId,
        /// What it says.
        reply: Reply,
    },
    /// The reader picked a file to import.
    ImportPicked {
        /// Its name.
        name: String,
        /// Its size in bytes.
        size: f64,
    },
    /// The picked file, read and decoded as a map (by the page's PNG
    /// module, which the shell loads on the first import).
    ImportDecoded {
        /// Its name.
        name: String,
        /// The map it makes.
        heights: Heightmap,
        /// The image it came from.
        source: ImageSource,
    },
    /// The picked file could not be read, or is not a map.
    ImportRefused {
        /// Its name.
        name: String,
        /// Why, as a sentence starting in lower case.
        reason: String,
    },
    /// Download the map as a file.
    Export(FileFormat),
    /// Copy the share link.
    CopyLink,
    /// Whether the copy worked.
    Copied(bool),
    /// A camera action (keys, wheel, double click).
    Camera(CameraAction),
    /// A pointer went down on the view.
    PointerDown {
        /// Which pointer.
        id: i32,
        /// Where, in CSS pixels.
        x: f32,
        /// Where, in CSS pixels.
        y: f32,
    },
    /// A pointer moved over the view.
    PointerMove {
        /// Which pointer.
        id: i32,
        /// Where, in CSS pixels.
        x: f32,
        /// Where, in CSS pixels.
        y: f32,
        /// The view's height in CSS pixels.
        height: f32,
        /// Whether a pan button or key is held.
        pan: bool,
    },
    /// A pointer went up or was cancelled.
    PointerUp {
        /// Which pointer.
        id: i32,
    },
    /// The page's graphics changed.
    Graphics(GraphicsNote),
    /// The reader asked for a new graphics context ("Try again") after
    /// the browser refused one.
    TryGraphicsAgain,
}

/// Something the shell must do for a demo.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Start job `job`: in the worker when `offload` and one is running,
    /// else on the page. Its word comes back as [`Input::Job`].
    Submit {
        /// Its number.
        job: JobId,
        /// What to make.
        request: Request,
        /// Whether it is big enough to belong in the worker.
        offload: bool,
    },
    /// Job `job` is no longer wanted: drop it, stop it if running.
    Cancel(JobId),
    /// Draw the demo at the next frame; `rebuild` when the scene changed
    /// (a new map, surface or look), not just the camera.
    Redraw {
        /// Whether the GPU objects must be made again.
        rebuild: bool,
    },
    /// Show this query in the page's address (the playground).
    ReplaceUrl(String),
    /// Feed `input` back after `delay`.
    Schedule {
        /// How long.
        delay: Delay,
        /// What.
        input: Input,
    },
    /// Offer a file as a download.
    Download {
        /// Its name.
        name: String,
        /// Its media type.
        media_type: &'static str,
        /// Its bytes.
        bytes: Vec<u8>,
    },
    /// Read and decode the file the reader picked; answer with
    /// [`Input::ImportDecoded`] or [`Input::ImportRefused`].
    ReadFile,
    /// Copy text to the clipboard; answer with [`Input::Copied`].
    Copy(String),
    /// Give demos linked to this one the seed.
    ShareSeed(u64),
    /// Ask the page for a new graphics context: the reader pressed "Try
    /// again".
    TryGraphicsAgain,
}

/// What a demo says about the page's graphics, over its view.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum GraphicsNote {
    /// Nothing to say: WebGL works.
    #[default]
    Ready,
    /// The context was lost; the last picture stays until it is back or
    /// a new one is made.
    Lost,
    /// The context was lost and the browser refused a new one: demos show
    /// a greyscale picture and offer to try again.
    Blocked {
        /// Why.
        reason: String,
        /// How many times in a row a new context was refused.
        refusals: u32,
    },
    /// No WebGL2, for the reason given: demos show a greyscale picture.
    Unavailable(String),
}

impl GraphicsNote {
    /// The words, if there is anything to say.
    pub fn message(&self) -> Option<String> {
        match self {
            GraphicsNote::Ready => None,
            GraphicsNote::Lost => Some(
                "The browser took away this page's graphics context (too many open, or the GPU was \
                 reset). Restoring it…"
                    .to_owned(),
            ),
            GraphicsNote::Blocked { reason, refusals } => {
                let again = match refusals {
                    0 | 1 => String::new(),
                    tries => format!(", not even when asked again ({tries} tries)"),
                };
                Some(format!(
                    "3D view unavailable: the browser took away this page's graphics context and \
                     would not give it a new one ({reason}){again}. Showing the heightmap from \
                     above instead, as a greyscale picture (black is the lowest point, white the \
                     highest)."
                ))
            }
            GraphicsNote::Unavailable(reason) => Some(format!(
                "3D view unavailable: {reason}. Showing the heightmap from above instead, as a \
                 greyscale picture (black is the lowest point, white the highest)."
            )),
        }
    }

    /// Whether the words come with a "Try again" button: only when a new
    /// context was refused, which a later attempt may get. (A browser
    /// without WebGL2 from the start will not have it a moment later.)
    pub fn offers_retry(&self) -> bool {
        matches!(self, GraphicsNote::Blocked { .. })
    }

    /// Whether demos draw their greyscale pictures instead of 3D views.
    pub fn is_flat(&self) -> bool {
        matches!(
            self,
            GraphicsNote::Blocked { .. } | GraphicsNote::Unavailable(_)
        )
    }
}

/// What the page knows that a demo needs when it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Environment {
    /// The page's address without its query, for share links.
    pub location: String,
    /// A fresh seed, for a demo whose page gave none.
    pub seed: u64,
    /// The page's graphics.
    pub graphics: GraphicsNote,
}

/// Where the map on show came from.
#[derive(Debug, Clone, PartialEq)]
enum Origin {
    /// The demo's generator, settings and seed.
    Generated,
    /// An image the reader imported, which erosion may weather.
    Imported {
        /// Its file name.
        name: String,
        /// Its map as imported, before any erosion.
        original: Heightmap,
    },
}

/// The job a demo waits for.
#[derive(Debug, Clone, PartialEq)]
struct Waiting {
    job: JobId,
    /// What the progress bar names: "4097 × 4097 points" or a file name.
    subject: String,
    /// What the job is for.
    purpose: Purpose,
}

#[derive(Debug, Clone, PartialEq)]
enum Purpose {
    /// A map to show.
    Map,
    /// An imported file's map.
    Import(String),
    /// The imported map, weathered.
    Weather,
    /// The same map in new colours.
    Recolour,
    /// A download.
    Export(String),
}

/// What the scrubber shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ScrubberShown {
    /// Stage positions: 0 to `last`.
    pub last: usize,
    /// The current stage's position.
    pub position: usize,
    /// Whether there is more than one stage to scrub.
    pub enabled: bool,
    /// The stage's caption.
    pub name: String,
    /// Its numbers.
    pub numbers: String,
    /// Whether it is playing.
    pub playing: bool,
}

/// What one control shows.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldShown {
    /// Which control.
    pub key: Key,
    /// Its value as text (a menu's option name, `true` or `false` for a
    /// checkbox).
    pub text: String,
    /// Why what was typed was refused, if it was.
    pub error: Option<String>,
    /// Whether the algorithm ignores it (the control is hidden).
    pub hidden: bool,
}

/// Everything the controls show.
#[derive(Debug, Clone, PartialEq)]
pub struct ControlsShown {
    /// One per control, in [`Demo::control_keys`] order.
    pub fields: Vec<FieldShown>,
    /// The scrubber.
    pub scrubber: ScrubberShown,
    /// The link to exactly this view.
    pub share_link: String,
    /// How an import or export went, and whether it failed.
    pub file_status: Option<(String, bool)>,
    /// Whether the link was copied, in words.
    pub copy_status: Option<String>,
}

/// Everything a demo shows, as text and switches: the shell makes the DOM
/// say it.
#[derive(Debug, Clone, PartialEq)]
pub struct Presentation {
    /// Settings the page gave that could not be used.
    pub notice: Option<String>,
    /// This demo's error, or else the page's graphics note.
    pub status: Option<String>,
    /// Whether `status` is an error (rather than a note).
    pub status_is_error: bool,
    /// Whether `status` comes with a "Try again" button, which sends
    /// [`Input::TryGraphicsAgain`].
    pub offers_retry: bool,
    /// The progress bar: percent and words, while a job runs.
    pub progress: Option<(f64, String)>,
    /// The seed, or "none" for an imported map.
    pub seed: String,
    /// What the stage shows.
    pub caption: String,
    /// Whether the "set by this step" key shows.
    pub key_visible: bool,
    /// The crease index (the seam index, in a tiled view), as text and as
    /// a number.
    pub creases: Option<(String, f64)>,
    /// What erosion measured at this stage: the traced droplet's state,
    /// the droplets' ledger, the material slid.
    pub readout: Option<String>,
    /// The canvas's text alternative.
    pub label: String,
    /// The controls, if the demo has them.
    pub controls: Option<ControlsShown>,
}

/// A mounted demo.
#[derive(Debug, Clone)]
pub struct Demo {
    config: DemoConfig,
    origin: Origin,
    terrain: Terrain,
    /// A surface a job built (maps too big to mesh on the page).
    surface: Option<Surface>,
    waiting: Option<Waiting>,
    next_job: JobId,
    orbit: Orbit,
    gestures: Gestures,
    playing: bool,
    /// Counts Play presses, so a tick scheduled before a Pause is ignored.
    play_round: u32,
    graphics: GraphicsNote,
    error: Option<String>,
    notice: Option<String>,
    file_status: Option<(String, bool)>,
    copy_status: Option<String>,
    progress: Option<(f64, String)>,
    /// Text typed into controls, kept while it means the current value (so
    /// "0.30" is not rewritten as "0.3" under the reader's fingers), with
    /// its error if it was refused.
    typed: Vec<(Key, String, Option<String>)>,
    location: String,
    /// The query last put in the page's address.
    mirrored: Option<String>,
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
        let notice = (!problems.is_empty()).then(|| {
            format!(
                "Using defaults where this demo's settings were invalid: {}.",
                problems.join("; ")
            )
        });
        let display = &config.display;
        let orbit = Orbit::start(display.palette.is_posts(), display.view.is_tiled());
        let mut demo = Demo {
            config,
            origin: Origin::Generated,
            // A flat placeholder until the first map arrives.
            terrain: Terrain::finished(Heightmap::default()),
            surface: None,
            waiting: None,
            next_job: 0,
            orbit,
            gestures: Gestures::default(),
            playing: false,
            play_round: 0,
            graphics: environment.graphics,
            error: None,
            notice,
            file_status: None,
            copy_status: None,
            progress: None,
            typed: Vec::new(),
            location: environment.location,
            mirrored: None,
        };
        let mut effects = Vec::new();
        demo.regenerate(&mut effects);
        demo.mirror(&mut effects);
        (demo, effects)
    }

    /// The settings behind the map.
    pub fn config(&self) -> &DemoConfig {
        &self.config
    }

    /// The map on show.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// The surface a job built for it, if any (else the renderer builds it).
    pub fn surface(&self) -> Option<&Surface> {
        self.surface.as_ref()
    }

    /// The camera.
    pub fn orbit(&self) -> &Orbit {
        &self.orbit
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.config.params.map.seed
    }

    /// The name of the demos this one shares its seed with.
    pub fn link(&self) -> Option<&str> {
        self.config.display.link.as_deref()
    }

    /// Whether a job is awaited.
    pub fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// The view as drawn: without WebGL, every view is a picture.
    pub fn shown_view(&self) -> View {
        if self.graphics.is_flat() {
            self.config.display.view.as_picture()
        } else {
            self.config.display.view
        }
    }

    /// The controls this demo has, in order: for the articles' demos the
    /// numbers their algorithm and erosion read; for the playground, the
    /// algorithm, every parameter (those the map ignores are hidden), and
    /// how the map is shown.
    pub fn control_keys(&self) -> Vec<Key> {
        let numeric = |spec: &Spec| matches!(spec.kind, Kind::Whole { .. } | Kind::Number { .. });
        let params = fields()
            .filter(|field| field.spec().surfaces.control)
            .map(|field| (Key::Param(field), field.spec()));
        match self.config.display.controls {
            Controls::None => Vec::new(),
            // The articles' demos cannot change algorithm or erosion, so
            // they get only the numbers theirs read.
            Controls::Basic => params
                .filter(|(key, spec)| {
                    numeric(spec)
                        && matches!(key, Key::Param(field)
                            if (field.parameter().applies)(&self.config.params))
                })
                .map(|(key, _)| key)
                .collect(),
            Controls::Full => {
                let displays = SETTINGS
                    .iter()
                    .filter(|entry| entry.spec.surfaces.control)
                    .map(|entry| (Key::Display(entry.setting), entry.spec));
                params.chain(displays).map(|(key, _)| key).collect()
            }
        }
    }

    /// A file name for downloads: algorithm, exponent and seed.
    pub fn file_stem(&self) -> String {
        match &self.origin {
            Origin::Generated => {
                let params = &self.config.params;
                format!(
                    "{}-{}-seed-{}",
                    params.algorithm.name(),
                    params.map.exponent,
                    params.map.seed
                )
            }
            Origin::Imported { name, .. } => {
                format!("imported-{}", name.trim_end_matches(".png"))
            }
        }
    }

    /// Handles one input; returns what the shell must do.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut effects = Vec::new();
        match input {
            Input::Edited { key, text } => self.edited(key, text, &mut effects),
            Input::Stepped { key, direction } => self.stepped(key, direction, &mut effects),
            Input::Scrubbed(position) => self.scrubbed(position, &mut effects),
            Input::PlayPressed => self.toggle_play(&mut effects),
            Input::Tick(round) => self.tick(round, &mut effects),
            Input::Refresh(seed) => {
                self.set_seed(seed, &mut effects);
                effects.push(Effect::ShareSeed(seed));
            }
            Input::SeedShared(seed) => {
                if seed != self.config.params.map.seed {
                    self.set_seed(seed, &mut effects);
                }
            }
            Input::Job { job, reply } => self.job_word(job, reply, &mut effects),
            Input::ImportPicked { name, size } => {
                if size > MAX_IMPORT_BYTES {
                    self.file_status = Some((
                        format!(
                            "{name} is {:.0} MB; the largest file accepted is 128 MB.",
                            size / 1024.0 / 1024.0
                        ),
                        true,
                    ));
                } else {
                    self.file_status = Some((format!("Reading {name}…"), false));
                    effects.push(Effect::ReadFile);
                }
            }
            Input::ImportDecoded {
                name,
                heights,
                source,
            } => {
                self.playing = false;
                let offload = heights.exponent() >= WORKER_FROM_EXPONENT;
                self.submit(
                    Job::Import {
                        name: name.clone(),
                        heights,
                        source,
                    },
                    offload,
                    name.clone(),
                    Purpose::Import(name),
                    &mut effects,
                );
            }
            Input::ImportRefused { name, reason } => {
                self.file_status = Some((format!("{name}: {reason}"), true));
            }
            Input::Export(format) => self.export(format, &mut effects),
            Input::CopyLink => {
                self.copy_status = None;
                effects.push(Effect::Copy(self.share_link()));
            }
            Input::Copied(worked) => {
                self.copy_status = Some(
                    if worked {
                        "Copied the link."
                    } else {
                        "Could not copy: select the link and copy it yourself."
                    }
                    .to_owned(),
                );
            }
            Input::Camera(CameraAction::Reset) => {
                self.orbit = self.start_view();
                self.act(Vec::new(), &mut effects);
            }
            Input::Camera(action) => self.act(vec![action], &mut effects),
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
                self.graphics = note;
                effects.push(Effect::Redraw { rebuild: true });
            }
            Input::TryGraphicsAgain => effects.push(Effect::TryGraphicsAgain),
        }
        self.mirror(&mut effects);
        effects
    }

    /// What the demo shows now.
    pub fn presentation(&self) -> Presentation {
        let params = &self.config.params;
        // A seed makes a generated map, and the rain on an imported one.
        let seeded = self.origin == Origin::Generated || self.config.stage.is_erosion();
        let mut caption = match &self.origin {
            Origin::Generated => words::stage_caption(params, self.config.stage),
            Origin::Imported { name, .. } if self.config.stage.is_erosion() => format!(
                "Imported from {name} · {}",
                words::stage_caption(params, self.config.stage)
            ),
            Origin::Imported { name, .. } => format!("Imported from {name}"),
        };
        if let Some(Surface {
            max_error: Some(bound),
            surface_triangles,
            ..
        }) = &self.surface
        {
            caption.push_str(&format!(
                " · {} triangles, within {} of every point",
                words::group_thousands(*surface_triangles),
                words::round_for_display(f64::from(*bound))
            ));
        }
        if self.shown_view() == View::Difference {
            caption.push_str(if self.terrain.erosion.is_some() {
                " · red where erosion took material, blue where it left it"
            } else {
                " · no erosion, so nothing changed"
            });
        }
        let marked = if highlights(&self.terrain) {
            self.terrain.new_points.len()
        } else {
            0
        };
        let provenance = match &self.origin {
            Origin::Generated => words::provenance(params, self.config.stage),
            Origin::Imported { name, .. } => format!("imported from {name}"),
        };
        let label = words::describe(
            self.shown_view(),
            self.terrain.heightmap.side(),
            &provenance,
            marked,
        );
        let status = self.error.clone().or_else(|| self.graphics.message());
        Presentation {
            notice: self.notice.clone(),
            status_is_error: self.error.is_some(),
            offers_retry: self.error.is_none() && self.graphics.offers_retry(),
            status,
            progress: self.progress.clone(),
            seed: if seeded {
                params.map.seed.to_string()
            } else {
                "none".to_owned()
            },
            caption,
            key_visible: marked > 0,
            creases: self.creases(),
            readout: words::erosion_readout(&self.terrain),
            label,
            controls: (self.config.display.controls != Controls::None)
                .then(|| self.controls_shown()),
        }
    }

    fn controls_shown(&self) -> ControlsShown {
        let params = &self.config.params;
        let fields = self
            .control_keys()
            .into_iter()
            .map(|key| {
                let canonical = self.text_of(key);
                let (text, error) = match self.typed.iter().find(|(typed, ..)| *typed == key) {
                    Some((_, text, error)) => (text.clone(), error.clone()),
                    None => (canonical, None),
                };
                let hidden = match key {
                    Key::Param(field) => !(field.parameter().applies)(params),
                    Key::Display(_) => false,
                };
                FieldShown {
                    key,
                    text,
                    error,
                    hidden,
                }
            })
            .collect();
        let stages = self.stages();
        let position = stages
            .iter()
            .position(|&stage| stage == self.config.stage)
            .unwrap_or(0);
        let scrubber = ScrubberShown {
            last: stages.len() - 1,
            position,
            enabled: stages.len() > 1,
            name: words::stage_caption(params, self.config.stage),
            numbers: words::stage_numbers(params, self.config.stage),
            playing: self.playing,
        };
        ControlsShown {
            fields,
            scrubber,
            share_link: self.share_link(),
            file_status: self.file_status.clone(),
            copy_status: self.copy_status.clone(),
        }
    }

    /// The canonical text of a control's value.
    fn text_of(&self, key: Key) -> String {
        match key {
            Key::Param(field) => self.config.params.text(field),
            Key::Display(setting) => {
                let entry = setting.entry();
                entry.spec.show(&(entry.get)(&self.config.display))
            }
        }
    }

    /// The address of this page showing exactly this demo's state.
    pub fn share_link(&self) -> String {
        format!("{}?{}", self.location, self.config.to_query())
    }

    /// The stages the scrubber offers: a generated map's, or an imported
    /// map's (as it is, then erosion's).
    fn stages(&self) -> Vec<Stage> {
        match self.origin {
            Origin::Generated => self.config.params.stages(),
            Origin::Imported { .. } => self.config.params.imported_stages(),
        }
    }

    /// The last of [`Demo::stages`]: the whole map, weathered if it is.
    fn final_stage(&self) -> Stage {
        self.stages().last().copied().unwrap_or(Stage::Done)
    }

    fn start_view(&self) -> Orbit {
        let display = &self.config.display;
        Orbit::start(display.palette.is_posts(), display.view.is_tiled())
    }

    /// Keeps the page's address showing the playground's state.
    fn mirror(&mut self, effects: &mut Vec<Effect>) {
        if !self.config.display.url_state || self.origin != Origin::Generated {
            return;
        }
        let query = self.config.to_query();
        if self.mirrored.as_deref() != Some(query.as_str()) {
            self.mirrored = Some(query.clone());
            effects.push(Effect::ReplaceUrl(query));
        }
    }

    fn edited(&mut self, key: Key, text: String, effects: &mut Vec<Effect>) {
        self.typed.retain(|(typed, ..)| *typed != key);
        match key {
            Key::Param(field) if field == Field::ALGORITHM => self.algorithm_edited(&text, effects),
            Key::Param(field) => match self.config.params.with_text(field, &text) {
                Err(error) => {
                    self.typed.push((key, text, Some(control_message(&error))));
                }
                Ok(params) => {
                    self.typed.push((key, text, None));
                    if params == self.config.params {
                        return;
                    }
                    self.set_params(params, effects);
                }
            },
            Key::Display(setting) => {
                let entry = setting.entry();
                match entry
                    .spec
                    .parse_on(terrain_core::spec::Surface::Control, &text)
                {
                    Ok(value) => self.display_edited(setting, &value, effects),
                    Err(refusal) => {
                        let message = refuse_in_control(entry.spec, &refusal);
                        self.typed.push((key, text, Some(message)));
                    }
                }
            }
        }
    }

    fn stepped(&mut self, key: Key, direction: f64, effects: &mut Vec<Effect>) {
        let spec = key.spec();
        // From what the field says, if that is a value; a field showing
        // refused text does not step.
        let typed = self
            .typed
            .iter()
            .find(|(typed, ..)| *typed == key)
            .map(|(_, text, _)| text.clone());
        let current = match typed {
            Some(text) => match spec.parse(&text) {
                Ok(value) => value,
                Err(_) => return,
            },
            None => match key {
                Key::Param(field) => self.config.params.get(field),
                Key::Display(setting) => (setting.entry().get)(&self.config.display),
            },
        };
        if let Some(next) = spec.stepped(&current, direction) {
            self.edited(key, spec.show(&next), effects);
        }
    }

    /// A new algorithm: the parameters the reader left at the old one's
    /// defaults follow the new one's; values they chose stay.
    fn algorithm_edited(&mut self, text: &str, effects: &mut Vec<Effect>) {
        let Ok(algorithm) = text.parse() else {
            return;
        };
        let old = self.config.params;
        let old_defaults = Params::new(old.algorithm);
        let mut params = ValidParams::new(algorithm);
        // The map's size and seed stay whatever they were.
        let kept = |field: Field| field == Field::EXPONENT || field == Field::SEED;
        for field in fields().filter(|&field| field != Field::ALGORITHM) {
            let value = old.get(field);
            if kept(field) || value != old_defaults.get(field) {
                // A value the old parameters held is in its range.
                params = params.with_value(field, &value).unwrap_or(params);
            }
        }
        self.set_params(params, effects);
    }

    fn set_params(&mut self, params: ValidParams, effects: &mut Vec<Effect>) {
        let was_last = self.config.stage == self.final_stage();
        // An imported map stays while only its weather changes (erosion and
        // the seed its droplets fall by); any other setting makes a map
        // again.
        let mut same_map = *params;
        same_map.erosion = self.config.params.erosion;
        same_map.map.seed = self.config.params.map.seed;
        let weather_only = same_map == *self.config.params;
        if !weather_only {
            self.origin = Origin::Generated;
        }
        self.config.params = params;
        // A demo showing its whole map keeps showing the whole map (eroded,
        // once erosion is switched on); a pass-k stage may not exist at a
        // smaller exponent or for another algorithm.
        if was_last || !self.stages().contains(&self.config.stage) {
            self.config.stage = self.final_stage();
        }
        self.regenerate(effects);
    }

    fn display_edited(&mut self, setting: Setting, value: &Value, effects: &mut Vec<Effect>) {
        let before = self.config.display.clone();
        (setting.entry().set)(&mut self.config.display, value);
        let display = &self.config.display;
        // The posts' look comes with their camera; tiles need a wider one.
        if display.view.is_tiled() != before.view.is_tiled()
            || display.palette.is_posts() != before.palette.is_posts()
        {
            self.orbit = self.start_view();
        }
        // A surface a job built has its colours baked in.
        let look_changed = display.palette != before.palette || display.water != before.water;
        if self.surface.is_some() && look_changed {
            match &self.origin {
                Origin::Generated => self.regenerate(effects),
                Origin::Imported { .. } => {
                    let side = self.terrain.heightmap.side();
                    self.submit(
                        Job::Mesh {
                            heights: self.terrain.heightmap.clone(),
                        },
                        true,
                        format!("{side} × {side} points"),
                        Purpose::Recolour,
                        effects,
                    );
                }
            }
        } else {
            effects.push(Effect::Redraw { rebuild: true });
        }
    }

    fn scrubbed(&mut self, position: usize, effects: &mut Vec<Effect>) {
        let Some(&stage) = self.stages().get(position) else {
            return;
        };
        if stage != self.config.stage {
            self.config.stage = stage;
            self.regenerate(effects);
        }
    }

    fn toggle_play(&mut self, effects: &mut Vec<Effect>) {
        self.playing = !self.playing;
        if self.playing {
            self.play_round = self.play_round.wrapping_add(1);
            let stages = self.stages();
            // From the end, play starts over.
            if stages.last() == Some(&self.config.stage) {
                self.config.stage = stages[0];
                self.regenerate(effects);
            }
            effects.push(Effect::Schedule {
                delay: Delay::PlayStep,
                input: Input::Tick(self.play_round),
            });
        }
    }

    /// The scrubber's next step while playing; stops at the end. A tick of
    /// an earlier round of play (before a Pause) does nothing.
    fn tick(&mut self, round: u32, effects: &mut Vec<Effect>) {
        if !self.playing || round != self.play_round {
            return;
        }
        let stages = self.stages();
        let position = stages
            .iter()
            .position(|&stage| stage == self.config.stage)
            .unwrap_or(0);
        match stages.get(position + 1) {
            Some(&next) => {
                self.config.stage = next;
                self.playing = position + 2 < stages.len();
                self.regenerate(effects);
                if self.playing {
                    effects.push(Effect::Schedule {
                        delay: Delay::PlayStep,
                        input: Input::Tick(round),
                    });
                }
            }
            None => self.playing = false,
        }
    }

    /// A new seed: a new map, or on an imported map a new rain (when it
    /// has none, a new seed means a new map again).
    fn set_seed(&mut self, seed: u64, effects: &mut Vec<Effect>) {
        let params = self.config.params.with_seed(seed);
        if params.erosion.method == Method::None {
            self.origin = Origin::Generated;
            if !self.stages().contains(&self.config.stage) {
                self.config.stage = self.final_stage();
            }
        }
        self.config.params = params;
        self.regenerate(effects);
    }

    /// Asks for the map the settings describe: in the worker when it is
    /// huge (the last map stays on show meanwhile), else on the page.
    fn regenerate(&mut self, effects: &mut Vec<Effect>) {
        let params = self.config.params;
        if let Origin::Imported { name, original } = &self.origin {
            // The imported map's own size decides, not the settings'.
            let mut sized = *params;
            sized.map.exponent = original.exponent();
            let job = Job::Weather {
                heights: original.clone(),
                params: Box::new(params),
                stage: self.config.stage,
            };
            let subject = name.clone();
            let offload = belongs_in_worker(&sized, self.config.stage);
            self.submit(job, offload, subject, Purpose::Weather, effects);
            return;
        }
        let side = params.side();
        let offload = belongs_in_worker(&params, self.config.stage);
        self.submit(
            Job::Generate {
                params: Box::new(params),
                stage: self.config.stage,
            },
            offload,
            format!("{side} × {side} points"),
            Purpose::Map,
            effects,
        );
    }

    fn export(&mut self, format: FileFormat, effects: &mut Vec<Effect>) {
        let heights = self.terrain.heightmap.clone();
        let offload = heights.exponent() >= WORKER_FROM_EXPONENT;
        let name = format!("{}.{}", self.file_stem(), format.extension());
        self.submit(
            Job::Export { heights, format },
            offload,
            name.clone(),
            Purpose::Export(name),
            effects,
        );
    }

    fn submit(
        &mut self,
        job: Job,
        offload: bool,
        subject: String,
        purpose: Purpose,
        effects: &mut Vec<Effect>,
    ) {
        if let Some(previous) = self.waiting.take() {
            effects.push(Effect::Cancel(previous.job));
        }
        self.next_job += 1;
        let id = self.next_job;
        // Surfaces are built in the worker, for maps too big to mesh on the
        // page; the renderer meshes the others itself.
        let mesh = offload
            && match &job {
                Job::Generate { params, .. } => params.map.exponent >= WORKER_FROM_EXPONENT,
                Job::Weather { heights, .. } => heights.exponent() >= WORKER_FROM_EXPONENT,
                Job::Import { .. } | Job::Mesh { .. } => true,
                Job::Export { .. } => false,
            };
        let request = Request {
            job,
            look: self.look(),
            mesh,
        };
        if offload {
            self.progress = Some((0.0, format!("Waiting to start: {subject}, 0%")));
        }
        self.waiting = Some(Waiting {
            job: id,
            subject,
            purpose,
        });
        effects.push(Effect::Submit {
            job: id,
            request,
            offload,
        });
    }

    fn job_word(&mut self, job: JobId, reply: Reply, effects: &mut Vec<Effect>) {
        // Word from a job nobody waits for any more (the settings changed
        // since) is dropped.
        let Some(waiting) = self.waiting.take_if(|waiting| waiting.job == job) else {
            return;
        };
        match reply {
            Reply::Progress { share, words } => {
                let percent = (share * 100.0).round().clamp(0.0, 100.0);
                self.progress =
                    Some((percent, format!("{words}: {}, {percent}%", waiting.subject)));
                self.waiting = Some(waiting);
            }
            Reply::Made(made) => {
                let Made {
                    terrain,
                    surface,
                    source,
                } = *made;
                self.progress = None;
                self.error = None;
                match waiting.purpose {
                    Purpose::Recolour => self.surface = surface,
                    Purpose::Import(name) => {
                        let side = terrain.heightmap.side();
                        self.file_status =
                            Some((imported_message(&name, source.as_ref(), side), false));
                        let original = terrain.heightmap.clone();
                        self.show_map(terrain, surface, Origin::Imported { name, original });
                        self.config.stage = Stage::Done;
                        self.playing = false;
                    }
                    Purpose::Weather => {
                        let origin = self.origin.clone();
                        self.show_map(terrain, surface, origin);
                    }
                    Purpose::Map | Purpose::Export(_) => {
                        self.show_map(terrain, surface, Origin::Generated);
                    }
                }
                effects.push(Effect::Redraw { rebuild: true });
            }
            Reply::File { bytes, format } => {
                self.progress = None;
                let name = match waiting.purpose {
                    Purpose::Export(name) => name,
                    _ => format!("{}.{}", self.file_stem(), format.extension()),
                };
                self.file_status = Some((
                    format!("Downloaded {name} ({} KB).", bytes.len().div_ceil(1024)),
                    false,
                ));
                effects.push(Effect::Download {
                    name,
                    media_type: format.media_type(),
                    bytes,
                });
            }
            Reply::Failed { message } => {
                self.progress = None;
                match waiting.purpose {
                    Purpose::Import(name) => {
                        self.file_status = Some((format!("{name}: {message}"), true));
                    }
                    Purpose::Export(name) => {
                        self.file_status =
                            Some((format!("{name} could not be written: {message}"), true));
                    }
                    Purpose::Map | Purpose::Recolour | Purpose::Weather => {
                        self.error = Some(format!("This map could not be made: {message}"));
                    }
                }
            }
        }
    }

    fn show_map(&mut self, terrain: Terrain, surface: Option<Surface>, origin: Origin) {
        self.terrain = terrain;
        self.surface = surface;
        self.origin = origin;
        // Values shown elsewhere (Refresh, a linked demo) win over typing.
        let params = self.config.params;
        self.typed.retain(|(key, text, error)| {
            error.is_none()
                && match key {
                    Key::Param(field) => {
                        let spec = field.spec();
                        spec.parse(text).ok() == Some(params.get(*field))
                    }
                    Key::Display(_) => false,
                }
        });
    }

    fn act(&mut self, actions: Vec<CameraAction>, effects: &mut Vec<Effect>) {
        for action in &actions {
            self.orbit.act(*action);
        }
        // Only the 3D views have a camera to move.
        if self.shown_view().is_3d() {
            effects.push(Effect::Redraw { rebuild: false });
        }
    }

    /// What the 2D view draws over the map: the overlay the settings ask
    /// for (a generated map's; an imported one has no lattice), and a
    /// traced droplet's path.
    pub fn drawing(&self) -> Drawing {
        if self.origin != Origin::Generated {
            return Drawing::default();
        }
        overlay::drawing(
            &self.config.params,
            &self.terrain,
            self.config.display.overlay,
        )
    }

    /// The look's background and lighting follow the palette.
    pub fn palette(&self) -> Palette {
        self.config.display.palette
    }

    /// How the surface is coloured: the palette, and rivers if asked for
    /// (flowing across the edges where erosion wraps).
    pub fn look(&self) -> Look {
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

    /// The crease index of a finished map, or its seam index in a tiled
    /// view, when the demo shows it.
    fn creases(&self) -> Option<(String, f64)> {
        let finished =
            self.terrain.stage == Stage::Done || self.terrain.stage == self.final_stage();
        if !self.config.display.creases || !finished {
            return None;
        }
        let map = &self.terrain.heightmap;
        if self.config.display.view.is_tiled() {
            seam_index(map).map(|index| (format!("seam index {index:.2}"), index))
        } else {
            crease_index(map, DEFAULT_CREASE_LEVELS)
                .map(|index| (format!("crease index {index:.2}"), index))
        }
    }
}

/// What an import made of file `name`.
pub fn imported_message(name: &str, source: Option<&ImageSource>, side: usize) -> String {
    match source {
        Some(source) => format!(
            "Imported {name}: {} × {} pixels, {}, resampled to {side} × {side} points.",
            source.width, source.height, source.format
        ),
        None => format!("Imported {name}, resampled to {side} × {side} points."),
    }
}

#[cfg(test)]
mod tests;
