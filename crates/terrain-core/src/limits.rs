//! How small and how large a map can be.

/// The smallest exponent: a 3 x 3 map, the smallest one with a middle point.
pub const MIN_EXPONENT: u32 = 1;

/// The largest exponent: a 4097 x 4097 map.
///
/// Its heights alone take 134 MB (8 bytes a point), and the mesh and the copy
/// handed to JavaScript need as much again. Exponent 13 would need four times
/// that, more than a browser tab can be relied on to get.
pub const MAX_EXPONENT: u32 = 12;
