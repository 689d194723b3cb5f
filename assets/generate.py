#!/usr/bin/env python3
"""Generates the viewer's sample images (license-clean: made here, from formulas and a seeded
RNG). Python standard library only, so CI needs nothing extra:  python3 assets/generate.py
Sizes are deliberately not powers of two, so the viewer's padding is exercised.

With --docs OCEANFFT (the built executable) it also remakes the README's pictures under docs/
from these assets through `oceanfft roundtrip`."""
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def write_png(path, width, height, channels, rows):
    """rows: list of bytes objects, one per row, 8 bits per channel."""
    colour = {1: 0, 2: 4, 3: 2, 4: 6}[channels]

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9))
           + chunk(b"IEND", b""))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(png)
    os.replace(tmp, path)


def q(v):
    return max(0, min(255, int(round(v * 255.0))))


def shapes(width=333, height=217):
    """Flat-coloured discs, a rotated square, a triangle and stripes: sharp edges give the
    spectrum its characteristic streaks perpendicular to each edge."""
    rows = []
    cos30, sin30 = math.cos(math.radians(30)), math.sin(math.radians(30))
    for y in range(height):
        row = bytearray()
        for x in range(width):
            r, g, b = 0.12, 0.14, 0.22  # background
            if (x // 12) % 2 == 0 and y > height - 40:
                r, g, b = 0.85, 0.85, 0.8  # vertical bars along the bottom
            if (x - 80) ** 2 + (y - 80) ** 2 < 55 ** 2:
                r, g, b = 0.9, 0.25, 0.2
            u = (x - 220) * cos30 + (y - 90) * sin30
            v = -(x - 220) * sin30 + (y - 90) * cos30
            if abs(u) < 45 and abs(v) < 45:
                r, g, b = 0.2, 0.75, 0.35
            if y > 100 and y < 170 and abs(x - 150) < (y - 100) * 0.6:
                r, g, b = 0.95, 0.8, 0.2
            if (x - 290) ** 2 + (y - 40) ** 2 < 22 ** 2:
                r, g, b = 0.3, 0.5, 0.95
            row += bytes((q(r), q(g), q(b)))
        rows.append(bytes(row))
    write_png(os.path.join(HERE, "shapes.png"), width, height, 3, rows)


def rings(width=301, height=199):
    """Concentric rings whose frequency grows with radius (a zone plate) over a diagonal
    gradient, in grey: the spectrum shows the rings again, and aliasing where they get fine."""
    rows = []
    cx, cy = width / 2.0, height / 2.0
    for y in range(height):
        row = bytearray()
        for x in range(width):
            r2 = (x - cx) ** 2 + (y - cy) ** 2
            zone = 0.5 + 0.5 * math.cos(math.pi * r2 / 180.0)
            grad = (x / width + y / height) / 2.0
            row.append(q(0.55 * zone + 0.45 * grad))
        rows.append(bytes(row))
    write_png(os.path.join(HERE, "rings.png"), width, height, 1, rows)


def noise(width=257, height=141, seed=20261125):
    """Smooth value noise in four octaves per channel, with a soft alpha vignette (RGBA)."""
    rng = random.Random(seed)

    def lattice(cells_x, cells_y):
        return [[rng.random() for _ in range(cells_x + 2)] for _ in range(cells_y + 2)]

    def sample(grid, fx, fy):
        x0, y0 = int(fx), int(fy)
        tx, ty = fx - x0, fy - y0
        sx, sy = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        a = grid[y0][x0] * (1 - sx) + grid[y0][x0 + 1] * sx
        b = grid[y0 + 1][x0] * (1 - sx) + grid[y0 + 1][x0 + 1] * sx
        return a * (1 - sy) + b * sy

    octaves = [(4, 0.5), (8, 0.25), (16, 0.15), (32, 0.1)]
    grids = [[lattice(c, c) for c, _ in octaves] for _ in range(3)]
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            px = []
            for ch in range(3):
                v = 0.0
                for (cells, amp), grid in zip(octaves, grids[ch]):
                    v += amp * sample(grid, x / width * cells, y / height * cells)
                px.append(q(v))
            d = math.hypot((x - width / 2) / (width / 2), (y - height / 2) / (height / 2))
            px.append(q(min(1.0, max(0.0, 1.3 - d))))
            row += bytes(px)
        rows.append(bytes(row))
    write_png(os.path.join(HERE, "noise.png"), width, height, 4, rows)


def docs(binary):
    out = os.path.join(os.path.dirname(HERE), "docs")
    os.makedirs(out, exist_ok=True)
    runs = [("shapes.png", "none", "viewer-shapes"),
            ("shapes.png", "lowpass:24", "viewer-shapes-lowpass24")]
    with tempfile.TemporaryDirectory() as tmp:
        for asset, filt, stem in runs:
            subprocess.run([binary, "roundtrip", os.path.join(HERE, asset), "--out", tmp,
                            "--filter", filt], check=True)
            for kind in ("spectrum", "reconstruction"):
                shutil.copyfile(os.path.join(tmp, kind + ".png"),
                                os.path.join(out, "%s-%s.png" % (stem, kind)))


if __name__ == "__main__":
    shapes()
    rings()
    noise()
    if len(sys.argv) == 3 and sys.argv[1] == "--docs":
        docs(sys.argv[2])
