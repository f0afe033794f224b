//! The first screen of `/`, `/catalogue` and `/plant/{id}` as HTML inside `<div id="root">`
//! (issue 21), so the largest element of the page (the hero text, the first cards' pictures
//! and names, the plant's picture and name) paints from the HTML and its stylesheet, before
//! any JavaScript has been downloaded or run.
//!
//! It is a static shell, not markup React hydrates: the app renders into `#root` with
//! `createRoot`, and React's first commit empties the container and puts the app's own DOM
//! in, in one task (see docs/architecture.md, "First screen"). So this HTML only has to
//! look like the app's first screen (same class names, same stylesheet, same picture sizes),
//! never to match it node for node; a difference costs a visual change, never an error or a
//! duplicate. Links are ordinary links, so the shell works before (and without) JavaScript.
//!
//! Every text of the data (plant names are admin input) goes through [`escape_text`] or
//! [`escape_attribute`]; the shell's own words come from `first_screen_words.json` (the
//! English interface; a Hindi visitor's `<html lang="hi">` hides the shell's text until the
//! app has rendered it in Hindi, see `.shell` in web/src/styles/base.css).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::page_data::{encode_uri_component, escape_attribute};
use crate::domain::catalogue::CARD_DESCRIPTION_CHARS;
use crate::domain::order_limits::rupees;

/// The home page's hero picture (`HOME_HERO_IMAGE` of web/src/lib/landing.ts), in the web app.
pub const HOME_HERO: &str = "/illustrations/hero.svg";
/// The element the app renders into, as `index.html` has it (empty).
pub const ROOT_EMPTY: &str = "<div id=\"root\"></div>";
/// Cards shown by the catalogue's shell: the first screen on a phone (two columns) and on a
/// wide screen (three or four), not the whole page.
const SHELL_CARDS: usize = 6;
/// The first cards load eagerly and with high priority, as `PlantCard`'s `eager` (`i < 2`).
const EAGER_CARDS: usize = 2;

/// A picture this small is written into the page as a `data:` URL: the largest picture then
/// paints with the HTML, without a connection and request of its own (a seed picture or an
/// illustration is 2-3 KB; uploaded photos are larger and are preloaded instead).
pub const MAX_INLINE_PICTURE: usize = 4 * 1024;

/// The page's largest picture, carried in the page (`src` is its address on the site).
pub struct InlinePicture {
    src: String,
    data_url: String,
}

impl InlinePicture {
    /// `None` when the picture is larger than [`MAX_INLINE_PICTURE`].
    pub fn new(src: &str, content_type: &str, bytes: &[u8]) -> Option<InlinePicture> {
        use base64::Engine as _;
        (bytes.len() <= MAX_INLINE_PICTURE).then(|| InlinePicture {
            src: src.to_string(),
            data_url: format!(
                "data:{content_type};base64,{}",
                base64::engine::general_purpose::STANDARD.encode(bytes)
            ),
        })
    }
}

/// What an `<img src>` of the shell says for `src`: the inline copy when it is that picture.
/// The app's own `<img>` that replaces it names `src` and finds it in the cache (preloaded).
fn shown<'a>(src: &'a str, inline: Option<&'a InlinePicture>) -> &'a str {
    match inline {
        Some(picture) if picture.src == src => &picture.data_url,
        _ => src,
    }
}

/// `page` with `shell` inside its empty `#root`; a page without one is returned as it is.
pub fn insert_into(page: &str, shell: &str) -> String {
    match page.find(ROOT_EMPTY) {
        Some(at) => {
            let inner = at + ROOT_EMPTY.len() - "</div>".len();
            let mut out = String::with_capacity(page.len() + shell.len());
            out.push_str(&page[..inner]);
            out.push_str(shell);
            out.push_str(&page[inner..]);
            out
        }
        None => page.to_string(),
    }
}

