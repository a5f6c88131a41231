//! Rules about the server or a whole archive: health, listing, main page, metadata.

use super::{
    Context, RuleHit, addresses_service, hit, is_match, matches_standalone, topic_free,
    topic_free_besides,
};
use crate::Intent;
use crate::text::{Pattern, rx};
use std::sync::LazyLock;

static HEALTH: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:ping|status(?:\s+report)?|health|healthy|uptime|configuration|config|diagnose|diagnostics?|readiness|liveness|runtime\s+(?:mode|config(?:uration)?|settings?|state|status|info)|(?:everything|all\s+systems?)\s+(?:working|ok|okay|fine|running|operational|alright|all\s+right|good)|(?:loaded|mounted|opened|indexed|configured|set\s+up)\s+(?:properly|correctly|successfully|fine|ok|okay)|integrity|corrupt(?:ed|ion)?|validate|validation|verify|checksum|cache\s+hit|working\s+(?:properly|correctly|right\s+now|at\s+the\s+moment)|(?:running|working|operating|functioning)\s+(?:normally|properly|correctly|smoothly)|(?:normally|properly|correctly)\s+(?:running|working|operating|functioning)|responding(?:\s+(?:normally|properly|correctly|at\s+all))?|responsive|overloaded|(?:un)?reachable|reachability|broken\s+on\s+your\s+(?:side|end)|checksums?\s+(?:ok|okay|fine|valid|good)|(?:still|actually|even|currently)\s+(?:working|running|alive|responding)|are\s+you\s+(?:ok|okay|alive|up|running|working)|(?:something|anything)\s+(?:wrong|broken|off)\s+with|server\s+(?:health|status|config|configuration|info)|how\s+(?:much\s+(?:memory|ram|space)|big|full|large)\s+is\s+(?:the|your)\s+cache(?:\s+(?:using|taking\s+up|holding))?(?:\s+(?:right\s+now|now|currently|at\s+the\s+moment))?)\b",
    )
});
/// A how-to or why question.
static HOW_WHY: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:how\s+(?:to|do|does|did|can|could|should|would|is|are)|how\s+\w+\s+(?:is|are|was|were)|why)\b",
    )
});
/// "the server" alone is weaker: "which archives has the server got?" is a listing. The
/// server may go by its name ("the openzim service", "the kiwix backend"): a name of this
/// service's kind, not another daemon's ("is the postfix service up" is about postfix).
static SERVER_MENTION: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:the|your|this|mcp|zim)\s+(?:[\w-]*(?:zim|mcp|kiwix)[\w-]*\s+)?(?:server|service|backend)|zim-?mcp|kiwix[\s-]?serve(?:r)?)\b",
    )
});

/// Words of the service's own health and configuration, which carry no topic in a request
/// for them ("the readiness probe response", "uptime and config summary", "diagnostic health
/// endpoint").
const HEALTH_WORDS: &[&str] = &[
    "endpoint",
    "endpoints",
    "probe",
    "probes",
    "summary",
    "overview",
    "snapshot",
    "dashboard",
    "mode",
    "settings",
    "setup",
    "connectivity",
    "connection",
    "properly",
    "correctly",
    "current",
    "system",
    "systems",
    "checks",
    "result",
    "results",
    "output",
    // The cache's figures: "show the cache hit rate figures", "cache hit numbers?".
    "cache",
    "hits",
    "misses",
    "rate",
    "rates",
    "ratio",
    "numbers",
    "figures",
    "stats",
    "statistics",
    "metrics",
    "counts",
];

/// "what is a readiness probe", "what are liveness checks": a question for a definition
/// (no definite determiner after "what is"), asked about the world, not of the service. Not
/// "what configuration is the server running with", where "what" asks which.
static DEFINITION_ASKED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:what(?:'s|s)|what\s+(?:is|are)|define|explain)\s+(?:(?:a|an)\s+|(?:the\s+)?(?:meaning|definition|purpose)\s+of\s+|(?-i:[a-z]))|what\s+(?:does|do)\s+(?:an?\s+)?\S+(?:\s+\S+){0,5}?\s+(?:mean|stand\s+for|signify|indicate)\b)",
    )
});
/// A website, a company or an institution named, then its home page ("its", "their").
static SITE_OF_THE_WORLD: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:website|web\s+site|site|company|organi[sz]ation|university|museum|newspaper|blog|government|agency|store|shop)\b.*\b(?:its|their)\s+(?:home|main|front|landing|start)\s*page\b",
    )
});
/// "is its home page still online?": a home page whose owner a pronoun stands for; read
/// alone, a part of a request cannot say whether the archive is meant.
static ITS_HOME_PAGE: Pattern =
    LazyLock::new(|| rx(r"\b(?:its|their)\s+(?:home|main|front|landing|start)\s*page\b"));
/// The messages a network tool prints when a host cannot be reached.
static NETWORK_ERROR: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:destination\s+(?:host|net)\s+unreachable|no\s+route\s+to\s+host|network\s+is\s+unreachable|connection\s+(?:refused|timed\s+out|reset\s+by\s+peer)|name\s+or\s+service\s+not\s+known|could\s+not\s+resolve\s+host|request\s+timed\s+out)\b",
    )
});
/// This service named as such: the zim server, the tool, you. Narrower than
/// [`SERVER_MENTION`], which counts a bare "the server": beside a network error that is as
/// often someone else's.
static THIS_SERVICE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:zim|kiwix|this\s+(?:server|service|tool)|your\s+(?:server|service|backend)|the\s+(?:tool|mcp)|are\s+you)\b",
    )
});
/// "what is a landing page", "what are home pages for": a kind of thing defined.
static KIND_DEFINED: Pattern =
    LazyLock::new(|| rx(r"^(?:what(?:'s|s)|what\s+(?:is|are)|define|explain)\s+(?:a|an)\s+"));
/// "is it the server or the client that is at fault?", "client vs server rendering": the
/// server set beside the client is a party of a topic (client and server), not this service.
static CLIENT_AND_SERVER: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:server(?:s|-side)?\s+(?:or|and|vs\.?|versus|/)\s+(?:the\s+)?client|client(?:s|-side)?\s+(?:or|and|vs\.?|versus|/)\s+(?:the\s+)?server)",
    )
});
static DEFINITE_AFTER_WHAT: Pattern = LazyLock::new(|| {
    rx(r"^(?:what(?:'s|s)?|what\s+(?:is|are))\s+(?:the|your|this|its|my|our|that|current)\b")
});

/// Archive-level cues ("health", "metadata", "files", "main page") are about the service
/// only when the request addresses it ("is the server healthy", "this archive's metadata")
/// or has no other topic ("health check", "metadata"): "Is coffee healthy?", "generate a
/// random UUID" and "list all files in a directory" are searches.
fn about_the_service(ctx: &Context, cue: &Pattern) -> bool {
    about_the_service_besides(ctx, cue, &[])
}

/// [`about_the_service`], with `also` words of the cue's own vocabulary carrying no topic.
fn about_the_service_besides(ctx: &Context, cue: &Pattern, also: &[&str]) -> bool {
    // A pasted error message ("Invalid command 'RewriteEngine', perhaps misspelled or defined
    // by a module not included in the server configuration") is some other program's words
    // about its own server: a search for them.
    if is_match(&PASTED_ERROR, ctx.text) {
        return false;
    }
    addresses_service(ctx) || topic_free_besides(ctx.text, cue, also)
}

/// The marks of a pasted error or log message: how it begins ("Invalid command", "Error:",
/// "AH00558:", "E: Unable to ...") or what only such messages say ("perhaps misspelled",
/// "Traceback", "errno", "segmentation fault").
static PASTED_ERROR: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:["'`]?(?:error|warning|fatal|invalid|cannot|can't|could\s+not|couldn't|failed|unable|permission\s+denied|exception|panic|[a-z]{1,4}\d{3,6}:|e:|w:)\b)|^["'`]?[\w.]*(?:error|warning|exception)\s*:|^[\w.-]+:\s+(?:fatal|error|warning|panic)\b|\b(?:perhaps\s+misspelled|traceback|errno|segmentation\s+fault|core\s+dumped|stack\s+trace|exit\s+(?:code|status)\s+\d+|exception\s+in\s+thread|no\s+such\s+file\s+or\s+directory)\b"#,
    )
});

