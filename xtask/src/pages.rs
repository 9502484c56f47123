//! The pages' shared head, header and footer, written once in
//! `www/partials/` and put into every page at build time.
//!
//! Each page says where a shared part goes with a comment on a line of its
//! own, `<!-- shared: header -->`, or with values for the part's places,
//! `<!-- shared: page title="Erosion" description="…" -->`; Trunk runs
//! `cargo xtask pages` after each build (a `post_build` hook in
//! `Trunk.toml`), which replaces those lines in the pages Trunk has staged,
//! indented as the comment was, and marks the page's own link in the header
//! with `aria-current="page"`. Parts may hold parts (`page` holds `head` and
//! `header`).
//!
//! It also stamps the release into the staged `terrain.js` and `export.js`:
//! a hash of every file `terrain.js` loads, which they put in their URLs
//! (`?v=…`). A browser that fetches a new `terrain.js` then asks for that
//! release's module, workers, stylesheet and decoders, never for the copies
//! it cached from another.

use std::fs;
use std::path::{Path, PathBuf};

/// Expands the shared parts in every page of `staged` (by default Trunk's
/// staging folder, from `TRUNK_STAGING_DIR`).
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let staged = args
        .first()
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("TRUNK_STAGING_DIR").map(PathBuf::from))
        .ok_or("cargo xtask pages needs a folder of pages (Trunk passes TRUNK_STAGING_DIR)")?;
    let partials = root.join("www").join("partials");
    let mut pages: Vec<PathBuf> = fs::read_dir(&staged)
        .map_err(|error| format!("{}: {error}", staged.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "html")
        })
        .collect();
    pages.sort();
    for page in &pages {
        let text =
            fs::read_to_string(page).map_err(|error| format!("{}: {error}", page.display()))?;
        let name = page
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let expanded = expand(&text, &name, |part| {
            fs::read_to_string(partials.join(format!("{part}.html")))
                .map_err(|error| format!("www/partials/{part}.html: {error}"))
        })
        .map_err(|error| format!("{name}: {error}"))?;
        fs::write(page, expanded).map_err(|error| format!("{}: {error}", page.display()))?;
    }
    println!(
        "shared head, header and footer put into {} pages",
        pages.len()
    );
    let release = stamp_release(&staged)?;
    println!("terrain.js and export.js stamped with release {release}");
    Ok(())
}

/// The files `terrain.js` loads, whose bytes make the release's stamp.
const LOADED_BY_TERRAIN_JS: [&str; 11] = [
    "terrain-web.js",
    "terrain-web_bg.wasm",
    "worker.js",
    "pool.js",
    "generate-async.js",
    "erode-async.js",
    "terrain.css",
    "terrain-png.js",
    "terrain-png_bg.wasm",
    "terrain-export.js",
    "terrain-export_bg.wasm",
];

/// The scripts stamped with the release: the one every page loads, and
/// `export.js`, which scripts import for `exportMap()`.
const STAMPED: [&str; 2] = ["terrain.js", "export.js"];

/// What `www/terrain.js` says before it is stamped.
const UNSTAMPED: &str = "const RELEASE = \"dev\";";

/// Puts the release (a hash of [`LOADED_BY_TERRAIN_JS`]) into `staged`'s
/// [`STAMPED`] scripts, and returns it.
fn stamp_release(staged: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    for name in LOADED_BY_TERRAIN_JS {
        let file = fs::read(staged.join(name)).map_err(|error| format!("{name}: {error}"))?;
        bytes.extend_from_slice(name.as_bytes());
        bytes.extend_from_slice(&(file.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&file);
    }
    let release = release_of(&bytes);
    for name in STAMPED {
        let script = staged.join(name);
        let text = fs::read_to_string(&script).map_err(|error| format!("{name}: {error}"))?;
        let stamped = stamp(&text, &release).map_err(|error| format!("{name}: {error}"))?;
        fs::write(&script, stamped).map_err(|error| format!("{name}: {error}"))?;
    }
    Ok(release)
}

/// `script` with its release (the placeholder, or an earlier stamp: a
/// build folder can be stamped again) replaced by `release`.
fn stamp(script: &str, release: &str) -> Result<String, String> {
    const START: &str = "const RELEASE = \"";
    let lines: Vec<&str> = script
        .lines()
        .filter(|line| line.starts_with(START) && line.ends_with("\";"))
        .collect();
    let [line] = lines.as_slice() else {
        return Err(format!(
            "it must say `{UNSTAMPED}` on a line of its own exactly once, to be stamped \
             with the release"
        ));
    };
    Ok(script.replacen(line, &format!("{START}{release}\";"), 1))
}

/// Twelve hex digits of the 64-bit FNV-1a hash of `bytes`: enough that two
/// releases never share one by chance.
fn release_of(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:012x}", hash >> 16)
}

/// How deep shared parts may sit inside one another.
const MAX_NESTING: usize = 4;

/// `page` (the file `name`) with each `<!-- shared: part -->` line replaced
/// by `partial(part)`, indented like the comment. A part can take values,
/// `<!-- shared: part title="Erosion" -->`, which fill its `{{title}}`
/// places, and can hold shared parts of its own.
fn expand(
    page: &str,
    name: &str,
    partial: impl Fn(&str) -> Result<String, String>,
) -> Result<String, String> {
    expand_nested(page, name, &partial, 0)
}

