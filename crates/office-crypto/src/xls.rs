//! Excel's encryption (MS-XLS 2.2.10, 2.4.117 FilePass): unlocking a
//! FILEPASS record and decrypting a whole `Workbook`/`Book` stream.

use crate::binary::Decryptor;
use crate::xor::XorKey;
use crate::{EXCEL_DEFAULT_PASSWORD, Error, Options, Scheme, Warning, WarningKind, try_passwords};

/// Record type of FILEPASS.
pub const FILEPASS: u16 = 0x002F;
/// Record type of BOF (BIFF5 and BIFF8).
pub const BOF: u16 = 0x0809;
/// Record type of EOF.
pub const EOF: u16 = 0x000A;
/// Record type of BOUNDSHEET, whose first four bytes (`lbPlyPos`) stay in clear.
pub const BOUNDSHEET: u16 = 0x0085;
/// Excel's stream block size for RC4 and RC4 CryptoAPI.
pub const BLOCK_SIZE: u64 = 1024;

/// Records never encrypted (MS-XLS 2.2.10): BOF, FilePass, UsrExcl,
/// FileLock, InterfaceHdr, RRDInfo, RRDHead.
const CLEAR: [u16; 7] = [BOF, FILEPASS, 0x0194, 0x0195, 0x00E1, 0x0196, 0x0138];

/// Finds the key of a FILEPASS record's data: `wEncryptionType` 0 (XOR
/// obfuscation) or 1 (RC4, RC4 CryptoAPI) in BIFF8, or BIFF5's four bytes
/// of XOR key and verifier. `password` is tried first, then Excel's
/// default `VelvetSweatshop`.
pub fn unlock(filepass: &[u8], password: Option<&str>) -> Result<Decryptor, Error> {
    let word = |at: usize| {
        filepass
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or(Error::Truncated {
                what: "FILEPASS record",
                offset: at as u64,
            })
    };
    let default = Some(EXCEL_DEFAULT_PASSWORD);
    let xor = |verifier: u16| {
        try_passwords(Scheme::Xor, password, default, |pw| {
            Ok(XorKey::from_password(pw, verifier))
        })
        .map(Decryptor::from_xor)
    };
    if filepass.len() == 4 {
        // BIFF5: key, verifier.
        return xor(word(2)?);
    }
    match word(0)? {
        0 => xor(word(4)?),
        1 => Decryptor::unlock(
            filepass.get(2..).unwrap_or(&[]),
            password,
            default,
            BLOCK_SIZE,
        ),
        t => Err(Error::Unsupported(format!("FILEPASS encryption type {t}"))),
    }
}

/// A stream decrypted as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecryptedStream {
    /// The stream with every encrypted byte decrypted, the same length as
    /// the input. Records that are never encrypted (BOF, FILEPASS, …) are
    /// unchanged: a reader skips FILEPASS as it would in a plain file.
    pub data: Vec<u8>,
    /// The scheme that was removed.
    pub scheme: Scheme,
    /// Defects met on the way.
    pub warnings: Vec<Warning>,
}

