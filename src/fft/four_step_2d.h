// SPDX-License-Identifier: MIT
#pragma once
// The 2D transforms fft::Plan routes here: those with an axis longer than one work group holds
// (above kMaxSize, up to kMaxLongSize), by the four-step method along each such axis. Internal:
// callers use fft::Plan with the same Options as for any other size.
//
// Which way: Options::FastTuning::four_step, or where it is kFourStepFromTable (the default) the
// entry of Options::FastTuning::four_step_table for the longest long axis
// (fft::four_step_path(); the built-in table in src/fft/tuning.cpp).
//
// How (Algorithm::Fast where every transformed length is a power of two, unless the path is 2):
// the natural-layout passes. An axis of N = N1 x N2 is
// two passes of the fast kernel (shaders/fft/four_step_pass.comp), each reading and writing the
// W x H image itself: the N1-point FFTs of x[n1 N2 + n2] with the twiddle exp(-+2 pi i n2 k1 / N)
// (a table in double on the host) on their way out, to k1 N2 + n2, then the N2-point FFTs, to
// k1 + N1 k2. An axis that needs no split is one such pass, and so is a row above the line
// limit whose whole line fits a work group (8192 where the exchange's 34 KiB of shared memory
// fit; not with four_step 1). A work group's lines are adjacent texels, so every access runs
// along memory. Two images (the result and one scratch) take turns.
//
// Otherwise (any length the algorithm splits): every transformed axis is cut into lines of at
// most kMaxSize that column plans (Axes::Columns, shared between the axes where the shapes
// agree) transform. An axis of N = N1 x N2 is gathered into columns of N1 (its strided
// sub-FFTs), transformed, twiddled into columns of N2, transformed again; an axis that needs no
// split is gathered straight into columns of N. The next axis gathers from the previous one's
// columns through the output order k = k1 + N1 k2, and the last pass writes the natural W x H
// image. Passes: shaders/fft/four_step_2d.comp.
//
// The column layouts are image arrays at most kMaxSize wide with the driver's layer limit; the
// plan refuses (Error(InvalidArgument), before anything is made) a shape whose layouts do not
// fit those limits, a twiddle table above GL_MAX_SHADER_STORAGE_BLOCK_SIZE, more than 2^31 - 1
// texels, or more memory than the driver reports free (where it reports it:
// GL_NVX_gpu_memory_info, GL_ATI_meminfo).
#include <memory>
#include <string>
#include <vector>

#include "fft/fft.h"

namespace oceanfft::fft::detail {

// Lines longer than this take this path: Options::long_line_limit, at most kMaxSize.
int line_limit(const Options& o);
// Whether `o` takes this path: a width or height above the line limit (Options::long_line_limit,
// at most kMaxSize).
bool needs_four_step(const Options& o);
// The split N = N1 x N2 an axis of length n uses: N1 <= N2, both as near sqrt(n) as the
// algorithm allows and at most `limit`; {0, 0} when there is none.
std::pair<int, int> four_step_split(int n, Algorithm a, int limit);

// Free GPU memory in bytes as the driver reports it (GL_NVX_gpu_memory_info, GL_ATI_meminfo),
// the host's available memory on a software renderer (llvmpipe, softpipe), else -1.
int64_t free_gpu_memory(const gl::Context& ctx);
// Error(InvalidArgument) "<what> needs N MiB of GPU memory; ... M MiB free" when `bytes` exceeds
// free_gpu_memory(); nothing where it is unknown.
void check_gpu_memory(const gl::Context& ctx, uint64_t bytes, const std::string& what);

// The longest first sub-FFT the fused pass takes (shaders/fft/four_step_fft.comp).
inline constexpr int kMaxFusedN1 = 256;

class FourStep2D {
 public:
  // `options` as validate() accepted them.
  FourStep2D(const Options& options, const gl::ShaderLibrary& shaders);
  ~FourStep2D();

