//! `pdf-cmap`: PDF CMaps, predefined CJK CMaps, CID to Unicode, simple-font encodings and glyph names.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
