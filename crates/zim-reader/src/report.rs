//! [`ArchiveReport`]: the summary shown by `zim-mcp inspect`.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use crate::archive::Archive;
use crate::cluster::{Compression, parse_info};
use crate::error::ZimError;

/// Cluster counts by compression (from the first byte of each cluster).
#[derive(Debug, Clone, Default, Serialize)]
pub struct ClusterStats {
    pub none: u32,
    pub xz: u32,
    pub zstd: u32,
    /// Clusters using 64-bit blob offsets.
    pub extended: u32,
}

/// Summary of an archive (serializable; [`ArchiveReport::to_text`] for humans).
#[derive(Debug, Clone, Serialize)]
pub struct ArchiveReport {
    pub uuid: String,
    pub version: String,
    pub new_namespace_scheme: bool,
    pub filesize: u64,
    pub multipart: bool,
    pub all_entry_count: u32,
    pub entry_count: u32,
    pub article_count: u32,
    pub media_count: u32,
    pub cluster_count: u32,
    pub clusters: ClusterStats,
    pub main_page: Option<String>,
    pub has_fulltext_index: bool,
    pub has_title_index: bool,
    pub has_checksum: bool,
    pub illustration_sizes: Vec<u32>,
    /// Metadata with UTF-8 text values (binary ones, e.g. illustrations, are left out).
    pub metadata: BTreeMap<String, String>,
}

impl Archive {
    /// Builds the [`ArchiveReport`] (reads metadata and one byte per cluster).
    pub fn inspect(&self) -> Result<ArchiveReport, ZimError> {
        let mut clusters = ClusterStats::default();
        for i in 0..self.cluster_count() {
            let off = self.inner.cluster_offset(i)?;
            let (comp, ext) = parse_info(i, self.inner.parts.read_u8(off)?)?;
            match comp {
                Compression::None => clusters.none += 1,
                Compression::Xz => clusters.xz += 1,
                Compression::Zstd => clusters.zstd += 1,
            }
            if ext {
                clusters.extended += 1;
            }
        }
        let mut metadata = BTreeMap::new();
        for key in self.metadata_keys()? {
            if let Some(blob) = self.metadata(&key)?
                && let Ok(s) = blob.as_str()
                && !key.starts_with("Illustration_")
            {
                metadata.insert(key, s.to_string());
            }
        }
        let (major, minor) = self.version();
        Ok(ArchiveReport {
            uuid: self.uuid(),
            version: format!("{major}.{minor}"),
            new_namespace_scheme: self.has_new_namespace_scheme(),
            filesize: self.filesize(),
            multipart: self.is_multipart(),
            all_entry_count: self.all_entry_count(),
            entry_count: self.entry_count(),
            article_count: self.article_count(),
            media_count: self.media_count(),
            cluster_count: self.cluster_count(),
            clusters,
            main_page: self.main_entry()?.map(|e| e.path().to_string()),
            has_fulltext_index: self.fulltext_index()?.is_some(),
            has_title_index: self.title_index()?.is_some(),
            has_checksum: self.has_checksum(),
            illustration_sizes: self.illustration_sizes()?,
            metadata,
        })
    }
}

impl ArchiveReport {
    /// Human-readable multi-line form.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let yn = |b: bool| if b { "yes" } else { "no" };
        let _ = writeln!(s, "UUID:               {}", self.uuid);
        let _ = writeln!(
            s,
            "Version:            {} ({} namespace scheme)",
            self.version,
            if self.new_namespace_scheme {
                "new"
            } else {
                "old"
            }
        );
        let _ = writeln!(
            s,
            "Size:               {} bytes{}",
            self.filesize,
            if self.multipart { " (split)" } else { "" }
        );
        let _ = writeln!(
            s,
            "Entries:            {} ({} user entries)",
            self.all_entry_count, self.entry_count
        );
        let _ = writeln!(s, "Articles:           {}", self.article_count);
        let _ = writeln!(s, "Media:              {}", self.media_count);
        let c = &self.clusters;
        let _ = writeln!(
            s,
            "Clusters:           {} (none {}, xz {}, zstd {}; extended offsets {})",
            self.cluster_count, c.none, c.xz, c.zstd, c.extended
        );
        let _ = writeln!(
            s,
            "Main page:          {}",
            self.main_page.as_deref().unwrap_or("(none)")
        );
        let _ = writeln!(s, "Full-text index:    {}", yn(self.has_fulltext_index));
        let _ = writeln!(s, "Title index:        {}", yn(self.has_title_index));
        let _ = writeln!(s, "Checksum:           {}", yn(self.has_checksum));
        let sizes: Vec<String> = self.illustration_sizes.iter().map(u32::to_string).collect();
        let _ = writeln!(
            s,
            "Illustrations:      {}",
            if sizes.is_empty() {
                "(none)".into()
            } else {
                sizes.join(", ")
            }
        );
        if !self.metadata.is_empty() {
            let _ = writeln!(s, "Metadata:");
            for (k, v) in &self.metadata {
                let one_line: String = v
                    .chars()
                    .map(|ch| if ch.is_control() { ' ' } else { ch })
                    .collect();
                let _ = writeln!(s, "  {k}: {one_line}");
            }
        }
        s
    }
}
