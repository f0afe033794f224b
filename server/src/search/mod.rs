//! Finding plants: a forgiving in-process search index over the catalogue (typos, Hindi and
//! Hinglish names, aliases, care words), kept in step with the database on every instance.

pub mod index;
pub mod live;
pub mod species;
pub mod text;

pub use index::{Hit, IndexedPlant, Mode, SearchIndex, MAX_MATCHES};
pub use live::LiveIndex;
