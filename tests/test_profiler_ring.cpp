// SPDX-License-Identifier: MIT
// The profiler's ring: results in frame order, never a wait on an unanswered query, dropped
// frames when the GPU falls behind, the zero-timer fallback, totals, and the comparison table.
#include <cmath>
#include <chrono>
#include <random>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl_fixture.h"
#include "profiler/profiler.h"
#include "profiler/stats.h"

using namespace oceanfft;
using profiler::Profiler;

namespace {

// A GPU stand-in: the test sets the clock each stamp records and decides how many stamps have
// "completed". Reading a stamp that has not completed is what a blocking profiler would do;
// it is counted as a failure.
struct FakeClock {
  uint64_t now_ns = 0;
  size_t completed = 0;  // stamps [0, completed) have results
  size_t stamps = 0;
  int early_reads = 0;
  std::vector<uint64_t> value;  // per stamp, in issue order
  std::vector<size_t> order;    // per handle: index of its latest stamp
};

class FakeSource : public profiler::TimestampSource {
 public:
  explicit FakeSource(FakeClock& c) : c_(c) {}
  uint32_t create() override {
    c_.order.push_back(0);
    return uint32_t(c_.order.size() - 1);
  }
  void stamp(uint32_t h) override {
    c_.order[h] = c_.stamps++;
    c_.value.push_back(c_.now_ns);
  }
  bool ready(uint32_t h) override { return c_.order[h] < c_.completed; }
  uint64_t read(uint32_t h) override {
    if (!ready(h)) ++c_.early_reads;
    return c_.value[c_.order[h]];
  }

