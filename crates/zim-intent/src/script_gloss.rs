//! Requests in Chinese, Japanese, Korean and Arabic read word by word, in English.
//!
//! [`crate::word_gloss`] finds a language's command words as whole words between spaces.
//! These four scripts hide them: Chinese and Japanese put no spaces between words, Korean
//! fastens its particles to the word before ("문서의", "목차를"), Arabic its article and
//! conjunctions to the word after ("والمقالة"). So the words are found here by the longest
//! entry of a lexicon at each place (particles only at a Korean word's end, clitics peeled
//! off an Arabic word), and what no entry reads is kept as written: the names.
//!
//! Chinese, Japanese and Korean also put the owner before what it owns ("「京都」の記事の目次",
//! "《长城》这篇文章的结构", "'서울' 문서의 구조") and Japanese and Korean the verb last. The
//! English is written in the order the rules read: the verbs first, then the parts joined by
//! "of" from the last owned to the first owner, the noun for an article before its name
//! ("show table of contents of article "京都""). Arabic already orders a noun before its
//! owner; "of" is written between them ("ملخص مقالة X" -> "summary of article X").
//!
//! The lexicon holds the service's vocabulary (the nouns for an article, a section, the table
//! of contents, links, the archive, the server; the request verbs; "which", "all", "first",
//! question words), never a phrasing. As with the other languages, the reading is the last one
//! tried, and its operation is taken only by the checks `lib.rs` applies to a word-by-word
//! reading (a view or a fetch needs a noun for an article, a quoted name or a path). A request
//! holding a question word about the world ("方法", "어떻게", "كيف") or the asker's studies
//! ("作业", "독후감") is not read: the service's words in it are its topic.

use std::collections::HashMap;
use std::sync::LazyLock;

/// What a lexicon entry is to the English written out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A command noun or adjective ("table of contents", "metadata", "related").
    Noun,
    /// A noun for an article: written before its name.
    Article,
    /// A request verb: written first.
    Verb,
    /// The genitive ("の", "的", "의"): what follows is owned by what comes before.
    Of,
    /// "and" between names.
    And,
    /// Grammar with no English (object markers, politeness, measure words).
    Drop,
    /// A word kept in place in English ("which", "all", "how").
    Word,
    /// The object marker of Japanese and Korean ("を", "를"): after it come the verb's
    /// adjuncts ("アンカー付きで", "앵커와 함께"), written after the object in English.
    Object,
    /// A word of a question about the world ("如何", "方法", "어떻게", "لماذا") or of the
    /// asker's studies ("作业", "독후감"): the service's words in such a request are its
    /// topic, and the reading is declined.
    World,
    /// A postposition whose object comes before it ("「東」で始まる" -> "starting with "東"").
    After,
}

