// SPDX-License-Identifier: MIT
#pragma once
// The commit journal of io::OutputSet, and unnamed temporaries (O_TMPFILE). Internal to io.
//
// A set's commit writes, before it names any temporary, a journal into every directory the set
// touches (".oceanfft-set-<pid>-<n>.journal", the same content in each, each copy held with an
// exclusive flock while the commit runs). It lists every target, the temporary that replaces
// it, the hard link that keeps the old file, and the folders the set made. Its state byte says
// how far the commit got:
//  - P (prepare): temporaries are being written and named; no target changed. Roll back:
//    remove the temporaries and backups, and the folders the set made when empty.
//  - C (commit): every temporary is complete and named; renames are under way. Roll forward:
//    rename each temporary still there over its target, unlink the set's removed files, then
//    the backups.
//  - B (back): a rename failed and the commit is putting the old files back. Roll back from the
//    backups.
// A process killed at any point (kill -9, the OOM killer) leaves a journal; the next run that
// resolves an output in one of those directories finds it, and, when no live process holds its
// lock, finishes it in the direction its state says, so no run starts from half a set.
#include <sys/types.h>

#include <string>
#include <vector>

namespace oceanfft::io::detail {

// An unnamed file in `dir` (O_TMPFILE), -1 where the file system does not offer them.
int open_unnamed(const std::string& dir);
// Gives the unnamed file `fd` the name `path` (linkat; fails with EEXIST rather than replace).
// Returns 0 or an errno value.
int name_unnamed(int fd, const std::string& path);

struct JournalEntry {
  bool drop = false;    // removed by the set instead of written
  std::string target;   // resolved path
  std::string tmp;      // the complete new file (empty for a drop)
  std::string backup;   // a hard link to the old file (empty when there was none)
};

class Journal {
 public:
  Journal() = default;
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Writes the journal in state P into each of `dirs` (deduplicated), each copy locked.
  // Throws Io. `made_dirs` are the folders the set created (parent first), removed on a roll
  // back; `drop_dirs` are removed when empty on a roll forward.
  void begin(const std::vector<JournalEntry>& entries, const std::vector<std::string>& made_dirs,
             const std::vector<std::string>& drop_dirs, const std::vector<std::string>& dirs);
  // Moves every copy to state 'C' or 'B' (one byte each, fsync'ed).
  void set_state(char state);
  // Removes every copy and releases the locks: the set is finished either way.
  void end();
  // The copies' paths, for the signal cleanup of a commit that has not started renaming.
  const std::vector<std::string>& paths() const;

 private:
  std::vector<std::string> copies_;
  std::vector<int> fds_;
};

// Finishes every interrupted set whose journal lies in `dir` (see above); a journal that a live
// process holds, or that another user owns, is left alone. Returns the number finished.
// Never throws: a step that fails is skipped and the journal stays for the next run.
int recover_sets(const std::string& dir);

// The folder holding path `p` ("." for a bare name).
std::string dir_of(const std::string& p);
// fsync of folder `dir`, best effort: some file systems refuse fsync on folders.
void fsync_dir(const std::string& dir);

}  // namespace oceanfft::io::detail
