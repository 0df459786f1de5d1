//! The page tree (ISO 32000-1 §7.7.3) with inherited attributes (§7.7.3.4).

use std::borrow::Cow;
use std::collections::HashSet;

use crate::Error;
use crate::document::Document;
use crate::object::{Dict, ObjRef, Object};

/// A page: its dictionary and the attributes it inherits from the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The page object's reference (absent for a direct page dictionary).
    pub id: Option<ObjRef>,
    /// The page dictionary.
    pub dict: Dict,
    /// `/Resources`, resolved, inherited when absent.
    pub resources: Option<Dict>,
    /// `/MediaBox` as `[llx lly urx ury]`, inherited.
    pub media_box: Option<[f64; 4]>,
    /// `/CropBox`, inherited.
    pub crop_box: Option<[f64; 4]>,
    /// `/Rotate` in degrees, inherited, normalised to 0, 90, 180 or 270.
    pub rotate: i64,
}

#[derive(Clone, Default)]
struct Inherited {
    resources: Option<Object>,
    media_box: Option<Object>,
    crop_box: Option<Object>,
    rotate: Option<Object>,
}

impl Inherited {
    fn update(&mut self, d: &Dict) {
        let pick = |slot: &mut Option<Object>, key: &[u8]| {
            if let Some(v) = d.get(key) {
                *slot = Some(v.clone());
            }
        };
        pick(&mut self.resources, b"Resources");
        pick(&mut self.media_box, b"MediaBox");
        pick(&mut self.crop_box, b"CropBox");
        pick(&mut self.rotate, b"Rotate");
    }
}

impl Document<'_> {
    fn rect(&self, o: &Option<Object>) -> Option<[f64; 4]> {
        let o = self.resolve(o.as_ref()?).ok()?;
        let a = o.as_array()?;
        let mut r = [0.0; 4];
        for (slot, v) in r.iter_mut().zip(a) {
            *slot = self.resolve(v).ok()?.as_f64()?;
        }
        (a.len() >= 4).then_some(r)
    }

    /// The pages in document order. Cycles and over-deep trees are cut
    /// with a warning.
    pub fn pages(&self) -> Result<Vec<Page>, Error> {
        let catalog = self.catalog()?;
        let root = catalog
            .get(b"Pages")
            .cloned()
            .ok_or(Error::Corrupt("catalog has no /Pages".into()))?;
        let limits = &self.options().limits;
        let mut pages = Vec::new();
        let mut visited: HashSet<ObjRef> = HashSet::new();
        // Depth-first with an explicit stack, children pushed in reverse.
        let mut stack: Vec<(Object, Inherited, usize)> = vec![(root, Inherited::default(), 0)];
        let mut issues = Vec::new();
        while let Some((node, inh, depth)) = stack.pop() {
            let id = node.as_ref();
            if let Some(r) = id {
                if !visited.insert(r) {
                    issues.push(format!("page tree visits {r} twice (cycle); skipped"));
                    continue;
                }
            }
            if depth > limits.max_depth {
                issues.push(format!("page tree deeper than {}; cut", limits.max_depth));
                continue;
            }
            let resolved = match self.resolve(&node) {
                Ok(o) => o.into_owned(),
                Err(e) => {
                    // A kid that cannot be parsed still stands for a page (as
                    // viewers count it); it is kept empty, with its inherited attributes.
                    issues.push(format!(
                        "page tree node unreadable, kept as an empty page: {e}"
                    ));
                    Object::Dict(Dict::new())
                }
            };
            let Some(dict) = resolved.as_dict() else {
                continue;
            };
            let ty = dict.get_name(b"Type");
            let kids = match dict.get(b"Kids") {
                Some(k) if ty != Some(b"Page") => match self.resolve(k).map(Cow::into_owned) {
                    Ok(Object::Array(a)) => Some(a),
                    // A damaged `/Kids` that is a single reference to a node.
                    Ok(Object::Dict(_)) | Err(_) if matches!(k, Object::Ref(_)) => {
                        Some(vec![k.clone()])
                    }
                    _ => None,
                },
                _ => None,
            };
            let mut inh = inh;
            inh.update(dict);
            match kids {
                Some(kids) => {
                    for k in kids.into_iter().rev() {
                        stack.push((k, inh.clone(), depth + 1));
                    }
                }
                None if ty == Some(b"Pages") => {}
                None => {
                    if pages.len() >= limits.max_pages {
                        // The pages read so far are good: keep them.
                        issues.push(format!(
                            "more than {} pages; the rest dropped (Limits::max_pages)",
                            limits.max_pages
                        ));
                        break;
                    }
                    let resources = inh
                        .resources
                        .as_ref()
                        .and_then(|r| self.resolve(r).ok())
                        .and_then(|r| r.as_dict().cloned());
                    let rotate = inh
                        .rotate
                        .as_ref()
                        .and_then(|r| self.resolve(r).ok())
                        .and_then(|r| r.as_i64())
                        .unwrap_or(0)
                        .rem_euclid(360)
                        / 90
                        * 90;
                    pages.push(Page {
                        id,
                        dict: dict.clone(),
                        resources,
                        media_box: self.rect(&inh.media_box),
                        crop_box: self.rect(&inh.crop_box),
                        rotate,
                    });
                }
            }
        }
        for i in issues {
            self.warn(None, i);
        }
        Ok(pages)
    }

    /// Number of pages (the length of [`Document::pages`]; 0 when the tree is unreadable).
    pub fn page_count(&self) -> usize {
        self.pages().map(|p| p.len()).unwrap_or(0)
    }

    /// The page's content streams, decoded and joined with a newline (§7.8.2).
    /// A damaged stream is skipped with a warning.
    pub fn page_contents(&self, page: &Page) -> Result<Vec<u8>, Error> {
        let c = match self.dict_get(&page.dict, b"Contents") {
            Ok(Some(c)) => c,
            Ok(None) => return Ok(Vec::new()),
            Err(e) => {
                self.warn(None, format!("page /Contents unreadable: {e}"));
                return Ok(Vec::new());
            }
        };
        let parts: Vec<Object> = match c {
            Object::Array(a) => a,
            other => vec![other],
        };
        let mut out = Vec::new();
        for p in parts {
            let o = match self.resolve(&p) {
                Ok(o) => o,
                Err(e) => {
                    self.warn(None, format!("content stream unreadable: {e}"));
                    continue;
                }
            };
            let Some(s) = o.as_stream() else { continue };
            match self.stream_data(s) {
                Ok(d) => {
                    if !out.is_empty() {
                        out.push(b'\n');
                    }
                    if out.len().saturating_add(d.len()) > self.options().limits.max_stream_bytes {
                        return Err(Error::LimitExceeded {
                            what: "page content size",
                            limit: self.options().limits.max_stream_bytes as u64,
                        });
                    }
                    out.extend_from_slice(&d);
                }
                Err(e) => self.warn(None, format!("content stream unreadable: {e}")),
            }
        }
        Ok(out)
    }
}
