//! The shop's limits on one customer's orders, so that one account cannot reserve the whole
//! stock: at most so many of one plant, an order worth at most so much, and at most so many
//! cash-on-delivery orders waiting at once. Set by the shop (`HARIYALI_MAX_*`).

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLimits {
    /// Most units of one plant in a cart line or an order.
    pub max_per_plant: i64,
    /// Most an order may be worth, in whole rupees.
    pub max_order_rupees: i64,
    /// Most pending (not yet processed) cash-on-delivery orders per customer.
    pub max_pending_orders: i64,
}

impl Default for OrderLimits {
    /// A plant shop's defaults: 20 of a plant, ₹1,00,000 an order, 3 orders waiting.
    fn default() -> Self {
        OrderLimits {
            max_per_plant: 20,
            max_order_rupees: 100_000,
            max_pending_orders: 3,
        }
    }
}

/// One line as the limits see it.
pub struct Line<'a> {
    pub name: &'a str,
    pub price: i64,
    pub quantity: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    #[error("You can order at most {max} of one plant; your cart has {quantity} of {name}.")]
    TooManyOfPlant {
        name: String,
        quantity: i64,
        max: i64,
    },
    #[error("An order can be worth at most {}; your cart comes to {}. Please split it into smaller orders.", rupees(*max), rupees(*total))]
    OrderTooLarge { total: i64, max: i64 },
    #[error("You already have {max} cash-on-delivery orders waiting to be processed. Please wait until one is processed, or cancel one, before placing another.")]
    TooManyPending { max: i64 },
}

impl OrderLimits {
    /// The quantity a cart may hold of one plant.
    pub fn check_quantity(&self, name: &str, quantity: i64) -> Result<(), LimitError> {
        if quantity > self.max_per_plant {
            return Err(LimitError::TooManyOfPlant {
                name: name.to_owned(),
                quantity,
                max: self.max_per_plant,
            });
        }
        Ok(())
    }

    /// Every line's quantity, then the order's value.
    pub fn check_order<'a>(
        &self,
        lines: impl IntoIterator<Item = Line<'a>>,
    ) -> Result<(), LimitError> {
        let mut total: i64 = 0;
        for line in lines {
            self.check_quantity(line.name, line.quantity)?;
            total = total.saturating_add(line.price.saturating_mul(line.quantity));
        }
        if total > self.max_order_rupees {
            return Err(LimitError::OrderTooLarge {
                total,
                max: self.max_order_rupees,
            });
        }
        Ok(())
    }

    /// `pending` orders already waiting: one more is allowed while below the limit.
    pub fn check_pending(&self, pending: i64) -> Result<(), LimitError> {
        if pending >= self.max_pending_orders {
            return Err(LimitError::TooManyPending {
                max: self.max_pending_orders,
            });
        }
        Ok(())
    }
}

/// Rupees as written in India: ₹1,00,000 (lakhs and crores group by two after the thousands).
pub fn rupees(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let (head, last3) = digits.split_at(digits.len().saturating_sub(3));
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (more, pair) = rest.split_at(rest.len() - 2);
        groups.push(pair);
        rest = more;
    }
    if !rest.is_empty() {
        groups.push(rest);
    }
    groups.reverse();
    groups.push(last3);
    let sign = if amount < 0 { "-" } else { "" };
    format!("{sign}₹{}", groups.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_group_the_indian_way() {
        assert_eq!(rupees(0), "₹0");
        assert_eq!(rupees(999), "₹999");
        assert_eq!(rupees(1000), "₹1,000");
        assert_eq!(rupees(100_000), "₹1,00,000");
        assert_eq!(rupees(12_345_678), "₹1,23,45,678");
    }

    #[test]
    fn limits_check_lines_value_and_pending() {
        let limits = OrderLimits::default();
        let line = |quantity, price| Line {
            name: "Tulsi",
            price,
            quantity,
        };
        assert!(limits.check_order([line(20, 100)]).is_ok());
        assert!(matches!(
            limits.check_order([line(21, 1)]),
            Err(LimitError::TooManyOfPlant { .. })
        ));
        assert!(matches!(
            limits.check_order([line(20, 5_000), line(1, 1)]),
            Err(LimitError::OrderTooLarge { .. })
        ));
        assert!(limits.check_pending(2).is_ok());
        assert!(limits.check_pending(3).is_err());
    }
}
