// SPDX-License-Identifier: MIT
#include "fft/four_step_2d.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstring>
#include <numbers>

#include <unistd.h>

#include "fft/bindings.h"
#include "fft/cache.h"
#include "gl/error.h"

namespace oceanfft::fft::detail {
namespace {

bool takes(int n, Algorithm a, int limit) {
  return n >= 1 && n <= limit && (a == Algorithm::Fast || (n >= 2 && (n & (n - 1)) == 0));
}

// The widest layout (at most kMaxSize and the texture limit) whose layer count fits the
// driver: a divisor of `lines`, so every texel of the layout is a line element. 0: none fits.
int layout_width(int64_t lines, const gl::Limits& limits) {
  const int64_t top = std::min<int64_t>({lines, kMaxSize, limits.max_texture_size});
  for (int64_t w = top; w >= 1; --w)
    if (lines % w == 0 && lines / w <= limits.max_array_layers) return int(w);
  return 0;
}

bool has_extension(const char* name) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  for (GLint i = 0; i < n; ++i)
    if (const GLubyte* e = glGetStringi(GL_EXTENSIONS, GLuint(i));
        e && std::strcmp(reinterpret_cast<const char*>(e), name) == 0)
      return true;
  return false;
}

std::string mib(uint64_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

}  // namespace

int64_t free_gpu_memory(const gl::Context& ctx) {
  GLint kib[4] = {-1, -1, -1, -1};
  if (has_extension("GL_NVX_gpu_memory_info")) {
    glGetIntegerv(0x9049, kib);  // GL_GPU_MEMORY_INFO_CURRENT_AVAILABLE_VIDMEM_NVX
  } else if (has_extension("GL_ATI_meminfo")) {
    glGetIntegerv(0x87FC, kib);  // GL_TEXTURE_FREE_MEMORY_ATI
  } else if (const std::string& r = ctx.info().renderer;
             r.find("llvmpipe") != std::string::npos || r.find("softpipe") != std::string::npos) {
    // A software renderer's textures live in host memory.
    const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? int64_t(pages) * page : -1;
  }
  return kib[0] > 0 ? int64_t(kib[0]) * 1024 : -1;
}

void check_gpu_memory(const gl::Context& ctx, uint64_t bytes, const std::string& what) {
  if (const int64_t free = free_gpu_memory(ctx); free >= 0 && bytes > uint64_t(free))
    throw Error(ErrorCode::InvalidArgument, what + " needs " + mib(bytes) +
                                                " of GPU memory; " + mib(uint64_t(free)) +
                                                " are free");
}

int line_limit(const Options& o) {
  return o.long_line_limit > 0 ? std::min(o.long_line_limit, kMaxSize) : kMaxSize;
}

std::pair<int, int> four_step_split(int n, Algorithm a, int limit) {
  for (int n1 = int(std::sqrt(double(n))) + 1; n1 >= 2; --n1)
    if (n % n1 == 0 && n1 <= n / n1 && takes(n1, a, limit) && takes(n / n1, a, limit))
      return {n1, n / n1};
  return {0, 0};
}

bool needs_four_step(const Options& o) {
  const int limit = line_limit(o);
  return o.width > limit || o.height > limit;
}

FourStep2D::FourStep2D(const Options& requested, const gl::ShaderLibrary& shaders)
    : options_(requested) {
  // From here on options_.fast.four_step is the path taken (the table's entry where asked).
  options_.fast.four_step = four_step_path(requested);
  for (auto [r, field] : {std::pair{requested.fast.four_step_run, "fast.four_step_run "},
                          std::pair{requested.fast.four_step_row_run, "fast.four_step_row_run "}})
    if (r < 0 || r > kMaxLongSize || (r > 0 && !std::has_single_bit(unsigned(r))))
      throw Error(ErrorCode::InvalidArgument, field + std::to_string(r) +
                                                  ": expected 0 or a power of two up to " +
                                                  std::to_string(kMaxLongSize));
  if (const int b = requested.fast.four_step_band; b < 0 || b > kMaxLongSize)
    throw Error(ErrorCode::InvalidArgument, "fast.four_step_band " + std::to_string(b) +
                                                ": expected 0 to " + std::to_string(kMaxLongSize));
  const Options& options = options_;
  gl::Context& ctx = shaders.context();
  const gl::Limits& limits = ctx.limits();
  const int w = options.width, h = options.height, layers = options.layers, limit = line_limit(options);
  const std::string shape = std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(layers);
  const int64_t texels = int64_t(w) * h * layers;
  if (texels > INT_MAX)
    throw Error(ErrorCode::InvalidArgument,
                shape + " has more than 2^31 - 1 texels, beyond the four-step passes' indices");

  if (plan_natural(shaders)) {
    if (ctx.check_errors("four-step FFT plan creation"))
      throw Error(ErrorCode::GlRuntime, "GL error while creating the four-step FFT plan " + shape +
                                            " (" + mib(bytes_) + " of GPU memory)");
    return;
  }

  // Shapes first: every check before anything is made.
  struct Shape { Options a, b; };
  std::vector<Shape> shapes;
  int64_t ssbo_max = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &ssbo_max);
  for (int axis = 0; axis < 2; ++axis) {
    if (options.axes == (axis == 0 ? Axes::Columns : Axes::Rows)) continue;
    Axis a;
    a.axis = axis;
    const int n = axis == 0 ? w : h, m = axis == 0 ? h : w;
    if (n > limit) {
      std::tie(a.n1, a.n2) = four_step_split(n, options.algorithm, limit);
      if (!a.n1)
        throw Error(ErrorCode::InvalidArgument,
                    "length " + std::to_string(n) + " has no split into two factors of at most " +
                        std::to_string(limit) + " that " + std::string(name(options.algorithm)) +
                        " takes");
      if (int64_t(n) * 8 > ssbo_max)
        throw Error(ErrorCode::InvalidArgument,
                    "the twiddle table of length " + std::to_string(n) +
                        " exceeds the driver's GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" +
                        std::to_string(ssbo_max) + " bytes)");
    } else {
      a.n2 = n;
    }
    a.fused = options.algorithm == Algorithm::Fast && a.n1 > 1 && a.n1 <= kMaxFusedN1 &&
              (a.n1 & (a.n1 - 1)) == 0;
    const int64_t lines_a = int64_t(a.n2) * m * layers, lines_b = int64_t(a.n1) * m * layers;
    a.width_a = a.n1 > 1 && !a.fused ? layout_width(lines_a, limits) : 1;
    a.width_b = layout_width(lines_b, limits);
    if (!a.width_a || !a.width_b)
      throw Error(ErrorCode::InvalidArgument,
                  shape + ": the four-step's column layouts need more than the driver's " +
                      std::to_string(limits.max_array_layers) + " array layers");
    Options base = options;
    base.axes = Axes::Columns;
    base.long_line_limit = 0;
    Shape s{base, base};
    s.a.width = a.width_a;
    s.a.height = a.n1;
    s.a.layers = int(lines_a / a.width_a);
    s.b.width = a.width_b;
    s.b.height = a.n2;
    s.b.layers = int(lines_b / a.width_b);
    for (const Options* o : {&s.a, &s.b})
      if (Status st = o == &s.a && (a.n1 == 1 || a.fused) ? Status::Ok : validate(*o, limits);
          st != Status::Ok)
        throw Error(ErrorCode::InvalidArgument, shape + ": a column plan " + fft::describe(st, *o));
    shapes.push_back(s);
    axes_.push_back(std::move(a));
  }

