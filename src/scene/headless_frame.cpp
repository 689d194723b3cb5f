// SPDX-License-Identifier: MIT
#include "scene/headless_frame.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "gl/error.h"
#include "gl/targets.h"
#include "io/file.h"
#include "io/image.h"
#include "render/bodies.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"
#include "scene/foam_share.h"

namespace oceanfft::scene {
namespace {
namespace fs = std::filesystem;

std::string bytes_of(const std::vector<float>& data) {
  return std::string(reinterpret_cast<const char*>(data.data()), data.size() * sizeof(float));
}

// Maps values to bytes: [lo, hi] -> [0, 255].
uint8_t to_byte(float v, float lo, float hi) {
  const float t = hi > lo ? (v - lo) / (hi - lo) : 0.5f;
  return uint8_t(std::clamp(t, 0.0f, 1.0f) * 255.0f + 0.5f);
}

// Every file export_cascade writes into a cascade folder.
const char* const kMapFiles[] = {"height.f32",        "displacement.f32", "derivatives.f32",
                                 "normal.f32",        "foam.f32",         "foam_residual.f32",
                                 "jacobian.f32",      "height.png",       "displacement.png",
                                 "normal.png",        "foam.png",         "foam_residual.png",
                                 "jacobian.png",      "derivatives.png"};

void export_cascade(const ocean::Simulation& sim, int cascade, const fs::path& dir, io::OutputSet& files) {
  const int n = sim.size();
  const size_t texels = size_t(n) * n;
  const auto disp = ocean::Simulation::download_map(sim.displacement(), cascade);
  const auto deriv = ocean::Simulation::download_map(sim.derivatives(), cascade);
  const auto foam_slopes = ocean::Simulation::download_map(sim.foam_slopes(), cascade);
  std::vector<float> height(texels), displacement(texels * 3), normal(texels * 3), foam(texels),
      residual(texels), jacobian(texels);
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
    foam[i] = foam_slopes[4 * i];
    residual[i] = foam_slopes[4 * i + 3];
    hmin = std::min(hmin, height[i]);
    hmax = std::max(hmax, height[i]);
  }
  files.put((dir / "height.f32").string(), bytes_of(height));
  files.put((dir / "displacement.f32").string(), bytes_of(displacement));
  files.put((dir / "derivatives.f32").string(), bytes_of(deriv));
  files.put((dir / "normal.f32").string(), bytes_of(normal));
  files.put((dir / "foam.f32").string(), bytes_of(foam));
  files.put((dir / "foam_residual.f32").string(), bytes_of(residual));
  files.put((dir / "jacobian.f32").string(), bytes_of(jacobian));

  std::vector<uint8_t> gray(texels), rgb(texels * 3);
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(height[i], hmin, hmax);
  files.put((dir / "height.png").string(), io::encode_png(n, n, 1, gray.data()));
  for (size_t i = 0; i < texels * 3; ++i) rgb[i] = to_byte(displacement[i], -dmax, dmax);
  files.put((dir / "displacement.png").string(), io::encode_png(n, n, 3, rgb.data()));
  for (size_t i = 0; i < texels * 3; ++i) rgb[i] = to_byte(normal[i], -1.0f, 1.0f);
  files.put((dir / "normal.png").string(), io::encode_png(n, n, 3, rgb.data()));
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(foam[i], 0.0f, 1.0f);
  files.put((dir / "foam.png").string(), io::encode_png(n, n, 1, gray.data()));
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(residual[i], 0.0f, 1.0f);
  files.put((dir / "foam_residual.png").string(), io::encode_png(n, n, 1, gray.data()));
  for (size_t i = 0; i < texels; ++i) gray[i] = to_byte(jacobian[i], -0.5f, 1.5f);
  files.put((dir / "jacobian.png").string(), io::encode_png(n, n, 1, gray.data()));
  std::vector<uint8_t> deriv_rgb(texels * 3);
  float gmax = 1e-12f;
  for (size_t i = 0; i < texels; ++i) gmax = std::max({gmax, std::abs(deriv[4 * i]), std::abs(deriv[4 * i + 1])});
  for (size_t i = 0; i < texels; ++i) {
    deriv_rgb[3 * i] = to_byte(deriv[4 * i], -gmax, gmax);
    deriv_rgb[3 * i + 1] = to_byte(deriv[4 * i + 1], -gmax, gmax);
    deriv_rgb[3 * i + 2] = 128;
  }
  files.put((dir / "derivatives.png").string(), io::encode_png(n, n, 3, deriv_rgb.data()));
}

}  // namespace

