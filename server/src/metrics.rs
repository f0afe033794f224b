//! What an operator scrapes: counters, gauges and histograms in the Prometheus text format.
//!
//! Every label is a fixed word or a route template (`/api/plants/{id}`), never a raw path,
//! an address, an email or an id: labels must neither identify a person nor grow without
//! bound. The names are listed in README.md ("Metrics").

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use metrics::{counter, gauge, histogram, Counter, Histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets in seconds: from a cached catalogue page to a slow assistant answer.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the process-wide recorder once (later calls, e.g. a second app in one test
/// process, share it). None when another recorder was installed first.
pub fn install() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
                .ok()?
                .install_recorder()
                .map_err(|err| tracing::warn!(error = %err, "metrics are off"))
                .ok()?;
            let upkeep = handle.clone();
            // Folds recorded histogram samples into their buckets so they do not pile up.
            let _ = std::thread::Builder::new()
                .name("metrics-upkeep".into())
                .spawn(move || loop {
                    std::thread::sleep(Duration::from_secs(5));
                    upkeep.run_upkeep();
                });
            Some(handle)
        })
        .as_ref()
}

/// The current values in the Prometheus text format.
pub fn render() -> String {
    install().map(PrometheusHandle::render).unwrap_or_default()
}

/// One request answered. The counter and histogram handles are looked up in the recorder
/// once per thread and label set, then kept: building the labels and hashing the key on every
/// request was a measurable share of a cached catalogue answer (issue 21).
pub fn http_request(route: &str, method: &axum::http::Method, status: u16, elapsed: Duration) {
    let method = method_label(method);
    let installed = matches!(HANDLE.get(), Some(Some(_)));
    if !installed {
        // No recorder yet (or another one): the macros reach whatever is there, uncached.
        counter!("hariyali_http_requests_total", "route" => route.to_owned(), "method" => method, "status" => status.to_string())
            .increment(1);
        histogram!("hariyali_http_request_duration_seconds", "route" => route.to_owned(), "method" => method)
            .record(elapsed.as_secs_f64());
        return;
    }
    HTTP_HANDLES.with(|handles| {
        let mut handles = handles.borrow_mut();
        if !handles.contains_key(route) {
            handles.insert(route.to_owned(), Vec::new());
        }
        let by_method = handles.get_mut(route).expect("inserted above");
        let position = match by_method.iter().position(|m| m.method == method) {
            Some(position) => position,
            None => {
                by_method.push(MethodHandles {
                    method,
                    duration: histogram!("hariyali_http_request_duration_seconds", "route" => route.to_owned(), "method" => method),
                    by_status: Vec::new(),
                });
                by_method.len() - 1
            }
        };
        let entry = &mut by_method[position];
        entry.duration.record(elapsed.as_secs_f64());
        match entry.by_status.iter().find(|(s, _)| *s == status) {
            Some((_, requests)) => requests.increment(1),
            None => {
                let requests = counter!("hariyali_http_requests_total", "route" => route.to_owned(), "method" => method, "status" => status.to_string());
                requests.increment(1);
                entry.by_status.push((status, requests));
            }
        }
    });
}

/// The request counter of one route template, method and status, for answers the accept
/// loop gives ahead of the stack (`http/front_copy.rs`): they count as requests like the
/// stack's, with no latency sample (their time is a few microseconds, all in the kernel).
pub fn http_requests_counter(route: &str, method: &axum::http::Method, status: u16) -> Counter {
    counter!("hariyali_http_requests_total", "route" => route.to_owned(), "method" => method_label(method), "status" => status.to_string())
}

/// How many answers the accept loop keeps copies of, and their bytes.
pub fn front_copies(copies: usize, bytes: usize) {
    gauge!("hariyali_front_copies").set(copies as f64);
    gauge!("hariyali_front_copy_bytes").set(bytes as f64);
}

/// The method as a label: the standard ones by name, anything else as `OTHER`, so made-up
/// methods cannot add series.
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// A route's handles for one method: the latency histogram and a counter per status.
struct MethodHandles {
    method: &'static str,
    duration: Histogram,
    by_status: Vec<(u16, Counter)>,
}

thread_local! {
    /// Bounded like the series themselves: route templates × methods × statuses.
    static HTTP_HANDLES: RefCell<HashMap<String, Vec<MethodHandles>>> = RefCell::new(HashMap::new());
}

pub fn connection_opened(open: usize) {
    gauge!("hariyali_open_connections").set(open as f64);
}

pub fn connection_closed(open: usize) {
    gauge!("hariyali_open_connections").set(open as f64);
}

pub fn connection_refused(reason: &'static str) {
    counter!("hariyali_connections_refused_total", "reason" => reason).increment(1);
}

pub fn order_placed(payment: &'static str) {
    counter!("hariyali_orders_placed_total", "payment" => payment).increment(1);
}

pub fn order_cancelled() {
    counter!("hariyali_orders_cancelled_total").increment(1);
}

/// One catalogue answer from the response cache (`hit`) or built afresh. Counted on every
/// catalogue request, so the two handles are looked up once.
pub fn catalogue_cache(hit: bool) {
    static HANDLES: OnceLock<[Counter; 2]> = OnceLock::new();
    let lookup =
        |result: &'static str| counter!("hariyali_catalogue_cache_total", "result" => result);
    if !matches!(HANDLE.get(), Some(Some(_))) {
        lookup(if hit { "hit" } else { "miss" }).increment(1);
        return;
    }
    let [hits, misses] = HANDLES.get_or_init(|| [lookup("hit"), lookup("miss")]);
    if hit { hits } else { misses }.increment(1);
}

pub fn argon2_queue(depth: usize) {
    gauge!("hariyali_argon2_queue_depth").set(depth as f64);
}

/// A refusal by one of the shop's limits (`sign_in`, `account_guard`, `assistant`, …).
pub fn rate_limited(limit: &'static str) {
    counter!("hariyali_rate_limited_total", "limit" => limit).increment(1);
}

pub fn assistant_answer(kind: &'static str, elapsed: Duration) {
    counter!("hariyali_assistant_answers_total", "kind" => kind).increment(1);
    histogram!("hariyali_assistant_answer_duration_seconds", "kind" => kind)
        .record(elapsed.as_secs_f64());
}

pub fn photo_analysed(photos: usize) {
    counter!("hariyali_assistant_photos_analysed_total").increment(photos as u64);
}

/// The database pools as they are at scrape time.
pub fn db_pool(pool: &'static str, size: u32, idle: usize) {
    gauge!("hariyali_db_pool_connections", "pool" => pool, "state" => "open").set(f64::from(size));
    gauge!("hariyali_db_pool_connections", "pool" => pool, "state" => "idle").set(idle as f64);
}
