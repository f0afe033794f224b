#!/usr/bin/env python3
"""Trains the assistant's safety net (issue 16) and writes `assistant/safety_net.tsv`.

Why: the safety rules and hazard classes are phrase lists, so they recognise only the
emergencies someone wrote down. Every fresh evaluation set brought hazards nobody listed, and
those got a care sheet with a price. The net is a logistic regression over the words of a
message, trained on every safety question the project has written (against every other
question): it knows the *vocabulary* of trouble (a person or an animal, a body part, a symptom,
a poison, an injury, despair) in English, Hindi and Hinglish, so a message in new words that
still sounds like an emergency gets the general first-aid answer instead of a care sheet.

Data: the realistic sets the engine may learn from (tuning.toml and heldout.toml to
heldout13.toml, which earlier rounds already used to judge and then to develop; heldout14 and
later are never read: they judge the net), and `knowledge/assistant/safety_corpus.toml`,
emergencies and hard negatives written for the net alone (round 15) in the wordings the sets
lack (vowel-less Hinglish, Bengali-, Marathi- and Tamil-English, shocks, heat, despair,
livestock, birds). Each item's last turn is a sample (label: category == "safety"); the earlier
turns of other items are negatives; the factual evaluation's questions are negatives too.

Features (the same in `assistant/safety_net.rs`): the words of the normalised message, its
word pairs, the first five letters of each word longer than five (so "poisoned" and
"poisoning" share "poiso", "bleeding" and "bleeds" share "bleed"), and the consonant skeletons
of words and word pairs (so "chkkr aa rha" meets "chakkar aa raha", "dhtura k bj" meets
"dhatura ke beej"). Held out on heldout13 (trained without it), the skeletons and the corpus
took the net from 36 to 41 of its 45 emergencies, with no false alarm among its 195 other
questions; character trigrams were tried and did worse (35). The threshold is set by
5-fold cross-validation so that at most 1 in 200 non-safety questions would fire.

Run from the repository root: python3 server/knowledge/tools/train_safety_net.py
"""

import math
import random
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETS = ROOT / "tests" / "assistant_realistic"
TRAIN_SETS = ["tuning.toml", "heldout.toml"] + [f"heldout{n}.toml" for n in range(2, 14)]
# Written for the net alone (emergencies and hard negatives in many wordings); see its header.
CORPUS = ROOT / "knowledge" / "assistant" / "safety_corpus.toml"
OUT = ROOT / "knowledge" / "assistant" / "safety_net.tsv"
EPOCHS = 30
L2 = 1e-3
RATE = 0.2
MAX_FALSE_ALARMS = 0.005
KEEP_WEIGHT = 0.05  # smaller weights are dropped from the file


def is_word_char(c: str) -> bool:
    return c.isalnum() or "\u0900" <= c <= "\u097f"


def normalize(text: str) -> str:
    """The engine's `text::normalize`: lower case, apostrophes and nukta dropped, candrabindu
    folded to anusvara, every other non-letter a space."""
    out = []
    for c in text.lower():
        if c in "'’\u093c":
            continue
        c = "ं" if c == "ँ" else c
        out.append(c if is_word_char(c) else " ")
    return " ".join("".join(out).split())


# Vowels dropped by the skeleton: Latin a e i o u, and the Devanagari vowel signs, nasal marks
# and virama (a Hindi word typed with a wrong matra keeps its consonants).
SKELETON_DROP = set("aeiou") | {chr(c) for c in range(0x0900, 0x0904)} | {
    chr(c) for c in range(0x093A, 0x0950)
} | {chr(c) for c in (0x0955, 0x0956, 0x0957, 0x0962, 0x0963)}


def skeleton(word: str) -> str:
    """The consonants of a word, a doubled one once: Hinglish typed without vowels ("chkkr",
    "ghnte", "dhtura", "bj") has the skeleton of its full spelling ("chakkar", "ghante",
    "dhatura", "beej"), and so do many typos ("poisen", "swalowed")."""
    out = []
    for c in word:
        if c in SKELETON_DROP or c in "0123456789":
            continue
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


def word_features(words: list[str]) -> set[str]:
    """The features both word models read (the engine's `assistant/word_features.rs`): each
    word, each pair of neighbouring words, the first five letters of each longer word."""
    feats = {f"w:{w}" for w in words}
    feats |= {f"b:{a} {b}" for a, b in zip(words, words[1:])}
    feats |= {f"p:{w[:5]}" for w in words if len(w) > 5}
    return feats


def features(text: str) -> set[str]:
    words = normalize(text).split()
    feats = word_features(words)
    # Skeletons of words of two or more consonants (one consonant says too little), and of
    # word pairs, so "sir ghum" and "sr ghm" meet.
    skels = [skeleton(w) for w in words]
    feats |= {f"k:{k}" for k in skels if len(k) >= 2}
    feats |= {f"j:{a} {b}" for a, b in zip(skels, skels[1:]) if a and b}
    return feats


