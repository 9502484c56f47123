//! The erosion chapter's tables and the numbers its prose draws from them,
//! against what the code gives for the same map and rain (diamond-square,
//! 257 x 257, seed 7, the droplets' defaults) and for the tiling section's
//! pair over 200 seeds, so a change to erosion cannot leave the page
//! telling another story.

mod common;

use common::{labels, prose, row_by_row, terrain_of};
use terrain_core::Terrain;
use terrain_core::words::group_thousands;

const PAGE: &str = include_str!("../../../www/erosion.html");

/// The chapter's map, rained on as `more` (a share link's parameters) says.
fn rained(more: &str) -> Terrain {
    terrain_of(&format!(
        "algorithm=diamond-square&exponent=8&seed=7&erosion=droplets{more}"
    ))
}

/// `count` as the chapter writes it: `100&nbsp;000`.
fn count_written(count: usize) -> String {
    group_thousands(count).replace('\u{202f}', "&nbsp;")
}

/// A table row as the chapter's HTML has it.
fn row(head: &str, cells: &[String]) -> String {
    let cells: String = cells
        .iter()
        .map(|cell| format!("<td>{cell}</td>"))
        .collect();
    format!("<tr><th scope=\"row\">{head}</th>{cells}</tr>")
}

/// Fails unless the erosion chapter says `claim`.
fn assert_says(claim: &str) {
    static PROSE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| prose(PAGE));
    common::assert_says(&PROSE, "the erosion chapter", claim);
}

#[test]
fn the_ledger_table_and_what_the_chapter_reads_from_it() {
    let mut last = None;
    for droplets in [1, 1_000, 10_000, 100_000] {
        let terrain = rained(&format!("&stage=droplets-{droplets}"));
        let report = terrain.erosion.expect("an erosion stage reports");
        let ledger = report.ledger.expect("droplets keep a ledger");
        let decimals = if droplets == 1 { 4 } else { 2 };
        let cells = [ledger.eroded, ledger.deposited, ledger.carried]
            .map(|total| format!("{total:.decimals$}"));
        assert_says(&row(&count_written(droplets), &cells));
        last = Some((terrain.heightmap, report.before, ledger));
    }
    let (after, before, ledger) = last.expect("the last stage");
    let points = after.heights().len();
    // "below a millionth of a millionth (2 × 10^−13 after 100 000 droplets)"
    let imbalance = format!("{:.0e}", ledger.imbalance().abs());
    let (mantissa, exponent) = imbalance.split_once('e').expect("an exponent");
    assert_says(&format!(
        "({mantissa} × 10<sup>{}</sup> after 100&nbsp;000 droplets)",
        exponent.replace('-', "−")
    ));
    // "two thirds of everything eroded", "loses 0.0165 on average per point"
    let share = ledger.carried / ledger.eroded;
    assert!(
        (0.6..0.7).contains(&share),
        "two thirds of what is eroded is carried off: {share}"
    );
    assert_says(&format!(
        "The map loses {:.4} on average per point",
        ledger.carried / points as f64
    ));
    // "64 551 of the 66 049 points moved by more than 0.001"
    let moved = after
        .heights()
        .iter()
        .zip(before.heights())
        .filter(|(after, before)| (*after - *before).abs() > 0.001)
        .count();
    assert_says(&format!(
        "({} of the {} points moved by more than 0.001)",
        count_written(moved),
        count_written(points)
    ));
}

