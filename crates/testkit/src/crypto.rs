//! Deterministic encryptors for MS-OFFCRYPTO fixtures: XOR obfuscation
//! (method 1), RC4, RC4 CryptoAPI, ECMA-376 Standard and Agile, written
//! from the specification's *encryption* procedures, independently of the
//! decryptor in `office-crypto`, so each checks the other.
//!
//! Every random value of a real writer (salts, verifiers, keys) is a
//! parameter here, so fixtures regenerate byte for byte.

use aes::cipher::array::Array;
use aes::cipher::block_padding::NoPadding;
use aes::cipher::{BlockCipherEncrypt, BlockModeEncrypt, KeyInit, KeyIvInit, StreamCipher};
use base64::Engine;
use md5::{Digest, Md5};
use sha1::Sha1;
use sha2::{Sha256, Sha512};

/// The password as UTF-16LE bytes.
fn utf16(password: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for unit in password.encode_utf16() {
        out.extend_from_slice(&unit.to_le_bytes());
    }
    out
}

// ---------------------------------------------------------------- XOR

const XOR_PAD: [u8; 15] = [
    0xBB, 0xFF, 0xFF, 0xBA, 0xFF, 0xFF, 0xB9, 0x80, 0x00, 0xBE, 0x0F, 0x00, 0xBF, 0x0F, 0x00,
];
const XOR_INITIAL: [u16; 15] = [
    0xE1F0, 0x1D0F, 0xCC9C, 0x84C0, 0x110C, 0x0E10, 0xF1CE, 0x313E, 0x1872, 0xE139, 0xD40F, 0x84F9,
    0x280C, 0xA96A, 0x4EC3,
];
/// 2.3.7.2 encryption matrix, one row of seven words per password position.
const XOR_ROWS: [[u16; 7]; 15] = [
    [0xAEFC, 0x4DD9, 0x9BB2, 0x2745, 0x4E8A, 0x9D14, 0x2A09],
    [0x7B61, 0xF6C2, 0xFDA5, 0xEB6B, 0xC6F7, 0x9DCF, 0x2BBF],
    [0x4563, 0x8AC6, 0x05AD, 0x0B5A, 0x16B4, 0x2D68, 0x5AD0],
    [0x0375, 0x06EA, 0x0DD4, 0x1BA8, 0x3750, 0x6EA0, 0xDD40],
    [0xD849, 0xA0B3, 0x5147, 0xA28E, 0x553D, 0xAA7A, 0x44D5],
    [0x6F45, 0xDE8A, 0xAD35, 0x4A4B, 0x9496, 0x390D, 0x721A],
    [0xEB23, 0xC667, 0x9CEF, 0x29FF, 0x53FE, 0xA7FC, 0x5FD9],
    [0x47D3, 0x8FA6, 0x0F6D, 0x1EDA, 0x3DB4, 0x7B68, 0xF6D0],
    [0xB861, 0x60E3, 0xC1C6, 0x93AD, 0x377B, 0x6EF6, 0xDDEC],
    [0x45A0, 0x8B40, 0x06A1, 0x0D42, 0x1A84, 0x3508, 0x6A10],
    [0xAA51, 0x4483, 0x8906, 0x022D, 0x045A, 0x08B4, 0x1168],
    [0x76B4, 0xED68, 0xCAF1, 0x85C3, 0x1BA7, 0x374E, 0x6E9C],
    [0x3730, 0x6E60, 0xDCC0, 0xA9A1, 0x4363, 0x86C6, 0x1DAD],
    [0x3331, 0x6662, 0xCCC4, 0x89A9, 0x0373, 0x06E6, 0x0DCC],
    [0x1021, 0x2042, 0x4084, 0x8108, 0x1231, 0x2462, 0x48C4],
];

/// An ASCII password of 1 to 15 bytes as method 1 takes it.
fn xor_password(password: &str) -> Vec<u8> {
    let b: Vec<u8> = password.bytes().take(15).collect();
    assert!(!b.is_empty(), "XOR obfuscation needs a password");
    b
}

