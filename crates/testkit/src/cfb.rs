//! A deterministic MS-CFB writer and OLE property-set writers.
//!
//! [`build`] writes a compound file of version 3 (512-byte sectors) or 4
//! (4096-byte) holding storages and streams given as [`Node`]s (streams under
//! 4096 bytes go to the mini stream), and returns the [`Layout`] it chose so
//! that a test can damage a precise structure. [`compound_file`] is the
//! one-line form for a flat list of streams. [`property_set`] and the typed
//! value helpers write `\x05SummaryInformation`-style streams (MS-OLEPS);
//! [`packager`], [`ole1_link`], [`registered_presentation`] and [`dib`] write OLE 1.0
//! objects, their native data and presentations (MS-OLEDS).

pub const ENDOFCHAIN: u32 = 0xFFFF_FFFE;
pub const FREESECT: u32 = 0xFFFF_FFFF;
pub const FATSECT: u32 = 0xFFFF_FFFD;
pub const DIFSECT: u32 = 0xFFFF_FFFC;
pub const NOSTREAM: u32 = 0xFFFF_FFFF;
/// 2024-01-02T03:04:05Z as a FILETIME.
pub const T_CREATED: u64 = 116_444_736_000_000_000 + 1_704_164_645 * 10_000_000;
/// 2024-05-06T07:08:09Z as a FILETIME.
pub const T_MODIFIED: u64 = 116_444_736_000_000_000 + 1_714_979_289 * 10_000_000;

/// A storage or stream to write; paths use `/`.
pub enum Node {
    Storage(String),
    Stream(String, Vec<u8>),
}

/// Where the writer put things, for building malformed variants.
#[derive(Default)]
pub struct Layout {
    pub sector_size: usize,
    /// First sector of each regular (non-mini) stream, by path.
    pub big_starts: Vec<(String, u32)>,
    /// First mini sector of each mini stream, by path.
    pub mini_starts: Vec<(String, u32)>,
    pub first_dir: u32,
    pub first_mini_fat: u32,
    /// Directory entry index of each path (root is 0).
    pub sids: Vec<(String, u32)>,
}

impl Layout {
    pub fn big(&self, p: &str) -> u32 {
        self.big_starts
            .iter()
            .find(|(q, _)| q == p)
            .map_or(0, |x| x.1)
    }
    pub fn mini(&self, p: &str) -> u32 {
        self.mini_starts
            .iter()
            .find(|(q, _)| q == p)
            .map_or(0, |x| x.1)
    }
    pub fn sid(&self, p: &str) -> u32 {
        self.sids.iter().find(|(q, _)| q == p).map_or(0, |x| x.1)
    }
    pub fn sector_offset(&self, id: u32) -> usize {
        (id as usize + 1) * self.sector_size
    }
    /// Where the FAT entry of sector `id` is (the FAT sectors come first).
    pub fn fat_entry_offset(&self, id: u32) -> usize {
        let per = (self.sector_size / 4) as u32;
        self.sector_offset(id / per) + (id % per) as usize * 4
    }
    pub fn dir_entry_offset(&self, sid: u32) -> usize {
        // The directory is contiguous in files this writer makes.
        self.sector_offset(self.first_dir) + 128 * sid as usize
    }
}

