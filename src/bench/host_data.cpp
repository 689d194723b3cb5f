// SPDX-License-Identifier: MIT
#include "bench/host_data.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <thread>

namespace oceanfft::bench {

void parallel_blocks(size_t n, size_t block, const std::function<void(size_t, size_t)>& work,
                     int threads) {
  const size_t blocks = (n + block - 1) / block;
  std::atomic<size_t> next{0};
  auto run = [&] {
    for (size_t b; (b = next++) < blocks;) work(b * block, std::min(n, (b + 1) * block));
  };
  const size_t want = threads > 0 ? size_t(threads) : std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
  const size_t count = std::min(blocks, want);
  if (count <= 1) {
    run();
    return;
  }
  std::vector<std::jthread> pool;
  for (size_t t = 0; t < count; ++t) pool.emplace_back(run);
}

void fill_normal(std::span<float> out, uint64_t seed, int threads) {
  parallel_blocks(out.size(), kRandomBlock, [&](size_t begin, size_t end) {
    const size_t b = begin / kRandomBlock;
    // seed_seq spreads (seed, block) over the whole generator state, so neighbouring blocks'
    // streams are unrelated.
    std::seed_seq seq{uint32_t(seed), uint32_t(seed >> 32), uint32_t(b), uint32_t(b >> 32)};
    std::mt19937_64 rng(seq);
    std::normal_distribution<float> n(0.0f, 1.0f);
    for (size_t i = begin; i < end; ++i) out[i] = n(rng);
  }, threads);
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

void upload_planes(const gl::Texture& texture, const fft::Planes& planes) {
  const size_t texels = planes.plane_size(), floats = texels * size_t(planes.layers) * 4;
  const auto rgba = std::make_unique_for_overwrite<float[]>(floats);
  parallel_blocks(texels * size_t(planes.layers), kRandomBlock / 4, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const size_t l = i / texels, k = i % texels;
      const std::complex<float> a = planes.plane(int(2 * l))[k], b = planes.plane(int(2 * l + 1))[k];
      float* t = rgba.get() + 4 * i;
      t[0] = a.real();
      t[1] = a.imag();
      t[2] = b.real();
      t[3] = b.imag();
    }
  });
  gl::upload_texture(texture, {rgba.get(), floats});
}

double relative_l2_rgba(std::span<const float> rgba, int width, int height, int layers,
                        const std::vector<std::complex<double>>& ref) {
  const size_t texels = size_t(width) * height, count = texels * size_t(layers);
  if (rgba.size() != count * 4 || ref.size() != count * 2) return std::numeric_limits<double>::infinity();
  const size_t block = kRandomBlock / 4;
  std::vector<std::pair<double, double>> sums((count + block - 1) / block);
  parallel_blocks(count, block, [&](size_t begin, size_t end) {
    double num = 0, den = 0;
    for (size_t i = begin; i < end; ++i) {
      const size_t l = i / texels, k = i % texels;
      for (size_t c = 0; c < 2; ++c) {
        const std::complex<double> want = ref[texels * (2 * l + c) + k];
        const std::complex<double> got{rgba[4 * i + 2 * c], rgba[4 * i + 2 * c + 1]};
        num += std::norm(got - want);
        den += std::norm(want);
      }
    }
    sums[begin / block] = {num, den};
  });
  double num = 0, den = 0;
  for (const auto& [n, d] : sums) {
    num += n;
    den += d;
  }
  if (!std::isfinite(num)) return std::numeric_limits<double>::infinity();
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
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
