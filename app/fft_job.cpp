// SPDX-License-Identifier: MIT
#include "fft_job.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "fft/four_step_2d.h"
#include "fftref/data.h"
#include "fft/long.h"
#include "fft/real.h"
#include "fftref/real_data.h"
#include "fft/real_volume.h"
#include "fft/volume.h"
#include "gl/error.h"

namespace oceanfft::app {
namespace {

// File order holds volume 0's slices, then volume 1's (numpy reshape(2, D, H, W)); on the GPU
// slice z of volume v is layer z, channel pair v.
template <class P>
P reorder_volumes(const P& from, bool to_gpu) {
  const int d = from.layers;
  const size_t n = from.plane_size();
  P to(from.width, from.height, from.layers);
  for (int v = 0; v < 2; ++v)
    for (int z = 0; z < d; ++z) {
      const int f = v * d + z, g = 2 * z + v;
      std::copy_n(from.plane(to_gpu ? f : g), n, to.plane(to_gpu ? g : f));
    }
  return to;
}

fft::Planes complex_planes(const std::vector<float>& f, int w, int h, int layers) {
  fft::Planes p(w, h, layers);
  for (size_t i = 0; i < p.data.size(); ++i) p.data[i] = {f[2 * i], f[2 * i + 1]};
  return p;
}

std::vector<float> floats(const fft::Planes& p) {
  std::vector<float> f(p.data.size() * 2);
  std::memcpy(f.data(), p.data.data(), p.bytes());
  return f;
}

fft::RealPlanes real_planes(const std::vector<float>& f, int w, int h, int layers) {
  fft::RealPlanes p(w, h, layers);
  p.data = f;
  return p;
}

}  // namespace

fft::BufferShape FftJob::shape(bool inverse, bool output) const {
  const int planes = 2 * (dims == 3 ? depth : options.layers);
  const bool real_side = real && inverse == output;  // R2C reads real, C2R writes it
  if (real_side) return {options.width, options.height, planes, true};
  return {real ? fft::spectrum_texels(options.width) : options.width, options.height, planes, false};
}

void validate(const FftJob& job) {
  const fft::Options& o = job.options;
  if (job.dims == 3 && (job.depth < 1 || job.depth > fft::kMaxSize))
    throw Error(ErrorCode::InvalidArgument, "--depth " + std::to_string(job.depth) + " is outside 1.." +
                                                std::to_string(fft::kMaxSize));
  if (job.dims == 1 && o.width > fft::kMaxSize && job.buffer && !job.real) {
    // Four-step lines, through buffers only here (`fft` runs the image path itself).
    if (o.width > fft::kMaxLongSize || o.height < 1 || o.layers < 1)
      throw Error(ErrorCode::InvalidArgument, "--width " + std::to_string(o.width) + " is outside 1.." +
                                                  std::to_string(fft::kMaxLongSize) +
                                                  " for --dims 1 (or no lines)");
    if (!fft::long_split(o.width, o.algorithm).first)
      throw Error(ErrorCode::InvalidArgument,
                  "--width " + std::to_string(o.width) + " has no split into two factors of at most " +
                      std::to_string(fft::kMaxSize) + " that " + std::string(fft::name(o.algorithm)) + " takes");
    return;
  }
  fft::Options check = o;
  if (job.dims == 3) check.layers = job.depth;
  if (auto s = job.real ? fft::validate_real_shape(check) : fft::validate_shape(check); s != fft::Status::Ok)
    throw Error(ErrorCode::InvalidArgument, fft::describe(s, check));
  if (job.dims == 3) {
    // The third axis: a column plan of length depth over the (half) width, height as layers.
    fft::Options z = o;
    z.width = job.real ? fft::spectrum_texels(o.width) : o.width;
    z.height = job.depth;
    z.layers = o.height;
    z.axes = fft::Axes::Columns;
    if (auto s = fft::validate_shape(z); s != fft::Status::Ok) {
      // The column plan's height is the depth: say so ("depth 12 is not a power of two, ...").
      std::string m = fft::describe(s, z);
      if (m.rfind("height ", 0) == 0) m = "depth" + m.substr(6);
      throw Error(ErrorCode::InvalidArgument, m);
    }
  }
}

namespace {

std::vector<double> doubles(const std::vector<std::complex<double>>& c) {
  std::vector<double> f(c.size() * 2);
  for (size_t i = 0; i < c.size(); ++i) {
    f[2 * i] = c[i].real();
    f[2 * i + 1] = c[i].imag();
  }
  return f;
}

// Plane-sized blocks of a flat vector from file order to image order (to_image) or back.
template <class T>
std::vector<T> reorder_flat(const std::vector<T>& from, int depth, bool to_image) {
  if (!depth) return from;
  const size_t plane = from.size() / size_t(2 * depth);
  std::vector<T> to(from.size());
  for (int v = 0; v < 2; ++v)
    for (int z = 0; z < depth; ++z) {
      const size_t f = size_t(v * depth + z), g = size_t(2 * z + v);
      std::copy_n(from.begin() + plane * (to_image ? f : g), plane, to.begin() + plane * (to_image ? g : f));
    }
  return to;
}

}  // namespace

std::vector<float> random_input(const FftJob& job, bool inverse, uint64_t seed) {
  const fft::BufferShape s = job.shape(inverse, false);
  if (job.real && inverse) {
    const FftJob forward = job;
    const fft::BufferShape r = job.shape(false, false);
    fft::RealPlanes x = fft::random_real_planes(r.width, r.height, r.planes / 2, seed);
    const std::vector<double> half = reference(forward, false, x.data);
    return std::vector<float>(half.begin(), half.end());
  }
  if (s.real) return fft::random_real_planes(s.width, s.height, s.planes / 2, seed).data;
  return floats(fft::random_planes(s.width, s.height, s.planes / 2, seed));
}

std::vector<double> reference(const FftJob& job, bool inverse, const std::vector<float>& input) {
  const fft::BufferShape s = job.shape(inverse, false);
  const int depth = job.dims == 3 ? job.depth : 0, layers = s.planes / 2, w = job.options.width;
  const fft::Axes axes = job.options.axes;
  const std::vector<float> in = reorder_flat(input, depth, true);
  std::vector<double> out;
  if (job.real && !inverse) {
    const fft::RealPlanes x = real_planes(in, s.width, s.height, layers);
    out = doubles(depth ? fft::reference_r2c_3d(x) : fft::reference_r2c(x, axes));
  } else if (job.real) {
    const fft::Planes half = complex_planes(in, s.width, s.height, layers);
    out = depth ? fft::reference_c2r_3d(half, w) : fft::reference_c2r(half, w, axes);
  } else {
    const fft::Planes x = complex_planes(in, s.width, s.height, layers);
    const auto d = inverse ? fft::Direction::Inverse : fft::Direction::Forward;
    out = doubles(depth ? fft::reference_3d(x, d) : fft::reference_axes(x, d, axes));
  }
  return reorder_flat(out, depth, false);
}

double relative_l2(const std::vector<float>& got, const std::vector<double>& ref) {
  if (got.size() != ref.size()) return std::numeric_limits<double>::infinity();
  double num = 0, den = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const double d = double(got[i]) - ref[i];
    num += d * d;
    den += ref[i] * ref[i];
  }
  if (!std::isfinite(num)) return std::numeric_limits<double>::infinity();
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

struct FftRunner::Impl {
  FftJob job;
  gl::Context* ctx = nullptr;
  std::optional<fft::Plan> plan;
  std::optional<fft::RealPlan> real;
  std::optional<fft::VolumePlan> volume;
  std::optional<fft::RealVolumePlan> real_volume;
  std::optional<fft::BufferPlan> buffer;
  std::optional<fft::RealBufferPlan> real_buffer;
  std::optional<fft::VolumeBufferPlan> volume_buffer;
  std::optional<fft::RealVolumeBufferPlan> real_volume_buffer;
  std::optional<fft::LongBufferPlan> long_buffer;

