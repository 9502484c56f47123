//! A demo of *Terrain, step by step*, without the web: what it shows, what
//! a reader's input does to it, and how its map becomes triangles.
//!
//! The web crate is a thin shell around this one. It turns DOM events into
//! [`demo::Input`]s and [`page::PageInput`]s, and carries out the
//! [`demo::Effect`]s and [`page::PageEffect`]s that come back: DOM changes,
//! GPU draws, worker messages. Everything a demo decides is decided here, so
//! `cargo test` checks it natively.
//!
//! | module | what it holds |
//! |---|---|
//! | [`settings`] | the display settings' registry and a demo's whole configuration, read from attributes and links |
//! | [`demo`] | one demo as a state machine: inputs, effects, presentation |
//! | [`export`] | the download formats and their options, checked; file names and sizes before a file is made |
//! | [`page`] | every demo of a page, the shared graphics and worker, drawing on demand |
//! | [`link`] | how a demo joins the seed of the demos linked with it |
//! | [`slots`] | what belongs to each demo, by a number never given twice (demos come and go) |
//! | [`element`] | the `<terrain-demo>` element: its attributes, read from the registries |
//! | [`embed`] | the snippets that embed exactly what a demo shows, and the embed page's query |
//! | [`address`] | the page's address, changed at most once every 350 ms |
//! | [`graphics`] | the shared graphics context's life: lost, waited for, made anew, refused |
//! | [`protocol`] | the typed messages between page and worker, and [`protocol::run`] |
//! | [`surface`], [`lod`] | heightmap to triangles, normals and colours; the level of detail of huge maps |
//! | [`upload`] | what a 3D view hands the GPU: a grid it finishes, or a whole surface |
//! | [`palette`], [`picture`] | colours and looks; the pictures of the 2D views |
//! | [`measure`] | what the slope, curvature and flow palettes colour by |
//! | [`plots`] | the analysis as SVG plots with tables, and the palettes' legends |
//! | [`overlay`] | what a view draws over the map: lattices, gradients, slopes, a droplet's path, rivers |
//! | [`camera`] | the orbit camera and what drags, pinches and keys do |
//! | [`compare`] | the playground's comparison of two to four algorithms |
//! | [`words`] | captions and the canvas's text alternative |

pub mod address;
pub mod camera;
pub mod compare;
pub mod demo;
pub mod element;
pub mod embed;
pub mod export;
pub mod graphics;
pub mod link;
pub mod lod;
pub mod measure;
pub mod overlay;
pub mod page;
pub mod palette;
pub mod picture;
pub mod plots;
pub mod protocol;
pub mod settings;
pub mod slots;
pub mod surface;
pub mod upload;
pub mod water;
pub mod words;
