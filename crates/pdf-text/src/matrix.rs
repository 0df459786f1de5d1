//! Affine transformation matrices (ISO 32000-1 §8.3.3–8.3.4).

/// A PDF transformation matrix `[a b c d e f]`, mapping `(x, y)` to
/// `(a·x + c·y + e, b·x + d·y + f)` (§8.3.3).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Matrix {
    /// Row 1, column 1.
    pub a: f64,
    /// Row 1, column 2.
    pub b: f64,
    /// Row 2, column 1.
    pub c: f64,
    /// Row 2, column 2.
    pub d: f64,
    /// Translation in x.
    pub e: f64,
    /// Translation in y.
    pub f: f64,
}

impl Default for Matrix {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Matrix {
    /// The identity matrix.
    pub const IDENTITY: Matrix = Matrix {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        e: 0.0,
        f: 0.0,
    };

    /// A matrix from its six numbers, as written in `cm` or `Tm`.
    pub const fn new(a: f64, b: f64, c: f64, d: f64, e: f64, f: f64) -> Self {
        Matrix { a, b, c, d, e, f }
    }

    /// A translation by `(tx, ty)`.
    pub const fn translate(tx: f64, ty: f64) -> Self {
        Matrix::new(1.0, 0.0, 0.0, 1.0, tx, ty)
    }

    /// `self × other`: first `self`, then `other` (the PDF convention, in which
    /// `cm` sets CTM to `M × CTM`).
    pub fn then(&self, o: &Matrix) -> Matrix {
        Matrix {
            a: self.a * o.a + self.b * o.c,
            b: self.a * o.b + self.b * o.d,
            c: self.c * o.a + self.d * o.c,
            d: self.c * o.b + self.d * o.d,
            e: self.e * o.a + self.f * o.c + o.e,
            f: self.e * o.b + self.f * o.d + o.f,
        }
    }

    /// Applies the matrix to a point.
    pub fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        (
            self.a * x + self.c * y + self.e,
            self.b * x + self.d * y + self.f,
        )
    }

    /// Applies the linear part only (no translation) to a vector.
    pub fn apply_vector(&self, x: f64, y: f64) -> (f64, f64) {
        (self.a * x + self.c * y, self.b * x + self.d * y)
    }

    /// Whether every entry is a finite number.
    pub fn is_finite(&self) -> bool {
        [self.a, self.b, self.c, self.d, self.e, self.f]
            .iter()
            .all(|v| v.is_finite())
    }

    /// The rotation of a page's `/Rotate` (degrees clockwise, a multiple of 90)
    /// for a page whose crop box is `[x0 y0 x1 y1]`: maps user space into an
    /// upright page whose origin is the lower-left corner.
    pub fn page_rotation(rotate: i64, x0: f64, y0: f64, x1: f64, y1: f64) -> Matrix {
        let (w, h) = ((x1 - x0).abs(), (y1 - y0).abs());
        let to_origin = Matrix::translate(-x0.min(x1), -y0.min(y1));
        let r = match rotate.rem_euclid(360) {
            90 => Matrix::new(0.0, -1.0, 1.0, 0.0, 0.0, w),
            180 => Matrix::new(-1.0, 0.0, 0.0, -1.0, w, h),
            270 => Matrix::new(0.0, 1.0, -1.0, 0.0, h, 0.0),
            _ => Matrix::IDENTITY,
        };
        to_origin.then(&r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    #[test]
    fn then_applies_left_first() {
        let scale = Matrix::new(2.0, 0.0, 0.0, 2.0, 0.0, 0.0);
        let shift = Matrix::translate(10.0, 5.0);
        // scale first, then shift
        assert!(close(scale.then(&shift).apply(1.0, 1.0), (12.0, 7.0)));
        // shift first, then scale
        assert!(close(shift.then(&scale).apply(1.0, 1.0), (22.0, 12.0)));
    }

    #[test]
    fn vector_ignores_translation() {
        let m = Matrix::new(0.0, 1.0, -1.0, 0.0, 100.0, 100.0);
        assert!(close(m.apply_vector(1.0, 0.0), (0.0, 1.0)));
        assert!(close(m.apply(1.0, 0.0), (100.0, 101.0)));
    }

    #[test]
    fn page_rotation_keeps_page_upright() {
        // A 200×100 page rotated 90° clockwise is shown 100 wide, 200 tall:
        // the user-space top-left corner (0,100) becomes the top-left... of the
        // rotated view's top-right; the user origin goes to the top-left.
        let r = Matrix::page_rotation(90, 0.0, 0.0, 200.0, 100.0);
        assert!(close(r.apply(0.0, 0.0), (0.0, 200.0)));
        assert!(close(r.apply(200.0, 100.0), (100.0, 0.0)));
        // Text running along +x in user space runs downwards when shown.
        assert!(close(r.apply_vector(1.0, 0.0), (0.0, -1.0)));
        let r180 = Matrix::page_rotation(180, 0.0, 0.0, 200.0, 100.0);
        assert!(close(r180.apply(0.0, 0.0), (200.0, 100.0)));
        let r270 = Matrix::page_rotation(-90, 0.0, 0.0, 200.0, 100.0);
        assert!(close(r270.apply(0.0, 0.0), (100.0, 0.0)));
        assert!(close(r270.apply_vector(1.0, 0.0), (0.0, 1.0)));
        let none = Matrix::page_rotation(0, 10.0, 10.0, 20.0, 20.0);
        assert!(close(none.apply(10.0, 10.0), (0.0, 0.0)));
    }
}
