//! The one message protocol between a page and its worker: what a demo
//! asks to be made ([`Request`]) and what comes back ([`Reply`]).
//!
//! Both sides run this same module, so both use these types. They cross
//! the thread boundary as a [`Message`]: a small header of bytes (the
//! protocol's version, then the parameters as typed values, never as query
//! text) and the big arrays (heights, file bytes, mesh buffers) beside it,
//! which the browser transfers rather than copies. A side that gets a
//! message of another version refuses it with a sentence saying so: a
//! worker script cached from an older release cannot be fed new messages.
//!
//! [`run`] does the work a request asks for. The worker calls it; so does
//! the page, for maps small enough to make at once, so there is one way a
//! map gets made.

mod codes;

use terrain_core::erosion::ErosionReport;
use terrain_core::erosion::droplets::{DropletState, Ending, Ledger, Trace, TraceStep};
use terrain_core::registry::fields;
use terrain_core::spec::Value;
use terrain_core::{
    Algorithm, Field, Heightmap, KeptOctaves, Params, PointSet, Stage, Terrain, ValidParams,
};

use crate::palette::{Look, Palette, Water};
use crate::surface::{Surface, build_surface};
use codes::{JobKind, PointsKind, ReplyKind, ValueKind};

/// The version of the messages' shape. Change it with any change to the
/// codec below; the registry's names and the order of every enum sent as a
/// code are folded in by [`version`], so a parameter added or renamed, or
/// a palette moved, also makes old and new sides refuse each other.
pub const PROTOCOL_VERSION: u32 = 6;

/// The version both sides compare: [`PROTOCOL_VERSION`] and a hash of
/// every parameter's name and kind, in registry order (a kind holds its
/// range or the names of its choices, which cross as indices), then of the
/// names of every enum the codec sends as a code, in code order
/// (`coded_names`). A parameter added, renamed or retyped, or a choice,
/// palette, kind of water or of job inserted or moved, makes old and new
/// sides refuse each other.
pub fn version() -> u32 {
    version_of(fields(), &coded_names())
}

/// The version for the registry's `fields` and the lists of names
/// `coded`.
fn version_of(fields: impl Iterator<Item = Field>, coded: &[Vec<&str>]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5 ^ PROTOCOL_VERSION;
    let mut add = |text: &str| {
        for byte in text.bytes().chain(*b";") {
            hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
    };
    for field in fields {
        add(field.name());
        add(&format!("{:?}", field.spec().kind));
    }
    for names in coded {
        for name in names {
            add(name);
        }
        // Where one list ends, so a name moved to the next list counts.
        add("|");
    }
    hash
}

/// The names of every enum the codec sends as a code, each in code order:
/// a value's code is its place in its type's `ALL` (an algorithm's, one
/// more, 0 being none).
fn coded_names() -> Vec<Vec<&'static str>> {
    vec![
        Algorithm::all().map(Algorithm::name).collect(),
        Palette::ALL.map(Palette::name).to_vec(),
        Water::ALL.map(Water::name).to_vec(),
        FileFormat::ALL.map(FileFormat::extension).to_vec(),
        Ending::ALL.map(Ending::name).to_vec(),
        JobKind::ALL.map(JobKind::name).to_vec(),
        ReplyKind::ALL.map(ReplyKind::name).to_vec(),
        ValueKind::ALL.map(ValueKind::name).to_vec(),
        PointsKind::ALL.map(PointsKind::name).to_vec(),
    ]
}

/// How a map leaves the site as a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFormat {
    /// A 16-bit greyscale PNG.
    Png,
    /// A Wavefront OBJ surface.
    Obj,
}

impl FileFormat {
    /// Every format. The worker protocol sends a format as its place here.
    pub const ALL: [FileFormat; 2] = [FileFormat::Png, FileFormat::Obj];

    /// The file name's ending.
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Png => "png",
            FileFormat::Obj => "obj",
        }
    }

    /// The media type to offer the file with.
    pub fn media_type(self) -> &'static str {
        match self {
            FileFormat::Png => terrain_io::PNG_MEDIA_TYPE,
            FileFormat::Obj => terrain_io::OBJ_MEDIA_TYPE,
        }
    }
}

/// What a demo asks to be made.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// Generate a map.
    Generate {
        /// Valid parameters (boxed: they are many, the other jobs' few).
        params: Box<ValidParams>,
        /// A stage the algorithm has at that exponent.
        stage: Stage,
    },
    /// Show an imported image's map: the page decodes the file (with its
    /// own PNG module, loaded on the first import), this builds its surface.
    Import {
        /// The file's name, for messages.
        name: String,
        /// The map it makes.
        heights: Heightmap,
        /// The image it came from.
        source: Source,
    },
    /// Weather an imported map as the parameters' erosion says.
    Weather {
        /// The map as imported.
        heights: Heightmap,
        /// Valid parameters: their erosion and seed are what count.
        params: Box<ValidParams>,
        /// Done, or a stage of erosion ([`Params::imported_stages`]).
        stage: Stage,
    },
    /// Build the surface of a finished map again (in other colours).
    Mesh {
        /// The map.
        heights: Heightmap,
    },
    /// Write a map as a file.
    Export {
        /// The map.
        heights: Heightmap,
        /// Which kind of file.
        format: FileFormat,
    },
}

