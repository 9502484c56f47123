//! Every input of a demo, natively: what it changes, what it asks the shell
//! to do, what the demo then shows.

use terrain_core::{
    Algorithm, Field, Heightmap, MapSettings, Params, Stage, ValidParams, generate,
};

use super::*;
use crate::graphics::Graphics;
use crate::palette::Water;
use crate::protocol::{self, Job, Request, Source as ImageSource};
use crate::settings::{Controls, DemoConfig, Display, Setting, View};

fn environment() -> Environment {
    Environment {
        location: "https://example.org/playground.html".to_owned(),
        seed: 1234,
        graphics: Graphics::Ready,
    }
}

fn config(algorithm: Algorithm, exponent: u32, controls: Controls) -> DemoConfig {
    DemoConfig {
        params: Params {
            map: MapSettings::new(exponent, 7),
            ..Params::new(algorithm)
        }
        .check()
        .expect("valid"),
        stage: Stage::Done,
        display: Display {
            controls,
            ..Display::default()
        },
        seed_given: true,
    }
}

/// `config` with its parameters as `change` leaves them.
fn changed(config: &mut DemoConfig, change: impl FnOnce(&mut Params)) {
    let mut params = *config.params;
    change(&mut params);
    config.params = params.check().expect("valid");
}

/// Carries out the jobs a demo asked to run on the page, as the page does,
/// and returns every effect seen on the way (offloaded jobs stay asked).
fn settle(demo: &mut Demo, effects: Vec<Effect>) -> Vec<Effect> {
    let mut seen = Vec::new();
    let mut pending = effects;
    while !pending.is_empty() {
        let mut next = Vec::new();
        for effect in pending {
            if let Effect::Submit {
                job,
                request,
                offload: false,
            } = &effect
            {
                let reply = protocol::run(request.clone(), &mut |_, _| {});
                next.extend(demo.handle(Input::Job { job: *job, reply }));
            }
            seen.push(effect);
        }
        pending = next;
    }
    seen
}

fn mounted(config: DemoConfig) -> (Demo, Vec<Effect>) {
    let (mut demo, effects) = Demo::new(config, Vec::new(), environment());
    let seen = settle(&mut demo, effects);
    (demo, seen)
}

fn handle(demo: &mut Demo, input: Input) -> Vec<Effect> {
    let effects = demo.handle(input);
    settle(demo, effects)
}

fn edit(demo: &mut Demo, field: Field, text: &str) -> Vec<Effect> {
    handle(
        demo,
        Input::Edited {
            key: Key::Param(field),
            text: text.to_owned(),
        },
    )
}

fn map_of(params: &ValidParams, stage: Stage) -> Heightmap {
    generate(params, stage).expect("valid").heightmap
}

fn field(presentation: &Presentation, key: Key) -> &FieldShown {
    presentation
        .controls
        .as_ref()
        .and_then(|controls| controls.fields.iter().find(|shown| shown.key == key))
        .expect("the control is shown")
}

fn offloaded(effects: &[Effect]) -> Vec<(JobId, Request)> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Submit {
                job,
                request,
                offload: true,
            } => Some((*job, request.clone())),
            _ => None,
        })
        .collect()
}

fn redraws(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|effect| matches!(effect, Effect::Redraw { .. }))
}

#[test]
fn a_mounted_demo_shows_the_map_its_settings_make() {
    let (demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::None));
    let expected = map_of(&demo.config().params, Stage::Done);
    assert_eq!(demo.terrain().heightmap, expected);
    assert!(redraws(&effects));
    let shown = demo.presentation();
    assert_eq!(shown.seed, "7");
    assert_eq!(shown.caption, "Finished and normalized");
    assert!(shown.status.is_none() && shown.progress.is_none() && shown.controls.is_none());
}

#[test]
fn a_demo_with_no_seed_takes_the_pages_fresh_one() {
    let mut given = config(Algorithm::MIDPOINT_DISPLACEMENT, 4, Controls::None);
    given.seed_given = false;
    let (demo, _) = mounted(given);
    assert_eq!(demo.seed(), 1234);
}

#[test]
fn settings_that_could_not_be_used_become_one_notice() {
    let (demo, _) = Demo::new(
        config(Algorithm::DIAMOND_SQUARE, 3, Controls::None),
        vec!["data-exponent must be…".into(), "data-view must be…".into()],
        environment(),
    );
    assert_eq!(
        demo.presentation().notice.as_deref(),
        Some(
            "Not all of this demo's settings are used as given (where a value is refused, the \
             default stands): data-exponent must be…; data-view must be…."
        )
    );
}

#[test]
fn a_huge_map_goes_to_the_worker_with_a_progress_bar() {
    let (demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 11, Controls::None));
    let jobs = offloaded(&effects);
    assert_eq!(jobs.len(), 1);
    assert!(
        jobs[0].1.mesh,
        "the worker builds the surface of a huge map"
    );
    assert!(demo.is_waiting());
    let (_, words) = demo.presentation().progress.expect("a progress bar");
    assert_eq!(words, "Waiting to start: 2049 × 2049 points, 0%");
}

#[test]
fn an_edited_number_makes_a_new_map() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    let effects = edit(&mut demo, Field::EXPONENT, "6");
    assert!(redraws(&effects));
    assert_eq!(demo.terrain().heightmap.side(), 65);
    assert_eq!(
        field(&demo.presentation(), Key::Param(Field::EXPONENT)).text,
        "6"
    );
}

#[test]
fn a_bad_value_is_refused_by_name_and_the_last_map_stays() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    let before = demo.terrain().clone();
    for (text, message) in [
        ("40", "Exponent must be a whole number from 1 to 12; got 40"),
        ("0", "Exponent must be a whole number from 1 to 12; got 0"),
        (
            "abc",
            "Exponent must be a whole number from 1 to 12; got \"abc\"",
        ),
        (" ", "Exponent is empty; enter a whole number from 1 to 12"),
    ] {
        let effects = edit(&mut demo, Field::EXPONENT, text);
        assert!(effects.is_empty(), "{text:?}: {effects:?}");
        assert_eq!(demo.terrain(), &before);
        let shown = field(&demo.presentation(), Key::Param(Field::EXPONENT)).clone();
        assert_eq!(shown.text, text, "the field keeps what was typed");
        assert_eq!(shown.error.as_deref(), Some(message));
    }
}

#[test]
fn typing_that_means_the_same_value_is_left_as_typed() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    let effects = edit(&mut demo, Field::SPREAD, "0.30");
    assert!(effects.is_empty(), "0.30 is the spread already");
    let shown = field(&demo.presentation(), Key::Param(Field::SPREAD)).clone();
    assert_eq!((shown.text.as_str(), shown.error), ("0.30", None));
}

#[test]
fn a_new_map_from_elsewhere_clears_a_refused_fields_error() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    edit(&mut demo, Field::SPREAD, "-1");
    assert!(
        field(&demo.presentation(), Key::Param(Field::SPREAD))
            .error
            .is_some()
    );
    edit(&mut demo, Field::SEED, "99");
    let shown = field(&demo.presentation(), Key::Param(Field::SPREAD)).clone();
    assert_eq!((shown.text.as_str(), shown.error), ("0.3", None));
}