  std::vector<const gl::Texture*> targets() const {
    std::vector<const gl::Texture*> t;
    if (plan) {
      for (const gl::Texture& x : plan->targets()) t.push_back(&x);
      if (plan->four_step())
        for (const gl::Texture* x : plan->four_step()->targets()) t.push_back(x);
    }
    if (real) t = real->targets();
    if (volume) t = volume->targets();
    if (real_volume) t = real_volume->targets();
    if (buffer) t = buffer->targets();
    if (real_buffer) t = real_buffer->targets();
    if (volume_buffer) t = volume_buffer->targets();
    if (real_volume_buffer) t = real_volume_buffer->targets();
    if (long_buffer) t = long_buffer->targets();
    return t;
  }

  std::vector<float> run_buffer(bool inverse, const std::vector<float>& input) {
    const fft::BufferShape os = job.shape(inverse, true);
    const auto d = inverse ? fft::Direction::Inverse : fft::Direction::Forward;
    gl::Buffer in = gl::make_buffer(*ctx, GL_SHADER_STORAGE_BUFFER, input.size() * sizeof(float),
                                    input.data(), GL_DYNAMIC_COPY);
    const size_t n = fft::buffer_bytes({}, os) / sizeof(float);
    const std::vector<float> nan(n, std::numeric_limits<float>::quiet_NaN());
    gl::Buffer out = gl::make_buffer(*ctx, GL_SHADER_STORAGE_BUFFER, n * sizeof(float), nan.data(),
                                     GL_DYNAMIC_COPY);
    if (buffer) buffer->execute(d, in, {}, out, {});
    if (volume_buffer) volume_buffer->execute(d, in, {}, out, {});
    if (long_buffer) long_buffer->execute(d, in, {}, out, {});
    if (real_buffer) inverse ? real_buffer->inverse(in, {}, out, {}) : real_buffer->forward(in, {}, out, {});
    if (real_volume_buffer)
      inverse ? real_volume_buffer->inverse(in, {}, out, {}) : real_volume_buffer->forward(in, {}, out, {});
    return gl::read_buffer<float>(out, n);
  }

