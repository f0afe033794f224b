//! The email/WhatsApp adapter seam (README, "Back-in-stock notifications"): an installed
//! `Notifier` is handed every back-in-stock notice with the customer's name, email and saved
//! mobile number, once, and a failing adapter changes nothing for the admin or the shop.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{Multipart, TestApp};
use futures_util::future::BoxFuture;
use hariyali::notify::{self, Notifier, Recipient};
use serde_json::json;

#[derive(Default)]
struct Outbox {
    sent: Mutex<Vec<(Recipient, String, String)>>,
}

impl Notifier for Outbox {
    fn back_in_stock<'a>(
        &'a self,
        to: &'a Recipient,
        plant_id: &'a str,
        plant_name: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            self.sent.lock().unwrap().push((
                to.clone(),
                plant_id.to_string(),
                plant_name.to_string(),
            ));
            // The provider being down is the adapter's problem, never the admin's.
            anyhow::bail!("the SMTP relay refused the connection")
        })
    }
}

#[tokio::test]
async fn an_installed_adapter_gets_each_back_in_stock_notice_once() {
    let outbox = Arc::new(Outbox::default());
    assert!(notify::install(outbox.clone()));
    assert!(
        !notify::install(Arc::new(Outbox::default())),
        "one adapter per process"
    );

    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (with_phone, _) = app.register("Meera Kulkarni", "meera@example.in").await;
    let (without_phone, _) = app.register("Arjun Reddy", "arjun@example.in").await;
    let address = json!({ "street": "6 Swanand Society, Kothrud", "city": "Pune", "state": "Maharashtra", "zipCode": "411038", "phone": "9822034567" });
    let saved = app
        .put(
            "/api/auth/profile",
            Some(&with_phone),
            json!({ "address": address }),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK);
    let cactus = app.add_plant(&admin, "Golden Barrel Cactus", 349, 0).await;
    for token in [&with_phone, &without_phone] {
        let res = app
            .put(
                &format!("/api/wishlist/{cactus}"),
                Some(token),
                json!({ "notifyWhenInStock": true }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }

    let restock = Multipart::new()
        .text("name", "Golden Barrel Cactus")
        .text(
            "description",
            "A round cactus with golden spines for a sunny sill.",
        )
        .text("price", "349")
        .text("stock", "6")
        .text("categories", "Succulents");
    let res = app
        .send(restock.request(Method::PUT, &format!("/api/plants/{cactus}"), Some(&admin)))
        .await;
    assert_eq!(
        res.status,
        StatusCode::OK,
        "the adapter failing is not the admin's error"
    );

    let mut sent = Vec::new();
    for _ in 0..100 {
        sent = outbox.sent.lock().unwrap().clone();
        if sent.len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    sent.sort_by(|a, b| a.0.email.cmp(&b.0.email));
    assert_eq!(
        sent,
        vec![
            (
                Recipient {
                    name: "Arjun Reddy".into(),
                    email: "arjun@example.in".into(),
                    phone: None,
                },
                cactus.clone(),
                "Golden Barrel Cactus".into()
            ),
            (
                Recipient {
                    name: "Meera Kulkarni".into(),
                    email: "meera@example.in".into(),
                    phone: Some("9822034567".into()),
                },
                cactus.clone(),
                "Golden Barrel Cactus".into()
            ),
        ]
    );
    // The shop's own notice is there whatever the adapter did.
    let mine = app.get("/api/notifications", Some(&with_phone)).await;
    assert_eq!(mine.body["unread"], 1);

    // Stock edited again while already in stock: nobody is told twice.
    let again = Multipart::new()
        .text("name", "Golden Barrel Cactus")
        .text(
            "description",
            "A round cactus with golden spines for a sunny sill.",
        )
        .text("price", "349")
        .text("stock", "9")
        .text("categories", "Succulents");
    app.send(again.request(Method::PUT, &format!("/api/plants/{cactus}"), Some(&admin)))
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(outbox.sent.lock().unwrap().len(), 2);
}
