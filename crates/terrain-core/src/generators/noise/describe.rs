//! A noise described for the rest of the site, for any basis: its stages,
//! the points and words of each, and what its demos draw over the map.

use super::basis::Basis;
use super::fractal::{self, first_octave_lattice, first_octave_sites};
use super::overlay::{Arrow, MAX_OVERLAY_ITEMS, Segment};
use super::settings::DEFAULT_EXPONENT;
use crate::params::{Description, Group, Params};
use crate::stage::{PointSet, Stage};
use crate::words::round_for_display;

/// The description of the noise made by basis `B`, called `name` (`title`
/// for people), reading the parameter groups `reads`. A noise's stages
/// are its lattice, each octave added, and the finished map; its maps tile
/// when asked to.
pub(crate) const fn describe<B: Basis>(
    name: &'static str,
    title: &'static str,
    reads: &'static [Group],
) -> Description {
    Description {
        name,
        title,
        reads,
        parameters: &[],
        defaults: noise_defaults,
        stages: |params| stages(params.noise.octaves),
        run: fractal::run::<B>,
        new_points: new_points::<B>,
        caption,
        numbers,
        tiles: |params| params.noise.tileable,
        subdivides: false,
        relief: NOISE_RELIEF,
        lattice_lines: lattice_lines::<B>,
        gradient_arrows: gradient_arrows::<B>,
    }
}

/// How tall a noise's maps are drawn unless a page asks otherwise (see
/// [`Description::relief`]): half the posts' scale, as the gradient-noise
/// chapter draws its many-octave maps.
const NOISE_RELIEF: f64 = 0.5;

/// Every noise's own default: a map large enough to show its octaves.
pub(crate) fn noise_defaults(params: &mut Params) {
    params.map.exponent = DEFAULT_EXPONENT;
}

/// The stages of a sum of `octaves` octaves: the lattice, each octave
/// added, and the finished map.
pub fn stages(octaves: u32) -> Vec<Stage> {
    std::iter::once(Stage::Lattice)
        .chain((1..=octaves).map(Stage::Octave))
        .chain([Stage::Done])
        .collect()
}

fn new_points<B: Basis>(params: &Params, stage: Stage) -> PointSet {
    if stage != Stage::Lattice {
        return PointSet::Nothing;
    }
    let side = params.map.side();
    PointSet::Listed {
        side,
        indices: lattice_points::<B>(params)
            .into_iter()
            .map(|(x, y)| y * side + x)
            .collect(),
    }
}

/// The map points nearest the first octave's sites: the points the
/// `lattice` stage sets, for the demos to highlight. Row-major order, each
/// once; on a tileable map the copies in the last row and column too.
pub(crate) fn lattice_points<B: Basis>(params: &Params) -> Vec<(usize, usize)> {
    let tileable = params.noise.tileable;
    let last = params.map.side() - 1;
    let mut points: Vec<(usize, usize)> = first_octave_sites::<B>(params)
        .iter()
        .map(|site| site.nearest_point(last, tileable))
        .collect();
    if tileable {
        let mut copies = Vec::new();
        for &(x, y) in &points {
            if x == 0 {
                copies.push((last, y));
            }
            if y == 0 {
                copies.push((x, last));
            }
            if x == 0 && y == 0 {
                copies.push((last, last));
            }
        }
        points.extend(copies);
    }
    points.sort_unstable_by_key(|&(x, y)| (y, x));
    points.dedup();
    points
}

/// A few words on what a noise's stage shows.
pub(crate) fn caption(params: &Params, stage: Stage) -> String {
    match stage {
        Stage::Lattice => "The lattice's random values".to_owned(),
        Stage::Octave(1) => "The first octave".to_owned(),
        Stage::Octave(count) => format!("{count} octaves summed"),
        _ if params.map.normalize => "Finished and normalized".to_owned(),
        _ => "Finished".to_owned(),
    }
}

/// An octave's cells across the map and its weight: "this octave: 16
/// cells across, weight 0.25".
fn numbers(params: &Params, stage: Stage) -> String {
    let Stage::Octave(octave) = stage else {
        return String::new();
    };
    let noise = &params.noise;
    let (mut cells, mut weight) = (f64::from(noise.frequency), 1.0);
    for _ in 1..octave {
        cells *= noise.lacunarity;
        weight *= noise.gain;
    }
    format!(
        "this octave: {} cells across, weight {}",
        round_for_display(cells),
        round_for_display(weight)
    )
}

/// The first octave's gradients, one arrow per lattice point on the map,
/// for a basis with gradients; empty for the others and for lattices with
/// more than [`MAX_OVERLAY_ITEMS`] points (Perlin noise above 63 cells
/// across, simplex above about 48).
fn gradient_arrows<B: Basis>(params: &Params) -> Vec<Arrow> {
    if !B::HAS_GRADIENTS {
        return Vec::new();
    }
    let sites = first_octave_sites::<B>(params);
    if sites.len() > MAX_OVERLAY_ITEMS {
        return Vec::new();
    }
    sites
        .iter()
        .map(|site| {
            let [dx, dy] = super::lattice::direction(site.hash);
            Arrow {
                x: site.position[0],
                y: site.position[1],
                dx,
                dy,
            }
        })
        .collect()
}

/// The first octave's grid, clipped to the map: the square lattice's
/// lines (2 · (frequency + 1) segments), or the triangular grid's three
/// families of lines for simplex noise (about 5.5 · frequency). Never more
/// than [`MAX_OVERLAY_ITEMS`] (at most about 1400 in fact, at a frequency
/// of 256).
fn lattice_lines<B: Basis>(params: &Params) -> Vec<Segment> {
    let (_, span) = first_octave_lattice::<B>(params);
    let last = (params.map.side() - 1) as f64;
    let to_map = |[u, v]: [f64; 2]| [u * last / span, v * last / span];
    let mut lines: Vec<Segment> = B::new(&params.noise)
        .lines(span)
        .into_iter()
        .map(|[start, end]| Segment {
            start: to_map(start),
            end: to_map(end),
        })
        .collect();
    if lines.len() > MAX_OVERLAY_ITEMS {
        lines.clear();
    }
    lines
}