impl Job {
    fn kind(&self) -> JobKind {
        match self {
            Job::Generate { .. } => JobKind::Generate,
            Job::Import { .. } => JobKind::Import,
            Job::Mesh { .. } => JobKind::Mesh,
            Job::Export { .. } => JobKind::Export,
            Job::Weather { .. } => JobKind::Weather,
        }
    }
}

/// A job and how its result is wanted.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// What to make.
    pub job: Job,
    /// How a built surface is coloured.
    pub look: Look,
    /// Whether to build the surface too (the worker does, for maps too big
    /// to mesh on the page without a pause).
    pub mesh: bool,
}

/// Where an imported map came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// The image's width in pixels.
    pub width: u32,
    /// Its height.
    pub height: u32,
    /// Its colour type and depth, in words: "16-bit greyscale".
    pub format: String,
}

/// A map a request made.
#[derive(Debug, Clone, PartialEq)]
pub struct Made {
    /// The map and its stage.
    pub terrain: Terrain,
    /// Its surface, if the request asked for it.
    pub surface: Option<Surface>,
    /// For an import, the image it came from.
    pub source: Option<Source>,
}

/// What a request made, or why it could not.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// How far along the work is: a share from 0 to 1 and what it is doing.
    Progress {
        /// From 0 to 1.
        share: f64,
        /// "Generating the heights".
        words: String,
    },
    /// A map, with its surface if one was asked for (boxed: it is big, the
    /// other replies small).
    Made(Box<Made>),
    /// A file to offer as a download.
    File {
        /// Its bytes.
        bytes: Vec<u8>,
        /// Which kind.
        format: FileFormat,
    },
    /// The job could not be done: a sentence for the reader.
    Failed {
        /// Why.
        message: String,
    },
}

impl Reply {
    fn kind(&self) -> ReplyKind {
        match self {
            Reply::Progress { .. } => ReplyKind::Progress,
            Reply::Made(_) => ReplyKind::Made,
            Reply::File { .. } => ReplyKind::File,
            Reply::Failed { .. } => ReplyKind::Failed,
        }
    }
}

/// Does what `request` asks, calling `progress(share, words)` as it goes.
pub fn run(request: Request, progress: &mut dyn FnMut(f64, &str)) -> Reply {
    run_keeping(request, None, progress)
}

/// As [`run`]; a noise map also reads and keeps its octaves in `kept`
/// (see [`KeptOctaves`]), as a page does for the maps it makes itself.
pub fn run_keeping(
    request: Request,
    kept: Option<&mut KeptOctaves>,
    progress: &mut dyn FnMut(f64, &str),
) -> Reply {
    let Request { job, look, mesh } = request;
    let (terrain, source) = match job {
        Job::Generate { params, stage } => {
            let mut last_told = -1.0;
            let generated =
                terrain_core::generate_keeping(&params, stage, kept, &mut |share: f64| {
                    // Every pass is worth telling about, but not more often.
                    if share - last_told >= 0.01 || share >= 1.0 {
                        last_told = share;
                        progress(0.7 * share, "Generating the heights");
                    }
                });
            match generated {
                Ok(terrain) => (terrain, None),
                Err(error) => {
                    return Reply::Failed {
                        message: error.to_string(),
                    };
                }
            }
        }
        Job::Import {
            heights, source, ..
        } => (Terrain::finished(heights), Some(source)),
        Job::Weather {
            heights,
            params,
            stage,
        } => {
            let mut last_told = -1.0;
            let weathered = terrain_core::weather(heights, &params, stage, &mut |share: f64| {
                if share - last_told >= 0.01 || share >= 1.0 {
                    last_told = share;
                    progress(0.7 * share, "Weathering the map");
                }
            });
            match weathered {
                Ok(terrain) => (terrain, None),
                Err(error) => {
                    return Reply::Failed {
                        message: error.to_string(),
                    };
                }
            }
        }
        Job::Mesh { heights } => (Terrain::finished(heights), None),
        Job::Export { heights, format } => {
            progress(0.1, "Writing the file");
            let bytes = match format {
                FileFormat::Png => terrain_io::export_png(&heights),
                FileFormat::Obj => terrain_io::export_obj(&heights).into_bytes(),
            };
            return Reply::File { bytes, format };
        }
    };
    let surface = mesh.then(|| {
        progress(0.7, "Building the mesh");
        build_surface(&terrain, look)
    });
    progress(0.95, "Handing it over");
    Reply::Made(Box::new(Made {
        terrain,
        surface,
        source,
    }))
}

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
const KIND_REQUEST: u8 = 1;
const KIND_REPLY: u8 = 2;

