//! The section index: one tantivy document per section of every page (the page's title,
//! the section's heading path, its own text) and one per linked-to page holding the anchor
//! texts of the links that point at it. Searched with field weights, so a question finds
//! the section that answers it, and a page is found by the words others use for it.

use std::path::Path;

use tantivy::collector::TopDocs;
use tantivy::columnar::Column;
use tantivy::query::{BooleanQuery, BoostQuery, Occur, Query, TermQuery};
use tantivy::schema::{
    FAST, Field, IndexRecordOption, STORED, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::error::IndexError;
use crate::readonly::ReadOnlyDirectory;
use zim_render::SectionText;

pub const DIR_NAME: &str = "sections";

/// Field weights: a word in the page's title or the section's headings says more about
/// what the section is about than one in its text; the words other pages link with are
/// names for the page.
pub const TITLE_BOOST: f32 = 2.0;
pub const HEADINGS_BOOST: f32 = 2.0;
pub const BODY_BOOST: f32 = 1.0;
pub const ANCHORS_BOOST: f32 = 1.5;
/// Tokens longer than this are noise (hashes, base64).
const MAX_TOKEN_BYTES: usize = 40;
/// Query words used at most.
const MAX_QUERY_WORDS: usize = 16;

/// The tokenizer name of a language's analyzer (`zim_en`); unknown languages get no stemmer.
fn analyzer_name(language: &str) -> String {
    format!("zim_{}", language_code(language).unwrap_or("xx"))
}

/// A two- or three-letter language code as the two-letter code of a stemmer tantivy has.
fn language_code(language: &str) -> Option<&'static str> {
    let lower = language.to_ascii_lowercase();
    let first = lower.split([',', ';', ' ']).next().unwrap_or("");
    Some(match first {
        "en" | "eng" => "en",
        "fr" | "fra" | "fre" => "fr",
        "de" | "deu" | "ger" => "de",
        "es" | "spa" => "es",
        "it" | "ita" => "it",
        "pt" | "por" => "pt",
        "nl" | "nld" | "dut" => "nl",
        "ru" | "rus" => "ru",
        "sv" | "swe" => "sv",
        "da" | "dan" => "da",
        "fi" | "fin" => "fi",
        "hu" | "hun" => "hu",
        "ro" | "ron" | "rum" => "ro",
        "tr" | "tur" => "tr",
        "el" | "ell" | "gre" => "el",
        "ar" | "ara" => "ar",
        "nb" | "no" | "nob" | "nor" => "no",
        "ta" | "tam" => "ta",
        _ => return None,
    })
}

fn stemmer_language(code: &str) -> Option<Language> {
    Some(match code {
        "en" => Language::English,
        "fr" => Language::French,
        "de" => Language::German,
        "es" => Language::Spanish,
        "it" => Language::Italian,
        "pt" => Language::Portuguese,
        "nl" => Language::Dutch,
        "ru" => Language::Russian,
        "sv" => Language::Swedish,
        "da" => Language::Danish,
        "fi" => Language::Finnish,
        "hu" => Language::Hungarian,
        "ro" => Language::Romanian,
        "tr" => Language::Turkish,
        "el" => Language::Greek,
        "ar" => Language::Arabic,
        "no" => Language::Norwegian,
        "ta" => Language::Tamil,
        _ => return None,
    })
}

const CODES: &[&str] = &[
    "en", "fr", "de", "es", "it", "pt", "nl", "ru", "sv", "da", "fi", "hu", "ro", "tr", "el", "ar",
    "no", "ta", "xx",
];

fn analyzer(code: &str) -> TextAnalyzer {
    let base = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser);
    match stemmer_language(code) {
        Some(lang) => base.filter(Stemmer::new(lang)).build(),
        None => base.build(),
    }
}

/// Registers every language's analyzer on `index` (tokenizers are not stored in the index,
/// only their names).
fn register(index: &Index) {
    for code in CODES {
        index
            .tokenizers()
            .register(&format!("zim_{code}"), analyzer(code));
    }
}

#[derive(Clone, Copy)]
struct Fields {
    entry: Field,
    section: Field,
    title: Field,
    headings: Field,
    body: Field,
    anchors: Field,
}

fn schema(language: &str) -> (Schema, Fields) {
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(&analyzer_name(language))
            .set_index_option(IndexRecordOption::WithFreqs),
    );
    let mut b = Schema::builder();
    let fields = Fields {
        entry: b.add_u64_field("entry", FAST | STORED),
        section: b.add_text_field("section", STORED),
        title: b.add_text_field("title", text.clone()),
        headings: b.add_text_field("headings", text.clone()),
        body: b.add_text_field("body", text.clone()),
        anchors: b.add_text_field("anchors", text),
    };
    (b.build(), fields)
}

fn fields_of(schema: &Schema) -> Result<Fields, IndexError> {
    let f = |name: &str| {
        schema
            .get_field(name)
            .map_err(|_| IndexError::Corrupt(format!("section index: no field {name}")))
    };
    Ok(Fields {
        entry: f("entry")?,
        section: f("section")?,
        title: f("title")?,
        headings: f("headings")?,
        body: f("body")?,
        anchors: f("anchors")?,
    })
}

/// Writes a section index.
pub struct SectionWriter {
    index: Index,
    writer: IndexWriter,
    fields: Fields,
}

