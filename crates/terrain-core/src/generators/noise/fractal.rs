//! The fractal sum of octaves, its variants, and the stages.
//!
//! The map is computed **row by row, with every octave of a row before the
//! next row**: the row's running sum stays in the cache, and the map is
//! written once. (Octave by octave would stream the whole map through
//! memory once per octave, which costs more than the noise itself on a
//! 513 × 513 map.) Progress is therefore reported by rows, not octaves.
//!
//! - **Plain sums** use the bases' row kernels, which share each lattice
//!   column's work along the row ([`super::perlin`]).
//! - **Damping and warping** need each point's own position or its noise's
//!   gradient, so they sample point by point (the same sums, so a point
//!   gets the same noise either way).
//!
//! # Derivative damping
//!
//! After Iñigo Quilez's eroded fBm: a running sum `d` of the gradients of
//! the octaves so far (each octave's shaped noise, times its weight, with
//! its gradient converted to cells of the first octave) divides each later
//! octave's contribution by `1 + damping · |d|²`. On steep ground later
//! octaves fade, so slopes stay smooth and detail gathers in the flats and
//! on the crests, as if the terrain had been eroded. The gradient sum
//! counts the octaves undamped; it measures the noise, not the terrain.
//! The slope of noise with the linear fade jumps at every cell border, so
//! with that fade the damped terrain steps there: damping wants a smooth
//! fade.
//!
//! # Domain warping
//!
//! Two more noise fields `wx` and `wy` (the same basis, two octaves each: the
//! first octave's frequency and twice that, weights 1 and ½, divided by 1.5
//! so each stays in `[−1, 1]`) move the point every octave is read at by
//! `warp · (wx, wy)` cells of the first octave. Their lattices come from
//! tables 12 to 15 of the seed's stream. The warp fields are not warped
//! themselves. Damping's gradients ignore the warp's own stretching: they
//! are the noise's slopes at the warped position.

use std::ops::Range;

use super::basis::{Basis, GradientRows};
use super::columns::Columns;
use super::kept::{KeptOctaves, NoiseKey};
use super::lattice::{FIRST_WARP_TABLE, Lattice};
use super::math::{floor_to_int, pow_unit};
use super::settings::{NoiseSettings, Ridges, Shape};
use crate::heightmap::{Extent, Heightmap};
use crate::lanes::Pair;
use crate::params::{MapSettings, Params, Run};
use crate::stage::Stage;

use super::overlay::Site;

pub mod bands;

/// How many times at most a run reports progress before the end.
const PROGRESS_REPORTS: usize = 16;

/// The frequency of octave `octave` (from 0): cells across the map (for
/// simplex noise, lattice units), `frequency · lacunarity^octave`.
///
/// Tileable noise rounds it so that the octave repeats across the map
/// ([`Basis::tile_frequency`]). The power is taken by repeated
/// multiplication, which rounds the same way everywhere.
pub(crate) fn octave_frequency<B: Basis>(settings: &NoiseSettings, octave: u32) -> f64 {
    let mut frequency = f64::from(settings.frequency);
    for _ in 0..octave {
        frequency *= settings.lacunarity;
    }
    if settings.tileable {
        B::tile_frequency(frequency)
    } else {
        frequency
    }
}

/// The lattice of table `table` for noise of `frequency` across the map.
pub(crate) fn lattice_for<B: Basis>(
    seed: u64,
    settings: &NoiseSettings,
    table: usize,
    frequency: f64,
) -> Lattice {
    let period = settings
        .tileable
        .then(|| B::HASH_PERIOD_PER_SPAN * frequency as i64);
    Lattice::new(seed, table, period)
}

/// Room for what the row kernels work out once per lattice column and
/// row: for each layer (the octaves, then the warp fields' four) its own.
struct Terms<B: Basis> {
    plain: Vec<B::Terms>,
    with_gradient: B::GradientTerms,
}

/// One octave (or one octave of a warp field), ready to be read.
#[derive(Debug, Clone)]
struct Layer {
    lattice: Lattice,
    /// Lattice cells per map step: `frequency / last`.
    step: f64,
    /// Where map point `(0, 0)` sits in the lattice.
    offset: [f64; 2],
    /// The octave's weight.
    amplitude: f64,
    /// Its frequency over the first octave's.
    ratio: f64,
    columns: Columns,
}

