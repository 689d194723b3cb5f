// SPDX-License-Identifier: MIT
// `oceanfft bake`: a seamless loop of the ocean's maps, one multi-layer OpenEXR file per frame,
// for offline tools (docs/baking.md).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "gl/context.h"
#include "gl/error.h"
#include "io/exr.h"
#include "io/file.h"
#include "ocean/simulation.h"
#include "oceanfft/version.h"
#include "sea_options.h"

namespace oceanfft::app {
namespace {
namespace fs = std::filesystem;

// Channels of cascade c's maps, in the order of the texel's components.
constexpr const char* kDisplacement[] = {"x", "y", "z", "jxz"};
constexpr const char* kDerivatives[] = {"hx", "hz", "jxx", "jzz"};

void add_map(io::ExrImage& img, const std::vector<float>& rgba, int n, const std::string& prefix,
             const char* const* names, int count) {
  for (int k = 0; k < count; ++k) {
    io::ExrChannel ch{prefix + names[k], std::vector<float>(size_t(n) * n)};
    for (size_t i = 0; i < ch.data.size(); ++i) ch.data[i] = rgba[i * 4 + size_t(k)];
    img.channels.push_back(std::move(ch));
  }
}

std::string clock(double seconds) {
  const long s = long(std::lround(std::max(seconds, 0.0)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return buf;
}

// One frame's EXR image of `sim`'s maps.
io::ExrImage bake_frame(const ocean::Simulation& sim, int frame, double fps, bool half) {
  io::ExrImage img;
  const int n = sim.size();
  img.width = img.height = n;
  img.half = half;
  const ocean::Params& p = sim.params();
  for (int c = 0; c < sim.cascades(); ++c) {
    const std::string pre = "cascade" + std::to_string(c) + ".";
    add_map(img, ocean::Simulation::download_map(sim.displacement(), c), n, pre + "displacement.",
            kDisplacement, 4);
    add_map(img, ocean::Simulation::download_map(sim.derivatives(), c), n, pre + "derivatives.",
            kDerivatives, 4);
    static const char* const kFoam[] = {"coverage"};
    add_map(img, ocean::Simulation::download_map(sim.foam_slopes(), c), n, pre + "foam.", kFoam, 1);
    img.floats["oceanfft.patchSize" + std::to_string(c)] = p.patch_sizes[size_t(c)];
  }
  img.floats["oceanfft.cascades"] = float(sim.cascades());
  img.floats["oceanfft.size"] = float(n);
  img.floats["oceanfft.loopPeriod"] = p.loop_period;
  img.floats["oceanfft.fps"] = float(fps);
  img.floats["oceanfft.frame"] = float(frame);
  img.floats["oceanfft.choppiness"] = p.choppiness;
  img.strings["oceanfft.version"] = OCEANFFT_VERSION_STRING;
  img.strings["oceanfft.axes"] =
      "metres, y up; pixel (i, j) of cascade c is world (i + 0.5, j + 0.5) * patchSize_c / size, "
      "row j = z; sum the cascades";
  return img;
}

}  // namespace

void add_bake(CLI::App& app, Commands& out) {
  struct Args {
    std::string out, prefix = "ocean_";
    int frames = 48;
    double fps = 24.0;
    bool half = false, quiet = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "bake", "a seamless loop of the ocean's maps as multi-layer OpenEXR files, one per frame");
  cmd->add_option("--out", a->out, "folder for the frames (created if missing)")->required();
  cmd->add_option("--frames", a->frames, "frames in the loop; frame N would equal frame 0")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--fps", a->fps, "frames per second; the loop lasts frames / fps seconds")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1000.0));
  cmd->add_option("--prefix", a->prefix, "file names: PREFIX0000.exr, PREFIX0001.exr, ...")
      ->capture_default_str();
  cmd->add_flag("--half", a->half, "16-bit half channels (default: 32-bit float)");
  cmd->add_flag("--quiet", a->quiet, "no progress bar");
  auto sea = add_sea_options(cmd);
  out.push_back({cmd, [a, sea, cmd]() -> int {
    if (!io::have_exr())
      throw Error(ErrorCode::Io, "bake: this build has no OpenEXR (install libopenexr-dev and rebuild)");
    if (a->prefix.find('/') != std::string::npos || a->prefix.size() > 200)
      throw Error(ErrorCode::InvalidArgument, "--prefix must be a file name prefix without '/'");
    scene::Settings settings = sea_settings(cmd, *sea);
    ocean::Params p = settings.ocean;
    p.time_scale = 1.0f;  // frame i is at i / fps seconds of simulated time
    p.loop_period = float(a->frames / a->fps);
    ocean::validate(p);
    auto name = [&](int i) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%04d.exr", i);
      return (fs::path(a->out) / (a->prefix + buf)).string();
    };
    // The loop is one set (io::OutputSet, streamed: each frame's temporary is written as it is
    // made, not held in memory): every frame new or every frame old, also after a failure or a
    // kill, and the frames of an earlier, longer loop with this prefix go in the same commit,
    // so the folder never holds two loops. A folder the bake made goes again when it fails.
    io::OutputSet files;
    files.make_directory(a->out, "the bake folder (--out)");
    for (int i = 0; i < a->frames; ++i) files.add(name(i), "frame " + std::to_string(i));
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(a->out, ec)) {
      const std::string f = e.path().filename().string();
      if (f.size() < a->prefix.size() + 8 || f.compare(0, a->prefix.size(), a->prefix) != 0 ||
          f.compare(f.size() - 4, 4, ".exr") != 0)
        continue;
      const std::string digits = f.substr(a->prefix.size(), f.size() - a->prefix.size() - 4);
      if (digits.size() < 4 || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos)
        continue;
      const int frame = std::stoi(digits);  // a name bake writes for a frame past this loop
      if (frame >= a->frames && fs::path(name(frame)).filename() == f)
        files.remove((fs::path(a->out) / f).string(), "a frame of an earlier, longer loop");
    }
    files.stream();

    auto ctx = gl::create_headless({.quiet = true});
    gl::ShaderLibrary shaders(*ctx);
    ocean::Simulation sim(shaders, p);
    // One loop first, so the foam has built up; the waves are periodic, the foam only nearly.
    const double period = a->frames / a->fps;
    for (int i = 0; i < a->frames; ++i) sim.step(i / a->fps);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < a->frames; ++i) {
      sim.step(period + i / a->fps);
      const io::ExrImage img = bake_frame(sim, i, a->fps, a->half);
      // Half channels hold at most 65504: more would be written as infinity.
      const float limit = a->half ? 65504.0f : std::numeric_limits<float>::max();
      size_t bad = 0;
      for (const io::ExrChannel& c : img.channels)
        for (float v : c.data) bad += !(std::abs(v) <= limit);
      if (bad)
        throw Error(ErrorCode::NonFinite,
                    "frame " + std::to_string(i) + " holds " + std::to_string(bad) + " NaN or infinite value(s)" +
                        (a->half ? " (or beyond half's 65504)" : "") + "; no frame written");
      files.put(name(i), io::encode_exr(img, "frame " + std::to_string(i)));
      if (!a->quiet) {
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const int done = i + 1, width = 30, filled = done * width / a->frames;
        std::fprintf(stderr, "\rbake [%s%s] %d/%d frames, %s elapsed, ETA %s ",
                     std::string(size_t(filled), '#').c_str(),
                     std::string(size_t(width - filled), '.').c_str(), done, a->frames,
                     clock(spent).c_str(), clock(spent / done * (a->frames - done)).c_str());
        std::fflush(stderr);
      }
    }
    files.commit();
    if (!a->quiet) std::fprintf(stderr, "\n");
    std::printf("baked %d frames (%d^2, %d cascades, loop %.4g s) into %s\n", a->frames, p.size,
                p.cascades, period, a->out.c_str());
    return 0;
  }});
}

}  // namespace oceanfft::app
