//! Labelled sets the router was never trained on and whose misses were not fixed one by one:
//! they are not in `learned::LABELLED_SETS`, so the learned second opinion has never seen
//! them, and each is kept as an honest measure of what new writers bring.
//!
//! - `data/phrasings-heldout-y.jsonl` (200 lines by a nineteenth separate writer): only two
//!   general causes of its first-run misses were fixed (requests written in XML-like tags,
//!   command-line calls of a ZIM client). First run 165/200 (82.5%), no search routed
//!   elsewhere; after those two causes 188/200, and 191/200 after the later rounds.
//! - `data/phrasings-heldout-z16.jsonl` (200 lines by a thirty-fifth writer, asked for
//!   ordinary traffic rather than unusual styles: students, researchers, sysadmins,
//!   travellers, agents as they are): first run 193/200 (96.5%), no search routed elsewhere,
//!   nothing fixed after it.
//! - `data/phrasings-heldout-z17.jsonl` (200 lines by a thirty-sixth writer, asked for an
//!   ordinary week of a deployment: a school, a library, a ship, a clinic, an office, agents
//!   as they call the tool): first run 195/200 (97.5%), no search routed elsewhere, nothing
//!   fixed after it.
//! - `data/phrasings-heldout-z18.jsonl` (200 lines by a thirty-seventh writer, asked for
//!   ordinary traffic of a rural school and a refugee-camp learning centre writing English as
//!   a second language, a research vessel, a public library, agents): first run 197/200
//!   (98.5%), no search routed elsewhere, nothing fixed after it.
//! - `data/phrasings-heldout-z22.jsonl` (200 lines by a forty-first writer, asked for
//!   ordinary traffic of a prison education programme, an oil platform's crew, a rural health
//!   post, a homeschooling family, a museum, a library's night desk, agents): first run
//!   198/200 (99.0%), no search routed elsewhere, nothing fixed after it.
//!
//! `data/phrasings-heldout-z20.jsonl` (ordinary requests in 18 other languages) was kept here
//! after its first run, 136/200, then became the development round of the languages' view
//! shapes and phrases; it is trained on now.
//!
//! - `data/phrasings-heldout-z21.jsonl` (200 lines by a fortieth writer, ordinary requests in
//!   16 other languages, written after the z20 round): first run 141/200 (70.5%; the code
//!   before the z20 round read 134), five searches routed elsewhere, all five the same
//!   cause: a view's noun in a request that asks about the world in its own language's words
//!   ("la structure de l'ADN expliquée simplement", "Inhaltsverzeichnis in Word automatisch
//!   erstellen"). That cause was fixed (`glossary::asks_the_world_abroad`); the commands it
//!   misses were not: 146/200, no search routed elsewhere. The word-by-word reading
//!   (`word_gloss.rs`, written after looking at its misses and z23's) reads 164.
//! - `data/phrasings-heldout-z23.jsonl` (200 lines by a forty-second writer, ordinary
//!   requests in 18 other languages, a third of them Chinese, Arabic, Japanese, Korean,
//!   Hindi and Swahili): first run 144/200 (72.0%), four searches routed elsewhere (a
//!   view's noun before a lowercase topic: "resumen de las causas de la guerra civil
//!   española para un trabajo del cole"). That cause was fixed, and the command words of
//!   fourteen languages are read word by word: 158/200, no search routed elsewhere.
//! - `data/phrasings-heldout-z24.jsonl` (200 lines by a forty-third writer, ordinary requests
//!   in 13 other languages of the places that run such servers, 79 of its searches holding a
//!   view's word as their topic), written after the word-by-word reading and run once before
//!   it was looked at: 155/200 (the session's first build: 147), nine searches routed
//!   elsewhere, all but one a summary wanted for the writer's studies ("résumé de Germinal
//!   pour le bac de français", "краткое содержание «Войны и мира» по главам"). That cause
//!   was fixed in English and the other languages (and a view's noun read word by word now
//!   needs a noun for an article or quotes); the commands it misses were not: 164/200.
//! - `data/phrasings-heldout-z25.jsonl` (200 lines by a forty-fourth writer, ordinary
//!   requests in Chinese (Simplified and Traditional, some Cantonese), Japanese, Korean and
//!   Arabic, 50 each, half of them searches holding a service's word as their topic): 116/200
//!   with the build before [`script_gloss`]'s reading, 144/200 on its first run with it (no
//!   search routed elsewhere); its misses were then read, and the lexicon and word order
//!   fixed by their general causes: 169/200.
//! - `data/phrasings-heldout-z26.jsonl` (200 lines by a forty-fifth writer, the same four
//!   languages, written at the same time and kept sealed until the reading was done): 112/200
//!   with the build before it, 152/200 on its first run, four searches routed elsewhere (a
//!   how-to with the service's words: "홈페이지 만드는 방법 알려줘"; a summary wanted for a
//!   book report). Only that cause was fixed (a question about the world or the asker's
//!   studies declines the reading): 156/200, no search routed elsewhere. Its command misses
//!   were then read as the development round of the reading's second version (vocabulary,
//!   entry paths and archive file names, names side by side, a title said before its noun,
//!   one-ideograph words kept to their language; a fetch named by its entry's path): 177/200.
//! - `data/phrasings-heldout-z27.jsonl` (200 lines by a forty-sixth writer, the same four
//!   languages; pharmacists, teachers, clerks, agents' terse notes), written after the first
//!   version and never looked at line by line: 110/200 with the build before the reading,
//!   149 with its first version, 155 after z26's round, 156 with the version committed with
//!   it; no search routed elsewhere in any. Its misses were read only after that, for the
//!   issue's note, and none was fixed (terse "目录：X" and "X 요약" forms, reported speech,
//!   walks read as browses, links said with "from"). The eighth session then took those
//!   misses as its development round (a name set off by a colon or a space counts as named,
//!   reported speech, the section of an article said with "in", a title said to be exactly a
//!   name, archives listed in the plural, vocabulary; links asked in English's order, "all"
//!   said among a verb's adjuncts): 191/200.
//! - `data/phrasings-heldout-z28.jsonl` (200 lines by a forty-seventh writer, the same four
//!   languages, asked for casual, polite, terse agent and reported requests, entry paths and
//!   archive files), written at the start of the eighth session and sealed: 115/200 with the
//!   build before [`script_gloss`], 153/200 (one search routed elsewhere) on its first run
//!   with the committed build, 168/200 (no search routed elsewhere) after z27's round, scored
//!   at each build. Its misses were then shown once by a scoring script's slip, after that
//!   figure, and nothing was changed after it: a next round needs a new sealed set. The
//!   ninth session took its misses as its development round (vocabulary: "for me" clitics of
//!   spoken Arabic, polite Korean questions, title index and outgoing links in Japanese;
//!   key=value arguments, a particle written apart after a path, relation words after an
//!   article's noun): 198/200.
//! - `data/phrasings-heldout-z29.jsonl` (200 lines by a forty-eighth writer, the same four
//!   languages, 80 searches, every other operation about twice per language), written at the
//!   start of the ninth session and sealed: 173/200 on its first run with the committed
//!   build (commands 93 of 120, no search routed elsewhere), 181/200 (commands 101 of 120, no
//!   search routed elsewhere) after z28's round. Its misses were not read.
//!
//! [`script_gloss`]: the word-by-word reading of Chinese, Japanese, Korean and Arabic
//! (`src/script_gloss.rs`).
//!
//! The tests assert the figures do not fall and that no search is routed elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use zim_intent::parse;

