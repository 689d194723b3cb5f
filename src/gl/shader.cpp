// SPDX-License-Identifier: MIT
#include "gl/shader.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <sstream>

#include "gl/error.h"

namespace oceanfft::gl {
namespace fs = std::filesystem;
namespace {

// Where shader text comes from: a directory, or the built-in tables when `dir` is empty.
// `tree / rel` names one file in it, so the include expansion reads both the same way.
struct Tree {
  fs::path dir;
  struct File {
    const Tree& tree;
    std::string rel;
    std::string string() const {
      return tree.dir.empty() ? "built-in shaders/" + rel : (tree.dir / rel).string();
    }
  };
  File operator/(const std::string& rel) const { return {*this, rel}; }
};

std::string read_text(const Tree::File& f, const std::string& shown) {
  if (f.tree.dir.empty()) {
    if (const EmbeddedShader* e = EmbeddedShaders::find(f.rel)) return std::string(e->text);
    throw Error(ErrorCode::ShaderCompile, "shader file not found: " + shown);
  }
  const fs::path p = f.tree.dir / f.rel;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw Error(ErrorCode::ShaderCompile, "shader file not found: " + shown);
  if (fs::file_size(p, ec) > (size_t(1) << 20))
    throw Error(ErrorCode::ShaderCompile, "shader file larger than 1 MiB: " + shown);
  std::ifstream in(p, std::ios::binary);
  if (!in) throw Error(ErrorCode::ShaderCompile, "cannot read shader file: " + shown);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `from` is "file:line" of the #include that asked for `rel` (empty for the entry point), so a
// missing include says who wanted it.
void expand(const Tree& root, const std::string& rel, ShaderSource& out, int depth,
            bool top, const Defines& defines, const std::string& from) {
  const std::string where = from.empty() ? std::string() : " (included from " + from + ")";
  if (depth > 16)
    throw Error(ErrorCode::ShaderCompile, "#include nested too deep at " + rel + where);
  // Depth alone does not bound the work: two includes per file, 16 deep, is 65,536 expansions.
  // Real shaders expand to a few dozen files and well under 1 MiB.
  constexpr size_t kMaxFiles = 1024, kMaxText = size_t(4) << 20;
  if (out.files.size() >= kMaxFiles || out.text.size() > kMaxText)
    throw Error(ErrorCode::ShaderCompile, "#include expands to more than " + std::to_string(kMaxFiles) +
                                              " files or " + std::to_string(kMaxText >> 20) + " MiB at " +
                                              rel + where);
  const int id = int(out.files.size());
  out.files.push_back(rel);
  std::istringstream in(read_text(root / rel, (root / rel).string() + where));
  static const std::regex include_re(R"(^\s*#\s*include\s*\"([^\"]+)\"\s*$)");
  std::string line;
  int number = 0;
  bool version_seen = !top;
  if (!top) out.text += "#line 1 " + std::to_string(id) + "\n";
  while (std::getline(in, line)) {
    ++number;
    std::smatch m;
    if (std::regex_match(line, m, include_re)) {
      expand(root, m[1].str(), out, depth + 1, false, defines, rel + ":" + std::to_string(number));
      out.text += "#line " + std::to_string(number + 1) + " " + std::to_string(id) + "\n";
      continue;
    }
    out.text += line + "\n";
    if (!version_seen && line.rfind("#version", 0) == 0) {
      version_seen = true;
      for (auto& [name, value] : defines)
        out.text += (name.rfind("#", 0) == 0 ? name + " " : "#define " + name + " ") + value + "\n";
      out.text += "#line " + std::to_string(number + 1) + " " + std::to_string(id) + "\n";
    }
  }
  if (top && !version_seen)
    throw Error(ErrorCode::ShaderCompile, rel + ":1: the first line must be a #version directive");
}

std::string stage_name(GLenum stage) {
  switch (stage) {
    case GL_COMPUTE_SHADER: return "compute";
    case GL_VERTEX_SHADER: return "vertex";
    case GL_FRAGMENT_SHADER: return "fragment";
    default: return "shader";
  }
}

// The built-in tables, newest first (EmbeddedShaders::enlist).
const EmbeddedShaders*& embedded_head() {
  static const EmbeddedShaders* head = nullptr;
  return head;
}

}  // namespace

void EmbeddedShaders::enlist() {
  next_ = embedded_head();
  embedded_head() = this;
}

const EmbeddedShader* EmbeddedShaders::find(std::string_view path) {
  for (const EmbeddedShaders* t = embedded_head(); t; t = t->next_)
    for (std::size_t i = 0; i < t->count_; ++i)
      if (t->files_[i].path == path) return &t->files_[i];
  return nullptr;
}

std::vector<std::string> EmbeddedShaders::paths() {
  std::vector<std::string> out;
  for (const EmbeddedShaders* t = embedded_head(); t; t = t->next_)
    for (std::size_t i = 0; i < t->count_; ++i) out.emplace_back(t->files_[i].path);
  std::sort(out.begin(), out.end());
  return out;
}

std::string ShaderLibrary::override_dir() {
  const char* env = std::getenv("OCEANFFT_SHADER_DIR");
  if (!env || !*env) return {};
  if (fs::is_directory(env)) return env;
  throw Error(ErrorCode::ShaderCompile,
              std::string("OCEANFFT_SHADER_DIR is set to '") + env + "', which is not a directory");
}

namespace {
#ifdef NDEBUG
constexpr bool kCheckUniforms = false;
#else
constexpr bool kCheckUniforms = true;
#endif
}  // namespace

ShaderLibrary::ShaderLibrary(Context& context, std::string root)
    : context_(&context), root_(root.empty() ? override_dir() : std::move(root)), check_uniforms_(kCheckUniforms) {
  if (!root_.empty() && !fs::is_directory(root_))
    throw Error(ErrorCode::ShaderCompile, "shader directory not found: " + root_);
}

ShaderSource ShaderLibrary::load(const std::string& path, const Defines& defines) const {
  ShaderSource out;
  expand(Tree{root_}, path, out, 0, true, defines, {});
  return out;
}

std::string ShaderLibrary::translate_log(const std::string& log,
                                         const std::vector<std::string>& files,
                                         const std::string& root) {
  // Mesa: "0:12(5): error: ..."  NVIDIA: "0(12) : error C0000: ..."
  static const std::regex mesa(R"(^(\d+):(\d+)\(\d+\):\s*(.*)$)");
  static const std::regex nvidia(R"(^(\d+)\((\d+)\)\s*:\s*(.*)$)");
  std::istringstream in(log);
  std::string line, out;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, mesa) || std::regex_match(line, m, nvidia)) {
      size_t id = std::stoul(m[1].str());
      std::string file = id < files.size() ? files[id] : "<source " + m[1].str() + ">";
      out += (fs::path(root).filename() / file).string() + ":" + m[2].str() + ": " + m[3].str() + "\n";
    } else if (!line.empty()) {
      out += line + "\n";
    }
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

Shader ShaderLibrary::compile(GLenum stage, const ShaderSource& src, const std::string& path) const {
  Shader shader(*context_, glCreateShader(stage));
  const char* text = src.text.c_str();
  glShaderSource(shader.id(), 1, &text, nullptr);
  glCompileShader(shader.id());
  GLint ok = 0, len = 0;
  glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
  if (!ok) {
    glGetShaderiv(shader.id(), GL_INFO_LOG_LENGTH, &len);
    std::string log(size_t(std::max(len, 1)), '\0');
    glGetShaderInfoLog(shader.id(), len, nullptr, log.data());
    log.resize(std::strlen(log.c_str()));
    throw Error(ErrorCode::ShaderCompile, "failed to compile " + stage_name(stage) + " shader " +
                                              path + ":\n" + translate_log(log, src.files, builtin() ? "shaders" : root_));
  }
  return shader;
}

std::vector<std::string> ShaderLibrary::declared_uniforms(std::string_view glsl) {
  std::string code;  // `glsl` without comments, each replaced by a space
  for (size_t i = 0; i < glsl.size(); ++i) {
    if (glsl.substr(i, 2) == "//") {
      i = std::min(glsl.find('\n', i), glsl.size()) - 1;
      code += ' ';
    } else if (glsl.substr(i, 2) == "/*") {
      i = std::min(glsl.find("*/", i + 2), glsl.size() - 2) + 1;
      code += ' ';
    } else {
      code += glsl[i];
    }
  }
  auto ident = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
  std::vector<std::string> out;
  const std::string_view kw = "uniform";
  for (size_t at = code.find(kw); at != std::string::npos; at = code.find(kw, at + kw.size())) {
    const size_t after = at + kw.size();
    if ((at > 0 && ident(code[at - 1])) || (after < code.size() && ident(code[after]))) continue;
    const size_t end = code.find_first_of(";{", after);
    if (end == std::string::npos || code[end] == '{') continue;  // a block: members are not set by name
    // "float a, b[2] = float[2](0, 1)": split at top-level commas; each piece's name is its last
    // identifier once array sizes and the initialiser are cut away.
    std::string piece;
    int depth = 0;
    auto flush = [&] {
      std::string bare;
      int brackets = 0;
      for (char c : piece.substr(0, piece.find('='))) {
        if (c == '[') ++brackets;
        else if (c == ']') --brackets;
        else if (brackets == 0) bare += c;
      }
      size_t e = bare.size();
      while (e > 0 && !ident(bare[e - 1])) --e;
      size_t b = e;
      while (b > 0 && ident(bare[b - 1])) --b;
      if (b < e) out.push_back(bare.substr(b, e - b));
      piece.clear();
    };
    for (size_t i = after; i < end; ++i) {
      const char c = code[i];
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      if (c == ',' && depth == 0)
        flush();
      else
        piece += c;
    }
    flush();
  }
  return out;
}

Program ShaderLibrary::link(
    std::initializer_list<std::pair<const Shader*, const ShaderSource*>> stages,
    const std::string& what) const {
  Object<ProgramTraits> object(*context_, glCreateProgram());
  const GLuint id = object.id();
  std::vector<std::string> declared;
  for (auto [shader, source] : stages) {
    glAttachShader(id, shader->id());
    for (std::string& n : declared_uniforms(source->text)) declared.push_back(std::move(n));
  }
  glLinkProgram(id);
  for (auto [shader, source] : stages) glDetachShader(id, shader->id());
  GLint ok = 0, len = 0;
  glGetProgramiv(id, GL_LINK_STATUS, &ok);
  if (!ok) {
    glGetProgramiv(id, GL_INFO_LOG_LENGTH, &len);
    std::string log(size_t(std::max(len, 1)), '\0');
    glGetProgramInfoLog(id, len, nullptr, log.data());
    log.resize(std::strlen(log.c_str()));
    throw Error(ErrorCode::ShaderCompile, "failed to link " + what + ":\n" + log);
  }
  return Program(std::move(object), std::move(declared), check_uniforms_, what);
}

Program ShaderLibrary::compute(const std::string& path, const Defines& defines) const {
  const ShaderSource src = load(path, defines);
  Shader cs = compile(GL_COMPUTE_SHADER, src, path);
  return link({{&cs, &src}}, path);
}

Program ShaderLibrary::graphics(const std::string& vertex, const std::string& fragment,
                                const Defines& defines) const {
  const ShaderSource vs_src = load(vertex, defines), fs_src = load(fragment, defines);
  Shader vs = compile(GL_VERTEX_SHADER, vs_src, vertex);
  Shader fs = compile(GL_FRAGMENT_SHADER, fs_src, fragment);
  return link({{&vs, &vs_src}, {&fs, &fs_src}}, vertex + " + " + fragment);
}

}  // namespace oceanfft::gl
