//! `pdf-text`: readable text from PDF pages.
#![forbid(unsafe_code)]

pub mod layout;
pub mod matrix;
mod afm_data;
mod std14;
mod content;
mod interp;
