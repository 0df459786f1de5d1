//! Fuzzes `xml-tree`: any bytes through `parse_bounded` with small depth
//! and node limits, then every accessor (`text`, `descendants`, `find_all`, `attr`, `child`,
//! `elements`) over the tree it returns.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (root, _error) = xml_tree::parse_bounded(data, 64, 4096);
    let _ = root.text();
    let mut all = Vec::new();
    root.descendants("p", &mut all);
    let mut found = Vec::new();
    root.find_all("t", &mut found);
    all.extend(found);
    for e in &all {
        let _ = e.attr("val");
        let _ = e.child("t");
        let _ = e.elements().count();
    }
});
