//! The HTTP API in-process (the router driven by `tower::ServiceExt::oneshot`)
//! on the fixtures: status codes, the `/rmeta` shape, `/unpack` archives
//! byte-equal to the embedded files, headers, gzip and multipart bodies, the
//! body limit, the hostile fixtures.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Cursor, Read, Write};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use serde_json::Value;
use textract_server::{Config, Server};
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Reply {
    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }
    fn content_type(&self) -> &str {
        self.headers.get("content-type").unwrap().to_str().unwrap()
    }
}

fn config() -> Config {
    let mut c = Config::default();
    c.access_log = false;
    c.max_concurrent = 2;
    c
}

fn app() -> Router {
    Server::new(config()).router()
}

fn fixture(rel: &str) -> Vec<u8> {
    std::fs::read(testkit::fixture(rel)).unwrap()
}

async fn send(app: &Router, req: Request<Body>) -> Reply {
    let r = app.clone().oneshot(req).await.unwrap();
    let status = r.status();
    let headers = r.headers().clone();
    let body = axum::body::to_bytes(r.into_body(), usize::MAX)
        .await
        .unwrap()
        .to_vec();
    Reply {
        status,
        headers,
        body,
    }
}

async fn put(app: &Router, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> Reply {
    let mut req = Request::put(path);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    send(app, req.body(Body::from(body)).unwrap()).await
}

async fn get(app: &Router, path: &str, accept: &str) -> Reply {
    send(
        app,
        Request::get(path)
            .header("Accept", accept)
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

fn facade(bytes: &[u8]) -> textract::Document {
    textract::extract(bytes, &textract::Options::default()).unwrap()
}

#[tokio::test]
async fn tika_plain_text_is_the_facade_text_for_each_format() {
    let app = app();
    for rel in [
        "pdf/base.pdf",
        "doc/table.doc",
        "xls/cells.xls",
        "hwp/paragraphs.hwp",
        "rtf/info.rtf",
        "basic/shift_jis.txt",
    ] {
        let bytes = fixture(rel);
        let r = put(&app, "/tika", &[("Accept", "text/plain")], bytes.clone()).await;
        assert_eq!(r.status, 200, "{rel}: {}", r.text());
        assert_eq!(r.content_type(), "text/plain; charset=UTF-8");
        let doc = facade(&bytes);
        assert!(doc.embedded.is_empty(), "{rel} has no embedded documents");
        assert_eq!(r.text(), doc.text, "{rel}");
    }
}

#[tokio::test]
async fn tika_text_includes_embedded_documents() {
    let r = put(&app(), "/tika", &[], fixture("pdf/attachments.pdf")).await;
    assert_eq!(r.status, 200);
    let t = r.text();
    for s in [
        "A page with attachments",
        "Inner document",
        "Two levels down.",
        "Meeting notes",
    ] {
        assert!(t.contains(s), "{s} in {t:?}");
    }
}

#[tokio::test]
async fn tika_html_is_xhtml_with_metadata() {
    let r = put(
        &app(),
        "/tika",
        &[("Accept", "text/html")],
        fixture("doc/stories.doc"),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.content_type(), "text/html; charset=UTF-8");
    let t = r.text();
    assert!(t.starts_with(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">"
    ));
    assert!(t.contains("<meta name=\"Content-Type\" content=\"application/msword\" />"));
    assert!(t.contains("<meta name=\"dc:title\" content=\"Stories\" />"));
    assert!(t.contains("<title>Stories</title>"));
    assert!(t.contains("<p>Body paragraph three.</p>"));
    assert!(t.ends_with("</body></html>"));
}

#[tokio::test]
async fn tika_renders_structure_as_xhtml_and_markdown() {
    let app = app();
    let bytes = fixture("structure/report.html");
    let r = put(&app, "/tika", &[("Accept", "text/html")], bytes.clone()).await;
    let t = r.text();
    assert!(t.contains("<h1>Quarterly report</h1>"), "{t}");
    assert!(
        t.contains("<ul>\n<li>Revenue grew in every region</li>"),
        "{t}"
    );
    assert!(
        t.contains("<thead>\n<tr><th>Region</th><th>Revenue</th><th>Growth</th></tr>"),
        "{t}"
    );
    let r = put(&app, "/tika", &[("Accept", "text/markdown")], bytes.clone()).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.content_type(), "text/markdown; charset=UTF-8");
    let md = r.text();
    assert!(md.starts_with("# Quarterly report\n\n"), "{md}");
    assert!(
        md.contains("| Region | Revenue | Growth |\n| --- | --- | --- |\n"),
        "{md}"
    );
    let list = put(&app, "/rmeta/markdown", &[], bytes).await.json();
    let content = list[0]["X-TIKA:content"].as_str().unwrap();
    assert_eq!(content, md);
    // A write limit that cuts the text gives the cut text, not a cut rendering.
    let r = put(
        &app,
        "/tika",
        &[("Accept", "text/html"), ("writeLimit", "20")],
        fixture("structure/report.html"),
    )
    .await;
    let t = r.text();
    assert!(
        t.contains("<p>Quarterly report</p>") && !t.contains("<h1>"),
        "{t}"
    );
}

#[tokio::test]
async fn tika_json_and_handlers() {
    let app = app();
    let bytes = fixture("doc/stories.doc");
    let text = facade(&bytes).text;
    let r = put(
        &app,
        "/tika",
        &[("Accept", "application/json")],
        bytes.clone(),
    )
    .await;
    assert_eq!(r.status, 200);
    let j = r.json();
    assert_eq!(j["Content-Type"], "application/msword");
    assert_eq!(j["dc:title"], "Stories");
    assert!(
        j["X-TIKA:content"]
            .as_str()
            .unwrap()
            .contains("<p>Body paragraph three.</p>")
    );

    let j = put(&app, "/tika/text", &[], bytes.clone()).await.json();
    assert_eq!(j["X-TIKA:content"], text.as_str());
    assert_eq!(j["X-TIKA:Parsed-By"][1], "textract-doc");
    let j = put(&app, "/tika/html", &[], bytes.clone()).await.json();
    assert!(j["X-TIKA:content"].as_str().unwrap().starts_with("<?xml"));
    let r = put(&app, "/tika/main", &[], bytes.clone()).await;
    assert_eq!(r.text(), text);
    assert_eq!(put(&app, "/tika/nonsense", &[], bytes).await.status, 400);
}

#[tokio::test]
async fn tika_and_meta_answer_422_for_what_they_cannot_read() {
    let app = app();
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0".to_vec();
    for (name, bytes, kind) in [
        ("encrypted", fixture("pdf/aes-256-r6-user.pdf"), "encrypted"),
        (
            "encrypted docx",
            fixture("crypto/standard-aes128.docx"),
            "encrypted",
        ),
        (
            "corrupt",
            fixture("cfb/truncated-header.cfb"),
            "unsupported",
        ),
        ("unsupported", png, "unsupported"),
        ("empty", Vec::new(), "empty"),
        ("limit", fixture("hostile/cfb-4gib-fat-loop.doc"), "limit"),
    ] {
        for path in ["/tika", "/meta", "/tika/text", "/unpack"] {
            let r = put(&app, path, &[], bytes.clone()).await;
            assert_eq!(r.status, 422, "{name} {path}: {}", r.text());
            assert_eq!(r.headers["X-Textract-Error"], kind, "{name} {path}");
        }
    }
    // The right password opens it.
    let r = put(
        &app,
        "/tika",
        &[("Password", "userpw")],
        fixture("pdf/aes-256-r6-user.pdf"),
    )
    .await;
    assert_eq!(r.status, 200);
    assert!(r.text().contains("Page one"));
}

#[tokio::test]
async fn rmeta_lists_the_container_then_every_embedded_document() {
    let bytes = fixture("pdf/attachments.pdf");
    let r = put(
        &app(),
        "/rmeta/text",
        &[(
            "Content-Disposition",
            "attachment; filename=b'attachments.pdf'",
        )],
        bytes.clone(),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.content_type(), "application/json; charset=UTF-8");
    let list = r.json();
    let list = list.as_array().unwrap();
    let doc = facade(&bytes);
    let walked = doc.walk();
    assert_eq!(list.len(), walked.len());
    for (entry, (embedded, d)) in list.iter().zip(&walked) {
        assert_eq!(entry["X-TIKA:content"], d.text.as_str());
        assert_eq!(
            entry["Content-Type"].as_str().unwrap().split(';').next(),
            Some(d.mime_type())
        );
        assert_eq!(
            entry["X-TIKA:Parsed-By"][0],
            "org.apache.tika.parser.DefaultParser"
        );
        assert_eq!(
            entry["X-TIKA:Parsed-By"][1],
            format!("textract-{}", d.format)
        );
        match embedded {
            None => {
                assert_eq!(entry["resourceName"], "attachments.pdf");
                assert_eq!(entry["X-TIKA:embedded_depth"], "0");
                assert!(entry.get("X-TIKA:embedded_resource_path").is_none());
                assert_eq!(entry["xmpTPg:NPages"], "1");
            }
            Some(e) => {
                assert_eq!(entry["X-TIKA:embedded_resource_path"], e.path.as_str());
                let depth = e.path.matches('/').count().to_string();
                assert_eq!(entry["X-TIKA:embedded_depth"], depth.as_str());
                assert_eq!(entry["resourceName"].as_str(), e.name.as_deref());
            }
        }
    }
    let paths: Vec<&str> = list[1..]
        .iter()
        .map(|e| e["X-TIKA:embedded_resource_path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/inner.pdf",
            "/inner.pdf/deep.txt",
            "/notes.txt",
            "/data.csv"
        ]
    );
}

#[tokio::test]
async fn rmeta_default_is_xhtml_and_ignore_has_no_content() {
    let app = app();
    let bytes = fixture("rtf/embedded.rtf");
    let list = put(&app, "/rmeta", &[], bytes.clone()).await.json();
    let list = list.as_array().unwrap();
    assert!(list.len() >= 2, "{list:?}");
    for e in list {
        assert!(e["X-TIKA:content"].as_str().unwrap().starts_with("<?xml"));
    }
    let list = put(&app, "/rmeta/ignore", &[], bytes).await.json();
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|e| e.get("X-TIKA:content").is_none())
    );
}

