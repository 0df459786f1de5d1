//! Word list numbering (work in progress).
