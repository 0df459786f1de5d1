//! Word-order similarity: how alike two extractions of one file are in the
//! order of their words, not only in the words they contain.
//!
//! Definition (also in `docs/pdf-text.md`):
//!
//! - **tokens**: the text NFKC-normalised, split at whitespace, and every CJK
//!   character (as [`super::metrics`] counts them: ideographs, kana, hangul,
//!   CJK punctuation, full-width forms) a token of its own, since CJK text has
//!   no spaces and tools differ in where they put them;
//! - **similarity** of token sequences `a` and `b`: Python's
//!   `difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()`, that is
//!   `2·M / (|a| + |b|)` where `M` is the number of tokens in the matching
//!   blocks found by recursively taking the longest common contiguous block
//!   (leftmost in `a`, then in `b`, on ties) and matching what lies left and
//!   right of it; 1 when both are empty. `M` is at most the longest common
//!   subsequence, and reordered paragraphs lose only the shorter of the two
//!   blocks that swapped.
//! - **bound**: the longest-block search costs Σ over tokens of
//!   (occurrences in `a`) × (occurrences in `b`) per level. When that sum
//!   exceeds [`WORK_LIMIT`], tokens making up more than 1 % of `b` are not
//!   used to start a block (difflib's `autojunk` rule) and the result is
//!   flagged as approximate.

use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;

use super::metrics::is_cjk;

/// Above this many candidate pairs per search level, popular tokens are not
/// indexed (difflib's `autojunk`).
pub const WORK_LIMIT: u64 = 200_000_000;

/// Interns tokens so sequences compare as integers.
#[derive(Debug, Default)]
pub struct Vocabulary {
    ids: HashMap<String, u32>,
}

impl Vocabulary {
    /// The token sequence of `text` (see the module doc), as ids.
    pub fn tokens(&mut self, text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        let mut word = String::new();
        let normalized: String = text.nfkc().collect();
        for c in normalized.chars() {
            if c.is_whitespace() || is_cjk(c) {
                if !word.is_empty() {
                    out.push(self.id(&word));
                    word.clear();
                }
                if !c.is_whitespace() {
                    let mut buf = [0u8; 4];
                    out.push(self.id(c.encode_utf8(&mut buf)));
                }
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            out.push(self.id(&word));
        }
        out
    }

    fn id(&mut self, token: &str) -> u32 {
        let next = u32::try_from(self.ids.len()).unwrap_or(u32::MAX);
        *self.ids.entry(token.to_string()).or_insert(next)
    }
}

/// The similarity of two token sequences and whether the bound made it an
/// approximation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Similarity {
    /// `2·M / (|a| + |b|)`.
    pub ratio: f64,
    /// Popular tokens were left out of the block search (see [`WORK_LIMIT`]).
    pub approximate: bool,
}

/// difflib's ratio of `a` and `b` (see the module doc).
pub fn similarity(a: &[u32], b: &[u32]) -> Similarity {
    if a.is_empty() && b.is_empty() {
        return Similarity {
            ratio: 1.0,
            approximate: false,
        };
    }
    let max_id = a.iter().chain(b).copied().max().unwrap_or(0) as usize;
    // b2j: positions of each token in b, ascending.
    let mut b2j: Vec<Vec<u32>> = vec![Vec::new(); max_id + 1];
    for (j, &t) in b.iter().enumerate() {
        if let Some(v) = b2j.get_mut(t as usize) {
            v.push(u32::try_from(j).unwrap_or(u32::MAX));
        }
    }
    let mut in_a = vec![0u64; max_id + 1];
    for &t in a {
        if let Some(n) = in_a.get_mut(t as usize) {
            *n += 1;
        }
    }
    let work: u64 = in_a
        .iter()
        .zip(&b2j)
        .map(|(n, js)| n.saturating_mul(js.len() as u64))
        .fold(0u64, u64::saturating_add);
    let approximate = work > WORK_LIMIT && b.len() >= 200;
    if approximate {
        let popular = b.len() / 100 + 1;
        for js in &mut b2j {
            if js.len() > popular {
                js.clear();
            }
        }
    }
    let mut m = Matcher::new(a, b, &b2j);
    let matched = m.matched();
    Similarity {
        ratio: 2.0 * matched as f64 / (a.len() + b.len()) as f64,
        approximate,
    }
}

/// difflib's `find_longest_match`/`get_matching_blocks` over a `b2j` index,
/// with the per-row `j2len` dictionaries as two dense arrays stamped by row.
struct Matcher<'a> {
    a: &'a [u32],
    b: &'a [u32],
    b2j: &'a [Vec<u32>],
    /// (row stamp, length) of the previous and current rows, by `j`.
    prev: Vec<(u32, u32)>,
    cur: Vec<(u32, u32)>,
    row: u32,
}

