/* The compiled Wordle inner loops: the reply table and the partition statistics of guesses.
 *
 * Ports of the former numba kernels (see kernels.py for the Python signatures). Arrays arrive through the
 * buffer protocol, C-contiguous: words as uint8 letter rows, index sets as int64, reply tables as uint8 or
 * uint16 codes (table[g, a] guess-major, by_answer[a, g] answer-major). Outputs are written in place.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A buffer, C-contiguous, with the item size checked; rows/cols of a 2-D one. */
static int get(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t itemsize, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    if (itemsize && view->itemsize != itemsize) {
        PyErr_Format(PyExc_TypeError, "%s: items of %zd bytes, not %zd", what, view->itemsize, itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    if (!itemsize && view->itemsize != 1 && view->itemsize != 2) {
        PyErr_Format(PyExc_TypeError, "%s: reply codes must be uint8 or uint16", what);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static Py_ssize_t cols(const Py_buffer *view) { return view->ndim >= 2 ? view->shape[1] : view->len / view->itemsize; }
static Py_ssize_t count(const Py_buffer *view) { return view->len / view->itemsize; }

static inline int64_t code_at(const Py_buffer *table, Py_ssize_t row, Py_ssize_t col) {
    Py_ssize_t i = row * cols(table) + col;
    return table->itemsize == 1 ? ((const uint8_t *)table->buf)[i] : ((const uint16_t *)table->buf)[i];
}

/* build_table(guesses, answers, out): out[g, a] = the reply code of guess g against answer a. */
static PyObject *build_table(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *g_obj, *a_obj, *o_obj;
    if (!PyArg_ParseTuple(args, "OOO", &g_obj, &a_obj, &o_obj)) return NULL;
    Py_buffer g, a, o;
    if (get(g_obj, &g, 0, 1, "guesses") < 0) return NULL;
    if (get(a_obj, &a, 0, 1, "answers") < 0) goto g_done;
    if (get(o_obj, &o, 1, 0, "out") < 0) goto a_done;
    Py_ssize_t length = cols(&g), n_guesses = count(&g) / length, n_answers = count(&a) / length;
    if (cols(&a) != length || count(&o) != n_guesses * n_answers) {
        PyErr_SetString(PyExc_ValueError, "build_table: shapes do not match");
        goto o_done;
    }
    const uint8_t *guesses = g.buf, *answers = a.buf;
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t gi = 0; gi < n_guesses; gi++) {
        const uint8_t *guess = guesses + gi * length;
        int8_t left[26] = {0};
        for (Py_ssize_t ai = 0; ai < n_answers; ai++) {
            const uint8_t *answer = answers + ai * length;
            int64_t code = 0, power = 1;
            for (Py_ssize_t i = 0; i < length; i++)
                if (guess[i] != answer[i]) left[answer[i]]++;
            for (Py_ssize_t i = 0; i < length; i++, power *= 3) {
                if (guess[i] == answer[i]) code += 2 * power;
                else if (left[guess[i]] > 0) {
                    left[guess[i]]--;
                    code += power;
                }
            }
            for (Py_ssize_t i = 0; i < length; i++) left[answer[i]] = 0;
            Py_ssize_t at = gi * n_answers + ai;
            if (o.itemsize == 1) ((uint8_t *)o.buf)[at] = (uint8_t)code;
            else ((uint16_t *)o.buf)[at] = (uint16_t)code;
        }
    }
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&o);
    PyBuffer_Release(&a);
    PyBuffer_Release(&g);
    Py_RETURN_NONE;
o_done:
    PyBuffer_Release(&o);
a_done:
    PyBuffer_Release(&a);
g_done:
    PyBuffer_Release(&g);
    return NULL;
}

/* The index sets and the table shared by the statistics below. */
typedef struct {
    Py_buffer table, guesses, answers;
    int got;
} Sets;

static void release(Sets *s) {
    if (s->got > 0) PyBuffer_Release(&s->table);
    if (s->got > 1) PyBuffer_Release(&s->guesses);
    if (s->got > 2) PyBuffer_Release(&s->answers);
}

static int get_sets(Sets *s, PyObject *table, PyObject *guesses, PyObject *answers) {
    s->got = 0;
    if (get(table, &s->table, 0, 0, "table") < 0) return -1;
    s->got = 1;
    if (get(guesses, &s->guesses, 0, 8, "guesses") < 0) return -1;
    s->got = 2;
    if (get(answers, &s->answers, 0, 8, "answers") < 0) return -1;
    s->got = 3;
    return 0;
}

/* partition_stats(table, guesses, answers, n_replies, parts, largest, squares, nlogn): for each guess,
 * the number of parts, the largest part, the sum of squares and of n log2 n. */
static PyObject *partition_stats(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *t, *gs, *as, *outs[4];
    Py_ssize_t n_replies;
    if (!PyArg_ParseTuple(args, "OOOnOOOO", &t, &gs, &as, &n_replies, &outs[0], &outs[1], &outs[2], &outs[3]))
        return NULL;
    Sets s;
    Py_buffer out[4];
    int got = 0;
    PyObject *result = NULL;
    int64_t *counts = NULL, *touched = NULL;
    double *nlog = NULL;
    if (get_sets(&s, t, gs, as) < 0) goto done;
    for (; got < 4; got++)
        if (get(outs[got], &out[got], 1, 8, "out") < 0) goto done;
    Py_ssize_t n = count(&s.guesses), m = count(&s.answers), width = cols(&s.table);
    counts = calloc((size_t)n_replies, sizeof(int64_t));
    touched = calloc((size_t)m + 1, sizeof(int64_t));
    nlog = calloc((size_t)m + 1, sizeof(double));
    if (!counts || !touched || !nlog) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 2; k <= m; k++) nlog[k] = (double)k * log2((double)k);
    const int64_t *guesses = s.guesses.buf, *answers = s.answers.buf;
    int64_t *parts = out[0].buf, *largest = out[1].buf, *squares = out[2].buf;
    double *nlogn = out[3].buf;
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_ssize_t p = 0;
        if (s.table.itemsize == 1) {
            const uint8_t *row = (const uint8_t *)s.table.buf + guesses[j] * width;
            for (Py_ssize_t i = 0; i < m; i++) {
                int64_t c = row[answers[i]];
                if (counts[c]++ == 0) touched[p++] = c;
            }
        } else {
            const uint16_t *row = (const uint16_t *)s.table.buf + guesses[j] * width;
            for (Py_ssize_t i = 0; i < m; i++) {
                int64_t c = row[answers[i]];
                if (counts[c]++ == 0) touched[p++] = c;
            }
        }
        int64_t big = 0, sq = 0;
        double ent = 0.0;
        for (Py_ssize_t i = 0; i < p; i++) {
            int64_t k = counts[touched[i]];
            counts[touched[i]] = 0;
            if (k > big) big = k;
            sq += k * k;
            ent += nlog[k];
        }
        parts[j] = p, largest[j] = big, squares[j] = sq, nlogn[j] = ent;
    }
    Py_END_ALLOW_THREADS;
    result = Py_None;
    Py_INCREF(result);
done:
    for (int i = 0; i < got; i++) PyBuffer_Release(&out[i]);
    release(&s);
    free(counts);
    free(touched);
    free(nlog);
    return result;
}

