// binary_hierarchical_softmax.h — chainer.links.BinaryHierarchicalSoftmax: a softmax over words replaced by
// binary decisions along each word's path in a binary tree (e.g. a Huffman tree of the word counts).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// A binary tree over word ids: a leaf holds a word, an internal node two children (Chainer's nested tuples
/// ((1, 2), 3) are Node(Node(Leaf(1), Leaf(2)), Leaf(3))).
struct BinaryTree {
    int64_t word = -1;
    std::shared_ptr<BinaryTree> left, right;
    static std::shared_ptr<BinaryTree> Leaf(int64_t word);
    static std::shared_ptr<BinaryTree> Node(std::shared_ptr<BinaryTree> left, std::shared_ptr<BinaryTree> right);
};

/// BinaryHierarchicalSoftmax(in_size, tree): W (n_internal_nodes, in_size), Uniform(1) by default. Internal
/// nodes are numbered in pre-order; a word's path is the internal nodes from the root with code +1 for a left
/// turn and -1 for a right one. forward(x, t) = sum_i sum_{(n, c) in path(t_i)} softplus(-c W[n] . x_i) (a
/// scalar, summed over the batch as Chainer does).
class BinaryHierarchicalSoftmax : public Link {
public:
    BinaryHierarchicalSoftmax(int64_t in_size, const std::shared_ptr<BinaryTree>& tree);
    Variable forward(const Variable& x, const Variable& t);
    Variable operator()(const Variable& x, const Variable& t) { return forward(x, t); }
    Variable call(const std::vector<Variable>& args) override;

    /// Chainer's create_huffman_tree(word_counts): repeatedly joins the two least frequent entries (ties broken
    /// by the order of the entries, here increasing word id) into (first, second).
    static std::shared_ptr<BinaryTree> create_huffman_tree(const std::map<int64_t, int64_t>& word_counts);

    Parameter W;
    /// Per word: its path's internal node ids and codes (+1 / -1); empty for words not in the tree.
    std::vector<std::vector<int64_t>> paths;
    std::vector<std::vector<double>> codes;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
