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
//!
//! With `--write DIR` it writes the crafted files into `DIR` instead, with
//! `crafted.json` listing each file and the words its import must answer
//! with (`null` for a file that must import): the browser test imports
//! them through the page.

use std::path::Path;
use std::time::{Duration, Instant};

use terrain_core::{Algorithm, Stage, ValidParams, generate};
use terrain_io::test_support::crafted::crafted_files;
use terrain_io::{export_png, import_png};

/// Imports of each file.
const RUNS: usize = 7;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, directory] = args.as_slice()
        && flag == "--write"
    {
        return write_all(Path::new(directory));
    }
    println!(
        "{:<34} {:>10} {:>10} {:>10}  answer",
        "file", "bytes", "median", "slowest"
    );
    let mut files: Vec<(String, Vec<u8>)> = crafted_files()
        .into_iter()
        .map(|file| (file.name.to_owned(), file.bytes))
        .collect();
    for exponent in [10, 12] {
        let params = ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(exponent)?;
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

/// Writes every crafted file into `directory`, and `crafted.json` listing
/// them.
fn write_all(directory: &Path) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(directory)?;
    let mut listing = Vec::new();
    for file in crafted_files() {
        let name = format!("{}.png", file.name);
        std::fs::write(directory.join(&name), &file.bytes)?;
        let says = match file.says {
            // The words are plain ASCII sentences: no character needs escaping.
            Some(words) => format!("\"{words}\""),
            None => "null".to_owned(),
        };
        listing.push(format!("  {{\"file\": \"{name}\", \"says\": {says}}}"));
    }
    std::fs::write(
        directory.join("crafted.json"),
        format!("[\n{}\n]\n", listing.join(",\n")),
    )?;
    Ok(())
}
