//! A map cut into `k × k` tiles for engines that stream terrain, in a zip.
//!
//! Neighbouring tiles share their edge: tile `(row, column)` covers map
//! rows `row · t` to `(row + 1) · t` and the same columns, `t` being the
//! map's cells over `k`, so the last row of one tile is the first of the
//! next, sample for sample. Every tile's samples are the whole map's 16-bit
//! samples (scaled over the whole map's range, as the single PNG and RAW
//! are), never rescaled over the tile's own range, or the seams would
//! step. The zip is the `zip` crate's, stored without compression (a PNG
//! tile is deflated already).

use std::io::{Cursor, Write};

use terrain_core::Heightmap;
use terrain_view::export::{TileFormat, tile_name};
use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

/// Writes `map` as a zip of `tiles × tiles` tiles in `format` (`tiles`
/// divides the map's cells: the settings' check made sure), calling
/// `progress` with the share done after each tile.
pub fn write_tiles(
    map: &Heightmap,
    tiles: usize,
    format: TileFormat,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<u8>, String> {
    let side = map.side();
    let span = (side - 1) / tiles.max(1);
    let tile_side = span + 1;
    let samples: Vec<u16> = terrain_io::samples16(map).collect();
    let (low, high) = map.min_max();
    let per_tile = 2 * tile_side * tile_side + 200;
    let mut zip = ZipWriter::new(Cursor::new(Vec::with_capacity(tiles * tiles * per_tile)));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let failed = |error: &dyn std::fmt::Display| format!("the zip could not be written ({error})");
    for row in 0..tiles {
        for column in 0..tiles {
            let tile = (0..tile_side).flat_map(|y| {
                let start = (row * span + y) * side + column * span;
                samples[start..start + tile_side].iter().copied()
            });
            let bytes = match format {
                TileFormat::Raw16 => tile.flat_map(u16::to_le_bytes).collect(),
                TileFormat::Png16 => terrain_io::png16(
                    tile_side as u32,
                    tile,
                    &format!(
                        "Tile row {row}, column {column} of {tiles} x {tiles} of a {side} x {side} \
                         heightmap; its edges are its neighbours'. Pixel 0 is height {low}, pixel \
                         65535 is height {high}, over the whole map."
                    ),
                ),
            };
            zip.start_file(tile_name(row, column, tile_side, format), options)
                .map_err(|error| failed(&error))?;
            zip.write_all(&bytes).map_err(|error| failed(&error))?;
            progress(((row * tiles + column + 1) as f64) / (tiles * tiles) as f64);
        }
    }
    Ok(zip.finish().map_err(|error| failed(&error))?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use terrain_core::{Algorithm, Stage, ValidParams, generate};
    use zip::ZipArchive;

    fn samples_of(bytes: &[u8]) -> Vec<u16> {
        bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect()
    }

    #[test]
    fn tiles_are_the_maps_samples_and_share_their_edges() {
        let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(5)
            .expect("valid")
            .with_seed(4);
        let map = generate(&params, Stage::Done).expect("valid").heightmap;
        let whole = samples_of(&terrain_io::export_raw16(&map));
        let bytes = write_tiles(&map, 4, TileFormat::Raw16, &mut |_| {}).expect("written");
        let mut archive = ZipArchive::new(Cursor::new(bytes)).expect("a zip");
        assert_eq!(archive.len(), 16);
        for row in 0..4 {
            for column in 0..4 {
                let mut file = archive
                    .by_name(&tile_name(row, column, 9, TileFormat::Raw16))
                    .expect("named by row and column");
                let mut raw = Vec::new();
                file.read_to_end(&mut raw).expect("reads");
                let tile = samples_of(&raw);
                assert_eq!(tile.len(), 81);
                for y in 0..9 {
                    for x in 0..9 {
                        assert_eq!(tile[y * 9 + x], whole[(row * 8 + y) * 33 + column * 8 + x]);
                    }
                }
            }
        }
    }

    #[test]
    fn png_tiles_are_png_files_of_the_same_samples() {
        let params = ValidParams::new(Algorithm::VALUE_NOISE)
            .with_exponent(4)
            .expect("valid");
        let map = generate(&params, Stage::Done).expect("valid").heightmap;
        let bytes = write_tiles(&map, 2, TileFormat::Png16, &mut |_| {}).expect("written");
        let mut archive = ZipArchive::new(Cursor::new(bytes)).expect("a zip");
        let mut png = Vec::new();
        archive
            .by_name(&tile_name(1, 0, 9, TileFormat::Png16))
            .expect("there")
            .read_to_end(&mut png)
            .expect("reads");
        assert!(png.starts_with(&[137, 80, 78, 71]));
    }
}
