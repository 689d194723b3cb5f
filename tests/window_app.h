// SPDX-License-Identifier: MIT
#pragma once
// Running the real window app (OCEANFFT_BIN) under xvfb-run from a test, and reading the
// "objects ..." lines its scripts print. Shared by the window tests.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace oceanfft::test {

struct Result {
  int status = -1;
  std::string output;  // stdout and stderr together
};

inline Result run(const std::string& command) {
  Result r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string binary() {
  const char* bin = std::getenv("OCEANFFT_BIN");
  return bin ? bin : "";
}

inline bool have_xvfb() { return run("command -v xvfb-run").status == 0; }

// The command line that runs `oceanfft args` in a fresh virtual display.
inline std::string xvfb(const std::string& args) {
  return "xvfb-run -a -s '-screen 0 640x480x24' '" + binary() + "' " + args;
}

// "objects frame=F textures=T ..." lines, in output order, as key -> value maps.
inline std::vector<std::map<std::string, long>> object_reports(const std::string& output) {
  std::vector<std::map<std::string, long>> out;
  std::istringstream in(output);
  const std::regex pair("([a-z_]+)=(-?[0-9]+)");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("objects ", 0) != 0) continue;
    std::map<std::string, long> m;
    for (std::sregex_iterator it(line.begin(), line.end(), pair), end; it != end; ++it)
      m[(*it)[1]] = std::stol((*it)[2]);
    out.push_back(m);
  }
  return out;
}

}  // namespace oceanfft::test
