//! The controls: which ones a demo has, the text typed into them, and
//! what an edit, an arrow key or a new algorithm asks of the settings.
//! Text that means the current value stays as typed (so "0.30" is not
//! rewritten as "0.3" under the reader's fingers), and refused text stays
//! with its message while the last good settings go on.

use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Spec, Surface, Value};
use terrain_core::{Algorithm, Field, Params, ValidParams};

use super::input::Key;
use crate::settings::{Controls, DemoConfig, Setting, control_message, refuse_in_control};

/// The controls a demo configured so has, in order: for the articles'
/// demos the numbers their algorithm and erosion read; for the
/// playground, the algorithm, every parameter (those the map ignores are
/// hidden), and how the map is shown.
pub(super) fn control_keys(config: &DemoConfig) -> Vec<Key> {
    let numeric = |spec: &Spec| matches!(spec.kind, Kind::Whole { .. } | Kind::Number { .. });
    let params = fields()
        .filter(|field| field.spec().surfaces.control)
        .map(|field| (Key::Param(field), field.spec()));
    match config.display.controls {
        Controls::None => Vec::new(),
        // The articles' demos cannot change algorithm or erosion, so
        // they get only the numbers theirs read.
        Controls::Compact => params
            .filter(|(key, spec)| {
                numeric(spec)
                    && matches!(key, Key::Param(field)
                        if (field.parameter().applies)(&config.params))
            })
            .map(|(key, _)| key)
            .collect(),
        Controls::Full => {
            let displays = Setting::ALL
                .into_iter()
                .filter(|setting| setting.entry().spec.surfaces.control)
                .map(|setting| (Key::Display(setting), setting.entry().spec));
            params.chain(displays).map(|(key, _)| key).collect()
        }
    }
}

/// The canonical text of a control's value.
pub(super) fn text_of(config: &DemoConfig, key: Key) -> String {
    key.spec().show(&value_of(key, config))
}

/// A new algorithm: the parameters the reader left at the old one's
/// defaults follow the new one's; values they chose stay, and so do the
/// map's size and seed.
pub(super) fn switch_algorithm(old: &ValidParams, algorithm: Algorithm) -> ValidParams {
    let old_defaults = Params::new(old.algorithm);
    let mut params = ValidParams::new(algorithm);
    let kept = |field: Field| field == Field::EXPONENT || field == Field::SEED;
    for field in fields().filter(|&field| field != Field::ALGORITHM) {
        let value = old.get(field);
        if kept(field) || value != old_defaults.get(field) {
            // A value the old parameters held is in its range.
            params = params.with_value(field, &value).unwrap_or(params);
        }
    }
    params
}

/// What an edit asks of the settings.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Edit {
    /// Nothing: the text was refused, or means what is already set.
    Nothing,
    /// New parameters (boxed: they are many, the other answers small).
    Params(Box<ValidParams>),
    /// A display setting takes this value.
    Display(Setting, Value),
}

/// Text typed into controls, with its refusal if it was refused, and the
/// field whose typing waits to rest before it is taken.
#[derive(Debug, Clone, Default)]
pub(super) struct TypedText {
    typed: Vec<(Key, String, Option<Refusal>)>,
    /// The field whose good text waits, and its round.
    resting: Option<(Key, u32)>,
    /// Counts keys typed, so a rest asked for before the last key is
    /// ignored.
    round: u32,
}

/// Why typed text was refused, and the value its control held then.
#[derive(Debug, Clone)]
struct Refusal {
    message: String,
    over: Value,
}

/// The value control `key` sets, under the settings `config`.
fn value_of(key: Key, config: &DemoConfig) -> Value {
    match key {
        Key::Param(field) => config.params.get(field),
        Key::Display(setting) => (setting.entry().get)(&config.display),
    }
}

impl TypedText {
    /// What control `key` shows instead of its value's canonical text:
    /// the text typed, and why it was refused, if it was.
    pub(super) fn shown(&self, key: Key) -> Option<(&str, Option<&str>)> {
        self.typed
            .iter()
            .find(|(typed, ..)| *typed == key)
            .map(|(_, text, refusal)| {
                let message = refusal.as_ref().map(|refusal| refusal.message.as_str());
                (text.as_str(), message)
            })
    }

    /// Control `key` now says `text`, over the settings `config`.
    /// A change the reader makes (here or with Refresh) also takes away
    /// the refusals of other controls: they have moved on.
    pub(super) fn edit(&mut self, key: Key, text: String, config: &DemoConfig) -> Edit {
        let edit = self.read(key, text, config);
        if edit != Edit::Nothing {
            self.forget_refusals();
        }
        edit
    }

    /// A key typed into field `key`, which now says `text`: the text is
    /// shown, and refused now if it must be; a good one waits for the
    /// typing to rest. Returns the round of the rest to ask for, if it
    /// waits. (Typing into another field first takes the waiting one:
    /// [`TypedText::take_resting`].)
    pub(super) fn type_in(&mut self, key: Key, text: String, config: &DemoConfig) -> Option<u32> {
        let waits = self.read(key, text, config) != Edit::Nothing;
        self.round = self.round.wrapping_add(1);
        self.resting = waits.then_some((key, self.round));
        waits.then_some(self.round)
    }

