// SPDX-License-Identifier: MIT
#include "bench/bench.h"

#include <bit>
#include <charconv>
#include <string_view>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>

#include "bench/host_data.h"
#include "fftref/data.h"
#include "fft/four_step_2d.h"
#include "gl/error.h"
#include "io/number.h"
#include "ocean/ocean.h"
#include "ocean/simulation.h"
#include "profiler/profiler.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"

namespace oceanfft::bench {

const char* fusion_name(ocean::Fusion f) {
  return f == ocean::Fusion::Full ? "full" : f == ocean::Fusion::Spectrum ? "spectrum" : "none";
}

double gbps(uint64_t bytes, double ms) { return ms > 0 ? double(bytes) / (ms * 1e-3) / 1e9 : 0.0; }
double PassTime::gbps() const { return bench::gbps(bytes, median_ms); }

double CopyResult::best_gbps() const {
  return std::max(gbps(bytes, compute.median), gbps(bytes, copy_image.median));
}
const char* CopyResult::best_method() const {
  return gbps(bytes, compute.median) >= gbps(bytes, copy_image.median) ? "compute" : "copy-image";
}

namespace {

// The transform's shape and algorithm on top of fft::Options' defaults.
fft::Options shape_options(Shape shape, int layers, fft::Algorithm algorithm = fft::kDefaultAlgorithm) {
  fft::Options o;
  o.width = shape.width;
  o.height = shape.height;
  o.layers = layers;
  o.algorithm = algorithm;
  return o;
}

int batch_size(uint64_t bytes_per_call) {
  if (bytes_per_call == 0) return kBatchCalls;
  return int(std::clamp(kBatchBytes / double(bytes_per_call), 1.0, double(kBatchCalls)));
}

// Untimed repetitions until both --warmup calls and --warmup-ms have passed; slow cases stop
// after max(--warmup-ms, 1 s) whatever the count (a 4096^2 cooley-tukey call takes tens of
// milliseconds on a fast GPU and seconds on llvmpipe).
void warm_up(const std::function<void()>& work, uint64_t bytes_per_call, const Timing& a) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const double cap_ms = std::max(a.warmup_ms, 1000.0);
  const int batch = batch_size(bytes_per_call);
  int done = 0;
  for (;;) {
    const double ms = std::chrono::duration<double, std::milli>(clock::now() - start).count();
    if (ms >= a.warmup_ms && (done >= a.warmup || ms >= cap_ms)) break;
    for (int i = 0; i < batch; ++i) work();
    done += batch;
    glFinish();
  }
}

}  // namespace

int calls_per_sample() {
  const char* e = std::getenv("OCEANFFT_BENCH_CALLS");
  if (!e || !*e) return 1;
  char* end = nullptr;
  const long v = std::strtol(e, &end, 10);
  if (*end || v < 1 || v > 1000)
    throw Error(ErrorCode::InvalidArgument,
                std::string("OCEANFFT_BENCH_CALLS=") + e + ": expected a count in 1..1000");
  return int(v);
}

