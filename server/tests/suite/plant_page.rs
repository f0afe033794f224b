//! `/plant/{id}` carries the plant's own head for search engines and link previews.

use crate::common;

use axum::http::{header, Method, StatusCode};
use common::{Multipart, TestApp};

const INDEX: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\"><!--hariyali:head--><title>Hariyali</title><meta name=\"description\" content=\"Plants\"><!--/hariyali:head--><script type=\"module\" src=\"/assets/app.js\"></script></head><body><div id=\"root\"></div></body></html>";

async fn shop() -> TestApp {
    let web = tempfile::tempdir().unwrap().keep();
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    TestApp::build(|c| {
        c.web_dir = web;
        c.public_url = Some("https://hariyali.example".into());
    })
    .await
}

#[tokio::test]
async fn a_plant_page_has_its_title_description_open_graph_and_product_data() {
    let app = shop().await;
    let admin = app.admin().await;
    let form = Multipart::new()
        .text("name", "Tulsi")
        .text(
            "description",
            "Holy basil for the balcony. </script><script>alert(1)</script> \"quoted\"",
        )
        .text("price", "149")
        .text("stock", "5")
        .text("categories", "Herbs")
        .file("image", "t.png", "image/png", &common::png(400, 400));
    let plant = app
        .send(form.request(Method::POST, "/api/plants", Some(&admin)))
        .await
        .body["plant"]
        .clone();
    let id = plant["_id"].as_str().unwrap();

    let res = app.get(&format!("/plant/{id}"), None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(
        res.headers[header::CONTENT_TYPE],
        "text/html; charset=utf-8"
    );
    let html = String::from_utf8(res.bytes).unwrap();
    assert!(
        html.contains("<title>Tulsi – ₹149 | Hariyali</title>"),
        "{html}"
    );
    assert!(
        !html.contains("<title>Hariyali</title>"),
        "default title replaced"
    );
    assert!(html.contains(
        "<meta name=\"description\" content=\"Holy basil for the balcony. &lt;/script&gt;"
    ));
    assert!(html.contains(&format!(
        "<meta property=\"og:url\" content=\"https://hariyali.example/plant/{id}\">"
    )));
    assert!(html.contains(&format!(
        "<meta property=\"og:image\" content=\"https://hariyali.example{}\">",
        plant["image"].as_str().unwrap()
    )));
    assert!(
        html.contains("<script type=\"module\" src=\"/assets/app.js\"></script>"),
        "the app still loads"
    );
    // The description's markup cannot close the JSON-LD element (nor the page's data: the
    // JSON-LD, the app's script and the data are the three elements that close).
    assert_eq!(html.matches("</script>").count(), 3, "{html}");
    let start = html.find("application/ld+json\">").unwrap() + "application/ld+json\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(data["@type"], "Product");
    assert_eq!(data["name"], "Tulsi");
    assert_eq!(data["offers"]["price"], "149");
    assert_eq!(data["offers"]["priceCurrency"], "INR");
    assert_eq!(data["offers"]["availability"], "https://schema.org/InStock");
    assert!(data["description"]
        .as_str()
        .unwrap()
        .contains("</script><script>alert(1)</script>"));

    // By plant code too.
    let by_code = app
        .get(
            &format!("/plant/{}", plant["plantId"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(by_code.status, StatusCode::OK);
}

#[tokio::test]
async fn a_missing_plant_page_is_a_404_that_still_loads_the_app() {
    let app = shop().await;
    let res = app.get("/plant/PL-424242", None).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let html = String::from_utf8(res.bytes).unwrap();
    assert!(html.contains("<title>Plant Not Found | Hariyali</title>"));
    assert!(html.contains("/assets/app.js"));
    // Other client routes are the plain app.
    let other = app.get("/catalogue", None).await;
    assert_eq!(other.status, StatusCode::OK);
    assert!(String::from_utf8(other.bytes)
        .unwrap()
        .contains("<title>Hariyali</title>"));
}

#[tokio::test]
async fn pages_are_revalidated_and_public_files_kept_for_a_day() {
    let web = tempfile::tempdir().unwrap().keep();
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("assets/app-1a2b3c.js"), "console.log(1)").unwrap();
    std::fs::write(
        web.join("favicon.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    let app = TestApp::build(|c| c.web_dir = web).await;
    for (path, expected) in [
        ("/", "no-cache"),
        ("/orders", "no-cache"),
        (
            "/assets/app-1a2b3c.js",
            "public, max-age=31536000, immutable",
        ),
        ("/favicon.svg", "public, max-age=86400"),
    ] {
        let res = app.get(path, None).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        assert_eq!(res.headers[header::CACHE_CONTROL], expected, "{path}");
    }
}

#[tokio::test]
async fn links_never_follow_the_host_header() {
    let web = tempfile::tempdir().unwrap().keep();
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    let plain = TestApp::build(|c| c.web_dir = web.clone()).await;
    let configured = shop().await;
    for (app, origin) in [(&plain, ""), (&configured, "https://hariyali.example")] {
        let admin = app.admin().await;
        let form = Multipart::new()
            .text("name", "Tulsi")
            .text("description", "Holy basil for the balcony.")
            .text("price", "149")
            .text("stock", "5")
            .text("categories", "Herbs")
            .file("image", "t.png", "image/png", &common::png(400, 400));
        let plant = app
            .send(form.request(Method::POST, "/api/plants", Some(&admin)))
            .await
            .body["plant"]
            .clone();
        let id = plant["_id"].as_str().unwrap();
        let res = app
            .send(
                TestApp::request(Method::GET, &format!("/plant/{id}"), None)
                    .header(header::HOST, "evil.example")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        let page = String::from_utf8(res.bytes).unwrap();
        assert!(!page.contains("evil.example"), "{page}");
        assert!(
            page.contains(&format!(
                "<link rel=\"canonical\" href=\"{origin}/plant/{id}\">"
            )),
            "{page}"
        );
        assert!(
            page.contains(&format!(
                "<meta property=\"og:url\" content=\"{origin}/plant/{id}\">"
            )),
            "{page}"
        );
        assert!(
            page.contains(&format!("\"url\":\"{origin}/plant/{id}\"")),
            "{page}"
        );
    }
}

#[tokio::test]
async fn plant_pages_name_their_english_and_hindi_alternates() {
    let app = shop().await;
    let admin = app.admin().await;
    let with_hindi = Multipart::new()
        .text("name", "Tulsi")
        .text("nameHi", "तुलसी")
        .text("description", "Holy basil for a sunny balcony.")
        .text("descriptionHi", "धूप वाली बालकनी के लिए पवित्र तुलसी।")
        .text("price", "149")
        .text("stock", "5")
        .text("categories", "Herbs");
    let tulsi = app
        .send(with_hindi.request(Method::POST, "/api/plants", Some(&admin)))
        .await
        .body["plant"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let english_only = Multipart::new()
        .text("name", "Areca Palm")
        .text("description", "A feathery palm for bright rooms.")
        .text("price", "599")
        .text("stock", "3")
        .text("categories", "Indoor");
    let palm = app
        .send(english_only.request(Method::POST, "/api/plants", Some(&admin)))
        .await
        .body["plant"]["_id"]
        .as_str()
        .unwrap()
        .to_string();

    let alternates = |id: &str| {
        [
            format!("<link rel=\"alternate\" hreflang=\"en\" href=\"https://hariyali.example/plant/{id}\">"),
            format!("<link rel=\"alternate\" hreflang=\"hi\" href=\"https://hariyali.example/plant/{id}?lang=hi\">"),
            format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://hariyali.example/plant/{id}\">"),
        ]
    };

    let english = String::from_utf8(app.get(&format!("/plant/{tulsi}"), None).await.bytes).unwrap();
    for link in alternates(&tulsi) {
        assert!(english.contains(&link), "{link} in {english}");
    }
    assert!(english.contains("<html lang=\"en\">"));
    assert!(english.contains(&format!(
        "<link rel=\"canonical\" href=\"https://hariyali.example/plant/{tulsi}\">"
    )));
    assert!(english.contains("<title>Tulsi – ₹149 | Hariyali</title>"));

    let res = app.get(&format!("/plant/{tulsi}?lang=hi"), None).await;
    assert_eq!(res.status, StatusCode::OK);
    let hindi = String::from_utf8(res.bytes).unwrap();
    for link in alternates(&tulsi) {
        assert!(hindi.contains(&link), "{link} in {hindi}");
    }
    assert!(hindi.contains("<html lang=\"hi\">"), "{hindi}");
    assert!(hindi.contains(&format!(
        "<link rel=\"canonical\" href=\"https://hariyali.example/plant/{tulsi}?lang=hi\">"
    )));
    assert!(
        hindi.contains("<title>तुलसी – ₹149 | Hariyali</title>"),
        "{hindi}"
    );
    assert!(
        hindi.contains("<meta name=\"description\" content=\"धूप वाली बालकनी के लिए पवित्र तुलसी।\">")
    );
    assert!(hindi.contains("<meta property=\"og:locale\" content=\"hi_IN\">"));

    // Without Hindi texts the Hindi page falls back to English, field by field.
    let fallback =
        String::from_utf8(app.get(&format!("/plant/{palm}?lang=hi"), None).await.bytes).unwrap();
    assert!(
        fallback.contains("<title>Areca Palm – ₹599 | Hariyali</title>"),
        "{fallback}"
    );
    for link in alternates(&palm) {
        assert!(fallback.contains(&link), "{link}");
    }

    // Any other value is the English page.
    let other = String::from_utf8(
        app.get(&format!("/plant/{tulsi}?lang=xx"), None)
            .await
            .bytes,
    )
    .unwrap();
    assert!(other.contains("<title>Tulsi – ₹149 | Hariyali</title>"));
    assert!(other.contains("<html lang=\"en\">"));
}
