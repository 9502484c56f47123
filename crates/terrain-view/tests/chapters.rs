//! Numbers the first three chapters quote, against what the code gives:
//! the rescaling's rounding trap (midpoint displacement), where the two
//! algorithms differ and how much each creases (diamond-square). The
//! erosion chapter has its own file; the plots' numbers sit with the plots.

use terrain_core::query::from_query;
use terrain_core::seams::{DEFAULT_CREASE_LEVELS, crease_index};
use terrain_core::{Heightmap, generate};

/// A chapter's text with its lines joined, so a sentence can be found
/// whole.
fn prose(page: &str) -> String {
    page.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_says(page: &str, name: &str, claim: &str) {
    assert!(prose(page).contains(claim), "{name} should say {claim:?}");
}

/// The finished map a share link's `query` describes.
fn map_of(query: &str) -> Heightmap {
    let state = from_query(query);
    generate(&state.params, state.stage)
        .unwrap_or_else(|error| panic!("{query}: {error}"))
        .heightmap
}

#[test]
fn midpoint_displacement_quotes_a_span_that_misses_one() {
    const PAGE: &str = include_str!("../../../www/midpoint-displacement.html");
    let (low, high) = (0.7431466604224978_f64, 3.1612002259545258_f64);
    let span = high - low;
    let top = (high - low) * (1.0 / span);
    assert_says(
        PAGE,
        "midpoint-displacement.html",
        &format!(
            "With a lowest height of {low:?} and a highest of {high:?}, for example, the highest point would come out as {top:?}"
        ),
    );
    // "roughly one span in seven does that": spans spread evenly over the
    // exponents and mantissas a map's range can have, from a fixed stream.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let trials = 100_000;
    let misses = (0..trials)
        .filter(|_| {
            let span = (1.0 + (next() >> 11) as f64 / (1u64 << 53) as f64)
                * 2f64.powi((next() % 8) as i32 - 4);
            span * (1.0 / span) != 1.0
        })
        .count();
    let share = misses as f64 / trials as f64;
    assert!(
        (1.0 / 8.0..1.0 / 6.0).contains(&share),
        "about one span in seven misses 1: {share}"
    );
}

#[test]
fn diamond_square_quotes_where_it_differs_from_midpoint_displacement() {
    const PAGE: &str = include_str!("../../../www/diamond-square.html");
    // On 33 x 33 maps, the edges and the lines at every eighth point: the
    // borders of midpoint displacement's first three passes.
    let side = 33;
    let on_lines = |at: usize| (at % side).is_multiple_of(8) || (at / side).is_multiple_of(8);
    let (mut points, mut lines_difference, mut difference) = (0, 0.0, 0.0);
    for seed in 0..50 {
        let midpoint = map_of(&format!(
            "algorithm=midpoint-displacement&exponent=5&seed={seed}"
        ));
        let square = map_of(&format!("algorithm=diamond-square&exponent=5&seed={seed}"));
        for (at, (a, b)) in midpoint.heights().iter().zip(square.heights()).enumerate() {
            difference += (a - b).abs();
            if on_lines(at) {
                lines_difference += (a - b).abs();
                points += 1;
            }
        }
    }
    let point_share = 100.0 * points as f64 / (50 * side * side) as f64;
    let difference_share = 100.0 * lines_difference / difference;
    assert_says(
        PAGE,
        "diamond-square.html",
        &format!(
            "hold {point_share:.0} % of the points and {difference_share:.0} % of the difference between the two maps"
        ),
    );
}

#[test]
fn diamond_square_quotes_the_crease_indices_as_measured() {
    const PAGE: &str = include_str!("../../../www/diamond-square.html");
    // The mean crease index over seeds 0 to 99 at exponent 7.
    let mean = |algorithm: &str, more: &str| {
        (0..100)
            .map(|seed| {
                let map = map_of(&format!(
                    "algorithm={algorithm}&exponent=7&seed={seed}{more}"
                ));
                crease_index(&map, DEFAULT_CREASE_LEVELS)
                    .unwrap_or_else(|| panic!("seed {seed}: a map of 129 points has an index"))
            })
            .sum::<f64>()
            / 100.0
    };
    let midpoint = mean("midpoint-displacement", "");
    let square = mean("diamond-square", "");
    let gentle_square = mean("diamond-square", "&spreadReduction=0.3");
    let gentle_midpoint = mean("midpoint-displacement", "&spreadReduction=0.3");
    let flat_square = mean("diamond-square", "&spreadReduction=0");
    for claim in [
        format!(
            "midpoint displacement averages <strong>{midpoint:.2}</strong> and diamond-square <strong>{square:.2}</strong>"
        ),
        format!(
            "it averages {gentle_square:.2} (midpoint displacement {gentle_midpoint:.1}), and at 0 it averages {flat_square:.2}"
        ),
    ] {
        assert_says(PAGE, "diamond-square.html", &claim);
    }
}
