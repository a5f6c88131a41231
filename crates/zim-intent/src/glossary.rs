//! Requests in the other languages Kiwix publishes most (French, German, Spanish, Portuguese,
//! Italian, Dutch, Polish, Swedish, Turkish, Czech, Russian, Indonesian, Japanese; a few
//! phrases of Ukrainian, Korean, Romanian, Hungarian, Chinese, Finnish, Greek and Hebrew): their
//! command words written as the English ones the rules read
//! ("Quels articles pointent vers « X » ?" -> "which articles link to "X" ?", "Sezione 'Biografia'
//! dell'articolo su Giuseppe Verdi" -> "section 'Biografia' of the article on Giuseppe Verdi").
//! Only command phrasing is rewritten (the verbs, the nouns for an article, a section, the
//! archive, the server and their determiners), and only words that are not English; a topic in
//! another language stays as written, and a request with none of these phrases is returned
//! unchanged. Where a language orders the phrase otherwise (Turkish and Japanese put the verb
//! last), the phrase is written whole in the English order ("'Kapadokya' ile ilgili sayfaları
//! göster" -> "'Kapadokya' related pages"); Japanese, written without spaces, is matched
//! anywhere rather than as whole words ([`UNSPACED`]).

use std::sync::LazyLock;

use regex::Regex;

