//! The time a request may take, with no timer for the requests that finish at once.
//!
//! tower-http's `TimeoutLayer` makes a timer for every request and registers it in tokio's
//! timer wheel before the handler runs, then removes it again: two trips through the
//! wheel's lock for a cached catalogue answer that never waits. Here the handler is polled
//! first, and the timer is only made when the handler has to wait (a database query, a
//! body being read, the assistant). The limit then counts from that first wait, which is
//! within microseconds of the request's start.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::http::{Request, Response, StatusCode};
use pin_project_lite::pin_project;
use tokio::time::Sleep;
use tower::{Layer, Service};

/// Answers `status` (with an empty body) when the inner service takes longer than `limit`.
#[derive(Debug, Clone, Copy)]
pub struct RequestTimeoutLayer {
    limit: Duration,
    status: StatusCode,
}

impl RequestTimeoutLayer {
    pub fn new(limit: Duration, status: StatusCode) -> Self {
        RequestTimeoutLayer { limit, status }
    }
}

impl<S> Layer<S> for RequestTimeoutLayer {
    type Service = RequestTimeout<S>;

    fn layer(&self, inner: S) -> RequestTimeout<S> {
        RequestTimeout {
            inner,
            limit: self.limit,
            status: self.status,
        }
    }
}

#[derive(Debug, Clone)]
pub struct RequestTimeout<S> {
    inner: S,
    limit: Duration,
    status: StatusCode,
}

impl<S, B, ResBody> Service<Request<B>> for RequestTimeout<S>
where
    S: Service<Request<B>, Response = Response<ResBody>>,
    ResBody: Default,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = TimeoutFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        TimeoutFuture {
            inner: self.inner.call(request),
            sleep: None,
            limit: self.limit,
            status: self.status,
        }
    }
}

pin_project! {
    pub struct TimeoutFuture<F> {
        #[pin]
        inner: F,
        #[pin]
        sleep: Option<Sleep>,
        limit: Duration,
        status: StatusCode,
    }
}

impl<F, ResBody, E> Future for TimeoutFuture<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
    ResBody: Default,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        if let Poll::Ready(result) = this.inner.poll(cx) {
            return Poll::Ready(result);
        }
        if this.sleep.is_none() {
            this.sleep.set(Some(tokio::time::sleep(*this.limit)));
        }
        let expired = this
            .sleep
            .as_pin_mut()
            .is_some_and(|sleep| sleep.poll(cx).is_ready());
        if expired {
            let mut response = Response::new(ResBody::default());
            *response.status_mut() = *this.status;
            return Poll::Ready(Ok(response));
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;

    #[tokio::test]
    async fn a_slow_handler_is_cut_off_and_a_quick_one_is_not() {
        let layer =
            RequestTimeoutLayer::new(Duration::from_millis(200), StatusCode::REQUEST_TIMEOUT);
        let mut slow = layer.layer(tower::service_fn(|_: Request<()>| async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok::<_, Infallible>(Response::new(String::from("late")))
        }));
        let started = std::time::Instant::now();
        let response = slow.call(Request::new(())).await.unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
        assert!(response.body().is_empty());

        let mut waits = layer.layer(tower::service_fn(|_: Request<()>| async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            Ok::<_, Infallible>(Response::new(String::from("in time")))
        }));
        let response = waits.call(Request::new(())).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.body(), "in time");

        let mut quick = layer.layer(tower::service_fn(|_: Request<()>| async {
            Ok::<_, Infallible>(Response::new(String::from("at once")))
        }));
        assert_eq!(
            quick.call(Request::new(())).await.unwrap().body(),
            "at once"
        );
    }
}
