//! Any PNG a reader picks, as a heightmap.
//!
//! Three layers: [`crate::png_structure`] checks the file's chunks and
//! header in our own words (refusing an oversized image before anything is
//! allocated); the png crate decodes the rows, unchanged (its `IDENTITY`
//! transformation: samples at the file's own bit depth, palette indices,
//! 16-bit samples big-endian); [`row_heights`] turns each row into heights
//! by this module's rules, and the resampler makes the map.

use std::io::Cursor;

use terrain_core::Heightmap;

use crate::error::ImportError;
use crate::imported::{Imported, MAX_DECODE_BYTES, MAX_IMPORT_SIDE, luminance};
use crate::png_chunks::PNG_SIGNATURE;
use crate::png_structure::{ColourType, Header, Palette, ends_too_early, read_chunks, read_header};
use crate::resample::{Resampler, import_exponent};

/// What the png crate may allocate for its own buffers (a row or two, the
/// decompression window, metadata chunks), as its `Limits`: well under
/// 1 MiB for any image we accept but one with huge metadata. The rest of
/// [`MAX_DECODE_BYTES`] is for a whole interlaced image.
const DECODER_BYTES: usize = 32 * 1024 * 1024;

/// Reads a PNG image as a heightmap.
///
/// Every PNG colour type and bit depth is accepted:
///
/// - greyscale (1, 2, 4, 8 or 16 bits, with or without alpha): height =
///   value / largest value, so 16-bit `v` becomes `v / 65535`;
/// - RGB and RGBA: height = Rec. 709 luminance,
///   `0.2126 R + 0.7152 G + 0.0722 B` of the channels scaled to `[0, 1]`;
/// - palette images: each index is replaced by its colour, then as RGB.
///
/// Alpha is ignored. The image is then stretched to a square of side
/// `2^n + 1` (see [`import_exponent`]) by bilinear interpolation, output
/// point `i` sampling input coordinate `i * (w - 1) / (side - 1)`: corners
/// land on corners, and an image already that size comes back exactly.
///
/// The header is checked before any pixel is decoded: more than
/// [`MAX_IMPORT_SIDE`] pixels on a side is [`ImportError::TooLarge`], and
/// decoding never takes more than [`MAX_DECODE_BYTES`]. No input, however
/// damaged, makes this panic.
pub fn import_png(bytes: &[u8]) -> Result<Imported, ImportError> {
    let image = open(bytes)?;
    let (header, recorded_range) = (image.header, image.recorded_range);
    let (width, height) = (header.width, header.height);
    let exponent = import_exponent(width, height);
    let side = (1usize << exponent) + 1;
    let mut resampler = Resampler::new(width as usize, height as usize, side);
    image.read_rows(|heights| resampler.push_row(heights))?;
    let grid = resampler.finish().ok_or_else(missing_rows)?;
    let heightmap = Heightmap::from_heights(exponent, grid)
        .map_err(|error| ImportError::Unsupported(error.to_string()))?;
    Ok(Imported {
        heightmap,
        recorded_range,
        source_width: width,
        source_height: height,
        source_format: header.describe(),
    })
}

/// A PNG whose structure and header passed every check, opened by the png
/// crate up to its first row.
pub(crate) struct Image<'file> {
    /// What its header says; 2 to [`MAX_IMPORT_SIDE`] pixels a side.
    pub(crate) header: Header,
    /// Its palette (black where it has none).
    palette: Palette,
    /// The heights its pixels stand for, if it is one of our exports.
    recorded_range: Option<(f64, f64)>,
    /// The png crate's reader, handing out rows as the file stores them.
    reader: png::Reader<Cursor<&'file [u8]>>,
}

/// Checks `bytes` (signature, header and its size, every chunk to `IEND`,
/// the memory an interlaced image needs), then opens them with the png
/// crate.
pub(crate) fn open(bytes: &[u8]) -> Result<Image<'_>, ImportError> {
    check_signature(bytes)?;
    let (header, chunks) = read_header(bytes)?;
    let (width, height) = (header.width, header.height);
    if width > MAX_IMPORT_SIDE || height > MAX_IMPORT_SIDE {
        return Err(ImportError::TooLarge { width, height });
    }
    if width < 2 || height < 2 {
        return Err(ImportError::TooSmall { width, height });
    }
    let (palette, recorded_range) = read_chunks(&header, chunks)?;
    // Adam7's passes each cover the whole image, so no row is whole until
    // the last pass: an interlaced image is held whole, at its own depth.
    if header.interlaced {
        let passes: u64 = adam7_passes(&header)
            .map(|pass| pass.row_bytes as u64 * pass.lines as u64)
            .sum();
        if passes > (MAX_DECODE_BYTES - DECODER_BYTES) as u64 {
            return Err(ImportError::TooMuchMemory);
        }
    }

    let limits = png::Limits {
        bytes: DECODER_BYTES,
    };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::IDENTITY);
    // Text and colour profiles do not make heights.
    decoder.set_ignore_text_chunk(true);
    decoder.set_ignore_iccp_chunk(true);
    // Every chunk's CRC was compared above, once is enough. The Adler-32
    // of the image data is not checked (the png crate's default): a wrong
    // one does not make the pixels unreadable.
    decoder.ignore_checksums(true);
    let reader = decoder.read_info().map_err(decoding_error)?;
    // The rows must be the ones the header describes, or the heights would
    // be read from the wrong bytes. The same IHDR was parsed twice, so
    // this never fails.
    if reader.output_line_size(width) != Some(header.row_bytes())
        || reader.info().interlaced != header.interlaced
    {
        return Err(misread());
    }
    Ok(Image {
        header,
        palette,
        recorded_range,
        reader,
    })
}

