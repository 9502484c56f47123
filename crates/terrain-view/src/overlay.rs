//! What a demo draws over its map, worked out from the map and its
//! settings: a noise's lattice and gradients, the downhill slope, a traced
//! droplet's path, and water gathered by the rivers. Everything here is in
//! map points (`x` a column, `y` a row, 0 to `side - 1`, fractional in
//! between); the shell scales it to the picture it draws.

use std::ops::Deref;

use terrain_core::erosion::flow;
use terrain_core::{Heightmap, Params, Stage, Terrain};

use crate::settings::Overlay;

/// An arrow from `from`, `along` long (both in map points).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrow {
    /// Where it starts.
    pub from: [f64; 2],
    /// Its length and direction.
    pub along: [f64; 2],
}

/// Lines, arrows and a path to draw over a 2D view.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Drawing {
    /// Segments: a lattice's edges.
    pub lines: Vec<[[f64; 2]; 2]>,
    /// Arrows: gradients, or the downhill slope.
    pub arrows: Vec<Arrow>,
    /// A traced droplet's way, point by point.
    pub path: Vec<[f64; 2]>,
}

impl Drawing {
    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.arrows.is_empty() && self.path.is_empty()
    }
}

/// The slope arrows across a map: about this many along a side.
const FLOW_ARROWS_ACROSS: usize = 24;

/// What `overlay` draws over `terrain`, made with `params`; a traced
/// droplet's path is drawn whatever the overlay.
pub fn drawing(params: &Params, terrain: &Terrain, overlay: Overlay) -> Drawing {
    let mut drawing = Drawing {
        path: droplet_path(terrain)
            .into_iter()
            .map(|(point, _)| point)
            .collect(),
        ..Drawing::default()
    };
    // A map from elsewhere has no lattice of ours.
    let made_here = terrain.algorithm == Some(params.algorithm);
    let description = params.algorithm.description();
    match overlay {
        Overlay::None => {}
        Overlay::Lattice if made_here => {
            drawing.lines = (description.lattice_lines)(params)
                .into_iter()
                .map(|segment| [segment.start, segment.end])
                .collect();
        }
        Overlay::Gradients if made_here => {
            // A third of a cell: arrows of neighbouring points never touch.
            let length =
                (terrain.heightmap.last() as f64) / f64::from(params.noise.frequency) / 3.0;
            drawing.arrows = (description.gradient_arrows)(params)
                .into_iter()
                .map(|arrow| Arrow {
                    from: [arrow.x, arrow.y],
                    along: [arrow.dx * length, arrow.dy * length],
                })
                .collect();
        }
        Overlay::Lattice | Overlay::Gradients => {}
        Overlay::Flow => {
            drawing.arrows = downhill(&terrain.heightmap, params.erosion.droplets.wrap)
        }
    }
    drawing
}

/// Why `overlay` draws nothing over `terrain` (made with `params`) in
/// its drawing (made by `drawing`, only if a 2D view shows it), in a
/// sentence for under its menu; `None` when it draws, or when nothing was
/// asked.
pub fn why_nothing<D: Deref<Target = Drawing>>(
    params: &Params,
    terrain: &Terrain,
    overlay: Overlay,
    drawing: impl FnOnce() -> D,
    in_3d: bool,
) -> Option<String> {
    if overlay == Overlay::None {
        return None;
    }
    if in_3d {
        return Some("Drawn on the 2D views only: choose one under View.".to_owned());
    }
    let drawing = drawing();
    if !drawing.lines.is_empty() || !drawing.arrows.is_empty() {
        return None;
    }
    let part = match overlay {
        Overlay::Lattice => "lattice",
        Overlay::Gradients => "gradients",
        Overlay::Flow => return Some("The map is flat: no slope to draw.".to_owned()),
        Overlay::None => return None,
    };
    // The algorithms that draw it, from their descriptions.
    let drawn_by: Vec<&str> = terrain_core::ALL
        .iter()
        .filter(|algorithm| {
            let defaults = Params::new(**algorithm);
            let description = algorithm.description();
            match overlay {
                Overlay::Lattice => !(description.lattice_lines)(&defaults).is_empty(),
                _ => !(description.gradient_arrows)(&defaults).is_empty(),
            }
        })
        .map(|algorithm| algorithm.title())
        .collect();
    let whose = match terrain.algorithm {
        None => "An imported map".to_owned(),
        Some(_) => params.algorithm.title().to_owned(),
    };
    let it = if part == "lattice" { "one" } else { "them" };
    Some(match drawn_by.as_slice() {
        [] => format!("{whose} has no {part} to draw."),
        [only] => format!("{whose} has no {part} to draw; {only} has {it}."),
        [first @ .., last] => format!(
            "{whose} has no {part} to draw; {} and {last} have {it}.",
            first.join(", ")
        ),
    })
}

