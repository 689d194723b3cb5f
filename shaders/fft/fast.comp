#version 430 core
// SPDX-License-Identifier: MIT
// The "fast" FFT pass along one axis (src/fft/fast.cpp sets the defines); the kernel is
// fft/fast.glsl, generated from fast.glsl.in by gen_fast_shader.py, so that the ocean's fused
// passes can include it with their own load and store.
#include "fft/fast.glsl"
