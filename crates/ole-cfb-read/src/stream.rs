//! Reading a stream (MS-CFB 2.4 mini stream, 2.3 FAT sector chains):
//! the chain of regular or mini sectors behind a directory entry, turned
//! into bytes borrowed from the input when the sectors are contiguous.

use std::borrow::Cow;

use crate::bytes;
use crate::fat::follow;
use crate::header::{self, Header, MAXREGSECT};
use crate::{CompoundFile, Entry, EntryKind, Error, Warning, WarningKind};

/// A stream's bytes together with the defects met while reading it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stream<'a> {
    /// The bytes: borrowed from the input when the sectors are contiguous.
    /// Shorter than the declared size when the chain or the file ends early.
    pub data: Cow<'a, [u8]>,
    /// Why `data` is shorter than declared, if it is.
    pub warnings: Vec<Warning>,
}

impl<'a> CompoundFile<'a> {
    /// The bytes of the stream at `path`. A stream shorter than declared yields
    /// what its chain holds; use [`read_stream`](Self::read_stream) to see why.
    pub fn stream(&self, path: &str) -> Result<Cow<'a, [u8]>, Error> {
        self.read_stream(path).map(|s| s.data)
    }

    /// The bytes of the stream at `path` with the defects met reading them.
    pub fn read_stream(&self, path: &str) -> Result<Stream<'a>, Error> {
        let entry = self
            .entry(path)
            .ok_or_else(|| Error::NotFound(path.to_owned()))?;
        self.read_entry(entry)
    }

    /// The bytes of a stream entry obtained from [`entries`](Self::entries).
    pub fn read_entry(&self, entry: &Entry) -> Result<Stream<'a>, Error> {
        if entry.kind != EntryKind::Stream {
            return Err(Error::NotAStream(entry.path.clone()));
        }
        let size = entry.size;
        if size > self.limits.max_stream_size {
            return Err(Error::LimitExceeded {
                what: "declared stream size",
                limit: self.limits.max_stream_size,
            });
        }
        if size == 0 {
            return Ok(Stream {
                data: Cow::Borrowed(&[]),
                warnings: Vec::new(),
            });
        }
        let mut warnings = Vec::new();
        let ss = self.sectors.0.size as u64;
        let data = self.sectors.0.data;
        let mut runs = Runs::default();
        if size < self.mini_cutoff {
            let mini_sectors = self.mini_stream.as_ref().map_err(Clone::clone)?;
            let need = size.div_ceil(64) as usize;
            let chain = follow(
                &self.mini_fat,
                entry.start_sector,
                Some(need),
                "mini FAT chain",
            )?;
            for m in &chain.ids {
                let pos = u64::from(*m) * 64;
                let len = 64.min(self.mini_stream_len.saturating_sub(pos));
                let Some(&sector) = mini_sectors.get((pos / ss) as usize) else {
                    break;
                };
                let start = self.sectors.0.offset(sector) + pos % ss;
                if !runs.push(start, len, data.len()) {
                    break;
                }
            }
            if let Some(d) = chain.defect {
                warnings.push(crate::error::warning(
                    WarningKind::Stream,
                    format!("{}: {d}", entry.path),
                ));
            }
        } else {
            let need = usize::try_from(size.div_ceil(ss)).unwrap_or(usize::MAX);
            if entry.start_sector > MAXREGSECT && entry.start_sector != header::ENDOFCHAIN {
                warnings.push(crate::error::warning(
                    WarningKind::Stream,
                    format!(
                        "{}: start sector {:#x} is a special value",
                        entry.path, entry.start_sector
                    ),
                ));
            }
            let chain = follow(&self.fat, entry.start_sector, Some(need), "FAT chain")?;
            for id in &chain.ids {
                if !runs.push(self.sectors.0.offset(*id), ss, data.len()) {
                    break;
                }
            }
            if let Some(d) = chain.defect {
                warnings.push(crate::error::warning(
                    WarningKind::Stream,
                    format!("{}: {d}", entry.path),
                ));
            }
        }
        let bytes = runs.assemble(data, size);
        if (bytes.len() as u64) < size {
            warnings.push(crate::error::warning(
                WarningKind::Stream,
                format!(
                    "{}: declared {size} bytes, {} readable",
                    entry.path,
                    bytes.len()
                ),
            ));
        }
        Ok(Stream {
            data: bytes,
            warnings,
        })
    }

    /// Reads the mini FAT and locates the mini stream (MS-CFB 2.4); failures
    /// are recorded and reported when a small stream is read.
    pub(crate) fn load_mini_stream(&mut self, header: &Header) {
        let ss = self.sectors.0.size;
        let root_size = self.root.size;
        if root_size == 0 {
            return;
        }
        let need = usize::try_from(root_size.div_ceil(ss as u64)).unwrap_or(usize::MAX);
        match follow(
            &self.fat,
            self.root.start_sector,
            Some(need),
            "mini stream chain",
        ) {
            Ok(chain) => {
                if let Some(d) = chain.defect {
                    self.warn(WarningKind::MiniStream, d);
                }
                self.mini_stream_len = root_size.min(chain.ids.len() as u64 * ss as u64);
                if self.mini_stream_len < root_size {
                    self.warn(
                        WarningKind::MiniStream,
                        format!(
                            "mini stream declares {root_size} bytes, its chain holds {}",
                            self.mini_stream_len
                        ),
                    );
                }
                self.mini_stream = Ok(chain.ids);
            }
            Err(e) => {
                self.warn(
                    WarningKind::MiniStream,
                    format!("mini stream unreadable: {e}"),
                );
                self.mini_stream = Err(e);
                return;
            }
        }
        let used = usize::try_from(root_size.div_ceil(64)).unwrap_or(usize::MAX);
        match follow(
            &self.fat,
            header.first_mini_fat_sector,
            Some(header.num_mini_fat_sectors as usize),
            "mini FAT sector chain",
        ) {
            Ok(chain) => {
                if let Some(d) = chain.defect {
                    self.warn(WarningKind::MiniStream, d);
                }
                let mut mini_fat = Vec::new();
                for id in chain.ids {
                    if let Some(s) = self.sectors.0.get(id) {
                        mini_fat.extend(s.chunks_exact(4).filter_map(|c| bytes::u32_at(c, 0)));
                    }
                    if mini_fat.len() >= used {
                        break;
                    }
                }
                mini_fat.truncate(used);
                self.mini_fat = mini_fat;
            }
            Err(e) => {
                self.warn(WarningKind::MiniStream, format!("mini FAT unreadable: {e}"));
                self.mini_stream = Err(e);
            }
        }
    }
}

