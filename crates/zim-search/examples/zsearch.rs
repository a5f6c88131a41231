//! Runs a list of queries through zim-search and prints the results as JSON, for
//! `scripts/compare_search_libzim.py` and `scripts/bench_search_libzim.py`.
//!
//! Usage: zsearch ARCHIVE (search|suggest|suggest-page) QUERIES_FILE [--limit N] [--repeat N]
//!                [--namespace C] [--mime text/html]
//! QUERIES_FILE has one query per line; empty lines and lines starting with `#` are skipped.
//! `suggest-page` asks for suggestions with a lower-bound total (`ArchiveSearch::suggest_page`)
//! instead of libzim's estimate.
//! Prints one JSON array: `{query, estimated, top: [paths], times_us: [per repetition]}`.

use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Value, json};
use zim_search::{ArchiveSearch, SearchRequest};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Search,
    Suggest,
    SuggestPage,
}

struct Args {
    archive: String,
    mode: Mode,
    queries: String,
    limit: u32,
    repeat: u32,
    namespace: Option<char>,
    mime: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut positional = Vec::new();
    let mut limit = 10;
    let mut repeat = 1;
    let mut namespace = None;
    let mut mime = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--limit" | "--repeat" => {
                let value = args.next().ok_or(format!("{arg} needs a value"))?;
                let number: u32 = value.parse().map_err(|e| format!("{arg} {value}: {e}"))?;
                if arg == "--limit" {
                    limit = number
                } else {
                    repeat = number.max(1)
                }
            }
            "--namespace" => namespace = args.next().and_then(|v| v.chars().next()),
            "--mime" => mime = args.next(),
            _ => positional.push(arg),
        }
    }
    let [archive, mode, queries] = <[String; 3]>::try_from(positional).map_err(|_| {
        "usage: zsearch ARCHIVE (search|suggest|suggest-page) QUERIES_FILE [--limit N] [--repeat N]".to_owned()
    })?;
    let mode = match mode.as_str() {
        "search" => Mode::Search,
        "suggest" => Mode::Suggest,
        "suggest-page" => Mode::SuggestPage,
        other => return Err(format!("unknown mode {other}")),
    };
    Ok(Args {
        archive,
        mode,
        queries,
        limit,
        repeat,
        namespace,
        mime,
    })
}

fn run(args: &Args) -> Result<Value, String> {
    let archive = zim_reader::Archive::open(&args.archive).map_err(|e| e.to_string())?;
    let search = ArchiveSearch::new(archive);
    let text = std::fs::read_to_string(&args.queries).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for query in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut times = Vec::new();
        let mut last = (0u64, Vec::new());
        for _ in 0..args.repeat {
            let start = Instant::now();
            last = if args.mode != Mode::Search {
                let page = if args.mode == Mode::Suggest {
                    search.suggest(query, 0, args.limit)
                } else {
                    search.suggest_page(query, 0, args.limit)
                }
                .map_err(|e| e.to_string())?;
                (
                    page.estimated_total,
                    page.hits.into_iter().map(|h| h.path).collect(),
                )
            } else {
                let request = SearchRequest {
                    namespace: args.namespace,
                    content_type: args.mime.clone(),
                    ..SearchRequest::new(query, 0, args.limit)
                };
                let page = search.search(&request).map_err(|e| e.to_string())?;
                (
                    page.estimated_total,
                    page.hits.into_iter().map(|h| h.path).collect(),
                )
            };
            times.push(u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX));
        }
        out.push(json!({"query": query, "estimated": last.0, "top": last.1, "times_us": times}));
    }
    Ok(json!({"backend": zim_search::backend(), "results": out}))
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| run(&args)) {
        Ok(value) => {
            println!("{value}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("zsearch: {err}");
            ExitCode::FAILURE
        }
    }
}
