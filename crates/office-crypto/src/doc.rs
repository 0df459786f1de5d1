//! Word's encryption (MS-DOC 2.2.6): RC4 or RC4 CryptoAPI over 512-byte
//! blocks of the `WordDocument`, table and `Data` streams.

use crate::binary::Decryptor;
use crate::{Error, Scheme};

/// Word's stream block size.
pub const BLOCK_SIZE: u64 = 512;

/// Bytes at the start of `WordDocument` that stay in clear (the FibBase).
pub const WORD_DOCUMENT_CLEAR_PREFIX: usize = 68;

/// Finds the key of an encrypted Word 97+ document from its table stream
/// (`0Table`/`1Table`), which starts with the encryption header; its
/// length is `FibBase.lKey`, and those bytes stay in clear. Word has no
/// default password. `obfuscated` is `FibBase.fObfuscated`: XOR
/// obfuscation (method 2) is [`Error::Unsupported`].
///
/// Then decrypt with [`Decryptor::decrypt_stream`]: `WordDocument` with
/// [`WORD_DOCUMENT_CLEAR_PREFIX`], the table stream with `lKey`, `Data`
/// with 0.
pub fn unlock(
    table_stream: &[u8],
    obfuscated: bool,
    password: Option<&str>,
) -> Result<Decryptor, Error> {
    if obfuscated {
        return Err(Error::Unsupported(
            "Word XOR obfuscation (MS-OFFCRYPTO 2.3.7.4, method 2)".into(),
        ));
    }
    Decryptor::unlock(table_stream, password, None, BLOCK_SIZE)
}

/// `FibBase` flag: the document is encrypted or obfuscated.
const F_ENCRYPTED: u16 = 0x0100;
/// `FibBase` flag: XOR obfuscation rather than RC4.
const F_OBFUSCATED: u16 = 0x8000;

/// The streams of a Word document, decrypted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecryptedWord {
    /// `WordDocument`, with `fEncrypted` and `fObfuscated` cleared in its
    /// FibBase so a reader treats it as a plain document.
    pub word_document: Vec<u8>,
    /// The table stream; its first `lKey` bytes (the encryption header)
    /// are left as they were.
    pub table: Vec<u8>,
    /// The `Data` stream, if there is one.
    pub data: Option<Vec<u8>>,
    /// The scheme that was removed.
    pub scheme: Scheme,
}

/// Decrypts the streams of an encrypted Word 97+ document: `table` is the
/// stream `FibBase.fWhichTblStm` names (`1Table` or `0Table`). A document
/// whose FibBase does not have `fEncrypted` is [`Error::NotEncrypted`].
pub fn decrypt_word(
    word_document: &[u8],
    table: &[u8],
    data: Option<&[u8]>,
    password: Option<&str>,
) -> Result<DecryptedWord, Error> {
    let fib = word_document
        .get(..WORD_DOCUMENT_CLEAR_PREFIX)
        .ok_or(Error::Truncated {
            what: "FibBase",
            offset: word_document.len() as u64,
        })?;
    let flags = u16::from_le_bytes([fib[0x0A], fib[0x0B]]);
    if flags & F_ENCRYPTED == 0 {
        return Err(Error::NotEncrypted("FibBase.fEncrypted is not set".into()));
    }
    let l_key = u32::from_le_bytes([fib[0x0E], fib[0x0F], fib[0x10], fib[0x11]]);
    let decryptor = unlock(table, flags & F_OBFUSCATED != 0, password)?;
    let mut wd = word_document.to_vec();
    decryptor.decrypt_stream(&mut wd, WORD_DOCUMENT_CLEAR_PREFIX);
    let cleared = (flags & !(F_ENCRYPTED | F_OBFUSCATED)).to_le_bytes();
    wd[0x0A..0x0C].copy_from_slice(&cleared);
    let mut tb = table.to_vec();
    decryptor.decrypt_stream(&mut tb, l_key as usize);
    let data = data.map(|d| {
        let mut d = d.to_vec();
        decryptor.decrypt_stream(&mut d, 0);
        d
    });
    Ok(DecryptedWord {
        word_document: wd,
        table: tb,
        data,
        scheme: decryptor.scheme(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_short_word_documents_are_refused() {
        assert!(matches!(
            decrypt_word(&[0; 10], &[], None, None),
            Err(Error::Truncated { .. })
        ));
        assert!(matches!(
            decrypt_word(&[0; 68], &[], None, None),
            Err(Error::NotEncrypted(_))
        ));
    }

    #[test]
    fn obfuscated_documents_are_unsupported_and_need_a_password() {
        assert!(matches!(
            unlock(&[], true, None),
            Err(Error::Unsupported(_))
        ));
        let mut h = vec![1, 0, 1, 0];
        h.extend_from_slice(&[0; 48]);
        assert_eq!(
            unlock(&h, false, None).unwrap_err(),
            Error::PasswordRequired {
                scheme: Scheme::Rc4,
                default_tried: false
            }
        );
    }
}
