//! Functions (ISO 32000-1 §7.10): sampled (type 0), exponential
//! interpolation (type 2), stitching (type 3) and PostScript calculator
//! (type 4), as Separation and DeviceN colour spaces use them to map tints
//! to their alternate space.

use crate::document::Document;
use crate::object::{Dict, Object};

/// Most nested functions (stitching inside stitching).
const MAX_NESTING: usize = 8;
/// Most inputs or outputs of a function.
const MAX_ARITY: usize = 32;
/// Most samples a type 0 function may hold.
const MAX_SAMPLES: usize = 1 << 24;
/// Most operators one type 4 evaluation runs, and its deepest stack.
const MAX_PS_OPS: usize = 10_000;
const MAX_PS_STACK: usize = 100;

/// A parsed function.
#[derive(Debug, Clone)]
pub(crate) struct Function {
    domain: Vec<[f64; 2]>,
    range: Option<Vec<[f64; 2]>>,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    Sampled {
        size: Vec<usize>,
        encode: Vec<[f64; 2]>,
        decode: Vec<[f64; 2]>,
        /// Samples normalised to 0..=1, `outputs` per grid point.
        samples: Vec<f32>,
        outputs: usize,
    },
    Exponential {
        c0: Vec<f64>,
        c1: Vec<f64>,
        n: f64,
    },
    Stitching {
        functions: Vec<Function>,
        bounds: Vec<f64>,
        encode: Vec<[f64; 2]>,
    },
    PostScript(Vec<Op>),
    /// An array of 1-output functions, one per output (allowed wherever a
    /// function with n outputs is).
    Array(Vec<Function>),
}

fn numbers(doc: &Document<'_>, dict: &Dict, key: &[u8]) -> Option<Vec<f64>> {
    let o = doc.dict_get(dict, key).ok()??;
    let a = o.as_array()?;
    a.iter()
        .map(|x| doc.resolve(x).ok()?.as_f64())
        .collect::<Option<Vec<f64>>>()
}

fn pairs(v: &[f64]) -> Vec<[f64; 2]> {
    v.chunks_exact(2).map(|c| [c[0], c[1]]).collect()
}

impl Function {
    /// Parses the function `obj` (a dictionary, a stream, or an array of
    /// functions with one output each).
    pub(crate) fn parse(doc: &Document<'_>, obj: &Object) -> Result<Function, String> {
        Self::parse_at(doc, obj, 0)
    }

