//! Widths of composite fonts: `/W` and `/W2` arrays (ISO 32000-1 §9.7.4.3).

use pdf_lex::{Document, Object};

use super::num;

/// Caps on what a font may make us build.
const MAX_W_ENTRIES: usize = 1 << 16;

/// `/W` (`per = 1`) or `/W2` (`per = 3`, keeping w1y): `c [w …]` and `c1 c2 w`.
pub(super) fn parse_w(doc: &Document<'_>, o: &Object, per: usize, out: &mut Vec<(u32, u32, f64)>) {
    let Ok(o) = doc.resolve(o) else { return };
    let Some(items) = o.as_array() else { return };
    let mut i = 0;
    while let Some(first) = items.get(i) {
        if out.len() >= MAX_W_ENTRIES {
            break;
        }
        let Some(c) = num(doc, first)
            .filter(|c| *c >= 0.0 && *c <= f64::from(u32::MAX))
            .map(|c| c as u32)
        else {
            i += 1;
            continue;
        };
        match items.get(i + 1).map(|o| doc.resolve(o)) {
            Some(Ok(next)) if next.as_array().is_some() => {
                let ws: Vec<f64> = next
                    .as_array()
                    .unwrap_or_default()
                    .iter()
                    .map(|v| num(doc, v).unwrap_or(0.0))
                    .collect();
                for (k, chunk) in ws.chunks(per).enumerate() {
                    let Some(w) = chunk.first() else { break };
                    let Some(cid) = c.checked_add(k as u32) else {
                        break;
                    };
                    out.push((cid, cid, w / 1000.0));
                    if out.len() >= MAX_W_ENTRIES {
                        break;
                    }
                }
                i += 2;
            }
            Some(Ok(next)) => {
                let last = next
                    .as_f64()
                    .filter(|v| *v >= 0.0 && *v <= f64::from(u32::MAX))
                    .map(|v| v as u32);
                let w = items.get(i + 2).and_then(|v| num(doc, v));
                if let (Some(last), Some(w)) = (last, w)
                    && last >= c
                {
                    out.push((c, last, w / 1000.0));
                }
                i += 2 + per;
            }
            _ => break,
        }
    }
    out.sort_by_key(|a| a.0);
}

pub(super) fn lookup_w(table: &[(u32, u32, f64)], cid: u32) -> Option<f64> {
    let idx = table.partition_point(|(first, _, _)| *first <= cid);
    // search backwards over ranges that start at or before cid (ranges may overlap)
    table
        .get(..idx)?
        .iter()
        .rev()
        .take(8)
        .find(|(f, l, _)| *f <= cid && cid <= *l)
        .map(|(_, _, w)| *w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w_ranges() {
        let t = vec![(1, 1, 0.5), (10, 20, 1.0), (15, 15, 0.25)];
        assert_eq!(lookup_w(&t, 1), Some(0.5));
        assert_eq!(lookup_w(&t, 12), Some(1.0));
        assert_eq!(lookup_w(&t, 15), Some(0.25));
        assert_eq!(lookup_w(&t, 5), None);
        assert_eq!(lookup_w(&t, 21), None);
    }
}
