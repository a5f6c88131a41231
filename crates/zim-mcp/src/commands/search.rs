//! `zim-mcp search | suggest`: the archive's own Xapian indexes (or the title fallbacks), from
//! the command line.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use serde_json::json;
use zim_search::{ArchiveSearch, ResultSource, SearchRequest};

use super::archive::ArchiveArg;

#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// The query, parsed as libzim does (default operator AND, stemming, stop words).
    #[arg(allow_hyphen_values = true)]
    pub query: String,
    #[arg(long, default_value_t = 20)]
    pub limit: u32,
    #[arg(long, default_value_t = 0)]
    pub offset: u32,
    /// Only entries of this namespace (`C`, `A`...).
    #[arg(long)]
    pub namespace: Option<char>,
    /// Only entries whose MIME type starts with this (`text/html`).
    #[arg(long)]
    pub mime: Option<String>,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn search(args: &SearchArgs) -> Result<ExitCode> {
    let searcher = ArchiveSearch::new(args.archive.open()?);
    let request = SearchRequest {
        namespace: args.namespace,
        content_type: args.mime.clone(),
        ..SearchRequest::new(args.query.clone(), args.offset, args.limit)
    };
    let results = searcher.search(&request)?;
    let source = match &results.source {
        ResultSource::Fulltext => "fulltext".to_owned(),
        ResultSource::TitleFallback { reason } => format!("title-fallback ({reason})"),
    };
    if args.json {
        let hits: Vec<_> = results
            .hits
            .iter()
            .map(|h| json!({"rank": h.rank, "path": h.path, "title": h.title, "score": h.score, "word_count": h.word_count}))
            .collect();
        let out = json!({"query": args.query, "estimated_total": results.estimated_total,
            "total_is_exact": results.total_is_exact, "source": source, "hits": hits});
        outln!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        outln!(
            "{} results (estimated), from {source}",
            results.estimated_total
        );
        for h in &results.hits {
            outln!(
                "{:>4}. {:>3}%  {}  [{}]",
                h.rank + 1,
                h.score,
                h.title,
                h.path
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct SuggestArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// The beginning of a title.
    #[arg(allow_hyphen_values = true)]
    pub prefix: String,
    #[arg(long, default_value_t = 10)]
    pub limit: u32,
    #[arg(long, default_value_t = 0)]
    pub offset: u32,
    /// Print the suggestions as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn suggest(args: &SuggestArgs) -> Result<ExitCode> {
    let searcher = ArchiveSearch::new(args.archive.open()?);
    let results = searcher.suggest(&args.prefix, args.offset, args.limit)?;
    let source = format!("{:?}", results.source);
    if args.json {
        let hits: Vec<_> = results
            .hits
            .iter()
            .map(|h| json!({"path": h.path, "title": h.title}))
            .collect();
        let out = json!({"prefix": args.prefix, "estimated_total": results.estimated_total, "source": source, "hits": hits});
        outln!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        outln!("{} suggestions, from {source}", results.estimated_total);
        for h in &results.hits {
            outln!("  {}  [{}]", h.title, h.path);
        }
    }
    Ok(ExitCode::SUCCESS)
}
