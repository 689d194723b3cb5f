// SPDX-License-Identifier: MIT
// The foam's procedural patterns (shaders/render/foam.glsl) evaluated on a grid by a probe
// kernel: each covers the share of the area it is asked to, far whitecaps and the film's
// islands are greyer at the rim than inside, and a thread thinner than the pixel turns faint instead of drawing a
// dotted line of white.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>

#include "gl/error.h"
#include "gl/objects.h"
#include "gl_fixture.h"
#include "support/shader_text.h"
#include "support/temp_dir.h"

using namespace oceanfft;

namespace {

class RenderFoamPattern : public test::GlTest {};

constexpr int kSide = 1024;

const char* kProbe =
    "#version 430 core\n"
    "#include \"render/foam.glsl\"\n"
    "layout(local_size_x = 16, local_size_y = 16) in;\n"
    "layout(std430, binding = 0) buffer Out { float v[]; };\n"
    "uniform vec2 uOrigin;\n"
    "uniform float uStep, uQ, uFoot;\n"
    "uniform int uWhich;\n"
    "void main() {\n"
    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
    "  vec2 x = uOrigin + (vec2(p) + 0.5) * uStep;\n"
    "  float r;\n"
    "  if (uWhich == 0) {\n"
    "    r = foam_threads(x, 1.0, uQ, uFoot, 41u);\n"
    "  } else if (uWhich == 1) {\n"
    "    r = foam_raft(x, 1.0, uQ, uFoot, 23u, true);\n"
    "  } else if (uWhich == 2) {\n"
    "    vec2 f = foam_fbm(x, 1.0, 5, uFoot, 11u);\n"
    "    r = foam_place(uQ, f.x, f.y);\n"
    "  } else if (uWhich == 3) {\n"
    "    r = foam_opacity(0.0, uQ, x, vec2(uFoot), vec2(1.0, 0.0), 4.0, 2.0, uFoot, uFoot).y / foam_film_strength(uQ);\n"
    "  } else if (uWhich == 4) {\n"
    "    r = foam_opacity(uQ, 0.0, x, vec2(uFoot), vec2(1.0, 0.0), 4.0, 2.0, uFoot, uFoot).x;\n"
    "  } else if (uWhich == 5) {\n"
    "    r = foam_opacity(uQ, 0.0, x, vec2(uFoot), vec2(1.0, 0.0), 4.0, 2.0, uFoot, uFoot).z;\n"
    "  } else {\n"
    "    r = foam_opacity(0.0, uQ, x, vec2(uFoot), vec2(1.0, 0.0), 4.0, 2.0, uFoot, uFoot).w;\n"
    "  }\n"
    "  v[p.y * 1024 + p.x] = r;\n"
    "}\n";

// The probe's program, built from the real foam.glsl beside the probe in a folder of its own.
class Probe {
 public:
  Probe() : dir_("foam-probe") {
    const std::string foam = test::shader_text("render/foam.glsl");
    if (foam.empty()) throw std::runtime_error("render/foam.glsl not found");
    std::filesystem::create_directories(dir_ / "render");
    std::ofstream(dir_ / "render" / "foam.glsl") << foam;
    std::ofstream(dir_ / "probe.comp") << kProbe;
    gl::ShaderLibrary lib(test::context(), dir_.path().string());
    program_ = lib.compute("probe.comp");
  }
  // The pattern at kSide^2 points `step` metres apart from `origin`, cells of 1 m, coverage q,
  // a pixel footprint of `foot` metres; the output is poisoned with NaN first.
  // kWhitecapShade, kFilmShade: the active foam's and the film's brightness relative to their
  // means (foam_opacity's z and w).
  enum Pattern { kThreads = 0, kRaft = 1, kPlace = 2, kFilm = 3, kWhitecaps = 4, kWhitecapShade = 5,
                 kFilmShade = 6 };
  std::vector<float> run(Pattern which, float q, float foot, float step, float ox, float oz) {
    std::vector<float> poison(size_t(kSide) * kSide, std::numeric_limits<float>::quiet_NaN());
    gl::Buffer out = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER,
                                     poison.size() * sizeof(float), poison.data());
    glUseProgram(program_.id());
    glUniform2f(gl::uniform(program_, "uOrigin"), ox, oz);
    glUniform1f(gl::uniform(program_, "uStep"), step);
    glUniform1f(gl::uniform(program_, "uQ"), q);
    glUniform1f(gl::uniform(program_, "uFoot"), foot);
    glUniform1i(gl::uniform(program_, "uWhich"), int(which));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out.id());
    glDispatchCompute(kSide / 16, kSide / 16, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glUseProgram(0);
    return gl::read_buffer<float>(out, poison.size());
  }

