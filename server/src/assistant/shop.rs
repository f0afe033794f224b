//! The shop's own questions: policies (from `knowledge/assistant/shop.toml`, the same facts as
//! the storefront's trust pages), "do you sell X" and prices from the live catalogue, and
//! "where is my order" from the signed-in customer's own orders.

use super::knowledge::{Knowledge, Species};
use super::lexicon::{all_groups, Lang, Lexicons, ShopTopic};
use super::recommend::stocked;
use super::text::{rupees, Prepared};
use crate::domain::catalogue::CatalogueItem;

/// One of the customer's orders, as the assistant may tell it back to them.
#[derive(Debug, Clone)]
pub struct OrderBrief {
    pub id: String,
    pub status: String,
    /// ISO date-time the order was placed.
    pub placed: String,
    pub items: Vec<(String, i64)>,
    pub total: i64,
}

/// Policy topics the message asks about (at most two), in the customer's language. A place
/// named in a delivery question gets its own answer first.
pub fn policy(lex: &Lexicons, raw: &str, text: &Prepared, lang: Lang) -> Option<String> {
    let email = &lex.shop.support_email;
    // Two topics may share one answer ("damaged_order" is "damaged" said of one's own order):
    // each answer is given once.
    let mut given = std::collections::HashSet::new();
    let answers: Vec<String> = lex
        .shop
        .topic
        .iter()
        .filter(|t| t.asked(text) || (t.id == "quantity" && more_than_one_order(raw)))
        .filter(|t| given.insert(t.text.en.as_str()))
        .take(2)
        .enumerate()
        .map(|(i, t)| {
            let general = t.text.get(lang).replace("{support_email}", email);
            match (t.id.as_str(), delivery_place(lex, raw, text, lang)) {
                ("delivery", Some(place)) => place,
                ("damaged" | "damaged_order", _) if reported_late(lex, text) => lex
                    .shop
                    .damaged_late
                    .text
                    .get(lang)
                    .replace("{support_email}", email),
                // The first topic answers a yes/no question with its verdict.
                _ if i == 0 => with_verdict(t, text, general, lang),
                _ => general,
            }
        })
        .collect();
    (!answers.is_empty()).then(|| answers.join("\n\n"))
}

/// "Can I pay by card?" → "No — …", "can I pay when it arrives?" → "Yes — …".
fn with_verdict(t: &ShopTopic, text: &Prepared, body: String, lang: Lang) -> String {
    let yes = if t.no.hit(text) {
        false
    } else if t.yes.hit(text) {
        true
    } else {
        return body;
    };
    let word = match (lang, yes) {
        (Lang::En, true) => "Yes",
        (Lang::En, false) => "No",
        (Lang::Hi, true) => "हाँ",
        (Lang::Hi, false) => "नहीं",
        (Lang::Hinglish, true) => "Haan",
        (Lang::Hinglish, false) => "Nahi",
    };
    // "We take…" reads on after the dash as "we take…".
    let mut chars = body.chars();
    let rest = match chars.next() {
        Some(c) if lang == Lang::En => c.to_lowercase().collect::<String>() + chars.as_str(),
        _ => body.clone(),
    };
    format!("{word} — {rest}")
}

/// A damage report that says it came after the 48-hour window: "3 days ago", "a week ago".
fn reported_late(lex: &Lexicons, text: &Prepared) -> bool {
    let late = &lex.shop.damaged_late;
    if late.any.hit(text) {
        return true;
    }
    let words: Vec<&str> = text.words.iter().map(String::as_str).collect();
    let number = |w: &str| match w {
        "two" | "do" | "दो" => Some(2),
        "three" | "teen" | "तीन" => Some(3),
        "four" | "char" | "chaar" | "चार" => Some(4),
        "five" | "paanch" | "panch" | "पांच" | "पाँच" => Some(5),
        _ => w.parse::<u32>().ok(),
    };
    words.windows(2).any(|pair| {
        number(pair[0]).is_some_and(|n| n >= 3) && late.days.0.iter().any(|d| d.as_str() == pair[1])
    })
}

/// "Can I order that many?", "need 25 of them": the order limits are asked.
pub fn asks_quantity(lex: &Lexicons, raw: &str, text: &Prepared) -> bool {
    more_than_one_order(raw)
        || lex
            .shop
            .topic
            .iter()
            .any(|t| t.id == "quantity" && t.asked(text))
}

/// "Need 25 ZZ plants": a count of plants above what one order may hold of a plant (20).
fn more_than_one_order(raw: &str) -> bool {
    counts(raw).any(|n| n > MAX_PER_PLANT)
}

/// How many plants the message says it wants ("want 10 of them", "12 pieces", "12
/// chahiye"): a count from 2 to 999 (see [`counts`]).
pub fn quantity_wanted(raw: &str) -> Option<i64> {
    counts(raw).find(|n| (2..=999).contains(n))
}

