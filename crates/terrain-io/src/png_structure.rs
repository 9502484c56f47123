//! What is checked before the png crate decodes a pixel: the chunks'
//! framing and checksums, the header, the palette and the order of the
//! chunks, each refusal in words a reader can act on.
//!
//! The png crate checks most of this too, but its messages are for
//! programmers ("CRC error: expected 0x1f have 0x2e while decoding IDAT
//! chunk."), and 0.18.1 panics on a palette that is not whole 3-byte
//! colours (FUZZING.md). Walking the chunks costs one pass over the file's
//! bytes, and it reads no pixel: the header is checked first, so an image
//! too large is refused before anything is allocated.

use crate::error::ImportError;
use crate::png_chunks::PNG_SIGNATURE;
use crate::recorded::Recorded;

/// The longest chunk data the PNG specification allows, `2^31 - 1` bytes.
const MAX_CHUNK_LENGTH: u32 = 0x7FFF_FFFF;

/// Whether chunk checksums are compared. Not while fuzzing (cargo-fuzz
/// passes `--cfg fuzzing`): a mutated file would almost always stop at the
/// first wrong checksum and never reach the image data. The png crate does
/// the same.
#[allow(unexpected_cfgs)]
pub(crate) const CHECK_CRC: bool = !cfg!(fuzzing);

/// What a PNG's `IHDR` chunk says about the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Header {
    /// Width in pixels, 1 to 2^31 - 1.
    pub(crate) width: u32,
    /// Height in pixels, 1 to 2^31 - 1.
    pub(crate) height: u32,
    /// Bits a sample (1, 2, 4, 8 or 16; a palette index for palette images).
    pub(crate) bit_depth: u8,
    /// What the samples of a pixel are.
    pub(crate) colour: ColourType,
    /// Whether the rows are stored in Adam7's seven passes.
    pub(crate) interlaced: bool,
}

/// PNG's colour types, with their numbers in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ColourType {
    /// One grey sample.
    Grey = 0,
    /// Red, green and blue.
    Rgb = 2,
    /// An index into the palette.
    Palette = 3,
    /// Grey and alpha.
    GreyAlpha = 4,
    /// Red, green, blue and alpha.
    Rgba = 6,
}

impl ColourType {
    /// Samples a pixel.
    pub(crate) fn channels(self) -> usize {
        match self {
            ColourType::Grey | ColourType::Palette => 1,
            ColourType::GreyAlpha => 2,
            ColourType::Rgb => 3,
            ColourType::Rgba => 4,
        }
    }

    /// The colour type in words, as the reader is told what was read.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ColourType::Grey => "greyscale",
            ColourType::GreyAlpha => "greyscale with alpha",
            ColourType::Rgb => "RGB",
            ColourType::Rgba => "RGBA",
            ColourType::Palette => "palette",
        }
    }
}

impl Header {
    /// Parses the 13 bytes of an `IHDR` chunk, refusing what PNG does not
    /// allow: a zero or over 2^31 - 1 side, an unknown colour type, a bit
    /// depth that colour type cannot have, or a compression, filter or
    /// interlace method other than PNG's.
    fn parse(data: &[u8]) -> Result<Self, ImportError> {
        let corrupt = |what: String| Err(ImportError::Corrupt(what));
        let Ok(
            &[
                w0,
                w1,
                w2,
                w3,
                h0,
                h1,
                h2,
                h3,
                bit_depth,
                colour,
                compression,
                filter,
                interlace,
            ],
        ) = <&[u8; 13]>::try_from(data)
        else {
            return corrupt(format!(
                "its header (IHDR chunk) is {} bytes long instead of 13",
                data.len()
            ));
        };
        let (width, height) = (
            u32::from_be_bytes([w0, w1, w2, w3]),
            u32::from_be_bytes([h0, h1, h2, h3]),
        );
        let sides = 1..=0x7FFF_FFFF;
        if !sides.contains(&width) || !sides.contains(&height) {
            return corrupt(format!(
                "its header says it is {width} x {height} pixels, which no PNG can be"
            ));
        }
        let (colour, depths): (ColourType, &[u8]) = match colour {
            0 => (ColourType::Grey, &[1, 2, 4, 8, 16]),
            2 => (ColourType::Rgb, &[8, 16]),
            3 => (ColourType::Palette, &[1, 2, 4, 8]),
            4 => (ColourType::GreyAlpha, &[8, 16]),
            6 => (ColourType::Rgba, &[8, 16]),
            other => {
                return corrupt(format!(
                    "its header names colour type {other}, which PNG does not have"
                ));
            }
        };
        if !depths.contains(&bit_depth) {
            return corrupt(format!(
                "its header says {bit_depth}-bit {}, which PNG does not allow",
                colour.name()
            ));
        }
        if compression != 0 || filter != 0 || interlace > 1 {
            return corrupt(format!(
                "its header names compression method {compression}, filter method {filter} \
                 and interlace method {interlace}; PNG has only 0, 0 and 0 or 1"
            ));
        }
        Ok(Self {
            width,
            height,
            bit_depth,
            colour,
            interlaced: interlace == 1,
        })
    }

