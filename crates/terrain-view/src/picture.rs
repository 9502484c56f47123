//! A heightmap as a flat greyscale picture: the first post's way of showing
//! one, the 2D view, and what a demo shows when WebGL is unavailable.

use terrain_core::Terrain;

use crate::palette::HIGHLIGHT;
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
}

/// The terrain seen from above, the lowest set point black and the highest
/// white (a flat map is mid-grey), with the last step's points in the
/// highlight colour (when few enough to mark) and points not set yet in
/// [`UNSET_PIXEL`]. With `tiled`, four copies side by side: the map repeats
/// with a period of `side - 1` points, so a tileable map's copies meet
/// seamlessly and any other's show a seam.
pub fn greyscale(terrain: &Terrain, tiled: bool) -> Picture {
    let map = &terrain.heightmap;
    let mut stride = 1;
    while (map.side() - 1) / stride + 1 > MAX_PICTURE_SIDE {
        stride *= 2;
    }
    let copy = (map.side() - 1) / stride + 1;
    let (low, high) = set_range(terrain);
    let span = high - low;
    let mark = marker_positions(terrain).is_some();
    let pixel = |x: usize, y: usize| -> [u8; 3] {
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
    };
    let period = copy - 1;
    let side = if tiled { 2 * period + 1 } else { copy };
    let mut rgba = Vec::with_capacity(side * side * 4);
    for row in 0..side {
        for column in 0..side {
            // In a tiled picture the copies overlap by one row and column:
            // index `period` starts the second copy at its own first point.
            let wrap = |index: usize| {
                if index == 2 * period {
                    period
                } else {
                    index % period.max(1)
                }
            };
            let (x, y) = if tiled {
                (wrap(column), wrap(row))
            } else {
                (column, row)
            };
            let [r, g, b] = pixel(x * stride, y * stride);
            rgba.extend_from_slice(&[r, g, b, 255]);
        }
    }
    Picture { side, rgba }
}

/// The lowest and highest heights among the points set so far.
fn set_range(terrain: &Terrain) -> (f64, f64) {
    let map = &terrain.heightmap;
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
    use terrain_core::{Algorithm, Heightmap, Params, Stage, generate};

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
            exponent: 2,
            seed: 4,
            ..Params::new(Algorithm::DiamondSquare)
        };
        let square = generate(&params, Stage::Square).expect("valid");
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
            exponent: 4,
            seed: 11,
            ..Params::new(algorithm)
        };
        for (algorithm, seamless) in [
            (Algorithm::TileableDiamondSquare, true),
            (Algorithm::DiamondSquare, false),
        ] {
            let terrain = generate(&params(algorithm), Stage::Done).expect("valid");
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
        }
    }
}
