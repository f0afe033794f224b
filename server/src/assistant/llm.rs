//! An optional language model behind an OpenAI-compatible chat-completions API (OpenAI,
//! Gemini's compatible endpoint, Ollama, vLLM, llama.cpp's server). It rewrites the
//! engine's grounded answer for the question at hand; it never answers without those facts,
//! and any failure leaves the engine's answer in place.

use std::time::Duration;

use base64::Engine as _;
use serde_json::{json, Value};

const SYSTEM_PROMPT: &str = "You are Hariyali's plant-care assistant for an online plant shop in India. \
Answer the customer's question using ONLY the facts given to you from Hariyali's plant-care knowledge base, \
the shop's catalogue and the photo measurements; if they do not cover something, say so rather than guess. \
Keep every safety warning about plants that are toxic to pets or children. Keep shop links exactly as written \
(paths like /plant/<id>) with their prices in rupees. Mention photo measurements with their numbers. \
When a direct answer is given, open your reply with that same answer (same yes or no, same numbers), \
then only the facts that support it, 40-150 words. Never offer products in reply to an emergency. \
Be warm, practical and concise. Format for a simple chat renderer: a line ending with ':' is a heading, \
lines starting with '- ' are bullets, '1. ' starts numbered steps, **bold** for emphasis, no tables, \
no other markdown. Reply in the customer's language: Hindi in Devanagari for Hindi, Hinglish in Latin script \
for Hinglish, otherwise English.";

#[derive(Debug, Clone)]
pub struct LlmClient {
    http: reqwest::Client,
    endpoint: String,
    api_key: Option<String>,
    model: String,
}

/// What the model is given for one message.
pub struct Grounding<'a> {
    pub question: &'a str,
    /// The engine's answer: knowledge-base facts, catalogue matches and photo findings.
    pub facts: &'a str,
    /// Downscaled JPEG copies of the usable photos.
    pub photos: &'a [Vec<u8>],
    pub hindi: bool,
    /// The engine's typed reading, structured facts, safety verdict, shop facts and direct
    /// answer (`assistant/brief.rs`).
    pub brief: &'a super::brief::Brief,
}

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("request failed: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("provider answered {0}")]
    Status(reqwest::StatusCode),
    #[error("the reply had no message content")]
    Empty,
}

impl LlmClient {
    /// A client when a base URL and a model are configured.
    pub fn from_config(
        base_url: Option<&str>,
        api_key: Option<&str>,
        model: Option<&str>,
        timeout: Duration,
    ) -> anyhow::Result<Option<LlmClient>> {
        let (Some(base), Some(model)) = (
            base_url.map(str::trim).filter(|s| !s.is_empty()),
            model.map(str::trim).filter(|s| !s.is_empty()),
        ) else {
            return Ok(None);
        };
        url::Url::parse(base)
            .map_err(|e| anyhow::anyhow!("HARIYALI_AI_BASE_URL is not a URL: {e}"))?;
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(Duration::from_secs(5))
            .build()?;
        Ok(Some(LlmClient {
            http,
            endpoint: format!("{}/chat/completions", base.trim_end_matches('/')),
            api_key: api_key
                .map(str::trim)
                .filter(|k| !k.is_empty())
                .map(str::to_string),
            model: model.to_string(),
        }))
    }

    pub fn model(&self) -> &str {
        &self.model
    }

    /// The request body sent for `grounding` (public for tests and the prompt's review).
    pub fn request_body(&self, grounding: &Grounding) -> Value {
        let language = grounding.brief.language;
        let language = if language.is_empty() {
            if grounding.hindi {
                "Hindi"
            } else {
                "English"
            }
        } else {
            language
        };
        let text = format!(
            "Customer's question:\n{}\n\nWhat Hariyali's engine understood and checked:\n{}\n\
             Facts from Hariyali's knowledge base, catalogue and photo analysis \
             (use these, keep warnings and links):\n{}\n\nAnswer in {language}.",
            if grounding.question.trim().is_empty() {
                "(no text, only photos)"
            } else {
                grounding.question
            },
            grounding.brief.render(),
            grounding.facts
        );
        let user_content = if grounding.photos.is_empty() {
            Value::String(text)
        } else {
            let mut parts = vec![json!({ "type": "text", "text": text })];
            for jpeg in grounding.photos {
                let url = format!(
                    "data:image/jpeg;base64,{}",
                    base64::engine::general_purpose::STANDARD.encode(jpeg)
                );
                parts.push(json!({ "type": "image_url", "image_url": { "url": url } }));
            }
            Value::Array(parts)
        };
        json!({
            "model": self.model,
            "messages": [
                { "role": "system", "content": SYSTEM_PROMPT },
                { "role": "user", "content": user_content },
            ],
            "temperature": 0.3,
            "max_tokens": 900,
            "stream": false,
        })
    }

    /// Asks the model; any transport error, error status, timeout or empty reply is an error.
    pub async fn complete(&self, grounding: &Grounding<'_>) -> Result<String, LlmError> {
        let mut request = self
            .http
            .post(&self.endpoint)
            .json(&self.request_body(grounding));
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await?;
        if !response.status().is_success() {
            return Err(LlmError::Status(response.status()));
        }
        let body: Value = response.json().await?;
        let content = body["choices"][0]["message"]["content"]
            .as_str()
            .map(str::trim)
            .unwrap_or_default();
        if content.is_empty() {
            return Err(LlmError::Empty);
        }
        Ok(content.to_string())
    }
}
