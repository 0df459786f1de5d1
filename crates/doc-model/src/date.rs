//! Calendar dates from day counts, for the timestamps the formats store
//! (FILETIME, Excel serial dates, file modification times).

/// Days since 1970-01-01 to a proleptic Gregorian (year, month, day)
/// (Howard Hinnant's `civil_from_days`).
///
/// ```
/// assert_eq!(doc_model::civil_from_days(0), (1970, 1, 1));
/// assert_eq!(doc_model::civil_from_days(-1), (1969, 12, 31));
/// assert_eq!(doc_model::civil_from_days(19_724), (2024, 1, 2));
/// ```
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Seconds since 1970-01-01 UTC as RFC 3339 in UTC with whole seconds
/// (`2024-01-02T03:04:05Z`).
///
/// ```
/// assert_eq!(doc_model::rfc3339_utc(1_704_164_645), "2024-01-02T03:04:05Z");
/// assert_eq!(doc_model::rfc3339_utc(-11_644_473_600), "1601-01-01T00:00:00Z");
/// ```
pub fn rfc3339_utc(unix_seconds: i64) -> String {
    let (days, rem) = (
        unix_seconds.div_euclid(86_400),
        unix_seconds.rem_euclid(86_400),
    );
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}
