#include "ui/app.h"

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
#include "ui/imgui_layer.h"
#include "ui/maps_panel.h"
#include "ui/profiler_panel.h"
#include "ui/screenshot.h"
#include "ui/sea_check.h"
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

// One line of the sea-state settings, for scripted runs' logs (the tests read it back).
std::string describe_sea(const ocean::Params& p) {
  const ocean::SpectrumParams& s = p.spectrum;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "spectrum=%s spreading=%s wind_speed=%g wind_direction=%g fetch_km=%g gamma=%g "
                "spread=%g swell_scale=%g swell_direction=%g tma=%s depth=%g cascades=%d "
                "patch_size_0=%g choppiness=%g loop_period=%g foam_threshold=%g foam_grow=%g "
                "foam_decay=%g",
                std::string(ocean::name(s.wind.spectrum)).c_str(),
                std::string(ocean::name(s.wind.spreading)).c_str(), double(s.wind.wind_speed),
                double(s.wind.direction_deg), double(s.wind.fetch_km), double(s.wind.peak_enhancement),
                double(s.wind.spread), double(s.swell.scale), double(s.swell.direction_deg),
                s.tma ? "on" : "off", double(p.depth), p.cascades, double(p.patch_sizes[0]),
                double(p.choppiness), double(p.loop_period), double(p.foam_threshold),
                double(p.foam_grow), double(p.foam_decay));
  return buf;
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
        viewer_(shaders_) {
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
  void draw_spectrum_plots(const ocean::Params& p);
  void draw_sea_check();

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
  int sizes_layers_ = 0;          // the layer count sizes_ was computed for
  SeaCheck check_;
  float swell_strength_ = 1.0f;   // what the swell checkbox restores after switching it off
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
  const std::string old_sea = describe_sea(cur);
  sim_.set_params(want);  // cheap when nothing changed
  settings_.ocean = sim_.params();
  // Scripted runs log when a re-plan happened, so tests can see it took effect on that frame.
  if (options_.frames > 0 && (sim_.params().algorithm != old_algorithm || sim_.size() != old_size))
    std::printf("applied frame=%d algorithm=%s size=%d\n", frame_,
                std::string(fft::name(sim_.params().algorithm)).c_str(), sim_.size());
  // ... and the sea state the simulation accepted, in its own line.
  if (options_.frames > 0) {
    const std::string sea = describe_sea(sim_.params());
    if (sea != old_sea) std::printf("sea frame=%d %s\n", frame_, sea.c_str());
  }
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

namespace {

// A combo over an enum's values, labelled with ocean::name(); true when the user picked another.
template <typename Enum, size_t N>
bool enum_combo(const char* label, Enum& value, const Enum (&values)[N]) {
  bool changed = false;
  if (ImGui::BeginCombo(label, std::string(ocean::name(value)).c_str())) {
    for (Enum v : values) {
      const bool selected = v == value;
      if (ImGui::Selectable(std::string(ocean::name(v)).c_str(), selected) && !selected) {
        value = v;
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  return changed;
}

constexpr ocean::SpectrumType kSpectra[] = {ocean::SpectrumType::Phillips,
                                            ocean::SpectrumType::PiersonMoskowitz,
                                            ocean::SpectrumType::Jonswap};
constexpr ocean::Spreading kSpreadings[] = {ocean::Spreading::Cos2s, ocean::Spreading::Hasselmann,
                                            ocean::Spreading::DonelanBanner};

// The controls of one wave component that depend on its spectrum and spreading. ImGui IDs are
// per window, so the swell's widgets go under their own ID scope.
void component_widgets(ocean::WaveComponent& c, bool is_swell) {
  const auto log = ImGuiSliderFlags_Logarithmic;
  enum_combo("spectrum", c.spectrum, kSpectra);
  enum_combo("spreading", c.spreading, kSpreadings);
  ImGui::SliderFloat(is_swell ? "storm wind (m/s)" : "wind speed (m/s)", &c.wind_speed, 0.5f, 40.0f,
                     "%.1f");
  ImGui::SliderFloat("direction (deg)", &c.direction_deg, -180.0f, 180.0f, "%.0f");
  if (c.spectrum == ocean::SpectrumType::Jonswap) {
    ImGui::SliderFloat("fetch (km)", &c.fetch_km, 1.0f, 5000.0f, "%.0f", log);
    ImGui::SliderFloat("gamma", &c.peak_enhancement, 1.0f, 10.0f, "%.2f");
  }
  if (c.spreading == ocean::Spreading::Cos2s)
    ImGui::SliderFloat("spread s", &c.spread, 0.5f, 200.0f, "%.1f", log);
  const double wp = ocean::peak_omega(c);
  if (wp > 0) ImGui::Text("peak: %.3f rad/s, period %.1f s", wp, 2.0 * std::numbers::pi / wp);
}

}  // namespace

void App::draw_ocean_panel(Settings& next) {
  ImGui::SetNextWindowPos(ImVec2(8, 28), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(340, 390), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Ocean")) {
    ocean::Params& p = next.ocean;
    ocean::SpectrumParams& sp = p.spectrum;
    const auto log = ImGuiSliderFlags_Logarithmic;
    if (!status_.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", status_.c_str());
    ImGui::PushItemWidth(150);

    // The preset shown is the one whose sea state is the current one, else "custom".
    const ocean::Preset* current = nullptr;
    for (const ocean::Preset& pr : ocean::presets())
      if (same_spectrum(pr.spectrum, sp)) current = &pr;
    const std::string shown =
        current ? std::string(current->name) + " (Beaufort " + std::to_string(current->beaufort) + ")"
                : "custom";
    if (ImGui::BeginCombo("preset", shown.c_str())) {
      for (const ocean::Preset& pr : ocean::presets()) {
        const std::string label = std::string(pr.name) + " (Beaufort " + std::to_string(pr.beaufort) + ")";
        if (ImGui::Selectable(label.c_str(), &pr == current)) {
          apply_preset(p, pr);
          swell_strength_ = sp.swell.scale > 0.0f ? sp.swell.scale : swell_strength_;
        }
      }
      ImGui::EndCombo();
    }

    draw_sea_check();

    if (ImGui::CollapsingHeader("Wind sea", ImGuiTreeNodeFlags_DefaultOpen)) {
      component_widgets(sp.wind, false);
      if (sp.wind.spectrum == ocean::SpectrumType::Phillips)
        ImGui::SliderFloat("Phillips A", &sp.phillips_amplitude, 1e-5f, 0.1f, "%.2e", log);
      ImGui::SliderFloat("small-wave cutoff (m)", &sp.small_wave_cutoff, 0.0f, 1.0f, "%.3f");
      ImGui::SliderFloat("depth (m)", &p.depth, 1.0f, 5000.0f, "%.1f", log);
      ImGui::SameLine();
      ImGui::Checkbox("TMA", &sp.tma);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("shallow-water attenuation of S by the depth");
      draw_spectrum_plots(next.ocean);
    }

    if (ImGui::CollapsingHeader("Swell")) {
      ImGui::PushID("swell");
      bool on = sp.swell.scale > 0.0f;
      if (ImGui::Checkbox("swell on", &on)) sp.swell.scale = on ? swell_strength_ : 0.0f;
      if (on) {
        if (ImGui::SliderFloat("strength", &sp.swell.scale, 0.01f, 4.0f, "%.2f", log))
          swell_strength_ = sp.swell.scale;
        component_widgets(sp.swell, true);
      }
      ImGui::PopID();
    }

    if (ImGui::CollapsingHeader("Cascades", ImGuiTreeNodeFlags_DefaultOpen)) {
      ImGui::SliderInt("cascades", &p.cascades, 1, ocean::kMaxCascades);
      const auto& bands = sim_.bands();
      for (int c = 0; c < p.cascades; ++c) {
        const std::string label = "patch " + std::to_string(c) + " (m)";
        ImGui::SliderFloat(label.c_str(), &p.patch_sizes[size_t(c)], 1.0f, 5000.0f, "%.1f", log);
        if (size_t(c) < bands.size() && ImGui::IsItemHovered())
          ImGui::SetTooltip("k in [%.4g, %.4g) rad/m, wavelengths %.3g .. %.3g m", bands[c].k_lo,
                            bands[c].k_hi, 2.0 * std::numbers::pi / bands[c].k_hi,
                            bands[c].k_lo > 0 ? 2.0 * std::numbers::pi / bands[c].k_lo : INFINITY);
      }
      ImGui::SliderFloat("choppiness", &p.choppiness, 0.0f, 3.0f, "%.2f");
      ImGui::InputScalar("seed", ImGuiDataType_U64, &p.seed);
      ImGui::Checkbox("pack two fields per complex plane", &p.pack_pairs);
    }

    if (ImGui::CollapsingHeader("Foam")) {
      ImGui::SliderFloat("threshold", &p.foam_threshold, -1.0f, 1.5f, "%.2f");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("on the smaller Jacobian eigenvalue: 1 flat, 0 folding");
      ImGui::SliderFloat("softness", &p.foam_softness, 0.01f, 2.0f, "%.2f");
      ImGui::SliderFloat("grow (1/s)", &p.foam_grow, 0.0f, 20.0f, "%.2f");
      ImGui::SliderFloat("decay (1/s)", &p.foam_decay, 0.0f, 10.0f, "%.2f");
    }

    if (ImGui::CollapsingHeader("Time")) {
      ImGui::SliderFloat("time scale", &p.time_scale, 0.0f, 5.0f, "%.2f");
      ImGui::SliderFloat("loop period (s)", &p.loop_period, 0.0f, 600.0f, p.loop_period > 0 ? "%.1f" : "off");
      ImGui::Text("t = %.2f s (simulated %.2f s)", sim_time_, sim_.simulated_time());
    }
    ImGui::PopItemWidth();

    ImGui::Separator();
    ImGui::Checkbox("paused", &next.paused);
    ImGui::SameLine();
    ImGui::Checkbox("wireframe", &next.shading.wireframe);
    if (ImGui::CollapsingHeader("Shading")) draw_shading_widgets(next.shading);
  }
  ImGui::End();
}

// Issue 7's physical check, one line at the top of the panel so it stays in view while editing.
void App::draw_sea_check() {
  const auto measured = check_.measured_hs();
  const auto error = check_.error_percent();
  if (measured && error) {
    ImGui::Text("Hs %.3f m measured, %.3f m theory", *measured, check_.theory_hs());
    ImGui::SameLine();
    const bool ok = std::abs(*error) <= 5.0;
    ImGui::TextColored(ok ? ImVec4(0.5f, 0.9f, 0.5f, 1.0f) : ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "%+.1f%%",
                       *error);
  } else {
    ImGui::Text("Hs - measured, %.3f m theory", check_.theory_hs());
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "measured: 4 sqrt(sum over cascades of the mean h^2), averaged over the last %d frames\n"
        "(%d samples, one every %d frames); theory: 4 sqrt(m0) of the spectrum over the\n"
        "simulated k band. Within 5%% shows green.",
        SeaCheck::kEvery * std::max(check_.samples(), 1), check_.samples(), SeaCheck::kEvery);
}

// S(w) summed over the components up to 4 peak frequencies, and the wind sea's D(theta).
void App::draw_spectrum_plots(const ocean::Params& p) {
  const ocean::SpectrumParams& sp = p.spectrum;
  double wp = ocean::peak_omega(sp.wind);
  if (sp.swell.scale > 0.0f) wp = std::max(wp, ocean::peak_omega(sp.swell));
  const double w_max = 4.0 * (wp > 0 ? wp : 1.0);
  constexpr int kPoints = 96;
  const std::vector<float> s = ocean::plot_frequency_spectrum(sp, p.depth, w_max, kPoints);
  const std::vector<float> d = ocean::plot_spreading(sp, kPoints);
  const float width = ImGui::GetContentRegionAvail().x;
  if (!s.empty()) {
    const float peak = *std::max_element(s.begin(), s.end());
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "S(w), w to %.2f rad/s", w_max);
    ImGui::PlotLines("##S", s.data(), int(s.size()), 0, overlay, 0.0f, peak * 1.1f + 1e-12f,
                     ImVec2(width, 50));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("peak %.3g m^2 s/rad", double(peak));
  }
  if (!d.empty()) {
    const float peak = *std::max_element(d.begin(), d.end());
    ImGui::PlotLines("##D", d.data(), int(d.size()), 0, "D(theta), -pi..pi", 0.0f, peak * 1.1f + 1e-12f,
                     ImVec2(width, 40));
  }
}

void App::draw_shading_widgets(render::ShadingParams& s) {
  ImGui::PushItemWidth(150);
  ImGui::SliderFloat("sun elevation", &s.sky.sun_elevation_deg, -10.0f, 90.0f, "%.1f deg");
  ImGui::SliderFloat("sun azimuth", &s.sky.sun_azimuth_deg, 0.0f, 360.0f, "%.0f deg");
  ImGui::SliderFloat("cloud coverage", &s.sky.cloud_coverage, 0.0f, 1.0f, "%.2f");
  ImGui::SliderFloat("cloud altitude", &s.sky.cloud_altitude_m, 300.0f, 10000.0f, "%.0f m");
  ImGui::SliderFloat("scatter strength", &s.scatter_strength, 0.0f, 4.0f, "%.2f");
  ImGui::SliderFloat("roughness", &s.roughness, 0.01f, 0.5f, "%.3f");
  ImGui::SliderFloat("foam intensity", &s.foam_intensity, 0.0f, 2.0f, "%.2f");
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
    // Cascades and packing change the layer count, and with it which sizes fit the limits.
    if (sizes_layers_ != sim_.layers()) {
      sizes_layers_ = sim_.layers();
      sizes_ = offered_sizes(window_.limits(), sizes_layers_);
    }
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
      if (!options_.hide_ui) check_.update(sim_);
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
  if (options_.frames > 0 && check_.measured_hs())
    std::printf("sea check: Hs measured=%.4f theory=%.4f error=%+.2f%% samples=%d\n",
                *check_.measured_hs(), check_.theory_hs(), check_.error_percent().value_or(0.0),
                check_.samples());
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
