//! Namespace rules: browse (sampled) and walk (exhaustive), and namespace-name extraction.

use super::{Context, RuleHit, caps, group, hit, is_match};
use crate::Intent;
use crate::text::{Pattern, rx};
use regex::Regex;
use std::sync::LazyLock;

static NS_AFTER: Pattern =
    LazyLock::new(|| rx(r#"\bnamespace\b\s*[:=]?\s*["']?(?P<ns>[A-Za-z0-9][\w.\-]*|-)"#));
static NS_LETTER_BEFORE: Pattern = LazyLock::new(|| {
    rx(r#"(?:^|\s)(?P<the>the\s+)?(?P<quote>["'])?(?P<ns>[A-Za-z]|-)["']?\s+namespace\b"#)
});
static NS_NAMED: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?P<name>content|metadata|meta|articles?|images?|media|well-known|wellknown|assets?|search\s+index|full-?text\s+index|index|redirects?)\s+namespace\b",
    )
});
/// "ns I", "ns -": the abbreviation of "namespace" before a capital letter or the dash
/// (case-sensitive letter: "ns lookup" is no namespace).
static NS_ABBREVIATED: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r#"\b(?i:ns)\s*[:=]?\s+["']?(?P<ns>[A-Z]|-)(?:["']|\s|$|[.,;!?])"#).ok()
});
/// A namespace's letter after the entries it holds, ending the request or before where to
/// start: "next 50 entries in A", "one page of titles from M starting at offset 40".
/// Case-sensitive letter.
static NS_LETTER_LAST: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"\b(?i:in|from|of|within)\s+(?P<ns>[A-Z]|-)(?:\s*[.!?,;]*$|\s+(?i:starting|beginning|from|at|with|please)\b)",
    )
    .ok()
});
/// The words that lead to a namespace's letter in [`NS_LETTER_LAST`] and [`NS_LETTER_NOUN`].
const LETTER_LEADS: &[&str] = &["in", "from", "of", "within", "every", "all", "each", "the"];
/// Nouns for a namespace's entries, one of which [`NS_LETTER_LAST`] needs.
const ENTRY_NOUNS: &[&str] = &[
    "entries", "entry", "items", "titles", "paths", "pages", "articles", "listing",
];

/// A namespace's letter before its entries, after a determiner: "every M entry", "the C
/// titles", "all X entries". Case-sensitive letter.
static NS_LETTER_NOUN: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|\s)(?i:every|all|each|the|all\s+the)\s+(?P<ns>[A-Z]|-)\s+(?i:entry|entries|items?|titles?|paths?|pages?)\b",
    )
    .ok()
});
static NS_COMMAND_LETTER: LazyLock<Option<Regex>> = LazyLock::new(|| {
    // Case-sensitive letter: "browse C" but not "browse a list".
    Regex::new(r"^(?i:browse|walk|iterate|page\s+through)\s+(?P<ns>[A-Z])(?:\s|$|,)").ok()
});
/// Long names a namespace goes by (openzim-mcp accepts them).
const NS_LONG_NAMES: &[&str] = &[
    "content",
    "metadata",
    "meta",
    "wellknown",
    "well-known",
    "search",
    "articles",
    "images",
    "media",
    "redirects",
    "index",
    "fulltext",
];
const NS_STOPWORDS: &[&str] = &[
    "with", "in", "of", "and", "from", "for", "the", "to", "on", "at", "entries", "items", "is",
    "please", "by", "using",
];

/// The namespace named in the sentence: "namespace C", "the M namespace", "content namespace".
/// The namespace a request names, for the learned model's pass over the archive: as
/// [`namespace_of`] reads it, or any capital letter or dash right before "namespace" (the
/// model is already sure a namespace is meant: "walk the entire A namespace").
pub(crate) fn namespace_named(s: &str) -> Option<String> {
    namespace_of(s).or_else(|| {
        let ns = group(&caps(&NS_LETTER_BEFORE, s)?, "ns");
        (!ns.chars().any(char::is_lowercase)).then_some(ns)
    })
}

