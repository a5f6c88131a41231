//! The inline text buffer: one pass writes the Markdown and the plain-text rendering
//! side by side, collapsing HTML whitespace and keeping emphasis markers tight.

#[derive(Debug, Default)]
pub(crate) struct Inline {
    pub md: String,
    pub plain: String,
    /// Whitespace was seen and not yet written: it becomes one space before the next word.
    pending_space: bool,
    /// An opening marker (`**`, `[`) was just written: a following space is dropped.
    just_opened: bool,
}

impl Inline {
    fn at_line_start(&self) -> bool {
        self.md.is_empty() || self.md.ends_with('\n')
    }

    fn flush_space(&mut self) {
        if self.pending_space && !self.just_opened && !self.at_line_start() {
            self.md.push(' ');
            self.plain.push(' ');
        }
        self.pending_space = false;
    }

    /// Text from the document: whitespace runs collapse to one space.
    pub fn text(&mut self, s: &str) {
        for c in s.chars() {
            if c.is_whitespace() && c != '\u{a0}' {
                self.pending_space = true;
            } else {
                self.flush_space();
                self.just_opened = false;
                // Zero-width break opportunities (`<wbr>`-like) and soft hyphens are noise in text.
                if matches!(c, '\u{200b}' | '\u{ad}') {
                    continue;
                }
                let c = if c == '\u{a0}' { ' ' } else { c };
                self.md.push(c);
                self.plain.push(c);
            }
        }
    }

    /// Text written verbatim to both outputs (code spans), after any pending space.
    pub fn verbatim(&mut self, md: &str, plain: &str) {
        self.flush_space();
        self.just_opened = false;
        self.md.push_str(md);
        self.plain.push_str(plain);
    }

    /// An opening Markdown marker; returns the length before it, for [`Inline::close`].
    pub fn open(&mut self, marker: &str) -> usize {
        self.flush_space();
        let mark = self.md.len();
        self.md.push_str(marker);
        self.just_opened = true;
        mark
    }

    /// Closes a marker opened at `mark`; removes the opener instead when nothing was
    /// written in between (empty `<b></b>` or image-only links). Returns whether it closed.
    pub fn close(&mut self, mark: usize, open_len: usize, marker: &str) -> bool {
        if self.md.len() <= mark.saturating_add(open_len) {
            self.md.truncate(mark);
            self.just_opened = false;
            return false;
        }
        // Trailing spaces belong after the marker.
        while self.md.ends_with(' ') {
            self.md.pop();
            self.pending_space = true;
        }
        self.md.push_str(marker);
        self.just_opened = false;
        true
    }

    pub fn line_break(&mut self) {
        while self.md.ends_with(' ') {
            self.md.pop();
        }
        while self.plain.ends_with(' ') {
            self.plain.pop();
        }
        self.md.push('\n');
        self.plain.push('\n');
        self.pending_space = false;
        self.just_opened = false;
    }

    pub fn is_blank(&self) -> bool {
        self.md.trim().is_empty()
    }

    /// Takes the trimmed contents, leaving the buffer empty.
    pub fn take(&mut self) -> (String, String) {
        let md = std::mem::take(&mut self.md);
        let plain = std::mem::take(&mut self.plain);
        self.pending_space = false;
        self.just_opened = false;
        (md.trim().to_string(), plain.trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapses_and_keeps_markers_tight() {
        let mut i = Inline::default();
        i.text("  Hello\n  ");
        let m = i.open("**");
        i.text(" bold ");
        i.close(m, 2, "**");
        i.text("world");
        let m = i.open("*");
        i.close(m, 1, "*");
        let (md, plain) = i.take();
        assert_eq!(md, "Hello **bold** world");
        assert_eq!(plain, "Hello bold world");
    }
}
