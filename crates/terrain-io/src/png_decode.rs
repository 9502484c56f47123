//! A PNG reader small enough for the site: header, palette and image data,
//! every colour type and bit depth, Adam7 interlacing, with the zlib stream
//! inflated by [`crate::inflate`]. Rows come out unfiltered at the file's
//! own bit depth; [`crate::png_import`] turns them into heights.
//!
//! It reads a byte slice and never allocates more than the image needs:
//! two rows for a normal image, the whole picture (at its own bit depth)
//! for an interlaced one, which the caller bounds before decoding starts.

use crate::error::ImportError;
use crate::inflate::Inflater;
use crate::png_chunks::{Chunk, ChunkReader};
use crate::png_filter::unfilter;

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

    /// Bits a pixel.
    pub(crate) fn bits_per_pixel(&self) -> usize {
        self.colour.channels() * usize::from(self.bit_depth)
    }

    /// Bytes a row of `width` pixels takes, packed (smaller pixels share
    /// bytes, the last byte padded). The caller has bounded `width`.
    fn row_bytes(&self, width: usize) -> usize {
        (width * self.bits_per_pixel()).div_ceil(8)
    }

    /// Bytes from one pixel to the next for the filters (1 for pixels
    /// smaller than a byte).
    fn filter_step(&self) -> usize {
        (self.bits_per_pixel() / 8).max(1)
    }

    /// The width and height of each of Adam7's passes that has pixels at
    /// all, with the pass; all of them for an interlaced image, or the one
    /// whole image otherwise.
    fn passes(&self) -> impl Iterator<Item = (Pass, usize, usize)> {
        let (width, height) = (self.width as usize, self.height as usize);
        let passes: &[Pass] = if self.interlaced { &ADAM7 } else { &[WHOLE] };
        passes.iter().filter_map(move |&pass| {
            let across = width.saturating_sub(pass.column).div_ceil(pass.column_step);
            let down = height.saturating_sub(pass.row).div_ceil(pass.row_step);
            (across > 0 && down > 0).then_some((pass, across, down))
        })
    }

    /// The bytes an interlaced image's passes take together, unfiltered:
    /// what [`Decoder::read_image`] holds at once.
    pub(crate) fn interlaced_bytes(&self) -> u64 {
        self.passes()
            .map(|(_, across, down)| self.row_bytes(across) as u64 * down as u64)
            .sum()
    }

    /// `16-bit greyscale`, `8-bit RGBA`, `4-bit palette`.
    pub(crate) fn describe(&self) -> String {
        format!("{}-bit {}", self.bit_depth, self.colour.name())
    }
}

/// Where a pass's pixels sit in the image: the first column and row, and
/// the steps between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pass {
    pub(crate) column: usize,
    pub(crate) row: usize,
    pub(crate) column_step: usize,
    pub(crate) row_step: usize,
}

/// A non-interlaced image: one pass of every pixel.
const WHOLE: Pass = Pass {
    column: 0,
    row: 0,
    column_step: 1,
    row_step: 1,
};

/// Adam7's seven passes, coarse to fine.
pub(crate) const ADAM7: [Pass; 7] = {
    const fn pass(column: usize, row: usize, column_step: usize, row_step: usize) -> Pass {
        Pass {
            column,
            row,
            column_step,
            row_step,
        }
    }
    [
        pass(0, 0, 8, 8),
        pass(4, 0, 8, 8),
        pass(0, 4, 4, 8),
        pass(2, 0, 4, 4),
        pass(0, 2, 2, 4),
        pass(1, 0, 2, 2),
        pass(0, 1, 1, 2),
    ]
};

/// A palette's colours by index; indices past the palette's end are black,
/// as the png crate had them.
pub(crate) type Palette = [[u8; 3]; 256];

/// A PNG being read: its header, then its palette and image data.
pub(crate) struct Decoder<'file> {
    header: Header,
    chunks: ChunkReader<'file>,
}

impl<'file> Decoder<'file> {
    /// Reads the header of `file`, which starts with the PNG signature
    /// (checked by the caller). Nothing past the `IHDR` chunk is read.
    pub(crate) fn new(file: &'file [u8]) -> Result<Self, ImportError> {
        let mut chunks = ChunkReader::new(file);
        let first = chunks.next_chunk()?;
        if &first.kind != b"IHDR" {
            return Err(ImportError::Corrupt(format!(
                "its first chunk is {} instead of the header, IHDR",
                first.name()
            )));
        }
        Ok(Self {
            header: Header::parse(first.data)?,
            chunks,
        })
    }

    /// What the header says.
    pub(crate) fn header(&self) -> Header {
        self.header
    }

