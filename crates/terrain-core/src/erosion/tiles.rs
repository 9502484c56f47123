//! One tile's droplets of one round, on the tile's window alone: the task
//! a worker runs for the [`schedule`](crate::erosion::schedule). A
//! coordinator hands out windows, cut out of the map ([`Window::cut`]) or
//! put together from the blocks it keeps the map in
//! ([`Schedule::gather`]), takes them back ([`Window::paste`],
//! [`Schedule::scatter`]) and adds the tiles' ledgers in schedule order
//! ([`Tally`]). The result is the single-threaded [`DropletRun`]'s, bit
//! for bit, however many workers there are and in whatever order they
//! finish, as long as tasks on windows that share a point run in schedule
//! order (the tests below run both ways).

use crate::erosion::droplets::DropletRun;
use crate::erosion::droplets::{
    DropletSettings, Erosion, Land, Ledger, STREAM_SALT, Tally, lowest,
};
use crate::erosion::schedule::{Schedule, Window};
use crate::erosion::weathering::{Weathering, started};
use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::random::PointRandom;

/// The lowest of a map's own points (all of them, or with wrap the `period
/// x period` square), row by row: what nothing is dug below. `heights` is
/// a map `side` points a side.
pub fn floor_of(heights: &[f64], side: usize, wrap: bool) -> f64 {
    let own = if wrap { side - 1 } else { side };
    let mut floor = f64::INFINITY;
    for row in heights.chunks_exact(side).take(own) {
        floor = lowest(&[floor, lowest(&row[..own])]);
    }
    floor
}

/// Lets `droplets` (numbers in the stream of `settings.seed`, all landing
/// in tile `tile` of `schedule`) fall one after another on `heights`, the
/// tile's window cut from the grid, with nothing dug below `floor` (the
/// whole map's, [`floor_of`]); returns the window and what the droplets
/// moved. The settings are checked already.
pub fn erode_tile(
    heights: Vec<f64>,
    schedule: &Schedule,
    tile: usize,
    settings: &DropletSettings,
    floor: f64,
    droplets: &[u32],
) -> (Vec<f64>, Ledger) {
    let Window {
        x,
        y,
        width,
        height,
    } = schedule.tiles()[tile].window;
    let limit = (if schedule.wrap() {
        schedule.width()
    } else {
        schedule.width() - 1
    }) as f64;
    let mut land = Land::window(
        heights,
        (x, y, width, height),
        schedule.width(),
        settings,
        limit,
        floor,
    );
    let random = PointRandom::new(settings.seed ^ STREAM_SALT);
    let mut tally = Tally::default();
    for &droplet in droplets {
        land.fall_droplet(random, droplet, settings, &mut tally);
    }
    (land.into_heights(), tally.ledger())
}

