// SPDX-License-Identifier: MIT
#pragma once
// GLSL kept as files under shaders/ and compiled into the libraries at build time
// (cmake/embed_shaders.cmake), so no shader directory is needed at run time. The loader expands
// `#include "file"` (relative to the shader root), injects #defines after #version, and tags
// every line so that compile errors come back as file:line.
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gl/objects.h"

namespace oceanfft::gl {

// Name/value pairs written as `#define name value` right after the #version line, in order; a
// name that starts with '#' is a directive written as `name value` instead, for the #extension
// lines a define's code needs ({"#extension", "GL_KHR_shader_subgroup_basic : enable"}).
using Defines = std::vector<std::pair<std::string, std::string>>;

// A shader after #include expansion: one string for glShaderSource, with #line directives whose
// source-string numbers index `files`.
struct ShaderSource {
  std::string text;
  std::vector<std::string> files;  // source-string number -> file path (relative to the root)
};

// One shader file compiled into the program; `path` is relative to shaders/ ("fft/fast.comp").
struct EmbeddedShader {
  std::string_view path, text;
};

// A table of built-in shaders. Generated code defines one per shaders/ folder at namespace scope;
// constructing it adds it to the tables every ShaderLibrary without a directory searches. The
// tables are constant once static initialisation is over.
class EmbeddedShaders {
 public:
  template <std::size_t N>
  explicit EmbeddedShaders(const EmbeddedShader (&files)[N]) : files_(files), count_(N) {
    enlist();
  }
  EmbeddedShaders(const EmbeddedShaders&) = delete;
  EmbeddedShaders& operator=(const EmbeddedShaders&) = delete;

  // The built-in file at `path`, or null.
  static const EmbeddedShader* find(std::string_view path);
  // Every built-in path, sorted.
  static std::vector<std::string> paths();

 private:
  void enlist();
  const EmbeddedShader* files_;
  std::size_t count_;
  const EmbeddedShaders* next_ = nullptr;
};

// Compiles shaders by path ("fft/fast.comp") from one source: a directory, or the built-in
// tables, into programs of the gl::Context it was made for. Holds no GL objects; compiling needs
// that context current, and throws Error(ShaderCompile) naming file:line when a shader is missing
// or fails to compile or link. Whatever takes a ShaderLibrary works in its context(), so most of
// the engine needs no separate Context parameter.
class ShaderLibrary {
 public:
  // For `context`, which must outlive the library. With a root: the files under that directory,
  // and only those (a missing one is an error). Without: the directory $OCEANFFT_SHADER_DIR names
  // when it is set and not empty (for editing shaders without rebuilding), else the built-in
  // shaders. Throws Error(ShaderCompile) when the directory does not exist.
  explicit ShaderLibrary(Context& context, std::string root = {});
  // The context its programs belong to.
  Context& context() const { return *context_; }
  // The directory shaders come from; empty when they are the built-in ones.
  const std::string& root() const { return root_; }
  bool builtin() const { return root_.empty(); }

  // The expanded source of `path` with `defines` after #version; no GL call.
  ShaderSource load(const std::string& path, const Defines& defines = {}) const;
  // A linked program; leaves no shader object behind and changes no GL binding.
  Program compute(const std::string& path, const Defines& defines = {}) const;
  Program graphics(const std::string& vertex, const std::string& fragment,
                   const Defines& defines = {}) const;

  // Whether programs linked from now on throw when asked for a uniform their sources do not
  // declare (gl::uniform). On by default where the library was built without NDEBUG, where a misspelt name should
  // stop the program rather than leave a uniform silently unset.
  bool check_uniforms() const { return check_uniforms_; }
  void set_check_uniforms(bool on) { check_uniforms_ = on; }
  // The names `glsl` declares as default-block uniforms (`uniform float a, b[2];`), comments
  // skipped; uniform blocks are not included. Declarations inside #if branches count whether or
  // not the branch is taken, so the list may be longer than the program's, never shorter.
  static std::vector<std::string> declared_uniforms(std::string_view glsl);

  // Rewrites a driver's info log ("0:12(3): error" or "0(12) : error") to "file:12: error".
  static std::string translate_log(const std::string& log, const std::vector<std::string>& files,
                                   const std::string& root);
  // $OCEANFFT_SHADER_DIR, or empty when it is unset or empty; throws Error(ShaderCompile) when it
  // names something that is not a directory.
  static std::string override_dir();

 private:
  Shader compile(GLenum stage, const ShaderSource& source, const std::string& path) const;
  Program link(std::initializer_list<std::pair<const Shader*, const ShaderSource*>> stages,
               const std::string& what) const;
  Context* context_;  // a pointer, not a reference: the library stays copyable and assignable
  std::string root_;
  bool check_uniforms_;
};

}  // namespace oceanfft::gl
