// SPDX-License-Identifier: MIT
// The water height at a few points over time, and then at 1,000 points of a storm sea, from the
// installed ocean library (oceanfft::ocean) in a headless context of the library's own.
// Built against the installed package by the test `package.example` and
// `package.library_only` (cmake/package_tests.cmake); docs/api.md quotes the [api:...] regions.
#include <oceanfft/gl/error.h>
#include <oceanfft/ocean/ocean.h>
#include <oceanfft/version.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace gl = oceanfft::gl;
namespace ocean = oceanfft::ocean;

int main() try {
  std::printf("oceanfft %s\n", OCEANFFT_VERSION_STRING);
  // [api:ocean-create]
  auto context = gl::create_headless();  // or gl::attach_current(getProcAddress) in your app
  gl::ShaderLibrary shaders(*context);
  ocean::Options options;
  options.preset = "storm";  // ocean::preset_names() lists them
  options.size = 128;
  ocean::Ocean sea(options, shaders);
  // [/api:ocean-create]

  // [api:ocean-query]
  const std::vector<std::array<float, 2>> buoys = {{0, 0}, {25, -40}, {-300, 120}};
  for (double t = 0; t <= 2.0; t += 0.5) {
    sea.step(t);
    for (const ocean::Sample& s : sea.query(buoys))  // synchronous: for tools and tests
      std::printf("t %.1f s  (%7.1f, %7.1f)  height %+.3f m  normal (%+.2f %.2f %+.2f)  "
                  "vertical speed %+.2f m/s  residual %.1e m\n",
                  t, s.x, s.z, s.height, s.normal[0], s.normal[1], s.normal[2], s.velocity[1],
                  s.residual);
  }
  // [/api:ocean-query]

  // [api:ocean-async]
  std::vector<std::array<float, 2>> grid;
  for (int i = 0; i < 1000; ++i) grid.push_back({float(i % 40) * 7.5f, float(i / 40) * 7.5f});
  sea.step(2.5);
  ocean::Ticket ticket = sea.submit(grid);  // queued on the GPU; nothing waits
  std::vector<ocean::Sample> samples;
  int frames = 0;
  while (!sea.fetch(ticket, samples)) {
    ++frames;  // a real program renders its frame here and tries again next frame
    glFinish();
  }
  // [/api:ocean-async]

  double lowest = 1e9, highest = -1e9, worst = 0;
  bool finite = samples.size() == grid.size();
  for (const ocean::Sample& s : samples) {
    lowest = std::min(lowest, double(s.height));
    highest = std::max(highest, double(s.height));
    worst = std::max(worst, double(s.residual));
    finite = finite && std::isfinite(s.height) && std::isfinite(s.residual);
  }
  std::printf("points %zu\nframes_waited %d\nheight_range %.3f %.3f\nmax_residual %.3e\n"
              "gl_errors %lld\n",
              samples.size(), frames, lowest, highest, worst,
              (long long)context->error_count() + context->check_errors("example"));
  // A storm sea spans metres; an unwritten or flat result does not.
  return finite && highest - lowest > 2.0 && context->error_count() == 0 ? 0 : 7;
} catch (const oceanfft::Error& e) {
  std::fprintf(stderr, "height_query: %s\n", e.what());
  return e.exit_status();
}
