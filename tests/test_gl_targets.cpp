// SPDX-License-Identifier: MIT
// Render targets against the driver's limits (gl/targets.h): every limit is named when a request
// exceeds it, the driver's own limits are read, and a framebuffer the driver cannot make is a
// clear error before any work, with every trial object given back.
#include <gtest/gtest.h>

#include <string>

#include "gl/error.h"
#include "gl/targets.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

class GlTargets : public test::GlTest {};

gl::TargetRequest offscreen(int w, int h, int samples) {
  return {w, h, samples, {{GL_RGBA8, 4, "RGBA8 colour"}, {GL_DEPTH_COMPONENT32F, 4, "DEPTH32F depth"}},
          3 * int64_t(w) * h * 4};
}

// Limits a large driver might report, with room everywhere; each case lowers one.
gl::TargetLimits roomy() {
  gl::TargetLimits l;
  l.max_renderbuffer_size = l.max_texture_size = l.max_framebuffer_width = l.max_framebuffer_height = 32768;
  l.max_viewport[0] = l.max_viewport[1] = 32768;
  l.max_samples = 32;
  l.format_max_samples = {32, 32};
  l.device_free = int64_t(64) << 30;
  l.device_source = "GL_NVX_gpu_memory_info";
  l.host_free = int64_t(64) << 30;
  return l;
}

// The message of the InvalidArgument that check_targets throws, or "" when it passes.
std::string refusal(const gl::TargetRequest& r, const gl::TargetLimits& l) {
  try {
    gl::check_targets(r, l);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
    return e.what();
  }
  return "";
}

TEST_F(GlTargets, EveryLimitIsNamed) {
  const gl::TargetRequest big = offscreen(16384, 16384, 4);
  EXPECT_EQ(refusal(big, roomy()), "");
  struct Case {
    const char* name;
    void (*lower)(gl::TargetLimits&);
    std::string expect;
  };
  const Case cases[] = {
      {"renderbuffer", [](gl::TargetLimits& l) { l.max_renderbuffer_size = 8192; }, "GL_MAX_RENDERBUFFER_SIZE (8192)"},
      {"texture", [](gl::TargetLimits& l) { l.max_texture_size = 8192; }, "GL_MAX_TEXTURE_SIZE (8192)"},
      {"fb width", [](gl::TargetLimits& l) { l.max_framebuffer_width = 8192; }, "GL_MAX_FRAMEBUFFER_WIDTH (8192)"},
      {"fb height", [](gl::TargetLimits& l) { l.max_framebuffer_height = 8192; }, "GL_MAX_FRAMEBUFFER_HEIGHT (8192)"},
      {"viewport", [](gl::TargetLimits& l) { l.max_viewport[1] = 8192; }, "GL_MAX_VIEWPORT_DIMS (32768x8192)"},
      {"samples", [](gl::TargetLimits& l) { l.max_samples = 2; }, "at most 2 samples (GL_MAX_SAMPLES)"},
      {"format samples", [](gl::TargetLimits& l) { l.format_max_samples[1] = 2; },
       "at most 2 samples for DEPTH32F depth (GL_SAMPLES of the format)"},
      // 16384^2 x (4 + 4) x 4 + 16384^2 x 4 = 9 GiB of targets.
      {"device memory", [](gl::TargetLimits& l) { l.device_free = int64_t(8) << 30; },
       "need about 9.0 GiB, more than the 8.0 GiB free (GL_NVX_gpu_memory_info)"},
      {"host memory", [](gl::TargetLimits& l) { l.host_free = int64_t(2) << 30; },
       "needs about 3.0 GiB, more than the 2.0 GiB of system memory"},
      {"software renderer", [](gl::TargetLimits& l) {
         l.device_is_host = true;
         l.device_free = int64_t(11) << 30;
         l.device_source = "system memory (software renderer)";
       }, "needs about 12.0 GiB (9.0 GiB of render targets, 3.0 GiB to read back"},
  };
  for (const Case& c : cases) {
    gl::TargetLimits l = roomy();
    c.lower(l);
    const std::string msg = refusal(big, l);
    EXPECT_NE(msg.find(c.expect), std::string::npos) << c.name << ": " << msg;
    EXPECT_NE(msg.find("16384x16384 at 4 samples"), std::string::npos) << c.name << ": " << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << c.name;
  }
  // Exactly at a limit passes.
  gl::TargetLimits l = roomy();
  l.max_renderbuffer_size = 16384;
  l.max_samples = 4;
  l.device_free = gl::target_bytes(big);
  EXPECT_EQ(refusal(big, l), "");
  EXPECT_EQ(gl::target_bytes(big), int64_t(9) << 30);
  EXPECT_EQ(gl::target_bytes(offscreen(100, 10, 1)), 100 * 10 * 8);  // no resolve copy at 1 sample
}

