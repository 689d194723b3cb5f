// SPDX-License-Identifier: MIT
// Every subcommand of the real executable, fed bad options, bad files and unwritable outputs.
// Each case must end with a non-zero exit (never a signal or a hang), exactly one line on
// stderr that says what was wrong, and no file left behind in the working or output directory.
//
// With OCEANFFT_BADINPUT_TABLE=path the test also writes a Markdown table (case -> message),
// which docs/reliability.md quotes.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_run.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace {
using namespace clitest;

// A valid 24-bit BMP: decoders accept it, so only the size limit can refuse it.
std::string bmp(int w, int h) {
  const int row = (w * 3 + 3) & ~3;
  const uint32_t data = uint32_t(row) * uint32_t(h), file = 54 + data;
  std::string b(54, '\0');
  auto put32 = [&](int at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = char((v >> (8 * i)) & 0xff);
  };
  auto put16 = [&](int at, uint16_t v) {
    b[at] = char(v & 0xff);
    b[at + 1] = char(v >> 8);
  };
  b[0] = 'B';
  b[1] = 'M';
  put32(2, file);
  put32(10, 54);
  put32(14, 40);
  put32(18, uint32_t(w));
  put32(22, uint32_t(h));
  put16(26, 1);
  put16(28, 24);
  put32(34, data);
  b += std::string(data, char(0x80));
  return b;
}

