//! Which file of `server/src` names which: read from the source as text, for the layer
//! test (`layers.rs`). Comments, strings and character literals are skipped by a small
//! lexer, so a path in a doc comment or an SQL string never counts; `use` trees are
//! expanded (`use crate::store::{self, plants::Plant}` names both), and so are paths
//! written in place (`crate::metrics::rate_limited(..)`). A file names another when one of
//! its paths resolves to a module that file defines.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path from the crate root: `["store", "orders"]`; `[]` is `lib.rs`.
pub type ModPath = Vec<String>;

pub struct SourceTree {
    /// Each module file by its module path, with its path relative to `src/`.
    pub files: BTreeMap<ModPath, String>,
    /// Tokens of each file (comments, strings and literals removed).
    tokens: BTreeMap<ModPath, Vec<String>>,
}

impl SourceTree {
    /// Every module of the library under `src` (`main.rs` is the binary, a user of the
    /// library like any other).
    pub fn read(src: &Path) -> SourceTree {
        let mut paths = Vec::new();
        collect_rs(src, &mut paths);
        let mut files = BTreeMap::new();
        let mut tokens = BTreeMap::new();
        for path in paths {
            let relative = path.strip_prefix(src).expect("under src");
            let name = relative.to_string_lossy().replace('\\', "/");
            if name == "main.rs" {
                continue;
            }
            let module = module_path(&name);
            let text = std::fs::read_to_string(&path).expect("readable source");
            tokens.insert(module.clone(), lex(&text));
            files.insert(module, name);
        }
        SourceTree { files, tokens }
    }

    pub fn tokens(&self, module: &ModPath) -> &[String] {
        &self.tokens[module]
    }

    /// The files each file names, by file name (a file naming itself is left out).
    pub fn imports(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut edges = BTreeMap::new();
        for (module, file) in &self.files {
            let mut named = BTreeSet::new();
            for (scope, path) in paths_in(&self.tokens[module], module) {
                if let Some(target) = self.resolve(&scope, &path) {
                    if target != *file {
                        named.insert(target);
                    }
                }
            }
            edges.insert(file.clone(), named);
        }
        edges
    }

    /// The file defining what `path` names, seen from module `scope`; none for paths into
    /// other crates.
    fn resolve(&self, scope: &[String], path: &[String]) -> Option<String> {
        let first = path.first()?;
        let absolute: Vec<String> = match first.as_str() {
            "crate" => path[1..].to_vec(),
            "self" => scope.iter().chain(&path[1..]).cloned().collect(),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                let base = &scope[..scope.len().checked_sub(ups)?];
                base.iter().chain(&path[ups..]).cloned().collect()
            }
            // A path that starts with a child module's name (`mod meta;` then `meta::config`).
            child => {
                let mut candidate = scope.to_vec();
                candidate.push(child.to_string());
                if !self.files.contains_key(&candidate) {
                    return None;
                }
                scope.iter().chain(path).cloned().collect()
            }
        };
        // `use crate::store::{self, Db}` names `store` itself.
        let absolute: Vec<String> = absolute.into_iter().filter(|s| s != "self").collect();
        (0..=absolute.len())
            .rev()
            .find_map(|n| self.files.get(&absolute[..n]).cloned())
    }
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `store/orders.rs` → `["store", "orders"]`; `store/mod.rs` → `["store"]`; `lib.rs` → `[]`.
pub fn module_path(file: &str) -> ModPath {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// Identifiers, `::` and single punctuation marks; comments, strings, characters, numbers
/// and lifetimes are dropped.
pub fn lex(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            // Block comments nest in Rust.
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&chars, i) {
            i = end;
        } else if c == '"' || (c == 'b' && next == Some('"')) {
            i += if c == 'b' { 2 } else { 1 };
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' || (c == 'b' && next == Some('\'')) {
            let start = if c == 'b' { i + 1 } else { i };
            i = char_or_lifetime_end(&chars, start);
        } else if c.is_ascii_digit() {
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
        } else if ident_char(c) {
            let start = i;
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && next == Some(':') {
            tokens.push("::".into());
            i += 2;
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i` ends, if one starts there.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    // Not the end of an identifier such as `for`.
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|c| **c == '#').count();
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"'
            && chars[j + 1..]
                .iter()
                .take(hashes)
                .filter(|c| **c == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

/// Past a character literal (`'a'`, `'\n'`, `'\u{1f}'`) or a lifetime (`'a`) at `i`.
fn char_or_lifetime_end(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        // Past the backslash and the character it escapes, to the closing quote.
        let mut j = i + 3;
        while j < chars.len() && chars[j] != '\'' {
            j += 1;
        }
        return j + 1;
    }
    if chars.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    // A lifetime: drop the quote and the name.
    let mut j = i + 1;
    while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
        j += 1;
    }
    j
}

