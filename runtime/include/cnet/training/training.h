// training.h — chainer.training in one include: Trainer, updaters, triggers and extensions.
#pragma once

#include "cnet/training/extension.h"
#include "cnet/training/extensions/extensions.h"
#include "cnet/training/trainer.h"
#include "cnet/training/trigger.h"
#include "cnet/training/triggers/triggers.h"
#include "cnet/training/updater.h"
#include "cnet/training/updaters/standard_updater.h"
