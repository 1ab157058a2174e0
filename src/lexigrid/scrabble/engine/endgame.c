/* The exact endgame search: with the bag empty both racks are known and Scrabble is a two-player game of
 * perfect information, solved by negamax with alpha-beta, iterative deepening and a transposition table.
 *
 * A node is a board, the rack of the side to move, the other rack and the count of consecutive scoreless
 * turns. Its value is the spread the side to move gains from here to the end under best play: a
 * placement's points, then 2 x the other rack when it goes out, or each side's own rack off when the
 * sixth scoreless turn in a row ends the game (the rules of lexigrid.scrabble.game).
 *
 * The scoreless count. While neither rack holds a tile worth 0 points (a blank), every placement scores,
 * so only passes are scoreless, and a pass-pass pair returns to the same board with the same side to move:
 * V(s) = clamp(V(s + 2)) for a clamp that is idempotent, hence V(0) = V(2) = V(4) and V(1) = V(3). The
 * count is then kept as its class (4 even, 3 odd, 5 last), which makes two passes in a row end the game,
 * as in Macondo and MAGPIE, exactly. Racks with a blank keep the raw count (0-point plays count).
 *
 * Moves come from the move generator (all_placements) at every node and are tried best first: the
 * transposition table's move, then by a cheap estimate (see estimate).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "engine.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF 30000
#define PROVEN 255         /* a stored depth: the value does not depend on any horizon */
#define MAX_SCORELESS 6
#define PASS_MOVE 1ull     /* a small move: the pass (0 = no move) */
#define TT_EXACT 1
#define TT_LOWER 2
#define TT_UPPER 3
#define CHECK_EVERY 15u    /* nodes between clock checks (a node holding a blank can cost a millisecond) */

typedef struct {
    uint64_t key;
    uint64_t move;
    int16_t value;
    uint8_t depth, flag;
    int16_t score; /* the move's points: with the board and the move, enough to play it unmade (see unpack) */
} Entry;

_Static_assert(sizeof(Entry) == ENDGAME_ENTRY_BYTES, "ENDGAME_ENTRY_BYTES is an Entry's size");

typedef struct {
    uint8_t *tiles, *transposed; /* the board and its transpose (down plays read rows of it) */
    LetterSet *checks;            /* across, then down (see update_checks) */
    int32_t *cscores;
    uint64_t hash;                /* the board's Zobrist hash */
    int stale;                    /* the checks are still the previous ply's, without `made` (see ready) */
    MoveRec made;                 /* the placement that made this board from the previous ply's */
} Ply;

typedef struct {
    MoveRec *moves;
    int *order;
    int *estimate;
    uint64_t *keys;
    size_t cap;
    int count;
} MoveBuffer;

typedef struct {
    const uint32_t *graph;
    uint32_t root;
    int dim, nn;
    const int8_t *scores;
    const uint8_t *lmul, *wmul;
    int bingo_tiles, bingo_bonus;
    int letters;          /* the alphabet's size */
    LetterSet zero_tiles; /* tiles worth 0 points (bit per code, blank = bit 0) */
    Ply ply[MAX_PLY + 2];
    MoveBuffer buf[MAX_PLY + 2];
    Gen gen;
    uint8_t caps[2 * MAX_DIM * MAX_DIM];
    Entry *table;
    size_t table_mask;
    int own_table; /* the table is this search's (freed with it), not the caller's */
    uint64_t nodes;
    double deadline;       /* CLOCK_MONOTONIC seconds, 0 = none */
    uint64_t max_nodes;    /* the nodes the search may visit, 0 = no limit */
    int stopped;           /* the deadline passed or a signal came: unwind */
    int interrupted;       /* the hook said stop (a signal came) */
    Interrupted hook;      /* called now and then (NULL: never) */
    void *hook_context;
    double zero_leave;
} Solver;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The Zobrist keys of squares' tiles, rack counts and scoreless counts: the same for every search (a table
 * a caller keeps from search to search relies on it), made once. */
static uint64_t zobrist[MAX_DIM * MAX_DIM][2 << CODE_BITS], rack_keys[2][MAX_CODES][16], zeros_keys[8];
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;

static void init_keys(void) {
    uint64_t state = 0x5EED5C0DEull;
    for (int i = 0; i < MAX_DIM * MAX_DIM; i++)
        for (int t = 0; t < 2 << CODE_BITS; t++) zobrist[i][t] = splitmix(&state);
    for (int side = 0; side < 2; side++)
        for (int x = 0; x < MAX_CODES; x++)
            for (int n = 0; n < 16; n++) rack_keys[side][x][n] = n ? splitmix(&state) : 0;
    for (int z = 0; z < 8; z++) zeros_keys[z] = splitmix(&state);
}

static int rack_value(const Solver *s, const uint8_t *rack) {
    int v = 0;
    for (int x = 1; x <= s->letters; x++) v += rack[x] * s->scores[x];
    return v;
}

static int rack_size(const Solver *s, const uint8_t *rack) {
    int n = 0;
    for (int x = 0; x <= s->letters; x++) n += rack[x];
    return n;
}

/* The scoreless count as its class when no tile on either rack can make a 0-point play (see the top). */
static int zeros_class(const Solver *s, const uint8_t *mine, const uint8_t *theirs, int zeros) {
    for (int x = 0; x <= s->letters; x++)
        if ((s->zero_tiles >> x & 1) && (mine[x] || theirs[x])) return zeros;
    return zeros == MAX_SCORELESS - 1 ? zeros : (zeros % 2 ? 3 : 4);
}

static uint64_t node_key(const Solver *s, const Ply *p, const uint8_t *mine, const uint8_t *theirs, int zeros) {
    uint64_t key = p->hash ^ zeros_keys[zeros];
    for (int x = 0; x <= s->letters; x++) key ^= rack_keys[0][x][mine[x]] ^ rack_keys[1][x][theirs[x]];
    return key;
}

/* A placement packed in 64 bits: the word's first square, direction, and the new tiles in order (at most
 * 7, a code and the blank bit each: 13 + 7 x 7 bits). */
