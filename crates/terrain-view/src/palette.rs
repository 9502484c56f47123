//! How heights become colours.

/// An sRGB colour with alpha, as the GPU takes it.
pub type Rgba = [u8; 4];

/// The colour of points the current step set.
pub const HIGHLIGHT: Rgba = [255, 96, 16, 255];

/// The colour of points not set yet (they sit at height 0).
pub const UNSET: Rgba = [176, 180, 186, 255];

terrain_core::named_choices! {
    /// How heights become colours.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum Palette {
        /// A smooth map palette: water blue, sand, greens, rock, snow.
        #[default]
        Terrain = "terrain",
        /// The same palette in ten flat bands, like contour lines.
        Bands = "bands",
        /// The posts' look: one flat green (#00bb00) on white.
        Green = "green",
        /// Black for the lowest point to white for the highest.
        Greyscale = "greyscale",
        /// How steep the ground is, pale where flat to dark red where steep
        /// ([`crate::measure`]).
        Slope = "slope",
        /// Blue in hollows, red on crests, pale where the ground is flat or
        /// evenly tilted.
        Curvature = "curvature",
        /// How many points' rain runs through each point, pale on ridges
        /// to deep blue along the rivers.
        Flow = "flow",
    }
}

impl Palette {
    /// The name shown in menus.
    pub fn title(self) -> &'static str {
        match self {
            Palette::Terrain => "Terrain colours",
            Palette::Bands => "Height bands",
            Palette::Green => "Flat green, as in the posts",
            Palette::Greyscale => "Greyscale",
            Palette::Slope => "Slope",
            Palette::Curvature => "Curvature",
            Palette::Flow => "Flow (rain gathered)",
        }
    }

    /// Whether the colours measure the map (slope, curvature, flow)
    /// rather than show its heights: a point's colour then comes from
    /// [`crate::measure::measured`], not from its height.
    pub fn measures(self) -> bool {
        matches!(self, Palette::Slope | Palette::Curvature | Palette::Flow)
    }

    /// The colour of a point at `height` (clamped to `[0, 1]`).
    pub fn color(self, height: f64) -> Rgba {
        let height = if height.is_nan() {
            0.0
        } else {
            height.clamp(0.0, 1.0)
        };
        match self {
            Palette::Terrain => ramp(height),
            Palette::Bands => ramp(((height * 10.0).floor().min(9.0) + 0.5) / 10.0),
            Palette::Green => [0, 0xbb, 0, 255],
            Palette::Greyscale => {
                let level = (height * 255.0).round() as u8;
                [level, level, level, 255]
            }
            Palette::Slope => through(&SLOPE_RAMP, height),
            Palette::Curvature => through(&CURVATURE_RAMP, height),
            Palette::Flow => through(&FLOW_RAMP, height),
        }
    }

    /// The colour of the walls round a 3D map: one colour, so the block's
    /// sides read as sides. Earth under colours that show heights, the
    /// posts' green darker under theirs, a neutral grey under the
    /// measuring colours, which belong to the surface alone.
    pub fn wall(self) -> Rgba {
        match self {
            Palette::Terrain | Palette::Bands => [104, 86, 70, 255],
            Palette::Green => [0, 116, 0, 255],
            Palette::Greyscale => [92, 92, 92, 255],
            Palette::Slope | Palette::Curvature | Palette::Flow => [112, 114, 118, 255],
        }
    }

    /// What the canvas is cleared to behind the terrain.
    pub fn background(self) -> Rgba {
        match self {
            Palette::Green => [255, 255, 255, 255],
            Palette::Greyscale => [236, 238, 240, 255],
            Palette::Terrain
            | Palette::Bands
            | Palette::Slope
            | Palette::Curvature
            | Palette::Flow => [232, 238, 242, 255],
        }
    }

    /// Whether this is the posts' own look, which comes with their camera
    /// and lighting.
    pub fn is_posts(self) -> bool {
        self == Palette::Green
    }
}

/// How a surface is coloured: its palette, and whether the water that
/// rain gathers is drawn on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Look {
    /// How heights become colours.
    pub palette: Palette,
    /// Rivers, or none.
    pub water: Water,
}

