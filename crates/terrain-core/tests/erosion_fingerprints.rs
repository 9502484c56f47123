//! Erosion gives the same maps, bit for bit, natively and in WebAssembly.
//!
//! Like `cross_platform.rs`: each case's result is reduced to a 64-bit
//! FNV-1a hash of its numbers' bit patterns (`Heightmap::fingerprint` for
//! maps, the same hash over the ledger or a trace's records), recorded
//! natively, and checked natively (`cargo test`) and in headless Chromium
//! (`cargo test -p terrain-core --target wasm32-unknown-unknown --test
//! erosion_fingerprints`). A failure on one side only means the platforms
//! disagree; on both, that an erosion method's output changed, which needs a
//! note in the changelog. To print a new table:
//! `cargo test -p terrain-core --test erosion_fingerprints -- --ignored --nocapture`.

use terrain_core::erosion::Weathering;
use terrain_core::erosion::droplets::{self, DropletRun, DropletSettings};
use terrain_core::erosion::flow::{self, Routing};
use terrain_core::erosion::thermal::{ThermalRun, ThermalSettings};
use terrain_core::{Algorithm, Heightmap, MapSettings, Params, Stage, generate};

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// (case, fingerprint)
const RECORDED: &[(&str, u64)] = &[
    ("droplets 1", 0x402e4c6832451233),
    ("droplets 1 ledger", 0x81d23fd7003c2305),
    ("droplets 1000", 0x890c282a1329ea05),
    ("droplets 1000 ledger", 0x912763f02f70c8ae),
    ("droplets wrapped", 0xdef24ebabdcef667),
    ("droplets wrapped ledger", 0x498c77e8ec70fa5a),
    ("droplets unusual", 0xc3c3571ce127d554),
    ("droplets tiny, wrap false", 0xb2d1dae7f4c6853a),
    ("droplets tiny, wrap true", 0xe115df9c0d166c0f),
    ("droplets tiled, wrap false", 0xd4e1f00143feba95),
    ("droplets tiled, wrap false, ledger", 0x75481929d6c7e88c),
    ("droplets tiled, wrap true", 0x31cb1d3483bf8123),
    ("droplets tiled, wrap true, ledger", 0x6217cd9a9df521da),
    ("trace", 0xc616b22423e04b01),
    ("thermal", 0x5602aa6c37115f84),
    ("thermal wrapped", 0x9e6c645bb891c6ba),
    ("gradient", 0x9e4afe323c49c80b),
    ("gradient wrapped", 0x4b22e423b65cbf76),
    ("flow steepest", 0xa4b3c16950d380dd),
    ("flow proportional", 0x863330629178021b),
    ("flow proportional wrapped", 0xf47ab1e987dd5892),
];

fn map(algorithm: Algorithm, exponent: u32, seed: u64) -> Heightmap {
    let params = Params {
        map: MapSettings::new(exponent, seed),
        ..Params::new(algorithm)
    };
    let params = params.check().unwrap_or_else(|error| panic!("{error}"));
    generate(&params, Stage::Done)
        .unwrap_or_else(|error| panic!("{error}"))
        .heightmap
}

