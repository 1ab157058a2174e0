/* The simulation's play-out loop, compiled: a candidate play and the plies after it applied to one play state
 * (board, cross-checks, both racks, scores, the bag in its dealt order, scoreless turns, the end), each reply
 * the best move by static equity. The rules are those of core/play_state.py and core/ending.py, move for move
 * (tests/scrabble/test_playout.py replays these play-outs through the Python PlayState):
 *   - a placement: its tiles go on the board (the cross-checks of its lines recomputed), come off the rack,
 *     as many are drawn from the end of the bag, its score is added;
 *   - an exchange: as many tiles drawn from the end of the bag, then each exchanged tile put back at a random
 *     place (the caller's random numbers: the same stream as the Python bag's);
 *   - a pass keeps the rack;
 *   - a move that scores nothing is a scoreless turn, the sixth in a row ends the game with each player losing
 *     their rack's value; a placement that empties the rack (the bag empty) ends it with twice the opponent's
 *     rack added.
 * The best move by equity is Engine.best's: the leave table of the rack (the leave model's, or with the bag
 * empty the endgame's: -2 x points - 10 a tile kept, +2 x the opponent's points for going out), the best
 * exchange when exchanging is legal (bag + the opponent's rack >= two racks; the first best leave, the whole
 * rack excluded), the best placement of strictly more equity than it, else that exchange, else the pass. */
#include "engine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The rack's leave table: the leave model's (its coefficients' or its table's), or with the bag empty the
 * endgame's and the bonus for going out. */
static void rack_table(const PlayoutRules *r, const PlayoutState *s, int bag_empty, uint8_t strides[MAX_CODES],
                       double values[256], size_t *n) {
    const uint8_t *rack = s->racks[s->to_move];
    if (!bag_empty && r->trie) {
        trie_leave_values(r->trie, rack, r->layout.scores_len, strides, values, n);
        return;
    }
    if (!bag_empty) {
        leave_values(rack, r->layout.scores_len, &r->leaves, strides, values, n);
        return;
    }
    leave_values(rack, r->layout.scores_len, &r->end_leaves, strides, values, n);
    values[0] = 2.0 * rack_points(r, s->racks[1 - s->to_move]);
}

int rack_points(const PlayoutRules *r, const uint8_t counts[MAX_CODES]) {
    int total = 0;
    for (size_t x = 1; x < r->layout.scores_len; x++) total += counts[x] * r->layout.scores[x];
    return total;
}

static int rack_tiles(const uint8_t counts[MAX_CODES]) { /* the codes past the alphabet's hold 0 */
    int total = 0;
    for (int x = 0; x < MAX_CODES; x++) total += counts[x];
    return total;
}

/* Mark square i of a line (square j at base + j * step) and the empty squares just beyond the run of tiles
 * through it: no other square's check depends on a tile put on square i. */
static void mark_around(uint8_t *marks, const uint8_t *tiles, int dim, int i, int base, int step) {
    int a = i, z = i;
    while (a > 0 && tiles[base + (a - 1) * step]) a--;
    while (z < dim - 1 && tiles[base + (z + 1) * step]) z++;
    marks[base + i * step] = 1;
    if (a > 0) marks[base + (a - 1) * step] = 1;
    if (z < dim - 1) marks[base + (z + 1) * step] = 1;
}

/* The cross-checks brought up to date with the tiles placed since the last search, as recomputing their
 * lines would, each square that can have changed once (the checks for across play are set by the column,
 * those for down play by the row, stored transposed). A play-out's last move is never searched from, so its
 * checks are never computed. */
