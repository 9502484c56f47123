//! How a PNG file is framed, for the reader and the writer alike: the
//! signature, then chunks of a length, a four-letter type, the data and a
//! CRC-32 of type and data.

use crate::error::ImportError;

/// The eight bytes every PNG file starts with.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// The longest chunk data the PNG specification allows, `2^31 - 1` bytes.
const MAX_CHUNK_LENGTH: u32 = 0x7FFF_FFFF;

/// Whether chunk checksums are compared. Not while fuzzing (cargo-fuzz
/// passes `--cfg fuzzing`): a mutated file would almost always stop at the
/// first wrong checksum and never reach the image data. The png crate did
/// the same, so the fuzz runs before this reader were just as blind to it.
#[allow(unexpected_cfgs)]
const CHECK_CRC: bool = !cfg!(fuzzing);

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

/// The chunks of a PNG file, read one at a time. Copying it is cheap, which
/// is how the image data reader looks at the next chunk before taking it.
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
        if CHECK_CRC && crc32(kind_and_data) != u32::from_be_bytes(*crc) {
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

/// Appends one chunk: length, type, data, CRC-32 of type and data.
pub fn write_chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let start = begin_chunk(png, kind);
    png.extend_from_slice(data);
    end_chunk(png, start);
}

/// Starts a chunk whose data the caller appends to `png` next, and returns
/// where it starts for [`end_chunk`]. The length is written then.
pub(crate) fn begin_chunk(png: &mut Vec<u8>, kind: &[u8; 4]) -> usize {
    let start = png.len();
    png.extend_from_slice(&[0; 4]);
    png.extend_from_slice(kind);
    start
}

/// Ends the chunk begun at `start`: its length, then the CRC-32 of its type
/// and everything appended since.
pub(crate) fn end_chunk(png: &mut Vec<u8>, start: usize) {
    let length = png.len() - start - 8;
    // Chunks written here are at most a map's pixels, far below 2^31.
    png[start..start + 4].copy_from_slice(&(length as u32).to_be_bytes());
    let crc = crc32(&png[start + 4..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

/// The CRC-32 of every byte value, for [`crc32`]: computed by the compiler,
/// so it costs 1 KiB of data and no code at run time.
const CRC_TABLE: [u32; 256] = crc_table();

/// The CRC-32 of each single byte (polynomial 0xEDB88320, reflected).
const fn crc_table() -> [u32; 256] {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut crc = byte as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[byte] = crc;
        byte += 1;
    }
    table
}

/// The PNG/zlib CRC-32, a byte at a time through one 256-entry table: a
/// few hundred MB/s, plenty for the files of this site, in a few bytes of
/// code.
pub fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |crc, &byte| {
        CRC_TABLE[usize::from(crc as u8 ^ byte)] ^ (crc >> 8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit-by-bit definition, to check the table against.
    fn crc32_bitwise(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn the_table_crc_matches_the_definition() {
        let bytes: Vec<u8> = (0..5000u32)
            .map(|index| ((index * 7919) >> 3) as u8)
            .collect();
        for length in [0, 1, 2, 3, 255, 256, 4999, 5000] {
            assert_eq!(crc32(&bytes[..length]), crc32_bitwise(&bytes[..length]));
        }
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    /// A signature and the given chunks.
    fn file(chunks: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
        let mut png = PNG_SIGNATURE.to_vec();
        for (kind, data) in chunks {
            write_chunk(&mut png, kind, data);
        }
        png
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
    fn begun_and_ended_chunks_equal_written_ones() {
        let mut by_parts = Vec::new();
        let start = begin_chunk(&mut by_parts, b"IDAT");
        by_parts.extend_from_slice(b"pixels");
        end_chunk(&mut by_parts, start);
        let mut whole = Vec::new();
        write_chunk(&mut whole, b"IDAT", b"pixels");
        assert_eq!(by_parts, whole);
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
        // The chunk length near 4 GiB that made the old palette check loop
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
}
