//! The Download menu every demo has: the format and options the reader
//! picked (as typed, each checked as it would be by `exportMap()`), the
//! file's size before it is made, the file being written, its progress,
//! and what became of it. Writing happens away from the demo (the shell
//! hands the map and the options to the download module, in a worker),
//! and does not wait in line with the maps: a download and a new map do
//! not cancel each other.

use terrain_core::spec::{Spec, Surface};
use terrain_core::words::group_thousands;

use super::effect::Effect;
use super::input::{ExportId, ExportWord};
use super::shown::Shown;
use crate::export::forecast::{bytes_in_words, forecast};
use crate::export::{ExportOption, ExportSettings, Format, OPTIONS, option_named};

/// The option that limits a mesh's triangles.
const MAX_TRIANGLES: &str = "maxTriangles";

/// One option of the menu as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct DownloadField {
    /// The option.
    pub spec: &'static Spec,
    /// What its field says.
    pub text: String,
    /// What an empty field means, where that is not a number to show.
    pub placeholder: &'static str,
    /// Whether the picked format ignores it (its field is hidden).
    pub hidden: bool,
}

/// The "most triangles" field of an OBJ, left empty: `exportMap()`'s OBJ
/// without `maxTriangles` is the grid itself, sampled, not a simplified
/// surface of some number of triangles.
const OBJ_GRID: &str = "none: the grid";

/// Everything the Download menu shows.
#[derive(Debug, Clone, PartialEq)]
pub struct DownloadShown {
    /// Every option, the format first, in [`OPTIONS`] order.
    pub fields: Vec<DownloadField>,
    /// The file's size before it is made, or why the options will not do.
    pub size: String,
    /// Whether `size` says why the options will not do.
    pub refused: bool,
    /// The button's words, with the file's name.
    pub button: String,
    /// While a file is written: percent and words.
    pub progress: Option<(f64, String)>,
    /// What became of the last file, and whether it failed.
    pub status: Option<(String, bool)>,
}

/// The file being written.
#[derive(Debug, Clone, PartialEq)]
struct Writing {
    id: ExportId,
    name: String,
    progress: (f64, String),
}

/// The menu's state.
#[derive(Debug, Clone, Default)]
pub(super) struct Downloads {
    /// What the reader typed or picked, by option name.
    typed: Vec<(&'static str, String)>,
    writing: Option<Writing>,
    next: ExportId,
    status: Option<(String, bool)>,
    /// Download was pressed while the map was being made: its file is
    /// written when the map is on show.
    queued: bool,
}

impl Downloads {
    /// What `option`'s field says: what was typed, or its default (the
    /// demo's own relief and palette, else `exportMap()`'s).
    fn text(&self, option: &ExportOption, shown: &Shown) -> String {
        if let Some((_, text)) = self
            .typed
            .iter()
            .find(|(name, _)| *name == option.spec.option)
        {
            return text.clone();
        }
        if self.grid_obj(option, shown) {
            return String::new();
        }
        let display = &shown.config.display;
        let defaults = ExportSettings {
            relief: display.relief,
            palette: display.palette,
            ..ExportSettings::default()
        };
        option.spec.show(&(option.get)(&defaults))
    }

    /// The format the menu says, or the default while what is typed is
    /// not one.
    fn format(&self, shown: &Shown) -> Format {
        Format::from_name(&self.text(&OPTIONS[0], shown).trim().to_ascii_lowercase())
            .unwrap_or_default()
    }

    /// Whether `option` is an OBJ's "most triangles" and says nothing, as
    /// `exportMap()`'s OBJ does by default.
    fn grid_obj(&self, option: &ExportOption, shown: &Shown) -> bool {
        option.spec.option == MAX_TRIANGLES
            && self.format(shown) == Format::Obj
            && !self
                .typed
                .iter()
                .any(|(name, text)| *name == MAX_TRIANGLES && !text.trim().is_empty())
    }

    /// The settings the menu says, checked against the map on show. An
    /// empty "most triangles" says nothing: the format's own default. Nor
    /// does a field the format ignores, whose field is hidden: what it
    /// says, even a bad value, cannot stop another format's file.
    fn settings(&self, shown: &Shown) -> Result<ExportSettings, String> {
        let picked = ExportSettings {
            format: self.format(shown),
            ..ExportSettings::default()
        };
        let settings = ExportSettings::read(Surface::Control, |spec| {
            option_named(spec.option)
                .filter(|option| (option.applies)(&picked))
                .map(|option| self.text(option, shown))
                .filter(|text| spec.option != MAX_TRIANGLES || !text.trim().is_empty())
        })?;
        settings.check_for(shown.terrain.heightmap.side(), Surface::Control)?;
        Ok(settings)
    }

    /// A field of the menu now says `text`. What the last press said (a
    /// file written, a field refused) is about settings the menu no longer
    /// shows, so it goes; a file still being written keeps its progress.
    pub(super) fn edited(&mut self, option: &str, text: String) {
        let Some(option) = option_named(option) else {
            return;
        };
        if self.writing.is_none() {
            self.status = None;
        }
        self.typed.retain(|(name, _)| *name != option.spec.option);
        self.typed.push((option.spec.option, text));
    }

