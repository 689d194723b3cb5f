// SPDX-License-Identifier: MIT
#include "render/ocean_renderer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "gl/error.h"
#include "render/rain.h"
#include "render/spray.h"
#include "render/water_reflectance.h"

namespace oceanfft::render {
namespace {


void set_sky_uniforms(const gl::Program& p, const ShadingParams& s) {
  glUniform1f(gl::uniform(p, "uExposure"), s.exposure);
  glUniform1f(gl::uniform(p, "uExposureAdapt"), s.exposure_adapt);
}

// Sky textures sit after the ocean's own four units.
constexpr int kSkyUnit = 4;
constexpr int kFoamNoiseUnit = 3;
constexpr int kFoamNoiseSize = 256;
// The water's reflectance table after the sky's five units.
constexpr int kReflectanceUnit = kSkyUnit + 5;
constexpr int kReflectanceSide = 32;
// ocean.frag's half-float maps (SurfaceMaps) after the reflectance table.
constexpr int kSurfaceUnit = kReflectanceUnit + 1;
// The sky pass's cloud image, on the foam noise's unit, which only the water pass uses.
constexpr int kCloudImageUnit = kFoamNoiseUnit;
// The mirrored sky (mirror_sky_) for the water, after its half-float maps.
constexpr int kMirrorUnit = kSurfaceUnit + 3;
// The ripples' GGX alpha from which the water reflects only the environment map, and the
// cloud pass leaves the mirrored clouds out (ocean.frag's MIRROR_BLURRED).
constexpr float kMirrorBlurredAlpha = 0.04f;
// The cloud image's largest side: half of 4096 pixels; larger frames filter it up further.
constexpr int kMaxCloudImage = 2048;

// Clamped like the mesh's own inputs, so a draw and clipmap() agree on the mesh.
int mesh_cells(const ShadingParams& s) {
  return std::clamp(s.mesh_segments, Clipmap::kMinCells, Clipmap::kMaxCells) / 4 * 4;
}
float mesh_distance(const ShadingParams& s, const Camera& c) {
  const float d = std::isfinite(s.view_distance) ? s.view_distance : 30000.0f;
  return std::clamp(d, 100.0f, 0.9f * c.far_plane);
}


// Core only from 4.6; an extension before.
float query_max_anisotropy() {
  bool available = GLAD_GL_VERSION_4_6;
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count && !available; ++i) {
    const char* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
    available = e && (std::string_view(e) == "GL_EXT_texture_filter_anisotropic" ||
                      std::string_view(e) == "GL_ARB_texture_filter_anisotropic");
  }
  GLfloat m = 1.0f;
  if (available) glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY, &m);
  return std::max(m, 1.0f);
}

}  // namespace

float foam_stretch(float u10) {
  // 2 at 13.8 m/s (the top of force 6), 8 at 28.5 m/s (force 11), linear between.
  const float t = std::clamp((u10 - 13.8f) / (28.5f - 13.8f), 0.0f, 1.0f);
  return std::isfinite(u10) ? 2.0f + 6.0f * t : 2.0f;
}

