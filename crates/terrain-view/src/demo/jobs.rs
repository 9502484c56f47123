//! Jobs: what a demo asks to be made, where (huge maps and heavy erosion
//! in the worker, everything else on the page at once), the one job it
//! waits for (a newer one cancels it), the progress bar while the worker
//! runs it, and what its last word means: a map to show, a file to offer,
//! or a sentence saying why not.

use terrain_core::{Heightmap, Params, Stage, ValidParams};

use super::effect::Effect;
use super::input::JobId;
use crate::palette::Look;
use crate::protocol::{Job, Made, Reply, Request, Source as ImageSource};

/// Maps this large or larger are made in the worker; smaller ones take
/// milliseconds on the page itself.
pub const WORKER_FROM_EXPONENT: u32 = 10;

/// Droplet steps (droplets times lifetime) past which erosion goes to the
/// worker: about 10 ms of work on the page at most.
pub const WORKER_FROM_DROPLET_STEPS: u64 = 150_000;

/// Point visits (iterations times points) past which slides go to the
/// worker.
pub const WORKER_FROM_SLIDE_VISITS: u64 = 2_000_000;

/// Whether making `params`'s map at `stage` takes long enough to freeze
/// the page, so it belongs in the worker (with a progress bar, stopped
/// when a control changes).
pub fn belongs_in_worker(params: &Params, stage: Stage) -> bool {
    let points = (params.side() * params.side()) as u64;
    params.map.exponent >= WORKER_FROM_EXPONENT
        || match stage {
            Stage::Droplets(count) => {
                u64::from(count) * u64::from(params.erosion.droplets.lifetime)
                    > WORKER_FROM_DROPLET_STEPS
            }
            Stage::Slides(iterations) => u64::from(iterations) * points > WORKER_FROM_SLIDE_VISITS,
            _ => false,
        }
}

/// Files larger than this are refused before being read at all.
pub const MAX_IMPORT_BYTES: f64 = 128.0 * 1024.0 * 1024.0;

/// What the reader's picked file of `size` bytes leads to: reading it,
/// with words saying so, or a refusal in words, when it is too big.
pub(super) fn picked(name: &str, size: f64) -> Result<String, String> {
    if size > MAX_IMPORT_BYTES {
        // Two decimals, so that a file just over says more than 128
        // (128.05), and none a whole number needs (200).
        let megabytes = format!("{:.2}", size / 1024.0 / 1024.0);
        let megabytes = megabytes.trim_end_matches('0').trim_end_matches('.');
        Err(format!(
            "{name} is {megabytes} MB; the largest file accepted is 128 MB."
        ))
    } else {
        Ok(format!("Reading {name}…"))
    }
}

/// The file being read for an import, if any. Reading and decoding take
/// a while (seconds for a big file, or while the decoder loads), and only
/// the newest thing the reader asked for may land: each read has a
/// ticket, an answer counts only for the read still waited for, and a new
/// map asked for meanwhile sets the file aside.
#[derive(Debug, Clone, Default)]
pub(super) struct Reading {
    /// The last ticket given.
    tickets: u32,
    /// The read waited for: its ticket and file name.
    waited: Option<(u32, String)>,
}

impl Reading {
    /// Starts reading the file `name`: the read's ticket.
    pub(super) fn start(&mut self, name: &str) -> u32 {
        self.tickets = self.tickets.wrapping_add(1);
        self.waited = Some((self.tickets, name.to_owned()));
        self.tickets
    }

    /// Whether the answer to read `ticket` is the one waited for (which
    /// it then no longer is).
    pub(super) fn answered(&mut self, ticket: u32) -> bool {
        let waited = self.waited.as_ref().is_some_and(|(at, _)| *at == ticket);
        if waited {
            self.waited = None;
        }
        waited
    }

