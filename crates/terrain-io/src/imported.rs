//! What an import gives, and its limits. These need no decoder, so they
//! are here without the `import` feature too: a web module that leaves the
//! decoder out can still speak of an [`Imported`] map.

use terrain_core::Heightmap;

/// The widest and tallest image accepted, in pixels.
///
/// An 8192-pixel side is twice the largest map (4097): every point of the
/// biggest map has pixels of its own, and refusing more bounds the work
/// before any pixel is decoded. (Resampling reads between pixels, with no
/// filter first, so a line one pixel wide at 8192 can fade at 4097.)
pub const MAX_IMPORT_SIDE: u32 = 8192;

/// The most memory decoding may use, in bytes, besides the heightmap itself.
///
/// Rows are decoded and resampled one at a time, so a normal image needs only
/// a few rows; an interlaced one must be decoded whole first, and an
/// interlaced 8192 x 8192 16-bit RGBA image (512 MiB) is refused.
pub const MAX_DECODE_BYTES: usize = 300 * 1024 * 1024;

/// A heightmap read from a PNG, with what the file was.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The heights, in `[0, 1]`, resampled to `2^n + 1` points on a side
    /// (see [`import_exponent`](crate::import_exponent)).
    pub heightmap: Heightmap,
    /// The heights 0 and 1 stand for, when the file is one of our exports,
    /// which record them in their `Comment` (see
    /// [`export_png`](crate::export_png)): `low + h * (high - low)` gives
    /// the exported map back, to 16 bits. `None` for any other file.
    pub recorded_range: Option<(f64, f64)>,
    /// The image's width in pixels.
    pub source_width: u32,
    /// The image's height in pixels.
    pub source_height: u32,
    /// The file's pixel format in words, such as `16-bit greyscale` or
    /// `8-bit RGBA`, for telling the reader what was read.
    pub source_format: String,
}

/// Rec. 709 luminance of linear-looking channel values in `[0, 1]`: the
/// brightness a person sees, so a picture's light areas become its peaks.
pub fn luminance(red: f64, green: f64, blue: f64) -> f64 {
    0.2126 * red + 0.7152 * green + 0.0722 * blue
}
