// SPDX-License-Identifier: MIT
#include "scene/script.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::scene {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i > start) words.push_back(s.substr(start, i - start));
  }
  return words;
}

}  // namespace

Script Script::parse(std::string_view text, const std::string& source, const ScriptCheck& check) {
  Script script;
  script.source_ = source;
  int line_no = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    if (size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    auto fail = [&](const std::string& why) -> Error {
      return Error(ErrorCode::InvalidArgument, source + ":" + std::to_string(line_no) + ": " + why);
    };
    auto words = split_words(line);
    int frame = -1;
    auto [end, ec] = std::from_chars(words[0].data(), words[0].data() + words[0].size(), frame);
    if (ec != std::errc() || end != words[0].data() + words[0].size() || frame < 0)
      throw fail("expected a frame number (a non-negative integer) first, got '" +
                 std::string(words[0]) + "'");
    if (words.size() < 2) throw fail("frame " + std::to_string(frame) + " has no key=value change");
    for (size_t w = 1; w < words.size(); ++w) {
      size_t eq = words[w].find('=');
      if (eq == std::string_view::npos || eq == 0 || eq + 1 == words[w].size())
        throw fail("expected key=value, got '" + std::string(words[w]) + "'");
      ScriptEntry e{frame, line_no, std::string(words[w].substr(0, eq)),
                    std::string(words[w].substr(eq + 1))};
      try {
        if (check) check(e.key, e.value);
      } catch (const Error& err) {
        throw fail(err.what());
      }
      script.entries_.push_back(std::move(e));
    }
  }
  std::stable_sort(script.entries_.begin(), script.entries_.end(),
                   [](const ScriptEntry& a, const ScriptEntry& b) { return a.frame < b.frame; });
  return script;
}

Script Script::load(const std::string& path, const ScriptCheck& check) {
  // io refuses a directory, a FIFO (which would hang) or a device such as /dev/zero (which
  // would fill memory) before reading; 16 MiB is far beyond any script.
  const std::vector<uint8_t> bytes = io::read_file(path, "the script", uint64_t(16) << 20);
  return parse(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), path, check);
}

std::vector<const ScriptEntry*> Script::due(int frame) const {
  std::vector<const ScriptEntry*> out;
  auto it = std::lower_bound(entries_.begin(), entries_.end(), frame,
                             [](const ScriptEntry& e, int f) { return e.frame < f; });
  for (; it != entries_.end() && it->frame == frame; ++it) out.push_back(&*it);
  return out;
}

int Script::last_frame() const { return entries_.empty() ? -1 : entries_.back().frame; }

}  // namespace oceanfft::scene