/// Decrypts a BIFF5/BIFF8 `Workbook` (or `Book`) stream: finds FILEPASS in
/// the globals substream, unlocks it with `options.password` or the
/// default password, and decrypts the data of every later record except
/// those MS-XLS 2.2.10 leaves in clear (and BOUNDSHEET's `lbPlyPos`).
/// Record headers are never encrypted. A record running past the end of
/// the stream is decrypted as far as it goes, with a warning.
pub fn decrypt_workbook(stream: &[u8], options: &Options) -> Result<DecryptedStream, Error> {
    if stream.len() as u64 > options.limits.max_output_bytes {
        return Err(Error::LimitExceeded {
            what: "workbook stream size",
            limit: options.limits.max_output_bytes,
        });
    }
    // The FILEPASS of the globals substream: before its first EOF.
    let mut filepass = None;
    for rec in Records::new(stream) {
        match rec.kind {
            FILEPASS => {
                filepass = Some(rec);
                break;
            }
            EOF => break,
            _ => {}
        }
    }
    let Some(fp) = filepass else {
        return Err(Error::NotEncrypted(
            "the workbook's globals have no FILEPASS record".into(),
        ));
    };
    let fp_data = stream.get(fp.data_start..fp.data_end).unwrap_or(&[]);
    let decryptor = unlock(fp_data, options.password.as_deref())?;
    let mut data = stream.to_vec();
    let mut warnings = Vec::new();
    for (i, rec) in Records::new(stream).enumerate() {
        if i % 4096 == 0 && doc_model::deadline_passed(options.limits.deadline) {
            return Err(Error::Deadline("decrypting the workbook"));
        }
        if rec.data_start <= fp.data_start || CLEAR.contains(&rec.kind) {
            continue;
        }
        if rec.data_end - rec.data_start < rec.declared_len {
            warnings.push(Warning::new(
                WarningKind::Stream,
                format!(
                    "record {:#06x} declares {} bytes but the stream ends after {}; decrypted what is there",
                    rec.kind,
                    rec.declared_len,
                    rec.data_end - rec.data_start
                ),
                Some(rec.data_start as u64 - 4),
            ));
        }
        let skip = if rec.kind == BOUNDSHEET { 4 } else { 0 };
        let start = (rec.data_start + skip).min(rec.data_end);
        if let Some(slice) = data.get_mut(start..rec.data_end) {
            decryptor.decrypt_record(start as u64, rec.declared_len, slice);
        }
    }
    Ok(DecryptedStream {
        data,
        scheme: decryptor.scheme(),
        warnings,
    })
}

/// One record's place in the stream.
#[derive(Debug, Clone, Copy)]
struct Record {
    kind: u16,
    declared_len: usize,
    data_start: usize,
    /// `data_start + declared_len`, cut at the end of the stream.
    data_end: usize,
}

/// The records of a BIFF stream in order; stops at a header cut short.
struct Records<'a> {
    stream: &'a [u8],
    pos: usize,
}

impl<'a> Records<'a> {
    fn new(stream: &'a [u8]) -> Self {
        Records { stream, pos: 0 }
    }
}

