#!/bin/sh
# Makes the brand fonts src/app/fonts/*.woff2 (src/app/brandFonts.css) from the @fontsource-variable
# packages' Latin files: the weight axis cut to the weights the shop uses (Nunito 400–800, Fredoka
# 400–700) and the glyphs to the characters brandFonts.css's unicode-range names (Latin-1, the
# typographic punctuation). Glyph outlines and kerning are unchanged at every kept weight.
# 68 KB → 61 KB for the pair (woff2). Run again after updating those packages; needs Python's
# fonttools and brotli (`pip install fonttools brotli`).
set -eu
cd "$(dirname "$0")/.."
UNICODES='U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make() { # family range out
  fonttools varLib.instancer "node_modules/@fontsource-variable/$1/files/$1-latin-wght-normal.woff2" "wght=$2" -q -o "$tmp/$1.ttf"
  pyftsubset "$tmp/$1.ttf" --unicodes="$UNICODES" --layout-features='*' --flavor=woff2 --output-file="src/app/fonts/$3"
}
make nunito 400:800 nunito-latin-wght-400-800.woff2
make fredoka 400:700 fredoka-latin-wght-400-700.woff2
