//! An animated PNG (APNG) made of PNG pictures of one size: a whole game as
//! one picture that plays its moves (the review's *Download animation*).
//! Every browser shows APNG; a program that does not know it shows the
//! first frame. The frames come from the browser's PNG encoder (a canvas),
//! so only their image data is taken: each frame's `IDAT` chunks become the
//! animation's `IDAT` (the first) or `fdAT` chunks, after an `fcTL` that
//! gives its delay (the APNG specification, version 1.0).

use std::fmt;
use tiers_engine::egdb::Crc32;

/// The 8 bytes every PNG starts with.
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

/// Why the frames cannot make an animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApngError {
    /// No frames.
    NoFrames,
    /// Frame `n` (from 1) is not a PNG the animation can take.
    NotPng(usize),
    /// Frame `n` has another size or pixel format than the first.
    Different(usize),
    /// Frames and delays are not as many.
    Delays,
}

impl fmt::Display for ApngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApngError::NoFrames => write!(f, "there is no frame"),
            ApngError::NotPng(n) => write!(f, "frame {n} is not a PNG picture"),
            ApngError::Different(n) => write!(f, "frame {n} differs in size or format"),
            ApngError::Delays => write!(f, "each frame needs one delay"),
        }
    }
}

/// The chunks of a PNG: (type, data), checked (signature, lengths, CRCs).
fn chunks(png: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let mut rest = png.strip_prefix(&SIGNATURE)?;
    let mut out = Vec::new();
    while !rest.is_empty() {
        let len = usize::try_from(u32::from_be_bytes(rest.get(..4)?.try_into().ok()?)).ok()?;
        let kind: [u8; 4] = rest.get(4..8)?.try_into().ok()?;
        let data = rest.get(8..8 + len)?;
        let crc = u32::from_be_bytes(rest.get(8 + len..12 + len)?.try_into().ok()?);
        if crc != crc32(&[&kind, data]) {
            return None;
        }
        out.push((kind, data));
        rest = &rest[12 + len..];
        if &kind == b"IEND" {
            break;
        }
    }
    Some(out)
}

