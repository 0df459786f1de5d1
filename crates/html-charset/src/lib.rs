//! `html-charset`: The WHATWG encoding sniffing algorithm for HTML and plain text, then decoding.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