/// Every path in a file, with the module it is written in (inline `mod x { … }` blocks,
/// such as tests, are modules of their own).
fn paths_in(tokens: &[String], file_module: &ModPath) -> Vec<(ModPath, Vec<String>)> {
    let mut found = Vec::new();
    let mut scopes: Vec<(ModPath, usize)> = vec![(file_module.clone(), 0)];
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let scope = scopes.last().expect("a scope").0.clone();
        match tokens[i].as_str() {
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                let mut inner = scope.clone();
                inner.push(tokens[i + 1].clone());
                depth += 1;
                scopes.push((inner, depth));
                i += 3;
                continue;
            }
            "{" => depth += 1,
            "}" => {
                if scopes.len() > 1 && scopes.last().is_some_and(|(_, d)| *d == depth) {
                    scopes.pop();
                }
                depth -= 1;
            }
            "use" => {
                let end = (i..tokens.len())
                    .find(|&j| tokens[j] == ";")
                    .unwrap_or(tokens.len());
                let mut paths = Vec::new();
                let mut at = i + 1;
                if tokens.get(at).is_some_and(|t| t == "::") {
                    at += 1;
                }
                use_tree(&tokens[..end], &mut at, Vec::new(), &mut paths);
                found.extend(paths.into_iter().map(|p| (scope.clone(), p)));
                i = end + 1;
                continue;
            }
            // Where a path starts (not the tail of `a::b::c`).
            first
                if is_ident(first)
                    && tokens.get(i + 1).is_some_and(|t| t == "::")
                    && (i == 0 || tokens[i - 1] != "::") =>
            {
                let mut path = vec![first.to_string()];
                let mut j = i + 1;
                while tokens.get(j).is_some_and(|t| t == "::")
                    && tokens.get(j + 1).is_some_and(|t| is_ident(t))
                {
                    path.push(tokens[j + 1].clone());
                    j += 2;
                }
                found.push((scope.clone(), path));
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Expands one `use` tree from `at` into whole paths.
fn use_tree(tokens: &[String], at: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    while *at < tokens.len() {
        let token = tokens[*at].as_str();
        match token {
            "{" => {
                *at += 1;
                while *at < tokens.len() && tokens[*at] != "}" {
                    use_tree(tokens, at, path.clone(), out);
                    if tokens.get(*at).is_some_and(|t| t == ",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            "*" => {
                *at += 1;
                out.push(path);
                return;
            }
            "::" => *at += 1,
            "as" => {
                *at += 2;
                out.push(path);
                return;
            }
            "," | "}" => {
                out.push(path);
                return;
            }
            ident => {
                path.push(ident.to_string());
                *at += 1;
            }
        }
    }
    out.push(path);
}

#[test]
fn the_reader_sees_paths_not_text() {
    let tokens = lex(
        "// crate::http::x in a comment\n/* crate::http /* nested */ y */\n\
         let s = \"crate::http::z\"; let r = r#\"crate::http\"#; let c = '\\''; let l: &'a str;\n\
         use crate::store::{self, plants::{Plant, find}, Db as Base};\n\
         crate::metrics::rate_limited(1);",
    );
    let found: Vec<Vec<String>> = paths_in(&tokens, &vec!["x".into()])
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let expect = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        found,
        vec![
            expect(&["crate", "store", "self"]),
            expect(&["crate", "store", "plants", "Plant"]),
            expect(&["crate", "store", "plants", "find"]),
            expect(&["crate", "store", "Db"]),
            expect(&["crate", "metrics", "rate_limited"]),
        ]
    );
}