/// FILEPASS `key` (2.3.7.2): the password bytes walked forward from the
/// matrix row `15 - len`, each bit from the lowest.
pub fn xor_key(password: &str) -> u16 {
    let pw = xor_password(password);
    let mut key = XOR_INITIAL[pw.len() - 1];
    for (row, ch) in XOR_ROWS[15 - pw.len()..].iter().zip(&pw) {
        for (bit, word) in row.iter().enumerate() {
            if ch >> bit & 1 == 1 {
                key ^= word;
            }
        }
    }
    key
}

/// FILEPASS `verificationBytes` (2.3.7.1).
pub fn xor_verifier(password: &str) -> u16 {
    let pw = xor_password(password);
    let mut bytes = vec![pw.len() as u8];
    bytes.extend_from_slice(&pw);
    let mut v: u16 = 0;
    for b in bytes.iter().rev() {
        let high = (v & 0x4000) >> 14;
        v = (((v << 1) & 0x7FFF) | high) ^ u16::from(*b);
    }
    v ^ 0xCE4B
}

/// The 16-byte obfuscation array (2.3.7.2).
pub fn xor_array(password: &str) -> [u8; 16] {
    let pw = xor_password(password);
    let key = xor_key(password);
    let mut source = pw.clone();
    source.extend_from_slice(&XOR_PAD[..16 - pw.len()]);
    let mut out = [0u8; 16];
    for i in 0..16 {
        let k = if i % 2 == 0 {
            key as u8
        } else {
            (key >> 8) as u8
        };
        out[i] = (source[i] ^ k).rotate_right(1);
    }
    out
}

// ---------------------------------------------------------------- RC4

fn rc4(key: &[u8], skip: usize, data: &mut [u8]) {
    let mut c = rc4::Rc4::new_from_slice(key).expect("RC4 key length");
    let mut waste = vec![0u8; skip];
    c.apply_keystream(&mut waste);
    c.apply_keystream(data);
}

/// How a binary document is encrypted, with every random value fixed.
#[derive(Debug, Clone)]
pub enum BinaryScheme {
    /// XOR obfuscation, method 1.
    Xor { password: String },
    /// RC4 with MD5 keys (2.3.6).
    Rc4 {
        password: String,
        salt: [u8; 16],
        verifier: [u8; 16],
    },
    /// RC4 CryptoAPI (2.3.5); `key_bits` 40 to 128, 0 written as is.
    CryptoApi {
        password: String,
        salt: [u8; 16],
        verifier: [u8; 16],
        key_bits: u32,
    },
}

impl BinaryScheme {
    /// The RC4 key of `block` (not for XOR).
    pub fn block_key(&self, block: u32) -> Vec<u8> {
        match self {
            BinaryScheme::Xor { .. } => panic!("XOR has no block keys"),
            BinaryScheme::Rc4 { password, salt, .. } => {
                let h0 = Md5::digest(utf16(password));
                let mut m = Md5::new();
                for _ in 0..16 {
                    m.update(&h0[..5]);
                    m.update(salt);
                }
                let h1 = m.finalize();
                let mut f = Md5::new();
                f.update(&h1[..5]);
                f.update(block.to_le_bytes());
                f.finalize().to_vec()
            }
            BinaryScheme::CryptoApi {
                password,
                salt,
                key_bits,
                ..
            } => {
                let mut s = Sha1::new();
                s.update(salt);
                s.update(utf16(password));
                let h0 = s.finalize();
                let mut f = Sha1::new();
                f.update(h0);
                f.update(block.to_le_bytes());
                let h = f.finalize();
                let bits = if *key_bits == 0 { 40 } else { *key_bits };
                let mut key = h[..bits as usize / 8].to_vec();
                if bits == 40 {
                    key.extend_from_slice(&[0; 11]);
                }
                key
            }
        }
    }

