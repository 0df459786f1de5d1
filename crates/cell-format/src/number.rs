//! Number sections: digit placeholders, grouping, scaling, percent,
//! scientific notation and fractions (ECMA-376 Part 1, 18.8.31).

use crate::decimal::Decimal;
use crate::general;
use crate::parse::{Digit, Token};

/// Most decimals rendered (Excel accepts 30).
const MAX_DECIMALS: usize = 30;

/// A number section of the common shape, compiled once when the code is
/// parsed: literals or `%`, digit placeholders (grouping commas among
/// them), maybe a point and at most nine decimal placeholders, then
/// literals, `%` or scaling commas — `0`, `0.00`, `#,##0.00`, `0.0%`,
/// `_(* #,##0_)`, `"$"#,##0.00`, `#,##0,"K"`. It renders straight into the
/// caller's buffer with the digits of [`Decimal::fixed_fast_int`], and
/// gives the same text as the token walk of [`render`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Plan {
    /// Literals and `%` before the first placeholder.
    prefix: String,
    /// The placeholders before the point, left to right.
    int_slots: Vec<Digit>,
    /// The placeholders after the point; `None` without a point.
    frac_slots: Option<Vec<Digit>>,
    /// Literals and `%` after the last placeholder.
    suffix: String,
    grouping: bool,
    /// The power of ten of `%` and scaling commas.
    k: i32,
}

impl Plan {
    /// The plan of a number section's tokens, or `None` for any other shape.
    pub(crate) fn compile(tokens: &[Token]) -> Option<Plan> {
        let mut rest = tokens.iter().peekable();
        let mut prefix = String::new();
        while let Some(t) = rest.peek() {
            match t {
                Token::Literal(s) => prefix.push_str(s),
                Token::Percent => prefix.push('%'),
                _ => break,
            }
            rest.next();
        }
        let mut int_slots = Vec::new();
        while let Some(t) = rest.peek() {
            match t {
                Token::Digit(d) => int_slots.push(*d),
                Token::Comma => {}
                _ => break,
            }
            rest.next();
        }
        if int_slots.is_empty() {
            return None;
        }
        let mut frac_slots = None;
        if rest.next_if_eq(&&Token::Point).is_some() {
            let mut f = Vec::new();
            while let Some(Token::Digit(d)) = rest.peek() {
                f.push(*d);
                rest.next();
            }
            if f.len() > 9 {
                return None;
            }
            frac_slots = Some(f);
        }
        let mut suffix = String::new();
        for t in rest {
            match t {
                Token::Literal(s) => suffix.push_str(s),
                Token::Percent => suffix.push('%'),
                Token::Comma => {}
                _ => return None,
            }
        }
        let (grouping, scale) = commas(tokens);
        Some(Plan {
            prefix,
            int_slots,
            frac_slots,
            suffix,
            grouping,
            k: scale_exponent(tokens, scale),
        })
    }

    /// Appends `a` (non-negative: the caller writes any sign) and returns
    /// `true`; `false`, with nothing appended, where the fast rounding does
    /// not apply (large values, ties) and the token walk must render it.
    pub(crate) fn render_into(&self, a: f64, out: &mut String) -> bool {
        let frac_slots = self.frac_slots.as_deref().unwrap_or_default();
        let n = frac_slots.len() as u32;
        let Some(r) = Decimal::fixed_fast_int(a, self.k, n) else {
            return false;
        };
        let p = general::POW10.get(n as usize).copied().unwrap_or(1);
        out.push_str(&self.prefix);
        // The integer digits: fillers for the placeholders left of them,
        // then every digit, grouped by three from the right; built from
        // the right in a buffer of ASCII digits and commas.
        let mut digits = [0u8; 20];
        let mut len = 0usize;
        let mut ip = r / p;
        while ip > 0 && len < digits.len() {
            if let Some(b) = digits.get_mut(len) {
                *b = b'0' + (ip % 10) as u8;
            }
            ip /= 10;
            len += 1;
        }
        let slots = self.int_slots.len();
        for d in self.int_slots.iter().take(slots.saturating_sub(len)) {
            out.push_str(filler(*d));
        }
        // Up to 8 digits before the point (r < 10^8), 2 commas, a point
        // and 9 decimals.
        let mut buf = [0u8; 32];
        let mut at = 0usize;
        let mut put = |b: u8| {
            if let Some(slot) = buf.get_mut(at) {
                *slot = b;
                at += 1;
            }
        };
        for (from_right, &b) in digits.iter().take(len).enumerate().rev() {
            put(b);
            if self.grouping && from_right > 0 && from_right.is_multiple_of(3) {
                put(b',');
            }
        }
        if self.frac_slots.is_some() {
            put(b'.');
            let mut decimals = [b'0'; 9];
            let mut f = r % p;
            for d in decimals.iter_mut().take(n as usize).rev() {
                *d = b'0' + (f % 10) as u8;
                f /= 10;
            }
            // The last slot that must show: a `0`, or a significant digit.
            let last_shown = frac_slots
                .iter()
                .zip(decimals)
                .rposition(|(s, d)| *s == Digit::Zero || d != b'0')
                .map_or(0, |k| k + 1);
            for (k, (s, d)) in frac_slots.iter().zip(decimals).enumerate() {
                if k < last_shown {
                    put(d);
                } else {
                    match s {
                        Digit::Zero => put(b'0'),
                        Digit::Hash => {}
                        Digit::Query => put(b' '),
                    }
                }
            }
        }
        // ASCII only: always valid.
        out.push_str(std::str::from_utf8(buf.get(..at).unwrap_or_default()).unwrap_or_default());
        out.push_str(&self.suffix);
        true
    }
}

