// SPDX-License-Identifier: MIT
// The fuzz target's image path (fuzz/image_path.h: decode -> pad -> pack on the CPU) over every
// input the fuzzer ever crashed on (fuzz/regressions/) and over the generated seed corpus
// (fuzz/corpus/), so a regression shows in the ordinary suite, and under the asan preset with
// the sanitizers that found it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../fuzz/image_path.h"

namespace fs = std::filesystem;

namespace {

fs::path source_dir() {
  const char* s = std::getenv("OCEANFFT_SOURCE_DIR");
  return s ? fs::path(s) : fs::path(".");
}

std::vector<uint8_t> read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

oceanfft::fuzz::Outcome run(const std::vector<uint8_t>& bytes) {
  return oceanfft::fuzz::run_image_path(bytes.data(), bytes.size());
}

}  // namespace

TEST(ReliabilityFuzz, RegressionInputsKeepEveryInvariant) {
  const auto files = files_in(source_dir() / "fuzz" / "regressions");
  ASSERT_FALSE(files.empty()) << "fuzz/regressions is empty or missing";
  for (const auto& f : files) {
    const auto o = run(read_all(f));
    EXPECT_TRUE(o.violation.empty()) << f.filename() << ": " << o.violation;
  }
}

// The first fuzz find: a JPEG whose Huffman table claims more than 256 codes made stb_image
// write past its tables. It must now be refused, by name, before stb sees it.
TEST(ReliabilityFuzz, JpegWithOversizedHuffmanTableIsRefused) {
  const auto bytes = read_all(source_dir() / "fuzz" / "regressions" / "jpeg-dht-too-many-codes.jpg");
  ASSERT_FALSE(bytes.empty());
  const auto o = run(bytes);
  EXPECT_FALSE(o.decoded);
  EXPECT_NE(o.refusal.find("Huffman table"), std::string::npos) << o.refusal;
}

// The same check on a hand-made stream, so it does not depend on one fuzzer artefact: SOI, then
// a DHT whose 16 counts add up to 16 * 20 = 320.
TEST(ReliabilityFuzz, HandMadeOversizedHuffmanTableIsRefused) {
  std::vector<uint8_t> jpeg = {0xFF, 0xD8, 0xFF, 0xC4, 0x01, 0x53, 0x00};
  for (int i = 0; i < 16; ++i) jpeg.push_back(20);
  jpeg.resize(jpeg.size() + 320, 0x01);
  jpeg.insert(jpeg.end(), {0xFF, 0xD9});
  const auto o = run(jpeg);
  EXPECT_FALSE(o.decoded);
  // libjpeg (which decodes JPEG since stb's decoder trusted these counts) names the bad table.
  EXPECT_NE(o.refusal.find("Huffman table"), std::string::npos) << o.refusal;
  // At exactly 256 the table is legal as far as this check goes; whatever stb then says, it
  // must not be the Huffman-count refusal.
  std::vector<uint8_t> ok = {0xFF, 0xD8, 0xFF, 0xC4, 0x01, 0x13, 0x00};
  for (int i = 0; i < 16; ++i) ok.push_back(16);
  ok.resize(ok.size() + 256, 0x01);
  ok.insert(ok.end(), {0xFF, 0xD9});
  const auto o2 = run(ok);
  EXPECT_EQ(o2.refusal.find("Huffman table"), std::string::npos) << o2.refusal;
  EXPECT_TRUE(o2.violation.empty()) << o2.violation;
}

// Every seed file decodes, except the two near-misses the generator makes on purpose.
TEST(ReliabilityFuzz, SeedCorpusDecodesExceptNearMisses) {
  const auto files = files_in(source_dir() / "fuzz" / "corpus");
  ASSERT_GE(files.size(), 10u) << "run fuzz/make_corpus.sh";
  for (const auto& f : files) {
    const auto o = run(read_all(f));
    EXPECT_TRUE(o.violation.empty()) << f.filename() << ": " << o.violation;
    const std::string n = f.filename().string();
    const bool near_miss = n == "truncated.png" || n == "badcrc.png";
    EXPECT_EQ(o.decoded, !near_miss) << n << ": " << o.refusal;
  }
}
