//! What a map can leave the site as: the formats of `exportMap()` and of
//! every demo's Download menu, their options (each described once by a
//! [`Spec`], as the map's parameters are, so the JavaScript option, the
//! menu's field and every message agree), the checked settings, the file's
//! name and its size before it is made.
//!
//! The writers themselves are in `crates/terrain-export`, a wasm module
//! the page loads on the first download; this module is all the page's
//! main module needs to offer them.

use terrain_core::Parameter;
use terrain_core::spec::{Kind, Spec, Surface, Surfaces, Value};

use crate::palette::Palette;

pub mod forecast;

terrain_core::named_choices! {
    /// A kind of file.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum Format {
        /// A 16-bit greyscale PNG, the map's range over 0 to 65535.
        #[default]
        Png16 = "png16",
        /// The PNG's samples as 16-bit little-endian words, no header.
        Raw16 = "raw16",
        /// A Wavefront OBJ surface in the site's world units.
        Obj = "obj",
        /// A binary STL of a closed solid, in millimetres.
        Stl = "stl",
        /// A glTF 2.0 binary: positions, normals, colours, indices.
        Glb = "glb",
        /// A zip of tiles whose shared edges are equal.
        Tiles = "tiles",
    }
}

terrain_core::named_choices! {
    /// What each tile of a `tiles` zip is.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum TileFormat {
        /// 16-bit RAW.
        #[default]
        Raw16 = "raw16",
        /// 16-bit PNG.
        Png16 = "png16",
    }
}

impl Format {
    /// The name in the Download menu.
    pub fn title(self) -> &'static str {
        match self {
            Format::Png16 => "PNG, 16-bit greyscale",
            Format::Raw16 => "RAW, 16-bit (Unity, Unreal)",
            Format::Obj => "OBJ mesh (Blender)",
            Format::Stl => "STL solid (3D printing)",
            Format::Glb => "GLB mesh, glTF (Blender, engines)",
            Format::Tiles => "Tiles with shared edges (zip)",
        }
    }

    /// The file name's ending.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png16 => "png",
            Format::Raw16 => "raw",
            Format::Obj => "obj",
            Format::Stl => "stl",
            Format::Glb => "glb",
            Format::Tiles => "zip",
        }
    }

    /// The media type to offer the file with.
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Png16 => "image/png",
            Format::Raw16 => "application/octet-stream",
            Format::Obj => "model/obj",
            Format::Stl => "model/stl",
            Format::Glb => "model/gltf-binary",
            Format::Tiles => "application/zip",
        }
    }

    /// Whether it is a mesh, which `maxTriangles` can simplify.
    pub fn is_mesh(self) -> bool {
        matches!(self, Format::Obj | Format::Stl | Format::Glb)
    }

    /// The fewest triangles a file of this format can have: a closed
    /// solid's two triangles on top, eight for the walls and four under
    /// it, or any other mesh's two.
    pub fn fewest_triangles(self) -> u64 {
        if self == Format::Stl { 14 } else { 2 }
    }
}

/// How a map is written: the format and every option, checked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExportSettings {
    /// Which kind of file.
    pub format: Format,
    /// STL: the footprint's longer edge, in millimetres.
    pub size_mm: f64,
    /// STL: how thick the solid is under its lowest point, in millimetres.
    pub base_mm: f64,
    /// STL: how tall heights stand, as on the site (1: a height of 1 half
    /// as tall as the footprint is wide).
    pub relief: f64,
    /// GLB: the vertices' colours.
    pub palette: Palette,
    /// OBJ, STL, GLB: the most triangles the file may have, simplified to
    /// fit. `None`: [`DEFAULT_MAX_TRIANGLES`] for STL and GLB, and for OBJ
    /// the grid sampled to at most 513 points a side, as OBJ always was.
    pub max_triangles: Option<u32>,
    /// Tiles: how many along each side.
    pub tiles: u32,
    /// Tiles: what each tile is.
    pub tile_format: TileFormat,
}

/// The most triangles an STL or GLB has unless `maxTriangles` says
/// otherwise: every point of a 1025 × 1025 map (the STL's 2 109 440 with
/// its walls and base), simplified beyond.
pub const DEFAULT_MAX_TRIANGLES: u32 = 2_500_000;

/// The most `maxTriangles` may ask for: an STL of 500 MB, about what a
/// browser tab can build and hand over.
pub const MOST_TRIANGLES: u64 = 10_000_000;

impl Default for ExportSettings {
    fn default() -> Self {
        ExportSettings {
            format: Format::Png16,
            size_mm: 100.0,
            base_mm: 2.0,
            relief: 1.0,
            palette: Palette::Terrain,
            max_triangles: None,
            tiles: 2,
            tile_format: TileFormat::Raw16,
        }
    }
}

