//! The `generate` target's bytes: any algorithm, any value of every
//! field in the registry (in range or not), and a stage chosen among what
//! the registries say exists.

use terrain_core::erosion::Method;
use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Value};
use terrain_core::{ALL, Field, Params, Stage};

use super::reader::Reader;

/// Exponents a `generate` input names with a byte from 248 up: none in
/// range, so refusals are checked too.
pub const UNUSUAL_EXPONENTS: [u32; 8] = [0, 13, 31, 32, 63, 64, 1000, u32::MAX];

/// The largest exponent a `generate` input names in range, small so that
/// every run is quick.
pub const MAX_GENERATE_EXPONENT: u32 = 7;

/// Erosion's counts (droplets, slides, steps) a `generate` input names are
/// below this, so that runs stay quick.
pub const EROSION_COUNTS: u32 = 64;

/// The fields [`decode_generate`] reads in a format of their own; every
/// other one it reads by its kind ([`by_kind`]).
const OWN_FORMAT: [Field; 6] = [
    Field::ALGORITHM,
    Field::EXPONENT,
    Field::EROSION,
    Field::DROPLETS,
    Field::ITERATIONS,
    Field::LIFETIME,
];

/// The fields [`decode_generate`] reads by their kind, in registry order:
/// all but the algorithm, the exponent and erosion's method and counts.
pub fn by_kind() -> impl Iterator<Item = Field> + Clone {
    fields().filter(|field| !OWN_FORMAT.contains(field))
}

/// The stages with a number, which an input may name with any number.
pub const NUMBERED_STAGES: [fn(u32) -> Stage; 5] = [
    Stage::Pass,
    Stage::Octave,
    Stage::Droplets,
    Stage::Slides,
    Stage::Step,
];

/// Which of [`NUMBERED_STAGES`] `stage` is, and its number.
fn numbered(stage: Stage) -> Option<(u8, u32)> {
    match stage {
        Stage::Pass(number) => Some((0, number)),
        Stage::Octave(number) => Some((1, number)),
        Stage::Droplets(number) => Some((2, number)),
        Stage::Slides(number) => Some((3, number)),
        Stage::Step(number) => Some((4, number)),
        _ => None,
    }
}

/// Sets erosion's `method` and, for a method other than none, all three
/// of its counts to `count` (the droplets that fall, the slides, and the
/// steps of the droplet a trace follows, at least 1): one number, so that
/// every method's runs stay as short as [`EROSION_COUNTS`] keeps them.
pub fn set_erosion(params: &mut Params, method: Method, count: u32) {
    let erosion = &mut params.erosion;
    erosion.method = method;
    if method != Method::None {
        erosion.droplets.droplets = count;
        erosion.thermal.iterations = count;
        erosion.droplets.lifetime = count.max(1);
    }
}

/// Whether `value` is in the range `kind` allows: the documented ranges,
/// written out here apart from the core's own check so the two can be
/// compared.
pub fn in_range(kind: Kind, value: &Value) -> bool {
    match (kind, value) {
        (Kind::Whole { min, max }, Value::Whole(whole)) => min <= *whole && *whole <= max,
        // Both comparisons are false for NaN.
        (Kind::Number { min, max }, Value::Number(number)) => min <= *number && *number <= max,
        (Kind::Switch, Value::Switch(_)) => true,
        (Kind::Choice(names), Value::Choice(index)) => *index < names.len(),
        _ => false,
    }
}

/// The fields of `params` out of their range, in registry order.
pub fn out_of_range(params: &Params) -> impl Iterator<Item = Field> + '_ {
    fields().filter(|&field| !in_range(field.spec().kind, &params.get(field)))
}

/// How a `generate` input chooses its stage: read before the fields, and
/// made a stage once they are all known (see [`decode_generate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StagePick {
    /// One of the map's own stages, counting back from its last.
    Own(u8),
    /// One of an algorithm's (by its place in [`ALL`]) generator stages
    /// for the same parameters.
    Other {
        /// The algorithm's place in [`ALL`], modulo their count.
        algorithm: u8,
        /// The stage's place in its list, modulo their count.
        index: u8,
    },
    /// One of [`NUMBERED_STAGES`] with any number.
    Numbered {
        /// The place in [`NUMBERED_STAGES`], modulo their count.
        kind: u8,
        /// The stage's number.
        number: u32,
    },
}

impl StagePick {
    /// Reads a mode byte and what it needs.
    fn read(reader: &mut Reader<'_>) -> Self {
        match reader.byte() % 4 {
            0 => Self::Own(reader.byte()),
            1 => Self::Other {
                algorithm: reader.byte(),
                index: reader.byte(),
            },
            2 => Self::Numbered {
                kind: reader.byte(),
                number: u32::from(reader.byte()),
            },
            _ => Self::Numbered {
                kind: reader.byte(),
                number: reader.u32(),
            },
        }
    }

