// `oceanfft fft`: transform a raw complex64 file on the GPU.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "commands.h"
#include "fft/data.h"
#include "fft/fft.h"
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
}  // namespace

void add_fft(CLI::App& app, Commands& out) {
  struct Args {
    std::string algorithm = "stockham-r4", input, output;
    int width = 0, height = 0, layers = 1;
    bool inverse = false, list = false, allow_non_finite = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("fft", "2D complex FFT of a raw complex64 file on the GPU");
  cmd->add_flag("--list-algorithms", args->list, "print the algorithm names, one per line");
  cmd->add_option("--algorithm", args->algorithm, "algorithm name (see --list-algorithms)");
  CLI::Option* width = cmd->add_option(
      "--width", args->width, "width: 1..4096 for fast, a power of two in 2..4096 for the others");
  CLI::Option* height = cmd->add_option(
      "--height", args->height, "height: 1..4096 for fast, a power of two in 2..4096 for the others");
  cmd->add_option("--layers", args->layers, "rgba32f layers; the file holds 2*L planes");
  cmd->add_flag("--inverse", args->inverse, "inverse transform, scaled by 1/(W*H)");
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
    gl::ShaderLibrary shaders(*ctx);
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