/// An option of `exportMap()` and the Download menu.
pub type ExportOption = Parameter<ExportSettings>;

/// The options of one surface only: not attributes or links.
const EXPORT: Surfaces = Surfaces {
    attribute: false,
    url: false,
    generate: false,
    erode: false,
    control: true,
};

fn always(_: &ExportSettings) -> bool {
    true
}

fn for_stl(settings: &ExportSettings) -> bool {
    settings.format == Format::Stl
}

fn for_meshes(settings: &ExportSettings) -> bool {
    settings.format.is_mesh()
}

fn for_tiles(settings: &ExportSettings) -> bool {
    settings.format == Format::Tiles
}

/// Every option, in the order the menu shows them and messages list them.
pub static OPTIONS: [ExportOption; 8] = [
    terrain_core::choice_parameter!(
        &Spec {
            label: "format",
            title: "Format",
            option: "format",
            attribute: "",
            help: "which kind of file",
            kind: Kind::Choice(&Format::NAMES),
            step: 1.0,
            surfaces: EXPORT,
        },
        always,
        Format::ALL,
        format
    ),
    terrain_core::number_parameter!(
        &Spec {
            label: "size",
            title: "Size (mm)",
            option: "sizeMm",
            attribute: "",
            help: "the solid's footprint, edge to edge, in millimetres",
            kind: Kind::Number {
                min: 1.0,
                max: 10_000.0,
            },
            step: 10.0,
            surfaces: EXPORT,
        },
        for_stl,
        size_mm
    ),
    terrain_core::number_parameter!(
        &Spec {
            label: "base",
            title: "Base (mm)",
            option: "baseMm",
            attribute: "",
            help: "how thick the solid is under its lowest point, in millimetres",
            kind: Kind::Number {
                min: 0.1,
                max: 1_000.0,
            },
            step: 0.5,
            surfaces: EXPORT,
        },
        for_stl,
        base_mm
    ),
    terrain_core::number_parameter!(
        &Spec {
            label: "relief",
            title: "Solid's relief",
            option: "relief",
            attribute: "",
            help: "how tall heights stand: 1 is as on the site, a height of 1 half the width",
            kind: Kind::Number { min: 0.1, max: 2.0 },
            step: 0.05,
            surfaces: EXPORT,
        },
        for_stl,
        relief
    ),
    terrain_core::choice_parameter!(
        &Spec {
            label: "palette",
            title: "Vertex colours",
            option: "palette",
            attribute: "",
            help: "the colours of the vertices",
            kind: Kind::Choice(&Palette::NAMES),
            step: 1.0,
            surfaces: EXPORT,
        },
        |settings: &ExportSettings| settings.format == Format::Glb,
        Palette::ALL,
        palette
    ),
    ExportOption {
        spec: &Spec {
            label: "most triangles",
            title: "Most triangles",
            option: "maxTriangles",
            attribute: "",
            help: "fewer triangles, a smaller file: the surface is simplified to fit",
            kind: Kind::Whole {
                min: 2,
                max: MOST_TRIANGLES,
            },
            step: 1.0,
            surfaces: EXPORT,
        },
        applies: for_meshes,
        get: |settings| {
            Value::Whole(u64::from(
                settings.max_triangles.unwrap_or(DEFAULT_MAX_TRIANGLES),
            ))
        },
        set: |settings, value| {
            if let Value::Whole(whole) = value {
                settings.max_triangles = u32::try_from(*whole).ok();
            }
        },
    },
    terrain_core::whole_parameter!(
        &Spec {
            label: "tiles",
            title: "Tiles per side",
            option: "tiles",
            attribute: "",
            help: "k × k tiles; k must divide the map's cells (2, 4, 8 …)",
            kind: Kind::Whole { min: 1, max: 4096 },
            step: 1.0,
            surfaces: EXPORT,
        },
        for_tiles,
        tiles
    ),
    terrain_core::choice_parameter!(
        &Spec {
            label: "tile format",
            title: "Each tile",
            option: "tileFormat",
            attribute: "",
            help: "16-bit RAW or 16-bit PNG",
            kind: Kind::Choice(&TileFormat::NAMES),
            step: 1.0,
            surfaces: EXPORT,
        },
        for_tiles,
        TileFormat::ALL,
        tile_format
    ),
];

/// The refusal of `most` triangles, too few for any `format` mesh.
fn too_few_triangles(format: Format, most: u64, surface: Surface) -> String {
    let spec = option_named("maxTriangles").map_or("maxTriangles".to_owned(), |option| {
        option.spec.name_on(surface)
    });
    let parts = if format == Format::Stl {
        "surface, walls and base"
    } else {
        "surface"
    };
    format!(
        "{spec} must be a whole number from {} to {MOST_TRIANGLES} for {} (the fewest its \
         {parts} can have); got {most}",
        format.fewest_triangles(),
        format.name()
    )
}