    /// The bytes [`StagePick::read`] reads as this pick.
    fn write(self, bytes: &mut Vec<u8>) {
        match self {
            Self::Own(back) => bytes.extend([0, back]),
            Self::Other { algorithm, index } => bytes.extend([1, algorithm, index]),
            Self::Numbered { kind, number } => match u8::try_from(number) {
                Ok(small) => bytes.extend([2, kind, small]),
                Err(_) => {
                    bytes.extend([3, kind]);
                    bytes.extend(number.to_le_bytes());
                }
            },
        }
    }

    /// The stage this pick makes for `params`. A pick among stages needs
    /// every value in range (an exponent of `u32::MAX` has four billion
    /// passes); for other params it is `done`, which the check never
    /// reaches anyway.
    pub fn stage(self, params: &Params) -> Stage {
        let in_range = out_of_range(params).next().is_none();
        let nth = |stages: Vec<Stage>, index: usize| stages[index % stages.len()];
        match self {
            Self::Numbered { kind, number } => {
                NUMBERED_STAGES[usize::from(kind) % NUMBERED_STAGES.len()](number)
            }
            _ if !in_range => Stage::Done,
            Self::Own(back) => {
                let stages = params.stages();
                let last = stages.len() - 1;
                nth(stages, last - usize::from(back) % (last + 1))
            }
            Self::Other { algorithm, index } => {
                let other = Params {
                    algorithm: ALL[usize::from(algorithm) % ALL.len()],
                    ..*params
                };
                nth(other.generator_stages(), usize::from(index))
            }
        }
    }

    /// A pick that makes `stage` for `params`: among the map's own stages
    /// if it is one, else among another algorithm's, else by its number;
    /// `done` for a stage with no number that no algorithm has for these
    /// params (or for params out of range).
    pub fn of(stage: Stage, params: &Params) -> Self {
        let in_range = out_of_range(params).next().is_none();
        if in_range {
            let stages = params.stages();
            if let Some(back) = stages.iter().rev().position(|&own| own == stage)
                && let Ok(back) = u8::try_from(back)
            {
                return Self::Own(back);
            }
        }
        if let Some((kind, number)) = numbered(stage) {
            return Self::Numbered { kind, number };
        }
        if in_range {
            for (algorithm, other) in ALL.iter().enumerate() {
                let stages = Params {
                    algorithm: *other,
                    ..*params
                }
                .generator_stages();
                if let Some(index) = stages.iter().position(|&theirs| theirs == stage)
                    && let (Ok(algorithm), Ok(index)) =
                        (u8::try_from(algorithm), u8::try_from(index))
                {
                    return Self::Other { algorithm, index };
                }
            }
        }
        Self::Own(0)
    }
}

/// Reads a `generate` input, in this order:
///
/// 1. algorithm: a byte, `%` the count of [`ALL`], in its order;
/// 2. exponent: a byte; 0 leaves the algorithm's default, 1 to 247 are
///    `1 + (byte - 1) % 7` (1 to [`MAX_GENERATE_EXPONENT`]), 248 and up
///    pick one out of range (0, 13, 31, 32, 63, 64, 1000, `u32::MAX`);
/// 3. stage (a [`StagePick`]): a mode byte, `% 4` = 0, one of the map's own
///    stages (the generator's, then erosion's), a next byte counting back
///    from the last; 1, one of any algorithm's generator stages for the same
///    parameters (so refusals of stages the map lacks are checked), a byte
///    for the algorithm and one for the stage; 2, a numbered stage
///    (`pass-K`, `octave-K`, `droplets-K`, `slides-K` or `step-K`, a byte
///    choosing which) with a byte for `K`; 3, the same with four bytes. A
///    pick among stages for params out of range is `done`;
/// 4. erosion: a byte, `%` the methods (none, droplets, thermal, trace),
///    and a byte, `%` [`EROSION_COUNTS`], for its count (see
///    [`set_erosion`]; ignored for none);
/// 5. then every other field of the registry ([`by_kind`]: spread, spread
///    reduction, seed, normalize, the noises', the droplets'...), in its
///    order, by its kind, a zero byte always leaving the field's default:
///    - a whole number: a byte; 1 to 253 count up from the smallest
///      allowed (`min + (byte - 1) % span`, `span` the range's size up to
///      253), 254 is one past the largest, 255 takes the next eight bytes
///      as any `u64`;
///    - a number: a mode byte, `% 4` = 0, the default; 1, an edge case,
///      a next byte choosing among the range's ends, one step past each,
///      0, -0, the smallest normal numbers, NaN, the infinities...; 2, four
///      bytes as a fraction of the way from the smallest to the largest
///      allowed; 3, eight bytes of raw `f64` bits (anything at all);
///    - a switch: a byte, on when odd, off when even (not 0);
///    - a choice: a byte, `(byte - 1) %` its names.
///
/// An input that ends early leaves the rest at zero bytes: the final
/// stage of the algorithm's defaults, at the exponent given.
pub fn decode_generate(data: &[u8]) -> (Params, Stage) {
    let mut reader = Reader::new(data);
    let mut params = Params::new(ALL[usize::from(reader.byte()) % ALL.len()]);
    match reader.byte() {
        0 => {}
        byte @ 1..=247 => params.map.exponent = 1 + u32::from(byte - 1) % MAX_GENERATE_EXPONENT,
        byte => params.map.exponent = UNUSUAL_EXPONENTS[usize::from(byte - 248)],
    }
    let pick = StagePick::read(&mut reader);
    let method = Method::ALL[usize::from(reader.byte()) % Method::ALL.len()];
    set_erosion(
        &mut params,
        method,
        u32::from(reader.byte()) % EROSION_COUNTS,
    );
    for field in by_kind() {
        if let Some(value) = read_value(&mut reader, field.spec().kind) {
            (field.parameter().set)(&mut params, &value);
        }
    }
    (params, pick.stage(&params))
}