#[test]
fn a_map_that_lands_while_a_refused_field_is_typed_in_leaves_it_be() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    // A new seed's map is asked for, and the spread refused before it lands.
    let asked = demo.handle(Input::Edited {
        key: Key::Param(Field::SEED),
        text: "99".into(),
    });
    edit(&mut demo, Field::SPREAD, "abc");
    let before = demo.terrain().heightmap.heights().to_vec();
    settle(&mut demo, asked);
    assert_ne!(
        demo.terrain().heightmap.heights(),
        before,
        "seed 99's map landed"
    );
    let shown = field(&demo.presentation(), Key::Param(Field::SPREAD)).clone();
    assert_eq!(shown.text, "abc", "what the reader typed is not rewritten");
    assert!(shown.error.is_some_and(|error| error.contains("abc")));
    // Refresh is the reader's own change: the refusal goes with it.
    handle(&mut demo, Input::Refresh(5));
    let shown = field(&demo.presentation(), Key::Param(Field::SPREAD)).clone();
    assert_eq!((shown.text.as_str(), shown.error), ("0.3", None));
}

#[test]
fn a_pass_that_no_longer_exists_falls_back_to_done() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    handle(&mut demo, Input::Scrubbed(7));
    assert_eq!(demo.config().stage, Stage::Pass(5));
    edit(&mut demo, Field::EXPONENT, "3");
    assert_eq!(demo.config().stage, Stage::Done);
    assert_eq!(demo.terrain().stage, Stage::Done);
}

#[test]
fn a_new_algorithm_takes_its_own_defaults_but_keeps_chosen_values() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Full));
    edit(
        &mut demo,
        Field::ALGORITHM,
        "recursive-midpoint-displacement",
    );
    let params = demo.config().params;
    assert_eq!(
        (
            params.subdivision.spread,
            params.subdivision.spread_reduction
        ),
        (0.3, 0.55)
    );
    edit(&mut demo, Field::SPREAD_REDUCTION, "0.7");
    edit(&mut demo, Field::ALGORITHM, "midpoint-displacement");
    let params = demo.config().params;
    assert_eq!(params.algorithm, Algorithm::MIDPOINT_DISPLACEMENT);
    assert_eq!(
        params.subdivision.spread_reduction, 0.7,
        "a chosen value stays"
    );
    assert_eq!((params.map.exponent, params.map.seed), (5, 7));
    let before = demo.config().params;
    edit(&mut demo, Field::ALGORITHM, "plasma");
    assert_eq!(
        demo.config().params,
        before,
        "no such algorithm changes nothing"
    );
}

#[test]
fn a_relief_left_as_the_algorithms_own_follows_a_new_algorithm() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Full));
    assert_eq!(demo.config().display.relief, 1.0);
    edit(&mut demo, Field::ALGORITHM, "perlin-noise");
    assert_eq!(demo.config().display.relief, 0.5, "the noise's own");
    edit(&mut demo, Field::ALGORITHM, "midpoint-displacement");
    assert_eq!(demo.config().display.relief, 1.0, "the posts' own again");
    let relief = Key::Display(Setting::Relief);
    let text = "0.8".to_owned();
    handle(&mut demo, Input::Edited { key: relief, text });
    edit(&mut demo, Field::ALGORITHM, "cellular-noise");
    assert_eq!(demo.config().display.relief, 0.8, "a chosen relief stays");
    // Chosen as another algorithm's own, it stays chosen both ways round.
    let text = "1".to_owned();
    handle(&mut demo, Input::Edited { key: relief, text });
    edit(&mut demo, Field::ALGORITHM, "diamond-square");
    edit(&mut demo, Field::ALGORITHM, "perlin-noise");
    assert_eq!(
        demo.config().display.relief,
        1.0,
        "the posts' relief, chosen"
    );
}

#[test]
fn the_stage_falls_back_when_the_new_algorithm_lacks_it() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    handle(&mut demo, Input::Scrubbed(1));
    assert_eq!(demo.config().stage, Stage::Square);
    edit(&mut demo, Field::ALGORITHM, "midpoint-displacement");
    assert_eq!(demo.config().stage, Stage::Done);
}

#[test]
fn a_new_palette_redraws_without_a_new_map() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Full));
    let effects = handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::Palette),
            text: "bands".into(),
        },
    );
    assert_eq!(effects, [Effect::Redraw { rebuild: true }]);
    assert_eq!(demo.palette(), Palette::Bands);
}

#[test]
fn new_colours_for_a_worker_built_surface_ask_the_worker_again() {
    let (mut demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 10, Controls::Full));
    let (job, request) = offloaded(&effects).remove(0);
    let reply = protocol::run(request, &mut |_, _| {});
    handle(&mut demo, Input::Job { job, reply });
    assert!(demo.surface().is_some());
    let effects = handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::Palette),
            text: "greyscale".into(),
        },
    );
    let jobs = offloaded(&effects);
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].1.look.palette, Palette::Greyscale);
    assert!(matches!(jobs[0].1.job, Job::Generate { .. }));
}

#[test]
fn tiling_the_view_moves_the_camera_back() {
    let (mut demo, _) = mounted(config(
        Algorithm::TILEABLE_DIAMOND_SQUARE,
        5,
        Controls::Full,
    ));
    let near = demo.orbit().distance;
    handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::View),
            text: "tiled".into(),
        },
    );
    assert_eq!(demo.config().display.view, View::Tiles);
    assert!(demo.orbit().distance > near);
}

#[test]
fn a_bad_display_value_is_refused_by_its_control() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Full));
    let effects = handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::View),
            text: "sideways".into(),
        },
    );
    assert!(effects.is_empty());
    assert_eq!(
        field(&demo.presentation(), Key::Display(Setting::View))
            .error
            .as_deref(),
        Some("View must be one of 3d, 2d, tiled, tiled-2d, difference; got \"sideways\"")
    );
}

#[test]
fn arrow_keys_step_numbers_within_their_range() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 11, Controls::Compact));
    let step = |demo: &mut Demo, field: Field, direction: f64| {
        handle(
            demo,
            Input::Stepped {
                key: Key::Param(field),
                direction,
            },
        )
    };
    step(&mut demo, Field::EXPONENT, 1.0);
    assert_eq!(demo.config().params.map.exponent, 12);
    step(&mut demo, Field::EXPONENT, 1.0);
    assert_eq!(demo.config().params.map.exponent, 12, "12 is the most");
    step(&mut demo, Field::SPREAD, 1.0);
    assert_eq!(demo.config().params.subdivision.spread, 0.35);
    step(&mut demo, Field::SEED, -1.0);
    assert_eq!(demo.config().params.map.seed, 6);
}

#[test]
fn arrow_keys_leave_a_field_of_refused_text_alone() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 5, Controls::Compact));
    edit(&mut demo, Field::SPREAD, "abc");
    let effects = handle(
        &mut demo,
        Input::Stepped {
            key: Key::Param(Field::SPREAD),
            direction: 1.0,
        },
    );
    assert!(effects.is_empty());
    assert_eq!(demo.config().params.subdivision.spread, 0.3);
}

