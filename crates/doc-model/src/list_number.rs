//! List numbers as Word displays them, for the number formats Word's binary
//! and XML formats share (MS-DOC 2.9.156 `MSONFC`; ECMA-376 17.18.59
//! `ST_NumberFormat` names the same formats).

/// A number format of a list level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberFormat {
    /// 1, 2, 3 (also the fallback for formats not listed here).
    Decimal,
    /// I, II, III.
    UpperRoman,
    /// i, ii, iii.
    LowerRoman,
    /// A, B, …, Z, AA, BB.
    UpperLetter,
    /// a, b, …, z, aa, bb.
    LowerLetter,
    /// 01, 02, … 10.
    DecimalZero,
    /// ①, ②, … ⑳, then decimal.
    DecimalEnclosedCircle,
    /// Full-width digits: １, ２.
    DecimalFullWidth,
    /// 一, 二, 三 (Japanese/Chinese counting).
    IdeographCounting,
    /// 가, 나, 다.
    Ganada,
    /// ㄱ, ㄴ, ㄷ.
    Chosung,
    /// ア, イ, ウ (aiueo).
    Aiueo,
    /// イ, ロ, ハ (iroha).
    Iroha,
    /// A bullet: no number shown.
    Bullet,
    /// No number at all.
    None,
}

impl NumberFormat {
    /// The format of an MS-DOC `nfc` code.
    pub fn from_nfc(nfc: u8) -> NumberFormat {
        match nfc {
            1 => NumberFormat::UpperRoman,
            2 => NumberFormat::LowerRoman,
            3 => NumberFormat::UpperLetter,
            4 => NumberFormat::LowerLetter,
            10 | 11 | 14 | 33 | 39 => NumberFormat::IdeographCounting,
            12 | 20 => NumberFormat::Aiueo,
            13 | 21 => NumberFormat::Iroha,
            18 => NumberFormat::DecimalEnclosedCircle,
            19 => NumberFormat::DecimalFullWidth,
            22 => NumberFormat::DecimalZero,
            23 => NumberFormat::Bullet,
            24 => NumberFormat::Ganada,
            25 => NumberFormat::Chosung,
            255 => NumberFormat::None,
            _ => NumberFormat::Decimal,
        }
    }

    /// The format of an ECMA-376 `w:numFmt` value (`lowerRoman`).
    pub fn from_name(name: &str) -> NumberFormat {
        match name {
            "upperRoman" => NumberFormat::UpperRoman,
            "lowerRoman" => NumberFormat::LowerRoman,
            "upperLetter" => NumberFormat::UpperLetter,
            "lowerLetter" => NumberFormat::LowerLetter,
            "decimalZero" => NumberFormat::DecimalZero,
            "decimalEnclosedCircle" | "decimalEnclosedCircleChinese" => {
                NumberFormat::DecimalEnclosedCircle
            }
            "decimalFullWidth" | "decimalFullWidth2" => NumberFormat::DecimalFullWidth,
            "ideographDigital"
            | "japaneseCounting"
            | "chineseCounting"
            | "chineseCountingThousand"
            | "taiwaneseCounting"
            | "koreanCounting"
            | "koreanDigital" => NumberFormat::IdeographCounting,
            "ganada" => NumberFormat::Ganada,
            "chosung" => NumberFormat::Chosung,
            "aiueo" | "aiueoFullWidth" => NumberFormat::Aiueo,
            "iroha" | "irohaFullWidth" => NumberFormat::Iroha,
            "bullet" => NumberFormat::Bullet,
            "none" => NumberFormat::None,
            _ => NumberFormat::Decimal,
        }
    }

