//! Latency of the plant-care chat through the whole router (multipart parsing, session load
//! and save on SQLite, catalogue query, engine, photo decoding and analysis):
//! `cargo run --release --example assistant_bench`. Prints p50/p95 for a text-only question
//! and for a question with five 12-megapixel JPEG photos.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use hariyali::config::{BoolFlag, ServeConfig, StorageConfig};
use http_body_util::BodyExt;
use image::{Rgb, RgbImage};
use tower::ServiceExt;

const TEXT_RUNS: usize = 300;
const PHOTO_RUNS: usize = 20;

/// A 4000 × 3000 leaf photo with texture, as a phone would take it.
fn twelve_megapixel_jpeg(seed: u32) -> Vec<u8> {
    let (w, h) = (4000u32, 3000u32);
    let img = RgbImage::from_fn(w, h, |x, y| {
        let n = ((x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503) ^ seed) >> 27) as i32 - 16;
        let dx = (x as f32 - 2000.0) / 1800.0;
        let dy = (y as f32 - 1500.0) / 1300.0;
        let base: [i32; 3] = if dx * dx + dy * dy > 1.0 {
            [110, 100, 95]
        } else if x < 1200 + seed * 100 {
            [215, 195, 70]
        } else {
            [55, 140, 62]
        };
        Rgb(base.map(|v| (v + n).clamp(0, 255) as u8))
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(
            &mut std::io::Cursor::new(&mut out),
            image::ImageFormat::Jpeg,
        )
        .expect("encode");
    out
}

fn multipart(text: &str, session: &str, images: &[Vec<u8>]) -> (String, Vec<u8>) {
    let boundary = "----hariyalibench".to_string();
    let mut body = Vec::new();
    for (name, value) in [("message", text), ("sessionId", session)] {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    for (i, bytes) in images.iter().enumerate() {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"{i}.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn run(router: &axum::Router, content_type: &str, body: &[u8]) -> Duration {
    let request = Request::post("/api/ai-chat/message")
        .header("content-type", content_type)
        .body(Body::from(body.to_vec()))
        .expect("request");
    let started = Instant::now();
    let response = router.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    let took = started.elapsed();
    assert!(
        status.is_success(),
        "{status}: {}",
        String::from_utf8_lossy(&bytes)
    );
    took
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{name}: n={} p50={:.1} ms p95={:.1} ms max={:.1} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1000.0,
        percentile(&times, 0.95).as_secs_f64() * 1000.0,
        times.last().unwrap().as_secs_f64() * 1000.0
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let storage = StorageConfig {
        database_url: Some(format!(
            "sqlite://{}",
            dir.path().join("bench.db").display()
        )),
        data_dir: dir.path().to_path_buf(),
        db_pool_size: Some(4),
        s3: Default::default(),
    };
    let mut config = ServeConfig::for_tests();
    config.demo = Some(BoolFlag(true));
    config.ai_rate_per_minute = 1_000_000;
    let state = hariyali::build_state(&storage, config).await?;
    let router = hariyali::app(state);
    println!("cores: {}", std::thread::available_parallelism()?.get());

    let questions = [
        "How often should I water my money plant?",
        "a low-light plant for my bedroom under ₹500, I have a cat",
        "मेरे तुलसी के पत्ते पीले हो रहे हैं",
        "my hibiscus has white cotton like insects",
        "is it safe for my dog?",
    ];
    let mut text_times = Vec::new();
    for i in 0..TEXT_RUNS {
        let (ct, body) = multipart(
            questions[i % questions.len()],
            &format!("bench-{}", i % 10),
            &[],
        );
        let took = run(&router, &ct, &body).await;
        if i >= 10 {
            text_times.push(took);
        }
    }
    report("text-only answer", text_times);

    let photos: Vec<Vec<u8>> = (0..5).map(twelve_megapixel_jpeg).collect();
    let sizes: Vec<String> = photos
        .iter()
        .map(|p| format!("{:.1} MB", p.len() as f64 / 1e6))
        .collect();
    println!("five 4000x3000 JPEGs: {}", sizes.join(", "));
    let (ct, body) = multipart(
        "what is wrong with my money plant?",
        "bench-photos",
        &photos,
    );
    let mut photo_times = Vec::new();
    for i in 0..PHOTO_RUNS + 1 {
        let took = run(&router, &ct, &body).await;
        if i > 0 {
            photo_times.push(took);
        }
    }
    report("answer with five 12 MP photos", photo_times);
    Ok(())
}
