//! Rules about the server or a whole archive: health, listing, main page, metadata.

use super::{Context, RuleHit, hit, is_match};
use crate::Intent;
use crate::text::{Pattern, rx};
use std::sync::LazyLock;

static HEALTH: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:health|healthy|uptime|configuration|config|diagnose|diagnostics?|integrity|corrupt(?:ed|ion)?|validate|validation|verify|checksum|cache\s+hit|working\s+properly|are\s+you\s+(?:ok|okay|alive|up|running|working)|server\s+(?:health|status|config|configuration|info))\b",
    )
});
/// "the server" alone is weaker: "which archives has the server got?" is a listing.
static SERVER_MENTION: Pattern = LazyLock::new(|| rx(r"\b(?:the|your|mcp)\s+server\b"));

pub(super) fn health(ctx: &Context) -> Option<RuleHit> {
    is_match(&HEALTH, ctx.text).then_some(())?;
    hit(Intent::Health, 0.85, "health: server/integrity words")
}

pub(super) fn health_server_mention(ctx: &Context) -> Option<RuleHit> {
    is_match(&SERVER_MENTION, ctx.text).then_some(())?;
    hit(Intent::Health, 0.75, "health: question about the server")
}

static ARCHIVE_PLURALS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:zims|zim\s+files|zim\s+archives|archives|files|wikis|knowledge\s+bases|encyclopa?edias|libraries|collections|datasets)\b",
    )
});
static SEARCH_CONNECTORS: Pattern =
    LazyLock::new(|| rx(r"\b(?:for|about|mentioning|containing)\b"));

/// The sentence without path-like words, so "std/collections/..." does not say "collections".
fn without_paths(s: &str) -> String {
    s.split(' ')
        .filter(|w| !w.contains('/'))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn list_archives(ctx: &Context) -> Option<RuleHit> {
    let s = without_paths(ctx.text);
    // "search all files for X" / "articles about X in all archives" are searches, not listings.
    if !is_match(&ARCHIVE_PLURALS, &s) || is_match(&SEARCH_CONNECTORS, &s) {
        return None;
    }
    hit(
        Intent::ListArchives,
        0.85,
        "list archives: plural archive noun",
    )
}

static MAIN_PAGE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:main\s?page|home\s?page|front\s?page|start\s?page|landing\s?page|welcome\s?page|page\s+d'accueil|accueil|hauptseite|startseite|portada|p[áa]gina\s+principal)\b",
    )
});

pub(super) fn main_page(ctx: &Context) -> Option<RuleHit> {
    is_match(&MAIN_PAGE, ctx.text).then_some(())?;
    hit(Intent::MainPage, 0.9, "main page: main/home/front page")
}

static METADATA_STRONG: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:metadata|meta\s+data|namespaces|publisher|how\s+many\s+(?:articles|entries|pages)|(?:archive|zim|file)\s+(?:info|information|details|identity|uuid|stats|statistics)|uuid|describe\s+(?:the\s+|this\s+)?(?:zim|archive|file))\b",
    )
});
static METADATA_WEAK: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:created|creator|made|built|author|maintainer|version|language|languages|published|licen[cs]e|date|flavou?r|size)\b",
    )
});
static ARCHIVE_REFERENCE: Pattern = LazyLock::new(|| rx(r"\b(?:archive|zim|file|this|it)\b"));
/// What is left of "tell me about the X archive" / "open the X archive" once the name is removed.
static ABOUT_ONLY: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:tell\s+me\s+)?(?:everything\s+|more\s+)?about|info|information|details|describe|stats|statistics|what\s+is|what's)?$",
    )
});
static OPEN_ONLY: Pattern =
    LazyLock::new(|| rx(r"^(?:open|show|show\s+me|go\s+to|load|display|view|browse|start)$"));

pub(super) fn metadata(ctx: &Context) -> Option<RuleHit> {
    if is_match(&METADATA_STRONG, ctx.text) {
        return hit(
            Intent::Metadata,
            0.88,
            "metadata: metadata/namespaces words",
        );
    }
    // "language"/"created" are common in titles; only about the archive itself.
    if is_match(&METADATA_WEAK, ctx.text)
        && (ctx.archive_named || is_match(&ARCHIVE_REFERENCE, ctx.text))
    {
        return hit(Intent::Metadata, 0.8, "metadata: archive property question");
    }
    if ctx.archive_named && is_match(&ABOUT_ONLY, ctx.text.trim()) {
        return hit(Intent::Metadata, 0.7, "metadata: only an archive was named");
    }
    None
}

/// "open the Ray Charles archive": opening an archive means its main page.
pub(super) fn open_archive(ctx: &Context) -> Option<RuleHit> {
    (ctx.archive_named && is_match(&OPEN_ONLY, ctx.text.trim())).then_some(())?;
    hit(Intent::MainPage, 0.7, "main page: an archive was opened")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_compile() {
        assert!(HEALTH.is_some(), "HEALTH");
        assert!(SERVER_MENTION.is_some(), "SERVER_MENTION");
        assert!(ARCHIVE_PLURALS.is_some(), "ARCHIVE_PLURALS");
        assert!(SEARCH_CONNECTORS.is_some(), "SEARCH_CONNECTORS");
        assert!(MAIN_PAGE.is_some(), "MAIN_PAGE");
        assert!(METADATA_STRONG.is_some(), "METADATA_STRONG");
        assert!(METADATA_WEAK.is_some(), "METADATA_WEAK");
        assert!(ARCHIVE_REFERENCE.is_some(), "ARCHIVE_REFERENCE");
        assert!(ABOUT_ONLY.is_some(), "ABOUT_ONLY");
        assert!(OPEN_ONLY.is_some(), "OPEN_ONLY");
    }
}
