/* The compiled Q-Less fill search: a depth-first walk of the step trie with an explicit stack.
 *
 * The arrays come in three groups (the trie, the words, the walk's state; layouts in kernel.py), and the
 * walk reads as the algorithm of docs/qless.md: enter a node, set up the word options of its next slot,
 * try each word (taking back the one before), and record the shapes a word that fits finishes. Every
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

/* The step trie (read only): per node its moves and leaves; per move (a slot to fill) its length, child
 * node, crossings (position in the word, cell) and new cells; per leaf the cells' mirror images and
 * reading order. */
typedef struct {
    const int32_t *node_moves, *node_leaves;
    const int32_t *length, *child, *n_cross, *cross_pos, *cross_cell, *n_new, *new_pos, *new_cell;
    const uint8_t *last;
    const int32_t *mirror, *row_major;
    Py_ssize_t wide, size, leaf_width; /* row lengths: crossings, new cells, leaf cells */
} Trie;

/* The candidate words (read only): letter codes, letter sets, and the indexes by length, by (length,
 * position, letter) and by anagram group. */
typedef struct {
    const int8_t *letters;
    const int32_t *by_length, *by_letter, *ids, *letter_sets;
    const int64_t *anagram_keys;
    const int32_t *anagram_ids, *by_anagram;
    Py_ssize_t width; /* row length of letters */
} Words;

/* The walk (written in place, kept by the caller between calls): the letters left, the filled cells, and
 * per depth the node, its current move, the word options left, the word chosen, the letters a word may
 * hold and whether the options are one anagram group; scalars: depth, letters left as bits, fills found. */
typedef struct {
    int32_t *rack;
    int8_t *cells;
    int32_t *node, *move, *option, *option_end, *chosen, *allowed;
    uint8_t *exact;
    int64_t *scalars;
    Py_ssize_t n_cells;
} Walk;

/* The three together, handed to every step. */
typedef struct {
    Trie trie;
    Words words;
    Walk walk;
} Search;

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

static Py_ssize_t lower_bound(const int64_t *keys, Py_ssize_t lo, Py_ssize_t hi, int64_t key) {
    while (lo < hi) {
        Py_ssize_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Enter `node` at depth d: no slot tried yet (no word is chosen at a depth the walk has left). */
static void enter_node(const Search *q, int64_t d, int32_t node) {
    const Trie *t = &q->trie;
    const Walk *s = &q->walk;
    s->node[d] = node;
    s->move[d] = t->node_moves[node] - 1;
    s->option[d] = 0;
    s->option_end[d] = 0;
}

/* The options of the last slot, which takes exactly the letters left: its anagram group. */
static void anagram_options(const Search *q, int64_t d, int32_t m) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int32_t *cross_cell = t->cross_cell + m * t->wide;
    int32_t counts[26];
    for (int i = 0; i < 26; i++) counts[i] = s->rack[i];
    for (int32_t k = 0; k < t->n_cross[m]; k++) counts[s->cells[cross_cell[k]]]++;
    int64_t key = 0;
    for (int i = 0; i < 26; i++)
        for (int32_t c = 0; c < counts[i]; c++) key = key * 32 + i + 1;
    Py_ssize_t lo = wd->by_anagram[t->length[m]], hi = wd->by_anagram[t->length[m] + 1];
    Py_ssize_t start = lower_bound(wd->anagram_keys, lo, hi, key), end = start;
    while (end < hi && wd->anagram_keys[end] == key) end++;
    s->option[d] = (int32_t)start;
    s->option_end[d] = (int32_t)end;
}

/* Move on to the node's next slot at depth d and set up its word options: its anagram group when it is
 * the last, else the words of its length, or of its length with the first crossing's letter in place.
 * Returns 0 when the node has no more slots. */
static int next_slot(const Search *q, int64_t d, int64_t held) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    int32_t m = ++s->move[d];
    if (m >= t->node_moves[s->node[d] + 1]) return 0;
    const int32_t *cross_pos = t->cross_pos + m * t->wide, *cross_cell = t->cross_cell + m * t->wide;
    int64_t mask = held;
    for (int32_t k = 0; k < t->n_cross[m]; k++) mask |= (int64_t)1 << s->cells[cross_cell[k]];
    s->allowed[d] = (int32_t)mask;
    s->exact[d] = t->last[m];
    if (t->last[m]) {
        anagram_options(q, d, m);
    } else if (t->n_cross[m] == 0) {
        s->option[d] = wd->by_length[t->length[m]];
        s->option_end[d] = wd->by_length[t->length[m] + 1];
    } else {
        int32_t key = (t->length[m] * 12 + cross_pos[0]) * 26 + s->cells[cross_cell[0]];
        s->option[d] = wd->by_letter[key];
        s->option_end[d] = wd->by_letter[key + 1];
    }
    return 1;
}

