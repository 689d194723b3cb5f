// SPDX-License-Identifier: MIT
// Resource ownership and refusal paths: plans give back every GL object they made, bad shapes
// are refused with a precise status and message, and a driver below 4.3 is refused cleanly.
#include <glad/egl.h>

#include <string>
#include <vector>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_options.h"

using namespace oceanfft;

namespace {

class GlObjects : public test::GlTest {};

TEST_F(GlObjects, PlansReleaseEverything) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  std::vector<GLuint> names;
  {
    fft::Plan plan(test::fft_options(fft::kDefaultAlgorithm, 64, 32, 2), test::shaders());
    const gl::ObjectCounts during = ctx.objects();
    // The fast path: one result texture, a twiddle buffer and the buffer between the axes, at
    // least one program; shaders are deleted once linked.
    EXPECT_EQ(during.textures - before.textures, 1);
    EXPECT_GE(during.programs - before.programs, 1);
    EXPECT_GE(during.buffers - before.buffers, 2);
    EXPECT_NE(plan.intermediate(), nullptr);
    EXPECT_EQ(during.shaders, before.shaders);
    for (const gl::Texture& t : plan.targets()) names.push_back(t.id());
    gl::Texture in = gl::make_complex_texture(test::context(), 64, 32, 2);
    fft::upload(in, fft::random_planes(64, 32, 2, test::seed("release")));
    plan.execute(fft::Direction::Forward, in);
  }
  test::expect_same_objects(ctx.objects(), before, "after the plan went out of scope");
  // The counter is ours; the driver must agree that the names are gone.
  for (GLuint n : names) EXPECT_EQ(glIsTexture(n), GL_FALSE) << "texture " << n << " still alive";
}

// Re-planning on a live toggle (move-assigning a new plan over the old one) must not accumulate
// objects: after each step the live counts equal those of that plan made on its own.
TEST_F(GlObjects, ReplanningAcrossSizesAndAlgorithms) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  std::vector<fft::Options> sequence;
  for (fft::Algorithm a : fft::all_algorithms())
    for (auto [w, h, l] : {std::tuple{16, 16, 1}, std::tuple{256, 8, 3}, std::tuple{32, 128, 2}})
      sequence.push_back(test::fft_options(a, w, h, l));
  // Forced fallbacks allocate differently; include them in the churn.
  fft::Options split = test::fft_options(fft::kDefaultAlgorithm, 128, 128, 1);
  split.shared_memory_limit = 128 * 8;
  sequence.push_back(split);
  fft::Options stages = split;
  stages.shared_memory_limit = 64;
  sequence.push_back(stages);

  std::vector<gl::ObjectCounts> alone;
  for (const auto& o : sequence) {
    fft::Plan p(o, test::shaders());
    alone.push_back(ctx.objects());
  }
  test::expect_same_objects(ctx.objects(), before, "after the solo plans");

  {
    fft::Plan plan(sequence[0], test::shaders());
    for (int round = 0; round < 2; ++round)
      for (size_t i = 0; i < sequence.size(); ++i) {
        plan = fft::Plan(sequence[i], test::shaders());
        test::expect_same_objects(ctx.objects(), alone[i], "re-planned to " + plan.describe());
      }
    fft::Plan moved(std::move(plan));
    test::expect_same_objects(ctx.objects(), alone.back(), "after a move construction");
  }
  test::expect_same_objects(ctx.objects(), before, "after re-planning");
}

TEST_F(GlObjects, FailedPlanLeavesNothingBehind) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  EXPECT_THROW(fft::Plan(test::fft_options(fft::Algorithm::StockhamR4, 48, 64), test::shaders()), Error);
  EXPECT_THROW(fft::Plan(test::fft_options(fft::kDefaultAlgorithm, 4099, 64), test::shaders()), Error);
  test::expect_same_objects(ctx.objects(), before, "after a refused plan");
}

struct BadShape {
  fft::Algorithm algorithm;
  int width, height, layers;
  fft::Status status;
  const char* message;
};

