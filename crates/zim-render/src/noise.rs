//! Which elements are reader noise (page chrome, edit links, hidden or interactive
//! elements) and are dropped with everything inside them.

use crate::attrs::{Attrs, attr, classes};
use crate::dom::{Element, NodeRef};

/// Tags that never carry article prose.
fn is_noise_tag(name: &str) -> bool {
    matches!(
        name,
        "script"
            | "style"
            | "noscript"
            | "template"
            | "head"
            | "link"
            | "meta"
            | "nav"
            | "button"
            | "select"
            | "option"
            | "input"
            | "textarea"
            | "svg"
            | "math"
            | "canvas"
            | "iframe"
            | "object"
            | "embed"
            | "audio"
            | "video"
            | "map"
            | "footer"
            | "rustdoc-topbar"
            | "rustdoc-toolbar"
            | "rustdoc-search"
            | "mdbook-sidebar-scrollbox"
    )
}

/// Classes of chrome in the archive families we serve: MediaWiki/mwoffliner, rustdoc,
/// mdBook, Bootstrap sites captured by zimit, and sotoki (Stack Exchange).
fn is_noise_class(class: &str) -> bool {
    matches!(
        class,
        // MediaWiki / mwoffliner
        "mw-editsection"
            | "mw-jump-link"
            | "navbox"
            | "navbox-inner"
            | "vertical-navbox"
            | "navbox-styles"
            | "catlinks"
            | "printfooter"
            | "noprint"
            | "mw-cite-backlink"
            | "reference"
            | "sistersitebox"
            | "ambox"
            | "authority-control"
            | "mw-authority-control"
            | "toc"
            | "mw-empty-elt"
            | "portal"
            | "mw-kartographer-maplink"
            | "mwe-math-mathml-inline"
            | "mwe-math-mathml-display"
            // rustdoc
            | "sidebar"
            | "sidebar-resizer"
            | "sidebar-elems"
            | "doc-anchor"
            | "anchor"
            | "test-arrow"
            | "hideme"
            | "src"
            | "rightside"
            | "sub-heading"
            | "out-of-band"
            | "skip-main-content"
            | "tooltip"
            // mdBook
            | "menu-bar"
            | "nav-wrapper"
            | "nav-chapters"
            | "mobile-nav-chapters"
            | "sidebar-resize-handle"
            | "searchbar-outer"
            | "searchresults-outer"
            | "mdbook-help-container"
            | "boring"
            // Sphinx: the pilcrow link after every heading
            | "headerlink"
            // generic sites (zimit crawls)
            | "navbar"
            | "breadcrumb"
            | "cookie-banner"
            | "addthis_toolbox"
            | "sr-only"
            | "visually-hidden"
            // sotoki
            | "votecell"
            | "js-voting-container"
            | "post-menu"
            | "js-post-menu"
            | "s-sidebarwidget"
    )
}

fn is_noise_id(id: &str) -> bool {
    matches!(
        id,
        "toc"
            | "coordinates"
            | "jump-to-nav"
            | "siteSub"
            | "contentSub"
            | "catlinks"
            | "footer"
            | "mw-navigation"
            | "mdbook-help-container"
            | "mdbook-menu-bar"
            | "mdbook-search-wrapper"
            | "mdbook-sidebar"
            | "menu-bar"
            | "search-wrapper"
            | "sidebar"
            | "copy-path"
            | "sidebar-toggle"
            | "wm-ipp"
    )
}

/// `display:none` / `visibility:hidden` in an inline style.
fn style_hides(style: &str) -> bool {
    // Most styles hide nothing: skip the normalising copy unless a keyword can be there.
    let lower = style.to_ascii_lowercase();
    if !lower.contains("none") && !lower.contains("hidden") {
        return false;
    }
    let compact: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("display:none") || compact.contains("visibility:hidden")
}

