//! Every demo of a page, and what they share: the graphics context, the
//! worker, linked seeds, and when to draw. Like [`Demo`], a state machine:
//! [`PageInput`]s in, [`PageEffect`]s out, tested natively.
//!
//! Drawing happens on demand: a change marks a demo dirty and asks for one
//! animation frame, which draws every dirty demo that is on screen. With
//! nothing moving, no frame is asked for and nothing runs.

use crate::address::{ADDRESS_INTERVAL_MS, AddressBar};
use crate::camera::Orbit;
use crate::demo::{Demo, Effect, Environment, Input, JobId, Key};
use crate::element::{self, Attributes};
pub use crate::graphics::Graphics;
use crate::graphics::{ContextEvent, RESTORE_WAIT_MS, SharedContext, rest_after_ms, wake_after_ms};
use crate::link::{self, LinkSeed};
use crate::palette::Palette;
use crate::protocol::{self, Reply, Request};
use crate::settings::{DemoConfig, Setting};
use crate::slots::Slots;
use terrain_core::KeptOctaves;

mod effect;
mod input;
mod worker_line;

pub use effect::PageEffect;
pub use input::{PageInput, WorkerJob};
use worker_line::WorkerLine;

/// A demo and where it stands for drawing.
#[derive(Debug, Clone)]
struct Slot {
    demo: Demo,
    /// The palette the page gave the demo, to go back to from the posts'
    /// look.
    own_palette: Palette,
    dirty: bool,
    rebuild: bool,
    visible: bool,
    width: u32,
    height: u32,
    /// Its element's attributes, changed since the last frame.
    attributes: Option<Attributes>,
}

/// The page's demos and what they share.
#[derive(Debug, Clone)]
pub struct Page {
    slots: Slots<Slot>,
    context: SharedContext,
    /// The worker for huge maps, and the jobs waiting for it.
    worker: WorkerLine,
    frame_requested: bool,
    /// Whether every demo wears the posts' look.
    posts_look: bool,
    /// Whether the reader asked for reduced motion (slower play).
    reduced_motion: bool,
    /// The page's address and how soon it may change again.
    address: AddressBar,
    /// Animation frames run so far.
    pub frames: u32,
    /// Demo pictures drawn so far.
    pub draws: u32,
    /// The octaves of the last noise map made here, for the next one:
    /// one set for the page, since a reader drags one slider at a time.
    kept: KeptOctaves,
    /// The demos that share one camera (none, or two or more).
    shared_camera: Vec<usize>,
    /// Whether the page is being printed: every demo is drawn, on screen
    /// or not.
    printing: bool,
    /// Whether the page is in a frame, which gives its context back sooner.
    framed: bool,
    /// Whether the page is hidden (another tab in front): no demo of it is
    /// on screen, whatever its place on the page.
    hidden: bool,
}

impl Page {
    /// A page with no demos yet, drawing with `graphics`.
    pub fn new(graphics: Graphics) -> Self {
        Self {
            slots: Slots::default(),
            context: SharedContext::new(graphics),
            worker: WorkerLine::default(),
            frame_requested: false,
            posts_look: false,
            reduced_motion: false,
            address: AddressBar::default(),
            frames: 0,
            draws: 0,
            kept: KeptOctaves::default(),
            shared_camera: Vec::new(),
            printing: false,
            framed: false,
            hidden: false,
        }
    }

    /// Says the page is in a frame: it gives its context back sooner
    /// (see [`rest_after_ms`]).
    pub fn set_framed(&mut self, framed: bool) {
        self.framed = framed;
    }

    /// The page's graphics.
    pub fn graphics(&self) -> &Graphics {
        self.context.graphics()
    }

    /// The number of the graphics context the page draws with, waits for
    /// or is making (see [`crate::graphics`]).
    pub fn context(&self) -> u32 {
        self.context.current()
    }

    /// Every demo, in page order.
    pub fn demos(&self) -> impl Iterator<Item = &Demo> {
        self.slots.values().map(|slot| &slot.demo)
    }

    /// Demo `index`.
    pub fn demo(&self, index: usize) -> Option<&Demo> {
        self.slots.get(index).map(|slot| &slot.demo)
    }

