//! docx structure (issue 34): the blocks a WordprocessingML body gives —
//! headings from the style chain, localised style names and direct outline
//! levels, list items from numbering.xml, table spans, merges and header
//! rows, hyperlinks — and the plain text they render to.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;

use doc_model::{Block, PartKind};

const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships""#;

fn docx(body: &str, styles: &str, numbering: &str) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    let files = [
        (
            "[Content_Types].xml",
            r#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#.to_string(),
        ),
        (
            "_rels/.rels",
            format!(r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{rel}/officeDocument" Target="word/document.xml"/></Relationships>"#),
        ),
        (
            "word/_rels/document.xml.rels",
            format!(r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{rel}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="{rel}/numbering" Target="numbering.xml"/><Relationship Id="rId9" Type="{rel}/hyperlink" Target="https://example.org/a" TargetMode="External"/></Relationships>"#),
        ),
        ("word/document.xml", format!("<w:document {W}><w:body>{body}</w:body></w:document>")),
        ("word/styles.xml", format!("<w:styles {W}>{styles}</w:styles>")),
        ("word/numbering.xml", format!("<w:numbering {W}>{numbering}</w:numbering>")),
    ];
    for (name, text) in files {
        zip.start_file(name, o).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn p(ppr: &str, text: &str) -> String {
    format!("<w:p><w:pPr>{ppr}</w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>")
}

fn body_blocks(doc: &ooxml_text::OfficeDocument) -> &[Block] {
    let body = doc.parts.iter().find(|p| p.kind == PartKind::Body).unwrap();
    assert_eq!(doc_model::plain_text(&body.blocks), body.text);
    &body.blocks
}

const STYLES: &str = r#"
  <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
  <w:style w:type="paragraph" w:styleId="1"><w:name w:val="見出し 2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Mine"><w:name w:val="Chapter"/><w:basedOn w:val="berschrift1"/></w:style>
  <w:style w:type="paragraph" w:styleId="TOCHeading"><w:name w:val="TOC Heading"/><w:basedOn w:val="berschrift1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>
  <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
  <w:style w:type="paragraph" w:styleId="Heading7x"><w:name w:val="Body"/></w:style>"#;

const NUMBERING: &str = r#"
  <w:abstractNum w:abstractNumId="0">
    <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
    <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="&#xF0B7;"/></w:lvl>
  </w:abstractNum>
  <w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val=" "/></w:lvl></w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="7"/></w:lvlOverride></w:num>
  <w:num w:numId="3"><w:abstractNumId w:val="1"/></w:num>"#;

fn num(id: u32, lvl: u32) -> String {
    format!(r#"<w:numPr><w:ilvl w:val="{lvl}"/><w:numId w:val="{id}"/></w:numPr>"#)
}

#[test]
fn headings_from_styles_names_and_outline_levels() {
    let body = [
        p(r#"<w:pStyle w:val="berschrift1"/>"#, "Einleitung"),
        p(r#"<w:pStyle w:val="1"/>"#, "概要"),
        p(r#"<w:pStyle w:val="Mine"/>"#, "Chapter"),
        p(r#"<w:pStyle w:val="TOCHeading"/>"#, "Contents"),
        p(r#"<w:pStyle w:val="Title"/>"#, "The title"),
        p(r#"<w:outlineLvl w:val="3"/>"#, "Direct four"),
        p(
            r#"<w:pStyle w:val="berschrift1"/><w:outlineLvl w:val="9"/>"#,
            "Body text",
        ),
        p(r#"<w:pStyle w:val="Heading7x"/>"#, "Not a heading"),
        p(r#"<w:pStyle w:val="Missing"/>"#, "No style"),
        p(
            &format!(r#"<w:pStyle w:val="berschrift1"/>{}"#, num(1, 0)),
            "Numbered",
        ),
    ]
    .concat();
    let doc = ooxml_text::parse(&docx(&body, STYLES, NUMBERING)).unwrap();
    let blocks = body_blocks(&doc);
    let got: Vec<(Option<u8>, &str)> = blocks
        .iter()
        .map(|b| match b {
            Block::Heading { level, content } => (Some(*level), content.text.as_str()),
            other => (None, other.inline().unwrap().text.as_str()),
        })
        .collect();
    assert_eq!(
        got,
        [
            (Some(1), "Einleitung"),
            (Some(2), "概要"),
            (Some(1), "Chapter"),
            (Some(1), "Contents"),
            (Some(1), "The title"),
            (Some(4), "Direct four"),
            (None, "Body text"),
            (None, "Not a heading"),
            (None, "No style"),
            // A numbered heading keeps its number in its text.
            (Some(1), "1.\tNumbered"),
        ]
    );
}

#[test]
fn list_items_numbered_bulleted_and_continued() {
    let body = [
        p(&num(1, 0), "one"),
        p(&num(1, 1), "bullet"),
        p(&num(1, 0), "two"),
        p(&num(3, 0), "continuation"),
        p(&num(2, 0), "seven"),
        p(&num(0, 0), "none"),
    ]
    .concat();
    let doc = ooxml_text::parse(&docx(&body, STYLES, NUMBERING)).unwrap();
    let blocks = body_blocks(&doc);
    let want = [
        Block::list_item(1, true, Some("1.\t"), "one"),
        Block::list_item(2, false, None, "bullet"),
        Block::list_item(1, true, Some("2.\t"), "two"),
        Block::paragraph("continuation"),
        Block::list_item(1, true, Some("7.\t"), "seven"),
        Block::paragraph("none"),
    ];
    assert_eq!(blocks, want);
    assert_eq!(
        doc.text(),
        "1.\tone\nbullet\n2.\ttwo\ncontinuation\n7.\tseven\nnone\n"
    );
}

fn tc(props: &str, text: &str) -> String {
    format!("<w:tc><w:tcPr>{props}</w:tcPr>{}</w:tc>", p("", text))
}

#[test]
fn tables_with_spans_merges_header_rows_and_lists_in_cells() {
    let header = r#"<w:trPr><w:tblHeader/></w:trPr>"#;
    let body = format!(
        "<w:tbl><w:tr>{header}{}{}</w:tr><w:tr>{}{}{}</w:tr><w:tr>{}{}<w:tc>{}{}</w:tc></w:tr></w:tbl>",
        tc(r#"<w:vMerge w:val="restart"/>"#, "Item"),
        tc(r#"<w:gridSpan w:val="2"/>"#, "Quarter"),
        tc("<w:vMerge/>", ""),
        tc("", "Q1"),
        tc("", "Q2"),
        tc("", "Pens"),
        tc("", "10"),
        p(&num(1, 0), "a"),
        p(&num(1, 0), "b"),
    );
    let doc = ooxml_text::parse(&docx(&body, STYLES, NUMBERING)).unwrap();
    let blocks = body_blocks(&doc);
    let [Block::Table(t)] = blocks else {
        panic!("{blocks:?}")
    };
    assert_eq!(t.header_rows, 1);
    assert_eq!(t.rows[0].cells[0].row_span, 2);
    assert_eq!(t.rows[0].cells[1].col_span, 2);
    assert!(t.rows[1].cells[0].covered);
    assert!(matches!(
        t.rows[2].cells[2].blocks[..],
        [Block::ListItem { .. }, Block::ListItem { .. }]
    ));
    assert_eq!(
        doc.text(),
        "Item\tQuarter\n\tQ1\tQ2\nPens\t10\t1.\ta\n2.\tb\n"
    );
}

#[test]
fn hyperlinks_by_relationship_and_anchor() {
    let body = r#"<w:p><w:r><w:t xml:space="preserve">see </w:t></w:r><w:hyperlink r:id="rId9"><w:r><w:t>the site</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> or </w:t></w:r><w:hyperlink w:anchor="_Toc1"><w:r><w:t>below</w:t></w:r></w:hyperlink></w:p>"#;
    let doc = ooxml_text::parse(&docx(body, STYLES, NUMBERING)).unwrap();
    let blocks = body_blocks(&doc);
    let content = blocks[0].inline().unwrap();
    assert_eq!(
        content.segments(),
        [
            ("see ", None),
            ("the site", Some("https://example.org/a")),
            (" or ", None),
            ("below", Some("#_Toc1")),
        ]
    );
}

#[test]
fn a_paragraph_ending_in_field_instructions_shows_nothing() {
    // A TOC field whose instructions end its first paragraph: that
    // paragraph is left out, as the flat text left it out.
    let body = r#"<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>TOC \o</w:instrText></w:r></w:p><w:p><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Entry</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"#;
    let doc = ooxml_text::parse(&docx(body, STYLES, NUMBERING)).unwrap();
    let blocks = body_blocks(&doc);
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    assert_eq!(doc.text(), "Entry\ncell\n");
}