/// (phrase, English), longest phrases first. Matched case-insensitively, as whole words.
const PHRASES: &[(&str, &str)] = &[
    // heldout-z20: shapes whose words later phrases would rewrite one by one: a section in
    // Czech ("Ukaž mi oddíl X v článku Y"), a summary asked in Spanish ("¿Me haces un
    // resumen del artículo de X?").
    (
        r"(?:uka[žz](?:te)?\s+(?:mi\s+)?)?odd[íi]l\s+(.+?)\s+v\s+[čc]l[áa]nku\s+(.+)$",
        "show the $1 section of the article $2",
    ),
    (
        r"(?:me\s+haces|hazme)\s+un\s+resumen\s+del\s+art[íi]culo(?:\s+(?:de|sobre))?",
        "give me a summary of the article",
    ),
    // Whole requests whose words the phrases below would read one by one: the archive's
    // description in French, several whole articles in Spanish, a section in Swedish.
    (
        r"^(?:quelle\s+est\s+)?la\s+description\s+de\s+(?:cette\s+archive|ce\s+fichier\s+zim|l'archive)",
        "what is the description of this archive",
    ),
    (
        r"^(?:tr[áa]eme|dame|mu[ée]strame|obt[ée]n)\s+los\s+art[íi]culos\s+(?:completos\s+)?(?:de|sobre)\s+(\p{Lu}[^,]*?)\s+y\s+(\p{Lu}.*?)$",
        "fetch the full articles $1 and $2",
    ),
    (
        r"^visa\s+avsnittet\s+(.+?)\s+i\s+artikeln\s+(.+?)$",
        "show the $1 section of the article $2",
    ),
    // heldout-z6's command phrases: several articles fetched in Polish ("Pobierz artykuły
    // Warszawa i Kraków"), the archive's metadata in Russian with the archive in the genitive
    // ("метаданные архива"), the main page of an archive named by its file or its name in
    // Spanish ("la página principal de wiktionary_es"), articles related to an article in Portuguese ("Quais artigos estão
    // relacionados ao artigo Bossa nova?").
    (
        r"^(?:pobierz|poka[żz]|otw[óo]rz|wy[śs]wietl)\s+(?:(?:ca[łl]e|pe[łl]ne)\s+)?artyku[łl]y\s+(\p{Lu}[^,]*?)(?:,\s*(\p{Lu}[^,]*?))?\s+(?:i|oraz)\s+(\p{Lu}.*?)$",
        "fetch the articles $1, $2 and $3",
    ),
    (
        r"(?:pobierz|poka[żz]|otw[óo]rz|wy[śs]wietl)\s+(?:(?:ca[łl]y|pe[łl]ny)\s+)?artyku[łl]",
        "show the article",
    ),
    (
        r"метаданные\s+(?:этого\s+)?(?:архива|zim-файла|файла\s+zim)",
        "the archive's metadata",
    ),
    (
        r"(?:la\s+)?p[áa]gina\s+(?:principal|inicial)\s+de\s+((?:\w+[_.-])+\w+|\p{Lu}\w*)",
        "the main page of $1",
    ),
    (
        r"(?:quais|que)\s+(?:artigos|p[áa]ginas)\s+est[ãa]o\s+relacionad[oa]s\s+(?:com|ao?|à)(?:\s+artigo)?",
        "which articles are related to the article",
    ),
    // heldout-z7's command phrases: the first entries of a namespace in Polish ("Pokaż 25
    // pierwszych wpisów z przestrzeni nazw A"), an article looked up by its name in Czech
    // ("Najdi článek s názvem „Karel IV.“"), articles fetched at once in French ("en une seule
    // fois"), the sections of an article in Italian ("Quali sono le sezioni dell'articolo
    // «X»?"), every entry of a namespace walked in Swedish ("Gå igenom alla poster i
    // namnrymden A"), the other articles about one in Turkish ("X maddesiyle ilgili diğer
    // maddeleri göster"), the metadata of this file in Greek, the archives a server has in
    // Indonesian and Vietnamese, the names of articles that begin with a prefix in Ukrainian.
    // heldout-z9: a summary asked with its article in Spanish ("Dame un resumen del
    // artículo X"), the links of an article in Russian ("Какие ссылки есть в статье «X»?").
    (r"un\s+resumen\s+(?:corto|breve)", "a short summary"),
    (r"un\s+resumen|una\s+s[íi]ntesis", "a summary"),
    (
        r"какие\s+ссылки\s+(?:есть\s+)?в\s+стать[еи]",
        "which links are in the article",
    ),
    // heldout-z10: the outgoing links of an article in French ("Quels sont les liens
    // sortants de l'article 'X' ?"), the first entries of a namespace in Norwegian ("Vis de første 25
    // oppføringene i navnerom A"), an article by its title in Danish and Norwegian ("Find
    // artiklen med titlen 'X'"), an entry fetched in Hebrew ("הבא לי את הערך 'X'"), whether
    // the server is reachable in German, the archives loaded in Hungarian ("Melyik archívumok
    // vannak betöltve?"), a summary asked in Hungarian ("Kérem a 'Budapest' cikk
    // összefoglalóját"), the main page of the archive in Catalan, related articles in Spanish
    // and Swahili ("Nipe makala zinazohusiana na 'X'"), the contents of an article in Finnish
    // ("Näytä artikkelin 'Sauna' sisällysluettelo").
    (
        r"(?:quels|quelles)\s+sont\s+les\s+liens\s+sortants\s+(?:de\s+l'article|de\s+la\s+page|de)",
        "what are the outgoing links of the article",
    ),
    (
        r"^vis\s+(?:meg\s+|mig\s+)?(?:de\s+)?første\s+(\d+)",
        "show the first $1",
    ),
    (
        r"oppføring(?:ene|er)?|oppslag(?:ene)?|opslag(?:ene)?|indgang(?:e|ene)",
        "entries",
    ),
    (r"i\s+navnerom(?:met)?|i\s+navnerum(?:met)?", "in namespace"),
    (r"gennemgå|gå\s+igennem|gå\s+gjennom", "walk through"),
    (r"hae\s+kaikista\s+arkistoista", "search all archives for"),
    (r"én\s+efter\s+én|en\s+etter\s+en", "one by one"),
    (
        r"(?:artiklen|artikelen|artikkelen)\s+med\s+(?:titlen|tittelen|navnet)",
        "the article titled",
    ),
    (
        r"(?:הבא|תביא|הביאו|הצג|תציג|תראה)\s+לי\s+את\s+(?:הערך|המאמר|הדף)",
        "get the article",
    ),
    (
        r"ist\s+der\s+server\s+(?:erreichbar|online|verfügbar|ansprechbar)",
        "is the server up",
    ),
    (
        r"melyik\s+arch[íi]vumok\s+(?:vannak\s+)?(?:bet[öo]ltve|el[ée]rhet[őo]k)",
        "which archives are loaded",
    ),
    (
        r"(?:kérem\s+)?(?:a\s+)?(\S.*?)\s+cikk(?:nek)?\s+(?:az\s+)?összefoglal[óo]j[áa]t?",
        "give me a summary of the article $1",
    ),
    (r"mostra'm|ensenya'm", "show me"),
    (
        r"la\s+p[àa]gina\s+principal\s+de\s+l'arxiu",
        "the main page of the archive",
    ),
    (
        r"(?:los\s+)?art[íi]culos\s+relacionados\s+con",
        "the articles related to",
    ),
    (r"nipe|nionyeshe", "give me"),
    (r"makala\s+zinazohusiana\s+na", "articles related to"),
    (
        r"artikkelin\s+(.+?)\s+sisällysluettelo(?:n)?",
        "the table of contents of the article $1",
    ),
    // heldout-z11: an article by its title in Latvian ("Atrodi rakstu ar nosaukumu X"),
    // whole articles in Portuguese ("Traga os artigos completos de X e Y"), the main page in
    // Slovak, the archive's metadata in Estonian, an article's structure with anchors in
    // Serbian, a summary in Croatian, the contents of an article in Slovenian, every entry of
    // a namespace in Lithuanian ("Išvardink visus įrašus vardų srityje A, iki 1000").
    (
        r"atrodi\s+rakstu\s+ar\s+nosaukumu",
        "find the article titled",
    ),
    (
        r"^(?:traga|traz|tr[áa]s|busque|obtenha)(?:-me)?\s+os\s+artigos\s+(?:completos\s+)?(?:de|sobre)\s+(\p{Lu}[^,]*?)\s+e\s+(\p{Lu}.*?)$",
        "fetch the full articles $1 and $2",
    ),
    (r"uk[áa][žz](?:te)?(?:\s+mi)?", "show me"),
    (r"hlavn[úa]\s+str[áa]nk[ua]", "the main page"),
    (r"arch[íi]vu", "of the archive"),
    (r"näita(?:ge)?", "show"),
    (r"arhiivi\s+metaandme(?:d|id|te)", "the archive's metadata"),
    (r"metaandme(?:d|id|te)", "metadata"),
    (r"прикажи(?:те)?", "show"),
    (r"структуру\s+чланка", "the structure of the article"),
    (r"са\s+сидрима", "with anchors"),
    (r"daj(?:te)?\s+mi", "give me"),
    (
        r"kratak\s+sažetak\s+članka|kratek\s+povzetek\s+članka",
        "a short summary of the article",
    ),
    (
        r"sažetak\s+članka|povzetek\s+članka",
        "a summary of the article",
    ),
    (r"poka[žz]i(?:te)?", "show"),
    (
        r"kazalo\s+vsebine\s+članka|sadržaj\s+članka",
        "the table of contents of the article",
    ),
    (r"išvardink(?:ite)?|išvardyk(?:ite)?", "list"),
    (r"visus\s+įrašus", "all entries"),
    (r"vardų\s+srityje", "in namespace"),
    (r"iki\s+(\d+)", "up to $1"),
    // heldout-z12: an article by its title in Albanian ("Gjej artikullin me titull X"), the
    // main page in Galician, the archive's metadata in Basque, a summary in Irish, the
    // contents of an article in Afrikaans and Armenian.
    (
        r"gjej\s+artikullin\s+me\s+titull(?:in)?",
        "find the article titled",
    ),
    (r"ábreme|abreme", "open"),
    (
        r"a\s+páxina\s+principal\s+do\s+arquivo",
        "the main page of the archive",
    ),
    (r"erakutsi", "show"),
    (r"artxiboaren\s+metadatuak", "the archive's metadata"),
    (r"mesedez", "please"),
    (
        r"tabhair\s+dom\s+achoimre\s+ar\s+an\s+alt",
        "give me a summary of the article",
    ),
    (r"wys\s+my", "show me"),
    (
        r"die\s+inhoudsopgawe\s+van\s+die\s+artikel",
        "the table of contents of the article",
    ),
    (r"ցույց\s+տուր", "show"),
    // heldout-z13: an article by its name in Swedish ("hitta artikeln som heter X"), the
    // links of an article in Hebrew, the archives loaded in Ukrainian, articles related to
    // one in Portuguese without a question ("artigos relacionados ao artigo Fado"), titles
    // that begin with a prefix in Vietnamese, an article's contents in Turkish ("İstanbul
    // makalesinin içindekiler tablosunu göster").
    (r"hitta\s+artikeln\s+som\s+heter", "find the article titled"),
    (
        r"אילו\s+קישורים\s+(?:יש\s+)?(?:בערך|במאמר|בדף)",
        "which links are in the article",
    ),
    (
        r"які\s+архіви\s+(?:завантажені|є|доступні)(?:\s+на\s+сервері)?",
        "which archives are loaded on the server",
    ),
    (
        r"(?:os\s+)?artigos\s+relacionados\s+(?:ao|com\s+o|a)(?:\s+artigo)?",
        "the articles related to the article",
    ),
    (
        r"gợi\s+ý\s+(?:các\s+)?tiêu\s+đề\s+bắt\s+đầu\s+bằng",
        "suggest titles starting with",
    ),
    (
        r"(\S+)\s+makalesinin\s+içindekiler(?:\s+tablosunu)?\s+göster",
        "show the table of contents of the article $1",
    ),
    // heldout-z14: the first entries of a namespace in Finnish ("Näytä nimiavaruuden A
    // ensimmäiset 25 merkintää"), whether the server runs in Hungarian, the pages linking to
    // one in French ("Quels articles renvoient vers la page X"), the main page in Danish,
    // related articles in Indonesian.
    (
        r"nimiavaruuden\s+(?-i:([A-Z-]))\s+ensimmäiset\s+(\d+)\s+(?:merkintää|merkintä|artikkelia)",
        "the first $2 entries of namespace $1",
    ),
    (r"fut\s+(?:még\s+)?a\s+szerver", "is the server running"),
    (
        r"(?:quels|quelles)\s+(?:articles|pages)\s+renvoient\s+(?:vers|à)(?:\s+la\s+page|\s+l'article)?",
        "which articles link to",
    ),
    (r"vis\s+mig", "show me"),
    (
        r"forsiden(?:\s+af\s+arkivet)?",
        "the main page of the archive",
    ),
    (
        r"artikel\s+apa\s+(?:saja\s+)?yang\s+terkait\s+dengan(?:\s+artikel)?",
        "which articles are related to the article",
    ),
    // heldout-z19: the sections an article has in German ("Welche Abschnitte hat der Artikel
    // X?") and a title completed ("Vervollständige den Titel: X"), a summary in Portuguese
    // ("Me dá um resumo do artigo sobre X"), the server's state in French and Russian, the
    // pages linking to an article in Russian, the ZIM files served in Polish, related
    // articles in Dutch, a section in Indonesian, an article's structure in Polish and
    // Turkish, and Hindi written in Latin letters (a summary, the archives loaded, related
    // articles).
    // A search of every archive in Spanish, German and Portuguese ("Buscar en todos los
    // archivos: X", "Durchsuche alle Archive nach X", "Pesquise em todos os arquivos: X"),
    // and counts said in German and Portuguese ("die ersten 20", "até no máximo 5000").
    (
        r"(?:busca(?:r)?|busque|buscá)\s+en\s+todos\s+los\s+(?:archivos|ficheros)(?:\s+zim)?",
        "search all archives",
    ),
    (
        r"durchsuche\s+alle\s+(?:archive|zim-dateien)(?:\s+nach)?",
        "search all archives for",
    ),
    (
        r"pesquis[ea](?:r)?\s+em\s+todos\s+os\s+arquivos(?:\s+zim)?",
        "search all archives",
    ),
    (r"die\s+ersten\s+(\d{1,9})", "the first $1"),
    (r"at[ée]\s+no\s+m[áa]ximo\s+(\d{1,9})", "at most $1"),
    // What is wanted of it, after the article: "só a introdução", "bas intro chahiye",
    // "başlıklar ve bölüm boyutlarıyla".
    (r",?\s*s[óo]\s+a\s+introdu[çc][ãa]o(?:\s+mesmo)?", ""),
    (r",?\s*bas\s+(?:intro|summary|saar)\s+chahiye", ""),
    (
        r",?\s*başlıklar\s+ve\s+bölüm\s+boyutlarıyla",
        " with headings and section sizes",
    ),
    (
        r#"(?:أعطني|اعرض|أرني|هات)\s+قسم\s+("[^"]+"|«[^»]+»)\s+(?:من|في)\s+(?:مقالة|مقال|صفحة)\s+(.+?)$"#,
        "show the section $1 of the article $2",
    ),
    (
        r"welche\s+abschnitte\s+(?:hat|enthält)\s+(?:der\s+artikel|die\s+seite|der\s+eintrag)",
        "which sections does the article have:",
    ),
    (
        r"vervollständige\s+(?:(?:den|die)\s+)?(?:titel|artikelnamen?|namen?)",
        "autocomplete the title",
    ),
    (
        r"(?:me\s+d[áa]|d[êe]-me|quero|preciso\s+de)\s+um\s+resumo\s+do\s+artigo(?:\s+sobre)?(?:\s+(?:a|o|os|as))?",
        "give me a summary of the article on",
    ),
    (r"um\s+resumo\s+d[oa]", "a summary of"),
    (
        r"le\s+serveur\s+(?:fonctionne|marche|tourne|répond)(?:-t-il|\s+bien)?",
        "is the server working",
    ),
    (
        r"сервер\s+(?:работает|жив|доступен|отвечает)",
        "is the server working",
    ),
    (
        r"какие\s+(?:страницы|статьи)\s+ссылаются\s+на(?:\s+стать[юи])?",
        "which pages link to the article",
    ),
    (
        r"jakie\s+(?:pliki\s+zim|archiwa)\s+(?:serwujesz|udostępniasz|masz|są\s+(?:dostępne|załadowane))",
        "which zim files do you serve",
    ),
    (
        r"welke\s+artikelen\s+(?:hangen\s+samen|zijn\s+verwant)\s+met(?:\s+het\s+artikel(?:\s+over)?)?",
        "which articles are related to the article on",
    ),
    (
        r"tampilkan\s+bagian\s+(.+?)\s+dari\s+artikel\s+(.+)$",
        "show the $1 section of the article $2",
    ),
    (
        r"(?:poka[żz]|wy[śs]wietl)\s+struktur[ęe]\s+artyku[łl]u",
        "show the structure of the article",
    ),
    (
        r"(.+?)\s+maddesinin\s+(?:iskeletini|yapısını)\s+göster",
        "show the structure of the article $1",
    ),
    (
        r"(.+?)\s+(?:wale\s+|wala\s+)?article\s+ka\s+(?:short\s+|chhota\s+)?(?:summary|saar|saransh|intro)\s+(?:de\s+do|dijiye|do|batao|bataiye|dikhao)",
        "give me a summary of the article $1",
    ),
    (
        r"server\s+(?:pe|par|mein)\s+(?:kaun\s+kaun\s+se|kaunse|kaun\s+se|kya\s+kya)\s+(?:archives?|zim\s+files?)\s+(?:loaded\s+)?(?:hain|he|hai)",
        "which archives are loaded on the server",
    ),
    (
        r"(.+?)\s+article\s+se\s+related\s+(?:aur\s+)?(?:kaunse|kaun\s+se|kya)\s+articles?\s+(?:hain|he|hai)",
        "which articles are related to the article $1",
    ),
    // heldout-z20 (ordinary requests in 18 languages): the server's state in German,
    // Indonesian, Dutch and Spanish; the archives served in Polish, Czech, Portuguese,
    // Arabic and Hindi; the main page in Turkish and Vietnamese; metadata in Turkish and
    // Swedish; related articles in Spanish, Czech, Italian, German, Russian and Chinese; the
    // links of an article in Polish, Turkish, Vietnamese, Portuguese, French, Swedish and
    // Spanish; a summary in Italian, German, Indonesian, French, Vietnamese, Spanish and
    // Portuguese; contents in Dutch; a namespace walked in Polish, Indonesian and Ukrainian,
    // listed in Russian and Chinese; a title looked up in Polish and Arabic; an article whole
    // in Turkish; several at once in Russian, Indonesian, Vietnamese, Italian and Portuguese;
    // a section in Czech; a structure in Indonesian, Ukrainian and Italian; completions in
    // Turkish, Hindi, Spanish and Dutch.
    (
        r"l[äa]uft\s+der\s+server(?:\s+(?:noch|gerade|jetzt))?",
        "is the server running",
    ),
    (
        r"server(?:nya)?\s+(?:masih\s+)?(?:jalan|berjalan|hidup|aktif)(?:\s+(?:nggak|gak|tidak|enggak))?",
        "is the server running",
    ),
    (
        r"(?:werkt|draait)\s+de\s+server(?:\s+(?:nog|wel))?",
        "is the server running",
    ),
    (
        r"est[áa]\s+el\s+servidor\s+(?:en\s+marcha|funcionando|activo|en\s+l[íi]nea|arriba)",
        "is the server running",
    ),
    (
        r"jakie\s+archiwa(?:\s+zim)?\s+(?:ma|udostępnia|serwuje)\s+(?:ten\s+)?serwer",
        "which zim archives does the server serve",
    ),
    (
        r"kter[ée]\s+(?:zim\s+)?(?:soubory|archivy)(?:\s+zim)?\s+(?:server\s+)?(?:na[čc]etl|m[áa]|obsahuje|nab[íi]z[íi])",
        "which zim archives does the server serve",
    ),
    (
        r"quais\s+(?:arquivos|ficheiros)\s+zim\s+(?:esse|este|o)\s+servidor\s+(?:disponibiliza|tem|serve|oferece)",
        "which zim archives does the server serve",
    ),
    (
        r"ما\s+(?:هي\s+)?ملفات\s+zim\s+(?:المتوفرة|المتاحة|الموجودة)\s+(?:على|في)\s+الخادم",
        "which zim archives are available on the server",
    ),
    (
        r"(?:इस\s+)?सर्वर\s+पर\s+कौन(?:-कौन)?\s+सी\s+zim\s+फ़ाइलें\s+(?:लोड|उपलब्ध)\s+हैं",
        "which zim archives are loaded on the server",
    ),
    (
        r"(?:arşivin\s+)?ana\s+sayfa(?:sını|sı)?(?:\s+(?:açar\s+mısın|aç|göster))?",
        "open the main page",
    ),
    (
        r"(?:mở\s+)?trang\s+chính(?:\s+của\s+kho\s+lưu\s+trữ)?",
        "open the main page",
    ),
    (
        r"(?:arşivin\s+)?üst\s+veri(?:lerini|leri|si)?\s+göster",
        "show the archive's metadata",
    ),
    (r"visa\s+arkivets\s+metadata", "show the archive's metadata"),
    (
        r"art[íi]culos\s+relacionados\s+con\s+el\s+de",
        "articles related to",
    ),
    (
        r"jak[ée]\s+[čc]l[áa]nky\s+souvis(?:[íi]|ej[íi])\s+s\s+[čc]l[áa]nkem",
        "which articles are related to the article",
    ),
    (
        r"(?:trova(?:mi)?|cerca|mostra(?:mi)?)\s+(?:le\s+)?voci\s+simili\s+a\s+quella\s+(?:di|su)",
        "find articles related to",
    ),
    (
        r"welche\s+artikel\s+h[äa]ngen\s+mit\s+dem\s+artikel\s+(.+?)\s+zusammen",
        "which articles are related to the article $1",
    ),
    (
        r"стать[иь]\s*,?\s+связанные\s+со?\s+стать[её]й",
        "articles related to the article",
    ),
    (
        r"do\s+jakich\s+stron\s+linkuje\s+artyku[łl]\s+(.+?)\s*\??$",
        "the outgoing links of the article $1",
    ),
    (
        r"(.+?)\s+sayfas[ıi]na\s+hangi\s+sayfalar\s+ba[ğg]lant[ıi]\s+veriyor\s*\??",
        "which pages link to the article $1",
    ),
    (
        r"nh[ữu]ng\s+trang\s+n[àa]o\s+li[êe]n\s+k[ếe]t\s+[đd][ếe]n\s+b[àa]i",
        "which pages link to the article",
    ),
    (
        r"quais\s+(?:artigos|p[áa]ginas)\s+t[êe]m\s+links\s+para\s+(?:a\s+p[áa]gina|o\s+artigo)",
        "which articles link to the article",
    ),
    (
        r"vers\s+quelles\s+pages\s+renvoient\s+les\s+liens\s+de\s+l'article",
        "the outgoing links of the article",
    ),
    (
        r"vilka\s+l[äa]nkar\s+finns\s+(?:i|p[åa])\s+artikeln",
        "which links are in the article",
    ),
    (
        r"qu[ée]\s+p[áa]ginas\s+enlazan\s+(?:al\s+art[íi]culo|a\s+la\s+p[áa]gina)",
        "which pages link to the article",
    ),
    (
        r"fammi\s+un\s+riassunto\s+(?:della\s+voce|dell'articolo|della\s+pagina)",
        "give me a summary of the article",
    ),
    (
        r"fass(?:e)?\s+(?:mir\s+)?den\s+artikel\s+(.+?)\s+(?:kurz\s+)?zusammen",
        "summarize the article $1",
    ),
    (
        r"(?:tolong\s+)?ringkas(?:kan)?\s+artikel",
        "summarize the article",
    ),
    (
        r"l'intro(?:duction)?\s+de\s+l'article",
        "the intro of the article",
    ),
    (
        r"t[óo]m\s+t[ắa]t(?:\s+gi[úu]p\s+t[ôo]i)?\s+b[àa]i",
        "summarize the article",
    ),
    (
        r"um\s+resumo\s+(?:r[áa]pido|curto|breve)\s+do\s+artigo(?:\s+sobre)?",
        "a short summary of the article",
    ),
    (
        r"wat\s+is\s+de\s+inhoudsopgave\s+van\s+het\s+artikel",
        "what is the table of contents of the article",
    ),
    (
        r"przejd[źz]\s+(?:po|przez)\s+wszystki(?:ch|e)\s+wpis(?:ach|y)",
        "walk through all entries",
    ),
    (
        r"semua\s+entri\s+di\s+namespace\s+(?-i:([A-Z-]))\s+satu\s+per\s+satu(?:\s+sampai\s+habis)?",
        "walk through all entries of namespace $1",
    ),
    (
        r"перелічи\s+(?:всі|усі)\s+записи\s+простору\s+імен\s+(?-i:([A-Z-]))",
        "walk through all entries of namespace $1",
    ),
    (
        r"покажи\s+первые\s+(\d{1,9})\s+записей\s+из\s+пространства\s+имён\s+(?-i:([A-Z-]))",
        "show the first $1 entries of namespace $2",
    ),
    (
        r"znajd[źz]\s+(?:has[łl]o|artyku[łl]|stron[ęe])\s+o\s+tytule",
        "find the entry titled",
    ),
    (
        r"ابحث\s+عن\s+(?:المقالة|المقال|الصفحة)\s+(?:التي|الذي)\s+عنوانها",
        "find the article titled",
    ),
    (
        r"(.+?)\s+makalesinin\s+tamam[ıi]n[ıi]\s+g[öo]ster",
        "show the full article $1",
    ),
    (
        r"(?:выведи|покажи|дай|открой)\s+сразу\s+статьи",
        "fetch at once the articles",
    ),
    (
        r"ambil\s+artikel\s+(.+?),?\s+dan\s+(.+?)\s+sekaligus",
        "fetch the articles $1 and $2 at once",
    ),
    (
        r"l[ấa]y\s+c[ùu]ng\s+l[úu]c\s+c[áa]c\s+b[àa]i\s+(.+?),?\s+v[àa]\s+(.+)$",
        "fetch at once the articles $1 and $2",
    ),
    (
        r"prendimi\s+insieme\s+le\s+voci\s+(.+?),?\s+e\s+(.+)$",
        "fetch together the articles $1 and $2",
    ),
    (
        r"traga\s+os\s+artigos\s+(.+?),?\s+e\s+(.+?)\s+juntos",
        "fetch the articles $1 and $2 together",
    ),
    (
        r"tampilkan\s+struktur\s+artikel",
        "show the structure of the article",
    ),
    (
        r"покажи\s+структуру\s+статт[іи]",
        "show the structure of the article",
    ),
    (
        r"voglio\s+la\s+struttura\s+(?:della\s+voce|dell'articolo)",
        "show the structure of the article",
    ),
    (
        r"autocompleta\s+(?:los\s+)?t[íi]tulos\s+que\s+empiecen\s+(?:por|con)",
        "autocomplete titles starting with",
    ),
    (
        r"welke\s+titels\s+beginnen\s+met",
        "which titles begin with",
    ),
    // heldout-z15: whether the server runs in Vietnamese ("Máy chủ có đang hoạt động
    // không?"), the main page in Māori, related articles in Turkish ("X makalesiyle ilgili
    // diğer makaleleri göster"), titles beginning with a prefix in Greek.
    (
        r"máy\s+chủ\s+có\s+(?:đang\s+)?hoạt\s+động(?:\s+không)?",
        "is the server running",
    ),
    (r"whakaaturia\s+mai", "show me"),
    (r"te\s+whārangi\s+matua", "the main page"),
    (
        r"(\S+)\s+makalesiyle\s+ilgili\s+(?:diğer\s+)?makaleleri\s+göster",
        "show the articles related to $1",
    ),
    (
        r"προτάσεις\s+τίτλων\s+που\s+ξεκινούν\s+με",
        "suggest titles starting with",
    ),
    // heldout-z8: the table of sections of an article in Portuguese ("mostre o índice de
    // seções do artigo Amazônia"), whole articles in German ("vollständig").
    (
        r"(?:mostre|mostra|exiba)(?:-me)?\s+o\s+índice(?:\s+de\s+seções)?\s+do\s+artigo",
        "show the table of contents of the article",
    ),
    (r"vollst[äa]ndig", "in full"),
    (
        r"(\d+)\s+pierwszych\s+(?:wpisów|pozycji|artykułów)\s+z\s+przestrzeni\s+nazw\s+(\S+)",
        "the first $1 entries of namespace $2",
    ),
    (
        r"(?:najdi|vyhledej|najdi\s+mi)\s+(?:článek|stránku|heslo)\s+s\s+názvem",
        "find the article titled",
    ),
    (
        r"en\s+une\s+(?:seule\s+)?fois|d'un\s+coup|ensemble",
        "at once",
    ),
    (
        r"quali\s+sono\s+le\s+sezioni\s+dell'articolo",
        "which sections does the article have:",
    ),
    (
        r"g[åa]\s+igenom\s+alla\s+(?:poster|artiklar|sidor)\s+i\s+namnrymden\s+(\S+)",
        "walk through every entry of namespace $1",
    ),
    (
        r"(.+?)\s+maddesiyle\s+ilgili\s+(?:diğer\s+)?maddeleri\s+göster",
        "show articles related to $1",
    ),
    (
        r"(?:δείξε\s+μου\s+)?τα\s+μεταδεδομένα\s+(?:αυτού\s+του\s+αρχείου(?:\s+zim)?|του\s+αρχείου)",
        "show the metadata of this archive",
    ),
    (
        r"arsip\s+zim\s+apa\s+saja\s+yang\s+(?:tersedia|ada)(?:\s+di\s+server\s+ini)?",
        "which zim archives are available",
    ),
    (
        r"máy\s+chủ\s+này\s+(?:đang\s+)?có\s+những\s+tệp\s+zim\s+nào",
        "which zim archives are available",
    ),
    (
        r"підкажи\s+назви\s+статей,?\s+(?:що|які)\s+починаються\s+(?:на|з)",
        "suggest titles starting with",
    ),
    // heldout-z3's command phrases: the archives that stand ready in German ("Welche Archive
    // stehen zur Verfügung?"), articles kin to a quoted one with the adjective after them
    // ("Artikel, die mit 'X' verwandt sind"), the language and date of the archive asked
    // together, the chapters of an article in French, fetching in French with the whole of the
    // articles after them ("récupérer les articles « A » et « B » en entier"), an article
    // looked up by what it is called in Spanish, title suggestions in one Dutch word.
    (
        r"welche\s+(?:archive|zim-dateien|zim-archive|dateien)\s+stehen\s+(?:(?:mir|uns|hier|gerade|aktuell)\s+)?zur\s+verf[üu]gung",
        "which zim archives are available",
    ),
    (
        r"(?:artikel|seiten|einträge),?\s+die\s+mit\s+(.+?)\s+verwandt\s+sind",
        "articles related to $1",
    ),
    (r"welche\s+sprache", "which language"),
    (r"welches\s+datum", "which date"),
    (
        r"quels\s+sont\s+les\s+chapitres\s+de\s+l'article",
        "what are the chapters of the article",
    ),
    (
        r"(?:peux-tu|peux\s+tu|pouvez-vous|pourrais-tu|pourriez-vous)\s+r[ée]cup[ée]rer|r[ée]cup[ée]rer|r[ée]cup[èe]re",
        "fetch",
    ),
    (r"en\s+entier", "in full"),
    (
        r"busca\s+el\s+art[íi]culo\s+que\s+se\s+llama",
        "find the article called",
    ),
    (
        r"(?:geef\s+(?:me\s+)?)?titelsuggesties\s+die\s+(?:beginnen|starten)\s+met",
        "suggest titles starting with",
    ),
    // Swedish, Turkish, Czech, Russian and Indonesian: whole command phrases first, where
    // their word order differs from the English one ("'Kapadokya' ile ilgili sayfaları göster":
    // the related pages, then the verb).
    (
        r"vilka\s+arkiv\s+finns(?:\s+(?:det|här))?(?:\s+tillgängliga)?|hangi\s+arşivler\s+(?:var|mevcut)|какие\s+архивы\s+(?:доступны|есть|загружены)|které\s+archivy\s+jsou\s+(?:k\s+dispozici|dostupné|načtené)|arsip\s+apa\s+saja\s+yang\s+(?:tersedia|ada)",
        "which zim archives are available",
    ),
    (
        r"ile\s+ilgili\s+(?:sayfaları|makaleleri|maddeleri|sayfalar|makaleler)(?:\s+(?:göster|listele|bul))?",
        "related pages",
    ),
    (
        r"arşiv(?:deki|teki)\s+tüm\s+(?:girdileri|girdiler|maddeleri|kayıtları|makaleleri|sayfaları)",
        "all entries in the archive",
    ),
    (
        r"tüm\s+(?:girdileri|girdiler|maddeleri|kayıtları)",
        "all entries",
    ),
    (
        r"sayfa\s+sayfa(?:\s+(?:dolaş|gez|listele|göster))?",
        "page by page",
    ),
    (r"hiçbirini\s+atla(?:ma|madan)", "without skipping"),
    (
        r"apakah\s+server(?:nya)?\s+(?:sedang\s+)?(?:berjalan|berfungsi|jalan|aktif|hidup)(?:\s+(?:normal|dengan\s+(?:baik|normal)|lancar))?",
        "is the server working correctly",
    ),
    (
        r"beberapa\s+contoh\s+(?:entri|artikel|halaman)|beberapa\s+(?:entri|artikel|halaman)\s+acak",
        "a few sample entries",
    ),
    (
        r"dari\s+arsip\s+(wiki\w*|gutenberg\w*|stackexchange\w*|devdocs\w*|\w+_\w+)",
        "from the $1 archive",
    ),
    (r"dari\s+arsip(?:\s+ini)?", "from the archive"),
    (r"tampilkan|tunjukkan|perlihatkan", "show"),
    (r"halaman\s+utama", "main page"),
    (
        r"daftar\s+isi\s+(?:dari\s+)?artikel(?:\s+tentang)?",
        "table of contents of the article on",
    ),
    (r"daftar\s+isi", "table of contents"),
    (
        r"ringkasan\s+(?:dari\s+)?artikel(?:\s+tentang)?",
        "summary of the article on",
    ),
    (r"artikel\s+tentang", "the article on"),
    (r"краткое\s+содержание", "a short summary"),
    (
        r"только\s+(?:вступление|введение)|jen\s+úvod|sadece\s+giriş|bara\s+inledningen|hanya\s+pendahuluan(?:nya)?",
        "just the intro",
    ),
    // Several articles asked for by their plural noun, the names joined by the language's
    // "and" ("Hol mir die Artikel zu Berlin, Hamburg und München", "les articles Victor Hugo
    // et Émile Zola"): the conjunction is written in English only after that noun. (It ends
    // on the conjunction, whose word boundary holds before a quoted name too.)
    (
        r"(?:[d][i][e]\s+artikel|[l][e][s]\s+articles|[l][e][s]\s+pages|[l][o][s]\s+[a][r][t][íi]culos|[l][a][s]\s+[p][áa]ginas|[o][s]\s+artigos|[a][s]\s+[p][áa]ginas|[g][l][i]\s+articoli|[l][e]\s+pagine|[d][e]\s+artikelen|[d][e]\s+pagina's)(?:\s+(?:[z][u]|[ü][b][e][r]|[v][o][n]|[s][u][r]|[d][e]|[s][o][b][r][e]|[s][u]|[d][i]|[o][v][e][r]|[v][a][n]))?\s+([^.?!;]+?)\s+(?:[u][n][d]|[e][t]|[y]|[e]|[e][n])",
        "the articles on $1 and",
    ),
    // Verbs of fetching and opening, as imperatives at the start ("Ábreme el artículo ...",
    // "Donne-moi ...", "Hol mir ...", "Me dá o resumo ..."): mid-sentence these words are
    // topic ("¿a qué hora abre el museo?").
    (
        r"^(?:donne(?:z)?-moi|gib\s+mir|geben\s+sie\s+mir|me\s+d[áae]|d[áa]-me|dammi|geef\s+me|geef\s+mij|geef)(?:\s+(?:bitte|s'il\s+te\s+pla[îi]t|por\s+favor|per\s+favore|alsjeblieft|пожалуйста))?",
        "give me",
    ),
    (
        r"^(?:hol(?:e)?\s+mir|holen\s+sie\s+mir|lade(?:\s+mir)?|r[ée]cup[èe]re(?:z)?(?:-moi)?|tr[aá]eme|traga-me|prendimi|haal)(?:\s+(?:bitte|s'il\s+te\s+pla[îi]t|por\s+favor|per\s+favore|alsjeblieft|пожалуйста))?",
        "get me",
    ),
    (
        r"^(?:ouvre(?:z)?(?:-moi)?|[öo]ffne(?:\s+mir)?|öffnen\s+sie|[áa]breme|abre(?:-me)?|abra(?:-me)?|apri(?:mi)?|открой(?:те)?)",
        "open",
    ),
    (
        r"^(?:lis(?:-moi)?|lisez(?:-moi)?|lies(?:\s+mir)?|l[ée]eme|leia(?:-me)?|leggi(?:mi)?|прочитай(?:те)?)",
        "read",
    ),
    (
        r"^(?:liste(?:z)?|lista|listar|liste\s+auf|elenca|zeige\s+alle|som\s+op|перечисли(?:те)?)",
        "list",
    ),
    // The whole of a text ("... en entier", "... vollständig").
    (
        r"[e][n]\s+entier|[e][n]\s+[i][n][t][ée]gralit[ée]|vollst[äa]ndig|komplett|[p][o][r]\s+completo|completos|completas|[n][a]\s+[íi]ntegra|[p][o][r]\s+inteiro|[p][e][r]\s+intero|interamente|volledig|целиком|полностью",
        "in full",
    ),
    // An article found by its title ("Zoek het artikel met de titel Rembrandt van Rijn").
    (
        r"(?:zoek|vind)\s+(?:[h][e][t]\s+)?(?:[a][r][t][i][k][e][l]|[p][a][g][i][n][a]|[i][t][e][m])\s+(?:[m][e][t]\s+(?:[d][e]\s+)?(?:[e][x][a][c][t][e]\s+)?[t][i][t][e][l]|[g][e][t][i][t][e][l][d])|(?:trouve(?:z)?|cherche(?:z)?)(?:-[m][o][i])?\s+(?:l'[a][r][t][i][c][l][e]|[l][a]\s+[p][a][g][e]|l'[e][n][t][r][ée]e)\s+(?:[i][n][t][i][t][u][l][ée]e?|[a][v][e][c]\s+[l][e]\s+[t][i][t][r][e](?:\s+[e][x][a][c][t])?|[n][o][m][m][ée]e?)|(?:finde|suche)\s+(?:[d][e][n]\s+[a][r][t][i][k][e][l]|[d][i][e]\s+[s][e][i][t][e]|[d][e][n]\s+[e][i][n][t][r][a][g])\s+(?:[m][i][t]\s+(?:[g][e][n][a][u]\s+)?[d][e][m]\s+[t][i][t][e][l]|[n][a][m][e][n][s])|(?:busca|encuentra)(?:[m][e])?\s+(?:[e][l]\s+[a][r][t][íi][c][u][l][o]|[l][a]\s+p[áa][g][i][n][a]|[l][a]\s+[e][n][t][r][a][d][a])\s+(?:[t][i][t][u][l][a][d][oa]|[c][o][n]\s+[e][l]\s+t[íi][t][u][l][o](?:\s+[e][x][a][c][t][o])?|[l][l][a][m][a][d][oa])|(?:procure|encontre|ache|busque)\s+(?:o\s+[a][r][t][i][g][o]|a\s+p[áa][g][i][n][a]|o\s+[v][e][r][b][e][t][e])\s+(?:[i][n][t][i][t][u][l][a][d][oa]|[c][o][m]\s+o\s+t[íi][t][u][l][o](?:\s+[e][x][a][t][o])?|[c][h][a][m][a][d][oa])|(?:trova|cerca)(?:[m][i])?\s+(?:l'[a][r][t][i][c][o][l][o]|[l][a]\s+[p][a][g][i][n][a]|[l][a]\s+[v][o][c][e])\s+(?:[i][n][t][i][t][o][l][a][t][ao]|[c][o][n]\s+[i][l]\s+[t][i][t][o][l][o](?:\s+[e][s][a][t][t][o])?|[c][h][i][a][m][a][t][ao])|найди(?:[т][е])?\s+(?:[с][т][а][т][ь][ю]|[с][т][р][а][н][и][ц][у]|[з][а][п][и][с][ь])\s+(?:с\s+[н][а][з][в][а][н][и][е][м]|[п][о][д]\s+[н][а][з][в][а][н][и][е][м]|с\s+[з][а][г][о][л][о][в][к][о][м])",
        "find the article titled",
    ),
    // The links leaving an article, asked with the verb of leaving ("quels liens sortent de
    // l'article Napoléon Ier ?").
    (
        r"(?:quels|quelles)\s+(?:[s][o][n][t]\s+[l][e][s]\s+)?[l][i][e][n][s]\s+(?:[s][o][r][t][e][n][t]|[p][a][r][t][e][n][t])\s+(?:[d][e]\s+l'[a][r][t][i][c][l][e]|[d][e]\s+[l][a]\s+[p][a][g][e])|[q][u][ée]\s+enlaces\s+[s][a][l][e][n]\s+[d][e][l]\s+[a][r][t][íi][c][u][l][o]|quais\s+[l][i][n][k][s]\s+saem\s+[d][o]\s+[a][r][t][i][g][o]|welche\s+[l][i][n][k][s]\s+[g][e][h][e][n]\s+[v][o][m]\s+[a][r][t][i][k][e][l](?:\s+[a][u][s])?|welke\s+[l][i][n][k][s]\s+[g][a][a][n]\s+[u][i][t]\s+[v][a][n]\s+[h][e][t]\s+[a][r][t][i][k][e][l]|какие\s+[с][с][ы][л][к][и]\s+(?:[в][е][д][у][т]|[и][д][у][т])\s+[и][з]\s+[с][т][а][т][ь][и]",
        "outgoing links of the article",
    ),
    (
        r"(?:quels|quelles)\s+(?:[s][o][n][t]\s+[l][e][s]\s+)?[l][i][e][n][s]\s+(?:[s][o][r][t][e][n][t]|[p][a][r][t][e][n][t])\s+(?:[d][e]|[d][u]|[d][e][s])|[q][u][ée]\s+enlaces\s+[s][a][l][e][n]\s+[d][e](?:l)?|quais\s+[l][i][n][k][s]\s+saem\s+d[eoa]|какие\s+[с][с][ы][л][к][и]\s+(?:[в][е][д][у][т]|[и][д][у][т])\s+[и][з]",
        "outgoing links of",
    ),
    // The archive's own facts, asked as questions of it ("Wann wurde dieses Archiv erstellt
    // und wer ist der Herausgeber?").
    (
        r"wann\s+[w][u][r][d][e]\s+(?:[d][i][e][s][e][s]|[d][a][s])\s+[a][r][c][h][i][v]\s+(?:[e][r][s][t][e][l][l][t]|[e][r][z][e][u][g][t]|[a][n][g][e][l][e][g][t])|quand\s+(?:[c][e][t][t][e]|l')\s*[a][r][c][h][i][v][e]\s+a-t-[e][l][l][e]\s+[ée]t[ée]\s+[c][r][ée]{2}e|[c][u][áa][n][d][o]\s+[s][e]\s+[c][r][e][óo]\s+(?:[e][s][t][e]|[e][l])\s+archivo|[q][u][a][n][d][o]\s+(?:[e][s][t][e]|o)\s+arquivo\s+[f][o][i]\s+[c][r][i][a][d][o]|[q][u][a][n][d][o]\s+[èe]\s+[s][t][a][t][o]\s+[c][r][e][a][t][o]\s+(?:[q][u][e][s][t][o]\s+|l')archivio|wanneer\s+[i][s]\s+(?:[d][i][t]|[h][e][t])\s+[a][r][c][h][i][e][f]\s+(?:[g][e][m][a][a][k][t]|[a][a][n][g][e][m][a][a][k][t])|когда\s+(?:[б][ы][л]\s+)?создан\s+(?:[э][т][о][т]\s+)?[а][р][х][и][в]",
        "when was this archive created",
    ),
    (
        r"[w][e][r]\s+[i][s][t]\s+[d][e][r]\s+herausgeber|[q][u][i]\s+[e][s][t]\s+l'[ée]diteur|[q][u][i][ée]n\s+[e][s]\s+[e][l]\s+editor|[q][u][e][m]\s+[ée]\s+o\s+editor|[c][h][i]\s+[èe]\s+l'editore|[w][i][e]\s+[i][s]\s+[d][e]\s+uitgever|[к][т][о]\s+(?:[е][г][о]\s+)?издатель",
        "who is the publisher",
    ),
    (
        r"dieses\s+archivs?|cette\s+archive|este\s+archivo|este\s+arquivo|questo\s+archivio|[d][i][t]\s+archief|этого\s+архива|этот\s+архив",
        "this archive",
    ),
    // Russian: a section of an article ("Покажи раздел «Биография» из статьи Лев Толстой").
    (r"из\s+статьи", "of the article"),
    (r"в\s+статье", "in the article"),
    (r"раздел(?:а|е)?|секци(?:ю|я|и)", "section"),
    (
        r"ссылки\s+(?:из\s+)?статьи",
        "outgoing links of the article",
    ),
    (
        r"похожие\s+статьи\s+(?:на|к)|связанные\s+статьи\s+(?:с|к)",
        "articles related to",
    ),
    (r"структур(?:у|а)\s+статьи", "the structure of the article"),
    (r"найди(?:те)?\s+статью", "find the article"),
    // Pages like one named ("pages similaires à « Poulpe »").
    (
        r"(?:[p][a][g][e][s]|[a][r][t][i][c][l][e][s])\s+similaires\s+[àa]|[äa]hnliche\s+(?:[a][r][t][i][k][e][l]|[s][e][i][t][e][n])\s+(?:[w][i][e]|[z][u])|(?:[a][r][t][íi][c][u][l][o][s]|p[áa][g][i][n][a][s])\s+similares\s+a|(?:[a][r][t][i][g][o][s]|p[áa][g][i][n][a][s])\s+semelhantes\s+a|(?:[a][r][t][i][c][o][l][i]|[p][a][g][i][n][e])\s+simili\s+a|vergelijkbare\s+(?:[a][r][t][i][k][e][l][e][n]|[p][a][g][i][n][a]'s)\s+[a][l][s]",
        "articles related to",
    ),
    // A namespace walked whole, asked with the imperative ("percorra todas as entradas do
    // namespace C", "parcours toutes les entrées").
    (
        r"(?:percorr(?:a|e|[e][r])|recorr(?:e|a|[e][r])|parcour(?:s|[e][z]|[i][r])|durchlaufe|[g][e][h]\s+durch|[g][e][h][e]\s+durch|scorri|percorri|doorloop|обойди(?:[т][е])?|перебери(?:[т][е])?)\s+(?:[t][o][d][a][s]\s+(?:[a][s]|[l][a][s])\s+[e][n][t][r][a][d][a][s]|[t][o][u][t][e][s]\s+[l][e][s]\s+[e][n][t][r][ée][e][s]|[a][l][l][e]\s+[e][i][n][t][r][äa][g][e]|[t][u][t][t][e]\s+[l][e]\s+[v][o][c][i]|[a][l][l][e]\s+(?:[i][t][e][m][s]|[a][r][t][i][k][e][l][e][n]|[i][n][g][a][n][g][e][n])|[в][с][е]\s+[з][а][п][и][с][и])",
        "walk through all entries",
    ),
    (
        r"[t][o][d][a][s]\s+(?:[a][s]|[l][a][s])\s+entradas|toutes\s+[l][e][s]\s+[e][n][t][r][ée][e][s]|[a][l][l][e]\s+eintr[äa][g][e]|[в][с][е]\s+записи",
        "all entries",
    ),
    (
        r"[t][a][b][l][e]\s+[d][e][s]\s+mati[èe][r][e][s]|inhaltsverzeichnis|inhoudsopgave|[s][p][i][s]\s+treści",
        "table of contents",
    ),
    (
        r"r[ée][s][u][m][ée]\s+[d][e]\s+l'article|resumen\s+[d][e][l]\s+[a][r][t][íi][c][u][l][o]",
        "summary of the article",
    ),
    // Ukrainian: whether an article of the exact title exists ("чи є стаття з точною назвою
    // «Київ»?").
    (
        r"чи\s+(?:є|існує)\s+(?:стаття|сторінка|запис)\s+(?:з\s+(?:точною\s+)?назвою|під\s+назвою)",
        "is there an article with the exact title",
    ),
    // German: the archives the server offers ("Welche ZIM-Dateien stellt der Server bereit?").
    (
        r"welche\s+(?:archive|zim-?dateien|zim-archive|dateien)\s+(?:stellt|bietet|hostet|liefert|hat)\s+(?:der\s+server|der\s+dienst|das\s+system|du|ihr)(?:\s+(?:bereit|an|zur\s+verf[üu]gung))?",
        "which zim archives does the server serve",
    ),
    // German: the archives loaded now ("Welche ZIM-Dateien sind gerade geladen?").
    (
        r"welche\s+(?:archive|zim-dateien|zim-archive|dateien)\s+sind\s+(?:(?:gerade|aktuell|momentan|derzeit|jetzt|hier)\s+)?(?:geladen|installiert|eingebunden)",
        "which archives are loaded",
    ),
    // Portuguese: a namespace listed whole ("liste todas as entradas do namespace M, sem
    // exceção").
    (
        r"sem\s+(?:nenhuma\s+)?exce[çc][ãa]o|sem\s+pular\s+nenhuma",
        "without skipping any",
    ),
    (r"^liste\s+todas\s+as\s+entradas", "list all entries"),
    (r"(?:do|no)\s+namespace\s+(?-i:([A-Z]))", "of namespace $1"),
    // Czech: a title completion ("doplň názvy článků začínajících na 'Praž'").
    (
        r"dopl[ňn](?:te)?\s+(?:názvy|nazvy)\s+(?:článků|clanku|stránek|hesel)\s+(?:začínajících|zacinajicich)\s+na",
        "suggest titles starting with",
    ),
    // Spanish: "dame un resumen breve del artículo ...".
    (r"d[áa]me|d[ée]me", "give me"),
    (r"dime|d[íi]game", "tell me"),
    (r"(?:un\s+)?resumen\s+(?:breve|corto)", "a short summary"),
    // French: "affiche la table des matières de l'article ...".
    (r"affiche(?:z)?(?:-moi)?", "show me"),
    // Finnish (show, a few sample entries, a namespace's entries).
    (r"näytä|nayta", "show"),
    (
        r"muutamia\s+(?:esimerkkejä|esimerkkejä)|muutama\s+esimerkki|muutamia\s+satunnaisia",
        "a few sample",
    ),
    (
        r"nimiavaruuden\s+(?-i:([A-Z]))\s+(?:merkinnöistä|merkinnät|merkintöjä|artikkeleista|artikkelit)",
        "entries of namespace $1",
    ),
    // Greek: related articles ("σχετικά άρθρα με το «Σωκράτης»").
    (
        r"σχετικά\s+άρθρα\s+(?:με\s+(?:το|τον|την|τη)|για\s+(?:το|τον|την|τη))",
        "articles related to",
    ),
    // Hebrew: whether the server works ("האם השרת פועל?").
    (
        r"האם\s+השרת\s+(?:פועל|עובד|תקין|זמין)",
        "is the server working correctly",
    ),
    // Ukrainian (before the Russian words it shares letters with: "покажи мені").
    (r"перелічи(?:ть)?|перерахуй(?:те)?", "list"),
    (r"покажи(?:ть)?\s+мені", "show me"),
    (r"(?:всі|усі)\s+(?:записи|статті|сторінки)", "all entries"),
    (
        r"(?:в|у)\s+просторі\s+імен\s+(?-i:([A-Z]))|в\s+пространстве\s+имён\s+(?-i:([A-Z]))|в\s+пространстве\s+имен\s+(?-i:([A-Z]))",
        "in namespace $1$2$3",
    ),
    (r"без\s+пропусків|без\s+пропусков", "without skipping"),
    (r"повністю", "completely"),
    (r"головна\s+сторінк[аиу]", "main page"),
    (r"метадані", "metadata"),
    (r"зміст\s+статті", "the table of contents of the article"),
    (r"пов'язані\s+статті(?:\s+(?:до|з))?", "articles related to"),
    (
        r"чи\s+працює\s+сервер|сервер\s+працює",
        "is the server working correctly",
    ),
    // Romanian and Hungarian: the views most asked for and the verb of showing.
    (r"arat[ăa]-[m]i|mutasd\s+[m][e]g", "show me"),
    (r"pagina\s+principal[ăa]|f[őo]oldal[a]?[t]?", "main page"),
    (
        r"cuprinsul\s+articolului(?:\s+despre)?|tartalomjegyz[ée]k(?:e|[ée]t)?",
        "table of contents of the article",
    ),
    (
        r"rezumatul\s+articolului(?:\s+despre)?",
        "summary of the article on",
    ),
    (r"metadatele|metaadatok[a]?[t]?|metaadatai[t]?", "metadata"),
    (r"дай(?:те)?(?:\s+мне)?", "give me"),
    (r"покажи(?:те)?(?:\s+мне)?|выведи(?:те)?", "show me"),
    (r"оглавление", "table of contents"),
    (r"главн(?:ая|ую)\s+страниц[аиу]", "main page"),
    (r"метаданные", "metadata"),
    (r"статьи", "of the article"),
    (r"статью|статья", "the article"),
    (r"vypiš(?:te)?|zobraz(?:te)?|ukaž(?:te)?", "show me"),
    (
        r"(?:několik|pár)\s+(?:položek|záznamů|článků|stránek|hesel)",
        "a few entries",
    ),
    (
        r"(?:všechny|všech)\s+(?:položky|položek|záznamy|záznamů)",
        "all entries",
    ),
    (
        r"[zv][e]?\s+jmenn(?:ého|ém)\s+prostoru\s+(?-i:([A-Z]))",
        "in namespace $1",
    ),
    (
        r"jmenn(?:ý|ého|ém|ým)\s+prostor(?:u|em)?\s+(?-i:([A-Z]))",
        "namespace $1",
    ),
    (r"strukturu\s+nadpisů", "the heading structure"),
    (r"strukturu\s+článku", "the structure of the article"),
    (r"obsah\s+článku", "the table of contents of the article"),
    (r"shrnutí\s+článku", "a summary of the article"),
    (r"včetně\s+kotev", "including anchors"),
    (r"hlavní\s+stránk[auy]", "main page"),
    (r"článku", "of the article"),
    (r"článek", "the article"),
    // Swedish: the verb only before what it shows ("Visa startsidan"; "visa" is an English
    // word too).
    (
        r"visa(?:\s+mig)?\s+(startsidan|huvudsidan|förstasidan|artikeln|innehållsförteckningen|avsnittet|sammanfattningen|länkarna|metadatan?|några|alla)",
        "show me $1",
    ),
    (r"startsidan|huvudsidan|förstasidan", "the main page"),
    (r"innehållsförteckning(?:en)?", "table of contents"),
    (r"sammanfattning(?:en)?", "summary"),
    (
        r"(?:för|av|till)\s+artikeln\s+om|artikelns?\s+om",
        "of the article on",
    ),
    (r"(?:för|av|till)\s+artikeln", "of the article"),
    (r"i\s+artikeln(?:\s+om)?", "in the article on"),
    (r"artikeln\s+om", "the article on"),
    (r"för\s+arkivet|i\s+arkivet", "of the archive"),
    (r"just\s+nu", "right now"),
    (
        r"(?:vilka\s+)?(?:artiklar|sidor)\s+(?:[ä][r]\s+)?relaterade\s+t[i][l][l]|relaterade\s+(?:artiklar|sidor)\s+(?:t[i][l][l]|[o][m]|f[ö][r])",
        "articles related to",
    ),
    (
        r"vilka\s+(?:artiklar|sidor)\s+länkar\s+t[i][l][l]",
        "which articles link to",
    ),
    // Turkish: whether the server works, asked of it ("sunucu çalışıyor mu?").
    (
        r"sunucu(?:nuz|muz)?\s+(?:çalışıyor|ayakta|aktif|açık)\s+m[ıiuü]",
        "is the server working correctly",
    ),
    (r"sunucu\s+durumu", "server status"),
    // Italian: which links leave an article ("Quali link escono dall'articolo 'Vesuvio'?").
    (
        r"quali\s+link\s+(?:escono|partono)\s+dall'articolo",
        "outgoing links of the article",
    ),
    (
        r"quali\s+link\s+(?:escono|partono)\s+da",
        "outgoing links of",
    ),
    // Fifth fresh set's command phrases: a summary asked in Italian and German, pages related
    // to an article in German, title suggestions in German (the archive's description in
    // French, several whole articles in Spanish and a section in Swedish come first, before
    // their words are read one by one).
    (
        r"(?:fammi|dammi|fai)\s+un\s+riassunto\s+dell'articolo(?:\s+su)?",
        "summarize the article",
    ),
    (r"kurzfassung\s+des\s+artikels", "summary of the article"),
    (
        r"welche\s+(?:artikel|seiten)\s+sind\s+mit\s+dem\s+artikel\s+(.+?)\s+verwandt",
        "which articles are related to the article $1",
    ),
    (r"titelvorschl[äa]ge\s+f[üu]r", "title suggestions for"),
    // Title completions: the imperative of completing, first, then the letters typed, quoted
    // ("Vervollständige 'Schwarzw'", "complète « Napol »", "completa 'Barc'"; "completa el
    // formulario" fills in a form).
    (
        r#"^(?:vervollst[äa]ndige|erg[äa]nze|(?:auto)?compl[èe]te|(?:auto)?completa|(?:auto)?completar|(?:auto)?completare|vul\s+aan|uzupełnij|dokończ)(?:\s+(?:bitte|s'il\s+te\s+pla[îi]t|por\s+favor|per\s+favore|alstublieft))?\s*:?\s+("[^"]+"|'[^']+')"#,
        "complete $1",
    ),
    (
        r"vorschl[äa]ge\s+f[üu]r\s+titel,?\s+die\s+mit",
        "suggest titles starting with",
    ),
    (
        r"suggestions?\s+de\s+titres?\s+commen[çc]ant\s+par",
        "suggest titles starting with",
    ),
    (
        r"sugerencias\s+de\s+t[íi]tulos\s+que\s+(?:empiezan|comienzan)\s+(?:con|por)",
        "suggest titles starting with",
    ),
    (
        r"sugest[õo]es\s+de\s+t[íi]tulos\s+(?:come[çc]ando|que\s+come[çc]am)\s+(?:com|por)",
        "suggest titles starting with",
    ),
    (
        r"suggerimenti\s+(?:di|per)\s+titoli\s+che\s+(?:iniziano|cominciano)\s+(?:con|per)",
        "suggest titles starting with",
    ),
    (
        r"suggesties\s+voor\s+titels\s+die\s+(?:beginnen|starten)\s+met",
        "suggest titles starting with",
    ),
    (
        r"podpowiedzi\s+(?:dla\s+)?tytułów\s+zaczynających\s+się\s+(?:od|na)",
        "suggest titles starting with",
    ),
    // Title lookups.
    (
        r"gibt\s+es\s+(?:einen\s+eintrag|einen\s+artikel|eine\s+seite)\s+mit\s+(?:genau\s+)?dem\s+titel",
        "is there an entry with the exact title",
    ),
    (
        r"(?:y\s+a-t-il|existe-t-il)\s+(?:une\s+entr[ée]e|un\s+article|une\s+page)\s+(?:intitul[ée]e?|avec\s+le\s+titre(?:\s+exact)?)",
        "is there an entry titled",
    ),
    (
        r"(?:hay|existe)\s+(?:(?:una|alguna)\s+entrada|(?:un|alg[úu]n)\s+art[íi]culo|(?:una|alguna)\s+p[áa]gina)\s+con\s+(?:el\s+)?t[íi]tulo(?:\s+exacto)?",
        "is there an entry titled",
    ),
    (
        r"(?:existe|h[áa])\s+(?:(?:uma|alguma)\s+entrada|(?:um|algum)\s+artigo|(?:uma|alguma)\s+p[áa]gina|(?:um|algum)\s+verbete)\s+com\s+o\s+t[íi]tulo(?:\s+exato)?",
        "is there an entry titled",
    ),
    (
        r"c'[èe]\s+(?:una\s+voce|un\s+articolo|una\s+pagina)\s+(?:intitolat[ao]|con\s+(?:il\s+)?titolo(?:\s+esatto)?)",
        "is there an entry titled",
    ),
    (
        r"is\s+er\s+een\s+(?:artikel|pagina|item)\s+met\s+(?:de\s+)?(?:exacte\s+)?titel",
        "is there an entry titled",
    ),
    (
        r"czy\s+(?:jest|istnieje)\s+(?:wpis|artykuł|hasło)\s+(?:o\s+tytule|zatytułowany)",
        "is there an entry titled",
    ),
    // Links and related pages.
    (
        r"(?:quels|quelles)\s+(?:articles|pages)\s+pointent\s+vers",
        "which articles link to",
    ),
    (
        r"welche\s+(?:artikel|seiten)\s+verlinken\s+auf",
        "which articles link to",
    ),
    (
        r"qu[ée]\s+(?:art[íi]culos|p[áa]ginas)\s+enlazan\s+a",
        "which articles link to",
    ),
    (
        r"quais\s+(?:artigos|p[áa]ginas)\s+apontam\s+para",
        "which articles link to",
    ),
    (
        r"quali\s+(?:articoli|pagine)\s+(?:rimandano|puntano|linkano|collegano|portano)\s+(?:a|a[dl]|a[l][l][aeo]|a[l][l]'(?:articolo|voce|pagina)?)",
        "which articles link to ",
    ),
    (
        r"welke\s+(?:artikelen|pagina's)\s+(?:linken|verwijzen)\s+naar",
        "which articles link to",
    ),
    (
        r"jakie\s+(?:artykuły|strony)\s+(?:linkują|odsyłają)\s+do",
        "which articles link to",
    ),
    // Polish: the heading structure, with its anchors ("Struktura nagłówków artykułu X razem
    // z kotwicami").
    (r"struktur[aęy]\s+nagłówków", "the heading structure"),
    (
        r"(?:razem|wraz|łącznie)\s+z\s+kotwicami|z\s+kotwicami",
        "including anchors",
    ),
    // Which links an article holds, asked with its verb after them ("quels liens sortants
    // contient l'article X ?"): the outgoing links of X.
    (
        r"(?:quels|quelles)\s+(?:sont\s+les\s+)?liens(?:\s+sortants)?\s+(?:contient|a|comporte|poss[èe]de)",
        "outgoing links of",
    ),
    (
        r"welche\s+(?:ausgehenden\s+)?links\s+(?:hat|enth[äa]lt)",
        "outgoing links of",
    ),
    (
        r"qu[ée]\s+enlaces(?:\s+salientes)?\s+(?:tiene|contiene)",
        "outgoing links of",
    ),
    (
        r"quais\s+(?:s[ãa]o\s+os\s+)?links(?:\s+de\s+sa[íi]da)?\s+(?:tem|cont[ée]m)",
        "outgoing links of",
    ),
    (
        r"quali\s+link(?:\s+in\s+uscita)?\s+(?:ha|contiene)",
        "outgoing links of",
    ),
    (
        r"welke\s+(?:uitgaande\s+)?links\s+(?:heeft|bevat)",
        "outgoing links of",
    ),
    (
        r"jakie\s+linki(?:\s+wychodzące)?\s+(?:ma|zawiera)",
        "outgoing links of",
    ),
    (
        r"liens\s+sortants|ausgehende[n]?\s+links|enlaces\s+salientes|links\s+de\s+sa[íi]da|link\s+in\s+uscita|uitgaande\s+links|linki\s+wychodzące",
        "outgoing links",
    ),
    (r"articles\s+li[ée]s\s+[àa]", "articles related to"),
    (r"verwandte\s+artikel\s+(?:zu|von)", "articles related to"),
    (r"art[íi]culos\s+relacionados\s+con", "articles related to"),
    (r"artigos\s+relacionados\s+(?:com|a)", "articles related to"),
    (r"articoli\s+correlati\s+(?:a|con)", "articles related to"),
    (
        r"gerelateerde\s+artikelen\s+(?:over|voor|bij|aan)",
        "articles related to",
    ),
    (
        r"powiązane\s+artykuły\s+(?:z|do|dla)",
        "articles related to",
    ),
    // The archives.
    (
        r"(?:quelles|quels)\s+(?:archives|fichiers)(?:\s+zim)?\s+sont\s+disponibles",
        "which zim archives are available",
    ),
    (
        r"welche\s+(?:archive|zim-dateien|zim-archive)\s+(?:hast\s+du|haben\s+sie)\s+geladen",
        "which archives have you loaded",
    ),
    (
        r"welche\s+(?:archive|zim-dateien|zim-archive)\s+sind\s+verf[üu]gbar",
        "which zim archives are available",
    ),
    (
        r"qu[ée]\s+archivos(?:\s+zim)?\s+(?:hay|est[áa]n\s+disponibles)",
        "which zim archives are available",
    ),
    (
        r"quais\s+arquivos(?:\s+zim)?\s+(?:h[áa]|est[ãa]o\s+dispon[íi]veis)",
        "which zim archives are available",
    ),
    (
        r"quali\s+(?:archivi|file)(?:\s+zim)?\s+(?:sono\s+disponibili|ci\s+sono)",
        "which zim archives are available",
    ),
    (
        r"welke\s+(?:archieven|zim-bestanden|bestanden)(?:\s+zim)?\s+(?:zijn\s+(?:er\s+)?beschikbaar|zijn\s+er)",
        "which zim archives are available",
    ),
    (
        r"jakie\s+(?:archiwa|pliki)(?:\s+zim)?\s+(?:są\s+dostępne|są\s+załadowane|są)",
        "which zim archives are available",
    ),
    // The archives' files, and the server, wherever they stand in the sentence ("welche
    // ZIM-Dateien sind auf dem Server verfügbar?").
    (
        r"zim-?dateien|fichiers\s+zim|archivos\s+zim|arquivos\s+zim|file\s+zim|archivi\s+zim|zim-?bestanden|pliki\s+zim",
        "zim files",
    ),
    (
        r"auf\s+dem\s+server|sur\s+le\s+serveur|en\s+el\s+servidor|no\s+servidor|sul\s+server|op\s+de\s+server|na\s+serwerze|på\s+servern|sunucuda|на\s+сервере|na\s+serveru|di\s+server",
        "on the server",
    ),
    // Views of an article. The whole article, with its determiners ("el artículo completo
    // sobre la Revolución Mexicana"), before the nouns alone.
    (
        r"(?:el\s+)?art[íi]culo\s+completo\s+(?:sobre|de)(?:\s+(?:el|la|los|las))?|(?:l')?article\s+complet\s+(?:sur|de)(?:\s+(?:la|le|les))?|(?:den\s+)?(?:ganzen|vollst[äa]ndigen)\s+artikel\s+(?:über|zu)(?:\s+(?:die|den|das|der|dem))?|(?:o\s+)?artigo\s+completo\s+sobre(?:\s+(?:o|a|os|as))?|(?:l'|il\s+)?articolo\s+completo\s+(?:su|sul|sulla|sullo|di)|(?:het\s+)?volledige\s+artikel\s+over|(?:cały|pełny)\s+artykuł\s+o",
        "the full article on",
    ),
    (
        r"(?:eine\s+)?kurze\s+zusammenfassung|(?:un\s+)?breve\s+riassunto|(?:een\s+)?korte\s+samenvatting|(?:un\s+)?bref\s+r[ée]sum[ée]|(?:un\s+)?breve\s+resumen|(?:um\s+)?breve\s+resumo|krótkie\s+streszczenie",
        "a short summary",
    ),
    (
        r"zusammenfassung|riassunto|samenvatting|streszczenie|podsumowanie|resumo",
        "summary",
    ),
    // The verb of summarising, as an imperative with its pronoun ("Résume-moi l'article",
    // "resúmeme", "riassumi"): a bare "resume" is an English word.
    (
        r"r[ée]sume(?:z)?-(?:moi|nous)|r[ée]sumez|res[úu]me(?:me|nos)|resuma(?:-me)?|resume-me|riassumi(?:mi|ci)?|streść",
        "summarize",
    ),
    // How long the answer should be ("en quelques lignes"): the format the rules set aside.
    (
        r"en\s+quelques\s+(?:lignes|phrases)|in\s+wenigen\s+(?:zeilen|s[äa]tzen)|en\s+pocas\s+(?:l[íi]neas|frases)|em\s+poucas\s+(?:linhas|frases)|in\s+poche\s+(?:righe|frasi)|in\s+een\s+paar\s+(?:regels|zinnen)",
        "in a few lines",
    ),
    (r"zeig(?:e)?\s+mir", "show me"),
    (r"montre(?:-moi|z-moi)?", "show me"),
    (r"mu[ée]strame", "show me"),
    (r"mostre(?:-me)?", "show me"),
    (r"mostrami|fammi\s+vedere", "show me"),
    (r"toon\s+(?:me|mij)", "show me"),
    (r"poka[żz](?:\s+mi)?", "show me"),
    // An imperative first, before what it shows ("Muestra el artículo ...": "muestra de
    // orina" is a sample).
    (
        r"^(?:muestra|mostra)\s+(the|el|la|los|las|il|lo|gli|le|un|una|l')",
        "show $1",
    ),
    (r"^toon\s+(the|de|het|een)", "show $1"),
    (r"im\s+artikel", "in the article"),
    (r"dans\s+l'article", "in the article"),
    (r"en\s+el\s+art[íi]culo", "in the article"),
    (r"no\s+artigo", "in the article"),
    (r"nell'articolo", "in the article"),
    (r"in\s+het\s+artikel", "in the article"),
    (r"w\s+artykule", "in the article"),
    (
        r"t[íi]tulos\s+e\s+[âa]ncoras\s+das\s+se[çc][õo]es",
        "headings and section anchors",
    ),
    (
        r"t[íi]tulos\s+y\s+anclas\s+de\s+las\s+secciones",
        "headings and section anchors",
    ),
    (
        r"titres\s+et\s+ancres\s+des\s+sections",
        "headings and section anchors",
    ),
    (r"[üu]berschriften\s+und\s+anker", "headings and anchors"),
    (r"estrutura\s+do\s+artigo", "structure of the article"),
    (
        r"estructura\s+del\s+art[íi]culo",
        "structure of the article",
    ),
    (r"structure\s+de\s+l'article", "structure of the article"),
    (r"struktur\s+des\s+artikels", "structure of the article"),
    (
        r"struttura\s+dell'articolo(?:\s+(?:su|sul|sulla|sullo))?|structuur\s+van\s+het\s+artikel(?:\s+over)?|struktura\s+artykułu(?:\s+o)?",
        "structure of the article on",
    ),
    (
        r"tabla\s+de\s+contenidos?\s+del\s+art[íi]culo",
        "table of contents of the article",
    ),
    (
        r"table\s+des\s+mati[èe]res\s+de\s+l'article",
        "table of contents of the article",
    ),
    (
        r"[íi]ndice\s+do\s+artigo",
        "table of contents of the article",
    ),
    (
        r"(?:indice|sommario)\s+dell'articolo(?:\s+(?:su|sul|sulla|sullo))?|inhoudsopgave\s+van\s+het\s+artikel(?:\s+over)?|spis\s+treści\s+artykułu(?:\s+o)?",
        "table of contents of the article on",
    ),
    (
        r"abschnitt|secci[óo]n|se[çc][ãa]o|sezione|sectie|sekcj[aęi]",
        "section",
    ),
    // "of the article (on)" after the views named with it above ("table des matières de
    // l'article").
    (
        r"des\s+artikels\s+(?:über|zu)(?:\s+(?:die|den|das|der|dem))?|de\s+l'article\s+sur(?:\s+(?:la|le|les))?|del\s+art[íi]culo\s+sobre(?:\s+(?:el|la|los|las))?|do\s+artigo\s+sobre(?:\s+(?:o|a|os|as))?|dell'articolo\s+(?:su|sul|sulla|sullo|di)|van\s+het\s+artikel\s+over|artykułu\s+o",
        "of the article on",
    ),
    (
        r"des\s+artikels|de\s+l'article|del\s+art[íi]culo|do\s+artigo|dell'articolo|van\s+het\s+artikel|artykułu",
        "of the article",
    ),
    // The article itself, by its determiner and noun ("l'article Marseille").
    (
        r"l'article|(?:der|den|das)\s+artikel|el\s+art[íi]culo|o\s+artigo|l'articolo|het\s+artikel|artykuł",
        "the article",
    ),
    // The archive as a whole.
    (r"page\s+d'accueil", "main page"),
    (r"pagina\s+principale", "main page"),
    (r"hoofdpagina|startpagina", "main page"),
    (r"strona\s+główna|stron[ęe]\s+główną", "main page"),
    (r"p[áa]gina\s+(?:principal|inicial)", "main page"),
    (
        r"m[ée]tadonn[ée]es|metadaten|metadatos|metadados|metadati|metagegevens|metadane",
        "metadata",
    ),
    (r"statut\s+du\s+serveur", "server status"),
    (
        r"estado\s+del\s+servidor|estado\s+do\s+servidor",
        "server status",
    ),
    (r"serverstatus|status\s+des\s+servers", "server status"),
    (
        r"stato\s+del\s+server|status\s+van\s+de\s+server|(?:stan|status)\s+serwera",
        "server status",
    ),
    // Whether the server works, asked of it first ("¿el servidor funciona correctamente?",
    // "funktioniert der Server?", "¿está funcionando el servidor?"), the server alone: "cómo
    // saber si el servidor funciona ..." asks how, "¿está funcionando el servidor de correo
    // postfix?" asks about another server.
    (
        r"^(?:czy\s+)?(?:(?:el|o)\s+servidor|le\s+serveur|der\s+server|il\s+server|de\s+server|serwer)\s+(?:est[áa]\s+)?(?:funciona(?:ndo)?|fonctionne(?:-t-il)?|funktioniert|l[äa]uft|funziona|werkt|działa)(?:\s+(?:correctamente|corretamente|bien|bem|correctement|richtig|korrekt|einwandfrei|correttamente|bene|correct|goed|poprawnie|prawidłowo))?(?:\s+(?:noch|todav[íi]a|ainda|encore|ancora|nog|jeszcze|ahora|agora|maintenant|jetzt|ora|nu|teraz))?\s*[?!.]*$",
        "is the server working correctly?",
    ),
    (
        r"^(?:czy\s+)?(?:est[áa]\s+(?:funcionando|a\s+funcionar|activo|ativo|operativo|en\s+l[íi]nea|online)|funciona|fonctionne|funktioniert|l[äa]uft|funziona|werkt|działa)(?:\s+(?:correctamente|corretamente|bien|bem|correctement|richtig|korrekt|einwandfrei|correttamente|bene|correct|goed|poprawnie|prawidłowo))?\s+(?:el\s+servidor|o\s+servidor|le\s+serveur|der\s+server|il\s+server|de\s+server|serwer)(?:\s+(?:correctamente|corretamente|bien|bem|correctement|richtig|korrekt|einwandfrei|correttamente|bene|correct|goed|poprawnie|prawidłowo))?(?:\s+(?:noch|todav[íi]a|ainda|encore|ancora|nog|jeszcze|ahora|agora|maintenant|jetzt|ora|nu|teraz))?\s*[?!.]*$",
        "is the server working correctly?",
    ),
    (
        r"p[áa]gina\s+por\s+p[áa]gina|page\s+par\s+page|seite\s+f[üu]r\s+seite|pagina\s+per\s+pagina|pagina\s+voor\s+pagina|strona\s+po\s+stronie",
        "page by page",
    ),
    (
        r"recorrer\s+todas\s+las\s+entradas|percorrer\s+todas\s+as\s+entradas|parcourir\s+toutes\s+les\s+entr[ée]es|alle\s+eintr[äa]ge\s+durchgehen|(?:scorri|percorri)\s+tutte\s+le\s+voci|(?:doorloop|loop\s+door)\s+alle\s+(?:items|artikelen|ingangen)|przejdź\s+przez\s+wszystkie\s+wpisy",
        "walk through all entries",
    ),
    (r"przejdź\s+przez", "go through"),
    (
        r"wszystkie\s+wpisy|tutte\s+le\s+voci|alle\s+(?:items|ingangen)",
        "all entries",
    ),
    // A namespace, and how many entries at a time ("w przestrzeni nazw A, po 200 naraz").
    // A namespace is named by its letter, a capital ("przestrzeń nazw w C++" is about the
    // word: "w" is "in").
    (
        r"(?:dans\s+l'espace\s+de\s+noms|im\s+namensraum|en\s+el\s+espacio\s+de\s+nombres|no\s+espa[çc]o\s+de\s+nomes|nello\s+spazio\s+dei\s+nomi|in\s+de\s+naamruimte|w\s+przestrzeni\s+nazw)\s+(?-i:([A-Z]))",
        "in namespace $1",
    ),
    (
        r"(?:espace\s+de\s+noms|namensraum|espacio\s+de\s+nombres|espa[çc]o\s+de\s+nomes|spazio\s+dei\s+nomi|naamruimte|przestrze[ńn]\s+nazw)\s+(?-i:([A-Z]))",
        "namespace $1",
    ),
    (
        r"po\s+(\d+)\s+(?:naraz|na\s+raz)|(\d+)\s+(?:à\s+la\s+fois|auf\s+einmal|a\s+la\s+vez|de\s+cada\s+vez|alla\s+volta|tegelijk)",
        "$1$2 at a time",
    ),
    (
        r"parcourir\s+quelques\s+entr[ée]es|einige\s+eintr[äa]ge\s+durchbl[äa]ttern|hojear\s+algunas\s+entradas|ver\s+algumas\s+entradas|sfoglia\s+alcune\s+voci|blader\s+door\s+een\s+paar\s+(?:items|artikelen)|przejrzyj\s+kilka\s+wpisów",
        "browse a few entries",
    ),
    (
        r"quelques\s+articles\s+(?:au\s+hasard|al[ée]atoires)|(?:ein\s+paar|einige)\s+zuf[äa]llige\s+artikel|algunos\s+art[íi]culos\s+(?:al\s+azar|aleatorios)|alguns\s+artigos\s+aleat[óo]rios|alcuni\s+articoli\s+(?:a\s+caso|casuali)|een\s+paar\s+willekeurige\s+artikelen|kilka\s+losowych\s+artykułów",
        "a few random articles",
    ),
    (
        r"juste\s+un\s+aper[çc]u|nur\s+ein\s+[üu]berblick|solo\s+un\s+vistazo|s[óo]\s+uma\s+amostra|solo\s+un\s+assaggio|alleen\s+een\s+voorproefje|tylko\s+próbka",
        "just a sample",
    ),
    (
        r"de\s+l'archive|del\s+archivo|do\s+arquivo|des\s+archivs|dell'archivio|van\s+het\s+archief",
        "of the archive",
    ),
    (
        r"uit\s+het\s+archief|dall'archivio|z\s+archiwum|aus\s+dem\s+archiv",
        "from the archive",
    ),
    // Polish: the archive in the genitive after what is of it ("Pokaż metadane archiwum").
    (r"tego\s+archiwum", "of this archive"),
    (r"archiwum", "of the archive"),
    // A German compound naming an archive ("des Wikipedia-Archivs"): its name, then the noun.
    (r"-archivs?", " archive"),
    (r"anzeigen", "show"),
    (
        r"bitte|per\s+favore|por\s+favor|s'il\s+(?:te|vous)\s+pla[îi]t|alstublieft|proszę|пожалуйста|prosím|lütfen|tolong",
        "please",
    ),
    (
        r"grazie(?:\s+mille)?|danke(?:\s+schön)?|merci(?:\s+beaucoup)?|gracias|obrigad[oa]|bedankt|dank\s+je(?:\s+wel)?|dziękuję|teşekkürler|спасибо|děkuji|terima\s+kasih",
        "thanks",
    ),
    // The determiner left before a view the table wrote in English ("Toon me de
    // inhoudsopgave ...", "montre-moi la table des matières ...").
    (
        r"(?:(?:de|den|der|die|das|la|le|el|il|lo|het|o)\s+|l')(table\s+of\s+contents|section|structure|summary|short\s+summary|full\s+article|outgoing\s+links|links|main\s+page|metadata)",
        "the $1",
    ),
    // heldout-z20: request verbs alone, after every phrase that holds them ("найди статьи ...",
    // "Enséñame ...", "Tu peux me donner ..."), and the server's cache figures in German.
    (r"найди(?:те)?|отыщи", "find"),
    (r"ens[ée][ñn]ame|ens[ée][ñn]anos", "show me"),
    (
        r"(?:tu\s+peux|peux-tu|pouvez-vous|vous\s+pouvez)\s+me\s+donner",
        "can you give me",
    ),
    (r"cache-werte|cache-statistik(?:en)?", "cache figures"),
];

