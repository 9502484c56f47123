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
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::MessageChannel;

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

/// Resolves in a later task, after whatever input and drawing the page
/// has waiting: a message to itself on a new channel, for a timer of 0 ms
/// set from a timer's own task is held back 4 ms once five are nested,
/// which a copy of many pieces would add up.
pub(crate) async fn next_task() {
    let Ok(channel) = MessageChannel::new() else {
        return;
    };
    let promise = Promise::new(&mut |resolve, _| {
        channel.port1().set_onmessage(Some(&resolve));
    });
    if channel.port2().post_message(&JsValue::UNDEFINED).is_ok() {
        let _ = JsFuture::from(promise).await;
    }
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

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;

    wasm_bindgen_test_configure!(run_in_browser);

    /// Values that are not their own index, over three pieces and a bit.
    fn values<T>(from: impl Fn(usize) -> T) -> Vec<T> {
        (0..3 * PIECE_BYTES / size_of::<T>() + 17)
            .map(from)
            .collect()
    }

    #[wasm_bindgen_test]
    async fn arrays_of_every_kind_cross_in_pieces_unchanged() {
        let mut turns = Turns::on_the_page();
        let heights = values(|i| i as f64 * 0.37 - 1e6);
        let array: Float64Array = copy_out(&heights, &mut turns).await;
        assert_eq!(array.to_vec(), heights);
        assert_eq!(copy_in(&array, &mut turns).await, heights);
        let positions = values(|i| i as f32 * 0.5);
        let array: Float32Array = copy_out(&positions, &mut turns).await;
        assert_eq!(copy_in(&array, &mut turns).await, positions);
        let colours = values(|i| (i * 7 % 256) as u8);
        let array: Uint8Array = copy_out(&colours, &mut turns).await;
        assert_eq!(copy_in(&array, &mut turns).await, colours);
        let indices = values(|i| (i * 3) as u32);
        let array: Uint32Array = copy_out(&indices, &mut turns).await;
        assert_eq!(copy_in(&array, &mut turns).await, indices);
        let empty: Float64Array = copy_out(&[], &mut turns).await;
        assert_eq!(empty.length(), 0);
        assert!(copy_in(&empty, &mut turns).await.is_empty());
    }

    /// Whether a timer of 0 ms set just before copying `values` in (a
    /// copy of well over [`SLICE_MS`]) runs before the copy is done.
    async fn timer_runs_during_copy(values: &Float64Array, turns: &mut Turns) -> bool {
        let copied = Rc::new(Cell::new(false));
        let ran_during = Rc::new(Cell::new(false));
        let timer = {
            let (copied, ran_during) = (copied.clone(), ran_during.clone());
            Closure::once_into_js(move || ran_during.set(!copied.get()))
        };
        web_sys::window()
            .expect("a page")
            .set_timeout_with_callback(timer.unchecked_ref())
            .expect("a timer");
        let copy = copy_in(values, turns).await;
        copied.set(true);
        assert_eq!(copy.len(), values.length() as usize);
        next_task().await;
        ran_during.get()
    }

    #[wasm_bindgen_test]
    async fn the_page_gets_its_turn_during_a_long_copy_and_a_worker_copy_runs_through() {
        // 64 MB: tens of milliseconds of copying, most of it first touch.
        let big = Float64Array::new_with_length(1 << 23);
        big.fill(0.25, 0, 1 << 23);
        assert!(timer_runs_during_copy(&big, &mut Turns::on_the_page()).await);
        assert!(!timer_runs_during_copy(&big, &mut Turns::none()).await);
        // Without turns the work is ready at its first poll.
        let small = Float64Array::from([1.0, 2.0, 3.0].as_slice());
        assert_eq!(
            at_once(copy_in(&small, &mut Turns::none())),
            [1.0, 2.0, 3.0]
        );
    }
}
