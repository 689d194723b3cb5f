#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates fuzz/corpus: tiny images in every format and layout the decoder accepts (PNG 8/16
# bit, grey/grey+alpha/RGB/RGBA/palette, interlaced; BMP 24/32; TGA plain/RLE; JPEG
# baseline/progressive/grey), plus a few near-misses. Needs ImageMagick (`convert`).
# Metadata (dates) is stripped so the files are the same on every run.
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)/corpus"
rm -rf "$out"
mkdir -p "$out"
cd "$out"
img() { convert -size "$1" "$2" -strip "${@:3}"; }
# Small, odd sizes so padding and mirroring are exercised; gradients so pixels differ.
img 7x5 gradient:black-white -colorspace Gray -depth 8 -define png:color-type=0 -define png:bit-depth=8 PNG:grey8.png
img 5x3 gradient:red-blue -depth 16 PNG48:rgb16.png
img 3x9 gradient:white-black -depth 16 -colorspace Gray PNG:grey16.png
img 6x4 gradient:'rgba(255,0,0,0.2)-rgba(0,0,255,1)' -depth 8 PNG32:rgba8.png
img 4x4 gradient:'graya(0%,0.1)-graya(100%,1)' -colorspace Gray -depth 8 -define png:color-type=4 PNG:greyalpha8.png
img 8x2 gradient:green-yellow -colors 4 PNG8:palette.png
convert -seed 3 -size 9x7 plasma:fractal -strip -interlace PNG -depth 8 PNG24:interlaced.png
img 1x1 xc:gray50 PNG24:one.png
img 5x6 gradient:cyan-magenta BMP3:rgb24.bmp
img 3x3 gradient:'rgba(0,0,0,0.5)-rgba(255,255,255,1)' -define bmp:format=bmp4 BMP:rgba32.bmp
img 6x5 gradient:orange-navy -compress None TGA:plain.tga
img 7x3 gradient:orange-navy -compress RLE TGA:rle.tga
convert -seed 5 -size 8x8 plasma:fractal -strip -quality 80 JPEG:baseline.jpg
img 9x5 gradient:teal-pink -interlace JPEG -quality 60 JPEG:progressive.jpg
img 6x6 gradient:black-white -colorspace Gray -quality 90 JPEG:grey.jpg
# Near-misses: a truncated PNG and one with a broken chunk checksum.
head -c 40 grey8.png > truncated.png
python3 - <<'PY'
data = bytearray(open("rgba8.png", "rb").read())
data[40] ^= 0xFF  # inside the IDAT data, so the CRC no longer matches
open("badcrc.png", "wb").write(bytes(data))
PY
# A top-down BMP (negative height, rows top first), as PIL and ImageMagick may write it.
python3 - <<'PY'
import struct
w, h, row = 5, 3, 16
pixels = b"".join(bytes([x * 50, y * 80, 200]) * 1 for y in range(h) for x in range(w) for _ in [0])
rows = b"".join(pixels[y * w * 3:(y + 1) * w * 3] + b"\0" for y in range(h))
head = b"BM" + struct.pack("<IHHI", 54 + len(rows), 0, 0, 54)
info = struct.pack("<IiiHHIIiiII", 40, w, -h, 1, 24, 0, len(rows), 2835, 2835, 0, 0)
open("topdown.bmp", "wb").write(head + info + rows)
PY
ls -l "$out" | awk 'NR>1 {n++; s+=$5} END {print n " files, " s " bytes"}'