  std::vector<float> run_image(bool inverse, const std::vector<float>& input) {
    const fft::Options& o = job.options;
    const auto d = inverse ? fft::Direction::Inverse : fft::Direction::Forward;
    const bool three = job.dims == 3;
    const int layers = three ? job.depth : o.layers, w = o.width, h = o.height;
    const int hw = fft::spectrum_texels(w);
    const auto gpu = [&](auto p) { return three ? reorder_volumes(p, true) : p; };
    const auto file = [&](auto p) { return three ? reorder_volumes(p, false) : p; };
    if (!job.real) {
      gl::Texture tex = gl::make_complex_texture(*ctx, w, h, layers);
      fft::upload(tex, gpu(complex_planes(input, w, h, layers)));
      const gl::Texture& r = three ? volume->execute(d, tex) : plan->execute(d, tex);
      return floats(file(fft::download(r)));
    }
    if (inverse) {
      gl::Texture tex = gl::make_complex_texture(*ctx, hw, h, layers);
      fft::upload(tex, gpu(complex_planes(input, hw, h, layers)));
      const gl::Texture& r = three ? real_volume->inverse(tex) : real->inverse(tex);
      return file(fft::download_real(r, w)).data;
    }
    gl::Texture tex = gl::make_complex_texture(*ctx, fft::real_texels(w), h, layers);
    fft::upload_real(tex, gpu(real_planes(input, w, h, layers)));
    const gl::Texture& r = three ? real_volume->forward(tex) : real->forward(tex);
    return floats(file(fft::download(r)));
  }
};

FftRunner::FftRunner(const FftJob& job, const gl::ShaderLibrary& shaders) : impl_(new Impl) {
  validate(job);
  Impl& m = *impl_;
  m.job = job;
  m.ctx = &shaders.context();
  const fft::Options& o = job.options;
  const int depth = job.depth;
  if (job.dims == 3) {
    if (job.real && job.buffer) m.real_volume_buffer.emplace(o, depth, shaders);
    else if (job.real) m.real_volume.emplace(o, depth, shaders);
    else if (job.buffer) m.volume_buffer.emplace(o, depth, shaders);
    else m.volume.emplace(o, depth, shaders);
  } else if (job.dims == 1 && o.width > fft::kMaxSize && job.buffer) {
    m.long_buffer.emplace(o, shaders);
  } else {
    if (job.real && job.buffer) m.real_buffer.emplace(o, shaders);
    else if (job.real) m.real.emplace(o, shaders);
    else if (job.buffer) m.buffer.emplace(o, shaders);
    else m.plan.emplace(o, shaders);
  }
}

FftRunner::~FftRunner() = default;

std::string FftRunner::describe() const {
  const Impl& m = *impl_;
  if (m.plan) return m.plan->describe();
  if (m.real) return m.real->describe();
  if (m.volume) return m.volume->describe();
  if (m.real_volume) return m.real_volume->describe();
  if (m.buffer) return "buffers; " + m.buffer->plan().describe();
  if (m.real_buffer) return "buffers; " + m.real_buffer->plan().describe();
  if (m.volume_buffer) return "buffers; " + m.volume_buffer->plan().describe();
  if (m.long_buffer) return "buffers; " + m.long_buffer->plan().describe();
  return "buffers; " + m.real_volume_buffer->plan().describe();
}

std::vector<float> FftRunner::run(bool inverse, const std::vector<float>& input) {
  Impl& m = *impl_;
  const fft::BufferShape is = m.job.shape(inverse, false);
  if (input.size() != fft::buffer_bytes({}, is) / sizeof(float))
    throw Error(ErrorCode::InvalidArgument, "the input holds " + std::to_string(input.size()) +
                                                " floats; the transform takes " +
                                                std::to_string(fft::buffer_bytes({}, is) / sizeof(float)));
  for (const gl::Texture* t : m.targets()) fft::poison(*t);
  return m.job.buffer ? m.run_buffer(inverse, input) : m.run_image(inverse, input);
}

}  // namespace oceanfft::app
