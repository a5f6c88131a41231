// Implementation of the zim-search bridge. Every entry point may throw: cxx turns any exception
// (Xapian::Error included, through rust_exception_handler below) into a Rust `Err`, so a corrupt
// index fails one call instead of aborting the process.
#include "zim-search/cxx/bridge.h"

#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "zim-search/src/ffi.rs.h"


namespace zimsearch {

namespace {

// libzim's read_valuesmap: "title:0;wordcount:1;geo.position:2". Malformed items are skipped
// (libzim would read past the end of its split vector).
std::map<std::string, int> read_valuesmap(const std::string& text) {
  std::map<std::string, int> result;
  std::istringstream items(text);
  std::string item;
  while (std::getline(items, item, ';')) {
    auto colon = item.find(':');
    if (colon == std::string::npos) continue;
    try {
      result.emplace(item.substr(0, colon), std::stoi(item.substr(colon + 1)));
    } catch (...) {
      // a non-numeric slot: ignore this item, keep the others
    }
  }
  return result;
}

int value_slot(const XapianIndex& index, const char* name) {
  auto found = index.valuesmap.find(name);
  return found == index.valuesmap.end() ? -1 : found->second;
}

// libzim's suggestion query (SuggestionDataBase::parseQuery): a normal parse OR'ed with an exact
// phrase and with a phrase anchored at the start of the title ("0posanchor" is the first term
// of every indexed title).
Xapian::Query parse_suggestion(XapianIndex& index, const std::string& query) {
  const unsigned flags = Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_PARTIAL |
                         Xapian::QueryParser::FLAG_CJK_NGRAM;
  index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
  Xapian::Query xquery = index.parser.parse_query(query, flags);
  if (!query.empty() && xquery.empty()) {
    // only punctuation: libzim matches the raw string as a wildcard
    return Xapian::Query(Xapian::Query::OP_WILDCARD, query);
  }
  if (query.empty()) return xquery;

  index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_NONE);
  Xapian::Query phrase = index.parser.parse_query(query, Xapian::QueryParser::FLAG_CJK_NGRAM);
  phrase = Xapian::Query(Xapian::Query::OP_PHRASE, phrase.get_terms_begin(),
                         phrase.get_terms_end(), phrase.get_length());
  Xapian::Query anchored =
      index.parser.parse_query("0posanchor " + query, Xapian::QueryParser::FLAG_CJK_NGRAM);
  anchored = Xapian::Query(Xapian::Query::OP_PHRASE, anchored.get_terms_begin(),
                           anchored.get_terms_end(), anchored.get_length());
  xquery = Xapian::Query(Xapian::Query::OP_OR, xquery, phrase);
  return Xapian::Query(Xapian::Query::OP_OR, xquery, anchored);
}

Xapian::Query parse(XapianIndex& index, const std::string& query) {
  if (index.suggestion_mode) return parse_suggestion(index, query);
  // libzim's full-text parse: only CJK n-grams on top of the plain syntax (no boolean operators,
  // no quoted phrases, no +/-): OR/AND/NOT are ordinary (stop)words there.
  return index.parser.parse_query(query, Xapian::QueryParser::FLAG_CJK_NGRAM);
}

Xapian::Enquire make_enquire(XapianIndex& index, const Xapian::Query& query) {
  Xapian::Enquire enquire(index.db);
  enquire.set_query(query);
  if (index.suggestion_mode) {
    // Same weighting as libzim's SuggestionSearch: short titles win, repetitions do not.
    enquire.set_weighting_scheme(Xapian::BM25Weight(0.001, 0, 1, 1, 0.5));
    int title = value_slot(index, "title");
    if (title >= 0) enquire.set_sort_by_relevance_then_value(Xapian::valueno(title), false);
    int target = value_slot(index, "targetPath");
    if (target >= 0) enquire.set_collapse_key(Xapian::valueno(target));
  }
  return enquire;
}

int64_t word_count(const XapianIndex& index, const Xapian::Document& doc) {
  std::string value;
  if (index.valuesmap.empty()) {
    value = doc.get_value(3);  // legacy layout, as libzim guesses it
  } else {
    int slot = value_slot(index, "wordcount");
    if (slot < 0) return -1;
    value = doc.get_value(Xapian::valueno(slot));
  }
  if (value.empty()) return -1;
  try {
    return std::stoll(value);
  } catch (...) {
    return -1;
  }
}

}  // namespace

XapianIndex::XapianIndex(Xapian::Database database)
    : db(std::move(database)), stemmer(), suggestion_mode(false) {}