/// The animation of `frames` (PNG files of one size and format), frame `i`
/// shown for `delays_ms[i]` milliseconds, played once.
///
/// # Errors
/// When there is no frame, a frame is not a PNG, frames differ in size or
/// format, or the delays are not one per frame.
pub fn assemble(frames: &[Vec<u8>], delays_ms: &[u16]) -> Result<Vec<u8>, ApngError> {
    if frames.is_empty() {
        return Err(ApngError::NoFrames);
    }
    if frames.len() != delays_ms.len() {
        return Err(ApngError::Delays);
    }
    let mut header: Option<&[u8]> = None;
    let mut images: Vec<Vec<&[u8]>> = Vec::with_capacity(frames.len());
    for (i, png) in frames.iter().enumerate() {
        let parts = chunks(png).ok_or(ApngError::NotPng(i + 1))?;
        let ihdr = parts
            .iter()
            .find(|(k, _)| k == b"IHDR")
            .map(|(_, d)| *d)
            .filter(|d| d.len() == 13)
            .ok_or(ApngError::NotPng(i + 1))?;
        // A palette would have to be the same in every frame: the canvas
        // gives true colour; other frames are refused.
        if parts.iter().any(|(k, _)| k == b"PLTE") {
            return Err(ApngError::NotPng(i + 1));
        }
        match header {
            None => header = Some(ihdr),
            Some(first) if first != ihdr => return Err(ApngError::Different(i + 1)),
            Some(_) => {}
        }
        let data: Vec<&[u8]> = parts
            .iter()
            .filter(|(k, _)| k == b"IDAT")
            .map(|(_, d)| *d)
            .collect();
        if data.is_empty() {
            return Err(ApngError::NotPng(i + 1));
        }
        images.push(data);
    }
    let ihdr = header.ok_or(ApngError::NoFrames)?;
    let (width, height) = (&ihdr[0..4], &ihdr[4..8]);
    let mut out = SIGNATURE.to_vec();
    chunk(&mut out, b"IHDR", &[ihdr]);
    let count = u32::try_from(frames.len()).unwrap_or(u32::MAX);
    // acTL: the number of frames, played once.
    chunk(
        &mut out,
        b"acTL",
        &[&count.to_be_bytes(), &1u32.to_be_bytes()],
    );
    let mut seq = 0u32;
    for (i, (data, &delay)) in images.iter().zip(delays_ms).enumerate() {
        chunk(
            &mut out,
            b"fcTL",
            &[
                &seq.to_be_bytes(),
                width,
                height,
                &0u32.to_be_bytes(),
                &0u32.to_be_bytes(),
                &delay.to_be_bytes(),
                &1000u16.to_be_bytes(),
                // Dispose: none; blend: source (each frame is whole).
                &[0, 0],
            ],
        );
        seq += 1;
        for part in data {
            if i == 0 {
                chunk(&mut out, b"IDAT", &[part]);
            } else {
                chunk(&mut out, b"fdAT", &[&seq.to_be_bytes(), part]);
                seq += 1;
            }
        }
    }
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Writes a chunk: length, type, the data (in parts), CRC.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], parts: &[&[u8]]) {
    let len: usize = parts.iter().map(|p| p.len()).sum();
    out.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes());
    out.extend_from_slice(kind);
    for p in parts {
        out.extend_from_slice(p);
    }
    let mut all: Vec<&[u8]> = vec![kind];
    all.extend_from_slice(parts);
    out.extend_from_slice(&crc32(&all).to_be_bytes());
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320) over `parts`.
fn crc32(parts: &[&[u8]]) -> u32 {
    let mut crc = Crc32::new();
    for p in parts {
        crc.update(p);
    }
    crc.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `w`×`h` grey pixels of value `v` (zlib with one stored block).
    fn png(w: u32, h: u32, v: u8) -> Vec<u8> {
        let mut raw = Vec::new();
        for _ in 0..h {
            raw.push(0); // filter: none
            raw.extend(std::iter::repeat_n(v, w as usize));
        }
        let mut z = vec![0x78, 0x01, 1];
        let n = u16::try_from(raw.len()).unwrap();
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&(!n).to_le_bytes());
        z.extend_from_slice(&raw);
        // Adler-32.
        let (mut a, mut b) = (1u32, 0u32);
        for &x in &raw {
            a = (a + u32::from(x)) % 65521;
            b = (b + a) % 65521;
        }
        z.extend_from_slice(&((b << 16) | a).to_be_bytes());
        let mut out = SIGNATURE.to_vec();
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &[&ihdr]);
        chunk(&mut out, b"IDAT", &[&z]);
        chunk(&mut out, b"IEND", &[]);
        out
    }

    #[test]
    fn the_crc_is_png_s() {
        // The CRC of an empty IEND chunk, as in every PNG file.
        assert_eq!(crc32(&[b"IEND"]), 0xae42_6082);
    }

    #[test]
    fn frames_become_an_animation() {
        let frames = vec![png(4, 3, 0), png(4, 3, 128), png(4, 3, 255)];
        let apng = assemble(&frames, &[500, 500, 2000]).unwrap();
        let parts = chunks(&apng).expect("a well-formed PNG");
        let kinds: Vec<&[u8]> = parts.iter().map(|(k, _)| &k[..]).collect();
        assert_eq!(
            kinds,
            [
                &b"IHDR"[..],
                b"acTL",
                b"fcTL",
                b"IDAT",
                b"fcTL",
                b"fdAT",
                b"fcTL",
                b"fdAT",
                b"IEND"
            ]
        );
        // Three frames, played once.
        assert_eq!(parts[1].1, [0, 0, 0, 3, 0, 0, 0, 1]);
        // Sequence numbers 0.. across fcTL and fdAT; the last delay 2 s.
        let seqs: Vec<u32> = parts
            .iter()
            .filter(|(k, _)| k == b"fcTL" || k == b"fdAT")
            .map(|(_, d)| u32::from_be_bytes(d[..4].try_into().unwrap()))
            .collect();
        assert_eq!(seqs, [0, 1, 2, 3, 4]);
        let last = parts[6].1;
        assert_eq!(&last[4..8], &4u32.to_be_bytes());
        assert_eq!(&last[20..24], &[0x07, 0xd0, 0x03, 0xe8]);
        // The second frame's image data is the second PNG's.
        let second = chunks(&frames[1]).unwrap()[1].1;
        assert_eq!(&parts[5].1[4..], second);
    }

    #[test]
    fn bad_frames_are_refused() {
        assert_eq!(assemble(&[], &[]), Err(ApngError::NoFrames));
        assert_eq!(assemble(&[png(2, 2, 0)], &[1, 2]), Err(ApngError::Delays));
        assert_eq!(
            assemble(&[png(2, 2, 0), b"GIF89a".to_vec()], &[1, 1]),
            Err(ApngError::NotPng(2))
        );
        assert_eq!(
            assemble(&[png(2, 2, 0), png(3, 2, 0)], &[1, 1]),
            Err(ApngError::Different(2))
        );
        let mut broken = png(2, 2, 0);
        let at = broken.len() - 20;
        broken[at] ^= 1;
        assert_eq!(assemble(&[broken], &[1]), Err(ApngError::NotPng(1)));
    }
}