/* count_parts(by_answer, guesses, answers, n_replies, parts): for each guess, how many distinct replies
 * it gets over the answers (reading each answer's contiguous row of the answer-major table). */
static PyObject *count_parts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *t, *gs, *as, *o;
    Py_ssize_t n_replies;
    if (!PyArg_ParseTuple(args, "OOOnO", &t, &gs, &as, &n_replies, &o)) return NULL;
    Sets s;
    Py_buffer out;
    int got_out = 0;
    PyObject *result = NULL;
    uint64_t *seen = NULL;
    if (get_sets(&s, t, gs, as) < 0) goto done;
    if (get(o, &out, 1, 8, "parts") < 0) goto done;
    got_out = 1;
    Py_ssize_t n = count(&s.guesses), m = count(&s.answers), width = cols(&s.table);
    Py_ssize_t words = (n_replies + 63) / 64;
    seen = calloc((size_t)(n * words + 1), sizeof(uint64_t));
    if (!seen) {
        PyErr_NoMemory();
        goto done;
    }
    const int64_t *guesses = s.guesses.buf, *answers = s.answers.buf;
    int64_t *parts = out.buf;
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t j = 0; j < n; j++) parts[j] = 0;
    for (Py_ssize_t i = 0; i < m; i++) {
        for (Py_ssize_t j = 0; j < n; j++) {
            int64_t code = code_at(&s.table, answers[i], guesses[j]);
            uint64_t bit = (uint64_t)1 << (code & 63), *word = seen + j * words + (code >> 6);
            if (!(*word & bit)) {
                *word |= bit;
                parts[j]++;
            }
        }
    }
    Py_END_ALLOW_THREADS;
    (void)width;
    result = Py_None;
    Py_INCREF(result);
done:
    if (got_out) PyBuffer_Release(&out);
    release(&s);
    free(seen);
    return result;
}

/* first_perfect(table, guesses, answers, n_replies): the first guess (position in guesses) that gives
 * every answer a different reply, or -1. */
static PyObject *first_perfect(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *t, *gs, *as;
    Py_ssize_t n_replies;
    if (!PyArg_ParseTuple(args, "OOOn", &t, &gs, &as, &n_replies)) return NULL;
    Sets s;
    PyObject *result = NULL;
    int64_t *seen = NULL;
    if (get_sets(&s, t, gs, as) < 0) goto done;
    seen = malloc((size_t)(n_replies ? n_replies : 1) * sizeof(int64_t));
    if (!seen) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t c = 0; c < n_replies; c++) seen[c] = -1;
    Py_ssize_t n = count(&s.guesses), m = count(&s.answers), found = -1;
    const int64_t *guesses = s.guesses.buf, *answers = s.answers.buf;
    for (Py_ssize_t j = 0; j < n && found < 0; j++) {
        int ok = 1;
        for (Py_ssize_t i = 0; i < m; i++) {
            int64_t c = code_at(&s.table, guesses[j], answers[i]);
            if (seen[c] == j) {
                ok = 0;
                break;
            }
            seen[c] = j;
        }
        if (ok) found = j;
    }
    result = PyLong_FromSsize_t(found);
done:
    release(&s);
    free(seen);
    return result;
}

static PyMethodDef methods[] = {
    {"build_table", build_table, METH_VARARGS, "Fill out[g, a] with the reply code of guess g against answer a."},
    {"partition_stats", partition_stats, METH_VARARGS, "Parts, largest part, sum of squares, sum of n log2 n."},
    {"count_parts", count_parts, METH_VARARGS, "For each guess, the number of distinct replies over the answers."},
    {"first_perfect", first_perfect, METH_VARARGS, "The first guess splitting the answers into singletons, or -1."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernels", "Compiled Wordle kernels.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernels(void) { return PyModule_Create(&module); }
