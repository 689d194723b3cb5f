// SPDX-License-Identifier: MIT
#pragma once
// A fresh folder under the system temp dir (mkdtemp: unique even across parallel test
// processes), removed with everything in it when the object dies.
#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace oceanfft::test {

class TempDir {
 public:
  explicit TempDir(const std::string& tag = "test") {
    std::string t = (std::filesystem::temp_directory_path() / ("oceanfft-" + tag + "-XXXXXX")).string();
    if (!mkdtemp(t.data())) throw std::runtime_error("mkdtemp failed for " + t);
    path_ = t;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace oceanfft::test
