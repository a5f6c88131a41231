//! The configuration's tests: loading and precedence, openzim-mcp compatibility, and the
//! bounds of every declared range (generated from the tables).

use super::*;
use std::io::Write;

fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

fn dir_cli(dir: &Path) -> CliOverrides {
    CliOverrides {
        allowed_directories: vec![dir.to_path_buf()],
        ..CliOverrides::default()
    }
}

#[test]
fn defaults_match_the_spec() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::load(None, env(&[]), &dir_cli(dir.path())).unwrap();
    assert_eq!(config.tool_mode, ToolMode::Simple);
    assert_eq!(config.transport, Transport::Stdio);
    assert_eq!(config.host, "127.0.0.1");
    assert_eq!(config.port, 8000);
    assert_eq!(config.rate_limit.requests_per_second, 10.0);
    assert_eq!(config.rate_limit.burst_size, 20);
    assert_eq!(config.watch_interval_seconds, 5);
    assert!(config.subscriptions_enabled);
    assert_eq!(
        config.allowed_directories,
        vec![dir.path().canonicalize().unwrap()]
    );
}

#[test]
fn precedence_is_cli_then_env_then_file_then_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(
        file,
        "port = 9001\nhost = \"127.0.0.2\"\ntool_mode = \"advanced\"\n[rate_limit]\nburst_size = 7\nrequests_per_second = 3.5\n[cache]\nenabled = false"
    )
    .unwrap();
    let vars = env(&[
        ("OPENZIM_MCP_PORT", "9002"),
        ("OPENZIM_MCP_RATE_LIMIT__BURST_SIZE", "9"),
        ("OPENZIM_MCP_CACHE__ENABLED", "true"),
        ("OPENZIM_MCP_AUTH_TOKEN", "12345"),
        ("OPENZIM_MCP_CORS_ORIGINS", "http://a.test, http://b.test"),
        ("OPENZIM_MCP_NOT_A_FIELD", "ignored"),
        ("UNRELATED", "x"),
    ]);
    let mut cli = dir_cli(dir.path());
    cli.port = Some(9003);
    let config = Config::load(Some(file.path()), vars, &cli).unwrap();
    assert_eq!(config.port, 9003, "CLI beats env");
    assert_eq!(config.rate_limit.burst_size, 9, "env beats file");
    assert_eq!(
        config.rate_limit.requests_per_second, 3.5,
        "file beats default"
    );
    assert_eq!(config.host, "127.0.0.2");
    assert_eq!(config.tool_mode, ToolMode::Advanced);
    assert!(config.cache.enabled);
    assert_eq!(config.auth_token.as_deref(), Some("12345"));
    assert_eq!(config.cors_origins, vec!["http://a.test", "http://b.test"]);
}

#[test]
fn json_lists_and_nested_maps_come_from_env() {
    let dir = tempfile::tempdir().unwrap();
    let vars = env(&[
        ("OPENZIM_MCP_CORS_ORIGINS", "[\"http://x.test\"]"),
        (
            "OPENZIM_MCP_RATE_LIMIT__PER_OPERATION_LIMITS",
            "{\"search\": {\"requests_per_second\": 1, \"burst_size\": 2}}",
        ),
        ("openzim_mcp_tool_mode", "advanced"),
    ]);
    let config = Config::load(None, vars, &dir_cli(dir.path())).unwrap();
    assert_eq!(config.cors_origins, vec!["http://x.test"]);
    assert_eq!(
        config.rate_limit.per_operation_limits["search"].burst_size,
        2
    );
    assert_eq!(config.tool_mode, ToolMode::Advanced);
}

