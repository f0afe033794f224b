//! End-to-end latency of a chat message with five 12-megapixel photos against a running
//! server: `photo_bench <base-url> [runs]` (`make bench-photos` starts a release server and runs
//! it). The photos are realistic scenes (potted plants before walls, one with yellowing
//! leaves, one grey car) encoded as phone-quality JPEGs; each run posts all five with a
//! question and waits for the whole answer. Prints p50/p95/max over the runs after a warm-up.

use std::time::{Duration, Instant};

#[path = "../tests/suite/scenes.rs"]
mod scenes;

use image::codecs::jpeg::JpegEncoder;
use image::RgbImage;
use scenes::LeafState;

fn jpeg(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    // Quality 90 is what phone cameras write; it keeps the files at a realistic size.
    img.write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))
        .expect("encode");
    out
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let base = args
        .next()
        .ok_or_else(|| anyhow::anyhow!("usage: photo_bench <base-url> [runs]"))?;
    let runs: usize = args.next().map(|r| r.parse()).transpose()?.unwrap_or(20);

    let (w, h) = (4000, 3000);
    let scenes: Vec<RgbImage> = vec![
        scenes::potted_plant(w, h, scenes::BEIGE_WALL, &scenes::healthy_states(), 1),
        scenes::potted_plant(
            w,
            h,
            scenes::BEIGE_WALL,
            &scenes::states_with(LeafState::Yellow, 5),
            2,
        ),
        scenes::potted_plant(
            w,
            h,
            scenes::WHITE_WALL,
            &scenes::states_with(LeafState::BrownTip, 6),
            3,
        ),
        scenes::leaf_close_up(w, h, LeafState::Spotted, 4),
        scenes::grey_car(w, h, 5),
    ];
    let photos: Vec<Vec<u8>> = scenes.iter().map(jpeg).collect();
    let sizes: Vec<String> = photos
        .iter()
        .map(|p| format!("{:.1} MB", p.len() as f64 / 1e6))
        .collect();
    println!("five {w}x{h} JPEGs: {}", sizes.join(", "));

    let client = reqwest::Client::new();
    let url = format!("{}/api/ai-chat/message", base.trim_end_matches('/'));
    let mut times = Vec::new();
    let mut last = String::new();
    for run in 0..=runs {
        let mut form = reqwest::multipart::Form::new()
            .text("message", "which of these needs help?")
            .text("sessionId", format!("photo-bench-{run}"));
        for (i, bytes) in photos.iter().enumerate() {
            form = form.part(
                "images",
                reqwest::multipart::Part::bytes(bytes.clone())
                    .file_name(format!("{i}.jpg"))
                    .mime_str("image/jpeg")?,
            );
        }
        let started = Instant::now();
        let response = client.post(&url).multipart(form).send().await?;
        let status = response.status();
        let body = response.text().await?;
        let took = started.elapsed();
        anyhow::ensure!(status.is_success(), "{status}: {body}");
        // The first run warms the server's caches and the allocator.
        if run > 0 {
            times.push(took);
        }
        last = body;
    }
    times.sort();
    println!(
        "five 12 MP photos, end to end: n={} p50={:.0} ms p95={:.0} ms max={:.0} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(*times.last().expect("at least one run"))
    );
    let answer: serde_json::Value = serde_json::from_str(&last)?;
    let text = answer["message"].as_str().unwrap_or_default();
    println!(
        "first line of the answer: {}",
        text.lines().next().unwrap_or_default()
    );
    Ok(())
}
