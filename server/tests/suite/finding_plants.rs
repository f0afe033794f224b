//! Finding the right plant (issue 19): care at a glance, the forgiving search and its
//! suggestions, the catalogue in Hindi, and the admin form's new fields. Runs on SQLite and,
//! with `HARIYALI_TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Multipart, TestApp, TestResponse};
use hariyali::config::{BoolFlag, ServeConfig, StorageConfig};
use serde_json::Value;

fn names(res: &TestResponse) -> Vec<String> {
    res.body["plants"]
        .as_array()
        .unwrap_or_else(|| panic!("no plants in {}", res.body))
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

fn suggested(res: &TestResponse) -> Vec<String> {
    res.body["suggestions"]
        .as_array()
        .unwrap_or_else(|| panic!("no suggestions in {}", res.body))
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

fn query(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

async fn plant_named(app: &TestApp, name: &str) -> Value {
    let res = app.get("/api/plants?limit=200", None).await;
    res.body["plants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} not in the catalogue"))
        .clone()
}

#[tokio::test]
async fn every_demo_plant_has_care_and_hindi_from_the_knowledge_base() {
    let app = TestApp::demo().await;
    let res = app.get("/api/plants?limit=200", None).await;
    for p in res.body["plants"].as_array().unwrap() {
        let care = &p["care"];
        assert!(care.is_object(), "{} has no care", p["name"]);
        assert!(["low", "medium", "bright-indirect", "full-sun"]
            .contains(&care["light"].as_str().unwrap()));
        assert!(["low", "medium", "high"].contains(&care["water"].as_str().unwrap()));
        assert!(["easy", "moderate", "expert"].contains(&care["difficulty"].as_str().unwrap()));
        assert!(care["petSafe"].is_boolean() && care["childSafe"].is_boolean());
        let hi = p["nameHi"].as_str().expect("nameHi");
        assert!(
            hi.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)),
            "{hi}"
        );
        assert!(
            p["descriptionHi"]
                .as_str()
                .expect("descriptionHi")
                .chars()
                .count()
                >= 10
        );
    }
    // The knowledge base's facts, not guesses: pothos is toxic to cats and dogs.
    let money = plant_named(&app, "Money Plant").await;
    assert_eq!(money["care"]["petSafe"], false);
    assert_eq!(money["nameHi"], "मनी प्लांट");
    let spider = plant_named(&app, "Spider Plant").await;
    assert_eq!(spider["care"]["petSafe"], true);
    assert_eq!(plant_named(&app, "Hibiscus").await["nameHi"], "गुड़हल");
    let detail = app
        .get(
            &format!("/api/plants/{}", money["plantId"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(detail.body["plant"]["care"], money["care"]);
}

#[tokio::test]
async fn search_forgives_typos_hindi_aliases_and_care_words() {
    let app = TestApp::demo().await;
    for (typed, want) in [
        ("snak plant", "Snake Plant"),
        ("moneyplant", "Money Plant"),
        ("aloevera", "Aloe Vera"),
        ("तुलसी", "Tulsi"),
        ("tulsi", "Tulsi"),
        ("gudhal", "Hibiscus"),
        ("गुड़हल", "Hibiscus"),
        ("pothos", "Money Plant"),
        ("mother-in-law's tongue", "Snake Plant"),
        ("SNAKE PLANT", "Snake Plant"),
    ] {
        let res = app
            .get(&format!("/api/plants?search={}", query(typed)), None)
            .await;
        assert_eq!(res.status, StatusCode::OK);
        let found = names(&res);
        assert_eq!(
            found.first().map(String::as_str),
            Some(want),
            "{typed}: {found:?}"
        );
    }
    // Care words filter by the plants' care.
    let res = app
        .get("/api/plants?search=pet%20safe&limit=200", None)
        .await;
    assert!(res.body["total"].as_i64().unwrap() >= 5, "{}", res.body);
    for p in res.body["plants"].as_array().unwrap() {
        assert_eq!(p["care"]["petSafe"], true, "{}", p["name"]);
    }
    let res = app
        .get("/api/plants?search=low%20light&limit=200", None)
        .await;
    assert!(names(&res).contains(&"Snake Plant".to_string()));
    for p in res.body["plants"].as_array().unwrap() {
        assert_eq!(p["care"]["light"], "low", "{}", p["name"]);
    }
    // An exact name wins over plants that share its words.
    let res = app.get("/api/plants?search=Spider%20Plant", None).await;
    assert_eq!(names(&res)[0], "Spider Plant");
    // Best match first unless another order is asked for, which then holds.
    let res = app
        .get(
            "/api/plants?search=plant&sortBy=price&sortOrder=asc&limit=200",
            None,
        )
        .await;
    let prices: Vec<i64> = res.body["plants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_i64().unwrap())
        .collect();
    assert!(
        prices.len() > 3 && prices.windows(2).all(|w| w[0] <= w[1]),
        "{prices:?}"
    );
    // Paging through relevance-ordered matches: pages do not overlap and `total` is right.
    let all = names(&app.get("/api/plants?search=plant&limit=200", None).await);
    let first = app
        .get("/api/plants?search=plant&limit=2&page=1", None)
        .await;
    let second = app
        .get("/api/plants?search=plant&limit=2&page=2", None)
        .await;
    assert_eq!(first.body["total"].as_i64().unwrap() as usize, all.len());
    assert_eq!(
        [names(&first), names(&second)].concat(),
        all[..4.min(all.len())]
    );
    // Search combines with the other filters.
    let res = app
        .get("/api/plants?search=tulsi&category=Succulents", None)
        .await;
    assert_eq!(res.body["total"], 0);
}

#[tokio::test]
async fn pet_safe_and_light_filters_and_their_bad_values() {
    let app = TestApp::demo().await;
    let res = app
        .get("/api/plants?petSafe=true&light=low&limit=200", None)
        .await;
    assert_eq!(res.status, StatusCode::OK);
    for p in res.body["plants"].as_array().unwrap() {
        assert_eq!(p["care"]["petSafe"], true);
        assert_eq!(p["care"]["light"], "low");
    }
    let safe = app.get("/api/plants?petSafe=true&limit=200", None).await;
    let unsafe_ = app.get("/api/plants?petSafe=false&limit=200", None).await;
    let all = app.get("/api/plants?limit=200", None).await;
    assert!(safe.body["total"].as_i64().unwrap() > 0);
    assert_eq!(
        safe.body["total"].as_i64().unwrap() + unsafe_.body["total"].as_i64().unwrap(),
        all.body["total"].as_i64().unwrap()
    );
    assert!(!names(&safe).contains(&"Money Plant".to_string()));
    let sunny = app.get("/api/plants?light=full-sun&limit=200", None).await;
    assert!(names(&sunny).contains(&"Hibiscus".to_string()));
    for (path, message) in [
        ("/api/plants?petSafe=maybe", "petSafe must be true or false"),
        (
            "/api/plants?light=dark",
            "light must be one of low, medium, bright-indirect, full-sun",
        ),
        (
            "/api/plants?minPrice=500&maxPrice=100",
            "The minimum price (₹500) is above the maximum price (₹100)",
        ),
        (
            "/api/plants?search=tulsi&sortBy=popularity",
            "sortBy must be one of name, price, rating, newest, relevance",
        ),
    ] {
        let res = app.get(path, None).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(res.message(), message, "{path}");
    }
    // Equal bounds are a real range.
    let res = app.get("/api/plants?minPrice=249&maxPrice=249", None).await;
    assert_eq!(res.status, StatusCode::OK);
}

#[tokio::test]
async fn suggestions_complete_what_is_typed() {
    let app = TestApp::demo().await;
    let res = app.get("/api/plants/suggest?q=sna", None).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["success"], true);
    assert_eq!(suggested(&res)[0], "Snake Plant");
    let first = &res.body["suggestions"][0];
    let mut fields: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        ["_id", "image", "name", "nameHi", "plantId", "price"]
    );
    assert!(first["plantId"].as_str().unwrap().starts_with("PL-"));
    for (typed, want) in [
        ("तुल", "Tulsi"),
        ("gudh", "Hibiscus"),
        ("snak plan", "Snake Plant"),
        ("aloev", "Aloe Vera"),
        ("मनी", "Money Plant"),
    ] {
        let res = app
            .get(&format!("/api/plants/suggest?q={}", query(typed)), None)
            .await;
        assert_eq!(
            suggested(&res).first().map(String::as_str),
            Some(want),
            "{typed}"
        );
    }
    // Never more than eight, and nothing for nothing typed.
    let res = app.get("/api/plants/suggest?q=plant", None).await;
    let n = suggested(&res).len();
    assert!((1..=8).contains(&n), "{n}");
    let res = app.get("/api/plants/suggest?q=", None).await;
    assert_eq!(res.body["suggestions"], Value::Array(vec![]));
    let res = app.get("/api/plants/suggest", None).await;
    assert_eq!(res.body["suggestions"], Value::Array(vec![]));
    let res = app.get("/api/plants/suggest?q=%25%25", None).await;
    assert_eq!(res.body["suggestions"], Value::Array(vec![]));
    let long = "a".repeat(101);
    let res = app
        .get(&format!("/api/plants/suggest?q={long}"), None)
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.message(), "q must be at most 100 characters");
    // Signed-in callers get the same answer.
    let customer = app.customer().await;
    let admin = app.admin().await;
    for token in [&customer, &admin] {
        let res = app.get("/api/plants/suggest?q=sna", Some(token)).await;
        assert_eq!(suggested(&res)[0], "Snake Plant");
    }
}

fn with_care(form: Multipart, care: [&str; 5]) -> Multipart {
    form.text("careLight", care[0])
        .text("careWater", care[1])
        .text("careDifficulty", care[2])
        .text("carePetSafe", care[3])
        .text("careChildSafe", care[4])
}

#[tokio::test]
async fn the_admin_form_sets_keeps_and_clears_care_and_hindi() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let form = with_care(
        Multipart::plant("Neelkamal")
            .text("nameHi", "नीलकमल")
            .text("descriptionHi", "पानी में उगने वाला नीला कमल, धूप पसंद है।"),
        ["full-sun", "high", "moderate", "true", "true"],
    );
    let res = app
        .send(form.request(Method::POST, "/api/plants", Some(&admin)))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.body);
    let plant = &res.body["plant"];
    assert_eq!(plant["nameHi"], "नीलकमल");
    assert_eq!(plant["care"]["light"], "full-sun");
    assert_eq!(plant["care"]["petSafe"], true);
    let id = plant["_id"].as_str().unwrap().to_string();

    // The new plant is found by its Hindi name at once, with a typo in English.
    let res = app.get("/api/plants/suggest?q=नीलकम", None).await;
    assert_eq!(suggested(&res), ["Neelkamal"]);
    let res = app.get("/api/plants?search=neelkamel", None).await;
    assert_eq!(names(&res), ["Neelkamal"]);

    // Fields left out keep their values.
    let res = app
        .send(Multipart::plant("Neelkamal").request(
            Method::PUT,
            &format!("/api/plants/{id}"),
            Some(&admin),
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(res.body["plant"]["nameHi"], "नीलकमल");
    assert_eq!(res.body["plant"]["care"]["water"], "high");
    // Sent empty, they are cleared.
    let res = app
        .send(
            with_care(
                Multipart::plant("Neelkamal").text("nameHi", ""),
                ["", "", "", "", ""],
            )
            .request(Method::PUT, &format!("/api/plants/{id}"), Some(&admin)),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    assert_eq!(res.body["plant"]["nameHi"], Value::Null);
    assert_eq!(res.body["plant"]["care"], Value::Null);
    assert_eq!(
        res.body["plant"]["descriptionHi"],
        "पानी में उगने वाला नीला कमल, धूप पसंद है।"
    );
    let res = app.get("/api/plants/suggest?q=नीलकम", None).await;
    assert!(
        suggested(&res).is_empty(),
        "the old Hindi name is gone from the index"
    );

    // Bad values name their fields; half a care block is refused.
    let res = app
        .send(
            with_care(
                Multipart::plant("Kamal").text("nameHi", "क"),
                ["dim", "low", "easy", "maybe", "no"],
            )
            .request(Method::POST, "/api/plants", Some(&admin)),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.error_fields(), ["nameHi", "careLight", "carePetSafe"]);
    let res = app
        .send(Multipart::plant("Kamal").text("careLight", "low").request(
            Method::POST,
            "/api/plants",
            Some(&admin),
        ))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error_fields(),
        [
            "careWater",
            "careDifficulty",
            "carePetSafe",
            "careChildSafe"
        ]
    );

    // Only an admin may set them.
    let customer = app.customer().await;
    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(customer.as_str()), StatusCode::FORBIDDEN),
    ] {
        let res = app
            .send(
                with_care(
                    Multipart::plant("Kamal"),
                    ["low", "low", "easy", "true", "true"],
                )
                .request(Method::POST, "/api/plants", token),
            )
            .await;
        assert_eq!(res.status, status);
    }

    // A deleted plant leaves the index.
    let res = app.delete(&format!("/api/plants/{id}"), Some(&admin)).await;
    assert_eq!(res.status, StatusCode::OK);
    let res = app.get("/api/plants?search=neelkamal", None).await;
    assert_eq!(res.body["total"], 0);
}