/// Writes a compound file of version 3 (512-byte sectors) or 4 (4096-byte).
/// With `interleave`, the sectors of regular streams alternate between them
/// so their chains are not contiguous.
pub fn build(version: u16, nodes: &[Node], interleave: bool) -> (Vec<u8>, Layout) {
    let ss: usize = if version == 4 { 4096 } else { 512 };
    let per = ss / 4;
    // Directory: root, then nodes in the given order.
    struct Dir {
        name: String,
        kind: u8,
        parent: usize,
        size: u64,
        start: u32,
        left: u32,
        right: u32,
        child: u32,
    }
    let mut dir = vec![Dir {
        name: "Root Entry".into(),
        kind: 5,
        parent: usize::MAX,
        size: 0,
        start: ENDOFCHAIN,
        left: NOSTREAM,
        right: NOSTREAM,
        child: NOSTREAM,
    }];
    let mut layout = Layout {
        sector_size: ss,
        ..Layout::default()
    };
    let mut paths: Vec<String> = vec![String::new()];
    for n in nodes {
        let (path, kind, size) = match n {
            Node::Storage(p) => (p.to_string(), 1, 0),
            Node::Stream(p, d) => (p.clone(), 2, d.len() as u64),
        };
        let parent = match path.rsplit_once('/') {
            None => 0,
            Some((p, _)) => paths.iter().position(|q| q == p).unwrap_or(0),
        };
        layout.sids.push((path.clone(), dir.len() as u32));
        dir.push(Dir {
            name: path.rsplit('/').next().unwrap_or("").to_string(),
            kind,
            parent,
            size,
            start: ENDOFCHAIN,
            left: NOSTREAM,
            right: NOSTREAM,
            child: NOSTREAM,
        });
        paths.push(path);
    }
    // Red-black trees: every storage's children as a balanced, all-black binary
    // search tree in CFB order (shorter names first, then case-insensitive).
    for p in 0..dir.len() {
        let mut kids: Vec<usize> = (1..dir.len()).filter(|&i| dir[i].parent == p).collect();
        kids.sort_by_key(|&i| {
            (
                dir[i].name.encode_utf16().count(),
                dir[i].name.to_uppercase(),
            )
        });
        fn balance(kids: &[usize], dir: &mut [Dir]) -> u32 {
            if kids.is_empty() {
                return NOSTREAM;
            }
            let mid = kids.len() / 2;
            let (l, r) = (balance(&kids[..mid], dir), balance(&kids[mid + 1..], dir));
            dir[kids[mid]].left = l;
            dir[kids[mid]].right = r;
            kids[mid] as u32
        }
        let root = balance(&kids, &mut dir);
        dir[p].child = root;
    }
    // Mini stream and mini FAT.
    let mut mini = Vec::new();
    let mut mini_fat: Vec<u32> = Vec::new();
    let mut bigs: Vec<usize> = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        if let Node::Stream(path, data) = n {
            if data.is_empty() {
                continue;
            }
            if data.len() < 4096 {
                let first = mini_fat.len() as u32;
                let count = data.len().div_ceil(64);
                for k in 0..count {
                    mini_fat.push(if k + 1 == count {
                        ENDOFCHAIN
                    } else {
                        first + k as u32 + 1
                    });
                }
                dir[i + 1].start = first;
                layout.mini_starts.push((path.clone(), first));
                mini.extend_from_slice(data);
                mini.resize(mini_fat.len() * 64, 0);
            } else {
                bigs.push(i);
            }
        }
    }
    dir[0].size = mini.len() as u64;
    let dir_sectors = (dir.len() * 128).div_ceil(ss);
    let mini_fat_sectors = (mini_fat.len() * 4).div_ceil(ss);
    let mini_sectors = mini.len().div_ceil(ss);
    let big_sectors: usize = bigs
        .iter()
        .map(|&i| (dir[i + 1].size as usize).div_ceil(ss))
        .sum();
    let data_sectors = dir_sectors + mini_fat_sectors + mini_sectors + big_sectors;
    let difat_for = |f: usize| {
        if f > 109 {
            (f - 109).div_ceil(per - 1)
        } else {
            0
        }
    };
    let mut f = 1;
    while data_sectors + f + difat_for(f) > f * per {
        f += 1;
    }
    let d = difat_for(f);
    let total = f + d + data_sectors;
    let mut fat = vec![FREESECT; f * per];
    for s in fat.iter_mut().take(f) {
        *s = FATSECT;
    }
    for s in fat.iter_mut().skip(f).take(d) {
        *s = DIFSECT;
    }
    let mut sectors = vec![vec![0u8; ss]; total];
    let mut next = f + d;
    let chain = |fat: &mut Vec<u32>, count: usize, next: &mut usize| -> Vec<u32> {
        let ids: Vec<u32> = (0..count).map(|k| (*next + k) as u32).collect();
        *next += count;
        for w in ids.windows(2) {
            fat[w[0] as usize] = w[1];
        }
        if let Some(&l) = ids.last() {
            fat[l as usize] = ENDOFCHAIN;
        }
        ids
    };
    let dir_ids = chain(&mut fat, dir_sectors, &mut next);
    let mf_ids = chain(&mut fat, mini_fat_sectors, &mut next);
    let ms_ids = chain(&mut fat, mini_sectors, &mut next);
    layout.first_dir = dir_ids[0];
    layout.first_mini_fat = mf_ids.first().copied().unwrap_or(ENDOFCHAIN);
    dir[0].start = ms_ids.first().copied().unwrap_or(ENDOFCHAIN);
    // Regular streams, one after another or alternating sector by sector.
    let needs: Vec<usize> = bigs
        .iter()
        .map(|&i| (dir[i + 1].size as usize).div_ceil(ss))
        .collect();
    let mut ids: Vec<Vec<u32>> = vec![Vec::new(); bigs.len()];
    if interleave {
        let mut round = 0;
        while ids.iter().zip(&needs).any(|(v, n)| v.len() < *n) {
            for (k, n) in needs.iter().enumerate() {
                if round < *n {
                    ids[k].push(next as u32);
                    next += 1;
                }
            }
            round += 1;
        }
        for v in &ids {
            for w in v.windows(2) {
                fat[w[0] as usize] = w[1];
            }
            if let Some(&l) = v.last() {
                fat[l as usize] = ENDOFCHAIN;
            }
        }
    } else {
        for (k, n) in needs.iter().enumerate() {
            ids[k] = chain(&mut fat, *n, &mut next);
        }
    }
    for (k, &i) in bigs.iter().enumerate() {
        dir[i + 1].start = ids[k][0];
        layout.big_starts.push((paths[i + 1].clone(), ids[k][0]));
        if let Node::Stream(_, data) = &nodes[i] {
            for (c, &id) in data.chunks(ss).zip(&ids[k]) {
                sectors[id as usize][..c.len()].copy_from_slice(c);
            }
        }
    }
    // Mini stream, mini FAT, directory, FAT, DIFAT contents.
    for (c, &id) in mini.chunks(ss).zip(&ms_ids) {
        sectors[id as usize][..c.len()].copy_from_slice(c);
    }
    let mf_bytes: Vec<u8> = mini_fat.iter().flat_map(|v| v.to_le_bytes()).collect();
    for (c, &id) in mf_bytes.chunks(ss).zip(&mf_ids) {
        sectors[id as usize][..c.len()].copy_from_slice(c);
        sectors[id as usize][c.len()..].fill(0xFF);
    }
    let mut dir_bytes = Vec::new();
    for e in &dir {
        let mut b = [0u8; 128];
        let units: Vec<u16> = e.name.encode_utf16().collect();
        for (k, u) in units.iter().enumerate() {
            b[2 * k..2 * k + 2].copy_from_slice(&u.to_le_bytes());
        }
        b[64..66].copy_from_slice(&(((units.len() + 1) * 2) as u16).to_le_bytes());
        b[66] = e.kind;
        b[67] = 1;
        b[68..72].copy_from_slice(&e.left.to_le_bytes());
        b[72..76].copy_from_slice(&e.right.to_le_bytes());
        b[76..80].copy_from_slice(&e.child.to_le_bytes());
        if e.kind == 1 {
            b[100..108].copy_from_slice(&T_CREATED.to_le_bytes());
            b[108..116].copy_from_slice(&T_MODIFIED.to_le_bytes());
        }
        b[116..120].copy_from_slice(&e.start.to_le_bytes());
        b[120..128].copy_from_slice(&e.size.to_le_bytes());
        dir_bytes.extend_from_slice(&b);
    }
    // Unused entries fill the rest of the last directory sector.
    while dir_bytes.len() % ss != 0 {
        let mut b = [0u8; 128];
        b[68..80].fill(0xFF);
        dir_bytes.extend_from_slice(&b);
    }
    for (c, &id) in dir_bytes.chunks(ss).zip(&dir_ids) {
        sectors[id as usize].copy_from_slice(c);
    }
    fat.truncate(f * per);
    for k in 0..f {
        let bytes: Vec<u8> = fat[k * per..(k + 1) * per]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        sectors[k].copy_from_slice(&bytes);
    }
    for k in 0..d {
        let mut entries = vec![FREESECT; per];
        for (j, slot) in entries.iter_mut().take(per - 1).enumerate() {
            let fat_index = 109 + k * (per - 1) + j;
            if fat_index < f {
                *slot = fat_index as u32;
            }
        }
        entries[per - 1] = if k + 1 == d {
            ENDOFCHAIN
        } else {
            (f + k + 1) as u32
        };
        let bytes: Vec<u8> = entries.iter().flat_map(|v| v.to_le_bytes()).collect();
        sectors[f + k].copy_from_slice(&bytes);
    }
    // Header (MS-CFB 2.2).
    let mut h = vec![0u8; ss];
    h[..8].copy_from_slice(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]);
    h[0x18..0x1A].copy_from_slice(&0x3Eu16.to_le_bytes());
    h[0x1A..0x1C].copy_from_slice(&version.to_le_bytes());
    h[0x1C..0x1E].copy_from_slice(&0xFFFEu16.to_le_bytes());
    h[0x1E..0x20].copy_from_slice(&(if version == 4 { 12u16 } else { 9 }).to_le_bytes());
    h[0x20..0x22].copy_from_slice(&6u16.to_le_bytes());
    if version == 4 {
        h[0x28..0x2C].copy_from_slice(&(dir_sectors as u32).to_le_bytes());
    }
    h[0x2C..0x30].copy_from_slice(&(f as u32).to_le_bytes());
    h[0x30..0x34].copy_from_slice(&layout.first_dir.to_le_bytes());
    h[0x38..0x3C].copy_from_slice(&4096u32.to_le_bytes());
    h[0x3C..0x40].copy_from_slice(&layout.first_mini_fat.to_le_bytes());
    h[0x40..0x44].copy_from_slice(&(mini_fat_sectors as u32).to_le_bytes());
    h[0x44..0x48].copy_from_slice(&(if d > 0 { f as u32 } else { ENDOFCHAIN }).to_le_bytes());
    h[0x48..0x4C].copy_from_slice(&(d as u32).to_le_bytes());
    for k in 0..109 {
        let v = if k < f { k as u32 } else { FREESECT };
        h[0x4C + 4 * k..0x50 + 4 * k].copy_from_slice(&v.to_le_bytes());
    }
    let mut out = h;
    for s in sectors {
        out.extend_from_slice(&s);
    }
    (out, layout)
}

