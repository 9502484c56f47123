//! What happens to a page, as a [`PageInput`]: a demo's input, a frame,
//! scrolling and resizing, the graphics context, word from the worker,
//! the reader's wishes and a `<terrain-demo>`'s changed attributes.

use crate::demo::Input;
use crate::element::Attributes;
use crate::graphics::ContextEvent;
use crate::protocol::Reply;

/// The number of a job sent to the worker, unique on the page.
pub type WorkerJob = u64;

/// Something that happened to the page.
#[derive(Debug, Clone, PartialEq)]
pub enum PageInput {
    /// Something happened to demo `index`.
    Demo(usize, Input),
    /// Demo `index` scrolled into view (`true`) or out of it.
    Visible(usize, bool),
    /// The page is about to be printed (`true`: every demo is drawn now,
    /// on screen or not, so paper shows them all), or has been.
    Printing(bool),
    /// The page was hidden (`true`: another tab in front, a minimized
    /// window) or shown again.
    Hidden(bool),
    /// Demo `index`'s canvas is now `width` x `height` device pixels.
    Resized(usize, u32, u32),
    /// An animation frame: draw what needs it.
    Frame,
    /// Something happened to the shared graphics context.
    Context(ContextEvent),
    /// Word from the worker about job `job`.
    Worker(WorkerJob, Reply),
    /// The worker cannot be used (it failed, or runs another version of
    /// the site): this sentence says why. Its jobs are done on the page.
    WorkerGone(String),
    /// The reader switched the posts' own look (flat green, their camera
    /// and light) on or off for every demo of the page.
    PostsLook(bool),
    /// Whether the reader asks their system for reduced motion: at the
    /// start, and whenever it changes.
    ReducedMotion(bool),
    /// The page's address has rested [`ADDRESS_INTERVAL_MS`](crate::address::ADDRESS_INTERVAL_MS) since it last
    /// changed (see [`crate::address`]).
    AddressRested,
    /// Demo `index`'s element (a `<terrain-demo>`) now has these
    /// attributes. The demo reads them at the next frame, so any number of
    /// changes before it make one new map and one drawing.
    Attributes(usize, Attributes),
    /// These demos share one camera from now on: turning, zooming or
    /// panning any of them moves them all (the playground's comparison).
    ShareCamera(Vec<usize>),
}