/// (word, kind, English). Chinese (both scripts) and Japanese entries are found anywhere in
/// a run of those scripts; Korean ones inside a word, particles ([`KOREAN_PARTICLES`]) only
/// at its end; Arabic ones as whole words after their clitics are peeled off.
const LEXICON: &[(&str, Kind, &str)] = &[
    // ---- Chinese (Simplified and Traditional)
    ("这篇文章", Kind::Article, "article"),
    ("這篇文章", Kind::Article, "article"),
    ("这篇条目", Kind::Article, "article"),
    ("這篇條目", Kind::Article, "article"),
    ("这个条目", Kind::Article, "article"),
    ("這個條目", Kind::Article, "article"),
    ("这篇", Kind::Article, "article"),
    ("這篇", Kind::Article, "article"),
    ("文章", Kind::Article, "article"),
    ("条目", Kind::Article, "article"),
    ("條目", Kind::Article, "article"),
    ("词条", Kind::Article, "article"),
    ("詞條", Kind::Article, "article"),
    ("页面", Kind::Article, "page"),
    ("頁面", Kind::Article, "page"),
    ("网页", Kind::Word, "web page"),
    ("網頁", Kind::Word, "web page"),
    ("目录", Kind::Noun, "table of contents"),
    ("目錄", Kind::Noun, "table of contents"),
    ("摘要", Kind::Noun, "summary"),
    ("概要", Kind::Noun, "summary"),
    ("简介", Kind::Noun, "summary"),
    ("簡介", Kind::Noun, "summary"),
    ("概括", Kind::Verb, "summarize"),
    ("总结", Kind::Verb, "summarize"),
    ("總結", Kind::Verb, "summarize"),
    ("章节", Kind::Noun, "section"),
    ("章節", Kind::Noun, "section"),
    ("小节", Kind::Noun, "section"),
    ("小節", Kind::Noun, "section"),
    ("部分", Kind::Noun, "section"),
    ("段落", Kind::Noun, "section"),
    ("结构", Kind::Noun, "structure"),
    ("結構", Kind::Noun, "structure"),
    ("标题", Kind::Noun, "title"),
    ("標題", Kind::Noun, "title"),
    ("锚点", Kind::Noun, "anchors"),
    ("錨點", Kind::Noun, "anchors"),
    ("链接到", Kind::Word, "link to"),
    ("鏈接到", Kind::Word, "link to"),
    ("連結到", Kind::Word, "link to"),
    ("链接", Kind::Noun, "links"),
    ("鏈接", Kind::Noun, "links"),
    ("連結", Kind::Noun, "links"),
    ("相关", Kind::After, "related to"),
    ("相關", Kind::After, "related to"),
    ("元数据", Kind::Noun, "metadata"),
    ("元資料", Kind::Noun, "metadata"),
    ("元數據", Kind::Noun, "metadata"),
    ("主页", Kind::Noun, "main page"),
    ("主頁", Kind::Noun, "main page"),
    ("首页", Kind::Noun, "main page"),
    ("首頁", Kind::Noun, "main page"),
    ("服务器", Kind::Noun, "server"),
    ("服務器", Kind::Noun, "server"),
    ("伺服器", Kind::Noun, "server"),
    ("状态", Kind::Noun, "status"),
    ("狀態", Kind::Noun, "status"),
    ("运行", Kind::Word, "running"),
    ("運行", Kind::Word, "running"),
    ("在线", Kind::Word, "online"),
    ("在線", Kind::Word, "online"),
    ("档案", Kind::Noun, "archive"),
    ("檔案", Kind::Noun, "archive"),
    ("存档", Kind::Noun, "archive"),
    ("存檔", Kind::Noun, "archive"),
    ("文件", Kind::Noun, "file"),
    ("加载", Kind::Word, "loaded"),
    ("載入", Kind::Word, "loaded"),
    ("载入", Kind::Word, "loaded"),
    ("可用", Kind::Word, "available"),
    ("哪些", Kind::Word, "which"),
    ("哪个", Kind::Word, "which"),
    ("哪個", Kind::Word, "which"),
    ("什么", Kind::Word, "what"),
    ("什麼", Kind::Word, "what"),
    ("怎么", Kind::World, "how"),
    ("怎麼", Kind::World, "how"),
    ("如何", Kind::World, "how"),
    ("怎样", Kind::World, "how"),
    ("怎樣", Kind::World, "how"),
    ("为什么", Kind::World, "why"),
    ("為什麼", Kind::World, "why"),
    ("给我看", Kind::Verb, "show me"),
    ("给我", Kind::Verb, "give me"),
    ("給我", Kind::Verb, "give me"),
    ("上有", Kind::Word, "has"),
    ("有哪些", Kind::Word, "which"),
    ("还在", Kind::Word, "still"),
    ("還在", Kind::Word, "still"),
    ("怎么样", Kind::Word, "how is"),
    ("怎麼樣", Kind::Word, "how is"),
    ("篇", Kind::Drop, ""),
    ("了", Kind::Drop, ""),
    ("这", Kind::Drop, ""),
    ("這", Kind::Drop, ""),
    ("可以", Kind::Drop, ""),
    ("是不是", Kind::Drop, ""),
    ("那個", Kind::Drop, ""),
    ("那个", Kind::Drop, ""),
    ("取出来", Kind::Verb, "fetch"),
    ("调出来", Kind::Verb, "fetch"),
    ("調出來", Kind::Verb, "fetch"),
    ("看一下", Kind::Verb, "show"),
    ("章节目录", Kind::Noun, "table of contents"),
    ("章節目錄", Kind::Noun, "table of contents"),
    ("层级", Kind::Noun, "hierarchy"),
    ("層級", Kind::Noun, "hierarchy"),
    ("代用户", Kind::Drop, ""),
    ("代用戶", Kind::Drop, ""),
    ("带", Kind::Word, "with"),
    ("帶", Kind::Word, "with"),
    ("里", Kind::Word, "in"),
    ("裡", Kind::Word, "in"),
    ("正好", Kind::Word, "exactly"),
    ("精确", Kind::Word, "exactly"),
    ("精確", Kind::Word, "exactly"),
    ("还", Kind::Drop, ""),
    ("還", Kind::Drop, ""),
    ("还有", Kind::Drop, ""),
    ("還有", Kind::Drop, ""),
    ("是否完整", Kind::Noun, "integrity"),
    ("维基百科", Kind::Word, "Wikipedia"),
    ("維基百科", Kind::Word, "Wikipedia"),
    ("语言", Kind::Noun, "language"),
    ("語言", Kind::Noun, "language"),
    ("取出來", Kind::Verb, "fetch"),
    ("取出", Kind::Verb, "fetch"),
    ("想看", Kind::Verb, "show"),
    ("查一下", Kind::Verb, "find"),
    ("查下", Kind::Verb, "find"),
    ("检查", Kind::Verb, "check"),
    ("檢查", Kind::Verb, "check"),
    ("完整性", Kind::Noun, "integrity"),
    ("一次性", Kind::Word, "at once"),
    ("随便", Kind::Word, "some random"),
    ("隨便", Kind::Word, "some random"),
    ("几个", Kind::Word, "a few"),
    ("幾個", Kind::Word, "a few"),
    ("有没有", Kind::Verb, "is there"),
    ("有沒有", Kind::Verb, "is there"),
    ("是否存在", Kind::Word, "exists"),
    ("存不存在", Kind::Word, "exists"),
    ("存唔存在", Kind::Word, "exists"),
    ("叫", Kind::Word, "called"),
    ("嘅", Kind::Of, ""),
    ("有咩", Kind::Word, "which"),
    ("建议", Kind::Noun, "suggestions"),
    ("建議", Kind::Noun, "suggestions"),
    ("现在", Kind::Word, "now"),
    ("現在", Kind::Word, "now"),
    ("正常", Kind::Word, "normally"),
    ("挂了", Kind::Word, "down"),
    ("掛了", Kind::Word, "down"),
    ("服务器上", Kind::Noun, "on the server"),
    ("伺服器上", Kind::Noun, "on the server"),
    ("服務器上", Kind::Noun, "on the server"),
    ("那篇文章", Kind::Article, "article"),
    ("那篇", Kind::Article, "article"),
    ("里面", Kind::Word, "in"),
    ("裡面", Kind::Word, "in"),
    ("一节", Kind::Noun, "section"),
    ("一節", Kind::Noun, "section"),
    ("一段", Kind::Noun, "section"),
    ("那一节", Kind::Noun, "section"),
    ("那一節", Kind::Noun, "section"),
    ("那一段", Kind::Noun, "section"),
    ("給我看", Kind::Verb, "show me"),
    ("显示", Kind::Verb, "show"),
    ("顯示", Kind::Verb, "show"),
    ("展示", Kind::Verb, "show"),
    ("看看", Kind::Verb, "show"),
    ("列出", Kind::Verb, "list"),
    ("打开", Kind::Verb, "open"),
    ("打開", Kind::Verb, "open"),
    ("获取", Kind::Verb, "fetch"),
    ("獲取", Kind::Verb, "fetch"),
    ("取得", Kind::Verb, "fetch"),
    ("查找", Kind::Verb, "find"),
    ("查詢", Kind::Verb, "find"),
    ("查询", Kind::Verb, "find"),
    ("搜索", Kind::Verb, "search for"),
    ("搜尋", Kind::Verb, "search for"),
    ("遍历", Kind::Verb, "walk through"),
    ("遍歷", Kind::Verb, "walk through"),
    ("自动补全", Kind::Verb, "autocomplete"),
    ("自動補全", Kind::Verb, "autocomplete"),
    ("补全", Kind::Verb, "autocomplete"),
    ("補全", Kind::Verb, "autocomplete"),
    ("开头", Kind::After, "starting with"),
    ("開頭", Kind::After, "starting with"),
    ("全文", Kind::Noun, "full text"),
    ("完整内容", Kind::Noun, "full text"),
    ("完整內容", Kind::Noun, "full text"),
    ("命名空间", Kind::Noun, "namespace"),
    ("命名空間", Kind::Noun, "namespace"),
    ("所有", Kind::Word, "all"),
    ("这个", Kind::Word, "this"),
    ("作业", Kind::World, "homework"),
    ("作業", Kind::World, "homework"),
    ("功课", Kind::World, "homework"),
    ("功課", Kind::World, "homework"),
    ("论文", Kind::World, "thesis"),
    ("論文", Kind::World, "thesis"),
    ("考试", Kind::World, "exam"),
    ("考試", Kind::World, "exam"),
    ("报告", Kind::World, "report"),
    ("報告", Kind::World, "report"),
    ("读后感", Kind::World, "book report"),
    ("讀後感", Kind::World, "book report"),
    ("這個", Kind::Word, "this"),
    ("此", Kind::Word, "this"),
    ("该", Kind::Word, "this"),
    ("該", Kind::Word, "this"),
    ("方法", Kind::World, "how to"),
    ("怎么做", Kind::World, "how to"),
    ("怎麼做", Kind::World, "how to"),
    ("全部", Kind::Word, "all"),
    ("一起", Kind::Word, "together"),
    ("的", Kind::Of, ""),
    ("和", Kind::And, "and"),
    ("与", Kind::And, "and"),
    ("與", Kind::And, "and"),
    ("以及", Kind::And, "and"),
    ("把", Kind::Drop, ""),
    ("请", Kind::Drop, ""),
    ("請", Kind::Drop, ""),
    ("一下", Kind::Drop, ""),
    ("吗", Kind::Drop, ""),
    ("嗎", Kind::Drop, ""),
    ("呢", Kind::Drop, ""),
    ("吧", Kind::Drop, ""),
    // Reported requests ("用户请求：…", "用户想要…"): who asks is no word of the request.
    ("用户", Kind::Drop, ""),
    ("用戶", Kind::Drop, ""),
    ("请求", Kind::Drop, ""),
    ("請求", Kind::Drop, ""),
    ("要求", Kind::Drop, ""),
    ("希望", Kind::Drop, ""),
    ("想要", Kind::Verb, "show"),
    ("相关条目", Kind::Noun, "related articles"),
    ("标题层级", Kind::Noun, "heading structure"),
    ("標題層級", Kind::Noun, "heading structure"),
    ("标题结构", Kind::Noun, "heading structure"),
    ("標題結構", Kind::Noun, "heading structure"),
    ("锚点ID", Kind::Noun, "anchors"),
    ("錨點ID", Kind::Noun, "anchors"),
    ("各节", Kind::Drop, ""),
    ("各節", Kind::Drop, ""),
    ("相關條目", Kind::Noun, "related articles"),
    ("相关文章", Kind::Noun, "related articles"),
    ("相關文章", Kind::Noun, "related articles"),
    ("相关词条", Kind::Noun, "related articles"),
    ("相關詞條", Kind::Noun, "related articles"),
    ("调出", Kind::Verb, "fetch"),
    ("調出", Kind::Verb, "fetch"),
    ("同时", Kind::Word, "at once"),
    ("同時", Kind::Word, "at once"),
    ("恰好", Kind::Word, "exactly"),
    ("恰好是", Kind::Word, "exactly"),
    ("正好是", Kind::Word, "exactly"),
    ("刚好", Kind::Word, "exactly"),
    ("剛好", Kind::Word, "exactly"),
    ("按", Kind::Word, "by"),
    ("目前", Kind::Word, "currently"),
    ("当前", Kind::Word, "currently"),
    ("當前", Kind::Word, "currently"),
    ("服务", Kind::Noun, "service"),
    ("服務", Kind::Noun, "service"),
    ("是否", Kind::Word, "whether"),
    ("数据库", Kind::Word, "database"),
    ("數據庫", Kind::Word, "database"),
    ("資料庫", Kind::Word, "database"),
    ("维基", Kind::Word, "wiki"),
    ("維基", Kind::Word, "wiki"),
    // "帮我打开…" (open … for me), "我想…", "用户想…" (I want to …, the user wants to …): who
    // it is for is no word of it. Not 想 alone: it begins words ("想象力").
    ("帮我", Kind::Drop, ""),
    ("幫我", Kind::Drop, ""),
    ("我想", Kind::Drop, ""),
    ("用户想", Kind::Drop, ""),
    ("用戶想", Kind::Drop, ""),
    ("内容", Kind::Noun, "full text"),
    ("內容", Kind::Noun, "full text"),
    ("开头部分", Kind::Noun, "introduction"),
    ("開頭部分", Kind::Noun, "introduction"),
    ("是否完好", Kind::Noun, "integrity"),
    // ---- Japanese
    ("記事", Kind::Article, "article"),
    ("項目", Kind::Article, "article"),
    ("ページ", Kind::Article, "page"),
    ("エントリー", Kind::Article, "entry"),
    ("エントリ", Kind::Article, "entry"),
    ("目次", Kind::Noun, "table of contents"),
    ("要約", Kind::Noun, "summary"),
    ("あらすじ", Kind::Noun, "summary"),
    ("まとめ", Kind::Noun, "summary"),
    ("冒頭", Kind::Noun, "introduction"),
    ("導入部", Kind::Noun, "introduction"),
    ("見出し", Kind::Noun, "headings"),
    ("構成", Kind::Noun, "structure"),
    ("構造", Kind::Noun, "structure"),
    ("アンカー", Kind::Noun, "anchors"),
    ("セクション", Kind::Noun, "section"),
    ("節", Kind::Noun, "section"),
    ("章", Kind::Noun, "section"),
    ("リンク", Kind::Noun, "links"),
    ("関連", Kind::After, "related to"),
    ("メタデータ", Kind::Noun, "metadata"),
    ("メインページ", Kind::Noun, "main page"),
    ("トップページ", Kind::Noun, "main page"),
    ("ホームページ", Kind::Noun, "main page"),
    ("サーバー", Kind::Noun, "server"),
    ("サーバ", Kind::Noun, "server"),
    ("ステータス", Kind::Noun, "status"),
    ("状態", Kind::Noun, "status"),
    ("稼働", Kind::Word, "running"),
    ("動作", Kind::Word, "running"),
    ("動いて", Kind::Word, "running"),
    ("アーカイブ", Kind::Noun, "archive"),
    ("ファイル", Kind::Noun, "file"),
    ("一覧", Kind::Verb, "list"),
    ("タイトル", Kind::Noun, "title"),
    ("題名", Kind::Noun, "title"),
    ("表題", Kind::Noun, "title"),
    ("で始まる", Kind::After, "starting with"),
    ("から始まる", Kind::After, "starting with"),
    ("始まる", Kind::After, "starting with"),
    ("見せ", Kind::Verb, "show"),
    ("表示", Kind::Verb, "show"),
    ("出力", Kind::Verb, "show"),
    ("出し", Kind::Verb, "show"),
    ("教え", Kind::Verb, "show"),
    ("取得", Kind::Verb, "fetch"),
    ("取っ", Kind::Verb, "fetch"),
    ("開い", Kind::Verb, "open"),
    ("開け", Kind::Verb, "open"),
    ("探し", Kind::Verb, "find"),
    ("検索", Kind::Verb, "search for"),
    ("調べ", Kind::Verb, "find"),
    ("列挙", Kind::Verb, "list"),
    ("補完", Kind::Verb, "autocomplete"),
    ("候補", Kind::Noun, "suggestions"),
    ("全文", Kind::Noun, "full text"),
    ("本文", Kind::Noun, "full text"),
    ("名前空間", Kind::Noun, "namespace"),
    ("全部", Kind::Word, "all"),
    ("すべて", Kind::Word, "all"),
    ("全て", Kind::Word, "all"),
    ("全", Kind::Word, "all"),
    ("この", Kind::Word, "this"),
    ("宿題", Kind::World, "homework"),
    ("レポート", Kind::World, "report"),
    ("試験", Kind::World, "exam"),
    ("読書感想文", Kind::World, "book report"),
    ("初心者", Kind::World, "beginners"),
    ("を", Kind::Object, ""),
    ("まとめて", Kind::Word, "together"),
    ("両方", Kind::Word, "both"),
    ("ちょうだい", Kind::Verb, "give me"),
    ("今", Kind::Word, "now"),
    ("サービス", Kind::Noun, "service"),
    ("状況", Kind::Noun, "status"),
    ("確認", Kind::Verb, "check"),
    ("ウィキペディア", Kind::Word, "Wikipedia"),
    ("言語", Kind::Noun, "language"),
    ("作成日", Kind::Noun, "creation date"),
    ("複数", Kind::Word, "several"),
    ("付き", Kind::Word, "with"),
    ("付", Kind::Word, "with"),
    ("階層", Kind::Noun, "hierarchy"),
    ("ところ", Kind::Noun, "section"),
    ("ネームスペース", Kind::Noun, "namespace"),
    ("漏れなく", Kind::Word, "every"),
    ("たどっ", Kind::Verb, "walk through"),
    ("辿っ", Kind::Verb, "walk through"),
    ("という", Kind::After, "titled"),
    ("あります", Kind::Verb, "is there"),
    ("ある", Kind::Verb, "is there"),
    ("情報", Kind::Noun, "information"),
    ("利用でき", Kind::Word, "available"),
    ("使え", Kind::Word, "available"),
    ("やり方", Kind::World, "how to"),
    ("作り方", Kind::World, "how to"),
    ("最初", Kind::Word, "first"),
    ("先頭", Kind::Word, "first"),
    ("どの", Kind::Word, "which"),
    ("どんな", Kind::Word, "which"),
    ("何", Kind::Word, "what"),
    ("どうやって", Kind::World, "how"),
    ("どうすれば", Kind::World, "how"),
    ("どうして", Kind::World, "why"),
    ("なぜ", Kind::World, "why"),
    ("読み込まれ", Kind::Word, "loaded"),
    ("利用可能", Kind::Word, "available"),
    ("の", Kind::Of, ""),
    ("と", Kind::And, "and"),
    ("や", Kind::And, "and"),
    ("ユーザー", Kind::Drop, ""),
    ("求め", Kind::Verb, "show"),
    ("関連記事", Kind::Noun, "related articles"),
    ("見出し構造", Kind::Noun, "heading structure"),
    ("見出し構成", Kind::Noun, "heading structure"),
    ("見出し階層", Kind::Noun, "heading structure"),
    ("セクションID", Kind::Noun, "anchors"),
    ("アンカーID", Kind::Noun, "anchors"),
    ("関連項目", Kind::Noun, "related articles"),
    ("関連ページ", Kind::Noun, "related pages"),
    ("リンク先", Kind::Noun, "links"),
    ("ちょうど", Kind::Word, "exactly"),
    ("順番に", Kind::Word, "in order"),
    ("最後まで", Kind::Word, "to the end"),
    ("全件", Kind::Word, "every"),
    ("走査", Kind::Verb, "walk through"),
    ("ウィキ", Kind::Word, "wiki"),
    ("データベース", Kind::Word, "database"),
    // 読む (read): its stems before endings ("読みたい", "読んで", "読める").
    ("読み", Kind::Verb, "read"),
    ("読ん", Kind::Verb, "read"),
    ("読め", Kind::Verb, "read"),
    ("読む", Kind::Verb, "read"),
    ("読み方", Kind::World, "how to read"),
    ("完全一致", Kind::Word, "exactly"),
    ("索引", Kind::Noun, "index"),
    // 引く (look up in an index): "引いて", "引ける".
    ("引い", Kind::Verb, "look up"),
    ("引け", Kind::Verb, "look up"),
    ("発リンク", Kind::Noun, "outgoing links"),
    // "つながりの深い", "関係の深い" (closely connected, closely related).
    ("つながりの深い", Kind::After, "connected to"),
    ("繋がりの深い", Kind::After, "connected to"),
    ("関係の深い", Kind::After, "related to"),
    ("つながり", Kind::After, "connected to"),
    ("繋がり", Kind::After, "connected to"),
    ("つながっ", Kind::After, "connected to"),
    ("繋がっ", Kind::After, "connected to"),
    ("周辺", Kind::Word, "neighbouring"),
    // ---- Korean (particles at a word's end: KOREAN_PARTICLES)
    ("문서", Kind::Article, "article"),
    ("항목", Kind::Article, "article"),
    ("기사", Kind::Article, "article"),
    ("페이지", Kind::Article, "page"),
    ("목차", Kind::Noun, "table of contents"),
    ("요약", Kind::Noun, "summary"),
    ("개요", Kind::Noun, "summary"),
    ("구조", Kind::Noun, "structure"),
    ("앵커", Kind::Noun, "anchors"),
    ("소제목", Kind::Noun, "headings"),
    ("섹션", Kind::Noun, "section"),
    ("단락", Kind::Noun, "section"),
    ("링크", Kind::Noun, "links"),
    ("관련", Kind::After, "related to"),
    ("메타데이터", Kind::Noun, "metadata"),
    ("메인 페이지", Kind::Noun, "main page"),
    ("메인페이지", Kind::Noun, "main page"),
    ("대문", Kind::Noun, "main page"),
    ("첫 페이지", Kind::Noun, "main page"),
    ("서버", Kind::Noun, "server"),
    ("상태", Kind::Noun, "status"),
    ("작동", Kind::Word, "running"),
    ("동작", Kind::Word, "running"),
    ("실행", Kind::Word, "running"),
    ("아카이브", Kind::Noun, "archive"),
    ("파일", Kind::Noun, "file"),
    ("목록", Kind::Verb, "list"),
    ("제목", Kind::Noun, "title"),
    ("시작하는", Kind::After, "starting with"),
    ("자동완성", Kind::Verb, "autocomplete"),
    ("자동 완성", Kind::Verb, "autocomplete"),
    ("보여", Kind::Verb, "show"),
    ("알려", Kind::Verb, "show"),
    ("출력", Kind::Verb, "show"),
    ("찾아", Kind::Verb, "find"),
    ("열어", Kind::Verb, "open"),
    ("가져와", Kind::Verb, "fetch"),
    ("불러와", Kind::Verb, "fetch"),
    ("나열", Kind::Verb, "list"),
    ("검색", Kind::Verb, "search for"),
    ("전문", Kind::Noun, "full text"),
    ("본문", Kind::Noun, "full text"),
    ("네임스페이스", Kind::Noun, "namespace"),
    ("이름공간", Kind::Noun, "namespace"),
    ("모든", Kind::Word, "all"),
    ("전체", Kind::Word, "all"),
    ("전부", Kind::Word, "all"),
    ("처음", Kind::Word, "first"),
    ("어떤", Kind::Word, "which"),
    ("무슨", Kind::Word, "which"),
    ("어느", Kind::Word, "which"),
    ("어떻게", Kind::World, "how"),
    ("왜", Kind::World, "why"),
    ("로드된", Kind::Word, "loaded"),
    ("함께", Kind::Word, "together"),
    ("방법", Kind::World, "how to"),
    ("한꺼번에", Kind::Word, "at once"),
    ("읽고", Kind::Verb, "show"),
    ("훑어", Kind::Verb, "browse"),
    ("살아", Kind::Word, "alive"),
    ("사용할 수 있는", Kind::Word, "available"),
    ("사용 가능한", Kind::Word, "available"),
    ("대신", Kind::Drop, ""),
    ("요청합니다", Kind::Drop, ""),
    ("필요", Kind::Drop, ""),
    ("위키백과", Kind::Word, "Wikipedia"),
    ("언어", Kind::Noun, "language"),
    ("생성일", Kind::Noun, "creation date"),
    ("이라는", Kind::After, "titled"),
    ("라는", Kind::After, "titled"),
    ("숙제", Kind::World, "homework"),
    ("과제", Kind::World, "homework"),
    ("독후감", Kind::World, "book report"),
    ("시험", Kind::World, "exam"),
    ("보고서", Kind::World, "report"),
    ("조회", Kind::Verb, "show"),
    ("뽑아", Kind::Verb, "show"),
    ("헤딩", Kind::Noun, "headings"),
    ("빠짐없이", Kind::Word, "every"),
    ("순회", Kind::Verb, "walk through"),
    ("정확히", Kind::Word, "exactly"),
    ("있나요", Kind::Verb, "is there"),
    ("있어", Kind::Word, "are there"),
    ("연관", Kind::After, "related to"),
    ("괜찮아", Kind::Word, "ok"),
    ("무결성", Kind::Noun, "integrity"),
    ("검사", Kind::Verb, "check"),
    ("추천", Kind::Verb, "suggest"),
    ("올라가", Kind::Word, "loaded"),
    ("뭐뭐", Kind::Word, "which"),
    ("지금", Kind::Word, "now"),
    ("이", Kind::Word, "this"),
    ("같이", Kind::Word, "together"),
    ("그리고", Kind::And, "and"),
    ("줘", Kind::Drop, ""),
    ("주세요", Kind::Drop, ""),
    ("주십시오", Kind::Drop, ""),
    ("줄래", Kind::Drop, ""),
    ("줄래요", Kind::Drop, ""),
    ("해", Kind::Drop, ""),
    ("해줘", Kind::Drop, ""),
    ("해주세요", Kind::Drop, ""),
    ("좀", Kind::Drop, ""),
    // A Korean word's stem ("사용자가"): read as a word that writes nothing, since endings
    // alone are dropped.
    ("사용자", Kind::Word, ""),
    ("법", Kind::World, "how to"),
    ("원함", Kind::Verb, "show"),
    ("관련 문서", Kind::Noun, "related articles"),
    ("제목 구조", Kind::Noun, "heading structure"),
    ("섹션 앵커", Kind::Noun, "anchors"),
    ("섹션 ID", Kind::Noun, "anchors"),
    ("관련문서", Kind::Noun, "related articles"),
    ("연관 문서", Kind::Noun, "related articles"),
    ("연관문서", Kind::Noun, "related articles"),
    ("원해요", Kind::Verb, "show"),
    ("원합니다", Kind::Verb, "show"),
    ("원한다", Kind::Verb, "show"),
    ("주시겠어요", Kind::Drop, ""),
    ("주시겠습니까", Kind::Drop, ""),
    ("주실래요", Kind::Drop, ""),
    ("서비스", Kind::Noun, "service"),
    ("확인", Kind::Verb, "check"),
    ("정상", Kind::Word, "normally"),
    ("현재", Kind::Word, "currently"),
    ("색인", Kind::Noun, "index"),
    ("찾기", Kind::Verb, "find"),
    ("위키", Kind::Word, "wiki"),
    ("데이터베이스", Kind::Word, "database"),
    // "글" (a piece of writing) only as a whole word: it is a letter of "한글".
    ("글", Kind::Article, "article"),
    ("부분", Kind::Noun, "section"),
    ("첫 부분", Kind::Noun, "introduction"),
    ("앞부분", Kind::Noun, "introduction"),
    // Not "계층" alone: "사회 계층" (social class) is a name.
    ("제목 계층", Kind::Noun, "heading hierarchy"),
    ("이어진", Kind::After, "connected to"),
    ("연결된", Kind::After, "connected to"),
    ("이웃", Kind::Word, "neighbouring"),
    ("가리키는", Kind::After, "link to"),
    ("어떤 게", Kind::Word, "which"),
    ("어떤 것", Kind::Word, "which"),
    ("두", Kind::Word, "two"),
    ("세", Kind::Word, "three"),
    ("다", Kind::Word, "all"),
    ("돌려", Kind::Verb, "run"),
    ("쓸 수 있는", Kind::Word, "available"),
    // "알려주실 수 있나요" (could you tell me): politeness, no question of existence.
    ("주실", Kind::Drop, ""),
    ("수 있나요", Kind::Drop, ""),
    ("수 있을까요", Kind::Drop, ""),
    ("수 있어요", Kind::Drop, ""),
    // ---- Arabic (whole words, after clitics: ARABIC_PREFIXES)
    ("مقالة", Kind::Article, "article"),
    ("مقال", Kind::Article, "article"),
    ("مقالات", Kind::Article, "articles"),
    ("صفحة", Kind::Article, "page"),
    ("صفحات", Kind::Article, "pages"),
    ("مدخل", Kind::Article, "entry"),
    ("فهرس", Kind::Noun, "table of contents"),
    ("جدول المحتويات", Kind::Noun, "table of contents"),
    ("المحتويات", Kind::Noun, "table of contents"),
    ("محتويات", Kind::Noun, "table of contents"),
    ("ملخص", Kind::Noun, "summary"),
    ("ملخّص", Kind::Noun, "summary"),
    ("تلخيص", Kind::Noun, "summary"),
    ("لخص", Kind::Verb, "summarize"),
    ("لخّص", Kind::Verb, "summarize"),
    ("قسم", Kind::Noun, "section"),
    ("فقرة", Kind::Noun, "section"),
    ("بنية", Kind::Noun, "structure"),
    ("هيكل", Kind::Noun, "structure"),
    ("عناوين", Kind::Noun, "headings"),
    ("روابط", Kind::Noun, "links"),
    ("ذات الصلة", Kind::Noun, "related"),
    ("مرتبطة", Kind::Noun, "related"),
    ("المتعلقة", Kind::Noun, "related"),
    ("البيانات الوصفية", Kind::Noun, "metadata"),
    ("بيانات وصفية", Kind::Noun, "metadata"),
    ("الصفحة الرئيسية", Kind::Noun, "main page"),
    ("صفحة رئيسية", Kind::Noun, "main page"),
    ("خادم", Kind::Noun, "server"),
    ("سيرفر", Kind::Noun, "server"),
    ("حالة", Kind::Noun, "status"),
    ("يعمل", Kind::Word, "running"),
    ("شغال", Kind::Word, "running"),
    ("أرشيف", Kind::Noun, "archive"),
    ("ارشيف", Kind::Noun, "archive"),
    ("أرشيفات", Kind::Noun, "archives"),
    ("ارشيفات", Kind::Noun, "archives"),
    ("ملفات", Kind::Noun, "files"),
    ("عنوان", Kind::Noun, "title"),
    ("تبدأ", Kind::Word, "starting"),
    ("اعرض", Kind::Verb, "show"),
    ("أعرض", Kind::Verb, "show"),
    ("أرني", Kind::Verb, "show me"),
    ("ارني", Kind::Verb, "show me"),
    ("وريني", Kind::Verb, "show me"),
    ("أعطني", Kind::Verb, "give me"),
    ("اعطني", Kind::Verb, "give me"),
    ("هات", Kind::Verb, "give me"),
    ("افتح", Kind::Verb, "open"),
    ("ابحث", Kind::Verb, "search"),
    ("اقترح", Kind::Verb, "suggest"),
    ("كاملة", Kind::Word, "full"),
    ("كامل", Kind::Word, "full"),
    ("النص الكامل", Kind::Noun, "full text"),
    ("كل", Kind::Word, "all"),
    ("جميع", Kind::Word, "all"),
    ("أول", Kind::Word, "first"),
    ("ما هي", Kind::Word, "what are"),
    ("ما هو", Kind::Word, "what is"),
    ("كيف", Kind::World, "how"),
    ("طريقة", Kind::World, "how to"),
    ("كيفية", Kind::World, "how to"),
    ("هذا", Kind::Word, "this"),
    ("هذه", Kind::Word, "this"),
    ("لماذا", Kind::World, "why"),
    ("من فضلك", Kind::Drop, ""),
    ("لو سمحت", Kind::Drop, ""),
    ("في", Kind::Word, "in"),
    ("جلب", Kind::Verb, "fetch"),
    ("واجب", Kind::World, "homework"),
    ("الواجب", Kind::World, "homework"),
    ("امتحان", Kind::World, "exam"),
    ("الامتحان", Kind::World, "exam"),
    ("بحث", Kind::World, "research paper"),
    ("اجلب", Kind::Verb, "fetch"),
    ("أريد", Kind::Verb, "give me"),
    ("اريد", Kind::Verb, "give me"),
    ("عايز", Kind::Verb, "give me"),
    ("عاوز", Kind::Verb, "give me"),
    ("بدي", Kind::Verb, "give me"),
    ("ابغى", Kind::Verb, "give me"),
    ("أبغى", Kind::Verb, "give me"),
    ("لي", Kind::Drop, ""),
    ("بس", Kind::Drop, ""),
    ("نص", Kind::Noun, "text"),
    ("المقالتين", Kind::Article, "articles"),
    ("مقالتين", Kind::Article, "articles"),
    ("معا", Kind::Word, "together"),
    ("مرة واحدة", Kind::Word, "at once"),
    ("مرة وحدة", Kind::Word, "at once"),
    ("جدول محتويات", Kind::Noun, "table of contents"),
    ("استخرج", Kind::Verb, "show"),
    ("معرفات", Kind::Noun, "IDs"),
    ("أقسام", Kind::Noun, "sections"),
    ("اقسام", Kind::Noun, "sections"),
    ("مدخلا", Kind::Article, "entries"),
    ("مدخلات", Kind::Article, "entries"),
    ("عناصر", Kind::Article, "entries"),
    ("نطاق الأسماء", Kind::Noun, "namespace"),
    ("نطاق", Kind::Noun, "namespace"),
    ("مر على", Kind::Verb, "walk through"),
    ("بدون استثناء", Kind::Word, "every"),
    ("يوجد", Kind::Word, "is there"),
    ("توجد", Kind::Word, "is there"),
    ("عنوانها", Kind::Word, "titled"),
    ("ذات صلة", Kind::Noun, "related"),
    ("بنية العناوين", Kind::Noun, "heading structure"),
    ("هيكل العناوين", Kind::Noun, "heading structure"),
    ("يرتبط", Kind::Word, "link"),
    ("ترتبط", Kind::Word, "link"),
    ("بتربط", Kind::Word, "link"),
    ("ويكيبيديا", Kind::Word, "Wikipedia"),
    ("الحين", Kind::Word, "now"),
    ("هل", Kind::Word, "is"),
    ("نيابة عن المستخدم", Kind::Drop, ""),
    ("قائمة", Kind::Word, "list"),
    ("اللغة", Kind::Noun, "language"),
    ("لغة", Kind::Noun, "language"),
    ("عنوانه", Kind::Word, "titled"),
    ("بالضبط", Kind::Word, "exactly"),
    ("إيه", Kind::Word, "what"),
    ("ايه", Kind::Word, "what"),
    ("شو", Kind::Word, "what"),
    ("وش", Kind::Word, "what"),
    ("الموجودة", Kind::Drop, ""),
    ("موجودة", Kind::Drop, ""),
    ("ملف", Kind::Noun, "file"),
    ("معلومات", Kind::Noun, "information"),
    ("وديني", Kind::Verb, "open"),
    ("خذني", Kind::Verb, "open"),
    ("بتاعة", Kind::Drop, ""),
    ("بتاع", Kind::Drop, ""),
    ("تحقق", Kind::Verb, "check"),
    ("افحص", Kind::Verb, "check"),
    ("خدمة", Kind::Noun, "service"),
    ("سلامة", Kind::Noun, "integrity"),
    ("حاليا", Kind::Word, "now"),
    ("الآن", Kind::Word, "now"),
    ("على", Kind::Word, "on"),
    ("من", Kind::Word, "of"),
    ("ما", Kind::Word, "what"),
    ("ماذا", Kind::Word, "what"),
    ("متوفرة", Kind::Word, "available"),
    ("المتوفرة", Kind::Word, "available"),
    ("متاحة", Kind::Word, "available"),
    ("المتاحة", Kind::Word, "available"),
    ("محملة", Kind::Word, "loaded"),
    ("المحملة", Kind::Word, "loaded"),
    ("عن", Kind::Word, "about"),
    ("مع", Kind::Word, "with"),
    ("المستخدم", Kind::Drop, ""),
    ("يطلب", Kind::Verb, "give me"),
    ("يريد", Kind::Verb, "give me"),
    ("إكمال تلقائي", Kind::Verb, "autocomplete"),
    ("الإكمال التلقائي", Kind::Verb, "autocomplete"),
    ("قاعدة البيانات", Kind::Word, "database"),
    ("تلخص", Kind::Verb, "summarize"),
    ("ممكن", Kind::Word, "could you"),
    ("بلا استثناء", Kind::Word, "every"),
    ("فهرس العناوين", Kind::Noun, "the title index"),
    ("الروابط الخارجة", Kind::Noun, "outgoing links"),
    ("روابط خارجة", Kind::Noun, "outgoing links"),
    ("تبع", Kind::Drop, ""),
    ("عندك", Kind::Drop, ""),
    ("الخادم", Kind::Noun, "the server"),
    ("السيرفر", Kind::Noun, "the server"),
];