#[test]
fn the_settings_table_is_what_each_change_does() {
    // Each change's ledger and deepest cut, for the comparisons the
    // chapter draws from the table.
    let mut outcomes = std::collections::HashMap::new();
    for (change, more) in [
        ("none (the defaults)", ""),
        ("capacity 16", "&capacity=16"),
        ("erode speed 0.9", "&erodeSpeed=0.9"),
        ("evaporate speed 0.1", "&evaporateSpeed=0.1"),
        ("inertia 0.3", "&inertia=0.3"),
        ("brush radius 1", "&radius=1"),
        ("lifetime 100", "&lifetime=100"),
    ] {
        let terrain = rained(more);
        let report = terrain.erosion.expect("an erosion stage reports");
        let ledger = report.ledger.expect("droplets keep a ledger");
        let deepest = report
            .before
            .heights()
            .iter()
            .zip(terrain.heightmap.heights())
            .map(|(before, after)| before - after)
            .fold(0.0, f64::max);
        let cells = [
            format!("{:.0}", ledger.eroded),
            format!("{:.0}", ledger.deposited),
            format!("{:.0}", ledger.carried),
            format!("{deepest:.3}"),
        ];
        assert_says(&row(change, &cells));
        outcomes.insert(change, (ledger, deepest));
    }
    let (defaults, deepest) = outcomes["none (the defaults)"];
    // The code example prints the defaults' deepest cut.
    assert_says(&format!(
        "// deepest is -{deepest:.4}: the most any point was lowered."
    ));
    let compared = |change: &str| {
        let (ledger, cut) = outcomes[change];
        (
            ledger.eroded / defaults.eroded,
            ledger.deposited / defaults.deposited,
            cut / deepest,
        )
    };
    // "A larger capacity ...: nearly four times the material moves, and
    // the valleys are cut more than twice as deep."
    let (eroded, _, cut) = compared("capacity 16");
    assert!(
        (3.5..4.0).contains(&eroded) && cut > 2.0,
        "capacity 16: {eroded}, {cut}"
    );
    // "Fast evaporation does the opposite."
    let (eroded, _, cut) = compared("evaporate speed 0.1");
    assert!(
        eroded < 1.0 && cut < 1.0,
        "evaporate speed 0.1: {eroded}, {cut}"
    );
    // "Long lifetimes ...: both the cutting and the filling grow."
    let (eroded, deposited, _) = compared("lifetime 100");
    assert!(
        eroded > 1.0 && deposited > 1.0,
        "lifetime 100: {eroded}, {deposited}"
    );
    // "A brush of radius 1 moves more material in total but cuts less
    // deep, and puts down 1.7 times as much."
    let (eroded, deposited, cut) = compared("brush radius 1");
    assert!(eroded > 1.0 && cut < 1.0, "brush radius 1: {eroded}, {cut}");
    assert_says(&format!(
        "and puts down {deposited:.1} times as much: its narrow grooves"
    ));
}

#[test]
fn the_traced_droplet_does_what_the_chapter_says() {
    let terrain = terrain_of("algorithm=diamond-square&exponent=6&seed=7&erosion=trace&droplet=1");
    let report = terrain.erosion.expect("a trace reports");
    let trace = report.trace.expect("a trace has its path");
    // Step n of the chapter (from 1) and the droplet as the next one starts.
    let step = |n: usize| trace.steps[n - 1];
    let after = |n: usize| trace.steps.get(n).map_or(trace.end, |next| next.start);
    let steepest = (1..=trace.steps.len())
        .max_by(|&a, &b| step(a).drop.total_cmp(&step(b).drop))
        .expect("steps");
    let most = (1..=trace.steps.len())
        .max_by(|&a, &b| after(a).sediment.total_cmp(&after(b).sediment))
        .expect("steps");
    assert_eq!(trace.steps.len(), 30, "it takes its 30 steps");
    assert_eq!(
        step(1).eroded,
        step(1).drop,
        "on step 1 it erodes what it fell"
    );
    assert_eq!(
        step(9).deposited,
        -step(9).drop,
        "on step 9 it leaves what it climbed"
    );
    assert_eq!(
        (steepest, most),
        (22, 24),
        "step 22 falls furthest, after 24 it carries most"
    );
    assert_eq!(
        step(22).eroded,
        step(22).drop,
        "on step 22 it erodes all it fell"
    );
    assert!(
        (25..=30).all(|n| step(n).deposited > 0.0),
        "it deposits on its last six steps"
    );
    assert!(
        step(24).deposited == 0.0,
        "but not on the seventh from last"
    );
    let four = step(1).capacity / step(1).drop;
    assert!(
        (3.5..4.5).contains(&four),
        "its capacity is four times its fall: {four}"
    );
    assert!(
        step(6).capacity < after(5).sediment / 2.0,
        "on step 6 the capacity is less than half of its load"
    );
    // "Its 30 steps cross half of it": down the rows of the 65 x 65 map.
    let crossed = (trace.end.y - step(1).start.y) / 64.0;
    assert!(
        (0.4..0.6).contains(&crossed),
        "it crosses half the map: {crossed}"
    );
    let ledger = trace.ledger;
    // The map's change: where the droplet's material went.
    let changes: Vec<f64> = trace
        .heightmap
        .heights()
        .iter()
        .zip(report.before.heights())
        .map(|(after, before)| after - before)
        .filter(|change| *change != 0.0)
        .collect();
    let largest = changes
        .iter()
        .fold(0.0, |most: f64, change| most.max(change.abs()));
    assert!(largest < 0.02, "no point moves by 0.02: {largest}");
    for claim in [
        format!("at ({:.2}, {:.2})", step(1).start.x, step(1).start.y),
        format!("falls {:.4}, so", step(1).drop),
        format!("its capacity ({:.3})", step(1).capacity),
        format!("By step 5 it carries {:.3}", after(5).sediment),
        format!(
            "the drop is only {:.4}, the capacity falls to {:.3}",
            step(6).drop,
            step(6).capacity
        ),
        format!("that step deposited {:.3}", step(6).deposited),
        format!("runs uphill by {:.3}", -step(9).drop),
        format!("its steepest fall ({:.3})", step(22).drop),
        format!("after step 24 it carries {:.3}", after(24).sediment),
        format!(
            "with speed {:.2} and water {:.2}",
            trace.end.speed, trace.end.water
        ),
        format!("at ({:.2}, {:.2}), with speed", trace.end.x, trace.end.y),
        format!(
            "It has taken {:.3} from the map and put back {:.3}; the {:.3} it still carries",
            ledger.eroded, ledger.deposited, ledger.carried
        ),
        format!(
            "the droplet changes {} points, digging {:.2} and putting back {:.2} in all",
            changes.len(),
            ledger.eroded,
            ledger.deposited
        ),
    ] {
        assert_says(&claim);
    }
}

