//! How a setting is spelled, what it accepts, and how its text is read.
//!
//! Every setting a person can give, a map parameter in [`crate::registry`]
//! or a way of showing it in the web layer, is described by one [`Spec`]:
//! its names on every surface (the JavaScript API and URLs, embed
//! attributes, the pages' labels), its kind and range, and a line of help.
//! Readers of every surface go through [`Spec::parse`], so a value means
//! the same and is refused with the same words wherever it is typed.

use std::fmt::{self, Write as _};

/// What values a setting takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// A whole number from `min` to `max`.
    Whole {
        /// The smallest allowed.
        min: u64,
        /// The largest allowed.
        max: u64,
    },
    /// A finite number from `min` to `max`.
    Number {
        /// The smallest allowed.
        min: f64,
        /// The largest allowed.
        max: f64,
    },
    /// On or off.
    Switch,
    /// One of a few names.
    Choice(&'static [&'static str]),
    /// A name of 1 to `max_chars` characters (surrounding white space is
    /// not part of it).
    Name {
        /// The longest allowed.
        max_chars: usize,
    },
    /// On or off, or one of a few more names: `true`, `false`, `none`,
    /// `compact` or `full`.
    SwitchOr(&'static [&'static str]),
    /// A stage of the algorithm: which ones exist depends on the algorithm
    /// and the exponent, so `Stage::from_str` and `Params::check_stage`
    /// read it; [`Spec::parse`] only trims it.
    Stage,
}

/// A value of some [`Kind`].
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Of [`Kind::Whole`].
    Whole(u64),
    /// Of [`Kind::Number`].
    Number(f64),
    /// Of [`Kind::Switch`].
    Switch(bool),
    /// Of [`Kind::Choice`]: the index of the name.
    Choice(usize),
    /// Of [`Kind::Name`].
    Name(String),
}

impl Value {
    /// The whole number, or 0 for another kind.
    pub fn whole(&self) -> u64 {
        match self {
            Value::Whole(value) => *value,
            _ => 0,
        }
    }

    /// The number (a whole number as one too), or 0 for another kind.
    pub fn number(&self) -> f64 {
        match self {
            Value::Number(value) => *value,
            Value::Whole(value) => *value as f64,
            _ => 0.0,
        }
    }

    /// The switch, or false for another kind.
    pub fn switch(&self) -> bool {
        matches!(self, Value::Switch(true))
    }

    /// The choice's index, or 0 for another kind.
    pub fn choice(&self) -> usize {
        match self {
            Value::Choice(index) => *index,
            _ => 0,
        }
    }
}

/// Which surfaces take a setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Surfaces {
    /// A `data-*` attribute of an embedded demo.
    pub attribute: bool,
    /// A key of a shared link's query.
    pub url: bool,
    /// An option of the JavaScript `generate()`.
    pub generate: bool,
    /// An option of the JavaScript `erode()`.
    pub erode: bool,
    /// A control on a demo with controls.
    pub control: bool,
}

impl Surfaces {
    /// Every surface but `erode()`: a map parameter.
    pub const MAP: Surfaces = Surfaces {
        attribute: true,
        url: true,
        generate: true,
        erode: false,
        control: true,
    };
    /// Every surface but `generate()`: an erosion parameter.
    pub const EROSION: Surfaces = Surfaces {
        attribute: true,
        url: true,
        generate: false,
        erode: true,
        control: true,
    };
    /// Attributes, links and controls, not the JavaScript functions: a
    /// parameter of the demos only.
    pub const PAGE: Surfaces = Surfaces {
        attribute: true,
        url: true,
        generate: false,
        erode: false,
        control: true,
    };
    /// Attributes, links and controls: how a demo shows its map.
    pub const DISPLAY: Surfaces = Surfaces {
        attribute: true,
        url: true,
        generate: false,
        erode: false,
        control: true,
    };
    /// An embed attribute only.
    pub const ATTRIBUTE: Surfaces = Surfaces {
        attribute: true,
        url: false,
        generate: false,
        erode: false,
        control: false,
    };
}