namespace {

// profiler::time_reps in batches (each ends with glFinish), so the queue stays bounded. With
// $OCEANFFT_BENCH_CALLS = K > 1 one sample is K calls back to back between the timer's two
// reads, divided by K: the per-call cost when calls follow each other without a timestamp
// between them, as a benchmark that times a loop of launches measures it.
Summary time_batched(gl::Context& ctx, TimerKind kind, int reps, const std::function<void()>& work,
                     uint64_t bytes_per_call) {
  const int k = calls_per_sample();
  const int batch = std::max(1, batch_size(bytes_per_call) / k);
  auto unit = [&] {
    for (int i = 0; i < k; ++i) work();
  };
  std::vector<double> ms;
  ms.reserve(size_t(reps));
  for (int done = 0; done < reps; done += batch) {
    std::vector<double> part = profiler::time_reps(ctx, kind, std::min(batch, reps - done), unit);
    for (double& v : part) v /= k;
    ms.insert(ms.end(), part.begin(), part.end());
  }
  return profiler::summarize(ms);
}

CopyResult measure_copy(const gl::ShaderLibrary& shaders, Shape shape, int layers, TimerKind kind,
                        const Timing& a, uint64_t seed) {
  CopyResult r;
  r.size = shape;
  const int w = shape.width, h = shape.height;
  r.bytes = fft::pass_bytes(shape_options(shape, layers));
  PhaseClock clock;
  gl::Texture src = gl::make_complex_texture(shaders.context(), w, h, layers);
  gl::Texture dst = gl::make_complex_texture(shaders.context(), w, h, layers);
  // Any values do for a copy: random rgba floats straight into a buffer the drawing threads
  // touch first, uploaded and compared as they are.
  const size_t floats = size_t(w) * h * layers * 4;
  const auto in = std::make_unique_for_overwrite<float[]>(floats);
  fill_normal({in.get(), floats}, seed);
  clock.end("input");
  gl::upload_texture(src, {in.get(), floats});
  glFinish();
  clock.end("upload");
  gl::Program prog = shaders.compute("bench/copy_image.comp");
  auto compute_copy = [&] {
    glUseProgram(prog.id());
    glBindImageTexture(0, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(1, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glDispatchCompute(GLuint((w + 15) / 16), GLuint((h + 15) / 16), GLuint(layers));
    // Same barrier an FFT pass ends with, so both pay the same synchronisation.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  };
  auto image_copy = [&] {
    glCopyImageSubData(src.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, dst.id(), GL_TEXTURE_2D_ARRAY, 0,
                       0, 0, 0, w, h, layers);
  };
  warm_up(compute_copy, r.bytes, a);
  r.compute = time_batched(shaders.context(), kind, a.reps, compute_copy, r.bytes);
  warm_up(image_copy, r.bytes, a);
  r.copy_image = time_batched(shaders.context(), kind, a.reps, image_copy, r.bytes);
  glFinish();
  clock.end("copies");
  // A copy that moved nothing would inflate the ceiling: check the last one landed, against the
  // host's input (the source is only ever read).
  const std::vector<float> out = gl::download_texture(dst);
  if (!std::equal(out.begin(), out.end(), in.get(), in.get() + floats))
    throw Error(ErrorCode::Verification, "the image copy at " + shape.label() + " lost data");
  clock.end("check");
  r.host_phases = clock.phases();
  return r;
}

// The plan's outermost passes, each a median over `reps` executes under the live profiler (its
// GL timestamps between the passes, or CPU time with glFinish around each where GPU timers do
// not work); a glFinish after each execute keeps the profiler's ring from dropping frames.
void time_passes(fft::Plan& plan, const gl::Texture& input, TimerKind kind, int reps,
                 gl::Context& ctx, FftResult& r) {
  profiler::Options po;
  po.window = std::max(reps, 1);
  po.steady_frames = 1;
  po.mode = kind == TimerKind::Gpu ? profiler::TimerMode::Gpu : profiler::TimerMode::Cpu;
  po.context = &ctx;
  profiler::Profiler prof(po);
  for (int i = 0; i < reps; ++i) {
    prof.begin_frame();
    plan.execute(fft::Direction::Forward, input, &prof);
    prof.end_frame();
    glFinish();
  }
  for (int i = 0; i < po.frames_in_flight + 1; ++i) {  // collect the last frames
    prof.begin_frame();
    prof.end_frame();
  }
  r.pass_timer = prof.timer_label();
  if (prof.gpu_timers_unavailable()) r.pass_timer += " (" + prof.unavailable_reason() + ")";
  else if (kind == TimerKind::CpuFinish) r.pass_timer += " (GPU timers not trusted on this renderer)";
  for (const profiler::PassStats& s : prof.passes())
    if (s.depth == 0) r.passes.push_back({s.name, s.bytes, s.ms.median()});
}

FftResult measure_fft(const gl::ShaderLibrary& shaders, fft::Algorithm algorithm, Shape shape,
                      int layers, TimerKind kind, const Timing& a, uint64_t seed,
                      const FftConfig& config) {
  const FftVariant& variant = config.variant;
  const int w = shape.width, h = shape.height;
  fft::Options o = shape_options(shape, layers, algorithm);
  apply(variant, o);
  o.long_line_limit = config.long_line_limit;
  PhaseClock clock;
  fft::Plan plan(o, shaders);
  clock.end("plan");
  FftResult r;
  r.variant = variant;
  r.algorithm = algorithm;
  r.size = shape;
  r.plan = plan.describe();
  r.dispatches = plan.dispatches_per_execute();
  r.bytes = fft::pass_bytes(o) * 2;
  gl::Texture input = gl::make_complex_texture(shaders.context(), w, h, layers);
  const fft::Planes in = random_input(w, h, layers, seed);
  clock.end("input");
  upload_planes(input, in);
  glFinish();
  clock.end("upload");
  const gl::Texture* result = nullptr;
  auto run = [&] { result = &plan.execute(fft::Direction::Forward, input); };
  // Traffic of one execute: every dispatch reads and writes the whole array at most once.
  const uint64_t traffic = fft::pass_bytes(o) * uint64_t(std::max(r.dispatches, 2));
  warm_up(run, traffic, a);
  clock.end("warm-up");
  r.time = time_batched(shaders.context(), kind, a.reps, run, traffic);
  // The error comes from one more transform on poisoned targets after the timed ones completed,
  // so an unwritten texel shows up as an infinite error and nothing still queued is read.
  glFinish();
  clock.end("timed");
  if (config.passes) {
    time_passes(plan, input, kind, a.reps, shaders.context(), r);
    clock.end("passes");
  }
  if (!config.check) {
    r.rel_l2 = std::numeric_limits<double>::quiet_NaN();
    r.host_phases = clock.phases();
    return r;
  }
  std::vector<const gl::Texture*> targets;
  for (const gl::Texture& t : plan.targets()) targets.push_back(&t);
  if (plan.four_step())
    for (const gl::Texture* t : plan.four_step()->targets()) targets.push_back(t);
  poison(targets);
  run();
  // The read-back's own barrier: the plan's last one may leave it out (Barriers::Narrow).
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  const std::vector<float> got = gl::download_texture(*result);
  clock.end("check run");
  std::vector<std::complex<double>> want = fft::reference(in, fft::Direction::Forward);
  if (!plan.four_step() && plan.vertical().store_transposed) {
    // Options::FastTuning::transpose 2 (square only): the spectrum is stored transposed.
    std::vector<std::complex<double>> t(want.size());
    const size_t plane = size_t(w) * h;
    for (size_t p = 0; p < want.size(); p += plane)
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) t[p + size_t(x) * h + y] = want[p + size_t(y) * w + x];
    want = std::move(t);
  }
  clock.end("reference");
  r.rel_l2 = relative_l2_rgba(got, w, h, layers, want);
  clock.end("compare");
  r.host_phases = clock.phases();
  return r;
}

// Times one ocean step configuration; false (and a note) when the device cannot run it.
bool measure_ocean_path(const gl::ShaderLibrary& shaders, const FftResult& r, ocean::Fusion fusion,
                        TimerKind kind, const Timing& a, int cascades, uint64_t seed,
                        OceanResult& out, std::string& note) {
  ocean::Params p;
  p.size = r.size.width;
  p.algorithm = r.algorithm;
  p.seed = seed;
  p.cascades = cascades;
  p.fusion = fusion;
  p.fft_tuning.shuffle = r.variant.shuffle;
  p.fft_tuning.emulate_subgroup = r.variant.emulate_subgroup;
  p.fft_barriers = r.variant.barriers;
  std::unique_ptr<ocean::Simulation> made;
  try {
    made = std::make_unique<ocean::Simulation>(shaders, p);
  } catch (const Error& e) {
    // A size this device cannot simulate is a result to report, not a reason to lose the run.
    if (e.code() != ErrorCode::InvalidArgument && e.code() != ErrorCode::GlUnsupported) throw;
    note = e.what();
    return false;
  }
  ocean::Simulation& sim = *made;
  // Advancing time keeps every step's spectrum different, as in the demo.
  double t = 0.0;
  auto step = [&] { sim.step(t += 1.0 / 60.0); };
  warm_up(step, sim.bytes_per_step(), a);
  out.fusion = sim.fusion();
  out.time = time_batched(shaders.context(), kind, a.reps, step, sim.bytes_per_step());
  out.bytes = sim.bytes_per_step();
  out.layers = sim.layers();
  out.cascades = sim.cascades();
  out.describe = sim.describe();

  // The same step again under the live profiler: one frame per step, read back a few frames
  // later, so the breakdown costs the step nothing but the timestamp queries.
  profiler::Options po;
  po.window = std::max(a.reps, 1);
  po.steady_frames = 1;
  po.mode = kind == TimerKind::Gpu ? profiler::TimerMode::Gpu : profiler::TimerMode::Cpu;
  po.context = &shaders.context();
  profiler::Profiler prof(po);
  for (int i = 0; i < a.reps + po.frames_in_flight + 1; ++i) {
    prof.begin_frame();
    sim.step(t += 1.0 / 60.0, &prof);
    prof.end_frame();
    if (i % 16 == 15) glFinish();  // keep the queue short, as the timed loop does
  }
  glFinish();
  for (int i = 0; i < po.frames_in_flight + 1; ++i) {  // collect the last frames
    prof.begin_frame();
    prof.end_frame();
  }
  out.timer = prof.timer_label();
  for (const profiler::PassStats& s : prof.passes())
    if (s.depth == 0) out.passes.emplace_back(s.name, s.ms.median());
  return true;
}

void measure_ocean(const gl::ShaderLibrary& shaders, FftResult& r, TimerKind kind,
                   const Timing& a, int cascades, uint64_t seed) {
  const int n = r.size.width;
  if (!r.size.square() || !std::has_single_bit(unsigned(n)) || n < ocean::kMinSize || n > ocean::kMaxSize) {
    r.ocean_note = "the ocean runs at square powers of two " + std::to_string(ocean::kMinSize) + ".." +
                   std::to_string(ocean::kMaxSize);
    return;
  }
  OceanResult o;
  if (!measure_ocean_path(shaders, r, ocean::Fusion::Full, kind, a, cascades, seed, o, r.ocean_note))
    return;
  {
    // The water at 1,000 points spread over the first patch, on the same sea, two steps in.
    ocean::Params p;
    p.size = n;
    p.algorithm = r.algorithm;
    p.seed = seed;
    p.cascades = cascades;
    ocean::Ocean sea(p, shaders);
    sea.step(1.0);
    sea.step(1.0 + 1.0 / 60.0);
    std::vector<std::array<float, 2>> points;
    const float cell = p.patch_sizes[0] / 40.0f;
    for (int i = 0; i < 1000; ++i) points.push_back({float(i % 40) * cell + 0.37f, float(i / 40) * cell});
    auto query = [&] { sea.cancel(sea.submit(points)); };
    const uint64_t bytes = points.size() * (8 + 48);
    warm_up(query, bytes, a);
    o.query = time_batched(shaders.context(), kind, a.reps, query, bytes);
    o.query_points = int(points.size());
  }
  const bool fused = o.fusion != ocean::Fusion::None;
  r.oceans.push_back(std::move(o));
  if (fused)
    for (ocean::Fusion f : {ocean::Fusion::Spectrum, ocean::Fusion::None}) {
      OceanResult other;
      std::string note;
      if (measure_ocean_path(shaders, r, f, kind, a, cascades, seed, other, note))
        r.oceans.push_back(std::move(other));
    }
}

}  // namespace

std::string Shape::label() const {
  return square() ? std::to_string(width) : std::to_string(width) + "x" + std::to_string(height);
}

std::vector<Shape> parse_shapes(const std::string& text) {
  auto side = [&](std::string_view item, std::string_view whole) {
    int v = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v, 10);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || v < 1)
      throw Error(ErrorCode::InvalidArgument,
                  "--sizes: '" + std::string(item) + "' is not a decimal integer (sizes are N or WxH, each 1 or more)");
    return v;
  };
  std::vector<Shape> out;
  for (const std::string& item_text : io::split_list(text)) {
    const std::string_view item = item_text;
    const size_t x = item.find('x');
    if (x == std::string_view::npos) {
      const int n = side(item, item);
      out.push_back({n, n});
    } else {
      out.push_back({side(item.substr(0, x), item), side(item.substr(x + 1), item)});
    }
  }
  return out;
}

