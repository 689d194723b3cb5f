// SPDX-License-Identifier: MIT
// `oceanfft verify`: every algorithm x size x direction against FFTW in double.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "bench/fft_env.h"
#include "fft/buffer.h"
#include "fft/data.h"
#include "fft/fft.h"
#include "fft/real.h"
#include "fft/real_data.h"
#include "fft/volume.h"
#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::app {

void add_verify(CLI::App& app, Commands& out) {
  struct Args {
    std::string sizes = "2,4,8,16,32,64,128,256,512,1024";
    std::string algorithms = "all";
    std::string json;
    int layers = 1, dims = 2;
    bool real = false, buffer = false;
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
  cmd->add_option("--dims", args->dims, "2: N x N transforms; 1: N-point lines, 3 per call; 3: N^3 volumes");
  cmd->add_flag("--real", args->real, "real transforms: R2C forward, C2R inverse");
  cmd->add_flag("--buffer", args->buffer, "complex transforms through storage buffers");
    auto number = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1e", v);
    return std::string(buf);
  };
  out.push_back({cmd, [args, number]() -> int {
    const std::vector<fft::Algorithm> algorithms = parse_algorithms(args->algorithms);
    std::vector<int> sizes = parse_int_list(args->sizes, "size");
    if (args->real && args->buffer)
      throw Error(ErrorCode::InvalidArgument, "--buffer takes complex transforms only, not --real");
    if (args->dims < 1 || args->dims > 3)
      throw Error(ErrorCode::InvalidArgument, "--dims " + std::to_string(args->dims) + ": expected 1, 2 or 3");
    if (args->dims == 3 && (args->real || args->buffer))
      throw Error(ErrorCode::InvalidArgument, "--dims 3 is verified for complex images only");
    const fft::Axes axes = args->dims == 1 ? fft::Axes::Rows : fft::Axes::Both;
    // The kernel variant a device run selects (OCEANFFT_FFT_SHUFFLE and the like).
    const bench::FftVariant variant = bench::fft_variant_from_env();
    // 1D: three lines per call, so a batch is exercised.
    const auto shape = [&](int n, fft::Algorithm a) {
      fft::Options o;
      bench::apply(variant, o);
      o.width = n;
      o.height = args->dims == 1 ? 3 : n;
      o.layers = args->layers;
      o.algorithm = a;
      o.axes = axes;
      return o;
    };
    for (int n : sizes)
      for (fft::Algorithm a : algorithms) {
        const fft::Options o = shape(n, a);
        if (auto s = args->real ? fft::validate_real_shape(o) : fft::validate_shape(o); s != fft::Status::Ok)
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
    std::printf("renderer: %s | %s\nseed: %llu, layers: %d, tolerance: %.1e%s%s\n",
                ctx->info().renderer.c_str(), ctx->info().version.c_str(),
                (unsigned long long)seed, args->layers, args->tolerance,
                args->real ? ", real (R2C forward, C2R inverse)" : "",
                args->dims == 1 ? ", 1D lines" : "");
    std::printf("%-14s %6s %14s %14s  %s\n", "algorithm", "N", "forward", "inverse", "");
    nlohmann::json results = nlohmann::json::array();
    bool ok = true;
    uint64_t case_seed = seed;
    for (fft::Algorithm a : algorithms) {
      for (int n : sizes) {
        const fft::Options o = shape(n, a);
        double err[2];
        if (args->real) {
          fft::RealPlan plan(o, shaders);
          const fft::RealPlanes in = fft::random_real_planes(o.width, o.height, o.layers, case_seed++);
          gl::Texture real = gl::make_complex_texture(*ctx, fft::real_texels(o.width), o.height, o.layers);
          fft::upload_real(real, in);
          for (const gl::Texture* t : plan.targets()) fft::poison(*t);
          const auto ref = fft::reference_r2c(in, axes);
          err[0] = fft::relative_l2(fft::download(plan.forward(real)), ref);
          // C2R of FFTW's half spectrum of fresh data (Hermitian, as C2R needs).
          const auto ref2 = fft::reference_r2c(
              fft::random_real_planes(o.width, o.height, o.layers, case_seed++), axes);
          fft::Planes half(fft::spectrum_texels(o.width), o.height, o.layers);
          for (size_t i = 0; i < ref2.size(); ++i)
            half.data[i] = {float(ref2[i].real()), float(ref2[i].imag())};
          gl::Texture spec = gl::make_complex_texture(*ctx, half.width, o.height, o.layers);
          fft::upload(spec, half);
          for (const gl::Texture* t : plan.targets()) fft::poison(*t);
          err[1] = fft::relative_l2(fft::download_real(plan.inverse(spec), o.width),
                                    fft::reference_c2r(half, o.width, axes));
        } else if (args->dims == 3) {
          // Two N^3 volumes (layers is ignored), against FFTW's 3D transform.
          fft::VolumePlan plan(o, n, shaders);
          gl::Texture tex = gl::make_complex_texture(*ctx, n, n, n);
          for (int d = 0; d < 2; ++d) {
            auto dir = d == 0 ? fft::Direction::Forward : fft::Direction::Inverse;
            fft::Planes in = fft::random_planes(n, n, n, case_seed++);
            fft::upload(tex, in);
            for (const gl::Texture* t : plan.targets()) fft::poison(*t);
            err[d] = fft::relative_l2(fft::download(plan.execute(dir, tex)), fft::reference_3d(in, dir));
          }
        } else if (args->buffer) {
          fft::BufferPlan plan(o, shaders);
          for (int d = 0; d < 2; ++d) {
            auto dir = d == 0 ? fft::Direction::Forward : fft::Direction::Inverse;
            fft::Planes in = fft::random_planes(o.width, o.height, o.layers, case_seed++);
            gl::Buffer b = gl::make_buffer(*ctx, GL_SHADER_STORAGE_BUFFER, in.bytes(), in.data.data());
            for (const gl::Texture* t : plan.targets()) fft::poison(*t);
            plan.execute(dir, b, {}, b, {});
            fft::Planes res(o.width, o.height, o.layers);
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, b.id());
            glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(res.bytes()), res.data.data());
            glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
            err[d] = fft::relative_l2(res, fft::reference_axes(in, dir, axes));
          }
        } else {
          fft::Plan plan(o, shaders);
          gl::Texture tex = gl::make_complex_texture(*ctx, o.width, o.height, o.layers);
          for (int d = 0; d < 2; ++d) {
            auto dir = d == 0 ? fft::Direction::Forward : fft::Direction::Inverse;
            fft::Planes in = fft::random_planes(o.width, o.height, o.layers, case_seed++);
            fft::upload(tex, in);
            for (const gl::Texture& t : plan.targets()) fft::poison(t);
            fft::Planes res = fft::download(plan.execute(dir, tex));
            err[d] = fft::relative_l2(res, fft::reference_axes(in, dir, axes));
          }
        }
        const bool pass = err[0] <= args->tolerance && err[1] <= args->tolerance;
        ok = ok && pass;
        std::printf("%-14s %6d %14.3e %14.3e  %s\n", std::string(fft::name(a)).c_str(), n, err[0],
                    err[1], pass ? "ok" : "FAIL");
        std::fflush(stdout);
        results.push_back({{"algorithm", fft::name(a)}, {"n", n}, {"real", args->real}, {"buffer", args->buffer},
                           {"dims", args->dims}, {"forward", err[0]},
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
