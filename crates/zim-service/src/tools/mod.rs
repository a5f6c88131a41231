//! The MCP tool surface: names, descriptions, argument schemas and implementations.

pub mod args;
pub mod browse;
pub mod entry;
pub mod get;
pub mod health;
pub mod metadata;
pub mod namespace;
pub mod query;
pub mod synthesize;
pub mod wire;

use serde_json::{Map, Value};

use crate::config::ToolMode;

/// What a tool returns on success: a JSON object (structured) or Markdown text.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolOutput {
    Json(Value),
    Text(String),
}

/// One tool as advertised in `tools/list`.
#[derive(Debug, Clone)]
pub struct ToolSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub input_schema: Map<String, Value>,
}

pub const ADVANCED_TOOLS: [&str; 8] = [
    "zim_query",
    "zim_search",
    "zim_get",
    "zim_get_section",
    "zim_browse",
    "zim_metadata",
    "zim_links",
    "zim_health",
];

/// The tools exposed in `mode`: only `zim_query` in simple mode, all eight in advanced.
pub fn tool_specs(mode: ToolMode) -> Vec<ToolSpec> {
    use args::*;
    let query = ToolSpec {
        name: "zim_query",
        title: "Ask the ZIM library",
        description: "Answer a natural-language request over the offline ZIM archives: list archives, \
search, read an article, show its structure or summary, browse or walk a namespace, show metadata or \
the main page. Examples: \"list available ZIM files\", \"search for biology in wikipedia.zim\", \
\"get article Evolution\", \"browse namespace C with limit 10\", \"metadata of wikipedia.zim\". \
zim_file_path may be omitted when only one archive is served.",
        input_schema: input_schema::<ZimQueryArgs>(),
    };
    if mode == ToolMode::Simple {
        return vec![query];
    }
    vec![
        query,
        ToolSpec {
            name: "zim_search",
            title: "Search an archive",
            description: "Search one archive (or all with cross_file=true). mode=\"fulltext\" (default) \
uses the full-text index and accepts namespace/content_type filters; mode=\"title\" looks a title up; \
mode=\"suggest\" completes a title prefix. Page with limit/offset or the returned next_cursor.",
            input_schema: input_schema::<ZimSearchArgs>(),
        },
        ToolSpec {
            name: "zim_get",
            title: "Read entries",
            description: "Read from an archive. Exactly one of: entry_path (one entry as {path, title, \
content (Markdown), content_type, _meta}; view=\"summary\"|\"toc\"|\"structure\" for structured views), \
entry_paths=[...] (up to 50, per-entry results), entry_path + binary=true (raw bytes, base64), \
main_page=true. Long articles continue with content_offset (_meta.more_at_offset says where).",
            input_schema: input_schema::<ZimGetArgs>(),
        },
        ToolSpec {
            name: "zim_get_section",
            title: "Read one section",
            description: "Read one section of an article by its heading id, as listed by \
zim_get(view=\"toc\") or zim_get(view=\"structure\").",
            input_schema: input_schema::<ZimGetSectionArgs>(),
        },
        ToolSpec {
            name: "zim_browse",
            title: "Browse a namespace",
            description: "List the entries of a namespace (C, M, W, X in new archives; A, I, ... in old \
ones). mode=\"page\" (default) pages with limit/offset or next_cursor; mode=\"walk\" iterates \
deterministically by entry id: pass next_cursor back until done is true. Assets (images, scripts, \
styles) of a new archive's C namespace are left out unless include_assets=true.",
            input_schema: input_schema::<ZimBrowseArgs>(),
        },
        ToolSpec {
            name: "zim_metadata",
            title: "Archive metadata",
            description: "Metadata of an archive (title, language, creator, date...), its exact \
namespace breakdown with sample entries, identity (uuid, multipart), index capabilities (full-text, \
title) and the MIME-type counter breakdown.",
            input_schema: input_schema::<ZimMetadataArgs>(),
        },
        ToolSpec {
            name: "zim_links",
            title: "Article links",
            description: "Links of an article: direction=\"outbound\" (default) lists one bucket, \
kind=\"internal\" (default), \"external\" or \"media\", with category_totals for all three; \
direction=\"inbound\" lists the pages linking to it, with their anchor texts (needs the archive's \
knowledge index, built by `zim-mcp index`); direction=\"related\" lists deduplicated neighbouring \
articles.",
            input_schema: input_schema::<ZimLinksArgs>(),
        },
        ToolSpec {
            name: "zim_health",
            title: "Server health",
            description: "Without arguments: server health, configuration and the archives served. \
With zim_file_path: an integrity check of that archive (checksum, structure, index capabilities, \
identity).",
            input_schema: input_schema::<ZimHealthArgs>(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_list_the_right_tools() {
        let simple: Vec<_> = tool_specs(ToolMode::Simple)
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(simple, vec!["zim_query"]);
        let advanced: Vec<_> = tool_specs(ToolMode::Advanced)
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(advanced, ADVANCED_TOOLS.to_vec());
        for spec in tool_specs(ToolMode::Advanced) {
            assert_eq!(spec.input_schema["type"], "object", "{}", spec.name);
        }
    }
}
