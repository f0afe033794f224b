//! Answers in the format the chat page renders: a line ending with ':' is a heading, `- `
//! starts a bullet, `1. ` a numbered block, `**…**` is bold, anything else a paragraph.
//! Blocks are separated by blank lines. Fixed phrases exist in English and Hindi.

/// An answer being written.
#[derive(Debug, Default)]
pub struct Reply {
    blocks: Vec<String>,
}

impl Reply {
    /// A heading: always ends with exactly one ':'.
    pub fn heading(&mut self, text: &str) -> &mut Self {
        let text = text.trim().trim_end_matches(':');
        self.blocks.push(format!("{text}:"));
        self
    }

    /// A paragraph. A trailing ':' would turn it into a heading, so it becomes '.'.
    pub fn para(&mut self, text: &str) -> &mut Self {
        let text = text.trim();
        if !text.is_empty() {
            self.blocks.push(safe_line(text));
        }
        self
    }

    pub fn bullets<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Self {
        let lines: Vec<String> = items
            .iter()
            .map(|i| i.as_ref().trim())
            .filter(|i| !i.is_empty())
            .map(|i| format!("- {}", safe_line(i)))
            .collect();
        if !lines.is_empty() {
            self.blocks.push(lines.join("\n"));
        }
        self
    }

    pub fn numbered<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Self {
        let lines: Vec<String> = items
            .iter()
            .map(|i| i.as_ref().trim())
            .filter(|i| !i.is_empty())
            .enumerate()
            .map(|(n, i)| format!("{}. {}", n + 1, safe_line(i)))
            .collect();
        if !lines.is_empty() {
            self.blocks.push(lines.join("\n"));
        }
        self
    }

    /// A numbered block whose items have a detail line under them.
    pub fn numbered_with_details(&mut self, items: &[(String, String)]) -> &mut Self {
        let lines: Vec<String> = items
            .iter()
            .enumerate()
            .map(|(n, (head, detail))| {
                if detail.is_empty() {
                    format!("{}. {}", n + 1, safe_line(head))
                } else {
                    format!("{}. {}\n{}", n + 1, safe_line(head), safe_line(detail))
                }
            })
            .collect();
        if !lines.is_empty() {
            self.blocks.push(lines.join("\n"));
        }
        self
    }

