// SPDX-License-Identifier: MIT
// The window app's keys (from the key table), fullscreen, screenshots, recordings, UI scale and
// the Settings menu: the App members that act on a user's request rather than draw the frame.
#include <algorithm>
#include <cstdio>

#include "gl/error.h"
#include "ui/app_window.h"
#include "scene/screenshot.h"

namespace oceanfft::ui {

void App::draw_settings_menu() {
  if (!ImGui::BeginMenu("Settings")) return;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  ImGui::InputText("##file", settings_file_, sizeof settings_file_);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("settings file (JSON): sea, sky, camera, algorithm, size");
  const std::string path = settings_file_;
  if (ImGui::MenuItem("Save")) {
    try {
      scene::save_settings_file(path, settings_, scene::SettingsScope::All, scene::view_of(camera_.camera()));
      notice_ = "saved the settings to " + path;
      status_.clear();
    } catch (const Error& e) {
      status_ = e.what();
    }
  }
  if (ImGui::MenuItem("Load")) {
    try {
      scene::Settings next = settings_;
      std::optional<scene::View> view;
      const std::vector<std::string> ignored = scene::load_settings_file(path, next, scene::SettingsScope::All, &view);
      next.mode = settings_.mode;
      apply(next);
      set_view(view);
      notice_ = ignored.empty() ? "loaded " + path : scene::ignored_message(path, ignored);
      status_.clear();
    } catch (const Error& e) {
      status_ = e.what();  // load_settings_file changed nothing
    }
  }
  if (ImGui::MenuItem("Copy as command line")) {
    ImGui::SetClipboardText(scene::settings_command_line(settings_).c_str());
    notice_ = "copied the `oceanfft render --set ...` command line";
  }
  ImGui::Separator();
  bool vsync = settings_.vsync;
  if (ImGui::MenuItem("vsync", nullptr, &vsync)) {
    scene::Settings next = settings_;
    next.vsync = vsync;
    apply(next);
  }
  ImGui::EndMenu();
}

// One slim bar: the mode, a toggle per panel, settings files, the frame rate and the keys.
void App::press(const Binding& b, int key) {
  switch (b.action) {
    case Action::ToggleUi:
      ui_visible_ = !ui_visible_;
      break;
    case Action::Help:
      help_ = !help_;
      help_logged_ = false;
      break;
    case Action::Fullscreen:
      toggle_fullscreen();
      break;
    case Action::Screenshot:
      shot_now_ = true;
      break;
    case Action::Pause: {
      scene::Settings next = settings_;
      next.paused = !next.paused;
      apply(next);
      break;
    }
    case Action::Record:
      if (recorder_.active())
        stop_recording();
      else
        start_recording(scene::dated_name(".", "oceanfft-rec", ""));
      break;
    case Action::Preset: {
      scene::Settings next = settings_;
      try {
        scene::apply_setting(next, "preset", preset_for_key(key));
        apply(next);
        notice_ = "preset " + preset_for_key(key);
      } catch (const Error& e) {
        status_ = e.what();
      }
      break;
    }
    case Action::Quit:
      if (help_)
        help_ = false;
      else
        glfwSetWindowShouldClose(window_.handle(), GLFW_TRUE);
      break;
    default:
      break;
  }
}

void App::handle_keys() {
  // Keys typed into a text field or a focused widget are ImGui's.
  const bool captured = ImGui::GetCurrentContext() && ImGui::GetIO().WantCaptureKeyboard;
  std::vector<int> keys;
  std::vector<unsigned> chars;
  keys.swap(input_.keys);
  chars.swap(input_.chars);
  if (captured) return;
  for (int k : keys)
    if (const Binding* b = action_for_key(k)) press(*b, k);
  for (unsigned c : chars)
    if (const Binding* b = action_for_char(c)) press(*b, 0);
}

// The monitor that holds the window's centre (the primary one when none does).
static GLFWmonitor* current_monitor(GLFWwindow* w) {
  int wx = 0, wy = 0, ww = 0, wh = 0;
  glfwGetWindowPos(w, &wx, &wy);
  glfwGetWindowSize(w, &ww, &wh);
  const int cx = wx + ww / 2, cy = wy + wh / 2;
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  for (int i = 0; i < count; ++i) {
    int mx = 0, my = 0;
    glfwGetMonitorPos(monitors[i], &mx, &my);
    const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
    if (mode && cx >= mx && cx < mx + mode->width && cy >= my && cy < my + mode->height) return monitors[i];
  }
  return glfwGetPrimaryMonitor();
}

void App::toggle_fullscreen() {
  GLFWwindow* w = window_.handle();
  if (!fullscreen_) {
    GLFWmonitor* monitor = current_monitor(w);
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) {
      status_ = "fullscreen: no monitor found";
      return;
    }
    glfwGetWindowPos(w, &windowed_[0], &windowed_[1]);
    glfwGetWindowSize(w, &windowed_[2], &windowed_[3]);
    glfwSetWindowMonitor(w, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    fullscreen_ = true;
  } else {
    glfwSetWindowMonitor(w, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3], 0);
    fullscreen_ = false;
  }
  // The swap interval belongs to the context; some platforms reset it on a mode change.
  window_.set_vsync(settings_.vsync);
  if (options_.frames > 0) {
    int fw = 0, fh = 0;
    glfwGetWindowSize(w, &fw, &fh);
    std::printf("fullscreen %s frame=%d window=%dx%d\n", fullscreen_ ? "on" : "off", frame_, fw, fh);
  }
}

