//! A small JSON reader for requests written as one JSON object (`{"op": "health"}`,
//! `{"op": "section", "title": "Tide", "section": "Spring and neap tides"}`): agents that
//! speak in tool calls send them so. The request is capped at [`crate::MAX_QUERY_CHARS`]
//! characters before it gets here, nesting at [`MAX_DEPTH`]; malformed text gives `None`,
//! never a panic. Only what a request needs is kept: strings, numbers, booleans, null,
//! arrays and objects (keys in their order, the first of a repeated key kept).

use std::iter::Peekable;
use std::str::Chars;

/// Objects and arrays nested deeper than this are malformed for a request.
const MAX_DEPTH: usize = 8;

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value as text: a string as it is, a number or a boolean written out.
    pub(crate) fn as_text(&self) -> Option<String> {
        match self {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) if n.is_finite() && n.fract() == 0.0 && n.abs() < 1e15 => {
                Some(format!("{}", *n as i64))
            }
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }
}

/// The object the whole text is, or `None` when it is no JSON object.
pub(crate) fn parse_object(text: &str) -> Option<Vec<(String, Value)>> {
    let mut chars = text.trim().chars().peekable();
    let value = value(&mut chars, 0)?;
    skip_space(&mut chars);
    if chars.peek().is_some() {
        return None;
    }
    match value {
        Value::Object(members) => Some(members),
        _ => None,
    }
}

fn skip_space(chars: &mut Peekable<Chars>) {
    while chars.peek().is_some_and(|c| c.is_whitespace()) {
        chars.next();
    }
}

fn value(chars: &mut Peekable<Chars>, depth: usize) -> Option<Value> {
    skip_space(chars);
    match *chars.peek()? {
        '{' => {
            chars.next();
            if depth >= MAX_DEPTH {
                return None;
            }
            let mut members: Vec<(String, Value)> = Vec::new();
            skip_space(chars);
            if chars.next_if_eq(&'}').is_some() {
                return Some(Value::Object(members));
            }
            loop {
                skip_space(chars);
                chars.next_if_eq(&'"')?;
                let key = string(chars)?;
                skip_space(chars);
                chars.next_if_eq(&':')?;
                let v = value(chars, depth.saturating_add(1))?;
                if !members.iter().any(|(k, _)| *k == key) {
                    members.push((key, v));
                }
                skip_space(chars);
                match chars.next()? {
                    ',' => continue,
                    '}' => return Some(Value::Object(members)),
                    _ => return None,
                }
            }
        }
        '[' => {
            chars.next();
            if depth >= MAX_DEPTH {
                return None;
            }
            let mut items = Vec::new();
            skip_space(chars);
            if chars.next_if_eq(&']').is_some() {
                return Some(Value::Array(items));
            }
            loop {
                items.push(value(chars, depth.saturating_add(1))?);
                skip_space(chars);
                match chars.next()? {
                    ',' => continue,
                    ']' => return Some(Value::Array(items)),
                    _ => return None,
                }
            }
        }
        '"' => {
            chars.next();
            string(chars).map(Value::String)
        }
        't' => word(chars, "true").then_some(Value::Bool(true)),
        'f' => word(chars, "false").then_some(Value::Bool(false)),
        'n' => word(chars, "null").then_some(Value::Null),
        c if c == '-' || c.is_ascii_digit() => {
            let mut s = String::new();
            while let Some(c) = chars.next_if(|c| c.is_ascii_digit() || "+-.eE".contains(*c)) {
                s.push(c);
            }
            s.parse::<f64>().ok().map(Value::Number)
        }
        _ => None,
    }
}

/// The rest of a literal word whose first letter is next.
fn word(chars: &mut Peekable<Chars>, w: &str) -> bool {
    w.chars()
        .all(|expected| chars.next_if_eq(&expected).is_some())
}

/// A string's contents after its opening quote, up to and including the closing one.
fn string(chars: &mut Peekable<Chars>) -> Option<String> {
    let mut s = String::new();
    loop {
        match chars.next()? {
            '"' => return Some(s),
            '\\' => match chars.next()? {
                'n' => s.push('\n'),
                't' => s.push('\t'),
                'r' => s.push('\r'),
                'b' | 'f' => s.push(' '),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let code = u32::from_str_radix(&hex, 16).ok()?;
                    // A lone surrogate half (of an escaped emoji) is no character: dropped.
                    if let Some(c) = char::from_u32(code) {
                        s.push(c);
                    }
                }
                other => s.push(other),
            },
            c => s.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_read() {
        let o = parse_object(r#"{"op": "walk","ns": "A","cursor":0,"limit":500, "all": true}"#)
            .unwrap_or_default();
        assert_eq!(o.len(), 5);
        assert_eq!(o[0], ("op".into(), Value::String("walk".into())));
        assert_eq!(o[3].1.as_text().as_deref(), Some("500"));
        assert_eq!(o[4].1, Value::Bool(true));
        let o = parse_object(r#" { "q" : "say \"hi\" \u00e9\n", "fields":["a",{"b":null}] } "#)
            .unwrap_or_default();
        assert_eq!(o[0].1, Value::String("say \"hi\" é\n".into()));
        assert!(matches!(&o[1].1, Value::Array(a) if a.len() == 2));
        assert_eq!(parse_object("{}"), Some(Vec::new()));
    }

    #[test]
    fn anything_else_is_none() {
        for bad in [
            "",
            "health",
            "[1, 2]",
            "\"op\"",
            "{",
            "{\"op\": }",
            "{\"op\": \"health\"",
            "{\"op\": \"health\"} and more",
            "{op: health}",
            "{'op': 'health'}",
            "{\"op\": \"health\",}",
            "{\"q\": \"\\u12\"}",
            "{\"a\": tru}",
            "{\"n\": -}",
            &format!("{}{}", "{\"a\":[".repeat(20), "]}".repeat(20)),
        ] {
            assert_eq!(parse_object(bad), None, "{bad}");
        }
    }
}