    /// A paragraph before everything written so far (what could not be met comes first).
    pub fn lead(&mut self, text: &str) -> &mut Self {
        let text = text.trim();
        if !text.is_empty() {
            self.blocks.insert(0, safe_line(text));
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    pub fn finish(&self) -> String {
        self.blocks.join("\n\n")
    }
}

fn safe_line(text: &str) -> String {
    let one_line = text.replace('\n', " ");
    match one_line.strip_suffix(':') {
        Some(rest) => format!("{rest}."),
        None => one_line,
    }
}

/// Fixed phrases the engine composes with.
pub struct Phrases {
    pub causes: &'static str,
    pub what_to_do: &'static str,
    pub prevention: &'static str,
    pub when_to_worry: &'static str,
    pub related: &'static str,
    pub watering_now: &'static str,
    pub other_seasons: &'static str,
    pub light: &'static str,
    pub soil: &'static str,
    pub feeding: &'static str,
    pub repotting: &'static str,
    pub propagation: &'static str,
    pub pruning: &'static str,
    pub humidity: &'static str,
    pub temperature: &'static str,
    pub pets_children: &'static str,
    pub in_our_shop: &'static str,
    pub safety: &'static str,
    pub watch_out_for: &'static str,
    pub for_your: &'static str,
    pub in_stock: &'static str,
    pub safe_for_all: &'static str,
    pub toxic_pets_children: &'static str,
    pub toxic_pets: &'static str,
    pub toxic_children: &'static str,
    pub photo_findings: &'static str,
    pub healthy_green: &'static str,
    pub yellowing: &'static str,
    pub browning: &'static str,
    pub dark_spots: &'static str,
    pub white_powder: &'static str,
    pub plants_for_you: &'static str,
    pub what_i_looked_for: &'static str,
    pub why: &'static str,
    pub difficulty: &'static str,
    pub greeting: &'static str,
    pub thanks: &'static str,
    pub not_sure: &'static str,
    pub closest_topics: &'static str,
    pub season_care: &'static str,
    pub post_monsoon_note: &'static str,
    pub ask_which_plant: &'static str,
    pub compare: &'static str,
    pub nothing_in_stock: &'static str,
    pub browse: &'static str,
}

pub const EN: Phrases = Phrases {
    causes: "Likely causes",
    what_to_do: "What to do",
    prevention: "Prevention",
    when_to_worry: "When to worry",
    related: "Related guides",
    watering_now: "Watering now",
    other_seasons: "Rest of the year",
    light: "Light",
    soil: "Soil",
    feeding: "Feeding",
    repotting: "Repotting",
    propagation: "Propagation",
    pruning: "Pruning",
    humidity: "Humidity",
    temperature: "Temperature",
    pets_children: "Pets and children",
    in_our_shop: "In our shop",
    safety: "Safety warning",
    watch_out_for: "Watch out for",
    for_your: "For your",
    in_stock: "in stock",
    safe_for_all: "is considered non-toxic to cats, dogs and children.",
    toxic_pets_children: "is toxic to pets and children.",
    toxic_pets: "is toxic to cats and dogs.",
    toxic_children: "is harmful to children if eaten.",
    photo_findings: "What I measured in your photo",
    healthy_green: "Healthy green",
    yellowing: "Yellowing",
    browning: "Browning",
    dark_spots: "Dark spots",
    white_powder: "White powdery patches",
    plants_for_you: "Plants that suit you",
    what_i_looked_for: "What I looked for",
    why: "Why",
    difficulty: "Difficulty",
    greeting: "Namaste! I'm Hariyali's plant-care assistant. Ask me about watering, light, soil, feeding, repotting, pests or yellow and brown leaves, ask for a plant that suits your home and budget, or send up to 5 photos of a plant and I'll check its leaves.",
    thanks: "You're welcome! Happy gardening. Ask me anytime if your plants need help.",
    not_sure: "I couldn't match that to a plant or a problem in my care guide. Tell me the plant's name and what you see (for example yellow leaves, brown tips, white insects), or send a photo.",
    closest_topics: "Closest topics in my guide",
    season_care: "Care this season",
    post_monsoon_note: "October is post-monsoon: the rains are ending and the soil dries a little faster every week, so check it more often and move gradually back towards the summer routine.",
    ask_which_plant: "Which plant is it? Tell me its name (English, Hindi or Hinglish all work) and I'll give you its exact care.",
    compare: "Side by side",
    nothing_in_stock: "None of the plants in stock right now match all of that; these species would suit you:",
    browse: "You can also browse all our plants at /catalogue.",
};

pub const HI: Phrases = Phrases {
    causes: "संभावित कारण",
    what_to_do: "क्या करें",
    prevention: "बचाव",
    when_to_worry: "कब चिंता करें",
    related: "संबंधित गाइड",
    watering_now: "अभी पानी देना",
    other_seasons: "बाकी मौसम",
    light: "रोशनी",
    soil: "मिट्टी",
    feeding: "खाद",
    repotting: "गमला बदलना",
    propagation: "नया पौधा बनाना",
    pruning: "कटाई-छँटाई",
    humidity: "नमी",
    temperature: "तापमान",
    pets_children: "पालतू जानवर और बच्चे",
    in_our_shop: "हमारी दुकान में",
    safety: "सावधानी",
    watch_out_for: "इन समस्याओं पर नज़र रखें",
    for_your: "आपके पौधे के लिए",
    in_stock: "स्टॉक में",
    safe_for_all: "बिल्ली, कुत्तों और बच्चों के लिए सुरक्षित (non-toxic) माना जाता है।",
    toxic_pets_children: "पालतू जानवरों और बच्चों के लिए ज़हरीला है (toxic)।",
    toxic_pets: "बिल्ली और कुत्तों के लिए ज़हरीला है (toxic)।",
    toxic_children: "बच्चों के लिए खाने पर हानिकारक है (toxic)।",
    photo_findings: "आपकी फ़ोटो में मापा गया",
    healthy_green: "स्वस्थ हरा",
    yellowing: "पीलापन",
    browning: "भूरापन",
    dark_spots: "काले धब्बे",
    white_powder: "सफ़ेद पाउडर जैसे धब्बे",
    plants_for_you: "आपके लिए पौधे",
    what_i_looked_for: "मैंने क्या देखा",
    why: "क्यों",
    difficulty: "कठिनाई",
    greeting: "नमस्ते! मैं हरियाली का पौधों की देखभाल वाला सहायक हूँ। पानी, रोशनी, मिट्टी, खाद, गमला बदलने, कीड़ों या पीली-भूरी पत्तियों के बारे में पूछिए, अपने घर और बजट के लिए पौधा पूछिए, या पौधे की 5 तक फ़ोटो भेजिए, मैं पत्तियों की जाँच करूँगा।",
    thanks: "आपका स्वागत है! खुश रहिए और बागवानी करते रहिए। पौधों को मदद चाहिए तो कभी भी पूछिए।",
    not_sure: "मैं इसे अपनी गाइड के किसी पौधे या समस्या से नहीं जोड़ पाया। पौधे का नाम और आप क्या देख रहे हैं (जैसे पीली पत्तियाँ, भूरे सिरे, सफ़ेद कीड़े) बताइए, या फ़ोटो भेजिए।",
    closest_topics: "गाइड के सबसे करीबी विषय",
    season_care: "इस मौसम में देखभाल",
    post_monsoon_note: "अक्टूबर बरसात के बाद का समय है: बारिश खत्म हो रही है और मिट्टी हर हफ़्ते थोड़ी जल्दी सूखती है, इसलिए मिट्टी ज़्यादा बार जाँचें और धीरे-धीरे गर्मी वाले तरीके पर लौटें।",
    ask_which_plant: "यह कौन सा पौधा है? उसका नाम बताइए (हिंदी, अंग्रेज़ी या हिंग्लिश), मैं उसकी सही देखभाल बताऊँगा।",
    compare: "तुलना",
    nothing_in_stock: "अभी स्टॉक में कोई पौधा इन सब शर्तों पर पूरा नहीं उतरता; ये पौधे आपके लिए ठीक रहेंगे:",
    browse: "सभी पौधे यहाँ देखें: /catalogue",
};

pub fn phrases(hindi: bool) -> &'static Phrases {
    if hindi {
        &HI
    } else {
        &EN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_follow_the_chat_format() {
        let mut r = Reply::default();
        r.heading("Light")
            .para("Bright indirect light:")
            .bullets(&["one", "two"])
            .numbered(&["first", "second"]);
        assert_eq!(
            r.finish(),
            "Light:\n\nBright indirect light.\n\n- one\n- two\n\n1. first\n2. second"
        );
    }
}
