//! Date and time sections: serial numbers in the 1900 system (with Lotus'
//! phantom 29 February 1900) and the 1904 system, elapsed time, AM/PM, the
//! Japanese and Taiwanese eras (ECMA-376 Part 1, 18.17.4 dates; 18.8.31).

use crate::Locale;
use crate::parse::{DatePart, Token};

/// The largest serial Excel shows as a date: 9999-12-31 in the 1900 system.
const MAX_SERIAL_1900: f64 = 2_958_466.0;
/// Days from 1900-01-00 to 1904-01-01 in the 1900 system's numbering.
const DAYS_1904: i64 = 1462;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const JA_WEEKDAYS: [&str; 7] = ["日", "月", "火", "水", "木", "金", "土"];

/// A calendar date and a time of day from a serial number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateTime {
    /// The year (1900–9999).
    pub year: i32,
    /// The month, 1–12.
    pub month: u32,
    /// The day, 1–31 (0 for Excel's serial 0, "1900-01-00").
    pub day: u32,
    /// Day of the week, 0 = Sunday (as Excel counts, so serials before
    /// 1900-03-01 are one day off the real calendar, like Excel's).
    pub weekday: u32,
    /// Hour, 0–23.
    pub hour: u32,
    /// Minute, 0–59.
    pub minute: u32,
    /// Second, 0–59.
    pub second: u32,
    /// Milliseconds, 0–999.
    pub millisecond: u32,
}

/// The date and time of `serial` (`date1904`: the Mac 1904 system),
/// rounded to the millisecond; `None` below 0 or after 9999-12-31.
pub fn serial_to_datetime(serial: f64, date1904: bool) -> Option<DateTime> {
    split(serial, date1904, 3).map(|(dt, _)| dt)
}

/// The date and time of `serial` rounded to `10^-subsec` seconds, and the
/// total count of those units (for elapsed `[h]`, `[m]`, `[s]`).
fn split(serial: f64, date1904: bool, subsec: u32) -> Option<(DateTime, i64)> {
    let limit = if date1904 {
        MAX_SERIAL_1900 - DAYS_1904 as f64
    } else {
        MAX_SERIAL_1900
    };
    if !serial.is_finite() || serial < 0.0 || serial >= limit {
        return None;
    }
    let unit = 10i64.pow(subsec);
    let per_day = 86_400 * unit;
    let total = (serial * per_day as f64).round() as i64;
    let days = total.div_euclid(per_day);
    let rem = total.rem_euclid(per_day);
    let days_1900 = if date1904 { days + DAYS_1904 } else { days };
    let (year, month, day) = civil_1900(days_1900);
    if year > 9999 {
        return None;
    }
    let secs = rem / unit;
    let frac = rem % unit;
    let millisecond = (frac * 1000 / unit) as u32;
    Some((
        DateTime {
            year,
            month,
            day,
            weekday: ((days_1900 + 6) % 7) as u32,
            hour: (secs / 3600) as u32,
            minute: (secs / 60 % 60) as u32,
            second: (secs % 60) as u32,
            millisecond,
        },
        total,
    ))
}

/// Year, month, day of a day number in the 1900 system, with serial 60 as
/// 1900-02-29 and serial 0 as 1900-01-00, as Excel shows them.
fn civil_1900(days: i64) -> (i32, u32, u32) {
    match days {
        0 => (1900, 1, 0),
        60 => (1900, 2, 29),
        d => {
            // Days since 1970-01-01: serial 25569 is 1970-01-01.
            let d = if d < 60 { d + 1 } else { d };
            let (y, m, d) = doc_model::civil_from_days(d - 25_569);
            (y as i32, m, d)
        }
    }
}

/// A Japanese era: first day (y, m, d), initial and full name (whose first
/// character is the one-character form, 令 of 令和).
struct Era {
    start: (i32, u32, u32),
    initial: &'static str,
    name: &'static str,
}

const fn era(start: (i32, u32, u32), initial: &'static str, name: &'static str) -> Era {
    Era {
        start,
        initial,
        name,
    }
}

