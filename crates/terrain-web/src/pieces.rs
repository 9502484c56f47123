//! Big copies between JavaScript and this module's memory, in pieces.
//!
//! A 4097 x 4097 map is 134 MB of heights. Copied into or out of the
//! module at once, it holds the page for 100 ms and more (most of it the
//! first touch of new memory), where the page's other work takes a few
//! milliseconds at a time and a frame 16. So the page's own copies of a
//! map (a worker's reply, a job sent to it, a decoded picture) go in
//! pieces, the page getting its turn whenever one has run for
//! [`SLICE_MS`]. A worker has no page to give a turn to: its copies
//! ([`Turns::none`]) run straight through, and [`at_once`] takes their
//! result.

use std::pin::pin;
use std::task::{Context, Poll, Waker};

use js_sys::{Float32Array, Float64Array, Promise, Uint8Array, Uint32Array};
use wasm_bindgen_futures::JsFuture;

/// The longest the page copies between two turns of its other work, in ms.
const SLICE_MS: f64 = 8.0;

/// How many bytes are copied between two looks at the clock: about a
/// quarter of a millisecond's work.
const PIECE_BYTES: usize = 1 << 20;

/// A JavaScript typed array of `Item`s, as `js_sys` has them.
pub trait TypedArray: Sized {
    type Item: Copy + Default;
    fn with_length(length: u32) -> Self;
    fn len(&self) -> u32;
    fn part(&self, begin: u32, end: u32) -> Self;
    fn read_into(&self, into: &mut [Self::Item]);
    fn write_from(&self, from: &[Self::Item]);
}

macro_rules! typed_array {
    ($($array:ty => $item:ty),*) => {$(
        impl TypedArray for $array {
            type Item = $item;
            fn with_length(length: u32) -> Self {
                Self::new_with_length(length)
            }
            fn len(&self) -> u32 {
                self.length()
            }
            fn part(&self, begin: u32, end: u32) -> Self {
                self.subarray(begin, end)
            }
            fn read_into(&self, into: &mut [$item]) {
                self.copy_to(into);
            }
            fn write_from(&self, from: &[$item]) {
                self.copy_from(from);
            }
        }
    )*};
}

typed_array!(Float64Array => f64, Float32Array => f32, Uint8Array => u8, Uint32Array => u32);

/// `array`'s values, copied into this module in pieces, taking `turns`.
pub async fn copy_in<A: TypedArray>(array: &A, turns: &mut Turns) -> Vec<A::Item> {
    let length = array.len() as usize;
    let mut values = Vec::with_capacity(length);
    for (from, to) in pieces::<A::Item>(length) {
        values.resize(to, A::Item::default());
        array
            .part(from as u32, to as u32)
            .read_into(&mut values[from..to]);
        turns.take().await;
    }
    values
}

/// A new typed array of `values`, copied out of this module in pieces,
/// taking `turns`.
pub async fn copy_out<A: TypedArray>(values: &[A::Item], turns: &mut Turns) -> A {
    let array = A::with_length(values.len() as u32);
    for (from, to) in pieces::<A::Item>(values.len()) {
        array
            .part(from as u32, to as u32)
            .write_from(&values[from..to]);
        turns.take().await;
    }
    array
}

/// The pieces `[from, to)` of `length` values of type `T`.
fn pieces<T>(length: usize) -> impl Iterator<Item = (usize, usize)> {
    let piece = (PIECE_BYTES / size_of::<T>()).max(1);
    (0..length)
        .step_by(piece)
        .map(move |from| (from, (from + piece).min(length)))
}

/// Gives the page its turn once a slice of work has run for [`SLICE_MS`].
pub struct Turns {
    clock: Option<web_sys::Performance>,
    since: f64,
}

impl Turns {
    /// Turns for work on the page, from now (none where there is no page).
    pub fn on_the_page() -> Self {
        let clock = web_sys::window().and_then(|window| window.performance());
        let since = clock.as_ref().map_or(0.0, web_sys::Performance::now);
        Self { clock, since }
    }

    /// No turns: the work runs straight through.
    pub fn none() -> Self {
        Self {
            clock: None,
            since: 0.0,
        }
    }

    /// Waits for the next task if this slice has run its time.
    async fn take(&mut self) {
        let Some(clock) = &self.clock else { return };
        if clock.now() - self.since < SLICE_MS {
            return;
        }
        next_task().await;
        self.since = clock.now();
    }
}

/// A promise kept in a later task (a timer of 0 ms), after whatever input
/// and drawing the page has waiting.
async fn next_task() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback(&resolve);
    });
    let _ = JsFuture::from(promise).await;
}

/// The result of `work`, which takes no turns (it waits for nothing but
/// [`Turns::none`]), so it is ready at its first poll.
pub fn at_once<T>(work: impl Future<Output = T>) -> T {
    let mut work = pin!(work);
    let mut context = Context::from_waker(Waker::noop());
    // Polled again only if it were waiting, which work without turns
    // never is.
    loop {
        if let Poll::Ready(result) = work.as_mut().poll(&mut context) {
            return result;
        }
    }
}
