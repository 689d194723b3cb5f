// SPDX-License-Identifier: MIT
// `oceanfft probe`: the water at given world points (height, normal, velocity) as JSON, for
// scripts; the sea from the same options as `render`.
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "gl/context.h"
#include "gl/error.h"
#include "io/number.h"
#include "ocean/ocean.h"
#include "sea_options.h"

namespace oceanfft::app {
namespace {

constexpr size_t kMaxPoints = 10'000'000;

// "x,z;x,z" (also newlines between points; spaces around numbers ignored).
std::vector<std::array<float, 2>> parse_points(const std::string& text, const std::string& where) {
  std::vector<std::array<float, 2>> out;
  std::string item;
  std::istringstream in(text);
  auto trim = [](std::string s) {
    const size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
  };
  while (std::getline(in, item, ';')) {
    std::istringstream lines(item);
    std::string point;
    while (std::getline(lines, point, '\n')) {
      point = trim(point);
      if (point.empty() || point[0] == '#') continue;
      const size_t comma = point.find(',');
      if (comma == std::string::npos || point.find(',', comma + 1) != std::string::npos)
        throw Error(ErrorCode::InvalidArgument,
                    where + ": '" + point + "' is not a point x,z (metres)");
      const double x = io::parse_real(trim(point.substr(0, comma)), where + " x");
      const double z = io::parse_real(trim(point.substr(comma + 1)), where + " z");
      if (!std::isfinite(x) || !std::isfinite(z) || std::abs(x) > 1e7 || std::abs(z) > 1e7)
        throw Error(ErrorCode::InvalidArgument,
                    where + ": '" + point + "' is beyond 1e7 m or not finite");
      if (out.size() == kMaxPoints)
        throw Error(ErrorCode::InvalidArgument, where + ": more than 10,000,000 points");
      out.push_back({float(x), float(z)});
    }
  }
  if (out.empty()) throw Error(ErrorCode::InvalidArgument, where + ": no points");
  return out;
}

}  // namespace

void add_probe(CLI::App& app, Commands& out) {
  struct Args {
    std::string points;
    double time = 12.0, interval = 1.0 / 60.0;
    int iterations = 8;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "probe", "the water's height, normal and velocity at world points, as a JSON array");
  cmd->add_option("--points", a->points,
                  "'x,z;x,z;...' in metres, or a file of x,z lines ('#' comments)")
      ->required();
  cmd->add_option("--time", a->time, "simulation time in seconds")->capture_default_str();
  cmd->add_option("--interval", a->interval,
                  "seconds between the two steps whose difference gives the velocity")
      ->capture_default_str()
      ->check(CLI::Range(1e-4, 1.0));
  cmd->add_option("--iterations", a->iterations,
                  "fixed-point iterations that undo the horizontal displacement")
      ->capture_default_str()
      ->check(CLI::Range(1, 32));
  auto sea = add_sea_options(cmd);
  out.push_back({cmd, [a, sea, cmd]() -> int {
    if (!std::isfinite(a->time) || std::abs(a->time) > 1e7)
      throw Error(ErrorCode::InvalidArgument, "--time must be finite, within 1e7 s");
    const scene::Settings settings = sea_settings(cmd, *sea);
    std::vector<std::array<float, 2>> points;
    const bool inline_points = a->points.find_first_of(",;") != std::string::npos &&
                               a->points.find('/') == std::string::npos &&
                               !std::ifstream(a->points).good();
    if (inline_points) {
      points = parse_points(a->points, "--points");
    } else {
      std::ifstream f(a->points, std::ios::binary);
      if (!f) throw Error(ErrorCode::Io, "--points: cannot read '" + a->points + "'");
      std::ostringstream text;
      text << f.rdbuf();
      if (f.bad()) throw Error(ErrorCode::Io, "--points: cannot read '" + a->points + "'");
      points = parse_points(text.str(), a->points);
    }
    auto ctx = gl::create_headless({.quiet = true});
    gl::ShaderLibrary shaders(*ctx);
    ocean::Ocean ocean(settings.ocean, shaders, a->iterations);
    ocean.step(a->time - a->interval);
    ocean.step(a->time);
    const std::vector<ocean::Sample> samples = ocean.query(points);
    nlohmann::json arr = nlohmann::json::array();
    for (const ocean::Sample& s : samples)
      arr.push_back({{"x", s.x}, {"z", s.z}, {"height", s.height},
                     {"normal", {s.normal[0], s.normal[1], s.normal[2]}},
                     {"velocity", {s.velocity[0], s.velocity[1], s.velocity[2]}},
                     {"residual", s.residual}});
    const std::string text = arr.dump(1) + "\n";
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw Error(ErrorCode::Io, "cannot write to the standard output");
    return 0;
  }});
}

}  // namespace oceanfft::app
