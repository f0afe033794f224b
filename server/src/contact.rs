//! How customers reach the shop: its name, support email, phone and WhatsApp, and the
//! Grievance Officer India's Consumer Protection (E-Commerce) Rules, 2020 ask every online
//! shop to name. Set by flags or environment; the storefront's trust pages and footer show
//! them from `GET /api/config`. The defaults are honest: no phone number until one is set.
//! The settings themselves are `config::ContactConfig`, with every other setting; this module
//! decides what of them the storefront is shown.

use serde::Serialize;
use utoipa::ToSchema;

use crate::config::ContactConfig;

/// What `GET /api/config` tells the storefront (blank settings count as unset).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopContact {
    pub shop_name: String,
    pub support_email: String,
    /// Null when the shop has not configured one.
    pub support_phone: Option<String>,
    /// Digits with country code for a wa.me link; null when not configured.
    pub support_whatsapp: Option<String>,
    /// Null when not yet named.
    pub grievance_officer: Option<String>,
    pub grievance_email: String,
}

fn given(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

impl ContactConfig {
    pub fn public(&self) -> ShopContact {
        let support_email = self.support_email.trim().to_string();
        ShopContact {
            shop_name: self.shop_name.trim().to_string(),
            support_phone: given(&self.support_phone),
            // wa.me wants the bare digits with the country code.
            support_whatsapp: given(&self.support_whatsapp)
                .map(|w| w.chars().filter(char::is_ascii_digit).collect::<String>())
                .filter(|w| !w.is_empty()),
            grievance_officer: given(&self.grievance_officer),
            grievance_email: given(&self.grievance_email).unwrap_or_else(|| support_email.clone()),
            support_email,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_name_no_phone_and_route_grievances_to_support() {
        let c = ContactConfig::default().public();
        assert_eq!(c.support_email, "support@hariyali.in");
        assert_eq!(c.support_phone, None);
        assert_eq!(c.support_whatsapp, None);
        assert_eq!(c.grievance_officer, None);
        assert_eq!(c.grievance_email, "support@hariyali.in");
    }

    #[test]
    fn blank_settings_are_unset_and_whatsapp_keeps_digits() {
        let c = ContactConfig {
            support_phone: Some("  ".into()),
            support_whatsapp: Some("+91 98765 43210".into()),
            grievance_officer: Some("Asha Verma".into()),
            grievance_email: Some("grievance@example.in".into()),
            ..ContactConfig::default()
        }
        .public();
        assert_eq!(c.support_phone, None);
        assert_eq!(c.support_whatsapp.as_deref(), Some("919876543210"));
        assert_eq!(c.grievance_officer.as_deref(), Some("Asha Verma"));
        assert_eq!(c.grievance_email, "grievance@example.in");
    }
}