static uint64_t small_move(const MoveRec *m) {
    uint64_t packed = (uint64_t)m->row << 1 | (uint64_t)m->col << 6 | (uint64_t)m->down << 11 | 1ull << 12;
    int shift = 13;
    for (int i = 0; i < m->length; i++) {
        if (m->letters[i] & THROUGH) continue;
        packed |= (uint64_t)(m->letters[i] & (CODE_MASK | BLANK)) << shift;
        shift += CODE_BITS + 1;
    }
    return packed;
}

static int grow(MoveBuffer *b, size_t need) {
    if (need <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need) cap *= 2;
    MoveRec *m = realloc(b->moves, cap * sizeof(MoveRec));
    if (!m) return -1;
    b->moves = m;
    int *o = realloc(b->order, cap * sizeof(int));
    if (!o) return -1;
    b->order = o;
    int *e = realloc(b->estimate, cap * sizeof(int));
    if (!e) return -1;
    b->estimate = e;
    uint64_t *keys = realloc(b->keys, cap * sizeof(uint64_t));
    if (!keys) return -1;
    b->keys = keys;
    b->cap = cap;
    return 0;
}

static void ready(Solver *s, int k);

/* Every placement of `rack` on ply k's board into buf[k]; returns their number, or -1 out of memory. */
static int placements(Solver *s, int k, const uint8_t *rack) {
    Gen *g = &s->gen;
    Ply *p = &s->ply[k];
    ready(s, k);
    g->n = 0;
    g->rack_size = 0;
    g->rack_mask = 0;
    for (int x = 0; x <= s->letters; x++) {
        g->rack[x] = rack[x];
        g->rack_size += rack[x];
        if (rack[x]) g->rack_mask |= LETTER(x);
    }
    Direction dirs[2];
    for (int d = 0; d < 2; d++) {
        dirs[d].tiles = d ? p->transposed : p->tiles;
        dirs[d].checks = p->checks + d * s->nn;
        dirs[d].cscores = p->cscores + d * s->nn;
        dirs[d].lmul = s->lmul + d * s->nn;
        dirs[d].wmul = s->wmul + d * s->nn;
        dirs[d].vowel_penalty = NULL;
        dirs[d].caps = s->caps + d * s->nn;
    }
    all_placements(g, dirs, 0, s->root, 0);
    if (g->failed || grow(&s->buf[k], g->n + 1)) return -1;
    memcpy(s->buf[k].moves, g->out, g->n * sizeof(MoveRec));
    s->buf[k].count = (int)g->n;
    return (int)g->n;
}

/* The squares of a line whose check changes when the tile at `pos` joins it: the ends of its run. */
static void run_ends(const Solver *s, const uint8_t *line, LetterSet *checks, int32_t *cscores, int pos) {
    int dim = s->dim, a = pos, z = pos;
    while (a > 0 && line[a - 1]) a--;
    while (z < dim - 1 && line[z + 1]) z++;
    if (a > 0) square_check(s->graph, line, dim, s->scores, a - 1, &checks[(a - 1) * dim], &cscores[(a - 1) * dim]);
    if (z < dim - 1)
        square_check(s->graph, line, dim, s->scores, z + 1, &checks[(z + 1) * dim], &cscores[(z + 1) * dim]);
}

/* Ply k+1's board: ply k's with placement m on it and its hash. Its checks are only made when a node on it
 * generates moves (see ready): most nodes never do (the table's value or move settles them), and the
 * checks cost as much as a search of a node's moves at the leaves' parents. */
static void place(Solver *s, int k, const MoveRec *m) {
    const Ply *from = &s->ply[k];
    Ply *to = &s->ply[k + 1];
    int dim = s->dim, nn = s->nn;
    memcpy(to->tiles, from->tiles, (size_t)nn);
    memcpy(to->transposed, from->transposed, (size_t)nn);
    to->hash = from->hash;
    to->stale = 1;
    to->made = *m;
    for (int i = 0; i < m->length; i++) {
        if (m->letters[i] & THROUGH) continue;
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i);
        uint8_t tile = m->letters[i] & (CODE_MASK | BLANK);
        to->tiles[r * dim + c] = tile;
        to->transposed[c * dim + r] = tile;
        to->hash ^= zobrist[r * dim + c][tile];
    }
}

/* Ply k's checks made, when they are not: the previous ply's (made first, when stale too) with the squares
 * its placement changed (its own, the ends of its word and of each cross word). Checks live transposed (see
 * update_checks): a line's squares are `dim` apart in them. */
static void ready(Solver *s, int k) {
    Ply *to = &s->ply[k];
    if (!to->stale) return;
    ready(s, k - 1);
    const Ply *from = &s->ply[k - 1];
    const MoveRec *m = &to->made;
    int dim = s->dim, nn = s->nn, last = 0;
    memcpy(to->checks, from->checks, 2 * (size_t)nn * sizeof(LetterSet));
    memcpy(to->cscores, from->cscores, 2 * (size_t)nn * sizeof(int32_t));
    to->stale = 0;
    for (int i = 0; i < m->length; i++) {
        if (m->letters[i] & THROUGH) continue;
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i);
        for (int d = 0; d < 2; d++) { /* the square is taken in both directions */
            to->checks[d * nn + (d ? c * dim + r : r * dim + c)] = 0;
            to->cscores[d * nn + (d ? c * dim + r : r * dim + c)] = -1;
        }
        last = i;
    }
    for (int i = 0; i < m->length; i++) {
        if (m->letters[i] & THROUGH) continue;
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i);
        if (m->down) /* the cross word runs along row r: the checks for down play there */
            run_ends(s, to->tiles + r * dim, to->checks + nn + r, to->cscores + nn + r, c);
        else /* along column c: the checks for across play */
            run_ends(s, to->transposed + c * dim, to->checks + c, to->cscores + c, r);
    }
    int r = m->row + (m->down ? last : 0), c = m->col + (m->down ? 0 : last);
    if (m->down)
        run_ends(s, to->transposed + c * dim, to->checks + c, to->cscores + c, r);
    else
        run_ends(s, to->tiles + r * dim, to->checks + nn + r, to->cscores + nn + r, c);
}

