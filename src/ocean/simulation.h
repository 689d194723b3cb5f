// SPDX-License-Identifier: MIT
#pragma once
// Tessendorf's FFT ocean, entirely on the GPU: h0(k) drawn from a directional spectrum
// (spectrum_model.h) for 1-4 cascades when parameters change, and per frame the phase update,
// one inverse FFT of every derived field of every cascade, and an assemble pass that writes the
// maps the renderer samples and accumulates foam. Never draws.
//
// Its parts: the parameters and their bands (params.h), the fused step's plan (fused_step.h), the
// whitecaps (whitecaps.h) and the maps' mip chains (mip_chain.h); the simulation owns the spectrum,
// the FFT plan and the maps, and runs the passes in order.
#include <complex>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "fft/planes.h"
#include "fft/fft.h"
#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"
#include "ocean/fused_step.h"
#include "ocean/mip_chain.h"
#include "ocean/params.h"
#include "ocean/whitecaps.h"

namespace oceanfft::ocean {

class Simulation {
 public:
  Simulation(const gl::ShaderLibrary& shaders, const Params& params);
  ~Simulation();
  Simulation(Simulation&&) noexcept;
  Simulation& operator=(Simulation&&) noexcept;

  // Live: re-creates h0 when spectrum parameters change and re-plans the FFT (freeing the old
  // GL objects) when size, cascade count, algorithm or packing change. Waves at the same wave
  // number keep their random amplitude and phase, so the ocean keeps its look across sizes,
  // and each wave's phase carries on from where it was, so edits of depth or time scale do
  // not make the surface pop.
  void set_params(const Params& params);
  const Params& params() const { return params_; }

  // Spectrum update + one inverse FFT of every cascade + assemble, advancing each wave's phase
  // by w * (time_seconds - time()) * time_scale and the foam by the same simulated interval.
  // Passes: "ocean.spectrum", the FFT's "fft.*", "ocean.assemble", "ocean.foam", "ocean.mipmaps"; with
  // Fusion::Spectrum "ocean.spectrum+fft.rows", "fft.vertical", "ocean.assemble",
  // "ocean.mipmaps"; with Fusion::Full "ocean.spectrum+fft.rows", "ocean.fft.columns+assemble",
  // "ocean.foam", "ocean.mipmaps".
  void step(double time_seconds, gl::PassTimer* timer = nullptr);
  // Starts the foam afresh and runs the sea through foam_balance_time() simulated seconds up to
  // time_seconds, at foam_warmup_times' steps with `fine_seconds` of fine steps at the end: the
  // foam then stands at its balance with this sea, as on a sea that has blown so for minutes,
  // instead of none. Without fine steps (the window's: 297 steps at storm force against 425)
  // the film stands up to a third thicker, which a frame rate's steps thin in about 10 s. The last
  // step is at time_seconds. Returns the steps run (none at time_scale 0, where the foam cannot
  // change).
  int spin_up_foam(double time_seconds, double fine_seconds = kFoamFineSeconds,
                   gl::PassTimer* timer = nullptr);
  // Simulated seconds the foam has been carried since it started from none (a new or resized
  // simulation, or a spin-up's first step): 0 where no step has built any yet.
  double foam_age() const { return whitecaps_.age(); }
  double time() const { return time_; }                      // time_seconds of the last step
  double simulated_time() const { return simulated_time_; }  // sum of the scaled intervals

  int size() const { return params_.size; }
  // What step() runs: Params::fusion where the plan allows it, else Fusion::None.
  Fusion fusion() const { return fused_.fusion(); }
  int cascades() const { return params_.cascades; }
  const std::vector<CascadeBand>& bands() const { return bands_; }

  // The maps, each GL_TEXTURE_2D_ARRAY rgba32f N x N x cascades with mipmaps, wrap REPEAT.
  // Layer c, texel (x, z) is at world (x, z) * L_c / N. Sum the cascades to get the sea.
  //   displacement: xyz = (lambda Dx, h, lambda Dz) metres; w = lambda dDx/dz.
  //   derivatives:  (dh/dx, dh/dz, lambda dDx/dx, lambda dDz/dz). With the sums over cascades
  //                 (hx, hz, Jxx, Jzz, Jxz = displacement.w) the surface's tangents are
  //                 (1 + Jxx, hx, Jxz) and (Jxz, hz, 1 + Jzz); these average correctly under
  //                 mipmapping, which a normal would not.
  //   foam_slopes:  x = active whitecap coverage (the fraction of the texel's area that is
  //                 white water, accumulated over steps); yz = (hx^2, hz^2), so a mip level's
  //                 slope variance is E[s^2] - E[s]^2; w = residual foam coverage (the thin
  //                 film and its streaks, the same units; x + w <= 1).
  const gl::Texture& displacement() const { return displacement_; }
  const gl::Texture& derivatives() const { return derivatives_; }
  const gl::Texture& foam_slopes() const { return foam_slopes_; }