void export_maps(const ocean::Simulation& sim, const SeaState& hs, const std::string& dir_name) {
  // The folder is one set (io::OutputSet): all files new or all old, nothing half-written, and
  // folders made for it removed again when it fails.
  io::OutputSet files;
  stage_maps(sim, hs, dir_name, files);
  files.commit();
}

void stage_maps(const ocean::Simulation& sim, const SeaState& hs, const std::string& dir_name,
                io::OutputSet& files) {
  const fs::path dir(dir_name);
  files.make_directory(dir_name, "the maps directory");
  nlohmann::json doc;
  doc["size"] = sim.size();
  doc["time"] = sim.time();
  doc["simulated_time"] = sim.simulated_time();
  doc["hs_measured_m"] = hs.hs_measured;
  doc["hs_theory_m"] = hs.hs_theory;
  doc["mss_resolved"] = hs.mss_resolved;
  doc["mss_subgrid"] = hs.mss_subgrid;
  doc["mss_total"] = hs.mss_total();
  doc["mss_cox_munk"] = hs.mss_cox_munk;
  doc["whitecap_coverage"] = hs.coverage;
  doc["whitecap_coverage_monahan"] = hs.coverage_monahan;
  doc["residual_foam_coverage"] = hs.residual;
  doc["cascades"] = nlohmann::json::array();
  for (int c = 0; c < sim.cascades(); ++c) {
    const fs::path sub = dir / ("cascade" + std::to_string(c));
    files.make_directory(sub.string(), "the maps directory");
    export_cascade(sim, c, sub, files);
    const ocean::CascadeBand& b = sim.bands()[size_t(c)];
    doc["cascades"].push_back({{"dir", "cascade" + std::to_string(c)},
                               {"patch_size_m", b.patch_size},
                               {"k_lo", b.k_lo},
                               {"k_hi", b.k_hi},
                               {"height_variance_m2", sim.height_variance(c)}});
  }
  files.put((dir / "maps.json").string(), doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  // cascade<c>/ folders beyond this export's count are an earlier, larger export's: maps.json
  // would describe a mix. Their files of the names written here go with the commit.
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() < 8 || name.compare(0, 7, "cascade") != 0 || name.size() > 10) continue;
    if (name.find_first_not_of("0123456789", 7) != std::string::npos) continue;
    if (std::stoi(name.substr(7)) < sim.cascades() || !e.is_directory(ec) || e.is_symlink(ec)) continue;
    for (const char* file : kMapFiles) {
      const fs::path f = e.path() / file;
      if (fs::is_regular_file(fs::symlink_status(f, ec))) files.remove(f.string(), "a stale map");
    }
    files.remove_directory_if_empty(e.path().string());
  }
}


SeaState measure_sea(const ocean::Simulation& sim) {
  SeaState out;
  double variance = 0.0;
  for (int c = 0; c < sim.cascades(); ++c) {
    variance += sim.height_variance(c);
    out.mss_resolved += sim.slope_variance(c);
  }
  out.hs_measured = 4.0 * std::sqrt(variance);
  out.hs_theory = 4.0 * std::sqrt(ocean::theoretical_variance(sim.params()));
  const ocean::WaveComponent& wind = sim.params().spectrum.wind;
  const double u = wind.scale > 0 ? double(wind.wind_speed) : 0.0;
  out.mss_subgrid = sim.subgrid_slope_variance();
  out.mss_cox_munk = 0.003 + 5.12e-3 * u;
  out.coverage = sim.whitecap_coverage();
  out.residual = sim.residual_coverage();
  out.coverage_monahan = 3.84e-6 * std::pow(u, 3.41);
  return out;
}

