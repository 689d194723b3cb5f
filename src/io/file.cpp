// SPDX-License-Identifier: MIT
#include "io/file.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "gl/error.h"
#include "io/journal.h"

namespace oceanfft::io {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void fail(ErrorCode code, const std::string& text) { throw Error(code, text); }

std::string sys_error(int err) { return std::strerror(err); }

const char* node_kind(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISREG(m)) return "a regular file";
  return "a file of unknown kind";
}

// ---- Cleanup on a fatal signal ------------------------------------------------------------
// The one piece of process-wide state in the program: a signal handler cannot be handed a
// context, and a Ctrl-C during a write must not leave temporaries or half a set behind. Slots
// are claimed by the writing thread and only read by the handler (unlink and rmdir are
// async-signal-safe).
constexpr int kSlots = 64;
struct Slot {
  std::atomic<int> state{0};  // 0 free, 1 file to unlink, 2 directory to rmdir
  char path[PATH_MAX];
};
Slot g_slots[kSlots];
struct sigaction g_previous[3];
const int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
std::atomic<bool> g_installed{false};
// While a set's renames run, a signal only records itself: blocking it in this thread is not
// enough, since the driver's worker threads may receive it. The commit re-raises it after.
std::atomic<int> g_committing{0}, g_pending{0};

void on_signal(int sig) {
  if (g_committing.load()) {
    g_pending.store(sig);
    return;
  }
  for (int i = 0; i < kSlots; ++i)
    if (g_slots[i].state.load() == 1) ::unlink(g_slots[i].path);
  for (int i = kSlots - 1; i >= 0; --i)  // folders were claimed parent first
    if (g_slots[i].state.load() == 2) ::rmdir(g_slots[i].path);
  for (int k = 0; k < 3; ++k)
    if (kSignals[k] == sig) ::sigaction(sig, &g_previous[k], nullptr);
  ::raise(sig);
}

void install_handlers() {
  if (g_installed.exchange(true)) return;
  for (int k = 0; k < 3; ++k) {
    struct sigaction old {};
    ::sigaction(kSignals[k], nullptr, &old);
    g_previous[k] = old;
    if (old.sa_handler == SIG_IGN) continue;  // e.g. nohup: the user asked to ignore it
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    ::sigaction(kSignals[k], &sa, nullptr);
  }
}

int claim(const std::string& path, int kind) {
  install_handlers();
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (g_slots[i].state.load() != 0) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    if (g_slots[i].state.compare_exchange_strong(expected, kind)) return i;
  }
  return -1;  // more than kSlots at once: still correct, only not cleaned up on a signal
}
void release(int& slot) {
  if (slot >= 0) g_slots[slot].state.store(0);
  slot = -1;
}

// Holds the cleanup signals back for a scope, so a set of renames is never cut in half: blocked
// in this thread, recorded and deferred when another thread takes them, delivered after.
struct SignalHold {
  sigset_t old;
  SignalHold() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kSignals) sigaddset(&set, s);
    ::pthread_sigmask(SIG_BLOCK, &set, &old);
    g_committing.store(1);
  }
  ~SignalHold() {
    g_committing.store(0);
    if (const int sig = g_pending.exchange(0)) on_signal(sig);
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
};

mode_t default_mode() {
  static const mode_t mask = [] {
    const mode_t m = ::umask(022);
    ::umask(m);
    return m;
  }();
  return 0666 & ~mask;
}

using detail::dir_of;
using detail::fsync_dir;

// A fresh name beside `resolved` for a temporary or a backup (not created here).
std::string temp_name(const std::string& resolved, const char* suffix = ".tmp") {
  static std::mt19937_64 rng{std::random_device{}()};
  char name[64];
  std::snprintf(name, sizeof name, "/.oceanfft-%d-%016llx%s", int(::getpid()), (unsigned long long)rng(), suffix);
  return dir_of(resolved) + name;
}