    /// The encryption header from its EncryptionVersionInfo on (RC4 1.1,
    /// CryptoAPI 4.2 with the provider Office names), as it follows
    /// `wEncryptionType = 1` in FILEPASS, fills a CryptSession10Container
    /// or starts Word's table stream. For XOR: FILEPASS's key and verifier.
    pub fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            BinaryScheme::Xor { password } => {
                out.extend_from_slice(&xor_key(password).to_le_bytes());
                out.extend_from_slice(&xor_verifier(password).to_le_bytes());
            }
            BinaryScheme::Rc4 { salt, verifier, .. } => {
                out.extend_from_slice(&[1, 0, 1, 0]);
                out.extend_from_slice(salt);
                let mut v = verifier.to_vec();
                v.extend_from_slice(&Md5::digest(verifier));
                rc4(&self.block_key(0), 0, &mut v);
                out.extend_from_slice(&v);
            }
            BinaryScheme::CryptoApi {
                salt,
                verifier,
                key_bits,
                ..
            } => {
                let csp = "Microsoft Enhanced Cryptographic Provider v1.0";
                let mut header = Vec::new();
                for word in [0x04u32, 0, 0x6801, 0x8004, *key_bits, 1, 0, 0] {
                    header.extend_from_slice(&word.to_le_bytes());
                }
                header.extend_from_slice(&utf16(csp));
                header.extend_from_slice(&[0, 0]);
                out.extend_from_slice(&[4, 0, 2, 0]);
                out.extend_from_slice(&0x04u32.to_le_bytes());
                out.extend_from_slice(&(header.len() as u32).to_le_bytes());
                out.extend_from_slice(&header);
                out.extend_from_slice(&16u32.to_le_bytes());
                out.extend_from_slice(salt);
                let mut v = verifier.to_vec();
                v.extend_from_slice(&Sha1::digest(verifier));
                rc4(&self.block_key(0), 0, &mut v);
                out.extend_from_slice(&v[..16]);
                out.extend_from_slice(&20u32.to_le_bytes());
                out.extend_from_slice(&v[16..]);
            }
        }
        out
    }

    /// The data of Excel's FILEPASS record (BIFF8).
    pub fn filepass(&self) -> Vec<u8> {
        let kind: u16 = if matches!(self, BinaryScheme::Xor { .. }) {
            0
        } else {
            1
        };
        let mut out = kind.to_le_bytes().to_vec();
        out.extend(self.header());
        out
    }

    /// Encrypts `data` lying at `offset` of a stream cut into `block_size`
    /// blocks (RC4 family). For XOR, `offset` is the array index.
    pub fn encrypt_at(&self, offset: usize, block_size: usize, data: &mut [u8]) {
        if let BinaryScheme::Xor { password } = self {
            let array = xor_array(password);
            for (i, b) in data.iter_mut().enumerate() {
                *b = b.rotate_left(5) ^ array[(offset + i) % 16];
            }
            return;
        }
        for (i, b) in data.iter_mut().enumerate() {
            let pos = offset + i;
            let mut one = [*b];
            rc4(
                &self.block_key((pos / block_size) as u32),
                pos % block_size,
                &mut one,
            );
            *b = one[0];
        }
    }
}

/// Encrypts a BIFF8 `Workbook` stream in place as Excel does (MS-XLS
/// 2.2.10): every record after FILEPASS except BOF, FILEPASS, UsrExcl,
/// FileLock, InterfaceHdr, RRDInfo and RRDHead, and BOUNDSHEET without
/// its first four bytes; record headers stay in clear; RC4 in 1024-byte
/// blocks of stream position; XOR indexed by position plus record length.
pub fn encrypt_workbook(stream: &mut [u8], scheme: &BinaryScheme) {
    let clear = [0x0809u16, 0x002F, 0x0194, 0x0195, 0x00E1, 0x0196, 0x0138];
    let mut pos = 0;
    let mut after_filepass = false;
    while pos + 4 <= stream.len() {
        let kind = u16::from_le_bytes([stream[pos], stream[pos + 1]]);
        let len = usize::from(u16::from_le_bytes([stream[pos + 2], stream[pos + 3]]));
        let start = pos + 4;
        let end = (start + len).min(stream.len());
        if after_filepass && !clear.contains(&kind) {
            let from = if kind == 0x0085 { start + 4 } else { start };
            let data = &mut stream[from..end];
            match scheme {
                BinaryScheme::Xor { .. } => scheme.encrypt_at(from + len, 0, data),
                _ => scheme.encrypt_at(from, 1024, data),
            }
        }
        if kind == 0x002F {
            after_filepass = true;
        }
        pos = end;
    }
}

