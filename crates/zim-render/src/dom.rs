//! A compact, read-only HTML tree, built by html5ever's tree builder.
//!
//! Why not scraper's tree: its nodes are several hundred bytes each (element names, interned
//! classes, per-node tendrils), and on the 942 KB rustdoc `Vec` page that tree was the largest
//! single term of the server's peak memory. Here a node is 48 bytes, links are `u32`
//! indices into one `Vec`, and all text, comments and attribute values live in one shared
//! string buffer: rendering that page peaks at 8.1 MB of heap instead of 14.1 MB (heaptrack,
//! input and output included).
//!
//! The builder keeps the tree well formed (a node is detached before it is attached
//! elsewhere), so walks terminate; every lookup is bounds-checked, and a buffer offset
//! that would not fit in `u32` drops the text instead of panicking. Dropping the tree is
//! flat (no recursion), whatever the nesting.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

use html5ever::interface::{ElemName, ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::{Attribute, LocalName, Namespace, QualName, ns, parse_document};

/// "No node" in the link fields.
const NONE: u32 = u32::MAX;

/// A node's identity within its tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct NodeId(u32);

/// A byte range of [`Dom::text`].
#[derive(Debug, Clone, Copy, Default)]
struct Span {
    start: u32,
    end: u32,
}

/// The namespaces html5ever puts elements in; anything else is stored as HTML.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ns {
    Html,
    Svg,
    MathMl,
}

#[derive(Debug)]
enum Kind {
    Document,
    Element {
        name: LocalName,
        ns: Ns,
        /// Range of [`Dom::attrs`].
        attrs: Span,
    },
    Text(Span),
    Comment(Span),
}

#[derive(Debug)]
struct NodeData {
    parent: u32,
    prev: u32,
    next: u32,
    first: u32,
    last: u32,
    kind: Kind,
}

// The size the module comment promises (64-bit targets).
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<NodeData>() == 48);

#[derive(Debug)]
struct AttrData {
    name: LocalName,
    value: Span,
}

/// A parsed HTML document.
#[derive(Debug, Default)]
pub(crate) struct Dom {
    nodes: Vec<NodeData>,
    text: String,
    attrs: Vec<AttrData>,
    /// Template element -> its (detached) contents fragment.
    templates: HashMap<u32, u32>,
}

impl Dom {
    /// Parses a whole document (HTML5 rules: implied `<html>`, `<head>`, `<body>`).
    pub(crate) fn parse(source: &str) -> Dom {
        let sink = Builder {
            dom: RefCell::new(Dom::with_document()),
        };
        parse_document(sink, Default::default()).one(source)
    }

    fn with_document() -> Dom {
        Dom {
            nodes: vec![NodeData {
                parent: NONE,
                prev: NONE,
                next: NONE,
                first: NONE,
                last: NONE,
                kind: Kind::Document,
            }],
            ..Dom::default()
        }
    }

