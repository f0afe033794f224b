//! What a form's failed rules are: the field and the sentence to show under it. Plain data,
//! so the rules can be checked anywhere (the HTTP layer, the seeding, the tests); `error.rs`
//! turns a collection of them into the contract's 400 body.

use serde::Serialize;

use super::error_code::FieldCode;

/// One failed rule of a form: which field, which rule (`code`) and the sentence to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub code: FieldCode,
    pub message: String,
}

/// A rule broken: which one (the code a client keys on) and the spec's sentence for it.
/// Rules return this so each sentence is written once, beside the check that gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Broken {
    pub code: FieldCode,
    pub message: &'static str,
}

/// `Some(Broken { code, message })`, the failing outcome of a rule.
pub const fn broken(code: FieldCode, message: &'static str) -> Option<Broken> {
    Some(Broken { code, message })
}

impl FieldError {
    pub fn new(field: &str, code: FieldCode, message: impl Into<String>) -> Self {
        FieldError {
            field: field.to_string(),
            code,
            message: message.into(),
        }
    }
}

/// Collects failed rules so a form reports all of them at once.
#[derive(Debug, Default)]
pub struct Errors(Vec<FieldError>);

impl Errors {
    pub fn check(&mut self, field: &str, outcome: Option<Broken>) {
        if let Some(b) = outcome {
            self.push(field, b.code, b.message);
        }
    }

    pub fn push(&mut self, field: &str, code: FieldCode, message: impl Into<String>) {
        self.0.push(FieldError::new(field, code, message));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok` when every rule passed, else the failures (a handler's `?` makes them a 400).
    pub fn into_result(self) -> Result<(), Errors> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }

    /// The failures so far, in the order they were found.
    pub fn as_slice(&self) -> &[FieldError] {
        &self.0
    }

    /// The failures, in the order they were found.
    pub fn into_vec(self) -> Vec<FieldError> {
        self.0
    }
}