/// Whether a surface shows rivers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Water {
    /// No water drawn.
    #[default]
    Dry,
    /// The water rain gathers as it runs downhill, drawn where it is
    /// plenty; across the map's edges when `wrap` (a tileable map, a torus).
    Rivers {
        /// Whether water flows over an edge and comes back on the other side.
        wrap: bool,
    },
}

impl Water {
    /// Every kind of water. The worker protocol sends water as its place
    /// here.
    pub const ALL: [Water; 3] = [
        Water::Dry,
        Water::Rivers { wrap: false },
        Water::Rivers { wrap: true },
    ];

    /// Its name, for the protocol's version.
    pub fn name(self) -> &'static str {
        match self {
            Water::Dry => "dry",
            Water::Rivers { wrap: false } => "rivers",
            Water::Rivers { wrap: true } => "rivers-across-edges",
        }
    }
}

/// The colour of the biggest river.
pub const WATER: Rgba = [28, 96, 196, 255];

/// `color` under water `wetness` deep (0 dry to 1 the biggest river): a
/// trickle shows as a tint, a river as the water's own colour.
pub fn wet(color: Rgba, wetness: f32) -> Rgba {
    if wetness <= 0.0 {
        return color;
    }
    let amount = 0.45 + 0.55 * wetness.min(1.0);
    let mix = |dry: u8, water: u8| {
        (f32::from(dry) + (f32::from(water) - f32::from(dry)) * amount).round() as u8
    };
    [
        mix(color[0], WATER[0]),
        mix(color[1], WATER[1]),
        mix(color[2], WATER[2]),
        color[3],
    ]
}

/// How many heights a [`ColorTable`] samples, from 0 to 1.
const TABLE_LEN: usize = 4096;

/// A palette sampled at 4 096 evenly spaced heights, for colouring
/// a whole surface: a lookup per vertex instead of a search through the
/// ramp's stops and three roundings (at 513 x 513 that was a third of
/// building the surface). The nearest sample is at most 1/8190 away, so a
/// channel differs from [`Palette::color`]'s by at most one level, and
/// only where that rounds differently.
#[derive(Debug, Clone)]
pub struct ColorTable {
    colors: Box<[Rgba; TABLE_LEN]>,
}

impl ColorTable {
    /// `palette` sampled.
    pub fn new(palette: Palette) -> Self {
        let mut colors = Box::new([UNSET; TABLE_LEN]);
        for (index, color) in colors.iter_mut().enumerate() {
            *color = palette.color(index as f64 / (TABLE_LEN - 1) as f64);
        }
        Self { colors }
    }

    /// The colour of a point at `height` (clamped to `[0, 1]`; NaN is 0,
    /// as in [`Palette::color`]).
    #[inline]
    pub fn color(&self, height: f64) -> Rgba {
        // A float-to-integer `as` saturates and sends NaN to 0.
        let index = (height * (TABLE_LEN - 1) as f64 + 0.5) as usize;
        self.colors[index.min(TABLE_LEN - 1)]
    }
}

/// Stops of the terrain palette: height and sRGB colour.
const RAMP: [(f64, [u8; 3]); 8] = [
    (0.00, [34, 78, 122]),
    (0.16, [60, 128, 150]),
    (0.24, [214, 200, 146]),
    (0.32, [118, 164, 78]),
    (0.55, [62, 110, 54]),
    (0.72, [126, 104, 80]),
    (0.86, [156, 152, 146]),
    (1.00, [252, 252, 252]),
];

/// The slope palette's stops: 0 flat to 1 vertical (at relief 1), pale
/// to yellow at 15°, orange at 30°, red at 45°, near black past 60°.
const SLOPE_RAMP: [(f64, [u8; 3]); 6] = [
    (0.0, [246, 244, 232]),
    (1.0 / 6.0, [244, 214, 110]),
    (2.0 / 6.0, [232, 140, 52]),
    (3.0 / 6.0, [196, 52, 38]),
    (4.0 / 6.0, [110, 22, 40]),
    (1.0, [40, 12, 24]),
];

