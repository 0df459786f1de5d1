//! xlsx shared strings and cells against calamine (every sheet's cell
//! range), on a generated 20,000-cell workbook and the largest corpus
//! workbook; docx paragraphs per second on a generated 10,000-paragraph
//! document and the largest corpus document.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::hint::black_box;
use std::io::Cursor;

use calamine::{Reader, Xlsx};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// 2,000 rows × 10 cells: shared strings, numbers in three formats.
fn workbook() -> Vec<u8> {
    let mut sst =
        String::from("<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">");
    for i in 0..2000 {
        sst.push_str(&format!("<si><t>customer name {i}</t></si>"));
    }
    sst.push_str("</sst>");
    let mut sheet = String::from(
        "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>",
    );
    for r in 1..=2000u32 {
        sheet.push_str(&format!(
            "<row r=\"{r}\"><c r=\"A{r}\" t=\"s\"><v>{}</v></c>",
            r - 1
        ));
        sheet.push_str(&format!(
            "<c r=\"B{r}\" s=\"1\"><v>{}</v></c>",
            f64::from(r) * 1234.5678
        ));
        sheet.push_str(&format!("<c r=\"C{r}\" s=\"2\"><v>{}</v></c>", 40000 + r));
        sheet.push_str(&format!(
            "<c r=\"D{r}\" s=\"3\"><v>{}</v></c>",
            f64::from(r) / 2000.0
        ));
        for (k, col) in ["E", "F", "G", "H", "I", "J"].iter().enumerate() {
            sheet.push_str(&format!(
                "<c r=\"{col}{r}\"><v>{}</v></c>",
                r as usize * 7 + k
            ));
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    let ct = "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/><Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/><Override PartName=\"/xl/styles.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/></Types>";
    let rels = "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>";
    let wb_rels = "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/><Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings\" Target=\"sharedStrings.xml\"/><Relationship Id=\"rId3\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles\" Target=\"styles.xml\"/></Relationships>";
    let wb = "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets><sheet name=\"Data\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>";
    let styles = "<styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><cellXfs count=\"4\"><xf numFmtId=\"0\"/><xf numFmtId=\"4\"/><xf numFmtId=\"14\"/><xf numFmtId=\"10\"/></cellXfs></styleSheet>";
    testkit::archive::zip(&[
        ("[Content_Types].xml", ct.as_bytes()),
        ("_rels/.rels", rels.as_bytes()),
        ("xl/_rels/workbook.xml.rels", wb_rels.as_bytes()),
        ("xl/workbook.xml", wb.as_bytes()),
        ("xl/styles.xml", styles.as_bytes()),
        ("xl/sharedStrings.xml", sst.as_bytes()),
        ("xl/worksheets/sheet1.xml", sheet.as_bytes()),
    ])
}

/// 10,000 paragraphs of three runs each.
fn document() -> Vec<u8> {
    let mut body = String::new();
    for i in 0..10_000 {
        body.push_str(&format!(
            "<w:p><w:r><w:t xml:space=\"preserve\">Paragraph {i} of the report, </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>bold words</w:t></w:r><w:r><w:t xml:space=\"preserve\"> and the rest of the sentence.</w:t></w:r></w:p>"
        ));
    }
    let doc = format!(
        "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>{body}</w:body></w:document>"
    );
    testkit::archive::zip(&[("word/document.xml", doc.as_bytes())])
}

fn calamine_all(data: &[u8]) -> usize {
    let mut wb: Xlsx<_> = Xlsx::new(Cursor::new(data)).expect("calamine opens it");
    let mut n = 0;
    for name in wb.sheet_names() {
        if let Ok(r) = wb.worksheet_range(&name) {
            n += r.used_cells().count();
        }
    }
    n
}

fn largest(folder: &str, ext: &str) -> Option<(String, Vec<u8>)> {
    let dir = testkit::corpus::dir()?;
    testkit::corpus::files(&dir, folder)
        .into_iter()
        .filter(|e| e.rel.ends_with(ext))
        .filter_map(|e| Some((e.rel.clone(), std::fs::read(&e.path).ok()?)))
        .filter(|(_, d)| d.starts_with(b"PK"))
        .max_by_key(|(_, d)| d.len())
}

fn bench(c: &mut Criterion) {
    let mut books = vec![("generated 20k cells".to_string(), workbook())];
    books.extend(largest("ooxml", ".xlsx"));
    for (name, data) in &books {
        let mut g = c.benchmark_group(format!("xlsx {name}"));
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function("ooxml-text", |b| {
            b.iter(|| black_box(ooxml_text::parse(black_box(data)).unwrap().parts.len()))
        });
        g.bench_function("calamine", |b| {
            b.iter(|| black_box(calamine_all(black_box(data))))
        });
        g.finish();
    }
    let mut docs = vec![("generated 10k paragraphs".to_string(), document())];
    docs.extend(largest("ooxml", ".docx"));
    for (name, data) in &docs {
        let paragraphs = ooxml_text::parse(data).unwrap().text().lines().count();
        let mut g = c.benchmark_group(format!("docx {name}"));
        g.throughput(Throughput::Elements(paragraphs as u64));
        g.bench_function("ooxml-text", |b| {
            b.iter(|| black_box(ooxml_text::parse(black_box(data)).unwrap().parts.len()))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
