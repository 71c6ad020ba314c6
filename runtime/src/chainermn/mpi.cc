// mpi.cc — the MPI layer of ChainerMN's communicators (see mpi.h), with MPI's C API. Host I/O: it hands the
// element memory of contiguous host arrays to MPI.
#include "chainermn/mpi.h"

#include <mpi.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <limits>

#include "cnet/core/error.h"

namespace cnet {
namespace chainermn {
namespace mpi {

struct Comm {
    MPI_Comm handle;
    bool owned;  // freed with MPI_Comm_free (not MPI_COMM_WORLD)
};

namespace {

void Check(int code, const char* what) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw Error(std::string("chainermn: ") + what + " failed: " + std::string(text, static_cast<size_t>(length)));
}

// Note [Failing ranks]
// A rank that fails must end the job, not leave the others blocked in a collective forever. Whatever the
// way out, the rank's exit status decides: glibc's on_exit handler sees the status that main returned (a
// generated program returns 1 after printing an uncaught error) or that exit() got, and calls MPI_Abort for a
// non-zero status, MPI_Finalize for zero. An exception that escapes a thread reaches std::terminate, which
// aborts the job too. A rank killed by a signal is noticed by mpirun, which ends the job itself.
void OnExit(int status, void*) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return;
    if (status != 0) {
        int rank = 0;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        std::fflush(stdout);
        std::fprintf(stderr, "chainermn: rank %d exits with status %d: aborting the job (MPI_Abort)\n", rank, status);
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, status);
        return;
    }
    MPI_Finalize();
}

std::terminate_handler previous_terminate = nullptr;

void OnTerminate() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) {
        std::fprintf(stderr, "chainermn: uncaught exception: aborting the job (MPI_Abort)\n");
        if (std::exception_ptr e = std::current_exception()) {
            try {
                std::rethrow_exception(e);
            } catch (const std::exception& ex) {
                std::fprintf(stderr, "chainermn: %s\n", ex.what());
            } catch (...) {
            }
        }
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (previous_terminate) previous_terminate();
    std::abort();
}

MPI_Datatype ElementType(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool:
        case Dtype::kUint8: return MPI_UINT8_T;
        case Dtype::kInt32: return MPI_INT32_T;
        case Dtype::kInt64: return MPI_INT64_T;
        case Dtype::kFloat32: return MPI_FLOAT;
        case Dtype::kFloat64: return MPI_DOUBLE;
        case Dtype::kFloat16: break;
    }
    throw DtypeError(std::string("chainermn: no MPI type for ") + DtypeName(dtype));
}

void RequireHostContiguous(const Array& a, const char* op) {
    CNET_CHECK_AS(DeviceError, a.device().is_cpu(), "chainermn.", op, ": MPI takes host arrays (got one on ",
                  a.device().ToString(), ")");
    CNET_CHECK(a.is_contiguous(), "chainermn.", op, ": the array must be contiguous");
}

// MPI counts are ints: large buffers go in pieces of at most 1 GiB.
constexpr int64_t kChunkBytes = int64_t{1} << 30;

}  // namespace

bool Available() { return true; }

CommPtr World() {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
        int provided = 0;
        Check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        on_exit(OnExit, nullptr);
        previous_terminate = std::set_terminate(OnTerminate);
    }
    static const CommPtr world = std::make_shared<const Comm>(Comm{MPI_COMM_WORLD, false});
    return world;
}

int Rank(const Comm& comm) {
    int rank = 0;
    Check(MPI_Comm_rank(comm.handle, &rank), "MPI_Comm_rank");
    return rank;
}

int Size(const Comm& comm) {
    int size = 0;
    Check(MPI_Comm_size(comm.handle, &size), "MPI_Comm_size");
    return size;
}

namespace {
CommPtr Own(MPI_Comm handle) {
    return CommPtr(new Comm{handle, true}, [](const Comm* c) {
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (!finalized) {
            MPI_Comm handle = c->handle;
            MPI_Comm_free(&handle);
        }
        delete c;
    });
}
}  // namespace

CommPtr SplitShared(const Comm& comm) {
    MPI_Comm out;
    Check(MPI_Comm_split_type(comm.handle, MPI_COMM_TYPE_SHARED, Rank(comm), MPI_INFO_NULL, &out),
          "MPI_Comm_split_type");
    return Own(out);
}

