#include "ocean/simulation.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "gl/error.h"

namespace oceanfft::ocean {
namespace {

constexpr int kGroup = 16;  // local size of the ocean kernels, both axes

bool is_pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

int mip_levels(int n) {
  int levels = 1;
  while ((n >> levels) > 0) ++levels;
  return levels;
}

GLint loc(const gl::Program& p, const char* name) { return glGetUniformLocation(p.id(), name); }

bool spectrum_changed(const Params& a, const Params& b) {
  return a.size != b.size || a.patch_size != b.patch_size || a.wind_speed != b.wind_speed ||
         a.wind_direction_deg != b.wind_direction_deg || a.amplitude != b.amplitude ||
         a.small_wave_cutoff != b.small_wave_cutoff || a.opposing_waves != b.opposing_waves ||
         a.depth != b.depth || a.seed != b.seed;
}

bool shape_changed(const Params& a, const Params& b) {
  return a.size != b.size || a.algorithm != b.algorithm || a.pack_pairs != b.pack_pairs;
}

void check_finite(float v, const char* what) {
  if (!std::isfinite(v))
    throw Error(ErrorCode::InvalidArgument, std::string(what) + " must be a finite number");
}

}  // namespace

void validate(const Params& p) {
  if (!is_pow2(p.size) || p.size < kMinSize || p.size > kMaxSize)
    throw Error(ErrorCode::InvalidArgument,
                "ocean size " + std::to_string(p.size) + " must be a power of two in " +
                    std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
  check_finite(p.patch_size, "patch size");
  check_finite(p.wind_speed, "wind speed");
  check_finite(p.wind_direction_deg, "wind direction");
  check_finite(p.amplitude, "amplitude");
  check_finite(p.small_wave_cutoff, "small-wave cutoff");
  check_finite(p.opposing_waves, "opposing waves");
  check_finite(p.choppiness, "choppiness");
  check_finite(p.depth, "depth");
  check_finite(p.time_scale, "time scale");
  check_finite(p.foam_threshold, "foam threshold");
  check_finite(p.foam_softness, "foam softness");
  if (p.patch_size <= 0) throw Error(ErrorCode::InvalidArgument, "patch size must be positive");
  if (p.wind_speed <= 0) throw Error(ErrorCode::InvalidArgument, "wind speed must be positive");
  if (p.amplitude < 0) throw Error(ErrorCode::InvalidArgument, "amplitude must not be negative");
  if (p.small_wave_cutoff < 0)
    throw Error(ErrorCode::InvalidArgument, "small-wave cutoff must not be negative");
  if (p.opposing_waves < 0 || p.opposing_waves > 1)
    throw Error(ErrorCode::InvalidArgument, "opposing waves must be in 0..1");
  if (p.depth <= 0) throw Error(ErrorCode::InvalidArgument, "depth must be positive");
  if (p.foam_softness <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam softness must be positive");
}

Simulation::Simulation(const gl::ShaderLibrary& shaders, const Params& params)
    : shaders_(&shaders), params_(params) {
  validate(params_);
  if (!gl::Context::current())
    throw Error(ErrorCode::GlUnsupported, "the ocean simulation needs a current GL context");
  init_program_ = shaders.compute("ocean/initial_spectrum.comp");
  rebuild_size();
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

void Simulation::rebuild_size() {
  const int n = params_.size;
  const gl::Limits& limits = gl::Context::current()->limits();
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
  gl::Texture h0(GL_TEXTURE_2D, GL_RGBA32F, n, n);
  gl::Texture spec = gl::make_complex_texture(n, n, layers());
  gl::Texture disp(GL_TEXTURE_2D, GL_RGBA32F, n, n, 1, mip_levels(n));
  gl::Texture normals(GL_TEXTURE_2D, GL_RGBA32F, n, n, 1, mip_levels(n));

  plan_ = std::move(plan);
  spectrum_program_ = std::move(spectrum);
  assemble_program_ = std::move(assemble);
  h0_ = std::move(h0);
  spectrum_ = std::move(spec);
  displacement_ = std::move(disp);
  normals_ = std::move(normals);
  make_h0();
  // The maps must hold this ocean before the first step() too: a renderer may draw at once.
  step(time_);
}

void Simulation::make_h0() {
  const Params& p = params_;
  const GLuint prog = init_program_.id();
  const double dir = p.wind_direction_deg * std::numbers::pi / 180.0;
  glUseProgram(prog);
  glUniform1i(loc(init_program_, "uN"), p.size);
  glUniform1f(loc(init_program_, "uPatch"), p.patch_size);
  glUniform2f(loc(init_program_, "uWindDir"), float(std::cos(dir)), float(std::sin(dir)));
  glUniform1f(loc(init_program_, "uWindSpeed"), p.wind_speed);
  glUniform1f(loc(init_program_, "uAmplitude"), p.amplitude);
  glUniform1f(loc(init_program_, "uCutoff"), p.small_wave_cutoff);
  glUniform1f(loc(init_program_, "uOpposing"), p.opposing_waves);
  glUniform1f(loc(init_program_, "uDepth"), p.depth);
  glUniform1f(loc(init_program_, "uGravity"), kGravity);
  glUniform2ui(loc(init_program_, "uSeed"), GLuint(p.seed & 0xffffffffu), GLuint(p.seed >> 32));
  glBindImageTexture(0, h0_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  const GLuint groups = GLuint((p.size + kGroup - 1) / kGroup);
  glDispatchCompute(groups, groups, 1);
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                  GL_TEXTURE_FETCH_BARRIER_BIT);
}

void Simulation::set_params(const Params& params) {
  validate(params);
  const Params old = params_;
  params_ = params;
  try {
    if (shape_changed(old, params_))
      rebuild_size();  // makes h0 and steps too
    else if (spectrum_changed(old, params_)) {
      make_h0();
      step(time_);
    } else if (old.choppiness != params_.choppiness ||
               old.foam_threshold != params_.foam_threshold ||
               old.foam_softness != params_.foam_softness)
      step(time_);
  } catch (...) {
    params_ = old;  // the old GL objects are still in place
    throw;
  }
}

void Simulation::set_initial_spectrum(std::span<const std::complex<float>> h0) {
  const int n = params_.size;
  if (h0.size() != size_t(n) * n)
    throw Error(ErrorCode::InvalidArgument, "initial spectrum needs " + std::to_string(n * n) +
                                                " values, got " + std::to_string(h0.size()));
  // Keep the dispersion the GPU computed (z) and replace only the amplitudes.
  std::vector<float> texels = download_map(h0_);
  for (size_t i = 0; i < h0.size(); ++i) {
    texels[4 * i + 0] = h0[i].real();
    texels[4 * i + 1] = h0[i].imag();
  }
  glBindTexture(GL_TEXTURE_2D, h0_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, n, n, GL_RGBA, GL_FLOAT, texels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

std::vector<float> Simulation::download_map(const gl::Texture& map) {
  std::vector<float> out(size_t(map.width()) * map.height() * 4);
  glBindTexture(GL_TEXTURE_2D, map.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return out;
}

const gl::Texture& Simulation::fields() const {
  return *last_fields_;
}

void Simulation::step(double time_seconds, gl::PassTimer* timer) {
  time_ = time_seconds;
  const int n = params_.size;
  const GLuint groups = GLuint((n + kGroup - 1) / kGroup);
  const uint64_t texels = uint64_t(n) * n;
  {
    gl::ScopedPass pass(timer, "ocean.spectrum", texels * (32 + 16 * uint64_t(layers())));
    const GLuint prog = spectrum_program_.id();
    glUseProgram(prog);
    glUniform1i(loc(spectrum_program_, "uN"), n);
    glUniform1f(loc(spectrum_program_, "uPatch"), params_.patch_size);
    glUniform1d(loc(spectrum_program_, "uTime"), time_seconds * double(params_.time_scale));
    glBindImageTexture(0, h0_.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(1, spectrum_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glDispatchCompute(groups, groups, 1);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT);
  }
  last_fields_ = &plan_->execute(fft::Direction::Inverse, spectrum_, timer);
  {
    gl::ScopedPass pass(timer, "ocean.assemble", texels * (16 * uint64_t(layers()) + 32) * 4 / 3);
    const GLuint prog = assemble_program_.id();
    glUseProgram(prog);
    glUniform1i(loc(assemble_program_, "uN"), n);
    glUniform1f(loc(assemble_program_, "uChoppiness"), params_.choppiness);
    glUniform1f(loc(assemble_program_, "uFoamThreshold"), params_.foam_threshold);
    glUniform1f(loc(assemble_program_, "uFoamSoftness"), params_.foam_softness);
    glBindImageTexture(0, last_fields_->id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(1, displacement_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glBindImageTexture(2, normals_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glDispatchCompute(groups, groups, 1);
    // Mipmap generation and the renderer's texture fetches read what the images wrote.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                    GL_PIXEL_BUFFER_BARRIER_BIT);
    for (const gl::Texture* t : {&displacement_, &normals_}) {
      glBindTexture(GL_TEXTURE_2D, t->id());
      glGenerateMipmap(GL_TEXTURE_2D);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
  }
}

uint64_t Simulation::bytes_per_step() const {
  const fft::Options& o = plan_->options();
  const uint64_t texels = uint64_t(o.width) * o.height;
  const uint64_t spectrum = texels * (32 + 16 * uint64_t(layers()));
  uint64_t fft = 0;
  for (const fft::AxisStrategy* s : {&plan_->horizontal(), &plan_->vertical()}) {
    int stages = 0;
    while ((1 << stages) < s->length) ++stages;
    fft += s->kind == fft::AxisStrategy::Kind::StageDispatches ? fft::pass_bytes(o) * stages
                                                                  : fft::pass_bytes(o);
  }
  // Assemble: read every field, write two maps, and a third more for their mip chains.
  const uint64_t assemble = texels * (16 * uint64_t(layers()) + 32) * 4 / 3;
  return spectrum + fft + assemble;
}

std::string Simulation::describe() const {
  char buf[200];
  std::snprintf(buf, sizeof buf, "ocean %dx%d, L=%.0f m, %s, %d FFT layer(s)", params_.size,
                params_.size, double(params_.patch_size),
                std::string(fft::name(params_.algorithm)).c_str(), layers());
  return buf;
}

}  // namespace oceanfft::ocean
