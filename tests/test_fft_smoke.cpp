#include "fft/data.h"
#include "fft/fft.h"
#include "gl_fixture.h"

using namespace oceanfft;

TEST(Smoke, AllAlgorithmsSmall) {
  test::context();
  for (auto a : fft::all_algorithms())
    for (int n : {2, 4, 8, 16, 64, 256}) {
      fft::Options o;
      o.width = n;
      o.height = n * 2 > 4096 ? n : n * 2;
      o.layers = 2;
      o.algorithm = a;
      fft::Plan plan(o, test::shaders());
      gl::Texture tex = gl::make_complex_texture(o.width, o.height, o.layers);
      auto in = fft::random_planes(o.width, o.height, o.layers, test::seed("smoke"));
      fft::upload(tex, in);
      for (auto& t : plan.targets()) fft::poison(t);
      for (auto dir : {fft::Direction::Forward, fft::Direction::Inverse}) {
        auto out = fft::download(plan.execute(dir, tex));
        double e = fft::relative_l2(out, fft::reference(in, dir));
        EXPECT_LE(e, 1e-6) << plan.describe();
      }
    }
}
