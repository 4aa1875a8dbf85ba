# C types for the compiled build (tabletop/hotpath.py); the .py file is the source, this only types it.
# TrickState becomes a C struct whose fields the per-card functions below read and write directly.
cimport cython

cdef class TrickState:
    cdef public object rng, to_move, phase, deal, dealer, hand_size, trump, turnup
    cdef public list hands, buckets, trick
    cdef public object led, leader, trick_no
    cdef public object tricks_won, taken, bids, scores, deal_points, undealt, played, last_trick, voids

# Deleting item i of a list as CPython's own list code does, without its detour through slice assignment.
cdef extern from *:
    """
    #include <string.h>
    static CYTHON_INLINE void tabletop_list_delete(PyObject *list, Py_ssize_t i) {
        PyObject **items = ((PyListObject *)list)->ob_item;
        PyObject *gone = items[i];
        Py_ssize_t n = Py_SIZE(list);
        memmove(items + i, items + i + 1, (size_t)(n - i - 1) * sizeof(PyObject *));
        Py_SET_SIZE(list, n - 1);
        Py_DECREF(gone);
    }
    """
    void _list_delete "tabletop_list_delete"(list items, Py_ssize_t i)

@cython.locals(i=Py_ssize_t)
cdef void _take_out(list items, object item) except *

@cython.locals(cards=list, winner=Py_ssize_t, leader=Py_ssize_t)
cpdef Py_ssize_t _close_trick(TrickState state, Py_ssize_t index) except -1

@cython.locals(actions=list, buckets=dict, p=Py_ssize_t)
cpdef tuple _sort_hand(list positions, list plays, list suit_at, tuple suits, object trump)

@cython.locals(place="Py_ssize_t[128]", i=Py_ssize_t, p=Py_ssize_t, dealt=Py_ssize_t)
cpdef list _dealt_positions(list order, Py_ssize_t players, Py_ssize_t size)

@cython.locals(seat=Py_ssize_t)
cpdef list _must_follow(TrickState state)

@cython.locals(seat=Py_ssize_t, hands=list, trick=list)
cpdef bint _play_card(TrickState state, object action, object card, bint must_follow) except -1
