//! A small element tree over `quick-xml` for the XML parts of office
//! packages (HWPX, OOXML, OpenDocument): local names only (namespaces and
//! their prefixes differ between versions of a format, the local names do
//! not), the five predefined entities and character references, no DTD, no
//! external entities, nesting and the number of nodes bounded.
//!
//! ```
//! let (root, error) = xml_tree::parse(br#"<w:p xmlns:w="x"><w:t>A&amp;B</w:t></w:p>"#, 64);
//! assert!(error.is_none());
//! assert_eq!(root.child("p").unwrap().text(), "A&B");
//! ```

#![forbid(unsafe_code)]

use quick_xml::Reader;
use quick_xml::events::Event;

/// A node of the tree: an element or a run of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// An element.
    Element(Element),
    /// Character data.
    Text(String),
}

/// An element: its local name, attributes (local names) and children.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Element {
    /// The local name (`p`, `t`, `tbl`).
    pub name: String,
    /// Attributes by local name, values unescaped.
    pub attrs: Vec<(String, String)>,
    /// Child nodes in order.
    pub children: Vec<Node>,
}

impl Element {
    /// The value of attribute `name` (local name).
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The child elements.
    pub fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|n| match n {
            Node::Element(e) => Some(e),
            Node::Text(_) => None,
        })
    }

    /// The first child element named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.elements().find(|e| e.name == name)
    }

    /// Every descendant element named `name`, in document order, not
    /// looking inside a match.
    pub fn find_all<'a>(&'a self, name: &str, out: &mut Vec<&'a Element>) {
        for e in self.elements() {
            if e.name == name {
                out.push(e);
            } else {
                e.find_all(name, out);
            }
        }
    }

    /// Every descendant element named `name`, in document order, looking
    /// inside matches too.
    pub fn descendants<'a>(&'a self, name: &str, out: &mut Vec<&'a Element>) {
        for e in self.elements() {
            if e.name == name {
                out.push(e);
            }
            e.descendants(name, out);
        }
    }

    /// All text below this element, concatenated.
    pub fn text(&self) -> String {
        let mut s = String::new();
        self.collect_text(&mut s);
        s
    }

    fn collect_text(&self, s: &mut String) {
        for n in &self.children {
            match n {
                Node::Text(t) => s.push_str(t),
                Node::Element(e) => e.collect_text(s),
            }
        }
    }
}

fn local(name: &[u8]) -> String {
    let local = match name.iter().rposition(|&b| b == b':') {
        Some(i) => &name[i + 1..],
        None => name,
    };
    String::from_utf8_lossy(local).into_owned()
}

fn entity(name: &str) -> Option<&'static str> {
    Some(match name {
        "lt" => "<",
        "gt" => ">",
        "amp" => "&",
        "apos" => "'",
        "quot" => "\"",
        _ => return None,
    })
}

/// Parses `data` into a tree under a synthetic root. Deeper nesting than
/// `max_depth` is skipped; a syntax error ends the tree where it occurs
/// and is returned as the second value.
pub fn parse(data: &[u8], max_depth: u32) -> (Element, Option<String>) {
    parse_bounded(data, max_depth, usize::MAX)
}

