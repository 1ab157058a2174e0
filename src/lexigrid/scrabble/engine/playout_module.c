/* The Python binding of the play-out loop (playout.c): a simulation's fixed arguments and start state are read
 * once into a capsule (`playout_new`), then each call plays out candidates on one deal (`playout_run`). No
 * algorithm lives here. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "engine.h"
#include "wordmap.h"

#include <stdlib.h>
#include <string.h>

#define PLAYOUT_BUFFERS 16
#define MAX_CANDIDATES 128
#define CAPSULE "lexigrid.playouts"

const LeaveTrie *leave_trie_of(PyObject *capsule); /* module.c */

#define MEMO_BITS 14 /* leave values remembered (see leave_of) */
#define MEMO_TILES 10 /* the longest leave a key tells apart: CODE_BITS a tile after a leading 1 */

/* What a capsule owns: the rules (pointing into the held buffers and the leave trie's capsule, held, and to the
 * play-outs' rack cache, owned, made by the first playout_run), the start state, the candidates, and the leave
 * values its play-outs were measured with (memo: key 0 an empty slot). */
typedef struct {
    PlayoutRules rules;
    PyObject *trie;
    uint64_t memo_keys[1 << MEMO_BITS];
    double memo_values[1 << MEMO_BITS];
    int memo_used;
    PlayoutState start, work;
    Play candidates[MAX_CANDIDATES];
    int n_candidates;
    Py_buffer views[PLAYOUT_BUFFERS];
    int n_views;
} Playouts;

static void playouts_free(PyObject *capsule) {
    Playouts *p = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!p) return;
    for (int i = 0; i < p->n_views; i++) PyBuffer_Release(&p->views[i]);
    Py_XDECREF(p->trie);
    free(p->rules.cache);
    free(p);
}

/* One more buffer held by the capsule; NULL with a Python error. */
static const void *keep(Playouts *p, PyObject *object, size_t *len) {
    Py_buffer *view = &p->views[p->n_views];
    if (PyObject_GetBuffer(object, view, PyBUF_SIMPLE) < 0) return NULL;
    p->n_views++;
    *len = (size_t)view->len;
    return view->buf;
}

/* (per_copy, pair, mix, q_without_u, copies, vowels, lonely, partner) */
static int read_coefficients(PyObject *tuple, Playouts *p, LeaveCoefficients *c, size_t codes) {
    PyObject *copy, *pair, *mix;
    unsigned long long vowels, lonely, partner;
    if (!PyArg_ParseTuple(tuple, "OOOdiKKK;leaves: (per_copy, pair, mix, q_without_u, copies, vowels, lonely, partner)",
                          &copy, &pair, &mix, &c->q_without_u, &c->copies, &vowels, &lonely, &partner))
        return -1;
    c->vowels = (LetterSet)vowels, c->lonely = (LetterSet)lonely, c->partner = (LetterSet)partner;
    if (!(c->per_copy = keep(p, copy, &c->per_copy_len)) || !(c->pair = keep(p, pair, &c->pair_len)) ||
        !(c->mix = keep(p, mix, &c->mix_len)))
        return -1;
    if (!leave_coefficients_fit(c, codes)) {
        PyErr_SetString(PyExc_ValueError, "playout_new: the leave coefficients do not fit the tile codes");
        return -1;
    }
    return 0;
}

/* A candidate (kind, row, col, down, letters, score, tiles): letters are the generator's codes (THROUGH on
 * played-through squares), tiles an exchange's codes in order. */
static int read_play(PyObject *tuple, Play *m) {
    Py_buffer letters, tiles;
    int row, col, down, score;
    if (!PyArg_ParseTuple(tuple, "iiiiy*iy*;a play: (kind, row, col, down, letters, score, tiles)", &m->kind, &row,
                          &col, &down, &letters, &score, &tiles))
        return -1;
    int fits = m->kind >= PLAY_PLACE && m->kind <= PLAY_PASS && letters.len <= 24 && tiles.len <= 32;
    if (fits) {
        m->place.row = (uint8_t)row;
        m->place.col = (uint8_t)col;
        m->place.down = (uint8_t)down;
        m->place.length = (uint8_t)letters.len;
        m->place.score = (int16_t)score;
        memcpy(m->place.letters, letters.buf, (size_t)letters.len);
        m->ntiles = (int)tiles.len;
        memcpy(m->tiles, tiles.buf, (size_t)tiles.len);
    }
    PyBuffer_Release(&letters);
    PyBuffer_Release(&tiles);
    if (!fits) PyErr_SetString(PyExc_ValueError, "playout_new: a play does not fit");
    return fits ? 0 : -1;
}

