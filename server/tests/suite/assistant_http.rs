//! The plant-care chat over HTTP: answers, follow-ups across requests, sessions, limits and
//! errors (with the `error` field), photos, and the optional model with its fallback.

use crate::assistant_images;
use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{header, Method, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use common::{Multipart, TestApp, TestResponse};
use serde_json::{json, Value};

async fn ask(app: &TestApp, session: Option<&str>, text: &str) -> TestResponse {
    let mut form = Multipart::new().text("message", text);
    if let Some(id) = session {
        form = form.text("sessionId", id);
    }
    app.send(form.request(Method::POST, "/api/ai-chat/message", None))
        .await
}

fn assert_chat_error(res: &TestResponse, status: StatusCode, contains: &str) {
    assert_eq!(res.status, status, "{:?}", res.body);
    assert_eq!(res.body["success"], false);
    let message = res.message();
    assert!(message.contains(contains), "{message}");
    assert_eq!(
        res.body["error"], res.body["message"],
        "error field mirrors message"
    );
}

#[tokio::test]
async fn a_question_gets_a_formatted_answer_with_shop_links() {
    let app = TestApp::demo().await;
    let res = ask(&app, None, "How do I care for my mony plant?").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["success"], true);
    let answer = res.message();
    assert!(answer.contains("Epipremnum aureum"), "{answer}");
    assert!(
        answer.lines().any(|l| l == "Light:"),
        "headings end with a colon"
    );
    assert!(answer.contains("toxic"), "money plant warning: {answer}");
    let session = res.body["sessionId"].as_str().unwrap();
    assert!(session.len() >= 8);
    // The shop link points at the live catalogue's Money Plant.
    let listed = app.get("/api/plants?search=Money%20Plant", None).await;
    let id = listed.body["plants"][0]["_id"].as_str().unwrap();
    assert!(answer.contains(&format!("/plant/{id}")), "{answer}");
    assert!(answer.contains("₹249"), "{answer}");
}

#[tokio::test]
async fn a_follow_up_remembers_the_plant_in_the_database() {
    let app = TestApp::demo().await;
    let first = ask(&app, Some("web-session-1"), "Tell me about my snake plant").await;
    assert_eq!(first.body["sessionId"], "web-session-1");
    let follow = ask(&app, Some("web-session-1"), "How often should I water it?").await;
    assert!(
        follow.message().contains("Snake Plant"),
        "{}",
        follow.message()
    );
    assert!(follow.message().contains("3-4 weeks") || follow.message().contains("2-3 weeks"));
    let stored: String = sqlx::query_scalar("SELECT state FROM assistant_sessions WHERE id = $1")
        .bind("web-session-1")
        .fetch_one(app.state.db.reader())
        .await
        .unwrap();
    let state: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(state["plant"], "snake-plant");
    assert_eq!(state["turns"], 2);

    // Another session knows nothing of it.
    let other = ask(&app, Some("web-session-2"), "How often should I water it?").await;
    assert!(
        !other.message().contains("Snake Plant"),
        "{}",
        other.message()
    );
}

#[tokio::test]
async fn deleting_a_session_forgets_it() {
    let app = TestApp::new().await;
    ask(&app, Some("to-forget"), "my tulsi needs help").await;
    let res = app
        .send(
            TestApp::request(Method::DELETE, "/api/ai-chat/session/to-forget", None)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["success"], true);
    assert_eq!(res.message(), "Chat session cleared.");
    let follow = ask(&app, Some("to-forget"), "how often should I water it?").await;
    assert!(!follow.message().contains("Tulsi"), "{}", follow.message());
}

#[tokio::test]
async fn a_session_idle_for_a_day_starts_fresh() {
    let app = TestApp::new().await;
    ask(&app, Some("old-chat"), "my jade plant is lovely").await;
    let day_ago = hariyali::domain::ids::now_ms() - 25 * 60 * 60 * 1000;
    sqlx::query("UPDATE assistant_sessions SET last_active_at = $1 WHERE id = $2")
        .bind(day_ago)
        .bind("old-chat")
        .execute(app.state.db.writer())
        .await
        .unwrap();
    let follow = ask(&app, Some("old-chat"), "how often should I water it?").await;
    assert!(!follow.message().contains("Jade"), "{}", follow.message());
    let removed = hariyali::store::assistant::purge_idle_sessions(&app.state.db, day_ago + 1)
        .await
        .unwrap();
    assert_eq!(removed, 0, "the session is active again");
}

