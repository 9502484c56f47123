//! What a generator needs to know, validated in one place.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Field};
use crate::generators::{diamond_square, midpoint_displacement, recursive_midpoint_displacement};
use crate::heightmap::{MAX_EXPONENT, MIN_EXPONENT};
use crate::stage::Stage;

/// The generators, in the order the series introduces them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Every point uniform in `[0, 1)`.
    RandomNoise,
    /// Post 1: displace chunk by chunk, pass by pass.
    MidpointDisplacement,
    /// Post 2: the same idea, recursing into quadrants of nested views.
    RecursiveMidpointDisplacement,
    /// Post 3: alternate square and diamond steps over the whole map.
    DiamondSquare,
    /// Diamond-square with wrapping neighbours, so copies tile seamlessly.
    TileableDiamondSquare,
}

impl Algorithm {
    /// Every algorithm, in series order.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::RandomNoise,
        Algorithm::MidpointDisplacement,
        Algorithm::RecursiveMidpointDisplacement,
        Algorithm::DiamondSquare,
        Algorithm::TileableDiamondSquare,
    ];

    /// The name used in the JavaScript API, URLs and embed attributes.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::RandomNoise => "random-noise",
            Algorithm::MidpointDisplacement => "midpoint-displacement",
            Algorithm::RecursiveMidpointDisplacement => "recursive-midpoint-displacement",
            Algorithm::DiamondSquare => "diamond-square",
            Algorithm::TileableDiamondSquare => "tileable-diamond-square",
        }
    }

    /// The name for people: "Recursive midpoint displacement".
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::RandomNoise => "Random noise",
            Algorithm::MidpointDisplacement => "Midpoint displacement",
            Algorithm::RecursiveMidpointDisplacement => "Recursive midpoint displacement",
            Algorithm::DiamondSquare => "Diamond-square",
            Algorithm::TileableDiamondSquare => "Tileable diamond-square",
        }
    }

    /// Whether spread and spread reduction mean anything to it.
    pub fn uses_spread(self) -> bool {
        self != Algorithm::RandomNoise
    }

    /// The stages a map of this exponent goes through, in order.
    pub fn stages(self, exponent: u32) -> Vec<Stage> {
        let passes = (1..=exponent).map(Stage::Pass);
        match self {
            Algorithm::RandomNoise => vec![Stage::Done],
            Algorithm::MidpointDisplacement => [Stage::Corners, Stage::Edges, Stage::Center]
                .into_iter()
                .chain(passes)
                .chain([Stage::Done])
                .collect(),
            Algorithm::RecursiveMidpointDisplacement => [Stage::Corners]
                .into_iter()
                .chain(passes)
                .chain([Stage::Done])
                .collect(),
            Algorithm::DiamondSquare | Algorithm::TileableDiamondSquare => {
                [Stage::Corners, Stage::Square, Stage::Diamond]
                    .into_iter()
                    .chain(passes)
                    .chain([Stage::Done])
                    .collect()
            }
        }
    }

    /// `Ok` if this algorithm has `stage` at `exponent`.
    pub fn check_stage(self, stage: Stage, exponent: u32) -> Result<(), Error> {
        let stages = self.stages(exponent);
        if stages.contains(&stage) {
            return Ok(());
        }
        let allowed = match stages.as_slice() {
            [only] => only.to_string(),
            _ => {
                let named: Vec<String> = stages
                    .iter()
                    .filter(|stage| !matches!(stage, Stage::Pass(_)))
                    .map(Stage::to_string)
                    .collect();
                format!("{} or pass-1 to pass-{exponent}", named.join(", "))
            }
        };
        Err(Error::InvalidStage {
            value: format!("{:?}", stage.to_string()),
            algorithm: self.name(),
            allowed,
        })
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let trimmed = non_empty(Field::Algorithm, text)?;
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name().eq_ignore_ascii_case(trimmed))
            .ok_or_else(|| invalid_text(Field::Algorithm, trimmed))
    }
}

/// Everything that determines a map, apart from how far to run.
///
/// Build one with [`Params::new`] for the posts' defaults, change fields
/// freely, and let [`Params::validate`] (which [`crate::generate`] calls)
/// judge the result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Which generator to run.
    pub algorithm: Algorithm,
    /// The map is `2^exponent + 1` points on a side; 1 to [`MAX_EXPONENT`].
    /// Default 5, the posts' final demo.
    pub exponent: u32,
    /// Largest random offset of the first pass; 0 to 5. Default 0.3.
    pub spread: f64,
    /// Multiplies the spread after each pass; 0 to 2. Default 0.5, or 0.55
    /// for recursive midpoint displacement, as in the posts.
    pub spread_reduction: f64,
    /// Seeds the one PRNG; every `u64` is valid. Default 0.
    pub seed: u64,
    /// Whether `done` rescales heights to `[0, 1]`. Default true. Random
    /// noise is already in `[0, 1)` and is never rescaled.
    pub normalize: bool,
}

