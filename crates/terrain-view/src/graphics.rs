//! The page's one graphics context through its life: working, taken away
//! and waited for, made anew, or refused. A state machine like the rest:
//! [`ContextEvent`]s in, a [`ContextStep`] out, tested natively.
//!
//! A browser that takes a context away usually gives it back
//! (`webglcontextrestored`), but not always: Chromium stops restoring a
//! page's contexts after its GPU process has crashed a few times, and some
//! drivers lose one for good. So the page waits [`RESTORE_WAIT_MS`] for it
//! and then makes a new one itself, but only once a demo is on screen: a
//! browser allows about sixteen live contexts, and takes the oldest away
//! to make a new one, so a page of frames off screen that each made one
//! would take them from the frames a reader is looking at, round and round
//! without end. Frames all on screen can still take turns taking each
//! other's, so the page makes at most [`MAX_NEW_CONTEXTS`] in a row that
//! the browser takes away again without ever giving one back. If the
//! browser refuses a new one, or that many were taken, the demos draw
//! their greyscale pictures and offer to try again.
//!
//! The page makes no context until a demo is on screen, and gives its
//! context back to the browser once none has been for a while
//! ([`Graphics::Resting`], [`rest_after_ms`]); the demos keep their last
//! pictures, and the next demo to come into view gets a new context. So a
//! blog of twenty framed demos, each frame a page of its own, holds
//! contexts only for the frames a reader has lately seen, and the browser
//! takes none away.
//!
//! Every context the page makes has a number, a [`ContextId`], and the
//! shell tags each event with the number of the context it came from. An
//! event about a context the page has moved on from (a late
//! `webglcontextrestored` for the one it replaced) is ignored, and so is
//! the end of a wait that a later loss started over.

/// The number of a graphics context the page made: 0 for the first, one
/// more for each made after it.
pub type ContextId = u32;

/// How long the page waits for the browser to give a lost context back
/// before it makes a new one. Chromium restores a context it means to
/// restore within a few hundred milliseconds of losing it.
pub const RESTORE_WAIT_MS: u32 = 2_000;

/// How long a page in a frame keeps its context with no demo on screen
/// before it gives it back: the browser keeps about sixteen for all the
/// frames of a site together, so those a reader scrolled past give theirs
/// back soon (at 1.5 s, a post of twenty frames scrolled at 5 000 px/s had
/// contexts taken).
pub const FRAME_REST_AFTER_MS: u32 = 500;

/// How long a demo in a frame is in view before the frame makes a context
/// for it: a frame only passing by, as a reader scrolls fast, makes none.
pub const FRAME_WAKE_AFTER_MS: u32 = 200;

/// How long a page of its own keeps its context with no demo on screen:
/// the demos of a chapter a reader scrolls back to are drawn at once on
/// what the context holds for them, rather than built again on a new one
/// (hundreds of milliseconds for a 513-point map without a GPU).
pub const PAGE_REST_AFTER_MS: u32 = 30_000;

/// How long a page keeps its context with no demo on screen, `framed` or
/// not.
pub fn rest_after_ms(framed: bool) -> u32 {
    if framed {
        FRAME_REST_AFTER_MS
    } else {
        PAGE_REST_AFTER_MS
    }
}

/// How long a demo is in view before a page with no context makes one,
/// `framed` or not: a page of its own makes it at once.
pub fn wake_after_ms(framed: bool) -> u32 {
    if framed { FRAME_WAKE_AFTER_MS } else { 0 }
}

/// How many new contexts the page makes by itself, in a row, before it
/// stops and asks the reader: more than about sixteen frames on screen,
/// each taking the oldest context to make its own, would otherwise take
/// turns for ever (a tester's gallery of twenty made 66 in 33 seconds).
pub const MAX_NEW_CONTEXTS: u32 = 2;

/// Why the page stopped making new contexts, for [`Graphics::Blocked`].
pub const TAKEN_EACH_TIME: &str = "it took each new one away again, as it does when more \
                                   frames or pages show 3D views at once than it allows";

/// What the page can draw with, and what demos say about it over their
/// views.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Graphics {
    /// A working shared context: nothing to say.
    #[default]
    Ready,
    /// No context: none made yet, or given back to the browser with no
    /// demo on screen. One is made when a demo comes into view; nothing
    /// to say meanwhile, and the demos keep their last pictures.
    Resting,
    /// The browser took the context away; waiting for it to come back, or
    /// for a new one.
    Lost,
    /// The context was lost and the browser refused a new one: demos show
    /// a flat greyscale picture and offer to try again.
    Blocked {
        /// Why, in the browser's words or ours.
        reason: String,
        /// How many times in a row a new context was refused.
        refusals: u32,
    },
    /// No WebGL2 from the start, for this reason: demos show a flat
    /// greyscale picture.
    Unavailable(String),
}

