//! The lattice: which random numbers sit at which integer points.
//!
//! Each octave (and each warp field) has its own **permutation** of the
//! numbers `0..TABLE_SIZE`, shuffled from the seed. A lattice point `(i, j)`
//! gets the hash
//!
//! ```text
//! hash(i, j) = permutation[(permutation[i mod N] + j) mod N]    (N = TABLE_SIZE)
//! ```
//!
//! as in Perlin's papers: looking up `i` scatters the columns, adding `j` and
//! looking up again scatters the rows. The hash then picks the point's
//! random quantity from a fixed, evenly spread set:
//!
//! - value noise: the value `(2 hash + 1)/N − 1`, so the `N` values split
//!   `[−1, 1]` into equal steps (a stratified uniform draw);
//! - Perlin and simplex noise: the gradient at the angle
//!   `(hash + ½)/N` of a turn, so the `N` directions are evenly spread round
//!   the circle with none on an axis.
//!
//! All the randomness is in the shuffle; the sets are constants, computed
//! at compile time. With `N = 1024` a layer of noise repeats every 1024
//! cells. Up to exponent 11 no map shows a layer's repeat: 1024 cells over
//! 2049 points are two points a cell, the finest a map can resolve. At
//! exponent 12 a layer of more than 1024 cells (frequency × lacunarity^k
//! above 1024, two to four points a cell) repeats once or twice across the
//! map. Such a layer is one of the finest and faintest of the sum; a table
//! of 4096 would change every map's bits, and its gradients would take
//! 64 KiB of a core's first-level cache instead of 16.
//!
//! **Tileable noise** reduces `i` and `j` modulo the octave's period before
//! hashing, so the lattice repeats every `period` cells exactly.
//!
//! # Order of the random numbers
//!
//! Table `t` (octave `t` for `t` in `0..12`, then the warp fields' tables
//! 12 to 15) reads outputs `t · DRAWS_PER_TABLE + k` of the seed's
//! [`PointRandom`] stream:
//!
//! - `k = 0 .. N − 1`: the Fisher-Yates shuffle, which swaps entry
//!   `N − 1 − k` with an entry drawn uniformly from `0 ..= N − 1 − k`
//!   (output `k` times the count, keeping the high 64 bits of the product);
//! - `k = N`, `N + 1`: the table's offset along `x` and `y`, each uniform
//!   in `[0, 1)` lattice cells (octave 0 ignores them, see
//!   [`super::fractal`]).

use super::math::sin_cos_turns;
use crate::random::PointRandom;

/// Entries in a permutation, and directions and values in the fixed sets.
pub(crate) const TABLE_SIZE: usize = 1024;

const MASK: usize = TABLE_SIZE - 1;

/// Stream outputs reserved per table: the shuffle's `N − 1`, two offsets,
/// and room to spare, so a later change to one table cannot shift another.
pub(crate) const DRAWS_PER_TABLE: usize = 2048;

/// The table number of the first warp field's first octave; octaves use
/// the table of their own number, up to [`super::MAX_OCTAVES`].
pub(crate) const FIRST_WARP_TABLE: usize = 12;

/// The gradients, `√2` times the unit vectors at `(h + ½)/N` of a turn.
///
/// Plain Perlin noise with unit gradients reaches at most `1/√2` (in the
/// middle of a cell whose four gradients all point at it), so the factor
/// makes its range `[−1, 1]`. Simplex noise applies its own scale.
static GRADIENTS: [[f64; 2]; TABLE_SIZE] = gradient_table(std::f64::consts::SQRT_2);

/// The same directions as unit vectors, for drawing and for simplex noise.
static DIRECTIONS: [[f64; 2]; TABLE_SIZE] = gradient_table(1.0);

const fn gradient_table(length: f64) -> [[f64; 2]; TABLE_SIZE] {
    let mut table = [[0.0; 2]; TABLE_SIZE];
    let mut hash = 0;
    while hash < TABLE_SIZE {
        let (sin, cos) = sin_cos_turns((hash as f64 + 0.5) / TABLE_SIZE as f64);
        table[hash] = [cos * length, sin * length];
        hash += 1;
    }
    table
}

/// The Perlin gradient (length `√2`) for a hash.
#[inline]
fn gradient(hash: usize) -> [f64; 2] {
    GRADIENTS[hash & MASK]
}

/// The unit direction for a hash.
#[inline]
pub(crate) fn direction(hash: usize) -> [f64; 2] {
    DIRECTIONS[hash & MASK]
}

/// The lattice value in `(−1, 1)` for a hash.
#[inline]
pub(crate) fn value(hash: usize) -> f64 {
    const STEP: f64 = 2.0 / TABLE_SIZE as f64;
    (hash & MASK) as f64 * STEP + (0.5 * STEP - 1.0)
}

/// One octave's (or warp field's) shuffled table and lattice period.
#[derive(Debug, Clone)]
pub(crate) struct Lattice {
    permutation: Box<[u16; TABLE_SIZE]>,
    /// The gradient of each permutation entry, `GRADIENTS[permutation[k]]`:
    /// a row kernel's gradient is then one lookup, not two (4 to 5 % of an
    /// 8-octave map's time, whose finest octave looks up three gradients
    /// for every point of a pair of rows).
    gradients: Box<[[f64; 2]; TABLE_SIZE]>,
    /// Tileable noise: hashes repeat every `period` lattice cells.
    period: Option<i64>,
    /// Where this table's lattice sits, in its own cells (see the module
    /// documentation for where the numbers come from).
    offset: [f64; 2],
}

