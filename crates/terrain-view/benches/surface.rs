//! Time to turn a finished map into the surface the GPU draws: vertices,
//! normals, colours, triangles and the skirt. This is the part of a redraw
//! after a slider or the scrubber moves that is ours rather than the
//! generator's or the browser's.
//!
//! `cargo bench -p terrain-view --bench surface`. Criterion is a native-only
//! dev-dependency: on wasm32 this is an empty program.
//!
//! Measured on the 2-core Xeon VM (medians), 8-octave Perlin maps. First,
//! when the grid path reserved room for the skirt and the colour ramp
//! stopped calling `round`:
//!
//! | case | before | after |
//! |---|---|---|
//! | `surface/6` (65 × 65, faceted) | 0.25 ms | 0.20 ms |
//! | `surface/9` (513 × 513, point for point) | 21.3 ms | 11.6 ms |
//! | `surface/9-rivers` (with the flow overlay) | 61.4 ms | 52.9 ms |
//! | `surface/10` (1025 × 1025, level of detail) | 102 ms | 83 ms |
//!
//! Then, when colours came from a table, positions and normals were built
//! row by row and the page began drawing such maps from a `grid_surface`
//! (two runs of each build taken in turn; the machine was busier, so
//! compare within a column pair, not with the table above):
//!
//! | case | `190fad3` | now |
//! |---|---|---|
//! | `surface/6` | 1.01 / 0.91 ms | 0.39 / 0.37 ms |
//! | `surface/9` | 21.1 / 24.2 ms | 13.3 / 11.2 ms |
//! | `surface/9-rivers` | 70.5 / 58.9 ms | 50.4 / 44.9 ms |
//! | `surface/10` | 201 / 174 ms | 203 / 190 ms (the same work) |
//! | `surface/9-grid`: what the page builds for `surface/9`'s map | – | 0.75 / 0.75 ms |

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::{BenchmarkId, Criterion, Throughput};
    use terrain_core::{Algorithm, MapSettings, Params, Stage, Terrain};
    use terrain_view::palette::{Look, Water};
    use terrain_view::surface::{build_surface, grid_surface};

    /// An 8-octave Perlin map of `exponent`, finished.
    fn perlin_map(exponent: u32) -> Terrain {
        let mut params = Params {
            map: MapSettings::new(exponent, 7),
            ..Params::new(Algorithm::PERLIN_NOISE)
        };
        params.noise.octaves = 8;
        match params.generate(Stage::Done) {
            Ok(terrain) => terrain,
            Err(error) => panic!("{error}"),
        }
    }

    pub fn surfaces(criterion: &mut Criterion) {
        let mut group = criterion.benchmark_group("surface");
        group.sample_size(20);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_millis(2_000));
        for exponent in [6, 9, 10] {
            let terrain = perlin_map(exponent);
            let side = terrain.heightmap.side() as u64;
            group.throughput(Throughput::Elements(side * side));
            group.bench_with_input(
                BenchmarkId::from_parameter(exponent),
                &terrain,
                |bencher, terrain| {
                    bencher.iter(|| build_surface(black_box(terrain), Look::default()))
                },
            );
        }
        let terrain = perlin_map(9);
        let rivers = Look {
            water: Water::Rivers { wrap: false },
            ..Look::default()
        };
        group.bench_function("9-rivers", |bencher| {
            bencher.iter(|| build_surface(black_box(&terrain), rivers))
        });
        // What the page builds for the same map: the GPU does the rest.
        group.bench_function("9-grid", |bencher| {
            bencher.iter(|| grid_surface(black_box(&terrain), Look::default()))
        });
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::surfaces);

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
