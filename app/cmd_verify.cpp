// `oceanfft verify`: every algorithm x size x direction against FFTW in double.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "fft/data.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::app {

void add_verify(CLI::App& app, Commands& out) {
  struct Args {
    std::string sizes = "2,4,8,16,32,64,128,256,512,1024";
    std::string algorithms = "all";
    std::string json;
    int layers = 1;
    double tolerance = 1e-6;
    uint64_t seed = 0;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("verify", "check every algorithm against FFTW (double)");
  cmd->add_option("--sizes", args->sizes,
                  "comma-separated square sizes: any in 1..4096 for fast, powers of two for the others");
  cmd->add_option("--algorithms", args->algorithms, "comma-separated names, or 'all'");
  cmd->add_option("--layers", args->layers, "rgba32f layers per transform");
  cmd->add_option("--tolerance", args->tolerance, "largest relative L2 error allowed");
  cmd->add_option("--seed", args->seed, "random seed (0: time-based, printed)");
  cmd->add_option("--json", args->json, "also write the results as JSON");
  auto number = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1e", v);
    return std::string(buf);
  };
  out.push_back({cmd, [args, number]() -> int {
    const std::vector<fft::Algorithm> algorithms = parse_algorithms(args->algorithms);
    std::vector<int> sizes = parse_int_list(args->sizes, "size");
    for (int n : sizes)
      for (fft::Algorithm a : algorithms) {
        fft::Options o;
        o.width = o.height = n;
        o.layers = args->layers;
        o.algorithm = a;
        if (auto s = fft::validate_shape(o); s != fft::Status::Ok)
          throw Error(ErrorCode::InvalidArgument, fft::describe(s, o));
      }
    if (args->layers < 1) throw Error(ErrorCode::InvalidArgument, "--layers must be at least 1");
    if (!(args->tolerance > 0.0) || !std::isfinite(args->tolerance))
      throw Error(ErrorCode::InvalidArgument,
                  "--tolerance must be a positive number, got " + std::to_string(args->tolerance));
    require_writable(args->json, "the JSON report");
    uint64_t seed = args->seed ? args->seed
                               : uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    auto ctx = gl::create_headless();
    gl::ShaderLibrary shaders(*ctx);
    std::printf("renderer: %s | %s\nseed: %llu, layers: %d, tolerance: %.1e\n",
                ctx->info().renderer.c_str(), ctx->info().version.c_str(),
                (unsigned long long)seed, args->layers, args->tolerance);
    std::printf("%-14s %6s %14s %14s  %s\n", "algorithm", "N", "forward", "inverse", "");
    nlohmann::json results = nlohmann::json::array();
    bool ok = true;
    uint64_t case_seed = seed;
    for (fft::Algorithm a : algorithms) {
      for (int n : sizes) {
        fft::Options o;
        o.width = o.height = n;
        o.layers = args->layers;
        o.algorithm = a;
        fft::Plan plan(o, shaders);
        gl::Texture tex = gl::make_complex_texture(*ctx, n, n, o.layers);
        double err[2];
        for (int d = 0; d < 2; ++d) {
          auto dir = d == 0 ? fft::Direction::Forward : fft::Direction::Inverse;
          fft::Planes in = fft::random_planes(n, n, o.layers, case_seed++);
          fft::upload(tex, in);
          for (const gl::Texture& t : plan.targets()) fft::poison(t);
          fft::Planes res = fft::download(plan.execute(dir, tex));
          err[d] = fft::relative_l2(res, fft::reference(in, dir));
        }
        const bool pass = err[0] <= args->tolerance && err[1] <= args->tolerance;
        ok = ok && pass;
        std::printf("%-14s %6d %14.3e %14.3e  %s\n", std::string(fft::name(a)).c_str(), n, err[0],
                    err[1], pass ? "ok" : "FAIL");
        std::fflush(stdout);
        results.push_back({{"algorithm", fft::name(a)}, {"n", n}, {"forward", err[0]},
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