    /// The document node.
    pub(crate) fn root(&self) -> NodeRef<'_> {
        NodeRef { dom: self, id: 0 }
    }

    fn node(&self, id: u32) -> Option<&NodeData> {
        self.nodes.get(usize::try_from(id).ok()?)
    }

    fn node_mut(&mut self, id: u32) -> Option<&mut NodeData> {
        self.nodes.get_mut(usize::try_from(id).ok()?)
    }

    fn str(&self, span: Span) -> &str {
        let (Ok(a), Ok(b)) = (usize::try_from(span.start), usize::try_from(span.end)) else {
            return "";
        };
        self.text.get(a..b).unwrap_or("")
    }

    fn attr_slice(&self, span: Span) -> &[AttrData] {
        let (Ok(a), Ok(b)) = (usize::try_from(span.start), usize::try_from(span.end)) else {
            return &[];
        };
        self.attrs.get(a..b).unwrap_or(&[])
    }

    // ---- building ----

    fn push_node(&mut self, kind: Kind) -> u32 {
        let Ok(id) = u32::try_from(self.nodes.len()) else {
            return NONE;
        };
        if id == NONE {
            return NONE;
        }
        self.nodes.push(NodeData {
            parent: NONE,
            prev: NONE,
            next: NONE,
            first: NONE,
            last: NONE,
            kind,
        });
        id
    }

    /// Appends `s` to the text buffer; `None` when offsets would overflow `u32`.
    fn push_str(&mut self, s: &str) -> Option<Span> {
        let start = u32::try_from(self.text.len()).ok()?;
        let end = u32::try_from(self.text.len().checked_add(s.len())?).ok()?;
        self.text.push_str(s);
        Some(Span { start, end })
    }

    /// Extends a text span with `s`, moving it to the end of the buffer first unless it
    /// is already there (text is almost always appended to the last text written).
    fn extend_text(&mut self, span: Span, s: &str) -> Span {
        let at_end = usize::try_from(span.end).ok() == Some(self.text.len());
        let span = if at_end {
            span
        } else {
            let old = self.str(span).to_owned();
            match self.push_str(&old) {
                Some(moved) => moved,
                None => return span,
            }
        };
        match self.push_str(s) {
            Some(added) => Span {
                start: span.start,
                end: added.end,
            },
            None => span,
        }
    }

    fn new_text(&mut self, s: &str) -> u32 {
        match self.push_str(s) {
            Some(span) => self.push_node(Kind::Text(span)),
            None => NONE,
        }
    }

    /// Appends `s` to the text node `id` when it is one; false otherwise.
    fn merge_text(&mut self, id: u32, s: &str) -> bool {
        let span = match self.node(id).map(|n| &n.kind) {
            Some(Kind::Text(span)) => *span,
            _ => return false,
        };
        let span = self.extend_text(span, s);
        if let Some(n) = self.node_mut(id) {
            n.kind = Kind::Text(span);
        }
        true
    }

    fn detach(&mut self, id: u32) {
        let Some((parent, prev, next)) = self.node(id).map(|n| (n.parent, n.prev, n.next)) else {
            return;
        };
        if let Some(p) = self.node_mut(prev) {
            p.next = next;
        }
        if let Some(n) = self.node_mut(next) {
            n.prev = prev;
        }
        if let Some(p) = self.node_mut(parent) {
            if p.first == id {
                p.first = next;
            }
            if p.last == id {
                p.last = prev;
            }
        }
        if let Some(n) = self.node_mut(id) {
            n.parent = NONE;
            n.prev = NONE;
            n.next = NONE;
        }
    }

    /// True when `id` is `ancestor` or lies below it (attaching would make a cycle).
    fn is_within(&self, id: u32, ancestor: u32) -> bool {
        let mut cur = ancestor;
        // Bounded by the node count even if links were ever inconsistent.
        for _ in 0..=self.nodes.len() {
            if cur == id {
                return true;
            }
            match self.node(cur) {
                Some(n) if n.parent != NONE => cur = n.parent,
                _ => return false,
            }
        }
        true
    }

    /// Attaches `child` under `parent` after `child`'s detachment, between `prev` and
    /// `next` (either may be NONE: first or last position).
    fn link(&mut self, parent: u32, prev: u32, next: u32, child: u32) {
        match self.node_mut(prev) {
            Some(p) => p.next = child,
            None => {
                if let Some(p) = self.node_mut(parent) {
                    p.first = child;
                }
            }
        }
        match self.node_mut(next) {
            Some(n) => n.prev = child,
            None => {
                if let Some(p) = self.node_mut(parent) {
                    p.last = child;
                }
            }
        }
        if let Some(c) = self.node_mut(child) {
            c.parent = parent;
            c.prev = prev;
            c.next = next;
        }
    }

    /// False when attaching `child` under `parent` is impossible or would make a cycle.
    fn can_attach(&self, parent: u32, child: u32) -> bool {
        self.node(parent).is_some() && self.node(child).is_some() && !self.is_within(child, parent)
    }

    fn append_child(&mut self, parent: u32, child: u32) {
        if !self.can_attach(parent, child) {
            return;
        }
        self.detach(child);
        let last = self.node(parent).map_or(NONE, |p| p.last);
        self.link(parent, last, NONE, child);
    }

    fn insert_before(&mut self, sibling: u32, child: u32) {
        let parent = self.node(sibling).map_or(NONE, |n| n.parent);
        if sibling == child || !self.can_attach(parent, child) {
            return;
        }
        // Detach first: it may change the sibling's predecessor (when that was `child`).
        self.detach(child);
        let prev = self.node(sibling).map_or(NONE, |n| n.prev);
        self.link(parent, prev, sibling, child);
    }

    fn append(&mut self, parent: u32, child: NodeOrText<u32>) {
        match child {
            NodeOrText::AppendNode(n) => self.append_child(parent, n),
            NodeOrText::AppendText(t) => {
                let last = self.node(parent).map_or(NONE, |p| p.last);
                if !self.merge_text(last, &t) {
                    let n = self.new_text(&t);
                    self.append_child(parent, n);
                }
            }
        }
    }

    fn append_before(&mut self, sibling: u32, child: NodeOrText<u32>) {
        match child {
            NodeOrText::AppendNode(n) => self.insert_before(sibling, n),
            NodeOrText::AppendText(t) => {
                let prev = self.node(sibling).map_or(NONE, |s| s.prev);
                if !self.merge_text(prev, &t) {
                    let n = self.new_text(&t);
                    self.insert_before(sibling, n);
                }
            }
        }
    }

    fn push_attrs(&mut self, attrs: impl IntoIterator<Item = (LocalName, StrTendril)>) -> Span {
        let start = u32::try_from(self.attrs.len()).unwrap_or(u32::MAX);
        for (name, value) in attrs {
            let Some(value) = self.push_str(&value) else {
                break;
            };
            if u32::try_from(self.attrs.len()).is_err() {
                break;
            }
            self.attrs.push(AttrData { name, value });
        }
        let end = u32::try_from(self.attrs.len()).unwrap_or(start);
        Span { start, end }
    }

    fn create_element(&mut self, name: QualName, attrs: Vec<Attribute>, template: bool) -> u32 {
        let ns = match name.ns {
            ns!(svg) => Ns::Svg,
            ns!(mathml) => Ns::MathMl,
            _ => Ns::Html,
        };
        let attrs = self.push_attrs(attrs.into_iter().map(|a| (attr_name(a.name), a.value)));
        let id = self.push_node(Kind::Element {
            name: name.local,
            ns,
            attrs,
        });
        if template && id != NONE {
            let contents = self.push_node(Kind::Document);
            self.templates.insert(id, contents);
        }
        id
    }

    fn add_attrs_if_missing(&mut self, target: u32, attrs: Vec<Attribute>) {
        let Some(Kind::Element { attrs: span, .. }) = self.node(target).map(|n| &n.kind) else {
            return;
        };
        let span = *span;
        let existing: Vec<(LocalName, String)> = self
            .attr_slice(span)
            .iter()
            .map(|a| (a.name.clone(), self.str(a.value).to_owned()))
            .collect();
        let missing: Vec<(LocalName, StrTendril)> = attrs
            .into_iter()
            .map(|a| (attr_name(a.name), a.value))
            .filter(|(name, _)| !existing.iter().any(|(n, _)| n == name))
            .collect();
        if missing.is_empty() {
            return;
        }
        // Rare (a second `<html>` or `<body>` tag): copy the element's attributes to the end.
        let merged = existing
            .into_iter()
            .map(|(n, v)| (n, StrTendril::from(v)))
            .chain(missing);
        let new_span = self.push_attrs(merged);
        if let Some(NodeData {
            kind: Kind::Element { attrs, .. },
            ..
        }) = self.node_mut(target)
        {
            *attrs = new_span;
        }
    }

    fn reparent_children(&mut self, node: u32, new_parent: u32) {
        let mut child = self.node(node).map_or(NONE, |n| n.first);
        let mut guard = self.nodes.len();
        while child != NONE && guard > 0 {
            guard -= 1;
            let next = self.node(child).map_or(NONE, |n| n.next);
            self.append_child(new_parent, child);
            child = next;
        }
    }
}

