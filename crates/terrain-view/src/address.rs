//! The page's address, kept in step with the playground without
//! overrunning what a browser allows.
//!
//! Browsers limit how often a page may change its address (WebKit to 100
//! times in 30 s, Gecko to 200 in 10 s) and then refuse or ignore the
//! change, which would leave a dragged slider's last value out of the
//! address; each change also costs Chromium 1 to 3 ms of the frame
//! (BENCHMARKS.md). So the address changes at once, then rests for
//! [`ADDRESS_INTERVAL_MS`]: a query that comes meanwhile waits for the
//! rest to end, a later one replaces it, and so the last always lands. At
//! this interval a drag changes the address at most 86 times in 30 s.
//!
//! No clock is read: the page asks the shell to hand back
//! [`crate::page::PageInput::AddressRested`] one interval after each
//! change.

use terrain_core::STAGE;
use terrain_core::query::{self, parse_pairs};
use terrain_core::registry::fields;

use crate::compare::COMPARE_KEY;
use crate::demo::Demo;
use crate::embed::EMBED_CONTROLS;
use crate::settings::{DemoConfig, SETTINGS};

/// The query to put in an address whose query is now `current`: `ours`,
/// after the pairs of `current` that are someone else's (a blog's
/// `p=123`, an analytics tag), in their order. A key of ours, a map's
/// own (`2.octaves`) or a slip for one of ours is the demo's to write,
/// but for a slip for `compare` (`Compare`), which no demo writes: it
/// stays, with the notice that says what to write instead.
pub fn with_others(current: &str, ours: &str) -> String {
    let keys: Vec<&str> = fields()
        .map(|field| field.spec().option)
        .chain([STAGE.option, COMPARE_KEY, EMBED_CONTROLS.option])
        .chain(SETTINGS.iter().map(|entry| entry.spec.option))
        .collect();
    let is_ours = |key: &str| {
        let own = query::map_key(key).map_or(key, |(_, own)| own);
        keys.iter().any(|option| {
            own == *option || (*option != COMPARE_KEY && query::misspelt(own, option))
        })
    };
    let others = current
        .strip_prefix('?')
        .unwrap_or(current)
        .split('&')
        // An empty key is no pair (parse_pairs drops it).
        .filter(|pair| {
            parse_pairs(pair)
                .first()
                .is_some_and(|(key, _)| !is_ours(key))
        });
    others
        .chain((!ours.is_empty()).then_some(ours))
        .collect::<Vec<_>>()
        .join("&")
}

/// Reads the page's address `query` into `config`, a demo's, if it asks
/// to keep the address in step (its attribute `url_state`, as the demo's
/// element spells it); returns what it could not use. A page has one
/// address: if one of the page's `other` demos keeps it already, this one
/// is told so and keeps its own settings.
pub fn read_into<'a>(
    config: &mut DemoConfig,
    query: &str,
    other: impl IntoIterator<Item = &'a Demo>,
    url_state: &str,
) -> Vec<String> {
    if !config.display.url_state {
        return Vec::new();
    }
    if (other.into_iter()).any(|other| other.config().display.url_state) {
        config.display.url_state = false;
        return vec![format!(
            "{url_state} is not read: another demo on this page keeps the page's address \
             in step already, and a page has one address"
        )];
    }
    config.apply_query(query)
}

/// The shortest time between two changes of the address.
pub const ADDRESS_INTERVAL_MS: u32 = 350;

/// Whether the address is resting after a change, and the query waiting
/// for the rest to end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressBar {
    resting: bool,
    waiting: Option<String>,
}

impl AddressBar {
    /// A demo wants `query` in the address: the query to write now, if
    /// it may be written now. Each write starts a rest of
    /// [`ADDRESS_INTERVAL_MS`], whose end the shell reports
    /// ([`AddressBar::rested`]).
    pub fn want(&mut self, query: String) -> Option<String> {
        if self.resting {
            self.waiting = Some(query);
            None
        } else {
            self.resting = true;
            Some(query)
        }
    }

