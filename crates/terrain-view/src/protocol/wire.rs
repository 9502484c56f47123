//! How a message is laid out: a header of bytes (the version, the kind of
//! message, then the values, each as little-endian bytes) and the big
//! arrays beside it, which the browser transfers rather than copies.
//! [`Writer`] writes a header's fields and [`Reader`] reads them back,
//! refusing a message of another version or one cut short; what the
//! fields of a job or a map are is written in [`super::values`] and
//! [`super::terrain`].

use super::version::version;

/// One of a message's big arrays.
#[derive(Debug, Clone, PartialEq)]
pub enum Payload {
    /// Heights.
    F64(Vec<f64>),
    /// Positions or normals, three per vertex.
    F32(Vec<f32>),
    /// File bytes or colours, four per vertex.
    U8(Vec<u8>),
    /// Triangle indices.
    U32(Vec<u32>),
}

/// A request or reply as it crosses to the other thread.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Message {
    /// The version, the kind, and every small value.
    pub header: Vec<u8>,
    /// The big arrays, in the order the header expects them.
    pub payloads: Vec<Payload>,
}

/// Why a message could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    /// It came from another version of the site.
    Version {
        /// This side's version.
        ours: u32,
        /// The message's.
        theirs: u32,
    },
    /// It is not a message of this protocol (or is damaged).
    Malformed(&'static str),
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProtocolError::Version { ours, theirs } => write!(
                formatter,
                "the page and its worker come from different versions of the site ({ours:08x} \
                 and {theirs:08x}); reload the page to get one version of both"
            ),
            ProtocolError::Malformed(what) => write!(formatter, "a damaged message: {what}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// Message kinds, the header's second field.
pub(super) const KIND_REQUEST: u8 = 1;
pub(super) const KIND_REPLY: u8 = 2;

/// Writes the header's fields.
#[derive(Default)]
pub(super) struct Writer {
    header: Vec<u8>,
    /// The arrays written so far, in order.
    pub(super) payloads: Vec<Payload>,
}

impl Writer {
    pub(super) fn start(kind: u8) -> Self {
        let mut writer = Writer::default();
        writer.u32(version());
        writer.u8(kind);
        writer
    }

    pub(super) fn u8(&mut self, value: u8) {
        self.header.push(value);
    }

    pub(super) fn u32(&mut self, value: u32) {
        self.header.extend_from_slice(&value.to_le_bytes());
    }

    pub(super) fn u64(&mut self, value: u64) {
        self.header.extend_from_slice(&value.to_le_bytes());
    }

    pub(super) fn f64(&mut self, value: f64) {
        self.u64(value.to_bits());
    }

    /// `value` as its code: its place in `all`, its type's every value.
    /// Every value is there (the tests check), so the reader's refusal of
    /// a place past the end never meets one of ours.
    pub(super) fn code<T: Copy + PartialEq>(&mut self, all: &[T], value: T) {
        let place = all.iter().position(|&each| each == value);
        self.u8(place.unwrap_or(all.len()) as u8);
    }

    pub(super) fn text(&mut self, text: &str) {
        self.u32(text.len() as u32);
        self.header.extend_from_slice(text.as_bytes());
    }

    pub(super) fn finish(self) -> Message {
        Message {
            header: self.header,
            payloads: self.payloads,
        }
    }
}

/// Reads the header's fields and takes the payloads in order.
pub(super) struct Reader<'a> {
    header: &'a [u8],
    payloads: std::vec::IntoIter<Payload>,
}

/// What reading a field gives: the field, or why the message is refused.
pub(super) type Read<T> = Result<T, ProtocolError>;

impl<'a> Reader<'a> {
    pub(super) fn start(message: &'a mut Message, kind: u8) -> Read<Self> {
        let mut reader = Reader {
            header: &message.header,
            payloads: std::mem::take(&mut message.payloads).into_iter(),
        };
        let theirs = reader.u32()?;
        if theirs != version() {
            return Err(ProtocolError::Version {
                ours: version(),
                theirs,
            });
        }
        if reader.u8()? != kind {
            return Err(ProtocolError::Malformed(
                "a reply where a request belongs, or back",
            ));
        }
        Ok(reader)
    }

    pub(super) fn bytes(&mut self, count: usize) -> Read<&'a [u8]> {
        if self.header.len() < count {
            return Err(ProtocolError::Malformed("the header ends early"));
        }
        let (taken, rest) = self.header.split_at(count);
        self.header = rest;
        Ok(taken)
    }

    pub(super) fn u8(&mut self) -> Read<u8> {
        Ok(self.bytes(1)?[0])
    }

    pub(super) fn u32(&mut self) -> Read<u32> {
        let mut bytes = [0; 4];
        bytes.copy_from_slice(self.bytes(4)?);
        Ok(u32::from_le_bytes(bytes))
    }

    pub(super) fn u64(&mut self) -> Read<u64> {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(self.bytes(8)?);
        Ok(u64::from_le_bytes(bytes))
    }

    pub(super) fn f64(&mut self) -> Read<f64> {
        self.u64().map(f64::from_bits)
    }

    /// A value sent as its code, its place in `all`; `unknown` says what
    /// a code past the end would have been.
    pub(super) fn code<T: Copy>(&mut self, all: &[T], unknown: &'static str) -> Read<T> {
        all.get(usize::from(self.u8()?))
            .copied()
            .ok_or(ProtocolError::Malformed(unknown))
    }

    pub(super) fn text(&mut self) -> Read<String> {
        let length = self.u32()? as usize;
        String::from_utf8(self.bytes(length)?.to_vec())
            .map_err(|_| ProtocolError::Malformed("text that is not UTF-8"))
    }

    pub(super) fn payload(&mut self) -> Read<Payload> {
        self.payloads
            .next()
            .ok_or(ProtocolError::Malformed("an array is missing"))
    }

    pub(super) fn f64s(&mut self) -> Read<Vec<f64>> {
        match self.payload()? {
            Payload::F64(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    pub(super) fn f32s(&mut self) -> Read<Vec<f32>> {
        match self.payload()? {
            Payload::F32(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    pub(super) fn u8s(&mut self) -> Read<Vec<u8>> {
        match self.payload()? {
            Payload::U8(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    pub(super) fn u32s(&mut self) -> Read<Vec<u32>> {
        match self.payload()? {
            Payload::U32(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }
}