/// Counts of plants in a message: a number followed (within three words) by a word that
/// counts plants ("25 zz plants", "6 of them", "12 pieces"), not a price, a size or a time.
pub fn counts(raw: &str) -> impl Iterator<Item = i64> + '_ {
    let lower = raw.to_lowercase();
    let tokens: Vec<String> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '₹'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let words = super::followup::FollowUps::get();
    let (counting, not_count) = (&words.quantity_words.0, &words.not_count.0);
    let found: Vec<i64> = (0..tokens.len())
        .filter_map(|i| {
            let w = tokens[i].as_str();
            let n: i64 = w.parse().ok()?;
            let before = i
                .checked_sub(1)
                .map(|j| tokens[j].as_str())
                .unwrap_or_default();
            if before.ends_with('₹') || not_count.iter().any(|x| x == before) {
                return None;
            }
            // "6 of them" right after the number; a plant word within three words.
            if tokens.get(i + 1).is_some_and(|a| a == "of") {
                return Some(n);
            }
            let after = &tokens[i + 1..tokens.len().min(i + 4)];
            after
                .iter()
                .any(|a| a != "of" && counting.contains(a))
                .then_some(n)
        })
        .collect();
    found.into_iter()
}

/// "Delivery to Pune / 744101?": the time for that place, or that it is not served yet.
fn delivery_place(lex: &Lexicons, raw: &str, text: &Prepared, lang: Lang) -> Option<String> {
    let d = &lex.shop.delivery_places;
    let pin: Option<String> = raw
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6 && !w.starts_with('0'))
        .map(str::to_string);
    let served_metro = match &pin {
        Some(p) if d.not_served_pins.iter().any(|x| p.starts_with(x.as_str())) => Some(None),
        Some(p) => Some(Some(d.metro_pins.iter().any(|x| p.starts_with(x.as_str())))),
        None if d.not_served.hit(text) => Some(None),
        None if d.metros.hit(text) => Some(Some(true)),
        None => None,
    }?;
    let place = pin
        .clone()
        .or_else(|| {
            d.not_served
                .first_hit(text)
                .or_else(|| d.metros.first_hit(text))
                .map(capitalise)
        })
        .unwrap_or_default();
    Some(place_text(served_metro, &place, lang))
}

/// "…and how many days to Kolkata?" inside another question: the delivery time to a city the
/// message names (a metro, a place not served, or any city the climate list knows).
pub fn delivery_to_city(lex: &Lexicons, raw: &str, text: &Prepared, lang: Lang) -> Option<String> {
    let asks = text.has_any(&[
        "how many days",
        "how long",
        "kitne din",
        "delivery",
        "deliver",
        "kab tak",
        "kab aayega",
        "कितने दिन",
        "डिलीवरी",
    ]);
    if !asks {
        return None;
    }
    if let Some(t) = delivery_place(lex, raw, text, lang) {
        return Some(t);
    }
    let c = &lex.words.climate;
    let city = [&c.north, &c.coastal, &c.deccan, &c.hills, &c.dry]
        .iter()
        .find_map(|list| list.first_hit(text))?;
    Some(place_text(Some(false), &capitalise(city), lang))
}

fn place_text(served_metro: Option<bool>, place: &str, lang: Lang) -> String {
    match (served_metro, lang) {
        (None, Lang::En) => format!("Sorry — we don't deliver to {place} yet: the Andaman and Nicobar Islands and Lakshadweep are not served. Everywhere else in India delivery is free, 2-8 days."),
        (None, Lang::Hi) => format!("माफ़ कीजिए — {place} में अभी डिलीवरी नहीं है: अंडमान-निकोबार और लक्षद्वीप अभी सेवा में नहीं हैं। बाकी भारत में डिलीवरी मुफ़्त है, 2-8 दिन।"),
        (None, Lang::Hinglish) => format!("Sorry — {place} mein abhi delivery nahi hai: Andaman-Nicobar aur Lakshadweep abhi serve nahi hote. Baaki India mein delivery free hai, 2-8 din."),
        (Some(true), Lang::En) => format!("Delivery to {place} takes **2-4 days** (a metro), and shipping is free."),
        (Some(true), Lang::Hi) => format!("{place} में डिलीवरी **2-4 दिन** में होती है (मेट्रो), शिपिंग मुफ़्त।"),
        (Some(true), Lang::Hinglish) => format!("{place} mein delivery **2-4 din** mein hoti hai (metro), shipping free hai."),
        (Some(false), Lang::En) => format!("Delivery to {place} takes **4-8 days** (outside the metros), and shipping is free."),
        (Some(false), Lang::Hi) => format!("{place} में डिलीवरी **4-8 दिन** में होती है (मेट्रो के बाहर), शिपिंग मुफ़्त।"),
        (Some(false), Lang::Hinglish) => format!("{place} mein delivery **4-8 din** mein hoti hai (metro ke bahar), shipping free hai."),
    }
}