/// An attribute's name as the serializer writes it: the local name, with its namespace's
/// prefix in foreign content (`xlink:href`, `xml:lang`, `xmlns:xlink`).
fn attr_name(name: QualName) -> LocalName {
    let prefix = match name.ns {
        ns!(xml) => "xml",
        ns!(xlink) => "xlink",
        ns!(xmlns) if &*name.local != "xmlns" => "xmlns",
        _ => return name.local,
    };
    LocalName::from(format!("{prefix}:{}", &*name.local))
}

/// html5ever's view of the tree under construction.
struct Builder {
    dom: RefCell<Dom>,
}

/// An element's name as html5ever asks for it.
#[derive(Debug)]
struct OwnedName {
    ns: Namespace,
    local: LocalName,
}

impl ElemName for OwnedName {
    fn ns(&self) -> &Namespace {
        &self.ns
    }
    fn local_name(&self) -> &LocalName {
        &self.local
    }
}

impl TreeSink for Builder {
    type Handle = u32;
    type Output = Dom;
    type ElemName<'a> = OwnedName;

    fn finish(self) -> Dom {
        self.dom.into_inner()
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> u32 {
        0
    }

    fn elem_name<'a>(&'a self, target: &'a u32) -> OwnedName {
        let dom = self.dom.borrow();
        match dom.node(*target).map(|n| &n.kind) {
            Some(Kind::Element { name, ns, .. }) => OwnedName {
                ns: match ns {
                    Ns::Html => ns!(html),
                    Ns::Svg => ns!(svg),
                    Ns::MathMl => ns!(mathml),
                },
                local: name.clone(),
            },
            _ => OwnedName {
                ns: ns!(html),
                local: LocalName::from(""),
            },
        }
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> u32 {
        self.dom
            .borrow_mut()
            .create_element(name, attrs, flags.template)
    }

    fn create_comment(&self, text: StrTendril) -> u32 {
        let mut dom = self.dom.borrow_mut();
        let span = dom.push_str(&text).unwrap_or_default();
        dom.push_node(Kind::Comment(span))
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> u32 {
        // HTML parsing never produces processing instructions; keep an empty comment.
        self.dom
            .borrow_mut()
            .push_node(Kind::Comment(Span::default()))
    }

    fn append(&self, parent: &u32, child: NodeOrText<u32>) {
        self.dom.borrow_mut().append(*parent, child);
    }

    fn append_based_on_parent_node(
        &self,
        element: &u32,
        prev_element: &u32,
        child: NodeOrText<u32>,
    ) {
        let mut dom = self.dom.borrow_mut();
        let has_parent = dom.node(*element).is_some_and(|n| n.parent != NONE);
        if has_parent {
            dom.append_before(*element, child);
        } else {
            dom.append(*prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {}

    fn get_template_contents(&self, target: &u32) -> u32 {
        let mut dom = self.dom.borrow_mut();
        if let Some(c) = dom.templates.get(target) {
            return *c;
        }
        let contents = dom.push_node(Kind::Document);
        dom.templates.insert(*target, contents);
        contents
    }

    fn same_node(&self, x: &u32, y: &u32) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &u32, new_node: NodeOrText<u32>) {
        self.dom.borrow_mut().append_before(*sibling, new_node);
    }

    fn add_attrs_if_missing(&self, target: &u32, attrs: Vec<Attribute>) {
        self.dom.borrow_mut().add_attrs_if_missing(*target, attrs);
    }

    fn remove_from_parent(&self, target: &u32) {
        self.dom.borrow_mut().detach(*target);
    }

    fn reparent_children(&self, node: &u32, new_parent: &u32) {
        self.dom.borrow_mut().reparent_children(*node, *new_parent);
    }
}

// ---- reading ----

/// A node of a [`Dom`], cheap to copy.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NodeRef<'a> {
    dom: &'a Dom,
    id: u32,
}

/// What a node is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Node<'a> {
    Document,
    Element(Element<'a>),
    Text(&'a str),
    Comment(&'a str),
}

impl<'a> Node<'a> {
    pub(crate) fn as_element(&self) -> Option<Element<'a>> {
        match self {
            Node::Element(e) => Some(*e),
            _ => None,
        }
    }

    pub(crate) fn as_text(&self) -> Option<&'a str> {
        match self {
            Node::Text(t) => Some(t),
            _ => None,
        }
    }

    pub(crate) fn as_comment(&self) -> Option<&'a str> {
        match self {
            Node::Comment(t) => Some(t),
            _ => None,
        }
    }
}

/// An element: its (lowercase) local name and attributes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Element<'a> {
    dom: &'a Dom,
    name: &'a LocalName,
    ns: Ns,
    attrs: &'a [AttrData],
}

impl<'a> Element<'a> {
    pub(crate) fn name(&self) -> &'a str {
        self.name
    }

