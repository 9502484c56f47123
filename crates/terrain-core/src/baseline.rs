//! The memory floor the benchmarks compare generators against.
//!
//! Any generator must at least write every point once and, to normalize,
//! read every point twice (once for the range, once to rescale). This does
//! exactly that and nothing else, so "within 2x of the floor" means a
//! generator spends no more than that again on its actual work.

use crate::heightmap::Heightmap;

/// Writes every point of an exponent-`exponent` map (its index, as a
/// height), then normalizes it: one write pass, one min/max pass, one
/// rescaling pass. The exponent must be valid (1 to 12).
pub fn streaming_floor(exponent: u32) -> Heightmap {
    let mut map = Heightmap::zeroed(exponent);
    for (index, height) in map.heights_mut().iter_mut().enumerate() {
        *height = index as f64;
    }
    map.normalize();
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_normalizes_every_point() {
        let map = streaming_floor(3);
        assert_eq!(map.heights().len(), 81);
        assert_eq!(map.min_max(), (0.0, 1.0));
        assert_eq!(map.get(0, 4), 36.0 / 80.0);
    }
}