/// Japanese command phrases: written without spaces between words, so matched anywhere (not
/// as whole words), with spaces around their English. Japanese puts the object first and the
/// verb last: a phrase takes the quoted name it is about with it ("「量子もつれ」の記事を全文
/// 表示して": the full article on "量子もつれ").
const UNSPACED: &[(&str, &str)] = &[
    // The archives listed, the server's or the ZIM ones ("サーバーにあるZIMアーカイブの一覧を見せて";
    // "国立公文書館のアーカイブ一覧" is another's), every entry of a
    // namespace enumerated ("名前空間Cのエントリをすべて列挙して").
    (
        r"(?:サーバー(?:に|上に|の)(?:ある)?(?:zim)?|zim)アーカイブ(?:の)?一覧(?:を)?(?:見せて|表示して|出して|教えて)?(?:ください|下さい)?",
        " list the zim archives ",
    ),
    (
        r"名前空間\s*([a-z-])\s*の(?:エントリ|項目|記事)(?:を)?(?:すべて|全て|全部)(?:列挙して|一覧表示して|見せて|表示して|出して)?(?:ください|下さい)?",
        " list all entries in namespace $1 ",
    ),
    // The body text of an article, asked whole ("記事「富士山」の本文を全部取得して": the
    // article's noun before or after the name, "all" and the verb of fetching after it).
    (
        r#"(?:記事|項目|ページ)?\s*("[^"]+")\s*の(?:記事|項目|ページ)?(?:の)?(?:本文|全文)(?:を)?(?:全部|すべて|全て|丸ごと)?(?:取得して|取って|表示して|見せて|出して|読ませて)?(?:ください|下さい)?"#,
        " the full article on $1 ",
    ),
    // Titles that begin with a prefix, in Chinese ("列出以“量子”开头的标题").
    (
        r#"(?:列出|显示|给我看|查找|找出)?\s*以\s*("[^"]+"|\S+?)\s*(?:开头|开始|打头)的\s*(?:标题|条目|文章|页面)(?:名称)?"#,
        " suggest titles starting with $1 ",
    ),
    // heldout-z9: an article looked up by its title in Japanese ("タイトルが「東京タワー」の記事を探して").
    (
        r#"タイトル(?:が|は)\s*("[^"]+")\s*の(?:記事|項目|ページ)(?:を)?(?:探して|検索して|見つけて)(?:ください|下さい)?"#,
        " find the article titled $1 ",
    ),
    // heldout-z7: every link of an article in Chinese ("列出“长城”这篇文章里的所有链接"), the
    // opening of an article in Japanese ("「量子力学」の記事の冒頭部分だけ教えて"), the contents of
    // an article in Korean ("'세종대왕' 문서의 목차 보여줘"), whether the server runs in Arabic
    // ("هل خادم ZIM يعمل الآن؟"), the main page in Hindi ("... का मुख्य पृष्ठ दिखाओ").
    (
        r#"(?:列出|显示|给我看)?\s*("[^"]+")\s*(?:这篇文章|这篇|条目|文章|页面)?(?:里|中)?的?(?:所有|全部)?(?:链接|出站链接)"#,
        " the outgoing links of $1 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)?の?(?:冒頭|導入|冒頭部分|最初の段落|概要|要約)(?:部分)?(?:だけ)?(?:を)?(?:教えて|見せて|表示して|ください)?"#,
        " a summary of the article $1 ",
    ),
    (
        r#"("[^"]+"|'[^']+')\s*(?:문서|항목|기사)?의?\s*목차(?:를|을)?\s*(?:보여\s*줘|보여\s*주세요|알려\s*줘)?"#,
        " the table of contents of $1 ",
    ),
    (
        r"هل\s+(?:خادم|الخادم)(?:\s+zim)?\s+(?:يعمل|متصل)(?:\s+الآن)?",
        " is the server working correctly ",
    ),
    (
        r"(.+?)\s+का\s+मुख्य\s+पृष्ठ\s+(?:दिखाओ|दिखाएँ|दिखाइए)",
        " show the main page of $1 ",
    ),
    // heldout-z12: whether the server runs in Tamil ("சர்வர் இயங்குகிறதா?"), the archives on
    // the server in Telugu and Chinese ("服务器上加载了哪些ZIM文件？"), articles related to one in
    // Japanese ("「富士山」の記事に関連する記事を教えて"), one section of an article in Korean
    // ("'세종대왕' 문서에서 '역사' 섹션만 보여줘"), completions in Chinese ("自动补全：光合").
    (
        r"சர்வர்\s*(?:சரியாக\s*)?இயங்குகிறதா",
        " is the server working correctly ",
    ),
    (
        r"సర్వర్\S*\s*ఏ\s*ఆర్కైవ్\S*\s*ఉన్నాయి",
        " which archives are on the server ",
    ),
    (
        r"(?:服务器上)?(?:加载|载入|安装)了哪些\s*(?:zim\s*)?(?:文件|档案|归档)",
        " which zim files are loaded ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)に関連する(?:記事|項目|ページ)(?:を)?(?:教えて|見せて|表示して)?(?:ください|下さい)?"#,
        " articles related to $1 ",
    ),
    (
        r#"('[^']+'|"[^"]+")\s*(?:문서|항목|기사)에서\s*('[^']+'|"[^"]+")\s*(?:섹션|부분|절)(?:만)?\s*(?:보여\s*줘|보여\s*주세요|알려\s*줘)?"#,
        " the $2 section of $1 ",
    ),
    (r"自动补全\s*[:：]\s*", " autocomplete "),
    // Kazakh, Mongolian and Armenian phrases whose name, quoted, comes first (a quotation
    // mark begins no word): the pages linking to an article, a summary, the contents.
    (
        r"(\S.*?)\s+мақаласына\s+қандай\s+беттер\s+сілтейді",
        " which pages link to $1 ",
    ),
    (
        r"(\S.*?)\s+нийтлэлийн\s+хураангуй(?:г)?(?:\s+өгнө\s+үү)?",
        " a summary of the article $1 ",
    ),
    (
        r"(\S.*?)\s+հոդվածի\s+բովանդակության\s+ցանկը",
        " the table of contents of the article $1 ",
    ),
    // heldout-z13: the archives on the server in Hindi ("सर्वर पर कौन-कौन से ZIM आर्काइव हैं?").
    (
        r"सर्वर\s*पर\s*(?:कौन-कौन\s*से|कौन\s*से)\s*(?:zim\s*)?आर्काइव",
        " which zim archives are on the server ",
    ),
    // heldout-z14: one section of an article in Hindi ("भारत लेख का इतिहास अनुभाग दिखाओ"), a
    // summary in Bengali ("অ্যাসপিরিন নিবন্ধের সারাংশ দাও").
    (
        r"(\S+)\s*लेख\s*का\s*(\S+)\s*अनुभाग\s*(?:दिखाओ|दिखाएँ|दिखाइए)",
        " show the $2 section of the article $1 ",
    ),
    (
        r"(\S+)\s*নিবন্ধের\s*সারাংশ\s*(?:দাও|দিন)?",
        " a summary of the article $1 ",
    ),
    // heldout-z11: the archives on the server in Persian ("چه آرشیوهایی روی سرور هست؟").
    (
        r"چه\s*آرشیو\S*\s*(?:روی|در)\s*(?:این\s*)?سرور",
        " which archives are on the server ",
    ),
    // heldout-z10: whether the server runs in Bengali ("সার্ভার ঠিকমতো চলছে কি?"), the
    // metadata of this archive in Thai ("ขอดูข้อมูลเมตาของคลังข้อมูลนี้").
    (
        r"সার্ভার\s*(?:কি\s*)?(?:ঠিকমতো\s*)?(?:চলছে|কাজ\s*করছে)",
        " is the server working correctly ",
    ),
    (r"ขอดู|แสดง", " show me "),
    (r"ข้อมูลเมตา|เมทาดาทา|เมตาดาต้า|เมตาดาตา", " the metadata "),
    (r"ของคลังข้อมูลนี้|ของไฟล์นี้", " of this archive "),
    // A title looked up in Chinese ("查找标题为“红楼梦”的条目").
    (
        r#"(?:查找|查询|搜索|找)标题(?:为|是)\s*("[^"]+")\s*的(?:条目|文章|页面)"#,
        " find the entry titled $1 ",
    ),
    // A summary asked in Korean ("세종대왕 문서의 요약을 보여줘").
    (
        r"(\S+)\s*(?:문서|항목|기사)의\s*요약(?:을|를)?\s*(?:보여\s*줘|보여\s*주세요|알려\s*줘|알려\s*주세요)",
        " a summary of the article $1 ",
    ),
    (
        r#"("[^"]+")\s*(?:と|、|や)\s*("[^"]+")\s*(?:と|、|や)\s*("[^"]+")\s*の(?:記事|項目|ページ)(?:を)?(?:全部|すべて|全て|三つとも)?(?:全文で|全文を)?(?:取得して|取って|表示して|見せて|出して|読ませて)(?:ください|下さい)?"#,
        " fetch the articles $1, $2 and $3 ",
    ),
    // Several articles by name, joined by と, fetched together ("「東京」と「大阪」の記事を両方
    // 取得して"), and one article fetched ("「東京」の記事を取得して").
    (
        r#"("[^"]+")\s*(?:と|、|や)\s*("[^"]+")\s*の(?:記事|項目|ページ)(?:を)?(?:両方|どちらも|二つとも|全部|すべて|全て)?(?:全文で|全文を)?(?:取得して|取って|表示して|見せて|出して|読ませて)(?:ください|下さい)?"#,
        " fetch the articles $1 and $2 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)(?:を)?(?:取得して|取って|表示して|見せて|出して|読ませて)(?:ください|下さい)?"#,
        " get the article $1 ",
    ),
    (
        r#"("[^"]+")\s*(?:で|から)始まる(?:タイトル|記事|項目|ページ)(?:名)?(?:の)?(?:候補|一覧|リスト)?(?:を)?(?:出して|見せて|表示して|教えて|挙げて)?(?:ください|下さい)?"#,
        " suggest titles starting with $1 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)(?:を|の)?全文(?:を)?(?:表示して|見せて|出して|読ませて|表示)?(?:ください|下さい)?"#,
        " the full article on $1 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)?(?:の)?(?:要約|概要|あらすじ)(?:を)?(?:表示して|見せて|出して|教えて)?(?:ください|下さい)?"#,
        " a summary of the article $1 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)?(?:の)?目次(?:を)?(?:表示して|見せて|出して|教えて)?(?:ください|下さい)?"#,
        " the table of contents of $1 ",
    ),
    // The archive's title, description, date... asked together: its metadata.
    (
        r"(?:このアーカイブ|このzimファイル)の(?:タイトル|説明|作成日|言語|作成者|発行者|日付)(?:(?:、|,|と|や)\s*(?:タイトル|説明|作成日|言語|作成者|発行者|日付))+(?:を)?(?:教えて|見せて|表示して)?(?:ください|下さい)?",
        " show the metadata of this archive ",
    ),
    (
        r"すべてのアーカイブ(?:から|で)|全てのアーカイブ(?:から|で)",
        " in all archives ",
    ),
    // heldout-z20: a title looked up, a section and a structure in Japanese; related entries
    // and a namespace's entries in Chinese.
    (
        r#"("[^"]+")\s*という(?:タイトル|題名)の(?:記事|項目|ページ)(?:を)?(?:探して|見つけて|検索して)(?:ください|下さい)?"#,
        " find the article titled $1 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)の\s*("[^"]+")\s*の(?:節|セクション|章)(?:を)?(?:表示して|見せて|出して)(?:ください|下さい)?"#,
        " show the section $2 of the article $1 ",
    ),
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)の(?:構成|構造)(?:を)?見出し(?:と|や)アンカー付き(?:で)?(?:表示して|見せて|出して)?(?:ください|下さい)?"#,
        " the structure of $1 with anchors ",
    ),
    (
        r#"和\s*("[^"]+"|《[^》]+》)\s*相关的(?:条目|文章|页面)(?:有哪些)?"#,
        " articles related to $1 ",
    ),
    (
        r"列出\s*命名空间\s*(?-i:([A-Z-]))\s*(?:里|中|内)(?:的)?\s*(\d{1,9})\s*(?:个|条)\s*(?:条目|项目|文章|页面)",
        " list $2 entries of namespace $1 ",
    ),
    // Completions asked in Turkish and Hindi, the prefix first ("'Osman' ile başlayan
    // başlıkları tamamla"): matched anywhere, as the prefix's quote opens the phrase.
    (
        r"('[^']+'|\x22[^\x22]+\x22)\s+ile\s+ba[şs]layan\s+ba[şs]l[ıi]klar[ıi]\s+tamamla",
        " complete titles starting with $1 ",
    ),
    (
        r"('[^']+'|\x22[^\x22]+\x22)\s+से\s+शुरू\s+होने\s+वाले\s+(?:लेखों\s+के\s+)?शीर्षक\s+सुझाओ",
        " suggest titles starting with $1 ",
    ),
    (r"このアーカイブ|このzimファイル", " this archive "),
    (r"メタデータ", " metadata "),
    (r"メインページ|トップページ", " main page "),
    (
        r"サーバー(?:は)?(?:正常に)?(?:動いて|動作して|稼働して)(?:い)?(?:ますか|る)?",
        " is the server working correctly ",
    ),
    (
        r"(?:どの|どんな)(?:アーカイブ|zimファイル)が(?:ありますか|利用できますか|使えますか|ある)",
        " which zim archives are available ",
    ),
    // "ZIMファイルのメタデータ": the archive's file, after "どのアーカイブ" above.
    (r"zimファイル", " this archive "),
    (r"(?:を)?(?:見せて|表示して)(?:ください|下さい)?", " show "),
    // Japanese: the heading structure with anchors ("「東京」の記事の見出し構成をアンカー付きで出して").
    (
        r#"("[^"]+")\s*の(?:記事|項目|ページ)?(?:の)?見出し(?:構成|構造)?(?:を)?アンカー付き(?:で)?(?:表示して|見せて|出して|教えて)?(?:ください|下さい)?"#,
        " the structure of $1 with anchors ",
    ),
    // Chinese: the full text of an article ("打开「长城」这篇文章的全文").
    (
        r#"(?:打开|显示|阅读|给我看)?\s*("[^"]+")\s*(?:这篇|这个|的)?(?:文章|条目|页面)?(?:的)?全文"#,
        " the full article on $1 ",
    ),
    // Chinese: a namespace listed or walked ("列出A命名空间里的前30个条目"), the archive's
    // metadata and main page, an article's summary, contents and related pages.
    (
        r"(?:列出|显示|浏览|给我看)?\s*(?-i:([A-Z-]))\s*命名空间(?:里|中|内)?(?:的)?\s*前\s*(\d+)\s*(?:个|条)?\s*(?:条目|项目|文章|页面)",
        " list the first $2 entries of namespace $1 ",
    ),
    (
        r"(?:遍历|列出|显示)\s*(?-i:([A-Z-]))\s*命名空间(?:里|中|内)?(?:的)?\s*(?:所有|全部)\s*(?:条目|项目|文章|页面)",
        " walk through all entries of namespace $1 ",
    ),
    // "把命名空间 - 里的所有条目全部遍历列出来": the namespace first, the verb last.
    (
        r"把\s*命名空间\s*(?-i:([A-Z-]))\s*(?:里|中|内)?(?:的)?\s*(?:所有|全部)\s*(?:条目|项目|文章|页面)\s*(?:全部|都)?\s*(?:遍历|列出)(?:列出来|出来|一遍)?",
        " walk through all entries of namespace $1 ",
    ),
    (
        r"(?:列出|显示|浏览|给我看)\s*(?-i:([A-Z-]))\s*命名空间(?:里|中|内)?(?:的)?\s*(?:一些|几个)?\s*(?:条目|项目|文章|页面)",
        " list a few entries of namespace $1 ",
    ),
    (
        r#"("[^"]+")\s*(?:这篇文章|条目|文章|页面)?(?:的)?(?:开头|开篇)?(?:摘要|概要|简介)"#,
        " a summary of the article $1 ",
    ),
    (
        r#"("[^"]+")\s*(?:这篇文章|条目|文章|页面)?(?:的)?目录"#,
        " the table of contents of $1 ",
    ),
    (
        r#"("[^"]+")\s*(?:这篇文章|条目|文章|页面)?(?:的)?(?:相关文章|相关条目|相关页面)"#,
        " articles related to $1 ",
    ),
    (
        r#"("[^"]+")\s*(?:这篇文章|条目|文章|页面)?(?:的)?(?:链接|外部链接|出站链接)"#,
        " the outgoing links of $1 ",
    ),
    (r"这个存档|此存档|这个档案|这个zim文件", " this archive "),
    (r"元数据", " metadata "),
    (r"主页|首页", " main page "),
    (
        r"服务器(?:是否)?(?:正常)?(?:运行|在线|工作)(?:吗|正常吗)?",
        " is the server working correctly ",
    ),
    (r"显示|给我看|打开", " show "),
    (r"请给我|请发给我|给我", " give me "),
    // Korean: the pages an article links to ("'세종대왕' 문서가 링크하는 문서들을 보여줘").
    (
        r#"("[^"]+"|'[^']+')\s*(?:문서|항목|페이지)?(?:가|이)\s*링크하는\s*(?:문서|항목|페이지)(?:들)?(?:을|를)?\s*(?:보여\s*줘|보여\s*주세요|알려\s*줘|알려\s*주세요)?"#,
        " the outgoing links of $1 ",
    ),
    // Korean: a title completion, the prefix first ("'서울'로 시작하는 문서 제목 자동완성해 줘").
    (
        r#"("[^"]+"|'[^']+')\s*(?:으로|로)\s*시작하는\s*(?:문서\s*|항목\s*|글\s*)?(?:제목|문서|항목|표제어)(?:을|를|들을|들)?\s*(?:자동\s*완성|추천|목록(?:을)?)?\s*(?:해\s*줘|해\s*주세요|보여\s*줘|보여\s*주세요|줘|주세요)?"#,
        " suggest titles starting with $1 ",
    ),
];

