//! Writes the seed corpus, `fuzz/corpus/<target>/`, and the text targets'
//! libFuzzer dictionaries, `fuzz/dict/<target>.dict`:
//! `cargo run -p terrain-fuzz --example seed_corpus`.
//!
//! Most seeds come from the registries: every field of the map's, every
//! algorithm and its stages, every method of erosion, so a new algorithm
//! or parameter has its seeds once this runs again. Hand-picked cases
//! (real links and snippets, values at the edges) sit beside them. The
//! output is the same every time. Other files of the corpus folders (the
//! fuzzer's finds, kept as regression inputs) are left alone, so a seed
//! whose name changes leaves its old file behind, to remove by hand.

#[cfg(not(target_arch = "wasm32"))]
mod dictionaries;
#[cfg(not(target_arch = "wasm32"))]
mod generate;
#[cfg(not(target_arch = "wasm32"))]
mod pngs;
#[cfg(not(target_arch = "wasm32"))]
mod text;

// The checks and the png crate are native-only.
#[cfg(not(target_arch = "wasm32"))]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let fuzz = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let corpus = fuzz.join("corpus");
    write(&corpus.join("params_text"), &text::params_text())?;
    write(&corpus.join("stage_text"), &text::stage_text())?;
    write(&corpus.join("query"), &text::queries())?;
    write(&corpus.join("embed_attributes"), &text::embeds())?;
    // The import and the differential read the same files.
    let pngs = pngs::pngs()?;
    write(&corpus.join("png_import"), &pngs)?;
    write(&corpus.join("png_differential"), &pngs)?;
    write(&corpus.join("generate"), &generate::seeds())?;
    dictionaries::write_all(&fuzz.join("dict"))?;
    Ok(())
}

#[cfg(target_arch = "wasm32")]
fn main() {}

/// Files to write: a name and the bytes.
#[cfg(not(target_arch = "wasm32"))]
type Seeds = Vec<(String, Vec<u8>)>;

/// A setting's label as a file name: `spread-reduction`.
#[cfg(not(target_arch = "wasm32"))]
fn slug(label: &str) -> String {
    label.replace(' ', "-")
}

/// The largest value `kind` allows (on, for a switch; the last name, for
/// a choice).
#[cfg(not(target_arch = "wasm32"))]
fn largest(kind: terrain_core::spec::Kind) -> Option<terrain_core::spec::Value> {
    use terrain_core::spec::{Kind, Value};
    Some(match kind {
        Kind::Whole { max, .. } => Value::Whole(max),
        Kind::Number { max, .. } => Value::Number(max),
        Kind::Switch => Value::Switch(true),
        Kind::Choice(names) => Value::Choice(names.len() - 1),
        _ => return None,
    })
}

/// Writes each file into `folder`, creating it if needed.
#[cfg(not(target_arch = "wasm32"))]
fn write(folder: &std::path::Path, files: &[(String, Vec<u8>)]) -> std::io::Result<()> {
    let mut names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    names.sort_unstable();
    if let Some(twice) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        panic!("{}: two seeds named {}", folder.display(), twice[0]);
    }
    std::fs::create_dir_all(folder)?;
    for (name, bytes) in files {
        std::fs::write(folder.join(name), bytes)?;
    }
    println!("{}: {} seeds", folder.display(), files.len());
    Ok(())
}