/// Renders `v` (already stripped of its sign where the section shows none)
/// with a number section's tokens. The caller puts any minus sign in front.
pub(crate) fn render(tokens: &[Token], v: f64) -> String {
    if tokens.contains(&Token::Slash) {
        return fraction(tokens, v);
    }
    if let Some(e) = tokens.iter().position(|t| matches!(t, Token::Exponent(_))) {
        return scientific(tokens, e, v);
    }
    fixed(tokens, v)
}

/// Whether any digit placeholder, `General` or `@` is in `tokens`.
fn has_placeholders(tokens: &[Token]) -> bool {
    tokens
        .iter()
        .any(|t| matches!(t, Token::Digit(_) | Token::General))
}

/// A run of commas between two digit placeholders of the integer part
/// turns grouping on; a run after a placeholder and before anything else
/// (`#,##0,` `0.0,,`) divides by 1000 per comma.
fn commas(tokens: &[Token]) -> (bool, i32) {
    let point = tokens
        .iter()
        .position(|t| *t == Token::Point)
        .unwrap_or(tokens.len());
    let mut grouping = false;
    let mut scale = 0;
    let mut i = 0;
    while i < tokens.len() {
        if tokens.get(i) != Some(&Token::Comma) {
            i += 1;
            continue;
        }
        let run = tokens
            .iter()
            .skip(i)
            .take_while(|t| **t == Token::Comma)
            .count();
        let prev_digit = i > 0 && matches!(tokens.get(i - 1), Some(Token::Digit(_)));
        let next_digit = matches!(tokens.get(i + run), Some(Token::Digit(_)));
        if prev_digit && next_digit && i < point {
            grouping = true;
        } else if prev_digit && !next_digit {
            scale += run as i32;
        }
        i += run;
    }
    (grouping, scale)
}

/// The power of ten `%` (× 100 each) and trailing commas (÷ 1000 each) apply.
fn scale_exponent(tokens: &[Token], scale: i32) -> i32 {
    let percents = tokens.iter().filter(|t| **t == Token::Percent).count() as i32;
    2 * percents.min(10) - 3 * scale.min(10)
}

/// The value after `%` and trailing commas.
fn scaled(tokens: &[Token], v: f64, scale: i32) -> Decimal {
    Decimal::from_f64(v).shifted(scale_exponent(tokens, scale))
}

