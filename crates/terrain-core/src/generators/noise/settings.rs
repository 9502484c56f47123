//! What a noise reads: its settings, their ranges and defaults, and how
//! each is spelled ([`Spec`]s, which the registry of parameters lists).

use crate::spec::{Kind, Spec, Surfaces};

crate::named_choices! {
    /// The curve that blends lattice points across a cell, as a function of the
    /// offset `t` in `[0, 1]`; all three go from 0 to 1. Simplex noise has its
    /// own radial kernel and ignores it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Fade {
        /// `t`: the surface is kinked at every cell border.
        Linear = "linear",
        /// `3t² − 2t³`: smooth slopes, but the curvature jumps at cell borders,
        /// which lighting shows as faint creases.
        Smoothstep = "smoothstep",
        /// `6t⁵ − 15t⁴ + 10t³`: slope and curvature both continuous.
        Quintic = "quintic",
    }
}

impl Fade {
    /// The weight of the far lattice point at offset `t`.
    #[inline]
    pub fn weight(self, t: f64) -> f64 {
        match self {
            Fade::Linear => t,
            Fade::Smoothstep => t * t * (3.0 - 2.0 * t),
            Fade::Quintic => t * t * t * (t * (t * 6.0 - 15.0) + 10.0),
        }
    }

    /// The weight and its derivative at offset `t`.
    #[inline]
    pub fn weight_and_slope(self, t: f64) -> (f64, f64) {
        let slope = match self {
            Fade::Linear => 1.0,
            Fade::Smoothstep => 6.0 * t * (1.0 - t),
            Fade::Quintic => 30.0 * t * t * (t * (t - 2.0) + 1.0),
        };
        (self.weight(t), slope)
    }
}

crate::named_choices! {
    /// What each octave's noise `n` (in `[−1, 1]`) becomes before it is added.
    /// Every shape stays in `[−1, 1]` (the ridged multifractal's too, at its
    /// default offset).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Shape {
        /// `n` itself.
        Plain = "plain",
        /// `1 − 2|n|`: the noise's zero lines become sharp crests.
        Ridged = "ridged",
        /// `2(1 − |n|)² − 1`: ridged, with the crests sharper and the valleys
        /// wider.
        SharpRidged = "sharp-ridged",
        /// `2|n| − 1`: the zero lines become creases between rounded mounds.
        Billow = "billow",
        /// Musgrave's ridged multifractal: sharp-ridged with an offset,
        /// `2w(offset − |n|)² − 1`, where the weight `w` is what the octave
        /// before let through (see [`Ridges`]): low ground stays smooth, and
        /// detail gathers on the ridges.
        RidgedMultifractal = "ridged-multifractal",
    }
}

impl Shape {
    /// The shaped value of `noise`, for an octave that `weight` of the
    /// ridged multifractal's weight reaches (1 for the first octave; every
    /// other shape ignores it and the ridges).
    #[inline]
    pub(crate) fn value(self, noise: f64, ridges: Ridges, weight: f64) -> f64 {
        match self {
            Shape::Plain => noise,
            Shape::Ridged => 1.0 - 2.0 * noise.abs(),
            Shape::SharpRidged => {
                let ridge = 1.0 - noise.abs();
                2.0 * ridge * ridge - 1.0
            }
            Shape::Billow => 2.0 * noise.abs() - 1.0,
            Shape::RidgedMultifractal => 2.0 * ridges.signal(noise, weight) - 1.0,
        }
    }

    /// The shaped value of `noise` and its derivative with respect to it,
    /// as [`Shape::value`].
    #[inline]
    pub(crate) fn apply(self, noise: f64, ridges: Ridges, weight: f64) -> (f64, f64) {
        let sign = if noise < 0.0 { -1.0 } else { 1.0 };
        let slope = match self {
            Shape::Plain => 1.0,
            Shape::Ridged => -2.0 * sign,
            Shape::SharpRidged => -4.0 * (1.0 - noise.abs()) * sign,
            Shape::Billow => 2.0 * sign,
            Shape::RidgedMultifractal => -4.0 * weight * (ridges.offset - noise.abs()) * sign,
        };
        (self.value(noise, ridges, weight), slope)
    }
}

