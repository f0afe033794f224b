//! The shared table of validation cases (`shared/validation-cases.json`), run through the
//! server's rules. `web/src/lib/validation.test.ts` runs the same table through the web
//! app's rules, so a message or a bound that changes on one side only fails one of them.
//! Each failing case also names the stable code of the rule it breaks; the server must give
//! that code (the web app translates field errors by it).

use std::collections::BTreeMap;

use hariyali::domain::form_errors::{Broken, Errors};
use hariyali::domain::validation::{self as rules, Place, PlantForm};
use serde::Deserialize;
use serde_json::Value;

const TABLE: &str = include_str!("../../../shared/validation-cases.json");

#[derive(Deserialize)]
struct Table {
    rules: BTreeMap<String, Vec<Case>>,
}

#[derive(Deserialize)]
struct Case {
    input: Value,
    expect: Value,
    /// The code of the broken rule, for a single-value rule that fails.
    code: Option<String>,
    /// The plant form's codes, field by field.
    codes: Option<BTreeMap<String, String>>,
    /// "server" or "web" when only one side has the rule; absent for both.
    only: Option<String>,
}

fn text(input: &Value) -> Option<&str> {
    match input {
        Value::Null => None,
        Value::String(s) => Some(s),
        other => panic!("expected a string or null input, got {other}"),
    }
}

/// A rule's outcome as the table writes it: the message, and the code as JSON spells it.
fn outcome(broken: Option<Broken>) -> (Option<String>, Option<String>) {
    match broken {
        None => (None, None),
        Some(b) => (Some(b.message.to_string()), Some(code_name(b.code))),
    }
}

fn code_name(code: hariyali::error::FieldCode) -> String {
    serde_json::to_value(code)
        .expect("a code serialises")
        .as_str()
        .expect("a code is a string")
        .to_string()
}

/// What a single-value rule gives (None when the value passes).
fn single_rule(rule: &str, input: &Value) -> Option<Broken> {
    let value = text(input);
    let message = match rule {
        "email" => rules::email(value),
        "password" => rules::new_password(value),
        "changedPassword" => rules::changed_password(value),
        "name" => rules::person_name(value),
        "recipientName" => rules::recipient_name(value),
        "street" => rules::street(value),
        "city" => rules::place(value, Place::City),
        "state" => rules::place(value, Place::State).or_else(|| rules::state_or_ut(value)),
        "zipCode" => rules::zip_code(value),
        "phone" => rules::phone(value),
        "landmark" => rules::landmark(value),
        "profileAddressField" => rules::profile_address_field(value),
        other => panic!("the table has a rule the server test does not know: {other}"),
    };
    message
}

fn number_rule(rule: &str, input: &Value) -> Option<Broken> {
    let n = input.as_i64();
    let message = match rule {
        "rating" => rules::rating(n),
        "quantity" => rules::quantity(n.expect("a quantity case needs a number")),
        other => panic!("unknown numeric rule {other}"),
    };
    message
}

/// The first message and code per field of the admin plant form (the form lists them together).
fn plant_form_rule(input: &Value) -> BTreeMap<String, (String, String)> {
    let field = |name: &str| input[name].as_str().map(str::to_string);
    let form = PlantForm {
        name: field("name"),
        description: field("description"),
        price: field("price"),
        original_price: field("originalPrice"),
        stock: field("stock"),
        categories: input["categories"]
            .as_array()
            .expect("categories is a list")
            .iter()
            .map(|c| c.as_str().expect("a category is a string").to_string())
            .collect(),
    };
    let mut errors = Errors::default();
    let valid = rules::plant_form(&form, &mut errors);
    let mut first = BTreeMap::new();
    match errors.into_result() {
        Ok(()) => assert!(valid.is_some(), "no errors but no plant for {input}"),
        Err(errors) => {
            assert!(valid.is_none(), "errors but a plant for {input}");
            for e in errors.into_vec() {
                first
                    .entry(e.field)
                    .or_insert((e.message, code_name(e.code)));
            }
        }
    }
    first
}

fn expected_fields(case: &Case) -> BTreeMap<String, (String, String)> {
    let codes = case.codes.clone().unwrap_or_default();
    case.expect
        .as_object()
        .expect("a plant form case expects an object of field messages")
        .iter()
        .map(|(k, v)| {
            let message = v.as_str().expect("a message").to_string();
            let code = codes
                .get(k)
                .cloned()
                .unwrap_or_else(|| panic!("no code for {k}"));
            (k.clone(), (message, code))
        })
        .collect()
}

#[test]
fn the_server_rules_give_every_message_and_code_of_the_shared_table() {
    let table: Table = serde_json::from_str(TABLE).expect("the table is valid JSON");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (rule, cases) in &table.rules {
        for case in cases {
            if case.only.as_deref().is_some_and(|side| side != "server") {
                continue;
            }
            checked += 1;
            let (got, want) = match rule.as_str() {
                "plantForm" => (
                    format!("{:?}", plant_form_rule(&case.input)),
                    format!("{:?}", expected_fields(case)),
                ),
                "rating" | "quantity" => (
                    format!("{:?}", outcome(number_rule(rule, &case.input))),
                    format!("{:?}", (case.expect.as_str(), case.code.as_deref())),
                ),
                _ => (
                    format!("{:?}", outcome(single_rule(rule, &case.input))),
                    format!("{:?}", (case.expect.as_str(), case.code.as_deref())),
                ),
            };
            if got != want {
                failures.push(format!(
                    "{rule} {}: expected {want}, the server says {got}",
                    case.input
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every rule of spec section 5 the table covers, with real cases behind each.
    assert_eq!(table.rules.len(), 15);
    assert!(checked > 150, "only {checked} cases ran");
}
