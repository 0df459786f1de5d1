//! Images (ISO 32000-1 §8.9): image XObjects reachable from each page's
//! resources (and those of its Form XObjects), their soft masks and
//! explicit masks, and inline images (§8.9.7). DCT images come out as the
//! JPEG bytes themselves, JPX as `.jp2`, JBIG2 raw; every other image is
//! decoded (§8.9.3 sample data, §8.9.5.2 `/Decode`, §8.6 colour spaces,
//! CCITT fax through `hayro-ccitt`) and written as PNG.

use std::collections::{HashMap, HashSet};

use doc_model::{EmbeddedFile, EmbeddedKind};

use crate::color_space::{self, ColorSpace, cmyk_to_rgb};
use crate::content::Operations;
use crate::document::Document;
use crate::file_spec::Budget;
use crate::filters::decode_chain;
use crate::object::{Dict, ObjRef, Object, Stream};
use crate::page::Page;
use crate::xref::filter_list;

/// How an image's bytes are encoded as returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImageEncoding {
    /// The DCT stream itself: a JPEG file (`.jpg`).
    Jpeg,
    /// The JPX stream itself: JPEG 2000 (`.jp2`).
    Jpeg2000,
    /// The JBIG2 stream itself, without its `/JBIG2Globals` (`.jb2e`, as
    /// `pdfimages -all` names it).
    Jbig2,
    /// The CCITT fax stream itself, when it could not be decoded (`.ccitt`).
    Ccitt,
    /// Decoded and written as PNG (`.png`).
    Png,
}

impl ImageEncoding {
    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            ImageEncoding::Jpeg => "jpg",
            ImageEncoding::Jpeg2000 => "jp2",
            ImageEncoding::Jbig2 => "jb2e",
            ImageEncoding::Ccitt => "ccitt",
            ImageEncoding::Png => "png",
        }
    }

    /// The media type.
    pub fn media_type(self) -> &'static str {
        match self {
            ImageEncoding::Jpeg => "image/jpeg",
            ImageEncoding::Jpeg2000 => "image/jp2",
            ImageEncoding::Jbig2 => "image/x-jbig2",
            ImageEncoding::Ccitt => "image/x-ccitt-fax",
            ImageEncoding::Png => "image/png",
        }
    }
}

/// What an image is to the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImageRole {
    /// An image XObject drawn with `Do`.
    Image,
    /// Another image's `/SMask` (its alpha, as grey).
    SoftMask,
    /// Another image's `/Mask` stream (a stencil).
    Mask,
    /// A stencil mask XObject (`/ImageMask true`): painted pixels black.
    Stencil,
    /// An inline image (`BI … ID … EI`) of a content stream.
    Inline,
}

/// An image found in the document, ready to be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Image {
    /// Its path: `/image<object number>.<ext>` for an XObject,
    /// `/inline<page>-<n>.<ext>` for the n-th inline image of a page.
    pub path: String,
    /// The image XObject, when it is one.
    pub id: Option<ObjRef>,
    /// The first page it was found on, from 1.
    pub page: usize,
    /// What it is to the page.
    pub role: ImageRole,
    /// `/Width` in samples.
    pub width: u32,
    /// `/Height` in samples.
    pub height: u32,
    /// `/BitsPerComponent` (1 for stencils; 0 where the JPX stream states it).
    pub bits_per_component: u8,
    /// The colour space family as `pdfimages -list` names it: `gray`,
    /// `rgb`, `cmyk`, `lab`, `index`, `sep`, `devn`, `-` (stencil), or
    /// `?` where the stream (JPEG 2000) states it.
    pub color_space: &'static str,
    /// How [`Image::data`] is encoded.
    pub encoding: ImageEncoding,
    /// The bytes: the JPEG/JPEG 2000/JBIG2 stream itself, or a PNG.
    pub data: Vec<u8>,
}

impl Image {
    /// The media type of [`Image::data`].
    pub fn media_type(&self) -> &'static str {
        self.encoding.media_type()
    }

    /// As a [`doc_model::EmbeddedFile`] of kind [`EmbeddedKind::Image`],
    /// named after its path.
    pub fn to_embedded_file(&self) -> EmbeddedFile {
        self.clone().into_embedded_file()
    }

    /// [`Image::to_embedded_file`] without copying the bytes.
    pub fn into_embedded_file(self) -> EmbeddedFile {
        let name = self.path.trim_start_matches('/').to_string();
        let media_type = self.media_type();
        EmbeddedFile::new(self.path, EmbeddedKind::Image, self.data)
            .with_name(name)
            .with_media_type(media_type)
    }
}

/// The image parameters read from an image dictionary (§8.9.5) or an
/// inline image's abbreviated one (§8.9.7).
struct Params {
    width: u32,
    height: u32,
    bpc: Option<u8>,
    stencil: bool,
    color_space: Option<Object>,
    decode: Option<Vec<f64>>,
}

/// The full name of an inline image key (Table 93).
fn inline_key(k: &[u8]) -> &[u8] {
    match k {
        b"W" => b"Width",
        b"H" => b"Height",
        b"BPC" => b"BitsPerComponent",
        b"CS" => b"ColorSpace",
        b"D" => b"Decode",
        b"DP" => b"DecodeParms",
        b"F" => b"Filter",
        b"IM" => b"ImageMask",
        b"I" => b"Interpolate",
        b"L" => b"Length",
        other => other,
    }
}

