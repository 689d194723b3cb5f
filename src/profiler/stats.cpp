// SPDX-License-Identifier: MIT
#include "profiler/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace oceanfft::profiler {

Summary summarize(std::span<const double> samples) {
  Summary s;
  if (samples.empty()) return s;
  std::vector<double> v(samples.begin(), samples.end());
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  s.samples = int(n);
  s.min = v.front();
  s.max = v.back();
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / double(n);
  s.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  const size_t rank = size_t(std::ceil(0.9 * double(n)));  // 1-based nearest rank
  s.p90 = v[std::clamp<size_t>(rank, 1, n) - 1];
  return s;
}

}  // namespace oceanfft::profiler