static void refresh_checks(const PlayoutRules *r, PlayoutState *s) {
    if (!s->n_placed) return;
    int dim = r->dim, nn = dim * dim;
    const int8_t *scores = r->layout.scores;
    uint8_t across[MAX_DIM * MAX_DIM], down[MAX_DIM * MAX_DIM], column[MAX_DIM]; /* row-major marks */
    uint32_t cols = 0, rows = 0;
    memset(across, 0, (size_t)nn);
    memset(down, 0, (size_t)nn);
    for (int k = 0; k < s->n_placed; k++) {
        int row = s->placed[k] / dim, col = s->placed[k] % dim;
        mark_around(across, s->tiles, dim, row, col, dim); /* down column `col` */
        mark_around(down, s->tiles, dim, col, row * dim, 1); /* along row `row` */
        cols |= 1u << col;
        rows |= 1u << row;
    }
    for (int col = 0; col < dim; col++) {
        if (!(cols >> col & 1)) continue;
        for (int i = 0; i < dim; i++) column[i] = s->tiles[i * dim + col];
        for (int i = 0; i < dim; i++)
            if (across[i * dim + col])
                square_check(r->graph, column, dim, scores, i, &s->checks[i * dim + col], &s->cscores[i * dim + col]);
    }
    for (int row = 0; row < dim; row++) {
        if (!(rows >> row & 1)) continue;
        const uint8_t *line = s->tiles + row * dim;
        for (int j = 0; j < dim; j++)
            if (down[row * dim + j])
                square_check(r->graph, line, dim, scores, j, &s->checks[nn + j * dim + row],
                             &s->cscores[nn + j * dim + row]);
    }
    s->n_placed = 0;
}

/* The leave index of the best exchange: the first best leave but the whole rack's (the last index); -1: none. */
static int best_exchange(const double *values, size_t n) {
    int peak = -1;
    for (size_t i = 0; i + 1 < n; i++)
        if (peak < 0 || values[i] > values[peak]) peak = (int)i;
    return peak;
}

/* The cache slot of the rack of the player to move, its leave table and best exchange filled when it was not
 * there; NULL when the loop keeps no cache or the rack's table is not the leave model's (the bag empty) or it
 * holds more than 7 tiles. */
static RackEntry *rack_entry(const PlayoutRules *r, const PlayoutState *s) {
    const uint8_t *rack = s->racks[s->to_move];
    if (!r->cache || !s->bag_n || rack_tiles(rack) > 7) return NULL;
    uint64_t h = 0;
    for (size_t x = 0; x < r->layout.scores_len; x++) h = (h ^ rack[x]) * 0x100000001B3ull;
    RackEntry *e = &r->cache->slots[(h ^ h >> 29 ^ h >> 47) & ((1u << RACK_CACHE_BITS) - 1)];
    if (e->valid && !memcmp(e->rack, rack, MAX_CODES)) return e;
    memcpy(e->rack, rack, MAX_CODES);
    e->valid = 1, e->ready = 0;
    rack_table(r, s, 0, e->strides, e->values, &e->n);
    e->peak = best_exchange(e->values, e->n);
    return e;
}

/* The best move for the player to move into *m: by equity (Engine.best(position, "equity")), or by score
 * (the best placement by score, without the opening vowel penalties; none: the best move by equity, as the
 * `score` level plays). */
