//! The assistant's evaluation set (`assistant_eval.toml`): single questions through the
//! engine against the live demo catalogue, conversations through the HTTP layer. Prints the
//! score and every miss; fails below 97 % (issue 16 asks for at least 97 %).

use crate::common;

use axum::http::Method;
use common::{Multipart, TestApp};
use hariyali::assistant::Question;
use serde::Deserialize;

#[derive(Deserialize)]
struct EvalSet {
    case: Vec<Case>,
    conversation: Vec<Conversation>,
}

#[derive(Deserialize)]
struct Case {
    q: String,
    must: Vec<String>,
    must_not: Vec<String>,
    month: Option<u32>,
}

#[derive(Deserialize)]
struct Conversation {
    turns: Vec<Case>,
}

/// The misses of an answer: expected facts absent, forbidden ones present.
fn misses(answer: &str, case: &Case) -> Vec<String> {
    let lower = answer.to_lowercase();
    let has = |expect: &str| {
        expect
            .split('|')
            .any(|alt| lower.contains(&alt.trim().to_lowercase()))
    };
    let mut out = Vec::new();
    for m in &case.must {
        if !has(m) {
            out.push(format!("missing `{m}`"));
        }
    }
    for m in &case.must_not {
        if has(m) {
            out.push(format!("unwanted `{m}`"));
        }
    }
    out
}

#[tokio::test]
async fn the_assistant_passes_its_evaluation_set() {
    let set: EvalSet =
        toml::from_str(include_str!("../assistant_eval.toml")).expect("eval set parses");
    let app = TestApp::demo().await;
    let catalogue = hariyali::store::assistant::live_plants(&app.state.db)
        .await
        .unwrap();
    let engine = app.state.assistant.engine();

    let (mut passed, mut total) = (0usize, 0usize);
    let mut failures = Vec::new();
    for case in &set.case {
        let answer = engine.answer(&Question {
            text: &case.q,
            photos: &[],
            memory: &Default::default(),
            month: case.month.unwrap_or(12),
            catalogue: &catalogue,
            orders: None,
        });
        total += 1;
        let missed = misses(&answer.text, case);
        if missed.is_empty() {
            passed += 1;
        } else {
            failures.push(format!("{}: {}", case.q, missed.join(", ")));
        }
    }
    for (n, conversation) in set.conversation.iter().enumerate() {
        let session = format!("eval-{n}");
        for turn in &conversation.turns {
            let form = Multipart::new()
                .text("message", &turn.q)
                .text("sessionId", &session);
            let res = app
                .send(form.request(Method::POST, "/api/ai-chat/message", None))
                .await;
            total += 1;
            let missed = misses(res.message(), turn);
            if res.status.is_success() && missed.is_empty() {
                passed += 1;
            } else {
                failures.push(format!(
                    "[conversation {n}] {}: {} ({})",
                    turn.q,
                    missed.join(", "),
                    res.status
                ));
            }
        }
    }
    let score = passed as f64 / total as f64 * 100.0;
    println!("assistant evaluation: {passed}/{total} passed ({score:.1} %)");
    for f in &failures {
        println!("  MISS {f}");
    }
    assert!(total >= 150, "the set has {total} questions");
    assert!(score >= 97.0, "score {score:.1} % is below 97 %");
}