pub(super) fn namespace_of(s: &str) -> Option<String> {
    if let Some(c) = caps(&NS_AFTER, s) {
        let ns = group(&c, "ns");
        // A namespace is one character or one of the long names ("namespace collisions in
        // python" is about a programming topic).
        let plausible =
            ns.chars().count() == 1 || NS_LONG_NAMES.contains(&ns.to_lowercase().as_str());
        if plausible && !NS_STOPWORDS.contains(&ns.to_lowercase().as_str()) {
            return Some(if ns.chars().count() == 1 {
                ns.to_uppercase()
            } else {
                ns
            });
        }
    }
    if let Some(c) = NS_ABBREVIATED.as_ref().and_then(|re| re.captures(s)) {
        return Some(group(&c, "ns"));
    }
    if let Some(c) = caps(&NS_NAMED, s) {
        let name = group(&c, "name").to_lowercase();
        let ns = match name.as_str() {
            "content" => "C",
            "metadata" | "meta" => "M",
            "article" | "articles" => "A",
            "image" | "images" | "media" => "I",
            "well-known" | "wellknown" => "W",
            "asset" | "assets" => "-",
            "redirect" | "redirects" => "R",
            _ => "X",
        };
        return Some(ns.to_string());
    }
    if let Some(c) = caps(&NS_LETTER_BEFORE, s) {
        let ns = group(&c, "ns");
        // A letter before "namespace" names one when it is quoted, follows "the" or is a
        // capital that is not also an English word: "a namespace in C++" and "I namespace
        // my modules" are about the word.
        let named = c.name("quote").is_some()
            || c.name("the").is_some()
            || (ns.chars().all(|ch| ch.is_ascii_uppercase()) && ns != "A" && ns != "I");
        if named {
            return Some(ns.to_uppercase());
        }
    }
    if let Some(c) = NS_PATH_PREFIX.as_ref().and_then(|re| re.captures(s)) {
        return Some(group(&c, "ns"));
    }
    if s.contains('/')
        && let Some(c) = NS_PATH_PLACE.as_ref().and_then(|re| re.captures(s))
    {
        return Some(group(&c, "ns"));
    }
    let lower = s.to_lowercase();
    if (lower.contains("metadata") || lower.contains("known"))
        && let Some(c) = caps(&NS_ENTRIES_NAMED, s)
    {
        return Some(
            match group(&c, "name").to_lowercase().as_str() {
                "metadata" => "M",
                _ => "W",
            }
            .to_string(),
        );
    }
    // Both need a namespace's letter as a word of its own after a word that leads to it, and
    // a noun for entries: one scan of the words lets most requests by.
    let words: Vec<&str> = s.split_whitespace().collect();
    let letter_word = words.windows(2).any(|pair| {
        let [before, w] = pair else {
            return false;
        };
        let w = w.trim_end_matches(|c: char| c.is_ascii_punctuation() && c != '-');
        (w == "-" || (w.len() == 1 && w.bytes().all(|b| b.is_ascii_uppercase())))
            && LETTER_LEADS.contains(&before.to_ascii_lowercase().as_str())
    });
    if letter_word {
        if let Some(c) = NS_LETTER_NOUN.as_ref().and_then(|re| re.captures(s)) {
            return Some(group(&c, "ns"));
        }
        let lower = s.to_lowercase();
        let entries_named = ENTRY_NOUNS.iter().any(|n| lower.contains(n));
        if entries_named && let Some(c) = NS_LETTER_LAST.as_ref().and_then(|re| re.captures(s)) {
            return Some(group(&c, "ns"));
        }
    }
    caps(&NS_COMMAND_LETTER, s).map(|c| group(&c, "ns"))
}

/// A namespace written as the prefix of its entries' paths: "the M/ entries", "every C/
/// article". Case-sensitive letter, then the slash alone.
static NS_PATH_PREFIX: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|\s)(?P<ns>[A-Z])/\s+(?i:namespace|entries|entry|items|titles|articles|pages|paths)\b",
    )
    .ok()
});

/// A namespace as the place of its entries' paths, at the end of the request or of its
/// clause: "every asset under -/", "the entries in M/, 100 max". Case-sensitive letter, then
/// the slash alone ("I/O" is a word).
static NS_PATH_PLACE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"\b(?i:under|in|from|within|of|below|beneath)\s+(?P<ns>[A-Z]|-)/(?:\s*$|[\s,.;!?])")
        .ok()
});

/// A namespace named by the long name of its entries, after a word for all or these of them,
/// ending the request or its clause: "dump every metadata entry", "peek at a page of the
/// well-known entries". "the metadata entries of a PDF" and "how to add metadata entries"
/// are about other files.
static NS_ENTRIES_NAMED: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:every|each|all(?:\s+(?:the|its))?|the)\s+(?P<name>metadata|well-?known)\s+(?:entry|entries|items|keys|records)(?:\s*$|\s*[,.;:!?]|\s+(?:in|of|from)\s+(?:the|this)\s+(?:archive|zim)\b)",
    )
});

/// Entries placed in a thing that is not the archive: "every article in the constitution",
/// "the pages of a passport", "all entries in my diary" (not "in the archive", "of this zim",
/// "in the whole wiki").
static ENTRIES_ELSEWHERE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:entries|entry|articles?|pages?|items|titles?|pictures|images)\s+(?:(?:stored|kept|listed)\s+)?(?:in|of|from|within|inside)\s+(?:the|a|an|my|our|your|his|her|their)\s+(?:whole\s+|entire\s+)?(?P<place>[a-z][\w.-]*(?:\s+[\w.-]+){0,2})",
    )
});