TEST_F(GlTargets, DriverLimitsAreRead) {
  const gl::TargetLimits l = gl::query_target_limits(test::context(), offscreen(64, 64, 4));
  std::printf("renderer %s: renderbuffer %d, texture %d, framebuffer %dx%d, samples %d (formats %d, %d), "
              "free %.1f GiB (%s), host %.1f GiB\n",
              test::context().info().renderer.c_str(), l.max_renderbuffer_size, l.max_texture_size,
              l.max_framebuffer_width, l.max_framebuffer_height, l.max_samples, l.format_max_samples[0],
              l.format_max_samples[1], double(l.device_free) / (1 << 30), l.device_source.c_str(),
              double(l.host_free) / (1 << 30));
  // GL 4.3's minimums.
  EXPECT_GE(l.max_renderbuffer_size, 1024);
  EXPECT_GE(l.max_framebuffer_width, 16384);
  EXPECT_GE(l.max_samples, 4);
  ASSERT_EQ(l.format_max_samples.size(), 2u);
  EXPECT_GE(l.format_max_samples[0], 4);
  EXPECT_GT(l.host_free, 0);
  EXPECT_GT(l.device_free, 0);
  EXPECT_FALSE(l.device_source.empty());
  // One side past the driver's own limit is refused by name, on this driver.
  const std::string msg = refusal(offscreen(l.max_renderbuffer_size + 1, 16, 1), l);
  EXPECT_NE(msg.find("GL_MAX_RENDERBUFFER_SIZE (" + std::to_string(l.max_renderbuffer_size) + ")"), std::string::npos)
      << msg;
  EXPECT_NE(refusal(offscreen(64, 64, l.max_samples + 1), l).find("GL_MAX_SAMPLES"), std::string::npos);
}

TEST_F(GlTargets, TrialFramebufferGivesEverythingBack) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  gl::require_targets(ctx, offscreen(320, 180, 4));
  test::expect_same_objects(ctx.objects(), before, "after a trial that passed");
  EXPECT_THROW(gl::require_targets(ctx, offscreen(64, 64, 1000)), Error);
  test::expect_same_objects(ctx.objects(), before, "after a refused request");
}

// llvmpipe reports 16384 as its largest side and 4 samples, yet makes no resource of 4 GiB:
// the advertised 16384^2 at 4 samples must be a clear error at once, not after the simulation.
TEST_F(GlTargets, StorageTheDriverRefusesIsNamed) {
  gl::Context& ctx = test::context();
  if (ctx.info().renderer.find("llvmpipe") == std::string::npos)
    GTEST_SKIP() << "llvmpipe's per-resource limit; " << ctx.info().renderer << " has its own";
  const gl::ObjectCounts before = ctx.objects();
  try {
    gl::require_targets(ctx, offscreen(16384, 16384, 4));
    ADD_FAILURE() << "16384^2 at 4 samples passed the trial";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::GlRuntime);
    const std::string msg = e.what();
    EXPECT_NE(msg.find("GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"), std::string::npos) << msg;
    EXPECT_NE(msg.find("the largest target holds 4.0 GiB"), std::string::npos) << msg;
  }
  test::expect_same_objects(ctx.objects(), before, "after the refused trial");
  EXPECT_EQ(gl::framebuffer_status_name(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE), "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE");
  EXPECT_EQ(gl::framebuffer_status_name(0x1234), "0x1234");
}

}  // namespace
