// SPDX-License-Identifier: MIT
#pragma once
// Numbers typed by a user (options, lists, filter radii) parse one way everywhere: decimal,
// an optional '-', digits, and for real numbers an optional fraction and exponent. Leading
// zeros are decimal ("0100" is 100, not octal 64); hex, octal and binary prefixes, "inf",
// "nan", '+' and surrounding spaces are refused; out-of-range values are refused, not wrapped.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oceanfft::io {

enum class NumberKind { Signed, Unsigned, Real };

// Empty when `text` is a valid number of that kind (range not checked); else why it is not.
std::string decimal_problem(std::string_view text, NumberKind kind);

// Throws InvalidArgument naming `what` when `text` is not a decimal number within range.
int64_t parse_int(std::string_view text, const std::string& what, int64_t lo = INT64_MIN,
                  int64_t hi = INT64_MAX);
uint64_t parse_uint(std::string_view text, const std::string& what);
double parse_real(std::string_view text, const std::string& what);

// A comma-separated list typed by a user, split at every comma: "16,,32" is three items, the
// middle one empty, so the item's parser refuses it. (CLI11's delimiter() drops empty items,
// which would let a typo through.)
std::vector<std::string> split_list(std::string_view text);

// The same text with leading zeros of the integer part removed ("-007" -> "-7"), for parsers
// (CLI11's) that would read a leading 0 as octal.
std::string strip_leading_zeros(std::string_view text);

}  // namespace oceanfft::io
