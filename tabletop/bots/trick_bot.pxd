# C types for the compiled build (tabletop/hotpath.py); the .py file is the source, this only types it.
# The greedy bot's once-a-move choice reads its facts from plain dicts in C and compares ranks as C ints.
cimport cython

@cython.locals(plays=dict, cards=dict, i=Py_ssize_t, rank=Py_ssize_t, best=Py_ssize_t, key=Py_ssize_t,
               any_key=Py_ssize_t, win_key=Py_ssize_t, lose_key=Py_ssize_t)
cpdef object _pick(object legal, object facts, object trick, bint avoid)
