//! FILETIME: 100-nanosecond ticks since 1601-01-01 UTC (MS-DTYP 2.3.3).

use std::fmt;

/// Ticks between 1601-01-01 and 1970-01-01.
const UNIX_EPOCH_TICKS: u64 = 116_444_736_000_000_000;
/// Ticks per second.
const TICKS_PER_SECOND: u64 = 10_000_000;
/// Seconds from 1970 to 10000-01-01: later instants have no four-digit year.
const MAX_UNIX_SECONDS: i64 = 253_402_300_800;

/// A timestamp as stored in compound files: 100 ns ticks since 1601-01-01 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileTime(pub u64);

impl FileTime {
    /// Seconds since 1970-01-01 UTC (negative before 1970), rounded down;
    /// `None` after the year 9999.
    pub fn to_unix_seconds(&self) -> Option<i64> {
        let secs = i64::try_from(self.0 / TICKS_PER_SECOND).ok()?;
        let unix = secs.checked_sub((UNIX_EPOCH_TICKS / TICKS_PER_SECOND) as i64)?;
        (unix < MAX_UNIX_SECONDS).then_some(unix)
    }

    /// The instant as RFC 3339 in UTC with whole seconds, e.g. `2024-01-02T03:04:05Z`.
    /// Instants after 9999 are clamped to `9999-12-31T23:59:59Z`.
    pub fn to_rfc3339(&self) -> String {
        doc_model::rfc3339_utc(self.to_unix_seconds().unwrap_or(MAX_UNIX_SECONDS - 1))
    }
}

impl fmt::Display for FileTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_rfc3339())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_known_instants() {
        let t = FileTime(UNIX_EPOCH_TICKS);
        assert_eq!(t.to_unix_seconds(), Some(0));
        assert_eq!(t.to_rfc3339(), "1970-01-01T00:00:00Z");
        // 2024-01-02T03:04:05Z = 1704164645 s
        let t = FileTime(UNIX_EPOCH_TICKS + 1_704_164_645 * TICKS_PER_SECOND + 9_999_999);
        assert_eq!(t.to_rfc3339(), "2024-01-02T03:04:05Z");
        assert_eq!(FileTime(0).to_rfc3339(), "1601-01-01T00:00:00Z");
        assert_eq!(FileTime(0).to_unix_seconds(), Some(-11_644_473_600));
        assert_eq!(FileTime(u64::MAX).to_unix_seconds(), None);
        assert_eq!(FileTime(u64::MAX).to_rfc3339(), "9999-12-31T23:59:59Z");
    }
}
