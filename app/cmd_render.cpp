// `oceanfft render`: one frame of the ocean through EGL, with the window's own code, to a PNG;
// optionally the simulation's maps as raw float32 files with PNG previews.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include <charconv>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "gl/error.h"
#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"
#include "ui/settings.h"

namespace oceanfft::app {
namespace {
namespace fs = std::filesystem;

constexpr int kMaxImageSide = 16384;

const char* kMapsHelp =
    "write the simulation's maps into DIR (created if missing): for each cascade c a folder "
    "cascade<c>/ holding raw little-endian float32 files, N x N texels row-major (row = z, "
    "column = x; texel (x, z) is world (x, z) * L_c/N metres, L_c the cascade's patch size), "
    "channels interleaved: height.f32 (1: metres, y up), displacement.f32 (3: x, y, z metres, "
    "choppiness applied), derivatives.f32 (4: dh/dx, dh/dz, d(lambda Dx)/dx, d(lambda Dz)/dz), "
    "normal.f32 (3: unit normal x, y, z of the cascade's own displaced surface; y < 0 where it "
    "folds), jacobian.f32 (1: the cascade's determinant, < 0 where folded), foam.f32 (1: "
    "accumulated coverage 0..1); plus a PNG preview of each; and DIR/maps.json with N, the "
    "cascades' patch sizes and k bands, Hs measured and theoretical, the mean square slope "
    "(maps + sub-grid) against Cox & Munk and the whitecap coverage against Monahan";

void write_raw_floats(const fs::path& path, const std::vector<float>& data) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(ErrorCode::Io, "cannot open " + path.string() + " for writing");
    out.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size() * 4));
    out.flush();
    if (!out) {
      out.close();
      fs::remove(tmp);
      throw Error(ErrorCode::Io, "failed writing " + path.string());
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw Error(ErrorCode::Io, "cannot create " + path.string());
  }
}

// Maps values to bytes: [lo, hi] -> [0, 255].
uint8_t to_byte(float v, float lo, float hi) {
  const float t = hi > lo ? (v - lo) / (hi - lo) : 0.5f;
  return uint8_t(std::clamp(t, 0.0f, 1.0f) * 255.0f + 0.5f);
}

struct HsCheck {
  double measured, theory;  // metres
  // Mean square slope (both axes): the maps' + the shading's sub-grid ripples, against Cox &
  // Munk's clean sea at the wind sea's U10.
  double mss_resolved, mss_subgrid, mss_cox_munk;
  // Whitecap coverage (fraction) against Monahan & O'Muircheartaigh 1980.
  double coverage, coverage_monahan;
};

// Hs = 4 sqrt(variance), measured on this frame's maps and from the spectrum over the band.
HsCheck hs_check(const ocean::Simulation& sim) {
  double variance = 0.0, slopes = 0.0;
  for (int c = 0; c < sim.cascades(); ++c) {
    variance += sim.height_variance(c);
    slopes += sim.slope_variance(c);
  }
  const double u = sim.params().spectrum.wind.scale > 0 ? sim.params().spectrum.wind.wind_speed : 0.0;
  return {4.0 * std::sqrt(variance),
          4.0 * std::sqrt(ocean::theoretical_variance(sim.params())),
          slopes,
          sim.subgrid_slope_variance(),
          0.003 + 5.12e-3 * u,
          sim.whitecap_coverage(),
          3.84e-6 * std::pow(u, 3.41)};
}

