// SPDX-License-Identifier: MIT
#pragma once
// What a simulation is made from: its parameters (Params), the wave-number band each cascade
// simulates, the spectrum's theoretical moments over those bands, the whitecaps' derived rates
// and the real fields the FFT transforms. No GL.
#include <array>
#include <cstdint>
#include <vector>

#include "fft/fft.h"
#include "ocean/constants.h"
#include "ocean/spectrum_model.h"

namespace oceanfft::ocean {

inline constexpr int kMinSize = 64;
inline constexpr int kMaxSize = 4096;  // above 1024 only where the driver's limits allow
inline constexpr int kMaxCascades = 4;

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
  // them alone), fitted to Monahan & O'Muircheartaigh (1980), W = 3.84e-6 U10^3.41: the
  // breaking length's scale (4 m at 10 m/s) and the threshold are the two fitted numbers, and
  // the threshold centres the coverage across the Beaufort scale within Monahan's factor of 2;
  // below a fresh breeze the breaking length shortens faster (breaking_length()).
  // docs/perf-notes.md has the calibration; OceanPhysicsWhitecaps.FollowMonahan (one test per
  // sea) and OceanPhysics.WhitecapsRiseWithTheWind test it.
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
  // The FFT plan's tuning (fft::Options::fast and barriers), read when the plan is built: the
  // benchmark and the tests fill it (`oceanfft bench` from its environment); not a setting.
  fft::Options::FastTuning fft_tuning;
  fft::Barriers fft_barriers = fft::Barriers::Merged;
};

// The wave numbers cascade c simulates: k_lo <= |k| < k_hi (rad/m). Cascade 0 starts at 0;
// each later one starts where the previous ends, at sqrt(36.5) ~ 6.04 of its own grid steps
// (2 pi / L_c; between two shells of its lattice, so no texel lies on the edge), and the last
// ends at its radial Nyquist pi N / L. So no wave counts twice and together they cover the
// band of one simulation with the largest patch and the smallest cell.
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
// Metres: foam_breaking_length scaled with U10 / (10 m/s), and below kFoamBreakingKneeWind by
// (U10 / kFoamBreakingKneeWind)^kFoamBreakingLowWindExponent more (held from
// kFoamBreakingFloorWind down). A fixed length would make the coverage rise as U10^7 (the
// breaking band widens as the peak moves out); one that scaled with the peak wavelength (U10^2)
// would make it nearly independent of the wind; U10^1 follows Monahan from a fresh breeze up.
// Below that, U10^1 leaves the length a larger share of the shorter wind sea's crests, so it
// smooths their compression more and the coverage falls off faster than Monahan (a third of it
// at force 4, none at force 3); U10^1.72 there follows it. The swell's long crests do not feel
// the length, so a swell under a light wind breaks no more than before.
double breaking_length(const Params& p);
inline constexpr double kFoamBreakingKneeWind = 9.0;   // m/s
inline constexpr double kFoamBreakingFloorWind = 4.0;  // m/s: Monahan's fit ends near here
inline constexpr double kFoamBreakingLowWindExponent = 0.72;
// Foam drifts with the surface water at 3 % of U10 along the wind (Wu 1975's wind drift) and
// spreads along it at this many m^2/s per m/s of U10 (0.26 m^2/s at storm force, a surface
// eddy diffusivity; more smears the finest cascade's 6 cm texels into a uniform grey), in the
// maps' Lagrangian labels (ocean/foam.glsl).
inline constexpr double kFoamDriftPerWind = 0.03;
inline constexpr double kFoamStreakPerWind = 0.01;
// Residual foam: this part of what the active foam loses stays as a thin film, fading at
// foam_residual_decay per second and drawn out along the wind at kFoamResidualStreakPerWind2
// U10^2 m^2/s. That is no eddy diffusivity (the active foam's kFoamStreakPerWind is one): it
// stands for the windrows that gather old foam into lines along the wind, which the maps'
// grids cannot resolve across, so that over its life the film of a whitecap a few metres across
// becomes a streak about a hundred metres long at force 7 and longer above (the WMO's "foam
// blown in streaks along the wind"; OceanFoamStreaks checks the maps' correlation lengths).
// The foam pass bounds the film's spreading to kFoamFilmReach texels (one standard deviation)
// per kFoamFineStep, growing as sqrt(dt) for other steps, so that it spreads alike per second
// at any step length; the finest layers streak less.
// Active and residual foam share each texel's area: their sum stays at most 1.
inline constexpr float kFoamResidualGain = 1.0f;
inline constexpr float kFoamResidualDecay = 1.0f / 15.0f;  // 1/s, from kFoamWhiteWind up
inline constexpr double kFoamResidualStreakPerWind2 = 5.0;  // s
inline constexpr double kFoamFilmReach = 2.0;               // texels per kFoamFineStep
// m/s: force 10's lowest wind, where the WMO's sea "takes a white appearance". Below it the
// residual film fades faster, its lifetime in proportion to U10^2 (9 s at force 8, 1.1 s at
// force 4): weaker breakers entrain smaller bubbles, whose foam drains sooner, so a moderate
// breeze leaves short-lived patches behind its white horses, a gale well-marked streaks
// between dark water, and only a storm's film lasts long enough to whiten the sea as a whole.
inline constexpr double kFoamWhiteWind = 24.5;
// 1/s: the residual film's fade rate, kFoamResidualDecay from kFoamWhiteWind up.
double foam_residual_decay(const Params& p);
// Simulated seconds for foam that starts from none to come within about 5 % of its balance
// with the sea: three times the active and residual lifetimes together, for the film is fed by
// the active foam and so lags behind it by both (about 75 s at storm force, 5 s at force 4), at
// most kFoamBalanceLimit (a foam_lifetime raised far above its preset's would take hours).
// Simulation::spin_up_foam and `render --foam-start balance` run them.
double foam_balance_time(const Params& p);
inline constexpr double kFoamBalanceLimit = 120.0;
// A foam warm-up's steps: its last kFoamFineSeconds at a frame rate's kFoamFineStep and the
// seconds before at kFoamCoarseStep, five times longer. Coarse steps build the same whitecaps,
// within 2 % (SceneWarmup's CoarseStepsBuildTheSameFoam): the foam pass is semi-Lagrangian, and
// the crests that shed foam are sampled at 4 Hz against wave periods of 4 s and more where
// whitecaps form. They leave the film a third thicker at storm force, though, which the fine
// seconds at the end bring back to the frame rate's balance (it relaxes in about 10 s).
inline constexpr double kFoamFineSeconds = 8.0, kFoamFineStep = 1.0 / 20.0, kFoamCoarseStep = 1.0 / 4.0;
// The simulation times of `seconds` of warm-up ending at `time`, ascending, the last `time`
// itself, the last `fine` of them (at most) at kFoamFineStep: from each group's end back, so
// the fine steps end on `time`.
std::vector<double> foam_warmup_times(double time, double seconds, double fine = kFoamFineSeconds);

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

}  // namespace oceanfft::ocean