 private:
  FakeClock& c_;
};

profiler::Options gpu_options(int in_flight = 4) {
  profiler::Options o;
  o.frames_in_flight = in_flight;
  o.mode = profiler::TimerMode::Gpu;
  o.steady_frames = 5;
  return o;
}

// One frame with a single pass lasting `ms` on the fake clock.
void frame(Profiler& p, FakeClock& c, double ms, const char* name = "pass") {
  p.begin_frame();
  p.begin(name, 1000);
  c.now_ns += uint64_t(std::llround(ms * 1e6));  // truncation made 4.69 ms 4.689999
  p.end();
  c.now_ns += 1000;
  p.end_frame();
}

const profiler::PassStats* find(const Profiler& p, const std::string& name) {
  for (const auto& s : p.passes())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace

TEST(ProfilerRing, ResultsArriveInFrameOrderWithoutWaiting) {
  FakeClock clock;
  Profiler p(gpu_options(4), std::make_unique<FakeSource>(clock));
  std::mt19937 rng(uint32_t(test::seed("ring order")));
  std::vector<double> durations;
  for (int i = 0; i < 3; ++i) {
    durations.push_back(1.0 + std::uniform_int_distribution<int>(0, 1000)(rng) * 0.01);
    frame(p, clock, durations.back());
  }
  // Nothing has completed: nothing may be read, nothing collected, all three still in flight.
  EXPECT_EQ(p.frames_collected(), 0);
  EXPECT_EQ(p.frames_pending(), 3);
  EXPECT_EQ(p.frames_dropped(), 0);
  EXPECT_TRUE(p.passes().empty());

  // The GPU finishes one frame at a time (two stamps each); each one shows up, in order.
  for (int i = 0; i < 3; ++i) {
    clock.completed = size_t(2 * (i + 1));
    p.begin_frame();  // collection happens here, never blocking
    p.end_frame();    // an empty frame
    const auto* s = find(p, "pass");
    ASSERT_NE(s, nullptr) << "frame " << i;
    EXPECT_NEAR(s->ms.last(), durations[i], 1e-9) << "frame " << i;
    EXPECT_EQ(s->ms.count(), i + 1);
  }
  EXPECT_EQ(clock.early_reads, 0);
}

TEST(ProfilerRing, GivesUpFramesTheGpuNeverAnswersInsteadOfWaiting) {
  FakeClock clock;
  Profiler p(gpu_options(4), std::make_unique<FakeSource>(clock));
  for (int i = 0; i < 10; ++i) frame(p, clock, 2.0);
  EXPECT_EQ(p.frames_collected(), 0);
  EXPECT_EQ(p.frames_dropped(), 6);  // the ring holds 4; the 5th..10th frames each evict one
  EXPECT_LE(p.frames_pending(), 4);
  EXPECT_EQ(clock.early_reads, 0);
  // Completing everything lets the four surviving frames through, oldest first.
  clock.completed = clock.stamps;
  p.begin_frame();
  p.end_frame();
  EXPECT_EQ(p.frames_collected(), 5);  // 4 survivors + the empty frame just closed
  ASSERT_NE(find(p, "pass"), nullptr);
  EXPECT_EQ(find(p, "pass")->ms.count(), 4);
  frame(p, clock, 3.0);
  clock.completed = clock.stamps;
  p.begin_frame();
  p.end_frame();
  EXPECT_NEAR(find(p, "pass")->ms.last(), 3.0, 1e-9);
  EXPECT_EQ(clock.early_reads, 0);
}

TEST(ProfilerRing, TotalsCountNestedPassesOnce) {
  FakeClock clock;
  Profiler p(gpu_options(2), std::make_unique<FakeSource>(clock));
  auto pass = [&](const char* name, double ms, uint64_t bytes, auto&& inner) {
    p.begin(name, bytes);
    inner();
    clock.now_ns += uint64_t(std::llround(ms * 1e6));
    p.end();
  };
  auto none = [] {};
  p.begin_frame();
  pass("ocean.spectrum", 1.0, 0, none);
  pass("fft.horizontal", 0.5, 4000000, [&] {
    pass("fft.horizontal.stage0", 2.0, 0, none);
    pass("fft.horizontal.stage1", 3.0, 0, none);
  });
  pass("fft.vertical", 4.0, 0, none);
  pass("render", 8.0, 0, none);
  p.end_frame();
  clock.completed = clock.stamps;
  p.begin_frame();
  p.end_frame();

  const double horizontal = 0.5 + 2.0 + 3.0;
  EXPECT_NEAR(p.fft_total().last(), horizontal + 4.0, 1e-9);
  EXPECT_NEAR(p.frame_total().last(), 1.0 + horizontal + 4.0 + 8.0, 1e-9);
  ASSERT_EQ(p.passes().size(), 6u);
  EXPECT_EQ(p.passes()[0].name, "ocean.spectrum");
  EXPECT_EQ(p.passes()[2].name, "fft.horizontal.stage0");
  EXPECT_EQ(p.passes()[2].depth, 1);
  const auto* h = find(p, "fft.horizontal");
  ASSERT_NE(h, nullptr);
  EXPECT_NEAR(h->gbps(), 4e6 / (horizontal * 1e-3) / 1e9, 1e-9);
  EXPECT_EQ(p.gpu_history().size(), 1u);
}

// The FFT total counts fft.* passes; a frame whose FFT runs inside fused passes says so, so the
// panel does not present the fused step's FFT as taking no time.
TEST(ProfilerRing, FftInsideFusedPassesIsReported) {
  FakeClock c;
  c.completed = 1 << 20;  // every stamp answers at once
  Profiler p(gpu_options(), std::make_unique<FakeSource>(c));
  for (int i = 0; i < 8; ++i) frame(p, c, 1.0, "ocean.spectrum+fft.rows");
  p.begin_frame();
  p.end_frame();
  ASSERT_NE(find(p, "ocean.spectrum+fft.rows"), nullptr);
  EXPECT_TRUE(p.fft_in_fused_passes());
  EXPECT_EQ(p.fft_total().median(), 0.0);
  // The fused passes' own total holds the FFT's share, so the panel has a non-zero time to show.
  EXPECT_NEAR(p.fused_total().median(), 1.0, 1e-9);
  for (int i = 0; i < 8; ++i) frame(p, c, 1.0, "fft.horizontal");
  p.begin_frame();
  p.end_frame();
  EXPECT_FALSE(p.fft_in_fused_passes());
  EXPECT_GT(p.fft_total().median(), 0.0);
}

TEST(ProfilerRing, ComparisonTableKeepsTheSteadyTimeOfEveryConfig) {
  FakeClock clock;
  auto o = gpu_options(2);
  Profiler p(o, std::make_unique<FakeSource>(clock));
  auto run = [&](const char* algorithm, int size, double ms, int frames) {
    for (int i = 0; i < frames; ++i) {
      clock.completed = clock.stamps;  // the GPU keeps up
      p.note_config(algorithm, size);
      frame(p, clock, ms, "fft.horizontal");
    }
  };
  run("stockham-r4", 256, 1.5, o.steady_frames - 1);
  run("cooley-tukey", 256, 9.0, 2);  // before the first config was steady: no row yet
  EXPECT_TRUE(p.comparisons().empty());
  run("stockham-r4", 256, 1.5, o.steady_frames + 4);
  run("cooley-tukey", 512, 7.0, o.steady_frames + 4);
  run("none", 0, 0.0, 3);  // flush the frames still in flight
  const auto rows = p.comparisons();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].algorithm, "cooley-tukey");
  EXPECT_EQ(rows[0].size, 512);
  EXPECT_NEAR(rows[0].fft_ms, 7.0, 1e-9);
  EXPECT_EQ(rows[1].algorithm, "stockham-r4");
  EXPECT_NEAR(rows[1].fft_ms, 1.5, 1e-9);  // never mixed with the cooley-tukey frames
  EXPECT_EQ(clock.early_reads, 0);
}

