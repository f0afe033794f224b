//! The shared table of validation cases (`shared/validation-cases.json`), run through the
//! server's rules. `web/src/lib/validation.test.ts` runs the same table through the web
//! app's rules, so a message or a bound that changes on one side only fails one of them.

use std::collections::BTreeMap;

use hariyali::domain::form_errors::Errors;
use hariyali::domain::validation::{self as rules, PlantForm};
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

/// The message a single-value rule gives (None when the value passes).
fn single_rule(rule: &str, input: &Value) -> Option<String> {
    let value = text(input);
    let message = match rule {
        "email" => rules::email(value),
        "password" => rules::new_password(value),
        "changedPassword" => rules::changed_password(value),
        "name" => rules::person_name(value),
        "recipientName" => rules::recipient_name(value),
        "street" => rules::street(value),
        "city" => rules::place(value, "City"),
        "state" => rules::place(value, "State").or_else(|| rules::state_or_ut(value)),
        "zipCode" => rules::zip_code(value),
        "phone" => rules::phone(value),
        "landmark" => rules::landmark(value),
        "profileAddressField" => rules::profile_address_field(value),
        other => panic!("the table has a rule the server test does not know: {other}"),
    };
    message.map(str::to_string)
}

fn number_rule(rule: &str, input: &Value) -> Option<String> {
    let n = input.as_i64();
    let message = match rule {
        "rating" => rules::rating(n),
        "quantity" => rules::quantity(n.expect("a quantity case needs a number")),
        other => panic!("unknown numeric rule {other}"),
    };
    message.map(str::to_string)
}

/// The first message per field of the admin plant form (the form lists them together).
fn plant_form_rule(input: &Value) -> BTreeMap<String, String> {
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
                first.entry(e.field).or_insert(e.message);
            }
        }
    }
    first
}

fn expected_fields(expect: &Value) -> BTreeMap<String, String> {
    expect
        .as_object()
        .expect("a plant form case expects an object of field messages")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().expect("a message").to_string()))
        .collect()
}

#[test]
fn the_server_rules_give_every_message_of_the_shared_table() {
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
                    format!("{:?}", expected_fields(&case.expect)),
                ),
                "rating" | "quantity" => (
                    format!("{:?}", number_rule(rule, &case.input)),
                    format!("{:?}", case.expect.as_str()),
                ),
                _ => (
                    format!("{:?}", single_rule(rule, &case.input)),
                    format!("{:?}", case.expect.as_str()),
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
