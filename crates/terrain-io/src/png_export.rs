//! A heightmap as a 16-bit greyscale PNG, the format terrain tools read.

use terrain_core::Heightmap;

use crate::png_chunks::{PNG_SIGNATURE, begin_chunk, end_chunk, write_chunk};
use crate::png_filter::filter_row;

/// What the `Software` text chunk of an exported PNG says.
pub const SOFTWARE: &str = "Terrain, step by step";

/// Writes `map` as a 16-bit greyscale PNG, one pixel a point, `side` x
/// `side`, first row at the top.
///
/// Pixel = `round(clamp((h - min) / (max - min), 0, 1) * 65535)` over the
/// map's own `min..max`, so a normalized map is written as `h * 65535` and a
/// flat map as all zeros. Game engines and terrain tools (Unity, Unreal,
/// Blender's displace modifier, World Machine) read this format as a
/// heightmap; `import_png` reads it back exactly, its pixels as 0 to 1 and
/// the range they were scaled from as its `recorded_range`.
///
/// The file has `Software` and `Comment` text chunks saying where it came
/// from and the height range it was scaled from.
pub fn export_png(map: &Heightmap) -> Vec<u8> {
    png16(map.side() as u32, samples16(map), &comment(map))
}

/// The map's pixels, 16-bit big-endian, row-major.
#[cfg(test)]
fn pixel_bytes(map: &Heightmap) -> Vec<u8> {
    big_endian(map.heights().len(), samples16(map))
}

/// `count` samples as big-endian bytes, PNG's order.
fn big_endian(count: usize, samples: impl Iterator<Item = u16>) -> Vec<u8> {
    let mut pixels = Vec::with_capacity(count * 2);
    for sample in samples {
        pixels.extend_from_slice(&sample.to_be_bytes());
    }
    pixels
}

/// The map's 16-bit samples, row-major: what [`export_png`] writes as
/// pixels and [`crate::export_raw16`] as little-endian words.
///
/// Sample = `round(clamp((h - min) / (max - min), 0, 1) * 65535)` over
/// the map's own `min..max`; a flat map is all zeros.
pub fn samples16(map: &Heightmap) -> impl Iterator<Item = u16> + '_ {
    let (low, high) = map.min_max();
    // A span too large for f64 (-1e308 to 1e308) is taken in halves, each
    // height's with it, so the pixels still run from 0 to 65535.
    let halved = !(high - low).is_finite();
    let part = if halved { 0.5 } else { 1.0 };
    let span = high * part - low * part;
    let scale = if span > 0.0 && span.is_finite() {
        65535.0 / span
    } else {
        0.0
    };
    map.heights().iter().map(move |&height| {
        ((height * part - low * part) * scale)
            .round()
            .clamp(0.0, 65535.0) as u16
    })
}

/// The `Comment` text chunk: what a pixel value means.
fn comment(map: &Heightmap) -> String {
    let (low, high) = map.min_max();
    format!(
        "Heightmap, {side} x {side} points (exponent {exponent}). Pixel 0 is height {low}, \
         pixel 65535 is height {high}, linear in between.",
        side = map.side(),
        exponent = map.exponent(),
    )
}

/// A `side` x `side` 16-bit greyscale PNG of `samples` (row-major), with
/// a `Comment` text chunk saying `comment` (ASCII): for pieces of a map
/// whose samples were scaled over the whole map (tiles), which
/// [`export_png`] would scale over their own range.
pub fn png16(side: u32, samples: impl Iterator<Item = u16>, comment: &str) -> Vec<u8> {
    let pixels = big_endian(side as usize * side as usize, samples);
    write_png(side, &pixels, comment)
}

