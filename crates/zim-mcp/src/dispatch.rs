//! Where a JSON-RPC payload goes, decided in one place for every transport: refused with its
//! JSON-RPC error (`precheck`), answered by the Wikipedia API (`wikipedia.*` methods, see
//! `zim_wikipedia::jsonrpc::claims`), or handed to the MCP service. stdio asks per line, the
//! streamable HTTP transport per `POST /mcp` body; the legacy SSE transport carries MCP only,
//! its messages are checked as MCP.

use std::sync::Arc;

use serde_json::Value;
use zim_service::ClientId;

use crate::precheck;
use crate::wikipedia::{self, Endpoint};

/// The decision for one payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Route {
    /// Not a request the server can take: send this JSON-RPC error back.
    Refuse(Value),
    /// A Wikipedia API payload (one request or a batch of them).
    Wikipedia,
    /// Everything else, for the MCP service.
    Mcp,
}

/// What the transport knows about a payload besides its bytes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Envelope {
    /// The request belongs to an MCP session (`Mcp-Session-Id` over HTTP; always over stdio,
    /// whose one connection is one session).
    pub in_session: bool,
    /// The transport says the body is JSON (`Content-Type: application/json` over HTTP;
    /// always over stdio). A body that is not is left to MCP's own refusal (HTTP 415).
    pub json: bool,
}

/// The MCP-or-Wikipedia decision and the Wikipedia side's answers.
#[derive(Clone, Default)]
pub struct Dispatch {
    wikipedia: Option<Arc<Endpoint>>,
}

impl Dispatch {
    /// Routes `wikipedia.*` payloads to `endpoint`.
    pub fn new(endpoint: Arc<Endpoint>) -> Self {
        Self {
            wikipedia: Some(endpoint),
        }
    }

    /// Every payload that is a request goes to MCP (no Wikipedia API); the server always
    /// serves the API, so only tests route without it.
    #[cfg(test)]
    pub fn mcp_only() -> Self {
        Self::default()
    }

    pub fn route(&self, body: &[u8], envelope: Envelope) -> Route {
        if envelope.json
            && let Some(refusal) = precheck::refuse(body)
        {
            return Route::Refuse(refusal);
        }
        if self.wikipedia.is_some() && zim_wikipedia::jsonrpc::claims(body, envelope.in_session) {
            return Route::Wikipedia;
        }
        Route::Mcp
    }

    /// Answers a Wikipedia payload on the blocking pool (it reads archives and renders pages),
    /// charged to `client`. `None`: nothing to send (only notifications).
    pub async fn answer(
        &self,
        body: impl AsRef<[u8]> + Send + 'static,
        client: ClientId,
    ) -> Option<String> {
        let endpoint = Arc::clone(self.wikipedia.as_ref()?);
        wikipedia::handle_blocking(endpoint, client, body).await
    }

    /// Answers a Wikipedia payload on the calling thread (the stdio reader, whose one client is
    /// local).
    pub fn answer_here(&self, body: &[u8]) -> Option<String> {
        let endpoint = self.wikipedia.as_deref()?;
        wikipedia::handle_here(endpoint, body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zim_service::ZimService;
    use zim_service::config::{CliOverrides, Config};

    fn service() -> Arc<ZimService> {
        let dir =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim/kiwix");
        let cli = CliOverrides {
            allowed_directories: vec![dir],
            ..CliOverrides::default()
        };
        let config = Config::load(None, Vec::new(), &cli).expect("test configuration");
        Arc::new(ZimService::new(config))
    }

    fn with_wikipedia() -> Dispatch {
        let service = service();
        let api = wikipedia::api(Arc::clone(&service)).expect("API");
        Dispatch::new(Arc::new(Endpoint { api, service }))
    }

    const STDIO: Envelope = Envelope {
        in_session: true,
        json: true,
    };

    #[test]
    fn wikipedia_methods_go_to_the_api_and_everything_else_to_mcp() {
        let dispatch = with_wikipedia();
        let search =
            br#"{"jsonrpc":"2.0","id":1,"method":"wikipedia.search","params":{"query":"x"}}"#;
        assert_eq!(dispatch.route(search, STDIO), Route::Wikipedia);
        let batch =
            br#"[{"jsonrpc":"2.0","id":1,"method":"wikipedia.page","params":{"title":"x"}}]"#;
        assert_eq!(dispatch.route(batch, STDIO), Route::Wikipedia);
        for mcp in [
            &br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ] {
            assert_eq!(dispatch.route(mcp, STDIO), Route::Mcp);
        }
        // Outside a session MCP only starts with `initialize`: any other method is the API's
        // to answer (with its "method not found"); inside one, it is MCP's.
        let unknown = br#"{"jsonrpc":"2.0","id":2,"method":"nope"}"#;
        let http = Envelope {
            in_session: false,
            json: true,
        };
        assert_eq!(dispatch.route(unknown, http), Route::Wikipedia);
        assert_eq!(dispatch.route(unknown, STDIO), Route::Mcp);
    }

    #[test]
    fn without_the_api_wikipedia_methods_are_mcp_s_to_refuse() {
        let dispatch = Dispatch::mcp_only();
        let search =
            br#"{"jsonrpc":"2.0","id":1,"method":"wikipedia.search","params":{"query":"x"}}"#;
        assert_eq!(dispatch.route(search, STDIO), Route::Mcp);
        assert_eq!(dispatch.answer_here(search), None);
    }

    #[test]
    fn faulty_payloads_are_refused_before_either_side_sees_them() {
        let dispatch = with_wikipedia();
        let Route::Refuse(error) = dispatch.route(b"{oops", STDIO) else {
            panic!("a body that is no JSON is refused");
        };
        assert_eq!(error["error"]["code"], -32700);
        let bad_call = br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":1}}"#;
        let Route::Refuse(error) = dispatch.route(bad_call, STDIO) else {
            panic!("tools/call without a string name is refused");
        };
        assert_eq!(error["error"]["code"], -32602);
        assert_eq!(error["id"], 3);
        // A body the transport does not call JSON is not prechecked: inside a session MCP
        // answers it (HTTP 415); outside one the API does, with its parse error.
        let not_json = Envelope {
            in_session: true,
            json: false,
        };
        assert_eq!(dispatch.route(b"{oops", not_json), Route::Mcp);
        let not_json = Envelope {
            in_session: false,
            json: false,
        };
        assert_eq!(dispatch.route(b"{oops", not_json), Route::Wikipedia);
    }

    #[test]
    fn the_api_answers_on_the_calling_thread_and_on_the_pool() {
        let dispatch = with_wikipedia();
        let body = br#"{"jsonrpc":"2.0","id":9,"method":"wikipedia.nope"}"#;
        let here: Value =
            serde_json::from_str(&dispatch.answer_here(body).expect("an answer")).expect("JSON");
        assert_eq!(here["id"], 9);
        assert_eq!(here["error"]["code"], -32601);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        let pooled = runtime
            .block_on(dispatch.answer(body.to_vec(), ClientId::local()))
            .expect("an answer");
        let pooled: Value = serde_json::from_str(&pooled).expect("JSON");
        assert_eq!(pooled, here);
        // Notifications get nothing back.
        let note = br#"{"jsonrpc":"2.0","method":"wikipedia.search","params":{"query":"x"}}"#;
        assert_eq!(dispatch.answer_here(note), None);
    }
}
