//! PowerPoint's encryption (MS-PPT 2.3.7 CryptSession10Container): RC4
//! CryptoAPI with one keystream per persist object.

use crate::binary::Decryptor;
use crate::{Error, POWERPOINT_DEFAULT_PASSWORD};

/// Record type of CryptSession10Container in the `PowerPoint Document` stream.
pub const CRYPT_SESSION_10_CONTAINER: u16 = 0x2F14;

/// Finds the key of a CryptSession10Container's data (its
/// EncryptionVersionInfo and RC4 CryptoAPI header, after the 8-byte record
/// header): `password` first, then PowerPoint's default
/// `/01Hannes Ruescher/01`.
///
/// Decrypt each persist object with [`Decryptor::decrypt_block`]`(persist_id,
/// 0, bytes)` from its record header on. The `Current User` stream, the
/// UserEditAtoms, the PersistDirectoryAtoms and the CryptSession10Container
/// itself are not encrypted.
pub fn unlock(crypt_session: &[u8], password: Option<&str>) -> Result<Decryptor, Error> {
    Decryptor::unlock(
        crypt_session,
        password,
        Some(POWERPOINT_DEFAULT_PASSWORD),
        0,
    )
}
