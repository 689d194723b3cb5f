#include "ocean/simulation.h"

#include <bit>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "fft/bindings.h"
#include "fft/fast.h"
#include "gl/error.h"
#include "ocean/spectrum_uniforms.h"

namespace oceanfft::ocean {
namespace {

constexpr int kGroup = 16;  // local size of the ocean kernels, both axes
constexpr int kInjectionGroup = 8;  // ocean/foam_injection.comp's, both axes

// What reads the maps after a step: the mip passes' and the renderer's texture fetches, image
// loads, readbacks (glGetTexImage, pixel buffers) and framebuffer attachments in tools.
// Between the pass that writes level 0 and the mip passes, only their fetches need waiting:
// the mip passes' last barrier (kMapsWritten) covers every write before it, level 0's too.
constexpr GLbitfield kMipSourceWritten = GL_TEXTURE_FETCH_BARRIER_BIT;
// Between assemble and the foam pass: it fetches displacement and derivatives, and stores the
// foam-and-slopes map, which image accesses before it (the previous step's tail) must finish.
constexpr GLbitfield kFoamSourceWritten =
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
constexpr GLbitfield kMapsWritten = GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                                    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT |
                                    GL_FRAMEBUFFER_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;


// make_mipmaps: a round's work groups reduce 32 x 32 tiles to kMipRoundLevels levels; up to
// kMipTailLevels more are made by each layer's last group (ocean/downsample.comp: together 8
// images, which is all NVIDIA's GL allows a compute shader).
constexpr int kMipRoundLevels = 5;
constexpr int kMipTailLevels = 3;
// Counters of ocean/downsample.comp's tails: one per layer of every map of a round.
constexpr int kMipCounters = 2 * kMaxCascades;

// Levels 1..kFoamPassLevels of the foam-and-slopes map are made by the foam pass itself, in
// its 16 x 16 work groups (ocean/mip_tile.glsl); make_mipmaps makes the rest.
constexpr int kFoamPassLevels = 4;
static_assert((kMinSize >> kFoamPassLevels) >= 1, "every map has the levels the foam pass makes");

// The fused row pass's dispatch order (step_fused). On the H100 (session 7) a cascade's two
// planes side by side made the pass 11 % faster at 4 x 1024^2, where a cascade's h0, w and phase
// (24 MiB) no longer stay in cache while its planes run one after the other, and 7-9 % slower
// at 512^2; 256^2 was level.
constexpr int kPlanesSideBySide = 1024;
// From this size on the fused column pass makes level 1 of the displacement and derivative
// maps (rebuild_size says why not below).
constexpr int kColumnsLevel1From = 512;
// From this size on the whitecaps' injection is a pass of its own (ocean/foam_injection.comp);
// below, the foam pass computes it. On an H100 (session 8) the pass took 4 % off the step at
// 3 and 4 x 1024^2, and added 3-5 % at 256^2 and 512^2, where the foam pass computes the coarse
// cascades' injection at every texel without a barrier and hides its fetches behind its own.
constexpr int kInjectionPassFrom = 1024;
// Seconds: steps up to this long advance the phases in float (ocean/spectrum.glsl says why and
// how precisely), longer ones in double. On an H100 the float path took 1-3 % off the row pass.
constexpr double kShortStep = 1.0;

// Bytes each pass reads and writes, t = texels of every cascade: the profiler's bandwidth
// column (gl::ScopedPass) and bytes_per_step() both take them from here.
struct PassBytes {
  // h0's wave pair, w and the phase per plane, the phase written once, the rows' output.
  static uint64_t rows_fused(uint64_t t) { return t * (2 * 24 + 4 + 32); }
  // Level 1 of the two maps (a quarter of the texels), where assemble makes it.
  static uint64_t level1(uint64_t t) { return t / 4 * 2 * 16; }
  // The rows' output read, two maps written, and their level 1 where the pass makes it
  // (first_mip, the chains' first level left to the mip rounds, is then 1).
  static uint64_t columns_fused(uint64_t t, int first_mip) {
    return t * (32 + 2 * 16) + uint64_t(first_mip) * level1(t);
  }
  // h0's wave pair and w read, the phase read and written, every plane written.
  static uint64_t spectrum(uint64_t t, uint64_t planes) { return t * (20 + 8 + 16 * planes); }
  // Every plane read, two maps written, and their level 1.
  static uint64_t assemble(uint64_t t, uint64_t planes) {
    return t * (16 * planes + 2 * 16) + level1(t);
  }
  // The injection pass: at each of `points` grid points every cascade's Jacobian fetched (two
  // maps) and the injection written.
  static uint64_t injection(uint64_t points, int cascades) {
    return points * (uint64_t(cascades) * 32 + 4);
  }
  // Per texel: the injection, from four grid points where the injection pass made it, or from
  // every cascade's Jacobian where this pass computes it (`own` of the t texels); two taps of
  // last step's state fetched, the slopes' texel read and the map's written, the state written,
  // and the map's levels 1-4 (a third of level 0).
  static uint64_t foam(uint64_t t, uint64_t own, int cascades) {
    return (t - own) * 4 * 4 + own * uint64_t(cascades) * 32 + t * (2 * 8 + 32 + 8) + t * 16 / 3;
  }
  // Level 0 of `maps` rgba32f maps read, the levels above it (a third as many texels) written.
  static uint64_t mips(uint64_t t, uint64_t maps) { return t * 16 * maps * 4 / 3; }
  // The displacement and derivative chains above level first_mip.
  static uint64_t surface_mips(uint64_t t, int first_mip) { return mips(t >> (2 * first_mip), 2); }
  // The foam map's chain above the levels the foam pass made.
  static uint64_t foam_mip_tail(uint64_t t) { return mips(t >> (2 * kFoamPassLevels), 1); }
};

int mip_levels(int n) {
  int levels = 1;
  while ((n >> levels) > 0) ++levels;
  return levels;
}


bool spectrum_changed(const Params& a, const Params& b) {
  return a.spectrum != b.spectrum || a.patch_sizes != b.patch_sizes ||
         a.depth != b.depth || a.seed != b.seed || a.loop_period != b.loop_period;
}

bool shape_changed(const Params& a, const Params& b) {
  return a.size != b.size || a.cascades != b.cascades || a.algorithm != b.algorithm ||
         a.pack_pairs != b.pack_pairs || a.fusion != b.fusion;
}

// Where cascade c > 0 starts: this many of its own grid steps, so its lowest waves are still
// resolved by several cells, while the previous cascade (with 4x finer steps at the default
// ratios) carries everything below.
constexpr double kBandStartSteps = 6.0;

void check_finite(float v, const char* what) {
  if (!std::isfinite(v))
    throw Error(ErrorCode::InvalidArgument, std::string(what) + " must be a finite number");
}

const char* fusion_suffix(Fusion f) {
  return f == Fusion::Full ? " fused" : f == Fusion::Spectrum ? " fused spectrum" : "";
}

}  // namespace

std::vector<CascadeBand> cascade_bands(const Params& p) {
  std::vector<CascadeBand> bands;
  const int count = std::clamp(p.cascades, 1, kMaxCascades);
  for (int c = 0; c < count; ++c) {
    const double l = p.patch_sizes[size_t(c)];
    const double lo = c == 0 ? 0.0 : kBandStartSteps * 2.0 * std::numbers::pi / l;
    if (c > 0) bands.back().k_hi = lo;
    // Radial Nyquist: the square grid's corners reach further, but only along the diagonals.
    bands.push_back({float(l), lo, std::numbers::pi * p.size / l});
  }
  return bands;
}

double theoretical_variance(const Params& p) {
  const std::vector<CascadeBand> bands = cascade_bands(p);
  return band_variance(p.spectrum, p.depth, bands.front().k_lo, bands.back().k_hi);
}

double theoretical_slope_variance(const Params& p) {
  const std::vector<CascadeBand> bands = cascade_bands(p);
  return band_slope_variance(p.spectrum, p.depth, bands.front().k_lo, bands.back().k_hi);
}

double foam_decay(const Params& p) {
  const double omega = peak_omega(p.spectrum.wind);
  const double period = omega > 0.0 ? 2.0 * std::numbers::pi / omega : 1.0;
  // A larger breaker's bubble plume is deeper and feeds its foam for longer: the lifetime in
  // peak periods grows in proportion to U10 (from 1 m/s, so no wind leaves no endless foam).
  const double wind = std::max(double(p.spectrum.wind.wind_speed), 1.0) / 10.0;
  return 1.0 / (double(p.foam_lifetime) * period * wind);
}

double breaking_length(const Params& p) {
  return double(p.foam_breaking_length) * double(p.spectrum.wind.wind_speed) / 10.0;
}

double subgrid_slope_variance(const Params& p) {
  return short_wave_slope_variance(p.spectrum, cascade_bands(p).back().k_hi);
}

void validate(const Params& p) {
  if (!std::has_single_bit(unsigned(p.size)) || p.size < kMinSize || p.size > kMaxSize)
    throw Error(ErrorCode::InvalidArgument,
                "ocean size " + std::to_string(p.size) + " must be a power of two in " +
                    std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
  if (p.cascades < 1 || p.cascades > kMaxCascades)
    throw Error(ErrorCode::InvalidArgument, "cascades " + std::to_string(p.cascades) +
                                                " must be in 1.." + std::to_string(kMaxCascades));
  for (int c = 0; c < p.cascades; ++c) {
    const float l = p.patch_sizes[size_t(c)];
    const std::string which = "patch size of cascade " + std::to_string(c);
    check_finite(l, which.c_str());
    if (l <= 0) throw Error(ErrorCode::InvalidArgument, which + " must be positive");
    if (c > 0 && !(l < p.patch_sizes[size_t(c - 1)]))
      throw Error(ErrorCode::InvalidArgument,
                  which + " (" + std::to_string(l) + " m) must be smaller than cascade " +
                      std::to_string(c - 1) + "'s");
  }
  const std::vector<CascadeBand> bands = cascade_bands(p);
  for (size_t c = 1; c < bands.size(); ++c) {
    const double nyquist = std::numbers::pi * p.size / bands[c - 1].patch_size;
    if (bands[c].k_lo >= nyquist || bands[c].k_lo >= bands[c].k_hi) {
      char buf[300];
      std::snprintf(buf, sizeof buf,
                    "cascade %zu (patch %.4g m) would start at k = %.3g rad/m, beyond what cascade "
                    "%zu (patch %.4g m) resolves at size %d (k < %.3g): use patch sizes closer "
                    "together or a larger size",
                    c, double(bands[c].patch_size), bands[c].k_lo, c - 1,
                    double(bands[c - 1].patch_size), p.size, nyquist);
      throw Error(ErrorCode::InvalidArgument, buf);
    }
  }
  validate(p.spectrum);
  check_finite(p.choppiness, "choppiness");
  check_finite(p.depth, "depth");
  check_finite(p.time_scale, "time scale");
  check_finite(p.loop_period, "loop period");
  check_finite(p.foam_threshold, "foam threshold");
  check_finite(p.foam_softness, "foam softness");
  check_finite(p.foam_grow, "foam grow");
  check_finite(p.foam_lifetime, "foam lifetime");
  check_finite(p.foam_breaking_length, "foam breaking length");
  if (p.depth <= 0) throw Error(ErrorCode::InvalidArgument, "depth must be positive");
  if (p.loop_period < 0)
    throw Error(ErrorCode::InvalidArgument, "loop period must not be negative (0 = no loop)");
  if (p.foam_softness <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam softness must be positive");
  if (p.foam_grow < 0) throw Error(ErrorCode::InvalidArgument, "foam grow must not be negative");
  if (p.foam_lifetime <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam lifetime must be positive (peak periods)");
  if (p.foam_breaking_length <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam breaking length must be positive (metres)");
}

Simulation::Simulation(const gl::ShaderLibrary& shaders, const Params& params)
    : shaders_(&shaders), params_(params) {
  validate(params_);
  init_program_ = shaders.compute("ocean/initial_spectrum.comp");
  downsample_program_ = shaders.compute("ocean/downsample.comp");
  foam_injection_program_ = shaders.compute("ocean/foam_injection.comp");
  const std::vector<GLuint> zeros(kMipCounters, 0u);
  mip_counters_ = gl::make_buffer(shaders.context(), GL_SHADER_STORAGE_BUFFER,
                                  zeros.size() * sizeof(GLuint), zeros.data(), GL_DYNAMIC_DRAW);
  filtered_ = gl::make_sampler(shaders.context(), GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT);
  reserve_injection(params_);
  rebuild_size();
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

void Simulation::rebuild_size() {
  const int n = params_.size;
  const int cascades = params_.cascades;
  gl::Context& ctx = shaders_->context();
  const gl::Limits& limits = ctx.limits();
  if (n > limits.max_texture_size)
    throw Error(ErrorCode::InvalidArgument, "ocean size " + std::to_string(n) +
                                                " exceeds the driver's texture size limit " +
                                                std::to_string(limits.max_texture_size));
  fft::Options o;
  o.width = n;
  o.height = n;
  o.layers = layers();
  o.algorithm = params_.algorithm;
  // Build everything new before dropping the old, so a failure leaves the simulation usable.
  auto plan = std::make_unique<fft::Plan>(o, *shaders_);
  const gl::Defines defines = {{"PACKED", params_.pack_pairs ? "1" : "0"}};
  gl::Program spectrum = shaders_->compute("ocean/spectrum.comp", defines);
  gl::Program assemble = shaders_->compute("ocean/assemble.comp", defines);
  gl::Program foam = shaders_->compute(
      "ocean/foam.comp", {{"INJECTION_GRID", n >= kInjectionPassFrom ? "1" : "0"}});
  // The fused passes are the fast kernel's own with other loads and stores, so they need its
  // register path on both axes, and the packed layout (two planes per cascade, assembled by one
  // work group).
  const bool registers = plan->horizontal().kind == fft::AxisStrategy::Kind::Registers &&
                         plan->vertical().kind == fft::AxisStrategy::Kind::Registers;
  const Fusion fusion = params_.pack_pairs && registers ? params_.fusion : Fusion::None;
  gl::Program fused_rows, fused_columns, columns;
  // The fused row pass evaluates the spectrum in its loads, so it too may want another strategy
  // than the plan's row pass.
  fft::AxisStrategy spectrum_rows = plan->horizontal();
  if (fusion != Fusion::None) {
    spectrum_rows = fft::detail::plan_fast_spectrum_rows(plan->horizontal(), n, limits, o);
    fused_rows = shaders_->compute("ocean/fused_rows.comp", fft::detail::fast_defines(spectrum_rows, 0));
  }
  // The fused column pass holds two planes per group, so it may want another strategy than the
  // plan's column pass.
  fft::AxisStrategy pair_columns = plan->vertical();
  bool columns_level1 = false;
  if (fusion == Fusion::Full) {
    pair_columns = fft::detail::plan_fast_pair_columns(plan->vertical(), n, limits, o);
    // Level 1 needs whole 2 x 2 quads in a group (an even number of adjacent columns), and its
    // exchange a vec4 per invocation in the FFT's shared memory (fast.glsl's FFT_SHARE). It
    // costs the pass a quad exchange per element and saves the mip rounds reading level 0: on
    // the H100 (session 7) 3-4 % off the step from 4 x 512^2 and 3 x 1024^2 on, level at
    // 3 x 512^2, 1.6 % more at 256^2, whose chain already takes a single dispatch.
    columns_level1 = n >= kColumnsLevel1From && pair_columns.lines % 2 == 0 &&
                     pair_columns.subgroup == 0 &&
                     pair_columns.elements_per_invocation * pair_columns.exchange >= 4;
    gl::Defines d = fft::detail::fast_defines(pair_columns, 1);
    d.push_back({"LEVEL1", columns_level1 ? "1" : "0"});
    fused_columns = shaders_->compute("ocean/fused_columns.comp", d);
  }
  if (fusion == Fusion::Spectrum)
    columns = shaders_->compute("fft/fast.comp", fft::detail::fast_defines(plan->vertical(), 1));
  gl::Texture h0(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades);
  gl::Texture phase0(ctx, GL_TEXTURE_2D_ARRAY, GL_R32F, n, n, cascades);
  gl::Texture phase1(ctx, GL_TEXTURE_2D_ARRAY, GL_R32F, n, n, cascades);
  gl::Texture omega(ctx, GL_TEXTURE_2D_ARRAY, GL_R32F, n, n, cascades);
  gl::Texture spec = gl::make_complex_texture(ctx, n, n, layers());
  gl::Texture disp(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades, mip_levels(n));
  gl::Texture derivs(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades, mip_levels(n));
  gl::Texture foam_slopes(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades, mip_levels(n));
  // A change of algorithm or fusion keeps the grid, and the foam with it: toggling the FFT live
  // must not wipe the whitecaps.
  const bool keep_foam = foam_[0].id() != 0 && foam_[0].width() == n && foam_[0].layers() == cascades;
  gl::Texture foam0, foam1;
  if (!keep_foam) {
    foam0 = gl::Texture(ctx, GL_TEXTURE_2D_ARRAY, GL_RG32F, n, n, cascades);
    foam1 = gl::Texture(ctx, GL_TEXTURE_2D_ARRAY, GL_RG32F, n, n, cascades);
  }

  plan_ = std::move(plan);
  spectrum_program_ = std::move(spectrum);
  assemble_program_ = std::move(assemble);
  foam_program_ = std::move(foam);
  fused_rows_program_ = std::move(fused_rows);
  fused_columns_program_ = std::move(fused_columns);
  pair_columns_ = pair_columns;
  spectrum_rows_ = spectrum_rows;
  // The assemble pass always makes level 1; the fused column pass where columns_level1.
  mip_first_level_ = fusion != Fusion::Full || columns_level1 ? 1 : 0;
  columns_program_ = std::move(columns);
  fusion_ = fusion;
  h0_ = std::move(h0);
  phase_[0] = std::move(phase0);
  phase_[1] = std::move(phase1);
  omega_ = std::move(omega);
  phase_current_ = 0;
  spectrum_ = std::move(spec);
  displacement_ = std::move(disp);
  derivatives_ = std::move(derivs);
  foam_slopes_ = std::move(foam_slopes);
  if (!keep_foam) {
    foam_[0] = std::move(foam0);
    foam_[1] = std::move(foam1);
    foam_current_ = 0;
    foam_reset_ = true;
  }
  bands_ = cascade_bands(params_);
  make_h0(/*keep_phase=*/false);
  // The maps must hold this ocean before the first step() too: a renderer may draw at once.
  step(time_);
}

void Simulation::make_h0(bool keep_phase) {
  const Params& p = params_;
  bands_ = cascade_bands(p);
  subgrid_mss_ = ocean::subgrid_slope_variance(p);
  const gl::Program& prog = init_program_;
  glUseProgram(prog.id());
  set_spectrum_uniforms(prog, p.spectrum, p.depth);
  float patch[kMaxCascades] = {}, lo[kMaxCascades] = {}, hi[kMaxCascades] = {};
  for (size_t c = 0; c < bands_.size(); ++c) {
    patch[c] = bands_[c].patch_size;
    lo[c] = float(bands_[c].k_lo);
    hi[c] = float(bands_[c].k_hi);
  }
  glUniform1i(gl::uniform(prog, "uN"), p.size);
  glUniform1fv(gl::uniform(prog, "uPatch"), kMaxCascades, patch);
  glUniform1fv(gl::uniform(prog, "uBandLo"), kMaxCascades, lo);
  glUniform1fv(gl::uniform(prog, "uBandHi"), kMaxCascades, hi);
  glUniform2ui(gl::uniform(prog, "uSeed"), GLuint(p.seed & 0xffffffffu), GLuint(p.seed >> 32));
  glUniform1f(gl::uniform(prog, "uLoopOmega"),
              p.loop_period > 0 ? float(2.0 * std::numbers::pi / p.loop_period) : 0.0f);
  glUniform1i(gl::uniform(prog, "uKeepPhase"), keep_phase ? 1 : 0);
  glUniform1d(gl::uniform(prog, "uSimTime"), simulated_time_);
  glBindImageTexture(0, h0_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glBindImageTexture(1, phase_[phase_current_].id(), 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32F);
  glBindImageTexture(2, omega_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32F);
  const GLuint groups = GLuint((p.size + kGroup - 1) / kGroup);
  glDispatchCompute(groups, groups, GLuint(p.cascades));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                  GL_TEXTURE_FETCH_BARRIER_BIT);
}

void Simulation::set_params(const Params& params) {
  validate(params);
  const Params old = params_;
  params_ = params;
  try {
    // The breaking length follows the wind, and the injection's grids with it.
    reserve_injection(params_);
    if (shape_changed(old, params_))
      rebuild_size();  // makes h0 and steps too
    else if (spectrum_changed(old, params_)) {
      make_h0(/*keep_phase=*/true);
      step(time_);
    } else if (old.choppiness != params_.choppiness ||
               old.foam_threshold != params_.foam_threshold ||
               old.foam_softness != params_.foam_softness ||
               old.foam_breaking_length != params_.foam_breaking_length)
      step(time_);
  } catch (...) {
    params_ = old;  // the old GL objects are still in place
    bands_ = cascade_bands(params_);
    throw;
  }
}

void Simulation::set_initial_spectrum(int cascade, std::span<const std::complex<float>> h0) {
  const int n = params_.size;
  if (cascade < 0 || cascade >= params_.cascades)
    throw Error(ErrorCode::InvalidArgument, "no cascade " + std::to_string(cascade));
  if (h0.size() != size_t(n) * n)
    throw Error(ErrorCode::InvalidArgument, "initial spectrum needs " + std::to_string(n * n) +
                                                " values, got " + std::to_string(h0.size()));
  // Each texel holds its wave pair, h0(k) and conj(h0(-k)); the dispersion stays as it is.
  std::vector<float> texels(h0.size() * 4);
  for (int z = 0; z < n; ++z)
    for (int x = 0; x < n; ++x) {
      const size_t i = size_t(z) * n + x;
      const size_t mirror = size_t((n - z) & (n - 1)) * n + size_t((n - x) & (n - 1));  // -k
      const std::complex<float> minus = std::conj(h0[mirror]);
      texels[4 * i + 0] = h0[i].real();
      texels[4 * i + 1] = h0[i].imag();
      texels[4 * i + 2] = minus.real();
      texels[4 * i + 3] = minus.imag();
    }
  glBindTexture(GL_TEXTURE_2D_ARRAY, h0_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, cascade, n, n, 1, GL_RGBA, GL_FLOAT,
                  texels.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

std::vector<float> Simulation::download_map(const gl::Texture& map, int layer) {
  if (layer < 0 || layer >= map.layers())
    throw Error(ErrorCode::InvalidArgument, "the map has no layer " + std::to_string(layer));
  const size_t texels = size_t(map.width()) * map.height();
  const int channels = map.format() == GL_R32F ? 1 : 4;
  std::vector<float> all(texels * channels * map.layers());
  glBindTexture(map.target(), map.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(map.target(), 0, channels == 1 ? GL_RED : GL_RGBA, GL_FLOAT, all.data());
  glBindTexture(map.target(), 0);
  const auto first = all.begin() + std::ptrdiff_t(texels * channels * layer);
  return std::vector<float>(first, first + std::ptrdiff_t(texels * channels));
}

double Simulation::height_variance(int cascade) const {
  const std::vector<float> d = download_map(displacement_, cascade);
  double sum = 0;
  for (size_t i = 1; i < d.size(); i += 4) sum += double(d[i]) * d[i];
  return sum / double(d.size() / 4);
}

double Simulation::slope_variance(int cascade) const {
  const std::vector<float> t = download_map(foam_slopes_, cascade);
  double sum = 0;
  for (size_t i = 0; i < t.size(); i += 4) sum += double(t[i + 1]) + t[i + 2];
  return sum / double(t.size() / 4);
}

double Simulation::mean_foam(int channel) const {
  const int n = params_.size, cascades = params_.cascades;
  std::vector<std::vector<float>> foam;
  for (int c = 0; c < cascades; ++c) foam.push_back(download_map(foam_slopes_, c));
  auto at = [&](int c, int x, int z) {
    return foam[size_t(c)][4 * (size_t(z & (n - 1)) * size_t(n) + size_t(x & (n - 1))) + size_t(channel)];
  };
  constexpr int kSide = 512;
  const double first = bands_.front().patch_size;
  uint32_t state = 0x9e3779b9u;
  auto next = [&state] {  // xorshift: a fixed jitter, the same every call
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return double(state) / 4294967296.0;
  };
  double white = 0.0;
  for (int i = 0; i < kSide; ++i)
    for (int j = 0; j < kSide; ++j) {
      const double wx = (i + next()) * first / kSide, wz = (j + next()) * first / kSide;
      float sum = 0.0f;
      for (int c = 0; c < cascades; ++c) {
        const double scale = n / double(bands_[size_t(c)].patch_size);
        const double px = wx * scale, pz = wz * scale;
        const int x = int(std::floor(px)), z = int(std::floor(pz));
        const float fx = float(px - x), fz = float(pz - z);
        const float a = at(c, x, z) + (at(c, x + 1, z) - at(c, x, z)) * fx;
        const float b = at(c, x, z + 1) + (at(c, x + 1, z + 1) - at(c, x, z + 1)) * fx;
        sum += a + (b - a) * fz;
      }
      white += std::min(double(sum), 1.0);
    }
  return white / (double(kSide) * kSide);
}

const gl::Texture& Simulation::fields() const {
  return *last_fields_;
}

void Simulation::step(double time_seconds, gl::PassTimer* timer) {
  const double dt = (time_seconds - time_) * double(params_.time_scale);
  time_ = time_seconds;
  simulated_time_ += dt;
  if (fusion_ != Fusion::None)
    step_fused(dt, timer);
  else
    step_unfused(dt, timer);
  phase_current_ ^= 1;
  // The foam pass reads the surface filtered to the breaking scale, so the displacement and
  // derivative chains come first; the foam-and-slopes map's chain, which carries the foam, after.
  {
    gl::ScopedPass pass(timer, "ocean.mipmaps",
                        PassBytes::surface_mips(texels(), mip_first_level_));
    // Only the foam pass's fetches read them before the last chain's barrier, which covers
    // every write before it for the renderer and readbacks.
    make_mipmaps({&displacement_, &derivatives_}, mip_first_level_, GL_TEXTURE_FETCH_BARRIER_BIT);
  }
  foam_pass(dt, timer);
  foam_reset_ = false;
  {
    // The foam pass made levels 1 to kFoamPassLevels; the rest of the chain is small.
    gl::ScopedPass pass(timer, "ocean.foam.mipmaps", PassBytes::foam_mip_tail(texels()));
    make_mipmaps({&foam_slopes_}, kFoamPassLevels, kMapsWritten);
  }
}

uint64_t Simulation::texels() const {
  return uint64_t(params_.size) * uint64_t(params_.size) * uint64_t(params_.cascades);
}

void Simulation::bind_evolve_inputs(const gl::Program& prog, double dt) const {
  float patch[kMaxCascades] = {};
  for (size_t c = 0; c < bands_.size(); ++c) patch[c] = bands_[c].patch_size;
  glUseProgram(prog.id());
  glUniform1i(gl::uniform(prog, "uN"), params_.size);
  glUniform1fv(gl::uniform(prog, "uPatch"), kMaxCascades, patch);
  glUniform1d(gl::uniform(prog, "uDt"), dt);
  const bool long_step = !(std::abs(dt) <= kShortStep);
  glUniform1f(gl::uniform(prog, "uShortDt"), long_step ? 0.0f : float(dt));
  glUniform1i(gl::uniform(prog, "uLongStep"), long_step ? 1 : 0);
  glBindImageTexture(2, h0_.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glBindImageTexture(3, phase_[phase_current_].id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_R32F);
  glBindImageTexture(4, phase_[phase_current_ ^ 1].id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32F);
  glBindImageTexture(5, omega_.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_R32F);
}

void Simulation::set_assemble_uniforms(const gl::Program& prog) const {
  glUseProgram(prog.id());
  glUniform1f(gl::uniform(prog, "uChoppiness"), params_.choppiness);
  glBindImageTexture(2, displacement_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glBindImageTexture(3, derivatives_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glBindImageTexture(4, displacement_.id(), 1, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glBindImageTexture(5, derivatives_.id(), 1, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
}

void Simulation::step_unfused(double dt, gl::PassTimer* timer) {
  const int n = params_.size;
  const GLuint groups = GLuint((n + kGroup - 1) / kGroup);
  const GLuint cascades = GLuint(params_.cascades);
  const uint64_t per_cascade = uint64_t(layers_per_cascade());
  {
    gl::ScopedPass pass(timer, "ocean.spectrum", PassBytes::spectrum(texels(), per_cascade));
    bind_evolve_inputs(spectrum_program_, dt);
    glBindImageTexture(1, spectrum_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glDispatchCompute(groups, groups, cascades);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT);
  }
  last_fields_ = &plan_->execute(fft::Direction::Inverse, spectrum_, timer);
  assemble_pass(*last_fields_, dt, timer);
}

void Simulation::assemble_pass(const gl::Texture& fields, double dt, gl::PassTimer* timer) {
  const GLuint groups = GLuint((params_.size + kGroup - 1) / kGroup);
  gl::ScopedPass pass(timer, "ocean.assemble",
                      PassBytes::assemble(texels(), uint64_t(layers_per_cascade())));
  const gl::Program& prog = assemble_program_;
  set_assemble_uniforms(prog);
  glBindImageTexture(0, fields.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glDispatchCompute(groups, groups, GLuint(params_.cascades));
  glMemoryBarrier(kFoamSourceWritten);
}

// What every fused pass tells the FFT kernel it runs (bound program): an inverse transform along
// `axis` with this scale, and that axis's twiddles.
void Simulation::set_inverse_axis(const gl::Program& prog, int axis, float scale) const {
  glUniform1i(gl::uniform(prog, "uDirection"), 1);
  glUniform1f(gl::uniform(prog, "uScale"), scale);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, plan_->twiddles(axis).id());
}

void Simulation::step_fused(double dt, gl::PassTimer* timer) {
  const fft::Options& o = plan_->options();
  // The fused passes run where the plan's are on the register path, whose axes meet in a buffer.
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_INTERMEDIATE, plan_->intermediate()->id());
  const float scale = 1.0f / float(params_.size);  // per axis; the spectrum holds N^2 h
  {
    gl::ScopedPass pass(timer, "ocean.spectrum+fft.rows", PassBytes::rows_fused(texels()));
    const gl::Program& prog = fused_rows_program_;
    bind_evolve_inputs(prog, dt);
    set_inverse_axis(prog, 0, scale);
    unsigned g[3];
    fft::detail::fast_dispatch_size(spectrum_rows_, 0, o, g);
    // One group per FFT layer and block of rows. From kPlanesSideBySide on, a cascade's two
    // planes are the dispatch's fastest index (x), so the second group to evolve a wave finds
    // its h0 and phase in cache; below, layer after layer (z) was faster.
    if (params_.size >= kPlanesSideBySide)
      glDispatchCompute(GLuint(layers_per_cascade()), g[1], GLuint(params_.cascades));
    else
      glDispatchCompute(1, g[1], GLuint(layers()));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  if (fusion_ == Fusion::Spectrum) {
    // The column pass as the plan runs it, then the assemble pass on its output.
    const gl::Texture& fields = plan_->targets()[0];
    {
      gl::ScopedPass pass(timer, "fft.vertical", fft::pass_bytes(o));
      const gl::Program& prog = columns_program_;
      glUseProgram(prog.id());
      set_inverse_axis(prog, 1, scale);
      glBindImageTexture(FFT_IMAGE_DST, fields.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
      unsigned g[3];
      fft::detail::fast_dispatch_size(plan_->vertical(), 1, o, g);
      glDispatchCompute(g[0], g[1], g[2]);
      glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    }
    last_fields_ = &fields;
    assemble_pass(fields, dt, timer);
    return;
  }
  // No fields texture is written: fields() hands out a plan texture of the right shape, stale.
  last_fields_ = &plan_->targets()[0];
  {
    gl::ScopedPass pass(timer, "ocean.fft.columns+assemble",
                        PassBytes::columns_fused(texels(), mip_first_level_));
    const gl::Program& prog = fused_columns_program_;
    set_assemble_uniforms(prog);
    set_inverse_axis(prog, 1, scale);
    unsigned g[3];
    fft::detail::fast_dispatch_size(pair_columns_, 1, o, g);
    glDispatchCompute(g[0], g[1], GLuint(params_.cascades));  // both planes of a cascade per group
    glMemoryBarrier(kFoamSourceWritten);
  }
}

namespace {
int stride_for(const Params& p, double patch_size) {
  const double cell = patch_size / p.size;
  const double s = std::exp2(std::floor(std::log2(0.5 * breaking_length(p) / cell)));
  return int(std::clamp(s, 1.0, 16.0));
}
}  // namespace

int Simulation::injection_stride(int cascade) const {
  return stride_for(params_, bands_.at(size_t(cascade)).patch_size);
}

Simulation::InjectionGrids Simulation::injection_grids(const Params& p,
                                                       const std::vector<CascadeBand>& bands) {
  InjectionGrids g;
  const int n = p.size;
  for (int c = 0; c < p.cascades; ++c) {
    g.stride[c] = stride_for(p, bands.at(size_t(c)).patch_size);
    g.offset[c] = g.points;
    if (n < kInjectionPassFrom) {  // the foam pass computes the injection itself
      g.own_texels += uint64_t(n) * uint64_t(n);
      continue;
    }
    g.points += (n / g.stride[c]) * (n / g.stride[c]);
    g.largest = std::max(g.largest, n / g.stride[c]);
  }
  return g;
}

void Simulation::reserve_injection(const Params& p) {
  const size_t bytes = std::max(size_t(injection_grids(p, cascade_bands(p)).points), size_t(1)) *
                       sizeof(float);
  if (bytes <= injection_bytes_) return;
  injection_ = gl::make_buffer(shaders_->context(), GL_SHADER_STORAGE_BUFFER, bytes, nullptr,
                               GL_DYNAMIC_COPY);  // may throw; nothing has changed before it
  injection_bytes_ = bytes;
}

void Simulation::foam_pass(double dt, gl::PassTimer* timer) {
  const int n = params_.size;
  const int cascades = params_.cascades;
  float patch[kMaxCascades] = {};
  for (size_t c = 0; c < bands_.size(); ++c) patch[c] = bands_[c].patch_size;
  const InjectionGrids grids = injection_grids(params_, bands_);
  if (size_t(grids.points) * sizeof(float) > injection_bytes_)
    throw Error(ErrorCode::GlRuntime, "internal: the injection buffer was not reserved");
  const float lambda = params_.choppiness;
  // Both passes sample the maps for the injection (ocean/injection.glsl).
  auto set_injection = [&](const gl::Program& prog) {
    glUseProgram(prog.id());
    glUniform1i(gl::uniform(prog, "uN"), n);
    glUniform1i(gl::uniform(prog, "uCascades"), cascades);
    glUniform1fv(gl::uniform(prog, "uPatch"), kMaxCascades, patch);
    glUniform1f(gl::uniform(prog, "uInvChoppiness"), lambda != 0.0f ? 1.0f / lambda : 0.0f);
    glUniform1f(gl::uniform(prog, "uBreakingLength"), float(breaking_length(params_)));
    glUniform1f(gl::uniform(prog, "uFoamThreshold"), params_.foam_threshold);
    glUniform1f(gl::uniform(prog, "uFoamSoftness"), params_.foam_softness);
    glUniform1iv(gl::uniform(prog, "uStride"), kMaxCascades, grids.stride);
    if (grids.points > 0) glUniform1iv(gl::uniform(prog, "uGridOffset"), kMaxCascades, grids.offset);
    glUniform1i(gl::uniform(prog, "uDisplacementMap"), 0);
    glUniform1i(gl::uniform(prog, "uDerivativesMap"), 1);
  };
  const GLuint maps[] = {displacement_.id(), derivatives_.id(), foam_[foam_current_].id()};
  for (GLuint unit = 0; unit < 3; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D_ARRAY, maps[unit]);
    glBindSampler(unit, filtered_.id());
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, injection_.id());
  if (grids.points > 0) {
    gl::ScopedPass pass(timer, "ocean.foam.injection",
                        PassBytes::injection(uint64_t(grids.points), cascades));
    set_injection(foam_injection_program_);
    const GLuint groups = GLuint((grids.largest + kInjectionGroup - 1) / kInjectionGroup);
    glDispatchCompute(groups, groups, GLuint(cascades));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  gl::ScopedPass pass(timer, "ocean.foam", PassBytes::foam(texels(), grids.own_texels, cascades));
  const GLuint groups = GLuint((n + kGroup - 1) / kGroup);
  const gl::Program& prog = foam_program_;
  set_injection(prog);
  glUniform1f(gl::uniform(prog, "uFoamGrow"), params_.foam_grow);
  glUniform1f(gl::uniform(prog, "uFoamDecay"), float(foam_decay(params_)));
  // Running time backwards (a test, a scrubbed timeline) neither grows nor melts foam.
  glUniform1f(gl::uniform(prog, "uDt"), float(std::max(dt, 0.0)));
  glUniform1i(gl::uniform(prog, "uFoamReset"), foam_reset_ ? 1 : 0);
  glUniform3f(gl::uniform(prog, "uFoamResidual"), kFoamResidualGain, kFoamResidualDecay,
              float(kFoamResidualStreakPerWind2 * double(params_.spectrum.wind.wind_speed) *
                    double(params_.spectrum.wind.wind_speed)));
  const WaveComponent& wind = params_.spectrum.wind;
  const double heading = double(wind.direction_deg) * std::numbers::pi / 180.0;
  const float wx = float(std::cos(heading)), wz = float(std::sin(heading));
  const float drift = float(kFoamDriftPerWind) * wind.wind_speed;
  glUniform2f(gl::uniform(prog, "uFoamDrift"), drift * wx, drift * wz);
  glUniform2f(gl::uniform(prog, "uFoamWindDir"), wx, wz);
  glUniform1f(gl::uniform(prog, "uFoamStreak"), float(kFoamStreakPerWind) * wind.wind_speed);
  glUniform1i(gl::uniform(prog, "uFoamPrev"), 2);
  glBindImageTexture(0, foam_slopes_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glBindImageTexture(1, foam_[foam_current_ ^ 1].id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RG32F);
  for (int k = 1; k <= kFoamPassLevels; ++k)
    glBindImageTexture(GLuint(1 + k), foam_slopes_.id(), k, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glDispatchCompute(groups, groups, GLuint(params_.cascades));
  // The mip passes fetch the foam-and-slopes map; the next step's foam pass fetches the new state.
  glMemoryBarrier(kMipSourceWritten);
  for (GLuint unit = 3; unit-- > 0;) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glBindSampler(unit, 0);
  }
  foam_current_ ^= 1;
}

void Simulation::make_mipmaps(std::initializer_list<const gl::Texture*> maps, int first,
                              GLbitfield last_barrier) const {
  const gl::Program& prog = downsample_program_;
  glUseProgram(prog.id());
  glUniform1i(gl::uniform(prog, "uSource"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, mip_counters_.id());
  const int levels = displacement_.levels();
  // Round by round (levels 1-5, then 6-10), every map per round: the maps are independent,
  // so only a round's dispatches wait for the previous round, and a barrier costs ~2 us on an
  // H100 (docs/perf-notes.md), several times a small dispatch. Where at most kMipTailLevels
  // remain after a round, its last group per layer makes them instead of another round.
  for (int base = first; base + 1 < levels; base += kMipRoundLevels) {
    const int count = std::min(kMipRoundLevels, levels - 1 - base);
    const int rest = levels - 1 - base - count;
    const int tail = count == kMipRoundLevels && rest <= kMipTailLevels ? rest : 0;
    const int size = std::max(params_.size >> base, 1);
    glUniform1i(gl::uniform(prog, "uBase"), base);
    glUniform1i(gl::uniform(prog, "uLevels"), count);
    glUniform1i(gl::uniform(prog, "uSize"), size);
    glUniform1i(gl::uniform(prog, "uTail"), tail);
    const GLuint groups = GLuint((std::max(size / 2, 1) + 15) / 16);
    int counter = 0;
    for (const gl::Texture* map : maps) {
      glBindTexture(GL_TEXTURE_2D_ARRAY, map->id());
      // Units past the last level stay empty; the shader's stores through them are ignored.
      // The last round level is read back by the tail, so it is bound for reading too.
      for (int k = 1; k <= kMipRoundLevels + kMipTailLevels; ++k) {
        const bool used = k <= count || (k > kMipRoundLevels && k <= kMipRoundLevels + tail);
        glBindImageTexture(GLuint(k - 1), used ? map->id() : 0, used ? base + k : 0, GL_TRUE, 0,
                           k == kMipRoundLevels ? GL_READ_WRITE : GL_WRITE_ONLY, GL_RGBA32F);
      }
      glUniform1i(gl::uniform(prog, "uCounter"), counter);
      counter += map->layers();
      glDispatchCompute(groups, groups, GLuint(map->layers()));
    }
    if (tail > 0) base += tail;
    // The next round fetches what this one stored; after the last, whoever reads the chain (and
    // the next step's tails their reset counters).
    glMemoryBarrier(base + kMipRoundLevels + 1 < levels
                        ? GL_TEXTURE_FETCH_BARRIER_BIT
                        : last_barrier | (tail > 0 ? GL_SHADER_STORAGE_BARRIER_BIT : 0));
  }
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

uint64_t Simulation::bytes_per_step() const {
  const uint64_t t = texels(), planes = uint64_t(layers_per_cascade());
  const InjectionGrids grids = injection_grids(params_, bands_);
  const uint64_t after = PassBytes::surface_mips(t, mip_first_level_) +
                         PassBytes::injection(uint64_t(grids.points), params_.cascades) +
                         PassBytes::foam(t, grids.own_texels, params_.cascades) +
                         PassBytes::foam_mip_tail(t);
  if (fusion_ == Fusion::Full)
    return PassBytes::rows_fused(t) + PassBytes::columns_fused(t, mip_first_level_) + after;
  const fft::Options& o = plan_->options();
  if (fusion_ == Fusion::Spectrum)
    return PassBytes::rows_fused(t) + fft::pass_bytes(o) + PassBytes::assemble(t, planes) + after;
  uint64_t fft = 0;
  for (const fft::AxisStrategy* s : {&plan_->horizontal(), &plan_->vertical()}) {
    int stages = 0;
    while ((1 << stages) < s->length) ++stages;
    fft += s->kind == fft::AxisStrategy::Kind::StageDispatches ? fft::pass_bytes(o) * stages
                                                                  : fft::pass_bytes(o);
  }
  return PassBytes::spectrum(t, planes) + fft + PassBytes::assemble(t, planes) + after;
}

std::string Simulation::describe() const {
  char buf[240];
  std::snprintf(buf, sizeof buf,
                "ocean %dx%d x %d cascade(s), L=%.0f..%.3g m, %s, %s%s, %d FFT layer(s)",
                params_.size, params_.size, params_.cascades, double(params_.patch_sizes[0]),
                double(params_.patch_sizes[size_t(params_.cascades - 1)]),
                std::string(name(params_.spectrum.wind.spectrum)).c_str(),
                std::string(fft::name(params_.algorithm)).c_str(), fusion_suffix(fusion_),
                layers());
  return buf;
}

}  // namespace oceanfft::ocean
