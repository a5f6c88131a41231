//! Archive-type presets (`presets_override_path`), as openzim-mcp 3.4.0 has them: the type of
//! an archive is read from its own metadata (the scraper that made it, its `Name`, `Title`,
//! `Creator` and `Tags`), and a type can carry behaviour of its own.
//!
//! Built in, each default follows from what the type's pages are, not from a data file:
//! - a Q&A archive (Stack Exchange, made by sotoki) is a question followed by its answers, so
//!   its summary is the answers section (`summary_style = "q_and_a"`);
//! - an encyclopedia (Wikipedia, made by mwoffliner) opens with its lead, which is the
//!   baseline summary (`summary_style = "first_section"`), stated so it can be reported.
//!
//! Other types have nothing of their own. An operator file in openzim-mcp's format adds to
//! these, field by field: `[preset.<type>]` tables (`snippet_length` >= 100,
//! `max_paragraphs` >= 1, `summary_style` = "first_section" | "q_and_a") and per-archive pins
//! `[archive.<M/Name>]` (the same fields and `type`, which forces a type). A type's preset
//! applies when the type is detected with high confidence (from the scraper); a pin always
//! applies. A malformed table is dropped with a warning; an unreadable file leaves the
//! built-in presets.
//!
//! What a preset controls here: `summary_style` (zim_get's summary view), `snippet_length`
//! (the characters of a zim_search snippet), and `_meta.preset_applied` on those answers.
//! `max_paragraphs` has no counterpart: our snippets are a window around the query's words,
//! not a count of paragraphs, so it is accepted and reported as having no effect.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

/// The types openzim-mcp detects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArchiveType {
    Wikipedia,
    Wiktionary,
    StackExchange,
    Ted,
    Generic,
}

impl ArchiveType {
    pub fn as_str(self) -> &'static str {
        match self {
            ArchiveType::Wikipedia => "wikipedia",
            ArchiveType::Wiktionary => "wiktionary",
            ArchiveType::StackExchange => "stackexchange",
            ArchiveType::Ted => "ted",
            ArchiveType::Generic => "generic",
        }
    }
}

/// How sure the detection is: `high` only from the scraper that made the archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confidence {
    High,
    Medium,
    None,
}

impl Confidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::High => "high",
            Confidence::Medium => "medium",
            Confidence::None => "none",
        }
    }
}

/// The metadata entries detection reads, trimmed and lowercased (empty when absent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArchiveSignals {
    pub scraper: String,
    pub name: String,
    pub title: String,
    pub creator: String,
    pub tags: String,
    /// `Name` as written (pins are keyed by it).
    pub raw_name: String,
}

impl ArchiveSignals {
    /// Reads the archive's `M/` entries (a handful of lookups; nothing is rendered).
    pub fn read(archive: &zim_reader::Archive) -> Self {
        let get = |key: &str| -> String {
            archive
                .metadata(key)
                .ok()
                .flatten()
                .map(|blob| String::from_utf8_lossy(&blob).trim().to_owned())
                .unwrap_or_default()
        };
        let raw_name = get("Name");
        Self {
            scraper: get("Scraper").to_lowercase(),
            name: raw_name.to_lowercase(),
            title: get("Title").to_lowercase(),
            creator: get("Creator").to_lowercase(),
            tags: get("Tags").to_lowercase(),
            raw_name,
        }
    }
}

/// Stack Exchange's own hosts; a site's archive is named after its host.
const SE_HOSTS: &[&str] = &[
    "stackexchange.com",
    "superuser.com",
    "serverfault.com",
    "askubuntu.com",
    "stackoverflow.com",
    "mathoverflow.net",
];

