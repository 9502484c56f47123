//! For tests only, never part of the site's build: pieces for making PNG
//! files by hand (damaged on purpose where a test needs it), the crafted
//! files of [`crafted`], and two ways of reading a PNG's heights before
//! resampling, ours and a reference, for the differential tests here and in
//! `terrain-fuzz`.

pub use crate::png_chunks::{PNG_SIGNATURE, crc32, write_chunk};
pub use crate::png_export::zlib_stored;

#[path = "crafted.rs"]
pub mod crafted;

/// Adam7's seven passes, coarse to fine, each as (first column, first row,
/// column step, row step).
pub fn adam7_passes() -> [(usize, usize, usize, usize); 7] {
    crate::png_import::ADAM7
}

/// Rewrites every chunk's CRC to match its (possibly damaged) contents, so
/// that damage done on purpose reaches the decoder instead of its checksum
/// test. Stops at the first chunk whose length runs past the end.
pub fn fix_crcs(png: &mut [u8]) {
    let mut start = PNG_SIGNATURE.len();
    while start + 12 <= png.len() {
        let length = [0, 1, 2, 3].map(|offset| png[start + offset]);
        let length = u32::from_be_bytes(length) as usize;
        let Some(end) = (start + 8)
            .checked_add(length)
            .filter(|&end| end + 4 <= png.len())
        else {
            break;
        };
        let crc = crc32(&png[start + 4..end]);
        png[end..end + 4].copy_from_slice(&crc.to_be_bytes());
        start = end + 4;
    }
}

#[cfg(feature = "import")]
pub use reading::*;

/// Reading heights before resampling, ours and the reference's.
#[cfg(feature = "import")]
mod reading {
    use std::io::Cursor;

    use png::{BitDepth, ColorType, Transformations};

    use super::PNG_SIGNATURE;
    use crate::error::ImportError;
    use crate::imported::luminance;
    use crate::png_import::open;
    use crate::png_structure::{read_chunks, read_header};
    use crate::resample::import_exponent;

