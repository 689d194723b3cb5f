// SPDX-License-Identifier: MIT
#include "bench/host_data.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <limits>
#include <random>
#include <set>
#include <thread>

namespace oceanfft::bench {

void fill_normal(std::span<float> out, uint64_t seed, int threads) {
  const size_t blocks = (out.size() + kRandomBlock - 1) / kRandomBlock;
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t b; (b = next++) < blocks;) {
      // seed_seq spreads (seed, block) over the whole generator state, so neighbouring blocks'
      // streams are unrelated.
      std::seed_seq seq{uint32_t(seed), uint32_t(seed >> 32), uint32_t(b), uint32_t(b >> 32)};
      std::mt19937_64 rng(seq);
      std::normal_distribution<float> n(0.0f, 1.0f);
      const size_t end = std::min(out.size(), (b + 1) * kRandomBlock);
      for (size_t i = b * kRandomBlock; i < end; ++i) out[i] = n(rng);
    }
  };
  const size_t want = threads > 0 ? size_t(threads) : std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
  const size_t count = std::min(blocks, want);
  if (count <= 1) {
    work();
    return;
  }
  std::vector<std::jthread> pool;
  for (size_t t = 0; t < count; ++t) pool.emplace_back(work);
}

fft::Planes random_input(int width, int height, int layers, uint64_t seed) {
  fft::Planes p(width, height, layers);
  // std::complex<float> is an array of two floats ([complex.numbers]).
  fill_normal({reinterpret_cast<float*>(p.data.data()), p.data.size() * 2}, seed);
  return p;
}

fft::RealPlanes random_real_input(int width, int height, int layers, uint64_t seed) {
  fft::RealPlanes p(width, height, layers);
  fill_normal(p.data, seed);
  return p;
}

void poison(const std::vector<const gl::Texture*>& textures) {
  std::set<GLuint> done;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float texel[4] = {nan, nan, nan, nan};
  for (const gl::Texture* t : textures) {
    if (!t || !done.insert(t->id()).second) continue;
    if (GLAD_GL_VERSION_4_4)
      glClearTexImage(t->id(), 0, GL_RGBA, GL_FLOAT, texel);
    else
      fft::poison(*t);
  }
}

void PhaseClock::end(const std::string& name) {
  const auto now = std::chrono::steady_clock::now();
  phases_.emplace_back(name, std::chrono::duration<double>(now - last_).count());
  last_ = now;
}

std::string phase_summary(const std::vector<std::pair<std::string, double>>& phases) {
  std::string s;
  char buf[96];
  for (const auto& [name, seconds] : phases) {
    std::snprintf(buf, sizeof buf, "%s%s %.2f s", s.empty() ? "" : ", ", name.c_str(), seconds);
    s += buf;
  }
  return s;
}

}  // namespace oceanfft::bench