/// Korean particles and endings, read only at a word's end after other letters
/// ("문서의" -> article of; "목차를" -> table of contents).
const KOREAN_PARTICLES: &[(&str, Kind)] = &[
    ("의", Kind::Of),
    ("에서", Kind::Drop),
    ("으로", Kind::Drop),
    ("로", Kind::Drop),
    ("에", Kind::Drop),
    ("을", Kind::Object),
    ("를", Kind::Object),
    ("이", Kind::Drop),
    ("가", Kind::Drop),
    ("은", Kind::Drop),
    ("는", Kind::Drop),
    ("도", Kind::Drop),
    ("만", Kind::Drop),
    ("들", Kind::Drop),
    ("와", Kind::And),
    ("과", Kind::And),
    ("하고", Kind::And),
    ("랑", Kind::And),
    ("이랑", Kind::And),
    // Endings of a noun made a verb or adjective ("관련된", "요약해", "작동하는").
    ("된", Kind::Drop),
    ("되는", Kind::Drop),
    ("한", Kind::Drop),
    ("하는", Kind::Drop),
    ("해서", Kind::Drop),
    ("해", Kind::Drop),
    ("중", Kind::Drop),
    ("중인", Kind::Drop),
];

/// Arabic clitics fastened before a word: conjunctions, prepositions and the article.
const ARABIC_PREFIXES: &[&str] = &[
    "وال", "بال", "فال", "كال", "هال", "لل", "ال", "و", "ف", "ب", "ل",
];