/// A command line pasted as the request: a program's name, then one of the subcommands
/// such tools take ("kubectl get all resources all namespaces", "helm install ...", "docker
/// exec -it ..."). The program's name is no English word a request begins with.
static PASTED_COMMAND: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<program>[a-z][a-z0-9_.-]{2,})\s+(?:get|describe|apply|exec|logs|rollout|scale|port-forward|install|uninstall|upgrade|push|pull|run|build|compose|inspect|config|init|commit|rebase|checkout)\b",
    )
});
/// First words of requests that are English, not a program's name.
const REQUEST_OPENERS: &[&str] = &[
    "please",
    "pls",
    "plz",
    "can",
    "could",
    "would",
    "will",
    "let",
    "lets",
    "let's",
    "just",
    "now",
    "then",
    "also",
    "and",
    "so",
    "ok",
    "okay",
    "hey",
    "you",
    "i",
    "we",
    "me",
    "zim",
    "tool",
    "agent",
    "assistant",
    "bot",
    "go",
    "try",
    "help",
    "how",
    "why",
    "what",
    "when",
    "where",
    "which",
    "who",
    "the",
    "this",
    "that",
    "first",
    "next",
    "quickly",
    "kindly",
];

/// Whether the request is a pasted command line ([`PASTED_COMMAND`]).
pub(super) fn is_pasted_command(text: &str) -> bool {
    super::caps(&PASTED_COMMAND, text.trim()).is_some_and(|c| {
        !REQUEST_OPENERS.contains(&super::group(&c, "program").to_lowercase().as_str())
    })
}

/// The context reading `text`, the request with its quoted names made neutral (see
/// [`super::without_quoted`]): service cues inside a title are the title's ("Does the
/// archive have a page called 'Health effects of tobacco'?").
/// An archive given as the place of a question ("In serverfault.com_en_all_2023-12.zim: how
/// to debug a systemd service that keeps failing with status 203/EXEC", "in wikipedia: ...")
/// scopes a search there: the question alone decides whether it is about the service, as if
/// no archive were named ("in rustdocs.zim: health check" still is).
fn outside_quotes<'a>(ctx: &Context, text: &'a str) -> Context<'a> {
    match super::caps(&SCOPE_LEAD, text).and_then(|c| c.name("rest")) {
        Some(rest) => Context {
            text: rest.as_str(),
            archive_named: false,
            ..*ctx
        },
        None => Context { text, ..*ctx },
    }
}

/// "in X.zim:", "using X.zim,", "in:" (the loaded archive's name removed): the place before
/// the question.
static SCOPE_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:in|from|using|within|inside)\s*(?:\w[\w.-]*\.zim)?|\w[\w.-]*\.zim)\s*[:,—–]\s+(?P<rest>\S.*)$",
    )
});

/// A word named as the title of an entry ("the Wiktionary entry for status", "the article
/// on integrity"): the entry's, not a server word.
static ENTRY_NAMED: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?P<noun>entry|entries|article|page|definition|lemma)\s+(?:for|on|about|titled|called|named)\s+(?:the\s+(?:word|term)\s+)?[\w'-]+",
    )
});

/// Health as a thing of the world: what something is good or bad for ("Is intermittent
/// fasting bad for your health?", "is red wine good for health"), or what a thing does to it
/// ("the health effects of microplastics", "health risks of shift work"). The "your" of such
/// health is anyone's, not the service's ("how is your health today?" still asks it).
static HEALTH_OF_THE_WORLD: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:good|bad|better|worse|best|worst|harmful|healthy|unhealthy|dangerous|safe|safer|beneficial|damaging|risky|detrimental|great|terrible|ok|okay|fine)\s+for\s+(?:your|one's|my|our|their|his|her|the|a\s+person's|people's|human)?\s*health|health\s+(?:effects?|risks?|benefits?|impacts?|consequences|hazards?|problems?|issues?|insurance|care|outcomes?|conditions?|concerns?|advice))\b",
    )
});

pub(super) fn health(ctx: &Context) -> Option<RuleHit> {
    // "Is intermittent fasting bad for your health?": health of the world is no cue; the
    // request is about the service only by other words of it.
    if let Some(re) = HEALTH_OF_THE_WORLD.as_ref()
        && re.is_match(ctx.text)
        && !matches_standalone(&HEALTH, &re.replace_all(ctx.text, " "))
    {
        return None;
    }
    // "verify that an entry with the exact title 'X' exists in the archive": what is checked
    // is an entry's existence, a title lookup, not the archive's integrity.
    if is_match(&ENTRY_EXISTS, ctx.text) {
        return None;
    }
    let quoted_free = super::without_quoted(ctx.text);
    let text = match ENTRY_NAMED.as_ref() {
        Some(re) => re.replace_all(&quoted_free, "$noun X").into_owned(),
        None => quoted_free,
    };
    let ctx = &outside_quotes(ctx, &text);
    // "in wikipedia: how to check the status of a systemd unit": a how/why question with an
    // archive named is asked in it; the archive addresses the service only when the question
    // has no other topic ("how do I check the integrity of wikipedia?").
    let place_only = ctx.archive_named && is_match(&HOW_WHY, ctx.text);
    // "what is a readiness probe": a definition asked, not the service's probe.
    if is_match(&DEFINITION_ASKED, ctx.text) && !is_match(&DEFINITE_AFTER_WHAT, ctx.text) {
        return None;
    }
    if is_match(&CLIENT_AND_SERVER, ctx.text) {
        return None;
    }
    // "ping says Destination Host Unreachable but the hosting company's status page says the
    // server is up": a network error met on someone else's server, not this service's state.
    if is_match(&NETWORK_ERROR, ctx.text) && !is_match(&THIS_SERVICE, ctx.text) {
        return None;
    }
    // "verify that a recipient exists on the backend exchange server": a server of the world,
    // named by what it serves.
    if names_a_server_of_the_world(ctx.text) {
        return None;
    }
    let about = if place_only {
        about_the_service_besides(
            &Context {
                archive_named: false,
                ..*ctx
            },
            &HEALTH,
            HEALTH_WORDS,
        )
    } else {
        about_the_service_besides(ctx, &HEALTH, HEALTH_WORDS)
    };
    (matches_standalone(&HEALTH, ctx.text) && about).then_some(())?;
    hit(Intent::Health, 0.85, "health: server/integrity words")
}

/// "that an entry titled X exists", "whether the article 'X' exists": an entry's existence.
static ENTRY_EXISTS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:that|whether|if)\s+(?:an?|the|any|some)\s+(?:entry|article|page)\b.{0,80}?\s(?:exists|is\s+there|is\s+present)\b",
    )
});

/// "is it alive?", "are you up?", "is this thing on": the whole request a pronoun's state,
/// with nothing else it could be about than the service asked.
static SHORT_LIVENESS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:so|ok|okay|hey|hello|yo)[\s,]+)?(?:is\s+(?:it|this\s+thing|the\s+thing|this|that)|are\s+you)\s+(?:still\s+|even\s+)?(?:alive|up|on|online|responsive|responding|running|working|reachable|awake|there)(?:\s+(?:now|yet|again|at\s+all|right\s+now))?\s*[?.!]*$",
    )
});

/// "the tool seems slow today, is the server responsive?": a symptom of the service told in a
/// clause before the question asked of the server.
static SERVICE_SYMPTOM_THEN: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the\s+(?:tool|service|server|app|search|thing|backend|mcp(?:\s+server)?)|it|this|you|everything|things|zim[\w-]*)\s+(?:seems?|feels?|looks?|is|are|was|has\s+been|keeps?|kept)\b[^,;]{0,60}[,;]\s+(?P<q>(?:is|are|does|do|can)\s+.+)$",
    )
});

/// "is the zim backend alive or should I fall back to web search?": what the asker will do
/// if the answer is no, an alternative after the question, no topic of it.
static ASKERS_FALLBACK: Pattern = LazyLock::new(|| {
    rx(r"(?:,\s*|\s+)or\s+(?:should|shall|must|do|can)\s+(?:i|we)\s+[^,;]*?\s*[?.!]*$")
});

/// "is the zim server running right now it felt really slow earlier": the symptom that made
/// the asker wonder, told after the question about the server.
static SERVICE_SYMPTOM_AFTER: Pattern = LazyLock::new(|| {
    rx(
        r"(?:[,;.?!]\s*|\s+)(?:(?:because|since|as|cause|cuz)\s+)?(?:it|the\s+(?:tool|service|server|app|search|thing|backend)|things|everything|searches|answers|responses)\s+(?:felt|feels|seemed|seems|was|were|is|are|has\s+been|have\s+been|looked|looks|got|gets|went|kept|keeps)\s+(?:(?:really|very|so|a\s+bit|a\s+little|kind\s+of|kinda|super|pretty|quite|extremely|terribly)\s+)?(?:slow|sluggish|laggy|down|off|weird|broken|unresponsive|stuck|flaky|timing\s+out|hanging|frozen|dead)\b[^,;?]{0,40}[.!]*$",
    )
});

/// A server named by what it serves or where it is ("the mail server", "the backend exchange
/// server", "a remote DNS server"), with no word for this service.
static SERVER_OF_THE_WORLD: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:mail|smtp|imap|pop3?|e-?mail|web|dns|dhcp|file|print|exchange|backend|remote|database|db|sql|mysql|postgres(?:ql)?|ldap|ftp|sftp|ssh|nfs|samba|proxy|game|minecraft|discord|vpn|application|api|http|apache|nginx|iis|tomcat|backup|media|plex|build|jenkins|upstream|origin|relay|ntp|license|rdp|terminal|citrix|company|office)\s+servers?\b",
    )
});