// ---------------------------------------------------------------- Standard

fn aes_ecb_encrypt(key: &[u8], data: &mut [u8]) {
    let (blocks, rest) = Array::slice_as_chunks_mut(data);
    assert!(rest.is_empty(), "ECB needs whole blocks");
    match key.len() {
        16 => aes::Aes128::new_from_slice(key)
            .unwrap()
            .encrypt_blocks(blocks),
        24 => aes::Aes192::new_from_slice(key)
            .unwrap()
            .encrypt_blocks(blocks),
        32 => aes::Aes256::new_from_slice(key)
            .unwrap()
            .encrypt_blocks(blocks),
        n => panic!("AES key of {n} bytes"),
    }
}

fn aes_cbc_encrypt(key: &[u8], iv: &[u8], data: &mut [u8]) {
    let n = data.len();
    assert_eq!(n % 16, 0, "CBC needs whole blocks");
    match key.len() {
        16 => {
            cbc::Encryptor::<aes::Aes128>::new_from_slices(key, iv)
                .unwrap()
                .encrypt_padded::<NoPadding>(data, n)
                .unwrap();
        }
        24 => {
            cbc::Encryptor::<aes::Aes192>::new_from_slices(key, iv)
                .unwrap()
                .encrypt_padded::<NoPadding>(data, n)
                .unwrap();
        }
        32 => {
            cbc::Encryptor::<aes::Aes256>::new_from_slices(key, iv)
                .unwrap()
                .encrypt_padded::<NoPadding>(data, n)
                .unwrap();
        }
        k => panic!("AES key of {k} bytes"),
    }
}

fn pad_to_block(mut v: Vec<u8>) -> Vec<u8> {
    let n = v.len().div_ceil(16) * 16;
    v.resize(n, 0);
    v
}

/// `EncryptionInfo` and `EncryptedPackage` of ECMA-376 Standard encryption
/// (2.3.4.5–2.3.4.9), AES-`key_bits` with SHA-1 and 50,000 iterations.
pub fn standard_encrypt(
    package: &[u8],
    password: &str,
    salt: [u8; 16],
    verifier: [u8; 16],
    key_bits: u32,
) -> (Vec<u8>, Vec<u8>) {
    let mut h = {
        let mut s = Sha1::new();
        s.update(salt);
        s.update(utf16(password));
        s.finalize()
    };
    for i in 0u32..50_000 {
        let mut s = Sha1::new();
        s.update(i.to_le_bytes());
        s.update(h);
        h = s.finalize();
    }
    let mut s = Sha1::new();
    s.update(h);
    s.update(0u32.to_le_bytes());
    let h_final = s.finalize();
    let mut derived = Vec::new();
    for fill in [0x36u8, 0x5C] {
        let buf: Vec<u8> = (0..64)
            .map(|i| fill ^ h_final.get(i).copied().unwrap_or(0))
            .collect();
        derived.extend_from_slice(&Sha1::digest(&buf));
    }
    let key = &derived[..key_bits as usize / 8];

    let alg: u32 = match key_bits {
        128 => 0x660E,
        192 => 0x660F,
        256 => 0x6610,
        b => panic!("AES-{b}"),
    };
    let csp = "Microsoft Enhanced RSA and AES Cryptographic Provider";
    let mut header = Vec::new();
    for word in [0x24u32, 0, alg, 0x8004, key_bits, 0x18, 0, 0] {
        header.extend_from_slice(&word.to_le_bytes());
    }
    header.extend_from_slice(&utf16(csp));
    header.extend_from_slice(&[0, 0]);
    let mut info = vec![4, 0, 2, 0];
    info.extend_from_slice(&0x24u32.to_le_bytes());
    info.extend_from_slice(&(header.len() as u32).to_le_bytes());
    info.extend_from_slice(&header);
    info.extend_from_slice(&16u32.to_le_bytes());
    info.extend_from_slice(&salt);
    let mut v = verifier.to_vec();
    aes_ecb_encrypt(key, &mut v);
    info.extend_from_slice(&v);
    info.extend_from_slice(&20u32.to_le_bytes());
    let mut vh = pad_to_block(Sha1::digest(verifier).to_vec());
    aes_ecb_encrypt(key, &mut vh);
    info.extend_from_slice(&vh);

    let mut out = (package.len() as u64).to_le_bytes().to_vec();
    let mut body = pad_to_block(package.to_vec());
    aes_ecb_encrypt(key, &mut body);
    out.extend_from_slice(&body);
    (info, out)
}