async fn instance(url: &str, dir: &std::path::Path, freshness_ms: u64) -> axum::Router {
    let storage = StorageConfig {
        database_url: Some(url.to_string()),
        data_dir: dir.to_path_buf(),
        db_pool_size: Some(2),
        s3: Default::default(),
    };
    let mut config = ServeConfig::for_tests();
    config.demo = Some(BoolFlag(true));
    config.catalogue_cache_ms = freshness_ms;
    hariyali::app(
        hariyali::build_state(&storage, config)
            .await
            .expect("state"),
    )
}

async fn suggest_on(router: &axum::Router, q: &str) -> Vec<String> {
    use tower::ServiceExt;
    let request = axum::http::Request::get(format!("/api/plants/suggest?q={}", query(q)))
        .body(axum::body::Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    body["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect()
}

/// Two instances on one database: a plant added through one is suggested by the other
/// within the freshness period, because every instance watches `catalogue_version`.
#[tokio::test]
async fn another_instance_learns_of_a_change_within_the_freshness_period() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(dir.path()).await;
    let first = instance(&url, dir.path(), 300).await;
    let second = instance(&url, dir.path(), 300).await;
    let before = suggest_on(&second, "neelk").await;
    assert!(
        !before.contains(&"Neelkamal".to_string()),
        "index built before the change"
    );

    use tower::ServiceExt;
    let login = axum::http::Request::post("/api/auth/login")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(
            r#"{"email":"admin@hariyali.in","password":"Admin@2025"}"#,
        ))
        .unwrap();
    let res = first.clone().oneshot(login).await.unwrap();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    let token = body["token"]
        .as_str()
        .expect("demo admin signs in")
        .to_string();
    let res = first
        .clone()
        .oneshot(Multipart::plant("Neelkamal").request(Method::POST, "/api/plants", Some(&token)))
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    // The instance that made the change knows at once.
    assert_eq!(suggest_on(&first, "neelk").await[0], "Neelkamal");
    // The other one within its freshness period (300 ms here).
    tokio::time::sleep(std::time::Duration::from_millis(350)).await;
    assert_eq!(suggest_on(&second, "neelk").await[0], "Neelkamal");
}

