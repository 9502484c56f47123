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
        _ => panic!("no variant {variant}"),
    }
}

const VARIANTS: [&str; 11] = [
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
        0x70491e6bc22e3c1e,
    ),
    (
        "value-noise",
        "defaults",
        3,
        0,
        "octave-1",
        0x2d2a502287633157,
    ),
    ("value-noise", "defaults", 3, 0, "done", 0x2426a1cb0dd7e476),
    (
        "value-noise",
        "defaults",
        3,
        2016,
        "lattice",
        0x390fee5828b90f92,
    ),
    (
        "value-noise",
        "defaults",
        3,
        2016,
        "octave-1",
        0x19f960b331ddd29c,
    ),
    (
        "value-noise",
        "defaults",
        3,
        2016,
        "done",
        0xe9c0f8605331bb83,
    ),
    (
        "value-noise",
        "defaults",
        3,
        18446744073709551615,
        "lattice",
        0x69e89bb4dffef544,
    ),
    (
        "value-noise",
        "defaults",
        3,
        18446744073709551615,
        "octave-1",
        0x5f16960849e430a0,
    ),
    (
        "value-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0xfa6af0cab9d7ef9a,
    ),
    (
        "value-noise",
        "defaults",
        8,
        0,
        "lattice",
        0x2ed201ac6f4b221e,
    ),
    (
        "value-noise",
        "defaults",
        8,
        0,
        "octave-1",
        0x0e13a31fe0cc4a4d,
    ),
    ("value-noise", "defaults", 8, 0, "done", 0x1ecf332256873dfb),
    (
        "value-noise",
        "defaults",
        8,
        2016,
        "lattice",
        0x41eab10ae2048e12,
    ),
    (
        "value-noise",
        "defaults",
        8,
        2016,
        "octave-1",
        0x15f9b2fb27900d1a,
    ),
    (
        "value-noise",
        "defaults",
        8,
        2016,
        "done",
        0x52ddf47ad67c14e6,
    ),
    (
        "value-noise",
        "defaults",
        8,
        18446744073709551615,
        "lattice",
        0x1051b6f2cef713c4,
    ),
    (
        "value-noise",
        "defaults",
        8,
        18446744073709551615,
        "octave-1",
        0xed4e71a642d15d44,
    ),
    (
        "value-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0xb9ea568102cd8a3f,
    ),
    ("value-noise", "ridged", 6, 1, "done", 0xafb38afcb86ed19d),
    (
        "value-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0x1da0a7016533d9b0,
    ),
    ("value-noise", "billow", 6, 1, "done", 0x8d55779c079d7ba9),
    ("value-noise", "warp", 6, 1, "done", 0xbdfccce7d04d082f),
    ("value-noise", "damping", 6, 1, "done", 0x11b3aee7a1f477bf),
    ("value-noise", "tileable", 6, 1, "done", 0x8e34d0db144d86c9),
    (
        "value-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0x772bcbf413c20c2a,
    ),
    (
        "value-noise",
        "power-terraces",
        6,
        1,
        "done",
        0x5618ce0985820398,
    ),
    ("value-noise", "linear", 6, 1, "done", 0x599a4bd18d7c8009),
    ("value-noise", "rough", 6, 1, "done", 0x96bb5e5d30994682),
    ("value-noise", "defaults", 6, 1, "done", 0x9956edf1b0805fc4),
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
        0x80dfdaec675b780e,
    ),
    ("perlin-noise", "defaults", 3, 0, "done", 0xc1e87e1235a104ae),
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
        0x955c1eae85311392,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        2016,
        "done",
        0x63ea16bc2266a096,
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
        0x4c8a64c77860447e,
    ),
    (
        "perlin-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0x245e2fb192137055,
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
        0xc990afd93fe30746,
    ),
    ("perlin-noise", "defaults", 8, 0, "done", 0x1b9e7d8d46875c0d),
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
        0x86fa33c92cfeda53,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        2016,
        "done",
        0x546e5748bed1b1e2,
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
        0xd2770bfc55d3b618,
    ),
    (
        "perlin-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0x32c414579981e060,
    ),
    ("perlin-noise", "ridged", 6, 1, "done", 0x103945b343113ffa),
    (
        "perlin-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0x11e8de2a1fa1ff23,
    ),
    ("perlin-noise", "billow", 6, 1, "done", 0xbb3e3887d7d0d4a1),
    ("perlin-noise", "warp", 6, 1, "done", 0xd2be1d8cf63d0bc1),
    ("perlin-noise", "damping", 6, 1, "done", 0x61f9fa2787cdd209),
    ("perlin-noise", "tileable", 6, 1, "done", 0xdbe44b59b42bd24a),
    (
        "perlin-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0x25ad30d41e3694eb,
    ),
    (
        "perlin-noise",
        "power-terraces",
        6,
        1,
        "done",
        0xdc610028759fca96,
    ),
    ("perlin-noise", "linear", 6, 1, "done", 0xa4e3b5aebc2e9f92),
    ("perlin-noise", "rough", 6, 1, "done", 0x2019a872acf1d1c3),
    ("perlin-noise", "defaults", 6, 1, "done", 0x9025ff047abda435),
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
        0xb30434cd1c5c9f5b,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        0,
        "done",
        0xe0e63f3cca24e147,
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
        0x1de5395e5e5fcf9b,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        2016,
        "done",
        0x35f83d101877e264,
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
        0x85cd9afc1d5d383c,
    ),
    (
        "simplex-noise",
        "defaults",
        3,
        18446744073709551615,
        "done",
        0x7aceed3fba508f4d,
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
        0x933091c2706a9c2d,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        0,
        "done",
        0xf96106d426f3c625,
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
        0xf087683d52b0d7e8,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        2016,
        "done",
        0x849d3d4c2b248e9e,
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
        0x67a2f581b309e90a,
    ),
    (
        "simplex-noise",
        "defaults",
        8,
        18446744073709551615,
        "done",
        0x5bd2f7af7fc7a0a7,
    ),
    ("simplex-noise", "ridged", 6, 1, "done", 0xf8c83b84450a6ba2),
    (
        "simplex-noise",
        "sharp-ridged",
        6,
        1,
        "done",
        0x02370cba75cb7902,
    ),
    ("simplex-noise", "billow", 6, 1, "done", 0xc3b61555dd4780e6),
    ("simplex-noise", "warp", 6, 1, "done", 0xafca534cdf1f251d),
    ("simplex-noise", "damping", 6, 1, "done", 0xd6325ccc0f37a848),
    (
        "simplex-noise",
        "tileable",
        6,
        1,
        "done",
        0x8345aa43a3c23004,
    ),
    (
        "simplex-noise",
        "tileable-warp-damping",
        6,
        1,
        "done",
        0x4309f61cde416d5c,
    ),
    (
        "simplex-noise",
        "power-terraces",
        6,
        1,
        "done",
        0x0255ffdca15a4340,
    ),
    ("simplex-noise", "linear", 6, 1, "done", 0xad913069bc387573),
    ("simplex-noise", "rough", 6, 1, "done", 0x8de5ba95d2c7b9f8),
    (
        "simplex-noise",
        "defaults",
        6,
        1,
        "done",
        0xad913069bc387573,
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