/// Byte ranges of the input that make up a stream, merged when adjacent.
#[derive(Default)]
struct Runs {
    runs: Vec<(usize, usize)>,
}

impl Runs {
    /// Adds `len` bytes at `start`, clipped to the input; `false` once the input ends.
    fn push(&mut self, start: u64, len: u64, input_len: usize) -> bool {
        let Ok(start) = usize::try_from(start) else {
            return false;
        };
        if start >= input_len {
            return false;
        }
        let end = start
            .saturating_add(usize::try_from(len).unwrap_or(usize::MAX))
            .min(input_len);
        match self.runs.last_mut() {
            Some(last) if last.1 == start => last.1 = end,
            _ => self.runs.push((start, end)),
        }
        end - start == len as usize
    }

    /// The bytes, borrowed if they are one run, cut to `size`.
    fn assemble<'a>(&self, data: &'a [u8], size: u64) -> Cow<'a, [u8]> {
        let size = usize::try_from(size).unwrap_or(usize::MAX);
        match self.runs.as_slice() {
            [] => Cow::Borrowed(&[]),
            [(s, e)] => Cow::Borrowed(
                data.get(*s..(*e).min(s.saturating_add(size)))
                    .unwrap_or_default(),
            ),
            many => {
                let total: usize = many.iter().map(|(s, e)| e - s).sum();
                let mut out = Vec::with_capacity(total.min(size));
                for (s, e) in many {
                    out.extend_from_slice(data.get(*s..*e).unwrap_or_default());
                    if out.len() >= size {
                        break;
                    }
                }
                out.truncate(size);
                Cow::Owned(out)
            }
        }
    }
}