    /// Gives up the read waited for: the words that say so, if there was
    /// one.
    pub(super) fn set_aside(&mut self) -> Option<String> {
        let (_, name) = self.waited.take()?;
        Some(format!(
            "{name} was set aside: a new map was asked for while it was read."
        ))
    }
}

/// How the words of [`imported_message`] start, and so how a demo tells
/// them from newer words about files.
pub(super) const IMPORTED_LEAD: &str = "Imported ";

/// What an import made of file `name` (the map `map`), and what the
/// controls do to it.
pub(super) fn imported_message(
    name: &str,
    source: Option<&ImageSource>,
    map: &Heightmap,
) -> String {
    let side = map.side();
    let made = match source {
        Some(source) => {
            let stretched = if source.width == source.height {
                ""
            } else {
                " stretched to a square and"
            };
            format!(
                "{IMPORTED_LEAD}{name}: {} × {} pixels, {},{stretched} resampled to {side} × {side} points",
                source.width, source.height, source.format
            )
        }
        None => format!("{IMPORTED_LEAD}{name}, resampled to {side} × {side} points"),
    };
    // A file that uses little of its range (heights in metres, say)
    // imports nearly flat: say where its heights lie, and why it looks so.
    // One of our downloads brings back the heights it recorded.
    let (low, high) = map.min_max();
    let recorded = source.is_some_and(|source| source.recorded);
    let flat = if recorded {
        ", as the file records them"
    } else if high - low < 0.25 {
        ": little of the file's 0 to 1, so the map is nearly flat"
    } else {
        ""
    };
    format!(
        "{made}, heights {low:.3} to {high:.3}{flat}. Erosion and the seed weather it; any \
         other setting makes a new map."
    )
}

/// What a job is for.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Purpose {
    /// A map to show.
    Map,
    /// An imported file's map.
    Import(String),
    /// The imported map, weathered.
    Weather,
    /// The same map in new colours.
    Recolour,
}

/// A job to ask for, where, and what it is for.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Ask {
    /// What to make.
    pub(super) job: Job,
    /// Whether it is big enough to belong in the worker.
    pub(super) offload: bool,
    /// What the progress bar names: "4097 × 4097 points" or a file name.
    pub(super) subject: String,
    /// What its map or file is for.
    pub(super) purpose: Purpose,
}

impl Ask {
    /// The map `params` describe at `stage`.
    pub(super) fn generate(params: ValidParams, stage: Stage) -> Self {
        let side = params.side();
        Ask {
            offload: belongs_in_worker(&params, stage),
            job: Job::Generate {
                params: Box::new(params),
                stage,
            },
            subject: format!("{side} × {side} points"),
            purpose: Purpose::Map,
        }
    }

    /// The imported map `original`, of the file `name`, weathered as
    /// `params` say at `stage`: its own size decides whether it goes to
    /// the worker, not the settings'.
    pub(super) fn weather(
        name: &str,
        original: &Heightmap,
        params: ValidParams,
        stage: Stage,
    ) -> Self {
        let mut sized = *params;
        sized.map.exponent = original.exponent();
        Ask {
            offload: belongs_in_worker(&sized, stage),
            job: Job::Weather {
                heights: original.clone(),
                params: Box::new(params),
                stage,
            },
            subject: name.to_owned(),
            purpose: Purpose::Weather,
        }
    }

    /// The map of the file `name`, read and decoded.
    pub(super) fn import(name: String, heights: Heightmap, source: ImageSource) -> Self {
        Ask {
            offload: heights.exponent() >= WORKER_FROM_EXPONENT,
            job: Job::Import {
                name: name.clone(),
                heights,
                source,
            },
            subject: name.clone(),
            purpose: Purpose::Import(name),
        }
    }

    /// The surface of a finished map again, in new colours: only a worker
    /// builds surfaces, so it goes there.
    pub(super) fn recolour(heights: Heightmap) -> Self {
        let side = heights.side();
        Ask {
            job: Job::Mesh { heights },
            offload: true,
            subject: format!("{side} × {side} points"),
            purpose: Purpose::Recolour,
        }
    }
}