    /// How many demos there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// The number the next demo mounted gets (numbers are never given
    /// twice: see [`crate::slots`]).
    pub fn next_index(&self) -> usize {
        self.slots.next_index()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Demo `index`'s canvas size in device pixels.
    pub fn size(&self, index: usize) -> Option<(u32, u32)> {
        self.slots.get(index).map(|slot| (slot.width, slot.height))
    }

    /// How many demos wait for a job.
    pub fn waiting(&self) -> usize {
        self.demos().filter(|demo| demo.is_waiting()).count()
    }

    /// Adds a demo; its index is the number of demos before it.
    pub fn mount(
        &mut self,
        mut config: DemoConfig,
        mut problems: Vec<String>,
        location: String,
        seed: u64,
    ) -> Vec<PageEffect> {
        let link_seed = (config.display.link.as_deref())
            .and_then(|link| self.link_seed(link, self.next_index()));
        let shares_its_seed = link::join(&mut config, link_seed, &mut problems);
        let environment = Environment {
            location,
            seed: link_seed.map_or(seed, |link| link.seed),
            graphics: self.graphics().clone(),
        };
        let own_palette = config.display.palette;
        let (demo, effects) = Demo::new(config, problems, environment);
        let demo_seed = demo.seed();
        let index = self.slots.push(Slot {
            demo,
            own_palette,
            dirty: true,
            rebuild: true,
            visible: false,
            width: 0,
            height: 0,
            attributes: None,
        });
        let mut out = vec![PageEffect::Present(index)];
        self.carry_out(index, effects, &mut out);
        if shares_its_seed {
            self.share_seed(index, demo_seed, &mut out);
        }
        if self.posts_look {
            self.wear_posts_look(index, &mut out);
        }
        out
    }

    /// Removes demo `index` and what the page holds for it: its jobs (one
    /// the worker has started is stopped, and the next in line goes) and
    /// its place in the frames. Word still on its way to it is dropped.
    pub fn unmount(&mut self, index: usize) -> Vec<PageEffect> {
        let mut out = Vec::new();
        if self.slots.remove(index).is_none() {
            return out;
        }
        self.worker.forget(index, &mut out);
        self.tell_context_what_is_on_screen(&mut out);
        out
    }

    /// A lost context is made anew only for a demo on screen, in a page
    /// that is not hidden (see `graphics.rs`).
    fn tell_context_what_is_on_screen(&mut self, out: &mut Vec<PageEffect>) {
        let on_screen = !self.hidden && self.slots.values().any(|slot| slot.visible);
        self.context_event(ContextEvent::OnScreen(on_screen), out);
    }

    /// Whether every demo wears the posts' look.
    pub fn posts_look(&self) -> bool {
        self.posts_look
    }

    /// Demo `index` in the posts' look, or its own, as the page says.
    fn wear_posts_look(&mut self, index: usize, out: &mut Vec<PageEffect>) {
        let Some(slot) = self.slots.get(index) else {
            return;
        };
        let palette = if self.posts_look {
            Palette::Green
        } else {
            slot.own_palette
        };
        if slot.demo.palette() != palette {
            let input = Input::Edited {
                key: Key::Display(Setting::Palette),
                text: palette.name().to_owned(),
            };
            self.tell_demo(index, input, out);
        }
    }

    /// Handles one input; returns what the shell must do.
    pub fn handle(&mut self, input: PageInput) -> Vec<PageEffect> {
        let mut out = Vec::new();
        match input {
            PageInput::Demo(index, input) => self.tell_demo(index, input, &mut out),
            PageInput::Visible(index, visible) => {
                if let Some(slot) = self.slots.get_mut(index) {
                    slot.visible = visible;
                    if visible && slot.dirty {
                        self.request_frame(&mut out);
                    }
                }
                self.tell_context_what_is_on_screen(&mut out);
            }
            PageInput::Printing(printing) => {
                self.printing = printing;
                // At once: the browser lays the page out for paper when
                // this task ends. A context made for it draws them as it
                // arrives (`context_event`).
                if printing {
                    self.context_event(ContextEvent::NeededNow, &mut out);
                    self.draw_for_paper(&mut out);
                }
            }
            PageInput::Hidden(hidden) => {
                self.hidden = hidden;
                self.tell_context_what_is_on_screen(&mut out);
            }
            PageInput::Resized(index, width, height) => {
                if let Some(slot) = self.slots.get_mut(index)
                    && (slot.width, slot.height) != (width, height)
                {
                    slot.width = width;
                    slot.height = height;
                    self.invalidate(index, false, &mut out);
                }
            }
            PageInput::Frame => self.frame(&mut out),
            PageInput::Context(event) => self.context_event(event, &mut out),
            PageInput::Worker(id, reply) => self.worker_word(id, reply, &mut out),
            PageInput::PostsLook(on) => {
                self.posts_look = on;
                for index in self.slots.indices() {
                    self.wear_posts_look(index, &mut out);
                }
            }
            PageInput::ReducedMotion(reduced) => self.reduced_motion = reduced,
            PageInput::Attributes(index, attributes) => {
                if let Some(slot) = self.slots.get_mut(index) {
                    slot.attributes = Some(attributes);
                    self.request_frame(&mut out);
                }
            }
            PageInput::ShareCamera(demos) => {
                self.shared_camera = demos;
                // They start from the first one's view.
                if let Some(&first) = self.shared_camera.first()
                    && let Some(orbit) = self.demo(first).map(|demo| *demo.orbit())
                {
                    self.share_camera(first, orbit, &mut out);
                }
            }
            PageInput::AddressRested => {
                let query = self.address.rested();
                self.write_address(query, &mut out);
            }
            PageInput::WorkerGone(_) => {
                // What was waiting for the worker is done here instead.
                for (demo, job, request) in self.worker.gone() {
                    self.run_here(demo, job, request, &mut out);
                }
            }
        }
        out
    }

    /// Hands `event` to the shared context and carries out what it says.
    fn context_event(&mut self, event: ContextEvent, out: &mut Vec<PageEffect>) {
        let step = self.context.handle(event);
        if step.changed {
            self.tell_every_demo(out);
            if self.printing {
                self.draw_for_paper(out);
            }
        }
        if let Some(loss) = step.wait {
            out.push(PageEffect::Schedule {
                milliseconds: RESTORE_WAIT_MS,
                input: PageInput::Context(ContextEvent::WaitOver(loss)),
            });
        }
        if let Some(rest) = step.rest {
            out.push(PageEffect::Schedule {
                milliseconds: rest_after_ms(self.framed),
                input: PageInput::Context(ContextEvent::RestDue(rest)),
            });
        }
        if let Some(wake) = step.wake {
            let input = ContextEvent::WakeDue(wake);
            match wake_after_ms(self.framed) {
                0 => self.context_event(input, out),
                milliseconds => out.push(PageEffect::Schedule {
                    milliseconds,
                    input: PageInput::Context(input),
                }),
            }
        }
        if let Some(action) = step.action {
            out.push(PageEffect::Context(action));
        }
    }

    /// Draws every dirty demo for paper, on screen or not. A frame then
    /// gives its context back at once unless a demo is on screen, so the
    /// frames of a post being printed hold one in turn, not all at once.
    fn draw_for_paper(&mut self, out: &mut Vec<PageEffect>) {
        if *self.graphics() != Graphics::Ready {
            return;
        }
        self.draw_dirty(out);
        if self.framed {
            self.context_event(ContextEvent::GiveBack, out);
        }
    }

    /// Gives every demo the page's graphics note, and marks every demo for
    /// drawing again with new GPU objects. Every demo's words change now,
    /// on screen or not; only the drawing waits until it is in view.
    fn tell_every_demo(&mut self, out: &mut Vec<PageEffect>) {
        let note = self.graphics().clone();
        for index in self.slots.indices() {
            self.tell_demo(index, Input::Graphics(note.clone()), out);
        }
    }

    fn tell_demo(&mut self, index: usize, input: Input, out: &mut Vec<PageEffect>) {
        let Some(slot) = self.slots.get_mut(index) else {
            return;
        };
        let effects = slot.demo.handle(input);
        out.push(PageEffect::Present(index));
        self.carry_out(index, effects, out);
    }

    /// Does what a demo asked, passing on what only the shell can do.
    fn carry_out(&mut self, index: usize, effects: Vec<Effect>, out: &mut Vec<PageEffect>) {
        for effect in effects {
            match effect {
                Effect::Submit {
                    job,
                    request,
                    offload,
                } => {
                    if offload && self.worker.takes_jobs() {
                        self.worker.push(index, job, request, out);
                    } else {
                        self.run_here(index, job, request, out);
                    }
                }
                Effect::Cancel(job) => self.worker.cancel(index, job, out),
                Effect::Redraw { rebuild } => self.invalidate(index, rebuild, out),
                Effect::ShareSeed(seed) => self.share_seed(index, seed, out),
                Effect::CameraMoved(orbit) => self.share_camera(index, orbit, out),
                Effect::TryGraphicsAgain => self.context_event(ContextEvent::TryAgain, out),
                Effect::ReplaceUrl(query) => {
                    let query = self.address.want(query);
                    self.write_address(query, out);
                }
                Effect::Schedule { delay, input } => out.push(PageEffect::Schedule {
                    milliseconds: delay.milliseconds(self.reduced_motion),
                    input: PageInput::Demo(index, input),
                }),
                other => out.push(PageEffect::Shell(index, other)),
            }
        }
    }

    /// Writes `query`, if any, into the address, which then rests.
    fn write_address(&mut self, query: Option<String>, out: &mut Vec<PageEffect>) {
        if let Some(query) = query {
            out.push(PageEffect::ReplaceUrl(query));
            out.push(PageEffect::Schedule {
                milliseconds: ADDRESS_INTERVAL_MS,
                input: PageInput::AddressRested,
            });
        }
    }

    /// Makes what a request asks for right here, at once, and gives the
    /// demo the result.
    fn run_here(&mut self, index: usize, job: JobId, request: Request, out: &mut Vec<PageEffect>) {
        let reply = protocol::run_keeping(request, Some(&mut self.kept), &mut |_, _| {});
        self.tell_demo(index, Input::Job { job, reply }, out);
    }

    fn worker_word(&mut self, id: WorkerJob, reply: Reply, out: &mut Vec<PageEffect>) {
        // Word about a job nobody waits for any more is dropped.
        if let Some((demo, job)) = self.worker.word(id, &reply, out) {
            self.tell_demo(demo, Input::Job { job, reply }, out);
        }
    }

    /// The seed of the demos linked as `link`, other than demo `index`.
    fn link_seed(&self, link: &str, index: usize) -> Option<LinkSeed> {
        let linked: Vec<&Demo> = (self.slots.indices().into_iter())
            .filter(|&other| other != index)
            .filter_map(|other| self.demo(other))
            .filter(|demo| demo.link() == Some(link))
            .collect();
        Some(LinkSeed {
            seed: linked.first()?.seed(),
            given: linked.iter().any(|demo| demo.config().seed_given),
        })
    }

    /// Gives the seed of demo `index` to the demos linked with it.
    fn share_seed(&mut self, index: usize, seed: u64, out: &mut Vec<PageEffect>) {
        let Some(link) = self.demo(index).and_then(Demo::link).map(str::to_owned) else {
            return;
        };
        for other in self.slots.indices() {
            let linked = self.demo(other).and_then(Demo::link) == Some(link.as_str());
            if other != index && linked {
                self.tell_demo(other, Input::SeedShared(seed), out);
            }
        }
    }

    /// Demo `index`'s camera moved to `orbit`: the demos sharing its
    /// camera take the same view, so turning one turns them all.
    fn share_camera(&mut self, index: usize, orbit: Orbit, out: &mut Vec<PageEffect>) {
        if !self.shared_camera.contains(&index) {
            return;
        }
        for other in self.shared_camera.clone() {
            if other != index {
                self.tell_demo(other, Input::CameraShared(orbit), out);
            }
        }
    }

    fn invalidate(&mut self, index: usize, rebuild: bool, out: &mut Vec<PageEffect>) {
        if let Some(slot) = self.slots.get_mut(index) {
            slot.dirty = true;
            slot.rebuild |= rebuild;
            if slot.visible {
                self.request_frame(out);
            }
        }
    }

    fn request_frame(&mut self, out: &mut Vec<PageEffect>) {
        if !self.frame_requested {
            self.frame_requested = true;
            out.push(PageEffect::RequestFrame);
        }
    }

    /// Gives demo `index` the settings its element's `attributes` say (a
    /// refused value keeps its last good one: see [`element`]).
    fn reread(&mut self, index: usize, attributes: &Attributes, out: &mut Vec<PageEffect>) {
        let Some(slot) = self.slots.get_mut(index) else {
            return;
        };
        let (mut config, problems) = element::read_attributes(
            |name| element::attribute(attributes, name),
            Some(slot.demo.config()),
        );
        slot.own_palette = config.display.palette;
        // A demo joining a link takes its seed, or gives it the one its
        // attribute gives, as one mounted into it does.
        let joined = config
            .display
            .link
            .clone()
            .filter(|link| slot.demo.link() != Some(link.as_str()));
        let link_seed = (joined.as_deref()).and_then(|link| self.link_seed(link, index));
        let shares_its_seed = link_seed.is_some() && config.seed_given;
        if let Some(link) = link_seed.filter(|_| !config.seed_given) {
            config.params = config.params.with_seed(link.seed);
        }
        let seed = config.params.map.seed;
        let input = Input::Reconfigure {
            config: Box::new(config),
            problems: problems
                .into_iter()
                .map(|problem| problem.message)
                .collect(),
        };
        self.tell_demo(index, input, out);
        if shares_its_seed {
            self.share_seed(index, seed, out);
        }
        if self.posts_look {
            self.wear_posts_look(index, out);
        }
    }

    /// An animation frame: reads changed attributes, then draws every
    /// dirty demo on screen; with the context lost or not made yet, keeps
    /// their last pictures until it is there.
    fn frame(&mut self, out: &mut Vec<PageEffect>) {
        self.frame_requested = false;
        self.frames += 1;
        let changed: Vec<(usize, Attributes)> = self
            .slots
            .iter_mut()
            .filter_map(|(index, slot)| Some((index, slot.attributes.take()?)))
            .collect();
        for (index, attributes) in changed {
            self.reread(index, &attributes, out);
        }
        self.draw_dirty(out);
    }

    /// Draws every dirty demo on screen, or every one for paper, unless
    /// there is no context to draw with yet.
    fn draw_dirty(&mut self, out: &mut Vec<PageEffect>) {
        if matches!(self.graphics(), Graphics::Lost | Graphics::Resting) {
            return;
        }
        for (index, slot) in self.slots.iter_mut() {
            let shown = slot.visible || self.printing;
            if slot.dirty && shown && slot.width > 0 && slot.height > 0 {
                out.push(PageEffect::Draw {
                    index,
                    rebuild: slot.rebuild,
                });
                slot.dirty = false;
                slot.rebuild = false;
                self.draws += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::CameraAction;
    use crate::graphics::{
        ContextAction, FRAME_REST_AFTER_MS, FRAME_WAKE_AFTER_MS, PAGE_REST_AFTER_MS,
    };
    use crate::protocol::Job;
    use crate::settings::{Controls, Display};
    use terrain_core::{Algorithm, MapSettings, Params, Stage};

    fn config(exponent: u32, link: Option<&str>) -> DemoConfig {
        DemoConfig {
            params: Params {
                map: MapSettings::new(exponent, 5),
                ..Params::new(Algorithm::DIAMOND_SQUARE)
            }
            .check()
            .expect("valid"),
            stage: Stage::Done,
            display: Display {
                controls: Controls::None,
                link: link.map(str::to_owned),
                ..Display::default()
            },
            seed_given: true,
        }
    }

    fn page_of(exponents: &[u32]) -> (Page, Vec<PageEffect>) {
        let mut page = Page::new(Graphics::Ready);
        let mut effects = Vec::new();
        for &exponent in exponents {
            effects.extend(page.mount(config(exponent, None), Vec::new(), "here".into(), 1));
        }
        (page, effects)
    }

    fn sent(effects: &[PageEffect]) -> Vec<(WorkerJob, Request)> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                PageEffect::ToWorker { id, request } => Some((*id, Request::clone(request))),
                _ => None,
            })
            .collect()
    }

    fn drawn(effects: &[PageEffect]) -> Vec<usize> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                PageEffect::Draw { index, .. } => Some(*index),
                _ => None,
            })
            .collect()
    }

    fn show_all(page: &mut Page) {
        for index in 0..page.len() {
            page.handle(PageInput::Resized(index, 320, 240));
            page.handle(PageInput::Visible(index, true));
        }
    }

    fn addresses(effects: &[PageEffect]) -> Vec<String> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                PageEffect::ReplaceUrl(query) => Some(query.clone()),
                _ => None,
            })
            .collect()
    }

    fn scheduled(effects: &[PageEffect]) -> Vec<(u32, PageInput)> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                PageEffect::Schedule {
                    milliseconds,
                    input,
                } => Some((*milliseconds, input.clone())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_playgrounds_address_changes_at_once_then_rests_and_its_last_query_lands() {
        let mut page = Page::new(Graphics::Ready);
        let mut playground = config(4, None);
        playground.display.url_state = true;
        let effects = page.mount(playground, Vec::new(), "here".into(), 1);
        assert_eq!(addresses(&effects).len(), 1, "{effects:?}");
        let rest = (350, PageInput::AddressRested);
        assert_eq!(scheduled(&effects), std::slice::from_ref(&rest));
        let refresh = |seed| PageInput::Demo(0, Input::Refresh(seed));
        for seed in [8, 9] {
            let effects = page.handle(refresh(seed));
            assert!(addresses(&effects).is_empty(), "resting: {effects:?}");
            assert!(scheduled(&effects).is_empty());
        }
        let effects = page.handle(PageInput::AddressRested);
        let written = addresses(&effects);
        assert!(
            written.len() == 1 && written[0].contains("seed=9"),
            "{written:?}"
        );
        assert_eq!(scheduled(&effects), [rest], "and it rests again");
        let effects = page.handle(PageInput::AddressRested);
        assert!(effects.is_empty(), "nothing waited: {effects:?}");
        let effects = page.handle(refresh(10));
        assert_eq!(addresses(&effects).len(), 1, "rested: at once");
    }

    #[test]
    fn play_steps_wait_900_ms_or_2500_for_reduced_motion() {
        let (mut page, _) = page_of(&[4]);
        let effects = page.handle(PageInput::Demo(0, Input::PlayPressed));
        let tick = PageInput::Demo(0, Input::Tick(1));
        assert_eq!(scheduled(&effects), [(900, tick.clone())]);
        page.handle(PageInput::ReducedMotion(true));
        let effects = page.handle(tick.clone());
        assert_eq!(scheduled(&effects), [(2500, tick.clone())]);
        page.handle(PageInput::ReducedMotion(false));
        let effects = page.handle(tick.clone());
        assert_eq!(scheduled(&effects), [(900, tick)]);
    }

    #[test]
    fn small_maps_are_made_on_the_page_at_once() {
        let (page, effects) = page_of(&[4, 5]);
        assert!(sent(&effects).is_empty());
        assert!(!effects.contains(&PageEffect::StartWorker));
        assert_eq!(page.waiting(), 0);
        assert_eq!(
            page.demo(1).map(|demo| demo.terrain().heightmap.side()),
            Some(33)
        );
        assert!(
            effects.contains(&PageEffect::Present(0)) && effects.contains(&PageEffect::Present(1))
        );
    }

    #[test]
    fn the_worker_starts_once_and_takes_one_job_at_a_time() {
        let (mut page, effects) = page_of(&[10, 10]);
        let starts = effects
            .iter()
            .filter(|effect| **effect == PageEffect::StartWorker)
            .count();
        assert_eq!(starts, 1);
        let jobs = sent(&effects);
        assert_eq!(jobs.len(), 1, "the second waits its turn");
        assert_eq!(page.waiting(), 2);
        let (id, request) = jobs[0].clone();
        let reply = protocol::run(request, &mut |_, _| {});
        let effects = page.handle(PageInput::Worker(id, reply));
        assert_eq!(sent(&effects).len(), 1, "then the next is sent");
        assert_eq!(page.waiting(), 1);
        assert!(page.demo(0).is_some_and(|demo| demo.surface().is_some()));
    }

    #[test]
    fn progress_goes_to_the_demo_and_does_not_end_the_job() {
        let (mut page, effects) = page_of(&[11]);
        let (id, _) = sent(&effects)[0].clone();
        let effects = page.handle(PageInput::Worker(
            id,
            Reply::Progress {
                share: 0.5,
                words: "Generating the heights".into(),
            },
        ));
        assert!(effects.contains(&PageEffect::Present(0)));
        assert!(sent(&effects).is_empty());
        assert_eq!(page.waiting(), 1);
    }

    #[test]
    fn a_job_no_longer_wanted_stops_the_worker_and_the_next_goes() {
        let (mut page, effects) = page_of(&[10]);
        let (first, _) = sent(&effects)[0].clone();
        let effects = page.handle(PageInput::Demo(0, Input::Refresh(77)));
        let stop = effects
            .iter()
            .position(|effect| *effect == PageEffect::StopWorkerJob(first));
        let next = effects
            .iter()
            .position(|effect| matches!(effect, PageEffect::ToWorker { .. }));
        assert!(
            matches!((stop, next), (Some(stop), Some(next)) if stop < next),
            "{effects:?}"
        );
        // The stopped job's late answer is nobody's.
        let late = page.handle(PageInput::Worker(
            first,
            Reply::Failed {
                message: "stopped".into(),
            },
        ));
        assert!(late.is_empty());
    }

    #[test]
    fn without_a_worker_its_jobs_are_made_on_the_page() {
        let (mut page, _) = page_of(&[10, 10]);
        assert_eq!(page.waiting(), 2);
        page.handle(PageInput::WorkerGone("the worker failed".into()));
        assert_eq!(page.waiting(), 0);
        assert_eq!(
            page.demo(1).map(|demo| demo.terrain().heightmap.side()),
            Some(1025)
        );
        // And later jobs too, without asking for a worker again.
        let effects = page.handle(PageInput::Demo(0, Input::Refresh(3)));
        assert!(sent(&effects).is_empty() && !effects.contains(&PageEffect::StartWorker));
        assert_eq!(page.demo(0).map(Demo::seed), Some(3));
    }

    #[test]
    fn frames_draw_dirty_demos_on_screen_and_nothing_when_idle() {
        let (mut page, _) = page_of(&[3, 3, 3]);
        page.handle(PageInput::Resized(0, 320, 240));
        page.handle(PageInput::Resized(1, 320, 240));
        let asked = page.handle(PageInput::Visible(0, true));
        assert_eq!(asked, [PageEffect::RequestFrame]);
        assert_eq!(
            drawn(&page.handle(PageInput::Frame)),
            [0],
            "1 is off screen, 2 has no size"
        );
        assert!(
            drawn(&page.handle(PageInput::Frame)).is_empty(),
            "nothing changed"
        );
        let effects = page.handle(PageInput::Visible(1, true));
        assert_eq!(effects, [PageEffect::RequestFrame]);
        assert_eq!(drawn(&page.handle(PageInput::Frame)), [1]);
        assert_eq!(page.draws, 2);
    }

    fn context(event: ContextEvent) -> PageInput {
        PageInput::Context(event)
    }

    /// Four demos drawn, then all but the first scrolled away.
    fn drawn_then_mostly_off_screen() -> Page {
        let (mut page, _) = page_of(&[3, 3, 3, 3]);
        show_all(&mut page);
        page.handle(PageInput::Frame);
        for index in 1..4 {
            page.handle(PageInput::Visible(index, false));
        }
        page
    }

    /// After the context came back or a new one was made: no demo, on
    /// screen or not, still has a note; the one on screen draws at the next
    /// frame, the others when they scroll into view, each on new GPU
    /// objects.
    fn assert_every_demo_recovers(page: &mut Page, effects: &[PageEffect]) {
        for index in 0..4 {
            assert!(
                effects.contains(&PageEffect::Present(index)),
                "demo {index} is told"
            );
        }
        assert!(
            page.demos()
                .all(|demo| demo.presentation().status.is_none()),
            "no demo, on screen or not, still says it is restoring"
        );
        assert_eq!(drawn(&page.handle(PageInput::Frame)), [0]);
        for index in 1..4 {
            page.handle(PageInput::Visible(index, true));
        }
        let redrawn = page.handle(PageInput::Frame);
        assert!(
            redrawn
                .iter()
                .all(|effect| matches!(effect, PageEffect::Draw { rebuild: true, .. }))
        );
        assert_eq!(drawn(&redrawn), [1, 2, 3]);
    }

    #[test]
    fn a_lost_context_is_said_everywhere_and_its_return_clears_every_note() {
        let mut page = drawn_then_mostly_off_screen();
        let effects = page.handle(context(ContextEvent::Lost(0)));
        assert!(effects.contains(&PageEffect::Schedule {
            milliseconds: RESTORE_WAIT_MS,
            input: context(ContextEvent::WaitOver(1)),
        }));
        assert!(
            page.demos()
                .all(|demo| demo.presentation().status.is_some())
        );
        page.handle(PageInput::Demo(0, Input::Refresh(9)));
        assert!(
            drawn(&page.handle(PageInput::Frame)).is_empty(),
            "no drawing while lost"
        );
        assert_eq!(
            page.handle(context(ContextEvent::Restored(0))),
            [PageEffect::Context(ContextAction::Renew(0))]
        );
        let effects = page.handle(context(ContextEvent::Ready(0, Ok(()))));
        assert_every_demo_recovers(&mut page, &effects);
        assert!(
            page.handle(context(ContextEvent::WaitOver(1))).is_empty(),
            "back in time: no new context"
        );
    }

    #[test]
    fn a_context_never_given_back_is_replaced_and_every_demo_drawn_again() {
        let mut page = drawn_then_mostly_off_screen();
        page.handle(context(ContextEvent::Lost(0)));
        assert_eq!(
            page.handle(context(ContextEvent::WaitOver(1))),
            [PageEffect::Context(ContextAction::Replace(1))]
        );
        assert_eq!(page.graphics().name(), "lost", "until the shell answers");
        assert!(drawn(&page.handle(PageInput::Frame)).is_empty());
        let effects = page.handle(context(ContextEvent::Ready(1, Ok(()))));
        assert_eq!(page.context(), 1);
        assert_every_demo_recovers(&mut page, &effects);
        // The old context given back late changes nothing.
        assert!(page.handle(context(ContextEvent::Restored(0))).is_empty());
        assert_eq!(page.graphics().name(), "ready");
    }

    #[test]
    fn a_page_with_no_demo_on_screen_makes_its_new_context_when_one_scrolls_into_view() {
        // Sixteen frames of such pages off screen would otherwise each take
        // a context from the ones in view, round and round.
        let mut page = drawn_then_mostly_off_screen();
        page.handle(PageInput::Visible(0, false));
        page.handle(context(ContextEvent::Lost(0)));
        assert!(page.handle(context(ContextEvent::WaitOver(1))).is_empty());
        assert_eq!(page.graphics().name(), "lost");
        assert_eq!(
            page.handle(PageInput::Visible(0, true))
                .into_iter()
                .filter(|effect| matches!(effect, PageEffect::Context(_)))
                .collect::<Vec<_>>(),
            [PageEffect::Context(ContextAction::Replace(1))]
        );
        let effects = page.handle(context(ContextEvent::Ready(1, Ok(()))));
        assert_every_demo_recovers(&mut page, &effects);
    }

    #[test]
    fn a_page_makes_its_context_for_the_first_demo_in_view_and_gives_it_back_when_none_is() {
        let mut page = Page::new(Graphics::Resting);
        page.set_framed(true);
        for _ in 0..2 {
            page.mount(config(3, None), Vec::new(), "here".into(), 1);
        }
        page.handle(PageInput::Resized(0, 320, 240));
        let contexts = |effects: Vec<PageEffect>| -> Vec<PageEffect> {
            effects
                .into_iter()
                .filter(|effect| {
                    matches!(
                        effect,
                        PageEffect::Context(_)
                            | PageEffect::Schedule {
                                input: PageInput::Context(_),
                                ..
                            }
                    )
                })
                .collect()
        };
        // In a frame, a demo in view a moment: only then is a context made.
        assert_eq!(
            contexts(page.handle(PageInput::Visible(0, true))),
            [PageEffect::Schedule {
                milliseconds: FRAME_WAKE_AFTER_MS,
                input: context(ContextEvent::WakeDue(1)),
            }]
        );
        assert!(
            drawn(&page.handle(PageInput::Frame)).is_empty(),
            "nothing drawn before the context is there"
        );
        assert_eq!(
            contexts(page.handle(context(ContextEvent::WakeDue(1)))),
            [PageEffect::Context(ContextAction::Replace(0))]
        );
        page.handle(context(ContextEvent::Ready(0, Ok(()))));
        assert_eq!(drawn(&page.handle(PageInput::Frame)), [0]);
        assert_eq!(
            contexts(page.handle(PageInput::Visible(0, false))),
            [PageEffect::Schedule {
                milliseconds: FRAME_REST_AFTER_MS,
                input: context(ContextEvent::RestDue(1)),
            }]
        );
        let effects = page.handle(context(ContextEvent::RestDue(1)));
        assert!(effects.contains(&PageEffect::Context(ContextAction::Release)));
        assert_eq!(page.graphics().name(), "resting");
        assert!(
            page.demos()
                .all(|demo| demo.presentation().status.is_none()),
            "nothing to say about it"
        );
        // The other demo comes into view: a new context, and it draws on it.
        page.handle(PageInput::Resized(1, 320, 240));
        page.handle(PageInput::Visible(1, true));
        assert_eq!(
            contexts(page.handle(context(ContextEvent::WakeDue(2)))),
            [PageEffect::Context(ContextAction::Replace(1))]
        );
        page.handle(context(ContextEvent::Ready(1, Ok(()))));
        let redrawn = page.handle(PageInput::Frame);
        assert_eq!(drawn(&redrawn), [1]);
        assert!(
            redrawn
                .iter()
                .all(|effect| !matches!(effect, PageEffect::Draw { rebuild: false, .. })),
            "on new GPU objects"
        );
    }

    #[test]
    fn printing_draws_every_demo_at_once_on_screen_or_not() {
        // Demos never scrolled into view printed as blank boxes.
        let mut page = Page::new(Graphics::Resting);
        for _ in 0..3 {
            page.mount(config(3, None), Vec::new(), "here".into(), 1);
        }
        for index in 0..3 {
            page.handle(PageInput::Resized(index, 320, 240));
        }
        let effects = page.handle(PageInput::Printing(true));
        assert!(effects.contains(&PageEffect::Context(ContextAction::Replace(0))));
        assert!(drawn(&effects).is_empty(), "no context yet");
        // The context arrives within the same task: every demo is drawn
        // as it does, with no frame to wait for; with nothing on screen,
        // the context rests after.
        let effects = page.handle(context(ContextEvent::Ready(0, Ok(()))));
        assert_eq!(drawn(&effects), [0, 1, 2]);
        assert!(effects.contains(&PageEffect::Schedule {
            milliseconds: PAGE_REST_AFTER_MS,
            input: context(ContextEvent::RestDue(1)),
        }));
        page.handle(PageInput::Printing(false));

        // A frame draws, then gives its context back at once, so the
        // frames of a post being printed do not hold twenty at a time.
        let mut page = Page::new(Graphics::Resting);
        page.set_framed(true);
        page.mount(config(3, None), Vec::new(), "here".into(), 1);
        page.handle(PageInput::Resized(0, 320, 240));
        page.handle(PageInput::Printing(true));
        let effects = page.handle(context(ContextEvent::Ready(0, Ok(()))));
        let draw = effects
            .iter()
            .position(|effect| matches!(effect, PageEffect::Draw { .. }));
        let release = effects
            .iter()
            .position(|effect| *effect == PageEffect::Context(ContextAction::Release));
        assert!(draw.is_some() && draw < release, "{effects:?}");
        assert_eq!(page.graphics().name(), "resting");

        // Lost moments before: a new context at once, not notes on paper.
        let mut page = drawn_then_mostly_off_screen();
        page.handle(context(ContextEvent::Lost(0)));
        page.handle(PageInput::Demo(2, Input::Refresh(5)));
        assert!(
            page.handle(PageInput::Printing(true))
                .contains(&PageEffect::Context(ContextAction::Replace(1)))
        );
        let effects = page.handle(context(ContextEvent::Ready(1, Ok(()))));
        assert_eq!(drawn(&effects), [0, 1, 2, 3]);

        // With a context already: drawn in the same step.
        let mut page = drawn_then_mostly_off_screen();
        page.handle(PageInput::Demo(2, Input::Refresh(5)));
        assert!(drawn(&page.handle(PageInput::Frame)).is_empty());
        assert_eq!(drawn(&page.handle(PageInput::Printing(true))), [2]);
    }

    #[test]
    fn a_loss_during_recovery_starts_over() {
        let mut page = drawn_then_mostly_off_screen();
        page.handle(context(ContextEvent::Lost(0)));
        page.handle(context(ContextEvent::WaitOver(1)));
        page.handle(context(ContextEvent::Ready(1, Ok(()))));
        // Lost again before a frame drew on it.
        let effects = page.handle(context(ContextEvent::Lost(1)));
        assert!(effects.contains(&PageEffect::Schedule {
            milliseconds: RESTORE_WAIT_MS,
            input: context(ContextEvent::WaitOver(2)),
        }));
        assert!(
            page.demos()
                .all(|demo| demo.presentation().status.is_some())
        );
        assert!(drawn(&page.handle(PageInput::Frame)).is_empty());
        assert_eq!(
            page.handle(context(ContextEvent::WaitOver(2))),
            [PageEffect::Context(ContextAction::Replace(2))]
        );
        let effects = page.handle(context(ContextEvent::Ready(2, Ok(()))));
        assert_every_demo_recovers(&mut page, &effects);
    }

    #[test]
    fn a_refused_context_leaves_pictures_working_controls_and_a_try_again() {
        let mut page = drawn_then_mostly_off_screen();
        page.handle(context(ContextEvent::Lost(0)));
        page.handle(context(ContextEvent::WaitOver(1)));
        page.handle(context(ContextEvent::Ready(
            1,
            Err("the GPU is gone".into()),
        )));
        assert_eq!(page.graphics().name(), "blocked");
        for demo in page.demos() {
            let shown = demo.presentation();
            assert!(
                shown
                    .status
                    .is_some_and(|text| text.contains("the GPU is gone"))
            );
            assert!(shown.offers_retry);
            assert!(!demo.shown_view().is_3d());
        }
        // Pictures are drawn, and a new map is drawn too.
        assert_eq!(drawn(&page.handle(PageInput::Frame)), [0]);
        page.handle(PageInput::Demo(0, Input::Refresh(9)));
        assert_eq!(drawn(&page.handle(PageInput::Frame)), [0]);
        assert_eq!(page.demo(0).map(Demo::seed), Some(9));
        // "Try again", pressed in any demo, asks for a new context.
        assert_eq!(
            page.handle(PageInput::Demo(2, Input::TryGraphicsAgain))
                .into_iter()
                .filter(|effect| matches!(effect, PageEffect::Context(_)))
                .collect::<Vec<_>>(),
            [PageEffect::Context(ContextAction::Replace(2))]
        );
        let effects = page.handle(context(ContextEvent::Ready(2, Ok(()))));
        assert_every_demo_recovers(&mut page, &effects);
    }

    /// Three demos, the first two linked as "pair".
    fn a_linked_pair_and_another() -> Page {
        let mut page = Page::new(Graphics::Ready);
        for link in [Some("pair"), Some("pair"), None] {
            page.mount(config(3, link), Vec::new(), "here".into(), 1);
        }
        page
    }

    #[test]
    fn linked_demos_follow_a_refresh() {
        let mut page = a_linked_pair_and_another();
        page.handle(PageInput::Demo(1, Input::Refresh(31)));
        let seeds: Vec<u64> = page.demos().map(Demo::seed).collect();
        assert_eq!(seeds, [31, 31, 5]);
        let terrains: Vec<_> = page
            .demos()
            .map(|demo| demo.terrain().heightmap.clone())
            .collect();
        assert_eq!(terrains[0], terrains[1]);
    }

    #[test]
    fn word_about_an_unknown_job_or_demo_changes_nothing() {
        let (mut page, _) = page_of(&[3]);
        assert!(
            page.handle(PageInput::Worker(
                99,
                Reply::Failed {
                    message: "?".into()
                }
            ))
            .is_empty()
        );
        assert!(
            page.handle(PageInput::Demo(5, Input::Refresh(1)))
                .is_empty()
        );
        assert!(page.handle(PageInput::Resized(5, 10, 10)).is_empty());
    }

    #[test]
    fn an_import_in_the_worker_becomes_the_demos_map() {
        let mut page = Page::new(Graphics::Ready);
        let mut playground = config(4, None);
        playground.display.controls = Controls::Full;
        page.mount(playground, Vec::new(), "here".into(), 1);
        let picked = Input::ImportPicked {
            name: "flat.png".into(),
            size: 1000.0,
        };
        page.handle(PageInput::Demo(0, picked));
        let effects = page.handle(PageInput::Demo(
            0,
            Input::ImportDecoded {
                read: 1,
                name: "flat.png".into(),
                heights: terrain_core::Heightmap::new(10).expect("1025 x 1025"),
                source: protocol::Source {
                    width: 1025,
                    height: 1025,
                    format: "16-bit greyscale".into(),
                    recorded: false,
                },
            },
        ));
        let (id, request) = sent(&effects)[0].clone();
        assert!(matches!(request.job, Job::Import { .. }));
        page.handle(PageInput::Worker(
            id,
            protocol::run(request, &mut |_, _| {}),
        ));
        assert_eq!(
            page.demo(0).map(|demo| demo.terrain().heightmap.side()),
            Some(1025)
        );
    }

    fn attributes(pairs: &[(&str, &str)]) -> Attributes {
        pairs
            .iter()
            .map(|&(name, value)| (name.to_owned(), value.to_owned()))
            .collect()
    }

    #[test]
    fn linked_demos_follow_a_seed_set_on_one_of_them() {
        let mut page = a_linked_pair_and_another();
        page.handle(PageInput::Attributes(
            1,
            attributes(&[("exponent", "3"), ("seed", "8"), ("link", "pair")]),
        ));
        page.handle(PageInput::Frame);
        let seeds: Vec<u64> = page.demos().map(Demo::seed).collect();
        assert_eq!(seeds, [8, 8, 5]);
    }

    #[test]
    fn a_demo_joining_a_link_later_takes_its_seed_or_gives_its_own() {
        let mut page = a_linked_pair_and_another();
        let change = |page: &mut Page, pairs: &[(&str, &str)]| {
            page.handle(PageInput::Attributes(2, attributes(pairs)));
            page.handle(PageInput::Frame);
            page.demos().map(Demo::seed).collect::<Vec<u64>>()
        };
        page.handle(PageInput::Demo(0, Input::Refresh(31)));
        assert_eq!(
            change(&mut page, &[("exponent", "3"), ("link", "pair")]),
            [31, 31, 31],
            "joined without a seed: the link's"
        );
        change(
            &mut page,
            &[("exponent", "3"), ("seed", "9"), ("link", "trio")],
        );
        assert_eq!(
            change(
                &mut page,
                &[("exponent", "3"), ("seed", "9"), ("link", "pair")]
            ),
            [9, 9, 9],
            "joined with its seed: the link's now"
        );
    }

    #[test]
    fn linked_demos_start_on_one_seed() {
        let mut unseeded = config(3, Some("pair"));
        unseeded.seed_given = false;
        let mut page = Page::new(Graphics::Ready);
        for random_seed in [11, 12] {
            page.mount(unseeded.clone(), Vec::new(), "here".into(), random_seed);
        }
        let seeds: Vec<u64> = page.demos().map(Demo::seed).collect();
        assert_eq!(seeds, [11, 11], "the second takes the first one's seed");

        let mut seeded = config(3, Some("pair"));
        seeded.params = seeded.params.with_seed(8);
        page.mount(seeded, Vec::new(), "here".into(), 13);
        page.mount(unseeded, Vec::new(), "here".into(), 14);
        let seeds: Vec<u64> = page.demos().map(Demo::seed).collect();
        assert_eq!(seeds, [8, 8, 8, 8], "a given seed is the whole link's");
    }

    #[test]
    fn linked_demos_given_different_seeds_keep_the_first_and_the_later_says_why() {
        let mut page = Page::new(Graphics::Ready);
        for seed in [8, 8, 9] {
            let mut given = config(3, Some("pair"));
            given.params = given.params.with_seed(seed);
            page.mount(given, Vec::new(), "here".into(), 13);
        }
        let seeds: Vec<u64> = page.demos().map(Demo::seed).collect();
        assert_eq!(seeds, [8, 8, 8], "the first given seed stands");
        let notices: Vec<String> = page
            .demos()
            .map(|demo| demo.presentation().notice.unwrap_or_default())
            .collect();
        assert_eq!(notices[..2], ["", ""], "the same seed twice is no conflict");
        assert!(
            notices[2].contains(
                "data-seed 9 is not used: the demos linked as \"pair\" share one seed, \
                 and one before this one was given 8"
            ),
            "{}",
            notices[2]
        );
    }

    #[test]
    fn attribute_changes_before_a_frame_make_one_map_and_one_drawing() {
        let (mut page, _) = page_of(&[3, 3]);
        show_all(&mut page);
        page.handle(PageInput::Frame);
        let mut asked = Vec::new();
        for exponent in ["4", "5", "6"] {
            asked.extend(page.handle(PageInput::Attributes(
                1,
                attributes(&[("exponent", exponent), ("seed", "8")]),
            )));
        }
        assert_eq!(
            asked,
            [PageEffect::RequestFrame],
            "one frame for three changes"
        );
        assert_eq!(
            page.demo(1).map(|demo| demo.terrain().heightmap.side()),
            Some(9)
        );
        let effects = page.handle(PageInput::Frame);
        assert_eq!(drawn(&effects), [1], "the new map drawn in the same frame");
        let demo = page.demo(1).expect("demo 1");
        assert_eq!((demo.terrain().heightmap.side(), demo.seed()), (65, 8));
        // A bad value is said, and the last good map stays.
        page.handle(PageInput::Attributes(
            1,
            attributes(&[("exponent", "40"), ("seed", "8")]),
        ));
        let effects = page.handle(PageInput::Frame);
        assert!(drawn(&effects).is_empty(), "nothing new to draw");
        let demo = page.demo(1).expect("demo 1");
        assert_eq!(demo.terrain().heightmap.side(), 65);
        let notice = demo.presentation().notice.unwrap_or_default();
        assert!(
            notice.contains("exponent must be a whole number from 1 to 12; got 40"),
            "{notice}"
        );
        assert!(
            page.demo(0)
                .is_some_and(|demo| demo.terrain().heightmap.side() == 9)
        );
    }

    #[test]
    fn an_unmounted_demo_is_gone_its_jobs_stopped_and_its_number_never_reused() {
        let (mut page, effects) = page_of(&[10, 10, 3]);
        let (first, _) = sent(&effects)[0].clone();
        let effects = page.unmount(0);
        assert_eq!(effects[0], PageEffect::StopWorkerJob(first));
        assert!(
            matches!(effects[1], PageEffect::ToWorker { .. }),
            "the next in line goes: {effects:?}"
        );
        assert_eq!((page.len(), page.waiting()), (2, 1));
        assert!(page.demo(0).is_none());
        // Word for the removed demo goes nowhere.
        assert!(
            page.handle(PageInput::Demo(0, Input::Refresh(1)))
                .is_empty()
        );
        assert!(
            page.handle(PageInput::Worker(
                first,
                Reply::Failed {
                    message: "x".into()
                }
            ))
            .is_empty()
        );
        // The other's job, sent by then, is stopped too; nothing follows it.
        let effects = page.unmount(1);
        assert!(
            matches!(effects.as_slice(), [PageEffect::StopWorkerJob(_)]),
            "{effects:?}"
        );
        assert_eq!(page.waiting(), 0);
        page.mount(config(3, None), Vec::new(), "here".into(), 1);
        assert_eq!(page.demos().count(), 2);
        assert!(page.demo(3).is_some(), "a new number");
        assert!(page.unmount(1).is_empty(), "twice is nothing");
        show_all_of(&mut page, &[2, 3]);
        assert_eq!(drawn(&page.handle(PageInput::Frame)), [2, 3]);
    }

    fn show_all_of(page: &mut Page, indices: &[usize]) {
        for &index in indices {
            page.handle(PageInput::Resized(index, 320, 240));
            page.handle(PageInput::Visible(index, true));
        }
    }

    #[test]
    fn the_posts_look_is_worn_by_every_demo_and_taken_off_again() {
        let mut page = Page::new(Graphics::Ready);
        let mut banded = config(4, None);
        banded.display.palette = Palette::Bands;
        page.mount(banded, Vec::new(), "here".into(), 1);
        page.mount(config(4, None), Vec::new(), "here".into(), 2);
        let palettes = |page: &Page| -> Vec<Palette> {
            (0..page.len())
                .filter_map(|index| page.demo(index).map(Demo::palette))
                .collect()
        };
        let effects = page.handle(PageInput::PostsLook(true));
        assert!(effects.contains(&PageEffect::Present(0)));
        assert_eq!(palettes(&page), [Palette::Green, Palette::Green]);
        // A demo added while the page wears it, wears it too.
        page.mount(config(4, None), Vec::new(), "here".into(), 3);
        assert_eq!(page.demo(2).map(Demo::palette), Some(Palette::Green));
        page.handle(PageInput::PostsLook(false));
        assert_eq!(
            palettes(&page),
            [Palette::Bands, Palette::Terrain, Palette::Terrain]
        );
    }

    #[test]
    fn demos_sharing_a_camera_turn_together_and_others_do_not() {
        let (mut page, _) = page_of(&[5, 5, 5, 5]);
        show_all(&mut page);
        page.handle(PageInput::ShareCamera(vec![0, 1, 2]));
        let turn = PageInput::Demo(
            1,
            Input::Camera(CameraAction::Orbit {
                azimuth: 0.4,
                elevation: 0.1,
            }),
        );
        page.handle(turn);
        let orbits: Vec<Orbit> = (0..4)
            .filter_map(|index| page.demo(index).map(|demo| *demo.orbit()))
            .collect();
        assert_ne!(orbits[1], orbits[3], "the turned demo moved");
        assert_eq!(orbits[0], orbits[1]);
        assert_eq!(orbits[2], orbits[1]);
        assert_eq!(
            orbits[3],
            Orbit::default(),
            "a demo outside the group stays"
        );
        // Every demo of the group is drawn again, in one frame.
        let frame = {
            let (mut again, _) = page_of(&[5, 5, 5]);
            show_all(&mut again);
            again.handle(PageInput::Frame);
            again.handle(PageInput::ShareCamera(vec![0, 1, 2]));
            again.handle(PageInput::Demo(0, Input::Camera(CameraAction::Zoom(0.5))));
            drawn(&again.handle(PageInput::Frame))
        };
        assert_eq!(frame, vec![0, 1, 2]);
    }
}
