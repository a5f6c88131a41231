//! Leave-one-split-out cross-validation of the learned second opinion (`src/learned.rs`): for
//! each split of the labelled sets, the classifier is trained on every other split and the
//! held split is parsed by the rules alone and by the rules with the classifier. The table is
//! printed (`cargo test --profile fast -p zim-intent --test crossval -- --nocapture`, with
//! each learned route and each line still missed); the classifier must never cost a split
//! more than one line, must gain overall, and must route no Search line elsewhere in any
//! split.
//!
//! Only heldout-k was untuned by rules when the classifier was built, so its row is the
//! measure of the classifier on unseen text. Every other split's rules were tuned on it
//! (heldout-l's after its first run, before it joined the training data), so their rows
//! show only that the classifier costs them nothing: heldout-l's, heldout-m's, heldout-n's and
//! heldout-o's cross-validated figures are rules-tuned (each split's rules were fixed after
//! its first run, before it joined the training data), not a measure of unseen text. Last
//! run, with heldout-o in training: heldout-k 190/200 (rules alone 176), heldout-l 198/200
//! (195), heldout-m 200/200 (194), heldout-n 199/200 (193), heldout-o 200/200 (193), 36
//! learned routes over all splits, none wrong, no Search line routed elsewhere. With heldout-o
//! in training, heldout-n's "headings + anchors for Linux kernel" lost its learned route
//! (posterior just under the threshold). heldout-o's first run (before its fixes, trained
//! without it) was 189/200 with rules and classifier.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use common::{Case, archives, load, params};
use std::collections::BTreeMap;
use zim_intent::learned::{Classifier, LEARNED_MARGIN, LEARNED_THRESHOLD};
use zim_intent::parse_with;

/// Per split: lines, intents right by the rules alone, by rules + classifier, arguments
/// (labelled, right alone, right with), learned routes (right, wrong, of them Search lines).
#[derive(Default, Clone, Copy)]
struct Row {
    lines: usize,
    rules: usize,
    with: usize,
    args: usize,
    args_rules: usize,
    args_with: usize,
    learned_right: usize,
    learned_wrong: usize,
    search_lost: usize,
}

