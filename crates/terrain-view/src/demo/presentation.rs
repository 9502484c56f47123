//! What a demo shows, as text and switches ([`Presentation`]): the
//! caption, the seed, the status and progress, the readouts, the canvas's
//! text alternative, and the controls' text, errors, scrubber and link.
//! The shell makes the DOM say it.

use terrain_core::Stage;
use terrain_core::seams::{DEFAULT_CREASE_LEVELS, crease_index, seam_index};

use super::controls::{TypedText, control_keys, text_of};
use super::download::DownloadShown;
use super::input::Key;
use super::shown::{Origin, Shown};
use crate::embed::{self, Snippets};
use crate::settings::{Controls, Setting, View};
use crate::surface::{Surface, highlights};
use crate::words;

/// What the scrubber shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ScrubberShown {
    /// Stage positions: 0 to `last`.
    pub last: usize,
    /// The current stage's position.
    pub position: usize,
    /// Whether there is more than one stage to scrub.
    pub enabled: bool,
    /// The stage's caption.
    pub name: String,
    /// Its numbers.
    pub numbers: String,
    /// Whether it is playing.
    pub playing: bool,
}

/// What one control shows.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldShown {
    /// Which control.
    pub key: Key,
    /// Its value as text (a menu's option name, `true` or `false` for a
    /// checkbox).
    pub text: String,
    /// Why what was typed was refused, if it was.
    pub error: Option<String>,
    /// Whether the algorithm ignores it (the control is hidden).
    pub hidden: bool,
    /// Why the value does nothing to this map just now, if it does not
    /// (an overlay the algorithm has no part for).
    pub note: Option<String>,
}

/// Everything the controls show.
#[derive(Debug, Clone, PartialEq)]
pub struct ControlsShown {
    /// One per control, in [`super::Demo::control_keys`] order.
    pub fields: Vec<FieldShown>,
    /// The scrubber.
    pub scrubber: ScrubberShown,
    /// The link to exactly this view; none for an imported map
    /// ([`crate::words::NO_LINK`] says why).
    pub share_link: Option<String>,
    /// How an import went, and whether it failed.
    pub file_status: Option<(String, bool)>,
    /// Whether the link was copied, in words.
    pub copy_status: Option<String>,
}

/// Everything a demo shows, as text and switches: the shell makes the DOM
/// say it.
#[derive(Debug, Clone, PartialEq)]
pub struct Presentation {
    /// Settings the page gave that could not be used.
    pub notice: Option<String>,
    /// This demo's error, or else the page's graphics note.
    pub status: Option<String>,
    /// Whether `status` is an error (rather than a note).
    pub status_is_error: bool,
    /// Whether `status` comes with a "Try again" button, which sends
    /// [`Input::TryGraphicsAgain`](super::Input::TryGraphicsAgain).
    pub offers_retry: bool,
    /// The progress bar: percent and words, while a job runs.
    pub progress: Option<(f64, String)>,
    /// The seed, or "none" for an imported map.
    pub seed: String,
    /// What the stage shows.
    pub caption: String,
    /// Whether the "set by this step" key shows.
    pub key_visible: bool,
    /// The crease index (the seam index, in a tiled view), as text and as
    /// a number.
    pub creases: Option<(String, f64)>,
    /// What erosion measured at this stage: the traced droplet's state,
    /// the droplets' ledger, the material slid.
    pub readout: Option<String>,
    /// The canvas's text alternative.
    pub label: String,
    /// Whether the canvas takes keys (a 3D view turns, pans and zooms):
    /// then it is an application to assistive technology, not a picture.
    pub takes_keys: bool,
    /// The controls, if the demo has them.
    pub controls: Option<ControlsShown>,
    /// The snippets that embed exactly this demo in another page; none
    /// for an imported map ([`crate::words::NO_EMBED`] says why).
    pub embed: Option<Snippets>,
    /// The Download menu, which every demo has.
    pub download: DownloadShown,
}

/// The words a demo keeps until something replaces them.
#[derive(Debug, Clone, Default)]
pub(super) struct Notes {
    /// Settings the page gave that could not be used.
    pub(super) notice: Option<String>,
    /// Why the last map could not be made.
    pub(super) error: Option<String>,
    /// How an import went, and whether it failed.
    pub(super) file_status: Option<(String, bool)>,
    /// Whether the link was copied, in words.
    pub(super) copy_status: Option<String>,
}

/// Everything the parts of a demo hold, as it is to be shown.
pub(super) struct Parts<'a> {
    /// The settings and the map.
    pub(super) shown: &'a Shown,
    /// The words kept.
    pub(super) notes: &'a Notes,
    /// The controls' typed text.
    pub(super) typed: &'a TypedText,
    /// Whether the scrubber plays.
    pub(super) playing: bool,
    /// The progress bar, while a job runs.
    pub(super) progress: Option<&'a (f64, String)>,
    /// The Download menu.
    pub(super) download: DownloadShown,
}

