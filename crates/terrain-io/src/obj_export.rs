//! A heightmap as a Wavefront OBJ surface, for Blender and other 3D tools.

use std::fmt::Write;

use terrain_core::Heightmap;
use terrain_core::world;

/// The most points written along a side of an OBJ file. Wider maps are
/// sampled every `k`-th point (`k` a power of two) to stay within it: a
/// 513 x 513 surface is about 37 MB of text (1025 x 1025 would be 150 MB,
/// too much to build in a browser tab and hand over as a download).
pub const MAX_OBJ_SIDE: usize = 513;

/// How many map points apart the OBJ's vertices are: 1, or the power of two
/// that brings a side of more than [`MAX_OBJ_SIDE`] points down to it.
pub fn obj_step(side: usize) -> usize {
    let mut step = 1;
    while (side.saturating_sub(1)) / step + 1 > MAX_OBJ_SIDE {
        step *= 2;
    }
    step
}

/// Writes `map` as a Wavefront OBJ triangle mesh that Blender imports with
/// its default settings.
///
/// Units and normals are the site's own ([`terrain_core::world`]): the map
/// spans 100 x 100 units centred on the origin and a height of 1 is 50
/// units tall. OBJ is Y-up, so the world's `[east, north, up]` is written
/// `v east up -north`: the map's top row is to the north, at -Z. Each
/// vertex has the renderer's smooth normal, and each grid cell two
/// triangles wound counter-clockwise seen from above, `f a//a b//b c//c`.
///
/// Maps of more than [`MAX_OBJ_SIDE`] points a side are sampled every
/// [`obj_step`]-th point, and a header comment says so.
pub fn export_obj(map: &Heightmap) -> String {
    let side = map.side();
    let step = obj_step(side);
    let points = (side - 1) / step + 1;

    let vertices = points * points;
    let faces = 2 * (points - 1) * (points - 1);
    // Reserve the whole file at once: growing a 150 MB string by doubling
    // would briefly need 450 MB. At most 28 bytes a `v` line and 26 a `vn`
    // line (for heights in [0, 1]); an `f` line is 11 bytes plus six vertex
    // numbers.
    let digits = vertices.to_string().len();
    let mut obj = String::with_capacity(vertices * 54 + faces * (11 + 6 * digits) + 1024);
    write_header(&mut obj, map, step, points);

    obj.push_str("o terrain\n");
    let grid = |index: usize| (index % points, index / points);
    write_body(
        &mut obj,
        map,
        step,
        (0..points * points).map(grid),
        (0..points - 1).flat_map(|row| {
            (0..points - 1).flat_map(move |column| {
                // Vertex numbers are 1-based. With rows running toward +Z
                // and columns toward +X, (row, col) -> (row + 1, col) ->
                // (row, col + 1) turns counter-clockwise seen from +Y.
                let top_left = row * points + column + 1;
                let top_right = top_left + 1;
                let bottom_left = top_left + points;
                let bottom_right = bottom_left + 1;
                [
                    [top_left, bottom_left, top_right],
                    [top_right, bottom_left, bottom_right],
                ]
            })
        }),
    );
    obj
}

/// Writes a mesh over `map`'s points as a Wavefront OBJ, in the units of
/// [`export_obj`]: `vertices` are points of the map by row-major index,
/// `triangles` three indices into `vertices` each, counter-clockwise seen
/// from above (a level-of-detail mesh's, say). Each line of `notes` becomes
/// a comment in the header, after the counts.
pub fn export_obj_mesh(
    map: &Heightmap,
    vertices: &[u32],
    triangles: &[u32],
    notes: &[String],
) -> String {
    let side = map.side();
    let digits = vertices.len().to_string().len();
    let mut obj =
        String::with_capacity(vertices.len() * 54 + triangles.len() / 3 * (11 + 6 * digits) + 1024);
    let _ = writeln!(obj, "# Terrain, step by step: a heightmap surface.");
    let _ = writeln!(
        obj,
        "# {} vertices of a {side} x {side} map, {} triangles, smooth normals.",
        vertices.len(),
        triangles.len() / 3
    );
    for note in notes {
        let _ = writeln!(obj, "# {note}");
    }
    write_units(&mut obj, map);
    obj.push_str("o terrain\n");
    write_body(
        &mut obj,
        map,
        1,
        vertices
            .iter()
            .map(|&index| (index as usize % side, index as usize / side)),
        triangles
            .chunks_exact(3)
            .map(|triangle| [0, 1, 2].map(|corner| triangle[corner] as usize + 1)),
    );
    obj
}

