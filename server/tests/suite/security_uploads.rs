//! Attacks through uploads: bodies over the limits (refused through a real socket before
//! they are read), decompression bombs, polyglots and files in disguise, and photo location
//! data (never stored).

use crate::assistant_images;
use crate::common;

use std::io::Cursor;
use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{jpeg, png, Multipart, TestApp, TestResponse};
use image::ImageDecoder;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const PLANT_FORMAT: &str = "Image must be in JPEG, PNG, or WebP format";
const CHAT_IMAGES: &str = "Please select valid image files (max 10MB each).";

// ------------------------------------------------------------------ a real socket

/// Serves `app` on a free local port until the returned sender is dropped.
async fn serve(app: &TestApp) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    app.serve_on_loopback().await
}

/// What came back on the socket, and how much of the body the client had sent by then.
struct Answer {
    status: u16,
    text: String,
    sent: usize,
}

/// Sends `head`, then up to `body_len` bytes of `body` from a writer task that stops when
/// the server closes, while reading the answer. The server must answer within 10 s.
async fn exchange(addr: SocketAddr, head: String, body: Vec<u8>, then_stall: bool) -> Answer {
    let stream = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let sent = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = sent.clone();
    let writing = tokio::spawn(async move {
        if writer.write_all(head.as_bytes()).await.is_err() {
            return;
        }
        for piece in body.chunks(16 * 1024) {
            if writer.write_all(piece).await.is_err() {
                return;
            }
            counter.fetch_add(piece.len(), std::sync::atomic::Ordering::Relaxed);
        }
        if then_stall {
            // Never finish the body: only an early answer can end the exchange.
            tokio::time::sleep(Duration::from_secs(60)).await;
        }
    });
    let mut raw = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), async {
        let mut buf = [0u8; 8192];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
            }
            if complete(&raw) {
                break;
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server waited for the rest of the body");
    writing.abort();
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer: {text:?}"));
    Answer {
        status,
        text,
        sent: sent.load(std::sync::atomic::Ordering::Relaxed),
    }
}

/// True once the headers and the whole `Content-Length` body have arrived.
fn complete(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw);
    let Some(end) = text.find("\r\n\r\n") else {
        return false;
    };
    let length = text[..end]
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    raw.len() >= end + 4 + length
}

fn head(
    method: &str,
    path: &str,
    token: Option<&str>,
    content_type: &str,
    framing: &str,
) -> String {
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\n{auth}Content-Type: {content_type}\r\n{framing}\r\n")
}

