//! The one error type of the core.

use std::fmt;

/// Everything that can go wrong in the core. Messages name the field, the
/// value given and what is allowed, so they can be shown to a reader as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A parameter is outside its range, or text is not a value of its kind.
    InvalidParameter {
        /// Which parameter.
        field: Field,
        /// The value given, quoted when it came as text.
        value: String,
        /// What is allowed, in words.
        allowed: &'static str,
    },
    /// A field was left empty.
    Empty {
        /// Which parameter.
        field: Field,
        /// What is allowed, in words.
        allowed: &'static str,
    },
    /// The algorithm has no such stage, or not at this exponent.
    InvalidStage {
        /// The stage asked for, quoted.
        value: String,
        /// The algorithm's name.
        algorithm: &'static str,
        /// The stages it has at the requested exponent.
        allowed: String,
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
    /// The message, calling the field `name`: the JavaScript API says
    /// `spreadReduction`, an embed says `data-spread-reduction`, the pages
    /// say `spread reduction` (which is what [`Display`](fmt::Display) uses).
    pub fn describe(&self, name: &str) -> String {
        match self {
            Error::InvalidParameter { value, allowed, .. } => {
                format!("{name} must be {allowed}; got {value}")
            }
            Error::Empty { allowed, .. } => format!("{name} is empty; enter {allowed}"),
            Error::InvalidStage {
                value,
                algorithm,
                allowed,
            } => format!("{name} must be one of {allowed} for {algorithm}; got {value}"),
            Error::WrongSize { expected, actual } => {
                format!("expected {expected} heights, got {actual}")
            }
            Error::NotFinite { index } => format!("height number {index} is not a finite number"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.field().map_or("", Field::label);
        formatter.write_str(&self.describe(name))
    }
}

impl std::error::Error for Error {}

/// The parameters a reader can set, named as the pages name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// Which generator.
    Algorithm,
    /// The `n` of the `2^n + 1` side.
    Exponent,
    /// The first pass's jitter.
    Spread,
    /// What the jitter is multiplied by after each pass.
    SpreadReduction,
    /// The PRNG seed.
    Seed,
    /// How far to run.
    Stage,
    /// Whether `done` rescales to `[0, 1]`.
    Normalize,
}

impl Field {
    /// Every field, in the order the pages show them.
    pub const ALL: [Field; 7] = [
        Field::Algorithm,
        Field::Exponent,
        Field::Spread,
        Field::SpreadReduction,
        Field::Seed,
        Field::Stage,
        Field::Normalize,
    ];

    /// The words used in messages and labels: `spread reduction`.
    pub fn label(self) -> &'static str {
        match self {
            Field::Algorithm => "algorithm",
            Field::Exponent => "exponent",
            Field::Spread => "spread",
            Field::SpreadReduction => "spread reduction",
            Field::Seed => "seed",
            Field::Stage => "stage",
            Field::Normalize => "normalize",
        }
    }

    /// The name in the JavaScript API and in URLs: `spreadReduction`.
    pub fn option_name(self) -> &'static str {
        match self {
            Field::SpreadReduction => "spreadReduction",
            other => other.label(),
        }
    }

    /// What the field accepts, in words, for messages.
    pub fn allowed(self) -> &'static str {
        match self {
            Field::Algorithm => {
                "one of random-noise, midpoint-displacement, recursive-midpoint-displacement, \
                 diamond-square, tileable-diamond-square"
            }
            Field::Exponent => "a whole number from 1 to 12",
            Field::Spread => "a number from 0 to 5",
            Field::SpreadReduction => "a number from 0 to 2",
            Field::Seed => "a whole number from 0 to 18446744073709551615",
            Field::Stage => "a stage name such as corners, square, pass-2 or done",
            Field::Normalize => "true or false",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.label())
    }
}

impl Error {
    /// The field this error is about, if it is about one.
    pub fn field(&self) -> Option<Field> {
        match self {
            Error::InvalidParameter { field, .. } | Error::Empty { field, .. } => Some(*field),
            Error::InvalidStage { .. } => Some(Field::Stage),
            Error::WrongSize { .. } | Error::NotFinite { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe_lets_each_surface_name_the_field_its_own_way() {
        let error = Error::InvalidParameter {
            field: Field::SpreadReduction,
            value: "-1".to_owned(),
            allowed: Field::SpreadReduction.allowed(),
        };
        assert_eq!(
            error.to_string(),
            "spread reduction must be a number from 0 to 2; got -1"
        );
        assert_eq!(
            error.describe("spreadReduction"),
            "spreadReduction must be a number from 0 to 2; got -1"
        );
        assert_eq!(error.field(), Some(Field::SpreadReduction));
    }
}
