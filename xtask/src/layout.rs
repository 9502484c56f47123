//! Two checks of the code's shape that no compiler makes:
//!
//! - no module of any crate imports, directly or through others, a module
//!   that imports it back (a circle makes a layer impossible to read or
//!   test on its own);
//! - no source file of the web crate is longer than [`MAX_WEB_FILE_LINES`]
//!   (it is a thin shell; a long file there is logic that belongs in
//!   `terrain-view`).
//!
//! Imports are read from the text: `use crate::…` and `crate::…` paths,
//! resolved to the deepest module that exists, and through the crate root's
//! `pub use` re-exports to the module an item comes from. A file's
//! `#[cfg(test)] mod tests { … }` is the module `…::tests` of its own, as
//! Rust has it: a test may use helpers that use the module it tests.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The longest a file of the web crate may be.
pub const MAX_WEB_FILE_LINES: usize = 600;

/// Checks every crate under `crates/` and `xtask`; the problems, if any.
pub fn check(root: &Path) -> Result<String, String> {
    let mut problems = Vec::new();
    let mut report = Vec::new();
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .map_err(|error| format!("crates/: {error}"))?
        .filter_map(Result::ok)
        .map(|entry| entry.path().join("src"))
        .filter(|source| source.is_dir())
        .collect();
    crates.push(root.join("xtask").join("src"));
    crates.sort();
    for source in &crates {
        let modules = read_modules(source)?;
        let graph = import_graph(&modules);
        let edges: usize = graph.values().map(BTreeSet::len).sum();
        report.push(format!(
            "{}: {} modules, {edges} imports between them",
            source
                .parent()
                .map_or(source.as_path(), |path| path)
                .display(),
            modules.len()
        ));
        if let Some(circle) = find_circle(&graph) {
            problems.push(format!(
                "{}: an import circle: {}",
                source.display(),
                circle.join(" -> ")
            ));
        }
    }
    let web = root.join("crates").join("terrain-web").join("src");
    for (module, text) in read_modules(&web)? {
        let lines = text.lines().count();
        if lines > MAX_WEB_FILE_LINES {
            problems.push(format!(
                "terrain-web's {module} has {lines} lines; at most {MAX_WEB_FILE_LINES}: move \
                 logic into terrain-view"
            ));
        }
    }
    if problems.is_empty() {
        Ok(report.join("\n"))
    } else {
        Err(problems.join("\n"))
    }
}

/// Where a file's own test module starts (by our convention, at its end).
const INLINE_TESTS: &str = "#[cfg(test)]\nmod tests {";

/// Every module of the crate whose `src` is `source`, by path (`crate`,
/// `demo`, `demo::tests`), with its file's text.
fn read_modules(source: &Path) -> Result<BTreeMap<String, String>, String> {
    let mut modules = BTreeMap::new();
    let mut folders = vec![source.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            fs::read_dir(&folder).map_err(|error| format!("{}: {error}", folder.display()))?;
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|extension| extension != "rs") {
                continue;
            }
            let relative = path.strip_prefix(source).unwrap_or(&path);
            let mut parts: Vec<String> = relative
                .with_extension("")
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|last| last == "mod") {
                parts.pop();
            }
            let name = match parts.as_slice() {
                [only] if only == "lib" || only == "main" => "crate".to_owned(),
                _ => parts.join("::"),
            };
            let text = fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            modules.extend(split_tests(name, &text));
        }
    }
    Ok(modules)
}

/// Module `name` of text `text`, and its inline test module if it has one.
fn split_tests(name: String, text: &str) -> Vec<(String, String)> {
    match text.find(INLINE_TESTS) {
        Some(at) => {
            let tests = match name.as_str() {
                "crate" => "tests".to_owned(),
                _ => format!("{name}::tests"),
            };
            vec![
                (tests, text[at..].to_owned()),
                (name, text[..at].to_owned()),
            ]
        }
        None => vec![(name, text.to_owned())],
    }
}

