//! What one spectrum needs besides the map: the transform's plans, its
//! buffers, and the tables that depend only on the map's size (each
//! component's ring, each ring's weight). The Analyze panel measures a
//! map of the same size again at every step of a drag, so the workspace
//! of the last size up to [`KEPT_SIDE`] is kept between calls instead of
//! being planned, allocated and zeroed anew each time; a wider map gets a
//! workspace of its own that goes when it is done (an exponent-12 one
//! holds about 400 MB).
//!
//! The transform is laid out column by column: each row's real transform
//! is written down its column, so every column's complex transform runs
//! on contiguous values in one call, and the components are read where
//! they lie (no transposing back).

use std::cell::RefCell;
use std::f64::consts::PI;
use std::sync::Arc;

use realfft::num_complex::Complex;
use realfft::num_traits::Zero;
use realfft::{RealFftPlanner, RealToComplex};
use rustfft::{Fft, FftPlanner};
use terrain_core::Heightmap;

/// The widest transform whose workspace is kept between calls: an
/// exponent-9 map's, the largest the Analyze panel measures point for
/// point (about 5 MB of buffers and tables).
pub const KEPT_SIDE: usize = 512;

/// A component's ring when it lies beyond the inscribed circle (left out
/// of the radial average: only some directions reach it).
pub const OUTSIDE: u32 = u32::MAX;

thread_local! {
    static KEPT: RefCell<Option<Workspace>> = const { RefCell::new(None) };
}

/// Runs `work` with a workspace for transforms `side` points wide: the
/// kept one when it fits, else a new one (kept if `side` is at most
/// [`KEPT_SIDE`]).
pub fn with<R>(side: usize, work: impl FnOnce(&mut Workspace) -> R) -> R {
    if side > KEPT_SIDE {
        return work(&mut Workspace::new(side));
    }
    KEPT.with(|kept| match kept.try_borrow_mut() {
        Ok(mut kept) => {
            if kept.as_ref().is_none_or(|workspace| workspace.side != side) {
                *kept = Some(Workspace::new(side));
            }
            match kept.as_mut() {
                Some(workspace) => work(workspace),
                None => work(&mut Workspace::new(side)),
            }
        }
        // Only if `work` itself measured a spectrum: it gets its own.
        Err(_) => work(&mut Workspace::new(side)),
    })
}

/// Plans, buffers and tables for transforms `side` points wide.
pub struct Workspace {
    side: usize,
    along_rows: Arc<dyn RealToComplex<f64>>,
    down_columns: Arc<dyn Fft<f64>>,
    row: Vec<f64>,
    row_transform: Vec<Complex<f64>>,
    row_scratch: Vec<Complex<f64>>,
    column_scratch: Vec<Complex<f64>>,
    /// The transform, column by column: component `(kx, ky)` at
    /// `kx * side + ky`.
    by_column: Vec<Complex<f64>>,
    /// The jumps across the edges (top to bottom along each column, left
    /// to right along each row) and their transforms.
    down_jumps: Vec<Complex<f64>>,
    across_jumps: Vec<Complex<f64>>,
    /// `1 - e^(2πik / side)` for each frequency index `k`: the factor a
    /// jump's transform takes at that frequency of the other direction.
    jump_factors: Vec<Complex<f64>>,
    /// `2 cos(2πk / side)`: the discrete Laplacian's part from frequency
    /// index `k` of one direction.
    twice_cosines: Vec<f64>,
    /// Each row's jump transform at every frequency index, the other half
    /// filled in from the first.
    across_at: Vec<Complex<f64>>,
    /// Each component's ring (its distance from the origin, rounded), or
    /// [`OUTSIDE`], column by column as [`Self::power`].
    rings: Vec<u32>,
    /// How many components each ring holds, the mirrored half plane's
    /// counted.
    ring_weight: Vec<f64>,
    /// Each ring's summed power, then its mean.
    ring_mean: Vec<f64>,
    /// Each component's power, column by column (see [`Self::power`]).
    power: Vec<f64>,
}

impl Workspace {
    fn new(side: usize) -> Self {
        let columns = side / 2 + 1;
        let half = side / 2;
        let along_rows = RealFftPlanner::<f64>::new().plan_fft_forward(side);
        let down_columns = FftPlanner::<f64>::new().plan_fft_forward(side);
        let turns: Vec<Complex<f64>> = (0..side)
            .map(|k| Complex::from_polar(1.0, 2.0 * PI * k as f64 / side as f64))
            .collect();
        let mut rings = Vec::with_capacity(side * columns);
        let mut ring_weight = vec![0.0; half + 1];
        for kx in 0..columns {
            // The other half plane mirrors this one: columns 0 and `half`
            // are their own mirror images.
            let weight = if kx == 0 || kx == half { 1.0 } else { 2.0 };
            for ky in 0..side {
                let fy = signed(ky, side) as f64;
                let ring = ((kx * kx) as f64 + fy * fy).sqrt().round() as usize;
                if ring <= half {
                    ring_weight[ring] += weight;
                    rings.push(ring as u32);
                } else {
                    rings.push(OUTSIDE);
                }
            }
        }
        Self {
            side,
            row: along_rows.make_input_vec(),
            row_transform: along_rows.make_output_vec(),
            row_scratch: along_rows.make_scratch_vec(),
            column_scratch: vec![Complex::zero(); down_columns.get_inplace_scratch_len()],
            along_rows,
            down_columns,
            by_column: vec![Complex::zero(); side * columns],
            down_jumps: vec![Complex::zero(); columns],
            across_jumps: vec![Complex::zero(); columns],
            jump_factors: turns
                .iter()
                .map(|&turn| Complex::new(1.0, 0.0) - turn)
                .collect(),
            twice_cosines: turns.iter().map(|turn| 2.0 * turn.re).collect(),
            across_at: vec![Complex::zero(); side],
            rings,
            ring_weight,
            ring_mean: vec![0.0; half + 1],
            power: vec![0.0; side * columns],
        }
    }

