// SPDX-License-Identifier: MIT
// fft::FusedPass (fft/fused.h): a caller's pre-hook (each input texel multiplied by a random
// per-texel factor as the row pass loads it) and post-hook (each output multiplied by a complex
// constant as the column pass stores it) fused into a 2D FFT, against FFTW in double of the
// same arithmetic done on the host. The hook shaders are the caller's own, registered as
// built-in shaders the way a program that embeds its GLSL would.
#include <glad/gl.h>

#include <complex>
#include <random>
#include <string>

#include "fft/bindings.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "fft/fused.h"
#include "gl/error.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

constexpr gl::EmbeddedShader kHookShaders[] = {
    {"test/fused_pre_rows.comp", R"(#version 430 core
// Pre-hook: element = input * factor, factor.x for the xy plane and factor.y for zw.
layout(binding = 4, rgba32f) uniform restrict readonly image2DArray uIn;
layout(binding = 5, rgba32f) uniform restrict readonly image2DArray uFactor;
vec4 pre_load(ivec3 p);
#define FFT_LOAD(i, line, layer) pre_load(texel(i, line, layer))
#include "fft/fast.glsl"
vec4 pre_load(ivec3 p) { return imageLoad(uIn, p) * imageLoad(uFactor, p).xxyy; }
)"},
    {"test/fused_post_columns.comp", R"(#version 430 core
// Post-hook: output = transform * uPost, stored into the caller's image.
layout(binding = 4, rgba32f) uniform restrict writeonly image2DArray uOut;
uniform vec2 uPost;
#define FFT_STORE(i, line, layer, value) imageStore(uOut, texel(i, line, layer), cmul(value, uPost))
#include "fft/fast.glsl"
)"},
};
const gl::EmbeddedShaders kRegistered(kHookShaders);

struct Shape {
  int width, height, layers;
};

class FftFusedHooks : public test::GlTest, public ::testing::WithParamInterface<Shape> {};

