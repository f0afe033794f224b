//! Issue 21: `/catalogue` and `/plant/{id}` carry the API answer the app starts with, over
//! real HTTP: the same bytes as the API's answer, the first picture preloaded, and nothing
//! in a plant's texts able to end the data's `<script>` element.

use crate::common;

use axum::http::Method;
use common::{Multipart, TestApp};
use serde_json::Value;

const INDEX: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\"><!--hariyali:head--><title>Hariyali</title><!--/hariyali:head--><script type=\"module\" src=\"/assets/app.js\"></script></head><body><div id=\"root\"></div></body></html>";

const EVIL_NAME: &str = "Evil </script><script>alert(1)</script><!--";

async fn shop() -> TestApp {
    let web = tempfile::tempdir().unwrap().keep();
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    TestApp::build(|c| c.web_dir = web).await
}

/// Serves the app on a loopback port; dropping the sender stops it.
async fn serve(app: &TestApp) -> (String, tokio::sync::oneshot::Sender<()>) {
    let (addr, stop) = app.serve_on_loopback().await;
    (format!("http://{addr}"), stop)
}

async fn text(client: &reqwest::Client, url: &str) -> (u16, String) {
    let res = client.get(url).send().await.unwrap();
    (res.status().as_u16(), res.text().await.unwrap())
}

/// The JSON inside `<script type="application/json" id="hariyali-data">`, as a browser's
/// HTML parser would cut it out: up to the first `</script`.
fn data_of(page: &str) -> Option<Value> {
    let open = "<script type=\"application/json\" id=\"hariyali-data\">";
    let start = page.find(open)? + open.len();
    let end = start + page[start..].find("</script")?;
    Some(serde_json::from_str(&page[start..end]).expect("the data is JSON"))
}

/// A plant whose description and name try to break out of the data element. The shop's
/// name rules refuse `<`, so the name is written straight into the database.
async fn evil_plant(app: &TestApp) -> String {
    let admin = app.admin().await;
    let form = Multipart::new()
        .text("name", "Aaa Evil")
        .text(
            "description",
            "Breaks out: </script><script>alert(2)</script> <!-- & done",
        )
        .text("price", "1")
        .text("stock", "5")
        .text("categories", "Herbs")
        .file("image", "t.png", "image/png", &common::png(400, 400));
    let plant = app
        .send(form.request(Method::POST, "/api/plants", Some(&admin)))
        .await
        .body["plant"]
        .clone();
    let id = plant["_id"].as_str().expect("plant created").to_string();
    sqlx::query("UPDATE plants SET name = $1 WHERE id = $2")
        .bind(EVIL_NAME)
        .bind(&id)
        .execute(app.state.db.writer())
        .await
        .expect("rename");
    app.state.catalogue_cache.invalidate();
    id
}

#[tokio::test]
async fn the_catalogue_page_carries_the_first_page_the_app_asks_for() {
    let app = shop().await;
    evil_plant(&app).await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();

    let (status, page) = text(&client, &format!("{base}/catalogue")).await;
    assert_eq!(status, 200);
    let data = data_of(&page).expect("the page carries its data");
    let url = "/api/plants?sortBy=name&sortOrder=asc&page=1&limit=24&view=card";
    assert_eq!(data["url"], url);
    // The very answer of the API.
    let (_, api) = text(&client, &format!("{base}{url}")).await;
    assert_eq!(data["body"], serde_json::from_str::<Value>(&api).unwrap());
    assert_eq!(data["body"]["plants"][0]["name"], EVIL_NAME);
    // Nothing in the name ended the element early or opened a comment: exactly the app's
    // script and the data close a script element, and no markup of the name is in the page.
    assert_eq!(page.matches("</script>").count(), 2, "{page}");
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(!page.contains("<!-- &"), "{page}");
    // The head names the data for the landing script and preloads the first card's picture.
    assert!(
        page.contains(&format!(
            "<meta name=\"hariyali-data\" content=\"{}\">",
            url.replace('&', "&amp;")
        )),
        "{page}"
    );
    let thumbnail = data["body"]["plants"][0]["thumbnail"].as_str().unwrap();
    let preload =
        format!("<link rel=\"preload\" as=\"image\" href=\"{thumbnail}\" fetchpriority=\"high\">");
    let head_end = page.find("</head>").unwrap();
    assert!(page[..head_end].contains(&preload), "{page}");
    assert!(page.contains("<script type=\"module\" src=\"/assets/app.js\"></script>"));

    // Filters in the address: the answer for the same filters as the app will send them.
    let (_, filtered) = text(
        &client,
        &format!("{base}/catalogue?category=Herbs&sortBy=price&sortOrder=desc&minPrice=x"),
    )
    .await;
    let data = data_of(&filtered).unwrap();
    assert_eq!(
        data["url"],
        "/api/plants?category=Herbs&sortBy=price&sortOrder=desc&page=1&limit=24&view=card"
    );
    assert!(data["body"]["plants"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "Herbs")));

    // A filter the API refuses: the plain app, which shows the API's message itself.
    let (status, refused) = text(
        &client,
        &format!("{base}/catalogue?minPrice=500&maxPrice=100"),
    )
    .await;
    assert_eq!(status, 200);
    assert!(data_of(&refused).is_none(), "{refused}");
    assert!(!refused.contains("hariyali-data"));
}