#[tokio::test]
async fn off_topic_questions_are_declined_politely() {
    let app = TestApp::new().await;
    let res = ask(&app, None, "Who won the cricket world cup in 2011?").await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.message().contains("only help with plants"),
        "{}",
        res.message()
    );
}

#[tokio::test]
async fn empty_long_and_malformed_messages_are_refused_with_the_error_field() {
    let app = TestApp::new().await;
    assert_chat_error(
        &ask(&app, None, "   ").await,
        StatusCode::BAD_REQUEST,
        "at least one image",
    );
    let long = "water ".repeat(400);
    assert_chat_error(
        &ask(&app, None, &long).await,
        StatusCode::BAD_REQUEST,
        "2000 characters",
    );
    let exactly = "a".repeat(2000);
    assert_eq!(ask(&app, None, &exactly).await.status, StatusCode::OK);
    let res = app
        .post("/api/ai-chat/message", None, json!({ "message": "hi" }))
        .await;
    assert_chat_error(&res, StatusCode::BAD_REQUEST, "multipart/form-data");
    // Other endpoints keep their bodies as they were.
    let other = app.get("/api/plants/nope", None).await;
    assert!(other.body.get("error").is_none());
}

#[tokio::test]
async fn image_rules_say_which_rule_failed() {
    let app = TestApp::new().await;
    let leaf = assistant_images::jpeg_of(&assistant_images::healthy_leaf());
    let send = |form: Multipart| app.send(form.request(Method::POST, "/api/ai-chat/message", None));

    let gif =
        send(Multipart::new().file("images", "a.gif", "image/gif", b"GIF89a\x01\x00\x01\x00"))
            .await;
    assert_chat_error(
        &gif,
        StatusCode::BAD_REQUEST,
        "Image 1 is not a JPEG, PNG or WebP image",
    );
    assert!(gif
        .message()
        .contains("Please select valid image files (max 10MB each)."));

    // A text file named .jpg is judged by its bytes.
    let fake = send(Multipart::new().file("images", "leaf.jpg", "image/jpeg", b"just text")).await;
    assert_chat_error(&fake, StatusCode::BAD_REQUEST, "not a JPEG, PNG or WebP");

    let mut six = Multipart::new();
    for i in 0..6 {
        six = six.file("images", &format!("{i}.jpg"), "image/jpeg", &leaf);
    }
    assert_chat_error(
        &send(six).await,
        StatusCode::BAD_REQUEST,
        "At most 5 images",
    );

    let mut big = leaf.clone();
    big.resize(10 * 1024 * 1024 + 1, 0);
    assert_chat_error(
        &send(Multipart::new().file("images", "big.jpg", "image/jpeg", &big)).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "larger than 10 MB",
    );

    let bomb =
        send(Multipart::new().file("images", "bomb.png", "image/png", &common::png_bomb())).await;
    assert_chat_error(&bomb, StatusCode::BAD_REQUEST, "Image 1");
}

#[tokio::test]
async fn a_photo_answer_carries_measurements_and_the_matching_guide() {
    let app = TestApp::demo().await;
    let yellow = assistant_images::jpeg_of(&assistant_images::yellowing_leaf());
    let dark = assistant_images::jpeg_of(&assistant_images::dark_photo());
    let form = Multipart::new()
        .text("message", "what is wrong with my money plant?")
        .file("images", "1.jpg", "image/jpeg", &yellow)
        .file("images", "2.jpg", "image/jpeg", &dark);
    let res = app
        .send(form.request(Method::POST, "/api/ai-chat/message", None))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let answer = res.message();
    assert!(
        answer.contains("Photo 1:") && answer.contains("Photo 2:"),
        "{answer}"
    );
    assert!(answer.contains("Yellowing: "), "{answer}");
    assert!(answer.contains("too dark"), "{answer}");
    assert!(answer.contains("Yellow leaves:"), "guide cited: {answer}");
    assert!(answer.contains("toxic"), "{answer}");

    // Photos alone are a valid message too.
    let only = app
        .send(
            Multipart::new()
                .file("images", "1.jpg", "image/jpeg", &yellow)
                .request(Method::POST, "/api/ai-chat/message", None),
        )
        .await;
    assert_eq!(only.status, StatusCode::OK);
    assert!(only.message().contains("Yellowing"));
}

