//! The catalogue as the assistant recommends from it: what the store reads and the engine
//! ranks, named here so neither has to depend on the other.

/// A live catalogue plant (in stock or not), with what an answer names: price and stock.
#[derive(Debug, Clone)]
pub struct CatalogueItem {
    pub id: String,
    pub name: String,
    pub price: i64,
    pub stock: i64,
}
