// SPDX-License-Identifier: MIT
#pragma once
// The window app's frame loop and state, shared by app.cpp (construction, scripts, panels, the
// frame) and app_keys.cpp (keys, fullscreen, screenshots, recording, UI scale, settings menu).
// Internal to src/ui: run_app() (ui/app.h) is the interface.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "gl/window.h"
#include "ocean/simulation.h"
#include "profiler/profiler.h"
#include "ocean/fleet.h"
#include "render/bodies.h"
#include "render/ocean_renderer.h"
#include "ui/app.h"
#include "ui/camera_control.h"
#include "ui/imgui_layer.h"
#include "ui/keys.h"
#include "ui/maps_panel.h"
#include "ui/ocean_panel.h"
#include "ui/panel_layout.h"
#include "scene/recorder.h"
#include "scene/sea_check.h"
#include "scene/settings_file.h"
#include "ui/viewer_panel.h"

namespace oceanfft::ui {


// What GLFW callbacks hand to the frame loop; they only record, the loop acts.
struct Input {
  std::vector<std::string> dropped;
  double scroll = 0;
  std::vector<int> keys;         // GLFW keys pressed (not repeats)
  std::vector<unsigned> chars;   // characters typed
};

class App {
 public:
  App(const AppOptions& options, const scene::Settings& initial, scene::Script script);

  int run();
  // A settings file's view: the camera goes there, in free-fly.
  void set_view(const std::optional<scene::View>& view) {
    if (!view) return;
    render::Camera c = camera_.camera();
    scene::apply_view(c, *view);
    camera_.set_camera(c);
    settings_.camera = scene::CameraMode::Fly;
  }

 private:
  void run_script(int frame);
  void run_action(const scene::ScriptEntry& e, scene::Settings& next);
  void apply(const scene::Settings& next);
  void draw_ui();
  void draw_menu();
  void draw_fft_panel(scene::Settings& next);
  void draw_status();
  void draw_settings_menu();
  void press(const Binding& b, int key);
  void handle_keys();
  void toggle_fullscreen();
  void start_recording(const std::string& dir);
  void stop_recording();
  void capture_scene(int fw, int fh);
  void update_scale();

  const AppOptions& options_;
  scene::Settings settings_;
  scene::Script script_;
  Input input_;
  // Declaration order is construction order; everything GL dies before the window.
  gl::Window window_;
  ImGuiLayer imgui_;
  gl::ShaderLibrary shaders_;
  ocean::Simulation sim_;
  render::OceanRenderer renderer_;
  ocean::Fleet fleet_;
  render::BodyRenderer bodies_;
  MapsPanel maps_;
  ViewerPanel viewer_;
  profiler::Profiler profiler_;
  CameraControl camera_;
  std::vector<int> sizes_;
  int sizes_layers_ = 0;          // the layer count sizes_ was computed for
  scene::SeaCheck check_;
  OceanPanel ocean_panel_;
  std::string status_;  // the last error, shown until the next change succeeds
  int frame_ = 0;
  double sim_time_ = 0;
  // The next frame spins the foam up to its balance: the first frame, and after a preset is
  // chosen. A resized sea starts its foam from none.
  bool spin_up_foam_ = true;
  bool screenshot_now_ = false;
  std::string screenshot_path_;
  bool report_now_ = false;
  PanelLayout layout_;
  ImGuiStyle base_style_;
  float scale_ = 0;
  bool ui_visible_ = true;   // Tab / F1
  bool help_ = false;        // ? / H
  bool help_logged_ = false; // a scripted run printed the overlay's rows since it opened
  bool shot_now_ = false;    // F12: the scene without the UI
  std::string notice_;       // the last success message (screenshot, recording)
  scene::Recorder recorder_;
  std::string last_recording_;
  bool fullscreen_ = false;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before fullscreen
  char settings_file_[512] = "oceanfft-settings.json";
};

}  // namespace oceanfft::ui
