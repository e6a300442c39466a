//! The version envelope of the records the app keeps on the device
//! (`{"v": 1, …}`): each format says which version it writes, and a
//! record of another version is named in one message instead of being
//! misread.

use tiers_json::Json;

/// Checks the `v` field of a stored record against the version `current`
/// this build reads; `what` names the record in the message ("The saved
/// game").
///
/// ```
/// use tiers_core::versioned::check;
/// use tiers_json::Json;
/// let v = Json::parse(r#"{"v": 3}"#).unwrap();
/// assert_eq!(check(&v, 1, "The archive").unwrap_err(),
///     "The archive was written by a newer version of Tiers (format 3; this one reads format 1)");
/// assert_eq!(check(&Json::parse("[]").unwrap(), 1, "The archive").unwrap_err(),
///     "The archive is in an unknown or outdated format");
/// assert!(check(&Json::parse(r#"{"v": 1}"#).unwrap(), 1, "The archive").is_ok());
/// ```
pub fn check(value: &Json, current: u64, what: &str) -> Result<(), String> {
    match value.get("v").and_then(Json::as_u64) {
        Some(v) if v == current => Ok(()),
        Some(v) if v > current => Err(format!(
            "{what} was written by a newer version of Tiers (format {v}; this one reads format {current})"
        )),
        _ => Err(format!("{what} is in an unknown or outdated format")),
    }
}
