// SPDX-License-Identifier: MIT
#include "gl_fixture.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>

namespace oceanfft::test {
namespace {

struct State {
  std::unique_ptr<gl::Context> ctx;
  std::unique_ptr<gl::ShaderLibrary> shaders;
  uint64_t base = 0, counter = 0;
};

State& state() {
  static State s;  // the test binary's context; created on first use
  if (!s.ctx) {
    gl::HeadlessOptions o;
    o.debug = true;
    o.quiet = true;
    s.ctx = gl::create_headless(o);
    s.shaders = std::make_unique<gl::ShaderLibrary>(*s.ctx);
    const char* env = std::getenv("OCEANFFT_TEST_SEED");
    s.base = env ? std::strtoull(env, nullptr, 10)
                 : uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
    std::printf("[oceanfft] renderer: %s; base seed %llu (set OCEANFFT_TEST_SEED to replay)\n",
                s.ctx->info().renderer.c_str(), (unsigned long long)s.base);
  }
  return s;
}

}  // namespace

gl::Context& context() { return *state().ctx; }
const gl::ShaderLibrary& shaders() { return *state().shaders; }

uint64_t seed(const std::string& what) {
  State& s = state();
  uint64_t v = s.base * 6364136223846793005ull + (++s.counter) * 1442695040888963407ull;
  ::testing::Test::RecordProperty("seed:" + what, std::to_string(v));
  std::printf("[oceanfft] seed %llu for %s\n", (unsigned long long)v, what.c_str());
  return v;
}

void GlTest::SetUp() {
  errors_at_start_ = context().error_count();
}

void GlTest::TearDown() {
  context().check_errors("test");
  EXPECT_EQ(context().error_count(), errors_at_start_) << "GL errors or high-severity debug messages";
}

void expect_same_objects(const gl::ObjectCounts& a, const gl::ObjectCounts& b,
                         const std::string& where) {
  EXPECT_EQ(a.textures, b.textures) << where;
  EXPECT_EQ(a.buffers, b.buffers) << where;
  EXPECT_EQ(a.programs, b.programs) << where;
  EXPECT_EQ(a.shaders, b.shaders) << where;
  EXPECT_EQ(a.queries, b.queries) << where;
  EXPECT_EQ(a.framebuffers, b.framebuffers) << where;
  EXPECT_EQ(a.vertex_arrays, b.vertex_arrays) << where;
  EXPECT_EQ(a.renderbuffers, b.renderbuffers) << where;
  EXPECT_EQ(a.samplers, b.samplers) << where;
  EXPECT_EQ(a.texture_bytes, b.texture_bytes) << where;
}

double relative_l2(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size()) return INFINITY;
  double num = 0, den = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    num += (double(got[i]) - want[i]) * (double(got[i]) - want[i]);
    den += double(want[i]) * want[i];
  }
  return std::isfinite(num) && den > 0 ? std::sqrt(num / den) : INFINITY;
}

}  // namespace oceanfft::test