    fn parse_at(doc: &Document<'_>, obj: &Object, depth: usize) -> Result<Function, String> {
        if depth > MAX_NESTING {
            return Err("functions nested too deep".into());
        }
        let obj = doc.resolve(obj).map_err(|e| e.to_string())?.into_owned();
        if let Object::Array(a) = &obj {
            if a.is_empty() || a.len() > MAX_ARITY {
                return Err("an array of functions of bad length".into());
            }
            let fs = a
                .iter()
                .map(|f| Self::parse_at(doc, f, depth + 1))
                .collect::<Result<Vec<_>, _>>()?;
            let domain = fs[0].domain.clone();
            return Ok(Function {
                domain,
                range: None,
                kind: Kind::Array(fs),
            });
        }
        let dict = obj.as_dict().ok_or("a function is not a dictionary")?;
        let domain = pairs(&numbers(doc, dict, b"Domain").ok_or("a function without /Domain")?);
        if domain.is_empty() || domain.len() > MAX_ARITY {
            return Err("a function /Domain of bad length".into());
        }
        let range = numbers(doc, dict, b"Range").map(|r| pairs(&r));
        if range.as_ref().is_some_and(|r| r.len() > MAX_ARITY) {
            return Err("a function /Range of bad length".into());
        }
        let ty = doc
            .dict_get(dict, b"FunctionType")
            .ok()
            .flatten()
            .and_then(|t| t.as_i64());
        let kind = match ty {
            Some(0) => {
                let range = range.as_ref().ok_or("a sampled function without /Range")?;
                let stream = obj
                    .as_stream()
                    .ok_or("a sampled function is not a stream")?;
                sampled(doc, dict, stream, &domain, range)?
            }
            Some(2) => {
                let c0 = numbers(doc, dict, b"C0").unwrap_or_else(|| vec![0.0]);
                let c1 = numbers(doc, dict, b"C1").unwrap_or_else(|| vec![1.0]);
                if c0.len() != c1.len() || c0.len() > MAX_ARITY {
                    return Err(
                        "an exponential function with /C0 and /C1 of different lengths".into(),
                    );
                }
                let n = doc
                    .dict_get(dict, b"N")
                    .ok()
                    .flatten()
                    .and_then(|n| n.as_f64())
                    .ok_or("an exponential function without /N")?;
                Kind::Exponential { c0, c1, n }
            }
            Some(3) => {
                let fs = match doc.dict_get(dict, b"Functions").ok().flatten() {
                    Some(Object::Array(a)) if !a.is_empty() && a.len() <= 256 => a,
                    _ => return Err("a stitching function without /Functions".into()),
                };
                let functions = fs
                    .iter()
                    .map(|f| Self::parse_at(doc, f, depth + 1))
                    .collect::<Result<Vec<_>, _>>()?;
                let bounds = numbers(doc, dict, b"Bounds").unwrap_or_default();
                let encode = pairs(&numbers(doc, dict, b"Encode").unwrap_or_default());
                if bounds.len() + 1 != functions.len() || encode.len() != functions.len() {
                    return Err("a stitching function with /Bounds or /Encode of bad length".into());
                }
                Kind::Stitching {
                    functions,
                    bounds,
                    encode,
                }
            }
            Some(4) => {
                let stream = obj
                    .as_stream()
                    .ok_or("a PostScript calculator function is not a stream")?;
                let code = doc.stream_data(stream).map_err(|e| e.to_string())?;
                Kind::PostScript(parse_ps(&code)?)
            }
            _ => return Err(format!("function type {ty:?} unknown")),
        };
        Ok(Function {
            domain,
            range,
            kind,
        })
    }

    /// Number of inputs.
    pub(crate) fn inputs(&self) -> usize {
        self.domain.len()
    }

    /// Evaluates the function at `input` into `out` (cleared first). An
    /// evaluation error (a PostScript program that fails) leaves zeros.
    pub(crate) fn eval(&self, input: &[f64], out: &mut Vec<f64>) {
        out.clear();
        let x: Vec<f64> = self
            .domain
            .iter()
            .enumerate()
            .map(|(i, d)| clip(input.get(i).copied().unwrap_or(0.0), *d))
            .collect();
        match &self.kind {
            Kind::Exponential { c0, c1, n } => {
                let t = x[0];
                let p = if *n == 1.0 { t } else { t.powf(*n) };
                out.extend(c0.iter().zip(c1).map(|(a, b)| a + p * (b - a)));
            }
            Kind::Stitching {
                functions,
                bounds,
                encode,
            } => {
                let t = x[0];
                let k = bounds.iter().take_while(|b| t >= **b).count();
                let lo = if k == 0 {
                    self.domain[0][0]
                } else {
                    bounds[k - 1]
                };
                let hi = bounds.get(k).copied().unwrap_or(self.domain[0][1]);
                let e = encode[k];
                let t = interpolate(t, lo, hi, e[0], e[1]);
                functions[k].eval(&[t], out);
            }
            Kind::Sampled {
                size,
                encode,
                decode,
                samples,
                outputs,
            } => sample(
                &x,
                &self.domain,
                size,
                encode,
                decode,
                samples,
                *outputs,
                out,
            ),
            Kind::PostScript(ops) => {
                let mut stack: Vec<Value> = x.iter().map(|v| Value::Num(*v)).collect();
                let mut budget = MAX_PS_OPS;
                if run_ps(ops, &mut stack, &mut budget).is_ok() {
                    let n = self.range.as_ref().map_or(stack.len(), Vec::len);
                    let start = stack.len().saturating_sub(n);
                    out.extend(stack[start..].iter().map(Value::num));
                }
                if let Some(r) = &self.range {
                    out.resize(r.len(), 0.0);
                }
            }
            Kind::Array(fs) => {
                let mut one = Vec::new();
                for f in fs {
                    f.eval(&x, &mut one);
                    out.push(one.first().copied().unwrap_or(0.0));
                }
            }
        }
        if let Some(r) = &self.range {
            for (v, r) in out.iter_mut().zip(r) {
                *v = clip(*v, *r);
            }
        }
        for v in out.iter_mut() {
            if !v.is_finite() {
                *v = 0.0;
            }
        }
    }
}

