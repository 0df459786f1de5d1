//! Colour spaces (ISO 32000-1 §8.6) of images, and their conversion to the
//! grey or RGB samples a PNG holds.

use crate::document::Document;
use crate::function::Function;
use crate::object::{Dict, Object};

/// Deepest nesting of colour spaces (an Indexed over a Separation over …).
const MAX_NESTING: usize = 8;

/// A colour space, as far as image decoding needs it.
#[derive(Debug, Clone)]
pub(crate) enum ColorSpace {
    /// DeviceGray, CalGray, ICCBased with 1 component.
    Gray,
    /// DeviceRGB, CalRGB, ICCBased with 3 components.
    Rgb,
    /// DeviceCMYK, ICCBased with 4 components.
    Cmyk,
    /// CIE L*a*b* (§8.6.5.4).
    Lab { white: [f64; 3], range: [f64; 4] },
    /// A palette over a base space (§8.6.6.3).
    Indexed {
        base: Box<ColorSpace>,
        hival: usize,
        lookup: Vec<u8>,
    },
    /// Separation or DeviceN (§8.6.6.4, §8.6.6.5): tints mapped to the
    /// alternate space by a function. `None` for the function: one that
    /// could not be read; tints are then shown as grey (1 − tint).
    Tint {
        components: usize,
        alternate: Box<ColorSpace>,
        function: Option<Function>,
        /// What was wrong with the function, for a warning.
        problem: Option<String>,
    },
}

/// The name of a colour space family, for messages and image metadata.
pub(crate) fn family(cs: &ColorSpace) -> &'static str {
    match cs {
        ColorSpace::Gray => "gray",
        ColorSpace::Rgb => "rgb",
        ColorSpace::Cmyk => "cmyk",
        ColorSpace::Lab { .. } => "lab",
        ColorSpace::Indexed { .. } => "index",
        ColorSpace::Tint { components: 1, .. } => "sep",
        ColorSpace::Tint { .. } => "devn",
    }
}

impl ColorSpace {
    /// Components per pixel in this space.
    pub(crate) fn components(&self) -> usize {
        match self {
            ColorSpace::Gray | ColorSpace::Indexed { .. } => 1,
            ColorSpace::Rgb | ColorSpace::Lab { .. } => 3,
            ColorSpace::Cmyk => 4,
            ColorSpace::Tint { components, .. } => *components,
        }
    }

    /// The default `/Decode` range of component `i` at `bpc` bits (Table 90).
    pub(crate) fn default_decode(&self, i: usize, bpc: u8) -> [f64; 2] {
        match self {
            ColorSpace::Indexed { .. } => [0.0, f64::from((1u32 << bpc) - 1)],
            ColorSpace::Lab { range, .. } => match i {
                0 => [0.0, 100.0],
                1 => [range[0], range[1]],
                _ => [range[2], range[3]],
            },
            _ => [0.0, 1.0],
        }
    }

    /// Whether the colours come out grey (so a grey PNG holds them).
    pub(crate) fn is_gray(&self) -> bool {
        match self {
            ColorSpace::Gray => true,
            ColorSpace::Tint {
                alternate,
                function,
                ..
            } => function.is_none() || alternate.is_gray(),
            _ => false,
        }
    }

    /// Converts one colour (components after `/Decode`) to 8-bit RGB.
    pub(crate) fn to_rgb(&self, c: &[f64], scratch: &mut Vec<f64>) -> [u8; 3] {
        let at = |i: usize| c.get(i).copied().unwrap_or(0.0);
        match self {
            ColorSpace::Gray => {
                let g = unit(at(0));
                [g, g, g]
            }
            ColorSpace::Rgb => [unit(at(0)), unit(at(1)), unit(at(2))],
            ColorSpace::Cmyk => cmyk_to_rgb(at(0), at(1), at(2), at(3)),
            ColorSpace::Lab { white, .. } => lab_to_rgb(at(0), at(1), at(2), white),
            ColorSpace::Indexed {
                base,
                hival,
                lookup,
            } => {
                let i = (at(0).round().max(0.0) as usize).min(*hival);
                let n = base.components();
                let entry: Vec<f64> = (0..n)
                    .map(|k| {
                        let b = f64::from(lookup.get(i * n + k).copied().unwrap_or(0)) / 255.0;
                        let [lo, hi] = base.default_decode(k, 8);
                        lo + b * (hi - lo)
                    })
                    .collect();
                base.to_rgb(&entry, scratch)
            }
            ColorSpace::Tint {
                alternate,
                function,
                ..
            } => match function {
                Some(f) => {
                    let mut out = std::mem::take(scratch);
                    f.eval(c, &mut out);
                    let rgb = alternate.to_rgb(&out, &mut Vec::new());
                    *scratch = out;
                    rgb
                }
                None => {
                    let g = unit(1.0 - at(0));
                    [g, g, g]
                }
            },
        }
    }
}