/// The code of `text` without comments (line comments and doc comments:
/// an example in a doc comment is not an import).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each module's imports of other modules of its crate.
fn import_graph(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let root = modules
        .get("crate")
        .map(|text| code_of(text))
        .unwrap_or_default();
    // Items the root re-exports, and the module each comes from.
    let mut reexports: BTreeMap<String, String> = BTreeMap::new();
    for statement in root.split(';') {
        let statement = statement.trim();
        let Some(rest) = statement.strip_prefix("pub use ") else {
            continue;
        };
        let (module, items) = rest.split_once("::").unwrap_or((rest, ""));
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let item = item.trim().rsplit("::").next().unwrap_or_default().trim();
            if !item.is_empty() {
                reexports.insert(item.to_owned(), module.trim().to_owned());
            }
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, text) in modules {
        let code = code_of(text);
        let mut imports = BTreeSet::new();
        for path in crate_paths(&code, name) {
            let mut segments: Vec<&str> = path.split("::").collect();
            // The deepest prefix that names a module.
            let target = loop {
                if segments.is_empty() {
                    break "crate".to_owned();
                }
                let candidate = segments.join("::");
                if modules.contains_key(&candidate) {
                    break candidate;
                }
                if segments.len() == 1 {
                    break reexports
                        .get(segments[0])
                        .cloned()
                        .unwrap_or_else(|| "crate".to_owned());
                }
                segments.pop();
            };
            if &target != name {
                imports.insert(target);
            }
        }
        graph.insert(name.clone(), imports);
    }
    graph
}

/// The module paths a file names: `crate::a::b` and the items of
/// `use crate::{a, b::c}`, and paths from the root of `use` statements in
/// the crate root itself (`use generators::…`).
fn crate_paths(code: &str, module: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find("crate::") {
        let after = &rest[start + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            paths.extend(group.split(',').map(|item| item.trim().to_owned()));
        } else {
            let path: String = after
                .chars()
                .take_while(|character| {
                    character.is_alphanumeric() || *character == '_' || *character == ':'
                })
                .collect();
            paths.push(path.trim_end_matches(':').to_owned());
        }
        rest = after;
    }
    if module == "crate" {
        for statement in code.split(';') {
            let statement = statement.trim();
            let Some(used) = statement
                .strip_prefix("pub use ")
                .or_else(|| statement.strip_prefix("use "))
            else {
                continue;
            };
            if !used.starts_with("crate::") && !used.starts_with("std") {
                paths.push(used.split("::").next().unwrap_or_default().to_owned());
            }
        }
    }
    paths
        .into_iter()
        .map(|path| {
            path.split(" as ")
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned()
        })
        .filter(|path| !path.is_empty())
        .collect()
}

/// A circle of imports, if there is one, as the modules around it.
fn find_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Unseen,
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_owned(), Mark::Open);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::Unseen) {
                Mark::Open => {
                    let start = path.iter().position(|step| step == next).unwrap_or(0);
                    let mut circle = path[start..].to_vec();
                    circle.push(next.clone());
                    return Some(circle);
                }
                Mark::Unseen => {
                    if let Some(circle) = visit(next, graph, marks, path) {
                        return Some(circle);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(node.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if marks.get(node).copied().unwrap_or(Mark::Unseen) == Mark::Unseen
            && let Some(circle) = visit(node, graph, &mut marks, &mut Vec::new())
        {
            return Some(circle);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph_of(files: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
        let modules = files
            .iter()
            .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
            .collect();
        import_graph(&modules)
    }

    #[test]
    fn a_circle_is_found_and_a_layering_is_not() {
        let circle = graph_of(&[
            ("crate", "mod app; mod demo;"),
            ("app", "use crate::demo::Demo;"),
            ("demo", "use crate::app::with_app;"),
        ]);
        assert!(find_circle(&circle).is_some());
        let layers = graph_of(&[
            ("crate", "mod app; mod demo; pub use demo::Demo;"),
            ("app", "use crate::Demo; // crate::app::x in a comment"),
            ("demo", "use crate::dom; fn f() { crate::dom::show(); }"),
            ("dom", ""),
        ]);
        assert_eq!(find_circle(&layers), None);
        assert!(layers["app"].contains("demo"), "through the re-export");
    }

    #[test]
    fn a_files_tests_are_a_module_of_their_own() {
        let reader = "use crate::chunks::read;\n#[cfg(test)]\nmod tests {\n    use crate::helpers::make;\n}\n";
        let mut files: Vec<(String, String)> = split_tests("reader".to_owned(), reader);
        files.push(("helpers".to_owned(), "use crate::reader::open;".to_owned()));
        files.push(("chunks".to_owned(), String::new()));
        files.push(("crate".to_owned(), String::new()));
        let modules: BTreeMap<String, String> = files.into_iter().collect();
        let graph = import_graph(&modules);
        assert!(graph["reader::tests"].contains("helpers"));
        assert!(!graph["reader"].contains("helpers"));
        assert_eq!(
            find_circle(&graph),
            None,
            "the tests use helpers that use the reader"
        );
    }

    #[test]
    fn the_roots_own_items_count_as_the_root() {
        let graph = graph_of(&[
            (
                "crate",
                "mod seams; pub use seams::crease; pub fn generate() {}",
            ),
            ("seams", "use crate::generate;"),
        ]);
        assert_eq!(find_circle(&graph).map(|circle| circle.len()), Some(3));
    }
}
