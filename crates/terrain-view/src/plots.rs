//! The analysis as pictures a textbook would print: the height histogram,
//! the hypsometric curve, the power spectrum with its fitted line, and the
//! slope distribution, each an SVG with labelled axes and units and an
//! HTML table that says the same in words and numbers (the plot's text
//! alternative). One map or several (the playground's comparison) go on
//! one plot, each series in its own colour.
//!
//! The markup is built here, as text, so it is tested natively; the web
//! crate only puts it in the page. Axes and words are drawn in
//! `currentColor`, so they take the page's ink on a light page and a dark
//! one alike, and the series colours are mid-tones that keep a 3:1
//! contrast on white and on near-black.

use std::fmt::Write;

use terrain_analysis::{Analysis, Histogram};

mod axes;
mod legend;
pub mod panel;
mod series;

pub use legend::{legend, spectrum_picture};
pub use series::{Figure, SERIES_COLORS, Series};

use axes::{Corner, Frame, Scale, at, escape, number};

/// The most rows a table gives a histogram: bins are merged to fit.
const MAX_TABLE_ROWS: usize = 16;

/// The height histogram: the share of points (in %) in each bin of
/// height, each series an outlined, lightly filled step curve.
pub fn histogram(series: &[Series]) -> Figure {
    distribution(
        series,
        |analysis| &analysis.histogram,
        Labels {
            title: "Height histogram",
            x: "height (map units)",
        },
    )
}

/// The slope distribution: the share of points (in %) in each 5° of slope,
/// as the 3D view draws it.
pub fn slope_histogram(series: &[Series]) -> Figure {
    distribution(
        series,
        |analysis| &analysis.slope.histogram,
        Labels {
            title: "Slope distribution",
            x: "slope (degrees)",
        },
    )
}

/// A plot's words.
struct Labels {
    title: &'static str,
    x: &'static str,
}

fn distribution(
    series: &[Series],
    histogram_of: impl Fn(&Analysis) -> &Histogram,
    labels: Labels,
) -> Figure {
    let shares: Vec<(Vec<f64>, &Histogram)> = series
        .iter()
        .map(|one| {
            let histogram = histogram_of(one.analysis);
            (percentages(&histogram.counts), histogram)
        })
        .collect();
    let (low, high) = shares
        .iter()
        .filter_map(|(_, histogram)| Some((*histogram.edges.first()?, *histogram.edges.last()?)))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), (a, b)| {
            (low.min(a), high.max(b))
        });
    let top = shares
        .iter()
        .flat_map(|(shares, _)| shares.iter().copied())
        .fold(0.0, f64::max);
    let x = Scale::linear(finite_or(low, 0.0), finite_or(high, 1.0));
    let y = Scale::linear(0.0, if top > 0.0 { top * 1.1 } else { 1.0 });
    let frame = Frame::new(x, y);
    let mut svg = frame.open(&summary_of(series, labels.title));
    frame.axes(&mut svg, labels.x, "share of points (%)");
    for (index, (shares, histogram)) in shares.iter().enumerate() {
        let color = SERIES_COLORS[index % SERIES_COLORS.len()];
        let mut path = String::new();
        for (bin, &share) in shares.iter().enumerate() {
            let (left, right) = (histogram.edges[bin], histogram.edges[bin + 1]);
            let command = if bin == 0 { 'M' } else { 'L' };
            let _ = write!(
                path,
                "{command}{} {}H{}V{}",
                at(frame.x(left)),
                at(frame.y(0.0)),
                at(frame.x(left)),
                at(frame.y(share))
            );
            let _ = write!(path, "H{}V{}", at(frame.x(right)), at(frame.y(0.0)));
        }
        let opacity = if series.len() == 1 { 0.28 } else { 0.12 };
        let _ = write!(
            svg,
            "<path d=\"{path}\" fill=\"{color}\" fill-opacity=\"{opacity}\" stroke=\"{color}\" \
             stroke-width=\"1.5\" stroke-linejoin=\"round\"/>"
        );
    }
    frame.series_legend(&mut svg, series);
    svg.push_str("</svg>");
    let title = labels.title;
    let table = distribution_table(series, &shares, labels);
    Figure { title, svg, table }
}

