// SPDX-License-Identifier: MIT
#include "viewer/roundtrip.h"

#include "io/file.h"
#include "io/image.h"
#include "io/number.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "fft/real.h"
#include "gl/error.h"

namespace oceanfft::viewer {
namespace {

constexpr int kGroup = 8;  // the views' and packers' work group edge (local_size 8x8)

GLuint groups(int n) { return GLuint((n + kGroup - 1) / kGroup); }

void bind_array(GLuint unit, const gl::Texture& t, GLenum access) {
  glBindImageTexture(unit, t.id(), 0, GL_TRUE, 0, access, t.format());
}
void bind_2d(GLuint unit, const gl::Texture& t, GLenum access) {
  glBindImageTexture(unit, t.id(), 0, GL_FALSE, 0, access, t.format());
}


// Everything that reads a view or an intermediate after a compute pass wrote it: later passes
// (image loads), ImGui (texture fetches) and readbacks (texture updates).
void barrier_all() {
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT);
}

// The one number rule (io/number.h): decimal, no hex floats, no inf/nan, no spaces.
bool parse_number(const std::string& text, float& out) {
  if (!io::decimal_problem(text, io::NumberKind::Real).empty()) return false;
  out = std::strtof(text.c_str(), nullptr);
  return std::isfinite(out);
}

std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(v));
  return buf;
}

}  // namespace

std::string_view name(Padding p) {
  return p == Padding::Mirror ? "mirror" : p == Padding::Zero ? "zero" : "none";
}

std::optional<Padding> parse_padding(std::string_view text) {
  if (text == "none") return Padding::None;
  if (text == "zero") return Padding::Zero;
  if (text == "mirror") return Padding::Mirror;
  return std::nullopt;
}

Filter parse_filter(const std::string& text) {
  const std::string usage =
      "invalid filter '" + text + "'; use none, lowpass:R, highpass:R, gauss:S or band:R1:R2";
  std::vector<std::string> parts;
  size_t pos = 0;
  while (true) {
    size_t colon = text.find(':', pos);
    parts.push_back(text.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos));
    if (colon == std::string::npos) break;
    pos = colon + 1;
  }
  Filter f;
  const std::string& kind = parts[0];
  if (kind == "none" && parts.size() == 1) return f;
  if ((kind == "lowpass" || kind == "highpass" || kind == "gauss") && parts.size() == 2) {
    f.kind = kind == "lowpass" ? Filter::Kind::LowPass
             : kind == "highpass" ? Filter::Kind::HighPass
                                  : Filter::Kind::Gauss;
    if (!parse_number(parts[1], f.r1)) throw Error(ErrorCode::InvalidArgument, usage);
    if (f.kind == Filter::Kind::Gauss ? !(f.r1 > 0.0f) : f.r1 < 0.0f)
      throw Error(ErrorCode::InvalidArgument,
                  usage + " (" + (f.kind == Filter::Kind::Gauss ? "sigma must be > 0"
                                                                  : "the radius must be >= 0") + ")");
    return f;
  }
  if (kind == "band" && parts.size() == 3) {
    f.kind = Filter::Kind::Band;
    if (!parse_number(parts[1], f.r1) || !parse_number(parts[2], f.r2))
      throw Error(ErrorCode::InvalidArgument, usage);
    if (f.r1 < 0.0f || f.r2 < f.r1)
      throw Error(ErrorCode::InvalidArgument, usage + " (need 0 <= R1 <= R2)");
    return f;
  }
  throw Error(ErrorCode::InvalidArgument, usage);
}

std::string describe(const Filter& f) {
  switch (f.kind) {
    case Filter::Kind::None: return "none";
    case Filter::Kind::LowPass: return "lowpass:" + number(f.r1);
    case Filter::Kind::HighPass: return "highpass:" + number(f.r1);
    case Filter::Kind::Gauss: return "gauss:" + number(f.r1);
    case Filter::Kind::Band: return "band:" + number(f.r1) + ":" + number(f.r2);
  }
  return "?";
}

float filter_gain(const Filter& f, float r) {
  switch (f.kind) {
    case Filter::Kind::None: return 1.0f;
    case Filter::Kind::LowPass: return r <= f.r1 ? 1.0f : 0.0f;
    case Filter::Kind::HighPass: return r > f.r1 ? 1.0f : 0.0f;
    case Filter::Kind::Gauss: return std::exp(-0.5f * r * r / (f.r1 * f.r1));
    case Filter::Kind::Band: return r >= f.r1 && r <= f.r2 ? 1.0f : 0.0f;
  }
  return 1.0f;
}

