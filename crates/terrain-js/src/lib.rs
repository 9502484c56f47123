//! JavaScript values in, for every wasm module of *Terrain, step by step*:
//! an options object read once, each value as the text the registry's
//! readers take, and a map of heights from a `Float64Array`, a
//! `Float32Array` or an `Array` of numbers. The site's main module
//! (`generate()`, `erode()`) and the download module (`exportMap()`) read
//! their arguments with these, so a value means the same and is refused in
//! the same words by every function.
//!
//! Natively the crate is empty: it is glue, and the browser tests of the
//! functions that use it test it.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use js_sys::{BigInt, Float32Array, Float64Array, Object, Reflect};
    use terrain_core::erosion::MAX_ABS_HEIGHT;
    use terrain_core::spec::{Kind, Spec, Surface};
    use terrain_core::{Error, Heightmap, MAX_EXPONENT, MIN_EXPONENT};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// The largest integer a JavaScript number holds exactly.
    const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

    /// The map `function` was given: its length must be a square map's,
    /// every height finite and, when something `needs` it (`"erosion"`),
    /// within ±[`MAX_ABS_HEIGHT`].
    pub fn map_of(
        heights: &JsValue,
        function: &str,
        needs: Option<&str>,
    ) -> Result<Heightmap, String> {
        let values = values_of(heights, function)?;
        let exponent = exponent_of(values.len(), function)?;
        if let Some(needs) = needs
            && let Some(index) = values
                .iter()
                .position(|height| !(-MAX_ABS_HEIGHT..=MAX_ABS_HEIGHT).contains(height))
        {
            return Err(height_refused(index, values[index], needs));
        }
        Heightmap::from_heights(exponent, values)
            .map_err(|error| error.describe_on(Surface::Option))
    }

    /// The exponent of a square map of `count` heights given to
    /// `function`, or the message saying which counts it takes.
    pub fn exponent_of(count: usize, function: &str) -> Result<u32, String> {
        (MIN_EXPONENT..=MAX_EXPONENT)
            .find(|&exponent| side_of(exponent).pow(2) == count)
            .ok_or_else(|| {
                format!(
                    "{function} takes heights of a square map 2^n + 1 points wide ({}, {}, {}, … \
                     {} values); got {} values",
                    side_of(MIN_EXPONENT).pow(2),
                    side_of(MIN_EXPONENT + 1).pow(2),
                    side_of(MIN_EXPONENT + 2).pow(2),
                    spaced(side_of(MAX_EXPONENT).pow(2)),
                    spaced(count)
                )
            })
    }

    /// The message for height number `index`, `value`, beyond what
    /// `needs` (`"erosion"`) takes.
    pub fn height_refused(index: usize, value: f64, needs: &str) -> String {
        let limit = MAX_ABS_HEIGHT as u32;
        format!(
            "height number {index} is {}; {needs} needs heights from -{limit} to {limit}",
            javascript_spelling(value)
        )
    }

    /// `2^exponent + 1`.
    fn side_of(exponent: u32) -> usize {
        (1 << exponent) + 1
    }

    /// A count with its thousands apart, as the messages write them:
    /// 16 785 409.
    fn spaced(count: usize) -> String {
        let digits = count.to_string();
        let mut text = String::new();
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index).is_multiple_of(3) {
                text.push(' ');
            }
            text.push(digit);
        }
        text
    }

    /// The numbers in a `Float64Array`, a `Float32Array` or an `Array` of
    /// numbers, given to `function`. Arrays of another realm (an iframe,
    /// Node's `vm`) count as well: they are told by their kind, not by
    /// `instanceof`.
    pub fn values_of(heights: &JsValue, function: &str) -> Result<Vec<f64>, String> {
        // An array whose buffer was transferred away has no heights, and
        // copying out of it would throw: it is said to have none.
        match typed_array_kind(heights).as_deref() {
            Some("Float64Array") => {
                let array = heights.unchecked_ref::<Float64Array>();
                return Ok(if array.length() == 0 {
                    Vec::new()
                } else {
                    array.to_vec()
                });
            }
            Some("Float32Array") => {
                let array = heights.unchecked_ref::<Float32Array>();
                return Ok(if array.length() == 0 {
                    Vec::new()
                } else {
                    array.to_vec().into_iter().map(f64::from).collect()
                });
            }
            _ => {}
        }
        if js_sys::Array::is_array(heights) {
            return (heights.unchecked_ref::<js_sys::Array>().iter())
                .enumerate()
                .map(|(index, value)| {
                    value.as_f64().ok_or_else(|| {
                        format!(
                            "{function} takes heights as numbers; height number {index} is {}",
                            kind_of(&value)
                        )
                    })
                })
                .collect();
        }
        Err(format!(
            "{function} takes the heights of a map as a Float64Array, such as generate() returns \
             (or a Float32Array or an Array of numbers); got {}",
            kind_of(heights)
        ))
    }

    /// The kind of a typed array or `DataView` (`"Float64Array"`), of any
    /// realm; `None` for anything else.
    pub fn typed_array_kind(value: &JsValue) -> Option<String> {
        if !js_sys::ArrayBuffer::is_view(value) {
            return None;
        }
        // %TypedArray%.prototype[@@toStringTag] answers from the array's
        // own slot; a DataView's is "DataView".
        Reflect::get(value, &js_sys::Symbol::to_string_tag())
            .ok()
            .and_then(|tag| tag.as_string())
    }

    /// `value` as an options object: a plain object or a class's, of any
    /// realm and with any prototype (or none), so a `querystring.parse`
    /// result or an iframe's object reads as a literal does; not an
    /// array, a `Map`, a `Date` or another built-in whose entries are not
    /// its properties.
    pub fn options_object(value: &JsValue) -> Option<&Object> {
        (object_tag(value).as_deref() == Some("Object")).then(|| value.unchecked_ref())
    }

    /// What `Object.prototype.toString` says an object is (`"Object"`,
    /// `"Map"`, `"Array"`, `"Float64Array"`), of any realm; `None` for a
    /// value that is no object (a function neither).
    fn object_tag(value: &JsValue) -> Option<String> {
        if !value.is_object() {
            return None;
        }
        let to_string = Reflect::get(&Object::new(), &"toString".into()).ok()?;
        let said = to_string
            .unchecked_ref::<js_sys::Function>()
            .call0(value)
            .ok()?
            .as_string()?;
        Some(said.strip_prefix("[object ")?.strip_suffix(']')?.to_owned())
    }

    /// `kind` after its article: `a Map`, `an Int16Array`.
    fn with_article(kind: &str) -> String {
        let article = if kind.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {kind}")
    }

    /// The options object's values, each read once, for the settings
    /// `known` lists. Refuses a value that is not an options object, a key
    /// `known` does not list, and a getter that throws (its error is passed
    /// on).
    pub fn given_options<I: Iterator<Item = &'static Spec>>(
        options: &JsValue,
        function: &str,
        example: &str,
        known: impl Fn() -> I,
    ) -> Result<Vec<(&'static Spec, JsValue)>, String> {
        if options.is_undefined() || options.is_null() {
            return Ok(Vec::new());
        }
        let object = options_object(options).ok_or_else(|| {
            format!(
                "{function} takes an options object such as {example}; got {}",
                kind_of(options)
            )
        })?;
        for key in Object::keys(object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !known().any(|spec| spec.option == key) {
                let names: Vec<&str> = known().map(|spec| spec.option).collect();
                return Err(format!(
                    "unknown option {key:?}; the options are {}",
                    names.join(", ")
                ));
            }
        }
        let mut given = Vec::new();
        for spec in known() {
            let value =
                Reflect::get(object, &JsValue::from_str(spec.option)).map_err(|thrown| {
                    format!(
                        "reading option {} threw: {}",
                        spec.option,
                        reason_of(&thrown)
                    )
                })?;
            if !value.is_undefined() {
                given.push((spec, value));
            }
        }
        Ok(given)
    }

    /// The options `known` lists that `options` gives, each read once and
    /// turned into the text the registry's readers take (or why it cannot
    /// be), in `known`'s order: [`given_options`], then [`text_of`].
    #[allow(clippy::type_complexity)]
    pub fn option_texts<I: Iterator<Item = &'static Spec>>(
        options: &JsValue,
        function: &str,
        example: &str,
        known: impl Fn() -> I,
    ) -> Result<Vec<(&'static Spec, Result<String, Error>)>, String> {
        Ok(given_options(options, function, example, known)?
            .into_iter()
            .map(|(spec, value)| (spec, text_of(&value, spec)))
            .collect())
    }

    /// The options read as `texts`, as a plain object of strings: what a
    /// worker is sent, for it reads to the same values, and it holds no
    /// getter, prototype or proxy that a copy between threads would lose
    /// or refuse.
    pub fn texts_object(texts: &[(&'static Spec, Result<String, Error>)]) -> Object {
        let object = Object::new();
        for (spec, text) in texts {
            if let Ok(text) = text {
                // Setting a property of a plain new object cannot fail.
                let _ = Reflect::set(&object, &spec.option.into(), &text.into());
            }
        }
        object
    }

    /// The text a JavaScript value stands for, as the core's parsers read
    /// it.
    pub fn text_of(value: &JsValue, spec: &'static Spec) -> Result<String, Error> {
        if let Some(text) = value.as_string() {
            return Ok(text);
        }
        if let Some(number) = value.as_f64() {
            let Kind::Whole { max, .. } = spec.kind else {
                return Ok(javascript_spelling(number));
            };
            if number.fract() == 0.0 && number.abs() <= MAX_SAFE_INTEGER {
                return Ok(format!("{}", number as i64));
            }
            // A whole number past what a JavaScript number holds exactly (a
            // seed) cannot be trusted to be the one meant.
            if max as f64 > MAX_SAFE_INTEGER && number.is_finite() && number.fract() == 0.0 {
                return Err(Error::Unreadable {
                    spec,
                    reason: format!(
                        "{number} is past the largest whole number a JavaScript number holds \
                         exactly (2^53 - 1); pass it as a string or a BigInt"
                    ),
                });
            }
            return Ok(javascript_spelling(number));
        }
        if let Some(big) = value.dyn_ref::<BigInt>() {
            return big
                .to_string(10)
                .map(String::from)
                .map_err(|_| Error::InvalidParameter {
                    spec,
                    value: "a BigInt that cannot be printed".to_owned(),
                });
        }
        if let Some(switch) = value.as_bool() {
            return Ok(switch.to_string());
        }
        Err(Error::InvalidParameter {
            spec,
            value: kind_of(value),
        })
    }

    /// JavaScript's own spelling of a number: "Infinity", "NaN", "1e+21".
    fn javascript_spelling(number: f64) -> String {
        js_sys::Number::from(number)
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default()
    }

    /// The size of this module instance's WebAssembly memory, in bytes.
    /// Wasm memory only grows, so this is also the largest it has been.
    pub fn memory_bytes() -> f64 {
        wasm_bindgen::memory()
            .dyn_into::<js_sys::WebAssembly::Memory>()
            .map(|memory| {
                f64::from(
                    memory
                        .buffer()
                        .unchecked_into::<js_sys::ArrayBuffer>()
                        .byte_length(),
                )
            })
            .unwrap_or(0.0)
    }

    /// Why a getter threw, for messages: an `Error`'s message (of any
    /// realm: any object's `message` text), a thrown string, or "an
    /// exception".
    pub fn reason_of(thrown: &JsValue) -> String {
        let message = || Reflect::get(thrown, &"message".into()).ok()?.as_string();
        (thrown.is_object().then(message).flatten())
            .or_else(|| thrown.as_string())
            .unwrap_or_else(|| "an exception".to_owned())
    }

    /// What a value is, for messages: `null`, `an array`, `an Int16Array
    /// of 16641 values`, `a Map`, `a value of type object`.
    pub fn kind_of(value: &JsValue) -> String {
        if value.is_null() {
            "null".to_owned()
        } else if js_sys::Array::is_array(value) {
            "an array".to_owned()
        } else if let Some(kind) = typed_array_kind(value) {
            match Reflect::get(value, &"length".into())
                .ok()
                .and_then(|length| length.as_f64())
            {
                Some(length) => format!("{} of {length} values", with_article(&kind)),
                None => with_article(&kind),
            }
        } else if let Some(tag) = object_tag(value).filter(|tag| tag != "Object") {
            // A Map, a Date, a Promise: said by name.
            with_article(&tag)
        } else {
            format!(
                "a value of type {}",
                value.js_typeof().as_string().unwrap_or_default()
            )
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub use wasm::{
    exponent_of, given_options, height_refused, kind_of, map_of, memory_bytes, option_texts,
    options_object, reason_of, text_of, texts_object, typed_array_kind, values_of,
};
