// SPDX-License-Identifier: MIT
// kill -9 at any point of a write: a single file killed while it is written leaves no
// temporary (its bytes go to an unnamed O_TMPFILE file until complete), and a set killed at
// any step of its commit is found by the next run as the whole old set or the whole new one,
// with no temporary, backup or journal left (the commit journal, io/journal.h).
#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gl/error.h"
#include "io/file.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace oceanfft;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void spit(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// Every path under `root` (files and folders), relative, with each file's content.
std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    const std::string rel = fs::relative(e.path(), root).string();
    out[rel] = e.is_directory() ? std::string("<dir>") : slurp(e.path());
  }
  return out;
}

std::string show(const std::map<std::string, std::string>& t) {
  std::string s;
  for (const auto& [k, v] : t) s += k + (v == "<dir>" ? "/ " : "(" + std::to_string(v.size()) + ") ");
  return s;
}

// Runs `child` in a forked process and returns its wait status.
int in_child(const std::function<void()>& child) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    try {
      child();
    } catch (...) {
      ::_exit(3);
    }
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// Whether `pid` holds an open file in `dir` other than the target (an unnamed file shows as
// "DIR/#INODE (deleted)", a named temporary as "DIR/.oceanfft-...").
bool writing_in(pid_t pid, const fs::path& dir) {
  const std::string fds = "/proc/" + std::to_string(pid) + "/fd";
  DIR* d = ::opendir(fds.c_str());
  if (!d) return false;
  bool found = false;
  while (const dirent* e = ::readdir(d)) {
    char buf[4096];
    const ssize_t n = ::readlink((fds + "/" + e->d_name).c_str(), buf, sizeof buf - 1);
    if (n <= 0) continue;
    const std::string link(buf, size_t(n));
    if (link.rfind(dir.string() + "/", 0) == 0 &&
        (link.find("/#") != std::string::npos || link.find("/.oceanfft-") != std::string::npos))
      found = true;
  }
  ::closedir(d);
  return found;
}

TEST(IoJournal, FileKilledWhileWrittenLeavesNoTemporary) {
  test::TempDir dir("killwrite");
  const fs::path target = dir / "big.bin";
  constexpr size_t kSize = size_t(96) << 20;
  spit(target, std::string(kSize, 'A'));
  int caught = 0;
  for (int round = 0; round < 3; ++round) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      const std::string b(kSize, char('B' + round));
      for (;;) io::write_file(target.string(), b, "the test file");
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    bool seen = false;
    while (!seen && std::chrono::steady_clock::now() < until) {
      seen = writing_in(pid, dir.path());
      if (!seen) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    caught += seen;
    const auto t = tree(dir.path());
    EXPECT_EQ(t.size(), 1u) << "left behind: " << show(t);
    const std::string now = slurp(target);
    ASSERT_EQ(now.size(), kSize);
    EXPECT_EQ(now.find_first_not_of(now[0]), std::string::npos) << "a mixed file";
  }
  EXPECT_EQ(caught, 3) << "the writer was never caught with its temporary open";
}

// The set: a, b replaced, c removed, sub/d kept, fresh/e new in a folder the set makes.
struct SetCase {
  fs::path root;
  void old_files() const {
    fs::create_directories(root / "sub");
    spit(root / "a", "old a");
    spit(root / "b", "old b");
    spit(root / "c", "old c");
    spit(root / "sub/d", "old d");
  }
  std::map<std::string, std::string> old_tree() const {
    return {{"a", "old a"}, {"b", "old b"}, {"c", "old c"}, {"sub", "<dir>"}, {"sub/d", "old d"}};
  }
  std::map<std::string, std::string> new_tree() const {
    return {{"a", "new a"}, {"b", "new b"}, {"sub", "<dir>"}, {"sub/d", "new d"}, {"fresh", "<dir>"},
            {"fresh/e", "new e"}};
  }
  void write(const std::function<void(const char*, size_t)>& hook) const {
    io::OutputSet set;
    set.make_directory((root / "fresh").string());
    set.put((root / "a").string(), "new a");
    set.put((root / "sub/d").string(), "new d");
    set.put((root / "fresh/e").string(), "new e");
    set.remove((root / "c").string());
    set.put((root / "b").string(), "new b");
    set.set_step_hook(hook);
    set.commit();
  }
};

