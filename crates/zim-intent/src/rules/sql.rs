//! Requests written as SQL by agents that think of the archive as a database: "SELECT toc
//! FROM article WHERE title='Ross Sea'", "SELECT body FROM article WHERE title IN ('Mont
//! Blanc', 'Matterhorn')", "SELECT title FROM titles WHERE title LIKE 'Inter%'", "SELECT *
//! FROM namespace WHERE ns='-' LIMIT 20", "SELECT status FROM server". The column (or the
//! table) names the operation as a command word would; the WHERE clause names its article,
//! articles, prefix or namespace. The call is written as the slash command it is.

use crate::text::{Pattern, rx};
use std::sync::LazyLock;

/// The statement: columns, table, an optional WHERE clause and LIMIT.
static SELECT: Pattern = LazyLock::new(|| {
    rx(
        r"^\s*select\s+(?P<cols>.+?)\s+from\s+(?P<table>[\w.]+)(?:\s+where\s+(?P<cond>.+?))?(?:\s+limit\s+(?P<limit>\d{1,9}))?\s*;?\s*$",
    )
});
/// The conditions the WHERE clause is read for.
static TITLE_IS: Pattern =
    LazyLock::new(|| rx(r#"\b(?:title|name|path|article|entry)\s*=\s*['"](?P<v>[^'"]+)['"]"#));
static TITLE_LIKE: Pattern =
    LazyLock::new(|| rx(r#"\b(?:title|name)\s+like\s+['"](?P<v>[^'"%]+)%['"]"#));
static TITLE_IN: Pattern =
    LazyLock::new(|| rx(r"\b(?:title|name|path|article|entry)\s+in\s*\((?P<v>[^()]+)\)"));
static SECTION_IS: Pattern =
    LazyLock::new(|| rx(r#"\b(?:section|heading)\s*=\s*['"](?P<v>[^'"]+)['"]"#));
static NAMESPACE_IS: Pattern =
    LazyLock::new(|| rx(r#"\b(?:ns|namespace)\s*=\s*['"](?P<v>[^'"]+)['"]"#));

/// Columns that are an article's text.
const TEXT_COLUMNS: &[&str] = &[
    "*",
    "body",
    "text",
    "content",
    "contents_text",
    "html",
    "full_text",
    "fulltext",
];

/// The slash command a SELECT statement asks for, or `None` when the text is no such
/// statement or names no operation.
pub(crate) fn sql_request(raw: &str) -> Option<String> {
    let c = SELECT.as_ref()?.captures(raw.trim())?;
    let cols = c.name("cols")?.as_str().to_lowercase();
    let table = c.name("table")?.as_str().to_lowercase();
    let cond = c.name("cond").map_or("", |m| m.as_str());
    let limit = c.name("limit").map(|m| m.as_str());
    let first_col = cols
        .split(',')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string();
    let value = |re: &Pattern| {
        re.as_ref()
            .and_then(|re| re.captures(cond))
            .and_then(|c| c.name("v"))
            .map(|m| m.as_str().trim().to_string())
    };
    if let Some(prefix) = value(&TITLE_LIKE) {
        return Some(format!("/suggest {prefix}"));
    }
    let in_list = value(&TITLE_IN).map(|list| {
        list.split(',')
            .map(|t| t.trim().trim_matches(['\'', '"']).trim())
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    });
    let title = value(&TITLE_IS);
    let with_limit = |s: String| match limit {
        Some(n) => format!("{s} limit={n}"),
        None => s,
    };
    if table.starts_with("namespace") || table == "entries" {
        let ns = value(&NAMESPACE_IS).unwrap_or_else(|| "C".to_string());
        return Some(with_limit(format!("/browse ns={ns}")));
    }
    if table.contains("metadata") {
        return Some("/metadata".to_string());
    }
    let text_asked = TEXT_COLUMNS.contains(&first_col.as_str());
    let command = if text_asked {
        if in_list.is_some() {
            "getarticles"
        } else {
            "getarticle"
        }
        .to_string()
    } else {
        first_col.replace([' ', '-'], "_")
    };
    let command = if super::command::names_a_command(&command) {
        command
    } else if super::command::names_a_command(&table) {
        table
    } else {
        return None;
    };
    Some(match (in_list, title) {
        (Some(list), _) => format!("/{command} {list}"),
        (None, Some(t)) if value(&SECTION_IS).is_some() => {
            let section = value(&SECTION_IS).unwrap_or_default();
            format!("/{command} \"{t}\" \"{section}\"")
        }
        (None, Some(t)) => format!("/{command} \"{t}\""),
        (None, None) => with_limit(format!("/{command}")),
    })
}

#[cfg(test)]
mod tests {
    use super::sql_request;

    #[test]
    fn select_statements_as_calls() {
        for (sql, call) in [
            (
                "SELECT toc FROM article WHERE title='Ross Sea'",
                "/toc \"Ross Sea\"",
            ),
            (
                "SELECT body FROM article WHERE title='Nile'",
                "/getarticle \"Nile\"",
            ),
            (
                "SELECT body FROM article WHERE title IN ('Mont Blanc', 'Matterhorn')",
                "/getarticles Mont Blanc, Matterhorn",
            ),
            ("SELECT status FROM server", "/status"),
            (
                "SELECT title, description, tags FROM archive_metadata",
                "/metadata",
            ),
            (
                "SELECT related FROM article WHERE title='Ross Ice Shelf'",
                "/related \"Ross Ice Shelf\"",
            ),
            (
                "SELECT title FROM titles WHERE title LIKE 'Inter%'",
                "/suggest Inter",
            ),
            (
                "SELECT * FROM namespace WHERE ns='-' LIMIT 20",
                "/browse ns=- limit=20",
            ),
            (
                "SELECT section FROM article WHERE title='Warfarin' AND section='Adverse effects'",
                "/section \"Warfarin\" \"Adverse effects\"",
            ),
        ] {
            assert_eq!(sql_request(sql).as_deref(), Some(call), "{sql}");
        }
        for text in [
            "select the best wine for fish",
            "SELECT name FROM users WHERE id = 3",
            "how do I write SELECT * FROM t WHERE x LIKE 'a%'",
        ] {
            assert_eq!(sql_request(text), None, "{text}");
        }
    }
}
