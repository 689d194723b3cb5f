#include "ui/headless_frame.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "gl/error.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"

namespace oceanfft::ui {
namespace {
namespace fs = std::filesystem;

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

}  // namespace

void export_maps(const ocean::Simulation& sim, const SeaState& hs, const std::string& dir_name) {
  const fs::path dir(dir_name);
  {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (!fs::is_directory(dir, ec)) throw Error(ErrorCode::Io, "cannot create the maps directory " + dir_name);
  }
  nlohmann::json doc;
  doc["size"] = sim.size();
  doc["time"] = sim.time();
  doc["simulated_time"] = sim.simulated_time();
  doc["hs_measured_m"] = hs.hs_measured;
  doc["hs_theory_m"] = hs.hs_theory;
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


SeaState measure_sea(const ocean::Simulation& sim) {
  double variance = 0.0;
  for (int c = 0; c < sim.cascades(); ++c) variance += sim.height_variance(c);
  return {4.0 * std::sqrt(variance), 4.0 * std::sqrt(ocean::theoretical_variance(sim.params()))};
}

RenderedFrame render_frame(const HeadlessFrame& f, gl::Context& context,
                           const gl::ShaderLibrary& shaders, const std::string& maps_dir) {
  ocean::Simulation sim(shaders, f.settings.ocean);
  // Foam builds up over frames: run the seconds before the frame's time at a frame rate's steps.
  const double warm_step = 1.0 / 20.0;
  const int warm_steps = int(std::ceil(f.foam_warmup / warm_step));
  for (int i = warm_steps; i > 0; --i) sim.step(f.time - i * warm_step);
  sim.step(f.time);
  render::OceanRenderer renderer(shaders);
  render::Offscreen target(f.width, f.height, f.samples);
  target.bind();
  renderer.draw(sim, f.camera, f.settings.shading, f.width, f.height);
  RenderedFrame out;
  out.rgba = target.read_rgba8();
  if (context.check_errors("render") || context.error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
  out.sea = measure_sea(sim);
  out.simulation = sim.describe();
  if (!std::isfinite(out.sea.hs_measured) || !std::isfinite(out.sea.hs_theory))
    throw Error(ErrorCode::Verification, "the simulated sea is not finite (Hs measured " +
                                             std::to_string(out.sea.hs_measured) + " m); no output written");
  if (!maps_dir.empty()) export_maps(sim, out.sea, maps_dir);
  return out;
}

}  // namespace oceanfft::ui
