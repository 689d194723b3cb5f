// SPDX-License-Identifier: MIT
#pragma once
// Every file the program writes or reads goes through here, so the rules live in one place:
//
// Outputs
//  - A new file is written to a temporary beside its target, flushed, fsync'ed and closed (each
//    step checked), then renamed over the target: a reader sees the old file or the new one,
//    never half of one, and a failure leaves the old file and no temporary. The temporary is an
//    unnamed file (O_TMPFILE) that is linked under its name only when complete, so a process
//    killed while writing (kill -9, the OOM killer) leaves nothing; a named temporary where the
//    file system has no unnamed files.
//  - A target that is a symlink is followed (to any depth) and its final target is replaced in
//    the same way; the link itself stays.
//  - A target that exists but is not a regular file (a directory, a device, a FIFO, a socket) is
//    refused with Io before anything is written: renaming onto it would destroy the node, and
//    writing into it could block forever (a FIFO) or touch hardware. Nothing we write is meant
//    for one; pipe stdout instead.
//  - OutputSet writes several files as one: all new or all old, also on SIGINT/SIGTERM/SIGHUP
//    (temporaries and folders it created are removed, then the signal takes its course), and
//    after kill -9: a commit journal (io/journal.h) lets the next run that writes into one of
//    the set's folders roll the set back or forward from what is on disk.
//  - Two outputs that name the same file are an InvalidArgument error.
// Inputs
//  - Only regular files are read; a FIFO, a device or a directory is refused before it is read
//    (opened with O_NONBLOCK, so a FIFO without a writer cannot hang the open).
//  - Sizes are known before anything is allocated, and capped.
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace oceanfft::io {

// Where a write to `path` really lands: symlinks followed, the directory canonical. Throws Io
// when the file could not be created there (missing or unwritable directory, not a regular
// file). `what` names the output in messages ("the screenshot").
struct Target {
  std::string path;      // as the user gave it
  std::string resolved;  // the file that will be replaced or created
  bool exists = false;
  mode_t mode = 0;       // of the existing file, kept by the replacement
};
Target resolve_output(const std::string& path, const std::string& what = "the output");

// The same checks without writing: a command calls this before its work, so it fails early.
void require_writable(const std::string& path, const std::string& what = "the output");

// One file, atomically (see above). Throws Io on any failure, after removing the temporary.
void write_file(const std::string& path, const void* data, size_t size,
                const std::string& what = "the output");
inline void write_file(const std::string& path, std::string_view bytes,
                       const std::string& what = "the output") {
  write_file(path, bytes.data(), bytes.size(), what);
}

// A file that must not exist yet: require_new() checks early (Io when it exists), and
// write_new_file() publishes with link(2), which fails rather than replace a file that
// appeared meanwhile. For outputs the user did not name, which may never overwrite anything.
void require_new(const std::string& path, const std::string& what = "the output");
void write_new_file(const std::string& path, std::string_view bytes, const std::string& what = "the output");

// Several files, all new or all old. add() checks each target at once (so a bad path fails
// before the work); put() gives its bytes; commit() writes every temporary, then renames them
// all with SIGINT/SIGTERM/SIGHUP held back, restoring the old files if a rename fails. A set
// that is destroyed without a commit leaves the old files, no temporaries, and removes the
// folders it made.
class OutputSet {
 public:
  OutputSet();
  ~OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  // Creates `dir` and any missing parents; those it created are removed again (when still
  // empty) unless the set is committed.
  void make_directory(const std::string& dir, const std::string& what = "the output directory");
  // Declares an output; InvalidArgument when another output of the set names the same file.
  void add(const std::string& path, const std::string& what = "the output");
  void put(const std::string& path, std::string bytes);
  // Removes an existing regular file as part of the set: gone after a commit, kept when the
  // set fails (a stale file of an earlier, larger set). A missing file is no error.
  void remove(const std::string& path, const std::string& what = "a stale output");
  // Removes `dir` after a commit when it is empty by then (files the set does not own stay).
  void remove_directory_if_empty(const std::string& dir);
  void commit();
  // For sets too large to hold in memory (bake's frames): once every output is declared (add,
  // remove, make_directory), stream() writes the journal, and each put() from then on writes
  // its file's temporary at once instead of keeping the bytes. commit() then only renames.
  void stream();
  // For tests: called during commit() at each step ("staged" after each temporary is complete,
  // "committing" once every temporary and backup exists, "renamed" after each rename,
  // "finished" before the journal goes), so a test can kill the process at a chosen point.
  void set_step_hook(std::function<void(const char* step, size_t index)> hook);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A regular file opened for reading; anything else is refused with Io before it is read.
class InputFile {
 public:
  InputFile(const std::string& path, const std::string& what = "the input file");
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  uint64_t size() const { return size_; }
  // Reads exactly `n` bytes from the start (Io on a short read).
  void read(void* out, size_t n);
  const std::string& path() const { return path_; }

 private:
  std::string path_, what_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

// The whole of a regular file, refusing (InvalidArgument) one larger than `max_bytes`.
std::vector<uint8_t> read_file(const std::string& path, const std::string& what,
                               uint64_t max_bytes);

// `text` as one printable line: control bytes become \xNN (a newline in a file name cannot
// split an error line, an escape sequence cannot reach the terminal), and at most `max`
// bytes, cut with "...". Line breaks of multi-line messages (driver logs) become "; ".
std::string one_line(std::string_view text, size_t max = 1000);
// A file name for a message: quoted, control bytes escaped, long names shortened.
std::string quote(std::string_view path);

}  // namespace oceanfft::io