impl Graphics {
    /// The words, if there is anything to say.
    pub fn message(&self) -> Option<String> {
        match self {
            Graphics::Ready | Graphics::Resting => None,
            Graphics::Lost => Some(
                "The browser took away this page's graphics context (too many open, or the GPU was \
                 reset). Restoring it…"
                    .to_owned(),
            ),
            Graphics::Blocked { reason, refusals } => {
                let again = match refusals {
                    0 | 1 => String::new(),
                    tries => format!(", not even when asked again ({tries} tries)"),
                };
                Some(format!(
                    "3D view unavailable: the browser took away this page's graphics context and \
                     would not give it a new one ({reason}){again}. Showing the heightmap from \
                     above instead, as a greyscale picture (black is the lowest point, white the \
                     highest)."
                ))
            }
            Graphics::Unavailable(reason) => Some(format!(
                "3D view unavailable: {reason}. Showing the heightmap from above instead, as a \
                 greyscale picture (black is the lowest point, white the highest)."
            )),
        }
    }

    /// Whether the words come with a "Try again" button: only when a new
    /// context was refused, which a later attempt may get. (A browser
    /// without WebGL2 from the start will not have it a moment later.)
    pub fn offers_retry(&self) -> bool {
        matches!(self, Graphics::Blocked { .. })
    }

    /// Whether demos draw their greyscale pictures instead of 3D views.
    pub fn is_flat(&self) -> bool {
        matches!(self, Graphics::Blocked { .. } | Graphics::Unavailable(_))
    }

    /// The graphics state in one word, for tests.
    pub fn name(&self) -> &'static str {
        match self {
            Graphics::Ready => "ready",
            Graphics::Resting => "resting",
            Graphics::Lost => "lost",
            Graphics::Blocked { .. } => "blocked",
            Graphics::Unavailable(_) => "unavailable",
        }
    }
}

/// Something that happened to the shared context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContextEvent {
    /// The browser took context `id` away (`webglcontextlost`).
    Lost(ContextId),
    /// The browser gave context `id` back (`webglcontextrestored`).
    Restored(ContextId),
    /// The wait that loss number `loss` started is over (see
    /// [`ContextStep::wait`]).
    WaitOver(u32),
    /// Whether any demo of the page is on screen now.
    OnScreen(bool),
    /// Rest number `n` is over: [`rest_after_ms`] have passed since it
    /// started with no demo on screen (see [`ContextStep::rest`]).
    RestDue(u32),
    /// Wake number `n` is over: [`wake_after_ms`] have passed since a demo
    /// came into view with no context (see [`ContextStep::wake`]).
    WakeDue(u32),
    /// The page must draw now, on screen or not (it is being printed): a
    /// context is made at once if there is none, or none that works.
    NeededNow,
    /// The page has drawn what it needed the context for (for paper) and
    /// gives it back now if no demo is on screen.
    GiveBack,
    /// The shell did what [`ContextAction`] asked for context `id`: it can
    /// be drawn with, or it could not be had, for this reason.
    Ready(ContextId, Result<(), String>),
    /// The reader asked for a new context after one was refused.
    TryAgain,
}

/// What the shell must do about the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContextAction {
    /// The browser gave context `id` back: make it usable again (the
    /// renderer's state on it is gone) and answer [`ContextEvent::Ready`].
    Renew(ContextId),
    /// Let go of the old context and everything on it, make a new one
    /// numbered `id`, and answer [`ContextEvent::Ready`].
    Replace(ContextId),
    /// Let go of the context and everything on it, giving it back to the
    /// browser; no answer.
    Release,
}

/// What one event leads to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContextStep {
    /// Whether [`SharedContext::graphics`] changed, so every demo must hear.
    pub changed: bool,
    /// Hand back [`ContextEvent::WaitOver`] of this loss after
    /// [`RESTORE_WAIT_MS`].
    pub wait: Option<u32>,
    /// No demo is on screen: hand back [`ContextEvent::RestDue`] of this
    /// rest after [`rest_after_ms`].
    pub rest: Option<u32>,
    /// A demo came into view with no context: hand back
    /// [`ContextEvent::WakeDue`] of this wake after [`wake_after_ms`].
    pub wake: Option<u32>,
    /// What the shell must do now.
    pub action: Option<ContextAction>,
}