/// Each count as a percentage of all.
fn percentages(counts: &[u64]) -> Vec<f64> {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .map(|&count| {
            if total == 0 {
                0.0
            } else {
                100.0 * count as f64 / total as f64
            }
        })
        .collect()
}

fn distribution_table(
    series: &[Series],
    shares: &[(Vec<f64>, &Histogram)],
    labels: Labels,
) -> String {
    let mut table = open_table(
        labels.title,
        &format!("{}, from … to", capitalized(labels.x)),
        series,
        "% of points",
    );
    let Some((first, histogram)) = shares.first() else {
        table.push_str("</tbody></table>");
        return table;
    };
    let bins = first.len();
    let merge = bins.div_ceil(MAX_TABLE_ROWS).max(1);
    // Maps of different ranges are binned over their own: each cell then
    // says its heights, and the row only which bins it holds.
    let shared = shares
        .iter()
        .all(|(_, other)| other.edges == histogram.edges);
    let range = |histogram: &Histogram, start: usize, end: usize| {
        let edge = |at: usize| histogram.edges.get(at).copied().unwrap_or(f64::NAN);
        format!("{} to {}", number(edge(start)), number(edge(end)))
    };
    for start in (0..bins).step_by(merge) {
        let end = (start + merge).min(bins);
        let row = if shared {
            range(histogram, start, end)
        } else {
            format!("bins {} to {end} of {bins}", start + 1)
        };
        let _ = write!(table, "<tr><th scope=\"row\">{row}</th>");
        for (shares, own) in shares {
            let sum: f64 = shares.get(start..end).map_or(0.0, |part| part.iter().sum());
            let _ = write!(table, "<td>{}", fixed(sum, 1));
            if !shared {
                let _ = write!(table, " ({})", range(own, start, end));
            }
            table.push_str("</td>");
        }
        table.push_str("</tr>");
    }
    table.push_str("</tbody></table>");
    table
}

/// The hypsometric curve: for each height (up), the share of the map
/// (across, in %) at or above it, as geographers draw it.
pub fn hypsometric(series: &[Series]) -> Figure {
    let (low, high) = series
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), one| {
            (low.min(one.analysis.min), high.max(one.analysis.max))
        });
    let (low, high) = (finite_or(low, 0.0), finite_or(high, 1.0));
    // A flat map's one bin runs half a unit either side of its height,
    // as its histogram does.
    let (low, high) = if high > low {
        (low, high)
    } else {
        (low - 0.5, low + 0.5)
    };
    let frame = Frame::new(Scale::linear(0.0, 100.0), Scale::linear(low, high));
    let title = "Hypsometric curve";
    let mut svg = frame.open(&summary_of(series, title));
    frame.axes(
        &mut svg,
        "share of the map at or above (%)",
        "height (map units)",
    );
    for (index, one) in series.iter().enumerate() {
        let color = SERIES_COLORS[index % SERIES_COLORS.len()];
        let edges = &one.analysis.histogram.edges;
        let mut path = String::new();
        for (edge, share) in edges.iter().zip(&one.analysis.hypsometric) {
            let command = if path.is_empty() { 'M' } else { 'L' };
            let _ = write!(
                path,
                "{command}{} {}",
                at(frame.x(share * 100.0)),
                at(frame.y(*edge))
            );
        }
        let _ = write!(
            svg,
            "<path d=\"{path}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" \
             stroke-linejoin=\"round\"/>"
        );
    }
    frame.series_legend(&mut svg, series);
    svg.push_str("</svg>");
    let mut table = open_table(title, "Height", series, "% of the map at or above");
    if let Some(first) = series.first() {
        let edges = &first.analysis.histogram.edges;
        // Maps of different ranges each say at what height of their own.
        let shared = series
            .iter()
            .all(|one| one.analysis.histogram.edges == *edges);
        let merge = (edges.len() - 1).div_ceil(MAX_TABLE_ROWS).max(1);
        for edge in (0..edges.len()).step_by(merge) {
            let row = if shared {
                number(edges[edge])
            } else {
                format!("step {} of {}", edge, edges.len() - 1)
            };
            let _ = write!(table, "<tr><th scope=\"row\">{row}</th>");
            for one in series {
                let share = one.analysis.hypsometric.get(edge).copied().unwrap_or(0.0);
                let _ = write!(table, "<td>{}", fixed(share * 100.0, 1));
                if let Some(height) = one.analysis.histogram.edges.get(edge).filter(|_| !shared) {
                    let _ = write!(table, " (at {})", number(*height));
                }
                table.push_str("</td>");
            }
            table.push_str("</tr>");
        }
    }
    table.push_str("</tbody></table>");
    Figure { title, svg, table }
}

