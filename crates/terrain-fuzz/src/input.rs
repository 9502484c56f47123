//! How each check reads its bytes, and encoders that write such bytes.
//!
//! Any byte string is an input to every check: bytes past the end read as
//! zero, and text is read as UTF-8 with bad sequences replaced by U+FFFD. The
//! text targets keep their text readable, and their selector bytes are
//! digits (`b'0' + n` selects `n`), so a seed file can be read and written
//! by hand:
//!
//! | target | bytes |
//! |---|---|
//! | `params_text` | field digit, start digit, then the text: `10 40 ` sets the exponent of the default params to `" 40 "` |
//! | `stage_text` | algorithm digit, exponent digit, then the text: `35pass-2` reads `pass-2` for diamond-square at exponent 5 |
//! | `query` | the query string itself |
//! | `embed_attributes` | one `name=value` attribute a line; a line starting with `?` is a URL query applied afterwards |
//! | `png_import` | the file itself |
//! | `png_differential` | the file itself |
//! | `generate` | binary: see [`decode_generate`] |

use terrain_core::erosion::Method;
use terrain_core::spec::{Kind, Value};
use terrain_core::{Algorithm, Field, PARAMETERS, Params, STAGE, Stage};
use terrain_io::test_support::{PNG_SIGNATURE, adam7_passes};
/// PNG framing, from terrain-io's writer.
pub use terrain_io::test_support::{crc32, fix_crcs, write_chunk, zlib_stored};
use terrain_view::settings::SETTINGS;

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

/// The digit byte that [`Reader::selector`] reads as `value`.
fn digit(value: usize) -> u8 {
    b'0'.wrapping_add(value as u8)
}

/// The params a `params_text` input starts from: selector 0 is the default
/// (diamond-square, exponent 5), any other `n` is algorithm `n % 8` (in
/// [`Algorithm::all()`] order) at exponent `1 + (n / 5) % 12`.
pub fn start_params(selector: u8) -> Params {
    if selector == 0 {
        return Params::default();
    }
    let algorithm = Algorithm::all()[usize::from(selector) % Algorithm::all().len()];
    Params {
        exponent: 1 + u32::from(selector / 5) % 12,
        ..Params::new(algorithm)
    }
}

/// Reads a `params_text` input: the field (digit `n` is the `n %
/// PARAMETERS.len()`-th entry of the registry, [`PARAMETERS`]: 0 algorithm,
/// 1 exponent, 2 spread, 3 spread reduction, 4 seed, 5 normalize...), the
/// params to start from (see [`start_params`]) and the text.
pub fn decode_params_text(data: &[u8]) -> (Field, Params, String) {
    let mut reader = Reader::new(data);
    let field = PARAMETERS[usize::from(reader.selector()) % PARAMETERS.len()].field;
    let start = start_params(reader.selector());
    (field, start, reader.rest_text())
}

