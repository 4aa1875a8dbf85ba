# C types for the compiled build (tabletop/hotpath.py); the .py file is the source, this only types it.
cimport cython

@cython.locals(keys="double[128]", order="Py_ssize_t[128]", i=Py_ssize_t, j=Py_ssize_t, key=double)
cpdef list _short_order(Py_ssize_t n, object rand)
