//! Parameter validation for the three methods, with the API's messages:
//! `Invalid parameters for wikipedia.search: query must be at least 1 character`.
//!
//! Parameters come by name (an object) or by position (an array, in the order of the tables
//! of the API reference). Numbers must be integers; `5.0` counts as the integer 5, as it does in
//! the JavaScript clients the API was written for.

use serde_json::{Map, Value};

use crate::jsonrpc::RpcError;

pub const SEARCH: &str = "wikipedia.search";
pub const PAGE: &str = "wikipedia.page";
pub const PAGE_BY_ID: &str = "wikipedia.pageById";

pub const DEFAULT_LANG: &str = "en";
pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 50;
/// Longest `query` or `title` accepted (characters).
pub const MAX_STRING_CHARS: usize = 300;

#[derive(Debug, Clone, PartialEq)]
pub struct SearchParams {
    pub query: String,
    pub limit: u32,
    pub lang: String,
    pub offset: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PageParams {
    pub title: String,
    pub lang: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PageByIdParams {
    pub id: u64,
    pub lang: String,
}

/// The parameters of one call, named, whichever form they came in.
struct Named<'a> {
    method: &'static str,
    fields: Map<String, Value>,
    _params: std::marker::PhantomData<&'a ()>,
}

impl<'a> Named<'a> {
    fn new(
        method: &'static str,
        params: Option<&'a Value>,
        positional: &[&str],
    ) -> Result<Self, RpcError> {
        let fields = match params {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map.clone(),
            Some(Value::Array(items)) => {
                if items.len() > positional.len() {
                    return Err(invalid(
                        method,
                        &format!(
                            "expected at most {} positional parameters",
                            positional.len()
                        ),
                    ));
                }
                positional
                    .iter()
                    .zip(items)
                    .map(|(k, v)| ((*k).to_owned(), v.clone()))
                    .collect()
            }
            Some(_) => return Err(invalid(method, "params must be an object")),
        };
        if let Some(unknown) = fields.keys().find(|k| !positional.contains(&k.as_str())) {
            return Err(invalid(
                method,
                &format!(
                    "unknown parameter '{unknown}' (expected: {})",
                    positional.join(", ")
                ),
            ));
        }
        Ok(Named {
            method,
            fields,
            _params: std::marker::PhantomData,
        })
    }

    fn present(&self, key: &str) -> Option<&Value> {
        self.fields.get(key).filter(|v| !v.is_null())
    }

    fn required_string(&self, key: &str) -> Result<String, RpcError> {
        match self.present(key) {
            None => Err(invalid(self.method, &format!("{key} is required"))),
            Some(Value::String(s)) if s.trim().is_empty() => Err(invalid(
                self.method,
                &format!("{key} must be at least 1 character"),
            )),
            // A cap, as the live API has (titles are at most 255 bytes, searches 300
            // characters): a multi-megabyte query would otherwise cost seconds of a core and
            // gigabytes of parser memory, before any rate limit could help.
            Some(Value::String(s)) if s.chars().count() > MAX_STRING_CHARS => Err(invalid(
                self.method,
                &format!("{key} must be at most {MAX_STRING_CHARS} characters"),
            )),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(invalid(self.method, &format!("{key} must be a string"))),
        }
    }

    fn integer(
        &self,
        key: &str,
        min: u64,
        max: u64,
        default: u64,
        rule: &str,
    ) -> Result<u64, RpcError> {
        let Some(value) = self.present(key) else {
            return Ok(default);
        };
        let n = as_integer(value)
            .ok_or_else(|| invalid(self.method, &format!("{key} must be {rule}")))?;
        if n < min as i128 || n > max as i128 {
            return Err(invalid(self.method, &format!("{key} must be {rule}")));
        }
        u64::try_from(n).map_err(|_| invalid(self.method, &format!("{key} must be {rule}")))
    }

