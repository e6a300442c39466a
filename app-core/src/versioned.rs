//! The version envelope of the records the app keeps on the device
//! (`{"v": 1, …}`): each format says which version it writes, and a
//! record of another version is named in one message instead of being
//! misread.

use tiers_json::Json;

use crate::i18n::Text;

/// Checks the `v` field of a stored record against the version `current`
/// this build reads; `record` names the record in the message (its key,
/// `record.saved`).
///
/// ```
/// use tiers_core::i18n::Text;
/// use tiers_core::versioned::check;
/// use tiers_json::Json;
/// let archive = || Text::new("record.archive");
/// let v = Json::parse(r#"{"v": 3}"#).unwrap();
/// assert_eq!(check(&v, 1, archive()).unwrap_err().english(),
///     "The archive was written by a newer version of Tiers (format 3; this one reads format 1)");
/// assert_eq!(check(&Json::parse("[]").unwrap(), 1, archive()).unwrap_err().english(),
///     "The archive is in an unknown or outdated format");
/// assert!(check(&Json::parse(r#"{"v": 1}"#).unwrap(), 1, archive()).is_ok());
/// ```
pub fn check(value: &Json, current: u64, record: Text) -> Result<(), Text> {
    match value.get("v").and_then(Json::as_u64) {
        Some(v) if v == current => Ok(()),
        Some(v) if v > current => Err(crate::text!(
            "error.record-newer",
            record = record,
            found = v.to_string(),
            current = current.to_string()
        )),
        _ => Err(crate::text!("error.record-unknown", record = record)),
    }
}

/// The message for a record that is not JSON (the parser's detail, which
/// names a byte offset in English, is left out: it means nothing to a
/// person).
#[must_use]
pub fn not_json(record: Text) -> Text {
    crate::text!("error.record-not-json", record = record)
}

/// The message for a record that is JSON but not of its shape.
#[must_use]
pub fn damaged(record: Text) -> Text {
    crate::text!("error.record-damaged", record = record)
}