void validate(const Timing& t) {
  if (t.reps < 1)
    throw Error(ErrorCode::InvalidArgument, "--reps must be at least 1 (got " + std::to_string(t.reps) + ")");
  if (t.warmup < 0)
    throw Error(ErrorCode::InvalidArgument, "--warmup must be 0 or more (got " + std::to_string(t.warmup) + ")");
  if (!(t.warmup_ms >= 0) || t.warmup_ms > 600000)
    throw Error(ErrorCode::InvalidArgument,
                "--warmup-ms must be 0..600000 (got " + std::to_string(t.warmup_ms) + ")");
  if (t.timer != "auto" && t.timer != "gpu" && t.timer != "cpu")
    throw Error(ErrorCode::InvalidArgument, "--timer must be auto, gpu or cpu (got '" + t.timer + "')");
}

void validate(const FftConfig& c) {
  validate(c.timing);
  if (c.layers < 1)
    throw Error(ErrorCode::InvalidArgument, "--layers must be at least 1 (got " + std::to_string(c.layers) + ")");
  if (c.long_line_limit < 0 || c.long_line_limit == 1 || c.long_line_limit > fft::kMaxSize)
    throw Error(ErrorCode::InvalidArgument, "--long-line-limit must be 0 (none) or 2.." +
                                                std::to_string(fft::kMaxSize) + " (got " +
                                                std::to_string(c.long_line_limit) + ")");
  if (c.ocean_cascades < 1 || c.ocean_cascades > ocean::kMaxCascades)
    throw Error(ErrorCode::InvalidArgument, "--ocean-cascades must be 1.." + std::to_string(ocean::kMaxCascades));
  for (const Shape& shape : c.sizes)
    for (fft::Algorithm alg : c.algorithms.empty() ? std::vector<fft::Algorithm>(fft::all_algorithms().begin(),
                                                                                 fft::all_algorithms().end())
                                                   : c.algorithms) {
      const fft::Options o = shape_options(shape, c.layers, alg);
      if (auto s = fft::validate_shape(o); s != fft::Status::Ok)
        throw Error(ErrorCode::InvalidArgument, "--sizes: " + fft::describe(s, o));
    }
}

