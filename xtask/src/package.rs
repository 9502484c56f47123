//! `cargo xtask package`: the npm package, `target/package/<name>-<version>.tgz`.
//!
//! It holds the built site's script, module, worker and stylesheet (the
//! `"."` entry, for pages: `terrain.js`), the DOM-free `"./core"` entry
//! and the types from `npm/` (`options.d.ts` is written from the
//! registries by a test, as `tests/settings.json` is), npm's README and
//! the two license texts. `npm pack` makes the tarball, so it is what
//! `npm publish` would send. `tests/package.spec.js` installs it.

use std::fs;
use std::path::{Path, PathBuf};

use crate::shell::{command, root, step};

/// Files of the release build (`dist/`) that the package carries.
const BUILT: [&str; 13] = [
    "terrain.js",
    "export.js",
    "pool.js",
    "generate-async.js",
    "erode-async.js",
    "terrain.css",
    "worker.js",
    "terrain-web.js",
    "terrain-web_bg.wasm",
    "terrain-png.js",
    "terrain-png_bg.wasm",
    "terrain-export.js",
    "terrain-export_bg.wasm",
];

/// Files of `npm/`, written for the package.
const WRITTEN: [&str; 7] = [
    "package.json",
    "export.d.ts",
    "README.md",
    "core.js",
    "core.d.ts",
    "index.d.ts",
    "options.d.ts",
];

/// The license texts, at the repository's root.
const LICENSES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// Puts the package together from `dist/` (which the release build must
/// have written) and packs it; returns the tarball's path.
pub fn assemble() -> Result<PathBuf, String> {
    let root = root();
    let (name, version) = name_and_version(&root)?;
    let out = root.join("target").join("package");
    let staged = out.join(&name);
    if staged.exists() {
        fs::remove_dir_all(&staged).map_err(|error| format!("{}: {error}", staged.display()))?;
    }
    fs::create_dir_all(&staged).map_err(|error| format!("{}: {error}", staged.display()))?;
    let sources = BUILT
        .iter()
        .map(|file| (root.join("dist").join(file), *file))
        .chain(
            WRITTEN
                .iter()
                .map(|file| (root.join("npm").join(file), *file)),
        )
        .chain(LICENSES.iter().map(|file| (root.join(file), *file)));
    for (source, file) in sources {
        fs::copy(&source, staged.join(file)).map_err(|error| {
            format!(
                "{}: {error} (cargo xtask build writes dist/ first)",
                source.display()
            )
        })?;
    }
    let tarball = out.join(format!("{name}-{version}.tgz"));
    let _ = fs::remove_file(&tarball);
    let mut pack = command(
        "npm",
        &["pack", "--pack-destination", "..", "--loglevel", "warn"],
    );
    pack.current_dir(&staged);
    step(&format!("npm pack into {}", tarball.display()), pack)?;
    let size = fs::metadata(&tarball)
        .map_err(|error| format!("{}: {error}", tarball.display()))?
        .len();
    println!(
        "{} ({:.0} kB packed)",
        tarball.display(),
        size as f64 / 1000.0
    );
    Ok(tarball)
}

/// The package's name and version from `npm/package.json`, whose version
/// must be the workspace's.
fn name_and_version(root: &Path) -> Result<(String, String), String> {
    let manifest = fs::read_to_string(root.join("npm").join("package.json"))
        .map_err(|error| format!("npm/package.json: {error}"))?;
    let name = json_string(&manifest, "name").ok_or("npm/package.json has no \"name\"")?;
    let version = json_string(&manifest, "version").ok_or("npm/package.json has no \"version\"")?;
    let cargo = fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|error| format!("Cargo.toml: {error}"))?;
    let workspace_version = cargo
        .lines()
        .find_map(|line| line.strip_prefix("version = "))
        .map(|value| value.trim().trim_matches('"').to_owned());
    if workspace_version.as_deref() != Some(version.as_str()) {
        return Err(format!(
            "npm/package.json's version {version} is not the workspace's ({}): make them equal",
            workspace_version.unwrap_or_default()
        ));
    }
    Ok((name, version))
}

/// The first `"key": "value"` of `json` (enough for package.json's top
/// keys, which come before any nested one of the same name).
fn json_string(json: &str, key: &str) -> Option<String> {
    let start = json.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = json[start..].trim_start().strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_top_keys_of_a_manifest() {
        let json = "{\n  \"name\": \"terrain-step-by-step\",\n  \"version\": \"0.1.0\"\n}";
        assert_eq!(
            json_string(json, "name").as_deref(),
            Some("terrain-step-by-step")
        );
        assert_eq!(json_string(json, "version").as_deref(), Some("0.1.0"));
        assert_eq!(json_string(json, "license"), None);
    }

    #[test]
    fn the_manifest_lists_every_file_the_package_carries() {
        let manifest = fs::read_to_string(root().join("npm").join("package.json")).unwrap();
        for file in BUILT.iter().chain(&WRITTEN).chain(&LICENSES) {
            assert!(
                manifest.contains(&format!("\"{file}\"")) || *file == "package.json",
                "npm/package.json's files leaves out {file}"
            );
        }
    }
}
