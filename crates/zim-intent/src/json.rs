//! Requests written as one JSON object (`{"op": "health"}`, `{"op": "section", "title":
//! "Tide", "section": "Spring and neap tides"}`): agents that speak in tool calls send them
//! so. Read with serde_json; the request is capped at [`crate::MAX_QUERY_CHARS`] characters
//! before it gets here and nesting at [`MAX_DEPTH`], and malformed text gives `None`.

pub(crate) use serde_json::Value;

/// Objects and arrays nested deeper than this are not a request.
const MAX_DEPTH: usize = 8;

/// The members of the object the whole text is, or `None` when it is no JSON object (or
/// one nested deeper than [`MAX_DEPTH`]).
pub(crate) fn parse_object(text: &str) -> Option<Vec<(String, Value)>> {
    let value = serde_json::from_str::<Value>(text.trim()).ok()?;
    if depth(&value) > MAX_DEPTH {
        return None;
    }
    match value {
        Value::Object(members) => Some(members.into_iter().collect()),
        _ => None,
    }
}

/// How deep objects and arrays nest in `value` (a scalar is 0).
fn depth(value: &Value) -> usize {
    match value {
        Value::Object(m) => 1 + m.values().map(depth).max().unwrap_or(0),
        Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// A value as text: a string as it is, a number or a boolean written out.
pub(crate) fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member<'a>(o: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
        o.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    #[test]
    fn objects_are_read() {
        let o = parse_object(r#"{"op": "walk","ns": "A","cursor":0,"limit":500, "all": true}"#)
            .unwrap_or_default();
        assert_eq!(o.len(), 5);
        assert_eq!(member(&o, "op"), Some(&Value::String("walk".into())));
        assert_eq!(
            member(&o, "limit").and_then(as_text).as_deref(),
            Some("500")
        );
        assert_eq!(member(&o, "all"), Some(&Value::Bool(true)));
        let o = parse_object(r#" { "q" : "say \"hi\" \u00e9\n", "fields":["a",{"b":null}] } "#)
            .unwrap_or_default();
        assert_eq!(
            member(&o, "q"),
            Some(&Value::String("say \"hi\" é\n".into()))
        );
        assert!(matches!(member(&o, "fields"), Some(Value::Array(a)) if a.len() == 2));
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
            &format!("{}{}", "[".repeat(10_000), "]".repeat(10_000)),
        ] {
            assert_eq!(parse_object(bad), None, "{}", bad.get(..40).unwrap_or(bad));
        }
    }
}
