// SPDX-License-Identifier: MIT
#include "ui/app_window.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "gl/error.h"
#include "gl/timing.h"
#include "gl/window.h"
#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "ui/camera_control.h"
#include "ui/fft_panel.h"
#include "ui/help_overlay.h"
#include "ui/imgui_layer.h"
#include "ui/keys.h"
#include "ui/maps_panel.h"
#include "ui/ocean_panel.h"
#include "ui/panel_layout.h"
#include "ui/profiler_panel.h"
#include "scene/recorder.h"
#include "scene/screenshot.h"
#include "scene/sea_check.h"
#include "scene/settings_file.h"
#include "ui/viewer_panel.h"

namespace oceanfft::ui {
namespace {

Input* input_of(GLFWwindow* w) { return static_cast<Input*>(glfwGetWindowUserPointer(w)); }

void on_drop(GLFWwindow* w, int count, const char** paths) {
  if (Input* in = input_of(w))
    for (int i = 0; i < count; ++i) in->dropped.emplace_back(paths[i]);
}

void on_scroll(GLFWwindow* w, double, double dy) {
  if (Input* in = input_of(w)) in->scroll += dy;
}

void on_key(GLFWwindow* w, int key, int, int action, int) {
  if (Input* in = input_of(w); in && action == GLFW_PRESS) in->keys.push_back(key);
}

void on_char(GLFWwindow* w, unsigned c) {
  if (Input* in = input_of(w)) in->chars.push_back(c);
}

// Runs before ImGuiLayer so that ImGui's GLFW backend chains to these callbacks.
GLFWwindow* install_callbacks(gl::Window& window, Input* input) {
  glfwSetWindowUserPointer(window.handle(), input);
  glfwSetDropCallback(window.handle(), on_drop);
  glfwSetScrollCallback(window.handle(), on_scroll);
  glfwSetKeyCallback(window.handle(), on_key);
  glfwSetCharCallback(window.handle(), on_char);
  return window.handle();
}

gl::WindowOptions window_options(const AppOptions& o) {
  gl::WindowOptions w;
  w.width = o.width;
  w.height = o.height;
  w.vsync = o.vsync;
  w.debug = o.gl_debug;
  w.title = "oceanfft";
  return w;
}

// One line of the sea-state settings, for scripted runs' logs (the tests read it back).
std::string describe_sea(const ocean::Params& p) {
  scene::Settings s;
  s.ocean = p;
  return scene::describe_settings(s, {"Wind sea", "Swell", "Cascades", "Foam", "Time"});
}

}  // namespace

App::App(const AppOptions& options, const scene::Settings& initial, scene::Script script)
    : options_(options),
      settings_(initial),
      script_(std::move(script)),
      window_(window_options(options)),
      imgui_(install_callbacks(window_, &input_)),
      shaders_(window_),
      sim_(shaders_, settings_.ocean),
      renderer_(shaders_),
      fleet_(shaders_),
      bodies_(shaders_),
      maps_(shaders_),
      viewer_(shaders_),
      profiler_(profiler::Options{.context = &window_}) {
  if (!options_.image_path.empty()) {
    viewer_.load(options_.image_path);
    // The window opens anyway (the panel shows the error and a path field to try again).
    if (!viewer_.error().empty())
      std::fprintf(stderr, "oceanfft: warning: %s\n", viewer_.error().c_str());
  }
  base_style_ = ImGui::GetStyle();
  if (options_.frames > 0 && script_.last_frame() >= options_.frames)
    std::fprintf(stderr, "oceanfft: warning: %s has changes at frames >= %d that will not run\n",
                 script_.source().c_str(), options_.frames);
}


void App::run_action(const scene::ScriptEntry& e, scene::Settings& next) {
  if (e.key == "image") {
    viewer_.load(e.value);
    if (!viewer_.error().empty())
      throw Error(ErrorCode::Io, script_.source() + ":" + std::to_string(e.line) + ": " + viewer_.error());
    next.mode = scene::Mode::Viewer;
  } else if (e.key == "screenshot") {
    screenshot_now_ = true;
    screenshot_path_ = e.value;
  } else if (e.key == "report") {
    report_now_ = true;
  } else if (e.key == "key") {
    const int k = parse_key_name(e.value);
    if (k == -2)
      input_.chars.push_back('?');
    else
      input_.keys.push_back(k);
  } else if (e.key == "panels") {
    bool open[5];
    parse_panel_list(e.value, open);
    for (int i = 0; i < kPanels; ++i) layout_.open(Panel(i)) = open[i];
  } else if (e.key == "window") {
    int w = 0, h = 0;
    parse_window_size(e.value, w, h);  // validated when the script was read
    glfwSetWindowSize(window_.handle(), w, h);
  }
}

void App::run_script(int frame) {
  scene::Settings next = settings_;
  for (const scene::ScriptEntry* e : script_.due(frame)) {
    if (is_script_action(e->key))
      run_action(*e, next);
    else
      scene::apply_setting(next, e->key, e->value);  // validated at load; cannot fail here
  }
  try {
    apply(next);
  } catch (const Error& err) {
    // A scripted run is a test: a change the GPU refuses must fail it, not be shown and skipped.
    throw Error(err.code(), script_.source() + ": frame " + std::to_string(frame) + ": " + err.what());
  }
}

// Pushes changed settings to the simulation and the window. On failure the simulation keeps
// its previous parameters (Simulation::set_params guarantees it) and so do the settings.
void App::apply(const scene::Settings& next) {
  const ocean::Params& cur = sim_.params();
  const ocean::Params& want = next.ocean;
  scene::Settings accepted = next;
  accepted.ocean = cur;
  if (next.vsync != settings_.vsync) window_.set_vsync(next.vsync);
  settings_ = accepted;  // everything but the ocean is accepted as is
  const fft::Algorithm old_algorithm = cur.algorithm;
  const int old_size = cur.size;
  const std::string old_sea = describe_sea(cur);
  const ocean::Preset* old_preset = ocean::preset_with(cur.spectrum);
  sim_.set_params(want);  // cheap when nothing changed
  settings_.ocean = sim_.params();
  // A chosen preset is a sea that has blown so for minutes: its foam starts at balance rather
  // than from the last sea's. Dragging the wind keeps the foam, which follows in its lifetime.
  const ocean::Preset* preset = ocean::preset_with(sim_.params().spectrum);
  if (preset && preset != old_preset) spin_up_foam_ = true;
  // Scripted runs report what took effect on this frame: a re-plan, and the sea state the
  // simulation accepted.
  if (options_.frames > 0) {
    RunObserver& events = options_.observer ? *options_.observer : print_run_events();
    if (sim_.params().algorithm != old_algorithm || sim_.size() != old_size)
      events.replanned(frame_, sim_.params().algorithm, sim_.size());
    const std::string sea = describe_sea(sim_.params());
    if (sea != old_sea) events.sea_changed(frame_, sea);
  }
}
void App::draw_menu() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::RadioButton("Ocean", settings_.mode == scene::Mode::Ocean)) settings_.mode = scene::Mode::Ocean;
  ImGui::SameLine();
  if (ImGui::RadioButton("Image FFT", settings_.mode == scene::Mode::Viewer)) settings_.mode = scene::Mode::Viewer;
  ImGui::SameLine(0, ImGui::GetFontSize());
  if (settings_.mode == scene::Mode::Ocean) {
    ImGui::TextDisabled("panels");
    ImGui::SameLine();
  }
  if (settings_.mode == scene::Mode::Ocean)
    for (int i = 0; i < kPanels; ++i) {
      const Panel p = Panel(i);
      bool& open = layout_.open(p);
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(open ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg));
      if (ImGui::SmallButton(panel_name(p))) open = !open;
      ImGui::PopStyleColor();
      ImGui::SameLine();
    }
  draw_settings_menu();
  if (recorder_.active()) {
    ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.3f, 1.0f), "REC %d", recorder_.frames());
  } else if (!last_recording_.empty() && scene::on_path("ffmpeg")) {
    if (ImGui::SmallButton("Make MP4")) {
      try {
        notice_ = "wrote " + recorder_.make_mp4();
      } catch (const Error& e) {
        status_ = e.what();
      }
      last_recording_.clear();
    }
  }
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::Text("%.0f fps %.1f ms", io.Framerate, 1000.0f / std::max(io.Framerate, 1e-3f));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", window_.info().renderer.c_str());
  if (settings_.paused) ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "paused");
  ImGui::TextDisabled("Tab: hide UI  ?: keys");
  ImGui::EndMainMenuBar();
}