/// Hindi mode shows the Hindi name in the cart and the orders too: both carry it (orders the
/// plant's current one, beside the English name they were placed under).
#[tokio::test]
async fn the_cart_and_orders_carry_the_hindi_name() {
    let app = TestApp::demo().await;
    let admin = app.admin().await;
    let customer = app.customer().await;
    let tulsi = plant_named(&app, "Tulsi").await;
    let tulsi_id = tulsi["_id"].as_str().unwrap();
    let plain = app.add_plant(&admin, "Plain Fern", 199, 5).await;
    assert_eq!(
        app.add_to_cart(&customer, tulsi_id, 1).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.add_to_cart(&customer, &plain, 1).await.status,
        StatusCode::OK
    );

    let cart = app.get("/api/cart", Some(&customer)).await;
    let lines = cart.body["cart"]["items"].as_array().unwrap().clone();
    let line = |name: &str| {
        lines
            .iter()
            .find(|l| l["plantId"]["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {lines:?}"))
            .clone()
    };
    assert_eq!(line("Tulsi")["plantId"]["nameHi"], "तुलसी");
    assert!(line("Plain Fern")["plantId"]["nameHi"].is_null());

    let placed = app.place_order(&customer).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.body);
    let check = |order: &Value| {
        let items = order["items"].as_array().unwrap();
        let tulsi_line = items.iter().find(|i| i["plantName"] == "Tulsi").unwrap();
        assert_eq!(tulsi_line["plantNameHi"], "तुलसी");
        let fern_line = items
            .iter()
            .find(|i| i["plantName"] == "Plain Fern")
            .unwrap();
        assert!(fern_line["plantNameHi"].is_null(), "{fern_line}");
    };
    check(&placed.body["order"]);
    let mine = app.get("/api/orders", Some(&customer)).await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
    check(&mine.body["orders"][0]);
    let all = app.get("/api/orders/admin/all", Some(&admin)).await;
    check(&all.body["orders"][0]);
}
