//! Search benchmark: builds the search index over a generated catalogue (50,000 plants by
//! default) and times suggestions and full searches.
//!
//! `cargo run --release --example search_bench [-- PLANTS]`; figures go in bench/README.md.

use std::time::{Duration, Instant};

use hariyali::domain::care::{Care, Difficulty, Light, Water};
use hariyali::search::{IndexedPlant, Mode, SearchIndex};

const BASES: [(&str, Option<&str>); 16] = [
    ("Money Plant", Some("मनी प्लांट")),
    ("Snake Plant", Some("स्नेक प्लांट")),
    ("Tulsi", Some("तुलसी")),
    ("Hibiscus", Some("गुड़हल")),
    ("Areca Palm", Some("एरिका पाम")),
    ("Aloe Vera", Some("एलोवेरा")),
    ("Peace Lily", None),
    ("Jade Plant", None),
    ("Marigold", Some("गेंदा")),
    ("Mogra", Some("मोगरा")),
    ("Curry Leaf", Some("करी पत्ता")),
    ("Neem", Some("नीम")),
    ("Rubber Plant", None),
    ("Spider Plant", None),
    ("Boston Fern", None),
    ("Adenium", None),
];
const VARIETIES: [&str; 20] = [
    "Golden",
    "Variegated",
    "Dwarf",
    "Giant",
    "Royal",
    "Desi",
    "Himalayan",
    "Kerala",
    "Nilgiri",
    "Rajasthani",
    "Bengal",
    "Konkan",
    "Deccan",
    "Assam",
    "Malabar",
    "Coastal",
    "Silver",
    "Ruby",
    "Emerald",
    "Sunset",
];
const WORDS: [&str; 24] = [
    "glossy", "leaves", "bright", "indirect", "light", "water", "weekly", "soil", "pot", "nursery",
    "balcony", "monsoon", "summer", "fragrant", "flowers", "compact", "trailing", "hardy", "grows",
    "fast", "shade", "terrace", "garden", "fresh",
];

/// A deterministic pseudo-random sequence, so every run builds the same catalogue.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn catalogue(n: usize) -> Vec<IndexedPlant> {
    let mut rng = Lcg(19);
    (0..n)
        .map(|i| {
            let (base, hi) = BASES[i % BASES.len()];
            let variety = VARIETIES[(i / BASES.len()) % VARIETIES.len()];
            let name = if i < BASES.len() {
                base.to_string()
            } else {
                format!("{variety} {base} {}", i / (BASES.len() * VARIETIES.len()))
            };
            let description: Vec<&str> = (0..40).map(|_| WORDS[rng.next(WORDS.len())]).collect();
            IndexedPlant {
                id: format!("{i:08}"),
                plant_code: format!("PL-{}", 1001 + i),
                name,
                name_hi: hi.map(str::to_string),
                description: description.join(" "),
                description_hi: None,
                categories: vec!["Indoor".into()],
                image: Some(format!("/media/plants/{i}-card.webp")),
                price: 99 + (i % 900) as i64,
                care: Some(Care {
                    light: [
                        Light::Low,
                        Light::Medium,
                        Light::BrightIndirect,
                        Light::FullSun,
                    ][i % 4],
                    water: [Water::Low, Water::Medium, Water::High][i % 3],
                    difficulty: Difficulty::Easy,
                    pet_safe: i % 3 == 0,
                    child_safe: i % 5 == 0,
                }),
            }
        })
        .collect()
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50_000);
    let plants = catalogue(n);
    let rss_before = rss_kib();
    let started = Instant::now();
    let index = SearchIndex::build(plants);
    let build = started.elapsed();
    let rss_after = rss_kib();
    println!("plants: {n}");
    println!("index rebuild: {} ms", build.as_millis());
    println!(
        "index size: ~{:.1} MiB (structures), RSS grew {:.1} MiB",
        index.approximate_bytes() as f64 / 1_048_576.0,
        rss_after.saturating_sub(rss_before) as f64 / 1024.0
    );
    // What people type, letter by letter: prefixes, typos, Hindi, care words.
    let typed = [
        "sna",
        "snak",
        "snak pl",
        "snake plant",
        "moneyp",
        "moneyplant",
        "aloev",
        "तुल",
        "तुलसी",
        "gudh",
        "gudhal",
        "गुड़हल",
        "pothos",
        "golden mon",
        "himalayan tul",
        "pet safe",
        "low light sn",
        "nee",
        "ruby jade 3",
        "zzqx",
    ];
    for (label, mode) in [("suggest", Mode::AsYouType), ("search", Mode::Words)] {
        let mut times = Vec::new();
        for _ in 0..25 {
            for q in typed {
                let t = Instant::now();
                let hits = index.search(q, mode, if mode == Mode::AsYouType { 8 } else { 1000 });
                times.push(t.elapsed());
                std::hint::black_box(hits);
            }
        }
        times.sort();
        println!(
            "{label}: {} queries, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1000.0,
            percentile(&times, 0.99).as_secs_f64() * 1000.0,
            times.last().unwrap().as_secs_f64() * 1000.0
        );
    }
    let hits = index.search("snak plant", Mode::AsYouType, 8);
    println!(
        "\"snak plant\" → {}",
        hits.iter()
            .map(|h| index.plant(h).name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
}
