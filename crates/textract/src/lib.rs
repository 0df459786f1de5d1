//! `textract`: detect a document's format from its bytes and extract its text.
#![forbid(unsafe_code)]