Device describe_device(const gl::Context& ctx) {
  Device d;
  d.info = ctx.info();
  d.limits = ctx.limits();
  d.timestamp_bits = profiler::timestamp_bits();
  d.subgroup_extensions = {{"GL_KHR_shader_subgroup", false},
                           {"GL_NV_shader_thread_shuffle", false},
                           {"GL_ARB_shader_ballot", false},
                           {"GL_NV_shader_thread_group", false}};
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i) {
    const char* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
    for (auto& [name, has] : d.subgroup_extensions) has = has || (e && name == e);
  }
  return d;
}

std::pair<TimerKind, std::string> choose_timer(const std::string& requested, gl::Context& ctx) {
  // Probe the timer on real work: a small copy, which every driver can run.
  gl::Texture s = gl::make_complex_texture(ctx, 64, 64, 1), d = gl::make_complex_texture(ctx, 64, 64, 1);
  const std::string problem = profiler::gpu_timer_problem(ctx, [&] {
    glCopyImageSubData(s.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, d.id(), GL_TEXTURE_2D_ARRAY, 0,
                       0, 0, 0, 64, 64, 1);
  });
  if (requested == "gpu" && profiler::timestamp_bits() == 0)
    throw Error(ErrorCode::GlUnsupported, "--timer gpu: this driver has no GL_TIMESTAMP counter");
  const TimerKind kind = requested == "gpu" || (requested == "auto" && problem.empty())
                             ? TimerKind::Gpu
                             : TimerKind::CpuFinish;
  std::string note;
  if (kind == TimerKind::Gpu)
    note = problem.empty() ? "GL_TIMESTAMP queries around each execute"
                           : "GL_TIMESTAMP queries around each execute, forced by --timer gpu "
                             "although: " + problem;
  else
    note = problem.empty() ? "CPU time with glFinish around each execute (--timer cpu)"
                           : problem + "; CPU time with glFinish around each execute";
  return {kind, note};
}

