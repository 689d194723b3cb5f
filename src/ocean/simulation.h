#pragma once
// Tessendorf's FFT ocean, entirely on the GPU: h0(k) drawn from a directional spectrum
// (spectrum_model.h) for 1-4 cascades when parameters change, and per frame the phase update,
// one inverse FFT of every derived field of every cascade, and an assemble pass that writes the
// maps the renderer samples and accumulates foam. Never draws.
#include <array>
#include <initializer_list>
#include <cmath>
#include <complex>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "fft/data.h"
#include "fft/fft.h"
#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"
#include "ocean/spectrum_model.h"

namespace oceanfft::ocean {

inline constexpr int kMinSize = 64;
inline constexpr int kMaxSize = 4096;  // above 1024 only where the driver's limits allow
inline constexpr int kMaxCascades = 4;
inline constexpr float kGravity = 9.81f;

enum class Fusion {
  None,      // spectrum, FFT rows, FFT columns, assemble: four passes
  // The spectrum evolved inside the row pass (no spectrum texture); columns and assemble as
  // their own passes, so an assemble step may read any texel of any cascade's fields.
  Spectrum,
  // Also assemble inside the column pass, on the fields still in registers: two passes, no
  // fields texture; only for an assemble step that reads nothing but its own texel's fields.
  Full,
};

struct Params {
  int size = 256;  // N: simulated waves per patch side and cascade (power of two, 64..4096)
  fft::Algorithm algorithm = fft::kDefaultAlgorithm;
  // Cascades: patches of decreasing size L_c, each simulating its own band of wave numbers
  // (see cascade_bands), all in one image array and one FFT call. The default sizes have
  // ratios near 4 that are not ratios of small integers, so their tilings never line up.
  int cascades = 3;  // 1..kMaxCascades
  std::array<float, kMaxCascades> patch_sizes = {1033.0f, 251.0f, 63.7f, 16.3f};  // metres
  SpectrumParams spectrum;
  float choppiness = 1.0f;    // lambda, the horizontal displacement scale
  float depth = 500.0f;       // metres, for w = sqrt(g k tanh(k depth)) and TMA
  float time_scale = 1.0f;    // step(t) advances the sea by (t - previous t) * time_scale
  // > 0: every w is rounded to a multiple of 2 pi / loop_period, so the sea repeats exactly
  // with this period (seconds of simulated time), for baking loops.
  float loop_period = 0.0f;
  uint64_t seed = 1;          // same seed, same ocean (randoms hash the cascade and wave number)
  // Whitecaps (ocean/foam.glsl). Foam is born where the sea, seen at the scale of the waves
  // that make whitecaps (breaking_length(): waves shorter than it break without entraining
  // enough air to show), compresses so hard that the smaller eigenvalue of the Jacobian of its
  // physical displacement (every cascade, choppiness 1) falls below foam_threshold (1 flat,
  // 0 folding), ramping to full over foam_softness. It grows at foam_grow per second, and the
  // active foam lasts foam_lifetime peak periods (e-folding): a larger breaker's bubble plume
  // is deeper and feeds its foam for longer. One set of values for every sea (a preset leaves
  // them alone), set once against Monahan & O'Muircheartaigh (1980), W = 3.84e-6 U10^3.41:
  // the breaking length's scale (4 m at 10 m/s) and the threshold are the two fitted numbers.
  // The coverage over Monahan's peaks near strong breeze and falls towards storm (128^2, from
  // rest, coverage at 10-12 s of 20 steps/s, 24 seeds: 1.15 fresh, 1.79 strong breeze, 0.76
  // storm at threshold 0.8625), a spread the threshold cannot narrow, so the threshold centres
  // the curve in Monahan's factor of 2: at 0.860 (24, 24, 12, 6, 6, 12 seeds) 1.16 fresh
  // (U10 9.35), 1.40 strong breeze, 1.47 near gale, 1.22 gale, 0.95 strong gale, 0.70 storm
  // (26.45); two more base seeds, before the foam pass's injection grid: 0.96-0.99, 1.36-1.55,
  // 1.14-1.69, 0.97-1.23, 0.80-0.99, 0.69-0.75. The coverage is steep in the threshold (0.0015
  // lower: 6-10 % less foam). At 256^2 it stays within 20 % of 128^2's: the breaking scale, not
  // the grid, sets it. Tested in OceanPhysics.WhitecapsFollowMonahanAcrossTheWinds.
  float foam_threshold = 0.860f;
  float foam_softness = 0.1f;
  float foam_grow = 4.0f;            // coverage per second at full injection
  float foam_lifetime = 0.25f;       // peak periods at U10 = 10 m/s, in proportion to U10
  float foam_breaking_length = 4.0f; // metres at U10 = 10 m/s, in proportion to U10
  // Debug and test aid: each real field gets its own complex plane instead of sharing one
  // with a partner (twice the FFT work). The maps must not change.
  bool pack_pairs = true;
  // How much of the step runs inside the inverse FFT's passes, where the data allow it (the
  // fast algorithm on its register path, packed fields; elsewhere None). The maps are the
  // same to float rounding whichever runs.
  Fusion fusion = Fusion::Full;
};

// The wave numbers cascade c simulates: k_lo <= |k| < k_hi (rad/m). Cascade 0 starts at 0;
// each later one starts where the previous ends, at 6 of its own grid steps (2 pi / L_c), and
// the last ends at its radial Nyquist pi N / L. So no wave counts twice and together they
// cover the band of one simulation with the largest patch and the smallest cell.
struct CascadeBand {
  float patch_size;  // L_c, metres
  double k_lo, k_hi;
};
std::vector<CascadeBand> cascade_bands(const Params& p);

// m0 of the selected spectrum over all the cascades' bands (m^2): Hs = 4 sqrt of it.
double theoretical_variance(const Params& p);

// Mean square slope E[hx^2 + hz^2] (both axes) of the spectrum over the cascades' bands, and
// of the ripples beyond the last band that the shading adds as roughness
// (short_wave_slope_variance from the last k_hi). Their sum is the sea's total, which Cox and
// Munk (1954) measured from sun glitter.
double theoretical_slope_variance(const Params& p);
double subgrid_slope_variance(const Params& p);
// 1/s: the active foam's decay rate, one foam_lifetime of the wind sea's peak period times
// U10 / (10 m/s).
double foam_decay(const Params& p);
// Metres: foam_breaking_length scaled with U10 / (10 m/s). A fixed length made the coverage
// rise as U10^7 (the breaking band widens as the peak moves out); one that scales with the
// peak wavelength (U10^2) made it nearly independent of the wind; U10^1 follows Monahan.
double breaking_length(const Params& p);
// Foam drifts with the surface water at 3 % of U10 along the wind (Wu 1975's wind drift) and
// spreads along it at this many m^2/s per m/s of U10 (0.26 m^2/s at storm force, a surface
// eddy diffusivity; more smears the finest cascade's 6 cm texels into a uniform grey), in the
// maps' Lagrangian labels (ocean/foam.glsl).
inline constexpr double kFoamDriftPerWind = 0.03;
inline constexpr double kFoamStreakPerWind = 0.01;
// Residual foam: this part of what the active foam loses stays as a thin film, fading at
// kFoamResidualDecay per second and drawn out along the wind at kFoamResidualStreakPerWind2
// U10^2 m^2/s. That is no eddy diffusivity (the active foam's kFoamStreakPerWind is one): it
// stands for the windrows that gather old foam into lines along the wind, which the maps'
// grids cannot resolve across, so that over its life the film of a whitecap a few metres across
// becomes a streak about a hundred metres long at force 7 and longer above (the WMO's "foam
// blown in streaks along the wind"; OceanFoamStreaks checks the maps' correlation lengths).
// The foam pass bounds the per-step offset to two texels, so the finest layers streak less.
// Active and residual foam share each texel's area: their sum stays at most 1.
inline constexpr float kFoamResidualGain = 1.0f;
inline constexpr float kFoamResidualDecay = 1.0f / 15.0f;  // 1/s
inline constexpr double kFoamResidualStreakPerWind2 = 2.0;  // s

// Throws Error(InvalidArgument) with a clear message when the parameters make no ocean.
void validate(const Params& p);

// The real fields the spectrum pass derives from h(k,t), in plane order when packing is off.
// Packed, plane j holds field 2j + i*field 2j+1.
enum Field : int {
  kDispX = 0,   // -i kx/|k| h   horizontal displacement (choppiness not applied)
  kHeight,      // h
  kDispZ,       // -i kz/|k| h
  kSlopeX,      // i kx h         dh/dx
  kSlopeZ,      // i kz h         dh/dz
  kDxDx,        // -kx^2/|k| h    d(Dx)/dx
  kDzDz,        // -kz^2/|k| h    d(Dz)/dz
  kDxDz,        // -kx kz/|k| h   d(Dx)/dz = d(Dz)/dx
  kFieldCount
};

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
  double time() const { return time_; }                      // time_seconds of the last step
  double simulated_time() const { return simulated_time_; }  // sum of the scaled intervals

