//! `textract serve`: an HTTP API that speaks Apache Tika server 3.x's REST
//! dialect — what tika-python, tika-client, curl scripts and Java services
//! send — over the [`textract`] facade, so a service can move from
//! tika-server to textract without changing its client.
//!
//! Endpoints (`docs/server.md` lists them with their headers, status codes
//! and the differences from Tika): `PUT /tika` (by `Accept`: text, XHTML or
//! JSON), `PUT /tika/{text,html,xml,main}`, `POST /tika/form[/{handler}]`,
//! `PUT /rmeta[/{handler}]` (the container and every embedded document, as
//! a JSON list), `PUT /meta[/{field}]`, `PUT /detect/stream`,
//! `PUT /unpack[/all]`, and `GET /`, `/version`, `/parsers`, `/mime-types`,
//! `/health`.
//!
//! Operation: extraction runs on tokio's blocking pool, at most
//! [`Config::max_concurrent`] at once with at most [`Config::max_queue`]
//! waiting (503 beyond); each request has a deadline ([`Config::timeout`],
//! or less by `X-Tika-Timeout-Millis`); bodies are bounded
//! ([`Config::max_body`], 413 past it, gzip bodies after decoding too);
//! nothing is written to disk; SIGTERM or ctrl-c drains the requests in
//! flight and answers new ones 503; one access-log line per request goes to
//! stderr as JSON.
//!
//! What it does not do: TLS, authentication, OCR, language detection,
//! translation, or Tika's `/config`, `/async` and `/pipes`.
//!
//! ```
//! use axum::body::Body;
//! use axum::http::Request;
//! use tower::ServiceExt;
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let app = textract_server::Server::new(textract_server::Config::default()).router();
//! let request = Request::put("/tika")
//!     .header("Accept", "text/plain")
//!     .body(Body::from("<!DOCTYPE html><title>T</title><p>Hello, server"))
//!     .unwrap();
//! let response = app.oneshot(request).await.unwrap();
//! assert_eq!(response.status(), 200);
//! let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
//! assert_eq!(String::from_utf8_lossy(&body).trim(), "Hello, server");
//! # });
//! ```
#![forbid(unsafe_code)]

mod api;
mod request;
mod tika;
mod unpack;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

/// How the server runs.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Config {
    /// Address to bind (default `127.0.0.1`: only this machine).
    pub host: String,
    /// Port (default 9998, tika-server's; 0 for any free port).
    pub port: u16,
    /// Largest request body, in bytes, before and after `Content-Encoding`
    /// decoding (default 100 MiB); larger bodies get 413.
    pub max_body: u64,
    /// Extractions run at once (default: the number of cores).
    pub max_concurrent: usize,
    /// Requests that may wait for an extraction slot (default 64); more get 503.
    pub max_queue: usize,
    /// Wall-clock time allowed per document (default 60 s); a request's
    /// `X-Tika-Timeout-Millis` may lower it, never raise it.
    pub timeout: Duration,
    /// Write one JSON access-log line per request to stderr (default true).
    pub access_log: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: "127.0.0.1".into(),
            port: 9998,
            max_body: 100 << 20,
            max_concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_queue: 64,
            timeout: Duration::from_secs(60),
            access_log: true,
        }
    }
}

impl Config {
    /// Default configuration on `host:port`.
    pub fn new(host: impl Into<String>, port: u16) -> Config {
        Config {
            host: host.into(),
            port,
            ..Config::default()
        }
    }
}

/// Shared by every request.
pub(crate) struct AppState {
    pub config: Config,
    /// One permit per extraction running.
    permits: Arc<Semaphore>,
    /// Requests admitted: running plus waiting for a permit.
    admitted: AtomicUsize,
    /// Set on SIGTERM/ctrl-c (or [`ShutdownHandle::shutdown`]): new
    /// requests get 503 while those in flight finish.
    shutting_down: AtomicBool,
    /// Notified when shutdown starts.
    shutdown: tokio::sync::Notify,
}

