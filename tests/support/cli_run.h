// SPDX-License-Identifier: MIT
#pragma once
// Runs the real executable the way a user would, for the CLI tests: fork/exec with a clean
// display environment, a timeout, optional resource limits, and stdout/stderr captured.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace clitest {
namespace fs = std::filesystem;

inline std::string bin() {
  const char* b = std::getenv("OCEANFFT_BIN");
  return b ? b : "oceanfft";
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void spit(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

struct Result {
  bool exited = false;
  int status = -1;  // exit status, or the signal number when !exited
  bool timed_out = false;
  std::string out, err;
  // Both streams in one, for tests that only look for a message (stdout first).
  std::string output() const { return out + err; }
};

// A command line as the tests write it, split into arguments: blanks separate words, and single
// quotes keep a path with blanks in one. No other shell syntax.
inline std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false, quoted = false;
  for (char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      in_word = true;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\n')) {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(word);
  return out;
}

// fork/exec rather than system(): a shell in between would turn a signal into an exit status.
// `limits`: resource limits set in the child before exec (RLIMIT_FSIZE plays a full disk).
inline Result run(const std::vector<std::string>& args, const fs::path& cwd, const fs::path& logs,
                  int timeout_s = 120, const std::vector<std::string>& env = {},
                  const std::vector<std::pair<int, rlim_t>>& limits = {}, int term_after_ms = -1) {
  const fs::path out = logs / "stdout.txt", err = logs / "stderr.txt";
  const std::string exe = bin();
  std::vector<std::string> argv_s = {exe};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid == 0) {
    // Windowed commands must take their no-display path, whatever the test's environment has.
    ::unsetenv("DISPLAY");
    ::unsetenv("WAYLAND_DISPLAY");
    for (const std::string& kv : env) {
      const size_t eq = kv.find('=');
      ::setenv(kv.substr(0, eq).c_str(), kv.substr(eq + 1).c_str(), 1);
    }
    for (const auto& [resource, value] : limits) {
      const struct rlimit rl = {value, value};
      if (::setrlimit(resource, &rl) != 0) ::_exit(126);
    }
    if (::chdir(cwd.c_str()) != 0) ::_exit(126);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0) ::_exit(126);
    ::dup2(o, 1);
    ::dup2(e, 2);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  Result r;
  int wstatus = 0;
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::seconds(timeout_s);
  bool termed = false;
  for (;;) {
    // term_after_ms >= 0: a user's Ctrl-C / kill at that moment.
    if (!termed && term_after_ms >= 0 &&
        std::chrono::steady_clock::now() >= start + std::chrono::milliseconds(term_after_ms)) {
      ::kill(pid, SIGTERM);
      termed = true;
    }
    const pid_t w = ::waitpid(pid, &wstatus, WNOHANG);
    if (w == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      r.timed_out = true;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &wstatus, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(term_after_ms >= 0 ? 2 : 20));
  }
  r.exited = WIFEXITED(wstatus);
  r.status = r.exited ? WEXITSTATUS(wstatus) : WTERMSIG(wstatus);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// A command line (words()) run in `dir`, which also takes its logs; 10 minutes, for commands
// that render or benchmark on a software driver.
inline Result run_line(const std::string& line, const fs::path& dir) {
  return run(words(line), dir, dir, 600);
}

inline std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (auto& e : fs::recursive_directory_iterator(dir)) names.insert(fs::relative(e.path(), dir).string());
  return names;
}

}  // namespace clitest