/// The home page's first screen: the navigation bar and the hero.
pub fn home(hero: Option<&InlinePicture>) -> String {
    let w = words();
    let page = format!(
        "<section class=\"hero\"><div class=\"container hero__inner\"><div class=\"hero__copy\">\
<p class=\"hero__eyebrow\">{eyebrow}</p>\
<h1 tabindex=\"-1\" class=\"page-title hero__title\">{title}</h1>\
<p class=\"hero__subtitle\">{subtitle}</p>\
<div class=\"hero__actions\"><a class=\"btn btn--primary btn--lg\" href=\"/catalogue\">{shop}</a>\
<a class=\"btn btn--outline btn--lg\" href=\"/assistant\">{ask}</a></div></div>\
<div class=\"hero__art\"><img src=\"{hero}\" alt=\"\" width=\"600\" height=\"520\" fetchpriority=\"high\"></div>\
</div></section>",
        eyebrow = w.text("home.eyebrow"),
        title = w.text("home.title"),
        subtitle = w.text("home.subtitle"),
        shop = w.text("home.shop"),
        ask = w.text("home.askAi"),
        hero = escape_attribute(shown(HOME_HERO, hero)),
    );
    frame(&page)
}

/// The catalogue's first screen from the `GET /api/plants` answer the page carries; `None`
/// when the answer is not a list (the app then starts from an empty `#root`, as before).
pub fn catalogue(list_body: &[u8], inline: Option<&InlinePicture>) -> Option<String> {
    let list: List = serde_json::from_slice(list_body).ok()?;
    let w = words();
    let count = if list.total == 1 {
        w.text("catalogue.count1")
    } else {
        w.with("catalogue.count", "count", &list.total.to_string())
    };
    let mut cards = String::new();
    for (i, plant) in list.plants.iter().take(SHELL_CARDS).enumerate() {
        cards.push_str(&card(plant, i < EAGER_CARDS, inline));
    }
    let page = format!(
        "<div class=\"container page\"><div class=\"page-head\"><div>\
<h1 tabindex=\"-1\" class=\"page-title \">{title}</h1><p class=\"page-head__sub\">{count}</p></div></div>\
<div class=\"catalogue\"><div class=\"catalogue__bar\"><div class=\"searchbox\">\
<label for=\"catalogue-search\" class=\"sr-only\">{search}</label>{search_icon}\
<input id=\"catalogue-search\" type=\"search\" class=\"input searchbox__input\" placeholder=\"{placeholder}\" autocomplete=\"off\" enterkeyhint=\"search\"></div>\
<button type=\"button\" class=\"btn btn--outline catalogue__filters-btn\" disabled>{filter_icon} {filters}</button></div>\
<div class=\"catalogue__main\"><div class=\"grid \">{cards}</div></div></div></div>",
        title = w.text("catalogue.title"),
        search = w.text("catalogue.search"),
        placeholder = w.attr("catalogue.searchPlaceholder"),
        filters = w.text("catalogue.filters"),
        search_icon = icon(SEARCH_PATHS, 18),
        filter_icon = icon(FILTER_PATHS, 18),
    );
    Some(frame(&page))
}

/// The plant page's first screen from the `GET /api/plants/{id}` answer: the picture, the
/// name and the price; `None` when the answer holds no plant.
pub fn plant(plant_body: &[u8], inline: Option<&InlinePicture>) -> Option<String> {
    let reply: PlantReply = serde_json::from_slice(plant_body).ok()?;
    let plant = reply.plant;
    let w = words();
    let name = escape_text(&plant.name);
    let picture = match same_site(plant.image.as_deref()).or(same_site(plant.thumbnail.as_deref())) {
        Some(src) => format!(
            "<img class=\"plant-img \" src=\"{}\" alt=\"{}\" width=\"640\" height=\"640\" loading=\"eager\" decoding=\"async\" fetchpriority=\"high\">",
            escape_attribute(shown(src, inline)),
            escape_attribute(&plant.name)
        ),
        None => empty_picture(&plant.name, 64),
    };
    let mut chips = format!(
        "<span class=\"chip chip--plain\">{}</span>",
        w.with("plant.idBadge", "id", &plant.plant_id)
    );
    for category in &plant.categories {
        let href = format!(
            "/catalogue?category={}",
            url::form_urlencoded::byte_serialize(category.as_bytes()).collect::<String>()
        );
        chips.push_str(&format!(
            "<a class=\"chip\" href=\"{}\">{}</a>",
            escape_attribute(&href),
            escape_text(category)
        ));
    }
    let saving = save_chip(plant.price, plant.original_price);
    let page = format!(
        "<div class=\"container page\"><nav class=\"crumbs\" aria-label=\"{crumbs}\"><a href=\"/catalogue\">{back_icon} {catalogue}</a></nav>\
<div class=\"pdp\"><div class=\"pdp__media card\">{picture}</div><div class=\"pdp__info\">\
<div class=\"row shell__chips\">{chips}</div>\
<div class=\"pcard__title-row\"><h1 tabindex=\"-1\" class=\"page-title pdp__title\">{name}</h1></div>\
<div class=\"pdp__price\">{price}{saving}</div></div></div></div>",
        crumbs = w.attr("plant.breadcrumb"),
        back_icon = icon(CHEVRON_LEFT_PATHS, 16),
        catalogue = w.text("nav.catalogue"),
        price = price(plant.price, plant.original_price, "lg"),
    );
    Some(frame(&page))
}