const JAPANESE_ERAS: [Era; 5] = [
    era((2019, 5, 1), "R", "令和"),
    era((1989, 1, 8), "H", "平成"),
    era((1926, 12, 25), "S", "昭和"),
    era((1912, 7, 30), "T", "大正"),
    era((1868, 1, 1), "M", "明治"),
];

/// Which calendar `e` and `g` follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Calendar {
    Gregorian,
    Japanese,
    Taiwan,
}

/// Renders a date section, appending to `out`; `false`, with nothing
/// appended, when the serial is not a date Excel can show (negative, or
/// after 9999-12-31): Excel fills the cell with `#`.
pub(crate) fn render(
    tokens: &[Token],
    serial: f64,
    date1904: bool,
    lcid: Option<u16>,
    locale: Locale,
    out: &mut String,
) -> bool {
    let subsec = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Date(DatePart::SubSecond(n)) => Some(u32::from(*n)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let Some((dt, total)) = split(serial, date1904, subsec) else {
        return false;
    };
    let unit = 10i64.pow(subsec);
    let twelve_hour = tokens
        .iter()
        .any(|t| matches!(t, Token::Date(DatePart::AmPm(..))));
    let calendar = match lcid {
        Some(0x0411) => Calendar::Japanese,
        Some(0x0404) => Calendar::Taiwan,
        Some(_) => Calendar::Gregorian,
        None => match locale {
            Locale::JaJp => Calendar::Japanese,
            Locale::ZhTw => Calendar::Taiwan,
            _ => Calendar::Gregorian,
        },
    };
    let era = JAPANESE_ERAS
        .iter()
        .find(|e| (dt.year, dt.month, dt.day) >= e.start);
    for t in tokens {
        match t {
            Token::Literal(s) => out.push_str(s),
            Token::Text => {}
            Token::Date(p) => match *p {
                DatePart::Year(2) => push_padded(out, dt.year.rem_euclid(100), 2),
                DatePart::Year(_) => push_padded(out, dt.year, 4),
                DatePart::Month(n) => {
                    let name = MONTHS
                        .get(dt.month.saturating_sub(1) as usize)
                        .copied()
                        .unwrap_or("");
                    match n {
                        1 => push_padded(out, dt.month as i32, 1),
                        2 => push_padded(out, dt.month as i32, 2),
                        3 => out.push_str(name.get(..3).unwrap_or(name)),
                        4 => out.push_str(name),
                        _ => out.push_str(name.get(..1).unwrap_or(name)),
                    }
                }
                DatePart::Minute(n) => push_padded(out, dt.minute as i32, usize::from(n)),
                DatePart::Day(n) => {
                    let name = WEEKDAYS.get(dt.weekday as usize).copied().unwrap_or("");
                    match n {
                        1 => push_padded(out, dt.day as i32, 1),
                        2 => push_padded(out, dt.day as i32, 2),
                        3 => out.push_str(name.get(..3).unwrap_or(name)),
                        _ => out.push_str(name),
                    }
                }
                DatePart::Hour(n) => {
                    let h = if twelve_hour {
                        match dt.hour % 12 {
                            0 => 12,
                            h => h,
                        }
                    } else {
                        dt.hour
                    };
                    push_padded(out, h as i32, usize::from(n));
                }
                DatePart::Second(n) => push_padded(out, dt.second as i32, usize::from(n)),
                DatePart::SubSecond(n) => {
                    let frac = total.rem_euclid(unit);
                    // Rounded to `subsec` digits, shown with `n` of them.
                    let digits = format!("{:0width$}", frac, width = subsec as usize);
                    out.push('.');
                    out.push_str(digits.get(..usize::from(n)).unwrap_or(&digits));
                }
                DatePart::ElapsedHours(n) => {
                    push_padded_i64(out, total / (3600 * unit), usize::from(n));
                }
                DatePart::ElapsedMinutes(n) => {
                    push_padded_i64(out, total / (60 * unit), usize::from(n));
                }
                DatePart::ElapsedSeconds(n) => {
                    push_padded_i64(out, total / unit, usize::from(n));
                }
                DatePart::AmPm(am, pm) => out.push_str(if dt.hour < 12 { am } else { pm }),
                DatePart::EraYear(n) => {
                    let year = match calendar {
                        Calendar::Japanese => era.map_or(dt.year, |e| dt.year - e.start.0 + 1),
                        Calendar::Taiwan => dt.year - 1911,
                        Calendar::Gregorian => dt.year,
                    };
                    push_padded(out, year, usize::from(n));
                }
                DatePart::EraName(n) => match (calendar, era) {
                    (Calendar::Japanese, Some(e)) => out.push_str(match n {
                        1 => e.initial,
                        2 => {
                            let first = e.name.chars().next().map_or(0, char::len_utf8);
                            e.name.get(..first).unwrap_or(e.name)
                        }
                        _ => e.name,
                    }),
                    (Calendar::Taiwan, _) => out.push_str("民國"),
                    _ => {}
                },
                DatePart::BuddhistYear(n) => {
                    let y = dt.year + 543;
                    if n == 2 {
                        push_padded(out, y.rem_euclid(100), 2);
                    } else {
                        push_padded(out, y, 4);
                    }
                }
                DatePart::JapaneseWeekday(n) => {
                    let d = JA_WEEKDAYS.get(dt.weekday as usize).copied().unwrap_or("");
                    out.push_str(d);
                    if n >= 4 {
                        out.push_str("曜日");
                    }
                }
            },
            _ => {}
        }
    }
    true
}

fn push_padded(out: &mut String, v: i32, width: usize) {
    push_padded_i64(out, i64::from(v), width);
}

/// `v` in decimal, zero-padded to `width` digits (without `format!`: this
/// runs for every date cell).
fn push_padded_i64(out: &mut String, v: i64, width: usize) {
    if v < 0 {
        out.push('-');
    }
    let mut n = v.unsigned_abs();
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for _ in (buf.len() - i)..width.min(64) {
        out.push('0');
    }
    out.extend(buf[i..].iter().map(|&b| char::from(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(serial: f64, date1904: bool) -> (i32, u32, u32) {
        let d = serial_to_datetime(serial, date1904).unwrap();
        (d.year, d.month, d.day)
    }

    #[test]
    fn the_1900_system_with_its_leap_year_bug() {
        assert_eq!(ymd(0.0, false), (1900, 1, 0));
        assert_eq!(ymd(1.0, false), (1900, 1, 1));
        assert_eq!(ymd(59.0, false), (1900, 2, 28));
        assert_eq!(ymd(60.0, false), (1900, 2, 29));
        assert_eq!(ymd(61.0, false), (1900, 3, 1));
        assert_eq!(ymd(39045.0, false), (2006, 11, 24));
        assert_eq!(ymd(2_958_465.0, false), (9999, 12, 31));
        assert!(serial_to_datetime(2_958_466.0, false).is_none());
        assert!(serial_to_datetime(-1.0, false).is_none());
        // Excel's WEEKDAY(1) is a Sunday; 2024-01-01 was a Monday.
        assert_eq!(serial_to_datetime(1.0, false).unwrap().weekday, 0);
        assert_eq!(serial_to_datetime(45292.0, false).unwrap().weekday, 1);
    }

    #[test]
    fn the_1904_system() {
        assert_eq!(ymd(0.0, true), (1904, 1, 1));
        assert_eq!(ymd(37583.0, true), (2006, 11, 24));
        assert_eq!(serial_to_datetime(0.0, true).unwrap().weekday, 5);
    }

    #[test]
    fn times_round_to_the_millisecond() {
        let t = serial_to_datetime(0.5 + 1.0 / 86_400_000.0 * 0.4, false).unwrap();
        assert_eq!((t.hour, t.minute, t.second, t.millisecond), (12, 0, 0, 0));
        let t = serial_to_datetime(45_292.999_999_999_9, false).unwrap();
        assert_eq!((t.year, t.month, t.day, t.hour), (2024, 1, 2, 0));
    }
}
