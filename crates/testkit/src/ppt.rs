//! A small PowerPoint 97–2003 record writer (MS-PPT) for `ppt-text`'s
//! fixtures and tests: records, text boxes, shapes and groups, slides, the
//! Document container, and a stream of edits with persist directories.

use std::collections::BTreeMap;

use crate::crypto::BinaryScheme;

/// A record: header (`recVer`, `recInstance`, `recType`, length) and body.
pub fn rec(ver: u8, instance: u16, ty: u16, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + body.len());
    out.extend((u16::from(ver) | (instance << 4)).to_le_bytes());
    out.extend(ty.to_le_bytes());
    out.extend((body.len() as u32).to_le_bytes());
    out.extend(body);
    out
}

/// A container record (`recVer` 0xF) of `children`.
pub fn container(instance: u16, ty: u16, children: &[Vec<u8>]) -> Vec<u8> {
    rec(0xF, instance, ty, &children.concat())
}

/// TextHeaderAtom + TextCharsAtom (UTF-16) of `text` (`\r` between paragraphs).
pub fn text_atoms(text_type: u32, text: &str) -> Vec<u8> {
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    [
        rec(0, 0, 0x0F9F, &text_type.to_le_bytes()),
        rec(0, 0, 0x0FA0, &utf16),
    ]
    .concat()
}

/// TextHeaderAtom + TextBytesAtom (Latin-1) of `text`.
pub fn text_bytes_atoms(text_type: u32, text: &str) -> Vec<u8> {
    let bytes: Vec<u8> = text.chars().map(|c| c as u8).collect();
    [
        rec(0, 0, 0x0F9F, &text_type.to_le_bytes()),
        rec(0, 0, 0x0FA8, &bytes),
    ]
    .concat()
}

/// An OfficeArtClientTextbox holding `records`.
pub fn client_textbox(records: &[u8]) -> Vec<u8> {
    rec(0xF, 0, 0xF00D, records)
}

/// A ClientTextbox with one text of `text_type`.
pub fn textbox(text_type: u32, text: &str) -> Vec<u8> {
    client_textbox(&text_atoms(text_type, text))
}

/// A ClientTextbox pointing at outline text `index` of the slide list.
pub fn outline_ref(index: u32) -> Vec<u8> {
    client_textbox(&rec(0, 0, 0x0F9E, &index.to_le_bytes()))
}

/// An OfficeArtSpContainer: FSP (type 202, text box), a ClientData with an
/// OEPlaceholderAtom when `placeholder` is given, and `textbox`.
pub fn shape(spid: u32, flags: u32, placeholder: Option<u8>, textbox: Option<&[u8]>) -> Vec<u8> {
    let mut fsp = spid.to_le_bytes().to_vec();
    fsp.extend(flags.to_le_bytes());
    let mut kids = vec![rec(2, 202, 0xF00A, &fsp)];
    if let Some(p) = placeholder {
        let mut atom = 0u32.to_le_bytes().to_vec();
        atom.extend([p, 0, 0, 0]);
        kids.push(container(0, 0xF011, &[rec(0, 0, 0x0BC3, &atom)]));
    }
    if let Some(t) = textbox {
        kids.push(t.to_vec());
    }
    container(0, 0xF004, &kids)
}

/// An OfficeArtSpgrContainer: its group shape, then `members`.
pub fn group(spid: u32, flags: u32, members: &[Vec<u8>]) -> Vec<u8> {
    let mut kids = vec![shape(spid, flags | 0x1, None, None)];
    kids.extend(members.iter().cloned());
    container(0, 0xF003, &kids)
}

/// A PPDrawing: an OfficeArtDgContainer whose patriarch group holds `shapes`.
pub fn drawing(shapes: &[Vec<u8>]) -> Vec<u8> {
    let patriarch = group(1024, 0x4, shapes);
    container(0, 0x040C, &[container(0, 0xF002, &[patriarch])])
}

