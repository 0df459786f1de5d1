//! PDF writers for fixtures, tests and benches: [`Pdf`] writes objects and
//! streams byte by byte and ends the file with a classic xref table (per
//! object, or one contiguous section) or an xref stream; [`Doc`] builds
//! whole documents — pages, image XObjects, attachments (the
//! `/EmbeddedFiles` name tree and `FileAttachment` annotations),
//! annotations and an AcroForm — on top of it. Output is deterministic.

use std::fmt::Write as _;

/// The header most fixtures use: `%PDF-1.7` and a binary comment line.
pub const HEADER: &[u8] = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n";

/// zlib at level 9 (what `/FlateDecode` streams of the fixtures hold).
pub fn zlib(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 9)
}

/// Upper-case hex digits of `data` (the body of a hex string, no brackets).
pub fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02X}")).collect()
}

/// A text string in UTF-16BE with its BOM, as a hex string `<FEFF…>`.
pub fn utf16_string(s: &str) -> String {
    let bytes: Vec<u8> = std::iter::once(0xFEFF_u16)
        .chain(s.encode_utf16())
        .flat_map(u16::to_be_bytes)
        .collect();
    format!("<{}>", hex(&bytes))
}

/// A literal string `( … )` with `\`, `(` and `)` escaped.
pub fn literal(s: &str) -> String {
    let mut out = String::from("(");
    for c in s.chars() {
        if matches!(c, '\\' | '(' | ')') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(')');
    out
}

/// A PDF being written: the bytes so far and where each object starts.
#[derive(Debug, Clone)]
pub struct Pdf {
    /// The file so far.
    pub out: Vec<u8>,
    /// `(object number, offset)` of every object written, in write order.
    pub offsets: Vec<(u32, usize)>,
    /// `(object number, object stream, index)` of objects written into
    /// object streams ([`Pdf::object_stream`]), for an xref stream.
    pub compressed: Vec<(u32, u32, u16)>,
}

impl Default for Pdf {
    fn default() -> Self {
        Self::new()
    }
}

impl Pdf {
    /// A file starting with [`HEADER`].
    pub fn new() -> Pdf {
        Pdf::with_header(HEADER)
    }

    /// A file starting with `header` (the `%PDF-x.y` line and any comment).
    pub fn with_header(header: &[u8]) -> Pdf {
        Pdf {
            out: header.to_vec(),
            offsets: Vec::new(),
            compressed: Vec::new(),
        }
    }

    /// `num 0 obj`, `body`, `endobj`, each on its own line.
    pub fn obj(&mut self, num: u32, body: impl AsRef<[u8]>) -> &mut Pdf {
        self.offsets.push((num, self.out.len()));
        self.out
            .extend_from_slice(format!("{num} 0 obj\n").as_bytes());
        self.out.extend_from_slice(body.as_ref());
        self.out.extend_from_slice(b"\nendobj\n");
        self
    }

    /// A stream object whose dictionary is `dict` exactly as given (with
    /// its `/Length`): `dict`, `stream`, the data, `endstream`.
    pub fn stream_with_dict(&mut self, num: u32, dict: &str, data: &[u8]) -> &mut Pdf {
        let mut body = format!("{dict}\nstream\n").into_bytes();
        body.extend_from_slice(data);
        body.extend_from_slice(b"\nendstream");
        self.obj(num, body)
    }

    /// A stream object with dictionary `<< entries /Length n >>`.
    pub fn stream(&mut self, num: u32, entries: &str, data: &[u8]) -> &mut Pdf {
        self.stream_with_dict(
            num,
            &format!("<< {entries} /Length {} >>", data.len()),
            data,
        )
    }

    /// A stream object holding `data` deflated, with `/Filter /FlateDecode`
    /// after `entries`.
    pub fn flate_stream(&mut self, num: u32, entries: &str, data: &[u8]) -> &mut Pdf {
        let entries = if entries.is_empty() {
            "/Filter /FlateDecode".to_string()
        } else {
            format!("{entries} /Filter /FlateDecode")
        };
        self.stream(num, &entries, &zlib(data))
    }

    /// A deflated object stream `num` holding `objects` (§7.5.7); only an
    /// xref stream ([`Pdf::finish_xref_stream`]) can find what it holds.
    pub fn object_stream(&mut self, num: u32, objects: &[(u32, String)]) -> &mut Pdf {
        let mut header = String::new();
        let mut body = String::new();
        for (i, (n, text)) in objects.iter().enumerate() {
            let _ = write!(header, "{n} {} ", body.len());
            body.push_str(text);
            body.push('\n');
            self.compressed
                .push((*n, num, u16::try_from(i).unwrap_or(u16::MAX)));
        }
        let first = header.len();
        let data = [header.into_bytes(), body.into_bytes()].concat();
        self.flate_stream(
            num,
            &format!("/Type /ObjStm /N {} /First {first}", objects.len()),
            &data,
        )
    }

    /// Where object `num` starts (its last copy).
    pub fn offset(&self, num: u32) -> Option<usize> {
        self.offsets
            .iter()
            .rev()
            .find(|(n, _)| *n == num)
            .map(|(_, o)| *o)
    }

    /// Appends a classic xref table with one subsection per object written
    /// since `offsets[from]` (plus the free head when `from` is 0), the
    /// trailer `<< /Size n trailer >>`, `startxref` and `%%EOF`; returns
    /// the table's offset (for a later section's `/Prev`).
    pub fn xref(&mut self, from: usize, trailer: &str) -> usize {
        let mut offs: Vec<(u32, usize)> = self.offsets[from..].to_vec();
        offs.sort_unstable();
        let at = self.out.len();
        let mut t = String::from("xref\n");
        if from == 0 {
            t.push_str("0 1\n0000000000 65535 f \n");
        }
        for (num, off) in offs {
            let _ = write!(t, "{num} 1\n{off:010} 00000 n \n");
        }
        let size = self.offsets.iter().map(|(n, _)| n + 1).max().unwrap_or(1);
        let _ = write!(
            t,
            "trailer\n<< /Size {size} {trailer} >>\nstartxref\n{at}\n%%EOF\n"
        );
        self.out.extend_from_slice(t.as_bytes());
        at
    }

    /// The file with [`Pdf::xref`] of every object appended (the writer
    /// keeps its state, so it can be finished again after more objects).
    pub fn finish(&self, trailer: &str) -> Vec<u8> {
        let mut p = self.clone();
        p.xref(0, trailer);
        p.out
    }

    /// The file with one contiguous xref section `0 n+1` for objects 1 to
    /// n written in that order.
    pub fn finish_contiguous(&self, trailer: &str) -> Vec<u8> {
        let mut out = self.out.clone();
        let xref = out.len();
        let n = self.offsets.len();
        let mut t = format!("xref\n0 {}\n0000000000 65535 f \n", n + 1);
        for (_, off) in &self.offsets {
            let _ = writeln!(t, "{off:010} 00000 n ");
        }
        let _ = write!(
            t,
            "trailer\n<< /Size {} {trailer} >>\nstartxref\n{xref}\n%%EOF\n",
            n + 1
        );
        out.extend_from_slice(t.as_bytes());
        out
    }

    /// The file ended by a deflated xref stream (object `num`, `/W [1 4 2]`)
    /// over every object written; `trailer` goes into its dictionary.
    pub fn finish_xref_stream(&self, num: u32, trailer: &str) -> Vec<u8> {
        let mut p = self.clone();
        let at = p.out.len();
        let size = p
            .offsets
            .iter()
            .map(|(n, _)| *n)
            .chain(p.compressed.iter().map(|(n, _, _)| *n))
            .chain([num])
            .max()
            .unwrap_or(0)
            + 1;
        let mut rows = vec![[0u8; 7]; size as usize];
        rows[0] = [0, 0, 0, 0, 0, 0xFF, 0xFF];
        let mut offsets = p.offsets.clone();
        offsets.push((num, at));
        for (n, off) in offsets {
            let o = u32::try_from(off).unwrap_or(u32::MAX).to_be_bytes();
            rows[n as usize] = [1, o[0], o[1], o[2], o[3], 0, 0];
        }
        for (n, stm, i) in &p.compressed {
            let s = stm.to_be_bytes();
            let i = i.to_be_bytes();
            rows[*n as usize] = [2, s[0], s[1], s[2], s[3], i[0], i[1]];
        }
        p.stream(
            num,
            &format!("/Type /XRef /Size {size} /W [1 4 2] {trailer} /Filter /FlateDecode"),
            &zlib(&rows.concat()),
        );
        p.out
            .extend_from_slice(format!("startxref\n{at}\n%%EOF\n").as_bytes());
        p.out
    }
}

/// A file to attach: name, bytes and what the specification says of it.
#[derive(Debug, Clone, Default)]
pub struct Attachment<'a> {
    /// `/UF` (UTF-16) and `/F` (its ASCII approximation).
    pub name: &'a str,
    /// The bytes.
    pub data: &'a [u8],
    /// `/Subtype` of the embedded file stream, as a media type.
    pub media_type: Option<&'a str>,
    /// `/Desc` of the file specification.
    pub description: Option<&'a str>,
    /// `/Params /ModDate`.
    pub modified: Option<&'a str>,
    /// Whether the stream is deflated.
    pub flate: bool,
}

