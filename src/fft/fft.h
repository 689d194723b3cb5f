#pragma once
// The FFT engine's public face: an options struct with defaults, precise status values, and a
// plan that owns every GL object it needs. Knows nothing of oceans, images or panels.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gl/context.h"
#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"

namespace oceanfft::fft {

enum class Algorithm {
  CooleyTukey,  // radix-2 DIT, one dispatch per stage per axis, bit reversal in stage 0
  StockhamR2,   // one dispatch per axis, all radix-2 stages in shared memory
  StockhamR4,   // one dispatch per axis, radix-4 stages (+ one radix-2 when log2 N is odd)
  Fast,         // one dispatch per axis, radix-16 butterflies in registers (src/fft/fast.cpp)
};

// What the ocean and the viewer use unless told otherwise.
inline constexpr Algorithm kDefaultAlgorithm = Algorithm::Fast;

std::span<const Algorithm> all_algorithms();
std::string_view name(Algorithm a);
std::optional<Algorithm> parse_algorithm(std::string_view name);
// "cooley-tukey, stockham-r2, ..." for error messages and help text.
std::string algorithm_list();

enum class Direction { Forward, Inverse };

inline constexpr int kMinSize = 2;
inline constexpr int kMaxSize = 4096;

struct Options {
  int width = 256;
  int height = 256;
  int layers = 1;  // rgba32f layers; each holds two complex planes (xy and zw)
  Algorithm algorithm = kDefaultAlgorithm;
  // 0 means "ask the driver". Tests lower them to force the fallback paths.
  int shared_memory_limit = 0;
  int invocation_limit = 0;
  // Overrides for Algorithm::Fast, for tuning on a device (0: the planner chooses).
  struct FastTuning {
    int per_thread = 0;    // elements per invocation, 2..16
    int row_lines = 0;     // rows per work group in the horizontal pass
    int column_lines = 0;  // adjacent columns per work group in the vertical pass
    int exchange = 0;      // floats per shared-memory word: 4, 2 or 1
  } fast;
};

enum class Status {
  Ok,
  WidthNotPowerOfTwo,
  HeightNotPowerOfTwo,
  WidthOutOfRange,
  HeightOutOfRange,
  LayersOutOfRange,
  ExceedsTextureLimit,
  ExceedsLayerLimit,
};
std::string describe(Status s, const Options& o);
Status validate(const Options& o, const gl::Limits& limits);
// The checks that need no GL context (sizes, powers of two, layers), for validating input
// before a context exists.
Status validate_shape(const Options& o);

// How one axis is computed; chosen by the planner from the limits, reported by describe().
struct AxisStrategy {
  enum class Kind { StageDispatches, SharedVec4, SharedVec2Split, Registers } kind;
  int length = 0;   // N along this axis
  int radix = 2;
  int threads = 0;  // invocations per line
  int lines = 0;    // lines per work group
  int exchange = 4; // Registers: floats per shared-memory word when exchanging between stages
  std::string describe() const;
};

class Plan {
 public:
  Plan(const Options& options, const gl::ShaderLibrary& shaders);
  ~Plan();
  Plan(Plan&&) noexcept;
  Plan& operator=(Plan&&) noexcept;

  const Options& options() const { return options_; }
  const AxisStrategy& horizontal() const { return axis_[0]; }
  const AxisStrategy& vertical() const { return axis_[1]; }
  std::string describe() const;
  int dispatches_per_execute() const;

  // Transforms `input` (rgba32f 2D array of width x height x layers; left untouched) and returns
  // the plan-owned texture that holds the result, valid until the next execute(). The caller
  // must have made earlier image stores to `input` visible (glMemoryBarrier). On return the
  // result is visible to image loads, texture fetches and readbacks.
  const gl::Texture& execute(Direction direction, const gl::Texture& input,
                             gl::PassTimer* timer = nullptr);

  // Every texture execute() may write; tests fill them with NaN so an unwritten texel shows.
  std::span<const gl::Texture> targets() const { return ping_; }
  // The twiddle table a pass along `axis` binds at shader storage binding 0, for callers that
  // run the fast kernel's passes themselves with their own loads and stores (the ocean).
  const gl::Buffer& twiddles(int axis) const { return twiddles_[axis] ? twiddles_[axis] : twiddles_[0]; }

 private:
  void run_axis(int axis, Direction d, const gl::Texture& src, const gl::Texture& dst,
                gl::PassTimer* timer);

  Options options_;
  AxisStrategy axis_[2];
  gl::Program program_[2];
  gl::Buffer twiddles_[2];
  gl::Texture ping_[2];
  const gl::Texture* result_ = nullptr;
};

// Byte count one full pass over the data moves (one read + one write of every texel).
inline uint64_t pass_bytes(const Options& o) {
  return uint64_t(o.width) * o.height * o.layers * 16 * 2;
}

}  // namespace oceanfft::fft
