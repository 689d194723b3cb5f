// SPDX-License-Identifier: MIT
// `oceanfft fft`: transform a raw complex64 file on the GPU.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "commands.h"
#include "fft/buffer.h"
#include "fftref/data.h"
#include "fft/long.h"
#include "fft/fft.h"
#include "fft/real.h"
#include "fftref/real_data.h"
#include "fft/volume.h"
#include "gl/error.h"
#include "io/file.h"
#include "io/number.h"

namespace oceanfft::app {

void require_writable(const std::string& path, const char* what) { io::require_writable(path, what); }

std::vector<int> parse_int_list(const std::string& text, const char* what) {
  std::vector<int> out;
  for (const std::string& item : io::split_list(text)) {
    // One number rule everywhere (io/number.h): decimal, no spaces, no prefixes.
    if (!io::decimal_problem(item, io::NumberKind::Signed).empty())
      throw Error(ErrorCode::InvalidArgument,
                  std::string("invalid ") + what + " list '" + text + "': '" + item + "' is not a decimal integer");
    const int64_t v = io::parse_int(item, std::string(what) + " in '" + text + "'", -(int64_t(1) << 30), int64_t(1) << 30);
    out.push_back(int(v));
  }
  return out;
}

std::vector<fft::Algorithm> parse_algorithms(const std::string& text) {
  if (text == "all") return {fft::all_algorithms().begin(), fft::all_algorithms().end()};
  std::vector<fft::Algorithm> out;
  for (const std::string& n : io::split_list(text)) {
    auto a = fft::parse_algorithm(n);
    if (!a)
      throw Error(ErrorCode::InvalidArgument,
                  "unknown algorithm '" + n + "'; choose one of: " + fft::algorithm_list() + ", or all");
    out.push_back(*a);
  }
  return out;
}

namespace {

// Real and imaginary parts that are NaN or infinite.
size_t non_finite(const fft::Planes& p) {
  size_t n = 0;
  for (const std::complex<float>& c : p.data) n += !std::isfinite(c.real()) + !std::isfinite(c.imag());
  return n;
}

// A result of the real, 3D, four-step or buffer paths that holds NaN or infinity is refused
// (finite input can overflow float32); nothing is written.
void require_finite_result(const fft::Planes& p) {
  if (const size_t bad = non_finite(p))
    throw Error(ErrorCode::NonFinite, "the input or the result holds " + std::to_string(bad) +
                                          " NaN or infinite value(s); no output written");
}

// Where `fft` keeps compiled programs: --program-cache, else $XDG_CACHE_HOME/oceanfft, else
// $HOME/.cache/oceanfft (the XDG base directory rule); none when neither is set.
std::string default_program_cache() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x == '/') return std::string(x) + "/oceanfft";
  if (const char* h = std::getenv("HOME"); h && *h == '/') return std::string(h) + "/.cache/oceanfft";
  return {};
}

// The program cache's notices (a driver without binary formats, an ignored file) on stdout:
// stderr is kept for the one line a failing command prints.
void route_cache_notices(gl::Context& ctx) {
  ctx.set_log([](const std::string& m) {
    std::fprintf(m.rfind("program cache: ", 0) == 0 ? stdout : stderr, "%s\n", m.c_str());
  });
}