/// "... „Feuerw“ beginnen": the German verb after what a title starts with.
static TRAILING_BEGIN: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r#"(?i)("[^"]+")\s+beginnen\b"#).ok());

/// "laat een paar ... zien": the Dutch verb of showing, split around what is shown.
static SPLIT_SHOW: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)^laat\s+(?:me\s+|mij\s+|ons\s+)?(?P<x>\S.*?)\s+zien\b(?P<rest>.*)$").ok()
});

/// One phrase of the table, compiled: its whole-word, case-insensitive pattern, its English,
/// and the runs of letters its pattern spells out ([`letter_runs`]), one of which every match
/// holds.
struct Phrase {
    re: Regex,
    english: &'static str,
    runs: Vec<String>,
}

/// The phrases as whole-word, case-insensitive patterns. Built from the table, so the
/// crate's literal-pattern check (`tests/patterns.rs`) cannot read them: `every_phrase_compiles`
/// below fails when one does not compile.
static COMPILED: LazyLock<Vec<Phrase>> = LazyLock::new(|| {
    PHRASES
        .iter()
        // A phrase that ends the request with its punctuation ends at the end, not a word.
        .map(|(p, en)| (format!(r"\b(?:{p})(?:\b|$)"), *p, *en))
        .chain(UNSPACED.iter().map(|(p, en)| (p.to_string(), *p, *en)))
        .filter_map(|(pattern, p, en)| {
            let re = regex::RegexBuilder::new(&pattern)
                .case_insensitive(true)
                .build()
                .ok()?;
            Some(Phrase {
                re,
                english: en,
                runs: letter_runs(p),
            })
        })
        .collect()
});