fn expand_nested(
    page: &str,
    name: &str,
    partial: &dyn Fn(&str) -> Result<String, String>,
    depth: usize,
) -> Result<String, String> {
    // The home page's own link is the site's title, `./`.
    let own_link = if name == "index.html" {
        "href=\"./\"".to_owned()
    } else {
        format!("href=\"{name}\"")
    };
    let mut out = String::with_capacity(page.len() * 2);
    for line in page.split_inclusive('\n') {
        let trimmed = line.trim();
        let Some(directive) = trimmed
            .strip_prefix("<!-- shared: ")
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            out.push_str(line);
            continue;
        };
        if depth >= MAX_NESTING {
            return Err(format!(
                "shared parts nest deeper than {MAX_NESTING}: {trimmed}"
            ));
        }
        let (part, values) = directive.split_once(' ').unwrap_or((directive, ""));
        let filled = fill(&partial(part)?, part, &values_of(values, part)?)?;
        let expanded = expand_nested(&filled, name, partial, depth + 1)?;
        let indent = &line[..line.len() - line.trim_start().len()];
        for shared in expanded.lines() {
            let shared = if shared.contains(&own_link) && !shared.contains("aria-current") {
                shared.replacen(&own_link, &format!("{own_link} aria-current=\"page\""), 1)
            } else {
                shared.to_owned()
            };
            if !shared.is_empty() {
                out.push_str(indent);
            }
            out.push_str(&shared);
            out.push('\n');
        }
    }
    Ok(out)
}

/// The values a directive gives its part: `title="Erosion" url="…"`. A
/// value runs to the next double quote (write `&quot;` for one).
fn values_of(text: &str, part: &str) -> Result<Vec<(String, String)>, String> {
    let mut values = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once("=\"")
            .ok_or_else(|| format!("shared part {part}: expected key=\"value\" in {rest:?}"))?;
        let (value, after) = after.split_once('"').ok_or_else(|| {
            format!("shared part {part}: the value of {key} has no closing quote")
        })?;
        values.push((key.trim().to_owned(), value.to_owned()));
        rest = after.trim_start();
    }
    Ok(values)
}

/// `text` (part `part`) with each `{{key}}` replaced by its value; every
/// place must get a value, and every value a place.
fn fill(text: &str, part: &str, values: &[(String, String)]) -> Result<String, String> {
    let mut filled = text.to_owned();
    for (key, value) in values {
        let place = format!("{{{{{key}}}}}");
        if !filled.contains(&place) {
            return Err(format!("shared part {part} has no place for {key}"));
        }
        filled = filled.replace(&place, value);
    }
    if let Some(at) = filled.find("{{") {
        let end = filled[at..]
            .find("}}")
            .map_or(filled.len(), |end| at + end + 2);
        return Err(format!(
            "shared part {part} needs a value for {}",
            &filled[at..end]
        ));
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_is_stamped_once_and_follows_the_bytes() {
        let script = "// header\nconst RELEASE = \"dev\";\nload(RELEASE);\n";
        let stamped = stamp(script, "0123456789ab").expect("one placeholder");
        assert_eq!(
            stamped,
            "// header\nconst RELEASE = \"0123456789ab\";\nload(RELEASE);\n"
        );
        assert_eq!(
            stamp(&stamped, "ba9876543210").expect("stamped again"),
            script.replace("dev", "ba9876543210"),
            "a build folder can be stamped again"
        );
        assert!(stamp(&format!("{script}{script}"), "x").is_err(), "twice");
        assert!(stamp("load();", "x").is_err(), "no placeholder");
        assert_eq!(release_of(b"a").len(), 12);
        assert_ne!(release_of(b"module A"), release_of(b"module B"));
        assert_eq!(release_of(b"module A"), release_of(b"module A"));
    }

    #[test]
    fn shared_parts_are_put_in_indented_with_the_pages_own_link_marked() {
        let page = "<body>\n  <!-- shared: header -->\n  <main></main>\n</body>\n";
        let header = "<nav>\n  <a href=\"./\">Home</a>\n  <a href=\"one.html\">One</a>\n</nav>\n";
        let expanded = expand(page, "one.html", |part| {
            assert_eq!(part, "header");
            Ok(header.to_owned())
        })
        .expect("expands");
        assert_eq!(
            expanded,
            "<body>\n  <nav>\n    <a href=\"./\">Home</a>\n    <a href=\"one.html\" \
             aria-current=\"page\">One</a>\n  </nav>\n  <main></main>\n</body>\n"
        );
        let home = expand(page, "index.html", |_| Ok(header.to_owned())).expect("expands");
        // A part that takes values, holding another part.
        let article = "<!-- shared: page title=\"One\" -->\n<main></main>\n";
        let parts = |part: &str| match part {
            "page" => Ok(
                "<head>\n  <title>{{title}} · Site</title>\n</head>\n<!-- shared: header -->\n"
                    .to_owned(),
            ),
            "header" => Ok(header.to_owned()),
            _ => Err(format!("no {part}")),
        };
        let built = expand(article, "one.html", parts).expect("expands");
        assert!(
            built.starts_with("<head>\n  <title>One · Site</title>\n</head>\n<nav>\n"),
            "{built}"
        );
        assert!(
            built.contains("href=\"one.html\" aria-current=\"page\""),
            "{built}"
        );
        assert!(
            expand("<!-- shared: page -->\n", "one.html", parts).is_err(),
            "a value is missing"
        );
        assert!(
            expand(
                "<!-- shared: page title=\"One\" colour=\"red\" -->\n",
                "one.html",
                parts
            )
            .is_err(),
            "a value without a place"
        );
        assert!(
            expand("<!-- shared: loop -->\n", "x.html", |_| Ok(
                "<!-- shared: loop -->\n".to_owned()
            ))
            .is_err()
        );
        assert!(home.contains("<a href=\"./\" aria-current=\"page\">Home</a>"));
        assert!(
            expand("<!-- shared: nope -->\n", "x.html", |part| Err(format!(
                "no {part}"
            )))
            .is_err()
        );
    }
}