    /// `v` in this format (bullets and `None` give an empty string;
    /// values a format cannot show fall back to decimal).
    pub fn format(self, v: i32) -> String {
        let cycle = |list: &[char]| -> String {
            if v < 1 {
                return v.to_string();
            }
            let i = (v - 1) as usize;
            let c = list.get(i % list.len()).copied().unwrap_or('?');
            std::iter::repeat_n(c, (i / list.len() + 1).min(16)).collect()
        };
        match self {
            NumberFormat::Decimal => v.to_string(),
            NumberFormat::UpperRoman => roman(v).to_uppercase(),
            NumberFormat::LowerRoman => roman(v),
            NumberFormat::UpperLetter => letters(v).to_uppercase(),
            NumberFormat::LowerLetter => letters(v),
            NumberFormat::DecimalZero => format!("{v:02}"),
            NumberFormat::DecimalEnclosedCircle => match v {
                1..=20 => char::from_u32(0x2460 + v as u32 - 1)
                    .map_or_else(|| v.to_string(), String::from),
                _ => v.to_string(),
            },
            NumberFormat::DecimalFullWidth => v
                .to_string()
                .chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) => char::from_u32(0xFF10 + d).unwrap_or(c),
                    None => c,
                })
                .collect(),
            NumberFormat::IdeographCounting => ideograph(v),
            NumberFormat::Ganada => cycle(&[
                '가', '나', '다', '라', '마', '바', '사', '아', '자', '차', '카', '타', '파', '하',
            ]),
            NumberFormat::Chosung => cycle(&[
                'ㄱ', 'ㄴ', 'ㄷ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅅ', 'ㅇ', 'ㅈ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ',
            ]),
            NumberFormat::Aiueo => cycle(&[
                'ア', 'イ', 'ウ', 'エ', 'オ', 'カ', 'キ', 'ク', 'ケ', 'コ', 'サ', 'シ', 'ス', 'セ',
                'ソ', 'タ', 'チ', 'ツ', 'テ', 'ト', 'ナ', 'ニ', 'ヌ', 'ネ', 'ノ', 'ハ', 'ヒ', 'フ',
                'ヘ', 'ホ', 'マ', 'ミ', 'ム', 'メ', 'モ', 'ヤ', 'ユ', 'ヨ', 'ラ', 'リ', 'ル', 'レ',
                'ロ', 'ワ', 'ヲ', 'ン',
            ]),
            NumberFormat::Iroha => cycle(&[
                'イ', 'ロ', 'ハ', 'ニ', 'ホ', 'ヘ', 'ト', 'チ', 'リ', 'ヌ', 'ル', 'ヲ', 'ワ', 'カ',
                'ヨ', 'タ', 'レ', 'ソ', 'ツ', 'ネ', 'ナ', 'ラ', 'ム', 'ウ', 'ヰ', 'ノ', 'オ', 'ク',
                'ヤ', 'マ', 'ケ', 'フ', 'コ', 'エ', 'テ', 'ア', 'サ', 'キ', 'ユ', 'メ', 'ミ', 'シ',
                'ヱ', 'ヒ', 'モ', 'セ', 'ス',
            ]),
            NumberFormat::Bullet | NumberFormat::None => String::new(),
        }
    }
}

fn roman(v: i32) -> String {
    if !(1..4000).contains(&v) {
        return v.to_string();
    }
    let mut v = v;
    let mut s = String::new();
    for (n, r) in [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ] {
        while v >= n {
            s.push_str(r);
            v -= n;
        }
    }
    s
}

/// a, b, …, z, aa, bb, … (Word's letter numbering repeats the letter).
fn letters(v: i32) -> String {
    if v < 1 {
        return v.to_string();
    }
    let v = (v - 1) as usize;
    let ch = char::from(b'a' + (v % 26) as u8);
    std::iter::repeat_n(ch, (v / 26 + 1).min(16)).collect()
}

/// 一 … 九十九 (larger values in decimal).
fn ideograph(v: i32) -> String {
    const D: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    match v {
        1..=9 => D[v as usize].to_string(),
        10..=99 => {
            let (t, o) = ((v / 10) as usize, (v % 10) as usize);
            let mut s = String::new();
            if t > 1 {
                s.push(D[t]);
            }
            s.push('十');
            if o > 0 {
                s.push(D[o]);
            }
            s
        }
        _ => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::NumberFormat as F;

    #[test]
    fn formats() {
        assert_eq!(F::from_nfc(1).format(14), "XIV");
        assert_eq!(F::from_nfc(2).format(4), "iv");
        assert_eq!(F::from_nfc(3).format(28), "BB");
        assert_eq!(F::from_nfc(22).format(3), "03");
        assert_eq!(F::from_nfc(23).format(3), "");
        assert_eq!(F::from_nfc(1).format(-1), "-1");
        assert_eq!(F::from_name("lowerLetter").format(2), "b");
        assert_eq!(F::from_name("decimalEnclosedCircle").format(3), "③");
        assert_eq!(F::from_name("japaneseCounting").format(21), "二十一");
        assert_eq!(F::from_name("ganada").format(15), "가가");
        assert_eq!(F::from_name("decimalFullWidth").format(12), "１２");
        assert_eq!(F::from_name("somethingNew").format(7), "7");
    }
}
