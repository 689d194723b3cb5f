// SPDX-License-Identifier: MIT
// libFuzzer entry point over the demo's script parser (scene::Script::parse) and the replay every
// script gets at load (scene::apply_setting of every entry in run order on one state, as
// ui::replay_script does), which must leave a valid ocean.
// A refusal must be InvalidArgument on one line naming the source; an accepted script must
// hold entries with non-negative frames and non-empty keys and values.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gl/error.h"
#include "ocean/simulation.h"
#include "scene/script.h"
#include "scene/settings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oceanfft;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  scene::Settings settings;
  // Keys outside the settings table (image, screenshot, report, window) are the app's actions;
  // here they are accepted as they are, so the parser's own paths still run.
  auto check = [&](const std::string& key, const std::string& value) {
    if (scene::find_setting(key)) scene::apply_setting(settings, key, value);
  };
  try {
    const scene::Script s = scene::Script::parse(text, "fuzz.txt", check);
    for (const scene::ScriptEntry& e : s.entries())
      if (e.frame < 0 || e.key.empty() || e.value.empty() || e.line < 1) std::abort();
    // The replay ui::replay_script makes at load: the entries in run order (by frame, then file
    // order) on one evolving state; a refusal must name the source and line like a parse error.
    scene::Settings state;
    for (const scene::ScriptEntry& e : s.entries()) {
      if (!scene::find_setting(e.key)) continue;
      try {
        scene::apply_setting(state, e.key, e.value);
      } catch (const Error& err) {
        throw Error(ErrorCode::InvalidArgument, s.source() + ":" + std::to_string(e.line) + ": " + err.what());
      }
    }
    // What the replay accepted must stay a valid ocean, as the app assumes when it applies it.
    ocean::validate(state.ocean);
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
