//! Parameters read from text and checked, each value once.
//!
//! [`ValidParams`] is the one type [`crate::generate`] takes: parameters
//! every value of which has been checked against its range. Only the
//! readers make one: [`Params::read`] (embed attributes, links, the
//! options of the JavaScript functions), [`ValidParams::with_text`] (a
//! control), [`ValidParams::with_value`] (the worker protocol's decoder)
//! and [`Params::check`] (Rust code that built its own). Each checks the
//! values it is given and nothing else, so a value is checked exactly
//! once, and nothing after a reader checks again.

use std::ops::Deref;

use crate::error::Error;
use crate::generators::ALGORITHM;
use crate::params::{Algorithm, Field, Params};
use crate::registry::fields;
use crate::spec::{Spec, Surface, Value};
use crate::stage::{STAGE, Stage};
use crate::unread::Unread;

/// The algorithm a reading starts from when it is given none: the third
/// post's, diamond-square.
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::DIAMOND_SQUARE;

/// Parameters whose every value is in its range: see the module
/// documentation. Read them through [`Deref`]; change them through the
/// `with_` methods, which check what they change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValidParams(Params);

impl Deref for ValidParams {
    type Target = Params;

    fn deref(&self) -> &Params {
        &self.0
    }
}

impl Default for ValidParams {
    /// The defaults of [`DEFAULT_ALGORITHM`].
    fn default() -> Self {
        Self::new(DEFAULT_ALGORITHM)
    }
}

impl ValidParams {
    /// The defaults of `algorithm`, which are in range (a test holds every
    /// algorithm's to it).
    pub fn new(algorithm: Algorithm) -> Self {
        Self(Params::new(algorithm))
    }

    /// The parameters, to change and check again.
    pub fn into_params(self) -> Params {
        self.0
    }

    /// These parameters with `field` read from `text` (surrounding white
    /// space ignored) and checked; the error names the field, the value and
    /// what is allowed.
    pub fn with_text(&self, field: Field, text: &str) -> Result<Self, Error> {
        let spec = field.spec();
        let value = spec
            .parse(text)
            .map_err(|refusal| Error::refused(spec, refusal))?;
        self.with_value(field, &value)
    }

    /// These parameters with `field` set to `value`, checked.
    pub fn with_value(&self, field: Field, value: &Value) -> Result<Self, Error> {
        let spec = field.spec();
        spec.check(value)
            .map_err(|refusal| Error::refused(spec, refusal))?;
        let mut changed = self.0;
        (field.parameter().set)(&mut changed, value);
        Ok(Self(changed))
    }

    /// These parameters on a map of another size, if `exponent` is in
    /// range.
    pub fn with_exponent(&self, exponent: u32) -> Result<Self, Error> {
        self.with_value(Field::EXPONENT, &Value::Whole(u64::from(exponent)))
    }

    /// These parameters with another seed (any `u64` is one).
    pub fn with_seed(&self, seed: u64) -> Self {
        let mut changed = self.0;
        changed.map.seed = seed;
        Self(changed)
    }
}

/// What a reader of settings made of them: parameters and a stage, both
/// valid, an error for each value it could not use (that value's default
/// stands instead), and the settings given that the parameters do not
/// read.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The parameters, valid.
    pub params: ValidParams,
    /// The stage, valid for the parameters' algorithm and exponent.
    pub stage: Stage,
    /// One error per value refused, in registry order.
    pub errors: Vec<Error>,
    /// Each setting given (well or badly) that the parameters do not read,
    /// in registry order.
    pub unread: Vec<Unread>,
}

impl Reading {
    /// The errors about settings the parameters read: what an embed or an
    /// address says, with [`Reading::unread`], of what it was given.
    pub fn heeded(&self) -> impl Iterator<Item = &Error> {
        self.errors.iter().filter(|error| {
            !self
                .unread
                .iter()
                .any(|unread| error.spec() == Some(unread.field().spec()))
        })
    }