impl Layer {
    fn new<B: Basis>(
        map: &MapSettings,
        settings: &NoiseSettings,
        table: usize,
        frequency: f64,
        first_frequency: f64,
        amplitude: f64,
        columns: usize,
    ) -> Self {
        let lattice = lattice_for::<B>(map.seed, settings, table, frequency);
        // Octave 0 sits on the map's grid; every other table has its offset.
        let offset = if table == 0 {
            [0.0, 0.0]
        } else {
            lattice.offset()
        };
        let last = 1usize << map.exponent;
        let step = frequency / last as f64;
        let columns = Columns::new(&lattice, settings.fade, columns, step, offset[0]);
        Self {
            lattice,
            step,
            offset,
            amplitude,
            ratio: frequency / first_frequency,
            columns,
        }
    }

    /// The lattice row coordinate of map row `y`.
    #[inline]
    fn row_position(&self, y: usize) -> f64 {
        y as f64 * self.step + self.offset[1]
    }
}

/// Buffers a pair of rows needs, allocated once per run.
struct Scratch<B: Basis> {
    terms: Terms<B>,
    /// The two rows' running sums, a row a lane.
    sums: Vec<Pair>,
    /// One octave's noise along the two rows, a row a lane.
    noise: Vec<Pair>,
    /// One octave's noise and gradient along one row.
    octave: GradientRows,
    /// The running gradient sum of derivative damping, per column.
    slope: [Vec<f64>; 2],
    /// The warped positions of the two rows, in cells of the first
    /// octave, per column (a row a lane).
    warped: [Vec<Pair>; 2],
    /// The ridged multifractal's weight per column, for each of the two
    /// rows: what the octaves so far let through to the next.
    weights: [Vec<f64>; 2],
}

impl<B: Basis> Default for Scratch<B> {
    fn default() -> Self {
        Self {
            terms: Terms {
                plain: Vec::new(),
                with_gradient: B::GradientTerms::default(),
            },
            sums: Vec::new(),
            noise: Vec::new(),
            octave: GradientRows::default(),
            slope: Default::default(),
            warped: Default::default(),
            weights: Default::default(),
        }
    }
}

/// The sum of weights of all `octaves` octaves: the fixed mapping's scale.
pub(crate) fn total_amplitude(settings: &NoiseSettings) -> f64 {
    let (mut total, mut amplitude) = (0.0, 1.0);
    for _ in 0..settings.octaves {
        total += amplitude;
        amplitude *= settings.gain;
    }
    total
}

/// The fixed mapping from a sum to a height: `0.5 + 0.5 · sum / total`,
/// held in `[0, 1]` against rounding.
#[inline]
fn fixed_height(sum: f64, total: f64) -> f64 {
    (0.5 + 0.5 * (sum / total)).clamp(0.0, 1.0)
}

/// Everything the rows of one run share.
struct Plan<'a, B: Basis> {
    settings: &'a NoiseSettings,
    basis: B,
    /// What the octaves' noise depends on, for [`KeptOctaves`].
    key: NoiseKey,
    /// The octaves planned: those the stage sums, or, when they are to be
    /// kept, all the settings have.
    octaves: Vec<Layer>,
    /// How many of them the stage sums.
    summed: usize,
    /// Two layers for each of the two warp fields, when warping.
    warp_fields: Option<[[Layer; 2]; 2]>,
    /// Columns (and rows) computed: all of them, or all but the last for a
    /// tileable map, whose last ones are copies.
    computed: usize,
}

