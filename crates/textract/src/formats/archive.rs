//! Archives as containers: each ZIP or tar entry, and the file inside a
//! gzip stream, is an embedded document extracted in turn. The archive's
//! own document has no text. Entry count, total bytes and (for compressed
//! entries) the compression ratio are bounded by
//! [`EmbeddedOptions`](crate::EmbeddedOptions), so a zip or gzip bomb is a
//! warning, not gigabytes of zeros.

use std::io::{Cursor, Read};

use doc_model::{EmbeddedFile, EmbeddedKind};

use crate::registry::Extract;
use crate::{Context, Document, Error, Format, Warning};

pub(crate) const EXTRACT_ZIP: Option<Extract> = Some(zip);
pub(crate) const EXTRACT_GZIP: Option<Extract> = Some(gzip);
pub(crate) const EXTRACT_TAR: Option<Extract> = Some(tar);

/// Below this size an entry's compression ratio is not checked (as Apache
/// Tika's zip-bomb guard does): small, highly repetitive files are normal.
const RATIO_THRESHOLD: u64 = 1 << 20;

/// Collects an archive's entries within the embedded-file budget left.
struct Collector<'c> {
    ctx: &'c Context<'c>,
    doc: Document,
    count_left: usize,
    bytes_left: u64,
    stopped: bool,
}

impl<'c> Collector<'c> {
    fn new(ctx: &'c Context<'c>, format: Format) -> Collector<'c> {
        Collector {
            ctx,
            doc: Document::new(format),
            count_left: ctx.budget.remaining_count(ctx.options),
            bytes_left: ctx.budget.remaining_bytes(ctx.options),
            stopped: false,
        }
    }

    fn warn(&mut self, message: String) {
        self.doc.warnings.push(Warning::new("textract", message));
    }

    /// Whether another entry may be read; warns once when a limit or the
    /// deadline says no.
    fn may_read(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        let why = if !self.ctx.options.embedded.extract {
            Some(String::new())
        } else if self.count_left == 0 {
            Some(format!(
                "archive entries past {} (EmbeddedOptions::max_count) were skipped",
                self.ctx.options.embedded.max_count
            ))
        } else if doc_model::deadline_passed(self.ctx.deadline) {
            Some("archive entries after the deadline were skipped".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            if !why.is_empty() {
                self.warn(why);
            }
            self.stopped = true;
            return false;
        }
        true
    }

    /// The most bytes an entry of `compressed` bytes may inflate to, or a
    /// warning why `declared` bytes are too many.
    fn allowance(&mut self, name: &str, declared: u64, compressed: Option<u64>) -> Option<u64> {
        let ratio_cap = compressed.map(|c| {
            c.saturating_mul(self.ctx.options.embedded.max_ratio)
                .max(RATIO_THRESHOLD)
        });
        if let Some(cap) = ratio_cap
            && declared > cap
        {
            self.warn(format!(
                "archive entry {name}: {declared} bytes from {} compressed exceeds the ratio limit of {} (EmbeddedOptions::max_ratio); skipped",
                compressed.unwrap_or(0),
                self.ctx.options.embedded.max_ratio
            ));
            return None;
        }
        if declared > self.bytes_left {
            self.warn(format!(
                "archive entry {name}: {declared} bytes exceeds the {} bytes left of EmbeddedOptions::max_total_bytes; skipped",
                self.bytes_left
            ));
            return None;
        }
        // An entry that inflates past what it declares is a liar: reading
        // stops there, so memory stays within what the header admitted to.
        Some(
            declared
                .min(ratio_cap.unwrap_or(u64::MAX))
                .min(self.bytes_left),
        )
    }

    /// Reads at most `allowance` bytes of an entry declared as `declared`
    /// bytes; an entry that inflates past its allowance is skipped.
    fn read(&mut self, name: &str, reader: impl Read, allowance: u64) -> Option<Vec<u8>> {
        let mut data = Vec::new();
        let read = reader
            .take(allowance.saturating_add(1))
            .read_to_end(&mut data);
        if let Err(e) = read {
            self.warn(format!("archive entry {name}: {e}; skipped"));
            return None;
        }
        if data.len() as u64 > allowance {
            self.warn(format!(
                "archive entry {name} inflates past {allowance} bytes (more than it declares, or past the ratio or total-bytes limit); skipped"
            ));
            return None;
        }
        Some(data)
    }

    fn push(&mut self, path: &str, data: Vec<u8>) {
        self.count_left = self.count_left.saturating_sub(1);
        self.bytes_left = self.bytes_left.saturating_sub(data.len() as u64);
        let path = format!("/{}", path.trim_start_matches('/'));
        let name = path
            .rsplit('/')
            .next()
            .filter(|n| !n.is_empty())
            .map(str::to_string);
        let mut file = EmbeddedFile::new(path, EmbeddedKind::ArchiveEntry, data);
        file.name = name;
        self.doc.pending.push(file);
    }
}