std::unique_ptr<XapianIndex> open_index(rust::Str path, uint64_t offset) {
  std::string file(path);
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw std::runtime_error("cannot open " + file + ": " + std::strerror(errno));
  }
  if (offset > uint64_t(INT64_MAX) || ::lseek(fd, off_t(offset), SEEK_SET) < 0) {
    int err = errno;
    ::close(fd);
    throw std::runtime_error("cannot seek to the index in " + file + ": " + std::strerror(err));
  }
  // Xapian takes ownership of the descriptor and reads the single-file database that starts at
  // the current position.
  return std::make_unique<XapianIndex>(Xapian::Database(fd));
}

void configure_index(XapianIndex& index, bool suggestion_mode, rust::Str stem_language) {
  index.suggestion_mode = suggestion_mode;
  index.valuesmap = read_valuesmap(index.db.get_metadata("valuesmap"));
  index.parser = Xapian::QueryParser();
  index.parser.set_database(index.db);
  index.parser.set_default_op(Xapian::Query::OP_AND);
  std::string language(stem_language);
  try {
    index.stemmer = Xapian::Stem(language);
  } catch (const Xapian::Error&) {
    index.stemmer = Xapian::Stem();  // no stemmer for this language: libzim goes on unstemmed
  }
  index.parser.set_stemmer(index.stemmer);
  if (suggestion_mode) return;

  index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_ALL);
  std::string stopwords = index.db.get_metadata("stopwords");
  if (!stopwords.empty()) {
    auto* stopper = new Xapian::SimpleStopper();
    std::istringstream lines(stopwords);
    std::string word;
    while (std::getline(lines, word, '\n')) stopper->add(word);
    // release(): the parser now owns the stopper through Xapian's reference counting.
    index.parser.set_stopper(stopper->release());
  }
}

rust::String index_metadata(const XapianIndex& index, rust::Str key) {
  std::string value = index.db.get_metadata(std::string(key));
  return rust::String::lossy(value.data(), value.size());
}

IndexInfo index_info(const XapianIndex& index) {
  IndexInfo info;
  info.doc_count = index.db.get_doccount();
  info.has_valuesmap = !index.valuesmap.empty();
  return info;
}

namespace {

// libzim's getEstimatedMatches: an empty MSet that still checks at least 10 documents.
Xapian::doccount libzim_estimate(const Xapian::Enquire& enquire) {
  return enquire.get_mset(0, 0, Xapian::doccount(10)).get_matches_estimated();
}

// libzim's estimate without a match of its own when the answer is known: for a single term the
// bounds of the posting list are both its term frequency, so Xapian's estimate is exactly that
// (no collapsing, no cut-off). Returns false when a match is needed.
bool leaf_estimate(const XapianIndex& index, const Xapian::Query& query, Xapian::doccount& out) {
  if (query.get_type() != Xapian::Query::LEAF_TERM) return false;
  auto term = query.get_terms_begin();
  if (term == query.get_terms_end()) return false;
  out = index.db.get_termfreq(*term);
  return true;
}

// The page MSet proves libzim's estimate when it counted every match and there are fewer than
// the 10 documents that estimate checks: that match also sees them all and reports the exact
// count (only without collapsing: a collapsed estimate is extrapolated).
bool exact_small_estimate(const Xapian::MSet& page, Xapian::doccount& out) {
  Xapian::doccount lower = page.get_matches_lower_bound();
  if (lower != page.get_matches_upper_bound() || lower >= 10) return false;
  out = lower;
  return true;
}

}  // namespace

QueryPlan prepare_query(XapianIndex& index, rust::Str folded_query) {
  QueryPlan plan;
  plan.parse_error = false;
  plan.estimate_work = 0;
  index.prepared = Xapian::Query();
  index.prepared_ok = false;
  try {
    index.prepared = parse(index, std::string(folded_query));
  } catch (const Xapian::QueryParserError& e) {
    // libzim answers a query it cannot parse with no results
    plan.parse_error = true;
    return plan;
  }
  index.prepared_ok = true;
  // Only the full-text estimate match is worth a thread of its own: a single term's estimate is
  // free (leaf_estimate) and suggestions have their own counting path.
  if (index.suggestion_mode || index.prepared.get_type() == Xapian::Query::LEAF_TERM) return plan;
  uint64_t work = 0;
  for (auto term = index.prepared.get_unique_terms_begin();
       term != index.prepared.get_unique_terms_end(); ++term) {
    work += index.db.get_termfreq(*term);
  }
  plan.estimate_work = work;
  return plan;
}

