//! DrawingML text (work in progress).