/// The exponent of the posts' final demos.
pub const DEFAULT_EXPONENT: u32 = 5;

/// The largest allowed spread. After normalization only the spread relative
/// to the corners' `[0, 1)` matters, and past 5 the corners are lost in it.
pub const MAX_SPREAD: f64 = 5.0;

/// The largest allowed spread reduction. Above 1 each pass is rougher than
/// the one before; 2 is enough to see that turn into noise.
pub const MAX_SPREAD_REDUCTION: f64 = 2.0;

impl Params {
    /// The posts' defaults for `algorithm`.
    pub fn new(algorithm: Algorithm) -> Self {
        let (spread, spread_reduction) = match algorithm {
            Algorithm::RandomNoise | Algorithm::MidpointDisplacement => (
                midpoint_displacement::DEFAULT_SPREAD,
                midpoint_displacement::DEFAULT_SPREAD_REDUCTION,
            ),
            Algorithm::RecursiveMidpointDisplacement => (
                recursive_midpoint_displacement::DEFAULT_SPREAD,
                recursive_midpoint_displacement::DEFAULT_SPREAD_REDUCTION,
            ),
            Algorithm::DiamondSquare | Algorithm::TileableDiamondSquare => (
                diamond_square::DEFAULT_SPREAD,
                diamond_square::DEFAULT_SPREAD_REDUCTION,
            ),
        };
        Self {
            algorithm,
            exponent: DEFAULT_EXPONENT,
            spread,
            spread_reduction,
            seed: 0,
            normalize: true,
        }
    }

    /// Checks every field; the first bad one is the error.
    pub fn validate(&self) -> Result<(), Error> {
        if !(MIN_EXPONENT..=MAX_EXPONENT).contains(&self.exponent) {
            return Err(invalid(Field::Exponent, self.exponent));
        }
        check_number(Field::Spread, self.spread, MAX_SPREAD)?;
        check_number(
            Field::SpreadReduction,
            self.spread_reduction,
            MAX_SPREAD_REDUCTION,
        )?;
        Ok(())
    }

    /// `2^exponent + 1`, for a validated exponent.
    pub fn side(&self) -> usize {
        (1usize << self.exponent) + 1
    }

    /// Sets one field from text typed by a reader or found in a URL or an
    /// embed attribute. Surrounding white space is ignored. On error nothing
    /// changes, so the last good value stays.
    pub fn set_text(&mut self, field: Field, text: &str) -> Result<(), Error> {
        let mut changed = *self;
        match field {
            Field::Algorithm => changed.algorithm = text.parse()?,
            Field::Exponent => {
                changed.exponent = parse_whole(field, text, u64::from(MAX_EXPONENT))? as u32
            }
            Field::Spread => changed.spread = parse_number(field, text)?,
            Field::SpreadReduction => changed.spread_reduction = parse_number(field, text)?,
            Field::Seed => changed.seed = parse_whole(field, text, u64::MAX)?,
            Field::Normalize => changed.normalize = parse_switch(field, text)?,
            // The stage is not a parameter; callers parse it with `Stage::from_str`.
            Field::Stage => {
                text.parse::<Stage>()?;
            }
        }
        changed.validate()?;
        *self = changed;
        Ok(())
    }

    /// The text form of one field, as [`Params::set_text`] reads it back.
    pub fn text(&self, field: Field) -> String {
        match field {
            Field::Algorithm => self.algorithm.name().to_owned(),
            Field::Exponent => self.exponent.to_string(),
            Field::Spread => self.spread.to_string(),
            Field::SpreadReduction => self.spread_reduction.to_string(),
            Field::Seed => self.seed.to_string(),
            Field::Normalize => self.normalize.to_string(),
            Field::Stage => String::new(),
        }
    }
}

impl Default for Params {
    /// Diamond-square with the posts' defaults.
    fn default() -> Self {
        Self::new(Algorithm::DiamondSquare)
    }
}

fn check_number(field: Field, value: f64, max: f64) -> Result<(), Error> {
    // `contains` is false for NaN, so NaN is refused here too.
    if (0.0..=max).contains(&value) {
        Ok(())
    } else {
        Err(invalid(field, value))
    }
}

fn invalid(field: Field, value: impl fmt::Display) -> Error {
    Error::InvalidParameter {
        field,
        value: value.to_string(),
        allowed: field.allowed(),
    }
}

/// The longest piece of a bad value quoted back in a message.
const MAX_QUOTED_CHARS: usize = 40;

