//! Time per point of the gradient noises (chapter 4), natively.
//!
//! The target case is **8-octave Perlin fBm of a 513 × 513 map**
//! (`perlin-fbm-8/9`); the same at exponents 4 to 12 shows whether the cost
//! per point stays flat. The other groups time one 513 × 513 map of each
//! basis and variant, so a slow path shows up. Throughput is points, so
//! criterion's `elem/s` is points per second.
//!
//! `cargo bench -p terrain-core --bench noise` (about two minutes on 2
//! cores); `cargo bench -p terrain-core --bench noise -- perlin-fbm-8/9`
//! runs the target case alone. Criterion is a native-only dev-dependency:
//! on wasm32 this is an empty program.
//!
//! Measured when the noise landed (2-core Xeon VM, medians):
//!
//! | case | time | per point |
//! |---|---|---|
//! | `perlin-fbm-8/4` (17 × 17) | 26 µs | 91 ns (shuffling 8 lattices dominates) |
//! | `perlin-fbm-8/7` (129 × 129) | 0.41 ms | 25 ns |
//! | `perlin-fbm-8/9` (513 × 513) | 3.41 ms | 13 ns |
//! | `perlin-fbm-8/10` | 10.3 ms | 9.8 ns |
//! | `perlin-fbm-8/12` (4097 × 4097) | 185 ms | 11 ns |
//! | `noise-513/value` | 2.5 ms | 9.5 ns |
//! | `noise-513/perlin-ridged` | 3.7 ms | 14 ns |
//! | `noise-513/perlin-tileable` | 3.4 ms | 13 ns |
//! | `noise-513/perlin-terraced` (power 1.5, 8 terraces) | 8.9 ms | 34 ns |
//! | `noise-513/perlin-damped` | 13.0 ms | 49 ns |
//! | `noise-513/perlin-warped` | 29.6 ms | 112 ns |
//! | `noise-513/simplex` | 30.0 ms | 114 ns |
//!
//! The same 8-octave 513 × 513 Perlin fBm compiled to WebAssembly took
//! about 5.1 ms in Node's V8.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
    use terrain_core::generators::noise::Shape;
    use terrain_core::{Algorithm, Params, Stage, ValidParams, generate};

    /// Any fixed seed: every seed does the same work.
    const SEED: u64 = 7;

    fn points(exponent: u32) -> u64 {
        let side = (1_u64 << exponent) + 1;
        side * side
    }

    /// `params` as `change` leaves them, checked.
    fn with(params: ValidParams, change: impl FnOnce(&mut Params)) -> ValidParams {
        let mut params = params.into_params();
        change(&mut params);
        params.check().unwrap_or_else(|error| panic!("{error}"))
    }

    fn fbm(algorithm: Algorithm, exponent: u32) -> ValidParams {
        with(ValidParams::new(algorithm), |params| {
            params.map.exponent = exponent;
            params.map.seed = SEED;
            params.noise.octaves = 8;
        })
    }

    fn run(params: &ValidParams) {
        if let Err(error) = generate(black_box(params), Stage::Done) {
            panic!("{error}");
        }
    }

    /// 8-octave Perlin fBm, exponents 4 to 12.
    pub fn perlin_by_exponent(criterion: &mut Criterion) {
        let mut group = criterion.benchmark_group("perlin-fbm-8");
        for exponent in 4..=12 {
            let (samples, measurement_ms) = match exponent {
                0..=9 => (30, 2_000),
                10..=11 => (15, 3_000),
                _ => (10, 5_000),
            };
            group.sample_size(samples);
            group.warm_up_time(Duration::from_millis(500));
            group.measurement_time(Duration::from_millis(measurement_ms));
            group.sampling_mode(if exponent >= 10 {
                SamplingMode::Flat
            } else {
                SamplingMode::Auto
            });
            group.throughput(Throughput::Elements(points(exponent)));
            let settings = fbm(Algorithm::PERLIN_NOISE, exponent);
            group.bench_with_input(
                BenchmarkId::from_parameter(exponent),
                &settings,
                |bencher, settings| bencher.iter(|| run(settings)),
            );
        }
        group.finish();
    }

    /// One 513 × 513 map of each basis and variant, 8 octaves.
    pub fn variants(criterion: &mut Criterion) {
        let mut group = criterion.benchmark_group("noise-513");
        group.sample_size(20);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_millis(2_000));
        group.throughput(Throughput::Elements(points(9)));
        let perlin = fbm(Algorithm::PERLIN_NOISE, 9);
        let cases = [
            ("value", fbm(Algorithm::VALUE_NOISE, 9)),
            ("simplex", fbm(Algorithm::SIMPLEX_NOISE, 9)),
            (
                "perlin-ridged",
                with(perlin, |params| {
                    params.noise.shape = Shape::Ridged;
                }),
            ),
            (
                "perlin-tileable",
                with(perlin, |params| {
                    params.noise.tileable = true;
                }),
            ),
            (
                "perlin-terraced",
                with(perlin, |params| {
                    params.noise.power = 1.5;
                    params.noise.terraces = 8;
                }),
            ),
            (
                "perlin-damped",
                with(perlin, |params| {
                    params.noise.damping = 1.0;
                }),
            ),
            (
                "perlin-warped",
                with(perlin, |params| {
                    params.noise.warp = 1.0;
                }),
            ),
        ];
        for (name, settings) in cases {
            group.bench_with_input(
                BenchmarkId::from_parameter(name),
                &settings,
                |bencher, settings| {
                    bencher.iter(|| run(settings));
                },
            );
        }
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::perlin_by_exponent, native::variants);

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