    /// Attributes as (name, value), in source order, duplicates already removed by the
    /// parser.
    pub(crate) fn attrs(&self) -> impl Iterator<Item = (&'a str, &'a str)> + use<'a> {
        let dom = self.dom;
        self.attrs
            .iter()
            .map(move |a| (&*a.name as &str, dom.str(a.value)))
    }

    pub(crate) fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    pub(crate) fn id(&self) -> Option<&'a str> {
        self.attr("id")
    }

    /// The classes, in document order.
    pub(crate) fn classes(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        self.attr("class").unwrap_or("").split_ascii_whitespace()
    }

    pub(crate) fn has_class(&self, class: &str) -> bool {
        self.classes().any(|c| c == class)
    }

    pub(crate) fn has_class_ignore_case(&self, class: &str) -> bool {
        self.classes().any(|c| c.eq_ignore_ascii_case(class))
    }

    /// True for elements in the HTML namespace (not SVG or MathML).
    pub(crate) fn is_html(&self) -> bool {
        self.ns == Ns::Html
    }
}

impl<'a> NodeRef<'a> {
    fn data(&self) -> Option<&'a NodeData> {
        self.dom.node(self.id)
    }

    fn at(&self, id: u32) -> Option<NodeRef<'a>> {
        self.dom.node(id).map(|_| NodeRef { dom: self.dom, id })
    }

    pub(crate) fn id(&self) -> NodeId {
        NodeId(self.id)
    }

    pub(crate) fn value(&self) -> Node<'a> {
        let dom = self.dom;
        match self.data().map(|n| &n.kind) {
            Some(Kind::Element { name, ns, attrs }) => Node::Element(Element {
                dom,
                name,
                ns: *ns,
                attrs: dom.attr_slice(*attrs),
            }),
            Some(Kind::Text(span)) => Node::Text(dom.str(*span)),
            Some(Kind::Comment(span)) => Node::Comment(dom.str(*span)),
            Some(Kind::Document) | None => Node::Document,
        }
    }

    pub(crate) fn parent(&self) -> Option<NodeRef<'a>> {
        self.at(self.data()?.parent)
    }

    pub(crate) fn first_child(&self) -> Option<NodeRef<'a>> {
        self.at(self.data()?.first)
    }

    pub(crate) fn next_sibling(&self) -> Option<NodeRef<'a>> {
        self.at(self.data()?.next)
    }

    /// The direct children, in order.
    pub(crate) fn children(&self) -> impl Iterator<Item = NodeRef<'a>> + use<'a> {
        std::iter::successors(self.first_child(), |n| n.next_sibling())
    }

    /// Open and close events of a depth-first walk of this subtree (no recursion).
    pub(crate) fn traverse(&self) -> Traverse<'a> {
        Traverse {
            root: self.id,
            next: Some(Edge::Open(*self)),
        }
    }

    /// This node and everything below it, in document order.
    pub(crate) fn descendants(&self) -> impl Iterator<Item = NodeRef<'a>> + use<'a> {
        self.traverse().filter_map(|e| match e {
            Edge::Open(n) => Some(n),
            Edge::Close(_) => None,
        })
    }
}