    /// Reads the chunks up to the image data: the palette, which a palette
    /// image must have, and ancillary chunks, which are skipped. Returns
    /// the palette and the reader of the image data.
    pub(crate) fn image_data(mut self) -> Result<(Palette, ImageData<'file>), ImportError> {
        let mut palette = None;
        let first_data = loop {
            let chunk = self.chunks.next_chunk()?;
            match &chunk.kind {
                b"IDAT" => break chunk.data,
                b"PLTE" if palette.is_none() => palette = Some(read_palette(chunk.data)?),
                b"IEND" => {
                    return Err(ImportError::Corrupt(
                        "it has no image data (no IDAT chunk)".to_owned(),
                    ));
                }
                _ => check_skippable(&chunk)?,
            }
        };
        let palette = match palette {
            Some(palette) => palette,
            None if self.header.colour == ColourType::Palette => {
                return Err(ImportError::Corrupt(
                    "it is a palette image without a palette (PLTE chunk)".to_owned(),
                ));
            }
            None => [[0; 3]; 256],
        };
        Ok((
            palette,
            ImageData::new(self.header, self.chunks, first_data),
        ))
    }
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
/// bytes: the png crate (0.18.1) accepted, say, 49 bytes and then panicked
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

/// The image data of a PNG: its `IDAT` chunks' zlib stream, inflated as the
/// rows are read.
pub(crate) struct ImageData<'file> {
    header: Header,
    inflater: Inflater<'file>,
}

impl<'file> ImageData<'file> {
    fn new(header: Header, chunks: ChunkReader<'file>, first_data: &'file [u8]) -> Self {
        Self {
            header,
            inflater: Inflater::new(first_data, chunks),
        }
    }

    /// Reads the image, calling `row` with each row of pixels (unfiltered,
    /// at the file's bit depth, packed as PNG packs them) from the top, then
    /// reads the rest of the file to its end (`IEND`), so that a file cut
    /// short after the pixels is still reported. An interlaced image is
    /// gathered whole first, which takes [`Header::interlaced_bytes`].
    pub(crate) fn read_image(mut self, mut row: impl FnMut(&[u8])) -> Result<(), ImportError> {
        let header = self.header;
        if header.interlaced {
            let mut passes = Vec::new();
            for (pass, across, down) in header.passes() {
                let mut pixels = Vec::new();
                pixels
                    .try_reserve_exact(header.row_bytes(across) * down)
                    .map_err(|_| ImportError::TooMuchMemory)?;
                self.read_rows(across, down, |row| pixels.extend_from_slice(row))?;
                passes.push((pass, across, pixels));
            }
            let mut whole_row = vec![0; header.row_bytes(header.width as usize)];
            for y in 0..header.height as usize {
                whole_row.fill(0);
                for (pass, across, pixels) in &passes {
                    if y < pass.row || (y - pass.row) % pass.row_step != 0 {
                        continue;
                    }
                    let pass_row_bytes = header.row_bytes(*across);
                    let start = (y - pass.row) / pass.row_step * pass_row_bytes;
                    let pass_row = &pixels[start..start + pass_row_bytes];
                    scatter(&header, pass, *across, pass_row, &mut whole_row);
                }
                row(&whole_row);
            }
        } else {
            let (width, height) = (header.width as usize, header.height as usize);
            self.read_rows(width, height, row)?;
        }
        self.read_to_end()
    }

    /// Reads `down` rows of `across` pixels, unfiltering each.
    fn read_rows(
        &mut self,
        across: usize,
        down: usize,
        mut row: impl FnMut(&[u8]),
    ) -> Result<(), ImportError> {
        // The filter type, then the row; the row above starts as zeros.
        let length = self.header.row_bytes(across) + 1;
        let (mut current, mut previous) = (vec![0; length], vec![0; length]);
        for _ in 0..down {
            self.inflater.read_exact(&mut current)?;
            let (filter, pixels) = current.split_at_mut(1);
            unfilter(filter[0], self.header.filter_step(), &previous[1..], pixels)?;
            row(pixels);
            std::mem::swap(&mut current, &mut previous);
        }
        Ok(())
    }

    /// Reads the chunks after the image to `IEND`: more `IDAT` chunks (the
    /// end of the zlib stream, not needed) and skippable ones. Anything
    /// after `IEND` is ignored, as other readers do.
    fn read_to_end(self) -> Result<(), ImportError> {
        let (mut chunks, mut image_data_allowed) = self.inflater.into_chunks();
        loop {
            let chunk = chunks.next_chunk()?;
            match &chunk.kind {
                b"IEND" => return Ok(()),
                b"IDAT" if image_data_allowed => {}
                _ => {
                    image_data_allowed = false;
                    check_skippable(&chunk)?;
                }
            }
        }
    }
}

/// Copies the pixels of one pass row into their places in a whole row.
fn scatter(header: &Header, pass: &Pass, across: usize, pass_row: &[u8], whole_row: &mut [u8]) {
    let bits = header.bits_per_pixel();
    if bits >= 8 {
        let bytes = bits / 8;
        for (index, pixel) in pass_row.chunks_exact(bytes).take(across).enumerate() {
            let at = (pass.column + index * pass.column_step) * bytes;
            whole_row[at..at + bytes].copy_from_slice(pixel);
        }
    } else {
        // Pixels of 1, 2 or 4 bits, packed from the high bit of each byte.
        let mask = (1u8 << bits) - 1;
        for index in 0..across {
            let from = index * bits;
            let value = (pass_row[from / 8] >> (8 - bits - from % 8)) & mask;
            let to = (pass.column + index * pass.column_step) * bits;
            whole_row[to / 8] |= value << (8 - bits - to % 8);
        }
    }
}

/// The zlib stream ended before the rows did.
pub(crate) fn missing_rows() -> ImportError {
    ImportError::Corrupt("the image has fewer rows of pixels than its header says".to_owned())
}
