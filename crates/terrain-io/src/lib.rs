//! Heightmaps in and out of files: PNG images, 16-bit RAW and Wavefront OBJ
//! meshes.
//!
//! This crate lets a reader of *Terrain, step by step* take a map away (a
//! 16-bit PNG for a game engine, an OBJ for Blender) and bring their own
//! picture in as a heightmap. It works on byte slices and strings only, no
//! filesystem, clock or web APIs, so the web crate hands it the bytes of a
//! file the reader picked and offers what it returns as a download.
//!
//! # Conventions
//!
//! - Maps are [`terrain_core::Heightmap`]s: square, `2^n + 1` points on a
//!   side, row-major, point `(x, y)` in column `x` and row `y`.
//! - In images, row 0 is the top row and column 0 the left, the same as the
//!   map's, so a picture and the map it becomes look alike.
//! - Imported heights are in `[0, 1]`: the pixel value over the largest
//!   value its bit depth allows. Exported PNG pixels span the map's own
//!   `min..max` to `0..65535`.
//! - OBJ files use the site's world units: 100 x 100 centred on the origin,
//!   a height of 1 is 50 units, Y up, the map's top row at -Z.
//! - Nothing here panics on any input; every failure is an [`ImportError`]
//!   whose message can be shown to a reader as is.
//!
//! # Features
//!
//! - `import` (on by default): [`import_png`] and the PNG reading under it
//!   ([`Imported`], [`ImportError`] and the limits are there without it). The pixels are decoded by the `png` crate; this crate
//!   checks the file's structure and header first (so oversized images are
//!   refused before anything is allocated and every refusal is a sentence
//!   for the page) and turns the decoded rows into heights. The site's main
//!   wasm module leaves it out, because the decoder is large, and loads
//!   `crates/terrain-png` for the first import.
//! - `test-support`: [`test_support`], for tests that build or damage
//!   files by hand.
//!
//! # Use
//!
//! ```
//! use terrain_core::{generate, Algorithm, Stage, ValidParams};
//! use terrain_io::{export_png, import_png};
//!
//! let params = ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(4)?.with_seed(3);
//! let map = generate(&params, Stage::Done)?.heightmap;
//!
//! // A download for the reader, and the same file brought back.
//! let png = export_png(&map);
//! let imported = import_png(&png)?;
//! assert_eq!(imported.heightmap.side(), 17);
//! assert_eq!(imported.source_format, "16-bit greyscale");
//!
//! // Anything that is not a PNG is refused with a sentence for the page.
//! let error = import_png(b"GIF89a...").unwrap_err();
//! assert!(error.to_string().starts_with("this file is not a PNG image"));
//!
//! let obj = terrain_io::export_obj(&map);
//! assert_eq!(obj.lines().filter(|line| line.starts_with("v ")).count(), 17 * 17);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod imported;
mod obj_export;
mod png_chunks;
mod png_export;
mod png_filter;
#[cfg(feature = "import")]
mod png_import;
#[cfg(feature = "import")]
mod png_structure;
mod raw16;
#[cfg(feature = "import")]
mod recorded;
mod resample;
#[cfg(test)]
mod test_images;
#[cfg(test)]
mod test_maps;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;

pub use error::ImportError;
pub use imported::{Imported, MAX_DECODE_BYTES, MAX_IMPORT_SIDE, luminance};
pub use obj_export::{MAX_OBJ_SIDE, export_obj, export_obj_mesh, obj_step};
pub use png_export::{SOFTWARE, export_png, png16, samples16};
#[cfg(feature = "import")]
pub use png_import::import_png;
pub use raw16::export_raw16;
pub use resample::import_exponent;

/// The media type to offer an exported PNG with.
pub const PNG_MEDIA_TYPE: &str = "image/png";

/// The media type to offer an exported OBJ with.
pub const OBJ_MEDIA_TYPE: &str = "model/obj";

/// The media type to offer an exported 16-bit RAW with.
pub const RAW_MEDIA_TYPE: &str = "application/octet-stream";
