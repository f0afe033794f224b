//! The plant-care assistant: an embedded expert engine over the curated knowledge base,
//! photo analysis, sessions, and an optional OpenAI-compatible model on top.

pub mod answers;
pub mod brief;
pub mod care_tasks;
pub mod claims;
pub mod compose;
pub mod cues;
pub mod describe;
pub mod direct;
pub mod engine;
pub mod followup;
pub mod gate;
pub mod groups;
pub mod hazard;
pub mod injection;
pub mod intent_model;
pub mod knowledge;
pub mod lexicon;
pub mod llm;
pub mod memory;
pub mod photo;
pub mod propositions;
pub mod quick;
pub mod reading;
pub mod recognize;
pub mod recommend;
pub mod safety_net;
pub mod season;
pub mod service;
pub mod shop;
pub mod text;
pub mod triage;
pub mod verdict;
pub mod word_features;

pub use engine::{Answer, Engine, Question};
pub use knowledge::Knowledge;
pub use memory::Memory;
pub use service::Assistant;