/// A whole document under construction: object 1 is the catalog, 2 the
/// page tree; the rest are numbered as they are added.
#[derive(Debug, Clone)]
pub struct Doc {
    /// The writer.
    pub pdf: Pdf,
    next: u32,
    pages: Vec<u32>,
    names: Vec<(String, u32)>,
    fields: Vec<u32>,
    /// Text appended to the catalog dictionary.
    pub catalog_extra: String,
}

impl Default for Doc {
    fn default() -> Self {
        Self::new()
    }
}

impl Doc {
    /// An empty document with [`HEADER`].
    pub fn new() -> Doc {
        Doc {
            pdf: Pdf::new(),
            next: 3,
            pages: Vec::new(),
            names: Vec::new(),
            fields: Vec::new(),
            catalog_extra: String::new(),
        }
    }

    /// A fresh object number.
    pub fn alloc(&mut self) -> u32 {
        let n = self.next;
        self.next += 1;
        n
    }

    /// An object with a fresh number; returns it.
    pub fn add(&mut self, body: impl AsRef<[u8]>) -> u32 {
        let n = self.alloc();
        self.pdf.obj(n, body);
        n
    }

    /// A stream `<< entries /Length n >>` with a fresh number; returns it.
    pub fn add_stream(&mut self, entries: &str, data: &[u8]) -> u32 {
        let n = self.alloc();
        self.pdf.stream(n, entries, data);
        n
    }

