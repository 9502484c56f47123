//! What the measuring palettes colour by: each point's slope, curvature
//! or flow ([`terrain_analysis::relief`]), brought to `[0, 1]` for the
//! palette's ramp ([`Palette::color`]).
//!
//! - **Slope**: the angle at relief 1 over 90°, so a colour always means
//!   the same steepness of ground; the legend
//!   ([`crate::plots::legend`]) writes its degrees at the view's relief.
//! - **Curvature**: one half plus a half of the curvature over the map's
//!   own scale ([`curvature_scale`]), clamped: the scale changes with the
//!   map's size and roughness, and the legend says it.
//! - **Flow**: the logarithm of the rain through a point over that of the
//!   map's point count: 0 a ridge point's own rain, 1 every point's.

use terrain_analysis::relief;
use terrain_core::Heightmap;

use crate::palette::Palette;

/// The share of points whose curvature is within the curvature scale: the
/// sharpest 5 % of crests and hollows saturate.
const CURVATURE_QUANTILE: f64 = 0.95;

/// Each point's value in `[0, 1]` for `palette`, row-major, or `None` when
/// the palette shows heights. `wrap` lets rain cross the edges (a
/// tileable map, as its rivers do).
pub fn measured(palette: Palette, map: &Heightmap, wrap: bool) -> Option<Vec<f64>> {
    match palette {
        Palette::Slope => Some(
            relief::slope_degrees(map, 1.0)
                .into_iter()
                .map(|degrees| degrees / 90.0)
                .collect(),
        ),
        Palette::Curvature => {
            let field = relief::curvature(map);
            let scale = curvature_scale(&field);
            Some(
                field
                    .into_iter()
                    .map(|value| 0.5 + 0.5 * (value / scale).clamp(-1.0, 1.0))
                    .collect(),
            )
        }
        Palette::Flow => {
            let points = map.heights().len() as f64;
            let water = relief::flow(map, wrap).ok()?;
            Some(
                water
                    .into_iter()
                    .map(|amount| (amount.max(1.0).ln() / points.ln()).clamp(0.0, 1.0))
                    .collect(),
            )
        }
        Palette::Terrain | Palette::Bands | Palette::Green | Palette::Greyscale => None,
    }
}

/// The curvature that gets the palette's fullest colour: the 95th
/// percentile of its size over the map (never 0, so a plane is all flat).
pub fn curvature_scale(field: &[f64]) -> f64 {
    let mut sizes: Vec<f64> = field.iter().map(|value| value.abs()).collect();
    if sizes.is_empty() {
        return 1.0;
    }
    let rank = ((sizes.len() - 1) as f64 * CURVATURE_QUANTILE).round() as usize;
    let (_, &mut scale, _) = sizes.select_nth_unstable_by(rank, f64::total_cmp);
    if scale > 0.0 { scale } else { 1.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_span_zero_to_one_and_heights_are_not_measured() {
        let mut map = Heightmap::new(3).unwrap_or_default();
        for (index, height) in map.heights_mut().iter_mut().enumerate() {
            *height = ((index * 7919) % 13) as f64 / 13.0;
        }
        for palette in [Palette::Slope, Palette::Curvature, Palette::Flow] {
            let values = measured(palette, &map, false).unwrap_or_default();
            assert_eq!(values.len(), 81, "{palette:?}");
            assert!(values.iter().all(|value| (0.0..=1.0).contains(value)));
            assert!(values.iter().any(|&value| value > 0.0), "{palette:?}");
        }
        assert_eq!(measured(Palette::Terrain, &map, false), None);
        // A plane: no curvature anywhere, all at the flat middle.
        let flat = Heightmap::new(3).unwrap_or_default();
        let middle = measured(Palette::Curvature, &flat, false).unwrap_or_default();
        assert!(middle.iter().all(|&value| value == 0.5));
        assert_eq!(curvature_scale(&[0.0, -2.0, 1.0]), 2.0);
    }
}
