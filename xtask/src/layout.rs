//! Two checks of the code's shape that no compiler makes:
//!
//! - no module of any crate imports, directly or through others, a module
//!   that imports it back (a circle makes a layer impossible to read or
//!   test on its own);
//! - no source file of the demo crates ([`SHORT_FILE_CRATES`]: the web
//!   shell and the view it carries out) is longer than [`MAX_FILE_LINES`]
//!   outside its tests (in the shell, a long file is logic that belongs in
//!   `terrain-view`; in the view, a part doing two jobs).
//!
//! Imports are read from the code, as the compiler reads them: every `use`
//! declaration (grouped, renamed, glob, or inside a function or block) and
//! every path in the code, starting from `crate`, `self`, `super` (any
//! number of times), a module the file declares or a name a `use` brought
//! in. Each is resolved to the deepest module it goes into, following
//! `use` re-exports in any module (`crate::Demo` is in `demo` when the root
//! has `pub use demo::Demo`). A `#[macro_export]` macro is the module that
//! defines it (Rust puts it at the root), and the items a macro call at a
//! module's top level writes (`named_choices! { pub enum Fade … }`) are
//! that module's. Comments, doc comments (so an intra-doc link
//! such as ``[`super::perlin`]``, which Rust does not import) and literals
//! are not code, and `mod x;` declares a module without importing it.
//! Every inline `mod x { … }`, such as a file's `#[cfg(test)] mod tests`,
//! is a module of its own, as Rust has it: a test may use helpers that use
//! the module it tests.

mod modules;
mod tokens;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use modules::{Module, ModulePath, read_crate};

/// The longest a source file of the [`SHORT_FILE_CRATES`] may be, its
/// tests not counted (an inline `#[cfg(test)] mod tests`, or a file of
/// tests of its own).
pub const MAX_FILE_LINES: usize = 600;

/// The crates whose files are held to [`MAX_FILE_LINES`], with what to do
/// about a longer one.
pub const SHORT_FILE_CRATES: [(&str, &str); 2] = [
    ("terrain-view", "split it into parts with one job each"),
    ("terrain-web", "move logic into terrain-view"),
];

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
        let modules = read_crate(source)?;
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
        for circle in find_circles(&graph) {
            problems.push(format!(
                "{}: an import circle: {}",
                source.display(),
                circle.join(" -> ")
            ));
        }
    }
    for (name, remedy) in SHORT_FILE_CRATES {
        let source = root.join("crates").join(name).join("src");
        problems.extend(long_files(
            name,
            &read_crate(&source)?,
            MAX_FILE_LINES,
            remedy,
        ));
    }
    if problems.is_empty() {
        Ok(report.join("\n"))
    } else {
        Err(problems.join("\n"))
    }
}

/// The modules of crate `name` with more than `limit` lines of their own,
/// tests left out, each as a sentence ending in what to do, `remedy`.
fn long_files(
    name: &str,
    modules: &BTreeMap<ModulePath, Module>,
    limit: usize,
    remedy: &str,
) -> Vec<String> {
    modules
        .iter()
        .filter(|(_, module)| !module.tests && module.lines > limit)
        .map(|(path, module)| {
            format!(
                "{name}'s {} has {} lines outside its tests; at most {limit}: {remedy}",
                module_name(path),
                module.lines
            )
        })
        .collect()
}

/// A crate's modules, each with the modules of the same crate it imports,
/// by name (`crate`, `demo`, `demo::tests`).
fn import_graph(modules: &BTreeMap<ModulePath, Module>) -> BTreeMap<String, BTreeSet<String>> {
    let resolver = Resolver { modules };
    let mut graph = BTreeMap::new();
    for (path, module) in modules {
        let mut imports = BTreeSet::new();
        let written = module.uses.iter().map(|used| &used.path);
        for named in written.chain(&module.paths) {
            let Some(absolute) = resolver.absolute(path, named, 0) else {
                continue;
            };
            let target = resolver.deepest(&absolute, 0);
            if &target != path {
                imports.insert(module_name(&target));
            }
        }
        graph.insert(module_name(path), imports);
    }
    graph
}

/// How a module is named in reports: `crate`, or its path from the root.
fn module_name(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_owned()
    } else {
        path.join("::")
    }
}

/// How many steps from name to name a path may take before the reading
/// gives up (a `use` that names itself, or two globs of each other).
const MAX_HOPS: usize = 32;

/// Reads a path the way the compiler does, from the modules of one crate.
struct Resolver<'a> {
    modules: &'a BTreeMap<ModulePath, Module>,
}