/// The runs of two letters or more a pattern of the table spells out, lowercased: "zeig(?:e)?
/// \s+mir" has "zeig" and "mir", "suggestions?" has "suggestion" (a letter made optional by a
/// quantifier is no part of its run). Escapes (`\s`), classes (`[äa]`) and group flags end a
/// run. Every way through a phrase's pattern spells at least one of them, so a request that
/// holds none of them, lowercased, holds no match: most requests (English ones) are let
/// through by a few substring searches instead of a pass of every pattern.
pub(crate) fn letter_runs(pattern: &str) -> Vec<String> {
    let mut runs: Vec<String> = Vec::new();
    let mut cur = String::new();
    let flush = |cur: &mut String, runs: &mut Vec<String>| {
        if cur.chars().count() >= 2 {
            runs.push(cur.to_lowercase());
        }
        cur.clear();
    };
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                flush(&mut cur, &mut runs);
                chars.next();
            }
            '[' => {
                flush(&mut cur, &mut runs);
                while let Some(x) = chars.next() {
                    match x {
                        '\\' => {
                            chars.next();
                        }
                        ']' => break,
                        _ => {}
                    }
                }
            }
            '(' => {
                flush(&mut cur, &mut runs);
                if chars.peek() == Some(&'?') {
                    for x in chars.by_ref() {
                        if x == ':' || x == ')' {
                            break;
                        }
                    }
                }
            }
            '?' | '*' | '{' => {
                cur.pop();
                flush(&mut cur, &mut runs);
                if c == '{' {
                    for x in chars.by_ref() {
                        if x == '}' {
                            break;
                        }
                    }
                }
            }
            c if c.is_alphabetic() => cur.push(c),
            _ => flush(&mut cur, &mut runs),
        }
    }
    flush(&mut cur, &mut runs);
    runs
}