/// [`parse`] that also stops after `max_nodes` elements and text runs (the
/// tree read so far is kept and the second value says why it ends): the
/// memory a hostile part can cost is bounded by the caller, not the file.
pub fn parse_bounded(data: &[u8], max_depth: u32, max_nodes: usize) -> (Element, Option<String>) {
    let mut nodes = 0usize;
    let mut reader = Reader::from_reader(data);
    reader.config_mut().trim_text(false);
    reader.config_mut().check_end_names = false;
    let mut stack: Vec<Element> = vec![Element::default()];
    let mut skipped_depth = 0u32;
    let mut error = None;
    loop {
        // Events borrow from `data`: no copy of each tag into a buffer.
        let event = match reader.read_event() {
            Ok(e) => e,
            Err(e) => {
                error = Some(format!(
                    "XML error at byte {}: {e}",
                    reader.buffer_position()
                ));
                break;
            }
        };
        if matches!(
            event,
            Event::Start(_) | Event::Empty(_) | Event::Text(_) | Event::CData(_)
        ) {
            nodes += 1;
            if nodes > max_nodes {
                error = Some(format!(
                    "more than {max_nodes} XML nodes: the rest is left out"
                ));
                break;
            }
        }
        match event {
            Event::Start(_) if skipped_depth > 0 || stack.len() > max_depth as usize => {
                skipped_depth += 1;
            }
            Event::Empty(_) if skipped_depth > 0 || stack.len() > max_depth as usize => {}
            Event::Start(e) => {
                stack.push(element(&e));
            }
            Event::Empty(e) => {
                let el = element(&e);
                if let Some(top) = stack.last_mut() {
                    top.children.push(Node::Element(el));
                }
            }
            Event::End(_) => {
                if skipped_depth > 0 {
                    skipped_depth -= 1;
                    continue;
                }
                if stack.len() > 1
                    && let Some(done) = stack.pop()
                    && let Some(top) = stack.last_mut()
                {
                    top.children.push(Node::Element(done));
                }
            }
            Event::Text(t) if skipped_depth == 0 => {
                if let Ok(s) = t.decode() {
                    push_text(&mut stack, &s);
                }
            }
            Event::CData(t) if skipped_depth == 0 => {
                push_text(&mut stack, &String::from_utf8_lossy(&t));
            }
            Event::GeneralRef(r) if skipped_depth == 0 => match r.resolve_char_ref() {
                Ok(Some(c)) => push_text(&mut stack, c.encode_utf8(&mut [0; 4])),
                _ => {
                    let name = String::from_utf8_lossy(&r);
                    match entity(&name) {
                        Some(s) => push_text(&mut stack, s),
                        None => push_text(&mut stack, &format!("&{name};")),
                    }
                }
            },
            Event::Eof => break,
            _ => {}
        }
    }
    while stack.len() > 1 {
        if let Some(done) = stack.pop()
            && let Some(top) = stack.last_mut()
        {
            top.children.push(Node::Element(done));
        }
    }
    (stack.pop().unwrap_or_default(), error)
}

fn push_text(stack: &mut [Element], s: &str) {
    if let Some(top) = stack.last_mut() {
        if let Some(Node::Text(t)) = top.children.last_mut() {
            t.push_str(s);
        } else {
            top.children.push(Node::Text(s.to_string()));
        }
    }
}

fn element(e: &quick_xml::events::BytesStart<'_>) -> Element {
    let mut attrs = Vec::new();
    for a in e.attributes().with_checks(false).flatten() {
        let value = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|v| v.into_owned())
            .unwrap_or_else(|_| String::from_utf8_lossy(&a.value).into_owned());
        attrs.push((local(a.key.as_ref()), value));
    }
    Element {
        name: local(e.name().as_ref()),
        attrs,
        children: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_names_entities_and_depth() {
        let (root, err) = parse(
            br#"<?xml version="1.0"?><hp:p xmlns:hp="x"><hp:t a:b="1&amp;2">A&lt;B&#xAC00;<hp:tab/>C</hp:t></hp:p>"#,
            10,
        );
        assert!(err.is_none());
        let p = root.child("p").unwrap();
        let t = p.child("t").unwrap();
        assert_eq!(t.attr("b"), Some("1&2"));
        assert_eq!(t.text(), "A<B가C");
        assert_eq!(t.elements().next().unwrap().name, "tab");
        let (deep, _) = parse(b"<a><b><c><d>x</d></c></b></a>", 2);
        assert_eq!(deep.text(), "");
        assert!(deep.child("a").unwrap().child("b").is_some());
        let (cut, _) = parse(b"<a><b>x</b", 10);
        assert_eq!(cut.child("a").unwrap().text(), "x");
        let (few, err) = parse_bounded(b"<a><b>x</b><c>y</c><d/></a>", 10, 3);
        assert!(err.unwrap().contains("more than 3"));
        assert_eq!(few.text(), "x");
        let mut all = Vec::new();
        let (tree, _) = parse(b"<a><t>1</t><b><t>2<t>3</t></t></b></a>", 10);
        tree.descendants("t", &mut all);
        assert_eq!(all.len(), 3);
    }
}