#[tokio::test]
async fn a_plant_page_carries_the_plant_safely() {
    let app = shop().await;
    let id = evil_plant(&app).await;
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();

    let (status, page) = text(&client, &format!("{base}/plant/{id}")).await;
    assert_eq!(status, 200);
    let data = data_of(&page).expect("the page carries its data");
    let url = format!("/api/plants/{id}");
    assert_eq!(data["url"], url.as_str());
    let (_, api) = text(&client, &format!("{base}{url}")).await;
    assert_eq!(data["body"], serde_json::from_str::<Value>(&api).unwrap());
    assert_eq!(data["body"]["plant"]["name"], EVIL_NAME);
    assert!(data["body"]["plant"]["description"]
        .as_str()
        .unwrap()
        .contains("</script><script>alert(2)</script> <!-- & done"));
    // The JSON-LD, the app's script and the data: three elements, none cut short.
    assert_eq!(page.matches("</script>").count(), 3, "{page}");
    assert!(!page.contains("<script>alert"), "{page}");
    let image = data["body"]["plant"]["image"].as_str().unwrap();
    let preload =
        format!("<link rel=\"preload\" as=\"image\" href=\"{image}\" fetchpriority=\"high\">");
    assert_eq!(page.matches(&preload).count(), 1, "{page}");

    // By plant code the data is asked for by that code, as the app will.
    let code = data["body"]["plant"]["plantId"].as_str().unwrap();
    let (_, by_code) = text(&client, &format!("{base}/plant/{code}")).await;
    assert_eq!(
        data_of(&by_code).unwrap()["url"],
        format!("/api/plants/{code}")
    );

    // A missing plant: its 404 page, without data (the app asks and shows "not found").
    let (status, missing) = text(&client, &format!("{base}/plant/PL-424242")).await;
    assert_eq!(status, 404);
    assert!(data_of(&missing).is_none());
}

/// A name that tries every way out of HTML text and attributes.
const HOSTILE_NAME: &str =
    "Aaa \"q\" 'a' </noscript><script>alert(3)</script><img src=x onerror=alert(4)>";
const HOSTILE_ESCAPED: &str = "Aaa &quot;q&quot; &#39;a&#39; &lt;/noscript&gt;&lt;script&gt;alert(3)&lt;/script&gt;&lt;img src=x onerror=alert(4)&gt;";

/// The markup inside `<div id="root">` (the server-drawn first screen), up to the data.
fn first_screen_of(page: &str) -> &str {
    let start = page.find("<div id=\"root\">").expect("a root") + "<div id=\"root\">".len();
    let end = page
        .find("<script type=\"application/json\"")
        .unwrap_or(page.len());
    &page[start..end]
}

/// The `src` of the shell's `<img class="plant-img ">` whose attributes go on with `rest`.
fn picture_src(shell: &str, rest: &str) -> String {
    let open = "<img class=\"plant-img \" src=\"";
    let start = shell.find(open).expect("a picture") + open.len();
    let end = start + shell[start..].find('"').unwrap();
    assert!(shell[end + 2..].starts_with(rest), "{}", &shell[start..]);
    shell[start..end].to_string()
}

