//! Pieces for making PNG files by hand, damaged on purpose where a test
//! needs it: for this crate's tests and, through the `test-support`
//! feature, for `terrain-fuzz`. Never part of the site's build.

pub use crate::png_chunks::{PNG_SIGNATURE, crc32, write_chunk};
pub use crate::png_export::zlib_stored;

/// Adam7's seven passes, coarse to fine, each as (first column, first row,
/// column step, row step): the reader's own table.
pub fn adam7_passes() -> [(usize, usize, usize, usize); 7] {
    crate::png_decode::ADAM7.map(|pass| (pass.column, pass.row, pass.column_step, pass.row_step))
}

/// Rewrites every chunk's CRC to match its (possibly damaged) contents, so
/// that damage done on purpose reaches the decoder instead of its checksum
/// test. Stops at the first chunk whose length runs past the end.
pub fn fix_crcs(png: &mut [u8]) {
    let mut start = PNG_SIGNATURE.len();
    while start + 12 <= png.len() {
        let length = [0, 1, 2, 3].map(|offset| png[start + offset]);
        let length = u32::from_be_bytes(length) as usize;
        let Some(end) = (start + 8)
            .checked_add(length)
            .filter(|&end| end + 4 <= png.len())
        else {
            break;
        };
        let crc = crc32(&png[start + 4..end]);
        png[end..end + 4].copy_from_slice(&crc.to_be_bytes());
        start = end + 4;
    }
}
