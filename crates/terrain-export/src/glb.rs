//! A map's surface as glTF 2.0 binary (GLB), for three.js, Blender and
//! game engines: positions, smooth normals, the palette's colours and
//! triangle indices, in the site's world units (as the OBJ export: 100
//! wide, a height of 1 stands 50 tall, Y up, the map's first row to the
//! north at -Z). The JSON is gltf-json's and the container gltf's.

use std::borrow::Cow;
use std::collections::BTreeMap;

use gltf::binary::{Glb, Header};
use gltf::json::accessor::{ComponentType, GenericComponentType, Type};
use gltf::json::buffer::{Target, View};
use gltf::json::material::{PbrMetallicRoughness, StrengthFactor};
use gltf::json::mesh::{Mode, Primitive, Semantic};
use gltf::json::validation::{Checked, USize64};
use gltf::json::{self, Accessor, Asset, Buffer, Index, Material, Mesh, Node, Root, Scene};
use terrain_core::Heightmap;
use terrain_core::world;
use terrain_view::measure;
use terrain_view::palette::{ColorTable, Palette};

use crate::surface::TopMesh;

/// The vertices' arrays, as the BIN chunk holds them.
struct Arrays {
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    colors: Vec<[u16; 4]>,
}

/// Writes `top` over `map` as GLB, coloured with `palette`; `generator`
/// goes in the asset's `generator` (where the file says how it was made).
pub fn write_glb(map: &Heightmap, top: &TopMesh, palette: Palette, generator: &str) -> Vec<u8> {
    let arrays = vertex_arrays(map, top, palette);
    let vertices = top.vertices.len();
    let mut bin: Vec<u8> = Vec::with_capacity(vertices * 32 + top.triangles.len() * 4);
    for position in &arrays.positions {
        position
            .iter()
            .for_each(|value| bin.extend_from_slice(&value.to_le_bytes()));
    }
    for normal in &arrays.normals {
        normal
            .iter()
            .for_each(|value| bin.extend_from_slice(&value.to_le_bytes()));
    }
    for color in &arrays.colors {
        color
            .iter()
            .for_each(|value| bin.extend_from_slice(&value.to_le_bytes()));
    }
    for index in &top.triangles {
        bin.extend_from_slice(&index.to_le_bytes());
    }
    let root = document(&arrays, top, bin.len(), generator);
    let json = json::serialize::to_vec(&root).unwrap_or_default();
    let glb = Glb {
        header: Header {
            magic: *b"glTF",
            version: 2,
            // to_vec works the length out itself.
            length: 0,
        },
        json: Cow::Owned(json),
        bin: Some(Cow::Owned(bin)),
    };
    glb.to_vec().unwrap_or_default()
}

/// Positions and normals in glTF's axes (world `[east, north, up]` is
/// glTF's `(east, up, -north)`), and linear colours.
fn vertex_arrays(map: &Heightmap, top: &TopMesh, palette: Palette) -> Arrays {
    let side = map.side();
    let table = ColorTable::new(palette);
    // A palette that measures (slope, curvature, flow) colours each point
    // by its measure, as the view does, not by its height.
    let measured = measure::measured(palette, map, false);
    let linear = linear_table();
    let gltf_axes = |[east, north, up]: [f64; 3]| [east as f32, up as f32, -north as f32];
    let mut arrays = Arrays {
        positions: Vec::with_capacity(top.vertices.len()),
        normals: Vec::with_capacity(top.vertices.len()),
        colors: Vec::with_capacity(top.vertices.len()),
    };
    for &index in &top.vertices {
        let (x, y) = (index as usize % side, index as usize / side);
        let height = map.get(x, y);
        arrays
            .positions
            .push(gltf_axes(world::position(side, x, y, height)));
        arrays.normals.push(gltf_axes(world::normal(map, 1, x, y)));
        let value = measured
            .as_ref()
            .map_or(height, |values| values[index as usize]);
        let [red, green, blue, _] = table.color(value);
        arrays.colors.push([
            linear[usize::from(red)],
            linear[usize::from(green)],
            linear[usize::from(blue)],
            u16::MAX,
        ]);
    }
    arrays
}

