//! The order droplets fall in, made so that many workers can let them
//! fall at once and still give the same map, bit for bit, as one.
//!
//! # Why a droplet cannot reach far
//!
//! A droplet moves at most one cell a step (its direction is a unit
//! vector), and it reads or writes only near where it is: the four points
//! of the cell under it and under its next position, and a brush of
//! `radius - 1` points around the point nearest it, which is at most one
//! point right of or below the cell. So everything a droplet landing in
//! column `c` touches lies within `lifetime + radius` columns of `c`; one
//! more for rounding (a direction may be a few ulps longer than 1) gives
//! the [`reach`]: `lifetime + radius + 1`.
//!
//! # Tiles, colours and rounds
//!
//! The positions where droplets land, `[0, period)` on both axes, are cut
//! into `across x across` tiles, each at least `2 * reach` wide. A tile's
//! droplets touch only its **window**: the tile and `reach` more on every
//! side. The tiles are coloured like a 2 x 2 pattern (colour = row parity
//! times 2 plus column parity), so two tiles of one colour have a whole
//! tile between them and their windows share no point: they can run at the
//! same time, in any order, and give the same heights. With wrap the tiles
//! sit on the torus, so `across` is even (the pattern then continues
//! across the seam); without, it is even too, for one rule. Where fewer
//! than four tiles fit on a side (with two a side, each colour would have
//! one tile: nothing to run side by side), there is one tile, and the
//! droplets fall
//! in their own order, as a plain loop (and its ledger is summed as one
//! task, not round by round).
//!
//! Droplets are handed out in **rounds**: round `r` is the next
//! [`Schedule::round_size`]`(r)` droplets of the stream, each belonging to
//! the tile where it lands. A round lets colour 0's tiles' droplets fall,
//! then colour 1's, 2's and 3's; within a colour tile by tile, and within
//! a tile in the droplets' own order. This order is the **schedule**; a
//! run of `K` droplets is its first `K`, so every run is a prefix of every
//! longer one, as the scrubber's stages need.
//!
//! A run that ends inside a round has rained on the round's first colours
//! only, so the rounds **grow**: the first is [`MIN_ROUND`] droplets; each
//! is twice the one before while under a sixteenth of the full size (on
//! maps of 2049 points and more), then a quarter more, until it reaches
//! the full size (the area droplets land on, `period²` cells, over
//! [`POINTS_PER_ROUND_DROPLET`]). So every colour has rain once the first
//! round has fallen, at most twice another's while the rounds double; on
//! a 513-point map, from the fifth round on a round brings less than half
//! the rain that fell before it, and once the rounds are full, less than a
//! quarter (the erosion chapter's test checks both). With rounds of one
//! size, 100 000 droplets on a 4097-point map (rounds of 262 144) rained on
//! colour 0's and 1's tiles only, and the first thousand on a 2049-point
//! map on a quarter of it. The sizes depend on the map and the settings,
//! never on the worker count or on the run's length.

use crate::random::PointRandom;

/// The most tiles on a side: 64 tiles, 16 of a colour, work for up to 16
/// workers at once; more tiles would only add handing-out.
pub const MAX_TILES_ACROSS: usize = 8;

/// A full round has one droplet for this many cells of the area droplets
/// land on (`period²`: 512 × 512 cells on a 513-point map), and at least
/// [`MIN_ROUND`] droplets; the first rounds are smaller (see the module's
/// documentation). A droplet touches roughly 150 points with the
/// default settings, so in a round each point is touched a few times:
/// rounds that small leave no trace of the colour order in the map (see
/// the chapter), while big enough that the windows handed to workers are
/// copied a few times per round, not per droplet.
pub const POINTS_PER_ROUND_DROPLET: usize = 64;

/// The droplets of the first round, and the fewest in any round.
pub const MIN_ROUND: u32 = 256;

/// How far from where it lands a droplet can read or write, in points
/// along either axis (see the module's documentation).
pub fn reach(lifetime: u32, radius: u32) -> usize {
    lifetime as usize + radius as usize + 1
}

/// Where droplet `droplet` lands: outputs `2 droplet` and `2 droplet + 1`
/// of the stream, scaled to `[0, limit)`.
pub(crate) fn start_of(random: PointRandom, droplet: u32, limit: f64) -> (f64, f64) {
    let index = 2 * droplet as usize;
    (random.unit(index) * limit, random.unit(index + 1) * limit)
}

