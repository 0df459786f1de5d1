//! The block and stream ciphers the schemes use: AES in ECB (Standard
//! encryption, 2.3.4.7) and CBC (Agile, 2.3.4.10) modes, and RC4 with a
//! keystream offset (2.3.5, 2.3.6).

use aes::cipher::array::Array;
use aes::cipher::block_padding::NoPadding;
use aes::cipher::{BlockCipherDecrypt, BlockModeDecrypt, InnerIvInit, KeyInit, StreamCipher};
use aes::{Aes128, Aes192, Aes256};

use crate::Error;

/// AES block size in bytes.
pub(crate) const AES_BLOCK: usize = 16;

/// An expanded AES key of 128, 192 or 256 bits.
#[derive(Clone)]
pub(crate) enum Aes {
    A128(Aes128),
    A192(Aes192),
    A256(Aes256),
}

impl std::fmt::Debug for Aes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print key material.
        let bits = match self {
            Aes::A128(_) => 128,
            Aes::A192(_) => 192,
            Aes::A256(_) => 256,
        };
        write!(f, "Aes{bits}")
    }
}

impl Aes {
    /// The cipher for a 16-, 24- or 32-byte key.
    pub(crate) fn new(key: &[u8]) -> Result<Aes, Error> {
        let bad = |_| Error::Corrupt(format!("AES key of {} bytes", key.len()));
        Ok(match key.len() {
            16 => Aes::A128(Aes128::new_from_slice(key).map_err(bad)?),
            24 => Aes::A192(Aes192::new_from_slice(key).map_err(bad)?),
            32 => Aes::A256(Aes256::new_from_slice(key).map_err(bad)?),
            n => {
                return Err(Error::Unsupported(format!(
                    "AES with a {}-bit key",
                    n.saturating_mul(8)
                )));
            }
        })
    }

    /// Decrypts whole 16-byte blocks in ECB mode; a trailing partial block is left as is.
    pub(crate) fn decrypt_ecb(&self, data: &mut [u8]) {
        let (blocks, _) = Array::slice_as_chunks_mut(data);
        match self {
            Aes::A128(c) => c.decrypt_blocks(blocks),
            Aes::A192(c) => c.decrypt_blocks(blocks),
            Aes::A256(c) => c.decrypt_blocks(blocks),
        }
    }

    /// Decrypts whole 16-byte blocks in CBC mode from `iv` (16 bytes); a
    /// trailing partial block is left as is.
    pub(crate) fn decrypt_cbc(&self, iv: &[u8], data: &mut [u8]) {
        let whole = data.len() / AES_BLOCK * AES_BLOCK;
        let Some(buf) = data.get_mut(..whole) else {
            return;
        };
        let Ok(iv) = <&Array<u8, _>>::try_from(iv) else {
            return;
        };
        // NoPadding over whole blocks cannot fail; the results are ignored for that reason.
        match self {
            Aes::A128(c) => {
                let _ = cbc::Decryptor::<Aes128>::inner_iv_init(c.clone(), iv)
                    .decrypt_padded::<NoPadding>(buf);
            }
            Aes::A192(c) => {
                let _ = cbc::Decryptor::<Aes192>::inner_iv_init(c.clone(), iv)
                    .decrypt_padded::<NoPadding>(buf);
            }
            Aes::A256(c) => {
                let _ = cbc::Decryptor::<Aes256>::inner_iv_init(c.clone(), iv)
                    .decrypt_padded::<NoPadding>(buf);
            }
        }
    }
}

/// XORs `data` with the RC4 keystream of `key` starting `skip` bytes into it.
pub(crate) fn rc4_apply(key: &[u8], skip: u64, data: &mut [u8]) {
    let Ok(mut c) = rc4::Rc4::new_from_slice(key) else {
        return;
    };
    let mut scratch = [0u8; 1024];
    let mut left = skip;
    while left > 0 {
        let n = left.min(scratch.len() as u64) as usize;
        if let Some(s) = scratch.get_mut(..n) {
            c.apply_keystream(s);
        }
        left -= n as u64;
    }
    c.apply_keystream(data);
}

#[cfg(test)]
mod tests {
    use super::*;
    use aes::cipher::{BlockCipherEncrypt, BlockModeEncrypt, KeyIvInit};

    #[test]
    fn ecb_inverts_fips_197_vector() {
        // FIPS-197 appendix C.1.
        let key: Vec<u8> = (0u8..16).collect();
        let mut ct = [
            0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4,
            0xc5, 0x5a,
        ];
        Aes::new(&key).unwrap().decrypt_ecb(&mut ct);
        let pt: Vec<u8> = (0u8..16).map(|i| i * 0x11).collect();
        assert_eq!(ct.to_vec(), pt);
    }

    #[test]
    fn cbc_round_trips_with_every_key_size() {
        for n in [16usize, 24, 32] {
            let key = vec![7u8; n];
            let iv = [3u8; 16];
            let plain: Vec<u8> = (0..64u8).collect();
            let mut buf = plain.clone();
            match n {
                16 => {
                    cbc::Encryptor::<Aes128>::new_from_slices(&key, &iv)
                        .unwrap()
                        .encrypt_padded::<NoPadding>(&mut buf, 64)
                        .unwrap();
                }
                24 => {
                    cbc::Encryptor::<Aes192>::new_from_slices(&key, &iv)
                        .unwrap()
                        .encrypt_padded::<NoPadding>(&mut buf, 64)
                        .unwrap();
                }
                _ => {
                    cbc::Encryptor::<Aes256>::new_from_slices(&key, &iv)
                        .unwrap()
                        .encrypt_padded::<NoPadding>(&mut buf, 64)
                        .unwrap();
                }
            }
            assert_ne!(buf, plain);
            buf.push(0xAA); // a trailing partial block stays as it is
            Aes::new(&key).unwrap().decrypt_cbc(&iv, &mut buf);
            assert_eq!(&buf[..64], &plain[..]);
            assert_eq!(buf[64], 0xAA);
        }
        let c = Aes128::new_from_slice(&[0; 16]).unwrap();
        let mut b = Array::from([0u8; 16]);
        c.encrypt_block(&mut b);
        assert!(matches!(Aes::new(&[0; 20]), Err(Error::Unsupported(_))));
    }

    #[test]
    fn rc4_matches_rfc_6229_and_skips() {
        // RFC 6229, key 0x0102030405 (40 bits): keystream starts b2 39 63 05.
        let mut z = [0u8; 4];
        rc4_apply(&[1, 2, 3, 4, 5], 0, &mut z);
        assert_eq!(z, [0xb2, 0x39, 0x63, 0x05]);
        let mut full = [0u8; 3000];
        rc4_apply(b"Key", 0, &mut full);
        let mut tail = [0u8; 10];
        rc4_apply(b"Key", 2500, &mut tail);
        assert_eq!(tail, full[2500..2510]);
    }
}