 private:
  test::TempDir dir_;
  gl::Program program_;
};

struct Stats {
  double mean = 0, max = 0;
  bool in_range = true;
};
Stats stats(const std::vector<float>& v) {
  Stats s;
  for (float x : v) {
    if (!(x >= 0.0f && x <= 1.0f)) s.in_range = false;  // NaN (unwritten) fails too
    s.mean += x;
    s.max = std::max(s.max, double(x));
  }
  s.mean /= double(v.size());
  return s;
}

// Each pattern covers q of the area: the raft's films and the placed whitecaps through the
// sampled quantiles of their fields, the threads through those of their fBm's distance from
// its mean; the residual film (islands of 4 m blotches holding threads at three scales, its
// opacity divided by the film's) through both. Each over a random place: the raft and the
// threads over 160 x 160 cells (the
// raft's share varies by up to 1.8 times over 3 cells, so a smaller area spreads by 10 % and
// more from place to place; at this size by 2.5 % at most over 21 seeds), the whitecaps over
// 250 x 250 (few blotches at small q).
TEST_F(RenderFoamPattern, EachPatternCoversItsShare) {
  std::mt19937_64 rng(test::seed("foam-pattern"));
  std::uniform_real_distribution<float> place(-5000.0f, 5000.0f);
  Probe probe;
  struct Case {
    Probe::Pattern which;
    const char* name;
    float q, step, tolerance;
  };
  for (const Case& c : {Case{Probe::kThreads, "threads", 0.1f, 160.0f / kSide, 0.1f},
                        Case{Probe::kThreads, "threads", 0.25f, 160.0f / kSide, 0.1f},
                        Case{Probe::kThreads, "threads", 0.45f, 160.0f / kSide, 0.1f},
                        Case{Probe::kRaft, "raft", 0.2f, 160.0f / kSide, 0.1f},
                        Case{Probe::kRaft, "raft", 0.45f, 160.0f / kSide, 0.1f},
                        Case{Probe::kPlace, "place", 0.05f, 250.0f / kSide, 0.15f},
                        Case{Probe::kPlace, "place", 0.2f, 250.0f / kSide, 0.1f},
                        Case{Probe::kPlace, "place", 0.5f, 250.0f / kSide, 0.1f},
                        Case{Probe::kFilm, "film", 0.1f, 250.0f / kSide, 0.15f},
                        Case{Probe::kFilm, "film", 0.4f, 250.0f / kSide, 0.1f}}) {
    const Stats s = stats(probe.run(c.which, c.q, 0.005f, c.step, place(rng), place(rng)));
    std::printf("%-7s q %.2f: mean %.4f (%+.1f%%), max %.3f\n", c.name, double(c.q), s.mean,
                100.0 * (s.mean / c.q - 1.0), s.max);
    EXPECT_TRUE(s.in_range) << c.name << " " << c.q;
    // Sharp at this footprint: its whitest points are white.
    EXPECT_GT(s.max, 0.99) << c.name << " " << c.q;
    EXPECT_NEAR(s.mean / c.q, 1.0, c.tolerance) << c.name << " " << c.q;
  }
}

