//! `/plant/{id}` as a document of its own: the web app's `index.html` with the plant's title,
//! description, Open Graph tags and Product structured data in the head, so search engines
//! and link previews see the plant without running the app.
//!
//! Each plant page exists in English (`/plant/{id}`) and Hindi (`/plant/{id}?lang=hi`; the
//! app switches to Hindi when it sees `lang=hi`). Both carry `hreflang` alternates naming
//! each other, English as `x-default`; the Hindi one is titled and described in Hindi
//! where the plant has Hindi texts, and its `<html lang>` says so.

use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::extract::AppPath;
use super::first_screen::{self, InlinePicture};
use super::page_data::{self, escape_attribute, PageData, Pages, Picture, HEAD_END};
use super::state::AppState;
use crate::error::ApiResult;
use crate::media::keys::content_type;
use crate::store::plants::{self, Plant};

const HEAD_START: &str = "<!--hariyali:head-->";

async fn read_index(state: &AppState) -> ApiResult<String> {
    Ok(
        tokio::fs::read_to_string(state.config.web_dir.join("index.html"))
            .await
            .map_err(anyhow::Error::from)?,
    )
}

fn html(status: StatusCode, page: String) -> Response {
    let mut response = (status, page).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `/`: the app's page with the home page's first screen (issue 21).
pub async fn home(State(pages): State<Pages>) -> ApiResult<Response> {
    let index = read_index(&pages.state).await?;
    let file = pages
        .state
        .config
        .web_dir
        .join(first_screen::HOME_HERO.trim_start_matches('/'));
    let hero = tokio::fs::read(file)
        .await
        .ok()
        .and_then(|bytes| InlinePicture::new(first_screen::HOME_HERO, "image/svg+xml", &bytes));
    Ok(html(
        StatusCode::OK,
        first_screen::insert_into(&index, &first_screen::home(hero.as_ref())),
    ))
}

/// `/catalogue`: the app's page with the first page of plants it will show (for the filters
/// in the address), its first card's picture preloaded and its first cards drawn.
pub async fn catalogue(
    State(pages): State<Pages>,
    RawQuery(query): RawQuery,
) -> ApiResult<Response> {
    let index = read_index(&pages.state).await?;
    let url = page_data::catalogue_api_url(query.as_deref());
    let page = match page_data::api_body(&pages.api, &url).await {
        Some(body) => with_data(&pages.state, &index, &url, &body, Picture::FirstCard).await,
        None => index,
    };
    Ok(html(StatusCode::OK, page))
}

/// `page` with the API answer `body` of `url` carried (page_data) and the first screen drawn
/// from it (first_screen); as it is when the answer is not one the page can use.
async fn with_data(
    state: &AppState,
    page: &str,
    url: &str,
    body: &[u8],
    picture: Picture,
) -> String {
    let Some(data) = PageData::new(url, body, picture) else {
        return page.to_string();
    };
    let inline = match page_data::picture_of(body, picture) {
        Some(src) => inline_picture(state, &src).await,
        None => None,
    };
    let shell = match picture {
        Picture::FirstCard => first_screen::catalogue(body, inline.as_ref()),
        Picture::Plant => first_screen::plant(body, inline.as_ref()),
    };
    let page = data.insert_into(page);
    match shell {
        Some(shell) => first_screen::insert_into(&page, &shell),
        None => page,
    }
}

pub async fn serve(
    State(pages): State<Pages>,
    AppPath(id): AppPath<String>,
    RawQuery(query): RawQuery,
) -> ApiResult<Response> {
    let state = &pages.state;
    let lang = Lang::from_query(query.as_deref());
    let index = read_index(state).await?;
    let plant = plants::find(&state.db, &id).await?;
    let origin = public_origin(state.config.public_url.as_deref());
    let (status, head) = match &plant {
        Some(plant) => (StatusCode::OK, plant_head(plant, &origin, lang)),
        None => (
            StatusCode::NOT_FOUND,
            "<title>Plant Not Found | Hariyali</title>\n<meta name=\"robots\" content=\"noindex\">"
                .to_string(),
        ),
    };
    let page = with_head(&index, &head);
    let page = match (lang, &plant) {
        (Lang::Hi, Some(_)) => page.replacen("<html lang=\"en\">", "<html lang=\"hi\">", 1),
        _ => page,
    };
    // The plant as the app will ask for it (and the picture's preload), for a plant that
    // exists; a missing one is left to the app's own request and its "not found".
    let page = match plant {
        Some(_) => {
            let url = page_data::plant_api_url(&id);
            match page_data::api_body(&pages.api, &url).await {
                Some(body) => with_data(state, &page, &url, &body, Picture::Plant).await,
                None => page,
            }
        }
        None => page,
    };
    Ok(html(status, page))
}

/// The stored picture at `src` (`/media/{key}`) when it is small enough to carry in the page.
async fn inline_picture(state: &AppState, src: &str) -> Option<InlinePicture> {
    let key = src.strip_prefix("/media/")?;
    let bytes = state.media.get(key).await.ok()??;
    InlinePicture::new(src, content_type(key), &bytes)
}

/// Where links shared outside the app point: the configured public URL (`HARIYALI_PUBLIC_URL`,
/// http or https, without a trailing slash), else nothing, so links stay relative to the
/// page. Never the request's `Host`: anyone can send any Host, and a cache or a crawler
/// would then keep links to a site of the sender's choosing.
pub fn public_origin(public_url: Option<&str>) -> String {
    public_url
        .and_then(|raw| url::Url::parse(raw.trim()).ok())
        .filter(|url| matches!(url.scheme(), "http" | "https") && url.host().is_some())
        .map(|url| url.as_str().trim_end_matches('/').to_string())
        .unwrap_or_default()
}

/// Swaps the block between the markers of `index.html` for `head`; an index without the
/// markers is served as it is.
pub fn with_head(index: &str, head: &str) -> String {
    match (index.find(HEAD_START), index.find(HEAD_END)) {
        (Some(start), Some(end)) if start < end => format!(
            "{}{}\n{}\n{}",
            &index[..start],
            HEAD_START,
            head,
            &index[end..]
        ),
        _ => index.to_string(),
    }
}

/// The language a plant page is served in: `?lang=hi` is Hindi, anything else English.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Hi,
}

