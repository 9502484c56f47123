//! A crate's modules as the compiler finds them, from `lib.rs` or `main.rs`
//! through every `mod x;` (and `#[path = "…"]`), each inline `mod x { … }`
//! a module of its own; and what each module's code names: its `use`
//! declarations (in functions and blocks too) and the paths in its code.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use super::tokens::{Token, tokens};

/// A module's place in its crate, from the root: `[]` is the crate root,
/// `["demo", "tests"]` is `crate::demo::tests`.
pub type ModulePath = Vec<String>;

/// What one module's own code (without its inline modules) holds.
#[derive(Debug, Default)]
pub struct Module {
    /// The modules it declares, by name (`mod x;` and `mod x { … }`).
    pub children: BTreeSet<String>,
    /// The other items it defines at its top level, by name (functions,
    /// types, traits, constants, statics).
    pub items: BTreeSet<String>,
    /// The macros it exports (`#[macro_export] macro_rules! name`): Rust
    /// puts them at the crate root, where `crate::name!` finds them.
    pub exported_macros: BTreeSet<String>,
    /// Its `use` declarations, wherever they stand.
    pub uses: Vec<Use>,
    /// Every path of two or more segments its code names outside `use`
    /// declarations (`super::fractal::run`, `Palette::Dark`, `std::mem::swap`).
    pub paths: Vec<Vec<String>>,
    /// Lines of its own code, without its inline modules.
    pub lines: usize,
    /// Whether it is built only for tests: declared under a `#[cfg]` that
    /// names `test` (`cfg(test)`, `cfg(all(test, …))`), or inside such a
    /// module.
    pub tests: bool,
}

/// One name a `use` declaration brings in: `use a::b as c` brings in `c`
/// for path `a::b`; `use a::*` brings in everything of `a` (no name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    /// The name it is known by here; `None` for a glob.
    pub name: Option<String>,
    /// The path as written (`super`, `self`, `crate`, a name in scope, or
    /// `::` first for an outside crate).
    pub path: Vec<String>,
}

/// Every module of the crate whose sources are in `source`.
pub fn read_crate(source: &Path) -> Result<BTreeMap<ModulePath, Module>, String> {
    let root = ["lib.rs", "main.rs"]
        .into_iter()
        .map(|name| source.join(name))
        .find(|file| file.is_file())
        .ok_or_else(|| format!("{}: no lib.rs or main.rs", source.display()))?;
    let mut modules = BTreeMap::new();
    let mut files = vec![FileModule {
        file: root,
        module: Vec::new(),
        children_folder: source.to_path_buf(),
        tests: false,
    }];
    while let Some(FileModule {
        file,
        module,
        children_folder,
        tests: for_tests,
    }) = files.pop()
    {
        let text =
            fs::read_to_string(&file).map_err(|error| format!("{}: {error}", file.display()))?;
        let tokens = tokens(&text);
        let place = Place {
            file_folder: file.parent().map(Path::to_path_buf).unwrap_or_default(),
            children_folder,
            inline: false,
            tests: for_tests,
        };
        let lines = text.lines().count();
        read_module(&tokens, module, lines, &place, &mut modules, &mut files)?;
    }
    // An exported macro stands at the root as if the root re-exported it
    // from the module that defines it: `crate::name!` uses that module.
    let exported: Vec<Use> = modules
        .iter()
        .flat_map(|(path, module)| {
            module.exported_macros.iter().map(|name| Use {
                name: Some(name.clone()),
                path: ["crate".to_owned()]
                    .into_iter()
                    .chain(path.iter().cloned())
                    .chain([name.clone()])
                    .collect(),
            })
        })
        .collect();
    if let Some(root) = modules.get_mut(&Vec::new()) {
        root.uses.extend(exported);
    }
    Ok(modules)
}

/// A module with a file of its own, still to be read.
struct FileModule {
    file: PathBuf,
    module: ModulePath,
    /// Where the files of the modules it declares are.
    children_folder: PathBuf,
    /// Whether it is built only for tests.
    tests: bool,
}

/// Where a module's declared modules' files are found.
struct Place {
    /// The folder of the file the module is in (for `#[path]` at file level).
    file_folder: PathBuf,
    /// The folder of its children's files (`a/` for `a.rs` and `a/mod.rs`).
    children_folder: PathBuf,
    /// Whether it is an inline `mod x { … }`.
    inline: bool,
    /// Whether the module is built only for tests.
    tests: bool,
}

