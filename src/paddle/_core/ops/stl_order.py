"""The element orders of GCC's libstdc++ `std::sort`, `std::partial_sort` and `std::nth_element`.

Paddle's CPU kernels for topk, kthvalue, mode and median select with these unstable algorithms,
so which of several *equal* values they report (its index, and where a gradient goes) is decided
by the exact sequence of swaps those algorithms make. Kernels first answer with NumPy; a row
whose answer depends on how ties are broken is replayed (search_rows.replay) through the
functions below, which repeat libstdc++'s steps on a Python list of (key, index) pairs.

Keys are plain comparable numbers (kernels pass dense ranks, so NaN and descending orders are
already folded in): "a goes before b" is `a[0] < b[0]`, never a tie-break on the index.
"""
from __future__ import annotations

_THRESHOLD = 16  # libstdc++ switches from introsort to insertion sort below this length


def _lg(n: int) -> int:
    return n.bit_length() - 1


def _insertion_sort(v, first, last):
    if first == last:
        return
    for i in range(first + 1, last):
        if v[i][0] < v[first][0]:
            val = v[i]
            v[first + 1:i + 1] = v[first:i]
            v[first] = val
        else:
            _linear_insert(v, i)


def _linear_insert(v, last):
    val = v[last]
    nxt = last - 1
    while val[0] < v[nxt][0]:
        v[last] = v[nxt]
        last = nxt
        nxt -= 1
    v[last] = val


def _adjust_heap(v, first, hole, length, value):
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if v[first + child][0] < v[first + child - 1][0]:
            child -= 1
        v[first + hole] = v[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        v[first + hole] = v[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and v[first + parent][0] < value[0]:
        v[first + hole] = v[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    v[first + hole] = value


def _make_heap(v, first, last):
    length = last - first
    if length < 2:
        return
    parent = (length - 2) // 2
    while True:
        _adjust_heap(v, first, parent, length, v[first + parent])
        if parent == 0:
            return
        parent -= 1


def _pop_heap(v, first, last, result):
    value = v[result]
    v[result] = v[first]
    _adjust_heap(v, first, 0, last - first, value)


def _heap_select(v, first, middle, last):
    _make_heap(v, first, middle)
    for i in range(middle, last):
        if v[i][0] < v[first][0]:
            _pop_heap(v, first, middle, i)


def _sort_heap(v, first, last):
    while last - first > 1:
        last -= 1
        _pop_heap(v, first, last, last)


def _median_to_first(v, result, a, b, c):
    if v[a][0] < v[b][0]:
        if v[b][0] < v[c][0]:
            pick = b
        elif v[a][0] < v[c][0]:
            pick = c
        else:
            pick = a
    elif v[a][0] < v[c][0]:
        pick = a
    elif v[b][0] < v[c][0]:
        pick = c
    else:
        pick = b
    v[result], v[pick] = v[pick], v[result]


def _partition_pivot(v, first, last):
    _median_to_first(v, first, first + 1, first + (last - first) // 2, last - 1)
    pivot = v[first]
    lo, hi = first + 1, last
    while True:
        while v[lo][0] < pivot[0]:
            lo += 1
        hi -= 1
        while pivot[0] < v[hi][0]:
            hi -= 1
        if not lo < hi:
            return lo
        v[lo], v[hi] = v[hi], v[lo]
        lo += 1


def partial_sort(v: list, middle: int) -> None:
    """std::partial_sort(v.begin(), v.begin() + middle, v.end()), in place."""
    _heap_select(v, 0, middle, len(v))
    _sort_heap(v, 0, middle)


def nth_element(v: list, nth: int) -> None:
    """std::nth_element(v.begin(), v.begin() + nth, v.end()), in place."""
    first, last = 0, len(v)
    if first == last or nth == last:
        return
    depth = _lg(last - first) * 2
    while last - first > 3:
        if depth == 0:
            _heap_select(v, first, nth + 1, last)
            v[first], v[nth] = v[nth], v[first]
            return
        depth -= 1
        cut = _partition_pivot(v, first, last)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(v, first, last)


def sort(v: list) -> None:
    """std::sort(v.begin(), v.end()), in place."""
    if len(v) < 2:
        return
    _introsort_loop(v, 0, len(v), _lg(len(v)) * 2)
    if len(v) > _THRESHOLD:
        _insertion_sort(v, 0, _THRESHOLD)
        for i in range(_THRESHOLD, len(v)):
            _linear_insert(v, i)
    else:
        _insertion_sort(v, 0, len(v))


def _introsort_loop(v, first, last, depth):
    while last - first > _THRESHOLD:
        if depth == 0:
            _heap_select(v, first, last, last)
            _sort_heap(v, first, last)
            return
        depth -= 1
        cut = _partition_pivot(v, first, last)
        _introsort_loop(v, cut, last, depth)
        last = cut
