//! Fuzzes `office-crypto`: a whole compound file through the OOXML,
//! Excel and Word entry points (password `secret`, then the defaults), and
//! the same bytes as raw headers — an `EncryptionInfo` split from an
//! `EncryptedPackage`, a FILEPASS record, a binary encryption header —
//! so the header parsers see what the container would reject. Spin counts
//! are capped low to keep executions fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use office_crypto::{Decryptor, Options, doc, ooxml, ppt, xls};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::with_password("secret");
    options.limits.max_spin_count = 5_000;
    options.limits.max_output_bytes = 16 << 20;

    if let Ok(cf) = ole_cfb_read::CompoundFile::open(data) {
        let _ = ooxml::decrypt_with(&cf, &options);
        if let Ok(wb) = cf.stream("Workbook") {
            let _ = xls::decrypt_workbook(&wb, &options);
        }
        if let (Ok(wd), Ok(table)) = (cf.stream("WordDocument"), cf.stream("1Table")) {
            let _ = doc::decrypt_word(&wd, &table, None, Some("secret"));
        }
        return;
    }
    let Some((head, rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    let split = usize::from(u16::from_le_bytes(*head)).min(rest.len());
    let (info, package) = rest.split_at(split);
    let _ = ooxml::decrypt_streams(info, package, &options);
    let _ = xls::decrypt_workbook(rest, &options);
    if let Ok(d) = xls::unlock(info, Some("secret")) {
        let mut buf = package.to_vec();
        d.decrypt_record(split as u64, buf.len(), &mut buf);
        d.decrypt_at(u64::from(head[0]) << 8, &mut buf);
    }
    if let Ok(d) = ppt::unlock(info, None) {
        let mut buf = package.to_vec();
        d.decrypt_block(u32::from(head[1]), 0, &mut buf);
    }
    let _ = Decryptor::unlock(rest, None, Some("secret"), 512);
});