MatchSet run_query(XapianIndex& index, rust::Str folded_query, uint32_t offset, uint32_t limit,
                   bool want_estimate, bool want_word_counts) {
  QueryPlan plan = prepare_query(index, folded_query);
  if (plan.parse_error) {
    MatchSet result;
    result.estimated = 0;
    result.lower_bound = 0;
    result.parse_error = true;
    result.estimate_proven = false;
    return result;
  }
  return run_prepared(index, offset, limit, want_estimate, want_word_counts);
}

MatchSet run_prepared(XapianIndex& index, uint32_t offset, uint32_t limit, bool want_estimate,
                      bool want_word_counts) {
  if (!index.prepared_ok) throw std::logic_error("run_prepared without a prepared query");
  MatchSet result;
  result.estimated = 0;
  result.lower_bound = 0;
  result.parse_error = false;
  result.estimate_proven = false;
  const Xapian::Query& query = index.prepared;
  Xapian::Enquire enquire = make_enquire(index, query);
  if (limit == 0) {
    if (want_estimate) result.estimated = libzim_estimate(enquire);
    return result;
  }
  Xapian::MSet mset;
  bool estimate_known = !want_estimate;
  if (want_estimate && index.suggestion_mode && value_slot(index, "targetPath") >= 0) {
    // libzim's estimate match never fills an MSet, so it never raises its weight threshold and
    // walks every matching title through the collapser, whose duplicate rate scales the
    // estimate. That walk reads two values per title: the collapse key and the title (the sort
    // key). The title only orders documents, and with an empty MSet nothing is ordered (the
    // minimum item stays weight 0 and every match has a positive BM25 weight), so the
    // collapser's counts are the same when sorting by relevance alone: count that way, one value
    // read per title, and take the page from libzim's own pruned match (~8% faster than one
    // shared unpruned walk with both reads; tests/estimate_reuse.rs and the oracle check the
    // totals).
    mset = enquire.get_mset(offset, limit);
    Xapian::Enquire counting = make_enquire(index, query);
    counting.set_sort_by_relevance();
    result.estimated = libzim_estimate(counting);
    estimate_known = true;
  } else {
    Xapian::doccount estimated = 0;
    if (want_estimate && leaf_estimate(index, query, estimated)) {
      result.estimated = estimated;
      estimate_known = true;
    }
    mset = enquire.get_mset(offset, limit);
    if (exact_small_estimate(mset, estimated)) {
      // Proven even when not asked for: a caller computing the estimate elsewhere can stop.
      result.estimated = estimated;
      result.estimate_proven = true;
      estimate_known = true;
    }
  }
  if (!estimate_known) result.estimated = libzim_estimate(enquire);
  // A non-empty page proves `offset + size` matches (an empty one proves nothing about offset).
  result.lower_bound = mset.get_matches_lower_bound();
  if (!mset.empty()) {
    result.lower_bound =
        std::max<Xapian::doccount>(result.lower_bound, Xapian::doccount(offset) + mset.size());
  }
  result.hits.reserve(mset.size());
  // Titles are not read from the "title" value slot: a value read costs ~10k instructions per
  // hit (a value-stream chunk lookup), twice an archive path lookup, and the caller needs the
  // entry anyway (its index); the Rust side takes titles from the entries.
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    Xapian::Document doc = it.get_document();
    Hit hit;
    std::string data = doc.get_data();
    hit.data = rust::String::lossy(data.data(), data.size());
    hit.docid = *it;
    hit.percent = it.get_percent();
    // The word count is a value-slot read (a B-tree lookup): skipped when the caller only
    // needs paths (filter scans), fetched later for the kept hits with word_counts().
    hit.word_count = want_word_counts ? word_count(index, doc) : -1;
    result.hits.push_back(std::move(hit));
  }
  return result;
}

namespace {

// Puts the parser back to libzim's configuration however a best-match parse ends.
struct AnyWordsParse {
  XapianIndex& index;
  ~AnyWordsParse() { index.parser.set_default_op(Xapian::Query::OP_AND); }
};

}  // namespace

