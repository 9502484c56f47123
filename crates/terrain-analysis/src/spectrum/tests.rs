//! The known answers: white noise is flat, diamond-square with spread
//! reduction `r` has Hurst exponent `-log2 r`, and fBm with a lower gain is
//! steeper.

use super::*;
use std::f64::consts::PI;
use terrain_core::Field;
use terrain_core::{Algorithm, Stage, ValidParams};

/// The finished map of `algorithm` at `exponent` with `settings` (field,
/// text) on seed `seed`.
fn map(algorithm: Algorithm, exponent: u32, seed: u64, settings: &[(Field, &str)]) -> Heightmap {
    let mut params = ValidParams::new(algorithm)
        .with_exponent(exponent)
        .map(|params| params.with_seed(seed));
    for &(field, text) in settings {
        params = params.and_then(|params| params.with_text(field, text));
    }
    match params.and_then(|params| terrain_core::generate(&params, Stage::Done)) {
        Ok(terrain) => terrain.heightmap,
        Err(error) => panic!("{error:?}"),
    }
}

/// The fitted slope, averaged over a few seeds (one map's slope scatters by
/// about a tenth).
fn mean_slope(maps: impl Fn(u64) -> Heightmap) -> f64 {
    let seeds = [1, 2, 3];
    let sum: f64 = seeds
        .iter()
        .map(|&seed| Spectrum::of(&maps(seed)).slope.unwrap_or(f64::NAN))
        .sum();
    sum / seeds.len() as f64
}

#[test]
fn white_noise_is_flat() {
    let slope = mean_slope(|seed| map(Algorithm::RANDOM_NOISE, 8, seed, &[]));
    assert!(slope.abs() < 0.35, "{slope}");
}

/// What taking the edges' jumps out costs on a map with no structure: a
/// false slope that grows with the map (the module's documentation and
/// README.md quote these).
#[test]
fn the_periodic_component_tilts_white_noise_more_on_bigger_maps() {
    let slope = |exponent| {
        Spectrum::of(&map(Algorithm::RANDOM_NOISE, exponent, 1, &[]))
            .slope
            .map(|slope| format!("{slope:.2}"))
    };
    let slopes = [7, 9, 11].map(slope);
    assert_eq!(
        slopes.each_ref().map(Option::as_deref),
        [Some("-0.10"), Some("-0.13"), Some("-0.52")]
    );
}

/// The picture by its definition, enumerated over the whole plane of
/// components (the workspace keeps half; the other half mirrors it): each
/// pixel the log2 of the mean, over its components, of each one's power
/// against its ring's mean. Once the components of column 0 counted twice.
#[test]
fn the_spectrum_picture_weighs_every_component_once() {
    let map = map(Algorithm::DIAMOND_SQUARE, 7, 7, &[]);
    let picture = Spectrum::of(&map).picture;
    workspace::with(map.last(), |work| {
        work.measure(&map);
        let side = work.side();
        let half = side as i64 / 2;
        let shift = (side / picture.side).trailing_zeros();
        let (mut sums, mut counts) = (vec![0.0; side * side], vec![0u32; side * side]);
        for fx in -half..half {
            for fy in -half..half {
                // (fx, fy), or its mirror (-fx, -fy) in the half kept.
                let (kx, ky) = if fx >= 0 { (fx, fy) } else { (-fx, -fy) };
                let at = kx as usize * side + ky.rem_euclid(side as i64) as usize;
                // The corners, past the last whole ring, have none.
                let ring = work.rings()[at] as usize;
                let mean = work.ring_mean().get(ring).copied().unwrap_or(0.0);
                if (fx, fy) == (0, 0) || mean <= 0.0 {
                    continue;
                }
                let pixel = (((fy + half) as usize) >> shift) * picture.side
                    + (((fx + half) as usize) >> shift);
                sums[pixel] += work.power()[at] / mean;
                counts[pixel] += 1;
            }
        }
        for (pixel, &value) in picture.values.iter().enumerate() {
            let expected = if counts[pixel] == 0 {
                0.0
            } else {
                (sums[pixel] / f64::from(counts[pixel])).log2()
            };
            assert!(
                (value - expected).abs() < 1e-9,
                "pixel {pixel}: {value} against {expected}"
            );
        }
    });
}

#[test]
fn diamond_square_follows_its_hurst_exponent() {
    for (reduction, expected) in [("0.5", -4.0), ("0.7", -3.03)] {
        let slope = mean_slope(|seed| {
            map(
                Algorithm::DIAMOND_SQUARE,
                9,
                seed,
                &[(Field::SPREAD_REDUCTION, reduction)],
            )
        });
        assert!((slope - expected).abs() < 0.4, "r = {reduction}: {slope}");
    }
}

#[test]
fn fbm_with_a_lower_gain_is_steeper() {
    let fbm = |gain: &'static str| {
        move |seed| {
            map(
                Algorithm::PERLIN_NOISE,
                8,
                seed,
                &[(Field::OCTAVES, "6"), (Field::GAIN, gain)],
            )
        }
    };
    let (low, high) = (mean_slope(fbm("0.4")), mean_slope(fbm("0.7")));
    assert!(high - low > 0.5, "gain 0.4: {low}, gain 0.7: {high}");
}

