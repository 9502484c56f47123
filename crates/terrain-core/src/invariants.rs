//! Properties every algorithm must have, checked across all of them.

use proptest::prelude::*;

use crate::{
    Algorithm, Error, Field, Group, Heightmap, MapSettings, Params, PointSet, Stage, Terrain,
    generate,
};

/// Every algorithm that fills its map pass by pass.
fn subdividing() -> impl Iterator<Item = Algorithm> {
    Algorithm::all().filter(|algorithm| algorithm.subdivides())
}

fn params(algorithm: Algorithm, exponent: u32, seed: u64) -> Params {
    Params {
        map: MapSettings::new(exponent, seed),
        ..Params::new(algorithm)
    }
}

fn terrain(params: &Params, stage: Stage) -> Terrain {
    let valid = params.check().unwrap_or_else(|error| panic!("{error}"));
    generate(&valid, stage).unwrap_or_else(|error| panic!("{stage}: {error}"))
}

fn run(params: &Params, stage: Stage) -> Heightmap {
    terrain(params, stage).heightmap
}

/// The stage whose map a stage's step starts from.
fn previous(stage: Stage) -> Option<Stage> {
    match stage {
        Stage::Corners | Stage::Done => None,
        Stage::Droplets(_) | Stage::Slides(_) | Stage::Step(_) => None,
        Stage::Lattice | Stage::Octave(_) => None,
        Stage::Edges | Stage::Square | Stage::Pass(1) => Some(Stage::Corners),
        Stage::Center => Some(Stage::Edges),
        Stage::Diamond => Some(Stage::Square),
        Stage::Pass(pass) => Some(Stage::Pass(pass - 1)),
    }
}

