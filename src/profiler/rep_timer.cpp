// SPDX-License-Identifier: MIT
#include "profiler/rep_timer.h"

#include <glad/gl.h>

#include <chrono>
#include <cstdint>

#include "gl/context.h"
#include "gl/error.h"
#include "gl/objects.h"

namespace oceanfft::profiler {
namespace {

// Pairs of timestamp queries; each pair brackets one call of `work`.
std::vector<uint64_t> timestamp_pairs(gl::Context& ctx, int count, const std::function<void()>& work) {
  std::vector<gl::Query> queries;
  queries.reserve(size_t(count) * 2);
  for (int i = 0; i < count * 2; ++i) queries.push_back(gl::make_query(ctx));
  for (int i = 0; i < count; ++i) {
    glQueryCounter(queries[2 * i].id(), GL_TIMESTAMP);
    work();
    glQueryCounter(queries[2 * i + 1].id(), GL_TIMESTAMP);
  }
  // A benchmark may wait here: nothing is measured any more.
  glFinish();
  std::vector<uint64_t> stamps(queries.size());
  for (size_t i = 0; i < queries.size(); ++i)
    glGetQueryObjectui64v(queries[i].id(), GL_QUERY_RESULT, &stamps[i]);
  if (ctx.check_errors("timestamp queries"))
    throw Error(ErrorCode::GlRuntime, "GL error while reading timestamp queries");
  return stamps;
}

}  // namespace

std::string_view timer_name(TimerKind kind) {
  return kind == TimerKind::Gpu ? "gpu" : "cpu-glfinish";
}

int timestamp_bits() {
  GLint bits = 0;
  glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
  return bits;
}

bool gpu_timers_work(gl::Context& ctx, const std::function<void()>& work, int tries) {
  if (timestamp_bits() == 0) return false;
  std::vector<uint64_t> s = timestamp_pairs(ctx, tries, work);
  for (int i = 0; i < tries; ++i)
    if (s[2 * i + 1] > s[2 * i]) return true;
  return false;
}

bool is_software_renderer(std::string_view renderer) {
  for (std::string_view soft : {"llvmpipe", "softpipe", "SwiftShader", "lavapipe"})
    if (renderer.find(soft) != std::string_view::npos) return true;
  return false;
}

std::string gpu_timer_problem(gl::Context& ctx, const std::function<void()>& work) {
  const std::string& renderer = ctx.info().renderer;
  if (timestamp_bits() == 0) return "GPU timers unavailable: the driver has 0 timestamp bits";
  if (is_software_renderer(renderer))
    return "GPU timers unavailable: software renderer (" + renderer +
           ") timestamps follow the CPU, not the work";
  if (!gpu_timers_work(ctx, work)) return "GPU timers unavailable: the driver returns 0 durations";
  return {};
}

std::vector<double> time_reps(gl::Context& ctx, TimerKind kind, int reps,
                              const std::function<void()>& work) {
  std::vector<double> ms(size_t(std::max(reps, 0)));
  if (reps <= 0) return ms;
  if (kind == TimerKind::Gpu) {
    std::vector<uint64_t> s = timestamp_pairs(ctx, reps, work);
    for (int i = 0; i < reps; ++i)
      ms[i] = s[2 * i + 1] >= s[2 * i] ? double(s[2 * i + 1] - s[2 * i]) * 1e-6 : 0.0;
    return ms;
  }
  using clock = std::chrono::steady_clock;
  for (int i = 0; i < reps; ++i) {
    glFinish();
    const auto t0 = clock::now();
    work();
    glFinish();
    ms[i] = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
  }
  return ms;
}

}  // namespace oceanfft::profiler