  int size() const { return params_.size; }
  // What step() runs: Params::fusion where the plan allows it, else Fusion::None.
  Fusion fusion() const { return fusion_; }
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
  int injection_stride(int cascade) const;
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
  void rebuild_size();
  void make_h0(bool keep_phase);
  // Levels first+1 .. of every map from level `first`, in rounds of five levels, then
  // `last_barrier` for their next readers.
  void make_mipmaps(std::initializer_list<const gl::Texture*> maps, int first,
                    GLbitfield last_barrier) const;

  const gl::ShaderLibrary* shaders_;
  Params params_;
  std::vector<CascadeBand> bands_;
  double time_ = 0.0;
  double simulated_time_ = 0.0;
  double step_interval_ = 0.0;  // simulated seconds the last step advanced (foam integrates it)
  void step_unfused(double dt, gl::PassTimer* timer);
  void set_inverse_axis(const gl::Program& prog, int axis, float scale) const;
  void step_fused(double dt, gl::PassTimer* timer);
  void bind_evolve_inputs(const gl::Program& prog, double dt) const;
  void set_assemble_uniforms(const gl::Program& prog) const;
  void foam_pass(double dt, gl::PassTimer* timer);
  double mean_foam(int channel) const;  // whitecap_coverage(), residual_coverage()
  // The injection's grids, layer c's every stride[c] texels; where the injection pass runs
  // (kInjectionPassFrom), from offset[c] in injection_, all `points`, the largest grid's
  // side; else own_texels, every texel, for the foam pass computes the injection itself.
  struct InjectionGrids {
    GLint stride[kMaxCascades] = {}, offset[kMaxCascades] = {};
    int points = 0, largest = 1;
    uint64_t own_texels = 0;
  };
  static InjectionGrids injection_grids(const Params& p, const std::vector<CascadeBand>& bands);
  // injection_ with room for p's grids (a new buffer only where it lacks it; may throw on
  // out-of-memory, before anything else changes).
  void reserve_injection(const Params& p);
  uint64_t texels() const;  // N^2 x cascades