#[tokio::test]
async fn rmeta_maps_metadata_to_tika_keys() {
    let app = app();
    let j = put(&app, "/rmeta/text", &[], fixture("rtf/info.rtf"))
        .await
        .json();
    let doc = facade(&fixture("rtf/info.rtf"));
    let m = &doc.metadata;
    let e = &j[0];
    for (key, value) in [
        ("dc:title", &m.title),
        ("dc:creator", &m.author),
        ("dc:subject", &m.subject),
        ("meta:keyword", &m.keywords),
        ("dcterms:created", &m.created),
        ("dcterms:modified", &m.modified),
        ("meta:last-author", &m.last_author),
        ("extended-properties:Company", &m.company),
    ] {
        assert_eq!(
            e.get(key).and_then(Value::as_str),
            value.as_deref(),
            "{key}"
        );
    }
    assert!(
        m.title.is_some() && m.author.is_some(),
        "the fixture states a title and author"
    );
    let pdf = put(&app, "/rmeta/text", &[], fixture("pdf/base.pdf"))
        .await
        .json();
    assert_eq!(pdf[0]["xmpTPg:NPages"], "3");
}

#[tokio::test]
async fn rmeta_lists_message_headers_under_tika_names_and_attachments_after() {
    let app = app();
    let j = put(&app, "/rmeta/text", &[], fixture("mail/mixed.eml"))
        .await
        .json();
    let e = &j[0];
    assert_eq!(e["Content-Type"], "message/rfc822");
    assert_eq!(e["dc:title"], "Minutes");
    assert_eq!(e["dc:creator"], "Renée");
    assert_eq!(e["Message-From"], "Renée <renee@example.com>");
    assert_eq!(e["Message-To"][0], "Bob <bob@example.com>");
    assert_eq!(e["Message-To"][1], "team@example.com");
    assert_eq!(e["Message-Cc"], "Cy <cy@example.com>");
    assert_eq!(e["Message:Raw-Header:Message-ID"], "<m1@example.com>");
    // Every header field as written, as Tika's RFC822Parser lists them.
    assert_eq!(
        e["Message:Raw-Header:From"],
        "=?UTF-8?Q?Ren=C3=A9e?= <renee@example.com>"
    );
    assert_eq!(e["Message:Raw-Header:MIME-Version"], "1.0");
    // The attachment and the attached message follow the container.
    assert_eq!(j.as_array().map(Vec::len), Some(3));
    assert_eq!(j[2]["Content-Type"], "message/rfc822");
    assert_eq!(j[2]["dc:title"], "Earlier");
}

