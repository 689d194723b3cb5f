// SPDX-License-Identifier: MIT
#include "io/number.h"

#include <charconv>
#include <cmath>
#include <system_error>

#include "gl/error.h"

namespace oceanfft::io {
namespace {
bool digit(char c) { return c >= '0' && c <= '9'; }
[[noreturn]] void bad(std::string_view text, const std::string& what, const std::string& why) {
  throw Error(ErrorCode::InvalidArgument, "invalid " + what + " '" + std::string(text) + "': " + why);
}
}  // namespace

std::string decimal_problem(std::string_view t, NumberKind kind) {
  if (t.empty()) return "empty, not a number";
  if (t.front() == ' ' || t.back() == ' ' || t.front() == '\t' || t.back() == '\t')
    return "surrounding spaces are not part of a number";
  size_t i = 0;
  if (t[i] == '+') return "write the number without '+'";
  if (t[i] == '-') {
    if (kind == NumberKind::Unsigned) return "must not be negative";
    ++i;
  }
  const size_t int_start = i;
  while (i < t.size() && digit(t[i])) ++i;
  const size_t int_digits = i - int_start;
  if (int_digits >= 1 && i < t.size() && t[int_start] == '0' && (t[i] == 'x' || t[i] == 'X' || t[i] == 'b' ||
                                                                  t[i] == 'B' || t[i] == 'o' || t[i] == 'O'))
    return "only decimal numbers are accepted (no hex, octal or binary prefix)";
  if (kind != NumberKind::Real) {
    if (int_digits == 0 || i != t.size())
      return kind == NumberKind::Unsigned ? "not a whole number >= 0" : "not a whole number";
    return {};
  }
  size_t frac_digits = 0;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && digit(t[i])) ++i, ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return "not a number";
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < t.size() && digit(t[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return "not a number (an exponent without digits)";
  }
  if (i != t.size()) return "not a number";
  return {};
}

int64_t parse_int(std::string_view t, const std::string& what, int64_t lo, int64_t hi) {
  if (std::string why = decimal_problem(t, NumberKind::Signed); !why.empty()) bad(t, what, why);
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || v < lo || v > hi)
    bad(t, what, "out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

uint64_t parse_uint(std::string_view t, const std::string& what) {
  if (std::string why = decimal_problem(t, NumberKind::Unsigned); !why.empty()) bad(t, what, why);
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc()) bad(t, what, "out of range 0.." + std::to_string(UINT64_MAX));
  return v;
}

double parse_real(std::string_view t, const std::string& what) {
  if (std::string why = decimal_problem(t, NumberKind::Real); !why.empty()) bad(t, what, why);
  double v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || !std::isfinite(v)) bad(t, what, "out of range");
  return v;
}

std::string strip_leading_zeros(std::string_view t) {
  std::string out;
  size_t i = 0;
  if (!t.empty() && t[0] == '-') out += t[i++];
  while (i + 1 < t.size() && t[i] == '0' && digit(t[i + 1])) ++i;
  out.append(t.substr(i));
  return out;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  for (;;) {
    const size_t comma = text.find(',');
    out.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) return out;
    text.remove_prefix(comma + 1);
  }
}

}  // namespace oceanfft::io