/// The largest whole number a byte counts up to from the smallest.
const WHOLE_SPAN: u64 = 253;

/// One field's value, read by its kind (see [`decode_generate`]); `None`
/// leaves the default.
fn read_value(reader: &mut Reader<'_>, kind: Kind) -> Option<Value> {
    match kind {
        Kind::Whole { min, max } => match reader.byte() {
            0 => None,
            255 => Some(Value::Whole(reader.u64())),
            254 => Some(Value::Whole(max.saturating_add(1))),
            byte => {
                let span = (max - min).min(WHOLE_SPAN - 1) + 1;
                Some(Value::Whole(min + u64::from(byte - 1) % span))
            }
        },
        Kind::Number { min, max } => {
            let number = match reader.byte() % 4 {
                0 => return None,
                1 => {
                    let edges = [
                        min,
                        max,
                        min.next_down(),
                        max.next_up(),
                        0.0,
                        -0.0,
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
                2 => (min + f64::from(reader.u32()) / f64::from(u32::MAX) * (max - min)).min(max),
                _ => f64::from_bits(reader.u64()),
            };
            Some(Value::Number(number))
        }
        Kind::Switch => match reader.byte() {
            0 => None,
            byte => Some(Value::Switch(byte % 2 == 1)),
        },
        Kind::Choice(names) => match reader.byte() {
            0 => None,
            byte => Some(Value::Choice(usize::from(byte - 1) % names.len())),
        },
        // No field of the registry is of another kind (a test holds them
        // to it).
        _ => None,
    }
}

/// The bytes [`read_value`] reads as `value`: a zero byte for the
/// default (bit for bit), else an exact form.
fn write_value(bytes: &mut Vec<u8>, kind: Kind, value: &Value, default: &Value) {
    match (kind, value, default) {
        (Kind::Number { .. }, Value::Number(number), Value::Number(default))
            if number.to_bits() == default.to_bits() =>
        {
            bytes.push(0);
        }
        (Kind::Number { .. }, Value::Number(number), _) => {
            bytes.push(3);
            bytes.extend(number.to_bits().to_le_bytes());
        }
        _ if value == default => bytes.push(0),
        (Kind::Whole { min, max }, Value::Whole(whole), _) => {
            let span = (max - min).min(WHOLE_SPAN - 1) + 1;
            if *whole >= min && whole - min < span {
                bytes.push(1 + (whole - min) as u8);
            } else if *whole == max.saturating_add(1) {
                bytes.push(254);
            } else {
                bytes.push(255);
                bytes.extend(whole.to_le_bytes());
            }
        }
        (Kind::Switch, Value::Switch(on), _) => bytes.push(if *on { 1 } else { 2 }),
        (Kind::Choice(_), Value::Choice(index), _) => {
            bytes.push(u8::try_from(*index + 1).unwrap_or(0));
        }
        _ => bytes.push(0),
    }
}

/// The `generate` input that [`decode_generate`] reads as `params` and
/// `stage`, with its trailing zero bytes left out (they read the same).
/// It is exact but for what the format cannot say: an exponent from 8 to
/// 12 or out of range but not one of [`UNUSUAL_EXPONENTS`] (written as the
/// default), erosion's counts (the method's own count is written, modulo
/// [`EROSION_COUNTS`], and [`set_erosion`] sets all three from it), and a
/// stage that [`StagePick::of`] cannot pick (written as the map's last).
pub fn generate(params: &Params, stage: Stage) -> Vec<u8> {
    let defaults = Params::new(params.algorithm);
    let exponent = params.map.exponent;
    let exponent_byte = if exponent == defaults.map.exponent {
        0
    } else if (1..=MAX_GENERATE_EXPONENT).contains(&exponent) {
        exponent as u8
    } else {
        UNUSUAL_EXPONENTS
            .iter()
            .position(|&unusual| unusual == exponent)
            .map_or(0, |index| 248 + index as u8)
    };
    let mut bytes = vec![params.algorithm.index() as u8, exponent_byte];
    StagePick::of(stage, params).write(&mut bytes);
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
    let count = if erosion.method == Method::None {
        0
    } else {
        count % EROSION_COUNTS
    };
    bytes.extend([method as u8, count as u8]);
    // What the decoder starts from before the fields read by kind.
    let mut start = defaults;
    set_erosion(&mut start, erosion.method, count);
    for field in by_kind() {
        write_value(
            &mut bytes,
            field.spec().kind,
            &params.get(field),
            &start.get(field),
        );
    }
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, MapSettings};

    /// `params` and `stage`, and what reading their bytes gives, bit for
    /// bit (numbers by their bits, so NaN equals NaN).
    fn round_trip(params: &Params, stage: Stage) {
        let bytes = generate(params, stage);
        let (read, read_stage) = decode_generate(&bytes);
        assert_eq!(read_stage, stage, "{params:?} {bytes:?}");
        for field in fields() {
            let (ours, theirs) = (params.get(field), read.get(field));
            let same = match (&ours, &theirs) {
                (Value::Number(a), Value::Number(b)) => a.to_bits() == b.to_bits(),
                _ => ours == theirs,
            };
            assert!(
                same,
                "{field:?}: {ours:?} read as {theirs:?} from {bytes:?}"
            );
        }
    }

    #[test]
    fn every_value_of_every_field_reads_back() {
        let mut params = Params {
            map: MapSettings {
                exponent: 6,
                seed: u64::MAX,
                normalize: false,
            },
            ..Params::new(Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT)
        };
        params.subdivision.spread = -0.0;
        for stage in [Stage::Corners, Stage::Pass(3), Stage::Done] {
            round_trip(&params, stage);
        }
        params.subdivision.spread = f64::NAN;
        for stage in [Stage::Pass(u32::MAX), Stage::Slides(9), Stage::Done] {
            round_trip(&params, stage);
        }
        for algorithm in ALL {
            let defaults = Params::new(*algorithm);
            // The defaults' last stage is the algorithm's byte alone.
            let bytes = generate(&defaults, defaults.final_stage());
            assert!(bytes.len() <= 1, "{bytes:?}");
            assert_eq!(
                decode_generate(&[algorithm.index() as u8]),
                (defaults, defaults.final_stage())
            );
            for stage in defaults.stages() {
                round_trip(&defaults, stage);
            }
            // Every field in turn: one past its range (a switch flipped, a
            // choice the last).
            for field in by_kind() {
                let mut changed = defaults;
                let past = match field.spec().kind {
                    Kind::Whole { max, .. } => Value::Whole(max.saturating_add(1)),
                    Kind::Number { max, .. } => Value::Number(max.next_up()),
                    Kind::Switch => Value::Switch(!defaults.get(field).switch()),
                    Kind::Choice(names) => Value::Choice(names.len() - 1),
                    kind => panic!("{field:?}: no format for {kind:?}"),
                };
                (field.parameter().set)(&mut changed, &past);
                round_trip(&changed, Stage::Done);
                round_trip(&changed, Stage::Pass(2));
            }
        }
        let mut eroded = Params::new(Algorithm::VALUE_NOISE);
        set_erosion(&mut eroded, Method::Trace, 9);
        for stage in eroded.stages() {
            round_trip(&eroded, stage);
        }
        let huge = Params {
            map: MapSettings::new(u32::MAX, 0),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        assert_eq!(decode_generate(&generate(&huge, Stage::Done)).0, huge);
    }

    #[test]
    fn picks_reach_stages_the_map_lacks_and_numbers_past_its_own() {
        let params = Params::new(Algorithm::MIDPOINT_DISPLACEMENT);
        let square = StagePick::of(Stage::Square, &params);
        assert!(matches!(square, StagePick::Other { .. }), "{square:?}");
        assert_eq!(square.stage(&params), Stage::Square);
        let far = StagePick::of(Stage::Octave(40), &params);
        assert_eq!(far.stage(&params), Stage::Octave(40));
        assert_eq!(StagePick::Own(0).stage(&params), Stage::Done);
        assert_eq!(StagePick::Own(1).stage(&params), Stage::Pass(5));
        let mut out = params;
        out.subdivision.spread = f64::NAN;
        assert_eq!(StagePick::Own(1).stage(&out), Stage::Done);
        assert_eq!(out_of_range(&out).collect::<Vec<_>>(), [Field::SPREAD]);
    }
}
