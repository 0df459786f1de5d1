//! Decimal digits of a number as Excel sees it: at most 15 significant
//! digits, then rounded half away from zero to what a format shows.
//!
//! Excel keeps 15 significant digits and rounds the decimal text, so
//! `2.675` shown with `0.00` is `2.68` although the double just below it is
//! stored; a binary round-to-even (Rust's `{:.2}`) would print `2.67`.

/// A non-negative number as decimal digits: `0.d1 d2 d3 … × 10^exp`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decimal {
    /// Significant digits (0–9), no leading or trailing zeros; empty for zero.
    digits: Vec<u8>,
    /// Position of the decimal point: the value is `0.digits × 10^exp`.
    exp: i32,
}

/// Excel's precision: 15 significant digits.
const EXCEL_DIGITS: usize = 15;

impl Decimal {
    /// The absolute value of `v` (finite) with 15 significant digits.
    pub(crate) fn from_f64(v: f64) -> Decimal {
        let a = v.abs();
        if a == 0.0 || !a.is_finite() {
            return Decimal::zero();
        }
        if a.fract() == 0.0 && a < 1e15 {
            // Whole numbers of up to 15 digits: their digits, no rounding.
            let mut n = a as u64;
            let mut digits = Vec::with_capacity(16);
            while n > 0 {
                digits.push((n % 10) as u8);
                n /= 10;
            }
            digits.reverse();
            let exp = digits.len() as i32;
            return Decimal { digits, exp }.normalised();
        }
        // `{:.14e}` rounds the exact binary value correctly to 15 digits.
        let s = format!("{:.*e}", EXCEL_DIGITS - 1, a);
        let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
        let e: i32 = exponent.parse().unwrap_or(0);
        let digits: Vec<u8> = mantissa
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| b - b'0')
            .collect();
        Decimal { digits, exp: e + 1 }.normalised()
    }

    /// [`fixed_fast_int`](Self::fixed_fast_int) as a `Decimal`.
    #[cfg(test)]
    pub(crate) fn fixed_fast(a: f64, k: i32, n: u32) -> Option<Decimal> {
        let int = Decimal::fixed_fast_int(a, k, n)?;
        Some(Decimal::from_f64(int as f64).shifted(-(n as i32)))
    }

    /// `a` (non-negative) × 10^`k`, rounded half away from zero to `n`
    /// decimals, as the integer `round(a × 10^(k+n))` (the digits with the
    /// point `n` places from the right), without the 15-digit text: when `a × 10^(k+n)` is below
    /// 1e8 the 15-digit rounding moves it by less than 5e-7, so away from a
    /// tie (more than 1e-6 from .5) both roundings agree. `None` otherwise.
    pub(crate) fn fixed_fast_int(a: f64, k: i32, n: u32) -> Option<u64> {
        if n > 9 || !a.is_finite() || a < 0.0 {
            return None;
        }
        let r = a * 10f64.powi(k + n as i32);
        if r.is_nan() || r >= 1e8 {
            return None;
        }
        if (r.fract() - 0.5).abs() <= 1e-6 {
            return None;
        }
        Some(r.round() as u64)
    }

    /// Zero.
    pub(crate) fn zero() -> Decimal {
        Decimal {
            digits: Vec::new(),
            exp: 0,
        }
    }

    /// Whether the value is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// The exponent `e` of the first significant digit: the value lies in
    /// `[10^e, 10^(e+1))`. Zero gives 0.
    pub(crate) fn magnitude(&self) -> i32 {
        if self.is_zero() { 0 } else { self.exp - 1 }
    }

    fn normalised(mut self) -> Decimal {
        let lead = self.digits.iter().take_while(|&&d| d == 0).count();
        self.digits.drain(..lead);
        self.exp -= lead as i32;
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.exp = 0;
        }
        self
    }

    /// Rounds half away from zero, keeping `keep` leading digits (may be
    /// zero or negative: everything is dropped, and a carry may make `1`).
    fn round_at(&self, keep: i64) -> Decimal {
        if keep >= self.digits.len() as i64 {
            return self.clone();
        }
        if keep < 0 {
            return Decimal::zero();
        }
        let keep = keep as usize;
        let round_up = self.digits.get(keep).is_some_and(|&d| d >= 5);
        let mut digits: Vec<u8> = self.digits.get(..keep).unwrap_or_default().to_vec();
        let mut exp = self.exp;
        if round_up {
            let mut i = digits.len();
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    exp += 1;
                    break;
                }
                i -= 1;
                if let Some(d) = digits.get_mut(i) {
                    if *d == 9 {
                        *d = 0;
                    } else {
                        *d += 1;
                        break;
                    }
                }
            }
        }
        Decimal { digits, exp }.normalised()
    }

    /// Rounded to `n` digits after the decimal point.
    pub(crate) fn round_fraction(&self, n: u32) -> Decimal {
        self.round_at(i64::from(self.exp) + i64::from(n))
    }

    /// Rounded to `n` significant digits.
    pub(crate) fn round_significant(&self, n: u32) -> Decimal {
        self.round_at(i64::from(n))
    }

    /// The value times `10^k`.
    pub(crate) fn shifted(&self, k: i32) -> Decimal {
        if self.is_zero() {
            return self.clone();
        }
        Decimal {
            digits: self.digits.clone(),
            exp: self.exp.saturating_add(k),
        }
    }

    /// The digits before the decimal point, without leading zeros (`""`
    /// when the value is below 1).
    pub(crate) fn integer_digits(&self) -> String {
        if self.exp <= 0 {
            return String::new();
        }
        let n = self.exp as usize;
        let mut s: String = self
            .digits
            .iter()
            .take(n)
            .map(|d| char::from(b'0' + d))
            .collect();
        while s.len() < n {
            s.push('0');
        }
        s
    }

    /// Exactly `n` digits after the decimal point (no rounding: call
    /// [`round_fraction`](Self::round_fraction) first).
    pub(crate) fn fraction_digits(&self, n: usize) -> String {
        (0..n)
            .map(|i| {
                let pos = i as i64 + i64::from(self.exp);
                let d = usize::try_from(pos)
                    .ok()
                    .and_then(|p| self.digits.get(p).copied())
                    .unwrap_or(0);
                char::from(b'0' + d)
            })
            .collect()
    }

    /// All digits after the decimal point, without trailing zeros.
    pub(crate) fn all_fraction_digits(&self) -> String {
        let n = (self.digits.len() as i64 - i64::from(self.exp)).max(0) as usize;
        self.fraction_digits(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(v: f64, n: u32) -> String {
        let d = Decimal::from_f64(v).round_fraction(n);
        let i = d.integer_digits();
        let f = d.fraction_digits(n as usize);
        format!("{}.{f}", if i.is_empty() { "0" } else { &i })
    }

    #[test]
    fn rounds_the_decimal_text_half_away_from_zero() {
        assert_eq!(fixed(2.675, 2), "2.68");
        assert_eq!(fixed(1.005, 2), "1.01");
        assert_eq!(fixed(0.125, 2), "0.13");
        assert_eq!(fixed(9.995, 2), "10.00");
        assert_eq!(fixed(0.1 + 0.2, 17), "0.30000000000000000");
        assert_eq!(fixed(0.0004, 3), "0.000");
        assert_eq!(fixed(0.0005, 3), "0.001");
        assert_eq!(fixed(999.5, 0), "1000.");
    }

    #[test]
    fn the_fast_path_agrees_with_the_decimal_text() {
        for &(v, k, n) in &[
            (2.675, 0, 2),
            (1234.5678, 0, 2),
            (0.125, 2, 1),
            (0.07, 2, 0),
            (99999.99, 0, 1),
            (12345.0, -3, 1),
            (0.000_123_4, 0, 4),
        ] {
            let slow = Decimal::from_f64(v).shifted(k).round_fraction(n);
            if let Some(fast) = Decimal::fixed_fast(v, k, n) {
                assert_eq!(fast, slow, "{v} {k} {n}");
            }
        }
        let mut rng = testkit::rng::Rng::new(9);
        for _ in 0..50_000 {
            let v = (rng.next_u64() % 10_000_000) as f64 / 10f64.powi(rng.below(8) as i32);
            let (k, n) = (rng.below(3) as i32 * 2 - 2, rng.below(5) as u32);
            if let Some(fast) = Decimal::fixed_fast(v, k, n) {
                assert_eq!(
                    fast,
                    Decimal::from_f64(v).shifted(k).round_fraction(n),
                    "{v} {k} {n}"
                );
            }
        }
        assert!(Decimal::fixed_fast(2.675, 0, 2).is_none());
        assert!(Decimal::fixed_fast(1e9, 0, 2).is_none());
    }

    #[test]
    fn digits_and_magnitude() {
        let d = Decimal::from_f64(1234.5);
        assert_eq!(d.integer_digits(), "1234");
        assert_eq!(d.all_fraction_digits(), "5");
        assert_eq!(d.magnitude(), 3);
        assert_eq!(Decimal::from_f64(0.00123).magnitude(), -3);
        assert_eq!(Decimal::from_f64(1e20).integer_digits().len(), 21);
        let r = Decimal::from_f64(123.456).round_significant(4);
        assert_eq!(
            (r.integer_digits(), r.all_fraction_digits()),
            ("123".into(), "5".into())
        );
        assert!(Decimal::from_f64(0.0).is_zero());
        assert_eq!(Decimal::from_f64(0.4).round_fraction(0), Decimal::zero());
        assert_eq!(Decimal::from_f64(5.0).shifted(2).integer_digits(), "500");
    }
}
