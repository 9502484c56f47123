//! Which generator, and the stages each one goes through.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::generators::noise::Basis;
use crate::spec::{Kind, Spec, Surfaces};

/// Which generator: every surface's spelling of it. An embedded demo names
/// it in the attribute that makes it a demo.
pub static ALGORITHM: Spec = Spec {
    label: "algorithm",
    title: "Algorithm",
    option: "algorithm",
    attribute: "data-terrain-demo",
    help: "which generator makes the map",
    kind: Kind::Choice(&Algorithm::NAMES),
    step: 1.0,
    surfaces: Surfaces::MAP,
};

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
    /// Chapter 4: random heights at lattice points, blended across cells.
    ValueNoise,
    /// Chapter 4: random gradients at lattice points, their planes blended.
    PerlinNoise,
    /// Chapter 4: random gradients on a triangular grid.
    SimplexNoise,
}

impl Algorithm {
    /// Every algorithm, in series order.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::RandomNoise,
        Algorithm::MidpointDisplacement,
        Algorithm::RecursiveMidpointDisplacement,
        Algorithm::DiamondSquare,
        Algorithm::TileableDiamondSquare,
        Algorithm::ValueNoise,
        Algorithm::PerlinNoise,
        Algorithm::SimplexNoise,
    ];

    /// Every algorithm's [`Algorithm::name`], in the order of
    /// [`Algorithm::ALL`].
    pub const NAMES: [&'static str; 8] = [
        "random-noise",
        "midpoint-displacement",
        "recursive-midpoint-displacement",
        "diamond-square",
        "tileable-diamond-square",
        "value-noise",
        "perlin-noise",
        "simplex-noise",
    ];

    /// The name used in the JavaScript API, URLs and embed attributes.
    pub fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// Its place in [`Algorithm::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The algorithm at `index` in [`Algorithm::ALL`], if there is one.
    pub fn at(index: usize) -> Option<Algorithm> {
        Self::ALL.get(index).copied()
    }

    /// The name for people: "Recursive midpoint displacement".
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::RandomNoise => "Random noise",
            Algorithm::MidpointDisplacement => "Midpoint displacement",
            Algorithm::RecursiveMidpointDisplacement => "Recursive midpoint displacement",
            Algorithm::DiamondSquare => "Diamond-square",
            Algorithm::TileableDiamondSquare => "Tileable diamond-square",
            Algorithm::ValueNoise => "Value noise",
            Algorithm::PerlinNoise => "Perlin noise",
            Algorithm::SimplexNoise => "Simplex noise",
        }
    }

    /// The gradient noise it is, if it is one.
    pub fn noise_basis(self) -> Option<Basis> {
        match self {
            Algorithm::ValueNoise => Some(Basis::Value),
            Algorithm::PerlinNoise => Some(Basis::Perlin),
            Algorithm::SimplexNoise => Some(Basis::Simplex),
            _ => None,
        }
    }

    /// Whether it builds a map by subdividing it, pass by pass.
    pub fn subdivides(self) -> bool {
        matches!(
            self,
            Algorithm::MidpointDisplacement
                | Algorithm::RecursiveMidpointDisplacement
                | Algorithm::DiamondSquare
                | Algorithm::TileableDiamondSquare
        )
    }

    /// Whether copies of its maps tile with no seam: the last row and
    /// column repeat the first.
    pub fn is_tileable(self) -> bool {
        self == Algorithm::TileableDiamondSquare
    }
}

impl FromStr for Algorithm {
    type Err = Error;

    /// Reads [`Algorithm::name`], ignoring case and surrounding white space.
    fn from_str(text: &str) -> Result<Self, Error> {
        // The parser only returns indices of `NAMES`, which lists `ALL`.
        ALGORITHM
            .parse(text)
            .map(|value| Algorithm::ALL[value.choice()])
            .map_err(|refusal| Error::refused(&ALGORITHM, refusal))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_agree() {
        for (index, algorithm) in Algorithm::ALL.into_iter().enumerate() {
            assert_eq!(algorithm.index(), index);
            assert_eq!(Algorithm::at(index), Some(algorithm));
            assert_eq!(algorithm.name(), Algorithm::NAMES[index]);
        }
        assert_eq!(Algorithm::at(Algorithm::ALL.len()), None);
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
        let error = "plasma"
            .parse::<Algorithm>()
            .expect_err("no such algorithm");
        assert_eq!(error.spec(), Some(&ALGORITHM));
    }
}
