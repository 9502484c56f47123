//! `cargo xtask fuzz`: the long fuzzing run, one libFuzzer target after
//! another, on stable Rust (see FUZZING.md).
//!
//! `cargo xtask fuzz [--seconds N] [--asan] [TARGET ...]` installs
//! cargo-fuzz if it is missing, then runs each target (all seven by default) for `N` seconds
//! (default 600), growing `fuzz/work/<target>/` from the seeds in
//! `fuzz/corpus/<target>/` (but the `open-bug-*` ones: crashes known and not
//! fixed yet, which would stop libFuzzer at once). Each run's output goes to
//! `fuzz/logs/<target>.log`; a table of executions, speed, coverage and
//! crashes closes the run. Crashing inputs land in `fuzz/artifacts/<target>/`.
//!
//! `--asan` adds AddressSanitizer. Sanitizers take unstable `-Z` flags, so
//! it sets `RUSTC_BOOTSTRAP=1` for the build (stable Rust ships the ASan
//! runtime), and builds into `fuzz/target-asan/` so that switching does not
//! rebuild the plain targets.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::Instant;

/// Pinned like the other tools; 0.13.2 builds with Rust 1.95.
const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// The targets in `fuzz/fuzz_targets/`, cheapest first.
const TARGETS: [&str; 7] = [
    "params_text",
    "stage_text",
    "query",
    "embed_attributes",
    "generate",
    "png_import",
    "png_differential",
];

/// What one target's run came to, read off libFuzzer's output.
#[derive(Default)]
struct Outcome {
    target: String,
    seconds: f64,
    executions: String,
    per_second: String,
    coverage: String,
    features: String,
    corpus: String,
    peak_rss_mb: String,
    crash: Option<String>,
}

/// Runs the long fuzz; `args` are what follows `cargo xtask fuzz`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut seconds: u64 = 600;
    let mut asan = false;
    let mut targets: Vec<&str> = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = args
                    .next()
                    .and_then(|value| value.parse().ok())
                    .filter(|&value| value > 0)
                    .ok_or("--seconds needs a whole number of seconds above 0")?;
            }
            "--asan" => asan = true,
            name => match TARGETS.iter().find(|&&target| target == name) {
                Some(target) => targets.push(target),
                None => {
                    return Err(format!(
                        "unknown fuzz target {name:?}; the targets are {}",
                        TARGETS.join(", ")
                    ));
                }
            },
        }
    }
    if targets.is_empty() {
        targets = TARGETS.to_vec();
    }
    install_cargo_fuzz()?;

    let fuzz = crate::shell::root().join("fuzz");
    let mut outcomes = Vec::new();
    for target in targets {
        outcomes.push(run_target(target, seconds, asan, &fuzz)?);
    }

    println!(
        "\n| target | seconds | executions | exec/s | cov | ft | corpus | peak RSS MB | crashes |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for outcome in &outcomes {
        println!(
            "| {} | {:.0} | {} | {} | {} | {} | {} | {} | {} |",
            outcome.target,
            outcome.seconds,
            outcome.executions,
            outcome.per_second,
            outcome.coverage,
            outcome.features,
            outcome.corpus,
            outcome.peak_rss_mb,
            outcome.crash.as_deref().unwrap_or("0"),
        );
    }
    let crashed: Vec<&str> = outcomes
        .iter()
        .filter(|outcome| outcome.crash.is_some())
        .map(|outcome| outcome.target.as_str())
        .collect();
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} found a crash; see fuzz/artifacts/ and FUZZING.md",
            crashed.join(", ")
        ))
    }
}

fn install_cargo_fuzz() -> Result<(), String> {
    let installed = crate::shell::output_of("cargo", &["fuzz", "--version"]).unwrap_or_default();
    if installed.ends_with(CARGO_FUZZ_VERSION) {
        return Ok(());
    }
    crate::shell::step(
        &format!("install cargo-fuzz {CARGO_FUZZ_VERSION} (about 2 minutes, once)"),
        crate::shell::command(
            "cargo",
            &[
                "install",
                "cargo-fuzz",
                "--locked",
                "--version",
                CARGO_FUZZ_VERSION,
            ],
        ),
    )
}

