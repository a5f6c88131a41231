//! Attribute lookups by a linear scan of the element's attributes, over either tree.
//!
//! The renderer's views and the Wikipedia endpoint's fallback walk [`crate::dom`]'s compact
//! tree, the Wikipedia endpoint streams elements through lol_html. Noise rules are written
//! once, against [`Attrs`].

/// An element as the noise rules see it.
pub(crate) trait Attrs {
    /// The lowercase local name.
    fn tag(&self) -> &str;
    /// (name, value) pairs in source order.
    fn attr_pairs(&self) -> impl Iterator<Item = (&str, &str)>;
}

impl Attrs for crate::dom::Element<'_> {
    fn tag(&self) -> &str {
        self.name()
    }
    fn attr_pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.attrs()
    }
}

/// The value of attribute `name` (lowercase, as the HTML parser stores it).
pub(crate) fn attr<'a, E: Attrs + ?Sized>(el: &'a E, name: &str) -> Option<&'a str> {
    el.attr_pairs().find(|(n, _)| *n == name).map(|(_, v)| v)
}

/// The element's classes, in document order (duplicates kept).
pub(crate) fn classes<E: Attrs + ?Sized>(el: &E) -> impl Iterator<Item = &str> {
    attr(el, "class").unwrap_or("").split_ascii_whitespace()
}