// Whitecaps seen from far away, where the pixel's footprint (1.5 to 12 m) outgrows the
// pattern's 4 m cells: the blotches grow with the footprint, so the foam stays patches of
// white on dark water with the coverage's share, instead of fading to a grey veil of opacity
// q everywhere. Footprints where a coarse octave has fully joined and where one is joining,
// each sampled a pixel apart over 1024^2 pixels.
TEST_F(RenderFoamPattern, FarWhitecapsStayPatches) {
  std::mt19937_64 rng(test::seed("foam-far"));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f);
  Probe probe;
  for (const float foot : {1.5f, 2.0f, 3.0f, 5.0f, 12.0f})
    for (const float q : {0.1f, 0.3f}) {
      const std::vector<float> v = probe.run(Probe::kWhitecaps, q, foot, foot, place(rng), place(rng));
      const Stats s = stats(v);
      size_t white = 0, veil = 0;
      for (float x : v) {
        white += x > 0.8f;
        veil += x > 0.5f * q && x < 1.5f * q;
      }
      const double white_share = double(white) / double(v.size());
      const double veil_share = double(veil) / double(v.size());
      std::printf("whitecaps q %.2f, footprint %4.1f m: mean %.4f (%+.1f%%), white %.3f, near q %.3f\n",
                  double(q), double(foot), s.mean, 100.0 * (s.mean / q - 1.0), white_share, veil_share);
      EXPECT_TRUE(s.in_range) << foot << " " << q;
      EXPECT_NEAR(s.mean / q, 1.0, 0.15) << foot << " " << q;
      // At least half the coverage is drawn as white (opacity > 0.8), and few pixels are grey
      // at about the coverage's own opacity.
      EXPECT_GT(white_share, 0.5 * q) << foot << " " << q;
      EXPECT_LT(veil_share, 0.25) << foot << " " << q;
    }
}

// Foam is thickest inside a whitecap and thins to its edges: seen from far away, where the
// bubbles and the mat's rifts have faded and the patch's brightness is its thickness alone, its
// rim (opacity 0.2 to 0.8) is greyer than its core (opacity over 0.99), so that a patch is no
// flat white cut-out, and its brightness weighted by opacity keeps the foam's mean.
TEST_F(RenderFoamPattern, FarWhitecapsAreGreyerAtTheRimThanInside) {
  std::mt19937_64 rng(test::seed("foam-rim"));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f);
  Probe probe;
  for (const float foot : {2.0f, 6.0f})
    for (const float q : {0.1f, 0.3f}) {
      const float ox = place(rng), oz = place(rng);
      const std::vector<float> a = probe.run(Probe::kWhitecaps, q, foot, foot, ox, oz);
      const std::vector<float> shade = probe.run(Probe::kWhitecapShade, q, foot, foot, ox, oz);
      double rim = 0.0, core = 0.0, lit = 0.0, white = 0.0;
      size_t n_rim = 0, n_core = 0;
      for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_TRUE(std::isfinite(shade[i]) && std::isfinite(a[i])) << i;
        lit += double(a[i]) * shade[i];
        white += a[i];
        if (a[i] > 0.2f && a[i] < 0.8f) rim += shade[i], ++n_rim;
        if (a[i] > 0.99f) core += shade[i], ++n_core;
      }
      ASSERT_GT(n_rim, 1000u) << foot << " " << q;
      ASSERT_GT(n_core, 1000u) << foot << " " << q;
      rim /= double(n_rim);
      core /= double(n_core);
      const double mean = lit / std::max(white, 1e-9);
      std::printf("whitecaps q %.2f, footprint %.1f m: brightness at the rim %.3f (%zu), inside %.3f (%zu), "
                  "mean %.3f\n", double(q), double(foot), rim, n_rim, core, n_core, mean);
      EXPECT_LT(rim, 0.9) << foot << " " << q;
      EXPECT_GT(core, rim + 0.1) << foot << " " << q;
      // On the whole as bright as before the rims were greyed: the foam's mean brightness.
      EXPECT_NEAR(mean, 1.0, 0.035) << foot << " " << q;
    }
}

// The film's islands thin to their edges too: at footprints where the threads inside them
// have faded and the islands still show, the film's thinner half (by opacity) is greyer than
// its thicker half, and its brightness weighted by opacity keeps the mean. Far away, where
// the islands fade into a veil, so does their shading.
TEST_F(RenderFoamPattern, FilmIslandsAreGreyerWhereTheyThin) {
  std::mt19937_64 rng(test::seed("film-rim"));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f);
  Probe probe;
  for (const float foot : {0.5f, 1.0f, 8.0f})
    for (const float q : {0.1f, 0.3f}) {
      const float ox = place(rng), oz = place(rng);
      const std::vector<float> a = probe.run(Probe::kFilm, q, foot, foot, ox, oz);
      const std::vector<float> shade = probe.run(Probe::kFilmShade, q, foot, foot, ox, oz);
      std::vector<std::pair<float, float>> film;
      for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_TRUE(std::isfinite(shade[i]) && std::isfinite(a[i])) << i;
        if (a[i] > 0.01f) film.emplace_back(a[i], shade[i]);
      }
      ASSERT_GT(film.size(), 10000u) << foot << " " << q;
      std::sort(film.begin(), film.end());
      double thin = 0.0, thick = 0.0, lit = 0.0, sum = 0.0, lo = 1e9, hi = -1e9;
      const size_t half = film.size() / 2;
      for (size_t i = 0; i < film.size(); ++i) {
        (i < half ? thin : thick) += film[i].second;
        lit += double(film[i].first) * film[i].second;
        sum += film[i].first;
        lo = std::min(lo, double(film[i].second));
        hi = std::max(hi, double(film[i].second));
      }
      thin /= double(half);
      thick /= double(film.size() - half);
      const double mean = lit / sum;
      std::printf("film q %.2f, footprint %.1f m: brightness of the thinner half %.3f, thicker %.3f, "
                  "mean %.3f, range %.3f-%.3f\n", double(q), double(foot), thin, thick, mean, lo, hi);
      EXPECT_NEAR(mean, 1.0, 0.05) << foot << " " << q;
      if (foot < 2.0f) {
        EXPECT_LT(thin, thick - 0.05) << foot << " " << q;
      } else {
        EXPECT_GT(lo, 0.97) << foot << " " << q;
        EXPECT_LT(hi, 1.03) << foot << " " << q;
      }
    }
}

