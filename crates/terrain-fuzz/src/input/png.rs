//! PNG files made by hand, for the seed corpus and the property tests.

use terrain_io::test_support::{PNG_SIGNATURE, adam7_passes, write_chunk, zlib_stored};

/// What a hand-made PNG's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PngHeader {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Bits per sample: 1, 2, 4, 8 or 16 (others make an invalid file).
    pub bit_depth: u8,
    /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    pub colour_type: u8,
    /// Adam7 interlacing.
    pub interlaced: bool,
}

impl PngHeader {
    /// Channels a pixel has (a palette index counts as one).
    pub fn channels(&self) -> usize {
        match self.colour_type {
            2 => 3,
            4 => 2,
            6 => 4,
            _ => 1,
        }
    }

    /// The bytes of one row of `width` pixels, without its filter byte.
    pub fn row_bytes(&self, width: u32) -> usize {
        (width as usize * self.channels() * usize::from(self.bit_depth)).div_ceil(8)
    }

    /// The unfiltered image data the header promises: each row (of each
    /// Adam7 pass, if interlaced) is a filter byte and then its pixels.
    pub fn data_len(&self) -> usize {
        let (width, height) = (self.width as usize, self.height as usize);
        if !self.interlaced {
            return self.height as usize * (1 + self.row_bytes(self.width));
        }
        adam7_passes()
            .into_iter()
            .map(|(x0, y0, dx, dy)| {
                let columns = width.saturating_sub(x0).div_ceil(dx);
                let rows = height.saturating_sub(y0).div_ceil(dy);
                if columns == 0 {
                    0
                } else {
                    rows * (1 + self.row_bytes(columns as u32))
                }
            })
            .sum()
    }
}

/// A PNG file made by hand: the signature, `IHDR`, a `PLTE` of `palette`
/// entries for colour type 3, one `IDAT` holding `data` (filter bytes and
/// pixels, see [`PngHeader::data_len`]) in a zlib stream of stored, not
/// compressed, blocks, and `IEND`, all with correct CRCs. The data is not
/// checked against the header, so any mismatch can be written on purpose.
pub fn png_file(header: &PngHeader, palette: usize, data: &[u8]) -> Vec<u8> {
    let mut png = PNG_SIGNATURE.to_vec();
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&header.width.to_be_bytes());
    ihdr.extend_from_slice(&header.height.to_be_bytes());
    ihdr.extend_from_slice(&[
        header.bit_depth,
        header.colour_type,
        0,
        0,
        u8::from(header.interlaced),
    ]);
    write_chunk(&mut png, b"IHDR", &ihdr);
    if header.colour_type == 3 {
        let entries: Vec<u8> = (0..palette * 3).map(|index| (index * 37) as u8).collect();
        write_chunk(&mut png, b"PLTE", &entries);
    }
    write_chunk(&mut png, b"IDAT", &zlib_stored(data));
    write_chunk(&mut png, b"IEND", &[]);
    png
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_io::test_support::crc32;

    #[test]
    fn hand_made_pngs_decode() {
        let header = PngHeader {
            width: 3,
            height: 2,
            bit_depth: 8,
            colour_type: 0,
            interlaced: false,
        };
        let data = [0, 0, 128, 255, 0, 1, 2, 3];
        assert_eq!(header.data_len(), data.len());
        let imported = terrain_io::import_png(&png_file(&header, 0, &data)).expect("imports");
        assert_eq!(imported.source_format, "8-bit greyscale");
        let interlaced = PngHeader {
            interlaced: true,
            ..header
        };
        let data = vec![0; interlaced.data_len()];
        assert!(terrain_io::import_png(&png_file(&interlaced, 0, &data)).is_ok());
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }
}
