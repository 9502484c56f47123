//! PNG import, held to its memory limits.

use std::sync::{Mutex, PoisonError};

use terrain_core::{MAX_EXPONENT, MIN_EXPONENT};
use terrain_io::{ImportError, MAX_DECODE_BYTES, MAX_IMPORT_SIDE, import_exponent, import_png};

/// Every allocation of the process goes through this (linking the crate
/// installs it), so [`png_import`] can cap what the importer may hold.
/// Unlimited until a check sets a limit.
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// Room for what other threads (the test harness, tests running beside
/// this one) allocate during an import.
const SLACK_BYTES: usize = 16 << 20;

/// One import at a time: the allocation limit is for the whole process
/// (the differential check takes it too, so that its reference decoding
/// never runs under another check's limit).
pub(crate) static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The most memory `import_png` may hold at once for `bytes`: its
/// documented [`MAX_DECODE_BYTES`] for decoding, plus the heightmap itself
/// (`side²` heights of 8 bytes, for the side the header's size maps to, or
/// for the largest map when the header cannot be read).
pub fn allocation_budget(bytes: &[u8]) -> usize {
    let side = header_size(bytes)
        .filter(|&(width, height)| {
            (2..=MAX_IMPORT_SIDE).contains(&width) && (2..=MAX_IMPORT_SIDE).contains(&height)
        })
        .map_or((1 << MAX_EXPONENT) + 1, |(width, height)| {
            (1usize << import_exponent(width, height)) + 1
        });
    MAX_DECODE_BYTES + side * side * size_of::<f64>()
}

/// Width and height from an `IHDR` chunk where a PNG's first chunk is.
fn header_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let word = |at: usize| -> Option<u32> {
        let field: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
        Some(u32::from_be_bytes(field))
    };
    Some((word(16)?, word(20)?))
}

/// Lifts the allocation limit when an import ends, even by a panic.
struct Unlimit;

impl Drop for Unlimit {
    fn drop(&mut self) {
        let _ = ALLOCATOR.set_limit(usize::MAX);
    }
}

/// `terrain_io::import_png` on any bytes, with every allocation in the
/// process capped at [`allocation_budget`] more than before the call.
///
/// It never panics, and never allocates past the cap: an allocation that
/// would fails, and the process aborts, which libFuzzer reports as a crash
/// (unless the code under test asked with `try_reserve` and gives up
/// gracefully, which is fine). On `Ok` the image was 2 to 8192 pixels a
/// side, the map is `2^n + 1` points wide with `n` from [`import_exponent`],
/// and every height is finite and in `[0, 1]`. On `Err` the message is one
/// sentence starting `this `, and a size refusal is about a real size
/// problem.
pub fn png_import(data: &[u8]) {
    let budget = allocation_budget(data) + SLACK_BYTES;
    let result = {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        let _unlimit = Unlimit;
        let _ = ALLOCATOR.set_limit(ALLOCATOR.allocated().saturating_add(budget));
        import_png(data)
    };
    match result {
        Ok(imported) => {
            let (width, height) = (imported.source_width, imported.source_height);
            let sides = 2..=MAX_IMPORT_SIDE;
            assert!(
                sides.contains(&width) && sides.contains(&height),
                "{width} x {height}"
            );
            let map = &imported.heightmap;
            let exponent = map.exponent();
            assert!(
                (MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent),
                "{exponent}"
            );
            assert_eq!(
                exponent,
                import_exponent(width, height),
                "{width} x {height}"
            );
            assert_eq!(map.side(), (1 << exponent) + 1);
            assert_eq!(map.heights().len(), map.side() * map.side());
            if let Some(bad) = map
                .heights()
                .iter()
                .position(|height| !(0.0..=1.0).contains(height))
            {
                panic!(
                    "height {bad} is {} ({width} x {height})",
                    map.heights()[bad]
                );
            }
            assert_eq!(
                (imported.source_width, imported.source_height),
                (width, height)
            );
            let format = &imported.source_format;
            let (bits, kind) = format.split_once("-bit ").unwrap_or_default();
            assert!(
                ["1", "2", "4", "8", "16"].contains(&bits)
                    && [
                        "greyscale",
                        "greyscale with alpha",
                        "RGB",
                        "RGBA",
                        "palette"
                    ]
                    .contains(&kind),
                "{format:?}"
            );
        }
        Err(error) => {
            let message = error.to_string();
            assert!(message.starts_with("this "), "{message:?}");
            match error {
                ImportError::TooLarge { width, height } => {
                    assert!(width.max(height) > MAX_IMPORT_SIDE, "{message}");
                }
                ImportError::TooSmall { width, height } => {
                    assert!(width.min(height) < 2, "{message}");
                }
                _ => {}
            }
        }
    }
}
