//! Demos linked by `data-link` share one seed: a Refresh or a typed seed
//! on one gives it to all, and a demo joining the link takes its seed
//! (the [`Page`](crate::page::Page) shares it).

use crate::settings::DemoConfig;

/// The seed of a link, and whether an attribute gave it (rather than
/// chance, which any given seed overrules).
#[derive(Debug, Clone, Copy)]
pub struct LinkSeed {
    /// The seed the linked demos show.
    pub seed: u64,
    /// Whether one of them was given it in an attribute.
    pub given: bool,
}

/// Whether a demo about to be mounted with `config` gives the link whose
/// seed is `link_seed` its own seed (the caller shares it) rather than
/// taking the link's. A seed given to the demo overrules chance, but not
/// a seed given to one before it: then the first given stands, and
/// `problems` tells the demo why its own is not used.
pub fn join(
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