    /// A page of 612 × 792 with `resources` (the dictionary's entries),
    /// `content` (deflated) and `extra` page entries (`/Annots […]`);
    /// returns the page's object number. Pages are numbered `page_ref(i)`.
    pub fn page(&mut self, resources: &str, content: &[u8], extra: &str) -> u32 {
        let content_num = self.alloc();
        self.pdf.flate_stream(content_num, "", content);
        let n = self.alloc();
        self.pdf.obj(
            n,
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << {resources} >> /Contents {content_num} 0 R {extra}>>"
            ),
        );
        self.pages.push(n);
        n
    }

    /// Page objects to come can be referred to before they are written:
    /// reserve a number and pass it to [`Doc::page_at`].
    pub fn page_at(&mut self, n: u32, resources: &str, content: &[u8], extra: &str) {
        let content_num = self.alloc();
        self.pdf.flate_stream(content_num, "", content);
        self.pdf.obj(
            n,
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << {resources} >> /Contents {content_num} 0 R {extra}>>"
            ),
        );
        self.pages.push(n);
    }

    /// An embedded file stream and its file specification; returns the
    /// specification's number (for a `FileAttachment` annotation's `/FS`).
    pub fn file_spec(&mut self, a: &Attachment<'_>) -> u32 {
        let mut entries = String::from("/Type /EmbeddedFile");
        if let Some(m) = a.media_type {
            let _ = write!(entries, " /Subtype /{}", m.replace('/', "#2F"));
        }
        let _ = write!(entries, " /Params << /Size {}", a.data.len());
        if let Some(d) = a.modified {
            let _ = write!(entries, " /ModDate {}", literal(d));
        }
        entries.push_str(" >>");
        let stream = self.alloc();
        if a.flate {
            self.pdf.flate_stream(stream, &entries, a.data);
        } else {
            self.pdf.stream(stream, &entries, a.data);
        }
        let ascii: String = a
            .name
            .chars()
            .map(|c| if c.is_ascii() { c } else { '_' })
            .collect();
        let mut spec = format!(
            "<< /Type /Filespec /F {} /UF {} /EF << /F {stream} 0 R /UF {stream} 0 R >>",
            literal(&ascii),
            utf16_string(a.name)
        );
        if let Some(d) = a.description {
            let _ = write!(spec, " /Desc {}", literal(d));
        }
        spec.push_str(" >>");
        self.add(spec)
    }

    /// A file in the `/EmbeddedFiles` name tree (keys sorted when written).
    pub fn attach(&mut self, a: &Attachment<'_>) -> u32 {
        let spec = self.file_spec(a);
        self.names.push((a.name.to_string(), spec));
        spec
    }

    /// An image XObject `<< /Type /XObject /Subtype /Image entries >>` with
    /// `samples`, deflated when `flate`; returns its number.
    pub fn image(&mut self, entries: &str, samples: &[u8], flate: bool) -> u32 {
        let n = self.alloc();
        let entries = format!("/Type /XObject /Subtype /Image {entries}");
        if flate {
            self.pdf.flate_stream(n, &entries, samples);
        } else {
            self.pdf.stream(n, &entries, samples);
        }
        n
    }

    /// A root field of the AcroForm (its dictionary written by the caller).
    pub fn field(&mut self, num: u32) {
        self.fields.push(num);
    }

    /// Writes the catalog and page tree and ends the file with a classic xref.
    pub fn finish(mut self) -> Vec<u8> {
        self.write_roots();
        self.pdf.finish("/Root 1 0 R")
    }

    /// As [`Doc::finish`], ending with an xref stream.
    pub fn finish_xref_stream(mut self) -> Vec<u8> {
        self.write_roots();
        let n = self.alloc();
        self.pdf.finish_xref_stream(n, "/Root 1 0 R")
    }

    fn write_roots(&mut self) {
        let mut catalog = String::from("<< /Type /Catalog /Pages 2 0 R");
        if !self.names.is_empty() {
            let mut names = std::mem::take(&mut self.names);
            names.sort();
            let mut arr = String::new();
            for (k, v) in &names {
                let _ = write!(arr, "{} {v} 0 R ", utf16_string(k));
            }
            let tree = self.add(format!("<< /Names [{}] >>", arr.trim_end()));
            let _ = write!(catalog, " /Names << /EmbeddedFiles {tree} 0 R >>");
        }
        if !self.fields.is_empty() {
            let f: Vec<String> = self.fields.iter().map(|n| format!("{n} 0 R")).collect();
            let _ = write!(
                catalog,
                " /AcroForm << /Fields [{}] /NeedAppearances true >>",
                f.join(" ")
            );
        }
        catalog.push_str(&self.catalog_extra);
        catalog.push_str(" >>");
        self.pdf.obj(1, catalog);
        let kids: Vec<String> = self.pages.iter().map(|n| format!("{n} 0 R")).collect();
        self.pdf.obj(
            2,
            format!(
                "<< /Type /Pages /Kids [{}] /Count {} >>",
                kids.join(" "),
                self.pages.len()
            ),
        );
    }
}