  gl::Program init_program_, spectrum_program_, assemble_program_, downsample_program_,
      foam_injection_program_, foam_program_;
  void assemble_pass(const gl::Texture& fields, double dt, gl::PassTimer* timer);

  gl::Program fused_rows_program_, fused_columns_program_, columns_program_;
  fft::AxisStrategy pair_columns_{};  // the fused column pass's strategy (two planes per group)
  fft::AxisStrategy spectrum_rows_{};  // the fused row pass's strategy
  int mip_first_level_ = 1;  // the displacement and derivative chains' first level made by mips
  Fusion fusion_ = Fusion::None;
  std::unique_ptr<fft::Plan> plan_;
  const gl::Texture* last_fields_ = nullptr;  // inside plan_, which a move keeps in place
  gl::Texture h0_, spectrum_, displacement_, derivatives_, foam_slopes_;
  // Each wave's accumulated phase: a step reads phase_[phase_current_] and writes the other.
  gl::Texture phase_[2];
  gl::Texture omega_;  // w(k) in rad/s (after loop_period rounding), written with h0
  int phase_current_ = 0;
  // The foam state (rg32f, x = active, y = residual): a step reads foam_[foam_current_] upstream
  // of each texel and writes the other.
  gl::Texture foam_[2];
  int foam_current_ = 0;
  gl::Sampler filtered_;  // trilinear, repeating: the foam pass reads the surface and its state
  gl::Buffer mip_counters_;  // ocean/downsample.comp's tail counters, zero between dispatches
  // ocean/foam_injection.comp's grids, every layer's (injection_stride); grown when a change
  // of wind or size needs more.
  gl::Buffer injection_;
  size_t injection_bytes_ = 0;
  bool foam_reset_ = true;  // the foam-and-slopes map holds no foam yet
  double subgrid_mss_ = 0.0;
};

}  // namespace oceanfft::ocean
