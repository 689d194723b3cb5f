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
#include "sky/sky.h"
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
    "cascades' patch sizes and k bands, and Hs measured and theoretical";

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
};

// Hs = 4 sqrt(variance), measured on this frame's maps and from the spectrum over the band.
HsCheck hs_check(const ocean::Simulation& sim) {
  double variance = 0.0;
  for (int c = 0; c < sim.cascades(); ++c) variance += sim.height_variance(c);
  return {4.0 * std::sqrt(variance), 4.0 * std::sqrt(ocean::theoretical_variance(sim.params()))};
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
  struct Args {
    std::string out, maps, sky;
    int width = 1280, height = 720, samples = 4;
    double time = 12.0, foam_warmup = 2.0;
    std::string patch_sizes;
    // The settings table's own options (--wind-speed, --preset, ...), as text: they go through
    // apply_setting, so they accept and refuse exactly what the panel and scripts do.
    std::vector<std::pair<const ui::Setting*, std::string>> table;
    std::vector<std::string> set;
    float cam_height = 16.0f, cam_yaw = -112.0f, cam_pitch = -7.0f;
  };
  auto a = std::make_shared<Args>();
  const ui::Settings defaults;
  CLI::App* cmd = app.add_subcommand("render", "render one frame of the ocean headless (EGL) to a PNG");
  cmd->add_option("--out", a->out, "output PNG (written to a temporary file, then renamed)");
  cmd->add_option("--width", a->width, "image width in pixels")->capture_default_str();
  cmd->add_option("--height", a->height, "image height in pixels")->capture_default_str();
  cmd->add_option("--time", a->time, "simulation time in seconds")->capture_default_str();
  cmd->add_option("--foam-warmup", a->foam_warmup,
                  "seconds simulated at 20 steps/s before --time, so foam has accumulated")
      ->capture_default_str();
  for (const ui::Setting& row : ui::settings_table())
    if (!row.option.empty()) a->table.emplace_back(&row, std::string());
  for (size_t i = 0; i < a->table.size(); ++i) {
    const ui::Setting& row = *a->table[i].first;
    if (row.kind == ui::Kind::Switch) {
      cmd->add_flag(row.option)->description(row.help + " (turns it on)");
    } else {
      cmd->add_option(row.option, a->table[i].second,
                      row.help + ": " + ui::accepted_values(row) + " (default " +
                          ui::format_value(row, defaults, false) + ")");
    }
  }
  std::string sizes_default;
  for (int c = 0; c < ocean::kMaxCascades; ++c)
    sizes_default += (c ? "," : "") + number(defaults.ocean.patch_sizes[size_t(c)]);
  cmd->add_option("--patch-sizes", a->patch_sizes,
                  "metres per cascade, largest first, comma-separated (default " + sizes_default + ")");
  cmd->add_option("--set", a->set,
                  "KEY=VALUE, repeatable: any setting by its script name "
                  "(`oceanfft demo --list-script-keys`), applied last");
  cmd->add_option("--camera-height", a->cam_height, "eye height, metres")->capture_default_str();
  cmd->add_option("--camera-yaw", a->cam_yaw, "view direction, degrees from +x towards +z")
      ->capture_default_str();
  cmd->add_option("--camera-pitch", a->cam_pitch, "degrees, > 0 looks up")->capture_default_str();
  cmd->add_option("--samples", a->samples, "MSAA samples (1 = off)")->capture_default_str();
  cmd->add_option("--export-maps", a->maps, kMapsHelp);
  cmd->add_option("--sky", a->sky,
                  "equirectangular Radiance .hdr or PNG (at most 4096x2048) that replaces the "
                  "computed sky and clouds and lights the water");

  out.push_back({cmd, [a, cmd]() -> int {
    // Every check that needs no GPU comes first, so bad input fails fast and writes nothing.
    if (a->out.empty()) throw Error(ErrorCode::InvalidArgument, "--out is required");
    if (a->width < 1 || a->height < 1 || a->width > kMaxImageSide || a->height > kMaxImageSide)
      throw Error(ErrorCode::InvalidArgument,
                  "image size " + std::to_string(a->width) + "x" + std::to_string(a->height) +
                      " must be within 1.." + std::to_string(kMaxImageSide) + " on each side");
    if (a->samples < 1 || a->samples > 64)
      throw Error(ErrorCode::InvalidArgument, "--samples must be within 1..64");
    if (!std::isfinite(a->time)) throw Error(ErrorCode::InvalidArgument, "--time must be finite");
    if (!(a->foam_warmup >= 0.0 && a->foam_warmup <= 600.0))
      throw Error(ErrorCode::InvalidArgument, "--foam-warmup must be within 0..600 seconds");
    if (!std::isfinite(a->cam_height) || !std::isfinite(a->cam_yaw) || !std::isfinite(a->cam_pitch))
      throw Error(ErrorCode::InvalidArgument, "camera values must be finite");
    ui::Settings settings;
    auto set = [&](const std::string& option, std::string_view key, std::string_view value) {
      try {
        ui::apply_setting(settings, key, value);
      } catch (const Error& e) {
        throw Error(e.code(), option + ": " + e.what());
      }
    };
    // In table order: size before everything that is checked against the bands it sets, the
    // preset before the values that override it.
    for (size_t i = 0; i < a->table.size(); ++i) {
      const ui::Setting& row = *a->table[i].first;
      if (!cmd->count(row.option)) continue;
      set(row.option, row.key, row.kind == ui::Kind::Switch ? "on" : a->table[i].second);
    }
    ocean::Params& p = settings.ocean;
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
    for (const std::string& kv : a->set) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
        throw Error(ErrorCode::InvalidArgument, "--set '" + kv + "': expected KEY=VALUE");
      const std::string key = kv.substr(0, eq);
      // The full key list would make a message of several hundred characters; point to it.
      const ui::Setting* row = ui::find_setting(key);
      if (!row)
        throw Error(ErrorCode::InvalidArgument, "--set: unknown key '" + key +
                                                    "' (the keys: oceanfft demo --list-script-keys)");
      if (row->scope == ui::Scope::Window)
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
    // Decoded here once to fail before the GPU work; the renderer decodes it again.
    if (!a->sky.empty()) sky::load_sky_image(a->sky);
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
    shading.sky.file = a->sky;
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
    return 0;
  }});
}

}  // namespace oceanfft::app
