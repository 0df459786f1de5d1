//! The number format code language (ECMA-376 Part 1, 18.8.31 numFmts;
//! MS-XLS 2.4.126 FORMAT): sections separated by `;`, each a run of
//! placeholders, literals and bracketed modifiers.

use crate::Locale;
use crate::number::Plan;

/// A digit placeholder (`0`, `#`, `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Digit {
    /// `0`: always a digit.
    Zero,
    /// `#`: a digit only where significant.
    Hash,
    /// `?`: a digit, or a space where `0` would show an insignificant zero.
    Query,
}

/// One date or time element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DatePart {
    /// `yy` (2 digits) or `yyyy` (4).
    Year(u8),
    /// `m`, `mm`, `mmm`, `mmmm`, `mmmmm` as a month.
    Month(u8),
    /// `m`, `mm` as minutes (after an hour or before seconds).
    Minute(u8),
    /// `d`, `dd`; `ddd`, `dddd` are weekday names.
    Day(u8),
    /// `h`, `hh`.
    Hour(u8),
    /// `s`, `ss`.
    Second(u8),
    /// `[h]`, `[m]`, `[s]` (with the bracketed letter count): elapsed time.
    ElapsedHours(u8),
    /// Elapsed minutes.
    ElapsedMinutes(u8),
    /// Elapsed seconds.
    ElapsedSeconds(u8),
    /// `.0`, `.00`, `.000` after seconds.
    SubSecond(u8),
    /// `AM/PM`-like marker with the two texts as written (`AM`/`PM`, `a`/`p`, `上午`/`下午`).
    AmPm(&'static str, &'static str),
    /// `e`, `ee`: the era year (Japanese and Taiwanese calendars; the year elsewhere).
    EraYear(u8),
    /// `g`, `gg`, `ggg`: the era name.
    EraName(u8),
    /// `bb`, `bbbb`: the Buddhist year.
    BuddhistYear(u8),
    /// `aaa`, `aaaa`: Japanese weekday names.
    JapaneseWeekday(u8),
}

/// A token of a section.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Token {
    /// Text shown as is (quoted, escaped, `_x` padding, plain characters).
    Literal(String),
    /// A digit placeholder.
    Digit(Digit),
    /// `.`
    Point,
    /// `,`
    Comma,
    /// `%`
    Percent,
    /// `E+`/`E-` (`true` when the plus sign is shown).
    Exponent(bool),
    /// `/` between digit placeholders (otherwise a literal).
    Slash,
    /// `@`: the cell's text.
    Text,
    /// `General`.
    General,
    /// A date or time element.
    Date(DatePart),
}

/// A comparison in brackets, `[>100]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Condition {
    op: Op,
    value: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Condition {
    /// Whether only negative numbers pass (`[<0]`, `[<=-1]`).
    pub(crate) fn only_negatives(&self) -> bool {
        match self.op {
            Op::Lt => self.value <= 0.0,
            Op::Le => self.value < 0.0,
            _ => false,
        }
    }

    pub(crate) fn holds(&self, v: f64) -> bool {
        match self.op {
            Op::Lt => v < self.value,
            Op::Le => v <= self.value,
            Op::Gt => v > self.value,
            Op::Ge => v >= self.value,
            Op::Eq => v == self.value,
            Op::Ne => v != self.value,
        }
    }
}

/// What a section renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SectionKind {
    /// Digit placeholders (or none: literals only), maybe `General`.
    Number,
    /// Date and time elements.
    Date,
    /// Only literals and `@`.
    Text,
}

/// One `;`-separated section.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Section {
    pub(crate) tokens: Vec<Token>,
    pub(crate) condition: Option<Condition>,
    pub(crate) kind: SectionKind,
    /// The locale of a `[$-411]`-style prefix, if any (the LCID's low 16 bits).
    pub(crate) lcid: Option<u16>,
    /// Whether the section holds `@`.
    pub(crate) has_text: bool,
    /// Whether a digit placeholder or `General` shows the value (else a
    /// negative value's minus sign shows even when the text is all zeros).
    pub(crate) shows_value: bool,
    /// The compiled form of a number section of the common shape.
    pub(crate) plan: Option<Plan>,
}

/// Why a code cannot be rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseError(pub(crate) String);

/// Splits `code` into sections and tokenizes each.
pub(crate) fn parse(code: &str, locale: Locale) -> Result<Vec<Section>, ParseError> {
    let mut sections = Vec::new();
    for raw in split_sections(code)? {
        sections.push(parse_section(&raw, locale)?);
    }
    if sections.len() > 4 {
        return Err(ParseError(format!(
            "{} sections (at most 4: positive;negative;zero;text)",
            sections.len()
        )));
    }
    Ok(sections)
}

