// SPDX-License-Identifier: MIT
#pragma once
// Floating bodies (ocean/fleet.h) drawn as small flat-shaded meshes lit like the water: a buoy
// is a float drum with a cone and a coloured top mark; the boat a hull with a deck and a cabin.
// Drawn after OceanRenderer::draw into the same framebuffer, depth-tested against the sea.
#include <vector>

#include <glm/glm.hpp>

#include "gl/objects.h"
#include "gl/shader.h"
#include "ocean/fleet.h"
#include "render/camera.h"
#include "render/ocean_renderer.h"

namespace oceanfft::render {

// The body's frame (ocean::FloatingBody::to_world) as a matrix: body metres to world metres.
glm::mat4 body_matrix(const ocean::FloatingBody& body);

// Where the boat camera preset puts the eye: standing on the boat's foredeck, its
// view along the bow, pitching, rolling and heaving with the hull.
void ride_boat(Camera& camera, const ocean::FloatingBody& boat);

class BodyRenderer {
 public:
  explicit BodyRenderer(const gl::ShaderLibrary& shaders);
  // Draws the fleet's bodies with `renderer`'s sky (after renderer.draw, same size).
  void draw(const ocean::Fleet& fleet, const OceanRenderer& renderer, const Camera& camera,
            const ShadingParams& shading, int width, int height);

 private:
  struct Mesh {
    gl::VertexArray vao;
    gl::Buffer vertices;
    int count = 0;
  };
  Mesh make_mesh(const std::vector<float>& v) const;

  const gl::ShaderLibrary* shaders_;
  gl::Program program_;
  Mesh buoy_, boat_;
};

// The meshes' triangles, 9 floats a vertex (position, normal, colour), for tests.
std::vector<float> buoy_mesh();
std::vector<float> boat_mesh();

}  // namespace oceanfft::render