impl NodeRef<'_> {
    /// The node's children as HTML, as html5ever's serializer writes them (an element's
    /// `inner_html`), leaving out the subtrees of the children and descendants `skip` names.
    /// Template contents are not written (the tree keeps them apart; no view shows them).
    pub(crate) fn inner_html(&self, skip: impl Fn(NodeId) -> bool) -> String {
        let mut out = String::new();
        // The subtree being left out (skipped, or below a void element).
        let mut skipping: Option<u32> = None;
        for edge in self.traverse() {
            match edge {
                Edge::Open(n) if n.id == self.id => {}
                Edge::Close(n) if n.id == self.id => {}
                Edge::Open(n) => {
                    if skipping.is_some() {
                        continue;
                    }
                    if skip(n.id()) {
                        skipping = Some(n.id);
                        continue;
                    }
                    match n.value() {
                        Node::Element(e) => {
                            out.push('<');
                            out.push_str(e.name());
                            for (name, value) in e.attrs() {
                                out.push(' ');
                                out.push_str(name);
                                out.push_str("=\"");
                                escape_into(&mut out, value, true);
                                out.push('"');
                            }
                            out.push('>');
                            if e.is_html() && is_void(e.name()) {
                                skipping = Some(n.id);
                            }
                        }
                        Node::Text(t) => {
                            let raw = n
                                .parent()
                                .and_then(|p| p.value().as_element())
                                .is_some_and(|p| p.is_html() && is_raw_text(p.name()));
                            if raw {
                                out.push_str(t);
                            } else {
                                escape_into(&mut out, t, false);
                            }
                        }
                        Node::Comment(c) => {
                            out.push_str("<!--");
                            out.push_str(c);
                            out.push_str("-->");
                        }
                        Node::Document => {}
                    }
                }
                Edge::Close(n) => {
                    if let Some(until) = skipping {
                        if until == n.id {
                            skipping = None;
                        }
                        continue;
                    }
                    if let Node::Element(e) = n.value() {
                        out.push_str("</");
                        out.push_str(e.name());
                        out.push('>');
                    }
                }
            }
        }
        out
    }
}

/// Elements the serializer writes without children or end tag.
fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "basefont"
            | "bgsound"
            | "br"
            | "col"
            | "embed"
            | "frame"
            | "hr"
            | "img"
            | "input"
            | "keygen"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
    )
}

/// Elements whose text the serializer writes unescaped (scripting enabled: `noscript` too).
fn is_raw_text(name: &str) -> bool {
    matches!(
        name,
        "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext" | "noscript"
    )
}

fn escape_into(out: &mut String, text: &str, attribute: bool) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '\u{00A0}' => out.push_str("&nbsp;"),
            '"' if attribute => out.push_str("&quot;"),
            '<' if !attribute => out.push_str("&lt;"),
            '>' if !attribute => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

/// One step of [`NodeRef::traverse`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Edge<'a> {
    Open(NodeRef<'a>),
    Close(NodeRef<'a>),
}

pub(crate) struct Traverse<'a> {
    root: u32,
    next: Option<Edge<'a>>,
}

impl<'a> Iterator for Traverse<'a> {
    type Item = Edge<'a>;

    fn next(&mut self) -> Option<Edge<'a>> {
        let current = self.next.take()?;
        self.next = match current {
            Edge::Open(n) => Some(match n.first_child() {
                Some(c) => Edge::Open(c),
                None => Edge::Close(n),
            }),
            Edge::Close(n) if n.id == self.root => None,
            Edge::Close(n) => match n.next_sibling() {
                Some(s) => Some(Edge::Open(s)),
                None => n.parent().map(Edge::Close),
            },
        };
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(n: NodeRef<'_>, out: &mut String) {
        match n.value() {
            Node::Element(e) => {
                out.push('<');
                out.push_str(e.name());
                // Sorted: the outline does not depend on attribute order.
                let mut attrs: Vec<_> = e.attrs().collect();
                attrs.sort_unstable();
                for (k, v) in attrs {
                    out.push_str(&format!(" {k}={v:?}"));
                }
                out.push('>');
                for c in n.children() {
                    outline(c, out);
                }
                out.push_str("</");
                out.push_str(e.name());
                out.push('>');
            }
            Node::Text(t) => out.push_str(t),
            Node::Comment(c) => out.push_str(&format!("<!--{c}-->")),
            Node::Document => {
                for c in n.children() {
                    outline(c, out);
                }
            }
        }
    }

    fn body(html: &str) -> String {
        let dom = Dom::parse(html);
        let body = dom
            .root()
            .descendants()
            .find(|n| n.value().as_element().is_some_and(|e| e.name() == "body"))
            .map(|b| {
                let mut s = String::new();
                for c in b.children() {
                    outline(c, &mut s);
                }
                s
            });
        body.unwrap_or_default()
    }

    #[test]
    fn implied_structure_and_attributes() {
        let dom = Dom::parse("<title>T</title><p class='a b' id=x>Hi <b>there</b>");
        let mut s = String::new();
        outline(dom.root(), &mut s);
        assert_eq!(
            s,
            "<html><head><title>T</title></head><body>\
             <p class=\"a b\" id=\"x\">Hi <b>there</b></p></body></html>"
        );
        let p = dom
            .root()
            .descendants()
            .filter_map(|n| n.value().as_element())
            .find(|e| e.name() == "p");
        assert_eq!(p.and_then(|p| p.id()), Some("x"));
        assert_eq!(
            p.map(|p| p.classes().collect::<Vec<_>>()),
            Some(vec!["a", "b"])
        );
        assert!(p.is_some_and(|p| p.has_class("b") && !p.has_class("B")));
        assert!(p.is_some_and(|p| p.has_class_ignore_case("B")));
    }

