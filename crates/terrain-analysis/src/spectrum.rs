//! How much of a map's relief each scale holds: the radially averaged power
//! spectrum, the straight line it follows on log-log axes, and a small
//! picture of the whole two-dimensional spectrum.
//!
//! # Edges
//!
//! A discrete Fourier transform treats a map as one tile of an endless
//! repeat. Our maps do not repeat (tileable ones aside): the jump from the
//! last column back to the first is a cliff the map does not have, and a
//! cliff's spectrum falls as `f^-2`, far shallower than a terrain's
//! `f^-3` to `f^-4`, so it would hide the terrain's own slope. We take the
//! map's **periodic component** (Moisan's periodic-plus-smooth
//! decomposition, 2011): the map is the sum of a map that does repeat and
//! a smooth map that carries exactly the jumps across the edges; the
//! smooth one is known in closed form from the jumps, so subtracting its
//! transform leaves the periodic one's. Unlike a window, it keeps every
//! point's weight, so the lowest frequencies stay as sharp as the map
//! allows. The map's last row and column are left out: the transform
//! takes `2^n x 2^n` points, and on a tileable map they repeat the first.
//!
//! # The fitted slope
//!
//! A fractional Brownian surface of Hurst exponent `H` has a radially
//! averaged power `P(f) ∝ f^-(2H + 2)`: a straight line of slope
//! `-(2H + 2)` on log-log axes. We fit that line by least squares from 4
//! cycles per map to a quarter of the most the map holds ([`fit_band`]):
//! below 4 a ring holds a handful of components, too few to average out
//! their scatter; above a quarter of the Nyquist frequency the grid itself
//! shows (a ring there is cut by the square's corners, and the last passes
//! of a subdivision or a noise's smallest octave set the shape of the
//! finest steps, not the fractal). Each ring is weighted by `1 / f`, so
//! every octave of frequency counts the same, not the many high rings
//! most.

use realfft::RealFftPlanner;
use realfft::num_complex::Complex;
use realfft::num_traits::Zero;
use std::f64::consts::PI;
use terrain_core::Heightmap;

/// The lowest frequency of the fit, in cycles per map width.
pub const FIT_FROM: usize = 4;

/// The most points the spectrum picture has on a side.
pub const PICTURE_SIDE: usize = 64;

/// A map's radially averaged power spectrum.
#[derive(Debug, Clone, PartialEq)]
pub struct Spectrum {
    /// The frequencies, in cycles per map width: 1, 2, … up to half the
    /// transform's side (`2^(n - 1)`), the most a grid of `2^n` steps holds.
    pub frequencies: Vec<f64>,
    /// For each frequency `f`, the mean power of the Fourier components
    /// whose distance from the origin rounds to `f`: each component's
    /// squared amplitude in map heights squared (so the powers of every
    /// component sum to the periodic component's variance).
    pub power: Vec<f64>,
    /// The fitted line's slope on log-log axes; `None` for a map too small
    /// to fit (exponent under 4) or with no power in the band (a flat map).
    pub slope: Option<f64>,
    /// Where the fitted line crosses frequency 1: `log10 P = intercept +
    /// slope × log10 f` (`None` with the slope).
    pub intercept: Option<f64>,
    /// The fit's lowest and highest frequency, in cycles per map width.
    pub fit_band: (f64, f64),
    /// The two-dimensional spectrum as a small picture.
    pub picture: SpectrumPicture,
}

/// The two-dimensional spectrum as a picture: each pixel the power of the
/// components under it against the mean power of components as far from
/// the origin, so a round spectrum is even grey and power gathered along
/// some directions (the creases of a subdivision along its axes) shows as
/// bright lines through the centre.
#[derive(Debug, Clone, PartialEq)]
pub struct SpectrumPicture {
    /// Pixels on a side (even; the origin is pixel `(side / 2, side / 2)`).
    pub side: usize,
    /// `log2` of each pixel's power against its rings' mean, row-major,
    /// low frequencies in the middle, `x` to the right, `y` down.
    pub values: Vec<f64>,
}

/// The band the slope is fitted over, in cycles per map width, for a
/// transform `side` points wide: from [`FIT_FROM`] to a quarter of the
/// highest frequency, `side / 8`. `None` when that leaves fewer than three
/// frequencies (a side under 48: maps of exponent 5 and less).
pub fn fit_band(side: usize) -> Option<(usize, usize)> {
    let to = side / 8;
    (to >= FIT_FROM + 2).then_some((FIT_FROM, to))
}