/// A one-page document with `n` attachments of one byte each
/// (`f00001.txt`, …) in an `/EmbeddedFiles` name tree of kids of 100
/// names; the file specifications and tree nodes sit in object streams and
/// an xref stream ends the file, so the file stays small (about 45 bytes an
/// attachment).
pub fn many_attachments(n: u32) -> Vec<u8> {
    let mut d = Doc::new();
    d.page(HELVETICA, &text_content(&[&format!("{n} attachments")]), "");
    let mut compressed = Vec::new();
    let mut kids = Vec::new();
    let names: Vec<String> = (1..=n).map(|i| format!("f{i:05}.txt")).collect();
    for chunk in names.chunks(100) {
        let mut arr = String::new();
        for name in chunk {
            let stream = d.alloc();
            let byte = [b'a' + (stream % 26) as u8];
            d.pdf.stream_with_dict(stream, "<</Length 1>>", &byte);
            let spec = d.alloc();
            compressed.push((spec, format!("<</F({name})/EF<</F {stream} 0 R>>>>")));
            let _ = write!(arr, "({name}) {spec} 0 R ");
        }
        let kid = d.alloc();
        let (lo, hi) = (&chunk[0], &chunk[chunk.len() - 1]);
        compressed.push((
            kid,
            format!("<</Limits[({lo})({hi})]/Names[{}]>>", arr.trim_end()),
        ));
        kids.push(format!("{kid} 0 R"));
    }
    let root = d.alloc();
    compressed.push((root, format!("<</Kids[{}]>>", kids.join(" "))));
    for part in compressed.chunks(1000) {
        let stm = d.alloc();
        d.pdf.object_stream(stm, part);
    }
    d.catalog_extra = format!(" /Names << /EmbeddedFiles {root} 0 R >>");
    d.finish_xref_stream()
}

