// SPDX-License-Identifier: MIT
#pragma once
// `oceanfft bench --transforms`: the engine's other transforms timed as round trips (forward
// then inverse) beside the complex 2D round trip of the same data: R2C+C2R against C2C at
// N x N, batched 1D lines, 3D volumes and four-step lines. Each row also carries its round trip's
// error, so a fast wrong answer cannot pass.
#include <functional>
#include <string>
#include <vector>

#include "bench/bench.h"

namespace oceanfft::bench {

struct TransformRow {
  // "c2c-2d", "r2c-2d" (split and join fused where the shape allows), "r2c-2d-sep" (separate
  // passes), "c2c-1d", "c2c-3d", "r2c-3d", "four-step"
  std::string kind;
  std::string shape;  // e.g. "1024x1024", "65536 x 8 lines"
  Summary round_trip;  // ms for one forward plus one inverse
  double error = 0;    // relative L2 of the round trip against its input
  std::string plan;    // describe() of the plan
};

// Sizes: the 2D rows at each of `sizes` (N x N), the 1D rows at N points x 64 lines, the 3D
// rows at `volumes` (N^3, two volumes), the four-step rows at `long_sizes` (8 lines).
std::vector<TransformRow> run_transform_bench(gl::Context& ctx, const gl::ShaderLibrary& shaders,
                                              const std::vector<int>& sizes,
                                              const std::vector<int>& volumes,
                                              const std::vector<int>& long_sizes,
                                              const Timing& timing, uint64_t seed,
                                              const std::function<void(const std::string&)>& progress);

}  // namespace oceanfft::bench
