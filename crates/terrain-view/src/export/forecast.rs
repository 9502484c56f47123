//! A file's size before it is made, for the Download menu: exact where
//! the format fixes it, else at most or about what the writer will make.

use terrain_core::words::group_thousands;

use super::{ExportSettings, Format, TileFormat, tile_name};

/// How sure a size said before the file is made is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Certainty {
    /// To the byte.
    Exact,
    /// Within a few percent.
    About,
    /// A bound the file never passes (a compressed file, or a simplified
    /// mesh).
    AtMost,
}

/// A file's size before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Forecast {
    /// Bytes.
    pub bytes: u64,
    /// How sure.
    pub certainty: Certainty,
}

impl Forecast {
    /// In words: "33.6 MB", "about 4.2 MB", "at most 18.6 MB".
    pub fn words(&self) -> String {
        let size = bytes_in_words(self.bytes);
        match self.certainty {
            Certainty::Exact => size,
            Certainty::About => format!("about {size}"),
            Certainty::AtMost => format!("at most {size}"),
        }
    }
}

/// A size as people read it: 812 bytes, 18.4 KB, 33.6 MB (1 MB = 10^6
/// bytes, as file managers show them).
pub fn bytes_in_words(bytes: u64) -> String {
    let value = bytes as f64;
    if bytes < 1000 {
        format!("{} bytes", group_thousands(bytes as usize))
    } else if bytes < 1_000_000 {
        format!("{:.1} KB", value / 1e3)
    } else if bytes < 1_000_000_000 {
        format!("{:.1} MB", value / 1e6)
    } else {
        format!("{:.2} GB", value / 1e9)
    }
}

/// The bytes of a binary STL of `triangles` triangles.
pub fn stl_bytes(triangles: u64) -> u64 {
    84 + 50 * triangles
}

/// A closed solid's triangles over a grid `side` points wide, every
/// point kept: two a cell on top, two a border cell's wall, and one a
/// border cell under it.
pub fn solid_triangles(side: usize) -> u64 {
    let cells = side.saturating_sub(1) as u64;
    2 * cells * cells + 12 * cells
}

/// What a file of `settings` for a map `side` points wide will weigh.
pub fn forecast(settings: &ExportSettings, side: usize) -> Forecast {
    let points = (side * side) as u64;
    let cells = side.saturating_sub(1) as u64;
    let budget = settings.triangle_budget();
    let exact = |bytes| Forecast {
        bytes,
        certainty: Certainty::Exact,
    };
    // Stored deflate blocks bound a PNG: its rows, a filter byte each, five
    // bytes a 65 535-byte block, and the chunks around them.
    let png_at_most = |side: u64| {
        let raw = 2 * side * side + side;
        raw + 5 * raw.div_ceil(65_535) + 400
    };
    match settings.format {
        Format::Png16 => Forecast {
            bytes: png_at_most(side as u64),
            certainty: Certainty::AtMost,
        },
        Format::Raw16 => exact(2 * points),
        Format::Stl => {
            let full = solid_triangles(side);
            match budget {
                Some(most) if most < full => Forecast {
                    bytes: stl_bytes(most),
                    certainty: Certainty::AtMost,
                },
                _ => exact(stl_bytes(full)),
            }
        }
        Format::Glb => {
            let full = 2 * cells * cells;
            match budget {
                // A surface of T triangles whose border has B points has
                // 1 + (T + B) / 2 vertices, and B is at most the map's.
                Some(most) if most < full => Forecast {
                    bytes: glb_bytes((1 + (most + 4 * cells) / 2).min(points), most),
                    certainty: Certainty::AtMost,
                },
                _ => Forecast {
                    bytes: glb_bytes(points, full),
                    certainty: Certainty::About,
                },
            }
        }
        Format::Obj => {
            // About 23 bytes a `v` line, 22 a `vn` line, and `f` lines of
            // six vertex numbers.
            let line_bytes = |vertices: u64, triangles: u64| {
                let digits = vertices.max(1).ilog10() as u64 + 1;
                vertices * 45 + triangles * (11 + 6 * digits) + 600
            };
            match budget {
                None => {
                    let step = terrain_io::obj_step(side) as u64;
                    let drawn = cells / step + 1;
                    Forecast {
                        bytes: line_bytes(drawn * drawn, 2 * (drawn - 1) * (drawn - 1)),
                        certainty: Certainty::About,
                    }
                }
                // About half as many vertices as triangles, and the
                // border's (see GLB above).
                Some(most) if most < 2 * cells * cells => Forecast {
                    bytes: line_bytes(most / 2 + 2 * most.isqrt(), most),
                    certainty: Certainty::About,
                },
                Some(_) => Forecast {
                    bytes: line_bytes(points, 2 * cells * cells),
                    certainty: Certainty::About,
                },
            }
        }
        Format::Tiles => {
            let k = u64::from(settings.tiles.max(1));
            let tile_side = cells / k + 1;
            let per_tile = match settings.tile_format {
                TileFormat::Raw16 => 2 * tile_side * tile_side,
                TileFormat::Png16 => png_at_most(tile_side),
            };
            // A stored zip entry: its data, a local header and a central
            // directory record, each with its name; then the directory's end.
            let names: u64 = (0..k as usize)
                .flat_map(|row| (0..k as usize).map(move |column| (row, column)))
                .map(|(row, column)| {
                    tile_name(row, column, tile_side as usize, settings.tile_format).len() as u64
                })
                .sum();
            Forecast {
                bytes: k * k * (per_tile + 30 + 46) + 2 * names + 22,
                certainty: match settings.tile_format {
                    TileFormat::Raw16 => Certainty::Exact,
                    TileFormat::Png16 => Certainty::AtMost,
                },
            }
        }
    }
}

/// A GLB's bytes: 32 a vertex (position, normal, colour), 12 a triangle,
/// and about 1.5 KB of JSON and headers.
fn glb_bytes(vertices: u64, triangles: u64) -> u64 {
    vertices * 32 + triangles * 12 + 1_500
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_said_before_the_file_is_made() {
        let of = |format, side| {
            forecast(
                &ExportSettings {
                    format,
                    ..ExportSettings::default()
                },
                side,
            )
        };
        assert_eq!(
            of(Format::Raw16, 4097),
            Forecast {
                bytes: 2 * 4097 * 4097,
                certainty: Certainty::Exact
            }
        );
        assert_eq!(of(Format::Raw16, 4097).words(), "33.6 MB");
        let stl = of(Format::Stl, 1025);
        assert_eq!(
            stl.certainty,
            Certainty::Exact,
            "every point fits the default"
        );
        assert_eq!(stl.bytes, 84 + 50 * (2 * 1024 * 1024 + 12 * 1024));
        let big = of(Format::Stl, 4097);
        assert_eq!(big.words(), "at most 125.0 MB");
        assert_eq!(of(Format::Png16, 9).certainty, Certainty::AtMost);
        assert_eq!(bytes_in_words(812), "812 bytes");
        assert_eq!(bytes_in_words(18_400), "18.4 KB");
    }
}