/* playout_new(graph, layout, search, leaves, end_leaves, (rack_size, scoreless_turns), board, rack, scores, zeros,
 * candidates) -> capsule. layout: LayoutArrays (with the vowel penalties); search: Search (its mode and floor unused);
 * leaves: see read_coefficients, or a table of leaves (a capsule from leave_trie); end_leaves: see
 * read_coefficients; board: BoardArrays with the cross-checks up to date; rack: the mover's tile counts (one per
 * code, as many as the tile scores); scores: (mover, opponent); candidates: see read_play. */
PyObject *playout_new(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *graph_o, *layout_o, *search_o, *leaves_o, *end_o, *board_o, *rack_o, *candidates_o;
    int rack_size, scoreless_turns, zeros, s0, s1;
    PyObject *sizes_o;
    if (!PyArg_ParseTuple(args, "OOOOOOOO(ii)iO", &graph_o, &layout_o, &search_o, &leaves_o, &end_o, &sizes_o,
                          &board_o, &rack_o, &s0, &s1, &zeros, &candidates_o))
        return NULL;
    Playouts *p = calloc(1, sizeof *p);
    if (!p) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(p, CAPSULE, playouts_free);
    if (!capsule) {
        free(p);
        return NULL;
    }
    if (!PyArg_ParseTuple(sizes_o, "ii;rules: (rack_size, scoreless_turns)", &rack_size, &scoreless_turns)) goto fail;
    PlayoutRules *r = &p->rules;
    r->scoreless_turns = scoreless_turns;
    PlayoutState *s = &p->start;
    LayoutArgs *l = &r->layout;
    PyObject *lmul, *wmul, *scores, *vowel, *map, *tiles, *checks, *cscores;
    int mode;
    double floor;
    size_t len, tiles_len, checks_len, cscores_len;
    r->rack_size = rack_size;
    if (!(r->graph = keep(p, graph_o, &r->graph_len))) goto fail;
    r->graph_len /= 4;
    unsigned long long vowel_codes;
    if (!PyArg_ParseTuple(layout_o, "OOOOK;a layout: (lmul, wmul, scores, vowel, vowel_codes)", &lmul, &wmul, &scores,
                          &vowel, &vowel_codes) ||
        !(l->lmul = keep(p, lmul, &l->lmul_len)) || !(l->wmul = keep(p, wmul, &l->wmul_len)) ||
        !(l->scores = keep(p, scores, &l->scores_len)) || !(l->vowel = keep(p, vowel, &l->vowel_len)))
        goto fail;
    l->vowel_codes = (LetterSet)vowel_codes;
    if (l->scores_len < 2 || l->scores_len > MAX_CODES) {
        PyErr_SetString(PyExc_ValueError, "playout_new: the tile scores need one entry per code (2 to 33)");
        goto fail;
    }
    if (!PyArg_ParseTuple(search_o, "iiipOd;a search", &mode, &r->search.bingo_tiles, &r->search.bingo_bonus,
                          &r->search.symmetric, &map, &floor) ||
        !(r->search.word_map = keep(p, map, &r->search.word_map_len)))
        goto fail;
    if (PyCapsule_CheckExact(leaves_o)) { /* a table of leaves; the additive terms stay unused */
        if (!(r->trie = leave_trie_of(leaves_o))) goto fail;
        Py_INCREF(leaves_o);
        p->trie = leaves_o;
    } else if (read_coefficients(leaves_o, p, &r->leaves, l->scores_len))
        goto fail;
    if (read_coefficients(end_o, p, &r->end_leaves, l->scores_len)) goto fail;
    if (!PyArg_ParseTuple(board_o, "OiOO;a board: (tiles, dim, checks, cscores)", &tiles, &r->dim, &checks, &cscores))
        goto fail;
    Py_buffer t, c, cs, rk;
    if (PyObject_GetBuffer(tiles, &t, PyBUF_SIMPLE) < 0) goto fail;
    tiles_len = (size_t)t.len;
    if (PyObject_GetBuffer(checks, &c, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&t);
        goto fail;
    }
    checks_len = (size_t)c.len;
    if (PyObject_GetBuffer(cscores, &cs, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&t);
        PyBuffer_Release(&c);
        goto fail;
    }
    cscores_len = (size_t)cs.len;
    size_t nn = (size_t)r->dim * (size_t)r->dim;
    int fits = r->dim >= 1 && r->dim <= MAX_DIM && tiles_len == nn && checks_len == 2 * nn * sizeof(LetterSet) &&
               cscores_len == 2 * nn * 4 && l->lmul_len >= 2 * nn && l->wmul_len >= 2 * nn &&
               (!l->vowel_len || l->vowel_len >= 2 * nn * sizeof(double)) && rack_size >= 1 && rack_size <= 8;
    if (fits) {
        memcpy(s->tiles, t.buf, nn);
        memcpy(s->checks, c.buf, 2 * nn * sizeof(LetterSet));
        memcpy(s->cscores, cs.buf, 2 * nn * 4);
    }
    PyBuffer_Release(&t);
    PyBuffer_Release(&c);
    PyBuffer_Release(&cs);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "playout_new: the board, layout or rack size do not fit");
        goto fail;
    }
    if (r->search.word_map_len && !map_fits(r->search.word_map, r->search.word_map_len, 0)) {
        PyErr_SetString(PyExc_ValueError, "playout_new: not a word map");
        goto fail;
    }
    if (PyObject_GetBuffer(rack_o, &rk, PyBUF_SIMPLE) < 0) goto fail;
    len = (size_t)rk.len;
    if (len == l->scores_len) memcpy(s->racks[0], rk.buf, len);
    PyBuffer_Release(&rk);
    if (len != l->scores_len) {
        PyErr_SetString(PyExc_ValueError, "playout_new: a rack is a count per tile code");
        goto fail;
    }
    s->scores[0] = s0;
    s->scores[1] = s1;
    s->zeros = zeros;
    PyObject *seq = PySequence_Fast(candidates_o, "playout_new: candidates must be a sequence");
    if (!seq) goto fail;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_CANDIDATES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "playout_new: at most 128 candidates");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (read_play(PySequence_Fast_GET_ITEM(seq, i), &p->candidates[i])) {
            Py_DECREF(seq);
            goto fail;
        }
    Py_DECREF(seq);
    p->n_candidates = (int)n;
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