/// Largest width or height accepted.
const MAX_SIDE: i64 = 1 << 24;

fn params(doc: &Document<'_>, dict: &Dict) -> Result<Params, String> {
    let int = |k: &[u8]| {
        doc.dict_get(dict, k)
            .ok()
            .flatten()
            .and_then(|v| v.as_i64())
    };
    let side = |k: &[u8]| -> Result<u32, String> {
        match int(k) {
            Some(v) if (1..=MAX_SIDE).contains(&v) => Ok(v as u32),
            Some(v) => Err(format!("/{} {v} out of range", String::from_utf8_lossy(k))),
            None => Err(format!("no /{}", String::from_utf8_lossy(k))),
        }
    };
    let stencil = doc
        .dict_get(dict, b"ImageMask")
        .ok()
        .flatten()
        .and_then(|b| b.as_bool())
        .unwrap_or(false);
    let bpc = match int(b"BitsPerComponent") {
        Some(b @ (1 | 2 | 4 | 8 | 16)) => Some(b as u8),
        Some(b) => return Err(format!("/BitsPerComponent {b} is not 1, 2, 4, 8 or 16")),
        None if stencil => Some(1),
        None => None,
    };
    let decode = match doc.dict_get(dict, b"Decode").ok().flatten() {
        Some(Object::Array(a)) => a
            .iter()
            .map(|x| doc.resolve(x).ok()?.as_f64())
            .collect::<Option<Vec<f64>>>(),
        _ => None,
    };
    Ok(Params {
        width: side(b"Width")?,
        height: side(b"Height")?,
        bpc,
        stencil,
        color_space: doc.dict_get(dict, b"ColorSpace").ok().flatten(),
        decode,
    })
}

/// The first image filter of a filter list, its index and its parameters.
fn image_filter(filters: &[Object], parms: &[Object]) -> Option<(Vec<u8>, Dict)> {
    filters.iter().enumerate().find_map(|(i, f)| {
        let name = f.as_name()?;
        let canonical: &[u8] = match name {
            b"DCTDecode" | b"DCT" => b"DCTDecode",
            b"JPXDecode" => b"JPXDecode",
            b"JBIG2Decode" => b"JBIG2Decode",
            b"CCITTFaxDecode" | b"CCF" => b"CCITTFaxDecode",
            _ => return None,
        };
        let parm = parms
            .get(i)
            .and_then(Object::as_dict)
            .cloned()
            .unwrap_or_default();
        Some((canonical.to_vec(), parm))
    })
}

/// One decoded image before it is given a path.
struct Decoded {
    encoding: ImageEncoding,
    data: Vec<u8>,
    bpc: u8,
    color_space: &'static str,
}

/// Decodes an image whose stream bytes (after the non-image filters) are
/// `data`. Problems that still leave an image are pushed to `issues`.
fn decode(
    doc: &Document<'_>,
    p: &Params,
    data: Vec<u8>,
    filter: Option<(Vec<u8>, Dict)>,
    resources: Option<&Dict>,
    issues: &mut Vec<String>,
) -> Result<Decoded, String> {
    let limits = &doc.options().limits;
    let pixels = u64::from(p.width) * u64::from(p.height);
    if pixels > limits.max_image_pixels {
        return Err(format!(
            "{} × {} pixels is more than the limit of {} (Limits::max_image_pixels)",
            p.width, p.height, limits.max_image_pixels
        ));
    }
    let cs = if p.stencil {
        None
    } else {
        match &p.color_space {
            Some(cs) => Some(color_space::parse(doc, cs, resources)?),
            None => None,
        }
    };
    let family = |cs: &Option<ColorSpace>| cs.as_ref().map_or("-", color_space::family);
    let (filter_name, parm) = match filter {
        Some((n, d)) => (Some(n), d),
        None => (None, Dict::new()),
    };
    match filter_name.as_deref() {
        Some(b"DCTDecode") => {
            return Ok(Decoded {
                encoding: ImageEncoding::Jpeg,
                data,
                bpc: p.bpc.unwrap_or(8),
                color_space: family(&cs),
            });
        }
        Some(b"JPXDecode") => {
            return Ok(Decoded {
                encoding: ImageEncoding::Jpeg2000,
                data,
                bpc: p.bpc.unwrap_or(0),
                color_space: if cs.is_some() { family(&cs) } else { "?" },
            });
        }
        Some(b"JBIG2Decode") => {
            let globals = parm.contains_key(b"JBIG2Globals");
            issues.push(format!(
                "JBIG2 image kept undecoded as .jb2e{}",
                if globals {
                    " (its /JBIG2Globals stream is not included)"
                } else {
                    ""
                }
            ));
            return Ok(Decoded {
                encoding: ImageEncoding::Jbig2,
                data,
                bpc: 1,
                color_space: if p.stencil { "-" } else { "gray" },
            });
        }
        _ => {}
    }
    let cs_for_raw = match (&cs, p.stencil) {
        (_, true) => None,
        (Some(cs), false) => Some(cs.clone()),
        (None, false) => {
            issues.push("image without /ColorSpace: read as DeviceGray".into());
            Some(ColorSpace::Gray)
        }
    };
    let bpc = match p.bpc {
        Some(b) => b,
        None => return Err("image without /BitsPerComponent".into()),
    };
    let samples = if filter_name.as_deref() == Some(b"CCITTFaxDecode") {
        if bpc != 1 {
            return Err("CCITT fax image with more than 1 bit per component".into());
        }
        match ccitt(&data, p.width, p.height, &parm, issues) {
            Some(s) => s,
            None => {
                return Ok(Decoded {
                    encoding: ImageEncoding::Ccitt,
                    data,
                    bpc: 1,
                    color_space: family(&cs),
                });
            }
        }
    } else {
        data
    };
    let png = to_png(
        &samples,
        p.width,
        p.height,
        bpc,
        cs_for_raw.as_ref(),
        p.decode.as_deref(),
        issues,
    )?;
    Ok(Decoded {
        encoding: ImageEncoding::Png,
        data: png,
        bpc,
        color_space: family(&cs_for_raw),
    })
}