#[tokio::test]
async fn rmeta_reports_container_and_embedded_exceptions_with_200() {
    let app = app();
    let r = put(&app, "/rmeta", &[], fixture("crypto/standard-aes128.docx")).await;
    assert_eq!(r.status, 200);
    let e = &r.json()[0];
    assert!(
        e["X-TIKA:EXCEPTION:container_exception"]
            .as_str()
            .unwrap()
            .starts_with("org.apache.tika.exception.EncryptedDocumentException: ")
    );
    // A zip with a readable file and an encrypted PDF: the child fails alone.
    let zip = testkit::archive::zip(&[
        ("ok.txt", b"fine text\n"),
        ("locked.pdf", &fixture("pdf/aes-256-r6-user.pdf")),
    ]);
    let list = put(&app, "/rmeta/text", &[], zip).await.json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert!(
        list[0]
            .get("X-TIKA:EXCEPTION:container_exception")
            .is_none()
    );
    assert_eq!(list[1]["X-TIKA:content"], "fine text\n");
    assert!(list[1].get("X-TIKA:EXCEPTION:embedded_exception").is_none());
    assert_eq!(list[2]["X-TIKA:embedded_resource_path"], "/locked.pdf");
    assert_eq!(list[2]["Content-Type"], "application/pdf");
    assert!(
        list[2]["X-TIKA:EXCEPTION:embedded_exception"]
            .as_str()
            .unwrap()
            .contains("encrypted PDF")
    );
}

