//! The text being built: collapsing whitespace, and turning block
//! boundaries into line breaks lazily, so none lead or trail.

/// What separates the next text from what came before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Separator {
    None,
    Space,
    Tab,
    Lines(u8),
}

/// An append-only text with whitespace collapsing and pending separators.
#[derive(Debug)]
pub(crate) struct TextBuilder {
    out: String,
    pending: Separator,
    limit: usize,
    truncated: bool,
}

impl TextBuilder {
    /// An empty text that stops growing after `limit` bytes.
    pub(crate) fn new(limit: usize) -> Self {
        TextBuilder {
            out: String::new(),
            pending: Separator::None,
            limit,
            truncated: false,
        }
    }

    /// Whether the limit cut the text short.
    pub(crate) fn truncated(&self) -> bool {
        self.truncated
    }

    /// At least `n` line breaks (1 = new line, 2 = blank line) before the next text.
    pub(crate) fn lines(&mut self, n: u8) {
        self.pending = self.pending.max(Separator::Lines(n));
    }

    /// A tab before the next text, unless a line break is pending or the line is empty.
    pub(crate) fn tab(&mut self) {
        self.pending = self.pending.max(Separator::Tab);
    }

    /// A hard line break (`<br>`): always one more, even on an empty line.
    pub(crate) fn line_break(&mut self) {
        self.flush_lines();
        if !self.out.is_empty() || self.pending != Separator::None {
            self.push_str("\n");
        }
        self.pending = Separator::None;
    }

    /// Text whose ASCII whitespace collapses into single spaces.
    pub(crate) fn collapsible(&mut self, s: &str) {
        // Byte by byte: ASCII whitespace never occurs inside a UTF-8
        // sequence. A single space between two words is kept inside the span
        // handed to `emit` (collapsing would write the same space there).
        let bytes = s.as_bytes();
        let ws = |b: u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
        let mut start = 0;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if !ws(b) {
                i += 1;
                continue;
            }
            if b == b' ' && i > start && bytes.get(i + 1).is_some_and(|&c| !ws(c)) {
                i += 1;
                continue;
            }
            if i > start {
                self.emit(s.get(start..i).unwrap_or_default());
            }
            self.pending = self.pending.max(Separator::Space);
            i += 1;
            while bytes.get(i).is_some_and(|&c| ws(c)) {
                i += 1;
            }
            start = i;
        }
        if start < s.len() {
            self.emit(s.get(start..).unwrap_or_default());
        }
    }

    /// Text kept as it is (inside `pre`).
    pub(crate) fn preformatted(&mut self, s: &str) {
        if !s.is_empty() {
            self.emit(s);
        }
    }

    /// The finished text.
    pub(crate) fn finish(self) -> String {
        self.out
    }

    fn emit(&mut self, s: &str) {
        match self.pending {
            Separator::None => {}
            Separator::Space => {
                if !self.out.is_empty() && !self.out.ends_with(['\n', '\t', ' ']) {
                    self.push_str(" ");
                }
            }
            Separator::Tab => {
                if !self.out.is_empty() && !self.out.ends_with('\n') {
                    self.push_str("\t");
                }
            }
            Separator::Lines(_) => self.flush_lines(),
        }
        self.pending = Separator::None;
        self.push_str(s);
    }

    /// Writes pending line breaks, counting those the text already ends with.
    fn flush_lines(&mut self) {
        if let Separator::Lines(n) = self.pending {
            if !self.out.is_empty() {
                let have = self.out.bytes().rev().take_while(|&b| b == b'\n').count();
                for _ in have..usize::from(n) {
                    self.push_str("\n");
                }
            }
            self.pending = Separator::None;
        }
    }

    fn push_str(&mut self, s: &str) {
        if self.truncated {
            return;
        }
        let room = self.limit.saturating_sub(self.out.len());
        if s.len() <= room {
            self.out.push_str(s);
        } else {
            let mut end = room;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            self.out.push_str(s.get(..end).unwrap_or(""));
            self.truncated = true;
        }
    }
}

/// ASCII whitespace as HTML defines it: TAB, LF, FF, CR, SPACE.
pub(crate) fn is_ascii_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Strips and collapses ASCII whitespace (as `document.title` does).
pub(crate) fn strip_and_collapse(s: &str) -> String {
    s.split(is_ascii_ws)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_collapses_and_lines_do_not_lead_or_trail() {
        let mut t = TextBuilder::new(1 << 20);
        t.lines(2);
        t.collapsible("  Hello \n  world ");
        t.lines(1);
        t.collapsible("next");
        t.lines(2);
        assert_eq!(t.finish(), "Hello world\nnext");
    }

    #[test]
    fn tabs_between_cells_and_hard_breaks() {
        let mut t = TextBuilder::new(1 << 20);
        t.tab();
        t.collapsible("a");
        t.tab();
        t.collapsible(" b");
        t.line_break();
        t.line_break();
        t.collapsible("c");
        assert_eq!(t.finish(), "a\tb\n\nc");
    }

    #[test]
    fn the_limit_cuts_on_a_char_boundary() {
        let mut t = TextBuilder::new(4);
        t.collapsible("añb cd");
        assert!(t.truncated());
        assert_eq!(t.finish(), "añb");
    }

    /// `collapsible` as first written (a split on whitespace, one `emit` per
    /// word): the fast path must build the same text, cut at the same place.
    #[test]
    fn collapsing_matches_a_word_by_word_split() {
        fn by_words(t: &mut TextBuilder, s: &str) {
            for (i, word) in s.split(is_ascii_ws).enumerate() {
                if i > 0 {
                    t.pending = t.pending.max(Separator::Space);
                }
                if !word.is_empty() {
                    t.emit(word);
                }
            }
        }
        const PIECES: &[&str] = &[" ", "  ", "\n", "\t", "\r", "\x0C", "a", "bc", "é", "中"];
        let mut rng = testkit::rng::Rng::new(7);
        for _ in 0..20_000 {
            let limit = 1 + rng.below(40);
            let (mut fast, mut slow) = (TextBuilder::new(limit), TextBuilder::new(limit));
            for _ in 0..1 + rng.below(4) {
                let n = rng.below(12);
                let s: String = (0..n).map(|_| PIECES[rng.below(PIECES.len())]).collect();
                match rng.below(4) {
                    0 => {
                        fast.lines(1);
                        slow.lines(1);
                    }
                    1 => {
                        fast.tab();
                        slow.tab();
                    }
                    _ => {}
                }
                fast.collapsible(&s);
                by_words(&mut slow, &s);
            }
            assert_eq!(fast.truncated(), slow.truncated());
            assert_eq!(fast.finish(), slow.finish());
        }
    }

    #[test]
    fn title_whitespace() {
        assert_eq!(strip_and_collapse("\n  A \t title  "), "A title");
    }
}
