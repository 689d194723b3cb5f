// SPDX-License-Identifier: MIT
#pragma once
// Timing a repeated piece of GL work, for benchmarks: GL_TIMESTAMP queries around each
// repetition where the driver has working timers, else CPU time with glFinish on both sides.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gl/context.h"

namespace oceanfft::profiler {

enum class TimerKind {
  Gpu,        // GL_TIMESTAMP queries
  CpuFinish,  // steady_clock around the work, glFinish before and after
};

// "gpu" or "cpu-glfinish": the spelling used in JSON, CSV and on the panel.
std::string_view timer_name(TimerKind kind);

// GL_QUERY_COUNTER_BITS of GL_TIMESTAMP; 0 means the driver has no timer at all.
int timestamp_bits();

// Runs `work` `tries` times between timestamp queries and reports whether the driver measured
// anything: a driver without timers answers every query with 0 (or one value), so every
// duration is 0.
bool gpu_timers_work(gl::Context& ctx, const std::function<void()>& work, int tries = 3);

// Software rasterizers (llvmpipe, softpipe, SwiftShader) answer timer queries with the CPU clock
// at the moment the query is processed: compute that runs inside the call is covered, work the
// driver defers (llvmpipe's glCopyImageSubData returns before it copies) is not. Their
// "GPU" times are therefore not comparable between passes.
bool is_software_renderer(std::string_view renderer);

// Empty when GPU timers can be trusted on `ctx`, else why not (one line for the user). `work`
// is a small piece of GL work to probe the timer with.
std::string gpu_timer_problem(gl::Context& ctx, const std::function<void()>& work);

// Milliseconds per repetition of `work`, `reps` times back to back. With Gpu the repetitions
// are queued without waiting, so the times are what the GPU spent (including any gap while it
// waited for the CPU to submit); results are read after one glFinish at the end.
std::vector<double> time_reps(gl::Context& ctx, TimerKind kind, int reps,
                              const std::function<void()>& work);

}  // namespace oceanfft::profiler
