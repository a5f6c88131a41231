//! Removing absolute filesystem paths from text that leaves the server.
//!
//! Error messages and diagnostics end up in bug reports and model transcripts; they must
//! not reveal where the operator keeps the archives. Every absolute path (Unix, Windows or
//! percent-encoded) is shortened to `...<last component>`.

use std::sync::LazyLock;

use regex::Regex;

/// `pre` keeps the delimiter before the path so only the path itself is rewritten; a path
/// must start at the beginning of the text or after whitespace/quote/bracket/`=`, which
/// keeps URLs (`http://host/x`) and relative entry paths (`C/Foo`) intact.
static PLAIN_PATH: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r#"(?P<pre>^|[\s'"(=\[,<{`])(?P<path>(?:[A-Za-z]:)?[/\\](?:[^\s'"()<>,;/\\\]`]+[/\\])*(?P<name>[^\s'"()<>,;/\\\]`]+))"#,
    )
    .ok()
});

/// `%2F`-encoded absolute paths, as they appear in decoded-then-echoed user input.
static ENCODED_PATH: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"(?i)(?:%2F[^\s%'/]+)*%2F(?P<name>[^\s%'/]+)").ok());

/// Replace every absolute path in `text` with `...<file name>`.
pub fn redact_paths(text: &str) -> String {
    let step = match PLAIN_PATH.as_ref() {
        Some(re) => re.replace_all(text, "${pre}...${name}").into_owned(),
        None => text.to_owned(),
    };
    match ENCODED_PATH.as_ref() {
        Some(re) => re.replace_all(&step, "...${name}").into_owned(),
        None => step,
    }
}

/// `...<file name>` for one path: how archives are named in responses.
pub fn redacted_name(path: &std::path::Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("...{name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_windows_and_encoded_paths_are_shortened() {
        assert_eq!(
            redact_paths("open /a/b/c.zim failed"),
            "open ...c.zim failed"
        );
        assert_eq!(redact_paths("(/opt/foo)"), "(...foo)");
        assert_eq!(redact_paths("file=/opt/foo/x.zim"), "file=...x.zim");
        assert_eq!(redact_paths(r"C:\zims\wiki.zim"), "...wiki.zim");
        assert_eq!(redact_paths("got %2Fopt%2Fzims%2Fa.zim"), "got ...a.zim");
        assert_eq!(redact_paths("'/etc/passwd'"), "'...passwd'");
    }

    #[test]
    fn relative_paths_and_urls_are_kept() {
        assert_eq!(
            redact_paths("entry C/Foo_bar not found"),
            "entry C/Foo_bar not found"
        );
        assert_eq!(
            redact_paths("see https://example.org/x"),
            "see https://example.org/x"
        );
    }

    #[test]
    fn redacted_name_keeps_only_the_file_name() {
        assert_eq!(
            redacted_name(std::path::Path::new("/srv/z/wiki.zim")),
            "...wiki.zim"
        );
    }
}