    /// What an embed says of the settings it was given, on `surface`:
    /// each refusal [`Reading::heeded`], then each setting not read, with
    /// the setting each is about.
    pub fn said_on(
        &self,
        surface: Surface,
    ) -> impl Iterator<Item = (Option<&'static Spec>, String)> + '_ {
        crate::unread::said_on(self.heeded(), &self.unread, surface)
    }
}

impl Params {
    /// Checks every value; the first out of its range is the error, naming
    /// the field, the value and what is allowed.
    pub fn check(self) -> Result<ValidParams, Error> {
        for field in fields() {
            let spec = field.spec();
            spec.check(&self.get(field))
                .map_err(|refusal| Error::refused(spec, refusal))?;
        }
        Ok(ValidParams(self))
    }

    /// Reads parameters and a stage from one surface: `lookup` returns the
    /// text given for a setting, if any (or an error, for a value the
    /// surface cannot even turn into text). The algorithm comes first,
    /// since the other defaults depend on it; the stage last, since which
    /// stages exist depends on the algorithm and the exponent. Each value
    /// given is checked once; a refused one leaves its default in place and
    /// adds an error to the list.
    pub fn read(mut lookup: impl FnMut(&'static Spec) -> Result<Option<String>, Error>) -> Reading {
        let mut errors = Vec::new();
        let mut text_of = |spec: &'static Spec, errors: &mut Vec<Error>| {
            lookup(spec).unwrap_or_else(|error| {
                errors.push(error);
                None
            })
        };
        let default = DEFAULT_ALGORITHM;
        let algorithm = match text_of(&ALGORITHM, &mut errors).map(|text| text.parse()) {
            Some(Ok(algorithm)) => algorithm,
            Some(Err(error)) => {
                errors.push(error);
                default
            }
            None => default,
        };
        let mut params = ValidParams::new(algorithm);
        let mut given = Vec::new();
        for field in fields().skip(1) {
            if let Some(text) = text_of(field.spec(), &mut errors) {
                given.push(field);
                match params.with_text(field, &text) {
                    Ok(changed) => params = changed,
                    Err(error) => errors.push(error),
                }
            }
        }
        let stage = match text_of(&STAGE, &mut errors) {
            None => params.final_stage(),
            Some(text) => match text
                .parse::<Stage>()
                .and_then(|stage| params.check_stage(stage).map(|()| stage))
            {
                Ok(stage) => stage,
                Err(error) => {
                    errors.push(error);
                    params.final_stage()
                }
            },
        };
        // Known once every choice is read: talus given before erosion.
        let unread = given
            .into_iter()
            .filter_map(|field| Unread::of(&params, field))
            .collect();
        Reading {
            params,
            stage,
            errors,
            unread,
        }
    }
}

// Uses proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::erosion::droplets::DropletSettings;
    use crate::limits::{MAX_EXPONENT, MIN_EXPONENT};
    use crate::params::{MAX_SPREAD, MAX_SPREAD_REDUCTION, MapSettings};
    use proptest::prelude::*;

    fn diamond_square() -> ValidParams {
        ValidParams::new(Algorithm::DIAMOND_SQUARE)
    }

    #[test]
    fn defaults_are_the_posts_values_and_valid() {
        let mpd = Params::new(Algorithm::MIDPOINT_DISPLACEMENT);
        assert_eq!(
            (
                mpd.map.exponent,
                mpd.subdivision.spread,
                mpd.subdivision.spread_reduction
            ),
            (5, 0.3, 0.5)
        );
        let recursive = Params::new(Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT).subdivision;
        assert_eq!((recursive.spread, recursive.spread_reduction), (0.3, 0.55));
        let diamond = Params::new(Algorithm::DIAMOND_SQUARE).subdivision;
        assert_eq!((diamond.spread, diamond.spread_reduction), (0.3, 0.5));
        for algorithm in Algorithm::all() {
            let params = Params::new(algorithm);
            assert_eq!(params.algorithm, algorithm);
            assert_eq!(params.check(), Ok(ValidParams::new(algorithm)));
        }
    }

