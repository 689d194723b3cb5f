// SPDX-License-Identifier: MIT
#pragma once
// FFTs of data in shader storage buffers instead of images. Installed as
// <oceanfft/fft/buffer.h>; docs/api.md shows it in use.
//
// Layout: interleaved complex float (complex64: real then imaginary, 8 bytes), 2*layers planes
// of width x height. Element (x, y) of plane p is complex number
//   offset + p * plane_stride + y * row_stride + x
// counted in complex values from the buffer's start. row_stride >= width and plane_stride >=
// row_stride * height (0 picks those, the packed layout of docs/formats.md's raw files).
//
// How: one pass of shaders/fft/buffer_io.comp copies the buffer into the plan's input image, the
// complex plan runs, and a second pass copies the result out, so input and output may be the
// same buffer (in place) or overlap in any way. The copies are separate dispatches.
#include <cstdint>

#include "fft/fft.h"

namespace oceanfft::fft {

struct BufferLayout {
  int64_t offset = 0;        // complex values before plane 0's first element
  int64_t row_stride = 0;    // 0: width
  int64_t plane_stride = 0;  // 0: row_stride * height
};

class BufferPlan {
 public:
  // As fft::Plan (every algorithm and axes), plus an rgba32f staging image of the shape.
  BufferPlan(const Options& options, const gl::ShaderLibrary& shaders);
  ~BufferPlan();
  BufferPlan(BufferPlan&&) noexcept;
  BufferPlan& operator=(BufferPlan&&) noexcept;

  const Plan& plan() const { return plan_; }

  // Transforms the planes `in` holds in `in_layout` and writes them to `out` in `out_layout`.
  // Error(InvalidArgument) when a stride is smaller than the shape or the last element lies
  // beyond either buffer's size; nothing is dispatched then.
  // The barrier before is the caller's (GL_SHADER_STORAGE_BARRIER_BIT if a shader wrote `in`);
  // after, the result is visible to shader storage reads, buffer reads and copies
  // (GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT). GL state as
  // Plan::execute, plus storage binding FFT_BUFFER_DATA.
  void execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
               const gl::Buffer& out, const BufferLayout& out_layout, gl::PassTimer* timer = nullptr);

  // Every texture execute() may write, for tests to poison.
  std::vector<const gl::Texture*> targets() const;

 private:
  void copy(int to_image, const gl::Buffer& buffer, const BufferLayout& layout,
            const gl::Texture& image);

  Options options_;
  Plan plan_;
  gl::Program program_;
  gl::Texture staging_;
};

// The layout with its zero strides filled in, and the buffer bytes it needs.
BufferLayout resolve(const BufferLayout& layout, const Options& o);
uint64_t buffer_bytes(const BufferLayout& layout, const Options& o);

}  // namespace oceanfft::fft