/// Arrows pointing downhill on a coarse grid, one per block of points:
/// along the block's mean slope, as long as it is steep. A block as steep
/// as most of the steep ones (the 90th percentile) gets an arrow almost a
/// block long, so that one cliff does not shrink every other arrow to a dot.
fn downhill(map: &Heightmap, wrap: bool) -> Vec<Arrow> {
    let Ok(slope) = flow::gradient(map, wrap) else {
        return Vec::new();
    };
    let side = map.side();
    let spacing = side.div_ceil(FLOW_ARROWS_ACROSS).max(1);
    let mut blocks = Vec::new();
    for top in (0..side - spacing / 2).step_by(spacing) {
        for left in (0..side - spacing / 2).step_by(spacing) {
            let (mut x, mut y, mut count) = (0.0, 0.0, 0.0);
            for row in top..(top + spacing).min(side) {
                for column in left..(left + spacing).min(side) {
                    x += slope.x[row * side + column];
                    y += slope.y[row * side + column];
                    count += 1.0;
                }
            }
            let centre = [
                left as f64 + (spacing - 1) as f64 / 2.0,
                top as f64 + (spacing - 1) as f64 / 2.0,
            ];
            blocks.push((centre, [x / count, y / count]));
        }
    }
    let mut steepness: Vec<f64> = blocks.iter().map(|(_, [x, y])| x.hypot(*y)).collect();
    steepness.sort_by(f64::total_cmp);
    let typical = steepness[steepness.len() * 9 / 10];
    if typical <= 0.0 {
        return Vec::new();
    }
    let longest = spacing as f64 * 0.9;
    blocks
        .into_iter()
        .filter_map(|(from, [x, y])| {
            let steep = x.hypot(y);
            if steep <= 0.0 {
                return None;
            }
            // Downhill is against the gradient.
            let length = (steep / typical).min(1.0) * longest;
            Some(Arrow {
                from,
                along: [-x / steep * length, -y / steep * length],
            })
        })
        .collect()
}

/// A traced droplet's positions up to the stage's step, with the height
/// under each; empty when the stage is not a trace's.
pub fn droplet_path(terrain: &Terrain) -> Vec<([f64; 2], f64)> {
    let (Stage::Step(step), Some(trace)) = (
        terrain.stage,
        terrain
            .erosion
            .as_ref()
            .and_then(|report| report.trace.as_ref()),
    ) else {
        return Vec::new();
    };
    let shown = (step as usize).min(trace.steps.len());
    let mut path: Vec<([f64; 2], f64)> = trace.steps[..shown]
        .iter()
        .map(|taken| ([taken.start.x, taken.start.y], taken.height))
        .collect();
    // Past its last step, where it ended.
    if let Some(next) = trace.steps.get(shown) {
        path.push(([next.start.x, next.start.y], next.height));
    } else if let Some(&(_, height)) = path.last() {
        path.push(([trace.end.x, trace.end.y], height));
    }
    path
}

