// output_rank.h — which process of a data-parallel job prints reports and writes logs and snapshots.
//
// Note [Rank-0 output]
// In a job of several processes (chainermn: a communicator of more than one rank was created), only rank 0
// keeps the extensions that print or write files: on the other ranks Trainer::extend leaves out LogReport,
// PrintReport, ProgressBar, PlotReport, snapshot, snapshot_object and dump_graph, so the job prints one report
// and writes one log and one set of snapshots (a job resumes by loading rank 0's snapshot on every rank).
// A program that guards them with `if comm.rank == 0:` (ChainerMN's examples do) behaves the same; the
// environment variable CNET_CHAINERMN_OUTPUT=all keeps them on every rank (each rank then needs its own `out`).
#pragma once

#include <string>

namespace cnet {
namespace training {

/// Called by chainermn.create_communicator with this process's rank and the job's size.
void set_output_rank(int rank, int size);
/// True on the ranks that leave the output extensions out (Note [Rank-0 output]).
bool skips_output_extensions();
/// True for the default names of the extensions that print or write files.
bool is_output_extension(const std::string& default_name);

}  // namespace training
}  // namespace cnet
