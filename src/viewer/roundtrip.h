// SPDX-License-Identifier: MIT
#pragma once
// The image FFT round trip on the GPU: pad, forward FFT per channel, frequency filter, inverse
// FFT, and the display views (original, centred log-magnitude spectrum, phase, reconstruction,
// amplified difference), plus the error numbers over the original region.
//
// Transform: each channel is a real plane of fft::RealPlan (R2C forward, C2R inverse; layer c/2,
// pair c%2, two samples per complex value), so each channel's spectrum is exactly its own (no
// separation step that could leak one channel into another) and no zero imaginary parts are
// transformed. The half spectrum is completed by its symmetry for the filter and the views.
// Shapes the real plan does not take (a 2-wide image with the power-of-two algorithms) pack
// channel c as complex plane c with imaginary part 0 and run the complex plan.
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "fft/planes.h"
#include "fft/fft.h"
#include "gl/objects.h"
#include "gl/shader.h"
#include "viewer/image.h"

namespace oceanfft::viewer {

// None transforms the image at its own size, so the spectrum is the image's own; Zero and Mirror
// pad to powers of two, for comparison. Only the fast algorithm takes any size: with another one
// an image that is not a power of two on both axes is zero-padded instead (padding_used()).
enum class Padding { None, Zero, Mirror };
std::string_view name(Padding p);
std::optional<Padding> parse_padding(std::string_view text);

// Radii are in frequency bins (cycles per transformed, i.e. padded, image) from DC: bin (kx, ky) with signed
// kx in [-W/2, W/2) has radius sqrt(kx^2 + ky^2).
struct Filter {
  enum class Kind { None, LowPass, HighPass, Gauss, Band };
  Kind kind = Kind::None;
  float r1 = 0.0f;  // low/high-pass radius, Gaussian sigma, band inner radius
  float r2 = 0.0f;  // band outer radius
  bool operator==(const Filter&) const = default;
};
// "none", "lowpass:R", "highpass:R", "gauss:S", "band:R1:R2"; throws InvalidArgument.
Filter parse_filter(const std::string& text);
// The canonical text form, which parse_filter reads back.
std::string describe(const Filter& f);
// The filter's gain at a bin radius; the shader computes the same function.
float filter_gain(const Filter& f, float radius);

struct Errors {
  double max_abs = 0.0;
  double rms = 0.0;
  // 10*log10(1 / MSE) with peak 1; +inf when the reconstruction is exact.
  double psnr_db = std::numeric_limits<double>::infinity();
};

struct Settings {
  Padding padding = Padding::None;
  fft::Algorithm algorithm = fft::kDefaultAlgorithm;
  Filter filter;
  bool luminance = false;     // spectrum/phase of the luminance instead of per channel
  float spectrum_gain = 1.0f;   // multiplies the normalised log magnitude
  // Multiplies |reconstruction - original|; 0 means automatic: the largest error shows white.
  float difference_gain = 0.0f;
  bool operator==(const Settings&) const = default;
};

class RoundTrip {
 public:
  // texture_limit: 0 means the driver's GL_MAX_TEXTURE_SIZE; tests lower it to reach the refusal.
  explicit RoundTrip(const gl::ShaderLibrary& shaders, int texture_limit = 0);
  ~RoundTrip();
  RoundTrip(const RoundTrip&) = delete;
  RoundTrip& operator=(const RoundTrip&) = delete;

  // Replaces the image and recomputes everything. Throws oceanfft::Error (padded size above
  // kMaxPaddedSize or the GL texture limit, GL failures); on a throw the previous image and
  // every view stay as they were.
  void set_image(Image image);
  // Recomputes only the stages the change affects (a filter change skips the forward FFT).
  // A padding or algorithm change rebuilds through set_image and keeps its guarantee; filter
  // and view changes allocate nothing, so only a GL runtime error can interrupt them.
  void configure(const Settings& settings);

  // set_image (and a padding or algorithm change) keep the replaced image's textures alive
  // until this call, so a UI frame that already named them can still be rendered. A panel
  // calls it at the start of its next frame; without calls, one old image is kept at most.
  void release_retired();

  bool loaded() const { return state_ != nullptr; }
  const Settings& settings() const { return settings_; }
  const Image& image() const;
  Padding padding_used() const;  // settings().padding, or Zero where the algorithm needs it
  int padded_width() const;   // the transform's size: the image's own with Padding::None
  int padded_height() const;
  int layers() const;  // rgba32f layers of the complex data: ceil(channels / 2)
  bool real_transforms() const;  // whether R2C / C2R ran (else the complex plan)
  const Errors& errors() const;

  // RGBA8 textures for display; original, reconstruction and difference have the image's
  // size, spectrum and phase the padded size (DC in the centre).
  const gl::Texture& original_view() const;
  const gl::Texture& spectrum_view() const;
  const gl::Texture& phase_view() const;
  const gl::Texture& reconstruction_view() const;
  const gl::Texture& difference_view() const;

  // Readbacks for tests and files.
  fft::Planes spectrum() const;           // forward FFT of the padded channels, before filtering
  fft::Planes filtered_spectrum() const;  // what went into the inverse FFT
  Image reconstruction() const;           // float, original region and channel count
  std::vector<uint8_t> view_pixels(const gl::Texture& view) const;  // RGBA8, top row first

  std::string spectrum_png() const;        // RGB
  std::string reconstruction_png() const;  // the image's channel count, 8-bit
  std::string difference_png() const;      // RGB
  void save_spectrum(const std::string& path) const;        // RGB
  void save_reconstruction(const std::string& path) const;  // the image's channel count, 8-bit
  void save_difference(const std::string& path) const;      // RGB

 private:
  struct State;
  void forward(State& s) const;
  void inverse(State& s) const;
  void views(State& s) const;
  Errors measure(const State& s) const;
  const State& state() const;

  const gl::ShaderLibrary& shaders_;
  int texture_limit_ = 0;
  gl::Program pack_, filter_, unpack_, extend_, spectrum_view_, image_view_;
  std::unique_ptr<State> state_;
  std::unique_ptr<State> retired_;
  Settings settings_;
};

}  // namespace oceanfft::viewer