#[test]
fn a_tilted_plane_hardly_leaks_into_the_spectrum() {
    // A plane does not repeat: as one tile of a repeat it is a saw tooth,
    // whose power (about 34 map heights squared here) the periodic
    // component leaves out almost entirely.
    let mut plane = Heightmap::new(6).unwrap_or_default();
    for y in 0..plane.side() {
        for x in 0..plane.side() {
            plane.set(x, y, 0.3 * x as f64 + 0.1 * y as f64);
        }
    }
    let spectrum = Spectrum::of(&plane);
    let leaked: f64 = spectrum.power.iter().sum();
    assert!(leaked < 1e-3, "{:?}", spectrum.power);
}

#[test]
fn one_wave_puts_its_power_at_its_frequency() {
    // Eight cycles across: its power stands out at frequency 8 by far.
    let mut wave = Heightmap::new(6).unwrap_or_default();
    for y in 0..wave.side() {
        for x in 0..wave.side() {
            wave.set(x, y, (2.0 * PI * 8.0 * x as f64 / 64.0).sin());
        }
    }
    let spectrum = Spectrum::of(&wave);
    let at_eight = spectrum.power[7];
    let others = (spectrum.power.iter().enumerate())
        .filter(|&(index, _)| index != 7)
        .map(|(_, &power)| power)
        .fold(0.0, f64::max);
    assert!(at_eight > 3.0 * others, "{:?}", spectrum.power);
    assert_eq!(spectrum.frequencies.len(), 32);
    assert_eq!(fit_band(64), Some((4, 8)));
    assert_eq!(fit_band(16), None);
}

#[test]
#[ignore = "prints the slopes the pages and the report quote"]
fn print_slopes() {
    for seed in [1, 2, 3, 7] {
        let white = Spectrum::of(&map(Algorithm::RANDOM_NOISE, 8, seed, &[])).slope;
        let ds = |r| {
            Spectrum::of(&map(
                Algorithm::DIAMOND_SQUARE,
                9,
                seed,
                &[(Field::SPREAD_REDUCTION, r)],
            ))
            .slope
        };
        let fbm = |gain| {
            Spectrum::of(&map(
                Algorithm::PERLIN_NOISE,
                8,
                seed,
                &[(Field::OCTAVES, "6"), (Field::GAIN, gain)],
            ))
            .slope
        };
        println!(
            "seed {seed}: white {white:?}, ds 0.5 {:?}, ds 0.7 {:?}, fbm 0.4 {:?}, fbm 0.7 {:?}",
            ds("0.5"),
            ds("0.7"),
            fbm("0.4"),
            fbm("0.7")
        );
    }
}

#[test]
#[ignore = "prints what an analysis costs at exponents 9 to 12 (run with --release)"]
fn print_costs() {
    for exponent in 9..=12 {
        let heightmap = map(Algorithm::DIAMOND_SQUARE, exponent, 1, &[]);
        let start = std::time::Instant::now();
        let analysis = crate::analyze(&heightmap, &crate::Options::default());
        println!(
            "exponent {exponent}: {:?} (slope {:?})",
            start.elapsed(),
            analysis.spectrum.slope
        );
    }
}

#[test]
#[ignore = "prints each part's cost (run with --release)"]
fn print_part_costs() {
    let heightmap = map(Algorithm::DIAMOND_SQUARE, 9, 1, &[]);
    let time = |name: &str, work: &dyn Fn()| {
        let fastest = (0..15)
            .map(|_| {
                let start = std::time::Instant::now();
                work();
                start.elapsed()
            })
            .min();
        println!("{name}: {fastest:?}");
    };
    time("spread (moments, histogram)", &|| {
        crate::distribution::spread(heightmap.heights(), 64);
    });
    time("spectrum", &|| {
        Spectrum::of(&heightmap);
    });
    time("power", &|| {
        workspace::with(heightmap.last(), |work| work.measure(&heightmap));
    });
    time("slope", &|| {
        crate::relief::SlopeSummary::of(&heightmap, 1.0);
    });
    time("slope without mean", &|| {
        crate::relief::SlopeSummary::without_mean(&heightmap, 1.0);
    });
    time("roughness", &|| {
        crate::relief::roughness(&heightmap);
    });
    let panel = crate::Options::default().without_mean_slope();
    time("analyze (the panel's)", &|| {
        crate::analyze(&heightmap, &panel);
    });
    time("analyze (everything)", &|| {
        crate::analyze(&heightmap, &crate::Options::default());
    });
}

#[test]
#[ignore = "runs one part (ANALYSIS_PART) ten times, for an instruction count under callgrind"]
fn run_one_part() {
    let heightmap = map(Algorithm::DIAMOND_SQUARE, 9, 1, &[]);
    let part = std::env::var("ANALYSIS_PART").unwrap_or_default();
    let panel = crate::Options::default().without_mean_slope();
    for _ in 0..10 {
        match part.as_str() {
            "spread" => drop(crate::distribution::spread(heightmap.heights(), 64)),
            "spectrum" => drop(Spectrum::of(&heightmap)),
            "power" => workspace::with(heightmap.last(), |work| work.measure(&heightmap)),
            "slope" => drop(crate::relief::SlopeSummary::without_mean(&heightmap, 1.0)),
            "roughness" => drop(crate::relief::roughness(&heightmap)),
            "panel" => drop(crate::analyze(&heightmap, &panel)),
            _ => {}
        }
    }
}