#[tokio::test]
async fn messages_are_rate_limited_per_client() {
    let app = TestApp::build(|c| c.ai_rate_per_minute = 3).await;
    for _ in 0..3 {
        assert_eq!(ask(&app, None, "hello").await.status, StatusCode::OK);
    }
    let limited = ask(&app, None, "hello").await;
    assert_chat_error(&limited, StatusCode::TOO_MANY_REQUESTS, "Too many messages");
    let retry: u64 = limited.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry));
}

/// What the fake model received: the Authorization header and the JSON body, per request.
type Received = Arc<Mutex<Vec<(Option<String>, Value)>>>;

/// A local server that speaks the chat-completions protocol, recording what it receives.
struct FakeModel {
    url: String,
    requests: Received,
}

async fn fake_model(behaviour: &'static str) -> FakeModel {
    let requests: Received = Arc::default();
    let seen = requests.clone();
    let handler = move |headers: axum::http::HeaderMap, Json(body): Json<Value>| {
        let seen = seen.clone();
        async move {
            let auth = headers
                .get("authorization")
                .map(|v| v.to_str().unwrap().to_string());
            seen.lock().unwrap().push((auth, body));
            match behaviour {
                "fail" => (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    Json(json!({"error": "boom"})),
                ),
                "hang" => {
                    tokio::time::sleep(Duration::from_secs(600)).await;
                    (StatusCode::OK, Json(json!({})))
                }
                _ => (
                    StatusCode::OK,
                    Json(json!({
                        "id": "chatcmpl-1", "object": "chat.completion",
                        "choices": [{ "index": 0, "finish_reason": "stop",
                            "message": { "role": "assistant", "content": "Water it sparingly:\n- Let the top soil dry first." } }]
                    })),
                ),
            }
        }
    };
    let router = Router::new().route("/v1/chat/completions", post(handler));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    FakeModel {
        url: format!("http://{addr}/v1"),
        requests,
    }
}

async fn app_with_model(model: &FakeModel) -> TestApp {
    let url = model.url.clone();
    TestApp::build(move |c| {
        c.demo = Some(hariyali::config::BoolFlag(true));
        c.ai_base_url = Some(url);
        c.ai_api_key = Some("test-key".into());
        c.ai_model = Some("plant-model".into());
        // The hanging model's test waits this long; the default is 20 s.
        c.ai_timeout_secs = 2;
    })
    .await
}

#[tokio::test]
async fn the_model_gets_grounded_facts_and_photos_and_its_answer_keeps_warnings() {
    let model = fake_model("ok").await;
    let app = app_with_model(&model).await;
    let leaf = assistant_images::jpeg_of(&assistant_images::yellowing_leaf());
    let form = Multipart::new()
        .text("message", "my money plant leaves are yellow")
        .file("images", "1.jpg", "image/jpeg", &leaf);
    let res = app
        .send(form.request(Method::POST, "/api/ai-chat/message", None))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let answer = res.message();
    assert!(answer.starts_with("Water it sparingly:"), "{answer}");
    // The model left out the toxicity warning: it is put back.
    assert!(answer.contains("toxic"), "{answer}");

    // And a shop link it dropped from a care answer is put back too.
    let care = ask(&app, None, "how do I look after a money plant?").await;
    assert!(care.message().starts_with("Water it sparingly:"));
    assert!(
        care.message().contains("In our shop:"),
        "{}",
        care.message()
    );
    assert!(care.message().contains("/plant/"), "{}", care.message());
    let care_prompt = model.requests.lock().unwrap()[1].1.clone();
    assert!(
        care_prompt["messages"][1]["content"].is_string(),
        "text-only prompts are plain strings"
    );

    let requests = model.requests.lock().unwrap();
    assert_eq!(requests.len(), 2);
    let (auth, body) = &requests[0];
    assert_eq!(auth.as_deref(), Some("Bearer test-key"));
    assert_eq!(body["model"], "plant-model");
    assert_eq!(body["messages"][0]["role"], "system");
    let parts = body["messages"][1]["content"]
        .as_array()
        .expect("text and image parts");
    let text = parts[0]["text"].as_str().unwrap();
    assert!(text.contains("my money plant leaves are yellow"));
    assert!(
        text.contains("Epipremnum aureum"),
        "engine facts in the prompt"
    );
    assert!(text.contains("Yellowing: "), "photo findings in the prompt");
    let url = parts[1]["image_url"]["url"].as_str().unwrap();
    assert!(url.starts_with("data:image/jpeg;base64,"));
}