  // Memory: the result, two textures per distinct column plan, the twiddle tables.
  auto same = [](const Options& x, const Options& y) {
    return x.width == y.width && x.height == y.height && x.layers == y.layers;
  };
  std::vector<Options> distinct;
  for (size_t i = 0; i < shapes.size(); ++i)
    for (const Options* o : {&shapes[i].a, &shapes[i].b}) {
      if (o == &shapes[i].a && (axes_[i].n1 == 1 || axes_[i].fused)) continue;
      if (std::none_of(distinct.begin(), distinct.end(), [&](const Options& d) { return same(d, *o); }))
        distinct.push_back(*o);
    }
  bytes_ = uint64_t(texels) * 16 * (1 + 2 * distinct.size());
  for (const Axis& a : axes_) bytes_ += a.n1 > 1 ? uint64_t(a.n1) * a.n2 * 8 : 0;
  check_gpu_memory(ctx, bytes_, shape + " by the four-step method");

  program_ = ProgramCache(ctx, options.program_cache).compute(shaders, "fft/four_step_2d.comp");
  for (size_t i = 0; i < axes_.size(); ++i) {
    Axis& a = axes_[i];
    if (a.fused) {
      auto it = std::find_if(fused_.begin(), fused_.end(), [&](const auto& f) { return f.first == a.n1; });
      if (it == fused_.end()) {
        fused_.emplace_back(a.n1, ProgramCache(ctx, options.program_cache)
                                      .compute(shaders, "fft/four_step_fft.comp",
                                               {{"N1", std::to_string(a.n1)}}));
        it = fused_.end() - 1;
      }
      a.fused_program = int(it - fused_.begin());
      std::vector<float> r(size_t(a.n1));
      for (int t = 0; t < a.n1 / 2; ++t) {
        const double ph = -2.0 * std::numbers::pi * double(t) / double(a.n1);
        r[2 * size_t(t)] = float(std::cos(ph));
        r[2 * size_t(t) + 1] = float(std::sin(ph));
      }
      a.roots = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, r.size() * sizeof(float), r.data());
    }
    if (a.n1 > 1) {
      if (!a.fused) a.plan_a = plan_for(shapes[i].a, shaders);
      a.twiddles = four_step_twiddles(ctx, a.n1, a.n2);
    }
    a.plan_b = plan_for(shapes[i].b, shaders);
  }
  result_ = gl::make_complex_texture(ctx, w, h, layers);
  if (ctx.check_errors("four-step FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the four-step FFT plan " + shape +
                                          " (" + mib(bytes_) + " of GPU memory)");
}