/// A content stream drawing `lines` of Helvetica (`/F1`) from the top left.
pub fn text_content(lines: &[&str]) -> Vec<u8> {
    let mut s = String::from("BT /F1 12 Tf 72 720 Td 14 TL\n");
    for l in lines {
        let _ = writeln!(s, "{} Tj T*", literal(l));
    }
    s.push_str("ET\n");
    s.into_bytes()
}

/// The font resource entry [`text_content`] expects.
pub const HELVETICA: &str = "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >>";

/// A DEFLATE bit writer (RFC 1951 §3.1.1: values LSB first, Huffman codes
/// MSB first), for the hand-built streams of [`self_attaching`].
struct Bits {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl Bits {
    fn new() -> Bits {
        Bits {
            out: Vec::new(),
            acc: 0,
            n: 0,
        }
    }

    fn put(&mut self, v: u32, len: u32) {
        for i in 0..len {
            self.acc |= ((v >> i) & 1) << self.n;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                self.acc = 0;
                self.n = 0;
            }
        }
    }

    fn code(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.put((code >> i) & 1, 1);
        }
    }

    fn bits(&self) -> usize {
        self.out.len() * 8 + self.n as usize
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// `(symbol, base)` of the length codes and `(code, base)` of the distance
/// codes (RFC 1951 §3.2.5), each with its extra bits.
const LENGTHS: [(u32, u32, u32); 29] = [
    (257, 3, 0),
    (258, 4, 0),
    (259, 5, 0),
    (260, 6, 0),
    (261, 7, 0),
    (262, 8, 0),
    (263, 9, 0),
    (264, 10, 0),
    (265, 11, 1),
    (266, 13, 1),
    (267, 15, 1),
    (268, 17, 1),
    (269, 19, 2),
    (270, 23, 2),
    (271, 27, 2),
    (272, 31, 2),
    (273, 35, 3),
    (274, 43, 3),
    (275, 51, 3),
    (276, 59, 3),
    (277, 67, 4),
    (278, 83, 4),
    (279, 99, 4),
    (280, 115, 4),
    (281, 131, 5),
    (282, 163, 5),
    (283, 195, 5),
    (284, 227, 5),
    (285, 258, 0),
];
const DISTANCES: [(u32, u32); 30] = [
    (1, 0),
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 1),
    (7, 1),
    (9, 2),
    (13, 2),
    (17, 3),
    (25, 3),
    (33, 4),
    (49, 4),
    (65, 5),
    (97, 5),
    (129, 6),
    (193, 6),
    (257, 7),
    (385, 7),
    (513, 8),
    (769, 8),
    (1025, 9),
    (1537, 9),
    (2049, 10),
    (3073, 10),
    (4097, 11),
    (6145, 11),
    (8193, 12),
    (12289, 12),
    (16385, 13),
    (24577, 13),
];

/// A fixed-Huffman block copying `(length, distance)` pairs, then `empty`
/// empty fixed blocks; `last` sets BFINAL on the final block.
fn repeat_op(pairs: &[(u32, u32)], empty: usize, last: bool) -> Vec<u8> {
    let mut b = Bits::new();
    b.put(u32::from(last && empty == 0), 1);
    b.put(1, 2);
    for &(len, dist) in pairs {
        let &(sym, base, extra) = LENGTHS
            .iter()
            .rev()
            .find(|(s, base, _)| *base <= len && (*s != 284 || len < 258))
            .unwrap_or(&LENGTHS[0]);
        if sym < 280 {
            b.code(sym - 256, 7);
        } else {
            b.code(0xC0 + sym - 280, 8);
        }
        b.put(len - base, extra);
        let (code, (dbase, dextra)) = DISTANCES
            .iter()
            .enumerate()
            .rev()
            .find(|(_, (base, _))| *base <= dist)
            .map(|(c, d)| (c as u32, *d))
            .unwrap_or((0, (1, 0)));
        b.code(code, 5);
        b.put(dist - dbase, dextra);
    }
    b.code(0, 7);
    for i in 0..empty {
        b.put(u32::from(last && i + 1 == empty), 1);
        b.put(1, 2);
        b.code(0, 7);
    }
    assert!(
        last || b.bits().is_multiple_of(8),
        "a repeat op must end on a byte"
    );
    b.finish()
}

