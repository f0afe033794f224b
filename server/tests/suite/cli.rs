//! The operator commands of the binary: migrate, seed, admin create, backup.

use crate::common;

use std::process::{Command, Output};

use hariyali::store::{plants, users, Db};

fn hariyali(
    database_url: &str,
    data_dir: &std::path::Path,
    args: &[&str],
    admin_password: Option<&str>,
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hariyali"));
    command
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("HARIYALI_DATA_DIR", data_dir)
        .env("RUST_LOG", "warn");
    match admin_password {
        Some(p) => command.env("HARIYALI_ADMIN_PASSWORD", p),
        None => command.env_remove("HARIYALI_ADMIN_PASSWORD"),
    };
    command.output().expect("run hariyali")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[tokio::test]
async fn migrate_seed_and_admin_create_prepare_a_shop() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(dir.path()).await;

    let out = hariyali(&url, dir.path(), &["migrate"], None);
    assert!(out.status.success(), "{}", text(&out));
    let out = hariyali(&url, dir.path(), &["seed"], None);
    assert!(out.status.success(), "{}", text(&out));
    // Seeding twice adds nothing.
    let out = hariyali(&url, dir.path(), &["seed"], None);
    assert!(out.status.success(), "{}", text(&out));

    let out = hariyali(
        &url,
        dir.path(),
        &[
            "admin",
            "create",
            "--email",
            "ops@example.in",
            "--name",
            "Ops Team",
        ],
        Some("Strong@2025"),
    );
    assert!(out.status.success(), "{}", text(&out));
    let out = hariyali(
        &url,
        dir.path(),
        &[
            "admin",
            "create",
            "--email",
            "OPS@example.in",
            "--name",
            "Ops Team",
        ],
        Some("Strong@2025"),
    );
    assert!(!out.status.success());
    assert!(
        text(&out).contains("An account with this email already exists."),
        "{}",
        text(&out)
    );
    let out = hariyali(
        &url,
        dir.path(),
        &[
            "admin",
            "create",
            "--email",
            "weak@example.in",
            "--name",
            "Weak Admin",
        ],
        Some("password"),
    );
    assert!(!out.status.success());
    assert!(
        text(&out).contains("one special character"),
        "{}",
        text(&out)
    );

    let db = Db::connect(&url, 1).await.unwrap();
    let seeded = plants::count_live(&db).await.unwrap();
    assert!(seeded >= 30, "{seeded}");
    let (admin, _) = users::find_for_login(&db, "ops@example.in")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(admin.role, users::Role::Admin);
    assert!(
        users::find_for_login(&db, "admin@hariyali.in")
            .await
            .unwrap()
            .is_some(),
        "demo admin seeded"
    );
    // The new admin, the demo admin and customer, and the demo's reviewers (one account each).
    let reviewers: serde_json::Value =
        serde_json::from_str(include_str!("../../seed/reviews.json")).unwrap();
    let reviewers = reviewers["reviewers"].as_array().unwrap().len() as i64;
    assert_eq!(users::count(&db).await.unwrap(), 3 + reviewers);
}

#[tokio::test]
async fn backup_writes_a_consistent_copy_that_restores() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(dir.path()).await;
    let target = dir.path().join("backups").join("copy.db");
    let out = hariyali(&url, dir.path(), &["seed"], None);
    assert!(out.status.success(), "{}", text(&out));
    let out = hariyali(
        &url,
        dir.path(),
        &["backup", target.to_str().unwrap()],
        None,
    );
    if common::backend() == "postgres" {
        assert!(!out.status.success());
        assert!(text(&out).contains("pg_dump"), "{}", text(&out));
        return;
    }
    assert!(out.status.success(), "{}", text(&out));
    // The copy opens as a shop of its own with the same catalogue and accounts.
    let original = Db::connect(&url, 1).await.unwrap();
    let restored = Db::connect(&format!("sqlite://{}", target.display()), 1)
        .await
        .unwrap();
    assert_eq!(
        plants::count_live(&restored).await.unwrap(),
        plants::count_live(&original).await.unwrap()
    );
    assert_eq!(
        users::count(&restored).await.unwrap(),
        users::count(&original).await.unwrap()
    );
    // Refuses to overwrite.
    let again = hariyali(
        &url,
        dir.path(),
        &["backup", target.to_str().unwrap()],
        None,
    );
    assert!(!again.status.success());
    assert!(text(&again).contains("already exists"));
}