#[test]
fn the_slides_move_what_the_chapter_says() {
    // What moved, the map before and the map after.
    let slid = |more: &str| {
        let terrain = terrain_of(&format!(
            "algorithm=diamond-square&exponent=8&seed=7&erosion=thermal{more}"
        ));
        let report = terrain.erosion.expect("slides report");
        (
            report.moved.expect("slides count what moved"),
            report.before,
            terrain.heightmap,
        )
    };
    let (first, map, _) = slid("&talus=1&stage=slides-1");
    let (ten, ..) = slid("&talus=1&stage=slides-10");
    let (fifty, before, after) = slid("&talus=1&stage=slides-50");
    let (steeper, ..) = slid("&talus=2&stage=slides-50");
    let (steepest, ..) = slid("&talus=4&stage=slides-50");
    // "The sum of all heights changes by less than 10^-9 over fifty
    // iterations."
    let sum = |map: &terrain_core::Heightmap| map.heights().iter().sum::<f64>();
    let change = (sum(&after) - sum(&before)).abs();
    assert!(change < 1e-9, "the heights' sum changes by {change}");
    assert!(
        steepest < fifty / 100.0,
        "try 4 and almost nothing moves: {steepest}"
    );
    // Pairs of side-by-side points that differ by more than the talus
    // allows a cell (a talus of 1: the map's width in height).
    let side = map.side();
    let per_cell = 1.0 / (side - 1) as f64;
    let heights = map.heights();
    let too_steep = |step: usize, pairs: &mut dyn Iterator<Item = usize>| {
        pairs
            .filter(|&at| (heights[at] - heights[at + step]).abs() > per_cell)
            .count()
    };
    let across = too_steep(1, &mut (0..side * side).filter(|at| at % side < side - 1));
    let down = too_steep(side, &mut (0..side * (side - 1)));
    let share = (across + down) as f64 / (2 * side * (side - 1)) as f64;
    assert!(
        (0.34..0.4).contains(&share),
        "a little over a third: {share}"
    );
    for claim in [
        format!(
            "{} in all, {} of the {} left-right pairs and {} of as many up-down ones",
            count_written(across + down),
            count_written(across),
            count_written(side * (side - 1)),
            count_written(down)
        ),
        format!(
            "The first iteration moves {first:.0} units of material, the first ten {ten:.0}, all fifty {fifty:.0}."
        ),
        format!("({steeper:.0} units in fifty iterations)"),
    ] {
        assert_says(&claim);
    }
}

