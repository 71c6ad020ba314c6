// initializers.h — chainer.initializers in one include (`namespace I = cnet::initializers;`).
#pragma once

#include "cnet/initializers/constant.h"
#include "cnet/initializers/generate_array.h"
#include "cnet/initializers/initializer.h"
#include "cnet/initializers/initializer_arg.h"
#include "cnet/initializers/normal.h"
#include "cnet/initializers/orthogonal.h"
#include "cnet/initializers/uniform.h"