/// A sink for `hayro-ccitt` that packs rows of 1-bit samples, 1 for white
/// (or for black with `/BlackIs1 true`), as the image's samples read.
struct CcittRows {
    width: usize,
    row_len: usize,
    rows: usize,
    black_is_1: bool,
    out: Vec<u8>,
}

impl hayro_ccitt::Decoder for CcittRows {
    fn push_row(&mut self, changes: &[u32]) {
        if self.out.len() >= self.rows * self.row_len {
            return;
        }
        let white = if self.black_is_1 { 0x00 } else { 0xFF };
        let start = self.out.len();
        self.out.resize(start + self.row_len, white);
        let row = &mut self.out[start..];
        for pair in changes.chunks(2) {
            let from = pair[0] as usize;
            let to = pair
                .get(1)
                .map_or(self.width, |t| *t as usize)
                .min(self.width);
            for x in from..to {
                // Black pixels: flip from the white fill.
                row[x / 8] ^= 0x80 >> (x % 8);
            }
        }
    }
}

/// Decodes a CCITT fax stream (§7.4.6) into 1-bit samples; `None` when
/// nothing could be decoded.
fn ccitt(
    data: &[u8],
    width: u32,
    height: u32,
    parm: &Dict,
    issues: &mut Vec<String>,
) -> Option<Vec<u8>> {
    let int = |k: &[u8], d: i64| parm.get_i64(k).unwrap_or(d);
    let flag = |k: &[u8], d: bool| parm.get(k).and_then(Object::as_bool).unwrap_or(d);
    let k = int(b"K", 0);
    let columns = u32::try_from(int(b"Columns", 1728)).unwrap_or(width);
    if columns != width {
        issues.push(format!(
            "CCITT /Columns {columns} differs from /Width {width}; /Width used"
        ));
    }
    let settings = hayro_ccitt::DecodeSettings {
        columns: width,
        rows: height,
        end_of_block: flag(b"EndOfBlock", true),
        end_of_line: flag(b"EndOfLine", false),
        rows_are_byte_aligned: flag(b"EncodedByteAlign", false),
        encoding: match k {
            k if k < 0 => hayro_ccitt::EncodingMode::Group4,
            0 => hayro_ccitt::EncodingMode::Group3_1D,
            _ => hayro_ccitt::EncodingMode::Group3_2D,
        },
        strict: false,
    };
    let width = width as usize;
    let row_len = width.div_ceil(8);
    let mut rows = CcittRows {
        width,
        row_len,
        rows: height as usize,
        black_is_1: flag(b"BlackIs1", false),
        out: Vec::new(),
    };
    let mut ctx = hayro_ccitt::DecoderContext::new(settings);
    let result = hayro_ccitt::decode(data, &mut rows, &mut ctx);
    let full = rows.rows * row_len;
    if rows.out.is_empty() {
        issues.push(match result {
            Err(e) => format!("CCITT fax image could not be decoded ({e}); kept raw as .ccitt"),
            Ok(_) => "CCITT fax image decodes to no rows; kept raw as .ccitt".into(),
        });
        return None;
    }
    if let Err(e) = result {
        issues.push(format!(
            "CCITT fax image damaged after row {} ({e}); the rest left white",
            rows.out.len() / row_len
        ));
    } else if rows.out.len() < full {
        issues.push(format!(
            "CCITT fax image has {} of {} rows; the rest left white",
            rows.out.len() / row_len,
            rows.rows
        ));
    }
    let white = if rows.black_is_1 { 0x00 } else { 0xFF };
    rows.out.resize(full, white);
    Some(rows.out)
}

/// The output pixel layout of a PNG.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Gray(u8),
    Rgb(u8),
    Indexed(u8),
}

/// Writes samples as a PNG.
fn write_png(
    width: u32,
    height: u32,
    layout: Layout,
    palette: Option<Vec<u8>>,
    data: &[u8],
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, width, height);
    let (color, depth) = match layout {
        Layout::Gray(d) => (png::ColorType::Grayscale, d),
        Layout::Rgb(d) => (png::ColorType::Rgb, d),
        Layout::Indexed(d) => (png::ColorType::Indexed, d),
    };
    enc.set_color(color);
    enc.set_depth(match depth {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        4 => png::BitDepth::Four,
        16 => png::BitDepth::Sixteen,
        _ => png::BitDepth::Eight,
    });
    enc.set_compression(png::Compression::Fast);
    if let Some(p) = palette {
        enc.set_palette(p);
    }
    let mut w = enc.write_header().map_err(|e| format!("PNG: {e}"))?;
    w.write_image_data(data).map_err(|e| format!("PNG: {e}"))?;
    w.finish().map_err(|e| format!("PNG: {e}"))?;
    Ok(out)
}

