//! `/api/ai-chat`: one message (text and up to 5 photos) in, one answer out; sessions live in
//! the database so any instance can continue a chat. Errors carry their text in `error` too.

use axum::extract::multipart::{Field, Multipart, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::caller::MaybeUser;
use super::client_ip::ClientIp;
use super::extract::{AppPath, MSG_NUL_TEXT};
use super::notice::Notice;
use super::openapi::{BadRequest, NotFound, TooLarge, TooManyRequests};
use super::reply::{ChatReply, MessageReply};
use super::respond::ok;
use super::state::AppState;
use crate::assistant::engine::Question;
use crate::assistant::llm::Grounding;
use crate::assistant::memory::Memory;
use crate::assistant::photo::{analyse_bytes, AnalysedPhoto, Usability};
use crate::assistant::season::Season;
use crate::assistant::service::SESSION_IDLE_MS;
use crate::assistant::shop::OrderBrief;
use crate::domain::ids::now_ms;
use crate::error::{ApiError, ErrorCode};
use crate::media::images::sniff;
use crate::media::off_thread::ImageJob;
use crate::media::rejection::ImageRejection;
use crate::store::assistant as store;

pub const MAX_IMAGES: usize = 5;
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Five full-size photos plus the text fields and multipart framing.
pub const CHAT_BODY_LIMIT: usize = MAX_IMAGES * MAX_IMAGE_BYTES + 512 * 1024;
const MSG_BAD_IMAGES: &str = "Please select valid image files (max 10MB each).";
/// A message body up to this size carries no photo worth gating (text and session id).
const TEXT_ONLY_BODY: u64 = 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(message))
        .routes(routes!(end_session))
        .layer(DefaultBodyLimit::max(CHAT_BODY_LIMIT))
}

/// The chat form (`multipart/form-data`), as `read_form` reads it.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[schema(examples(json!({ "message": "How often should I water a snake plant?" })))]
pub struct ChatFormFields {
    /// The question, at most 2,000 characters; may be empty when images are sent.
    pub message: Option<String>,
    /// The session to continue; a new one is made when left out or unknown.
    pub session_id: Option<String>,
    /// 0 to 5 photos (JPEG, PNG or WebP), at most 10 MB each.
    #[schema(value_type = Vec<String>, format = Binary, max_items = 5)]
    pub images: Vec<Vec<u8>>,
}

/// An error of the chat endpoints: the contract's body plus the `error` field.
pub struct ChatError(ApiError);

impl<E: Into<ApiError>> From<E> for ChatError {
    fn from(err: E) -> Self {
        ChatError(err.into())
    }
}

impl IntoResponse for ChatError {
    fn into_response(self) -> Response {
        self.0.into_chat_response()
    }
}

type ChatResult<T> = Result<T, ChatError>;

fn bad(message: impl Into<String>) -> ChatError {
    ChatError(ApiError::bad_request(
        ErrorCode::InvalidChatMessage,
        message,
    ))
}

/// The parts of a chat message form, its photos already analysed.
struct ChatForm {
    text: String,
    session_id: Option<String>,
    photos: Vec<AnalysedPhoto>,
}

#[utoipa::path(post, path = "/message", tag = "ai-chat",
    request_body(content = ChatFormFields, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The assistant's answer", body = ChatReply),
        BadRequest, TooLarge, TooManyRequests,
    ))]