TEST(GlObjectsValidate, EveryBadShapeHasItsStatusAndMessage) {
  // The design-source algorithms take powers of two from 2; fast takes any length from 1.
  const fft::Algorithm pow2 = fft::Algorithm::StockhamR4, any = fft::Algorithm::Fast;
  const BadShape cases[] = {
      {pow2, 3, 8, 1, fft::Status::WidthNotPowerOfTwo,
       "width 3 is not a power of two, which stockham-r4 needs (fast takes any size)"},
      {pow2, 96, 8, 1, fft::Status::WidthNotPowerOfTwo,
       "width 96 is not a power of two, which stockham-r4 needs (fast takes any size)"},
      {pow2, 8, 6, 1, fft::Status::HeightNotPowerOfTwo,
       "height 6 is not a power of two, which stockham-r4 needs (fast takes any size)"},
      {pow2, 8, 4095, 1, fft::Status::HeightNotPowerOfTwo,
       "height 4095 is not a power of two, which stockham-r4 needs (fast takes any size)"},
      {pow2, 1, 8, 1, fft::Status::WidthOutOfRange, "width 1 is outside 2..65536"},
      {any, 0, 8, 1, fft::Status::WidthOutOfRange, "width 0 is outside 1..65536"},
      {any, -4, 8, 1, fft::Status::WidthOutOfRange, "width -4 is outside 1..65536"},
      {any, 65537, 8, 1, fft::Status::WidthOutOfRange, "width 65537 is outside 1..65536"},
      {any, 4099, 8, 1, fft::Status::WidthHasNoSplit,
       "width 4099 is above 4096 and has no split into two factors of at most 4096 that fast "
       "takes, which the four-step method needs"},
      {pow2, 8, 12288, 1, fft::Status::HeightNotPowerOfTwo,
       "height 12288 is not a power of two, which stockham-r4 needs (fast takes any size)"},
      {any, 8, 0, 1, fft::Status::HeightOutOfRange, "height 0 is outside 1..65536"},
      {any, 8, -2, 1, fft::Status::HeightOutOfRange, "height -2 is outside 1..65536"},
      {any, 8, 65537, 1, fft::Status::HeightOutOfRange, "height 65537 is outside 1..65536"},
      {pow2, 8, 0, 1, fft::Status::HeightOutOfRange, "height 0 is outside 2..65536"},
      {any, 8, 8, 0, fft::Status::LayersOutOfRange, "layers 0 must be at least 1"},
      {any, 8, 8, -3, fft::Status::LayersOutOfRange, "layers -3 must be at least 1"},
  };
  gl::Limits generous;
  generous.max_texture_size = 16384;
  generous.max_array_layers = 2048;
  for (const auto& c : cases) {
    fft::Options o = test::fft_options(c.algorithm, c.width, c.height, c.layers);
    SCOPED_TRACE(std::to_string(c.width) + "x" + std::to_string(c.height) + "x" +
                 std::to_string(c.layers));
    EXPECT_EQ(fft::validate_shape(o), c.status);
    EXPECT_EQ(fft::validate(o, generous), c.status);
    EXPECT_EQ(fft::describe(c.status, o), c.message);
  }
  for (int n = fft::kMinSize; n <= fft::kMaxSize; n *= 2) {
    fft::Options o = test::fft_options(fft::Algorithm::StockhamR4, n, fft::kMaxSize / n * fft::kMinSize, 3);
    EXPECT_EQ(fft::validate_shape(o), fft::Status::Ok) << n;
    EXPECT_EQ(fft::validate(o, generous), fft::Status::Ok) << n;
  }
  for (int n : {1, 3, 97, 1000, 1080, 4093, 4095, 4096}) {
    fft::Options o = test::fft_options(fft::Algorithm::Fast, n, 4097 - n, 2);
    EXPECT_EQ(fft::validate_shape(o), fft::Status::Ok) << n;
    EXPECT_EQ(fft::validate(o, generous), fft::Status::Ok) << n;
  }
}