/// A value in 0..=1 as a byte, rounded.
pub(crate) fn unit(v: f64) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// CMYK to RGB without a colour profile: each ink removes its light,
/// black from all three (`R = (1 − C)(1 − K)`).
pub(crate) fn cmyk_to_rgb(c: f64, m: f64, y: f64, k: f64) -> [u8; 3] {
    let k = 1.0 - k.clamp(0.0, 1.0);
    [
        unit((1.0 - c.clamp(0.0, 1.0)) * k),
        unit((1.0 - m.clamp(0.0, 1.0)) * k),
        unit((1.0 - y.clamp(0.0, 1.0)) * k),
    ]
}

/// L*a*b* under `white` to sRGB (§8.6.5.4, then the XYZ→sRGB matrix of
/// IEC 61966-2-1 with a von Kries-free scaling to the white point).
fn lab_to_rgb(l: f64, a: f64, b: f64, white: &[f64; 3]) -> [u8; 3] {
    let g = |x: f64| {
        if x >= 6.0 / 29.0 {
            x * x * x
        } else {
            108.0 / 841.0 * (x - 4.0 / 29.0)
        }
    };
    let m = (l + 16.0) / 116.0;
    let x = white[0] * g(m + a / 500.0);
    let y = white[1] * g(m);
    let z = white[2] * g(m - b / 200.0);
    // Scale to D65 (the sRGB white) by the white point's ratio.
    let (x, y, z) = (
        x * 0.9505 / white[0].max(1e-6),
        y * 1.0 / white[1].max(1e-6),
        z * 1.089 / white[2].max(1e-6),
    );
    let r = 3.2406 * x - 1.5372 * y - 0.4986 * z;
    let gg = -0.9689 * x + 1.8758 * y + 0.0415 * z;
    let bb = 0.0557 * x - 0.2040 * y + 1.0570 * z;
    let gamma = |c: f64| {
        let c = c.clamp(0.0, 1.0);
        if c <= 0.003_130_8 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        }
    };
    [unit(gamma(r)), unit(gamma(gg)), unit(gamma(bb))]
}

fn numbers(doc: &Document<'_>, dict: &Dict, key: &[u8]) -> Option<Vec<f64>> {
    let o = doc.dict_get(dict, key).ok()??;
    o.as_array()?
        .iter()
        .map(|x| doc.resolve(x).ok()?.as_f64())
        .collect()
}

/// Parses a colour space: a name (device spaces, their inline-image
/// abbreviations, or a key of `resources`' `/ColorSpace`) or an array.
pub(crate) fn parse(
    doc: &Document<'_>,
    obj: &Object,
    resources: Option<&Dict>,
) -> Result<ColorSpace, String> {
    parse_at(doc, obj, resources, 0)
}

