// SPDX-License-Identifier: MIT
#include "render/bodies.h"

#include <array>
#include <cmath>
#include <numbers>

#include <glm/gtc/type_ptr.hpp>

namespace oceanfft::render {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;
// Sky textures sit where OceanRenderer puts them.
constexpr int kSkyUnit = 4;
// The deck's height above the boat's centre of mass, and the eye's above the deck.
constexpr float kDeck = 0.6f, kEyeAboveDeck = 1.7f;

// Flat-shaded triangles: each gets its face normal, pointing away from `inside`.
struct MeshBuilder {
  std::vector<float> v;
  void tri(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 color, glm::vec3 inside) {
    glm::vec3 n = glm::cross(b - a, c - a);
    const float len = glm::length(n);
    if (len < 1e-9f) return;
    n /= len;
    if (glm::dot(n, (a + b + c) / 3.0f - inside) < 0) n = -n;
    for (const glm::vec3& p : {a, b, c}) v.insert(v.end(), {p.x, p.y, p.z, n.x, n.y, n.z, color.r, color.g, color.b});
  }
  void quad(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 color, glm::vec3 inside) {
    tri(a, b, c, color, inside);
    tri(a, c, d, color, inside);
  }
  // A frustum of a cone about y from (y0, r0) to (y1, r1) with caps, `sides` facets.
  void frustum(float y0, float r0, float y1, float r1, glm::vec3 color, int sides = 16) {
    const glm::vec3 mid(0.0f, 0.5f * (y0 + y1), 0.0f);
    for (int k = 0; k < sides; ++k) {
      const float a = 2 * kPi * k / sides, b = 2 * kPi * (k + 1) / sides;
      const glm::vec3 da(std::cos(a), 0, std::sin(a)), db(std::cos(b), 0, std::sin(b));
      const glm::vec3 p0 = da * r0 + glm::vec3(0, y0, 0), p1 = db * r0 + glm::vec3(0, y0, 0);
      const glm::vec3 q0 = da * r1 + glm::vec3(0, y1, 0), q1 = db * r1 + glm::vec3(0, y1, 0);
      quad(p0, p1, q1, q0, color, mid);
      tri(glm::vec3(0, y0, 0), p0, p1, color, mid);
      tri(glm::vec3(0, y1, 0), q0, q1, color, mid);
    }
  }
};

}  // namespace

std::vector<float> buoy_mesh() {
  // Body frame: the centre of mass at 0, the bottom 0.8 m below (ocean/fleet.cpp's buoy).
  MeshBuilder m;
  const glm::vec3 red(0.62f, 0.05f, 0.03f), white(0.8f, 0.8f, 0.78f), yellow(0.85f, 0.6f, 0.05f);
  m.frustum(-0.8f, 0.8f, 0.2f, 0.8f, red);
  m.frustum(0.2f, 0.8f, 0.45f, 0.55f, white);
  m.frustum(0.45f, 0.18f, 2.0f, 0.12f, red, 8);   // the mast
  m.frustum(2.0f, 0.35f, 2.5f, 0.02f, yellow, 12);  // the top mark, a cone
  return m.v;
}

std::vector<float> boat_mesh() {
  // Body frame: x forward, y up, z to starboard; 8 m x 3 m, the keel 0.6 m below the centre of
  // mass (ocean/fleet.cpp's boat), the deck kDeck above it.
  MeshBuilder m;
  const glm::vec3 hull(0.08f, 0.16f, 0.3f), topside(0.82f, 0.82f, 0.8f), deck(0.55f, 0.42f, 0.28f),
      cabin(0.85f, 0.85f, 0.82f), glass(0.05f, 0.07f, 0.09f);
  const int stations = 12;
  const float len = 8.0f, beam = 1.5f, keel = -0.6f, waterline = -0.1f;
  const glm::vec3 inside(0.0f, 0.0f, 0.0f);
  // Each station: half-beam at the deck, at the chine, and the keel's depth; the bow closes to
  // a stem, the stern is a transom.
  auto section = [&](int i, std::array<glm::vec3, 5>& s) {
    const float t = float(i) / stations;  // 0 stern .. 1 bow
    const float x = (t - 0.5f) * len;
    const float bow = t > 0.55f ? (t - 0.55f) / 0.45f : 0.0f;
    const float w = beam * (1.0f - bow * bow) * (t < 0.1f ? 0.92f + 0.8f * t : 1.0f);
    const float sheer = kDeck + 0.35f * bow * bow;  // the bow rises
    const float k = keel + 0.25f * bow * bow * bow;
    s = {glm::vec3(x, sheer, -w), glm::vec3(x, waterline, -0.85f * w), glm::vec3(x, k, 0.0f),
         glm::vec3(x, waterline, 0.85f * w), glm::vec3(x, sheer, w)};
  };
  std::array<glm::vec3, 5> a{}, b{};
  for (int i = 0; i < stations; ++i) {
    section(i, a);
    section(i + 1, b);
    for (int j = 0; j < 4; ++j) {
      const bool above = j == 0 || j == 3;
      m.quad(a[size_t(j)], b[size_t(j)], b[size_t(j + 1)], a[size_t(j + 1)], above ? topside : hull,
             glm::vec3(a[0].x, 0.0f, 0.0f));
    }
    m.quad(a[0], b[0], b[4], a[4], deck, glm::vec3(a[0].x, -1.0f, 0.0f));
  }
  section(0, a);
  m.quad(a[0], a[1], a[3], a[4], topside, glm::vec3(1.0f, 0.0f, 0.0f));
  m.tri(a[1], a[2], a[3], hull, glm::vec3(1.0f, 0.0f, 0.0f));
  // The cabin: a box amidships, its front window a dark band.
  const float x0 = -2.2f, x1 = 0.6f, hw = 0.95f, y0 = kDeck, y1 = kDeck + 1.3f;
  const glm::vec3 c((x0 + x1) / 2, (y0 + y1) / 2, 0);
  const glm::vec3 p[8] = {{x0, y0, -hw}, {x1, y0, -hw}, {x1, y0, hw}, {x0, y0, hw},
                          {x0, y1, -hw}, {x1, y1, -hw}, {x1, y1, hw}, {x0, y1, hw}};
  m.quad(p[4], p[5], p[6], p[7], cabin, c);
  m.quad(p[0], p[1], p[5], p[4], cabin, c);
  m.quad(p[3], p[2], p[6], p[7], cabin, c);
  m.quad(p[0], p[3], p[7], p[4], cabin, c);
  const float yw = y0 + 0.7f;
  m.quad(p[1], p[2], glm::vec3(x1, yw, hw), glm::vec3(x1, yw, -hw), cabin, c);
  m.quad(glm::vec3(x1, yw, -hw), glm::vec3(x1, yw, hw), p[6], p[5], glass, c);
  return m.v;
}

