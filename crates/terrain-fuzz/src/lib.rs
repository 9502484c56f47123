//! One check per parser of outside input, each taking raw bytes.
//!
//! Every function here decodes its input from any bytes at all, runs one
//! parser of *Terrain, step by step* on it, and asserts what must hold
//! whatever a reader types, a page's markup says, a shared link carries or a
//! file contains. A panic is a bug found. The same checks run two ways:
//!
//! - **The quick path**: this crate's tests (`cargo test -p terrain-fuzz`,
//!   part of `cargo test --workspace`) feed each check every file of the
//!   seed corpus in `fuzz/corpus/<target>/` and a few thousand inputs made
//!   by proptest, in seconds.
//! - **The long run**: `fuzz/` is a cargo-fuzz project with one libFuzzer
//!   target per check (`cargo xtask fuzz`, see `FUZZING.md`).
//!
//! | check | parser |
//! |---|---|
//! | [`params_text`] | `ValidParams::with_text` |
//! | [`stage_text`] | `Stage::from_str`, `Params::check_stage` |
//! | [`query`] | `query::from_query`, `to_query`, `parse_pairs`, `encode`, `decode` |
//! | [`embed_attributes`] | `DemoConfig::from_attributes`, `DemoConfig::apply_query` |
//! | [`png_import`] | `terrain_io::import_png` |
//! | [`png_differential`] | `terrain_io::import_png` against the png crate alone |
//! | [`generate`] | `Params::check`, then `terrain_core::generate`, with any field values |
//!
//! How each check reads its bytes is in [`input`], with the encoders that
//! write such bytes (the seed corpus and the property tests use them).
//!
//! Linking this crate installs a counting global allocator, so that
//! [`png_import`] can hold the importer to its memory limits.

#[cfg(not(target_arch = "wasm32"))]
mod generate;
#[cfg(not(target_arch = "wasm32"))]
pub mod input;
#[cfg(not(target_arch = "wasm32"))]
mod png_differential;
#[cfg(not(target_arch = "wasm32"))]
mod png_import;
#[cfg(not(target_arch = "wasm32"))]
mod query;
#[cfg(not(target_arch = "wasm32"))]
mod text;

#[cfg(not(target_arch = "wasm32"))]
pub use generate::generate;
#[cfg(not(target_arch = "wasm32"))]
pub use png_differential::png_differential;
#[cfg(not(target_arch = "wasm32"))]
pub use png_import::{allocation_budget, png_import};
#[cfg(not(target_arch = "wasm32"))]
pub use query::{embed_attributes, query};
#[cfg(not(target_arch = "wasm32"))]
pub use text::{params_text, stage_text};

/// A check: it panics if its input shows a bug.
pub type Check = fn(&[u8]);

/// The fuzz targets, by the names `cargo fuzz run` and the corpus folders
/// use, each with its check.
#[cfg(not(target_arch = "wasm32"))]
pub const TARGETS: [(&str, Check); 7] = [
    ("params_text", params_text),
    ("stage_text", stage_text),
    ("query", query),
    ("embed_attributes", embed_attributes),
    ("png_import", png_import),
    ("png_differential", png_differential),
    ("generate", generate),
];
