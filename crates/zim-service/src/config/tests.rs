//! The configuration's tests: loading and precedence, openzim-mcp compatibility.

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
