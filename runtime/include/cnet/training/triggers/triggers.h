// triggers.h — chainer.training.triggers in one include.
#pragma once

#include "cnet/training/trigger.h"
#include "cnet/training/triggers/early_stopping_trigger.h"
#include "cnet/training/triggers/interval_trigger.h"
#include "cnet/training/triggers/manual_schedule_trigger.h"
#include "cnet/training/triggers/minmax_value_trigger.h"