#[test]
fn each_stage_sets_exactly_its_documented_points() {
    for algorithm in subdividing() {
        for exponent in 1..=6 {
            for seed in [0, 7, u64::MAX] {
                let params = params(algorithm, exponent, seed);
                for stage in params.stages() {
                    if stage == Stage::Done {
                        continue;
                    }
                    let after = run(&params, stage);
                    let before = match previous(stage) {
                        Some(earlier) => run(&params, earlier),
                        None => Heightmap::zeroed(exponent),
                    };
                    let side = after.side();
                    let expected = params.new_points(stage);
                    for y in 0..side {
                        for x in 0..side {
                            let changed = after.get(x, y) != before.get(x, y);
                            assert_eq!(
                                changed,
                                expected.contains(x, y),
                                "{algorithm} {stage} exponent {exponent} seed {seed} at ({x}, {y})"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_stage_is_a_prefix_of_the_finished_map() {
    // Coarse points are never touched by finer passes: a point keeps the
    // value it was given until the final normalization.
    for algorithm in subdividing() {
        for exponent in 1..=6 {
            let params = params(algorithm, exponent, 2016);
            let full = run(&params, Stage::Pass(exponent));
            let mut set_so_far = vec![false; full.heights().len()];
            for stage in params.stages() {
                if stage == Stage::Done {
                    continue;
                }
                let terrain = terrain(&params, stage);
                let map = &terrain.heightmap;
                for (x, y) in params.new_points(stage).iter() {
                    set_so_far[map.index(x, y)] = true;
                }
                for (index, &set) in set_so_far.iter().enumerate() {
                    let (x, y) = (index % map.side(), index / map.side());
                    assert_eq!(terrain.is_set(x, y), set, "{algorithm} {stage} ({x}, {y})");
                }
                for (index, (&height, &set)) in map.heights().iter().zip(&set_so_far).enumerate() {
                    let expected = if set { full.heights()[index] } else { 0.0 };
                    assert_eq!(height, expected, "{algorithm} {stage} index {index}");
                }
            }
            assert!(
                set_so_far.iter().all(|&set| set),
                "{algorithm}: some point never set"
            );
        }
    }
}

#[test]
fn done_is_the_last_pass_normalized() {
    for algorithm in subdividing() {
        let mut params = params(algorithm, 6, 31);
        let mut last_pass = run(&params, Stage::Pass(6));
        let done = run(&params, Stage::Done);
        assert_eq!(done.min_max(), (0.0, 1.0), "{algorithm}");
        last_pass.normalize();
        assert_eq!(done, last_pass, "{algorithm}");
        params.map.normalize = false;
        assert_eq!(
            run(&params, Stage::Done),
            run(&params, Stage::Pass(6)),
            "{algorithm}"
        );
    }
}

#[test]
fn same_seed_same_map_and_different_seeds_differ() {
    for algorithm in Algorithm::all() {
        // A 3 x 3 gradient noise map reads its noise only at lattice
        // points, where it is 0: flat whatever the seed.
        let smallest = if algorithm.reads(Group::Noise) { 2 } else { 1 };
        for exponent in [smallest, 4, 9] {
            let first = run(&params(algorithm, exponent, 123), Stage::Done);
            let again = run(&params(algorithm, exponent, 123), Stage::Done);
            let other = run(&params(algorithm, exponent, 124), Stage::Done);
            assert_eq!(first, again, "{algorithm} {exponent}");
            assert_ne!(first, other, "{algorithm} {exponent}");
        }
    }
}

#[test]
fn sizes_follow_the_exponent() {
    for algorithm in Algorithm::all() {
        for exponent in 1..=10 {
            let map = run(&params(algorithm, exponent, 1), Stage::Done);
            let side = (1usize << exponent) + 1;
            assert_eq!((map.exponent(), map.side()), (exponent, side));
            assert_eq!(map.heights().len(), side * side);
        }
    }
}

#[test]
fn exponent_twelve_is_allowed_and_thirteen_is_not() {
    let big = params(Algorithm::DIAMOND_SQUARE, 12, 0);
    assert!(big.check().is_ok());
    let too_big = params(Algorithm::DIAMOND_SQUARE, 13, 0);
    assert!(matches!(
        too_big.check(),
        Err(Error::InvalidParameter { spec, .. }) if spec == Field::EXPONENT.spec()
    ));
}

#[test]
fn zero_spread_interpolates_the_corners_smoothly() {
    // With no jitter, every point is a mean of points set before it, so the
    // map stays within the corners' range.
    for algorithm in subdividing() {
        let mut params = params(algorithm, 5, 77);
        params.subdivision.spread = 0.0;
        let corners = run(&params, Stage::Corners);
        let last = corners.last();
        let values = [(0, 0), (last, 0), (0, last), (last, last)].map(|(x, y)| corners.get(x, y));
        let low = values.iter().copied().fold(f64::INFINITY, f64::min);
        let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (map_low, map_high) = run(&params, Stage::Pass(5)).min_max();
        assert!(
            map_low >= low - 1e-12 && map_high <= high + 1e-12,
            "{algorithm}"
        );
    }
}

#[test]
fn random_noise_has_only_a_done_stage_and_no_normalization() {
    let params = params(Algorithm::RANDOM_NOISE, 5, 3);
    let terrain = terrain(&params, Stage::Done);
    assert_eq!(terrain.new_points, PointSet::Everything { side: 33 });
    let (low, high) = terrain.heightmap.min_max();
    assert!(low >= 0.0 && high < 1.0);
    assert!(generate(&params.check().expect("valid"), Stage::Corners).is_err());
}

#[test]
fn progress_rises_to_one_and_does_not_change_the_map() {
    for algorithm in Algorithm::all() {
        let params = params(algorithm, 7, 5);
        let valid = params.check().expect("valid");
        let mut reports = Vec::new();
        let observed =
            crate::generate_with_progress(&valid, Stage::Done, &mut |share| reports.push(share))
                .expect("valid");
        assert_eq!(observed, terrain(&params, Stage::Done), "{algorithm}");
        assert_eq!(reports.last(), Some(&1.0), "{algorithm} ends at 1");
        assert!(
            reports.windows(2).all(|pair| pair[0] <= pair[1]),
            "{algorithm}: {reports:?}"
        );
        assert!(
            reports.iter().all(|share| (0.0..=1.0).contains(share)),
            "{algorithm}"
        );
        // A map made in more than one step says so along the way (a pass
        // or a view at a time, a noise a band of rows at a time), at least
        // once for each of its stages before `done`.
        let steps = params.generator_stages().len() - 1;
        let along_the_way = reports.iter().filter(|&&share| share < 1.0).count();
        assert!(along_the_way >= steps.min(7), "{algorithm}: {reports:?}");
    }
}

#[test]
fn progress_comes_often_on_a_big_map() {
    // A page that shows progress hears from a huge map at least every
    // sixteenth of the work or so (a noise's band of rows, a recursive
    // view): also within a subdivision's last pass, which sets three
    // quarters of the points, its normalization, and random noise's one
    // sweep.
    for algorithm in Algorithm::all() {
        let valid = params(algorithm, 9, 2).check().expect("valid");
        let mut reports = vec![0.0];
        crate::generate_with_progress(&valid, Stage::Done, &mut |share| reports.push(share))
            .expect("valid");
        let widest = reports
            .windows(2)
            .map(|pair| pair[1] - pair[0])
            .fold(0.0, f64::max);
        assert!(widest < 0.07, "{algorithm}: a step of {widest}");
    }
}

fn any_algorithm() -> impl Strategy<Value = Algorithm> {
    (0..crate::ALL.len()).prop_map(|index| crate::ALL[index])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_valid_input_gives_finite_heights(
        algorithm in any_algorithm(),
        exponent in 1u32..=7,
        spread in 0.0..=crate::params::MAX_SPREAD,
        spread_reduction in 0.0..=crate::params::MAX_SPREAD_REDUCTION,
        seed: u64,
        normalize: bool,
        stage_pick: prop::sample::Index,
    ) {
        let mut params = params(algorithm, exponent, seed);
        params.map.normalize = normalize;
        params.subdivision.spread = spread;
        params.subdivision.spread_reduction = spread_reduction;
        let stages = params.stages();
        let stage = stages[stage_pick.index(stages.len())];
        let terrain = terrain(&params, stage);
        prop_assert!(terrain.heightmap.heights().iter().all(|height| height.is_finite()));
        if stage == Stage::Done && normalize {
            let (low, high) = terrain.heightmap.min_max();
            prop_assert!(low >= 0.0 && high <= 1.0);
        }
    }

    #[test]
    fn the_largest_spreads_stay_finite_on_the_largest_passes(seed: u64) {
        let mut params = params(Algorithm::DIAMOND_SQUARE, 12, seed);
        params.subdivision.spread = crate::params::MAX_SPREAD;
        params.subdivision.spread_reduction = crate::params::MAX_SPREAD_REDUCTION;
        // Pass 2 on exponent 12 is quick and has the largest reductions left
        // to come; bound the final magnitude analytically instead.
        let jitter = params.subdivision;
        let bound: f64 = 1.0 + (0..12).map(|pass| jitter.spread * jitter.spread_reduction.powi(pass)).sum::<f64>();
        prop_assert!(bound.is_finite() && bound < 1e6);
        params.map.exponent = 6;
        let terrain = terrain(&params, Stage::Done);
        prop_assert!(terrain.heightmap.heights().iter().all(|height| height.is_finite()));
    }

    #[test]
    fn invalid_parameters_always_give_the_typed_error(
        algorithm in any_algorithm(),
        exponent in prop_oneof![Just(0u32), 13u32..=u32::MAX],
        seed: u64,
    ) {
        let params = params(algorithm, exponent, seed);
        let refused = matches!(
            params.check(),
            Err(Error::InvalidParameter { spec, .. }) if spec == Field::EXPONENT.spec()
        );
        prop_assert!(refused);
    }

    #[test]
    fn bad_spreads_always_give_the_typed_error(
        spread in prop_oneof![
            Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY),
            -1e308..-1e-308, 5.000_000_1..1e308,
        ],
        reduction_is_bad: bool,
    ) {
        let mut params = Params::new(Algorithm::DIAMOND_SQUARE);
        let field = if reduction_is_bad {
            params.subdivision.spread_reduction = spread;
            Field::SPREAD_REDUCTION
        } else {
            params.subdivision.spread = spread;
            Field::SPREAD
        };
        match params.check() {
            Err(Error::InvalidParameter { spec, .. }) => prop_assert_eq!(spec, field.spec()),
            other => prop_assert!(false, "{:?}", other),
        }
    }
}
