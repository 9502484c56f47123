//! Small PNG files built in tests, with the png crate's encoder or, for what
//! it cannot write (interlacing, lying headers), by hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use png::{BitDepth, ColorType};

pub(crate) use crate::test_maps::diamond_square;
use crate::test_support::{PNG_SIGNATURE, adam7_passes, write_chunk, zlib_stored};

/// A PNG of `pixels` (packed rows as the PNG spec lays them out) from the
/// png crate's encoder.
pub(crate) fn encode(
    width: u32,
    height: u32,
    color: ColorType,
    depth: BitDepth,
    pixels: &[u8],
) -> Vec<u8> {
    encode_with(width, height, color, depth, pixels, |_| {})
}

/// As [`encode`], with a hook to set a palette or transparency.
pub(crate) fn encode_with(
    width: u32,
    height: u32,
    color: ColorType,
    depth: BitDepth,
    pixels: &[u8],
    configure: impl FnOnce(&mut png::Encoder<'static, &mut Vec<u8>>),
) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        configure(&mut encoder);
        let mut writer = encoder.write_header().expect("valid header");
        writer.write_image_data(pixels).expect("right length");
        writer.finish().expect("finishes");
    }
    bytes
}

/// An 8-bit greyscale PNG.
pub(crate) fn grey8(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    encode(width, height, ColorType::Grayscale, BitDepth::Eight, pixels)
}

/// A 16-bit greyscale PNG.
pub(crate) fn grey16(width: u32, height: u32, pixels: &[u16]) -> Vec<u8> {
    let bytes: Vec<u8> = pixels
        .iter()
        .flat_map(|value| value.to_be_bytes())
        .collect();
    encode(
        width,
        height,
        ColorType::Grayscale,
        BitDepth::Sixteen,
        &bytes,
    )
}

/// The 13 bytes of an IHDR chunk.
pub(crate) fn header(width: u32, height: u32, depth: u8, color: u8, interlaced: bool) -> Vec<u8> {
    let mut data = Vec::with_capacity(13);
    data.extend_from_slice(&width.to_be_bytes());
    data.extend_from_slice(&height.to_be_bytes());
    data.extend_from_slice(&[depth, color, 0, 0, u8::from(interlaced)]);
    data
}

/// A PNG with the given IHDR and raw (filtered) image data, with correct
/// CRCs whatever the header claims.
pub(crate) fn hand_made(ihdr: &[u8], raw: &[u8]) -> Vec<u8> {
    let mut png = PNG_SIGNATURE.to_vec();
    write_chunk(&mut png, b"IHDR", ihdr);
    write_chunk(&mut png, b"IDAT", &zlib_stored(raw));
    write_chunk(&mut png, b"IEND", &[]);
    png
}

/// An Adam7-interlaced 8-bit greyscale PNG of `pixels`.
pub(crate) fn interlaced_grey8(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let (width, height) = (width as usize, height as usize);
    let mut raw = Vec::new();
    for (first_column, first_row, column_step, row_step) in adam7_passes() {
        if first_column >= width {
            continue;
        }
        for row in (first_row..height).step_by(row_step) {
            raw.push(0);
            for column in (first_column..width).step_by(column_step) {
                raw.push(pixels[row * width + column]);
            }
        }
    }
    hand_made(&header(width as u32, height as u32, 8, 0, true), &raw)
}
