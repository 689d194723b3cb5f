// SPDX-License-Identifier: MIT
#pragma once
// The FFT engine's public face: an options struct with defaults, precise status values, and a
// plan that owns every GL object it needs. Knows nothing of oceans, images or panels.
// Installed (cmake --install) as <oceanfft/fft/fft.h>; docs/api.md shows it in use. Everything
// here that touches GL needs the plan's context current on the calling thread
// (gl::attach_current or gl::create_headless); nothing is thread-safe.
#include <memory>
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

namespace detail {
class FourStep2D;
}

// How each axis is transformed. Every algorithm gives the same result to float rounding; they
// differ in speed and in how many dispatches they take.
enum class Algorithm {
  CooleyTukey,  // radix-2 DIT, one dispatch per stage per axis, bit reversal in stage 0
  StockhamR2,   // one dispatch per axis, all radix-2 stages in shared memory
  StockhamR4,   // one dispatch per axis, radix-4 stages (+ one radix-2 when log2 N is odd)
  Fast,         // one dispatch per axis, radix-16 butterflies in registers (src/fft/fast.cpp);
                // the only one that takes any length: radix 2..9 stages for lengths whose prime
                // factors are 2, 3, 5 and 7, Bluestein for the rest (src/fft/anysize.cpp)
};

// What the ocean and the viewer use unless told otherwise.
inline constexpr Algorithm kDefaultAlgorithm = Algorithm::Fast;

// Every algorithm, in the order of the enum.
std::span<const Algorithm> all_algorithms();
// "cooley-tukey", "stockham-r2", "stockham-r4", "fast"; "?" for a value outside the enum.
std::string_view name(Algorithm a);
// The algorithm name() calls `name`, or nothing for any other text.
std::optional<Algorithm> parse_algorithm(std::string_view name);
// "cooley-tukey, stockham-r2, ..." for error messages and help text.
std::string algorithm_list();

// Forward: X[k] = sum x[n] e^(-2 pi i k n / N), unscaled. Inverse: the + sign and 1/(W*H), so a
// forward and an inverse give back the input (numpy's "backward" normalisation).
enum class Direction { Forward, Inverse };

// The design-source algorithms (all but Fast) take powers of two in kMinSize..kMaxSize; Fast
// takes any length in kMinAnySize..kMaxSize. Longer axes, up to kMaxLongSize, go through the
// four-step method (docs/fft.md) when the length splits into two factors the algorithm takes.
inline constexpr int kMinSize = 2;
inline constexpr int kMinAnySize = 1;
inline constexpr int kMaxSize = 4096;
inline constexpr int kMaxLongSize = 65536;
// Options::FastTuning::four_step's default: the path from Options::FastTuning::four_step_table.
inline constexpr int kFourStepFromTable = -1;

// Which axes a plan transforms. Rows: a batch of 1D transforms of length width, one per row
// (height is the batch and may be any count from 1); Columns: one per column, length height,
// batch width. The untransformed axis is only a count, so it need not be a power of two for any
// algorithm.
enum class Axes { Both, Rows, Columns };

// One axis's register shape on the fast path (Algorithm::Fast, powers of two): complex elements
// each invocation holds (2, 4, 8 or 16), lines per work group, and floats per shared-memory word
// when exchanging between stages (4, 2 or 1). The planner narrows it where the driver's limits
// or the line count demand.
struct FastShape {
  int per_thread = 0, lines = 0, exchange = 0;
  friend bool operator==(const FastShape&, const FastShape&) = default;
};

// One row of the fast path's tuning table: the register shape for lines of `length` (a power of
// two) along `axis` (0 rows, 1 columns).
struct FastTuningEntry {
  int length = 0;
  int axis = 0;
  FastShape shape;
  friend bool operator==(const FastTuningEntry&, const FastTuningEntry&) = default;
};
// The fast path's per-device tuning, data like GLFFT's wisdom: Options::FastTuning::table holds
// it, save_fast_table() writes it as text and load_fast_table() reads it back. Lengths without an
// entry get the planner's rule: radix 4, lines grouped up to 64 invocations, vec4 exchanges.
using FastTable = std::vector<FastTuningEntry>;
// The built-in table: per axis the fastest shape of a sweep with 1 and 6 layers weighed together
// (docs/perf-notes.md), for 256..4096.
FastTable default_fast_table();
// One entry a line, "<length> rows|columns <per_thread> <lines> <exchange>", after a comment
// line naming the format; blank lines and text after '#' are ignored when reading.
std::string save_fast_table(const FastTable& table);
// save_fast_table()'s text back. Error(InvalidArgument) naming the line for anything else: a
// length not a power of two in 2..kMaxSize, an axis other than rows or columns, per_thread not 2,
// 4, 8, 16 or 32, lines not a power of two in 1..1024, exchange not 1, 2 or 4, extra fields, or a
// length and axis given twice.
FastTable load_fast_table(std::string_view text);