/// A section's properties: (id, typed value bytes).
pub type Properties = Vec<(u32, Vec<u8>)>;

/// A property set stream with the given sections of (id, typed value bytes) (MS-OLEPS 2.21).
pub fn property_set(sections: &[([u8; 16], Properties)]) -> Vec<u8> {
    let mut out = vec![0xFE, 0xFF, 0, 0, 0x05, 0x01, 0x02, 0x00];
    out.extend_from_slice(&[0; 16]);
    out.extend_from_slice(&(sections.len() as u32).to_le_bytes());
    let header_len = 28 + 20 * sections.len();
    let mut bodies = Vec::new();
    for (fmtid, props) in sections {
        let mut body = Vec::new();
        let mut table = Vec::new();
        let base = 8 + 8 * props.len();
        for (id, v) in props {
            table.extend_from_slice(&id.to_le_bytes());
            table.extend_from_slice(&((base + body.len()) as u32).to_le_bytes());
            body.extend_from_slice(v);
            while body.len() % 4 != 0 {
                body.push(0);
            }
        }
        let mut sec = ((base + body.len()) as u32).to_le_bytes().to_vec();
        sec.extend_from_slice(&(props.len() as u32).to_le_bytes());
        sec.extend_from_slice(&table);
        sec.extend_from_slice(&body);
        bodies.push((*fmtid, sec));
    }
    let mut offset = header_len;
    for (fmtid, sec) in &bodies {
        out.extend_from_slice(fmtid);
        out.extend_from_slice(&(offset as u32).to_le_bytes());
        offset += sec.len();
    }
    for (_, sec) in bodies {
        out.extend_from_slice(&sec);
    }
    out
}

