//! What the chapter tests share: a page's text as one line, the check
//! that it says something, the terrain a share link describes, and a
//! figure's labels.

use terrain_core::query::from_query;
use terrain_core::{Terrain, generate};

/// A chapter's text with its lines joined, so a sentence can be found
/// whole.
pub fn prose(page: &str) -> String {
    page.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Fails, naming the page, unless `prose` (from [`prose`]) says `claim`.
pub fn assert_says(prose: &str, name: &str, claim: &str) {
    assert!(prose.contains(claim), "{name} should say {claim:?}");
}

/// The terrain a share link's `query` describes, as the page's demo makes
/// it.
pub fn terrain_of(query: &str) -> Terrain {
    let state = from_query(query);
    generate(&state.params, state.stage).unwrap_or_else(|error| panic!("{query}: {error}"))
}

/// One `<text>` of an SVG figure: where it is drawn, and what it says.
pub struct Label<'a> {
    pub x: f64,
    pub y: f64,
    pub text: &'a str,
}

/// The `<text>` labels of the SVG `figure`, in the order they are written.
pub fn labels(figure: &str) -> Vec<Label<'_>> {
    figure
        .split("<text ")
        .skip(1)
        .filter_map(|text| {
            let place = |name: &str| {
                // The attribute's name after a space, so that `y` is not
                // found in `dy`; the first one follows "<text ".
                let spaced = format!(" {text}");
                let (_, rest) = spaced.split_once(&format!(" {name}=\""))?;
                rest.split('"').next()?.parse::<f64>().ok()
            };
            let (_, label) = text.split_once('>')?;
            let (label, _) = label.split_once("</text>")?;
            Some(Label {
                x: place("x")?,
                y: place("y")?,
                text: label,
            })
        })
        .collect()
}

/// The texts of `labels`, row by row from the top, each row from the left.
pub fn row_by_row<'a>(mut labels: Vec<Label<'a>>) -> Vec<&'a str> {
    labels.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    labels.into_iter().map(|label| label.text).collect()
}
