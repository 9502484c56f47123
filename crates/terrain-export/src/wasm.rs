//! `exportMap()` for JavaScript (wasm32 only).