/// The curvature palette's stops: 0 the deepest hollow, 1/2 flat, 1 the
/// sharpest crest (see [`crate::measure`] for the scale).
const CURVATURE_RAMP: [(f64, [u8; 3]); 5] = [
    (0.0, [33, 88, 166]),
    (0.25, [130, 178, 218]),
    (0.5, [244, 242, 236]),
    (0.75, [232, 150, 112]),
    (1.0, [170, 40, 32]),
];

/// The flow palette's stops: 0 a point's own rain to 1 the whole map's.
const FLOW_RAMP: [(f64, [u8; 3]); 5] = [
    (0.0, [242, 238, 226]),
    (0.2, [226, 232, 232]),
    (0.4, [150, 196, 222]),
    (0.65, [52, 120, 190]),
    (1.0, [8, 40, 110]),
];

fn ramp(height: f64) -> Rgba {
    through(&RAMP, height)
}

/// The colour at `value` along `stops`, blended between the two around it.
fn through<const N: usize>(stops: &[(f64, [u8; 3]); N], value: f64) -> Rgba {
    let upper = stops
        .iter()
        .position(|&(stop, _)| stop >= value)
        .unwrap_or(N - 1)
        .max(1);
    let (low_stop, low) = stops[upper - 1];
    let (high_stop, high) = stops[upper];
    let t = ((value - low_stop) / (high_stop - low_stop)).clamp(0.0, 1.0);
    // Adding a half and truncating rounds these non-negative values as
    // `round` would, without its call: this runs once per vertex.
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t + 0.5) as u8;
    [
        mix(low[0], high[0]),
        mix(low[1], high[1]),
        mix(low[2], high[2]),
        255,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_its_palette_within_a_level() {
        for palette in Palette::ALL {
            let table = ColorTable::new(palette);
            for height in [-1.0, 0.0, 1.0, 2.0, f64::NAN, f64::INFINITY] {
                assert_eq!(table.color(height), palette.color(height), "{height}");
            }
            let mut off_by_one = 0;
            for step in 0..=100_000 {
                let height = f64::from(step) / 100_000.0;
                let (sampled, exact) = (table.color(height), palette.color(height));
                let most = (0..4)
                    .map(|channel| sampled[channel].abs_diff(exact[channel]))
                    .max();
                off_by_one += usize::from(most == Some(1));
                // Bands change colour at a boundary, which a sample may
                // put on the other side.
                let boundary = (height * 10.0 - (height * 10.0).round()).abs() < 2e-3;
                assert!(
                    most <= Some(1) || (palette == Palette::Bands && boundary),
                    "{palette:?} at {height}: {sampled:?} against {exact:?}"
                );
            }
            assert!(off_by_one < 30_000, "{palette:?}: {off_by_one} off by one");
        }
    }

    #[test]
    fn palettes_span_their_colours() {
        assert_eq!(Palette::Greyscale.color(0.0), [0, 0, 0, 255]);
        assert_eq!(Palette::Greyscale.color(1.0), [255, 255, 255, 255]);
        assert_eq!(Palette::Greyscale.color(7.0), [255, 255, 255, 255]);
        assert_eq!(Palette::Green.color(0.3), [0, 0xbb, 0, 255]);
        assert_eq!(Palette::Terrain.color(1.0), [252, 252, 252, 255]);
        assert_eq!(
            Palette::Terrain.color(f64::NAN),
            Palette::Terrain.color(0.0)
        );
        let bands: std::collections::HashSet<_> = (0..=100)
            .map(|step| Palette::Bands.color(f64::from(step) / 100.0))
            .collect();
        assert_eq!(bands.len(), 10);
        assert_eq!(wet([200, 180, 90, 255], 0.0), [200, 180, 90, 255]);
        assert_eq!(wet([200, 180, 90, 255], 1.0), WATER);
        let trickle = wet([200, 180, 90, 255], 0.1);
        assert!(trickle[2] > 90 && trickle[2] < WATER[2], "{trickle:?}");
        for (index, palette) in Palette::ALL.into_iter().enumerate() {
            assert_eq!(palette as usize, index);
            assert_eq!(palette.name(), Palette::NAMES[index]);
        }
    }
}
