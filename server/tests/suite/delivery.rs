//! Delivery by PIN code: the public check, the admin's rules, and checkout's refusal and
//! promise (issue 20).

use crate::common;

use axum::http::StatusCode;
use common::{address, TestApp};
use serde_json::json;

#[tokio::test]
async fn the_demo_areas_answer_as_the_shop_facts_say() {
    let app = TestApp::new().await;
    for (pin, city, min, max) in [
        ("110001", Some("Delhi"), 2, 4),
        ("400001", Some("Mumbai"), 2, 4),
        ("411001", Some("Pune"), 2, 4),
        ("500001", Some("Hyderabad"), 2, 4),
        ("560001", Some("Bengaluru"), 2, 4),
        ("600001", Some("Chennai"), 2, 4),
        ("700001", Some("Kolkata"), 2, 4),
        ("682001", None, 4, 8),
        ("248001", None, 4, 8),
    ] {
        let res = app.get(&format!("/api/delivery/{pin}"), None).await;
        assert_eq!(res.status, StatusCode::OK, "{pin}: {:?}", res.body);
        assert_eq!(res.body["serviceable"], true, "{pin}");
        assert_eq!(res.body["cod"], true);
        assert_eq!(res.body["pin"], pin);
        assert_eq!(res.body["region"]["city"].as_str(), city, "{pin}");
        assert_eq!(res.body["estimate"]["minDays"], min, "{pin}");
        assert_eq!(res.body["estimate"]["maxDays"], max, "{pin}");
        assert_eq!(res.body["estimate"]["latest"].as_str().unwrap().len(), 10);
    }
    let uttarakhand = app.get("/api/delivery/248001", None).await;
    assert_eq!(uttarakhand.body["region"]["state"], "Uttarakhand");
    for (pin, state) in [
        ("744101", "Andaman and Nicobar Islands"),
        ("682555", "Lakshadweep"),
    ] {
        let res = app.get(&format!("/api/delivery/{pin}"), None).await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(res.body["serviceable"], false, "{pin}");
        assert_eq!(res.body["region"]["state"], state);
        assert!(res.body["estimate"].is_null());
    }
    // 682 56x is Kerala again, and no area starts with 0 or 9.
    assert_eq!(
        app.get("/api/delivery/682560", None).await.body["serviceable"],
        true
    );
    // No Indian PIN starts with 0: that is a malformed PIN, not an unserved one.
    let nowhere = app.get("/api/delivery/000000", None).await;
    assert_eq!(nowhere.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn odd_pins_get_the_pin_message() {
    let app = TestApp::new().await;
    let huge = "9".repeat(5000);
    for pin in [
        "5600",
        "5600011",
        "56000a",
        "%20560001%20x",
        "-56001",
        "%E0%A5%AB60001",
        huge.as_str(),
        "560%2F01",
    ] {
        let res = app.get(&format!("/api/delivery/{pin}"), None).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{pin}: {:?}", res.body);
        assert_eq!(res.message(), "ZIP Code must be exactly 6 digits", "{pin}");
    }
    let nul = app.get("/api/delivery/56%0001", None).await;
    assert_eq!(nul.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn only_admins_see_and_replace_the_rules_and_bad_lists_are_refused() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let customer = app.customer().await;
    assert_eq!(
        app.get("/api/admin/delivery", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/admin/delivery", Some(&customer)).await.status,
        StatusCode::FORBIDDEN
    );
    let listed = app.get("/api/admin/delivery", Some(&admin)).await;
    assert_eq!(listed.status, StatusCode::OK);
    assert!(listed.body["rules"].as_array().unwrap().len() > 30);

    let good = json!({ "rules": [
        { "from": "56", "state": "Karnataka", "city": "Bengaluru", "serviceable": true, "minDays": 1, "maxDays": 2 },
        { "from": "57", "to": "59", "state": "Karnataka", "serviceable": true, "minDays": 3, "maxDays": 5 },
        { "from": "560100", "state": "Karnataka", "serviceable": false },
    ]});
    assert_eq!(
        app.put("/api/admin/delivery", Some(&customer), good.clone())
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let saved = app.put("/api/admin/delivery", Some(&admin), good).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["rules"][0]["to"], "56");
    let fast = app.get("/api/delivery/560001", None).await;
    assert_eq!(fast.body["estimate"]["maxDays"], 2);
    assert_eq!(
        app.get("/api/delivery/560100", None).await.body["serviceable"],
        false
    );
    assert_eq!(
        app.get("/api/delivery/110001", None).await.body["serviceable"],
        false
    );

    let bad = [
        json!({ "rules": [] }),
        json!({}),
        json!({ "rules": [{ "from": "5a", "state": "Karnataka", "serviceable": true, "minDays": 1, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "1234567", "state": "Karnataka", "serviceable": true, "minDays": 1, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "59", "to": "57", "state": "Karnataka", "serviceable": true, "minDays": 1, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "56", "state": "K", "serviceable": true, "minDays": 1, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "56", "state": "Karnataka", "serviceable": true, "minDays": 5, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "56", "state": "Karnataka", "serviceable": true, "minDays": 0, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "56", "state": "Karnataka", "serviceable": true, "minDays": 1, "maxDays": 61 }] }),
        json!({ "rules": [{ "from": "56", "state": "Karnataka", "serviceable": true }] }),
        json!({ "rules": [{ "from": "744", "state": "Andaman", "serviceable": false, "minDays": 1, "maxDays": 2 }] }),
        json!({ "rules": [{ "from": "56", "state": "Karnataka" }] }),
        json!({ "rules": [{ "from": "56", "state": "Karna\u{7}taka", "serviceable": true, "minDays": 1, "maxDays": 2 }] }),
        json!({ "rules": [
            { "from": "50", "to": "57", "state": "Karnataka", "serviceable": true, "minDays": 1, "maxDays": 2 },
            { "from": "56", "state": "Karnataka", "serviceable": true, "minDays": 1, "maxDays": 2 } ] }),
        json!({ "rules": "everything" }),
    ];
    for body in bad {
        let res = app
            .put("/api/admin/delivery", Some(&admin), body.clone())
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{body}: {:?}",
            res.body
        );
    }
    let flood: Vec<_> = (0..501)
        .map(|i| json!({ "from": format!("{i:03}"), "state": "Karnataka", "serviceable": false }))
        .collect();
    let res = app
        .put(
            "/api/admin/delivery",
            Some(&admin),
            json!({ "rules": flood }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.message(), "At most 500 delivery rules");
    // Nothing refused changed the saved list.
    assert_eq!(
        app.get("/api/delivery/560001", None).await.body["estimate"]["maxDays"],
        2
    );
}

#[tokio::test]
async fn checkout_refuses_an_unserved_pin_and_keeps_the_promise() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let customer = app.customer().await;
    let plant = app.add_plant(&admin, "Snake Plant", 399, 5).await;
    assert_eq!(
        app.add_to_cart(&customer, &plant, 1).await.status,
        StatusCode::OK
    );

    for pin in ["744101", "682551"] {
        let mut unserved = address();
        unserved["zipCode"] = json!(pin);
        let res = app
            .post(
                "/api/orders",
                Some(&customer),
                json!({ "deliveryAddress": unserved }),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{pin}");
        assert_eq!(res.message(), "We do not deliver to this PIN code yet.");
        assert_eq!(res.error_fields(), vec!["zipCode"]);
    }
    assert_eq!(
        app.stock_of(&plant).await,
        5,
        "a refused order takes no stock"
    );

    let placed = app.place_order(&customer).await;
    assert_eq!(placed.status, StatusCode::CREATED, "{:?}", placed.body);
    let estimate = &placed.body["order"]["deliveryEstimate"];
    assert_eq!(estimate["minDays"], 2);
    assert_eq!(estimate["maxDays"], 4);
    let id = placed.body["order"]["_id"].as_str().unwrap();

    // The promise stays with the order when the rules change later.
    let slower = json!({ "rules": [{ "from": "56", "state": "Karnataka", "serviceable": true, "minDays": 9, "maxDays": 12 }] });
    assert_eq!(
        app.put("/api/admin/delivery", Some(&admin), slower)
            .await
            .status,
        StatusCode::OK
    );
    let mine = app.get("/api/orders", Some(&customer)).await;
    assert_eq!(mine.body["orders"][0]["deliveryEstimate"], *estimate);
    let one = app.get(&format!("/api/orders/{id}"), Some(&customer)).await;
    assert_eq!(one.body["order"]["deliveryEstimate"]["maxDays"], 4);
}