#[test]
fn the_rain_drains_the_pits_the_chapter_counts() {
    use terrain_core::erosion::flow::fill_pits;
    let terrain = rained("&stage=droplets-100000");
    let before = terrain.erosion.expect("an erosion stage reports").before;
    let side = before.side();
    // Pits and flats inside the map: no neighbour of the eight lower.
    let pits = |map: &terrain_core::Heightmap| {
        let heights = map.heights();
        (1..side - 1)
            .flat_map(|y| (1..side - 1).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let here = heights[y * side + x];
                (y - 1..=y + 1)
                    .flat_map(|ny| (x - 1..=x + 1).map(move |nx| (nx, ny)))
                    .all(|(nx, ny)| heights[ny * side + nx] >= here)
            })
            .count()
    };
    // How many points filling raises, and by how much at most.
    let filled = |map: &terrain_core::Heightmap| {
        let full = fill_pits(map, false).expect("a map to fill");
        let rises: Vec<f64> = full
            .heights()
            .iter()
            .zip(map.heights())
            .map(|(full, map)| full - map)
            .filter(|rise| *rise > 0.0)
            .collect();
        let most = rises.iter().fold(0.0, |most: f64, rise| most.max(*rise));
        (rises.len(), most)
    };
    let (raised_before, most_before) = filled(&before);
    let (raised_after, most_after) = filled(&terrain.heightmap);
    for claim in [
        format!(
            "there are {} pits and flat spots inside the map",
            count_written(pits(&before))
        ),
        format!(
            "filling them raises {} points, one in nine, by up to {most_before:.3}",
            count_written(raised_before),
        ),
        format!(
            "only {} pits are left",
            count_written(pits(&terrain.heightmap))
        ),
        format!(
            "filling raises {} points by at most {most_after:.3}",
            count_written(raised_after),
        ),
    ] {
        assert_says(&claim);
    }
    let share = raised_before as f64 / (side * side) as f64;
    assert!(
        (1.0 / 9.5..1.0 / 8.5).contains(&share),
        "one in nine: {share}"
    );
}

#[test]
fn the_tiles_seams_over_two_hundred_seeds_are_what_the_chapter_says() {
    use terrain_core::seams::seam_index;
    // The tiling section's pair: tileable diamond-square, 129 x 129, rained
    // on by 25 000 droplets, with wrap (the default for this map) or not.
    let seam = |seed: u64, rain: &str| {
        let query = format!("algorithm=tileable-diamond-square&exponent=7&seed={seed}{rain}");
        seam_index(&terrain_of(&query).heightmap)
            .unwrap_or_else(|| panic!("{query}: a map of 129 points has an index"))
    };
    const WRAPPED: &str = "&erosion=droplets&droplets=25000";
    const UNWRAPPED: &str = "&erosion=droplets&droplets=25000&wrap=false";
    // Seeds 0 to 199, half on each of two threads: 400 erosions.
    let over_seeds = |rain: &'static str| {
        let half = |seeds: std::ops::Range<u64>| {
            std::thread::spawn(move || seeds.map(|seed| seam(seed, rain)).collect::<Vec<_>>())
        };
        let (low, high) = (half(0..100), half(100..200));
        let join = |half: std::thread::JoinHandle<Vec<f64>>| {
            half.join()
                .unwrap_or_else(|_| panic!("a thread of seeds failed"))
        };
        [join(low), join(high)].concat()
    };
    let mean = |indices: &[f64]| indices.iter().sum::<f64>() / indices.len() as f64;
    let (wrapped, unwrapped) = (over_seeds(WRAPPED), over_seeds(UNWRAPPED));
    let lowest_unwrapped = unwrapped
        .iter()
        .fold(f64::INFINITY, |low, &index| low.min(index));
    for claim in [
        format!(
            "{:.2} for seed 21, where the map before the rain scored {:.2}, and {:.3} on average over seeds 0 to 199.",
            wrapped[21],
            seam(21, ""),
            mean(&wrapped)
        ),
        // "Never below": the lowest, rounded down.
        format!(
            "Without wrap it is {:.2} for seed 21, {:.1} on average and never below {:.1}:",
            unwrapped[21],
            mean(&unwrapped),
            (lowest_unwrapped * 10.0).floor() / 10.0
        ),
    ] {
        assert_says(&claim);
    }
}

