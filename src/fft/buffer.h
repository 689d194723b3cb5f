// SPDX-License-Identifier: MIT
#pragma once
// FFTs of data in shader storage buffers instead of images: complex 2D and single-axis
// (BufferPlan), real R2C / C2R (RealBufferPlan), 3D complex (VolumeBufferPlan) and 3D real
// (RealVolumeBufferPlan). Installed as <oceanfft/fft/buffer.h>; docs/api.md shows it in use.
//
// Layout: a buffer holds planes of width x height elements; an element is an interleaved
// complex float (complex64: real then imaginary, 8 bytes) or, for real data, one float. Element
// (x, y) of plane p is element number
//   offset + p * plane_stride + y * row_stride + x
// counted in elements (complex values for complex data, floats for real data) from the buffer's
// start. row_stride >= width and plane_stride >= row_stride * height (0 picks those, the packed
// layout of docs/formats.md's raw files). Planes: 2*layers for 2D data (as fft::Plan's two per
// layer); for 3D data each slice is a plane, volume 0's depth slices then volume 1's (slice z
// of volume v is plane v*depth + z). Half spectra of real data are width/2+1 complex elements
// wide.
//
// How: one pass of shaders/fft/buffer_io.comp copies the buffer into the plan's input image, the
// image plan runs, and a second pass copies the result out, so input and output may be the
// same buffer (in place, when both layouts fit it) or overlap in any way. The copies are
// separate dispatches.
#include <cstdint>
#include <vector>

#include "fft/fft.h"
#include "fft/long.h"
#include "fft/real.h"
#include "fft/real_volume.h"
#include "fft/volume.h"

namespace oceanfft::fft {

struct BufferLayout {
  int64_t offset = 0;        // elements before plane 0's first element
  int64_t row_stride = 0;    // 0: width
  int64_t plane_stride = 0;  // 0: row_stride * height
};

// What a buffer holds: `planes` planes of width x height elements, complex or real (float).
struct BufferShape {
  int width = 0, height = 0, planes = 0;
  bool real = false;
  int element_bytes() const { return real ? 4 : 8; }
};

// The layout with its zero strides filled in, and the buffer bytes it needs.
BufferLayout resolve(const BufferLayout& layout, const BufferShape& shape);
uint64_t buffer_bytes(const BufferLayout& layout, const BufferShape& shape);
// The complex 2D shape of `o`: width x height, 2*layers planes.
BufferShape complex_shape(const Options& o);
inline BufferLayout resolve(const BufferLayout& layout, const Options& o) {
  return resolve(layout, complex_shape(o));
}
inline uint64_t buffer_bytes(const BufferLayout& layout, const Options& o) {
  return buffer_bytes(layout, complex_shape(o));
}

namespace detail {
// The copy passes between a buffer and an image array in the plans' layouts.
class BufferCopy {
 public:
  BufferCopy(const gl::ShaderLibrary& shaders, const std::string& program_cache);
  // Error(InvalidArgument) naming `what` when `layout` does not fit `shape` or `buffer`.
  static void check(const gl::Buffer& buffer, const BufferLayout& layout, const BufferShape& shape,
                    const std::string& what);
  // depth 0: plane 2l + c is layer l, channel pair c; depth D: plane c*D + l; depth -H: rows
  // of H lines folded into the image one line per layer, as fft::LongPlan holds them (row y of
  // plane 2l + c is layer l*H + y, channel pair c). A real shape's image holds two samples per
  // complex value along x (fft/real.h).
  void to_image(const gl::Buffer& buffer, const BufferLayout& layout, const BufferShape& shape,
                int depth, const gl::Texture& image, gl::PassTimer* timer);
  void to_buffer(const gl::Texture& image, const BufferShape& shape, int depth,
                 const gl::Buffer& buffer, const BufferLayout& layout, gl::PassTimer* timer);

 private:
  void copy(bool to_image, const gl::Buffer& buffer, const BufferLayout& layout,
            const BufferShape& shape, int depth, const gl::Texture& image);
  gl::Program program_;
};
}  // namespace detail

// Common to every plan below: Error(InvalidArgument) when a stride is smaller than the shape or
// the last element lies beyond either buffer's size (or past 2^32 floats); nothing is dispatched
// then. The barrier before is the caller's (GL_SHADER_STORAGE_BARRIER_BIT if a shader wrote
// `in`); after, the result is visible to shader storage reads, buffer reads and copies
// (GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT). GL state as the image plan's,
// plus storage binding FFT_BUFFER_DATA.

namespace detail {
// The complex plans' common part around the image plan `P` they wrap (Plan, VolumePlan,
// LongPlan): one staging image that the input is copied into; the image plan's result is copied
// out. Defined in buffer.cpp for those three.
template <class P>
class ComplexBuffers {
 public:
  const P& plan() const { return plan_; }
  BufferShape shape() const { return shape_; }

