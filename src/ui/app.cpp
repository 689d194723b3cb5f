#include "ui/app.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "gl/error.h"
#include "gl/timing.h"
#include "gl/window.h"
#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "ui/camera_control.h"
#include "ui/fft_panel.h"
#include "ui/imgui_layer.h"
#include "ui/maps_panel.h"
#include "ui/profiler_panel.h"
#include "ui/screenshot.h"
#include "ui/viewer_panel.h"

namespace oceanfft::ui {

namespace {

// What GLFW callbacks hand to the frame loop; they only record, the loop acts.
struct Input {
  std::vector<std::string> dropped;
  double scroll = 0;
};

Input* input_of(GLFWwindow* w) { return static_cast<Input*>(glfwGetWindowUserPointer(w)); }

void on_drop(GLFWwindow* w, int count, const char** paths) {
  if (Input* in = input_of(w))
    for (int i = 0; i < count; ++i) in->dropped.emplace_back(paths[i]);
}

void on_scroll(GLFWwindow* w, double, double dy) {
  if (Input* in = input_of(w)) in->scroll += dy;
}

// Runs before ImGuiLayer so that ImGui's GLFW backend chains to these callbacks.
GLFWwindow* install_callbacks(gl::Window& window, Input* input) {
  glfwSetWindowUserPointer(window.handle(), input);
  glfwSetDropCallback(window.handle(), on_drop);
  glfwSetScrollCallback(window.handle(), on_scroll);
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

class App {
 public:
  App(const AppOptions& options, const Settings& initial, Script script)
      : options_(options),
        settings_(initial),
        script_(std::move(script)),
        window_(window_options(options)),
        imgui_(install_callbacks(window_, &input_)),
        sim_(shaders_, settings_.ocean),
        renderer_(shaders_),
        maps_(shaders_),
        viewer_(shaders_),
        sizes_(offered_sizes(window_.limits(), sim_.layers())) {
    if (!options_.image_path.empty()) {
      viewer_.load(options_.image_path);
      // The window opens anyway (the panel shows the error and a path field to try again).
      if (!viewer_.error().empty())
        std::fprintf(stderr, "oceanfft: warning: %s\n", viewer_.error().c_str());
    }
    if (options_.frames > 0 && script_.last_frame() >= options_.frames)
      std::fprintf(stderr, "oceanfft: warning: %s has changes at frames >= %d that will not run\n",
                   script_.source().c_str(), options_.frames);
  }

  int run();

 private:
  void run_script(int frame);
  void run_action(const ScriptEntry& e, Settings& next);
  void apply(const Settings& next);
  void draw_ui();
  void draw_menu();
  void draw_ocean_panel(Settings& next);
  void draw_fft_panel(Settings& next);
  void draw_status();
  void draw_shading_widgets(render::ShadingParams& s);

  const AppOptions& options_;
  Settings settings_;
  Script script_;
  Input input_;
  // Declaration order is construction order; everything GL dies before the window.
  gl::Window window_;
  ImGuiLayer imgui_;
  gl::ShaderLibrary shaders_;
  ocean::Simulation sim_;
  render::OceanRenderer renderer_;
  MapsPanel maps_;
  ViewerPanel viewer_;
  profiler::Profiler profiler_;
  CameraControl camera_;
  std::vector<int> sizes_;
  std::string status_;  // the last error, shown until the next change succeeds
  int frame_ = 0;
  double sim_time_ = 0;
  bool screenshot_now_ = false;
  std::string screenshot_path_;
  bool report_now_ = false;
};

void App::run_action(const ScriptEntry& e, Settings& next) {
  if (e.key == "image") {
    viewer_.load(e.value);
    if (!viewer_.error().empty())
      throw Error(ErrorCode::Io, script_.source() + ":" + std::to_string(e.line) + ": " + viewer_.error());
    next.mode = Mode::Viewer;
  } else if (e.key == "screenshot") {
    screenshot_now_ = true;
    screenshot_path_ = e.value;
  } else if (e.key == "report") {
    report_now_ = true;
  } else if (e.key == "window") {
    int w = 0, h = 0;
    parse_window_size(e.value, w, h);  // validated when the script was read
    glfwSetWindowSize(window_.handle(), w, h);
  }
}

void App::run_script(int frame) {
  Settings next = settings_;
  for (const ScriptEntry* e : script_.due(frame)) {
    if (is_script_action(e->key))
      run_action(*e, next);
    else
      apply_setting(next, e->key, e->value);  // validated at load; cannot fail here
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
void App::apply(const Settings& next) {
  const ocean::Params& cur = sim_.params();
  const ocean::Params& want = next.ocean;
  Settings accepted = next;
  accepted.ocean = cur;
  if (next.vsync != settings_.vsync) window_.set_vsync(next.vsync);
  settings_ = accepted;  // everything but the ocean is accepted as is
  const fft::Algorithm old_algorithm = cur.algorithm;
  const int old_size = cur.size;
  sim_.set_params(want);  // cheap when nothing changed
  settings_.ocean = sim_.params();
  // Scripted runs log when a re-plan happened, so tests can see it took effect on that frame.
  if (options_.frames > 0 && (sim_.params().algorithm != old_algorithm || sim_.size() != old_size))
    std::printf("applied frame=%d algorithm=%s size=%d\n", frame_,
                std::string(fft::name(sim_.params().algorithm)).c_str(), sim_.size());
}

void App::draw_menu() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::RadioButton("Ocean", settings_.mode == Mode::Ocean)) settings_.mode = Mode::Ocean;
  ImGui::SameLine();
  if (ImGui::RadioButton("Image FFT", settings_.mode == Mode::Viewer)) settings_.mode = Mode::Viewer;
  ImGui::SameLine(0, 30);
  bool vsync = settings_.vsync;
  if (ImGui::Checkbox("vsync", &vsync)) {
    Settings next = settings_;
    next.vsync = vsync;
    apply(next);
  }
  ImGui::SameLine(0, 30);
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::Text("%.1f fps  %.2f ms   %s", io.Framerate, 1000.0f / std::max(io.Framerate, 1e-3f),
              window_.info().renderer.c_str());
  ImGui::EndMainMenuBar();
}

void App::draw_ocean_panel(Settings& next) {
  ImGui::SetNextWindowPos(ImVec2(8, 28), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(330, 390), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Ocean")) {
    ocean::Params& p = next.ocean;
    const auto log = ImGuiSliderFlags_Logarithmic;
    ImGui::PushItemWidth(150);
    ImGui::SliderFloat("patch size (m)", &p.patch_size, 10.0f, 2000.0f, "%.0f", log);
    ImGui::SliderFloat("wind speed (m/s)", &p.wind_speed, 0.5f, 60.0f, "%.1f");
    ImGui::SliderFloat("wind direction", &p.wind_direction_deg, -180.0f, 180.0f, "%.0f");
    ImGui::SliderFloat("amplitude", &p.amplitude, 1e-5f, 0.1f, "%.2e", log);
    ImGui::SliderFloat("small-wave cutoff", &p.small_wave_cutoff, 0.0f, 2.0f, "%.3f");
    ImGui::SliderFloat("opposing waves", &p.opposing_waves, 0.0f, 1.0f, "%.2f");
    ImGui::SliderFloat("choppiness", &p.choppiness, 0.0f, 3.0f, "%.2f");
    ImGui::SliderFloat("depth (m)", &p.depth, 1.0f, 5000.0f, "%.1f", log);
    ImGui::SliderFloat("time scale", &p.time_scale, 0.0f, 5.0f, "%.2f");
    ImGui::SliderFloat("foam threshold (map)", &p.foam_threshold, -1.0f, 1.5f, "%.2f");
    ImGui::SliderFloat("foam softness (map)", &p.foam_softness, 0.01f, 2.0f, "%.2f");
    ImGui::InputScalar("seed", ImGuiDataType_U64, &p.seed);
    ImGui::PopItemWidth();
    ImGui::Checkbox("pack two fields per complex plane", &p.pack_pairs);
    ImGui::Separator();
    ImGui::Checkbox("paused", &next.paused);
    ImGui::SameLine();
    ImGui::Checkbox("wireframe", &next.shading.wireframe);
    ImGui::Text("t = %.2f s (simulated %.2f s)", sim_time_, sim_.time());
    if (ImGui::CollapsingHeader("Shading")) draw_shading_widgets(next.shading);
  }
  ImGui::End();
}

void App::draw_shading_widgets(render::ShadingParams& s) {
  ImGui::PushItemWidth(150);
  glm::vec3 d = glm::normalize(s.sun_direction);
  float elevation = glm::degrees(std::asin(std::clamp(d.y, -1.0f, 1.0f)));
  float azimuth = glm::degrees(std::atan2(d.z, d.x));
  bool sun = ImGui::SliderFloat("sun elevation", &elevation, 1.0f, 89.0f, "%.0f deg");
  sun |= ImGui::SliderFloat("sun azimuth", &azimuth, -180.0f, 180.0f, "%.0f deg");
  if (sun) {
    const float e = glm::radians(elevation), a = glm::radians(azimuth);
    s.sun_direction = glm::vec3(std::cos(e) * std::cos(a), std::sin(e), std::cos(e) * std::sin(a));
  }
  ImGui::SliderFloat("sun intensity", &s.sun_intensity, 0.0f, 20.0f, "%.1f");
  ImGui::ColorEdit3("water", &s.water_color.x, ImGuiColorEditFlags_Float);
  ImGui::ColorEdit3("scatter", &s.scatter_color.x, ImGuiColorEditFlags_Float);
  ImGui::SliderFloat("scatter strength", &s.scatter_strength, 0.0f, 4.0f, "%.2f");
  ImGui::SliderFloat("roughness", &s.roughness, 0.01f, 0.5f, "%.3f");
  ImGui::SliderFloat("foam threshold (shading)", &s.foam_threshold, -1.0f, 1.5f, "%.2f");
  ImGui::SliderFloat("foam softness (shading)", &s.foam_softness, 0.01f, 2.0f, "%.2f");
  ImGui::SliderFloat("foam intensity", &s.foam_intensity, 0.0f, 2.0f, "%.2f");
  ImGui::SliderFloat("fog density", &s.fog_density, 0.0f, 0.002f, "%.6f", ImGuiSliderFlags_Logarithmic);
  ImGui::SliderFloat("exposure", &s.exposure, 0.1f, 4.0f, "%.2f");
  ImGui::SliderInt("mesh segments", &s.mesh_segments, 32, 1024);
  ImGui::SliderFloat("view distance (m)", &s.view_distance, 500.0f, 60000.0f, "%.0f",
                     ImGuiSliderFlags_Logarithmic);
  ImGui::PopItemWidth();
  ImGui::Text("%d vertices, %d triangles", renderer_.vertex_count(), renderer_.triangle_count());
}

void App::draw_fft_panel(Settings& next) {
  const bool ocean = settings_.mode == Mode::Ocean;
  // One panel per mode (same title, own ID), each placed where its mode has room.
  ImGui::SetNextWindowPos(ImVec2(8, ocean ? 424.0f : 28.0f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(330, ocean ? 120.0f : 64.0f), ImGuiCond_FirstUseEver);
  if (ImGui::Begin(ocean ? "FFT###fft-ocean" : "FFT###fft-viewer")) {
    FftChoice choice{next.ocean.algorithm, next.ocean.size};
    ImGui::PushItemWidth(170);
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
  const std::string& text = status_;
  if (text.empty()) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y - 10), ImGuiCond_Always,
                          ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.8f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##status", nullptr, flags)) {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", text.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("dismiss")) status_.clear();
  }
  ImGui::End();
}

void App::draw_ui() {
  draw_menu();
  Settings next = settings_;
  draw_fft_panel(next);
  if (settings_.mode == Mode::Ocean) {
    draw_ocean_panel(next);
    camera_.draw_panel(next);
    maps_.draw(sim_);
    draw_profiler_panel(profiler_);
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
  while (!window_.should_close()) {
    if (options_.frames > 0 && frame_ >= options_.frames) break;
    glfwPollEvents();
    ImGuiIO& io = ImGui::GetIO();
    if (glfwGetKey(window_.handle(), GLFW_KEY_ESCAPE) == GLFW_PRESS && !io.WantTextInput) {
      glfwSetWindowShouldClose(window_.handle(), GLFW_TRUE);
      break;
    }
    int fw = 0, fh = 0;
    window_.framebuffer_size(fw, fh);
    if (fw <= 0 || fh <= 0) {  // minimised: nothing to draw into
      glfwWaitEventsTimeout(0.1);
      continue;
    }
    const double now = glfwGetTime();
    const double dt = fixed_step ? 1.0 / 60.0 : std::min(now - last, 0.25);
    last = now;

    run_script(frame_);
    for (const std::string& path : input_.dropped) {
      viewer_.load(path);
      settings_.mode = Mode::Viewer;
    }
    input_.dropped.clear();

    profiler_.begin_frame();
    imgui_.begin_frame();
    if (!options_.hide_ui) draw_ui();
    camera_.update(window_.handle(), settings_, float(dt), input_.scroll);
    input_.scroll = 0;

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fw, fh);
    if (settings_.mode == Mode::Ocean) {
      if (!settings_.paused) sim_time_ += dt;
      profiler_.note_config(fft::name(sim_.params().algorithm), sim_.size());
      sim_.step(sim_time_, &profiler_);
      renderer_.draw(sim_, camera_.camera(), settings_.shading, fw, fh, &profiler_);
    } else {
      glClearColor(0.08f, 0.09f, 0.11f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
    {
      gl::ScopedPass pass(&profiler_, "ui", 0);
      imgui_.end_frame();
    }
    profiler_.end_frame();
    window_.check_errors("frame");

    const bool last_frame = options_.frames > 0 && frame_ + 1 == options_.frames;
    if (screenshot_now_ || (last_frame && !options_.screenshot_path.empty())) {
      const std::string& path = screenshot_now_ ? screenshot_path_ : options_.screenshot_path;
      write_png(path, read_framebuffer(fw, fh));
      std::printf("screenshot %s (%dx%d) at frame %d\n", path.c_str(), fw, fh, frame_);
      screenshot_now_ = false;
      if (last_frame && path != options_.screenshot_path)
        write_png(options_.screenshot_path, read_framebuffer(fw, fh));
    }
    if (report_now_) {
      std::printf("%s\n", object_report(frame_).c_str());
      std::fflush(stdout);
      report_now_ = false;
    }
    window_.swap_buffers();
    ++frame_;
  }
  if (options_.frames > 0) {
    const double seconds = glfwGetTime() - start;
    std::printf("ran %d frames in %.2f s (%.1f ms per frame)\n", frame_, seconds,
                frame_ ? 1000.0 * seconds / frame_ : 0.0);
  }
  if (options_.report_objects) std::printf("%s\n", object_report(frame_).c_str());
  std::fflush(stdout);
  if (options_.frames > 0 && window_.error_count() > 0)
    throw Error(ErrorCode::GlRuntime, std::to_string(window_.error_count()) +
                                          " GL error(s) or high-severity debug message(s) during the run");
  return 0;
}

}  // namespace

int run_app(const AppOptions& options) {
  Settings initial;
  Script script = prepare(options, initial);
  App app(options, initial, std::move(script));
  return app.run();
}

}  // namespace oceanfft::ui
