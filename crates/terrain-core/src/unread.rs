//! Why a setting that was given is not read: its algorithm has no such
//! setting (octaves on diamond-square), or another choice turns it off
//! (talus without thermal erosion). Embeds and addresses say so, so that
//! nothing a person wrote is dropped without a word; the JavaScript
//! functions check such an option and ignore it, as documented.

use crate::error::Error;
use crate::generators::ALGORITHM;
use crate::params::{Algorithm, Field, Params};
use crate::registry::fields;
use crate::spec::{Kind, Spec, Surface};

/// A setting the parameters do not read, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// The algorithm has no such setting.
    Algorithm {
        /// The setting.
        field: Field,
        /// The algorithm without it.
        algorithm: Algorithm,
    },
    /// Another setting's choice turns it on: `choice` set to `name`.
    OnlyWith {
        /// The setting.
        field: Field,
        /// The choice that turns it on (erosion, shape).
        choice: Field,
        /// The choice's value that does.
        name: &'static str,
    },
}

impl Unread {
    /// Why `params` do not read `field`, or `None` if they do. The
    /// choices are tried in the registry's order, so the first that turns
    /// the setting on is named (`erosion=droplets` for `inertia`, which
    /// `trace` reads too).
    pub fn of(params: &Params, field: Field) -> Option<Self> {
        let reads = |params: &Params| (field.parameter().applies)(params);
        if reads(params) {
            return None;
        }
        let choices = fields().filter_map(|choice| match choice.spec().kind {
            Kind::Choice(names) if *choice.spec() != ALGORITHM => Some((choice, names)),
            _ => None,
        });
        let with = choices
            .flat_map(|(choice, names)| names.iter().map(move |&name| (choice, name)))
            .find(|&(choice, name)| {
                // A choice's own name is always one of its values.
                let mut with = *params;
                choice.spec().parse(name).is_ok_and(|value| {
                    (choice.parameter().set)(&mut with, &value);
                    reads(&with)
                })
            });
        Some(match with {
            Some((choice, name)) => Self::OnlyWith {
                field,
                choice,
                name,
            },
            None => Self::Algorithm {
                field,
                algorithm: params.algorithm,
            },
        })
    }

    /// The setting not read.
    pub fn field(self) -> Field {
        match self {
            Self::Algorithm { field, .. } | Self::OnlyWith { field, .. } => field,
        }
    }

    /// The sentence, `name` naming the setting as it was given
    /// (`URL parameter 2.talus`), and `write(choice, value)` writing the
    /// choice that turns it on as that surface does (`2.erosion=thermal`).
    pub fn describe(self, name: &str, write: impl Fn(&Spec, &str) -> String) -> String {
        match self {
            Self::Algorithm { field, algorithm } => format!(
                "{name} is not read: {} has no {}",
                algorithm.title(),
                field.spec().label
            ),
            Self::OnlyWith {
                choice, name: on, ..
            } => {
                format!("{name} is read only with {}", write(choice.spec(), on))
            }
        }
    }

    /// [`Unread::describe`] for a setting given on `surface`:
    /// `data-talus is read only with data-erosion="thermal"`.
    pub fn describe_on(self, surface: Surface) -> String {
        let name = self.field().spec().name_on(surface);
        self.describe(&name, |choice, value| match surface {
            Surface::Url => format!("{}={value}", choice.option),
            Surface::Attribute | Surface::Element => {
                format!("{}=\"{value}\"", choice.attribute_on(surface))
            }
            Surface::Option => format!("{}: \"{value}\"", choice.option),
            Surface::Control => format!("{} set to {value}", choice.title),
        })
    }
}

impl Params {
    /// Whether these parameters read the setting `spec`: a map parameter
    /// that applies to them, or any other setting (the stage, a display
    /// setting), which every map reads.
    pub fn reads(&self, spec: &Spec) -> bool {
        fields()
            .find(|field| field.spec() == spec)
            .is_none_or(|field| (field.parameter().applies)(self))
    }
}

/// Each of `errors`, then each of `unread`, as `surface` says them, with
/// the setting each is about (none for an error about no one setting).
pub(crate) fn said_on<'a>(
    errors: impl Iterator<Item = &'a Error> + 'a,
    unread: &'a [Unread],
    surface: Surface,
) -> impl Iterator<Item = (Option<&'static Spec>, String)> + 'a {
    let refused = errors.map(move |error| (error.spec(), error.describe_on(surface)));
    let unread = (unread.iter()).map(move |unread| {
        let spec = unread.field().spec();
        (Some(spec), unread.describe_on(surface))
    });
    refused.chain(unread)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reading, ValidParams};

    fn reading(given: &[(&str, &str)]) -> Reading {
        Params::read(|spec| {
            Ok(given
                .iter()
                .find(|(option, _)| *option == spec.option)
                .map(|(_, text)| (*text).to_owned()))
        })
    }

    fn said(given: &[(&str, &str)]) -> Vec<String> {
        reading(given)
            .unread
            .iter()
            .map(|unread| unread.describe_on(Surface::Url))
            .collect()
    }

    #[test]
    fn a_setting_given_and_not_read_is_named_with_why() {
        assert_eq!(
            said(&[("algorithm", "diamond-square"), ("octaves", "3")]),
            ["URL parameter octaves is not read: Diamond-square has no octaves"]
        );
        assert_eq!(
            said(&[("algorithm", "perlin-noise"), ("talus", "2")]),
            ["URL parameter talus is read only with erosion=thermal"]
        );
        assert_eq!(
            said(&[("algorithm", "perlin-noise"), ("ridgeOffset", "0.5")]),
            ["URL parameter ridgeOffset is read only with shape=ridged-multifractal"]
        );
        assert_eq!(
            said(&[("algorithm", "simplex-noise"), ("fade", "linear")]),
            ["URL parameter fade is not read: Simplex noise has no fade"]
        );
        // Read by a choice the same reading makes, in any order.
        assert!(
            said(&[
                ("talus", "2"),
                ("algorithm", "value-noise"),
                ("erosion", "thermal")
            ])
            .is_empty()
        );
        assert!(said(&[("algorithm", "perlin-noise"), ("octaves", "3")]).is_empty());
    }

    #[test]
    fn a_bad_value_of_a_setting_not_read_is_still_an_error_for_the_functions() {
        // The JavaScript functions check what they ignore; embeds and
        // addresses say it is not read instead (see `Reading::heeded`).
        let reading = reading(&[("algorithm", "diamond-square"), ("octaves", "junk")]);
        assert_eq!(reading.errors.len(), 1);
        assert_eq!(reading.heeded().count(), 0);
        assert_eq!(reading.unread.len(), 1);
        assert_eq!(reading.unread[0].field(), Field::OCTAVES);
    }

    #[test]
    fn each_surface_writes_the_choice_as_it_is_given_there() {
        let talus = Unread::of(&ValidParams::default(), Field::TALUS).expect("not read");
        assert_eq!(
            talus.describe_on(Surface::Attribute),
            "data-talus is read only with data-erosion=\"thermal\""
        );
        assert_eq!(
            talus.describe_on(Surface::Element),
            "talus is read only with erosion=\"thermal\""
        );
        assert_eq!(
            talus.describe("URL parameter 2.talus", |choice, value| format!(
                "2.{}={value}",
                choice.option
            )),
            "URL parameter 2.talus is read only with 2.erosion=thermal"
        );
    }
}
