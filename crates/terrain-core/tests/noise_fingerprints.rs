//! The gradient noises give the same maps, bit for bit, natively and in
//! WebAssembly, and from one release to the next.
//!
//! Each case's map is reduced to `Heightmap::fingerprint` (a 64-bit FNV-1a
//! hash of its heights' bits). The table was recorded natively; the test
//! checks it natively (`cargo test`) and in headless Chromium
//! (`cargo test -p terrain-core --target wasm32-unknown-unknown --test
//! noise_fingerprints`, through wasm-bindgen-test). A failure on one side
//! only means the platforms disagree; on both, that the noise changed,
//! which needs a note in the changelog. To print a new table:
//! `cargo test -p terrain-core --test noise_fingerprints -- --ignored --nocapture`.

use terrain_core::generators::noise::{Fade, Shape};
use terrain_core::{Algorithm, Group, Params, Stage, generate};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// `params` as `change` leaves them.
fn with(mut params: Params, change: impl FnOnce(&mut Params)) -> Params {
    change(&mut params);
    params
}

/// The parameters a table row names: a noise's defaults with one variant.
fn settings(algorithm: Algorithm, variant: &str, exponent: u32, seed: u64) -> Params {
    let defaults = with(Params::new(algorithm), |params| {
        params.map.exponent = exponent;
        params.map.seed = seed;
    });
    match variant {
        "defaults" => defaults,
        "ridged" => with(defaults, |params| {
            params.noise.shape = Shape::Ridged;
        }),
        "sharp-ridged" => with(defaults, |params| {
            params.noise.shape = Shape::SharpRidged;
        }),
        "billow" => with(defaults, |params| {
            params.noise.shape = Shape::Billow;
        }),
        "warp" => with(defaults, |params| {
            params.noise.warp = 1.0;
        }),
        "damping" => with(defaults, |params| {
            params.noise.damping = 1.0;
        }),
        "tileable" => with(defaults, |params| {
            params.noise.tileable = true;
        }),
        "tileable-warp-damping" => with(defaults, |params| {
            params.noise.tileable = true;
            params.noise.warp = 0.7;
            params.noise.damping = 0.5;
        }),
        "power-terraces" => with(defaults, |params| {
            params.noise.power = 2.5;
            params.noise.terraces = 6;
        }),
        "linear" => with(defaults, |params| {
            params.noise.fade = Fade::Linear;
        }),
        "rough" => with(defaults, |params| {
            params.noise.frequency = 7;
            params.noise.octaves = 12;
            params.noise.lacunarity = 2.7;
            params.noise.gain = 0.6;
            params.map.normalize = false;
        }),
        "ridged-multifractal" => with(defaults, |params| {
            params.noise.shape = Shape::RidgedMultifractal;
            params.noise.ridges.offset = 1.1;
            params.noise.ridges.feedback = 1.7;
        }),
        _ => panic!("no variant {variant}"),
    }
}

const VARIANTS: [&str; 12] = [
    "ridged",
    "sharp-ridged",
    "billow",
    "warp",
    "damping",
    "tileable",
    "tileable-warp-damping",
    "power-terraces",
    "linear",
    "rough",
    "defaults",
    "ridged-multifractal",
];

/// (algorithm, variant, exponent, seed, stage)
fn cases() -> Vec<(Algorithm, &'static str, u32, u64, Stage)> {
    let mut cases = Vec::new();
    for algorithm in Algorithm::all().filter(|algorithm| algorithm.reads(Group::Noise)) {
        for exponent in [3, 8] {
            for seed in [0, 2016, u64::MAX] {
                for stage in [Stage::Lattice, Stage::Octave(1), Stage::Done] {
                    cases.push((algorithm, "defaults", exponent, seed, stage));
                }
            }
        }
        for variant in VARIANTS {
            cases.push((algorithm, variant, 6, 1, Stage::Done));
        }
    }
    cases
}

fn compute(algorithm: Algorithm, variant: &str, exponent: u32, seed: u64, stage: Stage) -> u64 {
    let params = settings(algorithm, variant, exponent, seed)
        .check()
        .unwrap_or_else(|error| panic!("{error}"));
    let terrain = generate(&params, stage).unwrap_or_else(|error| panic!("{error}"));
    terrain.heightmap.fingerprint()
}

