# C types for the compiled build (tabletop/hotpath.py); the .py file is the source, this only types it.
cimport cython

@cython.locals(i=Py_ssize_t, best=Py_ssize_t)
cpdef Py_ssize_t winning_index(object cards, object trump=*, object strength=*) except -1