/// A Slide (0x03EE) container: SlideAtom with `notes_id_ref`, the drawing, `extra`.
pub fn slide(notes_id_ref: u32, drawing: &[u8], extra: &[Vec<u8>]) -> Vec<u8> {
    let mut atom = vec![0u8; 24];
    atom[16..20].copy_from_slice(&notes_id_ref.to_le_bytes());
    let mut kids = vec![rec(2, 0, 0x03EF, &atom), drawing.to_vec()];
    kids.extend(extra.iter().cloned());
    container(0, 0x03EE, &kids)
}

/// A Notes (0x03F0) container with a NotesAtom and the drawing.
pub fn notes(drawing: &[u8]) -> Vec<u8> {
    container(0, 0x03F0, &[rec(1, 0, 0x03F1, &[0; 8]), drawing.to_vec()])
}

/// A MainMaster (0x03F8) container with the drawing.
pub fn main_master(drawing: &[u8]) -> Vec<u8> {
    container(0, 0x03F8, &[rec(2, 0, 0x03EF, &[0; 24]), drawing.to_vec()])
}

/// One SlidePersistAtom of a slide list and its outline texts (type, text).
pub struct ListEntry<'a> {
    pub persist_id: u32,
    pub slide_id: u32,
    pub texts: &'a [(u32, &'a str)],
}