/// (algorithm, variant, exponent, seed, stage, fingerprint)
const RECORDED: &[(&str, &str, u32, u64, &str, u64)] = &[
    (
        "value-noise",
        "defaults",
        3,
        0,
        "lattice",
        0x61b9cb967b48982e,
    ),
    (
        "value-noise",
        "defaults",
        3,
        0,
        "octave-1",
        0xea65125c86e55766,
    ),
    ("value-noise", "defaults", 3, 0, "done", 0x7eb005a5e1b1f4f3),
    (
        "value-noise",
        "defaults",
        3,
        2016,
        "lattice",
        0xaab4a8acace40418,
    ),
    (
        "value-noise",
        "defaults",
        3,
        2016,
        "octave-1",
        0x06d859270ee514f5,
    ),
    (
        "value-noise",
        "defaults",
        3,
        2016,
        "done",
        0xf71fc06dbc56087c,
    ),
    (
        "value-noise",
        "defaults",
        3,
        18446744073709551615,
        "lattice",
        0x5793dd03d30f7370,
    ),
    (
        "value-noise",
        "defaults",
        3,
        18446744073709551615,
        "octave-1",
        0xecf8bbde0a844a02,
    ),
    (
        "value-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0x6c4be7166d24a847,
    ),
    (
        "value-noise",
        "defaults",
        8,
        0,
        "lattice",
        0x43386e2daf5ef9ae,
    ),
    (
        "value-noise",
        "defaults",
        8,
        0,
        "octave-1",
        0xa3689e22be3c39f5,
    ),
    ("value-noise", "defaults", 8, 0, "done", 0x42bab5733a1607de),
    (
        "value-noise",
        "defaults",
        8,
        2016,
        "lattice",
        0x26a65cf4bbd44158,
    ),
    (
        "value-noise",
        "defaults",
        8,
        2016,
        "octave-1",
        0x6d669c7bba459465,
    ),
    (
        "value-noise",
        "defaults",
        8,
        2016,
        "done",
        0x62c46a577f3ae19d,
    ),
    (
        "value-noise",
        "defaults",
        8,
        18446744073709551615,
        "lattice",
        0x14f5ef9de8675430,
    ),
    (
        "value-noise",
        "defaults",
        8,
        18446744073709551615,
        "octave-1",
        0xa948291f8fa6c67f,
    ),
    (
        "value-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0xc02c2d65705ae215,
    ),
    ("value-noise", "ridged", 6, 1, "done", 0x26682469feec422a),
    (
        "value-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0xc51ba6b4fcd8d031,
    ),
    ("value-noise", "billow", 6, 1, "done", 0xc6b7f71d1af61c19),
    ("value-noise", "warp", 6, 1, "done", 0x358da34fddd8a5c2),
    ("value-noise", "damping", 6, 1, "done", 0x7b0f95258acc81b8),
    ("value-noise", "tileable", 6, 1, "done", 0x0ba26ce9d016b2aa),
    (
        "value-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0x893a8fa26347b82f,
    ),
    (
        "value-noise",
        "power-terraces",
        6,
        1,
        "done",
        0xd63f4c324b50dcae,
    ),
    ("value-noise", "linear", 6, 1, "done", 0xbab0e948dce02bd4),
    ("value-noise", "rough", 6, 1, "done", 0x96bb5e5d30994682),
    ("value-noise", "defaults", 6, 1, "done", 0xa035ac91ba9692d0),
    (
        "value-noise",
        "ridged-multifractal",
        6,
        1,
        "done",
        0x676deea6ba7d1737,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        0,
        "lattice",
        0xa6a1e321696065a8,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        0,
        "octave-1",
        0x46435bd5e6cd06bd,
    ),
    ("perlin-noise", "defaults", 3, 0, "done", 0xbfe1681a57cfd2ff),
    (
        "perlin-noise",
        "defaults",
        3,
        2016,
        "lattice",
        0xa6a1e321696065a8,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        2016,
        "octave-1",
        0x703194e37a234f0f,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        2016,
        "done",
        0x532f57dde156f9f0,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        18446744073709551615,
        "lattice",
        0xa6a1e321696065a8,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        18446744073709551615,
        "octave-1",
        0x4e2719e9bbde86b0,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0xcb5d32aa6e91ae2c,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        0,
        "lattice",
        0x7be229b59bd9c4a8,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        0,
        "octave-1",
        0x66fddda763865be1,
    ),
    ("perlin-noise", "defaults", 8, 0, "done", 0x780cf9de2df85d6a),
    (
        "perlin-noise",
        "defaults",
        8,
        2016,
        "lattice",
        0x7be229b59bd9c4a8,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        2016,
        "octave-1",
        0x678599eacdf3dc26,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        2016,
        "done",
        0x0deee68149f05fde,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        18446744073709551615,
        "lattice",
        0x7be229b59bd9c4a8,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        18446744073709551615,
        "octave-1",
        0xb516ebce9a6a59be,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0x5ce8ec9a4289c85a,
    ),
    ("perlin-noise", "ridged", 6, 1, "done", 0x33df4562d8c89518),
    (
        "perlin-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0xdfb0c5bd4c3fb437,
    ),
    ("perlin-noise", "billow", 6, 1, "done", 0xa4fc33edf9794678),
    ("perlin-noise", "warp", 6, 1, "done", 0xbbb73573fc85c83a),
    ("perlin-noise", "damping", 6, 1, "done", 0xfa3755c6ac646dbd),
    ("perlin-noise", "tileable", 6, 1, "done", 0x1576f8261ff7eb08),
    (
        "perlin-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0xeb729327ea30504d,
    ),
    (
        "perlin-noise",
        "power-terraces",
        6,
        1,
        "done",
        0x9c60d7271a504efb,
    ),
    ("perlin-noise", "linear", 6, 1, "done", 0x7aa065d038977838),
    ("perlin-noise", "rough", 6, 1, "done", 0x2019a872acf1d1c3),
    ("perlin-noise", "defaults", 6, 1, "done", 0x5582c00cbaf2803a),
    (
        "perlin-noise",
        "ridged-multifractal",
        6,
        1,
        "done",
        0xacd2f31873d3d87c,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        0,
        "lattice",
        0x72dc1087a9705728,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        0,
        "octave-1",
        0xd8c18ff7ccb3b7dc,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        0,
        "done",
        0x84503ea57655d25d,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        2016,
        "lattice",
        0x72dc1087a9705728,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        2016,
        "octave-1",
        0x8438dfc808ae58ee,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        2016,
        "done",
        0xa566cd4f0b56da9b,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        18446744073709551615,
        "lattice",
        0x72dc1087a9705728,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        18446744073709551615,
        "octave-1",
        0x9e3f3c36b6219025,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0x65910cc00d15184c,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        0,
        "lattice",
        0x5130a89269bcf368,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        0,
        "octave-1",
        0xfee87dcb9b68558c,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        0,
        "done",
        0x8362e04099324f5e,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        2016,
        "lattice",
        0x5130a89269bcf368,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        2016,
        "octave-1",
        0x79a36a7e05a6aa03,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        2016,
        "done",
        0x490cb88aa1c0d728,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        18446744073709551615,
        "lattice",
        0x5130a89269bcf368,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        18446744073709551615,
        "octave-1",
        0x04e70e152d36edac,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0x5f9a0d6396121305,
    ),
    ("simplex-noise", "ridged", 6, 1, "done", 0x4f140f6a7c022e65),
    (
        "simplex-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0x71e5c9e87a41d9f8,
    ),
    ("simplex-noise", "billow", 6, 1, "done", 0xe1bb921daa9a9ead),
    ("simplex-noise", "warp", 6, 1, "done", 0x401a75591c64e420),
    ("simplex-noise", "damping", 6, 1, "done", 0xa706c76ff1d830ab),
    (
        "simplex-noise",
        "tileable",
        6,
        1,
        "done",
        0xe6578b203d8957d3,
    ),
    (
        "simplex-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0x523e134b0cfd17d8,
    ),
    (
        "simplex-noise",
        "power-terraces",
        6,
        1,
        "done",
        0xa96e903d313f19bd,
    ),
    ("simplex-noise", "linear", 6, 1, "done", 0x35dc87513ea605d5),
    ("simplex-noise", "rough", 6, 1, "done", 0x8de5ba95d2c7b9f8),
    (
        "simplex-noise",
        "defaults",
        6,
        1,
        "done",
        0x35dc87513ea605d5,
    ),
    (
        "simplex-noise",
        "ridged-multifractal",
        6,
        1,
        "done",
        0x953fc58136587a80,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        0,
        "lattice",
        0xde2c1f550bf13a32,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        0,
        "octave-1",
        0x1facbc5f9b48f88d,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        0,
        "done",
        0x98143d8984d39d53,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        2016,
        "lattice",
        0x42387db6a065284d,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        2016,
        "octave-1",
        0x8d18c4b26328fe3b,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        2016,
        "done",
        0x7e313929f2399aef,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        18446744073709551615,
        "lattice",
        0x83135fa9fab92145,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        18446744073709551615,
        "octave-1",
        0x52c0bbf061423e81,
    ),
    (
        "cellular-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0xb10136743eb05f92,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        0,
        "lattice",
        0xf0f366ed1afa8e25,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        0,
        "octave-1",
        0xe673f9405184a373,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        0,
        "done",
        0x7e925d15bd2119a1,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        2016,
        "lattice",
        0x4b0afd0abdde8965,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        2016,
        "octave-1",
        0xdc3b055b9cc93993,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        2016,
        "done",
        0xe899928e2306e29e,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        18446744073709551615,
        "lattice",
        0xc06e8c521fd69665,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        18446744073709551615,
        "octave-1",
        0x9da9e46722e62e0b,
    ),
    (
        "cellular-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0x42091e72362bf43f,
    ),
    ("cellular-noise", "ridged", 6, 1, "done", 0xa343124388a851bf),
    (
        "cellular-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0xc26aeb3cec6a22d3,
    ),
    ("cellular-noise", "billow", 6, 1, "done", 0x4bebb928a5903c5e),
    ("cellular-noise", "warp", 6, 1, "done", 0x51a2944689549f49),
    (
        "cellular-noise",
        "damping",
        6,
        1,
        "done",
        0xf15a5efdfd4328a9,
    ),
    (
        "cellular-noise",
        "tileable",
        6,
        1,
        "done",
        0xb893f4b66ae9bb46,
    ),
    (
        "cellular-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0x848777416cc45f73,
    ),
    (
        "cellular-noise",
        "power-terraces",
        6,
        1,
        "done",
        0x8a43e293c1fe47cc,
    ),
    ("cellular-noise", "linear", 6, 1, "done", 0xf70a3321ff3b8d17),
    ("cellular-noise", "rough", 6, 1, "done", 0xd170a6b937ca330c),
    (
        "cellular-noise",
        "defaults",
        6,
        1,
        "done",
        0xf70a3321ff3b8d17,
    ),
    (
        "cellular-noise",
        "ridged-multifractal",
        6,
        1,
        "done",
        0x076b1eb062c9b6a1,
    ),
];

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn noise_maps_match_the_recorded_fingerprints() {
    let cases = cases();
    assert_eq!(
        RECORDED.len(),
        cases.len(),
        "the table and the cases disagree"
    );
    for (&(name, variant, exponent, seed, stage, expected), &(algorithm, ..)) in
        RECORDED.iter().zip(&cases)
    {
        assert_eq!(name, algorithm.name());
        let stage = stage
            .parse::<Stage>()
            .ok()
            .unwrap_or_else(|| panic!("stage {stage}"));
        assert_eq!(
            compute(algorithm, variant, exponent, seed, stage),
            expected,
            "{name} {variant}, exponent {exponent}, seed {seed}, {stage}"
        );
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "prints a fresh table for RECORDED"]
fn print_table() {
    for (algorithm, variant, exponent, seed, stage) in cases() {
        let hash = compute(algorithm, variant, exponent, seed, stage);
        println!(
            "    (\"{}\", \"{variant}\", {exponent}, {seed}, \"{stage}\", {hash:#018x}),",
            algorithm.name()
        );
    }
}