// --real: R2C forward (real planes in, half spectra out) or C2R inverse.
template <class Args>
int run_real(const Args& args, const fft::Options& o) {
  if (auto s = fft::validate_real_shape(o); s != fft::Status::Ok)
    throw Error(ErrorCode::InvalidArgument, fft::describe(s, o));
  const int half = fft::spectrum_texels(o.width);
  fft::RealPlanes real;
  fft::Planes spectrum;
  if (args.inverse)
    spectrum = fft::read_raw(args.input, half, o.height, o.layers);
  else
    real = fft::read_real_raw(args.input, o.width, o.height, o.layers);
  require_writable(args.output, "the output");
  auto ctx = gl::create_headless();
  route_cache_notices(*ctx);
  gl::ShaderLibrary shaders(*ctx);
  fft::RealPlan plan(o, shaders);
  if (args.inverse) {
    gl::Texture tex = gl::make_complex_texture(*ctx, half, o.height, o.layers);
    fft::upload(tex, spectrum);
    real = fft::download_real(plan.inverse(tex), o.width);
  } else {
    gl::Texture tex = gl::make_complex_texture(*ctx, fft::real_texels(o.width), o.height, o.layers);
    fft::upload_real(tex, real);
    spectrum = fft::download(plan.forward(tex));
  }
  if (ctx->check_errors("fft") || ctx->error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
  // A non-finite value in (finite input gives none) or out is refused, nothing written.
  const auto finite = [](float v) { return std::isfinite(v); };
  bool ok = std::all_of(real.data.begin(), real.data.end(), finite);
  for (const auto& c : spectrum.data) ok = ok && finite(c.real()) && finite(c.imag());
  if (!ok)
    throw Error(ErrorCode::NonFinite, "the input or the result holds NaN or infinity; no output written");
  if (args.inverse)
    fft::write_real_raw(args.output, real);
  else
    fft::write_raw(args.output, spectrum);
  return 0;
}

// --dims 3: the file holds volume 0's slices, then volume 1's (numpy reshape(2, D, H, W)); on the
// GPU slice z of volume v is layer z, channel pair v, so planes are reordered on the way.
template <class Args>
int run_volume(const Args& args, const fft::Options& o) {
  const int d = args.depth;
  if (d < 1 || d > fft::kMaxSize)
    throw Error(ErrorCode::InvalidArgument, "--depth " + std::to_string(d) + " is outside 1.." +
                                                std::to_string(fft::kMaxSize));
  if (auto s = fft::validate_shape(o); s != fft::Status::Ok)
    throw Error(ErrorCode::InvalidArgument, fft::describe(s, o));
  const fft::Planes file = fft::read_raw(args.input, o.width, o.height, d);
  require_writable(args.output, "the output");
  const size_t n = file.plane_size();
  const auto reorder = [&](const fft::Planes& from, bool to_gpu) {
    fft::Planes to(from.width, from.height, from.layers);
    for (int v = 0; v < 2; ++v)
      for (int z = 0; z < d; ++z) {
        const int f = v * d + z, g = 2 * z + v;
        std::copy_n(from.plane(to_gpu ? f : g), n, to.plane(to_gpu ? g : f));
      }
    return to;
  };
  auto ctx = gl::create_headless();
  route_cache_notices(*ctx);
  gl::ShaderLibrary shaders(*ctx);
  fft::VolumePlan plan(o, d, shaders);
  gl::Texture tex = gl::make_complex_texture(*ctx, o.width, o.height, d);
  fft::upload(tex, reorder(file, true));
  const fft::Planes res =
      reorder(fft::download(plan.execute(args.inverse ? fft::Direction::Inverse : fft::Direction::Forward, tex)), false);
  if (ctx->check_errors("fft") || ctx->error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
  require_finite_result(res);
  fft::write_raw(args.output, res);
  return 0;
}

// --dims 1 beyond 4096: the four-step plan. Each line of the file, N values in order, is one
// folded plane of the plan's image as it stands; only the planes are regrouped.
template <class Args>
int run_long(const Args& args, const fft::Options& o) {
  if (o.width > fft::kMaxLongSize || o.height < 1 || o.layers < 1)
    throw Error(ErrorCode::InvalidArgument, "--width " + std::to_string(o.width) +
                                                " is outside 1.." + std::to_string(fft::kMaxLongSize) +
                                                " for --dims 1 (or no lines)");
  const auto split = fft::long_split(o.width, o.algorithm);
  if (!split.first)
    throw Error(ErrorCode::InvalidArgument,
                "--width " + std::to_string(o.width) + " has no split into two factors of at most " +
                    std::to_string(fft::kMaxSize) + " that " + std::string(fft::name(o.algorithm)) + " takes");
  const fft::Planes in = fft::read_raw(args.input, o.width, o.height, o.layers);
  require_writable(args.output, "the output");
  const int n1 = split.first, n2 = split.second, h = o.height;
  const size_t n = size_t(o.width);
  fft::Planes folded(n2, n1, h * o.layers);
  for (int l = 0; l < o.layers; ++l)
    for (int c = 0; c < 2; ++c)
      for (int y = 0; y < h; ++y)
        std::copy_n(in.plane(2 * l + c) + n * y, n, folded.plane(2 * (l * h + y) + c));
  auto ctx = gl::create_headless();
  route_cache_notices(*ctx);
  gl::ShaderLibrary shaders(*ctx);
  fft::LongPlan plan(o, shaders);
  gl::Texture tex = gl::make_complex_texture(*ctx, n2, n1, h * o.layers);
  fft::upload(tex, folded);
  const fft::Planes got =
      fft::download(plan.execute(args.inverse ? fft::Direction::Inverse : fft::Direction::Forward, tex));
  if (ctx->check_errors("fft") || ctx->error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
  fft::Planes res(o.width, h, o.layers);
  for (int l = 0; l < o.layers; ++l)
    for (int c = 0; c < 2; ++c)
      for (int y = 0; y < h; ++y)
        std::copy_n(got.plane(2 * (l * h + y) + c), n, res.plane(2 * l + c) + n * y);
  require_finite_result(res);
  fft::write_raw(args.output, res);
  return 0;
}

// --buffer: the file's packed complex64 planes are the buffer layout as they are.
template <class Args>
int run_buffer(const Args& args, const fft::Options& o, const fft::Planes& in, gl::Context& ctx,
               const gl::ShaderLibrary& shaders) {
  fft::BufferPlan plan(o, shaders);
  gl::Buffer buffer = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, in.bytes(), in.data.data(), GL_DYNAMIC_COPY);
  plan.execute(args.inverse ? fft::Direction::Inverse : fft::Direction::Forward, buffer, {}, buffer, {});
  fft::Planes res(o.width, o.height, o.layers);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(res.bytes()), res.data.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  if (ctx.check_errors("fft") || ctx.error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
  require_finite_result(res);
  fft::write_raw(args.output, res);
  return 0;
}

}  // namespace

void add_fft(CLI::App& app, Commands& out) {
  struct Args {
    std::string algorithm = std::string(fft::name(fft::kDefaultAlgorithm)), input, output;
    int width = 0, height = 0, layers = 1, dims = 2, depth = 0;
    bool inverse = false, list = false, real = false, no_cache = false, buffer = false,
         allow_non_finite = false;
    std::string cache;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("fft", "2D complex FFT of a raw complex64 file on the GPU");
  cmd->add_flag("--list-algorithms", args->list, "print the algorithm names, one per line");
  cmd->add_option("--algorithm", args->algorithm, "algorithm name (see --list-algorithms)")
      ->default_str(std::string(fft::name(fft::kDefaultAlgorithm)));
  CLI::Option* width = cmd->add_option(
      "--width", args->width, "width: 1..4096 for fast, a power of two in 2..4096 for the others");
  CLI::Option* height = cmd->add_option(
      "--height", args->height, "height: 1..4096 for fast, a power of two in 2..4096 for the others");
  cmd->add_option("--layers", args->layers, "rgba32f layers; the file holds 2*L planes");
  cmd->add_flag("--inverse", args->inverse, "inverse transform, scaled by 1/(W*H)");
  cmd->add_option("--dims", args->dims,
                  "2: 2D transforms; 1: 1D transforms along x, one per row (height is the batch); "
                  "3: two volumes of --depth slices");
  cmd->add_option("--depth", args->depth, "slices of a 3D volume (--dims 3)");
  cmd->add_flag("--real", args->real,
                "real transforms: R2C forward (float32 in, W/2+1 x H complex64 out), C2R with "
                "--inverse (docs/formats.md)");
  cmd->add_flag("--buffer", args->buffer,
                "run through storage buffers (fft::BufferPlan) instead of images (complex only)");
  cmd->add_option("--program-cache", args->cache,
                  "directory for compiled programs (default $XDG_CACHE_HOME/oceanfft or ~/.cache/oceanfft)");
  cmd->add_flag("--no-program-cache", args->no_cache, "compile every program, store none");
  cmd->add_option("--input", args->input, "raw little-endian complex64 input");
  cmd->add_option("--output", args->output, "raw complex64 output");
  cmd->add_flag("--allow-non-finite-input", args->allow_non_finite,
                "transform an input that holds NaN or infinite values (refused otherwise); the "
                "result is then not checked either");
  out.push_back({cmd, [args, width, height]() -> int {
    if (args->list) {
      for (fft::Algorithm a : fft::all_algorithms()) std::printf("%s\n", std::string(fft::name(a)).c_str());
      return 0;
    }
    auto algorithm = fft::parse_algorithm(args->algorithm);
    if (!algorithm)
      throw Error(ErrorCode::InvalidArgument, "unknown algorithm '" + args->algorithm +
                                                  "'; choose one of: " + fft::algorithm_list());
    // Presence, not value: an explicit 0 is a bad size and validate_shape() says so.
    if (!width->count() || !height->count())
      throw Error(ErrorCode::InvalidArgument, "--width and --height are required");
    if (args->input.empty() || args->output.empty())
      throw Error(ErrorCode::InvalidArgument, "--input and --output are required");
    fft::Options o;
    o.width = args->width;
    o.height = args->height;
    o.layers = args->layers;
    o.algorithm = *algorithm;
    if (args->dims < 1 || args->dims > 3)
      throw Error(ErrorCode::InvalidArgument,
                  "--dims " + std::to_string(args->dims) + ": expected 1, 2 or 3");
    if ((args->dims == 3) != (args->depth != 0))
      throw Error(ErrorCode::InvalidArgument, "--depth goes with --dims 3, and --dims 3 needs it");
    if (args->dims == 3 && (args->real || args->buffer || args->layers != 1))
      throw Error(ErrorCode::InvalidArgument, "--dims 3 takes complex images: no --real, --buffer or --layers");
    o.axes = args->dims == 1 ? fft::Axes::Rows : fft::Axes::Both;
    if (!args->no_cache) o.program_cache = args->cache.empty() ? default_program_cache() : args->cache;
    if (args->real && args->buffer)
      throw Error(ErrorCode::InvalidArgument, "--buffer takes complex transforms only, not --real");
    if (args->real) return run_real(*args, o);
    if (args->dims == 3) return run_volume(*args, o);
    if (args->dims == 1 && o.width > fft::kMaxSize && !args->buffer) return run_long(*args, o);
    // Validate against the hard limits before touching the file or the GPU.
    if (auto s = fft::validate_shape(o); s != fft::Status::Ok)
      throw Error(ErrorCode::InvalidArgument, fft::describe(s, o));
    fft::Planes in = fft::read_raw(args->input, o.width, o.height, o.layers);
    if (const size_t bad = non_finite(in); bad && !args->allow_non_finite)
      throw Error(ErrorCode::InvalidArgument,
                  "the input file " + io::quote(args->input) + " holds " + std::to_string(bad) +
                      " NaN or infinite value(s); pass --allow-non-finite-input to transform it anyway");
    require_writable(args->output, "the output");
    auto ctx = gl::create_headless();
    route_cache_notices(*ctx);
    gl::ShaderLibrary shaders(*ctx);
    if (args->buffer) return run_buffer(*args, o, in, *ctx, shaders);
    fft::Plan plan(o, shaders);
    gl::Texture tex = gl::make_complex_texture(*ctx, o.width, o.height, o.layers);
    fft::upload(tex, in);
    const gl::Texture& result =
        plan.execute(args->inverse ? fft::Direction::Inverse : fft::Direction::Forward, tex);
    fft::Planes res = fft::download(result);
    if (ctx->check_errors("fft") || ctx->error_count())
      throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
    // Finite input can still overflow (sums of values near 3.4e38): never written as a result.
    if (const size_t bad = non_finite(res); bad && !args->allow_non_finite)
      throw Error(ErrorCode::NonFinite, "the transform produced " + std::to_string(bad) +
                                            " NaN or infinite value(s) (float32 overflow); no output written");
    fft::write_raw(args->output, res);
    return 0;
  }});
}

}  // namespace oceanfft::app
