//! The words a demo shows: captions, the scrubber's numbers, the canvas's
//! text alternative.

use terrain_core::erosion::droplets::Ending;
use terrain_core::{Params, Stage, Terrain};

pub use terrain_core::words::{group_thousands, round_for_display};

use crate::settings::View;

/// Why an imported map has no link, where the link would be.
pub const NO_LINK: &str = "An imported map has no link: the file stays in this tab. \
                           Download it as a 16-bit PNG to keep it: the file records its \
                           heights, and importing it here brings them back.";

/// Why an imported map cannot be embedded, where the snippets would be.
pub const NO_EMBED: &str = "An imported map cannot be embedded: an embed makes its map \
                            from settings, and the file stays in this tab.";

/// A few words on what a stage shows, for the bar under a demo: the
/// algorithm's own words for its stages, erosion's after them.
pub fn stage_caption(params: &Params, stage: Stage) -> String {
    match stage {
        Stage::Droplets(1) => "One droplet fallen".to_owned(),
        Stage::Droplets(count) => {
            format!("{} droplets fallen", group_thousands(count as usize))
        }
        Stage::Slides(1) => "Slid once".to_owned(),
        Stage::Slides(count) => format!("Slid {count} times"),
        Stage::Step(step) => format!("One droplet, step {step}"),
        _ => params.caption(stage),
    }
}

/// The numbers behind a stage, for the scrubber (the stage's name says
/// which pass or octave): "squares 16 cells wide (radius 8) · jitter up to
/// ±0.15", "this octave: 16 cells across, weight 0.25".
pub fn stage_numbers(params: &Params, stage: Stage) -> String {
    if stage.is_erosion() {
        String::new()
    } else {
        params.stage_numbers(stage)
    }
}

/// What erosion's stage measured, for the line under a demo: where the
/// traced droplet is and what it carries, where the droplets' material
/// went, or how much slid. `None` for stages without erosion.
pub fn erosion_readout(terrain: &Terrain) -> Option<String> {
    let report = terrain.erosion.as_ref()?;
    if let (Stage::Step(step), Some(trace)) = (terrain.stage, &report.trace) {
        let taken = (step as usize).min(trace.steps.len());
        let now = trace.steps.get(taken).map_or(trace.end, |next| next.start);
        let mut words = format!(
            "at ({}, {}) · speed {} · water {} · sediment {}",
            round_for_display(now.x),
            round_for_display(now.y),
            round_for_display(now.speed),
            round_for_display(now.water),
            round_for_display(now.sediment),
        );
        if let Some(last) = taken.checked_sub(1).map(|index| trace.steps[index]) {
            words.push_str(&format!(
                " · capacity {} · this step eroded {}, deposited {}",
                round_for_display(last.capacity),
                round_for_display(last.eroded),
                round_for_display(last.deposited),
            ));
        }
        // Past its last step: how its run ended.
        if step as usize >= trace.steps.len() {
            words.push_str(match trace.ending {
                Ending::LifetimeOver => " · its lifetime is over",
                Ending::LeftMap => " · it has left the map",
                Ending::Stopped => " · it has stopped: no slope, no speed",
            });
        }
        return Some(words);
    }
    if let Some(ledger) = report.ledger {
        let imbalance = ledger.imbalance().abs();
        let balance = if imbalance == 0.0 {
            "to the last bit".to_owned()
        } else {
            format!("within {imbalance:.0e}")
        };
        return Some(format!(
            "eroded {} = deposited {} + still carried {} (balanced {balance})",
            round_for_display(ledger.eroded),
            round_for_display(ledger.deposited),
            round_for_display(ledger.carried),
        ));
    }
    report
        .moved
        .map(|moved| format!("material moved: {}", round_for_display(moved)))
}

/// What a generated map is, for the text alternative: "made by
/// diamond-square, first square step, seed 7".
pub fn provenance(params: &Params, stage: Stage) -> String {
    format!(
        "made by {}, {}, seed {}",
        params.algorithm.title().to_ascii_lowercase(),
        stage_caption(params, stage).to_ascii_lowercase(),
        params.map.seed
    )
}

