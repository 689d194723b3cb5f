// `oceanfft render`: one frame of the ocean through EGL, with the window's own code, to a PNG;
// optionally the simulation's maps as raw float32 files with PNG previews.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "commands.h"
#include "gl/error.h"
#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"

namespace oceanfft::app {
namespace {
namespace fs = std::filesystem;

constexpr int kMaxImageSide = 16384;

const char* kMapsHelp =
    "write the simulation's maps into DIR (created if missing). Each is raw little-endian "
    "float32, N x N texels row-major (row = z, column = x; texel (x, z) is world "
    "(x, z) * patch/N metres), channels interleaved: height.f32 (1: metres, y up), "
    "displacement.f32 (3: x, y, z metres, choppiness applied), normal.f32 (3: unit normal x, "
    "y, z), foam.f32 (1: coverage 0..1), jacobian.f32 (1: determinant, < 0 where folded); "
    "plus a PNG preview of each";

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

void export_maps(const ocean::Simulation& sim, const fs::path& dir) {
  const int n = sim.size();
  const size_t texels = size_t(n) * n;
  const auto disp = ocean::Simulation::download_map(sim.displacement());
  const auto maps = ocean::Simulation::download_map(sim.normals());
  std::vector<float> height(texels), displacement(texels * 3), normal(texels * 3), foam(texels),
      jacobian(texels);
  float hmin = INFINITY, hmax = -INFINITY, dmax = 0.0f;
  for (size_t i = 0; i < texels; ++i) {
    height[i] = disp[4 * i + 1];
    for (int c = 0; c < 3; ++c) {
      displacement[3 * i + c] = disp[4 * i + c];
      dmax = std::max(dmax, std::abs(disp[4 * i + c]));
    }
    const float sx = maps[4 * i], sz = maps[4 * i + 1];
    const float len = std::sqrt(sx * sx + 1.0f + sz * sz);
    normal[3 * i] = -sx / len;
    normal[3 * i + 1] = 1.0f / len;
    normal[3 * i + 2] = -sz / len;
    jacobian[i] = maps[4 * i + 2];
    foam[i] = maps[4 * i + 3];
    hmin = std::min(hmin, height[i]);
    hmax = std::max(hmax, height[i]);
  }
  write_raw_floats(dir / "height.f32", height);
  write_raw_floats(dir / "displacement.f32", displacement);
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
}

}  // namespace

void add_render(CLI::App& app, Commands& out) {
  struct Args {
    std::string out, algorithm = std::string(fft::name(fft::kDefaultAlgorithm)), maps;
    int width = 1280, height = 720, size = 256, samples = 4;
    float anisotropy = render::ShadingParams{}.anisotropy;
    double time = 12.0;
    uint64_t seed = 1;
    float wind_speed = ocean::Params{}.wind_speed, wind_direction = ocean::Params{}.wind_direction_deg;
    float choppiness = ocean::Params{}.choppiness, patch = ocean::Params{}.patch_size;
    float cam_height = 16.0f, cam_yaw = -112.0f, cam_pitch = -7.0f;
    bool wireframe = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("render", "render one frame of the ocean headless (EGL) to a PNG");
  cmd->add_option("--out", a->out, "output PNG (written to a temporary file, then renamed)");
  cmd->add_option("--width", a->width, "image width in pixels")->capture_default_str();
  cmd->add_option("--height", a->height, "image height in pixels")->capture_default_str();
  cmd->add_option("--size", a->size, "simulation size N, a power of two in 64..4096")
      ->capture_default_str();
  cmd->add_option("--algorithm", a->algorithm, "FFT algorithm: " + fft::algorithm_list())
      ->capture_default_str();
  cmd->add_option("--time", a->time, "simulation time in seconds")->capture_default_str();
  cmd->add_option("--seed", a->seed, "random seed of the spectrum")->capture_default_str();
  cmd->add_option("--wind-speed", a->wind_speed, "m/s")->capture_default_str();
  cmd->add_option("--wind-direction", a->wind_direction, "degrees from +x towards +z")
      ->capture_default_str();
  cmd->add_option("--choppiness", a->choppiness, "horizontal displacement scale")
      ->capture_default_str();
  cmd->add_option("--patch-size", a->patch, "metres per simulated patch")->capture_default_str();
  cmd->add_option("--camera-height", a->cam_height, "eye height, metres")->capture_default_str();
  cmd->add_option("--camera-yaw", a->cam_yaw, "view direction, degrees from +x towards +z")
      ->capture_default_str();
  cmd->add_option("--camera-pitch", a->cam_pitch, "degrees, > 0 looks up")->capture_default_str();
  cmd->add_option("--samples", a->samples, "MSAA samples (1 = off)")->capture_default_str();
  cmd->add_option("--anisotropy", a->anisotropy, "anisotropic filtering of the slope map (1 = off)")
      ->capture_default_str();
  cmd->add_flag("--wireframe", a->wireframe, "draw the grid as lines");
  cmd->add_option("--export-maps", a->maps, kMapsHelp);

  out.push_back({cmd, [a]() -> int {
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
    if (!std::isfinite(a->cam_height) || !std::isfinite(a->cam_yaw) || !std::isfinite(a->cam_pitch))
      throw Error(ErrorCode::InvalidArgument, "camera values must be finite");
    auto algorithm = fft::parse_algorithm(a->algorithm);
    if (!algorithm)
      throw Error(ErrorCode::InvalidArgument, "unknown algorithm '" + a->algorithm +
                                                  "'; choose one of: " + fft::algorithm_list());
    ocean::Params p;
    p.size = a->size;
    p.algorithm = *algorithm;
    p.seed = a->seed;
    p.wind_speed = a->wind_speed;
    p.wind_direction_deg = a->wind_direction;
    p.choppiness = a->choppiness;
    p.patch_size = a->patch;
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
    sim.step(a->time);
    render::OceanRenderer renderer(shaders);
    render::Camera camera;
    camera.mode = render::Camera::Mode::Fly;
    camera.position = {0.0f, a->cam_height, 0.0f};
    camera.yaw_deg = a->cam_yaw;
    camera.pitch_deg = a->cam_pitch;
    render::ShadingParams shading;
    shading.wireframe = a->wireframe;
    shading.anisotropy = a->anisotropy;
    render::Offscreen target(a->width, a->height, a->samples);
    target.bind();
    renderer.draw(sim, camera, shading, a->width, a->height);
    std::vector<uint8_t> pixels = target.read_rgba8();
    if (ctx->check_errors("render") || ctx->error_count())
      throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
    if (!a->maps.empty()) export_maps(sim, a->maps);
    render::write_png(a->out, a->width, a->height, 4, pixels);
    std::printf("%s: %dx%d, %s, t=%.2f s\n", a->out.c_str(), a->width, a->height,
                sim.describe().c_str(), a->time);
    return 0;
  }});
}

}  // namespace oceanfft::app