    /// The transform's width.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The power of every Fourier component of the periodic component,
    /// as [`Self::measure`] left it: `side / 2 + 1` columns of `side`
    /// values, component `(kx, ky)` at `kx * side + ky` (the other half
    /// plane is its mirror image), in map heights squared.
    pub fn power(&self) -> &[f64] {
        &self.power
    }

    /// Each component's ring, laid out as [`Self::power`].
    pub fn rings(&self) -> &[u32] {
        &self.rings
    }

    /// Each ring's mean power, rings 0 to `side / 2`, as [`Self::measure`]
    /// left it.
    pub fn ring_mean(&self) -> &[f64] {
        &self.ring_mean
    }

    /// Measures the power of every Fourier component of the periodic
    /// component of `map`'s first `side x side` points, and each ring's
    /// mean power (see the module's parent for the why of each step).
    pub fn measure(&mut self, map: &Heightmap) {
        let side = self.side;
        let width = map.side();
        let heights = map.heights();
        let columns = side / 2 + 1;
        let half = side / 2;
        // Each row's real transform, written down its column.
        for (y, row) in heights.chunks_exact(width).take(side).enumerate() {
            self.row.copy_from_slice(&row[..side]);
            // Only fails on buffers of the wrong length, which these are not.
            let _ = self.along_rows.process_with_scratch(
                &mut self.row,
                &mut self.row_transform,
                &mut self.row_scratch,
            );
            for (kx, &value) in self.row_transform.iter().enumerate() {
                self.by_column[kx * side + y] = value;
            }
        }
        self.down_columns
            .process_with_scratch(&mut self.by_column, &mut self.column_scratch);
        // Moisan's boundary image holds each jump on the two border points
        // it joins, with opposite signs; its transform is therefore the
        // jumps' one-dimensional transforms times a factor of the other
        // frequency, with no second two-dimensional transform.
        let last = side - 1;
        for x in 0..side {
            self.row[x] = heights[last * width + x] - heights[x];
        }
        let _ = self.along_rows.process_with_scratch(
            &mut self.row,
            &mut self.down_jumps,
            &mut self.row_scratch,
        );
        for y in 0..side {
            self.row[y] = heights[y * width + last] - heights[y * width];
        }
        let _ = self.along_rows.process_with_scratch(
            &mut self.row,
            &mut self.across_jumps,
            &mut self.row_scratch,
        );
        // A row's jump transform at the other half's frequencies is the
        // mirror image's conjugate (the jumps are real).
        for (ky, across_at) in self.across_at.iter_mut().enumerate() {
            *across_at = if ky < columns {
                self.across_jumps[ky]
            } else {
                self.across_jumps[side - ky].conj()
            };
        }
        let scale = 1.0 / (side * side) as f64;
        self.ring_mean.fill(0.0);
        let (factors, cosines, across) = (
            &self.jump_factors[..side],
            &self.twice_cosines[..side],
            &self.across_at[..side],
        );
        for kx in 0..columns {
            let weight = if kx == 0 || kx == half { 1.0 } else { 2.0 };
            let (down_at, across_factor, cosine) = (self.down_jumps[kx], factors[kx], cosines[kx]);
            let start = kx * side;
            let column = &self.by_column[start..][..side];
            let power = &mut self.power[start..][..side];
            let rings = &self.rings[start..][..side];
            for ky in 0..side {
                if kx == 0 && ky == 0 {
                    // The mean: no power of relief.
                    power[ky] = 0.0;
                    continue;
                }
                let jumps = down_at * factors[ky] + across[ky] * across_factor;
                // The smooth component's transform: the jumps' over the
                // discrete Laplacian's eigenvalue (never 0 away from the
                // origin).
                let laplacian = cosine + cosines[ky] - 4.0;
                let periodic = column[ky] - jumps / laplacian;
                let component = periodic.norm_sqr() * scale * scale;
                power[ky] = component;
                if let Some(sum) = self.ring_mean.get_mut(rings[ky] as usize) {
                    *sum += weight * component;
                }
            }
        }
        for (sum, &weight) in self.ring_mean.iter_mut().zip(&self.ring_weight) {
            *sum = if weight > 0.0 { *sum / weight } else { 0.0 };
        }
    }
}

/// A frequency index of a transform `side` long as a signed frequency:
/// indices past the middle are the negative frequencies.
pub fn signed(index: usize, side: usize) -> i64 {
    if index > side / 2 {
        index as i64 - side as i64
    } else {
        index as i64
    }
}
