//! MS-PPT 2.3.2 CurrentUserAtom, 2.3.3 UserEditAtom, 2.3.4
//! PersistDirectoryAtom: from the `Current User` stream through the chain
//! of edits to the persist directory, newer edits winning.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};

use office_art::RecordHeader;
use office_crypto::binary::Decryptor;

use crate::error::{Warning, WarningKind};
use crate::record::{le_u32, types};

/// `CurrentUserAtom.headerToken` of a plain deck.
pub const TOKEN_PLAIN: u32 = 0xE391_C05F;
/// `CurrentUserAtom.headerToken` of an encrypted deck.
pub const TOKEN_ENCRYPTED: u32 = 0xF3D1_C4DF;

/// The merged persist directory of the newest edit.
#[derive(Debug, Default)]
pub struct Directory {
    /// persist id → offset of the object's record in the stream.
    pub offsets: BTreeMap<u32, u32>,
    /// `docPersistIdRef` of the newest edit.
    pub doc_persist_id: u32,
    /// `encryptSessionPersistIdRef` of the newest edit, when present.
    pub crypt_persist_id: Option<u32>,
    /// Whether the `Current User` token says the deck is encrypted.
    pub encrypted_token: bool,
}

/// `offsetToCurrentEdit` from the `Current User` stream.
pub fn current_edit(current_user: &[u8], warnings: &mut Vec<Warning>) -> Option<(u32, bool)> {
    let header = RecordHeader::parse(current_user)?;
    if header.record_type != types::CURRENT_USER_ATOM {
        warnings.push(Warning::new(
            WarningKind::Persist,
            format!(
                "the Current User stream starts with record 0x{:04X}, not a CurrentUserAtom",
                header.record_type
            ),
            None,
        ));
        return None;
    }
    let token = le_u32(current_user, 12)?;
    let offset = le_u32(current_user, 16)?;
    match token {
        TOKEN_PLAIN => Some((offset, false)),
        TOKEN_ENCRYPTED => Some((offset, true)),
        other => {
            warnings.push(Warning::new(
                WarningKind::Persist,
                format!("unknown Current User token 0x{other:08X}; the edit offset is used anyway"),
                None,
            ));
            Some((offset, false))
        }
    }
}

/// The offset of the last UserEditAtom among the stream's top-level
/// records, for a deck without a usable `Current User` stream.
pub fn last_user_edit(stream: &[u8]) -> Option<u32> {
    let mut last = None;
    for r in office_art::Records::new(stream) {
        if r.header.record_type == types::USER_EDIT_ATOM {
            last = u32::try_from(r.offset).ok();
        }
    }
    last
}

/// Walks the UserEditAtoms from `first` through `offsetLastEdit`, merging
/// their persist directories with newer edits winning.
pub fn directory(
    stream: &[u8],
    first: u32,
    max_edits: u32,
    warnings: &mut Vec<Warning>,
) -> Option<Directory> {
    let mut dir = Directory::default();
    let mut seen = HashSet::new();
    let mut at = first;
    let mut newest = true;
    loop {
        if !seen.insert(at) {
            warnings.push(Warning::new(
                WarningKind::Persist,
                "the chain of edits loops back on itself; older edits are not read",
                Some(u64::from(at)),
            ));
            break;
        }
        if seen.len() as u64 > u64::from(max_edits) {
            warnings.push(Warning::new(
                WarningKind::Limit,
                format!("more than {max_edits} edits; older edits are not read"),
                Some(u64::from(at)),
            ));
            break;
        }
        let Some(body) = record_body(stream, at, types::USER_EDIT_ATOM) else {
            warnings.push(Warning::new(
                WarningKind::Persist,
                "no UserEditAtom where the chain of edits points; older edits are not read",
                Some(u64::from(at)),
            ));
            break;
        };
        let (Some(last_edit), Some(dir_offset), Some(doc_ref)) =
            (le_u32(body, 8), le_u32(body, 12), le_u32(body, 16))
        else {
            warnings.push(Warning::new(
                WarningKind::Record,
                "a UserEditAtom is shorter than its fields",
                Some(u64::from(at)),
            ));
            break;
        };
        if newest {
            dir.doc_persist_id = doc_ref;
            dir.crypt_persist_id = le_u32(body, 28).filter(|_| body.len() >= 32);
            newest = false;
        }
        merge(stream, dir_offset, &mut dir.offsets, warnings);
        if last_edit == 0 {
            break;
        }
        at = last_edit;
    }
    if newest {
        return None;
    }
    Some(dir)
}

/// Adds the entries of the PersistDirectoryAtom at `offset` not yet known.
fn merge(stream: &[u8], offset: u32, into: &mut BTreeMap<u32, u32>, warnings: &mut Vec<Warning>) {
    let Some(body) = record_body(stream, offset, types::PERSIST_DIRECTORY_ATOM) else {
        warnings.push(Warning::new(
            WarningKind::Persist,
            "no PersistDirectoryAtom where a UserEditAtom points; its objects are not read",
            Some(u64::from(offset)),
        ));
        return;
    };
    let mut pos = 0usize;
    while let Some(entry) = le_u32(body, pos) {
        let first_id = entry & 0x000F_FFFF;
        let count = entry >> 20;
        pos += 4;
        for i in 0..count {
            let Some(obj) = le_u32(body, pos) else {
                warnings.push(Warning::new(
                    WarningKind::Record,
                    "a PersistDirectoryEntry runs past its atom",
                    Some(u64::from(offset)),
                ));
                return;
            };
            pos += 4;
            into.entry(first_id.saturating_add(i)).or_insert(obj);
        }
    }
}