fn capitalise(word: &str) -> String {
    word.split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A problem with an order that a policy answers better than the order's status (a topic
/// marked `before_orders`).
pub fn order_problem(lex: &Lexicons, text: &Prepared) -> bool {
    lex.shop
        .topic
        .iter()
        .any(|t| t.before_orders && t.asked(text))
}

pub fn asks_order_status(lex: &Lexicons, text: &Prepared) -> bool {
    let o = &lex.shop.order_status;
    o.any.hit(text)
        || o.amount.hit(text)
        || all_groups(&o.amount_all, text)
        || (all_groups(&o.all, text) && !o.not.hit(text))
        || (text.has("order") && names_an_order_id(text))
}

/// An order id pasted into the message ("order 01a20f41-c59b-… kahan hai"): a long word of
/// hex digits with both digits and letters, as order ids are.
fn names_an_order_id(text: &Prepared) -> bool {
    text.words.iter().any(|w| {
        w.len() >= 8
            && w.chars().all(|c| c.is_ascii_hexdigit())
            && w.chars().any(|c| c.is_ascii_digit())
            && w.chars().any(|c| c.is_ascii_alphabetic())
    })
}

/// "Where is my order": the customer's own orders, newest first; visitors are sent to sign in.
/// A question about cancelling gets the verdict for the latest order first.
pub fn order_status(
    lex: &Lexicons,
    orders: Option<&[OrderBrief]>,
    lang: Lang,
    cancelling: bool,
    text: &Prepared,
) -> String {
    let texts = &lex.shop.order_status;
    let arrival_asked = texts.arrived.hit(text);
    let dispatch_asked = texts.dispatched.hit(text);
    let amount_asked = texts.amount.hit(text) || all_groups(&texts.amount_all, text);
    let Some(orders) = orders else {
        return texts.visitor(lang).to_string();
    };
    let Some(latest) = orders.first() else {
        return texts.none(lang).to_string();
    };
    let line = |o: &OrderBrief| -> String {
        let items: Vec<String> = o
            .items
            .iter()
            .map(|(name, qty)| format!("{qty} × {name}"))
            .collect();
        let date = o.placed.get(..10).unwrap_or(&o.placed);
        let short = o.id.get(..8).unwrap_or(&o.id);
        format!(
            "#{short} ({date}): **{}** — {}; {}",
            status_word(&o.status, lang),
            items.join(", "),
            rupees(o.total)
        )
    };
    let next = |status: &str| -> &'static str {
        match (status, lang) {
            ("pending", Lang::En) => "It is waiting to be processed; you can still cancel it in My Orders.",
            ("processing", Lang::En) => "It is being packed and will ship soon.",
            ("shipped", Lang::En) => "It is on its way: 2-4 days to metros, 4-8 days elsewhere from dispatch. Keep the cash ready (Cash on Delivery).",
            ("delivered", Lang::En) => "It has been delivered. If a plant arrived damaged, tell us within 48 hours with a photo.",
            ("cancelled", Lang::En) => "It was cancelled; nothing is due.",
            ("pending", Lang::Hi) => "यह अभी प्रोसेस होने का इंतज़ार कर रहा है; My Orders में आप इसे अभी रद्द कर सकते हैं।",
            ("processing", Lang::Hi) => "यह पैक हो रहा है और जल्द भेजा जाएगा।",
            ("shipped", Lang::Hi) => "यह रास्ते में है: मेट्रो में 2-4 दिन, बाकी जगह 4-8 दिन। नकद तैयार रखें (कैश ऑन डिलीवरी)।",
            ("delivered", Lang::Hi) => "यह डिलीवर हो चुका है। पौधा ख़राब पहुँचा हो तो 48 घंटे में फ़ोटो के साथ बताएँ।",
            ("cancelled", Lang::Hi) => "यह रद्द हो चुका है; कुछ देना नहीं है।",
            ("pending", _) => "Abhi process hone ka intezaar hai; My Orders mein aap ise abhi cancel kar sakte hain.",
            ("processing", _) => "Yeh pack ho raha hai aur jaldi ship hoga.",
            ("shipped", _) => "Yeh raaste mein hai: metro mein 2-4 din, baaki jagah 4-8 din. Cash ready rakhiye (COD).",
            ("delivered", _) => "Yeh deliver ho chuka hai. Paudha kharab aaya ho to 48 ghante mein photo ke saath bataiye.",
            ("cancelled", _) => "Yeh cancel ho chuka hai; kuch dena nahi hai.",
            _ => "",
        }
    };
    let head = match lang {
        Lang::En => "Your latest order",
        Lang::Hi => "आपका सबसे नया ऑर्डर",
        Lang::Hinglish => "Aapka latest order",
    };
    let verdict = if cancelling {
        match (latest.status.as_str(), lang) {
            ("pending", Lang::En) => "Yes — it is still pending, so you can cancel it: My Orders → the order → **Cancel Order**.\n\n".to_string(),
            ("pending", Lang::Hi) => "हाँ — ऑर्डर अभी pending है, आप रद्द कर सकते हैं: My Orders → ऑर्डर → **Cancel Order**।\n\n".to_string(),
            ("pending", _) => "Haan — order abhi pending hai, aap cancel kar sakte hain: My Orders → order → **Cancel Order**.\n\n".to_string(),
            ("cancelled", _) => String::new(),
            (status, Lang::En) => format!("No — it is already {status}, so it can't be cancelled online. Write to support ({}) or simply refuse the parcel at the door (Cash on Delivery, nothing to pay).\n\n", lex.shop.support_email),
            (status, Lang::Hi) => format!("नहीं — ऑर्डर पहले ही {status} है, इसलिए ऑनलाइन रद्द नहीं होगा। सपोर्ट ({}) को लिखें या दरवाज़े पर पार्सल लेने से मना कर दें (कैश ऑन डिलीवरी, कुछ नहीं देना)।\n\n", lex.shop.support_email),
            (status, _) => format!("Nahi — order pehle hi {status} hai, isliye online cancel nahi hoga. Support ({}) ko likhiye ya darwaze par parcel lene se mana kar dijiye (COD, kuch nahi dena).\n\n", lex.shop.support_email),
        }
    } else {
        String::new()
    };
    // "Did it arrive yet?" while it is still on its way, or "has it left?" while it is still
    // with us: "not yet" comes first.
    let waiting = matches!(latest.status.as_str(), "pending" | "processing");
    let not_yet_asked =
        (arrival_asked && latest.status != "delivered") || (dispatch_asked && waiting);
    let not_yet = match (lang, not_yet_asked) {
        (_, false) => "",
        (Lang::En, true) => "Not yet — ",
        (Lang::Hi, true) => "अभी नहीं — ",
        (Lang::Hinglish, true) => "Abhi nahi — ",
    };
    let head = if not_yet.is_empty() || lang != Lang::En {
        head
    } else {
        "your latest order"
    };
    // "How much cash should I keep ready?": the amount due comes first.
    let due = if amount_asked && latest.status != "cancelled" {
        match lang {
            Lang::En => format!("Keep **{}** ready: that is the total of your latest order, paid in cash on delivery (shipping is free).\n\n", rupees(latest.total)),
            Lang::Hi => format!("**{}** तैयार रखें: यह आपके सबसे नए ऑर्डर का कुल है, डिलीवरी पर नकद देना है (शिपिंग मुफ़्त)।\n\n", rupees(latest.total)),
            Lang::Hinglish => format!("**{}** ready rakhiye: yeh aapke latest order ka total hai, delivery par cash dena hai (shipping free).\n\n", rupees(latest.total)),
        }
    } else {
        String::new()
    };
    let mut out = format!(
        "{due}{verdict}{not_yet}{head} {}. {}",
        line(latest),
        next(&latest.status)
    );
    if orders.len() > 1 {
        let older: Vec<String> = orders.iter().skip(1).take(3).map(line).collect();
        let label = match lang {
            Lang::En => "Earlier orders",
            Lang::Hi => "पिछले ऑर्डर",
            Lang::Hinglish => "Pichhle orders",
        };
        out.push_str(&format!("\n\n{label}:\n- {}", older.join("\n- ")));
    }
    let tail = match lang {
        Lang::En => "The full timeline is in **My Orders**.",
        Lang::Hi => "पूरी टाइमलाइन **My Orders** में है।",
        Lang::Hinglish => "Poori timeline **My Orders** mein hai.",
    };
    out.push_str("\n\n");
    out.push_str(tail);
    out
}

