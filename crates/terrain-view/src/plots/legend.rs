//! The measuring palettes' legends, and the two-dimensional spectrum as a
//! picture.

use std::fmt::Write;

use terrain_analysis::relief;
use terrain_analysis::spectrum::SpectrumPicture;
use terrain_core::Heightmap;

use super::axes::{at, escape, number};
use super::series::Figure;
use crate::measure::curvature_scale;
use crate::palette::{Palette, Rgba};

/// The legend's coordinate box and colour bar.
const WIDTH: f64 = 360.0;
const BAR_LEFT: f64 = 14.0;
const BAR_RIGHT: f64 = 346.0;
const BAR_TOP: f64 = 20.0;
const BAR_HEIGHT: f64 = 12.0;
/// Slices the colour bar is drawn in.
const SLICES: usize = 60;

/// The legend of `palette` for `map` drawn at `relief`: a colour bar with
/// what its colours measure, and a table saying the same; `None` for a
/// palette of heights.
pub fn legend(palette: Palette, relief: f64, map: &Heightmap) -> Option<Figure> {
    let (title, ticks): (&str, Vec<(f64, String)>) = match palette {
        Palette::Slope => (
            "Slope as drawn (degrees)",
            // A colour is a slope at relief 1; at another relief the same
            // ground is drawn steeper or flatter.
            [0.0, 15.0, 30.0, 45.0, 60.0, 75.0, 90.0]
                .into_iter()
                .map(|degrees: f64| {
                    let drawn = (degrees.to_radians().tan() * relief).atan().to_degrees();
                    let drawn = if degrees >= 90.0 { 90.0 } else { drawn };
                    (degrees / 90.0, format!("{}°", number(drawn.round())))
                })
                .collect(),
        ),
        Palette::Curvature => {
            let scale = curvature_scale(&relief::curvature(map));
            (
                "Curvature (per world unit): hollows to crests",
                vec![
                    (0.0, format!("−{} hollow", short(scale))),
                    (0.5, "0 flat or tilted".to_owned()),
                    (1.0, format!("{} crest", short(scale))),
                ],
            )
        }
        Palette::Flow => {
            let points = map.heights().len() as f64;
            let mut ticks = Vec::new();
            let mut count = 1.0;
            while count <= points {
                ticks.push((count.ln() / points.ln(), number(count)));
                count *= 100.0;
            }
            ("Rain gathered (points draining through)", ticks)
        }
        Palette::Terrain | Palette::Bands | Palette::Green | Palette::Greyscale => return None,
    };
    let mut svg = format!(
        "<svg class=\"terrain-legend\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} \
         58\" role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"11\" \
         fill=\"currentColor\"><title>{}</title><text x=\"{BAR_LEFT}\" y=\"13\">{}</text>",
        escape(&format!("Legend: {title}")),
        escape(title)
    );
    let slice = (BAR_RIGHT - BAR_LEFT) / SLICES as f64;
    for index in 0..SLICES {
        let value = (index as f64 + 0.5) / SLICES as f64;
        let _ = write!(
            svg,
            "<rect x=\"{}\" y=\"{BAR_TOP}\" width=\"{}\" height=\"{BAR_HEIGHT}\" fill=\"{}\"/>",
            at(BAR_LEFT + slice * index as f64),
            at(slice + 0.3),
            hex(palette.color(value))
        );
    }
    let _ = write!(
        svg,
        "<rect x=\"{BAR_LEFT}\" y=\"{BAR_TOP}\" width=\"{}\" height=\"{BAR_HEIGHT}\" \
         fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.5\"/>",
        at(BAR_RIGHT - BAR_LEFT)
    );
    let last = ticks.len().saturating_sub(1);
    for (index, (value, label)) in ticks.iter().enumerate() {
        let x = at(BAR_LEFT + value * (BAR_RIGHT - BAR_LEFT));
        let anchor = match index {
            0 => "start",
            _ if index == last && *value > 0.9 => "end",
            _ => "middle",
        };
        let _ = write!(
            svg,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"currentColor\"/>\
             <text x=\"{x}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
            BAR_TOP + BAR_HEIGHT,
            BAR_TOP + BAR_HEIGHT + 4.0,
            BAR_TOP + BAR_HEIGHT + 16.0,
            escape(label)
        );
    }
    svg.push_str("</svg>");
    let mut table = format!(
        "<table class=\"terrain-plot-table\"><caption>{}</caption><thead><tr><th \
         scope=\"col\">Value</th><th scope=\"col\">Colour</th></tr></thead><tbody>",
        escape(title)
    );
    for (value, label) in &ticks {
        let _ = write!(
            table,
            "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
            escape(label),
            hex(palette.color(*value))
        );
    }
    table.push_str("</tbody></table>");
    Some(Figure {
        title: "",
        svg,
        table,
    })
}

/// A scale in two significant digits.
fn short(value: f64) -> String {
    if value >= 10.0 {
        number(value.round())
    } else {
        let places = (1 - value.log10().floor() as i32).max(0) as usize;
        format!("{value:.places$}")
    }
}

/// `#rrggbb`.
fn hex(color: Rgba) -> String {
    format!("#{:02x}{:02x}{:02x}", color[0], color[1], color[2])
}

/// The spectrum's picture as RGBA pixels, `side` x `side`: mid grey where a
/// direction holds its frequency's mean power, white where it holds 8
/// times as much or more, black an eighth or less.
pub fn spectrum_picture(picture: &SpectrumPicture) -> Vec<u8> {
    let mut pixels = Vec::with_capacity(picture.values.len() * 4);
    for &value in &picture.values {
        let level = (128.0 + value.clamp(-3.0, 3.0) * 42.0).round() as u8;
        pixels.extend_from_slice(&[level, level, level, 255]);
    }
    pixels
}
