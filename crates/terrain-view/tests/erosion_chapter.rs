//! The erosion chapter's tables and the numbers its prose draws from them,
//! against what the code gives for the same map and rain (diamond-square,
//! 257 x 257, seed 7, the droplets' defaults), so a change to erosion
//! cannot leave the page telling another story.

use terrain_core::query::from_query;
use terrain_core::{Terrain, generate};

const PAGE: &str = include_str!("../../../www/erosion.html");

/// The chapter's map, rained on as `more` (a share link's parameters) says.
fn rained(more: &str) -> Terrain {
    let query = format!("algorithm=diamond-square&exponent=8&seed=7&erosion=droplets{more}");
    let state = from_query(&query);
    generate(&state.params, state.stage).unwrap_or_else(|error| panic!("{query}: {error}"))
}

/// `count` as the chapter writes it: `100&nbsp;000`.
fn count_written(count: usize) -> String {
    let digits = count.to_string();
    let mut written = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            written.push_str("&nbsp;");
        }
        written.push(digit);
    }
    written
}

/// A table row as the chapter's HTML has it.
fn row(head: &str, cells: &[String]) -> String {
    let cells: String = cells
        .iter()
        .map(|cell| format!("<td>{cell}</td>"))
        .collect();
    format!("<tr><th scope=\"row\">{head}</th>{cells}</tr>")
}

/// The page with its lines joined, so a sentence can be found whole.
fn prose() -> String {
    PAGE.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_says(claim: &str) {
    assert!(
        prose().contains(claim),
        "the erosion chapter should say {claim:?}"
    );
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
    }
}