/// Whether the entries asked for are another thing's ([`ENTRIES_ELSEWHERE`]): a pass over
/// them is no pass over the archive.
pub(super) fn entries_of_another_thing(text: &str) -> bool {
    caps(&ENTRIES_ELSEWHERE, text).is_some_and(|c| {
        // The place's head may follow a name ("the stackexchange archive", "the wiki dump").
        let place = group(&c, "place").to_lowercase();
        !place.split_whitespace().any(|w| {
            let w = w.trim_matches(|ch: char| !ch.is_alphanumeric());
            w.ends_with(".zim")
                || matches!(
                    w,
                    "archive"
                        | "zim"
                        | "wiki"
                        | "namespace"
                        | "library"
                        | "collection"
                        | "dump"
                        | "file"
                        | "thing"
                        | "index"
                        | "content"
                        | "database"
                        | "archives"
                        | "zims"
                        | "wikipedia"
                        | "wiktionary"
                        | "wikivoyage"
                        | "stackexchange"
                        | "gutenberg"
                        | "devdocs"
                )
        })
    })
}

/// Words for a pass over every entry of a namespace: a verb that goes over all of it, a
/// listing said to be complete ("the complete listing of namespace X", "a full list"), all
/// its entries, or its pages gone through to the end ("paginate through everything").
static WALK_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:walk|iterate|enumerate|traverse|go\s+through|dump|sweep|loop(?:ing)?\s+(?:through|over)|stream(?:ing)?\s+(?:all|every|each|through)|(?:generator|iterator)\s+over|(?:full|complete|entire|whole)\s+(?:walk|pass|scan|crawl|traversal|iteration)|next\s+page|offset\s*[:=]?\s*\d+|exhaustive(?:ly)?|every\s+(?:single\s+)?(?:(?-i:[A-Z])\s+)?(?:entry|title|item)|all\s+of|page\s+(?:by|after)\s+page|(?:one|a)\s+page\s+at\s+a\s+time|paginated|paginat(?:e|ing)\s+(?:through|over)|(?:through|over)\s+(?:everything|all\s+(?:of\s+)?(?:it|them))|(?:complete|full|entire|whole)\s+(?:listing|list|enumeration|dump|index)|all\s+(?:the\s+|its\s+)?(?:entries|titles|items)|until\s+the\s+(?:very\s+)?end|without\s+skipping|no\s+sampling)\b",
    )
});
/// Words that ask for every entry, whatever else is said.
static EVERY_ENTRY_WORDS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:walk|iterate|enumerate|traverse|sweep|exhaustive(?:ly)?|every|all\s+(?:of|the\s+entries|entries)|without\s+skipping|no\s+sampling)\b",
    )
});
static BROWSE_CUE: Pattern =
    LazyLock::new(|| rx(r"\b(?:browse|sample|page\s+through|peek|list|show)\b"));

/// One page asked for ("one page of entries starting at offset 200", "a chunk of the
/// entries in A"): a browse from that offset, not a pass over all of them.
static ONE_PAGE: Pattern = LazyLock::new(|| {
    rx(r"\b(?:one|a|a\s+single|single)\s+(?:page|screen|screenful|chunk|batch|slice)\s+of\b")
});

pub(super) fn walk(ctx: &Context) -> Option<RuleHit> {
    if !is_match(&WALK_CUE, ctx.text) {
        return None;
    }
    // The offset or the next page of one page asked for is where that page starts.
    if is_match(&ONE_PAGE, ctx.text) && !is_match(&EVERY_ENTRY_WORDS, ctx.text) {
        return None;
    }
    let namespace = namespace_of(ctx.text)?;
    hit(
        Intent::Walk {
            namespace,
            limit: ctx.limit,
        },
        0.9,
        "walk: walk/iterate + namespace",
    )
}

pub(super) fn browse(ctx: &Context) -> Option<RuleHit> {
    let namespace = namespace_of(ctx.text)?;
    let conf = if is_match(&BROWSE_CUE, ctx.text) {
        0.9
    } else {
        0.8
    };
    hit(
        Intent::Browse {
            namespace,
            limit: ctx.limit,
        },
        conf,
        "browse: namespace named",
    )
}

