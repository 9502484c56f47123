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

use super::columns::Columns;
use super::lattice::{FIRST_WARP_TABLE, Lattice};
use super::math::{floor_to_int, pow_unit};
use super::octaves::{first_octave_sites, lattice_for, octave_frequency, simplex_grid};
use super::simplex::{self, Grid};
use super::{Basis, Fade, NoiseSettings, Sample, Shape, Stage, perlin, value};
use crate::heightmap::{Extent, Heightmap};

/// How many times at most a run reports progress before the end.
const PROGRESS_REPORTS: usize = 16;

/// A basis with what it needs to know besides the lattice.
#[derive(Debug, Clone, Copy)]
enum Kernel {
    Value(Fade),
    Perlin(Fade),
    Simplex(Grid),
}

impl Kernel {
    fn new(settings: &NoiseSettings) -> Self {
        match settings.basis {
            Basis::Value => Kernel::Value(settings.fade),
            Basis::Perlin => Kernel::Perlin(settings.fade),
            Basis::Simplex => Kernel::Simplex(simplex_grid(settings)),
        }
    }

    #[inline(always)]
    fn sample(self, lattice: &Lattice, u: f64, v: f64) -> Sample {
        match self {
            Kernel::Value(fade) => value::sample(lattice, fade, u, v),
            Kernel::Perlin(fade) => perlin::sample(lattice, fade, u, v),
            Kernel::Simplex(grid) => simplex::sample(lattice, grid, u, v),
        }
    }

    /// Calls `emit(&mut out[x], noise)` along row `v` of `layer`.
    #[inline]
    fn row(
        self,
        layer: &Layer,
        v: f64,
        terms: &mut Terms,
        out: &mut [f64],
        emit: impl Fn(&mut f64, f64),
    ) {
        match self {
            Kernel::Value(fade) => value::row(
                &layer.lattice,
                fade,
                &layer.columns,
                v,
                &mut terms.value,
                out,
                emit,
            ),
            Kernel::Perlin(fade) => perlin::row(
                &layer.lattice,
                fade,
                &layer.columns,
                v,
                &mut terms.perlin,
                out,
                emit,
            ),
            Kernel::Simplex(grid) => {
                simplex::row(&layer.lattice, grid, &layer.columns.position, v, out, emit);
            }
        }
    }
}

impl Kernel {
    /// The noise and its gradient along row `v` of `layer`, into the
    /// scratch rows `values`, `along_u` and `along_v`.
    fn row_with_gradient(self, layer: &Layer, v: f64, terms: &mut Terms, rows: &mut GradientRows) {
        let GradientRows {
            values,
            along_u,
            along_v,
        } = rows;
        match self {
            Kernel::Value(fade) => value::row_with_gradient(
                &layer.lattice,
                fade,
                &layer.columns,
                v,
                &mut terms.value_with_gradient,
                values,
                along_u,
                along_v,
            ),
            Kernel::Perlin(fade) => perlin::row_with_gradient(
                &layer.lattice,
                fade,
                &layer.columns,
                v,
                &mut terms.perlin_with_gradient,
                values,
                along_u,
                along_v,
            ),
            Kernel::Simplex(grid) => {
                for (x, &u) in layer.columns.position.iter().enumerate() {
                    let sample = simplex::sample(&layer.lattice, grid, u, v);
                    values[x] = sample.value;
                    along_u[x] = sample.gradient[0];
                    along_v[x] = sample.gradient[1];
                }
            }
        }
    }
}

/// One row of noise values and their gradients.
#[derive(Debug, Default)]
struct GradientRows {
    values: Vec<f64>,
    along_u: Vec<f64>,
    along_v: Vec<f64>,
}

