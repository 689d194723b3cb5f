// SPDX-License-Identifier: MIT
#include "scene/soak.h"

#include <unistd.h>

#include <bit>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>

#include "fft/planes.h"
#include "fft/fft.h"
#include "gl/context.h"
#include "gl/shader.h"
#include "ocean/simulation.h"
#include "scene/settings.h"

namespace oceanfft::scene {
namespace {

// Resident set size in bytes, from /proc/self/statm (the second field, in pages).
int64_t resident_bytes() {
  std::ifstream in("/proc/self/statm");
  int64_t total = 0, resident = 0;
  if (!(in >> total >> resident)) return -1;
  return resident * int64_t(::sysconf(_SC_PAGESIZE));
}


double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  const size_t m = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + m, v.end());
  const double hi = v[m];
  if (v.size() % 2) return hi;
  return (hi + *std::max_element(v.begin(), v.begin() + m)) / 2.0;
}

// A free-standing plan, separate from the ocean's, so that non-square sizes and layer counts
// also get re-planned under load. Forward then inverse must return the input.
struct FftRoundTrip {
  fft::Options options;
  uint64_t seed = 0;
  std::unique_ptr<fft::Plan> plan;
  gl::Texture input, spectrum;
  fft::Planes data;
};

void make_round_trip(FftRoundTrip& rt, const fft::Options& o, const gl::ShaderLibrary& shaders, uint64_t seed) {
  // Drop the old objects first so the peak holds one plan, not two.
  rt.plan.reset();
  rt.input = gl::Texture();
  rt.spectrum = gl::Texture();
  rt.options = o;
  rt.seed = seed;
  rt.plan = std::make_unique<fft::Plan>(o, shaders);
  rt.input = gl::make_complex_texture(shaders.context(), o.width, o.height, o.layers);
  rt.spectrum = gl::make_complex_texture(shaders.context(), o.width, o.height, o.layers);
  rt.data = fft::random_planes(o.width, o.height, o.layers, seed);
  fft::upload(rt.input, rt.data);
}

// Forward every frame keeps the plan busy; every so often the result goes back through the
// inverse and is compared with the input. The inverse gets a copy of the spectrum because the
// plan's result texture is one of its own ping-pong targets.
double round_trip_error(FftRoundTrip& rt, bool check) {
  const gl::Texture& forward = rt.plan->execute(fft::Direction::Forward, rt.input);
  if (!check) return 0.0;
  fft::upload(rt.spectrum, fft::download(forward));
  for (const gl::Texture& target : rt.plan->targets()) fft::poison(target);
  const gl::Texture& back = rt.plan->execute(fft::Direction::Inverse, rt.spectrum);
  const fft::Planes got = fft::download(back);
  double num = 0, den = 0;
  for (size_t i = 0; i < got.data.size(); ++i) {
    const std::complex<double> d = std::complex<double>(got.data[i]) - std::complex<double>(rt.data.data[i]);
    num += std::norm(d);
    den += std::norm(std::complex<double>(rt.data.data[i]));
  }
  const double e = std::sqrt(num / den);
  return std::isfinite(e) ? e : INFINITY;
}

int resolved_rss_every(const SoakOptions& o) {
  return o.rss_every > 0 ? o.rss_every : std::max(10, o.frames / 20);
}

}  // namespace

std::string counts_text(const gl::ObjectCounts& c) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%lld (textures %lld, buffers %lld, programs %lld, shaders %lld, queries %lld, "
                "framebuffers %lld, vertex arrays %lld, renderbuffers %lld, samplers %lld)",
                (long long)c.total(), (long long)c.textures, (long long)c.buffers,
                (long long)c.programs, (long long)c.shaders, (long long)c.queries,
                (long long)c.framebuffers, (long long)c.vertex_arrays, (long long)c.renderbuffers, (long long)c.samplers);
  return buf;
}