/// heldout-z18's and z21 to z26's figures with this build, routed with no archive served.
const FLOOR_Z18: usize = 197;
const FLOOR_Z21: usize = 172;
const FLOOR_Z23: usize = 180;
const FLOOR_Z24: usize = 164;
const FLOOR_Z25: usize = 192;
const FLOOR_Z26: usize = 190;
const FLOOR_Z27: usize = 194;
const FLOOR_Z28: usize = 198;
const FLOOR_Z29: usize = 181;
const FLOOR_Z22: usize = 198;

/// Routes every line of a set; returns the lines right and the searches routed elsewhere.
fn route_set(name: &str, lines: &str) -> (usize, usize, Vec<String>) {
    let (mut ok, mut total, mut searches_elsewhere) = (0, 0, Vec::new());
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("valid JSON line");
        let query = v["query"].as_str().expect("query");
        let want = v["intent"].as_str().expect("intent");
        let got = parse(query, &[]).intent.name();
        total += 1;
        if got == want {
            ok += 1;
        } else {
            println!("[{name}] miss {want} -> {got}: {query:?}");
            if want == "Search" {
                searches_elsewhere.push(query.to_string());
            }
        }
    }
    println!("[{name}] never trained on: {ok}/{total}");
    (ok, total, searches_elsewhere)
}

