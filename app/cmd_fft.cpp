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
#include "fft_job.h"
#include "fft/buffer.h"
#include "fftref/data.h"
#include "fft/long.h"
#include "fft/fft.h"
#include "fft/real.h"
#include "fftref/real_data.h"
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

// The input file of `job` as floats in file order; its size is checked against the shape first.
std::vector<float> read_input(const std::string& path, const FftJob& job, bool inverse) {
  const fft::BufferShape s = job.shape(inverse, false);
  if (s.real) return fft::read_real_raw(path, s.width, s.height, s.planes / 2).data;
  const fft::Planes p = fft::read_raw(path, s.width, s.height, s.planes / 2);
  std::vector<float> f(p.data.size() * 2);
  std::memcpy(f.data(), p.data.data(), p.bytes());
  return f;
}

void write_output(const std::string& path, const FftJob& job, bool inverse, const std::vector<float>& f) {
  const fft::BufferShape s = job.shape(inverse, true);
  if (s.real) {
    fft::RealPlanes p(s.width, s.height, s.planes / 2);
    p.data = f;
    fft::write_real_raw(path, p);
    return;
  }
  fft::Planes p(s.width, s.height, s.planes / 2);
  for (size_t i = 0; i < p.data.size(); ++i) p.data[i] = {f[2 * i], f[2 * i + 1]};
  fft::write_raw(path, p);
}

size_t non_finite(const std::vector<float>& f) {
  return size_t(std::count_if(f.begin(), f.end(), [](float v) { return !std::isfinite(v); }));
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
  CLI::App* cmd = app.add_subcommand("fft", "FFT of a raw complex64 or float32 file on the GPU (2D, 1D, 3D, real)");
  cmd->add_flag("--list-algorithms", args->list, "print the algorithm names, one per line");
  cmd->add_option("--algorithm", args->algorithm, "algorithm name (see --list-algorithms)")
      ->default_str(std::string(fft::name(fft::kDefaultAlgorithm)));
  CLI::Option* width = cmd->add_option(
      "--width", args->width,
      "width: 1..4096 for fast, a power of two in 2..4096 for the others; up to 65536 by the "
      "four-step method where the length splits into two such factors");
  CLI::Option* height = cmd->add_option(
      "--height", args->height, "height: as --width");
  cmd->add_option("--layers", args->layers, "rgba32f layers; the file holds 2*L planes");
  cmd->add_flag("--inverse", args->inverse, "inverse transform, scaled by 1/(number of points transformed)");
  cmd->add_option("--dims", args->dims,
                  "2: 2D transforms; 1: 1D transforms along x, one per row (height is the batch); "
                  "3: two volumes of --depth slices");
  cmd->add_option("--depth", args->depth, "slices of a 3D volume (--dims 3)");
  cmd->add_flag("--real", args->real,
                "real transforms: R2C forward (float32 in, W/2+1 x H complex64 out), C2R with "
                "--inverse (docs/formats.md)");
  cmd->add_flag("--buffer", args->buffer,
                "run through storage buffers (fft/buffer.h) instead of images; the file is the "
                "packed buffer layout");
  cmd->add_option("--program-cache", args->cache,
                  "directory for compiled programs (default $XDG_CACHE_HOME/oceanfft or ~/.cache/oceanfft)");
  cmd->add_flag("--no-program-cache", args->no_cache, "compile every program, store none");
  cmd->add_option("--input", args->input, "raw little-endian complex64 input (float32 for --real forward)");
  cmd->add_option("--output", args->output, "raw complex64 output (float32 for --real --inverse)");
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
    if (args->dims == 3 && args->layers != 1)
      throw Error(ErrorCode::InvalidArgument, "--dims 3 holds two volumes: no --layers");
    o.axes = args->dims == 1 ? fft::Axes::Rows : fft::Axes::Both;
    if (!args->no_cache) o.program_cache = args->cache.empty() ? default_program_cache() : args->cache;
    if (args->dims == 1 && o.width > fft::kMaxSize && !args->buffer) {
      if (args->real)
        throw Error(ErrorCode::InvalidArgument, "--width " + std::to_string(o.width) +
                                                    ": lines beyond " + std::to_string(fft::kMaxSize) +
                                                    " take no --real");
      return run_long(*args, o);
    }
    FftJob job;
    job.options = o;
    job.dims = args->dims;
    job.depth = args->depth;
    job.real = args->real;
    job.buffer = args->buffer;
    // Validate against the hard limits before touching the file or the GPU.
    validate(job);
    const std::vector<float> in = read_input(args->input, job, args->inverse);
    if (const size_t bad = non_finite(in); bad && !args->allow_non_finite)
      throw Error(ErrorCode::InvalidArgument,
                  "the input file " + io::quote(args->input) + " holds " + std::to_string(bad) +
                      " NaN or infinite value(s); pass --allow-non-finite-input to transform it anyway");
    require_writable(args->output, "the output");
    auto ctx = gl::create_headless();
    route_cache_notices(*ctx);
    gl::ShaderLibrary shaders(*ctx);
    FftRunner runner(job, shaders);
    const std::vector<float> res = runner.run(args->inverse, in);
    if (ctx->check_errors("fft") || ctx->error_count())
      throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");
    // Finite input can still overflow (sums of values near 3.4e38): never written as a result.
    if (const size_t bad = non_finite(res); bad && !args->allow_non_finite)
      throw Error(ErrorCode::NonFinite, "the transform produced " + std::to_string(bad) +
                                            " NaN or infinite value(s) (float32 overflow); no output written");
    write_output(args->output, job, args->inverse, res);
    return 0;
  }});
}

}  // namespace oceanfft::app