impl<'a, B: Basis> Plan<'a, B> {
    fn new(params: &'a Params, octave_count: u32) -> Self {
        let (map, settings) = (&params.map, &params.noise);
        let side = map.side();
        let computed = if settings.tileable { side - 1 } else { side };
        let first_frequency = octave_frequency::<B>(settings, 0);
        let mut amplitude = 1.0;
        let mut octaves = Vec::new();
        for octave in 0..octave_count {
            let frequency = octave_frequency::<B>(settings, octave);
            octaves.push(Layer::new::<B>(
                map,
                settings,
                octave as usize,
                frequency,
                first_frequency,
                amplitude,
                computed,
            ));
            amplitude *= settings.gain;
        }
        let warp_fields = (settings.warp > 0.0).then(|| {
            let field = |first_table: usize| {
                [(0, 1.0), (1, 0.5)].map(|(octave, amplitude)| {
                    let frequency = first_frequency * if octave == 0 { 1.0 } else { 2.0 };
                    Layer::new::<B>(
                        map,
                        settings,
                        first_table + octave,
                        frequency,
                        first_frequency,
                        amplitude / 1.5,
                        computed,
                    )
                })
            };
            [field(FIRST_WARP_TABLE), field(FIRST_WARP_TABLE + 2)]
        });
        Self {
            settings,
            basis: B::new(settings),
            key: NoiseKey::new(params.algorithm.name(), map.exponent, map.seed, settings),
            summed: octaves.len(),
            octaves,
            warp_fields,
            computed,
        }
    }

    /// The plan with only its first `count` octaves summed.
    fn summing(mut self, count: u32) -> Self {
        self.summed = self.summed.min(count as usize);
        self
    }

    /// The lattice row coordinates of map rows `rows` in `layer`, a row a
    /// lane.
    #[inline]
    fn row_positions(layer: &Layer, rows: [usize; 2]) -> Pair {
        Pair::new(layer.row_position(rows[0]), layer.row_position(rows[1]))
    }

    /// The raw sums of the summed octaves along map rows `rows` (the
    /// second may be the first again, for a lone last row), into `first`
    /// and, if given, `second` (whatever they held before).
    fn sum_rows(
        &self,
        rows: [usize; 2],
        scratch: &mut Scratch<B>,
        first: &mut [f64],
        second: Option<&mut [f64]>,
    ) {
        if self.warp_fields.is_none() && self.settings.damping == 0.0 {
            self.sum_rows_plainly(rows, scratch);
            split_lanes(&scratch.sums, first, second);
            return;
        }
        if let Some(fields) = &self.warp_fields {
            self.warp_rows(fields, rows, scratch);
        }
        self.sum_row_point_by_point(rows[0], 0, scratch, first);
        if let Some(second) = second {
            self.sum_row_point_by_point(rows[1], 1, scratch, second);
        }
    }

    /// The plain sums of rows `rows`, into `scratch.sums`, a row a lane.
    fn sum_rows_plainly(&self, rows: [usize; 2], scratch: &mut Scratch<B>) {
        let ridges = self.settings.ridges;
        let Scratch {
            terms,
            sums,
            noise,
            weights,
            ..
        } = scratch;
        sums.clear();
        sums.resize(self.computed, Pair::default());
        for (index, layer) in self.octaves[..self.summed].iter().enumerate() {
            let amplitude = Pair::splat(layer.amplitude);
            let v = Self::row_positions(layer, rows);
            let terms = &mut terms.plain[index];
            let (basis, lattice, columns) = (self.basis, &layer.lattice, &layer.columns);
            // One loop per shape, so that no point asks which shape it is.
            match self.settings.shape {
                Shape::Plain => basis.rows(lattice, columns, v, terms, sums, |sum, noise| {
                    *sum = *sum + amplitude * noise;
                }),
                Shape::Ridged => basis.rows(lattice, columns, v, terms, sums, |sum, noise| {
                    let shaped = noise.map(|noise| Shape::Ridged.value(noise, ridges, 1.0));
                    *sum = *sum + amplitude * shaped;
                }),
                Shape::SharpRidged => basis.rows(lattice, columns, v, terms, sums, |sum, noise| {
                    let shaped = noise.map(|noise| Shape::SharpRidged.value(noise, ridges, 1.0));
                    *sum = *sum + amplitude * shaped;
                }),
                Shape::Billow => basis.rows(lattice, columns, v, terms, sums, |sum, noise| {
                    let shaped = noise.map(|noise| Shape::Billow.value(noise, ridges, 1.0));
                    *sum = *sum + amplitude * shaped;
                }),
                // Each point's weight carries from octave to octave: the
                // octave's noise first, then the sum, lane by lane.
                Shape::RidgedMultifractal => {
                    noise.resize(sums.len(), Pair::default());
                    basis.rows(lattice, columns, v, terms, noise, |slot, value| {
                        *slot = value;
                    });
                    if index == 0 {
                        for lane in weights.iter_mut() {
                            lane.clear();
                            lane.resize(sums.len(), 1.0);
                        }
                    }
                    let [first, second] = weights;
                    let points = sums.iter_mut().zip(noise.iter()).zip(first).zip(second);
                    for (((sum, noise), first), second) in points {
                        let [noise_first, noise_second] = noise.lanes();
                        let [sum_first, sum_second] = sum.lanes();
                        *sum = Pair::new(
                            sum_first + layer.amplitude * ridged(ridges, noise_first, first),
                            sum_second + layer.amplitude * ridged(ridges, noise_second, second),
                        );
                    }
                }
            }
        }
    }