/// An error quoting `text`, shortened and escaped (Rust's `Debug` quoting)
/// so that neither a huge paste nor markup can make a message unreadable.
pub(crate) fn invalid_text(field: Field, text: &str) -> Error {
    let mut quoted: String = text.chars().take(MAX_QUOTED_CHARS).collect();
    if quoted.len() < text.len() {
        quoted.push('…');
    }
    Error::InvalidParameter {
        field,
        value: format!("{quoted:?}"),
        allowed: field.allowed(),
    }
}

pub(crate) fn non_empty(field: Field, text: &str) -> Result<&str, Error> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        Err(Error::Empty {
            field,
            allowed: field.allowed(),
        })
    } else {
        Ok(trimmed)
    }
}

fn parse_whole(field: Field, text: &str, max: u64) -> Result<u64, Error> {
    let trimmed = non_empty(field, text)?;
    let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(invalid_text(field, trimmed));
    }
    // All digits, so the only failure left is overflow: out of range too.
    match digits.parse::<u64>() {
        Ok(value) if value <= max => Ok(value),
        _ => Err(invalid_text(field, trimmed)),
    }
}

fn parse_number(field: Field, text: &str) -> Result<f64, Error> {
    let trimmed = non_empty(field, text)?;
    match trimmed.parse::<f64>() {
        // +0.0 rather than -0.0, so "-0" reads back as "0".
        Ok(value) if value.is_finite() => Ok(value + 0.0),
        _ => Err(invalid_text(field, trimmed)),
    }
}

fn parse_switch(field: Field, text: &str) -> Result<bool, Error> {
    let trimmed = non_empty(field, text)?;
    match trimmed.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Ok(true),
        "false" | "0" | "off" | "no" => Ok(false),
        _ => Err(invalid_text(field, trimmed)),
    }
}

