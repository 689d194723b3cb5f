// SPDX-License-Identifier: MIT
#pragma once
// The window app: the ocean with its panels, and the Image FFT viewer as a second mode.
// `oceanfft`, `oceanfft demo` and `oceanfft viewer` all end up in run_app().
#include <optional>
#include <string>

#include "fft/fft.h"
#include "scene/script.h"
#include "scene/settings.h"

namespace oceanfft::scene {
struct View;
}  // namespace oceanfft::scene

namespace oceanfft::ui {

// What a scripted run (frames > 0) reports as changes take effect, so logs and tests see them
// on the frame they happened. run_app() prints the lines below unless given another observer.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // "applied frame=F algorithm=A size=N": the FFT was re-planned.
  virtual void replanned(int frame, fft::Algorithm algorithm, int size) = 0;
  // "sea frame=F key=value ...": the simulation accepted a new sea state (describe_settings).
  virtual void sea_changed(int frame, const std::string& sea) = 0;
};
// The observer that prints those lines to stdout.
RunObserver& print_run_events();

struct AppOptions {
  int width = 1280, height = 720;
  bool vsync = true;
  int frames = 0;  // > 0: run exactly this many frames, with a fixed 1/60 s step, then exit
  std::string script_path;
  std::string screenshot_path;  // written after the last frame (needs frames > 0)
  bool gl_debug = false;        // KHR_debug context; any GL error then fails a --frames run
  bool report_objects = false;  // print live GL object counts on exit
  bool hide_ui = false;         // no panels (clean screenshots)
  scene::Mode mode = scene::Mode::Ocean;
  std::string image_path;       // loaded into the viewer at start
  std::optional<fft::Algorithm> algorithm;
  std::optional<int> size;
  RunObserver* observer = nullptr;  // scripted runs only; null: print_run_events()
  std::string settings_path;     // a settings file (ui/settings_file.h) loaded at start
  std::string record_dir;        // record every frame from the start into this folder
  double record_fps = 30.0;      // recordings' fixed time step is 1/record_fps
  bool mp4 = false;              // after a recording, make DIR/recording.mp4 with ffmpeg
};

// Checks everything that needs no window (sizes, script syntax and values) and returns the
// parsed script, so a bad option fails before anything opens. Throws oceanfft::Error.
// `view` (when given) receives the settings file's camera view, if it has one.
scene::Script prepare(const AppOptions& options, scene::Settings& initial, std::optional<scene::View>* view = nullptr);

// Opens the window and runs until it closes (or for options.frames frames). Returns the exit
// status; throws oceanfft::Error for failures that end the run.
int run_app(const AppOptions& options);

// Script keys that are actions rather than settings: image=PATH loads into the viewer,
// screenshot=PATH saves the frame, report=objects prints live GL object counts,
// window=WxH resizes the window (as a user dragging its border would), key=NAME presses a key
// of the key table (ui/keys.h: key=tab, key=f12, key=?), panels=NAMES opens exactly the
// listed panels (ocean, fft, camera, maps, profiler; "none").
bool is_script_action(std::string_view key);
// "640x360" -> 640, 360; false unless both are integers in 64..16384.
bool parse_window_size(std::string_view text, int& width, int& height);
// "ocean,maps" -> the panels; false for an unknown name.
bool parse_panel_list(std::string_view text, bool (&open)[5]);
// Validates one script entry: actions by their own rules, everything else via apply_setting().
scene::ScriptCheck script_check();
// What a script line can be checked for alone: actions by their own rules, setting keys known.
// Values of settings depend on the lines before them (`0 cascades=1` then `1 patch_size_0=100`):
// replay_script checks those.
scene::ScriptCheck script_syntax_check();
// Applies every entry in the order a run applies them (by frame, then file order), starting from
// `start`, the settings the run starts with: InvalidArgument "source:line: why" for the first
// that a run would refuse. Before any window opens.
void replay_script(const scene::Script& script, const scene::Settings& start);

// The line `report=objects` and --report-objects print, parsed by the tests:
// "objects frame=F textures=T buffers=B programs=P shaders=S queries=Q framebuffers=FB
//  vertex_arrays=V renderbuffers=R samplers=SA gl_errors=E debug=D" (D = 1 on a KHR_debug context)
std::string object_report(gl::Context& ctx, int frame);

}  // namespace oceanfft::ui
