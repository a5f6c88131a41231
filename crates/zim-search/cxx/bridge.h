// C++ side of the zim-search bridge: one `XapianIndex` = one open Xapian database embedded in a
// ZIM archive, plus the query parser configured the way libzim configures it. A handle is used by
// one thread at a time (the Rust side pools them), so nothing here locks.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <xapian.h>

#include "rust/cxx.h"

namespace rust {
namespace behavior {
// Xapian::Error does not derive from std::exception: give cxx a message for it too.
template <typename Try, typename Fail>
static void trycatch(Try&& func, Fail&& fail) noexcept try {
  func();
} catch (const Xapian::Error& e) {
  fail(e.get_description());
} catch (const std::exception& e) {
  fail(e.what());
} catch (...) {
  fail("unknown C++ exception");
}
}  // namespace behavior
}  // namespace rust

namespace zimsearch {

struct MatchSet;
struct IndexInfo;
struct QueryPlan;
struct TermFreq;

class XapianIndex {
 public:
  explicit XapianIndex(Xapian::Database database);

  Xapian::Database db;
  Xapian::QueryParser parser;
  Xapian::Stem stemmer;
  std::map<std::string, int> valuesmap;
  bool suggestion_mode;
  // The query parsed by prepare_query, run by run_prepared (a handle serves one thread).
  Xapian::Query prepared;
  bool prepared_ok = false;
};

std::unique_ptr<XapianIndex> open_index(rust::Str path, uint64_t offset);
void configure_index(XapianIndex& index, bool suggestion_mode, rust::Str stem_language);
rust::String index_metadata(const XapianIndex& index, rust::Str key);
IndexInfo index_info(const XapianIndex& index);
MatchSet run_query(XapianIndex& index, rust::Str folded_query, uint32_t offset, uint32_t limit,
                   bool want_estimate, bool want_word_counts);
QueryPlan prepare_query(XapianIndex& index, rust::Str folded_query);
MatchSet run_prepared(XapianIndex& index, uint32_t offset, uint32_t limit, bool want_estimate,
                      bool want_word_counts);
MatchSet run_any_words(XapianIndex& index, rust::Str folded_query, uint32_t limit);
rust::Vec<uint32_t> word_frequencies(XapianIndex& index, rust::Slice<const rust::String> words);
rust::Vec<TermFreq> terms_with_prefix(const XapianIndex& index, rust::Str prefix, uint32_t max);
rust::Vec<int64_t> word_counts(const XapianIndex& index, rust::Slice<const uint32_t> docids);
rust::String make_snippet(XapianIndex& index, rust::Str folded_query, rust::Str text,
                          size_t length);
rust::String xapian_version();

}  // namespace zimsearch
