//! Attribute lookups by a linear scan of the element's attributes.
//!
//! scraper's `Element::attr` interns the requested name on every call (an atom-table
//! lookup, under a lock for names outside the static set) and `Element::classes` interns
//! every class of the element the first time it is asked; on pages with tens of thousands
//! of elements those dominated the conversion. Elements carry a handful of attributes, so
//! scanning them is cheaper.

use scraper::node::Element;

/// The value of attribute `name` (lowercase, as the HTML parser stores it).
pub(crate) fn attr<'a>(el: &'a Element, name: &str) -> Option<&'a str> {
    el.attrs().find(|(n, _)| *n == name).map(|(_, v)| v)
}

/// The element's classes, in document order (duplicates kept).
pub(crate) fn classes(el: &Element) -> impl Iterator<Item = &str> {
    attr(el, "class").unwrap_or("").split_ascii_whitespace()
}
