//! A map as a closed solid for 3D printing, written as binary STL.
//!
//! The surface on top, a wall down from each piece of its border to a flat
//! base, and the base itself, fanned from its centre: every edge is shared
//! by exactly two triangles that run along it in opposite directions, every
//! triangle faces out, and none is degenerate or repeated, so a slicer
//! takes the file as it is. Units are millimetres: `x` east, `y` north, `z`
//! up, the base at `z = 0`.

use terrain_core::Heightmap;
use terrain_view::export::ExportSettings;

use crate::surface::TopMesh;

/// A solid as vertices and triangles (three vertex numbers each, counter-
/// clockwise seen from outside).
#[derive(Debug, Clone, PartialEq)]
pub struct Solid {
    /// Vertex positions in millimetres.
    pub positions: Vec<[f32; 3]>,
    /// Triangles.
    pub triangles: Vec<[u32; 3]>,
}

/// Triangles a solid adds for each piece of the surface's border: two for
/// its wall and one for the base under it.
pub const TRIANGLES_PER_BORDER_SEGMENT: u64 = 3;

/// Builds the solid of `map` with `top` as its surface: the footprint
/// `settings.size_mm` wide, heights standing `relief` times half that per
/// unit of height, the lowest point `base_mm` above the base.
pub fn build(map: &Heightmap, top: &TopMesh, settings: &ExportSettings) -> Solid {
    let side = map.side();
    let last = side - 1;
    let spacing = settings.size_mm / last as f64;
    let (low, _) = map.min_max();
    let vertical = settings.relief * settings.size_mm / 2.0;
    let place = |index: usize, height: f64| {
        let (x, y) = (index % side, index / side);
        [
            (x as f64 * spacing) as f32,
            ((last - y) as f64 * spacing) as f32,
            height as f32,
        ]
    };
    let mut positions: Vec<[f32; 3]> = Vec::with_capacity(top.vertices.len() * 2 + 1);
    let mut vertex_of = std::collections::HashMap::new();
    for (number, &index) in top.vertices.iter().enumerate() {
        let index = index as usize;
        let z = settings.base_mm + (map.heights()[index] - low) * vertical;
        positions.push(place(index, z));
        vertex_of.insert(index, number as u32);
    }
    let mut triangles: Vec<[u32; 3]> = top
        .triangles
        .chunks_exact(3)
        .map(|triangle| [triangle[0], triangle[1], triangle[2]])
        .collect();

    // The border, walked counter-clockwise seen from above (south edge
    // west to east, east edge northward, north edge westward, west edge
    // southward), through the points the surface uses.
    let ring: Vec<usize> = (0..last)
        .map(|x| last * side + x)
        .chain((1..=last).rev().map(|y| y * side + last))
        .chain((1..=last).rev())
        .chain((0..last).map(|y| y * side))
        .filter(|index| vertex_of.contains_key(index))
        .collect();
    let mut below = Vec::with_capacity(ring.len());
    for &index in &ring {
        below.push(positions.len() as u32);
        positions.push(place(index, 0.0));
    }
    let centre = positions.len() as u32;
    let middle = (settings.size_mm / 2.0) as f32;
    positions.push([middle, middle, 0.0]);
    for (place_in_ring, &index) in ring.iter().enumerate() {
        let next = (place_in_ring + 1) % ring.len();
        let (top_a, top_b) = (vertex_of[&index], vertex_of[&ring[next]]);
        let (bottom_a, bottom_b) = (below[place_in_ring], below[next]);
        // Walking counter-clockwise, outside is on the right.
        triangles.push([top_a, bottom_a, bottom_b]);
        triangles.push([top_a, bottom_b, top_b]);
        // The base faces down: clockwise seen from above.
        triangles.push([centre, bottom_b, bottom_a]);
    }
    Solid {
        positions,
        triangles,
    }
}

/// The solid as binary STL, its 80-byte header saying `header` (cut to
/// fit; it never starts with `solid`, which would make readers take the
/// file for ASCII STL).
pub fn write_stl(solid: &Solid, header: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(84 + 50 * solid.triangles.len());
    let triangle = |number: usize| {
        let [a, b, c] = solid.triangles[number].map(|vertex| solid.positions[vertex as usize]);
        stl_io::Triangle {
            normal: stl_io::Normal::new(unit_normal(a, b, c)),
            vertices: [a, b, c].map(stl_io::Vertex::new),
        }
    };
    // Writing to a Vec cannot fail.
    let _ = stl_io::write_stl(&mut bytes, (0..solid.triangles.len()).map(triangle));
    let text = header.as_bytes();
    let length = text.len().min(80);
    bytes[..length].copy_from_slice(&text[..length]);
    bytes
}