/// A rectangle of the grid a tile's droplets work on: columns `x ..
/// x + width` and rows `y .. y + height`, taken modulo the grid's width
/// with wrap (a window may run across the seam).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The first column, in the grid.
    pub x: usize,
    /// The first row.
    pub y: usize,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Window {
    /// Where window point `(column, row)` is in `heights`, a grid whose
    /// rows are `stride` apart and whose own points repeat every `period`
    /// (the grid's width: the map's side, or its period with wrap).
    #[inline]
    fn source(&self, column: usize, row: usize, stride: usize, period: usize) -> usize {
        ((self.y + row) % period) * stride + (self.x + column) % period
    }

    /// The window's heights, copied out of `heights` (laid out as
    /// [`Window::paste`] says), row by row.
    pub fn cut(&self, heights: &[f64], stride: usize, period: usize) -> Vec<f64> {
        let mut window = Vec::with_capacity(self.width * self.height);
        for row in 0..self.height {
            let start = self.source(0, row, stride, period);
            let run = self.width.min(period - self.x);
            window.extend_from_slice(&heights[start..start + run]);
            if run < self.width {
                // With wrap, the rest of the row is at the grid's left edge.
                let left = start - self.x;
                window.extend_from_slice(&heights[left..left + self.width - run]);
            }
        }
        window
    }

    /// Whether this window and `other` share a point of a grid whose own
    /// points repeat every `period` along both axes with wrap (`None`
    /// without: the windows are clipped to the grid then).
    pub fn meets(&self, other: &Window, period: Option<usize>) -> bool {
        let spans_meet = |a: usize, a_length: usize, b: usize, b_length: usize| match period {
            // On a circle: one span starts inside the other.
            Some(period) => {
                (b + period - a) % period < a_length || (a + period - b) % period < b_length
            }
            None => a < b + b_length && b < a + a_length,
        };
        spans_meet(self.x, self.width, other.x, other.width)
            && spans_meet(self.y, self.height, other.y, other.height)
    }

    /// Copies `window` (as [`Window::cut`] gives it) back into `heights`,
    /// a grid whose rows are `stride` apart and whose own points repeat
    /// every `period`.
    pub fn paste(&self, window: &[f64], heights: &mut [f64], stride: usize, period: usize) {
        for (row, values) in window.chunks_exact(self.width).enumerate() {
            let start = self.source(0, row, stride, period);
            let run = self.width.min(period - self.x);
            heights[start..start + run].copy_from_slice(&values[..run]);
            if run < self.width {
                let left = start - self.x;
                heights[left..left + self.width - run].copy_from_slice(&values[run..]);
            }
        }
    }
}

/// One tile of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tile {
    /// Its column among the tiles, from 0.
    pub column: usize,
    /// Its row among the tiles.
    pub row: usize,
    /// Its colour, 0 to 3: the phase of a round it runs in.
    pub colour: usize,
    /// The points its droplets can touch.
    pub window: Window,
}

/// One round's droplets in schedule order, and where each tile's begin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundOrder {
    /// The round's droplets (their numbers in the stream), tile by tile in
    /// schedule order, each tile's in their own order.
    pub droplets: Vec<u32>,
    /// Tile `t`'s droplets are `droplets[starts[t]..starts[t + 1]]`.
    pub starts: Vec<u32>,
}

impl RoundOrder {
    /// Tile `tile`'s droplets among the first `taken` of the round.
    pub fn tile(&self, tile: usize, taken: usize) -> &[u32] {
        let start = (self.starts[tile] as usize).min(taken);
        let end = (self.starts[tile + 1] as usize).min(taken);
        &self.droplets[start..end]
    }
}