async fn message(
    State(state): State<AppState>,
    client: ClientIp,
    MaybeUser(caller): MaybeUser,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> ChatResult<Response> {
    let started = std::time::Instant::now();
    if let Err(wait) = state.assistant.allow_message(&client.0) {
        // Refused before the body is read. The retry will be charged for its photos too, so
        // the wait must cover them: read the form into nothing (memory-free) to count them.
        // That also lets a client still sending see the 429 rather than a closed connection.
        let photos = match multipart {
            Ok(mut multipart) => count_remaining_photos(&mut multipart).await,
            Err(_) => 0,
        };
        return Err(too_many_messages(
            state.assistant.retry_wait(wait, photos.min(MAX_IMAGES)),
        ));
    }
    let multipart = multipart.map_err(|_| {
        bad("Send the message as multipart/form-data with the fields message, sessionId and images.")
    })?;
    // Photos wait for a place before their bytes are read (bodies of unknown length too).
    let declared: Option<u64> = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let mut multipart = multipart;
    let _place = if declared.is_some_and(|n| n <= TEXT_ONLY_BODY) {
        None
    } else {
        match state.assistant.photo_gate.enter().await {
            Some(place) => Some(place),
            None => {
                // Read the rest of the upload into nothing (memory-free) before answering:
                // a client still sending when the connection closes never sees the 503.
                count_remaining_photos(&mut multipart).await;
                return Err(ChatError(ApiError::Unavailable(
                    "The assistant is busy looking at other photos. Please try again in a few seconds."
                        .into(),
                )));
            }
        }
    };
    let form = read_form(&state, &client.0, multipart).await?;
    if form.text.trim().is_empty() && form.photos.is_empty() {
        return Err(bad("Please type a question or attach at least one image."));
    }

    let session_id = form
        .session_id
        .filter(|id| valid_session_id(id))
        .unwrap_or_else(|| format!("chat-{}", uuid::Uuid::now_v7().simple()));
    let now = now_ms();
    let memory: Memory = store::load_session(&state.db, &session_id, now - SESSION_IDLE_MS)
        .await?
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default();

    let photos = form.photos;
    let reports: Vec<_> = photos.iter().map(|p| p.report.clone()).collect();
    let catalogue = store::live_plants(&state.db).await?;
    // Only the caller's own orders, and only when the message asks about orders.
    let orders: Option<Vec<OrderBrief>> = match caller {
        Some(user) if state.assistant.engine().asks_order_status(form.text.trim()) => Some(
            crate::store::orders::list_for_user(&state.db, &user.id)
                .await?
                .into_iter()
                .map(order_brief)
                .collect(),
        ),
        _ => None,
    };
    let answer = state.assistant.engine().answer(&Question {
        text: form.text.trim(),
        photos: &reports,
        memory: &memory,
        month: Season::current_month_in_india(),
        catalogue: &catalogue,
        orders: orders.as_deref(),
    });

    let mut text = answer.text.clone();
    let mut kind = if answer.safety.is_some() {
        "safety"
    } else if answer.on_topic {
        "engine"
    } else {
        "off_topic"
    };
    // A safety answer goes out exactly as the engine wrote it.
    if let (Some(llm), true) = (
        state.assistant.llm(),
        answer.on_topic && answer.safety.is_none(),
    ) {
        let previews: Vec<Vec<u8>> = photos
            .into_iter()
            .filter(|p| p.report.usability == Usability::Usable)
            .filter_map(|p| p.preview_jpeg)
            .collect();
        let grounding = Grounding {
            question: form.text.trim(),
            facts: &answer.text,
            photos: &previews,
            hindi: answer.hindi,
            brief: &answer.brief,
        };
        match llm.complete(&grounding).await {
            Ok(reply) => {
                kind = "model";
                let reply =
                    crate::assistant::brief::keep_direct(reply, answer.brief.direct.as_deref());
                text = keep_safety_and_links(reply, &answer);
            }
            Err(err) => {
                kind = "model_failed";
                tracing::warn!(error = %err, model = llm.model(), "AI provider failed; answering from the embedded engine");
                text = format!("{}\n\n{}", text, fallback_note(answer.hindi));
            }
        }
    }

    let state_json = serde_json::to_string(&answer.memory).map_err(anyhow::Error::from)?;
    store::save_session(&state.db, &session_id, &state_json, now).await?;
    if state.assistant.purge_due(now) {
        let removed = store::purge_idle_sessions(&state.db, now - SESSION_IDLE_MS).await?;
        tracing::debug!(removed, "idle assistant sessions removed");
    }
    crate::metrics::assistant_answer(kind, started.elapsed());
    Ok(ok(ChatReply {
        success: true,
        message: text,
        session_id,
    }))
}

fn order_brief(order: crate::store::orders::Order) -> OrderBrief {
    OrderBrief {
        id: order.id,
        status: order.status.as_str().to_string(),
        placed: order.created_at,
        items: order
            .items
            .into_iter()
            .map(|i| (i.plant_name, i.quantity))
            .collect(),
        total: order.total,
    }
}

fn too_many_messages(wait: std::time::Duration) -> ChatError {
    crate::metrics::rate_limited("assistant");
    ChatError(ApiError::TooManyRequests {
        message: "Too many messages. Please wait a moment and try again.".into(),
        retry_after_secs: wait.as_secs_f64().ceil() as u64,
    })
}

#[utoipa::path(delete, path = "/session/{session_id}", tag = "ai-chat",
    params(("session_id" = String, Path, description = "The chat's session id")),
    responses(
        (status = 200, description = "Session forgotten", body = MessageReply),
        BadRequest, NotFound,
    ))]
