//! The protocol, natively: every message round trips bit for bit, damaged
//! or stale ones are refused, and the version covers every order that
//! crosses the wire.

use terrain_core::erosion::ErosionReport;
use terrain_core::erosion::droplets::{DropletState, Ending, Ledger, Trace};
use terrain_core::registry::fields;
use terrain_core::spec::Value;
use terrain_core::{Algorithm, Heightmap, Params, PointSet, Stage, ValidParams};

use super::codes::{JobKind, PointsKind, ReplyKind, ValueKind};
use super::version::{coded_names, version_of};
use super::wire::{KIND_REPLY, KIND_REQUEST, Reader, Writer};
use super::*;
use crate::palette::{Look, Palette, Water};

fn generate_request(exponent: u32, mesh: bool) -> Request {
    Request {
        job: Job::Generate {
            params: Box::new({
                let mut params = Params::new(Algorithm::MIDPOINT_DISPLACEMENT);
                params.map = terrain_core::MapSettings::new(exponent, 7);
                params.subdivision.spread = 0.1 + 0.2;
                params.check().expect("valid")
            }),
            stage: Stage::Pass(2),
        },
        look: Look {
            palette: Palette::Bands,
            water: Water::Rivers { wrap: true },
        },
        mesh,
    }
}

#[test]
fn requests_round_trip() {
    let heights = Heightmap::from_heights(1, (0..9).map(f64::from).collect()).expect("3 x 3");
    let requests = [
        generate_request(5, false),
        Request {
            job: Job::Import {
                name: "hills.png".into(),
                heights: heights.clone(),
                source: Source {
                    width: 640,
                    height: 480,
                    format: "8-bit greyscale".into(),
                    recorded: true,
                },
            },
            look: Look {
                palette: Palette::Terrain,
                water: Water::Dry,
            },
            mesh: true,
        },
        Request {
            job: Job::Weather {
                heights: heights.clone(),
                params: Box::new({
                    let mut params = *ValidParams::default().with_seed(11);
                    params.erosion.method = terrain_core::erosion::Method::Thermal;
                    params.check().expect("valid")
                }),
                stage: Stage::Slides(2),
            },
            look: Look::default(),
            mesh: false,
        },
        Request {
            job: Job::Mesh {
                heights: heights.clone(),
            },
            look: Look {
                palette: Palette::Green,
                water: Water::Dry,
            },
            mesh: true,
        },
    ];
    for request in requests {
        assert_eq!(Request::decode(request.clone().encode()), Ok(request));
    }
}

#[test]
fn a_generated_map_and_its_surface_come_back_bit_for_bit() {
    let reply = run(generate_request(4, true), &mut |_, _| {});
    let Reply::Made(made) = &reply else {
        panic!("{reply:?}");
    };
    let Made {
        terrain, surface, ..
    } = made.as_ref();
    assert!(surface.is_some());
    assert_eq!(terrain.stage, Stage::Pass(2));
    assert_eq!(Reply::decode(reply.clone().encode()), Ok(reply));
}

#[test]
fn progress_and_failures_round_trip() {
    for reply in [
        Reply::Progress {
            share: 0.25,
            words: "Generating the heights".into(),
        },
        Reply::Failed {
            message: "no".into(),
        },
    ] {
        assert_eq!(Reply::decode(reply.clone().encode()), Ok(reply));
    }
}

#[test]
fn another_version_is_refused_with_a_sentence() {
    let mut message = generate_request(3, false).encode();
    message.header[0] ^= 1;
    let error = Request::decode(message).expect_err("stale");
    assert!(matches!(error, ProtocolError::Version { .. }));
    assert!(error.to_string().contains("reload the page"), "{error}");
}

#[test]
fn damaged_messages_are_refused_not_panicked_on() {
    let whole = generate_request(3, false).encode();
    for cut in 0..whole.header.len() {
        let mut damaged = whole.clone();
        damaged.header.truncate(cut);
        assert!(Request::decode(damaged).is_err(), "cut at {cut}");
    }
    let reply = Reply::decode(whole.clone());
    assert!(
        matches!(reply, Err(ProtocolError::Malformed(_))),
        "a request is not a reply"
    );
    // An exponent out of range is refused, not run.
    let mut bad = *ValidParams::default();
    bad.map.exponent = 40;
    let mut writer = Writer::start(KIND_REQUEST);
    writer.u8(0);
    writer.u8(0);
    writer.u8(0);
    writer.u8(0);
    writer.params(&bad);
    writer.stage(Stage::Done);
    assert!(Request::decode(writer.finish()).is_err());
}

#[test]
fn runs_report_progress_in_order() {
    let mut shares = Vec::new();
    run(generate_request(6, true), &mut |share, _| {
        shares.push(share)
    });
    assert!(
        shares.windows(2).all(|pair| pair[0] <= pair[1]),
        "{shares:?}"
    );
}