    /// Bytes a row of the whole image takes, packed as PNG packs it
    /// (smaller pixels share bytes, the last byte padded). The caller has
    /// bounded the width.
    pub(crate) fn row_bytes(&self) -> usize {
        let bits = self.colour.channels() * usize::from(self.bit_depth);
        (self.width as usize * bits).div_ceil(8)
    }

    /// `16-bit greyscale`, `8-bit RGBA`, `4-bit palette`.
    pub(crate) fn describe(&self) -> String {
        format!("{}-bit {}", self.bit_depth, self.colour.name())
    }
}

/// A palette's colours by index; indices past the palette's end are black,
/// as the png crate expands them.
pub(crate) type Palette = [[u8; 3]; 256];

/// One chunk of a PNG file, its checksum already checked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chunk<'file> {
    /// The four-letter type, such as `IHDR` or `IDAT`.
    pub(crate) kind: [u8; 4],
    /// The chunk's data, without length, type or checksum.
    pub(crate) data: &'file [u8],
}

impl Chunk<'_> {
    /// Whether a reader that does not know this kind of chunk must give up:
    /// in PNG, bit 5 of the type's first letter is clear (it is upper case)
    /// for chunks the image cannot be shown without.
    pub(crate) fn is_critical(&self) -> bool {
        self.kind[0] & 0x20 == 0
    }

    /// The type for a message, such as `IDAT`; bytes that are not printable
    /// ASCII are escaped.
    pub(crate) fn name(&self) -> String {
        self.kind.escape_ascii().to_string()
    }
}

/// The chunks of a PNG file, read one at a time.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChunkReader<'file> {
    /// What follows the chunks read so far.
    rest: &'file [u8],
}

impl<'file> ChunkReader<'file> {
    /// The chunks of `file`, which starts with the signature (checked by
    /// the caller).
    pub(crate) fn new(file: &'file [u8]) -> Self {
        Self {
            rest: file.get(PNG_SIGNATURE.len()..).unwrap_or_default(),
        }
    }

    /// The next chunk. A file that ends inside it, a length over what PNG
    /// allows or a wrong checksum is [`ImportError::Corrupt`].
    pub(crate) fn next_chunk(&mut self) -> Result<Chunk<'file>, ImportError> {
        let Some((length, rest)) = self.rest.split_first_chunk::<4>() else {
            return Err(ends_too_early());
        };
        let length = u32::from_be_bytes(*length);
        if length > MAX_CHUNK_LENGTH {
            return Err(ImportError::Corrupt(format!(
                "a chunk says it is {length} bytes long, more than a PNG chunk can be"
            )));
        }
        // At most 2^31 - 1, so it fits a 32-bit usize and adding the 8
        // bytes of type and checksum cannot overflow one.
        let length = length as usize;
        let (Some(kind_and_data), Some(crc)) = (rest.get(..4 + length), rest.get(4 + length..))
        else {
            return Err(ends_too_early());
        };
        let Some((crc, rest)) = crc.split_first_chunk::<4>() else {
            return Err(ends_too_early());
        };
        let (kind, data) = kind_and_data.split_at(4);
        let chunk = Chunk {
            kind: [kind[0], kind[1], kind[2], kind[3]],
            data,
        };
        if CHECK_CRC && crc32fast::hash(kind_and_data) != u32::from_be_bytes(*crc) {
            return Err(ImportError::Corrupt(format!(
                "the checksum (CRC) of its {} chunk does not match the chunk",
                chunk.name()
            )));
        }
        self.rest = rest;
        Ok(chunk)
    }
}

/// A file cut short, in words a reader can act on.
pub(crate) fn ends_too_early() -> ImportError {
    ImportError::Corrupt(
        "the file ends too early (it may have been cut short while copying or downloading)"
            .to_owned(),
    )
}

/// Reads the header of `file`, which starts with the PNG signature
/// (checked by the caller): its first chunk, which must be `IHDR`. Nothing
/// after it is read, so the caller can refuse the image's size first.
pub(crate) fn read_header(file: &[u8]) -> Result<(Header, ChunkReader<'_>), ImportError> {
    let mut chunks = ChunkReader::new(file);
    let first = chunks.next_chunk()?;
    if &first.kind != b"IHDR" {
        return Err(ImportError::Corrupt(format!(
            "its first chunk is {} instead of the header, IHDR",
            first.name()
        )));
    }
    Ok((Header::parse(first.data)?, chunks))
}

