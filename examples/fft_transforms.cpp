// SPDX-License-Identifier: MIT
// The engine's other transforms through the installed package: real (R2C/C2R) in 2D and 3D,
// batched 1D, storage buffers (complex and real), 3D volumes, four-step long lines and the program cache, each checked by a
// round trip. Built and run by the test `package.example`; docs/api.md quotes the regions
// between the [api:...] markers.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <oceanfft/fft/buffer.h>
#include <oceanfft/fft/fft.h>
#include <oceanfft/fft/long.h>
#include <oceanfft/fft/real.h>
#include <oceanfft/fft/real_volume.h>
#include <oceanfft/fft/volume.h>
#include <oceanfft/gl/error.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
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

int main() try {
  if (!make_egl_context()) {
    std::fprintf(stderr, "example: no EGL OpenGL 4.3 context (error 0x%x)\n", eglGetError());
    return 5;
  }
  auto context = gl::attach_current(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
  gl::ShaderLibrary shaders(*context);
  std::mt19937 rng(2027);
  std::normal_distribution<float> normal;
  const auto random = [&](size_t n) {
    std::vector<float> v(n);
    for (float& x : v) x = normal(rng);
    return v;
  };
  double worst = 0;

  // [api:real]
  // Real planes of 300 x 200: each texel holds samples 2m and 2m+1 of a row (plane 0 in .xy,
  // plane 1 in .zw), so the real texture is 150 texels wide; the half spectrum is 151 wide.
  fft::Options real;
  real.width = 300;
  real.height = 200;
  fft::RealPlan real_plan(real, shaders);
  gl::Texture samples = gl::make_complex_texture(*context, fft::real_texels(300), 200, 1);
  const std::vector<float> image = random(size_t(fft::real_texels(300)) * 200 * 4);
  upload(samples, image);
  const gl::Texture& half = real_plan.forward(samples);  // 151 x 200 complex bins
  gl::Texture spectrum = gl::make_complex_texture(*context, fft::spectrum_texels(300), 200, 1);
  glCopyImageSubData(half.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spectrum.id(),
                     GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, half.width(), half.height(), 1);
  const double real_error = relative_l2(download(real_plan.inverse(spectrum)), image);
  // [/api:real]
  worst = std::max(worst, real_error);

  // [api:one-d]
  // 1D transforms: 37 lines of 1000 points per plane, one per row, in one call.
  fft::Options lines;
  lines.width = 1000;
  lines.height = 37;
  lines.axes = fft::Axes::Rows;
  fft::Plan line_plan(lines, shaders);
  // [/api:one-d]
  {
    gl::Texture t = gl::make_complex_texture(*context, 1000, 37, 1);
    const std::vector<float> in = random(size_t(1000) * 37 * 4);
    upload(t, in);
    const gl::Texture& f = line_plan.execute(fft::Direction::Forward, t);
    glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, t.id(), GL_TEXTURE_2D_ARRAY, 0,
                       0, 0, 0, 1000, 37, 1);
    worst = std::max(worst, relative_l2(download(line_plan.execute(fft::Direction::Inverse, t)), in));
  }

  // [api:buffer]
  // Two planes of 64 x 48 complex floats in a storage buffer, rows padded to 70 values,
  // transformed in place.
  fft::Options buffered;
  buffered.width = 64;
  buffered.height = 48;
  fft::BufferPlan buffer_plan(buffered, shaders);
  const fft::BufferLayout layout{0, 70, 0};  // offset, row stride, plane stride (0: 70 x 48)
  std::vector<float> values = random(fft::buffer_bytes(layout, buffered) / sizeof(float));
  gl::Buffer data = gl::make_buffer(*context, GL_SHADER_STORAGE_BUFFER,
                                    values.size() * sizeof(float), values.data());
  buffer_plan.execute(fft::Direction::Forward, data, layout, data, layout);
  buffer_plan.execute(fft::Direction::Inverse, data, layout, data, layout);
  // [/api:buffer]
  {
    std::vector<float> back(values.size());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, data.id());
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(back.size() * sizeof(float)), back.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    std::vector<float> got, want;  // the elements, not the padding the plan leaves alone
    for (int p = 0; p < 2; ++p)
      for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 64; ++x)
          for (int c = 0; c < 2; ++c) {
            const size_t i = 2 * (size_t(p) * 70 * 48 + size_t(y) * 70 + x) + c;
            got.push_back(back[i]);
            want.push_back(values[i]);
          }
    worst = std::max(worst, relative_l2(got, want));
  }

  // [api:volume]
  // Two 32 x 24 x 16 volumes: slice z is layer z, volume 0 in .xy, volume 1 in .zw.
  fft::Options volume;
  volume.width = 32;
  volume.height = 24;
  fft::VolumePlan volume_plan(volume, 16, shaders);
  gl::Texture slices = gl::make_complex_texture(*context, 32, 24, 16);
  // [/api:volume]
  {
    const std::vector<float> in = random(size_t(32) * 24 * 16 * 4);
    upload(slices, in);
    const gl::Texture& f = volume_plan.execute(fft::Direction::Forward, slices);
    glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, slices.id(), GL_TEXTURE_2D_ARRAY,
                       0, 0, 0, 0, 32, 24, 16);
    worst = std::max(worst, relative_l2(download(volume_plan.execute(fft::Direction::Inverse, slices)), in));
  }

  // [api:real-volume]
  // Two real volumes of 30 x 20 x 10: slice z is layer z, its rows packed two samples per
  // texel as for RealPlan (15 texels wide); the half spectrum is 16 x 20 x 10 complex bins.
  fft::Options real_volume;
  real_volume.width = 30;
  real_volume.height = 20;
  fft::RealVolumePlan real_volume_plan(real_volume, 10, shaders);
  gl::Texture real_slices = gl::make_complex_texture(*context, fft::real_texels(30), 20, 10);
  // [/api:real-volume]
  {
    const std::vector<float> in = random(size_t(fft::real_texels(30)) * 20 * 10 * 4);
    upload(real_slices, in);
    const gl::Texture& f = real_volume_plan.forward(real_slices);
    gl::Texture half3 = gl::make_complex_texture(*context, fft::spectrum_texels(30), 20, 10);
    glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, half3.id(), GL_TEXTURE_2D_ARRAY,
                       0, 0, 0, 0, half3.width(), 20, 10);
    worst = std::max(worst, relative_l2(download(real_volume_plan.inverse(half3)), in));
  }

  // [api:real-buffer]
  // R2C and C2R in place in FFTW's layout: real rows padded to 2 x (W/2+1) floats, so that the
  // half spectrum (W/2+1 complex values a row, packed) takes the same bytes (the real layout
  // alone ends at the last row's last sample, hence the larger of the two sizes).
  fft::Options real_buffered;
  real_buffered.width = 100;
  real_buffered.height = 60;
  fft::RealBufferPlan real_buffer_plan(real_buffered, shaders);
  const fft::BufferLayout padded{0, 2 * fft::spectrum_texels(100), 0};  // counted in floats
  const uint64_t bytes = std::max(fft::buffer_bytes(padded, real_buffer_plan.real_shape()),
                                  fft::buffer_bytes({}, real_buffer_plan.spectrum_shape()));
  std::vector<float> reals = random(bytes / sizeof(float));
  gl::Buffer in_place = gl::make_buffer(*context, GL_SHADER_STORAGE_BUFFER,
                                        reals.size() * sizeof(float), reals.data());
  real_buffer_plan.forward(in_place, padded, in_place, {});  // half spectra, packed
  real_buffer_plan.inverse(in_place, {}, in_place, padded);  // the real planes again
  // [/api:real-buffer]
  {
    std::vector<float> back(reals.size());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, in_place.id());
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(back.size() * sizeof(float)), back.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    std::vector<float> got, want;  // the samples, not the two floats of padding a row
    for (int p = 0; p < 2; ++p)
      for (int y = 0; y < 60; ++y)
        for (int x = 0; x < 100; ++x) {
          const size_t i = size_t(p) * 102 * 60 + size_t(y) * 102 + x;
          got.push_back(back[i]);
          want.push_back(reals[i]);
        }
    worst = std::max(worst, relative_l2(got, want));
  }

  // [api:long]
  // Lines of 65536 points: each folded row-major into a 256 x 256 image, one layer per line.
  fft::Options longer;
  longer.width = 65536;
  longer.height = 1;  // lines per plane (the default, 256, would be 512 lines)
  fft::LongPlan long_plan(longer, shaders);
  gl::Texture folded = gl::make_complex_texture(*context, long_plan.fold_width(),
                                                long_plan.fold_height(), 1);
  // [/api:long]
  {
    const std::vector<float> in = random(size_t(65536) * 4);
    upload(folded, in);
    const gl::Texture& f = long_plan.execute(fft::Direction::Forward, folded);
    glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, folded.id(), GL_TEXTURE_2D_ARRAY,
                       0, 0, 0, 0, 256, 256, 1);
    worst = std::max(worst, relative_l2(download(long_plan.execute(fft::Direction::Inverse, folded)), in));
  }

  {
    // [api:long-2d]
    // 2D with an axis above 4096: the same Options and Plan as any size. Each long axis runs by
    // the four-step method; 8192 x 8192 or 16384 x 16384 work the same where memory allows.
    fft::Options wide;
    wide.width = 8192;
    wide.height = 64;
    fft::Plan wide_plan(wide, shaders);
    gl::Texture wide_in = gl::make_complex_texture(*context, 8192, 64, 1);
    // [/api:long-2d]
    const std::vector<float> in = random(size_t(8192) * 64 * 4);
    upload(wide_in, in);
    const gl::Texture& f = wide_plan.execute(fft::Direction::Forward, wide_in);
    glCopyImageSubData(f.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, wide_in.id(), GL_TEXTURE_2D_ARRAY,
                       0, 0, 0, 0, 8192, 64, 1);
    worst = std::max(worst, relative_l2(download(wide_plan.execute(fft::Direction::Inverse, wide_in)), in));
  }

  {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "oceanfft-example-cache";
    // [api:cache]
    // Compiled programs kept in a directory of the application's choosing: a later plan of the
    // same shape, in this run or the next, loads them instead of compiling.
    fft::Options cached;
    cached.width = 512;
    cached.height = 512;
    cached.program_cache = dir.string();  // e.g. $XDG_CACHE_HOME/yourapp
    fft::Plan first(cached, shaders);
    fft::Plan second(cached, shaders);  // from the cache
    // [/api:cache]
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }

  std::printf("worst_round_trip_error %.3e\ngl_errors %lld\n", worst,
              (long long)context->error_count() + context->check_errors("example"));
  return worst < 1e-5 && context->error_count() == 0 ? 0 : 7;
} catch (const oceanfft::Error& e) {
  std::fprintf(stderr, "example: %s\n", e.what());
  return e.exit_status();
}