/// The `v` and `vn` lines of the points `vertices` (column and row of a grid
/// of every `step`-th point of `map`), then an `f` line per face (1-based).
fn write_body(
    obj: &mut String,
    map: &Heightmap,
    step: usize,
    vertices: impl Iterator<Item = (usize, usize)> + Clone,
    faces: impl Iterator<Item = [usize; 3]>,
) {
    let points = map.last() / step + 1;
    // World `[east, north, up]` is OBJ's `(x, y, z) = (east, up, -north)`.
    let push_vector = |obj: &mut String, kind: &str, [east, north, up]: [f64; 3]| {
        obj.push_str(kind);
        push_number(obj, east);
        obj.push(' ');
        push_number(obj, up);
        obj.push(' ');
        push_number(obj, -north);
        obj.push('\n');
    };
    for (column, row) in vertices.clone() {
        let height = map.get(column * step, row * step);
        push_vector(obj, "v ", world::position(points, column, row, height));
    }
    for (column, row) in vertices {
        push_vector(obj, "vn ", world::normal(map, step, column, row));
    }
    for [a, b, c] in faces {
        push_face(obj, a, b, c);
    }
}

fn write_header(obj: &mut String, map: &Heightmap, step: usize, points: usize) {
    let side = map.side();
    // Writing to a String cannot fail.
    let _ = writeln!(obj, "# Terrain, step by step: a heightmap surface.");
    let _ = writeln!(
        obj,
        "# {points} x {points} vertices, {} triangles, smooth normals.",
        2 * (points - 1) * (points - 1)
    );
    if step > 1 {
        let _ = writeln!(
            obj,
            "# Sampled: the map is {side} x {side} points; one in {step} along each side is \
             written, to keep the file to at most {MAX_OBJ_SIDE} x {MAX_OBJ_SIDE} vertices."
        );
    }
    write_units(obj, map);
}

/// The header's lines on units and axes.
fn write_units(obj: &mut String, map: &Heightmap) {
    let (low, high) = map.min_max();
    let _ = writeln!(
        obj,
        "# Units: the map spans 100 x 100 centred on the origin; a height of 1 is 50 tall."
    );
    let _ = writeln!(
        obj,
        "# Y is up; the map's top row (north) is at Z = -50. The map's heights range from {low} to {high}."
    );
}

fn push_face(obj: &mut String, a: usize, b: usize, c: usize) {
    obj.push('f');
    for vertex in [a, b, c] {
        obj.push(' ');
        push_integer(obj, vertex as u64);
        obj.push_str("//");
        push_integer(obj, vertex as u64);
    }
    obj.push('\n');
}

/// Appends the decimal digits of `value`. Hand-rolled because a 1025 x
/// 1025 surface writes twelve million of them, and `write!` is several
/// times slower.
fn push_integer(obj: &mut String, mut value: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    for &digit in &digits[start..] {
        obj.push(char::from(digit));
    }
}