TEST(IoJournal, SetKilledAtEveryStepIsWholeAtTheNextRun) {
  // The steps of a commit of 5 entries: staged 0..4 (the removal at 3 stages nothing),
  // committing, renamed 0..4, finished.
  std::vector<std::pair<std::string, size_t>> points;
  for (size_t i : {0, 1, 2, 4}) points.emplace_back("staged", i);
  points.emplace_back("committing", 0);
  for (size_t i = 0; i < 5; ++i) points.emplace_back("renamed", i);
  points.emplace_back("finished", 0);
  for (const auto& [step, index] : points) {
    SCOPED_TRACE(step + " " + std::to_string(index));
    test::TempDir dir("killset");
    const SetCase c{dir.path()};
    c.old_files();
    const int status = in_child([&, step = step, index = index] {
      c.write([&](const char* s, size_t i) {
        if (step == s && index == i) ::raise(SIGKILL);
      });
    });
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "status " << status;
    // Before the next run, something is left (a journal at least): the kill was mid-commit.
    const auto killed = tree(dir.path());
    EXPECT_NE(killed, c.old_tree()) << show(killed);
    EXPECT_NE(killed, c.new_tree()) << show(killed);
    // The next run resolves an output in the folder, which finishes the set.
    io::resolve_output((dir / "a").string());
    const auto after = tree(dir.path());
    const bool forward = step != "staged";  // every temporary complete: the commit goes through
    EXPECT_EQ(after, forward ? c.new_tree() : c.old_tree()) << "killed: " << show(killed)
                                                            << "\nafter: " << show(after);
  }
}

TEST(IoJournal, ANewSetInAFolderFinishesTheOldOneFirst) {
  test::TempDir dir("killnext");
  const SetCase c{dir.path()};
  c.old_files();
  const int status = in_child([&] {
    c.write([](const char* s, size_t i) {
      if (std::string(s) == "renamed" && i == 1) ::raise(SIGKILL);
    });
  });
  ASSERT_TRUE(WIFSIGNALED(status));
  // The next run writes only `a` (in the sub folder's parent): its set sees the journal there.
  io::OutputSet next;
  next.put((dir / "a").string(), "next a");
  next.commit();
  auto want = c.new_tree();
  want["a"] = "next a";
  EXPECT_EQ(tree(dir.path()), want) << show(tree(dir.path()));
}

TEST(IoJournal, ALiveCommitIsLeftAlone) {
  test::TempDir dir("livejournal");
  const SetCase c{dir.path()};
  c.old_files();
  int ready[2], go[2];
  ASSERT_EQ(::pipe(ready), 0);
  ASSERT_EQ(::pipe(go), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    c.write([&](const char* s, size_t i) {
      if (std::string(s) == "renamed" && i == 1) {
        char x = 1;
        (void)!::write(ready[1], &x, 1);
        (void)!::read(go[0], &x, 1);  // paused mid-commit, its journal locked
      }
    });
    ::_exit(0);
  }
  char x = 0;
  ASSERT_EQ(::read(ready[0], &x, 1), 1);
  const auto during = tree(dir.path());
  io::resolve_output((dir / "a").string());  // must not roll the live commit either way
  EXPECT_EQ(tree(dir.path()), during);
  (void)!::write(go[1], &x, 1);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(tree(dir.path()), c.new_tree()) << show(tree(dir.path()));
  for (int fd : {ready[0], ready[1], go[0], go[1]}) ::close(fd);
}

}  // namespace

namespace {

// SIGTERM while a set larger than the signal cleanup's slots is written: the cleanup removes
// what it tracks, the journal stays for the rest, and the next run leaves the old files and
// nothing else.
TEST(IoJournal, SignalDuringALargeSetLeavesNothingAfterTheNextRun) {
  test::TempDir dir("bigsignal");
  constexpr int kFiles = 100;
  for (int i = 0; i < kFiles; i += 2) spit(dir / ("f" + std::to_string(i)), "old");
  const auto before = tree(dir.path());
  const int status = in_child([&] {
    io::OutputSet set;
    for (int i = 0; i < kFiles; ++i) set.put((dir / ("f" + std::to_string(i))).string(), "new");
    set.set_step_hook([](const char* s, size_t i) {
      if (std::string(s) == "staged" && i == 80) ::raise(SIGTERM);
    });
    set.commit();
  });
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "status " << status;
  io::resolve_output((dir / "f0").string());
  const auto after = tree(dir.path());
  EXPECT_EQ(after, before) << "left: " << show(after);
}

}  // namespace