void App::draw_fft_panel(scene::Settings& next) {
  const bool ocean = settings_.mode == scene::Mode::Ocean;
  // One panel per mode (same title, own ID), each placed where its mode has room.
  if (ocean) {
    layout_.place(Panel::Fft);
  } else {
    ImGui::SetNextWindowPos(ImVec2(8, 28), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(330, 64), ImGuiCond_FirstUseEver);
  }
  if (ImGui::Begin(ocean ? "FFT###fft-ocean" : "FFT###fft-viewer")) {
    // Cascades and packing change the layer count, and with it which sizes fit the limits.
    if (sizes_layers_ != sim_.layers()) {
      sizes_layers_ = sim_.layers();
      sizes_ = offered_sizes(window_.limits(), sizes_layers_);
    }
    FftChoice choice{next.ocean.algorithm, next.ocean.size};
    ImGui::PushItemWidth(ImGui::GetFontSize() * 11);
    if (draw_fft_widgets(choice, ocean ? std::span<const int>(sizes_) : std::span<const int>())) {
      next.ocean.algorithm = choice.algorithm;
      next.ocean.size = choice.size;
    }
    ImGui::PopItemWidth();
    if (ocean) {
      const fft::Plan& plan = sim_.plan();
      ImGui::TextWrapped("%d layers, %d dispatches per transform", plan.options().layers,
                         plan.dispatches_per_execute());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", plan.describe().c_str());
    }
  }
  ImGui::End();
}