/// The layout around a page: the skip link, the navigation bar as a visitor who is not
/// signed in sees it before the session check, and `<main>`.
fn frame(page: &str) -> String {
    let w = words();
    format!(
        "<div class=\"app shell\" data-lang=\"en\"><a href=\"#main\" class=\"skip-link\">{skip}</a>\
<header class=\"nav\"><div class=\"container nav__inner\">\
<a class=\"brand\" aria-label=\"{brand_label}\" href=\"/\"><span class=\"brand__mark\">{leaf}</span><span>{name}</span></a>\
<nav class=\"nav__links\" aria-label=\"{main}\"><a class=\"nav__link\" href=\"/\">{home}</a>\
<a class=\"nav__link\" href=\"/catalogue\">{catalogue}</a><a class=\"nav__link\" href=\"/assistant\">{assistant}</a></nav>\
<div class=\"nav__tools\"><a class=\"icon-btn hsearch-toggle\" aria-label=\"{search}\" href=\"/catalogue#search\">{search_icon}</a>\
<button type=\"button\" class=\"icon-btn nav__mobile-only\" aria-label=\"{menu}\" disabled>{menu_icon}</button></div></div></header>\
<main id=\"main\" class=\"app__main\">{page}</main></div>",
        skip = w.text("app.skip"),
        brand_label = escape_attribute(&format!("{} — {}", w.raw("app.name"), w.raw("nav.home"))),
        leaf = icon(LEAF_PATHS, 20),
        name = w.text("app.name"),
        main = w.attr("nav.main"),
        home = w.text("nav.home"),
        catalogue = w.text("nav.catalogue"),
        assistant = w.text("nav.assistant"),
        search = w.attr("nav.searchPlants"),
        search_icon = icon(SEARCH_PATHS, 20),
        menu = w.attr("nav.menu"),
        menu_icon = icon(MENU_PATHS, 20),
    )
}

/// One card as `PlantCard` draws it (picture, saving, name, description, price, stock,
/// link), without the parts that need the app (wishlist heart, stars, care icons).
fn card(plant: &ShellPlant, eager: bool, inline: Option<&InlinePicture>) -> String {
    let w = words();
    let href = escape_attribute(&format!("/plant/{}", encode_uri_component(&plant.id)));
    let src = same_site(plant.thumbnail.as_deref()).or(same_site(plant.image.as_deref()));
    let picture = match src {
        Some(src) => format!(
            "<img class=\"plant-img \" src=\"{}\" alt=\"{}\" width=\"320\" height=\"320\" loading=\"{}\" decoding=\"async\"{}>",
            escape_attribute(shown(src, inline)),
            escape_attribute(&plant.name),
            if eager { "eager" } else { "lazy" },
            if eager { " fetchpriority=\"high\"" } else { "" }
        ),
        None => empty_picture(&plant.name, 64),
    };
    let stock = if plant.stock > 0 {
        format!(
            "<span class=\"pcard__stock \">{}</span>",
            w.with("plant.inStock", "count", &plant.stock.to_string())
        )
    } else {
        format!(
            "<span class=\"pcard__stock is-out\">{}</span>",
            w.text("plant.outOfStock")
        )
    };
    format!(
        "<article class=\"pcard card\"><a tabindex=\"-1\" aria-hidden=\"true\" class=\"pcard__media\" href=\"{href}\">{picture}\
<span class=\"pcard__save\">{saving}</span></a><div class=\"pcard__body\"><div class=\"pcard__title-row\">\
<h2 class=\"pcard__name\"><a href=\"{href}\">{name}</a></h2></div><p class=\"pcard__desc\">{description}</p>\
<div class=\"pcard__foot\">{price}{stock}</div>\
<a class=\"btn btn--outline btn--sm btn--block pcard__cta\" aria-label=\"{cta_label}\" href=\"{href}\">{cta}</a></div></article>",
        saving = save_chip(plant.price, plant.original_price),
        name = escape_text(&plant.name),
        description = escape_text(&truncate(&plant.description, CARD_DESCRIPTION_CHARS)),
        price = price(plant.price, plant.original_price, "md"),
        cta_label = escape_attribute(&w.raw("plant.viewDetailsOf").replace("{name}", &plant.name)),
        cta = w.text("plant.viewDetails"),
    )
}

