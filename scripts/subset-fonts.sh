#!/bin/sh
# Makes the brand fonts src/app/fonts/*.woff2 (src/app/brandFonts.ts, and the card page's
# server/routes/pay.ts) from the @fontsource-variable packages' Latin files, the weight axis cut:
#   Nunito 400–700: its masters are 200, 700 and 1000, so 400–700 needs one set of deltas where
#         400–800 needed two (15 KB instead of 25 for the core); text asked for at 800 is drawn
#         at 700, its heaviest (the faces are declared 400–800, so no browser fakes a bolder one).
#   Fredoka at 600 only, a static font (11 KB instead of 19 for 500–700): every heading, chip and
#         count in it is drawn at 600 (declared 500–800, likewise).
# Glyph outlines and kerning are unchanged at every kept weight.
# Each family in two files, split by unicode-range (the browser fetches a file only for a page
# that has one of its letters):
#   core: ASCII and the few other characters the shop's own text uses (é of "décor", the
#         typographic dashes, quotes and ellipsis, ·, ×, −, ©, •, ‹ ›, and the zero-width space
#         MUI puts before a button's icon and in an outlined field's legend), with the features a
#         browser applies by default to such text (kerning, ligatures, contextual alternates,
#         localised forms); fractions and combining marks are left to the other file.
#   extra: the rest of Latin-1 and the typographic punctuation (a shopper's name with an accent,
#         a product named with one), every feature kept.
# Before (one file per family, the whole of this range): 68 KB the pair, then 61 KB; the cores
# then 44 KB (Nunito 400–800, Fredoka 500–700), now 26 KB. Run again after updating those packages; needs fonttools and brotli (Debian:
# `apt-get install fonttools python3-brotli`; or `pip install fonttools brotli`). Keep the ranges
# here, in brandFonts.ts and in server/payments/pay.css the same.
set -eu
cd "$(dirname "$0")/.."
CORE='U+0020-007E,U+00A0,U+00A9,U+00B7,U+00D7,U+00E9,U+200B,U+2013-2014,U+2018-201D,U+2022,U+2026,U+2039-203A,U+2212'
EXTRA='U+00A1-00A8,U+00AA-00B6,U+00B8-00D6,U+00D8-00E8,U+00EA-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2000-200A,U+200C-2012,U+2015-2017,U+201E-2021,U+2023-2025,U+2027-2038,U+203B-206F,U+20AC,U+2122,U+2191,U+2193,U+2215'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make() { # family range-or-weight
  fonttools varLib.instancer "node_modules/@fontsource-variable/$1/files/$1-latin-wght-normal.woff2" "wght=$2" -q -o "$tmp/$1.ttf"
  out="src/app/fonts/$1-wght-$(echo "$2" | tr : -)"
  pyftsubset "$tmp/$1.ttf" --unicodes="$CORE" --layout-features='kern,liga,calt,locl' --flavor=woff2 --output-file="$out-core.woff2"
  pyftsubset "$tmp/$1.ttf" --unicodes="$EXTRA" --layout-features='*' --flavor=woff2 --output-file="$out-extra.woff2"
}
make nunito 400:700
make fredoka 600
