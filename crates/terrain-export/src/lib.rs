//! The downloads of *Terrain, step by step*: a map as a 16-bit PNG or RAW,
//! an OBJ surface, a closed STL solid, a GLB, or a zip of tiles.
//!
//! This is a wasm module of its own, which a page fetches the first time a
//! reader downloads something (and `export.js` loads for `exportMap()`),
//! so its writers (and the zip, glTF and STL crates under them) cost
//! nothing to a reader who never does. What the formats and their options
//! are is `terrain_view::export`'s business, so the page's main module can
//! offer them; this crate writes them. Natively it is a library like any
//! other, tested here.
//!
//! | file | what it writes |
//! |---|---|
//! | `surface` | the mesh a file holds: every point, or the level-of-detail mesh within a triangle budget, and its largest height error |
//! | `solid` | the closed solid for 3D printing, as binary STL |
//! | `glb` | glTF 2.0 binary |
//! | `tiles` | the zip of tiles with shared edges |
//! | `wasm` | `exportMap()` and the worker's `writeFile()`, for JavaScript |
//!
//! ```
//! use terrain_core::{generate, Algorithm, Stage, ValidParams};
//! use terrain_view::export::{ExportSettings, Format};
//!
//! let params = ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(5)?.with_seed(7);
//! let map = generate(&params, Stage::Done)?.heightmap;
//! let settings = ExportSettings { format: Format::Stl, size_mm: 120.0, ..Default::default() };
//! let file = terrain_export::export_map(&map, &settings, &mut |_, _| {})?;
//! assert_eq!(file.bytes.len(), 84 + 50 * 2_432);
//! assert_eq!(file.max_error, Some(0.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod glb;
pub mod solid;
pub mod surface;
pub mod tiles;
#[cfg(target_arch = "wasm32")]
mod wasm;

use terrain_core::Heightmap;
use terrain_core::spec::Surface;
use terrain_core::words::four_significant;
use terrain_core::world::HEIGHT_SCALE;
use terrain_view::export::{ExportSettings, Format};

use crate::solid::TRIANGLES_PER_BORDER_SEGMENT;
use crate::surface::{TopMesh, top_mesh};

/// A written file and what a reader should know about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The file.
    pub bytes: Vec<u8>,
    /// A mesh's triangles.
    pub triangles: Option<u64>,
    /// A mesh's largest height error, in the file's units (millimetres
    /// for STL, world units for OBJ and GLB): 0 when every point is kept.
    pub max_error: Option<f64>,
    /// Those units, in words.
    pub units: &'static str,
}

/// Writes `map` as `settings` say, telling `progress` the share done and
/// what is being done. The settings must suit the map (the tiles divide
/// it, a mesh may have as few triangles as asked); if not, the error is
/// the sentence saying so.
pub fn export_map(
    map: &Heightmap,
    settings: &ExportSettings,
    progress: &mut dyn FnMut(f64, &str),
) -> Result<Exported, String> {
    settings.check_for(map.side(), Surface::Option)?;
    let file = |bytes| Exported {
        bytes,
        triangles: None,
        max_error: None,
        units: "",
    };
    progress(0.05, "Writing the file");
    Ok(match settings.format {
        Format::Png16 => file(terrain_io::export_png(map)),
        Format::Raw16 => file(terrain_io::export_raw16(map)),
        Format::Tiles => file(tiles::write_tiles(
            map,
            settings.tiles as usize,
            settings.tile_format,
            &mut |share| progress(0.05 + 0.9 * share, "Writing the tiles"),
        )?),
        Format::Obj | Format::Stl | Format::Glb => mesh_file(map, settings, progress),
    })
}

/// An OBJ, STL or GLB: its surface first (simplified if the budget asks),
/// then the file.
fn mesh_file(
    map: &Heightmap,
    settings: &ExportSettings,
    progress: &mut dyn FnMut(f64, &str),
) -> Exported {
    let budget = settings.triangle_budget();
    if settings.format == Format::Obj && budget.is_none() {
        // The OBJ every demo always wrote: the grid, sampled to at most
        // 513 points a side.
        let step = terrain_io::obj_step(map.side()) as u64;
        let drawn = (map.side() as u64 - 1) / step;
        return Exported {
            bytes: terrain_io::export_obj(map).into_bytes(),
            triangles: Some(2 * drawn * drawn),
            max_error: None,
            units: "world units",
        };
    }
    let per_border = if settings.format == Format::Stl {
        TRIANGLES_PER_BORDER_SEGMENT
    } else {
        0
    };
    let top = top_mesh(map, budget, per_border, &mut |share| {
        progress(0.05 + 0.6 * share, "Fitting the triangles")
    });
    progress(0.7, "Writing the file");
    let (vertical, units) = match settings.format {
        Format::Stl => (settings.relief * settings.size_mm / 2.0, "mm"),
        _ => (HEIGHT_SCALE, "world units"),
    };
    let max_error = top.max_error * vertical;
    let (bytes, triangles) = match settings.format {
        Format::Stl => {
            let solid = solid::build(map, &top, settings);
            let count = solid.triangles.len() as u64;
            let header = format!(
                "Terrain, step by step. {count} triangles; heights within {} mm",
                four_significant(max_error)
            );
            (solid::write_stl(&solid, &header), count)
        }
        Format::Glb => (
            glb::write_glb(
                map,
                &top,
                settings.palette,
                &statement(&top, map, max_error, units),
            ),
            top.triangle_count(),
        ),
        _ => (
            terrain_io::export_obj_mesh(
                map,
                &top.vertices,
                &top.triangles,
                &[statement(&top, map, max_error, units)],
            )
            .into_bytes(),
            top.triangle_count(),
        ),
    };
    Exported {
        bytes,
        triangles: Some(triangles),
        max_error: Some(max_error),
        units,
    }
}