/// The archive's type, from the strongest signal it carries: the scraper (high), then the
/// `Name` (`<host>_<lang>_<flavour>`), then `Creator` / `Tags` (medium).
pub fn detect(s: &ArchiveSignals) -> (ArchiveType, Confidence) {
    use ArchiveType::*;
    if s.scraper.starts_with("sotoki") {
        return (StackExchange, Confidence::High);
    }
    if s.scraper.starts_with("ted2zim") {
        return (Ted, Confidence::High);
    }
    if s.scraper.starts_with("mwoffliner") {
        // mwoffliner makes Wiktionary archives as well as Wikipedia ones.
        let kind = if s.name.starts_with("wiktionary") || s.title.contains("wiktionary") {
            Wiktionary
        } else {
            Wikipedia
        };
        return (kind, Confidence::High);
    }
    let host = s.name.split('_').next().unwrap_or_default();
    let by_name = if s.name.starts_with("wikipedia") {
        Some(Wikipedia)
    } else if s.name.starts_with("wiktionary") {
        Some(Wiktionary)
    } else if s.name.starts_with("ted_") || s.name.starts_with("ted-") {
        Some(Ted)
    } else if SE_HOSTS.contains(&host)
        || host.ends_with(".stackexchange.com")
        || s.creator.contains("stack exchange")
        || s.tags.contains("stackexchange")
        || s.tags.contains("_category:stack_exchange")
    {
        Some(StackExchange)
    } else if s.tags.contains("wiktionary") || s.creator.contains("wiktionary") {
        Some(Wiktionary)
    } else if s.tags.contains("wikipedia") || s.creator.contains("wikipedia") {
        Some(Wikipedia)
    } else {
        None
    };
    match by_name {
        Some(kind) => (kind, Confidence::Medium),
        None => (Generic, Confidence::None),
    }
}

/// Which part of a page its summary is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryStyle {
    /// The opening (the lead), as without a preset.
    FirstSection,
    /// The first section whose heading names the answers, without the vote count that opens
    /// it; the opening when there is none.
    QAndA,
}

/// What one type (or one archive) does differently. Every field is optional: unset keeps the
/// server's default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArchivePreset {
    pub snippet_length: Option<u64>,
    /// Accepted and kept, but without effect here (see the module documentation).
    pub max_paragraphs: Option<u64>,
    pub summary_style: Option<SummaryStyle>,
}

impl ArchivePreset {
    /// `self`, with every field `over` sets replaced.
    fn overlaid(&self, over: &ArchivePreset) -> ArchivePreset {
        ArchivePreset {
            snippet_length: over.snippet_length.or(self.snippet_length),
            max_paragraphs: over.max_paragraphs.or(self.max_paragraphs),
            summary_style: over.summary_style.or(self.summary_style),
        }
    }

    fn is_empty(&self) -> bool {
        *self == ArchivePreset::default()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct ArchivePin {
    preset: ArchivePreset,
    kind: Option<String>,
}

/// One table of the file, as openzim-mcp reads it (unknown keys refuse the table).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    snippet_length: Option<i64>,
    max_paragraphs: Option<i64>,
    summary_style: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
}

impl Table {
    fn preset(&self) -> Result<ArchivePreset, String> {
        let at_least = |v: Option<i64>, min: i64, name: &str| -> Result<Option<u64>, String> {
            match v {
                None => Ok(None),
                Some(n) if n >= min => Ok(u64::try_from(n).ok()),
                Some(n) => Err(format!("{name} = {n} is below {min}")),
            }
        };
        let summary_style = match self.summary_style.as_deref() {
            None => None,
            Some("first_section") => Some(SummaryStyle::FirstSection),
            Some("q_and_a") => Some(SummaryStyle::QAndA),
            Some(other) => {
                return Err(format!(
                    "summary_style {other:?} is not \"first_section\" or \"q_and_a\""
                ));
            }
        };
        Ok(ArchivePreset {
            snippet_length: at_least(self.snippet_length, 100, "snippet_length")?,
            max_paragraphs: at_least(self.max_paragraphs, 1, "max_paragraphs")?,
            summary_style,
        })
    }
}

/// The presets in force: the built-in ones with the operator's file laid over them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Presets {
    by_type: BTreeMap<String, ArchivePreset>,
    pins: BTreeMap<String, ArchivePin>,
    /// The operator's file sets a field without effect here (`max_paragraphs`).
    sets_inert_fields: bool,
}

impl Presets {
    /// The built-in presets: what each type's pages are (see the module documentation).
    pub fn builtin() -> Self {
        let mut by_type = BTreeMap::new();
        by_type.insert(
            ArchiveType::Wikipedia.as_str().to_owned(),
            ArchivePreset {
                summary_style: Some(SummaryStyle::FirstSection),
                ..ArchivePreset::default()
            },
        );
        by_type.insert(
            ArchiveType::StackExchange.as_str().to_owned(),
            ArchivePreset {
                summary_style: Some(SummaryStyle::QAndA),
                ..ArchivePreset::default()
            },
        );
        Self {
            by_type,
            pins: BTreeMap::new(),
            sets_inert_fields: false,
        }
    }