struct RoundTrip::State {
  Image image;
  int pw = 0, ph = 0, layers = 1;
  Padding padding = Padding::None;  // as used: settings' or, for a power-of-two algorithm, Zero
  gl::Texture source;  // rgba32f 2D, the image with absent channels 0
  gl::Texture packed;  // complex: padded channels, then (after the filter) the filtered spectrum
  gl::Texture spectrum;  // complex: the unfiltered forward FFT, kept for filter changes
  gl::Texture recon;     // rgba32f 2D: real parts of the inverse over the original region
  gl::Texture original_view, spectrum_view, phase_view, recon_view, diff_view;  // rgba8
  // A real image takes the real transforms (R2C forward, C2R inverse) where the shape allows;
  // the complex plan of zero imaginary parts otherwise (stockham's 2-wide images).
  std::unique_ptr<fft::Plan> plan;
  std::unique_ptr<fft::RealPlan> real_plan;
  gl::Texture real;  // real layout: the packed channels, two samples per complex value
  gl::Texture half;  // the filtered half spectrum, the C2R's input
  Errors errors;
};

RoundTrip::RoundTrip(const gl::ShaderLibrary& shaders, int texture_limit)
    : shaders_(shaders), texture_limit_(texture_limit) {
  pack_ = shaders.compute("viewer/pack.comp");
  filter_ = shaders.compute("viewer/filter.comp");
  unpack_ = shaders.compute("viewer/unpack.comp");
  extend_ = shaders.compute("viewer/extend.comp");
  spectrum_view_ = shaders.compute("viewer/spectrum_view.comp");
  image_view_ = shaders.compute("viewer/image_view.comp");
}

RoundTrip::~RoundTrip() = default;

void RoundTrip::release_retired() { retired_.reset(); }

const RoundTrip::State& RoundTrip::state() const {
  if (!state_) throw Error(ErrorCode::InvalidArgument, "no image is loaded");
  return *state_;
}
const Image& RoundTrip::image() const { return state().image; }
Padding RoundTrip::padding_used() const { return state().padding; }
int RoundTrip::padded_width() const { return state().pw; }
int RoundTrip::padded_height() const { return state().ph; }
int RoundTrip::layers() const { return state().layers; }
bool RoundTrip::real_transforms() const { return state().real_plan != nullptr; }
const Errors& RoundTrip::errors() const { return state().errors; }
const gl::Texture& RoundTrip::original_view() const { return state().original_view; }
const gl::Texture& RoundTrip::spectrum_view() const { return state().spectrum_view; }
const gl::Texture& RoundTrip::phase_view() const { return state().phase_view; }
const gl::Texture& RoundTrip::reconstruction_view() const { return state().recon_view; }
const gl::Texture& RoundTrip::difference_view() const { return state().diff_view; }

