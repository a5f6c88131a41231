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

/// A streamed element read in place from the source the rewriter was given (the tag and
/// attribute spans lol_html reports), without a copy: for the common element whose names
/// are lowercase and whose values hold no character reference. [`SourceElement::new`]
/// declines the others, which [`StreamedElement`] then copies and decodes.
pub(crate) struct SourceElement<'s, 'e> {
    tag: &'s str,
    source: &'s str,
    attrs: &'e [lol_html::html_content::Attribute<'e>],
}

impl<'s, 'e> SourceElement<'s, 'e> {
    pub(crate) fn new(
        el: &'e lol_html::html_content::Element<'_, '_>,
        source: &'s str,
    ) -> Option<SourceElement<'s, 'e>> {
        let tag = source
            .get(el.source_location().bytes())?
            .strip_prefix('<')?;
        let end = tag
            .find(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>')
            .unwrap_or(tag.len());
        let tag = tag.get(..end)?;
        if tag.is_empty() || tag.bytes().any(|b| b.is_ascii_uppercase()) {
            return None;
        }
        let attrs = el.attributes();
        for a in attrs {
            let name = source.get(a.name_source_location()?.bytes())?;
            if name.bytes().any(|b| b.is_ascii_uppercase()) {
                return None;
            }
            if let Some(value) = a.value_source_location()
                && source.get(value.bytes())?.contains('&')
            {
                return None;
            }
        }
        Some(SourceElement { tag, source, attrs })
    }
}

impl Attrs for SourceElement<'_, '_> {
    fn tag(&self) -> &str {
        self.tag
    }
    fn attr_pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        let source = self.source;
        self.attrs.iter().filter_map(move |a| {
            let name = source.get(a.name_source_location()?.bytes())?;
            let value = match a.value_source_location() {
                Some(v) => source.get(v.bytes())?,
                None => "",
            };
            Some((name, value))
        })
    }
}
