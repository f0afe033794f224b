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
heldout12.toml, which earlier rounds already used to judge and then to develop); heldout13 and
later are left out so they can judge the net. Each item's last turn is a sample (label: category == "safety"); the earlier
turns of other items are negatives; the factual evaluation's questions are negatives too.

Features (the same in `assistant/safety_net.rs`): the words of the normalised message, its
word pairs and the first five letters of each word longer than five (so "poisoned" and
"poisoning" share "poiso", "bleeding" and "bleeds" share "bleed"). The threshold is set by
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
TRAIN_SETS = ["tuning.toml", "heldout.toml"] + [f"heldout{n}.toml" for n in range(2, 13)]
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


def features(text: str) -> set[str]:
    words = normalize(text).split()
    feats = {f"w:{w}" for w in words}
    feats |= {f"b:{a} {b}" for a, b in zip(words, words[1:])}
    feats |= {f"p:{w[:5]}" for w in words if len(w) > 5}
    return feats


def samples() -> list[tuple[set[str], int]]:
    out = []
    for name in TRAIN_SETS:
        for item in tomllib.loads((SETS / name).read_text())["item"]:
            label = int(item["category"] == "safety")
            out.append((features(item["turns"][-1]), label))
            if not label:
                out += [(features(t), 0) for t in item["turns"][:-1]]
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


def cross_validate(data, folds=5):
    """Out-of-fold scores of every sample."""
    rng = random.Random(21)
    idx = list(range(len(data)))
    rng.shuffle(idx)
    scores = [0.0] * len(data)
    for k in range(folds):
        test = set(idx[k::folds])
        w, b = train([d for i, d in enumerate(data) if i not in test])
        for i in test:
            scores[i] = score(w, b, data[i][0])
    return scores


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
        for f, v in kept:
            out.write(f"{f}\t{v:.4f}\n")
    print(f"wrote {OUT} ({len(kept)} features)", file=sys.stderr)


if __name__ == "__main__":
    main()
