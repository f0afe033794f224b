//! Short answers: a long guide cut to about a word budget, keeping what answers the question
//! (summary, steps), the shop lines and the safety warning.

use crate::assistant::lexicon::Lang;

/// Keeps an answer to about `budget` words: whole lines in order, then only the shop lines
/// (a list's names and prices must survive), and says how to get the full guide.
pub(super) fn shorten(text: &str, budget: usize, lang: Lang) -> String {
    shorten_within(text, budget + 30, budget, lang)
}

/// Keeps an answer of up to `whole` words as it is; a longer one is cut to about `budget`
/// words as `shorten` does.
pub(super) fn shorten_within(text: &str, whole: usize, budget: usize, lang: Lang) -> String {
    let total = text.split_whitespace().count();
    if total <= whole {
        return text.to_string();
    }
    // Causes, prevention, other seasons and related topics go first: the summary and the
    // steps are what answers the question.
    const SKIPPED: &[&str] = &[
        "Likely causes:",
        "Prevention:",
        "Related guides:",
        "Rest of the year:",
        "संभावित कारण:",
        "बचाव:",
        "संबंधित गाइड:",
        "बाकी मौसम:",
    ];
    // A plant's care sheet cut short keeps its light, watering and common problems (what a
    // question about a struggling plant needs) before its soil mix.
    const SHEET_SKIPPED: &[&str] = &["Soil:"];
    let sheet = text.contains("Pets and children:");
    let mut kept_lines: Vec<&str> = Vec::new();
    let mut skipping = false;
    for line in text.lines() {
        let t = line.trim();
        if t.ends_with(':') && t.len() < 60 && !t.starts_with('-') {
            skipping = SKIPPED.contains(&t) || (sheet && SHEET_SKIPPED.contains(&t));
        } else if t.starts_with("**Related guides") || t.starts_with("**Closest topics") {
            continue;
        }
        if !skipping || line.contains("/plant/") {
            kept_lines.push(line);
        }
    }
    // A plant's care sheet keeps its shop lines and the hint after any cut: their words come
    // out of the budget, so the whole answer stays near it (a sheet answering "why are the
    // buds falling?" must not run past the 150 words customers read).
    let budget = if sheet {
        let kept: usize = text
            .lines()
            .filter(|l| l.contains("/plant/"))
            .take(4)
            .chain(std::iter::once(more_hint(lang)))
            .map(|l| l.split_whitespace().count())
            .sum();
        budget.saturating_sub(kept).max(budget / 2)
    } else {
        budget
    };
    let mut out: Vec<&str> = Vec::new();
    let mut used = 0;
    let mut cut = false;
    for line in kept_lines {
        let n = line.split_whitespace().count();
        if !cut && used + n <= budget {
            out.push(line);
            used += n;
        } else {
            if !cut {
                // A heading whose body was cut would stand empty above the lines kept below.
                drop_trailing_headings(&mut out);
            }
            cut = true;
            // Shop lines survive any shortening, and a plant's care sheet keeps its
            // pets-and-children warning.
            let safety = sheet && line.contains("⚠️") && !out.iter().any(|l| l.contains("⚠️"));
            let shop = line.contains("/plant/")
                && out.iter().filter(|l| l.contains("/plant/")).count() < 4;
            if safety || shop {
                out.push(line);
            }
        }
    }
    while out
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        out.pop();
    }
    format!("{}\n\n{}", out.join("\n").trim_end(), more_hint(lang))
}

/// Removes blank lines and section headings ("Light:") from the end of a cut answer.
fn drop_trailing_headings(lines: &mut Vec<&str>) {
    while lines.last().is_some_and(|l| {
        let t = l.trim();
        t.is_empty() || (t.ends_with(':') && t.len() < 60 && !t.starts_with('-'))
    }) {
        lines.pop();
    }
}

/// How to get the full guide, in the customer's language.
pub(super) fn more_hint(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "_Say \"tell me more\" for the full guide._",
        Lang::Hi => "_पूरी जानकारी के लिए \"और बताइए\" लिखें।_",
        Lang::Hinglish => "_Poori jankari ke liye \"aur batao\" likhiye._",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_answer_never_ends_a_section_on_its_bare_heading() {
        let filler = "word ".repeat(60);
        let text = format!(
            "**ZZ Plant**\n\n{filler}\n\nLight:\n\n{filler}\n\n⚠️ **Safety warning:** toxic.\nPets and children: keep away.\n- **ZZ Plant**: ₹599: /plant/abc"
        );
        let short = shorten(&text, 80, Lang::En);
        assert!(!short.contains("Light:"), "{short}");
        assert!(short.contains("⚠️"), "{short}");
        assert!(short.contains("/plant/abc"), "{short}");
    }
}