TEST_P(FftFusedHooks, PreAndPostHooksMatchFftw) {
  const Shape shape = GetParam();
  fft::Options o;
  o.width = shape.width;
  o.height = shape.height;
  o.layers = shape.layers;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  ASSERT_TRUE(fft::FusedPass::supported(plan, 0));
  ASSERT_TRUE(fft::FusedPass::supported(plan, 1));
  const fft::FusedPass rows(plan, 0, test::shaders(), "test/fused_pre_rows.comp");
  const fft::FusedPass columns(plan, 1, test::shaders(), "test/fused_post_columns.comp");
  EXPECT_EQ(rows.strategy().length, o.width);
  EXPECT_EQ(columns.strategy().length, o.height);

  const uint64_t seed = test::seed("fused hooks");
  const fft::Planes in = fft::random_planes(o.width, o.height, o.layers, seed);
  // Plane 2l carries the factors: real part for plane 2l, imaginary part for plane 2l + 1.
  fft::Planes factors(o.width, o.height, o.layers);
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  for (int l = 0; l < o.layers; ++l)
    for (size_t i = 0; i < factors.plane_size(); ++i) factors.plane(2 * l)[i] = {u(rng), u(rng)};
  fft::Planes scaled = in;  // the pre-hook's product, in float as the GPU forms it
  for (int l = 0; l < o.layers; ++l)
    for (int j = 0; j < 2; ++j)
      for (size_t i = 0; i < in.plane_size(); ++i) {
        const std::complex<float> f = factors.plane(2 * l)[i];
        scaled.plane(2 * l + j)[i] = in.plane(2 * l + j)[i] * (j == 0 ? f.real() : f.imag());
      }

  gl::Texture tin = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  gl::Texture tfac = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  gl::Texture tout = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  fft::upload(tin, in);
  fft::upload(tfac, factors);
  const std::complex<float> post(0.75f, -1.25f);
  glProgramUniform2f(columns.program().id(), gl::uniform(columns.program(), "uPost"), post.real(),
                     post.imag());
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    fft::poison(tout);
    glBindImageTexture(4, tin.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(5, tfac.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
    rows.dispatch(d, 1.0f);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glBindImageTexture(4, tout.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    const float scale = d == fft::Direction::Inverse ? float(1.0 / (double(o.width) * o.height)) : 1.0f;
    columns.dispatch(d, scale);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    std::vector<std::complex<double>> ref = fft::reference(scaled, d);
    for (auto& v : ref) v *= std::complex<double>(post);
    const double e = fft::relative_l2(fft::download(tout), ref);
    EXPECT_LE(e, 2.5e-7) << (d == fft::Direction::Forward ? "forward" : "inverse");
    RecordProperty(d == fft::Direction::Forward ? "forward_rel_l2" : "inverse_rel_l2", std::to_string(e));
  }
}

std::string shape_name(const ::testing::TestParamInfo<Shape>& info) {
  const Shape s = info.param;
  return std::to_string(s.width) + "x" + std::to_string(s.height) + "x" + std::to_string(s.layers);
}

// Square and not, one and several layers, one stage (16) and several, R1 < P (256 = 4 * 8^2).
INSTANTIATE_TEST_SUITE_P(Sizes, FftFusedHooks,
                         ::testing::Values(Shape{64, 64, 1}, Shape{256, 128, 2}, Shape{16, 512, 1},
                                           Shape{128, 256, 3}),
                         shape_name);

class FftFusedPass : public test::GlTest {};

// A shape of the caller's own is planned for the pass (the ocean's fused passes hold more in
// registers than the plan's), and the hooks still give the plan's answer.
TEST_F(FftFusedPass, OwnShapeIsPlanned) {
  fft::Options o;
  o.width = o.height = 256;
  fft::Plan plan(o, test::shaders());
  const fft::FastShape want{8, 2, 2};
  const fft::AxisStrategy s = fft::FusedPass::strategy_for(plan, 0, test::context().limits(), want);
  EXPECT_EQ(s.elements_per_invocation, 8);
  EXPECT_EQ(s.lines, 2);
  EXPECT_EQ(s.exchange, 2);
  EXPECT_EQ(s.via_buffer, plan.horizontal().via_buffer);
  const fft::FusedPass rows(plan, 0, test::shaders(), "fft/fast.comp", {}, want);
  EXPECT_EQ(rows.strategy().elements_per_invocation, 8);
  EXPECT_EQ(rows.groups()[1], 128u);
  // No shape: the plan's own strategy.
  const fft::FusedPass plain(plan, 1, test::shaders(), "fft/fast.comp");
  EXPECT_EQ(plain.strategy().elements_per_invocation, plan.vertical().elements_per_invocation);
  EXPECT_EQ(plain.strategy().lines, plan.vertical().lines);

  // The plan's own fast.comp as both passes, with the caller's shape on the rows: the result
  // of Plan::execute.
  const fft::Planes in = fft::random_planes(256, 256, 1, test::seed("fused own shape"));
  gl::Texture tin = gl::make_complex_texture(test::context(), 256, 256, 1);
  gl::Texture tout = gl::make_complex_texture(test::context(), 256, 256, 1);
  fft::upload(tin, in);
  fft::poison(tout);
  glBindImageTexture(FFT_IMAGE_SRC, tin.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  rows.dispatch(fft::Direction::Forward, 1.0f);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glBindImageTexture(FFT_IMAGE_DST, tout.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  plain.dispatch(fft::Direction::Forward, 1.0f);
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  EXPECT_LE(fft::relative_l2(fft::download(tout), fft::reference(in, fft::Direction::Forward)), 2e-7);
}

// Fusing needs the fast kernel's register path: other algorithms and lengths are refused with
// a message, not compiled into a wrong pass.
TEST_F(FftFusedPass, RefusesPlansWithoutTheRegisterPath) {
  fft::Options o;
  o.width = o.height = 64;
  o.algorithm = fft::Algorithm::StockhamR4;
  fft::Plan stockham(o, test::shaders());
  EXPECT_FALSE(fft::FusedPass::supported(stockham, 0));
  EXPECT_THROW(fft::FusedPass(stockham, 0, test::shaders(), "fft/fast.comp"), Error);
  o.algorithm = fft::Algorithm::Fast;
  o.width = 60;  // mixed radix along rows
  fft::Plan mixed(o, test::shaders());
  EXPECT_FALSE(fft::FusedPass::supported(mixed, 0));
  EXPECT_TRUE(fft::FusedPass::supported(mixed, 1));
  EXPECT_FALSE(fft::FusedPass::supported(mixed, 2));
  o.width = 64;
  o.axes = fft::Axes::Rows;
  fft::Plan rows_only(o, test::shaders());
  EXPECT_FALSE(fft::FusedPass::supported(rows_only, 1));
}

}  // namespace