/* Whether every one of n tile codes is below `codes`. */
static int codes_fit(const void *tiles, Py_ssize_t n, size_t codes) {
    const uint8_t *t = tiles;
    for (Py_ssize_t i = 0; i < n; i++)
        if (t[i] >= codes) return 0;
    return 1;
}

/* Calls the Python callable `context` (random.Random.randrange) with n. */
static int python_randrange(void *context, int n) {
    PyObject *value = PyObject_CallFunction((PyObject *)context, "i", n);
    if (!value) return -1;
    long at = PyLong_AsLong(value);
    Py_DECREF(value);
    if (at < 0 || at >= n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "randrange gave a number out of range");
        return -1;
    }
    return (int)at;
}

/* The tiles of a rack's counts as codes in code order. */
static PyObject *codes_of(const uint8_t counts[MAX_CODES]) {
    char codes[64];
    int n = 0;
    for (int x = 0; x < MAX_CODES; x++)
        for (int k = 0; k < counts[x] && n < 64; k++) codes[n++] = (char)x;
    return PyBytes_FromStringAndSize(codes, n);
}

/* A reply as (kind, record or exchanged codes). */
static PyObject *reply_of(const Play *m) {
    if (m->kind == PLAY_PLACE)
        return Py_BuildValue("(iy#)", m->kind, (const char *)&m->place, (Py_ssize_t)sizeof(MoveRec));
    return Py_BuildValue("(iy#)", m->kind, (const char *)m->tiles, (Py_ssize_t)m->ntiles);
}

/* One play-out's answer: (mover's score, opponent's, end, to_move, bag, the other side's tiles, kept by the
 * mover, kept by the opponent[, replies, the mover's rack, the opponent's, the bag]). */