static int best_move(const PlayoutRules *r, PlayoutState *s, Play *m, int by_score) {
    uint8_t own_strides[MAX_CODES];
    double own_values[256];
    size_t n = 0;
    int p = s->to_move, peak;
    refresh_checks(r, s);
    RackEntry *e = rack_entry(r, s);
    const uint8_t *strides = e ? e->strides : own_strides;
    const double *values = e ? e->values : own_values;
    if (e) {
        n = e->n, peak = e->peak;
    } else {
        rack_table(r, s, s->bag_n == 0, own_strides, own_values, &n);
        peak = best_exchange(own_values, n);
    }
    if (s->bag_n + rack_tiles(s->racks[1 - p]) < 2 * r->rack_size) peak = -1; /* no exchange */
    GenArgs a;
    a.graph = r->graph;
    a.graph_len = r->graph_len;
    a.board.tiles = s->tiles;
    a.board.tiles_len = (size_t)(r->dim * r->dim);
    a.board.dim = r->dim;
    a.board.checks = s->checks;
    a.board.checks_len = sizeof s->checks;
    a.board.cscores = s->cscores;
    a.board.cscores_len = sizeof s->cscores;
    a.layout = r->layout;
    a.rack.counts = s->racks[p];
    a.rack.counts_len = r->layout.scores_len;
    a.rack.strides = strides;
    a.rack.strides_len = r->layout.scores_len;
    a.rack.leaves = values;
    a.rack.leaves_len = n * sizeof(double);
    a.search = r->search;
    a.search.mode = MODE_BEST_EQUITY;
    a.search.floor = peak >= 0 ? values[peak] : NO_FLOOR;
    a.prep = e ? &e->prep : NULL; /* a search by equity's, this rack's and leave table's */
    a.prep_ready = e && e->ready;
    Gen g;
    memset(m, 0, sizeof *m);
    if (by_score) {
        GenArgs by = a;
        by.prep = NULL;
        by.search.mode = MODE_BEST_SCORE;
        by.search.floor = NO_FLOOR;
        by.layout.vowel = NULL;
        by.layout.vowel_len = 0;
        memset(&g, 0, sizeof g);
        if (generate_moves(&by, &g)) return -1;
        if (g.have_best && g.best.length) {
            m->kind = PLAY_PLACE;
            m->place = g.best;
            return 0;
        }
    }
    memset(&g, 0, sizeof g);
    if (generate_moves(&a, &g)) return -1;
    if (e) e->ready = 1;
    if (g.have_best && g.best.length) {
        m->kind = PLAY_PLACE;
        m->place = g.best;
        return 0;
    }
    if (peak < 0) {
        m->kind = PLAY_PASS;
        return 0;
    }
    m->kind = PLAY_EXCHANGE; /* the tiles not kept, in code order (blanks first) */
    const uint8_t *rack = s->racks[p];
    for (size_t x = 0; x < r->layout.scores_len; x++)
        if (rack[x]) {
            int kept = (peak / strides[x]) % (rack[x] + 1);
            for (int k = kept; k < rack[x]; k++) m->tiles[m->ntiles++] = (uint8_t)x;
        }
    return 0;
}

/* n tiles from the end of the bag onto the rack. */
static void draw(PlayoutState *s, uint8_t rack[MAX_CODES], int n) {
    for (; n > 0 && s->bag_n > 0; n--) rack[s->bag[--s->bag_n]]++;
}

/* The game ends: each player's rack settled (going out: the other's rack twice to the one who went out). */
static void finish(const PlayoutRules *r, PlayoutState *s, int reason, int out) {
    if (reason == END_OUT) s->scores[out] += 2 * rack_points(r, s->racks[1 - out]);
    else
        for (int q = 0; q < 2; q++) s->scores[q] -= rack_points(r, s->racks[q]);
    s->end = reason;
}

int playout_apply(const PlayoutRules *r, PlayoutState *s, const Play *m, uint8_t kept[MAX_CODES], const BagRule *bag) {
    int p = s->to_move, points = 0, dim = r->dim;
    uint8_t *rack = s->racks[p];
    if (m->kind == PLAY_EXCHANGE) {
        for (int i = 0; i < m->ntiles; i++) rack[m->tiles[i]]--;
        memcpy(kept, rack, MAX_CODES);
        draw(s, rack, m->ntiles);
        if (bag->randrange) {
            for (int i = 0; i < m->ntiles; i++) { /* each exchanged tile in at a random place */
                int at = bag->randrange(bag->context, s->bag_n + 1);
                if (at < 0) return -1;
                memmove(s->bag + at + 1, s->bag + at, (size_t)(s->bag_n - at));
                s->bag[at] = m->tiles[i];
                s->bag_n++;
            }
        } else { /* put back, then the whole bag shuffled */
            for (int i = 0; i < m->ntiles; i++) s->bag[s->bag_n++] = m->tiles[i];
            if (bag->reshuffle(bag->context, s->bag, s->bag_n, m->ntiles)) return -1;
        }
    } else if (m->kind == PLAY_PASS) {
        memcpy(kept, rack, MAX_CODES);
    } else {
        const MoveRec *mv = &m->place;
        int dr = mv->down ? 1 : 0, dc = mv->down ? 0 : 1;
        for (int i = 0; i < mv->length; i++) {
            uint8_t code = mv->letters[i];
            if (code & THROUGH) continue;
            int row = mv->row + dr * i, col = mv->col + dc * i;
            s->tiles[row * dim + col] = code;
            rack[code & BLANK ? 0 : code & CODE_MASK]--;
            s->placed[s->n_placed++] = (uint16_t)(row * dim + col);
        }
        memcpy(kept, rack, MAX_CODES);
        draw(s, rack, r->rack_size - rack_tiles(rack));
        points = mv->score;
        s->scores[p] += points;
    }
    if (points) s->zeros = 0;
    else if (++s->zeros >= r->scoreless_turns && !s->end)
        finish(r, s, END_SCORELESS, p);
    if (!s->end && m->kind == PLAY_PLACE && !rack_tiles(rack)) finish(r, s, END_OUT, p);
    if (!s->end) s->to_move = 1 - p;
    return 0;
}

