// SPDX-License-Identifier: MIT
#include "io/journal.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
#include <algorithm>
#include <cstdio>

#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::io::detail {
namespace fs = std::filesystem;
namespace {

constexpr char kMagic[] = "oceanfft-set-1";  // then NUL, then the state byte at kStateAt
constexpr off_t kStateAt = sizeof kMagic;
constexpr size_t kMaxJournal = size_t(16) << 20;

bool write_all(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

bool exists(const std::string& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0;
}

// A temporary or backup of ours: named .oceanfft-* beside its target.
bool ours_beside(const std::string& p, const std::string& target) {
  if (p.empty()) return true;
  return fs::path(p).filename().string().rfind(".oceanfft-", 0) == 0 && dir_of(p) == dir_of(target);
}

struct Parsed {
  char state = 0;
  std::vector<std::string> copies, made, rmdirs;
  struct Entry {
    bool drop = false, existed = false;
    std::string target, tmp, backup;
  };
  std::vector<Entry> entries;
};

bool parse(const std::string& bytes, Parsed& out) {
  if (bytes.size() < size_t(kStateAt) + 2 || bytes.compare(0, kStateAt, std::string(kMagic, kStateAt)) != 0)
    return false;
  out.state = bytes[size_t(kStateAt)];
  if (out.state != 'P' && out.state != 'C' && out.state != 'B') return false;
  std::vector<std::string> tok;
  size_t at = size_t(kStateAt) + 2;
  while (at < bytes.size()) {
    const size_t end = bytes.find('\0', at);
    if (end == std::string::npos) return false;
    tok.push_back(bytes.substr(at, end - at));
    at = end + 1;
  }
  for (size_t i = 0; i < tok.size();) {
    const std::string& k = tok[i];
    auto need = [&](size_t n) { return i + n < tok.size(); };
    if (k == "end") return i + 1 == tok.size();
    if ((k == "copy" || k == "made" || k == "rmdir") && need(1)) {
      (k == "copy" ? out.copies : k == "made" ? out.made : out.rmdirs).push_back(tok[i + 1]);
      i += 2;
    } else if ((k == "put" || k == "drop") && need(4)) {
      Parsed::Entry e{k == "drop", tok[i + 4] == "1", tok[i + 1], tok[i + 2], tok[i + 3]};
      if (e.target.empty() || e.target.front() != '/' || !ours_beside(e.tmp, e.target) ||
          !ours_beside(e.backup, e.target))
        return false;
      out.entries.push_back(e);
      i += 5;
    } else {
      return false;
    }
  }
  return false;  // no "end": not a journal this program wrote
}

std::string read_journal(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || size_t(st.st_size) > kMaxJournal)
    return {};
  std::string bytes(size_t(st.st_size), '\0');
  size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::pread(fd, bytes.data() + got, bytes.size() - got, off_t(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return {};
    got += size_t(n);
  }
  return bytes;
}

// Rolls the parsed set forward or back; see journal.h.
void finish(const Parsed& j, char state) {
  std::vector<std::string> dirs;
  for (const Parsed::Entry& e : j.entries) dirs.push_back(dir_of(e.target));
  if (state == 'C') {
    for (const Parsed::Entry& e : j.entries) {
      if (e.drop) ::unlink(e.target.c_str());
      else if (exists(e.tmp)) ::rename(e.tmp.c_str(), e.target.c_str());
    }
    for (const Parsed::Entry& e : j.entries)
      if (!e.backup.empty()) ::unlink(e.backup.c_str());
  } else {
    for (const Parsed::Entry& e : j.entries) {
      const bool renamed = state == 'B' && !e.drop && !e.tmp.empty() && !exists(e.tmp);
      if (!e.tmp.empty()) ::unlink(e.tmp.c_str());
      if (!e.backup.empty() && exists(e.backup)) {
        if (state == 'B') ::rename(e.backup.c_str(), e.target.c_str());
        ::unlink(e.backup.c_str());  // in P the target is still the old file
      } else if (renamed && !e.existed) {
        ::unlink(e.target.c_str());  // a file the set added
      }
    }
  }
  for (const std::string& d : dirs) fsync_dir(d);
}

// After the journal's copies are gone (one lies in each folder): the folders the roll forward
// emptied, or those the rolled-back set made; each only while empty.
void remove_folders(const Parsed& j, char state) {
  if (state == 'C')
    for (const std::string& d : j.rmdirs) ::rmdir(d.c_str());
  else
    for (auto it = j.made.rbegin(); it != j.made.rend(); ++it) ::rmdir(it->c_str());
}

}  // namespace

int open_unnamed(const std::string& dir) {
#ifdef O_TMPFILE
  const int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  return fd;
#else
  (void)dir;
  return -1;
#endif
}

int name_unnamed(int fd, const std::string& path) {
  // AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; the /proc link works for every user.
  if (::linkat(fd, "", AT_FDCWD, path.c_str(), AT_EMPTY_PATH) == 0) return 0;
  if (errno == EEXIST) return EEXIST;
  const std::string self = "/proc/self/fd/" + std::to_string(fd);
  if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0) return 0;
  return errno;
}