    /// The rest after the last change is over: the query that waited for
    /// it, to write now (starting another rest), if one did.
    pub fn rested(&mut self) -> Option<String> {
        let query = self.waiting.take();
        self.resting = query.is_some();
        query
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_has_one_address_and_its_first_demo_to_ask_keeps_it() {
        let asks = || crate::settings::DemoConfig {
            display: crate::settings::Display {
                url_state: true,
                ..Default::default()
            },
            ..Default::default()
        };
        let mut first = asks();
        assert!(super::read_into(&mut first, "?seed=5&exponent=4", [], "url-state").is_empty());
        assert_eq!((first.params.map.seed, first.params.map.exponent), (5, 4));
        assert!(first.display.url_state);
        let environment = crate::demo::Environment {
            location: "https://example.org/post.html".to_owned(),
            seed: 1,
            graphics: crate::graphics::Graphics::Ready,
        };
        let keeper = [crate::demo::Demo::new(first.clone(), Vec::new(), environment).0];
        let mut second = asks();
        assert_eq!(
            super::read_into(&mut second, "?seed=5&exponent=4", &keeper, "url-state"),
            [
                "url-state is not read: another demo on this page keeps the page's address in \
                 step already, and a page has one address"
            ]
        );
        assert!(!second.display.url_state, "it does not write the address");
        assert_ne!(second.params.map.seed, 5, "nor read it");
        let mut neither = crate::settings::DemoConfig::default();
        assert!(super::read_into(&mut neither, "?seed=5", [], "url-state").is_empty());
        assert_ne!(neither.params.map.seed, 5);
    }

    #[test]
    fn someone_elses_keys_stay_in_the_address_and_ours_are_written_anew() {
        assert_eq!(
            super::with_others(
                "?p=123&seed=4&utm_source=x&Seed=5&2.octaves=3&ui.seed=1&stage=done",
                "algorithm=perlin-noise&seed=7"
            ),
            "p=123&utm_source=x&ui.seed=1&algorithm=perlin-noise&seed=7"
        );
        assert_eq!(super::with_others("", "seed=7"), "seed=7");
        assert_eq!(
            super::with_others("?Compare=perlin-noise,value-noise&seed=4", "seed=7"),
            "Compare=perlin-noise,value-noise&seed=7",
            "the slip stays until it is put right, as its notice says"
        );
        assert_eq!(
            super::with_others("?snippet=%3Cdiv%3E", ""),
            "snippet=%3Cdiv%3E"
        );
    }

    use super::*;

    /// A reader's changes at the times `wanted` (milliseconds from 0,
    /// ascending), with the shell's timers: the times and queries of the
    /// address's changes.
    fn drive(wanted: &[u32]) -> Vec<(u32, String)> {
        let mut bar = AddressBar::default();
        let mut written = Vec::new();
        let mut rest_ends: Option<u32> = None;
        let mut write = |at: u32, query: Option<String>, rest_ends: &mut Option<u32>| {
            *rest_ends = None;
            if let Some(query) = query {
                written.push((at, query));
                *rest_ends = Some(at + ADDRESS_INTERVAL_MS);
            }
        };
        for &at in wanted {
            while let Some(end) = rest_ends.filter(|&end| end <= at) {
                let query = bar.rested();
                write(end, query, &mut rest_ends);
            }
            match bar.want(format!("move={at}")) {
                Some(query) => write(at, Some(query), &mut rest_ends),
                None => assert!(rest_ends.is_some(), "a query waits only for a rest"),
            }
        }
        while let Some(end) = rest_ends {
            let query = bar.rested();
            write(end, query, &mut rest_ends);
        }
        written
    }

    #[test]
    fn a_lone_change_is_written_at_once() {
        assert_eq!(drive(&[5]), [(5, "move=5".to_owned())]);
        assert_eq!(
            drive(&[0, 400]),
            [(0, "move=0".to_owned()), (400, "move=400".to_owned())],
            "one interval later, the address has rested"
        );
    }

    #[test]
    fn changes_during_a_rest_wait_and_only_the_last_lands() {
        assert_eq!(
            drive(&[0, 100, 200, 300]),
            [(0, "move=0".to_owned()), (350, "move=300".to_owned())]
        );
        assert_eq!(
            drive(&[0, 100, 360]),
            [
                (0, "move=0".to_owned()),
                (350, "move=100".to_owned()),
                (700, "move=360".to_owned())
            ],
            "a change just after a delayed one waits a whole interval again"
        );
    }

    #[test]
    fn a_long_drag_changes_the_address_at_most_once_an_interval_and_ends_on_its_last_move() {
        // Two seconds of moves, one a frame.
        let moves: Vec<u32> = (0..120).map(|frame| frame * 16 + 3).collect();
        let written = drive(&moves);
        let last = *moves.last().expect("moves");
        assert_eq!(
            written.last().map(|(_, query)| query.clone()),
            Some(format!("move={last}"))
        );
        assert!(
            written
                .windows(2)
                .all(|pair| pair[1].0 - pair[0].0 >= ADDRESS_INTERVAL_MS),
            "{written:?}"
        );
        let span = written.last().map_or(0, |(at, _)| *at);
        assert!(written.len() as u32 <= span / ADDRESS_INTERVAL_MS + 1);
        assert_eq!(written.len(), 7, "at 3, 353, … 2103 ms: {written:?}");
    }
}