RssTrend fit_rss_trend(const std::vector<RssSample>& s) {
  RssTrend t;
  t.samples = int(s.size());
  if (s.size() < 2) return t;
  // The median of the slopes between neighbouring samples: a leak raises most of them, while a
  // one-off step (a shader variant first compiled mid-run, an allocator arena kept) raises one
  // and leaves the median alone. Measured on llvmpipe: a flat run with a single +15 MiB step.
  std::vector<double> slopes, steps;
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i].frame == s[i - 1].frame) continue;
    slopes.push_back(double(s[i].bytes - s[i - 1].bytes) / double(s[i].frame - s[i - 1].frame));
    steps.push_back(double(s[i].bytes - s[i - 1].bytes));
  }
  t.slope = median(slopes);
  std::vector<double> offsets;
  for (const RssSample& p : s) offsets.push_back(double(p.bytes) - t.slope * p.frame);
  t.intercept = median(offsets);
  // The scatter of one sample-to-sample step around its typical value (1.4826 MAD ~ sigma).
  const double mid = median(steps);
  for (double& d : steps) d = std::abs(d - mid);
  t.sigma = 1.4826 * median(steps);
  t.growth = t.slope * double(s.back().frame - s.front().frame);
  // The median of n slopes scatters by about 1.2533 sigma / sqrt(n) (per step); over the n steps
  // of the run that is 1.2533 sigma sqrt(n) of growth. Four times that, or kMinRssGrowth.
  t.bound = std::max(double(kMinRssGrowth), 4.0 * 1.2533 * t.sigma * std::sqrt(double(slopes.size())));
  return t;
}

bool rss_grows(const RssTrend& t) { return t.slope > kMaxRssSlope && t.growth > t.bound; }

std::string replay_command(const SoakOptions& o) {
  std::string s = "oceanfft soak --frames " + std::to_string(o.frames) + " --seed " + std::to_string(o.seed) +
                  " --size-max " + std::to_string(o.size_max) + " --change-every " +
                  std::to_string(o.change_every) + " --check-every " + std::to_string(o.check_every) +
                  " --rss-every " + std::to_string(resolved_rss_every(o));
  if (o.test_leak_kib) s += " --test-leak-kib " + std::to_string(o.test_leak_kib);
  return s;
}

