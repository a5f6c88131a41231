//! Outbound links: classification, resolution against the entry path, deduplication,
//! and ranking of related (internal) pages.

use std::collections::HashMap;

use percent_encoding::percent_decode_str;
use serde::Serialize;

use crate::convert::{LinkSource, RawLink};
use crate::document::Document;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// Another entry of the archive.
    Internal,
    /// An absolute URL (`http:`, `https:`, `ftp:`, `//host`...).
    External,
    /// An image, audio, video or PDF entry of the archive.
    Media,
}

/// One distinct link target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Link {
    pub kind: LinkKind,
    /// Archive path (after redirects) for internal and media links, the URL for external ones.
    pub target: String,
    /// Anchor text of the first occurrence (image alt text for images).
    pub text: String,
    /// How many times the page links here.
    pub count: usize,
    /// False when the resolver found no such entry (internal and media links only).
    pub exists: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LinkCounts {
    pub internal: usize,
    pub external: usize,
    pub media: usize,
    /// Internal or media targets the resolver did not find.
    pub missing: usize,
}

/// All outbound links in first-occurrence order, with per-kind counts of distinct targets.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LinkReport {
    pub links: Vec<Link>,
    pub counts: LinkCounts,
}

/// An internal neighbour of the page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RelatedLink {
    pub target: String,
    pub text: String,
    pub count: usize,
    pub score: f64,
}

const MEDIA_EXTENSIONS: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tif", "tiff", "avif", "mp3", "ogg",
    "oga", "ogv", "wav", "flac", "opus", "webm", "mp4", "m4a", "pdf",
];

fn is_media_path(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.')
        .is_some_and(|(_, ext)| MEDIA_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()))
}

/// Schemes that leave the archive. Anything else with a colon (`Help:Contents`,
/// `Вікікнігі:Індэкс.html`) is a relative archive path, as in MediaWiki dumps.
const EXTERNAL_SCHEMES: &[&str] = &[
    "http", "https", "ftp", "ftps", "sftp", "irc", "ircs", "news", "nntp", "gopher", "git", "ssh",
    "svn", "magnet", "urn", "geo", "rtsp", "mms", "ws", "wss", "file", "sms", "xmpp",
];

fn is_absolute_url(href: &str) -> bool {
    if href.starts_with("//") {
        return true;
    }
    href.split_once(':').is_some_and(|(scheme, _)| {
        EXTERNAL_SCHEMES.contains(&scheme.trim().to_ascii_lowercase().as_str())
    })
}

/// Resolves a relative href against the directory of `base_path` (an archive path such
/// as `A/Ray_Charles` or `std/vec/struct.Vec.html`): drops `?query` and `#fragment`,
/// applies `.` and `..` (never above the root), then percent-decodes. Returns None for
/// an href that names no entry (empty after dropping the fragment).
pub fn resolve_relative(base_path: &str, href: &str) -> Option<String> {
    let cut = href.find(['?', '#']).unwrap_or(href.len());
    let href = href.get(..cut).unwrap_or("");
    if href.is_empty() {
        return None;
    }
    let mut segments: Vec<&str> = Vec::new();
    let rel = if let Some(abs) = href.strip_prefix('/') {
        abs
    } else {
        if let Some((dir, _)) = base_path.rsplit_once('/') {
            segments.extend(dir.split('/').filter(|s| !s.is_empty()));
        }
        href
    };
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    // Keep a trailing slash: zimit paths such as `tonedear.com/` end in one.
    let trailing = rel.ends_with('/') && !segments.is_empty();
    let mut path = segments.join("/");
    if trailing {
        path.push('/');
    }
    if path.is_empty() {
        return None;
    }
    Some(percent_decode_str(&path).decode_utf8_lossy().into_owned())
}

struct Acc {
    link: Link,
    lead_count: usize,
    first: usize,
    nav_only: bool,
}

fn collect(raw: &[RawLink], base_path: &str, resolve: &dyn Fn(&str) -> Option<String>) -> Vec<Acc> {
    let mut index: HashMap<(LinkKind, String), usize> = HashMap::new();
    let mut out: Vec<Acc> = Vec::new();
    let base_norm = resolve_relative("", base_path).unwrap_or_default();
    for (pos, r) in raw.iter().enumerate() {
        let (kind, target, exists) = if is_absolute_url(&r.href) {
            (LinkKind::External, r.href.clone(), true)
        } else {
            let Some(candidate) = resolve_relative(base_path, &r.href) else {
                continue;
            };
            if candidate == base_norm {
                continue;
            }
            let (target, exists) = match resolve(&candidate) {
                Some(t) => (t, true),
                None => (candidate, false),
            };
            // A redirect back to this page is a self-reference too.
            if target == base_norm {
                continue;
            }
            let kind = if r.source == LinkSource::Image || is_media_path(&target) {
                LinkKind::Media
            } else {
                LinkKind::Internal
            };
            (kind, target, exists)
        };
        let key = (kind, target);
        match index.get(&key) {
            Some(&i) => {
                if let Some(acc) = out.get_mut(i) {
                    acc.link.count = acc.link.count.saturating_add(1);
                    if r.in_lead {
                        acc.lead_count = acc.lead_count.saturating_add(1);
                    }
                    acc.nav_only &= r.in_nav_section;
                    if acc.link.text.is_empty() {
                        acc.link.text = r.text.clone();
                    }
                }
            }
            None => {
                index.insert(key.clone(), out.len());
                out.push(Acc {
                    link: Link {
                        kind: key.0,
                        target: key.1,
                        text: r.text.clone(),
                        count: 1,
                        exists,
                    },
                    lead_count: usize::from(r.in_lead),
                    first: pos,
                    nav_only: r.in_nav_section,
                });
            }
        }
    }
    out
}