void App::start_recording(const std::string& dir) {
  try {
    recorder_.start(dir, options_.record_fps, options_.frames > 0 ? options_.frames - frame_ : 0);
    notice_ = "recording to " + dir + " (R stops)";
    std::printf("recording to %s at %g fps (fixed time step)\n", dir.c_str(), options_.record_fps);
    std::fflush(stdout);
  } catch (const Error& e) {
    if (options_.frames > 0) throw;
    status_ = e.what();
  }
}

void App::stop_recording() {
  const std::string summary = recorder_.stop();
  std::printf("%s\n", summary.c_str());
  std::fflush(stdout);
  notice_ = summary.substr(0, summary.find('\n'));
  last_recording_ = recorder_.frames() > 0 ? recorder_.dir() : "";
}

// The scene without the UI, for F12 and recordings: read before ImGui draws.
void App::capture_scene(int fw, int fh) {
  if (!shot_now_ && !recorder_.active()) return;
  const scene::Pixels pixels = scene::read_framebuffer(fw, fh);
  if (shot_now_) {
    shot_now_ = false;
    try {
      const std::string path = scene::save_dated_screenshot(".", pixels);
      notice_ = "saved " + path;
      std::printf("screenshot %s (%dx%d) at frame %d\n", path.c_str(), fw, fh, frame_);
    } catch (const Error& e) {
      if (options_.frames > 0) throw;
      status_ = e.what();
    }
  }
  if (recorder_.active()) {
    if (!recorder_.add(pixels, sim_time_)) {
      std::fprintf(stderr, "oceanfft: %s\n", recorder_.error().c_str());
      if (options_.frames > 0) throw Error(ErrorCode::Io, recorder_.error());
      status_ = recorder_.error();
      last_recording_ = recorder_.frames() > 0 ? recorder_.dir() : "";
      return;
    }
    // Headless runs show progress and an ETA, ten lines over the run.
    const int n = recorder_.frames();
    const int total = options_.frames;
    if (total > 0 && (n % std::max(1, total / 10) == 0 || frame_ + 1 == total)) {
      std::printf("%s\n", recorder_.progress().c_str());
      std::fflush(stdout);
    }
  }
}

void App::update_scale() {
  float cx = 1.0f, cy = 1.0f;
  glfwGetWindowContentScale(window_.handle(), &cx, &cy);
  int ww = 0, wh = 0;
  glfwGetWindowSize(window_.handle(), &ww, &wh);
  const float s = ui_scale(cy, float(wh));
  if (s == scale_) return;
  scale_ = s;
  ImGuiStyle& style = ImGui::GetStyle();
  style = base_style_;
  style.ScaleAllSizes(s);
  imgui_.set_scale(s);
}

}  // namespace oceanfft::ui
