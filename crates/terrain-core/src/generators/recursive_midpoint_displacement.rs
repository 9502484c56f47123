//! Midpoint displacement, recursive (the second post).
//!
//! The same displacement as [`crate::generators::midpoint_displacement`], written the way
//! the second post writes it: displace a square *view* of the map, then
//! recurse into its four quadrants, each a smaller view onto the same buffer,
//! until the views are 3 x 3. Neighbouring quadrants share an edge, so a point
//! is set only if no earlier view has set it.
//!
//! "Set" is tracked in its own bit mask, not by testing whether a height is
//! 0.0: zero is a perfectly good height.
//!
//! The post keeps the spread at 0.3 but shrinks it by 0.55 per level. With
//! the reduction set to 0.5 this gives the very same map, bit for bit, as the
//! iterative version with the same seed: the recursion visits the points in
//! a different order, but each point's random number belongs to the point.

use crate::generators::midpoint_displacement::{average2, average4};
use crate::generators::subdivision::{describe, random_corners, stages_around_passes};
use crate::heightmap::Heightmap;
use crate::params::{Algorithm, Description, Params, Run};
use crate::random::PointRandom;
use crate::stage::Stage;

impl Algorithm {
    /// The second post, recursing into quadrants:
    /// `recursive-midpoint-displacement`.
    pub const RECURSIVE_MIDPOINT_DISPLACEMENT: Algorithm = Algorithm::of(&DESCRIPTION);
}

/// The post multiplies the spread by 0.55 at each level of recursion.
pub const POSTS_SPREAD_REDUCTION: f64 = 0.55;

static DESCRIPTION: Description = Description {
    defaults: |params| params.subdivision.spread_reduction = POSTS_SPREAD_REDUCTION,
    ..describe(
        "recursive-midpoint-displacement",
        "Recursive midpoint displacement",
        |params| stages_around_passes(&[Stage::Corners], params.map.exponent),
        generate,
    )
};

/// Runs recursive midpoint displacement up to `stage`: `corners`,
/// `pass-k` (every view at recursion depth `k` displaced) or `done`,
/// reporting the share of the work done as each of the sixteen views two
/// levels down is finished (the recursion goes depth first, so there are
/// no whole passes to report).
fn generate(params: &Params, stage: Stage, run: &mut Run) -> Heightmap {
    let (settings, subdivision) = (&params.map, &params.subdivision);
    let (mut map, random) = random_corners(settings);
    let mut set = SetMask::new(map.side() * map.side());
    let last = map.last();
    for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] {
        set.insert(map.index(x, y));
    }
    let depth = match stage {
        Stage::Pass(pass) => pass,
        Stage::Done => settings.exponent,
        _ => 0,
    };
    if depth > 0 {
        let mut finished = 0;
        let mut on_finish = |level: u32| {
            if level == 2 {
                finished += 1;
                (run.progress)(0.9 * f64::from(finished) / 16.0);
            }
        };
        let mut whole = View::whole(&mut map, &mut set);
        whole.displace(
            subdivision.spread,
            subdivision.spread_reduction,
            depth,
            random,
            &mut on_finish,
        );
    }
    if stage == Stage::Done && settings.normalize {
        let (low, high) = map.min_max();
        map.normalize_within_reporting(low, high, &mut |share| {
            (run.progress)(0.9 + 0.1 * share);
        });
    }
    map
}

/// Which points have been set, one bit per point.
struct SetMask {
    words: Vec<u64>,
}

impl SetMask {
    fn new(points: usize) -> Self {
        Self {
            words: vec![0; points.div_ceil(64)],
        }
    }

    fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1 << (index % 64)) != 0
    }

    fn insert(&mut self, index: usize) {
        self.words[index / 64] |= 1 << (index % 64);
    }
}

/// A square window onto the map, `size + 1` points wide, with its own
/// coordinates: `(0, 0)` is its top-left corner. Like an ndarray slice, it
/// owns no heights; quadrants are views of views.
struct View<'a> {
    heights: &'a mut [f64],
    set: &'a mut SetMask,
    /// The buffer index of the view's `(0, 0)`.
    origin: usize,
    /// How far apart rows are in the buffer: the whole map's side.
    stride: usize,
    size: usize,
}

