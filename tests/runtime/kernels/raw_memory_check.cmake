# raw_memory_check.cmake — the device seam holds (Note [Device seam] in runtime/include/cnet/kernels/dispatch.h):
# outside the backends (runtime/src/native, runtime/src/cuda) and the host I/O files listed below, no runtime
# source reads raw element memory. Run as: cmake -DROOT=<repo> -P raw_memory_check.cmake
#
# Host I/O files may read host memory, after bringing a device array to the host (to_device(Device::Cpu())).
set(CNET_HOST_IO_FILES
  runtime/include/cnet/core/array.h        # declares raw_data() / data<T>()
  runtime/include/cnet/core/array_inl.h    # FromVector (a new host array), item / to_vector (after to_device)
  runtime/src/serializers/npy_format.cc    # .npy bytes <-> host arrays
  runtime/src/datasets/mnist.cc            # IDX files -> host arrays
  runtime/src/datasets/csv.cc              # text -> host arrays
  runtime/src/chainermn/mpi.cc             # contiguous host arrays -> MPI buffers
  runtime/src/training/mpu_channel.cc      # contiguous host arrays -> socket messages (MultiprocessParallelUpdater)
)
# Backend files that still define kernels:: entry points themselves instead of a table behind dispatch (their
# family's conversion is in flight); no other file in runtime/src/native may.
set(CNET_UNDISPATCHED_FILES
  runtime/src/native/lstm.cc
)
# Raw element access: Array::data<T>(), Array::raw_data(), Storage::data().
set(CNET_RAW_ACCESS_REGEX "([.>]data<[A-Za-z_:0-9]+>\\(|raw_data\\(\\)|storage\\(\\)->data\\(\\))")

file(GLOB_RECURSE sources RELATIVE ${ROOT} ${ROOT}/runtime/src/*.cc ${ROOT}/runtime/src/*.h
     ${ROOT}/runtime/include/*.h)
set(violations "")
set(checked 0)
foreach(f ${sources})
  if(f MATCHES "^runtime/src/native/.*[.]cc$")
    # The entry points live in src/kernels/<family>.cc, which dispatch on the device; a native file that
    # defines them would run CPU loops on any device's memory.
    file(STRINGS ${ROOT}/${f} entry_lines REGEX "^namespace kernels [{]")
    list(FIND CNET_UNDISPATCHED_FILES ${f} undispatched)
    if(entry_lines AND undispatched EQUAL -1)
      string(APPEND violations "  ${f}: defines kernels:: entry points; put them in runtime/src/kernels/ (dispatch) "
                               "and give native/ a table (NativeKernels<...>)\n")
    endif()
  endif()
  if(f MATCHES "^runtime/src/(native|cuda)/")
    continue()
  endif()
  list(FIND CNET_HOST_IO_FILES ${f} allowed)
  if(NOT allowed EQUAL -1)
    continue()
  endif()
  math(EXPR checked "${checked} + 1")
  file(STRINGS ${ROOT}/${f} lines REGEX "${CNET_RAW_ACCESS_REGEX}")
  foreach(line ${lines})
    string(STRIP "${line}" line)
    string(APPEND violations "  ${f}: ${line}\n")
  endforeach()
endforeach()
foreach(f ${CNET_HOST_IO_FILES})
  if(NOT EXISTS ${ROOT}/${f})
    string(APPEND violations "  ${f}: listed as host I/O but missing (update the list)\n")
  endif()
endforeach()
if(violations)
  message(FATAL_ERROR "raw element memory read outside the backends (move the loop into a kernel family, "
                      "runtime/include/cnet/kernels/<family>.h + runtime/src/native/<family>.cc):\n${violations}")
endif()
message(STATUS "device seam holds: ${checked} files checked")
