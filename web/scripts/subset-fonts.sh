#!/usr/bin/env bash
# Regenerates src/assets/fonts/*.woff2: the small "core" files the app loads first (see
# src/styles/fonts.css), cut from the fontsource variable fonts in node_modules with
# fontTools (`pip install fonttools brotli`). Run from web/ after changing the characters
# or weights the interface needs; the results are committed, so builds need no Python.
#   - DM Sans (interface text): weights 400-800, the characters of the English interface;
#     the rupee sign separately (it sits in the latin-ext file, which is 18 KB);
#   - Fraunces (headings and the brand): weights 600-650 only, same characters;
#   - Noto Sans Devanagari: the six characters of the language switch, weights 500-700.
# The SIL Open Font License of each family is kept beside the files.
# Any other character falls back to fontsource's full subset files, still declared.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=src/assets/fonts
NM=node_modules/@fontsource-variable
CHARS="U+0020-007E,U+00A0,U+00A9,U+00B0,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cut() { # source.woff2 wght-range unicodes out.woff2
  python3 -m fontTools.ttLib.woff2 decompress -o "$TMP/in.ttf" "$1"
  fonttools varLib.instancer -q "$TMP/in.ttf" "wght=$2" -o "$TMP/inst.ttf"
  pyftsubset "$TMP/inst.ttf" --unicodes="$3" --flavor=woff2 --output-file="$4"
}
mkdir -p "$OUT"
cut "$NM/dm-sans/files/dm-sans-latin-wght-normal.woff2" 400:800 "$CHARS" "$OUT/dm-sans-core.woff2"
cut "$NM/dm-sans/files/dm-sans-latin-ext-wght-normal.woff2" 400:800 "U+20B9" "$OUT/dm-sans-rupee.woff2"
cut "$NM/fraunces/files/fraunces-latin-wght-normal.woff2" 600:650 "$CHARS" "$OUT/fraunces-core.woff2"
# The language switch's "हि" / "हिन्दी" only (see fonts.css: 'Hariyali Hindi Label').
cut "$NM/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2" 500:700 "U+0926,U+0928,U+0939,U+093F,U+0940,U+094D" "$OUT/devanagari-label.woff2"
ls -l "$OUT"
