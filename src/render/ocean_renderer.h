#pragma once
// Draws what ocean::Simulation produced: a sky, and a camera-centred grid displaced by the
// displacement map out to the horizon, shaded from the slope and Jacobian maps.
#include <glm/glm.hpp>

#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"
#include "ocean/simulation.h"
#include "render/camera.h"

namespace oceanfft::render {

struct ShadingParams {
  glm::vec3 sun_direction = glm::normalize(glm::vec3(-0.55f, 0.22f, -0.80f));  // towards the sun
  glm::vec3 sun_color{1.0f, 0.92f, 0.80f};
  float sun_intensity = 6.0f;
  glm::vec3 sky_zenith{0.03f, 0.10f, 0.36f};
  glm::vec3 sky_horizon{0.46f, 0.58f, 0.74f};
  glm::vec3 water_color{0.002f, 0.018f, 0.040f};  // deep water, lit by the sky
  glm::vec3 scatter_color{0.015f, 0.12f, 0.11f};   // light through thin crests
  float scatter_strength = 1.0f;
  float scatter_height = 2.0f;   // metres of crest height for full scattering
  float roughness = 0.08f;       // sun glitter spread near the camera; grows with distance
  float foam_threshold = 0.75f;  // foam where the Jacobian (normals().z) falls below this
  float foam_softness = 0.55f;
  float foam_intensity = 0.9f;
  float fog_density = 1.0f / 9000.0f;  // per metre
  float exposure = 1.0f;
  bool wireframe = false;
  // Anisotropic filtering of the slope map towards the horizon (where the driver offers it).
  // Cheap on GPUs, but llvmpipe slows down tenfold or more with it, so it starts off.
  float anisotropy = 1.0f;
  int mesh_segments = 256;  // grid detail: vertices per ring (rebuilds the mesh when changed)
  float view_distance = 30000.0f;  // metres to the grid's edge
};

class OceanRenderer {
 public:
  explicit OceanRenderer(const gl::ShaderLibrary& shaders);

  // Into the currently bound framebuffer, whose size is width x height. Pass: "render".
  void draw(const ocean::Simulation& sim, const Camera& camera, const ShadingParams& shading,
            int width, int height, gl::PassTimer* timer = nullptr);

  int vertex_count() const { return vertex_count_; }
  int triangle_count() const { return index_count_ / 3; }

 private:
  void build_mesh(int segments, float view_distance);

  // A sampler object, so the renderer picks its own filtering without touching the
  // simulation's textures.
  class Sampler {
   public:
    Sampler();
    ~Sampler();
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;
    GLuint id() const { return id_; }

   private:
    GLuint id_ = 0;
  };

  gl::Program sky_program_, ocean_program_;
  gl::VertexArray sky_vao_, mesh_vao_;
  gl::Buffer vertices_, indices_;
  int index_count_ = 0, vertex_count_ = 0;
  int mesh_segments_ = 0;
  float mesh_distance_ = 0.0f;
  Sampler slope_sampler_;
  float max_anisotropy_ = 1.0f;  // 1 where the driver has no anisotropic filtering
};

}  // namespace oceanfft::render
