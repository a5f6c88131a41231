//! Prints the parse of each command-line argument, then the average parse time over the labelled
//! set: `cargo run -p zim-intent --example parse -- "summary of Evolution" "in wikipedia: cats"`.

use std::time::Instant;
use zim_intent::{ArchiveName, parse};

fn main() {
    let archives = vec![
        ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles")),
        ArchiveName::new("wikipedia_en_all_maxi_2024-01.zim", Some("Wikipedia")),
        ArchiveName::new("rustdocs.zim", Some("Rust documentation")),
    ];
    for q in std::env::args().skip(1) {
        println!("{q:?}\n  {:?}", parse(&q, &archives));
    }
    let set = include_str!("../data/phrasings.jsonl");
    let queries: Vec<String> = set
        .lines()
        .filter_map(|l| {
            let start = l.find("\"query\": \"")? + 10;
            let end = l.get(start..)?.find("\", \"intent\"")? + start;
            l.get(start..end).map(str::to_string)
        })
        .collect();
    // Warm up the lazily compiled patterns before timing.
    for q in &queries {
        parse(q, &archives);
    }
    let rounds = 20u32;
    let started = Instant::now();
    for _ in 0..rounds {
        for q in &queries {
            std::hint::black_box(parse(q, &archives));
        }
    }
    let per = started.elapsed() / (rounds * queries.len().max(1) as u32);
    println!("{} queries x {rounds}: {per:?} per parse", queries.len());
    let hostile = "search for cats in the archive ".repeat(100 * 1024 / 31);
    let started = Instant::now();
    std::hint::black_box(parse(&hostile, &archives));
    println!("{} KB input: {:?}", hostile.len() / 1024, started.elapsed());
}
