//! Distribution documents (배포용 문서, HWP 5.0 spec §3.2.11 and
//! "배포용 문서 데이터"): each `ViewText/SectionN` stream starts with a
//! DISTRIBUTE_DOC_DATA record of 256 bytes, XOR-masked with the output of
//! the MSVC `rand()` generator seeded by its first four bytes; 16 bytes of
//! the unmasked data at `4 + (seed & 0xF)` are the AES-128 key of the rest
//! of the stream (ECB), which is then inflated like a BodyText section.

use aes::Aes128;
use aes::cipher::{Array, BlockCipherDecrypt, KeyInit};

use crate::bytes::u32_at;
use crate::record::docinfo::DISTRIBUTE_DOC_DATA;

/// The payload size of DISTRIBUTE_DOC_DATA.
pub const DOC_DATA_LEN: usize = 256;

/// The C runtime `rand()` of Microsoft's compilers: a 32-bit LCG whose
/// output is bits 16..30 of the state.
pub struct MsvcRand(u32);

impl MsvcRand {
    /// `srand(seed)`.
    pub fn new(seed: u32) -> MsvcRand {
        MsvcRand(seed)
    }

    /// `rand()`: 0..=0x7FFF.
    pub fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(214_013).wrapping_add(2_531_011);
        (self.0 >> 16) & 0x7FFF
    }
}

/// Unmasks the 256 bytes of DISTRIBUTE_DOC_DATA: the mask byte is drawn
/// from `rand()`, then `rand() & 0xF` + 1 bytes are XORed with it, and so on.
pub fn unmask(data: &[u8; DOC_DATA_LEN]) -> [u8; DOC_DATA_LEN] {
    let seed = u32::from_le_bytes([data[0], data[1], data[2], data[3]]);
    let mut rand = MsvcRand::new(seed);
    let mut out = [0u8; DOC_DATA_LEN];
    let mut key = 0u8;
    let mut run = 0u32;
    for (o, b) in out.iter_mut().zip(data) {
        if run == 0 {
            key = (rand.next() & 0xFF) as u8;
            run = (rand.next() & 0xF) + 1;
        }
        *o = b ^ key;
        run -= 1;
    }
    out
}

/// The AES-128 key of a stream from its unmasked DISTRIBUTE_DOC_DATA.
pub fn key(unmasked: &[u8; DOC_DATA_LEN], seed: u32) -> [u8; 16] {
    let at = 4 + (seed & 0xF) as usize;
    let mut k = [0u8; 16];
    k.copy_from_slice(&unmasked[at..at + 16]);
    k
}

/// Why a ViewText stream could not be decrypted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DistributeError {
    /// The stream does not start with a DISTRIBUTE_DOC_DATA record of 256 bytes.
    NoDocData,
}

/// Decrypts a `ViewText/SectionN` stream: the bytes that follow the
/// DISTRIBUTE_DOC_DATA record, AES-128-ECB decrypted (a trailing partial
/// block is dropped). The result is compressed when the document is.
pub fn decrypt_stream(stream: &[u8]) -> Result<Vec<u8>, DistributeError> {
    let at = doc_data_at(stream).ok_or(DistributeError::NoDocData)?;
    let data: &[u8; DOC_DATA_LEN] = stream
        .get(at..at + DOC_DATA_LEN)
        .and_then(|s| s.try_into().ok())
        .ok_or(DistributeError::NoDocData)?;
    let seed = u32::from_le_bytes([data[0], data[1], data[2], data[3]]);
    let key = key(&unmask(data), seed);
    let body = stream.get(at + DOC_DATA_LEN..).unwrap_or_default();
    Ok(aes128_ecb_decrypt(&key, body))
}

/// Where the 256 bytes of DISTRIBUTE_DOC_DATA start when `stream` opens
/// with that record: after its 4-byte header, or after 8 bytes when the
/// writer used the long form (size field 0xFFF, then a `u32` size of 256).
/// The level bits are not checked.
pub fn doc_data_at(stream: &[u8]) -> Option<usize> {
    let header = u32_at(stream, 0)?;
    if (header & 0x3FF) as u16 != DISTRIBUTE_DOC_DATA {
        return None;
    }
    match (header >> 20) as usize {
        DOC_DATA_LEN => Some(4),
        0xFFF if u32_at(stream, 4)? as usize == DOC_DATA_LEN => Some(8),
        _ => None,
    }
}

/// AES-128-ECB over whole 16-byte blocks of `data`.
pub fn aes128_ecb_decrypt(key: &[u8; 16], data: &[u8]) -> Vec<u8> {
    let cipher = Aes128::new(&Array::from(*key));
    let mut out = Vec::with_capacity(data.len() - data.len() % 16);
    for chunk in data.chunks_exact(16) {
        let mut block = Array::from(<[u8; 16]>::try_from(chunk).unwrap_or([0; 16]));
        cipher.decrypt_block(&mut block);
        out.extend_from_slice(&block);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn msvc_rand_matches_the_c_runtime() {
        // srand(1); rand() x3 with the Microsoft C runtime: 41, 18467, 6334.
        let mut r = MsvcRand::new(1);
        assert_eq!([r.next(), r.next(), r.next()], [41, 18467, 6334]);
    }

    #[test]
    fn unmask_is_an_involution_over_the_same_seed() {
        let mut data = [0u8; DOC_DATA_LEN];
        for (i, b) in data.iter_mut().enumerate() {
            *b = i as u8;
        }
        let once = unmask(&data);
        // The mask depends only on the seed (first four bytes): masking the
        // unmasked bytes with the same seed gives the input back.
        let mut again = once;
        again[..4].copy_from_slice(&data[..4]);
        let twice = unmask(&again);
        assert_eq!(&twice[4..], &data[4..]);
    }

    #[test]
    fn the_long_record_header_form_is_read() {
        let mut short = vec![0x1C, 0x00, 0x00, 0x10];
        short.extend_from_slice(&[7; DOC_DATA_LEN + 32]);
        let mut long = vec![0x1C, 0x04, 0xF0, 0xFF];
        long.extend_from_slice(&(DOC_DATA_LEN as u32).to_le_bytes());
        long.extend_from_slice(&[7; DOC_DATA_LEN + 32]);
        assert_eq!(doc_data_at(&short), Some(4));
        assert_eq!(doc_data_at(&long), Some(8));
        assert_eq!(decrypt_stream(&short), decrypt_stream(&long));
        assert_eq!(decrypt_stream(&short).map(|d| d.len()), Ok(32));
    }

    #[test]
    fn a_stream_without_doc_data_is_refused() {
        assert_eq!(decrypt_stream(b"abc"), Err(DistributeError::NoDocData));
        assert_eq!(
            decrypt_stream(&[0x1C, 0, 0, 0x01]),
            Err(DistributeError::NoDocData)
        );
    }
}
