// `oceanfft bench`: time every algorithm x size headless, against the device's copy bandwidth.
// The JSON and CSV layouts are documented in docs/bench/README.md.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "fft/data.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "ocean/simulation.h"
#include "profiler/profiler.h"
#include "profiler/rep_timer.h"
#include "profiler/stats.h"

namespace oceanfft::app {
namespace {

using profiler::Summary;
using profiler::TimerKind;

struct BenchArgs {
  std::string sizes = "256,512,1024,2048,4096";
  std::string algorithms = "all";
  std::string json, csv;
  std::string timer = "auto";
  int layers = 1;
  int reps = 100;
  int warmup = 200;        // at least this many untimed repetitions per case...
  double warmup_ms = 200;  // ...and at least this long, so a GPU's clocks are up when timing starts
  uint64_t seed = 0;
  bool ocean = true;
  int ocean_cascades = 1;  // issue 6 times one cascade's step
};

// Writes beside the target and renames, so a failed run never leaves a half-written file.
void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(ErrorCode::Io, "cannot open " + path + " for writing");
    out << text;
    out.flush();
    if (!out) {
      out.close();
      std::remove(tmp.c_str());
      throw Error(ErrorCode::Io, "failed writing " + path);
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw Error(ErrorCode::Io, "cannot create " + path + ": " + ec.message());
  }
}

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json summary_json(const Summary& s) {
  return {{"median_ms", s.median}, {"min_ms", s.min},   {"p90_ms", s.p90},
          {"mean_ms", s.mean},     {"max_ms", s.max},   {"samples", s.samples}};
}

double gbps(uint64_t bytes, double ms) { return ms > 0 ? double(bytes) / (ms * 1e-3) / 1e9 : 0.0; }

// Work is queued in batches of at most this many bytes of memory traffic (or 50 calls), each
// followed by glFinish: an H100 run that queued 20 cooley-tukey transforms of 4096^2 x 6 layers
// (~1.5 TB of traffic) at once never finished, and one with 200 warm-ups lost its results.
constexpr double kBatchBytes = 8e9;
constexpr int kBatchCalls = 50;

int batch_size(uint64_t bytes_per_call) {
  if (bytes_per_call == 0) return kBatchCalls;
  return int(std::clamp(kBatchBytes / double(bytes_per_call), 1.0, double(kBatchCalls)));
}

// Untimed repetitions until both --warmup calls and --warmup-ms have passed; slow cases stop
// after max(--warmup-ms, 1 s) whatever the count (a 4096^2 cooley-tukey call takes ~50 ms on an
// H100 and seconds on llvmpipe).
void warm_up(const std::function<void()>& work, uint64_t bytes_per_call, const BenchArgs& a) {
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

// profiler::time_reps in batches (each ends with glFinish), so the queue stays bounded.
Summary time_batched(TimerKind kind, int reps, const std::function<void()>& work,
                     uint64_t bytes_per_call) {
  const int batch = batch_size(bytes_per_call);
  std::vector<double> ms;
  ms.reserve(size_t(reps));
  for (int done = 0; done < reps; done += batch) {
    std::vector<double> part = profiler::time_reps(kind, std::min(batch, reps - done), work);
    ms.insert(ms.end(), part.begin(), part.end());
  }
  return profiler::summarize(ms);
}

// One progress line on stderr, rewritten in place on a terminal, one line per step otherwise.
class Progress {
 public:
  Progress() : tty_(isatty(STDERR_FILENO)) {}
  void show(const std::string& line) {
    if (tty_)
      std::fprintf(stderr, "\r\033[K%s", line.c_str());
    else
      std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
  }
  ~Progress() {
    if (tty_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool tty_;
};

struct CopyResult {
  int size = 0;
  Summary compute, copy_image;
  uint64_t bytes = 0;
  double best_gbps() const {
    return std::max(gbps(bytes, compute.median), gbps(bytes, copy_image.median));
  }
  const char* best_method() const {
    return gbps(bytes, compute.median) >= gbps(bytes, copy_image.median) ? "compute" : "copy-image";
  }
};

CopyResult measure_copy(const gl::ShaderLibrary& shaders, int n, int layers, TimerKind kind,
                        const BenchArgs& a, uint64_t seed) {
  CopyResult r;
  r.size = n;
  fft::Options o;
  o.width = o.height = n;
  o.layers = layers;
  r.bytes = fft::pass_bytes(o);
  gl::Texture src = gl::make_complex_texture(n, n, layers);
  gl::Texture dst = gl::make_complex_texture(n, n, layers);
  fft::upload(src, fft::random_planes(n, n, layers, seed));
  gl::Program prog = shaders.compute("bench/copy_image.comp");
  const GLuint groups = GLuint((n + 15) / 16);
  auto compute_copy = [&] {
    glUseProgram(prog.id());
    glBindImageTexture(0, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(1, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glDispatchCompute(groups, groups, GLuint(layers));
    // Same barrier an FFT pass ends with, so both pay the same synchronisation.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  };
  auto image_copy = [&] {
    glCopyImageSubData(src.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, dst.id(), GL_TEXTURE_2D_ARRAY, 0,
                       0, 0, 0, n, n, layers);
  };
  warm_up(compute_copy, r.bytes, a);
  r.compute = time_batched(kind, a.reps, compute_copy, r.bytes);
  warm_up(image_copy, r.bytes, a);
  r.copy_image = time_batched(kind, a.reps, image_copy, r.bytes);
  // A copy that moved nothing would inflate the ceiling: check the last one landed.
  fft::Planes in = fft::download(src), out = fft::download(dst);
  if (in.data != out.data)
    throw Error(ErrorCode::Verification, "the image copy at " + std::to_string(n) + " lost data");
  return r;
}

// One ocean step configuration timed: the step as a whole, then each pass under the profiler.
struct OceanResult {
  bool fused = false;  // Simulation::fused(): spectrum and assemble inside the FFT's passes
  Summary time;
  uint64_t bytes = 0;
  int layers = 0;
  int cascades = 0;
  std::string describe;
  // Median of each pass of the step over the timed frames (the profiler's own timer), in the
  // order the step runs them: where the step's time goes.
  std::vector<std::pair<std::string, double>> passes;
  std::string timer;
};

struct FftResult {
  fft::Algorithm algorithm;
  int size = 0;
  std::string plan;
  int dispatches = 0;
  uint64_t bytes = 0;
  Summary time;
  double rel_l2 = 0;
  double copy_gbps = 0;
  // The ocean step at this size where the ocean runs: the default path first (fused where the
  // algorithm allows), then the unfused one when the first was fused, so both show side by side.
  std::vector<OceanResult> oceans;
  std::string ocean_note;  // why the ocean was not measured
};

FftResult measure_fft(const gl::ShaderLibrary& shaders, fft::Algorithm algorithm, int n,
                      int layers, TimerKind kind, const BenchArgs& a, uint64_t seed) {
  fft::Options o;
  o.width = o.height = n;
  o.layers = layers;
  o.algorithm = algorithm;
  fft::Plan plan(o, shaders);
  FftResult r;
  r.algorithm = algorithm;
  r.size = n;
  r.plan = plan.describe();
  r.dispatches = plan.dispatches_per_execute();
  r.bytes = fft::pass_bytes(o) * 2;
  gl::Texture input = gl::make_complex_texture(n, n, layers);
  fft::Planes in = fft::random_planes(n, n, layers, seed);
  fft::upload(input, in);
  const gl::Texture* result = nullptr;
  auto run = [&] { result = &plan.execute(fft::Direction::Forward, input); };
  // Traffic of one execute: every dispatch reads and writes the whole array at most once.
  const uint64_t traffic = fft::pass_bytes(o) * uint64_t(std::max(r.dispatches, 2));
  warm_up(run, traffic, a);
  r.time = time_batched(kind, a.reps, run, traffic);
  // The error comes from one more transform on poisoned targets after the timed ones completed,
  // so an unwritten texel shows up as an infinite error and nothing still queued is read.
  glFinish();
  for (const gl::Texture& t : plan.targets()) fft::poison(t);
  run();
  glFinish();
  r.rel_l2 = fft::relative_l2(fft::download(*result), fft::reference(in, fft::Direction::Forward));
  return r;
}

// Times one ocean step configuration; false (and a note) when the device cannot run it.
bool measure_ocean_path(const gl::ShaderLibrary& shaders, const FftResult& r, bool fused,
                        TimerKind kind, const BenchArgs& a, uint64_t seed, OceanResult& out,
                        std::string& note) {
  ocean::Params p;
  p.size = r.size;
  p.algorithm = r.algorithm;
  p.seed = seed;
  p.cascades = a.ocean_cascades;
  p.fused = fused;
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
  out.fused = sim.fused();
  out.time = time_batched(kind, a.reps, step, sim.bytes_per_step());
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
                   const BenchArgs& a, uint64_t seed) {
  if (r.size < ocean::kMinSize || r.size > ocean::kMaxSize) {
    r.ocean_note = "the ocean runs at sizes " + std::to_string(ocean::kMinSize) + ".." +
                   std::to_string(ocean::kMaxSize);
    return;
  }
  OceanResult o;
  if (!measure_ocean_path(shaders, r, true, kind, a, seed, o, r.ocean_note)) return;
  const bool fused = o.fused;
  r.oceans.push_back(std::move(o));
  if (fused) {
    OceanResult u;
    std::string note;
    if (measure_ocean_path(shaders, r, false, kind, a, seed, u, note)) r.oceans.push_back(std::move(u));
  }
}

int run_bench(const BenchArgs& a) {
  // Everything that needs no GPU is checked first, so bad input never waits for a context.
  const std::vector<fft::Algorithm> algorithms = parse_algorithms(a.algorithms);
  const std::vector<int> sizes = parse_int_list(a.sizes, "size");
  if (a.reps < 1)
    throw Error(ErrorCode::InvalidArgument, "--reps must be at least 1 (got " + std::to_string(a.reps) + ")");
  if (a.warmup < 0)
    throw Error(ErrorCode::InvalidArgument, "--warmup must be 0 or more (got " + std::to_string(a.warmup) + ")");
  if (!(a.warmup_ms >= 0) || a.warmup_ms > 600000)
    throw Error(ErrorCode::InvalidArgument,
                "--warmup-ms must be 0..600000 (got " + std::to_string(a.warmup_ms) + ")");
  if (a.layers < 1)
    throw Error(ErrorCode::InvalidArgument, "--layers must be at least 1 (got " + std::to_string(a.layers) + ")");
  if (a.timer != "auto" && a.timer != "gpu" && a.timer != "cpu")
    throw Error(ErrorCode::InvalidArgument, "--timer must be auto, gpu or cpu (got '" + a.timer + "')");
  for (int n : sizes) {
    fft::Options o;
    o.width = o.height = n;
    o.layers = a.layers;
    if (auto s = fft::validate_shape(o); s != fft::Status::Ok)
      throw Error(ErrorCode::InvalidArgument, "--sizes: " + fft::describe(s, o));
  }
  for (const std::string* path : {&a.json, &a.csv}) {
    if (path->empty()) continue;
    const auto dir = std::filesystem::path(*path).parent_path();
    std::error_code ec;
    if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
      throw Error(ErrorCode::Io, "cannot write " + *path + ": no directory " + dir.string());
    require_writable(*path, path == &a.json ? "the JSON output" : "the CSV output");
  }
  const uint64_t seed =
      a.seed ? a.seed : uint64_t(std::chrono::system_clock::now().time_since_epoch().count());

  auto ctx = gl::create_headless();
  gl::ShaderLibrary shaders;
  const gl::ContextInfo& info = ctx->info();

  // Probe the timer on real work: a small copy, which every driver can run.
  TimerKind kind = TimerKind::CpuFinish;
  std::string timer_note;
  {
    gl::Texture s = gl::make_complex_texture(64, 64, 1), d = gl::make_complex_texture(64, 64, 1);
    const std::string problem = profiler::gpu_timer_problem(info.renderer, [&] {
      glCopyImageSubData(s.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, d.id(), GL_TEXTURE_2D_ARRAY, 0,
                         0, 0, 0, 64, 64, 1);
    });
    if (a.timer == "gpu" && profiler::timestamp_bits() == 0)
      throw Error(ErrorCode::GlUnsupported, "--timer gpu: this driver has no GL_TIMESTAMP counter");
    kind = a.timer == "gpu" || (a.timer == "auto" && problem.empty()) ? TimerKind::Gpu
                                                                       : TimerKind::CpuFinish;
    if (kind == TimerKind::Gpu)
      timer_note = problem.empty() ? "GL_TIMESTAMP queries around each execute"
                                   : "GL_TIMESTAMP queries around each execute, forced by --timer gpu "
                                     "although: " + problem;
    else
      timer_note = problem.empty() ? "CPU time with glFinish around each execute (--timer cpu)"
                                   : problem + "; CPU time with glFinish around each execute";
  }

  // Extensions that would let the FFT exchange data within a warp instead of through shared
  // memory: recorded so a run says what the driver offers.
  std::vector<std::pair<std::string, bool>> subgroup_ext = {
      {"GL_KHR_shader_subgroup", false}, {"GL_NV_shader_thread_shuffle", false},
      {"GL_ARB_shader_ballot", false}, {"GL_NV_shader_thread_group", false}};
  {
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; i < count; ++i) {
      const char* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
      for (auto& [name, has] : subgroup_ext) has = has || (e && name == e);
    }
  }
  std::printf("renderer: %s\nvendor: %s\nGL version: %s\nGLSL: %s\ncontext: %s\n",
              info.renderer.c_str(), info.vendor.c_str(), info.version.c_str(),
              info.glsl_version.c_str(), info.provider.c_str());
  std::printf("subgroup extensions:");
  for (const auto& [name, has] : subgroup_ext) std::printf(" %s %s", name.c_str(), has ? "yes" : "no");
  std::printf("\ntimer: %s (%s)\n", std::string(profiler::timer_name(kind)).c_str(), timer_note.c_str());
  std::printf("layers: %d (%d complex planes per transform), reps: %d, warm-up: %d calls and %g ms, "
              "seed: %llu\n",
              a.layers, 2 * a.layers, a.reps, a.warmup, a.warmup_ms, (unsigned long long)seed);
  std::printf("bytes per FFT: 2 passes x (read + write) x N x N x layers x 16 B\n\n");
  std::fflush(stdout);

  Progress progress;
  const size_t steps = sizes.size() * (algorithms.size() + 1);
  size_t step = 0;
  auto announce = [&](const std::string& what) {
    progress.show("bench: [" + std::to_string(++step) + "/" + std::to_string(steps) + "] " + what);
  };

  std::vector<CopyResult> copies;
  for (int n : sizes) {
    announce("image copy " + std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(a.layers));
    copies.push_back(measure_copy(shaders, n, a.layers, kind, a, seed ^ uint64_t(n)));
  }
  std::vector<FftResult> results;
  uint64_t case_seed = seed;
  for (fft::Algorithm alg : algorithms)
    for (size_t i = 0; i < sizes.size(); ++i) {
      const int n = sizes[i];
      announce(std::string(fft::name(alg)) + " " + std::to_string(n) + "x" + std::to_string(n) +
               "x" + std::to_string(a.layers) + ", " + std::to_string(a.reps) + " reps");
      FftResult r = measure_fft(shaders, alg, n, a.layers, kind, a, ++case_seed);
      if (a.ocean) measure_ocean(shaders, r, kind, a, case_seed);
      r.copy_gbps = copies[i].best_gbps();
      results.push_back(std::move(r));
    }
  if (ctx->check_errors("bench") || ctx->error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; results not written");
  progress.show("bench: done");

  std::printf("image copy bandwidth (rgba32f array, read + write of every texel):\n");
  std::printf("%6s %14s %14s %16s %16s\n", "N", "compute ms", "compute GB/s", "copy-image ms",
              "copy-image GB/s");
  for (const CopyResult& c : copies)
    std::printf("%6d %14.4f %14.1f %16.4f %16.1f\n", c.size, c.compute.median,
                gbps(c.bytes, c.compute.median), c.copy_image.median,
                gbps(c.bytes, c.copy_image.median));
  std::printf("\n%-13s %6s %10s %10s %10s %9s %8s %10s %12s\n", "algorithm", "N", "median ms",
              "min ms", "p90 ms", "GB/s", "of copy", "rel L2", "ocean ms");
  for (const FftResult& r : results) {
    const double g = gbps(r.bytes, r.time.median);
    char ocean_ms[32] = "-";
    if (!r.oceans.empty()) std::snprintf(ocean_ms, sizeof ocean_ms, "%.4f", r.oceans[0].time.median);
    std::printf("%-13s %6d %10.4f %10.4f %10.4f %9.1f %7.1f%% %10.2e %12s\n",
                std::string(fft::name(r.algorithm)).c_str(), r.size, r.time.median, r.time.min,
                r.time.p90, g, r.copy_gbps > 0 ? 100.0 * g / r.copy_gbps : 0.0, r.rel_l2, ocean_ms);
  }
  for (const FftResult& r : results)
    for (const OceanResult& o : r.oceans) {
      std::printf("ocean step %s%s %d^2 x %d cascade(s): %.4f ms (min %.4f); passes (median ms, %s):",
                  std::string(fft::name(r.algorithm)).c_str(), o.fused ? " fused" : "", r.size,
                  o.cascades, o.time.median, o.time.min, o.timer.c_str());
      for (const auto& [name, ms] : o.passes) std::printf(" %s %.4f", name.c_str(), ms);
      std::printf("\n");
    }
  std::fflush(stdout);

  if (!a.json.empty()) {
    nlohmann::json j;
    j["schema"] = "oceanfft-bench/1";
    j["date_utc"] = utc_now();
    j["device"] = {{"vendor", info.vendor},           {"renderer", info.renderer},
                   {"gl_version", info.version},      {"glsl_version", info.glsl_version},
                   {"context", info.provider},        {"timestamp_bits", profiler::timestamp_bits()},
                   {"subgroup_extensions", nlohmann::json::object()}};
    for (const auto& [name, has] : subgroup_ext) j["device"]["subgroup_extensions"][name] = has;
    j["timer"] = profiler::timer_name(kind);
    j["timer_note"] = timer_note;
    j["config"] = {{"sizes", sizes}, {"algorithms", nlohmann::json::array()}, {"layers", a.layers},
                   {"planes", 2 * a.layers}, {"reps", a.reps}, {"warmup", a.warmup},
                   {"warmup_ms", a.warmup_ms}, {"batch_bytes", kBatchBytes},
                   {"seed", seed}, {"direction", "forward"}, {"ocean", a.ocean},
                   {"ocean_sizes", {ocean::kMinSize, ocean::kMaxSize}}};
    for (fft::Algorithm alg : algorithms) j["config"]["algorithms"].push_back(fft::name(alg));
    j["bytes_formula"] = "fft: 2 passes x (read + write) x N*N*layers texels x 16 B; copy: 1 x (read + write)";
    j["copy"] = nlohmann::json::array();
    for (const CopyResult& c : copies)
      j["copy"].push_back({{"size", c.size},
                           {"bytes", c.bytes},
                           {"compute", summary_json(c.compute)},
                           {"compute_gbps", gbps(c.bytes, c.compute.median)},
                           {"copy_image", summary_json(c.copy_image)},
                           {"copy_image_gbps", gbps(c.bytes, c.copy_image.median)},
                           {"best_method", c.best_method()},
                           {"best_gbps", c.best_gbps()}});
    j["results"] = nlohmann::json::array();
    for (const FftResult& r : results) {
      const double g = gbps(r.bytes, r.time.median);
      j["results"].push_back({{"algorithm", fft::name(r.algorithm)},
                              {"size", r.size},
                              {"width", r.size},
                              {"height", r.size},
                              {"layers", a.layers},
                              {"plan", r.plan},
                              {"dispatches", r.dispatches},
                              {"bytes", r.bytes},
                              {"fft", summary_json(r.time)},
                              {"gbps", g},
                              {"copy_gbps", r.copy_gbps},
                              {"copy_fraction", r.copy_gbps > 0 ? g / r.copy_gbps : 0.0},
                              {"rel_l2", r.rel_l2},
                              {"ocean", nullptr},
                              {"ocean_note", r.ocean_note}});
      auto ocean_json = [&](const OceanResult& o) -> nlohmann::json {
        nlohmann::json passes = nlohmann::json::array();
        for (const auto& [name, ms] : o.passes) passes.push_back({{"pass", name}, {"ms", ms}});
        return {{"step", summary_json(o.time)}, {"fused", o.fused},
                {"describe", o.describe},       {"layers", o.layers},
                {"cascades", o.cascades},       {"pass_timer", o.timer},
                {"pass_median_ms", passes},     {"bytes", o.bytes},
                {"gbps", gbps(o.bytes, o.time.median)}};
      };
      if (!r.oceans.empty()) j["results"].back()["ocean"] = ocean_json(r.oceans[0]);
      j["results"].back()["ocean_unfused"] =
          r.oceans.size() > 1 ? ocean_json(r.oceans[1]) : nlohmann::json(nullptr);
    }
    write_file(a.json, j.dump(2) + "\n");
  }
  if (!a.csv.empty()) {
    std::string csv =
        "algorithm,size,layers,timer,median_ms,min_ms,p90_ms,mean_ms,max_ms,samples,bytes,gbps,"
        "copy_gbps,copy_fraction,rel_l2,ocean_median_ms,ocean_min_ms,ocean_p90_ms\n";
    for (const FftResult& r : results) {
      const double g = gbps(r.bytes, r.time.median);
      char line[512];
      std::snprintf(line, sizeof line, "%s,%d,%d,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%d,%llu,%.3f,%.3f,%.5f,%.3e\n",
                    std::string(fft::name(r.algorithm)).c_str(), r.size, a.layers,
                    std::string(profiler::timer_name(kind)).c_str(), r.time.median, r.time.min,
                    r.time.p90, r.time.mean, r.time.max, r.time.samples,
                    (unsigned long long)r.bytes, g, r.copy_gbps,
                    r.copy_gbps > 0 ? g / r.copy_gbps : 0.0, r.rel_l2);
      csv += line;
      csv.pop_back();  // the ocean columns stay empty where the ocean was not measured
      if (!r.oceans.empty())
        std::snprintf(line, sizeof line, ",%.6f,%.6f,%.6f\n", r.oceans[0].time.median,
                      r.oceans[0].time.min, r.oceans[0].time.p90);
      else
        std::snprintf(line, sizeof line, ",,,\n");
      csv += line;
    }
    write_file(a.csv, csv);
  }
  return 0;
}

}  // namespace

void add_bench(CLI::App& app, Commands& out) {
  auto args = std::make_shared<BenchArgs>();
  CLI::App* cmd = app.add_subcommand("bench", "time every algorithm x size headless (JSON/CSV out)");
  cmd->add_option("--sizes", args->sizes, "comma-separated square sizes, powers of two in 2..4096");
  cmd->add_option("--algorithms", args->algorithms, "comma-separated names, or 'all'");
  cmd->add_option("--layers", args->layers, "rgba32f layers per transform (2 complex planes each)");
  cmd->add_option("--reps", args->reps, "timed repetitions per case (at least 1)");
  cmd->add_option("--warmup", args->warmup,
                  "untimed repetitions before timing each case (at least; default 200)");
  cmd->add_option("--warmup-ms", args->warmup_ms,
                  "and at least this many ms of untimed work per case (default 200)");
  cmd->add_option("--timer", args->timer,
                  "auto (GPU timestamps where they work, else CPU+glFinish), gpu, or cpu");
  cmd->add_flag("!--no-ocean", args->ocean, "skip the ocean step timing");
  cmd->add_option("--ocean-cascades", args->ocean_cascades,
                  "cascades in the timed ocean step (default 1)")
      ->check(CLI::Range(1, ocean::kMaxCascades));
  cmd->add_option("--seed", args->seed, "random seed for the inputs (0: time-based, printed)");
  cmd->add_option("--json", args->json, "write every result as JSON (docs/bench/README.md)");
  cmd->add_option("--csv", args->csv, "write one CSV row per algorithm x size");
  out.push_back({cmd, [args]() -> int { return run_bench(*args); }});
}

}  // namespace oceanfft::app
