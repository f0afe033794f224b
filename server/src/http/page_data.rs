//! The API answer a landing page starts with, carried inside its HTML (issue 21).
//!
//! A first visit to `/catalogue` or `/plant/{id}` used to wait for the app's JavaScript, then
//! for `GET /api/plants…`, then for the picture. The server now asks its own API for the very
//! request the app will make (same URL, anonymous: these answers are the same for everyone)
//! and puts
//! - in the head, a `<link rel=preload as=image fetchpriority=high>` of the page's largest
//!   picture (the first card's, the plant's) and a `<meta name="hariyali-data">` naming the
//!   API URL, so the landing script (web/src/lib/landing.ts) does not fetch it again;
//! - at the end of the body, `<script type="application/json" id="hariyali-data">` holding
//!   `{"url": …, "body": …}`, which the app puts into its query cache before the first render.
//!
//! The answer comes from the API router itself ([`api_body`]), so the bytes are the ones the
//! API would send and the catalogue's response cache serves them. JSON inside a script
//! element is made safe by escaping `<`, `>` and `&` (which JSON allows only inside strings)
//! as `\u003c`, `\u003e`, `\u0026`: no `</script>` or `<!--` can appear, whatever a plant's
//! name holds.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use tower::ServiceExt;

use super::state::AppState;

/// The element id of the data and the name of the head's meta.
/// The end of the server-rendered head in `index.html` (the page data goes before `</body>`).
pub const HEAD_END: &str = "<!--/hariyali:head-->";
pub const DATA_ID: &str = "hariyali-data";
/// The largest API answer carried in a page; above it the app asks for it itself.
const MAX_INLINE_BYTES: usize = 256 * 1024;

/// What the page routes need: the state, and the API to ask for a page's data.
#[derive(Clone)]
pub struct Pages {
    pub state: AppState,
    pub api: Router,
}

/// Which picture of the answer the page shows largest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// `plants[0].thumbnail`, else its `image`: the catalogue's first card.
    FirstCard,
    /// `plant.image`, else its `thumbnail`: the plant page's picture.
    Plant,
}

/// An API answer ready to be put into a page.
pub struct PageData {
    head: String,
    body: String,
}

impl PageData {
    /// `None` when `body` is not JSON (never for the API's 200 answers).
    pub fn new(url: &str, body: &[u8], picture: Picture) -> Option<PageData> {
        serde_json::from_slice::<serde::de::IgnoredAny>(body).ok()?;
        let text = std::str::from_utf8(body).ok()?;
        let mut head = format!(
            "<meta name=\"{DATA_ID}\" content=\"{}\">",
            escape_attribute(url)
        );
        if let Some(src) = picture_of(body, picture) {
            head.push_str(&format!(
                "\n<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\">",
                escape_attribute(&src)
            ));
        }
        let json = format!(
            "{{\"url\":{},\"body\":{}}}",
            serde_json::to_string(url).ok()?,
            text
        );
        let body = format!(
            "<script type=\"application/json\" id=\"{DATA_ID}\">{}</script>",
            escape_json_for_script(&json)
        );
        Some(PageData { head, body })
    }

    /// The head part (the meta and the picture's preload).
    pub fn head(&self) -> &str {
        &self.head
    }

    /// `page` with the head part before the end of its head block (or of `<head>`) and the
    /// data element before `</body>`; a page without those places is returned as it is.
    pub fn insert_into(&self, page: &str) -> String {
        let head_at = page.find(HEAD_END).or_else(|| page.find("</head>"));
        let body_at = page.rfind("</body>");
        match (head_at, body_at) {
            (Some(h), Some(b)) if h < b => {
                let mut out =
                    String::with_capacity(page.len() + self.head.len() + self.body.len() + 2);
                out.push_str(&page[..h]);
                out.push_str(&self.head);
                out.push('\n');
                out.push_str(&page[h..b]);
                out.push_str(&self.body);
                out.push('\n');
                out.push_str(&page[b..]);
                out
            }
            _ => page.to_string(),
        }
    }
}

/// GETs `url` from the API as an anonymous client that takes no compression; the body of a
/// `200` JSON answer, else `None` (the app then asks itself and shows the error its way).
pub async fn api_body(api: &Router, url: &str) -> Option<bytes::Bytes> {
    let request = Request::get(url)
        .header(header::ACCEPT, "application/json")
        .body(Body::empty())
        .ok()?;
    let response = api.clone().oneshot(request).await.ok()?;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if response.status() != StatusCode::OK
        || !is_json
        || response.headers().contains_key(header::CONTENT_ENCODING)
    {
        return None;
    }
    axum::body::to_bytes(response.into_body(), MAX_INLINE_BYTES)
        .await
        .ok()
}