CommPtr Split(const Comm& comm, int color, int key) {
    MPI_Comm out;
    Check(MPI_Comm_split(comm.handle, color, key, &out), "MPI_Comm_split");
    return Own(out);
}

void AllreduceSum(const Comm& comm, Array& host) {
    RequireHostContiguous(host, "allreduce");
    if (host.dtype() == Dtype::kFloat16) {
        Array wide = host.astype(Dtype::kFloat32);
        AllreduceSum(comm, wide);
        host.assign(wide);
        return;
    }
    const MPI_Datatype type = ElementType(host.dtype());
    const int64_t per_chunk = kChunkBytes / static_cast<int64_t>(host.itemsize());
    char* base = static_cast<char*>(host.raw_data());
    for (int64_t done = 0; done < host.size(); done += per_chunk) {
        const int64_t n = std::min(per_chunk, host.size() - done);
        Check(MPI_Allreduce(MPI_IN_PLACE, base + done * static_cast<int64_t>(host.itemsize()), static_cast<int>(n),
                            type, MPI_SUM, comm.handle),
              "MPI_Allreduce");
    }
}

void Bcast(const Comm& comm, Array& host, int root) {
    RequireHostContiguous(host, "bcast");
    char* base = static_cast<char*>(host.raw_data());
    const int64_t nbytes = static_cast<int64_t>(host.nbytes());
    for (int64_t done = 0; done < nbytes; done += kChunkBytes) {
        const int64_t n = std::min(kChunkBytes, nbytes - done);
        Check(MPI_Bcast(base + done, static_cast<int>(n), MPI_BYTE, root, comm.handle), "MPI_Bcast");
    }
}

void BcastBytes(const Comm& comm, std::string& bytes, int root) {
    int64_t size = static_cast<int64_t>(bytes.size());
    Check(MPI_Bcast(&size, 1, MPI_INT64_T, root, comm.handle), "MPI_Bcast");
    bytes.resize(static_cast<size_t>(size));
    for (int64_t done = 0; done < size; done += kChunkBytes) {
        const int64_t n = std::min(kChunkBytes, size - done);
        Check(MPI_Bcast(bytes.data() + done, static_cast<int>(n), MPI_BYTE, root, comm.handle), "MPI_Bcast");
    }
}

void SendBytes(const Comm& comm, const std::string& bytes, int dest, int tag, int64_t chunk) {
    CNET_CHECK_AS(ValueError, chunk > 0, "chainermn: the message size limit must be positive (got ", chunk, ")");
    chunk = std::min(chunk, kChunkBytes);
    int64_t size = static_cast<int64_t>(bytes.size());
    Check(MPI_Send(&size, 1, MPI_INT64_T, dest, tag, comm.handle), "MPI_Send");
    for (int64_t done = 0; done < size; done += chunk) {
        const int64_t n = std::min(chunk, size - done);
        Check(MPI_Send(bytes.data() + done, static_cast<int>(n), MPI_BYTE, dest, tag, comm.handle), "MPI_Send");
    }
}

std::string RecvBytes(const Comm& comm, int source, int tag, int64_t chunk) {
    CNET_CHECK_AS(ValueError, chunk > 0, "chainermn: the message size limit must be positive (got ", chunk, ")");
    chunk = std::min(chunk, kChunkBytes);
    int64_t size = 0;
    Check(MPI_Recv(&size, 1, MPI_INT64_T, source, tag, comm.handle, MPI_STATUS_IGNORE), "MPI_Recv");
    std::string bytes(static_cast<size_t>(size), '\0');
    for (int64_t done = 0; done < size; done += chunk) {
        const int64_t n = std::min(chunk, size - done);
        Check(MPI_Recv(bytes.data() + done, static_cast<int>(n), MPI_BYTE, source, tag, comm.handle,
                       MPI_STATUS_IGNORE),
              "MPI_Recv");
    }
    return bytes;
}

void Barrier(const Comm& comm) { Check(MPI_Barrier(comm.handle), "MPI_Barrier"); }

void Finalize() {
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized) MPI_Finalize();
}

void Abort(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::abort();
}

}  // namespace mpi
}  // namespace chainermn
}  // namespace cnet
