// SPDX-License-Identifier: MIT
#include "bench/transforms.h"

#include <chrono>

#include "bench/host_data.h"
#include "fftref/data.h"
#include "fft/long.h"
#include "fft/real.h"
#include "fftref/real_data.h"
#include "fft/real_volume.h"
#include "fft/volume.h"
#include "profiler/rep_timer.h"

namespace oceanfft::bench {
namespace {

// Untimed calls for at least timing.warmup repetitions and timing.warmup_ms, then timing.reps
// timed calls in batches of at most kBatchCalls (each batch ends with glFinish).
Summary time_it(gl::Context& ctx, const Timing& timing, const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < timing.warmup ||
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() <
                      timing.warmup_ms;
       ++i) {
    work();
    if (i % kBatchCalls == kBatchCalls - 1) glFinish();
  }
  glFinish();
  const TimerKind kind = choose_timer(timing.timer, ctx).first;
  std::vector<double> ms;
  for (int done = 0; done < timing.reps; done += kBatchCalls) {
    std::vector<double> part = profiler::time_reps(ctx, kind, std::min(kBatchCalls, timing.reps - done), work);
    ms.insert(ms.end(), part.begin(), part.end());
  }
  return profiler::summarize(ms);
}

// A complex plan's round trip on `planes`: forward into the plan's target, copied back, inverse.
template <class P>
TransformRow complex_row(gl::Context& ctx, P& plan, const gl::Texture& input, gl::Texture& work,
                         const fft::Planes& x, const Timing& timing, std::string kind,
                         std::string shape, std::string describe) {
  auto round_trip = [&] {
    const gl::Texture& f = plan.execute(fft::Direction::Forward, input);
    glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, work.id(), GL_TEXTURE_2D_ARRAY, 0,
                       0, 0, 0, work.width(), work.height(), work.layers());
    plan.execute(fft::Direction::Inverse, work);
  };
  TransformRow r{std::move(kind), std::move(shape), time_it(ctx, timing, round_trip), 0, std::move(describe)};
  round_trip();
  const gl::Texture& f = plan.execute(fft::Direction::Forward, input);
  glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, work.id(), GL_TEXTURE_2D_ARRAY, 0, 0,
                     0, 0, work.width(), work.height(), work.layers());
  const fft::Planes back = fft::download(plan.execute(fft::Direction::Inverse, work));
  std::vector<std::complex<double>> want(x.data.begin(), x.data.end());
  r.error = fft::relative_l2(back, want);
  return r;
}

}  // namespace

