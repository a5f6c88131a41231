//! Compact rendering under a character budget.
//!
//! Content is admitted greedily in priority tiers and then printed in document order:
//! 0. the title and the first lead paragraph (cut to a sentence end if it is longer than
//!    40 % of the budget);
//! 1. the top-level section headings;
//! 2. the first sentence of each top-level section, and of the other lead paragraphs;
//! 3. deeper headings, each with the first sentence of its section (document order);
//! 4. table placeholders (`[Table 2: ..., 9 rows]`);
//! 5. whole first paragraphs of sections and whole lead paragraphs (replacing their
//!    first sentence).
//!
//! Separators count against the budget, so the output never exceeds it. Lists, code,
//! quotes and infoboxes are left out: they are in the full view.

use std::collections::BTreeMap;

use crate::convert::{BlockKind, table_placeholder};
use crate::document::Document;
use crate::text::{first_sentence_end, truncate_chars};

/// A sentence this long is cut further.
const MAX_SENTENCE_CHARS: usize = 300;

struct Candidate {
    block: usize,
    tier: u8,
    text: String,
}

fn first_sentence(p: &str) -> String {
    let end = first_sentence_end(p, 0).unwrap_or(p.len());
    let s = p.get(..end).unwrap_or(p);
    truncate_chars(s, MAX_SENTENCE_CHARS)
}

pub(crate) fn compact_blocks(doc: &Document, budget: usize) -> String {
    let top_level = doc.headings.iter().map(|h| h.level).min().unwrap_or(2);
    let lead_end = doc.lead_end();
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut first_lead = true;
    // The first prose paragraph of each section, keyed by its heading level.
    let mut section_level: Option<u8> = None;
    let mut section_has_first = false;
    for (i, b) in doc.blocks.iter().enumerate() {
        match b.kind {
            BlockKind::Title => candidates.push(Candidate {
                block: i,
                tier: 0,
                text: doc.block_md(i).to_string(),
            }),
            BlockKind::Heading => {
                let tier = if b.level <= top_level { 1 } else { 3 };
                // Deeper headings come with their first sentence (same tier, document order).
                candidates.push(Candidate {
                    block: i,
                    tier,
                    text: doc.block_md(i).to_string(),
                });
                section_level = Some(b.level);
                section_has_first = false;
            }
            BlockKind::Paragraph if b.summary_ok => {
                let p = doc.block_plain(i);
                if p.chars().count() < 2 {
                    continue;
                }
                if i < lead_end {
                    if first_lead {
                        first_lead = false;
                        let cap = budget.saturating_mul(2) / 5;
                        candidates.push(Candidate {
                            block: i,
                            tier: 0,
                            text: truncate_chars(p, cap.max(1)),
                        });
                    } else {
                        candidates.push(Candidate {
                            block: i,
                            tier: 2,
                            text: first_sentence(p),
                        });
                        candidates.push(Candidate {
                            block: i,
                            tier: 5,
                            text: p.to_string(),
                        });
                    }
                } else if !section_has_first {
                    section_has_first = true;
                    // Hatnotes, captions and the like are not `summary_ok`: the
                    // sentence comes from the section's own prose.
                    let tier = if section_level.is_some_and(|l| l <= top_level) {
                        2
                    } else {
                        4
                    };
                    candidates.push(Candidate {
                        block: i,
                        tier,
                        text: first_sentence(p),
                    });
                    candidates.push(Candidate {
                        block: i,
                        tier: 5,
                        text: p.to_string(),
                    });
                }
            }
            BlockKind::Table => {
                if let Some(meta) = &b.table {
                    candidates.push(Candidate {
                        block: i,
                        tier: 4,
                        text: table_placeholder(meta),
                    });
                }
            }
            _ => {}
        }
    }
    candidates.sort_by_key(|c| (c.tier, c.block));
    let mut chosen: BTreeMap<usize, String> = BTreeMap::new();
    let mut used = 0usize;
    for c in candidates {
        let len = c.text.chars().count();
        match chosen.get(&c.block) {
            Some(prev) => {
                // A fuller version of a block already admitted.
                let prev_len = prev.chars().count();
                let extra = len.saturating_sub(prev_len);
                if used.saturating_add(extra) <= budget {
                    used = used.saturating_add(extra);
                    chosen.insert(c.block, c.text);
                }
            }
            None => {
                let sep = if chosen.is_empty() { 0 } else { 2 };
                let cost = len.saturating_add(sep);
                if used.saturating_add(cost) <= budget {
                    used = used.saturating_add(cost);
                    chosen.insert(c.block, c.text);
                }
            }
        }
    }
    if chosen.is_empty() {
        return truncate_chars(&doc.summary(budget), budget);
    }
    chosen.into_values().collect::<Vec<_>>().join("\n\n")
}