fn names_a_server_of_the_world(text: &str) -> bool {
    is_match(&SERVER_OF_THE_WORLD, text) && !is_match(&THIS_SERVICE, text)
}

pub(super) fn health_server_mention(ctx: &Context) -> Option<RuleHit> {
    if names_a_server_of_the_world(ctx.text) {
        return None;
    }
    let without_fallback = [&ASKERS_FALLBACK, &SERVICE_SYMPTOM_AFTER]
        .into_iter()
        .find_map(|tail| {
            tail.as_ref()
                .map(|re| re.replace(ctx.text, "").into_owned())
                .filter(|t| t.len() < ctx.text.len() && is_match(&SERVER_MENTION, t))
        });
    let ctx = &Context {
        text: without_fallback.as_deref().unwrap_or(ctx.text),
        ..*ctx
    };
    if is_match(&SHORT_LIVENESS, ctx.text.trim()) {
        return hit(Intent::Health, 0.8, "health: a liveness question, short");
    }
    if ctx.text.contains([',', ';'])
        && let Some(c) = super::caps(&SERVICE_SYMPTOM_THEN, ctx.text)
        && let q = super::group(&c, "q")
        && is_match(&SERVER_MENTION, &q)
        && topic_free(&q, &SERVER_MENTION)
    {
        return hit(
            Intent::Health,
            0.75,
            "health: a question about the server after its symptom",
        );
    }
    let text = super::without_quoted(ctx.text);
    let ctx = &outside_quotes(ctx, &text);
    (is_match(&SERVER_MENTION, ctx.text) && topic_free(ctx.text, &SERVER_MENTION)).then_some(())?;
    hit(Intent::Health, 0.75, "health: question about the server")
}

/// Plural nouns for the archives. Dumps are the archives when a project's or a wiki's
/// ("wiki dumps", "the wikipedia dumps") or when asked which are there ("which dumps are
/// installed", "what dumps can you search"); "memory dumps", "core dumps" are a topic. Books
/// are the archives only when asked which the service holds ("what books have you got in
/// there"); "which books are on the shelf of the town library" is a topic.
static ARCHIVE_PLURALS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:zims|zim\s+files|zim\s+archives|archives|files|wikis|knowledge\s+bases|encyclopa?edias|(?:what|which)\s+books\s+(?:(?:have|has)\s+(?:you|u)\s+got|(?:do|does)\s+(?:you|u|it)\s+(?:have|hold|contain)|(?:are|is)\s+(?:there\s+)?(?:in\s+(?:there|here|it)|on\s+(?:it|here|there)|loaded|installed))|libraries|collections|datasets|corpora|corpuses|content|sources|(?:wiki|zim|kiwix|offline|wikipedia|wiktionary|stack\s?exchange|gutenberg|devdocs)\s+dumps|(?:what|which)\s+dumps\s+(?:are\s+(?:there|installed|loaded|mounted|available|here)|(?:do|did)\s+(?:you|u)\s+(?:have|got)|(?:can|could)\s+(?:i|you|u|we)\s+(?:search|use|browse|query|read|access)))\b",
    )
});
/// One archive noun for all of them: "every ZIM collection currently mounted". Not when every
/// archive is the scope of a search ("look this up in every archive you have: X").
static EVERY_ARCHIVE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:every|each)\s+(?:(?:offline|loaded|available|local|installed|single)\s+)?(?:\.?zim\s+)?(?:archive|collection|library|wiki|file|knowledge\s+base)\b",
    )
});
/// "in every archive", "across each zim file": every archive as the place of a search.
/// "Compare the GDP of Germany and France, check every archive you've got": every archive
/// as what a search verb goes through, after the question, is its place too.
static EVERY_ARCHIVE_AS_PLACE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:in|across|through|throughout|from|over|on|within|inside)\s+(?:every|each)\b|[,;:.!?]\s*(?:and\s+|please\s+|just\s+)?(?:check|search|scan|consult|query|comb|use|try|look\s+(?:in|at|through|across))\s+(?:every|each)\b",
    )
});
static SEARCH_CONNECTORS: Pattern =
    LazyLock::new(|| rx(r"\b(?:for|about|mentioning|containing)\b"));
/// "Look across all the loaded archives: boiling point of water at 3000 m", "in every zim
/// file you have - the Treaty of Kadesh", "across all the zims you have, what does X mean?":
/// every archive as the place to look, then the topic after a colon or a dash, or a question
/// after a comma. The archives are where the question is asked, not what it asks.
static SCOPE_THEN_TOPIC: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:in|across|through|throughout|over|within|from)\s+(?:all|every|each)\s+(?:(?:one\s+)?of\s+)?(?:the\s+|your\s+|these\s+|my\s+)?(?:[a-z]+\s+){0,2}?(?:zim\s+)?(?:files?|archives?|zims?|wikis?|librar(?:y|ies)|collections?|dumps?)\b[^:;,]{0,30}?\s*(?::|;|\s[-–—]|,\s*(?:what|who|whom|whose|how|why|when|where|which|is|are|was|were|does|do|did|can|could|should)\b)\s*\S",
    )
});

/// "photosynthesis light-dependent reactions — search all the zims": an order to search every
/// archive, with a topic elsewhere in the request. The archives are where to look.
static SEARCH_EVERY_ARCHIVE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:search|look|query|check|dig|hunt|grep|scan)(?:\s+(?:in|across|through|throughout|over|within))?\s+(?:all|every|each)\s+(?:(?:one\s+)?of\s+)?(?:the\s+|your\s+|these\s+|my\s+)?(?:[a-z]+\s+){0,2}?(?:zim\s+)?(?:files?|archives?|zims?|wikis?|librar(?:y|ies)|collections?|dumps?)\b",
    )
});

/// Words that are no topic around an order to search every archive.
static NO_TOPIC_WORDS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:please|pls|plz|now|then|just|also|and|so|ok|okay|could|would|can|you|u|go|ahead|thanks|thank|for|me|us)$",
    )
});

/// A part that only orders every archive searched ("search all the zims"): the scope of the
/// request's other parts, whose topic it searches.
pub(super) fn orders_every_archive_searched(part: &str) -> bool {
    is_match(&SEARCH_EVERY_ARCHIVE, part) && !searches_every_archive_for_a_topic(part)
}

/// [`SEARCH_EVERY_ARCHIVE`] with words of a topic beside it.
fn searches_every_archive_for_a_topic(s: &str) -> bool {
    let Some(found) = SEARCH_EVERY_ARCHIVE.as_ref().and_then(|re| re.find(s)) else {
        return false;
    };
    let rest = format!(
        "{} {}",
        s.get(..found.start()).unwrap_or_default(),
        s.get(found.end()..).unwrap_or_default()
    );
    rest.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2)
        .any(|w| !is_match(&NO_TOPIC_WORDS, &w.to_lowercase()))
}

/// The sentence without path-like words, so "std/collections/..." does not say "collections".
/// Alternatives written with a slash ("wikis/dumps", "zims/archives") are words, not a path:
/// one slash between two words of letters, one of them a plural archive noun.
fn without_paths(s: &str) -> String {
    s.split(' ')
        .filter_map(|w| {
            if !w.contains('/') {
                return Some(w.to_string());
            }
            let core = w.trim_matches(|c: char| !c.is_alphanumeric());
            let (a, b) = core.split_once('/')?;
            let words = [a, b];
            let alternatives = words
                .iter()
                .all(|x| !x.is_empty() && x.chars().all(char::is_alphabetic))
                && words.iter().any(|x| is_match(&ARCHIVE_PLURALS, x));
            alternatives.then(|| format!("{a} {b}"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a kind of archive is loaded, asked of the service: "do you have wiktionary loaded
/// or just wikipedia?", "have you got the python docs installed?". The thing asked about is
/// an archive, not an article ("do you have the Jazz article loaded?") nor a topic ("do you
/// have anything loaded about tides?").
static LOADED_ASKED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:do|does|have|did)\s+(?:you|u|ya|we|the\s+(?:server|tool|service))\s+(?:have|got|get|keep)\s+(?P<what>(?:[\w.'-]+\s+){0,4}?)(?:loaded|installed|downloaded|mounted|available\s+offline|offline)\b",
    )
});
/// Words that make the thing asked about an article or a topic, not an archive.
static NOT_AN_ARCHIVE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:article|articles|page|pages|entry|entries|section|anything|something|stuff|info|information|about|on)\b",
    )
});

/// "a loaded question": "loaded" modifying the noun after it.
static DETERMINER_LAST: Pattern =
    LazyLock::new(|| rx(r"(?:^|\s)(?:a|an|the|some|any|my|your|this|that)\s*$"));