TEST(GlObjectsValidate, DriverLimits) {
  gl::Limits small;
  small.max_texture_size = 1024;
  small.max_array_layers = 4;
  fft::Options o = test::fft_options(fft::kDefaultAlgorithm, 2048, 16, 1);
  EXPECT_EQ(fft::validate_shape(o), fft::Status::Ok);
  EXPECT_EQ(fft::validate(o, small), fft::Status::ExceedsTextureLimit);
  EXPECT_EQ(fft::describe(fft::Status::ExceedsTextureLimit, o),
            "2048x16 exceeds the driver's texture size limit");
  o = test::fft_options(fft::kDefaultAlgorithm, 16, 2048, 1);
  EXPECT_EQ(fft::validate(o, small), fft::Status::ExceedsTextureLimit);
  o = test::fft_options(fft::kDefaultAlgorithm, 16, 16, 5);
  EXPECT_EQ(fft::validate(o, small), fft::Status::ExceedsLayerLimit);
  EXPECT_EQ(fft::describe(fft::Status::ExceedsLayerLimit, o),
            "5 layers exceed the driver's array layer limit");
  o.layers = 4;
  EXPECT_EQ(fft::validate(o, small), fft::Status::Ok);
}

TEST_F(GlObjects, PlanRefusesBadOptionsWithTheStatusMessage) {
  for (auto [w, h, l] : {std::tuple{4099, 16, 1}, std::tuple{16, 0, 1}, std::tuple{16, 16, 0},
                         std::tuple{16, 65537, 1}}) {
    fft::Options o = test::fft_options(fft::kDefaultAlgorithm, w, h, l);
    try {
      fft::Plan plan(o, test::shaders());
      ADD_FAILURE() << "no error for " << w << "x" << h << "x" << l;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_EQ(std::string(e.what()), fft::describe(fft::validate_shape(o), o));
    }
  }
  fft::Options o = test::fft_options(fft::kDefaultAlgorithm, 16, 16, test::context().limits().max_array_layers + 1);
  try {
    fft::Plan plan(o, test::shaders());
    ADD_FAILURE() << "no error for too many layers";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("layer limit"), std::string::npos) << e.what();
  }
}

TEST_F(GlObjects, ExecuteRefusesMismatchedInput) {
  fft::Plan plan(test::fft_options(fft::kDefaultAlgorithm, 32, 16, 2), test::shaders());
  const gl::Texture wrong[] = {
      gl::make_complex_texture(test::context(), 16, 32, 2),  // axes swapped
      gl::make_complex_texture(test::context(), 32, 16, 1),  // layers
      gl::Texture(test::context(), GL_TEXTURE_2D_ARRAY, GL_RGBA16F, 32, 16, 2),
  };
  for (const auto& t : wrong) {
    try {
      plan.execute(fft::Direction::Forward, t);
      ADD_FAILURE() << "no error for a " << t.width() << "x" << t.height() << "x" << t.layers()
                    << " input";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find("32x16x2"), std::string::npos) << e.what();
    }
  }
}

TEST(GlObjectsVersion, RequireVersion) {
  for (auto [major, minor] : {std::pair{4, 2}, std::pair{4, 0}, std::pair{3, 3}, std::pair{2, 1}}) {
    const std::string v = std::to_string(major) + "." + std::to_string(minor) + " Mesa 22.3.6";
    try {
      gl::require_version(major, minor, v);
      ADD_FAILURE() << "accepted " << v;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::GlUnsupported);
      const std::string m = e.what();
      EXPECT_NE(m.find("4.3"), std::string::npos) << m;
      EXPECT_NE(m.find(std::to_string(major) + "." + std::to_string(minor)), std::string::npos) << m;
      EXPECT_NE(m.find(v), std::string::npos) << "the driver's own version string is shown: " << m;
    }
  }
  for (auto [major, minor] : {std::pair{4, 3}, std::pair{4, 6}, std::pair{5, 0}})
    EXPECT_NO_THROW(gl::require_version(major, minor, "x")) << major << "." << minor;
}

