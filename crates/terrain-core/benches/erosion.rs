//! Erosion's cost, natively, on a 513 x 513 diamond-square map.
//!
//! - `droplets/N`: N droplets with the default settings; throughput is
//!   droplets, so criterion prints droplets per second. The chapter's
//!   target is 100 000 droplets in under half a second in a browser.
//! - `droplets-lifetime/L` and `droplets-radius/R`: 10 000 droplets with
//!   one setting changed, to show how the cost grows with it (throughput is
//!   still droplets).
//! - `thermal/10`: ten thermal iterations (throughput: points times
//!   iterations).
//! - `flow/steepest`, `flow/proportional`, `flow/gradient`: the measures
//!   of flow (throughput: points).
//!
//! Run with `cargo bench -p terrain-core --bench erosion` (about two
//! minutes on 2 cores); `-- droplets/100000` runs one case.
//!
//! Criterion is a native-only dev-dependency, so on wasm32 this is an empty
//! program.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::measurement::WallTime;
    use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};
    use terrain_core::erosion::Weathering;
    use terrain_core::erosion::droplets::{DropletRun, DropletSettings};
    use terrain_core::erosion::flow::{self, Routing};
    use terrain_core::erosion::thermal::{ThermalRun, ThermalSettings};
    use terrain_core::{Algorithm, Heightmap, MapSettings, Params, Stage, generate};

    /// 513 x 513, the chapter's demo size.
    const EXPONENT: u32 = 9;

    fn map() -> Heightmap {
        let params = Params {
            map: MapSettings::new(EXPONENT, 7),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        let params = params.check().unwrap_or_else(|error| panic!("{error}"));
        match generate(&params, Stage::Done) {
            Ok(terrain) => terrain.heightmap,
            Err(error) => panic!("{error}"),
        }
    }

    /// Runs take from about a millisecond to a fraction of a second; ten
    /// samples of flat sampling keep the long ones to a few seconds each.
    fn configure(group: &mut BenchmarkGroup<'_, WallTime>) {
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.sampling_mode(SamplingMode::Flat);
    }

    fn bench_droplets(
        group: &mut BenchmarkGroup<'_, WallTime>,
        map: &Heightmap,
        id: impl std::fmt::Display,
        settings: DropletSettings,
    ) {
        if let Err(error) = settings.validate() {
            panic!("{error}");
        }
        group.throughput(Throughput::Elements(u64::from(settings.droplets)));
        group.bench_with_input(
            BenchmarkId::from_parameter(id),
            &settings,
            |bencher, settings| {
                bencher.iter(|| DropletRun::erode(black_box(map), settings, &mut |_| {}));
            },
        );
    }

    pub fn droplets(criterion: &mut Criterion) {
        let map = map();
        let mut group = criterion.benchmark_group("droplets");
        configure(&mut group);
        for count in [1_000, 10_000, 100_000] {
            let settings = DropletSettings {
                droplets: count,
                ..DropletSettings::default()
            };
            bench_droplets(&mut group, &map, count, settings);
        }
        group.finish();

        let mut group = criterion.benchmark_group("droplets-lifetime");
        configure(&mut group);
        for lifetime in [10, 30, 100, 300] {
            let settings = DropletSettings {
                droplets: 10_000,
                lifetime,
                ..DropletSettings::default()
            };
            bench_droplets(&mut group, &map, lifetime, settings);
        }
        group.finish();

        let mut group = criterion.benchmark_group("droplets-radius");
        configure(&mut group);
        for radius in [1, 2, 3, 4, 6, 8] {
            let settings = DropletSettings {
                droplets: 10_000,
                radius,
                ..DropletSettings::default()
            };
            bench_droplets(&mut group, &map, radius, settings);
        }
        group.finish();
    }

    pub fn slides_and_flow(criterion: &mut Criterion) {
        let map = map();
        let points = map.heights().len() as u64;

        let mut group = criterion.benchmark_group("thermal");
        configure(&mut group);
        let settings = ThermalSettings {
            iterations: 10,
            ..ThermalSettings::default()
        };
        group.throughput(Throughput::Elements(points * 10));
        group.bench_function(BenchmarkId::from_parameter(10), |bencher| {
            bencher.iter(|| ThermalRun::erode(black_box(&map), &settings, &mut |_| {}));
        });
        group.finish();

        let mut group = criterion.benchmark_group("flow");
        configure(&mut group);
        group.throughput(Throughput::Elements(points));
        for (name, routing) in [
            ("steepest", Routing::Steepest),
            ("proportional", Routing::Proportional),
        ] {
            group.bench_function(BenchmarkId::from_parameter(name), |bencher| {
                bencher.iter(|| flow::accumulate(black_box(&map), routing, false));
            });
        }
        group.bench_function(BenchmarkId::from_parameter("gradient"), |bencher| {
            bencher.iter(|| flow::gradient(black_box(&map), false));
        });
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::droplets, native::slides_and_flow);

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