/// Decoded samples to PNG, honouring bits per component, `/Decode` and the
/// colour space (or a stencil mask when `cs` is `None`).
fn to_png(
    samples: &[u8],
    width: u32,
    height: u32,
    bpc: u8,
    cs: Option<&ColorSpace>,
    decode: Option<&[f64]>,
    issues: &mut Vec<String>,
) -> Result<Vec<u8>, String> {
    let n = cs.map_or(1, ColorSpace::components);
    let (w, h) = (width as usize, height as usize);
    let row_len = (w * n * usize::from(bpc)).div_ceil(8);
    let need = row_len.checked_mul(h).ok_or("image size overflows")?;
    let mut owned;
    let data: &[u8] = if samples.len() < need {
        issues.push(format!(
            "image data is {} bytes, {need} expected; the rest read as zeros",
            samples.len()
        ));
        owned = samples.to_vec();
        owned.resize(need, 0);
        &owned
    } else {
        &samples[..need]
    };
    let max = f64::from((1u32 << bpc) - 1);
    // /Decode, per component; `None` when it is the default.
    let defaults: Vec<[f64; 2]> = (0..n)
        .map(|i| cs.map_or([0.0, 1.0], |c| c.default_decode(i, bpc)))
        .collect();
    let ranges: Vec<[f64; 2]> = match decode {
        Some(d) if d.len() >= 2 * n => d.chunks_exact(2).take(n).map(|c| [c[0], c[1]]).collect(),
        Some(_) => {
            issues.push("/Decode of the wrong length; ignored".into());
            defaults.clone()
        }
        None => defaults.clone(),
    };
    let is_default = ranges == defaults;
    let inverted = n == 1 && ranges[0] == [defaults[0][1], defaults[0][0]];
    let Some(cs) = cs else {
        // A stencil: sample 0 paints (black) unless /Decode is [1 0].
        let painted_is_one = ranges[0][0] > ranges[0][1];
        if painted_is_one {
            owned = data.iter().map(|b| !b).collect();
            return write_png(width, height, Layout::Gray(1), None, &owned);
        }
        return write_png(width, height, Layout::Gray(1), None, data);
    };
    match cs {
        ColorSpace::Gray if is_default => {
            return write_png(width, height, Layout::Gray(bpc), None, data);
        }
        ColorSpace::Gray if inverted && bpc < 16 => {
            owned = data.iter().map(|b| !b).collect();
            return write_png(width, height, Layout::Gray(bpc), None, &owned);
        }
        ColorSpace::Rgb if is_default && bpc >= 8 => {
            return write_png(width, height, Layout::Rgb(bpc), None, data);
        }
        ColorSpace::Indexed { hival, .. } if is_default && bpc <= 8 => {
            // Indices past hival read as hival (as poppler reads them).
            let entries = 1usize << bpc;
            let mut scratch = Vec::new();
            let mut palette = Vec::with_capacity(entries * 3);
            for i in 0..entries {
                palette.extend_from_slice(&cs.to_rgb(&[i.min(*hival) as f64], &mut scratch));
            }
            return write_png(width, height, Layout::Indexed(bpc), Some(palette), data);
        }
        ColorSpace::Cmyk if is_default && bpc == 8 => {
            let mut rgb = Vec::with_capacity(w * h * 3);
            for row in data.chunks_exact(row_len.max(1)) {
                for px in row.chunks_exact(4) {
                    let f = |b: u8| f64::from(b) / 255.0;
                    rgb.extend_from_slice(&cmyk_to_rgb(f(px[0]), f(px[1]), f(px[2]), f(px[3])));
                }
            }
            return write_png(width, height, Layout::Rgb(8), None, &rgb);
        }
        _ => {}
    }
    if let ColorSpace::Tint {
        problem: Some(p), ..
    } = cs
    {
        issues.push(format!(
            "tint transform unreadable ({p}); tints shown as grey"
        ));
    }
    // The general path: every pixel's components mapped through /Decode
    // and converted; one-component spaces through a table of every sample value.
    let gray = cs.is_gray();
    let channels = if gray { 1 } else { 3 };
    let mut out = Vec::with_capacity(w * h * channels);
    let mut scratch = Vec::new();
    let mut comps = vec![0.0f64; n];
    let scale =
        |i: usize, v: u32| ranges[i][0] + f64::from(v) * (ranges[i][1] - ranges[i][0]) / max;
    if n == 1 {
        let table: Vec<[u8; 3]> = (0..=(max as u32))
            .map(|v| cs.to_rgb(&[scale(0, v)], &mut scratch))
            .collect();
        for row in data.chunks_exact(row_len.max(1)) {
            let mut bits = BitReader::new(row);
            for _ in 0..w {
                let c = table[bits.read(bpc) as usize];
                out.extend_from_slice(&c[..channels]);
            }
        }
    } else {
        // Colours seen, for costly conversions (tint transforms, Lab).
        let mut cache: HashMap<u64, [u8; 3]> = HashMap::new();
        for row in data.chunks_exact(row_len.max(1)) {
            let mut bits = BitReader::new(row);
            for _ in 0..w {
                let mut key = 0u64;
                for (i, c) in comps.iter_mut().enumerate() {
                    let v = bits.read(bpc);
                    key = key.wrapping_mul(65537).wrapping_add(u64::from(v));
                    *c = scale(i, v);
                }
                let rgb = match cache.get(&key) {
                    Some(c) if n * usize::from(bpc) <= 64 => *c,
                    _ => {
                        let c = cs.to_rgb(&comps, &mut scratch);
                        if cache.len() < 1 << 16 {
                            cache.insert(key, c);
                        }
                        c
                    }
                };
                out.extend_from_slice(&rgb[..channels]);
            }
        }
    }
    let layout = if gray {
        Layout::Gray(8)
    } else {
        Layout::Rgb(8)
    };
    write_png(width, height, layout, None, &out)
}

