/* The Python module `_engine`: each function reads its arguments (buffers and numbers, grouped as the named
 * structs of engine.h: the Python side passes named tuples), checks them, calls the C part without the GIL
 * where the work is long, and builds the result. No algorithm lives here. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "engine.h"
#include "wordmap.h"

#include <stdlib.h>
#include <string.h>

/* ---- buffers ------------------------------------------------------------------------------------- */

#define MAX_BUFFERS 12

/* The buffers a call holds, released together. */
typedef struct {
    Py_buffer views[MAX_BUFFERS];
    int n;
} Held;

/* One more buffer of `object` (writable when asked); NULL with a Python error when it is not one. */
static const void *hold(Held *h, PyObject *object, int writable, size_t *len) {
    Py_buffer *view = &h->views[h->n];
    if (PyObject_GetBuffer(object, view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) < 0) return NULL;
    h->n++;
    *len = (size_t)view->len;
    return view->buf;
}

static void release(Held *h) {
    for (int i = 0; i < h->n; i++) PyBuffer_Release(&h->views[i]);
    h->n = 0;
}

/* ---- the named argument tuples ------------------------------------------------------------------ */

/* BoardArrays(tiles, dim, checks, cscores) */
static int read_board(PyObject *tuple, Held *h, BoardArgs *b) {
    PyObject *tiles, *checks, *cscores;
    if (!PyArg_ParseTuple(tuple, "OiOO;a board: (tiles, dim, checks, cscores)", &tiles, &b->dim, &checks, &cscores))
        return -1;
    if (!(b->tiles = hold(h, tiles, 0, &b->tiles_len))) return -1;
    if (!(b->checks = (LetterSet *)hold(h, checks, 0, &b->checks_len))) return -1;
    if (!(b->cscores = (int32_t *)hold(h, cscores, 0, &b->cscores_len))) return -1;
    return 0;
}

/* LayoutArrays(lmul, wmul, scores, vowel, vowel_codes) */
static int read_layout(PyObject *tuple, Held *h, LayoutArgs *l) {
    PyObject *lmul, *wmul, *scores, *vowel;
    unsigned long long vowel_codes;
    if (!PyArg_ParseTuple(tuple, "OOOOK;a layout: (lmul, wmul, scores, vowel, vowel_codes)", &lmul, &wmul, &scores,
                          &vowel, &vowel_codes))
        return -1;
    l->vowel_codes = (LetterSet)vowel_codes;
    if (!(l->lmul = hold(h, lmul, 0, &l->lmul_len)) || !(l->wmul = hold(h, wmul, 0, &l->wmul_len))) return -1;
    if (!(l->scores = hold(h, scores, 0, &l->scores_len))) return -1;
    if (!(l->vowel = hold(h, vowel, 0, &l->vowel_len))) return -1;
    return 0;
}

/* RackLeaves(counts, strides, leaves) */
static int read_rack(PyObject *tuple, Held *h, RackArgs *r) {
    PyObject *counts, *strides, *leaves;
    if (!PyArg_ParseTuple(tuple, "OOO;a rack: (counts, strides, leaves)", &counts, &strides, &leaves)) return -1;
    if (!(r->counts = hold(h, counts, 0, &r->counts_len))) return -1;
    if (!(r->strides = hold(h, strides, 0, &r->strides_len))) return -1;
    if (!(r->leaves = hold(h, leaves, 0, &r->leaves_len))) return -1;
    return 0;
}

/* Search(mode, bingo_tiles, bingo_bonus, symmetric, word_map, floor) */
static int read_search(PyObject *tuple, Held *h, SearchArgs *s) {
    PyObject *map;
    if (!PyArg_ParseTuple(tuple, "iiipOd;a search: (mode, bingo_tiles, bingo_bonus, symmetric, word_map, floor)",
                          &s->mode, &s->bingo_tiles, &s->bingo_bonus, &s->symmetric, &map, &s->floor))
        return -1;
    return (s->word_map = hold(h, map, 0, &s->word_map_len)) ? 0 : -1;
}

/* ---- GADDAG, search graph, word map, checksum ----------------------------------------------------- */

