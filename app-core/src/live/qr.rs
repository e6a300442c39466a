//! QR codes for live links, as one SVG path: the page draws the invite and
//! the answer so that the other device's camera can read them.

use qrcodegen::{QrCode, QrCodeEcc};

/// A QR code of `text` as the `d` of an SVG path (one unit square per dark
/// module, a 4-module quiet zone included) and the side of its view box.
/// Error correction level L (7%): the links are long and screens are clean.
pub fn path(text: &str) -> Result<(String, usize), String> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Low)
        .map_err(|_| "the link is too long for a QR code".to_string())?;
    let n = qr.size();
    let mut d = String::new();
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{} {}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Ok((d, n as usize + 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_link_fits_a_qr_code() {
        let link = format!("https://tiers.example/?live={}", "A".repeat(640));
        let (d, side) = path(&link).unwrap();
        // Version 17 or so: 85 modules and the quiet zone.
        assert!((60..130).contains(&side), "{side}");
        assert!(d.starts_with('M') && d.ends_with('z'));
        assert!(path(&"x".repeat(4000)).unwrap_err().contains("too long"));
    }
}
