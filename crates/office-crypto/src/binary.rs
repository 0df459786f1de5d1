//! One decryptor for the three schemes of the binary formats (MS-OFFCRYPTO
//! 2.3.5–2.3.7): XOR obfuscation, RC4 and RC4 CryptoAPI, each decrypting a
//! byte range given where it lies in its stream.

use crate::cryptoapi::{CryptoApiHeader, CryptoApiKey};
use crate::header::Version;
use crate::rc4::{Rc4Header, Rc4Key};
use crate::xor::XorKey;
use crate::{Error, Scheme, try_passwords};

/// A verified key of a binary document, ready to decrypt its streams.
///
/// RC4 and RC4 CryptoAPI restart the keystream with a new key for every
/// block: Excel uses 1024-byte blocks over the `Workbook` stream, Word
/// 512-byte blocks over its streams, PowerPoint one block per persist
/// object (block number = persist id). [`Decryptor::decrypt_at`] follows
/// the stream blocks; [`Decryptor::decrypt_block`] addresses a block
/// directly. XOR obfuscation has no blocks: its position in the 16-byte
/// array is the stream offset (plus, in Excel, the record's length — see
/// [`Decryptor::decrypt_record`]).
#[derive(Debug, Clone)]
pub struct Decryptor {
    cipher: Cipher,
    block_size: u64,
}

#[derive(Debug, Clone)]
enum Cipher {
    Xor(XorKey),
    Rc4(Rc4Key),
    CryptoApi(CryptoApiKey),
}

impl Decryptor {
    /// A decryptor over an XOR obfuscation key.
    pub fn from_xor(key: XorKey) -> Decryptor {
        Decryptor {
            cipher: Cipher::Xor(key),
            block_size: 0,
        }
    }

    /// A decryptor over an RC4 key with `block_size`-byte stream blocks (0:
    /// the whole stream is block 0).
    pub fn from_rc4(key: Rc4Key, block_size: u64) -> Decryptor {
        Decryptor {
            cipher: Cipher::Rc4(key),
            block_size,
        }
    }

    /// A decryptor over an RC4 CryptoAPI key with `block_size`-byte stream
    /// blocks (0: the whole stream is block 0).
    pub fn from_cryptoapi(key: CryptoApiKey, block_size: u64) -> Decryptor {
        Decryptor {
            cipher: Cipher::CryptoApi(key),
            block_size,
        }
    }

    /// Reads an encryption header that starts with its EncryptionVersionInfo
    /// — RC4 (1.1) or RC4 CryptoAPI (2.2, 3.2, 4.2) — and finds the key:
    /// `password` first, then `default` (the application's default
    /// password). Fails with [`Error::WrongPassword`] when a password was
    /// given, [`Error::PasswordRequired`] when none was.
    pub fn unlock(
        header: &[u8],
        password: Option<&str>,
        default: Option<&str>,
        block_size: u64,
    ) -> Result<Decryptor, Error> {
        let version = Version::parse(header)?;
        let rest = header.get(4..).unwrap_or(&[]);
        match (version.major, version.minor) {
            (1, 1) => {
                let h = Rc4Header::parse(rest)?;
                let key = try_passwords(Scheme::Rc4, password, default, |pw| Ok(h.verify(pw)))?;
                Ok(Decryptor::from_rc4(key, block_size))
            }
            (2..=4, 2) => {
                let h = CryptoApiHeader::parse(rest)?;
                let key = try_passwords(Scheme::Rc4CryptoApi, password, default, |pw| {
                    Ok(h.verify(pw))
                })?;
                Ok(Decryptor::from_cryptoapi(key, block_size))
            }
            (major, minor) => Err(Error::Unsupported(format!(
                "binary document encryption version {major}.{minor}"
            ))),
        }
    }

    /// The scheme of the key.
    pub fn scheme(&self) -> Scheme {
        match self.cipher {
            Cipher::Xor(_) => Scheme::Xor,
            Cipher::Rc4(_) => Scheme::Rc4,
            Cipher::CryptoApi(_) => Scheme::Rc4CryptoApi,
        }
    }

    /// The stream block size in bytes (0: one block for the whole stream).
    pub fn block_size(&self) -> u64 {
        self.block_size
    }

    /// Decrypts `data`, which lies at `stream_offset` in its stream: the RC4
    /// key changes at every multiple of the block size. For XOR the array
    /// index is `stream_offset`.
    pub fn decrypt_at(&self, stream_offset: u64, data: &mut [u8]) {
        match &self.cipher {
            Cipher::Xor(k) => k.decrypt(stream_offset, data),
            _ if self.block_size == 0 => self.decrypt_block(0, stream_offset, data),
            _ => {
                let bs = self.block_size;
                let mut pos = stream_offset;
                let mut rest = data;
                while !rest.is_empty() {
                    let Ok(block) = u32::try_from(pos / bs) else {
                        return;
                    };
                    let within = pos % bs;
                    let n = usize::try_from(bs - within)
                        .unwrap_or(usize::MAX)
                        .min(rest.len());
                    let (head, tail) = rest.split_at_mut(n);
                    self.decrypt_block(block, within, head);
                    pos = pos.saturating_add(n as u64);
                    rest = tail;
                }
            }
        }
    }

