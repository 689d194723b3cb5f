// SPDX-License-Identifier: MIT
#pragma once
// How lower layers report passes to whoever measures them, without knowing the profiler.
#include <cstdint>
#include <string_view>

namespace oceanfft::gl {

// Passes may nest (an FFT axis contains its stages), so implementations should time with
// timestamps rather than GL_TIME_ELAPSED, which cannot nest.
class PassTimer {
 public:
  virtual ~PassTimer() = default;
  // `bytes` is the data the pass must move at least (reads + writes), for GB/s figures.
  virtual void begin(std::string_view name, uint64_t bytes) = 0;
  virtual void end() = 0;
};

// Brackets a pass; a null timer costs nothing.
class ScopedPass {
 public:
  ScopedPass(PassTimer* timer, std::string_view name, uint64_t bytes) : timer_(timer) {
    if (timer_) timer_->begin(name, bytes);
  }
  ~ScopedPass() {
    if (timer_) timer_->end();
  }
  ScopedPass(const ScopedPass&) = delete;
  ScopedPass& operator=(const ScopedPass&) = delete;

 private:
  PassTimer* timer_;
};

}  // namespace oceanfft::gl
