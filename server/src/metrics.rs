//! What an operator scrapes: counters, gauges and histograms in the Prometheus text format.
//!
//! Every label is a fixed word or a route template (`/api/plants/{id}`), never a raw path,
//! an address, an email or an id: labels must neither identify a person nor grow without
//! bound. The names are listed in README.md ("Metrics").

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{counter, gauge, histogram};
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

pub fn http_request(route: &str, method: &str, status: u16, elapsed: Duration) {
    let status = status.to_string();
    counter!("hariyali_http_requests_total", "route" => route.to_owned(), "method" => method.to_owned(), "status" => status)
        .increment(1);
    histogram!("hariyali_http_request_duration_seconds", "route" => route.to_owned(), "method" => method.to_owned())
        .record(elapsed.as_secs_f64());
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

pub fn catalogue_cache(hit: bool) {
    let result = if hit { "hit" } else { "miss" };
    counter!("hariyali_catalogue_cache_total", "result" => result).increment(1);
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
