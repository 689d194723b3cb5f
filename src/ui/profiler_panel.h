// SPDX-License-Identifier: MIT
#pragma once
// The profiler's ImGui window: passes with last/avg/min/max and GB/s, FFT and frame totals, a
// frame-time graph, the (algorithm, size) comparison table, and which clock measured all that.
#include "profiler/profiler.h"

namespace oceanfft::ui {

// Draws inside the current ImGui frame; reads the profiler, never changes it.
void draw_profiler_panel(const profiler::Profiler& profiler);

}  // namespace oceanfft::ui
