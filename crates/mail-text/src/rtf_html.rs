//! HTML encapsulated in RTF (MS-OXRTFEX 2.1.3.1, `\fromhtml1`): Outlook's
//! RTF form of an HTML body, turned back into the HTML it came from — the
//! `\*\htmltag` groups and the text outside `\htmlrtf` suppression.

use encoding_rs::Encoding;

/// The HTML encapsulated in `rtf`, or `None` when the RTF does not declare
/// `\fromhtml1` in its header.
///
/// ```
/// let rtf = br"{\rtf1\ansi\ansicpg1252\fromhtml1 {\*\htmltag19 <html>}{\*\htmltag64 <p>}\htmlrtf {\htmlrtf0 caf\'e9{\*\htmltag72 </p>}}}";
/// assert_eq!(mail_text::html_from_rtf(rtf).as_deref(), Some("<html><p>café</p>"));
/// assert_eq!(mail_text::html_from_rtf(br"{\rtf1 plain}"), None);
/// ```
pub fn html_from_rtf(rtf: &[u8]) -> Option<String> {
    let head = rtf.get(..4096).unwrap_or(rtf);
    memchr::memmem::find(head, b"\\fromhtml1")?;
    Some(Deencapsulator::new(rtf).run())
}

/// The state a group keeps.
#[derive(Debug, Clone, Copy, Default)]
struct Group {
    /// Inside a `\*\htmltag` group: its text is HTML, always written.
    htmltag: bool,
    /// Inside a destination whose text is not HTML (font table, `\*\mhtmltag`, …).
    skip: bool,
    /// `\htmlrtf` is on: RTF-only text, not written.
    suppress: bool,
    /// How many fallback characters follow `\uN` (`\ucN`).
    uc: u32,
}

struct Deencapsulator<'a> {
    rtf: &'a [u8],
    pos: usize,
    stack: Vec<Group>,
    group: Group,
    out: String,
    bytes: Vec<u8>,
    encoding: &'static Encoding,
    /// The next control word starts an ignorable destination (`\*`).
    star: bool,
    /// Fallback characters still to skip after a `\uN`.
    skip_fallback: u32,
}

/// Groups deeper than this are read as if flat.
const MAX_DEPTH: usize = 1024;

impl<'a> Deencapsulator<'a> {
    fn new(rtf: &'a [u8]) -> Self {
        Deencapsulator {
            rtf,
            pos: 0,
            stack: Vec::new(),
            group: Group {
                uc: 1,
                ..Group::default()
            },
            out: String::new(),
            bytes: Vec::new(),
            encoding: encoding_rs::WINDOWS_1252,
            star: false,
            skip_fallback: 0,
        }
    }

    fn writing(&self) -> bool {
        !self.group.skip && (self.group.htmltag || !self.group.suppress)
    }

    fn byte(&mut self, b: u8) {
        if self.skip_fallback > 0 {
            self.skip_fallback -= 1;
            return;
        }
        if self.writing() {
            self.bytes.push(b);
        }
    }

    fn flush(&mut self) {
        if !self.bytes.is_empty() {
            let (text, _) = self.encoding.decode_without_bom_handling(&self.bytes);
            self.out.push_str(&text);
            self.bytes.clear();
        }
    }

    fn text(&mut self, s: &str) {
        if self.writing() {
            self.flush();
            self.out.push_str(s);
        }
    }

    fn run(mut self) -> String {
        while let Some(&c) = self.rtf.get(self.pos) {
            self.pos += 1;
            match c {
                b'{' => {
                    if self.stack.len() < MAX_DEPTH {
                        self.stack.push(self.group);
                    }
                    self.star = false;
                }
                b'}' => {
                    if let Some(g) = self.stack.pop() {
                        self.group = g;
                    }
                    self.star = false;
                }
                b'\\' => self.control(),
                b'\r' | b'\n' => {}
                _ => self.byte(c),
            }
        }
        self.flush();
        self.out
    }

