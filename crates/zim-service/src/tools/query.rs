//! `zim_query`: turning a natural-language request into one of the advanced operations.

use std::sync::LazyLock;

use regex::Regex;

/// What a `zim_query` request asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    ListFiles,
    Metadata,
    MainPage,
    Browse {
        namespace: String,
        walk: bool,
    },
    Get {
        entry: String,
    },
    View {
        entry: String,
        view: crate::tools::args::View,
    },
    Links {
        entry: String,
        related: bool,
    },
    Search {
        query: String,
        cross_file: bool,
    },
    Suggest {
        prefix: String,
    },
    Title {
        title: String,
    },
}

/// The request with an optional archive named in it (`... in wikipedia.zim`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub intent: Intent,
    pub zim_file: Option<String>,
    pub limit: Option<u32>,
}

fn re(pattern: &str) -> Option<Regex> {
    Regex::new(pattern).ok()
}

static IN_FILE: LazyLock<Option<Regex>> =
    LazyLock::new(|| re(r"(?i)\s+(?:in|from|of)\s+([\w.\-]+\.zim(?:aa)?)\b"));
static LIMIT: LazyLock<Option<Regex>> =
    LazyLock::new(|| re(r"(?i)\s+(?:with\s+)?limit\s+(\d{1,4})\b"));
static BROWSE: LazyLock<Option<Regex>> =
    LazyLock::new(|| re(r"(?i)^(browse|walk|list|show)\s+(?:the\s+)?namespace\s+(\S+)"));
static VIEW: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)^(?:show\s+|get\s+)?(?:the\s+)?(structure|outline|toc|table of contents|summary|summarize|sections)\s+(?:of\s+|for\s+)?(.+)$",
    )
});
static LINKS: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)^(?:(?:articles|pages)\s+)?(related\s+to|links\s+(?:in|from|of)|outbound\s+links\s+(?:in|from|of))\s+(.+)$",
    )
});
static SEARCH_ALL: LazyLock<Option<Regex>> =
    LazyLock::new(|| re(r"(?i)^search\s+(?:all|every)\s+(?:files|archives)\s+for\s+(.+)$"));
static SUGGEST: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)^(?:suggest|autocomplete|complete)\s+(?:titles?\s+)?(?:for\s+|starting\s+with\s+)?(.+)$",
    )
});
static TITLE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(r"(?i)^find\s+(?:the\s+)?(?:article|entry|page)\s+(?:titled|named|called)\s+(.+)$")
});
static SEARCH: LazyLock<Option<Regex>> =
    LazyLock::new(|| re(r"(?i)^(?:search|find|look\s+up|lookup)\s+(?:for\s+)?(.+)$"));
static GET: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)^(?:get|show|read|open|fetch|display)\s+(?:me\s+)?(?:the\s+)?(?:article|entry|page)?\s*(.+)$",
    )
});

fn captures<'a>(regex: &LazyLock<Option<Regex>>, text: &'a str) -> Option<regex::Captures<'a>> {
    regex.as_ref().and_then(|r| r.captures(text))
}

fn group(caps: &regex::Captures<'_>, i: usize) -> String {
    caps.get(i)
        .map(|m| m.as_str().trim().trim_matches(['"', '\'']).to_owned())
        .unwrap_or_default()
}