/// What a mesh file says of itself: where it is from and how close it is.
fn statement(top: &TopMesh, map: &Heightmap, max_error: f64, units: &str) -> String {
    if top.is_whole(map) {
        format!(
            "Terrain, step by step: every point of the {0} x {0} map",
            map.side()
        )
    } else {
        format!(
            "Terrain, step by step: the {0} x {0} map simplified to {1} triangles, every point \
             within {2} {units} of its height",
            map.side(),
            top.triangle_count(),
            four_significant(max_error)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, Stage, ValidParams, generate};
    use terrain_view::export::TileFormat;
    use terrain_view::export::forecast::{Certainty, forecast};

    fn map(exponent: u32) -> Heightmap {
        let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(exponent)
            .expect("valid")
            .with_seed(11);
        generate(&params, Stage::Done).expect("valid").heightmap
    }

    #[test]
    fn every_format_writes_within_its_forecast() {
        let map = map(6);
        let mut settings = Vec::new();
        for format in Format::ALL {
            settings.push(ExportSettings {
                format,
                ..ExportSettings::default()
            });
        }
        settings.push(ExportSettings {
            format: Format::Tiles,
            tile_format: TileFormat::Png16,
            tiles: 4,
            ..ExportSettings::default()
        });
        for format in [Format::Obj, Format::Stl, Format::Glb] {
            settings.push(ExportSettings {
                format,
                max_triangles: Some(1000),
                ..ExportSettings::default()
            });
        }
        for settings in settings {
            let written = export_map(&map, &settings, &mut |_, _| {}).expect("written");
            let size = written.bytes.len() as u64;
            let told = forecast(&settings, 65);
            match told.certainty {
                Certainty::Exact => assert_eq!(size, told.bytes, "{settings:?}"),
                Certainty::AtMost => assert!(size <= told.bytes, "{size}: {settings:?}"),
                Certainty::About => {
                    let off = size.abs_diff(told.bytes) as f64 / size as f64;
                    // "Within a few percent", as `Certainty::About` says.
                    assert!(off < 0.05, "{size} against {}: {settings:?}", told.bytes);
                }
            }
            if let (Some(most), Some(triangles)) = (settings.max_triangles, written.triangles) {
                assert!(triangles <= u64::from(most), "{settings:?}");
                assert!(written.max_error.is_some_and(|error| error > 0.0));
            }
        }
    }

    #[test]
    fn a_zip_of_raw_tiles_is_its_forecast_to_the_byte() {
        for exponent in 1..=7 {
            let side = (1 << exponent) + 1;
            let map = map(exponent);
            for tiles in (0..=exponent).map(|power| 1 << power) {
                let settings = ExportSettings {
                    format: Format::Tiles,
                    tiles,
                    ..ExportSettings::default()
                };
                let written = export_map(&map, &settings, &mut |_, _| {}).expect("written");
                let told = forecast(&settings, side);
                assert_eq!(told.certainty, Certainty::Exact);
                assert_eq!(
                    written.bytes.len() as u64,
                    told.bytes,
                    "{exponent}, {tiles}"
                );
            }
        }
    }

    #[test]
    fn a_simplified_obj_states_its_error_and_stays_a_surface() {
        let map = map(7);
        let settings = ExportSettings {
            format: Format::Obj,
            max_triangles: Some(2000),
            ..ExportSettings::default()
        };
        let written = export_map(&map, &settings, &mut |_, _| {}).expect("written");
        let text = String::from_utf8(written.bytes).expect("text");
        let faces = text.lines().filter(|line| line.starts_with("f ")).count() as u64;
        assert_eq!(Some(faces), written.triangles);
        let error = written.max_error.expect("an error");
        assert!(
            text.contains(&format!("within {} world units", four_significant(error))),
            "{text:.400}"
        );
    }

    #[test]
    fn settings_that_do_not_suit_the_map_are_refused() {
        let settings = ExportSettings {
            format: Format::Tiles,
            tiles: 64,
            ..ExportSettings::default()
        };
        let refused = export_map(&map(4), &settings, &mut |_, _| {});
        assert!(refused.is_err_and(|message| message.starts_with("tiles must be")));
    }
}
