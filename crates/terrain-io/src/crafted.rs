//! Files made to hurt a PNG reader, each with the words the import must
//! answer with: cut short, a wrong checksum, no bytes, not a PNG, a header
//! far too large (with or without the pixels to back it), the largest
//! interlaced image without its pixels, and megabytes of deflate blocks
//! that hold nothing. The native tests assert the words;
//! `examples/crafted_files.rs` times each import.

use terrain_core::{Algorithm, Stage, ValidParams, generate};

use crate::png_export::export_png;
use crate::test_support::{PNG_SIGNATURE, write_chunk, zlib_stored};

/// A crafted file and what importing it must give.
pub struct Crafted {
    /// A short name, also usable as a file name.
    pub name: &'static str,
    /// The file.
    pub bytes: Vec<u8>,
    /// Words the error message must contain, or `None` if the file is a
    /// valid image that must import.
    pub says: Option<&'static str>,
}

/// How many bytes of empty deflate blocks the two "empty blocks" files
/// carry: 8 MiB, 1.6 million blocks of 5 bytes.
pub const EMPTY_BLOCK_BYTES: usize = 8 << 20;

/// Every crafted file, in the order of the list in this module's docs.
pub fn crafted_files() -> Vec<Crafted> {
    let export = export_png(&diamond_square(10));
    let mut truncated = export.clone();
    truncated.truncate(export.len() * 3 / 5);
    let mut bad_crc = export;
    let middle = bad_crc.len() / 2;
    bad_crc[middle] ^= 0x10;
    vec![
        Crafted {
            name: "truncated",
            bytes: truncated,
            says: Some("the file ends too early"),
        },
        Crafted {
            name: "bad-crc",
            bytes: bad_crc,
            says: Some("the checksum (CRC) of its IDAT chunk does not match"),
        },
        Crafted {
            name: "zero-bytes",
            bytes: Vec::new(),
            says: Some("this file is empty"),
        },
        Crafted {
            name: "not-a-png",
            bytes: b"GIF89a\x02\x00\x02\x00\x00\x00\x00;".to_vec(),
            says: Some("this file is not a PNG image"),
        },
        Crafted {
            name: "zeros-30000-square",
            bytes: zeros_30000_square(),
            says: Some("this image is 30000 x 30000 pixels; the largest accepted is 8192 x 8192"),
        },
        Crafted {
            name: "header-2-to-the-31-square",
            bytes: png(&ihdr(1 << 31, 1 << 31, 8, 0), &zlib_stored(&[0; 64])),
            says: Some("its header says it is 2147483648 x 2147483648 pixels, which no PNG can be"),
        },
        Crafted {
            // 8192 x 8192 8-bit RGBA, interlaced: 256 MiB held whole if the
            // pixels were there, so memory must follow the data, not this.
            name: "interlaced-8192-square-without-pixels",
            bytes: png(&interlaced(ihdr(8192, 8192, 8, 6)), &zlib_stored(&[0; 64])),
            says: Some("the image has fewer rows of pixels than its header says"),
        },
        Crafted {
            name: "empty-deflate-blocks",
            bytes: png(&ihdr(2, 2, 8, 0), &empty_blocks_then(&[])),
            says: Some("the image has fewer rows of pixels than its header says"),
        },
        Crafted {
            name: "empty-deflate-blocks-then-pixels",
            bytes: png(
                &ihdr(2, 2, 8, 0),
                &empty_blocks_then(&[0, 10, 20, 0, 30, 40]),
            ),
            says: None,
        },
    ]
}

/// A finished diamond-square map of side `2^exponent + 1`.
fn diamond_square(exponent: u32) -> terrain_core::Heightmap {
    let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
        .with_exponent(exponent)
        .map(|params| params.with_seed(12));
    match params.and_then(|params| generate(&params, Stage::Done)) {
        Ok(terrain) => terrain.heightmap,
        Err(error) => unreachable!("the posts' parameters are valid: {error}"),
    }
}

/// The 13 bytes of an `IHDR` chunk of a non-interlaced image.
fn ihdr(width: u32, height: u32, bit_depth: u8, colour_type: u8) -> Vec<u8> {
    let mut data = Vec::with_capacity(13);
    data.extend_from_slice(&width.to_be_bytes());
    data.extend_from_slice(&height.to_be_bytes());
    data.extend_from_slice(&[bit_depth, colour_type, 0, 0, 0]);
    data
}

/// `ihdr` with Adam7 interlacing.
fn interlaced(mut ihdr: Vec<u8>) -> Vec<u8> {
    ihdr[12] = 1;
    ihdr
}

/// A PNG of one header and one `IDAT` chunk of `zlib`, with right CRCs.
fn png(ihdr: &[u8], zlib: &[u8]) -> Vec<u8> {
    let mut file = PNG_SIGNATURE.to_vec();
    write_chunk(&mut file, b"IHDR", ihdr);
    write_chunk(&mut file, b"IDAT", zlib);
    write_chunk(&mut file, b"IEND", &[]);
    file
}

/// A valid 1-bit greyscale PNG of 30000 x 30000 black pixels: 112 MB of
/// rows that deflate to about 110 KB.
fn zeros_30000_square() -> Vec<u8> {
    let side = 30_000usize;
    // Each row: filter type 0, then 30000 bits.
    let raw = vec![0; side * (1 + side.div_ceil(8))];
    png(
        &ihdr(side as u32, side as u32, 1, 0),
        &fdeflate::compress_to_vec(&raw),
    )
}

/// A zlib stream of [`EMPTY_BLOCK_BYTES`] of empty stored blocks, then
/// `raw` in a final stored block, then the Adler-32 of `raw`.
fn empty_blocks_then(raw: &[u8]) -> Vec<u8> {
    // One stored block of `raw`, final, as zlib_stored writes it: header,
    // block, checksum.
    let whole = zlib_stored(raw);
    let (header, rest) = whole.split_at(2);
    let mut zlib = header.to_vec();
    zlib.reserve(EMPTY_BLOCK_BYTES + rest.len());
    // Not final, stored (the 3 header bits, then padding to the byte),
    // length 0 and its complement.
    for _ in 0..EMPTY_BLOCK_BYTES / 5 {
        zlib.extend_from_slice(&[0, 0, 0, 0xFF, 0xFF]);
    }
    zlib.extend_from_slice(rest);
    zlib
}