// A driver that offers at most 4.2 must be refused with a clear error, and the refusal must
// leave the context the tests run on intact.
TEST_F(GlObjects, ContextCappedBelow43IsRefused) {
  gl::Context& ctx = test::context();
  gl::HeadlessOptions o;
  o.quiet = true;
  o.max_version_major = 4;
  o.max_version_minor = 2;
  try {
    auto c = gl::create_headless(o);
    ADD_FAILURE() << "a 4.2-capped context was created";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::GlUnsupported);
    const std::string m = e.what();
    EXPECT_NE(m.find("4.3"), std::string::npos) << m;
    EXPECT_NE(m.find("compute"), std::string::npos) << m;
    EXPECT_NE(m.find("4.2"), std::string::npos) << "says what the driver offers: " << m;
  }
  // The test context still computes correctly afterwards.
  fft::Plan plan(test::fft_options(fft::kDefaultAlgorithm, 16, 8, 1), test::shaders());
  const auto in = fft::random_planes(16, 8, 1, test::seed("after refusal"));
  gl::Texture tex = gl::make_complex_texture(test::context(), 16, 8, 1);
  fft::upload(tex, in);
  for (const gl::Texture& t : plan.targets()) fft::poison(t);
  const auto out = fft::download(plan.execute(fft::Direction::Forward, tex));
  EXPECT_LE(fft::relative_l2(out, fft::reference(in, fft::Direction::Forward)), 1e-6);
}

// Objects count in the context they were made for, whichever is current: the count is
// bookkeeping the engine keeps without asking GL, so the counts must stay apart even where
// GL's names come from another context. Releasing or destroying a context that is not current
// leaves the current one alone.
TEST(GlObjectsExplicitContext, ObjectsCountInTheContextTheyWereMadeFor) {
  gl::Context& first = test::context();
  const gl::ObjectCounts first_before = first.objects();
  gl::HeadlessOptions quiet;
  quiet.quiet = true;
  auto second = gl::create_headless(quiet);  // current from here on
  {
    gl::Buffer b = gl::make_buffer(*second, GL_SHADER_STORAGE_BUFFER, 16, nullptr);
    EXPECT_EQ(second->objects().buffers, 1);
    EXPECT_EQ(first.objects().buffers, first_before.buffers);
    // Made for the first context while the second is current: it counts in the first.
    gl::Buffer c = gl::make_buffer(first, GL_SHADER_STORAGE_BUFFER, 16, nullptr);
    EXPECT_EQ(first.objects().buffers, first_before.buffers + 1);
    EXPECT_EQ(second->objects().buffers, 1);
  }
  EXPECT_EQ(second->objects().buffers, 0);
  EXPECT_EQ(first.objects().buffers, first_before.buffers);

  // A plan takes its context from the shader library it is given, not from GL's current one.
  {
    gl::ShaderLibrary second_shaders(*second);
    fft::Plan plan(test::fft_options(fft::kDefaultAlgorithm, 16, 8, 1), second_shaders);
    EXPECT_GT(second->objects().programs, 0);
    EXPECT_GT(second->objects().texture_bytes, 0);
    test::expect_same_objects(first.objects(), first_before, "a plan for the second context");
  }
  test::expect_same_objects(second->objects(), gl::ObjectCounts{}, "the second context's plan");

  first.make_current();
  {
    gl::Texture t = gl::make_complex_texture(first, 8, 8, 1);
    EXPECT_EQ(first.objects().textures, first_before.textures + 1);
    // The first context's texture stays counted there while the second is current and makes
    // objects of its own.
    second->make_current();
    {
      gl::Texture u = gl::make_complex_texture(*second, 8, 8, 1);
      EXPECT_EQ(second->objects().textures, 1);
      EXPECT_EQ(first.objects().textures, first_before.textures + 1);
    }
    EXPECT_EQ(second->objects().textures, 0);
    EXPECT_EQ(second->objects().texture_bytes, 0);
    first.make_current();
  }

  second->release();
  EXPECT_NE(eglGetCurrentContext(), EGL_NO_CONTEXT);
  second->make_current();
  second->release();
  EXPECT_EQ(eglGetCurrentContext(), EGL_NO_CONTEXT);

  first.make_current();
  second.reset();
  EXPECT_NE(eglGetCurrentContext(), EGL_NO_CONTEXT);
  // Both contexts share the device's one EGL display: destroying the second must not have
  // terminated it under the first.
  first.release();
  first.make_current();
  {
    gl::Texture t = gl::make_complex_texture(first, 8, 8, 1);
    EXPECT_EQ(first.objects().textures, first_before.textures + 1);
  }
  EXPECT_EQ(first.check_errors("after switching contexts"), 0);
  test::expect_same_objects(first.objects(), first_before, "the first context's counts");
}

}  // namespace