int playout_run(const PlayoutRules *r, PlayoutState *s, const Play *candidate, int plies, const BagRule *bag,
                PlayoutResult *out) {
    memset(out, 0, sizeof *out);
    if (playout_apply(r, s, candidate, out->kept[0], bag)) return -1;
    Play reply;
    for (int ply = 0; !s->end && (ply < plies || !s->bag_n); ply++) {
        int side = s->to_move;
        if (best_move(r, s, &reply, 0)) return -1;
        if (out->n_moves < PLAYOUT_MOVES) out->moves[out->n_moves] = reply;
        out->n_moves++;
        if (playout_apply(r, s, &reply, out->kept[side], bag)) return -1;
    }
    return 0;
}

/* The log's next turn as the game stands before it, or NULL when out of memory. */
static GameTurn *log_turn(GameLog *log, const PlayoutState *s) {
    if (log->n == log->cap) {
        size_t cap = log->cap ? 2 * log->cap : 64;
        GameTurn *grown = realloc(log->turns, cap * sizeof *grown);
        if (!grown) return NULL;
        log->turns = grown, log->cap = cap;
    }
    GameTurn *t = &log->turns[log->n++];
    int p = s->to_move;
    t->player = p, t->scores[0] = s->scores[0], t->scores[1] = s->scores[1];
    t->bag = s->bag_n, t->unseen = s->bag_n + rack_tiles(s->racks[1 - p]);
    return t;
}

int play_static_game(const PlayoutRules *r, PlayoutState *s, const BagRule *bag, const int by_score[2],
                     GameTotals *out, GameLog *log) {
    memset(out, 0, sizeof *out);
    Play m;
    uint8_t kept[MAX_CODES];
    while (!s->end) {
        int p = s->to_move, before = rack_tiles(s->racks[p]);
        GameTurn *turn = log ? log_turn(log, s) : NULL;
        if (log && !turn) return -1;
        if (best_move(r, s, &m, by_score[p]) || playout_apply(r, s, &m, kept, bag)) return -1;
        if (turn) {
            turn->move = m;
            memcpy(turn->kept, kept, MAX_CODES);
        }
        if (m.kind == PLAY_PLACE && before - rack_tiles(kept) == r->rack_size) out->bingos[p]++;
        out->turns++;
    }
    out->scores[0] = s->scores[0];
    out->scores[1] = s->scores[1];
    return 0;
}

/* The chance that the player to move, `spread` ahead with `tiles` unseen, wins (WinTable.win_probability). */
static double win_probability(const Measure *m, double spread, int tiles) {
    int t = tiles < 0 ? 0 : tiles > m->n - 1 ? m->n - 1 : tiles;
    double clamped = spread < -m->spread_limit ? -m->spread_limit : spread > m->spread_limit ? m->spread_limit : spread;
    double x = m->intercepts[t] + m->slopes[t] * clamped;
    return x > -700 ? 1.0 / (1.0 + exp(-x)) : 0.0;
}

/* Playout._measure, operation for operation (the same doubles). */
void playout_measure(const Measure *m, const PlayoutState *s, const double leaves[2], double *value, double *win) {
    int lead = m->start[0] - m->start[1];
    double v = (double)(s->scores[0] - s->scores[1] - lead), spread = lead + v;
    if (s->end) {
        *value = v;
        *win = spread > 0 ? 1.0 : spread < 0 ? 0.0 : 0.5;
        return;
    }
    v += leaves[0] - leaves[1];
    spread = lead + v;
    int unseen = s->bag_n + rack_tiles(s->racks[1 - s->to_move]);
    *value = v;
    *win = s->to_move == 0 ? win_probability(m, spread, unseen) : 1.0 - win_probability(m, -spread, unseen);
}
