//! Which generator, and the stages each one goes through.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::generators::{
    diamond_square, midpoint_displacement, random_noise, recursive_midpoint_displacement,
    subdivision_points,
};
use crate::spec::{Kind, Spec, Surfaces};
use crate::stage::{PointSet, STAGE, Stage};

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

    /// Every algorithm's [`Algorithm::name`], in the order of
    /// [`Algorithm::ALL`].
    pub const NAMES: [&'static str; 5] = [
        "random-noise",
        "midpoint-displacement",
        "recursive-midpoint-displacement",
        "diamond-square",
        "tileable-diamond-square",
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
        }
    }

    /// Whether copies of its maps tile with no seam: the last row and
    /// column repeat the first.
    pub fn is_tileable(self) -> bool {
        self == Algorithm::TileableDiamondSquare
    }

    /// The stages a map of this exponent goes through, in order.
    pub fn stages(self, exponent: u32) -> Vec<Stage> {
        match self {
            Algorithm::RandomNoise => random_noise::stages(),
            Algorithm::MidpointDisplacement => midpoint_displacement::stages(exponent),
            Algorithm::RecursiveMidpointDisplacement => {
                recursive_midpoint_displacement::stages(exponent)
            }
            Algorithm::DiamondSquare | Algorithm::TileableDiamondSquare => {
                diamond_square::stages(exponent)
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
            spec: &STAGE,
            value: format!("{:?}", stage.to_string()),
            algorithm: self.name(),
            allowed,
        })
    }

    /// The points `stage` sets on an exponent-`exponent` map. The stage is
    /// assumed to exist (see [`Algorithm::check_stage`]).
    pub fn new_points(self, stage: Stage, exponent: u32) -> PointSet {
        match self {
            Algorithm::RandomNoise => PointSet::Everything {
                side: (1usize << exponent) + 1,
            },
            _ => subdivision_points(stage, exponent),
        }
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

    #[test]
    fn iter_and_len_agree_with_contains() {
        for exponent in 1..=5 {
            let side = (1usize << exponent) + 1;
            for algorithm in Algorithm::ALL {
                for stage in algorithm.stages(exponent) {
                    let set = algorithm.new_points(stage, exponent);
                    let listed: Vec<_> = set.iter().collect();
                    let expected: Vec<_> = (0..side)
                        .flat_map(|y| (0..side).map(move |x| (x, y)))
                        .filter(|&(x, y)| set.contains(x, y))
                        .collect();
                    assert_eq!(listed, expected, "{algorithm} {stage} exponent {exponent}");
                    assert_eq!(set.len(), listed.len(), "{algorithm} {stage}");
                }
            }
        }
    }

    #[test]
    fn the_passes_of_a_map_set_every_point_exactly_once() {
        for exponent in 1..=6 {
            let side = (1usize << exponent) + 1;
            let mut count = vec![0u8; side * side];
            let algorithm = Algorithm::DiamondSquare;
            let corners = algorithm.new_points(Stage::Corners, exponent);
            let passes =
                (1..=exponent).map(|pass| algorithm.new_points(Stage::Pass(pass), exponent));
            for set in std::iter::once(corners).chain(passes) {
                for (x, y) in set.iter() {
                    count[y * side + x] += 1;
                }
            }
            assert!(count.iter().all(|&times| times == 1), "exponent {exponent}");
        }
    }
}
