//! The height range a PNG of ours records: [`crate::export_png`] (and each
//! tile of a tiled export) writes, in its `Comment` text chunk, which
//! heights pixel 0 and pixel 65535 stand for, so an import can give the
//! map back its own heights rather than 0 to 1.

use terrain_core::erosion::MAX_ABS_HEIGHT;

use crate::png_export::SOFTWARE;

/// What a PNG's text chunks say of the heights its pixels stand for, read
/// as [`crate::png_structure::read_chunks`] meets them.
#[derive(Debug, Default)]
pub(crate) struct Recorded {
    /// Whether its `Software` is ours.
    ours: bool,
    /// The range its `Comment` says.
    range: Option<(f64, f64)>,
    /// Whether a text chunk was no keyword and UTF-8 text: then nothing
    /// it says is taken.
    garbled: bool,
}

impl Recorded {
    /// Reads one `tEXt` chunk's `data`: a keyword, a zero byte, the text.
    pub(crate) fn read(&mut self, data: &[u8]) {
        let zero = data.iter().position(|&byte| byte == 0);
        let Some((zero, Ok(text))) =
            zero.map(|zero| (zero, std::str::from_utf8(&data[zero + 1..])))
        else {
            self.garbled = true;
            return;
        };
        match &data[..zero] {
            b"Software" => self.ours = text == SOFTWARE,
            b"Comment" => self.range = range_in(text),
            _ => {}
        }
    }

    /// The heights pixel 0 and the highest pixel stand for, as the
    /// `Comment` of a PNG whose `Software` is ours says them; `None` for
    /// any other file, or a range that is not two finite heights, lowest
    /// first, within [`MAX_ABS_HEIGHT`] (what erosion takes).
    pub(crate) fn range(self) -> Option<(f64, f64)> {
        let (low, high) = self.range.filter(|_| self.ours && !self.garbled)?;
        let fits = |height: f64| height.is_finite() && height.abs() <= MAX_ABS_HEIGHT;
        (fits(low) && fits(high) && low <= high).then_some((low, high))
    }
}

/// The two heights of "Pixel 0 is height L, pixel 65535 is height H,
/// linear in between." in `comment`.
fn range_in(comment: &str) -> Option<(f64, f64)> {
    let (_, rest) = comment.split_once("Pixel 0 is height ")?;
    let (low, rest) = rest.split_once(", pixel 65535 is height ")?;
    let (high, _) = rest.split_once(", linear in between.")?;
    Some((low.parse().ok()?, high.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use crate::png_chunks::{PNG_SIGNATURE, write_chunk};
    use crate::png_structure::ChunkReader;
    use crate::{export_png, import_png};
    use terrain_core::Heightmap;

    /// `png` with its `keyword` text chunk saying `text` instead.
    fn replace_text(png: &[u8], keyword: &str, text: &str) -> Vec<u8> {
        let mut out = PNG_SIGNATURE.to_vec();
        let mut chunks = ChunkReader::new(png);
        loop {
            let chunk = chunks.next_chunk().expect("a whole file");
            let mut data = chunk.data.to_vec();
            if &chunk.kind == b"tEXt" && chunk.data.starts_with(format!("{keyword}\0").as_bytes()) {
                data = format!("{keyword}\0{text}").into_bytes();
            }
            write_chunk(&mut out, &chunk.kind, &data);
            if &chunk.kind == b"IEND" {
                return out;
            }
        }
    }

    fn recorded_range(png: &[u8]) -> Option<(f64, f64)> {
        import_png(png).expect("a whole file").recorded_range
    }

    fn map(heights: impl Fn(usize) -> f64) -> Heightmap {
        Heightmap::from_heights(2, (0..25).map(heights).collect()).expect("finite")
    }

    #[test]
    fn an_export_records_its_range_and_an_import_reads_it() {
        let tall = map(|at| -3.25 + at as f64 * 0.5);
        let imported = import_png(&export_png(&tall)).expect("ours");
        assert_eq!(imported.recorded_range, Some((-3.25, 8.75)));
        let flat = map(|_| 0.4);
        assert_eq!(recorded_range(&export_png(&flat)), Some((0.4, 0.4)));
    }

    #[test]
    fn another_programs_comment_or_a_bad_range_is_not_ours() {
        let png = export_png(&map(|at| at as f64));
        // The same words under another program's name.
        let theirs = replace_text(&png, "Software", "GIMP");
        assert_eq!(recorded_range(&theirs), None);
        for comment in [
            "Pixel 0 is height NaN, pixel 65535 is height 1, linear in between.",
            "Pixel 0 is height 2, pixel 65535 is height 1, linear in between.",
            "Pixel 0 is height -1e300, pixel 65535 is height 1, linear in between.",
            "a heightmap",
        ] {
            let edited = replace_text(&png, "Comment", comment);
            assert_eq!(recorded_range(&edited), None, "{comment}");
        }
    }
}
