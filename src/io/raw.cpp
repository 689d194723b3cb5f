// SPDX-License-Identifier: MIT
#include "io/raw.h"

#include <cstddef>
#include <limits>

#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::io {

uint64_t raw_bytes(int64_t width, int64_t height, int64_t planes, uint64_t bytes_per_value) {
  const std::string shape = std::to_string(width) + "x" + std::to_string(height) + " with " +
                            std::to_string(planes) + " plane(s)";
  if (width <= 0 || height <= 0 || planes <= 0)
    throw Error(ErrorCode::InvalidArgument, "invalid raw shape " + shape);
  uint64_t n = 0;
  if (__builtin_mul_overflow(uint64_t(width), uint64_t(height), &n) || __builtin_mul_overflow(n, uint64_t(planes), &n) ||
      __builtin_mul_overflow(n, bytes_per_value, &n) || n > uint64_t(std::numeric_limits<std::ptrdiff_t>::max()))
    throw Error(ErrorCode::InvalidArgument, "the raw shape " + shape + " is too large to hold");
  return n;
}

std::vector<std::complex<float>> read_complex64(const std::string& path, int width, int height, int planes,
                                                const std::string& what, const std::string& shape) {
  const uint64_t need = raw_bytes(width, height, planes, sizeof(std::complex<float>));
  InputFile in(path, what);
  if (in.size() != need)
    throw Error(ErrorCode::InvalidArgument,
                what + " " + quote(path) + " holds " + std::to_string(in.size()) + " bytes, but " +
                    (shape.empty() ? std::to_string(width) + "x" + std::to_string(height) + " with " +
                                         std::to_string(planes) + " complex64 plane(s)"
                                   : shape) +
                    " needs " + std::to_string(need));
  std::vector<std::complex<float>> data(size_t(need / sizeof(std::complex<float>)));
  in.read(data.data(), size_t(need));
  return data;
}

std::vector<float> read_float32(const std::string& path, int width, int height, int planes,
                                const std::string& what, const std::string& shape) {
  const uint64_t need = raw_bytes(width, height, planes, sizeof(float));
  InputFile in(path, what);
  if (in.size() != need)
    throw Error(ErrorCode::InvalidArgument,
                what + " " + quote(path) + " holds " + std::to_string(in.size()) + " bytes, but " +
                    (shape.empty() ? std::to_string(width) + "x" + std::to_string(height) + " with " +
                                         std::to_string(planes) + " float32 plane(s)"
                                   : shape) +
                    " needs " + std::to_string(need));
  std::vector<float> data(size_t(need / sizeof(float)));
  in.read(data.data(), size_t(need));
  return data;
}

void write_complex64(const std::string& path, const std::vector<std::complex<float>>& data, const std::string& what) {
  write_file(path, data.data(), data.size() * sizeof(data[0]), what);
}

void write_float32(const std::string& path, const std::vector<float>& data, const std::string& what) {
  write_file(path, data.data(), data.size() * sizeof(float), what);
}

}  // namespace oceanfft::io
