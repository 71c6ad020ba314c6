// chainermn.h — `import chainermn`: data-parallel training over MPI (and NCCL for GPU arrays), with ChainerMN's
// API. Launch a program with `mpirun -np N ./program`; see docs/distributed.md.
#pragma once

#include "cnet/chainermn/communicator.h"
#include "cnet/chainermn/multi_node_evaluator.h"
#include "cnet/chainermn/multi_node_optimizer.h"
#include "cnet/chainermn/scatter_dataset.h"