/// Issue 16, item 9: the model gets the engine's typed reading, structured facts, safety
/// verdict and shop facts; a reply that drops the direct answer gets it back in front, and an
/// emergency never reaches the model.
#[tokio::test]
async fn the_model_gets_the_reading_and_keeps_the_direct_answer_and_safety() {
    let model = fake_model("ok").await;
    let app = app_with_model(&model).await;
    let res = ask(&app, Some("brief-1"), "I live in Chennai").await;
    assert_eq!(res.status, StatusCode::OK);
    let res = ask(&app, Some("brief-1"), "should I water my cactus every day?").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let answer = res.message();
    // The fake model answers "Water it sparingly: …", dropping the engine's "No": put back.
    assert!(answer.starts_with("No"), "{answer}");
    assert!(answer.contains("Water it sparingly:"), "{answer}");

    let requests = model.requests.lock().unwrap().clone();
    let prompt = requests.last().unwrap().1["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_string();
    for part in [
        "a yes/no question, in English",
        "Plants: Golden Barrel Cactus",
        "lives in Chennai",
        "Safety verdict: no emergency",
        "Direct answer (open your reply with this answer",
        "Structured care facts: Golden Barrel Cactus: water every",
        "Cash on Delivery only",
    ] {
        assert!(
            prompt.contains(part),
            "`{part}` missing from the prompt:\n{prompt}"
        );
    }

    // An emergency is answered by the engine alone, exactly as written.
    let before = requests.len();
    let res = ask(
        &app,
        None,
        "my toddler chewed a peace lily leaf and is drooling",
    )
    .await;
    assert!(res.message().contains("1800-116-117"), "{}", res.message());
    assert!(!res.message().contains("Water it sparingly"));
    assert_eq!(model.requests.lock().unwrap().len(), before);
}

#[tokio::test]
async fn a_failing_model_falls_back_to_the_engine_and_says_so() {
    let model = fake_model("fail").await;
    let app = app_with_model(&model).await;
    let res = ask(&app, None, "how much light does a snake plant need?").await;
    assert_eq!(res.status, StatusCode::OK);
    // The engine's own answer: the plant named and the light it needs.
    assert!(
        res.message().contains("Snake Plant") && res.message().contains("indirect light"),
        "{}",
        res.message()
    );
    assert!(
        res.message().contains("built-in plant-care guide"),
        "{}",
        res.message()
    );
    assert_eq!(model.requests.lock().unwrap().len(), 1);

    // Off-topic questions never reach the model.
    ask(&app, None, "what is the capital of France?").await;
    assert_eq!(model.requests.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_hanging_model_times_out_and_falls_back() {
    let model = fake_model("hang").await;
    let app = app_with_model(&model).await;
    let started = std::time::Instant::now();
    let res = ask(&app, None, "how to repot an aloe vera").await;
    let took = started.elapsed();
    assert_eq!(res.status, StatusCode::OK);
    assert!(
        res.message().contains("built-in plant-care guide"),
        "{}",
        res.message()
    );
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(10),
        "gave up after the configured 2 s: {took:?}"
    );
}