    /// The field whose text waits to rest, if one does.
    pub(super) fn resting_key(&self) -> Option<Key> {
        self.resting.map(|(key, _)| key)
    }

    /// The typing of round `round` rested: what its text asks, if it is
    /// still the last typed.
    pub(super) fn rested(&mut self, round: u32, config: &DemoConfig) -> Edit {
        match self.resting {
            Some((_, last)) if last == round => self.take_resting(config),
            _ => Edit::Nothing,
        }
    }

    /// What the waiting text asks now, without waiting further: the
    /// reader did something else.
    pub(super) fn take_resting(&mut self, config: &DemoConfig) -> Edit {
        let Some((key, _)) = self.resting.take() else {
            return Edit::Nothing;
        };
        match self.shown(key) {
            Some((text, _)) => {
                let text = text.to_owned();
                self.edit(key, text, config)
            }
            None => Edit::Nothing,
        }
    }

    /// Takes away every refused text and its message.
    pub(super) fn forget_refusals(&mut self) {
        self.typed.retain(|(.., refusal)| refusal.is_none());
    }

    /// What control `key` saying `text` asks of the settings `config`.
    fn read(&mut self, key: Key, text: String, config: &DemoConfig) -> Edit {
        self.typed.retain(|(typed, ..)| *typed != key);
        let refused = |message| {
            Some(Refusal {
                message,
                over: value_of(key, config),
            })
        };
        match key {
            Key::Param(field) if field == Field::ALGORITHM => match text.parse() {
                Ok(algorithm) => {
                    Edit::Params(Box::new(switch_algorithm(&config.params, algorithm)))
                }
                Err(_) => Edit::Nothing,
            },
            Key::Param(field) => match config.params.with_text(field, &text) {
                Err(error) => {
                    self.typed
                        .push((key, text, refused(control_message(&error))));
                    Edit::Nothing
                }
                Ok(params) => {
                    self.typed.push((key, text, None));
                    if params == config.params {
                        Edit::Nothing
                    } else {
                        Edit::Params(Box::new(params))
                    }
                }
            },
            Key::Display(setting) => {
                let entry = setting.entry();
                match entry.spec.parse_on(Surface::Control, &text) {
                    // Kept as typed, as a parameter's text is: "1." is
                    // on its way to "1.5", not to be shown back as "1".
                    Ok(value) => {
                        self.typed.push((key, text, None));
                        if value == value_of(key, config) {
                            Edit::Nothing
                        } else {
                            Edit::Display(setting, value)
                        }
                    }
                    Err(refusal) => {
                        self.typed.push((
                            key,
                            text,
                            refused(refuse_in_control(entry.spec, &refusal)),
                        ));
                        Edit::Nothing
                    }
                }
            }
        }
    }

    /// An arrow key in field `key`: one step up (1) or down (-1) from what
    /// the field says, if that is a value (a field showing refused text
    /// does not step).
    pub(super) fn step(&mut self, key: Key, direction: f64, config: &DemoConfig) -> Edit {
        let spec = key.spec();
        let current = match self.shown(key) {
            Some((text, _)) => match spec.parse(text) {
                Ok(value) => value,
                Err(_) => return Edit::Nothing,
            },
            None => value_of(key, config),
        };
        match spec.stepped(&current, direction) {
            Some(next) => self.edit(key, spec.show(&next), config),
            None => Edit::Nothing,
        }
    }

