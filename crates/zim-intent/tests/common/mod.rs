//! What the labelled-set tests share: the labelled lines (the crate's own sets, those the
//! built-in classifier trains on), the archives they name and the parse's arguments in the
//! sets' terms.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)] // test code; each test uses part

use zim_intent::{ArchiveName, Intent};

pub fn archives() -> Vec<ArchiveName> {
    vec![
        ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles")),
        ArchiveName::new("wikipedia_en_all_maxi_2024-01.zim", Some("Wikipedia")),
        ArchiveName::new("rustdocs.zim", Some("Rust documentation")),
        ArchiveName::new("wiktionary_fr_all_nopic_2023-10.zim", Some("Wiktionnaire")),
        ArchiveName::new(
            "devdocs_en_python_2024-02.zim",
            Some("Python Documentation"),
        ),
    ]
}

/// One labelled line.
pub struct Case {
    pub query: String,
    pub intent: String,
    pub args: serde_json::Map<String, serde_json::Value>,
    pub archive: Option<String>,
    /// The split it belongs to (`dev` for lines without one).
    pub split: String,
}

/// Every labelled line of the crate's sets.
pub fn load() -> Vec<Case> {
    zim_intent::learned::LABELLED_SETS
        .iter()
        .flat_map(|s| s.lines())
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("valid JSON line");
            Case {
                query: v["query"].as_str().expect("query").to_string(),
                intent: v["intent"].as_str().expect("intent").to_string(),
                args: v
                    .get("args")
                    .and_then(|a| a.as_object())
                    .cloned()
                    .unwrap_or_default(),
                archive: v
                    .get("archive")
                    .and_then(|a| a.as_str())
                    .map(str::to_string),
                split: v
                    .get("split")
                    .and_then(|h| h.as_str())
                    .unwrap_or("dev")
                    .to_string(),
            }
        })
        .collect()
}

/// The parsed parameters as JSON values keyed like the labelled sets' `args`.
pub fn params(intent: &Intent) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::json;
    let mut m = serde_json::Map::new();
    let mut put = |k: &str, v: serde_json::Value| {
        m.insert(k.to_string(), v);
    };
    match intent {
        Intent::Search {
            query,
            all_archives,
        } => {
            put("query", json!(query));
            put("all_archives", json!(all_archives));
        }
        Intent::GetArticle { title_or_path }
        | Intent::Summary { title_or_path }
        | Intent::Toc { title_or_path }
        | Intent::Structure { title_or_path }
        | Intent::Related { title_or_path }
        | Intent::Links { title_or_path } => put("title_or_path", json!(title_or_path)),
        Intent::Section {
            title_or_path,
            section,
        } => {
            put("title_or_path", json!(title_or_path));
            put("section", json!(section));
        }
        Intent::Browse { namespace, limit } | Intent::Walk { namespace, limit } => {
            put("namespace", json!(namespace));
            put("limit", json!(limit));
        }
        Intent::GetArticles { titles_or_paths } => put("titles_or_paths", json!(titles_or_paths)),
        Intent::FindByTitle { title } => put("title", json!(title)),
        Intent::Suggest { prefix } => put("prefix", json!(prefix)),
        Intent::ListArchives | Intent::Metadata | Intent::MainPage | Intent::Health => {}
    }
    m
}
