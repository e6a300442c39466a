//! The tournament crate's readers: JSON text and tournament files.

use crate::{bounded, fail, has_message, show, Checked};
use tiers_bracket::{ImportError, Tournament};
use tiers_json::{self as json, Json};

/// JSON text: a value read writes back (compact and indented) and reads
/// to the same value; the compact form is a fixed point; a refusal says
/// where.
pub fn check_json(text: &str) -> Checked {
    let read = bounded("the JSON reader", text, || Json::parse(text))?;
    if text.len() > json::MAX_LEN {
        return match read {
            Err(e) if e.contains("longer than") => Ok(()),
            other => fail(format!(
                "a {}-byte text is not refused: {other:?}",
                text.len()
            )),
        };
    }
    match read {
        Ok(value) => {
            let compact = value.to_text(false);
            for written in [compact.clone(), value.to_text(true)] {
                match Json::parse(&written) {
                    Ok(v) if v == value => {}
                    other => {
                        return fail(format!(
                            "{} is written {}, which reads as {other:?}",
                            show(text),
                            show(&written)
                        ))
                    }
                }
            }
            if Json::parse(&compact).map(|v| v.to_text(false)).as_deref() != Ok(&compact) {
                return fail(format!("{}: writing is not a fixed point", show(text)));
            }
            Ok(())
        }
        Err(e) => {
            if !e.contains(" at line ") {
                return fail(format!("{}: the error does not say where: {e}", show(text)));
            }
            has_message("the JSON reader", text, &e)
        }
    }
}

/// A tournament file: a tournament read writes back and reads to the same
/// tournament; the written file is a fixed point.
pub fn check_tournament(text: &str) -> Checked {
    let read = bounded("the tournament reader", text, || {
        Tournament::from_json(text)
    })?;
    match read {
        Ok(t) => {
            let once = t.to_json();
            match Tournament::from_json(&once) {
                Ok(back) if back == t && back.to_json() == once => {}
                Ok(_) => {
                    return fail(format!(
                        "{}: the written file reads as another tournament",
                        show(text)
                    ))
                }
                Err(e) => {
                    return fail(format!(
                        "{}: the written file is refused: {e}\n{once}",
                        show(text)
                    ))
                }
            }
            match Tournament::from_value(&t.to_value()) {
                Ok(back) if back == t => Ok(()),
                other => fail(format!("{}: to_value/from_value: {other:?}", show(text))),
            }
        }
        Err(e) => {
            if let ImportError::NotJson(json) = &e {
                if json.message.trim().is_empty() {
                    return fail(format!("{}: an empty JSON message", show(text)));
                }
            }
            has_message("the tournament reader", text, &e)
        }
    }
}
