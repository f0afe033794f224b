//! Telling customers outside the shop (email, WhatsApp) that a plant is back in stock.
//!
//! The shop always records the notification (`GET /api/notifications`, the navbar badge);
//! sending it anywhere else is an adapter behind [`Notifier`], and none is installed by
//! default. An operator who wants email or WhatsApp writes an adapter for their provider
//! (an SMTP relay, the WhatsApp Business Cloud API with an approved "back in stock"
//! template) and installs it once at start-up with [`install`] (README, "Back-in-stock
//! notifications"). The adapter gets the recipient's name, email and saved mobile number
//! and the plant; it runs on its own task per notification, and a failure is logged, never
//! shown to the admin whose edit triggered it.

use std::sync::{Arc, OnceLock};

use futures_util::future::BoxFuture;

use crate::store::notifications::{self, Released};
use crate::store::{users, Db};

/// Who to tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub name: String,
    pub email: String,
    /// The 10-digit Indian mobile number of the customer's saved address, when they saved
    /// one (WhatsApp needs it with the country code: `91` + these digits).
    pub phone: Option<String>,
}

/// A way to reach customers outside the shop.
pub trait Notifier: Send + Sync + 'static {
    /// The plant `plant_name` (`plant_id`) is back in stock for `to`.
    fn back_in_stock<'a>(
        &'a self,
        to: &'a Recipient,
        plant_id: &'a str,
        plant_name: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<()>>;
}

static NOTIFIER: OnceLock<Arc<dyn Notifier>> = OnceLock::new();

/// Installs the adapter for this process; false when one was already installed.
pub fn install(notifier: Arc<dyn Notifier>) -> bool {
    NOTIFIER.set(notifier).is_ok()
}

/// After anything that can bring stock back (an admin's edit, a cancelled order): records a
/// notification for everyone waiting on a plant now in stock and hands each to the adapter,
/// if one is installed. The change that triggered it has already succeeded, so a failure
/// here is logged and not reported to the caller.
pub async fn after_restock(db: &Db) {
    let released = match notifications::release_waiting(db).await {
        Ok(released) => released,
        Err(err) => {
            tracing::error!(error = %err, "recording back-in-stock notifications failed");
            return;
        }
    };
    let Some(notifier) = NOTIFIER.get().cloned() else {
        return;
    };
    for Released {
        user_id,
        notification,
    } in released
    {
        let db = db.clone();
        let notifier = notifier.clone();
        tokio::spawn(async move {
            let Ok(Some((user, _))) = users::find(&db, &user_id).await else {
                return;
            };
            let phone = Some(user.address.phone).filter(|p| !p.is_empty());
            let to = Recipient {
                name: user.name,
                email: user.email,
                phone,
            };
            if let Err(err) = notifier
                .back_in_stock(&to, &notification.plant_id, &notification.plant_name)
                .await
            {
                tracing::warn!(error = %err, "sending a back-in-stock notification failed");
            }
        });
    }
}
