// SPDX-License-Identifier: MIT
// Out-of-memory texture allocations (issue 8): the driver's refusal and the context's texture
// budget both come back as Error(GlRuntime) with the shape and size in one line, every
// constructor that fails part-way gives back what it had already made, and the CLI exits with
// status 6 (docs/reliability.md, README).
//
// Two ways to run out: a texture no card can hold (llvmpipe refuses any single texture of
// 4 GiB or more at once; a discrete GPU refuses more than it has), and the per-context budget
// (gl::Context::set_texture_budget), which refuses through the same code path at any chosen
// allocation, so a plan or a simulation can be made to fail after its first textures exist.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "gl/objects.h"
#include "gl_fixture.h"
#include "support/fft_options.h"
#include "ocean/simulation.h"

using namespace oceanfft;

namespace {

// Restores "no budget" however the test leaves, so one failure cannot poison the next test.
struct BudgetGuard {
  explicit BudgetGuard(int64_t bytes) { test::context().set_texture_budget(bytes); }
  ~BudgetGuard() { test::context().set_texture_budget(-1); }
};

// Runs `make` and returns the Error it must throw; fails the test when it throws nothing.
template <typename F>
Error expect_error(F&& make, const std::string& what) {
  try {
    make();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << what << " did not throw";
  return Error(ErrorCode::Verification, "(nothing thrown)");
}

void expect_oom_message(const Error& e, const std::string& shape) {
  EXPECT_EQ(e.code(), ErrorCode::GlRuntime) << e.what();
  const std::string m = e.what();
  EXPECT_EQ(m.rfind("out of GPU memory: could not allocate a ", 0), 0u) << m;
  EXPECT_NE(m.find(shape), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos) << m;
}

class ReliabilityOom : public test::GlTest {};

// The driver itself refuses; with KHR_debug on it also reports the refusal as a high-severity
// API error, which is the expected one here and nothing else may follow it.
TEST_F(ReliabilityOom, DriverRefusesATextureNoCardHolds) {
  gl::Context& ctx = test::context();
  const int side = ctx.limits().max_texture_size, layers = ctx.limits().max_array_layers;
  ASSERT_GE(side, 4096);
  ASSERT_GE(layers, 256);
  const gl::ObjectCounts before = ctx.objects();
  const int64_t errors = ctx.error_count();
  const Error e = expect_error([&] { gl::make_complex_texture(test::context(), side, side, layers); },
                              "a texture of max size and max layers");
  expect_oom_message(e, std::to_string(side) + "x" + std::to_string(side) + "x" +
                            std::to_string(layers) + " texture of ");
  EXPECT_EQ(std::string(e.what()).find("budget"), std::string::npos) << e.what();
  test::expect_same_objects(ctx.objects(), before, "after the refused texture");
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "the refusal was left pending";
  EXPECT_LE(ctx.error_count() - errors, ctx.info().debug ? 1 : 0);
  errors_at_start_ = ctx.error_count();

  // The context is still usable: a small transform round-trips.
  fft::Plan plan(test::fft_options(fft::Algorithm::StockhamR2, 32, 16, 1), test::shaders());
  const fft::Planes in = fft::random_planes(32, 16, 1, test::seed("after driver refusal"));
  gl::Texture tex = gl::make_complex_texture(test::context(), 32, 16, 1);
  fft::upload(tex, in);
  const fft::Planes out = fft::download(plan.execute(fft::Direction::Forward, tex));
  EXPECT_LT(fft::relative_l2(out, fft::reference(in, fft::Direction::Forward)), 1e-6);
}

TEST_F(ReliabilityOom, BudgetRefusesThroughTheSamePathAndCountsBytes) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  const int64_t one = gl::texture_bytes(GL_RGBA32F, 64, 32, 3, 1);
  ASSERT_EQ(one, 64 * 32 * 3 * 16);
  // Mip chains count every level: 8x4 -> 4x2 -> 2x1 -> 1x1 = 32 + 8 + 2 + 1 texels.
  EXPECT_EQ(gl::texture_bytes(GL_RGBA8, 8, 4, 1, 4), (32 + 8 + 2 + 1) * 4);
  {
    BudgetGuard budget(before.texture_bytes + 2 * one);
    gl::Texture a = gl::make_complex_texture(test::context(), 64, 32, 3);
    EXPECT_EQ(a.bytes(), one);
    EXPECT_EQ(ctx.objects().texture_bytes, before.texture_bytes + one);
    gl::Texture b = std::move(a);  // a move hands the bytes over; they count once
    EXPECT_EQ(a.bytes(), 0);
    EXPECT_EQ(ctx.objects().texture_bytes, before.texture_bytes + one);
    gl::Texture c = gl::make_complex_texture(test::context(), 64, 32, 3);  // exactly fills the budget
    const gl::ObjectCounts full = ctx.objects();
    const Error e = expect_error([] { gl::make_complex_texture(test::context(), 1, 1, 1); }, "one texel over");
    expect_oom_message(e, "1x1x1 texture of 16 bytes; the context's texture budget of ");
    EXPECT_NE(std::string(e.what()).find("has 0 bytes left"), std::string::npos) << e.what();
    test::expect_same_objects(ctx.objects(), full, "after the refusal");
    b = gl::Texture();  // freeing makes room again
    EXPECT_EQ(ctx.objects().texture_bytes, before.texture_bytes + one);
    gl::Texture d = gl::make_complex_texture(test::context(), 64, 32, 3);
    EXPECT_TRUE(d);
  }
  test::expect_same_objects(ctx.objects(), before, "after all textures went out of scope");
}

// A plan allocates programs and buffers, then its textures: two ping-pong textures, or on the
// fast register path one (its axes meet in a buffer). Refusing any of them must give back
// everything already made.
TEST_F(ReliabilityOom, FftPlanFailsCleanlyAtEachTexture) {
  gl::Context& ctx = test::context();
  const int w = 64, h = 32, layers = 2;
  const int64_t one = gl::texture_bytes(GL_RGBA32F, w, h, layers, 1);
  for (fft::Algorithm a : fft::all_algorithms()) {
    const int textures = int(fft::Plan(test::fft_options(a, w, h, layers), test::shaders()).targets().size());
    EXPECT_EQ(textures, a == fft::Algorithm::Fast ? 1 : 2) << fft::name(a);
    for (int allowed = 0; allowed < textures; ++allowed) {
      SCOPED_TRACE(std::string(fft::name(a)) + ", textures allowed: " + std::to_string(allowed));
      const gl::ObjectCounts before = ctx.objects();
      {
        BudgetGuard budget(before.texture_bytes + allowed * one);
        const Error e = expect_error([&] { fft::Plan p(test::fft_options(a, w, h, layers), test::shaders()); },
                                     "the plan");
        expect_oom_message(e, "64x32x2 texture of 64.0 KiB");
      }
      test::expect_same_objects(ctx.objects(), before, "after the refused plan");
    }
    // Without the budget the same plan is made and correct: the refusals left nothing behind.
    fft::Plan plan(test::fft_options(a, w, h, layers), test::shaders());
    const fft::Planes in = fft::random_planes(w, h, layers, test::seed("plan after refusals"));
    gl::Texture tex = gl::make_complex_texture(test::context(), w, h, layers);
    fft::upload(tex, in);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const fft::Planes out = fft::download(plan.execute(fft::Direction::Inverse, tex));
    EXPECT_LT(fft::relative_l2(out, fft::reference(in, fft::Direction::Inverse)), 1e-6)
        << fft::name(a);
  }
}

TEST_F(ReliabilityOom, FftPlanRefusedByTheDriver) {
  gl::Context& ctx = test::context();
  const int layers = ctx.limits().max_array_layers;
  const gl::ObjectCounts before = ctx.objects();
  const int64_t errors = ctx.error_count();
  const Error e = expect_error(
      [&] { fft::Plan p(test::fft_options(fft::Algorithm::StockhamR2, 4096, 4096, layers), test::shaders()); },
      "a 4096x4096 plan with every array layer");
  expect_oom_message(e, "4096x4096x" + std::to_string(layers) + " texture of ");
  test::expect_same_objects(ctx.objects(), before, "after the refused plan");
  EXPECT_LE(ctx.error_count() - errors, ctx.info().debug ? 1 : 0);
  errors_at_start_ = ctx.error_count();
}

// A simulation makes many textures (h0, spectrum, maps with mip chains, the plan's ping-pong
// pair). Budgets at every 1/16 of what a complete one takes make it fail at each of them.
TEST_F(ReliabilityOom, OceanSimulationFailsCleanlyAtEachBudget) {
  gl::Context& ctx = test::context();
  ocean::Params p;
  p.size = 64;
  const gl::ObjectCounts before = ctx.objects();
  int64_t full = 0;
  {
    ocean::Simulation sim(test::shaders(), p);
    full = ctx.objects().texture_bytes - before.texture_bytes;
  }
  test::expect_same_objects(ctx.objects(), before, "after a complete simulation");
  ASSERT_GT(full, 0);
  int refused = 0;
  for (int i = 0; i <= 16; ++i) {
    const int64_t allowed = full * i / 16 - (i == 16 ? 1 : 0);  // the last one misses by a byte
    SCOPED_TRACE("budget " + std::to_string(allowed) + " of " + std::to_string(full) + " bytes");
    {
      BudgetGuard budget(before.texture_bytes + allowed);
      const Error e = expect_error([&] { ocean::Simulation s(test::shaders(), p); },
                                   "the simulation");
      EXPECT_EQ(e.code(), ErrorCode::GlRuntime) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("out of GPU memory: ", 0), 0u) << e.what();
      ++refused;
    }
    test::expect_same_objects(ctx.objects(), before, "after the refused simulation");
  }
  EXPECT_EQ(refused, 17);

