//! Issue 18: every body the HTTP layer sends is a type that is also in the OpenAPI document
//! (`Serialize + ToSchema`), never an ad-hoc `json!` value that the document only shadows.
//! This reads the sources of `src/http` and fails on a `json!` or a `serde_json::Value`
//! outside a schema example, so an untyped body cannot come back unnoticed.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/http is readable") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Lines of `source` that build or hold an untyped JSON value. Examples in
/// `#[schema(examples(json!(...)))]` are documentation, not bodies, and a unit-test module
/// (from `#[cfg(test)]` on, which rustfmt and this codebase keep at the end of a file) feeds
/// the code JSON; it sends none.
fn untyped_lines(source: &str) -> Vec<(usize, String)> {
    source
        .lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or_default();
            let builds = code.contains("json!") && !code.contains("examples(json!");
            builds || code.contains("serde_json::Value") || code.contains("serde_json::Map")
        })
        .map(|(i, line)| (i + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn http_sends_only_typed_replies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 10, "found the handlers: {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for (line, text) in untyped_lines(&source) {
            found.push(format!("{}:{line}: {text}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "untyped JSON in src/http (send a reply struct deriving Serialize + ToSchema):\n{}",
        found.join("\n")
    );
}

/// The scan itself: it must see a body and let an example through.
#[test]
fn the_scan_tells_bodies_from_examples() {
    let body = "    Ok(ok(json!({ \"cart\": cart })))";
    let example = "#[schema(examples(json!({ \"quantity\": 2 })))]";
    let value = "fn f(v: serde_json::Value) {}";
    assert_eq!(untyped_lines(body).len(), 1);
    let tested = format!("{body}\n#[cfg(test)]\nmod tests {{\n    let input = json!({{}});\n}}");
    assert_eq!(
        untyped_lines(&tested).len(),
        1,
        "only the body before the tests counts"
    );
    assert!(untyped_lines(example).is_empty());
    assert_eq!(untyped_lines(value).len(), 1);
    assert!(untyped_lines("// json! in a comment").is_empty());
}