impl Image<'_> {
    /// Decodes the image, calling `row` with each row's heights from the
    /// top, then reads the rest of the image data.
    pub(crate) fn read_rows(mut self, mut row: impl FnMut(&[f64])) -> Result<(), ImportError> {
        let header = self.header;
        let row_bytes = header.row_bytes();
        let mut heights = vec![0.0; header.width as usize];
        let mut heights_of = |pixels: &[u8]| {
            row_heights(&header, &self.palette, pixels, &mut heights);
            row(&heights);
        };
        if header.interlaced {
            // Each pass is kept as it arrives, so memory follows the data
            // the file holds, not the size its header claims (bounded by
            // `open`); then the image is put together 8 rows at a time, the
            // height of Adam7's pattern.
            let mut passes = Vec::with_capacity(7);
            for pass in adam7_passes(&header) {
                let mut rows = Vec::new();
                rows.try_reserve_exact(pass.row_bytes * pass.lines)
                    .map_err(|_| ImportError::TooMuchMemory)?;
                for _ in 0..pass.lines {
                    let row = self.reader.next_row().map_err(decoding_error)?;
                    let row = row.ok_or_else(missing_rows)?;
                    if row.data().len() != pass.row_bytes {
                        return Err(misread());
                    }
                    rows.extend_from_slice(row.data());
                }
                passes.push((pass, rows));
            }
            if self.reader.next_row().map_err(decoding_error)?.is_some() {
                return Err(misread());
            }
            let bits = (header.colour.channels() * usize::from(header.bit_depth)) as u8;
            let height = header.height as usize;
            let mut band = vec![0; 8 * row_bytes];
            for top in (0..height).step_by(8) {
                band.fill(0);
                for (pass, rows) in &passes {
                    // This pass's lines in the band, and where they go in it.
                    let first_line = top / pass.row_step;
                    let band_lines = (pass.first_row..8.min(height - top))
                        .step_by(pass.row_step)
                        .enumerate();
                    for (line_in_band, _) in band_lines {
                        let line = first_line + line_in_band;
                        let row = &rows[line * pass.row_bytes..][..pass.row_bytes];
                        let place =
                            png::Adam7Info::new(pass.number, line_in_band as u32, header.width);
                        png::expand_interlaced_row(&mut band, row_bytes, row, &place, bits);
                    }
                }
                band.chunks_exact(row_bytes)
                    .take(8.min(height - top))
                    .for_each(&mut heights_of);
            }
        } else {
            // One row at a time: an 8192 x 8192 image costs a row.
            let mut pixels = vec![0; row_bytes];
            for _ in 0..header.height {
                match self.reader.read_row(&mut pixels).map_err(decoding_error)? {
                    Some(_) => heights_of(&pixels),
                    None => return Err(missing_rows()),
                }
            }
            // Past the last row the reader reads the rest of the image
            // data, as a whole-image read does, and says there is no row.
            self.reader.read_row(&mut pixels).map_err(decoding_error)?;
        }
        Ok(())
    }
}

/// One of Adam7's passes over an image.
struct Pass {
    /// 1 to 7, as the png crate numbers them.
    number: u8,
    /// The image row of its first line.
    first_row: usize,
    /// Image rows from one of its lines to the next.
    row_step: usize,
    /// Bytes a line of it takes, packed.
    row_bytes: usize,
    /// Its lines.
    lines: usize,
}

/// Adam7's seven passes, coarse to fine, each as (first column, first row,
/// column step, row step).
pub(crate) const ADAM7: [(usize, usize, usize, usize); 7] = [
    (0, 0, 8, 8),
    (4, 0, 8, 8),
    (0, 4, 4, 8),
    (2, 0, 4, 4),
    (0, 2, 2, 4),
    (1, 0, 2, 2),
    (0, 1, 1, 2),
];

/// The passes of an interlaced image that have pixels at all, in order:
/// those the png crate hands rows out for.
fn adam7_passes(header: &Header) -> impl Iterator<Item = Pass> {
    let (width, height) = (header.width as usize, header.height as usize);
    let bits = header.colour.channels() * usize::from(header.bit_depth);
    (1..).zip(ADAM7).filter_map(
        move |(number, (first_column, first_row, column_step, row_step))| {
            let across = width.saturating_sub(first_column).div_ceil(column_step);
            let lines = height.saturating_sub(first_row).div_ceil(row_step);
            (across > 0 && lines > 0).then_some(Pass {
                number,
                first_row,
                row_step,
                row_bytes: (across * bits).div_ceil(8),
                lines,
            })
        },
    )
}

/// The png crate handed out rows other than the header describes, which
/// parsing the same header twice cannot give.
fn misread() -> ImportError {
    ImportError::Unsupported("the decoder read its header differently".to_owned())
}

/// `Ok` if `bytes` start with the PNG signature; otherwise why not.
fn check_signature(bytes: &[u8]) -> Result<(), ImportError> {
    if bytes.is_empty() {
        Err(ImportError::Empty)
    } else if bytes.len() < PNG_SIGNATURE.len() && PNG_SIGNATURE.starts_with(bytes) {
        Err(ImportError::Corrupt(
            "the file ends inside the PNG signature".to_owned(),
        ))
    } else if !bytes.starts_with(&PNG_SIGNATURE) {
        Err(ImportError::NotPng)
    } else {
        Ok(())
    }
}

/// The image data ended before the rows did.
fn missing_rows() -> ImportError {
    ImportError::Corrupt("the image has fewer rows of pixels than its header says".to_owned())
}

/// What the png crate found wrong, in our words. The chunks, header and
/// palette were checked before it started, so what is left is mostly the
/// image data: its zlib stream and the rows' filter types. The png crate's
/// `FormatError` keeps its kinds private, so they are told apart by its
/// messages; the tests pin each one, and anything else keeps the png
/// crate's own words.
fn decoding_error(error: png::DecodingError) -> ImportError {
    let text = match error {
        png::DecodingError::LimitsExceeded => return ImportError::TooMuchMemory,
        png::DecodingError::IoError(error) if error.kind() == std::io::ErrorKind::UnexpectedEof => {
            return ends_too_early();
        }
        other => other.to_string(),
    };
    if text.contains("not have enough data for image") {
        return missing_rows();
    }
    if text.starts_with("Sub frame is out-of-bounds") {
        return ImportError::Corrupt(
            "an animation frame (fcTL chunk) does not fit the image".to_owned(),
        );
    }
    if text.starts_with("Unknown filter method") {
        return ImportError::Corrupt(
            "a row of pixels has an unknown filter type (PNG has only 0 to 4)".to_owned(),
        );
    }
    let Some(kind) = text.strip_prefix("Corrupt deflate stream. ") else {
        let text = text.trim_end_matches('.');
        return ImportError::Corrupt(format!("the PNG decoder says: {text}"));
    };
    // fdeflate's `DecompressionError`, by name.
    let why = match kind {
        "BadZlibHeader" => "its zlib header is wrong",
        "InsufficientInput" => "it stops in the middle",
        "InvalidBlockType" => "a block has a type deflate does not have",
        "InvalidUncompressedBlockLength" => "a stored block's length and its check differ",
        "InvalidHlit" | "InvalidHdist" => "a block header counts more codes than deflate has",
        "InvalidCodeLengthRepeat" => "a block header repeats a code length it does not have",
        "BadCodeLengthHuffmanTree" | "BadLiteralLengthHuffmanTree" | "BadDistanceHuffmanTree" => {
            "a block header describes a Huffman code that is not whole"
        }
        "InvalidLiteralLengthCode" => "it has a length symbol deflate does not have",
        "InvalidDistanceCode" => "it has a distance symbol deflate does not have",
        "InputStartsWithRun" | "DistanceTooFarBack" => "it copies from before its start",
        "WrongChecksum" => "its checksum (Adler-32) does not match",
        "ExtraInput" => "it goes on after its end",
        _ => "it cannot be decompressed",
    };
    ImportError::Corrupt(format!("its compressed image data is damaged: {why}"))
}