fn parse_at(
    doc: &Document<'_>,
    obj: &Object,
    resources: Option<&Dict>,
    depth: usize,
) -> Result<ColorSpace, String> {
    if depth > MAX_NESTING {
        return Err("colour spaces nested too deep".into());
    }
    let obj = doc.resolve(obj).map_err(|e| e.to_string())?.into_owned();
    let (family, args): (Vec<u8>, &[Object]) = match &obj {
        Object::Name(n) => (n.clone(), &[]),
        Object::Array(a) => match a.split_first() {
            Some((first, rest)) => match doc.resolve(first).map_err(|e| e.to_string())?.as_ref() {
                Object::Name(n) => (n.clone(), rest),
                _ => return Err("a colour space array without a family name".into()),
            },
            None => return Err("an empty colour space array".into()),
        },
        _ => return Err("a colour space is neither a name nor an array".into()),
    };
    let arg = |i: usize| {
        args.get(i)
            .ok_or_else(|| format!("/{} without its operands", String::from_utf8_lossy(&family)))
    };
    Ok(match family.as_slice() {
        b"DeviceGray" | b"G" | b"CalGray" => ColorSpace::Gray,
        b"DeviceRGB" | b"RGB" | b"CalRGB" => ColorSpace::Rgb,
        b"DeviceCMYK" | b"CMYK" => ColorSpace::Cmyk,
        b"ICCBased" => {
            let stream = doc
                .resolve(arg(0)?)
                .map_err(|e| e.to_string())?
                .into_owned();
            let dict = stream.as_dict().ok_or("/ICCBased without its stream")?;
            match doc
                .dict_get(dict, b"N")
                .ok()
                .flatten()
                .and_then(|n| n.as_i64())
            {
                Some(1) => ColorSpace::Gray,
                Some(3) => ColorSpace::Rgb,
                Some(4) => ColorSpace::Cmyk,
                _ => match dict.get(b"Alternate") {
                    Some(alt) => parse_at(doc, alt, resources, depth + 1)?,
                    None => {
                        return Err("/ICCBased with neither /N of 1, 3 or 4 nor /Alternate".into());
                    }
                },
            }
        }
        b"Lab" => {
            let dict = doc
                .resolve(arg(0)?)
                .map_err(|e| e.to_string())?
                .into_owned();
            let dict = dict.as_dict().ok_or("/Lab without its dictionary")?;
            let white = numbers(doc, dict, b"WhitePoint")
                .filter(|w| w.len() == 3 && w[1] > 0.0)
                .map_or([0.9505, 1.0, 1.089], |w| [w[0], w[1], w[2]]);
            let range = numbers(doc, dict, b"Range")
                .filter(|r| r.len() == 4)
                .map_or([-100.0, 100.0, -100.0, 100.0], |r| [r[0], r[1], r[2], r[3]]);
            ColorSpace::Lab { white, range }
        }
        b"Indexed" | b"I" => {
            let base = parse_at(doc, arg(0)?, resources, depth + 1)?;
            if matches!(base, ColorSpace::Indexed { .. }) {
                return Err("an Indexed colour space over another".into());
            }
            let hival = doc
                .resolve(arg(1)?)
                .ok()
                .and_then(|h| h.as_i64())
                .ok_or("/Indexed without hival")?
                .clamp(0, 255) as usize;
            let lookup = match doc.resolve(arg(2)?).map_err(|e| e.to_string())?.as_ref() {
                Object::String(s) => s.clone(),
                Object::Stream(s) => doc.stream_data(s).map_err(|e| e.to_string())?,
                _ => return Err("/Indexed without its lookup table".into()),
            };
            let need = (hival + 1) * base.components();
            let mut lookup = lookup;
            // A short table: the missing entries are black (as poppler reads it).
            lookup.resize(need, 0);
            ColorSpace::Indexed {
                base: Box::new(base),
                hival,
                lookup,
            }
        }
        b"Separation" | b"DeviceN" => {
            let components = if family == b"Separation" {
                1
            } else {
                match doc.resolve(arg(0)?).map_err(|e| e.to_string())?.as_ref() {
                    Object::Array(a) if !a.is_empty() && a.len() <= 32 => a.len(),
                    _ => return Err("/DeviceN without its colorant names".into()),
                }
            };
            // /Separation /All and /None: grey in every alternate.
            let names_all = family == b"Separation"
                && doc
                    .resolve(arg(0)?)
                    .ok()
                    .is_some_and(|n| matches!(n.as_name(), Some(b"All" | b"None")));
            let alternate = parse_at(doc, arg(1)?, resources, depth + 1)?;
            let (function, problem) = if names_all {
                (None, None)
            } else {
                match Function::parse(doc, arg(2)?) {
                    Ok(f) if f.inputs() == components => (Some(f), None),
                    Ok(_) => (
                        None,
                        Some("its tint transform takes another number of inputs".to_string()),
                    ),
                    Err(e) => (None, Some(e)),
                }
            };
            ColorSpace::Tint {
                components,
                alternate: Box::new(alternate),
                function,
                problem,
            }
        }
        b"Pattern" => return Err("a Pattern colour space on an image".into()),
        other => {
            // A named resource.
            let named = resources
                .and_then(|r| doc.dict_get(r, b"ColorSpace").ok().flatten())
                .and_then(|cs| cs.as_dict().and_then(|d| d.get(other).cloned()));
            match named {
                Some(cs) if depth < MAX_NESTING => parse_at(doc, &cs, resources, depth + 1)?,
                _ => {
                    return Err(format!(
                        "colour space /{} unknown",
                        String::from_utf8_lossy(other)
                    ));
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::ObjRef;

    fn space(body: &str) -> ColorSpace {
        let data = format!(
            "%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n{body}\ntrailer <</Root 1 0 R>>\n"
        );
        let d = Document::open(data.as_bytes()).unwrap();
        parse(&d, &Object::Ref(ObjRef::new(5, 0)), None).unwrap()
    }

    #[test]
    fn families() {
        assert!(matches!(
            space("5 0 obj /DeviceGray endobj"),
            ColorSpace::Gray
        ));
        assert!(matches!(
            space(
                "5 0 obj [/ICCBased 6 0 R] endobj 6 0 obj <</N 4/Length 0>> stream\n\nendstream endobj"
            ),
            ColorSpace::Cmyk
        ));
        let ix = space("5 0 obj [/Indexed /DeviceRGB 1 <FF000000FF>] endobj");
        let mut s = Vec::new();
        assert_eq!(ix.to_rgb(&[0.0], &mut s), [255, 0, 0]);
        // The short table's missing byte is 0; index 7 clamps to hival 1.
        assert_eq!(ix.to_rgb(&[7.0], &mut s), [0, 255, 0]);
        let sep = space(
            "5 0 obj [/Separation /Spot /DeviceCMYK 6 0 R] endobj \
             6 0 obj <</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 1 0 0]/N 1>> endobj",
        );
        assert_eq!(sep.to_rgb(&[1.0], &mut s), [255, 0, 255]);
        assert!(!sep.is_gray());
        let all = space("5 0 obj [/Separation /All /DeviceCMYK 6 0 R] endobj");
        assert!(all.is_gray());
        assert_eq!(all.to_rgb(&[1.0], &mut s), [0, 0, 0]);
    }

    #[test]
    fn lab_white_and_black() {
        let lab = space("5 0 obj [/Lab <</WhitePoint[0.9505 1 1.089]>>] endobj");
        let mut s = Vec::new();
        assert_eq!(lab.to_rgb(&[100.0, 0.0, 0.0], &mut s), [255, 255, 255]);
        assert_eq!(lab.to_rgb(&[0.0, 0.0, 0.0], &mut s), [0, 0, 0]);
        let red = lab.to_rgb(&[53.24, 80.09, 67.2], &mut s);
        assert!(red[0] > 250 && red[1] < 10 && red[2] < 10, "{red:?}");
    }

    #[test]
    fn nesting_is_bounded() {
        let data = b"%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\ntrailer <</Root 1 0 R>>\n";
        let d = Document::open(data).unwrap();
        let mut res = Dict::new();
        let mut cs = Dict::new();
        cs.insert(
            b"A".to_vec(),
            Object::Array(vec![
                Object::Name(b"Indexed".to_vec()),
                Object::Name(b"A".to_vec()),
                Object::Int(1),
                Object::String(vec![0; 6]),
            ]),
        );
        res.insert(b"ColorSpace".to_vec(), Object::Dict(cs));
        assert!(parse(&d, &Object::Name(b"A".to_vec()), Some(&res)).is_err());
    }
}