#[test]
fn invalid_values_are_rejected_with_clear_messages() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, &str)] = &[
        ("OPENZIM_MCP_CORS_ORIGINS", " * ", "wildcard"),
        ("OPENZIM_MCP_ALLOWED_HOSTS", "*", "wildcard"),
        ("OPENZIM_MCP_PORT", "70000", "1-65535"),
        ("OPENZIM_MCP_PORT", "abc", "port"),
        ("OPENZIM_MCP_WATCH_INTERVAL_SECONDS", "0", "1-60"),
        ("OPENZIM_MCP_WATCH_INTERVAL_SECONDS", "61", "1-60"),
        ("OPENZIM_MCP_AUTH_TOKEN", "  ", "empty"),
        ("OPENZIM_MCP_TOOL_MODE", "expert", "tool_mode"),
        ("OPENZIM_MCP_LOGGING__LEVEL", "loud", "log level"),
        ("OPENZIM_MCP_RATE_LIMIT__BURST_SIZE", "0", "burst_size"),
        ("OPENZIM_MCP_CACHE__MAX_SIZE", "0", "cache.max_size"),
    ];
    for (key, value, needle) in cases {
        let err = Config::load(None, env(&[(key, value)]), &dir_cli(dir.path()))
            .expect_err(key)
            .to_string();
        assert!(err.contains(needle), "{key}={value}: {err}");
    }
}

/// Every setting of openzim-mcp 3.4.0's `OpenZimMcpConfig`, as its users write them in the
/// environment: none may stop the server from starting.
#[test]
fn every_openzim_mcp_setting_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let vars = env(&[
        ("OPENZIM_MCP_SERVER_NAME", "my-zims"),
        ("OPENZIM_MCP_STATELESS_HTTP", "true"),
        ("OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS", "600"),
        ("OPENZIM_MCP_PRESETS_OVERRIDE_PATH", "/etc/presets.toml"),
        ("OPENZIM_MCP_CACHE__MAX_BYTES", "1048576"),
        (
            "OPENZIM_MCP_CACHE__LIBZIM_CLUSTER_CACHE_MAX_SIZE_BYTES",
            "4194304",
        ),
        ("OPENZIM_MCP_CONTENT__TABLE_ROW_THRESHOLD", "12"),
        ("OPENZIM_MCP_CONTENT__TABLE_CHAR_THRESHOLD", "900"),
        ("OPENZIM_MCP_CONTENT__INFOBOX_KV_LIMIT", "40"),
        ("OPENZIM_MCP_LOGGING__FORMAT", "%(message)s"),
        ("OPENZIM_MCP_META__FOOTER_ENABLED", "false"),
        ("OPENZIM_MCP_META__TOKENIZER_ENCODING", "o200k_base"),
        ("OPENZIM_MCP_SEARCH__STRUCTURED_SUGGESTIONS_LIMIT", "7"),
        ("OPENZIM_MCP_SEARCH__FUZZY_TITLE_MIN_QUERY_LEN", "5"),
        ("OPENZIM_MCP_SEARCH__FUZZY_TITLE_SCORE_PENALTY", "0.5"),
        (
            "OPENZIM_MCP_SEARCH__SEARCH_ALL_TOTAL_TIMEOUT_SECONDS",
            "2.5",
        ),
        ("OPENZIM_MCP_SYNTHESIZE__TOP_N", "8"),
        ("OPENZIM_MCP_SYNTHESIZE__PER_ARCHIVE_K", "20"),
        ("OPENZIM_MCP_SYNTHESIZE__OUTPUT_CHAR_BUDGET", "6000"),
        ("OPENZIM_MCP_SYNTHESIZE__SECTION_AFFINITY_THRESHOLD", "0.3"),
        ("OPENZIM_MCP_SYNTHESIZE__SECTION_AFFINITY_BOOST", "2"),
        ("OPENZIM_MCP_SYNTHESIZE__MAX_SECONDARY_ARCHIVE_HITS", "0"),
        ("OPENZIM_MCP_SYNTHESIZE__CROSS_ARCHIVE_MIN_OVERLAP", "2"),
        ("OPENZIM_MCP_ML__RERANKER__ENABLED", "false"),
        ("OPENZIM_MCP_ML__RERANKER__MODEL_ID", "jina-reranker-v3"),
        ("OPENZIM_MCP_ML__RERANKER__CACHE_DIR", "/var/cache/models"),
        ("OPENZIM_MCP_ML__RERANKER__FIRST_CALL_TIMEOUT_SECONDS", "30"),
        ("OPENZIM_MCP_QUERY_REWRITE__ENABLED", "false"),
    ]);
    let config = Config::load(None, vars, &dir_cli(dir.path())).unwrap();
    assert!(config.stateless_http);
    assert_eq!(config.resource_cache_ttl_seconds, 600);
    assert_eq!(config.search.search_all_total_timeout_seconds, 2.5);
    assert_eq!(config.synthesize.top_n, 8);
    assert_eq!(config.synthesize.output_char_budget, 6000);
    assert_eq!(
        config.ml.reranker.cache_dir.as_deref(),
        Some(Path::new("/var/cache/models"))
    );
    // The ones without effect here are named, so start-up and zim_health can say so.
    let inert = config.inert_settings();
    for name in [
        "content.infobox_kv_limit",
        "logging.format",
        "meta.footer_enabled",
        "meta.tokenizer_encoding",
    ] {
        assert!(inert.contains(&name), "{name} missing from {inert:?}");
    }
    for effective in [
        "stateless_http",
        "synthesize.top_n",
        "server_name",
        "query_rewrite.enabled",
        "synthesize.section_affinity_threshold",
        "synthesize.section_affinity_boost",
        "synthesize.max_secondary_archive_hits",
        "synthesize.cross_archive_min_overlap",
        "search.structured_suggestions_limit",
        "presets_override_path",
        "ml.reranker.model_id",
        "ml.reranker.cache_dir",
    ] {
        assert!(!inert.contains(&effective), "{effective}");
    }
    let defaults = Config::load(None, env(&[]), &dir_cli(dir.path())).unwrap();
    assert!(defaults.inert_settings().is_empty());
}