/// The pictures of one plant in an API answer: all a page reads of it.
#[derive(Debug, Default, serde::Deserialize)]
struct Pictures {
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    thumbnail: Option<String>,
}

/// `GET /plants`: the first card's pictures.
#[derive(serde::Deserialize)]
struct ListPictures {
    #[serde(default)]
    plants: Vec<Pictures>,
}

/// `GET /plants/{id}`: the plant's pictures.
#[derive(serde::Deserialize)]
struct PlantPictures {
    plant: Pictures,
}

/// A same-site path only (`/media/…`): never another origin, whatever the data says.
pub fn picture_of(body: &[u8], picture: Picture) -> Option<String> {
    let (first, second) = match picture {
        Picture::FirstCard => {
            let card = serde_json::from_slice::<ListPictures>(body)
                .ok()?
                .plants
                .into_iter()
                .next()?;
            (card.thumbnail, card.image)
        }
        Picture::Plant => {
            let plant = serde_json::from_slice::<PlantPictures>(body).ok()?.plant;
            (plant.image, plant.thumbnail)
        }
    };
    [first, second]
        .into_iter()
        .flatten()
        .find(|src| !src.is_empty())
        .filter(|src| src.starts_with('/') && !src.starts_with("//") && !src.contains('\\'))
}

/// JSON text made safe inside `<script>`: `<`, `>` and `&` can only occur inside JSON
/// strings, where their `\u` escapes mean the same; U+2028 and U+2029 too, for any reader
/// that takes the text as JavaScript.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

pub fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

// ------------------------------------------------------------------ the app's API URLs
//
// These mirror web/src/lib/landing.ts (`filtersFromParams`, `plantsListQuery`, `plantPath`,
// `buildUrl`) so the server asks for the URL the app will ask for. Where the two ever
// disagree (an odd query), the app sees a different URL in the data, ignores it and fetches:
// slower, never wrong. The e2e journey `storefront: a first visit uses the page's data`
// checks that the usual pages agree.

/// The catalogue's page size (`PAGE_SIZE`).
const PAGE_SIZE: u32 = 24;
/// The list view the catalogue asks for (`CATALOGUE_VIEW`): its cards draw no more of a
/// description than the `card` view carries, which keeps the page's data, and so the first
/// page of `/catalogue`, within the first round trip (`ListView::Card`).
const CATALOGUE_VIEW: &str = "card";
const SORT_FIELDS: [&str; 4] = ["name", "price", "rating", "newest"];
const LIGHT_VALUES: [&str; 4] = ["low", "medium", "bright-indirect", "full-sun"];

/// The `GET /api/plants` URL the app requests for `/catalogue?{page_query}`.
pub fn catalogue_api_url(page_query: Option<&str>) -> String {
    let params: Vec<(String, String)> =
        url::form_urlencoded::parse(page_query.unwrap_or_default().as_bytes())
            .into_owned()
            .collect();
    // URLSearchParams.get: the first value of a key.
    let get = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    let search = get("search").map(str::trim).unwrap_or_default();
    if !search.is_empty() {
        query.append_pair("search", search);
    }
    if let Some(category) = get("category").filter(|c| !c.is_empty()) {
        query.append_pair("category", category);
    }
    for key in ["minPrice", "maxPrice"] {
        if let Some(price) = digits(get(key)) {
            query.append_pair(key, price);
        }
    }
    if let Some(rating) = get("minRating").filter(|r| matches!(*r, "1" | "2" | "3" | "4" | "5")) {
        query.append_pair("minRating", rating);
    }
    if get("petSafe") == Some("true") {
        query.append_pair("petSafe", "true");
    }
    if let Some(light) = get("light").filter(|l| LIGHT_VALUES.contains(l)) {
        query.append_pair("light", light);
    }
    let sort_by = get("sortBy")
        .filter(|s| SORT_FIELDS.contains(s))
        .unwrap_or("name");
    query.append_pair("sortBy", sort_by);
    let order = if get("sortOrder") == Some("desc") {
        "desc"
    } else {
        "asc"
    };
    query.append_pair("sortOrder", order);
    // Number(value) for plain digits (surrounding spaces allowed, as JavaScript trims them);
    // anything fancier ("2.0", "0x2") is left to the app.
    let page = digits(get("page").map(str::trim))
        .and_then(|p| p.parse::<u64>().ok())
        .filter(|p| *p > 1 && *p <= 1 << 53)
        .unwrap_or(1);
    query.append_pair("page", &page.to_string());
    query.append_pair("limit", &PAGE_SIZE.to_string());
    query.append_pair("view", CATALOGUE_VIEW);
    format!("/api/plants?{}", query.finish())
}

