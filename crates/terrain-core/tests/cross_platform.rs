//! The same algorithm, parameters and seed give the same map, bit for bit,
//! natively and in WebAssembly.
//!
//! Each case's map is reduced to `Heightmap::fingerprint`, a 64-bit FNV-1a
//! hash of its heights' bit patterns. The table was recorded natively; this test checks it
//! natively (`cargo test`) and in headless Chromium (`cargo xtask test` runs
//! it for wasm32 through wasm-bindgen-test). A failure on one side only means
//! the platforms disagree; on both, that the algorithms' output changed, which
//! needs a note in the changelog. To print a new table:
//! `cargo test -p terrain-core --test cross_platform -- --ignored --nocapture`.

use terrain_core::{Algorithm, Group, MapSettings, Params, Stage, generate};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// (algorithm, exponent, seed, stage, fingerprint)
const RECORDED: &[(&str, u32, u64, &str, u64)] = &[
    ("random-noise", 3, 0, "done", 0xcb99e84bdf9171b3),
    ("random-noise", 3, 1, "done", 0x127c0bd04f226fdd),
    ("random-noise", 3, 2016, "done", 0x825d0d24260d12bb),
    (
        "random-noise",
        3,
        18446744073709551615,
        "done",
        0xb6836e32f466cd0a,
    ),
    ("random-noise", 8, 0, "done", 0x6bc1fc6504a0d421),
    ("random-noise", 8, 1, "done", 0xa46ab0f8e3e3930a),
    ("random-noise", 8, 2016, "done", 0x33b54b87b702d8be),
    (
        "random-noise",
        8,
        18446744073709551615,
        "done",
        0x56a3d68802bc8467,
    ),
    ("midpoint-displacement", 3, 0, "edges", 0x36459829b120c372),
    ("midpoint-displacement", 3, 0, "done", 0x286e51e0beb76c8c),
    ("midpoint-displacement", 3, 1, "edges", 0x934280aff78884c6),
    ("midpoint-displacement", 3, 1, "done", 0x59a05eb3b4a24ba5),
    (
        "midpoint-displacement",
        3,
        2016,
        "edges",
        0x5279164c90923884,
    ),
    ("midpoint-displacement", 3, 2016, "done", 0x13237f8c84f6f085),
    (
        "midpoint-displacement",
        3,
        18446744073709551615,
        "edges",
        0xd827aef9338fd1a7,
    ),
    (
        "midpoint-displacement",
        3,
        18446744073709551615,
        "done",
        0x3439bc3fb5d6e7b7,
    ),
    ("midpoint-displacement", 8, 0, "edges", 0x6dc56c1664b5df79),
    ("midpoint-displacement", 8, 0, "done", 0x41bbec410e0b8fd9),
    ("midpoint-displacement", 8, 1, "edges", 0x4702bc4f61f79c54),
    ("midpoint-displacement", 8, 1, "done", 0xc7c9ce5b4092a431),
    (
        "midpoint-displacement",
        8,
        2016,
        "edges",
        0x51de40b75070123a,
    ),
    ("midpoint-displacement", 8, 2016, "done", 0x5ecf44d3dffb0e75),
    (
        "midpoint-displacement",
        8,
        18446744073709551615,
        "edges",
        0x41b5cf642c0c7889,
    ),
    (
        "midpoint-displacement",
        8,
        18446744073709551615,
        "done",
        0x7deef3c507de29f1,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        0,
        "pass-1",
        0xe5e0fb1d01b9d87c,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        0,
        "done",
        0xefddd17c5d28fe2d,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        1,
        "pass-1",
        0x384414c21db46f18,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        1,
        "done",
        0x6df7069c10754131,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        2016,
        "pass-1",
        0x80edeeda9ff6b1d9,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        2016,
        "done",
        0x550c1d0af1af6af5,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        18446744073709551615,
        "pass-1",
        0x26bdf253a14ee6d2,
    ),
    (
        "recursive-midpoint-displacement",
        3,
        18446744073709551615,
        "done",
        0x78cec7e054bf77dd,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        0,
        "pass-1",
        0x1c214231d220f953,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        0,
        "done",
        0x90ab0916f8b06c86,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        1,
        "pass-1",
        0x780db25e99d6550a,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        1,
        "done",
        0xa9048ff6a44903ec,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        2016,
        "pass-1",
        0x9f58bcc2c87981e7,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        2016,
        "done",
        0x9715d2f8954f7b3e,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        18446744073709551615,
        "pass-1",
        0xb6a899f101e97663,
    ),
    (
        "recursive-midpoint-displacement",
        8,
        18446744073709551615,
        "done",
        0x7f306eb5d87eeda4,
    ),
    ("diamond-square", 3, 0, "square", 0xf3eac2d77fb20acc),
    ("diamond-square", 3, 0, "done", 0x5dc10b2b93cffeec),
    ("diamond-square", 3, 1, "square", 0x4d2b90de7a53271f),
    ("diamond-square", 3, 1, "done", 0xcf57ac86eac06ad9),
    ("diamond-square", 3, 2016, "square", 0x038fb7740b5408e1),
    ("diamond-square", 3, 2016, "done", 0x8b6be474c70b0c37),
    (
        "diamond-square",
        3,
        18446744073709551615,
        "square",
        0x97b410e07b9b095b,
    ),
    (
        "diamond-square",
        3,
        18446744073709551615,
        "done",
        0x3753a577b822bb48,
    ),
    ("diamond-square", 8, 0, "square", 0x7403c8750f5a2655),
    ("diamond-square", 8, 0, "done", 0x5baca142aa38f580),
    ("diamond-square", 8, 1, "square", 0x6aba69d231e86a72),
    ("diamond-square", 8, 1, "done", 0xabc6f6560f465858),
    ("diamond-square", 8, 2016, "square", 0x49f5027ae8615e5b),
    ("diamond-square", 8, 2016, "done", 0x98057ea2d81cb818),
    (
        "diamond-square",
        8,
        18446744073709551615,
        "square",
        0x15a8af57051f5568,
    ),
    (
        "diamond-square",
        8,
        18446744073709551615,
        "done",
        0x59d28977dd4bf283,
    ),
    (
        "tileable-diamond-square",
        3,
        0,
        "square",
        0xe90532ce0b712063,
    ),
    ("tileable-diamond-square", 3, 0, "done", 0xb31fadb295284cbd),
    (
        "tileable-diamond-square",
        3,
        1,
        "square",
        0x339094e88a47236e,
    ),
    ("tileable-diamond-square", 3, 1, "done", 0x2541a56f1e7b5b5b),
    (
        "tileable-diamond-square",
        3,
        2016,
        "square",
        0xd4c7b97eeb634f0f,
    ),
    (
        "tileable-diamond-square",
        3,
        2016,
        "done",
        0xa4a8aadffa076902,
    ),
    (
        "tileable-diamond-square",
        3,
        18446744073709551615,
        "square",
        0xf4b754c97ab93245,
    ),
    (
        "tileable-diamond-square",
        3,
        18446744073709551615,
        "done",
        0xa09b0181e076aee6,
    ),
    (
        "tileable-diamond-square",
        8,
        0,
        "square",
        0xc0dd991237953905,
    ),
    ("tileable-diamond-square", 8, 0, "done", 0x5877dbf2a9b3a144),
    (
        "tileable-diamond-square",
        8,
        1,
        "square",
        0x92df86373fb836a3,
    ),
    ("tileable-diamond-square", 8, 1, "done", 0x1745ed2808e406b1),
    (
        "tileable-diamond-square",
        8,
        2016,
        "square",
        0xa12dcaaa708cd969,
    ),
    (
        "tileable-diamond-square",
        8,
        2016,
        "done",
        0x74a114fcfc9475fa,
    ),
    (
        "tileable-diamond-square",
        8,
        18446744073709551615,
        "square",
        0x9d2f318eca866bd0,
    ),
    (
        "tileable-diamond-square",
        8,
        18446744073709551615,
        "done",
        0x92bde96084772523,
    ),
];