/// The lexicon by word, and its longest entry in characters.
struct Lexicon {
    words: HashMap<&'static str, (Kind, &'static str)>,
    longest: usize,
}

static LEXICON_MAP: LazyLock<Lexicon> = LazyLock::new(|| {
    let mut words = HashMap::new();
    let mut longest = 1;
    for (word, kind, english) in LEXICON {
        words.entry(*word).or_insert((*kind, *english));
        longest = longest.max(word.chars().count());
    }
    Lexicon { words, longest }
});

/// One piece of the request as read.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// A lexicon word, as its English.
    En(Kind, &'static str),
    /// A name the request quoted.
    Quoted(String),
    /// Text no entry reads: a name, a number, a word of the topic.
    Other(String),
    /// Sentence punctuation, as ASCII.
    Punct(char),
}

/// Whether a character is of the scripts read here.
fn script_char(c: char) -> bool {
    is_han_or_kana(c) || is_hangul(c) || is_arabic(c)
}

fn is_han_or_kana(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

fn is_kana(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF)
}

/// The one-ideograph entries of Chinese and of Japanese.
const CHINESE_SINGLE: &[char] = &[
    '的', '和', '与', '與', '把', '请', '請', '吗', '嗎', '呢', '吧', '篇', '了', '这', '這', '此',
    '该', '該', '叫', '嘅', '里', '裡', '带', '帶', '还', '還', '按',
];
/// Entries read only where a word starts: after an ideograph or kana no entry read they are
/// part of a name ("居里夫人", "東京周辺").
const BOUND: &[&str] = &["里", "裡", "周辺"];
const JAPANESE_SINGLE: &[char] = &['節', '章', '何', '全', '今', '付'];

fn is_hiragana(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x309F)
}

fn is_hangul(c: char) -> bool {
    matches!(c as u32, 0xAC00..=0xD7AF | 0x1100..=0x11FF | 0x3130..=0x318F)
}

fn is_arabic(c: char) -> bool {
    matches!(c as u32, 0x0600..=0x06FF | 0x0750..=0x077F) && !matches!(c, '،' | '؛' | '؟' | '٪')
}

/// Arabic marks that do not change a word: vowel signs and the stretching tatweel.
fn is_arabic_mark(c: char) -> bool {
    matches!(c as u32, 0x064B..=0x0652 | 0x0640)
}

/// Opening quotes and their closing ones, after [`crate::text::normalize_input`] (which
/// writes «», 「」, 『』 and “” as plain double quotes).
const QUOTES: &[(char, char)] = &[
    ('"', '"'),
    ('\'', '\''),
    ('《', '》'),
    ('〈', '〉'),
    ('【', '】'),
];

/// Sentence punctuation of these scripts, as ASCII.
fn punct(c: char) -> Option<char> {
    Some(match c {
        '，' | '、' | ',' | '،' => ',',
        '。' | '.' => '.',
        '？' | '?' | '؟' => '?',
        '！' | '!' => '!',
        '：' | ':' => ':',
        '；' | ';' | '؛' => ';',
        '（' | '(' => '(',
        '）' | ')' => ')',
        _ => return None,
    })
}

/// The request read word by word in English, or `None` when it holds no letter of these
/// scripts or no command word of their lexicon.
pub fn gloss(s: &str) -> Option<String> {
    if !s.chars().any(script_char) {
        return None;
    }
    let pieces = read(s);
    let commands = pieces
        .iter()
        .filter(|p| {
            matches!(
                p,
                Piece::En(Kind::Noun | Kind::Article | Kind::Verb | Kind::After, _)
            )
        })
        .count();
    if commands == 0
        || pieces
            .iter()
            .any(|p| matches!(p, Piece::En(Kind::World, _)))
    {
        return None;
    }
    let pieces = key_values(names_after_colon(pieces));
    let head_final = s.chars().any(|c| is_han_or_kana(c) || is_hangul(c));
    // (Arabic writes its plurals: "أرشيفات".)
    let pieces = if head_final {
        let pieces = name_beside_command(pieces, s);
        let pieces = section_of_article(part_of_a_view(pieces));
        let pieces = plural_when_listed(pieces);
        links_in_english_order(pieces)
    } else {
        arabic_questions(pieces)
    };
    let pieces = titled_names(pieces);
    let pieces = entries_of_namespaces(pieces);
    let out = if head_final {
        write_owner_first(pieces)
    } else {
        write_owner_last(pieces)
    };
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    (!out.is_empty()).then_some(out)
}

/// "セクション取得 記事=Git 節=ブランチ": a command's noun given its value as an argument is
/// written so in English (`article="Git"`); arguments after the command are set off from it
/// by a colon, as a call's are.
fn key_values(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    let mut first_pair = None;
    for piece in pieces {
        if let Piece::Other(text) = &piece
            && let Some(value) = text.strip_prefix('=').map(str::trim)
            && !value.is_empty()
            && let Some(Piece::En(Kind::Noun | Kind::Article, key)) = out.last()
        {
            let key = *key;
            out.pop();
            first_pair.get_or_insert(out.len());
            out.push(Piece::Other(format!("{key}=\"{value}\"")));
            continue;
        }
        out.push(piece);
    }
    if let Some(at) = first_pair
        && at > 0
        && out.get(at..).is_some_and(|pairs| {
            pairs
                .iter()
                .all(|p| matches!(p, Piece::Other(t) if t.ends_with('"') && t.contains("=\"")))
        })
        && out.get(at.saturating_sub(1)) != Some(&Piece::Punct(':'))
    {
        out.insert(at, Piece::Punct(':'));
    }
    out
}

