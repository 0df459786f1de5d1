//! Generated tables (`cargo xtask gen-charsets`); see each file's header for
//! its source. Do not edit by hand: change the generator and run it again.

pub(crate) mod cns11643_index;
pub(crate) mod han_frequent;
pub(crate) mod ibm855;
pub(crate) mod johab_jamo;

/// The deflated CNS 11643 planes (format: `xtask/src/gen_charsets.rs`, `encode_planes`).
pub(crate) static CNS11643: &[u8] = include_bytes!("cns11643.bin");