/// The `params_text` input that sets `field` to `text`, starting from
/// [`start_params`]`(start)`.
pub fn params_text(field: Field, start: u8, text: &str) -> Vec<u8> {
    let mut bytes = vec![digit(field as usize), b'0'.wrapping_add(start)];
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// The highest exponent a `stage_text` input names: past 12 so that
/// invalid exponents are checked too.
pub const MAX_STAGE_EXPONENT: u32 = 16;

/// Reads a `stage_text` input: the algorithm (digit `n` is
/// [`Algorithm::all()`]`[n % 8]`), the exponent (`n % 17`, so 0 to 16) and the
/// text.
pub fn decode_stage_text(data: &[u8]) -> (Algorithm, u32, String) {
    let mut reader = Reader::new(data);
    let algorithm = Algorithm::all()[usize::from(reader.selector()) % Algorithm::all().len()];
    let exponent = u32::from(reader.selector()) % (MAX_STAGE_EXPONENT + 1);
    (algorithm, exponent, reader.rest_text())
}

/// The `stage_text` input that reads `text` for `algorithm` at `exponent`
/// (0 to [`MAX_STAGE_EXPONENT`]).
pub fn stage_text(algorithm: Algorithm, exponent: u32, text: &str) -> Vec<u8> {
    let index = Algorithm::all()
        .iter()
        .position(|&candidate| candidate == algorithm)
        .unwrap_or(0);
    let mut bytes = vec![digit(index), digit(exponent as usize)];
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// The attributes `DemoConfig::from_attributes` reads: the registries'.
pub fn demo_attributes() -> impl Iterator<Item = &'static str> {
    PARAMETERS
        .iter()
        .map(|parameter| parameter.spec)
        .chain([&STAGE])
        .chain(SETTINGS.iter().map(|entry| entry.spec))
        .filter(|spec| spec.surfaces.attribute)
        .map(|spec| spec.attribute)
}

/// Reads an `embed_attributes` input: lines of `name=value` (a line with no
/// `=` is an attribute with an empty value, as `data-wireframe` alone is),
/// and lines starting with `?`, the URL queries to apply afterwards, in
/// order. Empty lines are skipped; a later attribute of the same name
/// replaces an earlier one.
pub fn decode_embed_attributes(data: &[u8]) -> (Vec<(String, String)>, Vec<String>) {
    let text = String::from_utf8_lossy(data);
    let mut attributes: Vec<(String, String)> = Vec::new();
    let mut queries = Vec::new();
    for line in text.split('\n').filter(|line| !line.is_empty()) {
        if line.starts_with('?') {
            queries.push(line.to_owned());
            continue;
        }
        let (name, value) = line.split_once('=').unwrap_or((line, ""));
        attributes.retain(|(earlier, _)| earlier != name);
        attributes.push((name.to_owned(), value.to_owned()));
    }
    (attributes, queries)
}

/// The `embed_attributes` input for these attributes and queries. Values
/// must not hold a line break (an attribute can, but this format cannot).
pub fn embed_attributes(attributes: &[(&str, &str)], queries: &[&str]) -> Vec<u8> {
    let mut lines: Vec<String> = attributes
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    lines.extend(
        queries
            .iter()
            .map(|query| format!("?{}", query.trim_start_matches('?'))),
    );
    lines.join("\n").into_bytes()
}

/// Exponents a `generate` input names with a byte from 248 up: invalid
/// ones, so refusals are checked too.
const UNUSUAL_EXPONENTS: [u32; 8] = [0, 13, 31, 32, 63, 64, 1000, u32::MAX];

/// The largest valid spread and spread reduction (the core's own
/// constants are private to it; `Field::allowed` says the same in words).
const MAX_SPREAD: f64 = 5.0;
const MAX_SPREAD_REDUCTION: f64 = 2.0;

/// The largest valid exponent a `generate` input names (`byte % 8`), small
/// so that every run is quick.
pub const MAX_GENERATE_EXPONENT: u32 = 7;

/// Reads a `generate` input, in this order:
///
/// 1. algorithm: `byte % 8`, in [`Algorithm::all()`] order;
/// 2. exponent: a byte below 248 is `byte % 8` (0 to 7), 248 and up pick
///    an invalid one (0, 13, 31, 32, 63, 64, 1000, `u32::MAX`);
/// 3. spread, then spread reduction, each a mode byte and then: mode `% 4`
///    = 0, eight bytes of raw `f64` bits (NaN, infinities, anything);
///    1, one byte choosing an edge case (0, -0, the maximum, just above it,
///    the smallest normal numbers, NaN, infinities...); 2 or 3, four bytes
///    of fraction of the allowed range;
/// 4. seed: eight bytes;
/// 5. normalize: a byte, true when even;
/// 6. stage: `byte % 13` = corners, edges, center, square, diamond, done,
///    `pass-K` for a next byte's `% 14`, `pass-K` for a next four bytes'
///    `u32`, a stage of erosion (`droplets-K`, `slides-K` or `step-K`, for
///    a next byte's `% 64`: a few droplets, so runs stay quick), `lattice`,
///    or `octave-K` for a next byte's `% 16`;
/// 7. erosion: a byte, `% 4` the method (none, droplets, thermal, trace),
///    then a byte for its count (droplets, iterations or lifetime, `% 64`),
///    and a byte for wrap (on when odd);
/// 8. then every other parameter of the registry, in its order (the
///    noises' and the droplets' settings): a whole number a byte, in its
///    range but for a byte of 255, one past it; a number as spread is; a
///    switch a byte, on when odd; a choice a byte, `%` its names. An input
///    that ends early leaves the rest at zero bytes.
pub fn decode_generate(data: &[u8]) -> (Params, Stage) {
    let mut reader = Reader::new(data);
    let algorithm = Algorithm::all()[usize::from(reader.byte()) % Algorithm::all().len()];
    let exponent = match reader.byte() {
        byte @ 0..=247 => u32::from(byte) % (MAX_GENERATE_EXPONENT + 1),
        byte => UNUSUAL_EXPONENTS[usize::from(byte - 248)],
    };
    let spread = number(&mut reader, MAX_SPREAD);
    let spread_reduction = number(&mut reader, MAX_SPREAD_REDUCTION);
    let seed = reader.u64();
    let normalize = reader.byte().is_multiple_of(2);
    let stage = match reader.byte() % 13 {
        0 => Stage::Corners,
        1 => Stage::Edges,
        2 => Stage::Center,
        3 => Stage::Square,
        4 => Stage::Diamond,
        5 => Stage::Done,
        6 => Stage::Pass(u32::from(reader.byte() % 14)),
        7 => Stage::Pass(reader.u32()),
        8 => Stage::Droplets(u32::from(reader.byte() % 64)),
        9 => Stage::Slides(u32::from(reader.byte() % 64)),
        10 => Stage::Step(u32::from(reader.byte() % 64)),
        11 => Stage::Lattice,
        _ => Stage::Octave(u32::from(reader.byte() % 16)),
    };
    let mut params = Params {
        algorithm,
        exponent,
        spread,
        spread_reduction,
        seed,
        normalize,
        ..Params::new(algorithm)
    };
    let erosion = &mut params.erosion;
    erosion.method = Method::ALL[usize::from(reader.byte()) % Method::ALL.len()];
    let count = u32::from(reader.byte() % 64);
    erosion.droplets.droplets = count;
    erosion.thermal.iterations = count;
    erosion.droplets.lifetime = count.max(1);
    erosion.droplets.wrap = reader.byte() % 2 == 1;
    const DECODED: [Field; 11] = [
        Field::ALGORITHM,
        Field::EXPONENT,
        Field::SPREAD,
        Field::SPREAD_REDUCTION,
        Field::SEED,
        Field::NORMALIZE,
        Field::EROSION,
        Field::DROPLETS,
        Field::ITERATIONS,
        Field::LIFETIME,
        Field::WRAP,
    ];
    for parameter in PARAMETERS
        .iter()
        .filter(|parameter| !DECODED.contains(&parameter.field))
    {
        let value = match parameter.spec.kind {
            Kind::Whole { min, max } => Value::Whole(match reader.byte() {
                255 => max.saturating_add(1),
                byte => min + u64::from(byte) % (max - min + 1).min(255),
            }),
            Kind::Number { max, .. } => Value::Number(number(&mut reader, max)),
            Kind::Switch => Value::Switch(reader.byte() % 2 == 1),
            Kind::Choice(names) => Value::Choice(usize::from(reader.byte()) % names.len()),
            _ => continue,
        };
        (parameter.set)(&mut params, &value);
    }
    (params, stage)
}

/// A number for a field allowed `0..=max`: see [`decode_generate`].
fn number(reader: &mut Reader<'_>, max: f64) -> f64 {
    match reader.byte() % 4 {
        0 => f64::from_bits(reader.u64()),
        1 => {
            let edges = [
                0.0,
                -0.0,
                max,
                max.next_up(),
                f64::MIN_POSITIVE,
                -f64::MIN_POSITIVE,
                0.5,
                1.0,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MAX,
            ];
            edges[usize::from(reader.byte()) % edges.len()]
        }
        _ => f64::from(reader.u32()) / f64::from(u32::MAX) * max,
    }
}

/// The `generate` input that [`decode_generate`] reads as `params` and
/// `stage`. Exponents from 8 to 12 cannot be written (the check keeps maps
/// small); they become 0.
pub fn generate(params: &Params, stage: Stage) -> Vec<u8> {
    let algorithm = Algorithm::all()
        .iter()
        .position(|&candidate| candidate == params.algorithm)
        .unwrap_or(0);
    let exponent = if params.map.exponent <= MAX_GENERATE_EXPONENT {
        params.map.exponent as u8
    } else {
        UNUSUAL_EXPONENTS
            .iter()
            .position(|&unusual| unusual == params.map.exponent)
            .map_or(0, |index| 248 + index as u8)
    };
    let mut bytes = vec![algorithm as u8, exponent, 0];
    bytes.extend_from_slice(&params.subdivision.spread.to_bits().to_le_bytes());
    bytes.push(0);
    bytes.extend_from_slice(&params.subdivision.spread_reduction.to_bits().to_le_bytes());
    bytes.extend_from_slice(&params.map.seed.to_le_bytes());
    bytes.push(u8::from(!params.map.normalize));
    let small = |count: u32| (count % 64) as u8;
    match stage {
        Stage::Corners => bytes.push(0),
        Stage::Edges => bytes.push(1),
        Stage::Center => bytes.push(2),
        Stage::Square => bytes.push(3),
        Stage::Diamond => bytes.push(4),
        Stage::Done => bytes.push(5),
        Stage::Pass(pass) => {
            bytes.push(7);
            bytes.extend_from_slice(&pass.to_le_bytes());
        }
        Stage::Droplets(count) => bytes.extend([8, small(count)]),
        Stage::Slides(count) => bytes.extend([9, small(count)]),
        Stage::Step(step) => bytes.extend([10, small(step)]),
        Stage::Lattice => bytes.push(11),
        Stage::Octave(count) => bytes.extend([12, small(count)]),
    }
    let erosion = &params.erosion;
    let method = Method::ALL
        .iter()
        .position(|&candidate| candidate == erosion.method)
        .unwrap_or(0);
    let count = match erosion.method {
        Method::Thermal => erosion.thermal.iterations,
        Method::Trace => erosion.droplets.lifetime,
        _ => erosion.droplets.droplets,
    };
    bytes.extend([method as u8, small(count), u8::from(erosion.droplets.wrap)]);
    bytes
}

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

    #[test]
    fn encoders_and_decoders_agree() {
        let (field, start, text) =
            decode_params_text(&params_text(Field::SPREAD_REDUCTION, 7, " 0.5"));
        assert_eq!(
            (field, start, text.as_str()),
            (Field::SPREAD_REDUCTION, start_params(7), " 0.5")
        );
        assert_eq!(decode_params_text(b"10 40 ").0, Field::EXPONENT);
        assert_eq!(decode_params_text(b"").1, Params::default());

        let (algorithm, exponent, text) = decode_stage_text(&stage_text(
            Algorithm::TILEABLE_DIAMOND_SQUARE,
            16,
            "pass-2",
        ));
        assert_eq!(
            (algorithm, exponent, text.as_str()),
            (Algorithm::TILEABLE_DIAMOND_SQUARE, 16, "pass-2")
        );

        let (attributes, queries) = decode_embed_attributes(&embed_attributes(
            &[
                ("data-exponent", " 3"),
                ("data-wireframe", ""),
                ("data-exponent", "4"),
            ],
            &["seed=1", "?view=2d"],
        ));
        assert_eq!(
            attributes,
            [
                ("data-wireframe".to_owned(), String::new()),
                ("data-exponent".to_owned(), "4".to_owned())
            ]
        );
        assert_eq!(queries, ["?seed=1", "?view=2d"]);

        let params = Params {
            exponent: 6,
            spread: f64::NAN,
            spread_reduction: -0.0,
            seed: u64::MAX,
            normalize: false,
            ..Params::new(Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT)
        };
        for stage in [
            Stage::Corners,
            Stage::Pass(u32::MAX),
            Stage::Done,
            Stage::Slides(9),
        ] {
            let (read, read_stage) = decode_generate(&generate(&params, stage));
            assert_eq!(read_stage, stage);
            assert_eq!(read.spread.to_bits(), params.subdivision.spread.to_bits());
            assert_eq!(
                read.spread_reduction.to_bits(),
                params.subdivision.spread_reduction.to_bits()
            );
            assert_eq!(
                (read.algorithm, read.exponent, read.seed, read.normalize),
                (
                    params.algorithm,
                    params.map.exponent,
                    params.map.seed,
                    params.map.normalize
                )
            );
        }
        let huge = Params {
            exponent: u32::MAX,
            ..Params::default()
        };
        assert_eq!(
            decode_generate(&generate(&huge, Stage::Done)).0.exponent,
            u32::MAX
        );
    }

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
