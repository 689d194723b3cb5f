// SPDX-License-Identifier: MIT
#pragma once
// The ocean for other programs: a sea made from a preset or settings, stepped in time, its maps
// as textures and the water at any point. Installed as <oceanfft/ocean/ocean.h> (target
// oceanfft::ocean); docs/api.md, "The ocean", shows it in use. Everything here that touches GL
// needs the ocean's context current on the calling thread; nothing is thread-safe.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gl/context.h"
#include "gl/objects.h"
#include "gl/shader.h"

namespace oceanfft::ocean {

class Simulation;
struct Params;  // ocean/simulation.h, in the source tree only

// What sea to make. A preset (a Beaufort force, "calm") sets the spectrum, the choppiness, the
// cascades and their patch sizes; the optional fields override it.
struct Options {
  std::string preset = "fresh";  // preset_names() lists them; "beaufort-N" is accepted too
  int size = 256;                // N, waves per patch side and cascade: a power of two, 64..4096
  uint64_t seed = 1;             // same seed, same sea
  float depth = 500.0f;          // metres
  float time_scale = 1.0f;       // step(t) advances the sea by the step's interval times this
  // > 0: the sea repeats exactly with this period (seconds of simulated time).
  float loop_period = 0.0f;
  std::optional<float> wind_speed;          // U10, m/s
  std::optional<float> wind_direction_deg;  // direction the waves travel towards, from +x to +z
  std::optional<float> choppiness;          // lambda, the horizontal displacement's scale, 0..
  // Fixed-point iterations query() takes to undo the horizontal displacement, 1..32.
  int query_iterations = 8;
};

// The presets' names in order of force, for menus and error messages.
std::vector<std::string> preset_names();

// The water at one world point (x, z), on the displaced surface above or below it. Axes: y up,
// metres, seconds; the sea's mean level is y = 0.
struct Sample {
  float x = 0, z = 0;
  float height = 0;                    // y of the surface at (x, z)
  std::array<float, 3> normal{};       // unit, upward
  // The velocity of the water at the surface there (m/s): the change of the displacement of the
  // surface point found, over the last step's interval. Zero until the second step.
  std::array<float, 3> velocity{};
  // Metres between (x, z) and where the inversion's last iterate lands: how far the answer's
  // point may be from the one asked about (folded crests converge slowest).
  float residual = 0;
};

// A handle to an asynchronous query: Ocean::fetch() takes it back.
struct Ticket {
  uint64_t id = 0;
};

class Ocean {
 public:
  // A sea in the context of `shaders` (which must outlive the ocean), at time 0, not yet stepped.
  // Needs: that context current. Errors: Error(InvalidArgument) for options that make no sea
  // (unknown preset, size, non-finite or negative values), Error(ShaderCompile),
  // Error(GlRuntime) when the driver refuses the textures.
  Ocean(const Options& options, const gl::ShaderLibrary& shaders);
  // In-tree users (the application's settings table): every parameter of the simulation.
  // options() then holds size, seed, depth, time_scale, loop_period and query_iterations, and
  // preset "custom".
  Ocean(const Params& params, const gl::ShaderLibrary& shaders, int query_iterations = 8);
  ~Ocean();
  Ocean(Ocean&&) noexcept;
  Ocean& operator=(Ocean&&) noexcept;

  // Live: the waves keep their phases and random amplitudes, so the surface does not pop; the
  // textures are re-made (new names) when the size or the cascade count changes. On an error
  // nothing changes.
  void set_options(const Options& options);
  const Options& options() const;

  // Evaluates the sea at `time_seconds` (the waves' phases advance by the interval since the
  // last step times time_scale; the foam integrates that interval) and writes the maps. GPU
  // work only: never waits.
  void step(double time_seconds);
  // Steps the sea up to `time_seconds` from up to two minutes before it, so that the foam stands
  // at its balance with this sea (as after minutes of its wind) instead of building from none,
  // which takes over a minute at storm force. Hundreds of steps: about 30 ms for a storm at
  // 256^2 on an H200. Returns the steps run; never waits. Throws on a non-finite time.
  int spin_up_foam(double time_seconds);
  double time() const;

  int size() const;
  int cascades() const;
  float patch_size(int cascade) const;  // L_c, metres

  // The maps, each a GL_TEXTURE_2D_ARRAY rgba32f N x N x cascades() with a full mip chain,
  // meant to be sampled with GL_REPEAT. Layer c covers a patch of patch_size(c) metres that
  // repeats; a world point (x, z) is texture coordinate (x, z) / L_c, as GL samples it (texel
  // centres at ((i + 0.5) L_c / N, (j + 0.5) L_c / N)). Sum the layers to get the sea.
  //   displacement: xyz = (lambda Dx, h, lambda Dz) metres, w = lambda dDx/dz: the surface
  //                 point of label p is at (p.x + x, y, p.z + z).
  //   derivatives:  (dh/dx, dh/dz, lambda dDx/dx, lambda dDz/dz); summed over the layers (hx,
  //                 hz, Jxx, Jzz) with Jxz = displacement.w, the surface's tangents are
  //                 (1 + Jxx, hx, Jxz) and (Jxz, hz, 1 + Jzz), normal = cross(tz, tx).
  //   foam:         x = whitecap coverage 0..1; yzw = (hx^2, hz^2, hx hz) for the slopes'
  //                 variance under mipmapping.
  // Valid after step(); overwritten by the next step(). Read them with texture fetches or image
  // loads after step() returns: step() ends with the barrier they need.
  const gl::Texture& displacement() const;
  const gl::Texture& derivatives() const;
  const gl::Texture& foam() const;

  // The water at each world point (x, z) for the last step. Synchronous: waits for the GPU.
  std::vector<Sample> query(std::span<const std::array<float, 2>> points);
  // The same, asynchronous: a compute pass of its own is queued now and the results are copied
  // into a persistently mapped buffer; fetch() returns them once the GPU is done, typically a
  // frame later, and false (without waiting) before that. Up to kQueriesInFlight at once; one
  // more throws Error(InvalidArgument).
  static constexpr int kQueriesInFlight = 4;
  Ticket submit(std::span<const std::array<float, 2>> points);
  bool fetch(Ticket ticket, std::vector<Sample>& out);
  // Gives up a submitted query: its slot is free at once, its results are never read.
  void cancel(Ticket ticket);

  // The simulation underneath (in-tree users: the application and tests).
  Simulation& simulation();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// GL state: the constructor, set_options(), step(), query() and submit() change the current
// program, image units 0-7, shader storage buffer bindings 0-7, the generic
// GL_SHADER_STORAGE_BUFFER binding (left at 0), texture units 0-2 (left with no texture and no
// sampler bound) and the active texture unit (left at GL_TEXTURE0); rebind what you use there.
// No framebuffer, viewport, vertex state or enable is touched. Barriers: step() ends with
// glMemoryBarrier for texture fetches, image loads, texture updates, framebuffer use and pixel
// buffers of its maps; a map you write yourself with image stores needs your barrier before
// the next step() or query.

}  // namespace oceanfft::ocean
