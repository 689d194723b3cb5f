// SPDX-License-Identifier: MIT
#pragma once
// Fusing a caller's work into the fast FFT's passes: pre-processing in a pass's loads and
// post-processing in its stores (in the spirit of VkFFT's), so that no texture is written
// before the transform or read again after it. A FusedPass is one axis of a Plan (Algorithm::
// Fast on its register path) compiled from the caller's compute shader, which includes the
// kernel "fft/fast.glsl" after defining the hooks it wants. Installed as <oceanfft/fft/fused.h>;
// docs/fft.md ("Fused passes") has the contract with an example.
//
// The hooks, each a macro defined before `#include "fft/fast.glsl"` (all optional):
//   FFT_LOAD(i, line, layer)         vec4: element i of `line` in FFT layer `layer` (xy, zw two
//                                    complex planes) instead of the kernel's own read
//   FFT_STORE(i, line, layer, value) stores the transformed element i (value already scaled)
//                                    instead of the kernel's own write
//   FFT_CUSTOM_MAIN                  the caller writes main() from fft_setup(out line,
//                                    out layer), fft_line(line, layer) and fft_store(line, layer)
//   FFT_PAIR / FFT_PAIR_OUT(texel, a, b)  two transforms per group: fft_keep() after the first
//                                    fft_line, then fft_pair_out(line, layer) calls the hook with
//                                    both results of each element (no FFT_STORE then)
//   FFT_SHARE                        fft_share_put(slot, vec4) / fft_share_get(slot): TL vec4
//                                    slots of the exchange's shared memory, free after the last
//                                    fft_line and a barrier()
// Element i of a line lies at texel(i, line, layer) (ivec3 x, y, layer: AXIS 0 runs along x).
//
// Defines the engine sets (FusedPass::defines): N, AXIS, P, T, L, TL, R1, STAGES, EX; on the
// plan's buffer path FFT_BUFFER_OUT (rows) or FFT_BUFFER_IN (columns) with WIDTH, HEIGHT, STRIP;
// with subgroup shuffles FFT_SHUFFLE, FFT_SHUFFLE_EMULATE, SG, LOG_P, LOG_R1 and the #extension
// lines. The caller's own defines follow them.
//
// Reserved bindings (fft/bindings.h): image units FFT_IMAGE_SRC 0, FFT_IMAGE_DST 1,
// FFT_IMAGE_SCRATCH 2; shader storage FFT_BUFFER_TWIDDLES 0 .. FFT_BUFFER_DATA 4. The caller's
// images and buffers take higher units. Uniforms uDirection and uScale belong to the engine.
#include <array>
#include <optional>
#include <string>

#include "fft/fft.h"

namespace oceanfft::fft {

class FusedPass {
 public:
  FusedPass() = default;
  // Compiles `path` (a compute shader in `shaders`, which includes "fft/fast.glsl") for `axis`
  // (0 rows, 1 columns) of `plan` with the engine's defines and then `defines`. `shape`: the
  // pass's own register shape, for hooks that hold more in registers than the plan's pass;
  // where it does not fit the driver's limits or the lines, or is not given, the plan's own
  // strategy for that axis. The pass reads and writes the plan's buffer between the axes as the
  // plan's own passes do (AxisStrategy::via_buffer), so a fused row pass may feed the plan's
  // column pass and the other way round.
  // Needs: the plan's context current; `plan` outlives the pass (it uses its twiddles and its
  // intermediate buffer).
  // Errors: Error(InvalidArgument) when the plan does not transform `axis` on the register path
  // (supported() says so beforehand), Error(ShaderCompile) as ShaderLibrary::compute.
  FusedPass(const Plan& plan, int axis, const gl::ShaderLibrary& shaders, const std::string& path,
            const gl::Defines& defines = {}, const std::optional<FastShape>& shape = std::nullopt);

  // Whether `plan` transforms `axis` on the fast kernel's register path, which fusing needs.
  static bool supported(const Plan& plan, int axis);

  // The strategy a pass for `axis` of `plan` with `shape` gets, without compiling: for a caller
  // whose own defines depend on it. Needs no context current. Errors: as the constructor.
  static AxisStrategy strategy_for(const Plan& plan, int axis, const gl::Limits& limits,
                                   const std::optional<FastShape>& shape);

  // For the caller's uniforms (glProgramUniform*) and checks; the engine sets uDirection and
  // uScale in dispatch().
  const gl::Program& program() const { return program_; }
  // The register strategy the pass was compiled for.
  const AxisStrategy& strategy() const { return strategy_; }
  int axis() const { return axis_; }
  // The engine's defines the program was compiled with (before the caller's).
  const gl::Defines& defines() const { return defines_; }

  // Work groups for one pass over every line of every FFT layer: fft_setup() reads the line from
  // the group's y (rows) or x (columns) and the layer from z.
  std::array<unsigned, 3> groups() const;

  // Makes the program current, sets uDirection and uScale (every element is scaled by `scale`
  // on its way out: 1 forward, 1 / length for a normalised inverse along this axis), binds the
  // plan's twiddles at FFT_BUFFER_TWIDDLES and, on the buffer path, its intermediate buffer at
  // FFT_BUFFER_INTERMEDIATE, and dispatches `groups` (a caller's main() may spread layers over
  // x and z differently). The caller's images, buffers and uniforms must be bound first; the
  // memory barrier after is the caller's, who knows the next reader.
  void dispatch(Direction direction, float scale) const { dispatch(direction, scale, groups()); }
  void dispatch(Direction direction, float scale, const std::array<unsigned, 3>& groups) const;

 private:
  gl::Program program_;
  AxisStrategy strategy_{};
  gl::Defines defines_;
  int axis_ = 0;
  int width_ = 0, height_ = 0, layers_ = 0;
  GLuint twiddles_ = 0, intermediate_ = 0;  // the plan's, which outlives the pass
};

}  // namespace oceanfft::fft
