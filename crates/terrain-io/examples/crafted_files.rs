//! Times `import_png` on each crafted file (see `terrain_io::test_support::crafted`):
//!
//! ```sh
//! cargo run --release -p terrain-io --features test-support --example crafted_files
//! ```
//!
//! Each file is imported several times; the line gives the median and the
//! slowest time, the file's size and the first words of the answer. Two
//! ordinary files, our own exports of 1025 x 1025 and 4097 x 4097 maps,
//! come last, for the speed of a normal import.

use std::time::{Duration, Instant};

use terrain_core::{Algorithm, Params, Stage, generate};
use terrain_io::test_support::crafted::crafted_files;
use terrain_io::{export_png, import_png};

/// Imports of each file.
const RUNS: usize = 7;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "{:<34} {:>10} {:>10} {:>10}  answer",
        "file", "bytes", "median", "slowest"
    );
    let mut files: Vec<(String, Vec<u8>)> = crafted_files()
        .into_iter()
        .map(|file| (file.name.to_owned(), file.bytes))
        .collect();
    for exponent in [10, 12] {
        let params = Params {
            exponent,
            ..Params::new(Algorithm::DiamondSquare)
        };
        let map = generate(&params, Stage::Done)?.heightmap;
        let side = map.side();
        files.push((format!("our export, {side} x {side}"), export_png(&map)));
    }
    for (name, bytes) in files {
        let mut times: Vec<Duration> = Vec::with_capacity(RUNS);
        let mut answer = String::new();
        for _ in 0..RUNS {
            let start = Instant::now();
            let result = import_png(&bytes);
            times.push(start.elapsed());
            answer = match result {
                Ok(imported) => format!(
                    "imported, {} x {}",
                    imported.heightmap.side(),
                    imported.heightmap.side()
                ),
                Err(error) => error.to_string(),
            };
        }
        times.sort();
        let answer: String = answer.chars().take(90).collect();
        println!(
            "{:<34} {:>10} {:>10.3?} {:>10.3?}  {answer}",
            name,
            bytes.len(),
            times[RUNS / 2],
            times[RUNS - 1],
        );
    }
    Ok(())
}
