//! The cursor every check reads its bytes with.

/// A cursor over fuzz input that never fails: past the end it reads zeros.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    /// Starts at the first byte of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    /// The next byte, or 0 past the end.
    pub fn byte(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((&first, rest)) => {
                self.bytes = rest;
                first
            }
            None => 0,
        }
    }

    /// The next byte read as a digit selector: `b'0'` is 0, `b'1'` is 1,
    /// every other byte some other number, and 0 past the end.
    pub fn selector(&mut self) -> u8 {
        if self.bytes.is_empty() {
            0
        } else {
            self.byte().wrapping_sub(b'0')
        }
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | (u64::from(self.u32()) << 32)
    }

    /// Everything left, as text.
    pub fn rest_text(&mut self) -> String {
        let text = String::from_utf8_lossy(self.bytes).into_owned();
        self.bytes = &[];
        text
    }
}