TEST(ProfilerRing, ZeroTimersFallBackToLabelledCpuTimes) {
  test::context();
  FakeClock clock;  // the clock never moves: every duration is 0, like a driver without timers
  auto o = gpu_options(2);
  o.zero_frames = 3;
  Profiler p(o, std::make_unique<FakeSource>(clock));
  int frames = 0;
  for (; frames < 8; ++frames) {
    clock.completed = clock.stamps;
    p.begin_frame();  // collects the previous frames: this is where the profiler decides
    if (p.gpu_timers_unavailable()) break;
    p.begin("pass", 0);
    p.end();
    p.end_frame();
  }
  ASSERT_TRUE(p.gpu_timers_unavailable());
  EXPECT_EQ(frames, o.zero_frames) << "gave up after the wrong number of zero frames";
  EXPECT_EQ(p.timer(), profiler::TimerKind::CpuFinish);
  EXPECT_NE(p.unavailable_reason().find("returns 0"), std::string::npos) << p.unavailable_reason();
  EXPECT_TRUE(p.passes().empty()) << "zero GPU samples must not reach the table";
  p.end_frame();
  // From now on passes are timed on the CPU, around real waits.
  for (int i = 0; i < 2; ++i) {
    p.begin_frame();
    p.begin("sleep", 0);
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(3);
    while (std::chrono::steady_clock::now() < until) {
    }
    p.end();
    p.end_frame();
  }
  const auto* s = find(p, "sleep");
  ASSERT_NE(s, nullptr);
  EXPECT_GE(s->ms.min(), 3.0);
  EXPECT_LT(s->ms.max(), 1000.0);
}

class ProfilerRingGl : public test::GlTest {};

