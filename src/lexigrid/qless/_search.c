/* The compiled Q-Less fill search: a depth-first walk of the step trie with an explicit stack.
 *
 * The arrays come in three groups (the trie, the words, the walk's state; layouts in kernel.py), and the
 * walk reads as the algorithm of docs/qless.md: enter a node, set up the word options of its next slot,
 * try each word (taking back the one before), and record the shapes a word that fits finishes. Every
 * array arrives through the buffer protocol (C-contiguous, checked item sizes); the walk's state arrays
 * are written in place so the next call carries on where this one stopped. The fills recorded in a call
 * come back as two bytes objects (int32 leaf numbers, int8 letter codes row by row).
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"

enum { DEPTH = 0, HELD = 1, FOUND = 2 };
#define NOT_STARTED (-2)

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
static inline void enter_node(const Search *q, int64_t d, int32_t node) {
    const Trie *t = &q->trie;
    const Walk *s = &q->walk;
    s->node[d] = node;
    s->move[d] = t->node_moves[node] - 1;
    s->option[d] = 0;
    s->option_end[d] = 0;
}

/* The options of the last slot, which takes exactly the letters left and those it crosses: the anagram
 * group of those letters (the letters a word there may hold, `allowed`, in alphabetical order). */
static inline int anagram_options(const Search *q, int64_t d, int32_t m) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int32_t *cross_cell = t->cross_cell + m * t->wide;
    int64_t key = 0;
    for (uint32_t letters = (uint32_t)s->allowed[d]; letters; letters &= letters - 1) {
        int i = __builtin_ctz(letters);
        int32_t n = s->rack[i];
        for (int32_t k = 0; k < t->n_cross[m]; k++) n += s->cells[cross_cell[k]] == i;
        for (int32_t c = 0; c < n; c++) key = key * 32 + i + 1;
    }
    Py_ssize_t lo = wd->by_anagram[t->length[m]], hi = wd->by_anagram[t->length[m] + 1];
    Py_ssize_t start = lower_bound(wd->anagram_keys, lo, hi, key), end = start;
    while (end < hi && wd->anagram_keys[end] == key) end++;
    s->option[d] = (int32_t)start;
    s->option_end[d] = (int32_t)end;
    return start < end;
}

/* The options of a slot that is not the last: the words of its length, or the shortest list of words of
 * its length with a crossing's letter in place (every list holds the words in the same order, so the
 * words that fit come in the same order from each). Returns 0 when there are none. */
static inline int crossing_options(const Search *q, int64_t d, int32_t m) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int32_t *cross_pos = t->cross_pos + m * t->wide, *cross_cell = t->cross_cell + m * t->wide;
    int32_t length = t->length[m], start, end;
    if (t->n_cross[m] == 0) {
        start = wd->by_length[length], end = wd->by_length[length + 1];
    } else {
        start = 0, end = INT32_MAX;
        for (int32_t k = 0; k < t->n_cross[m]; k++) {
            int32_t key = (length * MAX_CELLS + cross_pos[k]) * LETTERS + s->cells[cross_cell[k]];
            int32_t first = wd->by_letter[key], last = wd->by_letter[key + 1];
            if (last - first < end - start) start = first, end = last;
        }
    }
    s->option[d] = start, s->option_end[d] = end;
    return start < end;
}

/* The letters a word in slot m may hold: those left and those it crosses. */
static inline int32_t allowed_letters(const Search *q, int32_t m, int64_t held) {
    const Trie *t = &q->trie;
    const int32_t *cross_cell = t->cross_cell + m * t->wide;
    for (int32_t k = 0; k < t->n_cross[m]; k++) held |= (int64_t)1 << q->walk.cells[cross_cell[k]];
    return (int32_t)held;
}

/* Move on to the node's next slot at depth d that has word options, and set them up: its anagram group
 * when it is the last, else its crossing options. Returns 0 when the node has no more slots. */
