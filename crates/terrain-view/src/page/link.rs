//! Demos linked by `data-link` share one seed: a Refresh or a typed seed
//! on one gives it to all, and a demo joining the link takes its seed.

use super::{Page, PageEffect};
use crate::demo::{Demo, Input};
use crate::settings::DemoConfig;

/// The seed of a link, and whether an attribute gave it (rather than
/// chance, which any given seed overrules).
#[derive(Debug, Clone, Copy)]
pub(super) struct LinkSeed {
    pub seed: u64,
    pub given: bool,
}

impl Page {
    /// The seed of the demos linked as `link`, other than demo `index`.
    pub(super) fn link_seed(&self, link: &str, index: usize) -> Option<LinkSeed> {
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
    pub(super) fn share_seed(&mut self, index: usize, seed: u64, out: &mut Vec<PageEffect>) {
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
}

/// Whether a demo about to be mounted with `config` gives the link whose
/// seed is `link_seed` its own seed (the caller shares it) rather than
/// taking the link's. A seed given to the demo overrules chance, but not
/// a seed given to one before it: then the first given stands, and
/// `problems` tells the demo why its own is not used.
pub(super) fn join(
    config: &mut DemoConfig,
    link_seed: Option<LinkSeed>,
    problems: &mut Vec<String>,
) -> bool {
    let (Some(link), Some(LinkSeed { seed, given })) = (&config.display.link, link_seed) else {
        return false;
    };
    let own = config.params.map.seed;
    if config.seed_given && given && own != seed {
        problems.push(format!(
            "data-seed {own} is not used: the demos linked as {link:?} share one seed, \
             and one before this one was given {seed}"
        ));
        config.seed_given = false;
    }
    config.seed_given
}
