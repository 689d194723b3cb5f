// SPDX-License-Identifier: MIT
// libFuzzer entry point over the raw FFT reader (io::read_complex64, which `oceanfft fft`
// uses): the first 12 bytes are the declared width, height and plane count (any int32, so
// negative, zero and overflowing shapes come up), the rest is the file. The reader must either
// refuse with InvalidArgument/Io and a one-line message, or return exactly the declared shape,
// which must then equal the file's size; it must never allocate for a shape the file cannot
// hold (ASan's allocation limit would report that as a crash).
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "gl/error.h"
#include "io/raw.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oceanfft;
  if (size < 12) return 0;
  int32_t shape[3];
  std::memcpy(shape, data, 12);
  const int fd = ::memfd_create("fuzz_raw", 0);
  if (fd < 0) std::abort();
  if (size > 12 && ::write(fd, data + 12, size - 12) != ssize_t(size - 12)) std::abort();
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  try {
    const auto got = io::read_complex64(path, shape[0], shape[1], shape[2]);
    if (uint64_t(got.size()) * 8 != size - 12 ||
        uint64_t(got.size()) != uint64_t(shape[0]) * uint64_t(shape[1]) * uint64_t(shape[2])) {
      std::fprintf(stderr, "read %zu values for %dx%dx%d from %zu bytes\n", got.size(), shape[0], shape[1],
                   shape[2], size - 12);
      std::abort();
    }
    if (size > 12 && std::memcmp(got.data(), data + 12, size - 12) != 0) std::abort();
  } catch (const Error& e) {
    const std::string m = e.what();
    if ((e.code() != ErrorCode::InvalidArgument && e.code() != ErrorCode::Io) || m.find('\n') != std::string::npos) {
      std::fprintf(stderr, "bad refusal: %s\n", m.c_str());
      std::abort();
    }
  }
  ::close(fd);
  return 0;
}
