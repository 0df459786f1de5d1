//! Outputs Excel documents or shows for its built-in formats and for the
//! examples of Microsoft's "Number format codes" page, the 1900 calendar
//! with its phantom 29 February, the 1904 system, and property checks
//! over generated values and codes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cell_format::{Format, Locale, builtin_code};
use testkit::rng::Rng;

fn r(code: &str, v: f64) -> String {
    let f = Format::parse(code);
    assert!(
        f.fallback_reason().is_none(),
        "{code}: {:?}",
        f.fallback_reason()
    );
    f.render(v, false)
}

fn b(id: u16, v: f64) -> String {
    Format::builtin(id, Locale::EnUs).unwrap().render(v, false)
}

#[test]
fn builtin_formats_as_excel_shows_them() {
    let x = 1234.5678;
    let cases: &[(u16, f64, &str)] = &[
        (0, x, "1234.5678"),
        (1, x, "1235"),
        (2, x, "1234.57"),
        (3, x, "1,235"),
        (4, x, "1,234.57"),
        (5, x, "$1,235 "),
        (5, -x, "($1,235)"),
        (6, -x, "($1,235)"),
        (7, x, "$1,234.57 "),
        (8, -x, "($1,234.57)"),
        (9, 0.5, "50%"),
        (10, 0.5, "50.00%"),
        (11, x, "1.23E+03"),
        (12, x, "1234 4/7"),
        (13, 0.75, "  3/4 "),
        (14, 39045.5, "11/24/2006"),
        (15, 39045.5, "24-Nov-06"),
        (16, 39045.5, "24-Nov"),
        (17, 39045.5, "Nov-06"),
        (18, 39045.5, "12:00 PM"),
        (19, 39045.75, "6:00:00 PM"),
        (20, 39045.5, "12:00"),
        (21, 39045.25, "6:00:00"),
        (22, 39045.5, "11/24/2006 12:00"),
        (37, -x, "(1,235)"),
        (38, x, "1,235 "),
        (39, -x, "(1,234.57)"),
        (40, x, "1,234.57 "),
        (41, x, " 1,235 "),
        (41, 0.0, " - "),
        (42, -x, " $(1,235)"),
        (43, 0.0, " -   "),
        (44, x, " $1,234.57 "),
        (45, 0.5 + 75.0 / 86_400.0, "01:15"),
        (46, 1.5, "36:00:00"),
        (47, 75.25 / 86_400.0, "01:15.3"),
        (48, x, "1.2E+3"),
        (48, 12345.0, "12.3E+3"),
        (49, x, "1234.5678"),
    ];
    for &(id, v, want) in cases {
        assert_eq!(b(id, v), want, "built-in {id} on {v}");
    }
    let text = Format::builtin(44, Locale::EnUs).unwrap();
    assert_eq!(text.render_text("n/a"), " n/a ");
}

#[test]
fn microsoft_documentation_examples() {
    let cases: &[(&str, f64, &str)] = &[
        ("####.#", 1234.59, "1234.6"),
        ("#.000", 8.9, "8.900"),
        ("0.#", 0.631, "0.6"),
        ("#.0#", 12.0, "12.0"),
        ("#.0#", 1234.568, "1234.57"),
        ("???.???", 44.398, " 44.398"),
        ("???.???", 102.65, "102.65 "),
        ("???.???", 2.8, "  2.8  "),
        ("#,###", 12000.0, "12,000"),
        ("#,", 12000.0, "12"),
        ("0.0,,", 12_200_000.0, "12.2"),
        ("00000", 123.0, "00123"),
        ("\"000\"#", 123.0, "000123"),
        (
            "$0.00\" Surplus\";$-0.00\" Shortage\"",
            125.74,
            "$125.74 Surplus",
        ),
        (
            "$0.00\" Surplus\";$-0.00\" Shortage\"",
            -125.74,
            "$-125.74 Shortage",
        ),
        ("0.00E+00", 12_200_000.0, "1.22E+07"),
        ("# ??/??", 5.25, "5  1/4 "),
        ("mmmm d, yyyy", 45292.0, "January 1, 2024"),
        ("dddd", 45292.0, "Monday"),
        ("mmmmm", 45292.0, "J"),
        ("[h]:mm", 1.25, "30:00"),
        ("[mm]:ss", 0.0625, "90:00"),
        ("[ss]", 0.0625, "5400"),
        ("h:mm:ss.00", 0.5 + 1.234 / 86_400.0, "12:00:01.23"),
        ("h AM/PM", 0.0, "12 AM"),
        ("h:mm A/P", 0.75, "6:00 P"),
    ];
    for &(code, v, want) in cases {
        assert_eq!(r(code, v), want, "{code} on {v}");
    }
}

#[test]
fn the_1900_calendar_has_excels_leap_year_bug() {
    assert_eq!(r("yyyy-mm-dd", 0.0), "1900-01-00");
    assert_eq!(r("yyyy-mm-dd", 1.0), "1900-01-01");
    assert_eq!(r("yyyy-mm-dd", 59.0), "1900-02-28");
    assert_eq!(r("yyyy-mm-dd", 60.0), "1900-02-29");
    assert_eq!(r("yyyy-mm-dd", 61.0), "1900-03-01");
    assert_eq!(r("dddd", 1.0), "Sunday");
    assert_eq!(r("yyyy-mm-dd", 2_958_465.0), "9999-12-31");
    // Past 9999 and before 1900 Excel shows #####: the number instead.
    assert_eq!(r("yyyy-mm-dd", 2_958_466.0), "2958466");
    assert_eq!(r("yyyy-mm-dd", -1.0), "-1");
}

