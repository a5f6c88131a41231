//! A page's lead: the few sentences that say what the page is about, read in one streaming
//! pass that stops as soon as it has them.
//!
//! Documentation sites name a page by its subject ("git-mv(1)", "CREATE TABLE", "Vec in
//! std::vec") and describe it in their first sentence ("Move or rename a file, a directory,
//! or a symlink", "define a new table", "A contiguous growable array type"). A question uses
//! the description's words far more often than the name's, so the question pipeline scores a
//! candidate page by its title and its lead together.
//!
//! The lead is the page's `<meta name="description">` when it has one, then the text of its
//! first paragraphs after the first `<h1>` (the page's own heading; what comes before it is
//! navigation). A page without `<h1>` gives its first paragraphs. Only the bytes up to the
//! lead are tokenised: the pass aborts once enough text is collected.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::LazyLock;

use lol_html::html_content::{Element, TextChunk};
use lol_html::{ElementContentHandlers, HandlerResult, HtmlRewriter, Selector, Settings};

use crate::entities::{Context, decode};

/// Paragraphs shorter than this (after whitespace is collapsed) are captions, labels or
/// link stubs, not a description.
const MIN_PARAGRAPH_CHARS: usize = 20;
/// Input fed to the tokenizer at a time; the pass stops between chunks once it has the lead.
const CHUNK_BYTES: usize = 16 * 1024;
/// Input read at most: a lead further down than this is not a lead.
const MAX_INPUT_BYTES: usize = 512 * 1024;

struct Selectors {
    description: Selector,
    h1: Selector,
    paragraph: Selector,
}

static SELECTORS: LazyLock<Result<Selectors, String>> = LazyLock::new(|| {
    let parse = |s: &str| s.parse::<Selector>().map_err(|e| format!("{s}: {e}"));
    Ok(Selectors {
        description: parse("meta[name=description]")?,
        h1: parse("h1")?,
        paragraph: parse("p")?,
    })
});

#[derive(Default)]
struct State {
    description: String,
    seen_h1: bool,
    /// Paragraphs read before any `<h1>` (dropped when one appears).
    before_h1: Vec<String>,
    /// Paragraphs read after the first `<h1>`.
    after_h1: Vec<String>,
    /// Raw text of the paragraph being read.
    current: String,
    in_paragraph: u32,
    collected_chars: usize,
}

