//! The standard security handler (ISO 32000-1 §7.6.3, ISO 32000-2 §7.6.4):
//! revisions 2–4 (RC4, AESV2) and 5–6 (AESV3).

use aes::cipher::block_padding::NoPadding;
use aes::cipher::{BlockModeDecrypt, BlockModeEncrypt, KeyInit, KeyIvInit, StreamCipher};
use md5::{Digest, Md5};
use sha2::{Sha256, Sha384, Sha512};

use crate::Error;
use crate::object::{Dict, ObjRef, Object};

/// Padding string of Algorithm 2 step (a).
const PAD: [u8; 32] = [
    0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
    0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
];

/// How strings or streams are encrypted (a crypt filter method, §7.6.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method {
    /// `/Identity` or `/None`: not encrypted.
    Identity,
    /// `/V2`: RC4.
    Rc4,
    /// `/AESV2`: AES-128-CBC.
    Aes128,
    /// `/AESV3`: AES-256-CBC.
    Aes256,
}

/// The decryption state of a document.
#[derive(Debug, Clone)]
pub(crate) struct SecurityHandler {
    key: Vec<u8>,
    revision: i64,
    pub(crate) strings: Method,
    pub(crate) streams: Method,
    pub(crate) encrypt_metadata: bool,
    crypt_filters: Vec<(Vec<u8>, Method)>,
}

fn rc4(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    if let Ok(mut c) = rc4::Rc4::new_from_slice(key) {
        c.apply_keystream(&mut out);
    }
    out
}