/// The sections' source texts, split at `;` outside quotes, brackets and escapes.
fn split_sections(code: &str) -> Result<Vec<String>, ParseError> {
    let mut out = vec![String::new()];
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        let cur = out.last_mut().ok_or_else(|| ParseError("empty".into()))?;
        match c {
            ';' => {
                out.push(String::new());
                continue;
            }
            '"' => {
                cur.push(c);
                let mut closed = false;
                for q in chars.by_ref() {
                    cur.push(q);
                    if q == '"' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(ParseError("unterminated quoted text".into()));
                }
            }
            '[' => {
                cur.push(c);
                let mut closed = false;
                for q in chars.by_ref() {
                    cur.push(q);
                    if q == ']' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(ParseError("unterminated [ ]".into()));
                }
            }
            '\\' | '_' | '*' => {
                cur.push(c);
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            _ => cur.push(c),
        }
    }
    Ok(out)
}

/// Colour names Excel accepts in brackets (ignored when rendering).
const COLOURS: [&str; 8] = [
    "black", "blue", "cyan", "green", "magenta", "red", "white", "yellow",
];

fn parse_condition(s: &str) -> Option<Condition> {
    let (op, rest) = if let Some(r) = s.strip_prefix("<=") {
        (Op::Le, r)
    } else if let Some(r) = s.strip_prefix(">=") {
        (Op::Ge, r)
    } else if let Some(r) = s.strip_prefix("<>") {
        (Op::Ne, r)
    } else if let Some(r) = s.strip_prefix('<') {
        (Op::Lt, r)
    } else if let Some(r) = s.strip_prefix('>') {
        (Op::Gt, r)
    } else if let Some(r) = s.strip_prefix('=') {
        (Op::Eq, r)
    } else {
        return None;
    };
    let value = rest.trim().parse::<f64>().ok().filter(|v| v.is_finite())?;
    Some(Condition { op, value })
}

