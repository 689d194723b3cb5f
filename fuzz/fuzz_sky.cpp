// SPDX-License-Identifier: MIT
// libFuzzer entry point over `render --sky`'s loader (sky::load_sky_image): Radiance HDR through
// stb with the completeness walk, everything else through io::decode_image. The bytes are a
// file (a memfd, read by path as a user's file is). A refusal must be Io or InvalidArgument on
// one line; an accepted sky must have its shape's pixel count and values finite, >= 0 and at
// most sky::kMaxSkyRadiance (so fp32 sums of them in the mips and the prefilter stay finite).
#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "gl/error.h"
#include "sky/sky.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oceanfft;
  const int fd = ::memfd_create("fuzz_sky", 0);
  if (fd < 0) return 0;
  if (size && ::write(fd, data, size) != ssize_t(size)) {
    ::close(fd);
    return 0;
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  try {
    const sky::SkyImage img = sky::load_sky_image(path);
    if (img.width < 2 || img.height < 1 || img.rgb.size() != size_t(img.width) * img.height * 3) std::abort();
    for (float v : img.rgb)
      if (!std::isfinite(v) || v < 0.0f || v > sky::kMaxSkyRadiance) std::abort();
  } catch (const Error& e) {
    const std::string m = e.what();
    if ((e.code() != ErrorCode::Io && e.code() != ErrorCode::InvalidArgument) ||
        m.find('\n') != std::string::npos) {
      std::fprintf(stderr, "bad refusal: %s\n", m.c_str());
      std::abort();
    }
  }
  ::close(fd);
  return 0;
}