  // What the FFT transforms (written with Fusion::None only): rgba32f 2D array,
  // N x N x (cascades * layers_per_cascade()),
  // holding N^2 * h~(k,t)-derived spectra (the N^2 cancels the inverse FFT's 1/N^2, so its
  // output is in metres). Cascade c's planes start at layer c * layers_per_cascade(). Texel
  // (x, z) is wave number (m, n) = (x < N/2 ? x : x - N, likewise z), k = 2 pi (m, n) / L_c.
  const gl::Texture& spectrum() const { return spectrum_; }
  // The inverse FFT's output of the last step (a plan texture), laid out like spectrum();
  // stale after a Fusion::Full step, which keeps the fields in registers.
  const gl::Texture& fields() const;
  // h0 as rgba32f 2D array N x N x cascades: xy = h0(k) (physical amplitude, metres; zero
  // outside the cascade's band), zw = conj(h0(-k)), the same wave pair seen from -k's texel
  // ((N - x) mod N, (N - z) mod N).
  const gl::Texture& initial_spectrum() const { return h0_; }

  // Tests and tools: replace cascade c's h0(k) (N*N values, row-major by z then x, metres)
  // until the next change of spectrum parameters. Dispersion and phases are kept.
  void set_initial_spectrum(int cascade, std::span<const std::complex<float>> h0);
  // Host copies (slow; for tests, exports and tools).
  fft::Planes download_spectrum() const { return fft::download(spectrum_); }
  fft::Planes download_fields() const { return fft::download(fields()); }
  // Reads level 0 of one layer of an rgba32f map (2D or 2D array) into N*N*4 floats.
  static std::vector<float> download_map(const gl::Texture& map, int layer = 0);
  // Mean of h^2 over cascade c's map at the last step (m^2). The cascades' bands are
  // disjoint, so the sea's variance is their sum: Hs = 4 sqrt(sum).
  double height_variance(int cascade) const;
  // Mean of hx^2 + hz^2 over cascade c's map at the last step: its resolved slope variance.
  double slope_variance(int cascade) const;
  // Whitecap coverage: the fraction of the sea surface that is white water, the mean of the
  // cascades' active foam summed as the renderer sums it (each layer sampled bilinearly at the
  // same world point, the sum capped at 1: the union of the layers, which share each whitecap
  // out without counting it twice). Measured at 512^2 jittered points over the first patch
  // (slow: reads the maps back). residual_coverage(): the same for the residual foam.
  double whitecap_coverage() const { return mean_foam(0); }
  double residual_coverage() const { return mean_foam(3); }
  // The whitecaps' injection is computed every injection_stride(c) texels of cascade c's foam
  // layer and interpolated bilinearly between: the largest power of two up to 16 within half
  // the breaking length (over which the injection, filtered to that length, changes at the
  // fastest), 1 where the layer's texels are longer.
  int injection_stride(int cascade) const {
    return Whitecaps::injection_stride(params_, bands_.at(size_t(cascade)).patch_size);
  }
  // subgrid_slope_variance(params()), kept from the last change of the spectrum.
  double subgrid_slope_variance() const { return subgrid_mss_; }

  int layers_per_cascade() const { return params_.pack_pairs ? 2 : 4; }
  int layers() const { return params_.cascades * layers_per_cascade(); }
  // The layer of spectrum() / fields() and the real/imaginary part holding `field`.
  int plane_of(Field f, int cascade = 0) const {
    return cascade * layers_per_cascade() + (params_.pack_pairs ? f / 2 : f);
  }
  bool imag_of(Field f) const { return params_.pack_pairs && (f % 2 == 1); }

  // Bytes one step() moves at least, for GB/s in the profiler.
  uint64_t bytes_per_step() const;
  std::string describe() const;
  const fft::Plan& plan() const { return *plan_; }

  // The dispersion relation the simulation uses (rad/s for |k| in rad/m).
  static double omega(double k, double depth) { return dispersion_omega(k, depth); }

 private:
  double mean_foam(int channel) const;  // whitecap_coverage(), residual_coverage()
  void rebuild_size();
  void make_h0(bool keep_phase);
  void step_unfused(double dt, gl::PassTimer* timer);
  void step_fused(double dt, gl::PassTimer* timer);
  void bind_evolve_inputs(const gl::Program& prog, double dt) const;
  void set_assemble_uniforms(const gl::Program& prog) const;
  void assemble_pass(const gl::Texture& fields, gl::PassTimer* timer);
  uint64_t texels() const;  // N^2 x cascades

  const gl::ShaderLibrary* shaders_;
  Params params_;
  std::vector<CascadeBand> bands_;
  double time_ = 0.0;
  double simulated_time_ = 0.0;
  gl::Program init_program_, spectrum_program_, assemble_program_;
  MipChain mips_;
  Whitecaps whitecaps_;
  FusedStep fused_;
  std::unique_ptr<fft::Plan> plan_;
  const gl::Texture* last_fields_ = nullptr;  // inside plan_, which a move keeps in place
  gl::Texture h0_, spectrum_, displacement_, derivatives_, foam_slopes_;
  // Each wave's accumulated phase: a step reads phase_[phase_current_] and writes the other.
  gl::Texture phase_[2];
  gl::Texture omega_;  // w(k) in rad/s (after loop_period rounding), written with h0
  int phase_current_ = 0;
  double subgrid_mss_ = 0.0;
};

}  // namespace oceanfft::ocean
