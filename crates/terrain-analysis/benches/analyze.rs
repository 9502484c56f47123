//! What measuring a map costs natively: [`terrain_analysis::analyze`] on a
//! diamond-square map at exponents 9 and 12, beside generating that map, in
//! one run so the ratio compares like with like; and at exponent 9, each
//! part the Analyze panel computes, beside reading the map once (`floor`). Run it with
//! `cargo bench -p terrain-analysis`; BENCHMARKS.md has the numbers and the
//! browser's (`bench/analysis.mjs`).
//!
//! Criterion is a native-only dev-dependency, so on wasm32 this is an
//! empty program.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::{BenchmarkId, Criterion, SamplingMode};
    use terrain_analysis::relief::{SlopeSummary, roughness};
    use terrain_analysis::{Options, Spectrum, analyze, distribution};
    use terrain_core::{Algorithm, Stage, ValidParams, generate};

    /// The exponents the issue asks about: 513 × 513 (what the Analyze
    /// panel measures whole) and 4097 × 4097 (the largest map).
    const EXPONENTS: [u32; 2] = [9, 12];

    pub fn analysis(criterion: &mut Criterion) {
        let mut group = criterion.benchmark_group("analysis");
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(500));
        for exponent in EXPONENTS {
            group.sample_size(if exponent > 10 { 10 } else { 30 });
            let Ok(params) = ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(exponent)
            else {
                return;
            };
            let Ok(terrain) = generate(&params, Stage::Done) else {
                return;
            };
            let options = Options::default();
            group.bench_with_input(BenchmarkId::new("analyze", exponent), &terrain, |b, t| {
                b.iter(|| analyze(black_box(&t.heightmap), &options));
            });
            group.bench_with_input(BenchmarkId::new("generate", exponent), &params, |b, p| {
                b.iter(|| generate(black_box(p), Stage::Done));
            });
        }
        group.finish();
    }

    /// Each part of the panel's analysis of a 513 x 513 map.
    pub fn parts(criterion: &mut Criterion) {
        let mut group = criterion.benchmark_group("analysis-parts");
        group.warm_up_time(Duration::from_millis(500));
        group.sample_size(30);
        let Ok(params) = ValidParams::new(Algorithm::DIAMOND_SQUARE).with_exponent(9) else {
            return;
        };
        let Ok(terrain) = generate(&params, Stage::Done) else {
            return;
        };
        let map = &terrain.heightmap;
        let panel = Options::default().without_mean_slope();
        group.bench_function("floor", |b| {
            b.iter(|| black_box(map).heights().iter().sum::<f64>());
        });
        group.bench_function("spread", |b| {
            b.iter(|| {
                distribution::spread(black_box(map).heights(), 64)
                    .1
                    .hypsometric()
            });
        });
        group.bench_function("spectrum", |b| b.iter(|| Spectrum::of(black_box(map))));
        group.bench_function("slope", |b| {
            b.iter(|| SlopeSummary::without_mean(black_box(map), 1.0));
        });
        group.bench_function("slope-with-mean", |b| {
            b.iter(|| SlopeSummary::of(black_box(map), 1.0));
        });
        group.bench_function("roughness", |b| b.iter(|| roughness(black_box(map))));
        group.bench_function("panel", |b| b.iter(|| analyze(black_box(map), &panel)));
        group.bench_function("everything", |b| {
            b.iter(|| analyze(black_box(map), &Options::default()));
        });
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::parts, native::analysis);

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