pub fn parse(query: &str) -> Parsed {
    let mut text = query.trim().trim_end_matches(['?', '.', '!']).to_owned();
    let mut zim_file = None;
    if let Some(caps) = captures(&IN_FILE, &text) {
        zim_file = Some(group(&caps, 1));
        if let Some(m) = caps.get(0) {
            text.replace_range(m.range(), "");
        }
    }
    let mut limit = None;
    if let Some(caps) = captures(&LIMIT, &text) {
        limit = group(&caps, 1).parse().ok();
        if let Some(m) = caps.get(0) {
            text.replace_range(m.range(), "");
        }
    }
    let text = text.trim();
    let lower = text.to_lowercase();
    let intent = if (lower.contains("list")
        || lower.contains("show")
        || lower.contains("which")
        || lower.contains("what"))
        && (lower.contains("zim files")
            || lower.contains("archives")
            || lower.contains("files available")
            || lower.contains("available files"))
    {
        Intent::ListFiles
    } else if lower.contains("main page")
        || lower.contains("home page")
        || lower.contains("front page")
    {
        Intent::MainPage
    } else if lower.contains("metadata")
        || lower.starts_with("info about")
        || lower.starts_with("information about")
    {
        Intent::Metadata
    } else if let Some(caps) = captures(&BROWSE, text) {
        Intent::Browse {
            namespace: group(&caps, 2),
            walk: group(&caps, 1).eq_ignore_ascii_case("walk"),
        }
    } else if let Some(caps) = captures(&VIEW, text) {
        use crate::tools::args::View;
        let word = group(&caps, 1).to_lowercase();
        let view = match word.as_str() {
            "summary" | "summarize" => View::Summary,
            "toc" | "table of contents" | "sections" => View::Toc,
            _ => View::Structure,
        };
        Intent::View {
            entry: group(&caps, 2),
            view,
        }
    } else if let Some(caps) = captures(&LINKS, text) {
        Intent::Links {
            entry: group(&caps, 2),
            related: group(&caps, 1).to_lowercase().starts_with("related"),
        }
    } else if let Some(caps) = captures(&SEARCH_ALL, text) {
        Intent::Search {
            query: group(&caps, 1),
            cross_file: true,
        }
    } else if let Some(caps) = captures(&SUGGEST, text) {
        Intent::Suggest {
            prefix: group(&caps, 1),
        }
    } else if let Some(caps) = captures(&TITLE, text) {
        Intent::Title {
            title: group(&caps, 1),
        }
    } else if let Some(caps) = captures(&SEARCH, text) {
        Intent::Search {
            query: group(&caps, 1),
            cross_file: false,
        }
    } else if let Some(caps) = captures(&GET, text) {
        Intent::Get {
            entry: group(&caps, 1),
        }
    } else {
        Intent::Search {
            query: text.to_owned(),
            cross_file: false,
        }
    };
    Parsed {
        intent,
        zim_file,
        limit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::args::View;

    #[test]
    fn documented_examples() {
        assert_eq!(parse("list available ZIM files").intent, Intent::ListFiles);
        let p = parse("search for biology in wikipedia.zim");
        assert_eq!(
            p.intent,
            Intent::Search {
                query: "biology".into(),
                cross_file: false
            }
        );
        assert_eq!(p.zim_file.as_deref(), Some("wikipedia.zim"));
        assert_eq!(
            parse("get article Evolution").intent,
            Intent::Get {
                entry: "Evolution".into()
            }
        );
        assert_eq!(
            parse("show structure of Biology").intent,
            Intent::View {
                entry: "Biology".into(),
                view: View::Structure
            }
        );
        let p = parse("browse namespace C with limit 10");
        assert_eq!(
            p.intent,
            Intent::Browse {
                namespace: "C".into(),
                walk: false
            }
        );
        assert_eq!(p.limit, Some(10));
        assert_eq!(
            parse("search all files for python").intent,
            Intent::Search {
                query: "python".into(),
                cross_file: true
            }
        );
        assert_eq!(
            parse("walk namespace M").intent,
            Intent::Browse {
                namespace: "M".into(),
                walk: true
            }
        );
        assert_eq!(
            parse("find article titled Photosynthesis").intent,
            Intent::Title {
                title: "Photosynthesis".into()
            }
        );
        assert_eq!(
            parse("articles related to Climate_Change").intent,
            Intent::Links {
                entry: "Climate_Change".into(),
                related: true
            }
        );
        assert_eq!(
            parse("summary of Quantum_mechanics").intent,
            Intent::View {
                entry: "Quantum_mechanics".into(),
                view: View::Summary
            }
        );
        assert_eq!(
            parse("show the main page of example.zim").intent,
            Intent::MainPage
        );
        assert_eq!(
            parse("metadata of example.zim").zim_file.as_deref(),
            Some("example.zim")
        );
        assert_eq!(
            parse("photosynthesis in plants").intent,
            Intent::Search {
                query: "photosynthesis in plants".into(),
                cross_file: false
            }
        );
    }
}