impl State {
    fn finish_paragraph(&mut self) {
        let raw = std::mem::take(&mut self.current);
        let text = one_line(&decode(&raw, Context::Text));
        if text.chars().count() < MIN_PARAGRAPH_CHARS {
            return;
        }
        let chars = text.chars().count();
        if self.seen_h1 {
            self.collected_chars = self.collected_chars.saturating_add(chars);
            self.after_h1.push(text);
        } else if self.before_h1.len() < 8 {
            self.before_h1.push(text);
        }
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The page's lead, at most `max_chars` characters (empty when the page has none).
pub fn page_lead(html: &[u8], max_chars: usize) -> String {
    let Ok(selectors) = SELECTORS.as_ref() else {
        return String::new();
    };
    let state = Rc::new(RefCell::new(State::default()));
    let settings = settings(&state, selectors);
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    let input = html.get(..html.len().min(MAX_INPUT_BYTES)).unwrap_or(html);
    for chunk in input.chunks(CHUNK_BYTES) {
        if rewriter.write(chunk).is_err() || state.borrow().collected_chars >= max_chars {
            break;
        }
    }
    drop(rewriter);
    let st = state.borrow();
    let mut parts: Vec<&str> = Vec::new();
    if !st.description.is_empty() {
        parts.push(&st.description);
    }
    let paragraphs = if st.seen_h1 {
        &st.after_h1
    } else {
        &st.before_h1
    };
    parts.extend(paragraphs.iter().map(String::as_str));
    let mut lead = String::new();
    for part in parts {
        if lead.chars().count() >= max_chars {
            break;
        }
        if !lead.is_empty() {
            lead.push(' ');
        }
        lead.push_str(part);
    }
    match lead.char_indices().nth(max_chars) {
        Some((cut, _)) => lead.get(..cut).unwrap_or_default().to_owned(),
        None => lead,
    }
}

type Shared = Rc<RefCell<State>>;

fn settings<'h>(state: &Shared, selectors: &'static Selectors) -> Settings<'h, 'static> {
    let description = state.clone();
    let h1 = state.clone();
    let paragraph = state.clone();
    let text = state.clone();
    let handlers = [
        on_element(&selectors.description, move |el| {
            let mut st = description.borrow_mut();
            if st.description.is_empty()
                && let Some(content) = el.get_attribute("content")
            {
                st.description = one_line(&decode(&content, Context::Attribute));
            }
            Ok(())
        }),
        on_element(&selectors.h1, move |_| {
            let mut st = h1.borrow_mut();
            if !st.seen_h1 {
                st.seen_h1 = true;
                st.before_h1.clear();
            }
            Ok(())
        }),
        on_element(&selectors.paragraph, move |el| {
            paragraph.borrow_mut().in_paragraph += 1;
            let end = paragraph.clone();
            if let Some(handlers) = el.end_tag_handlers() {
                handlers.push(Box::new(move |_| {
                    let mut st = end.borrow_mut();
                    st.in_paragraph = st.in_paragraph.saturating_sub(1);
                    if st.in_paragraph == 0 {
                        st.finish_paragraph();
                    }
                    Ok(())
                }));
            }
            Ok(())
        }),
        (
            Cow::Borrowed(&selectors.paragraph),
            ElementContentHandlers::default().text(move |chunk: &mut TextChunk<'_>| {
                let mut st = text.borrow_mut();
                // Bounded: a paragraph longer than the input cap cannot arrive.
                if st.current.len() < MAX_INPUT_BYTES {
                    st.current.push_str(chunk.as_str());
                }
                Ok(())
            }),
        ),
    ];
    handlers
        .into_iter()
        .fold(Settings::new(), |settings, handler| {
            settings.append_element_content_handler(handler)
        })
}

fn on_element<'h>(
    selector: &'static Selector,
    handler: impl FnMut(&mut Element<'_, '_>) -> HandlerResult + 'h,
) -> (Cow<'static, Selector>, ElementContentHandlers<'h>) {
    (
        Cow::Borrowed(selector),
        ElementContentHandlers::default().element(handler),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_and_the_first_paragraphs_after_the_heading() {
        let html = br#"<html><head><meta name="description" content="A growable array &amp; more."></head>
            <body><nav><p>Skip to the main content of this site</p></nav>
            <h1>Vec</h1><p>Short</p><p>A contiguous   growable array type, written as <code>Vec&lt;T&gt;</code>.</p>
            <p>Second paragraph of the page, also part of the lead.</p></body></html>"#;
        let lead = page_lead(html, 300);
        assert_eq!(
            lead,
            "A growable array & more. A contiguous growable array type, written as Vec<T>. \
             Second paragraph of the page, also part of the lead."
        );
        assert_eq!(page_lead(html, 10), "A growable");
    }

    #[test]
    fn without_a_heading_the_first_paragraphs() {
        let html = b"<p>git-mv - Move or rename a file, a directory, or a symlink</p><p>More text here, describing it.</p>";
        assert_eq!(
            page_lead(html, 40),
            "git-mv - Move or rename a file, a direct"
        );
    }

    #[test]
    fn the_pass_stops_once_the_lead_is_read() {
        let mut html = b"<h1>T</h1><p>The first paragraph is long enough to count.</p>".to_vec();
        // Unclosed paragraphs after the lead are never tokenised in full.
        html.extend(std::iter::repeat_n(b"<p>x".as_slice(), 200_000).flatten());
        assert_eq!(page_lead(&html, 20), "The first paragraph ");
    }

    #[test]
    fn odd_input_gives_an_empty_or_bounded_lead() {
        assert_eq!(page_lead(b"", 100), "");
        assert_eq!(page_lead(b"<p>", 100), "");
        assert_eq!(page_lead(&[0xff, 0xfe, b'<', b'p', b'>'], 100), "");
        let nested = "<p>".repeat(10_000) + "text that is long enough to be kept";
        assert!(page_lead(nested.as_bytes(), 100).chars().count() <= 100);
    }
}