/// A set of 200 lines routes at least `floor` of them as labelled, and no search elsewhere.
fn holds(name: &str, lines: &str, floor: usize) {
    let (ok, total, elsewhere) = route_set(name, lines);
    assert_eq!(total, 200);
    assert!(ok >= floor, "{ok}/{total}");
    assert!(elsewhere.is_empty(), "{elsewhere:?}");
}

#[test]
fn a_set_never_trained_on_routes_as_labelled() {
    holds(
        "heldout-y",
        include_str!("../data/phrasings-heldout-y.jsonl"),
        190,
    );
}

#[test]
fn ordinary_traffic_never_trained_on_routes_as_labelled() {
    holds(
        "heldout-z16",
        include_str!("../data/phrasings-heldout-z16.jsonl"),
        193,
    );
}

#[test]
fn an_ordinary_week_never_trained_on_routes_as_labelled() {
    holds(
        "heldout-z17",
        include_str!("../data/phrasings-heldout-z17.jsonl"),
        195,
    );
}

#[test]
fn ordinary_second_language_traffic_never_trained_on_routes_as_labelled() {
    holds(
        "heldout-z18",
        include_str!("../data/phrasings-heldout-z18.jsonl"),
        FLOOR_Z18,
    );
}

#[test]
fn requests_in_other_languages_never_trained_on_keep_searches_searches() {
    holds(
        "heldout-z21",
        include_str!("../data/phrasings-heldout-z21.jsonl"),
        FLOOR_Z21,
    );
}

#[test]
fn another_ordinary_month_never_trained_on_routes_as_labelled() {
    holds(
        "heldout-z22",
        include_str!("../data/phrasings-heldout-z22.jsonl"),
        FLOOR_Z22,
    );
}

#[test]
fn requests_in_other_languages_by_a_new_writer_route_as_labelled() {
    holds(
        "heldout-z23",
        include_str!("../data/phrasings-heldout-z23.jsonl"),
        FLOOR_Z23,
    );
}

#[test]
fn requests_of_the_places_that_run_servers_in_their_languages_route_as_labelled() {
    holds(
        "heldout-z24",
        include_str!("../data/phrasings-heldout-z24.jsonl"),
        FLOOR_Z24,
    );
}

#[test]
fn requests_in_chinese_japanese_korean_and_arabic_route_as_labelled() {
    holds(
        "heldout-z25",
        include_str!("../data/phrasings-heldout-z25.jsonl"),
        FLOOR_Z25,
    );
}

#[test]
fn a_sealed_set_in_chinese_japanese_korean_and_arabic_routes_as_labelled() {
    holds(
        "heldout-z26",
        include_str!("../data/phrasings-heldout-z26.jsonl"),
        FLOOR_Z26,
    );
}

#[test]
fn a_set_in_those_languages_sealed_while_the_last_was_fixed_routes_as_labelled() {
    holds(
        "heldout-z28",
        include_str!("../data/phrasings-heldout-z28.jsonl"),
        FLOOR_Z28,
    );
}

#[test]
fn a_set_in_those_languages_sealed_in_the_ninth_session_routes_as_labelled() {
    holds(
        "heldout-z29",
        include_str!("../data/phrasings-heldout-z29.jsonl"),
        FLOOR_Z29,
    );
}

#[test]
fn a_set_in_those_languages_read_after_its_first_figures_routes_as_labelled() {
    holds(
        "heldout-z27",
        include_str!("../data/phrasings-heldout-z27.jsonl"),
        FLOOR_Z27,
    );
}