/// How the shell names a stored picture: its address, or, when it is at most 4 KB, its bytes
/// as a `data:` URL (the test's pictures are plain colours, small as WebP).
async fn shown_as(client: &reqwest::Client, base: &str, src: &str) -> String {
    use base64::Engine as _;
    let res = client.get(format!("{base}{src}")).send().await.unwrap();
    assert_eq!(res.status(), 200, "{src}");
    let kind = res.headers()["content-type"].to_str().unwrap().to_string();
    let bytes = res.bytes().await.unwrap();
    if bytes.len() <= 4096 {
        format!(
            "data:{kind};base64,{}",
            base64::engine::general_purpose::STANDARD.encode(&bytes)
        )
    } else {
        src.to_string()
    }
}

#[tokio::test]
async fn the_first_screen_is_drawn_into_the_html_with_its_texts_escaped() {
    let app = shop().await;
    let id = evil_plant(&app).await;
    sqlx::query("UPDATE plants SET name = $1 WHERE id = $2")
        .bind(HOSTILE_NAME)
        .bind(&id)
        .execute(app.state.db.writer())
        .await
        .expect("rename");
    app.state.catalogue_cache.invalidate();
    let (base, _stop) = serve(&app).await;
    let client = reqwest::Client::new();

    // The catalogue: the first cards' pictures and names (the hostile plant sorts first).
    let (_, page) = text(&client, &format!("{base}/catalogue")).await;
    let data = data_of(&page).unwrap();
    let shell = first_screen_of(&page);
    assert!(
        shell.starts_with("<div class=\"app shell\" data-lang=\"en\">"),
        "{shell}"
    );
    let first = &data["body"]["plants"][0];
    assert_eq!(first["name"], HOSTILE_NAME);
    let thumbnail = first["thumbnail"].as_str().unwrap();
    assert_eq!(
        picture_src(shell, &format!("alt=\"{HOSTILE_ESCAPED}\" width=\"320\"")),
        shown_as(&client, &base, thumbnail).await,
        "{shell}"
    );
    assert!(
        shell.contains(&format!(
            "<h2 class=\"pcard__name\"><a href=\"/plant/{id}\">{HOSTILE_ESCAPED}</a></h2>"
        )),
        "{shell}"
    );
    // The count, in the app's words (the test shop holds this one plant).
    assert_eq!(data["body"]["total"], 1);
    assert!(
        shell.contains("<p class=\"page-head__sub\">1 plant</p>"),
        "{shell}"
    );
    assert!(shell.contains("<h1 tabindex=\"-1\" class=\"page-title \">Catalogue</h1>"));
    // No markup of any text got through: the page's only elements are its own.
    for markup in [
        "<script>alert",
        "</noscript>",
        "<img src=x",
        "alert(2)</script>",
    ] {
        assert!(!page.contains(markup), "{markup} in {page}");
    }
    assert_eq!(page.matches("</script>").count(), 2, "{page}");

    // The plant page: its picture and name.
    let (_, page) = text(&client, &format!("{base}/plant/{id}")).await;
    let data = data_of(&page).unwrap();
    let image = data["body"]["plant"]["image"].as_str().unwrap();
    let shell = first_screen_of(&page);
    assert_eq!(
        picture_src(shell, &format!("alt=\"{HOSTILE_ESCAPED}\" width=\"640\"")),
        shown_as(&client, &base, image).await,
        "{shell}"
    );
    assert!(
        shell.contains(&format!(
            "<h1 tabindex=\"-1\" class=\"page-title pdp__title\">{HOSTILE_ESCAPED}</h1>"
        )),
        "{shell}"
    );
    for markup in ["<script>alert", "</noscript>", "<img src=x"] {
        assert!(!page.contains(markup), "{markup} in {page}");
    }

    // The home page: the hero, its largest element.
    let (status, page) = text(&client, &format!("{base}/")).await;
    assert_eq!(status, 200);
    assert!(first_screen_of(&page).contains(
        "<h1 tabindex=\"-1\" class=\"page-title hero__title\">Bring home a little hariyali</h1>"
    ));

    // A missing plant: no first screen (the app shows its "not found").
    let (_, missing) = text(&client, &format!("{base}/plant/PL-424242")).await;
    assert!(missing.contains("<div id=\"root\"></div>"), "{missing}");
}
