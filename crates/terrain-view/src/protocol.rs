//! The one message protocol between a page and its worker: what a demo
//! asks to be made ([`Request`]) and what comes back ([`Reply`]).
//!
//! Both sides run this same module, so both use these types. They cross
//! the thread boundary as a [`Message`]: a small header of bytes (the
//! protocol's version, then the parameters as typed values, never as query
//! text) and the big arrays (heights, file bytes, mesh buffers) beside it,
//! which the browser transfers rather than copies. A side that gets a
//! message of another version refuses it with a sentence saying so: a
//! worker script cached from an older release cannot be fed new messages.
//!
//! [`run`] does the work a request asks for. The worker calls it; so does
//! the page, for maps small enough to make at once, so there is one way a
//! map gets made.
//!
//! | file | what it holds |
//! |---|---|
//! | `messages` | the requests and replies, as both sides use them |
//! | `run` | the work a request asks for |
//! | `version` | the version both sides compare first |
//! | `wire` | a message's layout: header fields and arrays, written and read |
//! | `values` | a job's fields: a stage, the parameters, a map, a source |
//! | `terrain` | a made map's fields: its new points, erosion's report, its surface |
//! | `codec` | requests and replies to messages and back |
//! | `codes` | the kinds of the protocol's own enums, in code order |

mod codec;
mod codes;
mod messages;
mod run;
mod terrain;
mod values;
mod version;
mod wire;

pub use messages::{Job, Made, Reply, Request, Source};
pub use run::{run, run_keeping};
pub use version::{PROTOCOL_VERSION, version};
pub use wire::{Message, Payload, ProtocolError};

#[cfg(test)]
mod tests;