impl Lang {
    pub fn from_query(query: Option<&str>) -> Lang {
        let hindi = url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
            .any(|(key, value)| key == "lang" && value.eq_ignore_ascii_case("hi"));
        if hindi {
            Lang::Hi
        } else {
            Lang::En
        }
    }
}

/// A Hindi text when serving Hindi and the plant has one, else the English.
fn in_lang<'a>(lang: Lang, english: &'a str, hindi: Option<&'a str>) -> &'a str {
    match (lang, hindi.map(str::trim)) {
        (Lang::Hi, Some(text)) if !text.is_empty() => text,
        _ => english,
    }
}

/// schema.org's Product, as search engines read it from the page's JSON-LD.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProductLd<'a> {
    #[serde(rename = "@context")]
    context: &'static str,
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    description: &'a str,
    sku: &'a str,
    url: &'a str,
    category: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<&'a str>,
    offers: OfferLd<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aggregate_rating: Option<RatingLd>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OfferLd<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    price_currency: &'static str,
    price: String,
    availability: &'static str,
    url: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RatingLd {
    #[serde(rename = "@type")]
    kind: &'static str,
    rating_value: f64,
    review_count: i64,
}

fn plant_head(plant: &Plant, origin: &str, lang: Lang) -> String {
    let name = in_lang(lang, &plant.name, plant.name_hi.as_deref());
    let full_description = in_lang(lang, &plant.description, plant.description_hi.as_deref());
    let title = format!("{} – ₹{} | Hariyali", name, plant.price);
    let description: String = full_description.chars().take(160).collect();
    let english_url = format!("{origin}/plant/{}", plant.id);
    let hindi_url = format!("{english_url}?lang=hi");
    let url = match lang {
        Lang::En => english_url.clone(),
        Lang::Hi => hindi_url.clone(),
    };
    let image = plant.image.as_deref().map(|path| format!("{origin}{path}"));
    let product = ProductLd {
        context: "https://schema.org",
        kind: "Product",
        name,
        description: full_description,
        sku: &plant.plant_id,
        url: &url,
        category: plant.categories.join(", "),
        image: image.as_deref(),
        offers: OfferLd {
            kind: "Offer",
            price_currency: "INR",
            price: plant.price.to_string(),
            availability: if plant.stock > 0 {
                "https://schema.org/InStock"
            } else {
                "https://schema.org/OutOfStock"
            },
            url: &url,
        },
        aggregate_rating: (plant.review_count > 0).then_some(RatingLd {
            kind: "AggregateRating",
            rating_value: plant.rating,
            review_count: plant.review_count,
        }),
    };
    // Inside <script>, "</" could end the element early: JSON allows escaping "<" as \u003c.
    let json_ld = serde_json::to_string(&product)
        .expect("JSON-LD serialises")
        .replace('<', "\\u003c");
    let mut head = vec![
        format!("<title>{}</title>", escape_attribute(&title)),
        format!(
            "<meta name=\"description\" content=\"{}\">",
            escape_attribute(&description)
        ),
        format!(
            "<link rel=\"canonical\" href=\"{}\">",
            escape_attribute(&url)
        ),
        format!(
            "<link rel=\"alternate\" hreflang=\"en\" href=\"{}\">",
            escape_attribute(&english_url)
        ),
        format!(
            "<link rel=\"alternate\" hreflang=\"hi\" href=\"{}\">",
            escape_attribute(&hindi_url)
        ),
        format!(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">",
            escape_attribute(&english_url)
        ),
        "<meta property=\"og:type\" content=\"product\">".to_string(),
        format!(
            "<meta property=\"og:locale\" content=\"{}\">",
            match lang {
                Lang::En => "en_IN",
                Lang::Hi => "hi_IN",
            }
        ),
        "<meta property=\"og:site_name\" content=\"Hariyali\">".to_string(),
        format!(
            "<meta property=\"og:title\" content=\"{}\">",
            escape_attribute(&title)
        ),
        format!(
            "<meta property=\"og:description\" content=\"{}\">",
            escape_attribute(&description)
        ),
        format!(
            "<meta property=\"og:url\" content=\"{}\">",
            escape_attribute(&url)
        ),
        format!(
            "<meta property=\"product:price:amount\" content=\"{}\">",
            plant.price
        ),
        "<meta property=\"product:price:currency\" content=\"INR\">".to_string(),
    ];
    // The picture's preload comes with the page's data (`page_data`).
    if let Some(image) = &image {
        head.push(format!(
            "<meta property=\"og:image\" content=\"{}\">",
            escape_attribute(image)
        ));
    }
    head.push(format!(
        "<script type=\"application/ld+json\">{json_ld}</script>"
    ));
    head.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_block_is_replaced_between_the_markers() {
        let index = "<html><head><meta charset=\"utf-8\"><!--hariyali:head--><title>Hariyali</title><!--/hariyali:head--></head><body></body></html>";
        let page = with_head(index, "<title>Tulsi</title>");
        assert_eq!(page, "<html><head><meta charset=\"utf-8\"><!--hariyali:head-->\n<title>Tulsi</title>\n<!--/hariyali:head--></head><body></body></html>");
        assert_eq!(
            with_head("<html></html>", "<title>x</title>"),
            "<html></html>"
        );
    }

    #[test]
    fn links_come_from_the_public_url_only() {
        assert_eq!(
            public_origin(Some("https://hariyali.in/")),
            "https://hariyali.in"
        );
        assert_eq!(
            public_origin(Some("http://127.0.0.1:8080")),
            "http://127.0.0.1:8080"
        );
        assert_eq!(public_origin(None), "");
        assert_eq!(public_origin(Some("javascript:alert(1)")), "");
        assert_eq!(public_origin(Some("not a url")), "");
    }

    #[test]
    fn markup_in_names_is_text() {
        assert_eq!(
            escape_attribute("<img src=x onerror=\"alert(1)\">"),
            "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"
        );
    }
}