// Writes `data` as a complete file named `name` (which must not exist yet) beside the target;
// every step checked. The bytes go to an unnamed file (O_TMPFILE) that gets its name only once
// it is complete and fsync'ed, so a process killed while writing leaves nothing; where the file
// system has no unnamed files, `name` is written directly. On failure nothing is left and Io is
// thrown (EEXIST as `*exists` instead, when given). `slot` is the claimed cleanup slot.
void stage_to(const Target& t, const void* data, size_t size, const std::string& name, int& slot,
              bool* exists = nullptr) {
  int fd = detail::open_unnamed(dir_of(t.resolved));
  const bool unnamed = fd >= 0;
  if (!unnamed) {
    fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
      if (errno == EEXIST && exists) {
        *exists = true;
        return;
      }
      fail(ErrorCode::Io, "cannot write " + quote(t.path) + ": " + sys_error(errno));
    }
    slot = claim(name, 1);
  }
  auto give_up = [&](const char* step, int err) {
    ::close(fd);
    if (!unnamed) ::unlink(name.c_str());
    release(slot);
    fail(ErrorCode::Io, "cannot write " + quote(t.path) + " (" + step + "): " + sys_error(err) +
                            "; " + (t.exists ? "the old file is unchanged" : "nothing written"));
  };
  const auto* p = static_cast<const char*>(data);
  size_t left = size;
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left > (1u << 30) ? (1u << 30) : left);
    if (n < 0) {
      if (errno == EINTR) continue;
      give_up("write", errno);
    }
    if (n == 0) give_up("write", EIO);
    p += n;
    left -= size_t(n);
  }
  if (::fchmod(fd, t.exists ? (t.mode & 07777) : default_mode()) != 0) give_up("chmod", errno);
  if (::fsync(fd) != 0) give_up("fsync", errno);
  if (unnamed) {
    if (const int err = detail::name_unnamed(fd, name)) {
      if (err == EEXIST && exists) {
        ::close(fd);
        *exists = true;
        return;
      }
      give_up("link", err);
    }
    slot = claim(name, 1);
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(name.c_str());
    release(slot);
    fail(ErrorCode::Io, "cannot write " + quote(t.path) + " (close): " + sys_error(err));
  }
}

// A complete temporary beside the target under a fresh name; returns the name.
std::string stage(const Target& t, const void* data, size_t size, int& slot) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string name = temp_name(t.resolved);
    bool taken = false;
    stage_to(t, data, size, name, slot, &taken);
    if (!taken) return name;
  }
  fail(ErrorCode::Io, "cannot write " + quote(t.path) + ": no free temporary name");
}

}  // namespace

namespace {
Target resolve(const std::string& path, const std::string& what, std::set<std::string>* recovered);
}

Target resolve_output(const std::string& path, const std::string& what) { return resolve(path, what, nullptr); }

namespace {
// `recovered`: folders already checked for interrupted sets (a set of many files in one folder
// reads it once); null: always checked.
Target resolve(const std::string& path, const std::string& what, std::set<std::string>* recovered) {
  if (path.empty()) fail(ErrorCode::InvalidArgument, "no path given for " + what);
  // Where the whole chain of links ends up, first: /dev/stdout into a pipe links to
  // /proc/self/fd/1 and then to "pipe:[N]", which is no path to follow, but stat() sees the pipe.
  if (struct stat end {}; ::stat(path.c_str(), &end) == 0 && !S_ISREG(end.st_mode) && !S_ISDIR(end.st_mode))
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": it is " + node_kind(end.st_mode) +
                            "; only regular files and new paths are written");
  Target t;
  t.path = path;
  std::string p = path;
  int links = 0;
  for (;;) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) == 0) {
      if (S_ISLNK(st.st_mode)) {
        if (++links > 40)
          fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": too many levels of symbolic links");
        std::vector<char> buf(PATH_MAX + 1);
        const ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size() - 1);
        if (n < 0) fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": " + sys_error(errno));
        const std::string link(buf.data(), size_t(n));
        p = link.front() == '/' ? link : (fs::path(dir_of(p)) / link).string();
        continue;
      }
      if (!S_ISREG(st.st_mode))
        fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": it is " +
                                node_kind(st.st_mode) +
                                (S_ISDIR(st.st_mode) ? "" : "; only regular files and new paths are written"));
      t.exists = true;
      t.mode = st.st_mode;
    } else if (errno != ENOENT) {
      fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": " + sys_error(errno));
    }
    break;
  }
  const std::string name = fs::path(p).filename().string();
  if (name.empty() || name == "." || name == "..")
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": it is a directory");
  const std::string dir = dir_of(p);
  char real[PATH_MAX];
  if (!::realpath(dir.c_str(), real)) {
    const int err = errno;
    if (err == ENOENT)
      fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": the directory " + quote(dir) +
                              " does not exist");
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": " + sys_error(err));
  }
  struct stat ds {};
  if (::stat(real, &ds) != 0 || !S_ISDIR(ds.st_mode))
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": " + quote(dir) + " is not a directory");
  if (::access(real, W_OK) != 0)
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": " + sys_error(errno));
  // A set a killed process left half-committed here is finished before anything reads or
  // replaces its files.
  if (!recovered || recovered->insert(real).second) detail::recover_sets(real);
  t.resolved = std::string(real) + "/" + name;
  if (struct stat st {}; !t.exists && ::stat(t.resolved.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
    t.exists = true;  // put back by the recovery
    t.mode = st.st_mode;
  }
  return t;
}

}  // namespace