// A thread a tenth of a pixel wide covers a tenth of that pixel: seen from far enough that
// the footprint is wider than the threads, the pattern keeps its mean but no point of it is
// white, where sampling the thread's centre would draw dotted white lines.
TEST_F(RenderFoamPattern, ThreadsThinnerThanThePixelFade) {
  std::mt19937_64 rng(test::seed("foam-threads"));
  std::uniform_real_distribution<float> place(-5000.0f, 5000.0f);
  Probe probe;
  const float q = 0.05f, ox = place(rng), oz = place(rng);
  const Stats sharp = stats(probe.run(Probe::kThreads, q, 0.005f, 40.0f / kSide, ox, oz));
  const Stats wide = stats(probe.run(Probe::kThreads, q, 0.2f, 40.0f / kSide, ox, oz));
  std::printf("threads q %.2f: footprint 5 mm mean %.4f max %.3f; 20 cm mean %.4f max %.3f\n",
              double(q), sharp.mean, sharp.max, wide.mean, wide.max);
  EXPECT_TRUE(sharp.in_range && wide.in_range);
  EXPECT_GT(sharp.max, 0.99);
  EXPECT_LT(wide.max, 0.25);
  EXPECT_NEAR(wide.mean / sharp.mean, 1.0, 0.2);
}

// The whitecaps' patches have edges spread over about a pixel, as a box filter over the pixel
// would draw them, not steps from water to white between one pixel and the next (which crawl
// along the edge as the eye moves). Sampled a pixel apart where the blotches' cells of 4 m
// span one to four pixels: of the neighbours on an edge (opacity differing by more than
// 0.05), few differ by more than 0.8. With edges as sharp as the pattern's own contrast
// allows (no spread by the footprint) 14-22 % do; with a box filter's spread, 3-8 %.
TEST_F(RenderFoamPattern, WhitecapEdgesSpreadOverAboutAPixel) {
  std::mt19937_64 rng(test::seed("foam-edges"));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f);
  Probe probe;
  for (const float foot : {1.0f, 2.0f, 4.0f})
    for (const float q : {0.1f, 0.3f}) {
      const std::vector<float> v = probe.run(Probe::kWhitecaps, q, foot, foot, place(rng), place(rng));
      ASSERT_TRUE(stats(v).in_range);
      size_t edge = 0, hard = 0;
      for (int y = 0; y + 1 < kSide; ++y)
        for (int x = 0; x + 1 < kSide; ++x) {
          const float a = v[size_t(y) * kSide + size_t(x)];
          for (const float b : {v[size_t(y) * kSide + size_t(x + 1)], v[size_t(y + 1) * kSide + size_t(x)]}) {
            const float step = std::fabs(a - b);
            edge += step > 0.05f;
            hard += step > 0.8f;
          }
        }
      ASSERT_GT(edge, 10000u) << foot << " " << q;
      const double share = double(hard) / double(edge);
      std::printf("whitecaps q %.2f, footprint %.1f m: %zu neighbours on an edge, %.2f %% of them a step "
                  "over 0.8\n", double(q), double(foot), edge, 100.0 * share);
      EXPECT_LT(share, 0.10) << foot << " " << q;
    }
}

}  // namespace