/// The schedule of droplets on one map with one lifetime and radius: its
/// tiles, their windows and its rounds. It depends on the map's size and
/// the settings only, never on how many workers run it.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    /// Points on a side of the grid: the map's side, or its period with
    /// wrap.
    width: usize,
    /// Droplets land in `[0, period)`: the map's last point.
    period: usize,
    wrap: bool,
    reach: usize,
    /// Tiles on a side.
    across: usize,
    /// Droplets in the first round: [`MIN_ROUND`].
    first_round: u32,
    /// Droplets in a round once the rounds stop growing.
    full_round: u32,
    /// The tiles in schedule order: colour by colour, row by row.
    tiles: Vec<Tile>,
    /// The place in `tiles` of the tile at `row * across + column`.
    place: Vec<usize>,
    /// Where the bands of blocks start ([`Schedule::block_edges`]).
    edges: Vec<usize>,
}

impl Schedule {
    /// The schedule on a map of `side` points a side (`2^exponent + 1`),
    /// for droplets that take at most `lifetime` steps and erode with a
    /// brush of `radius`, with or without wrap.
    ///
    /// # Panics
    ///
    /// If `side` is not a map's side of exponent 1 or more (3, 5, 9, …):
    /// a [`Heightmap`](crate::Heightmap)'s `side()` always is, and the
    /// browser's worker tasks check the side they are sent first.
    pub fn new(side: usize, wrap: bool, lifetime: u32, radius: u32) -> Self {
        assert!(
            side >= 3 && (side - 1).is_power_of_two(),
            "Schedule::new: {side} is not a map's side (2^n + 1 points, n at least 1)"
        );
        let period = side - 1;
        let width = if wrap { period } else { side };
        let reach = reach(lifetime, radius);
        let fit = (period / (2 * reach)).min(MAX_TILES_ACROSS);
        // Two tiles a side would give each colour one tile: nothing runs
        // side by side, and the order would only cost fidelity.
        let across = if fit >= 4 { fit - fit % 2 } else { 1 };
        let bound = |i: usize| (i * period).div_ceil(across);
        // A tile's window along one axis: its span and `reach` more each
        // side, clipped to the map without wrap; the whole torus with wrap
        // if it would reach round it (then starting at 0, so the window's
        // own seam is the map's).
        let span = |i: usize| -> (usize, usize) {
            if across == 1 {
                return (0, width);
            }
            let (start, end) = (bound(i) as isize - reach as isize, bound(i + 1) + reach);
            if wrap {
                let length = end as isize - start;
                if length >= period as isize {
                    (0, period)
                } else {
                    (start.rem_euclid(period as isize) as usize, length as usize)
                }
            } else {
                let first = start.max(0) as usize;
                (first, end.min(side) - first)
            }
        };
        let mut tiles = Vec::with_capacity(across * across);
        for colour in 0..4 {
            for row in (colour / 2..across).step_by(2) {
                for column in (colour % 2..across).step_by(2) {
                    let ((x, width), (y, height)) = (span(column), span(row));
                    tiles.push(Tile {
                        column,
                        row,
                        colour,
                        window: Window {
                            x,
                            y,
                            width,
                            height,
                        },
                    });
                }
            }
        }
        let mut place = vec![0; across * across];
        for (at, tile) in tiles.iter().enumerate() {
            place[tile.row * across + tile.column] = at;
        }
        // Worked out once here: a task asks for them several times.
        let mut edges = vec![0];
        for tile in &tiles {
            let Window { x, width: span, .. } = tile.window;
            edges.extend([x, (x + span) % width]);
        }
        edges.sort_unstable();
        edges.dedup();
        let full = ((period * period) / POINTS_PER_ROUND_DROPLET).max(MIN_ROUND as usize);
        let full_round = u32::try_from(full).unwrap_or(u32::MAX);
        Self {
            width,
            period,
            wrap,
            reach,
            across,
            first_round: MIN_ROUND.min(full_round),
            full_round,
            tiles,
            place,
            edges,
        }
    }

    /// The same tiles with every round `round` droplets (for measuring
    /// what the round size does).
    #[cfg(test)]
    pub(crate) fn with_round(self, round: u32) -> Self {
        Self {
            first_round: round,
            full_round: round,
            ..self
        }
    }

    /// Droplets in a round once the rounds stop growing.
    pub fn full_round(&self) -> u32 {
        self.full_round
    }

