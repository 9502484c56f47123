//! The libFuzzer dictionaries of the text targets, from the registries:
//! every name, option and attribute a parser knows, and odd values.

use std::path::Path;

use terrain_fuzz::input;

/// A dictionary's entries, each once, in order; the empty word is left
/// out (libFuzzer has no use for it).
fn unique(words: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    for word in words {
        if !word.is_empty() && !entries.contains(&word) {
            entries.push(word);
        }
    }
    entries
}

/// `word` as a dictionary entry: quoted, with `\`, `"` and every byte
/// outside printable ASCII escaped.
fn entry(word: &str) -> String {
    let mut quoted = String::from("\"");
    for byte in word.bytes() {
        match byte {
            b'"' | b'\\' => {
                quoted.push('\\');
                quoted.push(char::from(byte));
            }
            b' '..=b'~' => quoted.push(char::from(byte)),
            _ => quoted.push_str(&format!("\\x{byte:02x}")),
        }
    }
    quoted.push('"');
    quoted
}

/// The odd values, then every name the registries know.
fn values() -> impl Iterator<Item = String> {
    input::ODD_WORDS
        .iter()
        .map(|word| (*word).to_owned())
        .chain(input::known_words())
}

/// `key=` for every URL key.
fn url_keys() -> impl Iterator<Item = String> {
    input::every_spec()
        .filter(|spec| spec.surfaces.url)
        .map(|spec| format!("{}=", spec.option))
}

/// White space a reader or a page might put around a value.
const WHITE_SPACE: [&str; 3] = [" ", "\t", "\u{a0}"];

/// Writes `fuzz/dict/<target>.dict` for each text target.
pub fn write_all(folder: &Path) -> std::io::Result<()> {
    let white_space = || WHITE_SPACE.iter().map(|space| (*space).to_owned());
    let dictionaries: [(&str, &str, Vec<String>); 4] = [
        (
            "params_text",
            "the values and names a field's text may hold",
            unique(values().chain(white_space())),
        ),
        (
            "stage_text",
            "every algorithm's stage names, and odd ones",
            unique(
                input::stage_words()
                    .into_iter()
                    .chain(["centre", "PASS-", "99999999999"].map(str::to_owned))
                    .chain(white_space()),
            ),
        ),
        (
            "query",
            "the site's URL keys and values",
            unique(
                values()
                    .chain(url_keys())
                    .chain(["%20", "%C3%A9"].map(str::to_owned)),
            ),
        ),
        (
            "embed_attributes",
            "demo attributes, one a line; a line starting with ? is a URL query",
            unique(
                values()
                    .chain(["\n".to_owned()])
                    .chain(input::demo_attributes().map(|attribute| format!("{attribute}=")))
                    .chain(["\n?".to_owned()])
                    .chain(url_keys()),
            ),
        ),
    ];
    std::fs::create_dir_all(folder)?;
    for (target, what, entries) in dictionaries {
        let mut text = format!(
            "# libFuzzer dictionary: {what}.\n# Written by `cargo run -p terrain-fuzz --example seed_corpus` from the registries.\n"
        );
        for word in &entries {
            text.push_str(&entry(word));
            text.push('\n');
        }
        std::fs::write(folder.join(format!("{target}.dict")), text)?;
        println!(
            "{}: {} entries",
            folder.join(target).display(),
            entries.len()
        );
    }
    Ok(())
}