#[tokio::test]
async fn request_headers_shape_the_answer() {
    let app = app();
    let bytes = fixture("pdf/attachments.pdf");
    // writeLimit: characters over the whole list, flagged on the container.
    let list = put(&app, "/rmeta/text", &[("writeLimit", "30")], bytes.clone())
        .await
        .json();
    let total: usize = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["X-TIKA:content"].as_str().unwrap().chars().count())
        .sum();
    assert_eq!(total, 30);
    assert_eq!(list[0]["X-TIKA:WARN:write_limit_reached"], "true");
    let r = put(&app, "/tika", &[("writeLimit", "5")], bytes.clone()).await;
    assert_eq!(r.text(), "A pag");
    // maxEmbeddedResources and X-Tika-Skip-Embedded.
    let list = put(
        &app,
        "/rmeta/text",
        &[("maxEmbeddedResources", "1")],
        bytes.clone(),
    )
    .await
    .json();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(
        list[0]["X-TIKA:EXCEPTION:embedded_resource_limit_reached"],
        "true"
    );
    let list = put(
        &app,
        "/rmeta/text",
        &[("X-Tika-Skip-Embedded", "true")],
        bytes.clone(),
    )
    .await
    .json();
    assert_eq!(list.as_array().unwrap().len(), 1);
    // PDF/OCR options are accepted and named as ignored.
    let r = put(
        &app,
        "/tika",
        &[
            ("X-Tika-PDFextractInlineImages", "true"),
            ("X-Tika-OCRLanguage", "eng"),
        ],
        bytes.clone(),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(
        r.headers["X-Textract-Ignored-Options"],
        "X-Tika-OCRlanguage, X-Tika-PDFextractinlineimages"
    );
    // A content-type hint: the charset of unlabelled text.
    let sjis = fixture("basic/shift_jis.txt");
    let r = put(
        &app,
        "/tika",
        &[("Content-Type", "text/plain; charset=windows-1251")],
        sjis.clone(),
    )
    .await;
    assert_ne!(r.text(), facade(&sjis).text, "the hint was used");
    let r = put(
        &app,
        "/tika",
        &[("Content-Type", "application/octet-stream")],
        sjis.clone(),
    )
    .await;
    assert_eq!(r.text(), facade(&sjis).text, "octet-stream is no hint");
    // Content-Disposition in its three spellings.
    for (value, name) in [
        ("attachment; filename=x.pdf", "x.pdf"),
        (
            "attachment; filename=\"quoted name.pdf\"",
            "quoted name.pdf",
        ),
        (r"attachment; filename=b'\xe6\x97\xa5.pdf'", "日.pdf"),
    ] {
        let j = put(
            &app,
            "/meta",
            &[
                ("Accept", "application/json"),
                ("Content-Disposition", value),
            ],
            bytes.clone(),
        )
        .await
        .json();
        assert_eq!(j["resourceName"], name);
    }
}

