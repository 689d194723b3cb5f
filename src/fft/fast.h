// SPDX-License-Identifier: MIT
#pragma once
// Planning for Algorithm::Fast (shaders/fft/fast.comp, kernel in fft/fast.glsl): how many
// elements each invocation keeps in registers, how many lines share a work group, and how wide
// the shared-memory exchange is. The plan calls it; so does the ocean, whose fused passes
// (shaders/ocean/fused_*.comp) include the same kernel and need the same defines and grid.
#include <optional>

#include "fft/fft.h"
#include "gl/shader.h"

namespace oceanfft::fft::detail {

// The register strategy for one axis of length n with lines_total lines, or nothing when it does
// not fit the limits (the caller then falls back to stage dispatches).
std::optional<AxisStrategy> plan_fast_axis(int n, int axis, int lines_total,
                                           const gl::Limits& limits, const Options& o);

// The column strategy for a pass that transforms two planes per work group one after the other
// (the ocean's fused column pass, which holds twice the registers), from its own measured table
// and reading the buffer the plan's row pass writes as `columns` (the plan's) does; `columns`
// itself where that table's choice does not fit.
AxisStrategy plan_fast_pair_columns(const AxisStrategy& columns, int lines_total,
                                    const gl::Limits& limits, const Options& o);
// Likewise for the ocean's fused row pass, which evaluates the spectrum in its loads: `rows`
// (the plan's) where its table's choice does not fit; it writes the buffer as `rows` does.
AxisStrategy plan_fast_spectrum_rows(const AxisStrategy& rows, int lines_total,
                                     const gl::Limits& limits, const Options& o);

// Defines for fast.comp that realise `s` along `axis`.
gl::Defines fast_defines(const AxisStrategy& s, int axis);

// Work groups to dispatch for one pass over width x height x layers.
void fast_dispatch_size(const AxisStrategy& s, int axis, const Options& o, unsigned out[3]);

}  // namespace oceanfft::fft::detail
