//! `pdf-lex`: PDF syntax and file structure: lexer, objects, xref, filters, encryption, pages, content tokens.
//!
//! This layer is being built; its public API arrives with its issue.
#![forbid(unsafe_code)]