/// Which archives a search or a reading can use, asked as a question: "what archives can i
/// look in", "which sources could we search".
static ARCHIVES_TO_USE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)\s+(?:archives|zims|zim\s+files|collections|libraries|sources|wikis|knowledge\s+bases)\s+(?:can|could|may|might|should|do)\s+(?:i|we|u)\s+(?:look|search|browse|use|read|access|query|dig|pick|choose)(?:\s+(?:in|into|through|at|from|with))?\s*$",
    )
});

/// A shell listing of the archives' files: "ls *.zim", "ls -lh /srv/zims/*.zim", "dir *.zim".
static SHELL_LISTING: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:ls|ll|dir)(?:\s+-{1,2}[\w-]+)*\s+["']?(?:[\w./~-]*/)?\*\.zim["']?\s*$|^find\s+\S+\s+-i?name\s+["']?\*\.zim["']?\s*$"#,
    )
});

/// How many of the archive's entries there are ("how many articles and media files does this
/// archive hold"): a count of its contents, its metadata, not a listing of the archives.
static CONTENT_COUNT: Pattern = LazyLock::new(|| {
    rx(
        r"\bhow\s+many\s+(?:articles|entries|pages|items|titles|images|pictures|media(?:\s+files)?|redirects)\b",
    )
});

/// A plural that names archives only in this tool's world, right after a word that makes it
/// something else's: "python libraries", "java collections", "data sources", "header files",
/// "shared libraries". Words that leave it the archives: determiners, the request's verbs
/// and the archives' own qualifiers ("offline libraries", "the zim files", "which sources").
static QUALIFIED_PLURAL: Pattern = LazyLock::new(|| {
    rx(r"(?:^|\s)(?P<q>[\w+#.-]+)\s+(?:libraries|collections|sources|files|datasets|content)\b")
});
const ARCHIVE_QUALIFIERS: &[&str] = &[
    "what",
    "which",
    "the",
    "my",
    "your",
    "our",
    "their",
    "these",
    "those",
    "this",
    "all",
    "any",
    "some",
    "other",
    "available",
    "loaded",
    "installed",
    "offline",
    "local",
    "zim",
    "kiwix",
    "wiki",
    "wikipedia",
    "mounted",
    "current",
    "different",
    "many",
    "of",
    "are",
    "list",
    "show",
    "see",
    "have",
    "got",
    "give",
    "me",
    "us",
    "u",
    "there",
    "here",
    "knowledge",
    "downloaded",
    "served",
    "open",
    "opened",
    "connected",
    "accessible",
    "searchable",
    "configured",
    "every",
    "each",
    "both",
    "few",
    "several",
    "reference",
    "documentation",
    "doc",
    "docs",
    "archive",
    "archived",
];

/// The same plurals owned by something named after them: "the archives of the Vatican",
/// "the libraries of Alexandria"; not "the archives of this server", "collections of
/// wikipedia".
static OWNED_PLURAL: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:archives|libraries|collections|sources|files|datasets)\s+(?:of|in|at)\s+(?:the\s+)?(?P<o>[\w-]+)(?P<named>\s+of\s+(?-i:[A-Z]))?",
    )
});
/// The same plurals with their owner before them: "the Library of Alexandria's archives",
/// "the Vatican's archives"; not "the server's archives", "your archives".
static POSSESSED_PLURAL: Pattern = LazyLock::new(|| {
    rx(
        r"(?P<o>[\w-]+)(?:'s|s'|’s)\s+(?:(?:own|secret|old|ancient|famous|national|historical)\s+)?(?:archives|libraries|collections|datasets)\b",
    )
});
const ARCHIVE_OWNERS: &[&str] = &[
    "this",
    "that",
    "your",
    "you",
    "my",
    "our",
    "server",
    "service",
    "tool",
    "kiwix",
    "zim",
    "wikipedia",
    "wiktionary",
    "wikimed",
    "wikivoyage",
    "wikibooks",
    "wikisource",
    "gutenberg",
    "stackexchange",
    "stack",
    "devdocs",
    "ted",
    "system",
    "machine",
    "device",
    "computer",
    "kiosk",
    "library",
    "instance",
    "app",
    "here",
    "it",
    "them",
    "these",
    "those",
    "all",
    "each",
    "every",
    "both",
    "which",
    "what",
    "different",
    "other",
    "any",
    "some",
];

/// The same plurals as what someone else keeps: "what archives did the Library of Alexandria
/// hold", "which files does the Vatican keep"; not "what archives do you have", "which zim
/// files does the server hold".
static PLURAL_KEPT_BY: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:archives|libraries|collections|sources|files|datasets|wikis)\s+(?:did|does|do|had|has|have|would|could|will)\s+(?:the\s+)?(?P<o>.+?)\s+(?:hold|have|keep|contain|store|house|own|possess|collect|preserve|lose|host|carry)\b",
    )
});

fn plural_of_a_topic(s: &str) -> bool {
    let kept_by_another = PLURAL_KEPT_BY.as_ref().is_some_and(|re| {
        re.captures_iter(s).any(|c| {
            let o = c.name("o").map_or("", |m| m.as_str()).to_lowercase();
            // "what archives do I have installed": the user's are the server's.
            // The owner's head noun: "the zim tool" is the service's, "the Library of
            // Alexandria" someone else's.
            let head = o.rsplit(' ').next().unwrap_or(&o);
            o.contains(" of ") || (!ARCHIVE_OWNERS.contains(&head) && !matches!(head, "i" | "we"))
        })
    });
    if kept_by_another {
        return true;
    }
    let qualified = QUALIFIED_PLURAL.as_ref().is_some_and(|re| {
        re.captures_iter(s).any(|c| {
            let q = c.name("q").map_or("", |m| m.as_str()).to_lowercase();
            !ARCHIVE_QUALIFIERS.contains(&q.as_str())
        })
    });
    let possessed = POSSESSED_PLURAL.as_ref().is_some_and(|re| {
        re.captures_iter(s).any(|c| {
            let o = c.name("o").map_or("", |m| m.as_str()).to_lowercase();
            !ARCHIVE_OWNERS.contains(&o.as_str())
        })
    });
    if possessed {
        return true;
    }
    let owned = OWNED_PLURAL.as_ref().is_some_and(|re| {
        re.captures_iter(s).any(|c| {
            // "the archives of the Library of Alexandria": an owner with a name of its own.
            if c.name("named").is_some() {
                return true;
            }
            let o = c.name("o").map_or("", |m| m.as_str()).to_lowercase();
            !ARCHIVE_OWNERS.contains(&o.as_str())
        })
    });
    qualified || owned
}

/// "do you serve a wiktionary archive?" (the archive's name set aside), "what's available",
/// "what do you have": whether an archive is served, or what is, asked of the service with no
/// other topic.
static SERVED_ASKED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:do|does)\s+(?:you|u|ya|the\s+(?:server|tool|service))\s+(?:serve|have|carry|offer|host|provide|hold|include)|is\s+there|have\s+you\s+got)(?:\s+(?:a|an|any|the))?(?:\s+(?:archive|zim|zim\s+file|copy|dump|one))?\s*[?.!]*$",
    )
});
static WHAT_IS_SERVED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:so\s+)?(?:what(?:'s|s|\s+is)\s+(?:available|on\s+offer|there)|what\s+(?:do|can)\s+(?:you|u)\s+(?:have|serve|offer)|what\s+have\s+(?:you|u)\s+got)(?:\s+(?:then|here|now))?\s*[?.!]*$",
    )
});