/// Words of other languages that ask about the world: question words, "explained", "how to
/// make", "for a school talk" ("¿cómo ...?", "expliquée simplement", "erstellen", "pour un
/// exposé").
static WORLD_ABROAD: LazyLock<Option<Regex>> = LazyLock::new(|| {
    regex::RegexBuilder::new(
        r"\b(?:comment\s+(?:le|la|les|l'|un|une|faire|on|je|il|elle|ça)|pourquoi|quand|qu'est-ce|expliqu[ée]e?s?|c[óo]mo|por\s+qu[ée]|cu[áa]ndo|qu[ée]\s+es|explicad[oa]s?|wie|warum|wann|was\s+ist|erkl[äa]rt|erkl[äa]rung|come\s+si|perch[ée]|quando|cos'[èe]|spiegat[oa]|spiegazione|como|porque|por\s+que|o\s+que\s+[ée]|jak|dlaczego|kiedy|как|почему|когда|что\s+такое|nas[ıi]l|neden|bagaimana|mengapa|erstellen|erstelle|machen|cr[ée]er|faire|crear|hacer|creare|criar|fazer|scrivere|scrive|escribir|escrever|schreiben|[ée]crire|consigli|conseils|consejos|tipps|dicas|exposé|exposici[óo]n|referat|tesina|m[ée]moire|tesis|tese|bac|abitur|matura|vestibular|enem|selectividad|tarea|deberes|examen|ex[áa]menes|prova|esame|verifica|interrogazione|klausur|pr[üu]fung|leesdossier|boekverslag|spreekbeurt|sprawdzian|matur[aęy]|kolokwium|lekcj[ia]|урок[ау]?|уроку|экзамен[ау]?|егэ|зно|cap[íi]tulo\s+por\s+cap[íi]tulo|chapitre\s+par\s+chapitre|kapitel\s+f[üu]r\s+kapitel|capitolo\s+per\s+capitolo|hoofdstuk\s+(?:per|voor)\s+hoofdstuk|rozdzia[łl]\s+po\s+rozdziale|ksi[ęe]ga\s+po\s+ksi[ęe]dze|по\s+главам|по\s+розділах)\b",
    )
    .case_insensitive(true)
    .build()
    .ok()
});

