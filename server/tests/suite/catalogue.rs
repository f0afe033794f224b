//! The public catalogue on the demo shop: filters, sorting, paging, detail, ETags.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use common::TestApp;
use serde_json::Value;

fn names(res: &common::TestResponse) -> Vec<String> {
    res.body["plants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

fn numbers(res: &common::TestResponse, field: &str) -> Vec<f64> {
    res.body["plants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[field].as_f64().unwrap())
        .collect()
}

#[tokio::test]
async fn the_demo_catalogue_covers_every_category_with_pictures() {
    let app = TestApp::demo().await;
    let res = app.get("/api/plants?limit=200", None).await;
    assert_eq!(res.status, StatusCode::OK);
    let plants = res.body["plants"].as_array().unwrap();
    assert!(plants.len() >= 30, "{}", plants.len());
    assert_eq!(res.body["total"].as_i64().unwrap() as usize, plants.len());
    for category in [
        "Indoor",
        "Outdoor",
        "Succulents",
        "Flowering",
        "Herbs",
        "Trees",
    ] {
        assert!(
            plants.iter().any(|p| p["categories"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c == category)),
            "{category}"
        );
    }
    assert!(
        plants.iter().any(|p| p["stock"] == 0),
        "some plants are out of stock"
    );
    assert!(plants.iter().any(|p| p["originalPrice"]
        .as_i64()
        .is_some_and(|o| o > p["price"].as_i64().unwrap())));
    for name in [
        "Money Plant",
        "Snake Plant",
        "Tulsi",
        "Areca Palm",
        "Aloe Vera",
    ] {
        assert!(plants.iter().any(|p| p["name"] == name), "{name}");
    }
    let first = &plants[0];
    for field in [
        "_id",
        "plantId",
        "name",
        "description",
        "image",
        "thumbnail",
        "price",
        "originalPrice",
        "stock",
        "categories",
        "rating",
        "reviewCount",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "{field} missing");
    }
    // Every picture is served.
    let image = first["image"].as_str().unwrap();
    let picture = app.get(image, None).await;
    assert_eq!(picture.status, StatusCode::OK);
    assert_eq!(picture.headers[header::CONTENT_TYPE], "image/svg+xml");
    assert!(picture.headers[header::CACHE_CONTROL]
        .to_str()
        .unwrap()
        .contains("immutable"));
}

#[tokio::test]
async fn lists_are_paginated_with_total_and_pages() {
    let app = TestApp::demo().await;
    let all = app.get("/api/plants?limit=200&sortBy=name", None).await;
    let total = all.body["total"].as_i64().unwrap();
    let res = app.get("/api/plants", None).await;
    assert_eq!(res.body["page"], 1);
    assert_eq!(
        res.body["plants"].as_array().unwrap().len(),
        24.min(total as usize)
    );
    assert_eq!(res.body["pages"].as_i64().unwrap(), (total + 23) / 24);
    let p1 = app
        .get("/api/plants?limit=5&page=1&sortBy=name", None)
        .await;
    let p2 = app
        .get("/api/plants?limit=5&page=2&sortBy=name", None)
        .await;
    let expected: Vec<String> = names(&all)[5..10].to_vec();
    assert_eq!(names(&p2), expected);
    assert_ne!(names(&p1), names(&p2));
    let beyond = app.get("/api/plants?limit=5&page=999", None).await;
    assert_eq!(beyond.status, StatusCode::OK);
    assert!(beyond.body["plants"].as_array().unwrap().is_empty());
    assert_eq!(beyond.body["total"], total);
    // (page - 1) × limit overflowed into a negative OFFSET, which PostgreSQL refuses (a 500
    // there only; schemathesis found it). It saturates now: an empty page.
    let last = app
        .get("/api/plants?limit=200&page=9223372036854775807", None)
        .await;
    assert_eq!(last.status, StatusCode::OK, "{:?}", last.body);
    assert!(last.body["plants"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn search_is_case_insensitive_over_name_and_description() {
    let app = TestApp::demo().await;
    let res = app.get("/api/plants?search=MONEY", None).await;
    assert!(names(&res).contains(&"Money Plant".to_string()));
    // "Holy basil" is in Tulsi's description, not its name.
    let res = app.get("/api/plants?search=holy%20basil", None).await;
    assert!(
        names(&res).contains(&"Tulsi".to_string()),
        "{:?}",
        names(&res)
    );
    let res = app.get("/api/plants?search=zzzz-no-such-plant", None).await;
    assert_eq!(res.body["total"], 0);
    assert_eq!(res.body["pages"], 0);
    // Wildcards are literal characters.
    let res = app.get("/api/plants?search=%25", None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["total"], 0);
}

#[tokio::test]
async fn filters_combine() {
    let app = TestApp::demo().await;
    let res = app
        .get("/api/plants?category=succulents&limit=200", None)
        .await;
    assert!(res.body["total"].as_i64().unwrap() >= 5);
    for p in res.body["plants"].as_array().unwrap() {
        assert!(p["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "Succulents"));
    }
    let res = app
        .get("/api/plants?minPrice=200&maxPrice=400&limit=200", None)
        .await;
    assert!(res.body["total"].as_i64().unwrap() > 0);
    assert!(numbers(&res, "price")
        .iter()
        .all(|p| (200.0..=400.0).contains(p)));
    let res = app.get("/api/plants?minRating=4.5&limit=200", None).await;
    assert!(numbers(&res, "rating").iter().all(|r| *r >= 4.5));
    let res = app
        .get(
            "/api/plants?category=Indoor&minPrice=100&search=plant&limit=200",
            None,
        )
        .await;
    for p in res.body["plants"].as_array().unwrap() {
        assert!(p["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "Indoor"));
        assert!(p["price"].as_i64().unwrap() >= 100);
    }
    // Empty values mean "no filter", as forms send them.
    let res = app
        .get(
            "/api/plants?search=&category=&minPrice=&maxPrice=&minRating=",
            None,
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
}

#[tokio::test]
async fn every_sort_order_holds() {
    let app = TestApp::demo().await;
    let asc = app
        .get("/api/plants?sortBy=price&sortOrder=asc&limit=200", None)
        .await;
    let prices = numbers(&asc, "price");
    assert!(prices.windows(2).all(|w| w[0] <= w[1]));
    let desc = app
        .get("/api/plants?sortBy=price&sortOrder=desc&limit=200", None)
        .await;
    assert!(numbers(&desc, "price").windows(2).all(|w| w[0] >= w[1]));
    let by_name = app.get("/api/plants?sortBy=name&limit=200", None).await;
    let lower: Vec<String> = names(&by_name).iter().map(|n| n.to_lowercase()).collect();
    assert!(lower.windows(2).all(|w| w[0] <= w[1]));
    let by_rating = app
        .get("/api/plants?sortBy=rating&sortOrder=desc&limit=200", None)
        .await;
    assert!(numbers(&by_rating, "rating")
        .windows(2)
        .all(|w| w[0] >= w[1]));
    let newest = app
        .get("/api/plants?sortBy=newest&sortOrder=desc&limit=200", None)
        .await;
    let created: Vec<String> = newest.body["plants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["createdAt"].as_str().unwrap().to_string())
        .collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]));
}

#[tokio::test]
async fn unknown_query_values_are_bad_requests() {
    let app = TestApp::demo().await;
    for (query, message) in [
        (
            "sortBy=colour",
            "sortBy must be one of name, price, rating, newest, relevance",
        ),
        ("sortOrder=up", "sortOrder must be one of asc, desc"),
        ("category=Cacti", "Unknown category: Cacti"),
        ("minPrice=cheap", "minPrice must be a number"),
        ("minRating=9", "minRating must be between 0 and 5"),
        ("limit=500", "limit must be between 1 and 200"),
        ("page=0", "page must be 1 or more"),
        ("maxPrice=-5", "Prices cannot be negative"),
        ("view=thumbnail", "view must be one of full, card"),
    ] {
        let res = app.get(&format!("/api/plants?{query}"), None).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(res.message(), message, "{query}");
        assert_eq!(res.body["success"], false);
    }
}

/// What the `card` view makes of a description: the first 100 characters and `…` when longer.
fn card_cut(text: &str) -> String {
    if text.chars().count() <= 100 {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(100).collect::<String>())
    }
}

#[tokio::test]
async fn the_card_view_cuts_descriptions_to_what_a_card_shows_and_nothing_else() {
    let app = TestApp::demo().await;
    let full = app.get("/api/plants?limit=200&sortBy=name", None).await;
    let card = app
        .get("/api/plants?limit=200&sortBy=name&view=card", None)
        .await;
    assert_eq!(card.status, StatusCode::OK);
    // The descriptions are most of a plant's bytes (67 KB → 37 KB for the demo's 40 plants).
    assert!(
        card.bytes.len() * 5 < full.bytes.len() * 3,
        "{} of {} bytes",
        card.bytes.len(),
        full.bytes.len()
    );
    // The default is the whole plant, as `view=full` and as the plant's own answer.
    let whole = app
        .get("/api/plants?limit=200&sortBy=name&view=full", None)
        .await;
    assert_eq!(whole.body, full.body);
    let first = &full.body["plants"][0];
    let detail = app
        .get(
            &format!("/api/plants/{}", first["_id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(detail.body["plant"], *first);

    let (full_plants, card_plants) = (
        full.body["plants"].as_array().unwrap(),
        card.body["plants"].as_array().unwrap(),
    );
    assert_eq!(full_plants.len(), card_plants.len());
    for key in ["total", "page", "pages", "success"] {
        assert_eq!(card.body[key], full.body[key], "{key}");
    }
    let mut cut = [0, 0];
    for (whole, card) in full_plants.iter().zip(card_plants) {
        for (i, key) in ["description", "descriptionHi"].into_iter().enumerate() {
            match whole[key].as_str() {
                Some(text) => {
                    let shown = card[key].as_str().unwrap();
                    assert_eq!(shown, card_cut(text), "{key} of {}", whole["name"]);
                    cut[i] += usize::from(shown != text);
                }
                None => assert!(card[key].is_null(), "{key} of {}", whole["name"]),
            }
        }
        // Every other field is the plant's own.
        let strip = |plant: &Value| {
            let mut plant = plant.clone();
            let fields = plant.as_object_mut().unwrap();
            fields.remove("description");
            fields.remove("descriptionHi");
            plant
        };
        assert_eq!(strip(card), strip(whole));
    }
    // Both languages were cut (the demo's descriptions run to a few hundred characters).
    assert!(cut[0] > 10 && cut[1] > 10, "{cut:?}");

    // A query too long to key the cache by its text: the view still tells the answers apart.
    let long = format!("limit=3&sortBy=name&pad={}", "x".repeat(600));
    let full = app.get(&format!("/api/plants?{long}"), None).await;
    let card = app
        .get(&format!("/api/plants?{long}&view=card"), None)
        .await;
    let text = full.body["plants"][0]["description"].as_str().unwrap();
    assert!(text.chars().count() > 100);
    assert_eq!(card.body["plants"][0]["description"], card_cut(text));
}

#[tokio::test]
async fn a_plant_is_found_by_id_or_code() {
    let app = TestApp::demo().await;
    let list = app.get("/api/plants?limit=1", None).await;
    let plant = &list.body["plants"][0];
    let by_id = app
        .get(
            &format!("/api/plants/{}", plant["_id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(by_id.status, StatusCode::OK);
    assert_eq!(&by_id.body["plant"], plant);
    let code = plant["plantId"].as_str().unwrap();
    assert!(code.starts_with("PL-"));
    let by_code = app.get(&format!("/api/plants/{code}"), None).await;
    assert_eq!(by_code.body["plant"]["_id"], plant["_id"]);
    let missing = app.get("/api/plants/PL-999999", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.message(), "Plant not found");
}

#[tokio::test]
async fn categories_are_the_six_of_the_spec() {
    let app = TestApp::new().await;
    let res = app.get("/api/plants/categories/list", None).await;
    assert_eq!(
        res.body["categories"],
        serde_json::json!([
            "Indoor",
            "Outdoor",
            "Succulents",
            "Flowering",
            "Herbs",
            "Trees"
        ])
    );
}

#[tokio::test]
async fn catalogue_responses_carry_etags_and_honour_them() {
    let app = TestApp::demo().await;
    let first = app.get("/api/plants?category=Herbs", None).await;
    let etag = first.headers[header::ETAG].to_str().unwrap().to_string();
    assert_eq!(first.headers[header::CACHE_CONTROL], "no-cache");
    let request = TestApp::request(Method::GET, "/api/plants?category=Herbs", None)
        .header(header::IF_NONE_MATCH, &etag)
        .body(Body::empty())
        .unwrap();
    let again = app.send(request).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.bytes.is_empty());

    // A change to a listed plant changes the tag.
    let admin = app.admin().await;
    let id = first.body["plants"][0]["_id"].as_str().unwrap();
    let res = app.delete(&format!("/api/plants/{id}"), Some(&admin)).await;
    assert_eq!(res.status, StatusCode::OK);
    let request = TestApp::request(Method::GET, "/api/plants?category=Herbs", None)
        .header(header::IF_NONE_MATCH, &etag)
        .body(Body::empty())
        .unwrap();
    let after = app.send(request).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_ne!(after.headers[header::ETAG].to_str().unwrap(), etag);
    assert!(!after.body["plants"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p: &Value| p["_id"] == id));
}

#[tokio::test]
async fn config_lists_demo_accounts_only_in_a_demo_shop() {
    let demo = TestApp::demo().await;
    let res = demo.get("/api/config", None).await;
    assert_eq!(res.body["demo"]["enabled"], true);
    let accounts = res.body["demo"]["accounts"].as_array().unwrap().clone();
    assert_eq!(accounts.len(), 2);
    for account in &accounts {
        let login = demo
            .post(
                "/api/auth/login",
                None,
                serde_json::json!({ "email": account["email"], "password": account["password"] }),
            )
            .await;
        assert_eq!(login.status, StatusCode::OK, "{account}");
        assert_eq!(login.body["user"]["role"], account["role"]);
    }
    assert_eq!(res.body["categories"].as_array().unwrap().len(), 6);

    let plain = TestApp::new().await;
    let res = plain.get("/api/config", None).await;
    assert_eq!(res.body["demo"]["enabled"], false);
    assert!(res.body["demo"]["accounts"].as_array().unwrap().is_empty());
    assert_eq!(plain.get("/api/plants", None).await.body["total"], 0);
}

#[tokio::test]
async fn the_catalogue_cache_serves_repeats_but_never_a_deleted_plant_or_an_old_stock() {
    let app = TestApp::build(|c| c.catalogue_cache_ms = 1000).await;
    let admin = app.admin().await;
    let palm = app.add_plant(&admin, "Areca Palm", 499, 10).await;
    let lily = app.add_plant(&admin, "Peace Lily", 399, 10).await;
    let first = app.get("/api/plants", None).await;
    assert_eq!(first.body["total"], 2);

    // A customer's order changes stock without touching the catalogue: cached up to a second.
    let me = app.customer().await;
    app.add_to_cart(&me, &palm, 3).await;
    assert_eq!(app.place_order(&me).await.status, StatusCode::CREATED);
    tokio::time::sleep(std::time::Duration::from_millis(1050)).await;
    let fresh = app.get(&format!("/api/plants/{palm}"), None).await;
    assert_eq!(
        fresh.body["plant"]["stock"], 7,
        "older than a second is never served"
    );

    // An admin delete is visible at once.
    app.get("/api/plants", None).await;
    app.delete(&format!("/api/plants/{lily}"), Some(&admin))
        .await;
    let after = app.get("/api/plants", None).await;
    assert_eq!(after.body["total"], 1);
    assert_eq!(
        app.get(&format!("/api/plants/{lily}"), None).await.status,
        StatusCode::NOT_FOUND
    );

    // Cached responses are compressed for clients that accept it.
    let request = TestApp::request(Method::GET, "/api/plants", None)
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let gz = app.send(request).await;
    assert_eq!(gz.headers[header::CONTENT_ENCODING], "gzip");
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz.bytes[..]), &mut text)
        .unwrap();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap()["total"], 1);
}

#[tokio::test]
async fn every_demo_review_count_is_reviews_one_can_read() {
    let app = TestApp::demo().await;
    let res = app.get("/api/plants?limit=200", None).await;
    let plants = res.body["plants"].as_array().unwrap();
    let mut written = 0;
    for plant in plants {
        let id = plant["_id"].as_str().unwrap();
        let count = plant["reviewCount"].as_i64().unwrap();
        let mut read = Vec::new();
        for page in 1.. {
            let res = app
                .get(&format!("/api/plants/{id}/reviews?page={page}"), None)
                .await;
            assert_eq!(res.status, StatusCode::OK);
            assert_eq!(res.body["total"], count, "{}", plant["name"]);
            read.extend(res.body["reviews"].as_array().unwrap().clone());
            if page >= res.body["pages"].as_i64().unwrap() {
                break;
            }
        }
        assert_eq!(read.len() as i64, count, "{}", plant["name"]);
        for review in &read {
            assert!(review["text"].as_str().is_some_and(|t| t.len() > 20));
            assert_eq!(review["verified"], true);
            assert!(!review["name"].as_str().unwrap().contains(' '));
        }
        if count > 0 {
            let sum: i64 = read.iter().map(|r| r["rating"].as_i64().unwrap()).sum();
            let average = (sum as f64 / count as f64 * 10.0).round() / 10.0;
            assert_eq!(plant["rating"].as_f64().unwrap(), average);
        }
        written += count;
    }
    assert!(written >= 90, "the demo has its reviews: {written}");
    // Seeding again (a restart) adds none.
    hariyali::seed::seed_demo(&app.state.db, &app.state.media)
        .await
        .unwrap();
    let again = app.get("/api/plants?limit=200", None).await;
    let total = |body: &serde_json::Value| -> i64 {
        body["plants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["reviewCount"].as_i64().unwrap())
            .sum()
    };
    assert_eq!(total(&again.body), written);
}