    /// An image's heights, one a pixel, before resampling.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Heights {
        /// Width in pixels.
        pub width: u32,
        /// Height in pixels.
        pub height: u32,
        /// The file's pixel format in words, as `Imported::source_format`.
        pub format: String,
        /// The heights, row-major.
        pub heights: Vec<f64>,
    }

    /// Our importer up to the resampler: every check, the png crate's
    /// rows as stored, and our conversion of them.
    pub fn import_heights(bytes: &[u8]) -> Result<Heights, ImportError> {
        let image = open(bytes)?;
        let header = image.header;
        let mut heights = Vec::new();
        image.read_rows(|row| heights.extend_from_slice(row))?;
        Ok(Heights {
            width: header.width,
            height: header.height,
            format: header.describe(),
            heights,
        })
    }

    /// Our own checks of a file's structure alone: signature, header,
    /// chunks, checksums and palette, without the size limits. Where they
    /// pass and the importer still refuses, the png crate refused, or a
    /// limit did.
    pub fn check_structure(bytes: &[u8]) -> Result<(), ImportError> {
        if !bytes.starts_with(&PNG_SIGNATURE) {
            return Err(ImportError::NotPng);
        }
        let (header, chunks) = read_header(bytes)?;
        read_chunks(&header, chunks).map(|_| ())
    }

    /// The largest image the reference decodes, in bytes of its expanded
    /// pixels.
    const REFERENCE_BYTES: usize = 64 << 20;

    /// What the reference made of a file.
    #[derive(Debug, Clone, PartialEq)]
    pub enum Reference {
        /// The png crate read it.
        Read(Heights),
        /// The png crate refused it, in its words.
        Refused(String),
        /// It was not given to the png crate, and why.
        Skipped(&'static str),
    }

    /// The reference: the png crate decoding `bytes` with its default
    /// settings and its `EXPAND` transformation (palettes to RGB or RGBA,
    /// greys under 8 bits scaled to 8 bits, transparency to an alpha
    /// channel, 16 bits kept), each pixel then made a height in the most
    /// direct way: its first sample over 255 or 65535 for grey, the clamped
    /// Rec. 709 luminance of the first three for colour. Nothing is shared
    /// with the importer's path but [`luminance`].
    ///
    /// Skipped: a file with a `PLTE` chunk that is not whole 3-byte
    /// colours, on which the png crate panics (0.18.1, see FUZZING.md), and
    /// an image whose expanded pixels would take more than 64 MiB.
    pub fn reference_heights(bytes: &[u8]) -> Reference {
        if has_broken_palette(bytes) {
            return Reference::Skipped(
                "a palette of broken colours, on which the png crate panics",
            );
        }
        match decode_expanded(bytes) {
            Ok(Some(heights)) => Reference::Read(heights),
            Ok(None) => Reference::Skipped("its expanded pixels would take more than 64 MiB"),
            Err(error) => Reference::Refused(error.to_string()),
        }
    }

    /// The png crate's expanded pixels of `bytes` as heights, or `None` if
    /// they would take more than [`REFERENCE_BYTES`].
    fn decode_expanded(bytes: &[u8]) -> Result<Option<Heights>, png::DecodingError> {
        let mut decoder = png::Decoder::new(Cursor::new(bytes));
        decoder.set_transformations(Transformations::EXPAND);
        let mut reader = decoder.read_info()?;
        let Some(size) = reader
            .output_buffer_size()
            .filter(|&size| size <= REFERENCE_BYTES)
        else {
            return Ok(None);
        };
        let mut frame = vec![0; size];
        let output = reader.next_frame(&mut frame)?;
        let (color_type, bit_depth) = reader.output_color_type();
        let sixteen = bit_depth == BitDepth::Sixteen;
        let colour = matches!(color_type, ColorType::Rgb | ColorType::Rgba);
        let bytes_per_sample = if sixteen { 2 } else { 1 };
        let stride = color_type.samples() * bytes_per_sample;
        let largest = if sixteen { 65535.0 } else { 255.0 };
        let sample = |pixel: &[u8], channel: usize| -> f64 {
            if sixteen {
                f64::from(u16::from_be_bytes([
                    pixel[2 * channel],
                    pixel[2 * channel + 1],
                ]))
            } else {
                f64::from(pixel[channel])
            }
        };
        let mut heights = Vec::with_capacity(output.width as usize * output.height as usize);
        for row in frame
            .chunks_exact(output.line_size)
            .take(output.height as usize)
        {
            for pixel in row.chunks_exact(stride).take(output.width as usize) {
                heights.push(if colour {
                    let [red, green, blue] = [0, 1, 2].map(|c| sample(pixel, c) / largest);
                    luminance(red, green, blue).clamp(0.0, 1.0)
                } else {
                    sample(pixel, 0) / largest
                });
            }
        }
        let info = reader.info();
        let kind = match info.color_type {
            ColorType::Grayscale => "greyscale",
            ColorType::GrayscaleAlpha => "greyscale with alpha",
            ColorType::Rgb => "RGB",
            ColorType::Rgba => "RGBA",
            ColorType::Indexed => "palette",
        };
        Ok(Some(Heights {
            width: output.width,
            height: output.height,
            format: format!("{}-bit {kind}", info.bit_depth as u8),
            heights,
        }))
    }

    /// Whether a chunk of `bytes` (read without checksums, up to `IEND`,
    /// after which readers read nothing, or to where the chunks stop making
    /// sense) is a `PLTE` that is not whole 3-byte colours.
    fn has_broken_palette(bytes: &[u8]) -> bool {
        let mut rest = bytes.get(PNG_SIGNATURE.len()..).unwrap_or_default();
        while let Some((length, after)) = rest.split_first_chunk::<4>() {
            let length = u32::from_be_bytes(*length) as usize;
            if after.starts_with(b"IEND") {
                break;
            }
            if after.starts_with(b"PLTE") && !length.is_multiple_of(3) {
                return true;
            }
            let Some(next) = length.checked_add(8).and_then(|skip| after.get(skip..)) else {
                break;
            };
            rest = next;
        }
        false
    }

    /// `heights` stretched to the map an import makes, by the rule
    /// `import_png` documents, written out directly: output point `(i, j)`
    /// samples input coordinate `(i (w - 1) / (side - 1), j (h - 1) /
    /// (side - 1))`, interpolated bilinearly between the four pixels
    /// around it.
    pub fn reference_resample(heights: &Heights) -> Vec<f64> {
        let (width, height) = (heights.width as usize, heights.height as usize);
        let side = (1usize << import_exponent(heights.width, heights.height)) + 1;
        let pixel = |x: usize, y: usize| heights.heights[y * width + x];
        // The pixel at or before output point `index`, and how far past it.
        let position = |index: usize, pixels: usize| {
            let exact = index * (pixels - 1);
            let (before, past) = (exact / (side - 1), exact % (side - 1));
            (
                before,
                (before + 1).min(pixels - 1),
                past as f64 / (side - 1) as f64,
            )
        };
        let lerp = |a: f64, b: f64, t: f64| a + (b - a) * t;
        let mut map = Vec::with_capacity(side * side);
        for j in 0..side {
            let (top, bottom, down) = position(j, height);
            for i in 0..side {
                let (left, right, across) = position(i, width);
                let upper = lerp(pixel(left, top), pixel(right, top), across);
                let lower = lerp(pixel(left, bottom), pixel(right, bottom), across);
                map.push(lerp(upper, lower, down));
            }
        }
        map
    }
}