void require_writable(const std::string& path, const std::string& what) {
  if (!path.empty()) resolve_output(path, what);
}

void write_file(const std::string& path, const void* data, size_t size, const std::string& what) {
  const Target t = resolve_output(path, what);
  int slot = -1;
  const std::string tmp = stage(t, data, size, slot);
  if (::rename(tmp.c_str(), t.resolved.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    release(slot);
    fail(ErrorCode::Io, "cannot write " + quote(path) + " (rename): " + sys_error(err));
  }
  release(slot);
  fsync_dir(dir_of(t.resolved));
}

void require_new(const std::string& path, const std::string& what) {
  const Target t = resolve_output(path, what);
  if (t.exists)
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) +
                            ": it already exists and is not overwritten (remove it first)");
}

void write_new_file(const std::string& path, std::string_view bytes, const std::string& what) {
  require_new(path, what);
  const Target t = resolve_output(path, what);
  int slot = -1;
  const std::string tmp = stage(t, bytes.data(), bytes.size(), slot);
  const int rc = ::link(tmp.c_str(), t.resolved.c_str());
  const int err = errno;
  ::unlink(tmp.c_str());
  release(slot);
  if (rc != 0)
    fail(ErrorCode::Io, "cannot write " + what + " " + quote(path) + ": " +
                            (err == EEXIST ? std::string("it appeared meanwhile and is not overwritten")
                                           : sys_error(err)));
  fsync_dir(dir_of(t.resolved));
}

// ---- OutputSet -------------------------------------------------------------------------------

struct OutputSet::Impl {
  struct Entry {
    Target target;
    std::string what, bytes, tmp, backup;
    bool given = false;
    bool drop = false;  // removed by the commit instead of written
    bool staged = false;  // `tmp` exists
    int slot = -1;
  };
  std::vector<Entry> entries;
  std::vector<std::pair<std::string, int>> made_dirs;  // parent first
  std::vector<std::string> drop_dirs;                  // rmdir'ed after a commit
  bool committed = false;

  std::unordered_map<std::string, size_t> by_path;  // each entry by the path it was added as
  Entry* find(const std::string& path) {
    const auto it = by_path.find(path);
    return it == by_path.end() ? nullptr : &entries[it->second];
  }
  std::function<void(const char*, size_t)> hook;
  std::set<std::string> recovered;      // folders checked for interrupted sets
  std::unordered_set<std::string> resolved;  // the entries' files, for add()'s check
  std::unique_ptr<detail::Journal> journal;  // from begin() until the set is finished
  std::vector<int> journal_slots;
  bool streaming = false;