fn md5(parts: &[&[u8]]) -> [u8; 16] {
    let mut h = Md5::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

fn padded(pw: &[u8]) -> [u8; 32] {
    let mut out = PAD;
    let n = pw.len().min(32);
    out[..n].copy_from_slice(&pw[..n]);
    out[n..].copy_from_slice(&PAD[..32 - n]);
    out
}

fn aes_cbc_decrypt(key: &[u8], iv: &[u8], data: &[u8]) -> Option<Vec<u8>> {
    let n = data.len() / 16 * 16;
    let data = data.get(..n)?;
    let mut buf = data.to_vec();
    match key.len() {
        16 => {
            cbc::Decryptor::<aes::Aes128>::new_from_slices(key, iv)
                .ok()?
                .decrypt_padded::<NoPadding>(&mut buf)
                .ok()?;
        }
        32 => {
            cbc::Decryptor::<aes::Aes256>::new_from_slices(key, iv)
                .ok()?
                .decrypt_padded::<NoPadding>(&mut buf)
                .ok()?;
        }
        _ => return None,
    }
    Some(buf)
}

fn bytes_of(dict: &Dict, key: &[u8]) -> Vec<u8> {
    dict.get(key)
        .and_then(Object::as_string)
        .map(<[u8]>::to_vec)
        .unwrap_or_default()
}

impl SecurityHandler {
    /// Authenticates `passwords` (tried in order, as user then owner password)
    /// against the `/Encrypt` dictionary.
    pub(crate) fn new(encrypt: &Dict, id0: &[u8], passwords: &[Vec<u8>]) -> Result<Self, Error> {
        let filter = encrypt.get_name(b"Filter").unwrap_or(b"Standard");
        if filter != b"Standard" {
            return Err(Error::Unsupported(format!(
                "security handler /{}",
                String::from_utf8_lossy(filter)
            )));
        }
        let v = encrypt.get_i64(b"V").unwrap_or(0);
        let r = encrypt.get_i64(b"R").unwrap_or(2);
        let o = bytes_of(encrypt, b"O");
        let u = bytes_of(encrypt, b"U");
        let p = encrypt.get_i64(b"P").unwrap_or(-1) as i32;
        let encrypt_metadata = encrypt
            .get(b"EncryptMetadata")
            .and_then(Object::as_bool)
            .unwrap_or(true);
        let mut length_bits = encrypt.get_i64(b"Length").unwrap_or(40);

        let mut crypt_filters = Vec::new();
        let (strings, streams) = if v >= 4 {
            if let Some(cf) = encrypt.get(b"CF").and_then(Object::as_dict) {
                for (name, f) in cf.iter() {
                    let Some(f) = f.as_dict() else { continue };
                    let m = match f.get_name(b"CFM") {
                        Some(b"V2") => Method::Rc4,
                        Some(b"AESV2") => Method::Aes128,
                        Some(b"AESV3") => Method::Aes256,
                        _ => Method::Identity,
                    };
                    if let Some(l) = f.get_i64(b"Length") {
                        // Some writers give bytes, some bits.
                        length_bits = if l <= 32 { l * 8 } else { l };
                    }
                    crypt_filters.push((name.to_vec(), m));
                }
            }
            let lookup = |key: &[u8]| -> Method {
                match encrypt.get_name(key) {
                    None | Some(b"Identity") => Method::Identity,
                    Some(n) => crypt_filters
                        .iter()
                        .find(|(k, _)| k == n)
                        .map_or(Method::Identity, |(_, m)| *m),
                }
            };
            (lookup(b"StrF"), lookup(b"StmF"))
        } else if v == 1 || v == 2 || v == 3 {
            (Method::Rc4, Method::Rc4)
        } else {
            return Err(Error::Unsupported(format!("encryption /V {v}")));
        };

        let key = if r >= 5 {
            let oe = bytes_of(encrypt, b"OE");
            let ue = bytes_of(encrypt, b"UE");
            passwords
                .iter()
                .find_map(|pw| key_r6(r, pw, &o, &u, &oe, &ue))
                .ok_or(Error::Encrypted)?
        } else if (2..=4).contains(&r) {
            let n = if r == 2 {
                5
            } else {
                usize::try_from(length_bits / 8).unwrap_or(5).clamp(5, 16)
            };
            let ctx = R4 {
                r,
                n,
                o: &o,
                u: &u,
                p,
                id0,
                encrypt_metadata,
            };
            passwords
                .iter()
                .find_map(|pw| {
                    ctx.authenticate_user(pw)
                        .or_else(|| ctx.authenticate_owner(pw))
                })
                .ok_or(Error::Encrypted)?
        } else {
            return Err(Error::Unsupported(format!("security handler revision {r}")));
        };
        Ok(Self {
            key,
            revision: r,
            strings,
            streams,
            encrypt_metadata,
            crypt_filters,
        })
    }

    /// The method of a named crypt filter (a stream's `/Crypt` filter `/Name`).
    pub(crate) fn named(&self, name: &[u8]) -> Method {
        if name == b"Identity" {
            return Method::Identity;
        }
        self.crypt_filters
            .iter()
            .find(|(k, _)| k == name)
            .map_or(self.streams, |(_, m)| *m)
    }

    /// Decrypts the bytes of a string or stream of object `id` (Algorithm 1).
    pub(crate) fn decrypt(&self, id: ObjRef, method: Method, data: &[u8]) -> Vec<u8> {
        if method == Method::Identity {
            return data.to_vec();
        }
        let key: Vec<u8> = if self.revision >= 5 {
            self.key.clone()
        } else {
            let n = id.num.to_le_bytes();
            let g = id.generation.to_le_bytes();
            let salt: &[u8] = if method == Method::Aes128 {
                b"sAlT"
            } else {
                b""
            };
            let h = md5(&[&self.key, &n[..3], &g, salt]);
            h[..(self.key.len() + 5).min(16)].to_vec()
        };
        match method {
            Method::Identity => data.to_vec(),
            Method::Rc4 => rc4(&key, data),
            Method::Aes128 | Method::Aes256 => {
                let (Some(iv), Some(body)) = (data.get(..16), data.get(16..)) else {
                    return Vec::new();
                };
                let mut out = aes_cbc_decrypt(&key, iv, body).unwrap_or_default();
                // PKCS#5 padding, removed only when well-formed.
                if let Some(&pad) = out.last() {
                    let pad = usize::from(pad);
                    if (1..=16).contains(&pad)
                        && pad <= out.len()
                        && out[out.len() - pad..]
                            .iter()
                            .all(|&b| usize::from(b) == pad)
                    {
                        out.truncate(out.len() - pad);
                    }
                }
                out
            }
        }
    }
}

/// Inputs of Algorithms 2, 6 and 7 (revisions 2–4).
struct R4<'a> {
    r: i64,
    n: usize,
    o: &'a [u8],
    u: &'a [u8],
    p: i32,
    id0: &'a [u8],
    encrypt_metadata: bool,
}

impl R4<'_> {
    /// Algorithm 2: the file key from a user password.
    fn file_key(&self, pw: &[u8]) -> Vec<u8> {
        let mut h = Md5::new();
        h.update(padded(pw));
        h.update(self.o.get(..32).unwrap_or(self.o));
        h.update(self.p.to_le_bytes());
        h.update(self.id0);
        if self.r >= 4 && !self.encrypt_metadata {
            h.update([0xff; 4]);
        }
        let mut k: [u8; 16] = h.finalize().into();
        if self.r >= 3 {
            for _ in 0..50 {
                k = md5(&[&k[..self.n]]);
            }
        }
        k[..self.n].to_vec()
    }

    /// Algorithm 6: the key if `pw` is the user password.
    fn authenticate_user(&self, pw: &[u8]) -> Option<Vec<u8>> {
        let key = self.file_key(pw);
        let ok = if self.r == 2 {
            rc4(&key, &PAD).as_slice() == self.u.get(..32)?
        } else {
            let mut x = rc4(&key, &md5(&[&PAD, self.id0]));
            for i in 1..=19u8 {
                let k: Vec<u8> = key.iter().map(|b| b ^ i).collect();
                x = rc4(&k, &x);
            }
            x.get(..16)? == self.u.get(..16)?
        };
        ok.then_some(key)
    }

    /// Algorithm 7: the key if `pw` is the owner password.
    fn authenticate_owner(&self, pw: &[u8]) -> Option<Vec<u8>> {
        let mut h = md5(&[&padded(pw)]);
        if self.r >= 3 {
            for _ in 0..50 {
                h = md5(&[&h]);
            }
        }
        let key = &h[..self.n];
        let mut user = self.o.get(..32)?.to_vec();
        if self.r == 2 {
            user = rc4(key, &user);
        } else {
            for i in (0..=19u8).rev() {
                let k: Vec<u8> = key.iter().map(|b| b ^ i).collect();
                user = rc4(&k, &user);
            }
        }
        self.authenticate_user(&user)
    }
}

