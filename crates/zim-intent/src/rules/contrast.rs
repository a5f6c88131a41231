//! A part of an article asked for against its whole: "don't send me the whole Marie Curie
//! article, just the intro paragraph", "not the full Nile page, only its sections". What is
//! asked is the part, of the article the refusal names: "the intro paragraph of the Marie
//! Curie article".

use crate::text::{Pattern, rx};
use std::sync::LazyLock;

/// The whole refused, then the part asked for after "just" or "only".
static PART_NOT_WHOLE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:please|pls|plz)\s+)?(?:(?:don'?t|do\s+not|no\s+need\s+to)\s+(?:send|give|show|fetch|load|dump|paste|return|print|open)(?:\s+(?:me|us))?\s+|not\s+)(?:the\s+)?(?:whole|full|entire|complete)\s+(?:(?:article|page|entry)\s+(?:on|about|for)\s+)?(?P<article>[^,;:.!?—–]+?)(?:\s+(?:article|page|entry))?\s*(?:[,;:.—–-]+\s*|\s+)(?:i\s+(?:need|want)\s+|(?:i'?d\s+like|give\s+me|send\s+me|show\s+me)\s+|i\s+)?(?:just|only|merely)\s+(?:(?:need|want|give\s+me|send\s+me|show\s+me)\s+)?(?:the\s+|its\s+|their\s+)?(?P<part>[^,;:.!?]+?)\s*(?:,?\s*(?:please|pls|plz|thanks|thank\s+you))?[.!]*$",
    )
});

/// The request as the part of the article ([`PART_NOT_WHOLE`]): `None` when it is not one.
pub(crate) fn part_not_whole(raw: &str) -> Option<String> {
    let c = PART_NOT_WHOLE.as_ref()?.captures(raw.trim())?;
    let article = c.name("article")?.as_str().trim();
    let part = c.name("part")?.as_str().trim();
    (!article.is_empty() && !part.is_empty())
        .then(|| format!("the {part} of the {article} article"))
}

#[cfg(test)]
mod tests {
    use super::part_not_whole;

    #[test]
    fn the_part_asked_against_the_whole() {
        assert_eq!(
            part_not_whole("don't send me the whole Marie Curie article, just the intro paragraph")
                .as_deref(),
            Some("the intro paragraph of the Marie Curie article")
        );
        assert_eq!(
            part_not_whole("not the full Nile page — only its table of contents please").as_deref(),
            Some("the table of contents of the Nile article")
        );
        assert_eq!(
            part_not_whole(
                "don't give me the whole article on Photosynthesis, I only need the Light reactions section"
            )
            .as_deref(),
            Some("the Light reactions section of the Photosynthesis article")
        );
        assert_eq!(part_not_whole("just the intro of Marie Curie"), None);
        assert_eq!(part_not_whole("why not the whole truth, just a part"), None);
    }
}