#[test]
fn openzim_mcp_ranges_are_enforced() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, &str)] = &[
        (
            "OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS",
            "86401",
            "resource_cache_ttl_seconds",
        ),
        ("OPENZIM_MCP_RATE_LIMIT__BURST_SIZE", "1001", "1-1000"),
        (
            "OPENZIM_MCP_CONTENT__INFOBOX_KV_LIMIT",
            "201",
            "infobox_kv_limit",
        ),
        (
            "OPENZIM_MCP_CONTENT__TABLE_CHAR_THRESHOLD",
            "10",
            "minimum 50",
        ),
        (
            "OPENZIM_MCP_SEARCH__SEARCH_ALL_TOTAL_TIMEOUT_SECONDS",
            "301",
            "0-300",
        ),
        (
            "OPENZIM_MCP_SEARCH__FUZZY_TITLE_SCORE_PENALTY",
            "1.5",
            "fuzzy_title_score_penalty",
        ),
        ("OPENZIM_MCP_SYNTHESIZE__TOP_N", "51", "synthesize.top_n"),
        (
            "OPENZIM_MCP_SYNTHESIZE__OUTPUT_CHAR_BUDGET",
            "100",
            "500-20000",
        ),
        ("OPENZIM_MCP_ML__RERANKER__FINAL_TOP_K", "0", "final_top_k"),
        (
            "OPENZIM_MCP_QUERY_REWRITE__MISSPELLING_MAP_PATH",
            "/nonexistent/map.txt",
            "not found",
        ),
        ("OPENZIM_MCP_SYNTHESIZE__TOP_N", "many", "synthesize.top_n"),
    ];
    for (key, value, needle) in cases {
        let err = Config::load(None, env(&[(key, value)]), &dir_cli(dir.path()))
            .expect_err(key)
            .to_string();
        assert!(err.contains(needle), "{key}={value}: {err}");
    }
}

