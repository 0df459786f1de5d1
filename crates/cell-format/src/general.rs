//! The General format: what Excel shows in a cell nobody formatted, as
//! in a column wide enough and in the formula bar.
//!
//! Up to 15 significant digits (Excel's precision), trailing zeros
//! dropped, so that a 15-digit identifier reads as typed; scientific
//! notation with six significant digits (`1.23457E+15`) from 1E+15 up and
//! below 1E-09. (A standard-width column shows 11 digits and switches to
//! scientific from 1E+11: `123456789012` would be `1.23457E+11`, which no
//! search for the number finds.)

use crate::decimal::Decimal;

/// Below this, a whole number is shown with all its digits (10^15: 15 digits).
const FIXED_LIMIT: f64 = 1e15;

/// `v` in the General format, appended to `out`: whole numbers are
/// written straight from the double; the rest go through the 15-digit
/// decimal text ([`render`]).
pub(crate) fn render_into(v: f64, out: &mut String) {
    if v.fract() == 0.0 && v.abs() < FIXED_LIMIT {
        // Whole numbers (most cells): their digits, no rounding needed.
        let n = v as i64;
        if n < 0 {
            out.push('-');
        }
        push_u64(out, n.unsigned_abs());
        return;
    }
    out.push_str(&render(v));
}

/// Powers of ten that fit a `u64`.
pub(crate) const POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// `n` in decimal, appended to `out`.
pub(crate) fn push_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        if let Some(b) = buf.get_mut(i) {
            *b = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    out.extend(buf.iter().skip(i).map(|&b| char::from(b)));
}

/// `v` in the General format.
pub(crate) fn render(v: f64) -> String {
    if !v.is_finite() {
        return "#NUM!".into();
    }
    if v.fract() == 0.0 && v.abs() < FIXED_LIMIT {
        // Whole numbers (most cells): their digits, no rounding needed.
        return format!("{}", v as i64);
    }
    let sign = if v < 0.0 { "-" } else { "" };
    // Excel's 15 significant digits.
    let d = Decimal::from_f64(v);
    if d.is_zero() {
        return "0".into();
    }
    let mag = d.magnitude();
    if !(-9..15).contains(&mag) {
        return format!("{sign}{}", scientific(&d));
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
    use super::{render, render_into};

    #[test]
    fn the_direct_path_agrees_with_the_decimal_text() {
        let check = |v: f64| {
            let mut fast = String::from("x");
            render_into(v, &mut fast);
            assert_eq!(fast.get(1..), Some(render(v).as_str()), "{v:e}");
        };
        for v in [
            0.5,
            2.675,
            1.005,
            0.1 + 0.2,
            1234567.891,
            123456789.123456,
            2.0 / 3.0,
            0.000123,
            0.000000001,
            1.5e-9,
            9.99999999999,
            9.999999999996,
            0.99999999999996,
            99999999999.4,
            1e-9,
            1e11,
            12.34,
            -12.34,
            -0.001,
            1e10 + 0.5,
        ] {
            check(v);
            check(-v);
        }
        let mut rng = testkit::rng::Rng::new(11);
        for _ in 0..100_000 {
            let mantissa = (rng.next_u64() % 1_000_000_000_000_000) as f64;
            let v = mantissa / 10f64.powi(rng.below(30) as i32);
            check(v);
            let bits = rng.next_u64();
            let w = f64::from_bits(bits);
            if w.is_finite() {
                check(w);
            }
        }
    }

    #[test]
    fn like_excel() {
        assert_eq!(render(0.0), "0");
        assert_eq!(render(-0.0), "0");
        assert_eq!(render(1.0), "1");
        assert_eq!(render(-1.5), "-1.5");
        assert_eq!(render(0.1 + 0.2), "0.3");
        assert_eq!(render(1234567.891), "1234567.891");
        assert_eq!(render(123456789.123456), "123456789.123456");
        assert_eq!(render(99999999999.0), "99999999999");
        assert_eq!(render(100000000000.0), "100000000000");
        assert_eq!(render(123456789012.0), "123456789012");
        // A 15-digit identifier reads as typed; 16 digits are past
        // Excel's precision.
        assert_eq!(render(123456789012345.0), "123456789012345");
        assert_eq!(render(999999999999999.0), "999999999999999");
        assert_eq!(render(1e15), "1E+15");
        assert_eq!(render(1234567890123456.0), "1.23457E+15");
        assert_eq!(render(12345678901.2345), "12345678901.2345");
        assert_eq!(render(0.1 + 0.7), "0.8");
        assert_eq!(render(1.0 / 3.0), "0.333333333333333");
        assert_eq!(render(-1.5e20), "-1.5E+20");
        assert_eq!(render(0.000123), "0.000123");
        assert_eq!(render(0.000000001), "0.000000001");
        assert_eq!(render(0.0000000001), "1E-10");
        assert_eq!(render(1.23456789e-12), "1.23457E-12");
        assert_eq!(render(2.0 / 3.0), "0.666666666666667");
        assert_eq!(render(f64::NAN), "#NUM!");
    }
}