FourStep2D::~FourStep2D() = default;

int FourStep2D::plan_for(const Options& o, const gl::ShaderLibrary& shaders) {
  for (size_t i = 0; i < plans_.size(); ++i) {
    const Options& p = plans_[i]->options();
    if (p.width == o.width && p.height == o.height && p.layers == o.layers) return int(i);
  }
  plans_.push_back(std::make_unique<Plan>(o, shaders));
  if (plans_.back()->targets().size() < 2)
    throw Error(ErrorCode::GlRuntime, "a four-step column plan has fewer than two targets");
  return int(plans_.size()) - 1;
}

std::string FourStep2D::describe() const {
  std::string s = std::string(name(options_.algorithm)) + " " + std::to_string(options_.width) +
                  "x" + std::to_string(options_.height) + "x" + std::to_string(options_.layers) +
                  ", four-step";
  if (natural()) s += " on natural layouts";
  for (const NaturalPass& p : natural_)
    if (p.axis == 0 && p.run > 1) {
      s += " (row line order: runs of " + std::to_string(p.run) + ")";
      break;
    }
  for (const NaturalPass& p : natural_)
    if (p.axis == 1 && (p.run > 1 || p.band < p.other)) {
      s += " (column line order: runs of " + std::to_string(p.run) + ", bands of " +
           std::to_string(p.band) + ")";
      break;
    }
  for (const Axis& a : axes_) {
    s += std::string("; ") + (a.axis == 0 ? "rows " : "columns ") + std::to_string(a.n1 * a.n2);
    s += a.n1 > 1 ? " = " + std::to_string(a.n1) + " x " + std::to_string(a.n2) : " in one step";
    if (natural()) s += a.n1 > 1 ? " (2 passes)" : " (1 pass)";
    if (a.fused) s += " (the " + std::to_string(a.n1) + "s with the gather and twiddle in one pass)";
  }
  for (const NaturalProgram& q : natural_programs_) s += "; pass " + q.strategy.describe();
  for (size_t i = 0; i < plans_.size(); ++i) s += "; column plan " + std::to_string(i) + ": " + plans_[i]->describe();
  return s;
}

int FourStep2D::dispatches() const {
  if (natural()) return int(natural_.size());
  int n = 1;  // the last pass to the natural layout
  for (const Axis& a : axes_) {
    n += 1 + plans_[size_t(a.plan_b)]->dispatches_per_execute();
    if (a.n1 > 1 && !a.fused) n += 1 + plans_[size_t(a.plan_a)]->dispatches_per_execute();
  }
  return n;
}

std::vector<const gl::Texture*> FourStep2D::targets() const {
  std::vector<const gl::Texture*> out = {&result_};
  if (natural()) out.push_back(&scratch_);
  for (const auto& p : plans_)
    for (const gl::Texture& t : p->targets()) out.push_back(&t);
  return out;
}

const gl::Texture& FourStep2D::spare(int plan, const gl::Texture* reading) const {
  const std::span<const gl::Texture> t = plans_[size_t(plan)]->targets();
  return &t[0] != reading ? t[0] : t[1];
}