/// Reads `bpc`-bit big-endian samples from a row.
struct BitReader<'a> {
    data: &'a [u8],
    bit: usize,
}

impl<'a> BitReader<'a> {
    fn new(data: &'a [u8]) -> Self {
        Self { data, bit: 0 }
    }

    fn read(&mut self, bpc: u8) -> u32 {
        let v = match bpc {
            8 => u32::from(self.data.get(self.bit / 8).copied().unwrap_or(0)),
            16 => {
                let i = self.bit / 8;
                u32::from(self.data.get(i).copied().unwrap_or(0)) << 8
                    | u32::from(self.data.get(i + 1).copied().unwrap_or(0))
            }
            _ => {
                let byte = self.data.get(self.bit / 8).copied().unwrap_or(0);
                let shift = 8 - usize::from(bpc) - self.bit % 8;
                u32::from(byte >> shift) & ((1 << bpc) - 1)
            }
        };
        self.bit += usize::from(bpc);
        v
    }
}

/// Walks pages for images.
pub(crate) struct Walker<'d, 'a, 'b> {
    pub doc: &'d Document<'a>,
    pub budget: &'b mut Budget,
    pub inline: bool,
    pub seen: HashSet<ObjRef>,
    pub forms: HashSet<ObjRef>,
    /// Content streams already read for inline images.
    pub contents: HashSet<ObjRef>,
    pub out: Vec<Image>,
    /// Inline images numbered per page.
    pub inline_counts: HashMap<usize, usize>,
    /// Whether the budget ran out.
    pub stopped: bool,
}

