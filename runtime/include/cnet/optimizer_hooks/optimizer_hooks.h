// optimizer_hooks.h — chainer.optimizer_hooks in one include.
#pragma once

#include "cnet/optimizer_hooks/gradient_clipping.h"
#include "cnet/optimizer_hooks/gradient_hard_clipping.h"
#include "cnet/optimizer_hooks/lasso.h"
#include "cnet/optimizer_hooks/weight_decay.h"