/* The rack after placement m. */
static void take(uint8_t *after, const uint8_t *rack, const MoveRec *m) {
    memcpy(after, rack, MAX_CODES);
    for (int i = 0; i < m->length; i++) {
        uint8_t t = m->letters[i];
        if (t & THROUGH) continue;
        after[(t & BLANK) ? 0 : (t & CODE_MASK)]--;
    }
}

static void tick(Solver *s) {
    ++s->nodes;
    if (s->max_nodes && s->nodes >= s->max_nodes) s->stopped = 1;
    if ((s->nodes & CHECK_EVERY) != 0) return;
    if (s->deadline > 0 && now() > s->deadline) s->stopped = 1;
    if ((s->nodes & 0xFFFFu) == 0 && s->hook && s->hook(s->hook_context)) s->stopped = s->interrupted = 1;
}

/* The estimate that orders a node's moves: going out first (by what it gains), then the points scored,
 * the tiles played and their face value (points a side cannot unload count against it at the end). */
static void estimate(Solver *s, int k, int n, const uint8_t *rack, int other_value) {
    MoveBuffer *b = &s->buf[k];
    int size = rack_size(s, rack);
    for (int i = 0; i < n; i++) {
        const MoveRec *m = &b->moves[i];
        int e = m->score + 3 * m->ntiles;
        for (int j = 0; j < m->length; j++)
            if (!(m->letters[j] & (THROUGH | BLANK))) e += s->scores[m->letters[j] & CODE_MASK];
        if (m->ntiles == size) e += 1000 + 2 * other_value;
        b->estimate[i] = e;
        b->order[i] = i;
    }
}

