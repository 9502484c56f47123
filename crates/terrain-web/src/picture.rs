//! A heightmap as a flat greyscale picture: the first post's way of showing
//! one, the 2D view, and what a demo shows when WebGL is unavailable.

use terrain_core::Heightmap;

/// The most pixels per side a picture gets; larger maps are sampled.
pub const MAX_PICTURE_SIDE: usize = 1025;

/// RGBA bytes of a greyscale picture of `map`, `side` pixels square, with
/// the lowest height black and the highest white (a flat map is mid-grey).
pub fn greyscale(map: &Heightmap) -> (usize, Vec<u8>) {
    let mut stride = 1;
    while (map.side() - 1) / stride + 1 > MAX_PICTURE_SIDE {
        stride *= 2;
    }
    let side = (map.side() - 1) / stride + 1;
    let (low, high) = map.min_max();
    let span = high - low;
    let mut bytes = Vec::with_capacity(side * side * 4);
    for y in (0..map.side()).step_by(stride) {
        for x in (0..map.side()).step_by(stride) {
            let level = if span > 0.0 {
                ((map.get(x, y) - low) / span * 255.0).round() as u8
            } else {
                128
            };
            bytes.extend_from_slice(&[level, level, level, 255]);
        }
    }
    (side, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_is_black_and_highest_white() {
        let map = Heightmap::from_heights(1, vec![0.0, 0.5, 1.0, 0.25, 0.0, 0.0, 0.0, 0.0, 0.75])
            .expect("valid");
        let (side, bytes) = greyscale(&map);
        assert_eq!(side, 3);
        assert_eq!(&bytes[0..4], &[0, 0, 0, 255]);
        assert_eq!(&bytes[4..8], &[128, 128, 128, 255]);
        assert_eq!(&bytes[8..12], &[255, 255, 255, 255]);
    }

    #[test]
    fn flat_maps_are_mid_grey_and_big_maps_are_sampled() {
        let flat = Heightmap::new(2).expect("valid");
        assert!(
            greyscale(&flat)
                .1
                .chunks(4)
                .all(|pixel| pixel == [128, 128, 128, 255])
        );
        let big = Heightmap::new(11).expect("valid");
        assert_eq!(greyscale(&big).0, 1025);
    }
}