#[test]
fn the_1904_system() {
    let f = Format::parse("yyyy-mm-dd");
    assert_eq!(f.render(0.0, true), "1904-01-01");
    assert_eq!(f.render(37583.0, true), "2006-11-24");
    assert_eq!(Format::parse("dddd").render(0.0, true), "Friday");
}

#[test]
fn cjk_builtins_and_eras() {
    let ja = |id: u16, v: f64| Format::builtin(id, Locale::JaJp).unwrap().render(v, false);
    assert_eq!(ja(14, 45292.0), "2024/1/1");
    assert_eq!(ja(27, 45292.0), "R6.1.1");
    assert_eq!(ja(28, 43585.0), "平成31年4月30日");
    assert_eq!(ja(28, 43586.0), "令和1年5月1日");
    assert_eq!(ja(31, 45292.0), "2024年1月1日");
    assert_eq!(ja(32, 0.5625), "13時30分");
    assert_eq!(ja(57, 32000.0), "S62.8.11");
    // `gg` is the era's first character.
    assert_eq!(Format::parse("[$-411]gge").render(43585.0, false), "平31");
    assert_eq!(Format::parse("[$-411]gge").render(32000.0, false), "昭62");
    let tw = |id: u16, v: f64| Format::builtin(id, Locale::ZhTw).unwrap().render(v, false);
    assert_eq!(tw(27, 45292.0), "113/1/1");
    assert_eq!(tw(34, 0.75), "下午06時00分");
    let cn = |id: u16, v: f64| Format::builtin(id, Locale::ZhCn).unwrap().render(v, false);
    assert_eq!(cn(27, 45292.0), "2024年1月");
    assert_eq!(cn(35, 0.25), "上午6时00分00秒");
    let ko = |id: u16, v: f64| Format::builtin(id, Locale::KoKr).unwrap().render(v, false);
    assert_eq!(ko(31, 45292.0), "2024년 01월 01일");
    assert_eq!(ko(14, 45292.0), "2024-01-01");
    // In en-US the CJK ids still show dates.
    assert_eq!(b(31, 45292.0), "1/1/2024");
    assert!(builtin_code(164, Locale::EnUs).is_none());
    assert_eq!(r("[$-411]aaaa", 45292.0), "月曜日");
}

/// Formats met in real workbooks, for the property checks.
const CODES: &[&str] = &[
    "General",
    "0",
    "0.00",
    "#,##0.00;[Red]-#,##0.00",
    "0.00%",
    "0.00E+00",
    "##0.0E+0",
    "# ?/?",
    "# ??/??",
    "?/8",
    "m/d/yyyy h:mm:ss",
    "[h]:mm:ss.000",
    "_(* #,##0_);_(* (#,##0);_(* \"-\"_);_(@_)",
    "[>=1000]#,##0,\"K\";[<=-1000]-#,##0,\"K\";0",
    "[$-411]ggge\"年\"m\"月\"d\"日\"",
    "0.0,,\"M\"",
    "000-00-0000",
];

#[test]
fn any_value_renders_without_panic_and_integers_keep_their_digits() {
    let mut rng = Rng::new(17);
    for _ in 0..5_000 {
        let bits = rng.next_u64();
        let v = match rng.below(4) {
            0 => f64::from_bits(bits),
            1 => (bits % 2_000_000) as f64 - 1_000_000.0,
            2 => (bits as i64 as f64) / 1e6,
            _ => f64::from_bits(bits) % 1e12,
        };
        for code in CODES {
            let s = Format::parse(code).render(v, rng.below(2) == 1);
            assert!(s.len() < 1000, "{code} {v}: {s}");
        }
        // Integers below 1E+11 show all their digits in General and "0".
        if v.is_finite() && v.fract() == 0.0 && v.abs() < 1e11 {
            let digits = format!("{}", v as i64);
            assert_eq!(cell_format::general(v), digits);
            assert_eq!(r("0", v), digits);
            let grouped = r("#,##0", v).replace(',', "");
            assert_eq!(grouped, digits);
        }
        // General round-trips to 11 significant digits.
        if v.is_finite() && v.abs() > 1e-9 && v.abs() < 1e11 {
            let back: f64 = cell_format::general(v).parse().unwrap();
            assert!(((back - v) / v).abs() < 1e-10, "{v} -> {back}");
        }
    }
}

#[test]
fn any_code_parses_without_panic() {
    let alphabet: Vec<char> = "0#?.,%E+-/@;\"\\_*[]$<>=hmsdyAPgea:GeneralRd 年ー1"
        .chars()
        .collect();
    let mut rng = Rng::new(3);
    for _ in 0..20_000 {
        let len = rng.below(24);
        let code: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let f = Format::parse(&code);
        for v in [0.0, -1.5, 39045.25, 1e300, -1e-300] {
            let _ = f.render(v, false);
        }
        let _ = f.render_text("x");
    }
}