fn clip(v: f64, r: [f64; 2]) -> f64 {
    if v.is_nan() {
        return r[0];
    }
    v.max(r[0].min(r[1])).min(r[1].max(r[0]))
}

fn interpolate(x: f64, x0: f64, x1: f64, y0: f64, y1: f64) -> f64 {
    if x1 == x0 {
        y0
    } else {
        y0 + (x - x0) * (y1 - y0) / (x1 - x0)
    }
}

fn sampled(
    doc: &Document<'_>,
    dict: &Dict,
    stream: &crate::object::Stream,
    domain: &[[f64; 2]],
    range: &[[f64; 2]],
) -> Result<Kind, String> {
    let size: Vec<usize> = numbers(doc, dict, b"Size")
        .ok_or("a sampled function without /Size")?
        .iter()
        .map(|s| {
            if *s >= 1.0 && *s <= 1e7 {
                *s as usize
            } else {
                0
            }
        })
        .collect();
    if size.len() != domain.len() || size.contains(&0) {
        return Err("a sampled function with a bad /Size".into());
    }
    let bps = doc
        .dict_get(dict, b"BitsPerSample")
        .ok()
        .flatten()
        .and_then(|b| b.as_i64())
        .filter(|b| [1, 2, 4, 8, 12, 16, 24, 32].contains(b))
        .ok_or("a sampled function with a bad /BitsPerSample")? as usize;
    let outputs = range.len();
    let points = size
        .iter()
        .try_fold(1usize, |acc, s| acc.checked_mul(*s))
        .and_then(|p| p.checked_mul(outputs))
        .filter(|p| *p <= MAX_SAMPLES)
        .ok_or("a sampled function with too many samples")?;
    let data = doc.stream_data(stream).map_err(|e| e.to_string())?;
    if data.len().saturating_mul(8) / bps < points {
        return Err("a sampled function's stream is shorter than its samples".into());
    }
    let max = ((1u64 << bps) - 1) as f64;
    let mut samples = Vec::with_capacity(points);
    let mut bit = 0usize;
    for _ in 0..points {
        let mut v: u64 = 0;
        for _ in 0..bps {
            let byte = data.get(bit / 8).copied().unwrap_or(0);
            v = (v << 1) | u64::from((byte >> (7 - bit % 8)) & 1);
            bit += 1;
        }
        samples.push((v as f64 / max) as f32);
    }
    let encode = numbers(doc, dict, b"Encode")
        .map(|e| pairs(&e))
        .filter(|e| e.len() == size.len())
        .unwrap_or_else(|| size.iter().map(|s| [0.0, (*s - 1) as f64]).collect());
    let decode = numbers(doc, dict, b"Decode")
        .map(|d| pairs(&d))
        .filter(|d| d.len() == outputs)
        .unwrap_or_else(|| range.to_vec());
    Ok(Kind::Sampled {
        size,
        encode,
        decode,
        samples,
        outputs,
    })
}

