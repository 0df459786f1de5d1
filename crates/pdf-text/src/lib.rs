//! `pdf-text`: Readable text from PDF pages: fonts, glyph placement, words, lines, reading order.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
