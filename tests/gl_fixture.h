// SPDX-License-Identifier: MIT
#pragma once
// One headless context for the whole test binary, made before the first test and checked for
// GL errors after every test.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gl/context.h"
#include "gl/shader.h"

namespace oceanfft::test {

gl::Context& context();
const gl::ShaderLibrary& shaders();
// A fresh seed per call, logged through the gtest record so a failure can be replayed.
// OCEANFFT_TEST_SEED fixes the base.
uint64_t seed(const std::string& what);

// Every kind of live GL object, and the texture bytes, equal in `a` and `b`: nothing leaked.
void expect_same_objects(const gl::ObjectCounts& a, const gl::ObjectCounts& b,
                         const std::string& where);

// ||got - want|| / ||want|| in double; infinite when the sizes differ or anything is not
// finite, so a broken readback cannot pass as small.
double relative_l2(const std::vector<float>& got, const std::vector<float>& want);

// Fails the current test if the context saw a GL error or a high-severity debug message.
class GlTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  int64_t errors_at_start_ = 0;
};

}  // namespace oceanfft::test