    fn lang(&self) -> Result<String, RpcError> {
        match self.present("lang") {
            None => Ok(DEFAULT_LANG.to_owned()),
            Some(Value::String(s)) if is_language_code(s) => Ok(s.to_ascii_lowercase()),
            Some(_) => Err(invalid(
                self.method,
                "lang must be a language code such as \"en\" (ISO 639-1, two letters)",
            )),
        }
    }
}

fn as_integer(value: &Value) -> Option<i128> {
    let Value::Number(n) = value else { return None };
    if let Some(i) = n.as_i64() {
        return Some(i128::from(i));
    }
    if let Some(u) = n.as_u64() {
        return Some(i128::from(u));
    }
    let f = n.as_f64()?;
    // Integral floats only, and within a range where the conversion is exact.
    (f.fract() == 0.0 && f.abs() < 9.0e15).then_some(f as i128)
}

/// `en`, `be`, also three-letter codes (`eng`) and Wikipedia's variant forms (`be-tarask`).
fn is_language_code(s: &str) -> bool {
    let mut parts = s.split('-');
    let base = parts.next().unwrap_or_default();
    (2..=3).contains(&base.len())
        && base.chars().all(|c| c.is_ascii_alphabetic())
        && parts
            .all(|p| !p.is_empty() && p.len() <= 8 && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

pub fn invalid(method: &str, detail: &str) -> RpcError {
    RpcError::invalid_params(format!("Invalid parameters for {method}: {detail}"))
}

pub fn search(params: Option<&Value>) -> Result<SearchParams, RpcError> {
    let p = Named::new(SEARCH, params, &["query", "limit", "lang", "offset"])?;
    let query = p.required_string("query")?;
    let limit = p.integer(
        "limit",
        1,
        u64::from(MAX_LIMIT),
        u64::from(DEFAULT_LIMIT),
        "an integer between 1 and 50",
    )?;
    let offset = p.integer(
        "offset",
        0,
        u64::from(u32::MAX),
        0,
        "a non-negative integer",
    )?;
    let lang = p.lang()?;
    Ok(SearchParams {
        query,
        limit: u32::try_from(limit).unwrap_or(DEFAULT_LIMIT),
        lang,
        offset: u32::try_from(offset).unwrap_or(u32::MAX),
    })
}

pub fn page(params: Option<&Value>) -> Result<PageParams, RpcError> {
    let p = Named::new(PAGE, params, &["title", "lang"])?;
    Ok(PageParams {
        title: p.required_string("title")?,
        lang: p.lang()?,
    })
}

pub fn page_by_id(params: Option<&Value>) -> Result<PageByIdParams, RpcError> {
    let p = Named::new(PAGE_BY_ID, params, &["id", "lang"])?;
    if p.present("id").is_none() {
        return Err(invalid(PAGE_BY_ID, "id is required"));
    }
    let id = p.integer("id", 1, u64::from(u32::MAX) + 1, 0, "a positive integer")?;
    Ok(PageByIdParams {
        id,
        lang: p.lang()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn msg(r: Result<impl std::fmt::Debug, RpcError>) -> String {
        let e = r.unwrap_err();
        assert_eq!(e.code, -32602);
        e.message
    }

    #[test]
    fn search_defaults_and_values() {
        let p = search(Some(&json!({"query": "TypeScript", "limit": 3}))).unwrap();
        assert_eq!(
            p,
            SearchParams {
                query: "TypeScript".into(),
                limit: 3,
                lang: "en".into(),
                offset: 0
            }
        );
        let p = search(Some(&json!(["ray", 5.0, "EN", 10]))).unwrap();
        assert_eq!(
            p,
            SearchParams {
                query: "ray".into(),
                limit: 5,
                lang: "en".into(),
                offset: 10
            }
        );
    }

    #[test]
    fn search_errors_name_the_rule() {
        assert_eq!(
            msg(search(Some(&json!({"query": ""})))),
            "Invalid parameters for wikipedia.search: query must be at least 1 character"
        );
        assert_eq!(
            msg(search(None)),
            "Invalid parameters for wikipedia.search: query is required"
        );
        assert_eq!(
            msg(search(Some(&json!({"query": 5})))),
            "Invalid parameters for wikipedia.search: query must be a string"
        );
        for limit in [json!(0), json!(51), json!(2.5), json!("3"), json!(-1)] {
            assert_eq!(
                msg(search(Some(&json!({"query": "a", "limit": limit})))),
                "Invalid parameters for wikipedia.search: limit must be an integer between 1 and 50"
            );
        }
        assert_eq!(
            msg(search(Some(&json!({"query": "a", "offset": -1})))),
            "Invalid parameters for wikipedia.search: offset must be a non-negative integer"
        );
        assert!(
            msg(search(Some(&json!({"query": "a", "lang": "english!"})))).contains("lang must be")
        );
        assert!(
            msg(search(Some(&json!({"query": "a", "limt": 3}))))
                .contains("unknown parameter 'limt'")
        );
    }

    #[test]
    fn strings_are_capped() {
        let long = "a ".repeat(200_000);
        assert_eq!(
            msg(search(Some(&json!({"query": long})))),
            "Invalid parameters for wikipedia.search: query must be at most 300 characters"
        );
        assert!(msg(page(Some(&json!({"title": "x".repeat(301)})))).contains("at most 300"));
        assert!(search(Some(&json!({"query": "é".repeat(300)}))).is_ok());
    }

    #[test]
    fn page_and_page_by_id() {
        assert_eq!(
            page(Some(&json!({"title": "Ray Charles"}))).unwrap().title,
            "Ray Charles"
        );
        assert_eq!(
            msg(page(Some(&json!({"title": ""})))),
            "Invalid parameters for wikipedia.page: title must be at least 1 character"
        );
        assert_eq!(page_by_id(Some(&json!({"id": 233488}))).unwrap().id, 233488);
        assert_eq!(
            msg(page_by_id(Some(&json!({})))),
            "Invalid parameters for wikipedia.pageById: id is required"
        );
        for id in [json!(0), json!(-4), json!(1.5), json!("12")] {
            assert_eq!(
                msg(page_by_id(Some(&json!({"id": id})))),
                "Invalid parameters for wikipedia.pageById: id must be a positive integer"
            );
        }
    }

    #[test]
    fn language_codes() {
        assert!(is_language_code("en") && is_language_code("eng") && is_language_code("be-tarask"));
        assert!(!is_language_code("e") && !is_language_code("english") && !is_language_code("en-"));
    }
}