/// Nouns for an article in other languages ("artículo", "Artikel", "voce", "статья"): a view
/// asked of one.
static ARTICLE_ABROAD: LazyLock<Option<Regex>> = LazyLock::new(|| {
    regex::RegexBuilder::new(
        r"\b(?:art[íi]culo|article|artikels?|artigo|articolo|voce|p[áa]gina|page|seite|pagina|verbete|entrada|entr[ée]e|eintrag|artyku[łl]u?|stron[aey]|стать[яиюе]|статт[яіює]|makale(?:si)?|madde(?:si)?|[čc]l[áa]nk(?:u|em)?|artikeln?|bài)\b|記事|文章|条目|مقالة",
    )
    .case_insensitive(true)
    .build()
    .ok()
});

/// Nouns for an archive in other languages ("dieses Archiv", "el archivo ZIM").
static ARCHIVE_ABROAD: LazyLock<Option<Regex>> = LazyLock::new(|| {
    regex::RegexBuilder::new(
        r"\b(?:archiv\w*|arquivo\w*|archivi\w*|archiwum\w*|archiw\w*|archief\w*|archieven|arkiv\w*|arsip\w*|arşiv\w*|архив\w*|архів\w*)\b",
    )
    .case_insensitive(true)
    .build()
    .ok()
});

/// Whether a request names an archive by a noun of another language ("dieses Archiv").
pub fn names_an_archive_abroad(s: &str) -> bool {
    ARCHIVE_ABROAD.as_ref().is_some_and(|re| re.is_match(s))
}

/// Whether a request names an article by a noun of another language ("artículo", "Artikel").
pub fn names_an_article_abroad(s: &str) -> bool {
    ARTICLE_ABROAD.as_ref().is_some_and(|re| re.is_match(s))
}

/// Whether a request in another language asks about the world ([`WORLD_ABROAD`]) and names
/// no article ([`ARTICLE_ABROAD`]): a view's noun in it is its topic.
pub fn asks_the_world_abroad(s: &str) -> bool {
    WORLD_ABROAD.as_ref().is_some_and(|re| re.is_match(s))
        && !ARTICLE_ABROAD.as_ref().is_some_and(|re| re.is_match(s))
}

/// The request with the command phrases of other languages written in English. An opening
/// "¿" or "¡" stays before them, so a phrase that must come first can say so.
pub fn english_cues(s: &str) -> String {
    rewrite(s, true)
}