/// A request to go over the archive itself, with no namespace named: a verb whose object is
/// the archive or its entries ("walk through all entries in the archive", "browse the
/// archive", "list a few articles"), or a noun for a look ("quick glimpse of the first few
/// entries"). The object must follow the verb: "walk a directory tree", "walk me through
/// setting up a VPN" and "os.walk example" have other objects.
static ARCHIVE_PASS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:continue|keep|resume|carry\s+on)\s+(?:with\s+)?|(?:a\s+|an\s+)?(?:(?:quick|short|brief|fast|little|first)\s+))?(?P<verb>walk(?:ing)?|iterat(?:e|ing)|enumerat(?:e|ing)|travers(?:e|ing)|stream(?:ing)?|loop(?:ing)?|sweep(?:ing)?|crawl(?:ing)?|generator|iterator|go(?:ing)?|step(?:ping)?|pag(?:e|ing)|scan(?:ning)?|dump(?:ing)?|brows(?:e|ing)|list(?:ing)?|show|display|print|output|return|retrieve|fetch|get|sample|peek|give|skim(?:ming)?|glance|glimpse|flip(?:ping)?|look)(?:\s+(?:me|us|over|through|at|across|into))*\s+(?P<quant>(?:(?:the|all|every|each|whole|entire|complete|full|single|of|list|set|a|an|few|some|several|handful|couple|bunch|number|sample|selection|dozen|\d+|its|this|first|random|last|archive's|zim's|representative|typical|varied|mixed|diverse|small)\s+)*)(?P<obj>(?:archive|zim|wiki)\s+(?:entries|articles|pages|titles|items)|(?:entry|article|page)\s+(?:paths?|urls?|titles|names)|(?:article|content|media|image|metadata)\s+(?:entries|items|paths|titles)|(?:archive's\s+|zim's\s+)?(?:media|images|pictures|photos)(?:\s+files)?|urls|paths|(?:url|path)\b|entries|entry|articles|pages|titles|items|archive|zim|zim\s+file|wiki|what(?:'s|\s+is)\s+(?:in|inside)\s+(?:this|the|your)\s+(?:zim|archive|wiki)|(?:page|article|title|item)\b)\b(?P<rest>.*)$",
    )
});
/// The same request as a noun phrase, without a verb, when it names the archive: "every
/// single entry of the archive, paging through all of them", "a few pages of this zim", "I
/// need an exhaustive list of every article in the archive" (a singular noun needs "every").
static ARCHIVE_PASS_NOUN: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:i|we)\s+(?:need|want|would\s+like)\s+|i'd\s+like\s+)?(?P<quant>(?:(?:the|all|every|each|single|of|a|an|few|some|several|handful|couple|bunch|number|sample|selection|dozen|\d+|first|random|last|complete|full|exhaustive|paginated|dump|listing|list|enumeration),?\s+)+)(?P<obj>(?:entry|article|page)\s+(?:paths?|titles?|urls?)|entries|entry|articles|pages|titles|items|article|page|title|item)\s+(?:of|in|from)\s+(?:the\s+|this\s+)?(?:whole\s+|entire\s+)?(?:[a-z][\w-]*\s+)?(?:archive|zim|zim\s+file|wiki)\b(?P<rest>.*)$",
    )
});
/// What may follow the object: where (also an archive named by its file's name, loaded or
/// not: "of the archive wikipedia_fr"), in which order, how many at a time, from which page
/// ("page 3"), why, and that none be skipped ("don't skip any").
static ARCHIVE_PASS_TAIL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:\s*(?:[,?.!—–]|-\s|as\s+(?:an?\s+)?examples?|not\s+(?:everything|all(?:\s+of\s+(?:them|it))?|the\s+whole\s+(?:thing|archive|lot)|every\s+(?:entry|one|single\s+one))|(?:books|entries|articles|pages|items|titles|ones)\s+or\s+so|or\s+so|for\s+example|(?:in|from|within)\s+(?:the\s+|this\s+)?(?:whole\s+|entire\s+)?(?:[\w.-]+\s+){0,2}(?:archive|zim|wiki|file)|(?:in|of|from)\s+[\w.-]+\.zim|(?:in|of|from|within)\s+(?:the\s+)?(?:(?:archive|zim)\s+[a-z][a-z0-9.-]*|(?:archive\s+|zim\s+)?(?:wiki[a-z]+|gutenberg|stackexchange|devdocs))_(?:[a-z]{2,3}|mul)(?:_[\w.-]*[\w-])?|(?:one\s+|a\s+)?page\s+(?:by|after)\s+page|(?:one|a)\s+page\s+at\s+a\s+time|paginated|in\s+pages|without\s+skipping(?:\s+(?:any|anything|a\s+single\s+one))?|(?:do\s+not|don't|dont)\s+skip\s+(?:any(?:thing|\s+of\s+(?:them|it))?|a\s+single\s+one|one)|(?:(?:starting\s+)?(?:at|from|on)\s+)?page\s+\d+|no\s+sampling|not\s+(?:just\s+)?a\s+sample|(?:just\s+|only\s+)?a\s+(?:random\s+)?sample|(?:all|every)\s+(?:the\s+|single\s+)?(?:entries|entry|pages|page|articles|article|items|item|titles|title)|every\s+(?:single\s+)?one(?:\s+of\s+them)?|(?:no|without)\s+(?:paging|pagination|sampling|limit)|(?:entry|page|item|article|title)\s+(?:by|after)\s+(?:entry|page|item|article|title)|nothing\s+(?:skipped|left\s+out|missed)|skipping\s+nothing|continuing\b.*|in\s+(?:\w+\s+)?order|one\s+by\s+one|listing|list|from\s+(?:the\s+)?(?:very\s+)?(?:beginning|start|top|first)(?:\s+(?:one|entry|page|article))?(?:\s+(?:to|until|through)\s+(?:the\s+)?(?:very\s+)?(?:last|end|final)(?:\s+(?:one|entry|page|article))?)?|(?:from\s+)?(?:start|beginning)\s+to\s+(?:finish|end)|(?:from\s+)?where\s+(?:we|i|you)\s+(?:left\s+off|stopped)|(?:just\s+|only\s+)?(?:a\s+)?(?:handful|few|couple|dozen)(?:\s+of)?(?:\s+(?:them|entries|pages|articles|items|images|pictures))?|starting\s+(?:from|at|with)\s+(?:the\s+)?(?:first|beginning|start|top)(?:\s+(?:one|entry|page|article))?|(?:show|list|give)\s+(?:me\s+|us\s+)?(?:like\s+|about\s+|around\s+|some\s+|a\s+few\s+)?(?:\d+\s*)?(?:of\s+them\s*)?|at\s+a\s+time|of\s+(?:the\s+|this\s+)?(?:archive|zim|wiki)|like\s+(?:\d+\s+)?(?:entries|pages|articles|items|titles|of\s+them)|please|there|here|sequentially|exhaustively|alphabetically|until\s+the\s+(?:end|last\s+one)|to\s+the\s+end|,?\s*(?:paging|going|walking|stepping|scrolling|iterating|moving)\s+(?:through|over)\b.*|(?:so\s+(?:that\s+)?|to\s+(?:let\s+me\s+)?)(?:i|we)?\s*(?:can|could|get|have|see|know)\b.*|to\s+index\b.*|for\s+indexing\b.*))*\s*$",
    )
});
static EVERY: Pattern = LazyLock::new(|| rx(r"\b(?:every|each)\b"));
/// What the archive holds, asked as a question: "what pages are in this thing, show me like
/// 15", "which articles are in here", "what kind of pages does this zim contain? show me a
/// few", "give me a quick overview of what entries are in this archive".
static WHAT_IS_IN_IT: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:give|show|get)\s+(?:me\s+|us\s+)?(?:a\s+|an\s+)?(?:quick\s+|short\s+|brief\s+|rough\s+)?(?:overview|idea|sense|look|peek|glimpse)\s+(?:of|at)\s+)?(?:what|which)\s+(?:(?:kinds?|sorts?|types?)\s+of\s+)?(?P<obj>pages|entries|articles|titles|items|stuff|things|content|media(?:\s+files)?|images|pictures|photos)\s+(?:(?:are|is|do\s+you\s+have)\s+(?:there\s+)?(?:in|inside|on)\s+(?:here|there|(?:this|the|that|your)\s+(?:thing|one|archive|zim|zim\s+file|wiki|file))|(?:does|do)\s+(?:this|the|that|your)\s+(?:[\w.-]+\s+)?(?:thing|archive|zim|zim\s+file|wiki|file|library|collection)\s+(?:contain|have|hold|include)|(?:'s|s|\s+is)\s+(?:in|inside)\s+(?:this|the|that|your)\s+(?:[\w.-]+\s+)?(?:archive|zim|zim\s+file|wiki|file))\b(?P<rest>.*)$",
    )
});
/// Verbs that go over everything, and quantifiers that ask for everything: a walk.
static EXHAUSTIVE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:walk|iterat|enumerat|travers|go|step|scan|dump)|\b(?:all|every|each|whole|entire|complete|full)\b",
    )
});

