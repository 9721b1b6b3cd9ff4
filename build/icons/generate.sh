#!/bin/sh
# Renders every icon the installers need from icon.svg (run after changing it, commit the output):
# png/<n>x<n>.png for Linux, icon.icns for macOS, icon.ico for Windows.
# Needs the Debian packages librsvg2-bin, icnsutils and icoutils.
set -eu
cd "$(dirname "$0")"
mkdir -p png
for size in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$size" -h "$size" icon.svg -o "png/${size}x${size}.png"
done
png2icns icon.icns png/16x16.png png/32x32.png png/48x48.png png/128x128.png png/256x256.png \
  png/512x512.png png/1024x1024.png >/dev/null
# 256 px is stored as PNG inside the ICO (-r), as Windows expects for that size.
icotool -c -o icon.ico png/16x16.png png/24x24.png png/32x32.png png/48x48.png png/64x64.png \
  png/128x128.png -r png/256x256.png
