//! Time per point of every generator, natively, exponents 4 to 12, and of the
//! memory floor they are measured against (`terrain_core::baseline`).
//!
//! Each benchmark's throughput is the map's point count, so criterion prints
//! time per point (as `elem/s`, and `time / points` is ns per point): if a
//! generator's cost is linear in its points, that figure stays flat from
//! exponent 4 to 12. Run it with `cargo bench -p terrain-core` (a few
//! minutes on 2 cores); `cargo bench -p terrain-core -- diamond-square/10`
//! runs one case. BENCHMARKS.md has the latest numbers and the browser
//! benchmark, which compares the same generators compiled to WebAssembly
//! with the original posts' JavaScript.
//!
//! Criterion is a native-only dev-dependency, so on wasm32 (which
//! `cargo clippy --all-targets --target wasm32-unknown-unknown` compiles
//! too) this is an empty program.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::measurement::WallTime;
    use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
    use terrain_core::baseline::streaming_floor;
    use terrain_core::{Algorithm, MapSettings, Params, Stage, generate};

    /// The exponents every generator is timed at: 17 × 17 to 4097 × 4097.
    const EXPONENTS: std::ops::RangeInclusive<u32> = 4..=12;

    /// Any fixed seed: every seed does the same work.
    const SEED: u64 = 7;

    fn points(exponent: u32) -> u64 {
        let side = (1_u64 << exponent) + 1;
        side * side
    }

    /// Small maps take microseconds, so many samples are cheap; a 4097 × 4097
    /// map takes a large fraction of a second, so ten samples in flat mode
    /// (the same number of runs per sample) keep the whole suite to a few
    /// minutes while still giving a median of ten.
    fn configure(group: &mut BenchmarkGroup<'_, WallTime>, exponent: u32) {
        let (samples, warm_up_ms, measurement_ms) = match exponent {
            0..=8 => (30, 300, 1_500),
            9..=10 => (15, 500, 2_500),
            _ => (10, 500, 4_000),
        };
        group.sample_size(samples);
        group.warm_up_time(Duration::from_millis(warm_up_ms));
        group.measurement_time(Duration::from_millis(measurement_ms));
        group.sampling_mode(if exponent >= 9 {
            SamplingMode::Flat
        } else {
            SamplingMode::Auto
        });
        group.throughput(Throughput::Elements(points(exponent)));
    }

    /// One group per algorithm, named as in the JavaScript API, with one
    /// benchmark per exponent: `diamond-square/10` and so on.
    pub fn generators(criterion: &mut Criterion) {
        for algorithm in Algorithm::all() {
            let mut group = criterion.benchmark_group(algorithm.name());
            for exponent in EXPONENTS {
                configure(&mut group, exponent);
                let params = Params {
                    map: MapSettings::new(exponent, SEED),
                    ..Params::new(algorithm)
                }
                .check()
                .unwrap_or_else(|error| panic!("{algorithm} at exponent {exponent}: {error}"));
                group.bench_with_input(
                    BenchmarkId::from_parameter(exponent),
                    &params,
                    |bencher, params| {
                        bencher.iter(|| generate(black_box(params), Stage::Done));
                    },
                );
            }
            group.finish();
        }
    }

    /// The memory floor: write every point, find the range, rescale.
    pub fn floor(criterion: &mut Criterion) {
        let mut group = criterion.benchmark_group("streaming-floor");
        for exponent in EXPONENTS {
            configure(&mut group, exponent);
            group.bench_with_input(
                BenchmarkId::from_parameter(exponent),
                &exponent,
                |bencher, &exponent| {
                    bencher.iter(|| streaming_floor(black_box(exponent)));
                },
            );
        }
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::floor, native::generators);

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