/// Writes the header's fields.
#[derive(Default)]
struct Writer {
    header: Vec<u8>,
    payloads: Vec<Payload>,
}

impl Writer {
    fn start(kind: u8) -> Self {
        let mut writer = Writer::default();
        writer.u32(version());
        writer.u8(kind);
        writer
    }

    fn u8(&mut self, value: u8) {
        self.header.push(value);
    }

    fn u32(&mut self, value: u32) {
        self.header.extend_from_slice(&value.to_le_bytes());
    }

    fn u64(&mut self, value: u64) {
        self.header.extend_from_slice(&value.to_le_bytes());
    }

    fn f64(&mut self, value: f64) {
        self.u64(value.to_bits());
    }

    /// `value` as its code: its place in `all`, its type's every value.
    /// Every value is there (the tests check), so the reader's refusal of
    /// a place past the end never meets one of ours.
    fn code<T: Copy + PartialEq>(&mut self, all: &[T], value: T) {
        let place = all.iter().position(|&each| each == value);
        self.u8(place.unwrap_or(all.len()) as u8);
    }

    fn text(&mut self, text: &str) {
        self.u32(text.len() as u32);
        self.header.extend_from_slice(text.as_bytes());
    }

    fn stage(&mut self, stage: Stage) {
        self.text(&stage.to_string());
    }

    fn value(&mut self, value: &Value) {
        self.code(&ValueKind::ALL, ValueKind::of(value));
        match value {
            Value::Whole(whole) => self.u64(*whole),
            Value::Number(number) => self.f64(*number),
            Value::Switch(on) => self.u8(u8::from(*on)),
            Value::Choice(index) => self.u32(*index as u32),
            Value::Name(name) => self.text(name),
        }
    }

    fn params(&mut self, params: &Params) {
        for field in fields() {
            self.value(&params.get(field));
        }
    }

    fn source(&mut self, source: &Source) {
        self.u32(source.width);
        self.u32(source.height);
        self.text(&source.format);
    }

    fn heights(&mut self, heights: Heightmap) {
        self.u32(heights.exponent());
        self.payloads.push(Payload::F64(heights.into_heights()));
    }

    fn points(&mut self, points: PointSet) {
        self.code(&PointsKind::ALL, PointsKind::of(&points));
        let mut lattice = |side: usize, radius: usize| {
            self.u32(side as u32);
            self.u32(radius as u32);
        };
        match points {
            PointSet::Nothing => {}
            PointSet::Everything { side } | PointSet::Corners { side } => lattice(side, 0),
            PointSet::SquareCentres { side, radius }
            | PointSet::DiamondCentres { side, radius }
            | PointSet::Pass { side, radius } => lattice(side, radius),
            PointSet::Listed { side, indices } => {
                lattice(side, 0);
                let indices = indices.into_iter().map(|index| index as u32).collect();
                self.payloads.push(Payload::U32(indices));
            }
        }
    }

    fn ledger(&mut self, ledger: &Ledger) {
        self.f64(ledger.eroded);
        self.f64(ledger.deposited);
        self.f64(ledger.carried);
    }

    fn erosion(&mut self, report: Option<ErosionReport>) {
        let Some(report) = report else {
            self.u8(0);
            return;
        };
        self.u8(1);
        self.heights(report.before);
        match &report.ledger {
            Some(ledger) => {
                self.u8(1);
                self.ledger(ledger);
            }
            None => self.u8(0),
        }
        match report.moved {
            Some(moved) => {
                self.u8(1);
                self.f64(moved);
            }
            None => self.u8(0),
        }
        let Some(trace) = report.trace else {
            self.u8(0);
            return;
        };
        self.u8(1);
        self.u32(trace.steps.len() as u32);
        let steps = trace
            .steps
            .iter()
            .flat_map(|step| {
                let start = step.start;
                [
                    start.x,
                    start.y,
                    start.speed,
                    start.water,
                    start.sediment,
                    step.height,
                    step.direction[0],
                    step.direction[1],
                    step.drop,
                    step.capacity,
                    step.eroded,
                    step.deposited,
                ]
            })
            .collect();
        self.payloads.push(Payload::F64(steps));
        for value in [
            trace.end.x,
            trace.end.y,
            trace.end.speed,
            trace.end.water,
            trace.end.sediment,
        ] {
            self.f64(value);
        }
        self.code(&Ending::ALL, trace.ending);
        self.ledger(&trace.ledger);
        self.heights(trace.heightmap);
    }

    fn finish(self) -> Message {
        Message {
            header: self.header,
            payloads: self.payloads,
        }
    }
}

/// Reads the header's fields and takes the payloads in order.
struct Reader<'a> {
    header: &'a [u8],
    payloads: std::vec::IntoIter<Payload>,
}