pub(super) fn list_archives(ctx: &Context) -> Option<RuleHit> {
    if (ctx.archive_named && is_match(&SERVED_ASKED, ctx.text.trim()))
        || is_match(&WHAT_IS_SERVED, ctx.text.trim())
    {
        return hit(
            Intent::ListArchives,
            0.8,
            "list archives: whether one is served, or what is",
        );
    }
    if is_match(&SHELL_LISTING, ctx.text.trim()) {
        return hit(
            Intent::ListArchives,
            0.85,
            "list archives: a shell listing of the zim files",
        );
    }
    let text = super::without_quoted(ctx.text);
    let ctx = &outside_quotes(ctx, &text);
    if is_match(&CONTENT_COUNT, ctx.text) {
        return None;
    }
    if is_match(&ARCHIVES_TO_USE, ctx.text) {
        return hit(
            Intent::ListArchives,
            0.85,
            "list archives: which archives can be used",
        );
    }
    if let Some(c) = super::caps(&LOADED_ASKED, ctx.text)
        && !is_match(&NOT_AN_ARCHIVE, &super::group(&c, "what"))
        && !is_match(&DETERMINER_LAST, &super::group(&c, "what"))
        && !is_match(&SEARCH_CONNECTORS, ctx.text)
    {
        return hit(
            Intent::ListArchives,
            0.8,
            "list archives: whether an archive is loaded",
        );
    }
    // "what kind of pages are in here, can you show me a few random entries from the content
    // namespace?": a namespace named is a place inside the archive, browsed or walked; the
    // archives listed name none.
    if super::namespace::namespace_of(ctx.text).is_some() {
        return None;
    }
    // "enumerate the available .zim files so I can pick one": the files by their extension
    // are the zim files, and why the listing is wanted is no topic of it.
    let s = without_paths(ctx.text).replace(" .zim ", " zim ");
    let s = match super::PURPOSE_TAIL.as_ref() {
        Some(re) => re.replace(&s, "").into_owned(),
        None => s,
    };
    if plural_of_a_topic(&s)
        || is_match(&SCOPE_THEN_TOPIC, &s)
        || searches_every_archive_for_a_topic(&s)
    {
        return None;
    }
    // "search all files for X" / "articles about X in all archives" are searches, not listings.
    let noun = is_match(&ARCHIVE_PLURALS, &s)
        || (is_match(&EVERY_ARCHIVE, &s) && !is_match(&EVERY_ARCHIVE_AS_PLACE, &s));
    let unpurposed = Context { text: &s, ..*ctx };
    if !noun
        || is_match(&SEARCH_CONNECTORS, &s)
        || !about_the_service(&unpurposed, &ARCHIVE_PLURALS)
    {
        return None;
    }
    hit(
        Intent::ListArchives,
        0.85,
        "list archives: plural archive noun",
    )
}

/// The archive's main page, in the words of a web site's (home, front, landing, start,
/// welcome page), of an entry (main entry, home article, default page, primary page), of a
/// start (start point, the archive's root or home, "where does this archive start").
static MAIN_PAGE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:main\s?page|home\s?(?:page|screen)|front\s?page|start\s?page|landing\s?page|welcome\s?page|index\s?page|root\s?page|entry\s?page|cover\s?page|(?:(?:default|primary|main)\s+)?(?:home|landing|start|welcome|front)\s+(?:article|entry)|main\s+entry|(?:primary|default)\s+(?:page|entry|article)|(?:start(?:ing)?|entry)\s+point|(?:archive|zim|wiki)(?:'s)?\s+(?:root|home)|where\s+(?:does|do)\s+(?:this|the|that|your)\s+(?:archive|zim(?:\s+file)?|wiki|library)\s+(?:start|begin)|page\s+d'accueil|accueil|hauptseite|startseite|portada|p[áa]gina\s+principal)\b",
    )
});

/// Words naming whose main page it is: Kiwix's projects and a copy of one ("Wikipedia main
/// page", "the homepage of this Wikipedia mirror").
const MAIN_PAGE_WORDS: &[&str] = &[
    "wikipedia",
    "wiktionary",
    "wikivoyage",
    "wikibooks",
    "wikiquote",
    "wikisource",
    "wikinews",
    "wikiversity",
    "wikispecies",
    "wikihow",
    "gutenberg",
    "stackexchange",
    "devdocs",
    "kiwix",
    "mirror",
    // "the main page of this database": the archive, as its readers call it.
    "database",
];

/// A project's edition in a language: "the Arabic Wikipedia", "Wikipedia in French".
static PROJECT_IN_LANGUAGE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:arabic|chinese|english|french|german|spanish|portuguese|italian|russian|japanese|korean|dutch|polish|swedish|turkish|persian|hebrew|hindi|indonesian|vietnamese|greek|ukrainian|czech|finnish|norwegian|danish|hungarian|romanian|thai|catalan|simple\s+english)[\s-]+(?:language\s+)?(?P<a>(?:wikipedia|wiktionary|wikivoyage|wikibooks|wikiquote|wikisource|wikinews|wikiversity))|(?P<b>(?:wikipedia|wiktionary|wikivoyage|wikibooks|wikiquote|wikisource|wikinews|wikiversity))\s+(?:in\s+)?(?:arabic|chinese|english|french|german|spanish|portuguese|italian|russian|japanese|korean|dutch|polish|swedish|turkish|persian|hebrew|hindi|indonesian|vietnamese|greek|ukrainian|czech|finnish|norwegian|danish|hungarian|romanian|thai|catalan|simple\s+english))\b",
    )
});

/// Kiwix's projects, one of which opened alone ("open Wikipedia") is its archive's main page.
static OPEN_PROJECT: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:open|go\s+to|navigate\s+to|launch|start|bring\s+up|take\s+me\s+to)\s+(?:the\s+)?(?:wikipedia|wiktionary|wikivoyage|wikibooks|wikiquote|wikisource|wikinews|wikiversity|wikispecies|wikihow|gutenberg|stack\s?exchange|devdocs)(?:\s+(?:zim|archive|offline|mirror))?\s*[.!]*$",
    )
});

/// Whether the rules declined a service view the request's words name: its cue is there but
/// the request is about something else ("firefox set home page to blank page", "the poem's
/// own title and description"). A learned
/// route must not override that reading.
pub(crate) fn service_cue_declined(intent: &str, ctx: &Context) -> bool {
    // "I need a list of every article in the constitution": the entries of another thing.
    if matches!(intent, "Walk" | "Browse") {
        return super::namespace::entries_of_another_thing(ctx.text);
    }
    let cue = match intent {
        "MainPage" => &MAIN_PAGE,
        "Health" => &HEALTH,
        // "show the poem's own title and description": fields of something else.
        "Metadata" => &METADATA_FIELDS,
        _ => return false,
    };
    let text = super::without_quoted(ctx.text);
    let ctx = &outside_quotes(ctx, &text);
    let ctx = &match intent {
        "MainPage" => question_place(ctx),
        _ => Context { ..*ctx },
    };
    let also = match intent {
        "MainPage" => MAIN_PAGE_WORDS,
        "Health" => HEALTH_WORDS,
        _ => &[],
    };
    matches_standalone(cue, ctx.text) && !about_the_service_besides(ctx, cue, also)
}

/// "how does Wikipedia decide what goes in the 'In the news' section of its Main Page?": in a
/// how/why question the archive named is what the question is about (the project, its
/// community), not the service addressed; the question's other words decide (as for health,
/// where an archive named in such a question is its place).
fn question_place<'a>(ctx: &Context<'a>) -> Context<'a> {
    Context {
        archive_named: ctx.archive_named && !is_match(&HOW_WHY, ctx.text),
        ..*ctx
    }
}

pub(super) fn main_page(ctx: &Context) -> Option<RuleHit> {
    let text = super::without_quoted(ctx.text);
    // "the Arabic Wikipedia", "Wikipedia in French": the edition of a project, no topic.
    let text = match PROJECT_IN_LANGUAGE.as_ref() {
        Some(re) => re.replace_all(&text, "${a}${b}").into_owned(),
        None => text,
    };
    let ctx = &question_place(&outside_quotes(ctx, &text));
    if is_match(&OPEN_PROJECT, ctx.text) {
        return hit(Intent::MainPage, 0.8, "main page: a project opened");
    }
    // "what is a landing page": the kind of page defined, not this archive's.
    if is_match(&KIND_DEFINED, ctx.text) {
        return None;
    }
    // "the first website ever made — is its home page still online?": the home page of a
    // site of the world the request names, not this archive's.
    if is_match(&SITE_OF_THE_WORLD, ctx.text)
        || (is_match(&ITS_HOME_PAGE, ctx.text)
            && !ctx.archive_named
            && !is_match(&ARCHIVE_WORD, ctx.text))
    {
        return None;
    }
    (is_match(&MAIN_PAGE, ctx.text) && about_the_service_besides(ctx, &MAIN_PAGE, MAIN_PAGE_WORDS))
        .then_some(())?;
    hit(Intent::MainPage, 0.9, "main page: main/home/front page")
}

static METADATA_STRONG: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:metadata|meta\s+data|namespaces|publisher|m/(?:title|description|longdescription|creator|publisher|date|language|name|tags|source|flavou?r|scraper|counter|illustration\w*)|how\s+many\s+(?:articles|entries|pages)|(?:archive|zim|file)\s+(?:info|information|details|identity|uuid|stats|statistics|headers?)|(?:article|entry|media)\s+counts?|uuid|describe\s+(?:the\s+|this\s+)?(?:zim|archive|file))\b",
    )
});
static METADATA_WEAK: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:created|creator|creation|made|built|generated|packaged|packager|compiled|produced|scraped|author|maintainer|version|language|languages|published|licen[cs]e|date|flavou?r|size|how\s+(?:big|large|old)|how\s+many\s+(?:articles|entries|pages|items|images|media\s+files))\b",
    )
});
/// A property word with the word before it: "template language", "font size".
static PROPERTY_AFTER_WORD: Pattern = LazyLock::new(|| {
    rx(r"\b(?P<m>[a-z][a-z'-]*)\s+(?:language|languages|version|date|size|licen[cs]e)\b")
});
/// Words before a property word that leave it the archive's ("the archive language", "its
/// release date", "the total size").
const ARCHIVE_PROPERTY_MODIFIERS: &[&str] = &[
    "another",
    "other",
    "different",
    "original",
    "any",
    "some",
    "one",
    "the",
    "this",
    "that",
    "its",
    "your",
    "their",
    "my",
    "our",
    "a",
    "an",
    "archive",
    "archive's",
    "zim",
    "file",
    "main",
    "primary",
    "default",
    "content",
    "contents",
    "article",
    "release",
    "creation",
    "publication",
    "build",
    "current",
    "exact",
    "total",
    "overall",
    "same",
    "which",
    "what",
    "whose",
    "of",
    "in",
    "and",
    "or",
    "dump",
    "wiki",
    "library",
];

