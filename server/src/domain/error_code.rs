//! The machine half of every error body. `message` is the spec's sentence and may be
//! reworded; `code` names the case and never changes, so programs (the web app's
//! translations above all) key on it. The OpenAPI document lists both enums, and the web
//! app's types are generated from that document.

use serde::Serialize;
use utoipa::ToSchema;

/// What went wrong with the request as a whole (`code` of an error body).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // 400
    /// Fields broke their rules; `errors` lists each one.
    ValidationFailed,
    /// A query parameter is malformed or out of range.
    InvalidQuery,
    /// The body is not the expected JSON or form, or holds a NUL character.
    MalformedBody,
    /// A profile update that sent neither a name nor an address.
    NothingToUpdate,
    /// The `Idempotency-Key` header is not 1 to 200 visible characters.
    InvalidIdempotencyKey,
    /// Checkout with an empty cart.
    CartEmpty,
    /// The order is over one of the shop's limits (per plant, per order).
    OrderLimitExceeded,
    /// An AI chat message the assistant cannot take (empty, too long, bad photos).
    InvalidChatMessage,
    // 401
    /// No token was sent.
    LoginRequired,
    /// The token expired, was replaced or its account is gone.
    SessionEnded,
    /// Email and password do not match an account.
    InvalidCredentials,
    // 403
    /// Signed in with a role that may not do this.
    Forbidden,
    // 404
    NotFound,
    PlantNotFound,
    OrderNotFound,
    /// The plant is not in the order being rated.
    PlantNotInOrder,
    CartItemNotFound,
    WishlistItemNotFound,
    NotificationNotFound,
    ImageNotFound,
    // 405
    MethodNotAllowed,
    // 409
    EmailTaken,
    PlantNameTaken,
    OutOfStock,
    /// Fewer left than asked for (the message says how many).
    NotEnoughStock,
    /// The order's status cannot move from its current one to the requested one.
    StatusChangeNotAllowed,
    /// Only pending orders can be cancelled.
    CancelNotAllowed,
    /// Ratings come only from delivered orders.
    OrderNotDelivered,
    TooManyPendingOrders,
    IdempotencyKeyReused,
    WishlistFull,
    // 413
    TooLarge,
    /// A plant photo over 5 MB.
    ImageTooLarge,
    // 429
    RateLimited,
    // 503
    Unavailable,
    // 500
    ServerError,
}

/// Which rule a field broke (`code` of an entry of `errors`). One code a rule, so a client
/// translates a field error by its code; the web app's `FIELD_CODE_TEXT` must name a text
/// for every one (its type and a test check that).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FieldCode {
    // Spec section 5, in the order of domain/validation.rs.
    EmailRequired,
    EmailInvalid,
    PasswordRequired,
    PasswordTooLong,
    /// Mostly spaces or invisible characters.
    PasswordTooFewVisible,
    /// Missing one of: 8 characters, lower, upper, digit, special character.
    PasswordTooWeak,
    PasswordTooCommon,
    NewPasswordRequired,
    /// A changed password under 6 characters.
    PasswordTooShort,
    NameRequired,
    NameEdgeSpace,
    NameDoubleSpace,
    NameCharacters,
    NameTooShort,
    NameTooLong,
    StreetRequired,
    StreetTooShort,
    StreetTooLong,
    CityRequired,
    CityCharacters,
    CityTooShort,
    CityTooLong,
    StateRequired,
    StateCharacters,
    StateTooShort,
    StateTooLong,
    /// Not one of the 28 states and 8 union territories.
    StateNotListed,
    PinRequired,
    /// Not 6 digits, or starting with 0.
    PinInvalid,
    PhoneRequired,
    PhoneNotTenDigits,
    /// Ten digits, but not starting with 6 to 9.
    PhoneInvalid,
    LandmarkTooLong,
    AddressFieldTooLong,
    PlantNameRequired,
    PlantNameLength,
    PlantNameCharacters,
    DescriptionRequired,
    DescriptionLength,
    DescriptionNul,
    PriceRequired,
    PriceNotWhole,
    PriceOutOfRange,
    OriginalPriceNotWhole,
    OriginalPriceTooHigh,
    OriginalPriceBelowPrice,
    StockRequired,
    StockNotWhole,
    StockOutOfRange,
    /// The message names the category.
    CategoryUnknown,
    CategoriesRequired,
    CategoriesTooMany,
    QuantityTooLow,
    RatingRequired,
    RatingOutOfRange,

    // Other field rules.
    /// A JSON value of the wrong type.
    WrongType,
    RoleInvalid,
    CurrentPasswordRequired,
    CurrentPasswordIncorrect,
    PlantIdRequired,
    OrderIdRequired,
    QuantityRequired,
    StatusInvalid,
    ReviewTooLong,
    ReviewControlCharacters,
    /// The Hindi name is not 2 to 100 characters.
    HindiNameLength,
    /// No letters, or control characters.
    HindiNameNotWords,
    /// The Hindi description is not 10 to 1000 characters.
    HindiDescriptionLength,
    HindiDescriptionNotWords,
    /// Some of the five care facts were given, not all.
    CareIncomplete,
    /// A care fact is not one of its words (the message lists them).
    CareValueInvalid,
    /// The PIN code is outside every served delivery area.
    PinNotServed,
    ImageTooLarge,
    ImageType,
    /// The image could not be decoded, or is too small or too large in pixels.
    ImageUnreadable,
    // The admin's delivery areas.
    DeliveryRulesRequired,
    DeliveryRulesTooMany,
    PinPrefixInvalid,
    PinRangeInvalid,
    AreaStateInvalid,
    AreaCityInvalid,
    ServiceableRequired,
    DeliveryDaysInvalid,
    UnservedHasDays,
    /// Two delivery areas cover the same PIN codes.
    AreasOverlap,
    QuantityOverLimit,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes are an interface: their spelling is what clients compare against.
    #[test]
    fn codes_are_snake_case_words() {
        let names = [
            serde_json::to_value(ErrorCode::StatusChangeNotAllowed).unwrap(),
            serde_json::to_value(ErrorCode::EmailTaken).unwrap(),
            serde_json::to_value(FieldCode::CurrentPasswordIncorrect).unwrap(),
        ];
        assert_eq!(
            names,
            [
                "status_change_not_allowed",
                "email_taken",
                "current_password_incorrect"
            ]
        );
    }
}
