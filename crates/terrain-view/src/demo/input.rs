//! What happens to a demo, as an [`Input`]: a control's new text, a step
//! of an arrow key, the scrubber, a job's word, a file, a camera gesture,
//! the page's graphics.

use terrain_core::spec::Spec;
use terrain_core::{Field, Heightmap};

use crate::camera::{CameraAction, Orbit};
use crate::graphics::Graphics;
use crate::protocol::{Reply, Source as ImageSource};
use crate::settings::{DemoConfig, Setting};

/// The number of a download a demo asked for, counted per demo.
pub type ExportId = u32;

/// Word of a file being written.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportWord {
    /// How far along it is: a share from 0 to 1, and what it is doing.
    Progress {
        /// From 0 to 1.
        share: f64,
        /// "Fitting the triangles".
        words: String,
    },
    /// It was written and offered to the reader.
    Written {
        /// Its size.
        bytes: u64,
        /// A mesh's triangles.
        triangles: Option<u64>,
        /// A mesh's largest height error, in `units`.
        max_error: Option<f64>,
        /// The file's units: "mm", "world units".
        units: String,
    },
    /// It could not be: why, as a sentence in lower case.
    Failed(String),
}

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

/// Something that happened to a demo.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// A control now says `text`: a slider, a menu (the option's name), a
    /// checkbox (`true` or `false`), or a typed field left or entered.
    Edited {
        /// Which control.
        key: Key,
        /// What it says.
        text: String,
    },
    /// A key typed into a field, which now says `text`: shown (and
    /// refused, if it must be) at once, and taken once the typing rests
    /// ([`super::Delay::TypingRest`]) or the reader does anything else.
    Typed {
        /// Which field.
        key: Key,
        /// What it says.
        text: String,
    },
    /// The typing that asked for this rest (its round) has rested.
    TypingRested(u32),
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
        /// The read's ticket, from [`Effect::ReadFile`](super::Effect::ReadFile).
        read: u32,
        /// Its name.
        name: String,
        /// The map it makes.
        heights: Heightmap,
        /// The image it came from.
        source: ImageSource,
    },
    /// The picked file could not be read, or is not a map.
    ImportRefused {
        /// The read's ticket, from [`Effect::ReadFile`](super::Effect::ReadFile).
        read: u32,
        /// Its name.
        name: String,
        /// Why, as a sentence starting in lower case.
        reason: String,
    },
    /// A field of the Download menu now says `text`.
    DownloadEdited {
        /// Its option's JavaScript name (`format`, `sizeMm`…).
        option: String,
        /// What it says.
        text: String,
    },
    /// The Download menu's button was pressed.
    DownloadPressed,
    /// Word of a file being written.
    Exported {
        /// Which download.
        id: ExportId,
        /// What it says.
        word: ExportWord,
    },
    /// Copy the share link.
    CopyLink,
    /// Whether the copy worked.
    Copied(bool),
    /// A camera action (keys, wheel, double click).
    Camera(CameraAction),
    /// Another demo sharing this one's camera moved it here.
    CameraShared(Orbit),
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
    Graphics(Graphics),
    /// The reader asked for a new graphics context ("Try again") after
    /// the browser refused one.
    TryGraphicsAgain,
    /// The page gave the demo new settings (a `<terrain-demo>` element's
    /// attributes changed); `problems` are the values it could not use.
    Reconfigure {
        /// The settings, every value checked.
        config: Box<DemoConfig>,
        /// A sentence for each value refused.
        problems: Vec<String>,
    },
}
