//! zlib decompression (RFC 1950 and 1951) for a PNG's image data, read
//! across its `IDAT` chunks.
//!
//! Small rather than clever, since it ships in the site's wasm: each
//! Huffman code is looked up in one table indexed by as many bits as the
//! longest code (at most 2^15 entries, rebuilt for each block), the input
//! is read into a 64-bit buffer, and output goes to a buffer that keeps
//! the last 32 KiB, as far back as deflate may copy from. The Adler-32
//! checksum at the end is not checked, as the png crate did not: a wrong
//! one does not make the pixels unreadable.

use crate::error::ImportError;
use crate::png_chunks::ChunkReader;

/// Decompressed bytes kept behind the newest one: the farthest back a
/// deflate stream may copy from.
const WINDOW: usize = 32 * 1024;

/// Room for new bytes after the window; each fill of the buffer decodes
/// until less than a longest copy (258 bytes) is left.
const SPACE: usize = 96 * 1024;

/// The longest copy deflate can ask for.
const LONGEST_COPY: usize = 258;

/// Base length and extra bits of length symbols 257 to 285.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];

/// Base distance and extra bits of distance symbols 0 to 29.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// The order code length code lengths come in, in a dynamic block header.
const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The bytes of a zlib stream, spread over a PNG's consecutive `IDAT`
/// chunks, read a bit at a time from the low end.
struct BitReader<'file> {
    /// The chunks after the current one.
    chunks: ChunkReader<'file>,
    /// What is left of the current chunk's data.
    data: &'file [u8],
    /// Whether the next chunk may still be an `IDAT`.
    more_chunks: bool,
    /// Bits read ahead, the next one lowest.
    bits: u64,
    /// How many of `bits` are valid.
    count: u32,
}

