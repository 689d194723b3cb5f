// SPDX-License-Identifier: MIT
// The smallest program that uses the installed engine: it makes its own headless EGL context,
// hands it to oceanfft, transforms random data forward and back, fuses a window into a row
// pass (fft::FusedPass), and prints the errors.
// Built against the installed package by the test `package.example` (cmake/package_tests.cmake);
// docs/api.md quotes the regions between the [api:...] markers.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <oceanfft/fft/bindings.h>
#include <oceanfft/fft/fft.h>
#include <oceanfft/fft/fused.h>
#include <oceanfft/gl/error.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <random>
#include <vector>

namespace gl = oceanfft::gl;
namespace fft = oceanfft::fft;

// An OpenGL 4.3 core context without a surface, on the first EGL device (NVIDIA, Mesa), else
// on Mesa's surfaceless platform.
static bool make_egl_context() {
  EGLDisplay display = EGL_NO_DISPLAY;
  auto query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  EGLDeviceEXT device;
  EGLint count = 0;
  if (query_devices && query_devices(1, &device, &count) && count > 0)
    display = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) {
    display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) return false;
  }
  if (!eglBindAPI(EGL_OPENGL_API)) return false;
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                            EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
  return context != EGL_NO_CONTEXT &&
         eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

// Texel (x, y) of layer l holds two complex values: plane 2l in .xy and plane 2l+1 in .zw.
static void upload(const gl::Texture& t, const std::vector<float>& rgba) {
  glBindTexture(GL_TEXTURE_2D_ARRAY, t.id());
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, t.width(), t.height(), t.layers(), GL_RGBA,
                  GL_FLOAT, rgba.data());
}
static std::vector<float> download(const gl::Texture& t) {
  std::vector<float> rgba(size_t(t.width()) * t.height() * t.layers() * 4);
  glBindTexture(GL_TEXTURE_2D_ARRAY, t.id());
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_FLOAT, rgba.data());
  return rgba;
}
static double relative_l2(const std::vector<float>& got, const std::vector<float>& want) {
  double num = 0, den = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    num += (double(got[i]) - want[i]) * (double(got[i]) - want[i]);
    den += double(want[i]) * want[i];
  }
  return std::sqrt(num / den);  // NaN if anything was left unwritten
}

// [api:fused]
// The caller's row pass: FFT_LOAD reads the input at image unit 4 times a window (a uniform
// per row), then the kernel transforms the row. Registered as a built-in shader, so the
// ShaderLibrary finds it beside the engine's fft/fast.glsl.
constexpr gl::EmbeddedShader kWindowed[] = {{"example/windowed_rows.comp", R"(#version 430 core
layout(binding = 4, rgba32f) uniform restrict readonly image2DArray uIn;
uniform float uWindow[64];
#define FFT_LOAD(i, line, layer) (imageLoad(uIn, texel(i, line, layer)) * uWindow[line])
#include "fft/fast.glsl"
)"}};
const gl::EmbeddedShaders kRegistered(kWindowed);
// [/api:fused]

int main() try {
  if (!make_egl_context()) {
    std::fprintf(stderr, "example: no EGL OpenGL 4.3 context (error 0x%x)\n", eglGetError());
    return 5;
  }
  // [api:attach]
  // The engine loads its GL entry points through the context's own getProcAddress.
  auto context = gl::attach_current(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
  gl::ShaderLibrary shaders(*context);  // the shaders compiled into the library
  // [/api:attach]
  std::mt19937 rng(2024);
  std::normal_distribution<float> normal;

  // [api:one-fft]
  fft::Options one;
  one.width = 300;  // any length 1..4096 with the default algorithm
  one.height = 200;
  fft::Plan plan(one, shaders);
  gl::Texture image = gl::make_complex_texture(*context, one.width, one.height, 1);
  std::vector<float> data(size_t(one.width) * one.height * 4);
  for (float& v : data) v = normal(rng);
  upload(image, data);
  const gl::Texture& spectrum = plan.execute(fft::Direction::Forward, image);
  // Bin (0, 0) of plane 0 is the sum of plane 0's values.
  std::complex<double> sum = 0;
  for (size_t i = 0; i < data.size(); i += 4) sum += std::complex<double>(data[i], data[i + 1]);
  const std::vector<float> bins = download(spectrum);
  const double dc_error = std::abs(std::complex<double>(bins[0], bins[1]) - sum) / std::abs(sum);
  // [/api:one-fft]

  // [api:batch]
  fft::Options batch;
  batch.width = 64;
  batch.height = 512;
  batch.layers = 3;  // six complex planes in one call
  fft::Plan batch_plan(batch, shaders);
  gl::Texture planes = gl::make_complex_texture(*context, batch.width, batch.height, batch.layers);
  std::vector<float> input(size_t(batch.width) * batch.height * batch.layers * 4);
  for (float& v : input) v = normal(rng);
  upload(planes, input);
  // [/api:batch]

  // [api:round-trip]
  // The result belongs to the plan and the next execute() overwrites it, so the spectrum goes
  // back into our own texture before the inverse.
  const gl::Texture& forward = batch_plan.execute(fft::Direction::Forward, planes);
  glCopyImageSubData(forward.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, planes.id(),
                     GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, batch.width, batch.height, batch.layers);
  const gl::Texture& back = batch_plan.execute(fft::Direction::Inverse, planes);
  const double round_trip_error = relative_l2(download(back), input);
  // [/api:round-trip]

  std::vector<float> samples(64 * 64 * 4), window(64);
  for (float& x : samples) x = normal(rng);
  for (int y = 0; y < 64; ++y) window[y] = 0.5f - 0.5f * std::cos(6.2831853f * float(y) / 64.0f);
  // [api:fused-run]
  fft::Options square;
  square.width = square.height = 64;
  fft::Plan plan64(square, shaders);
  if (!fft::FusedPass::supported(plan64, 0) || !fft::FusedPass::supported(plan64, 1)) return 4;
  fft::FusedPass rows(plan64, 0, shaders, "example/windowed_rows.comp");
  fft::FusedPass columns(plan64, 1, shaders, "fft/fast.comp");  // the plan's own column pass
  gl::Texture source = gl::make_complex_texture(*context, 64, 64, 1);
  gl::Texture output = gl::make_complex_texture(*context, 64, 64, 1);
  upload(source, samples);
  glProgramUniform1fv(rows.program().id(), gl::uniform(rows.program(), "uWindow"), 64, window.data());
  glBindImageTexture(4, source.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  rows.dispatch(fft::Direction::Forward, 1.0f);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the rows reach the columns in a buffer
  glBindImageTexture(FFT_IMAGE_DST, output.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  columns.dispatch(fft::Direction::Forward, 1.0f);
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  // [/api:fused-run]
  // The same on a windowed copy through Plan::execute.
  std::vector<float> windowed = samples;
  for (size_t i = 0; i < windowed.size(); ++i) windowed[i] *= window[i / (64 * 4)];
  upload(source, windowed);
  const double fused_error =
      relative_l2(download(output), download(plan64.execute(fft::Direction::Forward, source)));

  std::printf("dc_error %.3e\nround_trip_error %.3e\nfused_error %.3e\ngl_errors %lld\n", dc_error,
              round_trip_error, fused_error,
              (long long)context->error_count() + context->check_errors("example"));
  return dc_error < 1e-5 && round_trip_error < 1e-5 && fused_error < 1e-5 ? 0 : 7;
} catch (const oceanfft::Error& e) {
  std::fprintf(stderr, "example: %s\n", e.what());
  return e.exit_status();
}