struct Options;

// One row of the four-step path's table: how a 2D plan runs whose longest transformed axis
// above the line limit has `length` (src/fft/four_step_2d.h). `path` takes
// Options::FastTuning::four_step's explicit values: 0 the natural-layout passes with a line in
// one pass wherever it fits a work group, 1 those passes with every long axis split, 2 the
// re-laid column plans, 3 whole rows with split columns.
struct FourStepEntry {
  int length = 0;
  int path = 0;
  friend bool operator==(const FourStepEntry&, const FourStepEntry&) = default;
};
// The four-step path per length, data like FastTable: Options::FastTuning::four_step_table
// holds it. Lengths without an entry take path 0.
using FourStepTable = std::vector<FourStepEntry>;
// The built-in table: the path measured fastest per length (docs/perf-notes.md).
FourStepTable default_four_step_table();
// The path a plan with these options takes: Options::FastTuning::four_step where it is 0..3,
// else (kFourStepFromTable) the table's entry for the longest transformed axis above
// Options::long_line_limit, 0 where there is none. Error(InvalidArgument) naming the field for
// a four_step below -1 or above 3, or a table entry whose length is below 2 or path outside
// 0..3.
int four_step_path(const Options& o);

// The memory barriers Plan::execute issues after its passes.
enum class Barriers {
  // The default: the last axis's own barrier is left to the full set after it, one barrier
  // fewer per call.
  Merged,
  // An image-access barrier after each axis, then the full set.
  Separate,
  // The last barrier only image access and texture fetches: glGetTexImage, glTexSubImage and
  // pixel buffers then need the caller's barrier. For measuring what the wider bits cost.
  Narrow,
};

// What a plan transforms. Checked by validate(); the plan keeps a copy.
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
    // Exchanges through subgroup shuffles instead of shared memory and barriers (fast.glsl's
    // FFT_SHUFFLE), on the axes whose line fits one subgroup, where the driver has
    // GL_KHR_shader_subgroup with shuffles in compute shaders; elsewhere the shared-memory path.
    // 0 off, 1 rows, 2 columns, 3 both.
    int shuffle = 0;
    // Tests: run the shuffle path with subgroupShuffle emulated through shared memory for
    // subgroups of this many invocations (a power of two in 1..1024), so it needs no extension.
    // 0: the driver's subgroups only.
    int emulate_subgroup = 0;
    // Elements per invocation in the column pass, overriding per_thread there: a power of two
    // in 2..32 (0: per_thread or the table). 32 is the radix-32 register kernel: 1024 = 32 x 32
    // in two register stages and one exchange, 128 floats of data per invocation.
    int column_per_thread = 0;
    // The layout between the axes on the register path (both axes in registers, no shuffles):
    // 0 columns in strips of 4 (the default); 1 transposed, so the row pass stores each row as
    // a column of the buffer and the column pass runs as a row pass over contiguous memory, the
    // output still in natural order; 2 as 1 and the spectrum itself left transposed (texel
    // (x, y) holds element (y, x)), for square complex 2D transforms whose both axes take the
    // register path (anything else is refused). The inverse of a transposed spectrum under 2 is the input
    // again, since the 2D DFT commutes with transposition.
    int transpose = 0;
    // How the four-step path (axes above the line limit; src/fft/four_step_2d.h) runs where
    // its natural-layout passes take the shape: 0 those passes, a line above the limit (row or
    // column) in one pass where it fits a work group's registers and shared memory; 1 those
    // passes with every such axis split; 2 the re-laid column plans with gather and scatter
    // passes, as for the lengths the natural-layout passes do not take; 3 as 0 for rows, with
    // columns split (a column in one group reads half of each sector it fetches).
    // 1 to 3 are for measuring and testing them against each other. kFourStepFromTable (the
    // default): four_step_table's entry for the length (four_step_path()).
    int four_step = kFourStepFromTable;
    // The path per length where four_step is kFourStepFromTable.
    FourStepTable four_step_table = default_four_step_table();
    // The order of the lines in the natural-layout path's column passes (lines g over the
    // sub-line index j < J, the column o < M and the layer): how a pass that strides whole rows
    // walks memory; every order gives the same result. Runs of 16 both ways (the defaults) keep
    // the groups resident at once on few rows, which a 16384^2 transform needs to stream (a
    // factor of 3.6 there; docs/perf-notes.md has the measurements); 8192^2 runs whole lines,
    // the same in every order. Lines of
    // four_step_run neighbouring j (rows r, r + 1, ... of one column) come first, then
    // four_step_band neighbouring columns, then the rest of j, then the next band of columns:
    // so a work group holds runs of neighbouring rows where the run is 2 or more, and the groups
    // resident at once cover a band of columns for every j where the band is narrow. 0 or 1
    // for either: run 1 and the whole width, j varying slowest. The run is a power of
    // two up to kMaxLongSize (a pass takes at most its J); a band that does not divide the width
    // is the whole width. Row passes have their own run, four_step_row_run: lines of that many
    // neighbouring rows o at each j come first (a power of two; a pass takes the largest power
    // of two at most that which divides its M; 0 or 1: the order with j fastest).
    int four_step_run = 16;
    int four_step_band = 0;
    int four_step_row_run = 16;
    // Register shapes per length and axis where per_thread, row_lines, column_lines and
    // exchange above leave the choice open.
    FastTable table = default_fast_table();
  } fast;
  Barriers barriers = Barriers::Merged;
  Axes axes = Axes::Both;
  // A directory for linked programs (fft/cache.h), so a shape seen before starts without
  // compiling; empty: no cache. The library reads no environment variable for it.
  std::string program_cache;
  // Axes longer than this (0: kMaxSize; at most kMaxSize) go through the four-step method. Tests
  // lower it so the four-step path runs at small sizes; the result is the same to rounding.
  int long_line_limit = 0;
};