/// The height at a point between grid points, interpolated from the four
/// around it (points off the map take the nearest edge's).
pub fn height_at(map: &Heightmap, x: f64, y: f64) -> f64 {
    let last = map.last() as f64;
    let (x, y) = (x.clamp(0.0, last), y.clamp(0.0, last));
    let (left, top) = (
        x.floor().min(last - 1.0).max(0.0),
        y.floor().min(last - 1.0).max(0.0),
    );
    let (u, v) = (x - left, y - top);
    let (column, row) = (left as usize, top as usize);
    let (right, bottom) = ((column + 1).min(map.last()), (row + 1).min(map.last()));
    let upper = map.get(column, row) * (1.0 - u) + map.get(right, row) * u;
    let lower = map.get(column, bottom) * (1.0 - u) + map.get(right, bottom) * u;
    upper * (1.0 - v) + lower * v
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::erosion::Method;
    use terrain_core::{Algorithm, MapSettings};

    fn made(params: &Params, stage: Stage) -> Terrain {
        params.generate(stage).expect("valid")
    }

    #[test]
    fn a_noises_lattice_and_gradients_are_drawn_over_it() {
        let mut params = Params::new(Algorithm::PERLIN_NOISE);
        params.map.exponent = 6;
        params.noise.frequency = 4;
        let terrain = made(&params, Stage::Done);
        let lattice = drawing(&params, &terrain, Overlay::Lattice);
        assert_eq!(lattice.lines.len(), 10, "five lines each way");
        let arrows = drawing(&params, &terrain, Overlay::Gradients).arrows;
        assert_eq!(arrows.len(), 25, "one per lattice point");
        for arrow in &arrows {
            let length = arrow.along[0].hypot(arrow.along[1]);
            assert!((length - 64.0 / 4.0 / 3.0).abs() < 1e-9, "{length}");
        }
        let subdivided = Params::new(Algorithm::DIAMOND_SQUARE);
        let other = made(&subdivided, Stage::Done);
        assert!(drawing(&subdivided, &other, Overlay::Gradients).is_empty());
    }

    #[test]
    fn an_overlay_that_draws_nothing_says_why() {
        let why = |params: &Params, terrain: &Terrain, overlay, in_3d| {
            why_nothing(
                params,
                terrain,
                overlay,
                || Box::new(drawing(params, terrain, overlay)),
                in_3d,
            )
        };
        let noise = Params::new(Algorithm::PERLIN_NOISE);
        let noisy = made(&noise, Stage::Done);
        assert_eq!(
            why(&noise, &noisy, Overlay::Lattice, false),
            None,
            "it draws"
        );
        assert_eq!(why(&noise, &noisy, Overlay::None, true), None, "none asked");
        assert_eq!(
            why(&noise, &noisy, Overlay::Lattice, true).as_deref(),
            Some("Drawn on the 2D views only: choose one under View.")
        );
        let subdivided = Params::new(Algorithm::DIAMOND_SQUARE);
        let other = made(&subdivided, Stage::Done);
        let lattice = why(&subdivided, &other, Overlay::Lattice, false).expect("nothing drawn");
        assert!(
            lattice.starts_with("Diamond-square has no lattice to draw; ")
                && lattice.contains("Perlin noise")
                && lattice.ends_with(" have one."),
            "{lattice}"
        );
        let gradients = why(&subdivided, &other, Overlay::Gradients, false).expect("nothing drawn");
        assert!(
            gradients.contains("Simplex noise") && !gradients.contains("Value noise"),
            "{gradients}"
        );
        let mut imported = noisy.clone();
        imported.algorithm = None;
        let lattice = why(&noise, &imported, Overlay::Lattice, false).expect("not ours");
        assert!(
            lattice.starts_with("An imported map has no lattice"),
            "{lattice}"
        );
        let flat = Terrain {
            heightmap: Heightmap::from_heights(2, vec![0.5; 25]).expect("5 x 5"),
            ..imported
        };
        assert_eq!(
            why(&noise, &flat, Overlay::Flow, false).as_deref(),
            Some("The map is flat: no slope to draw.")
        );
    }

    #[test]
    fn flow_arrows_point_downhill() {
        // Heights fall to the right.
        let side = 33;
        let heights = (0..side * side)
            .map(|index| 1.0 - (index % side) as f64 / (side - 1) as f64)
            .collect();
        let map = Heightmap::from_heights(5, heights).expect("33 x 33");
        let arrows = downhill(&map, false);
        assert!(!arrows.is_empty());
        assert!(
            arrows
                .iter()
                .all(|arrow| arrow.along[0] > 0.0 && arrow.along[1].abs() < 1e-12)
        );
        let flat = Heightmap::new(5).expect("33 x 33");
        assert!(downhill(&flat, false).is_empty());
    }

    #[test]
    fn a_trace_is_drawn_up_to_its_step() {
        let mut params = Params {
            map: MapSettings::new(6, 0),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        params.erosion.method = Method::Trace;
        // A seed whose droplet takes at least five steps before it leaves.
        let steps = |params: &Params| {
            let terrain = made(params, Stage::Step(1));
            terrain
                .erosion
                .and_then(|report| report.trace)
                .map_or(0, |trace| trace.steps.len())
        };
        params.map.seed = (0..100)
            .find(|&seed| {
                let mut seeded = params;
                seeded.map.seed = seed;
                steps(&seeded) >= 5
            })
            .expect("a long enough run");
        let third = made(&params, Stage::Step(3));
        assert_eq!(droplet_path(&third).len(), 4, "three steps and where it is");
        assert_eq!(drawing(&params, &third, Overlay::None).path.len(), 4);
        let done = made(&params, Stage::Done);
        assert!(droplet_path(&done).is_empty());
    }

    #[test]
    fn heights_between_points_are_interpolated() {
        let map = Heightmap::from_heights(1, vec![0.0, 1.0, 2.0, 1.0, 2.0, 3.0, 2.0, 3.0, 4.0])
            .expect("3 x 3");
        assert_eq!(height_at(&map, 0.0, 0.0), 0.0);
        assert_eq!(height_at(&map, 2.0, 2.0), 4.0);
        assert_eq!(height_at(&map, 0.5, 0.5), 1.0);
        assert_eq!(height_at(&map, 1.5, 2.0), 3.5);
        assert_eq!(height_at(&map, -3.0, 9.0), 2.0, "clamped to the corner");
    }
}