RenderedFrame render_frame(const HeadlessFrame& f, gl::Context& context,
                           const gl::ShaderLibrary& shaders, const std::string& maps_dir,
                           io::OutputSet* maps_set) {
  // The picture's targets (render::Offscreen's: RGBA8 and DEPTH32F at the samples, an RGBA8
  // resolve) against the driver's limits and memory, before the simulation's work; the host
  // holds the read-back rows twice and the encoded image.
  gl::require_targets(context, {f.width, f.height, f.samples,
                                {{GL_RGBA8, 4, "RGBA8 colour"}, {GL_DEPTH_COMPONENT32F, 4, "DEPTH32F depth"}},
                                3 * int64_t(f.width) * int64_t(f.height) * 4});
  ocean::Simulation sim(shaders, f.settings.ocean);
  ocean::Fleet fleet(shaders);
  fleet.set_layout(f.settings.buoys, f.settings.boat || f.camera.on_boat);
  // Foam builds up over frames: run the seconds before the frame's time. Floating bodies start
  // at rest on the mean level and need a few seconds to settle too.
  double warmup = fleet.empty() ? f.foam_warmup : std::max(f.foam_warmup, kBodyWarmup);
  if (f.foam_balance) warmup = std::max(warmup, ocean::foam_balance_time(sim.params()));
  const std::vector<double> times = ocean::foam_warmup_times(f.time, warmup);
  for (size_t i = 0; i < times.size(); ++i) {
    fleet.before_step(sim, times[i]);
    sim.step(times[i]);
    fleet.update_now(sim, i ? times[i] - times[i - 1] : ocean::kFoamFineStep);
  }
  render::Camera camera = f.camera;
  if (camera.on_boat && fleet.boat()) render::ride_boat(camera, *fleet.boat());
  render::OceanRenderer renderer(shaders);
  render::BodyRenderer bodies(shaders);
  render::Offscreen target(context, f.width, f.height, f.samples);
  target.bind();
  renderer.draw(sim, camera, f.settings.shading, f.width, f.height);
  bodies.draw(fleet, renderer, camera, f.settings.shading, f.width, f.height);
  RenderedFrame out;
  out.rgba = target.read_rgba8();
  out.camera = camera;
  out.light = renderer.sky().meter();
  out.exposure = f.settings.shading.exposure *
                 sky::adapted_exposure(out.light, f.settings.shading.exposure_adapt);
  auto note = [&](const ocean::FloatingBody& b) {
    const ocean::BodyState& st = b.state();
    out.bodies.push_back({st.x, st.heave, st.z, fleet.water_under(out.bodies.size())});
  };
  for (const ocean::FloatingBody& b : fleet.buoys()) note(b);
  if (fleet.boat()) note(*fleet.boat());
  if (context.check_errors("render") || context.error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
  out.sea = measure_sea(sim);
  if (f.foam_against_bare) {
    // The same sea and sky without its white water, the foam and the spray: what the sea
    // state itself makes white, apart from the weather's haze and rain and a pale sky's
    // reflection.
    render::ShadingParams bare_shading = f.settings.shading;
    bare_shading.foam_intensity = 0.0f;
    bare_shading.spray = 0.0f;
    target.bind();
    renderer.draw(sim, camera, bare_shading, f.width, f.height);
    bodies.draw(fleet, renderer, camera, bare_shading, f.width, f.height);
    const std::vector<uint8_t> bare = target.read_rgba8();
    out.foam = foam_share(out.rgba, f.width, f.height, camera, &bare);
    out.foam_unreferenced = foam_share(out.rgba, f.width, f.height, camera);
  } else {
    out.foam = foam_share(out.rgba, f.width, f.height, camera);
  }
  out.simulation = sim.describe();
  if (!std::isfinite(out.sea.hs_measured) || !std::isfinite(out.sea.hs_theory))
    throw Error(ErrorCode::NonFinite, "the simulated sea is not finite (Hs measured " +
                                             std::to_string(out.sea.hs_measured) + " m); no output written");
  if (!maps_dir.empty() && maps_set) stage_maps(sim, out.sea, maps_dir, *maps_set);
  else if (!maps_dir.empty()) export_maps(sim, out.sea, maps_dir);
  return out;
}

}  // namespace oceanfft::scene