/// "获取目录：三国演义", "목차 조회: 대한민국": what follows a colon, when it is names only,
/// is what the command before it is about: quoted, several joined by "and", the colon gone.
fn names_after_colon(pieces: Vec<Piece>) -> Vec<Piece> {
    let Some(colon) = pieces.iter().position(|p| *p == Piece::Punct(':')) else {
        return pieces;
    };
    let (before, after) = pieces.split_at(colon);
    let after = after.get(1..).unwrap_or_default();
    let names_only = after.iter().all(|p| {
        matches!(
            p,
            Piece::Other(_) | Piece::Quoted(_) | Piece::Punct(',') | Piece::En(Kind::And, _)
        )
    });
    let names: Vec<String> = after
        .iter()
        .filter_map(|p| match p {
            Piece::Other(t) | Piece::Quoted(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    if !names_only || names.is_empty() || before.is_empty() {
        return pieces;
    }
    let count = names.len();
    let mut out: Vec<Piece> = before
        .iter()
        .map(|p| match p {
            Piece::En(Kind::Article, english) if count > 1 => {
                Piece::En(Kind::Article, plural(english))
            }
            p => p.clone(),
        })
        .collect();
    for (n, name) in names.into_iter().enumerate() {
        if n > 0 {
            let last = n.saturating_add(1) == count;
            out.push(if last {
                Piece::En(Kind::Word, "and")
            } else {
                Piece::Punct(',')
            });
        }
        out.push(Piece::Quoted(name));
    }
    out
}

/// "부산항 요약", "要約 横浜港": a request in Chinese, Japanese or Korean that is one name and a
/// command's nouns, the name set apart by a space, names it as a colon would ("부산항 요약"
/// is "summary: 부산항"). Run together ("万有引力摘要") the words may be one topic, and stay a
/// name unquoted. (Arabic sets every word apart: "ملخص X" is "summary of X", read as such.)
fn name_beside_command(pieces: Vec<Piece>, s: &str) -> Vec<Piece> {
    let words: Vec<&Piece> = pieces
        .iter()
        .filter(|p| !matches!(p, Piece::Punct(_)))
        .collect();
    let (name, nouns, first) = match words.as_slice() {
        [Piece::Other(name) | Piece::Quoted(name), rest @ ..] => (name, rest, true),
        [rest @ .., Piece::Other(name)] => (name, rest, false),
        _ => return pieces,
    };
    let text = s.trim_matches(|c: char| punct(c).is_some() || c.is_whitespace());
    let apart = if first {
        text.strip_prefix(name.as_str())
            .is_some_and(|rest| rest.starts_with(char::is_whitespace))
    } else {
        text.strip_suffix(name.as_str())
            .is_some_and(|rest| rest.ends_with(char::is_whitespace))
    };
    if nouns.is_empty() || !apart || !nouns.iter().all(|p| matches!(p, Piece::En(Kind::Noun, _))) {
        return pieces;
    }
    let name = name.clone();
    // Said first, the name owns the nouns after it ("A/東京 全文": full text of "A/東京").
    let mut out = Vec::with_capacity(pieces.len().saturating_add(1));
    for p in pieces {
        match p {
            Piece::Other(t) | Piece::Quoted(t) if t == name => {
                out.push(Piece::Quoted(t));
                if first {
                    out.push(Piece::En(Kind::Of, ""));
                }
            }
            p => out.push(p),
        }
    }
    out
}

/// "《华法林》条目里“药物相互作用”那一节", "와파린 문서에서 '상호작용' 섹션": a quoted section name
/// and the noun for a section after an article and its name, joined by "in" or nothing, are
/// that article's section: joined as the genitive joins them ("section Y of article X").
fn section_of_article(pieces: Vec<Piece>) -> Vec<Piece> {
    // Grammar that writes nothing ("에서") stands between no two words here.
    let mut pieces: Vec<Piece> = pieces
        .into_iter()
        .filter(|p| !matches!(p, Piece::En(Kind::Drop, _)))
        .collect();
    let Some(at) = pieces
        .iter()
        .position(|p| matches!(p, Piece::En(Kind::Noun, "section")))
    else {
        return pieces;
    };
    let Some(named) = at.checked_sub(1) else {
        return pieces;
    };
    if !matches!(pieces.get(named), Some(Piece::Quoted(_))) {
        return pieces;
    }
    let Some(before) = named.checked_sub(1) else {
        return pieces;
    };
    let joined_by_in = matches!(pieces.get(before), Some(Piece::En(Kind::Word, "in")));
    let owner_end = if joined_by_in {
        before.checked_sub(1)
    } else {
        Some(before)
    };
    let Some(owner_end) = owner_end else {
        return pieces;
    };
    // The owner is the article: its noun, or its name beside its noun.
    let is_name = |p: Option<&Piece>| matches!(p, Some(Piece::Quoted(_) | Piece::Other(_)));
    let article = |p: Option<&Piece>| matches!(p, Some(Piece::En(Kind::Article, _)));
    let owner = article(pieces.get(owner_end))
        || (is_name(pieces.get(owner_end))
            && owner_end
                .checked_sub(1)
                .is_some_and(|n| article(pieces.get(n))));
    if !owner {
        return pieces;
    }
    if joined_by_in {
        if let Some(p) = pieces.get_mut(before) {
            *p = Piece::En(Kind::Of, "");
        }
    } else {
        pieces.insert(named, Piece::En(Kind::Of, ""));
    }
    pieces
}

/// "개요 부분" (the summary part): the noun for a part after a view's noun is that view.
fn part_of_a_view(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        if piece == Piece::En(Kind::Noun, "section")
            && matches!(out.last(), Some(Piece::En(Kind::Noun, view)) if *view != "section")
        {
            continue;
        }
        out.push(piece);
    }
    out
}

/// Arabic asks "what" of plural nouns with no verb ("ما الروابط", what [are] the links), and its
/// "عناوين" is titles, not headings, when they are said to start with something.
fn arabic_questions(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    let mut iter = pieces.into_iter().peekable();
    while let Some(piece) = iter.next() {
        let next = iter.peek();
        match (&piece, next) {
            // ("ما لغة هذا الملف": what language, a noun it qualifies.)
            (Piece::En(Kind::Word, "what"), Some(Piece::En(Kind::Noun, noun)))
                if noun.ends_with('s') =>
            {
                out.push(Piece::En(Kind::Word, "what are"));
            }
            (Piece::En(Kind::Noun, "headings"), Some(Piece::En(Kind::Word, "starting"))) => {
                out.push(Piece::En(Kind::Noun, "titles"));
            }
            // "ويكيبيديا العربية": the project's edition in Arabic. Elsewhere the adjective is
            // a name's ("المملكة العربية السعودية") and stays as written.
            (Piece::En(Kind::Word, "Wikipedia"), Some(Piece::Other(rest)))
                if rest.split_whitespace().next() == Some("العربية") =>
            {
                let rest = rest
                    .trim_start()
                    .trim_start_matches("العربية")
                    .trim()
                    .to_owned();
                iter.next();
                out.push(piece);
                out.push(Piece::En(Kind::Word, "in Arabic"));
                if !rest.is_empty() {
                    out.push(Piece::Other(rest));
                }
            }
            _ => out.push(piece),
        }
    }
    out
}

/// Links asked of an article, in the order English asks:
/// - "X这篇文章链接到了哪些页面" (article X links to which pages) -> the article's links;
/// - "어떤 문서들이 'X'으로 링크하나요" (which articles 'X' link) -> which articles link to X;
/// - "「X」の記事からリンクされているページ" (links page of article X) -> its links.
fn links_in_english_order(mut pieces: Vec<Piece>) -> Vec<Piece> {
    let at = |pieces: &[Piece], n: usize| pieces.get(n).cloned();
    let is_article = |p: Option<Piece>| matches!(p, Some(Piece::En(Kind::Article, _)));
    let is_name = |p: Option<Piece>| matches!(p, Some(Piece::Quoted(_) | Piece::Other(_)));
    if let Some(n) = pieces
        .iter()
        .position(|p| *p == Piece::En(Kind::Word, "link to"))
        && at(&pieces, n.saturating_add(1)) == Some(Piece::En(Kind::Word, "which"))
        && is_article(at(&pieces, n.saturating_add(2)))
    {
        pieces.drain(n.saturating_add(1)..n.saturating_add(3));
        if let Some(p) = pieces.get_mut(n) {
            *p = Piece::En(Kind::Noun, "links");
        }
        return pieces;
    }
    let Some(n) = pieces
        .iter()
        .position(|p| *p == Piece::En(Kind::Noun, "links"))
    else {
        return pieces;
    };
    if is_article(at(&pieces, n.saturating_add(1))) {
        pieces.remove(n.saturating_add(1));
        return pieces;
    }
    if let (Some(name), Some(article), Some(which)) =
        (n.checked_sub(1), n.checked_sub(2), n.checked_sub(3))
        && is_name(at(&pieces, name))
        && is_article(at(&pieces, article))
        && at(&pieces, which) == Some(Piece::En(Kind::Word, "which"))
    {
        let name_piece = pieces.remove(name);
        if let Some(p) = pieces.get_mut(name) {
            *p = Piece::En(Kind::Word, "link to");
        }
        pieces.insert(name.saturating_add(1), name_piece);
    }
    pieces
}

/// "哪些ZIM文件", "アーカイブの一覧": the archives or files asked to be listed or asked which
/// are many.
fn plural_when_listed(pieces: Vec<Piece>) -> Vec<Piece> {
    let listed = pieces.iter().any(|p| {
        matches!(
            p,
            Piece::En(Kind::Verb, "list") | Piece::En(Kind::Word, "which" | "what")
        )
    });
    if !listed {
        return pieces;
    }
    pieces
        .into_iter()
        .map(|p| match p {
            Piece::En(Kind::Noun, "archive") => Piece::En(Kind::Noun, "archives"),
            Piece::En(Kind::Noun, "file") => Piece::En(Kind::Noun, "files"),
            p => p,
        })
        .collect()
}

/// "标题恰好是“集装箱”的条目", "タイトルがちょうど「X」の記事": a title said to be exactly
/// or to be called a name, of an article, is the article titled so.
fn titled_names(pieces: Vec<Piece>) -> Vec<Piece> {
    if !pieces
        .iter()
        .any(|p| matches!(p, Piece::En(Kind::Article, _)))
    {
        return pieces;
    }
    let mut out = Vec::with_capacity(pieces.len());
    let mut titled = false;
    for (n, p) in pieces.iter().enumerate() {
        let next = pieces.get(n.saturating_add(1));
        if matches!(p, Piece::En(Kind::Noun, "title"))
            && matches!(
                next,
                Some(Piece::En(Kind::Word, "exactly" | "called") | Piece::Quoted(_))
            )
        {
            out.push(Piece::En(Kind::Word, "titled"));
            titled = true;
            continue;
        }
        // "titled called": the title's verb is said once.
        if titled && matches!(p, Piece::En(Kind::Word, "called")) {
            continue;
        }
        // "「X」と完全一致する": the particle before "exactly" is the match's "with".
        if titled
            && matches!(p, Piece::En(Kind::And, _))
            && matches!(out.last(), Some(Piece::Quoted(_)))
            && matches!(next, Some(Piece::En(Kind::Word, "exactly")))
        {
            continue;
        }
        out.push(p.clone());
    }
    article_before_title(out)
}

/// "제목이 정확히 'X'인 항목", "タイトルが「X」と完全一致する項目": the noun for an article
/// after the clause that gives its title comes before it in English ("article titled X").
fn article_before_title(mut pieces: Vec<Piece>) -> Vec<Piece> {
    let Some(titled) = pieces
        .iter()
        .position(|p| *p == Piece::En(Kind::Word, "titled"))
    else {
        return pieces;
    };
    let clause = |p: &Piece| {
        matches!(
            p,
            Piece::Quoted(_) | Piece::En(Kind::Word, "exactly") | Piece::En(Kind::Drop, _)
        )
    };
    let Some(offset) = pieces
        .iter()
        .skip(titled.saturating_add(1))
        .position(|p| !clause(p))
    else {
        return pieces;
    };
    let at = titled.saturating_add(1).saturating_add(offset);
    let named = pieces
        .get(titled..at)
        .is_some_and(|c| c.iter().any(|p| matches!(p, Piece::Quoted(_))));
    if named && matches!(pieces.get(at), Some(Piece::En(Kind::Article, _))) {
        let article = pieces.remove(at);
        pieces.insert(titled, article);
    }
    pieces
}

/// In a request about a namespace, the noun for an article is its entries ("A 네임스페이스
/// 항목 처음 30개" -> the first 30 entries).
fn entries_of_namespaces(pieces: Vec<Piece>) -> Vec<Piece> {
    if !pieces.contains(&Piece::En(Kind::Noun, "namespace")) {
        return pieces;
    }
    // "全件" (every one): English says "every entry".
    let every = pieces.contains(&Piece::En(Kind::Word, "every"));
    pieces
        .into_iter()
        .map(|p| match p {
            Piece::En(Kind::Article, _) => {
                Piece::En(Kind::Article, if every { "entry" } else { "entries" })
            }
            p => p,
        })
        .collect()
}

/// Reads the request into pieces.
fn read(s: &str) -> Vec<Piece> {
    let chars: Vec<char> = s.chars().filter(|c| !is_arabic_mark(*c)).collect();
    let mut pieces = Vec::new();
    let mut other = String::new();
    let mut i = 0usize;
    let mut grammar_tail = false;
    let japanese = chars.iter().any(|c| is_kana(*c));
    while let Some(&c) = chars.get(i) {
        if !is_hangul(c) {
            grammar_tail = false;
        }
        // A quoted name, kept whole.
        if let Some((_, close)) = QUOTES.iter().find(|(open, _)| *open == c)
            && let Some(len) = chars
                .get(i.saturating_add(1)..)
                .and_then(|rest| rest.iter().position(|x| x == close))
            && len > 0
        {
            flush(&mut other, &mut pieces);
            let name: String = chars.iter().skip(i.saturating_add(1)).take(len).collect();
            pieces.push(Piece::Quoted(name));
            i = i.saturating_add(len).saturating_add(2);
            continue;
        }
        if let Some(p) = punct(c) {
            flush(&mut other, &mut pieces);
            pieces.push(Piece::Punct(p));
            i = i.saturating_add(1);
            continue;
        }
        if c.is_whitespace() {
            other.push(' ');
            i = i.saturating_add(1);
            continue;
        }
        if is_arabic(c) {
            let used = read_arabic(&chars, i, &mut other, &mut pieces);
            i = i.saturating_add(used.max(1));
            continue;
        }
        if c == '前'
            && chars
                .get(i.saturating_add(1))
                .is_some_and(char::is_ascii_digit)
        {
            flush(&mut other, &mut pieces);
            pieces.push(Piece::En(Kind::Word, "first"));
            i = i.saturating_add(1);
            continue;
        }
        // "这三篇", "两个": a number of articles ("篇" counts writings: the articles, when no
        // noun for them follows).
        if let Some(number) = han_number(c)
            && let Some(&measure) = chars.get(i.saturating_add(1))
            && "个個篇条條".contains(measure)
        {
            flush(&mut other, &mut pieces);
            pieces.push(Piece::En(Kind::Word, number));
            i = i.saturating_add(2);
            if measure == '篇'
                && !longest_entry(&chars, i, japanese)
                    .is_some_and(|(_, kind, _)| kind == Kind::Article)
            {
                pieces.push(Piece::En(Kind::Article, "articles"));
            }
            continue;
        }
        // "A/서울 이랑 A/부산": a particle written apart from the path it follows.
        if is_hangul(c)
            && other.trim().is_empty()
            && matches!(pieces.last(), Some(Piece::Quoted(_)))
            && let Some((len, kind)) = lone_particle(&chars, i)
        {
            pieces.push(Piece::En(kind, if kind == Kind::And { "and" } else { "" }));
            i = i.saturating_add(len);
            continue;
        }
        if is_han_or_kana(c) || is_hangul(c) {
            if let Some((len, kind, english)) = longest_entry(&chars, i, japanese)
                && !(other.chars().last().is_some_and(is_han_or_kana)
                    && chars
                        .get(i..i.saturating_add(len))
                        .is_some_and(|w| BOUND.contains(&w.iter().collect::<String>().as_str())))
            {
                flush(&mut other, &mut pieces);
                pieces.push(Piece::En(kind, english));
                i = i.saturating_add(len);
                grammar_tail = is_hangul(c) && chars.get(i).is_some_and(|n| is_hangul(*n));
                continue;
            }
            if is_hangul(c)
                && let Some((len, kind)) = korean_particle(&chars, i)
            {
                flush(&mut other, &mut pieces);
                pieces.push(Piece::En(kind, if kind == Kind::And { "and" } else { "" }));
                i = i.saturating_add(len);
                continue;
            }
            // Japanese grammar no entry reads (endings, politeness) is no name, nor the
            // ending of a Korean word whose stem was read ("출력하십시오").
            if !(is_hiragana(c) || (grammar_tail && is_hangul(c))) {
                other.push(c);
            }
            i = i.saturating_add(1);
            continue;
        }
        // An entry's path ("A/臺北101", "A/دبي") is a name up to a space or the genitive; an
        // archive's file name ("wikipedia_ja_all.zim") says where, not what: it is left out
        // here (the archive is chosen from the request as written), with "in" after it.
        if c.is_ascii_alphanumeric() && other.trim().is_empty() {
            let run: String = chars
                .iter()
                .skip(i)
                .take_while(|x| !x.is_whitespace() && !QUOTES.iter().any(|q| q.0 == **x))
                .collect();
            let latin: String = run
                .chars()
                .take_while(|x| x.is_ascii_alphanumeric() || "_.-/".contains(*x))
                .collect();
            if latin.to_ascii_lowercase().ends_with(".zim") {
                flush(&mut other, &mut pieces);
                i = i.saturating_add(latin.chars().count());
                // Before the noun for a file ("X.zim 파일의 생성일"), it names that file.
                let noun_at = chars
                    .iter()
                    .skip(i)
                    .position(|c| !c.is_whitespace())
                    .map_or(i, |n| i.saturating_add(n));
                if longest_entry(&chars, noun_at, japanese)
                    .is_some_and(|(_, _, english)| matches!(english, "file" | "archive"))
                {
                    pieces.push(Piece::Other(latin));
                }
                if chars.get(i).is_some_and(|n| "裡里中内內".contains(*n)) {
                    i = i.saturating_add(1);
                }
                continue;
            }
            if latin.len() >= 2 && latin.chars().nth(1) == Some('/') && run.chars().count() > 2 {
                let path: String = run
                    .chars()
                    .take_while(|x| {
                        !matches!(
                            x,
                            '的' | 'の'
                                | '의'
                                | '을'
                                | '를'
                                | '에'
                                | '，'
                                | '、'
                                | ','
                                | '?'
                                | '？'
                        )
                    })
                    .collect();
                flush(&mut other, &mut pieces);
                i = i.saturating_add(path.chars().count());
                pieces.push(Piece::Quoted(path));
                continue;
            }
        }
        // Measure words after a number ("30个", "20件") are grammar, as are "in" and "on"
        // after a Latin name ("A中", "ZIM上").
        other.push(c);
        i = i.saturating_add(1);
        if c.is_ascii_digit()
            && let Some(&next) = chars.get(i)
            && "个個条條篇项項件つ개건".contains(next)
        {
            i = i.saturating_add(1);
        }
        if c.is_ascii_alphanumeric()
            && let Some(&next) = chars.get(i)
            && "中里裡内內上".contains(next)
        {
            i = i.saturating_add(1);
        }
    }
    flush(&mut other, &mut pieces);
    pieces
}

/// A Chinese numeral, as English.
fn han_number(c: char) -> Option<&'static str> {
    Some(match c {
        '两' | '兩' | '二' => "two",
        '三' => "three",
        '四' => "four",
        '五' => "five",
        '几' | '幾' => "a few",
        _ => return None,
    })
}

/// Ends the text no entry read as a piece of its own.
fn flush(other: &mut String, pieces: &mut Vec<Piece>) {
    let text = other.trim();
    if !text.is_empty() {
        pieces.push(Piece::Other(text.to_string()));
    }
    other.clear();
}

/// The longest lexicon entry of Chinese, Japanese or Korean at `i`; a Korean entry that is
/// grammar only at a word's end.
fn longest_entry(chars: &[char], i: usize, japanese: bool) -> Option<(usize, Kind, &'static str)> {
    let lexicon = &*LEXICON_MAP;
    let max = lexicon.longest.min(chars.len().saturating_sub(i));
    (1..=max).rev().find_map(|len| {
        let word: String = chars.get(i..i.saturating_add(len))?.iter().collect();
        let (kind, english) = *lexicon.words.get(word.as_str())?;
        let ends_word = !chars
            .get(i.saturating_add(len))
            .is_some_and(|c| is_hangul(*c));
        let starts_word = i == 0
            || !chars
                .get(i.saturating_sub(1))
                .is_some_and(|c| is_hangul(*c));
        let hangul = word.chars().all(|c| is_hangul(c) || c == ' ');
        // One ideograph is a word of one language only, and often a part of a name ("和" is
        // "and" in Chinese, a letter of "昭和" in Japanese).
        if len == 1 && word.chars().all(|c| is_han_or_kana(c) && !is_kana(c)) {
            let own = if japanese {
                JAPANESE_SINGLE
            } else {
                CHINESE_SINGLE
            };
            if !word.chars().all(|c| own.contains(&c)) {
                return None;
            }
        }
        // Korean endings ("줘", "해") stand at a word's end, one-letter words ("이") alone.
        if hangul && kind == Kind::Drop && !ends_word {
            return None;
        }
        // ... or with particles ("글의").
        if hangul
            && kind != Kind::Drop
            && len == 1
            && !(starts_word && (ends_word || hangul_particles_only(chars, i.saturating_add(1))))
        {
            return None;
        }
        // A Korean name holding an entry's letters ("기사단") is no entry.
        if hangul
            && starts_word
            && !ends_word
            && !hangul_rest_is_grammar(chars, i.saturating_add(len))
        {
            return None;
        }
        Some((len, kind, english))
    })
}

/// Whether the rest of a Korean word from `i` is particles and endings only.
fn hangul_rest_is_grammar(chars: &[char], i: usize) -> bool {
    let end = chars
        .iter()
        .skip(i)
        .position(|c| !is_hangul(*c))
        .map_or(chars.len(), |n| i.saturating_add(n));
    let rest: String = chars.get(i..end).unwrap_or_default().iter().collect();
    let mut rest = rest.as_str();
    // A noun made a verb ("링크하나요", "요약해", "작동돼", "출력하십시오").
    if ['하', '해', '했', '합', '되', '된', '돼', '됐', '인']
        .iter()
        .any(|c| rest.starts_with(*c))
    {
        return true;
    }
    let lexicon = &*LEXICON_MAP;
    while !rest.is_empty() {
        if let Some((p, _)) = KOREAN_PARTICLES.iter().find(|(p, _)| rest.starts_with(p)) {
            rest = rest.get(p.len()..).unwrap_or_default();
            continue;
        }
        // A verb's ending after the noun ("목차를 보여줘" is spaced; "요약해줘" is not).
        // Entries are at most `longest` letters: a long word costs no more per letter.
        if let Some(word) = (1..=rest.chars().count().min(lexicon.longest))
            .rev()
            .map(|n| rest.chars().take(n).collect::<String>())
            .find(|w| lexicon.words.contains_key(w.as_str()))
        {
            rest = rest.get(word.len()..).unwrap_or_default();
            continue;
        }
        return false;
    }
    true
}

/// Whether the rest of a Korean word from `i` is particles only ("의", "을", "에서").
fn hangul_particles_only(chars: &[char], i: usize) -> bool {
    let mut at = i;
    while chars.get(at).is_some_and(|c| is_hangul(*c)) {
        let Some(len) = KOREAN_PARTICLES.iter().find_map(|(p, _)| {
            let len = p.chars().count();
            let word: String = chars.get(at..at.saturating_add(len))?.iter().collect();
            (word == *p).then_some(len)
        }) else {
            return false;
        };
        at = at.saturating_add(len);
    }
    at > i
}

/// A Korean particle that is the whole word at `i`.
fn lone_particle(chars: &[char], i: usize) -> Option<(usize, Kind)> {
    let len = chars
        .iter()
        .skip(i)
        .position(|c| !is_hangul(*c))
        .unwrap_or(chars.len().saturating_sub(i));
    let word: String = chars.get(i..i.saturating_add(len))?.iter().collect();
    KOREAN_PARTICLES
        .iter()
        .find(|(p, _)| *p == word)
        .map(|(_, kind)| (len, *kind))
}

/// A Korean particle at `i` that ends its word after other letters.
fn korean_particle(chars: &[char], i: usize) -> Option<(usize, Kind)> {
    // After letters, a number or a closing quote ("'김치'와", "ZIM을").
    let fastened =
        |c: &char| is_hangul(*c) || c.is_alphanumeric() || QUOTES.iter().any(|q| q.1 == *c);
    if i == 0 || !chars.get(i.saturating_sub(1)).is_some_and(fastened) {
        return None;
    }
    // "'컨테이너선'인 문서": the copula after a quoted name ("the article that is 'X'"). After
    // letters it is too often a name's own ("아인슈타인").
    let after_quote = chars
        .get(i.saturating_sub(1))
        .is_some_and(|c| QUOTES.iter().any(|q| q.1 == *c));
    if after_quote
        && chars.get(i) == Some(&'인')
        && !chars
            .get(i.saturating_add(1))
            .is_some_and(|c| is_hangul(*c))
    {
        return Some((1, Kind::Drop));
    }
    KOREAN_PARTICLES.iter().find_map(|(p, kind)| {
        let len = p.chars().count();
        let word: String = chars.get(i..i.saturating_add(len))?.iter().collect();
        let ends_word = !chars
            .get(i.saturating_add(len))
            .is_some_and(|c| is_hangul(*c));
        (word == *p && ends_word).then_some((len, *kind))
    })
}

/// Reads the Arabic words from `i` (one, or two or three forming an entry); returns the
/// characters used.
fn read_arabic(chars: &[char], i: usize, other: &mut String, pieces: &mut Vec<Piece>) -> usize {
    let word_end = |from: usize| {
        chars
            .iter()
            .skip(from)
            .position(|c| !is_arabic(*c))
            .map_or(chars.len(), |n| from.saturating_add(n))
    };
    let first_end = word_end(i);
    let first: String = chars.get(i..first_end).unwrap_or_default().iter().collect();
    // A group of two or three words ("الصفحة الرئيسية", "من فضلك").
    let mut end = first_end;
    let mut group = first.clone();
    let mut best: Option<(usize, Kind, &'static str)> = None;
    for _ in 0..2 {
        if chars.get(end) != Some(&' ') {
            break;
        }
        let next_end = word_end(end.saturating_add(1));
        if next_end <= end.saturating_add(1) {
            break;
        }
        let next: String = chars
            .get(end.saturating_add(1)..next_end)
            .unwrap_or_default()
            .iter()
            .collect();
        group = format!("{group} {next}");
        end = next_end;
        if let Some((kind, english)) = arabic_entry(&group) {
            best = Some((end, kind, english));
        }
    }
    if let Some((end, kind, english)) = best {
        flush(other, pieces);
        pieces.push(Piece::En(kind, english));
        return end.saturating_sub(i);
    }
    match arabic_entry(&first) {
        Some((kind, english)) => {
            flush(other, pieces);
            pieces.push(Piece::En(kind, english));
        }
        None => {
            // "بـ" before a quoted prefix: "with"; "و" before one, or fastened to a name
            // after another ("دمشق وبيروت"): "and".
            let after_name =
                !other.trim().is_empty() || matches!(pieces.last(), Some(Piece::Quoted(_)));
            if first == "ب" {
                flush(other, pieces);
                pieces.push(Piece::En(Kind::Word, "with"));
            } else if first == "و" {
                flush(other, pieces);
                pieces.push(Piece::En(Kind::And, "and"));
            } else if let Some(name) = first.strip_prefix('و')
                && after_name
                && name.chars().count() >= 3
            {
                flush(other, pieces);
                pieces.push(Piece::En(Kind::And, "and"));
                other.push_str(name);
            } else {
                other.push_str(&first);
            }
        }
    }
    first_end.saturating_sub(i)
}

/// An Arabic word or word group of the lexicon, as written or with its clitics peeled off
/// (the article kept or not: "والمقالة", "للأرشيف").
fn arabic_entry(word: &str) -> Option<(Kind, &'static str)> {
    let lexicon = &*LEXICON_MAP;
    let found = |w: &str| lexicon.words.get(w).copied();
    if let Some(hit) = found(word) {
        return Some(hit);
    }
    let peeled = ARABIC_PREFIXES.iter().find_map(|prefix| {
        let rest = word.strip_prefix(prefix)?;
        if rest.chars().count() < 2 {
            return None;
        }
        found(rest).or_else(|| found(&format!("ال{rest}")))
    });
    // A verb of the spoken language with its "for me" fastened after ("افتحلي", "تلخصلي").
    peeled.or_else(|| {
        let verb = ["لي", "ني"]
            .iter()
            .find_map(|suffix| word.strip_suffix(suffix))
            .filter(|verb| verb.chars().count() >= 3)?;
        found(verb).filter(|(kind, _)| *kind == Kind::Verb)
    })
}

/// English order for Chinese, Japanese and Korean: verbs first, then the parts the genitive
/// joins, from the last owned to the first owner.
fn write_owner_first(pieces: Vec<Piece>) -> String {
    let (verbs, rest): (Vec<Piece>, Vec<Piece>) = pieces
        .into_iter()
        .partition(|p| matches!(p, Piece::En(Kind::Verb, _)));
    // "'김치'와 관련된": the particle before "related" is its "to", written by it.
    let rest: Vec<Piece> = rest
        .iter()
        .enumerate()
        .filter(|(n, p)| {
            !(matches!(p, Piece::En(Kind::And | Kind::Object, _))
                && matches!(
                    rest.get(n.saturating_add(1)),
                    Some(Piece::En(Kind::After, _))
                ))
        })
        .map(|(_, p)| p.clone())
        .collect();
    // "「光合成」の記事の見出し構成を アンカーID付きで": after the object, the adjuncts.
    let (rest, adjunct) = match rest
        .iter()
        .position(|p| matches!(p, Piece::En(Kind::Object, _)))
    {
        Some(at) => {
            let (object, adjunct) = rest.split_at(at);
            (
                object.to_vec(),
                adjunct.get(1..).unwrap_or_default().to_vec(),
            )
        }
        None => (rest, Vec::new()),
    };
    let rest = compounds_as_genitives(rest);
    // "全部", "漏れなく": how many is said right after the verb, also when said among the
    // adjuncts ("エントリを全部順番に列挙").
    let is_count = |p: &Piece| matches!(p, Piece::En(Kind::Word, "all" | "every" | "both"));
    let (counts, rest): (Vec<Piece>, Vec<Piece>) = rest.into_iter().partition(is_count);
    let (adjunct_counts, adjunct): (Vec<Piece>, Vec<Piece>) =
        adjunct.into_iter().partition(is_count);
    let verbs: Vec<Piece> = verbs
        .into_iter()
        .chain(counts)
        .chain(adjunct_counts)
        .collect();
    // A question mark or a full stop between the parts ends the English instead.
    let asks = rest.contains(&Piece::Punct('?'));
    let rest: Vec<Piece> = rest
        .into_iter()
        .filter(|p| !matches!(p, Piece::Punct('?' | '.' | '!')))
        .collect();
    let mut out: Vec<String> = verbs.iter().map(text_of).collect();
    // "坂本龍馬の記事と関連するページ", "K-pop 문서랑 이어진 이웃 문서들": a relation after an
    // article's noun has the whole chain before it as its object, and qualifies the nouns
    // after it, plural ("pages related to article 坂本龍馬").
    let written = match rest
        .iter()
        .position(|p| matches!(p, Piece::En(Kind::After, _)))
    {
        Some(at)
            if at > 0
                && matches!(
                    rest.get(at.saturating_sub(1)),
                    Some(Piece::En(Kind::Article, _))
                )
                && rest.get(at.saturating_add(1)..).is_some_and(|after| {
                    !after.is_empty()
                        && after.iter().all(|p| {
                            matches!(p, Piece::En(Kind::Word | Kind::Article | Kind::Drop, _))
                        })
                }) =>
        {
            let (object, qualified) = rest.split_at(at);
            let relation = qualified.first().map(text_of).unwrap_or_default();
            let qualified = qualified.get(1..).unwrap_or_default();
            // What follows the nouns ("어떤 게 있어": which are there) ends the English,
            // "which" before them.
            let nouns_end = qualified
                .iter()
                .rposition(|p| matches!(p, Piece::En(Kind::Article, _)))
                .map_or(0, |n| n.saturating_add(1));
            let (nouns, tail) = qualified.split_at(nouns_end);
            let nouns: Vec<Piece> = nouns
                .iter()
                .map(|p| match p {
                    Piece::En(Kind::Article, english) => Piece::En(Kind::Word, plural(english)),
                    p => p.clone(),
                })
                .collect();
            let (which, tail): (Vec<Piece>, Vec<Piece>) = tail
                .iter()
                .cloned()
                .partition(|p| *p == Piece::En(Kind::Word, "which"));
            format!(
                "{} {} {relation} {} {}",
                write_part(&which),
                write_part(&nouns),
                chain_in_english(object.to_vec()),
                write_part(&tail)
            )
        }
        _ => chain_in_english(rest),
    };
    out.push(written);
    let adjunct: Vec<Piece> = adjunct
        .into_iter()
        .filter(|p| !matches!(p, Piece::En(Kind::Verb | Kind::Drop | Kind::Of, _)))
        .collect();
    out.push(write_part(&adjunct));
    if asks {
        out.push("?".to_string());
    }
    out.join(" ")
}

/// The parts the genitive joins, from the last owned to the first owner.
fn chain_in_english(rest: Vec<Piece>) -> String {
    let mut parts: Vec<Vec<Piece>> = vec![Vec::new()];
    for piece in rest {
        match piece {
            Piece::En(Kind::Of, _) => parts.push(Vec::new()),
            Piece::En(Kind::Drop, _) => {}
            p => {
                if let Some(last) = parts.last_mut() {
                    last.push(p);
                }
            }
        }
    }
    for part in &mut parts {
        if matches!(part.first(), Some(Piece::En(Kind::And, _))) {
            part.remove(0);
        }
    }
    parts.retain(|p| !p.is_empty());
    // "「京都」の記事の目次": a part that is only the noun for an article names the part before.
    let mut joined: Vec<Vec<Piece>> = Vec::new();
    for part in parts {
        let only_article = part
            .iter()
            .all(|p| matches!(p, Piece::En(Kind::Article, _)));
        // "「暗殺」のところ", "'역사'의 섹션": the section named before its noun.
        let only_section = part.iter().all(|p| *p == Piece::En(Kind::Noun, "section"));
        if only_section
            && let Some(before) = joined.last_mut()
            && matches!(before.as_slice(), [Piece::Quoted(_)])
        {
            before.extend(part);
            continue;
        }
        match joined.last_mut() {
            // "和《X》相关的条目": after "related to", the noun it qualifies follows.
            Some(before)
                if only_article && matches!(before.last(), Some(Piece::En(Kind::After, _))) =>
            {
                before.extend(part);
            }
            // "名前空間Mのエントリ": the entries of the namespace, not a name for them.
            Some(before)
                if only_article
                    && !matches!(before.first(), Some(Piece::En(Kind::Noun, "namespace"))) =>
            {
                let mut named = part;
                named.append(before);
                *before = named;
            }
            _ => joined.push(part),
        }
    }
    // A part that only says what its owned noun is titled follows it without "of".
    let mut written = String::new();
    for part in joined.iter().rev() {
        let text = write_part(part);
        let modifier = text.starts_with("titled ");
        if !written.is_empty() {
            written.push_str(if modifier { " " } else { " of " });
        }
        written.push_str(&text);
    }
    written
}

/// "'한국 전쟁' 문서 요약", "「大阪」の記事構造", "「寿司」の記事、目次": a noun for an article
/// followed by a view's noun, with nothing or a comma between, owns it as the genitive would
/// say; "A 네임스페이스" is namespace A.
fn compounds_as_genitives(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    let mut iter = pieces.into_iter().peekable();
    while let Some(piece) = iter.next() {
        let next = iter.peek();
        match (&piece, next) {
            (Piece::En(Kind::Article, _), Some(Piece::Punct(','))) => {
                out.push(piece);
                out.push(Piece::En(Kind::Of, ""));
                iter.next();
            }
            (Piece::En(Kind::Article, _), Some(Piece::En(Kind::Noun, _))) => {
                out.push(piece);
                out.push(Piece::En(Kind::Of, ""));
            }
            (Piece::Other(_), Some(Piece::En(Kind::Noun, "namespace"))) if is_letter(&piece) => {
                if let Some(namespace) = iter.next() {
                    out.push(namespace);
                }
                out.push(piece);
            }
            _ => out.push(piece),
        }
    }
    out
}

/// One part in English: a name before the noun for an article is written after it ("《长城》
/// 这篇文章" -> "article "长城""), and a postposition before its object's noun ("「東」で始まる
/// タイトル" -> "title starting with "東"").
fn write_part(part: &[Piece]) -> String {
    let part = names_side_by_side(part);
    let part = article_before_list(&part);
    let part = part.as_slice();
    let mut words: Vec<String> = Vec::new();
    let mut i = 0usize;
    while let Some(piece) = part.get(i) {
        let next = part.get(i.saturating_add(1));
        let after_next = part.get(i.saturating_add(2));
        match (piece, next) {
            // "앵커와 함께": "with" the anchors.
            (
                Piece::En(Kind::Noun, _) | Piece::Quoted(_) | Piece::Other(_),
                Some(Piece::En(Kind::And, _)),
            ) if after_next == Some(&Piece::En(Kind::Word, "together")) => {
                words.push("with".into());
                words.push(text_of(piece));
                i = i.saturating_add(3);
            }
            (Piece::En(Kind::Noun, "main page"), Some(Piece::En(Kind::Article, _))) => {
                words.push(text_of(piece));
                i = i.saturating_add(2);
            }
            (Piece::Quoted(_) | Piece::Other(_), Some(article @ Piece::En(Kind::Article, _)))
                if !is_number(piece) && !is_letter(piece) =>
            {
                words.push(text_of(article));
                words.push(text_of(piece));
                i = i.saturating_add(2);
            }
            // "「富士山」というタイトル": titled "富士山" (the noun for a title is said by it).
            (Piece::Quoted(_) | Piece::Other(_), Some(Piece::En(Kind::After, "titled")))
                if after_next.is_none() || after_next == Some(&Piece::En(Kind::Noun, "title")) =>
            {
                words.push("titled".to_string());
                words.push(text_of(piece));
                i = i.saturating_add(if after_next.is_some() { 3 } else { 2 });
            }
            (Piece::Quoted(_) | Piece::Other(_), Some(after @ Piece::En(Kind::After, _))) => {
                if let Some(noun @ Piece::En(Kind::Noun | Kind::Article, _)) = after_next {
                    words.push(text_of(noun));
                    words.push(text_of(after));
                    words.push(text_of(piece));
                    i = i.saturating_add(3);
                } else {
                    words.push(text_of(after));
                    words.push(text_of(piece));
                    i = i.saturating_add(2);
                }
            }
            // "相关文章": with nothing before it, "related" qualifies what follows.
            (Piece::En(Kind::After, english), _) => {
                words.push(english.strip_suffix(" to").unwrap_or(english).to_string());
                i = i.saturating_add(1);
            }
            // "哪些页面", "全エントリ": the noun after a word of number is plural.
            (
                Piece::En(Kind::Article, english)
                | Piece::En(Kind::Noun, english @ ("file" | "archive")),
                _,
            ) if words
                .iter()
                .rev()
                .take(2)
                .any(|w| COUNTING.contains(&w.as_str())) =>
            {
                words.push(plural(english).to_string());
                i = i.saturating_add(1);
            }
            _ => {
                words.push(text_of(piece));
                i = i.saturating_add(1);
            }
        }
    }
    words.join(" ")
}

/// "「東京都」「大阪府」「愛知県」の記事": names written side by side are a list ("and" between
/// them), and a noun for articles before them is plural.
fn names_side_by_side(part: &[Piece]) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(part.len());
    let mut listed = false;
    for piece in part {
        if matches!(piece, Piece::Quoted(_)) && matches!(out.last(), Some(Piece::Quoted(_))) {
            out.push(Piece::En(Kind::And, "and"));
            listed = true;
        }
        out.push(piece.clone());
    }
    let names = out.iter().filter(|p| matches!(p, Piece::Quoted(_))).count();
    if listed || names >= 2 {
        for piece in &mut out {
            if let Piece::En(Kind::Article, english) = piece {
                *english = plural(english);
            }
        }
    }
    out
}

/// "北京、上海、广州这三篇条目", "부산, 대구, 인천 문서": the noun for articles moved before
/// the whole list of names it follows, plural.
fn article_before_list(part: &[Piece]) -> Vec<Piece> {
    let mut out = part.to_vec();
    let Some(at) = part
        .iter()
        .position(|p| matches!(p, Piece::En(Kind::Article, _)))
    else {
        return out;
    };
    let is_name = |p: &Piece| matches!(p, Piece::Quoted(_) | Piece::Other(_)) && !is_number(p);
    let is_joint = |p: &Piece| matches!(p, Piece::Punct(',') | Piece::En(Kind::And, _));
    // Walk back over the name, joint, name... run (words of number between are kept).
    let mut start = at;
    let mut names = 0usize;
    let mut cursor = at;
    while cursor > 0 {
        let Some(prev) = part.get(cursor.saturating_sub(1)) else {
            break;
        };
        if is_name(prev) {
            names = names.saturating_add(1);
            start = cursor.saturating_sub(1);
        } else if !is_joint(prev) && !is_count(prev) {
            break;
        }
        cursor = cursor.saturating_sub(1);
    }
    if names < 2 {
        return out;
    }
    if let Piece::En(_, english) = out.remove(at) {
        // Names written without quotes are quoted, so each is read as one.
        for piece in out.iter_mut().skip(start).take(at.saturating_sub(start)) {
            if let Piece::Other(name) = piece {
                *piece = Piece::Quoted(std::mem::take(name));
            }
        }
        out.insert(start, Piece::En(Kind::Word, plural(english)));
    }
    out
}

/// A number of articles ("这三篇": three).
fn is_count(piece: &Piece) -> bool {
    matches!(
        piece,
        Piece::En(Kind::Word, "two" | "three" | "four" | "five" | "a few")
    )
}

/// The plural of a noun for articles, files or archives.
fn plural(noun: &str) -> &'static str {
    match noun {
        "page" | "pages" => "pages",
        "entry" | "entries" => "entries",
        "file" | "files" => "files",
        "archive" | "archives" => "archives",
        _ => "articles",
    }
}

