//! The accept loop: HTTP/1.1 connections that must send their request head in time, capped
//! per client address and in total, so slow or idle sockets cannot use up the process's files.
//!
//! axum's own `serve` sets no timer, so hyper's header-read timeout never fires there and a
//! socket that sends half a request is kept forever. Here hyper gets a timer: a connection
//! has `header_timeout` to send a complete head after it opens and again after each response
//! (hyper starts the same deadline whenever it waits for a head, so it is also the idle
//! keep-alive timeout). A trickle of one byte a second does not reset it. HTTP/2 is not
//! served: browsers only speak it over TLS, which a proxy in front terminates, and an idle
//! cleartext HTTP/2 connection would escape the head deadline.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use bytes::Bytes;
use futures_util::future::Either;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use super::front::{FixedAnswers, Front};
use super::plain_probe::{answer_plain_probes, AfterProbes, Prefixed};
use crate::domain::ids::now_ms;
use crate::error::{ErrorBody, ErrorCode};

/// How the accept loop treats connections.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionPolicy {
    pub header_timeout: Duration,
    pub max_total: usize,
    /// `None` behind a trusted proxy: every connection then comes from the proxy.
    pub max_per_client: Option<usize>,
}

/// How long open requests may finish after shutdown is asked for.
const DRAIN_TIME: Duration = Duration::from_secs(30);

/// Counts open connections; a `Ticket` is one of them and gives its place back when dropped.
#[derive(Debug)]
pub struct ConnectionGate {
    policy: ConnectionPolicy,
    total: AtomicUsize,
    per_client: Mutex<HashMap<IpAddr, usize>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// This address already holds its share.
    ClientFull,
    /// The whole server holds as many as it may.
    ServerFull,
}

impl Refusal {
    fn message(self) -> &'static str {
        match self {
            Refusal::ClientFull => {
                "Too many open connections from your address. Please close some and try again."
            }
            Refusal::ServerFull => "The shop is very busy right now. Please try again in a moment.",
        }
    }

    fn reason(self) -> &'static str {
        match self {
            Refusal::ClientFull => "per_client",
            Refusal::ServerFull => "total",
        }
    }
}

pub struct Ticket {
    gate: Arc<ConnectionGate>,
    client: Option<IpAddr>,
}

impl ConnectionGate {
    pub fn new(policy: ConnectionPolicy) -> Arc<Self> {
        Arc::new(ConnectionGate {
            policy,
            total: AtomicUsize::new(0),
            per_client: Mutex::new(HashMap::new()),
        })
    }

    pub fn open(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    pub fn admit(self: &Arc<Self>, client: IpAddr) -> Result<Ticket, Refusal> {
        if self.total.fetch_add(1, Ordering::AcqRel) >= self.policy.max_total {
            self.total.fetch_sub(1, Ordering::AcqRel);
            return Err(Refusal::ServerFull);
        }
        let mut ticket = Ticket {
            gate: self.clone(),
            client: None,
        };
        if let Some(max) = self.policy.max_per_client {
            let mut open = self.per_client.lock().unwrap_or_else(|e| e.into_inner());
            let count = open.entry(client).or_insert(0);
            if *count >= max {
                return Err(Refusal::ClientFull); // the ticket's drop gives the total back
            }
            *count += 1;
            ticket.client = Some(client);
        }
        Ok(ticket)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let before = self.gate.total.fetch_sub(1, Ordering::AcqRel);
        crate::metrics::connection_closed(before.saturating_sub(1));
        if let Some(client) = self.client {
            let mut open = self
                .gate
                .per_client
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if let Some(count) = open.get_mut(&client) {
                *count -= 1;
                if *count == 0 {
                    open.remove(&client);
                }
            }
        }
    }
}

/// Serves `router` on `listener` until `shutdown`, then lets open requests finish (at most
/// `DRAIN_TIME`).
pub async fn run(
    listener: TcpListener,
    router: Router,
    gate: Arc<ConnectionGate>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    // Plain health probes and the catalogue's hot reads are answered ahead of the stack,
    // with the stack's own answers.
    let fixed = Arc::new(FixedAnswers::capture(&router).await);
    // A connection's plain probes are answered before hyper reads it (`http/plain_probe.rs`).
    let probe = fixed.plain_probe().map(Arc::new);
    let (stop_probes, stopping) = tokio::sync::watch::channel(false);
    let graceful = GracefulShutdown::new();
    let refusals_logged = Arc::new(AtomicU64::new(0));
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of files or similar: wait a little instead of spinning on the error.
                    tracing::error!(error = %err, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        match gate.admit(peer.ip()) {
            Ok(ticket) => {
                crate::metrics::connection_opened(gate.open());
                let (router, fixed, probe) = (router.clone(), fixed.clone(), probe.clone());
                let (policy, watcher, mut stopping) =
                    (gate.policy, graceful.watcher(), stopping.clone());
                tokio::spawn(async move {
                    let _ticket = ticket;
                    let io = match probe.as_deref() {
                        Some(answer) => match answer_plain_probes(
                            stream,
                            answer,
                            policy.header_timeout,
                            &mut stopping,
                        )
                        .await
                        {
                            AfterProbes::Handoff(io) => io,
                            AfterProbes::Closed => return,
                        },
                        None => Prefixed::new(Bytes::new(), stream),
                    };
                    let connection =
                        watcher.watch(serve_connection(io, peer, router, fixed, policy));
                    if let Err(err) = connection.await {
                        tracing::debug!(error = %err, client = %peer.ip(), "connection ended");
                    }
                });
            }
            Err(refusal) => {
                crate::metrics::connection_refused(refusal.reason());
                log_refusal(&refusals_logged, refusal, peer.ip());
                tokio::spawn(refuse(stream, refusal));
            }
        }
    }
    drop(listener);
    let _ = stop_probes.send(true);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN_TIME) => {
            tracing::warn!("some connections were still open when shutdown gave up waiting");
        }
    }
}