/// The namespace an object of a pass names: media (images, pictures) theirs, anything
/// else the content.
fn namespace_of_object(obj: &str) -> &'static str {
    let obj = obj.to_lowercase();
    if ["media", "image", "picture", "photo"]
        .iter()
        .any(|m| obj.contains(m))
    {
        "I"
    } else if obj.starts_with("metadata") {
        "M"
    } else {
        "C"
    }
}

/// The next page of a listing of the archive's entries: "next page of the full entry
/// listing, offset 300".
static NEXT_PAGE_OF_LISTING: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:give|show|get|fetch)\s+(?:me\s+)?)?(?:the\s+)?(?:next|following)\s+page\s+of\s+(?:the\s+)?(?:full\s+|complete\s+|whole\s+)?(?:entry|entries|article|articles|title|titles)(?:\s+(?:listing|list))?\b",
    )
});

/// "give me a quick overview of what's in the gutenberg zim, like 20 entries".
static WHATS_IN_THE_ARCHIVE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:give|show|get)\s+(?:me\s+|us\s+)?(?:a\s+|an\s+)?(?:quick\s+|short\s+|brief\s+|rough\s+)?(?:overview|idea|sense|look|peek|glimpse)\s+(?:of|at)\s+)?what(?:'s|s|\s+is)\s+(?:in|inside)\s+(?:this|the|that|your)\s+(?:[\w.-]+\s+)?(?:archive|zim|zim\s+file|wiki|file)\b(?P<rest>.*)$",
    )
});