    #[test]
    fn adjacent_text_is_merged_even_across_buffer_moves() {
        // The table's stray text is foster-parented before the table, between other
        // writes to the buffer: the merge must move it, not corrupt it.
        assert_eq!(
            body("<table>ab<tr><td>c</td></tr>de</table>"),
            "abde<table><tbody><tr><td>c</td></tr></tbody></table>"
        );
        assert_eq!(body("x&amp;y<!--c-->z"), "x&y<!--c-->z");
    }

    #[test]
    fn misnested_formatting_is_repaired() {
        // The adoption agency algorithm moves and clones nodes.
        assert_eq!(body("<b>1<p>2</b>3</p>"), "<b>1</b><p><b>2</b>3</p>");
        assert_eq!(
            body("<a href=u>x<div>y</a>z</div>"),
            "<a href=\"u\">x</a><div><a href=\"u\">y</a>z</div>"
        );
    }

    #[test]
    fn impossible_moves_leave_the_tree_intact() {
        let mut dom = Dom::parse("<div><p>a</p><p>b</p></div>");
        let ids: Vec<u32> = dom
            .root()
            .descendants()
            .filter(|n| {
                n.value()
                    .as_element()
                    .is_some_and(|e| e.name() == "p" || e.name() == "div")
            })
            .map(|n| n.id().0)
            .collect();
        let [div, p1, p2] = ids[..] else {
            panic!("unexpected tree: {ids:?}");
        };
        let before = body_of(&dom);
        dom.insert_before(p1, p1); // before itself
        dom.append_child(p1, div); // under its own descendant
        dom.insert_before(p2, div); // before its own child
        dom.append_child(p1, NONE); // a node that does not exist
        assert_eq!(body_of(&dom), before);
        dom.insert_before(p1, p2); // a real move
        assert_eq!(body_of(&dom), "<div><p>b</p><p>a</p></div>");
    }

    fn body_of(dom: &Dom) -> String {
        let mut s = String::new();
        outline(dom.root(), &mut s);
        s.trim_start_matches("<html><head></head><body>")
            .trim_end_matches("</body></html>")
            .to_string()
    }

    #[test]
    fn duplicate_body_attributes_are_added_if_missing() {
        let dom = Dom::parse("<body class=a><p>x</p><body id=b class=c>");
        let body = dom
            .root()
            .descendants()
            .filter_map(|n| n.value().as_element())
            .find(|e| e.name() == "body");
        assert_eq!(
            body.map(|b| b.attrs().collect::<Vec<_>>()),
            Some(vec![("class", "a"), ("id", "b")])
        );
    }

    #[test]
    fn traverse_visits_each_node_twice_and_stops_at_its_root() {
        let dom = Dom::parse("<div><p>a</p><p>b</p></div><span>c</span>");
        let div = dom
            .root()
            .descendants()
            .find(|n| n.value().as_element().is_some_and(|e| e.name() == "div"));
        let Some(div) = div else {
            panic!("no div");
        };
        let edges: Vec<String> = div
            .traverse()
            .map(|e| match e {
                Edge::Open(n) => format!("+{}", label(n)),
                Edge::Close(n) => format!("-{}", label(n)),
            })
            .collect();
        assert_eq!(edges.join(" "), "+div +p +a -a -p +p +b -b -p -div");
    }

    fn label(n: NodeRef<'_>) -> String {
        match n.value() {
            Node::Element(e) => e.name().to_string(),
            Node::Text(t) => t.to_string(),
            _ => "?".into(),
        }
    }

    #[test]
    fn template_contents_and_deep_nesting_do_not_break_the_walk() {
        let dom = Dom::parse("<template><p>hidden</p></template><p>shown</p>");
        let texts: Vec<&str> = dom
            .root()
            .descendants()
            .filter_map(|n| n.value().as_text())
            .collect();
        assert_eq!(texts, vec!["shown"]);
        let deep = "<div>".repeat(1_500);
        let dom = Dom::parse(&deep);
        assert!(dom.root().descendants().count() > 1_000);
    }

    /// A reference tree sink, written for obviousness rather than size (each node owns a
    /// `Vec` of its children, as html5ever's own `rcdom` does): the differential tests
    /// check the compact tree's linking against it.
    mod reference {
        use super::super::{OwnedName, attr_name};
        use html5ever::interface::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
        use html5ever::tendril::StrTendril;
        use html5ever::{Attribute, QualName};
        use std::borrow::Cow;
        use std::cell::RefCell;
        use std::collections::HashMap;

        pub(super) enum Kind {
            Document,
            Element {
                name: QualName,
                attrs: Vec<(String, String)>,
            },
            Text(String),
            Comment(String),
        }

        pub(super) struct RefNode {
            pub(super) kind: Kind,
            parent: Option<usize>,
            pub(super) children: Vec<usize>,
        }