    /// Decrypts (part of) an Excel record's data: `data` lies at
    /// `stream_offset` and belongs to a record whose data is `record_len`
    /// bytes long (MS-XLS 2.2.10: the XOR array index is the stream offset
    /// plus the record length; RC4 ignores the length).
    pub fn decrypt_record(&self, stream_offset: u64, record_len: usize, data: &mut [u8]) {
        match &self.cipher {
            Cipher::Xor(k) => k.decrypt(stream_offset.wrapping_add(record_len as u64), data),
            _ => self.decrypt_at(stream_offset, data),
        }
    }

    /// Decrypts `data`, which starts `offset_in_block` bytes into block
    /// `block` (PowerPoint: block = persist id, offset 0 at the record
    /// header). For XOR the array index is `offset_in_block`.
    pub fn decrypt_block(&self, block: u32, offset_in_block: u64, data: &mut [u8]) {
        match &self.cipher {
            Cipher::Xor(k) => k.decrypt(offset_in_block, data),
            Cipher::Rc4(k) => k.decrypt_block(block, offset_in_block, data),
            Cipher::CryptoApi(k) => k.decrypt_block(block, offset_in_block, data),
        }
    }

    /// Decrypts a whole stream in place, leaving its first `plain_prefix`
    /// bytes as they are (Word: the 68-byte FibBase of `WordDocument`, the
    /// encryption header at the start of the table stream) while counting
    /// them in the keystream position.
    pub fn decrypt_stream(&self, stream: &mut [u8], plain_prefix: usize) {
        if let Some(rest) = stream.get_mut(plain_prefix..) {
            self.decrypt_at(plain_prefix as u64, rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cipher::rc4_apply;

    #[test]
    fn stream_blocks_rekey_at_the_block_size() {
        let key = Rc4Key::derive("pw", &[1; 16]);
        let d = Decryptor::from_rc4(key.clone(), 1024);
        let mut data = vec![0u8; 3000];
        d.decrypt_at(100, &mut data);
        // Bytes 100..1024 of block 0, then block 1 from its start.
        let mut b0 = vec![0u8; 924];
        rc4_apply(&key.block_key(0), 100, &mut b0);
        let mut b1 = vec![0u8; 1024];
        rc4_apply(&key.block_key(1), 0, &mut b1);
        assert_eq!(&data[..924], &b0[..]);
        assert_eq!(&data[924..1948], &b1[..]);
        // A range that starts mid-stream gives the same bytes.
        let mut mid = vec![0u8; 10];
        d.decrypt_at(1500, &mut mid);
        assert_eq!(mid, data[1400..1410]);
        assert_eq!(d.scheme(), Scheme::Rc4);
        assert_eq!(d.block_size(), 1024);
    }

    #[test]
    fn block_size_zero_is_one_keystream() {
        let key = CryptoApiKey::derive("pw", &[1; 16], 128);
        let d = Decryptor::from_cryptoapi(key.clone(), 0);
        let mut a = vec![0u8; 5000];
        d.decrypt_at(0, &mut a);
        let mut b = vec![0u8; 5000];
        key.decrypt_block(0, 0, &mut b);
        assert_eq!(a, b);
    }

    #[test]
    fn plain_prefix_is_kept_and_counted() {
        let d = Decryptor::from_rc4(Rc4Key::derive("pw", &[1; 16]), 512);
        let mut whole = vec![0u8; 1000];
        d.decrypt_at(0, &mut whole);
        let mut s = vec![0u8; 1000];
        d.decrypt_stream(&mut s, 68);
        assert_eq!(&s[..68], &[0; 68]);
        assert_eq!(&s[68..], &whole[68..]);
        d.decrypt_stream(&mut s, 5000); // a prefix past the end changes nothing
    }

    #[test]
    fn xor_record_index_adds_the_record_length() {
        let key = XorKey::derive("abc").unwrap();
        let d = Decryptor::from_xor(key.clone());
        let mut a = [1u8, 2, 3];
        d.decrypt_record(20, 10, &mut a);
        let mut b = [1u8, 2, 3];
        key.decrypt(30, &mut b);
        assert_eq!(a, b);
        assert_eq!(d.scheme(), Scheme::Xor);
    }

    #[test]
    fn unknown_versions_are_unsupported_and_short_headers_truncated() {
        assert!(matches!(
            Decryptor::unlock(&[3, 0, 3, 0, 0, 0], None, None, 512),
            Err(Error::Unsupported(_))
        ));
        assert!(matches!(
            Decryptor::unlock(&[1, 0], None, None, 512),
            Err(Error::Truncated { .. })
        ));
        assert!(matches!(
            Decryptor::unlock(&[1, 0, 1, 0, 0], None, None, 512),
            Err(Error::Truncated { .. })
        ));
    }
}
