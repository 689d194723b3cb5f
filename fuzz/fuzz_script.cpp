// SPDX-License-Identifier: MIT
// libFuzzer entry point over the demo's script parser (ui::Script::parse) with the real check
// every script line gets (ui::apply_setting on a copy of the settings, as ui::prepare does).
// A refusal must be InvalidArgument on one line naming the source; an accepted script must
// hold entries with non-negative frames and non-empty keys and values.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gl/error.h"
#include "scene/script.h"
#include "scene/settings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oceanfft;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ui::Settings settings;
  // Keys outside the settings table (image, screenshot, report, window) are the app's actions;
  // here they are accepted as they are, so the parser's own paths still run.
  auto check = [&](const std::string& key, const std::string& value) {
    if (ui::find_setting(key)) ui::apply_setting(settings, key, value);
  };
  try {
    const ui::Script s = ui::Script::parse(text, "fuzz.txt", check);
    for (const ui::ScriptEntry& e : s.entries())
      if (e.frame < 0 || e.key.empty() || e.value.empty() || e.line < 1) std::abort();
  } catch (const Error& e) {
    const std::string m = e.what();
    if (e.code() != ErrorCode::InvalidArgument || m.find('\n') != std::string::npos ||
        m.rfind("fuzz.txt", 0) != 0) {
      std::fprintf(stderr, "bad refusal: %s\n", m.c_str());
      std::abort();
    }
  }
  return 0;
}