/// The option called `name` (its JavaScript spelling), if any.
pub fn option_named(name: &str) -> Option<&'static ExportOption> {
    OPTIONS.iter().find(|option| option.spec.option == name)
}

impl ExportSettings {
    /// Reads the options as `surface` gives them: `given` is the text of
    /// each option given (by its JavaScript name). The format is read
    /// first; an option the format does not read is checked all the same,
    /// then ignored. The first refusal is the error, worded for `surface`.
    pub fn read(
        surface: Surface,
        given: impl Fn(&'static Spec) -> Option<String>,
    ) -> Result<Self, String> {
        let mut settings = ExportSettings::default();
        for option in &OPTIONS {
            let Some(text) = given(option.spec) else {
                continue;
            };
            let value = option.spec.parse_on(surface, &text).map_err(|refusal| {
                // Too few triangles for any mesh is said with an STL's own
                // least, 14, as `check_for` says it (too many, as any
                // format's).
                match option.spec.parse(&text) {
                    Ok(Value::Whole(few))
                        if option.spec.option == "maxTriangles"
                            && settings.format == Format::Stl
                            && few < settings.format.fewest_triangles() =>
                    {
                        too_few_triangles(settings.format, few, surface)
                    }
                    _ => option.spec.refuse_on(surface, &refusal),
                }
            })?;
            (option.set)(&mut settings, &value);
        }
        Ok(settings)
    }

    /// Checks what depends on the map, `side` points wide: that the tiles
    /// divide it and that a mesh may have as few triangles as asked.
    pub fn check_for(&self, side: usize, surface: Surface) -> Result<(), String> {
        let cells = side.saturating_sub(1) as u64;
        let tiles = u64::from(self.tiles);
        if self.format == Format::Tiles && (tiles > cells || !cells.is_multiple_of(tiles)) {
            let spec = option_named("tiles")
                .map_or("tiles".to_owned(), |tiles| tiles.spec.name_on(surface));
            return Err(format!(
                "{spec} must be a whole number that divides the map's {cells} cells ({}); got {tiles}",
                divisors(cells)
            ));
        }
        if let Some(most) = self.max_triangles.filter(|_| self.format.is_mesh())
            && u64::from(most) < self.format.fewest_triangles()
        {
            return Err(too_few_triangles(self.format, u64::from(most), surface));
        }
        Ok(())
    }

    /// The options the format reads, as names and texts that
    /// [`ExportSettings::read`] reads back to these settings.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        OPTIONS
            .iter()
            .filter(|option| {
                (option.applies)(self)
                    && (option.spec.option != "maxTriangles" || self.max_triangles.is_some())
            })
            .map(|option| (option.spec.option, option.spec.show(&(option.get)(self))))
            .collect()
    }

    /// The triangle budget a mesh is simplified to, or `None` for the
    /// grid as it is (OBJ's default).
    pub fn triangle_budget(&self) -> Option<u64> {
        match (self.format, self.max_triangles) {
            (_, Some(most)) => Some(u64::from(most)),
            (Format::Obj, None) => None,
            _ => Some(u64::from(DEFAULT_MAX_TRIANGLES)),
        }
    }

    /// The suggested file name, from the map's `stem` (algorithm, exponent,
    /// seed) and its side: a RAW file names its side, which it does not
    /// store.
    pub fn file_name(&self, stem: &str, side: usize) -> String {
        let extension = self.format.extension();
        match self.format {
            Format::Raw16 => format!("{stem}-{side}x{side}.{extension}"),
            Format::Tiles => format!("{stem}-tiles-{0}x{0}.{extension}", self.tiles),
            _ => format!("{stem}.{extension}"),
        }
    }
}

/// The divisors of `cells` (a power of two) as a message lists them.
fn divisors(cells: u64) -> String {
    let all: Vec<String> = (0..=cells.max(1).ilog2())
        .map(|power| (1u64 << power).to_string())
        .collect();
    if all.len() > 6 {
        format!("1, 2, 4, 8 … {}", cells)
    } else {
        all.join(", ")
    }
}