async fn end_session(
    State(state): State<AppState>,
    AppPath(session_id): AppPath<String>,
) -> ChatResult<Response> {
    if !valid_session_id(&session_id) {
        return Err(bad("Invalid session id."));
    }
    store::delete_session(&state.db, &session_id).await?;
    Ok(ok(MessageReply::new(Notice::ChatCleared)))
}

/// Ids the web app makes up (uuid, `session_<time>`…), kept to a safe alphabet and length.
fn valid_session_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
}

/// Reads the form part by part. Each photo is charged to the client and handed to the
/// analysis as soon as its part has arrived, and its bytes are dropped once analysed: while
/// one photo is analysed the next is received, so a message holds at most two photos' bytes
/// (not five) and one decode at a time.
async fn read_form(
    state: &AppState,
    client: &str,
    mut multipart: Multipart,
) -> ChatResult<ChatForm> {
    let mut form = ChatForm {
        text: String::new(),
        session_id: None,
        photos: Vec::new(),
    };
    let want_preview = state.assistant.llm().is_some();
    let mut received = 0;
    let mut analysing: Option<Analysis> = None;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        match name.as_str() {
            name if is_photo_field(name) => {
                let number = received + 1;
                let bytes = read_photo(field, number).await?;
                // A file input left empty still sends a part with no bytes.
                if bytes.is_empty() {
                    continue;
                }
                if received == MAX_IMAGES {
                    return Err(bad(format!(
                        "At most {MAX_IMAGES} images can be sent with one message."
                    )));
                }
                if sniff(&bytes).is_none() {
                    return Err(bad(format!(
                        "Image {number} is not a JPEG, PNG or WebP image. {MSG_BAD_IMAGES}"
                    )));
                }
                received = number;
                if let Err(wait) = state.assistant.charge_photo(client, number) {
                    drop(bytes);
                    let photos = number + count_remaining_photos(&mut multipart).await;
                    return Err(too_many_messages(
                        state.assistant.retry_wait(wait, photos.min(MAX_IMAGES)),
                    ));
                }
                if let Some(previous) = analysing.take() {
                    form.photos.push(previous.finish().await?);
                }
                analysing = Some(Analysis::start(state, number, bytes, want_preview).await?);
            }
            "message" => {
                form.text = text_field(field).await?;
                // Refused before any photo that follows is decoded.
                if form.text.chars().count() > MAX_MESSAGE_CHARS {
                    return Err(bad(format!(
                        "Message is too long: at most {MAX_MESSAGE_CHARS} characters."
                    )));
                }
            }
            "sessionId" => {
                let id = text_field(field).await?;
                let id = id.trim();
                if !id.is_empty() {
                    form.session_id = Some(id.to_string());
                }
            }
            _ => {}
        }
    }
    if let Some(last) = analysing.take() {
        form.photos.push(last.finish().await?);
    }
    crate::metrics::photo_analysed(form.photos.len());
    Ok(form)
}

fn is_photo_field(name: &str) -> bool {
    matches!(name, "images" | "images[]" | "image")
}