/// The page's context, as far as the page knows.
#[derive(Debug, Clone)]
pub struct SharedContext {
    graphics: Graphics,
    /// The context the page draws with, waits for or is making.
    current: ContextId,
    /// Losses so far, numbering the waits.
    losses: u32,
    /// The context the shell was asked to renew or make and has not
    /// answered for yet.
    awaited: Option<ContextId>,
    /// Whether any demo is on screen.
    on_screen: bool,
    /// Rests started so far (see [`ContextStep::rest`]), numbering them.
    rests: u32,
    /// Wakes started so far (see [`ContextStep::wake`]), numbering them.
    wakes: u32,
    /// Whether the page has asked for a context yet: its first is number 0.
    asked: bool,
    /// Whether the page has had a context: failing to make the first one
    /// means no WebGL2 at all.
    made: bool,
    /// The wait for a lost context ended with no demo on screen: a new
    /// context is made when one comes into view.
    overdue: bool,
    /// New contexts the page made by itself since the browser last gave
    /// one back or the reader asked for one.
    made_in_a_row: u32,
}

impl SharedContext {
    /// The page's context as it starts: `Resting` makes context 0 when a
    /// demo comes into view; `Ready` says the shell has made it already.
    pub fn new(graphics: Graphics) -> Self {
        let started = graphics != Graphics::Resting;
        Self {
            asked: started,
            made: started,
            graphics,
            current: 0,
            losses: 0,
            awaited: None,
            on_screen: false,
            rests: 0,
            wakes: 0,
            overdue: false,
            made_in_a_row: 0,
        }
    }

    /// What the page can draw with.
    pub fn graphics(&self) -> &Graphics {
        &self.graphics
    }

    /// The number of the context the page draws with, waits for or is
    /// making.
    pub fn current(&self) -> ContextId {
        self.current
    }

    /// Handles one event.
    pub fn handle(&mut self, event: ContextEvent) -> ContextStep {
        let mut step = ContextStep::default();
        match event {
            ContextEvent::Lost(id)
                if id == self.current
                    && (self.graphics == Graphics::Ready || self.awaited == Some(id)) =>
            {
                // Also a loss of a context the shell is renewing or has
                // just made: its answer is no longer wanted, and the wait
                // starts over.
                self.awaited = None;
                self.overdue = false;
                self.losses += 1;
                step.wait = Some(self.losses);
                step.changed = self.set(Graphics::Lost);
            }
            ContextEvent::Restored(id) if id == self.current && self.graphics == Graphics::Lost => {
                self.overdue = false;
                self.made_in_a_row = 0;
                self.awaited = Some(id);
                step.action = Some(ContextAction::Renew(id));
            }
            ContextEvent::WaitOver(loss)
                if loss == self.losses && self.graphics == Graphics::Lost =>
            {
                if self.on_screen {
                    self.replace_by_itself(&mut step);
                } else {
                    self.overdue = true;
                }
            }
            ContextEvent::OnScreen(on_screen) => {
                let (entered, left) = (!self.on_screen && on_screen, self.on_screen && !on_screen);
                self.on_screen = on_screen;
                if on_screen && self.overdue {
                    self.replace_by_itself(&mut step);
                } else if entered && self.graphics == Graphics::Resting && self.awaited.is_none() {
                    // Only as the first demo comes into view: another
                    // following it does not put the context off.
                    self.wakes += 1;
                    step.wake = Some(self.wakes);
                } else if left && self.graphics == Graphics::Ready {
                    self.start_rest(&mut step);
                }
            }
            ContextEvent::RestDue(rest) if rest == self.rests => self.give_back(&mut step),
            ContextEvent::GiveBack => self.give_back(&mut step),
            ContextEvent::WakeDue(wake)
                if wake == self.wakes
                    && self.on_screen
                    && self.graphics == Graphics::Resting
                    && self.awaited.is_none() =>
            {
                step.action = Some(self.replace());
            }
            ContextEvent::NeededNow if self.awaited.is_none() => match self.graphics {
                Graphics::Resting => step.action = Some(self.replace()),
                Graphics::Lost => self.replace_by_itself(&mut step),
                _ => {}
            },
            ContextEvent::Ready(id, result) if self.awaited == Some(id) => {
                self.awaited = None;
                let refusals = match self.graphics {
                    Graphics::Blocked { refusals, .. } => refusals + 1,
                    _ => 1,
                };
                step.changed = self.set(match result {
                    Ok(()) => Graphics::Ready,
                    // The page's first context: the browser has no WebGL2
                    // for it, and will not a moment later.
                    Err(reason) if !self.made => Graphics::Unavailable(reason),
                    // Counted, so that a "Try again" that fails is seen to
                    // have been tried.
                    Err(reason) => Graphics::Blocked { reason, refusals },
                });
                if self.graphics == Graphics::Ready {
                    self.made = true;
                    if !self.on_screen {
                        self.start_rest(&mut step);
                    }
                }
            }
            ContextEvent::TryAgain if matches!(self.graphics, Graphics::Blocked { .. }) => {
                self.made_in_a_row = 0;
                step.action = Some(self.replace());
            }
            // About a context the page has moved on from, a wait a later
            // loss started over, an answer nobody waits for, or nothing
            // to try again.
            _ => {}
        }
        step
    }

