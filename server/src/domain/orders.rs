//! The order lifecycle of spec section 4.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Pending,
    Processing,
    Shipped,
    Delivered,
    Cancelled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 5] = [
        OrderStatus::Pending,
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Processing => "processing",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(value: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|s| s.as_str() == value)
    }

    /// Where an admin may move an order from here (the spec's transition table).
    pub fn next_for_admin(self) -> &'static [OrderStatus] {
        match self {
            OrderStatus::Pending => &[OrderStatus::Processing, OrderStatus::Cancelled],
            OrderStatus::Processing => &[OrderStatus::Shipped, OrderStatus::Cancelled],
            OrderStatus::Shipped => &[OrderStatus::Delivered],
            OrderStatus::Delivered | OrderStatus::Cancelled => &[],
        }
    }

    pub fn admin_may_move_to(self, to: OrderStatus) -> bool {
        self.next_for_admin().contains(&to)
    }

    /// Customers may cancel only while the order is pending.
    pub fn customer_may_cancel(self) -> bool {
        self == OrderStatus::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::{self, *};

    #[test]
    fn the_transition_table_is_exactly_the_spec() {
        let allowed = [
            (Pending, Processing),
            (Pending, Cancelled),
            (Processing, Shipped),
            (Processing, Cancelled),
            (Shipped, Delivered),
        ];
        for from in OrderStatus::ALL {
            for to in OrderStatus::ALL {
                assert_eq!(
                    from.admin_may_move_to(to),
                    allowed.contains(&(from, to)),
                    "{from:?} -> {to:?}"
                );
            }
        }
    }

    #[test]
    fn statuses_round_trip_through_text() {
        for s in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(OrderStatus::parse("lost"), None);
    }
}
