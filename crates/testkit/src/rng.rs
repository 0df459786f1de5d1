//! A tiny deterministic generator and the mutator of the mutation tests.

/// splitmix64: a tiny deterministic generator, so a failure names its seed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A random byte.
    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }

    /// `len` random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.byte()).collect()
    }
}

/// The number of distinct mutations [`mutate`] cycles through.
pub const MUTATIONS: usize = 7;

/// The `k`-th mutation of `data` under `rng` (`k % MUTATIONS` picks the
/// kind), and a description naming what was changed: a truncation, bit flips
/// in the first KiB (headers: CFB, FIB, `%PDF`, BIFF BOF, zip local header),
/// random bytes in the last 2 KiB (PDF xref, zip central directory), random
/// bytes anywhere, bytes in a structure (a CFB's first FAT sector, a PDF's
/// last xref table), bytes in Word's FIB, or a chunk duplicated elsewhere.
pub fn mutate(data: &[u8], k: usize, rng: &mut Rng) -> (Vec<u8>, String) {
    let len = data.len();
    match k % MUTATIONS {
        0 => {
            let at = rng.below(len);
            (data[..at].to_vec(), format!("truncated at {at}"))
        }
        1 => {
            let mut d = data.to_vec();
            let region = len.min(1024);
            for _ in 0..4 {
                let i = rng.below(region);
                if let Some(b) = d.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
            (d, "4 bit flips in the first 1 KiB".into())
        }
        2 => {
            let mut d = data.to_vec();
            let start = len.saturating_sub(2048);
            for _ in 0..4 {
                let i = start + rng.below(len - start);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.byte();
                }
            }
            (d, "4 random bytes in the last 2 KiB".into())
        }
        3 => {
            let mut d = data.to_vec();
            let n = (1 + len / 512).min(64);
            for _ in 0..n {
                let i = rng.below(len);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.byte();
                }
            }
            (d, format!("{n} random bytes anywhere"))
        }
        4 => {
            let mut d = data.to_vec();
            let region = if data.starts_with(b"\xD0\xCF\x11\xE0") {
                let shift = data.get(0x1E).map_or(9, |&s| u32::from(s).clamp(7, 12));
                let fat0 = data
                    .get(0x4C..0x50)
                    .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
                let at = (u64::from(fat0) + 1) << shift;
                usize::try_from(at)
                    .ok()
                    .filter(|&a| a < len)
                    .map(|a| (a, (1usize << shift).min(len - a)))
            } else {
                data.windows(5)
                    .rposition(|w| w == b"xref\n" || w == b"xref\r")
                    .map(|a| (a, 400.min(len - a)))
            };
            let (at, size) = region.unwrap_or((0, len.min(1024)));
            for _ in 0..4 {
                let i = at + rng.below(size);
                if let Some(b) = d.get_mut(i) {
                    *b = if data.starts_with(b"%PDF") {
                        b'0' + (rng.next_u64() % 10) as u8
                    } else {
                        rng.byte()
                    };
                }
            }
            (d, format!("4 bytes in the FAT / xref at {at}"))
        }
        5 => {
            let mut d = data.to_vec();
            let fib = data.windows(2).position(|w| w == [0xEC, 0xA5]).unwrap_or(0);
            let size = (len - fib).min(1024);
            for _ in 0..4 {
                let i = fib + rng.below(size);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.byte();
                }
            }
            (d, format!("4 bytes in the FIB at {fib}"))
        }
        _ => {
            let from = rng.below(len);
            let size = rng.below((len - from).min(4096)) + 1;
            let to = rng.below(len);
            let chunk = data.get(from..from + size).unwrap_or_default();
            let mut d = data[..to].to_vec();
            d.extend_from_slice(chunk);
            d.extend_from_slice(&data[to..]);
            (d, format!("{size} bytes from {from} duplicated at {to}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_mutations() {
        let data: Vec<u8> = (0..5000u32).map(|i| i as u8).collect();
        for k in 0..MUTATIONS * 2 {
            let a = mutate(&data, k, &mut Rng::new(42));
            let b = mutate(&data, k, &mut Rng::new(42));
            assert_eq!(a, b);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn empty_input_does_not_panic() {
        for k in 0..MUTATIONS {
            let _ = mutate(&[], k, &mut Rng::new(k as u64));
        }
    }
}