/// Serves `router` like `run`, on `threads` single-threaded runtimes, each on an OS thread of
/// its own and all accepting from `listener`'s socket: the kernel hands each new connection
/// to one of the threads waiting in `accept`, and that thread alone runs it from then on (no
/// task moves between threads, no wake-up crosses threads). Returns once every thread has
/// drained after `shutdown`.
pub async fn run_per_core(
    listener: TcpListener,
    router: Router,
    gate: Arc<ConnectionGate>,
    threads: usize,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = listener.into_std()?;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut finished = Vec::with_capacity(threads);
    for core in 0..threads.max(1) {
        let listener = listener.try_clone()?;
        let (router, gate, mut stopped) = (router.clone(), gate.clone(), stopped.clone());
        let (done, finished_one) = tokio::sync::oneshot::channel::<()>();
        std::thread::Builder::new()
            .name(format!("hariyali-core-{core}"))
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(err) => {
                        tracing::error!(error = %err, core, "could not start a runtime");
                        return;
                    }
                };
                runtime.block_on(async move {
                    match TcpListener::from_std(listener) {
                        Ok(listener) => {
                            run(listener, router, gate, async move {
                                let _ = stopped.wait_for(|stop| *stop).await;
                            })
                            .await
                        }
                        Err(err) => tracing::error!(error = %err, core, "could not listen"),
                    }
                });
                let _ = done.send(());
            })?;
        finished.push(finished_one);
    }
    drop(listener);
    drop(stopped);
    shutdown.await;
    let _ = stop.send(true);
    for finished_one in finished {
        let _ = finished_one.await;
    }
    Ok(())
}

fn serve_connection(
    stream: Prefixed<TcpStream>,
    peer: SocketAddr,
    router: Router,
    fixed: Arc<FixedAnswers>,
    policy: ConnectionPolicy,
) -> hyper::server::conn::http1::Connection<
    TokioIo<Prefixed<TcpStream>>,
    impl hyper::service::Service<
            hyper::Request<Incoming>,
            Response = axum::response::Response,
            Error = Infallible,
            Future = impl Send,
        > + Send,
> {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let front = match fixed.answer(&request) {
            Front::Answered(response) => return Either::Left(std::future::ready(Ok(response))),
            other => other,
        };
        request.extensions_mut().insert(ConnectInfo(peer));
        let stack = router.clone().oneshot(request.map(axum::body::Body::new));
        match front {
            Front::StackThenKeep(pending) => {
                let fixed = fixed.clone();
                Either::Right(Either::Left(async move {
                    let response = stack.await?;
                    Ok(fixed.keep(pending, response).await)
                }))
            }
            _ => Either::Right(Either::Right(stack)),
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(policy.header_timeout);
    builder.serve_connection(TokioIo::new(stream), service)
}

/// One refusal a second at most reaches the log: a flood must not flood the log too.
fn log_refusal(last_logged: &AtomicU64, refusal: Refusal, client: IpAddr) {
    let second = (now_ms() / 1000) as u64;
    if last_logged.swap(second, Ordering::Relaxed) != second {
        tracing::warn!(client = %client, reason = refusal.reason(), "connection refused: too many open connections");
    }
}

/// A plain 503 with the reason, written before reading anything, then the socket is closed.
async fn refuse(mut stream: TcpStream, refusal: Refusal) {
    let body = serde_json::to_string(&ErrorBody::new(ErrorCode::Unavailable, refusal.message()))
        .unwrap_or_default();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 5\r\n\
         connection: close\r\ncache-control: no-store\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let write = async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), write).await;
}

/// Raises the soft limit on open files to the hard limit, where the system allows, and
/// returns the limit in force (None where there is no such limit).
pub fn raise_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        match rlimit::increase_nofile_limit(u64::MAX) {
            Ok(limit) => Some(limit),
            Err(err) => {
                tracing::warn!(error = %err, "could not raise the open-file limit");
                rlimit::getrlimit(rlimit::Resource::NOFILE)
                    .ok()
                    .map(|(soft, _)| soft)
            }
        }
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Bytes the kernel may hold for one connection's unread request body.
///
/// Without a bound Linux grows a socket's receive buffer up to `net.ipv4.tcp_rmem`'s maximum
/// (32 MB on the test machines). An assistant upload waiting at the photo gate is not read,
/// so fifty waiting uploads held 1.6 GB of kernel memory, pushed TCP into memory pressure,
/// and sat behind a closed window long enough for clients with a TCP user timeout (reqwest's
/// default is 30 s) to give up. 1 MiB still lets an upload run at 20 MB/s over a 50 ms
/// round trip; every other request body here is at most 64 KB.
pub const RECEIVE_BUFFER_BYTES: usize = 1024 * 1024;

/// Bounds the receive buffer of every connection `listener` accepts (accepted sockets take
/// the listening socket's size).
pub fn bound_receive_buffer(listener: &TcpListener) {
    if let Err(err) = socket2::SockRef::from(listener).set_recv_buffer_size(RECEIVE_BUFFER_BYTES) {
        tracing::warn!(error = %err, "could not bound the connections' receive buffer");
    }
}

/// The connection cap that fits under `file_limit`, keeping files for the database, pictures
/// and logs.
pub fn cap_for_file_limit(wanted: usize, file_limit: Option<u64>) -> usize {
    const RESERVED: u64 = 256;
    match file_limit {
        Some(limit) => wanted.min(limit.saturating_sub(RESERVED).max(16) as usize),
        None => wanted,
    }
}