    /// Download was pressed: the file the menu says, if it can be made.
    /// While a map is being made the file waits for it, so that the file
    /// is always the map the reader then sees.
    pub(super) fn pressed(&mut self, shown: &Shown, map_awaited: bool, effects: &mut Vec<Effect>) {
        self.queued = map_awaited;
        if map_awaited {
            self.status = Some((
                "The map is still being made; its file will be written once it is on show."
                    .to_owned(),
                false,
            ));
            return;
        }
        let settings = match self.settings(shown) {
            Ok(settings) => settings,
            Err(message) => {
                self.status = Some((message, true));
                return;
            }
        };
        let name = settings.file_name(&shown.file_stem(), shown.terrain.heightmap.side());
        self.next += 1;
        self.writing = Some(Writing {
            id: self.next,
            name: name.clone(),
            progress: (0.0, format!("Starting: {name}, 0%")),
        });
        self.status = None;
        effects.push(Effect::Export {
            id: self.next,
            options: settings.to_pairs(),
            name,
            media_type: settings.format.media_type(),
        });
    }

    /// The awaited map is on show: a download pressed meanwhile starts.
    pub(super) fn map_shown(&mut self, shown: &Shown, effects: &mut Vec<Effect>) {
        if self.queued {
            self.pressed(shown, false, effects);
        }
    }

    /// The awaited map could not be made: a download pressed meanwhile is
    /// dropped, and the menu says so.
    pub(super) fn map_failed(&mut self) {
        if std::mem::take(&mut self.queued) {
            self.status = Some((
                "The map could not be made, so no file was written.".to_owned(),
                true,
            ));
        }
    }

    /// Word of download `id`; word of an earlier one, replaced by a newer,
    /// is dropped.
    pub(super) fn word(&mut self, id: ExportId, word: ExportWord) {
        let Some(writing) = self.writing.take_if(|writing| writing.id == id) else {
            return;
        };
        let name = writing.name.clone();
        self.status = Some(match word {
            ExportWord::Progress { share, words } => {
                let percent = (share * 100.0).round().clamp(0.0, 100.0);
                self.writing = Some(Writing {
                    progress: (percent, format!("{words}: {name}, {percent}%")),
                    ..writing
                });
                return;
            }
            ExportWord::Written {
                bytes,
                triangles,
                max_error,
                units,
            } => (
                written_words(&name, bytes, triangles, max_error, &units),
                false,
            ),
            ExportWord::Failed(reason) => (format!("{name} could not be written: {reason}"), true),
        });
    }

    /// What the menu shows for the map on show.
    pub(super) fn present(&self, shown: &Shown) -> DownloadShown {
        let settings = self.settings(shown);
        let format = settings
            .as_ref()
            .map_or_else(|_| self.format(shown), |settings| settings.format);
        let applies = ExportSettings {
            format,
            ..ExportSettings::default()
        };
        let fields = OPTIONS
            .iter()
            .map(|option| DownloadField {
                spec: option.spec,
                text: self.text(option, shown),
                placeholder: if self.grid_obj(option, shown) {
                    OBJ_GRID
                } else {
                    ""
                },
                hidden: !(option.applies)(&applies),
            })
            .collect();
        let side = shown.terrain.heightmap.side();
        let (size, refused, button) = match &settings {
            Ok(settings) => (
                format!("File size: {}", forecast(settings, side).words()),
                false,
                format!("Download {}", settings.file_name(&shown.file_stem(), side)),
            ),
            Err(message) => (message.clone(), true, "Download".to_owned()),
        };
        DownloadShown {
            fields,
            size,
            refused,
            button,
            progress: self
                .writing
                .as_ref()
                .map(|writing| writing.progress.clone()),
            status: self.status.clone(),
        }
    }
}

/// What a written file's line says: its name and size, and for a mesh its
/// triangles and how close they keep to the map.
fn written_words(
    name: &str,
    bytes: u64,
    triangles: Option<u64>,
    max_error: Option<f64>,
    units: &str,
) -> String {
    let mut words = format!("Downloaded {name} ({}).", bytes_in_words(bytes));
    if let Some(triangles) = triangles {
        let count = group_thousands(triangles as usize);
        words.push_str(&match max_error {
            Some(error) if error > 0.0 => format!(
                " {count} triangles, every point within {} {units} of its height.",
                terrain_core::words::four_significant(error)
            ),
            Some(_) => format!(" {count} triangles, every point of the map kept."),
            None => format!(" {count} triangles."),
        });
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_mesh_says_its_triangles_and_error() {
        assert_eq!(
            written_words("a.stl", 2_500_084, Some(50_000), Some(0.0312), "mm"),
            "Downloaded a.stl (2.5 MB). 50\u{202f}000 triangles, every point within 0.0312 mm \
             of its height."
        );
        assert_eq!(
            written_words("a.raw", 2178, None, None, ""),
            "Downloaded a.raw (2.2 KB)."
        );
    }
}
