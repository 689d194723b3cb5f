// SPDX-License-Identifier: MIT
#include "io/exr.h"

#include "gl/error.h"
#include "io/file.h"

#ifdef OCEANFFT_HAVE_OPENEXR
#include <ImfChannelList.h>
#include <ImfFloatAttribute.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <ImfStdIO.h>
#include <ImfStringAttribute.h>
#endif

namespace oceanfft::io {

#ifdef OCEANFFT_HAVE_OPENEXR
bool have_exr() { return true; }

std::string encode_exr(const ExrImage& image, const std::string& what) {
  const size_t texels = size_t(image.width) * size_t(image.height);
  if (image.width <= 0 || image.height <= 0 || image.channels.empty())
    throw Error(ErrorCode::InvalidArgument, what + ": an EXR needs a size and channels");
  for (const ExrChannel& c : image.channels)
    if (c.data.size() != texels)
      throw Error(ErrorCode::InvalidArgument, what + ": channel " + c.name + " has " +
                                                  std::to_string(c.data.size()) + " values, not " +
                                                  std::to_string(texels));
  std::string bytes;
  try {
    Imf::Header header(image.width, image.height);
    header.compression() = Imf::ZIP_COMPRESSION;
    const Imf::PixelType type = image.half ? Imf::HALF : Imf::FLOAT;
    for (const ExrChannel& c : image.channels) header.channels().insert(c.name, Imf::Channel(type));
    for (const auto& [k, v] : image.floats) header.insert(k, Imf::FloatAttribute(v));
    for (const auto& [k, v] : image.strings) header.insert(k, Imf::StringAttribute(v));
    // Half channels are converted from the float planes by the library as it writes.
    Imf::FrameBuffer fb;
    for (const ExrChannel& c : image.channels)
      fb.insert(c.name, Imf::Slice(Imf::FLOAT, (char*)c.data.data(), sizeof(float),
                                   sizeof(float) * size_t(image.width)));
    Imf::StdOSStream stream;  // in memory, so the file goes out through write_file
    {
      Imf::OutputFile file(stream, header);
      file.setFrameBuffer(fb);
      file.writePixels(image.height);
    }
    bytes = stream.str();
  } catch (const std::exception& e) {
    throw Error(ErrorCode::Io, what + ": OpenEXR: " + e.what());
  }
  return bytes;
}

void write_exr(const std::string& path, const ExrImage& image, const std::string& what) {
  write_file(path, encode_exr(image, what), what);
}

ExrImage read_exr(const std::string& path, const std::string& what) {
  ExrImage image;
  try {
    Imf::InputFile file(path.c_str());
    const Imf::Header& h = file.header();
    const auto dw = h.dataWindow();
    image.width = dw.max.x - dw.min.x + 1;
    image.height = dw.max.y - dw.min.y + 1;
    const size_t texels = size_t(image.width) * size_t(image.height);
    Imf::FrameBuffer fb;
    for (auto it = h.channels().begin(); it != h.channels().end(); ++it) {
      image.half = it.channel().type == Imf::HALF;
      image.channels.push_back({it.name(), std::vector<float>(texels)});
    }
    for (ExrChannel& c : image.channels) {
      char* base = (char*)(c.data.data() - (ptrdiff_t(dw.min.x) + ptrdiff_t(dw.min.y) * image.width));
      fb.insert(c.name, Imf::Slice(Imf::FLOAT, base, sizeof(float), sizeof(float) * size_t(image.width)));
    }
    file.setFrameBuffer(fb);
    file.readPixels(dw.min.y, dw.max.y);
    for (auto it = h.begin(); it != h.end(); ++it) {
      if (auto* f = dynamic_cast<const Imf::FloatAttribute*>(&it.attribute()))
        image.floats[it.name()] = f->value();
      else if (auto* s = dynamic_cast<const Imf::StringAttribute*>(&it.attribute()))
        image.strings[it.name()] = s->value();
    }
  } catch (const std::exception& e) {
    throw Error(ErrorCode::Io, what + " '" + path + "': OpenEXR: " + e.what());
  }
  return image;
}
#else
bool have_exr() { return false; }
std::string encode_exr(const ExrImage&, const std::string& what) {
  throw Error(ErrorCode::Io, what + ": this build has no OpenEXR (install libopenexr-dev and rebuild)");
}
void write_exr(const std::string&, const ExrImage&, const std::string& what) {
  throw Error(ErrorCode::Io, what + ": this build has no OpenEXR (install libopenexr-dev and rebuild)");
}
ExrImage read_exr(const std::string&, const std::string& what) {
  throw Error(ErrorCode::Io, what + ": this build has no OpenEXR (install libopenexr-dev and rebuild)");
}
#endif

}  // namespace oceanfft::io