#[test]
fn the_scrubber_shows_each_stage_and_ignores_positions_past_the_end() {
    let (mut demo, _) = mounted(config(
        Algorithm::MIDPOINT_DISPLACEMENT,
        3,
        Controls::Compact,
    ));
    handle(&mut demo, Input::Scrubbed(1));
    assert_eq!(demo.terrain().stage, Stage::Edges);
    let params = demo.config().params;
    assert_eq!(demo.terrain().heightmap, map_of(&params, Stage::Edges));
    let scrubber = demo.presentation().controls.expect("controls").scrubber;
    assert_eq!((scrubber.position, scrubber.last), (1, 6));
    assert_eq!(scrubber.name, "Edge midpoints set");
    assert!(handle(&mut demo, Input::Scrubbed(99)).is_empty());
    assert_eq!(demo.config().stage, Stage::Edges);
}

#[test]
fn play_steps_through_every_stage_and_stops_at_the_end() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 2, Controls::Compact));
    // From the end, play starts over.
    let effects = handle(&mut demo, Input::PlayPressed);
    assert_eq!(demo.config().stage, Stage::Corners);
    let mut tick = effects.into_iter().find_map(|effect| match effect {
        Effect::Schedule {
            delay: Delay::PlayStep,
            input,
        } => Some(input),
        _ => None,
    });
    let mut seen = vec![demo.config().stage];
    while let Some(input) = tick.take() {
        let effects = handle(&mut demo, input);
        seen.push(demo.config().stage);
        tick = effects.into_iter().find_map(|effect| match effect {
            Effect::Schedule { input, .. } => Some(input),
            _ => None,
        });
    }
    assert_eq!(seen, demo.config().params.stages());
    assert!(
        !demo
            .presentation()
            .controls
            .expect("controls")
            .scrubber
            .playing
    );
}

#[test]
fn a_tick_from_before_a_pause_does_nothing() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 3, Controls::Compact));
    handle(&mut demo, Input::Scrubbed(0));
    handle(&mut demo, Input::PlayPressed);
    handle(&mut demo, Input::PlayPressed);
    assert!(handle(&mut demo, Input::Tick(1)).is_empty());
    assert_eq!(demo.config().stage, Stage::Corners);
    handle(&mut demo, Input::PlayPressed);
    assert!(handle(&mut demo, Input::Tick(1)).is_empty(), "an old round");
    handle(&mut demo, Input::Tick(2));
    assert_eq!(demo.config().stage, Stage::Square);
}

#[test]
fn refresh_takes_the_new_seed_and_shares_it() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::None));
    let effects = handle(&mut demo, Input::Refresh(42));
    assert!(effects.contains(&Effect::ShareSeed(42)));
    assert_eq!(demo.seed(), 42);
    let params = demo.config().params;
    assert_eq!(demo.terrain().heightmap, map_of(&params, Stage::Done));
    assert_eq!(demo.presentation().seed, "42");
}

#[test]
fn a_typed_seed_is_shared_as_a_refreshed_one_is() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Compact));
    let effects = edit(&mut demo, Field::SEED, "99");
    assert!(effects.contains(&Effect::ShareSeed(99)), "{effects:?}");
    let effects = edit(&mut demo, Field::SPREAD, "0.25");
    assert!(
        !effects
            .iter()
            .any(|effect| matches!(effect, Effect::ShareSeed(_))),
        "another setting keeps the seed to itself"
    );
}

#[test]
fn a_shared_seed_is_taken_without_sharing_it_on() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::None));
    assert!(
        handle(&mut demo, Input::SeedShared(7)).is_empty(),
        "the same seed"
    );
    let effects = handle(&mut demo, Input::SeedShared(8));
    assert_eq!(demo.seed(), 8);
    assert!(
        !effects
            .iter()
            .any(|effect| matches!(effect, Effect::ShareSeed(_)))
    );
}

#[test]
fn a_job_answered_after_a_newer_request_is_dropped() {
    let (mut demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 10, Controls::Compact));
    let (first, first_request) = offloaded(&effects).remove(0);
    let effects = edit(&mut demo, Field::SEED, "8");
    assert!(effects.contains(&Effect::Cancel(first)), "{effects:?}");
    let (second, second_request) = offloaded(&effects).remove(0);
    assert_ne!(first, second);
    // The first answer arrives late: nobody waits for it.
    let stale = protocol::run(first_request, &mut |_, _| {});
    assert!(
        handle(
            &mut demo,
            Input::Job {
                job: first,
                reply: stale
            }
        )
        .is_empty()
    );
    assert!(demo.is_waiting());
    assert_eq!(demo.terrain().heightmap.side(), 3, "still the placeholder");
    let fresh = protocol::run(second_request, &mut |_, _| {});
    handle(
        &mut demo,
        Input::Job {
            job: second,
            reply: fresh,
        },
    );
    assert!(!demo.is_waiting());
    assert_eq!(
        demo.terrain().heightmap,
        map_of(&demo.config().params, Stage::Done)
    );
    assert!(
        demo.presentation().caption.contains("triangles, within"),
        "{}",
        demo.presentation().caption
    );
}

#[test]
fn progress_fills_the_bar_with_what_is_being_done() {
    let (mut demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 12, Controls::None));
    let (job, _) = offloaded(&effects).remove(0);
    handle(
        &mut demo,
        Input::Job {
            job,
            reply: Reply::Progress {
                share: 0.256,
                words: "Generating the heights".into(),
            },
        },
    );
    assert_eq!(
        demo.presentation().progress,
        Some((
            26.0,
            "Generating the heights: 4097 × 4097 points, 26%".into()
        ))
    );
    assert!(demo.is_waiting(), "progress is not the end");
}

#[test]
fn a_map_that_could_not_be_made_says_why_and_the_last_stays() {
    let (mut demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 10, Controls::None));
    let (job, _) = offloaded(&effects).remove(0);
    let before = demo.terrain().clone();
    handle(
        &mut demo,
        Input::Job {
            job,
            reply: Reply::Failed {
                message: "out of memory".into(),
            },
        },
    );
    assert_eq!(demo.terrain(), &before);
    let shown = demo.presentation();
    assert_eq!(
        shown.status.as_deref(),
        Some("This map could not be made: out of memory")
    );
    assert!(shown.status_is_error && shown.progress.is_none());
}

#[test]
fn a_file_too_big_to_import_is_refused_before_it_is_read() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let effects = handle(
        &mut demo,
        Input::ImportPicked {
            name: "huge.png".into(),
            size: 200.0 * 1024.0 * 1024.0,
        },
    );
    assert!(effects.is_empty());
    let status = demo.presentation().controls.expect("controls").file_status;
    assert_eq!(
        status,
        Some((
            "huge.png is 200 MB; the largest file accepted is 128 MB.".into(),
            true
        ))
    );
}

// Once a file of 128.05 MB was "128 MB; the largest file accepted is 128
// MB".
#[test]
fn a_file_just_over_the_limit_says_by_how_much() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    handle(
        &mut demo,
        Input::ImportPicked {
            name: "noise.png".into(),
            size: 134_266_793.0,
        },
    );
    let status = demo.presentation().controls.expect("controls").file_status;
    assert_eq!(
        status,
        Some((
            "noise.png is 128.05 MB; the largest file accepted is 128 MB.".into(),
            true
        ))
    );
}