#[tokio::test]
async fn timeout_header_bounds_the_request() {
    // A deadline of 1 ms: the document gives what was read with a warning,
    // or a limit error — never a hang.
    let r = put(
        &app(),
        "/rmeta/text",
        &[("X-Tika-Timeout-Millis", "1")],
        fixture("hostile/deflate-bomb.pdf"),
    )
    .await;
    assert_eq!(r.status, 200);
}

#[tokio::test]
async fn meta_csv_json_and_one_field() {
    let app = app();
    let bytes = fixture("doc/stories.doc");
    let r = put(&app, "/meta", &[], bytes.clone()).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.content_type(), "text/csv; charset=UTF-8");
    let t = r.text();
    assert!(t.contains("\"dc:title\",\"Stories\"\n"), "{t}");
    assert!(t.contains("\"Content-Type\",\"application/msword\"\n"));
    assert!(t.contains(
        "\"X-TIKA:Parsed-By\",\"org.apache.tika.parser.DefaultParser\",\"textract-doc\"\n"
    ));
    let j = put(
        &app,
        "/meta",
        &[("Accept", "application/json")],
        bytes.clone(),
    )
    .await
    .json();
    assert_eq!(j["dc:title"], "Stories");
    assert!(j.get("X-TIKA:content").is_none());
    let r = put(
        &app,
        "/meta/dc:title",
        &[("Accept", "text/plain")],
        bytes.clone(),
    )
    .await;
    assert_eq!(r.text(), "Stories\n");
    let j = put(
        &app,
        "/meta/dc:title",
        &[("Accept", "application/json")],
        bytes.clone(),
    )
    .await
    .json();
    assert_eq!(j, serde_json::json!({"dc:title": "Stories"}));
    assert_eq!(put(&app, "/meta/no:such", &[], bytes).await.status, 404);
}

#[tokio::test]
async fn detect_stream_names_the_mime_type() {
    let app = app();
    for (bytes, name, mime) in [
        (fixture("pdf/base.pdf"), None, "application/pdf"),
        (
            fixture("doc/table.doc"),
            Some("x.bin"),
            "application/msword",
        ),
        (fixture("xls/cells.xls"), None, "application/vnd.ms-excel"),
        (fixture("hwp/paragraphs.hwp"), None, "application/x-hwp"),
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(), None, "image/png"),
        (b"a,b\n1,2\n".to_vec(), Some("data.csv"), "text/csv"),
        (b"a,b\n1,2\n".to_vec(), None, "text/plain"),
        // The file name never overrides the bytes of a binary format.
        (fixture("pdf/base.pdf"), Some("x.csv"), "application/pdf"),
    ] {
        let disposition = name
            .map(|n| format!("attachment; filename={n}"))
            .unwrap_or_default();
        let headers: Vec<(&str, &str)> = if name.is_some() {
            vec![("Content-Disposition", &disposition)]
        } else {
            vec![]
        };
        let r = put(&app, "/detect/stream", &headers, bytes).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.text(), mime);
    }
}

fn zip_entries(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).unwrap();
            let mut data = Vec::new();
            f.read_to_end(&mut data).unwrap();
            (f.name().to_string(), data)
        })
        .collect()
}

#[tokio::test]
async fn unpack_returns_the_embedded_files_byte_for_byte() {
    let app = app();
    for rel in [
        "pdf/attachments.pdf",
        "rtf/embedded.rtf",
        "doc/stories.doc",
        "hwp/bindata.hwp",
    ] {
        let bytes = fixture(rel);
        let mut options = textract::Options::default();
        options.embedded.keep_bytes = true;
        options.embedded.images = true;
        let doc = textract::extract(&bytes, &options).unwrap();
        let expected: Vec<&[u8]> = doc
            .embedded
            .iter()
            .filter_map(|e| e.data.as_deref())
            .collect();
        assert!(!expected.is_empty(), "{rel} has embedded files");
        let r = put(&app, "/unpack", &[], bytes.clone()).await;
        assert_eq!(r.status, 200, "{rel}");
        assert_eq!(r.content_type(), "application/zip");
        let got = zip_entries(&r.body);
        assert_eq!(got.len(), expected.len(), "{rel}");
        for ((name, data), want) in got.iter().zip(&expected) {
            assert_eq!(data.as_slice(), *want, "{rel}: {name}");
        }
    }
    let names: Vec<String> = zip_entries(
        &put(&app, "/unpack", &[], fixture("pdf/attachments.pdf"))
            .await
            .body,
    )
    .into_iter()
    .map(|(n, _)| n)
    .collect();
    assert_eq!(names, ["inner.pdf", "notes.txt", "data.csv"]);
    // Nothing embedded: 204.
    let r = put(&app, "/unpack", &[], fixture("basic/utf8.txt")).await;
    assert_eq!(r.status, 204);
    assert!(r.body.is_empty());
}