// Real queries on this driver: forced GPU mode must still never wait, and results must come
// back within a few frames once the GPU is idle.
TEST_F(ProfilerRingGl, RealTimestampQueriesComeBackInOrder) {
  fft::Options o;
  o.width = o.height = 64;
  o.algorithm = fft::Algorithm::CooleyTukey;
  fft::Plan plan(o, test::shaders());
  gl::Texture input = gl::make_complex_texture(test::context(), 64, 64, 1);
  fft::upload(input, fft::random_planes(64, 64, 1, test::seed("profiler gl")));
  profiler::Options po;
  po.context = &test::context();
  po.mode = profiler::TimerMode::Gpu;
  po.frames_in_flight = 3;
  po.steady_frames = 2;
  Profiler p(po);
  const auto objects_before = test::context().objects().queries;
  for (int i = 0; i < 6; ++i) {
    p.begin_frame();
    p.note_config("cooley-tukey", 64);
    plan.execute(fft::Direction::Forward, input, &p);
    p.end_frame();
  }
  glFinish();
  for (int i = 0; i < 3; ++i) p.begin_frame(), p.end_frame();
  EXPECT_EQ(p.frames_collected() + p.frames_dropped(), p.frames_begun() - p.frames_pending());
  EXPECT_GE(p.frames_collected(), 6);
  // cooley-tukey 64: two axes of 6 stages, in issue order.
  ASSERT_EQ(p.passes().size(), 14u);
  EXPECT_EQ(p.passes()[0].name, "fft.horizontal");
  EXPECT_EQ(p.passes()[1].name, "fft.horizontal.stage0");
  EXPECT_EQ(p.passes()[7].name, "fft.vertical");
  EXPECT_EQ(p.passes()[13].name, "fft.vertical.stage5");
  // The queries are reused frame after frame: 28 stamps per frame, in 3 slots.
  EXPECT_LE(test::context().objects().queries - objects_before, 3 * 28);
}

TEST_F(ProfilerRingGl, AutoModeOnThisDriverSaysWhichClockItUses) {
  profiler::Options po;
  po.context = &test::context();
  Profiler p(po);
  fft::Options o;
  o.width = o.height = 32;
  fft::Plan plan(o, test::shaders());
  gl::Texture input = gl::make_complex_texture(test::context(), 32, 32, 1);
  fft::upload(input, fft::random_planes(32, 32, 1, test::seed("profiler auto")));
  for (int i = 0; i < 8; ++i) {
    p.begin_frame();
    plan.execute(fft::Direction::Forward, input, &p);
    p.end_frame();
  }
  glFinish();
  p.begin_frame();
  p.end_frame();
  const bool software = profiler::is_software_renderer(test::context().info().renderer);
  EXPECT_EQ(p.gpu_timers_unavailable(), software) << p.unavailable_reason();
  EXPECT_EQ(p.timer(), software ? profiler::TimerKind::CpuFinish : profiler::TimerKind::Gpu);
  ASSERT_NE(find(p, "fft.horizontal"), nullptr);
  EXPECT_GT(find(p, "fft.horizontal")->ms.average(), 0.0);
  EXPECT_GT(p.fft_total().last(), 0.0);
}

TEST(ProfilerRingStats, SummaryPercentiles) {
  std::vector<double> v = {5, 1, 4, 2, 3, 10, 9, 8, 7, 6};
  auto s = profiler::summarize(v);
  EXPECT_EQ(s.samples, 10);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 10);
  EXPECT_DOUBLE_EQ(s.median, 5.5);
  EXPECT_DOUBLE_EQ(s.p90, 9);
  EXPECT_DOUBLE_EQ(s.mean, 5.5);
  EXPECT_DOUBLE_EQ(profiler::summarize(std::vector<double>{7}).p90, 7);
  EXPECT_EQ(profiler::summarize(std::vector<double>{}).samples, 0);
}

TEST(ProfilerRingStats, WindowKeepsOnlyTheLatestSamples) {
  profiler::SlidingStats w(3);
  for (double v : {10.0, 1.0, 2.0, 3.0, 5.0}) w.add(v);
  EXPECT_EQ(w.count(), 3);
  EXPECT_DOUBLE_EQ(w.last(), 5.0);
  EXPECT_DOUBLE_EQ(w.min(), 2.0);
  EXPECT_DOUBLE_EQ(w.max(), 5.0);
  EXPECT_DOUBLE_EQ(w.average(), 10.0 / 3.0);
  EXPECT_DOUBLE_EQ(w.median(), 3.0);
  w.clear();
  EXPECT_EQ(w.count(), 0);
  EXPECT_DOUBLE_EQ(w.average(), 0.0);
}