/// A pass over the archive continued from where it stopped: "continue the full enumeration
/// from cursor 41500, same page size", "resume the walk where we left off". What is continued
/// is a pass (an enumeration, a walk, a listing), and what follows says only where from and
/// how.
static PASS_CONTINUED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:continue|resume|keep\s+going\s+with|carry\s+on\s+with|pick\s+up)\s+(?:the\s+|my\s+|our\s+|that\s+|this\s+)?(?:full\s+|complete\s+|whole\s+|entire\s+|exhaustive\s+|paginated\s+)?(?:enumeration|walk|iteration|listing|pass|dump|traversal|crawl|entry\s+listing)(?P<rest>.*)$",
    )
});
static CONTINUED_TAIL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:\s*(?:[,.;!]|(?:from|at|after)\s+(?:the\s+)?(?:cursor|offset|token|position)\s*[:=]?\s*[\w=+/-]+|(?:with\s+)?(?:the\s+)?same\s+(?:page\s+size|limit|batch\s+size|settings|size)|(?:from\s+)?where\s+(?:we|i|you)\s+(?:left\s+off|stopped)|of\s+(?:the\s+)?(?:archive|entries|zim)|please))*\s*$",
    )
});

/// "browse gutenberg_en_all — first 20 books or so": a look at an archive named by its Kiwix
/// name (loaded or not), or at the archive named, with the verb alone.
static LOOK_AT_ARCHIVE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:browse|skim|sample|peek\s+(?:at|into)|look\s+(?:at|into|through))(?:\s+(?:the\s+)?(?P<name>[a-z][a-z0-9.-]*_(?:[a-z]{2,3}|mul)(?:_[\w.-]+)?(?:\.zim)?)(?:\s+(?:archive|zim))?)?(?P<rest>.*)$",
    )
});

/// A browse (a sample) or a walk (every entry) of the content namespace, at the rules'
/// confidence for a pass over the archive.
fn content_pass(walk: bool, ctx: &Context, why: &'static str) -> Option<RuleHit> {
    let (namespace, limit) = ("C".to_string(), ctx.limit);
    let intent = if walk {
        Intent::Walk { namespace, limit }
    } else {
        Intent::Browse { namespace, limit }
    };
    hit(intent, 0.85, why)
}

/// "give me a generator over ...", "write an iterator over ...": the request verb before a
/// noun for what goes over the entries.
static GENERATOR_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:give|get|make|create|build|write|return|provide)\s+(?:me\s+|us\s+)?|(?:i\s+)?(?:need|want)\s+)(?:a|an)\s+(?:(?:lazy|python|simple)\s+)?(?P<noun>generator|iterator)\b",
    )
});