    #[test]
    fn a_check_names_field_value_and_range() {
        let with = |change: fn(&mut Params)| {
            let mut params = *diamond_square();
            change(&mut params);
            params.check().expect_err("out of range").to_string()
        };
        type Change = fn(&mut Params);
        let cases: [(Change, &str); 6] = [
            (
                |params| params.map.exponent = 0,
                "exponent must be a whole number from 1 to 12; got 0",
            ),
            (
                |params| params.map.exponent = 40,
                "exponent must be a whole number from 1 to 12; got 40",
            ),
            (
                |params| params.subdivision.spread = -1.0,
                "spread must be a number from 0 to 5; got -1",
            ),
            (
                |params| params.subdivision.spread = f64::NAN,
                "spread must be a number from 0 to 5; got NaN",
            ),
            (
                |params| params.subdivision.spread = f64::INFINITY,
                "spread must be a number from 0 to 5; got inf",
            ),
            (
                |params| params.subdivision.spread_reduction = 2.5,
                "spread reduction must be a number from 0 to 2; got 2.5",
            ),
        ];
        for (change, message) in cases {
            assert_eq!(with(change), message);
        }
    }

    #[test]
    fn text_input_is_parsed_trimmed_and_checked() {
        let params = diamond_square()
            .with_text(Field::EXPONENT, " 7 ")
            .and_then(|params| params.with_text(Field::SPREAD, "0.25"))
            .and_then(|params| params.with_text(Field::SPREAD_REDUCTION, "+0.6"))
            .and_then(|params| params.with_text(Field::SEED, "18446744073709551615"))
            .and_then(|params| params.with_text(Field::NORMALIZE, "off"))
            .and_then(|params| params.with_text(Field::ALGORITHM, "midpoint-displacement"))
            .expect("valid");
        let mut expected = Params::new(Algorithm::DIAMOND_SQUARE);
        expected.algorithm = Algorithm::MIDPOINT_DISPLACEMENT;
        expected.map = MapSettings {
            exponent: 7,
            seed: u64::MAX,
            normalize: false,
        };
        expected.subdivision.spread = 0.25;
        expected.subdivision.spread_reduction = 0.6;
        assert_eq!(*params, expected);
    }

    #[test]
    fn bad_text_is_refused_saying_why() {
        let bad = [
            (Field::EXPONENT, "40"),
            (Field::EXPONENT, "-1"),
            (Field::EXPONENT, "0"),
            (Field::EXPONENT, "abc"),
            (Field::EXPONENT, "1e309"),
            (Field::EXPONENT, "2^64"),
            (Field::EXPONENT, "5.5"),
            (Field::SPREAD, "-1"),
            (Field::SPREAD, "1e309"),
            (Field::SPREAD, "NaN"),
            (Field::SPREAD, "inf"),
            (Field::SPREAD_REDUCTION, "abc"),
            (Field::SEED, "-1"),
            (Field::SEED, "18446744073709551616"),
            (Field::SEED, "2^64"),
            (Field::SEED, "1.5"),
            (Field::NORMALIZE, "maybe"),
            (Field::ALGORITHM, "<script>alert(1)</script>"),
        ];
        for (field, text) in bad {
            let error = diamond_square().with_text(field, text).expect_err(text);
            let message = error.to_string();
            let spec = field.spec();
            assert!(message.starts_with(spec.label), "{message}");
            assert!(message.contains(&spec.allowed()), "{message}");
            assert_eq!(error.spec(), Some(spec));
        }
    }

    #[test]
    fn empty_text_says_it_is_empty() {
        for field in [
            Field::EXPONENT,
            Field::SPREAD,
            Field::SEED,
            Field::ALGORITHM,
        ] {
            let error = diamond_square()
                .with_text(field, "  \t")
                .expect_err("empty");
            let spec = field.spec();
            assert_eq!(
                error.to_string(),
                format!("{} is empty; enter {}", spec.label, spec.allowed())
            );
        }
    }