/// FNV-1a over the bit patterns of `values`, as `Heightmap::fingerprint`.
fn hash(values: impl IntoIterator<Item = f64>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in values
        .into_iter()
        .flat_map(|value| value.to_bits().to_le_bytes())
    {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn ledger_hash(ledger: droplets::Ledger) -> u64 {
    hash([ledger.eroded, ledger.deposited, ledger.carried])
}

fn eroded(map: &Heightmap, settings: DropletSettings) -> droplets::Erosion {
    DropletRun::erode(map, &settings, &mut |_| {}).unwrap_or_else(|error| panic!("{error}"))
}

/// Every case, named, with its fingerprint computed now.
fn cases() -> Vec<(String, u64)> {
    let plain = map(Algorithm::DIAMOND_SQUARE, 6, 1);
    let tileable = map(Algorithm::TILEABLE_DIAMOND_SQUARE, 6, 2);
    let tiny = map(Algorithm::DIAMOND_SQUARE, 1, 3);
    let defaults = DropletSettings::default();
    let mut cases = Vec::new();

    for droplets in [1, 1000] {
        let erosion = eroded(
            &plain,
            DropletSettings {
                droplets,
                seed: 7,
                ..defaults
            },
        );
        cases.push((
            format!("droplets {droplets}"),
            erosion.heightmap.fingerprint(),
        ));
        cases.push((
            format!("droplets {droplets} ledger"),
            ledger_hash(erosion.ledger),
        ));
    }
    let wrapped = eroded(
        &tileable,
        DropletSettings {
            droplets: 1000,
            seed: 7,
            wrap: true,
            ..defaults
        },
    );
    cases.push(("droplets wrapped".into(), wrapped.heightmap.fingerprint()));
    cases.push((
        "droplets wrapped ledger".into(),
        ledger_hash(wrapped.ledger),
    ));
    let unusual = eroded(
        &plain,
        DropletSettings {
            droplets: 300,
            seed: u64::MAX,
            inertia: 0.6,
            capacity: 10.0,
            min_capacity: 0.0,
            erode_speed: 0.9,
            deposit_speed: 0.05,
            evaporate_speed: 0.001,
            radius: 1,
            gravity: 30.0,
            lifetime: 200,
            ..defaults
        },
    );
    cases.push(("droplets unusual".into(), unusual.heightmap.fingerprint()));
    for wrap in [false, true] {
        let erosion = eroded(
            &tiny,
            DropletSettings {
                droplets: 100,
                radius: 8,
                wrap,
                ..defaults
            },
        );
        cases.push((
            format!("droplets tiny, wrap {wrap}"),
            erosion.heightmap.fingerprint(),
        ));
    }
    // Maps wide enough for the tiled schedule (8 tiles a side with a
    // lifetime of 12), over five growing rounds and part of a sixth: the
    // order many workers share.
    for (wrap, algorithm, seed) in [
        (false, Algorithm::DIAMOND_SQUARE, 1),
        (true, Algorithm::TILEABLE_DIAMOND_SQUARE, 2),
    ] {
        let erosion = eroded(
            &map(algorithm, 8, seed),
            DropletSettings {
                droplets: 2500,
                seed: 7,
                lifetime: 12,
                wrap,
                ..defaults
            },
        );
        cases.push((
            format!("droplets tiled, wrap {wrap}"),
            erosion.heightmap.fingerprint(),
        ));
        cases.push((
            format!("droplets tiled, wrap {wrap}, ledger"),
            ledger_hash(erosion.ledger),
        ));
    }
    let traced = droplets::trace(&plain, &defaults, 12).unwrap_or_else(|error| panic!("{error}"));
    cases.push((
        "trace".into(),
        hash(traced.steps.iter().flat_map(|step| {
            [
                step.start.x,
                step.start.y,
                step.start.speed,
                step.start.water,
                step.start.sediment,
                step.height,
                step.direction[0],
                step.direction[1],
                step.drop,
                step.capacity,
                step.eroded,
                step.deposited,
            ]
        })),
    ));

    for (name, source, settings) in [
        (
            "thermal",
            &plain,
            ThermalSettings {
                iterations: 10,
                ..ThermalSettings::default()
            },
        ),
        (
            "thermal wrapped",
            &tileable,
            ThermalSettings {
                talus: 1.0,
                rate: 0.8,
                iterations: 10,
                wrap: true,
            },
        ),
    ] {
        let after = ThermalRun::erode(source, &settings, &mut |_| {})
            .unwrap_or_else(|error| panic!("{error}"));
        cases.push((name.into(), after.heightmap.fingerprint()));
    }

    for (name, source, wrap) in [
        ("gradient", &plain, false),
        ("gradient wrapped", &tileable, true),
    ] {
        let slope = flow::gradient(source, wrap).unwrap_or_else(|error| panic!("{error}"));
        cases.push((name.into(), hash(slope.x.into_iter().chain(slope.y))));
    }
    for (name, routing, source, wrap) in [
        ("flow steepest", Routing::Steepest, &plain, false),
        ("flow proportional", Routing::Proportional, &plain, false),
        (
            "flow proportional wrapped",
            Routing::Proportional,
            &tileable,
            true,
        ),
    ] {
        let water =
            flow::accumulate(source, routing, wrap).unwrap_or_else(|error| panic!("{error}"));
        cases.push((name.into(), hash(water)));
    }
    cases
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn erosion_matches_the_recorded_fingerprints() {
    let cases = cases();
    assert_eq!(
        RECORDED.len(),
        cases.len(),
        "the table and the cases disagree"
    );
    for (&(name, expected), (case, actual)) in RECORDED.iter().zip(&cases) {
        assert_eq!(name, case);
        assert_eq!(*actual, expected, "{name}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "prints a fresh table for RECORDED"]
fn print_table() {
    for (name, hash) in cases() {
        println!("    (\"{name}\", {hash:#018x}),");
    }
}
