// SPDX-License-Identifier: MIT
#include "sky/sky.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include <glm/gtc/type_ptr.hpp>

#include "gl/error.h"
#include "io/file.h"
#include "io/image.h"

// Static and limited to the two formats a sky may come in: no clash with the viewer's stb, and
// no other decoder reachable from a user's file.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STB_IMAGE_STATIC
#define STBI_ONLY_PNG
#define STBI_ONLY_HDR
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#pragma GCC diagnostic pop

namespace oceanfft::sky {

glm::vec3 sun_direction(float elevation_deg, float azimuth_deg) {
  const float e = glm::radians(elevation_deg), a = glm::radians(azimuth_deg);
  return {std::cos(e) * std::cos(a), std::sin(e), std::cos(e) * std::sin(a)};
}

SunAngles sun_at(double hours) {
  const double rad = M_PI / 180.0;
  const double lat = kLatitudeDeg * rad, dec = kDeclinationDeg * rad;
  const double hour_angle = (hours - 12.0) * 15.0 * rad;
  const double sin_e = std::sin(lat) * std::sin(dec) + std::cos(lat) * std::cos(dec) * std::cos(hour_angle);
  const double e = std::asin(std::clamp(sin_e, -1.0, 1.0));
  // Compass azimuth (from north, clockwise through east) from the east and north components.
  const double east = -std::cos(dec) * std::sin(hour_angle);
  const double north = std::sin(dec) * std::cos(lat) - std::cos(dec) * std::sin(lat) * std::cos(hour_angle);
  const double compass = std::atan2(east, north) / rad;
  // North is +x and east +z, so the bearing is the angle from +x towards +z.
  const double az = std::fmod(compass + 720.0, 360.0);
  return {float(e / rad), float(az)};
}

std::optional<double> parse_time_of_day(std::string_view t) {
  if (t.size() != 5 || t[2] != ':') return std::nullopt;
  for (int i : {0, 1, 3, 4})
    if (t[size_t(i)] < '0' || t[size_t(i)] > '9') return std::nullopt;
  const int h = (t[0] - '0') * 10 + (t[1] - '0'), m = (t[3] - '0') * 10 + (t[4] - '0');
  if (m > 59 || h > 24 || (h == 24 && m != 0)) return std::nullopt;
  return h + m / 60.0;
}

namespace {

// stb_image decodes a truncated Radiance file without complaint, filling the missing pixels
// with black; walk its scanlines (flat or run-length, as stb decides from the first) to see
// that every one is there.
bool hdr_complete(const std::vector<unsigned char>& b, int w, int h) {
  size_t pos = 0;
  // Header lines up to an empty one, then the resolution line.
  bool blank = false;
  while (pos < b.size() && !blank) {
    const size_t start = pos;
    while (pos < b.size() && b[pos] != '\n') ++pos;
    blank = pos == start;
    ++pos;
  }
  while (pos < b.size() && b[pos] != '\n') ++pos;
  ++pos;
  if (pos > b.size()) return false;
  const size_t pixels = size_t(w) * size_t(h);
  auto left = [&] { return b.size() - pos; };
  const bool rle = w >= 8 && w < 32768 && left() >= 4 && b[pos] == 2 && b[pos + 1] == 2 &&
                   !(b[pos + 2] & 0x80);
  if (!rle) return left() >= pixels * 4;
  for (int y = 0; y < h; ++y) {
    if (left() < 4 || b[pos] != 2 || b[pos + 1] != 2 || ((b[pos + 2] << 8) | b[pos + 3]) != w)
      return false;
    pos += 4;
    for (int channel = 0; channel < 4; ++channel) {
      for (int x = 0; x < w;) {
        if (left() < 1) return false;
        int count = b[pos++];
        if (count > 128) {
          count -= 128;
          if (left() < 1) return false;
          ++pos;
        } else {
          if (count == 0 || left() < size_t(count)) return false;
          pos += size_t(count);
        }
        x += count;
        if (x > w) return false;
      }
    }
  }
  return true;
}

void check_sky_size(const std::string& path, int w, int h) {
  if (w < 2 || h < 1 || w > kMaxSkyImageSide || h > kMaxSkyImageSide ||
      int64_t(w) * h > kMaxSkyImagePixels)
    throw Error(ErrorCode::Io, "--sky: " + path + " is " + std::to_string(w) + "x" + std::to_string(h) +
                                   "; a sky must be 2x1 to 4096x2048 pixels");
}

// An 8- or 16-bit image (sRGB-encoded: linearised with the 2.2 power stb's float path used).
SkyImage load_ldr_sky(const std::vector<uint8_t>& bytes, const std::string& path) {
  io::ImageLimits limits;
  limits.max_width = limits.max_height = kMaxSkyImageSide;
  limits.why = "the largest sky (4096x2048)";
  io::Image im;
  try {
    im = io::decode_image(bytes, path, limits);
  } catch (const Error& e) {
    throw Error(ErrorCode::Io, "--sky: " + std::string(e.what()));
  }
  check_sky_size(path, im.width, im.height);
  SkyImage img;
  img.width = im.width;
  img.height = im.height;
  img.rgb.resize(size_t(im.width) * im.height * 3);
  for (int y = 0; y < im.height; ++y)
    for (int x = 0; x < im.width; ++x)
      for (int c = 0; c < 3; ++c) {
        const int from = im.channels >= 3 ? c : 0;  // grey (and grey + alpha) to all three
        img.rgb[(size_t(y) * im.width + x) * 3 + size_t(c)] = std::pow(im.at(x, y, from), 2.2f);
      }
  return img;
}

}  // namespace

SkyImage load_sky_image(const std::string& path) {
  // io refuses a FIFO (which would hang), a device or a directory before reading, and a file
  // larger than a float image of the largest accepted size.
  const uint64_t max_bytes = uint64_t(kMaxSkyImagePixels) * 16 + (1 << 20);
  const std::vector<unsigned char> bytes = io::read_file(path, "the --sky image", max_bytes);
  if (bytes.empty()) throw Error(ErrorCode::Io, "--sky: " + path + " is empty");
  const int n = int(bytes.size());
  // Everything but Radiance goes through the one image decoder every command uses (PNG CRCs and
  // zlib checksums, complete JPEG scans, BMP/TGA lengths).
  if (!stbi_is_hdr_from_memory(bytes.data(), n)) return load_ldr_sky(bytes, path);
  int w = 0, h = 0, comp = 0;
  if (!stbi_info_from_memory(bytes.data(), n, &w, &h, &comp))
    throw Error(ErrorCode::Io, "--sky: " + path + " is not a Radiance HDR or PNG image (" +
                                   stbi_failure_reason() + ")");
  if (w < 2 || h < 1 || w > kMaxSkyImageSide || h > kMaxSkyImageSide ||
      int64_t(w) * h > kMaxSkyImagePixels)
    throw Error(ErrorCode::Io, "--sky: " + path + " is " + std::to_string(w) + "x" + std::to_string(h) +
                                   "; a sky must be 2x1 to 4096x2048 pixels");
  if (!hdr_complete(bytes, w, h)) throw Error(ErrorCode::Io, "--sky: " + path + " is truncated");
  // A PNG is sRGB-encoded: stb's float path undoes its default 2.2 gamma, close to sRGB's curve.
  float* data = stbi_loadf_from_memory(bytes.data(), n, &w, &h, &comp, 3);
  if (!data)
    throw Error(ErrorCode::Io, "--sky: cannot decode " + path + " (" + stbi_failure_reason() + ")");
  SkyImage img;
  img.width = w;
  img.height = h;
  img.rgb.assign(data, data + size_t(w) * h * 3);
  stbi_image_free(data);
  // A non-finite or negative value would poison every reflection; refuse it here. Values above
  // kMaxSkyRadiance (RGBE reaches 1.7e38) are capped: mips and the prefilter sum 4 to 64 of
  // them, which must stay finite in fp32; tone mapping saturates long before the cap.
  for (float& v : img.rgb) {
    if (!std::isfinite(v) || v < 0.0f)
      throw Error(ErrorCode::Io, "--sky: " + path + " holds a negative or non-finite value");
    v = std::min(v, kMaxSkyRadiance);
  }
  return img;
}

namespace {


void set_atmosphere(const gl::Program& p, const Atmosphere& a, float turbidity) {
  glUniform1f(gl::uniform(p, "uGroundR"), a.ground_radius_km);
  glUniform1f(gl::uniform(p, "uTopR"), a.top_radius_km);
  glUniform3fv(gl::uniform(p, "uRayleighScattering"), 1, glm::value_ptr(a.rayleigh_scattering));
  glUniform1f(gl::uniform(p, "uRayleighH"), a.rayleigh_scale_height_km);
  glUniform1f(gl::uniform(p, "uMieScattering"), a.mie_scattering * turbidity);
  glUniform1f(gl::uniform(p, "uMieAbsorption"), a.mie_absorption * turbidity);
  glUniform1f(gl::uniform(p, "uMieH"), a.mie_scale_height_km);
  glUniform1f(gl::uniform(p, "uMieG"), a.mie_g);
  glUniform3fv(gl::uniform(p, "uOzoneAbsorption"), 1, glm::value_ptr(a.ozone_absorption));
  glUniform1f(gl::uniform(p, "uOzoneCenter"), a.ozone_center_km);
  glUniform1f(gl::uniform(p, "uOzoneHalfWidth"), a.ozone_half_width_km);
}

void set_linear_clamp(GLenum target, bool mip) {
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, mip ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

gl::Texture make_texture(gl::Context& ctx, GLenum format, int w, int h, int levels) {
  gl::Texture t(ctx, GL_TEXTURE_2D, format, w, h, 1, levels);
  glBindTexture(GL_TEXTURE_2D, t.id());
  set_linear_clamp(GL_TEXTURE_2D, levels > 1);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

void dispatch(int w, int h) { glDispatchCompute(GLuint((w + 7) / 8), GLuint((h + 7) / 8), 1); }

float clamp_finite(float v, float lo, float hi, float fallback) {
  return std::isfinite(v) ? std::clamp(v, lo, hi) : fallback;
}

int user_sky_levels(int w, int h) {
  int levels = 1;
  while ((std::max(w, h) >> levels) > 0) ++levels;
  return levels;
}

float user_sky_env_lod(int w, int h) {
  // Solid angle of an env texel (the hemi-octahedral map covers 2 pi sr) over that of an
  // image texel at the equator (2 pi / w by pi / h); half its log2 is the matching mip level.
  const double env = 2.0 * M_PI / (double(kEnvSize) * kEnvSize);
  const double image = (2.0 * M_PI / w) * (M_PI / h);
  return float(std::clamp(0.5 * std::log2(env / image), 0.0, double(user_sky_levels(w, h) - 1)));
}

}  // namespace

Sky::Sky(const gl::ShaderLibrary& shaders) : shaders_(&shaders) {
  transmittance_program_ = shaders.compute("sky/transmittance.comp");
  view_program_ = shaders.compute("sky/sky_view.comp");
  env_program_ = shaders.compute("sky/environment.comp");
  prefilter_program_ = shaders.compute("sky/prefilter.comp");
  meter_program_ = shaders.compute("sky/meter.comp");
  transmittance_ = make_texture(shaders_->context(), GL_RGBA32F, kTransmittanceWidth, kTransmittanceHeight, 1);
  sky_view_ = make_texture(shaders_->context(), GL_RGBA32F, kSkyViewWidth, kSkyViewHeight, 1);
  // fp32: a user's HDR sky holds radiances far above half float's 65504 (a sun pixel of 1e5 or
  // more), which would become +inf and black out every reflection.
  radiance_ = make_texture(shaders_->context(), GL_RGBA32F, kEnvSize, kEnvSize, kEnvLevels);
  envmap_ = make_texture(shaders_->context(), GL_RGBA32F, kEnvSize, kEnvSize, kEnvLevels);
  // A 1x1 stand-in, so the sampler always has a complete texture behind it.
  user_image_ = make_texture(shaders_->context(), GL_RGBA32F, 1, 1, 1);
  meter_ = make_texture(shaders_->context(), GL_RGBA32F, 1, 1, 1);
  // Until the first reading: the light of a clear noon, so tonemap() adapts nothing.
  const float clear[4] = {kClearNoonIlluminance, 0.0f, 0.0f, 1.0f};
  glBindTexture(GL_TEXTURE_2D, meter_.id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, clear);
  glBindTexture(GL_TEXTURE_2D, 0);
}

void Sky::update(const SkyParams& in, glm::vec2 cloud_offset, gl::PassTimer* timer) {
  SkyParams p = in;
  p.sun_elevation_deg = clamp_finite(p.sun_elevation_deg, -90.0f, 90.0f, 20.0f);
  p.sun_azimuth_deg = std::isfinite(p.sun_azimuth_deg) ? p.sun_azimuth_deg : 0.0f;
  p.sun_illuminance = clamp_finite(p.sun_illuminance, 0.0f, 1e4f, 10.0f);
  p.turbidity = clamp_finite(p.turbidity, 0.0f, 20.0f, 3.0f);
  p.cloud_coverage = clamp_finite(p.cloud_coverage, 0.0f, 1.0f, 0.0f);
  p.cloud_altitude_m = clamp_finite(p.cloud_altitude_m, 100.0f, 20000.0f, 2500.0f);
  p.cloud_optical_depth =
      clamp_finite(p.cloud_optical_depth, 0.0f, 1000.0f, SkyParams{}.cloud_optical_depth);
  p.visibility_km = clamp_finite(p.visibility_km, 0.01f, 1000.0f, 100.0f);
  p.rain_mm_h = clamp_finite(p.rain_mm_h, 0.0f, 500.0f, 0.0f);
  if (!std::isfinite(cloud_offset.x) || !std::isfinite(cloud_offset.y)) cloud_offset = {0.0f, 0.0f};

  if (p.file != image_path_) {
    if (p.file.empty()) {
      user_image_ = make_texture(shaders_->context(), GL_RGBA32F, 1, 1, 1);
      user_sky_lod_ = 0.0f;
    } else {
      const SkyImage img = load_sky_image(p.file);
      // fp32 (see the env maps) with box mips: the environment pass reads the level whose
      // texels match its own, so a small bright sun is averaged in with its energy, not missed
      // or hit by point sampling.
      const int levels = user_sky_levels(img.width, img.height);
      gl::Texture t = make_texture(shaders_->context(), GL_RGBA32F, img.width, img.height, levels);
      glBindTexture(GL_TEXTURE_2D, t.id());
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, img.width, img.height, GL_RGB, GL_FLOAT, img.rgb.data());
      if (levels > 1) glGenerateMipmap(GL_TEXTURE_2D);
      glBindTexture(GL_TEXTURE_2D, 0);
      user_sky_lod_ = user_sky_env_lod(img.width, img.height);
      user_image_ = std::move(t);
    }
    image_path_ = p.file;
    have_env_ = false;
  }

  const bool new_transmittance = !have_transmittance_ || p.turbidity != built_turbidity_;
  const bool new_view = new_transmittance || !have_view_ ||
                        p.sun_elevation_deg != params_.sun_elevation_deg ||
                        p.sun_azimuth_deg != params_.sun_azimuth_deg ||
                        p.sun_illuminance != params_.sun_illuminance;
  // The clouds drift every frame; the map follows them in steps a reflection cannot show.
  const glm::vec2 step = glm::round(cloud_offset / kCloudStepM) * kCloudStepM;
  // (A user's image has no clouds to move.)
  const bool clouds_moved = p.file.empty() && p.cloud_coverage > 0.0f && step != cloud_offset_;
  const bool new_env = new_view || !have_env_ || clouds_moved ||
                       p.cloud_coverage != params_.cloud_coverage ||
                       p.cloud_altitude_m != params_.cloud_altitude_m ||
                       p.cloud_type != params_.cloud_type ||
                       p.cloud_optical_depth != params_.cloud_optical_depth ||
                       p.visibility_km != params_.visibility_km || p.rain_mm_h != params_.rain_mm_h;
  params_ = p;
  cloud_offset_ = step;
  draw_offset_ = cloud_offset;
  if (new_transmittance) {
    gl::ScopedPass pass(timer, "sky.transmittance", uint64_t(kTransmittanceWidth) * kTransmittanceHeight * 16);
    glUseProgram(transmittance_program_.id());
    set_atmosphere(transmittance_program_, atmosphere_, p.turbidity);
    glBindImageTexture(0, transmittance_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    dispatch(kTransmittanceWidth, kTransmittanceHeight);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
    built_turbidity_ = p.turbidity;
    have_transmittance_ = true;
    ++transmittance_builds_;
  }
  if (new_view) {
    gl::ScopedPass pass(timer, "sky.view", uint64_t(kSkyViewWidth) * kSkyViewHeight * 16);
    glUseProgram(view_program_.id());
    set_atmosphere(view_program_, atmosphere_, p.turbidity);
    const glm::vec3 sun = sun_direction(p.sun_elevation_deg, p.sun_azimuth_deg);
    glUniform3fv(gl::uniform(view_program_, "uSunDir"), 1, glm::value_ptr(sun));
    glUniform1f(gl::uniform(view_program_, "uSunIlluminance"), p.sun_illuminance);
    glUniform1i(gl::uniform(view_program_, "uTransmittance"), 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, transmittance_.id());
    glBindImageTexture(0, sky_view_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    dispatch(kSkyViewWidth, kSkyViewHeight);
    glBindTexture(GL_TEXTURE_2D, 0);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
    have_view_ = true;
    ++view_builds_;
  }
  if (new_env) {
    gl::ScopedPass pass(timer, "sky.envmap", uint64_t(kEnvSize) * kEnvSize * 8 * 3);
    glUseProgram(env_program_.id());
    bind(env_program_, 0);
    glUniform2fv(gl::uniform(env_program_, "uCloudOffset"), 1, glm::value_ptr(cloud_offset_));
    glUniform1f(gl::uniform(env_program_, "uUserSkyLod"), user_sky_lod_);
    glBindImageTexture(0, radiance_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    dispatch(kEnvSize, kEnvSize);
    // The box mips feed the prefilter's wide samples; glGenerateMipmap reads through the
    // texture path, which must see the image stores.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    glBindTexture(GL_TEXTURE_2D, radiance_.id());
    glGenerateMipmap(GL_TEXTURE_2D);
    glUseProgram(prefilter_program_.id());
    bind(prefilter_program_, 0);
    glUniform1i(gl::uniform(prefilter_program_, "uSource"), 4);
    glActiveTexture(GL_TEXTURE4);
    glBindTexture(GL_TEXTURE_2D, radiance_.id());
    for (int level = 0; level < kEnvLevels; ++level) {
      const float r = float(level) / float(kEnvLevels - 1);
      glUniform1f(gl::uniform(prefilter_program_, "uAlpha"), r * r);
      glBindImageTexture(0, envmap_.id(), level, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
      const int size = std::max(kEnvSize >> level, 1);
      dispatch(size, size);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    unbind(0);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
    have_env_ = true;
    ++envmap_builds_;
  }
  // The meter reads the light the water is lit by, so it follows the environment map: on the
  // GPU, where the map lies, and only when the map changes (its 16k fetches run in one
  // workgroup, next to nothing beside the map's own passes). The shaders read the result from
  // a 1 x 1 texture, so no frame waits on a readback and the window, `render` and the bench
  // draw the same exposure from the same sky. Computing it on the CPU instead would mean a
  // second copy of the single-scattering tables and the cloud and haze model, which would
  // drift from what the shaders draw.
  if (new_env) {
    gl::ScopedPass pass(timer, "sky.meter", uint64_t(kEnvSize) * kEnvSize * 16);
    glUseProgram(meter_program_.id());
    bind(meter_program_, 0);
    glUniform1f(gl::uniform(meter_program_, "uReference"), kClearNoonIlluminance);
    glUniform1i(gl::uniform(meter_program_, "uRadiance"), 5);
    glActiveTexture(GL_TEXTURE5);
    glBindTexture(GL_TEXTURE_2D, radiance_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindImageTexture(0, meter_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glDispatchCompute(1, 1, 1);
    glActiveTexture(GL_TEXTURE5);
    glBindTexture(GL_TEXTURE_2D, 0);
    unbind(0);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    ++meter_builds_;
  }
  glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glUseProgram(0);
}

void Sky::set_surface_haze(float extinction_per_km, float height_m) {
  surface_haze_ = clamp_finite(extinction_per_km, 0.0f, 1000.0f, 0.0f);
  surface_haze_height_ = clamp_finite(height_m, 0.1f, 1000.0f, 10.0f);
}

LightMeter Sky::meter() const {
  float v[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  glBindTexture(GL_TEXTURE_2D, meter_.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, v);
  glBindTexture(GL_TEXTURE_2D, 0);
  return {v[0], v[1], v[2], v[3]};
}

float adapted_exposure(const LightMeter& m, float adapt) {
  // As tonemap() in sky.glsl: (kAdaptBelow / relative)^(adapt x diffuse share) within the
  // bounds. A black reading takes the upper bound; a non-finite one reads as a clear noon (and
  // a non-finite share as all diffuse); an adaptation of 0 gives 1.
  if (!std::isfinite(adapt) || adapt <= 0.0f) return 1.0f;
  const float r = std::isfinite(m.relative) ? std::max(m.relative, 1e-6f) : 1.0f;
  const float share = m.total > 0.0f && std::isfinite(m.total) && std::isfinite(m.sky)
                          ? std::clamp(m.sky / m.total, 0.0f, 1.0f)
                          : 1.0f;
  return std::clamp(std::pow(r / kAdaptBelow, -std::min(adapt, 1.0f) * share), kMinAdaptedExposure,
                    kMaxAdaptedExposure);
}

float Sky::sun_visible() const {
  if (user_sky()) return 1.0f;
  // Inside the clouds the density averages about 0.7 of its peak (sky.glsl's cloud_density);
  // the sun's path through the layer is 1 / sin(elevation) times its thickness.
  const float mu = std::max(std::sin(glm::radians(params_.sun_elevation_deg)), 0.05f);
  const float c = params_.cloud_coverage;
  return (1.0f - c) + c * std::exp(-0.7f * params_.cloud_optical_depth / mu);
}

void Sky::bind(const gl::Program& p, int first) const {
  set_atmosphere(p, atmosphere_, params_.turbidity);
  glUniform1i(gl::uniform(p, "uCloudType"), int(params_.cloud_type));
  glUniform1f(gl::uniform(p, "uCloudTau"), params_.cloud_optical_depth);
  glUniform1f(gl::uniform(p, "uSunVisible"), sun_visible());
  // The air's own extinction at sea level (green) is already in the atmosphere; the haze adds
  // what the visibility asks for beyond it, grey (droplets are large against the wavelength).
  const float air = atmosphere_.rayleigh_scattering.g +
                    (atmosphere_.mie_scattering + atmosphere_.mie_absorption) * params_.turbidity;
  const float haze = std::max(extinction_per_km(params_.visibility_km) - air, 0.0f) +
                     rain_extinction_per_km(params_.rain_mm_h);
  glUniform1f(gl::uniform(p, "uHazeExtinction"), haze);
  glUniform1f(gl::uniform(p, "uRain"), params_.rain_mm_h);
  glUniform1i(gl::uniform(p, "uCloudShadows"), params_.cloud_shadows ? 1 : 0);
  glUniform1f(gl::uniform(p, "uSprayExtinction"), surface_haze_);
  glUniform1f(gl::uniform(p, "uSprayHeight"), surface_haze_height_);
  const glm::vec3 sun = sun_direction(params_.sun_elevation_deg, params_.sun_azimuth_deg);
  glUniform3fv(gl::uniform(p, "uSunDir"), 1, glm::value_ptr(sun));
  glUniform1f(gl::uniform(p, "uSunIlluminance"), params_.sun_illuminance);
  glUniform1f(gl::uniform(p, "uCloudCoverage"), params_.cloud_coverage);
  glUniform1f(gl::uniform(p, "uCloudAltitude"), params_.cloud_altitude_m);
  glUniform2fv(gl::uniform(p, "uCloudOffset"), 1, glm::value_ptr(draw_offset_));
  glUniform1i(gl::uniform(p, "uUserSkyOn"), user_sky() ? 1 : 0);
  glUniform1f(gl::uniform(p, "uUserSkyLod"), 0.0f);  // the environment pass sets its own
  glUniform1f(gl::uniform(p, "uEnvLevels"), float(kEnvLevels));
  glUniform1f(gl::uniform(p, "uAdaptBelow"), kAdaptBelow);
  glUniform1f(gl::uniform(p, "uMinAdaptedExposure"), kMinAdaptedExposure);
  glUniform1f(gl::uniform(p, "uMaxAdaptedExposure"), kMaxAdaptedExposure);
  const char* names[5] = {"uTransmittance", "uSkyView", "uEnvMap", "uUserSky", "uLightMeter"};
  const gl::Texture* textures[5] = {&transmittance_, &sky_view_, &envmap_, &user_image_, &meter_};
  for (int i = 0; i < 5; ++i) {
    glUniform1i(gl::uniform(p, names[i]), first + i);
    glActiveTexture(GLenum(GL_TEXTURE0 + first + i));
    glBindTexture(GL_TEXTURE_2D, textures[i]->id());
  }
  glActiveTexture(GL_TEXTURE0);
}

void Sky::unbind(int first) {
  for (int i = 0; i < 5; ++i) {
    glActiveTexture(GLenum(GL_TEXTURE0 + first + i));
    glBindTexture(GL_TEXTURE_2D, 0);
  }
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace oceanfft::sky
