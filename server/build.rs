// The seed catalogue, the knowledge base and the migrations are compiled into the binary:
// rebuild when any of their files change.
fn main() {
    for dir in ["seed", "knowledge", "migrations"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}