  // Names every temporary and backup and writes the journal (io/journal.h) before any exists,
  // so a process killed from here on is rolled back (before the renames) or forward (during
  // them) by the next run.
  void begin() {
    std::vector<detail::JournalEntry> plan;
    std::vector<std::string> dirs;
    for (Entry& e : entries) {
      e.target = resolve(e.target.path, e.what, &recovered);  // the folder may have changed meanwhile
      e.tmp = e.drop ? std::string() : temp_name(e.target.resolved);
      e.backup = e.target.exists ? temp_name(e.target.resolved, ".old") : std::string();
      plan.push_back({e.drop, e.target.resolved, e.tmp, e.backup});
      dirs.push_back(dir_of(e.target.resolved));
    }
    auto real_paths = [](const std::vector<std::string>& in) {
      std::vector<std::string> out;
      for (const std::string& d : in) {
        char real[PATH_MAX];
        out.push_back(::realpath(d.c_str(), real) ? real : d);
      }
      return out;
    };
    std::vector<std::string> made;
    for (const auto& [d, slot] : made_dirs) made.push_back(d);
    journal = std::make_unique<detail::Journal>();
    journal->begin(plan, real_paths(made), real_paths(drop_dirs), dirs);
    // The signal cleanup removes the journal only when it can also remove every temporary (it
    // has kSlots places); a larger set keeps its journal on a signal, so the next run removes
    // the temporaries the cleanup could not.
    if (entries.size() + journal->paths().size() + made_dirs.size() <= size_t(kSlots) / 2)
      for (const std::string& c : journal->paths()) journal_slots.push_back(claim(c, 1));
  }
  void release_journal() {
    if (!journal) return;
    journal->end();
    journal.reset();
    for (int& s : journal_slots) release(s);
    journal_slots.clear();
  }
  void stage_entry(Entry& e) {
    int slot = -1;
    stage_to(e.target, e.bytes.data(), e.bytes.size(), e.tmp, slot);
    e.slot = slot;
    e.staged = true;
    e.bytes = std::string();  // on disk now
  }
  void drop_temps() {
    for (Entry& e : entries)
      if (e.staged && !e.tmp.empty()) {
        ::unlink(e.tmp.c_str());
        e.tmp.clear();
        release(e.slot);
      }
  }
};

OutputSet::OutputSet() : impl_(std::make_unique<Impl>()) {}

OutputSet::~OutputSet() {
  impl_->drop_temps();
  impl_->release_journal();  // before the folders: a copy of it lies in each
  for (auto it = impl_->made_dirs.rbegin(); it != impl_->made_dirs.rend(); ++it) {
    if (!impl_->committed) ::rmdir(it->first.c_str());  // only succeeds while empty
    release(it->second);
  }
}

void OutputSet::make_directory(const std::string& dir, const std::string& what) {
  if (dir.empty()) fail(ErrorCode::InvalidArgument, "no path given for " + what);
  fs::path so_far;
  for (const fs::path& part : fs::path(dir)) {
    so_far /= part;
    if (part.empty()) continue;
    struct stat st {};
    if (::stat(so_far.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode))
        fail(ErrorCode::Io, "cannot create " + what + " " + quote(dir) + ": " + quote(so_far.string()) +
                                " is " + node_kind(st.st_mode) + ", not a directory");
      detail::recover_sets(so_far.string());
      continue;
    }
    if (errno != ENOENT || ::mkdir(so_far.c_str(), 0777) != 0)
      fail(ErrorCode::Io, "cannot create " + what + " " + quote(dir) + ": " + sys_error(errno));
    impl_->made_dirs.emplace_back(so_far.string(), claim(so_far.string(), 2));
  }
  if (::access(dir.c_str(), W_OK) != 0)
    fail(ErrorCode::Io, "cannot write into " + what + " " + quote(dir) + ": " + sys_error(errno));
}

void OutputSet::add(const std::string& path, const std::string& what) {
  Target t = resolve(path, what, &impl_->recovered);
  if (!impl_->resolved.insert(t.resolved).second)
    for (const Impl::Entry& e : impl_->entries)
      if (e.target.resolved == t.resolved)
        fail(ErrorCode::InvalidArgument, e.what + " and " + what + " name the same file " +
                                             quote(path) + "; give each output its own path");
  impl_->by_path.emplace(path, impl_->entries.size());
  Impl::Entry e;
  e.target = std::move(t);
  e.what = what;
  impl_->entries.push_back(std::move(e));
}