        #[derive(Default)]
        pub(super) struct Sink {
            pub(super) nodes: RefCell<Vec<RefNode>>,
            templates: RefCell<HashMap<usize, usize>>,
        }

        impl Sink {
            pub(super) fn with_document() -> Sink {
                let sink = Sink::default();
                sink.push(Kind::Document);
                sink
            }

            fn push(&self, kind: Kind) -> usize {
                let mut nodes = self.nodes.borrow_mut();
                nodes.push(RefNode {
                    kind,
                    parent: None,
                    children: Vec::new(),
                });
                nodes.len() - 1
            }

            fn detach(nodes: &mut [RefNode], child: usize) {
                if let Some(p) = nodes[child].parent.take() {
                    nodes[p].children.retain(|&c| c != child);
                }
            }

            fn append_to(&self, parent: usize, child: NodeOrText<usize>) {
                let child = match child {
                    NodeOrText::AppendNode(n) => n,
                    NodeOrText::AppendText(t) => {
                        let mut nodes = self.nodes.borrow_mut();
                        if let Some(&last) = nodes[parent].children.last()
                            && let Kind::Text(s) = &mut nodes[last].kind
                        {
                            s.push_str(&t);
                            return;
                        }
                        drop(nodes);
                        self.push(Kind::Text(t.to_string()))
                    }
                };
                let mut nodes = self.nodes.borrow_mut();
                Self::detach(&mut nodes, child);
                nodes[child].parent = Some(parent);
                nodes[parent].children.push(child);
            }
        }

        impl TreeSink for Sink {
            type Handle = usize;
            type Output = Self;
            type ElemName<'a> = OwnedName;

            fn finish(self) -> Self {
                self
            }
            fn parse_error(&self, _msg: Cow<'static, str>) {}
            fn get_document(&self) -> usize {
                0
            }
            fn elem_name<'a>(&'a self, target: &'a usize) -> OwnedName {
                match &self.nodes.borrow()[*target].kind {
                    Kind::Element { name, .. } => OwnedName {
                        ns: name.ns.clone(),
                        local: name.local.clone(),
                    },
                    _ => panic!("not an element"),
                }
            }
            fn create_element(
                &self,
                name: QualName,
                attrs: Vec<Attribute>,
                _flags: ElementFlags,
            ) -> usize {
                let attrs = attrs
                    .into_iter()
                    .map(|a| (attr_name(a.name).to_string(), a.value.to_string()))
                    .collect();
                self.push(Kind::Element { name, attrs })
            }
            fn create_comment(&self, text: StrTendril) -> usize {
                self.push(Kind::Comment(text.to_string()))
            }
            fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> usize {
                self.push(Kind::Comment(String::new()))
            }
            fn append(&self, parent: &usize, child: NodeOrText<usize>) {
                self.append_to(*parent, child);
            }
            fn append_based_on_parent_node(
                &self,
                element: &usize,
                prev_element: &usize,
                child: NodeOrText<usize>,
            ) {
                if self.nodes.borrow()[*element].parent.is_some() {
                    self.append_before_sibling(element, child);
                } else {
                    self.append(prev_element, child);
                }
            }
            fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {}
            fn get_template_contents(&self, target: &usize) -> usize {
                // Contents live in a document of their own, apart from the template.
                if let Some(&c) = self.templates.borrow().get(target) {
                    return c;
                }
                let c = self.push(Kind::Document);
                self.templates.borrow_mut().insert(*target, c);
                c
            }
            fn same_node(&self, x: &usize, y: &usize) -> bool {
                x == y
            }
            fn set_quirks_mode(&self, _mode: QuirksMode) {}
            fn append_before_sibling(&self, sibling: &usize, child: NodeOrText<usize>) {
                let parent = self.nodes.borrow()[*sibling]
                    .parent
                    .expect("sibling has a parent");
                let child = match child {
                    NodeOrText::AppendText(t) => {
                        let mut nodes = self.nodes.borrow_mut();
                        let i = nodes[parent].children.iter().position(|c| c == sibling);
                        let prev = i
                            .and_then(|i| i.checked_sub(1))
                            .map(|j| nodes[parent].children[j]);
                        if let Some(p) = prev
                            && let Kind::Text(s) = &mut nodes[p].kind
                        {
                            s.push_str(&t);
                            return;
                        }
                        drop(nodes);
                        self.push(Kind::Text(t.to_string()))
                    }
                    NodeOrText::AppendNode(n) => n,
                };
                let mut nodes = self.nodes.borrow_mut();
                Self::detach(&mut nodes, child);
                let i = nodes[parent]
                    .children
                    .iter()
                    .position(|c| c == sibling)
                    .expect("sibling among its parent's children");
                nodes[child].parent = Some(parent);
                nodes[parent].children.insert(i, child);
            }
            fn add_attrs_if_missing(&self, target: &usize, attrs: Vec<Attribute>) {
                if let Kind::Element { attrs: have, .. } =
                    &mut self.nodes.borrow_mut()[*target].kind
                {
                    for a in attrs {
                        let name = attr_name(a.name).to_string();
                        if !have.iter().any(|(n, _)| *n == name) {
                            have.push((name, a.value.to_string()));
                        }
                    }
                }
            }
            fn remove_from_parent(&self, target: &usize) {
                Self::detach(&mut self.nodes.borrow_mut(), *target);
            }
            fn reparent_children(&self, node: &usize, new_parent: &usize) {
                let mut nodes = self.nodes.borrow_mut();
                let children = std::mem::take(&mut nodes[*node].children);
                for c in children {
                    nodes[c].parent = Some(*new_parent);
                    nodes[*new_parent].children.push(c);
                }
            }
        }
    }

