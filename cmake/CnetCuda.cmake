# CnetCuda.cmake — the CUDA backend of cnet_runtime (runtime/src/cuda/*.cu), added only when the top level found
# nvcc and the CUDA toolkit (CNET_HAVE_CUDA). Links the shared CUDA runtime, cuBLAS, cuRAND and cuDNN.
#
# cuDNN is looked up in the toolkit and, first, under CNET_CUDNN_ROOT or CUDNN_ROOT (CMake or environment
# variable): a cuDNN install such as a Python nvidia-cudnn package directory (<root>/include, <root>/lib).

function(cnet_add_cuda_backend target)
  file(GLOB cuda_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/cuda/*.cu)
  target_sources(${target} PRIVATE ${cuda_sources})

  set(cudnn_hints)
  foreach(var CNET_CUDNN_ROOT CUDNN_ROOT)
    if(DEFINED ${var})
      list(APPEND cudnn_hints ${${var}})
    elseif(DEFINED ENV{${var}})
      list(APPEND cudnn_hints $ENV{${var}})
    endif()
  endforeach()
  find_path(CNET_CUDNN_INCLUDE_DIR cudnn.h
            HINTS ${cudnn_hints} ${CUDAToolkit_INCLUDE_DIRS} PATH_SUFFIXES include)
  find_library(CNET_CUDNN_LIBRARY NAMES cudnn libcudnn.so.9
               HINTS ${cudnn_hints} ${CUDAToolkit_LIBRARY_DIR} PATH_SUFFIXES lib lib64)
  if(NOT CNET_CUDNN_INCLUDE_DIR OR NOT CNET_CUDNN_LIBRARY)
    message(FATAL_ERROR "cnet: the CUDA backend needs cuDNN: set CNET_CUDNN_ROOT to a cuDNN install "
                        "(a directory with include/cudnn.h and lib/libcudnn.so*), or configure with "
                        "-DCNET_ENABLE_CUDA=OFF")
  endif()
  message(STATUS "cnet: cuDNN: ${CNET_CUDNN_LIBRARY}")

  target_include_directories(${target} PRIVATE ${CNET_CUDNN_INCLUDE_DIR})
  target_link_libraries(${target} PRIVATE CUDA::cudart CUDA::cublas CUDA::curand ${CNET_CUDNN_LIBRARY})
  # For the runtime's own sources only (core/device.cc starts the backend): public headers never depend on it,
  # so code built against the library sees one layout with or without CUDA; it asks cnet::CudaAvailable().
  target_compile_definitions(${target} PRIVATE CNET_HAVE_CUDA)
  set_target_properties(${target} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)

  # nvcc takes no -Wall: the host compiler gets the project's warnings through -Xcompiler, and nvcc's own
  # warnings (device code, deprecated declarations) become errors with --Werror all-warnings.
  set(cuda_flags --expt-relaxed-constexpr --extended-lambda)
  list(JOIN CNET_WARNINGS "," host_warnings)
  list(APPEND cuda_flags "-Xcompiler=${host_warnings}")
  if(CNET_WERROR)
    list(APPEND cuda_flags --Werror all-warnings)
  endif()
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:${cuda_flags}>)
endfunction()
