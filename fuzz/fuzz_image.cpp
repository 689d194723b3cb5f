// SPDX-License-Identifier: MIT
// libFuzzer entry point over the viewer's CPU image path (decode -> pad -> pack). A refusal is
// the expected answer to most inputs; only a broken invariant or a sanitizer report is a crash.
#include <cstdio>
#include <cstdlib>

#include "image_path.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const oceanfft::fuzz::Outcome o = oceanfft::fuzz::run_image_path(data, size);
  if (!o.violation.empty()) {
    std::fprintf(stderr, "image path invariant broken: %s\n", o.violation.c_str());
    std::abort();
  }
  return 0;
}