    #[test]
    fn quoted_values_are_escaped_and_shortened() {
        let long = "9".repeat(10_000);
        let message = diamond_square()
            .with_text(Field::SEED, &long)
            .expect_err("too big")
            .to_string();
        assert!(message.len() < 200, "{message}");
        let message = diamond_square()
            .with_text(Field::SPREAD, "\"quoted\"\n")
            .expect_err("not a number")
            .to_string();
        assert!(message.contains(r#""\"quoted\"""#), "{message}");
    }

    #[test]
    fn a_reading_starts_from_the_algorithms_defaults_and_keeps_them_for_bad_values() {
        let given = |spec: &'static Spec| {
            Ok(match spec.option {
                "algorithm" => Some("recursive-midpoint-displacement".to_owned()),
                "exponent" => Some("40".to_owned()),
                "seed" => Some(" 9 ".to_owned()),
                "stage" => Some("square".to_owned()),
                _ => None,
            })
        };
        let reading = Params::read(given);
        assert_eq!(
            reading.params,
            ValidParams::new(Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT).with_seed(9)
        );
        assert_eq!(reading.stage, Stage::Done);
        let refused: Vec<_> = reading
            .errors
            .iter()
            .filter_map(|error| error.spec().map(|spec| spec.option))
            .collect();
        assert_eq!(refused, ["exponent", "stage"]);
    }

    #[test]
    fn a_reading_of_the_erode_options_sets_every_droplet_setting() {
        let given = |spec: &'static Spec| {
            let text = match spec.option {
                "seed" => "18446744073709551615",
                "droplets" => "1234",
                "inertia" => "0.5",
                "capacity" => "8",
                "minCapacity" => "0.02",
                "erodeSpeed" => "0.6",
                "depositSpeed" => "0.1",
                "evaporateSpeed" => "0.05",
                "radius" => "5",
                "gravity" => "9",
                "lifetime" => "77",
                "wrap" => "true",
                _ => return Ok(None),
            };
            assert!(spec.surfaces.erode, "{} is not an erode() option", spec);
            Ok(Some(text.to_owned()))
        };
        let reading = Params::read(given);
        assert_eq!(reading.errors, []);
        assert_eq!(reading.params.map.seed, u64::MAX);
        assert_eq!(
            reading.params.erosion.droplets,
            DropletSettings {
                droplets: 1234,
                seed: 0,
                wrap: true,
                inertia: 0.5,
                capacity: 8.0,
                min_capacity: 0.02,
                erode_speed: 0.6,
                deposit_speed: 0.1,
                evaporate_speed: 0.05,
                radius: 5,
                gravity: 9.0,
                lifetime: 77,
            }
        );
        // Nothing given: the erosion chapter's defaults, walls at the edges.
        let defaults = Params::read(|_| Ok(None));
        assert_eq!(defaults.params.erosion.droplets, DropletSettings::default());
        assert_eq!(defaults.params.map.seed, 0);
    }

    /// Every value given is checked once: a reader hands each spec's text
    /// to it once, and nothing checks the other values again.
    #[test]
    fn a_reading_asks_for_each_setting_once() {
        let mut asked = Vec::new();
        let _ = Params::read(|spec| {
            asked.push(spec.option);
            Ok(None)
        });
        let mut unique = asked.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), asked.len(), "{asked:?}");
        assert_eq!(
            asked.len(),
            fields().count() + 1,
            "every field and the stage"
        );
    }

    proptest! {
        #[test]
        fn with_text_never_panics_and_never_makes_invalid_params(
            index in 0..fields().count(),
            text in ".{0,40}",
        ) {
            let field = fields().nth(index).expect("in range");
            match diamond_square().with_text(field, &text) {
                Ok(params) => prop_assert!(params.into_params().check().is_ok()),
                Err(error) => prop_assert!(!error.to_string().is_empty()),
            }
        }

        #[test]
        fn text_round_trips(
            exponent in MIN_EXPONENT..=MAX_EXPONENT,
            spread in 0.0..=MAX_SPREAD,
            spread_reduction in 0.0..=MAX_SPREAD_REDUCTION,
            seed: u64,
            normalize: bool,
            algorithm_index in 0..crate::ALL.len(),
        ) {
            let algorithm = crate::ALL[algorithm_index];
            let mut params = Params::new(algorithm);
            params.map = MapSettings { exponent, seed, normalize };
            params.subdivision.spread = spread;
            params.subdivision.spread_reduction = spread_reduction;
            let mut read_back = diamond_square();
            for field in fields() {
                read_back = read_back.with_text(field, &params.text(field)).expect("round trip");
            }
            prop_assert_eq!(*read_back, params);
        }

        #[test]
        fn out_of_range_numbers_are_always_refused(
            spread in prop_oneof![-1e300..-1e-300, 5.000001..1e300],
        ) {
            let mut params = *diamond_square();
            params.subdivision.spread = spread;
            let refused = matches!(
                params.check(),
                Err(Error::InvalidParameter { spec, .. }) if spec == Field::SPREAD.spec()
            );
            prop_assert!(refused);
        }
    }
}
