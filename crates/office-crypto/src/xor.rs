//! XOR obfuscation, method 1 (MS-OFFCRYPTO 2.3.7.1–2.3.7.3): Excel's
//! FILEPASS `wEncryptionType = 0`, and BIFF5's four-byte FILEPASS.

/// 2.3.7.2: the first word of the key for each password length.
const INITIAL_CODE: [u16; 15] = [
    0xE1F0, 0x1D0F, 0xCC9C, 0x84C0, 0x110C, 0x0E10, 0xF1CE, 0x313E, 0x1872, 0xE139, 0xD40F, 0x84F9,
    0x280C, 0xA96A, 0x4EC3,
];

/// 2.3.7.2: bytes that fill the obfuscation array after the password.
const PAD: [u8; 15] = [
    0xBB, 0xFF, 0xFF, 0xBA, 0xFF, 0xFF, 0xB9, 0x80, 0x00, 0xBE, 0x0F, 0x00, 0xBF, 0x0F, 0x00,
];

/// 2.3.7.2: seven words per password position, one per bit of a character.
const MATRIX: [u16; 105] = [
    0xAEFC, 0x4DD9, 0x9BB2, 0x2745, 0x4E8A, 0x9D14, 0x2A09, 0x7B61, 0xF6C2, 0xFDA5, 0xEB6B, 0xC6F7,
    0x9DCF, 0x2BBF, 0x4563, 0x8AC6, 0x05AD, 0x0B5A, 0x16B4, 0x2D68, 0x5AD0, 0x0375, 0x06EA, 0x0DD4,
    0x1BA8, 0x3750, 0x6EA0, 0xDD40, 0xD849, 0xA0B3, 0x5147, 0xA28E, 0x553D, 0xAA7A, 0x44D5, 0x6F45,
    0xDE8A, 0xAD35, 0x4A4B, 0x9496, 0x390D, 0x721A, 0xEB23, 0xC667, 0x9CEF, 0x29FF, 0x53FE, 0xA7FC,
    0x5FD9, 0x47D3, 0x8FA6, 0x0F6D, 0x1EDA, 0x3DB4, 0x7B68, 0xF6D0, 0xB861, 0x60E3, 0xC1C6, 0x93AD,
    0x377B, 0x6EF6, 0xDDEC, 0x45A0, 0x8B40, 0x06A1, 0x0D42, 0x1A84, 0x3508, 0x6A10, 0xAA51, 0x4483,
    0x8906, 0x022D, 0x045A, 0x08B4, 0x1168, 0x76B4, 0xED68, 0xCAF1, 0x85C3, 0x1BA7, 0x374E, 0x6E9C,
    0x3730, 0x6E60, 0xDCC0, 0xA9A1, 0x4363, 0x86C6, 0x1DAD, 0x3331, 0x6662, 0xCCC4, 0x89A9, 0x0373,
    0x06E6, 0x0DCC, 0x1021, 0x2042, 0x4084, 0x8108, 0x1231, 0x2462, 0x48C4,
];

/// The password as method 1 uses it: at most 15 single bytes, each the low
/// byte of a UTF-16 code unit, or its high byte when the low one is zero
/// (ECMA-376 Part 4, 3.2.29). `None` for the empty password, which this
/// scheme cannot express.
fn password_bytes(password: &str) -> Option<Vec<u8>> {
    let bytes: Vec<u8> = password
        .encode_utf16()
        .take(15)
        .map(|u| {
            let [lo, hi] = u.to_le_bytes();
            if lo != 0 { lo } else { hi }
        })
        .collect();
    (!bytes.is_empty()).then_some(bytes)
}

/// 2.3.7.1 CreatePasswordVerifier_Method1: the 16-bit verifier stored in FILEPASS.
pub fn verifier(password: &str) -> Option<u16> {
    let pw = password_bytes(password)?;
    let mut v: u16 = 0;
    // The password bytes in reverse order, then the length.
    for b in pw
        .iter()
        .rev()
        .copied()
        .chain(std::iter::once(pw.len() as u8))
    {
        let rotated = ((v << 1) & 0x7FFF) | ((v >> 14) & 1);
        v = rotated ^ u16::from(b);
    }
    Some(v ^ 0xCE4B)
}