pub fn typed(ty: u16, v: &[u8]) -> Vec<u8> {
    let mut b = ty.to_le_bytes().to_vec();
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(v);
    b
}

pub fn lpstr(bytes: &[u8]) -> Vec<u8> {
    let mut v = ((bytes.len() + 1) as u32).to_le_bytes().to_vec();
    v.extend_from_slice(bytes);
    v.push(0);
    typed(30, &v)
}

pub fn i2(v: u16) -> Vec<u8> {
    typed(2, &v.to_le_bytes())
}

pub fn i4(v: i32) -> Vec<u8> {
    typed(3, &v.to_le_bytes())
}

pub fn filetime(t: u64) -> Vec<u8> {
    typed(64, &t.to_le_bytes())
}

pub const FMTID_SUMMARY: [u8; 16] = [
    0xE0, 0x85, 0x9F, 0xF2, 0xF9, 0x4F, 0x68, 0x10, 0xAB, 0x91, 0x08, 0x00, 0x2B, 0x27, 0xB3, 0xD9,
];
pub const FMTID_DOC_SUMMARY: [u8; 16] = [
    0x02, 0xD5, 0xCD, 0xD5, 0x9C, 0x2E, 0x1B, 0x10, 0x93, 0x97, 0x08, 0x00, 0x2B, 0x2C, 0xF9, 0xAE,
];
pub const FMTID_USER: [u8; 16] = [
    0x05, 0xD5, 0xCD, 0xD5, 0x9C, 0x2E, 0x1B, 0x10, 0x93, 0x97, 0x08, 0x00, 0x2B, 0x2C, 0xF9, 0xAE,
];

