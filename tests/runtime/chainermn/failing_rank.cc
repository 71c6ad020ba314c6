// failing_rank.cc — a 2-rank job in which rank 1 fails while rank 0 waits in a collective: with `throw`
// rank 1 ends as a generated program does on an uncaught error (prints it, main returns 1), with `kill` it
// dies by SIGKILL. Either way the job must end with an error instead of hanging (failing_rank.sh).
#include <csignal>
#include <cstring>
#include <iostream>

#include "cnet/chainermn/communicator.h"
#include "cnet/core/error.h"

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "throw";
    try {
        auto comm = cnet::chainermn::create_communicator("naive");
        comm->barrier();
        if (comm->rank() == 1) {
            if (std::strcmp(mode, "kill") == 0) std::raise(SIGKILL);
            throw cnet::ValueError("rank 1 fails on purpose");
        }
        comm->allreduce_obj(1.0);  // never completes: rank 1 is gone
        std::cout << "rank 0 was not stopped" << std::endl;
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "failing_rank: error: " << e.what() << std::endl;
        return 1;
    }
}
