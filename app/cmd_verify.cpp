// SPDX-License-Identifier: MIT
// `oceanfft verify`: every algorithm x size x direction against FFTW in double.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "bench/fft_env.h"
#include "fft_job.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::app {

void add_verify(CLI::App& app, Commands& out) {
  struct Args {
    std::string sizes = "2,4,8,16,32,64,128,256,512,1024";
    std::string algorithms = "all";
    std::string json;
    int layers = 1, dims = 2, height = 0;
    bool real = false, buffer = false;
    double tolerance = 1e-6;
    uint64_t seed = 0;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("verify", "check every algorithm against FFTW (double)");
  cmd->add_option("--sizes", args->sizes,
                  "comma-separated square sizes: any in 1..4096 for fast, powers of two for the "
                  "others; up to 65536 by the four-step method where the length splits");
  cmd->add_option("--height", args->height,
                  "--dims 2: this height for every size instead of square (8192 x 16, say)");
  cmd->add_option("--algorithms", args->algorithms, "comma-separated names, or 'all'");
  cmd->add_option("--layers", args->layers, "rgba32f layers per transform");
  cmd->add_option("--tolerance", args->tolerance, "largest relative L2 error allowed");
  cmd->add_option("--seed", args->seed, "random seed (0: time-based, printed)");
  cmd->add_option("--json", args->json, "also write the results as JSON");
  cmd->add_option("--dims", args->dims, "2: N x N transforms; 1: N-point lines, 3 per call; 3: N^3 volumes");
  cmd->add_flag("--real", args->real, "real transforms: R2C forward, C2R inverse");
  cmd->add_flag("--buffer", args->buffer, "through storage buffers (with any --dims and --real)");
    auto number = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1e", v);
    return std::string(buf);
  };
  out.push_back({cmd, [args, number]() -> int {
    const std::vector<fft::Algorithm> algorithms = parse_algorithms(args->algorithms);
    std::vector<int> sizes = parse_int_list(args->sizes, "size");
    if (args->dims < 1 || args->dims > 3)
      throw Error(ErrorCode::InvalidArgument, "--dims " + std::to_string(args->dims) + ": expected 1, 2 or 3");
    const fft::Axes axes = args->dims == 1 ? fft::Axes::Rows : fft::Axes::Both;
    // The kernel variant a device run selects (OCEANFFT_FFT_SHUFFLE and the like).
    const bench::FftVariant variant = bench::fft_variant_from_env();
    if (variant.transpose == 2)
      throw Error(ErrorCode::InvalidArgument,
                  "OCEANFFT_FFT_TRANSPOSE=spectrum leaves the spectrum transposed, which verify "
                  "does not compare; use between here (bench checks spectrum)");
    // 1D: three lines per call, so a batch is exercised.
    const auto shape = [&](int n, fft::Algorithm a) {
      fft::Options o;
      bench::apply(variant, o);
      o.width = n;
      o.height = args->dims == 1 ? 3 : args->height > 0 ? args->height : n;
      o.layers = args->layers;
      o.algorithm = a;
      o.axes = axes;
      return o;
    };
    // 3D: two N^3 volumes (layers is ignored).
    const auto job = [&](const fft::Options& o, int n) {
      FftJob j;
      j.options = o;
      j.dims = args->dims;
      j.depth = args->dims == 3 ? n : 0;
      if (args->dims == 3) j.options.layers = 1;
      j.real = args->real;
      j.buffer = args->buffer;
      return j;
    };
    if (args->layers < 1) throw Error(ErrorCode::InvalidArgument, "--layers must be at least 1");
    if (args->height < 0 || (args->height > 0 && args->dims != 2))
      throw Error(ErrorCode::InvalidArgument, "--height takes a positive height, with --dims 2 only");
    for (int n : sizes)
      for (fft::Algorithm a : algorithms) validate(job(shape(n, a), n));
    if (!(args->tolerance > 0.0) || !std::isfinite(args->tolerance))
      throw Error(ErrorCode::InvalidArgument,
                  "--tolerance must be a positive number, got " + std::to_string(args->tolerance));
    require_writable(args->json, "the JSON report");
    uint64_t seed = args->seed ? args->seed
                               : uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    auto ctx = gl::create_headless();
    gl::ShaderLibrary shaders(*ctx);
    std::printf("renderer: %s | %s\nseed: %llu, layers: %d, tolerance: %.1e%s%s%s\n",
                ctx->info().renderer.c_str(), ctx->info().version.c_str(),
                (unsigned long long)seed, args->layers, args->tolerance,
                args->real ? ", real (R2C forward, C2R inverse)" : "",
                args->dims == 1 ? ", 1D lines" : args->dims == 3 ? ", 3D volumes" : "",
                args->buffer ? ", storage buffers" : "");
    std::printf("%-14s %6s %14s %14s  %s\n", "algorithm", "N", "forward", "inverse", "");
    nlohmann::json results = nlohmann::json::array();
    bool ok = true;
    uint64_t case_seed = seed;
    for (fft::Algorithm a : algorithms) {
      for (int n : sizes) {
        const fft::Options o = shape(n, a);
        FftRunner runner(job(o, n), shaders);
        double err[2];
        for (int d = 0; d < 2; ++d) {
          const std::vector<float> in = random_input(job(o, n), d == 1, case_seed++);
          err[d] = relative_l2(runner.run(d == 1, in), reference(job(o, n), d == 1, in));
        }
        const bool pass = err[0] <= args->tolerance && err[1] <= args->tolerance;
        ok = ok && pass;
        std::printf("%-14s %6d %14.3e %14.3e  %s\n", std::string(fft::name(a)).c_str(), n, err[0],
                    err[1], pass ? "ok" : "FAIL");
        std::fflush(stdout);
        results.push_back({{"algorithm", fft::name(a)}, {"n", n}, {"real", args->real}, {"buffer", args->buffer},
                           {"dims", args->dims}, {"height", o.height}, {"forward", err[0]},
                           {"inverse", err[1]}, {"pass", pass}});
      }
    }
    int failed = 0;
    std::string first;
    for (const auto& r : results)
      if (!r["pass"].get<bool>() && failed++ == 0)
        first = r["algorithm"].get<std::string>() + " N=" + std::to_string(r["n"].get<int>());
    const bool gl_errors = ctx->check_errors("verify") || ctx->error_count();
    if (gl_errors) ok = false;
    if (!args->json.empty()) {
      io::write_file(args->json,
                     nlohmann::json{{"renderer", ctx->info().renderer}, {"seed", seed},
                                    {"tolerance", args->tolerance}, {"results", results}}
                             .dump(2) + "\n",
                     "the JSON report");
    }
    std::printf("%s\n", ok ? "all within tolerance" : "FAILED: some errors exceed the tolerance");
    std::fflush(stdout);
    // A failure says so on stderr too, where scripts look for it, as every other error does.
    if (gl_errors) throw Error(ErrorCode::Verification, "the GL driver reported errors during verify");
    if (!ok)
      throw Error(ErrorCode::Verification,
                  std::to_string(failed) + " of " + std::to_string(results.size()) +
                      " case(s) exceed the tolerance " + number(args->tolerance) + " (first: " + first + ")");
    return 0;
  }});
}

}  // namespace oceanfft::app