/// A version-3 compound file holding `streams` (`path`, bytes; storages
/// are created for the folders in the paths), laid out contiguously.
pub fn compound_file(streams: &[(&str, &[u8])]) -> Vec<u8> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut storages: Vec<String> = Vec::new();
    for (path, data) in streams {
        let mut prefix = String::new();
        let parts: Vec<&str> = path.split('/').collect();
        for dir in &parts[..parts.len() - 1] {
            if !prefix.is_empty() {
                prefix.push('/');
            }
            prefix.push_str(dir);
            if !storages.contains(&prefix) {
                storages.push(prefix.clone());
                nodes.push(Node::Storage(prefix.clone()));
            }
        }
        nodes.push(Node::Stream(path.to_string(), data.to_vec()));
    }
    build(3, &nodes, false).0
}

/// A stream path with its control characters written as `\x05`, as the
/// `.streams.txt` listings and `cfb-ls` show names.
pub fn escape_controls(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\x{:02x}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A UTF-16 (VT_LPWSTR, MS-OLEPS 2.15) property value.
pub fn lpwstr(s: &str) -> Vec<u8> {
    let units: Vec<u16> = s.encode_utf16().chain(std::iter::once(0)).collect();
    let mut v = (units.len() as u32).to_le_bytes().to_vec();
    for u in units {
        v.extend_from_slice(&u.to_le_bytes());
    }
    typed(31, &v)
}

/// A `\x05SummaryInformation` stream in code page `cp` with the given title
/// and author bytes (already encoded in that code page), fixed creation and
/// modification times and the application name `cargo xtask fixtures`.
pub fn summary_information(cp: u16, title: &[u8], author: &[u8]) -> Vec<u8> {
    property_set(&[(
        FMTID_SUMMARY,
        vec![
            (1, i2(cp)),
            (2, lpstr(title)),
            (4, lpstr(author)),
            (12, filetime(T_CREATED)),
            (13, filetime(T_MODIFIED)),
            (14, i4(3)),
            (18, lpstr(b"cargo xtask fixtures")),
        ],
    )])
}

/// A `LengthPrefixedAnsiString` (MS-OLEDS 2.1.4): a `u32` count including
/// the NUL, the bytes of `s` and the NUL.
pub fn lpas(s: &str) -> Vec<u8> {
    let mut v = ((s.len() + 1) as u32).to_le_bytes().to_vec();
    v.extend(s.bytes().chain([0]));
    v
}

/// `s` in windows-1252, `?` for what it cannot hold (as Windows' ANSI APIs write).
pub fn ansi(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| {
            let mut buf = [0; 4];
            let (b, _, bad) = encoding_rs::WINDOWS_1252.encode(c.encode_utf8(&mut buf));
            if bad { b'?' } else { b[0] }
        })
        .collect()
}