static PyObject *answer(const PlayoutState *s, const PlayoutResult *out, int record) {
    int other = 0;
    for (int x = 0; x < MAX_CODES; x++) other += s->racks[1 - s->to_move][x];
    PyObject *kept0 = codes_of(out->kept[0]), *kept1 = codes_of(out->kept[1]), *replies = NULL;
    if (record && kept0 && kept1) {
        int n = out->n_moves < PLAYOUT_MOVES ? out->n_moves : PLAYOUT_MOVES;
        replies = PyList_New(n);
        for (int i = 0; replies && i < n; i++) {
            PyObject *reply = reply_of(&out->moves[i]);
            if (!reply) {
                Py_CLEAR(replies);
                break;
            }
            PyList_SET_ITEM(replies, i, reply);
        }
    }
    if (!kept0 || !kept1 || (record && !replies)) {
        Py_XDECREF(kept0);
        Py_XDECREF(kept1);
        Py_XDECREF(replies);
        return NULL;
    }
    if (record)
        return Py_BuildValue("(iiiiiiNNNNNy#)", s->scores[0], s->scores[1], s->end, s->to_move, s->bag_n, other, kept0,
                             kept1, replies, codes_of(s->racks[0]), codes_of(s->racks[1]), (const char *)s->bag,
                             (Py_ssize_t)s->bag_n);
    return Py_BuildValue("(iiiiiiNN)", s->scores[0], s->scores[1], s->end, s->to_move, s->bag_n, other, kept0, kept1);
}

/* The value of the tiles kept (a count per code) from `leave_value` (a Python callable given their codes in code order,
 * as bytes), remembered by the capsule: a play-out's last leaves repeat. NaN with a Python error when it failed. */
static double leave_of(Playouts *p, const uint8_t counts[MAX_CODES], PyObject *leave_value) {
    char codes[64];
    int n = 0;
    uint64_t key = 1; /* the tiles in code order, CODE_BITS each, after a leading 1 */
    for (int x = 0; x < MAX_CODES; x++)
        for (int k = 0; k < counts[x] && n < MEMO_TILES; k++) {
            codes[n++] = (char)x;
            key = key << CODE_BITS | (uint64_t)x;
        }
    uint32_t mask = (1u << MEMO_BITS) - 1, at = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - MEMO_BITS));
    for (; p->memo_keys[at]; at = (at + 1) & mask)
        if (p->memo_keys[at] == key) return p->memo_values[at];
    PyObject *found = PyObject_CallFunction(leave_value, "y#", codes, (Py_ssize_t)n);
    double value = found ? PyFloat_AsDouble(found) : -1.0;
    Py_XDECREF(found);
    if (!found || (value == -1.0 && PyErr_Occurred())) return Py_NAN;
    if (n < MEMO_TILES) { /* longer leaves are not told apart by the key: asked each time */
        if (p->memo_used >= (1 << MEMO_BITS) * 3 / 4) { /* full: start afresh */
            memset(p->memo_keys, 0, sizeof p->memo_keys);
            p->memo_used = 0;
        }
        for (at = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - MEMO_BITS)); p->memo_keys[at]; at = (at + 1) & mask)
            ;
        p->memo_keys[at] = key;
        p->memo_values[at] = value;
        p->memo_used++;
    }
    return value;
}

/* (intercepts, slopes, spread_limit, leave_value): how play-outs are measured (see Measure, leave_of). */
static int read_measure(PyObject *tuple, const Playouts *p, Py_buffer *a, Py_buffer *b, Measure *m,
                        PyObject **leave_value) {
    if (!PyArg_ParseTuple(tuple, "y*y*dO;measure: (intercepts, slopes, spread_limit, leave_value)", a, b,
                          &m->spread_limit, leave_value))
        return -1;
    m->intercepts = a->buf;
    m->slopes = b->buf;
    m->n = (int)(a->len / (Py_ssize_t)sizeof(double));
    m->start[0] = p->start.scores[0];
    m->start[1] = p->start.scores[1];
    if (m->n < 1 || a->len != b->len || a->len % (Py_ssize_t)sizeof(double)) {
        PyBuffer_Release(a);
        PyBuffer_Release(b);
        PyErr_SetString(PyExc_ValueError, "playout_run: a win table of as many intercepts as slopes (doubles)");
        return -1;
    }
    return 0;
}

/* A play-out's replies, each (points, whether it played a whole rack): those of the plies asked and, the bag
 * emptied, every move on to the end of the game (the first PLAYOUT_MOVES). */
static PyObject *ply_moves(const PlayoutRules *r, const PlayoutResult *out) {
    int n = out->n_moves < PLAYOUT_MOVES ? out->n_moves : PLAYOUT_MOVES;
    PyObject *moves = PyTuple_New(n);
    if (!moves) return NULL;
    for (int k = 0; k < n; k++) {
        const Play *m = &out->moves[k];
        int points = 0, tiles = 0;
        if (m->kind == PLAY_PLACE) {
            points = m->place.score;
            for (int i = 0; i < m->place.length; i++) tiles += !(m->place.letters[i] & THROUGH);
        }
        PyObject *move = Py_BuildValue("(iO)", points, tiles == r->rack_size ? Py_True : Py_False);
        if (!move) {
            Py_DECREF(moves);
            return NULL;
        }
        PyTuple_SET_ITEM(moves, k, move);
    }
    return moves;
}