/* Try word w in slot m at depth d: it must fit the crossings and take its new letters from the rack;
 * if it does, it is placed (rack, letters left and cells updated) and 1 returned. */
static int try_word(const Search *q, int64_t d, int32_t m, int32_t w, int64_t *held) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int8_t *word = wd->letters + w * wd->width;
    const int32_t *cross_pos = t->cross_pos + m * t->wide, *cross_cell = t->cross_cell + m * t->wide;
    const int32_t *new_pos = t->new_pos + m * t->size, *new_cell = t->new_cell + m * t->size;
    if (wd->letter_sets[w] & ~s->allowed[d]) return 0;
    for (int32_t k = s->exact[d] ? 0 : 1; k < t->n_cross[m]; k++)
        if (word[cross_pos[k]] != s->cells[cross_cell[k]]) return 0;
    int32_t taken = 0, fits = 1;
    for (int32_t k = 0; k < t->n_new[m]; k++) {
        int8_t ch = word[new_pos[k]];
        s->rack[ch]--;
        taken++;
        if (s->rack[ch] < 0) {
            fits = 0;
            break;
        }
    }
    if (!fits) {
        for (int32_t k = 0; k < taken; k++) s->rack[word[new_pos[k]]]++;
        return 0;
    }
    for (int32_t k = 0; k < t->n_new[m]; k++) {
        int8_t ch = word[new_pos[k]];
        if (s->rack[ch] == 0) *held &= ~((int64_t)1 << ch);
    }
    s->chosen[d] = w;
    for (int32_t k = 0; k < t->n_new[m]; k++) s->cells[new_cell[k]] = word[new_pos[k]];
    return 1;
}

/* Take back the word chosen in slot m at depth d: its new letters return to the rack (and to `held`). */
static int64_t take_back(const Search *q, int64_t d, int32_t m, int64_t held) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int8_t *word = wd->letters + s->chosen[d] * wd->width;
    const int32_t *new_pos = t->new_pos + m * t->size;
    for (int32_t k = 0; k < t->n_new[m]; k++) {
        int8_t ch = word[new_pos[k]];
        s->rack[ch]++;
        held |= (int64_t)1 << ch;
    }
    s->chosen[d] = -1;
    return held;
}

/* Keep a fill of a self-transposed shape only when it reads no later than its transpose. */
static int keep(const Search *q, Py_ssize_t leaf) {
    const Trie *t = &q->trie;
    const Walk *s = &q->walk;
    const int32_t *mirror = t->mirror + leaf * t->leaf_width, *order = t->row_major + leaf * t->leaf_width;
    if (mirror[0] < 0) return 1;
    for (Py_ssize_t k = 0; k < t->leaf_width; k++) {
        int32_t i = order[k];
        if (i < 0) break;
        int32_t j = mirror[i];
        if (s->cells[i] != s->cells[j]) return s->cells[i] < s->cells[j];
    }
    return 1;
}

/* Record (and count) the shapes node c finishes: every leaf's fill, once per solution. Returns 1 when
 * the limit is reached, -1 when out of memory, else 0. */
static int record_leaves(const Search *q, int32_t c, int64_t limit, int record, int64_t *found,
                         Out *out) {
    for (int32_t leaf = q->trie.node_leaves[c]; leaf < q->trie.node_leaves[c + 1]; leaf++) {
        if (!keep(q, leaf)) continue;
        if (record && out_add(out, leaf, q->walk.cells, q->walk.n_cells) < 0) return -1;
        ++*found;
        if (limit >= 0 && *found >= limit) return 1;
    }
    return 0;
}

