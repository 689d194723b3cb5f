// SPDX-License-Identifier: MIT
// `oceanfft bench --passes` (bench::FftConfig::passes): the per-pass report of a four-step plan,
// run at a small size with the line limit lowered, names each pass by axis and job in the order
// one execute runs them, for every four-step variant; counts the bytes each moves; times each
// (on a software renderer by CPU time, and says so); and leaves the result right.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "profiler/rep_timer.h"

using namespace oceanfft;

namespace {

bench::FftConfig config(int four_step, int width, int height, bool passes,
                        fft::Algorithm algorithm = fft::Algorithm::Fast) {
  bench::FftConfig c;
  c.sizes = {{width, height}};
  c.algorithms = {algorithm};
  c.layers = 1;
  c.timing.reps = 3;
  c.timing.warmup = 1;
  c.timing.warmup_ms = 0;
  c.seed = test::seed("bench passes");
  c.ocean = false;
  c.passes = passes;
  c.long_line_limit = 16;
  c.variant.four_step = four_step;
  return c;
}

bench::FftResult run(int four_step, int width, int height, bool passes = true,
                     fft::Algorithm algorithm = fft::Algorithm::Fast) {
  const bench::FftReport rep = bench::run_fft_bench(config(four_step, width, height, passes, algorithm),
                                                    test::context(), test::shaders());
  EXPECT_EQ(rep.copies.size(), 1u);
  EXPECT_EQ(rep.results.size(), 1u);
  return rep.results.empty() ? bench::FftResult{} : rep.results[0];
}

std::vector<std::string> names(const bench::FftResult& r) {
  std::vector<std::string> out;
  for (const bench::PassTime& p : r.passes) out.push_back(p.name);
  return out;
}

class BenchPasses : public test::GlTest {};

// 64 x 32 with lines above 16 split: rows 64 = 8 x 8, columns 32 = 4 x 8.
TEST_F(BenchPasses, EveryVariantNamesItsPassesInOrder) {
  const std::string r = "fft.four_step.rows ", c = "fft.four_step.columns ";
  const struct {
    int four_step;
    std::vector<std::string> passes;
    fft::Algorithm algorithm = fft::Algorithm::Fast;
  } cases[] = {
      // The default: whole lines where they fit a group.
      {0, {r + "64", c + "32"}},
      {1, {r + "N1=8", r + "N2=8", c + "N1=4", c + "N2=8"}},
      {3, {r + "64", c + "N1=4", c + "N2=8"}},
      {2, {r + "N1=8 gather+twiddle", r + "N2=8", c + "N1=4 gather+twiddle", c + "N2=8",
           "fft.four_step.scatter"}},
      // The re-laid path unfused: gather, the N1-point column plan, twiddle, the N2-point one.
      {fft::kFourStepFromTable,
       {r + "gather", r + "N1=8", r + "twiddle", r + "N2=8", c + "gather", c + "N1=4",
        c + "twiddle", c + "N2=8", "fft.four_step.scatter"},
       fft::Algorithm::StockhamR2},
  };
  const uint64_t one_pass = 64 * 32 * 16 * 2;  // read + write of every texel
  const bool software = profiler::is_software_renderer(test::context().info().renderer);
  for (const auto& k : cases) {
    SCOPED_TRACE("four_step " + std::to_string(k.four_step));
    const bench::FftResult res = run(k.four_step, 64, 32, true, k.algorithm);
    std::printf("[oceanfft] four_step %d: %s; timer %s\n", k.four_step, res.plan.c_str(),
                res.pass_timer.c_str());
    EXPECT_EQ(names(res), k.passes) << res.plan;
    // One outermost pass per dispatch (a column plan's pass counts its dispatches' bytes).
    uint64_t bytes = 0;
    for (const bench::PassTime& p : res.passes) {
      std::printf("[oceanfft]   %-40s %.4f ms %llu bytes\n", p.name.c_str(), p.median_ms,
                  (unsigned long long)p.bytes);
      bytes += p.bytes;
      if (k.algorithm == fft::Algorithm::Fast) EXPECT_EQ(p.bytes, one_pass) << p.name;
      else EXPECT_EQ(p.bytes % one_pass, 0u) << p.name;
      EXPECT_GT(p.median_ms, 0.0) << p.name << ": not measured";
      EXPECT_GT(p.gbps(), 0.0) << p.name;
    }
    EXPECT_EQ(bytes, one_pass * uint64_t(res.dispatches)) << "bytes of every dispatch, once";
    EXPECT_LE(res.rel_l2, 3e-7);
    EXPECT_FALSE(res.pass_timer.empty());
    // Where GPU timers are not trusted the report says how it timed instead.
    if (software) EXPECT_NE(res.pass_timer.find("CPU"), std::string::npos) << res.pass_timer;
  }
}

// A plan below the line limit reports its two axes; without --passes nothing is timed.
TEST_F(BenchPasses, OtherPlansAndNone) {
  const bench::FftResult small = run(0, 16, 8);
  EXPECT_EQ(names(small), (std::vector<std::string>{"fft.horizontal", "fft.vertical"}));
  const bench::FftResult off = run(0, 64, 32, false);
  EXPECT_TRUE(off.passes.empty());
  EXPECT_TRUE(off.pass_timer.empty());
  EXPECT_LE(off.rel_l2, 3e-7);
}

// --no-copy and --no-check: no copy case, no error figure, the passes still timed.
TEST_F(BenchPasses, WithoutCopyAndCheck) {
  bench::FftConfig c = config(2, 64, 32, true);
  c.copy = false;
  c.check = false;
  const bench::FftReport rep = bench::run_fft_bench(c, test::context(), test::shaders());
  EXPECT_TRUE(rep.copies.empty());
  ASSERT_EQ(rep.results.size(), 1u);
  EXPECT_TRUE(std::isnan(rep.results[0].rel_l2));
  EXPECT_EQ(rep.results[0].copy_gbps, 0.0);
  EXPECT_EQ(rep.results[0].passes.size(), 5u);
}

TEST_F(BenchPasses, LineLimitOutOfRangeIsRefused) {
  for (int bad : {-1, 1, fft::kMaxSize + 1}) {
    bench::FftConfig c;
    c.long_line_limit = bad;
    EXPECT_THROW(bench::validate(c), Error) << bad;
  }
}

}  // namespace