/* One play-out measured: (value, win, its replies (see ply_moves)). */
static PyObject *measured(Playouts *p, const PlayoutState *s, const PlayoutResult *out, const Measure *m,
                          PyObject *leave_value) {
    double leaves[2] = {0.0, 0.0}, value, win;
    if (!s->end)
        for (int side = 0; side < 2; side++)
            if (Py_IS_NAN(leaves[side] = leave_of(p, out->kept[side], leave_value))) return NULL;
    playout_measure(m, s, leaves, &value, &win);
    PyObject *moves = ply_moves(&p->rules, out);
    return moves ? Py_BuildValue("(ddN)", value, win, moves) : NULL;
}

/* playout_run(capsule, plays, opponent, bag, plies, randrange, record[, measure]) -> [answer]: the candidates at
 * indices `plays` (bytes) each played out from the start state with the opponent's rack (a count per code) and the
 * bag (codes, drawn from the end); `randrange` puts exchanged tiles back (shared by the play-outs, in order).
 * With `measure` (see read_measure) each answer is the play-out's (value, win, replies) instead (see measured). */
PyObject *playout_run_py(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *randrange, *measure_o = Py_None, *leave_value = NULL;
    Py_buffer plays, opponent, bag, intercepts = {0}, slopes = {0};
    int plies, record;
    Measure measure;
    if (!PyArg_ParseTuple(args, "Oy*y*y*iOp|O", &capsule, &plays, &opponent, &bag, &plies, &randrange, &record,
                          &measure_o))
        return NULL;
    PyObject *results = NULL;
    Playouts *p = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!p) goto done;
    if (measure_o != Py_None && read_measure(measure_o, p, &intercepts, &slopes, &measure, &leave_value)) goto done;
    if ((size_t)opponent.len != p->rules.layout.scores_len || bag.len > MAX_BAG ||
        !codes_fit(bag.buf, bag.len, p->rules.layout.scores_len)) {
        PyErr_SetString(PyExc_ValueError,
                        "playout_run: a rack is a count per tile code, a bag at most 256 tiles of the alphabet's codes");
        goto done;
    }
    const uint8_t *index = plays.buf;
    for (Py_ssize_t i = 0; i < plays.len; i++)
        if (index[i] >= p->n_candidates) {
            PyErr_SetString(PyExc_IndexError, "playout_run: no such candidate");
            goto done;
        }
    results = PyList_New(plays.len);
    if (!results) goto done;
    if (!p->rules.cache) p->rules.cache = calloc(1, sizeof *p->rules.cache); /* NULL: the play-outs go without */
    size_t nn = (size_t)p->rules.dim * (size_t)p->rules.dim;
    PlayoutState *s = &p->work;
    PlayoutResult out;
    for (Py_ssize_t i = 0; i < plays.len; i++) {
        /* the start state: only the parts of the arrays the board uses */
        memcpy(s->tiles, p->start.tiles, nn);
        memcpy(s->checks, p->start.checks, 2 * nn * sizeof(LetterSet));
        memcpy(s->cscores, p->start.cscores, 2 * nn * 4);
        memcpy(s->racks[0], p->start.racks[0], MAX_CODES);
        memset(s->racks[1], 0, MAX_CODES);
        memcpy(s->racks[1], opponent.buf, (size_t)opponent.len);
        memcpy(s->scores, p->start.scores, sizeof s->scores);
        s->zeros = p->start.zeros;
        s->to_move = 0;
        s->end = END_NONE;
        memcpy(s->bag, bag.buf, (size_t)bag.len);
        s->bag_n = (int)bag.len;
        s->n_placed = 0;
        BagRule rule = {python_randrange, NULL, randrange};
        if (playout_run(&p->rules, s, &p->candidates[index[i]], plies, &rule, &out)) {
            if (!PyErr_Occurred()) PyErr_NoMemory();
            Py_CLEAR(results);
            goto done;
        }
        PyObject *item = leave_value ? measured(p, s, &out, &measure, leave_value) : answer(s, &out, record);
        if (!item) {
            Py_CLEAR(results);
            goto done;
        }
        PyList_SET_ITEM(results, i, item);
    }
