//! Admin catalogue management: the plant form rules, photos and their limits, roles.

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use common::{jpeg, media_files, png, png_bomb, Multipart, TestApp};

async fn create(app: &TestApp, token: Option<&str>, form: Multipart) -> common::TestResponse {
    app.send(form.request(Method::POST, "/api/plants", token))
        .await
}

#[tokio::test]
async fn an_admin_adds_a_plant_with_a_photo_served_as_webp() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let res = create(
        &app,
        Some(&admin),
        Multipart::plant("Calathea Orbifolia").file(
            "image",
            "leaf.jpg",
            "image/jpeg",
            &jpeg(1600, 1200),
        ),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.message(), "Plant added successfully!");
    let plant = &res.body["plant"];
    assert_eq!(plant["name"], "Calathea Orbifolia");
    assert_eq!(plant["price"], 349);
    assert_eq!(plant["originalPrice"], 449);
    assert_eq!(plant["stock"], 12);
    assert_eq!(
        plant["categories"],
        serde_json::json!(["Indoor", "Succulents"])
    );
    assert_eq!(plant["rating"], 0.0);
    assert_eq!(plant["reviewCount"], 0);
    assert!(plant["plantId"].as_str().unwrap().starts_with("PL-"));

    for (field, longest) in [("image", 1200), ("thumbnail", 480)] {
        let url = plant[field].as_str().unwrap();
        let served = app.get(url, None).await;
        assert_eq!(served.status, StatusCode::OK, "{url}");
        assert_eq!(served.headers[header::CONTENT_TYPE], "image/webp");
        assert_eq!(
            served.headers[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
        let decoded = image::load_from_memory(&served.bytes).unwrap();
        assert_eq!(decoded.width().max(decoded.height()), longest, "{field}");
    }

    let listed = app.get("/api/plants?search=orbifolia", None).await;
    assert_eq!(listed.body["total"], 1);
    assert_eq!(listed.body["plants"][0]["_id"], plant["_id"]);
}

#[tokio::test]
async fn visitors_and_customers_cannot_manage_plants() {
    let app = TestApp::demo().await;
    let customer = app.customer().await;
    let id = app.get("/api/plants?limit=1", None).await.body["plants"][0]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(customer.as_str()), StatusCode::FORBIDDEN),
    ] {
        assert_eq!(
            create(&app, token, Multipart::plant("Sneaky Fern"))
                .await
                .status,
            status
        );
        let update = app
            .send(Multipart::plant("Sneaky Fern").request(
                Method::PUT,
                &format!("/api/plants/{id}"),
                token,
            ))
            .await;
        assert_eq!(update.status, status);
        assert_eq!(
            app.delete(&format!("/api/plants/{id}"), token).await.status,
            status
        );
        assert_eq!(
            app.get("/api/plants/stats/count", token).await.status,
            status
        );
    }
    let forbidden = app.get("/api/plants/stats/count", Some(&customer)).await;
    assert_eq!(
        forbidden.message(),
        "You do not have permission to perform this action."
    );
    assert_eq!(
        app.get(&format!("/api/plants/{id}"), None).await.status,
        StatusCode::OK,
        "still there"
    );
}

#[tokio::test]
async fn every_broken_rule_of_the_plant_form_is_reported_together() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let form = Multipart::new()
        .text("name", "X1")
        .text("description", "too short")
        .text("price", "0")
        .text("originalPrice", "12.5")
        .text("stock", "10001");
    let res = create(&app, Some(&admin), form).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.error_fields(),
        [
            "name",
            "description",
            "price",
            "originalPrice",
            "stock",
            "categories"
        ]
    );
    assert_eq!(
        res.error_messages(),
        [
            "Plant name can only contain letters, spaces, hyphens and apostrophes",
            "Description must be between 10 and 1000 characters",
            "Price must be between 1 and 999,999",
            "Original price must be a whole number",
            "Stock must be between 0 and 10,000",
            "Please select at least one category",
        ]
    );

    let res = create(&app, Some(&admin), Multipart::new()).await;
    assert_eq!(
        res.error_messages(),
        [
            "Plant name is required",
            "Description is required",
            "Price is required",
            "Stock is required",
            "Please select at least one category"
        ]
    );

    let mut six = Multipart::plant("Overcategorised Plant");
    for c in ["Outdoor", "Flowering", "Herbs", "Trees"] {
        six = six.text("categories", c);
    }
    let res = create(&app, Some(&admin), six).await;
    assert_eq!(
        res.error_messages(),
        ["Cannot select more than 5 categories"]
    );

    let res = create(
        &app,
        Some(&admin),
        Multipart::plant("Pricey Plant").text("originalPrice", "100"),
    )
    .await;
    assert_eq!(
        res.error_messages(),
        ["Original price must be greater than or equal to the price"]
    );
    let res = create(
        &app,
        Some(&admin),
        Multipart::plant("Pricey Plant")
            .text("price", "1000000")
            .text("originalPrice", ""),
    )
    .await;
    assert_eq!(
        res.error_messages(),
        ["Price must be between 1 and 999,999"]
    );
    let res = create(
        &app,
        Some(&admin),
        Multipart::plant("Half Plant").text("stock", "2.5"),
    )
    .await;
    assert_eq!(res.error_messages(), ["Stock must be a whole number"]);
    let res = create(
        &app,
        Some(&admin),
        Multipart::plant("Weird Plant").text("categories", "Cacti"),
    )
    .await;
    assert_eq!(res.error_messages(), ["Unknown category: Cacti"]);
    let res = create(&app, Some(&admin), Multipart::plant(&"A".repeat(101))).await;
    assert_eq!(
        res.error_messages(),
        ["Plant name must be between 2 and 100 characters"]
    );
    assert_eq!(
        app.get("/api/plants", None).await.body["total"],
        0,
        "nothing was written"
    );
}

