// SPDX-License-Identifier: MIT
// `oceanfft bench`: binds the options to the benchmarks in src/bench and prints what they
// return, as text, JSON and CSV (layouts in docs/bench/README.md).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench/bench.h"
#include "bench/transforms.h"
#include "fft/long.h"
#include "commands.h"
#include "sea_options.h"
#include "gl/error.h"
#include "io/file.h"
#include "io/number.h"
#include "ocean/simulation.h"
#include "profiler/profiler.h"
#include "scene/settings.h"

namespace oceanfft::app {
namespace {

using bench::CopyResult;
using bench::FftResult;
using bench::gbps;
using bench::OceanResult;
using profiler::Summary;

struct BenchArgs {
  std::string sizes = "256,512,1024,2048,4096";
  std::string algorithms = "all";
  std::string json, csv;
  std::string frame;  // WxH: whole frames instead of the FFT table
  std::string preset = "default";
  std::string foam_start = "balance";  // with --frame
  std::vector<std::string> set;  // --set KEY=VALUE, after the preset
  int samples = 4;
  bench::FftConfig fft;
};

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

// The FFT variant and timing mode the environment selects (src/bench/fft_env.cpp,
// src/bench/bench.cpp), as the report records it.
std::string fft_variant() {
  std::string v;
  for (const char* name :
       {"OCEANFFT_FFT_SHUFFLE", "OCEANFFT_FFT_SHUFFLE_EMULATE", "OCEANFFT_FFT_BARRIER",
        "OCEANFFT_FFT_TRANSPOSE", "OCEANFFT_FFT_COLUMN_P", "OCEANFFT_FFT_FOUR_STEP",
        "OCEANFFT_FFT_FOUR_STEP_RUN", "OCEANFFT_FFT_FOUR_STEP_BAND",
        "OCEANFFT_FFT_FOUR_STEP_ROW_RUN", "OCEANFFT_BENCH_CALLS"})
    if (const char* e = std::getenv(name); e && *e) v += (v.empty() ? "" : " ") + std::string(name) + "=" + e;
  return v.empty() ? "default" : v;
}

nlohmann::json device_json(const bench::Device& d) {
  nlohmann::json j = {{"vendor", d.info.vendor},        {"renderer", d.info.renderer},
                      {"gl_version", d.info.version},   {"glsl_version", d.info.glsl_version},
                      {"context", d.info.provider},     {"timestamp_bits", d.timestamp_bits},
                      {"subgroup_extensions", nlohmann::json::object()}};
  for (const auto& [name, has] : d.subgroup_extensions) j["subgroup_extensions"][name] = has;
  const gl::Limits& l = d.limits;
  j["subgroup_size"] = l.subgroup_size;
  j["subgroup_shuffle"] = l.subgroup_shuffle;
  j["max_compute_images"] = l.max_compute_images;
  j["fft_variant"] = fft_variant();
  return j;
}

void print_device(const bench::Device& d) {
  std::printf("renderer: %s\nvendor: %s\nGL version: %s\nGLSL: %s\ncontext: %s\n",
              d.info.renderer.c_str(), d.info.vendor.c_str(), d.info.version.c_str(),
              d.info.glsl_version.c_str(), d.info.provider.c_str());
  std::printf("subgroup extensions:");
  for (const auto& [name, has] : d.subgroup_extensions) std::printf(" %s %s", name.c_str(), has ? "yes" : "no");
  const gl::Limits& l = d.limits;
  std::printf("\nsubgroup shuffle in compute: %s (subgroup size %d)\nimages per compute shader: %d\n"
              "fft variant: %s\n",
              l.subgroup_shuffle ? "yes" : "no", l.subgroup_size, l.max_compute_images,
              fft_variant().c_str());
}

// Both reports are one set: checked before the work, refused when they name the same file, and
// written all or nothing at the end.
void declare_outputs(const BenchArgs& a, io::OutputSet& files) {
  if (!a.json.empty()) files.add(a.json, "the JSON output");
  if (!a.csv.empty()) files.add(a.csv, "the CSV output");
}

int run_frames(BenchArgs& a) {
  bench::FrameConfig c;
  c.timing = a.fft.timing;
  // Each side through the one decimal parser: no sign, blank or prefix, and no wrap-around.
  const size_t x = a.frame.find_first_of("xX");
  int w = 0, h = 0;
  try {
    if (x == std::string::npos) throw Error(ErrorCode::InvalidArgument, "no 'x'");
    w = int(io::parse_int(std::string_view(a.frame).substr(0, x), "width", 1, 16384));
    h = int(io::parse_int(std::string_view(a.frame).substr(x + 1), "height", 1, 16384));
  } catch (const Error& e) {
    throw Error(ErrorCode::InvalidArgument,
                "--frame '" + a.frame + "' must be WxH, each 1..16384 (" + e.what() + ")");
  }
  if (!a.csv.empty()) throw Error(ErrorCode::InvalidArgument, "--frame writes no CSV; use --json");
  bench::validate(c.timing);
  c.preset = a.preset;
  if (a.preset != "default") {
    try {
      scene::apply_setting(c.frame.settings, "preset", a.preset);
    } catch (const Error& e) {
      throw Error(e.code(), "--preset: " + std::string(e.what()));
    }
  }
  for (const std::string& kv : a.set) {
    const auto [row, value] = parse_set(kv);
    try {
      scene::apply_setting(c.frame.settings, row->key, value);
    } catch (const Error& e) {
      throw Error(e.code(), "--set " + kv + ": " + e.what());
    }
  }
  if (a.fft.sizes.size() == 1) {
    if (!a.fft.sizes[0].square())
      throw Error(ErrorCode::InvalidArgument, "--sizes with --frame is one square ocean size");
    c.frame.settings.ocean.size = a.fft.sizes[0].width;
  }
  c.frame.settings.ocean.algorithm = a.fft.algorithms.size() == 1 ? a.fft.algorithms[0]
                                                                  : c.frame.settings.ocean.algorithm;
  {
    const bench::FftVariant v = bench::fft_variant_from_env();
    c.frame.settings.ocean.fft_tuning.shuffle = v.shuffle;
    c.frame.settings.ocean.fft_tuning.emulate_subgroup = v.emulate_subgroup;
    c.frame.settings.ocean.fft_barriers = v.barriers;
  }
  ocean::validate(c.frame.settings.ocean);
  c.frame.foam_balance = a.foam_start == "balance";
  c.frame.width = w;
  c.frame.height = h;
  c.frame.samples = a.samples;
  // `oceanfft render`'s default view: a low eye looking along the swell, horizon in frame.
  c.frame.camera.mode = render::Camera::Mode::Fly;
  c.frame.camera.position = {0.0f, 16.0f, 0.0f};
  c.frame.camera.yaw_deg = -112.0f;
  c.frame.camera.pitch_deg = -7.0f;
  io::OutputSet files;
  declare_outputs(a, files);

  auto ctx = gl::create_headless();
  gl::ShaderLibrary shaders(*ctx);
  const bench::FrameReport r = bench::run_frame_bench(c, *ctx, shaders);
  print_device(r.device);
  std::printf("frame %dx%d, %d MSAA samples, preset %s, %s\n", w, h, a.samples, a.preset.c_str(),
              r.simulation.c_str());
  if (r.spin_up_steps > 0)
    std::printf("foam spin-up to its balance: %d steps in %.1f ms (CPU, with glFinish)\n",
                r.spin_up_steps, r.spin_up_ms);
  std::printf("%d frames after warm-up, per-pass medians (%s):\n", r.frames, r.timer.c_str());
  for (const bench::PassMedian& p : r.passes)
    std::printf("  %*s%-*s %9.4f ms\n", 2 * p.depth, "", 34 - 2 * p.depth, p.name.c_str(), p.median_ms);
  std::printf("  %-34s %9.4f ms\n  %-34s %9.4f ms\n", "GPU frame (sum of outermost passes)",
              r.gpu_frame_median_ms, "CPU frame (with glFinish)", r.cpu_frame_median_ms);
  std::fflush(stdout);
  if (!a.json.empty()) {
    nlohmann::json j;
    j["schema"] = "oceanfft-bench-frame/1";
    j["date_utc"] = utc_now();
    j["device"] = device_json(r.device);
    j["config"] = {{"width", w},          {"height", h},
                   {"samples", a.samples}, {"preset", a.preset},
                   {"frames", r.frames},   {"warmup", c.timing.warmup},
                   {"warmup_ms", c.timing.warmup_ms}, {"simulation", r.simulation}};
    j["timer"] = r.timer;
    j["passes"] = nlohmann::json::array();
    for (const bench::PassMedian& p : r.passes)
      j["passes"].push_back({{"pass", p.name}, {"depth", p.depth}, {"median_ms", p.median_ms}});
    j["foam_start"] = a.foam_start;
    j["spin_up_steps"] = r.spin_up_steps;
    j["spin_up_ms"] = r.spin_up_ms;
    j["gpu_frame_median_ms"] = r.gpu_frame_median_ms;
    j["cpu_frame_median_ms"] = r.cpu_frame_median_ms;
    files.put(a.json, j.dump(2) + "\n");
  }
  files.commit();
  return 0;
}

int run_bench(BenchArgs& a) {
  // Everything that needs no GPU is checked first, so bad input never waits for a context.
  a.fft.algorithms = parse_algorithms(a.algorithms);
  a.fft.sizes = bench::parse_shapes(a.sizes);
  a.fft.variant = bench::fft_variant_from_env();
  if (!a.frame.empty()) return run_frames(a);
  if (!a.set.empty())
    throw Error(ErrorCode::InvalidArgument, "--set applies to whole frames; add --frame WxH");
  bench::validate(a.fft);
  io::OutputSet files;
  declare_outputs(a, files);

  auto ctx = gl::create_headless();
  gl::ShaderLibrary shaders(*ctx);
  Progress progress;
  const bench::FftReport rep = bench::run_fft_bench(
      a.fft, *ctx, shaders, [&](const std::string& line) { progress.show("bench: " + line); });
  progress.show("bench: done");
  const bench::FftConfig& c = rep.config;

  print_device(rep.device);
  std::printf("timer: %s (%s)\n", std::string(profiler::timer_name(rep.timer)).c_str(),
              rep.timer_note.c_str());
  std::printf("layers: %d (%d complex planes per transform), reps: %d, warm-up: %d calls and %g ms, "
              "seed: %llu\n",
              c.layers, 2 * c.layers, c.timing.reps, c.timing.warmup, c.timing.warmup_ms,
              (unsigned long long)c.seed);
  std::printf("bytes per FFT: 2 passes x (read + write) x N x N x layers x 16 B\n");
  if (c.copy) {
    std::printf("\nimage copy bandwidth (rgba32f array, read + write of every texel):\n");
    std::printf("%9s %14s %14s %16s %16s\n", "N", "compute ms", "compute GB/s", "copy-image ms",
                "copy-image GB/s");
  }
  for (const CopyResult& c : rep.copies)
    std::printf("%9s %14.4f %14.1f %16.4f %16.1f\n", c.size.label().c_str(), c.compute.median,
                gbps(c.bytes, c.compute.median), c.copy_image.median,
                gbps(c.bytes, c.copy_image.median));
  std::printf("\n%-13s %9s %10s %10s %10s %9s %8s %10s %12s\n", "algorithm", "N", "median ms",
              "min ms", "p90 ms", "GB/s", "of copy", "rel L2", "ocean ms");
  for (const FftResult& r : rep.results) {
    const double g = gbps(r.bytes, r.time.median);
    char ocean_ms[32] = "-";
    if (!r.oceans.empty()) std::snprintf(ocean_ms, sizeof ocean_ms, "%.4f", r.oceans[0].time.median);
    // "-" where --no-copy or --no-check left the figure out.
    char of_copy[32] = "-", rel[32] = "-";
    if (r.copy_gbps > 0) std::snprintf(of_copy, sizeof of_copy, "%.1f%%", 100.0 * g / r.copy_gbps);
    if (c.check) std::snprintf(rel, sizeof rel, "%.2e", r.rel_l2);
    std::printf("%-13s %9s %10.4f %10.4f %10.4f %9.1f %8s %10s %12s\n",
                std::string(fft::name(r.algorithm)).c_str(), r.size.label().c_str(), r.time.median, r.time.min,
                r.time.p90, g, of_copy, rel, ocean_ms);
  }
  if (!c.check) std::printf("rel L2: not checked (--no-check)\n");
  for (const FftResult& r : rep.results) {
    if (!c.passes) break;
    double sum = 0;
    for (const bench::PassTime& p : r.passes) sum += p.median_ms;
    std::printf("\npasses of %s %s (%d dispatches), medians of %d runs, %s; sum %.4f ms, whole "
                "execute %.4f ms:\n",
                std::string(fft::name(r.algorithm)).c_str(), r.size.label().c_str(), r.dispatches,
                c.timing.reps, r.pass_timer.c_str(), sum, r.time.median);
    if (r.passes.empty()) std::printf("  (none measured)\n");
    for (const bench::PassTime& p : r.passes) {
      const std::string_view name = std::string_view(p.name).starts_with("fft.four_step.")
                                        ? std::string_view(p.name).substr(14)
                                        : std::string_view(p.name);
      std::printf("  %-32.*s %10.4f ms %10.2f MB %9.1f GB/s\n", int(name.size()), name.data(),
                  p.median_ms, double(p.bytes) / 1e6, p.gbps());
    }
  }
  if (c.passes) std::printf("\n");
  for (const FftResult& r : rep.results)
    for (const OceanResult& o : r.oceans) {
      std::printf("ocean step %s%s %d^2 x %d cascade(s): %.4f ms (min %.4f); passes (median ms, %s):",
                  std::string(fft::name(r.algorithm)).c_str(),
                  o.fusion == ocean::Fusion::Full       ? " fused"
                  : o.fusion == ocean::Fusion::Spectrum ? " fused spectrum"
                                                        : "",
                  r.size.width,
                  o.cascades, o.time.median, o.time.min, o.timer.c_str());
      for (const auto& [name, ms] : o.passes) std::printf(" %s %.4f", name.c_str(), ms);
      if (o.query_points > 0)
        std::printf("; query of %d points: %.4f ms (min %.4f)", o.query_points, o.query.median,
                    o.query.min);
      std::printf("\n");
    }
  std::fflush(stdout);

  if (!a.json.empty()) {
    nlohmann::json j;
    j["schema"] = "oceanfft-bench/1";
    j["date_utc"] = utc_now();
    j["device"] = device_json(rep.device);
    j["timer"] = profiler::timer_name(rep.timer);
    j["timer_note"] = rep.timer_note;
    // "size": N for a square, "WxH" otherwise, so the square tables keep their numbers.
    auto size_json = [](const bench::Shape& s) {
      return s.square() ? nlohmann::json(s.width) : nlohmann::json(s.label());
    };
    nlohmann::json sizes = nlohmann::json::array();
    for (const bench::Shape& shape : c.sizes) sizes.push_back(size_json(shape));
    j["config"] = {{"sizes", sizes}, {"algorithms", nlohmann::json::array()}, {"layers", c.layers},
                   {"planes", 2 * c.layers}, {"reps", c.timing.reps}, {"warmup", c.timing.warmup},
                   {"warmup_ms", c.timing.warmup_ms}, {"batch_bytes", bench::kBatchBytes},
                   {"seed", c.seed}, {"direction", "forward"}, {"ocean", c.ocean},
                   {"passes", c.passes}, {"long_line_limit", c.long_line_limit},
                   {"copy", c.copy}, {"check", c.check},
                   {"ocean_sizes", {ocean::kMinSize, ocean::kMaxSize}}};
    for (fft::Algorithm alg : c.algorithms) j["config"]["algorithms"].push_back(fft::name(alg));
    j["bytes_formula"] = "fft: 2 passes x (read + write) x N*N*layers texels x 16 B; copy: 1 x (read + write)";
    j["copy"] = nlohmann::json::array();
    for (const CopyResult& c : rep.copies)
      j["copy"].push_back({{"size", size_json(c.size)},
                           {"bytes", c.bytes},
                           {"compute", summary_json(c.compute)},
                           {"compute_gbps", gbps(c.bytes, c.compute.median)},
                           {"copy_image", summary_json(c.copy_image)},
                           {"copy_image_gbps", gbps(c.bytes, c.copy_image.median)},
                           {"best_method", c.best_method()},
                           {"best_gbps", c.best_gbps()}});
    j["results"] = nlohmann::json::array();
    for (const FftResult& r : rep.results) {
      const double g = gbps(r.bytes, r.time.median);
      j["results"].push_back({{"algorithm", fft::name(r.algorithm)},
                              {"size", size_json(r.size)},
                              {"width", r.size.width},
                              {"height", r.size.height},
                              {"layers", c.layers},
                              {"plan", r.plan},
                              {"dispatches", r.dispatches},
                              {"bytes", r.bytes},
                              {"fft", summary_json(r.time)},
                              {"gbps", g},
                              {"copy_gbps", r.copy_gbps},
                              {"copy_fraction", r.copy_gbps > 0 ? g / r.copy_gbps : 0.0},
                              {"rel_l2", c.check ? nlohmann::json(r.rel_l2) : nlohmann::json(nullptr)},
                              {"ocean", nullptr},
                              {"ocean_note", r.ocean_note}});
      if (c.passes) {
        nlohmann::json passes = nlohmann::json::array();
        for (const bench::PassTime& p : r.passes)
          passes.push_back({{"pass", p.name}, {"bytes", p.bytes}, {"median_ms", p.median_ms},
                            {"gbps", p.gbps()}});
        j["results"].back()["passes"] = passes;
        j["results"].back()["pass_timer"] = r.pass_timer;
      }
      auto ocean_json = [&](const OceanResult& o) -> nlohmann::json {
        nlohmann::json passes = nlohmann::json::array();
        for (const auto& [name, ms] : o.passes) passes.push_back({{"pass", name}, {"ms", ms}});
        return {{"step", summary_json(o.time)}, {"fusion", bench::fusion_name(o.fusion)},
                {"describe", o.describe},       {"layers", o.layers},
                {"cascades", o.cascades},       {"pass_timer", o.timer},
                {"pass_median_ms", passes},     {"bytes", o.bytes},
                {"gbps", gbps(o.bytes, o.time.median)},
                {"query_points", o.query_points},
                {"query", o.query_points > 0 ? summary_json(o.query) : nlohmann::json(nullptr)}};
      };
      if (!r.oceans.empty()) j["results"].back()["ocean"] = ocean_json(r.oceans[0]);
      auto other = [&](ocean::Fusion f) {
        for (size_t i = 1; i < r.oceans.size(); ++i)
          if (r.oceans[i].fusion == f) return ocean_json(r.oceans[i]);
        return nlohmann::json(nullptr);
      };
      j["results"].back()["ocean_spectrum_fused"] = other(ocean::Fusion::Spectrum);
      j["results"].back()["ocean_unfused"] = other(ocean::Fusion::None);
    }
    files.put(a.json, j.dump(2) + "\n");
  }
  if (!a.csv.empty()) {
    std::string csv =
        "algorithm,size,layers,timer,median_ms,min_ms,p90_ms,mean_ms,max_ms,samples,bytes,gbps,"
        "copy_gbps,copy_fraction,rel_l2,ocean_median_ms,ocean_min_ms,ocean_p90_ms\n";
    for (const FftResult& r : rep.results) {
      const double g = gbps(r.bytes, r.time.median);
      char line[512];
      char rel[32] = "";  // empty where not checked
      if (c.check) std::snprintf(rel, sizeof rel, "%.3e", r.rel_l2);
      std::snprintf(line, sizeof line, "%s,%s,%d,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%d,%llu,%.3f,%.3f,%.5f,%s\n",
                    std::string(fft::name(r.algorithm)).c_str(), r.size.label().c_str(), c.layers,
                    std::string(profiler::timer_name(rep.timer)).c_str(), r.time.median, r.time.min,
                    r.time.p90, r.time.mean, r.time.max, r.time.samples,
                    (unsigned long long)r.bytes, g, r.copy_gbps,
                    r.copy_gbps > 0 ? g / r.copy_gbps : 0.0, rel);
      csv += line;
      csv.pop_back();  // the ocean columns stay empty where the ocean was not measured
      if (!r.oceans.empty())
        std::snprintf(line, sizeof line, ",%.6f,%.6f,%.6f\n", r.oceans[0].time.median,
                      r.oceans[0].time.min, r.oceans[0].time.p90);
      else
        std::snprintf(line, sizeof line, ",,,\n");
      csv += line;
    }
    files.put(a.csv, csv);
  }
  files.commit();
  return 0;
}

}  // namespace

// --transforms "2D;3D;LONG": one table, a round trip per row.
int run_transforms(BenchArgs& a, const std::string& spec) {
  std::vector<std::string> parts(3);
  size_t part = 0;
  for (char c : spec) {
    if (c == ';') {
      if (++part == parts.size()) throw Error(ErrorCode::InvalidArgument, "--transforms takes at most 2D;3D;LONG");
    } else {
      parts[part] += c;
    }
  }
  const auto list = [](const std::string& t, const char* what) {
    return t.empty() ? std::vector<int>{} : parse_int_list(t, what);
  };
  const std::vector<int> sizes = list(parts[0], "size"), volumes = list(parts[1], "volume size"),
                         longs = list(parts[2], "four-step length");
  for (int n : sizes) {
    if (n < 2 || n > fft::kMaxLongSize)
      throw Error(ErrorCode::InvalidArgument, "--transforms size " + std::to_string(n) + " is outside 2..65536");
    fft::Options o;
    o.width = o.height = n;
    if (auto s = fft::validate_shape(o); s != fft::Status::Ok)
      throw Error(ErrorCode::InvalidArgument, "--transforms: " + fft::describe(s, o));
  }
  for (int n : volumes)
    if (n < 1 || n > 512) throw Error(ErrorCode::InvalidArgument, "--transforms volume " + std::to_string(n) + " is outside 1..512");
  for (int n : longs)
    if (n < 2 || n > fft::kMaxLongSize) throw Error(ErrorCode::InvalidArgument, "--transforms length " + std::to_string(n) + " is outside 2..65536");
  bench::validate(a.fft.timing);
  if (!a.csv.empty()) throw Error(ErrorCode::InvalidArgument, "--transforms writes no CSV; use --json");
  io::OutputSet files;
  declare_outputs(a, files);
  auto ctx = gl::create_headless();
  gl::ShaderLibrary shaders(*ctx);
  const uint64_t seed = a.fft.seed ? a.fft.seed : uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  std::printf("renderer: %s | %s\nseed: %llu, reps: %d, timer: %s\n", ctx->info().renderer.c_str(),
              ctx->info().version.c_str(), (unsigned long long)seed, a.fft.timing.reps,
              bench::choose_timer(a.fft.timing.timer, *ctx).second.c_str());
  const auto rows = bench::run_transform_bench(*ctx, shaders, sizes, volumes, longs, a.fft.timing, seed,
                                               [](const std::string& l) { std::fprintf(stderr, "bench: %s\n", l.c_str()); });
  std::printf("%-10s %-22s %12s %12s %12s\n", "kind", "shape", "median ms", "min ms", "rel L2");
  for (const auto& r : rows)
    std::printf("%-10s %-22s %12.4f %12.4f %12.3e\n", r.kind.c_str(), r.shape.c_str(),
                r.round_trip.median, r.round_trip.min, r.error);
  if (ctx->check_errors("bench") || ctx->error_count())
    throw Error(ErrorCode::GlRuntime, "the GL driver reported errors during the bench");
  if (!a.json.empty()) {
    nlohmann::json j;
    j["schema"] = "oceanfft-bench-transforms/1";
    j["date_utc"] = utc_now();
    j["device"] = device_json(bench::describe_device(*ctx));
    j["timer"] = bench::choose_timer(a.fft.timing.timer, *ctx).second;
    j["config"] = {{"spec", spec},         {"reps", a.fft.timing.reps}, {"warmup", a.fft.timing.warmup},
                   {"warmup_ms", a.fft.timing.warmup_ms}, {"seed", seed}};
    j["rows"] = nlohmann::json::array();
    for (const auto& r : rows)
      j["rows"].push_back({{"kind", r.kind}, {"shape", r.shape}, {"round_trip", summary_json(r.round_trip)},
                           {"rel_l2", r.error}, {"plan", r.plan}});
    files.put(a.json, j.dump(2) + "\n");
  }
  files.commit();
  return 0;
}

void add_bench(CLI::App& app, Commands& out) {
  auto args = std::make_shared<BenchArgs>();
  bench::FftConfig& f = args->fft;
  CLI::App* cmd = app.add_subcommand("bench", "time every algorithm x size headless (JSON/CSV out)");
  cmd->add_option("--sizes", args->sizes,
                  "comma-separated shapes: N for N x N or WxH (1080x1920); any length 1..4096 with "
                  "fast, powers of two for the others (with --frame: one square ocean size, default the "
                  "settings')");
  cmd->add_option("--algorithms", args->algorithms, "comma-separated names, or 'all'");
  cmd->add_option("--layers", f.layers, "rgba32f layers per transform (2 complex planes each)");
  cmd->add_option("--reps", f.timing.reps, "timed repetitions (frames with --frame) per case");
  cmd->add_option("--warmup", f.timing.warmup,
                  "untimed repetitions before timing each case (at least; default 200)");
  cmd->add_option("--warmup-ms", f.timing.warmup_ms,
                  "and at least this many ms of untimed work per case (default 200)");
  cmd->add_option("--timer", f.timing.timer,
                  "auto (GPU timestamps where they work, else CPU+glFinish), gpu, or cpu");
  cmd->add_flag("!--no-ocean", f.ocean, "skip the ocean step timing");
  cmd->add_flag("--passes", f.passes,
                "after each FFT case, --reps more runs with a GPU timestamp between passes: each "
                "outermost pass's median, bytes and GB/s (a four-step plan: 'rows N1=128', "
                "'columns N2=128', 'gather', 'scatter', ...); CPU time with glFinish around each "
                "pass where GPU timers do not work, and the output says so");
  cmd->add_flag("!--no-copy", f.copy,
                "skip the image copy cases (the bandwidth ceiling; 'of copy' then shows -)");
  cmd->add_flag("!--no-check", f.check,
                "skip each FFT case's error check against FFTW (rel L2 then shows -, null in JSON): "
                "for repeating a large case whose error is known");
  cmd->add_option("--long-line-limit", f.long_line_limit,
                  "lines longer than this take the four-step path (0: 4096), to run it at small "
                  "sizes");
  cmd->add_option("--ocean-cascades", f.ocean_cascades,
                  "cascades in the timed ocean step (default 1)")
      ->check(CLI::Range(1, ocean::kMaxCascades));
  cmd->add_option("--frame", args->frame,
                  "WxH: time whole frames (simulation, sky, water, foam) at this size instead, "
                  "per-pass medians from the profiler");
  cmd->add_option("--preset", args->preset, "with --frame: the sea state (" + scene::preset_list() +
                                                ", or 'default')");
  cmd->add_option("--foam-start", args->foam_start,
                  "with --frame: balance (default): the sea's foam stands at its balance before the "
                  "frames, as the window's after a preset (the spin-up's time is printed); calm: "
                  "from none, so only the warm-up's frames build it")
      ->check(CLI::IsMember({"balance", "calm"}));
  cmd->add_option("--set", args->set,
                  "with --frame: KEY=VALUE, any row of the settings table (e.g. spray=0, "
                  "anisotropy=16), applied after --preset; repeatable");
  cmd->add_option("--samples", args->samples, "with --frame: MSAA samples (1 = off, default 4)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--seed", f.seed, "random seed for the inputs (0: time-based, printed)");
  cmd->add_option("--json", args->json, "write every result as JSON (docs/bench/README.md)");
  cmd->add_option("--csv", args->csv, "write one CSV row per algorithm x size");
  cmd->footer(
      "FFT variants (environment; honoured by every fast plan, the ocean step's included):\n"
      "  OCEANFFT_FFT_SHUFFLE=off|rows|columns|both  exchange through subgroup shuffles instead\n"
      "      of shared memory on those axes, where the driver has GL_KHR_shader_subgroup with\n"
      "      shuffles and a line fits one subgroup (N <= 16 x subgroup size); elsewhere the\n"
      "      default kernel runs. Default off. The report's plans say which ran.\n"
      "  OCEANFFT_FFT_SHUFFLE_EMULATE=S  the same with subgroupShuffle emulated through shared\n"
      "      memory for S-lane subgroups (for testing without the extension; slow)\n"
      "  OCEANFFT_FFT_BARRIER=merged|separate|narrow  the FFT's memory barriers: merged (the\n"
      "      default) leaves the last axis's image barrier to the final one; separate keeps it;\n"
      "      narrow also drops the texture-update and pixel-buffer bits from the final one (a\n"
      "      measurement: read-backs then need their own barrier). The ocean step keeps its own\n"
      "      barriers.\n"
      "  OCEANFFT_FFT_TRANSPOSE=off|between|spectrum  the buffer between the axes in transposed\n"
      "      layout, the column pass run as a row pass over it; spectrum: the result left\n"
      "      transposed too (square sizes; rel L2 is then against the transposed reference).\n"
      "      FFT only: the ocean step keeps its layout.\n"
      "  OCEANFFT_FFT_COLUMN_P=2..32  elements per invocation in the column pass (32: the\n"
      "      radix-32 register kernel, 1024 = 32 x 32 with one exchange). FFT only.\n"
      "  OCEANFFT_FFT_FOUR_STEP=natural|split|relaid|rows  the four-step path above 4096\n"
      "      (default: the plan's table per length; docs/fft.md).\n"
      "  OCEANFFT_FFT_FOUR_STEP_RUN=R, _BAND=B, _ROW_RUN=W  the order of the natural-layout\n"
      "      four-step passes' lines: R neighbouring rows first in the column passes, then B\n"
      "      columns; W neighbouring rows first in the row passes (defaults 16, 0, 16; 1\n"
      "      for the plain order). Same result.\n"
      "  OCEANFFT_BENCH_CALLS=K  time K calls back to back per timestamp pair and report 1/K\n"
      "      of it (default 1: a pair around every call), as benchmarks that time a loop of\n"
      "      launches do; copies, FFTs and ocean steps alike.");
  auto transforms = std::make_shared<std::string>();
  cmd->add_option("--transforms", *transforms,
                  "time round trips of the other transforms instead: R2C+C2R beside C2C at these "
                  "N x N sizes, 1D lines of N x 64 (sizes above 4096: the 2D four-step C2C only); "
                  "'2D;3D;LONG' adds N^3 volumes and four-step lengths (e.g. "
                  "'1024,4096,8192;64,128;16384,65536')");
  out.push_back({cmd, [args, transforms]() -> int {
    if (!transforms->empty()) return run_transforms(*args, *transforms);
    return run_bench(*args);
  }});
}

}  // namespace oceanfft::app
