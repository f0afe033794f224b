//! The demo shop: a catalogue of plants sold in India, each with its own illustration, and
//! one admin and one customer account, and the reviews earlier customers wrote on their
//! delivered orders (`seed/reviews.json`). Seeding is idempotent.

use std::collections::{BTreeMap, HashMap};

use anyhow::Context;
use include_dir::{include_dir, Dir};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::auth::password;
use crate::domain::form_errors::Errors;
use crate::domain::plant_extras::{plant_extras, PlantExtras, PlantExtrasForm};
use crate::domain::validation::{self, PlantForm};
use crate::media::MediaStore;
use crate::search::species::SpeciesBook;
use crate::store::past_orders::{self, PastLine, PastOrder};
use crate::store::plants::{self, InitialRatings, PlantImages};
use crate::store::users::{self, Address, NewUser, Role};
use crate::store::{seeding, settings, Db};

static SEED: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/seed");

pub struct DemoAccount {
    pub role: Role,
    pub name: &'static str,
    pub email: &'static str,
    pub password: &'static str,
}

pub const DEMO_ACCOUNTS: [DemoAccount; 2] = [
    DemoAccount {
        role: Role::Admin,
        name: "Hariyali Admin",
        email: "admin@hariyali.in",
        password: "Admin@2025",
    },
    DemoAccount {
        role: Role::Customer,
        name: "Priya Sharma",
        email: "customer@hariyali.in",
        password: "Customer@2025",
    },
];

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedPlant {
    slug: String,
    name: String,
    description: String,
    price: i64,
    original_price: Option<i64>,
    stock: i64,
    categories: Vec<String>,
    name_hi: String,
    description_hi: String,
}

impl SeedPlant {
    /// The Hindi fields from the seed file and care from the knowledge base.
    fn extras(&self) -> anyhow::Result<PlantExtras> {
        let care = SpeciesBook::embedded()
            .for_product(&self.name)
            .and_then(|s| s.care())
            .with_context(|| format!("no knowledge-base species sells as {}", self.name))?;
        let form = PlantExtrasForm {
            name_hi: Some(self.name_hi.clone()),
            description_hi: Some(self.description_hi.clone()),
            ..Default::default()
        };
        let mut errors = Errors::default();
        let mut extras = plant_extras(&form, &mut errors);
        anyhow::ensure!(
            errors.is_empty(),
            "seed plant {} breaks the Hindi rules: {errors:?}",
            self.slug
        );
        extras.care = Some(Some(care));
        Ok(extras)
    }
}

fn seed_entries() -> anyhow::Result<Vec<SeedPlant>> {
    let file = SEED
        .get_file("plants.json")
        .context("seed/plants.json is missing from the build")?;
    serde_json::from_slice(file.contents()).context("reading seed/plants.json")
}

/// Adds the demo catalogue (when the shop has no plants yet) and the demo accounts (when
/// missing), and marks the shop as a demo.
pub async fn seed_demo(db: &Db, media: &MediaStore) -> anyhow::Result<()> {
    if plants::count_live(db).await? == 0 {
        seed_catalogue(db, media).await?;
    } else {
        add_care_and_hindi(db).await?;
    }
    for account in &DEMO_ACCOUNTS {
        if users::find_for_login(db, account.email).await?.is_some() {
            continue;
        }
        let pw = account.password.to_string();
        let hash = tokio::task::spawn_blocking(move || password::hash_now(&pw)).await??;
        let new = NewUser {
            name: account.name,
            email: account.email,
            password_hash: &hash,
            role: account.role,
        };
        match users::insert(db, new).await {
            Ok(_) => {}
            // Another instance seeded it at the same moment.
            Err(err) if crate::store::is_unique_violation(&err) => {}
            Err(err) => return Err(err.into()),
        }
    }
    add_demo_reviews(db).await?;
    settings::set(db, "demo", "1").await?;
    Ok(())
}