/// A 16-bit greyscale PNG of `side` x `side` big-endian `pixels`, with the
/// `Software` text chunk and `comment`, which is ASCII (PNG text is
/// Latin-1).
fn write_png(side: u32, pixels: &[u8], comment: &str) -> Vec<u8> {
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&side.to_be_bytes());
    // Bit depth 16, colour type 0 (greyscale), deflate, adaptive filtering,
    // not interlaced.
    header.extend_from_slice(&[16, 0, 0, 0, 0]);

    // Smooth terrain filters to small numbers that compress to about 60%.
    let mut png = Vec::with_capacity(pixels.len() * 3 / 5 + 1024);
    png.extend_from_slice(&PNG_SIGNATURE);
    write_chunk(&mut png, b"IHDR", &header);
    for (keyword, text) in [("Software", SOFTWARE), ("Comment", comment)] {
        let start = begin_chunk(&mut png, b"tEXt");
        png.extend_from_slice(keyword.as_bytes());
        png.push(0);
        png.extend_from_slice(text.as_bytes());
        end_chunk(&mut png, start);
    }

    let row_bytes = side as usize * 2;
    let idat = png.len();
    let compressed = write_compressed_idat(&mut png, row_bytes, pixels);
    // Noise does not compress: never write it larger than it is.
    if !compressed || png.len() - idat > stored_idat_size(pixels.len() + side as usize) {
        png.truncate(idat);
        write_stored_idat(&mut png, row_bytes, pixels);
    }
    write_chunk(&mut png, b"IEND", &[]);
    png
}

/// Appends one `IDAT` chunk of the rows of `pixels`, each filtered (see
/// [`filter_row`]) and all deflated by `fdeflate`: its one fixed Huffman
/// code, made for filtered PNG rows, and runs of zeros, at hundreds of MB/s.
/// False if `fdeflate` failed, which writing to a `Vec` cannot make it do.
fn write_compressed_idat(png: &mut Vec<u8>, row_bytes: usize, pixels: &[u8]) -> bool {
    let start = begin_chunk(png, b"IDAT");
    let Ok(mut compressor) = fdeflate::Compressor::new(&mut *png) else {
        return false;
    };
    let zeros = vec![0; row_bytes];
    let mut previous = zeros.as_slice();
    let (mut filtered, mut scratch) = (vec![0; row_bytes + 1], vec![0; row_bytes + 1]);
    for row in pixels.chunks_exact(row_bytes.max(1)) {
        filter_row(2, previous, row, &mut filtered, &mut scratch);
        if compressor.write_data(&filtered).is_err() {
            return false;
        }
        previous = row;
    }
    if compressor.finish().is_err() {
        return false;
    }
    end_chunk(png, start);
    true
}

/// Appends one `IDAT` chunk of the rows of `pixels` unfiltered, in deflate
/// "stored" blocks (see [`zlib_stored`]).
fn write_stored_idat(png: &mut Vec<u8>, row_bytes: usize, pixels: &[u8]) {
    // Each row is preceded by its filter type, 0 (none).
    let mut raw = Vec::with_capacity(pixels.len() + pixels.len() / row_bytes.max(1));
    for row in pixels.chunks(row_bytes.max(1)) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    write_chunk(png, b"IDAT", &zlib_stored(&raw));
}

/// The size of the `IDAT` chunk [`write_stored_idat`] writes for
/// `raw_bytes` of rows and their filter types.
fn stored_idat_size(raw_bytes: usize) -> usize {
    let blocks = raw_bytes.div_ceil(65535).max(1);
    12 + 2 + raw_bytes + 5 * blocks + 4
}