impl Resolver<'_> {
    /// The path `written` in `module`, from the crate root; `None` for an
    /// outside crate's path and for names the module does not bring in.
    fn absolute(&self, module: &[String], written: &[String], hops: usize) -> Option<ModulePath> {
        let (first, mut rest) = written.split_first()?;
        let mut base = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut base = module.to_vec();
                base.pop()?;
                while let Some((next, after)) = rest.split_first()
                    && next == "super"
                {
                    base.pop()?;
                    rest = after;
                }
                base
            }
            name => self.in_scope(module, name, hops)?,
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// What `name` is in `module`, from the crate root: a module or item it
    /// declares, or what one of its `use` declarations (glob ones too)
    /// brings in.
    fn in_scope(&self, module: &[String], name: &str, hops: usize) -> Option<ModulePath> {
        if hops > MAX_HOPS {
            return None;
        }
        let code = self.modules.get(module)?;
        if code.children.contains(name) || code.items.contains(name) {
            let mut child = module.to_vec();
            child.push(name.to_owned());
            return Some(child);
        }
        if let Some(used) = code
            .uses
            .iter()
            .find(|used| used.name.as_deref() == Some(name))
        {
            return self.absolute(module, &used.path, hops + 1);
        }
        code.uses
            .iter()
            .filter(|used| used.name.is_none())
            .find_map(|glob| {
                let source = self.absolute(module, &glob.path, hops + 1)?;
                self.in_scope(&source, name, hops + 1)
            })
    }

    /// The deepest module `path` (from the crate root) goes into, through
    /// re-exports: `crate::Demo` is in `demo` if the root has
    /// `pub use demo::Demo`.
    fn deepest(&self, path: &[String], hops: usize) -> ModulePath {
        let mut current = Vec::new();
        for (index, segment) in path.iter().enumerate() {
            let mut child = current.clone();
            child.push(segment.clone());
            if self.modules.contains_key(&child) {
                current = child;
                continue;
            }
            if self
                .modules
                .get(&current)
                .is_some_and(|module| module.items.contains(segment))
            {
                break;
            }
            if hops < MAX_HOPS
                && let Some(mut target) = self.in_scope(&current, segment, hops + 1)
            {
                target.extend(path[index + 1..].iter().cloned());
                return self.deepest(&target, hops + 1);
            }
            break;
        }
        current
    }
}

/// One circle of imports for each group of modules that import each other
/// (directly or through others), as the modules around it.
fn find_circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach: BTreeMap<&String, BTreeSet<&String>> = graph
        .keys()
        .map(|node| (node, reachable(graph, node)))
        .collect();
    let mut grouped: BTreeSet<&String> = BTreeSet::new();
    let mut circles = Vec::new();
    for node in graph.keys() {
        if grouped.contains(node) || !reach[node].contains(node) {
            continue;
        }
        let group: BTreeSet<&String> = reach[node]
            .iter()
            .copied()
            .filter(|other| reach[other].contains(node))
            .collect();
        let inside: BTreeMap<String, BTreeSet<String>> = group
            .iter()
            .map(|member| {
                let imports = graph[*member]
                    .iter()
                    .filter(|import| group.contains(import))
                    .cloned()
                    .collect();
                ((*member).clone(), imports)
            })
            .collect();
        circles.extend(find_circle(&inside));
        grouped.extend(group);
    }
    circles
}

