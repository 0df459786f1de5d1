//! `html-text`: Visible text and metadata from HTML documents.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