/// Reads the module at `path` made of `tokens` spanning `lines` lines:
/// its inline modules become modules of their own, its `mod x;`
/// declarations files to read.
fn read_module(
    tokens: &[(Token, usize)],
    path: ModulePath,
    lines: usize,
    place: &Place,
    modules: &mut BTreeMap<ModulePath, Module>,
    files: &mut Vec<FileModule>,
) -> Result<(), String> {
    let mut module = Module {
        lines,
        tests: place.tests,
        ..Module::default()
    };
    let mut own = Vec::new();
    // Where the item being read starts (its attributes included), and the
    // file a `#[path = "…"]` among those attributes names.
    let mut item_start = 0;
    let mut path_attribute: Option<String> = None;
    let mut at = 0;
    while at < tokens.len() {
        let token = &tokens[at].0;
        if let (Token::Word(keyword), Some(Token::Word(name))) =
            (token, tokens.get(at + 1).map(|(token, _)| token))
            && keyword == "mod"
        {
            let mut child = path.clone();
            child.push(name.clone());
            let for_tests = place.tests || only_for_tests(&tokens[item_start.min(at)..at]);
            match tokens.get(at + 2).map(|(token, _)| token) {
                Some(Token::Punct(';')) => {
                    module.children.insert(name.clone());
                    let mut file = child_file(place, name, path_attribute.take(), child)?;
                    file.tests = for_tests;
                    files.push(file);
                    at += 3;
                    item_start = at;
                    continue;
                }
                Some(Token::Punct('{')) => {
                    module.children.insert(name.clone());
                    let close = closing_brace(tokens, at + 2);
                    let first_line = tokens[item_start.min(at)].1;
                    let last_line = tokens.get(close).map_or(first_line, |(_, line)| *line);
                    let inline_lines = last_line + 1 - first_line;
                    module.lines = module.lines.saturating_sub(inline_lines);
                    let inner = Place {
                        file_folder: place.children_folder.join(name),
                        children_folder: place.children_folder.join(name),
                        inline: true,
                        tests: for_tests,
                    };
                    let body = &tokens[(at + 3).min(close)..close];
                    read_module(body, child, inline_lines, &inner, modules, files)?;
                    at = close + 1;
                    item_start = at;
                    path_attribute = None;
                    continue;
                }
                _ => {}
            }
        }
        if let Some(text) = path_attribute_at(tokens, at) {
            path_attribute = Some(text);
        }
        if matches!(token, Token::Punct(';' | '{' | '}')) {
            item_start = at + 1;
            path_attribute = None;
        }
        own.push(token.clone());
        at += 1;
    }
    read_names(&own, &mut module);
    read_items(&own, &mut module);
    modules.insert(path, module);
    Ok(())
}

/// The file of module `child`, declared `mod name;` at `place`.
fn child_file(
    place: &Place,
    name: &str,
    path_attribute: Option<String>,
    child: ModulePath,
) -> Result<FileModule, String> {
    if let Some(relative) = path_attribute {
        let base = if place.inline {
            &place.children_folder
        } else {
            &place.file_folder
        };
        let file = base.join(relative);
        // A file named by `#[path]` declares its modules beside itself.
        let children_folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
        return Ok(FileModule {
            file,
            module: child,
            children_folder,
            tests: false,
        });
    }
    let flat = place.children_folder.join(format!("{name}.rs"));
    let nested = place.children_folder.join(name).join("mod.rs");
    let file = if flat.is_file() {
        flat
    } else if nested.is_file() {
        nested
    } else {
        return Err(format!(
            "`mod {name};` but neither {} nor {} exists",
            flat.display(),
            nested.display()
        ));
    };
    Ok(FileModule {
        file,
        module: child,
        children_folder: place.children_folder.join(name),
        tests: false,
    })
}