/// The droplets of `settings` in their own order, `0, 1, 2, ...`, as one
/// plain loop: what droplet erosion gave before the schedule, which the
/// erosion chapter measures the schedule against. Errors as
/// [`Weathering::erode`] does.
pub fn in_droplet_order(map: &Heightmap, settings: &DropletSettings) -> Result<Erosion, Error> {
    DropletRun::check(settings)?;
    // Checks the heights as a run does.
    started::<DropletRun>(map, settings)?;
    let mut land = Land::new(map, settings);
    let random = PointRandom::new(settings.seed ^ STREAM_SALT);
    let mut tally = Tally::default();
    for droplet in 0..settings.droplets {
        land.fall_droplet(random, droplet, settings, &mut tally);
    }
    Ok(Erosion {
        heightmap: land.into_grid().into_map(map.exponent()),
        ledger: tally.ledger(),
        droplets: settings.droplets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erosion::grid::Grid;
    use crate::erosion::schedule::{RoundOrder, reach};
    use crate::erosion::test_maps::generated;

    /// Runs the schedule as `workers` workers would: each tile of a colour
    /// goes to worker `place % workers`, the workers take their tiles in
    /// `reversed` order or not and work on windows cut before any of them
    /// starts; the windows are pasted back when the colour is done (in
    /// reverse worker order, to show it does not matter), and the ledgers
    /// added in schedule order.
    fn in_workers(
        map: &Heightmap,
        settings: &DropletSettings,
        workers: usize,
        reversed: bool,
    ) -> (Heightmap, Ledger) {
        let schedule = Schedule::new(
            map.side(),
            settings.wrap,
            settings.lifetime,
            settings.radius,
        );
        on_schedule(map, settings, &schedule, workers, reversed)
    }

    /// [`in_workers`] on a schedule of one's own.
    fn on_schedule(
        map: &Heightmap,
        settings: &DropletSettings,
        schedule: &Schedule,
        workers: usize,
        reversed: bool,
    ) -> (Heightmap, Ledger) {
        let mut grid = Grid::of(map, settings.wrap);
        let floor = floor_of(map.heights(), map.side(), settings.wrap);
        let random = PointRandom::new(settings.seed ^ STREAM_SALT);
        let width = schedule.width();
        let mut total = Tally::default();
        for round in 0..schedule.rounds(settings.droplets) {
            let order = schedule.round_order(random, round);
            let taken = schedule.taken(round, settings.droplets);
            let mut ledgers = vec![None; schedule.tiles().len()];
            for colour in 0..4 {
                let places: Vec<usize> = (0..schedule.tiles().len())
                    .filter(|&place| schedule.tiles()[place].colour == colour)
                    .collect();
                let mut results = Vec::new();
                for worker in 0..workers {
                    let mut mine: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|place| place % workers == worker)
                        .collect();
                    if reversed {
                        mine.reverse();
                    }
                    for place in mine {
                        let window = schedule.tiles()[place].window;
                        let cut = window.cut(&grid.heights, width, width);
                        let droplets = order.tile(place, taken);
                        let (heights, ledger) =
                            erode_tile(cut, schedule, place, settings, floor, droplets);
                        if !droplets.is_empty() {
                            ledgers[place] = Some(ledger);
                        }
                        results.push((window, heights));
                    }
                }
                for (window, heights) in results.into_iter().rev() {
                    window.paste(&heights, &mut grid.heights, width, width);
                }
            }
            for ledger in ledgers.into_iter().flatten() {
                total.add(ledger);
            }
        }
        (grid.into_map(map.exponent()), total.ledger())
    }

    fn settings(droplets: u32, wrap: bool) -> DropletSettings {
        DropletSettings {
            droplets,
            seed: 11,
            wrap,
            ..DropletSettings::default()
        }
    }

    /// Runs on which tiles run side by side, with and without wrap, each
    /// three and a bit rounds long (the last one cut short): what they
    /// are called, the map, the settings and the single-threaded result.
    fn tiled_runs() -> Vec<(String, Heightmap, DropletSettings, Erosion)> {
        let mut runs = Vec::new();
        for (exponent, lifetime, radius) in [(9, 30, 3), (8, 12, 5), (7, 8, 1)] {
            for wrap in [false, true] {
                let map = generated(wrap, exponent, 4);
                let schedule = Schedule::new(map.side(), wrap, lifetime, radius);
                assert!(
                    schedule.across() >= 4,
                    "exponent {exponent}: tiles run side by side"
                );
                let settings = DropletSettings {
                    lifetime,
                    radius,
                    droplets: 3 * schedule.full_round() + 77,
                    ..settings(0, wrap)
                };
                let single = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
                assert_ne!(single.heightmap, map);
                let name = format!("exponent {exponent}, wrap {wrap}");
                runs.push((name, map, settings, single));
            }
        }
        runs
    }

    #[test]
    fn any_number_of_workers_in_any_order_gives_the_single_threaded_bits() {
        for (name, map, settings, single) in tiled_runs() {
            for workers in 1..=4 {
                for reversed in [false, true] {
                    let (heights, ledger) = in_workers(&map, &settings, workers, reversed);
                    let case = format!("{name}, {workers} workers");
                    assert_eq!(heights, single.heightmap, "{case}");
                    assert_eq!(ledger, single.ledger, "{case}");
                }
            }
        }
    }

    /// Schedules of maps of 65 to 1025 points a side, with and without
    /// wrap, for short and long droplets: what they are called, and each.
    fn schedules() -> Vec<(String, Schedule)> {
        let mut all = Vec::new();
        for exponent in 6..=10 {
            for wrap in [false, true] {
                for (lifetime, radius) in [(30, 3), (1, 1), (60, 8), (10, 2)] {
                    let schedule = Schedule::new((1 << exponent) + 1, wrap, lifetime, radius);
                    let name = format!("exponent {exponent}, wrap {wrap}, ({lifetime}, {radius})");
                    all.push((name, schedule));
                }
            }
        }
        all
    }

    /// The points of `window`, numbered in the grid its columns and rows
    /// are counted in (`width` a side, modulo `width` with wrap).
    fn points_of(window: Window, width: usize) -> impl Iterator<Item = usize> {
        (0..window.height).flat_map(move |row| {
            (0..window.width)
                .map(move |column| ((window.y + row) % width) * width + (window.x + column) % width)
        })
    }

    #[test]
    fn windows_of_one_colour_share_no_point_even_across_the_seam() {
        for (name, schedule) in schedules() {
            let width = schedule.width();
            let mut owner = vec![vec![usize::MAX; width * width]; 4];
            for (place, tile) in schedule.tiles().iter().enumerate() {
                let window = tile.window;
                assert!(window.width <= width && window.height <= width);
                for point in points_of(window, width) {
                    let seen = &mut owner[tile.colour][point];
                    assert_eq!(*seen, usize::MAX, "{name}, tile {place}");
                    *seen = place;
                }
            }
            assert!(schedule.across() == 1 || schedule.across().is_multiple_of(2));
        }
    }

    /// Runs the schedule as a coordinator that waits for no colour would
    /// (`www/erode-async.js`): a tile's task in a round is ready once its
    /// own earlier rounds are done and so is every earlier task of the
    /// tiles [touching](Schedule::touching) it. Each wave takes up to
    /// `workers` ready tasks, picked at random (so some tiles run rounds
    /// ahead of others, as timing makes them in workers). The grid is kept
    /// in [blocks](Schedule::block_edges), as the coordinator keeps it: a
    /// wave takes every block of its tasks' windows out of the store
    /// before any runs (a block a second task of the wave needed would be
    /// gone) and puts them back in reverse. Returns the map, the ledgers
    /// added in schedule order, and whether a wave ever held tasks of two
    /// rounds.
    fn without_colour_waits(
        map: &Heightmap,
        settings: &DropletSettings,
        workers: usize,
    ) -> (Heightmap, Ledger, bool) {
        let schedule = Schedule::new(
            map.side(),
            settings.wrap,
            settings.lifetime,
            settings.radius,
        );
        let tiles = schedule.tiles().len();
        let touching: Vec<Vec<usize>> = (0..tiles).map(|place| schedule.touching(place)).collect();
        let mut grid = Grid::of(map, settings.wrap);
        let floor = floor_of(map.heights(), map.side(), settings.wrap);
        let random = PointRandom::new(settings.seed ^ STREAM_SALT);
        let width = schedule.width();
        let mut store = split(&schedule, &grid.heights);
        let rounds = schedule.rounds(settings.droplets) as usize;
        let orders: Vec<RoundOrder> = (0..rounds as u32)
            .map(|round| schedule.round_order(random, round))
            .collect();
        // Rounds done, tile by tile.
        let mut passed = vec![0; tiles];
        let mut ledgers = vec![vec![None; tiles]; rounds];
        let mut mixed = false;
        let mut picks = 1u64;
        while passed.iter().any(|&done| done < rounds) {
            let ready = |place: usize| {
                let round = passed[place];
                round < rounds
                    && touching[place]
                        .iter()
                        .all(|&other| passed[other] >= round + usize::from(other < place))
            };
            let mut wave: Vec<(usize, usize)> = (0..tiles)
                .filter(|&place| ready(place))
                .map(|place| (passed[place], place))
                .collect();
            // Any ready tasks may run, as a worker's timing would pick
            // them: a shuffle by a fixed stream.
            for at in (1..wave.len()).rev() {
                picks = picks
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                wave.swap(at, (picks >> 33) as usize % (at + 1));
            }
            wave.truncate(workers);
            mixed |= wave.iter().any(|&(round, _)| round != wave[0].0);
            let taken_out: Vec<Vec<(usize, Vec<f64>)>> = wave
                .iter()
                .map(|&(_, place)| {
                    let blocks = schedule.blocks_of(place);
                    let out = blocks
                        .iter()
                        .map(|&block| (block, std::mem::take(&mut store[block])));
                    out.collect()
                })
                .collect();
            let mut results = Vec::new();
            for (&(round, place), blocks) in wave.iter().zip(taken_out) {
                let taken = schedule.taken(round as u32, settings.droplets);
                let droplets = orders[round].tile(place, taken);
                let mut pieces: Vec<f64> = blocks
                    .iter()
                    .flat_map(|(_, heights)| heights.clone())
                    .collect();
                let window = schedule.gather(place, &pieces);
                assert_eq!(
                    window.len(),
                    points_of(schedule.tiles()[place].window, width).count()
                );
                let (heights, ledger) =
                    erode_tile(window, &schedule, place, settings, floor, droplets);
                if !droplets.is_empty() {
                    ledgers[round][place] = Some(ledger);
                }
                schedule.scatter(place, &heights, &mut pieces);
                results.push((blocks, pieces));
            }
            for (blocks, pieces) in results.into_iter().rev() {
                let mut rest = pieces.as_slice();
                for (block, before) in blocks {
                    let (mine, after) = rest.split_at(before.len());
                    store[block] = mine.to_vec();
                    rest = after;
                }
            }
            for &(_, place) in &wave {
                passed[place] += 1;
            }
        }
        let mut total = Tally::default();
        for ledger in ledgers.into_iter().flatten().flatten() {
            total.add(ledger);
        }
        grid.heights = join(&schedule, &store);
        (grid.into_map(map.exponent()), total.ledger(), mixed)
    }

    /// `grid` as the schedule's blocks, each row by row.
    fn split(schedule: &Schedule, grid: &[f64]) -> Vec<Vec<f64>> {
        let (width, bands) = (schedule.width(), schedule.block_edges().len());
        (0..bands * bands)
            .map(|block| schedule.block(block).cut(grid, width, width))
            .collect()
    }

    /// The grid `split` cut into `blocks`.
    fn join(schedule: &Schedule, blocks: &[Vec<f64>]) -> Vec<f64> {
        let width = schedule.width();
        let mut grid = vec![f64::NAN; width * width];
        for (block, heights) in blocks.iter().enumerate() {
            schedule
                .block(block)
                .paste(heights, &mut grid, width, width);
        }
        grid
    }

    #[test]
    fn every_window_is_whole_blocks_and_windows_that_share_no_point_share_no_block() {
        for (name, schedule) in schedules() {
            let width = schedule.width();
            let edges = schedule.block_edges();
            assert_eq!(edges[0], 0, "{name}");
            assert!(edges.windows(2).all(|pair| pair[0] < pair[1]), "{name}");
            assert!(*edges.last().unwrap() < width, "{name}");
            // Every point its own number, so a misplaced one shows.
            let grid: Vec<f64> = (0..width * width).map(|point| point as f64).collect();
            let blocks = split(&schedule, &grid);
            assert_eq!(join(&schedule, &blocks), grid, "{name}");
            let tiles = schedule.tiles();
            for place in 0..tiles.len() {
                let case = format!("{name}, tile {place}");
                let mine = schedule.blocks_of(place);
                let pieces: Vec<f64> = mine
                    .iter()
                    .flat_map(|&block| blocks[block].clone())
                    .collect();
                let window = schedule.gather(place, &pieces);
                assert_eq!(
                    window,
                    tiles[place].window.cut(&grid, width, width),
                    "{case}"
                );
                let mut back = vec![f64::NAN; pieces.len()];
                schedule.scatter(place, &window, &mut back);
                assert_eq!(back, pieces, "{case}");
                let touching = schedule.touching(place);
                for other in (0..tiles.len()).filter(|&other| other != place) {
                    let shared = schedule
                        .blocks_of(other)
                        .iter()
                        .any(|block| mine.contains(block));
                    assert_eq!(shared, touching.contains(&other), "{case} and {other}");
                }
            }
        }
    }

    #[test]
    fn tasks_that_wait_only_for_the_tiles_touching_theirs_give_the_single_threaded_bits() {
        for (name, map, settings, single) in tiled_runs() {
            for workers in [1, 2, 3, 5, 64] {
                let (heights, ledger, mixed) = without_colour_waits(&map, &settings, workers);
                let case = format!("{name}, {workers} workers");
                assert_eq!(heights, single.heightmap, "{case}");
                assert_eq!(ledger, single.ledger, "{case}");
                // One worker takes them one at a time, 64 every ready one
                // at once (a colour at a time): only in between do tiles
                // of two rounds run together.
                assert!(
                    mixed || workers == 1 || workers == 64,
                    "{case}: no wave ran tasks of two rounds"
                );
            }
        }
    }

    #[test]
    fn touching_tiles_are_exactly_those_whose_windows_share_a_point() {
        for (name, schedule) in schedules() {
            let tiles = schedule.tiles();
            let points: Vec<std::collections::HashSet<usize>> = tiles
                .iter()
                .map(|tile| points_of(tile.window, schedule.width()).collect())
                .collect();
            for place in 0..tiles.len() {
                let expected: Vec<usize> = (0..tiles.len())
                    .filter(|&other| other != place && !points[place].is_disjoint(&points[other]))
                    .collect();
                let case = format!("{name}, tile {place}");
                assert_eq!(schedule.touching(place), expected, "{case}");
                assert!(
                    expected
                        .iter()
                        .all(|&other| tiles[other].colour != tiles[place].colour)
                );
                if schedule.across() > 1 && schedule.wrap() {
                    // On the torus every tile has eight neighbours.
                    assert_eq!(expected.len(), 8, "{case}");
                }
            }
        }
    }

    #[test]
    fn the_tiles_cover_every_landing_place_once_and_are_twice_the_reach() {
        let schedule = Schedule::new(513, false, 30, 3);
        assert_eq!(schedule.reach(), 34);
        assert_eq!(schedule.across(), 6);
        assert_eq!(schedule.full_round(), 4096);
        // The rounds grow from a sixteenth of that by a quarter each.
        let sizes: Vec<u32> = (0..16).map(|round| schedule.round_size(round)).collect();
        assert_eq!(
            sizes,
            [
                256, 320, 400, 500, 625, 781, 976, 1220, 1525, 1906, 2382, 2977, 3721, 4096, 4096,
                4096
            ]
        );
        assert_eq!(schedule.tiles().len(), 36);
        assert!(
            schedule
                .tiles()
                .windows(2)
                .all(|t| t[0].colour <= t[1].colour)
        );
        // Long lifetimes leave one tile: a plain loop.
        assert_eq!(Schedule::new(513, true, 300, 3).across(), 1);
        assert_eq!(Schedule::new(65, true, 30, 3).across(), 1);
        // Every droplet of a round is in exactly one tile, in order.
        let random = PointRandom::new(5);
        let mut first = 0;
        for round in 0..16 {
            let order = schedule.round_order(random, round);
            let mut all = order.droplets.clone();
            all.sort_unstable();
            let size = schedule.round_size(round);
            assert_eq!(all, (first..first + size).collect::<Vec<u32>>());
            first += size;
        }
        assert_eq!(schedule.rounds(first), 16);
        assert_eq!(schedule.rounds(first + 1), 17);
        assert_eq!(schedule.taken(16, first + 1), 1);
        let order = schedule.round_order(random, 2);
        for place in 0..schedule.tiles().len() {
            let droplets = order.tile(place, 400);
            assert!(droplets.windows(2).all(|pair| pair[0] < pair[1]));
        }
    }

    /// Once rounds of one size let a run that ended inside a round rain on
    /// its first colours' tiles only: 3 000 droplets on a 513-point map
    /// missed colour 3's tiles, 1 000 on a 2049-point map all but colour
    /// 0's, and 100 000 on a 4097-point map colour 2's and 3's. While the
    /// rounds double, a colour may have up to twice its share.
    #[test]
    fn a_run_ending_inside_a_round_rains_on_every_colour_nearly_evenly() {
        for (side, droplets, shares) in [
            (513, 3_000, 0.8..1.25),
            (4097, 100_000, 0.75..1.35),
            (2049, 1_000, 0.6..2.0),
            (4097, 10_000, 0.6..2.0),
        ] {
            let schedule = Schedule::new(side, false, 30, 3);
            let random = PointRandom::new(11);
            let mut rain = [0u32; 4];
            for round in 0..schedule.rounds(droplets) {
                let order = schedule.round_order(random, round);
                let taken = schedule.taken(round, droplets);
                for (place, tile) in schedule.tiles().iter().enumerate() {
                    rain[tile.colour] += order.tile(place, taken).len() as u32;
                }
            }
            // Each colour has a quarter of the tiles, of one size.
            let share = f64::from(droplets) / 4.0;
            for (colour, &count) in rain.iter().enumerate() {
                assert!(
                    shares.contains(&(f64::from(count) / share)),
                    "{side}: colour {colour} had {count} of {droplets} droplets: {rain:?}"
                );
            }
        }
    }

    #[test]
    fn a_droplet_never_goes_farther_than_the_reach_from_where_it_lands() {
        // Long lives, no evaporation and every brush: the traces' steps
        // are at most one cell each, so the points touched lie within the
        // reach (the windows' debug checks enforce it in every test above).
        let map = generated(false, 7, 2);
        for radius in [1, 4, 8] {
            let settings = DropletSettings {
                lifetime: 200,
                radius,
                inertia: 0.9,
                evaporate_speed: 0.0,
                ..settings(0, false)
            };
            let reach = reach(settings.lifetime, radius) as f64;
            for droplet in 0..200 {
                let traced =
                    crate::erosion::droplets::trace(&map, &settings, droplet).expect("valid");
                let Some(first) = traced.steps.first() else {
                    continue;
                };
                let (x, y) = (first.start.x, first.start.y);
                for step in &traced.steps {
                    let length = step.direction[0].hypot(step.direction[1]);
                    assert!(length <= 1.0 + 1e-15, "{length}");
                    // Brush and cell: up to `radius` points beyond the
                    // position, rounded down.
                    let farthest = (step.start.x - x).abs().max((step.start.y - y).abs());
                    assert!(farthest.floor() + f64::from(radius) + 1.0 <= reach);
                }
            }
        }
    }

    /// What the schedule costs against the plain loop on the erosion
    /// chapter's map at 513 x 513 (diamond-square, seed 7, 100 000
    /// droplets): the numbers the chapter quotes, and how the round size
    /// changes them. `seam` is the mean change of the difference between
    /// neighbouring columns across tile edges over that elsewhere: 1 when
    /// the edges leave no mark.
    /// `cargo test -p terrain-core --release --lib schedule_cost -- --ignored --nocapture`
    #[test]
    #[ignore = "prints the chapter's numbers; a few seconds in release"]
    fn schedule_cost() {
        let map = crate::erosion::test_maps::generated(false, 9, 7);
        let settings = DropletSettings {
            seed: 7,
            ..DropletSettings::default()
        };
        let plain = in_droplet_order(&map, &settings).expect("valid");
        let schedule = Schedule::new(map.side(), false, settings.lifetime, settings.radius);
        let edges: Vec<usize> = (1..schedule.across())
            .map(|i| (i * (map.side() - 1)).div_ceil(schedule.across()))
            .collect();
        let side = map.side();
        for round in [256, 1024, schedule.full_round(), 16_384, 100_000] {
            let (tiled, ledger) = on_schedule(
                &map,
                &settings,
                &schedule.clone().with_round(round),
                1,
                false,
            );
            let difference: Vec<f64> = tiled
                .heights()
                .iter()
                .zip(plain.heightmap.heights())
                .map(|(a, b)| a - b)
                .collect();
            let mean = difference.iter().map(|d| d.abs()).sum::<f64>() / difference.len() as f64;
            let max = difference.iter().fold(0.0f64, |m, d| m.max(d.abs()));
            let (mut at_edges, mut edge_pairs, mut elsewhere, mut other_pairs) = (0.0, 0, 0.0, 0);
            for y in 0..side {
                for x in 1..side {
                    let step = (difference[y * side + x] - difference[y * side + x - 1]).abs()
                        + (difference[x * side + y] - difference[(x - 1) * side + y]).abs();
                    if edges.contains(&x) {
                        at_edges += step;
                        edge_pairs += 2;
                    } else {
                        elsewhere += step;
                        other_pairs += 2;
                    }
                }
            }
            let seam = (at_edges / f64::from(edge_pairs)) / (elsewhere / f64::from(other_pairs));
            let mean_height =
                |m: &Heightmap| m.heights().iter().sum::<f64>() / m.heights().len() as f64;
            println!(
                "round {round}: mean |difference| {mean:.5}, max {max:.4}, seam {seam:.3}, \
                 eroded {:.2} (plain {:.2}), mean height {:.5} (plain {:.5}, before {:.5})",
                ledger.eroded,
                plain.ledger.eroded,
                mean_height(&tiled),
                mean_height(&plain.heightmap),
                mean_height(&map),
            );
        }
    }

    /// The schedule on 1 and 2 native threads, timed, against the
    /// single-threaded run: what a second core gains once the windows are
    /// copied out and back every colour of every round.
    /// `cargo test -p terrain-core --release --lib threads_speed -- --ignored --nocapture`
    #[test]
    #[ignore = "times threads; seconds in release"]
    fn threads_speed() {
        use std::time::Instant;
        for exponent in [9, 10] {
            let map = generated(false, exponent, 7);
            let settings = DropletSettings {
                droplets: 100_000 << (2 * (exponent - 9)),
                seed: 7,
                ..DropletSettings::default()
            };
            let started = Instant::now();
            let single = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
            let alone = started.elapsed();
            for threads in [1, 2] {
                let started = Instant::now();
                let heights = in_threads(&map, &settings, threads);
                let took = started.elapsed();
                assert_eq!(heights, single.heightmap);
                println!(
                    "exponent {exponent}, {} droplets: single-threaded run {alone:.2?}, \
                     {threads} threads {took:.2?} ({:.2}x)",
                    settings.droplets,
                    alone.as_secs_f64() / took.as_secs_f64()
                );
            }
        }
    }

    /// The schedule on `threads` scoped threads: each colour's tiles are
    /// cut, dealt out round robin, run and pasted back.
    fn in_threads(map: &Heightmap, settings: &DropletSettings, threads: usize) -> Heightmap {
        let mut grid = Grid::of(map, settings.wrap);
        let floor = floor_of(map.heights(), map.side(), settings.wrap);
        let schedule = Schedule::new(
            map.side(),
            settings.wrap,
            settings.lifetime,
            settings.radius,
        );
        let random = PointRandom::new(settings.seed ^ STREAM_SALT);
        let width = schedule.width();
        for round in 0..schedule.rounds(settings.droplets) {
            let order = schedule.round_order(random, round);
            let taken = schedule.taken(round, settings.droplets);
            for colour in 0..4 {
                let jobs: Vec<(usize, Vec<f64>)> = (0..schedule.tiles().len())
                    .filter(|&place| schedule.tiles()[place].colour == colour)
                    .map(|place| {
                        let window = schedule.tiles()[place].window;
                        (place, window.cut(&grid.heights, width, width))
                    })
                    .collect();
                let done: Vec<(usize, Vec<f64>)> = std::thread::scope(|scope| {
                    let workers: Vec<_> = (0..threads)
                        .map(|worker| {
                            let (jobs, schedule, order) = (&jobs, &schedule, &order);
                            scope.spawn(move || {
                                jobs.iter()
                                    .skip(worker)
                                    .step_by(threads)
                                    .map(|(place, cut)| {
                                        let droplets = order.tile(*place, taken);
                                        let (heights, _) = erode_tile(
                                            cut.clone(),
                                            schedule,
                                            *place,
                                            settings,
                                            floor,
                                            droplets,
                                        );
                                        (*place, heights)
                                    })
                                    .collect::<Vec<_>>()
                            })
                        })
                        .collect();
                    workers
                        .into_iter()
                        .flat_map(|worker| worker.join().expect("a worker"))
                        .collect()
                });
                for (place, heights) in done {
                    schedule.tiles()[place]
                        .window
                        .paste(&heights, &mut grid.heights, width, width);
                }
            }
        }
        grid.into_map(map.exponent())
    }
}
