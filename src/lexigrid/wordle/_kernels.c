/* The compiled Wordle inner loops and the binding of the optimal search (solver.c).
 *
 * Ports of the former numba kernels (see kernels.py for the Python signatures). Arrays arrive through the
 * buffer protocol, C-contiguous: words as uint8 letter rows, index sets as int64 (int32 for the solver),
 * reply tables as uint8 or uint16 codes (table[g, a] guess-major, by_answer[a, g] answer-major). Outputs
 * are written in place. `Solver` holds the tables it reads (their buffers stay acquired while it lives)
 * and its memo; its calls keep the GIL (one search at a time per object).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

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


/* ---- the optimal search (solver.c) ---- */

enum { BY_ANSWER, BY_GUESS, ANSWER_GUESS, GUESS_ANSWER, LETTERS, COUNTS, N_VIEWS };

typedef struct {
    PyObject_HEAD
    WsSolver *solver;
    WsTables tables;
    Py_buffer views[N_VIEWS];
    int n_views;
} SolverObject;

static void solver_dealloc(SolverObject *self) {
    ws_free(self->solver);
    for (int i = 0; i < self->n_views; i++) PyBuffer_Release(&self->views[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int solver_init(SolverObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"by_answer", "by_guess", "answer_guess", "guess_answer", "letters", "counts",
                            "n_replies", "hard", "breadth", "memory_limit", NULL};
    PyObject *objs[N_VIEWS];
    int n_replies, hard, breadth;
    long long memory_limit;
    if (self->n_views) {
        PyErr_SetString(PyExc_TypeError, "Solver is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOippL", names, &objs[0], &objs[1], &objs[2], &objs[3],
                                     &objs[4], &objs[5], &n_replies, &hard, &breadth, &memory_limit))
        return -1;
    static const Py_ssize_t sizes[N_VIEWS] = {0, 0, 4, 4, 1, 1};
    static const char *what[N_VIEWS] = {"by_answer", "by_guess", "answer_guess", "guess_answer", "letters", "counts"};
    for (; self->n_views < N_VIEWS; self->n_views++)
        if (get(objs[self->n_views], &self->views[self->n_views], 0, sizes[self->n_views], what[self->n_views]) < 0)
            return -1;
    Py_buffer *v = self->views;
    Py_ssize_t n_answers = count(&v[ANSWER_GUESS]), n_guesses = count(&v[GUESS_ANSWER]);
    Py_ssize_t length = n_guesses ? count(&v[LETTERS]) / n_guesses : 0;
    if (v[BY_ANSWER].itemsize != v[BY_GUESS].itemsize || count(&v[BY_ANSWER]) != n_answers * n_guesses ||
        count(&v[BY_GUESS]) != n_answers * n_guesses || count(&v[COUNTS]) != n_guesses * 26 || length < 1 ||
        length > 15 || n_guesses >= (1 << 20) || n_answers > 40000 || n_replies < 1 || breadth < 0) {
        PyErr_SetString(PyExc_ValueError, "Solver: the tables' shapes do not match");
        return -1;
    }
    self->tables = (WsTables){
        .by_answer = v[BY_ANSWER].buf,
        .by_guess = v[BY_GUESS].buf,
        .code_bytes = (int)v[BY_ANSWER].itemsize,
        .n_answers = (int32_t)n_answers,
        .n_guesses = (int32_t)n_guesses,
        .n_replies = n_replies,
        .solved = n_replies - 1,
        .answer_guess = v[ANSWER_GUESS].buf,
        .guess_answer = v[GUESS_ANSWER].buf,
        .letters = v[LETTERS].buf,
        .counts = v[COUNTS].buf,
        .length = (int32_t)length,
        .hard = hard,
        .breadth = breadth,
        .memory_limit = memory_limit,
    };
    self->solver = ws_new(&self->tables);
    if (!self->solver) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* An int32 index set: answers ascending (the memo's keys), every index in range. */
static int index_set(PyObject *obj, Py_buffer *view, int32_t limit, int ascending, const char *what) {
    if (get(obj, view, 0, 4, what) < 0) return -1;
    const int32_t *xs = view->buf;
    for (Py_ssize_t i = 0; i < count(view); i++)
        if (xs[i] < 0 || xs[i] >= limit || (ascending && i && xs[i] <= xs[i - 1])) {
            PyErr_Format(PyExc_ValueError, "%s: indices must be in range%s", what, ascending ? " and ascending" : "");
            PyBuffer_Release(view);
            return -1;
        }
    return 0;
}

typedef struct {
    Py_buffer answers, allowed;
} Sets32;

static int get_sets32(SolverObject *self, PyObject *answers, PyObject *allowed, Sets32 *s) {
    if (!self->solver) {
        PyErr_SetString(PyExc_TypeError, "Solver is not initialised");
        return -1;
    }
    if (index_set(answers, &s->answers, self->tables.n_answers, 1, "answers") < 0) return -1;
    if (index_set(allowed, &s->allowed, self->tables.n_guesses, 0, "allowed") < 0) {
        PyBuffer_Release(&s->answers);
        return -1;
    }
    if (count(&s->answers) == 0) {
        PyErr_SetString(PyExc_ValueError, "answers: the set is empty");
        PyBuffer_Release(&s->answers);
        PyBuffer_Release(&s->allowed);
        return -1;
    }
    return 0;
}

static PyObject *finish(Sets32 *s, int32_t value) {
    PyBuffer_Release(&s->answers);
    PyBuffer_Release(&s->allowed);
    if (value == WS_FAILED) return PyErr_NoMemory();
    return PyLong_FromLong(value);
}

static PyObject *solver_cost(SolverObject *self, PyObject *args) {
    PyObject *answers, *allowed;
    int depth, beta;
    Sets32 s;
    if (!PyArg_ParseTuple(args, "OOii", &answers, &allowed, &depth, &beta) || get_sets32(self, answers, allowed, &s) < 0)
        return NULL;
    return finish(&s, ws_cost(self->solver, s.answers.buf, (int32_t)count(&s.answers), s.allowed.buf,
                              (int32_t)count(&s.allowed), depth, beta));
}

static PyObject *solver_guess_cost(SolverObject *self, PyObject *args) {
    PyObject *answers, *allowed;
    int guess, depth, beta;
    Sets32 s;
    if (!PyArg_ParseTuple(args, "iOOii", &guess, &answers, &allowed, &depth, &beta)) return NULL;
    if (guess < 0 || guess >= self->tables.n_guesses) return PyErr_Format(PyExc_ValueError, "guess %d out of range", guess);
    if (get_sets32(self, answers, allowed, &s) < 0) return NULL;
    return finish(&s, ws_guess_cost(self->solver, guess, s.answers.buf, (int32_t)count(&s.answers), s.allowed.buf,
                                    (int32_t)count(&s.allowed), depth, beta));
}

static PyObject *solver_best(SolverObject *self, PyObject *args) {
    PyObject *answers, *allowed, *value;
    int depth;
    int32_t guess = -1;
    Sets32 s;
    if (!PyArg_ParseTuple(args, "OOi", &answers, &allowed, &depth) || get_sets32(self, answers, allowed, &s) < 0)
        return NULL;
    value = finish(&s, ws_best(self->solver, s.answers.buf, (int32_t)count(&s.answers), s.allowed.buf,
                               (int32_t)count(&s.allowed), depth, &guess));
    if (!value) return NULL;
    return Py_BuildValue("Ni", value, (int)guess);
}

static PyObject *solver_clear(SolverObject *self, PyObject *unused) {
    (void)unused;
    if (self->solver) ws_clear(self->solver);
    Py_RETURN_NONE;
}

static PyObject *solver_stats(SolverObject *self, PyObject *unused) {
    (void)unused;
    WsStats st = {0};
    if (self->solver) ws_stats(self->solver, &st);
    return Py_BuildValue("{sLsLsLsLsLsL}", "nodes", (long long)st.nodes, "bounded", (long long)st.bounded,
                         "memo_hits", (long long)st.memo_hits, "entries", (long long)st.entries, "bytes",
                         (long long)st.bytes, "clears", (long long)st.clears);
}

static PyMethodDef solver_methods[] = {
    {"cost", (PyCFunction)solver_cost, METH_VARARGS, "cost(answers, allowed, depth, beta): least total (exact below beta)."},
    {"guess_cost", (PyCFunction)solver_guess_cost, METH_VARARGS, "guess_cost(guess, answers, allowed, depth, beta)."},
    {"best", (PyCFunction)solver_best, METH_VARARGS, "best(answers, allowed, depth): (exact least total, a guess)."},
    {"clear", (PyCFunction)solver_clear, METH_NOARGS, "Empty the memo."},
    {"stats", (PyCFunction)solver_stats, METH_NOARGS, "Counters of the search and the memo's size."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "lexigrid.wordle._kernels.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The optimal search over one pair of reply tables, with its memo.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)solver_init,
    .tp_dealloc = (destructor)solver_dealloc,
    .tp_methods = solver_methods,
};

/* keep_hard(letters, counts, allowed, guess, reply, out): the allowed guesses (int32) that keep the hard-mode
 * rule after guess got reply, written to out; returns how many. */
static PyObject *keep_hard(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *objs[4];
    int guess, reply;
    Py_buffer v[4];
    int got = 0;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOiiO", &objs[0], &objs[1], &objs[2], &guess, &reply, &objs[3])) return NULL;
    static const Py_ssize_t sizes[4] = {1, 1, 4, 4};
    static const int writable[4] = {0, 0, 0, 1};
    static const char *what[4] = {"letters", "counts", "allowed", "out"};
    for (; got < 4; got++)
        if (get(objs[got], &v[got], writable[got], sizes[got], what[got]) < 0) goto done;
    Py_ssize_t n_guesses = count(&v[1]) / 26, length = n_guesses ? count(&v[0]) / n_guesses : 0, n = count(&v[2]);
    const int32_t *allowed = v[2].buf;
    int ok = length >= 1 && length <= 15 && count(&v[3]) >= n && guess >= 0 && guess < n_guesses;
    for (Py_ssize_t i = 0; ok && i < n; i++) ok = allowed[i] >= 0 && allowed[i] < n_guesses;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "keep_hard: shapes or indices do not match");
        goto done;
    }
    WsTables t = {.letters = v[0].buf, .counts = v[1].buf, .length = (int32_t)length};
    result = PyLong_FromLong(ws_keep_hard(&t, allowed, (int32_t)n, guess, reply, v[3].buf));
done:
    for (int i = 0; i < got; i++) PyBuffer_Release(&v[i]);
    return result;
}

static PyMethodDef methods[] = {
    {"build_table", build_table, METH_VARARGS, "Fill out[g, a] with the reply code of guess g against answer a."},
    {"partition_stats", partition_stats, METH_VARARGS, "Parts, largest part, sum of squares, sum of n log2 n."},
    {"count_parts", count_parts, METH_VARARGS, "For each guess, the number of distinct replies over the answers."},
    {"first_perfect", first_perfect, METH_VARARGS, "The first guess splitting the answers into singletons, or -1."},
    {"keep_hard", keep_hard, METH_VARARGS, "The allowed guesses that keep the hard-mode rule after a reply."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernels", "Compiled Wordle kernels.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernels(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