    /// Round `round`'s first droplet (its number in the stream) and how
    /// many droplets it has.
    fn round_span(&self, round: u32) -> (u64, u32) {
        let (mut first, mut size, mut growing) = (0u64, self.first_round, 0);
        while growing < round && size < self.full_round {
            first += u64::from(size);
            // Doubling up to a sixteenth of a full round (on maps of 2049
            // points and more), then a quarter more each time.
            let more = if size < self.full_round / 16 {
                size
            } else {
                size / 4
            };
            size = (size + more).min(self.full_round);
            growing += 1;
        }
        // The rest are full.
        first += u64::from(round - growing) * u64::from(self.full_round);
        (first, size)
    }

    /// Droplets in round `round`.
    pub fn round_size(&self, round: u32) -> u32 {
        self.round_span(round).1
    }

    /// Rounds a run of `droplets` takes.
    pub fn rounds(&self, droplets: u32) -> u32 {
        let mut rounds = 0;
        while self.round_span(rounds).0 < u64::from(droplets) {
            rounds += 1;
        }
        rounds
    }

    /// How many droplets of round `round` a run of `droplets` lets fall:
    /// the first that many of the round's schedule order.
    pub fn taken(&self, round: u32, droplets: u32) -> usize {
        let (first, size) = self.round_span(round);
        (u64::from(droplets).saturating_sub(first)).min(u64::from(size)) as usize
    }

    /// The tiles, in schedule order: all of colour 0, then 1, 2 and 3.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Tiles on a side.
    pub fn across(&self) -> usize {
        self.across
    }

    /// The reach the tiles are cut for.
    pub fn reach(&self) -> usize {
        self.reach
    }

    /// Points on a side of the grid the windows are cut from (the map's
    /// side, or its period with wrap).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the tiles live on a torus.
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// The places in [`Schedule::tiles`] of the other tiles whose windows
    /// share a point with tile `place`'s: the only tasks whose order
    /// against its own matters (tasks on windows that share no point
    /// commute), so a coordinator may start a tile's task as soon as every
    /// earlier task of these tiles is done, with no wait for a whole
    /// colour. They are its neighbours, diagonal ones too, across the
    /// seam with wrap; never a tile of its own colour.
    pub fn touching(&self, place: usize) -> Vec<usize> {
        let period = self.wrap.then_some(self.width);
        let window = &self.tiles[place].window;
        (0..self.tiles.len())
            .filter(|&other| other != place && window.meets(&self.tiles[other].window, period))
            .collect()
    }

    /// The place in [`Schedule::tiles`] of the tile where a droplet
    /// landing at `(x, y)` (in `[0, period)`) belongs.
    fn tile_of(&self, (x, y): (f64, f64)) -> usize {
        // Positions are never negative, so truncating is flooring.
        let along = |coordinate: f64| {
            (coordinate as usize).min(self.period - 1) * self.across / self.period
        };
        self.place[along(y) * self.across + along(x)]
    }

    /// Round `round`'s droplets of the stream `random`, in schedule order
    /// (a counting sort by tile: each tile's stay in their own order).
    pub fn round_order(&self, random: PointRandom, round: u32) -> RoundOrder {
        let (first, size) = self.round_span(round);
        // Droplet numbers are u32: a run has at most MAX_DROPLETS.
        let first = u32::try_from(first).unwrap_or(u32::MAX);
        let limit = self.period as f64;
        let places: Vec<u32> = (0..size)
            .map(|k| self.tile_of(start_of(random, first + k, limit)) as u32)
            .collect();
        let mut starts = vec![0u32; self.tiles.len() + 1];
        for &place in &places {
            starts[place as usize + 1] += 1;
        }
        for t in 0..self.tiles.len() {
            starts[t + 1] += starts[t];
        }
        let mut next = starts.clone();
        let mut droplets = vec![0; places.len()];
        for (k, &place) in places.iter().enumerate() {
            let at = &mut next[place as usize];
            droplets[*at as usize] = first + k as u32;
            *at += 1;
        }
        RoundOrder { droplets, starts }
    }

    /// Where the grid's bands of [blocks](Schedule::blocks_of) start along
    /// either axis, rising from 0: `[0, width)` cut at both ends of every
    /// window's span and at 0 (so no band runs across the seam with wrap).
    /// Block `row * bands + column` is the points of row band `row` and
    /// column band `column`. Every window is then whole blocks, and two
    /// windows that share no point share no block: a coordinator may keep
    /// the map as blocks and hand a task its window's blocks themselves,
    /// with no copying of the map on its side.
    pub fn block_edges(&self) -> &[usize] {
        &self.edges
    }

