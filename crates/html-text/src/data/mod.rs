//! Generated tables (`cargo xtask gen-entities`); see each file's header for
//! its source.

pub(crate) mod entities;
