// SPDX-License-Identifier: MIT
#pragma once
// Draws what ocean::Simulation produced: a sky (sky::Sky), and a geometry clipmap (clipmap.h) displaced by
// the sum of the cascades' displacement maps out to the view distance, shaded from the summed
// derivative maps, with roughness from the slope variance the mipmaps filtered away and foam
// from the simulated coverage times a generated detail texture.
#include <memory>
#include <vector>

#include <glm/glm.hpp>

#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"
#include "ocean/simulation.h"
#include "render/camera.h"
#include "render/clipmap.h"
#include "render/surface_maps.h"
#include "sky/sky.h"

namespace oceanfft::render {

struct ShadingParams {
  // Sun, atmosphere, clouds, or a user's sky image (src/sky/sky.h).
  sky::SkyParams sky;
  // Light through thin crests (colour from the water's optics, see ocean.frag): strength, and
  // the crest height in metres above the mean that scatters fully.
  float scatter_strength = 1.0f;
  float scatter_height = 2.0f;
  // Foam (render/foam.glsl): the simulation's active and residual coverages placed by a
  // procedural pattern whose largest cells are foam_detail_size metres, times foam_intensity.
  float foam_intensity = 1.0f;
  float foam_detail_size = 3.0f;
  // Each cascade's foam varied by noise that does not repeat, and its residual film moved by it
  // (render/foam.glsl), so that no patch's whitecaps and film print a lattice seen from the
  // air: the film is fetched where the noise moved it instead of beside the other maps.
  bool foam_variation = true;
  float exposure = 1.0f;
  // How far the camera's exposure follows the light falling on the sea (sky::Sky's light
  // meter, sky::adapted_exposure): 0 fixed, 1 fully (within sky::kMin/kMaxAdaptedExposure).
  // `exposure` multiplies it. 0.45: docs/sky.md, "Exposure", says how it was chosen.
  float exposure_adapt = 0.45f;
  // Spray and spindrift from force 8 (spray.h): 0 none, 1 as the wind makes it.
  float spray = 1.0f;
  // Rain streaks near the eye where sky.rain_mm_h > 0 (rain.h): 0 none, 1 as the drops draw
  // them in a 1/60 s exposure.
  float rain_streaks = 1.0f;
  bool wireframe = false;
  // Anisotropic filtering of the slope map towards the horizon (where the driver offers it).
  // Cheap on GPUs, but llvmpipe slows down tenfold or more with it, so it starts off.
  float anisotropy = 1.0f;
  // Mesh detail: cells per clipmap level side (32..1024, rounded down to a multiple of 4); the
  // finest cell is about 32 m / mesh_segments. Rebuilds the mesh when changed. 96 draws 184k
  // triangles at the default view distance from a low eye, as the polar grid it replaced did
  // with 200k.
  int mesh_segments = 96;
  float view_distance = 30000.0f;  // metres the mesh reaches from the eye in every direction
};

// How much longer along the wind than across it the foam's pattern is drawn (render/foam.glsl)
// at wind speed U10 (m/s): 2 up to a strong breeze, growing through the gales to 8 from a
// violent storm on, where the WMO's foam lies "in dense white streaks" and "long white
// patches along the wind".
float foam_stretch(float u10);

class OceanRenderer {
 public:
  explicit OceanRenderer(const gl::ShaderLibrary& shaders);

  // Into the currently bound framebuffer, whose size is width x height. Passes: "render" and
  // inside it "render.maps" (the maps' half-float copies, surface_maps.h), "render.water" (the
  // sea's surface with its foam and aerial perspective, shaded in one pass), "render.clouds"
  // (the cloud layer at half resolution, before the sky; over a glassy sea before the water,
  // with the sky the water mirrors), "render.sky" (the sky where the sea leaves it visible),
  // "render.spray" (spray.h), "render.rain" (rain.h), and
  // the sky's "sky.*" when its tables change. Throws Error(Io) when shading.sky.file cannot be
  // loaded.
  void draw(const ocean::Simulation& sim, const Camera& camera, const ShadingParams& shading,
            int width, int height, gl::PassTimer* timer = nullptr);

  // Of the last draw: the clipmap levels drawn depend on the eye's height.
  int vertex_count() const { return vertex_count_; }
  int triangle_count() const { return triangle_count_; }
  int levels_drawn() const { return levels_drawn_; }
  // Spray sheets the last draw issued (most of them collapse where the sea does not break).
  int spray_sheets() const { return spray_sheets_; }
  // Rain layers the last draw issued: kRainLayers where it rains and streaks are on, else 0.
  int rain_layers() const { return rain_layers_; }
  const sky::Sky& sky() const { return sky_; }
  // The mesh the next draw with these settings uses (built on first use).
  const Clipmap& clipmap(const ShadingParams& shading, const Camera& camera);

  // Diagnostics and tests: draws the undisplaced mesh seen from `eye` with `view_proj`, adding
  // 1 per fragment to the red channel of the bound framebuffer (blending on), so a count of 1
  // everywhere shows the levels tile without gaps or overlaps. Leaves blending off.
  void draw_coverage(const glm::mat4& view_proj, const glm::vec3& eye, const ShadingParams& shading,
                     const Camera& camera);

 private:
  void build_mesh(int segments, float view_distance);
  // Makes `program` current with the sky's uniforms and tables (sky::Sky::bind) set.
  void use_with_sky(const gl::Program& program, const ShadingParams& shading) const;
  // Draws every level with the bound program (ocean.vert's uniforms set per level).
  void draw_levels(const gl::Program& program, const glm::vec3& eye);
  // Makes `image` a width x height rgba16f texture, filtered linearly and clamped at its edges,
  // unless it already is one (render/clouds.comp's images).
  void screen_image(gl::Texture& image, int width, int height) const;

  const gl::ShaderLibrary* shaders_;
  sky::Sky sky_;
  gl::Program sky_program_, ocean_program_, coverage_program_, spray_program_, rain_program_;
  // render/clouds.comp and its image: the cloud layer at half the frame's resolution
  // (at most kMaxCloudImage a side), which the sky pass filters up; made at the frame's size.
  gl::Program clouds_program_;
  gl::Texture clouds_;
  // Over a glassy sea: the same two passes built with MIRROR (made on first use) and the sky
  // the water mirrors, at the cloud image's size (render/clouds.comp).
  gl::Program mirror_clouds_program_, mirror_ocean_program_;
  gl::Texture mirror_sky_;
  gl::VertexArray sky_vao_, mesh_vao_;
  gl::Buffer vertices_, indices_;
  std::unique_ptr<Clipmap> clipmap_;
  int triangle_count_ = 0, vertex_count_ = 0, levels_drawn_ = 0;
  int spray_sheets_ = 0;
  int rain_layers_ = 0;
  int mesh_segments_ = 0;
  float mesh_distance_ = 0.0f;
  // Its own filtering for the simulation's maps, without touching the simulation's textures.
  gl::Sampler map_sampler_;
  // kFoamNoiseSize^2 texels of random RGBA8, mipmapped and repeating: the smooth noise that
  // varies each cascade's foam and moves its film (render/foam_noise.glsl), fetched per pixel.
  gl::Texture foam_noise_;
  gl::Texture reflectance_;  // water_reflectance_table(), for ocean.frag
  SurfaceMaps surface_;      // the maps ocean.frag reads
  float max_anisotropy_ = 1.0f;  // 1 where the driver has no anisotropic filtering
};

}  // namespace oceanfft::render
