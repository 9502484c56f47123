//! What a page and its worker say to each other: a [`Request`] (a [`Job`]
//! and how its result is wanted) and a [`Reply`]. These are the types both
//! sides use; how they cross is [`super::codec`]'s business, and what a
//! request makes is [`super::run`]'s.

use terrain_core::{Heightmap, Stage, Terrain, ValidParams};

use crate::palette::Look;
use crate::surface::Surface;

/// What a demo asks to be made.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// Generate a map.
    Generate {
        /// Valid parameters (boxed: they are many, the other jobs' few).
        params: Box<ValidParams>,
        /// A stage the algorithm has at that exponent.
        stage: Stage,
    },
    /// Show an imported image's map: the page decodes the file (with its
    /// own PNG module, loaded on the first import), this builds its surface.
    Import {
        /// The file's name, for messages.
        name: String,
        /// The map it makes.
        heights: Heightmap,
        /// The image it came from.
        source: Source,
    },
    /// Weather an imported map as the parameters' erosion says.
    Weather {
        /// The map as imported.
        heights: Heightmap,
        /// Valid parameters: their erosion and seed are what count.
        params: Box<ValidParams>,
        /// Done, or a stage of erosion ([`terrain_core::Params::imported_stages`]).
        stage: Stage,
    },
    /// Build the surface of a finished map again (in other colours).
    Mesh {
        /// The map.
        heights: Heightmap,
    },
}

/// A job and how its result is wanted.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// What to make.
    pub job: Job,
    /// How a built surface is coloured.
    pub look: Look,
    /// Whether to build the surface too (the worker does, for maps too big
    /// to mesh on the page without a pause).
    pub mesh: bool,
}

/// Where an imported map came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// The image's width in pixels.
    pub width: u32,
    /// Its height.
    pub height: u32,
    /// Its colour type and depth, in words: "16-bit greyscale".
    pub format: String,
    /// Whether its heights are those the file records (one of our 16-bit
    /// exports), rather than its pixels' 0 to 1.
    pub recorded: bool,
}

/// A map a request made.
#[derive(Debug, Clone, PartialEq)]
pub struct Made {
    /// The map and its stage.
    pub terrain: Terrain,
    /// Its surface, if the request asked for it.
    pub surface: Option<Surface>,
    /// For an import, the image it came from.
    pub source: Option<Source>,
}

/// What a request made, or why it could not.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// How far along the work is: a share from 0 to 1 and what it is doing.
    Progress {
        /// From 0 to 1.
        share: f64,
        /// "Generating the heights".
        words: String,
    },
    /// A map, with its surface if one was asked for (boxed: it is big, the
    /// other replies small).
    Made(Box<Made>),
    /// The job could not be done: a sentence for the reader.
    Failed {
        /// Why.
        message: String,
    },
}
