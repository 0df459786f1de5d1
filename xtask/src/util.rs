//! Small helpers shared by the tasks.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the parent of `xtask/`).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// Writes `bytes` to `path`, creating parent folders, and reports an error with the path.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// SHA-256 of `data` in lower-case hex (fixture goldens).
pub fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Appends `v` as a LEB128 varint (the generated tables' integer format).
pub fn varint(out: &mut Vec<u8>, mut v: u32) {
    loop {
        let b = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// Formats generated Rust sources in `dir` as `cargo fmt` would leave them.
pub fn rustfmt(dir: &Path, files: &[&str]) -> Result<(), String> {
    let status = Command::new("rustfmt")
        .args(["--edition", "2024"])
        .args(files.iter().map(|f| dir.join(f)))
        .status()
        .map_err(|e| format!("rustfmt: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("rustfmt failed on the generated sources".into())
    }
}