/// The job a demo waits for.
#[derive(Debug, Clone, PartialEq)]
struct Waiting {
    job: JobId,
    /// What the progress bar names.
    subject: String,
    /// What the job is for.
    purpose: Purpose,
}

/// What a job's last word leaves for the demo.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Finished {
    /// A map to show, made for this purpose.
    Map(Purpose, Box<Made>),
    /// Words for the file line, and whether they say something failed.
    FileNote(String, bool),
    /// Why the map could not be made.
    Failed(String),
}

/// The job a demo waits for, and the progress bar it shows meanwhile.
#[derive(Debug, Clone, Default)]
pub(super) struct Jobs {
    waiting: Option<Waiting>,
    next_job: JobId,
    progress: Option<(f64, String)>,
}

impl Jobs {
    /// Whether a job is awaited.
    pub(super) fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// The progress bar: percent and words, while a worker's job runs.
    pub(super) fn progress(&self) -> Option<&(f64, String)> {
        self.progress.as_ref()
    }

    /// Asks for `ask`'s job, its surface coloured as `look` says; the job
    /// waited for until now is no longer wanted.
    pub(super) fn submit(&mut self, ask: Ask, look: Look, effects: &mut Vec<Effect>) {
        let Ask {
            job,
            offload,
            subject,
            purpose,
        } = ask;
        if let Some(previous) = self.waiting.take() {
            effects.push(Effect::Cancel(previous.job));
        }
        self.next_job += 1;
        let id = self.next_job;
        // Surfaces are built in the worker, for maps too big to mesh on the
        // page; the renderer meshes the others itself.
        let mesh = offload
            && match &job {
                Job::Generate { params, .. } => params.map.exponent >= WORKER_FROM_EXPONENT,
                Job::Weather { heights, .. } => heights.exponent() >= WORKER_FROM_EXPONENT,
                Job::Import { .. } | Job::Mesh { .. } => true,
            };
        if offload {
            self.progress = Some((0.0, format!("Waiting to start: {subject}, 0%")));
        }
        self.waiting = Some(Waiting {
            job: id,
            subject,
            purpose,
        });
        effects.push(Effect::Submit {
            job: id,
            request: Request { job, look, mesh },
            offload,
        });
    }