/// Multilinear interpolation over the sample grid (§7.10.2).
#[allow(clippy::too_many_arguments)]
fn sample(
    x: &[f64],
    domain: &[[f64; 2]],
    size: &[usize],
    encode: &[[f64; 2]],
    decode: &[[f64; 2]],
    samples: &[f32],
    outputs: usize,
    out: &mut Vec<f64>,
) {
    let m = size.len();
    // Per input: the lower grid index and the weight of the upper one.
    let mut lo = Vec::with_capacity(m);
    let mut w = Vec::with_capacity(m);
    for i in 0..m {
        let e = interpolate(x[i], domain[i][0], domain[i][1], encode[i][0], encode[i][1]);
        let e = e.clamp(0.0, (size[i] - 1) as f64);
        let l = e.floor() as usize;
        lo.push(l.min(size[i] - 1));
        w.push(if l + 1 < size[i] { e - l as f64 } else { 0.0 });
    }
    out.resize(outputs, 0.0);
    // Only the corners with a non-zero weight (at most 2^m, m ≤ 32 but
    // capped: inputs beyond 8 use their lower index).
    let active: Vec<usize> = (0..m).filter(|i| w[*i] > 0.0).take(8).collect();
    for corner in 0..(1usize << active.len()) {
        let mut weight = 1.0;
        let mut index = 0usize;
        let mut stride = 1usize;
        for i in 0..m {
            let mut idx = lo[i];
            if let Some(bit) = active.iter().position(|a| *a == i) {
                if corner >> bit & 1 == 1 {
                    idx += 1;
                    weight *= w[i];
                } else {
                    weight *= 1.0 - w[i];
                }
            }
            index += idx * stride;
            stride *= size[i];
        }
        for (j, o) in out.iter_mut().enumerate() {
            let s = samples.get(index * outputs + j).copied().unwrap_or(0.0);
            *o += weight * f64::from(s);
        }
    }
    for (j, o) in out.iter_mut().enumerate() {
        *o = decode[j][0] + *o * (decode[j][1] - decode[j][0]);
    }
}

/// A PostScript calculator operator or literal (§7.10.5).
#[derive(Debug, Clone)]
enum Op {
    Num(f64),
    Bool(bool),
    /// `{ … } if`.
    If(Vec<Op>),
    /// `{ … } { … } ifelse`.
    IfElse(Vec<Op>, Vec<Op>),
    Operator(PsOp),
}

#[derive(Debug, Clone, Copy)]
enum PsOp {
    Abs,
    Add,
    Atan,
    Ceiling,
    Cos,
    Cvi,
    Cvr,
    Div,
    Exp,
    Floor,
    Idiv,
    Ln,
    Log,
    Mod,
    Mul,
    Neg,
    Round,
    Sin,
    Sqrt,
    Sub,
    Truncate,
    And,
    Bitshift,
    Eq,
    Ge,
    Gt,
    Le,
    Lt,
    Ne,
    Not,
    Or,
    Xor,
    Copy,
    Dup,
    Exch,
    Index,
    Pop,
    Roll,
}

fn ps_op(word: &[u8]) -> Option<PsOp> {
    use PsOp::*;
    Some(match word {
        b"abs" => Abs,
        b"add" => Add,
        b"atan" => Atan,
        b"ceiling" => Ceiling,
        b"cos" => Cos,
        b"cvi" => Cvi,
        b"cvr" => Cvr,
        b"div" => Div,
        b"exp" => Exp,
        b"floor" => Floor,
        b"idiv" => Idiv,
        b"ln" => Ln,
        b"log" => Log,
        b"mod" => Mod,
        b"mul" => Mul,
        b"neg" => Neg,
        b"round" => Round,
        b"sin" => Sin,
        b"sqrt" => Sqrt,
        b"sub" => Sub,
        b"truncate" => Truncate,
        b"and" => And,
        b"bitshift" => Bitshift,
        b"eq" => Eq,
        b"ge" => Ge,
        b"gt" => Gt,
        b"le" => Le,
        b"lt" => Lt,
        b"ne" => Ne,
        b"not" => Not,
        b"or" => Or,
        b"xor" => Xor,
        b"copy" => Copy,
        b"dup" => Dup,
        b"exch" => Exch,
        b"index" => Index,
        b"pop" => Pop,
        b"roll" => Roll,
        _ => return None,
    })
}

