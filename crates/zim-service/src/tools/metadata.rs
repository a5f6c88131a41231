//! `zim_metadata`: M-namespace metadata, exact namespace breakdown, identity, index
//! capabilities and the `M/Counter` MIME-type breakdown of one archive.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::registry::OpenArchive;
use crate::service::ZimService;
use crate::text::truncate;
use crate::tools::args::input_schema;
use crate::tools::entry::archive_error;
use crate::tools::namespace::{describe, namespace_ranges};
use crate::tools::wire::{attach_meta, blank_archive, data_error, parse, set, take};
use crate::tools::{Tool, ToolOutput};
use zim_reader::Archive;

pub static TOOL: Tool = Tool {
    name: "zim_metadata",
    title: "Archive metadata",
    description: "Metadata of an archive (title, language, creator, date...), its exact \
namespace breakdown with sample entries, identity (uuid, multipart), index capabilities (full-text, \
title) and the MIME-type counter breakdown.",
    simple: false,
    schema: input_schema::<ZimMetadataArgs>,
    operations: &["get_metadata"],
    run,
    started: None,
};

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimMetadataArgs {
    pub zim_file_path: String,
}

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &args).map(ToolOutput::Json)
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    blank_archive(args)?;
    let parsed: ZimMetadataArgs = parse("zim_metadata", args.clone())?;
    let archive = parsed.zim_file_path.clone();
    let context = format!("Path: {}", parsed.zim_file_path);
    let mut raw = svc
        .zim_metadata(client, parsed)
        .map_err(data_error("zim_metadata", context))?;
    let namespaces = take(&mut raw, "namespaces");
    let rows: Vec<Value> = namespaces
        .get("namespaces")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(letter, ns)| {
                    let mut row = json!({"letter": letter});
                    if let (Some(map), Some(fields)) = (row.as_object_mut(), ns.as_object()) {
                        for (k, v) in fields {
                            map.insert(k.clone(), v.clone());
                        }
                    }
                    row
                })
                .collect()
        })
        .unwrap_or_default();
    set(&mut raw, "namespaces", Value::Array(rows));
    set(
        &mut raw,
        "has_new_namespace_scheme",
        namespaces
            .get("has_new_namespace_scheme")
            .cloned()
            .unwrap_or(Value::Null),
    );
    if raw.get("counter_breakdown").is_none() {
        set(&mut raw, "counter_breakdown", json!({}));
    }
    // The archive's type as the presets see it (`crate::presets::detect`), in `_meta` as
    // openzim-mcp reports it.
    let extra: Vec<(&str, Value)> = match svc.registry().open(&archive) {
        Ok(open) => {
            let (kind, confidence) =
                crate::presets::detect(&crate::presets::ArchiveSignals::read(&open.archive));
            vec![
                ("detected_type", json!(kind.as_str())),
                ("detection_confidence", json!(confidence.as_str())),
            ]
        }
        Err(_) => Vec::new(),
    };
    attach_meta(&mut raw, false, &extra);
    Ok(raw)
}

impl ZimService {
    pub fn zim_metadata(
        &self,
        client: &ClientId,
        args: ZimMetadataArgs,
    ) -> Result<Value, ToolError> {
        self.charge(client, "get_metadata", None)?;
        let open = self.open(Some(&args.zim_file_path))?;
        let key = format!("metadata:{}:{}", open.archive.uuid(), open.file.display);
        let value = self
            .result_cache()
            .get_or_try_insert(&key, || metadata_response(&open))?;
        Ok(Value::clone(&value))
    }
}

/// Metadata values longer than this are cut (a description can be a whole page).
const MAX_METADATA_VALUE_CHARS: usize = 5000;
/// At most this many metadata keys are reported.
const MAX_METADATA_KEYS: usize = 200;
/// Sample entries listed per namespace.
const SAMPLES_PER_NAMESPACE: u32 = 5;

pub fn metadata_response(open: &OpenArchive) -> Result<Value, ToolError> {
    let archive = &open.archive;
    let err = |e| archive_error("get_metadata", e);
    let mut metadata = Map::new();
    for key in archive
        .metadata_keys()
        .map_err(err)?
        .into_iter()
        .take(MAX_METADATA_KEYS)
    {
        let Some(blob) = archive.metadata(&key).map_err(err)? else {
            continue;
        };
        let value = match blob.as_str() {
            Ok(text) if !key.starts_with("Illustration_") => {
                Value::String(truncate(text, MAX_METADATA_VALUE_CHARS))
            }
            _ => Value::String(format!("<binary data, {} bytes>", blob.len())),
        };
        metadata.insert(key, value);
    }
    let has_fulltext = archive.fulltext_index().map_err(err)?.is_some();
    let has_title = archive.title_index().map_err(err)?.is_some();
    let mut response = json!({
        "zim_file": open.file.display,
        "name": open.file.name,
        "metadata": metadata,
        "namespaces": namespaces(archive)?,
        "archive_identity": {
            "uuid": archive.uuid(),
            "is_multipart": archive.is_multipart(),
        },
        "index_capabilities": {
            "has_fulltext_index": has_fulltext,
            "has_title_index": has_title,
        },
        "entry_counts": {
            "all_entries": archive.all_entry_count(),
            "entries": archive.entry_count(),
            "articles": archive.article_count(),
            "media": archive.media_count(),
            "clusters": archive.cluster_count(),
        },
        "file_size": archive.filesize(),
        "has_new_namespace_scheme": archive.has_new_namespace_scheme(),
    });
    // A malformed M/Counter is not worth failing the whole call: the field is omitted, as
    // it is for archives without one.
    if let Ok(counter) = archive.counter()
        && !counter.is_empty()
        && let Some(map) = response.as_object_mut()
    {
        map.insert("counter_breakdown".into(), json!(counter));
    }
    Ok(response)
}

