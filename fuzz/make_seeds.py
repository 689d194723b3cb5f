#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Regenerates fuzz/seeds/: the small seed corpora that the fuzz_sky, fuzz_script and fuzz_raw
# targets start from, and that their replay tests (FuzzReplay.*) feed through the targets in the
# ordinary suite. Deterministic: no dates, no randomness.
import math
import os
import shutil
import struct

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")
shutil.rmtree(root, ignore_errors=True)
for d in ("sky", "script", "raw"):
    os.makedirs(os.path.join(root, d))


def put(path, data):
    with open(os.path.join(root, path), "wb") as f:
        f.write(data)


def rgbe(r, g, b):
    v = max(r, g, b)
    if v < 1e-32:
        return bytes([0, 0, 0, 0])
    m, e = math.frexp(v)
    s = m * 256.0 / v
    return bytes([min(255, int(r * s)), min(255, int(g * s)), min(255, int(b * s)), e + 128])


def hdr(w, h, pixels, header="-Y {h} +X {w}", rle=False):
    out = b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n" + header.format(w=w, h=h).encode() + b"\n"
    for y in range(h):
        row = pixels[y * w:(y + 1) * w]
        if not rle:
            out += b"".join(row)
            continue
        # New-style run-length scanline: 2 2 W>>8 W&255, then each channel as literal runs.
        out += bytes([2, 2, w >> 8, w & 255])
        for c in range(4):
            chan = bytes(p[c] for p in row)
            for i in range(0, w, 128):
                part = chan[i:i + 128]
                out += bytes([len(part)]) + part
    return out


one = rgbe(1.0, 1.0, 1.0)
# A 1.0 sky with one bright sun pixel, flat and run-length coded, and one at 1e6.
put("sky/sun-1e5.hdr", hdr(4, 2, [one] * 5 + [rgbe(1e5, 9e4, 8e4)] + [one] * 2))
put("sky/sun-1e6-rle.hdr", hdr(16, 8, [one] * 60 + [rgbe(1e6, 1e6, 1e6)] + [one] * 67, rle=True))
# Every byte 255: the largest value RGBE holds (about 1.7e38), everywhere.
put("sky/all-255.hdr", hdr(4, 2, [bytes([255, 255, 255, 255])] * 8))
# Exponent 255 on a small mantissa, and zero-exponent black.
put("sky/huge-exponent.hdr", hdr(4, 2, [bytes([1, 2, 3, 255])] * 4 + [bytes([9, 9, 9, 0])] * 4))
# Orientations stb does not read, a cut file, a header without pixels.
put("sky/flipped-y.hdr", hdr(4, 2, [one] * 8, header="+Y {h} +X {w}"))
put("sky/truncated.hdr", hdr(16, 8, [one] * 128, rle=True)[:90])
put("sky/header-only.hdr", b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2048 +X 4096\n")


def bmp(w, h, top_down):
    row = (w * 3 + 3) & ~3
    rows = []
    for y in range(h):
        px = b"".join(bytes([40 * x % 256, 80 * y % 256, 200]) for x in range(w))
        rows.append(px + b"\0" * (row - 3 * w))
    data = b"".join(rows if top_down else reversed(rows))
    head = b"BM" + struct.pack("<IHHI", 54 + len(data), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, w, -h if top_down else h, 1, 24, 0, len(data), 2835, 2835, 0, 0)
    return head + info + data


put("sky/top-down.bmp", bmp(6, 3, True))
put("sky/bottom-up.bmp", bmp(6, 3, False))
put("sky/top-down-cut.bmp", bmp(6, 3, True)[:70])
corpus = os.path.join(os.path.dirname(root), "corpus")
for name in ("rgba8.png", "baseline.jpg", "rle.tga", "badcrc.png"):
    shutil.copy(os.path.join(corpus, name), os.path.join(root, "sky", name))

scripts = {
    "valid.txt": b"# a comment\n0 wind_speed=5\n10 preset=storm\n20 wind_speed=30\n",
    "nul.txt": b"0 wind_speed=5\0junk\n1 choppiness=1\n",
    "nul-key.txt": b"0 wind\0_speed=5\n",
    "replay-order.txt": b"0 cascades=1\n1 patch_size_0=100\n",
    "replay-refused.txt": b"0 cascades=2\n1 patch_size_0=100\n2 patch_size_1=251\n",
    "crlf.txt": b"0 wind_speed=7\r\n5 time_of_day=18:30\r\n",
    "actions.txt": b"0 screenshot=x.png\n3 report=r.json\n9 wind_speed=nan\n",
    "numbers.txt": b"0 wind_speed=0x10\n0 wind_speed=+5\n0 wind_speed= 5\n-1 wind_speed=5\n",
    "long-line.txt": b"0 wind_speed=" + b"9" * 5000 + b"\n",
    "control.txt": b"0 preset=\x1b[31mstorm\n",
}
for name, text in scripts.items():
    put("script/" + name, text)

# fuzz_raw: the first 12 bytes are width, height and plane count (int32 LE), the rest the file.
put("raw/2x2x2.bin", struct.pack("<iii", 2, 2, 2) + struct.pack("<16f", *range(16)))
put("raw/huge-shape.bin", struct.pack("<iii", 4096, 4096, 32) + b"\0" * 100)
put("raw/negative.bin", struct.pack("<iii", -1, 16, 2) + b"\0" * 64)
put("raw/overflow.bin", struct.pack("<iii", 2**31 - 1, 2**31 - 1, 2**31 - 1) + b"\0" * 8)
