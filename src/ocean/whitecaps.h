// SPDX-License-Identifier: MIT
#pragma once
// The whitecaps (ocean/foam.glsl): per step, the foam injection where the sea, seen at the
// breaking scale, compresses past the threshold (a pass of its own on a coarse grid from
// kInjectionPassFrom on, else inside the foam pass), then the foam pass, which advects, grows
// and decays the foam state and writes the foam-and-slopes map with its first mip levels.
// Owns the foam state, its programs and the injection's grids; the simulation owns the maps.
#include <cstdint>
#include <vector>

#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"
#include "ocean/params.h"

namespace oceanfft::ocean {

class Whitecaps {
 public:
  // From this size on the injection is a pass of its own (ocean/foam_injection.comp); below, the
  // foam pass computes it at every texel, which hides its fetches behind the pass's own and
  // saves a barrier (docs/perf-notes.md has the measurements).
  static constexpr int kInjectionPassFrom = 1024;

  Whitecaps(const gl::ShaderLibrary& shaders, const Params& params);

  // The injection buffer with room for p's grids (a new buffer only where it lacks it). May throw
  // on out-of-memory, so callers reserve before they change anything else.
  void reserve(const Params& p);

  // What a change of size or cascade count makes before the simulation commits to it: the foam
  // program for that size and, where the grid changes, a fresh foam state. A change of algorithm
  // or fusion keeps the grid and the foam with it: toggling the FFT live must not wipe them.
  struct Resized {
    gl::Program foam;
    gl::Texture state[2];
    bool keep_state = false;
  };
  Resized prepare(int n, int cascades) const;
  void adopt(Resized&& r);

  // One step of dt simulated seconds: reads the displacement and derivative maps (with their
  // mip chains), writes levels 0..passes::kFoamPassLevels of foam_slopes.
  void step(const Params& p, const std::vector<CascadeBand>& bands, const gl::Texture& displacement,
            const gl::Texture& derivatives, const gl::Texture& foam_slopes, double dt,
            gl::PassTimer* timer);

  // The next step starts the foam from none (as a new state does).
  void clear() { reset_ = true; age_ = 0.0; }
  // Simulated seconds the foam has been carried since it started from none.
  double age() const { return age_; }

  // Bytes the injection and foam passes move per step.
  static uint64_t bytes_per_step(const Params& p, const std::vector<CascadeBand>& bands);

  // The injection is computed every injection_stride texels of a cascade's foam layer and
  // interpolated bilinearly between: the largest power of two up to 16 within half the breaking
  // length (over which the injection, filtered to that length, changes at the fastest), 1 where
  // the layer's texels are longer.
  static int injection_stride(const Params& p, double patch_size);

 private:
  // The injection's grids, layer c's every stride[c] texels; where the injection pass runs
  // (kInjectionPassFrom), from offset[c] in injection_, all `points`, the largest grid's side;
  // else own_texels, every texel, for the foam pass computes the injection itself.
  struct Grids {
    GLint stride[kMaxCascades] = {}, offset[kMaxCascades] = {};
    int points = 0, largest = 1;
    uint64_t own_texels = 0;
  };
  static Grids grids(const Params& p, const std::vector<CascadeBand>& bands);

  const gl::ShaderLibrary* shaders_;
  gl::Program injection_program_, foam_program_;
  // The foam state (rg32f, x = active, y = residual): a step reads state_[current_] upstream of
  // each texel and writes the other.
  gl::Texture state_[2];
  int current_ = 0;
  bool reset_ = true;     // the foam-and-slopes map holds no foam yet
  double age_ = 0.0;
  gl::Sampler filtered_;  // trilinear, repeating: the foam pass reads the surface and its state
  // ocean/foam_injection.comp's grids, every layer's; grown when a change of wind or size needs
  // more.
  gl::Buffer injection_;
  size_t injection_bytes_ = 0;
};

}  // namespace oceanfft::ocean