    /// Word from job `job`. Progress fills the bar and the job goes on;
    /// a last word ends it, and a map or a failure is left for the demo.
    /// Word from a job nobody waits for any more (the settings changed
    /// since) is dropped.
    pub(super) fn word(&mut self, job: JobId, reply: Reply) -> Option<Finished> {
        let waiting = self.waiting.take_if(|waiting| waiting.job == job)?;
        // Any word replaces the bar: progress with a fuller one, a last
        // word with none.
        self.progress = None;
        Some(match reply {
            Reply::Progress { share, words } => {
                let percent = (share * 100.0).round().clamp(0.0, 100.0);
                self.progress =
                    Some((percent, format!("{words}: {}, {percent}%", waiting.subject)));
                self.waiting = Some(waiting);
                return None;
            }
            Reply::Made(made) => Finished::Map(waiting.purpose, made),
            Reply::Failed { message } => match waiting.purpose {
                Purpose::Import(name) => Finished::FileNote(format!("{name}: {message}"), true),
                Purpose::Map | Purpose::Recolour | Purpose::Weather => {
                    Finished::Failed(format!("This map could not be made: {message}"))
                }
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::Terrain;

    fn map(exponent: u32) -> Heightmap {
        Heightmap::new(exponent).expect("a map")
    }

    fn submitted(effects: &[Effect]) -> Vec<(JobId, bool, bool)> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                Effect::Submit {
                    job,
                    request,
                    offload,
                } => Some((*job, *offload, request.mesh)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn huge_maps_and_heavy_erosion_belong_in_the_worker() {
        let mut params = *ValidParams::default();
        params.map.exponent = WORKER_FROM_EXPONENT - 1;
        assert!(!belongs_in_worker(&params, Stage::Done));
        params.map.exponent = WORKER_FROM_EXPONENT;
        assert!(belongs_in_worker(&params, Stage::Done));
        params.map.exponent = 5;
        let lifetime = u64::from(params.erosion.droplets.lifetime);
        let most = (WORKER_FROM_DROPLET_STEPS / lifetime) as u32;
        assert!(!belongs_in_worker(&params, Stage::Droplets(most)));
        assert!(belongs_in_worker(&params, Stage::Droplets(most + 1)));
    }

    #[test]
    fn a_new_job_cancels_the_one_waited_for_whose_word_is_then_dropped() {
        let mut jobs = Jobs::default();
        let mut effects = Vec::new();
        let ask = Ask::generate(ValidParams::default(), Stage::Done);
        jobs.submit(ask.clone(), Look::default(), &mut effects);
        jobs.submit(ask, Look::default(), &mut effects);
        assert_eq!(submitted(&effects), [(1, false, false), (2, false, false)]);
        assert!(effects.contains(&Effect::Cancel(1)));
        let made = Reply::Made(Box::new(Made {
            terrain: Terrain::finished(map(2)),
            surface: None,
            source: None,
        }));
        assert_eq!(jobs.word(1, made.clone()), None);
        assert!(jobs.is_waiting(), "job 2 is still awaited");
        assert!(matches!(
            jobs.word(2, made),
            Some(Finished::Map(Purpose::Map, _))
        ));
        assert!(!jobs.is_waiting());
    }

    #[test]
    fn the_worker_builds_surfaces_only_for_maps_too_big_to_mesh_on_the_page() {
        let mut jobs = Jobs::default();
        let mut effects = Vec::new();
        let mut huge = *ValidParams::default();
        huge.map.exponent = WORKER_FROM_EXPONENT;
        let huge = huge.check().expect("valid");
        jobs.submit(
            Ask::generate(huge, Stage::Done),
            Look::default(),
            &mut effects,
        );
        jobs.submit(Ask::recolour(map(3)), Look::default(), &mut effects);
        assert_eq!(
            submitted(&effects),
            [(1, true, true), (2, true, true)],
            "a huge map and a new look, both in the worker"
        );
    }

    #[test]
    fn progress_fills_the_bar_until_the_last_word_takes_it_away() {
        let mut jobs = Jobs::default();
        let mut effects = Vec::new();
        jobs.submit(Ask::recolour(map(3)), Look::default(), &mut effects);
        assert_eq!(
            jobs.progress(),
            Some(&(0.0, "Waiting to start: 9 × 9 points, 0%".to_owned()))
        );
        let progress = Reply::Progress {
            share: 0.426,
            words: "Building the mesh".into(),
        };
        assert_eq!(jobs.word(1, progress), None);
        assert_eq!(
            jobs.progress(),
            Some(&(43.0, "Building the mesh: 9 × 9 points, 43%".to_owned()))
        );
        let failed = Reply::Failed {
            message: "no memory".into(),
        };
        assert_eq!(
            jobs.word(1, failed),
            Some(Finished::Failed(
                "This map could not be made: no memory".into()
            ))
        );
        assert_eq!(jobs.progress(), None);
    }

    #[test]
    fn a_file_over_128_mb_is_refused_unread() {
        assert_eq!(picked("a.png", 1000.0), Ok("Reading a.png…".to_owned()));
        assert_eq!(
            picked("a.png", MAX_IMPORT_BYTES),
            Ok("Reading a.png…".to_owned())
        );
        assert_eq!(
            picked("b.png", 200.0 * 1024.0 * 1024.0),
            Err("b.png is 200 MB; the largest file accepted is 128 MB.".to_owned())
        );
    }
}
