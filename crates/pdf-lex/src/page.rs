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

/// What a page-tree walk has found so far.
#[derive(Default)]
struct Walk {
    pages: Vec<Page>,
    visited: HashSet<ObjRef>,
    issues: Vec<String>,
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
    /// with a warning. Without a catalog (a file cut short), the pages are
    /// recovered from the page objects that survive: the surviving page-tree
    /// fragments in order, then orphaned pages by object number, each
    /// inheriting what its surviving ancestors give.
    pub fn pages(&self) -> Result<Vec<Page>, Error> {
        let catalog = match self.catalog() {
            Ok(c) => c,
            Err(e) if self.was_rebuilt() => return self.recover_pages().ok_or(e),
            Err(e) => return Err(e),
        };
        let root = catalog
            .get(b"Pages")
            .cloned()
            .ok_or(Error::Corrupt("catalog has no /Pages".into()))?;
        let mut walk = Walk::default();
        self.walk_tree(root, Inherited::default(), &mut walk);
        for i in walk.issues {
            self.warn(crate::WarningKind::Pages, None, i);
        }
        Ok(walk.pages)
    }

    /// Pages from the objects that survive, when there is no catalog.
    fn recover_pages(&self) -> Option<Vec<Page>> {
        let limits = &self.options().limits;
        let mut nodes: Vec<(ObjRef, Dict)> = Vec::new();
        for r in self.object_refs().into_iter().take(limits.max_objects) {
            if self.check_deadline().is_err() {
                self.warn(
                    crate::WarningKind::Limit,
                    None,
                    "deadline reached while recovering pages".into(),
                );
                break;
            }
            if let Ok(o) = self.get(r)
                && let Some(d) = o.as_dict()
                && matches!(d.get_name(b"Type"), Some(b"Page" | b"Pages"))
            {
                nodes.push((r, d.clone()));
            }
        }
        let is_tree_node = |r: ObjRef| {
            nodes
                .iter()
                .any(|(n, d)| *n == r && d.get_name(b"Type") == Some(b"Pages"))
        };
        let mut walk = Walk::default();
        // Fragments: tree nodes whose parent did not survive, in object order.
        for (r, d) in &nodes {
            let parent = d.get(b"Parent").and_then(Object::as_ref);
            if d.get_name(b"Type") == Some(b"Pages") && !parent.is_some_and(is_tree_node) {
                let inherited = self.inherited_from(d);
                self.walk_tree(Object::Ref(*r), inherited, &mut walk);
            }
        }
        // Pages no surviving fragment reaches.
        for (r, d) in &nodes {
            if d.get_name(b"Type") == Some(b"Page") && !walk.visited.contains(r) {
                let inherited = self.inherited_from(d);
                self.walk_tree(Object::Ref(*r), inherited, &mut walk);
            }
        }
        for i in walk.issues {
            self.warn(crate::WarningKind::Pages, None, i);
        }
        (!walk.pages.is_empty()).then_some(walk.pages)
    }

    /// The attributes a node inherits from its surviving ancestors.
    fn inherited_from(&self, node: &Dict) -> Inherited {
        let mut chain = Vec::new();
        let mut seen = HashSet::new();
        let mut next = node.get(b"Parent").and_then(Object::as_ref);
        while let Some(r) = next {
            if !seen.insert(r) || chain.len() > self.options().limits.max_depth {
                break;
            }
            let Ok(o) = self.get(r) else { break };
            let Some(d) = o.as_dict() else { break };
            next = d.get(b"Parent").and_then(Object::as_ref);
            chain.push(d.clone());
        }
        let mut inh = Inherited::default();
        for d in chain.iter().rev() {
            inh.update(d);
        }
        inh
    }