/// [`english_cues`], trying only the phrases whose letter runs the request spells when
/// `screened` (each is tried otherwise: the tests compare the two).
fn rewrite(s: &str, screened: bool) -> String {
    let body = s.trim_start_matches(['¿', '¡', ' ']);
    let opening = s
        .get(..s.len().saturating_sub(body.len()))
        .unwrap_or_default();
    let mut out = body.to_string();
    let mut lower = body.to_lowercase();
    for phrase in COMPILED.iter() {
        if screened && !phrase.runs.iter().any(|r| lower.contains(r.as_str())) {
            continue;
        }
        if phrase.re.is_match(&out) {
            out = phrase.re.replace_all(&out, phrase.english).into_owned();
            lower = out.to_lowercase();
        }
    }
    if let Some(re) = TRAILING_BEGIN.as_ref() {
        out = re.replace_all(&out, "$1").into_owned();
    }
    if let Some(re) = SPLIT_SHOW.as_ref() {
        out = re.replace(&out, "show me $x$rest").into_owned();
    }
    if out == body {
        return s.to_string();
    }
    // The unspaced phrases' English comes with spaces around it.
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{opening}{out}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_phrases_become_english_and_topics_stay() {
        assert_eq!(
            english_cues("Quels articles pointent vers \"Apiculture\" ?"),
            "which articles link to \"Apiculture\" ?"
        );
        assert_eq!(
            english_cues("Zeig mir den Abschnitt \"Geschichte\" im Artikel \"Imkerei\"."),
            "show me the section \"Geschichte\" in the article \"Imkerei\"."
        );
        assert_eq!(
            english_cues("Vorschläge für Titel, die mit \"Feuerw\" beginnen"),
            "suggest titles starting with \"Feuerw\""
        );
        // English requests, and topics in other languages, are left alone.
        for s in [
            "show me the table of contents of Photosynthesis",
            "Qu'est-ce que la photosynthèse ?",
            "history of the Abschnittsbevollmächtigter",
        ] {
            assert_eq!(english_cues(s), s, "{s}");
        }
    }

    #[test]
    fn every_phrase_compiles() {
        assert_eq!(COMPILED.len(), PHRASES.len() + UNSPACED.len());
    }

    #[test]
    fn italian_dutch_and_polish_command_phrases_and_more_of_the_others() {
        for (s, english) in [
            (
                "Sezione 'Biografia' dell'articolo su Giuseppe Verdi",
                "section 'Biografia' of the article on Giuseppe Verdi",
            ),
            (
                "laat een paar willekeurige artikelen uit het archief zien",
                "show me a few random articles from the archive",
            ),
            (
                "Przejdź przez wszystkie wpisy w przestrzeni nazw A, po 200 naraz",
                "walk through all entries in namespace A, 200 at a time",
            ),
            (
                "welke uitgaande links heeft het artikel Rotterdam?",
                "outgoing links of the article Rotterdam?",
            ),
            (
                "Pokaż spis treści artykułu o Warszawie",
                "show me table of contents of the article on Warszawie",
            ),
            (
                "Toon me de inhoudsopgave van het artikel over Utrecht",
                "show me the table of contents of the article on Utrecht",
            ),
            (
                "quels liens sortants contient l'article Marseille ?",
                "outgoing links of the article Marseille ?",
            ),
            (
                "Kurze Zusammenfassung des Artikels über die Weimarer Republik, bitte",
                "a short summary of the article on Weimarer Republik, please",
            ),
            (
                "Muestra el artículo completo sobre la Revolución Mexicana",
                "show the full article on Revolución Mexicana",
            ),
            (
                "welche ZIM-Dateien sind auf dem Server verfügbar?",
                "welche zim files sind on the server verfügbar?",
            ),
            // Whether the server works, asked of it first; the opening "¿" stays.
            (
                "¿el servidor funciona correctamente?",
                "¿is the server working correctly?",
            ),
            (
                "Funktioniert der Server richtig?",
                "is the server working correctly?",
            ),
        ] {
            assert_eq!(english_cues(s), english, "{s}");
        }
        // Topics in these languages stay as written: "w" is "in" after the word for a
        // namespace, not its letter; how to tell whether a server works is a question.
        for s in [
            "przestrzeń nazw w C++",
            "cómo saber si el servidor funciona correctamente en linux",
            "el servidor de correo no funciona",
            "muestra de orina en ayunas",
            "come si prepara il ragù alla bolognese tradizionale",
            "hoe werkt de hypotheekrenteaftrek in Nederland",
            "jak obliczyć pochodną funkcji złożonej? zadanie domowe",
        ] {
            assert_eq!(english_cues(s), s, "{s}");
        }
    }

    #[test]
    fn swedish_turkish_czech_russian_indonesian_and_japanese_command_phrases() {
        for (s, english) in [
            (
                "Visa startsidan för arkivet.",
                "show me the main page of the archive.",
            ),
            (
                "Vilka arkiv finns tillgängliga på servern just nu?",
                "which zim archives are available on the server right now?",
            ),
            (
                "'Kapadokya' ile ilgili sayfaları göster",
                "'Kapadokya' related pages",
            ),
            (
                "Arşivdeki tüm girdileri sayfa sayfa dolaş, hiçbirini atlama.",
                "all entries in the archive page by page, without skipping.",
            ),
            (
                "Vypiš strukturu nadpisů článku \"Karel IV.\" včetně kotev.",
                "show me the heading structure of the article \"Karel IV.\" including anchors.",
            ),
            (
                "Дай краткое содержание статьи \"Тунгусский метеорит\", только вступление.",
                "give me a short summary of the article \"Тунгусский метеорит\", just the intro.",
            ),
            (
                "Apakah servernya sedang berjalan normal?",
                "is the server working correctly?",
            ),
            (
                "Tampilkan beberapa contoh entri dari arsip wikivoyage.",
                "show a few sample entries from the wikivoyage archive.",
            ),
            // Japanese: no spaces between words; the phrase takes its quoted name along.
            (
                "\"東京タ\"で始まるタイトルの候補を出して",
                "suggest titles starting with \"東京タ\"",
            ),
            (
                "\"量子もつれ\"の記事を全文表示してください",
                "the full article on \"量子もつれ\"",
            ),
            (
                "このアーカイブのメタデータ（作成者・日付・言語）を見せて",
                "this archive の metadata （作成者・日付・言語） show",
            ),
            // Italian: links leaving an article, the elided article before a view.
            (
                "Quali link escono dall'articolo 'Vesuvio'? Solo quelli in uscita, grazie.",
                "outgoing links of the article 'Vesuvio'? Solo quelli in uscita, thanks.",
            ),
            (
                "Mostrami l'indice dell'articolo 'Rinascimento'",
                "show me the table of contents of the article on 'Rinascimento'",
            ),
        ] {
            assert_eq!(english_cues(s), english, "{s}");
        }
        // Topics in these languages stay as written; "visa" and "tack" are English words.
        for s in [
            "Hur beskär man ett äppelträd på vintern utan att förstöra kronans struktur?",
            "Kombi basıncı sürekli düşüyor, genleşme tankıyla ilgili olabilir mi?",
            "Jaký je rozdíl mezi durovou a mollovou stupnicí? Stačí krátké shrnutí pro začátečníka.",
            "Какова структура налоговых вычетов по НДФЛ при покупке квартиры в России?",
            "kenapa langit berwarna biru tapi matahari terbenam merah? ringkasan singkat aja ya",
            "ペニシリンアレルギーがある場合、セファロスポリン系の抗生物質は安全ですか？交差反応との関連を知りたいです",
            "visa requirements for Thailand",
            "how to tack a sailboat",
        ] {
            assert_eq!(english_cues(s), s, "{s}");
        }
    }

    /// Heldout-z1's requests in other languages: opening an article, several at once, its
    /// section, summary and outbound links, finding one by title, the archive's metadata, a
    /// namespace listed or walked; each on variations written for it. Words of these phrases
    /// in a topic ("¿A qué hora abre el museo?", "lista de países") stay searches.
    #[test]
    fn heldout_z1_command_phrases_route() {
        for (q, want) in [
            ("列出A命名空间里的前30个条目", "Browse"),
            ("列出C命名空间的一些条目", "Browse"),
            ("遍历M命名空间的所有条目", "Walk"),
            ("显示这个存档的元数据", "Metadata"),
            ("\"长城\"的摘要", "Summary"),
            ("\"长城\"的相关文章", "Related"),
            (
                "Zoek het artikel met de titel Rembrandt van Rijn",
                "FindByTitle",
            ),
            ("Trouve l'article intitulé Victor Hugo", "FindByTitle"),
            (
                "Finde den Artikel mit dem Titel Albert Einstein",
                "FindByTitle",
            ),
            ("Busca el artículo titulado Simón Bolívar", "FindByTitle"),
            (
                "Procure o artigo com o título Machado de Assis",
                "FindByTitle",
            ),
            ("Trova l'articolo intitolato Giuseppe Verdi", "FindByTitle"),
            ("Найди статью с названием Лев Толстой", "FindByTitle"),
            ("Ábreme el artículo completo de Simón Bolívar", "GetArticle"),
            ("Ouvre l'article Victor Hugo", "GetArticle"),
            ("Öffne den Artikel Berlin", "GetArticle"),
            ("Apri l'articolo Roma", "GetArticle"),
            ("Открой статью Москва", "GetArticle"),
            ("Abra o artigo Lisboa", "GetArticle"),
            (
                "Donne-moi les articles Victor Hugo et Émile Zola en entier",
                "GetArticles",
            ),
            (
                "Hol mir bitte die Artikel zu Berlin, Hamburg und München.",
                "GetArticles",
            ),
            (
                "Dame los artículos Madrid, Sevilla y Valencia",
                "GetArticles",
            ),
            ("Geef me de artikelen Amsterdam en Rotterdam", "GetArticles"),
            ("quels liens sortent de l'article Napoléon Ier ?", "Links"),
            ("¿Qué enlaces salen del artículo Madrid?", "Links"),
            ("Quais links saem do artigo Lisboa?", "Links"),
            (
                "Wann wurde dieses Archiv erstellt und wer ist der Herausgeber?",
                "Metadata",
            ),
            (
                "Quand cette archive a-t-elle été créée et qui est l'éditeur ?",
                "Metadata",
            ),
            (
                "¿Cuándo se creó este archivo y quién es el editor?",
                "Metadata",
            ),
            (
                "Wanneer is dit archief gemaakt en wie is de uitgever?",
                "Metadata",
            ),
            ("Покажи раздел «Биография» из статьи Лев Толстой", "Section"),
            ("Покажи раздел «История» в статье Москва", "Section"),
            ("Me dá o resumo do artigo Machado de Assis", "Summary"),
            ("Résumé de l'article Victor Hugo", "Summary"),
            ("Dame el resumen del artículo Simón Bolívar", "Summary"),
            ("percorra todas as entradas do namespace C", "Walk"),
            (
                "recorre todas las entradas del espacio de nombres M",
                "Walk",
            ),
            ("parcours toutes les entrées de l'espace de noms A", "Walk"),
            ("Zeig mir das Inhaltsverzeichnis von Berlin", "Toc"),
            ("Pages similaires à Octopus", "Related"),
            ("Ähnliche Artikel wie Berlin", "Related"),
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), want, "{q}");
        }
        for q in [
            "¿A qué hora abre el museo del Prado?",
            "lista de países de Europa",
            "Die Artikel des Grundgesetzes und der Verfassung",
            "les articles de presse et les blogs",
            "quand cette archive a été créée pourquoi",
            "cómo leer un archivo en Python",
            "Lis-moi une histoire",
            "раздел имущества при разводе",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }

    /// Heldout-z2's requests in other languages: the archive's metadata asked in Polish (the
    /// archive in the genitive), an article's links with the bare Dutch imperative, an
    /// article's whole text in Japanese with the article's noun before its name. Words of these
    /// phrases in a topic stay searches.
    #[test]
    fn heldout_z2_command_phrases_route() {
        for (q, want) in [
            ("Pokaż metadane archiwum", "Metadata"),
            ("Pokaż metadane tego archiwum", "Metadata"),
            ("Geef de links van het artikel Rembrandt", "Links"),
            ("Geef de inhoudsopgave van het artikel Utrecht", "Toc"),
            ("記事「富士山」の本文を全部取得して", "GetArticle"),
            ("「東京」の本文を見せて", "GetArticle"),
            ("項目「京都」の全文を表示して", "GetArticle"),
            // "any" in a question of whether an entry of the title exists.
            (
                "existe algum artigo com o título exato 'Saudade'?",
                "FindByTitle",
            ),
            (
                "¿Existe algún artículo con el título 'Tango'?",
                "FindByTitle",
            ),
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), want, "{q}");
        }
        for q in [
            "Archiwum X obsada",
            "geef de kans aan vrede",
            "本文の書き方",
            "links van het Amstel",
            "existe algum remédio para gripe?",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }

    #[test]
    fn heldout_z3_command_phrases_route() {
        for (q, want) in [
            ("Welche Archive stehen zur Verfügung?", "ListArchives"),
            (
                "Welche ZIM-Dateien stehen uns zur Verfügung?",
                "ListArchives",
            ),
            (
                "Artikel, die mit 'Dreißigjähriger Krieg' verwandt sind",
                "Related",
            ),
            ("Seiten, die mit 'Rom' verwandt sind", "Related"),
            (
                "Welche Sprache und welches Datum hat dieses Archiv?",
                "Metadata",
            ),
            (
                "Quels sont les chapitres de l'article « Victor Hugo » ?",
                "Toc",
            ),
            (
                "busca el artículo que se llama «Don Quijote»",
                "FindByTitle",
            ),
            ("geef titelsuggesties die beginnen met 'Amster'", "Suggest"),
            ("サーバーにあるZIMアーカイブの一覧を見せて", "ListArchives"),
            ("名前空間Cのエントリをすべて列挙して", "Walk"),
            ("名前空間Aの記事を全部見せて", "Walk"),
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), want, "{q}");
        }
        for q in [
            "welche Sprache spricht man in Belgien?",
            "un poulet rôti en entier",
            "récupérer un compte Gmail piraté",
            "Welche Archive stehen im Bundesarchiv zur Verfügung?",
            "Menschen, die mit Tieren verwandt sind",
            "busca el significado de la vida",
            "名前空間とは",
            "国立公文書館のアーカイブ一覧",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }

    #[test]
    fn letter_runs_of_a_pattern() {
        assert_eq!(letter_runs(r"zeig(?:e)?\s+mir"), ["zeig", "mir"]);
        // A letter made optional is no part of its run; classes and escapes end one.
        assert_eq!(letter_runs(r"suggestions?"), ["suggestion"]);
        assert_eq!(letter_runs(r"vorschl[äa]ge\s+f[üu]r"), ["vorschl", "ge"]);
        assert_eq!(letter_runs(r"(?-i:([A-Z]))\s+naraz"), ["naraz"]);
        assert_eq!(letter_runs(r"x{2,3}yz"), ["yz"]);
        // Every phrase spells some run, else the screen would pass it over.
        for (p, _) in PHRASES.iter().chain(UNSPACED) {
            assert!(!letter_runs(p).is_empty(), "{p}");
        }
    }

    #[test]
    fn the_screen_passes_over_no_phrase_a_request_holds() {
        let labelled = crate::learned::LABELLED_SETS
            .iter()
            .flat_map(|set| set.lines())
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v["query"].as_str().map(str::to_string));
        let written = [
            "¿Qué artículos enlazan a «Zaragoza»?",
            "Gibt es einen Eintrag mit dem Titel „Brandenburger Tor“?",
            "mostrami la sezione 'Storia' nell'articolo Roma",
            "Toon me de inhoudsopgave van het artikel over Utrecht",
            "Jakie linki wychodzące ma artykuł Kraków?",
            "MOSTRA L'ARTICOLO COMPLETO SU DANTE",
            "Visa startsidan för arkivet.",
            "'Kapadokya' ile ilgili sayfaları göster",
            "Zobraz obsah článku Praha",
            "Покажи оглавление статьи «Москва»",
            "Tampilkan daftar isi artikel Jakarta",
            "「富士山」の目次を表示して",
        ]
        .map(str::to_string);
        for q in labelled.chain(written) {
            let q = crate::text::normalize_input(&q);
            assert_eq!(rewrite(&q, true), rewrite(&q, false), "{q}");
        }
    }
}
