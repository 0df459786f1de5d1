//! `msdoc-text`: Text and stories from Word 97-2003 and Word 6/95 .doc files.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