void export_cascade(const ocean::Simulation& sim, int cascade, const fs::path& dir) {
  const int n = sim.size();
  const size_t texels = size_t(n) * n;
  const auto disp = ocean::Simulation::download_map(sim.displacement(), cascade);
  const auto deriv = ocean::Simulation::download_map(sim.derivatives(), cascade);
  const auto turb = ocean::Simulation::download_map(sim.turbulence(), cascade);
  std::vector<float> height(texels), displacement(texels * 3), normal(texels * 3), foam(texels),
      jacobian(texels);
  float hmin = INFINITY, hmax = -INFINITY, dmax = 0.0f;
  for (size_t i = 0; i < texels; ++i) {
    height[i] = disp[4 * i + 1];
    for (int c = 0; c < 3; ++c) {
      displacement[3 * i + c] = disp[4 * i + c];
      dmax = std::max(dmax, std::abs(disp[4 * i + c]));
    }
    // The displaced surface P = (x + lambda Dx, h, z + lambda Dz) has tangents dP/dx =
    // (1 + Jxx, hx, Jxz) and dP/dz = (Jxz, hz, 1 + Jzz); their cross product's y is the
    // Jacobian determinant, so the normal turns over exactly where the surface folds.
    const double hx = deriv[4 * i], hz = deriv[4 * i + 1];
    const double jxx = deriv[4 * i + 2], jzz = deriv[4 * i + 3], jxz = disp[4 * i + 3];
    const double nx = hz * jxz - (1.0 + jzz) * hx;
    const double ny = (1.0 + jzz) * (1.0 + jxx) - jxz * jxz;
    const double nz = jxz * hx - hz * (1.0 + jxx);
    const double len = std::sqrt(nx * nx + ny * ny + nz * nz);
    normal[3 * i] = float(nx / len);
    normal[3 * i + 1] = float(ny / len);
    normal[3 * i + 2] = float(nz / len);
    jacobian[i] = float(ny);
    foam[i] = turb[4 * i];
    hmin = std::min(hmin, height[i]);
    hmax = std::max(hmax, height[i]);
  }
  write_raw_floats(dir / "height.f32", height);
  write_raw_floats(dir / "displacement.f32", displacement);
  write_raw_floats(dir / "derivatives.f32", deriv);
  write_raw_floats(dir / "normal.f32", normal);
  write_raw_floats(dir / "foam.f32", foam);
  write_raw_floats(dir / "jacobian.f32", jacobian);

  std::vector<uint8_t> gray(texels), rgb(texels * 3);
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(height[i], hmin, hmax);
  render::write_png((dir / "height.png").string(), n, n, 1, gray);
  for (size_t i = 0; i < texels * 3; ++i) rgb[i] = to_byte(displacement[i], -dmax, dmax);
  render::write_png((dir / "displacement.png").string(), n, n, 3, rgb);
  for (size_t i = 0; i < texels * 3; ++i) rgb[i] = to_byte(normal[i], -1.0f, 1.0f);
  render::write_png((dir / "normal.png").string(), n, n, 3, rgb);
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(foam[i], 0.0f, 1.0f);
  render::write_png((dir / "foam.png").string(), n, n, 1, gray);
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(jacobian[i], -0.5f, 1.5f);
  render::write_png((dir / "jacobian.png").string(), n, n, 1, gray);
  std::vector<uint8_t> deriv_rgb(texels * 3);
  float gmax = 1e-12f;
  for (size_t i = 0; i < texels; ++i) gmax = std::max({gmax, std::abs(deriv[4 * i]), std::abs(deriv[4 * i + 1])});
  for (size_t i = 0; i < texels; ++i) {
    deriv_rgb[3 * i] = to_byte(deriv[4 * i], -gmax, gmax);
    deriv_rgb[3 * i + 1] = to_byte(deriv[4 * i + 1], -gmax, gmax);
    deriv_rgb[3 * i + 2] = 128;
  }
  render::write_png((dir / "derivatives.png").string(), n, n, 3, deriv_rgb);
}

