//! The top-level server settings that are not numbers: tool mode, transport, and the rules
//! that keep a network-facing server protected (origins, hosts, token, loopback binds).

use std::net::IpAddr;

use serde::{Deserialize, Serialize};

use super::{Config, ConfigError, invalid};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ToolMode {
    #[default]
    Simple,
    Advanced,
}

impl ToolMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ToolMode::Simple => "simple",
            ToolMode::Advanced => "advanced",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Transport {
    #[default]
    Stdio,
    Http,
    Sse,
}

impl Transport {
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Stdio => "stdio",
            Transport::Http => "http",
            Transport::Sse => "sse",
        }
    }
}

impl Config {
    /// No wildcard origin or host, and a token that is a real ASCII secret when one is set.
    pub(super) fn check_access_rules(&self) -> Result<(), ConfigError> {
        if self.cors_origins.iter().any(|o| o.trim() == "*") {
            return Err(invalid(
                "CORS wildcard '*' is not allowed; list origins explicitly \
                 (e.g. [\"http://localhost:5173\"])",
            ));
        }
        if self.allowed_hosts.iter().any(|h| h.trim() == "*") {
            return Err(invalid(
                "allowed_hosts wildcard '*' is not allowed; list host names explicitly",
            ));
        }
        if let Some(token) = &self.auth_token {
            if token.trim().is_empty() {
                return Err(invalid(
                    "OPENZIM_MCP_AUTH_TOKEN is set but empty: an empty token would accept every \
                     request. Unset it to run without auth (loopback only) or set a real secret",
                ));
            }
            if !token.is_ascii() {
                return Err(invalid(
                    "OPENZIM_MCP_AUTH_TOKEN contains non-ASCII characters; choose an ASCII secret",
                ));
            }
        }
        Ok(())
    }

    /// Refuse network exposure the operator did not protect: a non-loopback HTTP bind needs
    /// a token (or the explicit insecure flag), and SSE (no auth layer) stays on loopback.
    pub fn check_safe_startup(&self) -> Result<(), ConfigError> {
        if self.transport == Transport::Stdio || is_loopback_host(&self.host) {
            return Ok(());
        }
        match self.transport {
            Transport::Sse => Err(invalid(format!(
                "refusing to bind the SSE transport to non-loopback host {:?}: SSE has no \
                 authentication; use --transport http with OPENZIM_MCP_AUTH_TOKEN instead",
                self.host
            ))),
            Transport::Http if self.auth_token.is_none() && !self.insecure_disable_auth => {
                Err(invalid(format!(
                    "refusing to bind HTTP to non-loopback host {:?} without authentication: \
                     set OPENZIM_MCP_AUTH_TOKEN (or OPENZIM_MCP_INSECURE_DISABLE_AUTH=true on a \
                     closed network)",
                    self.host
                )))
            }
            _ => Ok(()),
        }
    }

    /// The port as a socket port; `validated` guarantees the range.
    pub fn port_u16(&self) -> u16 {
        u16::try_from(self.port).unwrap_or(8000)
    }
}

/// `localhost`, `127.0.0.0/8`, `::1` (with or without brackets).
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim().trim_start_matches('[').trim_end_matches(']');
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    host.parse::<IpAddr>()
        .map(|ip| ip.is_loopback())
        .unwrap_or(false)
}
