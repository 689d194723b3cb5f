// SPDX-License-Identifier: MIT
// `oceanfft demo` (also what `oceanfft` alone runs) and `oceanfft viewer`: the window app.
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include <filesystem>

#include "commands.h"
#include "scene/headless_frame.h"
#include "gl/context.h"
#include "gl/error.h"
#include "gl/shader.h"
#include "gl/window.h"
#include "io/file.h"
#include "io/image.h"
#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"
#include "ui/app.h"
#include "ui/keys.h"
#include "scene/settings.h"
#include "viewer/image.h"

namespace oceanfft::app {
namespace {

struct WindowArgs {
  ui::AppOptions options;
  std::string vsync = "on", algorithm;
  std::optional<int> size;  // unset: the app default; 0 or negative must reach the range check
  std::optional<int> frames;  // unset: run until closed; a given count must be at least 1
  bool list_keys = false;
  bool list_bindings = false;
};

void add_window_options(CLI::App* cmd, WindowArgs& a) {
  cmd->add_option("--frames", a.frames, "run this many frames (fixed 1/60 s steps), then exit");
  cmd->add_option("--screenshot", a.options.screenshot_path, "save the last frame as PNG (needs --frames)");
  cmd->add_option("--width", a.options.width, "window width in pixels");
  cmd->add_option("--height", a.options.height, "window height in pixels");
  cmd->add_option("--vsync", a.vsync, "on or off");
  cmd->add_option("--algorithm", a.algorithm, "FFT algorithm to start with");
  cmd->add_flag("--gl-debug", a.options.gl_debug,
                "KHR_debug context; GL errors then fail a --frames run");
  cmd->add_flag("--report-objects", a.options.report_objects,
                "print the live GL object counts on exit");
  cmd->add_flag("--hide-ui", a.options.hide_ui, "draw no panels");
}

void finish(WindowArgs& a) {
  if (a.vsync == "on")
    a.options.vsync = true;
  else if (a.vsync == "off")
    a.options.vsync = false;
  else
    throw Error(ErrorCode::InvalidArgument, "--vsync must be on or off, got '" + a.vsync + "'");
  if (!a.algorithm.empty()) {
    a.options.algorithm = fft::parse_algorithm(a.algorithm);
    if (!a.options.algorithm)
      throw Error(ErrorCode::InvalidArgument, "unknown algorithm '" + a.algorithm +
                                                  "'; choose one of: " + fft::algorithm_list());
  }
  if (a.size) a.options.size = *a.size;
  // 0 would mean "until the window closes", which a headless run never does.
  if (a.frames) {
    if (*a.frames < 1)
      throw Error(ErrorCode::InvalidArgument, "--frames must be at least 1, got " + std::to_string(*a.frames));
    a.options.frames = *a.frames;
  }
  // Fail before the frames are run, not after, when the screenshot could never be written.
  require_writable(a.options.screenshot_path, "the screenshot");
}

// Without a display the ocean still has a picture to show: one frame through EGL, drawn by the
// same simulation and renderer the window uses, into a file that must not exist yet (nobody
// asked for it, so it may not replace anything).
int headless_fallback(const ui::AppOptions& o, const std::string& why) {
  // Never over an existing picture: the first free name of oceanfft-headless.png,
  // oceanfft-headless-2.png, ... (write_new_file still refuses one that appears meanwhile).
  std::string out = "oceanfft-headless.png";
  for (int i = 2; std::filesystem::exists(std::filesystem::symlink_status(out)); ++i) {
    if (i > 999)
      throw Error(ErrorCode::Io, "oceanfft-headless.png .. oceanfft-headless-999.png all exist; remove some");
    out = "oceanfft-headless-" + std::to_string(i) + ".png";
  }
  io::require_new(out, "the headless picture");
  std::printf("oceanfft: %s; rendering one frame headless to %s instead (see `oceanfft render`)\n",
              why.c_str(), out.c_str());
  std::fflush(stdout);
  gl::HeadlessOptions ho;
  ho.debug = o.gl_debug;
  auto ctx = gl::create_headless(ho);
  gl::ShaderLibrary shaders(*ctx);
  scene::HeadlessFrame frame;
  if (o.size) frame.settings.ocean.size = *o.size;
  if (o.algorithm) frame.settings.ocean.algorithm = *o.algorithm;
  frame.width = o.width;
  frame.height = o.height;
  frame.time = 0.0;
  frame.foam_warmup = 0.0;  // the window's first frame
  const std::vector<uint8_t> pixels = scene::render_frame(frame, *ctx, shaders).rgba;
  io::write_new_file(out, io::encode_png(o.width, o.height, 4, pixels.data()), "the headless picture");
  return 0;
}

int run_window(WindowArgs& a) {
  finish(a);
  if (a.list_keys) {
    for (const scene::Setting& k : scene::settings_table())
      std::printf("%-18s %s; %s%s\n", k.key.c_str(), scene::accepted_values(k).c_str(), k.help.c_str(),
                  k.scope == scene::Scope::Window ? " (window only)" : "");
    std::printf("%-18s %s\n", "image", "PATH: load an image into the viewer (switches to it)");
    std::printf("%-18s %s\n", "screenshot", "PATH: save this frame as PNG");
    std::printf("%-18s %s\n", "report", "objects: print live GL object counts");
    std::printf("%-18s %s\n", "window", "WIDTHxHEIGHT: resize the window");
    std::printf("%-18s %s\n", "key", ("NAME: press a key (" + ui::key_name_list() + ")").c_str());
    std::printf("%-18s %s\n", "panels", "NAMES: open these panels (ocean,fft,camera,maps,profiler or none)");
    return 0;
  }
  if (a.list_bindings) {
    for (const auto& [keys, what] : ui::help_rows()) std::printf("%-28s %s\n", keys.c_str(), what.c_str());
    return 0;
  }
  // Bad options and scripts fail here, before a window or a fallback.
  scene::Settings initial;
  ui::prepare(a.options, initial);
  // A scripted viewer run must fail on a bad image rather than show the error in a panel
  // nobody sees; decoding it once here costs little next to opening a window.
  if (a.options.mode == scene::Mode::Viewer && a.options.frames > 0 && !a.options.image_path.empty())
    viewer::load_image(a.options.image_path);
  std::string why;
  if (!gl::Window::display_available(&why)) {
    // A script's frames, events and exit status need the window's frame loop; one default
    // frame in their place would report success for a run that never happened.
    if (a.options.frames > 0 || !a.options.script_path.empty() || !a.options.screenshot_path.empty() ||
        !a.options.record_dir.empty())
      throw Error(ErrorCode::GlUnsupported,
                  why + "; --frames, --script and --screenshot need a window (run under xvfb-run, or "
                        "use `oceanfft render --out FILE` for a picture without one)");
    if (a.options.mode == scene::Mode::Viewer)
      throw Error(ErrorCode::GlUnsupported,
                  why + "; the viewer needs a window (try `oceanfft roundtrip IMAGE --out DIR`)");
    return headless_fallback(a.options, why);
  }
  return ui::run_app(a.options);
}

}  // namespace

void add_demo(CLI::App& app, Commands& out) {
  auto a = std::make_shared<WindowArgs>();
  CLI::App* cmd = app.add_subcommand(
      "demo", "the ocean in a window, with live FFT algorithm and size toggles (the default command)");
  add_window_options(cmd, *a);
  cmd->add_option("--script", a->options.script_path,
                  "timed changes, one per line: FRAME key=value ... (see --list-script-keys)");
  cmd->add_option("--size", a->size, "FFT size N to start with (64..4096, power of two)");
  cmd->add_flag("--list-script-keys", a->list_keys, "print the keys a script may set, and exit");
  cmd->add_flag("--list-keys", a->list_bindings, "print the window's keys and mouse actions, and exit");
  cmd->add_option("--settings", a->options.settings_path,
                  "load a settings file (JSON, as the Settings menu saves it) at start");
  cmd->add_option("--record", a->options.record_dir,
                  "record every frame as DIR/frame-NNNNNN.png at a fixed time step (with --frames N: "
                  "N frames, then exit; under xvfb-run without a display)");
  cmd->add_option("--fps", a->options.record_fps, "frames per simulated second of a recording (1..240)")
      ->capture_default_str();
  cmd->add_flag("--mp4", a->options.mp4, "after --record, make DIR/recording.mp4 with ffmpeg");
  out.push_back({cmd, [a]() { return run_window(*a); }});
}

void add_viewer(CLI::App& app, Commands& out) {
  auto a = std::make_shared<WindowArgs>();
  a->options.mode = scene::Mode::Viewer;
  CLI::App* cmd = app.add_subcommand("viewer", "the image FFT round-trip viewer in a window");
  cmd->add_option("image", a->options.image_path, "PNG, JPEG, BMP or TGA image to load");
  add_window_options(cmd, *a);
  cmd->add_option("--script", a->options.script_path, "timed changes, as for demo");
  out.push_back({cmd, [a]() { return run_window(*a); }});
}

int run_default() {
  WindowArgs a;
  return run_window(a);
}

}  // namespace oceanfft::app
