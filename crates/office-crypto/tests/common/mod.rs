//! What the integration tests share: reading the fixtures' sidecars and
//! opening each kind of encrypted file through the crate's API.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::Path;

use office_crypto::{Error, Options, Scheme, Warning, doc, ooxml, ppt, xls};
use ole_cfb_read::CompoundFile;

/// What decrypting a file gave: the plaintext, or the error.
#[derive(Debug)]
pub struct Opened {
    pub scheme: Scheme,
    pub bytes: Vec<u8>,
    pub warnings: Vec<Warning>,
}

/// `fixtures/crypto/passwords.tsv` as a map.
pub fn passwords(dir: &Path) -> HashMap<String, String> {
    let text = std::fs::read_to_string(dir.join("passwords.tsv")).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(n, p)| (n.to_string(), p.to_string()))
        .collect()
}

/// Decrypts a compound file by what it holds: an encrypted OOXML package,
/// an Excel workbook (the decrypted `Workbook`), a Word document (the
/// decrypted `WordDocument`, then the table stream) or a PowerPoint deck
/// (every persist object decrypted, in persist id order).
pub fn open(file: &[u8], options: &Options) -> Result<Opened, Error> {
    let cf = CompoundFile::open(file)?;
    if cf.entry(ooxml::ENCRYPTION_INFO).is_some() || cf.entry(ooxml::ENCRYPTED_PACKAGE).is_some() {
        let d = ooxml::decrypt_with(&cf, options)?;
        return Ok(Opened {
            scheme: d.scheme,
            bytes: d.package,
            warnings: d.warnings,
        });
    }
    if let Some(e) = cf.find_stream(&["Workbook", "Book"]) {
        let stream = cf.read_entry(e)?.data;
        let d = xls::decrypt_workbook(&stream, options)?;
        return Ok(Opened {
            scheme: d.scheme,
            bytes: d.data,
            warnings: d.warnings,
        });
    }
    if cf.entry("WordDocument").is_some() {
        let wd = cf.stream("WordDocument")?;
        let flags = u16::from_le_bytes([*wd.get(0x0A).unwrap_or(&0), *wd.get(0x0B).unwrap_or(&0)]);
        let table_name = if flags & 0x0200 != 0 {
            "1Table"
        } else {
            "0Table"
        };
        let table = cf.stream(table_name)?;
        let data = cf.stream("Data").ok();
        let d = doc::decrypt_word(&wd, &table, data.as_deref(), options.password.as_deref())?;
        let mut bytes = d.word_document;
        bytes.extend_from_slice(&d.table);
        return Ok(Opened {
            scheme: d.scheme,
            bytes,
            warnings: Vec::new(),
        });
    }
    if cf.entry("PowerPoint Document").is_some() {
        let stream = cf.stream("PowerPoint Document")?;
        let current_user = cf.stream("Current User")?;
        let objects = ppt_objects(&stream, &current_user, options.password.as_deref())?;
        let scheme = objects.1;
        return Ok(Opened {
            scheme,
            bytes: objects.0.into_iter().flat_map(|(_, b)| b).collect(),
            warnings: Vec::new(),
        });
    }
    Err(Error::NotEncrypted("no stream this test knows".into()))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

/// Decrypted persist objects: (persist id, record bytes).
pub type PersistObjects = Vec<(u32, Vec<u8>)>;

/// The persist objects of an encrypted deck, decrypted (persist id, record
/// bytes), following MS-PPT: `Current User` → the UserEditAtom chain → the
/// persist directories (newest entry wins) → CryptSession10Container.
pub fn ppt_objects(
    stream: &[u8],
    current_user: &[u8],
    password: Option<&str>,
) -> Result<(PersistObjects, Scheme), Error> {
    let corrupt = |m: &str| Error::Corrupt(format!("test walker: {m}"));
    // CurrentUserAtom: 8-byte header, size, headerToken, offsetToCurrentEdit.
    let mut edit = u32_at(current_user, 16).ok_or_else(|| corrupt("current user"))? as usize;
    let mut directory: HashMap<u32, u32> = HashMap::new();
    let mut session = None;
    let mut seen = 0;
    while edit != 0 && seen < 1000 {
        seen += 1;
        // UserEditAtom (0x0FF5): offsetLastEdit at +16, offsetPersistDirectory
        // at +20, docPersistIdRef +24, encryptSessionPersistIdRef at +36.
        if u16_at(stream, edit + 2) != Some(0x0FF5) {
            return Err(corrupt("user edit atom"));
        }
        let len = u32_at(stream, edit + 4).ok_or_else(|| corrupt("edit length"))?;
        if session.is_none() && len >= 0x20 {
            session = u32_at(stream, edit + 8 + 28);
        }
        let last = u32_at(stream, edit + 8 + 8).ok_or_else(|| corrupt("last edit"))?;
        let dir = u32_at(stream, edit + 8 + 12).ok_or_else(|| corrupt("directory"))? as usize;
        let dir_len = u32_at(stream, dir + 4).ok_or_else(|| corrupt("directory length"))? as usize;
        let mut at = dir + 8;
        while at + 4 <= dir + 8 + dir_len {
            let head = u32_at(stream, at).ok_or_else(|| corrupt("directory entry"))?;
            let (first, count) = (head & 0xFFFFF, head >> 20);
            for i in 0..count {
                let off = u32_at(stream, at + 4 + 4 * i as usize)
                    .ok_or_else(|| corrupt("directory offset"))?;
                directory.entry(first + i).or_insert(off);
            }
            at += 4 + 4 * count as usize;
        }
        edit = last as usize;
    }
    let session = session.ok_or_else(|| corrupt("no encryptSessionPersistIdRef"))?;
    let cs_at = *directory
        .get(&session)
        .ok_or_else(|| corrupt("session persist"))? as usize;
    if u16_at(stream, cs_at + 2) != Some(ppt::CRYPT_SESSION_10_CONTAINER) {
        return Err(corrupt("CryptSession10Container"));
    }
    let cs_len = u32_at(stream, cs_at + 4).ok_or_else(|| corrupt("session length"))? as usize;
    let cs = stream
        .get(cs_at + 8..cs_at + 8 + cs_len)
        .ok_or_else(|| corrupt("session data"))?;
    let decryptor = ppt::unlock(cs, password)?;
    let mut ids: Vec<u32> = directory
        .keys()
        .copied()
        .filter(|&id| id != session)
        .collect();
    ids.sort_unstable();
    let mut out = Vec::new();
    for id in ids {
        let at = directory[&id] as usize;
        let mut header = stream
            .get(at..at + 8)
            .ok_or_else(|| corrupt("object header"))?
            .to_vec();
        decryptor.decrypt_block(id, 0, &mut header);
        let len = u32_at(&header, 4).unwrap_or(0) as usize;
        let mut rec = stream
            .get(at..(at + 8 + len).min(stream.len()))
            .ok_or_else(|| corrupt("object"))?
            .to_vec();
        decryptor.decrypt_block(id, 0, &mut rec);
        out.push((id, rec));
    }
    Ok((out, decryptor.scheme()))
}

/// Whether `hay` holds `needle` as 8-bit (Latin-1) or UTF-16LE text.
pub fn holds_text(hay: &[u8], needle: &str) -> bool {
    let latin1: Option<Vec<u8>> = needle
        .chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect();
    let utf16: Vec<u8> = needle.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let find = |n: &[u8]| !n.is_empty() && hay.windows(n.len()).any(|w| w == n);
    latin1.is_some_and(|l| find(&l)) || find(&utf16)
}