/// An order's status in the customer's language (Hindi keeps the English word the site
/// shows in My Orders).
fn status_word(status: &str, lang: Lang) -> String {
    let hindi = match status {
        "pending" => "लंबित",
        "processing" => "पैक हो रहा है",
        "shipped" => "भेजा जा चुका",
        "delivered" => "पहुँच चुका",
        "cancelled" => "रद्द",
        _ => return status.to_string(),
    };
    match lang {
        Lang::Hi => format!("{hindi} ({status})"),
        _ => status.to_string(),
    }
}

/// A shop line: name, price and the link the chat renders as the plant's name.
pub fn item_line(item: &CatalogueItem) -> String {
    format!(
        "**{}**: {}: /plant/{}",
        item.name,
        rupees(item.price),
        item.id
    )
}

/// Every catalogue listing of a species, in stock or not.
fn listings<'c>(s: &Species, catalogue: &'c [CatalogueItem]) -> Vec<&'c CatalogueItem> {
    catalogue
        .iter()
        .filter(|i| {
            s.catalogue
                .iter()
                .any(|c| c.eq_ignore_ascii_case(i.name.trim()))
        })
        .collect()
}

/// In-stock plants like `s` (same kind first, then shared traits), cheapest first.
fn alternatives<'c>(
    kb: &Knowledge,
    like: Option<&Species>,
    catalogue: &'c [CatalogueItem],
    pets: bool,
) -> Vec<&'c CatalogueItem> {
    let mut scored: Vec<(i32, &CatalogueItem)> = Vec::new();
    for s in &kb.species {
        if like.is_some_and(|l| l.id == s.id) || (pets && s.toxic_to_pets) {
            continue;
        }
        let score = match like {
            Some(l) => {
                let kind = if s.kind == l.kind { 10 } else { 0 };
                let shared = s.traits.iter().filter(|t| l.traits.contains(*t)).count() as i32;
                kind + shared
            }
            None => s.traits.iter().any(|t| t == "beginner") as i32,
        };
        if let Some(item) = stocked(s, catalogue).into_iter().next() {
            scored.push((score, item));
        }
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.price.cmp(&b.1.price)));
    scored.into_iter().take(3).map(|(_, i)| i).collect()
}

