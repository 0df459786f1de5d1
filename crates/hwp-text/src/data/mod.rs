//! Generated character tables (`cargo xtask gen-hwp-chars`); see each
//! file's header for its source.

#[rustfmt::skip]
pub mod hchar;
#[rustfmt::skip]
pub mod hypua;