/// Appends `value` rounded to four decimals, without trailing zeros:
/// `12.5`, `-0.0625`, `3`. Anything that rounds to zero is written `0`.
fn push_number(obj: &mut String, value: f64) {
    let scaled = (value * 10_000.0).round();
    // Beyond this, the integer conversion below could be inexact; heights
    // that large are not a terrain anyone draws, but still write them.
    if !scaled.is_finite() || scaled.abs() >= 1e15 {
        let _ = write!(obj, "{value}");
        return;
    }
    let scaled = scaled as i64;
    if scaled < 0 {
        obj.push('-');
    }
    let magnitude = scaled.unsigned_abs();
    push_integer(obj, magnitude / 10_000);
    let mut fraction = magnitude % 10_000;
    if fraction != 0 {
        obj.push('.');
        let mut digits = 4;
        while fraction.is_multiple_of(10) {
            fraction /= 10;
            digits -= 1;
        }
        for place in (0..digits).rev() {
            obj.push(char::from(b'0' + (fraction / 10u64.pow(place) % 10) as u8));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_maps::diamond_square;

    /// The `v`, `vn` and `f` lines of an OBJ file, parsed.
    struct Parsed {
        vertices: Vec<[f64; 3]>,
        normals: Vec<[f64; 3]>,
        faces: Vec<[usize; 3]>,
        comments: Vec<String>,
    }

    fn parse(obj: &str) -> Parsed {
        let triple = |fields: &[&str]| -> [f64; 3] {
            assert_eq!(fields.len(), 3, "{fields:?}");
            [0, 1, 2].map(|index| fields[index].parse().expect("a number"))
        };
        let mut parsed = Parsed {
            vertices: Vec::new(),
            normals: Vec::new(),
            faces: Vec::new(),
            comments: Vec::new(),
        };
        for line in obj.lines() {
            let fields: Vec<&str> = line.split(' ').collect();
            match fields[0] {
                "v" => parsed.vertices.push(triple(&fields[1..])),
                "vn" => parsed.normals.push(triple(&fields[1..])),
                "f" => {
                    assert_eq!(fields.len(), 4, "{line}");
                    parsed.faces.push([1, 2, 3].map(|index| {
                        let (vertex, normal) = fields[index].split_once("//").expect("a//a");
                        assert_eq!(vertex, normal, "{line}");
                        vertex.parse().expect("an index")
                    }));
                }
                "#" => parsed.comments.push(line.to_owned()),
                "o" => assert_eq!(line, "o terrain"),
                _ => panic!("unexpected line {line:?}"),
            }
        }
        parsed
    }

    #[test]
    fn counts_are_one_vertex_and_normal_a_point_and_two_triangles_a_cell() {
        for exponent in [1, 3, 6] {
            let map = diamond_square(exponent, 4);
            let side = map.side();
            let parsed = parse(&export_obj(&map));
            assert_eq!(parsed.vertices.len(), side * side);
            assert_eq!(parsed.normals.len(), side * side);
            assert_eq!(parsed.faces.len(), 2 * (side - 1) * (side - 1));
            assert!(parsed.comments[0].contains("Terrain, step by step"));
        }
    }

    #[test]
    fn vertices_are_placed_in_the_sites_world_units() {
        let map = diamond_square(2, 9);
        let parsed = parse(&export_obj(&map));
        let rounded = |value: f64| (value * 10_000.0).round() / 10_000.0;
        // The first point is the map's top-left, north-west: x = -50,
        // world y = 50, so OBJ z = -50.
        assert_eq!(
            parsed.vertices[0],
            [-50.0, rounded(map.get(0, 0) * 50.0), -50.0]
        );
        // The last is the bottom-right, south-east.
        assert_eq!(
            parsed.vertices[24],
            [50.0, rounded(map.get(4, 4) * 50.0), 50.0]
        );
        // Point (x = 3, y = 1): x = -50 + 75, world y = 50 - 25.
        assert_eq!(
            parsed.vertices[8],
            [25.0, rounded(map.get(3, 1) * 50.0), -25.0]
        );
        let first_line = export_obj(&map)
            .lines()
            .find(|line| line.starts_with("v "))
            .map(str::to_owned)
            .expect("a vertex");
        assert!(first_line.starts_with("v -50 "), "{first_line}");
        assert!(first_line.ends_with(" -50"), "{first_line}");
    }

    #[test]
    fn faces_index_existing_vertices_and_face_up() {
        let map = diamond_square(4, 21);
        let parsed = parse(&export_obj(&map));
        for face in &parsed.faces {
            assert!(
                face.iter()
                    .all(|&index| (1..=parsed.vertices.len()).contains(&index))
            );
            let [a, b, c] = face.map(|index| parsed.vertices[index - 1]);
            let (ab, ac) = (
                [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
                [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
            );
            // The Y component of ab x ac: positive when the triangle turns
            // counter-clockwise seen from above.
            let up = ab[2] * ac[0] - ab[0] * ac[2];
            assert!(up > 0.0, "{face:?} winds clockwise from above");
        }
    }

    #[test]
    fn normals_are_unit_length_and_point_up() {
        let map = diamond_square(5, 8);
        let parsed = parse(&export_obj(&map));
        for normal in &parsed.normals {
            let length = normal
                .iter()
                .map(|component| component * component)
                .sum::<f64>()
                .sqrt();
            assert!((length - 1.0).abs() < 1e-3, "{normal:?}");
            assert!(normal[1] > 0.0, "{normal:?}");
        }
    }

    #[test]
    fn normals_lean_away_from_the_uphill_side() {
        // Heights rise with x (column): the surface faces -X.
        let heights: Vec<f64> = (0..9).map(|index| (index % 3) as f64 * 0.5).collect();
        let map = Heightmap::from_heights(1, heights).expect("valid");
        let parsed = parse(&export_obj(&map));
        // Rise 25 units over 50: the normal is (-1, 2, 0) / sqrt 5.
        let expected = [-1.0 / 5f64.sqrt(), 2.0 / 5f64.sqrt(), 0.0];
        for normal in &parsed.normals {
            for (got, want) in normal.iter().zip(expected) {
                assert!((got - want).abs() < 1e-4, "{normal:?}");
            }
        }
    }

    #[test]
    fn a_flat_map_has_straight_up_normals() {
        let obj = export_obj(&Heightmap::new(2).expect("valid"));
        assert_eq!(obj.lines().filter(|line| *line == "vn 0 1 0").count(), 25);
        assert!(obj.contains("\nv -50 0 -50\n"));
    }

    #[test]
    fn large_maps_are_sampled_to_at_most_513_a_side() {
        assert_eq!(obj_step(3), 1);
        assert_eq!(obj_step(513), 1);
        assert_eq!(obj_step(1025), 2);
        assert_eq!(obj_step(4097), 8);
        let map = Heightmap::new(10).expect("valid");
        let obj = export_obj(&map);
        let vertices = obj.lines().filter(|line| line.starts_with("v ")).count();
        assert_eq!(vertices, 513 * 513);
        assert!(obj.contains("one in 2 along each side"));
        assert!(
            obj.contains("1025 x 1025"),
            "the header names the map's size"
        );
    }

    #[test]
    fn numbers_are_short() {
        let format = |value: f64| {
            let mut text = String::from("x");
            push_number(&mut text, value);
            text[1..].to_owned()
        };
        assert_eq!(format(12.5), "12.5");
        assert_eq!(format(-0.0625), "-0.0625");
        assert_eq!(format(3.0), "3");
        assert_eq!(format(-50.0), "-50");
        assert_eq!(format(100.0), "100");
        assert_eq!(format(0.0), "0");
        assert_eq!(format(-0.0), "0");
        assert_eq!(format(-0.00001), "0");
        assert_eq!(format(1.0 / 3.0), "0.3333");
        assert_eq!(format(-49.609375), "-49.6094");
        assert_eq!(format(0.00006), "0.0001");
        assert_eq!(format(-0.3), "-0.3");
        assert_eq!(format(0.0102), "0.0102");
        assert_eq!(format(123_456.789_01), "123456.789");
        assert_eq!(format(1e20), "100000000000000000000");
        let mut integers = String::new();
        for value in [0, 7, 10, 1_050_625, u64::MAX] {
            push_integer(&mut integers, value);
            integers.push(' ');
        }
        assert_eq!(integers, "0 7 10 1050625 18446744073709551615 ");
    }
}