/// The exact text of each kind of range message, so a refactoring of the checks cannot
/// change what operators read.
#[test]
fn range_messages_keep_their_wording() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, &str)] = &[
        ("OPENZIM_MCP_PORT", "0", "`port`: 0 is outside 1-65535"),
        (
            "OPENZIM_MCP_WATCH_INTERVAL_SECONDS",
            "61",
            "`watch_interval_seconds`: 61 is outside 1-60",
        ),
        (
            "OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS",
            "-1",
            "`resource_cache_ttl_seconds`: must be 0-86400",
        ),
        (
            "OPENZIM_MCP_CACHE__MAX_SIZE",
            "10001",
            "`cache.max_size`: must be 1-10000",
        ),
        (
            "OPENZIM_MCP_CACHE__MAX_BYTES",
            "8589934593",
            "`cache.max_bytes`: must be 0-8589934592 (8 GiB)",
        ),
        (
            "OPENZIM_MCP_CACHE__LIBZIM_CLUSTER_CACHE_MAX_SIZE_BYTES",
            "4294967297",
            "`cache.libzim_cluster_cache_max_size_bytes`: must be 0-4294967296 (4 GiB)",
        ),
        (
            "OPENZIM_MCP_CONTENT__SNIPPET_LENGTH",
            "99",
            "`content.snippet_length`: must be at least 100",
        ),
        (
            "OPENZIM_MCP_CONTENT__TABLE_CHAR_THRESHOLD",
            "49",
            "`content.table_char_threshold`: 49 is below the minimum 50",
        ),
        (
            "OPENZIM_MCP_SEARCH__FUZZY_TITLE_SCORE_PENALTY",
            "1.5",
            "`search.fuzzy_title_score_penalty`: 1.5 is outside 0-1",
        ),
        (
            "OPENZIM_MCP_ML__RERANKER__FIRST_CALL_TIMEOUT_SECONDS",
            "0.05",
            "`ml.reranker.first_call_timeout_seconds`: 0.05 is outside 0.1-120",
        ),
        (
            "OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND",
            "0",
            "`rate_limit.requests_per_second`: must be a positive number",
        ),
        (
            "OPENZIM_MCP_RATE_LIMIT__PER_OPERATION_LIMITS",
            "{\"search\": {\"requests_per_second\": 1, \"burst_size\": 0}}",
            "`rate_limit.per_operation_limits.search.burst_size`: must be 1-1000",
        ),
    ];
    for (key, value, expected) in cases {
        let err = Config::load(None, env(&[(key, value)]), &dir_cli(dir.path()))
            .expect_err(key)
            .to_string();
        assert_eq!(
            err,
            format!("invalid configuration value for {expected}"),
            "{key}={value}"
        );
    }
}

#[test]
fn unknown_file_keys_and_missing_dirs_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "[cache]\nsize = 3").unwrap();
    let err = Config::load(Some(file.path()), env(&[]), &dir_cli(dir.path())).unwrap_err();
    assert!(err.to_string().contains("cache"), "{err}");
    let err = Config::load(None, env(&[]), &CliOverrides::default()).unwrap_err();
    assert!(err.to_string().contains("at least one allowed directory"));
    let missing = dir.path().join("nope");
    let err = Config::load(None, env(&[]), &dir_cli(&missing)).unwrap_err();
    assert!(err.to_string().contains("does not exist"));
}

#[test]
fn safe_startup_rules() {
    let base = Config {
        transport: Transport::Http,
        host: "0.0.0.0".into(),
        ..Config::default()
    };
    assert!(base.check_safe_startup().is_err());
    let with_token = Config {
        auth_token: Some("secret".into()),
        ..base.clone()
    };
    assert!(with_token.check_safe_startup().is_ok());
    let insecure = Config {
        insecure_disable_auth: true,
        ..base.clone()
    };
    assert!(insecure.check_safe_startup().is_ok());
    let sse = Config {
        transport: Transport::Sse,
        auth_token: Some("secret".into()),
        ..base.clone()
    };
    assert!(sse.check_safe_startup().is_err());
    for host in ["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"] {
        let local = Config {
            transport: Transport::Sse,
            host: host.into(),
            ..Config::default()
        };
        assert!(local.check_safe_startup().is_ok(), "{host}");
    }
}