/// Parses `{ … }` into operators; nested procedures only before `if`/`ifelse`.
fn parse_ps(code: &[u8]) -> Result<Vec<Op>, String> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let c = code[i];
        if c == b'{' || c == b'}' {
            tokens.push(&code[i..=i]);
            i += 1;
        } else if c == b'%' {
            while i < code.len() && code[i] != b'\n' && code[i] != b'\r' {
                i += 1;
            }
        } else if c.is_ascii_whitespace() || c == 0 {
            i += 1;
        } else {
            let start = i;
            while i < code.len() && !code[i].is_ascii_whitespace() && !b"{}%".contains(&code[i]) {
                i += 1;
            }
            tokens.push(&code[start..i]);
        }
    }
    if tokens.len() > 100_000 {
        return Err("a PostScript calculator function too long".into());
    }
    let mut pos = 0;
    if tokens.first() != Some(&&b"{"[..]) {
        return Err("a PostScript calculator function not in braces".into());
    }
    pos += 1;
    parse_block(&tokens, &mut pos, 0)
}

fn parse_block(tokens: &[&[u8]], pos: &mut usize, depth: usize) -> Result<Vec<Op>, String> {
    if depth > 32 {
        return Err("PostScript procedures nested too deep".into());
    }
    let mut ops = Vec::new();
    let mut pending: Vec<Vec<Op>> = Vec::new();
    while let Some(t) = tokens.get(*pos) {
        *pos += 1;
        match *t {
            b"{" => pending.push(parse_block(tokens, pos, depth + 1)?),
            b"}" => return Ok(ops),
            b"if" => {
                let a = pending.pop().ok_or("`if` without a procedure")?;
                ops.push(Op::If(a));
            }
            b"ifelse" => {
                let b = pending.pop().ok_or("`ifelse` without procedures")?;
                let a = pending.pop().ok_or("`ifelse` without procedures")?;
                ops.push(Op::IfElse(a, b));
            }
            b"true" => ops.push(Op::Bool(true)),
            b"false" => ops.push(Op::Bool(false)),
            word => {
                if let Some(op) = ps_op(word) {
                    ops.push(Op::Operator(op));
                } else {
                    let n: f64 = std::str::from_utf8(word)
                        .ok()
                        .and_then(|s| s.parse().ok())
                        .ok_or_else(|| {
                            format!(
                                "PostScript operator {:?} unknown",
                                String::from_utf8_lossy(word)
                            )
                        })?;
                    ops.push(Op::Num(n));
                }
            }
        }
    }
    Err("a PostScript procedure without its closing brace".into())
}

#[derive(Debug, Clone, Copy)]
enum Value {
    Num(f64),
    Int(i64),
    Bool(bool),
}

impl Value {
    fn num(&self) -> f64 {
        match *self {
            Value::Num(v) => v,
            Value::Int(i) => i as f64,
            Value::Bool(b) => f64::from(u8::from(b)),
        }
    }
}

fn run_ps(ops: &[Op], st: &mut Vec<Value>, budget: &mut usize) -> Result<(), ()> {
    for op in ops {
        *budget = budget.checked_sub(1).ok_or(())?;
        if st.len() > MAX_PS_STACK {
            return Err(());
        }
        match op {
            Op::Num(v) => st.push(if v.fract() == 0.0 && v.abs() < 1e15 {
                Value::Int(*v as i64)
            } else {
                Value::Num(*v)
            }),
            Op::Bool(b) => st.push(Value::Bool(*b)),
            Op::If(a) => {
                if let Value::Bool(true) = st.pop().ok_or(())? {
                    run_ps(a, st, budget)?;
                }
            }
            Op::IfElse(a, b) => match st.pop().ok_or(())? {
                Value::Bool(true) => run_ps(a, st, budget)?,
                _ => run_ps(b, st, budget)?,
            },
            Op::Operator(o) => apply(*o, st)?,
        }
    }
    Ok(())
}