/// One place a setting can be given, for the words its messages use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// An embed attribute: `data-spread-reduction must be…`.
    Attribute,
    /// An attribute of the `<terrain-demo>` element: the embed attribute
    /// without its `data-` prefix, `spread-reduction must be…` (see
    /// [`Spec::element_attribute`]).
    Element,
    /// A shared link's query: `URL parameter spreadReduction must be…`.
    Url,
    /// An option of a JavaScript function: `spreadReduction must be…`.
    Option,
    /// A control on the page: `Spread reduction must be…`.
    Control,
}

/// One setting, described once for every surface.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The words in messages: `spread reduction`.
    pub label: &'static str,
    /// The label of its control: `Spread reduction`.
    pub title: &'static str,
    /// The JavaScript option and the URL key: `spreadReduction`.
    pub option: &'static str,
    /// The embed attribute: `data-spread-reduction`.
    pub attribute: &'static str,
    /// One line of help, shown under its control.
    pub help: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// How far an arrow key or a slider's notch moves it.
    pub step: f64,
    /// Where it can be given.
    pub surfaces: Surfaces,
}

// Two specs are the same setting when they have the same name; the rest
// follows from the name.
impl PartialEq for Spec {
    fn eq(&self, other: &Self) -> bool {
        self.option == other.option
    }
}

impl Eq for Spec {}

/// Why a text was refused, before the setting's name is put to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Nothing but white space.
    Empty,
    /// Not a value of the kind, or out of its range: the value as quoted
    /// back to the reader.
    Invalid(String),
}

/// The longest piece of a bad value quoted back in a message.
const MAX_QUOTED_CHARS: usize = 40;

/// `text` as messages quote it: shortened and escaped (Rust's `Debug`
/// quoting), so that neither a huge paste nor markup can make a message
/// unreadable.
pub fn quote(text: &str) -> String {
    let mut quoted: String = text.chars().take(MAX_QUOTED_CHARS).collect();
    if quoted.len() < text.len() {
        quoted.push('…');
    }
    format!("{quoted:?}")
}

impl Spec {
    /// What the setting accepts, in words, for messages: `a number from 0
    /// to 2`.
    pub fn allowed(&self) -> String {
        match self.kind {
            Kind::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Number { min, max } => format!("a number from {min} to {max}"),
            Kind::Switch => "true or false".to_owned(),
            Kind::Choice(names) => format!("one of {}", names.join(", ")),
            Kind::Name { max_chars } => format!("a name of 1 to {max_chars} characters"),
            Kind::SwitchOr(names) => listed(&[&["true", "false"], names].concat()),
            Kind::Stage => {
                "a stage name such as corners, square, pass-2, octave-3 or done".to_owned()
            }
        }
    }

    /// Whether a bare attribute or URL key (given with no value) means on:
    /// as with HTML's own boolean attributes.
    pub fn bare_means_on(&self) -> bool {
        matches!(self.kind, Kind::Switch | Kind::SwitchOr(_))
    }

