//! Every integration test in one binary: one link instead of one per file, which is
//! most of the test build on two cores. Each file is a module; `common`, `client`,
//! `process`, `assistant_images` and `source_imports` are the shared helpers.

mod access_matrix;
mod accounts;
mod admin_plants;
mod assistant_eval;
mod assistant_http;
mod assistant_images;
mod assistant_photos;
mod assistant_realistic;
mod backup_restore;
mod cart;
mod catalogue;
mod cli;
mod client;
mod common;
mod concurrency;
mod connections;
mod crash;
mod delivery;
mod error_codes;
mod finding_plants;
mod front;
mod hardening;
mod layers;
mod notifier;
mod nul_text;
mod order_properties;
mod orders;
mod page_data;
mod photo_storm;
mod placement;
mod plant_page;
mod platform;
mod process;
mod ratings;
mod reviews;
mod scenes;
mod security_uploads;
mod security_web;
mod source_imports;
mod typed_replies;
mod validation_properties;
mod validation_table;
mod wishlist;
