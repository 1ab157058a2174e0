/* The compiled Q-Less fill search: a depth-first walk of the step trie with an explicit stack.
 *
 * A line-for-line port of the former numba kernel; the array layouts are documented in kernel.py. Every
 * array arrives through the buffer protocol (C-contiguous, checked item sizes); the walk's state arrays
 * are written in place so the next call carries on where this one stopped. The fills recorded in a call
 * come back as two bytes objects (int32 leaf numbers, int8 letter codes row by row).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { DEPTH = 0, HELD = 1, FOUND = 2 };
#define NOT_STARTED (-2)
#define N_ARRAYS 31

/* Each argument's item size, in the order of kernel.search's parameters. */
static const int ITEM_SIZE[N_ARRAYS] = {
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, /* trie: node_moves .. last */
    4, 4,                            /* mirror, row_major */
    1, 4, 4, 4, 4, 8, 4, 4,          /* words: letters .. by_anagram */
    4, 1, 4, 4, 4, 4, 4, 4, 1, 8,    /* state: rack .. scalars */
};
#define FIRST_STATE 21

typedef struct {
    const int32_t *node_moves, *node_leaves, *length, *child, *n_cross, *cross_pos, *cross_cell, *n_new,
        *new_pos, *new_cell;
    const uint8_t *last;
    const int32_t *mirror, *row_major;
    const int8_t *letters;
    const int32_t *by_length, *by_letter, *ids, *letter_sets;
    const int64_t *anagram_keys;
    const int32_t *anagram_ids, *by_anagram;
    int32_t *rack;
    int8_t *cells;
    int32_t *node, *move, *option, *option_end, *chosen, *allowed;
    uint8_t *exact;
    int64_t *scalars;
    Py_ssize_t wide, size, leaf_width, word_width, n_cells; /* row lengths of the 2-D arrays */
} Arrays;

typedef struct {
    int32_t *leaf;
    int8_t *cells;
    Py_ssize_t count, capacity;
} Out;

static int out_add(Out *out, int32_t leaf, const int8_t *cells, Py_ssize_t n_cells) {
    if (out->count >= out->capacity) {
        Py_ssize_t capacity = out->capacity ? out->capacity * 2 : 1024;
        int32_t *grown_leaf = realloc(out->leaf, (size_t)capacity * sizeof(int32_t));
        if (grown_leaf == NULL) return -1;
        out->leaf = grown_leaf;
        int8_t *grown_cells = realloc(out->cells, (size_t)(capacity * (n_cells ? n_cells : 1)));
        if (grown_cells == NULL) return -1;
        out->cells = grown_cells;
        out->capacity = capacity;
    }
    out->leaf[out->count] = leaf;
    memcpy(out->cells + out->count * n_cells, cells, (size_t)n_cells);
    out->count++;
    return 0;
}

/* Keep a fill of a self-transposed shape only when it reads no later than its transpose. */
static int keep(const Arrays *a, Py_ssize_t leaf) {
    const int32_t *mirror = a->mirror + leaf * a->leaf_width, *order = a->row_major + leaf * a->leaf_width;
    if (mirror[0] < 0) return 1;
    for (Py_ssize_t k = 0; k < a->leaf_width; k++) {
        int32_t i = order[k];
        if (i < 0) break;
        int32_t j = mirror[i];
        if (a->cells[i] != a->cells[j]) return a->cells[i] < a->cells[j];
    }
    return 1;
}