fn cases() -> Vec<(Algorithm, u32, u64, Stage)> {
    let mut cases = Vec::new();
    // The noises have their own table (tests/noise_fingerprints.rs).
    let first_chapters = Algorithm::all().filter(|algorithm| !algorithm.reads(Group::Noise));
    for algorithm in first_chapters {
        for exponent in [3, 8] {
            // The first step after the corners, where there is one, and done.
            let stages = Params {
                map: MapSettings::new(exponent, 0),
                ..Params::new(algorithm)
            }
            .stages();
            let first_step = stages[1.min(stages.len() - 1)];
            for seed in [0, 1, 2016, u64::MAX] {
                for stage in [first_step, Stage::Done] {
                    cases.push((algorithm, exponent, seed, stage));
                }
            }
        }
    }
    cases.dedup();
    cases
}

fn compute(algorithm: Algorithm, exponent: u32, seed: u64, stage: Stage) -> u64 {
    let params = Params {
        map: MapSettings::new(exponent, seed),
        ..Params::new(algorithm)
    };
    let params = params.check().unwrap_or_else(|error| panic!("{error}"));
    let terrain = generate(&params, stage).unwrap_or_else(|error| panic!("{error}"));
    terrain.heightmap.fingerprint()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn maps_match_the_recorded_fingerprints() {
    let cases = cases();
    assert_eq!(
        RECORDED.len(),
        cases.len(),
        "the table and the cases disagree"
    );
    for (&(name, exponent, seed, stage, expected), &(algorithm, ..)) in RECORDED.iter().zip(&cases)
    {
        assert_eq!(name, algorithm.name());
        let stage: Stage = stage.parse().unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            compute(algorithm, exponent, seed, stage),
            expected,
            "{name}, exponent {exponent}, seed {seed}, {stage}"
        );
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "prints a fresh table for RECORDED"]
fn print_table() {
    for (algorithm, exponent, seed, stage) in cases() {
        let hash = compute(algorithm, exponent, seed, stage);
        println!("    (\"{algorithm}\", {exponent}, {seed}, \"{stage}\", {hash:#018x}),");
    }
}
