//! A heightmap as a flat picture: greyscale, the first post's way of
//! showing one, for the 2D views and for when WebGL is unavailable; and
//! what erosion changed, in red and blue.

use terrain_core::Terrain;

use crate::palette::HIGHLIGHT;
use crate::settings::View;
use crate::surface::marker_positions;

/// The most pixels per side a single copy gets; larger maps are sampled.
pub const MAX_PICTURE_SIDE: usize = 1025;

/// Points not set yet, drawn in a colour no height has, so they are not
/// mistaken for a middling grey.
pub const UNSET_PIXEL: [u8; 3] = [176, 196, 232];

/// RGBA pixels, `side` x `side`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// Pixels per side.
    pub side: usize,
    /// Row-major RGBA bytes.
    pub rgba: Vec<u8>,
    /// Map points per pixel: 1, or a power of two for maps wider than
    /// [`MAX_PICTURE_SIDE`].
    pub stride: usize,
    /// Whether it shows four copies of the map, the second of each pair
    /// starting `(side - 1) / 2` pixels after the first.
    pub tiled: bool,
}

impl Picture {
    /// Where map point `(x, y)` (fractional between points) is in the
    /// first copy, in pixels from the picture's top-left corner: the
    /// middle of a point's own pixel.
    pub fn pixel_of(&self, x: f64, y: f64) -> [f64; 2] {
        let stride = self.stride as f64;
        [x / stride + 0.5, y / stride + 0.5]
    }

    /// How far, in pixels, each copy sits from the first: one offset for a
    /// single map, four for a tiled picture.
    pub fn copies(&self) -> Vec<[f64; 2]> {
        if self.tiled {
            let period = ((self.side - 1) / 2) as f64;
            vec![[0.0, 0.0], [period, 0.0], [0.0, period], [period, period]]
        } else {
            vec![[0.0, 0.0]]
        }
    }
}

/// The picture a 2D `view` shows of `terrain` (a 3D view's picture is its
/// greyscale one, for when there is no WebGL).
pub fn of_view(terrain: &Terrain, view: View) -> Picture {
    match view {
        View::Difference => difference(terrain),
        View::Tiles | View::PictureTiles => greyscale(terrain, true),
        View::Surface | View::Picture => greyscale(terrain, false),
    }
}

/// The terrain seen from above, the lowest set point black and the highest
/// white (a flat map is mid-grey), with the last step's points in the
/// highlight colour (when few enough to mark) and points not set yet in
/// [`UNSET_PIXEL`]. With `tiled`, four copies side by side: the map repeats
/// with a period of `side - 1` points, so a tileable map's copies meet
/// seamlessly and any other's show a seam.
pub fn greyscale(terrain: &Terrain, tiled: bool) -> Picture {
    let map = &terrain.heightmap;
    let (low, high) = set_range(terrain);
    let span = high - low;
    let mark = marker_positions(terrain).is_some();
    paint(map.side(), tiled, |x, y| {
        if mark && terrain.new_points.contains(x, y) {
            [HIGHLIGHT[0], HIGHLIGHT[1], HIGHLIGHT[2]]
        } else if !terrain.is_set(x, y) {
            UNSET_PIXEL
        } else if span > 0.0 {
            let level = ((map.get(x, y) - low) / span * 255.0)
                .round()
                .clamp(0.0, 255.0) as u8;
            [level; 3]
        } else {
            [128; 3]
        }
    })
}

/// Where erosion took material, in red, and where it left it, in blue, the
/// strongest change the deepest colour and no change white. The scale is a
/// square root, so that the many small changes show beside the few big
/// ones. A map erosion did not touch is white.
pub fn difference(terrain: &Terrain) -> Picture {
    let after = &terrain.heightmap;
    let before = terrain
        .erosion
        .as_ref()
        .map(|report| &report.before)
        .filter(|before| before.side() == after.side());
    let change =
        |x: usize, y: usize| before.map_or(0.0, |before| after.get(x, y) - before.get(x, y));
    let side = after.side();
    let mut strongest = 0.0_f64;
    for y in 0..side {
        for x in 0..side {
            strongest = strongest.max(change(x, y).abs());
        }
    }
    paint(side, false, |x, y| {
        let change = change(x, y);
        if strongest <= 0.0 || change == 0.0 {
            return [255; 3];
        }
        let depth = (change.abs() / strongest).sqrt();
        let towards = if change < 0.0 { ERODED } else { DEPOSITED };
        towards.map(|channel| (255.0 + (f64::from(channel) - 255.0) * depth).round() as u8)
    })
}

