//! The tokenizer against `html5gum` 0.9 with naive state switching (the
//! tokenizer it replaced): the same tokens, string for string, on crafted
//! input, on every corpus HTML file and fixture, and on random mutations.

use super::*;
use html5gum::{DefaultEmitter, Token};

#[derive(Debug, Clone, PartialEq, Eq)]
enum Ev {
    Start(Vec<u8>, bool, Vec<(Vec<u8>, String)>),
    End(Vec<u8>),
    Text(String),
}

#[derive(Default)]
struct Record(Vec<Ev>);

fn wanted(name: &[u8]) -> bool {
    matches!(name, b"html" | b"meta")
}

impl Sink for Record {
    fn start_tag(&mut self, name: &[u8], self_closing: bool, attributes: &Attributes) {
        let mut attrs = attributes.list.clone();
        attrs.sort();
        self.0.push(Ev::Start(name.to_vec(), self_closing, attrs));
    }
    fn end_tag(&mut self, name: &[u8]) {
        self.0.push(Ev::End(name.to_vec()));
    }
    fn text(&mut self, text: &str) {
        self.0.push(Ev::Text(text.to_owned()));
    }
    fn wants_attributes(&self, name: &[u8]) -> bool {
        wanted(name)
    }
    fn done(&self) -> bool {
        false
    }
}

fn ours(html: &str) -> Vec<Ev> {
    run(html, Record::default()).0
}

fn oracle(html: &str) -> Vec<Ev> {
    let mut emitter = DefaultEmitter::default();
    emitter.naively_switch_states(true);
    let mut out = Vec::new();
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            Token::StartTag(tag) => {
                let mut attrs: Vec<(Vec<u8>, String)> = if wanted(&tag.name) {
                    tag.attributes
                        .iter()
                        .map(|(k, v)| (k.to_vec(), String::from_utf8_lossy(&v.value).into_owned()))
                        .collect()
                } else {
                    Vec::new()
                };
                attrs.sort();
                out.push(Ev::Start(tag.name.to_vec(), tag.self_closing, attrs));
            }
            Token::EndTag(tag) => out.push(Ev::End(tag.name.to_vec())),
            Token::String(s) => out.push(Ev::Text(String::from_utf8_lossy(&s.value).into_owned())),
            Token::Comment(_) | Token::Doctype(_) | Token::Error(_) => {}
        }
    }
    out
}

#[track_caller]
fn same(html: &str) {
    assert_eq!(ours(html), oracle(html), "input {html:?}");
}

#[test]
fn crafted() {
    for html in [
        "",
        "plain",
        "a<b>c</b>d",
        "a</>b",
        "a</",
        "a<",
        "a< b",
        "a<?php x ?>b",
        "a<!-->b",
        "a<!--->b",
        "a<!---->b",
        "a<!-- x --!>b",
        "a<!-- x -- >b-->c",
        "a<!-- <!-- x --->b",
        "a<!---!>b-->c",
        "a<!--",
        "a<!DOCTYPE html>b",
        "a<!doctype html public \"x>y\">b",
        "a<![CDATA[x]]>b",
        "a<!x>b",
        "a</ x>b",
        "a</1>b",
        "<p class=x id='y' title=\"z\" checked>t</p>",
        "<meta name=description content='a&ampb &amp=c &amp; d &#x41;'>",
        "<meta name=description name=keywords content=x content=y>",
        "<meta =a name = 'b' c=\"d\"/>",
        "<meta content=\"\" name=x>",
        "<META NAME=Description CONTENT=\"X\r\ny\rz\0\">",
        "<html lang=en/><p/>",
        "<a href=x/>y",
        "<a / b / >y",
        "<a b='c'd>y",
        "<a b=c>d=e>",
        "<a\0b c\0=\0>x\0y",
        "&amp;&lt;&gt;&quot;&#39;&#x41;&#65;&#x;&#;&#xZ&#X41",
        "&copy 2024 &notit; &amp &ampx &AMP &Amp; &unknown; &",
        "&#x80;&#150;&#0;&#xD800;&#x110000;&#99999999999999;&#x81;&#13;&#1;",
        "&NotEqualTilde; &CounterClockwiseContourIntegral; &zwnj",
        "x\r\ny\rz\n\r",
        "<title>a &amp; <b> </title > b</title>",
        "<title>x</titlex></title/>y",
        "<TITLE>x</TITLE>y",
        "<textarea>\r\n<p>&lt;</textarea>",
        "<style>p { } </style x=\">\">q",
        "<style>a</styl</style>b",
        "<script>a</script>b",
        "<script>if (a<b) x = '</scr' + 'ipt>'</script>b",
        "<script><!-- x <script> y </script> z --> w</script>b",
        "<script><!-- x <script> y </script> z</script>b",
        "<script><!--<script></script--></script>b",
        "<script><!-- -></script>b",
        "<script><!-x</script>b",
        "<script><!--- x ---></script>b",
        "<script><!-- <SCRIPT>x</SCRIPT> --></script>b",
        "<script><!-- <scripts> </script>b",
        "<script/>x</script>y",
        "<script>\0a\r\nb</script>",
        "<script>a",
        "<script>a</script",
        "<script>a</script x='",
        "<noscript><p>a</p></noscript>b",
        "<noframes><!-- </noframes> --></noframes>b",
        "<iframe>&amp;</iframe>",
        "<xmp><b>&amp;</b></xmp>",
        "<plaintext>a</plaintext>&amp;\0",
        "<pre>\n\na</pre>",
        "<p>a<br/>b</p>",
        "<a b c d e f>x",
        "<a\tb\nc\x0Cd\re>x",
        "<a b=\"c\"/ >x",
        "<a b=\"c\"/x>y",
        "<a b='>'>c",
        "<a b=>c",
        "<a b=&amp;>c",
        "<html lang='&amp;de'>",
        "<html lang=a&copyb lang=c>",
        "<html lang=\"&copy=\">",
        "<html lang=\"&copy;=\">",
        "é<b>ü</b>&eacute;中文",
    ] {
        same(html);
    }
}

