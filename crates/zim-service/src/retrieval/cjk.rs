//! Words of the scripts written without spaces between words: Chinese and Japanese, and
//! Korean (spaced, but its words carry their particles).
//!
//! The archives' full-text indexes keep such text as characters and character pairs (Xapian's
//! CJK n-grams, which libzim indexes with), and a query word in these scripts is matched as all
//! of its characters and pairs. A question ("怎么在debian上配置静态ip") is one token between
//! spaces: searched whole it wants every pair of the sentence, including the question's own
//! words and the pairs across word boundaries, and matches nothing. Read here instead as the
//! overlapping pairs of its ideograph runs (配置, 置静, 静态), its katakana runs whole (loanwords:
//! ファイアウォール), without its hiragana (Japanese grammar: particles, endings) and without the
//! question's scaffolding (怎么, 如何, 什么...): the pairs a page about the topic holds, each a
//! word the query ladder can require or drop on its own, weighed by its rarity like any other.

/// Characters of one run read at most (a pasted paragraph is not a question).
const MAX_RUN_CHARS: usize = 64;

/// Chinese words of asking, removed from an ideograph run before it is read in pairs, longest
/// first where one holds another (the first that matches at a place is cut). Words seldom part
/// of a topic's word: the cut is greedy, so a rare one loses a character (目的 is read as 目);
/// single characters that often begin or end content words (要 of 重要, 有 of 所有, 用 of 用户)
/// are not cut here, and dropped only standing alone ([`LONE_FUNCTION`]).
const SCAFFOLDING: &[&str] = &[
    "为什么",
    "為什麼",
    "怎么样",
    "怎麼樣",
    "怎么办",
    "怎麼辦",
    "有没有",
    "有沒有",
    "怎么",
    "怎麼",
    "怎样",
    "怎樣",
    "如何",
    "什么",
    "什麼",
    "哪些",
    "哪个",
    "哪個",
    "哪里",
    "哪裡",
    "请问",
    "請問",
    "是否",
    "能否",
    "应该",
    "應該",
    "需要",
    "可以",
    "一下",
    "谢谢",
    "謝謝",
    "吗",
    "嗎",
    "呢",
    "吧",
    "啊",
    "呀",
    "啥",
    "咋",
    "嘛",
    "的",
    "了",
];

/// Characters that, standing alone between the question's words, are its grammar (in, on,
/// and, I, is, want...): a piece of one of them is no topic. Inside a longer piece they stay
/// (在 of 存在, 上 of 上传, 用 of 用户).
const LONE_FUNCTION: &[char] = &[
    '在', '上', '中', '里', '裡', '和', '与', '與', '或', '跟', '把', '被', '给', '給', '从', '從',
    '对', '對', '我', '你', '他', '她', '它', '是', '有', '要', '想', '会', '會', '能', '也', '都',
    '就', '还', '還', '很', '这', '這', '那', '个', '個', '用', '时', '時',
];

/// The script class of a character, as far as word reading cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Chinese characters (Japanese kanji, Korean hanja).
    Han,
    Hiragana,
    /// Katakana, the prolonged-sound mark included.
    Katakana,
    Hangul,
    /// Everything else: Latin, digits, punctuation, other scripts.
    Other,
}

pub fn script_of(c: char) -> Script {
    match u32::from(c) {
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF => Script::Han,
        0x3041..=0x309F => Script::Hiragana,
        0x30A1..=0x30FA | 0x30FC..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Script::Katakana,
        0xAC00..=0xD7AF | 0x1100..=0x11FF | 0x3130..=0x318F => Script::Hangul,
        _ => Script::Other,
    }
}

pub fn is_cjk(c: char) -> bool {
    script_of(c) != Script::Other
}

pub fn has_cjk(text: &str) -> bool {
    text.chars().any(is_cjk)
}

/// `text` with a space at every change of script class that involves one of these scripts
/// ("怎么在debian上配置" -> "怎么在 debian 上配置"; "設定する方法" -> "設定 する 方法"), so each run
/// is a token of its own and the words around them are read as they are anywhere else. Text
/// without these scripts is returned as it is.
pub fn spaced(text: &str) -> std::borrow::Cow<'_, str> {
    if !has_cjk(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().saturating_add(16));
    let mut previous = Script::Other;
    for c in text.chars() {
        let script = script_of(c);
        if script != previous
            && (script != Script::Other || previous != Script::Other)
            && !out.is_empty()
        {
            out.push(' ');
        }
        out.push(c);
        previous = script;
    }
    std::borrow::Cow::Owned(out)
}