/// The radially averaged power spectrum on log-log axes, each series'
/// fitted line dashed over the band it was fitted on, its slope written
/// beside the legend.
pub fn spectrum(series: &[Series]) -> Figure {
    let points = |one: &Series| -> Vec<(f64, f64)> {
        let spectrum = &one.analysis.spectrum;
        spectrum
            .frequencies
            .iter()
            .zip(&spectrum.power)
            .filter(|&(_, &power)| power > 0.0)
            .map(|(&f, &p)| (f, p))
            .collect()
    };
    let all: Vec<Vec<(f64, f64)>> = series.iter().map(points).collect();
    let (mut f_high, mut p_low, mut p_high) = (2.0f64, f64::INFINITY, f64::NEG_INFINITY);
    for &(f, p) in all.iter().flatten() {
        f_high = f_high.max(f);
        p_low = p_low.min(p);
        p_high = p_high.max(p);
    }
    if !p_low.is_finite() {
        (p_low, p_high) = (1e-6, 1.0);
    }
    // At least a decade of power, with a flat spectrum in its middle
    // rather than on the axis.
    let pad = (10.0 / (p_high / p_low)).max(1.0).sqrt();
    let frame = Frame::new(
        Scale::log(1.0, f_high),
        Scale::log(p_low / pad, p_high * pad),
    );
    let title = "Power spectrum";
    let mut svg = frame.open(&summary_of(series, title));
    frame.axes(
        &mut svg,
        "frequency (cycles per map width)",
        "power (map units²)",
    );
    for (index, (one, points)) in series.iter().zip(&all).enumerate() {
        let color = SERIES_COLORS[index % SERIES_COLORS.len()];
        let mut path = String::new();
        for &(f, p) in points {
            let command = if path.is_empty() { 'M' } else { 'L' };
            let _ = write!(path, "{command}{} {}", at(frame.x(f)), at(frame.y(p)));
        }
        let _ = write!(
            svg,
            "<path d=\"{path}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"1.6\" \
             stroke-linejoin=\"round\"/>"
        );
        // A map of 3 points a side has one frequency: a dot, not an
        // invisible line.
        if let [(f, p)] = points[..] {
            let _ = write!(
                svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{color}\"/>",
                at(frame.x(f)),
                at(frame.y(p))
            );
        }
        let spectrum = &one.analysis.spectrum;
        if let (Some(slope), Some(intercept)) = (spectrum.slope, spectrum.intercept) {
            let (from, to) = spectrum.fit_band;
            let line = |f: f64| 10f64.powf(intercept + slope * f.log10());
            // In ink over one curve; over several, in its own series'
            // colour, so each fit finds its curve.
            let ink = if series.len() == 1 {
                "currentColor"
            } else {
                color
            };
            let _ = write!(
                svg,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{ink}\" \
                 stroke-width=\"1.4\" stroke-dasharray=\"5 3\"/>",
                at(frame.x(from)),
                at(frame.y(line(from))),
                at(frame.x(to)),
                at(frame.y(line(to)))
            );
        }
    }
    frame.series_legend_with(&mut svg, series, Corner::BottomLeft, |one| {
        match one.analysis.spectrum.slope {
            Some(slope) => format!("{}: slope {}", one.name, signed(slope)),
            None => format!("{}: no slope", one.name),
        }
    });
    svg.push_str("</svg>");
    let mut table = open_table(
        title,
        "Frequency (cycles per map width)",
        series,
        "power (map units²)",
    );
    let mut frequency = 1.0;
    while frequency <= f_high {
        let _ = write!(table, "<tr><th scope=\"row\">{}</th>", number(frequency));
        for one in series {
            let spectrum = &one.analysis.spectrum;
            let power = spectrum
                .frequencies
                .iter()
                .position(|&f| f == frequency)
                .and_then(|index| spectrum.power.get(index));
            let _ = write!(
                table,
                "<td>{}</td>",
                power.map_or("–".to_owned(), |&p| scientific(p))
            );
        }
        table.push_str("</tr>");
        frequency *= 2.0;
    }
    table.push_str("<tr><th scope=\"row\">Fitted slope</th>");
    for one in series {
        let spectrum = &one.analysis.spectrum;
        let words = match spectrum.slope {
            Some(slope) => format!(
                "{} (from {} to {} cycles)",
                signed(slope),
                number(spectrum.fit_band.0),
                number(spectrum.fit_band.1)
            ),
            None => "none: the map is too small or flat".to_owned(),
        };
        let _ = write!(table, "<td>{words}</td>");
    }
    table.push_str("</tr></tbody></table>");
    Figure { title, svg, table }
}