std::vector<TransformRow> run_transform_bench(gl::Context& ctx, const gl::ShaderLibrary& shaders,
                                              const std::vector<int>& sizes,
                                              const std::vector<int>& volumes,
                                              const std::vector<int>& long_sizes,
                                              const Timing& timing, uint64_t seed,
                                              const std::function<void(const std::string&)>& progress) {
  std::vector<TransformRow> rows;
  for (int n : sizes) {
    const std::string shape = std::to_string(n) + "x" + std::to_string(n);
    progress("c2c and r2c " + shape);
    {
      fft::Options o;
      o.width = o.height = n;
      fft::Plan plan(o, shaders);
      const fft::Planes x = random_input(n, n, 1, seed++);
      gl::Texture in = gl::make_complex_texture(ctx, n, n, 1), work = gl::make_complex_texture(ctx, n, n, 1);
      upload_planes(in, x);
      rows.push_back(complex_row(ctx, plan, in, work, x, timing, "c2c-2d", shape, plan.describe()));
    }
    // Above 4096 the C2C row is the four-step path's; the real and 1D rows stop at 4096.
    if (n > fft::kMaxSize) continue;
    // Two real planes of N x N against the C2C row's two complex planes: the same count of
    // transforms, half the input. "r2c-2d" as the plan chooses (split and join fused where the
    // shape allows), "r2c-2d-sep" with them as passes of their own.
    for (auto passes : {fft::RealPasses::Auto, fft::RealPasses::Separate}) {
      fft::Options o;
      o.width = o.height = n;
      fft::RealPlan plan(o, shaders, passes);
      const fft::RealPlanes x = random_real_input(n, n, 1, seed++);
      gl::Texture in = gl::make_complex_texture(ctx, fft::real_texels(n), n, 1);
      gl::Texture spec = gl::make_complex_texture(ctx, fft::spectrum_texels(n), n, 1);
      fft::upload_real(in, x);
      auto round_trip = [&] {
        const gl::Texture& f = plan.forward(in);
        glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spec.id(), GL_TEXTURE_2D_ARRAY,
                           0, 0, 0, 0, spec.width(), n, 1);
        plan.inverse(spec);
      };
      TransformRow r{passes == fft::RealPasses::Auto ? "r2c-2d" : "r2c-2d-sep", shape,
                     time_it(ctx, timing, round_trip), 0, plan.describe()};
      round_trip();
      const fft::RealPlanes back = fft::download_real(plan.inverse(spec), n);
      r.error = fft::relative_l2(back, std::vector<double>(x.data.begin(), x.data.end()));
      rows.push_back(r);
    }
    {
      progress("1d " + std::to_string(n));
      fft::Options o;
      o.width = n;
      o.height = 64;
      o.axes = fft::Axes::Rows;
      fft::Plan plan(o, shaders);
      const fft::Planes x = random_input(n, 64, 1, seed++);
      gl::Texture in = gl::make_complex_texture(ctx, n, 64, 1), work = gl::make_complex_texture(ctx, n, 64, 1);
      upload_planes(in, x);
      rows.push_back(complex_row(ctx, plan, in, work, x, timing, "c2c-1d",
                                 std::to_string(n) + " x 64 lines", plan.describe()));
    }
  }
  for (int n : volumes) {
    progress("3d " + std::to_string(n));
    fft::Options o;
    o.width = o.height = n;
    fft::VolumePlan plan(o, n, shaders);
    const fft::Planes x = random_input(n, n, n, seed++);
    gl::Texture in = gl::make_complex_texture(ctx, n, n, n), work = gl::make_complex_texture(ctx, n, n, n);
    upload_planes(in, x);
    rows.push_back(complex_row(ctx, plan, in, work, x, timing, "c2c-3d",
                               std::to_string(n) + "^3", plan.describe()));
    // Two real volumes of N^3 against the C2C row's two complex ones.
    fft::RealVolumePlan real(o, n, shaders);
    const fft::RealPlanes r = random_real_input(n, n, n, seed++);
    gl::Texture rin = gl::make_complex_texture(ctx, fft::real_texels(n), n, n);
    gl::Texture spec = gl::make_complex_texture(ctx, fft::spectrum_texels(n), n, n);
    fft::upload_real(rin, r);
    auto round_trip = [&] {
      const gl::Texture& f = real.forward(rin);
      glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spec.id(), GL_TEXTURE_2D_ARRAY,
                         0, 0, 0, 0, spec.width(), n, n);
      real.inverse(spec);
    };
    TransformRow row{"r2c-3d", std::to_string(n) + "^3", time_it(ctx, timing, round_trip), 0, real.describe()};
    round_trip();
    row.error = fft::relative_l2(fft::download_real(real.inverse(spec), n),
                                 std::vector<double>(r.data.begin(), r.data.end()));
    rows.push_back(row);
  }
  for (int n : long_sizes) {
    progress("four-step " + std::to_string(n));
    fft::Options o;
    o.width = n;
    o.height = 8;
    o.layers = 1;
    fft::LongPlan plan(o, shaders);
    const fft::Planes x = random_input(plan.fold_width(), plan.fold_height(), 8, seed++);
    gl::Texture in = gl::make_complex_texture(ctx, plan.fold_width(), plan.fold_height(), 8);
    gl::Texture work = gl::make_complex_texture(ctx, plan.fold_width(), plan.fold_height(), 8);
    upload_planes(in, x);
    rows.push_back(complex_row(ctx, plan, in, work, x, timing, "four-step",
                               std::to_string(n) + " x 16 lines", plan.describe()));
  }
  return rows;
}

}  // namespace oceanfft::bench