static int by_key(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Order the moves by estimate, highest first (ties in generation order), the table's move first. */
static void sort_moves(MoveBuffer *b, int n, uint64_t first) {
    for (int i = 0; i < n; i++) {
        int e = (first && small_move(&b->moves[i]) == first) ? INF : b->estimate[i];
        b->keys[i] = (uint64_t)(uint32_t)(INF - e) << 32 | (uint32_t)i;
    }
    qsort(b->keys, (size_t)n, sizeof(uint64_t), by_key);
    for (int i = 0; i < n; i++) b->order[i] = (int)(uint32_t)b->keys[i];
}

static Entry *probe(Solver *s, uint64_t key) {
    Entry *e = &s->table[key & s->table_mask];
    return e->key == key ? e : NULL;
}

static void store(Solver *s, uint64_t key, int value, int depth, int flag, uint64_t move, int score) {
    Entry *e = &s->table[key & s->table_mask];
    if (e->key == key && e->depth > depth && e->depth != PROVEN) return; /* keep the deeper result */
    e->key = key;
    e->value = (int16_t)value;
    e->depth = (uint8_t)depth;
    e->flag = (uint8_t)flag;
    e->move = move;
    e->score = (int16_t)score;
}

/* The placement `packed` (see small_move) scoring `score`, rebuilt on ply k's board for a rack: the word from
 * its first square, the board's tiles played through and the packed tiles on the empty squares. Returns 0
 * when it does not fit (the rack lacks a tile, a square is taken or off the board): a table entry's move is
 * only tried unmade when it fits. */
static int unpack(const Solver *s, int k, uint64_t packed, int score, const uint8_t *rack, MoveRec *m) {
    if (!(packed >> 12 & 1)) return 0;
    memset(m, 0, sizeof *m);
    m->row = (uint8_t)(packed >> 1 & 31);
    m->col = (uint8_t)(packed >> 6 & 31);
    m->down = (uint8_t)(packed >> 11 & 1);
    m->score = (int16_t)score;
    const uint8_t *tiles = s->ply[k].tiles;
    int dim = s->dim, r = m->row, c = m->col, shift = 13, n = 0;
    uint8_t used[MAX_CODES] = {0};
    if (r >= dim || c >= dim || (m->down ? r > 0 && tiles[(r - 1) * dim + c] : c > 0 && tiles[r * dim + c - 1]))
        return 0;
    uint64_t bits = CODE_BITS + 1, mask = (1ull << bits) - 1;
    while (r < dim && c < dim && n < 24) {
        uint8_t board = tiles[r * dim + c];
        if (board) {
            m->letters[n++] = (uint8_t)(board | THROUGH);
        } else {
            uint8_t tile = shift < 64 ? (uint8_t)(packed >> shift & mask) : 0;
            if (!tile) break;
            shift += (int)bits;
            int code = (tile & BLANK) ? 0 : (tile & CODE_MASK);
            if ((tile & CODE_MASK) == 0 || (tile & CODE_MASK) > (unsigned)s->letters || ++used[code] > rack[code])
                return 0;
            m->letters[n++] = tile;
            m->ntiles++;
        }
        if (m->down) r++; else c++;
    }
    if (shift < 64 && (packed >> shift & mask)) return 0; /* tiles left over: off the board */
    m->length = (uint8_t)n;
    return m->ntiles > 0;
}

static int negamax(Solver *s, int k, int depth, int alpha, int beta, const uint8_t *mine, const uint8_t *theirs,
                   int zeros, int *horizon, MoveRec *best);

/* The value for the side to move at ply k of playing placement m (NULL: the pass), searched `depth` plies
 * deep within (alpha, beta). */
static int move_value(Solver *s, int k, const MoveRec *m, int depth, int alpha, int beta, const uint8_t *mine,
                      const uint8_t *theirs, int zeros, int *horizon) {
    if (!m) {
        if (zeros + 1 >= MAX_SCORELESS) return rack_value(s, theirs) - rack_value(s, mine);
        ready(s, k); /* the child shares ply k's arrays, checks and all */
        Ply saved = s->ply[k + 1]; /* the same board: the child reads ply k's arrays */
        s->ply[k + 1] = s->ply[k];
        int v = -negamax(s, k + 1, depth - 1, -beta, -alpha, theirs, mine, zeros + 1, horizon, NULL);
        s->ply[k + 1] = saved;
        return v;
    }
    uint8_t after[MAX_CODES];
    take(after, mine, m);
    int score = m->score, z = score > 0 ? 0 : zeros + 1;
    if (z >= MAX_SCORELESS) return score - rack_value(s, after) + rack_value(s, theirs);
    if (m->ntiles == rack_size(s, mine)) return score + 2 * rack_value(s, theirs);
    place(s, k, m);
    return score - negamax(s, k + 1, depth - 1, score - beta, score - alpha, theirs, after, z, horizon, NULL);
}

/* Negamax with alpha-beta (fail-soft) from ply k: the value for the side to move, searched `depth` plies
 * deep. *horizon is set when the value rests on a node cut by the depth; *best (when asked for) gets the
 * best move (length 0: the pass), and the table's value is not taken for this node then. */
static int negamax(Solver *s, int k, int depth, int alpha, int beta, const uint8_t *mine, const uint8_t *theirs,
                   int zeros, int *horizon, MoveRec *best) {
    tick(s);
    if (s->stopped) return 0;
    zeros = zeros_class(s, mine, theirs, zeros);
    uint64_t key = node_key(s, &s->ply[k], mine, theirs, zeros);
    Entry *hit = probe(s, key);
    uint64_t first = 0;
    if (hit) {
        first = hit->move;
        int v = hit->value;
        if (hit->depth >= depth && !best &&
            (hit->flag == TT_EXACT || (hit->flag == TT_LOWER && v >= beta) || (hit->flag == TT_UPPER && v <= alpha))) {
            if (hit->depth != PROVEN) *horizon = 1;
            return v;
        }
    }
    if (depth == 0 || k >= MAX_PLY) {
        *horizon = 1;
        return rack_value(s, theirs) - rack_value(s, mine); /* the side with fewer points left tends to go out */
    }
    int alpha0 = alpha, value = -INF, hz = 0, tried = 0;
    uint64_t chosen = 0;
    const MoveRec *chosen_rec = NULL;
    MoveRec known;
    /* The table's move first, before the others are generated: where it cuts off (as it mostly does at a
     * node searched before, one ply shallower) they never are. */
    if (first && (first == PASS_MOVE || unpack(s, k, first, hit->score, mine, &known))) {
        tried = 1;
        value = move_value(s, k, first == PASS_MOVE ? NULL : &known, depth, alpha, beta, mine, theirs, zeros, &hz);
        if (s->stopped) return 0;
        chosen = first;
        chosen_rec = first == PASS_MOVE ? NULL : &known;
        if (value > alpha) alpha = value;
    }
    if (alpha < beta) {
        int n = placements(s, k, mine);
        if (n < 0) {
            s->stopped = 1;
            return 0;
        }
        MoveBuffer *b = &s->buf[k];
        estimate(s, k, n, mine, rack_value(s, theirs));
        sort_moves(b, n, 0);
        for (int i = 0; i <= n; i++) { /* the pass last */
            const MoveRec *m = i == n ? NULL : &b->moves[b->order[i]];
            uint64_t packed = m ? small_move(m) : PASS_MOVE;
            if (tried && packed == first) continue;
            int child_hz = 0, v;
            if (!tried || beta - alpha <= 1) {
                v = move_value(s, k, m, depth, alpha, beta, mine, theirs, zeros, &child_hz);
            } else { /* principal variation search: prove the move no better with a null window first */
                v = move_value(s, k, m, depth, alpha, alpha + 1, mine, theirs, zeros, &child_hz);
                if (v > alpha && v < beta && !s->stopped)
                    v = move_value(s, k, m, depth, v, beta, mine, theirs, zeros, &child_hz);
            }
            tried = 1;
            if (s->stopped) return 0;
            hz |= child_hz;
            if (v > value) {
                value = v;
                chosen = packed;
                chosen_rec = m;
            }
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    int flag = value <= alpha0 ? TT_UPPER : value >= beta ? TT_LOWER : TT_EXACT;
    store(s, key, value, hz ? depth : PROVEN, flag, chosen, chosen_rec ? chosen_rec->score : 0);
    if (hz) *horizon = 1;
    if (best) {
        memset(best, 0, sizeof *best);
        if (chosen_rec) *best = *chosen_rec;
    }
    return value;
}

/* ------------------------------------------------------------------------------------------------ */
/* The root: iterative deepening over the first moves, each searched to its exact value when it can    */
/* still be among the `top` best; then the principal variation, re-searched move by move.              */

typedef struct {
    int value, proven; /* proven: `value` is exact (it beat the window), not an upper bound */
} RootValue;

typedef struct {
    Solver *s;
    int n, top;
    int alpha, beta; /* the root's window (see EndgameArgs) */
    MoveRec *moves; /* the root's placements (the pass is index n) */
    int *order;
    RootValue *current, *done;
    int *rank, *by_rank; /* notation order of each move, and the move of each rank */
    uint64_t *keys;
    int depth_done, exact;
} Root;

/* The `top` best proven values so far at the root, best first: the k-th is the floor a later move must
 * beat to be ranked. */
typedef struct {
    int best[64], found, top;
} Floor;

static void floor_add(Floor *f, int value) {
    if (f->found == f->top && value <= f->best[f->top - 1]) return;
    int j = f->found < f->top ? f->found++ : f->top - 1;
    while (j > 0 && f->best[j - 1] < value) {
        f->best[j] = f->best[j - 1];
        j--;
    }
    f->best[j] = value;
}

static int floor_value(const Floor *f) { return f->found < f->top ? -INF : f->best[f->top - 1]; }

static int iterate(Root *r, int depth, const uint8_t *mine, const uint8_t *theirs, int zeros) {
    Solver *s = r->s;
    int horizon = 0;
    memcpy(s->buf[0].moves, r->moves, (size_t)r->n * sizeof(MoveRec));
    Floor proven = {.found = 0, .top = r->top};
    for (int i = 0; i <= r->n; i++) {
        int index = r->order[i];
        int floor = floor_value(&proven);
        int alpha = floor == -INF ? -INF : floor - 1; /* ties with the k-th best are proven too */
        if (alpha < r->alpha) alpha = r->alpha;
        int hz = 0;
        int v = move_value(s, 0, index == r->n ? NULL : &s->buf[0].moves[index], depth, alpha, r->beta, mine, theirs, zeros, &hz);
        if (s->stopped) return -1;
        r->current[index].value = v;
        r->current[index].proven = v > alpha;
        if (v > alpha) floor_add(&proven, v);
        horizon |= hz;
        if (v >= r->beta) { /* the root fails high: its value is at least beta, the rest need no search */
            for (int j = i + 1; j <= r->n; j++) r->current[r->order[j]] = (RootValue){-INF, 0};
            break;
        }
    }
    return horizon;
}

/* A root move's notation for the tie rule: its first 8 characters packed big-endian (most moves differ there),
 * then the whole text. */
typedef struct {
    uint64_t prefix;
    int index;
    const char *text;
} Named;

static int by_text(const void *a, const void *b) {
    const Named *x = a, *y = b;
    if (x->prefix != y->prefix) return x->prefix < y->prefix ? -1 : 1;
    return strcmp(x->text, y->text);
}

/* r->rank[i]: root move i's place in notation order (the pass, index n, last); -1 out of memory. */
static int rank_notations(Root *r) {
    Named *named = malloc(((size_t)r->n + 1) * sizeof(Named));
    char *texts = malloc(((size_t)r->n + 1) * 64);
    if (!named || !texts) {
        free(named);
        free(texts);
        return -1;
    }
    for (int i = 0; i < r->n; i++) {
        const MoveRec *m = &r->moves[i];
        char *text = texts + 64 * (size_t)i;
        notation(text, m->down, m->row, m->col, m->letters, m->length);
        uint64_t prefix = 0;
        for (int j = 0, end = 0; j < 8; j++) {
            end = end || !text[j];
            prefix = prefix << 8 | (end ? 0 : (uint8_t)text[j]);
        }
        named[i] = (Named){prefix, i, text};
    }
    qsort(named, (size_t)r->n, sizeof(Named), by_text);
    for (int i = 0; i < r->n; i++) r->rank[named[i].index] = i;
    r->rank[r->n] = r->n;
    free(named);
    free(texts);
    return 0;
}

/* The root's order: proven values first, higher first, then placements before the pass and by notation in
 * ASCII order (the tie rule of MoveList.top) -- a total order, so any sort gives the same. */
static uint64_t root_key(const Root *r, int index) {
    RootValue u = r->done[index];
    uint64_t value = (uint64_t)(uint32_t)(INF - u.value); /* lower sorts first: higher values */
    return (uint64_t)!u.proven << 63 | value << 32 | (uint32_t)r->rank[index];
}

static void reorder(Root *r) {
    uint64_t *keys = r->keys;
    for (int i = 0; i <= r->n; i++) keys[i] = root_key(r, r->order[i]);
    qsort(keys, (size_t)r->n + 1, sizeof(uint64_t), by_key);
    for (int i = 0; i <= r->n; i++) {
        int rank = (int)(uint32_t)keys[i];
        r->order[i] = r->by_rank[rank];
    }
}

/* Search depths first..last in turn, keeping each finished depth's values, until one proves them exact or
 * the search is stopped. */
static void deepen(Root *r, int first, int last, const uint8_t *mine, const uint8_t *theirs, int zeros) {
    for (int depth = first; depth <= last; depth++) {
        int horizon = iterate(r, depth, mine, theirs, zeros);
        if (horizon < 0) return;
        memcpy(r->done, r->current, (size_t)(r->n + 1) * sizeof(RootValue));
        r->depth_done = depth;
        reorder(r);
        if (!horizon) {
            r->exact = 1;
            return;
        }
    }
}

/* The principal variation from the root's best move into `pv`: each later move re-searched with a full
 * window (quick: the table holds the values). Returns its length. */
static int principal_variation(Solver *s, const MoveRec *first, const uint8_t *mine, const uint8_t *theirs,
                               int zeros, int depth, MoveRec pv[MAX_PLY]) {
    uint8_t racks[2][MAX_CODES];
    memcpy(racks[0], mine, MAX_CODES);
    memcpy(racks[1], theirs, MAX_CODES);
    MoveRec m = *first;
    int side = 0, k = 0, n = 0;
    for (;;) {
        pv[n++] = m;
        if (k + 1 >= depth || k + 1 >= MAX_PLY) break;
        int own = side, other = 1 - side;
        zeros = zeros_class(s, racks[own], racks[other], zeros);
        if (m.length) {
            uint8_t after[MAX_CODES];
            take(after, racks[own], &m);
            int z = m.score > 0 ? 0 : zeros + 1;
            if (z >= MAX_SCORELESS || !rack_size(s, after)) break;
            place(s, k, &m);
            memcpy(racks[own], after, MAX_CODES);
            zeros = z;
        } else {
            if (zeros + 1 >= MAX_SCORELESS) break;
            ready(s, k);
            s->ply[k + 1] = s->ply[k]; /* the board does not change (scratch plies from here on) */
            zeros++;
        }
        k++;
        side = other;
        int hz = 0;
        negamax(s, k, depth - k, -INF, INF, racks[side], racks[1 - side], zeros, &hz, &m);
        if (s->stopped) break;
    }
    return n;
}

/* ------------------------------------------------------------------------------------------------ */
/* The search's life: init (tables, the root's moves), solve (iterative deepening), results (the ranked */
/* first moves and the principal variation), free.                                                     */

struct Endgame {
    Solver *s;
    Root r;
    uint8_t *arena;
    uint8_t mine[MAX_CODES], theirs[MAX_CODES];
    int zeros, max_plies;
    double seconds;
};

const char *endgame_misfit(const EndgameArgs *a) {
    int dim = a->board.dim;
    size_t nn = (size_t)dim * (size_t)dim;
    if (dim < 1 || dim > MAX_DIM || a->board.tiles_len != nn || a->board.checks_len != 2 * nn * sizeof(LetterSet) ||
        a->board.cscores_len != 2 * nn * sizeof(int32_t) || a->layout.lmul_len != 2 * nn || a->layout.wmul_len != 2 * nn ||
        a->layout.scores_len < 2 || a->layout.scores_len > MAX_CODES || a->mine_len != a->layout.scores_len ||
        a->theirs_len != a->layout.scores_len || a->max_plies < 1 || a->top < 1 ||
        a->top > 64 || a->table_bits < 10 || a->table_bits > 30 || a->zeros < 0 || a->zeros >= MAX_SCORELESS ||
        a->graph_len <= 4 * SEARCH_ROOT || a->alpha < -INF || a->beta > INF || a->alpha >= a->beta ||
        (a->table && a->table_len != ((size_t)1 << a->table_bits) * sizeof(Entry)))
        return "bad arguments";
    return NULL;
}

Endgame *endgame_init(const EndgameArgs *a) {
    Endgame *e = calloc(1, sizeof(Endgame));
    if (!e) return NULL;
    Solver *s = e->s = calloc(1, sizeof(Solver));
    Root *r = &e->r;
    int dim = a->board.dim, nn = dim * dim;
    if (!s) goto fail;
    e->max_plies = a->max_plies > MAX_PLY ? MAX_PLY : a->max_plies;
    e->seconds = a->seconds;
    s->max_nodes = a->max_nodes;
    e->zeros = a->zeros;
    memcpy(e->mine, a->mine, a->mine_len);
    memcpy(e->theirs, a->theirs, a->theirs_len);
    s->graph = a->graph;
    s->root = s->graph[SEARCH_ROOT];
    s->dim = dim;
    s->nn = nn;
    s->scores = a->layout.scores;
    s->lmul = a->layout.lmul;
    s->wmul = a->layout.wmul;
    s->bingo_tiles = a->bingo_tiles;
    s->bingo_bonus = a->bingo_bonus;
    s->letters = (int)a->layout.scores_len - 1;
    for (int x = 0; x <= s->letters; x++)
        if (!s->scores[x]) s->zero_tiles |= LETTER(x);
    pthread_once(&keys_once, init_keys);
    s->table_mask = ((size_t)1 << a->table_bits) - 1;
    s->own_table = !a->table;
    s->table = a->table ? (Entry *)a->table : calloc(s->table_mask + 1, sizeof(Entry));
    size_t per_ply = 2 * (size_t)nn + 2 * (size_t)nn * (sizeof(LetterSet) + sizeof(int32_t));
    e->arena = malloc(per_ply * (MAX_PLY + 2));
    if (!s->table || !e->arena) goto fail;
    for (int k = 0; k < MAX_PLY + 2; k++) {
        uint8_t *base = e->arena + per_ply * (size_t)k;
        s->ply[k].checks = (LetterSet *)base;
        s->ply[k].cscores = (int32_t *)(base + 2 * (size_t)nn * sizeof(LetterSet));
        s->ply[k].tiles = base + 2 * (size_t)nn * (sizeof(LetterSet) + sizeof(int32_t));
        s->ply[k].transposed = s->ply[k].tiles + (size_t)nn;
    }
    const uint8_t *tiles = a->board.tiles;
    Ply *p0 = &s->ply[0];
    memcpy(p0->tiles, tiles, (size_t)nn);
    for (int row = 0; row < dim; row++)
        for (int col = 0; col < dim; col++) {
            uint8_t t = tiles[row * dim + col];
            p0->transposed[col * dim + row] = t;
            if (t) p0->hash ^= zobrist[row * dim + col][t & (CODE_MASK | BLANK)];
        }
    memcpy(p0->checks, a->board.checks, 2 * (size_t)nn * sizeof(LetterSet));
    memcpy(p0->cscores, a->board.cscores, 2 * (size_t)nn * sizeof(int32_t));
    Gen *g = &s->gen;
    g->graph = s->graph;
    g->dim = dim;
    g->letters = s->letters;
    g->mode = MODE_ALL;
    g->bingo_tiles = a->bingo_tiles;
    g->bingo_bonus = a->bingo_bonus;
    g->scores = s->scores;
    g->leave_values = &s->zero_leave;
    /* the root keeps its true scoreless count: the class gives every node its value, but a first pass's own
     * value depends on the count itself (see the top) */
    int n = placements(s, 0, e->mine);
    r->s = s;
    r->n = n;
    r->top = a->top;
    r->alpha = a->alpha;
    r->beta = a->beta;
    if (n < 0) goto fail;
    r->moves = malloc(((size_t)n + 1) * sizeof(MoveRec));
    r->order = malloc(((size_t)n + 1) * sizeof(int));
    r->current = calloc((size_t)n + 1, sizeof(RootValue));
    r->done = calloc((size_t)n + 1, sizeof(RootValue));
    r->rank = malloc(((size_t)n + 1) * sizeof(int));
    r->by_rank = malloc(((size_t)n + 1) * sizeof(int));
    r->keys = malloc(((size_t)n + 1) * sizeof(uint64_t));
    if (!r->moves || !r->order || !r->current || !r->done || !r->rank || !r->by_rank || !r->keys) goto fail;
    memcpy(r->moves, s->buf[0].moves, (size_t)n * sizeof(MoveRec));
    if (rank_notations(r)) goto fail;
    for (int i = 0; i <= n; i++) r->by_rank[r->rank[i]] = i;
    estimate(s, 0, n, e->mine, rack_value(s, e->theirs));
    sort_moves(&s->buf[0], n, 0);
    memcpy(r->order, s->buf[0].order, (size_t)n * sizeof(int));
    r->order[n] = n; /* the pass */
    return e;
fail:
    endgame_free(e, NULL);
    return NULL;
}

void endgame_solve(Endgame *e, Interrupted interrupted, void *context) {
    Solver *s = e->s;
    s->hook = interrupted;
    s->hook_context = context;
    deepen(&e->r, 1, 1, e->mine, e->theirs, e->zeros); /* one ply always: a move to give however short the time */
    if (!s->stopped && !e->r.exact) {
        s->deadline = e->seconds > 0 ? now() + e->seconds : 0;
        deepen(&e->r, 2, e->max_plies, e->mine, e->theirs, e->zeros);
    }
    s->hook = NULL; /* the principal variation is not interrupted (see endgame_results) */
}

int endgame_results(Endgame *e, EndgameResult *out) {
    Solver *s = e->s;
    Root *r = &e->r;
    int n = r->n;
    memset(out, 0, sizeof *out);
    out->interrupted = s->interrupted;
    if (s->interrupted) return 0;
    int stopped = s->stopped;
    s->stopped = 0;
    out->ranked = malloc(((size_t)n + 1) * sizeof(RankedMove));
    if (!out->ranked) return -1;
    for (int i = 0; i <= n; i++) {
        int index = r->order[i];
        if (!r->done[index].proven && i > 0) continue;
        RankedMove *ranked = &out->ranked[out->n_ranked++];
        memset(&ranked->move, 0, sizeof(MoveRec));
        if (index < n) ranked->move = r->moves[index];
        ranked->value = r->done[index].value;
    }
    MoveRec first;
    memset(&first, 0, sizeof first);
    if (r->order[0] < n) first = r->moves[r->order[0]];
    /* the line is re-searched from a warm table: allow it as long again as the search, then cut it short */
    if (e->seconds > 0) s->deadline = now() + e->seconds;
    if (r->alpha <= -INF && r->beta >= INF) /* a window's bounds have no line worth re-searching for */
        out->n_pv = principal_variation(s, &first, e->mine, e->theirs, e->zeros, r->exact ? MAX_PLY : r->depth_done,
                                        out->pv);
    out->depth = r->depth_done;
    out->exact = r->exact && !stopped;
    out->nodes = s->nodes;
    return 0;
}

void endgame_free(Endgame *e, EndgameResult *result) {
    if (result) free(result->ranked);
    if (!e) return;
    Solver *s = e->s;
    if (s) {
        for (int k = 0; k < MAX_PLY + 2; k++) {
            free(s->buf[k].moves);
            free(s->buf[k].order);
            free(s->buf[k].estimate);
            free(s->buf[k].keys);
        }
        free(s->gen.out);
        if (s->own_table) free(s->table);
    }
    free(s);
    free(e->arena);
    free(e->r.moves);
    free(e->r.order);
    free(e->r.current);
    free(e->r.done);
    free(e->r.rank);
    free(e->r.by_rank);
    free(e->r.keys);
    free(e);
}

/* ------------------------------------------------------------------------------------------------ */
/* The endgame's own lexicon: with the bag empty, every word a move can form lies along one line of the */
/* board and is made of that line's tiles where it has them and of tiles from the two racks elsewhere.  */
/* So the words that fit some line of the board that way are all the search needs, and a GADDAG of      */
/* just them (a few thousand words) makes each move generation far cheaper.                            */

typedef struct {
    const uint32_t *graph;
    const uint8_t *line;
    int dim;
    int letters;
    uint8_t rack[MAX_CODES];
    uint8_t word[MAX_DIM];
    char *out;
    size_t len, cap;
    uint32_t *seen; /* open addressing over word starts in out (+1; 0 = empty) */
    size_t seen_mask, count;
    int failed;
} WordWalk;

static uint64_t word_hash(const uint8_t *w, int n) {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) h = (h ^ w[i]) * 1099511628211ull;
    return h;
}

static int seen_grow(WordWalk *w);

static void emit(WordWalk *w, int from, int to) {
    int n = to - from + 1;
    const uint8_t *letters = w->word + from;
    size_t slot = (size_t)word_hash(letters, n) & w->seen_mask;
    for (; w->seen[slot]; slot = (slot + 1) & w->seen_mask) {
        const char *old = w->out + w->seen[slot] - 1;
        int same = 1;
        for (int i = 0; i < n && same; i++) same = old[i] == 'A' + letters[i] - 1;
        if (same && old[n] == '\n') return;
    }
    if (w->len + (size_t)n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 1 << 16;
        char *out = realloc(w->out, cap);
        if (!out) {
            w->failed = 1;
            return;
        }
        w->out = out;
        w->cap = cap;
    }
    w->seen[slot] = (uint32_t)w->len + 1;
    for (int i = 0; i < n; i++) w->out[w->len++] = (char)('A' + letters[i] - 1);
    w->out[w->len++] = '\n';
    if (++w->count * 2 > w->seen_mask && seen_grow(w)) w->failed = 1;
}

static int seen_grow(WordWalk *w) {
    size_t mask = w->seen_mask * 2 + 1;
    uint32_t *seen = calloc(mask + 1, sizeof(uint32_t));
    if (!seen) return -1;
    for (size_t i = 0; i <= w->seen_mask; i++) {
        if (!w->seen[i]) continue;
        const char *word = w->out + w->seen[i] - 1;
        uint8_t letters[MAX_DIM];
        int n = 0;
        while (word[n] != '\n') letters[n] = (uint8_t)(word[n] - 'A' + 1), n++;
        size_t slot = (size_t)word_hash(letters, n) & mask;
        while (seen[slot]) slot = (slot + 1) & mask;
        seen[slot] = w->seen[i];
    }
    free(w->seen);
    w->seen = seen;
    w->seen_mask = mask;
    return 0;
}

/* The letters a square can hold in a word: its tile's, or the racks' (any letter while a blank is left). */
static LetterSet square_letters(const WordWalk *w, uint8_t tile) {
    if (tile) return LETTER(tile & CODE_MASK);
    if (w->rack[0]) return ALL_LETTERS;
    LetterSet letters = 0;
    for (int x = 1; x <= w->letters; x++)
        if (w->rack[x]) letters |= LETTER(x);
    return letters;
}

/* Read words backwards (the GADDAG's full reversals) from square `pos` leftwards to `end`'s left. */
static void walk_back(WordWalk *w, uint32_t node, int pos, int end) {
    if (w->failed) return;
    const uint32_t *graph = w->graph;
    LetterSet mask = node_letters(graph, node);
    const uint32_t *arcs = node_arcs(graph, node);
    uint8_t tile = w->line[pos];
    LetterSet letters = square_letters(w, tile) & mask;
    while (letters) {
        uint32_t x = (uint32_t)__builtin_ctzll(letters);
        letters &= letters - 1;
        uint32_t arc = arc_of(mask, arcs, x);
        /* a real tile where the rack has one: a blank can always take the place of a later one */
        int from = tile ? -1 : (w->rack[x] ? (int)x : 0);
        if (from >= 0) w->rack[from]--;
        w->word[pos] = (uint8_t)x;
        if ((arc & SEARCH_ACCEPTS) && pos < end && (pos == 0 || !w->line[pos - 1])) emit(w, pos, end);
        if ((arc & SEARCH_CHILD) && pos > 0) walk_back(w, arc & SEARCH_CHILD, pos - 1, end);
        if (from >= 0) w->rack[from]++;
    }
}

static void walk_through(WordWalk *w, int pos, uint32_t node, int anchor, int limit, int left);

/* Go on from square `pos` along `arc` (see go_on in movegen.c): a word ends here, or the walk goes on
 * leftwards over empty squares, or across the separator rightwards from the anchor. */
static void walk_on(WordWalk *w, int pos, uint32_t arc, int anchor, int limit, int left) {
    const uint8_t *line = w->line;
    int dim = w->dim;
    uint32_t child = arc & SEARCH_CHILD;
    if (pos <= anchor) {
        int clear_left = pos == 0 || !line[pos - 1];
        if ((arc & SEARCH_ACCEPTS) && clear_left && pos < anchor && (anchor == dim - 1 || !line[anchor + 1]))
            emit(w, pos, anchor);
        if (!child) return;
        if (pos - 1 >= limit) walk_through(w, pos - 1, child, anchor, limit, left);
        if (clear_left && anchor < dim - 1 && (node_letters(w->graph, child) & 1)) {
            uint32_t sep = node_arcs(w->graph, child)[0];
            if (sep & SEARCH_CHILD) walk_through(w, anchor + 1, sep & SEARCH_CHILD, anchor, limit, pos);
        }
    } else {
        if ((arc & SEARCH_ACCEPTS) && (pos == dim - 1 || !line[pos + 1])) emit(w, left, pos);
        if (child && pos < dim - 1) walk_through(w, pos + 1, child, anchor, limit, left);
    }
}

/* Place a letter on square `pos`: the board's tile, or one of the racks' (a blank for any letter). */
static void walk_through(WordWalk *w, int pos, uint32_t node, int anchor, int limit, int left) {
    if (w->failed) return;
    const uint32_t *graph = w->graph;
    LetterSet mask = node_letters(graph, node);
    const uint32_t *arcs = node_arcs(graph, node);
    uint8_t tile = w->line[pos];
    LetterSet letters = square_letters(w, tile) & mask;
    while (letters) {
        uint32_t x = (uint32_t)__builtin_ctzll(letters);
        letters &= letters - 1;
        int from = tile ? -1 : (w->rack[x] ? (int)x : 0); /* a real tile first: see walk_back */
        if (from >= 0) w->rack[from]--;
        w->word[pos] = (uint8_t)x;
        walk_on(w, pos, arc_of(mask, arcs, x), anchor, limit, left);
        if (from >= 0) w->rack[from]++;
    }
}

/* The words of a line that hold at least one of its tiles, each found once: from its first tile (the
 * anchor, the first of a run of tiles), leftwards over the empty squares before it, then rightwards. */
static void line_words(WordWalk *w, const uint8_t *line) {
    w->line = line;
    int last_tile = -1;
    for (int a = 0; a < w->dim; a++) {
        if (!line[a]) continue;
        if (a == 0 || !line[a - 1]) walk_through(w, a, w->graph[SEARCH_ROOT], a, last_tile < 0 ? 0 : last_tile + 2, a);
        last_tile = a;
    }
}

/* endgame_words(graph, tiles, dim, racks) -> bytes: every word that fits a line of the board with the
 * tiles of `racks` (a count per code, both racks together: `codes` of them), newline-separated, each once. */
int endgame_words_build(const uint32_t *graph, const uint8_t *tiles, int dim, const uint8_t *rack, int codes,
                        char **out, size_t *len) {
    WordWalk w;
    memset(&w, 0, sizeof w);
    w.graph = graph;
    w.dim = dim;
    w.letters = codes - 1;
    memcpy(w.rack, rack, (size_t)codes);
    w.seen_mask = (1u << 12) - 1;
    w.seen = calloc(w.seen_mask + 1, sizeof(uint32_t));
    if (!w.seen) return -1;
    uint8_t lines[2 * MAX_DIM][MAX_DIM];
    int nlines = 0;
    memset(lines[0], 0, (size_t)dim); /* words of rack tiles alone, as on an empty line */
    w.line = lines[0];
    walk_back(&w, w.graph[SEARCH_ROOT], dim - 1, dim - 1);
    nlines = 1;
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < dim; i++) {
            uint8_t *line = lines[nlines];
            for (int j = 0; j < dim; j++) line[j] = d ? tiles[j * dim + i] : tiles[i * dim + j];
            int repeat = 0; /* lines with the same tiles (empty ones, mostly) have the same words */
            for (int k = 0; k < nlines && !repeat; k++) repeat = !memcmp(lines[k], line, (size_t)dim);
            if (repeat) continue;
            nlines++;
            line_words(&w, line);
        }
    free(w.seen);
    if (w.failed) {
        free(w.out);
        return -1;
    }
    *out = w.out;
    *len = w.len;
    return 0;
}
