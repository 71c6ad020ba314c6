// optimizers.h — chainer.optimizers in one include (`namespace O = cnet::optimizers;`).
#pragma once

#include "cnet/optimizers/ada_delta.h"
#include "cnet/optimizers/ada_grad.h"
#include "cnet/optimizers/adam.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/optimizers/nesterov_ag.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/optimizers/rmsprop.h"
#include "cnet/optimizers/rmsprop_graves.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/optimizers/smorms3.h"