/// The measures a reader quotes, one column a series, as a table shown
/// as it is (not a plot's alternative): the highest, lowest and mean
/// heights, their spread, the steepest slope and the roughness.
pub fn summary(series: &[Series]) -> String {
    type Measure = fn(&Analysis) -> String;
    let rows: [(&str, Measure); 6] = [
        ("Highest point", |one| fixed(one.max, 3)),
        ("Lowest point", |one| fixed(one.min, 3)),
        ("Mean height", |one| fixed(one.mean, 3)),
        ("Standard deviation", |one| fixed(one.std, 3)),
        ("Steepest slope", |one| {
            format!("{}°", fixed(one.slope.max_degrees, 1))
        }),
        ("Roughness (finest scale)", |one| fixed(one.roughness, 4)),
    ];
    let mut table = open_table(
        "At a glance",
        "Measure",
        series,
        "heights in map units, slopes at the view's relief",
    );
    for (name, value) in rows {
        let _ = write!(table, "<tr><th scope=\"row\">{name}</th>");
        for one in series {
            let _ = write!(table, "<td>{}</td>", value(one.analysis));
        }
        table.push_str("</tr>");
    }
    table.push_str("</tbody></table>");
    table
}

/// A table's opening: its caption and header row, one column per series.
fn open_table(title: &str, first: &str, series: &[Series], unit: &str) -> String {
    let mut table = format!(
        "<table class=\"terrain-plot-table\"><caption>{} ({})</caption><thead><tr><th scope=\"col\">{}</th>",
        escape(title),
        escape(unit),
        escape(first)
    );
    for one in series {
        let _ = write!(table, "<th scope=\"col\">{}</th>", escape(one.name));
    }
    table.push_str("</tr></thead><tbody>");
    table
}

/// The one-line summary an SVG's title carries.
fn summary_of(series: &[Series], title: &str) -> String {
    let names: Vec<&str> = series.iter().map(|one| one.name).collect();
    let slopes: Vec<String> = series
        .iter()
        .filter_map(|one| {
            Some(format!(
                "{} {}",
                one.name,
                signed(one.analysis.spectrum.slope?)
            ))
        })
        .collect();
    if title == "Power spectrum" && !slopes.is_empty() {
        format!("{title}, fitted slope: {}", slopes.join(", "))
    } else {
        format!("{title} of {}", names.join(", "))
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn finite_or(value: f64, otherwise: f64) -> f64 {
    if value.is_finite() { value } else { otherwise }
}

/// `value` with `places` decimals.
fn fixed(value: f64, places: usize) -> String {
    format!("{value:.places$}")
}

/// A slope with its sign as a true minus: `−3.92`.
pub fn signed(value: f64) -> String {
    let text = format!("{value:.2}");
    // A slope of -4e-30 is flat: no sign.
    if text == "-0.00" {
        return "0.00".to_owned();
    }
    match text.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => text,
    }
}

/// A power in scientific notation: `3.1 × 10⁻⁵`.
fn scientific(value: f64) -> String {
    if value <= 0.0 || !value.is_finite() {
        return "0".to_owned();
    }
    let exponent = value.log10().floor() as i32;
    let mantissa = value / 10f64.powi(exponent);
    format!("{mantissa:.2} × 10{}", axes::superscript(exponent))
}

#[cfg(test)]
mod tests;