/* The walk: at each depth, take back the last word tried, then try the slot's next word option (or the
 * node's next slot, or go back up); a word that fits enters its child node, recording the shapes it
 * finishes. Stops at the end, at `limit` fills in all, or after a batch; returns -1 when out of memory. */
static int walk(const Search *q, int64_t limit, int record, int64_t batch, Out *out) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    int64_t d = s->scalars[DEPTH], held = s->scalars[HELD], found = s->scalars[FOUND];
    if (d == NOT_STARTED) { /* the root finishes no shape: it has no slot filled */
        for (int i = 0; i < 26; i++)
            if (s->rack[i] > 0) held |= (int64_t)1 << i;
        d = 0;
        enter_node(q, 0, 0);
    }
    while (d >= 0) {
        int32_t m = s->move[d];
        if (s->chosen[d] >= 0) held = take_back(q, d, m, held);
        if (s->option[d] >= s->option_end[d]) {
            if (!next_slot(q, d, held)) d--;
            continue;
        }
        int32_t w = s->exact[d] ? wd->anagram_ids[s->option[d]] : wd->ids[s->option[d]];
        s->option[d]++;
        if (!try_word(q, d, m, w, &held)) continue;
        int32_t c = t->child[m];
        int done = record_leaves(q, c, limit, record, &found, out);
        if (done < 0) return -1;
        if (done) {
            d = -1;
            break;
        }
        if (t->node_moves[c] < t->node_moves[c + 1]) enter_node(q, ++d, c);
        if (batch > 0 && out->count >= batch) break; /* a whole step taken: the stack is ready to go on */
    }
    s->scalars[DEPTH] = d, s->scalars[HELD] = held, s->scalars[FOUND] = found;
    return 0;
}

static Py_ssize_t row_length(const Py_buffer *view) { return view->ndim >= 2 ? view->shape[1] : 1; }

static int fill_arrays(Search *q, Py_buffer *v) {
    Trie *t = &q->trie;
    Words *wd = &q->words;
    Walk *s = &q->walk;
    void *p[N_ARRAYS];
    for (int i = 0; i < N_ARRAYS; i++) p[i] = v[i].buf;
    t->node_moves = p[0], t->node_leaves = p[1], t->length = p[2], t->child = p[3], t->n_cross = p[4];
    t->cross_pos = p[5], t->cross_cell = p[6], t->n_new = p[7], t->new_pos = p[8], t->new_cell = p[9];
    t->last = p[10], t->mirror = p[11], t->row_major = p[12];
    wd->letters = p[13], wd->by_length = p[14], wd->by_letter = p[15], wd->ids = p[16];
    wd->letter_sets = p[17], wd->anagram_keys = p[18], wd->anagram_ids = p[19], wd->by_anagram = p[20];
    s->rack = p[21], s->cells = p[22], s->node = p[23], s->move = p[24], s->option = p[25];
    s->option_end = p[26], s->chosen = p[27], s->allowed = p[28], s->exact = p[29], s->scalars = p[30];
    t->wide = row_length(&v[5]), t->size = row_length(&v[8]), t->leaf_width = row_length(&v[11]);
    wd->width = row_length(&v[13]), s->n_cells = v[22].len;
    if (row_length(&v[6]) != t->wide || row_length(&v[9]) != t->size || row_length(&v[12]) != t->leaf_width ||
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
    Search q;
    if (fill_arrays(&q, views) < 0) goto done;
    int failed;
    Py_BEGIN_ALLOW_THREADS;
    failed = walk(&q, limit, record, batch, &out);
    Py_END_ALLOW_THREADS;
    if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    /* y# turns a NULL pointer into None: an empty call hands over empty bytes */
    result = Py_BuildValue("(y#y#)", out.leaf ? (const char *)out.leaf : "", out.count * (Py_ssize_t)sizeof(int32_t),
                           out.cells ? (const char *)out.cells : "", out.count * q.walk.n_cells);
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