    /// As [`Plan::sum_rows`] for a plain sum, also writing every planned
    /// octave's noise of rows `rows` into `kept` (the ones not summed
    /// included), then summing it as [`Plan::replay_row`] does, which is
    /// what [`Plan::sum_rows_plainly`] does too.
    fn record_rows(
        &self,
        rows: [usize; 2],
        scratch: &mut Scratch<B>,
        kept: &mut KeptOctaves,
        first: &mut [f64],
        second: Option<&mut [f64]>,
    ) {
        let computed = self.computed;
        let lanes = if second.is_some() { 2 } else { 1 };
        let noise = &mut scratch.noise;
        noise.resize(computed, Pair::default());
        for (index, layer) in self.octaves.iter().enumerate() {
            let terms = &mut scratch.terms.plain[index];
            let v = Self::row_positions(layer, rows);
            self.basis.rows(
                &layer.lattice,
                &layer.columns,
                v,
                terms,
                noise,
                |slot, value| {
                    *slot = value;
                },
            );
            for (lane, &y) in rows.iter().enumerate().take(lanes) {
                let row = &mut kept.row_mut(y, computed)[index * computed..][..computed];
                for (kept, noise) in row.iter_mut().zip(noise.iter()) {
                    *kept = noise.lane(lane);
                }
            }
        }
        let [first_weights, second_weights] = &mut scratch.weights;
        self.replay_row(kept.row(rows[0], computed), first, first_weights);
        if let Some(second) = second {
            self.replay_row(kept.row(rows[1], computed), second, second_weights);
        }
    }

    /// The sum of a row from its octaves' kept noise: the same operations
    /// in the same order as [`Plan::sum_rows_plainly`], so the same bits.
    fn replay_row(&self, octaves: &[f64], sum: &mut [f64], weights: &mut Vec<f64>) {
        sum.fill(0.0);
        for (index, (layer, noise)) in self.octaves[..self.summed]
            .iter()
            .zip(octaves.chunks_exact(sum.len()))
            .enumerate()
        {
            self.add_octave(index, layer.amplitude, noise, sum, weights);
        }
    }

    /// Adds octave `index`'s shaped `noise`, weighted, to `sum`; the
    /// ridged multifractal also reads and updates each point's `weights`
    /// (set to 1 at the first octave).
    fn add_octave(
        &self,
        index: usize,
        amplitude: f64,
        noise: &[f64],
        sum: &mut [f64],
        weights: &mut Vec<f64>,
    ) {
        let (shape, ridges) = (self.settings.shape, self.settings.ridges);
        // One loop per shape, as in the kernels.
        match shape {
            Shape::Plain => {
                for (sum, &noise) in sum.iter_mut().zip(noise) {
                    *sum += amplitude * noise;
                }
            }
            Shape::Ridged | Shape::SharpRidged | Shape::Billow => {
                for (sum, &noise) in sum.iter_mut().zip(noise) {
                    *sum += amplitude * shape.value(noise, ridges, 1.0);
                }
            }
            Shape::RidgedMultifractal => {
                if index == 0 {
                    weights.clear();
                    weights.resize(sum.len(), 1.0);
                }
                for ((sum, &noise), weight) in sum.iter_mut().zip(noise).zip(weights) {
                    *sum += amplitude * ridged(ridges, noise, weight);
                }
            }
        }
    }

