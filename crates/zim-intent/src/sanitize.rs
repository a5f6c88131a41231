//! Cleaning of user-supplied arguments that are interpolated into MCP prompt templates.

/// Maximum number of characters kept by [`sanitize_prompt_arg`].
pub const PROMPT_ARG_MAX_CHARS: usize = 200;

/// Makes a user-supplied string safe to interpolate into an MCP prompt template.
///
/// ASCII control characters (including newlines and tabs) become spaces so an argument cannot
/// start a new prompt line; backticks are removed so it cannot open or close a code span/fence;
/// the result is capped at [`PROMPT_ARG_MAX_CHARS`] characters (never splitting a character) and
/// trimmed. Quotes and apostrophes are kept because titles such as `Schrödinger's cat` need them.
pub fn sanitize_prompt_arg(s: &str) -> String {
    let cleaned: String = s
        .chars()
        .filter(|c| *c != '`')
        .map(|c| if c.is_ascii_control() { ' ' } else { c })
        .take(PROMPT_ARG_MAX_CHARS)
        .collect();
    cleaned.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_become_spaces() {
        assert_eq!(sanitize_prompt_arg("a\nb\tc\u{7}d"), "a b c d");
        assert_eq!(sanitize_prompt_arg("x\u{7f}y"), "x y");
    }

    #[test]
    fn backticks_are_stripped() {
        assert_eq!(sanitize_prompt_arg("```rm -rf```"), "rm -rf");
        assert_eq!(sanitize_prompt_arg("`Vec`"), "Vec");
    }

    #[test]
    fn quotes_and_apostrophes_are_preserved() {
        assert_eq!(
            sanitize_prompt_arg("  \"Schrödinger's cat\"  "),
            "\"Schrödinger's cat\""
        );
    }

    #[test]
    fn capped_on_char_boundary() {
        let long = "é".repeat(500);
        let out = sanitize_prompt_arg(&long);
        assert_eq!(out.chars().count(), PROMPT_ARG_MAX_CHARS);
        let emoji = "🦀".repeat(300);
        assert_eq!(
            sanitize_prompt_arg(&emoji).chars().count(),
            PROMPT_ARG_MAX_CHARS
        );
    }

    #[test]
    fn trimmed_after_cap() {
        let s = format!("{}{}", "a".repeat(199), "   tail");
        assert_eq!(sanitize_prompt_arg(&s), "a".repeat(199));
        assert_eq!(sanitize_prompt_arg(" \n\t "), "");
    }
}
