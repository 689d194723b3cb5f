// SPDX-License-Identifier: MIT
#pragma once
// The benchmarks behind `oceanfft bench`, as library calls that return data: the FFT of every
// algorithm x size against the device's copy bandwidth with the ocean step (fused and unfused)
// at each size, and whole frames (simulation, sky, water, foam) at a screen size. Headless:
// they run in the context they are given (or the shader library's). The JSON and text layouts
// are the app's (docs/bench/README.md).
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "bench/fft_env.h"
#include "fft/fft.h"
#include "gl/context.h"
#include "gl/shader.h"
#include "ocean/simulation.h"
#include "profiler/rep_timer.h"
#include "profiler/stats.h"
#include "scene/headless_frame.h"

namespace oceanfft::bench {

using profiler::Summary;
using profiler::TimerKind;

// Work is queued in batches of at most this many bytes of memory traffic (or kBatchCalls
// calls), each followed by glFinish: a driver given terabytes of queued traffic at once (20
// cooley-tukey transforms of 4096^2 x 6 layers) may never finish it or lose the results.
inline constexpr double kBatchBytes = 8e9;
inline constexpr int kBatchCalls = 50;

double gbps(uint64_t bytes, double ms);

// How long and how to time; shared by both benchmarks.
struct Timing {
  int reps = 100;
  int warmup = 200;        // at least this many untimed repetitions per case...
  double warmup_ms = 200;  // ...and at least this long, so a GPU's clocks are up when timing starts
  std::string timer = "auto";  // auto, gpu or cpu
};

// One transform shape: W x H. Squares print and serialise as "N", others as "WxH".
struct Shape {
  int width = 0, height = 0;
  bool square() const { return width == height; }
  std::string label() const;
};
// "256,1080x1920,997": N for N x N or WxH, each side any length the engine takes. Decimal only;
// throws Error(InvalidArgument) naming the bad item.
std::vector<Shape> parse_shapes(const std::string& text);

struct FftConfig {
  std::vector<Shape> sizes = {{256, 256}, {512, 512}, {1024, 1024}, {2048, 2048}, {4096, 4096}};
  std::vector<fft::Algorithm> algorithms;  // empty: all
  int layers = 1;
  Timing timing;
  uint64_t seed = 0;  // 0: from the clock
  bool ocean = true;
  int ocean_cascades = 1;
  FftVariant variant;  // for every plan and ocean the run makes
  // After each FFT case's timed runs, `timing.reps` more under the profiler, for each of the
  // plan's outermost passes' median (--passes): where a four-step plan's time goes.
  bool passes = false;
  // The image copy cases (the bandwidth ceiling, "of copy") and each FFT case's error check
  // against FFTW (--no-copy, --no-check): off, a repeated large case costs its timed runs alone.
  bool copy = true;
  bool check = true;
  // fft::Options::long_line_limit for every plan (0: kMaxSize), so the four-step path runs at
  // small sizes.
  int long_line_limit = 0;
};

// Throws Error(InvalidArgument) for settings no run could use; needs no GL context.
void validate(const Timing& t);
void validate(const FftConfig& c);

struct Device {
  gl::ContextInfo info;
  gl::Limits limits;
  int timestamp_bits = 0;
  // Extensions that would let the FFT exchange data within a warp instead of through shared
  // memory: recorded so a run says what the driver offers.
  std::vector<std::pair<std::string, bool>> subgroup_extensions;
};
Device describe_device(const gl::Context& ctx);

// Which timer to trust on this device for `requested` (auto, gpu, cpu), and why in words.
std::pair<TimerKind, std::string> choose_timer(const std::string& requested, gl::Context& ctx);

struct CopyResult {
  Shape size;
  Summary compute, copy_image;
  uint64_t bytes = 0;
  // Wall seconds of the case's phases (input, upload, copies, check), for the progress lines.
  std::vector<std::pair<std::string, double>> host_phases;
  double best_gbps() const;
  const char* best_method() const;
};

const char* fusion_name(ocean::Fusion f);  // "none", "spectrum", "full"

// One ocean step configuration timed: the step as a whole, then each pass under the profiler.
struct OceanResult {
  ocean::Fusion fusion = ocean::Fusion::None;  // what the step ran (Simulation::fusion())
  Summary time;
  uint64_t bytes = 0;
  int layers = 0;
  int cascades = 0;
  std::string describe;
  // Median of each pass of the step over the timed frames (the profiler's own timer), in the
  // order the step runs them: where the step's time goes.
  std::vector<std::pair<std::string, double>> passes;
  std::string timer;
  // The default path only: ocean::Ocean's query pass for query_points world points on this
  // sea (submit, GPU time of the upload and the dispatch; the read-back is not timed).
  int query_points = 0;
  Summary query;
};

// One outermost pass of a plan's execute, as its ScopedPass names it.
struct PassTime {
  std::string name;
  uint64_t bytes = 0;  // what it must move at least (reads + writes), as the plan reports it
  double median_ms = 0;
  double gbps() const;
};

struct FftResult {
  fft::Algorithm algorithm = fft::kDefaultAlgorithm;
  FftVariant variant;
  Shape size;
  std::string plan;
  int dispatches = 0;
  uint64_t bytes = 0;
  Summary time;
  double rel_l2 = 0;      // NaN where not checked (FftConfig::check)
  double copy_gbps = 0;   // 0 where the copy did not run (FftConfig::copy)
  // The ocean step at this size where the ocean runs: the default path first (fused where the
  // algorithm allows), then, when it was fused, the spectrum-only fusion and the unfused step,
  // so the paths show side by side.
  std::vector<OceanResult> oceans;
  std::string ocean_note;  // why the ocean was not measured
  // FftConfig::passes: the plan's outermost passes in the order they run, medians over the
  // reps, and how they were timed (the profiler's label, and why not on the GPU where not).
  std::vector<PassTime> passes;
  std::string pass_timer;
  // Wall seconds of the FFT case's phases in order (plan, input, upload, warm-up, timed, check
  // run, reference, compare): where a large case's time goes.
  std::vector<std::pair<std::string, double>> host_phases;
};

struct FftReport {
  FftConfig config;  // as run: algorithms filled in, seed drawn
  Device device;
  TimerKind timer = TimerKind::CpuFinish;
  std::string timer_note;
  std::vector<CopyResult> copies;
  std::vector<FftResult> results;
};

// `progress` gets one line per case. Throws Error(GlRuntime) when the driver reported errors.
FftReport run_fft_bench(const FftConfig& config, gl::Context& ctx, const gl::ShaderLibrary& shaders,
                        const std::function<void(const std::string&)>& progress = {});

// Whole frames: each one a simulation step and a draw into an offscreen target of the frame's
// size, as the window app renders (everything but ImGui), `timing.reps` frames after the
// warm-up, passes timed by the live profiler.
struct FrameConfig {
  scene::HeadlessFrame frame;  // settings, camera, size, MSAA samples, start time
  std::string preset;       // the settings table's preset name, for the report
  Timing timing;
};

struct PassMedian {
  std::string name;
  int depth = 0;  // nesting: an FFT stage inside its axis, for instance
  double median_ms = 0;
};

struct FrameReport {
  FrameConfig config;
  Device device;
  std::string timer;           // the profiler's label
  std::string simulation;      // Simulation::describe()
  int frames = 0;              // timed
  std::vector<PassMedian> passes;  // as the window's profiler panel names them, in frame order
  double gpu_frame_median_ms = 0;  // median over frames of the outermost passes' sum
  double cpu_frame_median_ms = 0;  // wall time of a frame, issue to glFinish
  // The foam's spin-up before the frames (HeadlessFrame::foam_balance), as the window runs it
  // at a new sea or preset: steps and wall time, issue to glFinish, once (0 without it).
  int spin_up_steps = 0;
  double spin_up_ms = 0;
};

FrameReport run_frame_bench(const FrameConfig& config, gl::Context& ctx,
                            const gl::ShaderLibrary& shaders);

// $OCEANFFT_BENCH_CALLS: calls of the timed work per timer sample (1 when unset), the sample
// divided by it; throws Error(InvalidArgument) outside 1..1000.
int calls_per_sample();

}  // namespace oceanfft::bench
