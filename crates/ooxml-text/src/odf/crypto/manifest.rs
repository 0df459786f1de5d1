//! `META-INF/manifest.xml`: each entry's media type, size and
//! `manifest:encryption-data` (ODF 1.3 Part 2 §4.8), read by local names
//! (LibreOffice writes its Argon2id parameters in the `loext` namespace).

use std::collections::HashMap;

use base64::Engine as _;
use xml_tree::Element;

use super::{Encryption, Hash};

/// An entry of `manifest.xml`.
#[derive(Debug, Clone, Default)]
pub(in crate::odf) struct FileEntry {
    pub media_type: Option<String>,
    /// `manifest:size`: the entry's size before compression.
    pub size: Option<u64>,
    pub encryption: Option<Encryption>,
}

/// `META-INF/manifest.xml`.
#[derive(Debug, Default)]
pub(in crate::odf) struct Manifest {
    /// By lower-cased full path.
    pub entries: HashMap<String, FileEntry>,
    /// Keys encrypted for OpenPGP recipients (ODF 1.3 `manifest:keyinfo`).
    pub openpgp: bool,
}

/// A number attribute: `None` when absent, `u64::MAX` when unreadable (so
/// that a bound refuses it).
fn number(e: Option<&Element>, name: &str) -> Option<u64> {
    e.and_then(|e| e.attr(name))
        .map(|n| n.trim().parse().unwrap_or(u64::MAX))
}

fn encryption(data: &Element) -> Encryption {
    let b64 = |s: Option<&str>| {
        base64::engine::general_purpose::STANDARD
            .decode(s.unwrap_or("").trim())
            .unwrap_or_default()
    };
    // Children by local name: LibreOffice writes `manifest:key-derivation`,
    // and its Argon2id parameters in the `loext` namespace.
    let algorithm = data.child("algorithm");
    let derivation = data.child("key-derivation");
    let start = data.child("start-key-generation");
    let checksum_type = data.attr("checksum-type").unwrap_or("SHA1/1K");
    let checksum_hash = if checksum_type.ends_with("sha256-1k") {
        Some(Hash::Sha256)
    } else if checksum_type.eq_ignore_ascii_case("SHA1/1K") || checksum_type.ends_with("sha1-1k") {
        Some(Hash::Sha1)
    } else {
        None
    };
    // Absent before ODF 1.2: SHA-1.
    let start_name = start
        .and_then(|s| s.attr("start-key-generation-name"))
        .unwrap_or("SHA1");
    Encryption {
        algorithm: algorithm
            .and_then(|a| a.attr("algorithm-name"))
            .unwrap_or("Blowfish CFB")
            .to_string(),
        derivation: derivation
            .and_then(|d| d.attr("key-derivation-name"))
            .unwrap_or("PBKDF2")
            .to_string(),
        iv: b64(algorithm.and_then(|a| a.attr("initialisation-vector"))),
        salt: b64(derivation.and_then(|d| d.attr("salt"))),
        iterations: number(derivation, "iteration-count").unwrap_or(1024),
        argon2: [
            number(derivation, "argon2-iterations"),
            number(derivation, "argon2-memory"),
            number(derivation, "argon2-lanes"),
        ],
        key_size: number(derivation, "key-size")
            .map_or(16, |n| usize::try_from(n).unwrap_or(usize::MAX)),
        start_key: if start_name.ends_with("sha256") {
            Hash::Sha256
        } else {
            Hash::Sha1
        },
        checksum: checksum_hash
            .map(|h| (h, b64(data.attr("checksum"))))
            .filter(|(_, c)| !c.is_empty()),
    }
}

impl Manifest {
    pub fn read(root: &Element) -> Manifest {
        let mut m = Manifest::default();
        let Some(manifest) = root.child("manifest") else {
            return m;
        };
        for e in manifest.elements() {
            match e.name.as_str() {
                "keyinfo" | "KeyInfo" | "encrypted-key" => m.openpgp = true,
                "file-entry" => {
                    let Some(path) = e.attr("full-path") else {
                        continue;
                    };
                    let entry = FileEntry {
                        media_type: e
                            .attr("media-type")
                            .filter(|t| !t.is_empty())
                            .map(String::from),
                        size: e.attr("size").and_then(|n| n.trim().parse().ok()),
                        encryption: e.child("encryption-data").map(encryption),
                    };
                    m.entries.insert(path.to_lowercase(), entry);
                }
                _ => {}
            }
        }
        m
    }

    /// The first encrypted entry, preferring `content.xml` (its checksum
    /// tells whether the password is right).
    pub fn probe(&self) -> Option<(&str, &Encryption)> {
        if let Some(e) = self
            .entries
            .get("content.xml")
            .and_then(|e| e.encryption.as_ref())
        {
            return Some(("content.xml", e));
        }
        let mut list: Vec<(&str, &Encryption)> = self
            .entries
            .iter()
            .filter_map(|(k, e)| e.encryption.as_ref().map(|enc| (k.as_str(), enc)))
            .collect();
        list.sort_by_key(|(k, _)| *k);
        list.into_iter().next()
    }
}
