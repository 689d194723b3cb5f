// SPDX-License-Identifier: MIT
// The fast path's tuning table as data: the built-in entries, and their text form.
#include <algorithm>
#include <bit>
#include <sstream>
#include <string>

#include "fft/fast.h"
#include "fft/fft.h"
#include "fft/four_step_2d.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

bool pow2(int v) { return v > 0 && std::has_single_bit(unsigned(v)); }

// Why `e` cannot be planned, or empty.
std::string problem(const FastTuningEntry& e) {
  if (!pow2(e.length) || e.length < 2 || e.length > kMaxSize)
    return "length " + std::to_string(e.length) + " is not a power of two in 2.." + std::to_string(kMaxSize);
  if (e.axis != 0 && e.axis != 1) return "axis " + std::to_string(e.axis) + " is not 0 (rows) or 1 (columns)";
  const FastShape& s = e.shape;
  if (s.per_thread != 2 && s.per_thread != 4 && s.per_thread != 8 && s.per_thread != 16 &&
      s.per_thread != 32)
    return "per_thread " + std::to_string(s.per_thread) + " is not 2, 4, 8, 16 or 32";
  if (!pow2(s.lines) || s.lines > 1024)
    return "lines " + std::to_string(s.lines) + " is not a power of two in 1..1024";
  if (s.exchange != 1 && s.exchange != 2 && s.exchange != 4)
    return "exchange " + std::to_string(s.exchange) + " is not 1, 2 or 4";
  return {};
}

}  // namespace

FastTable default_fast_table() {
  return {
      {256, 0, {4, 2, 2}},   {256, 1, {4, 4, 2}},   {512, 0, {8, 2, 2}},   {512, 1, {4, 2, 2}},
      {1024, 0, {4, 1, 2}},  {1024, 1, {4, 2, 2}},  {2048, 0, {16, 2, 2}}, {2048, 1, {8, 1, 2}},
      {4096, 0, {16, 2, 2}}, {4096, 1, {16, 2, 2}},
  };
}

FourStepTable default_four_step_table() {
  // 8192: whole rows and columns (4.12 ms at 8192^2 x 2 planes on an H100, against 9.95 split
  // and 12.96 re-laid). 16384: the natural-layout passes with their lines in runs of 16
  // (Options::FastTuning::four_step_run), 2.5 times as fast as the re-laid path
  // (docs/perf-notes.md).
  return {{8192, 0}, {16384, 0}};
}

int four_step_path(const Options& o) {
  const int how = o.fast.four_step;
  if (how < kFourStepFromTable || how > 3)
    throw Error(ErrorCode::InvalidArgument,
                "fast.four_step " + std::to_string(how) +
                    ": expected -1 (the table), 0 (natural-layout passes), 1 (split), 2 (re-laid) "
                    "or 3 (whole rows)");
  for (const FourStepEntry& e : o.fast.four_step_table)
    if (e.length < 2 || e.path < 0 || e.path > 3)
      throw Error(ErrorCode::InvalidArgument,
                  "fast.four_step_table: length " + std::to_string(e.length) + " path " +
                      std::to_string(e.path) + ": expected a length of 2 or more and a path 0..3");
  if (how != kFourStepFromTable) return how;
  const int limit = detail::line_limit(o);
  int longest = 0;
  if (o.axes != Axes::Columns && o.width > limit) longest = o.width;
  if (o.axes != Axes::Rows && o.height > limit) longest = std::max(longest, o.height);
  for (const FourStepEntry& e : o.fast.four_step_table)
    if (e.length == longest) return e.path;
  return 0;
}

std::string save_fast_table(const FastTable& table) {
  std::string out = "# oceanfft fast tuning: length rows|columns per_thread lines exchange\n";
  for (const FastTuningEntry& e : table)
    out += std::to_string(e.length) + (e.axis == 0 ? " rows " : " columns ") +
           std::to_string(e.shape.per_thread) + " " + std::to_string(e.shape.lines) + " " +
           std::to_string(e.shape.exchange) + "\n";
  return out;
}

FastTable load_fast_table(std::string_view text) {
  FastTable table;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string length, axis, p, l, ex, extra;
    if (!(words >> length)) continue;  // blank
    auto fail = [&](const std::string& why) {
      throw Error(ErrorCode::InvalidArgument, "fast tuning line " + std::to_string(number) + ": " + why);
    };
    if (!(words >> axis >> p >> l >> ex) || (words >> extra))
      fail("expected <length> rows|columns <per_thread> <lines> <exchange>");
    auto integer = [&](const std::string& w) {
      size_t used = 0;
      int v = 0;
      try {
        v = std::stoi(w, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != w.size() || w.empty()) fail("'" + w + "' is not an integer");
      return v;
    };
    if (axis != "rows" && axis != "columns") fail("'" + axis + "' is not rows or columns");
    const FastTuningEntry e{integer(length), axis == "rows" ? 0 : 1, {integer(p), integer(l), integer(ex)}};
    if (std::string why = problem(e); !why.empty()) fail(why);
    for (const FastTuningEntry& seen : table)
      if (seen.length == e.length && seen.axis == e.axis) fail(length + " " + axis + " given twice");
    table.push_back(e);
  }
  return table;
}

namespace detail {
void check_fast_table(const FastTable& table) {
  for (const FastTuningEntry& e : table)
    if (std::string why = problem(e); !why.empty())
      throw Error(ErrorCode::InvalidArgument, "fast tuning table: " + why);
}
}  // namespace detail

}  // namespace oceanfft::fft