#[test]
fn a_small_map_erodes_harder_as_the_chapter_says() {
    // Tileable diamond-square, seed 21, with wrap, at 129 and 257 points a
    // side, each rained on by as many droplets per point.
    let query = |exponent: u32, erosion: &str| {
        format!("algorithm=tileable-diamond-square&exponent={exponent}&seed=21&erosion={erosion}")
    };
    // How far a droplet's height changes a step: the first 2 000 droplets,
    // each traced on the map before any rain.
    let change_a_step = |exponent: u32| {
        let steps: Vec<f64> = (0..2000)
            .flat_map(|droplet| {
                let traced = terrain_of(&query(exponent, &format!("trace&droplet={droplet}")));
                let trace = traced.erosion.and_then(|report| report.trace);
                let trace = trace.unwrap_or_else(|| panic!("droplet {droplet} has a trace"));
                trace.steps.into_iter().map(|step| step.drop.abs())
            })
            .collect();
        steps.iter().sum::<f64>() / steps.len() as f64
    };
    // Material eroded, per point of the map.
    let eroded_per_point = |exponent: u32, droplets: u32| {
        let rained = terrain_of(&query(exponent, &format!("droplets&droplets={droplets}")));
        let side = rained.heightmap.side();
        let ledger = rained.erosion.and_then(|report| report.ledger);
        ledger.expect("a run of droplets keeps its ledger").eroded / (side * side) as f64
    };
    assert_says(&format!(
        "a droplet's height changes by {:.4} a step on average at 129 points a side, and by {:.4} at 257 (over the first 2&nbsp;000 droplets, each let fall on the map before any rain). 25&nbsp;000 droplets on the smaller map erode {:.3} per point; 100&nbsp;000 on the larger, as many droplets per point, erode {:.3}.",
        change_a_step(7),
        change_a_step(8),
        eroded_per_point(7, 25_000),
        eroded_per_point(8, 100_000),
    ));
}

#[test]
fn the_brush_figure_gives_each_point_its_share() {
    // A droplet of one step that erodes, with the brush at its defaults
    // (radius 3) around the point nearest to it, clear of the map's edges:
    // what each point gave, as (x, y, amount).
    let taken = (0..100)
        .find_map(|droplet| {
            let query = format!(
                "algorithm=diamond-square&exponent=6&seed=7&erosion=trace&droplet={droplet}&lifetime=1"
            );
            let report = terrain_of(&query).erosion.expect("a trace reports");
            let trace = report.trace.expect("a trace has its path");
            let side = trace.heightmap.side() as i64;
            let taken: Vec<(i64, i64, f64)> = (report.before.heights().iter())
                .zip(trace.heightmap.heights())
                .enumerate()
                .filter(|(_, (before, after))| before != after)
                .map(|(at, (before, after))| (at as i64 % side, at as i64 / side, before - after))
                .collect();
            let eroded = trace.steps.len() == 1 && trace.steps[0].deposited == 0.0;
            (eroded && taken.len() == 25).then_some(taken)
        })
        .expect("one of 100 droplets erodes clear of the edges");
    let total: f64 = taken.iter().map(|(_, _, amount)| amount).sum();
    let (centre_x, centre_y, _) = taken
        .iter()
        .copied()
        .max_by(|a, b| a.2.total_cmp(&b.2))
        .expect("points");
    // The share in percent at (dx, dy) from the centre, the same at every
    // point that far away.
    let share = |dx: i64, dy: i64| {
        let shares: Vec<String> = (taken.iter())
            .filter(|(x, y, _)| {
                let (x, y) = ((x - centre_x).abs(), (y - centre_y).abs());
                (x.min(y), x.max(y)) == (dx.min(dy), dx.max(dy))
            })
            .map(|(_, _, amount)| format!("{:.1}", 100.0 * amount / total))
            .collect();
        assert!(
            !shares.is_empty() && shares.windows(2).all(|pair| pair[0] == pair[1]),
            "({dx}, {dy}): {shares:?}"
        );
        shares[0].clone()
    };
    let shares = format!(
        "The centre gives {}. Its four side neighbours give {} each and its four diagonal neighbours {}. Two points away along a row or column, {}; at a knight's move, {}; at the four corners of the patch, {}.",
        share(0, 0),
        share(1, 0),
        share(1, 1),
        share(2, 0),
        share(2, 1),
        share(2, 2)
    );
    // The figure's text for readers who cannot see it, on the page and in
    // the picture itself.
    assert_says(&shares);
    const FIGURE: &str = include_str!("../../../www/figures/erosion-brush.svg");
    common::assert_says(&prose(FIGURE), "figures/erosion-brush.svg", &shares);
    // And the picture's 25 labels, row by row.
    let labels = row_by_row(
        labels(FIGURE)
            .into_iter()
            .filter(|label| {
                let text = label.text;
                text.parse::<f64>().is_ok()
            })
            .collect(),
    );
    let patch: Vec<String> = (-2..=2)
        .flat_map(|dy: i64| (-2..=2).map(move |dx: i64| (dx.abs(), dy.abs())))
        .map(|(dx, dy)| share(dx, dy))
        .collect();
    assert_eq!(labels, patch, "the figure's labels, row by row");
}