    /// Moves on to a new context unasked, unless the page has made
    /// [`MAX_NEW_CONTEXTS`] in a row already: then it stops, blocked.
    fn replace_by_itself(&mut self, step: &mut ContextStep) {
        if self.made_in_a_row >= MAX_NEW_CONTEXTS {
            self.overdue = false;
            step.changed = self.set(Graphics::Blocked {
                reason: TAKEN_EACH_TIME.to_owned(),
                refusals: 0,
            });
        } else {
            self.made_in_a_row += 1;
            step.action = Some(self.replace());
        }
    }

    /// Gives the context back to the browser, if it works and no demo is
    /// on screen.
    fn give_back(&mut self, step: &mut ContextStep) {
        if !self.on_screen && self.graphics == Graphics::Ready && self.awaited.is_none() {
            // Given back, not taken: the next one made is not the
            // browser's doing.
            self.made_in_a_row = 0;
            step.action = Some(ContextAction::Release);
            step.changed = self.set(Graphics::Resting);
        }
    }

    /// Starts the wait after which a page with no demo on screen gives its
    /// context back.
    fn start_rest(&mut self, step: &mut ContextStep) {
        self.rests += 1;
        step.rest = Some(self.rests);
    }

    /// Moves on to a new context (the page's first is number 0).
    fn replace(&mut self) -> ContextAction {
        self.overdue = false;
        if self.asked {
            self.current += 1;
        }
        self.asked = true;
        self.awaited = Some(self.current);
        ContextAction::Replace(self.current)
    }

