//! What a demo is told about the page it lives on: its address, a fresh
//! seed, and how its graphics are doing ([`Graphics`]).

use crate::graphics::Graphics;

/// What the page knows that a demo needs when it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Environment {
    /// The page's address without its query, for share links.
    pub location: String,
    /// A fresh seed, for a demo whose page gave none.
    pub seed: u64,
    /// The page's graphics.
    pub graphics: Graphics,
}