type Read<T> = Result<T, ProtocolError>;

impl<'a> Reader<'a> {
    fn start(message: &'a mut Message, kind: u8) -> Read<Self> {
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

    fn bytes(&mut self, count: usize) -> Read<&'a [u8]> {
        if self.header.len() < count {
            return Err(ProtocolError::Malformed("the header ends early"));
        }
        let (taken, rest) = self.header.split_at(count);
        self.header = rest;
        Ok(taken)
    }

    fn u8(&mut self) -> Read<u8> {
        Ok(self.bytes(1)?[0])
    }

    fn u32(&mut self) -> Read<u32> {
        let mut bytes = [0; 4];
        bytes.copy_from_slice(self.bytes(4)?);
        Ok(u32::from_le_bytes(bytes))
    }

    fn u64(&mut self) -> Read<u64> {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(self.bytes(8)?);
        Ok(u64::from_le_bytes(bytes))
    }

    fn f64(&mut self) -> Read<f64> {
        self.u64().map(f64::from_bits)
    }

    /// A value sent as its code, its place in `all`; `unknown` says what
    /// a code past the end would have been.
    fn code<T: Copy>(&mut self, all: &[T], unknown: &'static str) -> Read<T> {
        all.get(usize::from(self.u8()?))
            .copied()
            .ok_or(ProtocolError::Malformed(unknown))
    }

    fn text(&mut self) -> Read<String> {
        let length = self.u32()? as usize;
        String::from_utf8(self.bytes(length)?.to_vec())
            .map_err(|_| ProtocolError::Malformed("text that is not UTF-8"))
    }

    fn stage(&mut self) -> Read<Stage> {
        self.text()?
            .parse()
            .map_err(|_| ProtocolError::Malformed("an unknown stage"))
    }

    fn value(&mut self) -> Read<Value> {
        Ok(
            match self.code(&ValueKind::ALL, "an unknown kind of value")? {
                ValueKind::Whole => Value::Whole(self.u64()?),
                ValueKind::Number => Value::Number(self.f64()?),
                ValueKind::Switch => Value::Switch(self.u8()? != 0),
                ValueKind::Choice => Value::Choice(self.u32()? as usize),
                ValueKind::Name => Value::Name(self.text()?),
            },
        )
    }

    /// Parameters, checked: the worker is a way in too, so what it is
    /// handed must be valid before anything runs on it.
    /// Parameters as the page wrote them, each value checked once: the
    /// protocol is one of the readers that make [`ValidParams`].
    fn params(&mut self) -> Read<ValidParams> {
        let mut params = ValidParams::default();
        for field in fields() {
            let value = self.value()?;
            params = params
                .with_value(field, &value)
                .map_err(|_| ProtocolError::Malformed("a parameter out of its range"))?;
        }
        Ok(params)
    }

    fn payload(&mut self) -> Read<Payload> {
        self.payloads
            .next()
            .ok_or(ProtocolError::Malformed("an array is missing"))
    }