/// Every module `from` imports, directly or through others.
fn reachable<'a>(
    graph: &'a BTreeMap<String, BTreeSet<String>>,
    from: &str,
) -> BTreeSet<&'a String> {
    let mut seen = BTreeSet::new();
    let mut next: Vec<&String> = graph.get(from).into_iter().flatten().collect();
    while let Some(node) = next.pop() {
        if seen.insert(node) {
            next.extend(graph.get(node).into_iter().flatten());
        }
    }
    seen
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

    /// The import graph of the fixture crate `name` in
    /// `xtask/tests/fixtures/layout/`.
    fn fixture(name: &str) -> BTreeMap<String, BTreeSet<String>> {
        import_graph(&fixture_modules(name))
    }

    fn fixture_modules(name: &str) -> BTreeMap<ModulePath, Module> {
        let source = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/layout")
            .join(name)
            .join("src");
        read_crate(&source).expect("the fixture reads")
    }

    fn names(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|name| (*name).to_owned()).collect()
    }

    /// The one circle of `graph`, by its modules in order from the first.
    fn only_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
        let circles = find_circles(graph);
        assert_eq!(circles.len(), 1, "{circles:?} in {graph:?}");
        circles[0].clone()
    }

    #[test]
    fn a_circle_through_super_is_found() {
        let graph = fixture("super_circle");
        assert_eq!(
            only_circle(&graph),
            ["noise::fractal", "noise::overlay", "noise::fractal"]
        );
        assert_eq!(
            graph["noise"],
            names(&["noise::fractal", "noise::overlay"]),
            "the re-exports, but not the `mod` declarations"
        );
    }

    #[test]
    fn a_circle_through_uses_inside_functions_is_found() {
        let graph = fixture("nested_use_circle");
        assert_eq!(only_circle(&graph), ["erosion", "terrain", "erosion"]);
    }

    #[test]
    fn a_circle_through_paths_in_code_is_found() {
        let graph = fixture("inline_path_circle");
        assert_eq!(only_circle(&graph), ["palette", "picture", "palette"]);
    }

    #[test]
    fn a_circle_through_the_roots_re_export_is_found() {
        let graph = fixture("root_reexport_circle");
        assert_eq!(only_circle(&graph), ["crate", "seams", "crate"]);
    }

    #[test]
    fn grouped_renamed_and_glob_imports_are_resolved() {
        let graph = fixture("grouped_imports");
        assert_eq!(
            graph["map"],
            names(&["noise::fractal", "noise::kept", "noise::perlin", "shapes"]),
            "`Octaves as Kept` through `noise`'s glob re-export, `fractal::{{self, …}}`, `shapes::*`"
        );
        assert_eq!(
            graph["noise::fractal"],
            names(&["noise", "noise::perlin"]),
            "`super::super::noise::perlin` and `super::OCTAVES`"
        );
        assert_eq!(graph["crate"], names(&["map"]));
        assert_eq!(find_circles(&graph), Vec::<Vec<String>>::new());
    }

    #[test]
    fn an_exported_macro_is_the_module_that_defines_it() {
        let modules = fixture_modules("exported_macro");
        assert_eq!(
            modules[&vec!["spec".to_owned()]].exported_macros,
            names(&["named_choices"]),
            "`#[macro_export]` under other attributes; not `local_only`"
        );
        let graph = import_graph(&modules);
        assert_eq!(
            graph["erosion"],
            names(&["spec"]),
            "`crate::named_choices!`"
        );
        assert_eq!(find_circles(&graph), Vec::<Vec<String>>::new());
    }

    #[test]
    fn doc_links_comments_and_strings_are_not_imports() {
        let graph = fixture("doc_links");
        assert_eq!(graph["noise::fractal"], names(&[]));
        assert_eq!(graph["noise::perlin"], names(&["noise::fractal"]));
        assert_eq!(find_circles(&graph), Vec::<Vec<String>>::new());
    }

    #[test]
    fn a_test_module_using_its_parent_is_not_a_circle() {
        let graph = fixture("test_module");
        assert_eq!(
            graph["reader::tests"],
            names(&["reader", "helpers::crafted"])
        );
        assert_eq!(graph["reader"], names(&["helpers"]));
        assert_eq!(
            graph["helpers::crafted"],
            names(&["helpers", "reader"]),
            "the file `#[path]` names is the module `helpers::crafted`"
        );
        assert_eq!(find_circles(&graph), Vec::<Vec<String>>::new());
    }

    #[test]
    fn a_files_lines_leave_out_its_inline_modules() {
        let modules = fixture_modules("test_module");
        let lines = |path: &[&str]| {
            let path: ModulePath = path.iter().map(|part| (*part).to_owned()).collect();
            modules[&path].lines
        };
        assert_eq!(lines(&["reader"]), 6, "16 lines, 10 of them its tests");
        assert_eq!(lines(&["reader", "tests"]), 10);
    }

    #[test]
    fn only_code_outside_tests_is_held_to_the_line_limit() {
        let modules = fixture_modules("test_module");
        let tests: Vec<String> = modules
            .iter()
            .filter(|(_, module)| module.tests)
            .map(|(path, _)| module_name(path))
            .collect();
        assert_eq!(
            tests,
            ["reader::tests", "tests", "tests::browser"],
            "inline, in a file of its own, and inside a test module"
        );
        assert!(
            long_files("fixture", &modules, 9, "split it").is_empty(),
            "the 10 lines of `reader::tests` and the 11 of `tests.rs` do not count"
        );
        assert_eq!(
            long_files("fixture", &modules, 5, "split it"),
            [
                "fixture's crate has 8 lines outside its tests; at most 5: split it",
                "fixture's helpers has 6 lines outside its tests; at most 5: split it",
                "fixture's helpers::crafted has 6 lines outside its tests; at most 5: split it",
                "fixture's reader has 6 lines outside its tests; at most 5: split it",
            ]
        );
    }

    #[test]
    fn each_group_of_modules_in_a_circle_is_reported_once() {
        let graph: BTreeMap<String, BTreeSet<String>> = [
            ("a", &["b"][..]),
            ("b", &["a", "c"]),
            ("c", &["d"]),
            ("d", &["e"]),
            ("e", &["c"]),
            ("f", &["a"]),
        ]
        .into_iter()
        .map(|(node, imports)| (node.to_owned(), names(imports)))
        .collect();
        assert_eq!(
            find_circles(&graph),
            [vec!["a", "b", "a"], vec!["c", "d", "e", "c"]]
        );
    }
}