/// `body` in HTTP chunked framing (without the final empty chunk: the stream never ends).
fn chunked(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for piece in body.chunks(32 * 1024) {
        out.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
        out.extend_from_slice(piece);
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// The opening of a multipart form with one file field of `size` bytes (after a JPEG start).
fn multipart_with_file(field: &str, size: usize) -> (String, Vec<u8>) {
    let boundary = "----hariyaliattack";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nIs my plant ok?\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").into_bytes();
    let mut file = jpeg(32, 32);
    file.resize(size, 0x55);
    body.extend_from_slice(&file);
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declared_length_over_the_limit_is_refused_before_the_body_is_read() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (addr, _stop) = serve(&app).await;
    let kb = vec![b'a'; 1024];

    // JSON: 64 KB.
    let json = exchange(
        addr,
        head(
            "POST",
            "/api/auth/login",
            None,
            "application/json",
            "Content-Length: 1048576\r\n",
        ),
        kb.clone(),
        true,
    )
    .await;
    assert_eq!(json.status, 413, "{}", json.text);
    assert!(json.text.contains("\"success\":false"), "{}", json.text);
    assert!(
        json.text.contains("Request body is too large."),
        "{}",
        json.text
    );

    // The admin plant form: 5 MB and the text fields.
    let plant = exchange(
        addr,
        head(
            "POST",
            "/api/plants",
            Some(&admin),
            "multipart/form-data; boundary=x",
            "Content-Length: 6000000\r\n",
        ),
        kb.clone(),
        true,
    )
    .await;
    assert_eq!(plant.status, 413, "{}", plant.text);
    assert!(
        plant.text.contains("Image size cannot exceed 5MB"),
        "{}",
        plant.text
    );
    let edit = exchange(
        addr,
        head(
            "PUT",
            "/api/plants/PL-1001",
            Some(&admin),
            "multipart/form-data; boundary=x",
            "Content-Length: 6000000\r\n",
        ),
        kb.clone(),
        true,
    )
    .await;
    assert_eq!(edit.status, 413, "{}", edit.text);

    // The assistant: five photos of 10 MB and the text; its errors repeat the text in `error`.
    let chat = exchange(
        addr,
        head(
            "POST",
            "/api/ai-chat/message",
            None,
            "multipart/form-data; boundary=x",
            "Content-Length: 60000000\r\n",
        ),
        kb,
        true,
    )
    .await;
    assert_eq!(chat.status, 413, "{}", chat.text);
    assert!(chat.text.contains("\"error\":"), "{}", chat.text);
    assert!(chat.text.contains(CHAT_IMAGES), "{}", chat.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_body_is_cut_off_at_the_limit() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (addr, _stop) = serve(&app).await;
    let chunked_head = |method, path, token, content_type| {
        head(
            method,
            path,
            token,
            content_type,
            "Transfer-Encoding: chunked\r\n",
        )
    };

    // JSON: a 64 KB limit, 8 MB offered and never finished.
    let mut json = b"{\"email\":\"".to_vec();
    json.resize(8 * 1024 * 1024, b'a');
    let answer = exchange(
        addr,
        chunked_head("POST", "/api/auth/login", None, "application/json"),
        chunked(&json),
        true,
    )
    .await;
    assert_eq!(answer.status, 413, "{}", answer.text);
    assert!(answer.text.contains("Request body is too large."));
    assert!(
        answer.sent < json.len(),
        "answered only after the whole body"
    );

    // The plant form: an image growing past 5 MB (64 MB offered).
    let (content_type, form) = multipart_with_file("image", 64 * 1024 * 1024);
    let answer = exchange(
        addr,
        chunked_head("POST", "/api/plants", Some(&admin), &content_type),
        chunked(&form),
        true,
    )
    .await;
    assert_eq!(answer.status, 413, "{}", answer.text);
    assert!(answer.text.contains("Image size cannot exceed 5MB"));
    assert!(
        answer.sent < form.len(),
        "answered only after the whole body"
    );

    // The assistant: one photo growing past 10 MB (64 MB offered).
    let (content_type, form) = multipart_with_file("images", 64 * 1024 * 1024);
    let answer = exchange(
        addr,
        chunked_head("POST", "/api/ai-chat/message", None, &content_type),
        chunked(&form),
        true,
    )
    .await;
    assert_eq!(answer.status, 413, "{}", answer.text);
    assert!(answer.text.contains("larger than 10 MB"), "{}", answer.text);
    assert!(
        answer.sent < form.len(),
        "answered only after the whole body"
    );
}

#[tokio::test]
async fn bodies_within_a_raised_limit_still_pass() {
    // The up-front check knows each route's own limit: a 300 KB photo is fine for the
    // assistant and the plant form although JSON stops at 64 KB.
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let photo = noisy_jpeg(400, 300, 100);
    assert!(photo.len() > 64 * 1024, "{}", photo.len());
    let chat = app
        .send(
            Multipart::new()
                .text("message", "What is wrong with this leaf?")
                .file("images", "leaf.jpg", "image/jpeg", &photo)
                .request(Method::POST, "/api/ai-chat/message", None),
        )
        .await;
    assert_eq!(chat.status, StatusCode::OK, "{:?}", chat.body);
    let plant = app
        .send(
            Multipart::plant("Noisy Fern")
                .file("image", "fern.jpg", "image/jpeg", &photo)
                .request(Method::POST, "/api/plants", Some(&admin)),
        )
        .await;
    assert_eq!(plant.status, StatusCode::CREATED, "{:?}", plant.body);
}

// ------------------------------------------------------------------ bombs and polyglots

/// A JPEG of random-looking pixels (hard to compress).
fn noisy_jpeg(width: u32, height: u32, quality: u8) -> Vec<u8> {
    let mut state = 0x2545_f491_u32;
    let img = image::RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [a, b, c, _] = state.to_le_bytes();
        image::Rgb([a, b / 2 + 100, c / 3])
    });
    let mut out = Cursor::new(Vec::new());
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(&img)
        .unwrap();
    out.into_inner()
}

fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

/// A PNG of a few hundred bytes whose header declares `width` × `height` pixels.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    png_chunk(&mut out, b"IHDR", &ihdr);
    // One compressed row of zeros, repeated by nothing: a decoder must allocate first.
    png_chunk(
        &mut out,
        b"IDAT",
        &[0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01],
    );
    png_chunk(&mut out, b"IEND", &[]);
    out
}

