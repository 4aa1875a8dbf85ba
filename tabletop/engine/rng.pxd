# C types for the compiled build (tabletop/hotpath.py); the .py file is the source, this only types it.
cimport cython

@cython.locals(keys="double[128]", order="Py_ssize_t[128]", i=Py_ssize_t, j=Py_ssize_t, key=double)
cpdef list _short_order(Py_ssize_t n, object rand)

# Seeding random.Random's Mersenne Twister as its own C code seeds it (init_by_array in CPython's
# Modules/_randommodule.c), for int seeds below 2**64, with two differences that change nothing in the
# result: the table every seed starts from (init_genrand(19650218)) is computed once, and two generators
# can be seeded in one loop (each step waits on the one before; two chains interleaved cost little more
# than one). It writes into the generator's C struct, whose layout CPython does not promise: rng.py
# uses it only after checking, on import, that the struct has the size below and that generators
# seeded this way have the states random.Random gives.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #define TABLETOP_MT_N 624
    typedef struct { PyObject_HEAD int index; uint32_t state[TABLETOP_MT_N]; } tabletop_MTObject;
    static uint32_t tabletop_mt_start[TABLETOP_MT_N];
    static int tabletop_mt_started = 0;

    static Py_ssize_t tabletop_mt_size(void) { return (Py_ssize_t)sizeof(tabletop_MTObject); }

    /* Seed a with na and, unless b is None, b with nb: both states as random.Random(n) makes them. */
    static void tabletop_mt_seed(PyObject *a, unsigned long long na, PyObject *b, unsigned long long nb) {
        const uint32_t N = TABLETOP_MT_N;
        uint32_t scratch[TABLETOP_MT_N];  /* b's state when there is no b: the same steps, thrown away */
        uint32_t *x = ((tabletop_MTObject *)a)->state;
        uint32_t *y = b != Py_None ? ((tabletop_MTObject *)b)->state : scratch;
        uint32_t kx[2] = {(uint32_t)na, (uint32_t)(na >> 32)}, ky[2] = {(uint32_t)nb, (uint32_t)(nb >> 32)};
        uint32_t lx = kx[1] ? 2 : 1, ly = ky[1] ? 2 : 1;
        uint32_t i, jx = 0, jy = 0, k;
        if (!tabletop_mt_started) {
            tabletop_mt_start[0] = 19650218U;
            for (i = 1; i < N; i++)
                tabletop_mt_start[i] = 1812433253U * (tabletop_mt_start[i-1] ^ (tabletop_mt_start[i-1] >> 30)) + i;
            tabletop_mt_started = 1;
        }
        memcpy(x, tabletop_mt_start, sizeof tabletop_mt_start);
        memcpy(y, tabletop_mt_start, sizeof tabletop_mt_start);
        i = 1;
        for (k = N; k; k--) {
            x[i] = (x[i] ^ ((x[i-1] ^ (x[i-1] >> 30)) * 1664525U)) + kx[jx] + jx;
            y[i] = (y[i] ^ ((y[i-1] ^ (y[i-1] >> 30)) * 1664525U)) + ky[jy] + jy;
            i++; jx++; jy++;
            if (i >= N) { x[0] = x[N-1]; y[0] = y[N-1]; i = 1; }
            if (jx >= lx) jx = 0;
            if (jy >= ly) jy = 0;
        }
        for (k = N - 1; k; k--) {
            x[i] = (x[i] ^ ((x[i-1] ^ (x[i-1] >> 30)) * 1566083941U)) - i;
            y[i] = (y[i] ^ ((y[i-1] ^ (y[i-1] >> 30)) * 1566083941U)) - i;
            i++;
            if (i >= N) { x[0] = x[N-1]; y[0] = y[N-1]; i = 1; }
        }
        x[0] = 0x80000000U;
        y[0] = 0x80000000U;
        ((tabletop_MTObject *)a)->index = N;
        ((tabletop_MTObject *)(b != Py_None ? b : a))->index = N;
    }
    """
    Py_ssize_t _mt_size "tabletop_mt_size"()
    void _mt_seed "tabletop_mt_seed"(object a, unsigned long long na, object b, unsigned long long nb)