impl Iterator for Records<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let h = self.stream.get(self.pos..self.pos.checked_add(4)?)?;
        let kind = u16::from_le_bytes([h[0], h[1]]);
        let declared_len = usize::from(u16::from_le_bytes([h[2], h[3]]));
        let data_start = self.pos + 4;
        let data_end = data_start
            .saturating_add(declared_len)
            .min(self.stream.len());
        self.pos = data_end;
        Some(Record {
            kind,
            declared_len,
            data_start,
            data_end,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: u16, data: &[u8]) -> Vec<u8> {
        let mut r = kind.to_le_bytes().to_vec();
        r.extend_from_slice(&(data.len() as u16).to_le_bytes());
        r.extend_from_slice(data);
        r
    }

    fn xor_filepass(pw: &str) -> Vec<u8> {
        let mut d = vec![0, 0];
        d.extend_from_slice(&crate::xor::key(pw).unwrap().to_le_bytes());
        d.extend_from_slice(&crate::xor::verifier(pw).unwrap().to_le_bytes());
        d
    }

    #[test]
    fn xor_filepass_opens_with_the_default_or_the_given_password() {
        let fp = xor_filepass(EXCEL_DEFAULT_PASSWORD);
        assert_eq!(unlock(&fp, None).unwrap().scheme(), Scheme::Xor);
        assert_eq!(unlock(&fp, Some("other")).unwrap().scheme(), Scheme::Xor);
        let fp = xor_filepass("abc");
        assert!(unlock(&fp, Some("abc")).is_ok());
        assert_eq!(
            unlock(&fp, Some("abd")).unwrap_err(),
            Error::WrongPassword {
                scheme: Scheme::Xor
            }
        );
        assert_eq!(
            unlock(&fp, None).unwrap_err(),
            Error::PasswordRequired {
                scheme: Scheme::Xor,
                default_tried: true
            }
        );
        // BIFF5: the same four bytes without the type.
        assert!(unlock(&fp[2..], Some("abc")).is_ok());
    }

    #[test]
    fn unknown_type_and_short_records_are_errors() {
        assert!(matches!(
            unlock(&[2, 0, 0, 0, 0, 0], None),
            Err(Error::Unsupported(_))
        ));
        assert!(matches!(unlock(&[0], None), Err(Error::Truncated { .. })));
        assert!(matches!(
            unlock(&[0, 0, 1], None),
            Err(Error::Truncated { .. })
        ));
    }

    #[test]
    fn workbook_without_filepass_is_not_encrypted() {
        let mut s = record(BOF, &[0; 16]);
        s.extend(record(EOF, &[]));
        s.extend(record(FILEPASS, &xor_filepass("abc"))); // after EOF: not the globals'
        assert!(matches!(
            decrypt_workbook(&s, &Options::default()),
            Err(Error::NotEncrypted(_))
        ));
    }

    #[test]
    fn xor_workbook_round_trip_leaves_clear_records_alone() {
        let key = XorKey::derive(EXCEL_DEFAULT_PASSWORD).unwrap();
        let plain_label = b"\x00\x00\x00\x00\x0f\x00\x05\x00\x00hello".to_vec();
        let mut s = record(BOF, &[0x00, 0x06, 0x05, 0x00]);
        s.extend(record(FILEPASS, &xor_filepass(EXCEL_DEFAULT_PASSWORD)));
        let sheet = b"\x99\x00\x00\x00\x00\x00\x05\x00Sheet".to_vec();
        let bs_at = s.len() + 4;
        s.extend(record(BOUNDSHEET, &sheet));
        let label_at = s.len() + 4;
        s.extend(record(0x0204, &plain_label));
        s.extend(record(EOF, &[]));
        let plain = s.clone();
        // Encrypt as Excel does: rotate left 5, XOR from (offset + length).
        let enc = |s: &mut Vec<u8>, at: usize, len: usize, skip: usize| {
            for i in skip..len {
                let idx = (at + i + len) % 16;
                s[at + i] = s[at + i].rotate_left(5) ^ key.array()[idx];
            }
        };
        enc(&mut s, bs_at, sheet.len(), 4);
        enc(&mut s, label_at, plain_label.len(), 0);
        assert_ne!(s, plain);
        let out = decrypt_workbook(&s, &Options::default()).unwrap();
        assert_eq!(out.data, plain);
        assert_eq!(out.scheme, Scheme::Xor);
        assert!(out.warnings.is_empty());
    }

    #[test]
    fn record_past_the_end_is_decrypted_partly_with_a_warning() {
        let mut s = record(BOF, &[0; 4]);
        s.extend(record(FILEPASS, &xor_filepass(EXCEL_DEFAULT_PASSWORD)));
        s.extend(record(0x0204, &[1; 40]));
        s.truncate(s.len() - 30);
        let out = decrypt_workbook(&s, &Options::default()).unwrap();
        assert_eq!(out.data.len(), s.len());
        assert_eq!(out.warnings.len(), 1);
        assert_eq!(out.warnings[0].kind, WarningKind::Stream);
    }

    #[test]
    fn deadline_and_size_limits() {
        let mut s = record(BOF, &[0; 4]);
        s.extend(record(FILEPASS, &xor_filepass(EXCEL_DEFAULT_PASSWORD)));
        s.extend(record(0x0204, &[1; 4]));
        let mut o = Options::default();
        o.limits.deadline = Some(std::time::Instant::now());
        assert!(matches!(decrypt_workbook(&s, &o), Err(Error::Deadline(_))));
        let mut o = Options::default();
        o.limits.max_output_bytes = 4;
        assert!(matches!(
            decrypt_workbook(&s, &o),
            Err(Error::LimitExceeded { .. })
        ));
    }
}
