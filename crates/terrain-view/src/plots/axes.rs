//! A plot's frame: its scales, axes with ticks and labels, legend, and the
//! small text helpers the markup needs.

use std::fmt::Write;

use super::series::{SERIES_COLORS, Series};

/// The SVG's coordinate box (its `viewBox`): it scales to any width.
const WIDTH: f64 = 360.0;
const HEIGHT: f64 = 230.0;
/// The plot area inside it, leaving room for ticks and labels.
const LEFT: f64 = 62.0;
const RIGHT: f64 = 350.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 186.0;

/// How values map along one axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scale {
    /// Evenly, from `low` to `high`.
    Linear { low: f64, high: f64 },
    /// By their logarithm, from `low` to `high` (both positive).
    Log { low: f64, high: f64 },
}

impl Scale {
    pub fn linear(low: f64, high: f64) -> Self {
        let high = if high > low { high } else { low + 1.0 };
        Scale::Linear { low, high }
    }

    pub fn log(low: f64, high: f64) -> Self {
        let low = if low > 0.0 { low } else { 1e-12 };
        let high = if high > low { high } else { low * 10.0 };
        Scale::Log { low, high }
    }

    /// Where `value` falls, 0 at `low` to 1 at `high`.
    fn fraction(self, value: f64) -> f64 {
        match self {
            Scale::Linear { low, high } => (value - low) / (high - low),
            Scale::Log { low, high } => {
                (value.max(low * 1e-3).ln() - low.ln()) / (high.ln() - low.ln())
            }
        }
    }

    /// The ticks: values and their labels. Linear scales step by 1, 2 or
    /// 5 times a power of ten, about five ticks; log scales of frequency
    /// (`base` 2) by octaves, of power by decades, every other one when
    /// there are too many to read.
    fn ticks(self, base: f64) -> Vec<(f64, String)> {
        match self {
            Scale::Linear { low, high } => {
                let rough = (high - low) / 5.0;
                let power = 10f64.powf(rough.log10().floor());
                let step = [1.0, 2.0, 5.0, 10.0]
                    .into_iter()
                    .map(|factor| factor * power)
                    .find(|step| rough <= *step)
                    .unwrap_or(10.0 * power);
                let first = (low / step).ceil() as i64;
                let last = (high / step + 1e-9).floor() as i64;
                (first..=last)
                    .map(|index| {
                        let value = index as f64 * step;
                        (value, number(value))
                    })
                    .collect()
            }
            Scale::Log { low, high } => {
                let first = (low.log(base) - 1e-9).ceil() as i32;
                let last = (high.log(base) + 1e-9).floor() as i32;
                let every = ((last - first) / 8 + 1).max(1);
                (first..=last)
                    .filter(|power| (power - first) % every == 0)
                    .map(|power| {
                        let value = base.powi(power);
                        let label = if base == 10.0 {
                            format!("10{}", superscript(power))
                        } else {
                            number(value)
                        };
                        (value, label)
                    })
                    .collect()
            }
        }
    }
}

/// The plot area and its two scales.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    x: Scale,
    y: Scale,
}

impl Frame {
    pub fn new(x: Scale, y: Scale) -> Self {
        Self { x, y }
    }

    /// The SVG x coordinate of `value`.
    pub fn x(&self, value: f64) -> f64 {
        LEFT + self.x.fraction(value).clamp(-0.02, 1.02) * (RIGHT - LEFT)
    }

    /// The SVG y coordinate of `value`.
    pub fn y(&self, value: f64) -> f64 {
        BOTTOM - self.y.fraction(value).clamp(-0.02, 1.04) * (BOTTOM - TOP)
    }

    /// The opening `<svg>` tag and its `<title>`, the plot in one line.
    pub fn open(&self, summary: &str) -> String {
        format!(
            "<svg class=\"terrain-plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} \
             {HEIGHT}\" role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"11\" \
             fill=\"currentColor\"><title>{}</title>",
            escape(summary)
        )
    }

