//! The `zim://` resources: the archive list, one archive's overview, and single entries.

use serde_json::{Value, json};

use crate::error::ToolError;
use crate::registry::ArchiveRegistry;
use crate::tools::entry::{archive_error, find_entry};
use crate::tools::health::archive_listing;
use crate::tools::metadata;

pub const FILES_URI: &str = "zim://files";
pub const OVERVIEW_TEMPLATE: &str = "zim://{name}";
pub const ENTRY_TEMPLATE: &str = "zim://{name}/entry/{path}";
/// Characters of the main page shown in an overview.
const MAIN_PAGE_PREVIEW_CHARS: usize = 2000;

/// What a `zim://` URI names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResourceRef {
    Files,
    Overview { name: String },
    Entry { name: String, path: String },
}

/// Parse a `zim://` URI; the entry path is percent-decoded (`A%2FFoo` is `A/Foo`).
pub fn parse_uri(uri: &str) -> Option<ResourceRef> {
    let rest = uri.strip_prefix("zim://")?;
    if rest == "files" {
        return Some(ResourceRef::Files);
    }
    if let Some((name, path)) = rest.split_once("/entry/") {
        let path = percent_encoding::percent_decode_str(path)
            .decode_utf8()
            .ok()?
            .into_owned();
        if name.is_empty() || path.is_empty() {
            return None;
        }
        return Some(ResourceRef::Entry {
            name: name.to_owned(),
            path,
        });
    }
    (!rest.is_empty() && !rest.contains('/')).then(|| ResourceRef::Overview {
        name: rest.to_owned(),
    })
}

/// A resource body: text or bytes, with its MIME type.
pub enum ResourceBody {
    Text { mime: String, text: String },
    Binary { mime: String, bytes: Vec<u8> },
}

pub fn files(registry: &ArchiveRegistry) -> Value {
    let files = registry.rescan();
    Value::Array(files.iter().map(archive_listing).collect())
}

pub fn overview(registry: &ArchiveRegistry, name: &str) -> Result<Value, ToolError> {
    let open = registry.open(name)?;
    let meta = metadata::metadata_response(&open)?;
    let preview = open
        .archive
        .main_entry()
        .ok()
        .flatten()
        .and_then(|e| e.resolve().ok())
        .and_then(|e| e.content().ok().map(|b| (e.path().to_owned(), b)))
        .map(|(path, blob)| {
            let text = zim_render::html_text(&blob, MAIN_PAGE_PREVIEW_CHARS);
            json!({"path": path, "preview": text})
        });
    let archive = &open.archive;
    let capabilities = meta.get("index_capabilities");
    let flag = |key: &str| capabilities.and_then(|c| c.get(key)).cloned();
    // openzim-mcp's overview: counts, identity and metadata entries under `metadata`, the
    // namespace breakdown, and the main page's first characters as `main_page_preview`.
    let mut metadata = json!({
        "entry_count": archive.entry_count(),
        "all_entry_count": archive.all_entry_count(),
        "article_count": archive.article_count(),
        "media_count": archive.media_count(),
        "uuid": archive.uuid(),
        "is_multipart": archive.is_multipart(),
        "has_fulltext_index": flag("has_fulltext_index"),
        "has_title_index": flag("has_title_index"),
        "metadata_entries": meta.get("metadata"),
        "counter_breakdown": meta.get("counter_breakdown").cloned().unwrap_or_else(|| json!({})),
    });
    let (kind, confidence) =
        crate::presets::detect(&crate::presets::ArchiveSignals::read(&open.archive));
    crate::tools::wire::attach_meta(
        &mut metadata,
        false,
        &[
            ("detected_type", json!(kind.as_str())),
            ("detection_confidence", json!(confidence.as_str())),
        ],
    );
    let mut namespaces = meta.get("namespaces").cloned().unwrap_or(Value::Null);
    crate::tools::wire::attach_meta(&mut namespaces, false, &[]);
    Ok(json!({
        "name": open.file.name,
        "path": crate::redact::redacted_name(&open.file.path),
        "zim_file_path": open.file.display,
        "metadata": metadata,
        "namespaces": namespaces,
        "archive_identity": meta.get("archive_identity"),
        "index_capabilities": capabilities,
        "main_page_preview": preview.as_ref().and_then(|p| p.get("preview")).cloned(),
        "main_page": preview,
    }))
}

pub fn entry(
    registry: &ArchiveRegistry,
    name: &str,
    path: &str,
) -> Result<ResourceBody, ToolError> {
    let open = registry.open(name)?;
    let found = find_entry(&open.archive, path)?;
    let mime = found
        .entry
        .mimetype()
        .map_err(|e| archive_error("get_entry", e))?
        .to_string();
    let blob = found
        .entry
        .content()
        .map_err(|e| archive_error("get_entry", e))?;
    let textual = mime.starts_with("text/")
        || mime.contains("json")
        || mime.contains("xml")
        || mime.contains("javascript");
    Ok(match (textual, std::str::from_utf8(&blob)) {
        (true, Ok(text)) => ResourceBody::Text {
            mime,
            text: text.to_owned(),
        },
        _ => ResourceBody::Binary {
            mime,
            bytes: blob.to_vec(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        assert_eq!(parse_uri("zim://files"), Some(ResourceRef::Files));
        assert_eq!(
            parse_uri("zim://wiki"),
            Some(ResourceRef::Overview {
                name: "wiki".into()
            })
        );
        assert_eq!(
            parse_uri("zim://wiki/entry/A%2FClimate_change"),
            Some(ResourceRef::Entry {
                name: "wiki".into(),
                path: "A/Climate_change".into()
            })
        );
        assert_eq!(parse_uri("zim://"), None);
        assert_eq!(parse_uri("zim://a/b"), None);
        assert_eq!(parse_uri("http://files"), None);
        assert_eq!(parse_uri("zim://wiki/entry/"), None);
    }
}
