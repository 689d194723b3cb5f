// SPDX-License-Identifier: MIT
#include "io/outputs.h"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>

#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::io {
namespace fs = std::filesystem;
namespace {

struct Resolved {
  const OutputClaim* claim;
  fs::path path;        // absolute, symlinks of the existing part followed, lexically normal
  bool exists = false;  // as a regular file, with its identity below
  dev_t dev = 0;
  ino_t ino = 0;
};

Resolved resolve(const OutputClaim& c) {
  Resolved r{&c, {}};
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(c.path, ec), ec);
  if (ec) p = fs::absolute(c.path).lexically_normal();
  r.path = p.lexically_normal();
  // "maps/" and "maps" are one folder.
  if (!r.path.has_filename() && r.path.has_parent_path()) r.path = r.path.parent_path();
  struct stat st {};
  if (!c.folder && ::stat(c.path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
    r.exists = true;
    r.dev = st.st_dev;
    r.ino = st.st_ino;
  }
  return r;
}

bool inside(const fs::path& p, const fs::path& folder) {
  auto f = folder.begin(), q = p.begin();
  for (; f != folder.end(); ++f, ++q)
    if (q == p.end() || *f != *q) return false;
  return q != p.end();
}

[[noreturn]] void clash(const Resolved& a, const Resolved& b, const std::string& how) {
  throw Error(ErrorCode::InvalidArgument, a.claim->what + " " + quote(a.claim->path) + " " + how + " " +
                                              b.claim->what + " " + quote(b.claim->path) +
                                              "; give each output its own path");
}

// A hard link to `file` among the files already in `folder` (bounded walk).
bool linked_inside(const Resolved& file, const fs::path& folder) {
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
  int seen = 0;
  for (; !ec && it != end && seen < 10000; it.increment(ec), ++seen) {
    if (it.depth() >= 3) it.disable_recursion_pending();
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == file.dev &&
        st.st_ino == file.ino)
      return true;
  }
  return false;
}

}  // namespace

void require_distinct_outputs(const std::vector<OutputClaim>& claims) {
  std::vector<Resolved> r;
  for (const OutputClaim& c : claims)
    if (!c.path.empty()) r.push_back(resolve(c));
  for (size_t i = 0; i < r.size(); ++i)
    for (size_t j = i + 1; j < r.size(); ++j) {
      const Resolved &a = r[i], &b = r[j];
      if (a.path == b.path || (a.exists && b.exists && a.dev == b.dev && a.ino == b.ino))
        clash(a, b, "is the same file as");
      if (a.claim->folder && inside(b.path, a.path)) clash(b, a, "lies inside");
      if (b.claim->folder && inside(a.path, b.path)) clash(a, b, "lies inside");
      if (a.claim->folder && b.exists && linked_inside(b, a.path)) clash(b, a, "is a hard link to a file inside");
      if (b.claim->folder && a.exists && linked_inside(a, b.path)) clash(a, b, "is a hard link to a file inside");
    }
}

}  // namespace oceanfft::io