/// Algorithm 2.A / 2.B: the file key of revision 5 or 6 from a user or owner password.
fn key_r6(r: i64, pw: &[u8], o: &[u8], u: &[u8], oe: &[u8], ue: &[u8]) -> Option<Vec<u8>> {
    let pw = pw.get(..127).unwrap_or(pw);
    let u48 = u.get(..48)?;
    let zero_iv = [0u8; 16];
    // User password.
    if hash_2b(r, pw, u.get(32..40)?, &[]).get(..32)? == u.get(..32)? {
        let k = hash_2b(r, pw, u.get(40..48)?, &[]);
        return aes_cbc_decrypt(&k, &zero_iv, ue.get(..32)?);
    }
    // Owner password.
    if hash_2b(r, pw, o.get(32..40)?, u48).get(..32)? == o.get(..32)? {
        let k = hash_2b(r, pw, o.get(40..48)?, u48);
        return aes_cbc_decrypt(&k, &zero_iv, oe.get(..32)?);
    }
    None
}

/// Algorithm 2.B (revision 6; revision 5 is the plain SHA-256).
fn hash_2b(r: i64, pw: &[u8], salt: &[u8], udata: &[u8]) -> Vec<u8> {
    let mut k: Vec<u8> = Sha256::new()
        .chain_update(pw)
        .chain_update(salt)
        .chain_update(udata)
        .finalize()
        .to_vec();
    if r < 6 {
        return k;
    }
    let mut round = 0u32;
    loop {
        let mut k1 = Vec::with_capacity(64 * (pw.len() + k.len() + udata.len()));
        for _ in 0..64 {
            k1.extend_from_slice(pw);
            k1.extend_from_slice(&k);
            k1.extend_from_slice(udata);
        }
        let (Some(key), Some(iv)) = (k.get(..16), k.get(16..32)) else {
            return k;
        };
        let Ok(enc) = cbc::Encryptor::<aes::Aes128>::new_from_slices(key, iv) else {
            return k;
        };
        let mut e = k1;
        let n = e.len();
        if enc.encrypt_padded::<NoPadding>(&mut e, n).is_err() {
            return k;
        }
        let m: u32 = e.iter().take(16).map(|&b| u32::from(b)).sum::<u32>() % 3;
        k = match m {
            0 => Sha256::digest(&e).to_vec(),
            1 => Sha384::digest(&e).to_vec(),
            _ => Sha512::digest(&e).to_vec(),
        };
        round += 1;
        let last = u32::from(e.last().copied().unwrap_or(0));
        if round >= 64 && last + 32 <= round {
            break;
        }
    }
    k.truncate(32);
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rc4_known_vector() {
        // RFC 6229-style classic vector: key "Key", plaintext "Plaintext".
        assert_eq!(
            rc4(b"Key", b"Plaintext"),
            vec![0xBB, 0xF3, 0x16, 0xE8, 0xD9, 0x40, 0xAF, 0x0A, 0xD3]
        );
    }

    #[test]
    fn aes_object_key_roundtrip() {
        let key = [7u8; 16];
        let h = SecurityHandler {
            key: key.to_vec(),
            revision: 4,
            strings: Method::Aes128,
            streams: Method::Aes128,
            encrypt_metadata: true,
            crypt_filters: vec![],
        };
        let id = ObjRef::new(12, 0);
        let okey = md5(&[&key, &[12, 0, 0], &[0, 0], b"sAlT"]);
        let iv = [1u8; 16];
        let mut plain = b"secret text".to_vec();
        plain.extend_from_slice(&[5; 5]);
        let mut ct = plain.clone();
        let n = ct.len();
        cbc::Encryptor::<aes::Aes128>::new_from_slices(&okey, &iv)
            .unwrap()
            .encrypt_padded::<NoPadding>(&mut ct, n)
            .unwrap();
        let mut data = iv.to_vec();
        data.extend_from_slice(&ct);
        assert_eq!(h.decrypt(id, Method::Aes128, &data), b"secret text");
    }
}