#[test]
fn every_entity_name() {
    for (name, _) in ENTITIES {
        let name = std::str::from_utf8(name).unwrap_or_default();
        same(&format!(
            "a&{name}b &{name}; &{name}= <html lang='&{name}x &{name}= &{name}'>"
        ));
    }
}

/// Every file of the corpus's `html` folder (decoded as `html-charset`
/// decodes it) and every fixture, as they are and with random mutations.
#[test]
fn corpus_and_fixtures_match_the_oracle() {
    let mut files = Vec::new();
    if let Some(corpus) = testkit::corpus::require_dir("corpus_and_fixtures_match_the_oracle") {
        files.extend(testkit::corpus::files_where(&corpus.join("html"), |_| true));
    }
    files.extend(testkit::corpus::files_where(
        &testkit::workspace_root().join("fixtures"),
        |p| !p.to_string_lossy().ends_with(".golden.txt"),
    ));
    assert!(!files.is_empty());
    let mut rng = testkit::rng::Rng::new(0x5eed_7e47);
    let mut checked = 0;
    for path in files {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let sniffed = html_charset::sniff(&bytes, None);
        let text = html_charset::decode(&bytes, &sniffed).into_owned();
        same(&text);
        for _ in 0..4 {
            let (mutated, _) = testkit::rng::mutate(text.as_bytes(), 8, &mut rng);
            same(&String::from_utf8_lossy(&mutated));
        }
        checked += 1;
    }
    assert!(checked > 50, "only {checked} files");
}

/// Random documents from the pieces that steer the tokenizer.
#[test]
fn random_markup_matches_the_oracle() {
    const PIECES: &[&str] = &[
        "<",
        ">",
        "</",
        "/",
        "=",
        "'",
        "\"",
        "&",
        ";",
        "#",
        "x",
        "-",
        "--",
        "!",
        "?",
        " ",
        "\n",
        "\r",
        "\0",
        "a",
        "B",
        "1",
        "é",
        "<p>",
        "</p>",
        "<script>",
        "</script>",
        "<!--",
        "-->",
        "<title>",
        "</title>",
        "<style>",
        "</style>",
        "<textarea>",
        "<meta ",
        "<html ",
        "name",
        "content",
        "lang",
        "amp",
        "notin",
        "&#x",
        "<!DOCTYPE",
        "[CDATA[",
        "<plaintext>",
        "<noscript>",
        "</noscript>",
        "script",
        "<!",
        "<x ",
        "/>",
    ];
    let mut rng = testkit::rng::Rng::new(42);
    for _ in 0..20_000 {
        let n = 1 + rng.below(24);
        let html: String = (0..n).map(|_| PIECES[rng.below(PIECES.len())]).collect();
        same(&html);
    }
}