impl std::ops::AddAssign for Row {
    fn add_assign(&mut self, o: Self) {
        self.lines += o.lines;
        self.rules += o.rules;
        self.with += o.with;
        self.args += o.args;
        self.args_rules += o.args_rules;
        self.args_with += o.args_with;
        self.learned_right += o.learned_right;
        self.learned_wrong += o.learned_wrong;
        self.search_lost += o.search_lost;
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

/// Cross-validates with the given thresholds; `verbose` prints the learned routes.
fn crossvalidate(
    cases: &[Case],
    threshold: f32,
    margin: f32,
    verbose: bool,
) -> BTreeMap<String, Row> {
    let archives = archives();
    let splits: Vec<String> = {
        let mut s: Vec<String> = cases.iter().map(|c| c.split.clone()).collect();
        s.sort();
        s.dedup();
        s
    };
    let mut table = BTreeMap::new();
    for split in &splits {
        let model = Classifier::train(
            cases
                .iter()
                .filter(|c| &c.split != split)
                .map(|c| (c.query.as_str(), c.intent.as_str())),
        )
        .with_thresholds(threshold, margin);
        let mut row = Row::default();
        for c in cases.iter().filter(|c| &c.split == split) {
            let alone = parse_with(&c.query, &archives, None);
            let with = parse_with(&c.query, &archives, Some(&model));
            let args_ok = |p: &zim_intent::ParsedIntent| {
                p.intent.name() == c.intent && {
                    let got = params(&p.intent);
                    c.args.iter().all(|(k, v)| got.get(k) == Some(v))
                }
            };
            row.lines += 1;
            row.rules += usize::from(alone.intent.name() == c.intent);
            row.with += usize::from(with.intent.name() == c.intent);
            if !c.args.is_empty() {
                row.args += 1;
                row.args_rules += usize::from(args_ok(&alone));
                row.args_with += usize::from(args_ok(&with));
            }
            if verbose && with.intent.name() != c.intent {
                println!(
                    "  [{split}] miss {} -> {:?} ({}): {:?}",
                    c.intent, with.intent, with.explanation, c.query
                );
            }
            if with.learned {
                let right = with.intent.name() == c.intent;
                row.learned_right += usize::from(right);
                row.learned_wrong += usize::from(!right);
                row.search_lost += usize::from(c.intent == "Search");
                if verbose {
                    println!(
                        "  [{split}] {} unseen={} {} -> {:?} ({}): {:?}",
                        if right { "ok " } else { "BAD" },
                        model.unseen_words(&c.query),
                        c.intent,
                        with.intent,
                        with.explanation,
                        c.query
                    );
                }
            }
        }
        table.insert(split.clone(), row);
    }
    table
}

#[test]
fn leave_one_split_out() {
    let cases = load();
    let started = std::time::Instant::now();
    let model = Classifier::train(cases.iter().map(|c| (c.query.as_str(), c.intent.as_str())));
    println!(
        "training on {} lines: {:?} (this build profile)",
        cases.len(),
        started.elapsed()
    );
    std::hint::black_box(model);
    let table = crossvalidate(&cases, LEARNED_THRESHOLD, LEARNED_MARGIN, true);
    println!(
        "{:<10} {:>5} {:>14} {:>14} {:>12} {:>12} {:>7} {:>7} {:>7}",
        "split",
        "lines",
        "rules alone",
        "rules+learned",
        "args alone",
        "args+learned",
        "routed",
        "wrong",
        "search"
    );
    let mut total = Row::default();
    for (split, r) in &table {
        total += *r;
        println!(
            "{:<10} {:>5} {:>5} {:>6.1}% {:>5} {:>6.1}% {:>4} {:>6.1}% {:>4} {:>6.1}% {:>7} {:>7} {:>7}",
            split,
            r.lines,
            r.rules,
            pct(r.rules, r.lines),
            r.with,
            pct(r.with, r.lines),
            r.args_rules,
            pct(r.args_rules, r.args),
            r.args_with,
            pct(r.args_with, r.args),
            r.learned_right + r.learned_wrong,
            r.learned_wrong,
            r.search_lost
        );
    }
    println!(
        "{:<10} {:>5} {:>5} {:>6.1}% {:>5} {:>6.1}% {:>4} {:>6.1}% {:>4} {:>6.1}% {:>7} {:>7} {:>7}",
        "all",
        total.lines,
        total.rules,
        pct(total.rules, total.lines),
        total.with,
        pct(total.with, total.lines),
        total.args_rules,
        pct(total.args_rules, total.args),
        total.args_with,
        pct(total.args_with, total.args),
        total.learned_right + total.learned_wrong,
        total.learned_wrong,
        total.search_lost
    );
    for (split, r) in &table {
        assert!(
            r.with + 1 >= r.rules,
            "split {split}: rules + classifier {} < rules alone {} - 1",
            r.with,
            r.rules
        );
    }
    assert!(total.with > total.rules, "the classifier gains nothing");
    for (split, r) in &table {
        assert_eq!(
            r.search_lost, 0,
            "split {split}: {} Search line(s) routed elsewhere by the classifier",
            r.search_lost
        );
    }
}

/// The threshold sweep the routing threshold was chosen from (printed; run with
/// `--ignored --nocapture`).
#[test]
#[ignore = "slow sweep; run by hand when retuning"]
fn threshold_sweep() {
    let cases = load();
    println!("threshold  right wrong search-lost  intent");
    for threshold in [0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99] {
        let table = crossvalidate(&cases, threshold, LEARNED_MARGIN, false);
        let mut t = Row::default();
        for r in table.values() {
            t += *r;
        }
        println!(
            "{threshold:>9} {:>6} {:>5} {:>11}  {}/{} = {:.1}%",
            t.learned_right,
            t.learned_wrong,
            t.search_lost,
            t.with,
            t.lines,
            pct(t.with, t.lines)
        );
    }
}