/// Fills `heights`, one a pixel, from one row of pixels as the file packs
/// them, by the rules of [`import_png`].
fn row_heights(header: &Header, palette: &Palette, pixels: &[u8], heights: &mut [f64]) {
    let depth = usize::from(header.bit_depth);
    let largest = f64::from((1u32 << depth) - 1);
    let mask = ((1u32 << depth) - 1) as u8;
    // Sample `index` of the row: two bytes big-endian, one byte, or 1, 2
    // or 4 bits packed from the high bit of each byte.
    let sample = |index: usize| -> u16 {
        match depth {
            16 => u16::from_be_bytes([pixels[2 * index], pixels[2 * index + 1]]),
            8 => u16::from(pixels[index]),
            _ => {
                let bit = index * depth;
                u16::from((pixels[bit / 8] >> (8 - depth - bit % 8)) & mask)
            }
        }
    };
    let channels = header.colour.channels();
    for (column, height) in heights.iter_mut().enumerate() {
        let first = column * channels;
        *height = match header.colour {
            ColourType::Grey | ColourType::GreyAlpha => f64::from(sample(first)) / largest,
            ColourType::Rgb | ColourType::Rgba => {
                let channel = |offset: usize| f64::from(sample(first + offset)) / largest;
                // The weights sum to 1 only up to rounding.
                luminance(channel(0), channel(1), channel(2)).clamp(0.0, 1.0)
            }
            ColourType::Palette => {
                let [red, green, blue] =
                    palette[usize::from(sample(first))].map(|channel| f64::from(channel) / 255.0);
                luminance(red, green, blue).clamp(0.0, 1.0)
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use png::{BitDepth, ColorType};

    use super::*;
    use crate::png_chunks::write_chunk;
    use crate::png_export::export_png;
    use crate::test_images::{
        diamond_square, encode, encode_with, grey8, grey16, hand_made, header, interlaced_grey8,
    };

    fn heights(bytes: &[u8]) -> Vec<f64> {
        import_png(bytes).expect("imports").heightmap.into_heights()
    }

    fn error(bytes: &[u8]) -> ImportError {
        import_png(bytes).expect_err("refused")
    }

    /// A valid 8-bit 5 x 5 PNG to damage.
    fn small_png() -> Vec<u8> {
        let pixels: Vec<u8> = (0..25).map(|index| index * 10).collect();
        grey8(5, 5, &pixels)
    }

    /// Where the first chunk of type `kind` starts (at its length field).
    fn chunk_start(png: &[u8], kind: &[u8; 4]) -> usize {
        png.windows(4)
            .position(|window| window == kind)
            .expect("chunk")
            - 4
    }

    #[test]
    fn eight_bit_grey_is_value_over_255() {
        let imported = import_png(&grey8(3, 3, &[0, 51, 255, 1, 2, 3, 4, 5, 6])).expect("imports");
        assert_eq!(imported.source_format, "8-bit greyscale");
        assert_eq!((imported.source_width, imported.source_height), (3, 3));
        let expected: Vec<f64> = [0, 51, 255, 1, 2, 3, 4, 5, 6]
            .iter()
            .map(|&value| f64::from(value) / 255.0)
            .collect();
        assert_eq!(imported.heightmap.heights(), expected.as_slice());
    }

    #[test]
    fn sixteen_bit_grey_is_value_over_65535() {
        let values = [0, 1, 65535, 32768, 12345, 54321, 7, 8, 9];
        let imported = import_png(&grey16(3, 3, &values)).expect("imports");
        assert_eq!(imported.source_format, "16-bit greyscale");
        let expected: Vec<f64> = values
            .iter()
            .map(|&value| f64::from(value) / 65535.0)
            .collect();
        assert_eq!(imported.heightmap.heights(), expected.as_slice());
    }

    #[test]
    fn grey_with_alpha_ignores_the_alpha() {
        let pixels = [10, 0, 20, 255, 30, 7, 40, 99];
        let png = encode(2, 2, ColorType::GrayscaleAlpha, BitDepth::Eight, &pixels);
        let imported = import_png(&png).expect("imports");
        assert_eq!(imported.source_format, "8-bit greyscale with alpha");
        let map = imported.heightmap;
        assert_eq!(map.get(0, 0), 10.0 / 255.0);
        assert_eq!(map.get(2, 0), 20.0 / 255.0);
        assert_eq!(map.get(0, 2), 30.0 / 255.0);
        assert_eq!(map.get(2, 2), 40.0 / 255.0);
    }

    #[test]
    fn rgb_becomes_rec_709_luminance() {
        // Red, green, blue; white, black, grey; and three mixtures.
        let colours: [[u8; 3]; 9] = [
            [255, 0, 0],
            [0, 255, 0],
            [0, 0, 255],
            [255, 255, 255],
            [0, 0, 0],
            [51, 51, 51],
            [255, 255, 0],
            [10, 200, 30],
            [128, 64, 32],
        ];
        let png = encode(
            3,
            3,
            ColorType::Rgb,
            BitDepth::Eight,
            colours.as_flattened(),
        );
        let imported = import_png(&png).expect("imports");
        assert_eq!(imported.source_format, "8-bit RGB");
        let map = imported.heightmap.heights().to_vec();
        assert!((map[0] - 0.2126).abs() < 1e-12);
        assert!((map[1] - 0.7152).abs() < 1e-12);
        assert!((map[2] - 0.0722).abs() < 1e-12);
        assert!((map[3] - 1.0).abs() < 1e-12 && map[3] <= 1.0);
        assert_eq!(map[4], 0.0);
        assert!((map[5] - 0.2).abs() < 1e-12);
        assert!((map[6] - 0.9278).abs() < 1e-12);
        let [red, green, blue] = colours[7].map(|channel| f64::from(channel) / 255.0);
        assert_eq!(map[7], luminance(red, green, blue));
    }

    #[test]
    fn rgba_ignores_the_alpha_and_sixteen_bit_rgb_keeps_its_precision() {
        let rgba = [255, 0, 0, 0, 0, 255, 0, 17, 0, 0, 255, 128, 0, 0, 0, 255];
        let imported =
            import_png(&encode(2, 2, ColorType::Rgba, BitDepth::Eight, &rgba)).expect("imports");
        assert_eq!(imported.source_format, "8-bit RGBA");
        let map = imported.heightmap;
        assert!((map.get(0, 0) - 0.2126).abs() < 1e-12);
        assert!((map.get(2, 0) - 0.7152).abs() < 1e-12);
        assert!((map.get(0, 2) - 0.0722).abs() < 1e-12);
        assert_eq!(map.get(2, 2), 0.0);

        let rgb16: Vec<u8> = [1u16, 1, 1, 65535, 0, 0, 0, 65535, 0, 0, 0, 65535]
            .iter()
            .flat_map(|value| value.to_be_bytes())
            .collect();
        let imported =
            import_png(&encode(2, 2, ColorType::Rgb, BitDepth::Sixteen, &rgb16)).expect("imports");
        assert_eq!(imported.source_format, "16-bit RGB");
        assert!((imported.heightmap.get(0, 0) - 1.0 / 65535.0).abs() < 1e-15);
        assert!((imported.heightmap.get(2, 0) - 0.2126).abs() < 1e-12);
    }

    #[test]
    fn palette_indices_become_their_colours() {
        let palette = [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0];
        let png = encode_with(
            2,
            2,
            ColorType::Indexed,
            BitDepth::Eight,
            &[0, 1, 2, 3],
            |encoder| encoder.set_palette(palette.to_vec()),
        );
        let imported = import_png(&png).expect("imports");
        assert_eq!(imported.source_format, "8-bit palette");
        let map = imported.heightmap;
        assert_eq!(map.get(0, 0), 0.0);
        assert!((map.get(2, 0) - 1.0).abs() < 1e-12);
        assert!((map.get(0, 2) - 0.2126).abs() < 1e-12);
        assert!((map.get(2, 2) - 0.7152).abs() < 1e-12);

        // A 4-bit palette with transparency decodes the same way.
        let png = encode_with(
            2,
            2,
            ColorType::Indexed,
            BitDepth::Four,
            &[0x01, 0x23],
            |encoder| {
                encoder.set_palette(palette.to_vec());
                encoder.set_trns(vec![0, 128]);
            },
        );
        let imported = import_png(&png).expect("imports");
        assert_eq!(imported.source_format, "4-bit palette");
        assert!((imported.heightmap.get(2, 2) - 0.7152).abs() < 1e-12);
    }

    #[test]
    fn low_bit_depth_grey_is_value_over_its_largest_value() {
        // 1 bit: rows 0b10 and 0b01, packed from the high bit.
        let png = encode(
            2,
            2,
            ColorType::Grayscale,
            BitDepth::One,
            &[0b1000_0000, 0b0100_0000],
        );
        let imported = import_png(&png).expect("imports");
        assert_eq!(imported.source_format, "1-bit greyscale");
        let map = imported.heightmap;
        assert_eq!(
            [map.get(0, 0), map.get(2, 0), map.get(0, 2), map.get(2, 2)],
            [1.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(map.get(1, 0), 0.5);

        // 2 bits: 0 to 3; 4 bits: 0 to 15.
        let png = encode(
            2,
            2,
            ColorType::Grayscale,
            BitDepth::Two,
            &[0b0001_0000, 0b1011_0000],
        );
        let map = import_png(&png).expect("imports").heightmap;
        assert_eq!(
            [map.get(0, 0), map.get(2, 0), map.get(0, 2), map.get(2, 2)],
            [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]
        );
        let png = encode(2, 2, ColorType::Grayscale, BitDepth::Four, &[0x0F, 0x5A]);
        let map = import_png(&png).expect("imports").heightmap;
        assert_eq!(
            [map.get(0, 0), map.get(2, 0), map.get(0, 2), map.get(2, 2)],
            [0.0, 1.0, 5.0 / 15.0, 10.0 / 15.0]
        );
    }

    #[test]
    fn grey_with_a_transparent_value_keeps_its_heights() {
        let png = encode_with(
            3,
            3,
            ColorType::Grayscale,
            BitDepth::Sixteen,
            &[0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0],
            |encoder| encoder.set_trns(vec![1, 0]),
        );
        let heights = heights(&png);
        assert_eq!(heights[1], 256.0 / 65535.0);
        assert_eq!(heights[8], 2048.0 / 65535.0);
    }

    #[test]
    fn an_interlaced_image_reads_the_same_as_a_plain_one() {
        for (width, height) in [(3, 3), (9, 9), (10, 7), (2, 2)] {
            let pixels: Vec<u8> = (0..width * height)
                .map(|index| (index * 7 % 256) as u8)
                .collect();
            let interlaced = interlaced_grey8(width, height, &pixels);
            assert_eq!(
                heights(&interlaced),
                heights(&grey8(width, height, &pixels)),
                "{width} x {height}"
            );
        }
    }

    #[test]
    fn images_are_resampled_to_the_nearest_side_with_corners_kept() {
        for (width, height, side) in [(2, 2, 3), (5, 5, 5), (100, 100, 129), (1000, 700, 1025)] {
            let pixels: Vec<u8> = (0..width * height)
                .map(|index| ((index * 31 + index / width) % 256) as u8)
                .collect();
            let imported = import_png(&grey8(width, height, &pixels)).expect("imports");
            let map = &imported.heightmap;
            assert_eq!(map.side(), side, "{width} x {height}");
            assert_eq!(
                (imported.source_width, imported.source_height),
                (width, height)
            );
            let (last_column, last_row) = (width as usize - 1, height as usize - 1);
            let pixel = |column: usize, row: usize| {
                f64::from(pixels[row * width as usize + column]) / 255.0
            };
            let last = map.last();
            assert_eq!(map.get(0, 0), pixel(0, 0));
            assert_eq!(map.get(last, 0), pixel(last_column, 0));
            assert_eq!(map.get(0, last), pixel(0, last_row));
            assert_eq!(map.get(last, last), pixel(last_column, last_row));
            assert!(
                map.heights()
                    .iter()
                    .all(|height| (0.0..=1.0).contains(height))
            );
        }
    }

    #[test]
    fn an_image_already_the_right_size_comes_back_bit_for_bit() {
        let map = diamond_square(6, 77);
        let values: Vec<u16> = map
            .heights()
            .iter()
            .map(|&height| (height * 65535.0).round() as u16)
            .collect();
        let imported = import_png(&grey16(65, 65, &values)).expect("imports");
        for (&value, &height) in values.iter().zip(imported.heightmap.heights()) {
            assert_eq!(height, f64::from(value) / 65535.0);
        }
    }

    #[test]
    fn a_non_square_image_is_stretched_to_square() {
        // 3 wide, 5 tall: a ramp down the rows, the same across.
        let pixels: Vec<u8> = (0..5).flat_map(|row| [row * 60; 3]).collect();
        let imported = import_png(&grey8(3, 5, &pixels)).expect("imports");
        let map = imported.heightmap;
        assert_eq!(map.side(), 5);
        assert_eq!((imported.source_width, imported.source_height), (3, 5));
        for row in 0..5 {
            for column in 0..5 {
                assert_eq!(map.get(column, row), f64::from(row as u8 * 60) / 255.0);
            }
        }
    }

    #[test]
    fn empty_input_says_the_file_is_empty() {
        let error = error(&[]);
        assert_eq!(error, ImportError::Empty);
        assert!(error.to_string().contains("empty"), "{error}");
    }

    #[test]
    fn other_kinds_of_file_are_not_png() {
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0, 1,
        ];
        let text = b"height,x,y\n0.5,0,0\n";
        for bytes in [
            &jpeg[..],
            text,
            b"GIF89a",
            b"\x89PNG\r\n\x1a\x0b not quite",
            &[0],
        ] {
            let error = error(bytes);
            assert_eq!(error, ImportError::NotPng);
            let message = error.to_string();
            assert!(message.contains("not a PNG"), "{message}");
            assert!(message.contains("export a PNG"), "{message}");
        }
    }

    #[test]
    fn a_palette_of_a_broken_number_of_bytes_is_corrupt_not_a_panic() {
        // Found by the png_import fuzz target: a 9 x 9 palette image whose
        // PLTE chunk is 49 bytes long made the png crate panic.
        use crate::png_chunks::write_chunk as chunk;
        let mut file = Vec::from(PNG_SIGNATURE);
        chunk(&mut file, b"IHDR", &[0, 0, 0, 9, 0, 0, 0, 9, 4, 3, 0, 0, 0]);
        chunk(&mut file, b"PLTE", &[7; 49]);
        chunk(
            &mut file,
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        );
        chunk(&mut file, b"IEND", &[]);
        let error = import_png(&file).expect_err("a broken palette");
        assert!(matches!(error, ImportError::Corrupt(_)), "{error:?}");
        assert!(
            error.to_string().contains("palette is 49 bytes long"),
            "{error}"
        );
        for length in [0, 769] {
            let mut file = Vec::from(PNG_SIGNATURE);
            chunk(&mut file, b"IHDR", &[0, 0, 0, 9, 0, 0, 0, 9, 8, 3, 0, 0, 0]);
            chunk(&mut file, b"PLTE", &vec![1; length]);
            chunk(&mut file, b"IEND", &[]);
            assert!(
                matches!(import_png(&file), Err(ImportError::Corrupt(_))),
                "{length}"
            );
        }
    }

    #[test]
    fn a_truncated_png_is_corrupt() {
        let png = small_png();
        for length in [
            4,
            8,
            12,
            20,
            33,
            40,
            png.len() - 20,
            png.len() - 12,
            png.len() - 1,
        ] {
            match error(&png[..length]) {
                ImportError::Corrupt(detail) => assert!(!detail.is_empty()),
                other => panic!("cut at {length} of {}: {other:?}", png.len()),
            }
        }
        let message = error(&png[..png.len() - 20]).to_string();
        assert!(
            message.starts_with("this PNG image is damaged"),
            "{message}"
        );
    }

    #[test]
    fn a_bad_crc_is_corrupt_and_named() {
        let mut png = small_png();
        // The last byte of IHDR's CRC.
        png[32] ^= 0x55;
        let message = error(&png).to_string();
        assert!(message.contains("damaged"), "{message}");
        assert!(message.contains("CRC"), "{message}");

        let mut png = small_png();
        let idat = chunk_start(&png, b"IDAT");
        let length = u32::from_be_bytes([png[idat], png[idat + 1], png[idat + 2], png[idat + 3]]);
        png[idat + 8 + length as usize] ^= 0x01;
        assert!(matches!(error(&png), ImportError::Corrupt(_)));
    }

    #[test]
    fn damaged_image_data_is_corrupt() {
        // A zlib stream whose compressed data is garbage, with correct CRCs.
        let mut png = PNG_SIGNATURE.to_vec();
        crate::png_chunks::write_chunk(&mut png, b"IHDR", &header(5, 5, 8, 0, false));
        crate::png_chunks::write_chunk(&mut png, b"IDAT", &[0x78, 0x01, 0xFF, 0xFF, 0xFF, 0xFF]);
        crate::png_chunks::write_chunk(&mut png, b"IEND", &[]);
        assert!(
            matches!(error(&png), ImportError::Corrupt(_)),
            "{:?}",
            error(&png)
        );

        // Too little data for the rows the header promises.
        let short = hand_made(&header(5, 5, 8, 0, false), &[0, 1, 2, 3, 4, 5]);
        assert!(matches!(error(&short), ImportError::Corrupt(_)));

        // An unknown filter type on a row.
        let bad_filter = hand_made(&header(2, 2, 8, 0, false), &[9, 1, 2, 9, 3, 4]);
        assert!(matches!(error(&bad_filter), ImportError::Corrupt(_)));
    }

    #[test]
    fn huge_dimensions_are_refused_before_decoding() {
        for (width, height) in [(100_000, 100_000), (9000, 10), (10, 9000), (8193, 8193)] {
            let png = hand_made(&header(width, height, 8, 0, false), &[]);
            let error = error(&png);
            assert_eq!(error, ImportError::TooLarge { width, height });
            let message = error.to_string();
            assert!(
                message.contains(&format!("{width} x {height}")),
                "{message}"
            );
            assert!(message.contains("8192 x 8192"), "{message}");
        }
        // The largest allowed size with no data behind it fails on the data,
        // quickly, without decoding anything.
        let png = hand_made(&header(8192, 8192, 16, 6, false), &[0; 100]);
        assert!(matches!(error(&png), ImportError::Corrupt(_)));
    }

    #[test]
    fn an_interlaced_image_too_big_to_hold_is_refused() {
        let png = hand_made(&header(8192, 8192, 16, 6, true), &[]);
        let error = error(&png);
        assert_eq!(error, ImportError::TooMuchMemory);
        assert!(error.to_string().contains("300 MB"), "{error}");
    }

    #[test]
    fn images_under_two_pixels_a_side_are_too_small() {
        for (width, height) in [(1, 1), (1, 5), (5, 1)] {
            let pixels = vec![0; (width * height) as usize];
            let error = error(&grey8(width, height, &pixels));
            assert_eq!(error, ImportError::TooSmall { width, height });
            assert!(error.to_string().contains("at least 2 x 2"), "{error}");
        }
        // Zero is not a valid PNG size at all.
        assert!(matches!(
            error(&hand_made(&header(0, 5, 8, 0, false), &[])),
            ImportError::Corrupt(_)
        ));
    }

    #[test]
    fn every_message_is_one_readable_sentence() {
        let errors = [
            ImportError::Empty,
            ImportError::NotPng,
            ImportError::Corrupt("CRC error".to_owned()),
            ImportError::TooLarge {
                width: 9000,
                height: 10,
            },
            ImportError::TooSmall {
                width: 1,
                height: 1,
            },
            ImportError::TooMuchMemory,
            ImportError::Unsupported("something".to_owned()),
        ];
        for error in errors {
            let message = error.to_string();
            assert!(message.starts_with("this "), "{message}");
            assert!(!message.ends_with('.'), "{message}");
            assert!(!message.contains("Error"), "{message}");
        }
    }

    /// A PNG of a `width` x `height` 8-bit grey header and `zlib` as its
    /// image data, with right CRCs.
    fn with_image_data(width: u32, height: u32, interlaced: bool, zlib: &[u8]) -> Vec<u8> {
        let mut png = PNG_SIGNATURE.to_vec();
        write_chunk(&mut png, b"IHDR", &header(width, height, 8, 0, interlaced));
        write_chunk(&mut png, b"IDAT", zlib);
        write_chunk(&mut png, b"IEND", &[]);
        png
    }

    #[test]
    fn each_kind_of_damaged_image_data_has_its_own_words() {
        let says = |png: &[u8], words: &str| {
            let message = error(png).to_string();
            assert!(
                message.starts_with("this PNG image is damaged and cannot be read: "),
                "{message}"
            );
            assert!(message.contains(words), "{words}: {message}");
        };
        let zlib = |bytes: &[u8]| with_image_data(5, 5, false, bytes);
        says(&zlib(&[0x79, 0x01, 0, 0]), "its zlib header is wrong");
        says(
            &zlib(&[0x78, 0x01, 0xFF, 0xFF, 0xFF, 0xFF]),
            "a block has a type deflate does not have",
        );
        // A stored block of 16 bytes holding one.
        says(
            &zlib(&[0x78, 0x01, 0x00, 0x10, 0x00, 0xEF, 0xFF, 7]),
            "it stops in the middle",
        );
        says(
            &zlib(&[0x78, 0x01, 0x01, 0x10, 0x00, 0x00, 0x00]),
            "a stored block's length and its check differ",
        );
        for interlaced in [false, true] {
            says(
                &hand_made(&header(9, 9, 8, 0, interlaced), &[0, 1, 2]),
                "the image has fewer rows of pixels than its header says",
            );
            says(
                &hand_made(&header(2, 2, 8, 0, interlaced), &[9, 1, 2, 9, 3, 4, 9, 5]),
                "a row of pixels has an unknown filter type (PNG has only 0 to 4)",
            );
        }
    }

    /// Bits for a deflate stream, first bit lowest.
    #[derive(Default)]
    struct Bits {
        bytes: Vec<u8>,
        count: usize,
    }

    impl Bits {
        /// `count` bits of `value`, lowest first (how deflate packs numbers).
        fn number(&mut self, value: u32, count: usize) {
            for bit in 0..count {
                if self.count.is_multiple_of(8) {
                    self.bytes.push(0);
                }
                let last = self.bytes.len() - 1;
                self.bytes[last] |= (((value >> bit) & 1) as u8) << (self.count % 8);
                self.count += 1;
            }
        }

        /// A Huffman code of `length` bits, highest first (how deflate
        /// packs codes).
        fn code(&mut self, code: u32, length: usize) {
            for bit in (0..length).rev() {
                self.number((code >> bit) & 1, 1);
            }
        }
    }

    #[test]
    fn an_incomplete_huffman_code_is_refused_as_zlib_refuses_it() {
        // One dynamic block whose literal/length code is incomplete:
        // literal 0 has a 1-bit code and end-of-block a 2-bit one, so the
        // code 11 means nothing. zlib refuses such a block ("invalid
        // literal/lengths set"); the reader before the png crate took it.
        let mut bits = Bits::default();
        bits.number(1, 1); // final block
        bits.number(2, 2); // dynamic Huffman codes
        bits.number(0, 5); // 257 literal/length codes
        bits.number(0, 5); // 1 distance code
        bits.number(14, 4); // 18 code length code lengths
        // In deflate's order 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3,
        // 13, 2, 14, 1: lengths 0, 1, 2 and 18 get 2-bit codes 00, 01, 10, 11.
        for length in [0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] {
            bits.number(length, 3);
        }
        bits.code(0b01, 2); // literal 0: length 1
        bits.code(0b11, 2); // literals 1 to 138: length 0
        bits.number(138 - 11, 7);
        bits.code(0b11, 2); // literals 139 to 255: length 0
        bits.number(117 - 11, 7);
        bits.code(0b10, 2); // end of block: length 2
        bits.code(0b01, 2); // distance 0: length 1
        // Two rows of a 2 x 2 image: filter type 0, two black pixels.
        for _ in 0..6 {
            bits.code(0b0, 1);
        }
        bits.code(0b10, 2); // end of block
        let mut zlib = vec![0x78, 0x01];
        zlib.extend_from_slice(&bits.bytes);
        zlib.extend_from_slice(&0x0006_0001u32.to_be_bytes()); // Adler-32 of 6 zeros
        let message = error(&with_image_data(2, 2, false, &zlib)).to_string();
        assert!(
            message.contains("a block header describes a Huffman code that is not whole"),
            "{message}"
        );
    }

    /// The data of an `fcTL` chunk: sequence 0, `width` x `height` at
    /// `(x, y)`, no delay, no disposal or blending.
    fn frame_control(width: u32, height: u32, x: u32, y: u32) -> Vec<u8> {
        let mut data = Vec::new();
        for field in [0, width, height, x, y] {
            data.extend_from_slice(&field.to_be_bytes());
        }
        data.extend_from_slice(&[0, 0, 0, 1, 0, 0]);
        data
    }

    #[test]
    fn an_animated_png_reads_as_its_image_if_its_first_frame_is_the_image() {
        let pixels: Vec<u8> = (0..16).map(|index| index * 16).collect();
        let plain = grey8(4, 4, &pixels);
        let animated = |frame: Vec<u8>| {
            let at = chunk_start(&plain, b"IDAT");
            let mut png = plain[..at].to_vec();
            write_chunk(&mut png, b"acTL", &[0, 0, 0, 1, 0, 0, 0, 0]);
            write_chunk(&mut png, b"fcTL", &frame);
            png.extend_from_slice(&plain[at..]);
            png
        };
        assert_eq!(
            heights(&animated(frame_control(4, 4, 0, 0))),
            heights(&plain)
        );
        let message = error(&animated(frame_control(2, 2, 1, 1))).to_string();
        assert!(
            message.contains("an animation frame (fcTL chunk) does not fit the image"),
            "{message}"
        );
    }

    #[test]
    fn metadata_past_the_decoders_limit_is_too_much_memory() {
        // An `eXIf` chunk is held whole by the png crate, within its limit.
        let png = grey8(2, 2, &[1, 2, 3, 4]);
        let at = chunk_start(&png, b"IDAT");
        let mut large = png[..at].to_vec();
        write_chunk(&mut large, b"eXIf", &vec![0; DECODER_BYTES + 1]);
        large.extend_from_slice(&png[at..]);
        assert_eq!(error(&large), ImportError::TooMuchMemory);
    }

    #[test]
    fn crafted_files_get_their_answers() {
        for file in crate::test_support::crafted::crafted_files() {
            let result = import_png(&file.bytes);
            match (file.says, result) {
                (Some(words), Err(error)) => {
                    let message = error.to_string();
                    assert!(message.contains(words), "{}: {message}", file.name);
                    assert!(message.starts_with("this "), "{}: {message}", file.name);
                }
                (None, Ok(imported)) => assert_eq!(imported.heightmap.side(), 3),
                (says, result) => panic!("{}: {says:?}, got {result:?}", file.name),
            }
        }
    }

    #[test]
    fn round_trip_is_exact_to_sixteen_bits() {
        for exponent in [5, 8] {
            for seed in [0, 1, 42, 9_999] {
                let map = diamond_square(exponent, seed);
                let imported = import_png(&export_png(&map)).expect("reads back");
                assert_eq!(imported.heightmap.side(), map.side());
                let side = map.side() as u32;
                assert_eq!(
                    (imported.source_width, imported.source_height),
                    (side, side)
                );
                for (&original, &read) in map.heights().iter().zip(imported.heightmap.heights()) {
                    assert_eq!(read, (original * 65535.0).round() / 65535.0);
                    assert!((read - original).abs() <= 0.5 / 65535.0);
                }
            }
        }
    }

    #[test]
    fn our_own_export_reads_back_as_sixteen_bit_greyscale() {
        let imported = import_png(&export_png(&diamond_square(3, 1))).expect("imports");
        assert_eq!(imported.source_format, "16-bit greyscale");
        assert_eq!((imported.source_width, imported.source_height), (9, 9));
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use proptest::prelude::*;

    use super::*;
    use crate::test_images::{diamond_square, grey8};
    use crate::test_support::fix_crcs;

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
            let _ = import_png(&bytes);
        }

        #[test]
        fn arbitrary_bytes_after_the_signature_never_panic(
            tail in proptest::collection::vec(any::<u8>(), 0..512),
        ) {
            let mut bytes = PNG_SIGNATURE.to_vec();
            bytes.extend(tail);
            let _ = import_png(&bytes);
        }

        #[test]
        fn mutations_of_a_valid_png_never_panic(
            flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
            cut in any::<prop::sample::Index>(),
            truncate in any::<bool>(),
        ) {
            let pixels: Vec<u8> = (0..=255).cycle().take(12 * 9).collect();
            let mut png = grey8(12, 9, &pixels);
            for (index, value) in flips {
                let at = index.index(png.len());
                png[at] = value;
            }
            if truncate {
                png.truncate(cut.index(png.len()));
            }
            if let Ok(imported) = import_png(&png) {
                prop_assert!(imported.heightmap.heights().iter().all(|h| (0.0..=1.0).contains(h)));
            }
        }

        #[test]
        fn mutations_past_the_checksums_never_panic(
            flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
            seed in any::<u64>(),
        ) {
            // With every CRC made right again, the damage reaches the header
            // fields and the zlib stream instead of stopping at a checksum.
            let mut png = crate::png_export::export_png(&diamond_square(3, seed));
            for (index, value) in flips {
                let at = index.index(png.len() - 8) + 8;
                png[at] = value;
            }
            fix_crcs(&mut png);
            if let Ok(imported) = import_png(&png) {
                prop_assert!(imported.heightmap.heights().iter().all(|h| (0.0..=1.0).contains(h)));
            }
        }
    }
}

/// Our import (its checks, the png crate's rows as stored, our
/// conversion) against the reference (the png crate's expanded pixels,
/// converted directly), on every kind of PNG.
#[cfg(test)]
mod differential {
    use png::{BitDepth, ColorType, Compression};

    use super::*;
    use crate::png_chunks::write_chunk;
    use crate::png_filter::filter_row;
    use crate::png_structure::ChunkReader;
    use crate::test_images::{encode_with, header};
    use crate::test_support::{Reference, adam7_passes, import_heights, reference_heights};

    /// Every colour type with every bit depth PNG allows it.
    const FORMATS: [(ColorType, &[BitDepth]); 5] = [
        (
            ColorType::Grayscale,
            &[
                BitDepth::One,
                BitDepth::Two,
                BitDepth::Four,
                BitDepth::Eight,
                BitDepth::Sixteen,
            ],
        ),
        (ColorType::Rgb, &[BitDepth::Eight, BitDepth::Sixteen]),
        (
            ColorType::Indexed,
            &[
                BitDepth::One,
                BitDepth::Two,
                BitDepth::Four,
                BitDepth::Eight,
            ],
        ),
        (
            ColorType::GrayscaleAlpha,
            &[BitDepth::Eight, BitDepth::Sixteen],
        ),
        (ColorType::Rgba, &[BitDepth::Eight, BitDepth::Sixteen]),
    ];

    /// Small and odd sizes (many of Adam7's passes empty), and a few with
    /// several rows in every pass.
    const SIZES: [(u32, u32); 7] = [(2, 3), (3, 7), (33, 17), (2, 2), (9, 9), (17, 33), (8, 2)];

    /// Deterministic bytes: xorshift, with smooth stretches so the
    /// compressors find runs and matches too.
    fn bytes(count: usize, seed: u64) -> Vec<u8> {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        (0..count)
            .map(|index| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if (index / 64) % 3 == 0 {
                    (index / 7) as u8
                } else {
                    (state >> 32) as u8
                }
            })
            .collect()
    }

    /// The file with its image data cut into `IDAT` chunks of `piece`
    /// bytes, and ancillary chunks before and after them.
    fn rechunked(file: &[u8], piece: usize) -> Vec<u8> {
        let mut chunks = ChunkReader::new(file);
        let mut out = PNG_SIGNATURE.to_vec();
        let mut data = Vec::new();
        loop {
            let chunk = chunks.next_chunk().expect("a valid file");
            match &chunk.kind {
                b"IDAT" => data.extend_from_slice(chunk.data),
                b"IEND" => break,
                kind => write_chunk(&mut out, kind, chunk.data),
            }
        }
        write_chunk(&mut out, b"tEXt", b"Comment\0before the pixels");
        for part in data.chunks(piece) {
            write_chunk(&mut out, b"IDAT", part);
        }
        write_chunk(&mut out, b"IDAT", &[]);
        write_chunk(&mut out, b"zzZz", b"an unknown ancillary chunk");
        write_chunk(&mut out, b"IEND", &[]);
        out
    }

    /// One pixel of `bits` bits from a packed row.
    fn pixel_bits(row: &[u8], index: usize, bits: usize) -> Vec<u8> {
        if bits >= 8 {
            row[index * bits / 8..(index + 1) * bits / 8].to_vec()
        } else {
            let at = index * bits;
            vec![(row[at / 8] >> (8 - bits - at % 8)) & ((1 << bits) - 1)]
        }
    }

    /// An Adam7-interlaced PNG of packed `rows`, each pass row filtered by
    /// our encoder's choice and deflated by `fdeflate`; the png crate
    /// cannot write interlaced files.
    fn interlaced(
        width: usize,
        height: usize,
        color: ColorType,
        depth: BitDepth,
        rows: &[Vec<u8>],
        extra: &[(&[u8; 4], Vec<u8>)],
    ) -> Vec<u8> {
        let bits = color.samples() * depth as usize;
        let step = (bits / 8).max(1);
        let mut raw = Vec::new();
        for (column, row, column_step, row_step) in adam7_passes() {
            if column >= width || row >= height {
                continue;
            }
            let across = (width - column).div_ceil(column_step);
            let row_bytes = (across * bits).div_ceil(8);
            let mut previous = vec![0; row_bytes];
            for y in (row..height).step_by(row_step) {
                let mut packed = vec![0u8; row_bytes];
                for (index, x) in (column..width).step_by(column_step).enumerate() {
                    let pixel = pixel_bits(&rows[y], x, bits);
                    if bits >= 8 {
                        packed[index * bits / 8..][..bits / 8].copy_from_slice(&pixel);
                    } else {
                        let at = index * bits;
                        packed[at / 8] |= pixel[0] << (8 - bits - at % 8);
                    }
                }
                let (mut filtered, mut scratch) = (vec![0; row_bytes + 1], vec![0; row_bytes + 1]);
                filter_row(step, &previous, &packed, &mut filtered, &mut scratch);
                raw.extend_from_slice(&filtered);
                previous = packed;
            }
        }
        let mut file = PNG_SIGNATURE.to_vec();
        write_chunk(
            &mut file,
            b"IHDR",
            &header(width as u32, height as u32, depth as u8, color as u8, true),
        );
        for (kind, data) in extra {
            write_chunk(&mut file, kind, data);
        }
        write_chunk(&mut file, b"IDAT", &fdeflate::compress_to_vec(&raw));
        write_chunk(&mut file, b"IEND", &[]);
        file
    }

    /// Checks that our importer and the reference (the png crate's
    /// expanded pixels, converted directly) agree on `file`: the same
    /// heights before resampling, bit for bit, or both refuse it.
    fn agree(file: &[u8], what: &str) -> usize {
        match (reference_heights(file), import_heights(file)) {
            (Reference::Read(theirs), Ok(ours)) => {
                assert_eq!(
                    (theirs.width, theirs.height, &theirs.format),
                    (ours.width, ours.height, &ours.format),
                    "{what}"
                );
                let width = ours.width as usize;
                let rows = theirs.heights.chunks(width).zip(ours.heights.chunks(width));
                for (y, (their_row, our_row)) in rows.enumerate() {
                    let same = their_row
                        .iter()
                        .zip(our_row)
                        .all(|(a, b)| a.to_bits() == b.to_bits());
                    assert!(same, "{what}: row {y}\n{their_row:?}\n{our_row:?}");
                }
                1
            }
            (Reference::Refused(_), Err(_)) => 0,
            (theirs, ours) => panic!(
                "{what}: png crate {theirs:?}, ours {:?}",
                ours.map(|image| image.height)
            ),
        }
    }

    #[test]
    fn every_colour_type_depth_size_and_interlacing_reads_as_the_png_crate_does() {
        let mut compared = 0;
        let mut seed = 0;
        for (color, depths) in FORMATS {
            for &depth in depths {
                let bits = color.samples() * depth as usize;
                for (width, height) in SIZES {
                    for with_trns in [false, true] {
                        if with_trns && matches!(color, ColorType::GrayscaleAlpha | ColorType::Rgba)
                        {
                            continue;
                        }
                        seed += 1;
                        let (width, height) = (width as usize, height as usize);
                        let row_bytes = (width * bits).div_ceil(8);
                        let rows: Vec<Vec<u8>> = (0..height)
                            .map(|y| bytes(row_bytes, seed * 1000 + y as u64))
                            .collect();
                        // A palette shorter than the indices can reach:
                        // the rest are black.
                        let entries = ((1usize << depth as usize).min(256) * 3 / 4).max(1);
                        let palette = bytes(3 * entries, seed + 7);
                        let trns = match color {
                            ColorType::Grayscale => vec![0, 1],
                            ColorType::Rgb => vec![0, 1, 0, 2, 0, 3],
                            _ => bytes(entries.min(5), seed),
                        };
                        let mut extra: Vec<(&[u8; 4], Vec<u8>)> = Vec::new();
                        if color == ColorType::Indexed {
                            extra.push((b"PLTE", palette.clone()));
                        }
                        if with_trns {
                            extra.push((b"tRNS", trns.clone()));
                        }
                        let what =
                            format!("{color:?} {depth:?} {width} x {height}, tRNS {with_trns}");

                        let compression = [
                            Compression::Fast,
                            Compression::Balanced,
                            Compression::High,
                            Compression::NoCompression,
                        ][seed as usize % 4];
                        let plain = encode_with(
                            width as u32,
                            height as u32,
                            color,
                            depth,
                            rows.concat().as_slice(),
                            |encoder| {
                                encoder.set_compression(compression);
                                if color == ColorType::Indexed {
                                    encoder.set_palette(palette.clone());
                                }
                                if with_trns {
                                    encoder.set_trns(trns.clone());
                                }
                            },
                        );
                        compared += agree(&plain, &what);
                        compared += agree(&rechunked(&plain, 1 + seed as usize % 5), &what);
                        let interlaced = interlaced(width, height, color, depth, &rows, &extra);
                        compared += agree(&interlaced, &format!("interlaced {what}"));
                    }
                }
            }
        }
        // 15 formats, with and without tRNS for the 11 without alpha, in 7
        // sizes, 3 ways each: everything was read, nothing refused.
        assert_eq!(compared, (11 * 2 + 4) * 7 * 3);
    }

    #[test]
    fn large_images_read_as_the_png_crate_does() {
        // Hundreds of KiB of pixels: the decompressor's window moves many
        // times, in compressed streams with long matches (Balanced) and
        // without (Fast), in IDAT chunks of odd sizes.
        for (index, (color, depth, width, height)) in [
            (ColorType::Rgba, BitDepth::Sixteen, 301, 257),
            (ColorType::Grayscale, BitDepth::Eight, 1000, 300),
            (ColorType::Rgb, BitDepth::Eight, 517, 211),
            (ColorType::Grayscale, BitDepth::Two, 999, 101),
        ]
        .into_iter()
        .enumerate()
        {
            let bits = color.samples() * depth as usize;
            let row_bytes = (width * bits).div_ceil(8);
            let rows: Vec<Vec<u8>> = (0..height)
                .map(|y| {
                    // Smooth gradients with a little noise.
                    let noise = bytes(row_bytes, (index * 10_000 + y) as u64);
                    (0..row_bytes)
                        .map(|x| ((x + y) / 3) as u8 ^ (noise[x] & 3))
                        .collect()
                })
                .collect();
            let what = format!("{color:?} {depth:?} {width} x {height}");
            for compression in [Compression::Fast, Compression::Balanced] {
                let plain = encode_with(
                    width as u32,
                    height as u32,
                    color,
                    depth,
                    rows.concat().as_slice(),
                    |encoder| encoder.set_compression(compression),
                );
                assert_eq!(agree(&plain, &what), 1);
                assert_eq!(agree(&rechunked(&plain, 8191), &what), 1);
            }
            let interlaced = interlaced(width, height, color, depth, &rows, &[]);
            assert_eq!(agree(&interlaced, &format!("interlaced {what}")), 1);
        }
    }
}