// ---------------------------------------------------------------- Agile

/// Every parameter of an Agile encryption (2.3.4.10), random values included.
#[derive(Debug, Clone)]
pub struct AgileParams {
    /// `SHA1`, `SHA256` or `SHA512` (both key data and key encryptor).
    pub hash: &'static str,
    /// 128, 192 or 256.
    pub key_bits: u32,
    pub spin_count: u32,
    pub key_data_salt: [u8; 16],
    pub password_salt: [u8; 16],
    pub verifier_input: [u8; 16],
    /// The package key (key_bits / 8 bytes are used).
    pub secret_key: [u8; 32],
    /// The HMAC key (hash-size bytes are used), or no `dataIntegrity` element.
    pub hmac_key: Option<[u8; 64]>,
}

fn hash(name: &str, parts: &[&[u8]]) -> Vec<u8> {
    fn run<D: Digest>(parts: &[&[u8]]) -> Vec<u8> {
        let mut d = D::new();
        for p in parts {
            d.update(p);
        }
        d.finalize().to_vec()
    }
    match name {
        "SHA1" => run::<Sha1>(parts),
        "SHA256" => run::<Sha256>(parts),
        "SHA512" => run::<Sha512>(parts),
        other => panic!("hash {other}"),
    }
}

/// HMAC written out from RFC 2104 (block size 64, or 128 for SHA-512).
fn hmac(name: &str, key: &[u8], data: &[u8]) -> Vec<u8> {
    let block = if name == "SHA512" { 128 } else { 64 };
    let mut k = key.to_vec();
    k.resize(block, 0);
    let ipad: Vec<u8> = k.iter().map(|b| b ^ 0x36).collect();
    let opad: Vec<u8> = k.iter().map(|b| b ^ 0x5C).collect();
    let inner = hash(name, &[&ipad, data]);
    hash(name, &[&opad, &inner])
}

/// `n` bytes of `v`, padded with 0x36.
fn sized(v: &[u8], n: usize) -> Vec<u8> {
    (0..n).map(|i| v.get(i).copied().unwrap_or(0x36)).collect()
}