/// The unit normal of triangle `a b c`, counter-clockwise seen from the
/// side it faces.
fn unit_normal(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> [f32; 3] {
    let along = |from: [f32; 3], to: [f32; 3]| {
        [
            f64::from(to[0] - from[0]),
            f64::from(to[1] - from[1]),
            f64::from(to[2] - from[2]),
        ]
    };
    let (u, v) = (along(a, b), along(a, c));
    let cross = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let length = (cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]).sqrt();
    if length > 0.0 {
        cross.map(|component| (component / length) as f32)
    } else {
        [0.0, 0.0, 0.0]
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::surface::{top_mesh, whole_grid};
    use terrain_core::{Algorithm, Stage, ValidParams, generate};
    use terrain_view::export::Format;
    use terrain_view::export::forecast::solid_triangles;

    fn map(exponent: u32, seed: u64) -> Heightmap {
        let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(exponent)
            .expect("valid")
            .with_seed(seed);
        generate(&params, Stage::Done).expect("valid").heightmap
    }

    fn stl_settings() -> ExportSettings {
        ExportSettings {
            format: Format::Stl,
            ..ExportSettings::default()
        }
    }

    /// Every directed edge once, its reverse once: closed and consistently
    /// wound. No triangle repeats or has no area.
    fn assert_closed(solid: &Solid) {
        let mut edges: HashMap<(u32, u32), usize> = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        for triangle in &solid.triangles {
            let mut sorted = *triangle;
            sorted.sort_unstable();
            assert!(seen.insert(sorted), "{triangle:?} twice");
            let [a, b, c] = triangle.map(|vertex| solid.positions[vertex as usize]);
            assert_ne!(
                unit_normal(a, b, c),
                [0.0, 0.0, 0.0],
                "{triangle:?} has no area"
            );
            for (from, to) in [(0, 1), (1, 2), (2, 0)] {
                *edges.entry((triangle[from], triangle[to])).or_default() += 1;
            }
        }
        for (&(from, to), &count) in &edges {
            assert_eq!(count, 1, "edge {from}-{to} used {count} times one way");
            assert_eq!(
                edges.get(&(to, from)),
                Some(&1),
                "edge {from}-{to} has no partner"
            );
        }
    }

    /// The signed volume (positive when every face faces out).
    fn volume(solid: &Solid) -> f64 {
        solid
            .triangles
            .iter()
            .map(|triangle| {
                let [a, b, c] =
                    triangle.map(|vertex| solid.positions[vertex as usize].map(f64::from));
                (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]))
                    / 6.0
            })
            .sum()
    }

    #[test]
    fn the_whole_solid_is_closed_faces_out_and_has_the_forecast_count() {
        let map = map(4, 7);
        let solid = build(&map, &whole_grid(17), &stl_settings());
        assert_closed(&solid);
        assert_eq!(solid.triangles.len() as u64, solid_triangles(17));
        let (low, _) = map.min_max();
        let average: f64 = map.heights().iter().map(|height| height - low).sum::<f64>() / 289.0;
        // The volume is about the base plus the mean height, over 100 x 100.
        let expected = 100.0 * 100.0 * (2.0 + average * 50.0);
        let got = volume(&solid);
        assert!(
            (got - expected).abs() < expected * 0.05,
            "{got} against {expected}"
        );
    }

    #[test]
    fn a_simplified_solid_stays_closed_and_within_its_budget() {
        let map = map(7, 3);
        for budget in [14, 100, 5_000] {
            let top = top_mesh(
                &map,
                Some(budget),
                TRIANGLES_PER_BORDER_SEGMENT,
                &mut |_| {},
            );
            let solid = build(&map, &top, &stl_settings());
            assert_closed(&solid);
            assert!(solid.triangles.len() as u64 <= budget, "{budget}");
            assert!(volume(&solid) > 0.0);
        }
    }

    #[test]
    fn footprint_base_and_relief_are_in_millimetres() {
        let map = map(3, 1);
        let settings = ExportSettings {
            size_mm: 80.0,
            base_mm: 5.0,
            relief: 0.5,
            ..stl_settings()
        };
        let solid = build(&map, &whole_grid(9), &settings);
        let axis = |axis: usize| {
            let values = solid.positions.iter().map(|position| position[axis]);
            (
                values.clone().fold(f32::INFINITY, f32::min),
                values.fold(f32::NEG_INFINITY, f32::max),
            )
        };
        assert_eq!(axis(0), (0.0, 80.0));
        assert_eq!(axis(1), (0.0, 80.0));
        let (low, high) = map.min_max();
        let (bottom, top) = axis(2);
        assert_eq!(bottom, 0.0);
        let expected = 5.0 + (high - low) * 0.5 * 40.0;
        assert!(
            (f64::from(top) - expected).abs() < 1e-4,
            "{top} against {expected}"
        );
    }

    #[test]
    fn stl_bytes_read_back_as_a_valid_mesh_with_our_header() {
        let map = map(5, 9);
        let solid = build(&map, &whole_grid(33), &stl_settings());
        let bytes = write_stl(&solid, "Terrain, step by step: a test");
        assert_eq!(bytes.len() as u64, 84 + 50 * solid_triangles(33));
        assert!(bytes.starts_with(b"Terrain, step by step: a test\0"));
        let mesh = stl_io::read_stl(&mut std::io::Cursor::new(&bytes)).expect("reads");
        assert_eq!(mesh.faces.len(), solid.triangles.len());
        mesh.validate()
            .expect("no holes, no zero-area faces, one direction");
    }
}