#[test]
fn an_imported_png_becomes_the_map_with_its_own_words() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let effects = handle(
        &mut demo,
        Input::ImportPicked {
            name: "hills.png".into(),
            size: 1000.0,
        },
    );
    assert_eq!(effects, [Effect::ReadFile(1)]);
    let picture = map_of(
        &ValidParams::default().with_exponent(3).expect("valid"),
        Stage::Done,
    );
    let effects = handle(
        &mut demo,
        Input::ImportDecoded {
            read: 1,
            name: "hills.png".into(),
            heights: picture,
            source: ImageSource {
                width: 9,
                height: 9,
                format: "16-bit greyscale".into(),
                recorded: false,
            },
        },
    );
    assert!(
        effects.iter().any(
            |effect| matches!(effect, Effect::Submit { request, offload: false, .. }
                if matches!(request.job, Job::Import { .. }))
        ),
        "a small import is shown on the page: {effects:?}"
    );
    assert_eq!(demo.terrain().heightmap.side(), 9);
    assert_eq!(demo.terrain().algorithm, None);
    let shown = demo.presentation();
    assert_eq!(
        (shown.seed.as_str(), shown.caption.as_str()),
        ("none", "Imported from hills.png")
    );
    assert_eq!(
        shown.controls.expect("controls").file_status,
        Some((
            "Imported hills.png: 9 × 9 pixels, 16-bit greyscale, resampled to 9 × 9 points, \
             heights 0.000 to 1.000. Erosion and the seed weather it; any other setting makes \
             a new map."
                .into(),
            false
        ))
    );
    assert_eq!(demo.file_stem(), "imported-hills");
    assert_eq!(demo.share_link(), None, "no link brings the file back");
    assert_eq!(handle(&mut demo, Input::CopyLink), [], "nothing to copy");
    let controls = demo.presentation().controls.expect("controls");
    assert_eq!(controls.share_link, None);
    assert_eq!(controls.copy_status.as_deref(), Some(crate::words::NO_LINK));
}

#[test]
fn a_file_that_is_not_a_png_or_cannot_be_read_is_refused_and_the_map_stays() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let before = demo.terrain().clone();
    let read = started_reading(&mut demo, "cat.gif");
    handle(
        &mut demo,
        Input::ImportRefused {
            read,
            name: "cat.gif".into(),
            reason: "this file is not a PNG image".into(),
        },
    );
    assert_eq!(demo.terrain(), &before);
    let status = demo.presentation().controls.expect("controls").file_status;
    assert_eq!(
        status,
        Some(("cat.gif: this file is not a PNG image".into(), true))
    );
}

/// The map `side` points wide decoded from the file of read `read`.
fn decoded(read: u32, name: &str, exponent: u32) -> Input {
    Input::ImportDecoded {
        read,
        name: name.into(),
        heights: Heightmap::new(exponent).expect("a map"),
        source: ImageSource {
            width: 9,
            height: 9,
            format: "8-bit greyscale".into(),
            recorded: false,
        },
    }
}

// Once a big file decoded after a small one picked later replaced it, and
// an import read while the exponent changed replaced the new map.
#[test]
fn only_the_newest_choice_lands_while_a_file_is_read() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let big = started_reading(&mut demo, "big.png");
    let small = started_reading(&mut demo, "small.png");
    handle(&mut demo, decoded(small, "small.png", 3));
    assert_eq!(demo.presentation().caption, "Imported from small.png");
    handle(&mut demo, decoded(big, "big.png", 5));
    assert_eq!(
        demo.terrain().heightmap.side(),
        9,
        "the older file is dropped"
    );
    assert_eq!(demo.presentation().caption, "Imported from small.png");

    let late = started_reading(&mut demo, "late.png");
    let edited = Input::Edited {
        key: Key::Param(Field::EXPONENT),
        text: "2".into(),
    };
    handle(&mut demo, edited);
    let status = demo.presentation().controls.expect("controls").file_status;
    assert_eq!(
        status,
        Some((
            "late.png was set aside: a new map was asked for while it was read.".into(),
            false
        ))
    );
    handle(&mut demo, decoded(late, "late.png", 5));
    assert_eq!(
        demo.terrain().heightmap.side(),
        5,
        "the exponent's map stays"
    );
    assert_eq!(demo.terrain().algorithm, Some(Algorithm::DIAMOND_SQUARE));
    // A refusal of a read given up says nothing either.
    handle(
        &mut demo,
        Input::ImportRefused {
            read: late,
            name: "late.png".into(),
            reason: "this file is not a PNG image".into(),
        },
    );
    assert_eq!(
        demo.presentation().controls.expect("controls").file_status,
        status
    );
}

#[test]
fn an_import_has_no_embed_and_a_new_map_says_the_import_is_gone() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    assert!(demo.presentation().embed.is_some());
    let read = started_reading(&mut demo, "hills.png");
    handle(&mut demo, decoded(read, "hills.png", 3));
    assert_eq!(
        demo.presentation().embed,
        None,
        "no snippet makes a file's map"
    );
    handle(&mut demo, Input::Refresh(99));
    assert_eq!(demo.terrain().algorithm, Some(Algorithm::DIAMOND_SQUARE));
    assert!(demo.presentation().embed.is_some());
    let status = demo.presentation().controls.expect("controls").file_status;
    assert_eq!(
        status,
        Some((
            "hills.png gave way to a new map; import it again to see it.".into(),
            false
        ))
    );
}

#[test]
fn a_huge_import_is_meshed_in_the_worker() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let read = started_reading(&mut demo, "big.png");
    let effects = handle(
        &mut demo,
        Input::ImportDecoded {
            read,
            name: "big.png".into(),
            heights: Heightmap::new(10).expect("1025 x 1025"),
            source: ImageSource {
                width: 2000,
                height: 2000,
                format: "8-bit greyscale".into(),
                recorded: false,
            },
        },
    );
    let (job, request) = offloaded(&effects).remove(0);
    assert!(request.mesh, "the worker builds its surface");
    assert!(demo.presentation().progress.is_some());
    handle(
        &mut demo,
        Input::Job {
            job,
            reply: protocol::run(request, &mut |_, _| {}),
        },
    );
    assert_eq!(demo.terrain().heightmap.side(), 1025);
    assert!(demo.surface().is_some());
}

