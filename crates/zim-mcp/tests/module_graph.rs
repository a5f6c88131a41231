//! The crate's files form a one-way graph: no file reaches back, through `crate::`, `super::`,
//! `self::` or child-module paths, to a file that reaches it. A cycle fails this test with the
//! files on it.
//!
//! Paths are read from the source text (comments, strings and `#[cfg(test)]` modules left
//! out), use trees (`use crate::{a, b::c}`) included; a path names the file of the longest
//! module prefix it has. References to the crate root (`crate::some_macro!`) are ignored: the
//! root only declares modules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// The same for zim-service, the crate of the tools, the pipeline and the infrastructure, between
/// files of different modules: a child module using its parent's items (`tools::browse` the
/// `Tool` type of `tools`) is the parent's own structure, not a cycle between layers.
#[test]
fn zim_service_modules_have_no_cycles() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../zim-service/src");
    let sources = read_tree(&src);
    assert!(sources.len() > 30, "found {} files", sources.len());
    let mut graph = edges(&sources);
    for (from, targets) in graph.iter_mut() {
        targets.retain(|to| !from.starts_with(to));
    }
    let has = |from: &str, to: &str| {
        graph
            .get(&module(from))
            .is_some_and(|targets| targets.contains(&module(to)))
    };
    // The edges that matter are seen: the tools reach the service, the backends the requests.
    assert!(has("tools", "service"), "{graph:#?}");
    assert!(has("backend", "requests"), "{graph:#?}");
    if let Some(cycle) = find_cycle(&graph) {
        let names: Vec<String> = cycle.iter().map(display).collect();
        panic!("zim-service import cycle: {}", names.join(" -> "));
    }
}

#[test]
fn zim_mcp_modules_have_no_cycles() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources = read_tree(&src);
    assert!(
        sources.len() > 10,
        "found {} files under {}",
        sources.len(),
        src.display()
    );
    let graph = edges(&sources);
    // The check sees the edges that matter: the app reaches the transports, the transports
    // the dispatch.
    let has = |from: &str, to: &str| {
        graph
            .get(&module(from))
            .is_some_and(|targets| targets.contains(&module(to)))
    };
    assert!(has("app", "transport"), "{graph:#?}");
    assert!(has("transport::http", "dispatch"), "{graph:#?}");
    assert!(has("transport::stdio", "dispatch"), "{graph:#?}");
    assert!(has("transport::sse", "dispatch"), "{graph:#?}");
    if let Some(cycle) = find_cycle(&graph) {
        let names: Vec<String> = cycle.iter().map(display).collect();
        panic!("import cycle between files: {}", names.join(" -> "));
    }
    // Transports never use each other.
    for a in ["stdio", "http", "sse"] {
        for b in ["stdio", "http", "sse"] {
            if a != b {
                assert!(
                    !has(&format!("transport::{a}"), &format!("transport::{b}")),
                    "transport::{a} uses transport::{b}"
                );
            }
        }
    }
}

#[test]
fn the_check_finds_cycles_through_use_trees_super_and_children() {
    let tree = |files: &[(&str, &str)]| -> BTreeMap<Module, String> {
        files
            .iter()
            .map(|(m, text)| (module(m), (*text).to_owned()))
            .collect()
    };
    // a -> b through a use tree, b -> a through a plain path.
    let sources = tree(&[
        ("", "pub mod a; pub mod b;"),
        ("a", "use crate::{b::Thing, x};\nfn f() {}"),
        ("b", "fn g() { crate::a::f(); }"),
    ]);
    let cycle = find_cycle(&edges(&sources)).expect("a cycle");
    assert_eq!(cycle.len(), 3, "{cycle:?}");
    // Parent uses a child, the child uses the parent through `super`.
    let sources = tree(&[
        ("", "pub mod t;"),
        ("t", "pub mod h;\nuse h::run;\npub fn shared() {}"),
        ("t::h", "use super::shared;"),
    ]);
    assert!(find_cycle(&edges(&sources)).is_some());
    // Siblings through `super::`, one way only; comments, strings and tests do not count.
    let sources = tree(&[
        ("", "pub mod t;"),
        ("t", "pub mod h; pub mod g;"),
        ("t::h", "use super::g::Guard; // crate::t::h\n"),
        (
            "t::g",
            "const S: &str = \"super::h::x\";\n/* use super::h; */\n#[cfg(test)]\nmod tests { use super::super::h; }",
        ),
    ]);
    let graph = edges(&sources);
    assert!(find_cycle(&graph).is_none(), "{graph:?}");
    assert!(graph[&module("t::h")].contains(&module("t::g")));
}

fn module(path: &str) -> Module {
    path.split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn display(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

/// Every `.rs` file under `root` (the library's; `main.rs` is the binary, a crate of its own)
/// by module path.
fn read_tree(root: &Path) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let Ok(relative) = path.strip_prefix(root) else {
                continue;
            };
            let mut parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
                .collect();
            match parts.last().map(String::as_str) {
                Some("main") if parts.len() == 1 => continue,
                Some("lib") if parts.len() == 1 => {
                    parts.clear();
                }
                Some("mod") => {
                    parts.pop();
                }
                _ => {}
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.insert(parts, text);
            }
        }
    }
    out
}