/// Packager native data (the `\x01Ole10Native` payload of a `Package`
/// object): type 2, label, source path, kind 3 (embedded file), temp path,
/// the data, and with `unicode` the UTF-16 trailer (temp path, label,
/// source path) that Windows Vista and later append.
pub fn packager(label: &str, source: &str, temp: &str, data: &[u8], unicode: bool) -> Vec<u8> {
    let mut v = 2u16.to_le_bytes().to_vec();
    v.extend(ansi(label));
    v.push(0);
    v.extend(ansi(source));
    v.push(0);
    v.extend([0, 0, 3, 0]);
    let temp_ansi = ansi(temp);
    v.extend(((temp_ansi.len() + 1) as u32).to_le_bytes());
    v.extend(temp_ansi);
    v.push(0);
    v.extend((data.len() as u32).to_le_bytes());
    v.extend(data);
    if unicode {
        for s in [temp, label, source] {
            v.extend((s.encode_utf16().count() as u32).to_le_bytes());
            v.extend(s.encode_utf16().flat_map(u16::to_le_bytes));
        }
    }
    v
}

/// An embedded object's compound file as Packager writes it for a file:
/// `\x01Ole10Native` (the size, then [`packager`] native data with the
/// UTF-16 trailer) under the root, as a PowerPoint `ExOleObjStg`, an RTF
/// `\objdata` or a docx `oleObject1.bin` holds it.
pub fn package_object(label: &str, source: &str, data: &[u8]) -> Vec<u8> {
    let temp = format!("C:\\Temp\\{label}");
    let native = packager(label, source, &temp, data, true);
    let mut stream = (native.len() as u32).to_le_bytes().to_vec();
    stream.extend(native);
    compound_file(&[("\u{1}Ole10Native", &stream)])
}

/// An OLE 1.0 `LinkedObject` (MS-OLEDS 2.2.6): header (version 0x0501,
/// FormatID 1, class), topic (the linked file), item (the range), the
/// network name, reserved and the link update option.
pub fn ole1_link(class: &str, topic: &str, item: &str, network: &str, update: u32) -> Vec<u8> {
    let mut v = 0x0501u32.to_le_bytes().to_vec();
    v.extend(1u32.to_le_bytes());
    for s in [class, topic, item, network] {
        v.extend(lpas(s));
    }
    v.extend(0u32.to_le_bytes());
    v.extend(update.to_le_bytes());
    v
}

/// An OLE 1.0 `GenericPresentationObject` (MS-OLEDS 2.2.4) of class `format`
/// whose clipboard format is that registered name (`PNG`), with `data`.
pub fn registered_presentation(format: &str, data: &[u8]) -> Vec<u8> {
    let mut v = 0x0501u32.to_le_bytes().to_vec();
    v.extend(5u32.to_le_bytes());
    v.extend(lpas(format));
    v.extend(0u32.to_le_bytes()); // a registered format, by name:
    v.extend(lpas(format));
    v.extend((data.len() as u32).to_le_bytes());
    v.extend(data);
    v
}

/// A packed DIB, as an OLE presentation (MS-OLEDS 2.2.2) or an OfficeArt
/// BLIP holds one: a `BITMAPINFOHEADER` (BI_RGB, 2835 pixels a metre,
/// `palette.len()` colours used), the palette (`RGBQUAD`s) and `pixels`
/// (rows bottom-up, each already padded to four bytes).
pub fn dib(width: u32, height: u32, bit_count: u16, palette: &[[u8; 4]], pixels: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for d in [40, width, height] {
        v.extend(d.to_le_bytes());
    }
    v.extend(1u16.to_le_bytes());
    v.extend(bit_count.to_le_bytes());
    for d in [0, pixels.len() as u32, 2835, 2835, palette.len() as u32, 0] {
        v.extend(d.to_le_bytes());
    }
    v.extend(palette.concat());
    v.extend(pixels);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_paths_get_their_storages() {
        let file = compound_file(&[("A/B/s", b"hello".as_slice()), ("A/t", b"x".as_slice())]);
        assert_eq!(
            &file[..8],
            &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        );
        assert_eq!(file.len() % 512, 0);
    }
}