/// Fixed notation: `0`, `#,##0.00`, `000-00-0000`, `0%`, literals only.
fn fixed(tokens: &[Token], v: f64) -> String {
    if !has_placeholders(tokens) {
        // Literals only ("-", "zero"): the value does not show.
        return literals(tokens);
    }
    let (grouping, scale) = commas(tokens);
    let point = tokens.iter().position(|t| *t == Token::Point);
    let frac_slots: Vec<Digit> = match point {
        Some(p) => tokens
            .get(p + 1..)
            .unwrap_or_default()
            .iter()
            .filter_map(|t| match t {
                Token::Digit(d) => Some(*d),
                _ => None,
            })
            .take(MAX_DECIMALS)
            .collect(),
        None => Vec::new(),
    };
    let n = frac_slots.len() as u32;
    let k = scale_exponent(tokens, scale);
    let d = Decimal::fixed_fast_int(v.abs(), k, n)
        .map(|r| Decimal::from_f64(r as f64).shifted(-(n as i32)))
        .unwrap_or_else(|| Decimal::from_f64(v).shifted(k).round_fraction(n));
    let int_digits = d.integer_digits();
    let frac_digits = d.fraction_digits(frac_slots.len());
    let int_end = point.unwrap_or(tokens.len());
    let int_tokens = tokens.get(..int_end).unwrap_or_default();
    let mut out = integer_part(int_tokens, &int_digits, grouping, v);
    if let Some(p) = point {
        out.push('.');
        out.push_str(&fraction_part(
            tokens.get(p + 1..).unwrap_or_default(),
            &frac_digits,
            v,
        ));
    }
    out
}

/// The text of literal tokens (and `@`, which shows nothing for a number).
fn literals(tokens: &[Token]) -> String {
    tokens
        .iter()
        .filter_map(|t| match t {
            Token::Literal(s) => Some(s.as_str()),
            Token::Point => Some("."),
            Token::Comma => Some(","),
            Token::Percent => Some("%"),
            _ => None,
        })
        .collect()
}

/// The integer part: digits assigned right to left to the placeholders,
/// surplus digits at the leftmost, literals in place, grouping commas
/// every three digits.
fn integer_part(tokens: &[Token], digits: &str, grouping: bool, v: f64) -> String {
    let slots = tokens
        .iter()
        .filter(|t| matches!(t, Token::Digit(_) | Token::General))
        .count();
    // Built back to front, then reversed.
    let mut rev: Vec<char> = Vec::with_capacity(digits.len() + 8);
    let mut remaining = digits.as_bytes();
    let mut seen = 0;
    let mut count = 0usize;
    let push_digit = |rev: &mut Vec<char>, c: char, count: &mut usize| {
        if grouping {
            if *count > 0 && (*count).is_multiple_of(3) {
                rev.push(',');
            }
            *count += 1;
        }
        rev.push(c);
    };
    if slots == 0 && !digits.is_empty() {
        // `.00` with a value of 1 or more: the integer digits still show.
        for &b in digits.as_bytes().iter().rev() {
            push_digit(&mut rev, char::from(b), &mut count);
        }
    }
    for t in tokens.iter().rev() {
        match t {
            Token::Digit(d) => {
                seen += 1;
                if seen == slots {
                    // The leftmost placeholder takes every digit left.
                    if remaining.is_empty() {
                        rev.extend(filler(*d).chars());
                    } else {
                        for &b in remaining.iter().rev() {
                            push_digit(&mut rev, char::from(b), &mut count);
                        }
                        remaining = &[];
                    }
                } else if let Some((&last, rest)) = remaining.split_last() {
                    push_digit(&mut rev, char::from(last), &mut count);
                    remaining = rest;
                } else {
                    rev.extend(filler(*d).chars());
                }
            }
            Token::General => {
                seen += 1;
                rev.extend(general::render(v.abs()).chars().rev());
            }
            Token::Literal(s) => rev.extend(s.chars().rev()),
            Token::Percent => rev.push('%'),
            _ => {}
        }
    }
    rev.into_iter().rev().collect()
}

/// What a placeholder shows where there is no significant digit.
fn filler(d: Digit) -> &'static str {
    match d {
        Digit::Zero => "0",
        Digit::Hash => "",
        Digit::Query => " ",
    }
}

/// The part after the point: digits left to right; trailing zeros hidden
/// by `#` and blanked by `?`.
fn fraction_part(tokens: &[Token], digits: &str, v: f64) -> String {
    let slots: Vec<Digit> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Digit(d) => Some(*d),
            _ => None,
        })
        .collect();
    let digits: Vec<char> = digits.chars().collect();
    // The last slot that must show: a `0`, or a significant digit.
    let last_shown = (0..slots.len())
        .rev()
        .find(|&k| slots.get(k) == Some(&Digit::Zero) || digits.get(k).is_some_and(|&c| c != '0'))
        .map_or(0, |k| k + 1);
    let mut out = String::new();
    let mut k = 0;
    for t in tokens {
        match t {
            Token::Digit(d) => {
                if k < last_shown {
                    out.push(digits.get(k).copied().unwrap_or('0'));
                } else {
                    out.push_str(filler(*d));
                }
                k += 1;
            }
            Token::Literal(s) => out.push_str(s),
            Token::Percent => out.push('%'),
            Token::General => out.push_str(&general::render(v.abs())),
            _ => {}
        }
    }
    out
}