/// Why a request was not served.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The queue is full, or the server is shutting down.
    Busy(&'static str),
    /// The extraction ran past its hard time limit.
    TimedOut(Duration),
    /// The extraction thread panicked (a bug).
    Panicked,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let (status, msg) = match self {
            Refusal::Busy(why) => (StatusCode::SERVICE_UNAVAILABLE, why.to_string()),
            Refusal::TimedOut(d) => (
                StatusCode::SERVICE_UNAVAILABLE,
                format!("extraction timed out after {} ms", d.as_millis()),
            ),
            Refusal::Panicked => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error (a bug, please report it)".to_string(),
            ),
        };
        let mut r = (status, msg).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            r.headers_mut()
                .insert("Retry-After", HeaderValue::from_static("1"));
        }
        r
    }
}

/// Decrements [`AppState::admitted`] when a request leaves the pool.
struct Admitted<'a>(&'a AtomicUsize);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl AppState {
    /// Runs `job` on the blocking pool once a slot is free, within `limit`
    /// (plus a grace period for the layers to notice their deadline).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        limit: Duration,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refusal> {
        if self.shutting_down.load(Ordering::SeqCst) {
            return Err(Refusal::Busy("shutting down"));
        }
        let capacity = self.config.max_concurrent.max(1) + self.config.max_queue;
        if self.admitted.fetch_add(1, Ordering::SeqCst) >= capacity {
            self.admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(Refusal::Busy("too many requests waiting; try again"));
        }
        let _admitted = Admitted(&self.admitted);
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| Refusal::Busy("shutting down"))?;
        // The permit moves into the thread: a job past its time limit keeps
        // its slot until it really ends, so the pool never overcommits.
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        });
        let hard = limit
            .saturating_add(limit / 2)
            .max(limit.saturating_add(Duration::from_secs(1)));
        match tokio::time::timeout(hard, handle).await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err(Refusal::Panicked),
            Err(_) => Err(Refusal::TimedOut(hard)),
        }
    }

    /// Requests running and waiting.
    fn load(&self) -> (usize, usize) {
        let admitted = self.admitted.load(Ordering::SeqCst);
        let free = self.permits.available_permits();
        let running = self.config.max_concurrent.max(1).saturating_sub(free);
        (running, admitted.saturating_sub(running))
    }
}

/// The server: its configuration and shared state, before it is bound.
pub struct Server {
    state: Arc<AppState>,
}

/// Starts a graceful shutdown of a running [`Server`] from elsewhere (the
/// signal handler does the same).
#[derive(Clone)]
pub struct ShutdownHandle {
    state: Arc<AppState>,
}

impl ShutdownHandle {
    /// Answers new requests 503 and lets those in flight finish; the
    /// future of [`Server::serve_on`] then returns.
    pub fn shutdown(&self) {
        self.state.shutting_down.store(true, Ordering::SeqCst);
        self.state.shutdown.notify_waiters();
        self.state.shutdown.notify_one();
    }
}

impl Server {
    /// A server with `config`.
    pub fn new(config: Config) -> Server {
        let permits = Arc::new(Semaphore::new(config.max_concurrent.max(1)));
        Server {
            state: Arc::new(AppState {
                config,
                permits,
                admitted: AtomicUsize::new(0),
                shutting_down: AtomicBool::new(false),
                shutdown: tokio::sync::Notify::new(),
            }),
        }
    }

    /// A handle that shuts this server down.
    pub fn shutdown_handle(&self) -> ShutdownHandle {
        ShutdownHandle {
            state: Arc::clone(&self.state),
        }
    }

    /// The routes, with the body limit, the 503-while-shutting-down guard
    /// and the access log: a [`Router`] to serve, or to drive in-process.
    pub fn router(&self) -> Router {
        let state = Arc::clone(&self.state);
        let limit = usize::try_from(state.config.max_body).unwrap_or(usize::MAX);
        api::routes()
            .layer(axum::middleware::from_fn_with_state(
                Arc::clone(&state),
                guard,
            ))
            .layer(DefaultBodyLimit::max(limit))
            .with_state(state)
    }

