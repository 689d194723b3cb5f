// SPDX-License-Identifier: MIT
#pragma once
// Wave spectra and directional spreading, in double on the host and in float in
// shaders/ocean/spectrum_model.glsl, the two kept in step by tests. Conventions:
//   S(w)        frequency spectrum, m^2 s/rad (variance per unit angular frequency)
//   D(w, theta) directional spreading, 1/rad, integrates to 1 over theta in (-pi, pi]
//   F(kx, kz)   directional wave-number spectrum, m^4: the variance density over the k plane,
//               F = S(w) D(w, theta) (dw/dk) / k, so that m0 = integral of F dkx dkz.
// theta is measured from the direction the component travels towards. With a grid of cell
// dkx dkz, a real wave a cos(k.x - wt + phi) carries a^2/2 = F dkx dkz, i.e.
// a^2 = 2 S D (dw/dk)/k dkx dkz (the amplitude convention the tests check); Tessendorf's complex amplitude
// h0(k) has E|h0|^2 = a^2/4 because the wave at k pairs with its conjugate at -k.
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace oceanfft::ocean {

enum class SpectrumType { Phillips, PiersonMoskowitz, Jonswap };
enum class Spreading { Cos2s, Hasselmann, DonelanBanner };

std::string_view name(SpectrumType t);  // "phillips", "pierson-moskowitz", "jonswap"
std::string_view name(Spreading s);     // "cos2s", "hasselmann", "donelan-banner"
// Throw Error(InvalidArgument) listing the valid names.
SpectrumType parse_spectrum(std::string_view s);
Spreading parse_spreading(std::string_view s);

// One sea state: the local wind sea, or a swell from a distant storm.
struct WaveComponent {
  SpectrumType spectrum = SpectrumType::Jonswap;
  float wind_speed = 12.0f;          // U10, m/s
  float direction_deg = 30.0f;       // direction the waves travel towards, degrees from +x to +z
  float fetch_km = 300.0f;           // JONSWAP's fetch
  float peak_enhancement = 3.3f;     // JONSWAP's gamma (1 gives Pierson-Moskowitz's shape)
  Spreading spreading = Spreading::Hasselmann;
  float spread = 10.0f;              // s of cos^2s (Cos2s only)
  float scale = 1.0f;                // multiplies S; 0 switches the component off
  bool operator==(const WaveComponent&) const = default;
};

struct SpectrumParams {
  WaveComponent wind;
  // A swell: narrow, long, from its own direction. Off (scale 0) unless a preset sets it.
  WaveComponent swell{SpectrumType::Jonswap, 8.0f, -60.0f, 1000.0f, 5.0f, Spreading::Cos2s,
                      40.0f, 0.0f};
  // Kitaigorodskii / TMA shallow-water attenuation of S by the water depth (Params::depth).
  bool tma = false;
  // Phillips only: |h|^2 ~ A exp(-1/(k L)^2)/k^4 with L = U^2/g; A in m^2 (dimensionless k^-4
  // spectrum times m^2 as written by Tessendorf).
  float phillips_amplitude = 3.0e-3f;
  // Every spectrum: S is damped by exp(-k^2 l^2) (metres), which keeps capillary-scale noise
  // out of small cascades. 0 disables.
  float small_wave_cutoff = 0.0f;
  bool operator==(const SpectrumParams&) const = default;
};

// Scale 0 switches a component off.
inline bool active(const WaveComponent& c) { return c.scale > 0.0f; }

// Throws Error(InvalidArgument) for values that make no sea (non-finite, negative speed...).
void validate(const SpectrumParams& s);

// Angular frequency and group-velocity-like derivative of the finite-depth dispersion
// w^2 = g k tanh(k h).
double dispersion_omega(double k, double depth);
double dispersion_domega_dk(double k, double depth);

// Peak angular frequency of a component (rad/s): PM w_p = 0.855 g / U, JONSWAP from fetch,
// Phillips as PM.
double peak_omega(const WaveComponent& c);
// Phillips' constant alpha of S(w) = alpha g^2 w^-5 ...: Pierson-Moskowitz's 8.1e-3, or
// JONSWAP's 0.076 (U^2 / (F g))^0.22 from the fetch (Hasselmann et al. 1973). The host's S(w)
// and the shaders' uniform both take it from here.
double spectrum_alpha(const WaveComponent& c);
// S(w) of one component, m^2 s/rad, with TMA when `tma` (needs depth), without the k cutoff.
double frequency_spectrum(const WaveComponent& c, const SpectrumParams& s, double omega,
                          double depth);
// Q(s) = Gamma(s + 1) / (2 sqrt(pi) Gamma(s + 1/2)), which makes Q cos^2s(theta/2) integrate to
// 1 over the circle.
double cos2s_normalisation(double s);
// D(w, theta) of one component, theta relative to its direction, radians.
double spreading(const WaveComponent& c, double omega, double theta);
// F(kx, kz) of the whole sea (wind + swell, TMA, cutoff), m^4.
double directional_spectrum(const SpectrumParams& s, double kx, double kz, double depth);

// m0 over the annulus k_lo <= |k| < k_hi (rad/m), by quadrature in (k, theta) accurate to
// 1e-4 relative. Hs = 4 sqrt(m0).
double band_variance(const SpectrumParams& s, double depth, double k_lo, double k_hi);
// The mean square slope over the annulus (both axes: E[hx^2 + hz^2]), integral of k^2 F.
double band_slope_variance(const SpectrumParams& s, double depth, double k_lo, double k_hi);
// Mean square slope of the ripples shorter than 2 pi / k_lo that no cascade simulates. The
// gravity spectra above (fitted to buoys, waves of metres to hundreds of metres) do not hold
// there; Elfouhaily et al. (1997)'s short-wave curvature spectrum does: the integral of B_h(k)/k
// from k_lo to the capillary end (21 x 370 rad/m, where B_h < e^-100 of its peak), for the
// wind sea's U10, times its scale. With the cascades' JONSWAP slopes up to k_lo ~ 15..50 rad/m
// the total follows Cox & Munk's clean sea within 15 % for U10 3..25 m/s (docs: Ocean).
double short_wave_slope_variance(const SpectrumParams& s, double k_lo);

// The panel's plots: S(w) summed over components at `count` frequencies in (0, w_max], and
// D(theta) of the wind component at its peak frequency at `count` angles over (-pi, pi].
std::vector<float> plot_frequency_spectrum(const SpectrumParams& s, double depth, double w_max,
                                           int count);
std::vector<float> plot_spreading(const SpectrumParams& s, int count);

// Peak wavelengths the first patch spans: the peak sits at grid index 10 of the first cascade,
// so its few percent of bandwidth are sampled by many cells and the grid's sum of F dk^2
// matches the integral (at index 3, as the storm had with the old 1033 m patch, it did not).
inline constexpr double kPeakWavelengths = 10.0;
// Wavelength (m) of the longest spectral peak among the active components (deep water).
double peak_wavelength(const SpectrumParams& s);
// Patch sizes and cascade count for a sea: L_0 = max(kPeakWavelengths x the peak wavelength,
// 50 m), then ratios between 3.3 and 4.87 (never ratios of small integers, so tilings do not
// line up) down to about 16 m, at most 4 cascades; the smallest ratio needs N >= 64.
struct CascadeLayout {
  int cascades;
  std::array<float, 4> patch_sizes;
};
CascadeLayout cascade_layout(const SpectrumParams& s);

}  // namespace oceanfft::ocean