/// `raw` as a zlib stream of deflate "stored" blocks (no compression): the
/// header (deflate, 32 KiB window, no dictionary), blocks of at most 65535
/// bytes, and the Adler-32 of `raw`.
pub fn zlib_stored(raw: &[u8]) -> Vec<u8> {
    let mut zlib = Vec::with_capacity(raw.len() + raw.len() / 65535 * 5 + 16);
    zlib.extend_from_slice(&[0x78, 0x01]);
    let blocks = raw.chunks(65535);
    let count = blocks.len();
    if count == 0 {
        // One empty final block.
        zlib.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    for (index, block) in blocks.enumerate() {
        zlib.push(u8::from(index + 1 == count));
        let length = block.len() as u16;
        zlib.extend_from_slice(&length.to_le_bytes());
        zlib.extend_from_slice(&(!length).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    zlib.extend_from_slice(&adler32(raw).to_be_bytes());
    zlib
}

/// zlib's Adler-32 checksum.
fn adler32(bytes: &[u8]) -> u32 {
    const MODULUS: u32 = 65521;
    let (mut low, mut high) = (1u32, 0u32);
    // 5552 bytes is the most that can be summed before `high` could overflow.
    for chunk in bytes.chunks(5552) {
        for &byte in chunk {
            low += u32::from(byte);
            high += low;
        }
        low %= MODULUS;
        high %= MODULUS;
    }
    (high << 16) | low
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::png_chunks::crc32;
    use crate::test_maps::diamond_square;

    /// Decodes a 16-bit greyscale PNG with the png crate alone.
    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u16>, Vec<(String, String)>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a valid PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("fits")];
        let output = reader.next_frame(&mut buffer).expect("decodes");
        let texts = reader
            .info()
            .uncompressed_latin1_text
            .iter()
            .map(|chunk| (chunk.keyword.clone(), chunk.text.clone()))
            .collect();
        let pixels = buffer
            .chunks_exact(2)
            .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
            .collect();
        (output, pixels, texts)
    }

    #[test]
    fn a_span_too_large_for_a_double_still_runs_from_black_to_white() {
        // -1e308 to 1e308 spans 2e308, past f64::MAX: the pixels were all
        // 0 while the comment said "linear in between".
        let mut heights = vec![0.0; 9];
        heights[..3].copy_from_slice(&[-1e308, 1e308, 0.5e308]);
        let map = Heightmap::from_heights(1, heights).expect("finite heights");
        let samples: Vec<u16> = samples16(&map).collect();
        assert_eq!(&samples[..4], &[0, 65535, 49151, 32768]);
    }

    #[test]
    fn header_bytes_say_sixteen_bit_greyscale_of_the_map_side() {
        let bytes = export_png(&diamond_square(5, 3));
        assert_eq!(&bytes[..8], &PNG_SIGNATURE);
        // IHDR is always first: length 13, type, then its fields.
        assert_eq!(&bytes[8..12], &13u32.to_be_bytes());
        assert_eq!(&bytes[12..16], b"IHDR");
        assert_eq!(&bytes[16..20], &33u32.to_be_bytes());
        assert_eq!(&bytes[20..24], &33u32.to_be_bytes());
        assert_eq!(bytes[24], 16, "bit depth");
        assert_eq!(bytes[25], 0, "colour type: greyscale");
        assert_eq!(bytes[28], 0, "not interlaced");
        assert_eq!(crc32(&bytes[12..29]).to_be_bytes(), bytes[29..33]);
        assert!(bytes.ends_with(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]));
    }

    #[test]
    fn the_png_crate_decodes_the_export_independently() {
        let map = diamond_square(4, 11);
        let (output, pixels, texts) = decode(&export_png(&map));
        assert_eq!((output.width, output.height), (17, 17));
        assert_eq!(output.color_type, png::ColorType::Grayscale);
        assert_eq!(output.bit_depth, png::BitDepth::Sixteen);
        for (&height, &pixel) in map.heights().iter().zip(&pixels) {
            assert_eq!(pixel, (height * 65535.0).round() as u16);
        }
        assert_eq!(pixels.iter().min(), Some(&0));
        assert_eq!(pixels.iter().max(), Some(&65535));
        assert!(texts.contains(&("Software".to_owned(), SOFTWARE.to_owned())));
        let comment = texts
            .iter()
            .find(|(keyword, _)| keyword == "Comment")
            .map(|(_, text)| text.as_str())
            .expect("a Comment chunk");
        assert!(comment.contains("17 x 17"), "{comment}");
    }

    #[test]
    fn a_flat_map_exports_as_zeros_without_dividing_by_zero() {
        let map = Heightmap::from_heights(2, vec![0.7; 25]).expect("valid");
        let (_, pixels, _) = decode(&export_png(&map));
        assert_eq!(pixels, vec![0; 25]);
    }

    #[test]
    fn pixels_span_the_maps_own_range() {
        let map = Heightmap::from_heights(1, vec![-2.0, 0.0, 2.0, 1.0, 1.0, 1.0, 6.0, -2.0, 0.0])
            .expect("valid");
        let (_, pixels, _) = decode(&export_png(&map));
        assert_eq!(
            pixels,
            vec![0, 16384, 32768, 24576, 24576, 24576, 65535, 0, 16384]
        );
    }

    /// A map of white noise, which no filter makes smaller.
    fn noise(exponent: u32, seed: u64) -> Heightmap {
        let side = (1usize << exponent) + 1;
        let mut state = seed | 1;
        let heights = (0..side * side)
            .map(|_| {
                // xorshift64
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 11) as f64 / (1u64 << 53) as f64
            })
            .collect();
        Heightmap::from_heights(exponent, heights).expect("valid")
    }

    /// The data of the file's one `IDAT` chunk.
    fn idat(png: &[u8]) -> &[u8] {
        let start = png
            .windows(4)
            .position(|window| window == b"IDAT")
            .expect("IDAT");
        let length = u32::from_be_bytes(png[start - 4..start].try_into().expect("4 bytes"));
        &png[start + 4..start + 4 + length as usize]
    }

    #[test]
    fn the_uncompressed_fallback_is_a_valid_png_of_the_same_pixels() {
        // Exponent 8 needs more than one stored block (257 rows of 515 bytes).
        for map in [
            diamond_square(1, 5),
            diamond_square(8, 5),
            noise(1, 5),
            noise(8, 5),
        ] {
            let pixels = pixel_bytes(&map);
            let side = map.side() as u32;
            let mut stored = export_png(&map);
            let start = stored
                .windows(4)
                .position(|window| window == b"IDAT")
                .expect("IDAT")
                - 4;
            stored.truncate(start);
            write_stored_idat(&mut stored, side as usize * 2, &pixels);
            write_chunk(&mut stored, b"IEND", &[]);
            let (output, decoded, _) = decode(&stored);
            assert_eq!(output.width, side);
            let expected: Vec<u16> = pixels
                .chunks_exact(2)
                .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
                .collect();
            assert_eq!(decoded, expected);
            assert_eq!(decode(&export_png(&map)).1, expected);
        }
    }

    #[test]
    fn noise_is_stored_rather_than_made_larger() {
        for exponent in [1, 4, 8] {
            let map = noise(exponent, 77);
            let png = export_png(&map);
            let raw_bytes = map.side() * (2 * map.side() + 1);
            assert_eq!(
                idat(&png).len() + 12,
                stored_idat_size(raw_bytes),
                "{exponent}"
            );
            let (output, ..) = decode(&png);
            assert_eq!(output.width as usize, map.side(), "a whole image");
        }
        // Terrain does compress (a 257 x 257 diamond-square map to 86%, the
        // png crate's fast setting did the same; 4097 x 4097 to 62%).
        let map = diamond_square(8, 5);
        let raw_bytes = map.side() * (2 * map.side() + 1);
        assert!(idat(&export_png(&map)).len() < raw_bytes * 9 / 10);
    }

    #[test]
    fn checksums_match_their_reference_values() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(adler32(&[0xff; 100_000]), {
            // Straight from the definition, with 64-bit sums.
            let (mut low, mut high) = (1u64, 0u64);
            for _ in 0..100_000 {
                low = (low + 0xff) % 65521;
                high = (high + low) % 65521;
            }
            ((high << 16) | low) as u32
        });
    }
}