/// A stored-block header for `len` literal bytes (5 bytes).
fn literal_op(len: u16) -> Vec<u8> {
    let mut v = vec![0u8];
    v.extend_from_slice(&len.to_le_bytes());
    v.extend_from_slice(&(!len).to_le_bytes());
    v
}

/// A PDF that attaches itself: its one attachment's embedded file stream,
/// inflated, is the whole file, byte for byte (same SHA-256). The stream is
/// a DEFLATE quine with a prefix and a suffix — Russ Cox's construction
/// ("Zip Files All The Way Down", 2010) — whose prefix is everything before
/// the stream data (253 bytes, so that one copy of 258 bytes repeats it)
/// and whose suffix is everything after. Its Adler-32 is zero (a checksum
/// of a file that contains it has no fixed point); readers that check it
/// report a damaged stream.
pub fn self_attaching() -> Vec<u8> {
    const P: usize = 253;
    let mut length = 0usize;
    let mut file = Vec::new();
    for _ in 0..8 {
        // The prefix, padded inside the dictionary to exactly P bytes.
        let head = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /EmbeddedFile /Subtype /application#2Fpdf /Filter /FlateDecode /Length ".to_vec();
        let tail = format!("{length:010} >>\nstream\n");
        let mut prefix = head.clone();
        let pad = P - 2 - head.len() - tail.len();
        prefix.extend(std::iter::repeat_n(b' ', pad));
        prefix.extend_from_slice(tail.as_bytes());
        prefix.extend_from_slice(&[0x78, 0x01]);
        assert_eq!(prefix.len(), P);
        // The suffix needs the deflate size for its offsets; iterate.
        let suffix_for = |deflate_len: usize| -> Vec<u8> {
            let end1 = P + deflate_len + 4;
            let mut s = vec![0u8; 4];
            let mut offsets = vec![P - 253 + 15];
            let mut rest = String::from("\nendstream\nendobj\n");
            let objs = [
                "<< /Type /Catalog /Pages 3 0 R /Names << /EmbeddedFiles << /Names [(self.pdf) 5 0 R] >> >> >>".to_string(),
                "<< /Type /Pages /Kids [4 0 R] /Count 1 >>".to_string(),
                "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> /Contents 7 0 R >>".to_string(),
                "<< /Type /Filespec /F (self.pdf) /UF (self.pdf) /Desc (This very file) /EF << /F 1 0 R >> >>".to_string(),
                "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
                "<< /Length 55 >>\nstream\nBT /F1 12 Tf 72 720 Td (This PDF attaches itself) Tj ET\nendstream".to_string(),
            ];
            for (i, o) in objs.iter().enumerate() {
                offsets.push(end1 + rest.len());
                let _ = write!(rest, "{} 0 obj\n{o}\nendobj\n", i + 2);
            }
            let xref = end1 + rest.len();
            rest.push_str("xref\n0 8\n0000000000 65535 f \n");
            for off in offsets {
                let _ = writeln!(rest, "{off:010} 00000 n ");
            }
            let _ = write!(
                rest,
                "trailer\n<< /Size 8 /Root 2 0 R >>\nstartxref\n{xref:010}\n%%EOF\n"
            );
            s.extend_from_slice(rest.as_bytes());
            s
        };
        let mut deflate_len = 0;
        let mut deflate = Vec::new();
        for _ in 0..8 {
            let suffix = suffix_for(deflate_len);
            deflate = quine(&prefix, &suffix);
            if deflate.len() == deflate_len {
                break;
            }
            deflate_len = deflate.len();
        }
        let suffix = suffix_for(deflate.len());
        file = [prefix, deflate.clone(), suffix].concat();
        let new_length = deflate.len() + 6;
        if new_length == length {
            break;
        }
        length = new_length;
    }
    file
}