impl<'file> BitReader<'file> {
    /// Tops `bits` up to at least 56 bits, or to what is left of the
    /// stream. The chunk after the last `IDAT` is looked at, not taken.
    #[inline]
    fn refill(&mut self) -> Result<(), ImportError> {
        // Below 56, at least one whole byte fits the 64 bits, so every
        // turn of this loop takes input or ends it.
        while self.count < 56 {
            if let Some(word) = self.data.first_chunk::<8>() {
                // As many whole bytes as fit, in one read.
                self.bits |= u64::from_le_bytes(*word) << self.count;
                let taken = (63 - self.count) / 8;
                self.data = &self.data[taken as usize..];
                self.count += taken * 8;
            } else if let Some((&byte, rest)) = self.data.split_first() {
                self.bits |= u64::from(byte) << self.count;
                self.data = rest;
                self.count += 8;
            } else if self.more_chunks {
                let mut ahead = self.chunks;
                let chunk = ahead.next_chunk()?;
                if &chunk.kind == b"IDAT" {
                    (self.chunks, self.data) = (ahead, chunk.data);
                } else {
                    self.more_chunks = false;
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    /// Takes `count` bits (at most 32), refilling first.
    fn take(&mut self, count: u32) -> Result<u32, ImportError> {
        if self.count < count {
            self.refill()?;
            if self.count < count {
                return Err(cut_short());
            }
        }
        Ok(self.take_filled(count))
    }

    /// Takes `count` bits the caller has made sure are there.
    #[inline]
    fn take_filled(&mut self, count: u32) -> u32 {
        let value = (self.bits & ((1u64 << count) - 1)) as u32;
        self.bits >>= count;
        self.count -= count;
        value
    }

    /// Decodes one symbol with `table` (see [`build_table`]), the bits
    /// already refilled.
    #[inline]
    fn symbol(&mut self, table: &Table) -> Result<usize, ImportError> {
        let entry = table.entries[(self.bits & table.mask) as usize];
        let length = u32::from(entry & 15);
        if length == 0 || length > self.count {
            return Err(if length == 0 {
                damaged("it uses a Huffman code its block does not define")
            } else {
                cut_short()
            });
        }
        self.bits >>= length;
        self.count -= length;
        Ok(usize::from(entry >> 4))
    }

    /// The chunks after the image data's last `IDAT` read so far.
    fn into_chunks(self) -> (ChunkReader<'file>, bool) {
        (self.chunks, self.more_chunks)
    }
}

/// A Huffman code as a lookup table: indexed by the next `bits` input bits
/// (a code's bits come lowest first), each entry is `symbol << 4 | length`,
/// or 0 for bits that start no code.
#[derive(Debug, Default)]
struct Table {
    entries: Vec<u16>,
    mask: u64,
}

/// Builds the table of the canonical Huffman code with code `lengths` (0
/// for symbols not used). A code with more codes than bits allow is
/// damaged; one with fewer leaves some entries 0, an error only if met.
fn build_table(lengths: &[u8], table: &mut Table) -> Result<(), ImportError> {
    let mut counts = [0u16; 16];
    for &length in lengths {
        counts[usize::from(length)] += 1;
    }
    counts[0] = 0;
    // Kraft's inequality, one length at a time.
    let mut left = 1i32;
    for &count in &counts[1..] {
        left = 2 * left - i32::from(count);
        if left < 0 {
            return Err(damaged(
                "a Huffman code in it has more codes than bits allow",
            ));
        }
    }
    let longest = counts.iter().rposition(|&count| count > 0).unwrap_or(0);
    // The first code of each length.
    let mut next = [0u16; 16];
    let mut code = 0;
    for length in 1..16 {
        code = (code + counts[length - 1]) << 1;
        next[length] = code;
    }
    table.entries.clear();
    table.entries.resize(1 << longest, 0);
    table.mask = (1u64 << longest) - 1;
    for (symbol, &length) in lengths.iter().enumerate() {
        if length == 0 {
            continue;
        }
        let length = usize::from(length);
        let code = next[length];
        next[length] += 1;
        // Codes are sent highest bit first, the table reads lowest first.
        let reversed = usize::from(code.reverse_bits() >> (16 - length));
        let entry = (symbol as u16) << 4 | length as u16;
        for slot in table.entries.iter_mut().skip(reversed).step_by(1 << length) {
            *slot = entry;
        }
    }
    Ok(())
}

/// Where the decoder is in the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    /// Before a block header.
    Header,
    /// In a stored block, with this many bytes to go.
    Stored(usize),
    /// In a compressed block, whose codes are in the tables.
    Compressed,
    /// After the last block.
    Done,
}

/// A zlib stream being decompressed, the bytes handed out a few at a time.
pub(crate) struct Inflater<'file> {
    input: BitReader<'file>,
    block: Block,
    /// Whether the current block is the last.
    last: bool,
    literals: Table,
    distances: Table,
    /// Decompressed bytes: the window, then those from `start` to `end`
    /// not handed out yet.
    buffer: Vec<u8>,
    start: usize,
    end: usize,
}

impl<'file> Inflater<'file> {
    /// The zlib stream starting in `first_data`, the data of the first
    /// `IDAT` chunk, and going on in the `IDAT` chunks at the start of
    /// `chunks`.
    pub(crate) fn new(first_data: &'file [u8], chunks: ChunkReader<'file>) -> Self {
        Self {
            input: BitReader {
                chunks,
                data: first_data,
                more_chunks: true,
                bits: 0,
                count: 0,
            },
            block: Block::Header,
            last: false,
            literals: Table::default(),
            distances: Table::default(),
            buffer: Vec::new(),
            start: 0,
            end: 0,
        }
    }

    /// Fills `output` with the next decompressed bytes. A stream that ends
    /// first is damaged.
    pub(crate) fn read_exact(&mut self, output: &mut [u8]) -> Result<(), ImportError> {
        let mut filled = 0;
        while filled < output.len() {
            if self.start == self.end {
                self.fill()?;
            }
            let count = (self.end - self.start).min(output.len() - filled);
            output[filled..filled + count]
                .copy_from_slice(&self.buffer[self.start..self.start + count]);
            self.start += count;
            filled += count;
        }
        Ok(())
    }

    /// The chunks after the last `IDAT` chunk read so far, and whether the
    /// next may still be an `IDAT` (the rest of a stream not read to its
    /// end).
    pub(crate) fn into_chunks(self) -> (ChunkReader<'file>, bool) {
        self.input.into_chunks()
    }

    /// Decompresses more bytes into the buffer, all earlier ones having
    /// been handed out.
    fn fill(&mut self) -> Result<(), ImportError> {
        if self.buffer.is_empty() {
            self.buffer = vec![0; WINDOW + SPACE];
            self.read_zlib_header()?;
        } else if self.end > WINDOW {
            // Keep only the window: everything before it was handed out.
            self.buffer.copy_within(self.end - WINDOW..self.end, 0);
            (self.start, self.end) = (WINDOW, WINDOW);
        }
        while self.end == self.start {
            match self.block {
                Block::Header => self.read_block_header()?,
                Block::Stored(left) => self.copy_stored(left)?,
                Block::Compressed => self.decode_compressed()?,
                Block::Done => return Err(damaged("it ends before the last row of pixels")),
            }
        }
        Ok(())
    }

    /// Checks the two-byte zlib header: deflate with a window of at most
    /// 32 KiB, no preset dictionary, and its check bits right.
    fn read_zlib_header(&mut self) -> Result<(), ImportError> {
        let method = self.input.take(8)?;
        let flags = self.input.take(8)?;
        if method & 0x0F != 8
            || method >> 4 > 7
            || flags & 0x20 != 0
            || (method << 8 | flags) % 31 != 0
        {
            return Err(damaged("its zlib header is wrong"));
        }
        Ok(())
    }

    /// Reads a block header and sets up the block.
    fn read_block_header(&mut self) -> Result<(), ImportError> {
        if self.last {
            self.block = Block::Done;
            return Ok(());
        }
        self.last = self.input.take(1)? == 1;
        match self.input.take(2)? {
            0 => {
                // Stored: from the next whole byte, a length and its
                // complement.
                let partial = self.input.count % 8;
                self.input.take_filled(partial);
                let length = self.input.take(16)?;
                if length ^ self.input.take(16)? != 0xFFFF {
                    return Err(damaged("a stored block's length and its check differ"));
                }
                self.block = Block::Stored(length as usize);
            }
            1 => {
                // The fixed codes of RFC 1951, 3.2.6.
                let mut lengths = [8u8; 288 + 32];
                lengths[144..256].fill(9);
                lengths[256..280].fill(7);
                lengths[288..].fill(5);
                build_table(&lengths[..288], &mut self.literals)?;
                build_table(&lengths[288..], &mut self.distances)?;
                self.block = Block::Compressed;
            }
            2 => {
                self.read_dynamic_codes()?;
                self.block = Block::Compressed;
            }
            _ => {
                return Err(damaged(
                    "it has a block of type 3, which deflate does not have",
                ));
            }
        }
        Ok(())
    }

    /// Reads the code lengths of a dynamic block, themselves Huffman coded,
    /// and builds its tables.
    fn read_dynamic_codes(&mut self) -> Result<(), ImportError> {
        let literal_count = self.input.take(5)? as usize + 257;
        let distance_count = self.input.take(5)? as usize + 1;
        let length_code_count = self.input.take(4)? as usize + 4;
        if literal_count > 286 || distance_count > 30 {
            return Err(damaged("a block header counts more codes than deflate has"));
        }
        let mut length_code_lengths = [0u8; 19];
        for &symbol in &CODE_LENGTH_ORDER[..length_code_count] {
            length_code_lengths[symbol] = self.input.take(3)? as u8;
        }
        let mut length_codes = Table::default();
        build_table(&length_code_lengths, &mut length_codes)?;

        let mut lengths = [0u8; 286 + 30];
        let total = literal_count + distance_count;
        let mut index = 0;
        while index < total {
            self.input.refill()?;
            let symbol = self.input.symbol(&length_codes)?;
            let (value, repeat) = match symbol {
                0..=15 => (symbol as u8, 1),
                16 => {
                    let Some(&previous) = index.checked_sub(1).map(|at| &lengths[at]) else {
                        return Err(damaged(
                            "a block header repeats a code length before the first",
                        ));
                    };
                    (previous, 3 + self.input.take(2)? as usize)
                }
                17 => (0, 3 + self.input.take(3)? as usize),
                _ => (0, 11 + self.input.take(7)? as usize),
            };
            let Some(run) = lengths
                .get_mut(index..index + repeat)
                .filter(|_| index + repeat <= total)
            else {
                return Err(damaged("a block header has more code lengths than codes"));
            };
            run.fill(value);
            index += repeat;
        }
        if lengths[256] == 0 {
            return Err(damaged("a block has no code for its end"));
        }
        build_table(&lengths[..literal_count], &mut self.literals)?;
        build_table(&lengths[literal_count..total], &mut self.distances)
    }

    /// Copies what fits of a stored block's `left` bytes to the buffer.
    fn copy_stored(&mut self, left: usize) -> Result<(), ImportError> {
        let count = left.min(self.buffer.len() - self.end);
        for _ in 0..count {
            let byte = self.input.take(8)? as u8;
            self.buffer[self.end] = byte;
            self.end += 1;
        }
        self.block = if count == left {
            Block::Header
        } else {
            Block::Stored(left - count)
        };
        Ok(())
    }

    /// Decodes a compressed block's symbols until the buffer has no room
    /// for a longest copy, or the block ends.
    fn decode_compressed(&mut self) -> Result<(), ImportError> {
        while self.end + LONGEST_COPY <= self.buffer.len() {
            // Enough bits for a length code and its extra bits, then a
            // distance code and its extra bits: 15 + 5 + 15 + 13.
            self.input.refill()?;
            let symbol = self.input.symbol(&self.literals)?;
            if symbol < 256 {
                self.buffer[self.end] = symbol as u8;
                self.end += 1;
                continue;
            }
            if symbol == 256 {
                self.block = Block::Header;
                return Ok(());
            }
            let index = symbol - 257;
            let (Some(&base), Some(&extra)) = (LENGTH_BASE.get(index), LENGTH_EXTRA.get(index))
            else {
                return Err(damaged("it has a length symbol deflate does not have"));
            };
            let length = usize::from(base) + self.input.take(u32::from(extra))? as usize;
            self.input.refill()?;
            let index = self.input.symbol(&self.distances)?;
            let (Some(&base), Some(&extra)) = (DISTANCE_BASE.get(index), DISTANCE_EXTRA.get(index))
            else {
                return Err(damaged("it has a distance symbol deflate does not have"));
            };
            let distance = usize::from(base) + self.input.take(u32::from(extra))? as usize;
            if distance > self.end {
                return Err(damaged("it copies from before its start"));
            }
            let from = self.end - distance;
            if distance >= length {
                self.buffer.copy_within(from..from + length, self.end);
            } else {
                // The copy overlaps what it writes: byte by byte.
                for offset in 0..length {
                    self.buffer[self.end + offset] = self.buffer[from + offset];
                }
            }
            self.end += length;
        }
        Ok(())
    }
}

/// Compressed image data found damaged, and why.
fn damaged(why: &str) -> ImportError {
    ImportError::Corrupt(format!("its compressed image data is damaged: {why}"))
}

/// Compressed image data that stops in the middle.
fn cut_short() -> ImportError {
    damaged("it stops in the middle")
}