fn bullets(items: &[&CatalogueItem]) -> String {
    items
        .iter()
        .map(|i| format!("- {}", item_line(i)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// "Do you sell X?" for a species the knowledge base knows.
pub fn sells_species(
    kb: &Knowledge,
    s: &Species,
    catalogue: &[CatalogueItem],
    lang: Lang,
    pets: bool,
) -> String {
    let in_stock = stocked(s, catalogue);
    let name = display(s, lang);
    if !in_stock.is_empty() {
        let head = match lang {
            Lang::En => format!("Yes — we sell **{name}**:"),
            Lang::Hi => format!("हाँ — हमारे पास **{}** है, स्टॉक में:", s.hindi),
            Lang::Hinglish => format!("Haan — hamare paas **{name}** hai:"),
        };
        let items: Vec<&CatalogueItem> = in_stock.into_iter().take(3).collect();
        // Hindi: the plant's Hindi name on its line (the English one stays in the link).
        let (label, price_word) = if lang == Lang::Hi {
            (Some(s.hindi.as_str()), "कीमत ")
        } else {
            (None, "")
        };
        let lines = items
            .iter()
            .map(|i| {
                format!(
                    "- **{}**: {price_word}{} ({}): /plant/{}",
                    label.unwrap_or(&i.name),
                    rupees(i.price),
                    stock_note(i.stock, lang),
                    i.id
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        return format!("{head}\n{lines}");
    }
    let alts = alternatives(kb, Some(s), catalogue, pets);
    let head = if !listings(s, catalogue).is_empty() {
        match lang {
            Lang::En => format!("**{name}** is **out of stock** right now."),
            Lang::Hi => format!("**{name}** अभी **स्टॉक में नहीं** (out of stock) है।"),
            Lang::Hinglish => format!("**{name}** abhi **out of stock** hai."),
        }
    } else {
        match lang {
            Lang::En => format!("No — **{name}** is not in our shop."),
            Lang::Hi => format!("नहीं — **{name}** हमारी दुकान में नहीं है।"),
            Lang::Hinglish => format!("Nahi — **{name}** hamari shop mein nahi hai."),
        }
    };
    with_alternatives(head, &alts, lang)
}

/// "Something similar?" after a plant: in-stock plants like it (same kind first).
pub fn similar_to(
    kb: &Knowledge,
    s: &Species,
    catalogue: &[CatalogueItem],
    lang: Lang,
    pets: bool,
) -> String {
    let alts = alternatives(kb, Some(s), catalogue, pets);
    let name = display(s, lang);
    let head = match lang {
        Lang::En => format!("Plants like **{name}** that we have in stock:"),
        Lang::Hi => format!("**{name}** जैसे पौधे, जो स्टॉक में हैं:"),
        Lang::Hinglish => format!("**{name}** jaise paudhe, jo stock mein hain:"),
    };
    format!(
        "{head}
{}",
        bullets(&alts)
    )
}

/// How many are left, when the catalogue knows: few are worth saying as "only N left".
fn stock_note(stock: i64, lang: Lang) -> String {
    match (lang, stock <= 5) {
        (Lang::En, true) => format!("only {stock} left"),
        (Lang::En, false) => format!("{stock} in stock"),
        (Lang::Hi, true) => format!("सिर्फ़ {stock} बचे हैं"),
        (Lang::Hi, false) => format!("स्टॉक में {stock}"),
        (Lang::Hinglish, true) => format!("sirf {stock} bache hain"),
        (Lang::Hinglish, false) => format!("{stock} stock mein"),
    }
}

/// "Do you sell X?" for something the knowledge base does not know at all.
pub fn sells_unknown(
    kb: &Knowledge,
    wanted: &str,
    catalogue: &[CatalogueItem],
    lang: Lang,
    pets: bool,
) -> String {
    let head = match lang {
        Lang::En => format!("No — we don't sell {wanted} in our shop."),
        Lang::Hi => format!("नहीं — {wanted} हमारी दुकान में नहीं है।"),
        Lang::Hinglish => format!("Nahi — {wanted} hamari shop mein nahi hai."),
    };
    with_alternatives(head, &alternatives(kb, None, catalogue, pets), lang)
}

/// "Do you sell orchids?": not in the shop, with the in-stock species closest to it.
pub fn not_sold(name: &str, like: &[&Species], catalogue: &[CatalogueItem], lang: Lang) -> String {
    let head = match lang {
        Lang::En => format!("No — we don't sell {name} in our shop."),
        Lang::Hi => format!("नहीं — {name} हमारी दुकान में नहीं है।"),
        Lang::Hinglish => format!("Nahi — {name} hamari shop mein nahi hai."),
    };
    let alts: Vec<&CatalogueItem> = like
        .iter()
        .filter_map(|s| stocked(s, catalogue).into_iter().next())
        .collect();
    with_alternatives(head, &alts, lang)
}

fn with_alternatives(head: String, alts: &[&CatalogueItem], lang: Lang) -> String {
    if alts.is_empty() {
        return head;
    }
    let label = match lang {
        Lang::En => "Closest in stock:",
        Lang::Hi => "स्टॉक में मिलते-जुलते पौधे:",
        Lang::Hinglish => "Stock mein milte-julte paudhe:",
    };
    format!("{head} {label}\n{}", bullets(alts))
}

/// The cheapest or the most expensive plant in stock.
pub fn extreme(
    catalogue: &[CatalogueItem],
    cheapest: bool,
    among: bool,
    lang: Lang,
) -> Option<String> {
    let stocked = catalogue.iter().filter(|i| i.stock > 0);
    let prices: Vec<i64> = stocked.clone().map(|i| i.price).collect();
    let item = if cheapest {
        stocked.min_by_key(|i| i.price)?
    } else {
        stocked.max_by_key(|i| i.price)?
    };
    // "Which of them is cheaper?" when they cost the same: said plainly.
    if among && prices.len() > 1 && prices.iter().all(|&p| p == item.price) {
        let each = rupees(item.price);
        let names: Vec<&str> = catalogue
            .iter()
            .filter(|i| i.stock > 0)
            .map(|i| i.name.as_str())
            .collect();
        let names = names.join(", ");
        return Some(match lang {
            Lang::En => format!("Neither — they cost the same: {names} are {each} each."),
            Lang::Hi => format!("दोनों की कीमत बराबर है: {names}, {each} प्रति पौधा।"),
            Lang::Hinglish => format!("Dono ka price barabar hai: {names}, {each} ek."),
        });
    }
    if among {
        let head = match (lang, cheapest) {
            (Lang::En, true) => format!(
                "**{}** is the cheaper one at **{}**",
                item.name,
                rupees(item.price)
            ),
            (Lang::En, false) => format!(
                "**{}** is the costlier one at **{}**",
                item.name,
                rupees(item.price)
            ),
            (Lang::Hi, true) => format!(
                "इनमें सबसे सस्ता **{}** है, **{}**",
                item.name,
                rupees(item.price)
            ),
            (Lang::Hi, false) => format!(
                "इनमें सबसे महँगा **{}** है, **{}**",
                item.name,
                rupees(item.price)
            ),
            (_, true) => format!(
                "Inmein sabse sasta **{}** hai, **{}**",
                item.name,
                rupees(item.price)
            ),
            (_, false) => format!(
                "Inmein sabse mehenga **{}** hai, **{}**",
                item.name,
                rupees(item.price)
            ),
        };
        let rest: Vec<String> = catalogue
            .iter()
            .filter(|i| i.id != item.id)
            .map(|i| format!("{} {}", i.name, rupees(i.price)))
            .collect();
        let tail = if rest.is_empty() {
            String::new()
        } else {
            format!(" ({})", rest.join(", "))
        };
        return Some(format!("{head}{tail}.\n- {}", item_line(item)));
    }
    let head = match (lang, cheapest) {
        (Lang::En, true) => "Our cheapest plant in stock right now is",
        (Lang::En, false) => "Our most expensive plant in stock right now is",
        (Lang::Hi, true) => "अभी स्टॉक में सबसे सस्ता पौधा है",
        (Lang::Hi, false) => "अभी स्टॉक में सबसे महँगा पौधा है",
        (Lang::Hinglish, true) => "Abhi stock mein sabse sasta paudha hai",
        (Lang::Hinglish, false) => "Abhi stock mein sabse mehenga paudha hai",
    };
    Some(format!("{head}:\n- {}", item_line(item)))
}

/// "Something cheaper?" after a list: in-stock plants cheaper than everything shown.
pub fn cheaper_than(
    kb: &Knowledge,
    shown: &[String],
    catalogue: &[CatalogueItem],
    lang: Lang,
    pets: bool,
    ceiling: Option<i64>,
) -> Option<String> {
    let floor = catalogue
        .iter()
        .filter(|i| shown.contains(&i.id))
        .map(|i| i.price)
        .min()?;
    // "Cheaper, under 300": the amount named is a ceiling too.
    let floor = ceiling.map_or(floor, |c| floor.min(c + 1));
    let mut cheaper: Vec<&CatalogueItem> = catalogue
        .iter()
        .filter(|i| i.stock > 0 && i.price < floor && !shown.contains(&i.id))
        .filter(|i| {
            !pets
                || kb
                    .species_for_catalogue_name(&i.name)
                    .is_some_and(|s| !s.toxic_to_pets)
        })
        .collect();
    // Closest to what was shown first (same kind, light and uses), then cheapest: "something
    // cheaper" after an areca palm means another indoor plant, not a marigold.
    let like = catalogue
        .iter()
        .find(|i| shown.first() == Some(&i.id))
        .and_then(|i| kb.species_for_catalogue_name(&i.name));
    let similarity = |item: &CatalogueItem| -> i32 {
        let (Some(l), Some(s)) = (like, kb.species_for_catalogue_name(&item.name)) else {
            return 0;
        };
        let kind = if s.kind == l.kind { 3 } else { 0 };
        let light = 3 - (s.light_level as i32 - l.light_level as i32).abs();
        let place = s
            .placement
            .iter()
            .filter(|p| l.placement.contains(p))
            .count() as i32;
        let traits = s.traits.iter().filter(|t| l.traits.contains(t)).count() as i32;
        kind + light * 2 + place + traits
    };
    cheaper.sort_by(|a, b| {
        similarity(b)
            .cmp(&similarity(a))
            .then(a.price.cmp(&b.price))
    });
    cheaper.truncate(3);
    let text = if cheaper.is_empty() {
        match lang {
            Lang::En => format!(
                "Nothing cheaper than {} fits — that was already the lowest price.",
                rupees(floor)
            ),
            Lang::Hi => format!(
                "{} से सस्ता कोई उपयुक्त पौधा नहीं है — वही सबसे कम दाम था।",
                rupees(floor)
            ),
            Lang::Hinglish => format!(
                "{} se sasta koi suitable paudha nahi hai — wahi sabse kam daam tha.",
                rupees(floor)
            ),
        }
    } else {
        // Named by the plant shown rather than its price, which the customer has just seen.
        let than = like.map_or_else(|| rupees(floor), |l| format!("**{}**", display(l, lang)));
        let head = match lang {
            Lang::En => format!("Yes — cheaper than {than}:"),
            Lang::Hi => format!("हाँ — {than} से सस्ते:"),
            Lang::Hinglish => format!("Haan — {than} se saste:"),
        };
        format!("{head}\n{}", bullets(&cheaper))
    };
    Some(text)
}

/// "Which of them is safe for my cat / child?" after a list: the safe ones named first, the
/// others said to be toxic; when none is safe, safe alternatives in stock.
pub fn safe_among(
    kb: &Knowledge,
    listed: &[&Species],
    catalogue: &[CatalogueItem],
    children: bool,
    lang: Lang,
) -> String {
    let toxic = |s: &Species| {
        if children {
            s.toxic_to_children
        } else {
            s.toxic_to_pets
        }
    };
    let names = |v: &[&Species]| {
        v.iter()
            .map(|s| display(s, lang))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let safe: Vec<&Species> = listed.iter().copied().filter(|s| !toxic(s)).collect();
    let unsafe_: Vec<&Species> = listed.iter().copied().filter(|s| toxic(s)).collect();
    let who = match (lang, children) {
        (Lang::En, true) => "children",
        (Lang::En, false) => "cats and dogs",
        (Lang::Hi, true) => "बच्चों",
        (Lang::Hi, false) => "बिल्ली-कुत्तों",
        (_, true) => "bacchon",
        (_, false) => "billi-kutton",
    };
    if safe.is_empty() {
        let alts: Vec<&CatalogueItem> = kb
            .species
            .iter()
            .filter(|s| !toxic(s))
            .filter_map(|s| stocked(s, catalogue).into_iter().next())
            .take(3)
            .collect();
        let head = match lang {
            Lang::En => format!("None of them — {} are all toxic to {who} if chewed. Safe choices in stock:", names(&unsafe_)),
            Lang::Hi => format!("इनमें से कोई नहीं — {} सभी चबाने पर {who} के लिए ज़हरीले हैं। सुरक्षित पौधे जो स्टॉक में हैं:", names(&unsafe_)),
            Lang::Hinglish => format!("Inmein se koi nahi — {} sab chabane par {who} ke liye zehreele hain. Safe paudhe jo stock mein hain:", names(&unsafe_)),
        };
        return format!("{head}\n{}", bullets(&alts));
    }
    let mut t = match lang {
        Lang::En => format!("{} — safe for {who}.", names(&safe)),
        Lang::Hi => format!("{} — {who} के लिए सुरक्षित।", names(&safe)),
        Lang::Hinglish => format!("{} — {who} ke liye safe.", names(&safe)),
    };
    if !unsafe_.is_empty() {
        t.push(' ');
        t.push_str(&match lang {
            Lang::En => format!("Not {}: toxic if chewed.", names(&unsafe_)),
            Lang::Hi => format!("{} नहीं: चबाने पर ज़हरीले।", names(&unsafe_)),
            Lang::Hinglish => format!("{} nahi: chabane par zehreele.", names(&unsafe_)),
        });
    }
    let items: Vec<&CatalogueItem> = safe
        .iter()
        .filter_map(|s| stocked(s, catalogue).into_iter().next())
        .collect();
    if !items.is_empty() {
        t = format!("{t}\n{}", bullets(&items));
    }
    t
}

/// "10 of them, total?": count × price, with what one order may hold (20 of a plant) and
/// what is in stock.
pub fn total_for(item: &CatalogueItem, n: i64, lang: Lang, email: &str) -> String {
    let total = rupees(item.price * n);
    let each = rupees(item.price);
    let mut out = match lang {
        Lang::En => format!("**{n} × {}** at {each} each = **{total}** in all. Shipping is free and you pay in cash on delivery.", item.name),
        Lang::Hi => format!("**{n} × {}**, {each} प्रति पौधा = कुल **{total}**। शिपिंग मुफ़्त है और भुगतान डिलीवरी पर नकद।", item.name),
        Lang::Hinglish => format!("**{n} × {}**, {each} ek = total **{total}**. Shipping free hai aur payment delivery par cash mein.", item.name),
    };
    if n > MAX_PER_PLANT {
        out.push(' ');
        out.push_str(&match lang {
            Lang::En => format!("One order takes up to {MAX_PER_PLANT} of a plant, so place the rest in a second order (or write to {email} for a bulk order)."),
            Lang::Hi => format!("एक ऑर्डर में एक पौधे के {MAX_PER_PLANT} तक आते हैं, बाकी के लिए दूसरा ऑर्डर करें (या थोक के लिए {email} पर लिखें)।"),
            Lang::Hinglish => format!("Ek order mein ek paudhe ke {MAX_PER_PLANT} tak aate hain, baaki ke liye doosra order kijiye (ya bulk ke liye {email} par likhiye)."),
        });
    }
    if n > item.stock {
        out.push(' ');
        out.push_str(&match lang {
            Lang::En => format!("Only {} are in stock right now.", item.stock),
            Lang::Hi => format!("अभी स्टॉक में सिर्फ़ {} हैं।", item.stock),
            Lang::Hinglish => format!("Abhi stock mein sirf {} hain.", item.stock),
        });
    }
    format!("{out}\n- {}", item_line(item))
}

/// The most of one plant an order may hold (the server's `OrderLimits::default()`; the shop
/// topic "quantity" says the same).
pub const MAX_PER_PLANT: i64 = 20;

/// The price of one listed item ("the second one", "price?").
/// The price of one listing; `hindi` is the plant's Hindi name, shown to a Hindi reader.
pub fn price_of(item: &CatalogueItem, lang: Lang, hindi: Option<&str>) -> String {
    let stock = if item.stock > 0 {
        match lang {
            Lang::En => "in stock",
            Lang::Hi => "स्टॉक में",
            Lang::Hinglish => "stock mein hai",
        }
    } else {
        match lang {
            Lang::En => "out of stock right now",
            Lang::Hi => "अभी स्टॉक में नहीं",
            Lang::Hinglish => "abhi out of stock",
        }
    };
    match lang {
        Lang::En => format!(
            "**{}** costs **{}** ({stock}).\n- {}",
            item.name,
            rupees(item.price),
            item_line(item)
        ),
        Lang::Hi => format!(
            "**{}** की कीमत **{}** है ({stock})।\n- **{}**: /plant/{}",
            hindi.unwrap_or(&item.name),
            rupees(item.price),
            hindi.unwrap_or(&item.name),
            item.id
        ),
        Lang::Hinglish => format!(
            "**{}** ki keemat **{}** hai ({stock}).\n- {}",
            item.name,
            rupees(item.price),
            item_line(item)
        ),
    }
}

/// A species' name in the customer's language.
pub fn display(s: &Species, lang: Lang) -> String {
    match lang {
        Lang::Hi => format!("{} ({})", s.hindi, s.name),
        _ => s.name.clone(),
    }
}