impl Walker<'_, '_, '_> {
    /// The images of `page` (number `page_no`, from 1).
    pub fn page(&mut self, page_no: usize, page: &Page) {
        if self.inline {
            self.page_inline_images(page_no, page);
        }
        let res = page.resources.clone().unwrap_or_default();
        self.resources(page_no, &res);
        // Annotations' normal appearances draw on the page too (§12.5.5).
        let mut forms = Vec::new();
        for r in self.appearances(page) {
            if self.forms.contains(&r) || self.stopped {
                continue;
            }
            if let Ok(o) = self.doc.get(r)
                && let Some(s) = o.as_stream()
            {
                self.form(page_no, r, s, &res, 0, &mut forms);
            }
        }
        for (d, _) in forms {
            self.resources(page_no, &d);
        }
    }

    /// The inline images of a page's content streams. A stream shared by
    /// several pages is read once (a hostile file shares one large stream
    /// among hundreds of pages); an inline image cannot span two streams
    /// (§7.8.2), so each is read on its own.
    fn page_inline_images(&mut self, page_no: usize, page: &Page) {
        let doc = self.doc;
        let contents = match doc.dict_get(&page.dict, b"Contents") {
            Ok(Some(Object::Array(a))) => a,
            Ok(Some(c)) => vec![page.dict.get(b"Contents").cloned().unwrap_or(c)],
            Ok(None) => return,
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Image,
                    None,
                    format!("page {page_no}: /Contents unreadable ({e})"),
                );
                return;
            }
        };
        for c in contents {
            if self.stopped {
                return;
            }
            if let Some(r) = c.as_ref()
                && !self.contents.insert(r)
            {
                continue;
            }
            let data = match doc.resolve(&c) {
                Ok(o) => match o.as_stream() {
                    Some(s) => doc.stream_data(s),
                    None => continue,
                },
                Err(e) => Err(e),
            };
            match data {
                Ok(content) => self.inline_images(page_no, &content, page.resources.as_ref()),
                Err(e) => doc.warn(
                    crate::WarningKind::Image,
                    None,
                    format!("page {page_no}: content unreadable for inline images ({e})"),
                ),
            }
        }
    }

    /// The `/AP /N` streams of a page's annotations (one per state for
    /// check boxes and radio buttons).
    fn appearances(&self, page: &Page) -> Vec<ObjRef> {
        let doc = self.doc;
        let Ok(Some(Object::Array(annots))) = doc.dict_get(&page.dict, b"Annots") else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for a in annots.iter().take(doc.options().limits.max_parts) {
            let Some(a) = doc.resolve(a).ok().and_then(|a| a.as_dict().cloned()) else {
                continue;
            };
            let Ok(Some(Object::Dict(ap))) = doc.dict_get(&a, b"AP") else {
                continue;
            };
            match ap.get(b"N") {
                Some(Object::Ref(r)) => match doc.get(*r).ok().as_deref() {
                    Some(Object::Dict(states)) => {
                        out.extend(states.iter().filter_map(|(_, v)| v.as_ref()));
                    }
                    _ => out.push(*r),
                },
                Some(Object::Dict(states)) => {
                    out.extend(states.iter().filter_map(|(_, v)| v.as_ref()));
                }
                _ => {}
            }
        }
        out
    }

    /// The image XObjects of `resources` and, depth first, of its forms.
    fn resources(&mut self, page_no: usize, resources: &Dict) {
        let doc = self.doc;
        let mut stack: Vec<(Dict, usize)> = vec![(resources.clone(), 0)];
        while let Some((res, depth)) = stack.pop() {
            if self.stopped {
                return;
            }
            if doc.check_deadline().is_err() {
                doc.warn(
                    crate::WarningKind::Image,
                    None,
                    "deadline reached while reading images; the rest skipped".into(),
                );
                self.stopped = true;
                return;
            }
            let xobjects = match doc.dict_get(&res, b"XObject") {
                Ok(Some(Object::Dict(d))) => d,
                _ => Dict::new(),
            };
            let mut forms = Vec::new();
            for (_, v) in xobjects.iter() {
                if self.stopped {
                    return;
                }
                let Some(r) = v.as_ref() else {
                    // XObjects are streams, always indirect.
                    continue;
                };
                if self.seen.contains(&r) || self.forms.contains(&r) {
                    continue;
                }
                let obj = match doc.get(r) {
                    Ok(o) => o,
                    Err(e) => {
                        doc.warn(
                            crate::WarningKind::Image,
                            None,
                            format!("XObject {r} unreadable ({e}); skipped"),
                        );
                        continue;
                    }
                };
                let Some(stream) = obj.as_stream() else {
                    continue;
                };
                match stream.dict.get_name(b"Subtype") {
                    Some(b"Image") => self.xobject(page_no, r, stream, Some(&res)),
                    Some(b"Form") => self.form(page_no, r, stream, &res, depth, &mut forms),
                    _ => {}
                }
            }
            // Content that draws besides forms: soft-mask groups of
            // graphics states, tiling patterns, Type 3 glyphs.
            for r in self.drawing_streams(&res) {
                if self.forms.contains(&r) {
                    continue;
                }
                if let Ok(o) = doc.get(r) {
                    match o.as_ref() {
                        Object::Stream(s) => self.form(page_no, r, s, &res, depth, &mut forms),
                        Object::Dict(font) => {
                            self.forms.insert(r);
                            if let Ok(Some(Object::Dict(d))) = doc.dict_get(font, b"Resources") {
                                forms.push((d, depth + 1));
                            }
                        }
                        _ => {}
                    }
                }
            }
            stack.extend(forms.into_iter().rev());
        }
    }

    /// A Form XObject (or a stream drawn like one): its inline images now,
    /// its resources onto `forms`.
    fn form(
        &mut self,
        page_no: usize,
        r: ObjRef,
        stream: &Stream,
        res: &Dict,
        depth: usize,
        forms: &mut Vec<(Dict, usize)>,
    ) {
        let doc = self.doc;
        let max_depth = doc.options().limits.max_depth;
        self.forms.insert(r);
        if depth >= max_depth {
            doc.warn(
                crate::WarningKind::Image,
                None,
                format!("Form XObjects nested deeper than {max_depth}; cut (Limits::max_depth)"),
            );
            return;
        }
        let form_res = match doc.dict_get(&stream.dict, b"Resources") {
            Ok(Some(Object::Dict(d))) => Some(d),
            _ => None,
        };
        if self.inline {
            match doc.stream_data(stream) {
                Ok(content) => {
                    self.inline_images(page_no, &content, form_res.as_ref().or(Some(res)))
                }
                Err(e) => doc.warn(
                    crate::WarningKind::Image,
                    None,
                    format!("Form XObject {r} unreadable for inline images ({e})"),
                ),
            }
        }
        // A form without resources uses its page's.
        forms.push((form_res.unwrap_or_else(|| res.clone()), depth + 1));
    }

    /// The streams of `res` that draw besides Form XObjects: `/ExtGState`
    /// soft-mask groups (`/SMask /G`, §11.6.5.2), tiling patterns
    /// (§8.7.3) and Type 3 fonts (their dictionaries, for `/Resources`).
    fn drawing_streams(&self, res: &Dict) -> Vec<ObjRef> {
        let doc = self.doc;
        let mut out = Vec::new();
        let entries = |key: &[u8]| -> Vec<Object> {
            match doc.dict_get(res, key) {
                Ok(Some(Object::Dict(d))) => d.iter().map(|(_, v)| v.clone()).collect(),
                _ => Vec::new(),
            }
        };
        for gs in entries(b"ExtGState") {
            let Some(gs) = doc.resolve(&gs).ok().and_then(|g| g.as_dict().cloned()) else {
                continue;
            };
            let Ok(Some(Object::Dict(mask))) = doc.dict_get(&gs, b"SMask") else {
                continue;
            };
            if let Some(g) = mask.get(b"G").and_then(Object::as_ref) {
                out.push(g);
            }
        }
        for pattern in entries(b"Pattern") {
            let Some(r) = pattern.as_ref() else { continue };
            let tiling = doc.get(r).ok().is_some_and(|o| {
                o.as_stream()
                    .is_some_and(|s| s.dict.get_i64(b"PatternType") == Some(1))
            });
            if tiling {
                out.push(r);
            }
        }
        for font in entries(b"Font") {
            let Some(r) = font.as_ref() else { continue };
            let type3 = doc.get(r).ok().is_some_and(|o| {
                o.as_dict().and_then(|d| d.get_name(b"Subtype")) == Some(b"Type3")
            });
            if type3 {
                out.push(r);
            }
        }
        out
    }

    /// An image XObject, then its soft mask and explicit mask.
    fn xobject(&mut self, page_no: usize, r: ObjRef, stream: &Stream, res: Option<&Dict>) {
        let doc = self.doc;
        let stencil = stream.dict.get(b"ImageMask").and_then(Object::as_bool) == Some(true);
        let role = if stencil {
            ImageRole::Stencil
        } else {
            ImageRole::Image
        };
        self.one_xobject(page_no, r, stream, res, role);
        for (key, role) in [
            (&b"SMask"[..], ImageRole::SoftMask),
            (b"Mask", ImageRole::Mask),
        ] {
            let Some(m) = stream.dict.get(key).and_then(Object::as_ref) else {
                continue;
            };
            if self.seen.contains(&m) || self.stopped {
                continue;
            }
            if let Ok(o) = doc.get(m)
                && let Some(s) = o.as_stream()
            {
                self.one_xobject(page_no, m, s, res, role);
            }
        }
    }

    fn one_xobject(
        &mut self,
        page_no: usize,
        r: ObjRef,
        stream: &Stream,
        res: Option<&Dict>,
        role: ImageRole,
    ) {
        let doc = self.doc;
        self.seen.insert(r);
        let mut issues = Vec::new();
        let result = params(doc, &stream.dict).and_then(|p| {
            let filters = filter_list(
                doc.dict_get(&stream.dict, b"Filter")
                    .ok()
                    .flatten()
                    .as_ref(),
            );
            let parms = filter_list(
                doc.dict_get(&stream.dict, b"DecodeParms")
                    .ok()
                    .flatten()
                    .as_ref(),
            );
            let resolved = |v: Vec<Object>| -> Vec<Object> {
                v.into_iter()
                    .map(|o| {
                        doc.resolve(&o)
                            .map(std::borrow::Cow::into_owned)
                            .unwrap_or(Object::Null)
                    })
                    .collect()
            };
            let filter = image_filter(&resolved(filters), &resolved(parms));
            let data = doc.stream_data(stream).map_err(|e| e.to_string())?;
            decode(doc, &p, data, filter, res, &mut issues).map(|d| (p, d))
        });
        self.finish(
            page_no,
            Some(r),
            format!("image{}", r.num),
            role,
            result,
            issues,
        );
    }

    fn finish(
        &mut self,
        page_no: usize,
        id: Option<ObjRef>,
        stem: String,
        role: ImageRole,
        result: Result<(Params, Decoded), String>,
        issues: Vec<String>,
    ) {
        let doc = self.doc;
        for i in issues {
            doc.warn(
                crate::WarningKind::Image,
                None,
                format!("{stem} (page {page_no}): {i}"),
            );
        }
        let (p, d) = match result {
            Ok(x) => x,
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Image,
                    None,
                    format!("{stem} (page {page_no}): skipped: {e}"),
                );
                return;
            }
        };
        if !self.budget.take(doc, d.data.len(), "images", "max_images") {
            if self.budget.files_left == 0 {
                self.stopped = true;
            }
            return;
        }
        self.out.push(Image {
            path: format!("/{stem}.{}", d.encoding.extension()),
            id,
            page: page_no,
            role,
            width: p.width,
            height: p.height,
            bits_per_component: d.bpc,
            color_space: d.color_space,
            encoding: d.encoding,
            data: d.data,
        });
    }

    /// The inline images of a content stream.
    fn inline_images(&mut self, page_no: usize, content: &[u8], res: Option<&Dict>) {
        let doc = self.doc;
        let limit = doc.options().limits.max_stream_bytes;
        for op in Operations::new(content) {
            if self.stopped {
                return;
            }
            let Some(img) = op.inline_image else {
                continue;
            };
            let mut dict = Dict::new();
            for (k, v) in img.dict.iter() {
                dict.insert(inline_key(k).to_vec(), v.clone());
            }
            let n = self.inline_counts.entry(page_no).or_insert(0);
            *n += 1;
            let stem = format!("inline{page_no}-{n}");
            let mut issues = Vec::new();
            let result = params(doc, &dict).and_then(|p| {
                let filters = filter_list(dict.get(b"Filter"));
                let parms = filter_list(dict.get(b"DecodeParms"));
                let filter = image_filter(&filters, &parms);
                let decoded = decode_chain(img.data.to_vec(), &filters, &parms, limit)
                    .map_err(|e| e.to_string())?;
                issues.extend(decoded.warnings);
                decode(doc, &p, decoded.data, filter, res, &mut issues).map(|d| (p, d))
            });
            self.finish(page_no, None, stem, ImageRole::Inline, result, issues);
        }
    }
}

