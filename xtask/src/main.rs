//! The project's commands, and the set-up they share. The README's two:
//!
//! - `cargo xtask serve`: installs what is missing, then runs `trunk serve`.
//! - `cargo xtask test`: installs what is missing, then runs every check CI
//!   runs, in the order that fails fastest.
//!
//! And the others:
//!
//! - `cargo xtask build`: a release build into `dist/`.
//! - `cargo xtask package`: a release build, then the npm package in
//!   `target/package/` (see `package.rs`).
//! - `cargo xtask setup`: only the installs.
//! - `cargo xtask pages`: the shared parts put into the built pages, and the
//!   release stamped (`pages.rs`; Trunk runs it after every build).
//! - `cargo xtask layout`: no import circle, no long file (`layout.rs`).
//! - `cargo xtask bench`: a release build, then the browser benchmark.
//! - `cargo xtask fuzz`: each fuzz target for a while (`fuzz.rs`).
//!
//! Only the standard library is used, so this builds in seconds on a fresh
//! machine before anything else is installed.

mod fuzz;
mod layout;
mod package;
mod pages;
mod shell;

use std::env;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Instant;

use shell::{command, output_of, root, step};

/// Pinned tool versions. wasm-bindgen-cli must equal the `wasm-bindgen`
/// crate version in Cargo.toml and `[tools]` in Trunk.toml.
const TRUNK_VERSION: &str = "0.21.14";
const WASM_BINDGEN_VERSION: &str = "0.2.130";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Checks the dependency tree against deny.toml in `cargo xtask test`.
const CARGO_DENY_VERSION: &str = "0.20.2";

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let command = args.first().map(String::as_str).unwrap_or("help");
    let started = Instant::now();
    let result = match command {
        "setup" => setup(Needs::Build),
        "serve" => serve(&args[1..]),
        "build" => setup(Needs::Build).and_then(|()| release_build()),
        "package" => setup(Needs::Build)
            .and_then(|()| release_build())
            .and_then(|()| package::assemble().map(drop)),
        "test" => test(),
        "fuzz" => fuzz::run(&args[1..]),
        "layout" => layout::check(&root()).map(|report| println!("{report}")),
        "pages" => pages::run(&root(), &args[1..]),
        "bench" => bench(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <command>\n\n  serve   install what is missing, then serve the site (trunk serve)\n  \
                 test    install what is missing, then run every check and test\n  \
                 build   release build into dist/\n  \
                 package release build, then the npm package in target/package/\n  \
                 setup   only install what is missing\n  \
                 pages   put the shared head, header and footer into built pages (Trunk runs it)\n  \
                 layout  check that no crate has an import circle and the demo crates keep short files\n  \
                 bench   release build, then the browser benchmark (see BENCHMARKS.md; --quick for a short run)\n  \
                 fuzz    run each fuzz target for 10 minutes (see FUZZING.md)"
            );
            return if command == "help" {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    match result {
        Ok(()) => {
            if command != "serve" {
                println!("\nxtask {command}: all good ({:.0?})", started.elapsed());
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("\nxtask {command} failed: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What a command needs installed.
#[derive(PartialEq, Eq, Clone, Copy)]
enum Needs {
    /// Rust's wasm target, Trunk, wasm-bindgen, npm packages.
    Build,
    /// All that, plus Chromium and ChromeDriver for the browser tests.
    Browser,
}

/// Trunk, which Trunk.toml keeps from downloading anything; this also skips
/// its check for a newer version (a query to crates.io on every run).
fn trunk(args: &[&str]) -> Command {
    let mut trunk = command("trunk", args);
    trunk.env("TRUNK_SKIP_VERSION_CHECK", "true");
    trunk
}

fn setup(needs: Needs) -> Result {
    let started = Instant::now();
    let targets = command("rustup", &["target", "list", "--installed"])
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
        .unwrap_or_default();
    if !targets.lines().any(|line| line.trim() == WASM_TARGET) {
        step(
            "install the wasm32 target",
            command("rustup", &["target", "add", WASM_TARGET]),
        )?;
    }
    for (component, program) in [("rustfmt", "cargo-fmt"), ("clippy", "cargo-clippy")] {
        if output_of(program, &["--version"]).is_none() {
            step(
                &format!("install {component}"),
                command("rustup", &["component", "add", component]),
            )?;
        }
    }
    // Trunk builds with --offline (Trunk.toml), so every crate in the lock
    // file must be downloaded first. Quick when they are.
    step(
        "the crates in Cargo.lock (cargo fetch --locked)",
        command("cargo", &["fetch", "--locked"]),
    )?;
    let wasm_bindgen = output_of("wasm-bindgen", &["--version"]).unwrap_or_default();
    if !wasm_bindgen.ends_with(WASM_BINDGEN_VERSION) {
        // Not --locked: its lock file names a crate version the registry lacks.
        step(
            &format!("install wasm-bindgen-cli {WASM_BINDGEN_VERSION} (a few minutes, once)"),
            command(
                "cargo",
                &[
                    "install",
                    "wasm-bindgen-cli",
                    "--version",
                    WASM_BINDGEN_VERSION,
                ],
            ),
        )?;
    }
    let trunk = output_of("trunk", &["--version"]).unwrap_or_default();
    if !trunk.ends_with(TRUNK_VERSION) {
        step(
            &format!("install Trunk {TRUNK_VERSION} (about 12 minutes on 2 cores, once)"),
            command(
                "cargo",
                &["install", "trunk", "--locked", "--version", TRUNK_VERSION],
            ),
        )?;
    }
    if npm_packages_missing() {
        if output_of("npm", &["--version"]).is_none() {
            return Err(
                "npm is missing; install Node.js 18 or newer (Debian: apt-get install nodejs npm)"
                    .into(),
            );
        }
        step(
            "install npm packages (Playwright, binaryen, axe-core, Biome, gltf-validator, three)",
            command("npm", &["ci", "--no-audit", "--no-fund"]),
        )?;
    }
    if needs == Needs::Browser {
        install_browser()?;
    }
    println!("set-up checked ({:.1?})", started.elapsed());
    Ok(())
}

/// Whether `npm ci` has not run since package-lock.json last changed.
fn npm_packages_missing() -> bool {
    let installed = root().join("node_modules").join(".package-lock.json");
    let lock = root().join("package-lock.json");
    let modified = |path: &Path| {
        path.metadata()
            .and_then(|metadata| metadata.modified())
            .ok()
    };
    match (modified(&installed), modified(&lock)) {
        (Some(installed), Some(lock)) => installed < lock,
        _ => true,
    }
}

/// Debian's Chromium and ChromeDriver (no browser download works here),
/// and Debian's admesh, which the browser tests run on an STL download.
fn install_browser() -> Result {
    let have = |program: &str| output_of(program, &["--version"]).is_some();
    if have("chromium") && have("chromedriver") && have("admesh") {
        return Ok(());
    }
    let is_root = output_of("id", &["-u"]).is_some_and(|id| id == "0");
    if !is_root {
        return Err(
            "the browser tests need Debian's Chromium, ChromeDriver and admesh: run \
                    `sudo apt-get install -y chromium chromium-driver admesh`, then try again"
                .into(),
        );
    }
    step(
        "update the package lists",
        command("apt-get", &["update", "-qq"]),
    )?;
    let mut install = command(
        "apt-get",
        &[
            "install",
            "-y",
            "-qq",
            "chromium",
            "chromium-driver",
            "admesh",
        ],
    );
    install.env("DEBIAN_FRONTEND", "noninteractive");
    step("install Chromium, ChromeDriver and admesh", install)
}

/// cargo-deny, which only `cargo xtask test` needs.
fn install_cargo_deny() -> Result {
    let installed = output_of("cargo", &["deny", "--version"]).unwrap_or_default();
    if installed.ends_with(CARGO_DENY_VERSION) {
        return Ok(());
    }
    step(
        &format!("install cargo-deny {CARGO_DENY_VERSION} (about 5 minutes on 2 cores, once)"),
        command(
            "cargo",
            &[
                "install",
                "cargo-deny",
                "--locked",
                "--version",
                CARGO_DENY_VERSION,
            ],
        ),
    )
}

fn serve(args: &[String]) -> Result {
    setup(Needs::Build)?;
    let mut trunk = trunk(&["serve"]);
    trunk.args(args);
    println!("\nServing the site at http://127.0.0.1:8080/ (Ctrl+C stops it)");
    step("trunk serve", trunk)
}

/// The browser benchmark: our wasm, the posts' JavaScript and the memory
/// floor, timed side by side in one headless Chromium page.
fn bench(args: &[String]) -> Result {
    setup(Needs::Browser)?;
    release_build()?;
    let mut run = command("node", &["bench/run.mjs"]);
    run.args(args);
    step("browser benchmark (bench/run.mjs)", run)
}

fn release_build() -> Result {
    step(
        "release build into dist/ (trunk build --release)",
        trunk(&["build", "--release"]),
    )
}

fn test() -> Result {
    setup(Needs::Browser)?;
    install_cargo_deny()?;
    step("format", command("cargo", &["fmt", "--all", "--check"]))?;
    step(
        "format and lint of the JavaScript and CSS (Biome)",
        command("npx", &["biome", "ci", "."]),
    )?;
    dependency_rules()?;
    step(
        "clippy, native",
        command(
            "cargo",
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        ),
    )?;
    step(
        "clippy, wasm32",
        command(
            "cargo",
            &[
                "clippy",
                "--workspace",
                "--exclude",
                "xtask",
                "--all-targets",
                "--target",
                WASM_TARGET,
                "--",
                "-D",
                "warnings",
            ],
        ),
    )?;
    let mut doc = command("cargo", &["doc", "--workspace", "--no-deps"]);
    doc.env("RUSTDOCFLAGS", "-D warnings");
    step("docs", doc)?;
    core_stays_pure()?;
    for package in ["terrain-view", "terrain-analysis"] {
        stays_off_the_web(package)?;
    }
    println!("\n==> no import circles; a thin web crate");
    let shape =
        layout::check(&root()).map_err(|problems| format!("the code's shape:\n{problems}"))?;
    println!(
        "{shape}\n<== no circles, no file of terrain-view or terrain-web over {} lines outside tests",
        layout::MAX_FILE_LINES
    );
    step("native tests", command("cargo", &["test", "--workspace"]))?;
    for package in ["terrain-core", "terrain-web"] {
        step(
            &format!("wasm tests of {package} in headless Chromium"),
            command(
                "cargo",
                &["test", "--target", WASM_TARGET, "--package", package],
            ),
        )?;
    }
    release_build()?;
    // tests/package.spec.js installs it.
    package::assemble()?;
    step(
        "browser tests (Playwright, headless Chromium)",
        command(
            "npx",
            &[
                "playwright",
                "test",
                "--config",
                "tests/playwright.config.js",
            ],
        ),
    )
}

/// deny.toml's rules (bans, licenses, sources) over the workspace and the
/// fuzz project, a workspace of its own. Advisories need the RustSec
/// database from the network, so they are left to README's command.
fn dependency_rules() -> Result {
    step(
        "the fuzz project's crates (cargo fetch --locked)",
        command(
            "cargo",
            &["fetch", "--locked", "--manifest-path", "fuzz/Cargo.toml"],
        ),
    )?;
    for manifest in ["Cargo.toml", "fuzz/Cargo.toml"] {
        step(
            &format!("dependencies of {manifest}: bans, licenses, sources (cargo deny)"),
            command(
                "cargo",
                &[
                    "deny",
                    "--offline",
                    "--locked",
                    "--manifest-path",
                    manifest,
                    "check",
                    "bans",
                    "licenses",
                    "sources",
                ],
            ),
        )?;
    }
    Ok(())
}

/// The core crate must depend on nothing web, clock or OS-random: its
/// normal dependency tree is itself alone.
fn core_stays_pure() -> Result {
    println!("\n==> the core's dependency tree");
    let output = command(
        "cargo",
        &[
            "tree",
            "--package",
            "terrain-core",
            "--edges",
            "normal",
            "--prefix",
            "none",
        ],
    )
    .output()
    .map_err(|error| format!("cargo tree: {error}"))?;
    let tree = String::from_utf8_lossy(&output.stdout);
    print!("{tree}");
    let crates: Vec<&str> = tree
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if output.status.success() && crates.len() == 1 && crates[0].starts_with("terrain-core ") {
        println!("<== terrain-core has no dependencies: no web, clock or OS randomness");
        Ok(())
    } else {
        Err(format!(
            "terrain-core must not depend on other crates, but its tree is:\n{tree}"
        ))
    }
}

/// Crates that would tie the demo machine to a browser.
const WEB_CRATES: [&str; 8] = [
    "wasm-bindgen",
    "js-sys",
    "web-sys",
    "three-d",
    "glow",
    "getrandom",
    "gloo",
    "winit",
];

/// terrain-view is the demo as a pure state machine, and terrain-analysis
/// the measures its plots show, both tested natively: no crate of the
/// browser or the GPU may be in the normal dependency tree of `package`.
fn stays_off_the_web(package: &str) -> Result {
    println!("\n==> {package}'s dependency tree");
    let output = command(
        "cargo",
        &[
            "tree",
            "--package",
            package,
            "--edges",
            "normal",
            "--prefix",
            "none",
            "--target",
            "all",
        ],
    )
    .output()
    .map_err(|error| format!("cargo tree: {error}"))?;
    let tree = String::from_utf8_lossy(&output.stdout);
    print!("{tree}");
    let web: Vec<&str> = tree
        .lines()
        .filter(|line| {
            let name = line.split_whitespace().next().unwrap_or_default();
            WEB_CRATES.contains(&name)
        })
        .collect();
    if output.status.success() && web.is_empty() {
        println!("<== {package} has no web or GPU crate: it runs and tests natively");
        Ok(())
    } else {
        Err(format!(
            "{package} must stay off the web, but its tree has:\n{}",
            web.join("\n")
        ))
    }
}