    /// The sum of row `y`, lane `lane` of the rows just warped, point by
    /// point, into `sum` (whatever it held before).
    fn sum_row_point_by_point(
        &self,
        y: usize,
        lane: usize,
        scratch: &mut Scratch<B>,
        sum: &mut [f64],
    ) {
        sum.fill(0.0);
        let computed = self.computed;
        let damping = self.settings.damping;
        let (shape, ridges) = (self.settings.shape, self.settings.ridges);
        let Scratch {
            terms,
            octave,
            slope,
            warped,
            weights,
            ..
        } = scratch;
        let weights = &mut weights[0];
        weights.clear();
        weights.resize(computed, 1.0);
        for row in [&mut octave.values, &mut octave.along_u, &mut octave.along_v] {
            row.resize(computed, 0.0);
        }
        let [slope_u, slope_v] = slope;
        slope_u.clear();
        slope_u.resize(computed, 0.0);
        slope_v.clear();
        slope_v.resize(computed, 0.0);
        for layer in &self.octaves[..self.summed] {
            if self.warp_fields.is_some() {
                // Each point is read where the warp moved it.
                let [warped_u, warped_v] = &*warped;
                let position = |x: usize| {
                    (
                        warped_u[x].lane(lane) * layer.ratio + layer.offset[0],
                        warped_v[x].lane(lane) * layer.ratio + layer.offset[1],
                    )
                };
                if damping > 0.0 {
                    for x in 0..computed {
                        let (u, v) = position(x);
                        let sample = self.basis.sample(&layer.lattice, u, v);
                        octave.values[x] = sample.value;
                        octave.along_u[x] = sample.gradient[0];
                        octave.along_v[x] = sample.gradient[1];
                    }
                } else {
                    // The same sums without the gradient's, which the
                    // compiler drops once it sees nothing reads them.
                    for x in 0..computed {
                        let (u, v) = position(x);
                        octave.values[x] = self.basis.sample(&layer.lattice, u, v).value;
                    }
                }
            } else {
                self.basis.row_with_gradient(
                    &layer.lattice,
                    &layer.columns,
                    layer.row_position(y),
                    &mut terms.with_gradient,
                    octave,
                );
            }
            for x in 0..computed {
                let noise = octave.values[x];
                let (shaped, shape_slope) = shape.apply(noise, ridges, weights[x]);
                if shape == Shape::RidgedMultifractal {
                    weights[x] = ridges.next_weight(ridges.signal(noise, weights[x]));
                }
                let contribution = layer.amplitude * shaped;
                if damping > 0.0 {
                    let steepness = slope_u[x] * slope_u[x] + slope_v[x] * slope_v[x];
                    sum[x] += contribution / (1.0 + damping * steepness);
                    let scale = layer.amplitude * layer.ratio * shape_slope;
                    slope_u[x] += scale * octave.along_u[x];
                    slope_v[x] += scale * octave.along_v[x];
                } else {
                    sum[x] += contribution;
                }
            }
        }
    }

    /// The warped positions of rows `rows`, in cells of the first octave,
    /// into `scratch.warped`, a row a lane.
    fn warp_rows(&self, fields: &[[Layer; 2]; 2], rows: [usize; 2], scratch: &mut Scratch<B>) {
        let step = Pair::splat(fields[0][0].step);
        let warp = Pair::splat(self.settings.warp);
        let down = Pair::new(rows[0] as f64, rows[1] as f64);
        for (axis, field) in fields.iter().enumerate() {
            let warped = &mut scratch.warped[axis];
            warped.clear();
            warped.resize(self.computed, Pair::default());
            for (index, layer) in field.iter().enumerate() {
                let amplitude = Pair::splat(layer.amplitude);
                let terms = &mut scratch.terms.plain[self.octaves.len() + 2 * axis + index];
                let v = Self::row_positions(layer, rows);
                self.basis.rows(
                    &layer.lattice,
                    &layer.columns,
                    v,
                    terms,
                    warped,
                    |sum, noise| {
                        *sum = *sum + amplitude * noise;
                    },
                );
            }
            for (x, position) in warped.iter_mut().enumerate() {
                let along = if axis == 0 {
                    Pair::splat(x as f64)
                } else {
                    down
                };
                *position = along * step + warp * *position;
            }
        }
    }

