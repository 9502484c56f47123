//! A generated map and what its last stage did.

use crate::erosion::ErosionReport;
use crate::heightmap::Heightmap;
use crate::params::Algorithm;
use crate::stage::{PointSet, Stage};

/// A generated heightmap together with what its last stage did.
#[derive(Debug, Clone, PartialEq)]
pub struct Terrain {
    /// The algorithm that made it, or `None` for a map from elsewhere (an
    /// imported image).
    pub algorithm: Option<Algorithm>,
    /// The heights after the requested stage.
    pub heightmap: Heightmap,
    /// The stage the generator stopped after.
    pub stage: Stage,
    /// The points that stage set (highlighted by the demos).
    pub new_points: PointSet,
    /// For a stage of erosion, what it did: the map before, the ledger of
    /// material, the path of a traced droplet.
    pub erosion: Option<ErosionReport>,
}

impl Terrain {
    /// A finished map from elsewhere, such as an imported image: every
    /// point set, none of them new.
    pub fn finished(heightmap: Heightmap) -> Self {
        Self {
            algorithm: None,
            heightmap,
            stage: Stage::Done,
            new_points: PointSet::Nothing,
            erosion: None,
        }
    }

    /// Whether every point has been given its height by now: at every
    /// stage but the subdivisions' and the lattice's.
    pub fn every_point_set(&self) -> bool {
        // Every stage named, so a new one has to be placed here.
        match self.stage {
            Stage::Done
            | Stage::Octave(_)
            | Stage::Droplets(_)
            | Stage::Slides(_)
            | Stage::Step(_) => true,
            Stage::Lattice
            | Stage::Corners
            | Stage::Edges
            | Stage::Square
            | Stage::Center
            | Stage::Diamond
            | Stage::Pass(_) => false,
        }
    }

    /// Whether `(x, y)` has been given its height by now. Points not set yet
    /// are 0.0, and the demos draw them differently.
    pub fn is_set(&self, x: usize, y: usize) -> bool {
        let last = self.heightmap.last();
        let half = last / 2;
        let corner = (x == 0 || x == last) && (y == 0 || y == last);
        let on_lattice = |spacing: usize| x.is_multiple_of(spacing) && y.is_multiple_of(spacing);
        self.every_point_set()
            || match self.stage {
                Stage::Lattice => self.new_points.contains(x, y),
                Stage::Corners => corner,
                Stage::Edges | Stage::Square => corner || self.new_points.contains(x, y),
                Stage::Center | Stage::Diamond => on_lattice(half),
                Stage::Pass(pass) => on_lattice(1 << (self.heightmap.exponent() - pass)),
                // every_point_set() has answered for the rest.
                _ => true,
            }
    }
}