/// "what is the template language of tornado", "font size": every property word names a
/// thing of the topic, modified by a noun that is no word for the archive. Where one stands
/// alone or after a determiner ("the language of this archive"), it may be the archive's.
fn every_property_a_compound(text: &str) -> bool {
    let Some(property) = METADATA_WEAK.as_ref() else {
        return false;
    };
    let lower = text.to_lowercase();
    let total = property.find_iter(&lower).count();
    let compounds = PROPERTY_AFTER_WORD.as_ref().map_or(0, |re| {
        re.captures_iter(&lower)
            .filter(|c| {
                c.name("m")
                    .is_some_and(|m| !ARCHIVE_PROPERTY_MODIFIERS.contains(&m.as_str()))
            })
            .count()
    });
    // "numba compiled code", "generated files": a participle before the noun it describes.
    let described = PARTICIPLE_BEFORE.as_ref().map_or(0, |re| {
        re.captures_iter(&lower)
            .filter(|c| {
                c.name("n")
                    .is_some_and(|n| !NO_NOUN_AFTER_PARTICIPLE.contains(&n.as_str()))
            })
            .count()
    });
    total > 0 && compounds.saturating_add(described) >= total
}

/// A participle of making, then the word after it.
static PARTICIPLE_BEFORE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:created|made|built|generated|packaged|compiled|produced|scraped|published)\s+(?P<n>[a-z][a-z'-]*)",
    )
});

/// Words after such a participle that say when, how or by whom the archive was made, not a
/// noun it describes ("built by", "made on", "compiled from").
const NO_NOUN_AFTER_PARTICIPLE: &[&str] = &[
    "by",
    "on",
    "in",
    "at",
    "when",
    "from",
    "for",
    "with",
    "and",
    "or",
    "the",
    "this",
    "it",
    "using",
    "via",
    "to",
    "up",
    "out",
    "of",
    "last",
    "first",
    "originally",
    "exactly",
];

/// The fields of an archive's metadata (the ZIM metadata names and their usual words).
static METADATA_FIELDS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:metadata|meta\s+data|(?:long\s+)?description|publisher|creator|title|name|language|(?:creation\s+)?date|tags|licen[cs]e|illustration|favicon|flavou?r|source|scraper|counter|uuid|version|size|(?:article|media|entry)\s+count)\b",
    )
});
/// A word for the archive itself.
static ARCHIVE_WORD: Pattern = LazyLock::new(|| rx(r"\b(?:archive|zim|zim\s+file)\b"));

/// "archive description and publisher", "publisher and date": a request made only of
/// metadata fields, with a word for the archive or a field that only an archive has.
fn only_metadata_fields(ctx: &Context) -> bool {
    // "get the favicon and tags of wikipedia_en_all_maxi": the archive named (and set aside)
    // is whose fields they are.
    is_match(&METADATA_FIELDS, ctx.text)
        && (is_match(&ARCHIVE_WORD, ctx.text)
            || is_match(&METADATA_STRONG, ctx.text)
            || ctx.archive_named)
        && topic_free(ctx.text, &METADATA_FIELDS)
}

/// The title of an article, not the archive's: "a page titled X", "which path has the title
/// X", "an entry named X".
static ARTICLE_TITLE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:article|page|entry|path|url|document|item)s?\s+(?:(?:titled|named|called|entitled)\b|(?:with|has|have|having|bears?|bearing)\s+(?:the\s+|a\s+)?(?:exact\s+)?title\b)",
    )
});

/// "this archive", "the zim": not "a file".
static ARCHIVE_REFERENCE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:the|this|its|that)\s+(?:[\w.-]+\s+)?(?:archive|zim|zim\s+file|file)|(?:the|this|that)\s+(?:(?:wikipedia|wiktionary|wikivoyage|wikihow|wikibooks|wikiquote|wikisource|wikinews|wikiversity|gutenberg|stack\s?exchange|devdocs|zim|kiwix)\s+)?dump|archive|zim)\b",
    )
});
/// "this Wikipedia", "that wiktionary copy": the copy of a project served, not one of its
/// articles ("this Wikipedia article") or people ("this Wikipedia editor").
static PROJECT_COPY: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:this|that|your|the\s+local|the\s+offline)\s+(?:wikipedia|wiktionary|wikivoyage|wikibooks|wikiquote|wikisource|wikinews|wikiversity|wikispecies|wikihow|gutenberg|stack\s?exchange|devdocs)(?:\s+(?:mirror|copy|zim|archive|dump|instance|edition|version))?(?:\s*$|\s*[?.!,;]|\s+(?:in|is|was|has|have|from|of|or|and|written|available|made|built|created|generated|updated|dated|use|using)\b)",
    )
});

/// "this", "it": the archive just named, when the request names nothing else. "this" only as
/// a pronoun: at the end, or before a verb or a preposition ("when was this created", "what
/// language is this in"), not as the determiner of another noun ("this painting").
static PRONOUN_REFERENCE: Pattern = LazyLock::new(|| {
    rx(
        r"\bit\b|\bthis(?:\s*$|\s*[?.!,;:]|\s+(?:is|was|were|are|has|have|had|does|do|did|can|could|will|would|in|on|from|by|for|about|at|with|made|built|written|done|put|set|run|begun|drawn|grown|known|shown|seen|sent|found|held|kept|brought|told|sold|\w+ed)\b)",
    )
});

/// Whether the request refers to the archive: by a word for it, or by a pronoun when it
/// names no other thing ("when was it created"; in "When was the Treaty of Versailles
/// signed, and on what date did it come into force?" the pronoun is the treaty).
fn refers_to_archive(text: &str) -> bool {
    is_match(&ARCHIVE_REFERENCE, text)
        || is_match(&PROJECT_COPY, text)
        || (is_match(&PRONOUN_REFERENCE, text)
            && !text
                .split_whitespace()
                .skip(1)
                .any(|w| w != "I" && w.chars().next().is_some_and(char::is_uppercase))
            && !thing_named_before_pronoun(text))
}

/// Whether a question of the archive's properties is asked of this archive: the service
/// addressed or the archive referred to. "What is the ZIM file format and who created it?":
/// the format (or its specification) is a thing of the world the archive words only qualify.
fn about_this_archive(ctx: &Context) -> bool {
    let text = match FORMAT_OF_ARCHIVES.as_ref() {
        Some(re) => re.replace_all(ctx.text, " a format ").into_owned(),
        None => ctx.text.to_string(),
    };
    // "I need to patch a package from the Debian archive and rebuild it. How do I ... with a
    // bumped version?": a request holding a how-to or why question is a task; the archive is
    // this one only when pointed at ("this archive") or named (a topic word in a how-to
    // question names none: see `parse_normalized`).
    if holds_a_how_to_task(&text) {
        return ctx.archive_named || is_match(&POINTED_AT_ARCHIVE, &text);
    }
    let ctx = Context {
        text: &text,
        ..*ctx
    };
    addresses_service(&ctx) || refers_to_archive_in_question(&text)
}

/// This archive, pointed at: "this archive", "your zim file", "the loaded archive", a file
/// name ending in `.zim`.
static POINTED_AT_ARCHIVE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:this|that|your|the\s+(?:loaded|current|served|open|offline|local))\s+(?:[\w.-]+\s+)?(?:archive|zim|zim\s+file|dump)\b|\w\.zim\b",
    )
});

/// The format of archives, named by what it is a format of: "the ZIM file format", "zim
/// archive specification".
static FORMAT_OF_ARCHIVES: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:the\s+)?(?:zim|archive)(?:\s+(?:file|archive))?\s+(?:file\s+)?(?:formats?|spec|specs|specification|standard|file\s+extension|extension)\b",
    )
});

/// "What is a favicon and what size should it be?": a thing introduced with "a"/"an" before
/// the pronoun is what the pronoun stands for, not the archive.
static THING_NAMED: Pattern = LazyLock::new(|| rx(r"\b(?:a|an)\s+[a-z][\w-]+"));