    /// Sums computed rows `rows` onto the end of `heights`, `side` heights
    /// a row (those past the computed columns left at 0), calling `finish`
    /// on each row's computed heights, and reporting progress as it goes.
    /// Each octave's noise is read from `kept` when it holds this plan's
    /// octaves, else computed and, when `kept` is given, kept there for
    /// the next run (`kept` is for whole maps only). Every row is the same
    /// whatever the band it is made in.
    fn for_each_row(
        &self,
        rows: Range<usize>,
        heights: &mut Vec<f64>,
        side: usize,
        progress: &mut dyn FnMut(f64),
        mut kept: Option<&mut KeptOctaves>,
        mut finish: impl FnMut(&mut [f64]),
    ) {
        let replay = kept
            .as_deref()
            .is_some_and(|kept| kept.serves(&self.key, self.summed));
        let plain = self.warp_fields.is_none() && self.settings.damping == 0.0;
        if let Some(kept) = kept.as_deref_mut().filter(|_| !replay) {
            kept.start(&self.key, self.octaves.len(), self.computed, plain);
        }
        let mut scratch = Scratch::<B>::default();
        let layers = self.octaves.len() + 4;
        scratch.terms.plain.resize_with(layers, B::Terms::default);
        let computed = self.computed;
        let count = rows.len();
        let band = count.div_ceil(PROGRESS_REPORTS);
        // Rows go in pairs, a row a lane; a lone last row is read twice
        // and kept once.
        for y in rows.clone().step_by(2) {
            let pair = [y, (y + 1).min(rows.end - 1)];
            let lanes = pair[1] - y + 1;
            let start = heights.len();
            match kept.as_deref_mut().filter(|kept| replay || kept.is_kept()) {
                // The common case: the sums go straight onto the end of
                // the map, lane by lane, so each height is written once
                // (filling the rows with zeros first cost a pass of its
                // own over the map). A loop for each lane: with the lane a
                // variable, WebAssembly read it through memory, each pair
                // stored and one lane loaded back (a sixth of the time
                // spent finishing the rows, in a profile).
                None if plain => {
                    self.sum_rows_plainly(pair, &mut scratch);
                    heights.extend(scratch.sums.iter().map(|sums| sums.first()));
                    heights.resize(start + side, 0.0);
                    if lanes == 2 {
                        heights.extend(scratch.sums.iter().map(|sums| sums.second()));
                        heights.resize(start + 2 * side, 0.0);
                    }
                }
                kept => {
                    heights.resize(start + lanes * side, 0.0);
                    let (first, rest) = heights[start..].split_at_mut(side);
                    let first = &mut first[..computed];
                    let second = (lanes == 2).then(|| &mut rest[..computed]);
                    self.rows_into(pair, &mut scratch, kept, replay, first, second);
                }
            }
            for lane in 0..lanes {
                finish(&mut heights[start + lane * side..][..computed]);
            }
            let (before, done) = (y - rows.start, pair[1] + 1 - rows.start);
            if done / band > before / band || done == count {
                progress(0.95 * done as f64 / count as f64);
            }
        }
    }

    /// Rows `pair` into `first` and, for a pair, `second`: replayed from
    /// `kept` when `replay`, else computed (and recorded into `kept` when
    /// given).
    fn rows_into(
        &self,
        pair: [usize; 2],
        scratch: &mut Scratch<B>,
        kept: Option<&mut KeptOctaves>,
        replay: bool,
        first: &mut [f64],
        mut second: Option<&mut [f64]>,
    ) {
        let computed = self.computed;
        match kept {
            Some(kept) if replay => {
                let [first_weights, second_weights] = &mut scratch.weights;
                self.replay_row(kept.row(pair[0], computed), first, first_weights);
                if let Some(second) = second {
                    self.replay_row(kept.row(pair[1], computed), second, second_weights);
                }
            }
            Some(kept) => self.record_rows(pair, scratch, kept, first, second.as_deref_mut()),
            None => self.sum_rows(pair, scratch, first, second),
        }
    }
}

/// Splits `pairs` into its lanes: the first into `first`, the second into
/// `second` if given.
fn split_lanes(pairs: &[Pair], first: &mut [f64], second: Option<&mut [f64]>) {
    match second {
        Some(second) => {
            for ((pair, first), second) in pairs.iter().zip(first).zip(second) {
                [*first, *second] = pair.lanes();
            }
        }
        None => {
            for (pair, first) in pairs.iter().zip(first) {
                *first = pair.first();
            }
        }
    }
}