    /// An outline of the reference tree in the same notation as [`outline`].
    fn reference_outline(nodes: &[reference::RefNode], n: usize, out: &mut String) {
        match &nodes[n].kind {
            reference::Kind::Element { name, attrs } => {
                out.push('<');
                out.push_str(&name.local);
                let mut attrs: Vec<_> = attrs
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                attrs.sort_unstable();
                for (k, v) in attrs {
                    out.push_str(&format!(" {k}={v:?}"));
                }
                out.push('>');
                for &c in &nodes[n].children {
                    reference_outline(nodes, c, out);
                }
                out.push_str("</");
                out.push_str(&name.local);
                out.push('>');
            }
            reference::Kind::Text(t) => out.push_str(t),
            reference::Kind::Comment(c) => out.push_str(&format!("<!--{c}-->")),
            reference::Kind::Document => {
                for &c in &nodes[n].children {
                    reference_outline(nodes, c, out);
                }
            }
        }
    }

    fn same_tree_as_reference(html: &str) {
        let mut ours = String::new();
        outline(Dom::parse(html).root(), &mut ours);
        let sink = reference::Sink::with_document();
        let sink = parse_document(sink, Default::default()).one(html);
        let mut theirs = String::new();
        reference_outline(&sink.nodes.borrow(), 0, &mut theirs);
        if ours != theirs {
            let at = ours
                .char_indices()
                .zip(theirs.chars())
                .find(|((_, a), b)| a != b)
                .map_or(ours.len().min(theirs.len()), |((i, _), _)| i);
            let near = |t: &str| {
                let from = t.floor_char_boundary(at.saturating_sub(80));
                let to = t.floor_char_boundary(at.saturating_add(80));
                t.get(from..to).unwrap_or("").to_string()
            };
            panic!(
                "trees differ at {at} (input of {} bytes{}):\n ours:      {:?}\n reference: {:?}",
                html.len(),
                if html.len() < 400 {
                    format!(": {html:?}")
                } else {
                    String::new()
                },
                near(&ours),
                near(&theirs)
            );
        }
    }

    #[test]
    fn same_tree_as_the_reference_on_the_fixture_pages() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut pages = 0;
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "html") {
                let bytes = std::fs::read(&path).unwrap_or_default();
                same_tree_as_reference(&String::from_utf8_lossy(&bytes));
                pages += 1;
            }
        }
        assert!(pages >= 10, "fixtures not found");
    }

    /// Tag soup exercising the tree builder's repairs: foster parenting, the adoption
    /// agency, reparenting, duplicate `<html>`/`<body>` attributes, foreign content.
    #[test]
    fn same_tree_as_the_reference_on_generated_tag_soup() {
        const TOKENS: &[&str] = &[
            "<b>",
            "</b>",
            "<i>",
            "</i>",
            "<p>",
            "</p>",
            "<table>",
            "</table>",
            "<tr>",
            "</tr>",
            "<td>",
            "</td>",
            "<th>",
            "<caption>",
            "<colgroup><col>",
            "<tbody>",
            "text ",
            "x",
            "<a href=u>",
            "</a>",
            "<div class='c d'>",
            "</div>",
            "<template>",
            "</template>",
            "<svg><circle r=1>",
            "</svg>",
            "<math><mi>",
            "</math>",
            "<ul>",
            "<li>",
            "</ul>",
            "<select>",
            "<option>",
            "<!-- c -->",
            "<body id=b class=z>",
            "<html lang=en>",
            "<textarea>",
            "</textarea>",
            "<script>1<2</script>",
            "<br>",
            "<pre>\n",
            "&amp;",
            "<h1>",
            "</h1>",
            "<h2>",
            "<form>",
            "</form>",
            "<button>",
            "<nobr>",
            "<font>",
            "</font>",
            "<frameset>",
            "<noscript>",
            "<style>a{}</style>",
            "<title>t</title>",
            "<head>",
            "<xmp>",
            "<dl><dt>",
            "<dd>",
            "<marquee>",
            "</p>",
            "<span>",
            "</span>",
            "<plaintext>",
            "<image>",
            "<isindex>",
            "<ruby><rt>",
            "\u{0}",
            "<",
            ">",
            "</",
        ];
        // A fixed linear congruential generator: the same 3,000 documents every run.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |bound: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            usize::try_from(state >> 33).unwrap_or(0) % bound
        };
        for _ in 0..3_000 {
            let len = 1 + next(40);
            let doc: String = (0..len).map(|_| TOKENS[next(TOKENS.len())]).collect();
            same_tree_as_reference(&doc);
        }
    }
}