impl<'a> Matcher<'a> {
    fn new(a: &'a [u32], b: &'a [u32], b2j: &'a [Vec<u32>]) -> Self {
        Matcher {
            a,
            b,
            b2j,
            prev: vec![(0, 0); b.len()],
            cur: vec![(0, 0); b.len()],
            row: 0,
        }
    }

    /// Σ of the matching blocks' sizes.
    fn matched(&mut self) -> usize {
        let mut total = 0;
        let mut queue = vec![(0, self.a.len(), 0, self.b.len())];
        while let Some((alo, ahi, blo, bhi)) = queue.pop() {
            let (i, j, k) = self.longest(alo, ahi, blo, bhi);
            if k == 0 {
                continue;
            }
            total += k;
            if alo < i && blo < j {
                queue.push((alo, i, blo, j));
            }
            if i + k < ahi && j + k < bhi {
                queue.push((i + k, ahi, j + k, bhi));
            }
        }
        total
    }

    /// The longest block `a[i..i+k] == b[j..j+k]` inside the ranges, earliest
    /// in `a` then in `b`, extended over unindexed (popular) tokens.
    fn longest(&mut self, alo: usize, ahi: usize, blo: usize, bhi: usize) -> (usize, usize, usize) {
        let (mut bi, mut bj, mut bk) = (alo, blo, 0usize);
        for i in alo..ahi {
            // a fresh stamp per row: entries of older rows read as 0
            self.row = self.row.wrapping_add(1);
            if self.row == 0 {
                self.prev.fill((0, 0));
                self.cur.fill((0, 0));
                self.row = 1;
            }
            std::mem::swap(&mut self.prev, &mut self.cur);
            let row = self.row;
            let Some(&t) = self.a.get(i) else { break };
            let js = self.b2j.get(t as usize).map_or(&[][..], Vec::as_slice);
            for &j in js {
                let j = j as usize;
                if j < blo {
                    continue;
                }
                if j >= bhi {
                    break;
                }
                let before = match j.checked_sub(1).and_then(|p| self.prev.get(p)) {
                    Some(&(stamp, len)) if stamp == row.wrapping_sub(1) && stamp != 0 => len,
                    _ => 0,
                };
                let k = before + 1;
                if let Some(slot) = self.cur.get_mut(j) {
                    *slot = (row, k);
                }
                let k = k as usize;
                if k > bk {
                    (bi, bj, bk) = (i + 1 - k, j + 1 - k, k);
                }
            }
        }
        // Rows of the next call must not see this call's entries.
        self.row = self.row.wrapping_add(1);
        let eq = |x: usize, y: usize| self.a.get(x) == self.b.get(y);
        while bi > alo && bj > blo && eq(bi - 1, bj - 1) {
            bi -= 1;
            bj -= 1;
            bk += 1;
        }
        while bi + bk < ahi && bj + bk < bhi && eq(bi + bk, bj + bk) {
            bk += 1;
        }
        (bi, bj, bk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sim(a: &str, b: &str) -> f64 {
        let mut v = Vocabulary::default();
        let (a, b) = (v.tokens(a), v.tokens(b));
        similarity(&a, &b).ratio
    }

    #[test]
    fn tokens_split_cjk_and_normalise() {
        let mut v = Vocabulary::default();
        let t = v.tokens("ﬁne 日本語abc  x\u{3000}y");
        let mut w = Vocabulary::default();
        assert_eq!(t, w.tokens("fine 日 本 語 abc x y"));
        assert_eq!(t.len(), 7);
    }

    #[test]
    fn ratios_as_difflib_computes_them() {
        assert_eq!(sim("", ""), 1.0);
        assert_eq!(sim("a b", ""), 0.0);
        assert_eq!(sim("a b c", "a b c"), 1.0);
        // two paragraphs swapped: the longer block matches, 2·3/10
        assert!((sim("a b c d e", "d e a b c") - 0.6).abs() < 1e-12);
        // difflib.SequenceMatcher(None, "abxcd", "abcd").ratio() = 8/9
        assert!((sim("a b x c d", "a b c d") - 8.0 / 9.0).abs() < 1e-12);
        // the leftmost longest block wins and splits the rest, like difflib:
        // SequenceMatcher(None, list("qabxcabyd"), list("abycdfabxq"),
        // autojunk=False).ratio() == 6/19 (one block, `a b x`)
        let a = "q a b x c a b y d";
        let b = "a b y c d f a b x q";
        assert!((sim(a, b) - 6.0 / 19.0).abs() < 1e-12, "{}", sim(a, b));
    }

    #[test]
    fn huge_inputs_are_bounded() {
        // every token the same: Σ occurrences² = 10¹⁰ pairs, so popular
        // tokens are dropped and the blocks grow by extension only
        let a = vec![7u32; 100_000];
        let s = similarity(&a, &a);
        assert!(s.approximate);
        assert_eq!(s.ratio, 1.0);
    }
}