/// `Price`: the price, and the struck-out original when it is higher.
fn price(price: i64, original: Option<i64>, size: &str) -> String {
    let was = match original.filter(|o| *o > price) {
        Some(original) => format!(
            "<s class=\"price__was\"><span class=\"sr-only\">{}: </span>{}</s>",
            words().text("plant.originalPrice"),
            rupees(original)
        ),
        None => String::new(),
    };
    format!(
        "<span class=\"price price--{size}\"><span class=\"price__now\">{}</span>{was}</span>",
        rupees(price)
    )
}

/// `SaveChip`: the saving when there is one.
fn save_chip(price: i64, original: Option<i64>) -> String {
    match original.filter(|o| *o > price) {
        Some(original) => format!(
            "<span class=\"chip chip--clay\">{}</span>",
            words().with("plant.save", "amount", &rupees(original - price))
        ),
        None => String::new(),
    }
}

/// `PlantImage` without a picture.
fn empty_picture(name: &str, size: u32) -> String {
    format!(
        "<span class=\"plant-img plant-img--empty \" role=\"img\" aria-label=\"{}\">{}</span>",
        escape_attribute(name),
        icon(LEAF_PATHS, size)
    )
}

/// A same-site path only, as the preload (`page_data::picture_of`) takes it.
fn same_site(src: Option<&str>) -> Option<&str> {
    src.filter(|s| s.starts_with('/') && !s.starts_with("//") && !s.contains('\\'))
}

/// `truncate(text, max)`: the first `max` characters, trailing spaces dropped, and `…`.
fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    format!("{}…", cut.trim_end())
}

/// Text content: `&`, `<` and `>` escaped (quotes too, so it is safe in any place).
pub fn escape_text(text: &str) -> String {
    escape_attribute(text)
}

// ------------------------------------------------------------------ icons (icons.tsx)

const LEAF_PATHS: &str = "<path d=\"M5 21c0-9 5-15 15-16-1 10-7 15-15 16z\"></path><path d=\"M5 21c3-5 6-8 10-11\"></path>";
const SEARCH_PATHS: &str =
    "<circle cx=\"11\" cy=\"11\" r=\"6.5\"></circle><path d=\"m20 20-4.2-4.2\"></path>";
const MENU_PATHS: &str = "<path d=\"M4 7h16M4 12h16M4 17h16\"></path>";
const FILTER_PATHS: &str = "<path d=\"M4 5h16l-6 8v5l-4 2v-7z\"></path>";
const CHEVRON_LEFT_PATHS: &str = "<path d=\"m15 6-6 6 6 6\"></path>";

fn icon(paths: &str, size: u32) -> String {
    format!(
        "<svg width=\"{size}\" height=\"{size}\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">{paths}</svg>"
    )
}

// ------------------------------------------------------------------ words

struct Words(HashMap<String, String>);

impl Words {
    /// The word as written (for building other texts before escaping).
    fn raw<'a>(&'a self, key: &'a str) -> &'a str {
        self.0.get(key).map(String::as_str).unwrap_or(key)
    }
    fn text(&self, key: &str) -> String {
        escape_text(self.raw(key))
    }
    fn attr(&self, key: &str) -> String {
        escape_attribute(self.raw(key))
    }
    /// The word with its `{name}` placeholder filled in, escaped.
    fn with(&self, key: &str, name: &str, value: &str) -> String {
        escape_text(&self.raw(key).replace(&format!("{{{name}}}"), value))
    }
}

fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        let map: HashMap<String, String> =
            serde_json::from_str(include_str!("first_screen_words.json"))
                .expect("first_screen_words.json is a JSON object of strings");
        Words(map)
    })
}

// ------------------------------------------------------------------ what the shell reads

#[derive(Deserialize)]
struct List {
    #[serde(default)]
    plants: Vec<ShellPlant>,
    #[serde(default)]
    total: u64,
}

#[derive(Deserialize)]
struct PlantReply {
    plant: ShellPlant,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ShellPlant {
    #[serde(rename = "_id")]
    id: String,
    #[serde(default)]
    plant_id: String,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    thumbnail: Option<String>,
    price: i64,
    #[serde(default)]
    original_price: Option<i64>,
    #[serde(default)]
    stock: i64,
    #[serde(default)]
    categories: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_are_grouped_the_indian_way() {
        assert_eq!(rupees(0), "₹0");
        assert_eq!(rupees(999), "₹999");
        assert_eq!(rupees(1000), "₹1,000");
        assert_eq!(rupees(100000), "₹1,00,000");
        assert_eq!(rupees(12345678), "₹1,23,45,678");
        assert_eq!(rupees(-1500), "-₹1,500");
    }

    #[test]
    fn hostile_names_stay_text() {
        let name = r#"</noscript><script>alert("x")</script>'"#;
        let body = serde_json::json!({
            "plants": [{"_id": "a\"b", "name": name, "description": "<b>d</b>", "image": null,
                        "thumbnail": "/media/t.webp", "price": 1200, "originalPrice": 1500, "stock": 3}],
            "total": 1
        });
        let shell = catalogue(body.to_string().as_bytes(), None).unwrap();
        assert!(!shell.contains("<script"), "{shell}");
        assert!(!shell.contains("</noscript>"), "{shell}");
        assert!(!shell.contains("<b>"), "{shell}");
        assert!(shell
            .contains("&lt;/noscript&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;"));
        assert!(shell.contains("href=\"/plant/a%22b\""), "{shell}");
        assert!(shell.contains("Save ₹300"));
        assert!(shell.contains("1 plant<"));
    }

    #[test]
    fn pictures_from_elsewhere_are_not_shown() {
        let body = serde_json::json!({"plant": {"_id": "x", "name": "N", "image": "https://evil.example/a.png",
            "thumbnail": null, "price": 10, "stock": 0}});
        let shell = plant(body.to_string().as_bytes(), None).unwrap();
        assert!(!shell.contains("evil.example"), "{shell}");
        assert!(shell.contains("plant-img--empty"));
    }

    #[test]
    fn a_small_first_picture_is_carried_in_the_page() {
        let body = serde_json::json!({"plants": [
            {"_id": "a", "name": "A", "thumbnail": "/media/a.svg", "price": 1, "stock": 1},
            {"_id": "b", "name": "B", "thumbnail": "/media/b.svg", "price": 1, "stock": 1}
        ], "total": 2});
        let inline = InlinePicture::new("/media/a.svg", "image/svg+xml", b"<svg/>").unwrap();
        let shell = catalogue(body.to_string().as_bytes(), Some(&inline)).unwrap();
        assert!(
            shell.contains("src=\"data:image/svg+xml;base64,PHN2Zy8+\""),
            "{shell}"
        );
        assert!(shell.contains("src=\"/media/b.svg\""), "{shell}");
        assert!(InlinePicture::new("/x", "image/webp", &[0; MAX_INLINE_PICTURE + 1]).is_none());
    }

    #[test]
    fn the_shell_goes_inside_the_empty_root() {
        let page = "<body><div id=\"root\"></div><noscript>x</noscript></body>";
        assert_eq!(
            insert_into(page, "<p>s</p>"),
            "<body><div id=\"root\"><p>s</p></div><noscript>x</noscript></body>"
        );
        assert_eq!(insert_into("<body></body>", "<p>s</p>"), "<body></body>");
    }
}
