//! A short follow-up without a topic of its own ("why?", "koi spray batao", "what about
//! watering them?") continues the chat's topic.

use super::turn::Turn;
use super::Engine;
use crate::assistant::followup;

impl Engine {
    pub(super) fn continued_topic(&self, t: &mut Turn) -> Option<String> {
        followup::continued(
            &self.kb,
            &self.book,
            &self.watering,
            t.text,
            t.r,
            &t.memory,
            t.q.catalogue,
            t.now(),
            t.lang,
        )
    }
}
