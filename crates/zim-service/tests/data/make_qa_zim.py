"""Writes qa.zim: a two-question Stack Exchange-like archive (made by "sotoki") for the
archive-type preset tests. Run with python-libzim: python make_qa_zim.py"""
from libzim.writer import Creator, Hint, Item, StringProvider


class Page(Item):
    def __init__(self, path, title, html):
        super().__init__()
        self.path, self.title, self.html = path, title, html

    def get_path(self):
        return self.path

    def get_title(self):
        return self.title

    def get_mimetype(self):
        return "text/html"

    def get_contentprovider(self):
        return StringProvider(self.html)

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: True}


FILLER = " ".join(["The kettle heats the water until it boils and then switches itself off."] * 12)

PAGES = [
    ("questions/1/how-do-i-descale-a-kettle", "How do I descale a kettle?",
     "<html><head><title>How do I descale a kettle?</title></head><body>"
     "<h1>How do I descale a kettle?</h1>"
     f"<p>My kettle is full of limescale. {FILLER}</p>"
     "<h2 id='answers'>2 Answers</h2>"
     "<div class='answer'><div class='score'>12</div>"
     "<p>Boil a mixture of water and white vinegar, leave it for an hour, then rinse twice.</p></div>"
     "<div class='answer'><div class='score'>3</div><p>Citric acid works as well.</p></div>"
     "</body></html>"),
    ("questions/2/why-does-my-kettle-click", "Why does my kettle click?",
     "<html><head><title>Why does my kettle click?</title></head><body>"
     "<h1>Why does my kettle click?</h1>"
     f"<p>It clicks when it boils. {FILLER}</p></body></html>"),
]

with Creator("qa.zim").config_indexing(True, "eng") as creator:
    creator.set_mainpath(PAGES[0][0])
    for key, value in [("Name", "cooking.stackexchange.com_en_all"), ("Title", "Cooking"),
                       ("Scraper", "sotoki 3.0.2"), ("Language", "eng"),
                       ("Creator", "Stack Exchange"), ("Publisher", "test"),
                       ("Date", "2026-01-01"), ("Description", "Q&A preset test archive")]:
        creator.add_metadata(key, value)
    for path, title, html in PAGES:
        creator.add_item(Page(path, title, html))