/// The `GET /api/plants/{id}` URL the app requests for `/plant/{id}` (`id` decoded).
pub fn plant_api_url(id: &str) -> String {
    format!("/api/plants/{}", encode_uri_component(id))
}

/// The value when it is ASCII digits only (`/^\d+$/`).
fn digits(value: Option<&str>) -> Option<&str> {
    value.filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
}

/// JavaScript's `encodeURIComponent`: everything but letters, digits and `-_.!~*'()`.
pub fn encode_uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_url_is_the_one_the_app_builds() {
        assert_eq!(
            catalogue_api_url(None),
            "/api/plants?sortBy=name&sortOrder=asc&page=1&limit=24&view=card"
        );
        assert_eq!(
            catalogue_api_url(Some(
                "page=3&category=Indoor&search=+money+plant+&sortBy=price&sortOrder=desc&minPrice=100&maxPrice=x&minRating=4&petSafe=true&light=low"
            )),
            "/api/plants?search=money+plant&category=Indoor&minPrice=100&minRating=4&petSafe=true&light=low&sortBy=price&sortOrder=desc&page=3&limit=24&view=card"
        );
        assert_eq!(
            catalogue_api_url(Some(
                "sortBy=evil&sortOrder=up&page=0&minRating=9&light=dark"
            )),
            "/api/plants?sortBy=name&sortOrder=asc&page=1&limit=24&view=card"
        );
        assert_eq!(
            catalogue_api_url(Some("search=t%C3%BAlsi%26co")),
            "/api/plants?search=t%C3%BAlsi%26co&sortBy=name&sortOrder=asc&page=1&limit=24&view=card"
        );
    }

    #[test]
    fn the_plant_url_encodes_like_encode_uri_component() {
        assert_eq!(plant_api_url("PL-1007"), "/api/plants/PL-1007");
        assert_eq!(plant_api_url("a b/c?é"), "/api/plants/a%20b%2Fc%3F%C3%A9");
    }

    #[test]
    fn script_breaking_text_in_the_data_stays_inside_its_string() {
        let body = br#"{"plant":{"name":"</script><script>alert(1)</script><!--","image":"/media/p.webp"}}"#;
        let data = PageData::new("/api/plants/x", body, Picture::Plant).unwrap();
        let page = data.insert_into("<head><!--/hariyali:head--></head><body></body>");
        assert_eq!(page.matches("</script>").count(), 1, "{page}");
        assert!(!page.contains("<!--\""), "{page}");
        let start = page.find("\">{").unwrap() + 2;
        let end = page.rfind("</script>").unwrap();
        #[derive(serde::Deserialize)]
        struct Carried {
            url: String,
            body: CarriedPlant,
        }
        #[derive(serde::Deserialize)]
        struct CarriedPlant {
            plant: Named,
        }
        #[derive(serde::Deserialize)]
        struct Named {
            name: String,
        }
        let carried: Carried = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(
            carried.body.plant.name,
            "</script><script>alert(1)</script><!--"
        );
        assert_eq!(carried.url, "/api/plants/x");
        assert!(page.contains(
            "<link rel=\"preload\" as=\"image\" href=\"/media/p.webp\" fetchpriority=\"high\">"
        ));
    }

    #[test]
    fn only_same_site_pictures_are_preloaded() {
        for src in [
            "https://evil.example/x.png",
            "//evil.example/x.png",
            "/\\evil",
        ] {
            let body = format!(
                r#"{{"plants":[{{"thumbnail":{}}}]}}"#,
                serde_json::to_string(src).unwrap()
            );
            let data = PageData::new("/api/plants", body.as_bytes(), Picture::FirstCard).unwrap();
            assert!(!data.head().contains("preload"), "{src}");
        }
        let body = r#"{"plants":[{"thumbnail":null,"image":"/media/a.webp"}]}"#;
        let data = PageData::new("/api/plants", body.as_bytes(), Picture::FirstCard).unwrap();
        assert!(data.head().contains("href=\"/media/a.webp\""));
    }
}