    /// Depth-first walk of the (sub)tree at `root`, leaves appended to
    /// `walk.pages`.
    fn walk_tree(&self, root: Object, inherited: Inherited, walk: &mut Walk) {
        let limits = &self.options().limits;
        // Depth-first with an explicit stack, children pushed in reverse.
        let mut stack: Vec<(Object, Inherited, usize)> = vec![(root, inherited, 0)];
        while let Some((node, inh, depth)) = stack.pop() {
            let id = node.as_ref();
            if let Some(r) = id
                && !walk.visited.insert(r)
            {
                walk.issues
                    .push(format!("page tree visits {r} twice (cycle); skipped"));
                continue;
            }
            if depth > limits.max_depth {
                walk.issues
                    .push(format!("page tree deeper than {}; cut", limits.max_depth));
                continue;
            }
            let resolved = match self.resolve(&node) {
                Ok(o) => o.into_owned(),
                Err(e) => {
                    // A kid that cannot be parsed still stands for a page (as
                    // viewers count it); it is kept empty, with its inherited attributes.
                    walk.issues.push(format!(
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
                    if walk.pages.len() >= limits.max_pages {
                        // The pages read so far are good: keep them.
                        walk.issues.push(format!(
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
                    walk.pages.push(Page {
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
    }

    /// Number of pages (the length of [`Document::pages`]; 0 when the tree is unreadable).
    pub fn page_count(&self) -> usize {
        self.pages().map(|p| p.len()).unwrap_or(0)
    }

    /// The page's content streams, decoded and joined with a newline (§7.8.2).
    /// A damaged stream is skipped with a warning.
    pub fn page_contents(&self, page: &Page) -> Result<Vec<u8>, Error> {
        self.page_content_streams(page).map(|(data, _)| data)
    }

    /// [`Document::page_contents`], with the offset in the joined bytes
    /// at which each content stream that could be read begins (ascending;
    /// the first is 0 when there is one). A page's streams form one
    /// stream of tokens (§7.8.2), but a damaged one — an unterminated
    /// string or inline image — must not swallow the streams after it.
    pub fn page_content_streams(&self, page: &Page) -> Result<(Vec<u8>, Vec<usize>), Error> {
        let mut starts = Vec::new();
        let c = match self.dict_get(&page.dict, b"Contents") {
            Ok(Some(c)) => c,
            Ok(None) => return Ok((Vec::new(), starts)),
            Err(e) => {
                self.warn(
                    crate::WarningKind::Stream,
                    None,
                    format!("page /Contents unreadable: {e}"),
                );
                return Ok((Vec::new(), starts));
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
                    self.warn(
                        crate::WarningKind::Stream,
                        None,
                        format!("content stream unreadable: {e}"),
                    );
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
                    starts.push(out.len());
                    out.extend_from_slice(&d);
                }
                Err(e) => self.warn(
                    crate::WarningKind::Stream,
                    None,
                    format!("content stream unreadable: {e}"),
                ),
            }
        }
        Ok((out, starts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file cut before its catalog, trailer and xref: two page-tree
    /// fragments (the second holding pages 3 and 4) and an orphaned page
    /// whose parent is lost.
    const CUT: &str = "%PDF-1.4\n\
        3 0 obj <</Type/Pages/Parent 99 0 R/Kids[4 0 R 5 0 R]/Count 2/MediaBox[0 0 200 100]>> endobj\n\
        4 0 obj <</Type/Page/Parent 3 0 R>> endobj\n\
        5 0 obj <</Type/Page/Parent 3 0 R/Rotate 90>> endobj\n\
        6 0 obj <</Type/Page/Parent 98 0 R/MediaBox[0 0 50 50]>> endobj\n\
        7 0 obj <</Type/Pages/Kids[8 0 R]/Count 1>> endobj\n\
        8 0 obj <</Type/Page/Parent 7 0 R>> endobj\n\
        9 0 obj <</Type/Catal";

    #[test]
    fn pages_of_a_file_cut_before_its_catalog_are_recovered() {
        let doc = Document::open(CUT.as_bytes()).unwrap();
        let pages = doc.pages().unwrap();
        let ids: Vec<u32> = pages.iter().map(|p| p.id.unwrap().num).collect();
        assert_eq!(ids, [4, 5, 8, 6]);
        assert_eq!(pages[0].media_box, Some([0.0, 0.0, 200.0, 100.0]));
        assert_eq!(pages[1].rotate, 90);
        assert_eq!(pages[3].media_box, Some([0.0, 0.0, 50.0, 50.0]));
        assert!(
            doc.warnings()
                .iter()
                .any(|w| w.message.contains("no document catalog")),
            "{:?}",
            doc.warnings()
        );
    }

    #[test]
    fn a_file_without_catalog_or_pages_is_still_an_error() {
        assert!(Document::open(b"%PDF-1.4\n1 0 obj <</A 1>> endobj\n").is_err());
    }
}