/// The colour of the most material taken, in the difference view.
pub const ERODED: [u8; 3] = [196, 40, 28];

/// The colour of the most material left.
pub const DEPOSITED: [u8; 3] = [28, 84, 196];

/// A picture of a map `side` points wide, one pixel per point (every
/// stride-th point of a map too wide for [`MAX_PICTURE_SIDE`]), four copies
/// of it when `tiled`, each pixel coloured by `pixel(x, y)`.
fn paint(map_side: usize, tiled: bool, pixel: impl Fn(usize, usize) -> [u8; 3]) -> Picture {
    let mut stride = 1;
    while (map_side - 1) / stride + 1 > MAX_PICTURE_SIDE {
        stride *= 2;
    }
    let copy = (map_side - 1) / stride + 1;
    let period = copy - 1;
    let side = if tiled { 2 * period + 1 } else { copy };
    // In a tiled picture the copies overlap by one row and column: index
    // `period` starts the second copy at its own first point.
    let wrap = |index: usize| {
        if !tiled {
            index
        } else if index == 2 * period {
            period
        } else {
            index % period.max(1)
        }
    };
    let mut rgba = Vec::with_capacity(side * side * 4);
    for row in 0..side {
        for column in 0..side {
            let [r, g, b] = pixel(wrap(column) * stride, wrap(row) * stride);
            rgba.extend_from_slice(&[r, g, b, 255]);
        }
    }
    Picture {
        side,
        rgba,
        stride,
        tiled,
    }
}