    /// Block `block`'s points (numbered as [`Schedule::block_edges`]
    /// says): a rectangle of the grid, never across the seam.
    pub fn block(&self, block: usize) -> Window {
        let edges = self.block_edges();
        let band = |band: usize| {
            let end = edges.get(band + 1).copied().unwrap_or(self.width);
            (edges[band], end - edges[band])
        };
        let ((x, width), (y, height)) = (band(block % edges.len()), band(block / edges.len()));
        Window {
            x,
            y,
            width,
            height,
        }
    }

    /// The blocks (numbered as [`Schedule::block_edges`] says) tile
    /// `place`'s window is made of, in the window's order: a row of
    /// blocks at a time, each row from its first column on, as
    /// [`Schedule::gather`] and [`Schedule::scatter`] lay them end to end.
    pub fn blocks_of(&self, place: usize) -> Vec<usize> {
        let edges = self.block_edges();
        let bands = edges.len();
        let [columns, rows] = self.window_bands(edges, place);
        rows.iter()
            .flat_map(|&(row, _)| columns.iter().map(move |&(column, _)| row * bands + column))
            .collect()
    }

    /// The bands tile `place`'s window spans along x and along y, in its
    /// order, each with its length. (Every window starts and ends on an
    /// edge, as [`Schedule::block_edges`] makes them.)
    fn window_bands(&self, edges: &[usize], place: usize) -> [Vec<(usize, usize)>; 2] {
        let bands = |start: usize, length: usize| {
            let mut band = edges.partition_point(|&edge| edge < start);
            let mut spanned = Vec::new();
            let mut left = length;
            while left > 0 {
                let end = edges.get(band + 1).copied().unwrap_or(self.width);
                let along = (end - edges[band]).min(left);
                spanned.push((band, along));
                left -= along;
                // Round the seam with wrap.
                band = (band + 1) % edges.len();
            }
            spanned
        };
        let window = self.tiles[place].window;
        [
            bands(window.x, window.width),
            bands(window.y, window.height),
        ]
    }

    /// Tile `place`'s window (laid out as [`Window::cut`] gives it) from
    /// `pieces`, its blocks' heights end to end in [`Schedule::blocks_of`]'s
    /// order, each block row by row.
    pub fn gather(&self, place: usize, pieces: &[f64]) -> Vec<f64> {
        let mut window = Vec::with_capacity(pieces.len());
        // Row by row of the window, so each run goes on the end.
        self.each_run(place, |piece, _, length| {
            window.extend_from_slice(&pieces[piece..piece + length]);
        });
        window
    }

    /// Tile `place`'s `window` back into its blocks' `pieces`, the
    /// inverse of [`Schedule::gather`].
    pub fn scatter(&self, place: usize, window: &[f64], pieces: &mut [f64]) {
        self.each_run(place, |piece, window_at, length| {
            pieces[piece..piece + length].copy_from_slice(&window[window_at..window_at + length]);
        });
    }

    /// Calls `each(piece_at, window_at, length)` for every run of a
    /// window row through one block of tile `place`'s window, in the
    /// window's order: where the run starts among the pieces end to end,
    /// and in the window.
    fn each_run(&self, place: usize, mut each: impl FnMut(usize, usize, usize)) {
        let [columns, rows] = self.window_bands(self.block_edges(), place);
        let width = self.tiles[place].window.width;
        let mut band_start = 0;
        let mut window_at = 0;
        for &(_, height) in &rows {
            for row in 0..height {
                let mut block_start = band_start;
                for &(_, length) in &columns {
                    each(block_start + row * length, window_at, length);
                    block_start += height * length;
                    window_at += length;
                }
            }
            band_start += height * width;
        }
    }

    /// The number in the stream of the droplet at place `position` of the
    /// schedule.
    pub fn droplet_at(&self, random: PointRandom, position: u32) -> u32 {
        // The round it falls in is the last to start at or before it.
        let round = self.rounds(position + 1) - 1;
        let order = self.round_order(random, round);
        order.droplets[(u64::from(position) - self.round_span(round).0) as usize]
    }
}
