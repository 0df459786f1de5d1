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

/// `v` in the General format, appended to `out`: whole numbers and
/// numbers whose 15-digit rounding is clear of a tie are written straight
/// from the double; the rest go through the 15-digit decimal text
/// ([`render`]), with the same result.
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
    if let Some((r, n)) = fixed_15(v.abs()) {
        if v < 0.0 {
            out.push('-');
        }
        let mut digits = String::with_capacity(15);
        push_u64(&mut digits, r);
        // `r` has 15 digits, `n` of them (and more) after the point.
        let int_len = 15 - n as i32;
        let (int, frac) = if int_len > 0 {
            digits.split_at(int_len as usize)
        } else {
            ("0", digits.as_str())
        };
        out.push_str(int);
        let frac = frac.trim_end_matches('0');
        if !frac.is_empty() {
            out.push('.');
            out.extend(std::iter::repeat_n('0', (-int_len).max(0) as usize));
            out.push_str(frac);
        }
        return;
    }
    out.push_str(&render(v));
}

/// `a` (positive, finite) rounded to 15 significant digits as the integer
/// `r` (10^14 ≤ r < 10^15) and the count `n` of decimals (`a ≈ r × 10^-n`),
/// when that is what the 15-digit decimal text rounds to as well; `None`
/// for a magnitude shown in scientific notation or needing 10^23 or more,
/// a whole number past 15 digits, and near a tie.
///
/// The powers of ten up to 10^22 are exact doubles, so `a × 10^n` is off
/// from the exact product by at most half an ulp of a number below 10^15
/// (0.0625): when its fraction is more than 0.07 away from one half, it
/// rounds to the same integer as the exact value does.
fn fixed_15(a: f64) -> Option<(u64, u32)> {
    if !(a.is_finite() && a > 0.0) {
        return None;
    }
    let m = a.log10().floor();
    if !(-8.0..=14.0).contains(&m) {
        return None;
    }
    let n = (14 - m as i32) as u32;
    if n > 22 {
        return None;
    }
    let r = a * 10f64.powi(n as i32);
    if !(1e14..1e15).contains(&r) || (r.fract() - 0.5).abs() <= 0.07 {
        return None;
    }
    let rounded = r.round();
    (rounded < 1e15).then_some((rounded as u64, n))
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
            1e14 + 0.5,
            123456789012345.6,
            99999999999999.97,
            0.999999999999999,
            0.9999999999999996,
            1.5e-8,
            1.234567890123456e-9,
            1.0 / 3.0,
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