impl Document {
    /// Outbound links of the page seen from `base_path` (the entry's own path).
    /// `resolve` maps a candidate archive path to its final path after redirects, or
    /// None when there is no such entry; such links are kept with `exists: false`.
    /// `javascript:`, `mailto:`, `tel:`, `data:`, `blob:` and `vbscript:` links, pure
    /// `#fragment` links and links to the page itself are dropped.
    pub fn links(&self, base_path: &str, resolve: &dyn Fn(&str) -> Option<String>) -> LinkReport {
        let accs = collect(&self.links, base_path, resolve);
        let mut counts = LinkCounts::default();
        let links: Vec<Link> = accs
            .into_iter()
            .map(|a| {
                match a.link.kind {
                    LinkKind::Internal => counts.internal += 1,
                    LinkKind::External => counts.external += 1,
                    LinkKind::Media => counts.media += 1,
                }
                if !a.link.exists {
                    counts.missing += 1;
                }
                a.link
            })
            .collect();
        LinkReport { links, counts }
    }

    /// Internal pages this one points to, best first, at most `limit`.
    ///
    /// Only existing internal (non-media) targets linked at least once outside the
    /// references / notes / external-links sections count. Score = occurrences
    /// + occurrences in the lead + earliness, where earliness goes from 1.0 for the first
    ///   link of the page down towards 0 for the last.
    pub fn related(
        &self,
        base_path: &str,
        resolve: &dyn Fn(&str) -> Option<String>,
        limit: usize,
    ) -> Vec<RelatedLink> {
        let total = self.links.len().max(1) as f64;
        let mut related: Vec<(RelatedLink, usize)> = collect(&self.links, base_path, resolve)
            .into_iter()
            .filter(|a| a.link.kind == LinkKind::Internal && a.link.exists && !a.nav_only)
            .map(|a| {
                let earliness = 1.0 - (a.first as f64 / total);
                let score = a.link.count as f64 + a.lead_count as f64 + earliness;
                (
                    RelatedLink {
                        target: a.link.target,
                        text: a.link.text,
                        count: a.link.count,
                        score: (score * 1000.0).round() / 1000.0,
                    },
                    a.first,
                )
            })
            .collect();
        related.sort_by(|(a, fa), (b, fb)| b.score.total_cmp(&a.score).then(fa.cmp(fb)));
        related.into_iter().take(limit).map(|(r, _)| r).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_relative_paths() {
        assert_eq!(
            resolve_relative("A/Ray_Charles", "../I/m/x.jpg").as_deref(),
            Some("I/m/x.jpg")
        );
        assert_eq!(
            resolve_relative("A/Ray_Charles", "Georgia#x").as_deref(),
            Some("A/Georgia")
        );
        assert_eq!(
            resolve_relative("std/vec/struct.Vec.html", "../../core/./x.html?y=1").as_deref(),
            Some("core/x.html")
        );
        assert_eq!(
            resolve_relative("a/b", "../../../../c").as_deref(),
            Some("c")
        );
        assert_eq!(resolve_relative("a/b", "#frag"), None);
        assert_eq!(
            resolve_relative("x", "c%23.html").as_deref(),
            Some("c#.html")
        );
        assert_eq!(
            resolve_relative("be/x", "%D0%9A%D0%B0%D0%B2%D0%B0").as_deref(),
            Some("be/Кава")
        );
        assert_eq!(
            resolve_relative("tonedear.com/a/b", "../").as_deref(),
            Some("tonedear.com/")
        );
        assert_eq!(resolve_relative("a/b", "/top").as_deref(), Some("top"));
    }

    #[test]
    fn absolute_urls() {
        assert!(is_absolute_url("https://x.org/"));
        assert!(is_absolute_url("//x.org/"));
        assert!(
            !is_absolute_url("Help:Contents"),
            "wiki namespaces are paths"
        );
        assert!(is_absolute_url("HTTPS://x.org/"));
        assert!(!is_absolute_url("dir/a:b"));
        assert!(is_media_path("I/m/Ray.JPG"));
        assert!(!is_media_path("A/Ray_Charles"));
    }
}
