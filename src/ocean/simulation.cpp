// SPDX-License-Identifier: MIT
#include "ocean/simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "gl/error.h"
#include "ocean/passes.h"
#include "ocean/spectrum_uniforms.h"

namespace oceanfft::ocean {
namespace {

using passes::kFoamPassLevels;
using passes::kFoamSourceWritten;
using passes::kGroup;
using passes::kMapsWritten;
using passes::PassBytes;

// Seconds: steps up to this long advance the phases in float (ocean/spectrum.glsl says why and
// how precisely), longer ones in double, which the row pass pays for.
constexpr double kShortStep = 1.0;

bool spectrum_changed(const Params& a, const Params& b) {
  return a.spectrum != b.spectrum || a.patch_sizes != b.patch_sizes ||
         a.depth != b.depth || a.seed != b.seed || a.loop_period != b.loop_period;
}

bool shape_changed(const Params& a, const Params& b) {
  return a.size != b.size || a.cascades != b.cascades || a.algorithm != b.algorithm ||
         a.pack_pairs != b.pack_pairs || a.fusion != b.fusion;
}

const char* fusion_suffix(Fusion f) {
  return f == Fusion::Full ? " fused" : f == Fusion::Spectrum ? " fused spectrum" : "";
}

}  // namespace

Simulation::Simulation(const gl::ShaderLibrary& shaders, const Params& params)
    : shaders_(&shaders),
      params_((validate(params), params)),
      init_program_(shaders.compute("ocean/initial_spectrum.comp")),
      mips_(shaders),
      whitecaps_(shaders, params_) {
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
  o.fast = params_.fft_tuning;
  o.barriers = params_.fft_barriers;
  // Build everything new before dropping the old, so a failure leaves the simulation usable.
  auto plan = std::make_unique<fft::Plan>(o, *shaders_);
  const gl::Defines defines = {{"PACKED", params_.pack_pairs ? "1" : "0"}};
  gl::Program spectrum = shaders_->compute("ocean/spectrum.comp", defines);
  gl::Program assemble = shaders_->compute("ocean/assemble.comp", defines);
  Whitecaps::Resized foam = whitecaps_.prepare(n, cascades);
  FusedStep fused(*shaders_, *plan, params_);
  const int levels = MipChain::levels(n);
  gl::Texture h0(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades);
  gl::Texture phase0(ctx, GL_TEXTURE_2D_ARRAY, GL_R32F, n, n, cascades);
  gl::Texture phase1(ctx, GL_TEXTURE_2D_ARRAY, GL_R32F, n, n, cascades);
  gl::Texture omega(ctx, GL_TEXTURE_2D_ARRAY, GL_R32F, n, n, cascades);
  gl::Texture spec = gl::make_complex_texture(ctx, n, n, layers());
  gl::Texture disp(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades, levels);
  gl::Texture derivs(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades, levels);
  gl::Texture foam_slopes(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, n, n, cascades, levels);

  plan_ = std::move(plan);
  spectrum_program_ = std::move(spectrum);
  assemble_program_ = std::move(assemble);
  whitecaps_.adopt(std::move(foam));
  fused_ = std::move(fused);
  h0_ = std::move(h0);
  phase_[0] = std::move(phase0);
  phase_[1] = std::move(phase1);
  omega_ = std::move(omega);
  phase_current_ = 0;
  spectrum_ = std::move(spec);
  displacement_ = std::move(disp);
  derivatives_ = std::move(derivs);
  foam_slopes_ = std::move(foam_slopes);
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
    whitecaps_.reserve(params_);
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

const gl::Texture& Simulation::fields() const {
  return *last_fields_;
}

void Simulation::step(double time_seconds, gl::PassTimer* timer) {
  const double dt = (time_seconds - time_) * double(params_.time_scale);
  time_ = time_seconds;
  simulated_time_ += dt;
  if (fused_.fusion() != Fusion::None)
    step_fused(dt, timer);
  else
    step_unfused(dt, timer);
  phase_current_ ^= 1;
  // The foam pass reads the surface filtered to the breaking scale, so the displacement and
  // derivative chains come first; the foam-and-slopes map's chain, which carries the foam, after.
  {
    gl::ScopedPass pass(timer, "ocean.mipmaps",
                        PassBytes::surface_mips(texels(), fused_.mip_first_level()));
    // Only the foam pass's fetches read them before the last chain's barrier, which covers
    // every write before it for the renderer and readbacks.
    mips_.make({&displacement_, &derivatives_}, fused_.mip_first_level(), GL_TEXTURE_FETCH_BARRIER_BIT);
  }
  whitecaps_.step(params_, bands_, displacement_, derivatives_, foam_slopes_, dt, timer);
  {
    // The foam pass made levels 1 to kFoamPassLevels; the rest of the chain is small.
    gl::ScopedPass pass(timer, "ocean.foam.mipmaps", PassBytes::foam_mip_tail(texels()));
    mips_.make({&foam_slopes_}, kFoamPassLevels, kMapsWritten);
  }
}

int Simulation::spin_up_foam(double time_seconds, double fine_seconds, gl::PassTimer* timer) {
  const double scale = double(params_.time_scale);
  if (!(scale > 0.0) || !std::isfinite(time_seconds)) return 0;
  // The schedule is in simulated seconds; step() scales time_seconds' intervals by time_scale.
  const std::vector<double> simulated = foam_warmup_times(0.0, foam_balance_time(params_), fine_seconds);
  whitecaps_.clear();
  for (double s : simulated) step(time_seconds + s / scale, timer);
  return int(simulated.size());
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
  assemble_pass(*last_fields_, timer);
}

void Simulation::assemble_pass(const gl::Texture& fields, gl::PassTimer* timer) {
  const GLuint groups = GLuint((params_.size + kGroup - 1) / kGroup);
  gl::ScopedPass pass(timer, "ocean.assemble",
                      PassBytes::assemble(texels(), uint64_t(layers_per_cascade())));
  const gl::Program& prog = assemble_program_;
  set_assemble_uniforms(prog);
  glBindImageTexture(0, fields.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glDispatchCompute(groups, groups, GLuint(params_.cascades));
  glMemoryBarrier(kFoamSourceWritten);
}

void Simulation::step_fused(double dt, gl::PassTimer* timer) {
  {
    gl::ScopedPass pass(timer, "ocean.spectrum+fft.rows", PassBytes::rows_fused(texels()));
    bind_evolve_inputs(fused_.rows_program(), dt);
    fused_.dispatch_rows(*plan_, params_);
  }
  if (fused_.fusion() == Fusion::Spectrum) {
    // The column pass as the plan runs it, then the assemble pass on its output.
    const gl::Texture& fields = plan_->targets()[0];
    {
      gl::ScopedPass pass(timer, "fft.vertical", fft::pass_bytes(plan_->options()));
      fused_.dispatch_plain_columns(*plan_, params_, fields);
    }
    last_fields_ = &fields;
    assemble_pass(fields, timer);
    return;
  }
  // No fields texture is written: fields() hands out a plan texture of the right shape, stale.
  last_fields_ = &plan_->targets()[0];
  gl::ScopedPass pass(timer, "ocean.fft.columns+assemble",
                      PassBytes::columns_fused(texels(), fused_.mip_first_level()));
  set_assemble_uniforms(fused_.columns_program());
  fused_.dispatch_columns(*plan_, params_);
}

uint64_t Simulation::bytes_per_step() const {
  const uint64_t t = texels(), planes = uint64_t(layers_per_cascade());
  const int first_mip = fused_.mip_first_level();
  const Fusion fusion = fused_.fusion();
  const uint64_t after = PassBytes::surface_mips(t, first_mip) +
                         Whitecaps::bytes_per_step(params_, bands_) + PassBytes::foam_mip_tail(t);
  if (fusion == Fusion::Full)
    return PassBytes::rows_fused(t) + PassBytes::columns_fused(t, first_mip) + after;
  const fft::Options& o = plan_->options();
  if (fusion == Fusion::Spectrum)
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
                std::string(fft::name(params_.algorithm)).c_str(), fusion_suffix(fusion()),
                layers());
  return buf;
}

}  // namespace oceanfft::ocean