fn thing_named_before_pronoun(text: &str) -> bool {
    let first_pronoun = PRONOUN_REFERENCE
        .as_ref()
        .and_then(|re| re.find(text))
        .map_or(text.len(), |m| m.start());
    text.get(..first_pronoun)
        .is_some_and(|before| is_match(&THING_NAMED, before))
}
/// A how-to or why question about doing something ("how can I make a dependency optional so
/// it's only compiled when..."): its pronouns are its own subject's.
static HOW_TO_TASK: Pattern = LazyLock::new(|| {
    // "what do I put in the exim config so ...", "where should I set ...": a task asked with
    // what or where the asker does, as with how.
    rx(
        r"^(?:how\s+(?:to|do|does|did|can|could|should|would)|why|(?:what|where|which)\s+(?:\w+\s+)?(?:do|should|must|can|would)\s+(?:i|we|you)\s+(?:put|add|write|type|set|use|change|enter|configure|edit|need|have\s+to))\b",
    )
});

/// Whether the request is a how-to or why question ("how do I parse a header in erlang").
pub(crate) fn is_how_to_task(text: &str) -> bool {
    is_match(&HOW_TO_TASK, text)
}

/// Whether one of the request's sentences or clauses is a how-to or why question ("I want one
/// base layout template ... How does that work in Tornado's template language?", "I've got
/// the relay working otherwise, what do I put in the exim config ...").
pub(crate) fn holds_a_how_to_task(text: &str) -> bool {
    text.split(['.', '?', '!', ';', ','])
        .any(|sentence| is_how_to_task(sentence.trim()))
}

/// Whether the request refers to the archive, a pronoun counting only outside a how-to or
/// why question ("when was it created" is the archive's date; "how can I make a dependency
/// optional so it's only compiled when a feature is on" is no question about the archive).
fn refers_to_archive_in_question(text: &str) -> bool {
    if is_match(&HOW_TO_TASK, text) {
        is_match(&ARCHIVE_REFERENCE, text)
    } else {
        refers_to_archive(text)
    }
}
/// What is left of "tell me about the X archive" / "open the X archive" once the name is removed.
static ABOUT_ONLY: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:tell\s+me\s+)?(?:everything\s+|more\s+)?about|info|information|details|describe|stats|statistics|what\s+is|what's)?$",
    )
});
static OPEN_ONLY: Pattern =
    LazyLock::new(|| rx(r"^(?:open|show|show\s+me|go\s+to|load|display|view|browse|start)$"));

/// How many entries each namespace holds: "the namespaces in this file with their entry
/// counts", "entry counts per namespace". Namespaces of code hold no entries.
static NAMESPACE_COUNTS: Pattern = LazyLock::new(|| {
    rx(
        r"\bnamespaces\b[^.?!]*\b(?:entry|entries|article|articles|item|items|title|titles)\s+counts?\b|\b(?:entry|entries|article|item|title)\s+counts?\s+(?:per|by|for\s+each|of\s+each|in\s+each)\s+namespace\b|\bhow\s+many\s+(?:entries|articles|items|titles)\s+(?:each|every|per)\s+namespace\b",
    )
});

/// An entry of the metadata namespace by its path ("the M/Tags entry", "M/Counter", "the
/// archive's M/* block"): the archive's metadata. Case-sensitive: a key is capitalised ("M/S
/// Estonia" is a ship).
static METADATA_PATH: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
    regex::Regex::new(r#"(?:^|[\s'"`(])M/(?:\*|[A-Z][\w@.-]*[a-z][\w@.-]*)(?:$|[\s'"`),.;:!?])"#)
        .ok()
});

/// The archive itself as the topic: "tell me about the archive itself", "what is this zim
/// about", "what kind of archive is this".
static ARCHIVE_ITSELF: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:(?:tell|teach)\s+(?:me|us)\s+|talk\s+|say\s+something\s+)?(?:(?:everything|more|a\s+bit|a\s+little|something)\s+)?about\s+(?:the|this|that|your)\s+(?:(?:zim|offline|loaded|current)\s+)?(?:archive|zim|zim\s+file|wiki|dump|library|collection)(?:\s+itself)?|(?:what(?:'s|s)?|what\s+is)\s+(?:the|this|that|your)\s+(?:(?:zim|offline|loaded|current)\s+)?(?:archive|zim|zim\s+file|wiki|dump|library|collection)\s+(?:all\s+)?about|(?:what|which)\s+(?:kind|sort|type)\s+of\s+(?:archive|zim(?:\s+file)?|wiki|dump|library|collection)\s+(?:is\s+(?:this|that|it)|(?:this|that)\s+is|(?:is\s+)?(?:this|that)\s+one))\s*[?.!]*$",
    )
});

pub(super) fn metadata(ctx: &Context) -> Option<RuleHit> {
    if METADATA_PATH
        .as_ref()
        .is_some_and(|re| re.is_match(ctx.text))
        && !is_match(&HOW_WHY, ctx.text)
    {
        return hit(
            Intent::Metadata,
            0.88,
            "metadata: an entry of the metadata namespace",
        );
    }
    // "PytestReturnNotNoneWarning: ... in a future version of pytest": a pasted message names
    // the archive's subject, not the archive; so does a pasted command line.
    if is_match(&PASTED_ERROR, ctx.text) || is_pasted_command(ctx.text) {
        return None;
    }
    let text = super::without_quoted(ctx.text);
    let ctx = &outside_quotes(ctx, &text);
    if ctx.text.to_lowercase().contains("namespace")
        && is_match(&NAMESPACE_COUNTS, ctx.text)
        && !is_match(&HOW_WHY, ctx.text)
    {
        return hit(
            Intent::Metadata,
            0.85,
            "metadata: the namespaces and their entry counts",
        );
    }
    if (is_match(&METADATA_STRONG, ctx.text) && about_the_service(ctx, &METADATA_STRONG))
        || only_metadata_fields(ctx)
    {
        return hit(
            Intent::Metadata,
            0.88,
            "metadata: metadata/namespaces words",
        );
    }
    // "language"/"created" are common in titles; only about the archive itself. Sizes of an
    // article's sections are its structure ("with how big each section is").
    if is_match(&METADATA_WEAK, ctx.text)
        && !is_match(&MADE_OF, ctx.text)
        && !is_match(&super::article_view::SECTION_SIZES, ctx.text)
        && !is_match(&ARTICLE_TITLE, ctx.text)
        && !every_property_a_compound(ctx.text)
        && about_this_archive(ctx)
    {
        return hit(Intent::Metadata, 0.8, "metadata: archive property question");
    }
    if is_match(&ARCHIVE_ITSELF, ctx.text.trim()) {
        return hit(
            Intent::Metadata,
            0.8,
            "metadata: the archive itself asked about",
        );
    }
    if ctx.archive_named && is_match(&ABOUT_ONLY, ctx.text.trim()) {
        return hit(Intent::Metadata, 0.7, "metadata: only an archive was named");
    }
    None
}

/// "what it is made of", "made up of": what a thing is made of is its matter, not who made
/// the archive.
static MADE_OF: Pattern = LazyLock::new(|| {
    // "Is there something built in for this?": a built-in feature, not when it was built.
    rx(r"\bmade\s+(?:of|from|up\s+of|out\s+of|mostly\s+of)\b|\bbuilt[\s-]+in(?:to)?\b")
});