static PyObject *engine_error(int code) {
    switch (code) {
    case ENGINE_NOMEM: return PyErr_NoMemory();
    case ENGINE_LONG_WORD: PyErr_SetString(PyExc_ValueError, "words longer than 26 letters are not supported"); break;
    case ENGINE_BAD_LETTER: PyErr_SetString(PyExc_ValueError, "words must be letter codes 1 to 32 (bytes 'A' to '`')"); break;
    case ENGINE_TOO_BIG: PyErr_SetString(PyExc_ValueError, "the lexicon's GADDAG is past the 2^24 arcs it can hold"); break;
    default: PyErr_SetString(PyExc_ValueError, "not a packed GADDAG"); break;
    }
    return NULL;
}

/* build_gaddag(words: bytes) -> bytes: words are a byte of 64 + code per letter, separated by newlines. */
static PyObject *build_gaddag(PyObject *self, PyObject *args) {
    Py_buffer words;
    if (!PyArg_ParseTuple(args, "y*", &words)) return NULL;
    uint32_t *arcs = NULL;
    size_t len = 0;
    int code;
    Py_BEGIN_ALLOW_THREADS code = gaddag_build(words.buf, (size_t)words.len, &arcs, &len);
    Py_END_ALLOW_THREADS PyBuffer_Release(&words);
    if (code) return engine_error(code);
    PyObject *out = PyBytes_FromStringAndSize((const char *)arcs, (Py_ssize_t)(len * 4));
    free(arcs);
    return out;
}

/* A bytes object of `size` bytes for a result to be written into (see Allocate); it is kept in *context. */
static void *new_bytes(size_t size, void *context) {
    PyObject **out = context;
    *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    return *out ? PyBytes_AS_STRING(*out) : NULL;
}

/* search_graph(kwg: bytes) -> bytes: the GADDAG relaid for move generation (see gaddag.c). */
static PyObject *search_graph(PyObject *self, PyObject *args) {
    Py_buffer kwg;
    if (!PyArg_ParseTuple(args, "y*", &kwg)) return NULL;
    PyObject *out = NULL;
    int code = search_graph_build(kwg.buf, (size_t)kwg.len / 4, new_bytes, &out);
    PyBuffer_Release(&kwg);
    if (code) {
        Py_XDECREF(out);
        return code == ENGINE_NOMEM && PyErr_Occurred() ? NULL : engine_error(code);
    }
    return out;
}

