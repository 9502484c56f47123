//! Why a picture could not become a heightmap, in words a reader can act on.

use std::fmt;

use crate::imported::{MAX_DECODE_BYTES, MAX_IMPORT_SIDE};

/// Everything that can go wrong in `import_png`.
///
/// [`Display`](fmt::Display) gives one sentence for the page, starting in
/// lower case like the core's messages so a caller can prefix it ("Could not
/// open heights.png: ...").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The file has no bytes at all.
    Empty,
    /// The file does not start with the PNG signature: it is some other kind
    /// of file (a JPEG, a text file, ...).
    NotPng,
    /// The file starts like a PNG but its contents are damaged or cut short.
    Corrupt(
        /// What the decoder found wrong.
        String,
    ),
    /// The image is wider or taller than [`MAX_IMPORT_SIDE`].
    TooLarge {
        /// Width in pixels, as the file's header says.
        width: u32,
        /// Height in pixels, as the file's header says.
        height: u32,
    },
    /// The image is narrower or shorter than 2 pixels: there is nothing to
    /// interpolate between.
    TooSmall {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// Decoding would need more than [`MAX_DECODE_BYTES`] of memory (a huge
    /// interlaced image, or an oversized metadata chunk).
    TooMuchMemory,
    /// A valid PNG using something this crate does not read.
    Unsupported(
        /// What it is.
        String,
    ),
}

impl fmt::Display for ImportError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Empty => formatter.write_str("this file is empty (it has no bytes)"),
            ImportError::NotPng => formatter.write_str(
                "this file is not a PNG image (it does not start with the PNG signature); \
                 export a PNG from your image editor",
            ),
            ImportError::Corrupt(detail) => {
                write!(
                    formatter,
                    "this PNG image is damaged and cannot be read: {detail}"
                )
            }
            ImportError::TooLarge { width, height } => write!(
                formatter,
                "this image is {width} x {height} pixels; the largest accepted is \
                 {MAX_IMPORT_SIDE} x {MAX_IMPORT_SIDE}"
            ),
            ImportError::TooSmall { width, height } => write!(
                formatter,
                "this image is {width} x {height} pixels; a heightmap needs at least 2 x 2"
            ),
            ImportError::TooMuchMemory => write!(
                formatter,
                "this PNG image needs more than {} MB of memory to read; save it smaller, \
                 or without interlacing",
                MAX_DECODE_BYTES / (1024 * 1024)
            ),
            ImportError::Unsupported(detail) => {
                write!(formatter, "this PNG image cannot be used: {detail}")
            }
        }
    }
}

impl std::error::Error for ImportError {}