/// One target for `seconds`, its output echoed and kept in a log.
fn run_target(
    target: &str,
    seconds: u64,
    asan: bool,
    fuzz: &std::path::Path,
) -> Result<Outcome, String> {
    let work = fuzz.join("work").join(target);
    let logs = fuzz.join("logs");
    for folder in [&work, &logs] {
        fs::create_dir_all(folder).map_err(|error| format!("{}: {error}", folder.display()))?;
    }
    seed(&fuzz.join("corpus").join(target), &work)?;
    let log_path = logs.join(format!("{target}.log"));
    let mut log =
        fs::File::create(&log_path).map_err(|error| format!("{}: {error}", log_path.display()))?;

    // Stable Rust: no sanitizer unless asked (they need -Z flags), but debug
    // assertions on, so overflow and other debug checks count as crashes.
    // New inputs go to the work folder; the committed seeds stay as they are.
    let mut libfuzzer_args = vec![
        format!("-max_total_time={seconds}"),
        "-rss_limit_mb=2048".to_owned(),
        "-timeout=20".to_owned(),
        "-print_final_stats=1".to_owned(),
    ];
    let dictionary = fuzz.join("dict").join(format!("{target}.dict"));
    if dictionary.is_file() {
        libfuzzer_args.push(format!("-dict={}", dictionary.display()));
    }
    let work_corpus = work.display().to_string();
    let asan_target = fuzz.join("target-asan").display().to_string();
    let mut arguments = vec!["fuzz", "run", target, "--debug-assertions"];
    if asan {
        arguments.extend(["--sanitizer", "address", "--target-dir", &asan_target]);
    } else {
        arguments.extend(["--sanitizer", "none"]);
    }
    arguments.extend([work_corpus.as_str(), "--"]);
    arguments.extend(libfuzzer_args.iter().map(String::as_str));

    println!(
        "\n==> fuzz {target} for {seconds} s: cargo {}",
        arguments.join(" ")
    );
    let started = Instant::now();
    let mut cargo = crate::shell::command("cargo", &arguments);
    if asan {
        cargo.env("RUSTC_BOOTSTRAP", "1");
    }
    let mut child = cargo
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("could not start cargo fuzz: {error}"))?;
    let mut outcome = Outcome {
        target: target.to_owned(),
        ..Outcome::default()
    };
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            eprintln!("{line}");
            let _ = writeln!(log, "{line}");
            read_line(&line, &mut outcome);
        }
    }
    let status = child
        .wait()
        .map_err(|error| format!("cargo fuzz {target}: {error}"))?;
    if outcome.seconds == 0.0 {
        outcome.seconds = started.elapsed().as_secs_f64();
    }
    if !status.success() && outcome.crash.is_none() {
        outcome.crash = Some(format!("failed ({status})"));
    }
    println!(
        "<== fuzz {target}: {} executions, {} exec/s, cov {}, ft {}, corpus {}, {} ({})",
        outcome.executions,
        outcome.per_second,
        outcome.coverage,
        outcome.features,
        outcome.corpus,
        outcome.crash.as_deref().unwrap_or("no crash"),
        log_path.display()
    );
    Ok(outcome)
}

/// Copies the seeds into the work folder, leaving out `open-bug-*` files.
fn seed(seeds: &std::path::Path, work: &std::path::Path) -> Result<(), String> {
    let entries = fs::read_dir(seeds).map_err(|error| format!("{}: {error}", seeds.display()))?;
    for entry in entries.map_while(Result::ok) {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with("open-bug-") {
            fs::copy(entry.path(), work.join(&name))
                .map_err(|error| format!("{}: {error}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// Picks the numbers out of one line of libFuzzer's output.
fn read_line(line: &str, outcome: &mut Outcome) {
    let after = |key: &str| {
        line.split_whitespace()
            .skip_while(|word| *word != key)
            .nth(1)
            .map(str::to_owned)
    };
    // Status lines: "#123 NEW cov: 456 ft: 789 corp: 10/1234b ..."
    if line.starts_with('#') && line.contains(" cov: ") {
        outcome.coverage = after("cov:").unwrap_or_default();
        outcome.features = after("ft:").unwrap_or_default();
        outcome.corpus = after("corp:").unwrap_or_default();
    }
    for (key, field) in [
        ("stat::number_of_executed_units:", &mut outcome.executions),
        ("stat::average_exec_per_sec:", &mut outcome.per_second),
        ("stat::peak_rss_mb:", &mut outcome.peak_rss_mb),
    ] {
        if let Some(value) = line.strip_prefix(key) {
            *field = value.trim().to_owned();
        }
    }
    // "Done 123 runs in 601 second(s)": the fuzzing time, without the build.
    if let Some(seconds) = line
        .strip_prefix("Done ")
        .and_then(|rest| rest.split(" runs in ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|seconds| seconds.parse().ok())
    {
        outcome.seconds = seconds;
    }
    // Crashes, timeouts and out-of-memory inputs alike.
    if let Some(path) = line.split("Test unit written to ").nth(1) {
        outcome.crash = Some(path.trim().to_owned());
    }
}