pub(super) fn archive_pass(ctx: &Context) -> Option<RuleHit> {
    if let Some(c) = caps(&LOOK_AT_ARCHIVE, ctx.text)
        && (c.name("name").is_some() || ctx.archive_named)
        && !group(&c, "rest").trim().is_empty()
        && is_match(&ARCHIVE_PASS_TAIL, &group(&c, "rest"))
    {
        return content_pass(false, ctx, "browse: a look at the archive named");
    }
    if let Some(c) = caps(&PASS_CONTINUED, ctx.text)
        && is_match(&CONTINUED_TAIL, &group(&c, "rest"))
    {
        return content_pass(true, ctx, "walk: a pass over the archive continued");
    }
    if let Some(c) = caps(&WHATS_IN_THE_ARCHIVE, ctx.text)
        && is_match(&ARCHIVE_PASS_TAIL, &group(&c, "rest"))
    {
        return content_pass(false, ctx, "browse: what is in the archive");
    }
    if is_match(&NEXT_PAGE_OF_LISTING, ctx.text) {
        return content_pass(true, ctx, "walk: the next page of the entry listing");
    }
    if let Some(c) = caps(&WHAT_IS_IN_IT, ctx.text)
        && is_match(&ARCHIVE_PASS_TAIL, &group(&c, "rest"))
    {
        return hit(
            Intent::Browse {
                namespace: namespace_of_object(&group(&c, "obj")).to_string(),
                limit: ctx.limit,
            },
            0.85,
            "browse: what the archive holds",
        );
    }
    // "give me a generator over every entry path": the thing that goes over them is the verb.
    let lower = ctx.text.to_ascii_lowercase();
    let text = match GENERATOR_LEAD.as_ref() {
        Some(re) if lower.contains("erator") => re.replace(ctx.text, "$noun").into_owned(),
        _ => ctx.text.to_string(),
    };
    // "what's in this zim? list a few articles": the clause with the verb decides. A full
    // stop ends a clause before a space or at the end, not inside a file name ("x.zim").
    let c = text
        .split(['?', ';', '!'])
        .flat_map(|clause| clause.split(". "))
        // A spaced dash ends a clause too ("browse this a little — show me a handful").
        .flat_map(|clause| clause.split(" \u{2014} "))
        .flat_map(|clause| clause.split(" \u{2013} "))
        .flat_map(|clause| clause.split(" - "))
        .map(|clause| clause.trim().trim_end_matches('.').trim())
        .find_map(|clause| {
            caps(&ARCHIVE_PASS, clause).or_else(|| caps(&ARCHIVE_PASS_NOUN, clause))
        })?;
    if !is_match(&ARCHIVE_PASS_TAIL, &group(&c, "rest")) {
        return None;
    }
    // One page is an article ("show the page"); "every single page" is the archive's.
    let obj = group(&c, "obj").to_lowercase();
    let head = obj.split_whitespace().last().unwrap_or_default();
    if matches!(
        head,
        "page" | "article" | "title" | "item" | "url" | "path" | "name"
    ) && !is_match(&EVERY, &group(&c, "quant"))
    {
        return None;
    }
    // The noun phrase has no verb: its quantifier alone says whether everything is meant.
    let verb = group(&c, "verb");
    // "page through" and "go through" are walks; "go" and "page" alone are not verbs here.
    let whole = c.get(0).map_or("", |m| m.as_str()).to_lowercase();
    let verb_lower = verb.to_lowercase();
    if ["go", "pag", "step"]
        .iter()
        .any(|v| verb_lower.starts_with(v))
        && !whole.contains(" through")
    {
        return None;
    }
    let exhaustive = is_match(&EXHAUSTIVE, &verb)
        || is_match(&EXHAUSTIVE, &group(&c, "quant"))
        || (verb_lower.starts_with("pag") && is_match(&EXHAUSTIVE, &whole));
    // The archive's content namespace, since none was named (its media's for media).
    let namespace = namespace_of_object(&obj).to_string();
    if exhaustive {
        hit(
            Intent::Walk {
                namespace,
                limit: ctx.limit,
            },
            0.85,
            "walk: every entry of the archive",
        )
    } else {
        hit(
            Intent::Browse {
                namespace,
                limit: ctx.limit,
            },
            0.85,
            "browse: entries of the archive",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(text: &str) -> Option<&'static str> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        archive_pass(&ctx).map(|h| h.intent.name())
    }

    #[test]
    fn passes_over_the_archive() {
        assert_eq!(
            pass("iterate over all the articles one by one"),
            Some("Walk")
        );
        assert_eq!(pass("dump the whole zim so I can back it up"), Some("Walk"));
        assert_eq!(pass("show me a few entries"), Some("Browse"));
        assert_eq!(pass("walk me through setting up a VPN"), None);
        // Skimming the archive, and why.
        for q in [
            "skim a few random pages in this zim so I get a feel for it",
            "skim through some entries of the archive",
            "glance at a handful of pages in this zim",
            "flip through a few random articles so we know what's in there",
        ] {
            assert_eq!(pass(q), Some("Browse"), "{q}");
        }
        for q in [
            "skim a few pages of my thesis so I get a feel for the tone",
            "look at the page",
            "skim milk pages",
        ] {
            assert_eq!(pass(q), None, "{q}");
        }
        assert_eq!(pass("walk a directory tree in python"), None);
        assert_eq!(pass("list articles about volcanoes"), None);
        assert_eq!(pass("go through the pages of a book quickly"), None);
        // Quantities of entries, and the request as a noun phrase naming the archive.
        assert_eq!(pass("browse a handful of pages"), Some("Browse"));
        assert_eq!(pass("show me a couple of random articles"), Some("Browse"));
        assert_eq!(pass("list 5 entries in the archive"), Some("Browse"));
        assert_eq!(
            pass("every single entry of the archive, paging through all of them until the end"),
            Some("Walk")
        );
        assert_eq!(pass("all entries in this zim one by one"), Some("Walk"));
        assert_eq!(pass("a few pages of the archive please"), Some("Browse"));
        assert_eq!(pass("every page of the book"), None);
        assert_eq!(pass("all articles of the constitution"), None);
        // Other request verbs, singular objects after "every", a start and a count.
        assert_eq!(pass("Display the entries"), Some("Browse"));
        assert_eq!(pass("print a few titles"), Some("Browse"));
        assert_eq!(
            pass("go through every single page one by one"),
            Some("Walk")
        );
        assert_eq!(pass("show every article in the archive"), Some("Walk"));
        assert_eq!(pass("show the page"), None);
        assert_eq!(pass("get the article"), None);
        assert_eq!(
            pass(
                "Enumerate all articles in order, starting from the first, so I can build an index"
            ),
            Some("Walk")
        );
        // What the archive holds, asked as a question.
        assert_eq!(
            pass("what pages are in this thing, show me like 15"),
            Some("Browse")
        );
        assert_eq!(pass("which articles are in here"), Some("Browse"));
        assert_eq!(pass("what pages are in this book about whales"), None);
    }

    #[test]
    fn passes_with_their_pagination_and_the_archive_as_a_modifier() {
        for q in [
            "step through every article in the zim, page by page",
            "a full listing of all pages in this archive",
            "traverse the wiki one page at a time, without skipping any",
            "enumerate every entry of some_other_file_2023.zim, paginated",
            "walk the whole zim, every entry, no sampling",
            "go through all the archive pages, continuing until the end",
        ] {
            assert_eq!(pass(q), Some("Walk"), "{q}");
        }
        for q in [
            "list a few entries from this zim",
            "display the wiki articles, just a sample",
            "show some of the archive titles",
        ] {
            assert_eq!(pass(q), Some("Browse"), "{q}");
        }
        // Other collections, other objects: no pass over the archive.
        for q in [
            "iterate over every entry in a python dict, page by page",
            "show me some entries from the archive of the New York Times",
            "a complete dump of every entry in my diary",
            "list the archive entries of the Vatican library",
            "go through all the pages of the contract, without skipping any",
        ] {
            assert_eq!(pass(q), None, "{q}");
        }
    }

    #[test]
    fn a_namespace_listed_to_its_end_is_walked() {
        let route = |text: &str| {
            let ctx = Context {
                text,
                all_archives: false,
                limit: None,
                archive_named: false,
                question: false,
            };
            walk(&ctx).or_else(|| browse(&ctx)).map(|h| h.intent)
        };
        for q in [
            "show all articles in namespace A page by page",
            "list the M namespace one page at a time until the very end",
            "print each entry in namespace C, paginated, without skipping",
        ] {
            assert!(matches!(route(q), Some(Intent::Walk { .. })), "{q}");
        }
        for q in ["list a few entries in namespace A", "show the C namespace"] {
            assert!(matches!(route(q), Some(Intent::Browse { .. })), "{q}");
        }
    }

    #[test]
    fn the_archive_media_are_browsed_in_their_namespace() {
        let route = |text: &str| {
            let ctx = Context {
                text,
                all_archives: false,
                limit: None,
                archive_named: false,
                question: false,
            };
            archive_pass(&ctx).map(|h| h.intent)
        };
        for q in [
            "browse the media files",
            "show me some images",
            "what kind of images are in the archive? show me a few",
            "which pictures does this zim contain",
        ] {
            assert!(
                matches!(route(q), Some(Intent::Browse { ref namespace, .. }) if namespace == "I"),
                "{q}"
            );
        }
        assert!(
            matches!(route("list all images in the archive"), Some(Intent::Walk { ref namespace, .. }) if namespace == "I")
        );
        for q in [
            "show me images of the Eiffel Tower",
            "browse media files on an android phone",
            "what kind of images are in a PDF file",
        ] {
            assert_eq!(route(q), None, "{q}");
        }
    }

    #[test]
    fn a_letter_before_namespace_names_one_only_when_it_is_no_word() {
        for q in [
            "what is a namespace in C++",
            "a namespace per module, is that idiomatic?",
            "I namespace my helpers under utils, good idea?",
        ] {
            assert_eq!(namespace_of(q), None, "{q}");
        }
        for (q, ns) in [
            ("show the A namespace", "A"),
            ("browse the c namespace", "C"),
            ("list 'a' namespace entries", "A"),
            ("sample M namespace", "M"),
        ] {
            assert_eq!(namespace_of(q).as_deref(), Some(ns), "{q}");
        }
    }

    #[test]
    fn a_glimpse_or_a_look_at_the_archive() {
        for q in [
            "quick glimpse of the first few entries in the devdocs archive",
            "a quick look at the archive",
            "a quick peek at some entries in this archive",
        ] {
            assert_eq!(pass(q), Some("Browse"), "{q}");
        }
        for q in [
            "a quick look at the first few pages of Moby Dick",
            "quick glimpse of the first few entries in my journal",
        ] {
            assert_eq!(pass(q), None, "{q}");
        }
        // An archive named by its file's name, loaded or not.
        assert_eq!(
            pass("browse a few entries of the archive wikipedia_fr, just a sample"),
            Some("Browse")
        );
        assert_eq!(
            pass("walk through all entries in wikivoyage_es, page by page"),
            Some("Walk")
        );
        assert_eq!(pass("list all entries in my_db"), None);
    }

    #[test]
    fn patterns_compile() {
        assert!(NS_AFTER.is_some(), "NS_AFTER");
        assert!(NS_LETTER_BEFORE.is_some(), "NS_LETTER_BEFORE");
        assert!(NS_NAMED.is_some(), "NS_NAMED");
        assert!(NS_COMMAND_LETTER.is_some(), "NS_COMMAND_LETTER");
        assert!(WALK_CUE.is_some(), "WALK_CUE");
        assert!(BROWSE_CUE.is_some(), "BROWSE_CUE");
        assert!(ARCHIVE_PASS_NOUN.is_some(), "ARCHIVE_PASS_NOUN");
        assert!(EVERY.is_some(), "EVERY");
        assert!(WHAT_IS_IN_IT.is_some(), "WHAT_IS_IN_IT");
    }

    #[test]
    fn passes_that_continue_or_run_from_start_to_finish() {
        for q in [
            "page through the whole archive from the very first entry to the last",
            "go through all the pages one by one, start to finish",
            "continue walking the full entry listing from where we left off",
            "keep iterating over all entries from where we stopped",
            "dump all entries sequentially",
        ] {
            assert_eq!(pass(q), Some("Walk"), "{q}");
        }
        for q in [
            "give me a sample of what's in this zim, just a handful of entries",
            "show a few pages from the beginning",
        ] {
            assert_eq!(pass(q), Some("Browse"), "{q}");
        }
        // Other objects, other passes.
        for q in [
            "continue walking the dog from where we left off",
            "go through the motions from start to finish",
            "keep listing reasons from where we stopped",
        ] {
            assert_eq!(pass(q), None, "{q}");
        }
    }
}