glm::mat4 body_matrix(const ocean::FloatingBody& body) {
  const auto o = body.to_world({0, 0, 0});
  glm::mat4 m(1.0f);
  for (int j = 0; j < 3; ++j) {
    std::array<float, 3> e{0, 0, 0};
    e[size_t(j)] = 1.0f;
    const auto w = body.to_world(e);
    m[j] = glm::vec4(w[0] - o[0], w[1] - o[1], w[2] - o[2], 0.0f);
  }
  m[3] = glm::vec4(o[0], o[1], o[2], 1.0f);
  return m;
}

void ride_boat(Camera& camera, const ocean::FloatingBody& boat) {
  const glm::mat4 m = body_matrix(boat);
  const glm::vec3 eye = glm::vec3(m * glm::vec4(1.0f, kDeck + kEyeAboveDeck, 0.0f, 1.0f));
  const glm::vec3 fwd = glm::normalize(glm::vec3(m[0]));
  const glm::vec3 starboard = glm::normalize(glm::vec3(m[2]));
  camera.mode = Camera::Mode::Fly;
  camera.position = eye;
  camera.yaw_deg = glm::degrees(std::atan2(fwd.z, fwd.x));
  // A slight look down, so the bow and the near sea share the picture with the horizon.
  camera.pitch_deg = glm::degrees(std::asin(glm::clamp(fwd.y, -1.0f, 1.0f))) - 3.0f;
  camera.roll_deg = glm::degrees(std::asin(glm::clamp(starboard.y, -1.0f, 1.0f)));
}

BodyRenderer::BodyRenderer(const gl::ShaderLibrary& shaders)
    : shaders_(&shaders), program_(shaders.graphics("render/body.vert", "render/body.frag")) {
  buoy_ = make_mesh(buoy_mesh());
  boat_ = make_mesh(boat_mesh());
}

BodyRenderer::Mesh BodyRenderer::make_mesh(const std::vector<float>& v) const {
  Mesh mesh;
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  mesh.vao = gl::VertexArray(shaders_->context(), vao);
  mesh.vertices = gl::make_buffer(shaders_->context(), GL_ARRAY_BUFFER, v.size() * sizeof(float), v.data());
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, mesh.vertices.id());
  for (GLuint a = 0; a < 3; ++a) {
    glEnableVertexAttribArray(a);
    glVertexAttribPointer(a, 3, GL_FLOAT, GL_FALSE, 9 * sizeof(float),
                          reinterpret_cast<const void*>(size_t(a) * 3 * sizeof(float)));
  }
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  mesh.count = int(v.size() / 9);
  return mesh;
}

void BodyRenderer::draw(const ocean::Fleet& fleet, const OceanRenderer& renderer,
                        const Camera& camera, const ShadingParams& shading, int width, int height) {
  if (fleet.empty()) return;
  const glm::mat4 view_proj = camera.projection(float(width) / float(height)) * camera.view();
  const glm::vec3 eye = camera.eye();
  glViewport(0, 0, width, height);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  GLint polygon_mode[2] = {GL_FILL, GL_FILL};
  glGetIntegerv(GL_POLYGON_MODE, polygon_mode);
  glPolygonMode(GL_FRONT_AND_BACK, shading.wireframe ? GL_LINE : GL_FILL);
  glUseProgram(program_.id());
  glUniform1f(gl::uniform(program_, "uExposure"), shading.exposure);
  glUniform1f(gl::uniform(program_, "uExposureAdapt"), shading.exposure_adapt);
  renderer.sky().bind(program_, kSkyUnit);
  glUniformMatrix4fv(gl::uniform(program_, "uViewProj"), 1, GL_FALSE, glm::value_ptr(view_proj));
  glUniform3fv(gl::uniform(program_, "uEye"), 1, glm::value_ptr(eye));
  const GLint model = gl::uniform(program_, "uModel");
  auto draw_mesh = [&](const Mesh& mesh, const ocean::FloatingBody& body) {
    const glm::mat4 m = body_matrix(body);
    glUniformMatrix4fv(model, 1, GL_FALSE, glm::value_ptr(m));
    glBindVertexArray(mesh.vao.id());
    glDrawArrays(GL_TRIANGLES, 0, mesh.count);
  };
  for (const ocean::FloatingBody& b : fleet.buoys()) draw_mesh(buoy_, b);
  if (fleet.boat()) draw_mesh(boat_, *fleet.boat());
  glBindVertexArray(0);
  sky::Sky::unbind(kSkyUnit);
  glPolygonMode(GL_FRONT_AND_BACK, GLenum(polygon_mode[0]));
}

}  // namespace oceanfft::render