/// What the row kernels work out once per lattice column and row.
#[derive(Debug, Default)]
struct Terms {
    value: Vec<f64>,
    perlin: Vec<(f64, f64)>,
    value_with_gradient: Vec<(f64, f64)>,
    perlin_with_gradient: Vec<[(f64, f64); 2]>,
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
    fn new(
        settings: &NoiseSettings,
        table: usize,
        frequency: f64,
        first_frequency: f64,
        amplitude: f64,
        columns: usize,
    ) -> Self {
        let lattice = lattice_for(settings, table, frequency);
        // Octave 0 sits on the map's grid; every other table has its offset.
        let offset = if table == 0 {
            [0.0, 0.0]
        } else {
            lattice.offset()
        };
        let last = 1usize << settings.exponent;
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

/// Buffers one row at a time needs, allocated once per run.
#[derive(Debug, Default)]
struct Scratch {
    terms: Terms,
    /// One octave's noise and gradient along the row.
    octave: GradientRows,
    /// The running gradient sum of derivative damping, per column.
    slope: [Vec<f64>; 2],
    /// The warped positions, in cells of the first octave, per column.
    warped: [Vec<f64>; 2],
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

/// The most noise values a [`KeptOctaves`] holds: twelve octaves of a
/// 513 × 513 map, 25 MB.
const MAX_KEPT_VALUES: usize = 513 * 513 * 12;

/// Each octave's noise at every point of the last plain sum (no warp, no
/// damping, up to 513 × 513 points), kept by a page for the next map.
///
/// The gain, the number of octaves and the stage (octave `k` against the
/// finished map) only weight, count and finish the same octaves, as do
/// the shape and the power and terraces of `done`. A change of those alone
/// re-sums the kept noise instead of computing it again, with the same
/// operations in the same order, so the map is the same to the bit. At
/// 513 × 513 with 8 octaves that takes a redraw's handler in WebAssembly
/// from about 14 ms to about 6 (BENCHMARKS.md), for 16 MB kept.
#[derive(Debug, Clone, Default)]
pub struct KeptOctaves {
    /// The settings the noise was computed for, less those it does not
    /// depend on ([`noise_key`]); `None` while nothing is kept.
    made_for: Option<NoiseSettings>,
    /// Octaves kept per point.
    octaves: usize,
    /// Row by row, and in a row, octave by octave.
    noise: Vec<f64>,
}

impl KeptOctaves {
    /// Whether `plan`'s octaves are all kept.
    fn serves(&self, plan: &Plan) -> bool {
        self.made_for.as_ref() == Some(&noise_key(plan.settings)) && plan.summed <= self.octaves
    }

    /// Makes room for `plan`'s octaves, to be recorded row by row, or
    /// forgets the old ones when `plan` is not a plain sum that fits.
    fn start(&mut self, plan: &Plan) {
        let values = plan.computed * plan.computed * plan.octaves.len();
        let plain = plan.warp_fields.is_none() && plan.settings.damping == 0.0;
        if plain && values <= MAX_KEPT_VALUES {
            self.made_for = Some(noise_key(plan.settings));
            self.octaves = plan.octaves.len();
            // Every value is written as the rows are recorded, so old
            // ones need not be cleared first (16 MB at 513 × 513).
            self.noise.resize(values, 0.0);
        } else {
            *self = Self::default();
        }
    }

    /// Whether rows are being recorded or can be replayed.
    fn is_kept(&self) -> bool {
        self.made_for.is_some()
    }

    /// Row `y`'s octaves, each `computed` values long.
    fn row(&self, y: usize, computed: usize) -> &[f64] {
        let length = computed * self.octaves;
        &self.noise[y * length..][..length]
    }

    fn row_mut(&mut self, y: usize, computed: usize) -> &mut [f64] {
        let length = computed * self.octaves;
        &mut self.noise[y * length..][..length]
    }
}

/// `settings` less what an octave's noise does not depend on: what a
/// [`KeptOctaves`] is kept for.
fn noise_key(settings: &NoiseSettings) -> NoiseSettings {
    NoiseSettings {
        octaves: 0,
        gain: 0.0,
        shape: Shape::Plain,
        power: 1.0,
        terraces: 0,
        normalize: false,
        ..settings.clone()
    }
}

/// Everything the rows of one run share.
struct Plan<'a> {
    settings: &'a NoiseSettings,
    kernel: Kernel,
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

impl<'a> Plan<'a> {
    fn new(settings: &'a NoiseSettings, octave_count: u32) -> Self {
        let side = (1usize << settings.exponent) + 1;
        let computed = if settings.tileable { side - 1 } else { side };
        let first_frequency = octave_frequency(settings, 0);
        let mut amplitude = 1.0;
        let mut octaves = Vec::new();
        for octave in 0..octave_count {
            let frequency = octave_frequency(settings, octave);
            octaves.push(Layer::new(
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
                    Layer::new(
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
            kernel: Kernel::new(settings),
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

    /// The raw sum of the summed octaves along row `y`, into `sum`
    /// (whatever it held before).
    fn sum_row(&self, y: usize, scratch: &mut Scratch, sum: &mut [f64]) {
        sum.fill(0.0);
        if self.warp_fields.is_none() && self.settings.damping == 0.0 {
            self.sum_row_plainly(y, scratch, sum);
        } else {
            self.sum_row_point_by_point(y, scratch, sum);
        }
    }

    fn sum_row_plainly(&self, y: usize, scratch: &mut Scratch, sum: &mut [f64]) {
        for layer in &self.octaves[..self.summed] {
            let amplitude = layer.amplitude;
            let v = layer.row_position(y);
            let terms = &mut scratch.terms;
            // One loop per shape, so that no point asks which shape it is.
            let kernel = self.kernel;
            match self.settings.shape {
                Shape::Plain => kernel.row(layer, v, terms, sum, |sum, noise| {
                    *sum += amplitude * noise;
                }),
                Shape::Ridged => kernel.row(layer, v, terms, sum, |sum, noise| {
                    *sum += amplitude * Shape::Ridged.value(noise);
                }),
                Shape::SharpRidged => kernel.row(layer, v, terms, sum, |sum, noise| {
                    *sum += amplitude * Shape::SharpRidged.value(noise);
                }),
                Shape::Billow => kernel.row(layer, v, terms, sum, |sum, noise| {
                    *sum += amplitude * Shape::Billow.value(noise);
                }),
            }
        }
    }

    /// As [`Plan::sum_row_plainly`], also writing every planned octave's
    /// noise into `octaves` (one row of `sum`'s length per octave), the
    /// ones not summed included.
    fn record_row(&self, y: usize, scratch: &mut Scratch, octaves: &mut [f64], sum: &mut [f64]) {
        sum.fill(0.0);
        let rows = octaves.chunks_exact_mut(sum.len());
        for (index, (layer, noise)) in self.octaves.iter().zip(rows).enumerate() {
            let v = layer.row_position(y);
            self.kernel
                .row(layer, v, &mut scratch.terms, noise, |slot, value| {
                    *slot = value;
                });
            if index < self.summed {
                self.add_octave(layer.amplitude, noise, sum);
            }
        }
    }

    /// The sum of a row from its octaves' kept noise: the same operations
    /// in the same order as [`Plan::sum_row_plainly`], so the same bits.
    fn replay_row(&self, octaves: &[f64], sum: &mut [f64]) {
        sum.fill(0.0);
        for (layer, noise) in self.octaves[..self.summed]
            .iter()
            .zip(octaves.chunks_exact(sum.len()))
        {
            self.add_octave(layer.amplitude, noise, sum);
        }
    }

    /// Adds one octave's shaped `noise`, weighted, to `sum`.
    fn add_octave(&self, amplitude: f64, noise: &[f64], sum: &mut [f64]) {
        let shape = self.settings.shape;
        // One loop per shape, as in the kernels.
        match shape {
            Shape::Plain => {
                for (sum, &noise) in sum.iter_mut().zip(noise) {
                    *sum += amplitude * noise;
                }
            }
            Shape::Ridged | Shape::SharpRidged | Shape::Billow => {
                for (sum, &noise) in sum.iter_mut().zip(noise) {
                    *sum += amplitude * shape.value(noise);
                }
            }
        }
    }

    fn sum_row_point_by_point(&self, y: usize, scratch: &mut Scratch, sum: &mut [f64]) {
        let computed = self.computed;
        if let Some(fields) = &self.warp_fields {
            self.warp_row(fields, y, scratch);
        }
        let damping = self.settings.damping;
        let shape = self.settings.shape;
        let Scratch {
            terms,
            octave,
            slope,
            warped,
        } = scratch;
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
                        warped_u[x] * layer.ratio + layer.offset[0],
                        warped_v[x] * layer.ratio + layer.offset[1],
                    )
                };
                if damping > 0.0 {
                    for x in 0..computed {
                        let (u, v) = position(x);
                        let sample = self.kernel.sample(&layer.lattice, u, v);
                        octave.values[x] = sample.value;
                        octave.along_u[x] = sample.gradient[0];
                        octave.along_v[x] = sample.gradient[1];
                    }
                } else {
                    // The same sums without the gradient's, which the
                    // compiler drops once it sees nothing reads them.
                    for x in 0..computed {
                        let (u, v) = position(x);
                        octave.values[x] = self.kernel.sample(&layer.lattice, u, v).value;
                    }
                }
            } else {
                self.kernel
                    .row_with_gradient(layer, layer.row_position(y), terms, octave);
            }
            for x in 0..computed {
                let (shaped, shape_slope) = shape.apply(octave.values[x]);
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

    /// The warped positions of row `y`, in cells of the first octave.
    fn warp_row(&self, fields: &[[Layer; 2]; 2], y: usize, scratch: &mut Scratch) {
        let step = fields[0][0].step;
        for (axis, field) in fields.iter().enumerate() {
            let warped = &mut scratch.warped[axis];
            warped.clear();
            warped.resize(self.computed, 0.0);
            for layer in field {
                let amplitude = layer.amplitude;
                let v = layer.row_position(y);
                self.kernel
                    .row(layer, v, &mut scratch.terms, warped, |sum, noise| {
                        *sum += amplitude * noise;
                    });
            }
            for (x, position) in warped.iter_mut().enumerate() {
                let along = if axis == 0 { x } else { y };
                *position = along as f64 * step + self.settings.warp * *position;
            }
        }
    }

    /// Sums each computed row into the map's own row, then calls
    /// `finish` on it, reporting progress as it goes. Each octave's noise
    /// is read from `kept` when it holds this plan's octaves, else
    /// computed and, when `kept` is given, kept there for the next run.
    fn for_each_row(
        &self,
        map: &mut Heightmap,
        progress: &mut dyn FnMut(f64),
        mut kept: Option<&mut KeptOctaves>,
        mut finish: impl FnMut(&mut [f64]),
    ) {
        let replay = kept.as_deref().is_some_and(|kept| kept.serves(self));
        if let Some(kept) = kept.as_deref_mut().filter(|_| !replay) {
            kept.start(self);
        }
        let mut scratch = Scratch::default();
        let band = self.computed.div_ceil(PROGRESS_REPORTS);
        let side = map.side();
        for (y, row) in map.heights_mut().chunks_exact_mut(side).enumerate() {
            if y == self.computed {
                break;
            }
            let row = &mut row[..self.computed];
            match kept.as_deref_mut() {
                Some(kept) if replay => self.replay_row(kept.row(y, self.computed), row),
                Some(kept) if kept.is_kept() => {
                    self.record_row(y, &mut scratch, kept.row_mut(y, self.computed), row);
                }
                _ => self.sum_row(y, &mut scratch, row),
            }
            finish(row);
            let done = y + 1;
            if done % band == 0 || done == self.computed {
                progress(0.95 * done as f64 / self.computed as f64);
            }
        }
    }
}

/// Adds a row's values to `extent`, four lanes at a time: one running
/// minimum would make every comparison wait for the one before.
fn include_row(extent: &mut Extent, row: &[f64]) {
    let mut lanes = [Extent::EMPTY; 4];
    let chunks = row.chunks_exact(4);
    for &value in chunks.remainder() {
        extent.include(value);
    }
    for chunk in chunks {
        for (lane, &value) in lanes.iter_mut().zip(chunk) {
            lane.include(value);
        }
    }
    // A row of 3 (exponent 1) fills no lane: an empty lane's infinities
    // must not count.
    for lane in lanes.into_iter().filter(|lane| lane.low <= lane.high) {
        extent.include(lane.low);
        extent.include(lane.high);
    }
}

/// Runs the generator up to `stage`, reading and keeping octaves in
/// `kept` when given; the settings and stage are valid.
pub(crate) fn run(
    settings: &NoiseSettings,
    stage: Stage,
    kept: Option<&mut KeptOctaves>,
    progress: &mut dyn FnMut(f64),
) -> Heightmap {
    let mut map = Heightmap::zeroed(settings.exponent);
    let total = total_amplitude(settings);
    match stage {
        Stage::Lattice => write_lattice(settings, total, &mut map),
        Stage::Octave(count) => {
            // Octaves to keep are all planned, so that the scrubber's next
            // stages, which sum more of them, find them kept.
            let planned = if kept.is_some() {
                settings.octaves
            } else {
                count
            };
            let plan = Plan::new(settings, planned).summing(count);
            plan.for_each_row(&mut map, progress, kept, |row| {
                for height in row {
                    *height = fixed_height(*height, total);
                }
            });
        }
        // Done, and stages that are not noise's (never asked of it).
        _ => {
            let plan = Plan::new(settings, settings.octaves);
            let mut extent = Extent::EMPTY;
            plan.for_each_row(&mut map, progress, kept, |row| {
                if settings.normalize {
                    include_row(&mut extent, row);
                } else {
                    for height in row {
                        *height = fixed_height(*height, total);
                    }
                }
            });
            if settings.tileable {
                copy_first_row_and_column(&mut map);
            }
            if settings.normalize {
                map.normalize_within(extent.low, extent.high);
            }
            redistribute(settings, &mut map);
            return map;
        }
    }
    if settings.tileable {
        copy_first_row_and_column(&mut map);
    }
    map
}

/// The lattice stage: each point nearest a first-octave lattice point gets
/// that lattice point's noise (value noise: its value; Perlin and simplex:
/// 0), shaped and mapped as the first octave is. Where several lattice
/// points share a nearest map point (more cells than points), the last one
/// listed wins; [`first_octave_sites`] lists them row by row.
fn write_lattice(settings: &NoiseSettings, total: f64, map: &mut Heightmap) {
    let sites = first_octave_sites(settings);
    for site in &sites {
        let noise = match settings.basis {
            Basis::Value => super::lattice::value(site.hash),
            Basis::Perlin | Basis::Simplex => 0.0,
        };
        let (x, y) = site.nearest_point(map.last(), settings.tileable);
        map.set(x, y, fixed_height(settings.shape.apply(noise).0, total));
    }
}

/// `done`'s last step: the power, then the terraces.
///
/// A terrace of the `n` steps maps the offset `f` within its step (in
/// `[0, 1)`) to `f³`: a flat tread, then a steep riser up to the next
/// tread. Both ends stay put: 0 stays 0 and 1 stays 1.
fn redistribute(settings: &NoiseSettings, map: &mut Heightmap) {
    let power = settings.power;
    let terraces = f64::from(settings.terraces);
    if power == 1.0 && settings.terraces == 0 {
        return;
    }
    for height in map.heights_mut() {
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
    //! The raw sums, for tests of the stage semantics, and a way to spoil
    //! kept octaves.
    use super::*;

    /// The raw (unmapped) sums of the first `count` octaves, row-major over
    /// the computed points.
    pub(crate) fn raw_sums(settings: &NoiseSettings, count: u32) -> Vec<f64> {
        let plan = Plan::new(settings, count);
        let mut map = Heightmap::zeroed(settings.exponent);
        let mut sums = Vec::new();
        plan.for_each_row(&mut map, &mut |_| {}, None, |row| {
            sums.extend_from_slice(row)
        });
        sums
    }

    /// Overwrites every kept noise value with 0, so that a map read from
    /// `kept` shows it.
    pub(crate) fn spoil(kept: &mut KeptOctaves) {
        kept.noise.fill(0.0);
    }

    /// One octave's noise, as the generator reads it, at lattice positions.
    pub(crate) fn octave_sampler(
        settings: &NoiseSettings,
        octave: u32,
    ) -> impl Fn(f64, f64) -> Sample {
        let frequency = octave_frequency(settings, octave);
        let lattice = lattice_for(settings, octave as usize, frequency);
        let kernel = Kernel::new(settings);
        move |u, v| kernel.sample(&lattice, u, v)
    }
}