/// `EncryptionInfo` and `EncryptedPackage` of Agile encryption.
pub fn agile_encrypt(package: &[u8], password: &str, p: &AgileParams) -> (Vec<u8>, Vec<u8>) {
    let kb = p.key_bits as usize / 8;
    let hs = hash(p.hash, &[b""]).len();
    let secret = &p.secret_key[..kb];

    let mut encrypted = (package.len() as u64).to_le_bytes().to_vec();
    for (i, segment) in package.chunks(4096).enumerate() {
        let iv = sized(
            &hash(p.hash, &[&p.key_data_salt, &(i as u32).to_le_bytes()]),
            16,
        );
        let mut seg = pad_to_block(segment.to_vec());
        aes_cbc_encrypt(secret, &iv, &mut seg);
        encrypted.extend_from_slice(&seg);
    }

    let mut h = hash(p.hash, &[&p.password_salt, &utf16(password)]);
    for i in 0..p.spin_count {
        h = hash(p.hash, &[&i.to_le_bytes(), &h]);
    }
    let seal = |block: [u8; 8], plain: &[u8]| {
        let key = sized(&hash(p.hash, &[&h, &block]), kb);
        let mut v = pad_to_block(plain.to_vec());
        aes_cbc_encrypt(&key, &p.password_salt, &mut v);
        v
    };
    let vhi = seal(
        [0xFE, 0xA7, 0xD2, 0x76, 0x3B, 0x4B, 0x9E, 0x79],
        &p.verifier_input,
    );
    let vhv = seal(
        [0xD7, 0xAA, 0x0F, 0x6D, 0x30, 0x61, 0x34, 0x4E],
        &hash(p.hash, &[&p.verifier_input]),
    );
    let kv = seal([0x14, 0x6E, 0x0B, 0xE7, 0xAB, 0xAC, 0xD0, 0xD6], secret);
    let b64 = |v: &[u8]| base64::engine::general_purpose::STANDARD.encode(v);

    let integrity = match &p.hmac_key {
        None => String::new(),
        Some(k) => {
            let hk = &k[..hs];
            let iv = |block: [u8; 8]| sized(&hash(p.hash, &[&p.key_data_salt, &block]), 16);
            let iv1 = iv([0x5F, 0xB2, 0xAD, 0x01, 0x0C, 0xB9, 0xE1, 0xF6]);
            let iv2 = iv([0xA0, 0x67, 0x7F, 0x02, 0xB2, 0x2C, 0x84, 0x33]);
            let mut ek = pad_to_block(hk.to_vec());
            aes_cbc_encrypt(secret, &iv1, &mut ek);
            let mut ev = pad_to_block(hmac(p.hash, hk, &encrypted));
            aes_cbc_encrypt(secret, &iv2, &mut ev);
            format!(
                r#"<dataIntegrity encryptedHmacKey="{}" encryptedHmacValue="{}"/>"#,
                b64(&ek),
                b64(&ev)
            )
        }
    };
    let attrs = |salt: &[u8]| {
        format!(
            r#"saltSize="16" blockSize="16" keyBits="{}" hashSize="{hs}" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="{}" saltValue="{}""#,
            p.key_bits,
            p.hash,
            b64(salt)
        )
    };
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n<encryption xmlns=\"http://schemas.microsoft.com/office/2006/encryption\" xmlns:p=\"http://schemas.microsoft.com/office/2006/keyEncryptor/password\" xmlns:c=\"http://schemas.microsoft.com/office/2006/keyEncryptor/certificate\"><keyData {}/>{integrity}<keyEncryptors><keyEncryptor uri=\"http://schemas.microsoft.com/office/2006/keyEncryptor/password\"><p:encryptedKey spinCount=\"{}\" {} encryptedVerifierHashInput=\"{}\" encryptedVerifierHashValue=\"{}\" encryptedKeyValue=\"{}\"/></keyEncryptor></keyEncryptors></encryption>",
        attrs(&p.key_data_salt),
        p.spin_count,
        attrs(&p.password_salt),
        b64(&vhi),
        b64(&vhv),
        b64(&kv)
    );
    let mut info = vec![4, 0, 4, 0, 0x40, 0, 0, 0];
    info.extend_from_slice(xml.as_bytes());
    (info, encrypted)
}

/// The compound file of an encrypted OOXML package.
pub fn encrypted_ooxml(info: &[u8], package: &[u8]) -> Vec<u8> {
    crate::cfb::compound_file(&[("EncryptionInfo", info), ("EncryptedPackage", package)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velvet_sweatshop_verifier_is_excel_s() {
        assert_eq!(xor_verifier("VelvetSweatshop"), 0x9A0A);
    }

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mac = hmac("SHA512", b"Jefe", b"what do ya want for nothing?");
        assert_eq!(mac[..4], [0x16, 0x4b, 0x7a, 0x7b]);
    }

    #[test]
    fn forty_bit_keys_are_padded() {
        let s = BinaryScheme::CryptoApi {
            password: "x".into(),
            salt: [0; 16],
            verifier: [0; 16],
            key_bits: 40,
        };
        assert_eq!(s.block_key(0)[5..], [0; 11]);
    }
}
