//! The work a request asks for: the one way a map gets made, whether the
//! worker asks or the page does it at once for a small map.

use terrain_core::{KeptOctaves, Terrain, Throttle};

use super::messages::{Job, Made, Reply, Request};
use crate::surface::build_surface;

/// The least share of the work worth a progress message: a hundred a
/// map, as many as a bar of a few hundred pixels can show.
const REPORT_STEP: f64 = 0.01;

/// Does what `request` asks, calling `progress(share, words)` as it goes.
pub fn run(request: Request, progress: &mut dyn FnMut(f64, &str)) -> Reply {
    run_keeping(request, None, progress)
}

/// As [`run`]; a noise map also reads and keeps its octaves in `kept`
/// (see [`KeptOctaves`]), as a page does for the maps it makes itself.
pub fn run_keeping(
    request: Request,
    kept: Option<&mut KeptOctaves>,
    progress: &mut dyn FnMut(f64, &str),
) -> Reply {
    let Request { job, look, mesh } = request;
    let (terrain, source) = match job {
        Job::Generate { params, stage } => {
            let mut throttle = Throttle::new(REPORT_STEP);
            let words = if stage.is_erosion() {
                "Generating and eroding the heights"
            } else {
                "Generating the heights"
            };
            let generated =
                terrain_core::generate_keeping(&params, stage, kept, &mut |share: f64| {
                    if throttle.passes(share) {
                        progress(0.7 * share, words);
                    }
                });
            match generated {
                Ok(terrain) => (terrain, None),
                Err(error) => {
                    return Reply::Failed {
                        message: error.to_string(),
                    };
                }
            }
        }
        Job::Import {
            heights, source, ..
        } => (Terrain::finished(heights), Some(source)),
        Job::Weather {
            heights,
            params,
            stage,
        } => {
            let mut throttle = Throttle::new(REPORT_STEP);
            let weathered = terrain_core::weather(heights, &params, stage, &mut |share: f64| {
                if throttle.passes(share) {
                    progress(0.7 * share, "Weathering the map");
                }
            });
            match weathered {
                Ok(terrain) => (terrain, None),
                Err(error) => {
                    return Reply::Failed {
                        message: error.to_string(),
                    };
                }
            }
        }
        Job::Mesh { heights } => (Terrain::finished(heights), None),
    };
    let surface = mesh.then(|| {
        progress(0.7, "Building the mesh");
        build_surface(&terrain, look)
    });
    progress(0.95, "Handing it over");
    Reply::Made(Box::new(Made {
        terrain,
        surface,
        source,
    }))
}