/// The images of `pages` in page order.
pub(crate) fn images(
    doc: &Document<'_>,
    pages: &[Page],
    inline: bool,
    budget: &mut Budget,
) -> Vec<Image> {
    let mut w = Walker {
        doc,
        budget,
        inline,
        seen: HashSet::new(),
        forms: HashSet::new(),
        contents: HashSet::new(),
        out: Vec::new(),
        inline_counts: HashMap::new(),
        stopped: false,
    };
    for (i, page) in pages.iter().enumerate() {
        if w.stopped {
            break;
        }
        w.page(i + 1, page);
    }
    w.out
}

impl Document<'_> {
    /// The images of every page: image XObjects of the page's resources and
    /// of its Form XObjects' (depth-first, each XObject once), each
    /// followed by its `/SMask` and `/Mask` images, and the inline images
    /// of the content streams. Bounded by [`crate::Limits::max_images`],
    /// [`crate::Limits::max_image_pixels`] and
    /// [`crate::Limits::max_embedded_bytes`], with a warning.
    pub fn images(&self) -> Vec<Image> {
        let pages = self.pages().unwrap_or_default();
        let limits = &self.options().limits;
        let mut budget = Budget::new(
            limits.max_images,
            limits.max_embedded_bytes,
            limits.max_embedded_bytes,
        );
        images(self, &pages, true, &mut budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of a PNG as 8-bit RGB (via the `png` crate's decoder).
    fn rgb(png_bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
        dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        let px = match info.color_type {
            png::ColorType::Grayscale => {
                buf[..info.buffer_size()].iter().map(|g| [*g; 3]).collect()
            }
            png::ColorType::Rgb => buf[..info.buffer_size()]
                .chunks_exact(3)
                .map(|c| [c[0], c[1], c[2]])
                .collect(),
            other => panic!("{other:?}"),
        };
        (info.width, info.height, px)
    }

    #[test]
    fn gray_bit_depths_and_decode() {
        let mut issues = Vec::new();
        // 4 × 1 at 2 bits: 0, 1, 2, 3.
        let png = to_png(
            &[0b0001_1011],
            4,
            1,
            2,
            Some(&ColorSpace::Gray),
            None,
            &mut issues,
        )
        .unwrap();
        assert_eq!(rgb(&png).2, [[0; 3], [85; 3], [170; 3], [255; 3]]);
        let png = to_png(
            &[0b0001_1011],
            4,
            1,
            2,
            Some(&ColorSpace::Gray),
            Some(&[1.0, 0.0]),
            &mut issues,
        )
        .unwrap();
        assert_eq!(rgb(&png).2, [[255; 3], [170; 3], [85; 3], [0; 3]]);
        // /Decode [0 0.5] at 8 bits goes through the table.
        let png = to_png(
            &[255, 0],
            2,
            1,
            8,
            Some(&ColorSpace::Gray),
            Some(&[0.0, 0.5]),
            &mut issues,
        )
        .unwrap();
        assert_eq!(rgb(&png).2, [[128; 3], [0; 3]]);
        assert!(issues.is_empty(), "{issues:?}");
    }

    #[test]
    fn short_data_padded_with_a_warning() {
        let mut issues = Vec::new();
        let png = to_png(&[200], 2, 2, 8, Some(&ColorSpace::Gray), None, &mut issues).unwrap();
        assert_eq!(rgb(&png).2, [[200; 3], [0; 3], [0; 3], [0; 3]]);
        assert_eq!(issues.len(), 1);
    }

    #[test]
    fn cmyk_rgb16_and_stencil() {
        let mut issues = Vec::new();
        let png = to_png(
            &[0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255],
            3,
            1,
            8,
            Some(&ColorSpace::Cmyk),
            None,
            &mut issues,
        )
        .unwrap();
        assert_eq!(rgb(&png).2, [[255, 255, 255], [0, 255, 255], [0, 0, 0]]);
        let png = to_png(
            &[0xFF, 0x00, 0, 0, 0x80, 0x00],
            1,
            1,
            16,
            Some(&ColorSpace::Rgb),
            None,
            &mut issues,
        )
        .unwrap();
        assert_eq!(rgb(&png).2, [[255, 0, 128]]);
        // Stencil: sample 0 paints black.
        let png = to_png(&[0b0100_0000], 2, 1, 1, None, None, &mut issues).unwrap();
        assert_eq!(rgb(&png).2, [[0; 3], [255; 3]]);
        let png = to_png(
            &[0b0100_0000],
            2,
            1,
            1,
            None,
            Some(&[1.0, 0.0]),
            &mut issues,
        )
        .unwrap();
        assert_eq!(rgb(&png).2, [[255; 3], [0; 3]]);
    }

    #[test]
    fn ccitt_group4_round_trip() {
        // An all-white 16 × 2 image in G4: two "vertical 0" codes (1 bit
        // each) per row… the simplest stream is pass/V0 per row: `1` then
        // the next row `1`: V0 against an all-white reference line.
        let mut issues = Vec::new();
        let mut parm = Dict::new();
        parm.insert(b"K".to_vec(), Object::Int(-1));
        parm.insert(b"Columns".to_vec(), Object::Int(16));
        let rows = ccitt(&[0b1100_0000], 16, 2, &parm, &mut issues).unwrap();
        assert_eq!(rows, [0xFF; 4]);
    }
}
