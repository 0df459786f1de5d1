//! Name trees (ISO 32000-1 §7.9.6): `/Kids` down to leaves whose `/Names`
//! array holds key/value pairs in key order.

use std::collections::HashSet;

use crate::document::Document;
use crate::object::{ObjRef, Object};

/// The pairs of a name tree, in tree order, and what stopped the walk early.
#[derive(Debug, Default)]
pub(crate) struct NameTree {
    /// `(key, value)`: the key's string bytes and the value as written (a
    /// reference, usually).
    pub entries: Vec<(Vec<u8>, Object)>,
    /// Defects met on the way (a cycle, an unreadable node, the depth
    /// limit), for the caller to turn into warnings.
    pub issues: Vec<String>,
    /// Whether the walk stopped at `max_entries` (the caller's limit, which
    /// the caller reports).
    pub truncated: bool,
}

/// Walks the name tree whose root is `root`: depth first, kids in order,
/// at most `max_entries` pairs and `max_depth` levels. A node reached twice
/// (a cycle, or a kid shared by two parents) is read once.
pub(crate) fn walk(
    doc: &Document<'_>,
    root: &Object,
    what: &str,
    max_entries: usize,
    max_depth: usize,
) -> NameTree {
    let mut tree = NameTree::default();
    let mut visited: HashSet<ObjRef> = HashSet::new();
    let mut stack: Vec<(Object, usize)> = vec![(root.clone(), 0)];
    while let Some((node, depth)) = stack.pop() {
        if doc.check_deadline().is_err() {
            tree.issues.push(format!(
                "{what} name tree: deadline reached; the rest skipped"
            ));
            break;
        }
        if let Some(r) = node.as_ref()
            && !visited.insert(r)
        {
            tree.issues.push(format!(
                "{what} name tree: node {r} reached twice (cycle); skipped"
            ));
            continue;
        }
        if depth > max_depth {
            tree.issues.push(format!(
                "{what} name tree deeper than {max_depth} levels; cut (Limits::max_depth)"
            ));
            continue;
        }
        let node = match doc.resolve(&node) {
            Ok(n) => n.into_owned(),
            Err(e) => {
                tree.issues
                    .push(format!("{what} name tree: node unreadable ({e}); skipped"));
                continue;
            }
        };
        let Some(dict) = node.as_dict() else {
            continue;
        };
        if let Some(names) = dict.get(b"Names") {
            let names = match doc.resolve(names) {
                Ok(n) => n.into_owned(),
                Err(e) => {
                    tree.issues.push(format!(
                        "{what} name tree: /Names unreadable ({e}); skipped"
                    ));
                    Object::Null
                }
            };
            let items = names.as_array().unwrap_or(&[]);
            for pair in items.chunks(2) {
                let [key, value] = pair else {
                    tree.issues
                        .push(format!("{what} name tree: a key without a value; ignored"));
                    break;
                };
                let key = match doc.resolve(key).map(std::borrow::Cow::into_owned) {
                    Ok(Object::String(s)) => s,
                    // Keys are strings; a name is a common slip.
                    Ok(Object::Name(n)) => n,
                    _ => {
                        tree.issues
                            .push(format!("{what} name tree: a key is not a string; skipped"));
                        continue;
                    }
                };
                if tree.entries.len() >= max_entries {
                    tree.truncated = true;
                    return tree;
                }
                tree.entries.push((key, value.clone()));
            }
        }
        if let Some(kids) = dict.get(b"Kids") {
            match doc.resolve(kids).map(std::borrow::Cow::into_owned) {
                Ok(Object::Array(kids)) => {
                    for k in kids.into_iter().rev() {
                        stack.push((k, depth + 1));
                    }
                }
                Ok(_) => tree
                    .issues
                    .push(format!("{what} name tree: /Kids is not an array; ignored")),
                Err(e) => tree
                    .issues
                    .push(format!("{what} name tree: /Kids unreadable ({e}); skipped")),
            }
        }
    }
    tree
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(body: &str) -> Vec<u8> {
        format!(
            "%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n{body}\ntrailer <</Root 1 0 R>>\n"
        )
        .into_bytes()
    }

    #[test]
    fn kids_and_leaves_in_order() {
        let data = doc("5 0 obj <</Kids[6 0 R 7 0 R]>> endobj \
             6 0 obj <</Limits[(a)(b)]/Names[(a) 1 (b) 2]>> endobj \
             7 0 obj <</Names[(c) 3]>> endobj");
        let d = Document::open(&data).unwrap();
        let t = walk(&d, &Object::Ref(ObjRef::new(5, 0)), "test", 100, 10);
        let keys: Vec<&[u8]> = t.entries.iter().map(|(k, _)| k.as_slice()).collect();
        assert_eq!(keys, [&b"a"[..], b"b", b"c"]);
        assert_eq!(t.entries[2].1, Object::Int(3));
        assert!(t.issues.is_empty(), "{:?}", t.issues);
    }

    #[test]
    fn cycles_depth_and_count_are_bounded() {
        let data = doc("5 0 obj <</Kids[6 0 R 5 0 R]>> endobj \
             6 0 obj <</Names[(a) 1 (b) 2 (c) 3]/Kids[5 0 R 6 0 R]>> endobj");
        let d = Document::open(&data).unwrap();
        let t = walk(&d, &Object::Ref(ObjRef::new(5, 0)), "test", 100, 10);
        assert_eq!(t.entries.len(), 3);
        assert!(
            t.issues.iter().any(|i| i.contains("cycle")),
            "{:?}",
            t.issues
        );
        let t = walk(&d, &Object::Ref(ObjRef::new(5, 0)), "test", 2, 10);
        assert_eq!(t.entries.len(), 2);
        assert!(t.truncated);
        let t = walk(&d, &Object::Ref(ObjRef::new(5, 0)), "test", 100, 0);
        assert!(t.entries.is_empty());
        assert!(t.issues.iter().any(|i| i.contains("deeper")));
    }
}