#[test]
fn download_writes_the_map_on_show_as_the_menu_says_and_reports_it() {
    let (mut demo, _) = mounted(config(Algorithm::MIDPOINT_DISPLACEMENT, 4, Controls::None));
    let menu = demo.presentation().download;
    assert_eq!(menu.button, "Download midpoint-displacement-4-seed-7.png");
    assert_eq!(menu.size, "File size: at most 1.0 KB");
    assert!(
        menu.fields.iter().filter(|field| !field.hidden).count() == 1,
        "PNG has no options"
    );
    let effects = handle(&mut demo, Input::DownloadPressed);
    let (id, options, name, media_type) = effects
        .iter()
        .find_map(|effect| match effect {
            Effect::Export {
                id,
                options,
                name,
                media_type,
            } => Some((*id, options.clone(), name.clone(), *media_type)),
            _ => None,
        })
        .expect("an export");
    assert_eq!(options, [("format", "png16".to_owned())]);
    assert_eq!(name, "midpoint-displacement-4-seed-7.png");
    assert_eq!(media_type, "image/png");
    handle(
        &mut demo,
        Input::Exported {
            id,
            word: ExportWord::Progress {
                share: 0.5,
                words: "Writing the file".into(),
            },
        },
    );
    assert_eq!(
        demo.presentation().download.progress,
        Some((
            50.0,
            "Writing the file: midpoint-displacement-4-seed-7.png, 50%".to_owned()
        ))
    );
    handle(
        &mut demo,
        Input::Exported {
            id,
            word: ExportWord::Written {
                bytes: 700,
                triangles: None,
                max_error: None,
                units: String::new(),
            },
        },
    );
    let menu = demo.presentation().download;
    assert_eq!(menu.progress, None);
    assert_eq!(
        menu.status,
        Some((
            "Downloaded midpoint-displacement-4-seed-7.png (700 bytes).".to_owned(),
            false
        ))
    );
    // Another format picked: the PNG's word is not the STL's.
    handle(
        &mut demo,
        Input::DownloadEdited {
            option: "format".into(),
            text: "stl".into(),
        },
    );
    assert_eq!(demo.presentation().download.status, None);
}

#[test]
fn the_menu_shows_a_formats_options_with_the_demos_look_and_refuses_bad_ones() {
    let mut config = config(Algorithm::DIAMOND_SQUARE, 6, Controls::None);
    config.display.relief = 0.5;
    let (mut demo, _) = mounted(config);
    handle(
        &mut demo,
        Input::DownloadEdited {
            option: "format".into(),
            text: "stl".into(),
        },
    );
    let menu = demo.presentation().download;
    let shown: Vec<(&str, &str)> = menu
        .fields
        .iter()
        .filter(|field| !field.hidden)
        .map(|field| (field.spec.option, field.text.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            ("format", "stl"),
            ("sizeMm", "100"),
            ("baseMm", "2"),
            ("relief", "0.5"),
            ("maxTriangles", "2500000")
        ]
    );
    assert_eq!(
        menu.size, "File size: 448.1 KB",
        "every point of 65 × 65, exactly"
    );
    handle(
        &mut demo,
        Input::DownloadEdited {
            option: "sizeMm".into(),
            text: "0".into(),
        },
    );
    let menu = demo.presentation().download;
    assert!(menu.refused);
    assert_eq!(
        menu.size,
        "Size (mm) must be a number from 1 to 10000; got 0"
    );
    let effects = handle(&mut demo, Input::DownloadPressed);
    assert!(
        !effects
            .iter()
            .any(|effect| matches!(effect, Effect::Export { .. }))
    );
    assert_eq!(
        demo.presentation().download.status,
        Some((
            "Size (mm) must be a number from 1 to 10000; got 0".to_owned(),
            true
        ))
    );
    // A bad value in a field the next format hides stops nothing.
    for (option, text) in [("format", "png16"), ("format", "glb")] {
        handle(
            &mut demo,
            Input::DownloadEdited {
                option: option.into(),
                text: text.into(),
            },
        );
        let menu = demo.presentation().download;
        assert!(!menu.refused, "{text}: {}", menu.size);
        let effects = handle(&mut demo, Input::DownloadPressed);
        assert!(
            effects
                .iter()
                .any(|effect| matches!(effect, Effect::Export { .. })),
            "{text} is written"
        );
    }
    for (option, text) in [("sizeMm", "100"), ("format", "tiles"), ("tiles", "3")] {
        handle(
            &mut demo,
            Input::DownloadEdited {
                option: option.into(),
                text: text.into(),
            },
        );
    }
    assert_eq!(
        demo.presentation().download.size,
        "Tiles per side must be a whole number that divides the map's 64 cells (1, 2, 4, 8 … \
         64); got 3"
    );
}

#[test]
fn the_menus_obj_is_exportmaps_obj_the_grid_unless_a_triangle_budget_is_typed() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 6, Controls::None));
    let edit = |demo: &mut Demo, option: &str, text: &str| {
        handle(
            demo,
            Input::DownloadEdited {
                option: option.into(),
                text: text.into(),
            },
        );
    };
    let options_written = |demo: &mut Demo| {
        handle(demo, Input::DownloadPressed)
            .into_iter()
            .find_map(|effect| match effect {
                Effect::Export { options, .. } => Some(options),
                _ => None,
            })
            .expect("a file")
    };
    let budget = |demo: &Demo| {
        demo.presentation()
            .download
            .fields
            .into_iter()
            .find(|field| field.spec.option == "maxTriangles")
            .expect("the field")
    };
    edit(&mut demo, "format", "obj");
    let field = budget(&demo);
    assert_eq!((field.text.as_str(), field.hidden), ("", false));
    assert!(field.placeholder.contains("the grid"));
    assert_eq!(options_written(&mut demo), [("format", "obj".to_owned())]);
    edit(&mut demo, "maxTriangles", "5000");
    assert_eq!(
        options_written(&mut demo),
        [
            ("format", "obj".to_owned()),
            ("maxTriangles", "5000".to_owned())
        ]
    );
    edit(&mut demo, "maxTriangles", " ");
    assert_eq!(options_written(&mut demo), [("format", "obj".to_owned())]);
    edit(&mut demo, "format", "glb");
    let field = budget(&demo);
    assert_eq!((field.text.as_str(), field.placeholder), (" ", ""));
}

#[test]
fn a_download_pressed_while_the_map_is_made_is_written_once_it_is_on_show() {
    let (mut demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 10, Controls::Compact));
    let (job, request) = offloaded(&effects).remove(0);
    assert!(demo.is_waiting());
    let effects = handle(&mut demo, Input::DownloadPressed);
    let exports = |effects: &[Effect]| {
        effects
            .iter()
            .filter_map(|effect| match effect {
                Effect::Export { name, .. } => Some(name.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert!(exports(&effects).is_empty(), "not the placeholder's file");
    let status = demo.presentation().download.status.expect("a word");
    assert!(
        !status.1 && status.0.contains("still being made"),
        "{status:?}"
    );
    let reply = protocol::run(request, &mut |_, _| {});
    let effects = handle(&mut demo, Input::Job { job, reply });
    assert_eq!(exports(&effects), ["diamond-square-10-seed-7.png"]);
    assert_eq!(demo.terrain().heightmap.side(), 1025);
    assert_eq!(demo.presentation().download.status, None, "writing");
}

#[test]
fn a_download_pressed_while_the_map_is_made_is_dropped_if_the_map_fails() {
    let (mut demo, effects) = mounted(config(Algorithm::DIAMOND_SQUARE, 10, Controls::Compact));
    let (job, _) = offloaded(&effects).remove(0);
    handle(&mut demo, Input::DownloadPressed);
    let reply = Reply::Failed {
        message: "the worker stopped".to_owned(),
    };
    let effects = handle(&mut demo, Input::Job { job, reply });
    assert!(
        !effects
            .iter()
            .any(|effect| matches!(effect, Effect::Export { .. }))
    );
    let status = demo.presentation().download.status.expect("a word");
    assert!(
        status.1 && status.0.contains("could not be made"),
        "{status:?}"
    );
}

#[test]
fn copying_the_link_copies_the_share_link_and_says_how_it_went() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Compact));
    let effects = handle(&mut demo, Input::CopyLink);
    let link = demo.share_link().expect("a generated map's link");
    assert!(link.starts_with("https://example.org/playground.html?algorithm=diamond-square"));
    assert_eq!(effects, [Effect::Copy(link)]);
    handle(&mut demo, Input::Copied(true));
    let copied = demo.presentation().controls.expect("controls").copy_status;
    assert_eq!(copied.as_deref(), Some("Copied the link."));
    handle(&mut demo, Input::Copied(false));
    let failed = demo.presentation().controls.expect("controls").copy_status;
    assert!(failed.is_some_and(|words| words.starts_with("Could not copy")));
}

