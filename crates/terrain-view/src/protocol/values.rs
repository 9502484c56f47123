//! The values a job is made of, as header fields: a stage, a parameter's
//! value and every parameter in registry order, an image's source, a
//! map's heights and a file format. Reading parameters checks each value
//! once: the protocol decoder is one of the readers that make
//! [`ValidParams`].

use terrain_core::registry::fields;
use terrain_core::spec::Value;
use terrain_core::{Heightmap, Params, Stage, ValidParams};

use super::codes::ValueKind;
use super::messages::Source;
use super::wire::{Payload, ProtocolError, Read, Reader, Writer};

impl Writer {
    pub(super) fn stage(&mut self, stage: Stage) {
        self.text(&stage.to_string());
    }

    pub(super) fn value(&mut self, value: &Value) {
        self.code(&ValueKind::ALL, ValueKind::of(value));
        match value {
            Value::Whole(whole) => self.u64(*whole),
            Value::Number(number) => self.f64(*number),
            Value::Switch(on) => self.u8(u8::from(*on)),
            Value::Choice(index) => self.u32(*index as u32),
            Value::Name(name) => self.text(name),
        }
    }

    pub(super) fn params(&mut self, params: &Params) {
        for field in fields() {
            self.value(&params.get(field));
        }
    }

    pub(super) fn source(&mut self, source: &Source) {
        self.u32(source.width);
        self.u32(source.height);
        self.text(&source.format);
        self.u32(u32::from(source.recorded));
    }

    pub(super) fn heights(&mut self, heights: Heightmap) {
        self.u32(heights.exponent());
        self.payloads.push(Payload::F64(heights.into_heights()));
    }

    /// [`Self::heights`] but for the heights themselves, which the caller
    /// adds as the next payload: they are returned, not copied.
    pub(super) fn heights_left_out<'map>(&mut self, heights: &'map Heightmap) -> &'map [f64] {
        self.u32(heights.exponent());
        heights.heights()
    }
}

impl Reader<'_> {
    pub(super) fn stage(&mut self) -> Read<Stage> {
        self.text()?
            .parse()
            .map_err(|_| ProtocolError::Malformed("an unknown stage"))
    }

    pub(super) fn value(&mut self) -> Read<Value> {
        Ok(
            match self.code(&ValueKind::ALL, "an unknown kind of value")? {
                ValueKind::Whole => Value::Whole(self.u64()?),
                ValueKind::Number => Value::Number(self.f64()?),
                ValueKind::Switch => Value::Switch(self.u8()? != 0),
                ValueKind::Choice => Value::Choice(self.u32()? as usize),
                ValueKind::Name => Value::Name(self.text()?),
            },
        )
    }

    /// Parameters as the page wrote them, each value checked once: the
    /// worker is a way in too, so what it is handed must be valid before
    /// anything runs on it.
    pub(super) fn params(&mut self) -> Read<ValidParams> {
        let mut params = ValidParams::default();
        for field in fields() {
            let value = self.value()?;
            params = params
                .with_value(field, &value)
                .map_err(|_| ProtocolError::Malformed("a parameter out of its range"))?;
        }
        Ok(params)
    }

    pub(super) fn source(&mut self) -> Read<Source> {
        Ok(Source {
            width: self.u32()?,
            height: self.u32()?,
            format: self.text()?,
            recorded: self.u32()? == 1,
        })
    }

    pub(super) fn heights(&mut self) -> Read<Heightmap> {
        let exponent = self.u32()?;
        Heightmap::from_heights(exponent, self.f64s()?)
            .map_err(|_| ProtocolError::Malformed("heights that are not a map"))
    }
}