void FourStep2D::bind_layout(const gl::Program& program, int inverse, const Axis& a,
                             const Axis* src_axis, const gl::Texture& src,
                             const gl::Texture& dst) const {
  const GLuint prog = program.id();
  glUseProgram(prog);
  glBindImageTexture(FFT_IMAGE_SRC, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glBindImageTexture(FFT_IMAGE_DST, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  auto u = [&](const char* n) { return gl::uniform(program, n); };
  glProgramUniform1i(prog, u("uInverse"), inverse);
  glProgramUniform2i(prog, u("uPlane"), options_.width, options_.height);
  glProgramUniform1i(prog, u("uAxis"), a.axis);
  glProgramUniform2i(prog, u("uSplit"), a.n1, a.n2);
  glProgramUniform2i(prog, u("uLayoutWidth"), a.width_a, a.width_b);
  glProgramUniform1i(prog, u("uSrcAxis"), src_axis ? src_axis->axis : -1);
  glProgramUniform2i(prog, u("uSrcSplit"), src_axis ? src_axis->n1 : 1, src_axis ? src_axis->n2 : 1);
  glProgramUniform1i(prog, u("uSrcWidth"), src_axis ? src_axis->width_b : 1);
}

void FourStep2D::pass(int mode, int inverse, const Axis& a, const Axis* src_axis,
                      const gl::Texture& src, const gl::Texture& dst) {
  bind_layout(program_, inverse, a, src_axis, src, dst);
  if (a.twiddles) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, a.twiddles.id());
  const GLuint prog = program_.id();
  glProgramUniform1i(prog, gl::uniform(program_, "uMode"), mode);
  glProgramUniform3i(prog, gl::uniform(program_, "uDstSize"), dst.width(), dst.height(), dst.layers());
  glDispatchCompute(GLuint((dst.width() + 7) / 8), GLuint((dst.height() + 7) / 8), GLuint(dst.layers()));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

void FourStep2D::fused_pass(int inverse, const Axis& a, const Axis* src_axis,
                            const gl::Texture& src, const gl::Texture& dst) {
  const gl::Program& program = fused_[size_t(a.fused_program)].second;
  bind_layout(program, inverse, a, src_axis, src, dst);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, a.twiddles.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_CHIRP, a.roots.id());
  const int m = a.axis == 0 ? options_.height : options_.width;
  const int64_t lines = int64_t(a.n2) * m * options_.layers;
  glProgramUniform1i(program.id(), gl::uniform(program, "uLines"), int(lines));
  // 512 elements per group (shaders/fft/four_step_fft.comp's TEXELS); groups over x and y.
  const int64_t groups = (lines * a.n1 + 511) / 512;
  const int64_t gx = std::min<int64_t>(groups, 32768), gy = (groups + gx - 1) / gx;
  glDispatchCompute(GLuint(gx), GLuint(gy), 1);
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

std::string FourStep2D::pass_name(int axis, const std::string& what) {
  return std::string("fft.four_step.") + (axis == 0 ? "rows " : "columns ") + what;
}

const gl::Texture& FourStep2D::execute(Direction direction, const gl::Texture& input,
                                       gl::PassTimer* timer) {
  if (natural()) return execute_natural(direction, input, timer);
  const int inverse = direction == Direction::Inverse ? 1 : 0;
  const uint64_t bytes = pass_bytes(options_);
  // Pass names (built only for a timer): the axis, then what the pass does.
  auto label = [&](const Axis& a, const std::string& what) {
    return timer ? pass_name(a.axis, what) : std::string();
  };
  // A column plan's execute as one named pass (its own passes nest inside).
  auto columns = [&](int plan, const std::string& what, const gl::Texture& in) -> const gl::Texture& {
    const Plan& p = *plans_[size_t(plan)];
    gl::ScopedPass scoped(timer, what, bytes * uint64_t(std::max(1, p.dispatches_per_execute())));
    return plans_[size_t(plan)]->execute(direction, in, timer);
  };
  const gl::Texture* cur = &input;
  const Axis* from = nullptr;  // the axis whose layout B holds the natural view of `cur`
  for (const Axis& a : axes_) {
    const gl::Texture* into_b = nullptr;
    if (a.fused) {
      into_b = &spare(a.plan_b, cur);
      gl::ScopedPass p(timer, label(a, "N1=" + std::to_string(a.n1) + " gather+twiddle"), bytes);
      fused_pass(inverse, a, from, *cur, *into_b);
    } else if (a.n1 > 1) {
      const gl::Texture& into_a = spare(a.plan_a, cur);
      {
        gl::ScopedPass p(timer, label(a, "gather"), bytes);
        pass(0, inverse, a, from, *cur, into_a);
      }
      const gl::Texture& done_a = columns(a.plan_a, label(a, "N1=" + std::to_string(a.n1)), into_a);
      into_b = &spare(a.plan_b, &done_a);
      gl::ScopedPass p(timer, label(a, "twiddle"), bytes);
      pass(1, inverse, a, nullptr, done_a, *into_b);
    } else {
      into_b = &spare(a.plan_b, cur);
      gl::ScopedPass p(timer, label(a, "gather"), bytes);
      pass(1, inverse, a, from, *cur, *into_b);
    }
    cur = &columns(a.plan_b,
                   label(a, a.n1 > 1 ? "N2=" + std::to_string(a.n2) : std::to_string(a.n2)), *into_b);
    from = &a;
  }
  {
    gl::ScopedPass p(timer, timer ? "fft.four_step.scatter" : "", bytes);
    pass(2, inverse, axes_.back(), from, *cur, result_);
  }
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return result_;
}

}  // namespace oceanfft::fft::detail
