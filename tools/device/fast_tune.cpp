// SPDX-License-Identifier: MIT
// Device-side harness for Algorithm::Fast: correctness against FFTW at every size, and a sweep
// of the fast planner's knobs timed per axis with GL timestamps. Built with -DOCEANFFT_TUNE=ON
// (target fast_tune) against the project's static libraries, so it runs on the GPU machine
// without the rest of the app.
//
//   fast_tune verify LAYERS N...            forward+inverse error, square and N x 2N / 2N x N
//   fast_tune time LAYERS REPS N...         all algorithms + fast variants, per-axis medians
//   fast_tune copy LAYERS REPS N...         rgba32f image copy bandwidth (compute and glCopyImage)
//   fast_tune dump N P LINES EX DIR         driver binaries of the fast programs (NVIDIA: assembly)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <fstream>

#include "bench/fft_env.h"
#include "fftref/data.h"
#include "fft/fast.h"
#include "fft/fft.h"
#include "gl/context.h"
#include "gl/error.h"
#include "gl/shader.h"

using namespace oceanfft;

namespace {

// Records glQueryCounter timestamps for the passes the plan reports.
class StampTimer : public gl::PassTimer {
 public:
  struct Span {
    std::string name;
    GLuint begin, end;
  };
  std::vector<Span> spans;
  std::vector<GLuint> pool;
  size_t used = 0;
  std::vector<size_t> open;
  GLuint next() {
    if (used == pool.size()) {
      pool.resize(pool.size() + 256);
      glGenQueries(256, pool.data() + used);
    }
    return pool[used++];
  }
  void begin(std::string_view name, uint64_t) override {
    GLuint q = next();
    glQueryCounter(q, GL_TIMESTAMP);
    spans.push_back({std::string(name), q, 0});
    open.push_back(spans.size() - 1);
  }
  void end() override {
    GLuint q = next();
    glQueryCounter(q, GL_TIMESTAMP);
    spans[open.back()].end = q;
    open.pop_back();
  }
  void reset() {
    spans.clear();
    used = 0;
  }
  ~StampTimer() override {
    if (!pool.empty()) glDeleteQueries(GLsizei(pool.size()), pool.data());
  }
  static double ms(GLuint a, GLuint b) {
    GLuint64 ta = 0, tb = 0;
    glGetQueryObjectui64v(a, GL_QUERY_RESULT, &ta);
    glGetQueryObjectui64v(b, GL_QUERY_RESULT, &tb);
    return double(tb - ta) * 1e-6;
  }
};

std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}
std::vector<int> ints(const std::string& text) {
  std::vector<int> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t comma = text.find(',', pos);
    out.push_back(std::atoi(text.substr(pos, comma - pos).c_str()));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

// Writes the driver's binary of the fast program for each axis of an n x n plan (NVIDIA's holds
// its assembly as text: local-memory use and register counts show there).
int dump(int n, int p, int lines, int ex, const std::string& dir, const gl::ShaderLibrary& shaders) {
  fft::Options o;
  o.width = o.height = n;
  o.algorithm = fft::Algorithm::Fast;
  o.fast.per_thread = p;
  o.fast.row_lines = o.fast.column_lines = lines;
  o.fast.exchange = ex;
  for (int axis = 0; axis < 2; ++axis) {
    auto s = fft::detail::plan_fast_axis(n, axis, n, shaders.context().limits(), o);
    if (!s) continue;
    gl::Program prog = shaders.compute("fft/fast.comp", fft::detail::fast_defines(*s, axis));
    GLint len = 0;
    glGetProgramiv(prog.id(), GL_PROGRAM_BINARY_LENGTH, &len);
    std::vector<char> bin(size_t(std::max(len, 1)));
    GLenum format = 0;
    glGetProgramBinary(prog.id(), len, nullptr, &format, bin.data());
    std::string path = dir + "/fast_N" + std::to_string(n) + "_P" + std::to_string(p) + "_L" +
                       std::to_string(lines) + "_EX" + std::to_string(ex) + "_axis" +
                       std::to_string(axis) + ".bin";
    std::ofstream(path, std::ios::binary).write(bin.data(), len);
    std::printf("dump %s (%d bytes) | %s\n", path.c_str(), len, s->describe().c_str());
  }
  return 0;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Timing {
  double total = 0, rows = 0, cols = 0, min_total = 0;
};

// Times `reps` forward transforms, each bracketed by timestamps (one execute per sample).
Timing time_plan(fft::Plan& plan, const gl::Texture& in, int reps) {
  StampTimer timer;
  // Keep the GPU busy ~150 ms first: after an idle gap (shader compile, FFTW) its clocks are low,
  // and a handful of warm-up runs would time them.
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(150)) {
    for (int i = 0; i < 10; ++i) plan.execute(fft::Direction::Forward, in);
    glFinish();
  }
  std::vector<double> tot, rows, cols;
  // Totals without the per-pass stamps in between, then the per-pass split in a second loop.
  for (int i = 0; i < reps; ++i) {
    timer.reset();
    GLuint a = timer.next();
    glQueryCounter(a, GL_TIMESTAMP);
    plan.execute(fft::Direction::Forward, in);
    GLuint b = timer.next();
    glQueryCounter(b, GL_TIMESTAMP);
    tot.push_back(StampTimer::ms(a, b));
  }
  for (int i = 0; i < reps; ++i) {
    timer.reset();
    plan.execute(fft::Direction::Forward, in, &timer);
    double r = 0, c = 0;
    for (auto& s : timer.spans) {
      if (s.name == "fft.horizontal") r += StampTimer::ms(s.begin, s.end);
      if (s.name == "fft.vertical") c += StampTimer::ms(s.begin, s.end);
    }
    rows.push_back(r);
    cols.push_back(c);
  }
  Timing t{median(tot), median(rows), median(cols), *std::min_element(tot.begin(), tot.end())};
  return t;
}

double error_of(fft::Plan& plan, int w, int h, int layers, fft::Direction d, uint64_t seed) {
  gl::Texture tex = gl::make_complex_texture(*plan.targets()[0].context(), w, h, layers);
  fft::Planes in = fft::random_planes(w, h, layers, seed);
  fft::upload(tex, in);
  for (const gl::Texture& t : plan.targets()) fft::poison(t);
  fft::Planes out = fft::download(plan.execute(d, tex));
  return fft::relative_l2(out, fft::reference(in, d));
}

int verify(int layers, const std::vector<int>& sizes, const gl::ShaderLibrary& shaders) {
  bool ok = true;
  double worst = 0;
  uint64_t seed = 1234;
  for (int n : sizes) {
    std::vector<std::pair<int, int>> shapes = {{n, n}};
    if (n <= 2048) shapes.push_back({n, n * 2});
    if (n <= 2048 && n >= 4) shapes.push_back({n * 2, n / 2});
    for (auto [w, h] : shapes) {
      fft::Options o{.width = w, .height = h, .layers = layers,
                     .algorithm = fft::Algorithm::Fast, .fast = {}};
      bench::apply(bench::fft_variant_from_env(), o);
      fft::Plan plan(o, shaders);
      double ef = error_of(plan, w, h, layers, fft::Direction::Forward, seed++);
      double ei = error_of(plan, w, h, layers, fft::Direction::Inverse, seed++);
      bool pass = ef <= 1e-6 && ei <= 1e-6;
      ok = ok && pass;
      worst = std::max({worst, ef, ei});
      std::printf("verify %4dx%-4d x%d  fwd %.3e  inv %.3e  %s  | %s\n", w, h, layers, ef, ei,
                  pass ? "ok" : "FAIL", plan.describe().c_str());
      std::fflush(stdout);
    }
  }
  std::printf("verify worst %.3e %s\n", worst, ok ? "ALL OK" : "FAILURES");
  return ok ? 0 : 1;
}

// FAST_ROOTS="label=dir,label=dir": shader trees whose fft/fast.comp is a variant of the
// committed one (gen_fast_shader.py --variants writes them); every fast case runs once per tree.
std::vector<std::pair<std::string, std::string>> variant_roots() {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string text = env_or("FAST_ROOTS", "");
  size_t pos = 0;
  while (pos < text.size()) {
    size_t comma = text.find(',', pos);
    std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    size_t eq = item.find('=');
    if (eq != std::string::npos) out.push_back({item.substr(0, eq), item.substr(eq + 1)});
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

int time_all(int layers, int reps, const std::vector<int>& sizes, const gl::ShaderLibrary& main_shaders) {
  std::vector<std::pair<std::string, gl::ShaderLibrary>> libs;
  for (auto& [label, dir] : variant_roots()) libs.push_back({label, gl::ShaderLibrary(main_shaders.context(), dir)});
  if (libs.empty()) libs.push_back({"", main_shaders});
  for (int n : sizes) {
    gl::Texture tex = gl::make_complex_texture(main_shaders.context(), n, n, layers);
    fft::upload(tex, fft::random_planes(n, n, layers, 99 + n));
    auto run = [&](fft::Options o, const std::string& label, const gl::ShaderLibrary& shaders) {
      bench::apply(bench::fft_variant_from_env(), o);
      o.width = o.height = n;
      o.layers = layers;
      try {
        fft::Plan plan(o, shaders);
        Timing t = time_plan(plan, tex, reps);
        // FFTW in double is the slow part: check every variant up to 512, defaults beyond.
        const bool variant = o.fast.per_thread != 0;
        double err = o.algorithm == fft::Algorithm::Fast &&
                             (variant ? n <= 512 : (n <= 2048 || layers == 1))
                         ? error_of(plan, n, n, layers, fft::Direction::Forward, 7 + n)
                         : -1;
        // bytes: two passes, each reads and writes every texel once
        double gbs = double(fft::pass_bytes(o)) * 2 / (t.total * 1e-3) / 1e9;
        std::printf("time N=%d L=%d %-34s total %.4f min %.4f rows %.4f cols %.4f ms  %.0f GB/s"
                    "  err %.2e | %s\n",
                    n, layers, label.c_str(), t.total, t.min_total, t.rows, t.cols, gbs, err,
                    plan.describe().c_str());
      } catch (const std::exception& e) {
        std::printf("time N=%d L=%d %-34s skipped: %s\n", n, layers, label.c_str(), e.what());
      }
      std::fflush(stdout);
    };
    // FAST_ALGOS / FAST_P / FAST_LINES / FAST_EX narrow the sweep (comma lists) to fit a lease;
    // FAST_P=none leaves the sweep out (the planner's choice, with any OCEANFFT_FFT_* variant).
    const std::string algos = env_or("FAST_ALGOS", "cooley-tukey,stockham-r2,stockham-r4,fast");
    for (fft::Algorithm a : fft::all_algorithms()) {
      if (("," + algos + ",").find("," + std::string(fft::name(a)) + ",") == std::string::npos)
        continue;
      fft::Options o;
      o.algorithm = a;
      if (a != fft::Algorithm::Fast) {
        run(o, std::string(fft::name(a)), main_shaders);
        continue;
      }
      for (auto& [label, lib] : libs) run(o, "fast" + (label.empty() ? "" : "@" + label), lib);
    }
    const std::string sweep = env_or("FAST_P", "4,8,16");
    for (auto& [label, lib] : libs)
      for (int p : sweep == "none" ? std::vector<int>{} : ints(sweep))
        for (int lines : ints(env_or("FAST_LINES", "1,2,4,8,16")))
          for (int ex : ints(env_or("FAST_EX", "4,2"))) {
            fft::Options o;
            o.algorithm = fft::Algorithm::Fast;
            o.fast.per_thread = p;
            o.fast.row_lines = o.fast.column_lines = lines;
            o.fast.exchange = ex;
            run(o,
                "fast_P" + std::to_string(p) + "_L" + std::to_string(lines) + "_EX" +
                    std::to_string(ex) + (label.empty() ? "" : "@" + label),
                lib);
          }
  }
  return 0;
}

int copy_bw(int layers, int reps, const std::vector<int>& sizes, const gl::ShaderLibrary& shaders) {
  gl::Program prog = shaders.compute("fft/fast_copy.comp");
  for (int n : sizes) {
    gl::Texture a = gl::make_complex_texture(shaders.context(), n, n, layers),
                b = gl::make_complex_texture(shaders.context(), n, n, layers);
    fft::upload(a, fft::random_planes(n, n, layers, 5));
    const double bytes = double(n) * n * layers * 16 * 2;
    for (int mode = 0; mode < 2; ++mode) {
      std::vector<double> ts;
      for (int i = 0; i < reps + 5; ++i) {
        GLuint q[2];
        glGenQueries(2, q);
        glQueryCounter(q[0], GL_TIMESTAMP);
        if (mode == 0) {
          glUseProgram(prog.id());
          glBindImageTexture(0, a.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
          glBindImageTexture(1, b.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
          glDispatchCompute(GLuint(n / 8), GLuint(n / 8), GLuint(layers));
          glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        } else {
          glCopyImageSubData(a.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, b.id(), GL_TEXTURE_2D_ARRAY, 0,
                             0, 0, 0, n, n, layers);
        }
        glQueryCounter(q[1], GL_TIMESTAMP);
        double ms = StampTimer::ms(q[0], q[1]);
        glDeleteQueries(2, q);
        if (i >= 5) ts.push_back(ms);
      }
      double m = median(ts);
      std::printf("copy N=%d L=%d %-14s %.4f ms  %.0f GB/s\n", n, layers,
                  mode == 0 ? "compute" : "glCopyImage", m, bytes / (m * 1e-3) / 1e9);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc < 3) {
      std::fprintf(stderr, "usage: fast_tune verify|time|copy LAYERS [REPS] N...\n");
      return 2;
    }
    std::string mode = argv[1];
    if (mode == "dump") {
      if (argc < 7) return 2;
      auto ctx = gl::create_headless();
      gl::ShaderLibrary shaders(*ctx);
      return dump(std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]),
                  argv[6], shaders);
    }
    int layers = std::atoi(argv[2]);
    int reps = mode == "verify" ? 0 : std::atoi(argv[3]);
    std::vector<int> sizes;
    for (int i = mode == "verify" ? 3 : 4; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
    auto ctx = gl::create_headless();
    gl::ShaderLibrary shaders(*ctx);
    std::printf("renderer: %s | %s | %s\n", ctx->info().vendor.c_str(), ctx->info().renderer.c_str(),
                ctx->info().version.c_str());
    int rc = mode == "verify" ? verify(layers, sizes, shaders)
             : mode == "time" ? time_all(layers, reps, sizes, shaders)
                              : copy_bw(layers, reps, sizes, shaders);
    if (ctx->check_errors("fast_tune")) rc = 1;
    return rc;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fast_tune: %s\n", e.what());
    return 1;
  }
}
