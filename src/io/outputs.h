// SPDX-License-Identifier: MIT
#pragma once
// What a command is about to write, checked as a whole before any work: two outputs may not
// land on one file, and no output may land inside a folder another output owns.
#include <string>
#include <vector>

namespace oceanfft::io {

// One output of a command: a file, or a folder whose contents the command writes as a set
// (`render --export-maps DIR`, `roundtrip --out DIR`, `render --gallery DIR`).
struct OutputClaim {
  std::string path;
  std::string what;     // for messages: "the output (--out)"
  bool folder = false;
};

// InvalidArgument when two claims name the same file or folder, or one lies inside a claimed
// folder. Paths are compared after resolution (symlinks followed, "." and ".." folded, the
// current directory made explicit), and existing files also by device and inode, so a hard
// link to a file in a claimed folder (checked to a depth of 3 and 10,000 entries) counts as
// inside it. Empty paths are skipped (an option not given).
void require_distinct_outputs(const std::vector<OutputClaim>& claims);

}  // namespace oceanfft::io
