//! Playback: the scrubber's Play button steps through a map's stages one
//! at a time, at a pace the shell keeps with a timer, and stops at the
//! last. Each press of Play starts a new round, so a tick the shell
//! scheduled before a Pause cannot move a later round along.

use terrain_core::Stage;

/// Milliseconds between two stages while the scrubber plays: long enough
/// to see what a stage changed before the next.
pub const PLAY_STEP_MS: u32 = 900;

/// Milliseconds between two stages for readers who ask their system for
/// reduced motion.
pub const PLAY_STEP_REDUCED_MOTION_MS: u32 = 2500;

/// Milliseconds a field's typing must rest before it makes a map: long
/// enough for the next key of a number (so typing 1024 does not make the
/// maps of 1, 10 and 102 first), short enough to feel at once.
pub const TYPING_REST_MS: u32 = 300;

/// How long the shell waits before an input it was asked to schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delay {
    /// Between two stages while the scrubber plays.
    PlayStep,
    /// After a key typed into a field ([`TYPING_REST_MS`]).
    TypingRest,
}

impl Delay {
    /// The wait in milliseconds, slower for a reader who asked for
    /// reduced motion.
    pub fn milliseconds(self, reduced_motion: bool) -> u32 {
        match self {
            Delay::PlayStep if reduced_motion => PLAY_STEP_REDUCED_MOTION_MS,
            Delay::PlayStep => PLAY_STEP_MS,
            Delay::TypingRest => TYPING_REST_MS,
        }
    }
}

/// What playing asks of the demo now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Advance {
    /// The stage to show.
    pub(super) show: Option<Stage>,
    /// The round of the tick to schedule after [`Delay::PlayStep`].
    pub(super) tick: Option<u32>,
}

/// Whether the scrubber plays, and which round of play it is in.
#[derive(Debug, Clone, Default)]
pub(super) struct Playback {
    playing: bool,
    /// Counts Play presses, so a tick scheduled before a Pause is ignored.
    round: u32,
}

impl Playback {
    /// Whether the scrubber is playing.
    pub(super) fn is_playing(&self) -> bool {
        self.playing
    }

    /// Stops playing (a new map came in from elsewhere).
    pub(super) fn stop(&mut self) {
        self.playing = false;
    }

    /// Play or Pause was pressed while `current`, one of `stages`, shows.
    /// Play from the last stage starts over from the first.
    pub(super) fn press(&mut self, stages: &[Stage], current: Stage) -> Advance {
        self.playing = !self.playing;
        if !self.playing {
            return Advance::default();
        }
        self.round = self.round.wrapping_add(1);
        let show = if stages.last() == Some(&current) {
            stages.first().copied()
        } else {
            None
        };
        Advance {
            show,
            tick: Some(self.round),
        }
    }

    /// The scrubber's next step while playing, for a tick of `round`;
    /// stops at the end. A tick of an earlier round (before a Pause) does
    /// nothing.
    pub(super) fn tick(&mut self, round: u32, stages: &[Stage], current: Stage) -> Advance {
        if !self.playing || round != self.round {
            return Advance::default();
        }
        let position = stages
            .iter()
            .position(|&stage| stage == current)
            .unwrap_or(0);
        match stages.get(position + 1) {
            Some(&next) => {
                self.playing = position + 2 < stages.len();
                Advance {
                    show: Some(next),
                    tick: self.playing.then_some(round),
                }
            }
            None => {
                self.playing = false;
                Advance::default()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAGES: [Stage; 4] = [Stage::Corners, Stage::Pass(1), Stage::Pass(2), Stage::Done];

    #[test]
    fn a_step_takes_900_ms_and_2500_for_reduced_motion() {
        assert_eq!(Delay::PlayStep.milliseconds(false), 900);
        assert_eq!(Delay::PlayStep.milliseconds(true), 2500);
    }

    #[test]
    fn play_walks_every_stage_in_turn_and_stops_at_the_last() {
        let mut playback = Playback::default();
        let started = playback.press(&STAGES, Stage::Corners);
        assert_eq!(
            started.show, None,
            "from the first stage, nothing to rewind"
        );
        let round = started.tick.expect("a tick is scheduled");
        let mut current = Stage::Corners;
        let mut shown = Vec::new();
        loop {
            let step = playback.tick(round, &STAGES, current);
            let Some(next) = step.show else {
                break;
            };
            shown.push(next);
            current = next;
            if step.tick.is_none() {
                break;
            }
            assert_eq!(step.tick, Some(round));
        }
        assert_eq!(shown, STAGES[1..]);
        assert!(!playback.is_playing(), "it stops at the last stage");
        assert_eq!(
            playback.tick(round, &STAGES, current),
            Advance::default(),
            "a late tick does nothing"
        );
    }

    #[test]
    fn play_from_the_last_stage_starts_over() {
        let mut playback = Playback::default();
        let started = playback.press(&STAGES, Stage::Done);
        assert_eq!(started.show, Some(Stage::Corners));
        assert!(started.tick.is_some());
        assert!(playback.is_playing());
    }

    #[test]
    fn a_tick_from_before_a_pause_does_nothing() {
        let mut playback = Playback::default();
        let first = playback.press(&STAGES, Stage::Corners).tick;
        assert_eq!(playback.press(&STAGES, Stage::Corners), Advance::default());
        assert!(!playback.is_playing(), "paused");
        let second = playback.press(&STAGES, Stage::Corners).tick;
        assert_ne!(first, second, "each Play is a round of its own");
        let stale = first.expect("a first round");
        assert_eq!(
            playback.tick(stale, &STAGES, Stage::Corners),
            Advance::default()
        );
        let fresh = second.expect("a second round");
        assert_eq!(
            playback.tick(fresh, &STAGES, Stage::Corners).show,
            Some(Stage::Pass(1))
        );
    }

    #[test]
    fn a_stopped_scrubber_ignores_ticks() {
        let mut playback = Playback::default();
        let round = playback.press(&STAGES, Stage::Corners).tick;
        playback.stop();
        assert_eq!(
            playback.tick(round.unwrap_or(0), &STAGES, Stage::Corners),
            Advance::default()
        );
    }
}
