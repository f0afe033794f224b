//! Asks the embedded plant-care engine from the command line, against the demo catalogue:
//! `cargo run --release --example ask -- "how often should I water my money plant?"`.
//! Several arguments are one conversation, so follow-ups can be tried.

use hariyali::assistant::season::Season;
use hariyali::assistant::{Engine, Knowledge, Memory, Question};
use hariyali::domain::catalogue::{supplied_sentence, CatalogueItem};

fn main() -> anyhow::Result<()> {
    let engine = Engine::new(Knowledge::embedded()?)?;
    let seed: Vec<serde_json::Value> = serde_json::from_str(include_str!("../seed/plants.json"))?;
    let catalogue: Vec<CatalogueItem> = seed
        .iter()
        .map(|p| CatalogueItem {
            id: p["slug"].as_str().unwrap_or_default().to_string(),
            name: p["name"].as_str().unwrap_or_default().to_string(),
            price: p["price"].as_i64().unwrap_or_default(),
            stock: p["stock"].as_i64().unwrap_or_default(),
            supplied: p["description"].as_str().and_then(supplied_sentence),
            supplied_hi: p["descriptionHi"].as_str().and_then(supplied_sentence),
        })
        .collect();
    let month = std::env::var("MONTH")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(Season::current_month_in_india);
    let mut memory = Memory::default();
    for text in std::env::args().skip(1) {
        let answer = engine.answer(&Question {
            text: &text,
            photos: &[],
            memory: &memory,
            month,
            catalogue: &catalogue,
            orders: None,
        });
        println!("> {text}\n\n{}\n\n----", answer.text);
        memory = answer.memory;
    }
    Ok(())
}