/// An octave's contribution to a ridged multifractal at a point whose
/// weight so far is `weight`, which becomes what this octave lets through
/// to the next (see [`Ridges`]).
#[inline]
fn ridged(ridges: Ridges, noise: f64, weight: &mut f64) -> f64 {
    let signal = ridges.signal(noise, *weight);
    *weight = ridges.next_weight(signal);
    2.0 * signal - 1.0
}

/// Adds a row's values to `extent`, four lanes at a time (two pairs): one
/// running minimum would make every comparison wait for the one before.
/// Each lane sees the values it always has, so the result is the same to
/// the bit, signed zeros included.
fn include_row(extent: &mut Extent, row: &[f64]) {
    let chunks = row.chunks_exact(4);
    for &value in chunks.remainder() {
        extent.include(value);
    }
    let mut low = [Pair::splat(f64::INFINITY); 2];
    let mut high = [Pair::splat(f64::NEG_INFINITY); 2];
    for chunk in chunks {
        for (half, values) in chunk.chunks_exact(2).enumerate() {
            let values = Pair::new(values[0], values[1]);
            low[half] = low[half].min_with(values);
            high[half] = high[half].max_with(values);
        }
    }
    // A row of 3 (exponent 1) fills no lane: an empty lane's infinities
    // must not count.
    let lanes = (0..4).map(|lane| Extent {
        low: low[lane / 2].lanes()[lane % 2],
        high: high[lane / 2].lanes()[lane % 2],
    });
    for lane in lanes.filter(|lane| lane.low <= lane.high) {
        extent.include(lane.low);
        extent.include(lane.high);
    }
}

/// Makes the noise `params` describe, with basis `B`, up to `stage`,
/// reading and keeping octaves in `run.kept` when given; the parameters
/// and stage are valid.
pub(crate) fn run<B: Basis>(params: &Params, stage: Stage, run: &mut Run) -> Heightmap {
    let (progress, kept) = (&mut *run.progress, run.kept.as_deref_mut());
    let settings = &params.noise;
    let total = total_amplitude(settings);
    let (exponent, side) = (params.map.exponent, params.map.side());
    let mut heights = Vec::with_capacity(side * side);
    match stage {
        Stage::Lattice => {
            let mut map = Heightmap::zeroed(exponent);
            write_lattice::<B>(params, total, &mut map);
            if settings.tileable {
                copy_first_row_and_column(&mut map);
            }
            map
        }
        Stage::Octave(count) => {
            // Octaves to keep are all planned, so that the scrubber's next
            // stages, which sum more of them, find them kept.
            let planned = if kept.is_some() {
                settings.octaves
            } else {
                count
            };
            let plan = Plan::<B>::new(params, planned).summing(count);
            let rows = 0..plan.computed;
            plan.for_each_row(rows, &mut heights, side, progress, kept, |row| {
                for height in row {
                    *height = fixed_height(*height, total);
                }
            });
            whole_map(exponent, settings, heights)
        }
        // Done, and stages that are not noise's (never asked of it).
        _ => {
            let plan = Plan::<B>::new(params, settings.octaves);
            let normalize = params.map.normalize;
            let mut extent = Extent::EMPTY;
            let rows = 0..plan.computed;
            plan.for_each_row(rows, &mut heights, side, progress, kept, |row| {
                if normalize {
                    include_row(&mut extent, row);
                } else {
                    for height in row {
                        *height = fixed_height(*height, total);
                    }
                }
            });
            let mut map = whole_map(exponent, settings, heights);
            if normalize {
                map.normalize_within(extent.low, extent.high);
            }
            redistribute(settings, map.heights_mut());
            map
        }
    }
}

/// The map of all the computed rows in `heights`: with the last row and
/// column of a tileable map copied from the first.
fn whole_map(exponent: u32, settings: &NoiseSettings, mut heights: Vec<f64>) -> Heightmap {
    let side = (1usize << exponent) + 1;
    heights.resize(side * side, 0.0);
    let mut map = Heightmap::of_heights(exponent, heights);
    if settings.tileable {
        copy_first_row_and_column(&mut map);
    }
    map
}