    /// Serves on `listener` until [`ShutdownHandle::shutdown`], SIGTERM or
    /// ctrl-c, then waits for the requests in flight.
    pub async fn serve_on(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        let state = Arc::clone(&self.state);
        let handle = self.shutdown_handle();
        let router = self.router();
        let signals = async move {
            tokio::select! {
                () = wait_for_signal() => {
                    eprintln!("textract serve: shutting down, finishing the requests in flight");
                    handle.shutdown();
                }
                () = state.shutdown.notified() => {}
            }
        };
        axum::serve(listener, router)
            .with_graceful_shutdown(signals)
            .await
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Binds `config.host:config.port`, prints the address on stderr
/// (`textract serve: listening on http://127.0.0.1:9998`), and serves until
/// SIGTERM or ctrl-c.
pub async fn serve(config: Config) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port)).await?;
    let addr: SocketAddr = listener.local_addr()?;
    eprintln!("textract serve: listening on http://{addr}");
    Server::new(config).serve_on(listener).await
}

/// [`serve`] on a runtime of its own: what `textract serve` calls.
pub fn run(config: Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // Extractions are bounded by the semaphore; the rest is slack for
        // jobs past their time limit that still hold a thread.
        .max_blocking_threads(
            config
                .max_concurrent
                .max(1)
                .saturating_mul(2)
                .saturating_add(8),
        )
        .enable_all()
        .build()?;
    runtime.block_on(serve(config))
}

/// 503 while shutting down; the access log line.
async fn guard(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = if state.shutting_down.load(Ordering::SeqCst) {
        Refusal::Busy("shutting down").into_response()
    } else {
        next.run(request).await
    };
    if state.config.access_log {
        let bytes = axum::body::HttpBody::size_hint(response.body()).exact();
        let line = serde_json::json!({
            "method": method.as_str(),
            "path": path,
            "status": response.status().as_u16(),
            "bytes": bytes,
            "ms": (started.elapsed().as_secs_f64() * 1000.0 * 10.0).round() / 10.0,
        });
        eprintln!("{line}");
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(concurrent: usize, queue: usize) -> Config {
        Config {
            max_concurrent: concurrent,
            max_queue: queue,
            access_log: false,
            ..Config::default()
        }
    }

    #[tokio::test]
    async fn a_full_queue_answers_busy_and_frees_up() {
        let state = Arc::clone(&Server::new(config(1, 1)).state);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let running = Arc::clone(&state);
        let first = tokio::spawn(async move {
            running
                .run(Duration::from_secs(10), move || rx.recv().is_ok())
                .await
        });
        while state.load().0 == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // One slot running, one place in the queue: the second waits, the third is refused.
        let waiting = Arc::clone(&state);
        let second = tokio::spawn(async move { waiting.run(Duration::from_secs(10), || 2).await });
        while state.load().1 == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert!(matches!(
            state.run(Duration::from_secs(1), || 3).await,
            Err(Refusal::Busy(_))
        ));
        tx.send(()).unwrap();
        assert!(matches!(first.await.unwrap(), Ok(true)));
        assert!(matches!(second.await.unwrap(), Ok(2)));
        assert_eq!(state.load(), (0, 0));
        assert!(matches!(
            state.run(Duration::from_secs(1), || 4).await,
            Ok(4)
        ));
    }

    #[tokio::test]
    async fn a_job_past_its_hard_limit_is_answered_and_keeps_its_slot() {
        let state = Arc::clone(&Server::new(config(1, 4)).state);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let r = state
            .run(Duration::from_millis(1), move || rx.recv().is_ok())
            .await;
        assert!(matches!(r, Err(Refusal::TimedOut(_))));
        assert_eq!(
            state.permits.available_permits(),
            0,
            "the thread still holds its slot"
        );
        tx.send(()).unwrap();
        assert!(matches!(
            state.run(Duration::from_secs(1), || 1).await,
            Ok(1)
        ));
    }
}
