//! The checks every layer's limits make.

use std::time::Instant;

/// Whether `deadline` (a layer's `Limits::deadline`) has passed; `None`
/// never passes.
///
/// ```
/// use std::time::{Duration, Instant};
/// assert!(!doc_model::deadline_passed(None));
/// assert!(doc_model::deadline_passed(Some(Instant::now())));
/// assert!(!doc_model::deadline_passed(Some(Instant::now() + Duration::from_secs(60))));
/// ```
pub fn deadline_passed(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// Why reading must stop here, if it must: `count` is past `max`
/// ("more than {max} {unit}") or `deadline` has passed ("the deadline").
/// Layers put it in their limit warning: `stopped at {why}; …`.
///
/// ```
/// assert_eq!(doc_model::limit_reached(11, 10, "records", None).as_deref(), Some("more than 10 records"));
/// assert_eq!(doc_model::limit_reached(10, 10, "records", None), None);
/// let now = Some(std::time::Instant::now());
/// assert_eq!(doc_model::limit_reached(0, 10, "records", now).as_deref(), Some("the deadline"));
/// ```
pub fn limit_reached(
    count: u64,
    max: u64,
    unit: &str,
    deadline: Option<Instant>,
) -> Option<String> {
    if count > max {
        Some(format!("more than {max} {unit}"))
    } else if deadline_passed(deadline) {
        Some("the deadline".to_owned())
    } else {
        None
    }
}
