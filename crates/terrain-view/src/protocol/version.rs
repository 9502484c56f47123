//! The protocol's version, which a page and a worker compare before they
//! read anything else, so that two releases refuse each other with a
//! sentence rather than misread each other.

use terrain_core::erosion::droplets::Ending;
use terrain_core::registry::fields;
use terrain_core::{Algorithm, Field};

use super::codes::{JobKind, PointsKind, ReplyKind, ValueKind};
use crate::palette::{Palette, Water};

/// The version of the messages' shape. Change it with any change to the
/// codec below; the registry's names and the order of every enum sent as a
/// code are folded in by [`version`], so a parameter added or renamed, or
/// a palette moved, also makes old and new sides refuse each other.
pub const PROTOCOL_VERSION: u32 = 6;

/// The version both sides compare: [`PROTOCOL_VERSION`] and a hash of
/// every parameter's name and kind, in registry order (a kind holds its
/// range or the names of its choices, which cross as indices), then of the
/// names of every enum the codec sends as a code, in code order
/// (`coded_names`). A parameter added, renamed or retyped, or a choice,
/// palette, kind of water or of job inserted or moved, makes old and new
/// sides refuse each other.
pub fn version() -> u32 {
    // Every message says it, and the hash walks the whole registry.
    static VERSION: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *VERSION.get_or_init(|| version_of(fields(), &coded_names()))
}

/// The version for the registry's `fields` and the lists of names
/// `coded`.
pub(super) fn version_of(fields: impl Iterator<Item = Field>, coded: &[Vec<&str>]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5 ^ PROTOCOL_VERSION;
    let mut add = |text: &str| {
        for byte in text.bytes().chain(*b";") {
            hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
    };
    for field in fields {
        add(field.name());
        add(&format!("{:?}", field.spec().kind));
    }
    for names in coded {
        for name in names {
            add(name);
        }
        // Where one list ends, so a name moved to the next list counts.
        add("|");
    }
    hash
}

/// The names of every enum the codec sends as a code, each in code order:
/// a value's code is its place in its type's `ALL` (an algorithm's, one
/// more, 0 being none).
pub(super) fn coded_names() -> Vec<Vec<&'static str>> {
    vec![
        Algorithm::all().map(Algorithm::name).collect(),
        Palette::ALL.map(Palette::name).to_vec(),
        Water::ALL.map(Water::name).to_vec(),
        Ending::ALL.map(Ending::name).to_vec(),
        JobKind::ALL.map(JobKind::name).to_vec(),
        ReplyKind::ALL.map(ReplyKind::name).to_vec(),
        ValueKind::ALL.map(ValueKind::name).to_vec(),
        PointsKind::ALL.map(PointsKind::name).to_vec(),
    ]
}