impl<'a> View<'a> {
    fn whole(map: &'a mut Heightmap, set: &'a mut SetMask) -> Self {
        let (size, stride) = (map.last(), map.side());
        Self {
            heights: map.heights_mut(),
            set,
            origin: 0,
            stride,
            size,
        }
    }

    /// The buffer index of the view's point `(x, y)`.
    fn index(&self, x: usize, y: usize) -> usize {
        self.origin + y * self.stride + x
    }

    fn get(&self, x: usize, y: usize) -> f64 {
        self.heights[self.index(x, y)]
    }

    /// Sets `(x, y)` to `mean` plus its jitter, unless already set.
    fn set_if_unset(&mut self, x: usize, y: usize, mean: f64, spread: f64, random: PointRandom) {
        let index = self.index(x, y);
        if !self.set.contains(index) {
            self.set.insert(index);
            self.heights[index] = mean + random.jitter(index, spread);
        }
    }

    /// The quadrant `(column, row)`, each 0 or 1, as a view of its own.
    fn quadrant(&mut self, column: usize, row: usize) -> View<'_> {
        let half = self.size / 2;
        View {
            origin: self.index(column * half, row * half),
            heights: self.heights,
            set: self.set,
            stride: self.stride,
            size: half,
        }
    }

    /// Displaces the 3 x 3 view whose top-left point is at buffer index
    /// `origin`: the same steps as [`View::displace_at`], written out.
    fn displace_three_by_three(&mut self, origin: usize, spread: f64, random: PointRandom) {
        let stride = self.stride;
        let at = |x: usize, y: usize| origin + y * stride + x;
        let (top_left, top_right) = (self.heights[at(0, 0)], self.heights[at(2, 0)]);
        let (bottom_left, bottom_right) = (self.heights[at(0, 2)], self.heights[at(2, 2)]);
        for (index, mean) in [
            (at(1, 0), average2(top_left, top_right)),
            (at(0, 1), average2(top_left, bottom_left)),
            (at(2, 1), average2(top_right, bottom_right)),
            (at(1, 2), average2(bottom_left, bottom_right)),
        ] {
            if !self.set.contains(index) {
                self.set.insert(index);
                self.heights[index] = mean + random.jitter(index, spread);
            }
        }
        let centre = at(1, 1);
        if !self.set.contains(centre) {
            let mean = average4(
                self.heights[at(0, 1)],
                self.heights[at(2, 1)],
                self.heights[at(1, 0)],
                self.heights[at(1, 2)],
            );
            self.set.insert(centre);
            self.heights[centre] = mean + random.jitter(centre, spread);
        }
    }

    /// Displaces this view's edge midpoints and centre, then recurses into
    /// its quadrants until `depth` levels are done or they are 3 x 3. Calls
    /// `finished` with the view's level (0 for the whole map) when its
    /// whole subtree is done, for the top three levels (below that there
    /// are millions of views, and nobody to tell).
    fn displace(
        &mut self,
        spread: f64,
        reduction: f64,
        depth: u32,
        random: PointRandom,
        finished: &mut dyn FnMut(u32),
    ) {
        self.displace_at(0, spread, reduction, depth, random, finished);
    }

    fn displace_at(
        &mut self,
        level: u32,
        spread: f64,
        reduction: f64,
        depth: u32,
        random: PointRandom,
        finished: &mut dyn FnMut(u32),
    ) {
        let last = self.size;
        let middle = last / 2;
        let top_left = self.get(0, 0);
        let top_right = self.get(last, 0);
        let bottom_left = self.get(0, last);
        let bottom_right = self.get(last, last);
        self.set_if_unset(middle, 0, average2(top_left, top_right), spread, random);
        self.set_if_unset(0, middle, average2(top_left, bottom_left), spread, random);
        self.set_if_unset(
            last,
            middle,
            average2(top_right, bottom_right),
            spread,
            random,
        );
        self.set_if_unset(
            middle,
            last,
            average2(bottom_left, bottom_right),
            spread,
            random,
        );
        let centre = average4(
            self.get(0, middle),
            self.get(last, middle),
            self.get(middle, 0),
            self.get(middle, last),
        );
        self.set_if_unset(middle, middle, centre, spread, random);
        if last == 4 && depth > 1 {
            // The base case, 3 x 3 views, are most of the views: set their
            // points directly rather than through another level of calls.
            let spread = spread * reduction;
            for (column, row) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                self.displace_three_by_three(self.index(2 * column, 2 * row), spread, random);
            }
        } else if last > 2 && depth > 1 {
            for (column, row) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                self.quadrant(column, row).displace_at(
                    level + 1,
                    spread * reduction,
                    reduction,
                    depth - 1,
                    random,
                    finished,
                );
            }
        }
        if level <= 2 {
            finished(level);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::subdivision::run_quietly;
    use crate::params::{MapSettings, SubdivisionSettings};

    /// The post's 5 x 5 example: corners 2, 8 (top) and 0, 3 (bottom).
    fn post_example() -> (Heightmap, SetMask) {
        let mut map = Heightmap::zeroed(2);
        let mut set = SetMask::new(25);
        for (x, y, height) in [(0, 0, 2.0), (4, 0, 8.0), (0, 4, 0.0), (4, 4, 3.0)] {
            map.set(x, y, height);
            set.insert(map.index(x, y));
        }
        (map, set)
    }

    #[test]
    fn golden_first_level_matches_the_post() {
        let (mut map, mut set) = post_example();
        View::whole(&mut map, &mut set).displace(0.0, 0.55, 1, PointRandom::new(0), &mut |_| {});
        assert_eq!(map.get(2, 0), 5.0);
        assert_eq!(map.get(0, 2), 1.0);
        assert_eq!(map.get(4, 2), 5.5);
        assert_eq!(map.get(2, 4), 1.5);
        assert_eq!(map.get(2, 2), 3.25);
        assert_eq!(map.get(1, 1), 0.0, "depth 1 stops at the first level");
    }

    #[test]
    fn a_real_zero_height_that_is_set_is_kept() {
        // Every corner is 1, so every mean is 1; but (2, 0) was already set
        // to a genuine 0.0 and must not be overwritten.
        let mut map = Heightmap::zeroed(2);
        let mut set = SetMask::new(25);
        for (x, y) in [(0, 0), (4, 0), (0, 4), (4, 4)] {
            map.set(x, y, 1.0);
            set.insert(map.index(x, y));
        }
        set.insert(map.index(2, 0));
        View::whole(&mut map, &mut set).displace(0.0, 0.5, 2, PointRandom::new(0), &mut |_| {});
        assert_eq!(map.get(2, 0), 0.0, "a set zero stays zero");
        assert_eq!(map.get(0, 2), 1.0, "an unset zero is filled in");
        assert_eq!(
            map.get(1, 0),
            0.5,
            "the zero takes part in its neighbours' means"
        );
    }

    #[test]
    fn each_point_is_set_exactly_once() {
        let mut map = Heightmap::zeroed(5);
        let mut set = SetMask::new(33 * 33);
        let last = map.last();
        for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] {
            set.insert(map.index(x, y));
        }
        View::whole(&mut map, &mut set).displace(0.3, 0.55, 5, PointRandom::new(4), &mut |_| {});
        assert!((0..33 * 33).all(|index| set.contains(index)));
    }

    #[test]
    fn same_reduction_gives_the_iterative_map_bit_for_bit() {
        for exponent in 1..=8 {
            for seed in [0, 1, 2016] {
                for stage in [Stage::Pass(1), Stage::Pass(exponent), Stage::Done] {
                    let map = MapSettings::new(exponent, seed);
                    let jitter = SubdivisionSettings {
                        spread_reduction: 0.55,
                        ..SubdivisionSettings::default()
                    };
                    let iterative = Algorithm::MIDPOINT_DISPLACEMENT.description().run;
                    assert_eq!(
                        run_quietly(generate, map, jitter, stage),
                        run_quietly(iterative, map, jitter, stage),
                        "exponent {exponent}, seed {seed}, {stage}"
                    );
                }
            }
        }
    }
}