static Py_ssize_t lower_bound(const int64_t *keys, Py_ssize_t lo, Py_ssize_t hi, int64_t key) {
    while (lo < hi) {
        Py_ssize_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Set up the options of the next move at depth d; returns 0 when the node has no more moves. */
static int next_move(const Arrays *a, int64_t d, int64_t held) {
    int32_t m = ++a->move[d];
    if (m >= a->node_moves[a->node[d] + 1]) return 0;
    const int32_t *cross_pos = a->cross_pos + m * a->wide, *cross_cell = a->cross_cell + m * a->wide;
    int64_t mask = held;
    for (int32_t k = 0; k < a->n_cross[m]; k++) mask |= (int64_t)1 << a->cells[cross_cell[k]];
    a->allowed[d] = (int32_t)mask;
    a->exact[d] = a->last[m];
    if (a->last[m]) { /* the last slot takes exactly the letters left: find its anagram group */
        int32_t counts[26];
        for (int i = 0; i < 26; i++) counts[i] = a->rack[i];
        for (int32_t k = 0; k < a->n_cross[m]; k++) counts[a->cells[cross_cell[k]]]++;
        int64_t key = 0;
        for (int i = 0; i < 26; i++)
            for (int32_t c = 0; c < counts[i]; c++) key = key * 32 + i + 1;
        Py_ssize_t lo = a->by_anagram[a->length[m]], hi = a->by_anagram[a->length[m] + 1];
        Py_ssize_t start = lower_bound(a->anagram_keys, lo, hi, key), end = start;
        while (end < hi && a->anagram_keys[end] == key) end++;
        a->option[d] = (int32_t)start;
        a->option_end[d] = (int32_t)end;
    } else if (a->n_cross[m] == 0) {
        a->option[d] = a->by_length[a->length[m]];
        a->option_end[d] = a->by_length[a->length[m] + 1];
    } else {
        int32_t key = (a->length[m] * 12 + cross_pos[0]) * 26 + a->cells[cross_cell[0]];
        a->option[d] = a->by_letter[key];
        a->option_end[d] = a->by_letter[key + 1];
    }
    return 1;
}

/* Whether word w fits move m's crossings and takes its new letters from the rack (taken if so). */
static int place(const Arrays *a, int64_t d, int32_t m, int32_t w, int64_t *held) {
    const int8_t *word = a->letters + w * a->word_width;
    const int32_t *cross_pos = a->cross_pos + m * a->wide, *cross_cell = a->cross_cell + m * a->wide;
    const int32_t *new_pos = a->new_pos + m * a->size, *new_cell = a->new_cell + m * a->size;
    if (a->letter_sets[w] & ~a->allowed[d]) return 0;
    for (int32_t k = a->exact[d] ? 0 : 1; k < a->n_cross[m]; k++)
        if (word[cross_pos[k]] != a->cells[cross_cell[k]]) return 0;
    int32_t taken = 0, fits = 1;
    for (int32_t k = 0; k < a->n_new[m]; k++) {
        int8_t ch = word[new_pos[k]];
        a->rack[ch]--;
        taken++;
        if (a->rack[ch] < 0) {
            fits = 0;
            break;
        }
    }
    if (!fits) {
        for (int32_t k = 0; k < taken; k++) a->rack[word[new_pos[k]]]++;
        return 0;
    }
    for (int32_t k = 0; k < a->n_new[m]; k++) {
        int8_t ch = word[new_pos[k]];
        if (a->rack[ch] == 0) *held &= ~((int64_t)1 << ch);
    }
    a->chosen[d] = w;
    for (int32_t k = 0; k < a->n_new[m]; k++) a->cells[new_cell[k]] = word[new_pos[k]];
    return 1;
}

/* The walk itself; returns -1 when out of memory. */
static int walk(const Arrays *a, int64_t limit, int record, int64_t batch, Out *out) {
    int64_t d = a->scalars[DEPTH], held = a->scalars[HELD], found = a->scalars[FOUND];
    if (d == NOT_STARTED) { /* enter the root (no shape is finished there: it has no slot filled) */
        for (int i = 0; i < 26; i++)
            if (a->rack[i] > 0) held |= (int64_t)1 << i;
        d = 0;
        a->node[0] = 0;
        a->move[0] = a->node_moves[0] - 1;
        a->option[0] = 0;
        a->option_end[0] = 0;
    }
    while (d >= 0) {
        int32_t m = a->move[d];
        if (a->chosen[d] >= 0) { /* take back the word placed at this depth */
            const int8_t *word = a->letters + a->chosen[d] * a->word_width;
            const int32_t *new_pos = a->new_pos + m * a->size;
            for (int32_t k = 0; k < a->n_new[m]; k++) {
                int8_t ch = word[new_pos[k]];
                a->rack[ch]++;
                held |= (int64_t)1 << ch;
            }
            a->chosen[d] = -1;
        }
        if (a->option[d] >= a->option_end[d]) {
            if (!next_move(a, d, held)) d--;
            continue;
        }
        int32_t w = a->exact[d] ? a->anagram_ids[a->option[d]] : a->ids[a->option[d]];
        a->option[d]++;
        if (!place(a, d, m, w, &held)) continue;
        int32_t c = a->child[m]; /* enter the child */
        for (int32_t leaf = a->node_leaves[c]; leaf < a->node_leaves[c + 1]; leaf++) {
            if (!keep(a, leaf)) continue;
            if (record && out_add(out, leaf, a->cells, a->n_cells) < 0) return -1;
            found++;
            if (limit >= 0 && found >= limit) {
                a->scalars[DEPTH] = -1, a->scalars[HELD] = held, a->scalars[FOUND] = found;
                return 0;
            }
        }
        if (a->node_moves[c] < a->node_moves[c + 1]) {
            d++;
            a->node[d] = c;
            a->move[d] = a->node_moves[c] - 1;
            a->option[d] = 0;
            a->option_end[d] = 0;
            a->chosen[d] = -1;
        }
        if (batch > 0 && out->count >= batch) break; /* a whole step taken: the stack is ready to go on */
    }
    a->scalars[DEPTH] = d, a->scalars[HELD] = held, a->scalars[FOUND] = found;
    return 0;
}

static Py_ssize_t row_length(const Py_buffer *view) { return view->ndim >= 2 ? view->shape[1] : 1; }

static int fill_arrays(Arrays *a, Py_buffer *v) {
    void *p[N_ARRAYS];
    for (int i = 0; i < N_ARRAYS; i++) p[i] = v[i].buf;
    a->node_moves = p[0], a->node_leaves = p[1], a->length = p[2], a->child = p[3], a->n_cross = p[4];
    a->cross_pos = p[5], a->cross_cell = p[6], a->n_new = p[7], a->new_pos = p[8], a->new_cell = p[9];
    a->last = p[10], a->mirror = p[11], a->row_major = p[12], a->letters = p[13], a->by_length = p[14];
    a->by_letter = p[15], a->ids = p[16], a->letter_sets = p[17], a->anagram_keys = p[18];
    a->anagram_ids = p[19], a->by_anagram = p[20], a->rack = p[21], a->cells = p[22], a->node = p[23];
    a->move = p[24], a->option = p[25], a->option_end = p[26], a->chosen = p[27], a->allowed = p[28];
    a->exact = p[29], a->scalars = p[30];
    a->wide = row_length(&v[5]), a->size = row_length(&v[8]), a->leaf_width = row_length(&v[11]);
    a->word_width = row_length(&v[13]), a->n_cells = v[22].len;
    if (row_length(&v[6]) != a->wide || row_length(&v[9]) != a->size || row_length(&v[12]) != a->leaf_width ||
        v[30].len < 3 * 8) {
        PyErr_SetString(PyExc_ValueError, "search: array shapes do not match");
        return -1;
    }
    return 0;
}

static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    if (PyTuple_GET_SIZE(args) != N_ARRAYS + 3) {
        PyErr_Format(PyExc_TypeError, "search takes %d arguments", N_ARRAYS + 3);
        return NULL;
    }
    long long limit = PyLong_AsLongLong(PyTuple_GET_ITEM(args, N_ARRAYS));
    int record = PyObject_IsTrue(PyTuple_GET_ITEM(args, N_ARRAYS + 1));
    long long batch = PyLong_AsLongLong(PyTuple_GET_ITEM(args, N_ARRAYS + 2));
    if (PyErr_Occurred() || record < 0) return NULL;
    Py_buffer views[N_ARRAYS];
    int got = 0;
    PyObject *result = NULL;
    Out out = {NULL, NULL, 0, 0};
    for (; got < N_ARRAYS; got++) {
        int flags = PyBUF_C_CONTIGUOUS | (got >= FIRST_STATE ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(args, got), &views[got], flags) < 0) goto done;
        if (views[got].itemsize != ITEM_SIZE[got]) {
            PyBuffer_Release(&views[got]);
            PyErr_Format(PyExc_TypeError, "search: argument %d has items of %zd bytes, not %d", got,
                         views[got].itemsize, ITEM_SIZE[got]);
            goto done;
        }
    }
    Arrays a;
    if (fill_arrays(&a, views) < 0) goto done;
    int failed;
    Py_BEGIN_ALLOW_THREADS;
    failed = walk(&a, limit, record, batch, &out);
    Py_END_ALLOW_THREADS;
    if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    /* y# turns a NULL pointer into None: an empty call hands over empty bytes */
    result = Py_BuildValue("(y#y#)", out.leaf ? (const char *)out.leaf : "", out.count * (Py_ssize_t)sizeof(int32_t),
                           out.cells ? (const char *)out.cells : "", out.count * a.n_cells);
done:
    for (int i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    free(out.leaf);
    free(out.cells);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Go on with the walk of a fill-search state (see kernel.search)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_search", "The compiled Q-Less fill search.", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
