//! What every row of an octave shares: each map column's place in the
//! lattice.
//!
//! Without warping, map column `x` sits at the same lattice coordinate
//! `u = x · (cells / last) + offset` on every row, so its cell, its offset
//! in the cell and that offset's fade are worked out once per octave here
//! instead of once per point. The lattice columns the map's columns fall
//! between are listed once each, as *slots*, so a row can work out what
//! it needs at each lattice column once and let the points between two
//! lattice columns share it. An octave with more cells than the map has
//! points lists only the lattice columns the points fall between.

use super::Fade;
use super::lattice::Lattice;
use super::math::floor_to_int;

/// An octave's per-column tables (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct Columns {
    /// Lattice coordinate `u` of each map column.
    pub(crate) position: Vec<f64>,
    /// `u − ⌊u⌋`: the offset from the left lattice column, in `[0, 1)`.
    pub(crate) offset: Vec<f64>,
    /// `u − ⌊u⌋ − 1`: the offset from the right lattice column.
    pub(crate) offset_from_right: Vec<f64>,
    /// The fade of `offset`: the weight of the right lattice column.
    pub(crate) weight: Vec<f64>,
    /// The fade's derivative at `offset`, for the noise's gradient.
    pub(crate) weight_slope: Vec<f64>,
    /// For each slot, the first half of its lattice column's hash
    /// ([`Lattice::column`]).
    pub(crate) column_hash: Vec<usize>,
    /// Each map column's left lattice column, as a slot.
    pub(crate) slot: Vec<usize>,
    /// The map columns in one cell, left to right: the inner loops run
    /// over these, with the cell's two lattice columns held in registers
    /// and no lookup per point.
    pub(crate) runs: Vec<Run>,
}

/// Map columns `start..end`, all in the cell whose left lattice column is
/// `slot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) slot: usize,
}

impl Columns {
    /// The tables for `columns` map columns of an octave whose lattice
    /// coordinate is `x · step + start`.
    pub(crate) fn new(
        lattice: &Lattice,
        fade: Fade,
        columns: usize,
        step: f64,
        start: f64,
    ) -> Self {
        let mut tables = Self {
            position: Vec::with_capacity(columns),
            offset: Vec::with_capacity(columns),
            offset_from_right: Vec::with_capacity(columns),
            weight: Vec::with_capacity(columns),
            weight_slope: Vec::with_capacity(columns),
            column_hash: Vec::new(),
            slot: Vec::with_capacity(columns),
            runs: Vec::new(),
        };
        // The lattice column each slot stands for, and the slot of the last
        // point's left column.
        let mut slot_columns: Vec<i64> = Vec::new();
        let mut left_slot = 0;
        for x in 0..columns {
            let u = x as f64 * step + start;
            let cell = floor_to_int(u);
            let offset = u - cell as f64;
            if slot_columns.get(left_slot) != Some(&cell) {
                if slot_columns.last() == Some(&cell) {
                    // The previous cell's right column is this cell's left.
                    left_slot = slot_columns.len() - 1;
                } else {
                    left_slot = slot_columns.len();
                    slot_columns.push(cell);
                }
                slot_columns.push(cell + 1);
            }
            match tables.runs.last_mut() {
                Some(run) if run.slot == left_slot => run.end = x + 1,
                _ => tables.runs.push(Run {
                    start: x,
                    end: x + 1,
                    slot: left_slot,
                }),
            }
            tables.slot.push(left_slot);
            tables.position.push(u);
            tables.offset.push(offset);
            tables.offset_from_right.push(offset - 1.0);
            let (weight, weight_slope) = fade.weight_and_slope(offset);
            tables.weight.push(weight);
            tables.weight_slope.push(weight_slope);
        }
        tables.column_hash = slot_columns.iter().map(|&i| lattice.column(i)).collect();
        tables
    }

    /// Whether the map's columns fall in cells of their own or nearly
    /// (fewer than four points a cell): then a row's kernel reads each
    /// point's cell by its slot rather than going cell by cell.
    #[inline]
    pub(crate) fn dense(&self) -> bool {
        4 * self.runs.len() > self.slot.len()
    }

    /// How many lattice columns the rows need values at.
    #[cfg(test)]
    pub(crate) fn slots(&self) -> usize {
        self.column_hash.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_shared_between_neighbouring_cells_and_skip_unused_ones() {
        let lattice = Lattice::new(3, 0, None);
        // Four cells over 9 points: the last point is on lattice column 4,
        // the left side of cell 4, so lattice columns 0..=5 are listed.
        let tables = Columns::new(&lattice, Fade::Quintic, 9, 0.5, 0.0);
        assert_eq!(tables.slots(), 6);
        assert_eq!(tables.offset[3], 0.5);
        assert_eq!(tables.offset_from_right[3], -0.5);
        let runs: Vec<_> = tables
            .runs
            .iter()
            .map(|run| (run.start, run.end, run.slot))
            .collect();
        assert_eq!(
            runs,
            vec![(0, 2, 0), (2, 4, 1), (4, 6, 2), (6, 8, 3), (8, 9, 4)]
        );
        // Ten cells per point: every point's cell is new and not adjacent.
        let sparse = Columns::new(&lattice, Fade::Linear, 4, 10.0, 0.25);
        assert_eq!(sparse.slots(), 8);
        let slots: Vec<_> = sparse.runs.iter().map(|run| run.slot).collect();
        assert_eq!(slots, vec![0, 2, 4, 6]);
        assert_eq!(sparse.weight, vec![0.25; 4]);
    }
}
