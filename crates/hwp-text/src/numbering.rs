//! Paragraph numbers as Hangul displays them: the number shapes of HWP 5.0
//! spec table "번호 모양" (arabic, circled, roman, latin, 가나다, ㄱㄴㄷ,
//! 일이삼, 一二三, 갑을병, …) and the `^N` level references of a numbering
//! format string.

/// One number `n` (from 1) in number shape `shape`; shapes this crate does
/// not know fall back to arabic digits.
pub fn format_number(shape: u32, n: u32) -> String {
    let cycle = |list: &[&str]| -> String {
        if n == 0 {
            return "0".into();
        }
        let len = list.len() as u32;
        let i = ((n - 1) % len) as usize;
        let times = (n - 1) / len + 1;
        list.get(i)
            .map_or_else(|| n.to_string(), |s| s.repeat(times as usize))
    };
    match shape {
        1 => circled_digit(n).map_or_else(|| n.to_string(), |c| c.to_string()),
        2 => roman(n, true),
        3 => roman(n, false),
        4 => latin(n, b'A'),
        5 => latin(n, b'a'),
        6 => offset_char(n, 26, 0x24B6).unwrap_or_else(|| latin(n, b'A')),
        7 => offset_char(n, 26, 0x24D0).unwrap_or_else(|| latin(n, b'a')),
        8 => cycle(&GANADA),
        9 => offset_char(n, 14, 0x326E).unwrap_or_else(|| cycle(&GANADA)),
        10 => cycle(&GIYEOK),
        11 => offset_char(n, 14, 0x3260).unwrap_or_else(|| cycle(&GIYEOK)),
        12 => sino(n, &HANGUL_DIGITS, &HANGUL_UNITS),
        13 => sino(n, &HANJA_DIGITS, &HANJA_UNITS),
        14 => offset_char(n, 10, 0x3280).unwrap_or_else(|| sino(n, &HANJA_DIGITS, &HANJA_UNITS)),
        15 => cycle(&GAPEUL),
        16 => cycle(&GAPEUL_HANJA),
        _ => n.to_string(),
    }
}

const GANADA: [&str; 14] = [
    "가", "나", "다", "라", "마", "바", "사", "아", "자", "차", "카", "타", "파", "하",
];
const GIYEOK: [&str; 14] = [
    "ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
];
const GAPEUL: [&str; 10] = ["갑", "을", "병", "정", "무", "기", "경", "신", "임", "계"];
const GAPEUL_HANJA: [&str; 10] = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"];
const HANGUL_DIGITS: [&str; 10] = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
const HANGUL_UNITS: [&str; 4] = ["", "십", "백", "천"];
const HANJA_DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HANJA_UNITS: [&str; 4] = ["", "十", "百", "千"];

/// ①..⑳ (U+2460), ㉑..㉟ (U+3251), ㊱..㊿ (U+32B1).
fn circled_digit(n: u32) -> Option<char> {
    match n {
        1..=20 => char::from_u32(0x2460 + n - 1),
        21..=35 => char::from_u32(0x3251 + n - 21),
        36..=50 => char::from_u32(0x32B1 + n - 36),
        _ => None,
    }
}

/// The `n`-th of `count` consecutive characters from `first`.
fn offset_char(n: u32, count: u32, first: u32) -> Option<String> {
    (1..=count)
        .contains(&n)
        .then(|| char::from_u32(first + n - 1))
        .flatten()
        .map(String::from)
}

/// Roman numerals; 0 and numbers past 3999 in arabic digits.
fn roman(n: u32, upper: bool) -> String {
    if n == 0 || n > 3999 {
        return n.to_string();
    }
    const TABLE: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    let mut n = n;
    for (v, s) in TABLE {
        while n >= v {
            out.push_str(s);
            n -= v;
        }
    }
    if upper { out } else { out.to_lowercase() }
}

/// A, B, …, Z, AA, BB, … (the letter repeated once per round, as Hangul does).
fn latin(n: u32, base: u8) -> String {
    if n == 0 {
        return "0".into();
    }
    let letter = char::from(base + ((n - 1) % 26) as u8);
    std::iter::repeat_n(letter, ((n - 1) / 26 + 1).min(64) as usize).collect()
}