/// A small real JPEG whose frame header is rewritten to declare `width` × `height`.
fn jpeg_declaring(width: u16, height: u16) -> Vec<u8> {
    let mut bytes = jpeg(16, 16);
    let sof = bytes
        .windows(2)
        .position(|w| w[0] == 0xFF && matches!(w[1], 0xC0 | 0xC2))
        .expect("a frame header");
    bytes[sof + 5..sof + 7].copy_from_slice(&height.to_be_bytes());
    bytes[sof + 7..sof + 9].copy_from_slice(&width.to_be_bytes());
    bytes
}

/// An extended WebP (VP8X) whose canvas is `width` × `height` (at most 2^24 each).
fn webp_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut vp8x = vec![0u8; 4];
    vp8x.extend_from_slice(&(width - 1).to_le_bytes()[..3]);
    vp8x.extend_from_slice(&(height - 1).to_le_bytes()[..3]);
    let mut body = b"WEBP".to_vec();
    body.extend_from_slice(b"VP8X");
    body.extend_from_slice(&(vp8x.len() as u32).to_le_bytes());
    body.extend_from_slice(&vp8x);
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

fn webp(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([x as u8, 150, y as u8]));
    webp::Encoder::from_rgb(img.as_raw(), width, height)
        .encode(80.0)
        .to_vec()
}

fn appended(mut image: Vec<u8>, payload: &[u8]) -> Vec<u8> {
    image.extend_from_slice(payload);
    image
}

/// Every hostile file, named as a harmless photo.
fn hostile_files() -> Vec<(&'static str, Vec<u8>)> {
    let html = b"<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
    let zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00payload.js\x00\x00PK\x05\x06\x00\x00\x00\x00";
    vec![
        ("PNG bomb 50000 x 50000", png_declaring(50_000, 50_000)),
        ("PNG over 50 megapixels", png_declaring(9_000, 9_000)),
        ("JPEG bomb 60000 x 60000", jpeg_declaring(60_000, 60_000)),
        ("WebP bomb 16384 x 16384", webp_declaring(16_384, 16_384)),
        ("JPEG with HTML appended", appended(jpeg(64, 64), html)),
        ("JPEG with a ZIP appended", appended(jpeg(64, 64), zip)),
        ("PNG with a script appended", appended(png(64, 64), b"<script>alert(1)</script>")),
        ("PNG with a ZIP appended", appended(png(64, 64), zip)),
        ("WebP with HTML appended", appended(webp(64, 64), html)),
        ("HTML named .jpg", html.to_vec()),
        (
            "SVG named .jpg",
            br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>"#.to_vec(),
        ),
        ("GIF named .jpg", b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec()),
    ]
}

#[tokio::test]
async fn bombs_and_polyglots_are_refused_on_the_plant_form() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    for (what, bytes) in hostile_files() {
        let res = app
            .send(
                Multipart::plant("Hostile Plant")
                    .file("image", "photo.jpg", "image/jpeg", &bytes)
                    .request(Method::POST, "/api/plants", Some(&admin)),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{what}: {:?}",
            res.body
        );
        assert_eq!(res.error_fields(), ["image"], "{what}");
        assert!(
            res.error_messages()[0].starts_with(PLANT_FORMAT),
            "{what}: {:?}",
            res.error_messages()
        );
    }
    assert_eq!(app.get("/api/plants", None).await.body["total"], 0);
    assert_eq!(common::media_files(&app), 0);
}

#[tokio::test]
async fn bombs_and_polyglots_are_refused_by_the_assistant() {
    let app = TestApp::new().await;
    for (what, bytes) in hostile_files() {
        let res: TestResponse = app
            .send(
                Multipart::new()
                    .text("message", "Why are the leaves yellow?")
                    .file("images", "leaf.jpg", "image/jpeg", &bytes)
                    .request(Method::POST, "/api/ai-chat/message", None),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{what}: {:?}",
            res.body
        );
        assert!(
            res.message().starts_with("Image 1"),
            "{what}: {}",
            res.message()
        );
        assert!(
            res.message().ends_with(CHAT_IMAGES),
            "{what}: {}",
            res.message()
        );
        assert_eq!(res.body["error"], res.body["message"], "{what}");
    }
}

