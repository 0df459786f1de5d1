//! html5gum vs html5ever's tokenizer vs lol_html: speed on the corpus HTML
//! (each collecting all character data) and correctness of character
//! references (printed before the timings).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::cell::RefCell;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token as EverToken, TokenSink, TokenSinkResult,
    Tokenizer as EverTokenizer,
};

/// All character data, html5gum (tokenizer states switched for raw-text elements).
fn text_html5gum(html: &str) -> String {
    let mut emitter = html5gum::DefaultEmitter::default();
    emitter.naively_switch_states(true);
    let mut out = String::new();
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        if let html5gum::Token::String(s) = token {
            out.push_str(&String::from_utf8_lossy(&s.value));
        }
    }
    out
}

struct EverSink(RefCell<String>);

impl TokenSink for EverSink {
    type Handle = ();
    fn process_token(&self, token: EverToken, _line: u64) -> TokenSinkResult<()> {
        match token {
            EverToken::CharacterTokens(t) => self.0.borrow_mut().push_str(&t),
            EverToken::TagToken(tag) if tag.kind == TagKind::StartTag => {
                return match &*tag.name {
                    "script" => TokenSinkResult::RawData(RawKind::ScriptData),
                    "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => {
                        TokenSinkResult::RawData(RawKind::Rawtext)
                    }
                    "title" | "textarea" => TokenSinkResult::RawData(RawKind::Rcdata),
                    "plaintext" => TokenSinkResult::Plaintext,
                    _ => TokenSinkResult::Continue,
                };
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// All character data, html5ever's tokenizer with the same state switches.
fn text_html5ever(html: &str) -> String {
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let tok = EverTokenizer::new(EverSink(RefCell::new(String::new())), Default::default());
    let _ = tok.feed(&input);
    tok.end();
    tok.sink.0.take()
}

/// All text chunks, lol_html.
fn text_lol_html(html: &str) -> String {
    let out = RefCell::new(String::new());
    let settings =
        lol_html::Settings::new().append_document_content_handler(lol_html::doc_text!(|t| {
            out.borrow_mut().push_str(t.as_str());
            Ok(())
        }));
    let _ = lol_html::rewrite_str(html, settings);
    out.take()
}

/// A tokenizer under test: the text of a page.
type Tok = fn(&str) -> String;

/// The tokenizers compared, by name.
const TOKENIZERS: [(&str, Tok); 3] = [
    ("html5gum", text_html5gum),
    ("html5ever", text_html5ever),
    ("lol_html", text_lol_html),
];

/// Character-reference cases of the HTML Standard: input and the text a
/// browser shows.
const CHAR_REFS: [(&str, &str); 12] = [
    ("&amp;&lt;&gt;", "&<>"),
    ("&#65;&#x42;&#X43;", "ABC"),
    ("&copy 2024", "© 2024"),
    ("&notit;", "¬it;"),
    ("&notin;", "∉"),
    ("&amp", "&"),
    ("&#x80;&#150;", "€–"),
    ("&#0;&#xD800;&#x110000;", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    ("&NotEqualTilde;", "\u{2242}\u{338}"),
    ("&unknown; &", "&unknown; &"),
    ("<title>&eacute;</title>", "é"),
    ("<script>&amp;</script>", "&amp;"),
];

fn correctness_report() {
    for (name, f) in TOKENIZERS {
        let failed: Vec<String> = CHAR_REFS
            .iter()
            .filter(|(input, want)| f(input) != *want)
            .map(|(input, want)| format!("{input:?} -> {:?} (want {want:?})", f(input)))
            .collect();
        println!(
            "char refs: {name}: {}/{} correct",
            CHAR_REFS.len() - failed.len(),
            CHAR_REFS.len()
        );
        for f in failed {
            println!("    {f}");
        }
    }
}

fn tokenizers(c: &mut Criterion) {
    correctness_report();
    let pages: Vec<String> = common::pages()
        .iter()
        .map(|p| {
            let sniffed = html_charset::sniff(&p.bytes, None);
            html_charset::decode(&p.bytes, &sniffed).into_owned()
        })
        .collect();
    let total: usize = pages.iter().map(String::len).sum();
    let mut group = c.benchmark_group("tokenizers");
    group.throughput(Throughput::Bytes(total as u64));
    for (name, f) in TOKENIZERS {
        group.bench_function(name, |b| {
            b.iter(|| {
                for page in &pages {
                    black_box(f(black_box(page)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, tokenizers);
criterion_main!(benches);
