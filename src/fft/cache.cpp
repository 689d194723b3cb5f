// SPDX-License-Identifier: MIT
#include "fft/cache.h"

#include <cstdint>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "gl/error.h"

namespace oceanfft::fft {
namespace {
namespace fs = std::filesystem;

// File layout, little-endian: magic, u32 key length, u32 binary format, u32 binary length, the
// key, the binary, u64 FNV-1a of everything before it.
constexpr char kMagic[8] = {'O', 'F', 'F', 'T', 'P', 'R', 'G', '1'};
constexpr size_t kHeader = sizeof kMagic + 12;
// Larger files are not read: no compute program of the engine comes near.
constexpr uint64_t kMaxFile = 64u << 20;

uint64_t fnv1a(const void* data, size_t n, uint64_t h = 1469598103934665603ull) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

std::string hex(uint64_t v) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", (unsigned long long)v);
  return b;
}

// The full key: the driver, then two independent hashes and the length of the source.
std::string key_for(const std::string& driver, const std::string& source) {
  return driver + "\n" + hex(fnv1a(source.data(), source.size())) +
         hex(fnv1a(source.data(), source.size(), 0x84222325cbf29ce4ull)) + "\n" +
         std::to_string(source.size());
}

void put32(std::string& s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s.push_back(char((v >> (8 * i)) & 0xff));
}
uint32_t get32(const std::string& s, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(s[at + size_t(i)])) << (8 * i);
  return v;
}

// Writes `bytes` to `path` whole or not at all: a temporary beside it, flushed, then renamed
// over it. The installed engine (gl + fft) carries no io module, so this is the cache's own
// copy of io::write_file's rule. Returns an error text, empty on success.
std::string write_atomically(const std::string& path, const std::string& bytes) {
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot create " + tmp + ": " + std::strerror(errno);
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) break;
    done += size_t(n);
  }
  const bool ok = done == bytes.size() && ::fsync(fd) == 0;
  const int err = errno;
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(ok ? errno : err);
    ::unlink(tmp.c_str());
    return "cannot write " + path + ": " + why;
  }
  return {};
}

}  // namespace

ProgramCache::ProgramCache(gl::Context& context, std::string dir, int binary_formats)
    : context_(&context), dir_(std::move(dir)) {
  const gl::ContextInfo& i = context.info();
  driver_ = i.vendor + "\n" + i.renderer + "\n" + i.version;
  if (dir_.empty()) return;
  GLint formats = 0;
  glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
  if (binary_formats >= 0) formats = binary_formats;
  enabled_ = formats > 0;
  if (!enabled_)
    notice("the driver (" + i.renderer + ") offers no program binary format; programs are compiled each run");
}

void ProgramCache::notice(const std::string& what) const { context_->log("program cache: " + what); }

std::string ProgramCache::file_for(const std::string& source_text) const {
  const std::string key = key_for(driver_, source_text);
  return (fs::path(dir_) / (hex(fnv1a(key.data(), key.size())) + ".glbin")).string();
}

gl::Program ProgramCache::compute(const gl::ShaderLibrary& shaders, const std::string& path,
                                  const gl::Defines& defines) {
  if (!enabled_) return shaders.compute(path, defines);
  const gl::ShaderSource source = shaders.load(path, defines);
  const std::string key = key_for(driver_, source.text);
  const std::string file = file_for(source.text);
  std::string label = path;
  for (const auto& [k, v] : defines) label += " " + k + "=" + v;

  std::error_code ec;
  if (fs::exists(file, ec)) {
    std::string bytes;
    const char* why = nullptr;
    const uint64_t size = fs::is_regular_file(file, ec) ? fs::file_size(file, ec) : 0;
    if (ec || size < kHeader + 8 || size > kMaxFile) {
      why = "not a cache file of a plausible size";
    } else {
      std::ifstream in(file, std::ios::binary);
      bytes.resize(size_t(size));
      if (!in.read(bytes.data(), std::streamsize(size))) why = "unreadable";
    }
    uint32_t key_len = 0, format = 0, bin_len = 0;
    if (!why) {
      key_len = get32(bytes, 8);
      format = get32(bytes, 12);
      bin_len = get32(bytes, 16);
      uint64_t sum = 0;
      std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
      if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        why = "no oceanfft program cache header";
      else if (uint64_t(kHeader) + key_len + bin_len + 8 != size)
        why = "lengths disagree with the file size";
      else if (sum != fnv1a(bytes.data(), bytes.size() - 8))
        why = "checksum mismatch";
      else if (bytes.compare(kHeader, key_len, key) != 0)
        why = "made for another driver or source";
    }
    if (!why) {
      gl::Object<gl::ProgramTraits> object(*context_, glCreateProgram());
      glProgramBinary(object.id(), GLenum(format), bytes.data() + kHeader + key_len, GLsizei(bin_len));
      GLint ok = 0;
      glGetProgramiv(object.id(), GL_LINK_STATUS, &ok);
      // A refused binary may leave GL_INVALID_ENUM (an unknown format) pending; it is expected
      // here and must not count as the caller's error.
      while (glGetError() != GL_NO_ERROR) {
      }
      if (ok) {
        ++stats_.hits;
        return gl::Program(std::move(object), gl::ShaderLibrary::declared_uniforms(source.text),
                           shaders.check_uniforms(), label);
      }
      why = "the driver refused the binary";
    }
    ++stats_.rejected;
    notice("ignoring " + file + ": " + why);
  }

  ++stats_.misses;
  gl::Program program = shaders.compute(path, defines);
  GLint len = 0;
  glGetProgramiv(program.id(), GL_PROGRAM_BINARY_LENGTH, &len);
  if (len <= 0) return program;
  std::vector<char> binary(static_cast<size_t>(len));
  GLenum format = 0;
  GLsizei got = 0;
  glGetProgramBinary(program.id(), len, &got, &format, binary.data());
  if (got <= 0) return program;
  std::string out(kMagic, sizeof kMagic);
  put32(out, uint32_t(key.size()));
  put32(out, uint32_t(format));
  put32(out, uint32_t(got));
  out += key;
  out.append(binary.data(), size_t(got));
  const uint64_t sum = fnv1a(out.data(), out.size());
  out.append(reinterpret_cast<const char*>(&sum), 8);
  fs::create_directories(dir_, ec);
  if (const std::string why = write_atomically(file, out); why.empty())
    ++stats_.stored;
  else
    notice("not stored: " + why);
  return program;
}

}  // namespace oceanfft::fft
