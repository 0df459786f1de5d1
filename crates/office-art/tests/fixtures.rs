//! Fixture tests on `fixtures/officeart` (regenerate with `cargo xtask
//! fixtures officeart`): the BLIP store gives every picture type as its
//! golden lists it, byte for byte the file in `pictures/`; the drawing
//! gives its shapes, properties and client records as listed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use office_art::{Drawing, DrawingGroup, Options};
use sha2::{Digest, Sha256};

fn fixture(name: &str) -> Vec<u8> {
    let p = testkit::fixture("officeart").join(name);
    std::fs::read(&p).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run `cargo xtask fixtures officeart`)",
            p.display()
        )
    })
}

fn sha256(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn every_blip_type_comes_out_as_its_file() {
    let dgg = fixture("drawing-group.bin");
    let delay = fixture("drawing-group.delay.bin");
    let g = DrawingGroup::parse(&dgg, Some(&delay), &Options::default()).unwrap();
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    let mut got = String::new();
    for (i, e) in g.bstore.entries.iter().enumerate() {
        let pib = i + 1;
        match &e.blip {
            Some(b) => {
                assert!(b.warnings.is_empty(), "{pib}: {:?}", b.warnings);
                assert_eq!(
                    b.data,
                    fixture(&format!("pictures/{pib}.{}", b.extension)),
                    "{pib}"
                );
                got.push_str(&format!(
                    "{pib}\t{:?}\t{}\t{}\t{}\t{}\n",
                    b.blip_type,
                    b.extension,
                    b.media_type,
                    b.data.len(),
                    sha256(&b.data)
                ));
            }
            None => got.push_str(&format!("{pib}\t-\n")),
        }
    }
    assert_eq!(
        got,
        String::from_utf8(fixture("drawing-group.bin.blips.txt")).unwrap()
    );
    let first = g.bstore.entries[0].fbse.as_ref().unwrap();
    assert_eq!(first.name.as_deref(), Some("chart.emf"));
    assert_eq!(
        g.bstore.blip(1).unwrap().metafile.unwrap().bounds,
        [0, 0, 100, 50]
    );
}

#[test]
fn without_the_delay_stream_the_delayed_pictures_are_warnings() {
    let dgg = fixture("drawing-group.bin");
    let g = DrawingGroup::parse(&dgg, None, &Options::default()).unwrap();
    let found: Vec<u32> = g.bstore.blips().map(|(p, _)| p).collect();
    assert_eq!(found, [1, 4, 7]);
    assert_eq!(g.warnings.len(), 6, "{:?}", g.warnings);
}

#[test]
fn the_drawing_lists_its_shapes() {
    let data = fixture("drawing.bin");
    let d = Drawing::parse(&data, &Options::default()).unwrap();
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
    let mut got = String::new();
    for s in &d.shapes {
        let mut client = Vec::new();
        if s.client_anchor.is_some() {
            client.push("anchor");
        }
        if s.client_data.is_some() {
            client.push("data");
        }
        if s.client_textbox.is_some() {
            client.push("textbox");
        }
        got.push_str(&format!(
            "{}\t{}\t{}\t{:#x}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            s.depth,
            s.spid,
            s.shape_type,
            s.flags,
            opt(s.blip_id().map(|v| v.to_string())),
            opt(s.text_id().map(|v| v.to_string())),
            opt(s.name()),
            opt(s.description()),
            opt(s.word_art_text()),
            opt(s
                .child_anchor
                .map(|a| format!("{},{},{},{}", a[0], a[1], a[2], a[3]))),
            if client.is_empty() {
                "-".to_owned()
            } else {
                client.join(",")
            },
        ));
    }
    assert_eq!(
        got,
        String::from_utf8(fixture("drawing.bin.shapes.txt")).unwrap()
    );
    assert!(d.shapes.last().unwrap().is_deleted());
    assert_eq!(
        d.shapes[2].client_textbox.unwrap().body,
        0x0001_0000u32.to_le_bytes()
    );
}

#[test]
fn cut_fixtures_keep_what_survives() {
    let dgg = fixture("drawing-group.bin");
    let delay = fixture("drawing-group.delay.bin");
    for cut in (0..dgg.len()).step_by(7) {
        if let Ok(g) = DrawingGroup::parse(&dgg[..cut], Some(&delay), &Options::default()) {
            assert!(g.bstore.entries.len() <= 10);
        }
    }
    for cut in (0..delay.len()).step_by(5) {
        let g = DrawingGroup::parse(&dgg, Some(&delay[..cut]), &Options::default()).unwrap();
        assert!(g.bstore.blips().count() >= 3);
    }
    let data = fixture("drawing.bin");
    for cut in 0..data.len() {
        let d = Drawing::parse(&data[..cut], &Options::default()).unwrap();
        assert!(d.shapes.len() <= 7);
    }
}
