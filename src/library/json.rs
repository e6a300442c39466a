//! The stored data's JSON: the value, reader and writer the tournament
//! files use ([`tiers_bracket::json::Value`], also the embed protocol's
//! [`crate::embed::Json`]), and the accessors the stored data needs. (A
//! general JSON library would more than double the size of this feature in
//! the page's wasm.)
//!
//! ```
//! use tiers_app::library::json::{as_u64, parse};
//! let v = parse(r#"{"v": 1, "moves": ["11-15", "23-19"], "flipped": false}"#).unwrap();
//! assert_eq!(v.get("v").and_then(as_u64), Some(1));
//! assert_eq!(v.to_string(), r#"{"v":1,"moves":["11-15","23-19"],"flipped":false}"#);
//! assert!(parse("[1, 2").unwrap_err().contains("line 1"));
//! ```

pub use crate::embed::Json;

/// Reads a JSON text; the error says what is wrong and where.
pub fn parse(text: &str) -> Result<Json, String> {
    Json::parse(text)
}

/// A whole number, if the value is one.
#[must_use]
pub fn as_u64(v: &Json) -> Option<u64> {
    v.as_u64()
}

/// The boolean, if the value is one.
#[must_use]
pub fn as_bool(v: &Json) -> Option<bool> {
    v.as_bool()
}

/// The items, if the value is an array.
#[must_use]
pub fn as_list(v: &Json) -> Option<&[Json]> {
    v.as_list()
}