#[test]
fn the_version_folds_in_the_registry_and_every_coded_enums_names() {
    assert_eq!(version(), version_of(fields(), &coded_names()));
    let coded = coded_names();
    for (names, enum_name) in [
        (Algorithm::all().map(Algorithm::name).collect(), "Algorithm"),
        (Palette::ALL.map(Palette::name).to_vec(), "Palette"),
        (Water::ALL.map(Water::name).to_vec(), "Water"),
        (Ending::ALL.map(Ending::name).to_vec(), "Ending"),
        (JobKind::ALL.map(JobKind::name).to_vec(), "JobKind"),
        (ReplyKind::ALL.map(ReplyKind::name).to_vec(), "ReplyKind"),
        (ValueKind::ALL.map(ValueKind::name).to_vec(), "ValueKind"),
        (PointsKind::ALL.map(PointsKind::name).to_vec(), "PointsKind"),
    ] {
        assert!(
            coded.contains(&names),
            "{enum_name}'s order is not in the version"
        );
    }
}

#[test]
fn swapping_two_palettes_changes_the_version() {
    let mut coded = coded_names();
    let palettes = Palette::ALL.map(Palette::name).to_vec();
    let at = coded
        .iter()
        .position(|names| *names == palettes)
        .expect("the palettes' order is in the version");
    coded[at].swap(1, 2);
    assert_eq!(coded[at][..3], ["terrain", "green", "bands"]);
    assert_ne!(version_of(fields(), &coded), version());
}

#[test]
fn reordering_any_coded_enum_or_moving_a_name_across_changes_the_version() {
    let ours = version();
    let coded = coded_names();
    for at in 0..coded.len() {
        let mut swapped = coded.clone();
        swapped[at].swap(0, 1);
        assert_ne!(version_of(fields(), &swapped), ours, "{:?}", coded[at]);
    }
    let mut moved = coded.clone();
    let last = moved[0].pop().expect("algorithms");
    moved[1].insert(0, last);
    assert_ne!(version_of(fields(), &moved), ours);
}

#[test]
fn every_value_of_every_coded_enum_crosses_and_a_code_past_the_end_is_refused() {
    let heights = Heightmap::from_heights(2, vec![0.0; 25]).expect("5 x 5");
    for water in [
        Water::Dry,
        Water::Rivers { wrap: false },
        Water::Rivers { wrap: true },
    ] {
        let request = Request {
            job: Job::Mesh {
                heights: heights.clone(),
            },
            look: Look {
                palette: Palette::Greyscale,
                water,
            },
            mesh: true,
        };
        assert_eq!(Request::decode(request.clone().encode()), Ok(request));
    }
    let side = heights.side();
    for points in [
        PointSet::Nothing,
        PointSet::Everything { side },
        PointSet::Corners { side },
        PointSet::SquareCentres { side, radius: 2 },
        PointSet::DiamondCentres { side, radius: 2 },
        PointSet::Pass { side, radius: 1 },
        PointSet::Listed {
            side,
            indices: vec![0, 12],
        },
    ] {
        let mut writer = Writer::start(KIND_REPLY);
        writer.points(points.clone());
        let mut message = writer.finish();
        let mut reader = Reader::start(&mut message, KIND_REPLY).expect("ours");
        assert_eq!(reader.points(side), Ok(points));
    }
    for value in [
        Value::Whole(3),
        Value::Number(0.25),
        Value::Switch(true),
        Value::Choice(2),
        Value::Name("sea".into()),
    ] {
        let mut writer = Writer::start(KIND_REPLY);
        writer.value(&value);
        let mut message = writer.finish();
        let mut reader = Reader::start(&mut message, KIND_REPLY).expect("ours");
        assert_eq!(reader.value(), Ok(value));
    }
    for ending in [Ending::LifetimeOver, Ending::LeftMap, Ending::Stopped] {
        let ledger = Ledger {
            eroded: 0.5,
            deposited: 0.25,
            carried: 0.125,
        };
        let report = ErosionReport {
            before: heights.clone(),
            ledger: None,
            moved: None,
            trace: Some(Trace {
                steps: Vec::new(),
                end: DropletState {
                    x: 1.0,
                    y: 2.0,
                    speed: 0.0,
                    water: 0.5,
                    sediment: 0.0,
                },
                ending,
                ledger,
                heightmap: heights.clone(),
            }),
        };
        let mut writer = Writer::start(KIND_REPLY);
        writer.erosion(Some(report.clone()));
        let mut message = writer.finish();
        let mut reader = Reader::start(&mut message, KIND_REPLY).expect("ours");
        assert_eq!(reader.erosion(), Ok(Some(report)));
    }
    let mut writer = Writer::start(KIND_REQUEST);
    writer.u8(Palette::ALL.len() as u8);
    let mut message = writer.finish();
    let mut reader = Reader::start(&mut message, KIND_REQUEST).expect("ours");
    assert_eq!(
        reader.code(&Palette::ALL, "an unknown palette"),
        Err(ProtocolError::Malformed("an unknown palette"))
    );
}