/// "open the Ray Charles archive": opening an archive means its main page.
pub(super) fn open_archive(ctx: &Context) -> Option<RuleHit> {
    (ctx.archive_named && is_match(&OPEN_ONLY, ctx.text.trim())).then_some(())?;
    hit(Intent::MainPage, 0.7, "main page: an archive was opened")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Option<Intent> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        super::super::classify(&ctx).map(|h| h.intent)
    }

    #[test]
    fn the_main_page_of_a_projects_language_edition() {
        for q in [
            "open the main page of the Arabic Wikipedia",
            "show the main page of Wikipedia in French",
        ] {
            assert_eq!(run(q), Some(Intent::MainPage), "{q}");
        }
        assert_ne!(
            run("main page of the Arabic Spring"),
            Some(Intent::MainPage)
        );
    }

    #[test]
    fn a_pasted_message_naming_the_archive_is_a_search() {
        // The archive served is named after the program whose message is pasted.
        let archives = [
            crate::ArchiveName::new("pytest.zim", None),
            crate::ArchiveName::new("postfix.zim", None),
        ];
        for q in [
            "PytestReturnNotNoneWarning: Expected None, but test_foo returned True, which will be an error in a future version of pytest",
            "DeprecationWarning: the version of pytest you use is old",
            "postmap: fatal: open database /etc/postfix/sasl_passwd.db: No such file or directory",
            "ValueError: the language of postfix tables is not set",
        ] {
            assert_eq!(crate::parse(q, &archives).intent.name(), "Search", "{q}");
        }
        // Without the marks of a message, the archive's properties are asked for.
        assert_eq!(
            crate::parse("what version of pytest.zim is this", &archives)
                .intent
                .name(),
            "Metadata"
        );
    }

    #[test]
    fn an_articles_title_is_no_archive_property() {
        for (q, t) in [
            (
                "Do you have a page titled Structured Query Language? Not a text search, just the title.",
                "Structured Query Language",
            ),
            (
                "which path has the title 'List of Nobel laureates'?",
                "List of Nobel laureates",
            ),
            ("does this zim have an entry named Tide", "Tide"),
        ] {
            assert_eq!(
                crate::parse(q, &[]).intent,
                Intent::FindByTitle { title: t.into() },
                "{q}"
            );
        }
        // The archive's own title stays its metadata.
        for q in [
            "what is the title of this archive",
            "do you have the title and publisher of the zim",
        ] {
            assert_eq!(run(q), Some(Intent::Metadata), "{q}");
        }
    }

    #[test]
    fn whether_an_archive_is_loaded_is_the_listing() {
        for q in [
            "do you have wiktionary loaded or just wikipedia",
            "do you have loaded or just wikipedia",
            "have you got the python docs installed",
            "does the server have stack overflow offline",
        ] {
            assert_eq!(run(q), Some(Intent::ListArchives), "{q}");
        }
        // An article or a topic asked about, or a loaded thing that is no archive.
        for q in [
            "do you have the Jazz article loaded",
            "do you have anything loaded about tides",
            "do you have a loaded question example for debate class",
            "does the dice have weights loaded inside",
        ] {
            assert_ne!(run(q), Some(Intent::ListArchives), "{q}");
        }
    }

    #[test]
    fn a_question_about_a_topic_of_a_named_archive_is_no_health_check() {
        let loaded = [crate::ArchiveName::new(
            "wikipedia_en_all_maxi_2024-01.zim",
            Some("Wikipedia"),
        )];
        let route = |q: &str| crate::parse(q, &loaded).intent.name();
        assert_eq!(
            route("how healthy is the editor community of wikipedia"),
            "Search"
        );
        assert_eq!(route("how healthy is wikipedia"), "Health");
        assert_eq!(route("check the integrity of wikipedia"), "Health");
    }

    #[test]
    fn a_pasted_error_message_is_no_request_to_the_service() {
        for q in [
            "Invalid command 'RewriteEngine', perhaps misspelled or defined by a module not included in the server configuration",
            "Error: server configuration file not found (errno 2)",
            "AH00558: apache2: could not reliably determine the server's fully qualified domain name",
            "failed to check the server health: connection refused",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
        for (q, name) in [
            ("server health check", "Health"),
            ("is the server configuration ok?", "Health"),
            ("is the server running normally?", "Health"),
            ("check whether the service is online", "Health"),
            ("is my nginx server working properly", "Search"),
            (
                "is the MySQL server running normally after the upgrade?",
                "Search",
            ),
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), name, "{q}");
        }
    }

    #[test]
    fn words_for_the_main_page() {
        for q in [
            "index page of the zim",
            "open this archive's root page",
            "the entry page of the wiki",
            "show me the cover page",
        ] {
            assert_eq!(run(q), Some(Intent::MainPage), "{q}");
        }
        assert_eq!(
            crate::parse("open the main page of this database", &[])
                .intent
                .name(),
            "MainPage"
        );
        // About a page elsewhere, not the archive's.
        for q in [
            "how to make an index page in html",
            "root page permissions in sharepoint",
        ] {
            assert_ne!(run(q), Some(Intent::MainPage), "{q}");
        }
    }

    #[test]
    fn requests_made_of_metadata_fields() {
        for q in [
            "archive description and publisher",
            "zim title, language and date",
            "publisher and creator",
            "the archive's license",
        ] {
            assert_eq!(run(q), Some(Intent::Metadata), "{q}");
        }
        for q in [
            "publisher of Harry Potter",
            "description and date of the Battle of Hastings",
            "title and date",
            "publisher size and description of Dune",
        ] {
            assert_ne!(run(q), Some(Intent::Metadata), "{q}");
        }
    }

    #[test]
    fn a_shell_listing_and_corpora_are_the_archives() {
        for q in [
            "ls *.zim",
            "ls -lh /srv/zims/*.zim",
            "dir *.zim",
            "find / -name '*.zim'",
            "enumerate available corpora",
            "which corpora are loaded",
        ] {
            assert_eq!(run(q), Some(Intent::ListArchives), "{q}");
        }
        // Other files, and corpora as a topic.
        for q in [
            "ls *.txt",
            "ls -la explained",
            "how to list files sorted by size in linux",
            "text corpora for sentiment analysis",
            "list of corpora in computational linguistics",
        ] {
            assert_ne!(run(q), Some(Intent::ListArchives), "{q}");
        }
    }

    #[test]
    fn counts_and_makers_of_the_archive_are_its_metadata() {
        for q in [
            "how many articles and media files does this archive hold, and in what language?",
            "how many entries does this zim have",
            "who packaged this gutenberg dump?",
            "who made the stackexchange dump",
            "who packaged this zim",
        ] {
            assert_eq!(crate::parse(q, &[]).intent, Intent::Metadata, "{q}");
        }
        for q in [
            "how many articles are in the US Constitution and how many amendments",
            "how many articles does the GDPR have",
            "how to restore this mysql dump",
            "who packaged the first commercial software",
            "who compiled the first dictionary",
            "How can I make a dependency optional so it's only compiled when a feature is turned on?",
            "how do I check which version it was built with",
            "why is it compiled twice",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }

    #[test]
    fn a_plural_qualified_by_a_topic_is_the_topic() {
        for q in [
            "which python libraries are installed on this computer",
            "what shared libraries does this binary need",
            "which java collections are thread safe",
            "what data sources does grafana support",
            "which header files are installed with libc",
            "in this instance the archives of the Vatican were opened",
            "the archives of the Vatican",
            "what happened to the libraries of Alexandria",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
        for q in [
            "what libraries are installed",
            "which offline libraries are installed on this kiosk?",
            "what collections are available",
            "list the zim files",
            "show me your knowledge sources",
            "list the archives of this server",
            "which collections of wikipedia do you have",
        ] {
            assert_eq!(crate::parse(q, &[]).intent, Intent::ListArchives, "{q}");
        }
    }

    #[test]
    fn kiwix_serve_is_the_server() {
        for q in [
            "status check before the pipeline run: is kiwix-serve reachable and healthy",
            "is kiwix-serve up",
            "is kiwix serve healthy",
            "is the zim server reachable",
        ] {
            assert_eq!(crate::parse(q, &[]).intent, Intent::Health, "{q}");
        }
        for q in [
            "is the moon reachable by bicycle",
            "how to run kiwix-serve as a systemd service",
            "is kiwix-serve available for raspberry pi",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }

    #[test]
    fn patterns_compile() {
        assert!(SHELL_LISTING.is_some(), "SHELL_LISTING");
        assert!(CONTENT_COUNT.is_some(), "CONTENT_COUNT");
        assert!(METADATA_FIELDS.is_some(), "METADATA_FIELDS");
        assert!(ARCHIVE_WORD.is_some(), "ARCHIVE_WORD");
        assert!(HEALTH.is_some(), "HEALTH");
        assert!(SERVER_MENTION.is_some(), "SERVER_MENTION");
        assert!(ARCHIVE_PLURALS.is_some(), "ARCHIVE_PLURALS");
        assert!(SEARCH_CONNECTORS.is_some(), "SEARCH_CONNECTORS");
        assert!(MAIN_PAGE.is_some(), "MAIN_PAGE");
        assert!(METADATA_STRONG.is_some(), "METADATA_STRONG");
        assert!(METADATA_WEAK.is_some(), "METADATA_WEAK");
        assert!(ARCHIVE_REFERENCE.is_some(), "ARCHIVE_REFERENCE");
        assert!(PRONOUN_REFERENCE.is_some(), "PRONOUN_REFERENCE");
        assert!(ABOUT_ONLY.is_some(), "ABOUT_ONLY");
        assert!(OPEN_ONLY.is_some(), "OPEN_ONLY");
    }

    #[test]
    fn service_cues_the_rules_declined() {
        let ctx = |text| Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        for (intent, q) in [
            ("MainPage", "firefox set home page to blank page"),
            ("Health", "is coffee healthy"),
            ("Metadata", "show the poem's own title and description"),
            ("Metadata", "who is the publisher of Harry Potter"),
        ] {
            assert!(service_cue_declined(intent, &ctx(q)), "{q}");
        }
        for (intent, q) in [
            ("MainPage", "the home page of this archive"),
            ("MainPage", "what archives are loaded"),
            ("Health", "is the zim server healthy"),
            ("Metadata", "the archive's title and description"),
            ("Walk", "firefox set home page to blank page"),
        ] {
            assert!(!service_cue_declined(intent, &ctx(q)), "{q}");
        }
    }
}