/// The body of the record of type `ty` at `offset`, cut to the stream.
pub fn record_body(stream: &[u8], offset: u32, ty: u16) -> Option<&[u8]> {
    let at = usize::try_from(offset).ok()?;
    let header = RecordHeader::parse(stream.get(at..)?)?;
    if header.record_type != ty {
        return None;
    }
    let start = at.checked_add(8)?;
    let end = start
        .saturating_add(header.length as usize)
        .min(stream.len());
    stream.get(start..end)
}

/// Loads persist objects: the record at a persist id's offset, decrypted
/// when the deck is encrypted, cut to the stream.
pub struct Objects<'a> {
    pub stream: &'a [u8],
    pub dir: Directory,
    pub decryptor: Option<Decryptor>,
}

impl<'a> Objects<'a> {
    /// The whole record (header and body) of `persist_id`.
    pub fn get(&self, persist_id: u32) -> Option<Cow<'a, [u8]>> {
        let offset = usize::try_from(*self.dir.offsets.get(&persist_id)?).ok()?;
        let rest = self.stream.get(offset..)?;
        match &self.decryptor {
            None => {
                let h = RecordHeader::parse(rest)?;
                let len = (h.length as usize).saturating_add(8).min(rest.len());
                Some(Cow::Borrowed(rest.get(..len)?))
            }
            Some(d) => {
                let mut head = rest.get(..8)?.to_vec();
                d.decrypt_block(persist_id, 0, &mut head);
                let h = RecordHeader::parse(&head)?;
                let len = (h.length as usize).saturating_add(8).min(rest.len());
                let mut all = rest.get(..len)?.to_vec();
                d.decrypt_block(persist_id, 0, &mut all);
                Some(Cow::Owned(all))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(ty: u16, body: &[u8]) -> Vec<u8> {
        let mut out = 0u16.to_le_bytes().to_vec();
        out.extend(ty.to_le_bytes());
        out.extend((body.len() as u32).to_le_bytes());
        out.extend(body);
        out
    }

    fn edit(last: u32, dir: u32, doc: u32) -> Vec<u8> {
        let mut b = vec![0u8; 8];
        b.extend(last.to_le_bytes());
        b.extend(dir.to_le_bytes());
        b.extend(doc.to_le_bytes());
        b.extend([0u8; 8]);
        rec(types::USER_EDIT_ATOM, &b)
    }

    fn dir(entries: &[(u32, &[u32])]) -> Vec<u8> {
        let mut b = Vec::new();
        for (id, offs) in entries {
            b.extend((id | ((offs.len() as u32) << 20)).to_le_bytes());
            for o in *offs {
                b.extend(o.to_le_bytes());
            }
        }
        rec(types::PERSIST_DIRECTORY_ATOM, &b)
    }

    #[test]
    fn newer_edits_win_and_older_ones_fill_in() {
        let mut s = dir(&[(1, &[100, 200])]); // at 0: ids 1, 2
        let e1 = s.len() as u32;
        s.extend(edit(0, 0, 1));
        let d2 = s.len() as u32;
        s.extend(dir(&[(2, &[300])]));
        let e2 = s.len() as u32;
        s.extend(edit(e1, d2, 1));
        let mut w = Vec::new();
        let d = directory(&s, e2, 100, &mut w).unwrap();
        assert_eq!(d.offsets.get(&1), Some(&100));
        assert_eq!(d.offsets.get(&2), Some(&300));
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn a_cycle_in_the_edit_chain_stops_with_a_warning() {
        let mut s = dir(&[(1, &[0])]);
        let e = s.len() as u32;
        s.extend(edit(e, 0, 1)); // points at itself
        let mut w = Vec::new();
        let d = directory(&s, e, 100, &mut w).unwrap();
        assert_eq!(d.doc_persist_id, 1);
        assert!(w.iter().any(|w| w.kind == WarningKind::Persist));
    }

    #[test]
    fn offsets_outside_the_stream_are_no_edit() {
        let mut w = Vec::new();
        assert!(directory(&[0; 4], 1_000_000, 100, &mut w).is_none());
        assert!(!w.is_empty());
        // A directory entry whose count runs past the atom.
        let s = rec(
            types::PERSIST_DIRECTORY_ATOM,
            &(1u32 | (4000 << 20)).to_le_bytes(),
        );
        let mut m = BTreeMap::new();
        merge(&s, 0, &mut m, &mut w);
        assert!(m.is_empty());
        assert!(w.iter().any(|w| w.kind == WarningKind::Record));
    }

    #[test]
    fn current_user_tokens() {
        let mut body = 0x14u32.to_le_bytes().to_vec();
        body.extend(TOKEN_ENCRYPTED.to_le_bytes());
        body.extend(1234u32.to_le_bytes());
        let cu = rec(types::CURRENT_USER_ATOM, &body);
        assert_eq!(current_edit(&cu, &mut Vec::new()), Some((1234, true)));
        assert_eq!(current_edit(&cu[..10], &mut Vec::new()), None);
    }
}