static inline int next_slot(const Search *q, int64_t d, int64_t held) {
    const Trie *t = &q->trie;
    const Walk *s = &q->walk;
    int32_t end = t->node_moves[s->node[d] + 1];
    for (int32_t m = s->move[d] + 1; m < end; m++) {
        if (t->last[m]) {
            s->allowed[d] = allowed_letters(q, m, held);
            if (!anagram_options(q, d, m)) continue;
        } else {
            if (!crossing_options(q, d, m)) continue;
            s->allowed[d] = allowed_letters(q, m, held);
        }
        s->exact[d] = t->last[m];
        s->move[d] = m;
        return 1;
    }
    s->move[d] = end;
    return 0;
}

/* Try word w in slot m at depth d: it must fit the crossings and take its new letters from the rack;
 * if it does, it is placed (rack, letters left and cells updated) and 1 returned. */
static inline int try_word(const Search *q, int64_t d, int32_t m, int32_t w, int64_t *held) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int8_t *word = wd->letters + w * wd->width;
    const int32_t *cross_pos = t->cross_pos + m * t->wide, *cross_cell = t->cross_cell + m * t->wide;
    const int32_t *new_pos = t->new_pos + m * t->size, *new_cell = t->new_cell + m * t->size;
    if (wd->letter_sets[w] & ~s->allowed[d]) return 0;
    for (int32_t k = 0; k < t->n_cross[m]; k++)
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

/* Try the slot's word options from the next one on until a word fits, which is then placed: returns 0
 * when none is left. */
static inline int place_next(const Search *q, int64_t d, int32_t m, int64_t *held) {
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    const int32_t *options = s->exact[d] ? wd->anagram_ids : wd->ids;
    int32_t allowed = s->allowed[d], end = s->option_end[d];
    for (int32_t option = s->option[d]; option < end; option++) {
        int32_t w = options[option];
        if (wd->letter_sets[w] & ~allowed) continue;
        if (try_word(q, d, m, w, held)) {
            s->option[d] = option + 1;
            return 1;
        }
    }
    s->option[d] = end;
    return 0;
}

