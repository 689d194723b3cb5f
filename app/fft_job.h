// SPDX-License-Identifier: MIT
#pragma once
// One transform of `oceanfft fft` and `oceanfft verify` on host data in the file layout of
// docs/formats.md: complex 2D or 1D, real (R2C / C2R) 2D or 1D, complex or real 3D, through
// images or storage buffers. The data is floats in file order (planes one after the other; two
// volumes one after the other for 3D), which is also the packed buffer layout of fft/buffer.h,
// so the buffer paths upload the file as it is and the image paths reorder into texels.
#include <cstdint>
#include <memory>
#include <vector>

#include "fft/buffer.h"
#include "fft/fft.h"

namespace oceanfft::app {

struct FftJob {
  fft::Options options;  // width, height, layers, algorithm, program cache; axes Rows for --dims 1
  int dims = 2;          // 1, 2 or 3
  int depth = 0;         // --dims 3
  bool real = false;     // R2C forward, C2R inverse
  bool buffer = false;   // through storage buffers
  // What the input and output files hold for a transform in `direction`.
  fft::BufferShape shape(bool inverse, bool output) const;
};

// Throws Error(InvalidArgument) with a one-line reason when the job's shape cannot run (before
// any file or GL work); the plans check the driver's limits when made.
void validate(const FftJob& job);

// Verification helpers, in file order: a random input for `job` (standard normal values; for
// C2R the half spectrum of random real data, Hermitian as C2R needs), FFTW's answer in double,
// and ||got - ref|| / ||ref|| (infinite for NaN or a size mismatch).
std::vector<float> random_input(const FftJob& job, bool inverse, uint64_t seed);
std::vector<double> reference(const FftJob& job, bool inverse, const std::vector<float>& input);
double relative_l2(const std::vector<float>& got, const std::vector<double>& ref);

class FftRunner {
 public:
  // Makes the one plan the job needs in `shaders`' context.
  FftRunner(const FftJob& job, const gl::ShaderLibrary& shaders);
  ~FftRunner();
  std::string describe() const;
  // Transforms `input` (floats in file order, shape(inverse, false)) and returns the result in
  // file order. Every plan texture is NaN first, and on the buffer paths the output buffer too,
  // so an unwritten value shows.
  std::vector<float> run(bool inverse, const std::vector<float>& input);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace oceanfft::app