/// True when the element and its whole subtree should be dropped.
pub(crate) fn is_noise<E: Attrs + ?Sized>(el: &E) -> bool {
    let name = el.tag();
    if is_noise_tag(name) {
        return true;
    }
    // One pass over the attributes (usually a handful) instead of a lookup per attribute
    // of interest: this runs for every element of pages with tens of thousands of them.
    let mut id = None;
    let mut href = None;
    for (attr, value) in el.attr_pairs() {
        let noisy = match attr {
            // `data-nosnippet` marks rustdoc's source line numbers (and, elsewhere, text
            // a page asks search engines not to quote).
            "hidden" | "data-nosnippet" => true,
            "aria-hidden" => value == "true",
            "role" => matches!(value, "navigation" | "search" | "banner"),
            "style" => style_hides(value),
            // MediaWiki marks its footnote markers `<sup class="reference">`; Sphinx marks
            // every link `<a class="reference internal|external">`, which is prose.
            "class" => value
                .split_ascii_whitespace()
                .any(|c| is_noise_class(c) && !(c == "reference" && name == "a")),
            "id" => {
                id = Some(value);
                is_noise_id(value)
            }
            "href" => {
                href = Some(value);
                false
            }
            _ => false,
        };
        if noisy {
            return true;
        }
    }
    match name {
        // Reference markers: `<sup class="reference">` (2020) or `<sup id="cite_ref-1">` (2015).
        "sup" => id.is_some_and(|id| id.starts_with("cite_ref")),
        // Links into the footnotes, e.g. `[1]`, and "skip to content" links.
        "a" => href.is_some_and(|h| {
            h.starts_with("#cite_note") || h == "#main-content" || h == "#content"
        }),
        _ => false,
    }
}

/// Paragraph-like elements that are not prose the summary should start with.
pub(crate) fn is_summary_noise<E: Attrs + ?Sized>(el: &E) -> bool {
    classes(el).any(|c| {
        matches!(
            c,
            "hatnote"
                | "dablink"
                | "rellink"
                | "infobox"
                | "metadata"
                | "geo"
                | "thumb"
                | "thumbcaption"
                | "mw-halign-right"
                | "shortdescription"
                | "rustdoc-breadcrumbs"
                | "item-info"
                | "stab"
                | "post-taglist"
                | "post-signature"
                | "user-info"
                | "comments"
        )
    }) || attr(el, "id") == Some("coordinates")
        || attr(el, "role") == Some("note")
}

/// Structural noise that needs the children to recognise: mwoffliner's licence footer
/// ("This article is issued from Wikipedia...") and the `↑ 2.0 2.1` back-links that
/// open each reference in 2015-era MediaWiki HTML.
pub(crate) fn is_noise_subtree(node: NodeRef<'_>, el: &Element<'_>) -> bool {
    match el.name() {
        "div" => {
            const FOOTER: &str = "This article is issued from";
            let mut text = String::new();
            for n in node.descendants().take(6) {
                if let Some(t) = n.value().as_text() {
                    // Every other div is rejected at its first word, without copying.
                    if text.trim_start().is_empty() {
                        let first = t.trim_start();
                        if !first.is_empty() && !first.starts_with('T') {
                            return false;
                        }
                    }
                    text.push_str(t);
                }
            }
            text.trim_start().starts_with(FOOTER)
        }
        // Page headers carry the site name and menus; an article's own header holds its `<h1>`.
        "header" => !node
            .descendants()
            .filter_map(|n| n.value().as_element())
            .any(|e| e.name() == "h1"),
        "span" => node
            .children()
            .filter_map(|c| c.value().as_element())
            .next()
            .is_some_and(|first| {
                first.name() == "a"
                    && first
                        .attr("href")
                        .is_some_and(|h| h.starts_with("#cite_ref"))
            }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct El(&'static str, Vec<(&'static str, &'static str)>);
    impl Attrs for El {
        fn tag(&self) -> &str {
            self.0
        }
        fn attr_pairs(&self) -> impl Iterator<Item = (&str, &str)> {
            self.1.iter().map(|(a, v)| (*a, *v))
        }
    }

    #[test]
    fn footnote_markers_are_noise_sphinx_links_are_not() {
        assert!(is_noise(&El("sup", vec![("class", "reference")])));
        assert!(!is_noise(&El(
            "a",
            vec![
                ("class", "reference internal"),
                ("href", "os.html#os.getenv")
            ]
        )));
    }

    #[test]
    fn hidden_styles() {
        assert!(style_hides("color: red; display : none"));
        assert!(style_hides("VISIBILITY:HIDDEN"));
        assert!(!style_hides("display:inline"));
    }
}