/// `{total_entries, has_new_namespace_scheme, namespaces: {C: {count, description, sample_entries}}}`.
pub fn namespaces(archive: &Archive) -> Result<Value, ToolError> {
    let new_scheme = archive.has_new_namespace_scheme();
    let mut out = Map::new();
    for (ns, range) in namespace_ranges(archive)? {
        let count = range.end - range.start;
        let mut samples = Vec::new();
        let picks = if ns == 'M' {
            metadata_samples(archive, range.clone())?
        } else {
            sample_indexes(archive, range.clone())?
        };
        for index in picks {
            let entry = archive
                .entry_at(index)
                .map_err(|e| archive_error("list_namespaces", e))?;
            samples.push(json!({
                "path": crate::tools::entry::display_path(&entry),
                "title": entry.title().to_string(),
                "index": index,
                "is_redirect": entry.is_redirect(),
            }));
        }
        let mut row = json!({
            "total": count,
            "count": count,
            "is_authoritative": true,
            "description": describe(ns, new_scheme),
            "sample_entries": samples,
            "sampled_count": count,
            "estimated_total": count,
        });
        // openzim-mcp reports how many entries it probed beyond its sample; the directory
        // needs none.
        if let Some(map) = row.as_object_mut() {
            map.insert("probed_count".into(), json!(0));
        }
        out.insert(ns.to_string(), row);
    }
    Ok(json!({
        "total_entries": archive.all_entry_count(),
        "sampled_entries": archive.all_entry_count(),
        "all_entry_count": archive.all_entry_count(),
        "has_new_namespace_scheme": new_scheme,
        "is_total_authoritative": true,
        "discovery_method": "full_iteration",
        "namespaces": out,
    }))
}

/// Namespaces up to this size are sampled from all their entries; larger ones by position.
const FULLY_SAMPLED: u32 = 10_000;

/// The entries a namespace is shown by, as openzim-mcp picks them: five spread evenly over
/// the namespace, taken among its pages (not assets) when it has at least five.
fn sample_indexes(archive: &Archive, range: std::ops::Range<u32>) -> Result<Vec<u32>, ToolError> {
    let all: Vec<u32> = range.clone().collect();
    if all.len() > FULLY_SAMPLED as usize {
        return Ok(evenly_spaced(&all, SAMPLES_PER_NAMESPACE as usize));
    }
    let mut pages = Vec::new();
    for &index in &all {
        let entry = archive
            .entry_at(index)
            .map_err(|e| archive_error("list_namespaces", e))?;
        if !crate::tools::browse::is_asset_path(entry.path()) {
            pages.push(index);
        }
    }
    let pool = if pages.len() >= SAMPLES_PER_NAMESPACE as usize {
        &pages
    } else {
        &all
    };
    Ok(evenly_spaced(pool, SAMPLES_PER_NAMESPACE as usize))
}

/// The first metadata entries in path order, illustrations (images) left out, as
/// openzim-mcp lists metadata keys.
fn metadata_samples(archive: &Archive, range: std::ops::Range<u32>) -> Result<Vec<u32>, ToolError> {
    let mut picks = Vec::new();
    for index in range {
        if picks.len() >= SAMPLES_PER_NAMESPACE as usize {
            break;
        }
        let entry = archive
            .entry_at(index)
            .map_err(|e| archive_error("list_namespaces", e))?;
        let path = entry.path();
        if !path
            .strip_prefix("M/")
            .unwrap_or(path)
            .starts_with("Illustration_")
        {
            picks.push(index);
        }
    }
    Ok(picks)
}

/// `count` items spread evenly over `items`, order kept (all of them when there are fewer).
fn evenly_spaced(items: &[u32], count: usize) -> Vec<u32> {
    let n = items.len();
    if n <= count {
        return items.to_vec();
    }
    if count <= 1 {
        return items.iter().copied().take(count).collect();
    }
    (0..count)
        .filter_map(|i| items.get(i * (n - 1) / (count - 1)).copied())
        .collect()
}