#[tokio::test]
async fn a_duplicate_name_is_a_conflict() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    assert_eq!(
        create(&app, Some(&admin), Multipart::plant("Snake Plant"))
            .await
            .status,
        StatusCode::CREATED
    );
    let res = create(
        &app,
        Some(&admin),
        Multipart::plant("snake plant").file("image", "s.png", "image/png", &png(300, 300)),
    )
    .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.message(), "A plant with this name already exists");
    assert_eq!(media_files(&app), 0, "no picture kept for a refused plant");
}

#[tokio::test]
async fn bad_uploads_are_refused_and_leave_nothing_behind() {
    let app = TestApp::new().await;
    let admin = app.admin().await;

    let text = create(
        &app,
        Some(&admin),
        Multipart::plant("Fake Photo").file(
            "image",
            "photo.jpg",
            "image/jpeg",
            b"this is plain text, not a picture",
        ),
    )
    .await;
    assert_eq!(text.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        text.error_messages(),
        ["Image must be in JPEG, PNG, or WebP format"]
    );

    let gif = create(
        &app,
        Some(&admin),
        Multipart::plant("Gif Plant").file(
            "image",
            "a.png",
            "image/png",
            b"GIF89a\x01\x00\x01\x00\x80\x00\x00",
        ),
    )
    .await;
    assert_eq!(
        gif.error_messages(),
        ["Image must be in JPEG, PNG, or WebP format"]
    );

    let mut big = jpeg(64, 64);
    big.resize(6 * 1024 * 1024, 0);
    let too_big = create(
        &app,
        Some(&admin),
        Multipart::plant("Huge Photo").file("image", "huge.jpg", "image/jpeg", &big),
    )
    .await;
    assert!(
        matches!(
            too_big.status,
            StatusCode::PAYLOAD_TOO_LARGE | StatusCode::BAD_REQUEST
        ),
        "{}",
        too_big.status
    );
    assert_eq!(too_big.message(), "Image size cannot exceed 5MB");

    let bomb = create(
        &app,
        Some(&admin),
        Multipart::plant("Bomb Plant").file("image", "bomb.png", "image/png", &png_bomb()),
    )
    .await;
    assert_eq!(bomb.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bomb.error_messages(),
        ["Image must be in JPEG, PNG, or WebP format, at most 10000 × 10000 pixels and 50 megapixels"]
    );

    let mut broken = png(100, 100);
    broken.truncate(80);
    let broken = create(
        &app,
        Some(&admin),
        Multipart::plant("Broken Photo").file("image", "b.png", "image/png", &broken),
    )
    .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(broken.error_fields(), ["image"]);

    assert_eq!(app.get("/api/plants", None).await.body["total"], 0);
    assert_eq!(media_files(&app), 0);
}

