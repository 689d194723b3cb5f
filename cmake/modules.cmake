# SPDX-License-Identifier: MIT
# oceanfft_module(name [DEPS targets...] [EXCLUDE files...] [SHADERS folders...])
#   A library oceanfft_<name> from src/<name>/*.cpp (less EXCLUDE), linked PUBLIC to DEPS.
#   Include path: a folder in the build tree that holds one link, <name> -> src/<name>, so
#   `#include "<name>/x.h"` works for this module and for whatever links it, and a header of a
#   module that is not below it is "not found"; headers in shaders/<name>/ likewise. Shaders: shaders/<name>/ and shaders/<folder>/
#   for each of SHADERS are compiled into the library (oceanfft_embed_shaders).
# A new module is one call here and a folder under src/ (and under shaders/ if it has any).

# Writes ${CMAKE_BINARY_DIR}/generated/shaders_<folder>.cpp from shaders/<folder>/ at build time
# (re-run when a file there changes or is added) and adds it to `target`. Static libraries only
# contribute objects that something refers to, so every target linking `target` is told to
# treat the table's anchor symbol as undefined.
function(oceanfft_embed_shaders target folder)
  set(_dir "${CMAKE_SOURCE_DIR}/shaders/${folder}")
  if(NOT IS_DIRECTORY "${_dir}")
    return()
  endif()
  # The kinds of file the loader reads (stages, includes, binding headers), not the generator
  # scripts and templates beside them. The list is on the command line, so adding or removing a
  # file (which re-runs CMake through CONFIGURE_DEPENDS) changes the command and re-runs it.
  set(_globs)
  foreach(_ext IN ITEMS glsl comp vert frag geom tesc tese h)
    list(APPEND _globs "${_dir}/*.${_ext}")
  endforeach()
  file(GLOB_RECURSE _files CONFIGURE_DEPENDS ${_globs})
  list(SORT _files)
  set(_rel)
  foreach(_f IN LISTS _files)
    file(RELATIVE_PATH _r "${CMAKE_SOURCE_DIR}/shaders" "${_f}")
    list(APPEND _rel "${_r}")
  endforeach()
  string(REPLACE ";" "|" _rel "${_rel}")
  string(MAKE_C_IDENTIFIER "oceanfft_shaders_${folder}" _anchor)
  set(_out "${CMAKE_BINARY_DIR}/generated/shaders_${folder}.cpp")
  add_custom_command(
    OUTPUT "${_out}"
    COMMAND "${CMAKE_COMMAND}" "-DROOT=${CMAKE_SOURCE_DIR}/shaders" "-DFOLDER=${folder}"
            "-DOUT=${_out}" "-DANCHOR=${_anchor}" "-DFILES=${_rel}" -P "${CMAKE_SOURCE_DIR}/cmake/embed_shaders.cmake"
    DEPENDS ${_files} "${CMAKE_SOURCE_DIR}/cmake/embed_shaders.cmake"
    COMMENT "Embedding shaders/${folder}"
    VERBATIM)
  target_sources(${target} PRIVATE "${_out}")
  get_target_property(_type ${target} TYPE)
  if(_type STREQUAL "STATIC_LIBRARY")
    target_link_options(${target} INTERFACE "LINKER:--undefined=${_anchor}")
  endif()
endfunction()

# Adds to `target`'s include path a directory `root` under the build tree that holds one link,
# <root>/<link> -> `path` (`link` may name a subfolder: "gl/error.h"): "<link>" resolves there
# and nothing beside it does, which is what makes an upward include fail to compile.
function(oceanfft_include_link target visibility root link path)
  get_filename_component(_parent "${root}/${link}" DIRECTORY)
  file(MAKE_DIRECTORY "${_parent}")
  if(NOT EXISTS "${root}/${link}")
    file(CREATE_LINK "${path}" "${root}/${link}" SYMBOLIC)
  endif()
  target_include_directories(${target} ${visibility} "$<BUILD_INTERFACE:${root}>")
endfunction()

function(oceanfft_module name)
  cmake_parse_arguments(M "" "" "DEPS;EXCLUDE;SHADERS" ${ARGN})
  set(_folder "${CMAKE_SOURCE_DIR}/src/${name}")
  file(GLOB _src CONFIGURE_DEPENDS "${_folder}/*.cpp")
  foreach(_x IN LISTS M_EXCLUDE)
    list(REMOVE_ITEM _src "${_folder}/${_x}")
  endforeach()
  set(_shader_folders ${M_SHADERS})
  if(IS_DIRECTORY "${CMAKE_SOURCE_DIR}/shaders/${name}")
    list(APPEND _shader_folders ${name})
  endif()

  if(_src OR _shader_folders)
    add_library(oceanfft_${name} STATIC ${_src})
    target_compile_options(oceanfft_${name} PRIVATE -Wall -Wextra -Wno-unused-parameter)
    set(_vis PUBLIC)
  else()  # a folder with headers only (or not yet written)
    add_library(oceanfft_${name} INTERFACE)
    set(_vis INTERFACE)
  endif()

  oceanfft_include_link(oceanfft_${name} ${_vis} "${CMAKE_BINARY_DIR}/layers/${name}" ${name}
                        "${_folder}")
  # Headers in shaders/<name>/ (binding numbers shared by GLSL and C++) are "<name>/x.h" too.
  if(IS_DIRECTORY "${CMAKE_SOURCE_DIR}/shaders/${name}")
    oceanfft_include_link(oceanfft_${name} ${_vis} "${CMAKE_BINARY_DIR}/layers/shaders/${name}"
                          ${name} "${CMAKE_SOURCE_DIR}/shaders/${name}")
  endif()
  target_link_libraries(oceanfft_${name} ${_vis} ${M_DEPS})
  foreach(_f IN LISTS _shader_folders)
    oceanfft_embed_shaders(oceanfft_${name} ${_f})
  endforeach()
endfunction()
