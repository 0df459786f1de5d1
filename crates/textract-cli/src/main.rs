//! The `textract` command.
fn main() {}