/// Reads the chunks after the header to `IEND`, checking each one's
/// framing and checksum and their order: the palette, which a palette
/// image must have and which must be whole colours; image data, present
/// and in one run of `IDAT` chunks; no critical chunk this reader does not
/// know. Returns the palette (black for a file without one). Anything
/// after `IEND` is ignored, as other readers do.
pub(crate) fn read_chunks(
    header: &Header,
    mut chunks: ChunkReader<'_>,
) -> Result<(Palette, Option<(f64, f64)>), ImportError> {
    let mut palette = None;
    // Its text, read on the way: the height range one of our exports records.
    let mut recorded = Recorded::default();
    // Before, in and after the run of `IDAT` chunks.
    let (mut image_data_seen, mut image_data_ended) = (false, false);
    loop {
        let chunk = chunks.next_chunk()?;
        match &chunk.kind {
            b"IEND" if !image_data_seen => {
                return Err(ImportError::Corrupt(
                    "it has no image data (no IDAT chunk)".to_owned(),
                ));
            }
            b"IEND" => break,
            b"IDAT" if !image_data_ended => {
                if !image_data_seen && header.colour == ColourType::Palette && palette.is_none() {
                    return Err(ImportError::Corrupt(
                        "it is a palette image without a palette (PLTE chunk)".to_owned(),
                    ));
                }
                image_data_seen = true;
            }
            b"PLTE" if palette.is_none() && !image_data_seen => {
                palette = Some(read_palette(chunk.data)?);
            }
            _ => {
                image_data_ended = image_data_seen;
                check_skippable(&chunk)?;
                if &chunk.kind == b"tEXt" {
                    recorded.read(chunk.data);
                }
            }
        }
    }
    Ok((palette.unwrap_or([[0; 3]; 256]), recorded.range()))
}

/// `Ok` for a chunk the reader may skip; an error for a critical chunk out
/// of place (a second header or palette, image data after other chunks) or
/// of a kind this reader does not know, which PNG says it must not skip.
fn check_skippable(chunk: &Chunk<'_>) -> Result<(), ImportError> {
    match &chunk.kind {
        b"IHDR" | b"PLTE" | b"IDAT" => Err(ImportError::Corrupt(format!(
            "its {} chunk is out of place",
            chunk.name()
        ))),
        _ if chunk.is_critical() => Err(ImportError::Corrupt(format!(
            "it has a {} chunk, which this reader does not know and cannot skip",
            chunk.name()
        ))),
        _ => Ok(()),
    }
}