/// glTF's vertex colours are linear: each sRGB level as a linear 16-bit one.
fn linear_table() -> [u16; 256] {
    let mut table = [0; 256];
    for (level, linear) in table.iter_mut().enumerate() {
        let srgb = level as f64 / 255.0;
        let value = if srgb <= 0.04045 {
            srgb / 12.92
        } else {
            ((srgb + 0.055) / 1.055).powf(2.4)
        };
        *linear = (value * 65535.0).round() as u16;
    }
    table
}

/// The JSON: one buffer (the BIN chunk), a view and an accessor per
/// array, one mesh of one primitive, its node and scene, and a matte
/// material, so viewers show the colours unlit by metal.
fn document(arrays: &Arrays, top: &TopMesh, bin_length: usize, generator: &str) -> Root {
    let vertices = arrays.positions.len();
    let mut root = Root {
        asset: Asset {
            generator: Some(generator.to_owned()),
            ..Asset::default()
        },
        ..Root::default()
    };
    root.buffers.push(Buffer {
        byte_length: USize64::from(bin_length),
        uri: None,
        extensions: None,
        extras: Default::default(),
    });
    let mut offset = 0;
    let mut view = |root: &mut Root, length: usize, target: Target| {
        root.buffer_views.push(View {
            buffer: Index::new(0),
            byte_length: USize64::from(length),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            target: Some(Checked::Valid(target)),
            extensions: None,
            extras: Default::default(),
        });
        offset += length;
        Index::new(root.buffer_views.len() as u32 - 1)
    };
    let positions = view(&mut root, vertices * 12, Target::ArrayBuffer);
    let normals = view(&mut root, vertices * 12, Target::ArrayBuffer);
    let colors = view(&mut root, vertices * 8, Target::ArrayBuffer);
    let indices = view(
        &mut root,
        top.triangles.len() * 4,
        Target::ElementArrayBuffer,
    );
    let (low, high) = bounds(&arrays.positions);
    let accessor = |root: &mut Root,
                    view: Index<View>,
                    count: usize,
                    component: ComponentType,
                    kind: Type,
                    normalized: bool,
                    range: Option<(json::Value, json::Value)>| {
        let (min, max) = range.map_or((None, None), |(min, max)| (Some(min), Some(max)));
        root.accessors.push(Accessor {
            buffer_view: Some(view),
            byte_offset: Some(USize64(0)),
            count: USize64::from(count),
            component_type: Checked::Valid(GenericComponentType(component)),
            extensions: None,
            extras: Default::default(),
            type_: Checked::Valid(kind),
            min,
            max,
            normalized,
            sparse: None,
        });
        Index::<Accessor>::new(root.accessors.len() as u32 - 1)
    };
    let range = Some((
        json::Value::from(low.to_vec()),
        json::Value::from(high.to_vec()),
    ));
    let position = accessor(
        &mut root,
        positions,
        vertices,
        ComponentType::F32,
        Type::Vec3,
        false,
        range,
    );
    let normal = accessor(
        &mut root,
        normals,
        vertices,
        ComponentType::F32,
        Type::Vec3,
        false,
        None,
    );
    let color = accessor(
        &mut root,
        colors,
        vertices,
        ComponentType::U16,
        Type::Vec4,
        true,
        None,
    );
    let index = accessor(
        &mut root,
        indices,
        top.triangles.len(),
        ComponentType::U32,
        Type::Scalar,
        false,
        None,
    );
    root.materials.push(Material {
        pbr_metallic_roughness: PbrMetallicRoughness {
            metallic_factor: StrengthFactor(0.0),
            roughness_factor: StrengthFactor(1.0),
            ..PbrMetallicRoughness::default()
        },
        ..Material::default()
    });
    let attributes = BTreeMap::from([
        (Checked::Valid(Semantic::Positions), position),
        (Checked::Valid(Semantic::Normals), normal),
        (Checked::Valid(Semantic::Colors(0)), color),
    ]);
    root.meshes.push(Mesh {
        extensions: None,
        extras: Default::default(),
        primitives: vec![Primitive {
            attributes,
            extensions: None,
            extras: Default::default(),
            indices: Some(index),
            material: Some(Index::new(0)),
            mode: Checked::Valid(Mode::Triangles),
            targets: None,
        }],
        weights: None,
    });
    root.nodes.push(Node {
        mesh: Some(Index::new(0)),
        ..Node::default()
    });
    root.scenes.push(Scene {
        extensions: None,
        extras: Default::default(),
        nodes: vec![Index::new(0)],
    });
    root.scene = Some(Index::new(0));
    root
}