/// The text alternative of a demo's canvas: what it shows and, in 3D, how
/// to move it.
pub fn describe(view: View, side: usize, provenance: &str, marked_points: usize) -> String {
    let shown = match view {
        View::Surface => "3D view",
        View::Picture => "Greyscale picture, seen from above,",
        View::Tiles => "3D view of four copies, side by side,",
        View::PictureTiles => "Greyscale picture of four copies, side by side,",
        View::Difference => "Picture of what erosion changed, seen from above,",
    };
    let marked = match marked_points {
        0 => String::new(),
        1 => " The one point this step set is highlighted.".to_owned(),
        count => format!(" The {count} points this step set are highlighted."),
    };
    let moving = if view.is_3d() {
        " Drag or use the arrow keys to turn it, Shift with arrows to pan, + and - (or, once it is clicked, the wheel) to zoom, 0 to reset."
    } else {
        ""
    };
    format!("{shown} of a {side} by {side} heightmap {provenance}.{marked}{moving}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::{Algorithm, MapSettings};

    #[test]
    fn the_description_says_what_is_shown_and_how_to_move_it() {
        let params = Params {
            map: MapSettings::new(3, 7),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        let what = provenance(&params, Stage::Square);
        let text = describe(View::Surface, 9, &what, 1);
        for part in [
            "9 by 9",
            "diamond-square",
            "first square step",
            "seed 7",
            "one point",
            "arrow keys",
        ] {
            assert!(text.contains(part), "{text} lacks {part}");
        }
        let flat = describe(View::Picture, 9, "imported from hills.png", 0);
        assert!(
            flat.starts_with("Greyscale picture") && !flat.contains("arrow keys"),
            "{flat}"
        );
    }

    #[test]
    fn stage_numbers_read_well() {
        let params = Params::new(Algorithm::DIAMOND_SQUARE);
        assert_eq!(
            stage_numbers(&params, Stage::Pass(2)),
            "squares 16 cells wide (radius 8) · jitter up to ±0.15"
        );
        assert_eq!(stage_numbers(&params, Stage::Done), "");
        let mut noise = Params::new(Algorithm::PERLIN_NOISE);
        (
            noise.noise.frequency,
            noise.noise.lacunarity,
            noise.noise.gain,
        ) = (4, 2.0, 0.5);
        assert_eq!(
            stage_numbers(&noise, Stage::Octave(3)),
            "this octave: 16 cells across, weight 0.25"
        );
        assert_eq!(round_for_display(0.30000000000000004), "0.3");
        assert_eq!(round_for_display(0.0), "0");
        assert_eq!(group_thousands(1_234_567), "1\u{202f}234\u{202f}567");
        assert_eq!(group_thousands(999), "999");
    }

    #[test]
    fn erosion_readouts_follow_the_droplet_and_balance_the_books() {
        use terrain_core::erosion::Method;
        let mut params = Params {
            map: MapSettings::new(6, 2),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        assert_eq!(
            erosion_readout(&params.generate(Stage::Done).expect("valid")),
            None
        );
        params.erosion.method = Method::Trace;
        let second = params.generate(Stage::Step(2)).expect("valid");
        let trace = second
            .erosion
            .as_ref()
            .and_then(|report| report.trace.as_ref())
            .expect("a trace");
        let readout = erosion_readout(&second).expect("a readout");
        let third = trace.steps[2].start;
        assert!(
            readout.starts_with(&format!(
                "at ({}, {}) · speed {}",
                round_for_display(third.x),
                round_for_display(third.y),
                round_for_display(third.speed)
            )),
            "{readout}"
        );
        assert!(readout.contains("capacity"), "{readout}");
        let end = params
            .generate(Stage::Step(params.erosion.droplets.lifetime))
            .expect("valid");
        let trace = end
            .erosion
            .as_ref()
            .and_then(|report| report.trace.as_ref())
            .expect("a trace");
        if trace.steps.len() < params.erosion.droplets.lifetime as usize {
            assert!(
                erosion_readout(&end)
                    .expect("a readout")
                    .contains(" · it has")
            );
        }
        params.erosion.method = Method::Droplets;
        params.erosion.droplets.droplets = 500;
        let many = erosion_readout(&params.generate(Stage::Droplets(500)).expect("valid"))
            .expect("a ledger");
        assert!(
            many.starts_with("eroded ") && many.contains(" = deposited "),
            "{many}"
        );
        params.erosion.method = Method::Thermal;
        params.erosion.thermal.iterations = 5;
        let slid =
            erosion_readout(&params.generate(Stage::Slides(5)).expect("valid")).expect("moved");
        assert!(slid.starts_with("material moved: "), "{slid}");
    }
}
