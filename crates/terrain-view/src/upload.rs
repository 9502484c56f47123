//! What a 3D view hands the GPU for a map's surface, decided here so that
//! the shell only uploads what it is given.
//!
//! A map drawn point for point with smooth normals (66 to 513 points
//! wide, see [`grid_surface`]) goes up as a [`GridSurface`]: its heights
//! and colours, from which the GPU places each point and works out its
//! normal, on triangles that stay on the GPU from one map of that size to
//! the next (a fifth of the work of a whole surface, BENCHMARKS.md).
//! Every other map goes up as a whole [`Surface`] built on the CPU: small
//! maps are faceted, huge ones a level-of-detail mesh, and a wireframe
//! needs every position on the CPU. A surface a worker built goes up as
//! it is.

use std::borrow::Cow;

use terrain_core::Terrain;

use crate::palette::Look;
use crate::surface::{GridSurface, Surface, build_surface, grid_surface};

/// A map's surface, ready to upload.
#[derive(Debug, Clone, PartialEq)]
pub enum Upload<'a> {
    /// Heights and colours; the GPU finishes the surface.
    Grid(GridSurface),
    /// The whole surface, built here or by the worker.
    Whole {
        /// The surface.
        surface: Cow<'a, Surface>,
        /// Whether its wireframe is drawn over it.
        wireframe: bool,
    },
}

/// What to upload for `terrain`, coloured as `look` says: `built` if a
/// worker built its surface, and a `wireframe` over it if asked for.
pub fn upload<'a>(
    terrain: &Terrain,
    built: Option<&'a Surface>,
    look: Look,
    wireframe: bool,
) -> Upload<'a> {
    let whole = |surface| Upload::Whole { surface, wireframe };
    if let Some(surface) = built {
        return whole(Cow::Borrowed(surface));
    }
    // A wireframe outlines every triangle, so it needs them on the CPU.
    if !wireframe && let Some(grid) = grid_surface(terrain, look) {
        return Upload::Grid(grid);
    }
    whole(Cow::Owned(build_surface(terrain, look)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::{MAX_DRAWN_SIDE, MAX_FACETED_SIDE};
    use terrain_core::{Algorithm, Heightmap, MapSettings, Params, Stage, generate};

    fn terrain(exponent: u32) -> Terrain {
        let params = Params {
            map: MapSettings::new(exponent, 3),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        }
        .check()
        .expect("valid");
        generate(&params, Stage::Done).expect("a map")
    }

    /// Which way a map `exponent` goes up: `Some(true)` as a grid,
    /// `Some(false)` whole and built here, `None` as the worker built it.
    fn route(terrain: &Terrain, built: Option<&Surface>, wireframe: bool) -> Option<bool> {
        match upload(terrain, built, Look::default(), wireframe) {
            Upload::Grid(grid) => {
                assert_eq!(grid.side, terrain.heightmap.side());
                Some(true)
            }
            Upload::Whole {
                surface: Cow::Owned(surface),
                wireframe: outlined,
            } => {
                assert_eq!(outlined, wireframe);
                let side = terrain.heightmap.side();
                assert_eq!(surface.max_error.is_some(), side > MAX_DRAWN_SIDE);
                // Facets give each triangle corners of its own: six per cell.
                let faceted = surface.positions.len() > 2 * side * side;
                assert_eq!(faceted, side <= MAX_FACETED_SIDE, "{side} points wide");
                Some(false)
            }
            Upload::Whole {
                surface: Cow::Borrowed(surface),
                ..
            } => {
                assert!(built.is_some_and(|built| std::ptr::eq(built, surface)));
                None
            }
        }
    }

    #[test]
    fn maps_66_to_513_points_wide_go_up_as_grids_and_the_others_whole() {
        let sides: Vec<(usize, Option<bool>)> = (1..=10)
            .map(|exponent| {
                let terrain = terrain(exponent);
                (terrain.heightmap.side(), route(&terrain, None, false))
            })
            .collect();
        for (side, route) in sides {
            let grid = side > MAX_FACETED_SIDE && side <= MAX_DRAWN_SIDE;
            assert_eq!(route, Some(grid), "{side} points wide");
        }
        assert_eq!(
            (MAX_FACETED_SIDE, MAX_DRAWN_SIDE),
            (65, 513),
            "the range the grid covers"
        );
    }

    #[test]
    fn a_wireframe_keeps_the_whole_surface_and_says_so() {
        for exponent in [6, 7, 9] {
            assert_eq!(route(&terrain(exponent), None, true), Some(false));
        }
    }

    #[test]
    fn a_surface_the_worker_built_goes_up_as_it_is() {
        let flat = Terrain::finished(Heightmap::new(8).expect("257 wide"));
        let built = build_surface(&flat, Look::default());
        assert_eq!(route(&flat, Some(&built), false), None);
        assert_eq!(route(&flat, Some(&built), true), None);
        assert_eq!(route(&flat, None, false), Some(true), "else a grid");
    }
}