#[test]
fn the_camera_moves_in_3d_and_not_in_2d() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let start = *demo.orbit();
    let effects = handle(&mut demo, Input::Camera(CameraAction::Zoom(0.5)));
    assert_eq!(
        effects,
        [
            Effect::Redraw { rebuild: false },
            Effect::CameraMoved(*demo.orbit())
        ]
    );
    assert!(demo.orbit().distance < start.distance);
    handle(&mut demo, Input::Camera(CameraAction::Reset));
    assert_eq!(demo.orbit(), &start);
    handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::View),
            text: "2d".into(),
        },
    );
    assert!(handle(&mut demo, Input::Camera(CameraAction::Zoom(0.5))).is_empty());
}

#[test]
fn zooming_in_stops_above_the_hills_and_taller_relief_lifts_the_camera() {
    // Its finished map reaches 1, 50 units up: more than the camera's
    // least distance above the target (at 14 units) leaves it.
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 6, Controls::Full));
    // The drawn ground under the camera (the nearest point's height), or
    // none off the map.
    let ground = |demo: &Demo| {
        let map = &demo.shown.terrain.heightmap;
        let [east, north, _] = demo.orbit().position();
        let last = (map.side() - 1) as f32;
        let (x, y) = ((east / 100.0 + 0.5) * last, (0.5 - north / 100.0) * last);
        ((0.0..=last).contains(&x) && (0.0..=last).contains(&y)).then(|| {
            let height = map.get(x.round() as usize, y.round() as usize);
            (height * terrain_core::world::HEIGHT_SCALE * demo.shown.config.display.relief) as f32
        })
    };
    for _ in 0..40 {
        handle(&mut demo, Input::Camera(CameraAction::Zoom(0.8)));
        let up = demo.orbit().position()[2];
        assert!(
            ground(&demo).is_none_or(|ground| up > ground + 1.0),
            "{:?}",
            demo.orbit()
        );
    }
    assert!(ground(&demo).is_some(), "over the map");
    let close = demo.orbit().distance;
    handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::Relief),
            text: "2".into(),
        },
    );
    assert!(demo.orbit().distance > close, "{:?}", demo.orbit());
    let up = demo.orbit().position()[2];
    assert!(
        ground(&demo).is_none_or(|ground| up > ground + 1.0),
        "{:?}",
        demo.orbit()
    );
}

#[test]
fn a_drag_turns_the_view() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::None));
    let start = *demo.orbit();
    handle(
        &mut demo,
        Input::PointerDown {
            id: 1,
            x: 10.0,
            y: 10.0,
        },
    );
    let effects = handle(
        &mut demo,
        Input::PointerMove {
            id: 1,
            x: 90.0,
            y: 10.0,
            height: 400.0,
            pan: false,
        },
    );
    assert_eq!(
        effects,
        [
            Effect::Redraw { rebuild: false },
            Effect::CameraMoved(*demo.orbit())
        ]
    );
    assert_ne!(demo.orbit().azimuth, start.azimuth);
    handle(&mut demo, Input::PointerUp { id: 1 });
    assert!(
        handle(
            &mut demo,
            Input::PointerMove {
                id: 1,
                x: 0.0,
                y: 0.0,
                height: 400.0,
                pan: false,
            }
        )
        .is_empty(),
        "a pointer that went up moves nothing"
    );
}

#[test]
fn graphics_notes_come_and_go() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::None));
    handle(&mut demo, Input::Graphics(Graphics::Lost));
    let lost = demo.presentation();
    assert!(
        lost.status
            .is_some_and(|text| text.ends_with("Restoring it…"))
    );
    assert!(!lost.status_is_error);
    handle(&mut demo, Input::Graphics(Graphics::Ready));
    assert_eq!(demo.presentation().status, None);
    handle(
        &mut demo,
        Input::Graphics(Graphics::Unavailable("no WebGL2".into())),
    );
    assert_eq!(demo.shown_view(), View::Picture, "without WebGL, a picture");
    assert!(demo.presentation().label.starts_with("Greyscale picture"));
    assert!(
        !demo.presentation().offers_retry,
        "no WebGL2 at all: no retry"
    );
}

#[test]
fn a_refused_context_is_said_with_a_try_again_that_goes_to_the_page() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Compact));
    let refused = |refusals| {
        Input::Graphics(Graphics::Blocked {
            reason: "no WebGL2 context".into(),
            refusals,
        })
    };
    handle(&mut demo, refused(1));
    let shown = demo.presentation();
    assert!(shown.offers_retry);
    assert!(!shown.status_is_error);
    assert!(shown.status.is_some_and(|text| {
        text.contains("would not give it a new one (no WebGL2 context). Showing")
            && text.contains("greyscale picture")
    }));
    handle(&mut demo, refused(3));
    assert!(demo.presentation().status.is_some_and(|text| {
        text.contains("(no WebGL2 context), not even when asked again (3 tries).")
    }));
    assert_eq!(demo.shown_view(), View::Picture);
    assert_eq!(
        handle(&mut demo, Input::TryGraphicsAgain),
        [Effect::TryGraphicsAgain]
    );
    // The controls still change the map, drawn as a picture.
    let seed = demo.seed();
    handle(&mut demo, Input::Refresh(seed + 1));
    assert_eq!(demo.seed(), seed + 1);
    assert!(
        demo.presentation().offers_retry,
        "still said after a change"
    );
    handle(&mut demo, Input::Graphics(Graphics::Ready));
    let shown = demo.presentation();
    assert_eq!((shown.status, shown.offers_retry), (None, false));
    assert!(demo.shown_view().is_3d());
}

#[test]
fn the_playground_keeps_the_address_in_step() {
    let mut given = config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full);
    given.display.url_state = true;
    let (mut demo, effects) = mounted(given);
    let mirrored: Vec<_> = effects
        .iter()
        .filter(|effect| matches!(effect, Effect::ReplaceUrl(_)))
        .collect();
    assert_eq!(mirrored.len(), 1, "{effects:?}");
    let effects = edit(&mut demo, Field::SEED, "9");
    assert!(
        effects
            .iter()
            .any(|effect| matches!(effect, Effect::ReplaceUrl(query) if query.contains("seed=9")))
    );
    let effects = handle(&mut demo, Input::Camera(CameraAction::Zoom(0.9)));
    assert!(
        !effects
            .iter()
            .any(|effect| matches!(effect, Effect::ReplaceUrl(_))),
        "the same query is not written twice"
    );
}