void OutputSet::put(const std::string& path, std::string bytes) {
  Impl::Entry* e = impl_->find(path);
  if (!e) {
    if (impl_->streaming)
      fail(ErrorCode::Io, "internal: " + quote(path) + " was not declared before the set started writing");
    add(path);
    e = &impl_->entries.back();
  }
  if (e->staged) fail(ErrorCode::Io, "internal: " + quote(path) + " was given twice");
  e->bytes = std::move(bytes);
  e->given = true;
  if (impl_->streaming) {
    try {
      impl_->stage_entry(*e);
    } catch (...) {
      impl_->drop_temps();
      impl_->release_journal();
      impl_->streaming = false;
      throw;
    }
    if (impl_->hook) impl_->hook("staged", size_t(e - impl_->entries.data()));
  }
}

void OutputSet::stream() {
  if (impl_->streaming) return;
  for (const Impl::Entry& e : impl_->entries)
    if (e.given) fail(ErrorCode::Io, "internal: stream() after a file was given");
  impl_->begin();
  impl_->streaming = true;
}

void OutputSet::remove(const std::string& path, const std::string& what) {
  add(path, what);
  impl_->entries.back().drop = true;
}

void OutputSet::remove_directory_if_empty(const std::string& dir) { impl_->drop_dirs.push_back(dir); }

void OutputSet::set_step_hook(std::function<void(const char* step, size_t index)> hook) {
  impl_->hook = std::move(hook);
}

void OutputSet::commit() {
  auto& entries = impl_->entries;
  auto step = [&](const char* name, size_t i) {
    if (impl_->hook) impl_->hook(name, i);
  };
  for (Impl::Entry& e : entries)
    if (!e.given && !e.drop)
      fail(ErrorCode::Io, "internal: " + e.what + " " + quote(e.target.path) + " was never produced");
  if (!impl_->streaming) {
    impl_->begin();
    try {
      for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].drop) continue;
        impl_->stage_entry(entries[i]);
        step("staged", i);
      }
    } catch (...) {
      impl_->drop_temps();
      impl_->release_journal();
      throw;
    }
  }
  detail::Journal& journal = *impl_->journal;
  auto release_journal = [&] { impl_->release_journal(); };
  SignalHold hold;
  // Hard links keep the old files reachable until every rename has succeeded, so a failure
  // part-way can put them back.
  for (Impl::Entry& e : entries)
    if (!e.backup.empty() && ::link(e.target.resolved.c_str(), e.backup.c_str()) != 0) e.backup.clear();
  journal.set_state('C');
  step("committing", 0);
  size_t done = 0;
  int err = 0;
  for (; done < entries.size(); ++done) {
    const Impl::Entry& e = entries[done];
    const int rc = e.drop ? (e.target.exists && ::unlink(e.target.resolved.c_str()) != 0 ? -1 : 0)
                          : ::rename(e.tmp.c_str(), e.target.resolved.c_str());
    if (rc != 0) {
      err = errno;
      break;
    }
    step("renamed", done);
  }
  if (done < entries.size()) {
    journal.set_state('B');
    for (size_t i = 0; i < done; ++i) {
      Impl::Entry& e = entries[i];
      if (!e.backup.empty()) ::rename(e.backup.c_str(), e.target.resolved.c_str());
      else if (!e.target.exists && !e.drop) ::unlink(e.target.resolved.c_str());
      e.tmp.clear();
      release(e.slot);
    }
    for (Impl::Entry& e : entries)
      if (!e.backup.empty()) ::unlink(e.backup.c_str());
    impl_->drop_temps();
    release_journal();
    fail(ErrorCode::Io, "cannot write " + quote(entries[done].target.path) + " (rename): " + sys_error(err) +
                            "; no file of the set was changed");
  }
  std::set<std::string> synced;
  for (Impl::Entry& e : entries) {
    if (!e.backup.empty()) ::unlink(e.backup.c_str());
    e.tmp.clear();
    release(e.slot);
    if (synced.insert(dir_of(e.target.resolved)).second) fsync_dir(dir_of(e.target.resolved));
  }
  step("finished", 0);
  release_journal();  // first: a copy of it lies in each folder, the emptied ones too
  for (const std::string& d : impl_->drop_dirs) ::rmdir(d.c_str());  // only succeeds while empty
  impl_->committed = true;
}