/// A `PLTE` chunk's colours. It must be 1 to 256 whole colours of three
/// bytes: the png crate (0.18.1) accepts, say, 49 bytes and then panics
/// expanding them, which our fuzzer found, and a panic in the browser stops
/// every demo on the page.
fn read_palette(data: &[u8]) -> Result<Palette, ImportError> {
    let length = data.len();
    if length == 0 || !length.is_multiple_of(3) || length > 3 * 256 {
        return Err(ImportError::Corrupt(format!(
            "its palette is {length} bytes long, not 1 to 256 colours of 3 bytes each"
        )));
    }
    let mut palette = [[0; 3]; 256];
    for (colour, bytes) in palette.iter_mut().zip(data.chunks_exact(3)) {
        colour.copy_from_slice(bytes);
    }
    Ok(palette)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::png_chunks::write_chunk;

    /// A signature and the given chunks.
    fn file(chunks: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
        let mut png = PNG_SIGNATURE.to_vec();
        for (kind, data) in chunks {
            write_chunk(&mut png, kind, data);
        }
        png
    }

    /// A valid `IHDR` of a 2 x 2 image of colour type `colour`.
    fn ihdr(colour: u8) -> [u8; 13] {
        [0, 0, 0, 2, 0, 0, 0, 2, 8, colour, 0, 0, 0]
    }

    /// What [`read_chunks`] makes of a file of `chunks` after a header.
    fn structure(colour: u8, chunks: &[(&[u8; 4], &[u8])]) -> Result<Palette, ImportError> {
        let header = ihdr(colour);
        let mut all: Vec<(&[u8; 4], &[u8])> = vec![(b"IHDR", &header)];
        all.extend_from_slice(chunks);
        let png = file(&all);
        let (header, chunks) = read_header(&png)?;
        read_chunks(&header, chunks).map(|(palette, _)| palette)
    }

    #[test]
    fn chunks_read_back_as_written() {
        let png = file(&[(b"IHDR", &[1; 13]), (b"tEXt", b"a\0b"), (b"IEND", &[])]);
        let mut chunks = ChunkReader::new(&png);
        let first = chunks.next_chunk().expect("IHDR");
        assert_eq!((&first.kind, first.data), (b"IHDR", &[1; 13][..]));
        assert!(first.is_critical());
        let text = chunks.next_chunk().expect("tEXt");
        assert_eq!((&text.kind, text.data), (b"tEXt", &b"a\0b"[..]));
        assert!(!text.is_critical());
        assert_eq!(chunks.next_chunk().expect("IEND").data, &[] as &[u8]);
        assert!(matches!(chunks.next_chunk(), Err(ImportError::Corrupt(_))));
    }

    #[test]
    fn every_cut_of_a_chunk_ends_too_early() {
        let png = file(&[(b"IHDR", &[1; 13])]);
        for length in 8..png.len() {
            let error = ChunkReader::new(&png[..length]).next_chunk();
            assert_eq!(error.expect_err("cut short"), ends_too_early(), "{length}");
        }
    }

    #[test]
    fn lengths_over_two_gib_are_refused_and_near_four_gib_do_not_wrap() {
        // The chunk length near 4 GiB that made an old palette check loop
        // forever on wasm32, and the largest legal length with nothing
        // behind it.
        for (length, words) in [
            (0xFFFF_FFF4u32, "more than a PNG chunk can be"),
            (0x8000_0000, "more than a PNG chunk can be"),
            (0x7FFF_FFFF, "ends too early"),
        ] {
            let mut png = PNG_SIGNATURE.to_vec();
            png.extend_from_slice(&length.to_be_bytes());
            png.extend_from_slice(b"IHDR");
            let error = ChunkReader::new(&png).next_chunk().expect_err("refused");
            assert!(error.to_string().contains(words), "{error}");
        }
    }

    #[test]
    fn a_wrong_checksum_is_named() {
        let mut png = file(&[(b"IHDR", &[1; 13])]);
        let last = png.len() - 1;
        png[last] ^= 1;
        let error = ChunkReader::new(&png).next_chunk().expect_err("bad CRC");
        let message = error.to_string();
        assert!(
            message.contains("CRC") && message.contains("IHDR"),
            "{message}"
        );
    }

    #[test]
    fn odd_chunk_types_are_escaped_in_messages() {
        let chunk = Chunk {
            kind: [b'I', 0, b'\n', 0xFF],
            data: &[],
        };
        assert_eq!(chunk.name(), "I\\x00\\n\\xff");
    }

    #[test]
    fn the_order_of_the_chunks_is_checked() {
        let data: &[u8] = &[0x78, 0x01];
        let palette: &[u8] = &[1, 2, 3, 4, 5, 6];
        let ok = |colour, chunks: &[(&[u8; 4], &[u8])]| structure(colour, chunks).is_ok();
        let says = |colour, chunks: &[(&[u8; 4], &[u8])], words: &str| {
            let message = structure(colour, chunks).expect_err(words).to_string();
            assert!(message.contains(words), "{message}");
        };
        assert!(ok(0, &[(b"IDAT", data), (b"IEND", &[])]));
        // Image data in several chunks, ancillary chunks around them.
        assert!(ok(
            0,
            &[
                (b"tEXt", b"a\0b"),
                (b"IDAT", data),
                (b"IDAT", data),
                (b"zzZz", b""),
                (b"IEND", &[])
            ]
        ));
        let read = structure(3, &[(b"PLTE", palette), (b"IDAT", data), (b"IEND", &[])]);
        let read = read.expect("a palette image");
        assert_eq!(read[..3], [[1, 2, 3], [4, 5, 6], [0, 0, 0]]);

        says(0, &[(b"IEND", &[])], "no image data");
        says(3, &[(b"IDAT", data), (b"IEND", &[])], "without a palette");
        says(
            0,
            &[(b"IDAT", data), (b"tEXt", b"a\0b"), (b"IDAT", data)],
            "its IDAT chunk is out of place",
        );
        says(
            3,
            &[(b"PLTE", palette), (b"PLTE", palette)],
            "its PLTE chunk is out of place",
        );
        says(
            0,
            &[(b"IDAT", data), (b"PLTE", palette)],
            "its PLTE chunk is out of place",
        );
        says(
            0,
            &[(b"IHDR", &ihdr(0)[..])],
            "its IHDR chunk is out of place",
        );
        says(
            0,
            &[(b"QQQQ", &[])],
            "a QQQQ chunk, which this reader does not know",
        );
        // A file that stops before IEND is cut short.
        says(0, &[(b"IDAT", data)], "ends too early");
    }

    #[test]
    fn a_palette_must_be_whole_colours() {
        for length in [0, 1, 4, 49, 769] {
            let message = read_palette(&vec![7; length])
                .expect_err("refused")
                .to_string();
            assert!(
                message.contains(&format!("palette is {length} bytes long")),
                "{message}"
            );
        }
        assert!(read_palette(&[7; 768]).is_ok());
    }
}