void App::draw_status() {
  const std::string& text = status_.empty() ? notice_ : status_;
  if (text.empty()) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y - 10), ImGuiCond_Always,
                          ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.8f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##status", nullptr, flags)) {
    if (!status_.empty())
      ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", text.c_str());
    else
      ImGui::TextUnformatted(text.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("dismiss")) (status_.empty() ? notice_ : status_).clear();
  }
  ImGui::End();
}

void App::draw_ui() {
  draw_menu();
  const ImGuiIO& io = ImGui::GetIO();
  layout_.begin_frame(io.DisplaySize.x, io.DisplaySize.y, scale_, ImGui::GetFrameHeight());
  scene::Settings next = settings_;
  const bool ocean = settings_.mode == scene::Mode::Ocean;
  if (!ocean || layout_.is_open(Panel::Fft)) draw_fft_panel(next);
  if (ocean) {
    if (layout_.is_open(Panel::Ocean)) {
      layout_.place(Panel::Ocean);
      ocean_panel_.draw(next, {sim_, check_, renderer_, status_, sim_time_});
    }
    if (layout_.is_open(Panel::Camera)) {
      layout_.place(Panel::Camera);
      camera_.draw_panel(next);
    }
    if (layout_.is_open(Panel::Maps)) {
      layout_.place(Panel::Maps);
      maps_.draw(sim_);
    }
    if (layout_.is_open(Panel::Profiler)) {
      layout_.place(Panel::Profiler);
      draw_profiler_panel(profiler_);
    }
  } else {
    viewer_.draw(next.ocean.algorithm);
  }
  try {
    apply(next);
  } catch (const Error& e) {
    status_ = e.what();
  }
  draw_status();
}
int App::run() {
  const double start = glfwGetTime();
  double last = start;
  const bool fixed_step = options_.frames > 0;
  if (!options_.record_dir.empty()) start_recording(options_.record_dir);
  while (!window_.should_close()) {
    if (options_.frames > 0 && frame_ >= options_.frames) break;
    glfwPollEvents();
    int fw = 0, fh = 0;
    window_.framebuffer_size(fw, fh);
    if (fw <= 0 || fh <= 0) {  // minimised: nothing to draw into
      glfwWaitEventsTimeout(0.1);
      continue;
    }
    const double now = glfwGetTime();
    // A recording advances by its fixed step whatever the frame took, so it plays smoothly.
    const double dt = recorder_.active() ? recorder_.step()
                      : fixed_step       ? 1.0 / 60.0
                                         : std::min(now - last, 0.25);
    last = now;

    run_script(frame_);
    handle_keys();
    if (window_.should_close()) break;
    for (const std::string& path : input_.dropped) {
      viewer_.load(path);
      settings_.mode = scene::Mode::Viewer;
    }
    input_.dropped.clear();
    window_.framebuffer_size(fw, fh);  // a key may have gone fullscreen
    if (fw <= 0 || fh <= 0) continue;

    update_scale();
    profiler_.begin_frame();
    imgui_.begin_frame();
    const bool show_ui = !options_.hide_ui && ui_visible_;
    if (show_ui) draw_ui();
    if (help_) {
      const std::vector<std::string> rows = draw_help_overlay(help_);
      if (options_.frames > 0 && !help_logged_) {
        for (const std::string& r : rows) std::printf("help: %s\n", r.c_str());
        help_logged_ = true;
      }
    }
    camera_.update(window_.handle(), settings_, float(dt), input_.scroll);
    input_.scroll = 0;

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fw, fh);
    if (settings_.mode == scene::Mode::Ocean) {
      if (!settings_.paused) sim_time_ += dt;
      profiler_.note_config(fft::name(sim_.params().algorithm), sim_.size());
      // The bodies take the water an earlier frame's query found; the boat camera rides the
      // boat wherever that left it.
      fleet_.set_layout(settings_.buoys, settings_.boat || camera_.camera().on_boat);
      fleet_.before_step(sim_, sim_time_);
      if (spin_up_foam_) {
        // Unprofiled: one frame's hitch, coarse steps only (four per second of
        // foam_balance_time: about 20 ms for a storm at 256^2 on an H200).
        sim_.spin_up_foam(sim_time_, 0.0);
        spin_up_foam_ = false;
      }
      sim_.step(sim_time_, &profiler_);
      fleet_.update(sim_, settings_.paused ? 0.0 : dt);
      if (camera_.camera().on_boat && fleet_.boat()) {
        render::Camera riding = camera_.camera();
        render::ride_boat(riding, *fleet_.boat());
        camera_.set_camera(riding);
      }
      if (show_ui) check_.update(sim_);
      renderer_.draw(sim_, camera_.camera(), settings_.shading, fw, fh, &profiler_);
      bodies_.draw(fleet_, renderer_, camera_.camera(), settings_.shading, fw, fh);
    } else {
      glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
    capture_scene(fw, fh);
    {
      gl::ScopedPass pass(&profiler_, "ui", 0);
      imgui_.end_frame();
    }
    profiler_.end_frame();
    window_.check_errors("frame");

    const bool last_frame = options_.frames > 0 && frame_ + 1 == options_.frames;
    if (screenshot_now_ || (last_frame && !options_.screenshot_path.empty())) {
      const std::string& path = screenshot_now_ ? screenshot_path_ : options_.screenshot_path;
      scene::write_png(path, scene::read_framebuffer(fw, fh));
      std::printf("screenshot %s (%dx%d) at frame %d\n", path.c_str(), fw, fh, frame_);
      screenshot_now_ = false;
      if (last_frame && path != options_.screenshot_path)
        scene::write_png(options_.screenshot_path, scene::read_framebuffer(fw, fh));
    }
    if (report_now_) {
      std::printf("%s\n", object_report(window_, frame_).c_str());
      std::fflush(stdout);
      report_now_ = false;
    }
    window_.swap_buffers();
    ++frame_;
  }
  if (recorder_.active()) stop_recording();
  if (options_.mp4 && recorder_.frames() > 0) {
    const std::string mp4 = recorder_.make_mp4();  // throws (exit 3) when ffmpeg is missing or fails
    std::printf("wrote %s\n", mp4.c_str());
  }
  if (options_.frames > 0) {
    const double seconds = glfwGetTime() - start;
    std::printf("ran %d frames in %.2f s (%.1f ms per frame)\n", frame_, seconds,
                frame_ ? 1000.0 * seconds / frame_ : 0.0);
  }
  if (options_.frames > 0 && check_.measured_hs())
    std::printf("sea check: Hs measured=%.4f theory=%.4f error=%+.2f%% samples=%d\n",
                *check_.measured_hs(), check_.theory_hs(), check_.error_percent().value_or(0.0),
                check_.samples());
  if (options_.report_objects) std::printf("%s\n", object_report(window_, frame_).c_str());
  std::fflush(stdout);
  if (options_.frames > 0 && window_.error_count() > 0)
    throw Error(ErrorCode::GlRuntime, std::to_string(window_.error_count()) +
                                          " GL error(s) or high-severity debug message(s) during the run");
  return 0;
}

int run_app(const AppOptions& options) {
  scene::Settings initial;
  std::optional<scene::View> view;
  scene::Script script = prepare(options, initial, &view);
  App app(options, initial, std::move(script));
  app.set_view(view);
  return app.run();
}

}  // namespace oceanfft::ui