    /// The setting's attribute on a `<terrain-demo>` element: its embed
    /// attribute without the `data-` prefix (`spread-reduction`), except
    /// for the one that names the algorithm, `data-terrain-demo`, which the
    /// element's own name already says: there it is `algorithm`, its
    /// option's name.
    pub fn element_attribute(&self) -> &'static str {
        match self.attribute.strip_prefix("data-") {
            Some("terrain-demo") | None => self.option,
            Some(name) => name,
        }
    }

    /// The setting's attribute on `surface`: a `data-*` attribute, or the
    /// element's (for any other surface, the `data-*` one).
    pub fn attribute_on(&self, surface: Surface) -> &'static str {
        match surface {
            Surface::Element => self.element_attribute(),
            Surface::Attribute | Surface::Url | Surface::Option | Surface::Control => {
                self.attribute
            }
        }
    }

    /// The setting's name on `surface`.
    pub fn name_on(&self, surface: Surface) -> String {
        match surface {
            Surface::Attribute => self.attribute.to_owned(),
            Surface::Element => self.element_attribute().to_owned(),
            Surface::Url => format!("URL parameter {}", self.option),
            Surface::Option => self.option.to_owned(),
            Surface::Control => self.title.to_owned(),
        }
    }

    /// What the setting accepts on `surface`, in words.
    pub fn allowed_on(&self, surface: Surface) -> String {
        let allowed = self.allowed();
        if self.bare_means_on()
            && matches!(
                surface,
                Surface::Attribute | Surface::Element | Surface::Url
            )
        {
            format!("{allowed} (empty means true)")
        } else {
            allowed
        }
    }

    /// A value as `surface` reads it: [`Spec::parse`]d and in range
    /// ([`Spec::check`]); a bare switch on an attribute or in a URL is on.
    pub fn parse_on(&self, surface: Surface, text: &str) -> Result<Value, Refusal> {
        if self.bare_means_on()
            && matches!(
                surface,
                Surface::Attribute | Surface::Element | Surface::Url
            )
            && text.trim().is_empty()
        {
            return Ok(Value::Switch(true));
        }
        let value = self.parse(text)?;
        self.check(&value)?;
        Ok(value)
    }

    /// The sentence refusing a value given on `surface`.
    pub fn refuse_on(&self, surface: Surface, refusal: &Refusal) -> String {
        describe_refusal(&self.name_on(surface), &self.allowed_on(surface), refusal)
    }

    /// Reads `text` as a value of this setting. Surrounding white space is
    /// ignored; a whole number may be written with a `+` or with zero
    /// decimals (`+5`, `5.0`). What is no number (or too big for 64 bits, or
    /// not finite) is refused here, quoting the text (`got "abc"`); a number
    /// that is not whole is refused here too, and a number outside the range
    /// by the range check ([`Spec::check`]), both saying the number as it is
    /// (`got 2.5`, `got 40`), on every surface.
    pub fn parse(&self, text: &str) -> Result<Value, Refusal> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(Refusal::Empty);
        }
        let invalid = || Refusal::Invalid(quote(trimmed));
        match self.kind {
            Kind::Whole { .. } => {
                let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
                // "5.0" is a whole number too, written as a reader may copy it.
                let digits = match digits.split_once('.') {
                    Some((whole, zeros)) if zeros.bytes().all(|byte| byte == b'0') => whole,
                    _ => digits,
                };
                if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
                    // A number, but not whole (2.5, -1), is said as numbers are.
                    return match trimmed.parse::<f64>() {
                        Ok(number)
                            if number.is_finite() && (number < 0.0 || number.fract() != 0.0) =>
                        {
                            Err(Refusal::Invalid(self.quoted(&Value::Number(number))))
                        }
                        _ => Err(invalid()),
                    };
                }
                // All digits, so the only failure left is overflow.
                digits.parse().map(Value::Whole).map_err(|_| invalid())
            }
            Kind::Number { .. } => match trimmed.parse::<f64>() {
                // +0.0 rather than -0.0, so "-0" reads back as "0".
                Ok(value) if value.is_finite() => Ok(Value::Number(value + 0.0)),
                _ => Err(invalid()),
            },
            Kind::Switch => parse_switch(trimmed).map(Value::Switch).ok_or_else(invalid),
            Kind::SwitchOr(names) => parse_switch(trimmed)
                .map(Value::Switch)
                .or_else(|| {
                    names
                        .iter()
                        .position(|name| name.eq_ignore_ascii_case(trimmed))
                        .map(Value::Choice)
                })
                .ok_or_else(invalid),
            Kind::Choice(names) => names
                .iter()
                .position(|name| name.eq_ignore_ascii_case(trimmed))
                .map(Value::Choice)
                .ok_or_else(invalid),
            Kind::Name { max_chars } if trimmed.chars().count() <= max_chars => {
                Ok(Value::Name(trimmed.to_owned()))
            }
            Kind::Name { .. } => Err(invalid()),
            Kind::Stage => Ok(Value::Name(trimmed.to_owned())),
        }
    }

    /// `Ok` if `value` is of this setting's kind and in its range; else the
    /// value as a message quotes it.
    pub fn check(&self, value: &Value) -> Result<(), Refusal> {
        let fits = match (self.kind, value) {
            (Kind::Whole { min, max }, Value::Whole(value)) => (min..=max).contains(value),
            // `contains` is false for NaN, so NaN is refused too.
            (Kind::Number { min, max }, Value::Number(value)) => (min..=max).contains(value),
            (Kind::Switch | Kind::SwitchOr(_), Value::Switch(_)) => true,
            (Kind::SwitchOr(names), Value::Choice(index)) => *index < names.len(),
            (Kind::Choice(names), Value::Choice(index)) => *index < names.len(),
            (Kind::Name { max_chars }, Value::Name(name)) => {
                !name.is_empty() && name.chars().count() <= max_chars
            }
            (Kind::Stage, Value::Name(name)) => !name.is_empty(),
            _ => false,
        };
        if fits {
            Ok(())
        } else {
            Err(Refusal::Invalid(self.quoted(value)))
        }
    }

    /// `value` as a message quotes it: as [`Spec::show`] writes it, but a
    /// number that would take over 20 characters (1e-300 written out is
    /// 300 digits) in its exponent form.
    pub fn quoted(&self, value: &Value) -> String {
        let shown = self.show(value);
        match value {
            Value::Number(number) if shown.len() > 20 => format!("{number:e}"),
            _ => shown,
        }
    }

    /// The text [`Spec::parse`] reads back as `value`: numbers in Rust's
    /// shortest form that reads back to the same `f64`, so a shared link
    /// gives the same heights bit for bit.
    pub fn show(&self, value: &Value) -> String {
        match value {
            Value::Whole(value) => value.to_string(),
            Value::Number(value) => value.to_string(),
            Value::Switch(on) => on.to_string(),
            Value::Choice(index) => match self.kind {
                Kind::Choice(names) | Kind::SwitchOr(names) => {
                    names.get(*index).copied().unwrap_or_default().to_owned()
                }
                _ => index.to_string(),
            },
            Value::Name(name) => name.clone(),
        }
    }

    /// The sentence refusing a value, naming the setting `name` (each
    /// surface has its own spelling: `spreadReduction`,
    /// `data-spread-reduction`, `Spread reduction`).
    pub fn refuse(&self, name: &str, refusal: &Refusal) -> String {
        describe_refusal(name, &self.allowed(), refusal)
    }

    /// Whether the setting has a slider next to its field: numbers, and
    /// whole numbers with a range a slider can cover notch by notch (not a
    /// seed).
    pub fn has_slider(&self) -> bool {
        match self.kind {
            Kind::Whole { min, max } => max - min <= 4096,
            Kind::Number { .. } => true,
            _ => false,
        }
    }

    /// The value an arrow key moves `current` to: one `step` up
    /// (`direction` 1) or down (-1), on the grid of steps, within range.
    pub fn stepped(&self, current: &Value, direction: f64) -> Option<Value> {
        match (self.kind, current) {
            (Kind::Whole { min, max }, Value::Whole(value)) => {
                // A field showing a refused number steps into the range.
                Some(Value::Whole(if direction > 0.0 {
                    value.saturating_add(1).clamp(min, max)
                } else {
                    value.saturating_sub(1).clamp(min, max)
                }))
            }
            (Kind::Number { min, max }, Value::Number(value)) => {
                let next = ((value / self.step).round() + direction) * self.step;
                Some(Value::Number(round_to_step(
                    next.clamp(min, max),
                    self.step,
                )))
            }
            _ => None,
        }
    }
}

