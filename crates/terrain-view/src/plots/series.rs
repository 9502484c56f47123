//! The maps a plot shows, each with its name and colour, and the plot
//! they make.

use terrain_analysis::Analysis;

/// The series colours, in order (a comparison has up to four).
pub const SERIES_COLORS: [&str; 4] = ["#3b7fc4", "#d2691e", "#2e9a5c", "#a259c6"];

/// One map's analysis on a plot, with its name for the legend and table.
#[derive(Debug, Clone, Copy)]
pub struct Series<'a> {
    /// What the map is: `Diamond-square`, `This map`.
    pub name: &'a str,
    /// Its measures.
    pub analysis: &'a Analysis,
}

/// A plot: its SVG and its text alternative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// What the plot is called, shown above it ("Power spectrum"); empty
    /// when the picture says it itself (a legend).
    pub title: &'static str,
    /// A standalone `<svg>` element, `role="img"`, titled.
    pub svg: String,
    /// A `<table>` with a caption holding the plotted numbers.
    pub table: String,
}
