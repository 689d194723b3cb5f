#pragma once
// Tessendorf's FFT ocean, entirely on the GPU: a Phillips spectrum h0(k) made when its
// parameters change, and per frame the time evolution, one inverse FFT of every derived field,
// and an assemble pass that writes the maps the renderer samples. Never draws.
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

namespace oceanfft::ocean {

inline constexpr int kMinSize = 64;
inline constexpr int kMaxSize = 4096;  // above 1024 only where the driver's limits allow
inline constexpr float kGravity = 9.81f;

struct Params {
  int size = 256;  // N: simulated waves per patch side (power of two, 64..4096)
  fft::Algorithm algorithm = fft::kDefaultAlgorithm;
  float patch_size = 250.0f;         // L, metres; one displacement map covers L x L
  float wind_speed = 20.0f;          // V, m/s; Phillips' largest wave L_w = V^2/g
  float wind_direction_deg = 30.0f;  // direction the wind blows towards, degrees from +x to +z
  // Phillips constant for |h0(k)|^2 = A/2 * P(k) * dk^2 with dk = 2*pi/L. Scaling by dk^2 keeps
  // the wave heights independent of N and of the patch size.
  float amplitude = 2.5e-3f;
  float small_wave_cutoff = 0.02f;  // l, metres: P(k) is damped by exp(-k^2 l^2)
  // Waves travelling against the wind keep this fraction of their Phillips amplitude.
  float opposing_waves = 0.25f;
  float choppiness = 1.3f;    // lambda, the horizontal displacement scale
  float depth = 200.0f;       // metres, for w = sqrt(g k tanh(k depth))
  float time_scale = 1.0f;    // step(t) simulates t * time_scale seconds
  uint64_t seed = 1;          // same seed, same ocean (at every N: randoms hash the wave number)
  float foam_threshold = 0.5f;  // normals().w: foam where the Jacobian falls below this
  float foam_softness = 0.4f;   // ... ramping to 1 over this range of the Jacobian
  // Debug and test aid: each real field gets its own complex plane instead of sharing one
  // with a partner (twice the FFT work). The maps must not change.
  bool pack_pairs = true;
};

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
  // GL objects) when size, algorithm or packing change. Waves at the same wave number keep
  // their random amplitude and phase, so the ocean keeps its look across sizes.
  void set_params(const Params& params);
  const Params& params() const { return params_; }

  // Spectrum update + inverse FFT + assemble for simulation time `time_seconds` (scaled by
  // time_scale). Passes: "ocean.spectrum", the FFT's "fft.*", "ocean.assemble".
  void step(double time_seconds, gl::PassTimer* timer = nullptr);
  double time() const { return time_; }  // the simulated time of the last step, seconds

  // GL_TEXTURE_2D rgba32f N x N with mipmaps, wrap REPEAT, texel (x, z) at world
  // (x, z) * L/N. xyz: displacement in metres (x and z scaled by choppiness, y up); w: 0.
  const gl::Texture& displacement() const { return displacement_; }
  // GL_TEXTURE_2D rgba32f N x N with mipmaps. xy: slopes dY/dX and dY/dZ of the displaced
  // surface (normal = normalize(-x, 1, -y); slopes average correctly under mipmapping);
  // z: the Jacobian determinant of the choppy displacement (1 flat, < 0 folded);
  // w: foam coverage 0..1 from the Jacobian (Params::foam_threshold, foam_softness).
  const gl::Texture& normals() const { return normals_; }

  // What the FFT transforms: rgba32f 2D array, N x N x layers (2 packed, 4 unpacked) holding
  // N^2 * h~(k,t)-derived spectra (the N^2 cancels the inverse FFT's 1/N^2, so its output is
  // in metres). Texel (x, z) is wave number (m, n) = (x < N/2 ? x : x - N, likewise z),
  // k = 2*pi*(m, n)/L. Valid after step().
  const gl::Texture& spectrum() const { return spectrum_; }
  // The inverse FFT's output of the last step (the plan's texture): the fields in the same
  // plane layout as spectrum().
  const gl::Texture& fields() const;
  // h0 as rgba32f N x N: xy = h0(k) (physical amplitude, metres), z = w(k) rad/s, w = 0.
  const gl::Texture& initial_spectrum() const { return h0_; }

  // Tests and tools: replace h0(k) (N*N values, row-major by z then x, in metres) until the
  // next change of spectrum parameters. The dispersion is kept.
  void set_initial_spectrum(std::span<const std::complex<float>> h0);
  // Host copies (slow; for tests, exports and tools).
  fft::Planes download_spectrum() const { return fft::download(spectrum_); }
  fft::Planes download_fields() const { return fft::download(fields()); }
  // Reads level 0 of a 2D rgba32f map into N*N*4 floats.
  static std::vector<float> download_map(const gl::Texture& map);

  int size() const { return params_.size; }
  int layers() const { return params_.pack_pairs ? 2 : 4; }
  // The plane and real/imaginary part holding `field` in spectrum() / fields().
  int plane_of(Field f) const { return params_.pack_pairs ? f / 2 : f; }
  bool imag_of(Field f) const { return params_.pack_pairs && (f % 2 == 1); }

  // Bytes one step() moves at least, for GB/s in the profiler.
  uint64_t bytes_per_step() const;
  std::string describe() const;
  const fft::Plan& plan() const { return *plan_; }

  // The dispersion relation the simulation uses (rad/s for |k| in rad/m).
  static double omega(double k, double depth) {
    return k > 0 ? std::sqrt(double(kGravity) * k * std::tanh(k * depth)) : 0.0;
  }

 private:
  void rebuild_size();
  void make_h0();

  const gl::ShaderLibrary* shaders_;
  Params params_;
  double time_ = 0.0;
  gl::Program init_program_, spectrum_program_, assemble_program_;
  std::unique_ptr<fft::Plan> plan_;
  const gl::Texture* last_fields_ = nullptr;  // inside plan_, which a move keeps in place
  gl::Texture h0_, spectrum_, displacement_, normals_;
};

}  // namespace oceanfft::ocean