impl Spectrum {
    /// The spectrum of `map`.
    pub fn of(map: &Heightmap) -> Self {
        let side = map.last();
        let power = periodic_power(map);
        let half = side / 2;
        let columns = half + 1;
        // Rings 0 to `half`; components beyond the inscribed circle are
        // left out, since only some directions reach them.
        let mut ring_power = vec![0.0; half + 1];
        let mut ring_weight = vec![0.0; half + 1];
        let ring_of = |kx: usize, ky: usize| {
            let fy = signed(ky, side) as f64;
            ((kx * kx) as f64 + fy * fy).sqrt().round() as usize
        };
        for ky in 0..side {
            for kx in 0..columns {
                let ring = ring_of(kx, ky);
                if ring <= half {
                    // The other half plane mirrors this one: columns 0 and
                    // `half` are their own mirror images.
                    let weight = if kx == 0 || kx == half { 1.0 } else { 2.0 };
                    ring_power[ring] += weight * power[ky * columns + kx];
                    ring_weight[ring] += weight;
                }
            }
        }
        let mean: Vec<f64> = ring_power
            .iter()
            .zip(&ring_weight)
            .map(|(&power, &weight)| if weight > 0.0 { power / weight } else { 0.0 })
            .collect();
        let frequencies: Vec<f64> = (1..=half).map(|ring| ring as f64).collect();
        let ring_mean = mean[1..].to_vec();
        let band = fit_band(side);
        let fit = band.and_then(|(from, to)| fit_line(&frequencies, &ring_mean, from, to));
        let picture = SpectrumPicture::of(&power, side, |kx, ky| {
            let ring = ring_of(kx, ky);
            mean.get(ring).copied().unwrap_or(0.0)
        });
        Self {
            frequencies,
            power: ring_mean,
            slope: fit.map(|(slope, _)| slope),
            intercept: fit.map(|(_, intercept)| intercept),
            fit_band: band.map_or((0.0, 0.0), |(from, to)| (from as f64, to as f64)),
            picture,
        }
    }
}

impl SpectrumPicture {
    /// The picture of the half-plane `power` (`side` rows of `side / 2 + 1`
    /// columns), each component against `ring_mean` of its frequency.
    fn of(power: &[f64], side: usize, ring_mean: impl Fn(usize, usize) -> f64) -> Self {
        let columns = side / 2 + 1;
        let pixels = side.min(PICTURE_SIDE);
        let block = side / pixels;
        let mut sums = vec![0.0; pixels * pixels];
        let mut counts = vec![0u32; pixels * pixels];
        for ky in 0..side {
            for kx in 0..columns {
                let mean = ring_mean(kx, ky);
                if mean <= 0.0 || (kx == 0 && ky == 0) {
                    continue;
                }
                let relative = power[ky * columns + kx] / mean;
                let fy = signed(ky, side);
                // The component and its mirror image through the origin.
                for (x, y) in [(kx as i64, fy), (-(kx as i64), -fy)] {
                    let px = (x + side as i64 / 2).div_euclid(block as i64) as usize;
                    let py = (y + side as i64 / 2).div_euclid(block as i64) as usize;
                    if px < pixels && py < pixels {
                        sums[py * pixels + px] += relative;
                        counts[py * pixels + px] += 1;
                    }
                }
            }
        }
        let values = sums
            .iter()
            .zip(&counts)
            .map(|(&sum, &count)| {
                if count == 0 || sum <= 0.0 {
                    0.0
                } else {
                    (sum / f64::from(count)).log2()
                }
            })
            .collect();
        Self {
            side: pixels,
            values,
        }
    }
}

/// A frequency index of a transform `side` long as a signed frequency:
/// indices past the middle are the negative frequencies.
fn signed(index: usize, side: usize) -> i64 {
    if index > side / 2 {
        index as i64 - side as i64
    } else {
        index as i64
    }
}