fn apply(op: PsOp, st: &mut Vec<Value>) -> Result<(), ()> {
    use PsOp::*;
    let pop = |st: &mut Vec<Value>| st.pop().ok_or(());
    match op {
        Abs | Neg | Ceiling | Floor | Round | Truncate | Cvi | Cvr | Sqrt | Sin | Cos | Ln
        | Log => {
            let a = pop(st)?;
            st.push(match (op, a) {
                (Abs, Value::Int(i)) => Value::Int(i.saturating_abs()),
                (Neg, Value::Int(i)) => Value::Int(i.saturating_neg()),
                (Ceiling | Floor | Round | Truncate | Cvi, Value::Int(i)) => Value::Int(i),
                (Abs, v) => Value::Num(v.num().abs()),
                (Neg, v) => Value::Num(-v.num()),
                (Ceiling, v) => Value::Num(v.num().ceil()),
                (Floor, v) => Value::Num(v.num().floor()),
                (Round, v) => Value::Num((v.num() + 0.5).floor()),
                (Truncate, v) => Value::Num(v.num().trunc()),
                (Cvi, v) => Value::Int(v.num().trunc().clamp(-9e15, 9e15) as i64),
                (Cvr, v) => Value::Num(v.num()),
                (Sqrt, v) => Value::Num(v.num().max(0.0).sqrt()),
                (Sin, v) => Value::Num(v.num().to_radians().sin()),
                (Cos, v) => Value::Num(v.num().to_radians().cos()),
                (Ln, v) => Value::Num(v.num().ln()),
                (_, v) => Value::Num(v.num().log10()),
            });
        }
        Not => {
            let a = pop(st)?;
            st.push(match a {
                Value::Bool(b) => Value::Bool(!b),
                v => Value::Int(!(v.num() as i64)),
            });
        }
        Add | Sub | Mul | Div | Idiv | Mod | Atan | Exp | And | Or | Xor | Bitshift | Eq | Ne
        | Ge | Gt | Le | Lt => {
            let b = pop(st)?;
            let a = pop(st)?;
            let v = match (op, a, b) {
                (Add, Value::Int(x), Value::Int(y)) => Value::Int(x.saturating_add(y)),
                (Sub, Value::Int(x), Value::Int(y)) => Value::Int(x.saturating_sub(y)),
                (Mul, Value::Int(x), Value::Int(y)) => Value::Int(x.saturating_mul(y)),
                (Add, x, y) => Value::Num(x.num() + y.num()),
                (Sub, x, y) => Value::Num(x.num() - y.num()),
                (Mul, x, y) => Value::Num(x.num() * y.num()),
                (Div, x, y) => Value::Num(if y.num() == 0.0 {
                    0.0
                } else {
                    x.num() / y.num()
                }),
                (Idiv, x, y) => {
                    let (x, y) = (x.num() as i64, y.num() as i64);
                    Value::Int(x.checked_div(y).unwrap_or(0))
                }
                (Mod, x, y) => {
                    let (x, y) = (x.num() as i64, y.num() as i64);
                    Value::Int(x.checked_rem(y).unwrap_or(0))
                }
                (Atan, x, y) => {
                    let d = x.num().atan2(y.num()).to_degrees();
                    Value::Num(if d < 0.0 { d + 360.0 } else { d })
                }
                (Exp, x, y) => Value::Num(x.num().powf(y.num())),
                (And, Value::Bool(x), Value::Bool(y)) => Value::Bool(x && y),
                (Or, Value::Bool(x), Value::Bool(y)) => Value::Bool(x || y),
                (Xor, Value::Bool(x), Value::Bool(y)) => Value::Bool(x ^ y),
                (And, x, y) => Value::Int(x.num() as i64 & y.num() as i64),
                (Or, x, y) => Value::Int(x.num() as i64 | y.num() as i64),
                (Xor, x, y) => Value::Int(x.num() as i64 ^ y.num() as i64),
                (Bitshift, x, y) => {
                    let (x, s) = (x.num() as i64, y.num() as i64);
                    Value::Int(if s >= 0 {
                        x.checked_shl(s.min(63) as u32).unwrap_or(0)
                    } else {
                        x.checked_shr((-s).min(63) as u32).unwrap_or(0)
                    })
                }
                (Eq, x, y) => Value::Bool(x.num() == y.num()),
                (Ne, x, y) => Value::Bool(x.num() != y.num()),
                (Ge, x, y) => Value::Bool(x.num() >= y.num()),
                (Gt, x, y) => Value::Bool(x.num() > y.num()),
                (Le, x, y) => Value::Bool(x.num() <= y.num()),
                (_, x, y) => Value::Bool(x.num() < y.num()),
            };
            st.push(v);
        }
        Dup => {
            let a = *st.last().ok_or(())?;
            st.push(a);
        }
        Pop => {
            pop(st)?;
        }
        Exch => {
            let n = st.len();
            if n < 2 {
                return Err(());
            }
            st.swap(n - 1, n - 2);
        }
        Copy => {
            let n = usize::try_from(pop(st)?.num() as i64).map_err(|_| ())?;
            if n > st.len() || st.len() + n > MAX_PS_STACK {
                return Err(());
            }
            let from = st.len() - n;
            st.extend_from_within(from..);
        }
        Index => {
            let n = usize::try_from(pop(st)?.num() as i64).map_err(|_| ())?;
            let v = *st.iter().rev().nth(n).ok_or(())?;
            st.push(v);
        }
        Roll => {
            let j = pop(st)?.num() as i64;
            let n = usize::try_from(pop(st)?.num() as i64).map_err(|_| ())?;
            if n > st.len() {
                return Err(());
            }
            if n > 0 {
                let from = st.len() - n;
                let k = j.rem_euclid(n as i64) as usize;
                st[from..].rotate_right(k);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::ObjRef;

    fn eval(body: &str, input: &[f64]) -> Vec<f64> {
        let data = format!(
            "%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n{body}\ntrailer <</Root 1 0 R>>\n"
        );
        let d = Document::open(data.as_bytes()).unwrap();
        let f = Function::parse(&d, &Object::Ref(ObjRef::new(5, 0))).unwrap();
        let mut out = Vec::new();
        f.eval(input, &mut out);
        out
    }

    #[test]
    fn exponential_and_stitching() {
        let e = "5 0 obj <</FunctionType 2/Domain[0 1]/C0[1 0 0 0]/C1[0 1 0.5 0]/N 1>> endobj";
        assert_eq!(eval(e, &[0.5]), [0.5, 0.5, 0.25, 0.0]);
        let s = "5 0 obj <</FunctionType 3/Domain[0 1]/Functions[6 0 R 6 0 R]/Bounds[0.5]/Encode[0 1 1 0]>> endobj \
                 6 0 obj <</FunctionType 2/Domain[0 1]/C0[0]/C1[1]/N 2>> endobj";
        assert_eq!(eval(s, &[0.25]), [0.25]);
        assert_eq!(eval(s, &[1.0]), [0.0]);
    }

    #[test]
    fn sampled_interpolates() {
        // Two samples of one output: 0 and 255 at 8 bits.
        let s = "5 0 obj <</FunctionType 0/Domain[0 1]/Range[0 1]/Size[2]/BitsPerSample 8/Length 2>> stream\n\x00\u{7f}\nendstream endobj";
        let v = eval(s, &[0.5]);
        assert!((v[0] - 127.0 / 255.0 / 2.0).abs() < 1e-6, "{v:?}");
    }

    #[test]
    fn postscript_calculator() {
        let code = "{ dup 0.5 gt { 1 exch sub } { 2 mul } ifelse 3 1 roll pop pop }";
        let s = format!(
            "5 0 obj <</FunctionType 4/Domain[0 1 0 1 0 1]/Range[0 1]/Length {}>> stream\n{code}\nendstream endobj",
            code.len()
        );
        // Stack 0.1 0.2 0.75: 0.75 > 0.5, so 1 - 0.75; then roll and pops leave it.
        assert_eq!(eval(&s, &[0.1, 0.2, 0.75]), [0.25]);
        let bad = "5 0 obj <</FunctionType 4/Domain[0 1]/Range[0 1]/Length 9>> stream\n{ pop pop }\nendstream endobj";
        assert_eq!(eval(bad, &[0.3]), [0.0]);
    }
}
