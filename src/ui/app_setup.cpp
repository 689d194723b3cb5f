// SPDX-License-Identifier: MIT
#include "ui/app.h"

#include <cinttypes>
#include <cstdio>

#include "gl/context.h"
#include "gl/error.h"
#include "io/file.h"
#include "io/number.h"
#include "ui/keys.h"
#include "scene/recorder.h"
#include "scene/settings_file.h"

// The parts of the app that need no window: option checks, script validation, object reports.
namespace oceanfft::ui {

RunObserver& print_run_events() {
  struct Printer final : RunObserver {
    void replanned(int frame, fft::Algorithm algorithm, int size) override {
      std::printf("applied frame=%d algorithm=%s size=%d\n", frame, std::string(fft::name(algorithm)).c_str(),
                  size);
    }
    void sea_changed(int frame, const std::string& sea) override {
      std::printf("sea frame=%d %s\n", frame, sea.c_str());
    }
  };
  static Printer printer;  // stateless
  return printer;
}

bool is_script_action(std::string_view key) {
  return key == "image" || key == "screenshot" || key == "report" || key == "window" || key == "key" ||
         key == "panels";
}

bool parse_window_size(std::string_view text, int& width, int& height) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return false;
  auto number = [](std::string_view t, int& out) {
    if (t.empty() || t.size() > 5) return false;
    out = 0;
    for (char c : t) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + (c - '0');
    }
    return out >= 64 && out <= 16384;
  };
  return number(text.substr(0, x), width) && number(text.substr(x + 1), height);
}

bool parse_panel_list(std::string_view text, bool (&open)[5]) {
  static constexpr std::string_view kNames[5] = {"ocean", "fft", "camera", "maps", "profiler"};
  for (bool& o : open) o = false;
  if (text == "none") return true;
  for (const std::string& item : io::split_list(text)) {
    bool found = false;
    for (int i = 0; i < 5; ++i)
      if (item == kNames[i]) open[i] = found = true;
    if (!found) return false;
  }
  return !text.empty();
}

scene::ScriptCheck script_check() {
  return [](const std::string& key, const std::string& value) {
    if (key == "report") {
      if (value != "objects")
        throw Error(ErrorCode::InvalidArgument, "bad value '" + value + "' for report: expected objects");
      return;
    }
    if (key == "window") {
      int w = 0, h = 0;
      if (!parse_window_size(value, w, h))
        throw Error(ErrorCode::InvalidArgument,
                    "bad value '" + value + "' for window: expected WIDTHxHEIGHT, each 64..16384");
      return;
    }
    if (key == "key") {
      if (parse_key_name(value) == -1)
        throw Error(ErrorCode::InvalidArgument, "bad value '" + value + "' for key: expected one of " + key_name_list());
      return;
    }
    if (key == "panels") {
      bool open[5];
      if (!parse_panel_list(value, open))
        throw Error(ErrorCode::InvalidArgument,
                    "bad value '" + value + "' for panels: expected none or a list of ocean, fft, camera, maps, profiler");
      return;
    }
    if (key == "image" || key == "screenshot") return;  // any path; failures show at run time
    scene::Settings scratch;
    scene::apply_setting(scratch, key, value);
  };
}

scene::ScriptCheck script_syntax_check() {
  return [](const std::string& key, const std::string& value) {
    if (is_script_action(key) || !scene::find_setting(key)) return script_check()(key, value);
  };
}

void replay_script(const scene::Script& script, const scene::Settings& start) {
  scene::Settings state = start;
  for (const scene::ScriptEntry& e : script.entries()) {  // sorted by frame, file order kept
    try {
      if (is_script_action(e.key)) script_check()(e.key, e.value);
      else scene::apply_setting(state, e.key, e.value);
    } catch (const Error& err) {
      throw Error(ErrorCode::InvalidArgument, script.source() + ":" + std::to_string(e.line) + ": " +
                                                  err.what() + " (at frame " + std::to_string(e.frame) + ")");
    }
  }
}

std::string object_report(gl::Context& context, int frame) {
  context.check_errors("object report");
  const gl::ObjectCounts& c = context.objects();
  char line[512];
  std::snprintf(line, sizeof line,
                "objects frame=%d textures=%" PRId64 " buffers=%" PRId64 " programs=%" PRId64
                " shaders=%" PRId64 " queries=%" PRId64 " framebuffers=%" PRId64
                " vertex_arrays=%" PRId64 " renderbuffers=%" PRId64 " samplers=%" PRId64 " gl_errors=%" PRId64 " debug=%d",
                frame, c.textures, c.buffers, c.programs, c.shaders, c.queries, c.framebuffers,
                c.vertex_arrays, c.renderbuffers, c.samplers, context.error_count(), context.info().debug ? 1 : 0);
  return line;
}

scene::Script prepare(const AppOptions& o, scene::Settings& initial, std::optional<scene::View>* view) {
  if (o.width < 64 || o.height < 64 || o.width > 16384 || o.height > 16384)
    throw Error(ErrorCode::InvalidArgument, "window size " + std::to_string(o.width) + "x" +
                                                std::to_string(o.height) +
                                                " is out of range (64..16384 per side)");
  if (o.frames < 0) throw Error(ErrorCode::InvalidArgument, "--frames must be positive");
  if (!o.screenshot_path.empty() && o.frames == 0)
    throw Error(ErrorCode::InvalidArgument, "--screenshot needs --frames (the frame to save)");
  if (!(o.record_fps >= 1.0 && o.record_fps <= 240.0))
    throw Error(ErrorCode::InvalidArgument, "--fps must be in 1..240");
  if (o.mp4 && o.record_dir.empty()) throw Error(ErrorCode::InvalidArgument, "--mp4 needs --record DIR");
  initial.mode = o.mode;
  initial.vsync = o.vsync;
  // The file first: the options given beside it override it.
  if (!o.settings_path.empty()) {
    const std::vector<std::string> ignored = scene::load_settings_file(o.settings_path, initial, scene::SettingsScope::All, view);
    if (!ignored.empty()) std::fprintf(stderr, "oceanfft: %s\n", scene::ignored_message(o.settings_path, ignored).c_str());
    initial.mode = o.mode;
    initial.vsync = o.vsync;
  }
  if (o.algorithm) initial.ocean.algorithm = *o.algorithm;
  if (o.size) scene::apply_setting(initial, "size", std::to_string(*o.size));
  scene::Script script;
  if (!o.script_path.empty()) {
    script = scene::Script::load(o.script_path, script_syntax_check());
    replay_script(script, initial);
  }
  return script;
}

}  // namespace oceanfft::ui
