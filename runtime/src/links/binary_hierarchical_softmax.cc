// binary_hierarchical_softmax.cc — tree parsing (pre-order node ids, +1 left / -1 right codes), the Huffman
// tree, and the loss composed of differentiable functions over the padded paths of the batch.
#include "cnet/links/binary_hierarchical_softmax.h"

#include <algorithm>
#include <queue>
#include <tuple>

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/reduction.h"
#include "cnet/initializers/uniform.h"

namespace cnet {
namespace links {
namespace {

struct Parser {
    int64_t next_id = 0;
    std::vector<int64_t> path;
    std::vector<double> code;
    std::map<int64_t, std::pair<std::vector<int64_t>, std::vector<double>>> leaves;

    void Parse(const BinaryTree& node) {
        if (node.left || node.right) {
            CNET_CHECK_AS(ValueError, node.left && node.right, "All internal nodes must have two child nodes");
            path.push_back(next_id++);
            code.push_back(1.0);
            Parse(*node.left);
            code.back() = -1.0;
            Parse(*node.right);
            path.pop_back();
            code.pop_back();
        } else {
            CNET_CHECK_AS(ValueError, node.word >= 0 && !leaves.count(node.word),
                          "BinaryHierarchicalSoftmax: leaves must be distinct non-negative word ids, got ", node.word);
            leaves[node.word] = {path, code};
        }
    }
};

}  // namespace

std::shared_ptr<BinaryTree> BinaryTree::Leaf(int64_t word) {
    auto t = std::make_shared<BinaryTree>();
    t->word = word;
    return t;
}

std::shared_ptr<BinaryTree> BinaryTree::Node(std::shared_ptr<BinaryTree> left, std::shared_ptr<BinaryTree> right) {
    auto t = std::make_shared<BinaryTree>();
    t->left = std::move(left);
    t->right = std::move(right);
    return t;
}

BinaryHierarchicalSoftmax::BinaryHierarchicalSoftmax(int64_t in_size, const std::shared_ptr<BinaryTree>& tree) {
    CNET_CHECK_AS(ValueError, tree != nullptr, "BinaryHierarchicalSoftmax: the tree is None");
    Parser parser;
    parser.Parse(*tree);
    const int64_t n_vocab = parser.leaves.rbegin()->first + 1;
    paths.resize(static_cast<size_t>(n_vocab));
    codes.resize(static_cast<size_t>(n_vocab));
    for (auto& [word, pc] : parser.leaves) {
        paths[static_cast<size_t>(word)] = pc.first;
        codes[static_cast<size_t>(word)] = pc.second;
    }
    auto scope = init_scope();
    W = add_param("W", Parameter(std::make_shared<initializers::Uniform>(1.0), Shape{parser.next_id, in_size}));
}

Variable BinaryHierarchicalSoftmax::forward(const Variable& x, const Variable& t) {
    CNET_CHECK_AS(ShapeError, x.ndim() == 2 && t.ndim() == 1 && x.shape()[0] == t.shape()[0] &&
                                  x.shape()[1] == W.shape()[1],
                  "BinaryHierarchicalSoftmax: expected x (B, ", W.shape()[1], ") and t (B,), got ", x.shape(), " and ",
                  t.shape());
    const std::vector<int64_t> words = t.array().astype(Dtype::kInt64).to_vector<int64_t>();
    const int64_t batch = x.shape()[0], dim = x.shape()[1];
    size_t depth = 1;
    for (int64_t w : words) {
        CNET_CHECK_AS(IndexError, w >= 0 && w < static_cast<int64_t>(paths.size()) && !paths[static_cast<size_t>(w)].empty(),
                      "BinaryHierarchicalSoftmax: word ", w, " is not a leaf of the tree");
        depth = std::max(depth, paths[static_cast<size_t>(w)].size());
    }
    // Paths padded to the deepest one with node 0 and code 0; the padding's loss is masked out.
    const int64_t p = static_cast<int64_t>(depth);
    std::vector<int32_t> ids(static_cast<size_t>(batch * p), 0);
    std::vector<double> code(static_cast<size_t>(batch * p), 0.0), mask(static_cast<size_t>(batch * p), 0.0);
    for (int64_t i = 0; i < batch; ++i) {
        const size_t w = static_cast<size_t>(words[static_cast<size_t>(i)]);
        for (size_t k = 0; k < paths[w].size(); ++k) {
            const size_t e = static_cast<size_t>(i * p) + k;
            ids[e] = static_cast<int32_t>(paths[w][k]);
            code[e] = codes[w][k];
            mask[e] = 1.0;
        }
    }
    const Array id_array = Array::FromVector(ids, Shape{batch, p}).to_device(x.device());
    const Variable w = functions::embed_id(id_array, W);  // (B, P, D)
    const Variable wx = functions::sum(w * functions::broadcast_to(functions::reshape(x, Shape{batch, 1, dim}), w.shape()), 2);
    const Variable c(Array::FromVector(code, Shape{batch, p}).astype(x.dtype()).to_device(x.device()), false);
    const Variable m(Array::FromVector(mask, Shape{batch, p}).astype(x.dtype()).to_device(x.device()), false);
    return functions::sum(functions::softplus(-(wx * c)) * m);
}

Variable BinaryHierarchicalSoftmax::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 2, "BinaryHierarchicalSoftmax takes 2 arguments (x, t), got ", args.size());
    return forward(args[0], args[1]);
}

std::shared_ptr<BinaryTree> BinaryHierarchicalSoftmax::create_huffman_tree(const std::map<int64_t, int64_t>& word_counts) {
    CNET_CHECK_AS(ValueError, !word_counts.empty(), "Empty vocabulary");
    // (count, uid, tree), smallest first; a joined tree keeps the smaller uid of its parts.
    using Entry = std::tuple<int64_t, int64_t, std::shared_ptr<BinaryTree>>;
    auto greater = [](const Entry& a, const Entry& b) {
        return std::tie(std::get<0>(a), std::get<1>(a)) > std::tie(std::get<0>(b), std::get<1>(b));
    };
    std::priority_queue<Entry, std::vector<Entry>, decltype(greater)> q(greater);
    int64_t uid = 0;
    for (const auto& [word, count] : word_counts) q.emplace(count, uid++, BinaryTree::Leaf(word));
    while (q.size() >= 2) {
        Entry a = q.top();
        q.pop();
        Entry b = q.top();
        q.pop();
        q.emplace(std::get<0>(a) + std::get<0>(b), std::min(std::get<1>(a), std::get<1>(b)),
                  BinaryTree::Node(std::get<2>(a), std::get<2>(b)));
    }
    return std::get<2>(q.top());
}

std::shared_ptr<Link> BinaryHierarchicalSoftmax::clone(const std::string& mode) const {
    auto ret = std::make_shared<BinaryHierarchicalSoftmax>(*this);
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    return ret;
}

}  // namespace links
}  // namespace cnet