/// The ridged multifractal's two numbers (Musgrave, in Ebert et al.,
/// *Texturing and Modeling*, 1994). Octave `k`'s *signal* is
/// `w_k (offset − |n_k|)²`, where the weight `w_k` is
/// `clamp(signal_{k−1} · feedback, 0, 1)` and `w_0 = 1`: where an octave
/// is low (a valley), the next ones are let through little, so valleys
/// stay smooth; on its ridges they come through whole. Each octave adds
/// `amplitude · (2 · signal − 1)`, so the octave stages' fixed mapping
/// shows Musgrave's sum divided by the total weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ridges {
    /// Lifts every ridge before it is squared: 0 to
    /// [`MAX_RIDGE_OFFSET`], default 1, Musgrave's.
    pub offset: f64,
    /// How much of an octave's signal becomes the next octave's weight:
    /// 0 (only the first octave shows) to [`MAX_RIDGE_FEEDBACK`], default
    /// 2, Musgrave's gain (a name of its own here, as `gain` is the
    /// octaves' weight ratio).
    pub feedback: f64,
}

impl Ridges {
    /// The signal of an octave of noise `noise` that `weight` reaches.
    #[inline]
    pub(crate) fn signal(self, noise: f64, weight: f64) -> f64 {
        let ridge = self.offset - noise.abs();
        ridge * ridge * weight
    }

    /// The weight the next octave gets from this one's `signal`.
    #[inline]
    pub(crate) fn next_weight(self, signal: f64) -> f64 {
        (signal * self.feedback).clamp(0.0, 1.0)
    }
}

impl Default for Ridges {
    fn default() -> Self {
        Self {
            offset: 1.0,
            feedback: 2.0,
        }
    }
}

/// The largest ridge offset: past 2 every octave's signal is past 1 and
/// the ridges' shape is lost in the lift.
pub const MAX_RIDGE_OFFSET: f64 = 2.0;
/// The largest ridge feedback.
pub const MAX_RIDGE_FEEDBACK: f64 = 4.0;

