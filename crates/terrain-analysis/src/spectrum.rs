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
//! The price: on a map with no large-scale structure the smooth map is
//! made of jumps as big as any step inside, and taking it out adds power
//! at the lowest frequencies, more on a bigger map. Random noise, whose
//! spectrum is flat, measures slopes of −0.10 at exponent 7, −0.13 at 9
//! and −0.52 at 11 (seed 1; a test holds these).
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

use terrain_core::Heightmap;

mod workspace;

use workspace::{Workspace, signed};

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
    /// to fit (exponent 5 and less) or with no power in the band (a flat map).
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
/// the origin, so a round spectrum is a speckle, grey on average (each
/// component's power scatters about its ring's mean), and power gathered
/// along some directions (the creases of a subdivision along its axes) shows as
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
        workspace::with(map.last(), |work| Self::measured(map, work))
    }

    /// The spectrum of `map`, measured in `work`.
    fn measured(map: &Heightmap, work: &mut Workspace) -> Self {
        work.measure(map);
        let side = work.side();
        let half = side / 2;
        let frequencies: Vec<f64> = (1..=half).map(|ring| ring as f64).collect();
        let ring_mean = work.ring_mean()[1..].to_vec();
        let band = fit_band(side);
        let fit = band.and_then(|(from, to)| fit_line(&frequencies, &ring_mean, from, to));
        Self {
            frequencies,
            power: ring_mean,
            slope: fit.map(|(slope, _)| slope),
            intercept: fit.map(|(_, intercept)| intercept),
            fit_band: band.map_or((0.0, 0.0), |(from, to)| (from as f64, to as f64)),
            picture: SpectrumPicture::of(work),
        }
    }
}

impl SpectrumPicture {
    /// The picture of the half plane of components `work` measured, each
    /// against the mean power of its ring.
    fn of(work: &Workspace) -> Self {
        let side = work.side();
        let pixels = side.min(PICTURE_SIDE);
        // Both powers of two: a pixel is `block` components wide, and a
        // shift finds it (a division per component cost more than the
        // rest of the picture).
        let shift = (side / pixels).trailing_zeros();
        let centre = side / 2;
        let mut sums = vec![0.0; pixels * pixels];
        let mut counts = vec![0u32; pixels * pixels];
        let (power, rings, ring_mean) = (work.power(), work.rings(), work.ring_mean());
        for (kx, (column, column_rings)) in power
            .chunks_exact(side)
            .zip(rings.chunks_exact(side))
            .enumerate()
        {
            for (ky, (&power, &ring)) in column.iter().zip(column_rings).enumerate() {
                let mean = ring_mean.get(ring as usize).copied().unwrap_or(0.0);
                if mean <= 0.0 || (kx == 0 && ky == 0) {
                    continue;
                }
                let relative = power / mean;
                let fy = signed(ky, side);
                // The component and its mirror image through the origin,
                // as offsets from the picture's corner (never negative:
                // no frequency is further than `centre` from the origin).
                // Column 0 holds both halves of its line already, so each
                // of its components counts once, as every other does. The
                // highest up-down frequency, half the side, is also minus
                // half the side: the picture's top row.
                let (x, y) = ((centre + kx) as i64, centre as i64 + fy);
                let side = side as i64;
                let here = Some((x, if y == side { 0 } else { y }));
                let mirror = (kx > 0).then(|| (side - x, side - y));
                for (x, y) in [here, mirror].into_iter().flatten() {
                    let (px, py) = (x as usize >> shift, y as usize >> shift);
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
