//! What a demo is told about the page it lives on: its address, a fresh
//! seed, and how its graphics are doing ([`GraphicsNote`]).

/// What a demo says about the page's graphics, over its view.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum GraphicsNote {
    /// Nothing to say: WebGL works.
    #[default]
    Ready,
    /// The context was lost; the last picture stays until it is back or
    /// a new one is made.
    Lost,
    /// The context was lost and the browser refused a new one: demos show
    /// a greyscale picture and offer to try again.
    Blocked {
        /// Why.
        reason: String,
        /// How many times in a row a new context was refused.
        refusals: u32,
    },
    /// No WebGL2, for the reason given: demos show a greyscale picture.
    Unavailable(String),
}

impl GraphicsNote {
    /// The words, if there is anything to say.
    pub fn message(&self) -> Option<String> {
        match self {
            GraphicsNote::Ready => None,
            GraphicsNote::Lost => Some(
                "The browser took away this page's graphics context (too many open, or the GPU was \
                 reset). Restoring it…"
                    .to_owned(),
            ),
            GraphicsNote::Blocked { reason, refusals } => {
                let again = match refusals {
                    0 | 1 => String::new(),
                    tries => format!(", not even when asked again ({tries} tries)"),
                };
                Some(format!(
                    "3D view unavailable: the browser took away this page's graphics context and \
                     would not give it a new one ({reason}){again}. Showing the heightmap from \
                     above instead, as a greyscale picture (black is the lowest point, white the \
                     highest)."
                ))
            }
            GraphicsNote::Unavailable(reason) => Some(format!(
                "3D view unavailable: {reason}. Showing the heightmap from above instead, as a \
                 greyscale picture (black is the lowest point, white the highest)."
            )),
        }
    }

    /// Whether the words come with a "Try again" button: only when a new
    /// context was refused, which a later attempt may get. (A browser
    /// without WebGL2 from the start will not have it a moment later.)
    pub fn offers_retry(&self) -> bool {
        matches!(self, GraphicsNote::Blocked { .. })
    }

    /// Whether demos draw their greyscale pictures instead of 3D views.
    pub fn is_flat(&self) -> bool {
        matches!(
            self,
            GraphicsNote::Blocked { .. } | GraphicsNote::Unavailable(_)
        )
    }
}

/// What the page knows that a demo needs when it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Environment {
    /// The page's address without its query, for share links.
    pub location: String,
    /// A fresh seed, for a demo whose page gave none.
    pub seed: u64,
    /// The page's graphics.
    pub graphics: GraphicsNote,
}
