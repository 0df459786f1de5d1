//! `ole-cfb-read`: Read-only, zero-copy reader for OLE/CFB compound files and their property sets.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