    fn f64s(&mut self) -> Read<Vec<f64>> {
        match self.payload()? {
            Payload::F64(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    fn f32s(&mut self) -> Read<Vec<f32>> {
        match self.payload()? {
            Payload::F32(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    fn u8s(&mut self) -> Read<Vec<u8>> {
        match self.payload()? {
            Payload::U8(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    fn u32s(&mut self) -> Read<Vec<u32>> {
        match self.payload()? {
            Payload::U32(values) => Ok(values),
            _ => Err(ProtocolError::Malformed("an array of the wrong type")),
        }
    }

    fn source(&mut self) -> Read<Source> {
        Ok(Source {
            width: self.u32()?,
            height: self.u32()?,
            format: self.text()?,
        })
    }

    fn heights(&mut self) -> Read<Heightmap> {
        let exponent = self.u32()?;
        Heightmap::from_heights(exponent, self.f64s()?)
            .map_err(|_| ProtocolError::Malformed("heights that are not a map"))
    }

    /// The points a stage set, on a map `side` points wide.
    fn points(&mut self, side: usize) -> Read<PointSet> {
        let kind = self.code(&PointsKind::ALL, "an unknown set of points")?;
        if kind == PointsKind::Nothing {
            return Ok(PointSet::Nothing);
        }
        let given = self.u32()? as usize;
        let radius = self.u32()? as usize;
        let spaced = matches!(
            kind,
            PointsKind::SquareCentres | PointsKind::DiamondCentres | PointsKind::Pass
        );
        // A radius of 0 would divide by zero; one past the map means nothing.
        if given != side || (spaced && !(1..side).contains(&radius)) {
            return Err(ProtocolError::Malformed("points that are not the map's"));
        }
        Ok(match kind {
            PointsKind::Nothing => PointSet::Nothing,
            PointsKind::Everything => PointSet::Everything { side },
            PointsKind::Corners => PointSet::Corners { side },
            PointsKind::SquareCentres => PointSet::SquareCentres { side, radius },
            PointsKind::DiamondCentres => PointSet::DiamondCentres { side, radius },
            PointsKind::Pass => PointSet::Pass { side, radius },
            PointsKind::Listed => {
                let mut indices: Vec<usize> = self
                    .u32s()?
                    .into_iter()
                    .map(|index| index as usize)
                    .collect();
                if indices.iter().any(|&index| index >= side * side) {
                    return Err(ProtocolError::Malformed("points off the map"));
                }
                indices.sort_unstable();
                indices.dedup();
                PointSet::Listed { side, indices }
            }
        })
    }

    fn ledger(&mut self) -> Read<Ledger> {
        Ok(Ledger {
            eroded: self.f64()?,
            deposited: self.f64()?,
            carried: self.f64()?,
        })
    }

    fn state(&mut self) -> Read<DropletState> {
        Ok(DropletState {
            x: self.f64()?,
            y: self.f64()?,
            speed: self.f64()?,
            water: self.f64()?,
            sediment: self.f64()?,
        })
    }

    fn erosion(&mut self) -> Read<Option<ErosionReport>> {
        if self.u8()? == 0 {
            return Ok(None);
        }
        let before = self.heights()?;
        let ledger = match self.u8()? {
            0 => None,
            _ => Some(self.ledger()?),
        };
        let moved = match self.u8()? {
            0 => None,
            _ => Some(self.f64()?),
        };
        let trace = match self.u8()? {
            0 => None,
            _ => {
                let count = self.u32()? as usize;
                let flat = self.f64s()?;
                if flat.len() != count * 12 {
                    return Err(ProtocolError::Malformed(
                        "a droplet's path of the wrong length",
                    ));
                }
                let steps = flat
                    .chunks_exact(12)
                    .map(|step| TraceStep {
                        start: DropletState {
                            x: step[0],
                            y: step[1],
                            speed: step[2],
                            water: step[3],
                            sediment: step[4],
                        },
                        height: step[5],
                        direction: [step[6], step[7]],
                        drop: step[8],
                        capacity: step[9],
                        eroded: step[10],
                        deposited: step[11],
                    })
                    .collect();
                let end = self.state()?;
                let ending = self.code(&Ending::ALL, "an unknown ending")?;
                let ledger = self.ledger()?;
                Some(Trace {
                    steps,
                    end,
                    ending,
                    ledger,
                    heightmap: self.heights()?,
                })
            }
        };
        Ok(Some(ErosionReport {
            before,
            ledger,
            moved,
            trace,
        }))
    }

    fn format(&mut self) -> Read<FileFormat> {
        self.code(&FileFormat::ALL, "an unknown file format")
    }
}

fn triples(vectors: Vec<[f32; 3]>) -> Vec<f32> {
    vectors.into_iter().flatten().collect()
}

fn untriple(flat: &[f32]) -> Vec<[f32; 3]> {
    flat.chunks_exact(3)
        .map(|xyz| [xyz[0], xyz[1], xyz[2]])
        .collect()
}

impl Request {
    /// The request as a message.
    pub fn encode(self) -> Message {
        let mut writer = Writer::start(KIND_REQUEST);
        writer.code(&Palette::ALL, self.look.palette);
        writer.code(&Water::ALL, self.look.water);
        writer.u8(u8::from(self.mesh));
        writer.code(&JobKind::ALL, self.job.kind());
        match self.job {
            Job::Generate { params, stage } => {
                writer.params(&params);
                writer.stage(stage);
            }
            Job::Import {
                name,
                heights,
                source,
            } => {
                writer.text(&name);
                writer.source(&source);
                writer.heights(heights);
            }
            Job::Mesh { heights } => writer.heights(heights),
            Job::Weather {
                heights,
                params,
                stage,
            } => {
                writer.params(&params);
                writer.stage(stage);
                writer.heights(heights);
            }
            Job::Export { heights, format } => {
                writer.code(&FileFormat::ALL, format);
                writer.heights(heights);
            }
        }
        writer.finish()
    }

    /// Reads a request, refusing one of another version.
    pub fn decode(mut message: Message) -> Result<Request, ProtocolError> {
        let mut reader = Reader::start(&mut message, KIND_REQUEST)?;
        let palette = reader.code(&Palette::ALL, "an unknown palette")?;
        let water = reader.code(&Water::ALL, "an unknown kind of water")?;
        let mesh = reader.u8()? != 0;
        let job = match reader.code(&JobKind::ALL, "an unknown job")? {
            JobKind::Generate => {
                let params = reader.params()?;
                let stage = reader.stage()?;
                params
                    .check_stage(stage)
                    .map_err(|_| ProtocolError::Malformed("a stage the algorithm lacks"))?;
                Job::Generate {
                    params: Box::new(params),
                    stage,
                }
            }
            JobKind::Import => Job::Import {
                name: reader.text()?,
                source: reader.source()?,
                heights: reader.heights()?,
            },
            JobKind::Mesh => Job::Mesh {
                heights: reader.heights()?,
            },
            JobKind::Weather => {
                let params = reader.params()?;
                let stage = reader.stage()?;
                params
                    .check_imported_stage(stage)
                    .map_err(|_| ProtocolError::Malformed("a stage an imported map lacks"))?;
                Job::Weather {
                    heights: reader.heights()?,
                    params: Box::new(params),
                    stage,
                }
            }
            JobKind::Export => {
                let format = reader.format()?;
                Job::Export {
                    heights: reader.heights()?,
                    format,
                }
            }
        };
        Ok(Request {
            job,
            look: Look { palette, water },
            mesh,
        })
    }
}

impl Reply {
    /// The reply as a message.
    pub fn encode(self) -> Message {
        let mut writer = Writer::start(KIND_REPLY);
        writer.code(&ReplyKind::ALL, self.kind());
        match self {
            Reply::Progress { share, words } => {
                writer.f64(share);
                writer.text(&words);
            }
            Reply::Made(made) => {
                let Made {
                    terrain,
                    surface,
                    source,
                } = *made;
                match terrain.algorithm {
                    Some(algorithm) => writer.u8(algorithm.index() as u8 + 1),
                    None => writer.u8(0),
                }
                writer.stage(terrain.stage);
                writer.heights(terrain.heightmap);
                writer.points(terrain.new_points);
                writer.erosion(terrain.erosion);
                match source {
                    Some(source) => {
                        writer.u8(1);
                        writer.source(&source);
                    }
                    None => writer.u8(0),
                }
                match surface {
                    Some(surface) => {
                        writer.u8(1);
                        writer.u32(surface.surface_triangles as u32);
                        match surface.max_error {
                            Some(bound) => {
                                writer.u8(1);
                                writer.f64(f64::from(bound));
                            }
                            None => writer.u8(0),
                        }
                        writer.payloads.extend([
                            Payload::F32(triples(surface.positions)),
                            Payload::F32(triples(surface.normals)),
                            Payload::U8(surface.colors.into_iter().flatten().collect()),
                            Payload::U32(surface.indices),
                        ]);
                    }
                    None => writer.u8(0),
                }
            }
            Reply::File { bytes, format } => {
                writer.code(&FileFormat::ALL, format);
                writer.payloads.push(Payload::U8(bytes));
            }
            Reply::Failed { message } => writer.text(&message),
        }
        writer.finish()
    }

    /// Reads a reply, refusing one of another version.
    pub fn decode(mut message: Message) -> Result<Reply, ProtocolError> {
        let mut reader = Reader::start(&mut message, KIND_REPLY)?;
        Ok(match reader.code(&ReplyKind::ALL, "an unknown reply")? {
            ReplyKind::Progress => Reply::Progress {
                share: reader.f64()?,
                words: reader.text()?,
            },
            ReplyKind::Made => {
                let algorithm = match reader.u8()? {
                    0 => None,
                    code => Some(
                        Algorithm::at(usize::from(code) - 1)
                            .ok_or(ProtocolError::Malformed("an unknown algorithm"))?,
                    ),
                };
                let stage = reader.stage()?;
                let heightmap = reader.heights()?;
                let new_points = reader.points(heightmap.side())?;
                let erosion = reader.erosion()?;
                let source = match reader.u8()? {
                    0 => None,
                    _ => Some(reader.source()?),
                };
                let surface = match reader.u8()? {
                    0 => None,
                    _ => {
                        let surface_triangles = reader.u32()? as usize;
                        let max_error = match reader.u8()? {
                            0 => None,
                            _ => Some(reader.f64()? as f32),
                        };
                        let positions = untriple(&reader.f32s()?);
                        let normals = untriple(&reader.f32s()?);
                        let colors = reader
                            .u8s()?
                            .chunks_exact(4)
                            .map(|rgba| [rgba[0], rgba[1], rgba[2], rgba[3]])
                            .collect();
                        let indices = reader.u32s()?;
                        let vertices = positions.len() as u32;
                        if normals.len() != positions.len()
                            || indices.len() < surface_triangles * 3
                            || indices.iter().any(|&index| index >= vertices)
                        {
                            return Err(ProtocolError::Malformed(
                                "a surface that does not hold together",
                            ));
                        }
                        Some(Surface {
                            positions,
                            normals,
                            colors,
                            indices,
                            surface_triangles,
                            max_error,
                        })
                    }
                };
                let terrain = Terrain {
                    algorithm,
                    heightmap,
                    stage,
                    new_points,
                    erosion,
                };
                Reply::Made(Box::new(Made {
                    terrain,
                    surface,
                    source,
                }))
            }
            ReplyKind::File => {
                let format = reader.format()?;
                Reply::File {
                    bytes: reader.u8s()?,
                    format,
                }
            }
            ReplyKind::Failed => Reply::Failed {
                message: reader.text()?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generate_request(exponent: u32, mesh: bool) -> Request {
        Request {
            job: Job::Generate {
                params: Box::new({
                    let mut params = Params::new(Algorithm::MIDPOINT_DISPLACEMENT);
                    params.map = terrain_core::MapSettings::new(exponent, 7);
                    params.subdivision.spread = 0.1 + 0.2;
                    params.check().expect("valid")
                }),
                stage: Stage::Pass(2),
            },
            look: Look {
                palette: Palette::Bands,
                water: Water::Rivers { wrap: true },
            },
            mesh,
        }
    }

    #[test]
    fn requests_round_trip() {
        let heights = Heightmap::from_heights(1, (0..9).map(f64::from).collect()).expect("3 x 3");
        let requests = [
            generate_request(5, false),
            Request {
                job: Job::Import {
                    name: "hills.png".into(),
                    heights: heights.clone(),
                    source: Source {
                        width: 640,
                        height: 480,
                        format: "8-bit greyscale".into(),
                    },
                },
                look: Look {
                    palette: Palette::Terrain,
                    water: Water::Dry,
                },
                mesh: true,
            },
            Request {
                job: Job::Weather {
                    heights: heights.clone(),
                    params: Box::new({
                        let mut params = *ValidParams::default().with_seed(11);
                        params.erosion.method = terrain_core::erosion::Method::Thermal;
                        params.check().expect("valid")
                    }),
                    stage: Stage::Slides(2),
                },
                look: Look::default(),
                mesh: false,
            },
            Request {
                job: Job::Mesh {
                    heights: heights.clone(),
                },
                look: Look {
                    palette: Palette::Green,
                    water: Water::Dry,
                },
                mesh: true,
            },
            Request {
                job: Job::Export {
                    heights,
                    format: FileFormat::Obj,
                },
                look: Look {
                    palette: Palette::Greyscale,
                    water: Water::Dry,
                },
                mesh: false,
            },
        ];
        for request in requests {
            assert_eq!(Request::decode(request.clone().encode()), Ok(request));
        }
    }

    #[test]
    fn a_generated_map_and_its_surface_come_back_bit_for_bit() {
        let reply = run(generate_request(4, true), &mut |_, _| {});
        let Reply::Made(made) = &reply else {
            panic!("{reply:?}");
        };
        let Made {
            terrain, surface, ..
        } = made.as_ref();
        assert!(surface.is_some());
        assert_eq!(terrain.stage, Stage::Pass(2));
        assert_eq!(Reply::decode(reply.clone().encode()), Ok(reply));
    }

    #[test]
    fn progress_failures_and_files_round_trip() {
        for reply in [
            Reply::Progress {
                share: 0.25,
                words: "Generating the heights".into(),
            },
            Reply::Failed {
                message: "no".into(),
            },
            Reply::File {
                bytes: vec![9; 10],
                format: FileFormat::Png,
            },
        ] {
            assert_eq!(Reply::decode(reply.clone().encode()), Ok(reply));
        }
    }

    #[test]
    fn another_version_is_refused_with_a_sentence() {
        let mut message = generate_request(3, false).encode();
        message.header[0] ^= 1;
        let error = Request::decode(message).expect_err("stale");
        assert!(matches!(error, ProtocolError::Version { .. }));
        assert!(error.to_string().contains("reload the page"), "{error}");
    }

    #[test]
    fn damaged_messages_are_refused_not_panicked_on() {
        let whole = generate_request(3, false).encode();
        for cut in 0..whole.header.len() {
            let mut damaged = whole.clone();
            damaged.header.truncate(cut);
            assert!(Request::decode(damaged).is_err(), "cut at {cut}");
        }
        let reply = Reply::decode(whole.clone());
        assert!(
            matches!(reply, Err(ProtocolError::Malformed(_))),
            "a request is not a reply"
        );
        // An exponent out of range is refused, not run.
        let mut bad = *ValidParams::default();
        bad.map.exponent = 40;
        let mut writer = Writer::start(KIND_REQUEST);
        writer.u8(0);
        writer.u8(0);
        writer.u8(0);
        writer.u8(0);
        writer.params(&bad);
        writer.stage(Stage::Done);
        assert!(Request::decode(writer.finish()).is_err());
    }

    #[test]
    fn runs_report_progress_in_order() {
        let mut shares = Vec::new();
        run(generate_request(6, true), &mut |share, _| {
            shares.push(share)
        });
        assert!(
            shares.windows(2).all(|pair| pair[0] <= pair[1]),
            "{shares:?}"
        );
    }

    #[test]
    fn the_version_folds_in_the_registry_and_every_coded_enums_names() {
        assert_eq!(version(), version_of(fields(), &coded_names()));
        let coded = coded_names();
        for (names, enum_name) in [
            (Algorithm::all().map(Algorithm::name).collect(), "Algorithm"),
            (Palette::ALL.map(Palette::name).to_vec(), "Palette"),
            (Water::ALL.map(Water::name).to_vec(), "Water"),
            (
                FileFormat::ALL.map(FileFormat::extension).to_vec(),
                "FileFormat",
            ),
            (Ending::ALL.map(Ending::name).to_vec(), "Ending"),
            (JobKind::ALL.map(JobKind::name).to_vec(), "JobKind"),
            (ReplyKind::ALL.map(ReplyKind::name).to_vec(), "ReplyKind"),
            (ValueKind::ALL.map(ValueKind::name).to_vec(), "ValueKind"),
            (PointsKind::ALL.map(PointsKind::name).to_vec(), "PointsKind"),
        ] {
            assert!(
                coded.contains(&names),
                "{enum_name}'s order is not in the version"
            );
        }
    }

    #[test]
    fn swapping_two_palettes_changes_the_version() {
        let mut coded = coded_names();
        let palettes = Palette::ALL.map(Palette::name).to_vec();
        let at = coded
            .iter()
            .position(|names| *names == palettes)
            .expect("the palettes' order is in the version");
        coded[at].swap(1, 2);
        assert_eq!(coded[at][..3], ["terrain", "green", "bands"]);
        assert_ne!(version_of(fields(), &coded), version());
    }

    #[test]
    fn reordering_any_coded_enum_or_moving_a_name_across_changes_the_version() {
        let ours = version();
        let coded = coded_names();
        for at in 0..coded.len() {
            let mut swapped = coded.clone();
            swapped[at].swap(0, 1);
            assert_ne!(version_of(fields(), &swapped), ours, "{:?}", coded[at]);
        }
        let mut moved = coded.clone();
        let last = moved[0].pop().expect("algorithms");
        moved[1].insert(0, last);
        assert_ne!(version_of(fields(), &moved), ours);
    }

    #[test]
    fn every_value_of_every_coded_enum_crosses_and_a_code_past_the_end_is_refused() {
        let heights = Heightmap::from_heights(2, vec![0.0; 25]).expect("5 x 5");
        for water in [
            Water::Dry,
            Water::Rivers { wrap: false },
            Water::Rivers { wrap: true },
        ] {
            let request = Request {
                job: Job::Mesh {
                    heights: heights.clone(),
                },
                look: Look {
                    palette: Palette::Greyscale,
                    water,
                },
                mesh: true,
            };
            assert_eq!(Request::decode(request.clone().encode()), Ok(request));
        }
        let side = heights.side();
        for points in [
            PointSet::Nothing,
            PointSet::Everything { side },
            PointSet::Corners { side },
            PointSet::SquareCentres { side, radius: 2 },
            PointSet::DiamondCentres { side, radius: 2 },
            PointSet::Pass { side, radius: 1 },
            PointSet::Listed {
                side,
                indices: vec![0, 12],
            },
        ] {
            let mut writer = Writer::start(KIND_REPLY);
            writer.points(points.clone());
            let mut message = writer.finish();
            let mut reader = Reader::start(&mut message, KIND_REPLY).expect("ours");
            assert_eq!(reader.points(side), Ok(points));
        }
        for value in [
            Value::Whole(3),
            Value::Number(0.25),
            Value::Switch(true),
            Value::Choice(2),
            Value::Name("sea".into()),
        ] {
            let mut writer = Writer::start(KIND_REPLY);
            writer.value(&value);
            let mut message = writer.finish();
            let mut reader = Reader::start(&mut message, KIND_REPLY).expect("ours");
            assert_eq!(reader.value(), Ok(value));
        }
        for ending in [Ending::LifetimeOver, Ending::LeftMap, Ending::Stopped] {
            let ledger = Ledger {
                eroded: 0.5,
                deposited: 0.25,
                carried: 0.125,
            };
            let report = ErosionReport {
                before: heights.clone(),
                ledger: None,
                moved: None,
                trace: Some(Trace {
                    steps: Vec::new(),
                    end: DropletState {
                        x: 1.0,
                        y: 2.0,
                        speed: 0.0,
                        water: 0.5,
                        sediment: 0.0,
                    },
                    ending,
                    ledger,
                    heightmap: heights.clone(),
                }),
            };
            let mut writer = Writer::start(KIND_REPLY);
            writer.erosion(Some(report.clone()));
            let mut message = writer.finish();
            let mut reader = Reader::start(&mut message, KIND_REPLY).expect("ours");
            assert_eq!(reader.erosion(), Ok(Some(report)));
        }
        let mut writer = Writer::start(KIND_REQUEST);
        writer.u8(Palette::ALL.len() as u8);
        let mut message = writer.finish();
        let mut reader = Reader::start(&mut message, KIND_REQUEST).expect("ours");
        assert_eq!(
            reader.code(&Palette::ALL, "an unknown palette"),
            Err(ProtocolError::Malformed("an unknown palette"))
        );
    }
}