/// `true`/`on`/`yes`/`1` or `false`/`off`/`no`/`0`, in any case.
fn parse_switch(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Some(true),
        "false" | "0" | "off" | "no" => Some(false),
        _ => None,
    }
}

/// `value` without the binary noise that stepping leaves (0.30000000000000004
/// becomes 0.3): rounded to the decimals of `step`, plus two.
fn round_to_step(value: f64, step: f64) -> f64 {
    let mut text = String::new();
    let decimals = step.to_string().split('.').nth(1).map_or(0, str::len) + 2;
    let _ = write!(text, "{value:.decimals$}");
    text.parse().unwrap_or(value)
}

/// `words` as a list in prose: `a`, `a or b`, `a, b or c`.
pub(crate) fn listed<S: AsRef<str>>(words: &[S]) -> String {
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_owned(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
    }
}

/// `{name} must be {allowed}; got {value}`, or, for an empty value,
/// `{name} is empty; enter {allowed}`: every refusal reads this way.
pub fn describe_refusal(name: &str, allowed: &str, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Empty => format!("{name} is empty; enter {allowed}"),
        Refusal::Invalid(value) => format!("{name} must be {allowed}; got {value}"),
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.label)
    }
}

/// Declares an enum of choices picked by name (in attributes, links, the
/// JavaScript API and menus), each variant followed by its name:
/// `Linear = "linear"`. Besides the enum it writes `ALL` (every choice, in
/// order: menus list them so, and the worker protocol sends a choice as
/// its place here), `NAMES` (their names, in the same order), `name()`
/// and `from_name()`, so that a choice's name is written once.
#[macro_export]
macro_rules! named_choices {
    (
        $(#[$meta:meta])*
        pub enum $choice:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $name:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        pub enum $choice {
            $($(#[$variant_meta])* $variant),+
        }

        impl $choice {
            /// Every choice, in order.
            pub const ALL: [$choice; [$($name),+].len()] = [$($choice::$variant),+];

            /// Every choice's name, in the order of `ALL`.
            pub const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];

            /// Its name in attributes, links and the JavaScript API.
            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// The choice called `name`, if any.
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.into_iter().find(|choice| choice.name() == name)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPREAD: Spec = Spec {
        label: "spread",
        title: "Starting spread",
        option: "spread",
        attribute: "data-spread",
        help: "",
        kind: Kind::Number { min: 0.0, max: 5.0 },
        step: 0.05,
        surfaces: Surfaces::MAP,
    };

    const EXPONENT: Spec = Spec {
        label: "exponent",
        title: "Exponent",
        option: "exponent",
        attribute: "data-exponent",
        help: "",
        kind: Kind::Whole { min: 1, max: 12 },
        step: 1.0,
        surfaces: Surfaces::MAP,
    };

    #[test]
    fn allowed_values_are_said_in_words() {
        assert_eq!(SPREAD.allowed(), "a number from 0 to 5");
        assert_eq!(EXPONENT.allowed(), "a whole number from 1 to 12");
        let palette = Spec {
            kind: Kind::Choice(&["terrain", "bands"]),
            ..SPREAD
        };
        assert_eq!(palette.allowed(), "one of terrain, bands");
    }

    #[test]
    fn text_is_read_trimmed_and_refused_with_a_quote() {
        assert_eq!(EXPONENT.parse(" +7 "), Ok(Value::Whole(7)));
        assert_eq!(EXPONENT.parse("7.0"), Ok(Value::Whole(7)));
        assert_eq!(EXPONENT.parse("7."), Ok(Value::Whole(7)));
        for (number, said) in [("7.5", "7.5"), ("-7", "-7"), (" -0.25 ", "-0.25")] {
            assert_eq!(
                EXPONENT.parse(number),
                Err(Refusal::Invalid(said.into())),
                "a number not whole is said as a number"
            );
        }
        for junk in [
            ".0",
            "+",
            "-0",
            "7e0",
            "0x7",
            "7.0.0",
            "18446744073709551616",
        ] {
            assert_eq!(
                EXPONENT.parse(junk),
                Err(Refusal::Invalid(quote(junk))),
                "{junk}"
            );
        }
        // Out of range is the range check's to say, as for other numbers.
        assert_eq!(EXPONENT.parse("40"), Ok(Value::Whole(40)));
        assert_eq!(
            EXPONENT.parse_on(Surface::Url, "40"),
            Err(Refusal::Invalid("40".into()))
        );
        assert_eq!(EXPONENT.parse(" \t"), Err(Refusal::Empty));
        assert_eq!(SPREAD.parse("-0"), Ok(Value::Number(0.0)));
        assert_eq!(SPREAD.parse("-1"), Ok(Value::Number(-1.0)));
        assert_eq!(
            SPREAD.check(&Value::Number(-1.0)),
            Err(Refusal::Invalid("-1".into()))
        );
        assert_eq!(
            SPREAD.parse("1e309"),
            Err(Refusal::Invalid("\"1e309\"".into()))
        );
        assert_eq!(
            SPREAD.refuse("data-spread", &Refusal::Empty),
            "data-spread is empty; enter a number from 0 to 5"
        );
    }

    #[test]
    fn each_surface_names_the_setting_its_own_way() {
        let refusal = Refusal::Invalid("-1".into());
        assert_eq!(
            SPREAD.refuse_on(Surface::Url, &refusal),
            "URL parameter spread must be a number from 0 to 5; got -1"
        );
        assert_eq!(
            SPREAD.refuse_on(Surface::Control, &refusal),
            "Starting spread must be a number from 0 to 5; got -1"
        );
        let controls = Spec {
            kind: Kind::SwitchOr(&["full"]),
            attribute: "data-controls",
            ..SPREAD
        };
        assert_eq!(
            controls.allowed_on(Surface::Attribute),
            "true, false or full (empty means true)"
        );
        assert_eq!(
            controls.parse_on(Surface::Attribute, ""),
            Ok(Value::Switch(true))
        );
        let levels = Spec {
            kind: Kind::SwitchOr(&["none", "compact", "full"]),
            ..controls
        };
        assert_eq!(
            levels.allowed(),
            "true, false, none, compact or full",
            "a list of words ends with or"
        );
        assert_eq!(levels.parse("Compact"), Ok(Value::Choice(1)));
        assert_eq!(controls.parse(" FULL "), Ok(Value::Choice(0)));
        assert_eq!(controls.parse("off"), Ok(Value::Switch(false)));
        assert_eq!(controls.parse(""), Err(Refusal::Empty));
        assert_eq!(controls.element_attribute(), "controls");
        assert_eq!(
            controls.parse_on(Surface::Element, " "),
            Ok(Value::Switch(true)),
            "a bare element attribute is on too"
        );
        assert_eq!(
            SPREAD.refuse_on(Surface::Element, &refusal),
            "spread must be a number from 0 to 5; got -1"
        );
        let algorithm = Spec {
            option: "algorithm",
            attribute: "data-terrain-demo",
            ..SPREAD
        };
        assert_eq!(algorithm.attribute_on(Surface::Element), "algorithm");
        assert_eq!(
            algorithm.attribute_on(Surface::Attribute),
            "data-terrain-demo"
        );
    }

    #[test]
    fn quotes_are_escaped_and_short() {
        assert_eq!(quote("\"x\"\n"), r#""\"x\"\n""#);
        assert!(quote(&"9".repeat(10_000)).chars().count() < 50);
        // A number out of range is said short too.
        for (value, said) in [
            (-1e-300, "-1e-300"),
            (1.5e300, "1.5e300"),
            (-5.0, "-5"),
            (7.25, "7.25"),
        ] {
            assert_eq!(
                SPREAD.refuse_on(
                    Surface::Option,
                    &SPREAD.check(&Value::Number(value)).unwrap_err()
                ),
                format!("spread must be a number from 0 to 5; got {said}")
            );
        }
    }

    #[test]
    fn arrow_keys_step_on_the_grid_and_stay_in_range() {
        assert_eq!(
            SPREAD.stepped(&Value::Number(0.25), 1.0),
            Some(Value::Number(0.3))
        );
        assert_eq!(
            SPREAD.stepped(&Value::Number(0.0), -1.0),
            Some(Value::Number(0.0))
        );
        assert_eq!(
            EXPONENT.stepped(&Value::Whole(12), 1.0),
            Some(Value::Whole(12))
        );
        assert_eq!(
            EXPONENT.stepped(&Value::Whole(40), -1.0),
            Some(Value::Whole(12)),
            "a refused 40 steps down into the range"
        );
        assert!(SPREAD.has_slider() && EXPONENT.has_slider());
        let seed = Spec {
            kind: Kind::Whole {
                min: 0,
                max: u64::MAX,
            },
            ..EXPONENT
        };
        assert!(!seed.has_slider());
    }
}
