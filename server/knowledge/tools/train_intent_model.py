#!/usr/bin/env python3
"""Trains the assistant's intent model (issue 16) and writes `assistant/intent_model.tsv`.

Why: the front stages answer on keywords, and every fresh evaluation set lost most of its
misses to collisions: a stage recognised its word although the question was another kind
("ZZ plant, AC all night, watering frequency?" got the night-oxygen myth, "stock price of
Infosys" got "we don't sell that in our shop", "money plant ke patte peele" got the product
line). Fixing one phrasing fixed one phrasing. The model reads what KIND of question a
message is from all its words at once, so the engine can refuse a stage whose kind of answer
the model finds very unlikely while another kind is very likely (`assistant/intent_model.rs`).
It is a veto, not a router: the stages still decide what to answer.

Model: multinomial logistic regression (softmax) over the same features as the safety net —
the words of the normalised message, its word pairs, and the first five letters of each word
longer than five.

Data: the last turn of every item of the development sets (tuning.toml, heldout.toml …
heldout13.toml; never the judge sets), labelled with the item's category. `constraints` is
merged into `recommend` (the same answer kind); `hindi`, `hinglish` and `followup` items are
left out (their category names a language or a memory, not an intent).

The thresholds are chosen by 5-fold cross-validation (out-of-fold probabilities): `sure` is
the lowest top-class probability at which the top class is right at least 98 % of the time;
`unlikely` is the highest probability (on a grid) that the kinds of a stage may have and still
be vetoed, such that at most 1 % of the messages would lose the stage of their true kind.

Run from the repository root: python3 server/knowledge/tools/train_intent_model.py
"""

import math
import random
import sys
import tomllib
from pathlib import Path

# One normalisation, one feature set and the same folds as the safety net (same folder).
from train_safety_net import cross_validate, normalize, word_features

ROOT = Path(__file__).resolve().parents[2]
SETS = ROOT / "tests" / "assistant_realistic"
TRAIN_SETS = ["tuning.toml", "heldout.toml"] + [f"heldout{n}.toml" for n in range(2, 14)]
OUT = ROOT / "knowledge" / "assistant" / "intent_model.tsv"
CLASSES = [
    "how_often",
    "yes_no",
    "diagnose",
    "recommend",
    "shop",
    "order_status",
    "myth",
    "off_topic",
    "compare",
    "identify",
    "injection",
    "safety",
]
MERGE = {"constraints": "recommend"}
EPOCHS = 25
L2 = 1e-4
RATE = 0.3
SURE_PRECISION = 0.98
UNLIKELY_GRID = [0.002, 0.005, 0.01, 0.02, 0.03, 0.05]
MAX_WRONG_VETOES = 0.01
KEEP_WEIGHT = 0.1


def features(text: str) -> list[str]:
    return sorted(word_features(normalize(text).split()))


def samples() -> list[tuple[list[str], int]]:
    out = []
    for name in TRAIN_SETS:
        for item in tomllib.loads((SETS / name).read_text())["item"]:
            cat = MERGE.get(item["category"], item["category"])
            if cat in CLASSES:
                out.append((features(item["turns"][-1]), CLASSES.index(cat)))
    return out


def softmax(z):
    m = max(z)
    e = [math.exp(v - m) for v in z]
    s = sum(e)
    return [v / s for v in e]


def train(data):
    k = len(CLASSES)
    w: dict[str, list[float]] = {}
    bias = [0.0] * k
    rng = random.Random(16)
    order = list(range(len(data)))
    for epoch in range(EPOCHS):
        rng.shuffle(order)
        rate = RATE / (1 + epoch * 0.3)
        for i in order:
            feats, y = data[i]
            rows = [w.setdefault(f, [0.0] * k) for f in feats]
            z = [bias[c] + sum(r[c] for r in rows) for c in range(k)]
            p = softmax(z)
            g = [p[c] - (1.0 if c == y else 0.0) for c in range(k)]
            for c in range(k):
                bias[c] -= rate * g[c]
            for r in rows:
                for c in range(k):
                    r[c] -= rate * (g[c] + L2 * r[c])
    return w, bias


def predict(w, bias, feats):
    k = len(CLASSES)
    z = list(bias)
    for f in feats:
        r = w.get(f)
        if r:
            for c in range(k):
                z[c] += r[c]
    return softmax(z)


def main():
    data = samples()
    print(f"{len(data)} samples", file=sys.stderr)
    oof = cross_validate(data, train, predict)
    right = sum(1 for p, (_, y) in zip(oof, data) if max(range(len(p)), key=p.__getitem__) == y)
    accuracy = right / len(data)
    print(f"5-fold accuracy {accuracy:.3f}", file=sys.stderr)
    for c, name in enumerate(CLASSES):
        n = sum(1 for _, y in data if y == c)
        ok = sum(
            1
            for p, (_, y) in zip(oof, data)
            if y == c and max(range(len(p)), key=p.__getitem__) == c
        )
        print(f"  {name:13} {n:4} recall {ok / max(n, 1):.3f}", file=sys.stderr)
    # `sure`: the top-class probability above which the top class is right ≥ SURE_PRECISION.
    tops = sorted(
        ((max(p), max(range(len(p)), key=p.__getitem__) == y) for p, (_, y) in zip(oof, data)),
        reverse=True,
    )
    sure, hits = 1.0, 0
    for n, (top, ok) in enumerate(tops, 1):
        hits += ok
        if hits / n >= SURE_PRECISION:
            sure = top
    covered = sum(1 for t, _ in tops if t >= sure) / len(tops)
    # `unlikely`: the largest value on a grid at which a veto (the stage's kinds under
    # `unlikely`, another kind at least `sure`) would hit at most MAX_WRONG_VETOES of the
    # messages out of fold, i.e. skip the stage of the message's true kind.
    def wrong(u):
        return sum(1 for p, (_, y) in zip(oof, data) if p[y] < u and max(p) >= sure)

    for u in UNLIKELY_GRID:
        print(f"  unlikely {u:.3f}: wrong vetoes {wrong(u)}", file=sys.stderr)
    unlikely = max(u for u in UNLIKELY_GRID if wrong(u) <= MAX_WRONG_VETOES * len(data))
    wrong_vetoes = wrong(unlikely)
    print(
        f"sure {sure:.3f} (covers {covered:.3f}), unlikely {unlikely:.4f}, "
        f"wrong vetoes {wrong_vetoes}/{len(data)}",
        file=sys.stderr,
    )
    w, bias = train(data)
    with OUT.open("w") as out:
        out.write(
            "# The assistant's intent model: a softmax regression over the words of a message.\n"
            "# Written by server/knowledge/tools/train_intent_model.py; do not edit by hand.\n"
            f"# {len(data)} samples; 5-fold cross-validation accuracy {accuracy:.3f}; "
            f"{wrong_vetoes} wrong vetoes out of fold.\n"
        )
        out.write("classes\t" + "\t".join(CLASSES) + "\n")
        out.write("bias\t" + "\t".join(f"{v:.4f}" for v in bias) + "\n")
        out.write(f"sure\t{sure:.4f}\nunlikely\t{unlikely:.4f}\n")
        kept = 0
        for f in sorted(w):
            row = w[f]
            if max(abs(v) for v in row) >= KEEP_WEIGHT:
                out.write(f + "\t" + "\t".join(f"{v:.3f}" for v in row) + "\n")
                kept += 1
    print(f"wrote {OUT} ({kept} features)", file=sys.stderr)


if __name__ == "__main__":
    main()