/// Values just inside and just outside a declared range: (accepted, rejected).
fn probes(bounds: validate::Bounds) -> (Vec<validate::Num>, Vec<validate::Num>) {
    use validate::{Bounds, Num};
    let nudge = |x: f64| 1e-6 * x.abs().max(1.0);
    match bounds {
        Bounds::Between(Num::Int(lo), Num::Int(hi)) => (
            vec![Num::Int(lo), Num::Int(hi)],
            vec![Num::Int(lo - 1), Num::Int(hi + 1)],
        ),
        Bounds::AtLeast(Num::Int(lo)) => (
            vec![Num::Int(lo), Num::Int(lo + 1_000_000)],
            vec![Num::Int(lo - 1)],
        ),
        Bounds::Between(Num::Float(lo), Num::Float(hi)) => (
            vec![Num::Float(lo), Num::Float(hi)],
            vec![Num::Float(lo - nudge(lo)), Num::Float(hi + nudge(hi))],
        ),
        Bounds::AtLeast(Num::Float(lo)) => (
            vec![Num::Float(lo), Num::Float(lo + 1e6)],
            vec![Num::Float(lo - nudge(lo))],
        ),
        Bounds::Positive => (
            vec![Num::Float(1e-6), Num::Float(1e6)],
            vec![Num::Float(0.0), Num::Float(-1.0)],
        ),
        mixed => panic!("a range mixes integer and float bounds: {mixed:?}"),
    }
}

/// Every range of every table, a per-operation rate limit's included: its bounds are accepted
/// and the values one step outside are refused, both by the table's check and end to end
/// through the field's environment variable, which also round-trips the accepted values. A
/// new entry in a table is covered without a new test.
#[test]
fn every_declared_range_holds_at_its_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(
        file,
        "[rate_limit.per_operation_limits.search]\nrequests_per_second = 2.0\nburst_size = 3"
    )
    .unwrap();
    let load =
        |vars: Vec<(String, String)>| Config::load(Some(file.path()), vars, &dir_cli(dir.path()));
    let base = load(Vec::new()).unwrap();
    let ranges = base.ranged();
    assert!(
        ranges
            .iter()
            .any(|r| r.path == "rate_limit.per_operation_limits.search.burst_size"),
        "per-operation buckets are range-checked"
    );
    for range in &ranges {
        assert!(range.check().is_ok(), "default of {} in range", range.path);
        let (inside, outside) = probes(range.bounds);
        let var = env::env_var(&range.path);
        for value in inside {
            let probe = validate::Ranged {
                value: Some(value),
                ..range.clone()
            };
            assert!(probe.check().is_ok(), "{} accepts {value}", range.path);
            let config = load(vec![(var.clone(), value.to_string())])
                .unwrap_or_else(|e| panic!("{var}={value}: {e}"));
            let back = config
                .ranged()
                .into_iter()
                .find(|r| r.path == range.path)
                .and_then(|r| r.value);
            assert_eq!(back, Some(value), "{var}={value} round-trips");
        }
        for value in outside {
            let probe = validate::Ranged {
                value: Some(value),
                ..range.clone()
            };
            let err = probe.check().expect_err(&range.path);
            assert!(
                matches!(&err, ConfigError::Field { field, .. } if *field == range.path),
                "{err}"
            );
            match load(vec![(var.clone(), value.to_string())]) {
                Err(ConfigError::Field { field, .. }) if field == range.path => {}
                other => panic!("{var}={value} should be refused for its field: {other:?}"),
            }
        }
    }
}

