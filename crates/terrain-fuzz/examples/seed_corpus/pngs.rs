//! The PNG seeds, which `png_import` and `png_differential` share.

use png::{BitDepth, ColorType};
use terrain_core::{Algorithm, Stage, ValidParams};
use terrain_fuzz::input::{self, PngHeader};

use crate::Seeds;

/// PNGs of every colour type and bit depth (made by the png crate), hand-made
/// interlaced ones, and damaged and oversized ones.
pub fn pngs() -> Result<Seeds, Box<dyn std::error::Error>> {
    let mut files = Vec::new();
    let formats = [
        ("grey-1", ColorType::Grayscale, BitDepth::One),
        ("grey-2", ColorType::Grayscale, BitDepth::Two),
        ("grey-4", ColorType::Grayscale, BitDepth::Four),
        ("grey-8", ColorType::Grayscale, BitDepth::Eight),
        ("grey-16", ColorType::Grayscale, BitDepth::Sixteen),
        ("grey-alpha-8", ColorType::GrayscaleAlpha, BitDepth::Eight),
        (
            "grey-alpha-16",
            ColorType::GrayscaleAlpha,
            BitDepth::Sixteen,
        ),
        ("rgb-8", ColorType::Rgb, BitDepth::Eight),
        ("rgb-16", ColorType::Rgb, BitDepth::Sixteen),
        ("rgba-8", ColorType::Rgba, BitDepth::Eight),
        ("rgba-16", ColorType::Rgba, BitDepth::Sixteen),
        ("palette-1", ColorType::Indexed, BitDepth::One),
        ("palette-2", ColorType::Indexed, BitDepth::Two),
        ("palette-4", ColorType::Indexed, BitDepth::Four),
        ("palette-8", ColorType::Indexed, BitDepth::Eight),
    ];
    for (index, (name, colour, depth)) in formats.into_iter().enumerate() {
        // Sizes differ so that some are resampled and some come through exactly.
        let (width, height) = [(5, 5), (9, 9), (7, 4), (3, 12)][index % 4];
        let bits = colour.samples() * depth as usize;
        let row = (width as usize * bits).div_ceil(8);
        let pixels: Vec<u8> = (0..row * height as usize)
            .map(|at| (at * 73 + index * 11) as u8)
            .collect();
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, width, height);
            encoder.set_color(colour);
            encoder.set_depth(depth);
            if colour == ColorType::Indexed {
                let entries = 1usize << (depth as usize);
                encoder.set_palette(
                    (0..entries * 3)
                        .map(|at| (at * 29) as u8)
                        .collect::<Vec<u8>>(),
                );
            }
            encoder.write_header()?.write_image_data(&pixels)?;
        }
        files.push((name.to_owned(), bytes));
    }

    let our_export = terrain_io::export_png(
        &terrain_core::generate(
            &ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(4)?,
            Stage::Done,
        )?
        .heightmap,
    );
    files.push(("our-export-17".to_owned(), our_export.clone()));

    let hand = |width, height, bit_depth, colour_type, interlaced| PngHeader {
        width,
        height,
        bit_depth,
        colour_type,
        interlaced,
    };
    for (name, header, palette) in [
        ("interlaced-grey-8", hand(11, 7, 8, 0, true), 0),
        ("interlaced-rgba-16", hand(6, 6, 16, 6, true), 0),
        ("interlaced-palette-2", hand(9, 5, 2, 3, true), 4),
        ("palette-short", hand(4, 4, 8, 3, false), 2),
        ("one-by-one", hand(1, 1, 8, 0, false), 0),
    ] {
        let data: Vec<u8> = (0..header.data_len())
            .map(|at| (at * 13 % 5) as u8)
            .collect();
        files.push((name.to_owned(), input::png_file(&header, palette, &data)));
    }
    for (name, header) in [
        ("huge-header", hand(8192, 8192, 16, 6, false)),
        ("huge-interlaced", hand(8192, 8192, 16, 6, true)),
        ("too-large", hand(8193, 2, 8, 0, false)),
    ] {
        files.push((name.to_owned(), input::png_file(&header, 0, &[0; 32])));
    }
    // A chunk length that wraps a 32-bit `usize` when its chunk is skipped.
    let mut wraps = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    wraps.extend_from_slice(&[0xff, 0xff, 0xff, 0xf4]);
    wraps.extend_from_slice(b"IHDR");
    files.push(("chunk-length-near-4-gib".to_owned(), wraps));
    let mut truncated = our_export.clone();
    truncated.truncate(our_export.len() - 20);
    files.push(("truncated".to_owned(), truncated));
    let mut bad_crc = our_export;
    bad_crc[32] ^= 0x55;
    files.push(("bad-crc".to_owned(), bad_crc));

    // Small versions of terrain-io's crafted files (test_support::crafted):
    // a header of 2^31 a side, and a thousand empty deflate blocks
    // before the pixels or instead of them.
    let header = |width: u32, height: u32| {
        let mut data = width.to_be_bytes().to_vec();
        data.extend_from_slice(&height.to_be_bytes());
        data.extend_from_slice(&[8, 0, 0, 0, 0]);
        data
    };
    let file = |ihdr: &[u8], zlib: &[u8]| {
        let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
        input::write_chunk(&mut png, b"IHDR", ihdr);
        input::write_chunk(&mut png, b"IDAT", zlib);
        input::write_chunk(&mut png, b"IEND", &[]);
        png
    };
    files.push((
        "header-2-to-the-31".to_owned(),
        file(&header(1 << 31, 1 << 31), &[0x78, 0x01, 0x03, 0x00]),
    ));
    for (name, raw) in [
        ("empty-deflate-blocks", &[][..]),
        (
            "empty-deflate-blocks-then-pixels",
            &[0, 10, 20, 0, 30, 40][..],
        ),
    ] {
        // zlib header, 1000 empty stored blocks, then `raw` in the final
        // stored block and the checksum.
        let stored = input::zlib_stored(raw);
        let mut zlib = stored[..2].to_vec();
        for _ in 0..1000 {
            zlib.extend_from_slice(&[0, 0, 0, 0xFF, 0xFF]);
        }
        zlib.extend_from_slice(&stored[2..]);
        files.push((name.to_owned(), file(&header(2, 2), &zlib)));
    }
    Ok(files)
}
