//! Links the `textract` binary as a position-dependent executable on Linux.
//!
//! Scripts and batch jobs often run `textract` once per file, so its
//! start-up is paid per document. As a PIE, the dynamic loader applies about
//! 26,000 relative relocations before `main` (the glyph-name and encoding
//! tables are tables of `&str`, and every panic location and vtable holds a
//! pointer) and copies each page they touch; linked `-no-pie` those
//! addresses are fixed at link time; the start-up it saves is measured in
//! `docs/benchmarks.md`.
//!
//! The cost is address-space randomisation of the executable's own image
//! (libraries, heap and stack stay randomised); our crates forbid `unsafe`.
//! Build with `TEXTRACT_PIE=1` in the environment to keep a PIE.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=TEXTRACT_PIE");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let pie = std::env::var_os("TEXTRACT_PIE").is_some_and(|v| v != "0");
    if os == "linux" && env == "gnu" && !pie {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