/// Scientific notation: `0.00E+00`, `##0.0E+0` (engineering: the exponent
/// a multiple of the integer placeholders when they include `#`).
fn scientific(tokens: &[Token], e_at: usize, v: f64) -> String {
    let mantissa_tokens = tokens.get(..e_at).unwrap_or_default();
    let exp_tokens = tokens.get(e_at + 1..).unwrap_or_default();
    let plus = matches!(tokens.get(e_at), Some(Token::Exponent(true)));
    let point = mantissa_tokens.iter().position(|t| *t == Token::Point);
    let int_end = point.unwrap_or(mantissa_tokens.len());
    let int_slots: Vec<Digit> = mantissa_tokens
        .get(..int_end)
        .unwrap_or_default()
        .iter()
        .filter_map(|t| match t {
            Token::Digit(d) => Some(*d),
            _ => None,
        })
        .collect();
    let frac_count = point.map_or(0, |p| {
        mantissa_tokens
            .get(p + 1..)
            .unwrap_or_default()
            .iter()
            .filter(|t| matches!(t, Token::Digit(_)))
            .count()
            .min(MAX_DECIMALS)
    });
    let m = int_slots.len().max(1) as i32;
    let engineering = int_slots.len() > 1 && int_slots.contains(&Digit::Hash);
    let value = scaled(mantissa_tokens, v, 0);
    let mut exponent = 0i32;
    let mut mantissa = value.clone();
    if !value.is_zero() {
        let mag = value.magnitude();
        // One significant integer digit (extra `0`s pad with zeros), or
        // for engineering notation an exponent that is a multiple of m.
        exponent = if engineering {
            mag.div_euclid(m) * m
        } else {
            mag
        };
        mantissa = value.shifted(-exponent).round_fraction(frac_count as u32);
        // Rounding may carry into a new integer digit (9.99 → 10.0).
        let too_big = if engineering {
            mantissa.magnitude() >= m
        } else {
            mantissa.magnitude() > 0
        };
        if too_big {
            exponent += if engineering { m } else { 1 };
            mantissa = value.shifted(-exponent).round_fraction(frac_count as u32);
        }
    }
    let int_tokens = mantissa_tokens.get(..int_end).unwrap_or_default();
    let mut out = integer_part(int_tokens, &mantissa.integer_digits(), false, v);
    if let Some(p) = point {
        out.push('.');
        out.push_str(&fraction_part(
            mantissa_tokens.get(p + 1..).unwrap_or_default(),
            &mantissa.fraction_digits(frac_count),
            v,
        ));
    }
    out.push('E');
    if exponent < 0 {
        out.push('-');
    } else if plus {
        out.push('+');
    }
    let digits = exponent.unsigned_abs().to_string();
    let exp_digit_tokens: Vec<Token> = exp_tokens
        .iter()
        .filter(|t| matches!(t, Token::Digit(_)))
        .cloned()
        .collect();
    let exp_digits = integer_part(&exp_digit_tokens, &digits, false, v);
    out.push_str(if exp_digits.is_empty() && exponent == 0 {
        "0"
    } else {
        &exp_digits
    });
    // Literals after the exponent digits.
    let tail_start = exp_tokens
        .iter()
        .rposition(|t| matches!(t, Token::Digit(_)))
        .map_or(0, |p| p + 1);
    out.push_str(&literals(exp_tokens.get(tail_start..).unwrap_or_default()));
    out
}