impl Lattice {
    /// Table number `table` of `seed`'s stream, repeating every `period`
    /// cells if given (a period must be at least 1).
    pub(crate) fn new(seed: u64, table: usize, period: Option<i64>) -> Self {
        let random = PointRandom::new(seed);
        let first = table * DRAWS_PER_TABLE;
        let mut permutation = Box::new([0u16; TABLE_SIZE]);
        for (index, entry) in permutation.iter_mut().enumerate() {
            *entry = index as u16;
        }
        for k in 0..TABLE_SIZE - 1 {
            let last = TABLE_SIZE - 1 - k;
            let bound = (last + 1) as u128;
            let pick = ((u128::from(random.bits(first + k)) * bound) >> 64) as usize;
            permutation.swap(last, pick);
        }
        let offset = [
            random.unit(first + TABLE_SIZE),
            random.unit(first + TABLE_SIZE + 1),
        ];
        let mut gradients = Box::new([[0.0; 2]; TABLE_SIZE]);
        for (gradient, &hash) in gradients.iter_mut().zip(permutation.iter()) {
            *gradient = self::gradient(usize::from(hash));
        }
        Self {
            permutation,
            gradients,
            period,
            offset,
        }
    }

    /// The table's offset in lattice cells.
    pub(crate) fn offset(&self) -> [f64; 2] {
        self.offset
    }

    #[inline]
    fn wrap(&self, coordinate: i64) -> usize {
        match self.period {
            Some(period) => {
                // Coordinates are nearly always inside one period already;
                // the division is only for the rest.
                let wrapped = if (0..period).contains(&coordinate) {
                    coordinate
                } else {
                    coordinate.rem_euclid(period)
                };
                wrapped as usize & MASK
            }
            // The mask is the reduction modulo N; for a negative coordinate
            // two's complement makes it the right one too.
            None => coordinate as usize & MASK,
        }
    }

    /// The first half of a hash: what column `i` contributes. Rows of a
    /// map share it, so the row loops compute it once per octave.
    #[inline]
    pub(crate) fn column(&self, i: i64) -> usize {
        usize::from(self.permutation[self.wrap(i)])
    }

    /// What lattice row `j` adds to a column's half: the row loops compute
    /// it once per row.
    #[inline]
    pub(crate) fn row(&self, j: i64) -> usize {
        self.wrap(j)
    }

    /// The hash of a lattice point from its column's and its row's halves.
    #[inline]
    pub(crate) fn hash_in_row(&self, column: usize, row: usize) -> usize {
        usize::from(self.permutation[(column + row) & MASK])
    }

    /// The gradient at the lattice point in column `column` (from
    /// [`Lattice::column`]) and row `row` (from [`Lattice::row`]):
    /// `gradient(hash_in_row(column, row))`, in one lookup.
    #[inline]
    pub(crate) fn gradient_in_row(&self, column: usize, row: usize) -> [f64; 2] {
        self.gradients[(column + row) & MASK]
    }

    /// The hash of lattice point `(i, j)` from its column's half.
    #[inline]
    pub(crate) fn hash(&self, column: usize, j: i64) -> usize {
        self.hash_in_row(column, self.row(j))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shuffle_is_a_permutation_and_depends_on_seed_and_table() {
        let tables = [
            Lattice::new(1, 0, None),
            Lattice::new(1, 1, None),
            Lattice::new(2, 0, None),
        ];
        for lattice in &tables {
            let mut seen = [false; TABLE_SIZE];
            for &entry in lattice.permutation.iter() {
                assert!(!seen[usize::from(entry)]);
                seen[usize::from(entry)] = true;
            }
        }
        assert_ne!(tables[0].permutation, tables[1].permutation);
        assert_ne!(tables[0].permutation, tables[2].permutation);
        assert_eq!(tables[0].permutation, Lattice::new(1, 0, None).permutation);
    }

    #[test]
    fn gradients_are_evenly_spread_and_of_length_root_two() {
        let mut sum = [0.0, 0.0];
        for hash in 0..TABLE_SIZE {
            let [x, y] = gradient(hash);
            assert!((x * x + y * y - 2.0).abs() < 1e-14);
            let [dx, dy] = direction(hash);
            assert!((dx * dx + dy * dy - 1.0).abs() < 1e-15);
            assert!(x != 0.0 && y != 0.0, "no gradient lies on an axis");
            sum[0] += x;
            sum[1] += y;
        }
        assert!(sum[0].abs() < 1e-12 && sum[1].abs() < 1e-12);
    }

    #[test]
    fn values_split_the_range_evenly() {
        assert_eq!(value(0), -1.0 + 1.0 / TABLE_SIZE as f64);
        assert_eq!(value(TABLE_SIZE - 1), 1.0 - 1.0 / TABLE_SIZE as f64);
        let sum: f64 = (0..TABLE_SIZE).map(value).sum();
        assert!(sum.abs() < 1e-12);
    }

    #[test]
    fn hashes_repeat_with_the_period_and_the_table_size() {
        let periodic = Lattice::new(9, 3, Some(5));
        let open = Lattice::new(9, 3, None);
        for i in -12..12 {
            for j in -12..12 {
                let here = periodic.hash(periodic.column(i), j);
                assert_eq!(here, periodic.hash(periodic.column(i + 5), j - 10));
                let n = TABLE_SIZE as i64;
                assert_eq!(
                    open.hash(open.column(i), j),
                    open.hash(open.column(i - n), j + 3 * n)
                );
            }
        }
    }

    #[test]
    fn offsets_are_in_the_unit_square() {
        for table in 0..16 {
            let [x, y] = Lattice::new(4, table, None).offset();
            assert!((0.0..1.0).contains(&x) && (0.0..1.0).contains(&y));
        }
    }
}
