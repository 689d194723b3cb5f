# SPDX-License-Identifier: MIT
# `cmake --install` puts the engine (modules gl, fft and ocean, with the glad it loads GL through)
# in the prefix: static libraries, public headers under include/oceanfft, a CMake package
# (find_package(oceanfft CONFIG), targets oceanfft::fft and oceanfft::ocean), oceanfft.pc, the
# LICENSE, and with OCEANFFT_BUILD_APP the `oceanfft` executable (its shaders built in). No
# module above ocean, and no GLFW or ImGui, goes in. Consumers: examples/ and docs/api.md.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(OCEANFFT_INSTALL_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}/oceanfft")
set(OCEANFFT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/oceanfft")
set(OCEANFFT_PUBLIC_HEADERS
    gl/context.h gl/error.h gl/gl_api.h gl/objects.h gl/shader.h gl/timing.h
    fft/fft.h fft/fused.h fft/real.h fft/real_volume.h fft/cache.h fft/buffer.h fft/volume.h fft/long.h
    ocean/floating.h ocean/ocean.h)

set_target_properties(oceanfft_gl PROPERTIES EXPORT_NAME gl)
set_target_properties(oceanfft_fft PROPERTIES EXPORT_NAME fft)
set_target_properties(oceanfft_ocean PROPERTIES EXPORT_NAME ocean)
set_target_properties(glad PROPERTIES EXPORT_NAME glad OUTPUT_NAME oceanfft_glad)
# Headers include each other as "gl/x.h" and glad as <glad/gl.h>, so include/oceanfft is on the
# path; include/ lets users write <oceanfft/fft/fft.h>.
install(TARGETS oceanfft_gl oceanfft_fft oceanfft_ocean glad
        EXPORT oceanfftTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" "${OCEANFFT_INSTALL_INCLUDEDIR}")
foreach(h IN LISTS OCEANFFT_PUBLIC_HEADERS)
  get_filename_component(_sub "${h}" DIRECTORY)
  install(FILES "${CMAKE_SOURCE_DIR}/src/${h}" DESTINATION "${OCEANFFT_INSTALL_INCLUDEDIR}/${_sub}")
endforeach()
# The image units and buffer bindings Plan::execute leaves bound, shared with the GLSL.
install(FILES "${CMAKE_SOURCE_DIR}/shaders/fft/bindings.h" DESTINATION "${OCEANFFT_INSTALL_INCLUDEDIR}/fft")
install(FILES "${CMAKE_BINARY_DIR}/generated/include/oceanfft/version.h"
        DESTINATION "${OCEANFFT_INSTALL_INCLUDEDIR}")
install(FILES "${CMAKE_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
if(TARGET oceanfft)
  install(TARGETS oceanfft RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()
install(FILES "${CMAKE_SOURCE_DIR}/third_party/glad/include/glad/gl.h"
        DESTINATION "${OCEANFFT_INSTALL_INCLUDEDIR}/glad")
install(FILES "${CMAKE_SOURCE_DIR}/third_party/glad/include/KHR/khrplatform.h"
        DESTINATION "${OCEANFFT_INSTALL_INCLUDEDIR}/KHR")

install(EXPORT oceanfftTargets NAMESPACE oceanfft:: DESTINATION "${OCEANFFT_INSTALL_CMAKEDIR}")
configure_package_config_file("${CMAKE_SOURCE_DIR}/cmake/oceanfftConfig.cmake.in"
                              "${CMAKE_BINARY_DIR}/package/oceanfftConfig.cmake"
                              INSTALL_DESTINATION "${OCEANFFT_INSTALL_CMAKEDIR}")
write_basic_package_version_file("${CMAKE_BINARY_DIR}/package/oceanfftConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/package/oceanfftConfig.cmake"
              "${CMAKE_BINARY_DIR}/package/oceanfftConfigVersion.cmake"
        DESTINATION "${OCEANFFT_INSTALL_CMAKEDIR}")

# pkg-config: static archives, so Libs lists the whole chain; the --undefined flags pull the
# built-in shader tables out of the archives (see cmake/modules.cmake).
# The prefix is found from the .pc file's own place, so `cmake --install --prefix` anywhere works.
file(RELATIVE_PATH OCEANFFT_PC_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
set(OCEANFFT_PC_DL "")
if(CMAKE_DL_LIBS)
  set(OCEANFFT_PC_DL "-l${CMAKE_DL_LIBS}")
endif()
configure_file("${CMAKE_SOURCE_DIR}/cmake/oceanfft.pc.in" "${CMAKE_BINARY_DIR}/package/oceanfft.pc"
               @ONLY)
install(FILES "${CMAKE_BINARY_DIR}/package/oceanfft.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
