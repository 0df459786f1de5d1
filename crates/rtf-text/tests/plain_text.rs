//! The plain text stays what the reader wrote before it had blocks: cases
//! where the structure's output end once read differently from the
//! baseline (found by comparing mutated documents with it), each with the
//! text the baseline gives.
#![allow(clippy::unwrap_used, clippy::expect_used)]

fn text(rtf: &str) -> (String, usize) {
    let doc = rtf_text::parse(rtf.as_bytes()).unwrap();
    for p in &doc.parts {
        assert_eq!(doc_model::plain_text(&p.blocks), p.text);
    }
    (doc.text(), doc.warnings.len())
}

#[test]
fn a_pard_between_the_bytes_of_a_double_byte_character_does_not_split_it() {
    // 0x93 0xFA is 日 in Shift_JIS.
    let rtf = "{\\rtf1\\ansi{\\fonttbl{\\f1\\fcharset128 MS Mincho;}}\\f1 \\'93\\pard\\'fa\\par}";
    assert_eq!(text(rtf), ("日\n".to_string(), 0));
}

#[test]
fn hidden_text_inside_a_field_instruction_is_not_part_of_it() {
    let rtf =
        "{\\rtf1 r {\\field{\\*\\fldinst EQ \\\\o(\\\\s\\\\up 5(a),b{\\v c})}{\\fldrslt }}.\\par}";
    assert_eq!(text(rtf).0, "r b.\n");
}

#[test]
fn a_list_label_inside_a_field_instruction_is_trimmed_as_in_a_story() {
    // The label of white space alone is dropped from the instruction.
    let rtf = "{\\rtf1 {\\field{\\*\\fldinst EQ \\\\o(\\\\s\\\\up 5(a),x\\par{\\listtext \\tab}y)}{\\fldrslt }}\\par}";
    assert_eq!(text(rtf).0, "x\ny\n");
}

#[test]
fn a_note_inside_a_field_result_does_not_make_the_result_shown() {
    // The result's own story got no text: the EQ field's text stands in.
    let rtf = "{\\rtf1 a{\\field{\\*\\fldinst EQ \\\\o(\\\\s\\\\up 5(r),B)}{\\fldrslt {\\footnote note\\par}}}\\par}";
    let doc = rtf_text::parse(rtf.as_bytes()).unwrap();
    let parts: Vec<&str> = doc.parts.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(parts, ["aB\n", "note\n"]);
}
