//! Mutation test of the CMap parser: thousands of deterministic mutants of
//! real-shaped CMaps (byte flips, cuts, splices, inserted tokens) must parse
//! or fail with an error, never panic, hang or exceed the limits; and every
//! parsed CMap must split any bytes into codes that cover them exactly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use pdf_cmap::{CMap, Code, Limits};
use testkit::rng::{Rng, mutate as mutate_bytes};

const SEEDS: &[&str] = &[
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n\
     /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
     /CMapName /Adobe-Identity-UCS def /CMapType 2 def\n\
     1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
     2 beginbfchar <1898> <656C> <0003> <D835DC00> endbfchar\n\
     2 beginbfrange <07e8> <07eb> <306D> <0010> <0012> [<0066 0066> <00660069> /f_f_l] endbfrange\n\
     endcmap CMapName currentdict /CMap defineresource pop end end",
    "%!PS-Adobe-3.0 Resource-CMap\n/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Japan1) def /Supplement 6 def end def\n\
     /CMapName /Test-RKSJ-H def /WMode 0 def\n\
     4 begincodespacerange <00> <80> <8140> <9FFC> <A0> <DF> <E040> <FCFC> endcodespacerange\n\
     1 beginnotdefrange <00> <1f> 231 endnotdefrange\n\
     3 begincidrange <20> <7e> 231 <8140> <817e> 633 <e040> <e07e> 7000 endcidrange\n\
     1 begincidchar <815f> 97 endcidchar endcmap",
    "/Identity-H usecmap /WMode 1 def 1 begincidchar <0001> 7 endcidchar 1 beginbfchar <0002> <0041> endbfchar",
    "1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange 1 beginbfrange <00000000> <00000FFF> <0000> endbfrange",
];

const TOKENS: &[&[u8]] = &[
    b"beginbfrange",
    b"endbfrange",
    b"beginbfchar",
    b"begincidrange",
    b"begincodespacerange",
    b"endcmap",
    b"usecmap",
    b"/90ms-RKSJ-H usecmap",
    b"<",
    b">",
    b"[",
    b"]",
    b"(",
    b")",
    b"<<",
    b"%",
    b"<FFFFFFFF>",
    b"<00>",
    b"-1",
    b"4294967296",
    b"/WMode",
    b"<D800>",
];

/// CMap-shaped damage on top of `testkit::rng::mutate`'s byte-level kinds:
/// CMap operators and tokens spliced in, pieces cut and repeated.
fn mutate(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(b.len() + 1);
        match rng.below(6) {
            0 if !b.is_empty() => {
                let i = at.min(b.len() - 1);
                b[i] ^= 1 << rng.below(8);
            }
            1 => b.truncate(at),
            2 => {
                let end = (at + rng.below(40)).min(b.len());
                b.drain(at..end);
            }
            3 => {
                let t = TOKENS[rng.below(TOKENS.len())];
                b.splice(at..at, [b" ".as_slice(), t, b" "].concat());
            }
            4 => {
                let from = rng.below(b.len());
                let end = (from + rng.below(60)).min(b.len());
                let piece = b[from..end].to_vec();
                b.splice(at..at, piece);
            }
            _ => {
                let i = at.min(b.len().saturating_sub(1));
                if let Some(x) = b.get_mut(i) {
                    *x = rng.byte();
                }
            }
        }
    }
    b
}

#[test]
fn mutants_never_panic_and_respect_limits() {
    let mut limits = Limits::default();
    limits.max_entries = 5000;
    limits.max_unicode_codes = 10_000;
    limits.max_array_items = 100;
    const SEED: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rng = Rng::new(SEED);
    let (mut ok, mut err) = (0, 0);
    let probe: Vec<u8> = (0..64).map(|i| (i * 37 + 11) as u8).collect();
    for round in 0..4000 {
        let seed = SEEDS[round % SEEDS.len()].as_bytes();
        // Every fifth mutant is byte-level damage from the shared mutator.
        let m = if round % 5 == 4 {
            mutate_bytes(seed, round / 5, &mut rng).0
        } else {
            mutate(seed, &mut rng)
        };
        match CMap::parse_with(&m, &limits) {
            Ok(c) => {
                ok += 1;
                assert!(
                    c.unicode_len() <= limits.max_unicode_codes,
                    "seed {SEED:#x}, round {round}"
                );
                let total: usize = c
                    .decode_codes(&probe)
                    .map(|code| usize::from(code.len))
                    .sum();
                assert_eq!(
                    total,
                    probe.len(),
                    "seed {SEED:#x}, round {round}: codes must cover the input exactly"
                );
                for code in c.decode_codes(&probe) {
                    let _ = c.lookup_cid(code);
                    let _ = c.lookup_unicode(code);
                }
                let _ = c.lookup_cid(Code::new(u32::MAX, 4));
                assert!(c.wmode() <= 1);
            }
            Err(_) => err += 1,
        }
    }
    println!("{ok} mutants parsed, {err} rejected");
    assert!(ok > 2000);
}

#[test]
fn mutants_of_a_real_predefined_cmap() {
    let path = std::path::Path::new("/usr/share/poppler/cMap/Adobe-Japan1/90ms-RKSJ-H");
    let Ok(seed) = std::fs::read(path) else {
        println!("poppler-data not found: real-CMap mutation test skipped");
        return;
    };
    let mut rng = Rng::new(42);
    for round in 0..300 {
        let m = mutate(&seed, &mut rng);
        if let Ok(c) = CMap::parse(&m) {
            let total: usize = c
                .decode_codes(b"\x82\xa0abc\xff")
                .map(|code| usize::from(code.len))
                .sum();
            assert_eq!(total, 6, "seed 42, round {round}");
        }
    }
}