    /// The built-in presets with the file at `path` laid over them; an unreadable or
    /// malformed file is reported and leaves the built-in ones.
    pub fn load(path: Option<&Path>) -> Self {
        let mut presets = Self::builtin();
        let Some(path) = path else {
            return presets;
        };
        match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| presets.overlay_toml(&text))
        {
            Ok(dropped) => {
                for problem in dropped {
                    tracing::warn!("presets_override_path: {problem}; table dropped");
                }
            }
            Err(e) => tracing::warn!(
                "presets_override_path {} unreadable ({e}); using the built-in presets",
                path.display()
            ),
        }
        presets
    }

    /// Lays openzim-mcp's preset TOML over these presets, field by field. Returns the tables
    /// dropped (and why); `Err` when the text is no TOML at all.
    pub fn overlay_toml(&mut self, text: &str) -> Result<Vec<String>, String> {
        let doc: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut dropped = Vec::new();
        let tables = |key: &str| -> Vec<(String, Result<Table, String>)> {
            doc.get(key)
                .and_then(toml::Value::as_table)
                .map(|t| {
                    t.iter()
                        .map(|(k, v)| (k.clone(), v.clone().try_into().map_err(|e| format!("{e}"))))
                        .collect()
                })
                .unwrap_or_default()
        };
        for (kind, table) in tables("preset") {
            let parsed = table.and_then(|t| match t.kind {
                Some(_) => Err("`type` belongs to [archive.*] pins".to_owned()),
                None => t.preset(),
            });
            match parsed {
                Ok(preset) => {
                    self.sets_inert_fields |= preset.max_paragraphs.is_some();
                    let base = self.by_type.get(&kind).cloned().unwrap_or_default();
                    self.by_type.insert(kind, base.overlaid(&preset));
                }
                Err(e) => dropped.push(format!("[preset.{kind}]: {e}")),
            }
        }
        for (name, table) in tables("archive") {
            match table.and_then(|t| t.preset().map(|p| (p, t.kind))) {
                Ok((preset, kind)) => {
                    self.sets_inert_fields |= preset.max_paragraphs.is_some();
                    let base = self.pins.get(&name).cloned().unwrap_or_default();
                    self.pins.insert(
                        name,
                        ArchivePin {
                            preset: base.preset.overlaid(&preset),
                            kind: kind.or(base.kind),
                        },
                    );
                }
                Err(e) => dropped.push(format!("[archive.{name}]: {e}")),
            }
        }
        Ok(dropped)
    }

    /// Whether the operator's presets set a field that has no effect here.
    pub fn sets_inert_fields(&self) -> bool {
        self.sets_inert_fields
    }

    /// The preset in force for an archive and the type it was applied as: its pin (by
    /// `Name`) over its (forced or detected) type's preset, else its type's preset when the
    /// type was detected with high confidence; `None` when nothing applies.
    pub fn resolve(&self, signals: &ArchiveSignals) -> Option<(ArchivePreset, String)> {
        let (kind, confidence) = detect(signals);
        if let Some(pin) = self.pins.get(&signals.raw_name) {
            let forced = pin.kind.clone().unwrap_or_else(|| kind.as_str().to_owned());
            let preset = self
                .by_type
                .get(&forced)
                .cloned()
                .unwrap_or_default()
                .overlaid(&pin.preset);
            return (!preset.is_empty()).then_some((preset, forced));
        }
        if confidence != Confidence::High {
            return None;
        }
        self.by_type
            .get(kind.as_str())
            .map(|p| (p.clone(), kind.as_str().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signals(scraper: &str, name: &str) -> ArchiveSignals {
        ArchiveSignals {
            scraper: scraper.to_lowercase(),
            name: name.to_lowercase(),
            raw_name: name.to_owned(),
            ..ArchiveSignals::default()
        }
    }

    #[test]
    fn the_type_comes_from_the_scraper_then_the_name_then_creator_and_tags() {
        let d = |s: ArchiveSignals| {
            let (t, c) = detect(&s);
            (t.as_str(), c.as_str())
        };
        assert_eq!(
            d(signals("mwoffliner 1.14", "wikipedia_en_ray_charles")),
            ("wikipedia", "high")
        );
        assert_eq!(
            d(signals("mwoffliner", "wiktionary_fr_all")),
            ("wiktionary", "high")
        );
        assert_eq!(
            d(signals("sotoki 3.0.2", "superuser.com_en_all")),
            ("stackexchange", "high")
        );
        assert_eq!(d(signals("ted2zim", "")), ("ted", "high"));
        assert_eq!(
            d(signals("", "wikipedia_en_all_nopic")),
            ("wikipedia", "medium")
        );
        assert_eq!(
            d(signals("", "askubuntu.com_en_all")),
            ("stackexchange", "medium")
        );
        assert_eq!(
            d(signals("", "cooking.stackexchange.com_en_all")),
            ("stackexchange", "medium")
        );
        // A host fragment elsewhere in the name is no host.
        assert_eq!(
            d(signals("", "notes_en_superuser.com")),
            ("generic", "none")
        );
        let mut tagged = signals("zimit", "medlineplus_en_all");
        tagged.tags = "_category:stack_exchange;_pictures:no".into();
        assert_eq!(d(tagged), ("stackexchange", "medium"));
        assert_eq!(
            d(signals("warc2zim 2.0", "tonedear.com_en_2024-09")),
            ("generic", "none")
        );
    }

    #[test]
    fn built_in_presets_apply_at_high_confidence_only() {
        let presets = Presets::builtin();
        let (qa, kind) = presets
            .resolve(&signals("sotoki", "superuser.com_en_all"))
            .unwrap();
        assert_eq!(
            (qa.summary_style, kind.as_str()),
            (Some(SummaryStyle::QAndA), "stackexchange")
        );
        let (wiki, _) = presets
            .resolve(&signals("mwoffliner", "wikipedia_en_ray_charles"))
            .unwrap();
        assert_eq!(wiki.summary_style, Some(SummaryStyle::FirstSection));
        assert_eq!(presets.resolve(&signals("", "superuser.com_en_all")), None);
        assert_eq!(presets.resolve(&signals("ted2zim", "ted_en")), None);
        assert!(!presets.sets_inert_fields());
    }

    #[test]
    fn an_override_file_is_laid_over_field_by_field_with_pins() {
        let mut presets = Presets::builtin();
        let dropped = presets
            .overlay_toml(
                r#"
                [preset.stackexchange]
                snippet_length = 800
                [preset.wikipedia]
                summary_style = "q_and_a"
                [preset.ted]
                snippet_length = 50
                [preset.wiktionary]
                colour = "red"
                [archive.medlineplus_en_all]
                type = "stackexchange"
                max_paragraphs = 2
                [archive."wikipedia_en_ray_charles"]
                snippet_length = 150
                "#,
            )
            .unwrap();
        assert_eq!(dropped.len(), 2, "{dropped:?}");
        assert!(dropped.iter().any(|d| d.starts_with("[preset.ted]")));
        assert!(dropped.iter().any(|d| d.starts_with("[preset.wiktionary]")));
        // The type keeps its built-in summary and gains the snippet length.
        let (se, _) = presets
            .resolve(&signals("sotoki", "superuser.com_en_all"))
            .unwrap();
        assert_eq!(
            (se.summary_style, se.snippet_length),
            (Some(SummaryStyle::QAndA), Some(800))
        );
        // A pin forces its type whatever the detection says.
        let (pinned, kind) = presets
            .resolve(&signals("zimit", "medlineplus_en_all"))
            .unwrap();
        assert_eq!(kind, "stackexchange");
        assert_eq!(
            (
                pinned.summary_style,
                pinned.snippet_length,
                pinned.max_paragraphs
            ),
            (Some(SummaryStyle::QAndA), Some(800), Some(2))
        );
        let (rc, kind) = presets
            .resolve(&signals("mwoffliner", "wikipedia_en_ray_charles"))
            .unwrap();
        assert_eq!(kind, "wikipedia");
        assert_eq!(
            (rc.summary_style, rc.snippet_length),
            (Some(SummaryStyle::QAndA), Some(150))
        );
        assert!(presets.sets_inert_fields());
        assert!(Presets::builtin().overlay_toml("not = [toml").is_err());
    }

    #[test]
    fn an_unreadable_file_leaves_the_built_in_presets() {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("presets.toml");
        std::fs::write(&bad, "[preset.wikipedia\n").unwrap();
        assert_eq!(Presets::load(Some(&bad)), Presets::builtin());
        assert_eq!(
            Presets::load(Some(&dir.path().join("missing.toml"))),
            Presets::builtin()
        );
        let good = dir.path().join("good.toml");
        std::fs::write(&good, "[preset.ted]\nsnippet_length = 400\n").unwrap();
        let loaded = Presets::load(Some(&good));
        assert_eq!(
            loaded
                .resolve(&signals("ted2zim", "ted_en"))
                .unwrap()
                .0
                .snippet_length,
            Some(400)
        );
    }
}