struct Case {
  std::string name;
  std::vector<std::string> args;  // "@" is replaced by the fixture directory
  std::string expect;             // a fragment the error line must contain (case-insensitive)
  std::vector<std::string> env = {};  // KEY=VALUE set in the child ("@" replaced as in args)
  std::string fixture = {};           // a file created in the folder just for this case
};

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Small sizes everywhere so that the cases which do reach the GPU stay quick on llvmpipe.
const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      // --- top level
      {"no such subcommand", {"frobnicate"}, "frobnicate"},
      {"unknown top-level option", {"--bogus"}, "--bogus"},
      // --- fft
      {"fft: unknown option", {"fft", "--bogus"}, "--bogus"},
      {"fft: missing value", {"fft", "--width"}, "--width"},
      {"fft: non-numeric size", {"fft", "--width", "abc", "--height", "16"}, "--width"},
      {"fft: size overflows int", {"fft", "--width", "99999999999999999999", "--height", "16"}, "--width"},
      {"fft: zero size", {"fft", "--width", "0", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "width"},
      {"fft: negative size", {"fft", "--width", "-16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "-16"},
      {"fft: size not a power of two", {"fft", "--algorithm", "stockham-r4", "--width", "48", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "48"},
      {"fft: huge size", {"fft", "--width", "1073741824", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "1073741824"},
      {"fft: zero layers", {"fft", "--width", "16", "--height", "16", "--layers", "0", "--input", "@/good.raw", "--output", "@/o.raw"}, "layer"},
      {"fft: huge layers", {"fft", "--width", "16", "--height", "16", "--layers", "100000", "--input", "@/good.raw", "--output", "@/o.raw"}, "layer"},
      {"fft: unknown algorithm", {"fft", "--algorithm", "bogus", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "bogus"},
      {"fft: input missing", {"fft", "--width", "16", "--height", "16", "--input", "@/missing.raw", "--output", "@/o.raw"}, "missing.raw"},
      {"fft: input under a missing directory", {"fft", "--width", "16", "--height", "16", "--input", "@/nodir/x.raw", "--output", "@/o.raw"}, "x.raw"},
      {"fft: input is a directory", {"fft", "--width", "16", "--height", "16", "--input", "@/subdir", "--output", "@/o.raw"}, "subdir"},
      {"fft: input one byte short", {"fft", "--width", "16", "--height", "16", "--input", "@/short.raw", "--output", "@/o.raw"}, "short.raw"},
      {"fft: input one byte long", {"fft", "--width", "16", "--height", "16", "--input", "@/long.raw", "--output", "@/o.raw"}, "long.raw"},
      {"fft: input empty", {"fft", "--width", "16", "--height", "16", "--input", "@/empty.raw", "--output", "@/o.raw"}, "empty.raw"},
      {"fft: output under a missing directory", {"fft", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/nodir/o.raw"}, "o.raw"},
      {"fft: output is a directory", {"fft", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/subdir"}, "subdir"},
      // --- verify
      {"verify: unknown option", {"verify", "--bogus"}, "--bogus"},
      {"verify: missing value", {"verify", "--sizes"}, "--sizes"},
      {"verify: zero size", {"verify", "--sizes", "0"}, "0"},
      {"verify: negative size", {"verify", "--sizes", "-8"}, "-8"},
      {"verify: size not a power of two", {"verify", "--sizes", "48"}, "48"},
      {"verify: huge size", {"verify", "--sizes", "1048576"}, "1048576"},
      {"verify: malformed size list", {"verify", "--sizes", "16,,32"}, "16,,32"},
      {"verify: unknown algorithm", {"verify", "--sizes", "16", "--algorithms", "bogus"}, "bogus"},
      {"verify: zero layers", {"verify", "--sizes", "16", "--layers", "0"}, "layer"},
      {"verify: negative tolerance", {"verify", "--sizes", "16", "--tolerance", "-1"}, "tolerance"},
      {"verify: json under a missing directory", {"verify", "--sizes", "16", "--algorithms", "stockham-r2", "--json", "@/nodir/v.json"}, "v.json"},
      // --- bench
      {"bench: unknown option", {"bench", "--bogus"}, "--bogus"},
      {"bench: missing value", {"bench", "--sizes"}, "--sizes"},
      {"bench: zero size", {"bench", "--sizes", "0"}, "0"},
      {"bench: negative size", {"bench", "--sizes", "-16"}, "-16"},
      {"bench: size not a power of two", {"bench", "--sizes", "100"}, "100"},
      {"bench: huge size", {"bench", "--sizes", "65536"}, "65536"},
      {"bench: unknown algorithm", {"bench", "--sizes", "16", "--algorithms", "bogus"}, "bogus"},
      {"bench: zero repetitions", {"bench", "--sizes", "16", "--reps", "0"}, "reps"},
      {"bench: unknown timer", {"bench", "--sizes", "16", "--timer", "bogus"}, "bogus"},
      {"bench: json under a missing directory", {"bench", "--sizes", "16", "--reps", "1", "--warmup", "0", "--no-ocean", "--algorithms", "stockham-r2", "--json", "@/nodir/b.json"}, "b.json"},
      {"bench: csv is a directory", {"bench", "--sizes", "16", "--reps", "1", "--warmup", "0", "--no-ocean", "--algorithms", "stockham-r2", "--csv", "@/subdir"}, "subdir"},
      // --- render
      {"render: unknown option", {"render", "--bogus"}, "--bogus"},
      {"render: missing value", {"render", "--out"}, "--out"},
      {"render: zero size", {"render", "--out", "@/r.png", "--size", "0"}, "size"},
      {"render: negative size", {"render", "--out", "@/r.png", "--size", "-64"}, "size"},
      {"render: size not a power of two", {"render", "--out", "@/r.png", "--size", "100"}, "100"},
      {"render: huge size", {"render", "--out", "@/r.png", "--size", "1048576"}, "1048576"},
      {"render: zero image width", {"render", "--out", "@/r.png", "--width", "0", "--size", "64"}, "--width: Value 0 not in range 1 to 16384"},
      {"render: huge image width", {"render", "--out", "@/r.png", "--width", "1000000", "--size", "64"}, "--width: Value 1000000 not in range"},
      {"render: unknown algorithm", {"render", "--out", "@/r.png", "--algorithm", "bogus"}, "bogus"},
      {"render: zero samples", {"render", "--out", "@/r.png", "--samples", "0"}, "samples"},
      {"render: huge sample count", {"render", "--out", "@/r.png", "--samples", "1000"}, "samples"},
      {"render: negative wind speed", {"render", "--out", "@/r.png", "--wind-speed", "-5"}, "wind"},
      {"render: unknown preset", {"render", "--out", "@/r.png", "--preset", "tsunami"}, "tsunami"},
      {"render: unknown spectrum", {"render", "--out", "@/r.png", "--spectrum", "gaussian"}, "gaussian"},
      {"render: unknown spreading", {"render", "--out", "@/r.png", "--spreading", "flat"}, "flat"},
      {"render: zero cascades", {"render", "--out", "@/r.png", "--cascades", "0"}, "--cascades"},
      {"render: too many cascades", {"render", "--out", "@/r.png", "--cascades", "5"}, "--cascades"},
      {"render: non-numeric cascades", {"render", "--out", "@/r.png", "--cascades", "two"}, "--cascades"},
      {"render: negative fetch", {"render", "--out", "@/r.png", "--fetch", "-2"}, "--fetch"},
      {"render: NaN fetch", {"render", "--out", "@/r.png", "--fetch", "nan"}, "--fetch"},
      {"render: gamma below 1", {"render", "--out", "@/r.png", "--gamma", "0.5"}, "--gamma"},
      {"render: patch sizes not decreasing", {"render", "--out", "@/r.png", "--patch-sizes", "100,200"}, "smaller"},
      {"render: patch sizes too far apart", {"render", "--out", "@/r.png", "--size", "64", "--patch-sizes", "1000,10"}, "cascade 1"},
      {"render: malformed patch sizes", {"render", "--out", "@/r.png", "--patch-sizes", "500,,60"}, "--patch-sizes"},
      {"render: unknown --set key", {"render", "--out", "@/r.png", "--set", "colour=red"}, "colour"},
      {"render: --set without a value", {"render", "--out", "@/r.png", "--set", "tma"}, "KEY=VALUE"},
      {"render: bad --set value", {"render", "--out", "@/r.png", "--set", "tma=maybe"}, "maybe"},
      {"render: negative foam warm-up", {"render", "--out", "@/r.png", "--foam-warmup", "-1"}, "--foam-warmup"},
      {"render: output under a missing directory", {"render", "--out", "@/nodir/r.png", "--width", "32", "--height", "32", "--size", "64"}, "r.png"},
      {"render: output is a directory", {"render", "--out", "@/subdir", "--width", "32", "--height", "32", "--size", "64"}, "subdir"},
      {"render: bad time of day", {"render", "--out", "@/r.png", "--time-of-day", "25:00"}, "25:00"},
      {"render: sun above the zenith", {"render", "--out", "@/r.png", "--sun-elevation", "95"}, "sun_elevation"},
      {"render: sky image missing", {"render", "--out", "@/r.png", "--sky", "@/missing.hdr"}, "missing.hdr"},
      {"render: sky image is a FIFO", {"render", "--out", "@/r.png", "--sky", "@/fifo"}, "is a FIFO"},
      {"render: sky image is /dev/zero", {"render", "--out", "@/r.png", "--sky", "/dev/zero"}, "character device"},
      {"render: sky image not an image", {"render", "--out", "@/r.png", "--sky", "@/good.raw"}, "good.raw"},
      // --- roundtrip
      {"roundtrip: unknown option", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--bogus"}, "--bogus"},
      {"roundtrip: missing value", {"roundtrip", "@/small.bmp", "--out"}, "--out"},
      {"roundtrip: unknown algorithm", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--algorithm", "bogus"}, "bogus"},
      {"roundtrip: unknown padding", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--pad", "bogus"}, "bogus"},
      {"roundtrip: unknown filter", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--filter", "bogus"}, "bogus"},
      {"roundtrip: negative filter radius", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--filter", "lowpass:-3"}, "lowpass"},
      {"roundtrip: zero gain", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--gain", "0"}, "gain"},
      {"roundtrip: image missing", {"roundtrip", "@/missing.png", "--out", "@/rt"}, "missing.png"},
      {"roundtrip: image under a missing directory", {"roundtrip", "@/nodir/x.png", "--out", "@/rt"}, "x.png"},
      {"roundtrip: image is a directory", {"roundtrip", "@/subdir", "--out", "@/rt"}, "subdir"},
      {"roundtrip: empty image file", {"roundtrip", "@/empty.png", "--out", "@/rt"}, "empty.png"},
      {"roundtrip: truncated PNG", {"roundtrip", "@/truncated.png", "--out", "@/rt"}, "truncated.png"},
      {"roundtrip: corrupt PNG (checksum)", {"roundtrip", "@/corrupt.png", "--out", "@/rt"}, "corrupt.png"},
      {"roundtrip: random bytes named .png", {"roundtrip", "@/garbage.png", "--out", "@/rt"}, "garbage.png"},
      {"roundtrip: truncated BMP", {"roundtrip", "@/truncated.bmp", "--out", "@/rt"}, "truncated.bmp"},
      {"roundtrip: image over the size limit", {"roundtrip", "@/wide.bmp", "--out", "@/rt"}, "wide.bmp"},
      {"roundtrip: output dir is a file", {"roundtrip", "@/small.bmp", "--out", "@/good.raw"}, "good.raw' is a regular file, not a directory"},
      {"roundtrip: output dir under a file", {"roundtrip", "@/small.bmp", "--out", "@/good.raw/rt"}, "good.raw"},
      // --- demo (no display here: bad options must fail before the headless fallback)
      {"demo: unknown option", {"demo", "--bogus"}, "--bogus"},
      {"demo: missing value", {"demo", "--size"}, "--size"},
      {"demo: zero size", {"demo", "--size", "0"}, "size"},
      {"demo: negative size", {"demo", "--size", "-64"}, "size"},
      {"demo: size not a power of two", {"demo", "--size", "100"}, "100"},
      {"demo: huge size", {"demo", "--size", "1048576"}, "1048576"},
      {"demo: unknown algorithm", {"demo", "--algorithm", "bogus"}, "bogus"},
      {"demo: bad vsync", {"demo", "--vsync", "maybe"}, "maybe"},
      {"demo: zero window width", {"demo", "--width", "0"}, "window size 0x"},
      {"demo: negative frame count", {"demo", "--frames", "-1"}, "frames"},
      {"demo: script missing", {"demo", "--script", "@/missing.txt"}, "missing.txt"},
      {"demo: script is a directory", {"demo", "--script", "@/subdir"}, "subdir"},
      {"demo: script with an unknown preset", {"demo", "--frames", "1", "--script", "@/badpreset.txt"}, "tsunami"},
      {"demo: script with too many cascades", {"demo", "--frames", "1", "--script", "@/badcascades.txt"}, "cascades"},
      {"demo: screenshot under a missing directory", {"demo", "--frames", "1", "--size", "64", "--width", "64", "--height", "64", "--screenshot", "@/nodir/s.png"}, "s.png"},
      // --- viewer: without a display it refuses before looking at the image (in a window a bad
      // image is an error line in the panel instead; tests/test_viewer_panel.cpp)
      {"viewer: unknown option", {"viewer", "--bogus"}, "--bogus"},
      {"viewer: image missing", {"viewer", "@/missing.png"}, "display"},
      {"viewer: image is a directory", {"viewer", "@/subdir"}, "display"},
      {"viewer: corrupt image", {"viewer", "@/corrupt.png"}, "display"},
      {"viewer: image over the size limit", {"viewer", "@/wide.bmp"}, "display"},
      // --- environment
      {"no shader directory", {"fft", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "OCEANFFT_SHADER_DIR", {"OCEANFFT_SHADER_DIR=@/nodir"}},
      {"shader directory without the shaders", {"fft", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "shader file not found", {"OCEANFFT_SHADER_DIR=@/subdir"}},
      {"shader that fails to compile (file:line)", {"fft", "--algorithm", "stockham-r4", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "fft/stockham.comp:2:", {"OCEANFFT_SHADER_DIR=@/badshaders"}},
      {"render with a shader that fails to compile", {"render", "--out", "@/r.png", "--width", "32", "--height", "32", "--size", "64", "--algorithm", "stockham-r4"}, "fft/stockham.comp:2:", {"OCEANFFT_SHADER_DIR=@/badshaders"}},
      // --- data safety (issue 14): special paths, truncated images, numbers, results, hygiene
      {"fft: output is a FIFO", {"fft", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/fifo"}, "is a FIFO"},
      {"fft: output is a symlink to a FIFO", {"fft", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/fifolink"}, "is a FIFO"},
      {"fft: input is a FIFO", {"fft", "--width", "16", "--height", "16", "--input", "@/fifo", "--output", "@/o.raw"}, "is a FIFO"},
      {"fft: input is a character device", {"fft", "--width", "16", "--height", "16", "--input", "/dev/zero", "--output", "@/o.raw"}, "character device"},
      {"fft: 4 KiB input declaring 4096x4096x16", {"fft", "--width", "4096", "--height", "4096", "--layers", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "holds 4096 bytes"},
      {"fft: octal-looking width is decimal", {"fft", "--algorithm", "stockham-r4", "--width", "0100", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "width 100 "},
      {"fft: hex width", {"fft", "--width", "0x10", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "decimal"},
      {"fft: width with a space", {"fft", "--width", " 16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "spaces"},
      {"verify: hex seed", {"verify", "--sizes", "16", "--algorithms", "stockham-r2", "--seed", "0x10"}, "decimal"},
      {"verify: negative seed", {"verify", "--sizes", "16", "--algorithms", "stockham-r2", "--seed", "-1"}, "negative"},
      {"verify: seed beyond 64 bits", {"verify", "--sizes", "16", "--algorithms", "stockham-r2", "--seed", "18446744073709551616"}, "range"},
      {"verify: size list with spaces", {"verify", "--sizes", " 16, 32"}, "decimal integer"},
      {"roundtrip: hex filter radius", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--filter", "lowpass:0x10"}, "lowpass:0x10"},
      {"roundtrip: infinite filter radius", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--filter", "gauss:inf"}, "gauss:inf"},
      {"verify: NaN tolerance", {"verify", "--sizes", "16", "--tolerance", "nan"}, "--tolerance"},
      {"verify: json is a FIFO", {"verify", "--sizes", "16", "--algorithms", "stockham-r2", "--json", "@/fifo"}, "is a FIFO"},
      {"roundtrip: image is a FIFO", {"roundtrip", "@/fifo", "--out", "@/rt"}, "is a FIFO"},
      {"roundtrip: image is a character device", {"roundtrip", "/dev/zero", "--out", "@/rt"}, "character device"},
      {"roundtrip: header-only TGA", {"roundtrip", "@/headeronly.tga", "--out", "@/rt"}, "truncated TGA"},
      {"roundtrip: truncated RLE TGA", {"roundtrip", "@/truncrle.tga", "--out", "@/rt"}, "truncated TGA"},
      {"roundtrip: TGA header claiming 65535x65535", {"roundtrip", "@/huge.tga", "--out", "@/rt"}, "65535x65535"},
      {"roundtrip: JPEG whose scan stops early", {"roundtrip", "@/truncated.jpg", "--out", "@/rt"}, "truncated.jpg"},
      {"roundtrip: JPEG cut in its scan, end marker added", {"roundtrip", "@/cut.jpg", "--out", "@/rt"}, "cut.jpg"},
      {"roundtrip: gauss filter so narrow the result is NaN", {"roundtrip", "@/small.bmp", "--out", "@/rt", "--filter", "gauss:1e-30"}, "non-finite"},
      {"roundtrip: control characters in a file name", {"roundtrip", "@/bad\nname\x1b[31m.png", "--out", "@/rt"}, "bad\\x0Aname\\x1B[31m.png"},
      {"roundtrip: file name longer than the system allows", {"roundtrip", "@/" + std::string(5000, 'n') + ".png", "--out", "@/rt"}, "too long"},
      {"demo: script is a FIFO", {"demo", "--script", "@/fifo"}, "is a FIFO"},
      {"demo: script is /dev/zero", {"demo", "--script", "/dev/zero"}, "character device"},
      {"demo: --frames without a display", {"demo", "--frames", "2", "--size", "64"}, "need a window"},
      {"demo: --script without a display", {"demo", "--script", "@/okscript.txt"}, "need a window"},
      {"demo: --screenshot without a display", {"demo", "--frames", "1", "--screenshot", "@/s.png"}, "need a window"},
      {"viewer: corrupt image in a scripted run", {"viewer", "@/corrupt.png", "--frames", "2"}, "corrupt.png"},
      {"shader folder with an exponential include tree", {"fft", "--algorithm", "stockham-r4", "--width", "16", "--height", "16", "--input", "@/good.raw", "--output", "@/o.raw"}, "#include expands", {"OCEANFFT_SHADER_DIR=@/bombshaders"}},
      {"render: --time 1e100 makes the sea NaN", {"render", "--out", "@/r.png", "--width", "32", "--height", "32", "--size", "64", "--time", "1e100"}, "not finite"},
      {"render: output is a FIFO", {"render", "--out", "@/fifo", "--width", "32", "--height", "32", "--size", "64"}, "is a FIFO"},
      {"render: maps folder is a FIFO", {"render", "--out", "@/r.png", "--width", "32", "--height", "32", "--size", "64", "--export-maps", "@/fifo"}, "is a FIFO"},
      {"bench: --json and --csv name the same file", {"bench", "--sizes", "16", "--reps", "1", "--warmup", "0", "--no-ocean", "--algorithms", "stockham-r2", "--json", "@/b.out", "--csv", "@/b.out"}, "same file"},
      {"bench: json is a FIFO", {"bench", "--sizes", "16", "--reps", "1", "--warmup", "0", "--no-ocean", "--algorithms", "stockham-r2", "--json", "@/fifo"}, "is a FIFO"},
      // --- data safety, round 3 (issue 29)
      {"render: octal-looking width behind a range check", {"render", "--out", "@/r.png", "--samples", "0100"}, "Value 100 not in range"},
      {"render: hex width behind a range check", {"render", "--out", "@/r.png", "--width", "0x10"}, "--width: '0x10': only decimal"},
      {"render: width with a plus sign", {"render", "--out", "@/r.png", "--width", "+5"}, "without '+'"},
      {"render: width with a leading space", {"render", "--out", "@/r.png", "--width", " 5"}, "spaces"},
      {"render: 1e3 width is not an integer", {"render", "--out", "@/r.png", "--width", "1e3"}, "'1e3': not a whole number"},
      {"render: hex-float foam warm-up", {"render", "--out", "@/r.png", "--foam-warmup", "0x1p3"}, "--foam-warmup: '0x1p3'"},
      {"render: NaN foam warm-up", {"render", "--out", "@/r.png", "--foam-warmup", "nan"}, "--foam-warmup: 'nan'"},
      {"render: camera height that overflows", {"render", "--out", "@/r.png", "--camera-height", "1e999"}, "out of range"},
      {"render: plus sign through --set", {"render", "--out", "@/r.png", "--set", "wind_speed=+5"}, "bad value '+5'"},
      {"bench: octal ocean cascades", {"bench", "--ocean-cascades", "0x4"}, "--ocean-cascades: '0x4'"},
      {"bench: frame width that wraps 32 bits", {"bench", "--frame", "4294967360x48"}, "out of range 1..16384"},
      {"bench: frame with signs", {"bench", "--frame", "+48x+32"}, "without '+'"},
      {"bench: frame with spaces", {"bench", "--frame", " 48x 32"}, "spaces"},
      {"render: --out inside the --export-maps folder", {"render", "--cascades", "1", "--export-maps", "@/maps", "--out", "@/maps/cascade0/height.f32"}, "lies inside the maps folder"},
      {"render: --out is the maps folder's maps.json via ..", {"render", "--export-maps", "@/maps", "--out", "@/subdir/../maps/maps.json"}, "lies inside the maps folder"},
      {"render: --export-maps names a regular file", {"render", "--out", "@/r.png", "--width", "32", "--height", "32", "--size", "64", "--export-maps", "@/good.raw"}, "good.raw' is a regular file, not a directory"},
      {"demo: NUL byte in a script line", {"demo", "--script", "@/nulscript.txt"}, "nulscript.txt:1: bad value '5\\x00junk' for wind_speed"},
      {"verify: a failure says so on stderr", {"verify", "--sizes", "16", "--algorithms", "stockham-r2", "--tolerance", "1e-30"}, "1 of 1 case(s) exceed the tolerance 1.0e-30 (first: stockham-r2 N=16)"},
      {"render: --sky with --gallery (even a missing file)", {"render", "--gallery", "@/gal", "--sky", "@/missing.hdr"}, "--sky does not apply to --gallery"},
      {"render: --export-maps with --gallery", {"render", "--gallery", "@/gal", "--export-maps", "@/maps"}, "--export-maps does not apply to --gallery"},
      {"render: --camera-height with --gallery", {"render", "--gallery", "@/gal", "--camera-height", "30"}, "--camera-height does not apply to --gallery"},
      {"render: gallery folder under a regular file", {"render", "--gallery", "@/good.raw/gal", "--width", "32", "--height", "32", "--size", "64"}, "good.raw' is a regular file, not a directory"},
      {"render: gallery whose sea is NaN", {"render", "--gallery", "@/gal/new", "--width", "32", "--height", "32", "--size", "64", "--time", "1e100"}, "not finite"},
      {"render: sky PNG with a wrong CRC", {"render", "--out", "@/r.png", "--sky", "@/badcrc.png"}, "badcrc.png' is corrupt: the checksum of its IHDR chunk"},
      {"roundtrip: PNG with a wrong CRC", {"roundtrip", "@/badcrc.png", "--out", "@/rt"}, "badcrc.png"},
      {"demo: script line refused in the state the run reaches", {"demo", "--script", "@/replay.txt"}, "replay.txt:3: patch size of cascade 1"},
      {"demo: zero frames", {"demo", "--frames", "0"}, "--frames must be at least 1, got 0"},
      {"demo: minus zero frames", {"demo", "--frames", "-0"}, "--frames must be at least 1, got 0"},
      {"soak: hex in a hidden option", {"soak", "--test-leak-kib", "0x10"}, "--test-leak-kib '0x10'"},
      // --- soak
      {"soak: unknown option", {"soak", "--bogus"}, "--bogus"},
      {"soak: zero frames", {"soak", "--frames", "0"}, "frames"},
      {"soak: negative frames", {"soak", "--frames", "-5"}, "frames"},
      {"soak: size cap not a power of two", {"soak", "--frames", "10", "--size-max", "100"}, "100"},
      {"soak: huge size cap", {"soak", "--frames", "10", "--size-max", "1048576"}, "1048576"},
      {"soak: size cap too small", {"soak", "--frames", "10", "--size-max", "8"}, "8"},
  };
  return all;
}

class CliBadInput : public ::testing::TestWithParam<size_t> {
 protected:
  static void SetUpTestSuite() {
    tmp_.emplace("badinput");
    logs_tmp_.emplace("badinput-logs");
    dir_ = tmp_->path();
    logs_ = logs_tmp_->path();
    fs::create_directories(dir_ / "subdir");
    const size_t raw = size_t(16) * 16 * 2 * 8;  // 16x16, one layer = two complex64 planes
    spit(dir_ / "good.raw", std::string(raw, '\0'));
    spit(dir_ / "short.raw", std::string(raw - 1, '\0'));
    spit(dir_ / "long.raw", std::string(raw + 1, '\0'));
    spit(dir_ / "empty.raw", "");
    spit(dir_ / "empty.png", "");
    spit(dir_ / "badpreset.txt", "0 preset=tsunami\n");
    spit(dir_ / "badcascades.txt", "0 size=64\n3 cascades=9\n");
    spit(dir_ / "okscript.txt", "0 size=64\n");
    spit(dir_ / "replay.txt", "0 cascades=1\n1 patch_size_0=100\n4 cascades=3\n");
    spit(dir_ / "nulscript.txt", std::string("0 wind_speed=5\0junk\n", 20));
    ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0644), 0);
    fs::create_symlink(dir_ / "fifo", dir_ / "fifolink");
    {
      // TGA: 18-byte header, 64x64 24-bit; raw with no pixel data, RLE with two packets of 4096.
      std::string tga(18, '\0');
      tga[2] = 2;
      tga[12] = 64;
      tga[14] = 64;
      tga[16] = 24;
      spit(dir_ / "headeronly.tga", tga);
      std::string rle = tga;
      rle[2] = 10;
      rle += std::string("\x85\x10\x20\x30\x02\x01\x02\x03\x04\x05\x06\x07\x08\x09", 14);
      spit(dir_ / "truncrle.tga", rle);
      std::string huge = tga;
      huge[12] = huge[13] = huge[14] = huge[15] = char(0xFF);
      spit(dir_ / "huge.tga", huge);
    }
    const char* src = std::getenv("OCEANFFT_SOURCE_DIR");
    const std::string png = slurp(fs::path(src ? src : ".") / "assets" / "shapes.png");
    ASSERT_GT(png.size(), 200u) << "assets/shapes.png is needed (OCEANFFT_SOURCE_DIR)";
    spit(dir_ / "truncated.png", png.substr(0, png.size() / 2));
    std::string corrupt = png;
    for (size_t i = png.size() / 2; i < png.size() / 2 + 16; ++i) corrupt[i] = char(~corrupt[i]);
    spit(dir_ / "corrupt.png", corrupt);
    std::string badcrc = png;
    badcrc[32] = char(~badcrc[32]);  // the last byte of IHDR's CRC; the pixels are intact
    spit(dir_ / "badcrc.png", badcrc);
    std::string garbage(4096, '\0');
    uint32_t x = 12345;
    for (char& c : garbage) c = char((x = x * 1664525u + 1013904223u) >> 24);
    spit(dir_ / "garbage.png", garbage);
    spit(dir_ / "small.bmp", bmp(8, 8));
    const std::string small = bmp(40, 30);
    spit(dir_ / "truncated.bmp", small.substr(0, small.size() / 2));
    spit(dir_ / "wide.bmp", bmp(4097, 1));  // pads to 8192 > the engine's 4096
    {
      const std::string jpg = slurp(fs::path(src ? src : ".") / "fuzz" / "corpus" / "baseline.jpg");
      ASSERT_GT(jpg.size(), 300u);
      spit(dir_ / "truncated.jpg", jpg.substr(0, jpg.size() - 20));
      spit(dir_ / "cut.jpg", jpg.substr(0, jpg.size() - 20) + "\xFF\xD9");
    }
    // An include tree that doubles at each of 14 levels (within the depth limit): 16,384
    // expansions, and 2^16 at the depth limit, without a bound on the total.
    fs::copy(fs::path(src ? src : ".") / "shaders", dir_ / "bombshaders", fs::copy_options::recursive);
    {
      const fs::path st = dir_ / "bombshaders" / "fft" / "stockham.comp";
      std::string text = slurp(st);
      text.insert(text.find('\n') + 1, "#include \"bomb0.glsl\"\n");
      spit(st, text);
      for (int i = 0; i < 14; ++i)
        spit(dir_ / "bombshaders" / ("bomb" + std::to_string(i) + ".glsl"),
             "#include \"bomb" + std::to_string(i + 1) + ".glsl\"\n#include \"bomb" + std::to_string(i + 1) + ".glsl\"\n");
      spit(dir_ / "bombshaders" / "bomb14.glsl", "// leaf\n");
    }
    // The project's shaders with a syntax error on line 2 of the Stockham kernel.
    fs::create_directories(dir_ / "subdir" / "fft");
    fs::copy(fs::path(src ? src : ".") / "shaders", dir_ / "badshaders", fs::copy_options::recursive);
    const fs::path st = dir_ / "badshaders" / "fft" / "stockham.comp";
    std::string text = slurp(st);
    text.insert(text.find('\n') + 1, "int broken = ;\n");
    spit(st, text);
  }
  static void TearDownTestSuite() {
    if (const char* path = std::getenv("OCEANFFT_BADINPUT_TABLE")) {
      std::ofstream t(path, std::ios::trunc);
      t << "| case | exit | message on stderr |\n|---|---|---|\n";
      for (auto& row : table_) t << row << "\n";
    }
    tmp_.reset();
    logs_tmp_.reset();
  }
  static std::optional<oceanfft::test::TempDir> tmp_, logs_tmp_;
  static fs::path dir_, logs_;
  static std::vector<std::string> table_;
};
std::optional<oceanfft::test::TempDir> CliBadInput::tmp_, CliBadInput::logs_tmp_;
fs::path CliBadInput::dir_, CliBadInput::logs_;
std::vector<std::string> CliBadInput::table_;

std::string escape_md(std::string s) {
  std::string o;
  for (char c : s) {
    if (c == '|') o += "\\|";
    else if (c == '\n') continue;
    else o += c;
  }
  return o;
}

TEST_P(CliBadInput, OneLineNonZeroExitNoOutput) {
  const Case& c = cases()[GetParam()];
  std::vector<std::string> args;
  std::string shown;
  for (std::string a : c.args) {
    shown += (shown.empty() ? "" : " ") + a;
    if (auto at = a.find('@'); at != std::string::npos) a.replace(at, 1, dir_.string());
    args.push_back(a);
  }
  if (!c.fixture.empty()) spit(dir_ / c.fixture, "an existing file " + c.fixture);
  const auto before = listing(dir_);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::string> env;
  for (std::string kv : c.env) {
    shown = kv + " " + shown;
    if (auto at = kv.find('@'); at != std::string::npos) kv.replace(at, 1, dir_.string());
    env.push_back(kv);
  }
  const Result r = run(args, dir_, logs_, 120, env);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  SCOPED_TRACE(c.name + ": " + shown + "\nstdout: " + r.out + "\nstderr: " + r.err);

  ASSERT_FALSE(r.timed_out) << "hung";
  ASSERT_TRUE(r.exited) << "killed by signal " << r.status << " (" << strsignal(r.status) << ")";
  EXPECT_NE(r.status, 0);
  // A ParseError path or Error path; a crash handler's 134 etc. would be a different story.
  EXPECT_LT(r.status, 64) << "exit status looks like an abort or a shell error";
  std::string err = r.err;
#ifdef OCEANFFT_GL_DEBUG
  // Debug builds (debug and asan presets) also log the driver's KHR_debug messages, one
  // "GL debug ..." line each; that is the point of those builds, not a second error line.
  {
    std::string kept;
    std::istringstream in(err);
    for (std::string l; std::getline(in, l);)
      if (l.rfind("GL debug ", 0) != 0) kept += l + "\n";
    err = kept;
  }
#endif
  ASSERT_FALSE(err.empty()) << "nothing on stderr";
  EXPECT_EQ(err.back(), '\n');
  const size_t lines = size_t(std::count(err.begin(), err.end(), '\n'));
  EXPECT_EQ(lines, 1u) << "stderr should be exactly one line";
  const std::string line = err.substr(0, err.find('\n'));
  EXPECT_EQ(line.rfind("oceanfft: error: ", 0), 0u) << line;
  EXPECT_NE(lower(line).find(lower(c.expect)), std::string::npos)
      << "the message should name '" << c.expect << "'";
  EXPECT_LE(line.size(), 400u) << "one line, not a help page";
  EXPECT_EQ(listing(dir_), before) << "a file was created or left behind";
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir_ / "fifo"))) << "the FIFO was replaced";
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / "fifolink"))) << "the symlink was replaced";
  if (!c.fixture.empty()) {
    EXPECT_EQ(slurp(dir_ / c.fixture), "an existing file " + c.fixture) << "an existing file was overwritten";
    fs::remove(dir_ / c.fixture);
  }
  table_.push_back("| " + escape_md(c.name) + " (`" + escape_md(shown) + "`) | " +
                   std::to_string(r.status) + " | `" + escape_md(line) + "` |");
  RecordProperty("seconds", std::to_string(secs));
}

INSTANTIATE_TEST_SUITE_P(Cases, CliBadInput, ::testing::Range<size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                           std::string n;
                           for (char ch : cases()[info.param].name)
                             n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return n;
                         });

}  // namespace

// The soak command (app/cmd_soak.cpp) at a CI-sized count: 1000 frames at sizes up to 128 on
// llvmpipe, with a fixed seed so a failure replays. The full run is in docs/reliability.md.
TEST(CliBadInputSoak, ShortRunKeepsObjectsAndMemoryFlat) {
  const oceanfft::test::TempDir tmp("soak");
  const fs::path& dir = tmp.path();
  const auto t0 = std::chrono::steady_clock::now();
  const Result r = run({"soak", "--frames", "1000", "--seed", "20261125", "--size-max", "128"}, dir, dir, 300);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_FALSE(r.timed_out);
  ASSERT_TRUE(r.exited) << "signal " << r.status;
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("soak: seed 20261125"), std::string::npos) << "the seed must be printed";
  // The replay line repeats every option that shaped the run, defaults included.
  EXPECT_NE(r.out.find("replay: oceanfft soak --frames 1000 --seed 20261125 --size-max 128 --change-every 5 "
                       "--check-every 50 --rss-every 50)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("soak: passed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("GL errors 0"), std::string::npos) << r.out;
  RecordProperty("seconds", std::to_string(secs));
  std::printf("soak took %.1f s\n%s", secs, r.out.c_str());
}
