//! SpreadsheetML (ECMA-376 Part 1 §18): the workbook's sheets in order
//! (§18.2.19), shared strings without phonetic runs (§18.4), cells with
//! their number formats (§18.8.30–31, rendered by `cell-format`), page
//! headers and footers (§18.3.1.46), legacy and threaded comments
//! (§18.7, MS-XLSX 2.1.17), and the text of drawings and chart titles.

use std::collections::{HashMap, HashSet};

use cell_format::{Format, Locale, MergedRange, SheetLayout, write_sheet};
use doc_model::{Builder, OutputLimits, Part, PartKind};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use xml_tree::Element;

use crate::Out;
use crate::drawing::{self, Style, rel_id};
use crate::error::{Error, WarningKind};
use crate::package::{Package, rel};

/// Decodes the `_xHHHH_` escapes of SpreadsheetML strings (§22.9.2.19).
pub(crate) fn unescape_x(s: &str) -> String {
    if !s.contains("_x") {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("_x") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let code = tail
            .get(2..6)
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .filter(|_| tail.get(6..7) == Some("_"))
            .and_then(|h| u32::from_str_radix(h, 16).ok());
        match code {
            Some(c) => {
                if let Some(ch) = char::from_u32(c) {
                    out.push(ch);
                }
                rest = &tail[7..];
            }
            None => {
                out.push_str("_x");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn local(name: &[u8]) -> &[u8] {
    match name.iter().rposition(|&b| b == b':') {
        Some(i) => &name[i + 1..],
        None => name,
    }
}

fn attr(e: &BytesStart<'_>, name: &[u8]) -> Option<String> {
    e.attributes()
        .with_checks(false)
        .flatten()
        .find(|a| local(a.key.as_ref()) == name)
        .map(|a| String::from_utf8_lossy(&a.value).into_owned())
}

/// Text events of a quick-xml reader, entities resolved.
fn event_text(event: &Event<'_>) -> Option<String> {
    match event {
        Event::Text(t) => Some(t.decode().map(|c| c.into_owned()).unwrap_or_default()),
        Event::CData(t) => Some(String::from_utf8_lossy(t).into_owned()),
        Event::GeneralRef(r) => Some(match r.resolve_char_ref() {
            Ok(Some(c)) => c.to_string(),
            _ => match &**r {
                b"lt" => "<".into(),
                b"gt" => ">".into(),
                b"amp" => "&".into(),
                b"apos" => "'".into(),
                b"quot" => "\"".into(),
                other => format!("&{};", String::from_utf8_lossy(other)),
            },
        }),
        _ => None,
    }
}

/// Collects the text of `t` elements outside `rPh` phonetic runs (shared
/// strings, inline strings): feed it every event between `<si>`/`<is>`
/// and its end.
#[derive(Default)]
struct RichText {
    text: String,
    in_t: bool,
    phonetic: u32,
}

impl RichText {
    fn feed(&mut self, event: &Event<'_>) {
        match event {
            Event::Start(e) => match local(e.name().as_ref()) {
                b"rPh" => self.phonetic += 1,
                b"t" if self.phonetic == 0 => self.in_t = true,
                _ => {}
            },
            Event::End(e) => match local(e.name().as_ref()) {
                b"rPh" => self.phonetic = self.phonetic.saturating_sub(1),
                b"t" => self.in_t = false,
                _ => {}
            },
            _ => {
                if self.in_t
                    && let Some(t) = event_text(event)
                {
                    self.text.push_str(&t);
                }
            }
        }
    }

    fn take(&mut self) -> String {
        self.in_t = false;
        self.phonetic = 0;
        unescape_x(&std::mem::take(&mut self.text))
    }
}

/// The shared string table, in order.
pub(crate) fn shared_strings(data: &[u8], max_bytes: u64) -> (Vec<String>, Option<String>) {
    let mut reader = Reader::from_reader(data);
    reader.config_mut().trim_text(false);
    reader.config_mut().check_end_names = false;
    let mut out = Vec::new();
    let mut rich = RichText::default();
    let mut in_si = false;
    let mut buf = Vec::new();
    let mut total = 0u64;
    loop {
        buf.clear();
        let event = match reader.read_event_into(&mut buf) {
            Ok(Event::Eof) => return (out, None),
            Ok(e) => e,
            Err(e) => {
                return (
                    out,
                    Some(format!(
                        "XML error at byte {}: {e}",
                        reader.buffer_position()
                    )),
                );
            }
        };
        match &event {
            Event::Start(e) if local(e.name().as_ref()) == b"si" => {
                in_si = true;
                rich.take();
            }
            Event::Empty(e) if local(e.name().as_ref()) == b"si" => out.push(String::new()),
            Event::End(e) if local(e.name().as_ref()) == b"si" => {
                in_si = false;
                let s = rich.take();
                total = total.saturating_add(s.len() as u64);
                if total > max_bytes {
                    return (
                        out,
                        Some(format!("shared strings exceed {max_bytes} bytes")),
                    );
                }
                out.push(s);
            }
            _ if in_si => rich.feed(&event),
            _ => {}
        }
    }
}

/// Number formats by cell style index (`cellXfs`).
struct Styles {
    xfs: Vec<Option<Format>>,
}

impl Styles {
    fn read(root: Option<&Element>) -> Styles {
        let mut xfs = Vec::new();
        let Some(ss) = root.and_then(|r| r.child("styleSheet")) else {
            return Styles { xfs };
        };
        let mut codes: HashMap<String, String> = HashMap::new();
        if let Some(fmts) = ss.child("numFmts") {
            for f in fmts.elements() {
                if let (Some(id), Some(code)) = (f.attr("numFmtId"), f.attr("formatCode")) {
                    codes.insert(id.to_string(), code.to_string());
                }
            }
        }
        let mut cache: HashMap<String, Option<Format>> = HashMap::new();
        if let Some(cell_xfs) = ss.child("cellXfs") {
            for xf in cell_xfs.elements().filter(|x| x.name == "xf") {
                let id = xf.attr("numFmtId").unwrap_or("0").to_string();
                let f = cache
                    .entry(id.clone())
                    .or_insert_with(|| match codes.get(&id) {
                        Some(code) => Some(Format::parse(code)),
                        None => id
                            .parse::<u16>()
                            .ok()
                            .filter(|&n| n != 0)
                            .and_then(|n| Format::builtin(n, Locale::default())),
                    })
                    .clone();
                xfs.push(f);
            }
        }
        Styles { xfs }
    }
}

/// `B12` → column 1 (0-based), row 11 (0-based).
fn cell_ref(r: &str) -> Option<(u32, u32)> {
    let letters = r.bytes().take_while(u8::is_ascii_alphabetic).count();
    let mut col = 0u32;
    for b in r.bytes().take(letters) {
        col = col
            .checked_mul(26)?
            .checked_add(u32::from(b.to_ascii_uppercase() - b'A' + 1))?;
    }
    let row: u32 = r.get(letters..)?.parse().ok()?;
    Some((col.checked_sub(1)?, row.checked_sub(1)?))
}

/// `A1:B2` → the merged range it names (a single reference is no range).
fn merged_range(r: &str) -> Option<MergedRange> {
    let (a, b) = r.split_once(':')?;
    let (c1, r1) = cell_ref(a.trim())?;
    let (c2, r2) = cell_ref(b.trim())?;
    Some(MergedRange::new(r1, c1, r2, c2))
}

/// What a sheet part gives.
#[derive(Default)]
struct Sheet {
    /// `(row, col, text)`, in file order.
    cells: Vec<(u32, u32, String)>,
    /// `mergeCells` (§18.3.1.55), in file order.
    merges: Vec<MergedRange>,
    headers: Vec<String>,
    footers: Vec<String>,
    error: Option<String>,
    cut: bool,
}

/// Reads one worksheet's cells and header/footer strings.
fn read_sheet(
    data: &[u8],
    sst: &[String],
    styles: &Styles,
    date1904: bool,
    max_bytes: u64,
    deadline: Option<std::time::Instant>,
) -> Sheet {
    let mut sheet = Sheet::default();
    let mut reader = Reader::from_reader(data);
    reader.config_mut().trim_text(false);
    reader.config_mut().check_end_names = false;
    let mut buf = Vec::new();
    let mut row = 0u32;
    let mut next_col = 0u32;
    // The cell being read.
    let mut in_cell = false;
    let (mut kind, mut style, mut pos) = (String::new(), 0usize, (0u32, 0u32));
    let mut value = String::new();
    let mut in_v = false;
    let mut in_is = false;
    let mut rich = RichText::default();
    let mut hf: Option<(bool, String)> = None;
    let mut total = 0u64;
    let mut count = 0u32;
    loop {
        buf.clear();
        let event = match reader.read_event_into(&mut buf) {
            Ok(Event::Eof) => break,
            Ok(e) => e,
            Err(e) => {
                sheet.error = Some(format!(
                    "XML error at byte {}: {e}",
                    reader.buffer_position()
                ));
                break;
            }
        };
        if in_is {
            if let Event::End(e) = &event
                && local(e.name().as_ref()) == b"is"
            {
                in_is = false;
                value = rich.take();
            } else {
                rich.feed(&event);
            }
            continue;
        }
        match &event {
            Event::Start(e) | Event::Empty(e) => {
                let empty = matches!(event, Event::Empty(_));
                match local(e.name().as_ref()) {
                    b"row" => {
                        row = attr(e, b"r")
                            .and_then(|r| r.parse::<u32>().ok())
                            .and_then(|r| r.checked_sub(1))
                            .unwrap_or(if count == 0 { 0 } else { row.saturating_add(1) });
                        count += 1;
                        next_col = 0;
                    }
                    b"c" => {
                        pos = attr(e, b"r")
                            .and_then(|r| cell_ref(&r))
                            .map_or((next_col, row), |(c, _)| (c, row));
                        next_col = pos.0.saturating_add(1);
                        kind = attr(e, b"t").unwrap_or_default();
                        style = attr(e, b"s").and_then(|s| s.parse().ok()).unwrap_or(0);
                        value.clear();
                        in_cell = !empty;
                    }
                    b"v" if in_cell && !empty => in_v = true,
                    b"mergeCell" => {
                        if let Some(m) = attr(e, b"ref").as_deref().and_then(merged_range) {
                            sheet.merges.push(m);
                        }
                    }
                    b"is" if in_cell && !empty => {
                        in_is = true;
                        rich.take();
                    }
                    name @ (b"oddHeader" | b"evenHeader" | b"firstHeader" | b"oddFooter"
                    | b"evenFooter" | b"firstFooter")
                        if !empty =>
                    {
                        hf = Some((name.ends_with(b"Header"), String::new()));
                    }
                    _ => {}
                }
            }
            Event::End(e) => match local(e.name().as_ref()) {
                b"v" => in_v = false,
                b"c" if in_cell => {
                    in_cell = false;
                    let text = cell_text(&kind, &value, style, sst, styles, date1904);
                    if !text.is_empty() {
                        total = total.saturating_add(text.len() as u64 + 1);
                        sheet.cells.push((pos.1, pos.0, text));
                        if total > max_bytes {
                            sheet.cut = true;
                            break;
                        }
                    }
                }
                b"row" if doc_model::deadline_passed(deadline) => {
                    sheet.cut = true;
                    break;
                }
                b"oddHeader" | b"evenHeader" | b"firstHeader" | b"oddFooter" | b"evenFooter"
                | b"firstFooter" => {
                    if let Some((header, code)) = hf.take() {
                        let t = cell_format::header_footer_text(&unescape_x(&code));
                        let list = if header {
                            &mut sheet.headers
                        } else {
                            &mut sheet.footers
                        };
                        if !t.is_empty() && !list.contains(&t) {
                            list.push(t);
                        }
                    }
                }
                _ => {}
            },
            _ => {
                if let Some(t) = event_text(&event) {
                    if in_v {
                        value.push_str(&t);
                    } else if let Some((_, code)) = hf.as_mut() {
                        code.push_str(&t);
                    }
                }
            }
        }
    }
    sheet
}

/// A cell's value as Excel shows it.
fn cell_text(
    kind: &str,
    value: &str,
    style: usize,
    sst: &[String],
    styles: &Styles,
    date1904: bool,
) -> String {
    match kind {
        "s" => value
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|i| sst.get(i))
            .cloned()
            .unwrap_or_default(),
        "inlineStr" | "str" => unescape_x(value),
        "b" => match value.trim() {
            "1" | "true" => "TRUE".into(),
            _ => "FALSE".into(),
        },
        "e" | "d" => value.to_string(),
        _ => match value.trim().parse::<f64>() {
            Ok(v) => match styles.xfs.get(style).and_then(Option::as_ref) {
                Some(f) => f.render(v, date1904),
                None => cell_format::general(v),
            },
            Err(_) => value.to_string(),
        },
    }
}

/// The cells of a sheet in row order, line ends shown as spaces: what
/// [`cell_format::write_sheet`] lays out.
fn sorted_cells(mut cells: Vec<(u32, u32, String)>) -> Vec<(u32, u32, String)> {
    cells.sort_by_key(|c| (c.0, c.1));
    for c in &mut cells {
        if c.2.contains(['\r', '\n']) {
            c.2 = c.2.replace("\r\n", " ").replace(['\r', '\n'], " ");
        }
    }
    cells
}

/// The text runs of a comment's `text` element, without phonetic runs.
fn rich_element_text(e: &Element) -> String {
    fn walk(e: &Element, out: &mut String) {
        for c in e.elements() {
            match c.name.as_str() {
                "rPh" => {}
                "t" => out.push_str(&c.text()),
                _ => walk(c, out),
            }
        }
    }
    let mut s = String::new();
    walk(e, &mut s);
    unescape_x(&s)
}

/// Reads a SpreadsheetML package whose main part is `main`.
pub(crate) fn read(pkg: &mut Package<'_>, main: &str, out: &mut Out) -> Result<(), Error> {
    let (rels, root) = pkg.main_part(main)?;
    let wb = root
        .child("workbook")
        .ok_or_else(|| Error::Corrupt(format!("{main} has no workbook element")))?;
    let date1904 = wb
        .child("workbookPr")
        .and_then(|p| p.attr("date1904"))
        .is_some_and(|v| v == "1" || v == "true");
    let sst = match rel(&rels, "sharedStrings").map(|r| r.target.clone()) {
        Some(t) => match pkg.read(&t) {
            Some(data) => {
                let (sst, err) = shared_strings(&data, out.options.limits.max_output_bytes);
                if let Some(e) = err {
                    out.warn(WarningKind::Xml, format!("{t}: {e}"));
                }
                sst
            }
            None => Vec::new(),
        },
        None => Vec::new(),
    };
    let styles_root = rel(&rels, "styles").and_then(|r| pkg.xml(&r.target.clone()));
    let styles = Styles::read(styles_root.as_ref());
    drop(styles_root);
    let sheets: Vec<(String, Option<String>, String)> = wb
        .child("sheets")
        .map(|s| {
            s.elements()
                .filter(|e| e.name == "sheet")
                .map(|e| {
                    (
                        e.attr("name").unwrap_or("").to_string(),
                        e.attr("state").map(str::to_string),
                        e.attr("id").unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut threaded_seen = HashSet::new();
    let limits = &out.options.limits;
    let (max_bytes, deadline) = (limits.max_output_bytes, limits.deadline);
    let mut b = Builder::new(OutputLimits::new(max_bytes).with_deadline(deadline));
    for (name, state, id) in sheets {
        if b.stopped() || doc_model::deadline_passed(deadline) {
            out.warn(
                WarningKind::Limit,
                format!("reading stopped before sheet {name:?}"),
            );
            break;
        }
        let Some(target) = rels.iter().find(|r| r.id == id).map(|r| r.target.clone()) else {
            out.warn(
                WarningKind::Reference,
                format!("sheet {name:?} has no part"),
            );
            continue;
        };
        let Some(data) = pkg.read(&target) else {
            out.warn(
                WarningKind::Reference,
                format!("sheet {name:?}: {target} is missing"),
            );
            continue;
        };
        let sheet = read_sheet(
            &data,
            &sst,
            &styles,
            date1904,
            max_bytes.saturating_sub(b.written()),
            deadline,
        );
        drop(data);
        if let Some(e) = &sheet.error {
            out.warn(WarningKind::Xml, format!("{target}: {e}"));
        }
        if sheet.cut {
            out.warn(
                WarningKind::Limit,
                format!("sheet {name:?} is cut short by a limit"),
            );
        }
        // The name, then the used range as one table; columns past the
        // 16,384 of a sheet write 16,384 TABs at most.
        write_sheet(
            &mut b,
            Some(&name),
            &sorted_cells(sheet.cells),
            &sheet.merges,
            SheetLayout::new()
                .with_max_tabs(16_384)
                .with_structure(out.options.structure),
        );
        let mut part = b.finish_part(PartKind::Sheet).with_name(name.clone());
        match state.as_deref() {
            Some("hidden") => part = part.with_attribute("hidden", "true"),
            Some("veryHidden") => part = part.with_attribute("hidden", "very"),
            _ => {}
        }
        // A sheet with no cells still names itself, as in xls-text.
        out.parts.push(part);
        for t in sheet.headers {
            out.part(PartKind::Header, Some(name.clone()), t);
        }
        for t in sheet.footers {
            out.part(PartKind::Footer, Some(name.clone()), t);
        }
        let sheet_rels = pkg.rels(&target);
        // Threaded comments first; the legacy comment Excel writes beside
        // each one ("[Threaded comment] …") is then left out.
        for r in sheet_rels.iter().filter(|r| r.kind == "threadedComment") {
            let Some(root) = pkg.xml(&r.target) else {
                continue;
            };
            let Some(list) = root.child("ThreadedComments") else {
                continue;
            };
            for c in list.elements().filter(|c| c.name == "threadedComment") {
                let cell = c.attr("ref").unwrap_or("").to_string();
                let text = c.child("text").map(Element::text).unwrap_or_default();
                threaded_seen.insert((name.clone(), cell.clone()));
                out.part(PartKind::Comment, Some(format!("{name}!{cell}")), text);
            }
        }
        if let Some(r) = rel(&sheet_rels, "comments")
            && let Some(root) = pkg.xml(&r.target.clone())
            && let Some(c) = root.child("comments")
        {
            let authors: Vec<String> = c
                .child("authors")
                .map(|a| a.elements().map(Element::text).collect())
                .unwrap_or_default();
            if let Some(list) = c.child("commentList") {
                for cm in list.elements().filter(|e| e.name == "comment") {
                    let cell = cm.attr("ref").unwrap_or("").to_string();
                    if threaded_seen.contains(&(name.clone(), cell.clone())) {
                        continue;
                    }
                    let text = cm.child("text").map(rich_element_text).unwrap_or_default();
                    let mut p = Part::named(PartKind::Comment, format!("{name}!{cell}"), text);
                    if let Some(a) = cm
                        .attr("authorId")
                        .and_then(|i| i.parse::<usize>().ok())
                        .and_then(|i| authors.get(i))
                        .filter(|a| !a.is_empty())
                    {
                        p = p.with_attribute("author", a.clone());
                    }
                    out.push(p);
                }
            }
        }
        if let Some(r) = rel(&sheet_rels, "drawing") {
            let drawing = r.target.clone();
            for t in drawing_texts(pkg, &drawing) {
                out.part(PartKind::TextBox, Some(name.clone()), t);
            }
        }
    }
    if let Some(reason) = b.limit_reason() {
        out.warn(
            WarningKind::Limit,
            format!("text stopped at {reason}: the rest is left out"),
        );
    }
    Ok(())
}

/// The text of a sheet drawing's shapes and of its charts' titles.
fn drawing_texts(pkg: &mut Package<'_>, drawing: &str) -> Vec<String> {
    let Some(root) = pkg.xml(drawing) else {
        return Vec::new();
    };
    let rels = pkg.rels(drawing);
    let mut charts = Vec::new();
    let mut texts = Vec::new();
    if let Some(ws) = root.child("wsDr") {
        for anchor in ws.elements() {
            let mut b = Builder::new(OutputLimits::new(u64::MAX));
            drawing::shapes(
                &xml_tree::Element {
                    name: "anchor".into(),
                    attrs: Vec::new(),
                    children: vec![xml_tree::Node::Element(anchor.clone())],
                },
                &|_| false,
                &|_| Style::plain(),
                &mut |data: &Element, _: &mut Builder| {
                    if let Some(id) = rel_id(data, "chart", "id") {
                        charts.push(id.to_string());
                    }
                },
                &mut b,
            );
            let s = doc_model::plain_text(&b.take_blocks());
            if !s.trim().is_empty() {
                texts.push(s);
            }
        }
    }
    for id in charts {
        let Some(target) = rels.iter().find(|r| r.id == id).map(|r| r.target.clone()) else {
            continue;
        };
        if let Some(t) = chart_titles(pkg, &target) {
            texts.push(t);
        }
    }
    texts
}

/// A chart's title and axis titles (`c:title` rich text), line by line.
pub(crate) fn chart_titles(pkg: &mut Package<'_>, chart: &str) -> Option<String> {
    let root = pkg.xml(chart)?;
    let mut titles = Vec::new();
    root.descendants("title", &mut titles);
    let mut s = String::new();
    for t in titles {
        let mut rich = Vec::new();
        t.descendants("rich", &mut rich);
        for r in rich {
            s.push_str(&drawing::text_body_string(r));
        }
    }
    (!s.trim().is_empty()).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_refs_and_strings() {
        assert_eq!(unescape_x("a_x000D_b_x005F_x"), "a\rb_x");
        assert_eq!(unescape_x("_x12"), "_x12");
        assert_eq!(cell_ref("B12"), Some((1, 11)));
        assert_eq!(cell_ref("AA1"), Some((26, 0)));
        assert_eq!(cell_ref("1"), None);
        let (sst, err) = shared_strings(
            br#"<sst><si><t>plain</t></si><si><r><t>ri</t></r><r><t>ch</t></r><rPh><t>furigana</t></rPh></si><si/></sst>"#,
            1000,
        );
        assert!(err.is_none());
        assert_eq!(sst, ["plain", "rich", ""]);
    }
}
