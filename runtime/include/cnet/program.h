// program.h — what every program cnetc generates includes first, and so what `cnetc build` precompiles
// (Note [Program PCH] in cmake/CnetProgramPch.cmake). Only what every program needs: a header here that a program
// would not otherwise include could change which overload its code calls.
#pragma once

#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cnet/core/source_location.h"
#include "cnet/core/variable.h"
#include "cnet/functions/basic_math.h"
#include "cnet/py/builtins.h"
#include "cnet/py/identity.h"
