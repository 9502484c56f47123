//! What droplets and thermal slides share: a run of steps (a droplet
//! falls, or material slides for one iteration) on a copy of a map, that
//! can stop after any number of them and go on from there, reporting how
//! far along it is; and where its settings and the map's heights are
//! checked.

use crate::erosion::grid::check_heights;
use crate::error::Error;
use crate::heightmap::Heightmap;

/// An erosion that runs step by step. [`crate::erosion::droplets::DropletRun`]
/// and [`crate::erosion::thermal::ThermalRun`] are the two.
pub trait Weathering: Sized {
    /// The settings it reads.
    type Settings;
    /// What a finished run gives: the map and what happened to it.
    type Finished;

    /// Checks `settings`, naming the first value out of range.
    fn check(settings: &Self::Settings) -> Result<(), Error>;

    /// A run on a copy of `map`, no step done yet. Its settings and the
    /// map's heights are checked already.
    fn start(map: &Heightmap, settings: &Self::Settings) -> Self;

    /// How many steps its settings ask for.
    fn steps_asked(&self) -> u32;

    /// How many steps are done.
    fn steps_done(&self) -> u32;

    /// One more step.
    fn step(&mut self);

    /// The map as it is now, without a copy, and what the run did.
    fn finish(self) -> Self::Finished;

    /// A run on a copy of `map`, no step done yet; errors if a setting is
    /// out of range or a height beyond
    /// ±[`MAX_ABS_HEIGHT`](crate::erosion::MAX_ABS_HEIGHT).
    fn new(map: &Heightmap, settings: &Self::Settings) -> Result<Self, Error> {
        Self::check(settings)?;
        started::<Self>(map, settings)
    }

    /// Takes steps until `count` are done (at most [`steps_asked`]; none
    /// if that many are done already), calling `progress` with the share
    /// of this call's steps done after every hundredth of them, and with 1
    /// at the end.
    ///
    /// [`steps_asked`]: Weathering::steps_asked
    fn run_to(&mut self, count: u32, progress: &mut dyn FnMut(f64)) {
        let first = self.steps_done();
        let total = count.min(self.steps_asked()).saturating_sub(first);
        let report_every = (total / 100).max(1);
        for done in 1..=total {
            self.step();
            if done.is_multiple_of(report_every) && done < total {
                progress(f64::from(done) / f64::from(total));
            }
        }
        progress(1.0);
    }

    /// Weathers `map` as `settings` ask, every step of it, calling
    /// `progress` as [`Weathering::run_to`] does. Errors as
    /// [`Weathering::new`] does. Settings read into
    /// [`ValidParams`](crate::ValidParams) are checked already:
    /// [`crate::erode`] and [`crate::generate`] take those.
    fn erode(
        map: &Heightmap,
        settings: &Self::Settings,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Self::Finished, Error> {
        Self::check(settings)?;
        finished::<Self>(map, settings, progress)
    }
}

/// [`Weathering::new`] with settings already checked: only the map's
/// heights are.
pub(crate) fn started<W: Weathering>(map: &Heightmap, settings: &W::Settings) -> Result<W, Error> {
    check_heights(map)?;
    Ok(W::start(map, settings))
}

/// [`Weathering::erode`] with settings already checked: only the map's
/// heights are.
pub(crate) fn finished<W: Weathering>(
    map: &Heightmap,
    settings: &W::Settings,
    progress: &mut dyn FnMut(f64),
) -> Result<W::Finished, Error> {
    let mut run = started::<W>(map, settings)?;
    run.run_to(u32::MAX, progress);
    Ok(run.finish())
}