/// The ridged multifractal's offset.
pub static RIDGE_OFFSET: Spec = Spec {
    label: "ridge offset",
    title: "Ridge offset",
    option: "ridgeOffset",
    attribute: "data-ridge-offset",
    help: "0 to 2: lifts each octave's ridges before they are squared (ridged multifractal)",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_RIDGE_OFFSET,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// How much each ridge lets the next octave through.
pub static RIDGE_FEEDBACK: Spec = Spec {
    label: "ridge feedback",
    title: "Ridge feedback",
    option: "ridgeFeedback",
    attribute: "data-ridge-feedback",
    help: "0 to 4: how much of each octave's ridges lets the next octave through",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_RIDGE_FEEDBACK,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// The exponent the chapter's demos start from: 129 × 129 points.
pub const DEFAULT_EXPONENT: u32 = 7;
/// Lattice cells across the map in the first octave.
pub const DEFAULT_FREQUENCY: u32 = 4;
/// The fewest cells across the map.
pub const MIN_FREQUENCY: u32 = 1;
/// The most cells across the map: two points a cell on the largest
/// chapter demo (513 points), far finer than anyone needs for a first
/// octave.
pub const MAX_FREQUENCY: u32 = 256;
/// Octaves summed by default: as many as the default map can show. With
/// frequency 4 and lacunarity 2 on 129 points (128 steps), the fifth octave
/// has 64 cells, two map steps a cell. A sixth would have one: Perlin noise
/// is 0 at every lattice point, so each of its samples would land on the
/// same spot of its own cell, and the octave would add speckle, not detail
/// (the `resolution` tests measure it). Simplex noise's bumps are smaller
/// than a cell, so its fifth octave is already speckle on this map; one
/// default serves all three bases.
pub const DEFAULT_OCTAVES: u32 = 5;
/// The fewest octaves.
pub const MIN_OCTAVES: u32 = 1;
/// The most octaves: twelve doublings take 4 cells to 8192, past the
/// largest map's 4097 points.
pub const MAX_OCTAVES: u32 = 12;
/// Each octave's frequency over the one before: the usual doubling.
pub const DEFAULT_LACUNARITY: f64 = 2.0;
/// The least lacunarity: 1 stacks octaves of one size.
pub const MIN_LACUNARITY: f64 = 1.0;
/// The most lacunarity.
pub const MAX_LACUNARITY: f64 = 4.0;
/// Each octave's weight over the one before. In fBm terms the gain is
/// `lacunarity^(-H)`, with `H` the Hurst exponent: halving the weight as the
/// frequency doubles gives `H = 1`, amplitudes proportional to wavelength
/// (`1/f`), the smooth limit of fBm proper, where `0 < H < 1`. (It is the
/// amplitude that falls as `1/f`; the power, in one dimension, falls as
/// `f^-(2H + 1)`, here `f^-3`.)
pub const DEFAULT_GAIN: f64 = 0.5;
/// The least gain: 0 keeps only the first octave.
pub const MIN_GAIN: f64 = 0.0;
/// The most gain: every octave as strong as the first.
pub const MAX_GAIN: f64 = 1.0;
/// Heights are raised to this power at the end: 1 leaves them as they are.
pub const DEFAULT_POWER: f64 = 1.0;
/// The least power (flattens the peaks, lifts the valleys).
pub const MIN_POWER: f64 = 0.1;
/// The most power (deep flat valleys, narrow peaks).
pub const MAX_POWER: f64 = 5.0;
/// Terrace steps: 0 for none.
pub const DEFAULT_TERRACES: u32 = 0;
/// The most terrace steps.
pub const MAX_TERRACES: u32 = 32;
/// Domain-warp strength, in cells of the first octave: 0 for none.
pub const DEFAULT_WARP: f64 = 0.0;
/// The most warp: past a few cells the warp's own noise dominates.
pub const MAX_WARP: f64 = 4.0;
/// Derivative damping: 0 for none.
pub const DEFAULT_DAMPING: f64 = 0.0;
/// The most damping: at 4, a slope of 1 already cuts later octaves by 5.
pub const MAX_DAMPING: f64 = 4.0;

/// Lattice cells across the map in the first octave.
pub static FREQUENCY: Spec = Spec {
    label: "frequency",
    title: "Frequency",
    option: "frequency",
    attribute: "data-frequency",
    help: "1 to 256 lattice cells across the map, in the first octave",
    kind: Kind::Whole {
        min: MIN_FREQUENCY as u64,
        max: MAX_FREQUENCY as u64,
    },
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// How many octaves are summed.
pub static OCTAVES: Spec = Spec {
    label: "octaves",
    title: "Octaves",
    option: "octaves",
    attribute: "data-octaves",
    help: "1 to 12 layers of noise, each finer and fainter",
    kind: Kind::Whole {
        min: MIN_OCTAVES as u64,
        max: MAX_OCTAVES as u64,
    },
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// How much finer each octave is.
pub static LACUNARITY: Spec = Spec {
    label: "lacunarity",
    title: "Lacunarity",
    option: "lacunarity",
    attribute: "data-lacunarity",
    help: "1 to 4: each octave has this many times the cells of the last",
    kind: Kind::Number {
        min: MIN_LACUNARITY,
        max: MAX_LACUNARITY,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// How much fainter each octave is.
pub static GAIN: Spec = Spec {
    label: "gain",
    title: "Gain",
    option: "gain",
    attribute: "data-gain",
    help: "0 to 1: each octave weighs this much of the last",
    kind: Kind::Number {
        min: MIN_GAIN,
        max: MAX_GAIN,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// How a cell blends its corners.
pub static FADE: Spec = Spec {
    label: "fade",
    title: "Fade",
    option: "fade",
    attribute: "data-fade",
    help: "how a cell blends its corners: straight, or eased in and out",
    kind: Kind::Choice(&Fade::NAMES),
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// How each octave is reshaped.
pub static SHAPE: Spec = Spec {
    label: "shape",
    title: "Shape",
    option: "shape",
    attribute: "data-shape",
    help: "each octave as it is, folded into ridges, or puffed into billows",
    kind: Kind::Choice(&Shape::NAMES),
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// The power the finished heights are raised to.
pub static POWER: Spec = Spec {
    label: "power",
    title: "Power",
    option: "power",
    attribute: "data-power",
    help: "0.1 to 5: above 1 flattens valleys and sharpens peaks",
    kind: Kind::Number {
        min: MIN_POWER,
        max: MAX_POWER,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// How many terraces the finished heights are cut into.
pub static TERRACES: Spec = Spec {
    label: "terraces",
    title: "Terraces",
    option: "terraces",
    attribute: "data-terraces",
    help: "0 to 32 flat steps (0: none)",
    kind: Kind::Whole {
        min: 0,
        max: MAX_TERRACES as u64,
    },
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// How far the positions are pushed around by other noise.
pub static WARP: Spec = Spec {
    label: "warp",
    title: "Warp",
    option: "warp",
    attribute: "data-warp",
    help: "0 to 4 cells: how far other noise pushes where each point reads",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_WARP,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// How much steep ground damps the later octaves.
pub static DAMPING: Spec = Spec {
    label: "damping",
    title: "Damping",
    option: "damping",
    attribute: "data-damping",
    help: "0 to 4: how much slopes calm the finer octaves",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_DAMPING,
    },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// Whether the noise repeats across the map.
pub static TILEABLE: Spec = Spec {
    label: "tileable",
    title: "Tileable",
    option: "tileable",
    attribute: "data-tileable",
    help: "make the map repeat, so copies tile with no seam",
    kind: Kind::Switch,
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// How far cellular noise's feature points stray from their cells'
/// centres: 0 (a regular grid) to 1 (anywhere in the cell). Default 1.
pub const DEFAULT_JITTER: f64 = 1.0;

crate::named_choices! {
    /// How cellular noise measures the way to a feature point.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Distance {
        /// Straight, as the crow flies: round cells.
        Euclidean = "euclidean",
        /// Along the axes, as a taxi drives a grid of streets: diamond-shaped
        /// cells.
        Manhattan = "manhattan",
        /// The larger of the two axes' distances, as a king moves on a
        /// chessboard: square cells.
        Chebyshev = "chebyshev",
    }
}

crate::named_choices! {
    /// Which of the distances to the nearest feature points cellular noise
    /// shows.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Cell {
        /// The distance to the nearest one: pits at the points, cones around
        /// them.
        F1 = "f1",
        /// The distance to the second nearest: a bumpy web.
        F2 = "f2",
        /// The second distance less the first: 0 all along the cells' borders,
        /// where two points are equally near, so the cells stand out as
        /// plateaus with cracks between them.
        F2MinusF1 = "f2-f1",
    }
}

/// Cellular noise's feature points and how it measures them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellularSettings {
    /// How far each feature point strays from its cell's centre, 0 to 1:
    /// default [`DEFAULT_JITTER`].
    pub jitter: f64,
    /// How distances are measured: default Euclidean.
    pub distance: Distance,
    /// Which distance is shown: default F1.
    pub cell: Cell,
}

impl Default for CellularSettings {
    fn default() -> Self {
        Self {
            jitter: DEFAULT_JITTER,
            distance: Distance::Euclidean,
            cell: Cell::F1,
        }
    }
}

/// How far feature points stray from their cells' centres.
pub static JITTER: Spec = Spec {
    label: "jitter",
    title: "Jitter",
    option: "jitter",
    attribute: "data-jitter",
    help: "0 to 1: how far each feature point strays from its cell's centre",
    kind: Kind::Number { min: 0.0, max: 1.0 },
    step: 0.05,
    surfaces: Surfaces::MAP,
};

/// How cellular noise measures distances.
pub static DISTANCE: Spec = Spec {
    label: "distance",
    title: "Distance",
    option: "distance",
    attribute: "data-distance",
    help: "straight (round cells), along the axes (diamonds) or the larger axis (squares)",
    kind: Kind::Choice(&Distance::NAMES),
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// Which distance cellular noise shows.
pub static CELL: Spec = Spec {
    label: "cell",
    title: "Cell",
    option: "cell",
    attribute: "data-cell",
    help: "the nearest feature point's distance, the second's, or their difference",
    kind: Kind::Choice(&Cell::NAMES),
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// How a noise is summed and finished. The map's exponent and seed, and
/// whether `done` normalizes, are the map's own ([`crate::MapSettings`]);
/// which basis is the algorithm's. Every field's range is its [`Spec`]'s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NoiseSettings {
    /// Lattice cells across the map in the first octave (for simplex noise,
    /// lattice units): whole, [`MIN_FREQUENCY`] to [`MAX_FREQUENCY`],
    /// default [`DEFAULT_FREQUENCY`].
    pub frequency: u32,
    /// Octaves summed: [`MIN_OCTAVES`] to [`MAX_OCTAVES`], default
    /// [`DEFAULT_OCTAVES`].
    pub octaves: u32,
    /// Frequency ratio between octaves: [`MIN_LACUNARITY`] to
    /// [`MAX_LACUNARITY`], default [`DEFAULT_LACUNARITY`].
    pub lacunarity: f64,
    /// Weight ratio between octaves: [`MIN_GAIN`] to [`MAX_GAIN`], default
    /// [`DEFAULT_GAIN`].
    pub gain: f64,
    /// The blend across cells (value and Perlin noise): default quintic
    /// (value noise's own default is smoothstep).
    pub fade: Fade,
    /// What each octave is turned into before it is summed: default plain.
    pub shape: Shape,
    /// The ridged multifractal's offset and feedback.
    pub ridges: Ridges,
    /// `done` raises heights to this power: [`MIN_POWER`] to [`MAX_POWER`],
    /// default 1 (none).
    pub power: f64,
    /// `done` cuts heights into this many terraces after the power: 0
    /// (none) to [`MAX_TERRACES`], default 0.
    pub terraces: u32,
    /// Domain warping: octaves are read at positions moved by up to this many
    /// cells of the first octave, by two more noise fields: 0 (none) to
    /// [`MAX_WARP`], default 0.
    pub warp: f64,
    /// Derivative damping: each octave is divided by
    /// `1 + damping · |slope so far|²`, so detail gathers on flat ground and
    /// slopes stay smooth, as if eroded: 0 (none) to [`MAX_DAMPING`],
    /// default 0.
    pub damping: f64,
    /// Whether the map tiles: its last row and column equal its first, and
    /// copies placed side by side show no seam. Default false.
    pub tileable: bool,
    /// Cellular noise's feature points and distances.
    pub cellular: CellularSettings,
}

impl Default for NoiseSettings {
    /// A fBm of [`DEFAULT_OCTAVES`] octaves, [`DEFAULT_FREQUENCY`] cells
    /// across, each twice as fine and half as strong as the last.
    fn default() -> Self {
        Self {
            frequency: DEFAULT_FREQUENCY,
            octaves: DEFAULT_OCTAVES,
            lacunarity: DEFAULT_LACUNARITY,
            gain: DEFAULT_GAIN,
            fade: Fade::Quintic,
            shape: Shape::Plain,
            ridges: Ridges::default(),
            power: DEFAULT_POWER,
            terraces: DEFAULT_TERRACES,
            warp: DEFAULT_WARP,
            damping: DEFAULT_DAMPING,
            tileable: false,
            cellular: CellularSettings::default(),
        }
    }
}