impl Parts<'_> {
    /// What the demo shows now.
    pub(super) fn present(&self) -> Presentation {
        let shown = self.shown;
        let params = &shown.config.params;
        let stage = shown.config.stage;
        // A seed makes a generated map, and the rain on an imported one.
        let seeded = shown.origin == Origin::Generated || stage.is_erosion();
        let mut caption = match &shown.origin {
            Origin::Generated => words::stage_caption(params, stage),
            Origin::Imported { name, .. } if stage.is_erosion() => format!(
                "Imported from {name} · {}",
                words::stage_caption(params, stage)
            ),
            Origin::Imported { name, .. } => format!("Imported from {name}"),
        };
        if let Some(Surface {
            max_error: Some(bound),
            surface_triangles,
            ..
        }) = &shown.surface
        {
            caption.push_str(&format!(
                " · {} triangles, within {} of every point",
                words::group_thousands(*surface_triangles),
                words::round_for_display(f64::from(*bound))
            ));
        }
        if shown.shown_view() == View::Difference {
            caption.push_str(if shown.terrain.erosion.is_some() {
                " · red where erosion took material, blue where it left it"
            } else {
                " · no erosion, so nothing changed"
            });
        }
        let marked = if highlights(&shown.terrain) {
            shown.terrain.new_points.len()
        } else {
            0
        };
        let provenance = match &shown.origin {
            Origin::Generated => words::provenance(params, stage),
            Origin::Imported { name, .. } => format!("imported from {name}"),
        };
        let label = words::describe(
            shown.shown_view(),
            shown.terrain.heightmap.side(),
            &provenance,
            marked,
        );
        let notes = self.notes;
        let status = notes.error.clone().or_else(|| shown.graphics.message());
        Presentation {
            notice: notes.notice.clone(),
            status_is_error: notes.error.is_some(),
            offers_retry: notes.error.is_none() && shown.graphics.offers_retry(),
            status,
            progress: self.progress.cloned(),
            seed: if seeded {
                params.map.seed.to_string()
            } else {
                "none".to_owned()
            },
            caption,
            key_visible: marked > 0,
            creases: creases(shown),
            readout: words::erosion_readout(&shown.terrain),
            label,
            takes_keys: shown.shown_view().is_3d(),
            controls: (shown.config.display.controls != Controls::None)
                .then(|| self.controls_shown()),
            embed: (shown.origin == Origin::Generated)
                .then(|| embed::snippets(&shown.config, &shown.location)),
            download: self.download.clone(),
        }
    }

    fn controls_shown(&self) -> ControlsShown {
        let shown = self.shown;
        let config = &shown.config;
        let fields = control_keys(config)
            .into_iter()
            .map(|key| {
                let (text, error) = match self.typed.shown(key) {
                    Some((text, error)) => (text.to_owned(), error.map(str::to_owned)),
                    None => (text_of(config, key), None),
                };
                let hidden = match key {
                    Key::Param(field) => !(field.parameter().applies)(&config.params),
                    Key::Display(_) => false,
                };
                let note = match key {
                    Key::Display(Setting::Overlay) => shown.overlay_note(),
                    _ => None,
                };
                FieldShown {
                    key,
                    text,
                    error,
                    hidden,
                    note,
                }
            })
            .collect();
        let stages = shown.stages();
        let position = stages
            .iter()
            .position(|&stage| stage == config.stage)
            .unwrap_or(0);
        let scrubber = ScrubberShown {
            last: stages.len() - 1,
            position,
            enabled: stages.len() > 1,
            name: words::stage_caption(&config.params, config.stage),
            numbers: words::stage_numbers(&config.params, config.stage),
            playing: self.playing,
        };
        ControlsShown {
            fields,
            scrubber,
            share_link: shown.share_link(),
            file_status: self.notes.file_status.clone(),
            copy_status: self.notes.copy_status.clone(),
        }
    }
}

/// The notice for settings the page gave that are not used as given, if
/// any, saying what stands `instead` of a refused value. (The list may
/// hold only settings the map does not read, so the lead promises no
/// refusal.)
pub(super) fn notice_of(problems: &[String], instead: &str) -> Option<String> {
    (!problems.is_empty()).then(|| {
        format!(
            "Not all of this demo's settings are used as given (where a value is refused, {instead} stands): {}.",
            problems.join("; ")
        )
    })
}

/// The crease index of a finished map, or its seam index in a tiled
/// view, when the demo shows it.
fn creases(shown: &Shown) -> Option<(String, f64)> {
    let finished = shown.terrain.stage == Stage::Done || shown.terrain.stage == shown.final_stage();
    if !shown.config.display.creases || !finished {
        return None;
    }
    let map = &shown.terrain.heightmap;
    if shown.config.display.view.is_tiled() {
        seam_index(map).map(|index| (format!("seam index {index:.2}"), index))
    } else {
        crease_index(map, DEFAULT_CREASE_LEVELS)
            .map(|index| (format!("crease index {index:.2}"), index))
    }
}