/// A section's tokens, condition and locale.
fn parse_section(src: &str, _locale: Locale) -> Result<Section, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut tokens: Vec<Token> = Vec::new();
    let mut condition = None;
    let mut lcid = None;
    let mut i = 0;
    let lit = |tokens: &mut Vec<Token>, s: &str| {
        if let Some(Token::Literal(prev)) = tokens.last_mut() {
            prev.push_str(s);
        } else {
            tokens.push(Token::Literal(s.to_string()));
        }
    };
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        let lower = c.to_ascii_lowercase();
        match c {
            '"' => {
                let end = chars
                    .iter()
                    .skip(i + 1)
                    .position(|&q| q == '"')
                    .map(|p| i + 1 + p)
                    .ok_or_else(|| ParseError("unterminated quoted text".into()))?;
                let s: String = chars.get(i + 1..end).unwrap_or_default().iter().collect();
                lit(&mut tokens, &s);
                i = end + 1;
            }
            '\\' => {
                if let Some(n) = next {
                    lit(&mut tokens, &n.to_string());
                }
                i += 2;
            }
            '_' => {
                // Padding the width of the next character: one space.
                lit(&mut tokens, " ");
                i += 2;
            }
            '*' => {
                // Repeat the next character to fill the column: no width here.
                i += 2;
            }
            '[' => {
                let end = chars
                    .iter()
                    .skip(i + 1)
                    .position(|&q| q == ']')
                    .map(|p| i + 1 + p)
                    .ok_or_else(|| ParseError("unterminated [ ]".into()))?;
                let inner: String = chars.get(i + 1..end).unwrap_or_default().iter().collect();
                i = end + 1;
                bracket(&inner, &mut tokens, &mut condition, &mut lcid)?;
            }
            '0' => {
                tokens.push(Token::Digit(Digit::Zero));
                i += 1;
            }
            '#' => {
                tokens.push(Token::Digit(Digit::Hash));
                i += 1;
            }
            '?' => {
                tokens.push(Token::Digit(Digit::Query));
                i += 1;
            }
            '.' => {
                tokens.push(Token::Point);
                i += 1;
            }
            ',' => {
                tokens.push(Token::Comma);
                i += 1;
            }
            '%' => {
                tokens.push(Token::Percent);
                i += 1;
            }
            '@' => {
                tokens.push(Token::Text);
                i += 1;
            }
            '/' => {
                tokens.push(Token::Slash);
                i += 1;
            }
            'E' | 'e' if matches!(next, Some('+' | '-')) => {
                tokens.push(Token::Exponent(next == Some('+')));
                i += 2;
            }
            _ if starts_with_ci(&chars, i, "general") => {
                tokens.push(Token::General);
                i += 7;
            }
            _ if starts_with_ci(&chars, i, "am/pm") => {
                let upper = c.is_ascii_uppercase();
                tokens.push(Token::Date(if upper {
                    DatePart::AmPm("AM", "PM")
                } else {
                    DatePart::AmPm("am", "pm")
                }));
                i += 5;
            }
            _ if starts_with_ci(&chars, i, "a/p") => {
                let upper = c.is_ascii_uppercase();
                tokens.push(Token::Date(if upper {
                    DatePart::AmPm("A", "P")
                } else {
                    DatePart::AmPm("a", "p")
                }));
                i += 3;
            }
            _ if starts_with(&chars, i, "上午/下午") => {
                tokens.push(Token::Date(DatePart::AmPm("上午", "下午")));
                i += 5;
            }
            _ if starts_with(&chars, i, "오전/오후") => {
                tokens.push(Token::Date(DatePart::AmPm("오전", "오후")));
                i += 5;
            }
            _ if matches!(lower, 'y' | 'm' | 'd' | 'h' | 's' | 'e' | 'g' | 'a' | 'b') => {
                let run = chars
                    .iter()
                    .skip(i)
                    .take_while(|q| q.to_ascii_lowercase() == lower)
                    .count();
                let n = run.min(255) as u8;
                let part = match lower {
                    'y' => Some(DatePart::Year(if n <= 2 { 2 } else { 4 })),
                    'm' => Some(DatePart::Month(n.min(5))),
                    'd' => Some(DatePart::Day(n.min(4))),
                    'h' => Some(DatePart::Hour(n.min(2))),
                    's' => Some(DatePart::Second(n.min(2))),
                    'e' => Some(DatePart::EraYear(n.min(2))),
                    'g' => Some(DatePart::EraName(n.min(3))),
                    'a' if n >= 3 => Some(DatePart::JapaneseWeekday(n.min(4))),
                    'b' if n >= 2 => Some(DatePart::BuddhistYear(if n <= 2 { 2 } else { 4 })),
                    // `B1`/`B2` pick a calendar: Gregorian is the only one rendered.
                    'b' if matches!(next, Some('1' | '2')) => {
                        i += 2;
                        continue;
                    }
                    _ => None,
                };
                match part {
                    Some(p) => tokens.push(Token::Date(p)),
                    None => lit(
                        &mut tokens,
                        &chars.iter().skip(i).take(run).collect::<String>(),
                    ),
                }
                i += run;
            }
            _ => {
                lit(&mut tokens, &c.to_string());
                i += 1;
            }
        }
    }
    classify(tokens, condition, lcid)
}

fn starts_with_ci(chars: &[char], at: usize, word: &str) -> bool {
    let n = word.chars().count();
    chars.get(at..at + n).is_some_and(|s| {
        s.iter()
            .zip(word.chars())
            .all(|(a, b)| a.to_ascii_lowercase() == b)
    })
}

fn starts_with(chars: &[char], at: usize, word: &str) -> bool {
    let n = word.chars().count();
    chars
        .get(at..at + n)
        .is_some_and(|s| s.iter().copied().eq(word.chars()))
}

/// Interprets `[inner]`: a colour, a condition, `[$sym-lcid]`, elapsed time, or a modifier.
fn bracket(
    inner: &str,
    tokens: &mut Vec<Token>,
    condition: &mut Option<Condition>,
    lcid: &mut Option<u16>,
) -> Result<(), ParseError> {
    let lower = inner.to_ascii_lowercase();
    if let Some(c) = parse_condition(inner) {
        *condition = Some(c);
        return Ok(());
    }
    if let Some(rest) = inner.strip_prefix('$') {
        // [$€-407]: the currency text, then the locale id in hex.
        let (text, id) = match rest.rsplit_once('-') {
            Some((t, id)) => (t, Some(id)),
            None => (rest, None),
        };
        if !text.is_empty() {
            match tokens.last_mut() {
                Some(Token::Literal(prev)) => prev.push_str(text),
                _ => tokens.push(Token::Literal(text.to_string())),
            }
        }
        if let Some(v) = id.and_then(|id| u32::from_str_radix(id.trim(), 16).ok()) {
            *lcid = Some((v & 0xFFFF) as u16);
        }
        return Ok(());
    }
    let elapsed = |ch: char| !lower.is_empty() && lower.chars().all(|c| c == ch);
    let n = lower.len().min(2) as u8;
    if elapsed('h') {
        tokens.push(Token::Date(DatePart::ElapsedHours(n)));
    } else if elapsed('m') {
        tokens.push(Token::Date(DatePart::ElapsedMinutes(n)));
    } else if elapsed('s') {
        tokens.push(Token::Date(DatePart::ElapsedSeconds(n)));
    } else if COLOURS.contains(&lower.as_str())
        || lower
            .strip_prefix("color")
            .is_some_and(|n| n.parse::<u32>().is_ok())
        || lower.starts_with("dbnum")
        || lower.starts_with("natnum")
    {
        // Colours and numeral systems do not change the text.
    } else {
        return Err(ParseError(format!("unknown bracketed modifier [{inner}]")));
    }
    Ok(())
}