/* Take back the word chosen in slot m at depth d: its new letters return to the rack (and to `held`). */
static inline int64_t take_back(const Search *q, int64_t d, int32_t m, int64_t held) {
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

/* Whether every letter of the roll is in some candidate word: every cell of a shape is in a slot, so a
 * letter in none has no place. */
static int spelled(const Words *wd, int64_t held) {
    int64_t letters = 0;
    for (int32_t i = wd->by_length[0]; i < wd->by_length[LENGTH_KEYS - 1]; i++)
        letters |= wd->letter_sets[wd->ids[i]];
    return (held & ~letters) == 0;
}

/* The walk: at each depth, take back the last word tried, then try the slot's next word option (or the
 * node's next slot, or go back up); a word that fits enters its child node, recording the shapes it
 * finishes. Stops at the end, at `limit` fills in all, or after a batch; returns -1 when out of memory. */
__attribute__((noinline)) static int walk(const Search *q, int64_t limit, int record, int64_t batch, Out *out) {
    const Trie *t = &q->trie;
    const Words *wd = &q->words;
    const Walk *s = &q->walk;
    int64_t d = s->scalars[DEPTH], held = s->scalars[HELD], found = s->scalars[FOUND];
    if (d == NOT_STARTED) { /* the root finishes no shape: it has no slot filled */
        for (int i = 0; i < 26; i++)
            if (s->rack[i] > 0) held |= (int64_t)1 << i;
        d = spelled(wd, held) ? 0 : -1;
        if (d == 0) enter_node(q, 0, 0);
    }
    while (d >= 0) {
        int32_t m = s->move[d];
        if (s->chosen[d] >= 0) held = take_back(q, d, m, held);
        if (!place_next(q, d, m, &held)) {
            if (!next_slot(q, d, held)) d--;
            continue;
        }
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

/* Item sizes of each group of arrays, in the order of kernel.py's (and words.py's) arrays. */
enum { N_TRIE = 13, N_WORDS = 8, N_WALK = 10, N_INDEX = 8 };
static const int TRIE_SIZES[N_TRIE] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 4, 4}; /* node_moves .. row_major */
static const int WORDS_SIZES[N_WORDS] = {1, 4, 4, 4, 4, 8, 4, 4};              /* letters .. by_anagram */
static const int WALK_SIZES[N_WALK] = {4, 1, 4, 4, 4, 4, 4, 4, 1, 8};           /* rack .. scalars */
static const int INDEX_SIZES[N_INDEX] = {1, 1, 4, 8, 4, 4, 4, 4};               /* letters .. word_ids */

/* Views of `n` arguments from `first` on, with these item sizes (writable ones when asked); -1 with an
 * error set (and nothing held) when one is not such an array. */
static int take_views(PyObject *args, Py_ssize_t first, int n, const int *item_size, int writable, Py_buffer *views) {
    for (int i = 0; i < n; i++) {
        int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
        int ok = PyObject_GetBuffer(PyTuple_GET_ITEM(args, first + i), &views[i], flags) == 0;
        if (ok && views[i].itemsize != item_size[i]) {
            PyErr_Format(PyExc_TypeError, "argument %zd has items of %zd bytes, not %d", first + i, views[i].itemsize,
                         item_size[i]);
            PyBuffer_Release(&views[i]);
            ok = 0;
        }
        if (!ok) {
            while (i--) PyBuffer_Release(&views[i]);
            return -1;
        }
    }
    return 0;
}

static void give_back(Py_buffer *views, int n) {
    for (int i = 0; i < n; i++) PyBuffer_Release(&views[i]);
}

static int shapes_differ(void) {
    PyErr_SetString(PyExc_ValueError, "search: array shapes do not match");
    return -1;
}

static int trie_of(Trie *t, const Py_buffer *v) {
    const void *p[N_TRIE];
    for (int i = 0; i < N_TRIE; i++) p[i] = v[i].buf;
    t->node_moves = p[0], t->node_leaves = p[1], t->length = p[2], t->child = p[3], t->n_cross = p[4];
    t->cross_pos = p[5], t->cross_cell = p[6], t->n_new = p[7], t->new_pos = p[8], t->new_cell = p[9];
    t->last = p[10], t->mirror = p[11], t->row_major = p[12];
    t->wide = row_length(&v[5]), t->size = row_length(&v[8]), t->leaf_width = row_length(&v[11]);
    if (row_length(&v[6]) != t->wide || row_length(&v[9]) != t->size || row_length(&v[12]) != t->leaf_width)
        return shapes_differ();
    return 0;
}

static int words_of(Words *wd, const Py_buffer *v) {
    const void *p[N_WORDS];
    for (int i = 0; i < N_WORDS; i++) p[i] = v[i].buf;
    wd->letters = p[0], wd->by_length = p[1], wd->by_letter = p[2], wd->ids = p[3];
    wd->letter_sets = p[4], wd->anagram_keys = p[5], wd->anagram_ids = p[6], wd->by_anagram = p[7];
    wd->width = row_length(&v[0]);
    if (v[1].len < LENGTH_KEYS * 4 || v[2].len < LETTER_KEYS * 4) return shapes_differ();
    return 0;
}

static int walk_of(Walk *s, const Py_buffer *v) {
    void *p[N_WALK];
    for (int i = 0; i < N_WALK; i++) p[i] = v[i].buf;
    s->rack = p[0], s->cells = p[1], s->node = p[2], s->move = p[3], s->option = p[4];
    s->option_end = p[5], s->chosen = p[6], s->allowed = p[7], s->exact = p[8], s->scalars = p[9];
    s->n_cells = v[1].len;
    if (v[0].len < LETTERS * 4 || v[9].len < 3 * 8) return shapes_differ();
    return 0;
}

static int index_of(Index *x, const Py_buffer *v) {
    const void *p[N_INDEX];
    for (int i = 0; i < N_INDEX; i++) p[i] = v[i].buf;
    x->letters = p[0], x->lengths = p[1], x->letter_sets = p[2], x->anagram_keys = p[3];
    x->child_start = p[4], x->child_letters = p[5], x->word_start = p[6], x->word_ids = p[7];
    x->width = row_length(&v[0]);
    if (x->width != MAX_CELLS || v[4].len < 2 * 4 || v[5].len * 2 < v[4].len) return shapes_differ();
    return 0;
}

static int arguments(PyObject *args, Py_ssize_t n) {
    if (PyTuple_GET_SIZE(args) == n) return 0;
    PyErr_Format(PyExc_TypeError, "takes %zd arguments", n);
    return -1;
}

/* search(*trie, *words, *walk, limit, record, batch): go on with a walk (see kernel.search). */
static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    const Py_ssize_t n = N_TRIE + N_WORDS + N_WALK;
    if (arguments(args, n + 3) < 0) return NULL;
    long long limit = PyLong_AsLongLong(PyTuple_GET_ITEM(args, n));
    int record = PyObject_IsTrue(PyTuple_GET_ITEM(args, n + 1));
    long long batch = PyLong_AsLongLong(PyTuple_GET_ITEM(args, n + 2));
    if (PyErr_Occurred() || record < 0) return NULL;
    Py_buffer trie[N_TRIE], words[N_WORDS], state[N_WALK];
    if (take_views(args, 0, N_TRIE, TRIE_SIZES, 0, trie) < 0) return NULL;
    PyObject *result = NULL;
    Out out = {NULL, NULL, 0, 0};
    if (take_views(args, N_TRIE, N_WORDS, WORDS_SIZES, 0, words) < 0) goto no_words;
    if (take_views(args, N_TRIE + N_WORDS, N_WALK, WALK_SIZES, 1, state) < 0) goto no_walk;
    Search q;
    if (trie_of(&q.trie, trie) < 0 || words_of(&q.words, words) < 0 || walk_of(&q.walk, state) < 0) goto done;
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
    give_back(state, N_WALK);
no_walk:
    give_back(words, N_WORDS);
no_words:
    give_back(trie, N_TRIE);
    free(out.leaf);
    free(out.cells);
    return result;
}

static int rack_of(PyObject *arg, Py_buffer *view) {
    static const int size[1] = {4};
    PyObject *args = PyTuple_Pack(1, arg);
    if (args == NULL) return -1;
    int failed = take_views(args, 0, 1, size, 0, view);
    Py_DECREF(args);
    if (!failed && view->len % (LETTERS * 4)) {
        PyBuffer_Release(view);
        return shapes_differ();
    }
    return failed;
}

/* word_table(*index, rack): a roll's candidate words (its letter counts) as the lists kernel.search takes
 * beside the index's letters and letter sets: by_length, by_letter, ids, anagram_keys, anagram_ids,
 * by_anagram, as bytes. */
static PyObject *word_table(PyObject *self, PyObject *args) {
    (void)self;
    if (arguments(args, N_INDEX + 1) < 0) return NULL;
    Py_buffer index[N_INDEX], rack;
    if (take_views(args, 0, N_INDEX, INDEX_SIZES, 0, index) < 0) return NULL;
    PyObject *result = NULL;
    if (rack_of(PyTuple_GET_ITEM(args, N_INDEX), &rack) < 0) goto no_rack;
    Index x;
    Table table = {0};
    Words words;
    if (index_of(&x, index) < 0) goto done;
    if (roll_words(&x, rack.buf, &table, &words, BY_NUMBER) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t n = table.n_found, ids = words.by_length[LENGTH_KEYS - 1];
    result = Py_BuildValue("(y#y#y#y#y#y#)", (const char *)table.by_length, (Py_ssize_t)sizeof(table.by_length),
                           (const char *)table.by_letter, (Py_ssize_t)sizeof(table.by_letter),
                           table.ids ? (const char *)table.ids : "", ids * 4,
                           table.anagram_keys ? (const char *)table.anagram_keys : "", n * 8,
                           table.anagram_ids ? (const char *)table.anagram_ids : "", n * 4,
                           (const char *)table.by_anagram, (Py_ssize_t)sizeof(table.by_anagram));
done:
    free_table(&table);
    PyBuffer_Release(&rack);
no_rack:
    give_back(index, N_INDEX);
    return result;
}

/* Whether one roll (its letter counts) has a solution: a walk of the whole trie that stops at the first. */
static int solvable_roll(Search *q, const Index *x, const int32_t *counts, Table *table) {
    int32_t rack[LETTERS], node[MAX_CELLS + 2], move[MAX_CELLS + 2], option[MAX_CELLS + 2];
    int32_t option_end[MAX_CELLS + 2], chosen[MAX_CELLS + 2], allowed[MAX_CELLS + 2];
    int8_t cells[MAX_CELLS];
    uint8_t exact[MAX_CELLS + 2];
    int64_t scalars[3] = {NOT_STARTED, 0, 0};
    memcpy(rack, counts, sizeof(rack));
    for (int d = 0; d < MAX_CELLS + 2; d++) chosen[d] = -1;
    q->walk = (Walk){rack, cells, node, move, option, option_end, chosen, allowed, exact, scalars, q->trie.leaf_width};
    Out none = {NULL, NULL, 0, 0};
    if (roll_words(x, counts, table, &q->words, RARE_FIRST) < 0 || walk(q, 1, 0, -1, &none) < 0) return -1;
    return scalars[FOUND] > 0;
}

/* solvable(*trie, *index, racks): one byte per rack (rows of 26 letter counts, as many letters as the
 * trie's shapes have cells: the caller's to see to), 1 when it has a solution. */
static PyObject *solvable(PyObject *self, PyObject *args) {
    (void)self;
    if (arguments(args, N_TRIE + N_INDEX + 1) < 0) return NULL;
    Py_buffer trie[N_TRIE], index[N_INDEX], racks;
    if (take_views(args, 0, N_TRIE, TRIE_SIZES, 0, trie) < 0) return NULL;
    PyObject *result = NULL;
    if (take_views(args, N_TRIE, N_INDEX, INDEX_SIZES, 0, index) < 0) goto no_index;
    if (rack_of(PyTuple_GET_ITEM(args, N_TRIE + N_INDEX), &racks) < 0) goto no_racks;
    Search q;
    Index x;
    if (trie_of(&q.trie, trie) < 0 || index_of(&x, index) < 0) goto done;
    Py_ssize_t n = racks.len / (LETTERS * 4);
    const int32_t *counts = racks.buf;
    for (Py_ssize_t r = 0; r < n * LETTERS; r++)
        if (counts[r] < 0 || counts[r] > MAX_CELLS) goto bad;
    result = PyBytes_FromStringAndSize(NULL, n);
    if (result == NULL) goto done;
    char *answer = PyBytes_AS_STRING(result);
    Table table = {0};
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t r = 0; r < n && !failed; r++) {
        int found = solvable_roll(&q, &x, counts + r * LETTERS, &table);
        failed = found < 0;
        answer[r] = (char)found;
    }
    Py_END_ALLOW_THREADS;
    free_table(&table);
    if (failed) {
        Py_CLEAR(result);
        PyErr_NoMemory();
    }
    goto done;
bad:
    PyErr_SetString(PyExc_ValueError, "solvable: a letter count is out of range");
done:
    PyBuffer_Release(&racks);
no_racks:
    give_back(index, N_INDEX);
no_index:
    give_back(trie, N_TRIE);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Go on with the walk of a fill-search state (see kernel.search)."},
    {"word_table", word_table, METH_VARARGS, "A roll's candidate words from the word index (see kernel.word_table)."},
    {"solvable", solvable, METH_VARARGS, "Whether each rack has a solution (see kernel.solvable)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_search", "The compiled Q-Less fill search.", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
