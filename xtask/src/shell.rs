//! Running the tools from the workspace root, with the npm tools and
//! cargo's own on `PATH`: what every command of xtask builds on.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The workspace root.
pub fn root() -> PathBuf {
    // xtask/ sits in the workspace root.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// `PATH` with the npm tools (wasm-opt from binaryen) and cargo's bin first.
fn tool_path() -> OsString {
    let mut paths = vec![root().join("node_modules").join(".bin")];
    if let Some(home) = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
    {
        paths.push(home.join("bin"));
    }
    paths.extend(env::split_paths(&env::var_os("PATH").unwrap_or_default()));
    env::join_paths(paths).unwrap_or_default()
}

/// `program` with `args`, run from the workspace root with the tools on
/// `PATH`.
pub fn command(program: &str, args: &[&str]) -> Command {
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(root())
        .env("PATH", tool_path());
    command
}

/// Runs a step, printing its name and how long it took.
pub fn step(name: &str, mut command: Command) -> Result<(), String> {
    println!("\n==> {name}");
    let started = Instant::now();
    let status = command.status().map_err(|error| {
        format!(
            "{name}: could not start {:?}: {error}",
            command.get_program()
        )
    })?;
    println!("<== {name} ({:.1?})", started.elapsed());
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// The first line a command prints, if it runs at all.
pub fn output_of(program: &str, args: &[&str]) -> Option<String> {
    let output = command(program, args).output().ok()?;
    output.status.success().then(|| {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned()
    })
}
