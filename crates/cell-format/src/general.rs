//! The General format: what Excel shows in a cell nobody formatted.
//!
//! Up to 11 significant digits, trailing zeros dropped; scientific notation
//! with six significant digits (`1.23457E+11`) from 1E+11 up and below
//! 1E-09, as Excel does in a standard-width column.

use crate::decimal::Decimal;

/// Significant digits shown in fixed notation.
const SIGNIFICANT: u32 = 11;

/// `v` in the General format.
pub(crate) fn render(v: f64) -> String {
    if v.is_nan() {
        return "#NUM!".into();
    }
    if v.is_infinite() {
        return "#NUM!".into();
    }
    if v.fract() == 0.0 && v.abs() < 1e11 {
        // Whole numbers (most cells): their digits, no rounding needed.
        return format!("{}", v as i64);
    }
    let sign = if v < 0.0 { "-" } else { "" };
    let d = Decimal::from_f64(v).round_significant(SIGNIFICANT);
    if d.is_zero() {
        return "0".into();
    }
    let mag = d.magnitude();
    if !(-9..11).contains(&mag) {
        return format!("{sign}{}", scientific(&Decimal::from_f64(v)));
    }
    let int = d.integer_digits();
    let frac = d.all_fraction_digits();
    let int = if int.is_empty() { "0" } else { &int };
    if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

/// `d` as `1.23457E+11`: six significant digits, trailing zeros dropped,
/// a signed exponent of at least two digits.
fn scientific(d: &Decimal) -> String {
    let r = d.round_significant(6);
    let exp = r.magnitude();
    let m = r.shifted(-exp);
    let int = m.integer_digits();
    let frac = m.all_fraction_digits();
    let sign = if exp < 0 { '-' } else { '+' };
    let mut out = if int.is_empty() { "0".to_string() } else { int };
    if !frac.is_empty() {
        out.push('.');
        out.push_str(&frac);
    }
    format!("{out}E{sign}{:02}", exp.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn like_excel() {
        assert_eq!(render(0.0), "0");
        assert_eq!(render(-0.0), "0");
        assert_eq!(render(1.0), "1");
        assert_eq!(render(-1.5), "-1.5");
        assert_eq!(render(0.1 + 0.2), "0.3");
        assert_eq!(render(1234567.891), "1234567.891");
        assert_eq!(render(123456789.123456), "123456789.12");
        assert_eq!(render(99999999999.0), "99999999999");
        assert_eq!(render(100000000000.0), "1E+11");
        assert_eq!(render(123456789012.0), "1.23457E+11");
        assert_eq!(render(-1.5e20), "-1.5E+20");
        assert_eq!(render(0.000123), "0.000123");
        assert_eq!(render(0.000000001), "0.000000001");
        assert_eq!(render(0.0000000001), "1E-10");
        assert_eq!(render(1.23456789e-12), "1.23457E-12");
        assert_eq!(render(2.0 / 3.0), "0.66666666667");
        assert_eq!(render(f64::NAN), "#NUM!");
    }
}