void export_maps(const ocean::Simulation& sim, const HsCheck& hs, const fs::path& dir) {
  nlohmann::json doc;
  doc["size"] = sim.size();
  doc["time"] = sim.time();
  doc["simulated_time"] = sim.simulated_time();
  doc["hs_measured_m"] = hs.measured;
  doc["hs_theory_m"] = hs.theory;
  doc["mss_resolved"] = hs.mss_resolved;
  doc["mss_subgrid"] = hs.mss_subgrid;
  doc["mss_total"] = hs.mss_resolved + hs.mss_subgrid;
  doc["mss_cox_munk"] = hs.mss_cox_munk;
  doc["whitecap_coverage"] = hs.coverage;
  doc["whitecap_coverage_monahan"] = hs.coverage_monahan;
  doc["whitecap_foam_threshold"] = ocean::kWhitecapFoam;
  doc["cascades"] = nlohmann::json::array();
  for (int c = 0; c < sim.cascades(); ++c) {
    const fs::path sub = dir / ("cascade" + std::to_string(c));
    std::error_code ec;
    fs::create_directories(sub, ec);
    if (!fs::is_directory(sub, ec)) throw Error(ErrorCode::Io, "cannot create " + sub.string());
    export_cascade(sim, c, sub);
    const ocean::CascadeBand& b = sim.bands()[size_t(c)];
    doc["cascades"].push_back({{"dir", "cascade" + std::to_string(c)},
                               {"patch_size_m", b.patch_size},
                               {"k_lo", b.k_lo},
                               {"k_hi", b.k_hi},
                               {"height_variance_m2", sim.height_variance(c)}});
  }
  const fs::path json = dir / "maps.json";
  std::ofstream out(json, std::ios::trunc);
  out << doc.dump(2) << "\n";
  if (!out) throw Error(ErrorCode::Io, "failed writing " + json.string());
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

void add_render(CLI::App& app, Commands& out) {
  // Sea-state options take text and go through the same setting names as the Ocean panel and
  // demo scripts, so they accept and refuse exactly what those do.
  struct SeaOption {
    const char* flag;
    const char* key;
    std::string value;
  };
  struct Args {
    std::string out, algorithm = std::string(fft::name(fft::kDefaultAlgorithm)), maps;
    int width = 1280, height = 720, size = 256, samples = 4;
    float anisotropy = render::ShadingParams{}.anisotropy;
    double time = 12.0, foam_warmup = 2.0;
    uint64_t seed = 1;
    std::string preset, patch_sizes;
    std::vector<SeaOption> sea = {
        {"--spectrum", "spectrum", ""},       {"--spreading", "spreading", ""},
        {"--wind-speed", "wind_speed", ""},   {"--wind-direction", "wind_direction", ""},
        {"--fetch", "fetch_km", ""},          {"--gamma", "gamma", ""},
        {"--spread", "spread", ""},           {"--cascades", "cascades", ""},
        {"--patch-size", "patch_size_0", ""}, {"--choppiness", "choppiness", ""},
        {"--depth", "depth", ""},
    };
    bool tma = false;
    std::vector<std::string> set;
    float cam_height = 16.0f, cam_yaw = -112.0f, cam_pitch = -7.0f;
    bool wireframe = false;
  };
  auto a = std::make_shared<Args>();
  const ocean::Params def;
  const ocean::WaveComponent& wind = def.spectrum.wind;
  CLI::App* cmd = app.add_subcommand("render", "render one frame of the ocean headless (EGL) to a PNG");
  cmd->add_option("--out", a->out, "output PNG (written to a temporary file, then renamed)");
  cmd->add_option("--width", a->width, "image width in pixels")->capture_default_str();
  cmd->add_option("--height", a->height, "image height in pixels")->capture_default_str();
  cmd->add_option("--size", a->size, "simulation size N, a power of two in 64..4096")
      ->capture_default_str();
  cmd->add_option("--algorithm", a->algorithm, "FFT algorithm: " + fft::algorithm_list())
      ->capture_default_str();
  cmd->add_option("--time", a->time, "simulation time in seconds")->capture_default_str();
  cmd->add_option("--foam-warmup", a->foam_warmup,
                  "seconds simulated at 20 steps/s before --time, so foam has accumulated")
      ->capture_default_str();
  cmd->add_option("--seed", a->seed, "random seed of the spectrum")->capture_default_str();
  cmd->add_option("--preset", a->preset,
                  "sea state: " + ui::preset_list() +
                      " or beaufort-N; sets spectrum, swell, choppiness and foam threshold, which "
                      "the options below then override");
  const char* help[] = {
      "wind sea spectrum: phillips, pierson-moskowitz or jonswap",
      "directional spreading: cos2s, hasselmann or donelan-banner",
      "U10 of the wind sea, m/s",
      "degrees from +x towards +z the waves travel",
      "JONSWAP fetch, km",
      "JONSWAP peak enhancement",
      "s of cos^2s spreading",
      "number of cascades, 1..4",
      "metres, the largest (first) cascade's patch",
      "horizontal displacement scale",
      "water depth, metres (dispersion and TMA)",
  };
  const std::string defaults[] = {
      std::string(ocean::name(wind.spectrum)), std::string(ocean::name(wind.spreading)),
      number(wind.wind_speed), number(wind.direction_deg), number(wind.fetch_km),
      number(wind.peak_enhancement), number(wind.spread), std::to_string(def.cascades),
      number(def.patch_sizes[0]), number(def.choppiness), number(def.depth),
  };
  for (size_t i = 0; i < a->sea.size(); ++i)
    cmd->add_option(a->sea[i].flag, a->sea[i].value,
                    std::string(help[i]) + " (default " + defaults[i] + ")");
  std::string sizes_default;
  for (int c = 0; c < ocean::kMaxCascades; ++c)
    sizes_default += (c ? "," : "") + number(def.patch_sizes[size_t(c)]);
  cmd->add_option("--patch-sizes", a->patch_sizes,
                  "metres per cascade, largest first, comma-separated (default " + sizes_default + ")");
  cmd->add_flag("--tma", a->tma, "TMA shallow-water attenuation by --depth");
  cmd->add_option("--set", a->set,
                  "KEY=VALUE, repeatable: any ocean setting by its script name "
                  "(`oceanfft demo --list-script-keys`), applied last");
  cmd->add_option("--camera-height", a->cam_height, "eye height, metres")->capture_default_str();
  cmd->add_option("--camera-yaw", a->cam_yaw, "view direction, degrees from +x towards +z")
      ->capture_default_str();
  cmd->add_option("--camera-pitch", a->cam_pitch, "degrees, > 0 looks up")->capture_default_str();
  cmd->add_option("--samples", a->samples, "MSAA samples (1 = off)")->capture_default_str();
  cmd->add_option("--anisotropy", a->anisotropy, "anisotropic filtering of the slope map (1 = off)")
      ->capture_default_str();
  cmd->add_flag("--wireframe", a->wireframe, "draw the grid as lines");
  cmd->add_option("--export-maps", a->maps, kMapsHelp);

  out.push_back({cmd, [a, cmd]() -> int {
    // Every check that needs no GPU comes first, so bad input fails fast and writes nothing.
    if (a->out.empty()) throw Error(ErrorCode::InvalidArgument, "--out is required");
    if (a->width < 1 || a->height < 1 || a->width > kMaxImageSide || a->height > kMaxImageSide)
      throw Error(ErrorCode::InvalidArgument,
                  "image size " + std::to_string(a->width) + "x" + std::to_string(a->height) +
                      " must be within 1.." + std::to_string(kMaxImageSide) + " on each side");
    if (a->samples < 1 || a->samples > 64)
      throw Error(ErrorCode::InvalidArgument, "--samples must be within 1..64");
    if (!(a->anisotropy >= 1.0f && a->anisotropy <= 16.0f))
      throw Error(ErrorCode::InvalidArgument, "--anisotropy must be within 1..16");
    if (!std::isfinite(a->time)) throw Error(ErrorCode::InvalidArgument, "--time must be finite");
    if (!(a->foam_warmup >= 0.0 && a->foam_warmup <= 600.0))
      throw Error(ErrorCode::InvalidArgument, "--foam-warmup must be within 0..600 seconds");
    if (!std::isfinite(a->cam_height) || !std::isfinite(a->cam_yaw) || !std::isfinite(a->cam_pitch))
      throw Error(ErrorCode::InvalidArgument, "camera values must be finite");
    auto algorithm = fft::parse_algorithm(a->algorithm);
    if (!algorithm)
      throw Error(ErrorCode::InvalidArgument, "unknown algorithm '" + a->algorithm +
                                                  "'; choose one of: " + fft::algorithm_list());
    ui::Settings settings;
    auto set = [&](const std::string& option, std::string_view key, std::string_view value) {
      try {
        ui::apply_setting(settings, key, value);
      } catch (const Error& e) {
        throw Error(e.code(), option + ": " + e.what());
      }
    };
    // The size first: the settings check every value against the whole ocean, and the cascade
    // bands depend on N.
    ocean::Params& p = settings.ocean;
    p.size = a->size;
    p.algorithm = *algorithm;
    p.seed = a->seed;
    ocean::validate(p);
    if (cmd->count("--preset")) set("--preset", "preset", a->preset);
    for (const SeaOption& o : a->sea)
      if (cmd->count(o.flag)) set(o.flag, o.key, o.value);
    if (cmd->count("--patch-sizes")) {
      // All at once: one at a time, a new size could be refused for clashing with an old one.
      const std::string& text = a->patch_sizes;
      ui::Settings trial = settings;
      size_t start = 0;
      int c = 0;
      for (;; ++c) {
        const size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
        if (c >= ocean::kMaxCascades)
          throw Error(ErrorCode::InvalidArgument, "--patch-sizes '" + text + "' lists more than " +
                                                      std::to_string(ocean::kMaxCascades) + " sizes");
        float v = 0.0f;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size() ||
            !std::isfinite(v) || v <= 0.0f)
          throw Error(ErrorCode::InvalidArgument, "--patch-sizes '" + text + "': '" + item +
                                                      "' is not a positive number of metres");
        trial.ocean.patch_sizes[size_t(c)] = v;
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      if (!cmd->count("--cascades")) trial.ocean.cascades = c + 1;
      if (c + 1 < trial.ocean.cascades)
        throw Error(ErrorCode::InvalidArgument,
                    "--patch-sizes '" + text + "' gives " + std::to_string(c + 1) + " size(s) for " +
                        std::to_string(trial.ocean.cascades) + " cascades");
      try {
        ocean::validate(trial.ocean);
      } catch (const Error& e) {
        throw Error(e.code(), "--patch-sizes: " + std::string(e.what()));
      }
      settings = trial;
    }
    if (a->tma) set("--tma", "tma", "on");
    for (const std::string& kv : a->set) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
        throw Error(ErrorCode::InvalidArgument, "--set '" + kv + "': expected KEY=VALUE");
      const std::string key = kv.substr(0, eq);
      // The full key list would make a message of several hundred characters; point to it.
      const auto& keys = ui::setting_keys();
      if (std::none_of(keys.begin(), keys.end(), [&](const ui::SettingInfo& k) { return k.key == key; }))
        throw Error(ErrorCode::InvalidArgument, "--set: unknown key '" + key +
                                                    "' (the keys: oceanfft demo --list-script-keys)");
      for (const char* window_only : {"mode", "vsync", "paused", "camera", "camera_speed"})
        if (key == window_only)
          throw Error(ErrorCode::InvalidArgument,
                      "--set: '" + key + "' is a window setting; render has no use for it");
      set("--set", key, kv.substr(eq + 1));
    }
    ocean::validate(p);
    std::error_code ec;
    const fs::path out_path(a->out);
    const fs::path parent = out_path.has_parent_path() ? out_path.parent_path() : fs::path(".");
    if (!fs::is_directory(parent, ec))
      throw Error(ErrorCode::Io, "cannot write " + a->out + ": directory " + parent.string() +
                                     " does not exist");
    if (fs::is_directory(out_path, ec)) throw Error(ErrorCode::Io, "--out is a directory: " + a->out);
    if (!a->maps.empty()) {
      fs::create_directories(a->maps, ec);
      if (!fs::is_directory(a->maps, ec))
        throw Error(ErrorCode::Io, "cannot create the maps directory " + a->maps);
    }

    auto ctx = gl::create_headless();
    gl::ShaderLibrary shaders;
    ocean::Simulation sim(shaders, p);
    // Foam builds up over frames: run the seconds before --time at a frame rate's steps.
    const double warm_step = 1.0 / 20.0;
    const int warm_steps = int(std::ceil(a->foam_warmup / warm_step));
    for (int i = warm_steps; i > 0; --i) sim.step(a->time - i * warm_step);
    sim.step(a->time);
    render::OceanRenderer renderer(shaders);
    render::Camera camera;
    camera.mode = render::Camera::Mode::Fly;
    camera.position = {0.0f, a->cam_height, 0.0f};
    camera.yaw_deg = a->cam_yaw;
    camera.pitch_deg = a->cam_pitch;
    render::ShadingParams shading = settings.shading;
    shading.wireframe = shading.wireframe || a->wireframe;
    shading.anisotropy = a->anisotropy;
    render::Offscreen target(a->width, a->height, a->samples);
    target.bind();
    renderer.draw(sim, camera, shading, a->width, a->height);
    std::vector<uint8_t> pixels = target.read_rgba8();
    if (ctx->check_errors("render") || ctx->error_count())
      throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
    const HsCheck hs = hs_check(sim);
    if (!a->maps.empty()) export_maps(sim, hs, a->maps);
    render::write_png(a->out, a->width, a->height, 4, pixels);
    std::printf("%s: %dx%d, %s, t=%.2f s, Hs measured %.3f m, theory %.3f m (%+.1f%%)\n",
                a->out.c_str(), a->width, a->height, sim.describe().c_str(), a->time, hs.measured,
                hs.theory, hs.theory > 0 ? (hs.measured - hs.theory) / hs.theory * 100.0 : 0.0);
    const double mss = hs.mss_resolved + hs.mss_subgrid;
    std::printf("  mean square slope %.4f (maps %.4f + sub-grid %.4f), Cox-Munk %.4f (%+.1f%%); "
                "whitecap coverage %.2f%% (foam > %.1f), Monahan %.2f%%\n",
                mss, hs.mss_resolved, hs.mss_subgrid, hs.mss_cox_munk,
                (mss / hs.mss_cox_munk - 1.0) * 100.0, hs.coverage * 100.0,
                double(ocean::kWhitecapFoam), hs.coverage_monahan * 100.0);
    return 0;
  }});
}

}  // namespace oceanfft::app
