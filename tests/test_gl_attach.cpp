// SPDX-License-Identifier: MIT
// gl::attach_current: the engine in a context it did not make. The test binary's EGL context
// stands in for a caller's (GLFW, SDL, Qt...); the engine is attached to it through
// eglGetProcAddress and must plan, transform and count its objects there, and leave the GL
// context alive when the attachment goes.
#include <glad/egl.h>

#include <string>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "gl_fixture.h"

using namespace oceanfft;

TEST(GlAttach, CallersContextRunsAPlanAndKeepsItsOwnCounts) {
  gl::Context& own = test::context();  // makes the EGL context current
  const gl::ObjectCounts own_before = own.objects();

  try {
    gl::attach_current(nullptr);
    ADD_FAILURE() << "a null getProcAddress was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
    EXPECT_NE(std::string(e.what()).find("getProcAddress"), std::string::npos) << e.what();
  }

  auto caller = gl::attach_current(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
  ASSERT_TRUE(caller);
  EXPECT_EQ(caller->info().provider, "caller");
  EXPECT_EQ(caller->info().renderer, own.info().renderer);
  EXPECT_GE(caller->info().major * 10 + caller->info().minor, 43);
  EXPECT_EQ(caller->limits().max_shared_memory, own.limits().max_shared_memory);
  EXPECT_EQ(caller->limits().max_array_layers, own.limits().max_array_layers);
  EXPECT_FALSE(caller->info().debug) << "attaching must not take over the caller's debug output";

  {
    fft::Options o;
    o.width = 64;
    o.height = 32;
    o.layers = 2;
    gl::ShaderLibrary shaders(*caller);
    fft::Plan plan(o, shaders);
    const fft::Planes input = fft::random_planes(o.width, o.height, o.layers, test::seed("attach"));
    gl::Texture tex = gl::make_complex_texture(*caller, o.width, o.height, o.layers);
    fft::upload(tex, input);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const double err = fft::relative_l2(fft::download(plan.execute(fft::Direction::Forward, tex)),
                                        fft::reference(input, fft::Direction::Forward));
    EXPECT_LT(err, 1e-6);
    EXPECT_GT(caller->objects().total(), 0) << "the plan counts in the attached context";
    test::expect_same_objects(own.objects(), own_before, "the headless context's own counts");
  }
  EXPECT_EQ(caller->objects().total(), 0) << "the plan and texture released everything";
  EXPECT_EQ(caller->objects().texture_bytes, 0);
  EXPECT_EQ(caller->check_errors("attach test"), 0);
  EXPECT_EQ(caller->error_count(), 0);

  caller.reset();
  EXPECT_NE(eglGetCurrentContext(), EGL_NO_CONTEXT) << "detaching must not destroy the GL context";
}