#[test]
fn the_flow_figure_is_what_d8_gives() {
    use terrain_core::erosion::flow::{Routing, accumulate};
    const FIGURE: &str = include_str!("../../../www/figures/erosion-flow.svg");
    // The figure's numbers, by where they are drawn.
    let labels: Vec<(f64, f64, f64)> = labels(FIGURE)
        .into_iter()
        .filter_map(|label| Some((label.x, label.y, label.text.parse().ok()?)))
        .collect();
    // Two 5 x 5 grids, 54 px apart: the heights from y = 80, the flow from
    // y = 432.
    let grid = |top: f64| {
        (0..25)
            .map(|at| {
                let (x, y) = (62.0 + 54.0 * (at % 5) as f64, top + 54.0 * (at / 5) as f64);
                labels
                    .iter()
                    .find(|label| label.0 == x && label.1 == y)
                    .map_or_else(|| panic!("a label at ({x}, {y})"), |label| label.2)
            })
            .collect::<Vec<f64>>()
    };
    let heights = terrain_core::Heightmap::from_heights(2, grid(80.0)).expect("a 5 x 5 map");
    let flow = accumulate(&heights, Routing::Steepest, false).expect("flow");
    assert_eq!(flow, grid(432.0), "the figure's flow is D8's");
    let lowest = (0..25).min_by(|&a, &b| heights.heights()[a].total_cmp(&heights.heights()[b]));
    assert_eq!(
        flow[lowest.expect("points")],
        25.0,
        "the lowest point gathers all 25 units"
    );
    // The page's description: the valley down the fourth column.
    assert_says(&format!(
        "growing down the valley, {}, {}, {}, and {} at the lowest point",
        flow[8], flow[13], flow[18], flow[23]
    ));
}

#[test]
fn the_tiled_order_starts_where_the_chapter_says() {
    use terrain_core::erosion::schedule::Schedule;
    // Four tiles across or more, or the droplets keep their own order.
    let tiled = |side: usize, lifetime: u32, radius: u32| {
        Schedule::new(side, false, lifetime, radius).across() > 1
    };
    assert_says("34 points with the defaults");
    assert_eq!(terrain_core::erosion::schedule::reach(30, 3), 34);
    assert_says(
        "wide enough for four tiles across (with the defaults, 513 points a side and more)",
    );
    assert!(!tiled(257, 30, 3) && tiled(513, 30, 3));
    assert_says(
        "a lifetime of 28 or less, or a brush radius of 1 (the table's row above), brings the reach down to 32 points",
    );
    assert!(tiled(257, 28, 3) && !tiled(257, 29, 3));
    assert!(tiled(257, 30, 1) && !tiled(257, 30, 2));
    assert_eq!(terrain_core::erosion::schedule::reach(28, 3), 32);
}