/// One environment variable per section (and one top-level) reaches its field; every
/// section of the configuration has one here.
#[test]
fn one_env_var_per_section_round_trips() {
    use serde_json::json;
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, Value)] = &[
        ("server_name", "my-zims", json!("my-zims")),
        ("cache.persistence_enabled", "yes", json!(true)),
        ("content.max_binary_size", "2048", json!(2048)),
        ("logging.level", "debug", json!("debug")),
        ("meta.tokenizer_encoding", "o200k_base", json!("o200k_base")),
        ("ml.reranker.model_id", "some/model", json!("some/model")),
        ("index.dir", "/var/cache/idx", json!("/var/cache/idx")),
        ("index.auto_build", "on", json!(true)),
        ("query_rewrite.enabled", "0", json!(false)),
        ("rate_limit.enabled", "false", json!(false)),
        ("search.fuzzy_title_min_query_len", "6", json!(6)),
        ("synthesize.per_archive_k", "30", json!(30)),
    ];
    let defaults = serde_json::to_value(Config::default()).unwrap();
    let Value::Object(top) = &defaults else {
        panic!("the configuration is an object");
    };
    for (section, value) in top {
        if value.is_object() {
            assert!(
                cases
                    .iter()
                    .any(|(path, ..)| path.split('.').next() == Some(section)),
                "no environment case for section {section}"
            );
        }
    }
    for (path, raw, expected) in cases {
        let var = env::env_var(path);
        let config = Config::load(None, env(&[(&var, raw)]), &dir_cli(dir.path()))
            .unwrap_or_else(|e| panic!("{var}={raw}: {e}"));
        let tree = serde_json::to_value(&config).unwrap();
        let keys: Vec<String> = path.split('.').map(str::to_owned).collect();
        assert_eq!(tree::get_path(&tree, &keys), Some(expected), "{var}={raw}");
        assert_ne!(
            tree::get_path(&defaults, &keys),
            Some(expected),
            "{path} changed"
        );
    }
}

/// The declared ranges are openzim-mcp 3.4.0's (zim-mcp's own: `cache.max_bytes`,
/// `cache.libzim_cluster_cache_max_size_bytes`); a change to one is a change of contract.
#[test]
fn declared_ranges_are_openzim_mcps() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::load(None, env(&[]), &dir_cli(dir.path())).unwrap();
    let listed: Vec<String> = config
        .ranged()
        .iter()
        .map(|r| match r.bounds {
            validate::Bounds::Between(lo, hi) => format!("{} {lo}..={hi}", r.path),
            validate::Bounds::AtLeast(lo) => format!("{} {lo}..", r.path),
            validate::Bounds::Positive => format!("{} >0", r.path),
        })
        .collect();
    let expected = "\
port 1..=65535
watch_interval_seconds 1..=60
resource_cache_ttl_seconds 0..=86400
cache.max_size 1..=10000
cache.ttl_seconds 60..=86400
cache.max_bytes 0..=8589934592
cache.libzim_cluster_cache_max_size_bytes 0..=4294967296
cache.libzim_dirent_cache_max_count 0..=10000000
content.max_content_length 100..
content.snippet_length 100..
content.default_search_limit 1..=100
content.table_row_threshold 1..
content.table_char_threshold 50..
content.infobox_kv_limit 1..=200
search.structured_suggestions_limit 1..=20
search.fuzzy_title_min_query_len 2..=20
search.fuzzy_title_score_penalty 0..=1
search.search_all_total_timeout_seconds 0..=300
synthesize.top_n 1..=50
synthesize.per_archive_k 1..=100
synthesize.output_char_budget 500..=20000
synthesize.section_affinity_threshold 0..=1
synthesize.section_affinity_boost 1..=10
synthesize.max_secondary_archive_hits 0..=50
synthesize.cross_archive_min_overlap 1..=10
ml.reranker.final_top_k 1..=100
ml.reranker.max_query_length 1..=4096
ml.reranker.max_passage_length 1..=8192
ml.reranker.min_query_tokens 0..=64
ml.reranker.first_call_timeout_seconds 0.1..=120
rate_limit.requests_per_second >0
rate_limit.burst_size 1..=1000";
    assert_eq!(listed.join("\n"), expected);
}
