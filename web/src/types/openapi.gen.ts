// Generated from the server's OpenAPI document by scripts/api-types.mjs (make api-types).
// Do not edit: change the reply types in server/src/http and regenerate.

export interface paths {
    "/api/admin/delivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery rules, in order. */
        get: operations["delivery.list_rules"];
        /** Replaces the delivery rules (all at once). */
        put: operations["delivery.replace_rules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai-chat/message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ai-chat.message"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai-chat/session/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["ai-chat.end_session"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * A wrong current password is a 400 (a 401 would sign the user out). Wrong current
         *     passwords count like failed sign-ins of the account from this address, and checks are
         *     limited per address and per account (429 with `Retry-After`).
         */
        put: operations["auth.change_password"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["auth.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["auth.me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["auth.update_profile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open to visitors; a signed-in admin may create admins. */
        post: operations["auth.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["cart.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["cart.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/clear": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["cart.clear"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/remove/{plant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["cart.remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/update/{plant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["cart.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** `GET /api/config`: demo accounts only in a demo shop. */
        get: operations["meta.config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/delivery/{pin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the shop delivers to a PIN code, to which region, and in how many days. */
        get: operations["delivery.check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's notifications: unread first, with the unread count for the badge. */
        get: operations["wishlist.notifications_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Marks one notification read (another customer's: 404). */
        put: operations["wishlist.mark_read"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** `GET /api/openapi.json`: the document, serialised once per process. */
        get: operations["meta.openapi_document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["orders.list_mine"];
        put?: never;
        /**
         * Places the cart as an order, taking the stock. The shop's limits apply (see
         *     `orderLimits` in `GET /api/config`): a plant over its most per order or an order over its
         *     most value is a 400; a customer already holding the most pending orders gets a 409. An
         *     address no served delivery area covers is a 400 (`We do not deliver to this PIN code
         *     yet.` on `zipCode`); a placed order carries the delivery estimate it was promised.
         */
        post: operations["orders.place"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/admin/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["orders.list_all"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["orders.stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The owner sees their order; an admin sees any. Anyone else gets 404, so order ids
         *     reveal nothing.
         */
        get: operations["orders.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["orders.cancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["orders.change_status"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["plants.list"];
        put?: never;
        post: operations["plants.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plants/categories/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["plants.categories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plants/stats/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["plants.count"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plants/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Suggestions as you type, for the header search box: the same forgiving search as the
         *     catalogue's, completing the last word.
         */
        get: operations["plants.suggest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["plants.detail"];
        put: operations["plants.update"];
        post?: never;
        /** A soft delete: orders keep their copy of the name and price. */
        delete: operations["plants.remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plants/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A plant's reviews, newest first (5 a page), with the spread of its stars. */
        get: operations["ratings.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ratings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rates (or re-rates) a plant of the customer's delivered order. */
        post: operations["ratings.rate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ratings/user/existing/{order_id}/{plant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's rating of a plant in an order, or `null` when they have not rated it. */
        get: operations["ratings.existing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wishlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's saved plants, newest first (deleted plants leave the list). */
        get: operations["wishlist.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/wishlist/{plant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Saves a plant to the wishlist (again: updates the back-in-stock request). At most 100. */
        put: operations["wishlist.save"];
        post?: never;
        /** Removes a plant from the wishlist (and any back-in-stock request with it). */
        delete: operations["wishlist.remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** `GET /healthz`: the process is up. */
        get: operations["meta.healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** `GET /readyz`: the database answers. */
        get: operations["meta.readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "plantId": "PL-1001",
         *       "quantity": 1
         *     }
         */
        AddBody: {
            /** @description The plant's `_id` or `plantId`. */
            plantId: string;
            /**
             * Format: int64
             * @description 1 when left out.
             */
            quantity?: number;
        };
        Address: {
            city: string;
            /** @description Optional: a place nearby the courier can ask for (left out when not given). */
            landmark?: string;
            phone: string;
            /** @description Optional: who takes the parcel when it is not the account holder (left out when not given). */
            recipientName?: string;
            state: string;
            street: string;
            zipCode: string;
        };
        /** @description An address as forms send it (profile and checkout); every field may be missing. */
        AddressBody: {
            city?: string | null;
            /** @description Optional: a place nearby the courier can ask for (at most 100 characters). */
            landmark?: string;
            /** @description Indian mobile; `+91`, `91` or `0` prefixes, spaces and dashes are read as the 10 digits. */
            phone?: string | null;
            /** @description Optional: who takes the parcel, when not the account holder (a name, 2-50). */
            recipientName?: string;
            state?: string | null;
            street?: string | null;
            zipCode?: string | null;
        };
        /** @description `care` of a plant. */
        Care: {
            /** @description Not harmful when a small child chews or swallows it (irritants count as harmful). */
            childSafe: boolean;
            difficulty: components["schemas"]["Difficulty"];
            light: components["schemas"]["Light"];
            /** @description Not toxic to cats and dogs (ASPCA-style listings). */
            petSafe: boolean;
            water: components["schemas"]["Water"];
        };
        Cart: {
            items: components["schemas"]["CartItem"][];
            /**
             * Format: int64
             * @description Sum of current price times quantity.
             */
            total: number;
        };
        CartItem: {
            plantId: components["schemas"]["CartPlant"];
            /** Format: int64 */
            quantity: number;
        };
        /** @description The plant as a cart line shows it. */
        CartPlant: {
            _id: string;
            image: string | null;
            name: string;
            /** @description The plant's Hindi name, when it has one (shown in Hindi mode). */
            nameHi: string | null;
            /** Format: int64 */
            price: number;
            /** Format: int64 */
            stock: number;
            thumbnail: string | null;
        };
        CartReply: {
            cart: components["schemas"]["Cart"];
            message?: string;
            /** @description The code of `message`, to translate it by. */
            notice?: components["schemas"]["Notice"];
            success: boolean;
        };
        CategoriesReply: {
            categories: string[];
            success: boolean;
        };
        /**
         * @example {
         *       "currentPassword": "Garden@2025",
         *       "newPassword": "Garden@2026"
         *     }
         */
        ChangePasswordBody: {
            /** Format: password */
            currentPassword: string;
            /**
             * Format: password
             * @description The sign-up rule.
             */
            newPassword: string;
        };
        /**
         * @description The chat form (`multipart/form-data`), as `read_form` reads it.
         * @example {
         *       "message": "How often should I water a snake plant?"
         *     }
         */
        ChatFormFields: {
            /** @description 0 to 5 photos (JPEG, PNG or WebP), at most 10 MB each. */
            images: string[];
            /** @description The question, at most 2,000 characters; may be empty when images are sent. */
            message?: string | null;
            /** @description The session to continue; a new one is made when left out or unknown. */
            sessionId?: string | null;
        };
        ChatReply: {
            /** @description The answer, in the chat's markup. */
            message: string;
            /** @description The session to send with the next message. */
            sessionId: string;
            success: boolean;
        };
        ConfigReply: {
            categories: string[];
            demo: components["schemas"]["DemoSettings"];
            /** @description The shop's limits on one order, for the cart to show before checkout. */
            orderLimits: components["schemas"]["OrderLimits"];
            /**
             * @description How customers reach the shop (flags/env `HARIYALI_SHOP_NAME`, `HARIYALI_SUPPORT_*`,
             *     `HARIYALI_GRIEVANCE_*`).
             */
            shop: components["schemas"]["ShopContact"];
            success: boolean;
        };
        /** @description The promise made at checkout: days from placement and the dates they fall on (in India). */
        DeliveryEstimate: {
            /** @description `YYYY-MM-DD`: the earliest and latest promised day. */
            earliest: string;
            latest: string;
            /** Format: int64 */
            maxDays: number;
            /** Format: int64 */
            minDays: number;
        };
        DeliveryReply: {
            /** @description Always true: the shop takes cash on delivery only. */
            cod: boolean;
            estimate: null | components["schemas"]["DeliveryEstimate"];
            pin: string;
            region: null | components["schemas"]["Region"];
            serviceable: boolean;
            success: boolean;
        };
        /** @description One delivery area: PINs whose first `from.len()` digits lie between `from` and `to`. */
        DeliveryRule: {
            city: string | null;
            /**
             * @description 1 to 6 digits: the first digits of the PINs this rule covers.
             * @example 56
             */
            from: string;
            /** Format: int64 */
            maxDays: number | null;
            /**
             * Format: int64
             * @description Set (1 to 60, at most `maxDays`) when serviceable; null when not.
             */
            minDays: number | null;
            serviceable: boolean;
            state: string;
            /**
             * @description Same length as `from`, not below it; `from` again for a single prefix.
             * @example 56
             */
            to: string;
        };
        DeliveryRulesReply: {
            message?: string;
            /** @description The code of `message`, to translate it by. */
            notice?: components["schemas"]["Notice"];
            rules: components["schemas"]["DeliveryRule"][];
            success: boolean;
        };
        DemoAccount: {
            email: string;
            password: string;
            role: string;
        };
        DemoSettings: {
            /** @description Empty unless the shop runs in demo mode. */
            accounts: components["schemas"]["DemoAccount"][];
            enabled: boolean;
        };
        /** @enum {string} */
        Difficulty: "easy" | "moderate" | "expert";
        /** @description How many ratings gave each number of stars. */
        Distribution: {
            /** Format: int64 */
            1: number;
            /** Format: int64 */
            2: number;
            /** Format: int64 */
            3: number;
            /** Format: int64 */
            4: number;
            /** Format: int64 */
            5: number;
        };
        /**
         * @description `{success: false, code, message, errors?, error?}`: the one error body of the API, for
         *     the handlers and the OpenAPI document alike.
         */
        ErrorBody: {
            /** @description What went wrong, for programs: stable, whatever the wording of `message`. */
            code: components["schemas"]["ErrorCode"];
            /**
             * @description Only on `/api/ai-chat`: the message again (contract: "AI chat errors carry the same
             *     text in `error` too").
             */
            error?: string;
            /** @description Every failed rule of a form, when the request was a form. */
            errors?: components["schemas"]["FieldError"][];
            /** @description A sentence to show the person (the spec's text). */
            message: string;
            /** @description Always false. */
            success: boolean;
        };
        /**
         * @description What went wrong with the request as a whole (`code` of an error body).
         * @enum {string}
         */
        ErrorCode: "validation_failed" | "invalid_query" | "malformed_body" | "nothing_to_update" | "invalid_idempotency_key" | "cart_empty" | "order_limit_exceeded" | "invalid_chat_message" | "login_required" | "session_ended" | "invalid_credentials" | "forbidden" | "not_found" | "plant_not_found" | "order_not_found" | "plant_not_in_order" | "cart_item_not_found" | "wishlist_item_not_found" | "notification_not_found" | "image_not_found" | "method_not_allowed" | "email_taken" | "plant_name_taken" | "out_of_stock" | "not_enough_stock" | "status_change_not_allowed" | "cancel_not_allowed" | "order_not_delivered" | "too_many_pending_orders" | "idempotency_key_reused" | "wishlist_full" | "too_large" | "image_too_large" | "rate_limited" | "unavailable" | "server_error";
        ExistingRatingReply: {
            rating: null | components["schemas"]["Rating"];
            success: boolean;
        };
        /**
         * @description Which rule a field broke (`code` of an entry of `errors`). One code a rule, so a client
         *     translates a field error by its code; the web app's `FIELD_CODE_TEXT` must name a text
         *     for every one (its type and a test check that).
         * @enum {string}
         */
        FieldCode: "email_required" | "email_invalid" | "password_required" | "password_too_long" | "password_too_few_visible" | "password_too_weak" | "password_too_common" | "new_password_required" | "password_too_short" | "name_required" | "name_edge_space" | "name_double_space" | "name_characters" | "name_too_short" | "name_too_long" | "street_required" | "street_too_short" | "street_too_long" | "city_required" | "city_characters" | "city_too_short" | "city_too_long" | "state_required" | "state_characters" | "state_too_short" | "state_too_long" | "state_not_listed" | "pin_required" | "pin_invalid" | "phone_required" | "phone_not_ten_digits" | "phone_invalid" | "landmark_too_long" | "address_field_too_long" | "plant_name_required" | "plant_name_length" | "plant_name_characters" | "description_required" | "description_length" | "description_nul" | "price_required" | "price_not_whole" | "price_out_of_range" | "original_price_not_whole" | "original_price_too_high" | "original_price_below_price" | "stock_required" | "stock_not_whole" | "stock_out_of_range" | "category_unknown" | "categories_required" | "categories_too_many" | "quantity_too_low" | "rating_required" | "rating_out_of_range" | "wrong_type" | "role_invalid" | "current_password_required" | "current_password_incorrect" | "plant_id_required" | "order_id_required" | "quantity_required" | "status_invalid" | "review_too_long" | "review_control_characters" | "hindi_name_length" | "hindi_name_not_words" | "hindi_description_length" | "hindi_description_not_words" | "care_incomplete" | "care_value_invalid" | "pin_not_served" | "image_too_large" | "image_type" | "image_unreadable" | "delivery_rules_required" | "delivery_rules_too_many" | "pin_prefix_invalid" | "pin_range_invalid" | "area_state_invalid" | "area_city_invalid" | "serviceable_required" | "delivery_days_invalid" | "unserved_has_days" | "areas_overlap" | "quantity_over_limit";
        /** @description One failed rule of a form: which field, which rule (`code`) and the sentence to show. */
        FieldError: {
            code: components["schemas"]["FieldCode"];
            field: string;
            message: string;
        };
        /**
         * @description The least light a plant does well in.
         * @enum {string}
         */
        Light: "low" | "medium" | "bright-indirect" | "full-sun";
        /**
         * @example {
         *       "email": "customer@hariyali.in",
         *       "password": "Customer@2025"
         *     }
         */
        LoginBody: {
            /** Format: email */
            email: string;
            /** Format: password */
            password: string;
        };
        LowStockPlant: {
            _id: string;
            name: string;
            plantId: string;
            /** Format: int64 */
            stock: number;
        };
        MessageReply: {
            message: string;
            /** @description The code of `message`, to translate it by. */
            notice: components["schemas"]["Notice"];
            success: boolean;
        };
        /**
         * @description Which success a reply reports (`notice` of a reply with a `message`).
         * @enum {string}
         */
        Notice: "account_created" | "logged_in" | "profile_updated" | "address_updated" | "password_changed" | "cart_item_added" | "cart_updated" | "cart_item_removed" | "cart_cleared" | "order_placed" | "order_cancelled" | "order_status_updated" | "plant_added" | "plant_updated" | "plant_deleted" | "rating_submitted" | "wishlist_saved" | "wishlist_watching" | "wishlist_removed" | "delivery_rules_saved" | "chat_cleared";
        Notification: {
            _id: string;
            createdAt: string;
            /** @description `back-in-stock`. */
            kind: string;
            plantId: string;
            plantName: string;
            read: boolean;
        };
        NotificationReply: {
            notification: components["schemas"]["Notification"];
            success: boolean;
        };
        NotificationsReply: {
            /** @description Unread first, then newest first; at most 50. */
            notifications: components["schemas"]["Notification"][];
            success: boolean;
            /** Format: int64 */
            unread: number;
        };
        Order: {
            _id: string;
            createdAt: string;
            customerEmail?: string | null;
            customerName?: string | null;
            deliveryAddress: components["schemas"]["Address"];
            deliveryEstimate: null | components["schemas"]["DeliveryEstimate"];
            items: components["schemas"]["OrderItem"][];
            status: components["schemas"]["OrderStatus"];
            statusHistory: components["schemas"]["StatusChange"][];
            /** Format: int64 */
            total: number;
            updatedAt: string;
        };
        OrderItem: {
            /** @description False once the plant has been deleted from the catalogue. */
            available: boolean;
            /** @description The plant's current card picture, while it is still sold. */
            image: string | null;
            /** @description The plant's `_id`. */
            plantId: string;
            /** @description Name and price as they were when the order was placed. */
            plantName: string;
            /**
             * @description The plant's current Hindi name, if it has one (orders keep only the English name
             *     they were placed under; Hindi mode shows this instead).
             */
            plantNameHi: string | null;
            /** Format: int64 */
            price: number;
            /** Format: int64 */
            quantity: number;
            rated: boolean;
        };
        OrderLimits: {
            /**
             * Format: int64
             * @description Most an order may be worth, in whole rupees.
             */
            maxOrderRupees: number;
            /**
             * Format: int64
             * @description Most pending (not yet processed) cash-on-delivery orders per customer.
             */
            maxPendingOrders: number;
            /**
             * Format: int64
             * @description Most units of one plant in a cart line or an order.
             */
            maxPerPlant: number;
        };
        OrderListReply: {
            orders: components["schemas"]["Order"][];
            success: boolean;
        };
        OrderPageReply: {
            orders: components["schemas"]["Order"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            pages: number;
            success: boolean;
            /** Format: int64 */
            total: number;
        };
        OrderReply: {
            message?: string;
            /** @description The code of `message`, to translate it by. */
            notice?: components["schemas"]["Notice"];
            order: components["schemas"]["Order"];
            success: boolean;
        };
        /** @enum {string} */
        OrderStatus: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
        PasswordReply: {
            message: string;
            /** @description The code of `message`, to translate it by. */
            notice: components["schemas"]["Notice"];
            success: boolean;
            /** @description A fresh token: older ones stop working. */
            token: string;
        };
        /**
         * @example {
         *       "deliveryAddress": {
         *         "city": "Bengaluru",
         *         "phone": "9876543210",
         *         "state": "Karnataka",
         *         "street": "14 Residency Road, Shanthala Nagar",
         *         "zipCode": "560025"
         *       }
         *     }
         */
        PlaceBody: {
            /** @description Every field is required at checkout. */
            deliveryAddress: components["schemas"]["AddressBody"];
        };
        /** @description A plant as the API shows it. */
        Plant: {
            _id: string;
            care: null | components["schemas"]["Care"];
            categories: string[];
            createdAt: string;
            description: string;
            descriptionHi: string | null;
            image: string | null;
            name: string;
            /** @description The name in Hindi (Devanagari); null when the shop has not given one. */
            nameHi: string | null;
            /** Format: int64 */
            originalPrice: number | null;
            plantId: string;
            /** Format: int64 */
            price: number;
            /** Format: double */
            rating: number;
            /** Format: int64 */
            reviewCount: number;
            /** Format: int64 */
            stock: number;
            thumbnail: string | null;
            updatedAt: string;
        };
        PlantCount: {
            /** Format: int64 */
            totalPlants: number;
        };
        PlantCountReply: {
            stats: components["schemas"]["PlantCount"];
            success: boolean;
        };
        /**
         * @description The admin's plant form (`multipart/form-data`), as `read_plant_form` reads it.
         * @example {
         *       "categories": [
         *         "Indoor"
         *       ],
         *       "description": "A feathery palm for bright indirect light.",
         *       "name": "Areca Palm",
         *       "originalPrice": 799,
         *       "price": 599,
         *       "stock": 12
         *     }
         */
        PlantFormFields: {
            careChildSafe?: boolean | null;
            careDifficulty?: null | ("easy" | "moderate" | "expert");
            /**
             * @description Care: the five `care*` fields go together (all five, all five empty to clear, or
             *     none to keep).
             */
            careLight?: null | ("low" | "medium" | "bright-indirect" | "full-sun");
            carePetSafe?: boolean | null;
            careWater?: null | ("low" | "medium" | "high");
            /**
             * @description Repeated `categories` fields (or `categories[0]`, `categories[1]`…, or one
             *     comma-separated value).
             */
            categories: ("Indoor" | "Outdoor" | "Succulents" | "Flowering" | "Herbs" | "Trees")[];
            description: string;
            /** @description The description in Hindi. Left out keeps the plant's; sent empty clears it. */
            descriptionHi?: string | null;
            /**
             * Format: binary
             * @description JPEG, PNG or WebP, at most 5 MB. On update, leaving it out keeps the old picture.
             */
            image?: string | null;
            /** @description Letters (any script), spaces, hyphens and apostrophes; unique among live plants. */
            name: string;
            /** @description The name in Hindi. Left out keeps the plant's; sent empty clears it. */
            nameHi?: string | null;
            /**
             * Format: int64
             * @description The price before a discount, at least `price`.
             */
            originalPrice?: number | null;
            /**
             * Format: int64
             * @description Whole rupees.
             */
            price: number;
            /** Format: int64 */
            stock: number;
        };
        PlantListReply: {
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            pages: number;
            plants: components["schemas"]["Plant"][];
            success: boolean;
            /** Format: int64 */
            total: number;
        };
        PlantReply: {
            message?: string;
            /** @description The code of `message`, to translate it by. */
            notice?: components["schemas"]["Notice"];
            plant: components["schemas"]["Plant"];
            success: boolean;
        };
        Probe: {
            /** @description `ok`, `ready` or `unavailable`. */
            status: string;
        };
        /**
         * @description At least one of the two.
         * @example {
         *       "address": {
         *         "city": "Bengaluru"
         *       },
         *       "name": "Asha Verma"
         *     }
         */
        ProfileBody: {
            /** @description Fields left out keep their saved values. */
            address?: components["schemas"]["AddressBody"];
            /** @description As at sign-up. */
            name?: string;
        };
        /**
         * @example {
         *       "orderId": "0193a6f2c1d87c3e9b1f4a5e6d7c8b9a",
         *       "plantId": "PL-1001",
         *       "rating": 5
         *     }
         */
        RateBody: {
            orderId: string;
            plantId: string;
            /**
             * Format: int64
             * @description 1 to 5 stars.
             */
            rating: number;
            /**
             * @description An optional written review, up to 1000 characters. Left out: an earlier review stays;
             *     blank: it is removed.
             */
            review?: string;
        };
        Rating: {
            orderId: string;
            plantId: string;
            /** Format: int64 */
            rating: number;
            /** @description The written review, if any. */
            review: string | null;
        };
        RatingReply: {
            message: string;
            /** @description The code of `message`, to translate it by. */
            notice: components["schemas"]["Notice"];
            rating: components["schemas"]["Rating"];
            success: boolean;
        };
        RecentOrder: {
            _id: string;
            createdAt: string;
            customerName: string;
            status: components["schemas"]["OrderStatus"];
            /** Format: int64 */
            total: number;
        };
        Region: {
            city?: string;
            state: string;
        };
        /**
         * @example {
         *       "email": "asha@example.in",
         *       "name": "Asha Verma",
         *       "password": "Garden@2025"
         *     }
         */
        RegisterBody: {
            /** Format: email */
            email: string;
            /** @description Letters (any script), spaces, apostrophes and hyphens. */
            name: string;
            /**
             * Format: password
             * @description A lowercase and an uppercase letter, a number and a special character.
             */
            password: string;
            /** @description `customer` (the default); `admin` only when an admin is signed in. */
            role?: string;
        };
        Review: {
            createdAt: string;
            /** @description The reviewer's first name only. */
            name: string;
            /** Format: int64 */
            rating: number;
            /** @description Null when the buyer gave stars only. */
            text: string | null;
            /** @description Always true: ratings come only from delivered orders. */
            verified: boolean;
        };
        ReviewsReply: {
            distribution: components["schemas"]["Distribution"];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            pages: number;
            reviews: components["schemas"]["Review"][];
            success: boolean;
            /** Format: int64 */
            total: number;
        };
        /** @enum {string} */
        Role: "customer" | "admin";
        /** @description The rule list as an admin sends it, before checking. */
        RuleInput: {
            city?: string | null;
            from: string;
            /** Format: int64 */
            maxDays?: number | null;
            /** Format: int64 */
            minDays?: number | null;
            serviceable: boolean;
            state: string;
            /** @description Defaults to `from`. */
            to?: string;
        };
        /**
         * @example {
         *       "rules": [
         *         {
         *           "city": "Bengaluru",
         *           "from": "56",
         *           "maxDays": 4,
         *           "minDays": 2,
         *           "serviceable": true,
         *           "state": "Karnataka",
         *           "to": "56"
         *         },
         *         {
         *           "from": "744",
         *           "serviceable": false,
         *           "state": "Andaman and Nicobar Islands"
         *         }
         *       ]
         *     }
         */
        RulesBody: {
            /**
             * @description The whole new list (1 to 500 rules); it replaces the old one. The longest matching
             *     prefix wins; rules of one prefix length may not overlap.
             */
            rules: components["schemas"]["RuleInput"][];
        };
        /**
         * @example {
         *       "notifyWhenInStock": true
         *     }
         */
        SaveBody: {
            /** @description Tell me when this plant is back in stock (once). False or left out: just save it. */
            notifyWhenInStock?: boolean;
        };
        SessionReply: {
            message: string;
            /** @description The code of `message`, to translate it by. */
            notice: components["schemas"]["Notice"];
            success: boolean;
            token: string;
            user: components["schemas"]["User"];
        };
        /** @description What `GET /api/config` tells the storefront (blank settings count as unset). */
        ShopContact: {
            grievanceEmail: string;
            /** @description Null when not yet named. */
            grievanceOfficer?: string | null;
            shopName: string;
            supportEmail: string;
            /** @description Null when the shop has not configured one. */
            supportPhone?: string | null;
            /** @description Digits with country code for a wa.me link; null when not configured. */
            supportWhatsapp?: string | null;
        };
        Stats: {
            /** @description Live plants with 5 or fewer left, fewest first. */
            lowStockPlants: components["schemas"]["LowStockPlant"][];
            ordersByStatus: components["schemas"]["StatusCount"][];
            /** Format: int64 */
            pendingOrders: number;
            recentOrders: components["schemas"]["RecentOrder"][];
            /** Format: int64 */
            totalOrders: number;
            /** Format: int64 */
            totalPlants: number;
            /**
             * Format: int64
             * @description Sum of totals of every order that is not cancelled.
             */
            totalRevenue: number;
        };
        StatsReply: {
            stats: components["schemas"]["Stats"];
            success: boolean;
        };
        /**
         * @example {
         *       "status": "processing"
         *     }
         */
        StatusBody: {
            status: components["schemas"]["OrderStatus"];
        };
        StatusChange: {
            at: string;
            /** @description Who made the change: the customer or an admin (by name). */
            changedBy: string | null;
            changedByRole: string | null;
            status: components["schemas"]["OrderStatus"];
        };
        StatusCount: {
            _id: components["schemas"]["OrderStatus"];
            /** Format: int64 */
            count: number;
        };
        SuggestReply: {
            success: boolean;
            suggestions: components["schemas"]["Suggestion"][];
        };
        /** @description One suggestion of `GET /plants/suggest`. */
        Suggestion: {
            _id: string;
            /** @description The card-size picture. */
            image: string | null;
            name: string;
            nameHi: string | null;
            plantId: string;
            /** Format: int64 */
            price: number;
        };
        /**
         * @example {
         *       "quantity": 2
         *     }
         */
        UpdateBody: {
            /** Format: int64 */
            quantity: number;
        };
        /** @description An account as the API shows it: never the password hash. */
        User: {
            _id: string;
            address: components["schemas"]["Address"];
            createdAt: string;
            email: string;
            name: string;
            role: components["schemas"]["Role"];
        };
        UserReply: {
            message?: string;
            /** @description The code of `message`, to translate it by. */
            notice?: components["schemas"]["Notice"];
            success: boolean;
            user: components["schemas"]["User"];
        };
        /** @enum {string} */
        Water: "low" | "medium" | "high";
        WishlistItem: {
            addedAt: string;
            /** @description True while the customer waits to hear the plant is back in stock. */
            notifyWhenInStock: boolean;
            plant: components["schemas"]["Plant"];
        };
        WishlistReply: {
            message?: string;
            /** @description The code of `message`, to translate it by. */
            notice?: components["schemas"]["Notice"];
            success: boolean;
            wishlist: components["schemas"]["WishlistItem"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "delivery.list_rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every delivery rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryRulesReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "delivery.replace_rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RulesBody"];
            };
        };
        responses: {
            /** @description Rules saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryRulesReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "ai-chat.message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ChatFormFields"];
            };
        };
        responses: {
            /** @description The assistant's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts from this client or for this account. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "ai-chat.end_session": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The chat's session id */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Session forgotten */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.change_password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordBody"];
            };
        };
        responses: {
            /** @description Password changed; older tokens end */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts from this client or for this account. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginBody"];
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts from this client or for this account. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.update_profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileBody"];
            };
        };
        responses: {
            /** @description Profile saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterBody"];
            };
        };
        responses: {
            /** @description Account created and signed in */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many attempts from this client or for this account. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "cart.show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cart at current prices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "cart.add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddBody"];
            };
        };
        responses: {
            /** @description Added */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "cart.clear": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "cart.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                plant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "cart.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                plant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBody"];
            };
        };
        responses: {
            /** @description Quantity set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "meta.config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Shop settings for the web app */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigReply"];
                };
            };
        };
    };
    "delivery.check": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A 6-digit Indian PIN code
                 * @example 560001
                 */
                pin: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Served or not, with the estimate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "wishlist.notifications_list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Notifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationsReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "wishlist.mark_read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The notification's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Marked read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "meta.openapi_document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3 document of this API */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The client's copy (named by `If-None-Match`) is current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "orders.list_mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's orders, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderListReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "orders.place": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 200 visible characters; a retry with the same key and the same delivery address returns the first order, the same key with a different address is a 409 */
                "Idempotency-Key"?: string | null;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceBody"];
            };
        };
        responses: {
            /** @description Order placed (or the first order again, with `Idempotent-Replayed: true`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "orders.list_all": {
        parameters: {
            query?: {
                /** @description `all` or one status. */
                status?: string;
                /** @description Part of the order id, the customer's name or email. */
                search?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of every customer's orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPageReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "orders.stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dashboard figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatsReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "orders.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "orders.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled; the stock is back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "orders.change_status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusBody"];
            };
        };
        responses: {
            /** @description Status changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.list": {
        parameters: {
            query?: {
                /**
                 * @description Forgiving search: names in English or Hindi (typos and run-together words are fine),
                 *     Hinglish and other common names ("pothos", "gudhal"), care words ("pet safe",
                 *     "low light") and description words. Results come best match first unless `sortBy`
                 *     is given; an exact name comes first of all.
                 */
                search?: string;
                /** @description One of the categories, or `all`. */
                category?: string;
                /** @description Only plants known to be safe (`true`) or not safe (`false`) for cats and dogs. */
                petSafe?: boolean;
                /** @description Only plants whose `care.light` is this value. */
                light?: "low" | "medium" | "bright-indirect" | "full-sun";
                minPrice?: number;
                maxPrice?: number;
                minRating?: number;
                /** @description `relevance` (the default with a search) orders by how well `search` matched. */
                sortBy?: "name" | "price" | "rating" | "newest" | "relevance";
                sortOrder?: "asc" | "desc";
                page?: number;
                limit?: number;
                /**
                 * @description How much of each plant the answer carries: `full` (the default), every plant whole;
                 *     or `card`, what a catalogue card draws: the same fields, but a `description` or
                 *     `descriptionHi` longer than 100 characters is cut to its first 100 followed by `…`.
                 */
                view?: "full" | "card";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the catalogue (with `view=card`, each description cut to what a card shows) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlantListReply"];
                };
            };
            /** @description The client's copy (named by `If-None-Match`) is current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PlantFormFields"];
            };
        };
        responses: {
            /** @description Plant added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlantReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoriesReply"];
                };
            };
            /** @description The client's copy (named by `If-None-Match`) is current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "plants.count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many plants are for sale */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlantCountReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.suggest": {
        parameters: {
            query?: {
                /**
                 * @description What the customer has typed so far; the last word may be unfinished. Empty → no
                 *     suggestions.
                 */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to 8 plants, best match first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestReply"];
                };
            };
            /** @description The client's copy (named by `If-None-Match`) is current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.detail": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` (PL-1007) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlantReply"];
                };
            };
            /** @description The client's copy (named by `If-None-Match`) is current; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PlantFormFields"];
            };
        };
        responses: {
            /** @description Plant updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlantReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "plants.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plant deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "ratings.list": {
        parameters: {
            query?: {
                /** @description 1 to 10000; 1 when left out. */
                page?: number;
            };
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewsReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "ratings.rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RateBody"];
            };
        };
        responses: {
            /** @description Rating saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RatingReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "ratings.existing": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's `_id` */
                order_id: string;
                /** @description The plant's `_id` */
                plant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rating, or null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExistingRatingReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "wishlist.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wishlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WishlistReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "wishlist.save": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                plant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveBody"];
            };
        };
        responses: {
            /** @description Saved; the whole wishlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WishlistReply"];
                };
            };
            /** @description The input broke a rule; `errors` names the fields when it was a form. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflicts with the current state (email or name taken, stock, status change, the most
             *     pending orders reached, an Idempotency-Key reused with a different request).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than this endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "wishlist.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plant's `_id` or `plantId` */
                plant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageReply"];
                };
            };
            /** @description No token, or a token that is no longer valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in with a role that may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing (also another customer's order). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "meta.healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Probe"];
                };
            };
        };
    };
    "meta.readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Probe"];
                };
            };
            /** @description The database does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Probe"];
                };
            };
        };
    };
}
