//! Fuzzes the CMap parser (as an encoding CMap and as a ToUnicode CMap,
//! whose `cid` sections are read as `bf` sections) and every lookup on
//! what it parsed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdf_cmap::{CMap, Limits};

fuzz_target!(|data: &[u8]| {
    let mut limits = Limits::default();
    limits.max_entries = 10_000;
    limits.max_unicode_codes = 100_000;
    for parsed in [
        CMap::parse_with(data, &limits),
        CMap::parse_to_unicode(data, &limits),
    ] {
        let Ok(cmap) = parsed else { continue };
        // The same bytes as a string to show: codes must cover them exactly.
        let total: usize = cmap.decode_codes(data).map(|c| usize::from(c.len)).sum();
        assert_eq!(total, data.len());
        for code in cmap.decode_codes(data).take(1000) {
            let _ = cmap.lookup_cid(code);
            let _ = cmap.lookup_unicode(code);
        }
        assert!(cmap.unicode_len() <= limits.max_unicode_codes);
    }
});