/// The DEFLATE stream that inflates to `prefix`, itself, `suffix`.
fn quine(prefix: &[u8], suffix: &[u8]) -> Vec<u8> {
    let p = prefix.len() as u32;
    let s = suffix.len() as u32;
    let lit = |n: u32| literal_op(u16::try_from(n).unwrap_or(u16::MAX));
    // Rp+1: one copy of p + 5 = 258 bytes, then one empty block: 40 bits.
    let rp = repeat_op(&[(p + 5, p + 5)], 1, false);
    // R4: 20 bytes back, as two copies of 10: 40 bits.
    let r4 = repeat_op(&[(10, 20), (10, 20)], 0, false);
    assert_eq!((rp.len(), r4.len()), (5, 5));
    // Rs+1 (the last op): its own size r is part of what it copies.
    let mut r = 5u32;
    let mut rs = Vec::new();
    for _ in 0..8 {
        let n = s + r;
        let k = n.div_ceil(258);
        let pairs: Vec<(u32, u32)> = (0..k).map(|i| (n / k + u32::from(i < n % k), n)).collect();
        rs = repeat_op(&pairs, 0, true);
        if rs.len() as u32 == r {
            break;
        }
        r = rs.len() as u32;
    }
    let mut c = Vec::new();
    let mut push = |parts: &[&[u8]]| parts.iter().for_each(|x| c.extend_from_slice(x));
    push(&[&lit(p + 5), prefix, &lit(p + 5)]);
    push(&[&rp]);
    push(&[&lit(5), &rp]);
    push(&[&lit(5), &lit(5)]);
    push(&[&lit(20), &rp, &lit(5), &lit(5), &lit(20)]);
    push(&[&r4]);
    push(&[&lit(20), &r4, &lit(20), &r4, &lit(20)]);
    push(&[&r4]);
    push(&[&lit(20), &r4, &lit(0), &lit(0), &lit(s + r)]);
    push(&[&r4]);
    push(&[&lit(0)]);
    push(&[&lit(0)]);
    push(&[&lit(s + r), &rs, suffix]);
    push(&[&rs]);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_xref_points_at_objects() {
        let mut p = Pdf::new();
        p.obj(1, "<< /Type /Catalog >>").stream(2, "", b"abc");
        let f = p.finish("/Root 1 0 R");
        let at = p.offset(2).unwrap();
        assert!(f[at..].starts_with(b"2 0 obj\n<<  /Length 3 >>\nstream\nabc\n"));
        let text = String::from_utf8_lossy(&f);
        assert!(text.contains(&format!("2 1\n{at:010} 00000 n \n")));
        assert!(text.ends_with("%%EOF\n"));
    }

    #[test]
    fn contiguous_and_stream_xrefs() {
        let mut p = Pdf::with_header(b"%PDF-1.4\n");
        p.obj(1, "<< >>").obj(2, "<< >>");
        let f = p.finish_contiguous("/Root 1 0 R");
        assert!(
            String::from_utf8_lossy(&f)
                .contains("xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n")
        );
        let f = p.finish_xref_stream(3, "/Root 1 0 R");
        assert!(String::from_utf8_lossy(&f).contains("/Type /XRef /Size 4 /W [1 4 2]"));
    }

    #[test]
    fn self_attaching_inflates_to_itself() {
        let f = self_attaching();
        let start = f.windows(7).position(|w| w == b"stream\n").unwrap() + 7;
        // Past the zlib header: raw DEFLATE (the Adler-32 is zero).
        let out = miniz_oxide::inflate::decompress_to_vec(&f[start + 2..]).unwrap();
        assert_eq!(out, f);
        let len: usize = String::from_utf8_lossy(&f[..start])
            .split("/Length ")
            .nth(1)
            .and_then(|l| l.split_whitespace().next()?.parse().ok())
            .unwrap();
        assert!(f[start + len..].starts_with(b"\nendstream"));
    }

    #[test]
    fn strings() {
        assert_eq!(literal("a(b)\\"), "(a\\(b\\)\\\\)");
        assert_eq!(utf16_string("é"), "<FEFF00E9>");
        assert_eq!(hex(&[0, 0xAB]), "00AB");
    }
}
