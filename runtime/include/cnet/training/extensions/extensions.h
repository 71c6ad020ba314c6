// extensions.h — chainer.training.extensions in one include.
#pragma once

#include "cnet/training/extensions/computational_graph.h"
#include "cnet/training/extensions/evaluator.h"
#include "cnet/training/extensions/exponential_shift.h"
#include "cnet/training/extensions/fail_on_nonnumber.h"
#include "cnet/training/extensions/linear_shift.h"
#include "cnet/training/extensions/log_report.h"
#include "cnet/training/extensions/micro_average.h"
#include "cnet/training/extensions/plot_report.h"
#include "cnet/training/extensions/print_report.h"
#include "cnet/training/extensions/progress_bar.h"
#include "cnet/training/extensions/snapshot.h"
#include "cnet/training/extensions/value_observation.h"