/// Sino-Korean or Chinese numerals below 10000 (일, 십이, 二十三); larger
/// numbers in arabic digits.
fn sino(n: u32, digits: &[&str; 10], units: &[&str; 4]) -> String {
    if n == 0 {
        return digits[0].to_string();
    }
    if n >= 10_000 {
        return n.to_string();
    }
    let mut out = String::new();
    for (pos, unit) in units.iter().enumerate().rev() {
        let d = (n / 10u32.pow(pos as u32) % 10) as usize;
        if d == 0 {
            continue;
        }
        if d != 1 || pos == 0 {
            out.push_str(digits[d]);
        }
        out.push_str(unit);
    }
    out
}

/// Advances the paragraph-number counters of one numbering for a
/// paragraph at `level` (0-based): that level counts on (from its start
/// number when unset), deeper levels reset. Returns the number of every
/// level, unset ones at their start.
pub fn advance(counters: &mut [u32; 10], level: usize, start: impl Fn(usize) -> u32) -> Vec<u32> {
    let level = level.min(9);
    for c in counters.iter_mut().skip(level + 1) {
        *c = 0;
    }
    counters[level] = match counters[level] {
        0 => start(level),
        n => n.saturating_add(1),
    };
    (0..10)
        .map(|k| match counters[k] {
            0 => start(k),
            n => n,
        })
        .collect()
}

/// Expands a numbering format string: `^1`..`^9` (and `^10` written `^A`
/// or `^10`) become the number of that level in its shape; `^^` is a
/// literal caret. `numbers[k]` and `shapes[k]` are level `k + 1`'s.
pub fn expand_format(format: &str, numbers: &[u32], shapes: &[u32]) -> String {
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '^' {
            out.push(c);
            continue;
        }
        let level = match chars.peek() {
            Some('^') => {
                chars.next();
                out.push('^');
                continue;
            }
            Some(d @ '1'..='9') => {
                let mut level = *d as usize - '0' as usize;
                chars.next();
                if level == 1 && chars.peek() == Some(&'0') {
                    chars.next();
                    level = 10;
                }
                level
            }
            _ => {
                out.push('^');
                continue;
            }
        };
        let n = numbers.get(level - 1).copied().unwrap_or(1);
        let shape = shapes.get(level - 1).copied().unwrap_or(0);
        out.push_str(&format_number(shape, n));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(format_number(0, 12), "12");
        assert_eq!(format_number(1, 3), "③");
        assert_eq!(format_number(1, 21), "㉑");
        assert_eq!(format_number(1, 99), "99");
        assert_eq!(format_number(2, 14), "XIV");
        assert_eq!(format_number(3, 4), "iv");
        assert_eq!(format_number(4, 28), "BB");
        assert_eq!(format_number(5, 1), "a");
        assert_eq!(format_number(6, 2), "Ⓑ");
        assert_eq!(format_number(7, 3), "ⓒ");
        assert_eq!(format_number(8, 3), "다");
        assert_eq!(format_number(8, 15), "가가");
        assert_eq!(format_number(9, 1), "㉮");
        assert_eq!(format_number(10, 2), "ㄴ");
        assert_eq!(format_number(11, 3), "㉢");
        assert_eq!(format_number(12, 23), "이십삼");
        assert_eq!(format_number(12, 10), "십");
        assert_eq!(format_number(13, 105), "百五");
        assert_eq!(format_number(14, 2), "㊁");
        assert_eq!(format_number(15, 2), "을");
        assert_eq!(format_number(16, 3), "丙");
        assert_eq!(format_number(99, 7), "7");
    }

    #[test]
    fn formats_reference_levels() {
        assert_eq!(expand_format("^1.", &[3], &[0]), "3.");
        assert_eq!(expand_format("^1.^2)", &[2, 4], &[0, 8]), "2.라)");
        assert_eq!(expand_format("(^3)", &[1, 1, 5], &[0, 0, 1]), "(⑤)");
        assert_eq!(expand_format("^^x^", &[], &[]), "^x^");
        let numbers = [1, 1, 1, 1, 1, 1, 1, 1, 1, 7];
        assert_eq!(expand_format("^10", &numbers, &[]), "7");
    }
}
