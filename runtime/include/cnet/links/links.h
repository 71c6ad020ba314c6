// links.h — chainer.links in one include (`namespace L = cnet::links;`), with Link/Chain/ChainList.
#pragma once

#include "cnet/links/classifier.h"
#include "cnet/links/embed_id.h"
#include "cnet/links/linear.h"
#include "cnet/links/link.h"
#include "cnet/links/sequential.h"
