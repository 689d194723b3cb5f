// SPDX-License-Identifier: MIT
#pragma once
// What the 3D plans (VolumePlan, RealVolumePlan) share for their third axis: the depth's bounds,
// the options of the column plan along z, and the y<->z transpose through global memory
// (shaders/fft/transpose_yz.comp) around that plan. Internal: not installed.
#include <cstdint>
#include <string>

#include "fft/fft.h"

namespace oceanfft::fft::detail {

// Error(InvalidArgument) for a depth outside 1..kMaxSize.
void check_depth(int depth);

// The plan along z: columns of length `depth` over `width` x depth images, one layer per row of
// the slices (o.height layers); the rest of `o` as it is.
Options along_z(const Options& o, int width, int depth);

// The transpose's program, through the program cache in `program_cache`.
gl::Program transpose_yz_program(const gl::ShaderLibrary& shaders, const std::string& program_cache);

// Writes `src` into `dst` with y and z swapped (dst is src.width() x src.layers() x
// src.height()), timed as one "fft.transpose" pass of `bytes`; the image-access barrier after.
void transpose_yz(const gl::Program& program, const gl::Texture& src, const gl::Texture& dst,
                  gl::PassTimer* timer, uint64_t bytes);

}  // namespace oceanfft::fft::detail
