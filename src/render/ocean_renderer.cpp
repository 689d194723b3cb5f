#include "render/ocean_renderer.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string_view>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "gl/error.h"

namespace oceanfft::render {
namespace {

GLint loc(const gl::Program& p, const char* name) { return glGetUniformLocation(p.id(), name); }

void set_sky_uniforms(const gl::Program& p, const ShadingParams& s) {
  const glm::vec3 sun = glm::normalize(s.sun_direction);
  glUniform3fv(loc(p, "uSunDir"), 1, glm::value_ptr(sun));
  glUniform3fv(loc(p, "uSunColor"), 1, glm::value_ptr(s.sun_color));
  glUniform1f(loc(p, "uSunIntensity"), s.sun_intensity);
  glUniform3fv(loc(p, "uZenith"), 1, glm::value_ptr(s.sky_zenith));
  glUniform3fv(loc(p, "uHorizon"), 1, glm::value_ptr(s.sky_horizon));
  glUniform1f(loc(p, "uExposure"), s.exposure);
}

// Cell size of the innermost rings for a given ring resolution, metres.
float inner_spacing(int segments) { return 0.15f * 256.0f / float(segments); }

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

OceanRenderer::Sampler::Sampler() {
  glGenSamplers(1, &id_);
  glSamplerParameteri(id_, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glSamplerParameteri(id_, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glSamplerParameteri(id_, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glSamplerParameteri(id_, GL_TEXTURE_WRAP_T, GL_REPEAT);
}

OceanRenderer::Sampler::~Sampler() {
  if (id_) glDeleteSamplers(1, &id_);
}

OceanRenderer::OceanRenderer(const gl::ShaderLibrary& shaders) {
  max_anisotropy_ = query_max_anisotropy();
  sky_program_ = shaders.graphics("render/sky.vert", "render/sky.frag");
  ocean_program_ = shaders.graphics("render/ocean.vert", "render/ocean.frag");
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  sky_vao_ = gl::VertexArray(vao);
}

void OceanRenderer::build_mesh(int segments, float view_distance) {
  // Rings with the same number of vertices: inside r_switch they are evenly spaced, beyond it
  // each ring grows by the angular step so cells stay square and their size grows in
  // proportion to distance, as their projection on screen shrinks.
  const float angular = 2.0f * std::numbers::pi_v<float> / float(segments);
  const float d0 = inner_spacing(segments);
  const float r_switch = d0 / angular;
  std::vector<float> radii;
  for (float r = d0; r < view_distance;) {
    radii.push_back(r);
    r = r < r_switch ? r + d0 : r * (1.0f + angular);
  }
  radii.push_back(view_distance);

  std::vector<float> verts;
  verts.reserve((radii.size() * segments + 1) * 2);
  verts.push_back(0.0f);
  verts.push_back(0.0f);
  for (float r : radii)
    for (int j = 0; j < segments; ++j) {
      const float a = angular * float(j);
      verts.push_back(r * std::cos(a));
      verts.push_back(r * std::sin(a));
    }
  std::vector<GLuint> idx;
  idx.reserve(radii.size() * segments * 6);
  auto ring = [&](size_t i, int j) { return GLuint(1 + i * segments + (j % segments)); };
  for (int j = 0; j < segments; ++j) {
    idx.push_back(0);
    idx.push_back(ring(0, j + 1));
    idx.push_back(ring(0, j));
  }
  for (size_t i = 0; i + 1 < radii.size(); ++i)
    for (int j = 0; j < segments; ++j) {
      const GLuint a = ring(i, j), b = ring(i, j + 1), c = ring(i + 1, j), d = ring(i + 1, j + 1);
      idx.insert(idx.end(), {a, b, c, b, d, c});
    }

  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  gl::VertexArray new_vao(vao);
  gl::Buffer vb = gl::make_buffer(GL_ARRAY_BUFFER, verts.size() * sizeof(float), verts.data());
  gl::Buffer ib = gl::make_buffer(GL_ELEMENT_ARRAY_BUFFER, idx.size() * sizeof(GLuint), idx.data());
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
  index_count_ = int(idx.size());
  vertex_count_ = int(verts.size() / 2);
  mesh_segments_ = segments;
  mesh_distance_ = view_distance;
}

void OceanRenderer::draw(const ocean::Simulation& sim, const Camera& camera,
                         const ShadingParams& shading, int width, int height,
                         gl::PassTimer* timer) {
  if (width < 1 || height < 1) return;  // a minimised window has nothing to draw into
  const int segments = std::clamp(shading.mesh_segments, 16, 4096);
  const float distance = std::clamp(shading.view_distance, 100.0f, 0.9f * camera.far_plane);
  if (segments != mesh_segments_ || distance != mesh_distance_) build_mesh(segments, distance);

  gl::ScopedPass pass(timer, "render", 0);
  const glm::mat4 view_proj = camera.projection(float(width) / float(height)) * camera.view();
  const glm::mat4 inv_view_proj = glm::inverse(view_proj);
  const glm::vec3 eye = camera.eye();

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

  // Sky first, without depth: the sea covers it where there is sea.
  glDisable(GL_DEPTH_TEST);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glUseProgram(sky_program_.id());
  set_sky_uniforms(sky_program_, shading);
  glUniformMatrix4fv(loc(sky_program_, "uInvViewProj"), 1, GL_FALSE, glm::value_ptr(inv_view_proj));
  glUniform3fv(loc(sky_program_, "uEye"), 1, glm::value_ptr(eye));
  glBindVertexArray(sky_vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);

  const ocean::Params& p = sim.params();
  const float texel = p.patch_size / float(p.size);
  // Snapping the grid to whole map texels keeps vertices from sliding over the waves as the
  // camera moves.
  const glm::vec2 center = glm::floor(glm::vec2(eye.x, eye.z) / texel) * texel;
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  if (shading.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  const gl::Program& o = ocean_program_;
  glUseProgram(o.id());
  set_sky_uniforms(o, shading);
  glUniformMatrix4fv(loc(o, "uViewProj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glUniform2f(loc(o, "uCenter"), center.x, center.y);
  glUniform1f(loc(o, "uPatch"), p.patch_size);
  glUniform1f(loc(o, "uTexel"), texel);
  glUniform1f(loc(o, "uAngular"), 2.0f * std::numbers::pi_v<float> / float(segments));
  glUniform1f(loc(o, "uInner"), inner_spacing(segments));
  glUniform3fv(loc(o, "uEye"), 1, glm::value_ptr(eye));
  glUniform3fv(loc(o, "uWaterColor"), 1, glm::value_ptr(shading.water_color));
  glUniform3fv(loc(o, "uScatterColor"), 1, glm::value_ptr(shading.scatter_color));
  glUniform1f(loc(o, "uScatterStrength"), shading.scatter_strength);
  glUniform1f(loc(o, "uScatterHeight"), shading.scatter_height);
  glUniform1f(loc(o, "uRoughness"), shading.roughness);
  glUniform1f(loc(o, "uFoamThreshold"), shading.foam_threshold);
  glUniform1f(loc(o, "uFoamSoftness"), shading.foam_softness);
  glUniform1f(loc(o, "uFoamIntensity"), shading.foam_intensity);
  glUniform1f(loc(o, "uFogDensity"), shading.fog_density);
  glUniform1i(loc(o, "uWireframe"), shading.wireframe ? 1 : 0);
  glUniform1i(loc(o, "uDisplacement"), 0);
  glUniform1i(loc(o, "uNormals"), 1);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, sim.displacement().id());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, sim.normals().id());
  if (max_anisotropy_ > 1.0f)
    glSamplerParameterf(slope_sampler_.id(), GL_TEXTURE_MAX_ANISOTROPY,
                        std::clamp(shading.anisotropy, 1.0f, max_anisotropy_));
  glBindSampler(1, slope_sampler_.id());
  glBindVertexArray(mesh_vao_.id());
  glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);

  glBindVertexArray(0);
  glBindSampler(1, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glPolygonMode(GL_FRONT_AND_BACK, GLenum(polygon_mode[0]));
  glDisable(GL_DEPTH_TEST);
  glUseProgram(0);
}

}  // namespace oceanfft::render