  std::string describe() const;
  int dispatches() const;
  // Each pass is bracketed for `timer` (none when null) under a name that says its axis and
  // what it does: "fft.four_step.rows N1=128" (the N1-point FFTs with the twiddle),
  // "... N2=128", "... 8192" (a whole line in one pass), "... gather", "... twiddle",
  // "... N1=128 gather+twiddle" (the re-laid path's fused first pass), "fft.four_step.scatter".
  // A re-laid column plan's execute is one such pass, its own passes nested inside.
  const gl::Texture& execute(Direction direction, const gl::Texture& input, gl::PassTimer* timer);
  // The natural-order result texture.
  std::span<const gl::Texture> output() const { return {&result_, 1}; }
  // Whether the plan runs the natural-layout passes (four_step_pass.comp).
  bool natural() const { return !natural_.empty(); }
  // The path asked for or looked up (fft::four_step_path(): 0..3); natural() says whether the
  // natural-layout passes took the shape.
  int path() const { return options_.fast.four_step; }
  // Every texture execute() may write (the result and the scratch image, or every column
  // plan's targets).
  std::vector<const gl::Texture*> targets() const;
  // GPU memory the plan holds, in bytes (textures and tables).
  uint64_t bytes() const { return bytes_; }

 private:
  struct Axis {
    int axis = 0, n1 = 1, n2 = 0;
    int width_a = 0, width_b = 0;  // layout widths; layers = lines / width
    int plan_a = -1, plan_b = -1;  // index into plans_ (plan_a unused when n1 == 1 or fused)
    // The first sub-FFT, its gather and the twiddle in one pass (four_step_fft.comp): Fast with
    // N1 a power of two up to kMaxFusedN1.
    bool fused = false;
    int fused_program = -1;  // index into fused_
    gl::Buffer twiddles;
    gl::Buffer roots;  // exp(-2 pi i t / N1), t < N1 / 2, for the fused pass
  };
  // One pass of the natural-layout path (four_step_pass.comp's uniforms).
  struct NaturalPass {
    int axis = 0, length = 0, sub = 1, other = 1, lines = 0;
    int map[4] = {0, 1, 0, 1};
    bool twiddle = false;  // the first pass of a split axis
    // The line order (four_step_pass.comp's uRun, uBand): 1 and `other` by default;
    // Options::FastTuning::four_step_run and four_step_band along columns, four_step_row_run
    // (and `other`) along rows.
    int run = 1, band = 1;
    std::string name;      // for the pass timer (execute())
    int program = -1;      // index into natural_programs_
    int owner = 0;         // index into axes_ (its four-step twiddles)
    unsigned groups[2] = {1, 1};
  };
  struct NaturalProgram {
    int length = 0;
    AxisStrategy strategy{};
    gl::Program program;
    gl::Buffer twiddles;  // the fast kernel's exp(-2 pi i t / length)
  };
  // Plans the natural-layout path: false (nothing made) where it does not take the shape.
  bool plan_natural(const gl::ShaderLibrary& shaders);
  const gl::Texture& execute_natural(Direction direction, const gl::Texture& input,
                                     gl::PassTimer* timer);
  // "fft.four_step.rows " or "fft.four_step.columns " followed by `what`.
  static std::string pass_name(int axis, const std::string& what);
  // The four-step twiddles exp(-2 pi i j k1 / N) at k1 * n2 + j, in double before the rounding.
  static gl::Buffer four_step_twiddles(gl::Context& ctx, int n1, int n2);

  int plan_for(const Options& o, const gl::ShaderLibrary& shaders);
  // Binds both images and sets the layout uniforms four_step_2d.glsl declares.
  void bind_layout(const gl::Program& program, int inverse, const Axis& a, const Axis* src_axis,
                   const gl::Texture& src, const gl::Texture& dst) const;
  void pass(int mode, int inverse, const Axis& a, const Axis* src_axis, const gl::Texture& src,
            const gl::Texture& dst);
  void fused_pass(int inverse, const Axis& a, const Axis* src_axis, const gl::Texture& src,
                  const gl::Texture& dst);
  const gl::Texture& spare(int plan, const gl::Texture* reading) const;

  Options options_;
  std::vector<Axis> axes_;
  std::vector<std::unique_ptr<Plan>> plans_;
  gl::Program program_;
  std::vector<std::pair<int, gl::Program>> fused_;  // per N1
  gl::Texture result_;
  uint64_t bytes_ = 0;
  std::vector<NaturalPass> natural_;  // empty: the re-laid path
  std::vector<NaturalProgram> natural_programs_;
  gl::Texture scratch_;
};

}  // namespace oceanfft::fft::detail