/// The lowest and highest heights among the points set so far.
fn set_range(terrain: &Terrain) -> (f64, f64) {
    let map = &terrain.heightmap;
    // A finished map's every point: the map's own extent, in one pass
    // without asking point by point (16.8 million asks at exponent 12).
    if terrain.every_point_set() {
        return map.min_max();
    }
    let mut range = (f64::INFINITY, f64::NEG_INFINITY);
    for y in 0..map.side() {
        for x in 0..map.side() {
            if terrain.is_set(x, y) {
                let height = map.get(x, y);
                range = (range.0.min(height), range.1.max(height));
            }
        }
    }
    range
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, Heightmap, MapSettings, Params, Stage};

    fn pixel(picture: &Picture, x: usize, y: usize) -> [u8; 3] {
        let at = (y * picture.side + x) * 4;
        [picture.rgba[at], picture.rgba[at + 1], picture.rgba[at + 2]]
    }

    #[test]
    fn lowest_is_black_and_highest_white() {
        let map = Heightmap::from_heights(1, vec![0.0, 0.5, 1.0, 0.25, 0.0, 0.0, 0.0, 0.0, 0.75])
            .expect("valid");
        let picture = greyscale(&Terrain::finished(map), false);
        assert_eq!(picture.side, 3);
        assert_eq!(pixel(&picture, 0, 0), [0; 3]);
        assert_eq!(pixel(&picture, 1, 0), [128; 3]);
        assert_eq!(pixel(&picture, 2, 0), [255; 3]);
        assert!(picture.rgba.chunks(4).all(|pixel| pixel[3] == 255));
    }

    #[test]
    fn flat_maps_are_mid_grey_and_big_maps_are_sampled() {
        let flat = Terrain::finished(Heightmap::new(2).expect("valid"));
        assert!(
            greyscale(&flat, false)
                .rgba
                .chunks(4)
                .all(|pixel| pixel == [128, 128, 128, 255])
        );
        let big = Terrain::finished(Heightmap::new(11).expect("valid"));
        assert_eq!(greyscale(&big, false).side, 1025);
    }

    #[test]
    fn steps_mark_new_points_and_unset_ones() {
        let params = Params {
            map: MapSettings::new(2, 4),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        let square = params.generate(Stage::Square).expect("valid");
        let picture = greyscale(&square, false);
        assert_eq!(
            pixel(&picture, 2, 2),
            [HIGHLIGHT[0], HIGHLIGHT[1], HIGHLIGHT[2]]
        );
        assert_eq!(pixel(&picture, 1, 0), UNSET_PIXEL);
        let corner = pixel(&picture, 0, 0);
        assert!(
            corner[0] == corner[1] && corner[1] == corner[2],
            "corners are grey levels"
        );
    }

    #[test]
    fn tiled_copies_repeat_with_the_period_and_show_seams_only_when_not_tileable() {
        let params = |algorithm| Params {
            map: MapSettings::new(4, 11),
            ..Params::new(algorithm)
        };
        for (algorithm, seamless) in [
            (Algorithm::TILEABLE_DIAMOND_SQUARE, true),
            (Algorithm::DIAMOND_SQUARE, false),
        ] {
            let terrain = params(algorithm).generate(Stage::Done).expect("valid");
            let single = greyscale(&terrain, false);
            let tiled = greyscale(&terrain, true);
            assert_eq!(tiled.side, 2 * 16 + 1);
            for y in 0..16 {
                for x in 0..16 {
                    assert_eq!(
                        pixel(&tiled, x + 16, y + 16),
                        pixel(&single, x, y),
                        "copy at ({x}, {y})"
                    );
                }
            }
            // The first copy's last column, as the map has it, against the
            // column the second copy starts with.
            let matches = (0..=16).all(|y| pixel(&single, 16, y) == pixel(&tiled, 16, y));
            assert_eq!(matches, seamless, "{algorithm}");
            assert_eq!(tiled.copies()[3], [16.0, 16.0]);
        }
    }

    #[test]
    fn the_difference_is_red_where_erosion_took_and_blue_where_it_left() {
        let mut params = Params {
            map: MapSettings::new(6, 5),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        params.erosion.method = terrain_core::erosion::Method::Droplets;
        params.erosion.droplets.droplets = 2000;
        let eroded = params.generate(Stage::Droplets(2000)).expect("valid");
        let before = &eroded.erosion.as_ref().expect("a report").before;
        let picture = of_view(&eroded, View::Difference);
        let (mut reds, mut blues) = (0, 0);
        for y in 0..65 {
            for x in 0..65 {
                let change = eroded.heightmap.get(x, y) - before.get(x, y);
                let [r, g, b] = pixel(&picture, x, y);
                if change < 0.0 {
                    assert!(r > b && g < 255, "({x}, {y}) lost {change}: {r} {g} {b}");
                    reds += 1;
                } else if change > 0.0 {
                    assert!(b > r && g < 255, "({x}, {y}) gained {change}: {r} {g} {b}");
                    blues += 1;
                } else {
                    assert_eq!([r, g, b], [255; 3]);
                }
            }
        }
        assert!(reds > 100 && blues > 100, "{reds} red, {blues} blue");
        let untouched = Params::new(Algorithm::DIAMOND_SQUARE)
            .generate(Stage::Done)
            .expect("valid");
        assert!(difference(&untouched).rgba.iter().all(|&byte| byte == 255));
    }

    #[test]
    fn points_map_to_the_middle_of_their_pixels() {
        let big = Terrain::finished(Heightmap::new(11).expect("valid"));
        let picture = greyscale(&big, false);
        assert_eq!(picture.stride, 2);
        assert_eq!(picture.pixel_of(0.0, 0.0), [0.5, 0.5]);
        assert_eq!(picture.pixel_of(2048.0, 1024.0), [1024.5, 512.5]);
        assert_eq!(picture.copies(), vec![[0.0, 0.0]]);
    }
}