OceanRenderer::OceanRenderer(const gl::ShaderLibrary& shaders)
    : shaders_(&shaders),
      sky_(shaders),
      map_sampler_(gl::make_sampler(shaders.context(), GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT)),
      surface_(shaders) {
  max_anisotropy_ = query_max_anisotropy();
  sky_program_ = shaders.graphics("render/sky.vert", "render/sky.frag");
  // One value of water's F0 for the reflectance table and the shader's own Fresnel terms.
  ocean_program_ = shaders.graphics("render/ocean.vert", "render/ocean.frag",
                                    {{"WATER_F0", std::to_string(kWaterF0)}});
  spray_program_ = shaders.graphics("render/spray.vert", "render/spray.frag");
  rain_program_ = shaders.graphics("render/rain.vert", "render/rain.frag");
  clouds_program_ = shaders.compute("render/clouds.comp");
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  sky_vao_ = gl::VertexArray(shaders.context(), vao);
  // The same fixed random bytes every run, so the same sea gives the same picture. The texture
  // filters trilinearly and repeats (gl::Texture's defaults with mip levels).
  const int levels = int(std::log2(double(kFoamNoiseSize))) + 1;
  foam_noise_ = gl::Texture(shaders.context(), GL_TEXTURE_2D, GL_RGBA8, kFoamNoiseSize,
                            kFoamNoiseSize, 1, levels);
  std::mt19937 rng(0x0cea4f07u);
  std::vector<uint8_t> bytes(size_t(kFoamNoiseSize) * kFoamNoiseSize * 4);
  for (uint8_t& b : bytes) b = uint8_t(rng() >> 24);
  glBindTexture(GL_TEXTURE_2D, foam_noise_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kFoamNoiseSize, kFoamNoiseSize, GL_RGBA, GL_UNSIGNED_BYTE,
                  bytes.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  // Linear between its texels and clamped at its edges, where sqrt(mu) or sqrt(alpha) leave
  // the first and last texels' centres.
  reflectance_ = gl::Texture(shaders.context(), GL_TEXTURE_2D, GL_R32F, kReflectanceSide, kReflectanceSide);
  const std::vector<float> table = water_reflectance_table(kReflectanceSide);
  glBindTexture(GL_TEXTURE_2D, reflectance_.id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kReflectanceSide, kReflectanceSide, GL_RED, GL_FLOAT,
                  table.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

void OceanRenderer::build_mesh(int segments, float view_distance) {
  auto map = std::make_unique<Clipmap>(segments, view_distance);
  const std::vector<float> grid = map->grid();
  const std::vector<uint32_t>& idx = map->indices();

  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  gl::VertexArray new_vao(shaders_->context(), vao);
  gl::Buffer vb = gl::make_buffer(shaders_->context(), GL_ARRAY_BUFFER, grid.size() * sizeof(float), grid.data());
  gl::Buffer ib = gl::make_buffer(shaders_->context(), GL_ELEMENT_ARRAY_BUFFER, idx.size() * sizeof(uint32_t), idx.data());
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, vb.id());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib.id());
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);

  mesh_vao_ = std::move(new_vao);
  vertices_ = std::move(vb);
  indices_ = std::move(ib);
  clipmap_ = std::move(map);
  mesh_segments_ = segments;
  mesh_distance_ = view_distance;
}

const Clipmap& OceanRenderer::clipmap(const ShadingParams& shading, const Camera& camera) {
  const int cells = mesh_cells(shading);
  const float distance = mesh_distance(shading, camera);
  if (!clipmap_ || cells != mesh_segments_ || distance != mesh_distance_) build_mesh(cells, distance);
  return *clipmap_;
}

void OceanRenderer::draw_levels(const gl::Program& o, const glm::vec3& eye) {
  const Clipmap& map = *clipmap_;
  const std::vector<Clipmap::Placement> levels = map.place(eye.x, eye.z, eye.y);
  glUniform1f(gl::uniform(o, "uMorphStart"), map.morph_start());
  glUniform1f(gl::uniform(o, "uMorphEnd"), map.morph_end());
  glUniform3fv(gl::uniform(o, "uEye"), 1, glm::value_ptr(eye));
  const GLint origin = gl::uniform(o, "uOrigin"), cell = gl::uniform(o, "uCell"), floor = gl::uniform(o, "uMorphFloor");
  glBindVertexArray(mesh_vao_.id());
  for (const Clipmap::Placement& p : levels) {
    const glm::vec2 org = map.origin(p);
    glUniform2f(origin, org.x, org.y);
    glUniform1f(cell, float(map.cell(p.level)));
    glUniform1f(floor, p.morph_floor);
    const Clipmap::Range r = map.range(p.hole);
    glDrawElements(GL_TRIANGLES, r.count, GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(uintptr_t(r.first) * sizeof(uint32_t)));
  }
  glBindVertexArray(0);
  triangle_count_ = map.triangles(levels);
  levels_drawn_ = int(levels.size());
  vertex_count_ = levels_drawn_ * (map.cells() + 1) * (map.cells() + 1);
}

