//! What a demo asks the page or the shell to do, as an [`Effect`]: start
//! or cancel a job, draw, write the address, wait, write a file, read one,
//! copy a link, share a seed.

use super::input::{ExportId, Input, JobId};
use super::playback::Delay;
use crate::camera::Orbit;
use crate::protocol::Request;

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
    /// Write the map on show as a file and offer it to the reader: hand
    /// the map and `options` (`exportMap()`'s, by name) to the download
    /// module, and answer with [`Input::Exported`]. The map is the one the
    /// demo shows while this is carried out; should it change meanwhile,
    /// the answer is a failure.
    Export {
        /// Its number.
        id: ExportId,
        /// `exportMap()`'s options, as names and texts.
        options: Vec<(&'static str, String)>,
        /// The file's name.
        name: String,
        /// Its media type.
        media_type: &'static str,
    },
    /// Read and decode the file the reader picked; answer with
    /// [`Input::ImportDecoded`] or [`Input::ImportRefused`] with this
    /// ticket.
    ReadFile(u32),
    /// Copy text to the clipboard; answer with [`Input::Copied`].
    Copy(String),
    /// Give demos linked to this one the seed.
    ShareSeed(u64),
    /// The reader moved this demo's camera to this orbit: demos sharing
    /// its camera follow (see [`crate::page`]).
    CameraMoved(Orbit),
    /// Ask the page for a new graphics context: the reader pressed "Try
    /// again".
    TryGraphicsAgain,
}
