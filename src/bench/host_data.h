// SPDX-License-Identifier: MIT
#pragma once
// The host side of a benchmark case at the four-step sizes, where it outweighs the GPU's: a
// 16384^2 x 2-plane case holds 537 million complex inputs. Random inputs are drawn on every core,
// targets are poisoned on the GPU, and each case's host phases are timed so a report can say
// where its wall time went.
#include <chrono>
#include <complex>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "fft/planes.h"
#include "fftref/real_data.h"
#include "gl/objects.h"

namespace oceanfft::bench {

// Values drawn per generator: each block of this many floats has a generator of its own, seeded
// from the seed and the block's index, so the values depend on the seed alone, not on the
// number of threads that drew them.
inline constexpr size_t kRandomBlock = size_t(1) << 20;

// work(begin, end) over [0, n) in blocks of `block`, on `threads` threads (0: one per core).
void parallel_blocks(size_t n, size_t block, const std::function<void(size_t, size_t)>& work,
                     int threads = 0);

// Standard normal floats from `seed`, drawn on `threads` threads (0: one per core), a block at
// a time.
void fill_normal(std::span<float> out, uint64_t seed, int threads = 0);
// fft::random_planes' and fft::random_real_planes' shapes, filled by fill_normal.
fft::Planes random_input(int width, int height, int layers, uint64_t seed);
fft::RealPlanes random_real_input(int width, int height, int layers, uint64_t seed);

// fft::upload's result, interleaved into rgba on every core into a buffer whose pages those
// threads touch first, so a 4 GiB upload does not wait on one core's page faults and copy.
void upload_planes(const gl::Texture& texture, const fft::Planes& planes);

// fft::relative_l2(download(texture), ref) computed from the texture's rgba floats (plane 2l in
// .xy and 2l+1 in .zw of layer l) without splitting them into planes, summed on every core in
// blocks added up in a fixed order; +inf for a size mismatch or anything not finite.
double relative_l2_rgba(std::span<const float> rgba, int width, int height, int layers,
                        const std::vector<std::complex<double>>& ref);

// Fills each texture (each once, however often it is listed) with NaN so an unwritten texel
// fails the comparison: glClearTexImage on GL 4.4 and later, on the GPU and with no host copy;
// fft::poison's upload on GL 4.3.
void poison(const std::vector<const gl::Texture*>& textures);

// Seconds spent in named host phases of one case, in the order they ran.
class PhaseClock {
 public:
  PhaseClock() : last_(std::chrono::steady_clock::now()) {}
  // Ends the phase running since the last call (or construction) under `name`.
  void end(const std::string& name);
  const std::vector<std::pair<std::string, double>>& phases() const { return phases_; }

 private:
  std::chrono::steady_clock::time_point last_;
  std::vector<std::pair<std::string, double>> phases_;
};

// "input 1.20 s, upload 0.31 s, ..."
std::string phase_summary(const std::vector<std::pair<std::string, double>>& phases);

}  // namespace oceanfft::bench
