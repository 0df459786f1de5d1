//! The PDF object model (ISO 32000-1 §7.3).

use std::sync::Arc;

/// A reference to an indirect object: object number and generation (§7.3.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjRef {
    /// Object number.
    pub num: u32,
    /// Generation number.
    pub generation: u16,
}

impl ObjRef {
    /// A reference to object `num`, generation `generation`.
    pub fn new(num: u32, generation: u16) -> Self {
        Self { num, generation }
    }
}

impl std::fmt::Display for ObjRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} R", self.num, self.generation)
    }
}

/// A PDF object (§7.3). Strings and names hold their bytes after escapes are
/// undone (names after `#xx`); strings of a decrypted document are decrypted.
#[derive(Debug, Clone, PartialEq)]
pub enum Object {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A real number.
    Real(f64),
    /// A literal or hexadecimal string, as bytes.
    String(Vec<u8>),
    /// A name, without the leading `/`.
    Name(Vec<u8>),
    /// An array.
    Array(Vec<Object>),
    /// A dictionary.
    Dict(Dict),
    /// A stream: its dictionary and its raw (still encoded) data (boxed to
    /// keep `Object` small: 32 bytes).
    Stream(Box<Stream>),
    /// An indirect reference.
    Ref(ObjRef),
}

impl Object {
    /// The integer value, also of a real with no fraction.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Object::Int(i) => Some(*i),
            Object::Real(r) if r.fract() == 0.0 && r.abs() < 9.0e15 => Some(*r as i64),
            _ => None,
        }
    }
    /// The numeric value of an integer or real.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Object::Int(i) => Some(*i as f64),
            Object::Real(r) => Some(*r),
            _ => None,
        }
    }
    /// The name's bytes.
    pub fn as_name(&self) -> Option<&[u8]> {
        match self {
            Object::Name(n) => Some(n),
            _ => None,
        }
    }
    /// The string's bytes.
    pub fn as_string(&self) -> Option<&[u8]> {
        match self {
            Object::String(s) => Some(s),
            _ => None,
        }
    }
    /// The array's items.
    pub fn as_array(&self) -> Option<&[Object]> {
        match self {
            Object::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The dictionary, also a stream's dictionary.
    pub fn as_dict(&self) -> Option<&Dict> {
        match self {
            Object::Dict(d) => Some(d),
            Object::Stream(s) => Some(&s.dict),
            _ => None,
        }
    }
    /// The stream.
    pub fn as_stream(&self) -> Option<&Stream> {
        match self {
            Object::Stream(s) => Some(s),
            _ => None,
        }
    }
    /// The reference.
    pub fn as_ref(&self) -> Option<ObjRef> {
        match self {
            Object::Ref(r) => Some(*r),
            _ => None,
        }
    }
    /// The boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Object::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

/// A dictionary (§7.3.7): keys in file order; a repeated key keeps its last value.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dict {
    entries: Vec<(Vec<u8>, Object)>,
}

impl Dict {
    /// An empty dictionary.
    pub fn new() -> Self {
        Self::default()
    }
    /// The value of `key` (without `/`), if present.
    pub fn get(&self, key: &[u8]) -> Option<&Object> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }
    /// Sets `key` to `value`, replacing an earlier value.
    pub fn insert(&mut self, key: Vec<u8>, value: Object) {
        if let Some(slot) = self.entries.iter_mut().find(|(k, _)| *k == key) {
            slot.1 = value;
        } else {
            self.entries.push((key, value));
        }
    }
    /// Appends without looking for an earlier value of `key` (the parser's
    /// path: linear, where `insert` on a huge dictionary would be quadratic;
    /// `get` sees the last value).
    pub(crate) fn push(&mut self, key: Vec<u8>, value: Object) {
        self.entries.push((key, value));
    }

    /// The values, mutable (decryption rewrites strings in place).
    pub(crate) fn values_mut(&mut self) -> impl Iterator<Item = &mut Object> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Whether `key` is present.
    pub fn contains_key(&self, key: &[u8]) -> bool {
        self.get(key).is_some()
    }
    /// The entries in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], &Object)> {
        self.entries.iter().map(|(k, v)| (k.as_slice(), v))
    }
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The name value of `key`.
    pub fn get_name(&self, key: &[u8]) -> Option<&[u8]> {
        self.get(key).and_then(Object::as_name)
    }
    /// The integer value of `key`.
    pub fn get_i64(&self, key: &[u8]) -> Option<i64> {
        self.get(key).and_then(Object::as_i64)
    }
}

/// A stream (§7.3.8): its dictionary and raw data, plus the indirect object
/// it was read from (needed to decrypt it).
#[derive(Debug, Clone, PartialEq)]
pub struct Stream {
    /// The stream dictionary.
    pub dict: Dict,
    /// The bytes between `stream` and `endstream`, still encoded (and encrypted).
    pub raw: Arc<[u8]>,
    /// The indirect object holding this stream, when read from the file.
    pub id: Option<ObjRef>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_stays_small() {
        assert!(
            std::mem::size_of::<Object>() <= 32,
            "{}",
            std::mem::size_of::<Object>()
        );
    }
}
