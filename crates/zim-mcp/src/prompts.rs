//! The three slash-command prompts: /research, /summarize, /explore.

use rmcp::model::{GetPromptResult, Prompt, PromptArgument, PromptMessage, Role};
use serde_json::{Map, Value};

pub fn list() -> Vec<Prompt> {
    let arg = |name: &str, description: &str| {
        PromptArgument::new(name)
            .with_description(description)
            .with_required(true)
    };
    vec![
        Prompt::new(
            "research",
            Some(
                "Research a topic across every archive: search, read the top hits' summaries, then ask which thread to follow",
            ),
            Some(vec![arg("topic", "What to research")]),
        ),
        Prompt::new(
            "summarize",
            Some(
                "Summarize one article: table of contents, summary and the most relevant outbound links",
            ),
            Some(vec![
                arg("zim_file_path", "Archive holding the article"),
                arg("entry_path", "Path of the article"),
            ]),
        ),
        Prompt::new(
            "explore",
            Some(
                "A compact briefing on one archive: metadata, main page and a first walk of its content",
            ),
            Some(vec![arg("zim_file_path", "Archive to explore")]),
        ),
    ]
}

/// The spec's sanitizing (shared with the intent parser): ASCII controls become spaces,
/// backticks go, 200 characters at most; quotes and apostrophes stay.
pub fn sanitize(value: &str) -> String {
    zim_intent::sanitize_prompt_arg(value)
}

fn arg(args: &Map<String, Value>, name: &str) -> Option<String> {
    let raw = match args.get(name)? {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    Some(sanitize(&raw)).filter(|s| !s.is_empty())
}

/// The message sent instead of the workflow when arguments are missing: it has the model
/// ask the user for them (as openzim-mcp does) rather than guess.
fn ask_for(prompt: &str, missing: &[&str]) -> String {
    format!(
        "I want to use the /{prompt} prompt, but I haven't given you {}. Please ask me for it, \
         then run /{prompt} again with it.",
        missing.join(" and ")
    )
}

/// The prompt's messages, or `None` for an unknown prompt name.
pub fn get(name: &str, args: &Map<String, Value>) -> Option<GetPromptResult> {
    let text = match name {
        "research" => match arg(args, "topic") {
            Some(topic) => format!(
                "Research \"{topic}\" in the offline ZIM library.\n\
                 1. Call zim_search(query=\"{topic}\", cross_file=true) to search every archive.\n\
                 2. For the most relevant hits, call zim_get(zim_file_path=..., entry_path=..., view=\"summary\").\n\
                 3. Summarize what you found, citing archive and entry path, then ask me which thread to pursue."
            ),
            None => ask_for("research", &["a topic"]),
        },
        "summarize" => match (arg(args, "zim_file_path"), arg(args, "entry_path")) {
            (Some(file), Some(entry)) => format!(
                "Summarize the article \"{entry}\" from \"{file}\".\n\
                 1. zim_get(zim_file_path=\"{file}\", entry_path=\"{entry}\", view=\"toc\") for its sections.\n\
                 2. zim_get(zim_file_path=\"{file}\", entry_path=\"{entry}\", view=\"summary\") for the opening.\n\
                 3. zim_links(zim_file_path=\"{file}\", entry_path=\"{entry}\", direction=\"outbound\") for its links.\n\
                 Reply with a TL;DR, the section list and the 5-10 most relevant outbound links."
            ),
            (file, entry) => {
                let mut missing = Vec::new();
                if file.is_none() {
                    missing.push("zim_file_path");
                }
                if entry.is_none() {
                    missing.push("entry_path");
                }
                ask_for("summarize", &missing)
            }
        },
        "explore" => match arg(args, "zim_file_path") {
            Some(file) => format!(
                "Give me a compact briefing on the archive \"{file}\".\n\
                 1. zim_metadata(zim_file_path=\"{file}\") for what it is.\n\
                 2. zim_get(zim_file_path=\"{file}\", main_page=true) for its front page.\n\
                 3. zim_browse(zim_file_path=\"{file}\", namespace=\"C\", mode=\"walk\", limit=5) for a first look at the content \
                 (use namespace \"A\" for old-scheme archives).\n\
                 Reply with what the archive covers, its size and language, and good starting points."
            ),
            None => ask_for("explore", &["zim_file_path"]),
        },
        _ => return None,
    };
    let result = GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]);
    // The prompt's description comes with its messages, as openzim-mcp sends it.
    let description = list()
        .into_iter()
        .find(|p| p.name == name)
        .and_then(|p| p.description);
    Some(match description {
        Some(d) => result.with_description(d),
        None => result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sanitizing_keeps_quotes_and_drops_backticks_and_controls() {
        assert_eq!(sanitize("C/Schrödinger's_cat"), "C/Schrödinger's_cat");
        assert_eq!(sanitize("a`b\nc\"d"), "ab c\"d");
        assert_eq!(sanitize(&"x".repeat(500)).len(), 200);
    }

    #[test]
    fn prompts_interpolate_or_ask_for_missing_arguments() {
        let args = json!({"topic": "photosynthesis"})
            .as_object()
            .cloned()
            .unwrap();
        let text = serde_json::to_string(&get("research", &args).unwrap()).unwrap();
        assert!(text.contains("photosynthesis") && text.contains("cross_file=true"));
        let empty = json!({"zim_file_path": " `` "})
            .as_object()
            .cloned()
            .unwrap();
        let text = serde_json::to_string(&get("summarize", &empty).unwrap()).unwrap();
        assert!(text.contains("zim_file_path and entry_path"));
        assert!(get("nope", &Map::new()).is_none());
        assert_eq!(list().len(), 3);
    }
}