#[tokio::test]
async fn an_admin_edits_a_plant_and_keeps_its_photo_unless_a_new_one_comes() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let created = create(
        &app,
        Some(&admin),
        Multipart::plant("Rubber Plant").file("image", "r.png", "image/png", &png(800, 800)),
    )
    .await;
    let id = created.body["plant"]["_id"].as_str().unwrap().to_string();
    let code = created.body["plant"]["plantId"]
        .as_str()
        .unwrap()
        .to_string();
    let image = created.body["plant"]["image"].clone();

    let edit = Multipart::new()
        .text("name", "Rubber Plant Burgundy")
        .text("description", "Glossy dark leaves on a sturdy stem.")
        .text("price", "599")
        .text("stock", "4")
        .text("categories", "Indoor");
    let res = app
        .send(edit.request(Method::PUT, &format!("/api/plants/{code}"), Some(&admin)))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.message(), "Plant updated successfully!");
    let plant = &res.body["plant"];
    assert_eq!(plant["name"], "Rubber Plant Burgundy");
    assert_eq!(plant["price"], 599);
    assert_eq!(plant["originalPrice"], serde_json::Value::Null);
    assert_eq!(plant["categories"], serde_json::json!(["Indoor"]));
    assert_eq!(plant["image"], image);
    assert_eq!(plant["plantId"], code.as_str());

    let with_photo = Multipart::plant("Rubber Plant Burgundy").file(
        "image",
        "n.jpg",
        "image/jpeg",
        &jpeg(500, 700),
    );
    let res = app
        .send(with_photo.request(Method::PUT, &format!("/api/plants/{id}"), Some(&admin)))
        .await;
    assert_ne!(res.body["plant"]["image"], image);

    let bad = app
        .send(Multipart::new().text("name", "").request(
            Method::PUT,
            &format!("/api/plants/{id}"),
            Some(&admin),
        ))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let missing = app
        .send(Multipart::plant("Ghost Plant").request(
            Method::PUT,
            "/api/plants/PL-424242",
            Some(&admin),
        ))
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    create(&app, Some(&admin), Multipart::plant("Jade Plant")).await;
    let clash = app
        .send(Multipart::plant("JADE PLANT").request(
            Method::PUT,
            &format!("/api/plants/{id}"),
            Some(&admin),
        ))
        .await;
    assert_eq!(clash.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn deleting_hides_a_plant_and_never_reuses_its_code() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let first = create(&app, Some(&admin), Multipart::plant("Areca Palm"))
        .await
        .body["plant"]
        .clone();
    create(&app, Some(&admin), Multipart::plant("Peace Lily")).await;
    let count = app.get("/api/plants/stats/count", Some(&admin)).await;
    assert_eq!(count.body["stats"]["totalPlants"], 2);

    let id = first["_id"].as_str().unwrap();
    let res = app.delete(&format!("/api/plants/{id}"), Some(&admin)).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.message(), "Plant deleted successfully!");
    assert_eq!(
        app.get(&format!("/api/plants/{id}"), None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.delete(&format!("/api/plants/{id}"), Some(&admin))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get("/api/plants", None).await.body["total"], 1);
    assert_eq!(
        app.get("/api/plants/stats/count", Some(&admin)).await.body["stats"]["totalPlants"],
        1
    );

    // The name is free again, the code is not.
    let again = create(&app, Some(&admin), Multipart::plant("Areca Palm")).await;
    assert_eq!(again.status, StatusCode::CREATED);
    let codes: Vec<i64> = [&first, &again.body["plant"]]
        .iter()
        .map(|p| p["plantId"].as_str().unwrap()[3..].parse().unwrap())
        .collect();
    assert!(codes[1] > codes[0] + 1, "{codes:?}");
}

#[tokio::test]
async fn a_picture_is_revalidated_by_its_name_alone() {
    let app = TestApp::demo().await;
    let listed = app.get("/api/plants?limit=1", None).await;
    let url = listed.body["plants"][0]["image"]
        .as_str()
        .unwrap()
        .to_string();
    let first = app.get(&url, None).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.headers[header::ETAG].clone();
    let again = app
        .send(
            TestApp::request(Method::GET, &url, None)
                .header(header::IF_NONE_MATCH, etag.clone())
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers[header::ETAG], etag);
    assert!(again.bytes.is_empty());
    // Another picture's validator does not match.
    let other = app
        .send(
            TestApp::request(Method::GET, &url, None)
                .header(header::IF_NONE_MATCH, "\"0123456789abcdef01234567\"")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(other.bytes, first.bytes);
}

/// A plant sent as JSON instead of a form gets the contract's JSON 400, not axum's plain
/// text (schemathesis' content-type check would fail on the latter).
#[tokio::test]
async fn a_plant_that_is_not_a_form_is_a_json_400() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let id = app.add_plant(&admin, "Jade Plant", 299, 5).await;
    for (method, path) in [
        (Method::POST, "/api/plants".to_string()),
        (Method::PUT, format!("/api/plants/{id}")),
    ] {
        let res = app
            .json(
                method.clone(),
                &path,
                Some(&admin),
                serde_json::json!({ "name": "Jade" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{method} {path}");
        assert_eq!(
            res.headers[header::CONTENT_TYPE],
            "application/json",
            "{method} {path}"
        );
        assert_eq!(res.body["success"], false);
        assert_eq!(res.message(), "Send the plant as multipart/form-data.");
    }
}
