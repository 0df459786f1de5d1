//! Seeded mutations (`testkit::rng::mutate`) of the fixtures and of the
//! corpus's OfficeArt bytes (PowerPoint `Pictures` streams and drawing
//! groups, Excel drawing groups) go through every parser: no panic, no
//! picture larger than its input allows, every limit holding.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use office_art::{BStore, Blip, Drawing, DrawingGroup, Options};
use ole_cfb_read::CompoundFile;
use testkit::rng::{MUTATIONS, Rng, mutate};

fn exercise(data: &[u8], delay: Option<&[u8]>, options: &Options) {
    let max_meta = options.limits.max_blip_size as usize + 512 + 22;
    let bound = data.len().max(delay.map_or(0, <[u8]>::len)) + 14;
    let check = |b: &Blip| {
        let cap = if b.metafile.is_some() {
            max_meta
        } else {
            bound
        };
        assert!(b.data.len() <= cap, "{} bytes of picture", b.data.len());
    };
    if let Ok(g) = DrawingGroup::parse(data, delay, options) {
        g.bstore.blips().for_each(|(_, b)| check(b));
    }
    BStore::from_file_blocks(data, 0, delay, options)
        .blips()
        .for_each(|(_, b)| check(b));
    if let Ok(d) = Drawing::parse(data, options) {
        for s in &d.shapes {
            let _ = (
                s.name(),
                s.description(),
                s.word_art_text(),
                s.picture_name(),
            );
        }
    }
    if let Ok(b) = Blip::parse_with(data, options) {
        check(&b);
    }
}

#[test]
fn seeded_mutations_never_panic() {
    let mut inputs: Vec<(Vec<u8>, Option<Vec<u8>>)> = Vec::new();
    let fx = |n: &str| std::fs::read(testkit::fixture("officeart").join(n)).unwrap();
    inputs.push((fx("drawing-group.bin"), Some(fx("drawing-group.delay.bin"))));
    inputs.push((fx("drawing.bin"), None));
    for folder in ["ppt", "xls"] {
        for path in common::compound_files("office_art_mutation", folder).unwrap_or_default() {
            let data = std::fs::read(&path).unwrap();
            let Ok(cfb) = CompoundFile::open(&data) else {
                continue;
            };
            if let Some((dgg, pictures)) = common::ppt_drawing_group(&cfb) {
                let dgg = dgg[..dgg.len().min(64 << 10)].to_vec();
                let pictures = pictures[..pictures.len().min(256 << 10)].to_vec();
                inputs.push((pictures.clone(), None));
                inputs.push((dgg, Some(pictures)));
            }
            if let Some(dgg) = common::xls_drawing_group(&cfb) {
                inputs.push((dgg, None));
            }
        }
    }
    let mut options = Options::default();
    options.limits.max_blip_size = 8 << 20;
    let mut rng = Rng::new(0x0FF1_CEA7);
    let mut runs = 0;
    for (data, delay) in &inputs {
        for k in 0..MUTATIONS * 6 {
            let (m, _what) = mutate(data, k, &mut rng);
            exercise(&m, delay.as_deref(), &options);
            if let Some(d) = delay {
                let (md, _) = mutate(d, k, &mut rng);
                exercise(data, Some(&md), &options);
            }
            runs += 1;
        }
    }
    println!(
        "office-art mutation: {runs} mutated inputs from {} sources",
        inputs.len()
    );
    assert!(runs >= 2 * MUTATIONS * 6);
}
