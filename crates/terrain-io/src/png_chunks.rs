//! How a PNG file is framed, for the writer (and for tests that build
//! files by hand): the signature, then chunks of a length, a four-letter
//! type, the data and a CRC-32 of type and data. Reading them back is
//! `png_structure`'s.

/// The eight bytes every PNG file starts with.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

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
}