#[tokio::test]
async fn clean_photos_of_each_format_still_pass() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let leaf = assistant_images::healthy_leaf();
    for (plant, (name, bytes)) in ["Clean Fern", "Clean Palm", "Clean Ivy"].into_iter().zip([
        ("jpg", assistant_images::jpeg_of(&leaf)),
        (
            "png",
            assistant_images::encode(&leaf, image::ImageFormat::Png),
        ),
        ("webp", webp(320, 240)),
    ]) {
        let res = app
            .send(
                Multipart::plant(plant)
                    .file("image", &format!("p.{name}"), "image/*", &bytes)
                    .request(Method::POST, "/api/plants", Some(&admin)),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{name}: {:?}", res.body);
    }
}

// ------------------------------------------------------------------ location data

/// An APP1 segment with EXIF that places the photo at 12°58'N 77°35'E (Bengaluru).
fn gps_exif_segment() -> Vec<u8> {
    let mut tiff = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    // IFD0: one entry, GPSInfo (0x8825, LONG) pointing at the GPS IFD at offset 26.
    tiff.extend_from_slice(&1u16.to_be_bytes());
    tiff.extend_from_slice(&[0x88, 0x25, 0x00, 0x04, 0, 0, 0, 1, 0, 0, 0, 26]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    // GPS IFD at 26: latitude ref N, latitude, longitude ref E, longitude.
    tiff.extend_from_slice(&4u16.to_be_bytes());
    let values = 26 + 2 + 4 * 12 + 4;
    tiff.extend_from_slice(&[0x00, 0x01, 0x00, 0x02, 0, 0, 0, 2, b'N', 0, 0, 0]);
    tiff.extend_from_slice(&[0x00, 0x02, 0x00, 0x05, 0, 0, 0, 3]);
    tiff.extend_from_slice(&(values as u32).to_be_bytes());
    tiff.extend_from_slice(&[0x00, 0x03, 0x00, 0x02, 0, 0, 0, 2, b'E', 0, 0, 0]);
    tiff.extend_from_slice(&[0x00, 0x04, 0x00, 0x05, 0, 0, 0, 3]);
    tiff.extend_from_slice(&(values as u32 + 24).to_be_bytes());
    tiff.extend_from_slice(&0u32.to_be_bytes());
    for (num, den) in [
        (12u32, 1u32),
        (58, 1),
        (3000, 100),
        (77, 1),
        (35, 1),
        (1200, 100),
    ] {
        tiff.extend_from_slice(&num.to_be_bytes());
        tiff.extend_from_slice(&den.to_be_bytes());
    }
    let mut payload = b"Exif\x00\x00".to_vec();
    payload.extend_from_slice(&tiff);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    segment.extend_from_slice(&payload);
    segment
}

fn exif_of(bytes: &[u8]) -> Option<Vec<u8>> {
    let format = image::guess_format(bytes).unwrap();
    let mut decoder = image::ImageReader::with_format(Cursor::new(bytes), format)
        .into_decoder()
        .unwrap();
    decoder.exif_metadata().unwrap()
}

#[tokio::test]
async fn stored_photos_carry_no_location() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let plain = jpeg(1600, 1200);
    let mut photo = plain[..2].to_vec();
    photo.extend_from_slice(&gps_exif_segment());
    photo.extend_from_slice(&plain[2..]);
    let exif = exif_of(&photo).expect("the upload carries EXIF");
    assert!(
        exif.windows(2).any(|w| w == [0x88, 0x25]),
        "with a GPS entry"
    );

    let res = app
        .send(
            Multipart::plant("Located Fern")
                .file("image", "fern.jpg", "image/jpeg", &photo)
                .request(Method::POST, "/api/plants", Some(&admin)),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);

    let dir = app.dir.path().join("media").join("plants");
    let stored: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(stored.len(), 2, "the card and detail sizes: {stored:?}");
    for path in stored {
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(exif_of(&bytes), None, "{}", path.display());
        for marker in [&b"Exif"[..], b"EXIF", b"XMP ", b"MM\x00\x2a"] {
            assert!(
                !bytes.windows(marker.len()).any(|w| w == marker),
                "{} holds {:?}",
                path.display(),
                String::from_utf8_lossy(marker)
            );
        }
    }
}