impl SectionWriter {
    /// A new index in `dir` (created), for pages in `language` (the archive's `Language`
    /// metadata), with `threads` indexing threads sharing `heap_bytes` of memory.
    pub fn create(
        dir: &Path,
        language: &str,
        threads: usize,
        heap_bytes: usize,
    ) -> Result<Self, IndexError> {
        std::fs::create_dir_all(dir).map_err(|e| IndexError::io(dir, e))?;
        let (schema, fields) = schema(language);
        // The stored fields (entry, section id) compress better with zstd than with lz4;
        // indexes written with lz4 still open (the compressor is recorded in meta.json).
        let settings = tantivy::IndexSettings {
            docstore_compression: tantivy::store::Compressor::Zstd(
                tantivy::store::ZstdCompressor {
                    compression_level: Some(19),
                },
            ),
            ..tantivy::IndexSettings::default()
        };
        let index = Index::builder()
            .schema(schema)
            .settings(settings)
            .create_in_dir(dir)?;
        register(&index);
        let writer = index.writer_with_num_threads(threads.max(1), heap_bytes)?;
        Ok(Self {
            index,
            writer,
            fields,
        })
    }

    /// Opens an existing index in `dir` to add to it.
    pub fn open(dir: &Path, threads: usize, heap_bytes: usize) -> Result<Self, IndexError> {
        let index = Index::open_in_dir(dir)?;
        register(&index);
        let fields = fields_of(&index.schema())?;
        let writer = index.writer_with_num_threads(threads.max(1), heap_bytes)?;
        Ok(Self {
            index,
            writer,
            fields,
        })
    }

    /// Adds a page's sections. Callable from several threads at once.
    pub fn add_page(
        &self,
        entry: u32,
        title: &str,
        sections: &[SectionText],
    ) -> Result<u64, IndexError> {
        let mut added = 0;
        for s in sections {
            let mut doc = TantivyDocument::default();
            doc.add_u64(self.fields.entry, u64::from(entry));
            doc.add_text(self.fields.section, s.id.as_deref().unwrap_or(""));
            doc.add_text(self.fields.title, title);
            doc.add_text(self.fields.headings, s.heading_path.join(" "));
            doc.add_text(self.fields.body, &s.text);
            self.writer.add_document(doc)?;
            added += 1;
        }
        Ok(added)
    }

    /// Adds the anchor texts of the links pointing at `entry`.
    pub fn add_anchors(&self, entry: u32, texts: &str) -> Result<(), IndexError> {
        let mut doc = TantivyDocument::default();
        doc.add_u64(self.fields.entry, u64::from(entry));
        doc.add_text(self.fields.section, "");
        doc.add_text(self.fields.anchors, texts);
        self.writer.add_document(doc)?;
        Ok(())
    }

    /// Commits, merges the segments into one and waits for the merge.
    pub fn finish(mut self) -> Result<(), IndexError> {
        self.writer.commit()?;
        let segments = self.index.searchable_segment_ids()?;
        if segments.len() > 1 {
            self.writer.merge(&segments).wait()?;
        }
        self.writer.wait_merging_threads()?;
        Ok(())
    }
}

/// A section that matches a query.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionHit {
    pub entry: u32,
    /// The section's anchor; `None` for a page's lead or its anchor texts.
    pub section: Option<String>,
    pub score: f32,
}

/// The section index, opened for reading.
pub struct SectionIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    language: String,
}

impl SectionIndex {
    pub fn open(dir: &Path) -> Result<Self, IndexError> {
        let index = Index::open(ReadOnlyDirectory::new(dir))?;
        register(&index);
        let schema = index.schema();
        let fields = fields_of(&schema)?;
        let language = match schema.get_field_entry(fields.body).field_type() {
            tantivy::schema::FieldType::Str(options) => options
                .get_indexing_options()
                .map(|i| i.tokenizer().trim_start_matches("zim_").to_owned())
                .unwrap_or_default(),
            _ => String::new(),
        };
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(Self {
            index,
            reader,
            fields,
            language,
        })
    }

    /// Documents in the index.
    pub fn documents(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// The `limit` best sections for `words` (any of them; BM25 over the weighted fields).
    pub fn search(&self, words: &[String], limit: usize) -> Result<Vec<SectionHit>, IndexError> {
        let mut analyzer = self
            .index
            .tokenizers()
            .get(&format!("zim_{}", self.language))
            .unwrap_or_else(|| analyzer("xx"));
        let mut terms: Vec<String> = Vec::new();
        for word in words.iter().take(MAX_QUERY_WORDS) {
            let mut stream = analyzer.token_stream(word);
            while let Some(token) = stream.next() {
                if !terms.contains(&token.text) {
                    terms.push(token.text.clone());
                }
            }
        }
        if terms.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let f = self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for term in &terms {
            for (field, boost) in [
                (f.title, TITLE_BOOST),
                (f.headings, HEADINGS_BOOST),
                (f.body, BODY_BOOST),
                (f.anchors, ANCHORS_BOOST),
            ] {
                let q = TermQuery::new(
                    Term::from_field_text(field, term),
                    IndexRecordOption::WithFreqs,
                );
                clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(q), boost))));
            }
        }
        let query = BooleanQuery::new(clauses);
        let searcher = self.reader.searcher();
        let top = searcher.search(&query, &TopDocs::with_limit(limit))?;
        let mut hits = Vec::with_capacity(top.len());
        for (score, address) in top {
            let segment = searcher.segment_reader(address.segment_ord);
            let entries: Column<u64> = segment.fast_fields().u64("entry")?;
            let Some(entry) = entries.first(address.doc_id) else {
                continue;
            };
            let Ok(entry) = u32::try_from(entry) else {
                continue;
            };
            let doc: TantivyDocument = searcher.doc(address)?;
            let section = doc
                .get_first(f.section)
                .and_then(|v| v.as_str())
                .filter(|s| !s.is_empty())
                .map(str::to_owned);
            hits.push(SectionHit {
                entry,
                section,
                score,
            });
        }
        Ok(hits)
    }
}