// Why validate() refused an Options; describe() turns it into a message.
enum class Status {
  Ok,
  WidthNotPowerOfTwo,
  HeightNotPowerOfTwo,
  WidthOutOfRange,
  HeightOutOfRange,
  LayersOutOfRange,
  ExceedsTextureLimit,
  ExceedsLayerLimit,
  // Real transforms (fft/real.h): along columns only, which they do not take.
  RealColumnsUnsupported,
  // A transformed axis above kMaxSize whose length has no split into two factors the
  // algorithm takes (a prime, say).
  WidthHasNoSplit,
  HeightHasNoSplit,
};
// One line naming the offending value ("width 300 is not a power of two"); "ok" for Ok.
std::string describe(Status s, const Options& o);
// validate_shape(), then the driver's texture size and array layer limits. No GL call.
Status validate(const Options& o, const gl::Limits& limits);
// The checks that need no GL context (sizes, powers of two for all algorithms but Fast, layers),
// for validating input before a context exists.
Status validate_shape(const Options& o);

// How one axis is computed; chosen by the planner from the limits, reported by describe().
// Informational: nothing takes it as input.
struct AxisStrategy {
  enum class Kind {
    StageDispatches,
    SharedVec4,
    SharedVec2Split,
    Registers,
    MixedRadix,  // any smooth length: stages of `radices` in registers (shaders/fft/mixed.comp)
    Bluestein,   // any other length: chirp, two FFTs of length `transform` and a product
  } kind;
  int length = 0;   // N along this axis
  // Complex values each invocation holds: the butterfly radix of the stage and shared-memory
  // kernels, P on the register path, the largest stage radix for mixed radix and Bluestein.
  int elements_per_invocation = 2;
  int threads = 0;  // invocations per line
  int lines = 0;    // lines per work group
  int exchange = 4; // Registers: floats per shared-memory word when exchanging between stages
  // Registers: the exchanges go through shuffles within subgroups of this size instead of
  // shared memory (0: shared memory); emulated: through shared memory standing in for them.
  int subgroup = 0;
  bool emulated = false;
  // Registers, both axes: the row pass stores into, and the column pass loads from, the plan's
  // storage buffer (Plan::intermediate()) of width x height texels per layer, not an image.
  bool via_buffer = false;
  int width = 0, height = 0, strip = 1;  // strip: columns stored side by side in the buffer
  // Options::FastTuning::transpose: the buffer holds the transposed image (strip 1), the row
  // pass stores runs of `lines` texels, the column pass maps its invocations as a row pass; and
  // store_transposed, the column pass writes the spectrum transposed.
  bool transposed = false, store_transposed = false;
  // MixedRadix and Bluestein only:
  std::vector<int> radices{};  // stage radices, first stage first; product = transform
  int transform = 0;         // FFT length inside the kernel: length, or Bluestein's power of two
  bool scratch = false;      // exchanges through a scratch image (shared memory too small)
  bool padded = true;        // shared rows padded against bank conflicts
  // One line, e.g. "N=256: 4 elements/invocation in registers, ...".
  std::string describe() const;
};