    /// A new map came, under the settings `config`: values set elsewhere
    /// (Refresh, a linked demo) win over typing, so text that still means
    /// its control's value stays, and refused text stays with its
    /// message while its control's value is the one it was typed over. A
    /// map that lands while someone types never rewrites their field.
    pub(super) fn settle(&mut self, config: &DemoConfig) {
        let resting = self.resting_key();
        self.typed.retain(|(key, text, refusal)| match refusal {
            // Text waiting for its rest is not yet the value.
            None if Some(*key) == resting => true,
            Some(refusal) => refusal.over == value_of(*key, config),
            None => key.spec().parse(text).ok() == Some(value_of(*key, config)),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Display;
    use terrain_core::MapSettings;

    fn config(controls: Controls) -> DemoConfig {
        DemoConfig {
            params: Params {
                map: MapSettings::new(5, 7),
                ..Params::new(Algorithm::DIAMOND_SQUARE)
            }
            .check()
            .expect("valid"),
            stage: terrain_core::Stage::Done,
            display: Display {
                controls,
                ..Display::default()
            },
            seed_given: true,
        }
    }

    const SPREAD: Key = Key::Param(Field::SPREAD);

    #[test]
    fn text_meaning_the_value_is_kept_as_typed_and_a_same_value_asks_nothing() {
        let config = config(Controls::Full);
        let mut typed = TypedText::default();
        let same = config.params.text(Field::SPREAD);
        assert_eq!(
            typed.edit(SPREAD, format!("{same}0"), &config),
            Edit::Nothing
        );
        assert_eq!(
            typed.shown(SPREAD),
            Some((format!("{same}0").as_str(), None))
        );
        let Edit::Params(params) = typed.edit(SPREAD, "0.25".into(), &config) else {
            panic!("a new spread is new parameters");
        };
        assert_eq!(params.subdivision.spread, 0.25);
        assert_eq!(typed.shown(SPREAD), Some(("0.25", None)));
    }

    #[test]
    fn refused_text_stays_with_its_message_and_does_not_step() {
        let config = config(Controls::Full);
        let mut typed = TypedText::default();
        assert_eq!(typed.edit(SPREAD, "lots".into(), &config), Edit::Nothing);
        let (text, error) = typed.shown(SPREAD).expect("kept");
        assert_eq!(text, "lots");
        assert!(
            error.is_some_and(|error| error.contains("lots")),
            "{error:?}"
        );
        assert_eq!(typed.step(SPREAD, 1.0, &config), Edit::Nothing);
        typed.settle(&config);
        assert_eq!(
            typed.shown(SPREAD).map(|(text, _)| text),
            Some("lots"),
            "a map from the same settings leaves it"
        );
        let mut moved = config.clone();
        moved.params = config
            .params
            .with_text(Field::SPREAD, "0.25")
            .expect("a spread");
        typed.settle(&moved);
        assert_eq!(
            typed.shown(SPREAD),
            None,
            "a spread set elsewhere clears it"
        );
    }

    #[test]
    fn an_arrow_key_steps_from_what_the_field_says() {
        let config = config(Controls::Full);
        let mut typed = TypedText::default();
        let exponent = Key::Param(Field::EXPONENT);
        let Edit::Params(up) = typed.step(exponent, 1.0, &config) else {
            panic!("a step up");
        };
        assert_eq!(up.map.exponent, 6);
        assert_eq!(typed.shown(exponent), Some(("6", None)));
        let Edit::Params(further) = typed.step(exponent, 1.0, &config) else {
            panic!("a second step, from the typed 6");
        };
        assert_eq!(further.map.exponent, 7);
    }

    #[test]
    fn a_display_edit_asks_for_its_value_and_a_bad_one_is_refused() {
        let config = config(Controls::Full);
        let mut typed = TypedText::default();
        let view = Key::Display(Setting::View);
        assert!(matches!(
            typed.edit(view, "2d".into(), &config),
            Edit::Display(Setting::View, _)
        ));
        assert_eq!(typed.edit(view, "sideways".into(), &config), Edit::Nothing);
        assert!(typed.shown(view).is_some_and(|(_, error)| error.is_some()));
    }

    #[test]
    fn a_display_number_is_kept_as_typed_on_its_way_to_a_decimal() {
        let config = config(Controls::Full);
        let mut typed = TypedText::default();
        let relief = Key::Display(Setting::Relief);
        assert_eq!(typed.edit(relief, "1.".into(), &config), Edit::Nothing);
        assert_eq!(typed.shown(relief), Some(("1.", None)), "the point stays");
        assert!(matches!(
            typed.edit(relief, "1.5".into(), &config),
            Edit::Display(Setting::Relief, Value::Number(1.5))
        ));
        assert_eq!(typed.shown(relief), Some(("1.5", None)));
    }

    #[test]
    fn a_new_algorithm_keeps_the_size_the_seed_and_chosen_values() {
        let mut params = *config(Controls::Full).params;
        params.subdivision.spread = 0.9;
        let old = params.check().expect("valid");
        let new = switch_algorithm(&old, Algorithm::MIDPOINT_DISPLACEMENT);
        assert_eq!(new.algorithm, Algorithm::MIDPOINT_DISPLACEMENT);
        assert_eq!((new.map.exponent, new.map.seed), (5, 7));
        assert_eq!(new.subdivision.spread, 0.9, "a chosen value stays");
        let defaults = ValidParams::new(Algorithm::MIDPOINT_DISPLACEMENT);
        assert_eq!(
            new.subdivision.spread_reduction, defaults.subdivision.spread_reduction,
            "a default follows the new algorithm's"
        );
    }

    #[test]
    fn each_level_of_controls_has_its_keys() {
        assert!(control_keys(&config(Controls::None)).is_empty());
        let basic = control_keys(&config(Controls::Compact));
        assert!(basic.contains(&SPREAD));
        assert!(!basic.contains(&Key::Param(Field::ALGORITHM)));
        assert!(basic.iter().all(|key| matches!(key, Key::Param(_))));
        let full = control_keys(&config(Controls::Full));
        assert!(full.contains(&Key::Param(Field::ALGORITHM)));
        assert!(full.contains(&Key::Display(Setting::View)));
    }
}