#[tokio::test]
async fn unpack_all_as_tar_adds_text_and_metadata() {
    let app = app();
    let bytes = fixture("pdf/attachments.pdf");
    let r = put(
        &app,
        "/unpack/all",
        &[("Accept", "application/x-tar")],
        bytes.clone(),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.content_type(), "application/x-tar");
    let mut ar = tar::Archive::new(r.body.as_slice());
    let mut got = Vec::new();
    for e in ar.entries().unwrap() {
        let mut e = e.unwrap();
        let name = e.path().unwrap().display().to_string();
        let mut data = Vec::new();
        e.read_to_end(&mut data).unwrap();
        got.push((name, data));
    }
    let names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "inner.pdf",
            "notes.txt",
            "data.csv",
            "__TEXT__",
            "__METADATA__"
        ]
    );
    assert_eq!(String::from_utf8_lossy(&got[3].1), facade(&bytes).text);
    assert!(String::from_utf8_lossy(&got[4].1).contains("\"Content-Type\",\"application/pdf\"\n"));
    // Nothing embedded still answers with the text and metadata.
    let r = put(&app, "/unpack/all", &[], fixture("basic/utf8.txt")).await;
    assert_eq!(r.status, 200);
    let names: Vec<String> = zip_entries(&r.body).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["__TEXT__", "__METADATA__"]);
}

#[tokio::test]
async fn gzip_bodies_are_decoded() {
    let bytes = fixture("doc/table.doc");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(&bytes).unwrap();
    let gz = enc.finish().unwrap();
    let r = put(&app(), "/tika", &[("Content-Encoding", "gzip")], gz.clone()).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.text(), facade(&bytes).text);
    // A gzip body that inflates past the limit is refused like a large body.
    let mut c = config();
    c.max_body = bytes.len() as u64 - 1;
    let small = Server::new(c).router();
    assert_eq!(
        put(&small, "/tika", &[("Content-Encoding", "gzip")], gz)
            .await
            .status,
        413
    );
    assert_eq!(
        put(&small, "/tika", &[("Content-Encoding", "br")], vec![1, 2])
            .await
            .status,
        415
    );
}

#[tokio::test]
async fn bodies_past_the_limit_get_413() {
    let mut c = config();
    c.max_body = 1000;
    let app = Server::new(c).router();
    for path in ["/tika", "/rmeta", "/meta", "/unpack", "/detect/stream"] {
        let r = put(&app, path, &[], vec![b'a'; 1001]).await;
        assert_eq!(r.status, 413, "{path}");
        let r = put(&app, path, &[], vec![b'a'; 1000]).await;
        assert_ne!(r.status, 413, "{path}");
    }
}

fn multipart(field: &str, filename: &str, ctype: &str, data: &[u8]) -> (String, Vec<u8>) {
    let boundary = "textract-test-boundary";
    let mut body = Vec::new();
    body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"comment\"\r\n\r\nnot the file\r\n").as_bytes());
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\nContent-Type: {ctype}\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(data);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[tokio::test]
async fn forms_take_the_first_file_field() {
    let app = app();
    let bytes = fixture("doc/stories.doc");
    let (ctype, body) = multipart("upload-file", "stories.doc", "application/msword", &bytes);
    let post = |path: &str| {
        Request::post(path)
            .header("Content-Type", &ctype)
            .header("Accept", "application/json")
            .body(Body::from(body.clone()))
            .unwrap()
    };
    let j = send(&app, post("/tika/form/text")).await.json();
    assert_eq!(j["X-TIKA:content"], facade(&bytes).text.as_str());
    assert_eq!(j["resourceName"], "stories.doc");
    let j = send(&app, post("/tika/form")).await.json();
    assert!(j["X-TIKA:content"].as_str().unwrap().starts_with("<?xml"));
    let j = send(&app, post("/rmeta/form/text")).await.json();
    assert_eq!(j[0]["dc:title"], "Stories");
    let j = send(&app, post("/meta/form")).await.json();
    assert_eq!(j["dc:title"], "Stories");
}