#[test]
fn controls_follow_the_level_and_hide_what_the_algorithm_ignores() {
    let (basic, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Compact));
    let keys: Vec<&str> = basic
        .control_keys()
        .iter()
        .map(|key| key.spec().option)
        .collect();
    assert_eq!(keys, ["exponent", "spread", "spreadReduction", "seed"]);
    let (mut full, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let shown: Vec<&str> = full
        .presentation()
        .controls
        .expect("controls")
        .fields
        .iter()
        .filter(|field| !field.hidden)
        .map(|field| field.key.spec().option)
        .collect();
    assert_eq!(
        shown,
        [
            "algorithm",
            "exponent",
            "spread",
            "spreadReduction",
            "seed",
            "normalize",
            "erosion",
            "palette",
            "view",
            "wireframe",
            "relief",
            "overlay",
            "water"
        ]
    );
    assert!(
        full.control_keys().len() > shown.len(),
        "the rest are there, hidden"
    );
    edit(&mut full, Field::ALGORITHM, "random-noise");
    let shown = full.presentation();
    assert!(field(&shown, Key::Param(Field::SPREAD)).hidden);
    assert!(!field(&shown, Key::Param(Field::SEED)).hidden);
    let (none, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::None));
    assert!(none.control_keys().is_empty());
}

#[test]
fn heavy_erosion_goes_to_the_worker_and_a_new_setting_cancels_it() {
    let mut settings = config(Algorithm::DIAMOND_SQUARE, 8, Controls::Full);
    changed(&mut settings, |params| {
        params.erosion.method = terrain_core::erosion::Method::Droplets;
        params.erosion.droplets.droplets = 100_000;
    });
    settings.stage = Stage::Droplets(100_000);
    let (mut demo, effects) = mounted(settings.clone());
    let jobs = offloaded(&effects);
    assert_eq!(jobs.len(), 1, "100 000 droplets do not run on the page");
    assert!(demo.presentation().progress.is_some());
    let effects = edit(&mut demo, Field::SEED, "8");
    assert!(effects.contains(&Effect::Cancel(jobs[0].0)), "{effects:?}");
    assert_eq!(offloaded(&effects).len(), 1);
    // A thousand droplets are a few milliseconds: the page makes them.
    assert!(!belongs_in_worker(&settings.params, Stage::Droplets(1000)));
    assert!(belongs_in_worker(&settings.params, Stage::Droplets(10_000)));
    changed(&mut settings, |params| {
        params.erosion.method = terrain_core::erosion::Method::Thermal;
    });
    assert!(!belongs_in_worker(&settings.params, Stage::Slides(10)));
    assert!(belongs_in_worker(&settings.params, Stage::Slides(200)));
}

#[test]
fn erosion_stages_show_their_readout() {
    let mut settings = config(Algorithm::DIAMOND_SQUARE, 6, Controls::Compact);
    changed(&mut settings, |params| {
        params.erosion.method = terrain_core::erosion::Method::Droplets;
        params.erosion.droplets.droplets = 1000;
    });
    settings.stage = Stage::Droplets(1000);
    let (demo, _) = mounted(settings);
    let readout = demo.presentation().readout.expect("a ledger");
    assert!(readout.starts_with("eroded "), "{readout}");
    let (plain, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 6, Controls::Compact));
    assert_eq!(plain.presentation().readout, None);
}

#[test]
fn rivers_colour_the_surface_and_follow_the_wrap() {
    let mut settings = config(Algorithm::TILEABLE_DIAMOND_SQUARE, 11, Controls::Full);
    settings.display.water = true;
    let (mut demo, effects) = mounted(settings);
    let jobs = offloaded(&effects);
    assert_eq!(
        jobs[0].1.look.water,
        Water::Rivers { wrap: true },
        "a tileable map's water crosses its edges"
    );
    let effects = edit(&mut demo, Field::WRAP, "false");
    assert_eq!(
        offloaded(&effects)[0].1.look.water,
        Water::Rivers { wrap: false },
        "unless the reader makes the edges walls"
    );
}

#[test]
fn a_tiled_view_measures_its_seam_and_a_single_one_its_creases() {
    let mut settings = config(Algorithm::TILEABLE_DIAMOND_SQUARE, 6, Controls::Full);
    settings.display.creases = true;
    settings.display.view = View::Tiles;
    let (mut demo, _) = mounted(settings);
    let (text, index) = demo.presentation().creases.expect("a seam index");
    assert!(text.starts_with("seam index "), "{text}");
    assert!(index < 1.6, "{index}");
    handle(
        &mut demo,
        Input::Edited {
            key: Key::Display(Setting::View),
            text: "3d".into(),
        },
    );
    let (text, _) = demo.presentation().creases.expect("a crease index");
    assert!(text.starts_with("crease index "), "{text}");
}

/// Picks the file `name` to import: the read's ticket.
fn started_reading(demo: &mut Demo, name: &str) -> u32 {
    let effects = handle(
        demo,
        Input::ImportPicked {
            name: name.into(),
            size: 1000.0,
        },
    );
    match effects[..] {
        [Effect::ReadFile(read)] => read,
        _ => panic!("no read: {effects:?}"),
    }
}

/// Imports `heights` as hills.png, as the shell does once the file is read.
fn imported(demo: &mut Demo, heights: Heightmap) {
    let read = started_reading(demo, "hills.png");
    handle(
        demo,
        Input::ImportDecoded {
            read,
            name: "hills.png".into(),
            heights,
            source: ImageSource {
                width: 65,
                height: 65,
                format: "16-bit greyscale".into(),
                recorded: false,
            },
        },
    );
}

