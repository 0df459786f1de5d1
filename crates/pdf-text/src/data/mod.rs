//! Generated tables (`cargo xtask gen-afm`); see each file's header for its
//! source. Do not edit by hand: change the generator and run it again.

#[rustfmt::skip]
pub(crate) mod afm;
