//! What decryption costs: the password key derivation of Agile encryption
//! as Office writes it (SHA-512, 100,000 iterations) and of Standard
//! encryption (SHA-1, 50,000), and the throughput of decrypting a 4 MiB
//! package (Agile with its HMAC check, Standard) and a 4 MiB Excel stream
//! (RC4 CryptoAPI, a new key every 1024 bytes). The inputs are built by
//! `testkit::crypto` with fixed salts.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use office_crypto::agile::AgileInfo;
use office_crypto::standard::StandardInfo;
use office_crypto::{Limits, Options, ooxml, xls};
use testkit::crypto::{
    AgileParams, BinaryScheme, agile_encrypt, encrypt_workbook, standard_encrypt,
};

const PACKAGE: usize = 4 << 20;

fn params(spin_count: u32) -> AgileParams {
    AgileParams {
        hash: "SHA512",
        key_bits: 256,
        spin_count,
        key_data_salt: [1; 16],
        password_salt: [2; 16],
        verifier_input: [3; 16],
        secret_key: [4; 32],
        hmac_key: Some([5; 64]),
    }
}

fn package() -> Vec<u8> {
    (0..PACKAGE).map(|i| (i * 7 % 251) as u8).collect()
}

fn key_derivation(c: &mut Criterion) {
    let (info, _) = agile_encrypt(b"PK", "secret", &params(100_000));
    let agile = AgileInfo::parse(&info[8..], &Limits::default()).unwrap();
    c.bench_function("agile key derivation (SHA-512, 100000 spins)", |b| {
        b.iter(|| agile.verify("secret", None).unwrap().unwrap())
    });
    let (info, _) = standard_encrypt(b"PK", "secret", [1; 16], [2; 16], 128);
    let standard = StandardInfo::parse(&info[4..]).unwrap();
    c.bench_function("standard key derivation (SHA-1, 50000 spins)", |b| {
        b.iter(|| standard.verify("secret", None).unwrap().unwrap())
    });
}

fn package_decryption(c: &mut Criterion) {
    let plain = package();
    let mut g = c.benchmark_group("decrypt 4 MiB");
    g.throughput(Throughput::Bytes(PACKAGE as u64));
    g.sample_size(20);
    let options = Options::with_password("secret");

    let (info, enc) = agile_encrypt(&plain, "secret", &params(1));
    g.bench_function("agile package + HMAC", |b| {
        b.iter(|| ooxml::decrypt_streams(&info, &enc, &options).unwrap())
    });
    let mut no_hmac = options.clone();
    no_hmac.check_integrity = false;
    g.bench_function("agile package", |b| {
        b.iter(|| ooxml::decrypt_streams(&info, &enc, &no_hmac).unwrap())
    });

    let (info, enc) = standard_encrypt(&plain, "secret", [1; 16], [2; 16], 128);
    let standard = StandardInfo::parse(&info[4..]).unwrap();
    let key = standard.verify("secret", None).unwrap().unwrap();
    g.bench_function("standard package (key derived once)", |b| {
        b.iter(|| {
            let mut data = enc[8..].to_vec();
            key.decrypt(&mut data);
            data
        })
    });

    // An Excel stream of 4 MiB: BOF, FILEPASS, then 8000-byte records.
    let scheme = BinaryScheme::CryptoApi {
        password: "VelvetSweatshop".into(),
        salt: [6; 16],
        verifier: [7; 16],
        key_bits: 128,
    };
    let mut stream = Vec::new();
    let record = |s: &mut Vec<u8>, kind: u16, data: &[u8]| {
        s.extend_from_slice(&kind.to_le_bytes());
        s.extend_from_slice(&(data.len() as u16).to_le_bytes());
        s.extend_from_slice(data);
    };
    record(&mut stream, 0x0809, &[0; 16]);
    record(&mut stream, 0x002F, &scheme.filepass());
    while stream.len() < PACKAGE {
        record(&mut stream, 0x00FC, &plain[..8000]);
    }
    encrypt_workbook(&mut stream, &scheme);
    let none = Options::default();
    g.bench_function("xls workbook (RC4 CryptoAPI)", |b| {
        b.iter(|| xls::decrypt_workbook(&stream, &none).unwrap())
    });
    g.finish();
}

criterion_group!(benches, key_derivation, package_decryption);
criterion_main!(benches);
