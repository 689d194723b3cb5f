// SPDX-License-Identifier: MIT
#pragma once
// A cache of linked compute programs on disk (GL_ARB_get_program_binary, core in GL 4.1), so
// that a plan at a length seen before starts without compiling. The library reads no
// environment variable: the caller names the directory (fft::Options::program_cache; the app
// passes $XDG_CACHE_HOME/oceanfft or ~/.cache/oceanfft).
//
// One file per program, named by a hash of the driver (GL_VENDOR, GL_RENDERER, GL_VERSION) and
// the expanded source with its defines; the file repeats that key in full and ends in a
// checksum. A file is used only when its key matches, its checksum holds and the driver accepts
// the binary (link status after glProgramBinary); anything else (garbage, another driver's
// file, a driver update, a truncated write) is ignored with a notice on the context's log and
// the program compiled and stored again. Files are written atomically (a temporary renamed over the file). A
// driver that offers no binary format (llvmpipe may report 0) gets one notice and plain
// compiles.
#include <string>

#include "gl/shader.h"

namespace oceanfft::fft {

class ProgramCache {
 public:
  // `dir` empty: no cache, compute() only compiles. The directory is made on the first store.
  // `binary_formats` >= 0 stands in for the driver's GL_NUM_PROGRAM_BINARY_FORMATS (tests force
  // 0 to run the fallback on a driver that has formats).
  ProgramCache(gl::Context& context, std::string dir, int binary_formats = -1);

  // The program `shaders` would compile from `path` and `defines`, from the cache when a valid
  // entry exists, else compiled (and then stored). Errors as ShaderLibrary::compute; a cache
  // that cannot be read or written is never an error, only a notice.
  gl::Program compute(const gl::ShaderLibrary& shaders, const std::string& path,
                      const gl::Defines& defines = {});

  struct Stats {
    int hits = 0, misses = 0, rejected = 0, stored = 0;
  };
  const Stats& stats() const { return stats_; }
  // Whether the driver offers a binary format (and a directory was given).
  bool enabled() const { return enabled_; }
  // The file an expanded source would be cached in (for tests).
  std::string file_for(const std::string& source_text) const;

 private:
  void notice(const std::string& what) const;

  gl::Context* context_;
  std::string dir_;
  std::string driver_;  // vendor, renderer and version, one per line
  bool enabled_ = false;
  Stats stats_;
};

}  // namespace oceanfft::fft