/// Fractions: `# ?/?`, `# ??/??`, `?/8`, `??/100`, with or without a whole part.
fn fraction(tokens: &[Token], v: f64) -> String {
    let slash = tokens.iter().position(|t| *t == Token::Slash).unwrap_or(0);
    let before = tokens.get(..slash).unwrap_or_default();
    let after = tokens.get(slash + 1..).unwrap_or_default();
    let is_blank = |t: &Token| matches!(t, Token::Literal(s) if s.trim().is_empty());
    // Numerator: the placeholders right before the bar (blanks between allowed).
    let mut num_start = before.len();
    while num_start > 0 && before.get(num_start - 1).is_some_and(is_blank) {
        num_start -= 1;
    }
    let blank_end = num_start;
    while num_start > 0 && matches!(before.get(num_start - 1), Some(Token::Digit(_))) {
        num_start -= 1;
    }
    let num_slots = digits_of(before.get(num_start..blank_end).unwrap_or_default());
    let between_num = literals(before.get(blank_end..).unwrap_or_default());
    let whole_tokens = before.get(..num_start).unwrap_or_default();
    let has_whole = whole_tokens.iter().any(|t| matches!(t, Token::Digit(_)));
    // Denominator: blanks, then placeholders or a fixed number, then literals.
    let den_from = after.iter().take_while(|t| is_blank(t)).count();
    let between_den = literals(after.get(..den_from).unwrap_or_default());
    let rest = after.get(den_from..).unwrap_or_default();
    let den_count = rest
        .iter()
        .take_while(|t| matches!(t, Token::Digit(_)))
        .count();
    let den_slots = digits_of(rest.get(..den_count).unwrap_or_default());
    let (fixed_den, tail) = if den_count == 0 {
        fixed_denominator(rest)
    } else {
        (None, literals(rest.get(den_count..).unwrap_or_default()))
    };
    let x = v.abs();
    let (mut whole, frac) = if has_whole {
        (x.trunc(), x.fract())
    } else {
        (0.0, x)
    };
    let (mut num, den) = match fixed_den {
        Some(d) => ((frac * d as f64).round() as u64, d),
        None => best_rational(frac, 10u64.pow(den_slots.len().clamp(1, 7) as u32) - 1),
    };
    if has_whole && num == den {
        whole += 1.0;
        num = 0;
    }
    let mut out = String::new();
    if has_whole {
        let whole_digits = Decimal::from_f64(whole).round_fraction(0).integer_digits();
        let shown = if whole_digits.is_empty() && num == 0 {
            "0".to_string()
        } else {
            whole_digits
        };
        out.push_str(&integer_part(whole_tokens, &shown, false, v));
    }
    let den_text = den.to_string();
    let den_width = if fixed_den.is_some() {
        den_text.chars().count()
    } else {
        den_slots.len()
    };
    if has_whole && num == 0 {
        // No fractional part: blanks as wide as the fraction.
        let width = num_slots.len()
            + between_num.chars().count()
            + 1
            + between_den.chars().count()
            + den_width;
        out.push_str(&" ".repeat(width));
    } else {
        out.push_str(&pad_left(&num.to_string(), &num_slots));
        out.push_str(&between_num);
        out.push('/');
        out.push_str(&between_den);
        if fixed_den.is_some() {
            out.push_str(&den_text);
        } else {
            out.push_str(&pad_right(&den_text, &den_slots));
        }
    }
    out.push_str(&tail);
    out
}

/// A fixed denominator (`?/8`, `??/100`: a literal digit, then digits or
/// `0` placeholders) and the literals after it.
fn fixed_denominator(rest: &[Token]) -> (Option<u64>, String) {
    let mut digits = String::new();
    let mut tail = String::new();
    let mut k = 0;
    while let Some(t) = rest.get(k) {
        match t {
            Token::Literal(s) if tail.is_empty() => {
                let lead: String = s.chars().take_while(char::is_ascii_digit).collect();
                if lead.is_empty() || (digits.is_empty() && lead.starts_with('0')) {
                    break;
                }
                digits.push_str(&lead);
                if lead.len() < s.len() {
                    tail.push_str(s.get(lead.len()..).unwrap_or_default());
                    k += 1;
                    break;
                }
            }
            Token::Digit(Digit::Zero) if !digits.is_empty() => digits.push('0'),
            _ => break,
        }
        k += 1;
    }
    tail.push_str(&literals(rest.get(k..).unwrap_or_default()));
    (digits.parse::<u64>().ok().filter(|&d| d > 0), tail)
}

/// The digit placeholders among `tokens`.
fn digits_of(tokens: &[Token]) -> Vec<Digit> {
    tokens
        .iter()
        .filter_map(|t| match t {
            Token::Digit(d) => Some(*d),
            _ => None,
        })
        .collect()
}

/// `text` right-aligned in the placeholders (`?` pads with spaces, `0` with zeros).
fn pad_left(text: &str, slots: &[Digit]) -> String {
    let n = text.chars().count();
    let mut out = String::new();
    for d in slots.iter().take(slots.len().saturating_sub(n)) {
        out.push_str(filler(*d));
    }
    out.push_str(text);
    out
}