// Uses proptest and rand_xoshiro, native-only dev-dependencies.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn defaults_are_the_posts_values() {
        let mpd = Params::new(Algorithm::MidpointDisplacement);
        assert_eq!(
            (mpd.exponent, mpd.spread, mpd.spread_reduction),
            (5, 0.3, 0.5)
        );
        let recursive = Params::new(Algorithm::RecursiveMidpointDisplacement);
        assert_eq!((recursive.spread, recursive.spread_reduction), (0.3, 0.55));
        let diamond = Params::new(Algorithm::DiamondSquare);
        assert_eq!((diamond.spread, diamond.spread_reduction), (0.3, 0.5));
        for algorithm in Algorithm::ALL {
            assert_eq!(Params::new(algorithm).validate(), Ok(()));
        }
    }

    #[test]
    fn names_round_trip() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
        }
        assert_eq!(
            " Diamond-Square ".parse::<Algorithm>(),
            Ok(Algorithm::DiamondSquare)
        );
    }

    #[test]
    fn validation_names_field_value_and_range() {
        let cases = [
            (
                Params {
                    exponent: 0,
                    ..Params::default()
                },
                "exponent",
                "0",
                "1 to 12",
            ),
            (
                Params {
                    exponent: 40,
                    ..Params::default()
                },
                "exponent",
                "40",
                "1 to 12",
            ),
            (
                Params {
                    spread: -1.0,
                    ..Params::default()
                },
                "spread",
                "-1",
                "0 to 5",
            ),
            (
                Params {
                    spread: f64::NAN,
                    ..Params::default()
                },
                "spread",
                "NaN",
                "0 to 5",
            ),
            (
                Params {
                    spread: f64::INFINITY,
                    ..Params::default()
                },
                "spread",
                "inf",
                "0 to 5",
            ),
            (
                Params {
                    spread_reduction: 2.5,
                    ..Params::default()
                },
                "spread reduction",
                "2.5",
                "0 to 2",
            ),
        ];
        for (params, field, value, range) in cases {
            let message = params.validate().expect_err("invalid").to_string();
            for part in [field, value, range] {
                assert!(message.contains(part), "{message:?} lacks {part:?}");
            }
        }
    }

    #[test]
    fn text_input_is_parsed_trimmed_and_checked() {
        let mut params = Params::default();
        params.set_text(Field::Exponent, " 7 ").expect("valid");
        params.set_text(Field::Spread, "0.25").expect("valid");
        params
            .set_text(Field::SpreadReduction, "+0.6")
            .expect("valid");
        params
            .set_text(Field::Seed, "18446744073709551615")
            .expect("valid");
        params.set_text(Field::Normalize, "off").expect("valid");
        params
            .set_text(Field::Algorithm, "midpoint-displacement")
            .expect("valid");
        assert_eq!(
            params,
            Params {
                algorithm: Algorithm::MidpointDisplacement,
                exponent: 7,
                spread: 0.25,
                spread_reduction: 0.6,
                seed: u64::MAX,
                normalize: false,
            }
        );
    }

    #[test]
    fn bad_text_keeps_the_last_good_value_and_says_why() {
        let bad = [
            (Field::Exponent, "40"),
            (Field::Exponent, "-1"),
            (Field::Exponent, "0"),
            (Field::Exponent, "abc"),
            (Field::Exponent, "1e309"),
            (Field::Exponent, "2^64"),
            (Field::Exponent, "5.5"),
            (Field::Spread, "-1"),
            (Field::Spread, "1e309"),
            (Field::Spread, "NaN"),
            (Field::Spread, "inf"),
            (Field::SpreadReduction, "abc"),
            (Field::Seed, "-1"),
            (Field::Seed, "18446744073709551616"),
            (Field::Seed, "2^64"),
            (Field::Seed, "1.5"),
            (Field::Normalize, "maybe"),
            (Field::Algorithm, "<script>alert(1)</script>"),
        ];
        for (field, text) in bad {
            let mut params = Params::default();
            let error = params.set_text(field, text).expect_err(text);
            assert_eq!(
                params,
                Params::default(),
                "{field} {text:?} changed the params"
            );
            let message = error.to_string();
            assert!(message.starts_with(field.label()), "{message}");
            assert!(message.contains(field.allowed()), "{message}");
            assert_eq!(error.field(), Some(field));
        }
    }

    #[test]
    fn empty_text_says_it_is_empty() {
        for field in [
            Field::Exponent,
            Field::Spread,
            Field::Seed,
            Field::Algorithm,
        ] {
            let error = Params::default()
                .set_text(field, "  \t")
                .expect_err("empty");
            assert_eq!(
                error.to_string(),
                format!("{} is empty; enter {}", field.label(), field.allowed())
            );
        }
    }

    #[test]
    fn quoted_values_are_escaped_and_shortened() {
        let long = "9".repeat(10_000);
        let message = Params::default()
            .set_text(Field::Seed, &long)
            .expect_err("too big")
            .to_string();
        assert!(message.len() < 200, "{message}");
        let message = Params::default()
            .set_text(Field::Spread, "\"quoted\"\n")
            .expect_err("not a number")
            .to_string();
        assert!(message.contains(r#""\"quoted\"""#), "{message}");
    }

    #[test]
    fn stages_refused_name_what_is_allowed() {
        let error = Algorithm::MidpointDisplacement
            .check_stage(Stage::Square, 3)
            .expect_err("no square step in MPD");
        assert_eq!(
            error.to_string(),
            "stage must be one of corners, edges, center, done or pass-1 to pass-3 for \
             midpoint-displacement; got \"square\""
        );
        assert!(
            Algorithm::DiamondSquare
                .check_stage(Stage::Pass(4), 3)
                .is_err()
        );
        assert!(
            Algorithm::DiamondSquare
                .check_stage(Stage::Pass(0), 3)
                .is_err()
        );
        assert!(
            Algorithm::RandomNoise
                .check_stage(Stage::Corners, 3)
                .is_err()
        );
    }

    proptest! {
        #[test]
        fn set_text_never_panics_and_never_leaves_invalid_params(
            field_index in 0..Field::ALL.len(),
            text in ".{0,40}",
        ) {
            let mut params = Params::default();
            let field = Field::ALL[field_index];
            match params.set_text(field, &text) {
                Ok(()) => prop_assert_eq!(params.validate(), Ok(())),
                Err(error) => {
                    prop_assert_eq!(params, Params::default());
                    prop_assert!(!error.to_string().is_empty());
                }
            }
        }

        #[test]
        fn text_round_trips(
            exponent in MIN_EXPONENT..=MAX_EXPONENT,
            spread in 0.0..=MAX_SPREAD,
            spread_reduction in 0.0..=MAX_SPREAD_REDUCTION,
            seed: u64,
            normalize: bool,
            algorithm_index in 0..Algorithm::ALL.len(),
        ) {
            let params = Params {
                algorithm: Algorithm::ALL[algorithm_index],
                exponent, spread, spread_reduction, seed, normalize,
            };
            let mut read_back = Params::default();
            for field in Field::ALL {
                if field != Field::Stage {
                    read_back.set_text(field, &params.text(field)).expect("round trip");
                }
            }
            prop_assert_eq!(read_back, params);
        }

        #[test]
        fn out_of_range_numbers_are_always_refused(
            spread in prop_oneof![-1e300..-1e-300, 5.000001..1e300],
        ) {
            let params = Params { spread, ..Params::default() };
            let refused = matches!(
                params.validate(),
                Err(Error::InvalidParameter { field: Field::Spread, .. })
            );
            prop_assert!(refused);
        }
    }
}