done:
    PyBuffer_Release(&plays);
    PyBuffer_Release(&opponent);
    PyBuffer_Release(&bag);
    if (leave_value) {
        PyBuffer_Release(&intercepts);
        PyBuffer_Release(&slopes);
    }
    return results;
}

/* Calls the Python callable `context` with the bag's codes and the exchanged tiles' (the last `back` of the
 * n); it gives back the whole bag in its new order (a game's Bag.put_back). */
static int python_reshuffle(void *context, uint8_t *bag, int n, int back) {
    PyObject *order = PyObject_CallFunction((PyObject *)context, "y#y#", (const char *)bag, (Py_ssize_t)(n - back),
                                            (const char *)bag + n - back, (Py_ssize_t)back);
    if (!order) return -1;
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(order, &buf, &len) < 0 || len != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "reshuffle must give back as many tiles");
        Py_DECREF(order);
        return -1;
    }
    memcpy(bag, buf, (size_t)n);
    Py_DECREF(order);
    return 0;
}

/* A recorded game's turns: [(player, score, score, bag, unseen, (kind, record or exchanged codes), kept codes)]. */
static PyObject *turns_of(const GameLog *log) {
    PyObject *turns = PyList_New((Py_ssize_t)log->n);
    for (size_t i = 0; turns && i < log->n; i++) {
        const GameTurn *t = &log->turns[i];
        PyObject *turn = Py_BuildValue("(iiiiiNN)", t->player, t->scores[0], t->scores[1], t->bag, t->unseen,
                                       reply_of(&t->move), codes_of(t->kept));
        if (!turn) Py_CLEAR(turns);
        else PyList_SET_ITEM(turns, (Py_ssize_t)i, turn);
    }
    return turns;
}

/* static_game(capsule, bag, reshuffle, by_score[, record]) -> ((score, score), (bingos, bingos), turns[, the
 * turns: see turns_of]): a game between two static players (by_score: each seat's, else by equity) on the
 * capsule's board (empty: see playout_new) with the bag's codes (drawn from the end: the first player's rack,
 * then the second's, then the game); `reshuffle` puts exchanged tiles back. */
PyObject *static_game(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *reshuffle;
    Py_buffer bag;
    int by_score[2], record = 0;
    if (!PyArg_ParseTuple(args, "Oy*O(pp)|p", &capsule, &bag, &reshuffle, &by_score[0], &by_score[1], &record))
        return NULL;
    PyObject *result = NULL;
    GameLog log = {NULL, 0, 0};
    Playouts *p = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!p) goto done;
    if (bag.len > MAX_BAG || !codes_fit(bag.buf, bag.len, p->rules.layout.scores_len)) {
        PyErr_SetString(PyExc_ValueError, "static_game: a bag holds at most 256 tiles of the alphabet's codes");
        goto done;
    }
    size_t nn = (size_t)p->rules.dim * (size_t)p->rules.dim;
    PlayoutState *s = &p->work;
    memcpy(s->tiles, p->start.tiles, nn);
    memcpy(s->checks, p->start.checks, 2 * nn * sizeof(LetterSet));
    memcpy(s->cscores, p->start.cscores, 2 * nn * 4);
    memcpy(s->bag, bag.buf, (size_t)bag.len);
    s->bag_n = (int)bag.len;
    memset(s->racks, 0, sizeof s->racks);
    for (int q = 0; q < 2; q++)
        for (int k = 0; k < p->rules.rack_size && s->bag_n > 0; k++) s->racks[q][s->bag[--s->bag_n]]++;
    s->scores[0] = s->scores[1] = 0;
    s->zeros = s->to_move = 0;
    s->end = END_NONE;
    s->n_placed = 0;
    BagRule rule = {NULL, python_reshuffle, reshuffle};
    GameTotals totals;
    PlayoutRules rules = p->rules;
    rules.cache = NULL; /* a game's racks seldom recur */
    if (play_static_game(&rules, s, &rule, by_score, &totals, record ? &log : NULL)) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    if (record)
        result = Py_BuildValue("((ii)(ii)iN)", totals.scores[0], totals.scores[1], totals.bingos[0], totals.bingos[1],
                               totals.turns, turns_of(&log));
    else
        result = Py_BuildValue("((ii)(ii)i)", totals.scores[0], totals.scores[1], totals.bingos[0],
                               totals.bingos[1], totals.turns);
done:
    free(log.turns);
    PyBuffer_Release(&bag);
    return result;
}