#[tokio::test]
async fn listings_and_version() {
    let app = app();
    let r = get(&app, "/version", "*/*").await;
    assert_eq!(r.status, 200);
    assert!(
        r.text().starts_with("textract ") && r.text().ends_with("(Apache Tika 3.x compatible)")
    );
    let r = get(&app, "/", "text/html").await;
    assert!(r.text().contains("<code>/rmeta</code>"));
    let j = get(&app, "/parsers", "application/json").await.json();
    assert_eq!(j["name"], "org.apache.tika.parser.DefaultParser");
    assert!(
        j["children"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["name"] == "textract-pdf")
    );
    assert!(
        get(&app, "/parsers", "text/plain")
            .await
            .text()
            .contains("textract-hwp")
    );
    let j = get(&app, "/mime-types", "application/json").await.json();
    for f in textract::ALL_FORMATS.iter().filter(|f| f.is_supported()) {
        assert!(j.get(f.mime_type()).is_some(), "{}", f.mime_type());
    }
    let j = get(&app, "/health", "application/json").await.json();
    assert_eq!(j["status"], "ok");
    assert_eq!(j["running"], 0);
    assert_eq!(put(&app, "/version", &[], vec![]).await.status, 405);
    assert_eq!(get(&app, "/nope", "*/*").await.status, 404);
}

#[tokio::test]
async fn hostile_fixtures_are_answered_and_the_server_goes_on() {
    let app = app();
    let dir = testkit::fixture("hostile");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e != "tsv"))
    {
        let bytes = std::fs::read(path).unwrap();
        let r = put(&app, "/rmeta/text", &[], bytes.clone()).await;
        assert_eq!(r.status, 200, "{}", path.display());
        let r = put(&app, "/tika", &[], bytes).await;
        assert!(
            r.status == 200 || r.status == 422,
            "{}: {}",
            path.display(),
            r.status
        );
    }
    assert_eq!(get(&app, "/version", "*/*").await.status, 200);
}

#[tokio::test]
async fn shutting_down_answers_503() {
    let server = Server::new(config());
    let app = server.router();
    assert_eq!(get(&app, "/version", "*/*").await.status, 200);
    server.shutdown_handle().shutdown();
    let r = get(&app, "/version", "*/*").await;
    assert_eq!(r.status, 503);
    assert_eq!(r.headers["Retry-After"], "1");
    assert_eq!(put(&app, "/tika", &[], b"hello".to_vec()).await.status, 503);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_answers_503_and_the_server_goes_on() {
    let mut c = config();
    c.max_concurrent = 1;
    c.max_queue = 0;
    let app = Server::new(c).router();
    // A document that keeps the one slot busy for a while: 40 MB of text.
    let big = "several words of plain text\n"
        .repeat(40 << 20 >> 5)
        .into_bytes();
    let busy = {
        let app = app.clone();
        tokio::spawn(async move { put(&app, "/tika", &[], big).await.status })
    };
    // Once the slot is taken, a second request finds no room.
    let mut refused = None;
    for _ in 0..2000 {
        let h = get(&app, "/health", "application/json").await.json();
        if h["running"] == 1 {
            let r = put(&app, "/tika", &[], b"hello".to_vec()).await;
            let still = get(&app, "/health", "application/json").await.json();
            if still["running"] == 1 {
                refused = Some(r);
                break;
            }
        }
        if busy.is_finished() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
    let r = refused.expect("the big document kept the slot long enough to be refused");
    assert_eq!(r.status, 503);
    assert!(r.text().contains("too many requests"), "{}", r.text());
    assert_eq!(busy.await.unwrap(), 200);
    // The slot is free again.
    assert_eq!(put(&app, "/tika", &[], b"hello".to_vec()).await.status, 200);
}