/// One photo's bytes, refused past 10 MB. The chunks are kept as they arrive and joined once
/// into a buffer of the exact size (a growing buffer would reserve up to twice the photo).
async fn read_photo(mut field: Field<'_>, number: usize) -> ChatResult<Vec<u8>> {
    let mut chunks = Vec::new();
    let mut size = 0;
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        size += chunk.len();
        if size > MAX_IMAGE_BYTES {
            return Err(ChatError(ApiError::PayloadTooLarge(
                ErrorCode::TooLarge,
                format!("Image {number} is larger than 10 MB. {MSG_BAD_IMAGES}"),
            )));
        }
        chunks.push(chunk);
    }
    let mut bytes = Vec::with_capacity(size);
    for chunk in chunks {
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// Reads what is left of a form into nothing (each chunk dropped as it arrives), counting
/// its photos. An unreadable rest counts as the most photos a message may carry.
async fn count_remaining_photos(multipart: &mut Multipart) -> usize {
    let mut photos = 0;
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => return photos,
            Err(_) => return MAX_IMAGES,
        };
        let photo = is_photo_field(field.name().unwrap_or_default());
        let mut size = 0;
        loop {
            match field.chunk().await {
                Ok(Some(chunk)) => size += chunk.len(),
                Ok(None) => break,
                Err(_) => return MAX_IMAGES,
            }
        }
        if photo && size > 0 {
            photos += 1;
        }
    }
}

/// A photo being decoded and measured on a blocking thread. The thread holds one of the
/// shared image permits (one per core, for the whole process) until it is done, even when
/// the request is abandoned, so a burst of messages never decodes more photos at once than
/// there are cores.
struct Analysis {
    number: usize,
    job: ImageJob<Result<AnalysedPhoto, ImageRejection>>,
}

impl Analysis {
    async fn start(
        state: &AppState,
        number: usize,
        bytes: Vec<u8>,
        want_preview: bool,
    ) -> ChatResult<Analysis> {
        let job = ImageJob::start(&state.image_permits, move || {
            analyse_bytes(&bytes, want_preview)
        })
        .await
        .map_err(ApiError::Internal)?;
        Ok(Analysis { number, job })
    }

    async fn finish(self) -> ChatResult<AnalysedPhoto> {
        let analysed = self.job.finish().await.map_err(ApiError::Internal)?;
        analysed.map_err(|rejection| {
            bad(format!(
                "Image {}: {} {MSG_BAD_IMAGES}",
                self.number,
                rejection.reason()
            ))
        })
    }
}

/// A text part of the form; U+0000 is refused (see `MSG_NUL_TEXT`).
async fn text_field(field: Field<'_>) -> ChatResult<String> {
    let text = field.text().await.map_err(multipart_error)?;
    if text.contains('\0') {
        return Err(bad(MSG_NUL_TEXT));
    }
    Ok(text)
}

fn multipart_error(err: MultipartError) -> ChatError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ChatError(ApiError::PayloadTooLarge(
            ErrorCode::TooLarge,
            format!("The message is too large: at most {MAX_IMAGES} images of 10 MB each."),
        ))
    } else {
        bad("The message form could not be read. Please try again.")
    }
}

/// A model may drop what must stay: safety warnings and the shop's links.
fn keep_safety_and_links(reply: String, answer: &crate::assistant::Answer) -> String {
    let mut text = reply;
    let lower = text.to_lowercase();
    let warned = lower.contains("toxic") || text.contains("ज़हरीला");
    if !answer.warnings.is_empty() && !warned {
        text.push_str("\n\n");
        text.push_str(&answer.warnings.join("\n\n"));
    }
    if !answer.shop_lines.is_empty() && !text.contains("/plant/") {
        let heading = if answer.hindi {
            "हमारी दुकान में:"
        } else {
            "In our shop:"
        };
        text.push_str(&format!("\n\n{heading}\n\n"));
        let lines: Vec<String> = answer
            .shop_lines
            .iter()
            .map(|l| {
                let l = l.trim_start_matches("- ");
                format!("- {l}")
            })
            .collect();
        text.push_str(&lines.join("\n"));
    }
    text
}

fn fallback_note(hindi: bool) -> &'static str {
    if hindi {
        "(AI मॉडल से अभी जवाब नहीं मिल पाया, इसलिए यह जवाब हरियाली की अपनी पौध-देखभाल गाइड से है।)"
    } else {
        "(The AI model could not be reached just now, so this answer comes from Hariyali's built-in plant-care guide.)"
    }
}
