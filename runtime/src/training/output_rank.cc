// output_rank.cc — the process's place in a data-parallel job, for Note [Rank-0 output].
#include "cnet/training/output_rank.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace cnet {
namespace training {
namespace {
std::atomic<bool> g_skips{false};
}  // namespace

void set_output_rank(int rank, int size) {
    const char* mode = std::getenv("CNET_CHAINERMN_OUTPUT");
    const bool all = mode != nullptr && std::strcmp(mode, "all") == 0;
    g_skips = size > 1 && rank != 0 && !all;
}

bool skips_output_extensions() { return g_skips; }

bool is_output_extension(const std::string& name) {
    return name == "LogReport" || name == "PrintReport" || name == "ProgressBar" || name == "PlotReport" ||
           name == "snapshot" || name == "snapshot_object" || name == "dump_graph";
}

}  // namespace training
}  // namespace cnet