void RoundTrip::set_image(Image image) {
  if (image.empty() || image.channels < 1 || image.channels > 4 ||
      image.pixels.size() != size_t(image.width) * image.height * image.channels)
    throw Error(ErrorCode::InvalidArgument, "the image is empty or its pixel data is inconsistent");
  auto s = std::make_unique<State>();
  s->padding = settings_.padding;
  if (s->padding == Padding::None && settings_.algorithm != fft::Algorithm::Fast &&
      (padded_size(image.width) != image.width || padded_size(image.height) != image.height))
    s->padding = Padding::Zero;  // the design-source algorithms take powers of two only
  const bool pad = s->padding != Padding::None;
  s->pw = pad ? padded_size(image.width) : image.width;
  s->ph = pad ? padded_size(image.height) : image.height;
  s->layers = (image.channels + 1) / 2;
  const int limit = texture_limit_ > 0 ? texture_limit_ : shaders_.context().limits().max_texture_size;
  const std::string shape = std::to_string(image.width) + "x" + std::to_string(image.height);
  if (s->pw > kMaxPaddedSize || s->ph > kMaxPaddedSize)
    throw Error(ErrorCode::InvalidArgument,
                "the image is " + shape + "; its padded size exceeds the FFT limit of " +
                    std::to_string(kMaxPaddedSize) + " per axis");
  if (s->pw > limit || s->ph > limit)
    throw Error(ErrorCode::InvalidArgument,
                "the image is " + shape + "; its padded size " + std::to_string(s->pw) + "x" +
                    std::to_string(s->ph) + " exceeds the GL texture limit of " +
                    std::to_string(limit));

  // Absent channels are uploaded as 0, not GL's default alpha of 1, so their planes are empty.
  std::vector<float> rgba(size_t(image.width) * image.height * 4, 0.0f);
  for (size_t i = 0, n = size_t(image.width) * image.height; i < n; ++i)
    for (int c = 0; c < image.channels; ++c) rgba[4 * i + c] = image.pixels[i * image.channels + c];
  s->source = gl::Texture(shaders_.context(), GL_TEXTURE_2D, GL_RGBA32F, image.width, image.height);
  glBindTexture(GL_TEXTURE_2D, s->source.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image.width, image.height, GL_RGBA, GL_FLOAT, rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  s->image = std::move(image);
  s->packed = gl::make_complex_texture(shaders_.context(), s->pw, s->ph, s->layers);
  s->spectrum = gl::make_complex_texture(shaders_.context(), s->pw, s->ph, s->layers);
  s->recon = gl::Texture(shaders_.context(), GL_TEXTURE_2D, GL_RGBA32F, s->image.width, s->image.height);
  for (gl::Texture* v : {&s->original_view, &s->recon_view, &s->diff_view})
    *v = gl::Texture(shaders_.context(), GL_TEXTURE_2D, GL_RGBA8, s->image.width, s->image.height);
  for (gl::Texture* v : {&s->spectrum_view, &s->phase_view})
    *v = gl::Texture(shaders_.context(), GL_TEXTURE_2D, GL_RGBA8, s->pw, s->ph);
  // Display textures are sampled by ImGui at arbitrary zoom; linear looks better than nearest.
  for (gl::Texture* v : {&s->original_view, &s->recon_view, &s->diff_view, &s->spectrum_view,
                         &s->phase_view}) {
    glBindTexture(GL_TEXTURE_2D, v->id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, 0);

  forward(*s);
  inverse(*s);
  s->errors = measure(*s);
  views(*s);
  if (shaders_.context().check_errors("image round trip"))
    throw Error(ErrorCode::GlRuntime, "GL error during the image round trip");
  retired_ = std::move(state_);
  state_ = std::move(s);
}

void RoundTrip::configure(const Settings& settings) {
  const Settings old = settings_;
  if (!state_ || settings == old) {
    settings_ = settings;
    return;
  }
  if (settings.padding != old.padding || settings.algorithm != old.algorithm) {
    settings_ = settings;
    try {
      set_image(state_->image);  // copies: the current state survives a failure
    } catch (...) {
      settings_ = old;
      throw;
    }
    return;
  }
  settings_ = settings;
  try {
    if (settings.filter != old.filter) {
      inverse(*state_);
      state_->errors = measure(*state_);
      views(*state_);
    } else {
      views(*state_);
    }
    if (shaders_.context().check_errors("image round trip"))
      throw Error(ErrorCode::GlRuntime, "GL error during the image round trip");
  } catch (...) {
    settings_ = old;
    throw;
  }
}

void RoundTrip::forward(State& s) const {
  fft::Options o;
  o.width = s.pw;
  o.height = s.ph;
  o.layers = s.layers;
  o.algorithm = settings_.algorithm;
  const bool real = fft::validate_real_shape(o) == fft::Status::Ok;
  if (real) {
    s.real_plan = std::make_unique<fft::RealPlan>(o, shaders_);
    s.real = gl::make_complex_texture(shaders_.context(), fft::real_texels(s.pw), s.ph, s.layers);
    s.half = gl::make_complex_texture(shaders_.context(), fft::spectrum_texels(s.pw), s.ph, s.layers);
  } else {
    s.plan = std::make_unique<fft::Plan>(o, shaders_);
  }

  glUseProgram(pack_.id());
  glProgramUniform2i(pack_.id(), gl::uniform(pack_, "uSize"), s.image.width, s.image.height);
  glProgramUniform2i(pack_.id(), gl::uniform(pack_, "uPadded"), s.pw, s.ph);
  glProgramUniform1i(pack_.id(), gl::uniform(pack_, "uMirror"), s.padding == Padding::Mirror);
  glProgramUniform1i(pack_.id(), gl::uniform(pack_, "uReal"), real ? 1 : 0);
  bind_2d(0, s.source, GL_READ_ONLY);
  bind_array(1, real ? s.real : s.packed, GL_WRITE_ONLY);
  glDispatchCompute(groups(real ? fft::real_texels(s.pw) : s.pw), groups(s.ph), GLuint(s.layers));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

  if (real) {
    // The half spectrum completed by its symmetry: the filter and the views read the full one.
    const gl::Texture& half = s.real_plan->forward(s.real);
    glUseProgram(extend_.id());
    glProgramUniform2i(extend_.id(), gl::uniform(extend_, "uPadded"), s.pw, s.ph);
    bind_array(0, half, GL_READ_ONLY);
    bind_array(1, s.spectrum, GL_WRITE_ONLY);
    glDispatchCompute(groups(s.pw), groups(s.ph), GLuint(s.layers));
    barrier_all();
    return;
  }
  const gl::Texture& result = s.plan->execute(fft::Direction::Forward, s.packed);
  glCopyImageSubData(result.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, s.spectrum.id(),
                     GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, s.pw, s.ph, s.layers);
}

void RoundTrip::inverse(State& s) const {
  const Filter& f = settings_.filter;
  glUseProgram(filter_.id());
  glProgramUniform2i(filter_.id(), gl::uniform(filter_, "uPadded"), s.pw, s.ph);
  glProgramUniform1i(filter_.id(), gl::uniform(filter_, "uFilter"), int(f.kind));
  glProgramUniform1f(filter_.id(), gl::uniform(filter_, "uR1"), f.r1);
  glProgramUniform1f(filter_.id(), gl::uniform(filter_, "uR2"), f.r2);
  bind_array(0, s.spectrum, GL_READ_ONLY);
  bind_array(1, s.packed, GL_WRITE_ONLY);
  glDispatchCompute(groups(s.pw), groups(s.ph), GLuint(s.layers));
  barrier_all();

  const bool real = s.real_plan != nullptr;
  const gl::Texture* result = nullptr;
  if (real) {
    // The filter's gain depends on the radius only, so the filtered spectrum stays Hermitian
    // and its first W/2+1 columns determine it.
    glCopyImageSubData(s.packed.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, s.half.id(),
                       GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, s.half.width(), s.ph, s.layers);
    result = &s.real_plan->inverse(s.half);
  } else {
    result = &s.plan->execute(fft::Direction::Inverse, s.packed);
  }
  glUseProgram(unpack_.id());
  glProgramUniform2i(unpack_.id(), gl::uniform(unpack_, "uSize"), s.image.width, s.image.height);
  glProgramUniform1i(unpack_.id(), gl::uniform(unpack_, "uLayers"), s.layers);
  glProgramUniform1i(unpack_.id(), gl::uniform(unpack_, "uReal"), real ? 1 : 0);
  bind_array(0, *result, GL_READ_ONLY);
  bind_2d(1, s.recon, GL_WRITE_ONLY);
  glDispatchCompute(groups(s.image.width), groups(s.image.height), 1);
  barrier_all();
}

void RoundTrip::views(State& s) const {
  const GLuint sv = spectrum_view_.id();
  glUseProgram(sv);
  glProgramUniform2i(sv, gl::uniform(spectrum_view_, "uPadded"), s.pw, s.ph);
  glProgramUniform1i(sv, gl::uniform(spectrum_view_, "uChannels"), s.image.channels);
  glProgramUniform1i(sv, gl::uniform(spectrum_view_, "uLuminance"), settings_.luminance ? 1 : 0);
  glProgramUniform1f(sv, gl::uniform(spectrum_view_, "uGain"), settings_.spectrum_gain);
  glProgramUniform1f(sv, gl::uniform(spectrum_view_, "uLogMax"),
                     float(std::log1p(double(s.pw) * double(s.ph))));
  bind_array(0, s.packed, GL_READ_ONLY);
  for (int phase = 0; phase < 2; ++phase) {
    glProgramUniform1i(sv, gl::uniform(spectrum_view_, "uPhase"), phase);
    bind_2d(1, phase ? s.phase_view : s.spectrum_view, GL_WRITE_ONLY);
    glDispatchCompute(groups(s.pw), groups(s.ph), 1);
  }

  const GLuint iv = image_view_.id();
  glUseProgram(iv);
  glProgramUniform2i(iv, gl::uniform(image_view_, "uSize"), s.image.width, s.image.height);
  glProgramUniform1i(iv, gl::uniform(image_view_, "uChannels"), s.image.channels);
  float gain = settings_.difference_gain;
  if (!(gain > 0.0f)) gain = s.errors.max_abs > 0.0 ? float(1.0 / s.errors.max_abs) : 1.0f;
  glProgramUniform1f(iv, gl::uniform(image_view_, "uGain"), gain);
  const struct {
    const gl::Texture& a;
    int difference;
    const gl::Texture& out;
  } passes[] = {{s.source, 0, s.original_view}, {s.recon, 0, s.recon_view}, {s.recon, 1, s.diff_view}};
  for (const auto& p : passes) {
    glProgramUniform1i(iv, gl::uniform(image_view_, "uDifference"), p.difference);
    bind_2d(0, p.a, GL_READ_ONLY);
    bind_2d(1, s.source, GL_READ_ONLY);
    bind_2d(2, p.out, GL_WRITE_ONLY);
    glDispatchCompute(groups(s.image.width), groups(s.image.height), 1);
  }
  barrier_all();
}

namespace {
std::vector<float> read_rgba32f(const gl::Texture& t) {
  std::vector<float> px(size_t(t.width()) * t.height() * 4);
  glBindTexture(GL_TEXTURE_2D, t.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return px;
}
}  // namespace

Image RoundTrip::reconstruction() const {
  const State& s = state();
  std::vector<float> px = read_rgba32f(s.recon);
  Image out;
  out.width = s.image.width;
  out.height = s.image.height;
  out.channels = s.image.channels;
  out.bits = s.image.bits;
  out.pixels.resize(size_t(out.width) * out.height * out.channels);
  for (size_t i = 0, n = size_t(out.width) * out.height; i < n; ++i)
    for (int c = 0; c < out.channels; ++c) out.pixels[i * out.channels + c] = px[4 * i + c];
  return out;
}

Errors RoundTrip::measure(const State& s) const {
  std::vector<float> px = read_rgba32f(s.recon);
  double max_abs = 0.0, sum_sq = 0.0;
  const size_t n = size_t(s.image.width) * s.image.height;
  for (size_t i = 0; i < n; ++i)
    for (int c = 0; c < s.image.channels; ++c) {
      const double d = double(px[4 * i + c]) - double(s.image.pixels[i * s.image.channels + c]);
      // NaN must not hide behind max(): a NaN anywhere makes every number NaN.
      if (std::isnan(d)) return {NAN, NAN, NAN};
      max_abs = std::max(max_abs, std::abs(d));
      sum_sq += d * d;
    }
  Errors e;
  const double mse = sum_sq / double(n * s.image.channels);
  e.max_abs = max_abs;
  e.rms = std::sqrt(mse);
  e.psnr_db = mse > 0.0 ? 10.0 * std::log10(1.0 / mse) : std::numeric_limits<double>::infinity();
  return e;
}

fft::Planes RoundTrip::spectrum() const { return fft::download(state().spectrum); }
fft::Planes RoundTrip::filtered_spectrum() const { return fft::download(state().packed); }

std::vector<uint8_t> RoundTrip::view_pixels(const gl::Texture& view) const {
  std::vector<uint8_t> px(size_t(view.width()) * view.height() * 4);
  glBindTexture(GL_TEXTURE_2D, view.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, 0);
  return px;
}

namespace {
std::vector<uint8_t> rgb_of(const std::vector<uint8_t>& rgba) {
  std::vector<uint8_t> rgb(rgba.size() / 4 * 3);
  for (size_t i = 0, n = rgba.size() / 4; i < n; ++i)
    for (int c = 0; c < 3; ++c) rgb[3 * i + c] = rgba[4 * i + c];
  return rgb;
}
}  // namespace

// The three files as PNG bytes, so a caller can write them as one set (io::OutputSet).
std::string RoundTrip::spectrum_png() const {
  const State& s = state();
  return io::encode_png(s.pw, s.ph, 3, rgb_of(view_pixels(s.spectrum_view)).data());
}

std::string RoundTrip::reconstruction_png() const {
  Image r = reconstruction();
  return io::encode_png(r.width, r.height, r.channels, quantise8(r).data());
}

std::string RoundTrip::difference_png() const {
  const State& s = state();
  return io::encode_png(s.image.width, s.image.height, 3, rgb_of(view_pixels(s.diff_view)).data());
}

void RoundTrip::save_spectrum(const std::string& path) const { io::write_file(path, spectrum_png()); }
void RoundTrip::save_reconstruction(const std::string& path) const {
  io::write_file(path, reconstruction_png());
}
void RoundTrip::save_difference(const std::string& path) const { io::write_file(path, difference_png()); }

}  // namespace oceanfft::viewer