// ---- Inputs ----------------------------------------------------------------------------------

InputFile::InputFile(const std::string& path, const std::string& what) : path_(path), what_(what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) fail(ErrorCode::Io, "cannot read " + what + " " + quote(path) + ": no such file");
    fail(ErrorCode::Io, "cannot read " + what + " " + quote(path) + ": " + sys_error(errno));
  }
  if (!S_ISREG(st.st_mode))
    fail(ErrorCode::Io, "cannot read " + what + " " + quote(path) + ": it is " + node_kind(st.st_mode) +
                            (S_ISDIR(st.st_mode) ? ", not a file" : "; only regular files are read"));
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) fail(ErrorCode::Io, "cannot open " + what + " " + quote(path) + ": " + sys_error(errno));
  // Swapped for something else between the stat and the open: check what was opened.
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    fail(ErrorCode::Io, "cannot read " + what + " " + quote(path) + ": not a regular file");
  }
  size_ = uint64_t(st.st_size);
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void InputFile::read(void* out, size_t n) {
  auto* p = static_cast<char*>(out);
  size_t got = 0;
  while (got < n) {
    const ssize_t r = ::pread(fd_, p + got, n - got > (1u << 30) ? (1u << 30) : n - got, off_t(got));
    if (r < 0) {
      if (errno == EINTR) continue;
      fail(ErrorCode::Io, "error reading " + what_ + " " + quote(path_) + ": " + sys_error(errno));
    }
    if (r == 0)
      fail(ErrorCode::Io, what_ + " " + quote(path_) + " ended early (read " + std::to_string(got) +
                              " of " + std::to_string(n) + " bytes)");
    got += size_t(r);
  }
}

std::vector<uint8_t> read_file(const std::string& path, const std::string& what, uint64_t max_bytes) {
  InputFile f(path, what);
  if (f.size() > max_bytes)
    fail(ErrorCode::InvalidArgument, what + " " + quote(path) + " is too large (" +
                                         std::to_string(f.size()) + " bytes; at most " +
                                         std::to_string(max_bytes) + ")");
  std::vector<uint8_t> bytes(size_t(f.size()));
  f.read(bytes.data(), bytes.size());
  return bytes;
}

// ---- Messages --------------------------------------------------------------------------------

namespace {
// Length of the valid UTF-8 sequence at s[i], or 0.
size_t utf8_len(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (c >= 0xF8 || n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}
}  // namespace

namespace {
// Control bytes and invalid UTF-8 as \xNN; a newline too unless `join_lines`, which turns line
// breaks into "; " (a driver log's lines, not a file name's bytes).
std::string escape(std::string_view text, bool join_lines) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (join_lines && c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
      continue;
    }
    if (join_lines && c == '\n') {
      while (!out.empty() && (out.back() == ' ' || out.back() == ':')) out.pop_back();
      out += "; ";
      ++i;
      continue;
    }
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
      ++i;
      continue;
    }
    if (const size_t n = c >= 0x80 ? utf8_len(text, i) : 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", c);
    out += buf;
    ++i;
  }
  return out;
}

// At most `max` bytes, cut between characters, "..." marking the cut.
std::string cap(std::string s, size_t max) {
  if (s.size() <= max || max < 3) return s;
  size_t cut = max - 3;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  s.resize(cut);
  return s + "...";
}
}  // namespace

std::string one_line(std::string_view text, size_t max) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  return cap(escape(text, true), max);
}

std::string quote(std::string_view path) {
  constexpr size_t kKeep = 120;
  if (path.size() <= 2 * kKeep + 3) return "'" + escape(path, false) + "'";
  return "'" + escape(path.substr(0, kKeep), false) + "..." + escape(path.substr(path.size() - kKeep), false) + "'";
}

}  // namespace oceanfft::io