/// A ZIP archive (deflated and stored entries).
fn zip(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut archive =
        ::zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| Error::corrupt(Format::Zip, e))?;
    let mut c = Collector::new(ctx, Format::Zip);
    for i in 0..archive.len() {
        if !c.may_read() {
            break;
        }
        let (name, declared, compressed, is_dir, encrypted) = match archive.by_index_raw(i) {
            Ok(f) => (
                f.name().to_string(),
                f.size(),
                f.compressed_size(),
                f.is_dir(),
                f.encrypted(),
            ),
            Err(e) => {
                c.warn(format!("archive entry {i}: {e}; skipped"));
                continue;
            }
        };
        if is_dir {
            continue;
        }
        if encrypted {
            c.warn(format!(
                "archive entry {name} is encrypted; skipped (no password support for ZIP entries)"
            ));
            continue;
        }
        let Some(allowance) = c.allowance(&name, declared, Some(compressed)) else {
            continue;
        };
        let data = match archive.by_index(i) {
            Ok(file) => c.read(&name, file, allowance),
            Err(e) => {
                c.warn(format!("archive entry {name}: {e}; skipped"));
                None
            }
        };
        if let Some(data) = data {
            c.push(&name, data);
        }
    }
    Ok(c.doc)
}

/// A gzip stream: the one file inside it, named by the header's file name.
fn gzip(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut decoder = flate2::read::MultiGzDecoder::new(bytes);
    let mut c = Collector::new(ctx, Format::Gzip);
    if !c.may_read() {
        return Ok(c.doc);
    }
    let name = decoder
        .header()
        .and_then(|h| h.filename())
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "content".to_string());
    // The decompressed size is unknown up front: the ratio to the
    // compressed bytes consumed so far is checked as the data comes (as
    // Tika's zip-bomb guard does), and the total-bytes limit bounds the rest.
    let ratio = ctx.options.embedded.max_ratio;
    let mut data = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    let mut damaged = None;
    loop {
        let n = match decoder.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                damaged = Some(e);
                break;
            }
        };
        data.extend_from_slice(&chunk[..n]);
        let out = data.len() as u64;
        let consumed = bytes.len().saturating_sub(decoder.get_ref().len()) as u64;
        if out > RATIO_THRESHOLD && out > consumed.saturating_mul(ratio) {
            c.warn(format!(
                "gzip content inflates {out} bytes from {consumed}, past the ratio limit of {ratio} (EmbeddedOptions::max_ratio); not extracted"
            ));
            return Ok(c.doc);
        }
        if out > c.bytes_left {
            c.warn(format!(
                "gzip content exceeds the {} bytes left of EmbeddedOptions::max_total_bytes; not extracted",
                c.bytes_left
            ));
            return Ok(c.doc);
        }
    }
    if let Some(e) = damaged {
        if data.is_empty() {
            return Err(Error::corrupt(Format::Gzip, e));
        }
        c.warn(format!(
            "gzip stream damaged after {} bytes: {e}; the bytes before it are extracted",
            data.len()
        ));
    }
    c.push(&name, data);
    Ok(c.doc)
}

/// A tar archive (ustar, GNU and pax headers): each regular file.
fn tar(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut archive = ::tar::Archive::new(bytes);
    let entries = archive
        .entries()
        .map_err(|e| Error::corrupt(Format::Tar, e))?;
    let mut c = Collector::new(ctx, Format::Tar);
    for entry in entries {
        if !c.may_read() {
            break;
        }
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                c.warn(format!("tar archive damaged: {e}; later entries skipped"));
                break;
            }
        };
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path().map_or_else(
            |_| String::from_utf8_lossy(&entry.path_bytes()).into_owned(),
            |p| p.to_string_lossy().into_owned(),
        );
        let declared = entry.size();
        let Some(allowance) = c.allowance(&name, declared, None) else {
            continue;
        };
        if let Some(data) = c.read(&name, entry, allowance) {
            c.push(&name, data);
        }
    }
    Ok(c.doc)
}