/// The jobs a batch of effects submitted (on the page or to the worker).
fn submitted(effects: &[Effect]) -> Vec<Job> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Submit { request, .. } => Some(request.job.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn an_imported_map_is_weathered_and_scrubbed_and_stays_imported() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let picture = Params {
        map: MapSettings::new(6, 3),
        ..Params::new(Algorithm::DIAMOND_SQUARE)
    }
    .generate(Stage::Done)
    .expect("valid")
    .heightmap;
    imported(&mut demo, picture.clone());
    edit(&mut demo, Field::DROPLETS, "400");
    let effects = edit(&mut demo, Field::EROSION, "droplets");
    assert!(
        matches!(
            submitted(&effects)[..],
            [Job::Weather {
                stage: Stage::Droplets(400),
                ..
            }]
        ),
        "{effects:?}"
    );
    assert_eq!(
        demo.terrain().heightmap.side(),
        65,
        "still the imported map"
    );
    assert_eq!(demo.terrain().algorithm, None);
    assert!(demo.terrain().erosion.is_some(), "weathered");
    let expected = demo
        .config()
        .params
        .with_text(Field::DROPLETS, "400")
        .expect("valid");
    let weathered = terrain_core::weather(
        picture.clone(),
        &expected,
        Stage::Droplets(400),
        &mut |_| {},
    )
    .expect("valid");
    assert_eq!(demo.terrain().heightmap, weathered.heightmap);
    let shown = demo.presentation();
    assert_eq!(
        shown.caption,
        "Imported from hills.png · 400 droplets fallen"
    );
    assert!(shown.readout.expect("a ledger").starts_with("eroded "));
    let scrubber = shown.controls.expect("controls").scrubber;
    assert_eq!((scrubber.last, scrubber.position), (2, 2), "done, 1, 400");

    // Back to one droplet, then to the map as imported.
    handle(&mut demo, Input::Scrubbed(1));
    assert_eq!(demo.terrain().stage, Stage::Droplets(1));
    handle(&mut demo, Input::Scrubbed(0));
    assert_eq!(demo.terrain().heightmap, picture, "the import, untouched");

    // A new seed re-rains on it; another exponent makes a map again.
    handle(&mut demo, Input::Scrubbed(2));
    handle(&mut demo, Input::Refresh(77));
    assert_eq!((demo.terrain().algorithm, demo.seed()), (None, 77));
    let effects = edit(&mut demo, Field::EXPONENT, "5");
    assert!(
        matches!(submitted(&effects)[..], [Job::Generate { .. }]),
        "{effects:?}"
    );
    assert_eq!(demo.terrain().algorithm, Some(Algorithm::DIAMOND_SQUARE));
    assert_eq!(demo.terrain().heightmap.side(), 33);
}

#[test]
fn refresh_on_an_imported_map_without_rain_makes_a_map_again() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    imported(&mut demo, Heightmap::new(3).expect("9 x 9"));
    handle(&mut demo, Input::Refresh(5));
    assert_eq!(demo.terrain().algorithm, Some(Algorithm::DIAMOND_SQUARE));
    assert_eq!(demo.terrain().heightmap.side(), 17);
}

/// Types `text` into field `field` key by key, as a reader does: the
/// rounds of the rests each key asked for. No key but the first (which
/// may take another field's waiting text) makes a map.
fn type_keys(demo: &mut Demo, field: Field, text: &str) -> Vec<u32> {
    let mut rounds = Vec::new();
    for end in 1..=text.len() {
        let effects = handle(
            demo,
            Input::Typed {
                key: Key::Param(field),
                text: text[..end].to_owned(),
            },
        );
        assert!(
            end == 1 || submitted(&effects).is_empty(),
            "no map while typing"
        );
        rounds.extend(effects.iter().filter_map(|effect| match effect {
            Effect::Schedule {
                delay: Delay::TypingRest,
                input: Input::TypingRested(round),
            } => Some(*round),
            _ => None,
        }));
    }
    rounds
}

#[test]
fn typing_makes_one_map_once_it_rests_not_one_per_key() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let rounds = type_keys(&mut demo, Field::SEED, "1024");
    assert_eq!(rounds.len(), 4, "each key asks for a rest");
    assert_eq!(
        demo.terrain().heightmap,
        map_of(&demo.config().params, Stage::Done)
    );
    assert_eq!(
        field(&demo.presentation(), Key::Param(Field::SEED)).text,
        "1024"
    );
    for &early in &rounds[..3] {
        assert!(
            handle(&mut demo, Input::TypingRested(early)).is_empty(),
            "a rest before the last key is ignored"
        );
    }
    assert_eq!(demo.seed(), 7);
    handle(&mut demo, Input::TypingRested(rounds[3]));
    assert_eq!(demo.seed(), 1024, "the typing rested");
    assert_eq!(
        demo.terrain().heightmap,
        map_of(&demo.config().params, Stage::Done)
    );
}

#[test]
fn typed_text_waiting_for_its_rest_is_taken_when_the_reader_moves_on() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let rounds = type_keys(&mut demo, Field::EXPONENT, "6");
    // Download at once: the file is of the map the field says.
    handle(&mut demo, Input::DownloadPressed);
    assert_eq!(demo.config().params.map.exponent, 6);
    assert!(handle(&mut demo, Input::TypingRested(rounds[0])).is_empty());
    // Typing on into another field takes the first field's text.
    type_keys(&mut demo, Field::EXPONENT, "5");
    type_keys(&mut demo, Field::SEED, "9");
    assert_eq!(demo.config().params.map.exponent, 5);
    assert_eq!(demo.seed(), 7, "the seed still waits");
}

#[test]
fn text_refused_after_good_text_cancels_its_rest_and_a_landing_map_keeps_the_text() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let rounds = type_keys(&mut demo, Field::EXPONENT, "1e");
    assert_eq!(rounds.len(), 1, "only 1 was good");
    assert!(handle(&mut demo, Input::TypingRested(rounds[0])).is_empty());
    assert_eq!(demo.config().params.map.exponent, 4, "1e never applies 1");
    let shown = field(&demo.presentation(), Key::Param(Field::EXPONENT)).clone();
    assert_eq!(shown.text, "1e");
    assert!(shown.error.is_some());
    // A seed shared by a linked demo lands a map while 6 waits: the field
    // keeps saying 6, and 6 is taken at its rest.
    let rounds = type_keys(&mut demo, Field::EXPONENT, "6");
    handle(&mut demo, Input::SeedShared(11));
    assert_eq!(
        field(&demo.presentation(), Key::Param(Field::EXPONENT)).text,
        "6"
    );
    handle(&mut demo, Input::TypingRested(rounds[0]));
    assert_eq!((demo.config().params.map.exponent, demo.seed()), (6, 11));
}

// Once a file of heights in metres (a few hundredths of the 16-bit range)
// imported as a flat sheet without a word, a 300 x 200 picture was
// squared in silence, and HILLS.PNG downloaded as imported-HILLS.PNG.png.
#[test]
fn an_import_says_its_heights_and_its_stretch_and_names_its_files_by_its_stem() {
    let (mut demo, _) = mounted(config(Algorithm::DIAMOND_SQUARE, 4, Controls::Full));
    let read = started_reading(&mut demo, "DEM.PNG");
    let heights = (0..17 * 17)
        .map(|index| 0.013 + 0.02 * (index % 17) as f64 / 16.0)
        .collect();
    handle(
        &mut demo,
        Input::ImportDecoded {
            read,
            name: "DEM.PNG".into(),
            heights: Heightmap::from_heights(4, heights).expect("17 x 17"),
            source: ImageSource {
                width: 300,
                height: 200,
                format: "16-bit greyscale".into(),
                recorded: false,
            },
        },
    );
    let (words, _) = demo
        .presentation()
        .controls
        .expect("controls")
        .file_status
        .expect("words");
    assert_eq!(
        words,
        "Imported DEM.PNG: 300 × 200 pixels, 16-bit greyscale, stretched to a square and \
         resampled to 17 × 17 points, heights 0.013 to 0.033: little of the file's 0 to 1, so \
         the map is nearly flat. Erosion and the seed weather it; any other setting makes a \
         new map."
    );
    assert_eq!(demo.file_stem(), "imported-DEM");
}