# Checked by the engine's test against its own reading of the weights (see main).
CHECKS = [
    "bhai ko motor se current lg gya, hath sunn h",
    "मेरे बेटे ने गमले की दवा वाली गोलियां खा लीं",
    "how often should i water my snake plant in winter",
    "dhtura k bj kha lye, chkkr aa rha h",
]


def samples() -> list[tuple[set[str], int]]:
    out = []
    for name in TRAIN_SETS:
        for item in tomllib.loads((SETS / name).read_text())["item"]:
            label = int(item["category"] == "safety")
            out.append((features(item["turns"][-1]), label))
            if not label:
                out += [(features(t), 0) for t in item["turns"][:-1]]
    corpus = tomllib.loads(CORPUS.read_text())
    out += [(features(t), 1) for t in corpus["emergency"]]
    out += [(features(t), 0) for t in corpus["ordinary"]]
    factual = tomllib.loads((ROOT / "tests" / "assistant_eval.toml").read_text())
    out += [(features(case["q"]), 0) for case in factual.get("case", [])]
    return out


def train(data):
    w: dict[str, float] = {}
    bias = 0.0
    rng = random.Random(16)
    order = list(range(len(data)))
    positives = sum(y for _, y in data)
    # Safety questions are a fifth of the data: weigh them up to balance the classes.
    pos_weight = (len(data) - positives) / max(positives, 1)
    for epoch in range(EPOCHS):
        rng.shuffle(order)
        rate = RATE / (1 + epoch * 0.3)
        for i in order:
            feats, y = data[i]
            z = bias + sum(w.get(f, 0.0) for f in feats)
            p = 1 / (1 + math.exp(-max(min(z, 30), -30)))
            g = (p - y) * (pos_weight if y else 1.0)
            bias -= rate * g
            for f in feats:
                old = w.get(f, 0.0)
                w[f] = old - rate * (g + L2 * old)
    return w, bias


def score(w, bias, feats):
    return bias + sum(w.get(f, 0.0) for f in feats)


def cross_validate(data, train=None, predict=None, folds=5):
    """Out-of-fold predictions of every sample (this net's `train` and `score` unless another
    model's are given: the intent model's trainer uses the same folds)."""
    train, predict = train or globals()["train"], predict or score
    rng = random.Random(21)
    idx = list(range(len(data)))
    rng.shuffle(idx)
    out = [None] * len(data)
    for k in range(folds):
        test = set(idx[k::folds])
        w, b = train([d for i, d in enumerate(data) if i not in test])
        for i in test:
            out[i] = predict(w, b, data[i][0])
    return out


def main():
    data = samples()
    positives = sum(y for _, y in data)
    print(f"{len(data)} samples, {positives} safety", file=sys.stderr)
    oof = cross_validate(data)
    negatives = sorted((s for s, (_, y) in zip(oof, data) if not y), reverse=True)
    threshold = negatives[int(len(negatives) * MAX_FALSE_ALARMS)]
    recall = sum(1 for s, (_, y) in zip(oof, data) if y and s > threshold) / positives
    false_alarms = sum(1 for s in negatives if s > threshold) / len(negatives)
    print(
        f"cross-validated: threshold {threshold:.3f}, recall {recall:.3f}, "
        f"false alarms {false_alarms:.4f}",
        file=sys.stderr,
    )
    w, bias = train(data)
    kept = sorted(((f, v) for f, v in w.items() if abs(v) >= KEEP_WEIGHT), key=lambda x: -x[1])
    with OUT.open("w") as out:
        out.write(
            "# The assistant's safety net: a logistic regression over the words of a message.\n"
            "# Written by server/knowledge/tools/train_safety_net.py; do not edit by hand.\n"
            f"# {len(data)} samples ({positives} safety); 5-fold cross-validation: recall "
            f"{recall:.3f} at {false_alarms:.4f} false alarms.\n"
        )
        out.write(f"bias\t{bias:.4f}\nthreshold\t{threshold:.4f}\n")
        # Messages with the margin the file's own (rounded, pruned) weights give them: the
        # engine's test checks that it reads the same features (safety_net.rs).
        file_w = {f: round(v, 4) for f, v in kept}
        for text in CHECKS:
            margin = round(bias, 4) + sum(file_w.get(f, 0.0) for f in features(text))
            out.write(f"#check\t{margin - round(threshold, 4):.4f}\t{text}\n")
        for f, v in kept:
            out.write(f"{f}\t{v:.4f}\n")
    print(f"wrote {OUT} ({len(kept)} features)", file=sys.stderr)


if __name__ == "__main__":
    main()
