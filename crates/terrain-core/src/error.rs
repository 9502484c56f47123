//! The one error type of the core.

use std::fmt;

use crate::limits::{MAX_EXPONENT, MIN_EXPONENT};
use crate::spec::{Refusal, Spec, Surface, describe_refusal};

/// Everything that can go wrong in the core. Messages name the setting, the
/// value given and what is allowed, so they can be shown to a reader as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A setting is outside its range, or text is not a value of its kind.
    InvalidParameter {
        /// Which setting.
        spec: &'static Spec,
        /// The value given, quoted when it came as text.
        value: String,
    },
    /// A setting was left empty.
    Empty {
        /// Which setting.
        spec: &'static Spec,
    },
    /// The algorithm has no such stage, or not at this exponent.
    InvalidStage {
        /// The stage setting.
        spec: &'static Spec,
        /// The stage asked for, quoted.
        value: String,
        /// The algorithm's name.
        algorithm: &'static str,
        /// The stages it has at the requested exponent, in words ("one of
        /// corners, … or pass-1 to pass-5", or "done" alone).
        allowed: String,
    },
    /// A value a surface could not even turn into text: `seed` given as a
    /// JavaScript number too big to be exact, say.
    Unreadable {
        /// Which setting.
        spec: &'static Spec,
        /// What is wrong with it, after the setting's name: "1e30 is past
        /// the largest whole number…".
        reason: String,
    },
    /// A map's exponent is outside 1 to 12.
    InvalidExponent {
        /// The exponent given.
        exponent: u32,
    },
    /// A map given to erosion has a height too far from 0 for its sums to
    /// stay finite (see `erosion::MAX_ABS_HEIGHT`).
    HeightOutOfRange {
        /// The row-major index of the first such height.
        index: usize,
        /// That height, as text.
        value: String,
        /// The largest magnitude allowed.
        limit: u32,
    },
    /// A buffer of heights had the wrong length for its exponent.
    WrongSize {
        /// `(2^exponent + 1)^2`.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// A buffer of heights held NaN or an infinity.
    NotFinite {
        /// The row-major index of the first bad height.
        index: usize,
    },
}

impl Error {
    /// The error for `refusal` of a value of `spec`.
    pub fn refused(spec: &'static Spec, refusal: Refusal) -> Self {
        match refusal {
            Refusal::Empty => Error::Empty { spec },
            Refusal::Invalid(value) => Error::InvalidParameter { spec, value },
        }
    }

    /// The setting this error is about, if it is about one.
    pub fn spec(&self) -> Option<&'static Spec> {
        match self {
            Error::InvalidParameter { spec, .. }
            | Error::Empty { spec }
            | Error::InvalidStage { spec, .. }
            | Error::Unreadable { spec, .. } => Some(spec),
            Error::InvalidExponent { .. }
            | Error::HeightOutOfRange { .. }
            | Error::WrongSize { .. }
            | Error::NotFinite { .. } => None,
        }
    }

    /// The message as `surface` says it: each names the setting its own
    /// way (`data-spread`, `URL parameter spread`, `spread`, `Starting
    /// spread`), and attributes and links also take a bare switch.
    pub fn describe_on(&self, surface: Surface) -> String {
        match self {
            Error::InvalidParameter { spec, value } => {
                spec.refuse_on(surface, &Refusal::Invalid(value.clone()))
            }
            Error::Empty { spec } => spec.refuse_on(surface, &Refusal::Empty),
            Error::InvalidStage { spec, .. } | Error::Unreadable { spec, .. } => {
                self.describe(&spec.name_on(surface))
            }
            Error::InvalidExponent { .. }
            | Error::HeightOutOfRange { .. }
            | Error::WrongSize { .. }
            | Error::NotFinite { .. } => self.describe(match surface {
                Surface::Control => "Exponent",
                _ => "exponent",
            }),
        }
    }

    /// The message, calling the setting `name`: the JavaScript API says
    /// `spreadReduction`, an embed says `data-spread-reduction`, the pages
    /// say `spread reduction` (which is what [`Display`](fmt::Display) uses).
    pub fn describe(&self, name: &str) -> String {
        match self {
            Error::InvalidParameter { spec, value } => {
                describe_refusal(name, &spec.allowed(), &Refusal::Invalid(value.clone()))
            }
            Error::Empty { spec } => describe_refusal(name, &spec.allowed(), &Refusal::Empty),
            Error::InvalidStage {
                value,
                algorithm,
                allowed,
                ..
            } => format!("{name} must be {allowed} for {algorithm}; got {value}"),
            Error::Unreadable { reason, .. } => format!("{name} {reason}"),
            Error::InvalidExponent { exponent } => format!(
                "{name} must be a whole number from {MIN_EXPONENT} to {MAX_EXPONENT}; got {exponent}"
            ),
            Error::WrongSize { expected, actual } => {
                format!("expected {expected} heights, got {actual}")
            }
            Error::NotFinite { index } => format!("height number {index} is not a finite number"),
            Error::HeightOutOfRange {
                index,
                value,
                limit,
            } => format!(
                "height number {index} is {value}; erosion needs heights from -{limit} to {limit}"
            ),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Error::InvalidExponent { .. } => "exponent",
            _ => self.spec().map_or("", |spec| spec.label),
        };
        formatter.write_str(&self.describe(name))
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Kind, Surfaces};

    static SPREAD_REDUCTION: Spec = Spec {
        label: "spread reduction",
        title: "Spread reduction",
        option: "spreadReduction",
        attribute: "data-spread-reduction",
        help: "",
        kind: Kind::Number { min: 0.0, max: 2.0 },
        step: 0.05,
        surfaces: Surfaces::MAP,
    };

    #[test]
    fn describe_lets_each_surface_name_the_setting_its_own_way() {
        let error = Error::InvalidParameter {
            spec: &SPREAD_REDUCTION,
            value: "-1".to_owned(),
        };
        assert_eq!(
            error.to_string(),
            "spread reduction must be a number from 0 to 2; got -1"
        );
        assert_eq!(
            error.describe("spreadReduction"),
            "spreadReduction must be a number from 0 to 2; got -1"
        );
        assert_eq!(error.spec(), Some(&SPREAD_REDUCTION));
        assert_eq!(
            Error::InvalidExponent { exponent: 13 }.to_string(),
            "exponent must be a whole number from 1 to 12; got 13"
        );
    }
}