/// Whether an item's attributes, `tokens`, hold a `#[cfg(…)]` naming
/// `test` (and not under a `not`), so the item is built only for tests.
fn only_for_tests(tokens: &[(Token, usize)]) -> bool {
    let words = |from: usize| {
        tokens[from..]
            .iter()
            .take_while(|(token, _)| *token != Token::Punct(']'))
            .filter_map(|(token, _)| match token {
                Token::Word(word) => Some(word.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    tokens.iter().enumerate().any(|(at, (token, _))| {
        *token == Token::Word("cfg".to_owned()) && {
            let inside = words(at + 1);
            inside.contains(&"test") && !inside.contains(&"not")
        }
    })
}

/// The text of a `#[path = "…"]` attribute whose `path` is at `at`.
fn path_attribute_at(tokens: &[(Token, usize)], at: usize) -> Option<String> {
    let token = |offset: usize| tokens.get(at + offset).map(|(token, _)| token);
    let before = |offset: usize| {
        at.checked_sub(offset)
            .and_then(|index| tokens.get(index))
            .map(|(token, _)| token)
    };
    match (before(2), before(1), token(0), token(1), token(2)) {
        (
            Some(Token::Punct('#')),
            Some(Token::Punct('[')),
            Some(Token::Word(word)),
            Some(Token::Punct('=')),
            Some(Token::Text(text)),
        ) if word == "path" => Some(text.clone()),
        _ => None,
    }
}

/// The index of the `}` closing the `{` at `open` (the end if none does).
fn closing_brace(tokens: &[(Token, usize)], open: usize) -> usize {
    let mut depth = 0usize;
    for (index, (token, _)) in tokens.iter().enumerate().skip(open) {
        match token {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    return index;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// Fills in `module`'s uses and paths from its own tokens.
fn read_names(tokens: &[Token], module: &mut Module) {
    let mut at = 0;
    while at < tokens.len() {
        let Token::Word(word) = &tokens[at] else {
            at += 1;
            continue;
        };
        if word == "use" {
            at = use_tree(tokens, at + 1, Vec::new(), &mut module.uses).max(at + 1);
            continue;
        }
        let previous = at.checked_sub(1).map(|index| &tokens[index]);
        // `::a::b` is an outside crate's; `pub(in a::b)` is a visibility.
        let named_elsewhere = matches!(previous, Some(Token::PathSeparator))
            || matches!(previous, Some(Token::Word(word)) if word == "in");
        let mut path = vec![word.clone()];
        at += 1;
        while let (Some(Token::PathSeparator), Some(Token::Word(next))) =
            (tokens.get(at), tokens.get(at + 1))
        {
            path.push(next.clone());
            at += 2;
        }
        if path.len() >= 2 && !named_elsewhere {
            module.paths.push(path);
        }
    }
}

/// Fills in the names of `module`'s own top-level items from its tokens
/// (its inline modules already taken out).
fn read_items(tokens: &[Token], module: &mut Module) {
    const ITEMS: [&str; 7] = ["fn", "struct", "enum", "union", "trait", "type", "const"];
    let mut depth = 0usize;
    // For each open bracket, whether it counts: the braces of a macro
    // called at the top level (`named_choices! { pub enum Fade … }`) do
    // not, so the items written in them are the module's.
    let mut open: Vec<bool> = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        match token {
            Token::Punct(bracket @ ('{' | '(' | '[')) => {
                let macro_body =
                    depth == 0 && *bracket == '{' && at > 0 && tokens[at - 1] == Token::Punct('!');
                open.push(!macro_body);
                if !macro_body {
                    depth += 1;
                }
            }
            Token::Punct('}' | ')' | ']') => {
                let counted = open.pop().unwrap_or(true);
                depth = depth.saturating_sub(usize::from(counted));
            }
            Token::Word(keyword) if depth == 0 => {
                let named = |offset: usize| match tokens.get(at + offset) {
                    Some(Token::Word(name)) => Some(name),
                    _ => None,
                };
                let name = match keyword.as_str() {
                    "static" => named(1).filter(|name| *name != "mut").or_else(|| named(2)),
                    keyword if ITEMS.contains(&keyword) => named(1),
                    _ => None,
                };
                // `const fn f`, `unsafe fn`: the name comes with the `fn`.
                if let Some(name) = name.filter(|name| !matches!(name.as_str(), "fn" | "_")) {
                    module.items.insert(name.clone());
                }
                if keyword == "macro_rules"
                    && tokens.get(at + 1) == Some(&Token::Punct('!'))
                    && let Some(name) = named(2)
                    && exported(&tokens[..at])
                {
                    module.exported_macros.insert(name.clone());
                }
            }
            _ => {}
        }
    }
}

/// Whether the attributes just before an item (the end of `before`)
/// include `#[macro_export]`.
fn exported(before: &[Token]) -> bool {
    let mut end = before.len();
    // Walk back over `#[…]` groups, the last first.
    while end > 0 && before[end - 1] == Token::Punct(']') {
        let mut depth = 0usize;
        let mut start = end;
        while start > 0 {
            start -= 1;
            match before[start] {
                Token::Punct(']') => depth += 1,
                Token::Punct('[') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        if start == 0 || before[start - 1] != Token::Punct('#') {
            return false;
        }
        if before[start..end]
            .iter()
            .any(|token| *token == Token::Word("macro_export".to_owned()))
        {
            return true;
        }
        end = start - 1;
    }
    false
}

/// Reads the use tree starting at `at` under `prefix` into `uses`; where
/// it ends.
fn use_tree(tokens: &[Token], mut at: usize, mut path: Vec<String>, uses: &mut Vec<Use>) -> usize {
    loop {
        match tokens.get(at) {
            Some(Token::PathSeparator) => {
                if path.is_empty() {
                    path.push("::".to_owned());
                }
                at += 1;
            }
            Some(Token::Word(word)) if word != "as" => {
                path.push(word.clone());
                at += 1;
                if tokens.get(at) == Some(&Token::PathSeparator) {
                    at += 1;
                    continue;
                }
                let mut name = Some(word.clone());
                if let (Some(Token::Word(keyword)), Some(Token::Word(alias))) =
                    (tokens.get(at), tokens.get(at + 1))
                    && keyword == "as"
                {
                    name = Some(alias.clone());
                    at += 2;
                }
                if word == "self" {
                    path.pop();
                    if name.as_deref() == Some("self") {
                        name = path.last().cloned();
                    }
                }
                uses.push(Use { name, path });
                return at;
            }
            Some(Token::Punct('*')) => {
                uses.push(Use { name: None, path });
                return at + 1;
            }
            Some(Token::Punct('{')) => {
                at += 1;
                loop {
                    match tokens.get(at) {
                        None => return at,
                        Some(Token::Punct('}')) => return at + 1,
                        Some(Token::Punct(',')) => at += 1,
                        Some(_) => at = use_tree(tokens, at, path.clone(), uses).max(at + 1),
                    }
                }
            }
            _ => return at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module_of(text: &str) -> Module {
        let tokens: Vec<Token> = tokens(text).into_iter().map(|(token, _)| token).collect();
        let mut module = Module::default();
        read_names(&tokens, &mut module);
        module
    }

    fn used(name: Option<&str>, path: &[&str]) -> Use {
        Use {
            name: name.map(str::to_owned),
            path: path.iter().map(|segment| (*segment).to_owned()).collect(),
        }
    }

    #[test]
    fn every_form_of_use_is_read() {
        let module = module_of(
            "use super::super::a;\n\
             pub(crate) use self::b::{c::{d, e as f}, g::self, h::*};\n\
             use ::outside::i;\n\
             fn run() { use crate::j::{self}; }",
        );
        assert_eq!(
            module.uses,
            vec![
                used(Some("a"), &["super", "super", "a"]),
                used(Some("d"), &["self", "b", "c", "d"]),
                used(Some("f"), &["self", "b", "c", "e"]),
                used(Some("g"), &["self", "b", "g"]),
                used(None, &["self", "b", "h"]),
                used(Some("i"), &["::", "outside", "i"]),
                used(Some("j"), &["crate", "j"]),
            ]
        );
    }

    #[test]
    fn paths_in_code_are_read_and_single_names_are_not() {
        let module = module_of(
            "pub(in crate::a) fn f(x: Site) -> super::b::C { \
             Vec::<u8>::new(); ::std::mem::swap(); fractal::run::<T>(x) }",
        );
        let paths: Vec<String> = module.paths.iter().map(|path| path.join("::")).collect();
        assert_eq!(paths, ["super::b::C", "fractal::run"]);
    }

    #[test]
    fn only_top_level_items_are_the_modules_own() {
        let text = "pub(crate) const fn size() -> usize { 1 } static mut COUNT: u32 = 0; \
             pub struct Site { hash: usize } impl Site { const LAST: usize = 1; fn new() {} } \
             trait Basis { type Output; } enum Fade {} type Row = [f64; size()]; \
             fn pointer(run: fn(u8), raw: *const Fade) { struct Local; }";
        let tokens: Vec<Token> = tokens(text).into_iter().map(|(token, _)| token).collect();
        let mut module = Module::default();
        read_items(&tokens, &mut module);
        let items: Vec<&str> = module.items.iter().map(String::as_str).collect();
        assert_eq!(
            items,
            ["Basis", "COUNT", "Fade", "Row", "Site", "pointer", "size"]
        );
    }
}
