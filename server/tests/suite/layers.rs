//! The server's layers, and the rule that holds them apart: a module may name only modules
//! of lower layers (and its own files), no file may take part in an import cycle, and
//! `domain` names no web framework, database or runtime. The picture and the reasons are
//! in docs/architecture.md ("Layers"); this test is what keeps them true.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::source_imports::{module_path, SourceTree};

/// From the bottom up. Modules of one layer do not name each other; `lib.rs` (the crate
/// root, which wires everything together) stands above them all and nothing names it.
const LAYERS: &[(&str, &[&str])] = &[
    ("the shop's rules", &["domain"]),
    ("settings and plumbing", &["config", "error", "metrics"]),
    (
        "data, pictures, accounts",
        &["store", "media", "auth", "contact"],
    ),
    ("engines over them", &["assistant", "search"]),
    ("shop services", &["seed", "limits", "notify"]),
    ("the HTTP edge", &["http"]),
];

/// What `domain` must never name: it holds rules, not I/O.
const NOT_IN_DOMAIN: &[&str] = &["axum", "tower", "hyper", "sqlx", "tokio", "reqwest"];

fn source() -> SourceTree {
    SourceTree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The top-level module a file belongs to (`store/orders.rs` → `store`); none for `lib.rs`.
fn top(file: &str) -> Option<String> {
    module_path(file).first().cloned()
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// Every import that goes sideways or upwards, as readable lines.
fn layer_breaches(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut breaches = Vec::new();
    for (file, named) in imports {
        let Some(from) = top(file) else {
            continue; // lib.rs wires the layers together
        };
        for target in named {
            let Some(to) = top(target) else {
                breaches.push(format!("{file} names the crate root ({target})"));
                continue;
            };
            if from == to {
                continue;
            }
            match (layer_of(&from), layer_of(&to)) {
                (Some(a), Some(b)) if a > b => {}
                (Some(a), Some(b)) => breaches.push(format!(
                    "{file} ({}) names {target} ({}): a module may name only lower layers",
                    LAYERS[a].0, LAYERS[b].0
                )),
                _ => breaches.push(format!(
                    "{file} names {target}: give `{from}` and `{to}` a layer in tests/suite/layers.rs and docs/architecture.md"
                )),
            }
        }
    }
    breaches
}

/// The groups of files that import each other round in a circle (Tarjan's algorithm).
fn cycles(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        imports: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, file: &'a str) {
            let n = self.index.len();
            self.index.insert(file, n);
            self.low.insert(file, n);
            self.stack.push(file);
            self.on_stack.insert(file);
            for next in self.imports.get(file).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[file].min(self.low[next]);
                    self.low.insert(file, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[file].min(self.index[next]);
                    self.low.insert(file, low);
                }
            }
            if self.low[file] == self.index[file] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    group.push(member.to_string());
                    if member == file {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        imports,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for file in imports.keys() {
        if !walk.index.contains_key(file.as_str()) {
            walk.visit(file);
        }
    }
    walk.found
}

#[test]
fn every_module_has_a_layer() {
    let tree = source();
    let unplaced: BTreeSet<String> = tree
        .files
        .values()
        .filter_map(|f| top(f))
        .filter(|m| layer_of(m).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules without a layer (add them to LAYERS and docs/architecture.md): {unplaced:?}"
    );
}

#[test]
fn modules_name_only_lower_layers() {
    let breaches = layer_breaches(&source().imports());
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

#[test]
fn no_file_takes_part_in_an_import_cycle() {
    let found = cycles(&source().imports());
    assert!(found.is_empty(), "import cycles: {found:?}");
}

#[test]
fn domain_names_no_framework_database_or_runtime() {
    let tree = source();
    let mut named = Vec::new();
    for (module, file) in &tree.files {
        if module.first().map(String::as_str) != Some("domain") {
            continue;
        }
        for word in NOT_IN_DOMAIN {
            if tree.tokens(module).iter().any(|t| t == word) {
                named.push(format!("{file} names {word}"));
            }
        }
    }
    assert!(named.is_empty(), "{}", named.join("\n"));
}

/// The checks themselves must be able to fail: a made-up tree with an upward import, a
/// sideways one and a cycle is caught on every count.
#[test]
fn the_checks_catch_what_they_are_for() {
    let edge = |from: &str, to: &[&str]| {
        (
            from.to_string(),
            to.iter().map(|t| t.to_string()).collect::<BTreeSet<_>>(),
        )
    };
    let imports: BTreeMap<String, BTreeSet<String>> = [
        edge("domain/orders.rs", &["http/orders.rs"]),
        edge("store/orders.rs", &["store/placement.rs", "media/store.rs"]),
        edge("store/placement.rs", &["store/orders.rs"]),
        edge("http/orders.rs", &["store/orders.rs", "lib.rs"]),
        edge("lib.rs", &["http/mod.rs"]),
    ]
    .into_iter()
    .collect();
    let breaches = layer_breaches(&imports);
    assert_eq!(breaches.len(), 3, "{breaches:?}");
    assert!(breaches[0].starts_with("domain/orders.rs (the shop's rules) names http/orders.rs"));
    assert!(breaches[1].starts_with("http/orders.rs names the crate root"));
    assert!(
        breaches[2].starts_with("store/orders.rs (data, pictures, accounts) names media/store.rs")
    );
    assert_eq!(
        cycles(&imports),
        vec![vec![
            "store/orders.rs".to_string(),
            "store/placement.rs".to_string()
        ]]
    );
}
