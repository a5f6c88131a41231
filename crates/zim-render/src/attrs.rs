//! Attribute lookups by a linear scan of the element's attributes, over the tree or the
//! stream.
//!
//! The renderer's views walk [`crate::dom`]'s compact tree; the Wikipedia endpoint and the
//! plain-text pass stream elements through lol_html. Noise rules are written once, against
//! [`Attrs`].

use std::borrow::Cow;

use crate::entities::{Context, decode};

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

/// A streamed (lol_html) element as the noise rules see it: lowercase tag and attribute
/// values decoded as the HTML tokenizer decodes them, so a streaming pass judges exactly as
/// the tree walk does.
pub(crate) struct StreamedElement {
    tag: String,
    attrs: Vec<(String, String)>,
}

impl StreamedElement {
    pub(crate) fn new(el: &lol_html::html_content::Element<'_, '_>) -> StreamedElement {
        StreamedElement::with_tag(el.tag_name(), el)
    }

    /// As [`StreamedElement::new`], the tag name already read.
    pub(crate) fn with_tag(
        tag: String,
        el: &lol_html::html_content::Element<'_, '_>,
    ) -> StreamedElement {
        let attrs = el
            .attributes()
            .iter()
            .map(|a| {
                let value = a.value();
                let value = match decode(&value, Context::Attribute) {
                    Cow::Borrowed(_) => value,
                    Cow::Owned(decoded) => decoded,
                };
                (a.name(), value)
            })
            .collect();
        StreamedElement { tag, attrs }
    }
}

impl Attrs for StreamedElement {
    fn tag(&self) -> &str {
        &self.tag
    }
    fn attr_pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.attrs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}
