//! PNG import against the png crate reading the same bytes.
//!
//! The importer is the png crate underneath, so comparing it with the png
//! crate alone checks what is ours: the checks before decoding, the
//! conversion of rows as stored (packed 1, 2 and 4-bit samples, 16-bit
//! ones, palette indices, alpha and `tRNS` ignored) into heights, and the
//! resampling. The reference (`terrain_io::test_support::reference_heights`)
//! takes the png crate's `EXPAND` output instead, where the png crate did
//! the unpacking, palette lookup and scaling, and converts it in the most
//! direct way; `reference_resample` writes out the documented bilinear rule
//! point by point.

use std::sync::PoisonError;

use terrain_io::test_support::{
    Reference, check_structure, import_heights, reference_heights, reference_resample,
};
use terrain_io::{ImportError, import_png};

use crate::png_import::ONE_AT_A_TIME;

/// How far a resampled height may be from the reference's: the two
/// interpolate in the same order, so they agree to the last bit today, but
/// the rule is what is checked, not the order of the arithmetic.
const RESAMPLING_TOLERANCE: f64 = 1e-12;

/// Our importer and the png crate on any bytes: the same image, or both
/// refuse it.
///
/// - `import_png` is `import_heights` (the importer up to the resampler)
///   and then the documented resampling: the same answer, or the same
///   error.
/// - Where the png crate reads the file, ours reads the same width,
///   height and format, and the same heights bit for bit.
/// - Where the png crate refuses it, ours refuses it too.
/// - Where ours refuses and the png crate reads, the refusal is one ours
///   makes on purpose: a size limit, or our stricter structure checks
///   (every chunk's checksum, `IEND`, the chunk order, whole palettes).
pub fn png_differential(data: &[u8]) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let ours = import_heights(data);
    match (&ours, import_png(data)) {
        (Ok(heights), Ok(imported)) => {
            assert_eq!(
                (heights.width, heights.height, &heights.format),
                (
                    imported.source_width,
                    imported.source_height,
                    &imported.source_format
                )
            );
            let expected = reference_resample(heights);
            let map = imported.heightmap.heights();
            assert_eq!(map.len(), expected.len());
            if let Some(at) = map
                .iter()
                .zip(&expected)
                .position(|(a, b)| (a - b).abs() > RESAMPLING_TOLERANCE)
            {
                panic!(
                    "resampled height {at} is {}, the rule gives {}",
                    map[at], expected[at]
                );
            }
        }
        (Err(first_half), Err(whole)) => assert_eq!(first_half, &whole),
        (first_half, whole) => panic!(
            "import_heights gives {:?}, import_png {:?}",
            first_half.as_ref().map(|heights| heights.format.as_str()),
            whole.map(|imported| imported.source_format)
        ),
    }

    match (ours, reference_heights(data)) {
        (Ok(ours), Reference::Read(theirs)) => {
            assert_eq!(
                (ours.width, ours.height, &ours.format),
                (theirs.width, theirs.height, &theirs.format)
            );
            if let Some(at) = ours
                .heights
                .iter()
                .zip(&theirs.heights)
                .position(|(a, b)| a.to_bits() != b.to_bits())
            {
                let (x, y) = (at % ours.width as usize, at / ours.width as usize);
                panic!(
                    "pixel ({x}, {y}) of {}: ours {}, the png crate's {}",
                    ours.format, ours.heights[at], theirs.heights[at]
                );
            }
        }
        (Ok(ours), Reference::Refused(why)) => panic!(
            "we read a {} x {} {} image that the png crate refuses: {why}",
            ours.width, ours.height, ours.format
        ),
        (Err(_), Reference::Refused(_)) => {}
        (Err(error), Reference::Read(theirs)) => {
            let on_purpose = matches!(
                error,
                ImportError::TooLarge { .. }
                    | ImportError::TooSmall { .. }
                    | ImportError::TooMuchMemory
            ) || check_structure(data).is_err();
            assert!(
                on_purpose,
                "the png crate reads a {} x {} {} image that we refuse: {error}",
                theirs.width, theirs.height, theirs.format
            );
        }
        // Not given to the png crate: a palette it would panic on (which
        // ours must refuse), or a frame too large to expand here.
        (ours, Reference::Skipped(why)) => {
            if why.contains("palette") {
                assert!(ours.is_err(), "we read a broken palette");
            }
        }
    }
}