/// Decides the section's kind, resolving `m` as month or minute, `.0` after
/// seconds, and `/` as a fraction bar or a literal.
fn classify(
    mut tokens: Vec<Token>,
    condition: Option<Condition>,
    lcid: Option<u16>,
) -> Result<Section, ParseError> {
    let is_date_token = |t: &Token| matches!(t, Token::Date(_));
    let has_date = tokens.iter().any(is_date_token);
    let has_text = tokens.iter().any(|t| matches!(t, Token::Text));
    let kind = if has_date {
        resolve_date(&mut tokens)?;
        SectionKind::Date
    } else if tokens
        .iter()
        .any(|t| matches!(t, Token::Digit(_) | Token::General))
    {
        resolve_slashes(&mut tokens);
        SectionKind::Number
    } else if has_text {
        resolve_slashes(&mut tokens);
        SectionKind::Text
    } else {
        resolve_slashes(&mut tokens);
        SectionKind::Number
    };
    let shows_value = tokens
        .iter()
        .any(|t| matches!(t, Token::Digit(_) | Token::General));
    let plan = match kind {
        SectionKind::Date => None,
        SectionKind::Number | SectionKind::Text => Plan::compile(&tokens),
    };
    Ok(Section {
        tokens,
        condition,
        kind,
        lcid,
        has_text,
        shows_value,
        plan,
    })
}

/// In a number section, `/` is a fraction bar only between digit placeholders
/// (`# ?/?`, `?/8`); anywhere else it is a literal.
fn resolve_slashes(tokens: &mut [Token]) {
    let n = tokens.len();
    for i in 0..n {
        if tokens.get(i) != Some(&Token::Slash) {
            continue;
        }
        let before = tokens
            .get(..i)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|t| !matches!(t, Token::Literal(s) if s.trim().is_empty()));
        let after = tokens
            .get(i + 1..)
            .unwrap_or_default()
            .iter()
            .find(|t| !matches!(t, Token::Literal(s) if s.trim().is_empty()));
        let digit_before = matches!(before, Some(Token::Digit(_)));
        let digit_after = match after {
            Some(Token::Digit(_)) => true,
            Some(Token::Literal(s)) => s.starts_with(|c: char| c.is_ascii_digit()),
            _ => false,
        };
        if !(digit_before && digit_after)
            && let Some(t) = tokens.get_mut(i)
        {
            *t = Token::Literal("/".into());
        }
    }
}