/// A SlideListWithText of `instance` (0 slides, 1 masters, 2 notes).
pub fn slide_list(instance: u16, entries: &[ListEntry<'_>]) -> Vec<u8> {
    let mut kids = Vec::new();
    for e in entries {
        let mut atom = e.persist_id.to_le_bytes().to_vec();
        atom.extend(0u32.to_le_bytes());
        atom.extend((e.texts.len() as u32).to_le_bytes());
        atom.extend(e.slide_id.to_le_bytes());
        atom.extend(0u32.to_le_bytes());
        kids.push(rec(0, 0, 0x03F3, &atom));
        for (ty, t) in e.texts {
            kids.push(text_atoms(*ty, t));
        }
    }
    container(instance, 0x0FF0, &kids)
}

/// A HeadersFooters container of `instance` (3 slides, 4 notes): flags and CStrings.
pub fn headers_footers(
    instance: u16,
    flags: u16,
    header: Option<&str>,
    footer: Option<&str>,
) -> Vec<u8> {
    let mut atom = 0u16.to_le_bytes().to_vec();
    atom.extend(flags.to_le_bytes());
    let mut kids = vec![rec(0, 0, 0x0FDA, &atom)];
    let cs = |i: u16, s: &str| {
        let b: Vec<u8> = s.encode_utf16().flat_map(u16::to_le_bytes).collect();
        rec(0, i, 0x0FBA, &b)
    };
    if let Some(h) = header {
        kids.push(cs(1, h));
    }
    if let Some(f) = footer {
        kids.push(cs(2, f));
    }
    container(instance, 0x0FD9, &kids)
}

/// A Comment10 container in a slide's PP10 binary tag, as PowerPoint writes it.
pub fn comment(author: &str, text: &str) -> Vec<u8> {
    let cs = |i: u16, s: &str| {
        let b: Vec<u8> = s.encode_utf16().flat_map(u16::to_le_bytes).collect();
        rec(0, i, 0x0FBA, &b)
    };
    let comment = container(
        0,
        0x2EE0,
        &[cs(0, author), cs(1, text), rec(0, 0, 0x2EE1, &[0; 28])],
    );
    let blob = rec(0, 0, 0x138B, &comment);
    container(
        0,
        0x1388,
        &[container(0, 0x138A, &[cs(0, "___PPT10"), blob])],
    )
}

/// A Document (0x03E8) container: a DocumentAtom, then `children` (slide lists, HeadersFooters).
pub fn document(children: &[Vec<u8>]) -> Vec<u8> {
    let mut kids = vec![rec(1, 0, 0x03E9, &[0; 40])];
    kids.extend(children.iter().cloned());
    container(0, 0x03E8, &kids)
}

/// A `PowerPoint Document` stream written as a sequence of saves.
#[derive(Default)]
pub struct Deck {
    stream: Vec<u8>,
    pending: BTreeMap<u32, u32>,
    last_edit: u32,
    crypt_session: Option<u32>,
}

impl Deck {
    pub fn new() -> Deck {
        Deck::default()
    }

    /// Appends `record` as the object of `persist_id` in the current save.
    pub fn put(&mut self, persist_id: u32, record: &[u8]) {
        self.pending.insert(persist_id, self.stream.len() as u32);
        self.stream.extend(record);
    }

    /// Appends raw bytes that no persist id names (left-over old text).
    pub fn junk(&mut self, bytes: &[u8]) {
        self.stream.extend(bytes);
    }

    /// Ends a save: its PersistDirectoryAtom (one entry per id) and UserEditAtom.
    pub fn commit(&mut self, doc_persist_id: u32) {
        let dir_offset = self.stream.len() as u32;
        let mut body = Vec::new();
        for (id, off) in std::mem::take(&mut self.pending) {
            body.extend((id | (1 << 20)).to_le_bytes());
            body.extend(off.to_le_bytes());
        }
        self.stream.extend(rec(0, 0, 0x1772, &body));
        let edit_offset = self.stream.len() as u32;
        let mut edit = Vec::new();
        edit.extend(0u32.to_le_bytes()); // lastSlideIdRef
        edit.extend(0u16.to_le_bytes()); // version
        edit.extend([0, 3]); // minor, major
        edit.extend(self.last_edit.to_le_bytes());
        edit.extend(dir_offset.to_le_bytes());
        edit.extend(doc_persist_id.to_le_bytes());
        edit.extend(64u32.to_le_bytes()); // persistIdSeed
        edit.extend([1, 0, 0, 0]); // lastView, unused
        if let Some(id) = self.crypt_session {
            edit.extend(id.to_le_bytes()); // encryptSessionPersistIdRef
        }
        self.stream.extend(rec(0, 0, 0x0FF5, &edit));
        self.last_edit = edit_offset;
    }

    /// Appends `record` as the object of `persist_id`, RC4 CryptoAPI
    /// encrypted with the persist id as block number (MS-PPT 2.3.7).
    pub fn put_encrypted(&mut self, persist_id: u32, record: &[u8], scheme: &BinaryScheme) {
        use rc4::{KeyInit, StreamCipher};
        let mut data = record.to_vec();
        let mut c =
            rc4::Rc4::new_from_slice(&scheme.block_key(persist_id)).expect("RC4 key length");
        c.apply_keystream(&mut data);
        self.put(persist_id, &data);
    }

    /// Appends the CryptSession10Container of `scheme` as `persist_id`
    /// (in clear) and names it in every later UserEditAtom.
    pub fn crypt_session(&mut self, persist_id: u32, scheme: &BinaryScheme) {
        self.put(persist_id, &rec(0xF, 0, 0x2F14, &scheme.header()));
        self.crypt_session = Some(persist_id);
    }

    /// The `PowerPoint Document` stream and its `Current User` stream
    /// (with the encrypted token when a CryptSession10Container was written).
    pub fn finish(self) -> (Vec<u8>, Vec<u8>) {
        let mut cu = current_user(self.last_edit);
        if self.crypt_session.is_some() {
            cu[12..16].copy_from_slice(&0xF3D1_C4DFu32.to_le_bytes());
        }
        (self.stream, cu)
    }
}

/// A `Current User` stream pointing at the edit at `offset`.
pub fn current_user(offset: u32) -> Vec<u8> {
    let mut body = Vec::new();
    body.extend(0x14u32.to_le_bytes());
    body.extend(0xE391_C05Fu32.to_le_bytes());
    body.extend(offset.to_le_bytes());
    body.extend(4u16.to_le_bytes());
    body.extend(0x03F4u16.to_le_bytes());
    body.extend([3, 0, 0, 0]);
    body.extend(b"test");
    body.extend(8u32.to_le_bytes());
    rec(0, 0, 0x0FF6, &body)
}
