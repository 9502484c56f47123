//! The code the chapters show as ours is the code that runs: every
//! `<pre data-source="FILE">` block of a page must appear in `FILE` as it
//! is, but for line breaks, indentation and trailing commas (rustfmt's
//! choices at another width), and for the lines it leaves out where it
//! says `// ...`. Sketches and formulas carry no `data-source`.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `code` without whitespace, and without the commas rustfmt puts before
/// a closing bracket when it breaks a list over lines.
fn squeezed(code: &str) -> String {
    let mut squeezed: String = code.split_whitespace().collect();
    for closing in [")", "]", "}"] {
        squeezed = squeezed.replace(&format!(",{closing}"), closing);
    }
    squeezed
}

/// A `<pre>` block's text as a reader sees it.
fn unescaped(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The excerpt's runs of lines between its `// ...` lines, each squeezed.
fn runs(excerpt: &str) -> Vec<String> {
    let mut runs = vec![String::new()];
    for line in excerpt.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("// ...") || trimmed.starts_with("// …") {
            runs.push(String::new());
        } else if let Some(run) = runs.last_mut() {
            run.push_str(line);
            run.push('\n');
        }
    }
    runs.iter()
        .map(|run| squeezed(run))
        .filter(|run| !run.is_empty())
        .collect()
}

/// Where `runs` first fail to appear in `source` in their order, if they
/// do not: the run, squeezed.
fn missing(runs: &[String], source: &str) -> Option<String> {
    let source = squeezed(source);
    let mut from = 0;
    for run in runs {
        match source[from..].find(run.as_str()) {
            Some(at) => from += at + run.len(),
            None => return Some(run.clone()),
        }
    }
    None
}

#[test]
fn the_code_the_chapters_show_as_ours_is_the_code_that_runs() {
    let mut pages: Vec<PathBuf> = fs::read_dir(root().join("www"))
        .unwrap_or_else(|error| panic!("www: {error}"))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "html")
        })
        .collect();
    pages.sort();
    let mut checked = 0;
    for page in pages {
        let html = fs::read_to_string(&page).unwrap_or_else(|error| panic!("{page:?}: {error}"));
        let page = page.file_name().unwrap_or_default().to_string_lossy();
        for block in html.split("<pre ").skip(1) {
            let Some((attributes, rest)) = block.split_once('>') else {
                continue;
            };
            let Some((_, file)) = attributes.split_once("data-source=\"") else {
                continue;
            };
            let file = file.split('"').next().unwrap_or_default();
            let code = rest
                .strip_prefix("<code>")
                .and_then(|code| code.split_once("</code>"))
                .map(|(code, _)| unescaped(code))
                .unwrap_or_else(|| panic!("{page}: a {file} excerpt without <code>"));
            let source = fs::read_to_string(root().join(file))
                .unwrap_or_else(|error| panic!("{page} quotes {file}: {error}"));
            let runs = runs(&code);
            assert!(!runs.is_empty(), "{page}: an empty excerpt of {file}");
            if let Some(run) = missing(&runs, &source) {
                panic!("{page} shows code that {file} does not hold (squeezed): {run}");
            }
            checked += 1;
        }
    }
    // Eleven, across the five chapters: one fewer means a marker was lost.
    assert!(
        checked >= 11,
        "only {checked} excerpts marked with data-source"
    );
}

#[test]
fn an_excerpt_that_strays_from_its_file_is_caught() {
    let source = "fn f(a: u32, b: u32) -> u32 {\n    let c = a + b;\n    c * 2\n}\n";
    let shown = "fn f(\n    a: u32,\n    b: u32,\n) -> u32 {\n    // ... the sum\n    c * 2\n}";
    assert_eq!(missing(&runs(shown), source), None);
    let strayed = "fn f(a: u32, b: u32) -> u32 {\n    let c = a - b;\n}";
    assert!(missing(&runs(strayed), source).is_some());
    let reordered = "c * 2\n// ...\nlet c = a + b;";
    assert!(missing(&runs(reordered), source).is_some());
}
