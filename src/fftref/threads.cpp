// SPDX-License-Identifier: MIT
#include "fftref/threads.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace oceanfft::fft::detail {

int reference_threads(size_t points) {
  if (points < (size_t(1) << 20)) return 1;
  return int(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
}

fftw_plan make_plan(int threads, const std::function<fftw_plan()>& make) {
  static std::once_flag init;
  std::call_once(init, [] { fftw_init_threads(); });
  fftw_plan_with_nthreads(std::max(threads, 1));
  fftw_plan plan = make();
  fftw_plan_with_nthreads(1);
  return plan;
}

}  // namespace oceanfft::fft::detail