/// File -> the files it names.
fn edges(sources: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules: BTreeSet<&Module> = sources.keys().collect();
    let mut graph = BTreeMap::new();
    for (here, text) in sources {
        let children: BTreeSet<String> = modules
            .iter()
            .filter(|m| m.len() == here.len() + 1 && m.starts_with(here))
            .filter_map(|m| m.last().cloned())
            .collect();
        let mut targets = BTreeSet::new();
        for path in paths(&tokens(&code_only(text))) {
            let Some(target) = resolve(here, &children, &path, &modules) else {
                continue;
            };
            if target != *here && !target.is_empty() {
                targets.insert(target);
            }
        }
        graph.insert(here.clone(), targets);
    }
    graph
}

/// The module file a path names: the longest module prefix of its absolute form.
fn resolve(
    here: &Module,
    children: &BTreeSet<String>,
    path: &[String],
    modules: &BTreeSet<&Module>,
) -> Option<Module> {
    let (first, rest) = path.split_first()?;
    let mut absolute: Module = match first.as_str() {
        "crate" | "$crate" => Vec::new(),
        "self" => here.clone(),
        "super" => here.get(..here.len().checked_sub(1)?)?.to_vec(),
        name if children.contains(name) => {
            let mut m = here.clone();
            m.push(name.to_owned());
            m
        }
        _ => return None,
    };
    let mut segments = rest.iter().peekable();
    // Leading `super::super::...` after the first `super`.
    if first == "super" {
        while segments.peek().is_some_and(|s| s.as_str() == "super") {
            absolute.pop()?;
            segments.next();
        }
    }
    let mut best = absolute.clone();
    for segment in segments {
        absolute.push(segment.clone());
        if modules.contains(&absolute) {
            best = absolute.clone();
        } else {
            break;
        }
    }
    Some(best)
}

/// The source without comments, string and character literals, and everything from the first
/// `#[cfg(test)]` on (test modules sit at the end of a file and may use anything).
fn code_only(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = at(i);
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && at(i) != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0usize;
            while i < chars.len() {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (at(i + 1) == '#' || at(i + 1) == '"')
            && (!ident_char(at_prev(&chars, i)) || at_prev(&chars, i) == 'b')
        {
            // Raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            if at(j) != '"' {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if at(j) == '"' && (1..=hashes).all(|k| at(j + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && at(i) != '"' {
                if at(i) == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                let mut j = i + 2;
                while j < chars.len() && at(j) != '\'' {
                    j += 1;
                }
                i = j + 1;
                out.push_str("' '");
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn at_prev(chars: &[char], i: usize) -> char {
    i.checked_sub(1)
        .and_then(|p| chars.get(p))
        .copied()
        .unwrap_or(' ')
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Sep,
    Open,
    Close,
    Comma,
    Other,
}

fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if ident_char(c) {
            let start = i;
            while chars.get(i).is_some_and(|&c| ident_char(c)) {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
            continue;
        }
        match c {
            ':' if chars.get(i + 1) == Some(&':') => {
                out.push(Token::Sep);
                i += 2;
                continue;
            }
            '{' => out.push(Token::Open),
            '}' => out.push(Token::Close),
            ',' => out.push(Token::Comma),
            c if c.is_whitespace() => {}
            _ => out.push(Token::Other),
        }
        i += 1;
    }
    out
}

/// Every path of two or more segments, use trees expanded (`a::{b, c::d}` gives `a::b` and
/// `a::c::d`).
fn paths(tokens: &[Token]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = matches!(tokens.get(i), Some(Token::Ident(_)))
            && !matches!(
                i.checked_sub(1).and_then(|p| tokens.get(p)),
                Some(Token::Sep)
            );
        if starts {
            i = path_at(tokens, i, Vec::new(), &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// Reads the path starting at `i` under `prefix`; returns the index after it.
fn path_at(
    tokens: &[Token],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut path = prefix;
    while let Some(Token::Ident(name)) = tokens.get(i) {
        path.push(name.clone());
        i += 1;
        if tokens.get(i) != Some(&Token::Sep) {
            break;
        }
        i += 1;
        if tokens.get(i) == Some(&Token::Open) {
            // A use tree: each item under this prefix.
            i += 1;
            loop {
                match tokens.get(i) {
                    Some(Token::Close) => return i + 1,
                    Some(Token::Comma) | Some(Token::Other) => i += 1,
                    Some(Token::Ident(_)) => i = path_at(tokens, i, path.clone(), out),
                    Some(Token::Open) => i += 1,
                    Some(Token::Sep) => i += 1,
                    None => return i,
                }
            }
        }
    }
    if path.len() >= 2 {
        out.push(path);
    }
    i
}

/// A cycle in the graph (its files, the first repeated at the end), if there is one.
fn find_cycle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        marks: &mut BTreeMap<Module, Mark>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = stack.iter().position(|m| m == node)?;
                let mut cycle = stack.get(start..)?.to_vec();
                cycle.push(node.clone());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.clone(), Mark::Open);
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        marks.insert(node.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        let mut stack = Vec::new();
        if let Some(cycle) = visit(node, graph, &mut marks, &mut stack) {
            return Some(cycle);
        }
    }
    None
}
