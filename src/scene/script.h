// SPDX-License-Identifier: MIT
#pragma once
// `demo --script FILE`: timed changes applied at given frames, e.g.
//   120 algorithm=cooley-tukey
//   200 size=512 wind_speed=12     # several assignments per line are allowed
// Blank lines and text after '#' are ignored. Every line is validated when the file is read,
// so a typo fails before the window opens, with the file and line number in the message.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace oceanfft::scene {

struct ScriptEntry {
  int frame = 0;
  int line = 0;  // 1-based line in the source, for messages at run time
  std::string key, value;
};

// Throws oceanfft::Error(InvalidArgument) with a message; the parser prefixes "source:line: ".
using ScriptCheck = std::function<void(const std::string& key, const std::string& value)>;

class Script {
 public:
  Script() = default;
  // Entries keep file order within a frame; frames may appear in any order.
  static Script parse(std::string_view text, const std::string& source, const ScriptCheck& check);
  static Script load(const std::string& path, const ScriptCheck& check);

  const std::vector<ScriptEntry>& entries() const { return entries_; }
  const std::string& source() const { return source_; }
  // Entries due at exactly `frame`.
  std::vector<const ScriptEntry*> due(int frame) const;
  int last_frame() const;

 private:
  std::vector<ScriptEntry> entries_;
  std::string source_;
};

}  // namespace oceanfft::scene
