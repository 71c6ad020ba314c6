// small_vector.h — a vector with inline storage for N elements, so the per-op argument lists of the
// autograd hot path (inputs, outputs, gradients) do not allocate.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <new>
#include <utility>

namespace cnet {

template <typename T, size_t N>
class SmallVector {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    SmallVector() = default;
    SmallVector(std::initializer_list<T> init) {
        reserve(init.size());
        for (const T& v : init) push_back(v);
    }
    explicit SmallVector(size_t n, const T& value = T()) {
        reserve(n);
        for (size_t i = 0; i < n; ++i) push_back(value);
    }
    template <typename It, typename = decltype(*std::declval<It>())>
    SmallVector(It first, It last) {
        for (; first != last; ++first) push_back(*first);
    }
    SmallVector(const SmallVector& other) {
        reserve(other.size_);
        for (const T& v : other) push_back(v);
    }
    SmallVector(SmallVector&& other) noexcept { MoveFrom(std::move(other)); }
    SmallVector& operator=(const SmallVector& other) {
        if (this != &other) {
            clear();
            reserve(other.size_);
            for (const T& v : other) push_back(v);
        }
        return *this;
    }
    SmallVector& operator=(SmallVector&& other) noexcept {
        if (this != &other) {
            Release();
            MoveFrom(std::move(other));
        }
        return *this;
    }
    ~SmallVector() { Release(); }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T* data() { return ptr(); }
    const T* data() const { return ptr(); }
    T& operator[](size_t i) { return ptr()[i]; }
    const T& operator[](size_t i) const { return ptr()[i]; }
    T& back() { return ptr()[size_ - 1]; }
    const T& back() const { return ptr()[size_ - 1]; }
    T& front() { return ptr()[0]; }
    const T& front() const { return ptr()[0]; }
    iterator begin() { return ptr(); }
    iterator end() { return ptr() + size_; }
    const_iterator begin() const { return ptr(); }
    const_iterator end() const { return ptr() + size_; }

    void push_back(const T& v) { emplace_back(v); }
    void push_back(T&& v) { emplace_back(std::move(v)); }
    template <typename... Args>
    T& emplace_back(Args&&... args) {
        if (size_ == capacity_) {
            // Construct first: args may alias an element that Grow() would move.
            T tmp(std::forward<Args>(args)...);
            Grow(capacity_ * 2);
            new (ptr() + size_) T(std::move(tmp));
        } else {
            new (ptr() + size_) T(std::forward<Args>(args)...);
        }
        return ptr()[size_++];
    }
    void pop_back() { ptr()[--size_].~T(); }
    void clear() {
        for (size_t i = 0; i < size_; ++i) ptr()[i].~T();
        size_ = 0;
    }
    void reserve(size_t n) {
        if (n > capacity_) Grow(n);
    }
    void resize(size_t n, const T& value = T()) {
        while (size_ > n) pop_back();
        reserve(n);
        while (size_ < n) push_back(value);
    }

private:
    T* ptr() { return heap_ ? heap_ : reinterpret_cast<T*>(inline_); }
    const T* ptr() const { return heap_ ? heap_ : reinterpret_cast<const T*>(inline_); }

    void Grow(size_t n) {
        n = std::max<size_t>(n, 2 * N);
        T* fresh = static_cast<T*>(::operator new(n * sizeof(T)));
        for (size_t i = 0; i < size_; ++i) {
            new (fresh + i) T(std::move(ptr()[i]));
            ptr()[i].~T();
        }
        if (heap_) ::operator delete(heap_);
        heap_ = fresh;
        capacity_ = n;
    }
    void Release() {
        clear();
        if (heap_) ::operator delete(heap_);
        heap_ = nullptr;
        capacity_ = N;
    }
    void MoveFrom(SmallVector&& other) {
        if (other.heap_) {
            heap_ = other.heap_;
            size_ = other.size_;
            capacity_ = other.capacity_;
            other.heap_ = nullptr;
            other.size_ = 0;
            other.capacity_ = N;
        } else {
            for (size_t i = 0; i < other.size_; ++i) new (ptr() + i) T(std::move(other.ptr()[i]));
            size_ = other.size_;
            other.clear();
        }
    }

    alignas(T) unsigned char inline_[N * sizeof(T)];
    T* heap_ = nullptr;
    size_t size_ = 0;
    size_t capacity_ = N;
};

}  // namespace cnet
