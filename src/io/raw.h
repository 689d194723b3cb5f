// SPDX-License-Identifier: MIT
#pragma once
// Raw little-endian float32 and complex64 files with no header (layouts: docs/formats.md).
// Reading checks the declared shape against the file's size, with overflow checks, before
// anything is allocated; writing is io::write_file (atomic, checked).
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace oceanfft::io {

// W*H*planes*bytes_per_value, or InvalidArgument when a factor is not positive or the
// product does not fit in memory's address range.
uint64_t raw_bytes(int64_t width, int64_t height, int64_t planes, uint64_t bytes_per_value);

// `planes` planes of width x height complex64, the file holding exactly that many bytes.
// `shape` names the shape in messages the way the caller's options do (default "WxH with N
// complex64 plane(s)").
std::vector<std::complex<float>> read_complex64(const std::string& path, int width, int height, int planes,
                                                const std::string& what = "the input file",
                                                const std::string& shape = "");
// Likewise for `planes` planes of width x height float32.
std::vector<float> read_float32(const std::string& path, int width, int height, int planes,
                                const std::string& what = "the input file",
                                const std::string& shape = "");
void write_complex64(const std::string& path, const std::vector<std::complex<float>>& data,
                     const std::string& what = "the output");
void write_float32(const std::string& path, const std::vector<float>& data, const std::string& what = "the output");

}  // namespace oceanfft::io