FftReport run_fft_bench(const FftConfig& config, gl::Context& ctx, const gl::ShaderLibrary& shaders,
                        const std::function<void(const std::string&)>& progress) {
  validate(config);
  FftReport rep;
  rep.config = config;
  FftConfig& c = rep.config;
  if (c.algorithms.empty()) c.algorithms.assign(fft::all_algorithms().begin(), fft::all_algorithms().end());
  // The driver's texture and layer limits before any copy or plan is made (a four-step size may
  // pass validate_shape and still exceed the textures).
  for (const Shape& shape : c.sizes)
    for (fft::Algorithm alg : c.algorithms) {
      const fft::Options o = shape_options(shape, c.layers, alg);
      if (auto s = fft::validate(o, ctx.limits()); s != fft::Status::Ok)
        throw Error(ErrorCode::InvalidArgument, "--sizes: " + fft::describe(s, o));
    }
  if (!c.seed) c.seed = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  rep.device = describe_device(ctx);
  std::tie(rep.timer, rep.timer_note) = choose_timer(c.timing.timer, ctx);

  const size_t steps = c.sizes.size() * (c.algorithms.size() + (c.copy ? 1 : 0));
  size_t step = 0;
  auto announce = [&](const std::string& what) {
    if (progress) progress("[" + std::to_string(++step) + "/" + std::to_string(steps) + "] " + what);
  };
  for (const Shape& shape : c.sizes) {
    if (!c.copy) break;
    announce("image copy " + std::to_string(shape.width) + "x" + std::to_string(shape.height) + "x" +
             std::to_string(c.layers));
    rep.copies.push_back(measure_copy(shaders, shape, c.layers, rep.timer, c.timing,
                                      c.seed ^ uint64_t(shape.width * 4099 + shape.height)));
    if (progress) progress("  " + phase_summary(rep.copies.back().host_phases));
  }
  uint64_t case_seed = c.seed;
  for (fft::Algorithm alg : c.algorithms)
    for (size_t i = 0; i < c.sizes.size(); ++i) {
      const Shape shape = c.sizes[i];
      announce(std::string(fft::name(alg)) + " " + std::to_string(shape.width) + "x" +
               std::to_string(shape.height) + "x" + std::to_string(c.layers) + ", " +
               std::to_string(c.timing.reps) + " reps");
      FftResult r =
          measure_fft(shaders, alg, shape, c.layers, rep.timer, c.timing, ++case_seed, c);
      if (progress) progress("  " + phase_summary(r.host_phases));
      if (c.ocean) measure_ocean(shaders, r, rep.timer, c.timing, c.ocean_cascades, case_seed);
      r.copy_gbps = c.copy ? rep.copies[i].best_gbps() : 0.0;
      rep.results.push_back(std::move(r));
    }
  if (ctx.check_errors("bench") || ctx.error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; results not written");
  return rep;
}

FrameReport run_frame_bench(const FrameConfig& config, gl::Context& ctx,
                            const gl::ShaderLibrary& shaders) {
  validate(config.timing);
  FrameReport rep;
  rep.config = config;
  rep.device = describe_device(ctx);
  const scene::HeadlessFrame& f = config.frame;
  const Timing& timing = config.timing;
  const TimerKind kind = choose_timer(timing.timer, ctx).first;

  ocean::Simulation sim(shaders, f.settings.ocean);
  render::OceanRenderer renderer(shaders);
  render::Offscreen target(ctx, f.width, f.height, f.samples);
  rep.simulation = sim.describe();
  double t = f.time;
  // The frame of a sea whose foam stands at its balance, spun up as the window spins it.
  if (f.foam_balance) {
    glFinish();
    const auto start = std::chrono::steady_clock::now();
    rep.spin_up_steps = sim.spin_up_foam(t, 0.0);
    glFinish();
    rep.spin_up_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  profiler::Options po;
  po.window = timing.reps;
  po.steady_frames = 1;
  po.mode = kind == TimerKind::Gpu ? profiler::TimerMode::Gpu : profiler::TimerMode::Cpu;
  po.context = &ctx;
  // One frame as the window draws it, less ImGui and the swap: the step, then the draw. A
  // glFinish per frame stands in for the swap's pacing, so frames do not pile up in the queue.
  auto frame = [&](profiler::Profiler* prof) {
    if (prof) prof->begin_frame();
    sim.step(t += 1.0 / 60.0, prof);
    target.bind();
    renderer.draw(sim, f.camera, f.settings.shading, f.width, f.height, prof);
    if (prof) prof->end_frame();
    glFinish();
  };
  {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    const double cap_ms = std::max(timing.warmup_ms, 1000.0);
    for (int done = 0;; ++done) {
      const double ms = std::chrono::duration<double, std::milli>(clock::now() - start).count();
      if (ms >= timing.warmup_ms && (done >= timing.warmup || ms >= cap_ms)) break;
      frame(nullptr);
    }
  }
  profiler::Profiler prof(po);
  std::vector<double> cpu_ms;
  for (int i = 0; i < timing.reps; ++i) {
    const auto start = std::chrono::steady_clock::now();
    frame(&prof);
    cpu_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  for (int i = 0; i < po.frames_in_flight + 1; ++i) {  // collect the last frames
    prof.begin_frame();
    prof.end_frame();
  }
  if (ctx.check_errors("bench --frame") || ctx.error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; results not written");
  rep.timer = prof.timer_label();
  rep.frames = timing.reps;
  for (const profiler::PassStats& s : prof.passes())
    rep.passes.push_back({s.name, s.depth, s.ms.median()});
  rep.gpu_frame_median_ms = prof.frame_total().median();
  rep.cpu_frame_median_ms = profiler::summarize(cpu_ms).median;
  return rep;
}

}  // namespace oceanfft::bench
