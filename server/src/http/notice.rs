//! What a successful request says: the spec's sentence (`message`) and a stable `notice`
//! code beside it, as error bodies carry `code` beside theirs. Clients translate by the
//! code, so rewording a sentence here cannot lose its translation.

use serde::Serialize;
use utoipa::ToSchema;

/// Which success a reply reports (`notice` of a reply with a `message`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Notice {
    AccountCreated,
    LoggedIn,
    ProfileUpdated,
    AddressUpdated,
    PasswordChanged,
    CartItemAdded,
    CartUpdated,
    CartItemRemoved,
    CartCleared,
    OrderPlaced,
    OrderCancelled,
    OrderStatusUpdated,
    PlantAdded,
    PlantUpdated,
    PlantDeleted,
    RatingSubmitted,
    WishlistSaved,
    /// Saved, with a request to be told when the plant is back in stock.
    WishlistWatching,
    WishlistRemoved,
    DeliveryRulesSaved,
    ChatCleared,
}

impl Notice {
    /// The sentence of the spec (or the contract) for this success.
    pub const fn message(self) -> &'static str {
        match self {
            Notice::AccountCreated => "Account created successfully!",
            Notice::LoggedIn => "Login successful!",
            Notice::ProfileUpdated => "Profile updated successfully!",
            Notice::AddressUpdated => "Address updated successfully!",
            Notice::PasswordChanged => "Password changed successfully!",
            Notice::CartItemAdded => "Item added to cart!",
            Notice::CartUpdated => "Cart updated successfully!",
            Notice::CartItemRemoved => "Item removed from cart!",
            Notice::CartCleared => "Cart cleared successfully!",
            Notice::OrderPlaced => "Order placed successfully!",
            Notice::OrderCancelled => "Order cancelled successfully!",
            Notice::OrderStatusUpdated => "Order status updated successfully!",
            Notice::PlantAdded => "Plant added successfully!",
            Notice::PlantUpdated => "Plant updated successfully!",
            Notice::PlantDeleted => "Plant deleted successfully!",
            Notice::RatingSubmitted => "Rating submitted successfully!",
            Notice::WishlistSaved => "Saved to your wishlist",
            Notice::WishlistWatching => "We will tell you when it is back in stock",
            Notice::WishlistRemoved => "Removed from your wishlist",
            Notice::DeliveryRulesSaved => "Delivery rules saved",
            Notice::ChatCleared => "Chat session cleared.",
        }
    }
}