/* word_map(kwg, lo) -> bytes: the words of `lo` or more letters under their anagram keys (see wordmap.c). */
static PyObject *word_map(PyObject *self, PyObject *args) {
    Py_buffer kwg;
    int lo;
    if (!PyArg_ParseTuple(args, "y*i", &kwg, &lo)) return NULL;
    PyObject *out = NULL;
    int failed = word_map_build(kwg.buf, (size_t)kwg.len / 4, lo, new_bytes, &out);
    PyBuffer_Release(&kwg);
    if (failed) {
        Py_XDECREF(out);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    return out;
}

/* word_map_fits(data) -> bool: whether bytes hold a whole word map layout. */
static PyObject *word_map_fits(PyObject *self, PyObject *args) {
    Py_buffer map;
    if (!PyArg_ParseTuple(args, "y*", &map)) return NULL;
    int fits = map_fits(map.buf, (size_t)map.len, 1);
    PyBuffer_Release(&map);
    return PyBool_FromLong(fits);
}

/* checksum(data) -> int: a 64-bit checksum of bytes. */
static PyObject *checksum(PyObject *self, PyObject *args) {
    Py_buffer data;
    if (!PyArg_ParseTuple(args, "y*", &data)) return NULL;
    uint64_t h = checksum64(data.buf, (size_t)data.len);
    PyBuffer_Release(&data);
    return PyLong_FromUnsignedLongLong(h);
}

/* ---- cross-checks --------------------------------------------------------------------------------- */

/* update_checks(graph, tiles, dim, scores, checks, cscores, rows, cols): recompute the given lines (see
 * checks.c); checks and cscores are written. */
static PyObject *update_checks(PyObject *self, PyObject *args) {
    PyObject *graph_o, *tiles_o, *scores_o, *checks_o, *cscores_o, *rows_o, *cols_o;
    BoardArgs board;
    if (!PyArg_ParseTuple(args, "OOiOOOOO", &graph_o, &tiles_o, &board.dim, &scores_o, &checks_o, &cscores_o,
                          &rows_o, &cols_o))
        return NULL;
    Held h = {.n = 0};
    size_t graph_len, scores_len, nrows, ncols;
    const uint32_t *graph = hold(&h, graph_o, 0, &graph_len);
    board.tiles = graph ? hold(&h, tiles_o, 0, &board.tiles_len) : NULL;
    const int8_t *scores = board.tiles ? hold(&h, scores_o, 0, &scores_len) : NULL;
    board.checks = scores ? (LetterSet *)hold(&h, checks_o, 1, &board.checks_len) : NULL;
    board.cscores = board.checks ? (int32_t *)hold(&h, cscores_o, 1, &board.cscores_len) : NULL;
    const uint8_t *rows = board.cscores ? hold(&h, rows_o, 0, &nrows) : NULL;
    const uint8_t *cols = rows ? hold(&h, cols_o, 0, &ncols) : NULL;
    if (!cols) {
        release(&h);
        return NULL;
    }
    int fits = lines_fit(&board, scores_len, rows, nrows, cols, ncols);
    if (fits) update_lines(graph, &board, scores, rows, nrows, cols, ncols);
    release(&h);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "update_checks: the arrays or lines do not fit a board of 1 to 32 squares");
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ---- move generation ------------------------------------------------------------------------------ */

/* generate(graph, board, layout, rack, search) -> bytes of MoveRec records, or an int count.
 * board: BoardArrays(tiles, dim, checks, cscores); layout: LayoutArrays(lmul, wmul, scores, vowel or b"");
 * rack: RackLeaves(counts, strides, leaves); search: Search(mode, bingo_tiles, bingo_bonus, symmetric,
 * word_map or b"", floor). Every placement, the count, or the best one (b"": none). */
static PyObject *generate(PyObject *self, PyObject *args) {
    PyObject *graph_o, *board_o, *layout_o, *rack_o, *search_o;
    if (!PyArg_ParseTuple(args, "OOOOO", &graph_o, &board_o, &layout_o, &rack_o, &search_o)) return NULL;
    GenArgs a;
    a.prep = NULL, a.prep_ready = 0;
    Held h = {.n = 0};
    PyObject *result = NULL;
    Gen g;
    memset(&g, 0, sizeof g);
    if (!(a.graph = hold(&h, graph_o, 0, &a.graph_len)) || read_board(board_o, &h, &a.board) ||
        read_layout(layout_o, &h, &a.layout) || read_rack(rack_o, &h, &a.rack) || read_search(search_o, &h, &a.search))
        goto done;
    const char *misfit = gen_args_misfit(&a);
    if (misfit) {
        PyErr_Format(PyExc_ValueError, "generate: %s", misfit);
        goto done;
    }
    int failed;
    Py_BEGIN_ALLOW_THREADS failed = generate_moves(&a, &g);
    Py_END_ALLOW_THREADS if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    if (g.mode == MODE_COUNT) result = PyLong_FromSize_t(g.n);
    else if (g.mode == MODE_ALL)
        result = PyBytes_FromStringAndSize((const char *)g.out, (Py_ssize_t)(g.n * sizeof(MoveRec)));
    else
        result = PyBytes_FromStringAndSize((const char *)&g.best,
                                           g.have_best && g.best.length ? (Py_ssize_t)sizeof(MoveRec) : 0);
done:
    free(g.out);
    release(&h);
    return result;
}

/* ---- leave tables --------------------------------------------------------------------------------- */

/* leave_table(rack, per_copy, pair, mix, q_without_u, copies, vowels, lonely, partner) -> (strides, values): see
 * leaves.c. */
static PyObject *leave_table(PyObject *self, PyObject *args) {
    Py_buffer rack, copy, pair, mix;
    LeaveCoefficients c;
    unsigned long long vowels, lonely, partner;
    if (!PyArg_ParseTuple(args, "y*y*y*y*diKKK", &rack, &copy, &pair, &mix, &c.q_without_u, &c.copies, &vowels, &lonely,
                          &partner))
        return NULL;
    c.per_copy = copy.buf, c.pair = pair.buf, c.mix = mix.buf;
    c.per_copy_len = (size_t)copy.len, c.pair_len = (size_t)pair.len, c.mix_len = (size_t)mix.len;
    c.vowels = (LetterSet)vowels, c.lonely = (LetterSet)lonely, c.partner = (LetterSet)partner;
    uint8_t strides[MAX_CODES];
    double values[256];
    size_t n = 0;
    Py_ssize_t codes = rack.len;
    const char *error = leave_values(rack.buf, (size_t)rack.len, &c, strides, values, &n);
    PyBuffer_Release(&rack);
    PyBuffer_Release(&copy);
    PyBuffer_Release(&pair);
    PyBuffer_Release(&mix);
    if (error) return PyErr_Format(PyExc_ValueError, "leave_table: %s", error);
    return Py_BuildValue("(y#y#)", (const char *)strides, codes, (const char *)values,
                         (Py_ssize_t)(n * sizeof(double)));
}

/* ---- tables of leaves (klv.c) --------------------------------------------------------------------- */

#define LEAVE_TRIE "lexigrid.leave_trie"

static void leave_trie_release(PyObject *capsule) {
    LeaveTrie *t = PyCapsule_GetPointer(capsule, LEAVE_TRIE);
    if (!t) return;
    leave_trie_free(t);
    free(t);
}

/* The trie a capsule from leave_trie holds; NULL with a Python error when it is not one. */
const LeaveTrie *leave_trie_of(PyObject *capsule) {
    return PyCapsule_GetPointer(capsule, LEAVE_TRIE);
}

/* leave_trie(keys, lengths, values) -> capsule: the leaves' tile codes one after another, each one's number of
 * tiles (a byte each) and their values (doubles); see klv.c. */
static PyObject *leave_trie(PyObject *self, PyObject *args) {
    Py_buffer keys, lengths, values;
    if (!PyArg_ParseTuple(args, "y*y*y*", &keys, &lengths, &values)) return NULL;
    PyObject *result = NULL;
    LeaveTrie *t = calloc(1, sizeof *t);
    const char *error = NULL;
    if (!t) PyErr_NoMemory();
    else if ((size_t)values.len != (size_t)lengths.len * sizeof(double))
        error = "one value (a double) a leave";
    else {
        Py_BEGIN_ALLOW_THREADS error = leave_trie_build(keys.buf, (size_t)keys.len, lengths.buf, (size_t)lengths.len,
                                                        values.buf, t);
        Py_END_ALLOW_THREADS
    }
    if (error) PyErr_Format(PyExc_ValueError, "leave_trie: %s", error);
    else if (t && !(result = PyCapsule_New(t, LEAVE_TRIE, leave_trie_release))) leave_trie_free(t);
    if (!result) free(t);
    PyBuffer_Release(&keys);
    PyBuffer_Release(&lengths);
    PyBuffer_Release(&values);
    return result;
}

/* trie_leave_table(trie, rack) -> (strides, values): every leave of the rack (a count per code) looked up. */
static PyObject *trie_leave_table(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_buffer rack;
    if (!PyArg_ParseTuple(args, "Oy*", &capsule, &rack)) return NULL;
    const LeaveTrie *t = leave_trie_of(capsule);
    uint8_t strides[MAX_CODES];
    double values[256];
    size_t n = 0;
    Py_ssize_t codes = rack.len;
    const char *error = t ? trie_leave_values(t, rack.buf, (size_t)rack.len, strides, values, &n) : NULL;
    PyBuffer_Release(&rack);
    if (!t) return NULL;
    if (error) return PyErr_Format(PyExc_ValueError, "trie_leave_table: %s", error);
    return Py_BuildValue("(y#y#)", (const char *)strides, codes, (const char *)values,
                         (Py_ssize_t)(n * sizeof(double)));
}

/* ---- the endgame ---------------------------------------------------------------------------------- */

/* The search's signal check: the GIL back for a moment, Python's signal handlers run, the GIL released. */
static int signalled(void *context) {
    PyThreadState **thread = context;
    PyEval_RestoreThread(*thread);
    int stop = PyErr_CheckSignals() != 0;
    *thread = PyEval_SaveThread();
    return stop;
}

static PyObject *record(const MoveRec *m) {
    return PyBytes_FromStringAndSize((const char *)m, m->length ? (Py_ssize_t)sizeof(MoveRec) : 0);
}

/* The search's answer: (plies searched, exact, nodes, [(value, record)] of the proven best first moves,
 * [record] the principal variation); a record of length 0 is the pass. */
static PyObject *endgame_answer(const EndgameResult *r) {
    PyObject *ranked = PyList_New(r->n_ranked), *pv = PyList_New(r->n_pv);
    for (int i = 0; ranked && pv && i < r->n_ranked; i++) {
        PyObject *item = Py_BuildValue("(iN)", r->ranked[i].value, record(&r->ranked[i].move));
        if (!item) goto fail;
        PyList_SET_ITEM(ranked, i, item);
    }
    for (int i = 0; ranked && pv && i < r->n_pv; i++) {
        PyObject *item = record(&r->pv[i]);
        if (!item) goto fail;
        PyList_SET_ITEM(pv, i, item);
    }
    if (!ranked || !pv) goto fail;
    return Py_BuildValue("(iiKNN)", r->depth, r->exact, (unsigned long long)r->nodes, ranked, pv);
fail:
    Py_XDECREF(ranked);
    Py_XDECREF(pv);
    return NULL;
}

/* endgame(graph, board, layout, racks, search[, table]) -> see endgame_answer. board: BoardArrays; layout:
 * LayoutArrays (vowel b""); racks: (mine, theirs), a count per tile code each; search: EndgameSearch(zeros,
 * bingo_tiles, bingo_bonus, max_plies, seconds (<= 0: no limit), top, table_bits, alpha, beta: the root's
 * window, max_nodes (0: no limit)); table: a writable buffer of 2^table_bits x ENDGAME_ENTRY_BYTES zeroed bytes the caller keeps
 * from search to search of the same lexicon and rules (None: a fresh one). */
static PyObject *endgame(PyObject *self, PyObject *args) {
    PyObject *graph_o, *board_o, *layout_o, *racks_o, *search_o, *mine_o, *theirs_o, *table_o = Py_None;
    if (!PyArg_ParseTuple(args, "OOOOO|O", &graph_o, &board_o, &layout_o, &racks_o, &search_o, &table_o))
        return NULL;
    EndgameArgs a;
    a.table = NULL;
    a.table_len = 0;
    Held h = {.n = 0};
    PyObject *result = NULL;
    unsigned long long max_nodes = 0;
    if (!PyArg_ParseTuple(racks_o, "OO;racks: (mine, theirs)", &mine_o, &theirs_o) ||
        !PyArg_ParseTuple(search_o,
                          "iiiidiiiiK;a search: (zeros, bingo_tiles, bingo_bonus, max_plies, seconds, top, table_bits, "
                          "alpha, beta, max_nodes)",
                          &a.zeros, &a.bingo_tiles, &a.bingo_bonus, &a.max_plies, &a.seconds, &a.top, &a.table_bits,
                          &a.alpha, &a.beta, &max_nodes))
        return NULL;
    a.max_nodes = max_nodes;
    if (!(a.graph = hold(&h, graph_o, 0, &a.graph_len)) || read_board(board_o, &h, &a.board) ||
        read_layout(layout_o, &h, &a.layout) || !(a.mine = hold(&h, mine_o, 0, &a.mine_len)) ||
        !(a.theirs = hold(&h, theirs_o, 0, &a.theirs_len)) ||
        (table_o != Py_None && !(a.table = (void *)hold(&h, table_o, 1, &a.table_len))))
        goto done;
    const char *misfit = endgame_misfit(&a);
    if (misfit) {
        PyErr_Format(PyExc_ValueError, "endgame: %s", misfit);
        goto done;
    }
    Endgame *e = endgame_init(&a);
    if (!e) {
        PyErr_NoMemory();
        goto done;
    }
    EndgameResult r;
    PyThreadState *thread = PyEval_SaveThread();
    endgame_solve(e, signalled, &thread);
    int failed = endgame_results(e, &r);
    PyEval_RestoreThread(thread);
    if (failed) PyErr_NoMemory();
    else if (!r.interrupted) result = endgame_answer(&r); /* interrupted: the signal's exception is set */
    endgame_free(e, &r);
done:
    release(&h);
    return result;
}

/* endgame_words(graph, tiles, dim, racks) -> bytes: the words an endgame can form (see endgame.c). */
static PyObject *endgame_words(PyObject *self, PyObject *args) {
    Py_buffer graph, tiles, racks;
    int dim;
    if (!PyArg_ParseTuple(args, "y*y*iy*", &graph, &tiles, &dim, &racks)) return NULL;
    PyObject *result = NULL;
    if (dim < 1 || dim > MAX_DIM || tiles.len != dim * dim || racks.len < 2 || racks.len > MAX_CODES || graph.len <= 4 * SEARCH_ROOT) {
        PyErr_SetString(PyExc_ValueError, "endgame_words: bad arguments");
        goto done;
    }
    char *words = NULL;
    size_t len = 0;
    int failed;
    Py_BEGIN_ALLOW_THREADS failed = endgame_words_build(graph.buf, tiles.buf, dim, racks.buf, (int)racks.len, &words, &len);
    Py_END_ALLOW_THREADS if (failed) PyErr_NoMemory();
    else result = PyBytes_FromStringAndSize(words ? words : "", (Py_ssize_t)len);
    free(words);
done:
    PyBuffer_Release(&graph);
    PyBuffer_Release(&tiles);
    PyBuffer_Release(&racks);
    return result;
}

/* ---- the play-out loop (its binding in playout_module.c) ------------------------------------------- */

PyObject *playout_new(PyObject *self, PyObject *args);
PyObject *playout_run_py(PyObject *self, PyObject *args);
PyObject *static_game(PyObject *self, PyObject *args);

/* ---- the module ----------------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"leave_table", leave_table, METH_VARARGS, "Strides and values of every leave of a rack (additive model)."},
    {"leave_trie", leave_trie, METH_VARARGS, "A table of leaves compiled for lookups (a KLV's leaves)."},
    {"trie_leave_table", trie_leave_table, METH_VARARGS, "Strides and values of every leave of a rack, looked up."},
    {"build_gaddag", build_gaddag, METH_VARARGS, "Build the packed GADDAG of newline-separated words."},
    {"update_checks", update_checks, METH_VARARGS, "Recompute cross-checks and cross scores of lines."},
    {"search_graph", search_graph, METH_VARARGS, "The GADDAG relaid for move generation (node sets beside arcs)."},
    {"word_map", word_map, METH_VARARGS, "The words of at least lo letters filed under their anagram keys."},
    {"word_map_fits", word_map_fits, METH_VARARGS, "Whether bytes hold a whole word map layout."},
    {"checksum", checksum, METH_VARARGS, "A 64-bit checksum of bytes."},
    {"generate", generate, METH_VARARGS, "Generate tile placements (all, best, or a count)."},
    {"endgame", endgame, METH_VARARGS, "Solve an endgame exactly (negamax with alpha-beta)."},
    {"endgame_words", endgame_words, METH_VARARGS, "The words that fit a line of the board with the racks' tiles."},
    {"playout_new", playout_new, METH_VARARGS, "A simulation's play-out state: rules, start and candidates."},
    {"playout_run", playout_run_py, METH_VARARGS, "Play out candidates on one deal in the compiled loop."},
    {"static_game", static_game, METH_VARARGS, "A whole game between two static equity players, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_engine", "Compiled Scrabble move generation.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__engine(void) {
    init_letter_keys();
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "ENDGAME_ENTRY_BYTES", ENDGAME_ENTRY_BYTES) < 0) Py_CLEAR(m);
    return m;
}