// A transform of one shape, planned once and executed any number of times. Owns its programs,
// twiddle buffers and 2 x width x height x layers x 16 bytes of data: on the fast register path
// one result texture and a storage buffer between the axes, elsewhere two result textures (an
// axis above the line limit: the four-step path, two or more such images, docs/fft.md). All
// are created in the constructor, so execute() allocates nothing.
class Plan {
 public:
  // Validates `options` against the limits of shaders.context(), the context the plan works
  // in, compiles the kernels from `shaders` (used only here, not kept) and allocates the
  // textures.
  // Needs: that context current on this thread.
  // GL state: creates programs, buffers and textures; leaves the generic
  // GL_SHADER_STORAGE_BUFFER binding and the active unit's GL_TEXTURE_2D_ARRAY binding at 0.
  // Errors: Error(InvalidArgument) for options validate() refuses (message from describe()),
  // Error(ShaderCompile) naming file:line, Error(GlRuntime) when the driver refuses the
  // textures or reports a GL error.
  Plan(const Options& options, const gl::ShaderLibrary& shaders);
  // Deletes the plan's GL objects; its context must be current.
  ~Plan();
  Plan(Plan&&) noexcept;
  Plan& operator=(Plan&&) noexcept;

  const Options& options() const { return options_; }
  // What the planner chose for rows (horizontal, length width) and columns (length height).
  const AxisStrategy& horizontal() const { return axis_[0]; }
  const AxisStrategy& vertical() const { return axis_[1]; }
  // The algorithm, shape and both axes' strategies, on one line.
  std::string describe() const;
  // Compute dispatches one execute() issues.
  int dispatches_per_execute() const;
  // Whether `axis` (0 rows, 1 columns) is transformed (Options::axes).
  bool transforms(int axis) const {
    return options_.axes == Axes::Both || (axis == 0) == (options_.axes == Axes::Rows);
  }

  // Transforms every complex plane of `input` and returns the plan-owned texture that holds the
  // result, valid until the next execute() of this plan.
  // Input: an rgba32f GL_TEXTURE_2D_ARRAY of the plan's width x height x layers; texel (x, y)
  // of layer l holds plane 2l in .xy and plane 2l+1 in .zw. It is only read.
  // The barrier before is the caller's: if `input` was written by image stores or SSBO writes,
  // call glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT) first (uploads, copies and draws
  // need nothing). The barrier after is the plan's: on return the result is visible to image
  // loads, texture fetches, glGetTexImage/glTexSubImage and pixel buffers; other reads (as a
  // framebuffer attachment, say) need the caller's own barrier. (Options::barriers Narrow, a
  // measurement mode, leaves glGetTexImage/glTexSubImage and pixel buffers to the caller too.)
  // GL state left changed: the current program (glUseProgram), the image units and shader
  // storage binding points in fft/bindings.h (FFT_IMAGE_*, FFT_BUFFER_*), and the generic
  // GL_SHADER_STORAGE_BUFFER binding.
  // `timer`, when given, sees one begin/end per axis (and per stage for stage dispatches).
  // Errors: Error(InvalidArgument) when `input` has another shape, format or target; nothing is
  // dispatched then.
  const gl::Texture& execute(Direction direction, const gl::Texture& input,
                             gl::PassTimer* timer = nullptr);

  // Every texture execute() may write; tests fill them with NaN so an unwritten texel shows.
  // A four-step plan (an axis above kMaxSize) returns its result texture here; four_step()
  // lists the rest.
  std::span<const gl::Texture> targets() const;
  // The four-step part of a plan with an axis above the line limit, else null (src/fft/four_step_2d.h).
  const detail::FourStep2D* four_step() const { return four_step_.get(); }
  // The twiddle table a pass along `axis` binds at shader storage binding 0, for callers that
  // run the fast kernel's passes themselves with their own loads and stores (the ocean).
  const gl::Buffer& twiddles(int axis) const { return twiddles_[axis] ? twiddles_[axis] : twiddles_[0]; }
  // The buffer between the row and the column pass (AxisStrategy::via_buffer), bound at
  // FFT_BUFFER_INTERMEDIATE; null on the other paths, whose passes meet in the plan's textures.
  const gl::Buffer* intermediate() const { return intermediate_ ? &intermediate_ : nullptr; }

 private:
  // skip_barrier: the caller's barrier after the last axis covers this one's.
  void run_axis(int axis, Direction d, const gl::Texture& src, const gl::Texture& dst,
                gl::PassTimer* timer, bool skip_barrier = false);

  Options options_;
  AxisStrategy axis_[2];
  gl::Program program_[2];
  gl::Buffer twiddles_[2];
  gl::Buffer chirp_[2], kernel_[2];  // Bluestein's tables
  gl::Texture scratch_[2];           // exchange space when a line does not fit shared memory
  gl::Texture ping_[2];
  gl::Buffer intermediate_;
  const gl::Texture* result_ = nullptr;
  std::unique_ptr<detail::FourStep2D> four_step_;
};

// Byte count one full pass over the data moves (one read + one write of every texel), for
// bandwidth figures.
inline uint64_t pass_bytes(const Options& o) {
  return uint64_t(o.width) * o.height * o.layers * 16 * 2;
}

}  // namespace oceanfft::fft