/// The lattice stage: each point nearest a first-octave site gets that
/// site's noise (value noise: its value; Perlin and simplex: 0), shaped
/// and mapped as the first octave is. Where several sites share a nearest
/// map point (more cells than points), the last one listed wins;
/// [`first_octave_sites`] lists them row by row.
fn write_lattice<B: Basis>(params: &Params, total: f64, map: &mut Heightmap) {
    let settings = &params.noise;
    let basis = B::new(settings);
    let (lattice, span) = first_octave_lattice::<B>(params);
    let step = span / map.last() as f64;
    for site in basis.sites(&lattice, span, map.last() as f64) {
        let noise = basis.site_noise(&lattice, &site, step);
        let (x, y) = site.nearest_point(map.last(), settings.tileable);
        let shaped = settings.shape.value(noise, settings.ridges, 1.0);
        map.set(x, y, fixed_height(shaped, total));
    }
}

/// The first octave's lattice and its span across the map, in lattice
/// units: what the `lattice` stage and the overlays show.
pub(crate) fn first_octave_lattice<B: Basis>(params: &Params) -> (Lattice, f64) {
    let span = octave_frequency::<B>(&params.noise, 0);
    (
        lattice_for::<B>(params.map.seed, &params.noise, 0, span),
        span,
    )
}

/// The first octave's sites on the map, row by row.
pub(crate) fn first_octave_sites<B: Basis>(params: &Params) -> Vec<Site> {
    let (lattice, span) = first_octave_lattice::<B>(params);
    let last = params.map.side() - 1;
    B::new(&params.noise).sites(&lattice, span, last as f64)
}

/// `done`'s last step: the power, then the terraces.
///
/// A terrace of the `n` steps maps the offset `f` within its step (in
/// `[0, 1)`) to `f³`: a flat tread, then a steep riser up to the next
/// tread. Both ends stay put: 0 stays 0 and 1 stays 1.
fn redistribute(settings: &NoiseSettings, heights: &mut [f64]) {
    let power = settings.power;
    let terraces = f64::from(settings.terraces);
    if power == 1.0 && settings.terraces == 0 {
        return;
    }
    for height in heights {
        let mut value = *height;
        if power != 1.0 {
            value = pow_unit(value, power);
        }
        if settings.terraces > 0 {
            let scaled = value * terraces;
            let step = floor_to_int(scaled) as f64;
            let within = scaled - step;
            value = ((step + within * within * within) / terraces).min(1.0);
        }
        *height = value;
    }
}

/// Makes the last row and column of a tileable map equal its first.
fn copy_first_row_and_column(map: &mut Heightmap) {
    let side = map.side();
    let last = map.last();
    let heights = map.heights_mut();
    for y in 0..last {
        heights[y * side + last] = heights[y * side];
    }
    heights.copy_within(0..side, last * side);
}

#[cfg(test)]
pub(crate) mod testing {
    //! The raw sums and one octave's samples, for tests of the stage
    //! semantics and of the bases (`tests.rs` picks the basis by name).
    use super::*;
    use crate::generators::noise::basis::Sample;

    /// The raw (unmapped) sums of the first `count` octaves, row-major over
    /// the computed points.
    pub(crate) fn raw_sums<B: Basis>(params: &Params, count: u32) -> Vec<f64> {
        let plan = Plan::<B>::new(params, count);
        let (mut heights, mut sums) = (Vec::new(), Vec::new());
        let side = params.map.side();
        plan.for_each_row(
            0..plan.computed,
            &mut heights,
            side,
            &mut |_| {},
            None,
            |row| sums.extend_from_slice(row),
        );
        sums
    }

    /// One octave's noise, as the generator reads it, at lattice positions.
    pub(crate) fn octave_sampler<B: Basis + 'static>(
        params: &Params,
        octave: u32,
    ) -> Box<dyn Fn(f64, f64) -> Sample> {
        let frequency = octave_frequency::<B>(&params.noise, octave);
        let lattice = lattice_for::<B>(params.map.seed, &params.noise, octave as usize, frequency);
        let basis = B::new(&params.noise);
        Box::new(move |u, v| basis.sample(&lattice, u, v))
    }
}