/// Marks a demo shop whose reviewed orders are in place.
const DEMO_REVIEWS: &str = "seed_reviews";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedReviews {
    reviewers: Vec<SeedReviewer>,
    reviews: Vec<SeedReview>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedReviewer {
    name: String,
    street: String,
    city: String,
    state: String,
    zip_code: String,
    phone: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedReview {
    reviewer: String,
    /// A `slug` from plants.json.
    plant: String,
    rating: i64,
    days_ago: i64,
    text: String,
}

/// The demo's reviews (`seed/reviews.json`) as what really happened: each reviewer is a
/// customer account, each review sits on a delivered order of theirs, and the plants'
/// counts and averages are counted from those ratings. Runs once per database; a plant the
/// admin has deleted or renamed simply gets none.
async fn add_demo_reviews(db: &Db) -> anyhow::Result<()> {
    if settings::get(db, DEMO_REVIEWS).await?.is_some() {
        return Ok(());
    }
    let file = SEED
        .get_file("reviews.json")
        .context("seed/reviews.json is missing from the build")?;
    let seed: SeedReviews =
        serde_json::from_slice(file.contents()).context("reading seed/reviews.json")?;
    let plant_names: HashMap<String, String> = seed_entries()?
        .into_iter()
        .map(|p| (p.slug, p.name))
        .collect();
    // The reviewers never sign in: their password is random and thrown away.
    let secret = hex::encode(rand::random::<[u8; 32]>());
    let hash = tokio::task::spawn_blocking(move || password::hash_now(&secret)).await??;

    let mut tx = db.begin().await?;
    // Claimed inside the transaction: a second instance starting at the same moment waits
    // for this row, then finds it and adds nothing.
    if !seeding::claim_step(&mut tx, DEMO_REVIEWS).await? {
        return Ok(());
    }
    let now = crate::domain::ids::now_ms();
    let mut accounts = HashMap::new();
    for reviewer in &seed.reviewers {
        let email = demo_reviewer_email(&reviewer.name);
        let id = match seeding::user_id_by_email(&mut tx, &email).await? {
            Some(id) => id,
            None => {
                let new = NewUser {
                    name: &reviewer.name,
                    email: &email,
                    password_hash: &hash,
                    role: Role::Customer,
                };
                users::insert_in(&mut *tx, new).await?.id
            }
        };
        accounts.insert(reviewer.name.as_str(), (id, reviewer));
    }
    // A reviewer's reviews written on the same day were one order.
    let mut orders: BTreeMap<(&str, i64), Vec<&SeedReview>> = BTreeMap::new();
    for review in &seed.reviews {
        orders
            .entry((review.reviewer.as_str(), review.days_ago))
            .or_default()
            .push(review);
    }
    let mut written = 0;
    for ((reviewer, days_ago), reviews) in orders {
        let (user_id, who) = accounts
            .get(reviewer)
            .with_context(|| format!("seed review by unknown reviewer {reviewer}"))?;
        let mut lines = Vec::new();
        for review in reviews {
            let name = plant_names
                .get(&review.plant)
                .with_context(|| format!("seed review of unknown plant {}", review.plant))?;
            let text = crate::domain::reviews::review(Some(review.text.as_str()))
                .map_err(|e| anyhow::anyhow!("seed review of {}: {}", review.plant, e.message))?
                .context("a seed review has text")?;
            anyhow::ensure!((1..=5).contains(&review.rating), "stars are 1 to 5");
            if let Some((plant_id, price)) = seeding::live_plant_by_name(&mut tx, name).await? {
                lines.push(PastLine {
                    plant_id,
                    plant_name: name.clone(),
                    price,
                    rating: review.rating,
                    review: text,
                });
            }
        }
        if lines.is_empty() {
            continue;
        }
        written += lines.len();
        let order = PastOrder {
            user_id: user_id.clone(),
            address: Address {
                street: who.street.clone(),
                city: who.city.clone(),
                state: who.state.clone(),
                zip_code: who.zip_code.clone(),
                phone: who.phone.clone(),
                landmark: String::new(),
                recipient_name: String::new(),
            },
            lines,
            reviewed_at: now - days_ago * 24 * 60 * 60 * 1000,
        };
        past_orders::add_reviewed(&mut tx, &order).await?;
    }
    tx.commit().await?;
    tracing::info!(reviews = written, "seeded the demo reviews");
    Ok(())
}

/// `Ananya Iyer` → `ananya.iyer@reviewers.hariyali.in`: one stable account per reviewer.
fn demo_reviewer_email(name: &str) -> String {
    let local: Vec<String> = name.split_whitespace().map(|w| w.to_lowercase()).collect();
    format!("{}@reviewers.hariyali.in", local.join("."))
}

async fn seed_catalogue(db: &Db, media: &MediaStore) -> anyhow::Result<()> {
    let entries = seed_entries()?;
    let mut tx = db.begin().await?;
    // Two instances starting on one new database must not both add the catalogue. The first
    // to write this row holds it until it commits; the second waits, then counts the first
    // one's plants (PostgreSQL reads each statement afresh; on SQLite `BEGIN IMMEDIATE`
    // already puts the two one after the other).
    seeding::mark_step(&mut tx, "seeding").await?;
    if seeding::live_plants(&mut tx).await? > 0 {
        return Ok(());
    }
    for entry in &entries {
        let form = PlantForm {
            name: Some(entry.name.clone()),
            description: Some(entry.description.clone()),
            price: Some(entry.price.to_string()),
            original_price: entry.original_price.map(|p| p.to_string()),
            stock: Some(entry.stock.to_string()),
            categories: entry.categories.clone(),
        };
        let mut errors = Errors::default();
        let plant = validation::plant_form(&form, &mut errors).with_context(|| {
            format!(
                "seed plant {} breaks the plant rules: {errors:?}",
                entry.slug
            )
        })?;
        let picture = SEED
            .get_file(format!("images/{}.svg", entry.slug))
            .with_context(|| format!("seed/images/{}.svg is missing", entry.slug))?
            .contents();
        let key = format!(
            "seed/{}-{}.svg",
            entry.slug,
            hex::encode(&Sha256::digest(picture)[..6])
        );
        media.put(&key, picture).await?;
        let url = media.url(&key);
        let images = PlantImages {
            image: Some(url.clone()),
            thumbnail: Some(url),
        };
        // No made-up figures: a plant's reviews are the ones `add_demo_reviews` writes.
        plants::insert(
            &mut tx,
            &plant,
            &entry.extras()?,
            &images,
            InitialRatings::default(),
        )
        .await?;
    }
    seeding::mark_step(&mut tx, CARE_AND_HINDI).await?;
    tx.commit().await?;
    tracing::info!(plants = entries.len(), "seeded the demo catalogue");
    Ok(())
}

/// Marks a demo catalogue that already has care and Hindi fields.
const CARE_AND_HINDI: &str = "seed_care_and_hindi";

/// A demo shop seeded before plants had care and Hindi fields gets them once, for the
/// demo plants the admin has not given any of their own.
async fn add_care_and_hindi(db: &Db) -> anyhow::Result<()> {
    if settings::get(db, CARE_AND_HINDI).await?.is_some() {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    for entry in seed_entries()? {
        plants::fill_missing_extras(&mut tx, &entry.name, &entry.extras()?).await?;
    }
    seeding::mark_step(&mut tx, CARE_AND_HINDI).await?;
    tx.commit().await?;
    tracing::info!("added care and Hindi names to the demo catalogue");
    Ok(())
}