MatchSet run_any_words(XapianIndex& index, rust::Str folded_query, uint32_t limit) {
  MatchSet result;
  result.estimated = 0;
  result.lower_bound = 0;
  result.parse_error = false;
  result.estimate_proven = false;
  Xapian::Query query;
  {
    AnyWordsParse restore{index};
    index.parser.set_default_op(Xapian::Query::OP_OR);
    // Titles are indexed unstemmed with stemmed "Z" terms beside them (STEM_SOME matches
    // both); the full-text index as libzim parses it (STEM_ALL, its stop words).
    if (index.suggestion_mode) index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
    try {
      query = index.parser.parse_query(std::string(folded_query),
                                       Xapian::QueryParser::FLAG_CJK_NGRAM);
    } catch (const Xapian::QueryParserError&) {
      result.parse_error = true;
      return result;
    }
  }
  if (query.empty() || limit == 0) return result;
  Xapian::Enquire enquire(index.db);
  enquire.set_query(query);
  // Xapian's default BM25: documents matching more (and rarer) words first, short titles
  // before long ones. Titles of redirects collapse onto their target, as in suggestions.
  if (index.suggestion_mode) {
    int target = value_slot(index, "targetPath");
    if (target >= 0) enquire.set_collapse_key(Xapian::valueno(target));
  }
  Xapian::MSet mset = enquire.get_mset(0, limit);
  result.lower_bound = mset.get_matches_lower_bound();
  result.hits.reserve(mset.size());
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    Xapian::Document doc = it.get_document();
    Hit hit;
    std::string data = doc.get_data();
    hit.data = rust::String::lossy(data.data(), data.size());
    hit.docid = *it;
    hit.percent = it.get_percent();
    hit.word_count = -1;
    result.hits.push_back(std::move(hit));
  }
  return result;
}

rust::Vec<uint32_t> word_frequencies(XapianIndex& index, rust::Slice<const rust::String> words) {
  rust::Vec<uint32_t> out;
  for (const auto& word : words) {
    uint32_t freq = 0;
    try {
      // The word as a query parses it (stemmed, folded). A word the parser makes several
      // terms of (ideographs: their characters and pairs, all wanted) is on at most as many
      // pages as its rarest term: its rarest term counts.
      Xapian::Query query =
          index.parser.parse_query(std::string(word), Xapian::QueryParser::FLAG_CJK_NGRAM);
      bool first = true;
      for (auto term = query.get_unique_terms_begin(); term != query.get_unique_terms_end();
           ++term) {
        uint32_t here = index.db.get_termfreq(*term);
        freq = first ? here : std::min<uint32_t>(freq, here);
        first = false;
      }
    } catch (const Xapian::QueryParserError&) {
      freq = 0;
    }
    out.push_back(freq);
  }
  return out;
}

rust::Vec<TermFreq> terms_with_prefix(const XapianIndex& index, rust::Str prefix, uint32_t max) {
  rust::Vec<TermFreq> out;
  std::string start(prefix);
  if (start.empty()) return out;
  uint32_t seen = 0;
  for (auto it = index.db.allterms_begin(start); it != index.db.allterms_end(start); ++it) {
    if (++seen > max) break;
    std::string term = *it;
    TermFreq tf;
    tf.term = rust::String::lossy(term.data(), term.size());
    tf.freq = it.get_termfreq();
    out.push_back(std::move(tf));
  }
  return out;
}

rust::Vec<int64_t> word_counts(const XapianIndex& index, rust::Slice<const uint32_t> docids) {
  rust::Vec<int64_t> counts;
  for (uint32_t docid : docids) counts.push_back(word_count(index, index.db.get_document(docid)));
  return counts;
}

rust::String make_snippet(XapianIndex& index, rust::Str folded_query, rust::Str text,
                          size_t length) {
  // Xapian's snippet generator matches a word of the text against the query terms and against
  // "Z" + stem(word); the full-text parser stems everything without the Z prefix (STEM_ALL, as
  // libzim), which would leave "blues" unmarked for the term "blue". Parse with STEM_SOME here.
  Xapian::Query query;
  if (index.suggestion_mode) {
    query = parse(index, std::string(folded_query));
  } else {
    index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
    try {
      query = parse(index, std::string(folded_query));
    } catch (...) {
      index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_ALL);
      throw;
    }
    index.parser.set_stemming_strategy(Xapian::QueryParser::STEM_ALL);
  }
  Xapian::Enquire enquire = make_enquire(index, query);
  // The snippet generator needs an MSet of this query (it reads the query terms and their
  // weights from it); one document is enough.
  Xapian::MSet mset = enquire.get_mset(0, 1);
  // flags 0, as libzim's SearchIterator::getSnippet: no background model, highlighted terms in
  // <b>...</b> and "..." where the passage was cut.
  std::string snippet = mset.snippet(std::string(text), length, index.stemmer, 0);
  return rust::String::lossy(snippet.data(), snippet.size());
}

rust::String xapian_version() { return rust::String(Xapian::version_string()); }

}  // namespace zimsearch