SoakReport run_soak(const SoakOptions& a, const std::function<void(const std::string&)>& progress) {
  if (a.frames < 1) throw Error(ErrorCode::InvalidArgument, "--frames must be at least 1, got " + std::to_string(a.frames));
  if (!std::has_single_bit(unsigned(a.size_max)) || a.size_max < ocean::kMinSize || a.size_max > ocean::kMaxSize)
    throw Error(ErrorCode::InvalidArgument,
                "--size-max " + std::to_string(a.size_max) + " must be a power of two in " +
                    std::to_string(ocean::kMinSize) + ".." + std::to_string(ocean::kMaxSize));
  if (a.change_every < 1 || a.check_every < 1 || a.rss_every < 0 || a.test_leak_kib < 0)
    throw Error(ErrorCode::InvalidArgument,
                "--change-every and --check-every must be at least 1, --rss-every and --test-leak-kib at least 0");
  auto say = [&](const std::string& line) {
    if (progress) progress(line);
  };
  SoakReport rep;
  rep.options = a;
  rep.options.rss_every = resolved_rss_every(a);
  const uint64_t seed = a.seed;
  const std::string replay = " (replay: " + replay_command(rep.options) + ")";
  std::mt19937_64 rng(seed);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto uniform = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); };

  gl::HeadlessOptions ho;
  ho.quiet = true;
  auto ctx = gl::create_headless(ho);
  gl::ShaderLibrary shaders(*ctx);
  rep.renderer = ctx->info().renderer + " | " + ctx->info().version;

  std::vector<int> sizes;
  for (int s = ocean::kMinSize; s <= a.size_max; s *= 2) sizes.push_back(s);
  const auto algorithms = fft::all_algorithms();
  // The free-standing FFT stays small: it is there for re-planning, not for load.
  const int fft_max = std::min(a.size_max, 128);

  auto check_gl = [&](const char* where, int frame) {
    if (ctx->check_errors(where) || ctx->error_count())
      throw Error(ErrorCode::GlRuntime,
                  std::string("GL error during ") + where + " at frame " + std::to_string(frame) + replay);
  };

  ocean::Params params;
  params.size = sizes.front();
  params.seed = seed;
  ocean::Simulation sim(shaders, params);
  FftRoundTrip rt;
  fft::Options fo;
  fo.width = fo.height = 16;
  make_round_trip(rt, fo, shaders, seed);

  auto random_fft_options = [&]() {
    fft::Options o;
    int lw = 0;
    for (int s = fft::kMinSize; s <= fft_max; s *= 2) ++lw;
    o.width = 1 << pick(1, lw);
    o.height = 1 << pick(1, lw);
    o.layers = pick(1, 3);
    o.algorithm = algorithms[size_t(pick(0, int(algorithms.size()) - 1))];
    return o;
  };

  // Every other setting the table marks for the soak, through apply_setting as a script would,
  // so the soak explores exactly the ranges the panel, scripts and render accept.
  std::vector<const Setting*> table_rows;
  for (const Setting& row : settings_table())
    if (row.soak && row.scope == Scope::Everywhere && row.key != "size") table_rows.push_back(&row);
  auto random_setting = [&]() {
    Settings s;
    s.ocean = params;
    // A value can be refused where the whole ocean decides (a patch size against its
    // neighbours); another row then gets the turn.
    for (int tries = 0; tries < 8; ++tries) {
      const Setting& row = *table_rows[size_t(pick(0, int(table_rows.size()) - 1))];
      try {
        apply_setting(s, row.key, random_value(row, rng));
        break;
      } catch (const Error&) {
      }
    }
    params = s.ocean;
  };

  std::vector<std::unique_ptr<char[]>> leak;  // test_leak_kib only
  double t = 0.0;
  const double dt = 1.0 / 60.0;
  int frame = 0;
  auto step = [&]() {
    sim.step(t);
    t += dt;
    round_trip_error(rt, false);
    check_gl("frame", frame);
    if (a.test_leak_kib > 0) {
      leak.emplace_back(new char[size_t(a.test_leak_kib) << 10]);
      std::memset(leak.back().get(), 1, size_t(a.test_leak_kib) << 10);  // resident, not just reserved
    }
    rep.peak_rss = std::max(rep.peak_rss, resident_bytes());
  };

  // Warm-up: every algorithm at every size, packed and unpacked, with one and with the most
  // cascades, so that driver caches, shader programs and allocator pools reach their working
  // size before the baseline is taken.
  const auto t0 = std::chrono::steady_clock::now();
  for (fft::Algorithm alg : algorithms)
    for (int s : sizes)
      for (int layout = 0; layout < 4; ++layout) {
        const bool pack = layout % 2 == 0;
        params.algorithm = alg;
        params.size = s;
        params.pack_pairs = pack;
        params.cascades = layout < 2 ? 1 : ocean::kMaxCascades;
        sim.set_params(params);
        fo.algorithm = alg;
        fo.width = fo.height = std::min(s, fft_max);
        fo.layers = pack ? 1 : 3;
        make_round_trip(rt, fo, shaders, seed + uint64_t(frame));
        step();
        ++frame;
      }
  rep.warmup_frames = frame;
  // The baseline configuration: the run returns to it to sample memory and at the end.
  params = ocean::Params();
  params.size = sizes.back();
  params.seed = seed;
  const ocean::Params base_params = params;
  fo = fft::Options();
  fo.width = fo.height = fft_max;
  const fft::Options base_fft = fo;
  auto at_baseline = [&](int i) {
    sim.set_params(base_params);
    make_round_trip(rt, base_fft, shaders, seed);
    for (int k = 0; k < 3; ++k) step();
    glFinish();
    rep.rss.push_back({i, resident_bytes()});
  };
  at_baseline(0);
  rep.base_objects = ctx->objects();
  say("soak: warm-up " + std::to_string(rep.warmup_frames) +
      " frames (all algorithms x sizes x packings x 1 and 4 cascades); baseline " +
      counts_text(rep.base_objects) + " live GL objects, RSS " +
      std::to_string(rep.rss.back().bytes >> 20) + " MiB");

  const int progress_every = std::max(1, a.frames / 10);
  for (int i = 0; i < a.frames; ++i, ++frame) {
    if (i > 0 && i % rep.options.rss_every == 0) {
      // Sample at the baseline, then pick up the random configuration where it was.
      const fft::Options current = rt.options;
      const uint64_t current_seed = rt.seed;
      at_baseline(i);
      sim.set_params(params);
      make_round_trip(rt, current, shaders, current_seed);
    }
    if (pick(1, a.change_every) == 1) {
      ++rep.changes;
      const ocean::Params before = params;
      switch (pick(0, 7)) {
        case 0:
          params.size = sizes[size_t(pick(0, int(sizes.size()) - 1))];
          break;
        case 1: {
          const fft::Options o = random_fft_options();
          make_round_trip(rt, o, shaders, rng());
          ++rep.replans;
          break;
        }
        case 2: {
          // One factor for all: the bands depend on the ratios, which stay valid at every size.
          const float scale = uniform(0.5f, 2.0f);
          for (int c = 0; c < ocean::kMaxCascades; ++c)
            params.patch_sizes[size_t(c)] = ocean::Params{}.patch_sizes[size_t(c)] * scale;
          break;
        }
        default:
          random_setting();
          break;
      }
      // A size or scale that the current patch sizes cannot take (a cascade would start beyond
      // what the previous one resolves) is refused, as the panel and scripts refuse it.
      try {
        ocean::validate(params);
      } catch (const Error&) {
        params = before;
      }
      sim.set_params(params);
    }
    if (i % a.check_every == a.check_every - 1) {
      const double e = round_trip_error(rt, true);
      ++rep.checks;
      rep.worst_error = std::max(rep.worst_error, e);
      if (!std::isfinite(e))
        throw Error(ErrorCode::NonFinite, "FFT round trip gave NaN/inf at frame " + std::to_string(frame) + " (" +
                                              rt.plan->describe() + ")" + replay);
      if (!(e < 1e-5))
        throw Error(ErrorCode::Verification, "FFT round trip error " + std::to_string(e) + " at frame " +
                                                 std::to_string(frame) + " (" + rt.plan->describe() + ")" + replay);
      const std::vector<float> d = ocean::Simulation::download_map(sim.displacement());
      for (float v : d)
        if (!std::isfinite(v))
          throw Error(ErrorCode::NonFinite, "non-finite displacement at frame " + std::to_string(frame) + " (" +
                                                sim.describe() + ")" + replay);
    }
    step();
    if ((i + 1) % progress_every == 0) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "soak: frame %d/%d, %d changes, RSS %.1f MiB, %lld GL objects, ", i + 1,
                    a.frames, rep.changes, double(resident_bytes()) / (1 << 20), (long long)ctx->objects().total());
      say(buf + sim.describe());
    }
  }

  // Back to the baseline configuration, so that equal counts mean nothing leaked on the way.
  at_baseline(a.frames);
  rep.end_objects = ctx->objects();
  rep.gl_errors = ctx->error_count();
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rep.trend = fit_rss_trend(rep.rss);
#if defined(__SANITIZE_ADDRESS__)
  // ASan keeps freed blocks in quarantine and per-size caches instead of returning them, so RSS
  // under it says nothing about leaks (300 frames grew it from 1 to 5.7 GB); LeakSanitizer
  // reports real leaks at exit instead.
  rep.rss_enforced = false;
#endif
  return rep;
}

std::string soak_failure(const SoakReport& r) {
  const std::string replay = " (replay: " + replay_command(r.options) + ")";
  const gl::ObjectCounts &b = r.base_objects, &e = r.end_objects;
  if (e.total() != b.total() || e.textures != b.textures || e.buffers != b.buffers || e.programs != b.programs)
    return "live GL objects changed from " + counts_text(b) + " after warm-up to " + counts_text(e) +
           " at the end" + replay;
  if (r.gl_errors) return std::to_string(r.gl_errors) + " GL errors" + replay;
  const RssTrend& t = r.trend;
  if (r.rss_enforced && rss_grows(t)) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "resident memory grows %.0f bytes/frame (limit %.0f; median slope over %d "
                  "samples at the baseline): +%.1f MiB over the run, above the noise bound of %.1f MiB",
                  t.slope, kMaxRssSlope, t.samples, t.growth / (1 << 20), t.bound / (1 << 20));
    return buf + replay;
  }
  return {};
}

}  // namespace oceanfft::scene
