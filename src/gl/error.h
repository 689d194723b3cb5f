// SPDX-License-Identifier: MIT
#pragma once
// One exception type for every layer. The code says what kind of failure it was, so the CLI
// can pick an exit status and tests can assert on the kind instead of on message text.
#include <stdexcept>
#include <string>

namespace oceanfft {

enum class ErrorCode {
  InvalidArgument = 2,   // bad option, size, algorithm name, file length...
  Io = 3,                // missing, unreadable or unwritable file
  ShaderCompile = 4,     // shader not found or failed to compile/link
  GlUnsupported = 5,     // no context, version below 4.3, missing limit
  GlRuntime = 6,         // GL error or out-of-memory while running
  Verification = 7,      // a numeric check failed
  NonFinite = 8,         // a result holds NaN or infinity (never written, never exit 0)
};

class Error : public std::runtime_error {
 public:
  // what() is a C string: a NUL byte in the text (a script line, a value) would end the
  // message there, so it is kept as the escape "\x00", as the error line prints control bytes.
  Error(ErrorCode code, const std::string& what) : std::runtime_error(escape_nul(what)), code_(code) {}
  ErrorCode code() const { return code_; }
  int exit_status() const { return static_cast<int>(code_); }

 private:
  static std::string escape_nul(const std::string& text) {
    if (text.find('\0') == std::string::npos) return text;
    std::string out;
    for (char c : text) out += c == '\0' ? std::string("\\x00") : std::string(1, c);
    return out;
  }
  ErrorCode code_;
};

}  // namespace oceanfft