/// The smallest and largest of each coordinate (glTF requires them of
/// positions).
fn bounds(positions: &[[f32; 3]]) -> ([f32; 3], [f32; 3]) {
    let mut low = [f32::INFINITY; 3];
    let mut high = [f32::NEG_INFINITY; 3];
    for position in positions {
        for axis in 0..3 {
            low[axis] = low[axis].min(position[axis]);
            high[axis] = high[axis].max(position[axis]);
        }
    }
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::whole_grid;
    use terrain_core::{Algorithm, Stage, ValidParams, generate};

    #[test]
    fn the_glb_reads_back_with_its_arrays() {
        let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(4)
            .expect("valid")
            .with_seed(3);
        let map = generate(&params, Stage::Done).expect("valid").heightmap;
        let top = whole_grid(17);
        let bytes = write_glb(
            &map,
            &top,
            Palette::Terrain,
            "Terrain, step by step: a test",
        );
        assert_eq!(&bytes[..4], b"glTF");
        assert_eq!(bytes.len() % 4, 0);
        assert_eq!(
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            bytes.len()
        );
        let glb = Glb::from_slice(&bytes).expect("a GLB");
        let root: Root = json::deserialize::from_slice(&glb.json).expect("its JSON");
        assert_eq!(root.asset.version, "2.0");
        assert_eq!(root.accessors[0].count.0, 289);
        assert_eq!(root.accessors[3].count.0, 2 * 16 * 16 * 3);
        let bin = glb.bin.expect("a BIN chunk");
        // The first position is the map's north-west corner.
        let first: Vec<f32> = bin[..12]
            .chunks_exact(4)
            .map(|bytes| f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
            .collect();
        assert_eq!(first, [-50.0, (map.get(0, 0) * 50.0) as f32, -50.0]);
    }

    #[test]
    fn a_palette_that_measures_colours_the_measure_not_the_height() {
        let side = 17;
        let colours = |heights: Vec<f64>, palette| {
            let map = Heightmap::from_heights(4, heights).expect("a map");
            let mut colours = vertex_arrays(&map, &whole_grid(side), palette).colors;
            colours.sort_unstable();
            colours.dedup();
            colours
        };
        // A plane rising east: one slope and no curvature everywhere.
        let plane: Vec<f64> = (0..side * side)
            .map(|index| (index % side) as f64 / 16.0)
            .collect();
        for palette in [Palette::Slope, Palette::Curvature] {
            assert_eq!(colours(plane.clone(), palette).len(), 1, "{palette:?}");
        }
        assert_eq!(colours(plane, Palette::Terrain).len(), side, "heights");
        // A flat map is flat and still whatever its height.
        let flat_low = colours(vec![0.1; side * side], Palette::Slope);
        assert_eq!(flat_low, colours(vec![0.9; side * side], Palette::Slope));
        let flat = Heightmap::new(4).expect("a map");
        let pale = measure::measured(Palette::Slope, &flat, false);
        assert!(pale.is_some_and(|values| values.iter().all(|&value| value == 0.0)));
    }

    #[test]
    fn colours_are_made_linear() {
        let table = linear_table();
        assert_eq!((table[0], table[255]), (0, 65535));
        // sRGB 50% grey is about 21.4% linear.
        assert!((f64::from(table[128]) / 65535.0 - 0.2158).abs() < 0.001);
    }
}