/// The name of tile `(row, column)` in a zip of tiles, `side` points wide:
/// row and column first, then the side a RAW reader needs.
pub fn tile_name(row: usize, column: usize, side: usize, format: TileFormat) -> String {
    let extension = match format {
        TileFormat::Raw16 => "raw",
        TileFormat::Png16 => "png",
    };
    format!("tile-row-{row}-column-{column}-{side}x{side}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<ExportSettings, String> {
        ExportSettings::read(Surface::Option, |spec| {
            pairs
                .iter()
                .find(|(name, _)| *name == spec.option)
                .map(|(_, text)| (*text).to_owned())
        })
    }

    #[test]
    fn options_are_read_and_refused_with_their_name_value_and_range() {
        let settings =
            read(&[("format", "stl"), ("sizeMm", "120"), ("baseMm", "3")]).expect("valid");
        assert_eq!(settings.format, Format::Stl);
        assert_eq!((settings.size_mm, settings.base_mm), (120.0, 3.0));
        assert_eq!(
            read(&[("format", "fbx")]),
            Err("format must be one of png16, raw16, obj, stl, glb, tiles; got \"fbx\"".into())
        );
        assert_eq!(
            read(&[("format", "stl"), ("sizeMm", "0")]),
            Err("sizeMm must be a number from 1 to 10000; got 0".into())
        );
        assert_eq!(
            read(&[("maxTriangles", "1")]),
            Err("maxTriangles must be a whole number from 2 to 10000000; got 1".into())
        );
        let control = ExportSettings::read(Surface::Control, |spec| {
            (spec.option == "baseMm").then(|| "abc".to_owned())
        });
        assert_eq!(
            control,
            Err("Base (mm) must be a number from 0.1 to 1000; got \"abc\"".into())
        );
    }

    #[test]
    fn what_depends_on_the_map_is_checked_against_it() {
        let tiles = read(&[("format", "tiles"), ("tiles", "3")]).expect("in range");
        assert_eq!(
            tiles.check_for(4097, Surface::Option),
            Err(
                "tiles must be a whole number that divides the map's 4096 cells \
                 (1, 2, 4, 8 … 4096); got 3"
                    .into()
            )
        );
        let four = read(&[("format", "tiles"), ("tiles", "4")]).expect("valid");
        assert_eq!(four.check_for(4097, Surface::Option), Ok(()));
        assert!(
            four.check_for(3, Surface::Option).is_err(),
            "2 cells, 4 tiles"
        );
        // Below any mesh's least, an STL's budget is refused with its own;
        // above the most, as any format's.
        assert_eq!(
            read(&[("format", "stl"), ("maxTriangles", "10000001")]),
            Err("maxTriangles must be a whole number from 2 to 10000000; got 10000001".into())
        );
        assert_eq!(
            read(&[("format", "stl"), ("maxTriangles", "1")]),
            Err(
                "maxTriangles must be a whole number from 14 to 10000000 for stl (the \
                 fewest its surface, walls and base can have); got 1"
                    .into()
            )
        );
        let stl = read(&[("format", "stl"), ("maxTriangles", "13")]).expect("in range");
        assert_eq!(
            stl.check_for(65, Surface::Option),
            Err(
                "maxTriangles must be a whole number from 14 to 10000000 for stl (the \
                 fewest its surface, walls and base can have); got 13"
                    .into()
            )
        );
        let glb = read(&[("format", "glb"), ("maxTriangles", "13")]).expect("valid");
        assert_eq!(glb.check_for(65, Surface::Option), Ok(()));
    }

    #[test]
    fn settings_written_as_pairs_read_back_the_same() {
        for format in Format::ALL {
            let settings = ExportSettings {
                format,
                size_mm: 37.5,
                base_mm: 0.1,
                relief: 1.25,
                palette: Palette::Bands,
                max_triangles: Some(5000),
                tiles: 8,
                tile_format: TileFormat::Png16,
            };
            let pairs = settings.to_pairs();
            let back = ExportSettings::read(Surface::Option, |spec| {
                pairs
                    .iter()
                    .find(|(name, _)| *name == spec.option)
                    .map(|(_, text)| text.clone())
            })
            .expect("valid");
            assert_eq!(back.to_pairs(), pairs, "{format:?}");
            assert_eq!(pairs[0], ("format", format.name().to_owned()));
        }
        assert_eq!(
            ExportSettings::default().to_pairs(),
            [("format", "png16".to_owned())]
        );
    }

    #[test]
    fn names_say_the_format_and_a_raw_file_its_side() {
        let raw = ExportSettings {
            format: Format::Raw16,
            ..ExportSettings::default()
        };
        assert_eq!(
            raw.file_name("diamond-square-12-seed-7", 4097),
            "diamond-square-12-seed-7-4097x4097.raw"
        );
        let tiles = ExportSettings {
            format: Format::Tiles,
            tiles: 4,
            ..ExportSettings::default()
        };
        assert_eq!(tiles.file_name("hills", 65), "hills-tiles-4x4.zip");
    }
}
