// SPDX-License-Identifier: MIT
#pragma once
// Planning for Algorithm::Fast (shaders/fft/fast.comp, kernel in fft/fast.glsl): how many
// elements each invocation keeps in registers, how many lines share a work group, and how wide
// the shared-memory exchange is. The plan calls it; so does fft::FusedPass (fft/fused.h), whose
// callers' passes include the same kernel and need the same defines and grid.
#include <optional>

#include "fft/fft.h"
#include "gl/shader.h"

namespace oceanfft::fft::detail {

// The register strategy for one axis of length n with lines_total lines, or nothing when it does
// not fit the limits (the caller then falls back to stage dispatches).
std::optional<AxisStrategy> plan_fast_axis(int n, int axis, int lines_total,
                                           const gl::Limits& limits, const Options& o);

// The register strategy for a pass that includes the kernel with loads or stores of its own (a
// caller's fused pass, fft::FusedPass), planned from `shape` (none:
// the axis's own table) and reading or writing the buffer between the axes as `plans` (the
// plan's strategy for `axis`) does; `plans` itself where `shape` does not fit the limits or the
// lines.
AxisStrategy plan_fast_fused(const AxisStrategy& plans, int axis, int lines_total,
                             const gl::Limits& limits, const Options& o,
                             const std::optional<FastShape>& shape);

// Throws Error(InvalidArgument) naming the first entry of `table` that cannot be planned.
void check_fast_table(const FastTable& table);
// check_fast_table() of the options' table, then the other Options::FastTuning fields that
// the planner does not clamp (column_per_thread, transpose), with a one-line reason.
void check_fast_options(const Options& o);

// Options::FastTuning::transpose for a plan whose axes meet in the buffer: `rows` stores the
// transposed image and `columns` reads it as rows; the row pass takes up to 4 lines where
// row_lines leaves the choice open and its shared memory and group size allow.
void transpose_fast_axes(AxisStrategy& rows, AxisStrategy& columns, const gl::Limits& limits,
                         const Options& o);

// Defines for fast.comp that realise `s` along `axis`.
gl::Defines fast_defines(const AxisStrategy& s, int axis);

// Work groups to dispatch for one pass over width x height x layers.
void fast_dispatch_size(const AxisStrategy& s, int axis, const Options& o, unsigned out[3]);

}  // namespace oceanfft::fft::detail