    /// Both axes: the frame's bottom and left lines, ticks, tick labels,
    /// faint grid lines, and the axis labels `x_label` and `y_label`.
    pub fn axes(&self, svg: &mut String, x_label: &str, y_label: &str) {
        let x_base = if matches!(self.x, Scale::Log { .. }) {
            2.0
        } else {
            10.0
        };
        for (value, label) in self.x.ticks(x_base) {
            let x = at(self.x(value));
            let _ = write!(
                svg,
                "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{BOTTOM}\" stroke=\"currentColor\" \
                 stroke-opacity=\"0.12\"/><line x1=\"{x}\" y1=\"{BOTTOM}\" x2=\"{x}\" y2=\"{}\" \
                 stroke=\"currentColor\"/><text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                BOTTOM + 4.0,
                BOTTOM + 15.0,
                escape(&label)
            );
        }
        for (value, label) in self.y.ticks(10.0) {
            let y = at(self.y(value));
            let _ = write!(
                svg,
                "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{RIGHT}\" y2=\"{y}\" stroke=\"currentColor\" \
                 stroke-opacity=\"0.12\"/><line x1=\"{}\" y1=\"{y}\" x2=\"{LEFT}\" y2=\"{y}\" \
                 stroke=\"currentColor\"/><text x=\"{}\" y=\"{y}\" dy=\"0.35em\" \
                 text-anchor=\"end\">{}</text>",
                LEFT - 4.0,
                LEFT - 6.0,
                escape(&label)
            );
        }
        let _ = write!(
            svg,
            "<path d=\"M{LEFT} {TOP}V{BOTTOM}H{RIGHT}\" fill=\"none\" stroke=\"currentColor\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
             <text transform=\"translate(13 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
            at((LEFT + RIGHT) / 2.0),
            HEIGHT - 10.0,
            escape(x_label),
            at((TOP + BOTTOM) / 2.0),
            escape(y_label)
        );
    }

    /// A swatch and the name of each series, top right, when there is more
    /// than one to tell apart.
    pub fn series_legend(&self, svg: &mut String, series: &[Series]) {
        if series.len() > 1 {
            self.series_legend_with(svg, series, Corner::TopRight, |one| one.name.to_owned());
        }
    }

    /// A swatch and `words` for each series, in `corner`, on a veil of the
    /// paper (the page's style sheet colours it, class
    /// `terrain-plot-key-box`, and outlines the words in the paper's
    /// colour, class `terrain-plot-key`), so they stay legible over the
    /// curves and bars.
    pub fn series_legend_with(
        &self,
        svg: &mut String,
        series: &[Series],
        corner: Corner,
        words: impl Fn(&Series) -> String,
    ) {
        let said: Vec<String> = series.iter().map(words).collect();
        // About 6 units a character at font size 11, as wide as the
        // longest words, the swatch and the gaps.
        let Some(longest) = said.iter().map(|words| words.chars().count()).max() else {
            return;
        };
        let (width, height) = (6.0 * longest as f64 + 28.0, 15.0 * said.len() as f64 + 3.0);
        let (left, top) = match corner {
            Corner::TopRight => (RIGHT - width, TOP + 3.0),
            Corner::BottomLeft => (LEFT + 3.0, BOTTOM - 3.0 - height),
        };
        let _ = write!(
            svg,
            "<rect class=\"terrain-plot-key-box\" x=\"{}\" y=\"{}\" width=\"{}\" \
             height=\"{}\" rx=\"3\"/>",
            at(left),
            at(top),
            at(width),
            at(height)
        );
        for (index, words) in said.iter().enumerate() {
            let color = SERIES_COLORS[index % SERIES_COLORS.len()];
            let y = at(top + 9.0 + 15.0 * index as f64);
            // The swatch at the box's outer edge, the words inside it.
            let (swatch, text, anchor) = match corner {
                Corner::TopRight => (left + width - 18.0, left + width - 22.0, "end"),
                Corner::BottomLeft => (left + 4.0, left + 22.0, "start"),
            };
            let _ = write!(
                svg,
                "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{color}\" \
                 stroke-width=\"3\"/><text class=\"terrain-plot-key\" x=\"{}\" y=\"{y}\" \
                 dy=\"0.35em\" text-anchor=\"{anchor}\">{}</text>",
                at(swatch),
                at(swatch + 14.0),
                at(text),
                escape(words)
            );
        }
    }
}

/// Where a plot's key sits: where its curves leave room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    /// Over the tops of histograms and the hypsometric curve's emptier
    /// half.
    TopRight,
    /// Under a falling spectrum, whose power is high on the left.
    BottomLeft,
}

/// `text` safe inside markup.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// A number as a plot writes it: at most three decimals, no trailing
/// zeros, a true minus.
pub fn number(value: f64) -> String {
    let rounded = (value * 1000.0).round() / 1000.0;
    let text = format!("{rounded:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" => "0".to_owned(),
        _ => text.replace('-', "−"),
    }
}

/// An SVG coordinate: one decimal is finer than a pixel at any size the
/// plots are shown.
pub fn at(value: f64) -> String {
    let text = format!("{value:.1}");
    text.strip_suffix(".0").map_or(text.clone(), str::to_owned)
}

/// `power` in superscript digits: `⁻⁵`.
pub fn superscript(power: i32) -> String {
    power
        .to_string()
        .chars()
        .map(|character| match character {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}