/// 2.3.7.2 CreateXorKey_Method1: the 16-bit key stored in FILEPASS.
pub fn key(password: &str) -> Option<u16> {
    let pw = password_bytes(password)?;
    let mut key = *INITIAL_CODE.get(pw.len() - 1)?;
    // The matrix rows of the last password position come first.
    let mut element = MATRIX.len();
    for &ch in pw.iter().rev() {
        let mut c = ch;
        for _ in 0..7 {
            element = element.checked_sub(1)?;
            if c & 0x40 != 0 {
                key ^= MATRIX.get(element)?;
            }
            c <<= 1;
        }
    }
    Some(key)
}

/// The 16-byte obfuscation array of a password (2.3.7.2 CreateXorArray_Method1).
#[derive(Clone, PartialEq, Eq)]
pub struct XorKey {
    array: [u8; 16],
}

impl std::fmt::Debug for XorKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("XorKey(..)")
    }
}

impl XorKey {
    /// The key for `password` when it matches the FILEPASS `verifier`
    /// (`verificationBytes`); `None` when the password is wrong or empty.
    pub fn from_password(password: &str, verifier: u16) -> Option<XorKey> {
        if self::verifier(password)? != verifier {
            return None;
        }
        Self::derive(password)
    }

    /// The key for `password` without checking a verifier.
    pub fn derive(password: &str) -> Option<XorKey> {
        let pw = password_bytes(password)?;
        let [lo, hi] = key(password)?.to_le_bytes();
        // The password followed by the pad bytes; even positions are
        // combined with the key's low byte, odd ones with its high byte.
        let mut array = [0u8; 16];
        for (i, (slot, &b)) in array
            .iter_mut()
            .zip(pw.iter().chain(PAD.iter()))
            .enumerate()
        {
            let k = if i % 2 == 0 { lo } else { hi };
            *slot = (b ^ k).rotate_right(1);
        }
        Some(XorKey { array })
    }

    /// The obfuscation array.
    pub fn array(&self) -> &[u8; 16] {
        &self.array
    }

    /// 2.3.7.3 DecryptData_Method1: XOR with the array from `xor_array_index`
    /// (taken modulo 16), then rotate right by five bits. Excel's index for
    /// record data is the stream offset of the first byte plus the length of
    /// the record's data (MS-XLS 2.2.10).
    pub fn decrypt(&self, xor_array_index: u64, data: &mut [u8]) {
        let mut i = (xor_array_index % 16) as usize;
        for b in data {
            *b = (*b ^ self.array[i]).rotate_right(5);
            i = (i + 1) % 16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velvet_sweatshop_has_excel_s_known_verifier_and_key() {
        // The FILEPASS of a workbook saved with the default password.
        assert_eq!(verifier("VelvetSweatshop"), Some(0x9A0A));
        assert!(XorKey::from_password("VelvetSweatshop", 0x9A0A).is_some());
        assert!(XorKey::from_password("velvetsweatshop", 0x9A0A).is_none());
    }

    #[test]
    fn empty_password_is_never_accepted() {
        assert_eq!(verifier(""), None);
        assert_eq!(XorKey::derive(""), None);
    }

    #[test]
    fn passwords_are_cut_at_fifteen_bytes() {
        assert_eq!(verifier("123456789012345"), verifier("1234567890123456789"));
        assert_eq!(
            XorKey::derive("123456789012345"),
            XorKey::derive("1234567890123456789")
        );
    }

    #[test]
    fn decrypt_inverts_encrypt_data_method_1() {
        let key = XorKey::derive("abc").unwrap();
        let plain = b"Hello, obfuscated world".to_vec();
        // EncryptData_Method1: rotate left 5, then XOR.
        let mut data: Vec<u8> = plain
            .iter()
            .enumerate()
            .map(|(i, b)| b.rotate_left(5) ^ key.array()[(i + 3) % 16])
            .collect();
        key.decrypt(3 + 16 * 5, &mut data);
        assert_eq!(data, plain);
    }

    #[test]
    fn every_length_derives_a_distinct_array() {
        let arrays: Vec<[u8; 16]> = (1..=15)
            .map(|n| {
                let pw: String = "Zq9!xW3#kP0@mL7".chars().take(n).collect();
                *XorKey::derive(&pw).unwrap().array()
            })
            .collect();
        for (i, a) in arrays.iter().enumerate() {
            assert!(arrays[i + 1..].iter().all(|b| b != a), "length {}", i + 1);
        }
        // A character with a zero low byte contributes its high byte.
        assert_eq!(verifier("\u{4100}"), verifier("A"));
    }
}