/// Words after which a noun for articles is plural.
const COUNTING: &[&str] = &["which", "all", "two", "first", "what"];

/// A namespace's letter ("A", "C").
fn is_letter(piece: &Piece) -> bool {
    matches!(piece, Piece::Other(t) if t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase()))
}

fn is_number(piece: &Piece) -> bool {
    matches!(piece, Piece::Other(t) if t.chars().all(|c| c.is_ascii_digit()))
}

/// English order for Arabic: as written, with "of" between a noun and the noun or name it
/// belongs to ("ملخص مقالة X" -> "summary of article X").
fn write_owner_last(pieces: Vec<Piece>) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut before: Option<Kind> = None;
    for piece in &pieces {
        let named =
            matches!(piece, Piece::Quoted(_)) && words.last().is_some_and(|w| w == "section");
        let letter = matches!(piece, Piece::Other(t) if t.chars().count() <= 2 && t.is_ascii());
        let owned_by = matches!(before, Some(Kind::Noun))
            && !named
            && !letter
            && matches!(
                piece,
                Piece::En(Kind::Article | Kind::Noun, _) | Piece::Quoted(_) | Piece::Other(_)
            );
        let this = matches!(piece, Piece::En(Kind::Word, "this"));
        if owned_by || (this && matches!(before, Some(Kind::Noun))) {
            // "ذات الصلة بمقالة": related to an article.
            let related = words.last().is_some_and(|w| w == "related");
            words.push(if related { "to" } else { "of" }.to_string());
        }
        before = match piece {
            Piece::En(kind, _) => Some(*kind),
            _ => None,
        };
        if !matches!(piece, Piece::En(Kind::Drop, _)) {
            words.push(text_of(piece));
        }
    }
    words.join(" ")
}