Journal::~Journal() { end(); }

void Journal::begin(const std::vector<JournalEntry>& entries, const std::vector<std::string>& made_dirs,
                    const std::vector<std::string>& drop_dirs, const std::vector<std::string>& dirs) {
  static std::mt19937_64 rng{std::random_device{}()};
  char name[64];
  std::snprintf(name, sizeof name, "/.oceanfft-set-%d-%016llx.journal", int(::getpid()),
                (unsigned long long)rng());
  std::vector<std::string> where;
  for (const std::string& d : dirs)
    if (std::find(where.begin(), where.end(), d) == where.end()) where.push_back(d);
  std::string body(kMagic, sizeof kMagic);
  body += "P";
  body += '\0';
  auto put = [&](const std::string& s) {
    body += s;
    body += '\0';
  };
  for (const std::string& d : where) {
    put("copy");
    put(d + name);
  }
  for (const JournalEntry& e : entries) {
    put(e.drop ? "drop" : "put");
    put(e.target);
    put(e.tmp);
    put(e.backup);
    put(e.backup.empty() ? "0" : "1");
  }
  for (const std::string& d : made_dirs) {
    put("made");
    put(d);
  }
  for (const std::string& d : drop_dirs) {
    put("rmdir");
    put(d);
  }
  put("end");
  for (const std::string& d : where) {
    const std::string path = d + name;
    auto fail = [&](const char* step, int err, int fd) {
      if (fd >= 0) ::close(fd);
      end();
      throw Error(ErrorCode::Io, "cannot write the commit journal " + quote(path) + " (" + step + "): " +
                                     std::strerror(err) + "; no file of the set was changed");
    };
    int fd = open_unnamed(d);
    if (fd >= 0) {
      if (!write_all(fd, body)) fail("write", errno ? errno : EIO, fd);
      if (::fsync(fd) != 0) fail("fsync", errno, fd);
      ::flock(fd, LOCK_EX);
      if (const int err = name_unnamed(fd, path)) fail("link", err, fd);
    } else {
      const std::string part = path + ".part";
      fd = ::open(part.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (fd < 0) fail("open", errno, -1);
      if (!write_all(fd, body) || ::fsync(fd) != 0) {
        const int err = errno ? errno : EIO;
        ::unlink(part.c_str());
        fail("write", err, fd);
      }
      ::flock(fd, LOCK_EX);
      if (::rename(part.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(part.c_str());
        fail("rename", err, fd);
      }
    }
    copies_.push_back(path);
    fds_.push_back(fd);
    fsync_dir(d);
  }
}

void Journal::set_state(char state) {
  for (int fd : fds_) {
    (void)!::pwrite(fd, &state, 1, kStateAt);
    ::fsync(fd);
  }
}

void Journal::end() {
  for (const std::string& c : copies_) ::unlink(c.c_str());
  for (const std::string& c : copies_) fsync_dir(dir_of(c));
  for (int fd : fds_) ::close(fd);  // releases the lock
  copies_.clear();
  fds_.clear();
}

const std::vector<std::string>& Journal::paths() const { return copies_; }

int recover_sets(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return 0;
  std::vector<std::string> found;
  while (const dirent* e = ::readdir(d)) {
    const std::string n = e->d_name;
    if (n.rfind(".oceanfft-set-", 0) == 0 && n.size() > 8 && n.compare(n.size() - 8, 8, ".journal") == 0)
      found.push_back((fs::path(dir) / n).string());
  }
  ::closedir(d);
  int finished = 0;
  for (const std::string& path : found) {
    const int fd = ::open(path.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    Parsed j;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0 || !parse(read_journal(fd), j)) {
      ::close(fd);  // a live commit, or not a journal of ours
      continue;
    }
    // Every copy, locked: the state is the furthest any copy reached.
    std::vector<int> held{fd};
    char state = j.state;
    bool busy = false;
    for (const std::string& c : j.copies) {
      if (fs::path(c).filename() != fs::path(path).filename()) continue;
      struct stat a {}, b {};
      if (::stat(c.c_str(), &a) == 0 && ::fstat(fd, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev)
        continue;  // this copy
      const int cfd = ::open(c.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
      if (cfd < 0) continue;  // removed already
      held.push_back(cfd);
      Parsed other;
      if (::flock(cfd, LOCK_EX | LOCK_NB) != 0) {
        busy = true;
        break;
      }
      if (parse(read_journal(cfd), other) && (other.state == 'C' || (other.state == 'B' && state == 'P')))
        state = other.state;
    }
    if (!busy) {
      finish(j, state);
      for (const std::string& c : j.copies)
        if (fs::path(c).filename() == fs::path(path).filename()) ::unlink(c.c_str());
      ::unlink(path.c_str());
      remove_folders(j, state);
      ++finished;
    }
    for (int h : held) ::close(h);
  }
  return finished;
}

std::string dir_of(const std::string& p) {
  const std::string d = fs::path(p).parent_path().string();
  return d.empty() ? "." : d;
}

void fsync_dir(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace oceanfft::io::detail