  // Growing a live simulation past the budget: the error comes out of set_params, and
  // destroying the simulation afterwards still gives back everything.
  {
    ocean::Simulation sim(test::shaders(), p);
    sim.step(0.1);
    BudgetGuard budget(ctx.objects().texture_bytes);
    ocean::Params bigger = p;
    bigger.size = 128;
    const Error e = expect_error([&] { sim.set_params(bigger); }, "growing to 128");
    EXPECT_EQ(e.code(), ErrorCode::GlRuntime) << e.what();
  }
  test::expect_same_objects(ctx.objects(), before, "after the simulation that failed to grow");
}

// The CLI maps the driver's refusal to exit status 6 with one line on stderr.
struct Result {
  int status = -1;  // exit status, or 128 + signal
  std::string err;
};

Result run(const std::vector<std::string>& args) {
  const char* bin = std::getenv("OCEANFFT_BIN");
  if (!bin) return {};
  const std::string errfile = ::testing::TempDir() + "oom_stderr_" + std::to_string(::getpid());
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(bin));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    if (!std::freopen(errfile.c_str(), "w", stderr) || !std::freopen("/dev/null", "w", stdout))
      ::_exit(126);
    ::unsetenv("DISPLAY");
    ::execv(bin, argv.data());
    ::_exit(127);
  }
  Result r;
  int ws = 0;
  const auto start = std::chrono::steady_clock::now();
  while (true) {
    const pid_t w = ::waitpid(pid, &ws, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) return r;
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(120)) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &ws, 0);
      break;
    }
    ::usleep(20000);
  }
  r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
  std::ifstream f(errfile);
  std::stringstream ss;
  ss << f.rdbuf();
  std::filesystem::remove(errfile);
  // Debug builds add a "GL debug ..." line per KHR_debug message, on purpose.
  std::string line;
  while (std::getline(ss, line))
    if (line.rfind("GL debug ", 0) != 0) r.err += line + "\n";
  return r;
}

TEST(ReliabilityOomCli, VerifyBeyondAnyCardExitsWithTheGlRuntimeStatus) {
  if (!std::getenv("OCEANFFT_BIN")) GTEST_SKIP() << "OCEANFFT_BIN is not set (ctest sets it)";
  // 4096 x 4096 x 2048 rgba32f is 512 GiB; verify plans before it makes any host data.
  const Result r = run({"verify", "--sizes", "4096", "--layers", "2048", "--algorithms",
                        "stockham-r2"});
  EXPECT_EQ(r.status, static_cast<int>(ErrorCode::GlRuntime)) << r.err;
  EXPECT_EQ(r.err,
            "oceanfft: error: out of GPU memory: could not allocate a 4096x4096x2048 texture of "
            "512.0 GiB\n");
}

}  // namespace
