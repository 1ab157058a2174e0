/* What the compiled engine's parts share: the search graph's arcs, generated placements, the generator's
 * state, and the functions the endgame search (_endgame.c) calls in the move generator (_engine.c). */
#ifndef LEXIGRID_ENGINE_H
#define LEXIGRID_ENGINE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define CHILD_MASK 0x3FFFFFu
#define END_BIT 0x400000u
#define ACCEPTS_BIT 0x800000u
#define LETTER_SHIFT 24
#define ALL_LETTERS 0x7FFFFFEu
#define SEARCH_ACCEPTS 0x80000000u /* the search graph's arcs (see search_graph) */
#define SEARCH_CHILD 0x7FFFFFFFu
#define MAX_DIM 32
#define THROUGH 0x40
#define BLANK 0x20

/* Bits set in x, without a libgcc call; gcc compiles it to the popcnt instruction where that is allowed. */
static inline uint32_t pop32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

/* The arc for `letter` leaving `node` of the search graph (see search_graph), or 0. */
static inline uint32_t next_arc(const uint32_t *graph, uint32_t node, uint32_t letter) {
    uint32_t mask = graph[node];
    if (!(mask >> letter & 1)) return 0;
    return graph[node + 1 + pop32(mask & ((1u << letter) - 1))];
}

typedef struct {
    uint8_t row, col, down, length;
    uint8_t ntiles, leave;
    int16_t score;
    double equity;
    uint8_t letters[24]; /* letter code | BLANK for a blank | THROUGH for a played-through tile */
} MoveRec;

enum { MODE_ALL = 0, MODE_BEST_SCORE = 1, MODE_BEST_EQUITY = 2, MODE_COUNT = 3 };

/* The best-move search bounds racks holding blanks in phases, one per number of blanks played, since
 * keeping a blank is worth much more than any play that spends it cheaply; a phase searches with the
 * blanks it keeps off the rack, so each blank it plays is one branch per letter, not per pair. Phase 0
 * is the whole rack at once (no blank, or by score). */
#define MAX_PHASES 9
enum { ONLY_ALL = 0, ONLY_WHOLE = 1, ONLY_PART = 2 };

typedef struct {
    int least, most;      /* the blanks the phase's moves play */
    int kept;             /* the blanks it keeps off the rack */
    int blanks_played;    /* the blanks each of its moves plays, for its bound (0: any number, by score) */
    int k;                /* the tiles they can play (at most 7) */
    double max_leave[32]; /* the best leave for each number of tiles played */
} Phase;

/* A sub-multiset of the rack that a play can use (the best-move search by word map takes them one by one). */
typedef struct {
    uint8_t count[27]; /* its tiles of each letter; count[0]: blanks */
    int size, blanks;
    int leave;      /* the leave index once they are played */
    double leave_value;
    int values[8];  /* its real tiles' scores, highest first */
    uint64_t key;   /* its real tiles' anagram key */
} Subrack;

#define MAX_SUBRACKS 128 /* seven different tiles */

typedef struct {
    const uint32_t *graph; /* see search_graph */
    uint32_t rack_mask;
    int dim, down, mode, bingo_tiles, bingo_bonus;
    const int8_t *scores;
    const double *leave_values;
    uint8_t stride[27];
    uint8_t rack[27];
    int rack_size;
    /* the current line */
    const uint8_t *tiles;
    const uint32_t *checks;
    const int32_t *cscores;
    const uint8_t *lmul, *wmul;
    const double *vowel_penalty; /* NULL unless the board is empty */
    const uint8_t *caps;         /* per square: the best real rack tile its cross-check allows */
    Phase phases[MAX_PHASES];
    int values[8]; /* the rack's tiles' scores, highest first (blanks 0; the first 7) */
    /* the word map (NULL: none, every play by the GADDAG), the rack's real tiles' anagram key, a memo by
     * phase and through key (see whole_word_possible) */
    const char *word_map;
    uint64_t rack_key;
    uint64_t memo_key[64];
    uint32_t memo[64];
    uint8_t memo_known[64];
    const Subrack *subracks; /* NULL: the GADDAG search; else every subrack of the rack */
    /* per phase, the indices of its subracks by size (those of size n from phase_at[ph][n]), best leave
     * first */
    uint8_t phase_order[MAX_PHASES][MAX_SUBRACKS];
    int16_t phase_at[MAX_PHASES][9];
    int only;               /* record every placement, or only those that play every tile, or the others */
    int line, anchor, last_anchor;
    int left, nt, leave; /* the word's left end, tiles played and leave index so far (see go_on) */
    uint8_t strip[MAX_DIM];
    /* output */
    MoveRec *out;
    size_t n, cap;
    int failed;
    MoveRec best;
    int have_best;
} Gen;

/* The arrays of one direction: across plays read the board, down plays its transpose. */
typedef struct {
    const uint8_t *tiles, *lmul, *wmul, *caps;
    const uint32_t *checks;
    const int32_t *cscores;
    const double *vowel_penalty; /* NULL unless the board is empty */
} Direction;

/* Every legal placement of g's rack on the board of `dirs`, appended to g->out (g->mode is MODE_ALL). */
void all_placements(Gen *g, const Direction dirs[2], int empty, uint32_t root, int leave);

/* A placement's notation as a string: `8D WORD` across, `D8 WORD` down, blanks in lowercase. */
void notation(char *out, int down, int row, int col, const uint8_t *letters, int length);

/* The check and cross score of square i of a line (what line_checks computes for it). */
void square_check(const uint32_t *graph, const uint8_t *line, int dim, const int8_t *scores, int i,
                  uint32_t *check, int32_t *cscore);

/* endgame(...): the exact endgame search (see _endgame.c). */
PyObject *endgame(PyObject *self, PyObject *args);

/* endgame_words(...): the words an endgame can form (see _endgame.c). */
PyObject *endgame_words(PyObject *self, PyObject *args);

#endif
