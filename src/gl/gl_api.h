// SPDX-License-Identifier: MIT
#pragma once
// Where the engine's headers get the OpenGL types and enums from. The engine's own sources call
// GL through its bundled glad (GL 4.6 core); its installed headers use only types and enums, so a
// program may bring its own GL header instead:
//   - define OCEANFFT_GL_HEADER as a header to include (-DOCEANFFT_GL_HEADER="<epoxy/gl.h>"),
//     any that declares the GL 4.3 core types and enums; or
//   - include any such header first (<GLFW/glfw3.h>, which includes <GL/gl.h>, GLEW, epoxy, Qt's
//     <QOpenGLFunctions>, another glad): the engine's headers then use it as it is;
//   - else they include the bundled <glad/gl.h>, whose entry points gl::attach_current loads.
// Entry points are per-loader: load your own loader's as it documents, the engine's through
// gl::attach_current(getProcAddress) (docs/api.md, "The loader").
#if defined(OCEANFFT_GL_HEADER)
#include OCEANFFT_GL_HEADER
#elif !defined(GL_VERSION_1_1) && !defined(__gl_h_) && !defined(__GL_H__) && \
    !defined(__gl_glcorearb_h_) && !defined(__glcorearb_h_) && !defined(__glew_h__)
#include <glad/gl.h>
#endif

namespace oceanfft::gl {
// A context's getProcAddress (glfwGetProcAddress, SDL_GL_GetProcAddress, eglGetProcAddress...),
// the same type as glad's GLADloadfunc.
using ProcAddress = void (*)();
using LoadFunction = ProcAddress (*)(const char* name);
}  // namespace oceanfft::gl