  // Transforms the planes `in` holds in `in_layout` and writes them to `out` in `out_layout`.
  void execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
               const gl::Buffer& out, const BufferLayout& out_layout, gl::PassTimer* timer = nullptr);

  // Every texture execute() may write, for tests to poison.
  std::vector<const gl::Texture*> targets() const;

 protected:
  // `make_plan()` returns the image plan, `make_staging(plan)` its input image; `fold` is how
  // the copies lay the planes into it (BufferCopy's depth); `what` names the plan in errors.
  template <class MakePlan, class MakeStaging>
  ComplexBuffers(const Options& options, const gl::ShaderLibrary& shaders, BufferShape shape, int fold,
                 MakePlan make_plan, MakeStaging make_staging, const char* what);

 private:
  P plan_;
  BufferShape shape_;
  int fold_ = 0;
  BufferCopy copy_;
  gl::Texture staging_;
};

// The real plans' common part around the image plan `P` they wrap (RealPlan, RealVolumePlan):
// one input image for the real planes and one for the half spectra. Defined in buffer.cpp for
// those two.
template <class P>
class RealBuffers {
 public:
  const P& plan() const { return plan_; }
  BufferShape real_shape() const;
  BufferShape spectrum_shape() const;

  // R2C: real planes in `in`, half spectra to `out`. Unnormalised.
  void forward(const gl::Buffer& in, const BufferLayout& in_layout, const gl::Buffer& out,
               const BufferLayout& out_layout, gl::PassTimer* timer = nullptr);
  // C2R: half spectra in `in`, real planes to `out`, scaled as the image plan's inverse.
  void inverse(const gl::Buffer& in, const BufferLayout& in_layout, const gl::Buffer& out,
               const BufferLayout& out_layout, gl::PassTimer* timer = nullptr);

  // Every texture forward() or inverse() may write, for tests to poison.
  std::vector<const gl::Texture*> targets() const;

 protected:
  // `make_plan()` returns the image plan; `depth` is 0 for 2D planes (options.layers of them)
  // and the depth of 3D volumes; `what` names the plan in errors.
  template <class MakePlan>
  RealBuffers(const Options& options, int depth, const gl::ShaderLibrary& shaders, MakePlan make_plan,
              const char* what);

 private:
  P plan_;
  int width_ = 0, height_ = 0, planes_ = 0, depth_ = 0;
  BufferCopy copy_;
  gl::Texture real_, spectrum_;  // the image plan's inputs
};

extern template class ComplexBuffers<Plan>;
extern template class ComplexBuffers<VolumePlan>;
extern template class ComplexBuffers<LongPlan>;
extern template class RealBuffers<RealPlan>;
extern template class RealBuffers<RealVolumePlan>;
}  // namespace detail

// 2D complex (fft::Plan) between buffers: W x H complex, 2*layers planes.
class BufferPlan : public detail::ComplexBuffers<Plan> {
 public:
  // As fft::Plan (every algorithm and axes), plus an rgba32f staging image of the shape.
  BufferPlan(const Options& options, const gl::ShaderLibrary& shaders);
};

// R2C and C2R (fft::RealPlan) between buffers: real planes of W x H floats, half spectra of
// W/2+1 x H complex values, 2*layers planes each. The inverse is scaled as RealPlan::inverse.
class RealBufferPlan : public detail::RealBuffers<RealPlan> {
 public:
  RealBufferPlan(const Options& options, const gl::ShaderLibrary& shaders);
};

// 3D complex (fft::VolumePlan) between buffers: two volumes of width x height x depth, 2*depth
// planes (volume 0's slices, then volume 1's).
class VolumeBufferPlan : public detail::ComplexBuffers<VolumePlan> {
 public:
  VolumeBufferPlan(const Options& options, int depth, const gl::ShaderLibrary& shaders);
};

// 3D R2C and C2R (fft::RealVolumePlan) between buffers: two real volumes of W x H x D floats and
// their half spectra of W/2+1 x H x D complex values, 2*depth planes each.
class RealVolumeBufferPlan : public detail::RealBuffers<RealVolumePlan> {
 public:
  RealVolumeBufferPlan(const Options& options, int depth, const gl::ShaderLibrary& shaders);
};

// Four-step lines (fft::LongPlan) between buffers: 2*layers planes of `height` lines of
// `width` (up to 65536) complex values each, one line a row, as BufferPlan with Axes::Rows.
class LongBufferPlan : public detail::ComplexBuffers<LongPlan> {
 public:
  LongBufferPlan(const Options& options, const gl::ShaderLibrary& shaders);
};

}  // namespace oceanfft::fft
