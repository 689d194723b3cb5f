#pragma once
// GLSL kept as files under shaders/. The loader expands `#include "file"` (relative to the
// shader root), injects #defines after #version, and tags every line so that compile errors
// come back as file:line.
#include <string>
#include <utility>
#include <vector>

#include "gl/objects.h"

namespace oceanfft::gl {

using Defines = std::vector<std::pair<std::string, std::string>>;

struct ShaderSource {
  std::string text;
  std::vector<std::string> files;  // source-string number -> file path (relative to the root)
};

class ShaderLibrary {
 public:
  // An empty root means locate(): $OCEANFFT_SHADER_DIR, then next to the executable, then the
  // source tree the binary was built from.
  explicit ShaderLibrary(std::string root = {});
  const std::string& root() const { return root_; }

  ShaderSource load(const std::string& path, const Defines& defines = {}) const;
  Program compute(const std::string& path, const Defines& defines = {}) const;
  Program graphics(const std::string& vertex, const std::string& fragment,
                   const Defines& defines = {}) const;

  // Rewrites a driver's info log ("0:12(3): error" or "0(12) : error") to "file:12: error".
  static std::string translate_log(const std::string& log, const std::vector<std::string>& files,
                                   const std::string& root);
  static std::string locate();

 private:
  Shader compile(GLenum stage, const std::string& path, const Defines& defines) const;
  std::string root_;
};

}  // namespace oceanfft::gl