fn text_of(piece: &Piece) -> String {
    match piece {
        Piece::En(_, english) => (*english).to_string(),
        Piece::Quoted(name) => format!("\"{name}\""),
        Piece::Other(text) => text.clone(),
        Piece::Punct(c) => c.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_owner_chain_is_written_in_english_order() {
        assert_eq!(
            gloss("\"夏目漱石\"の記事の\"生涯\"セクションを見せて").as_deref(),
            Some("show \"生涯\" section of article \"夏目漱石\"")
        );
        assert_eq!(
            gloss("記事\"京都\"の目次を見せて").as_deref(),
            Some("show table of contents of article \"京都\"")
        );
    }

    #[test]
    fn chinese_verb_first_and_article_noun_before_its_name() {
        assert_eq!(
            gloss("给我看一下《长城》这篇文章的结构").as_deref(),
            Some("show me structure of article \"长城\"")
        );
        assert_eq!(
            gloss("列出命名空间A中的前30个条目").as_deref(),
            Some("list first 30 entries of namespace A")
        );
        assert_eq!(
            gloss("一次性把北京、上海、广州这三篇条目都取出来").as_deref(),
            // "都" ("all") is left: it is a letter of 成都 and 京都.
            Some("fetch at once articles \"北京\" , \"上海\" , \"广州\" three 都")
        );
    }

    #[test]
    fn names_set_off_by_a_colon_or_a_space_are_quoted() {
        assert_eq!(
            gloss("目录：万有引力").as_deref(),
            Some("table of contents \"万有引力\"")
        );
        // Said first, the name owns the nouns after it.
        assert_eq!(
            gloss("부산항 요약").as_deref(),
            Some("summary of \"부산항\"")
        );
        assert_eq!(
            gloss("横浜港 要約").as_deref(),
            Some("summary of \"横浜港\"")
        );
        assert_eq!(
            gloss("A/東京 全文").as_deref(),
            Some("full text of \"A/東京\"")
        );
        // Run together, the words may be one topic.
        assert_eq!(gloss("万有引力摘要").as_deref(), Some("万有引力 summary"));
        // Arabic sets every word apart: no name is quoted for it.
        assert_eq!(
            gloss("ملخص أسباب الحرب").as_deref(),
            Some("summary of أسباب الحرب")
        );
    }

    #[test]
    fn who_asks_is_no_word_of_the_request() {
        assert_eq!(
            gloss("ユーザーは\"室町時代\"の関連記事を求めています").as_deref(),
            Some("show related articles of \"室町時代\"")
        );
        assert_eq!(
            gloss("المستخدم يطلب ملخص مقالة \"الحروب الصليبية\"").as_deref(),
            Some("give me summary of article \"الحروب الصليبية\"")
        );
    }

    #[test]
    fn a_section_said_in_an_article_is_the_articles_section() {
        assert_eq!(
            gloss("《华法林》条目里\"药物相互作用\"那一节").as_deref(),
            Some("\"药物相互作用\" section of article \"华法林\"")
        );
        assert_eq!(
            gloss("와파린 문서에서 '상호작용' 섹션만 보여 줘").as_deref(),
            Some("show \"상호작용\" section of article 와파린")
        );
    }

    #[test]
    fn a_title_said_to_be_a_name_is_the_article_titled_so() {
        assert_eq!(
            gloss("タイトルがちょうど\"コンテナ船\"の記事はありますか？").as_deref(),
            Some("is there article titled exactly \"コンテナ船\" ?")
        );
        assert_eq!(
            gloss("有没有标题叫\"Python\"的条目？").as_deref(),
            Some("is there article titled \"Python\" ?")
        );
        // A quoted Korean name's copula is grammar; a name's own last letter is not.
        assert!(
            gloss("제목이 정확히 '컨테이너선'인 문서가 있나요?")
                .is_some_and(|g| !g.contains("\"인\""))
        );
    }

    #[test]
    fn links_are_asked_in_englishs_order() {
        assert_eq!(
            gloss("马六甲海峡这篇文章链接到了哪些页面？").as_deref(),
            Some("links of article 马六甲海峡 ?")
        );
        assert_eq!(
            gloss("어떤 문서들이 '헤파린'으로 링크하나요?").as_deref(),
            Some("which articles link to \"헤파린\" ?")
        );
        assert_eq!(
            gloss("\"徳川家康\"の記事からリンクされているページを一覧で").as_deref(),
            Some("list links of article \"徳川家康\"")
        );
    }

    #[test]
    fn how_many_is_said_after_the_verb_also_among_its_adjuncts() {
        assert_eq!(
            gloss("M名前空間のエントリを全部順番に列挙してください").as_deref(),
            Some("list all entries of namespace M in order")
        );
    }

    #[test]
    fn archives_asked_to_be_listed_are_many() {
        assert_eq!(
            gloss("読み込まれているアーカイブの一覧を出してください").as_deref(),
            Some("list show loaded archives")
        );
        assert_eq!(
            gloss("目前加载了哪些ZIM文件？").as_deref(),
            Some("currently loaded which ZIM files ?")
        );
    }

    #[test]
    fn korean_particles_are_read_at_a_words_end_only() {
        assert_eq!(
            gloss("'서울' 문서의 목차를 보여줘").as_deref(),
            Some("show table of contents of article \"서울\"")
        );
        // A name holding an entry's letters stays a name.
        assert_eq!(gloss("기사단의 역사"), None);
    }

    #[test]
    fn arabic_clitics_are_peeled_and_owners_follow() {
        assert_eq!(
            gloss(
                "أعطني ملخص مقالة «ابن خلدون»"
                    .replace(['«', '»'], "\"")
                    .as_str()
            )
            .as_deref(),
            Some("give me summary of article \"ابن خلدون\"")
        );
        assert_eq!(
            gloss("افتح الصفحة الرئيسية للأرشيف").as_deref(),
            Some("open main page of archive")
        );
    }

    /// Pieces of requests in the four scripts: the lexicon's words, particles, clitics,
    /// quotes, colons, names and letters.
    fn script_piece() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let words: Vec<&'static str> = LEXICON
            .iter()
            .map(|(w, _, _)| *w)
            .chain(KOREAN_PARTICLES.iter().map(|(w, _)| *w))
            .chain(ARABIC_PREFIXES.iter().copied())
            .chain([
                "\"",
                "'",
                "《",
                "》",
                "「",
                "」",
                "：",
                ":",
                "、",
                ",",
                "？",
                "?",
                " ",
                "30",
                "前",
                "三篇",
                "A",
                "A/",
                ".zim",
                "ZIM",
                "서울",
                "القاهرة",
                "京都",
                "ـ",
                "\u{64b}",
            ])
            .collect();
        prop_oneof![
            proptest::sample::select(words).prop_map(String::from),
            "[\\p{Han}\\p{Hangul}\\p{Arabic}\\p{Hiragana}\\p{Katakana}]{1,6}",
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Any mix of them is read without panicking, into English no longer than a bounded
        /// multiple of the request.
        #[test]
        fn any_mix_of_the_scripts_is_read_within_bounds(
            parts in proptest::collection::vec(script_piece(), 0..120)
        ) {
            let text: String = parts.concat();
            if let Some(english) = gloss(&text) {
                let bound = text.chars().count().saturating_mul(24).saturating_add(64);
                proptest::prop_assert!(english.chars().count() <= bound);
            }
        }
    }

    #[test]
    fn paths_are_names_and_archive_files_are_left_out() {
        assert_eq!(
            gloss("wikipedia_ja_all_maxi_2024-01.zim の A/京都市 を開いて").as_deref(),
            Some("open \"A/京都市\"")
        );
    }

    #[test]
    fn names_side_by_side_are_a_list_of_articles() {
        assert_eq!(
            gloss("\"俳句\"と\"短歌\"の記事、両方ちょうだい").as_deref(),
            Some("give me both articles \"俳句\" and \"短歌\"")
        );
    }

    #[test]
    fn a_title_said_before_its_noun_is_what_the_article_is_titled() {
        assert_eq!(
            gloss("\"ラーメン\"というタイトルの項目はありますか").as_deref(),
            Some("is there article titled \"ラーメン\"")
        );
    }

    #[test]
    fn a_view_noun_after_the_article_noun_is_owned_by_it() {
        assert_eq!(
            gloss("'한국 전쟁' 문서 요약").as_deref(),
            Some("summary of article \"한국 전쟁\"")
        );
        assert_eq!(
            gloss("A 네임스페이스 항목 처음 30개만 보여 줘").as_deref(),
            Some("show namespace A entries first 30")
        );
    }

    #[test]
    fn requests_without_command_words_are_not_read() {
        assert_eq!(gloss("长城有多长"), None);
        assert_eq!(gloss("what is the structure of DNA"), None);
        assert_eq!(gloss("كم عمر الأهرامات"), None);
    }
    #[test]
    fn words_of_the_service_inside_names_stay_the_names() {
        assert!(gloss("東京周辺の記事を要約して").is_some_and(|g| g.contains("東京周辺")));
        assert!(gloss("사회 계층 문서 목차").is_some_and(|g| g.contains("사회 계층")));
    }

    #[test]
    fn arabic_is_a_language_only_after_a_project() {
        assert_eq!(
            gloss("ملخص مقالة المملكة العربية السعودية").as_deref(),
            Some("summary of article المملكة العربية السعودية")
        );
        assert!(
            gloss("افتحلي الصفحة الرئيسية تبع ويكيبيديا العربية")
                .is_some_and(|g| g.contains("Wikipedia in Arabic"))
        );
    }

    #[test]
    fn one_ideograph_words_start_a_word() {
        // "里" (in) is a letter of "居里夫人"; "篇" counts articles; "帮我" is for whom.
        assert_eq!(
            gloss("帮我同时打开爱因斯坦、居里夫人、牛顿这三篇").as_deref(),
            Some("open at once articles \"爱因斯坦\" , \"居里夫人\" , \"牛顿\" three")
        );
        assert_eq!(
            gloss("用户想一次性获取\"黄河\"和\"长江\"两个条目的内容").as_deref(),
            Some("fetch full text of at once articles \"黄河\" and \"长江\" two")
        );
        // "想" begins words: "想象力" is a name.
        assert_eq!(
            gloss("想象力这篇文章的摘要").as_deref(),
            Some("summary of article 想象力")
        );
    }

    #[test]
    fn korean_one_letter_words_and_particles_apart() {
        assert_eq!(
            gloss("임진왜란 글의 '배경' 부분 좀 보여줄래?").as_deref(),
            Some("show \"배경\" section of article 임진왜란 ?")
        );
        // "글" is a letter of "한글".
        assert_eq!(
            gloss("한글 문서의 목차").as_deref(),
            Some("table of contents of article 한글")
        );
        assert_eq!(
            gloss("A/서울 이랑 A/부산 두 항목 본문 다 주세요").as_deref(),
            Some("all full text of articles \"A/서울\" and \"A/부산\" two")
        );
        // "개요 부분": the summary part is the summary.
        assert_eq!(
            gloss("'비빔밥' 문서의 개요 부분만 보여 주세요").as_deref(),
            Some("show summary of article \"비빔밥\"")
        );
    }

    #[test]
    fn arguments_given_as_key_and_value() {
        assert_eq!(
            gloss("セクション取得　記事=Git　節=ブランチ").as_deref(),
            Some("fetch section : article=\"Git\" section=\"ブランチ\"")
        );
    }

    #[test]
    fn a_relation_after_an_article_takes_it_as_its_object() {
        assert_eq!(
            gloss("坂本龍馬の記事とつながりの深い周辺ページを教えて").as_deref(),
            Some("show neighbouring pages connected to article 坂本龍馬")
        );
        assert_eq!(
            gloss("K-pop 문서랑 이어진 이웃 문서들 보여줘").as_deref(),
            Some("show neighbouring articles connected to article K-pop")
        );
        assert_eq!(
            gloss("\"한글\" 문서를 가리키는 페이지는 어떤 게 있어?").as_deref(),
            Some("which pages link to article \"한글\" are there ?")
        );
    }

    #[test]
    fn the_article_whose_title_is_given_comes_before_it() {
        assert_eq!(
            gloss("タイトルが\"葛飾北斎\"と完全一致する項目はある？").as_deref(),
            Some("is there article titled \"葛飾北斎\" exactly ?")
        );
        assert_eq!(
            gloss("제목이 정확히 '훈민정음 해례본'인 항목 있어?").as_deref(),
            Some("article titled exactly \"훈민정음 해례본\" are there ?")
        );
    }

    #[test]
    fn every_entry_of_a_namespace() {
        assert_eq!(
            gloss("名前空間Mのエントリを全件列挙して").as_deref(),
            Some("list every entry of namespace M")
        );
    }

    #[test]
    fn an_archive_file_named_before_its_noun_is_kept() {
        assert_eq!(
            gloss("wikipedia_ko_all_nopic_2024-06.zim 파일의 생성일이랑 언어 알려줘").as_deref(),
            Some("show creation date and language of wikipedia_ko_all_nopic_2024-06.zim file")
        );
    }

    #[test]
    fn arabic_spoken_verbs_questions_and_titles() {
        assert_eq!(
            gloss("ممكن تلخصلي مقال \"نجيب محفوظ\"؟").as_deref(),
            Some("could you summarize article \"نجيب محفوظ\" ?")
        );
        assert_eq!(
            gloss("ما الروابط الخارجة من مقالة الجبر؟").as_deref(),
            Some("what are outgoing links of article الجبر ?")
        );
        assert_eq!(
            gloss("عناوين تبدأ بـ \"الإسكندر\"").as_deref(),
            Some("titles starting with \"الإسكندر\"")
        );
        assert_eq!(
            gloss("هل الخادم شغال؟").as_deref(),
            Some("is the server running ?")
        );
    }
}
