// SPDX-License-Identifier: MIT
#pragma once
// What the ocean's passes share (inside src/ocean): work-group sizes, the barriers between
// passes, and the bytes each pass moves (the profiler's bandwidth column and
// Simulation::bytes_per_step both take them from PassBytes).
#include <cstdint>

#include "gl/objects.h"
#include "ocean/params.h"

namespace oceanfft::ocean::passes {

constexpr int kGroup = 16;  // local size of the ocean kernels, both axes
constexpr int kInjectionGroup = 8;  // ocean/foam_injection.comp's, both axes

// What reads the maps after a step: the mip passes' and the renderer's texture fetches, image
// loads, readbacks (glGetTexImage, pixel buffers) and framebuffer attachments in tools.
// Between the pass that writes level 0 and the mip passes, only their fetches need waiting:
// the mip passes' last barrier (kMapsWritten) covers every write before it, level 0's too.
constexpr GLbitfield kMipSourceWritten = GL_TEXTURE_FETCH_BARRIER_BIT;
// Between assemble and the foam pass: it fetches displacement and derivatives, and stores the
// foam-and-slopes map, which image accesses before it (the previous step's tail) must finish.
constexpr GLbitfield kFoamSourceWritten =
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
constexpr GLbitfield kMapsWritten = GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                                    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT |
                                    GL_FRAMEBUFFER_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;

// Levels 1..kFoamPassLevels of the foam-and-slopes map are made by the foam pass itself, in
// its 16 x 16 work groups (ocean/mip_tile.glsl); the mip chain makes the rest.
constexpr int kFoamPassLevels = 4;
static_assert((kMinSize >> kFoamPassLevels) >= 1, "every map has the levels the foam pass makes");

// Bytes each pass reads and writes, t = texels of every cascade: the profiler's bandwidth
// column (gl::ScopedPass) and bytes_per_step() both take them from here.
struct PassBytes {
  // h0's wave pair, w and the phase per plane, the phase written once, the rows' output.
  static uint64_t rows_fused(uint64_t t) { return t * (2 * 24 + 4 + 32); }
  // Level 1 of the two maps (a quarter of the texels), where assemble makes it.
  static uint64_t level1(uint64_t t) { return t / 4 * 2 * 16; }
  // The rows' output read, two maps written, and their level 1 where the pass makes it
  // (first_mip, the chains' first level left to the mip rounds, is then 1).
  static uint64_t columns_fused(uint64_t t, int first_mip) {
    return t * (32 + 2 * 16) + uint64_t(first_mip) * level1(t);
  }
  // h0's wave pair and w read, the phase read and written, every plane written.
  static uint64_t spectrum(uint64_t t, uint64_t planes) { return t * (20 + 8 + 16 * planes); }
  // Every plane read, two maps written, and their level 1.
  static uint64_t assemble(uint64_t t, uint64_t planes) {
    return t * (16 * planes + 2 * 16) + level1(t);
  }
  // The injection pass: at each of `points` grid points every cascade's Jacobian fetched (two
  // maps) and the injection written.
  static uint64_t injection(uint64_t points, int cascades) {
    return points * (uint64_t(cascades) * 32 + 4);
  }
  // Per texel: the injection, from four grid points where the injection pass made it, or from
  // every cascade's Jacobian where this pass computes it (`own` of the t texels); two taps of
  // last step's state fetched, the slopes' texel read and the map's written, the state written,
  // and the map's levels 1-4 (a third of level 0).
  static uint64_t foam(uint64_t t, uint64_t own, int cascades) {
    return (t - own) * 4 * 4 + own * uint64_t(cascades) * 32 + t * (2 * 8 + 32 + 8) + t * 16 / 3;
  }
  // Level 0 of `maps` rgba32f maps read, the levels above it (a third as many texels) written.
  static uint64_t mips(uint64_t t, uint64_t maps) { return t * 16 * maps * 4 / 3; }
  // The displacement and derivative chains above level first_mip.
  static uint64_t surface_mips(uint64_t t, int first_mip) { return mips(t >> (2 * first_mip), 2); }
  // The foam map's chain above the levels the foam pass made.
  static uint64_t foam_mip_tail(uint64_t t) { return mips(t >> (2 * kFoamPassLevels), 1); }
};

}  // namespace oceanfft::ocean::passes