/// In a date section: `m` next to hours or seconds means minutes, `.0…`
/// after seconds is a fraction of a second, and stray number tokens are
/// literals (`/`, `,`) or make the code unrenderable (digit placeholders).
fn resolve_date(tokens: &mut Vec<Token>) -> Result<(), ParseError> {
    // Sub-seconds: Point followed by Zero digits right after a seconds element.
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while let Some(t) = tokens.get(i) {
        let after_seconds = matches!(
            out.last(),
            Some(Token::Date(
                DatePart::Second(_) | DatePart::ElapsedSeconds(_)
            ))
        );
        if *t == Token::Point && after_seconds {
            let zeros = tokens
                .iter()
                .skip(i + 1)
                .take_while(|t| **t == Token::Digit(Digit::Zero))
                .count();
            if zeros > 0 {
                out.push(Token::Date(DatePart::SubSecond(zeros.min(3) as u8)));
                i += 1 + zeros;
                continue;
            }
        }
        out.push(match t {
            Token::Point => Token::Literal(".".into()),
            Token::Comma => Token::Literal(",".into()),
            Token::Slash => Token::Literal("/".into()),
            Token::Percent => Token::Literal("%".into()),
            Token::Text => Token::Text,
            Token::Digit(_) | Token::Exponent(_) | Token::General => {
                return Err(ParseError(
                    "number placeholders mixed with date elements".into(),
                ));
            }
            other => other.clone(),
        });
        i += 1;
    }
    // Merge adjacent literals produced above.
    let mut merged: Vec<Token> = Vec::with_capacity(out.len());
    for t in out {
        match (merged.last_mut(), t) {
            (Some(Token::Literal(prev)), Token::Literal(s)) => prev.push_str(&s),
            (_, t) => merged.push(t),
        }
    }
    *tokens = merged;
    // Month or minute.
    let positions: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t, Token::Date(p) if !matches!(p, DatePart::AmPm(..))))
        .map(|(i, _)| i)
        .collect();
    for (k, &i) in positions.iter().enumerate() {
        let Some(Token::Date(DatePart::Month(n))) = tokens.get(i).cloned() else {
            continue;
        };
        if n > 2 {
            continue;
        }
        let prev = k
            .checked_sub(1)
            .and_then(|j| positions.get(j))
            .and_then(|&j| tokens.get(j));
        let next = positions.get(k + 1).and_then(|&j| tokens.get(j));
        let after_hour = matches!(
            prev,
            Some(Token::Date(DatePart::Hour(_) | DatePart::ElapsedHours(_)))
        );
        let before_second = matches!(
            next,
            Some(Token::Date(
                DatePart::Second(_) | DatePart::ElapsedSeconds(_)
            ))
        );
        if (after_hour || before_second)
            && let Some(t) = tokens.get_mut(i)
        {
            *t = Token::Date(DatePart::Minute(n));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(code: &str) -> Vec<SectionKind> {
        parse(code, Locale::EnUs)
            .unwrap()
            .iter()
            .map(|s| s.kind)
            .collect()
    }

    #[test]
    fn sections_split_outside_quotes_and_brackets() {
        assert_eq!(split_sections(r#"0;"a;b";[<0]0"#).unwrap().len(), 3);
        assert_eq!(split_sections(r"0\;0").unwrap().len(), 1);
        assert!(split_sections("\"open").is_err());
        assert!(split_sections("[Red").is_err());
        assert!(parse("0;0;0;@;0", Locale::EnUs).is_err());
    }

    #[test]
    fn kinds_are_recognised() {
        use SectionKind::*;
        assert_eq!(kinds("#,##0.00;(#,##0.00)"), [Number, Number]);
        assert_eq!(kinds("yyyy-mm-dd;@"), [Date, Text]);
        assert_eq!(kinds("\"text\""), [Number]);
        assert_eq!(kinds("General"), [Number]);
        assert_eq!(kinds("[h]:mm:ss"), [Date]);
    }

    #[test]
    fn minutes_and_months_are_told_apart() {
        let s = &parse("m/d h:mm:ss", Locale::EnUs).unwrap()[0];
        let parts: Vec<DatePart> = s
            .tokens
            .iter()
            .filter_map(|t| match t {
                Token::Date(p) => Some(*p),
                _ => None,
            })
            .collect();
        assert_eq!(
            parts,
            [
                DatePart::Month(1),
                DatePart::Day(1),
                DatePart::Hour(1),
                DatePart::Minute(2),
                DatePart::Second(2)
            ]
        );
        let s = &parse("mm:ss.00", Locale::EnUs).unwrap()[0];
        assert_eq!(s.tokens[0], Token::Date(DatePart::Minute(2)));
        assert_eq!(s.tokens[3], Token::Date(DatePart::SubSecond(2)));
    }

    #[test]
    fn brackets() {
        let s = &parse("[Red][>=100]0", Locale::EnUs).unwrap()[0];
        assert!(s.condition.unwrap().holds(100.0));
        assert!(!s.condition.unwrap().holds(99.0));
        let s = &parse("[$-411]ggge", Locale::EnUs).unwrap()[0];
        assert_eq!(s.lcid, Some(0x411));
        let s = &parse("[$€-407] #,##0", Locale::EnUs).unwrap()[0];
        assert_eq!(s.tokens[0], Token::Literal("€ ".into()));
        assert!(parse("[Blink]0", Locale::EnUs).is_err());
        assert!(parse("0 yyyy", Locale::EnUs).is_err());
    }

    #[test]
    fn slashes_are_fraction_bars_only_between_digits() {
        let s = &parse("# ?/8", Locale::EnUs).unwrap()[0];
        assert!(s.tokens.contains(&Token::Slash));
        let s = &parse("0 \"km/h\"", Locale::EnUs).unwrap()[0];
        assert!(!s.tokens.contains(&Token::Slash));
        let s = &parse("0/", Locale::EnUs).unwrap()[0];
        assert!(!s.tokens.contains(&Token::Slash));
    }
}