/// `text` left-aligned in the placeholders (`?` pads with spaces).
fn pad_right(text: &str, slots: &[Digit]) -> String {
    let n = text.chars().count();
    let mut out = text.to_string();
    for d in slots.iter().skip(n) {
        out.push_str(match d {
            Digit::Hash => "",
            _ => " ",
        });
    }
    out
}

/// The fraction `n/d` closest to `x` (0 ≤ x) with `d ≤ max_den`, the
/// smallest denominator on ties (continued fractions with semiconvergents).
pub(crate) fn best_rational(x: f64, max_den: u64) -> (u64, u64) {
    let max_den = max_den.max(1);
    if !x.is_finite() || x < 0.0 {
        return (0, 1);
    }
    let (mut p0, mut q0, mut p1, mut q1): (u64, u64, u64, u64) = (0, 1, 1, 0);
    let mut r = x;
    for _ in 0..64 {
        let a = r.floor();
        if a > 1e15 {
            break;
        }
        let a = a as u64;
        let Some(q2) = a.checked_mul(q1).and_then(|v| v.checked_add(q0)) else {
            break;
        };
        if q2 > max_den {
            break;
        }
        let Some(p2) = a.checked_mul(p1).and_then(|v| v.checked_add(p0)) else {
            break;
        };
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        let f = r - a as f64;
        if f < 1e-12 {
            break;
        }
        r = 1.0 / f;
    }
    if q1 == 0 {
        return (x.round() as u64, 1);
    }
    // The best semiconvergent below the bound, against the last convergent.
    let k = (max_den - q0) / q1;
    let (ps, qs) = (p0 + k * p1, q0 + k * q1);
    let err = |p: u64, q: u64| (x - p as f64 / q as f64).abs();
    if qs > 0 && err(ps, qs) < err(p1, q1) {
        (ps, qs)
    } else {
        (p1, q1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Locale;

    #[test]
    fn plans_render_what_the_token_walk_renders() {
        let codes = [
            "0",
            "0.00",
            "#,##0",
            "#,##0.00",
            "#,##0.00_);(#,##0.00)",
            "0%",
            "0.00%",
            "_(* #,##0_);_(* \\(#,##0\\);_(* \"-\"_);_(@_)",
            "\"$\"#,##0.00",
            "#,##0,\"K\"",
            "0.0,,",
            "#.##",
            "#,###.#?",
            "000000",
            "00.000",
            "??0.0??",
            "[$€-407] #,##0.00",
            "#,##0.000000000",
            "%0",
            "0\" kg\"",
        ];
        let mut rng = testkit::rng::Rng::new(5);
        let mut values: Vec<f64> = vec![
            0.0, 0.5, 1.0, 2.675, 1.005, 999.5, 1234.5, 0.0049, 99999.995,
        ];
        for _ in 0..20_000 {
            let v = (rng.next_u64() % 10_000_000_000) as f64 / 10f64.powi(rng.below(10) as i32);
            values.push(v);
        }
        let mut planned = 0;
        for code in codes {
            for section in crate::parse::parse(code, Locale::EnUs).unwrap_or_default() {
                let Some(plan) = section.plan.as_ref() else {
                    continue;
                };
                planned += 1;
                for &v in &values {
                    let mut fast = String::from("x");
                    if plan.render_into(v, &mut fast) {
                        assert_eq!(
                            fast.get(1..),
                            Some(render(&section.tokens, v).as_str()),
                            "{code} {v}"
                        );
                    }
                }
            }
        }
        assert!(planned >= 20, "{planned} sections planned");
        let plan = |code: &str| {
            crate::parse::parse(code, Locale::EnUs)
                .unwrap_or_default()
                .first()
                .and_then(|s| s.plan.clone())
        };
        assert!(plan("0.00E+00").is_none());
        assert!(plan("# ?/?").is_none());
        assert!(plan("0\"-\"0").is_none());
        assert!(plan("General").is_none());
    }

    #[test]
    fn best_rationals() {
        assert_eq!(best_rational(0.5, 9), (1, 2));
        assert_eq!(best_rational(0.333, 9), (1, 3));
        assert_eq!(best_rational(std::f64::consts::FRAC_1_PI, 99), (7, 22));
        assert_eq!(best_rational(std::f64::consts::PI - 3.0, 999), (16, 113));
        assert_eq!(best_rational(0.0, 9), (0, 1));
        assert_eq!(best_rational(0.99, 9), (1, 1));
    }
}