void OceanRenderer::use_with_sky(const gl::Program& program, const ShadingParams& shading) const {
  glUseProgram(program.id());
  set_sky_uniforms(program, shading);
  sky_.bind(program, kSkyUnit);
}

void OceanRenderer::screen_image(gl::Texture& image, int width, int height) const {
  if (image && image.width() == width && image.height() == height) return;
  image = gl::Texture(shaders_->context(), GL_TEXTURE_2D, GL_RGBA16F, width, height);
  glBindTexture(GL_TEXTURE_2D, image.id());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
}

void OceanRenderer::draw(const ocean::Simulation& sim, const Camera& camera,
                         const ShadingParams& shading, int width, int height,
                         gl::PassTimer* timer) {
  if (width < 1 || height < 1) return;  // a minimised window has nothing to draw into
  clipmap(shading, camera);
  const glm::vec3 eye = camera.eye();
  // The clouds drift with the wind (winds aloft are faster than U10) and stay put in the world
  // as the eye moves.
  const ocean::WaveComponent& wind_sea = sim.params().spectrum.wind;
  const float wind = glm::radians(wind_sea.direction_deg);
  const glm::vec2 drift = glm::vec2(std::cos(wind), std::sin(wind)) *
                          float(double(wind_sea.wind_speed) * shading.sky.cloud_speed * sim.time());
  sky_.update(shading.sky, glm::vec2(eye.x, eye.z) - drift, timer);
  const SprayHaze spray = spray_haze(ocean::active(wind_sea) ? wind_sea.wind_speed : 0.0f, shading.spray);
  sky_.set_surface_haze(spray.extinction_per_km, spray.height_m);

  gl::ScopedPass pass(timer, "render", 0);
  // The simulation writes its maps with image stores and compute mipmaps; sampling them here
  // must see those writes.
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
  {
    // Written: 2 rgba16f and 1 r16f texels per texel of the chain (4/3 of level 0's).
    const gl::Texture& d = sim.derivatives();
    gl::ScopedPass maps_pass(timer, "render.maps",
                             uint64_t(d.width()) * d.height() * d.layers() * 4 / 3 * 18);
    surface_.update(sim);
  }
  const glm::mat4 view_proj = camera.projection(float(width) / float(height)) * camera.view();
  const glm::mat4 inv_view_proj = glm::inverse(view_proj);

  GLint polygon_mode[2] = {GL_FILL, GL_FILL};
  glGetIntegerv(GL_POLYGON_MODE, polygon_mode);
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glDepthMask(GL_TRUE);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

  const int cascades = std::clamp(sim.cascades(), 1, ocean::kMaxCascades);
  std::array<float, ocean::kMaxCascades> patch{};
  for (int c = 0; c < cascades; ++c) patch[size_t(c)] = sim.bands()[size_t(c)].patch_size;

  // The cloud layer at half the frame's resolution by a compute pass (the sky pass filters the
  // image up): the heaps of cumulus and building cloud marched along every view ray, a stratus
  // sheet's six octaves and self-shading once per texel. An overcast is soft at that scale,
  // and the sky pass, which fills most of a storm's picture, then costs what a fair sky's does.
  // Over a glassy sea the pass also draws the sky the water mirrors (its sharp reflections;
  // ocean.frag's mirror_sky) into mirror_sky_, so it runs before the water's, and the water
  // takes the MIRROR build of its shader. Only there: elsewhere the ripples blur the
  // reflection more than the environment map does, and the pass runs after the water's (on
  // the H200 that order keeps 0.09 ms off the storm's water pass).
  const sky::SkyParams& weather = shading.sky;
  const bool clouds = weather.file.empty() && weather.cloud_coverage > 0.0f;
  const float ripples = float(std::sqrt(sim.subgrid_slope_variance()));
  const bool mirror = clouds && !shading.wireframe && ripples < kMirrorBlurredAlpha;
  const auto draw_clouds = [&] {
    gl::ScopedPass clouds_pass(timer, "render.clouds", 0);
    const int w = std::min((width + 1) / 2, kMaxCloudImage), h = std::min((height + 1) / 2, kMaxCloudImage);
    screen_image(clouds_, w, h);
    if (mirror) {
      // Built on first use: most seas never need them.
      if (!mirror_clouds_program_) {
        mirror_clouds_program_ = shaders_->compute("render/clouds.comp", {{"MIRROR", "1"}});
        mirror_ocean_program_ = shaders_->graphics("render/ocean.vert", "render/ocean.frag",
                                                   {{"WATER_F0", std::to_string(kWaterF0)},
                                                    {"MIRROR", "1"},
                                                    {"MIRROR_BLURRED", std::to_string(kMirrorBlurredAlpha)}});
      }
      screen_image(mirror_sky_, w, h);
    }
    const gl::Program& cp = mirror ? mirror_clouds_program_ : clouds_program_;
    use_with_sky(cp, shading);
    glUniformMatrix4fv(gl::uniform(cp, "uInvViewProj"), 1, GL_FALSE, glm::value_ptr(inv_view_proj));
    glUniform3fv(gl::uniform(cp, "uEye"), 1, glm::value_ptr(eye));
    glBindImageTexture(0, clouds_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    if (mirror) glBindImageTexture(1, mirror_sky_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glDispatchCompute(GLuint((w + 7) / 8), GLuint((h + 7) / 8), 1);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glBindImageTexture(1, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
  };
  if (mirror) draw_clouds();

  std::optional<gl::ScopedPass> water_pass(std::in_place, timer, "render.water", 0);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  if (shading.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  const gl::Program& o = mirror ? mirror_ocean_program_ : ocean_program_;
  use_with_sky(o, shading);
  glUniformMatrix4fv(gl::uniform(o, "uViewProj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glUniform1i(gl::uniform(o, "uCascades"), cascades);
  glUniform1fv(gl::uniform(o, "uPatch"), ocean::kMaxCascades, patch.data());
  // ocean.frag's explicit mip levels: the footprint in metres to texels of each map.
  std::array<float, ocean::kMaxCascades> level_offset{};
  for (int c = 0; c < cascades; ++c)
    level_offset[size_t(c)] = std::log2(float(sim.size()) / patch[size_t(c)]);
  glUniform1fv(gl::uniform(o, "uLevelOffset"), ocean::kMaxCascades, level_offset.data());
  glUniform1f(gl::uniform(o, "uMapSize"), float(sim.size()));
  glUniform1f(gl::uniform(o, "uMaxLod"), float(std::max(sim.displacement().levels() - 1, 0)));
  glUniform1f(gl::uniform(o, "uDepth"), sim.params().depth);
  glUniform1f(gl::uniform(o, "uScatterStrength"), shading.scatter_strength);
  glUniform1f(gl::uniform(o, "uScatterHeight"), shading.scatter_height);
  // The ripples beyond the last cascade, from the spectrum: for GGX (~Beckmann) alpha^2 is the
  // sum of both axes' slope variances, ocean.frag's a2 = uRoughness^2 + filtered variance.
  glUniform1f(gl::uniform(o, "uRoughness"), ripples);
  glUniform1f(gl::uniform(o, "uFoamIntensity"), shading.foam_intensity);
  const float detail_size = std::max(shading.foam_detail_size, 0.01f);
  glUniform1f(gl::uniform(o, "uFoamDetailSize"), detail_size);
  glUniform2f(gl::uniform(o, "uWindDir"), std::cos(wind), std::sin(wind));
  glUniform1f(gl::uniform(o, "uFoamStretch"),
              foam_stretch(ocean::active(wind_sea) ? wind_sea.wind_speed : 0.0f));
  glUniform1f(gl::uniform(o, "uViewDistance"), clipmap_->view_distance());
  glUniform1i(gl::uniform(o, "uWireframe"), shading.wireframe ? 1 : 0);
  // The vertices read the simulation's displacement; the pixels the half-float maps.
  glUniform1i(gl::uniform(o, "uDisplacement"), 0);
  glUniform1i(gl::uniform(o, "uDerivatives"), kSurfaceUnit);
  glUniform1i(gl::uniform(o, "uFoam"), kSurfaceUnit + 1);
  glUniform1i(gl::uniform(o, "uFilm"), kSurfaceUnit + 2);
  // Units 0 and 1: the simulation's displacement (ocean.vert, spray.vert) and foam (spray.vert).
  const gl::Texture* maps[2] = {&sim.displacement(), &sim.foam_slopes()};
  const gl::Texture* surface[3] = {&surface_.derivatives(), &surface_.foam(), &surface_.film()};
  const float anisotropy = std::clamp(shading.anisotropy, 1.0f, std::max(max_anisotropy_, 1.0f));
  if (max_anisotropy_ > 1.0f)
    glSamplerParameterf(map_sampler_.id(), GL_TEXTURE_MAX_ANISOTROPY, anisotropy);
  glUniform1i(gl::uniform(o, "uAnisotropic"), anisotropy > 1.0f ? 1 : 0);
  const auto bind_map = [&](int unit, const gl::Texture& t) {
    glActiveTexture(GLenum(GL_TEXTURE0 + unit));
    glBindTexture(GL_TEXTURE_2D_ARRAY, t.id());
    glBindSampler(GLuint(unit), map_sampler_.id());
  };
  for (int i = 0; i < 2; ++i) bind_map(i, *maps[i]);
  for (int i = 0; i < 3; ++i) bind_map(kSurfaceUnit + i, *surface[i]);
  glActiveTexture(GLenum(GL_TEXTURE0 + kFoamNoiseUnit));
  glBindTexture(GL_TEXTURE_2D, foam_noise_.id());
  glUniform1i(gl::uniform(o, "uFoamNoise"), kFoamNoiseUnit);
  glUniform1i(gl::uniform(o, "uFoamVariation"), shading.foam_variation ? 1 : 0);
  glUniform1f(gl::uniform(o, "uFoamNoiseSize"), float(kFoamNoiseSize));
  glActiveTexture(GLenum(GL_TEXTURE0 + kReflectanceUnit));
  glBindTexture(GL_TEXTURE_2D, reflectance_.id());
  glUniform1i(gl::uniform(o, "uReflectance"), kReflectanceUnit);
  if (mirror) {
    glActiveTexture(GLenum(GL_TEXTURE0 + kMirrorUnit));
    glBindTexture(GL_TEXTURE_2D, mirror_sky_.id());
    glUniform1i(gl::uniform(o, "uMirrorSky"), kMirrorUnit);
  }
  draw_levels(o, eye);
  glActiveTexture(GLenum(GL_TEXTURE0 + kMirrorUnit));
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GLenum(GL_TEXTURE0 + kReflectanceUnit));
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GLenum(GL_TEXTURE0 + kFoamNoiseUnit));
  glBindTexture(GL_TEXTURE_2D, 0);
  water_pass.reset();
  if (clouds && !mirror) draw_clouds();

  // The sky after the sea, at the far plane and depth-tested: only the pixels the sea leaves
  // uncovered run its shader, and the spray drawn next blends over both.
  {
    gl::ScopedPass sky_pass(timer, "render.sky", 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    use_with_sky(sky_program_, shading);
    glUniformMatrix4fv(gl::uniform(sky_program_, "uInvViewProj"), 1, GL_FALSE, glm::value_ptr(inv_view_proj));
    glUniform3fv(gl::uniform(sky_program_, "uEye"), 1, glm::value_ptr(eye));
    glUniform1i(gl::uniform(sky_program_, "uCloudImageOn"), clouds ? 1 : 0);
    glActiveTexture(GLenum(GL_TEXTURE0 + kCloudImageUnit));
    glBindTexture(GL_TEXTURE_2D, clouds ? clouds_.id() : 0);
    glUniform1i(gl::uniform(sky_program_, "uCloudImage"), kCloudImageUnit);
    glBindVertexArray(sky_vao_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glActiveTexture(GLenum(GL_TEXTURE0 + kCloudImageUnit));
    glBindTexture(GL_TEXTURE_2D, 0);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
  }

  // The camera's axes in the world, for what faces it (spray) or lies across its view (rain).
  const glm::mat4 view = camera.view();
  const glm::vec3 right(view[0][0], view[1][0], view[2][0]), up(view[0][1], view[1][1], view[2][1]);
  const glm::vec3 forward(-view[0][2], -view[1][2], -view[2][2]);

  // Spray over the water: premultiplied sheets, depth-tested against the sea, not written.
  const int side = spray_grid_side(ocean::active(wind_sea) ? wind_sea.wind_speed : 0.0f, shading.spray);
  spray_sheets_ = shading.wireframe ? 0 : side * side;
  if (spray_sheets_ > 0) {
    gl::ScopedPass spray_pass(timer, "render.spray", 0);
    const gl::Program& sp = spray_program_;
    use_with_sky(sp, shading);
    glUniformMatrix4fv(gl::uniform(sp, "uViewProj"), 1, GL_FALSE, glm::value_ptr(view_proj));
    glUniform3fv(gl::uniform(sp, "uEye"), 1, glm::value_ptr(eye));
    glUniform3fv(gl::uniform(sp, "uCameraRight"), 1, glm::value_ptr(right));
    glUniform3fv(gl::uniform(sp, "uCameraUp"), 1, glm::value_ptr(up));
    glUniform1i(gl::uniform(sp, "uGridSide"), side);
    const float radius = kSprayRadiusM + std::clamp(eye.y, 0.0f, 1000.0f);
    glUniform1f(gl::uniform(sp, "uCellSize"), 2.0f * radius / float(side));
    glUniform1f(gl::uniform(sp, "uTime"), float(std::fmod(sim.time(), 86400.0)));
    glUniform1f(gl::uniform(sp, "uLife"), 2.5f);
    glUniform1f(gl::uniform(sp, "uWindSpeed"), wind_sea.wind_speed);
    glUniform2f(gl::uniform(sp, "uWindDir"), std::cos(wind), std::sin(wind));
    glUniform1i(gl::uniform(sp, "uCascades"), cascades);
    glUniform1fv(gl::uniform(sp, "uPatch"), ocean::kMaxCascades, patch.data());
    glUniform1f(gl::uniform(sp, "uSprayOpacity"), 0.5f);
    glUniform1i(gl::uniform(sp, "uDisplacement"), 0);
    glUniform1i(gl::uniform(sp, "uFoamSlopes"), 1);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    glBindVertexArray(sky_vao_.id());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, side * side);
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }

  // Rain streaks over everything but the water in front of them, blended like the spray.
  const RainDrops drops = rain_drops(shading.sky.rain_mm_h);
  const float streaks = std::isfinite(shading.rain_streaks) ? std::clamp(shading.rain_streaks, 0.0f, 4.0f) : 0.0f;
  rain_layers_ = drops.per_m3 > 0.0f && streaks > 0.0f && !shading.wireframe ? kRainLayers : 0;
  if (rain_layers_ > 0) {
    gl::ScopedPass rain_pass(timer, "render.rain", 0);
    const gl::Program& rp = rain_program_;
    use_with_sky(rp, shading);
    const float aspect = float(width) / float(height);
    const glm::mat4 proj = camera.projection(aspect);
    // Near the surface the drops move with the wind; what shows is their motion across the view.
    const float u10 = ocean::active(wind_sea) ? wind_sea.wind_speed : 0.0f;
    const glm::vec3 velocity(std::cos(wind) * u10, -drops.fall_speed, std::sin(wind) * u10);
    const glm::vec2 across_view(glm::dot(velocity, right), glm::dot(velocity, up));
    const float speed = glm::length(across_view);
    const glm::vec2 dir = speed > 1e-3f ? across_view / speed : glm::vec2(0.0f, -1.0f);
    const float tan_half = std::tan(glm::radians(camera.fov_y_deg) * 0.5f);
    const float pixel_angle = 2.0f * tan_half / float(height);
    std::array<float, kRainLayers> ndc_z{}, foot{};
    std::array<glm::vec4, kRainLayers> cells{};
    for (int k = 0; k < kRainLayers; ++k) {
      const glm::vec4 c = proj * glm::vec4(0.0f, 0.0f, -kRainLayerDepth[k], 1.0f);
      ndc_z[size_t(k)] = c.z / c.w;
      foot[size_t(k)] = kRainLayerDepth[k] * pixel_angle;
      const RainCells rc = rain_cells(drops, kRainLayerThickness[k], speed, foot[size_t(k)], streaks);
      cells[size_t(k)] = glm::vec4(rc.along, rc.across, rc.streak, rc.opacity);
    }
    // Kept under a few hundred metres, where float still resolves a tenth of a millimetre.
    const float shift = float(std::fmod(double(speed) * sim.time(), 300.0));
    glUniform3fv(gl::uniform(rp, "uForward"), 1, glm::value_ptr(forward));
    glUniform1fv(gl::uniform(rp, "uLayerNdcZ"), kRainLayers, ndc_z.data());
    glUniform2f(gl::uniform(rp, "uTanHalf"), tan_half * aspect, tan_half);
    glUniform2fv(gl::uniform(rp, "uStreakDir"), 1, glm::value_ptr(dir));
    glUniform1f(gl::uniform(rp, "uShift"), shift);
    glUniform1fv(gl::uniform(rp, "uLayerDepth"), kRainLayers, kRainLayerDepth);
    glUniform4fv(gl::uniform(rp, "uCell"), kRainLayers, glm::value_ptr(cells[0]));
    glUniform1fv(gl::uniform(rp, "uFoot"), kRainLayers, foot.data());
    glUniform1f(gl::uniform(rp, "uDropDiameter"), drops.diameter_mm * 1e-3f);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    glBindVertexArray(sky_vao_.id());
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, kRainLayers);
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }

  sky::Sky::unbind(kSkyUnit);
  for (const int u : {kSurfaceUnit + 2, kSurfaceUnit + 1, kSurfaceUnit, 1, 0}) {
    glActiveTexture(GLenum(GL_TEXTURE0 + u));
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glBindSampler(GLuint(u), 0);
  }
  glPolygonMode(GL_FRONT_AND_BACK, GLenum(polygon_mode[0]));
  glDisable(GL_DEPTH_TEST);
  glUseProgram(0);
}

void OceanRenderer::draw_coverage(const glm::mat4& view_proj, const glm::vec3& eye,
                                  const ShadingParams& shading, const Camera& camera) {
  clipmap(shading, camera);
  if (!coverage_program_) coverage_program_ = shaders_->graphics("render/ocean.vert", "render/coverage.frag", {{"FLAT_MESH", "1"}});
  const gl::Program& o = coverage_program_;
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glBlendEquation(GL_FUNC_ADD);
  glUseProgram(o.id());
  // Flat (FLAT_MESH): displacement could fold the mesh over itself legitimately.
  glUniformMatrix4fv(gl::uniform(o, "uViewProj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  draw_levels(o, eye);
  glDisable(GL_BLEND);
  glUseProgram(0);
}

}  // namespace oceanfft::render
