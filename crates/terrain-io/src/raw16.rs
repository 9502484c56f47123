//! A heightmap as 16-bit RAW: the samples of the 16-bit PNG, unwrapped,
//! as Unity's and Unreal's terrain importers read them.

use terrain_core::Heightmap;

use crate::png_export::samples16;

/// Writes `map` as 16-bit little-endian samples in row order, first row
/// first, with no header: exactly the samples [`crate::export_png`] writes
/// as pixels (scaled over the map's own `min..max`), `2 * side * side`
/// bytes. Unity ("Depth 16 Bit, Byte Order Windows") and Unreal
/// (Heightmap File, `.r16`) import it given the side, which is why the
/// page puts the side in the file's name.
pub fn export_raw16(map: &Heightmap) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(map.heights().len() * 2);
    for sample in samples16(map) {
        bytes.extend_from_slice(&sample.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_maps::diamond_square;

    #[test]
    fn raw16_holds_the_pngs_samples_little_endian() {
        let map = diamond_square(5, 3);
        let raw = export_raw16(&map);
        assert_eq!(raw.len(), 2 * 33 * 33);
        let decoded = png::Decoder::new(std::io::Cursor::new(crate::export_png(&map)));
        let mut reader = decoded.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut pixels).expect("pixels");
        let from_png: Vec<u16> = pixels
            .chunks_exact(2)
            .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
            .collect();
        let from_raw: Vec<u16> = raw
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        assert_eq!(from_raw, from_png);
        assert_eq!(from_raw.iter().min(), Some(&0));
        assert_eq!(from_raw.iter().max(), Some(&65535));
    }
}