/// The power of every Fourier component of the periodic component of
/// `map`'s first `2^n x 2^n` points, as `side` rows of `side / 2 + 1`
/// columns (the other half plane is its mirror image), each component's
/// squared amplitude in map heights squared.
fn periodic_power(map: &Heightmap) -> Vec<f64> {
    let side = map.last();
    let width = map.side();
    let mut heights = Vec::with_capacity(side * side);
    for row in map.heights().chunks_exact(width).take(side) {
        heights.extend_from_slice(&row[..side]);
    }
    // The jumps across the edges: top to bottom along each column, left
    // to right along each row. Moisan's boundary image holds each jump on
    // the two border points it joins, with opposite signs; its transform
    // is therefore the jumps' one-dimensional transforms times a factor of
    // the other frequency, with no second two-dimensional transform.
    let last = side - 1;
    let down: Vec<f64> = (0..side)
        .map(|x| heights[last * side + x] - heights[x])
        .collect();
    let across: Vec<f64> = (0..side)
        .map(|y| heights[y * side + last] - heights[y * side])
        .collect();
    let columns = side / 2 + 1;
    let down_transform = line_transform(&down);
    let across_transform = line_transform(&across);
    let map_transform = transform(&heights, side);
    let scale = 1.0 / (side * side) as f64;
    let mut power = vec![0.0; side * columns];
    let turn = |k: usize| Complex::from_polar(1.0, 2.0 * PI * k as f64 / side as f64);
    let turns: Vec<Complex<f64>> = (0..side).map(turn).collect();
    for ky in 0..side {
        // A row's jump transform at the other half's frequencies is the
        // mirror image's conjugate (the jumps are real).
        let across_at = if ky < columns {
            across_transform[ky]
        } else {
            across_transform[side - ky].conj()
        };
        for kx in 0..columns {
            let index = ky * columns + kx;
            if kx == 0 && ky == 0 {
                // The mean: no power of relief.
                continue;
            }
            let one = Complex::new(1.0, 0.0);
            let jumps = down_transform[kx] * (one - turns[ky]) + across_at * (one - turns[kx]);
            // The smooth component's transform: the jumps' over the
            // discrete Laplacian's eigenvalue (never 0 away from the
            // origin).
            let laplacian = 2.0 * turns[kx].re + 2.0 * turns[ky].re - 4.0;
            let periodic = map_transform[index] - jumps / laplacian;
            power[index] = periodic.norm_sqr() * scale * scale;
        }
    }
    power
}

/// The real transform of one line of values: frequencies 0 to half its
/// length.
fn line_transform(values: &[f64]) -> Vec<Complex<f64>> {
    let mut planner = RealFftPlanner::<f64>::new();
    let plan = planner.plan_fft_forward(values.len());
    let mut input = values.to_vec();
    let mut output = plan.make_output_vec();
    // Only fails on buffers of the wrong length, which these are not.
    let _ = plan.process(&mut input, &mut output);
    output
}

/// The two-dimensional discrete Fourier transform of the `side x side`
/// row-major `values`, as `side` rows of `side / 2 + 1` columns: each row's
/// real transform, then each column's complex one.
fn transform(values: &[f64], side: usize) -> Vec<Complex<f64>> {
    let columns = side / 2 + 1;
    let mut real = RealFftPlanner::<f64>::new();
    let along_rows = real.plan_fft_forward(side);
    let mut rows = vec![Complex::zero(); side * columns];
    let mut input = along_rows.make_input_vec();
    let mut scratch = along_rows.make_scratch_vec();
    for (row, out) in values
        .chunks_exact(side)
        .zip(rows.chunks_exact_mut(columns))
    {
        input.copy_from_slice(row);
        // Only fails on buffers of the wrong length, which these are not.
        let _ = along_rows.process_with_scratch(&mut input, out, &mut scratch);
    }
    // Columns become rows, each transformed in one call, then back.
    let mut by_column = vec![Complex::zero(); side * columns];
    for (y, row) in rows.chunks_exact(columns).enumerate() {
        for (x, &value) in row.iter().enumerate() {
            by_column[x * side + y] = value;
        }
    }
    let mut complex = rustfft::FftPlanner::<f64>::new();
    complex.plan_fft_forward(side).process(&mut by_column);
    for (x, column) in by_column.chunks_exact(side).enumerate() {
        for (y, &value) in column.iter().enumerate() {
            rows[y * columns + x] = value;
        }
    }
    rows
}

/// The least-squares line through `(log10 f, log10 P)` for the frequencies
/// from `from` to `to`, each weighted by `1 / f`: its slope and intercept.
/// `None` if a power in the band is 0 (a flat map) or fewer than three
/// frequencies are in it.
fn fit_line(frequencies: &[f64], power: &[f64], from: usize, to: usize) -> Option<(f64, f64)> {
    let points: Vec<(f64, f64, f64)> = frequencies
        .iter()
        .zip(power)
        .filter(|&(&f, _)| f >= from as f64 && f <= to as f64)
        .map(|(&f, &p)| (f.log10(), p.log10(), 1.0 / f))
        .collect();
    if points.len() < 3 || points.iter().any(|&(_, p, _)| !p.is_finite()) {
        return None;
    }
    let total: f64 = points.iter().map(|&(_, _, w)| w).sum();
    let mean_x = points.iter().map(|&(x, _, w)| w * x).sum::<f64>() / total;
    let mean_y = points.iter().map(|&(_, y, w)| w * y).sum::<f64>() / total;
    let (mut covariance, mut variance) = (0.0, 0.0);
    for &(x, y, w) in &points {
        covariance += w * (x - mean_x) * (y - mean_y);
        variance += w * (x - mean_x) * (x - mean_x);
    }
    let slope = covariance / variance;
    Some((slope, mean_y - slope * mean_x))
}

#[cfg(test)]
mod tests;