    /// Sets the graphics; whether they changed.
    fn set(&mut self, graphics: Graphics) -> bool {
        let changed = self.graphics != graphics;
        self.graphics = graphics;
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A working context with a demo on screen.
    fn working() -> SharedContext {
        let mut context = SharedContext::new(Graphics::Ready);
        assert_eq!(
            context.handle(ContextEvent::OnScreen(true)),
            ContextStep::default()
        );
        context
    }

    /// A demo comes into view with no context, and stays until its wake
    /// is over: the step, which asks for a context.
    fn woken(context: &mut SharedContext) -> ContextStep {
        let step = context.handle(ContextEvent::OnScreen(true));
        assert_eq!(step.action, None, "not before the wake is over");
        context.handle(ContextEvent::WakeDue(step.wake.expect("a wake")))
    }

    /// Context 0 lost and its wait over: the step, which asks for context 1.
    fn lost_for_good(context: &mut SharedContext) -> ContextStep {
        let lost = context.handle(ContextEvent::Lost(0));
        assert_eq!(lost.wait, Some(1));
        context.handle(ContextEvent::WaitOver(1))
    }

    #[test]
    fn new_contexts_taken_again_and_again_stop_at_the_most_and_wait_for_the_reader() {
        // Frames all on screen, each taking the oldest context to make its
        // own: every new one is taken away in turn, and never given back.
        let mut context = working();
        let mut id = 0;
        for made in 1..=MAX_NEW_CONTEXTS {
            let lost = context.handle(ContextEvent::Lost(id));
            let step = context.handle(ContextEvent::WaitOver(lost.wait.expect("a wait")));
            id += 1;
            assert_eq!(
                step.action,
                Some(ContextAction::Replace(id)),
                "new context {made}"
            );
            context.handle(ContextEvent::Ready(id, Ok(())));
            assert_eq!(context.graphics(), &Graphics::Ready);
        }
        let lost = context.handle(ContextEvent::Lost(id));
        let step = context.handle(ContextEvent::WaitOver(lost.wait.expect("a wait")));
        assert_eq!(step.action, None, "no new context: the page settles");
        assert!(step.changed);
        assert_eq!(
            context.graphics(),
            &Graphics::Blocked {
                reason: TAKEN_EACH_TIME.to_owned(),
                refusals: 0
            }
        );
        assert!(context.graphics().offers_retry());
        // Coming into view again changes nothing; the reader's Try again
        // makes one, with the whole allowance again.
        assert_eq!(context.handle(ContextEvent::OnScreen(true)).action, None);
        let step = context.handle(ContextEvent::TryAgain);
        assert_eq!(step.action, Some(ContextAction::Replace(id + 1)));
        context.handle(ContextEvent::Ready(id + 1, Ok(())));
        let lost = context.handle(ContextEvent::Lost(id + 1));
        let step = context.handle(ContextEvent::WaitOver(lost.wait.expect("a wait")));
        assert_eq!(step.action, Some(ContextAction::Replace(id + 2)));
    }

    #[test]
    fn the_first_context_is_made_when_a_demo_comes_into_view() {
        let mut context = SharedContext::new(Graphics::Resting);
        assert_eq!(context.graphics().message(), None);
        assert!(!context.graphics().is_flat());
        assert_eq!(
            context.handle(ContextEvent::OnScreen(false)),
            ContextStep::default(),
            "nothing in view: nothing made, nothing to rest from"
        );
        // Only passing by: in view, then gone before its wake is over.
        let passing = context.handle(ContextEvent::OnScreen(true)).wake;
        context.handle(ContextEvent::OnScreen(false));
        assert_eq!(
            context.handle(ContextEvent::WakeDue(passing.expect("a wake"))),
            ContextStep::default(),
            "no context for a demo that only passed by"
        );
        // A second demo coming into view meanwhile does not put it off.
        let wake = context.handle(ContextEvent::OnScreen(true)).wake;
        assert_eq!(
            context.handle(ContextEvent::OnScreen(true)),
            ContextStep::default()
        );
        let step = context.handle(ContextEvent::WakeDue(wake.expect("a wake")));
        assert_eq!(step.action, Some(ContextAction::Replace(0)));
        assert_eq!(
            context.handle(ContextEvent::OnScreen(true)),
            ContextStep::default(),
            "asked for once"
        );
        assert!(context.handle(ContextEvent::Ready(0, Ok(()))).changed);
        assert_eq!(context.graphics(), &Graphics::Ready);
        assert_eq!(context.current(), 0);
    }

    #[test]
    fn a_first_context_refused_means_no_webgl2_and_nothing_more_is_tried() {
        let mut context = SharedContext::new(Graphics::Resting);
        woken(&mut context);
        let step = context.handle(ContextEvent::Ready(0, Err("no WebGL2 here".into())));
        assert!(step.changed);
        assert_eq!(
            context.graphics(),
            &Graphics::Unavailable("no WebGL2 here".into())
        );
        assert!(!context.graphics().offers_retry());
        for event in [
            ContextEvent::OnScreen(false),
            ContextEvent::RestDue(1),
            ContextEvent::OnScreen(true),
            ContextEvent::WakeDue(1),
            ContextEvent::NeededNow,
            ContextEvent::TryAgain,
        ] {
            assert_eq!(context.handle(event), ContextStep::default());
        }
    }

    #[test]
    fn with_no_demo_on_screen_for_a_while_the_context_is_given_back_and_made_anew_in_view() {
        let mut context = working();
        // Back in view before the rest is over: kept.
        assert_eq!(context.handle(ContextEvent::OnScreen(false)).rest, Some(1));
        context.handle(ContextEvent::OnScreen(true));
        assert_eq!(
            context.handle(ContextEvent::RestDue(1)),
            ContextStep::default()
        );
        // Away again: only the newest rest counts.
        assert_eq!(context.handle(ContextEvent::OnScreen(false)).rest, Some(2));
        assert_eq!(
            context.handle(ContextEvent::OnScreen(false)),
            ContextStep::default(),
            "still away: the rest goes on"
        );
        let step = context.handle(ContextEvent::RestDue(2));
        assert_eq!(step.action, Some(ContextAction::Release));
        assert!(step.changed, "every demo hears, to draw anew later");
        assert_eq!(context.graphics(), &Graphics::Resting);
        assert_eq!(context.graphics().name(), "resting");
        assert_eq!(
            context.handle(ContextEvent::Lost(0)),
            ContextStep::default(),
            "the context given back is not missed"
        );
        let step = woken(&mut context);
        assert_eq!(step.action, Some(ContextAction::Replace(1)));
        context.handle(ContextEvent::Ready(1, Ok(())));
        assert_eq!(context.graphics(), &Graphics::Ready);
        // A new one refused on the way back: blocked, with Try again.
        context.handle(ContextEvent::OnScreen(false));
        context.handle(ContextEvent::RestDue(3));
        woken(&mut context);
        context.handle(ContextEvent::Ready(2, Err("refused".into())));
        assert!(context.graphics().offers_retry());
    }

    #[test]
    fn a_lost_context_is_not_given_back_and_a_rest_renews_the_allowance() {
        let mut context = working();
        context.handle(ContextEvent::OnScreen(false));
        context.handle(ContextEvent::Lost(0));
        assert_eq!(
            context.handle(ContextEvent::RestDue(1)),
            ContextStep::default(),
            "nothing to give back while lost"
        );
        // Given back by the browser with nothing in view: the rest starts
        // with it.
        context.handle(ContextEvent::Restored(0));
        let step = context.handle(ContextEvent::Ready(0, Ok(())));
        assert_eq!(step.rest, Some(2));
        assert_eq!(
            context.handle(ContextEvent::RestDue(2)).action,
            Some(ContextAction::Release)
        );
        // Contexts the browser took again and again, then a rest: the page
        // was not fighting over them, so it may make as many again.
        woken(&mut context);
        context.handle(ContextEvent::Ready(1, Ok(())));
        for id in 1..=MAX_NEW_CONTEXTS {
            let lost = context.handle(ContextEvent::Lost(id));
            let step = context.handle(ContextEvent::WaitOver(lost.wait.expect("a wait")));
            assert_eq!(step.action, Some(ContextAction::Replace(id + 1)));
            context.handle(ContextEvent::Ready(id + 1, Ok(())));
        }
        let rest = context.handle(ContextEvent::OnScreen(false)).rest;
        context.handle(ContextEvent::RestDue(rest.expect("a rest")));
        woken(&mut context);
        let id = context.current();
        context.handle(ContextEvent::Ready(id, Ok(())));
        let lost = context.handle(ContextEvent::Lost(id));
        let step = context.handle(ContextEvent::WaitOver(lost.wait.expect("a wait")));
        assert_eq!(step.action, Some(ContextAction::Replace(id + 1)));
    }

    #[test]
    fn printing_makes_a_context_at_once_and_a_frame_gives_it_back_when_drawn() {
        // Resting, nothing in view: made at once, no wake to wait for.
        let mut context = SharedContext::new(Graphics::Resting);
        let step = context.handle(ContextEvent::NeededNow);
        assert_eq!(step.action, Some(ContextAction::Replace(0)));
        assert_eq!(
            context.handle(ContextEvent::NeededNow),
            ContextStep::default(),
            "asked for once"
        );
        context.handle(ContextEvent::Ready(0, Ok(())));
        let step = context.handle(ContextEvent::GiveBack);
        assert_eq!(step.action, Some(ContextAction::Release));
        assert_eq!(context.graphics(), &Graphics::Resting);
        // A demo in view keeps it.
        woken(&mut context);
        context.handle(ContextEvent::Ready(1, Ok(())));
        assert_eq!(
            context.handle(ContextEvent::GiveBack),
            ContextStep::default()
        );
        // Lost, and its wait not over: replaced at once rather than
        // printed as notes.
        context.handle(ContextEvent::Lost(1));
        let step = context.handle(ContextEvent::NeededNow);
        assert_eq!(step.action, Some(ContextAction::Replace(2)));
        context.handle(ContextEvent::Ready(2, Ok(())));
        assert_eq!(
            context.handle(ContextEvent::NeededNow),
            ContextStep::default(),
            "a working context is kept"
        );
    }

    #[test]
    fn a_context_the_browser_gives_back_renews_the_allowance() {
        let mut context = working();
        for _ in 0..3 * MAX_NEW_CONTEXTS {
            let id = context.current();
            context.handle(ContextEvent::Lost(id));
            assert_eq!(
                context.handle(ContextEvent::Restored(id)).action,
                Some(ContextAction::Renew(id))
            );
            context.handle(ContextEvent::Ready(id, Ok(())));
            let lost = context.handle(ContextEvent::Lost(id));
            let step = context.handle(ContextEvent::WaitOver(lost.wait.expect("a wait")));
            assert_eq!(step.action, Some(ContextAction::Replace(id + 1)));
            context.handle(ContextEvent::Ready(id + 1, Ok(())));
        }
        assert_eq!(context.graphics(), &Graphics::Ready);
    }

    #[test]
    fn a_loss_is_said_and_waited_for() {
        let mut context = working();
        let step = context.handle(ContextEvent::Lost(0));
        assert_eq!(
            step,
            ContextStep {
                changed: true,
                wait: Some(1),
                rest: None,
                wake: None,
                action: None
            }
        );
        assert_eq!(context.graphics(), &Graphics::Lost);
    }

    #[test]
    fn a_context_given_back_in_time_is_renewed_and_no_new_one_is_made() {
        let mut context = working();
        context.handle(ContextEvent::Lost(0));
        let step = context.handle(ContextEvent::Restored(0));
        assert_eq!(step.action, Some(ContextAction::Renew(0)));
        assert!(!step.changed, "lost until the shell has renewed it");
        let step = context.handle(ContextEvent::Ready(0, Ok(())));
        assert!(step.changed && step.action.is_none());
        assert_eq!(context.graphics(), &Graphics::Ready);
        assert_eq!(
            context.handle(ContextEvent::WaitOver(1)),
            ContextStep::default(),
            "the wait is over, but nothing is missing"
        );
        assert_eq!(context.current(), 0);
    }

    #[test]
    fn a_context_not_given_back_is_replaced_by_a_new_one() {
        let mut context = working();
        let step = lost_for_good(&mut context);
        assert_eq!(step.action, Some(ContextAction::Replace(1)));
        assert!(!step.changed);
        assert_eq!(context.current(), 1);
        let step = context.handle(ContextEvent::Ready(1, Ok(())));
        assert!(step.changed);
        assert_eq!(context.graphics(), &Graphics::Ready);
    }

    #[test]
    fn with_no_demo_on_screen_a_new_context_waits_until_one_comes_into_view() {
        let mut context = working();
        context.handle(ContextEvent::OnScreen(false));
        let step = lost_for_good(&mut context);
        assert_eq!(step.action, None, "no context taken from a demo in view");
        assert_eq!(context.graphics(), &Graphics::Lost);
        assert_eq!(context.current(), 0);
        // Still off screen, or given back by the browser meanwhile.
        assert_eq!(
            context.handle(ContextEvent::OnScreen(false)),
            ContextStep::default()
        );
        let step = context.handle(ContextEvent::OnScreen(true));
        assert_eq!(step.action, Some(ContextAction::Replace(1)));
        context.handle(ContextEvent::Ready(1, Ok(())));
        assert_eq!(context.graphics(), &Graphics::Ready);
        // Once made, coming into view again asks for nothing.
        context.handle(ContextEvent::OnScreen(false));
        assert_eq!(
            context.handle(ContextEvent::OnScreen(true)),
            ContextStep::default()
        );

        // A restore while overdue is taken, and nothing more is made.
        context.handle(ContextEvent::OnScreen(false));
        context.handle(ContextEvent::Lost(1));
        context.handle(ContextEvent::WaitOver(2));
        let step = context.handle(ContextEvent::Restored(1));
        assert_eq!(step.action, Some(ContextAction::Renew(1)));
        context.handle(ContextEvent::Ready(1, Ok(())));
        assert_eq!(
            context.handle(ContextEvent::OnScreen(true)),
            ContextStep::default()
        );
        assert_eq!(context.graphics(), &Graphics::Ready);
    }

    #[test]
    fn a_late_restore_of_the_old_context_is_ignored() {
        let mut context = working();
        lost_for_good(&mut context);
        // Before the new context is ready, and after.
        assert_eq!(
            context.handle(ContextEvent::Restored(0)),
            ContextStep::default()
        );
        context.handle(ContextEvent::Ready(1, Ok(())));
        assert_eq!(
            context.handle(ContextEvent::Restored(0)),
            ContextStep::default()
        );
        assert_eq!(
            context.handle(ContextEvent::Lost(0)),
            ContextStep::default(),
            "nor does the old one's loss matter any more"
        );
        assert_eq!(context.graphics(), &Graphics::Ready);
        assert_eq!(context.current(), 1);
    }

    #[test]
    fn a_loss_during_recovery_starts_over() {
        let mut context = working();
        lost_for_good(&mut context);
        context.handle(ContextEvent::Ready(1, Ok(())));
        // The new context goes too, before every demo drew on it.
        let step = context.handle(ContextEvent::Lost(1));
        assert_eq!(step.wait, Some(2));
        assert_eq!(context.graphics(), &Graphics::Lost);
        assert_eq!(
            context.handle(ContextEvent::WaitOver(1)),
            ContextStep::default(),
            "the first wait is long over"
        );
        let step = context.handle(ContextEvent::WaitOver(2));
        assert_eq!(step.action, Some(ContextAction::Replace(2)));
        context.handle(ContextEvent::Ready(2, Ok(())));
        assert_eq!(context.graphics(), &Graphics::Ready);
    }

    #[test]
    fn a_loss_while_a_restored_context_is_renewed_waits_again() {
        let mut context = working();
        context.handle(ContextEvent::Lost(0));
        context.handle(ContextEvent::Restored(0));
        // Lost again before the shell answered: a whole new wait.
        let step = context.handle(ContextEvent::Lost(0));
        assert_eq!(step.wait, Some(2));
        assert_eq!(
            context.handle(ContextEvent::Ready(0, Ok(()))),
            ContextStep::default(),
            "the renewed context is lost again: its answer is stale"
        );
        assert_eq!(context.graphics(), &Graphics::Lost);
        assert_eq!(
            context.handle(ContextEvent::WaitOver(1)),
            ContextStep::default()
        );
        assert_eq!(
            context.handle(ContextEvent::WaitOver(2)).action,
            Some(ContextAction::Replace(1))
        );
    }

    #[test]
    fn a_new_context_lost_before_it_is_ready_is_waited_for_again() {
        let mut context = working();
        lost_for_good(&mut context);
        assert_eq!(context.handle(ContextEvent::Lost(1)).wait, Some(2));
        assert_eq!(
            context.handle(ContextEvent::Ready(1, Ok(()))),
            ContextStep::default()
        );
        assert_eq!(
            context.handle(ContextEvent::WaitOver(2)).action,
            Some(ContextAction::Replace(2))
        );
    }

    #[test]
    fn a_second_loss_after_a_restore_gets_a_whole_wait_of_its_own() {
        let mut context = working();
        context.handle(ContextEvent::Lost(0));
        context.handle(ContextEvent::Restored(0));
        context.handle(ContextEvent::Ready(0, Ok(())));
        let step = context.handle(ContextEvent::Lost(0));
        assert_eq!(step.wait, Some(2));
        assert_eq!(
            context.handle(ContextEvent::WaitOver(1)),
            ContextStep::default(),
            "the first loss's wait ends early in the second's"
        );
        assert_eq!(
            context.handle(ContextEvent::WaitOver(2)).action,
            Some(ContextAction::Replace(1))
        );
    }

    #[test]
    fn a_refused_context_blocks_until_a_try_again_works() {
        let mut context = working();
        lost_for_good(&mut context);
        let step = context.handle(ContextEvent::Ready(1, Err("no WebGL2 for you".into())));
        assert!(step.changed);
        let refused = |refusals| Graphics::Blocked {
            reason: "no WebGL2 for you".into(),
            refusals,
        };
        assert_eq!(context.graphics(), &refused(1));
        assert_eq!(context.graphics().name(), "blocked");
        // Still refused: counted, so the demos can say it was tried.
        let step = context.handle(ContextEvent::TryAgain);
        assert_eq!(step.action, Some(ContextAction::Replace(2)));
        let step = context.handle(ContextEvent::Ready(2, Err("no WebGL2 for you".into())));
        assert!(step.changed);
        assert_eq!(context.graphics(), &refused(2));
        // Then it works.
        assert_eq!(
            context.handle(ContextEvent::TryAgain).action,
            Some(ContextAction::Replace(3))
        );
        assert!(context.handle(ContextEvent::Ready(3, Ok(()))).changed);
        assert_eq!(context.graphics(), &Graphics::Ready);
        assert_eq!(
            context.handle(ContextEvent::TryAgain),
            ContextStep::default(),
            "nothing to try again"
        );
    }

    #[test]
    fn a_failed_renewal_blocks_too() {
        let mut context = working();
        context.handle(ContextEvent::Lost(0));
        context.handle(ContextEvent::Restored(0));
        context.handle(ContextEvent::Ready(0, Err("three-d failed".into())));
        assert_eq!(context.graphics().name(), "blocked");
        assert_eq!(
            context.handle(ContextEvent::WaitOver(1)),
            ContextStep::default(),
            "blocked pages wait for the reader, not the clock"
        );
    }

    #[test]
    fn without_webgl_from_the_start_nothing_is_waited_for_or_tried() {
        let mut context = SharedContext::new(Graphics::Unavailable("no WebGL2".into()));
        for event in [
            ContextEvent::Lost(0),
            ContextEvent::Restored(0),
            ContextEvent::WaitOver(0),
            ContextEvent::Ready(0, Ok(())),
            ContextEvent::TryAgain,
        ] {
            assert_eq!(context.handle(event), ContextStep::default());
        }
        assert_eq!(context.graphics().name(), "unavailable");
    }
}
