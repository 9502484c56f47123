//! `benchmarkAnalysis(part, exponent, seed)`: one part of what the Analyze
//! panel computes, timed by the browser benchmark page (`bench/analysis.js`)
//! entirely inside WebAssembly, so that nothing crossing to JavaScript is
//! counted. The map (diamond-square) is made on the first call for an
//! exponent and seed and kept, so only the part itself is timed.

use std::cell::RefCell;

use terrain_analysis::relief::{self, SlopeSummary};
use terrain_analysis::{Spectrum, distribution};
use terrain_core::{Algorithm, Error, Terrain, ValidParams};
use terrain_core::{Heightmap, Stage, spec::Surface};
use terrain_view::plots::panel;
use wasm_bindgen::prelude::*;

/// The parts, as the benchmark page names them.
const PARTS: &str = "floor, thin, spread, spectrum, slope, roughness, analysis, panel";

thread_local! {
    /// The last map made: its exponent, seed, the terrain and what the
    /// panel measures of it.
    static MAP: RefCell<Option<(u32, u64, Terrain, Heightmap)>> = const { RefCell::new(None) };
}

/// Runs `part` once on a diamond-square map of `exponent` made with
/// `seed`, and returns a number from its result, so the work cannot be
/// skipped. The parts:
///
/// - `floor`: reading the measured map once (summing its heights), the
///   least any measure of it costs;
/// - `thin`: taking every `2^k`-th point of a map wider than 513, as the
///   panel does (nothing to do up to exponent 9);
/// - `spread`: extremes, moments, height histogram, hypsometric curve;
/// - `spectrum`: the radially averaged spectrum, its fit and its picture;
/// - `slope`: the slope histogram and the steepest slope;
/// - `roughness`;
/// - `analysis`: all of it, as the panel measures a map
///   ([`panel::measure`], thinning included);
/// - `panel`: what the panel computes for a new map: the analysis and its
///   plots' markup and picture ([`panel::panel`]).
#[wasm_bindgen(js_name = benchmarkAnalysis)]
pub fn benchmark_analysis(part: &str, exponent: u32, seed: f64) -> Result<f64, JsError> {
    let describe = |error: Error| JsError::new(&error.describe_on(Surface::Option));
    let seed = seed as u64;
    MAP.with(|kept| {
        let mut kept = kept.borrow_mut();
        if !matches!(&*kept, Some((e, s, _, _)) if *e == exponent && *s == seed) {
            let params = ValidParams::new(Algorithm::DIAMOND_SQUARE)
                .with_exponent(exponent)
                .map_err(describe)?
                .with_seed(seed);
            let terrain = terrain_core::generate(&params, Stage::Done).map_err(describe)?;
            let measured = panel::measured_map(&terrain.heightmap).into_owned();
            *kept = Some((exponent, seed, terrain, measured));
        }
        let Some((_, _, terrain, measured)) = &*kept else {
            return Err(JsError::new("benchmarkAnalysis has no map"));
        };
        let heights = measured.heights();
        Ok(match part {
            "floor" => heights.iter().sum(),
            "thin" => panel::measured_map(&terrain.heightmap).heights()[1],
            "spread" => {
                let (moments, histogram) = distribution::spread(heights, 64);
                moments.std + histogram.hypsometric()[1]
            }
            "spectrum" => Spectrum::of(measured).power[3],
            "slope" => SlopeSummary::without_mean(measured, 1.0).max_degrees,
            "roughness" => relief::roughness(measured),
            "analysis" => panel::measure(&terrain.heightmap, 1.0).spectrum.power[3],
            "panel" => panel::panel(terrain, 1.0).figures[2].svg.len() as f64,
            other => {
                return Err(JsError::new(&format!(
                    "benchmarkAnalysis: part must be one of {PARTS}; got \"{other}\""
                )));
            }
        })
    })
}