/// Query words in an order the index's query parser accepts: those of these scripts first.
/// Xapian 1.4's parser (with CJK n-grams, as libzim queries) rejects a query in which such a
/// word stands between two other words ("openvpn 公司 ipsec" is a syntax error, so the search
/// finds nothing), while "公司 openvpn ipsec" parses; the order of words means nothing to an
/// all-words or any-word query.
pub fn parser_order<'w>(words: impl IntoIterator<Item = &'w str>) -> Vec<&'w str> {
    let (mut first, rest): (Vec<&str>, Vec<&str>) = words.into_iter().partition(|w| has_cjk(w));
    first.extend(rest);
    first
}

/// The words of one run of a single script class (a token of [`spaced`] text): ideographs and
/// Hangul as overlapping pairs (a run of one, alone), after the scaffolding is cut out of an
/// ideograph run; katakana whole; hiragana nothing. Other text: nothing (it is not a run).
pub fn run_words(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().take(MAX_RUN_CHARS).collect();
    let Some(first) = chars.first() else {
        return Vec::new();
    };
    match script_of(*first) {
        Script::Han => without_scaffolding(&chars)
            .iter()
            .filter(|piece| !matches!(piece.as_slice(), [c] if LONE_FUNCTION.contains(c)))
            .flat_map(|piece| pairs(piece))
            .collect(),
        Script::Hangul => pairs(&chars),
        Script::Katakana if chars.len() >= 2 => vec![chars.iter().collect()],
        _ => Vec::new(),
    }
}

/// An ideograph run cut at its scaffolding words: the pieces between them.
fn without_scaffolding(chars: &[char]) -> Vec<Vec<char>> {
    let mut pieces = Vec::new();
    let mut piece: Vec<char> = Vec::new();
    let mut at = 0;
    while let Some(&c) = chars.get(at) {
        let rest = chars.get(at..).unwrap_or(&[]);
        let scaffolding = SCAFFOLDING.iter().find(|word| {
            let n = word.chars().count();
            rest.len() >= n && word.chars().zip(rest).all(|(a, b)| a == *b)
        });
        match scaffolding {
            Some(word) => {
                if !piece.is_empty() {
                    pieces.push(std::mem::take(&mut piece));
                }
                at = at.saturating_add(word.chars().count());
            }
            None => {
                piece.push(c);
                at = at.saturating_add(1);
            }
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    pieces
}

/// Overlapping pairs of characters; a single character alone.
fn pairs(chars: &[char]) -> Vec<String> {
    if chars.len() == 1 {
        return vec![chars.iter().collect()];
    }
    chars.windows(2).map(|w| w.iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_spaced_from_the_words_around_them() {
        assert_eq!(
            spaced("怎么在debian上配置静态ip"),
            "怎么在 debian 上配置静态 ip"
        );
        assert_eq!(spaced("設定する方法"), "設定 する 方法");
        assert_eq!(spaced("apt-get install"), "apt-get install");
    }

    #[test]
    fn ideographs_are_read_in_pairs_without_the_question_words() {
        assert_eq!(run_words("怎么配置静态"), ["配置", "置静", "静态"]);
        assert_eq!(run_words("为什么"), Vec::<String>::new());
        assert_eq!(run_words("网络的配置"), ["网络", "配置"]);
        assert_eq!(run_words("锁"), ["锁"]);
        assert_eq!(run_words("怎么在"), Vec::<String>::new());
    }

    #[test]
    fn katakana_is_one_word_hiragana_none_hangul_pairs() {
        assert_eq!(run_words("ファイアウォール"), ["ファイアウォール"]);
        assert_eq!(run_words("するには"), Vec::<String>::new());
        assert_eq!(run_words("설치하려면"), ["설치", "치하", "하려", "려면"]);
    }

    #[test]
    fn query_words_of_these_scripts_come_first() {
        assert_eq!(
            parser_order(["openvpn", "公司", "ipsec", "內網"]),
            ["公司", "內網", "openvpn", "ipsec"]
        );
        assert_eq!(parser_order(["a", "b"]), ["a", "b"]);
    }

    #[test]
    fn long_runs_are_bounded() {
        let run = "配".repeat(10_000);
        assert_eq!(run_words(&run).len(), MAX_RUN_CHARS - 1);
    }
}
