//! The generators, one file each (one folder, with a file per basis, for
//! the noises of chapter 4), in the order the series introduces them.
//!
//! Each file says what its algorithm does in its own words, and ends its
//! opening with the algorithm's [`Description`]: its names, the parameters
//! it reads, its stages, a run up to any of them, the points each sets and
//! the words for each. [`ALL`] registers every description, one line each;
//! nothing outside this folder and `params.rs` asks which
//! algorithm it has.
//!
//! [`Description`]: crate::Description

pub mod diamond_square;
pub mod midpoint_displacement;
pub mod noise;
pub mod random_noise;
pub mod recursive_midpoint_displacement;
pub mod subdivision;
pub mod tileable_diamond_square;

use std::str::FromStr;

use crate::error::Error;
use crate::params::Algorithm;
use crate::spec::{Kind, Spec, Surfaces};

pub use noise::{Arrow, Segment};

/// Every algorithm, in the order the series introduces them. An
/// algorithm crosses the worker protocol as its place here, so a new one
/// goes at the end (the protocol's version covers these names, so a page
/// and a worker of different lists refuse each other anyway).
pub const ALL: &[Algorithm] = &[
    Algorithm::RANDOM_NOISE,
    Algorithm::MIDPOINT_DISPLACEMENT,
    Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT,
    Algorithm::DIAMOND_SQUARE,
    Algorithm::TILEABLE_DIAMOND_SQUARE,
    Algorithm::VALUE_NOISE,
    Algorithm::PERLIN_NOISE,
    Algorithm::SIMPLEX_NOISE,
    Algorithm::CELLULAR_NOISE,
];

/// Every algorithm's name, in the order of [`ALL`]: the choices of
/// [`crate::ALGORITHM`].
pub static NAMES: [&str; ALL.len()] = {
    let mut names = [""; ALL.len()];
    let mut index = 0;
    while index < ALL.len() {
        names[index] = ALL[index].description().name;
        index += 1;
    }
    names
};

/// Which generator: every surface's spelling of it. An embedded demo names
/// it in the attribute that makes it a demo.
pub static ALGORITHM: Spec = Spec {
    label: "algorithm",
    title: "Algorithm",
    option: "algorithm",
    attribute: "data-terrain-demo",
    help: "which generator makes the map",
    kind: Kind::Choice(&NAMES),
    step: 1.0,
    surfaces: Surfaces::MAP,
};

impl Algorithm {
    /// Every algorithm, in the order the series introduces them: [`ALL`].
    pub fn all() -> impl ExactSizeIterator<Item = Algorithm> + Clone {
        ALL.iter().copied()
    }

    /// Its place in [`ALL`].
    pub fn index(self) -> usize {
        ALL.iter()
            .position(|algorithm| *algorithm == self)
            .unwrap_or_default()
    }

    /// The algorithm at `index` in [`ALL`], if there is one.
    pub fn at(index: usize) -> Option<Algorithm> {
        ALL.get(index).copied()
    }
}

impl FromStr for Algorithm {
    type Err = Error;

    /// Reads [`Algorithm::name`], ignoring case and surrounding white space.
    fn from_str(text: &str) -> Result<Self, Error> {
        let value = ALGORITHM
            .parse(text)
            .map_err(|refusal| Error::refused(&ALGORITHM, refusal))?;
        // The parser only returns indices of NAMES, which lists ALL.
        Ok(ALL[value.choice()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_agree() {
        for (index, algorithm) in Algorithm::all().enumerate() {
            assert_eq!(algorithm.index(), index);
            assert_eq!(Algorithm::at(index), Some(algorithm));
            assert_eq!(algorithm.name(), NAMES[index]);
        }
        assert_eq!(Algorithm::at(ALL.len()), None);
        let mut names = NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len(), "two algorithms share a name");
    }

    #[test]
    fn names_round_trip() {
        for algorithm in Algorithm::all() {
            assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
            assert_eq!(algorithm.to_string(), algorithm.name());
        }
        assert_eq!(
            " Diamond-Square ".parse::<Algorithm>(),
            Ok(Algorithm::DIAMOND_SQUARE)
        );
        let error = "plasma"
            .parse::<Algorithm>()
            .expect_err("no such algorithm");
        assert_eq!(error.spec(), Some(&ALGORITHM));
    }
}