    /// A control word or symbol after its backslash.
    fn control(&mut self) {
        let Some(&c) = self.rtf.get(self.pos) else {
            return;
        };
        if !c.is_ascii_alphabetic() {
            self.pos += 1;
            match c {
                b'*' => self.star = true,
                b'\'' => {
                    let hex = self.rtf.get(self.pos..self.pos + 2).unwrap_or_default();
                    let value = std::str::from_utf8(hex)
                        .ok()
                        .and_then(|h| u8::from_str_radix(h, 16).ok());
                    if let Some(b) = value {
                        self.pos += 2;
                        self.byte(b);
                    }
                }
                b'~' => self.text("\u{a0}"),
                b'_' => self.text("-"),
                b'\\' | b'{' | b'}' => self.byte(c),
                b'\r' | b'\n' => self.text("\r\n"),
                _ => {}
            }
            return;
        }
        let start = self.pos;
        while self.rtf.get(self.pos).is_some_and(u8::is_ascii_alphabetic) {
            self.pos += 1;
        }
        let word = self.rtf.get(start..self.pos).unwrap_or_default();
        let num_start = self.pos;
        if self.rtf.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        while self.rtf.get(self.pos).is_some_and(u8::is_ascii_digit) && self.pos - num_start < 10 {
            self.pos += 1;
        }
        let param = std::str::from_utf8(self.rtf.get(num_start..self.pos).unwrap_or_default())
            .ok()
            .and_then(|p| p.parse::<i64>().ok());
        if self.rtf.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
        let star = std::mem::take(&mut self.star);
        if word != b"u" && self.skip_fallback > 0 {
            self.skip_fallback -= 1;
        }
        match word {
            b"htmltag" => {
                self.flush();
                self.group.htmltag = true;
                self.group.skip = false;
            }
            b"mhtmltag" | b"fonttbl" | b"colortbl" | b"stylesheet" | b"info" | b"pict"
            | b"listtable" | b"listoverridetable" | b"generator" => {
                self.group.skip = true;
            }
            _ if star => self.group.skip = true,
            b"htmlrtf" => {
                self.flush();
                self.group.suppress = param != Some(0);
            }
            b"ansicpg" => {
                if let Some(enc) = param
                    .and_then(|p| u16::try_from(p).ok())
                    .and_then(ole_cfb_read::codepage::encoding)
                {
                    self.flush();
                    self.encoding = enc;
                }
            }
            b"par" | b"line" => self.text("\r\n"),
            b"tab" => self.text("\t"),
            b"uc" => self.group.uc = param.and_then(|p| u32::try_from(p).ok()).unwrap_or(1),
            b"u" => {
                if let Some(p) = param {
                    let unit = (p as i32 & 0xFFFF) as u32;
                    let ch = char::from_u32(unit).unwrap_or('\u{FFFD}');
                    let mut buf = [0u8; 4];
                    self.text(ch.encode_utf8(&mut buf));
                    self.skip_fallback = self.group.uc;
                }
            }
            b"bin" => {
                let n = param.and_then(|p| usize::try_from(p).ok()).unwrap_or(0);
                self.pos = self.pos.saturating_add(n).min(self.rtf.len());
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suppressed_rtf_and_alternates_are_left_out() {
        let rtf = br"{\rtf1\ansi\ansicpg1251\fromhtml1{\fonttbl{\f0 Arial;}}{\*\htmltag0 <b>}{\*\mhtmltag0 <B>}\htmlrtf{\b\htmlrtf0 \'cf\'f0\par\tab\u8364?x{\*\htmltag8 </b>}}\htmlrtf0 \{y\}}";
        assert_eq!(
            html_from_rtf(rtf).unwrap(),
            "<b>\u{41f}\u{440}\r\n\t\u{20ac}x</b>{y}"
        );
    }

    #[test]
    fn hostile_input_ends() {
        assert_eq!(
            html_from_rtf(b"\\fromhtml1\\'z\\bin99999999"),
            Some("z".to_string())
        );
        let deep = [b"{".repeat(3000), b"\\fromhtml1 a".to_vec()].concat();
        assert_eq!(html_from_rtf(&deep), Some("a".to_string()));
    }
}
