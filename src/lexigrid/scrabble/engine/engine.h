/* What the compiled engine's parts share. One file per concern, the Python binding apart (module.c):
 *   gaddag.c    building the GADDAG from words, and relaying it as the search graph
 *   checks.c    cross-checks and cross scores, line by line
 *   wordmap.c   anagram keys and the word map (its lookups are inline, in wordmap.h)
 *   movegen.c   move generation: every placement, the count, the best by score or equity
 *   leaves.c    the leave table of a rack under an additive leave model
 *   klv.c       a table of leaves (a KLV's) compiled for lookups, and a rack's leave table from it
 *   endgame.c   the exact endgame search (init / solve / results / free) and the endgame's own words
 *   playout.c   the simulation's play-out loop: moves applied to one play state, replies by equity
 *   module.c    the Python module: arguments read into the named structs below, results built, errors
 *               (the play-out loop's binding apart, in playout_module.c)
 * The GADDAG is stored KWG-style as flat uint32 arcs. A node is a run of arcs, the last one flagged END.
 * Arc bits: 0..23 child node index (0 = no child; at most 2^24 - 1 arcs: Debian's 4.3 million Polish
 * words take 5.5 million, its Norwegian 4.4 million, English NWL 0.9 million), 24 END, 25 ACCEPTS (the
 * path through this arc is a complete GADDAG string), 26..31 letter (CODE_BITS: 0 = the GADDAG separator,
 * 1..n the alphabet's letters). arcs[0] points to the root.
 *
 * Tile codes: 0 the blank, 1..n the letters of the alphabet (n at most MAX_LETTERS); a square or a
 * placement's letter holds the code in its low CODE_BITS bits, BLANK when a blank stands for it, THROUGH
 * for a tile already on the board. A set of letters (a cross-check, a node's arcs) is a LetterSet, bit x for
 * code x (bit 0: the blank on a rack, the separator in the graph). Arrays by code have MAX_CODES entries;
 * loops over codes stop at the alphabet's size, which the caller passes as the length of the tile scores.
 */
#ifndef LEXIGRID_ENGINE_H
#define LEXIGRID_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CHILD_BITS 24
#define CHILD_MASK ((1u << CHILD_BITS) - 1)
#define END_BIT (1u << CHILD_BITS)
#define ACCEPTS_BIT (2u << CHILD_BITS)
#define LETTER_SHIFT (CHILD_BITS + 2)
#define SEARCH_ACCEPTS 0x80000000u /* the search graph's arcs (see search_graph) */
#define SEARCH_CHILD 0x7FFFFFFFu
#define MAX_DIM 32
#define CODE_BITS 6                          /* a letter code's bits */
#define CODE_MASK ((1u << CODE_BITS) - 1)
_Static_assert(LETTER_SHIFT + CODE_BITS == 32, "a packed arc's letter fills its top bits");
#define BLANK (1u << CODE_BITS)              /* a square's or placement's letter: a blank stands for it */
#define THROUGH (2u << CODE_BITS)            /* a placement's letter already on the board */
#define MAX_LETTERS 32                       /* the longest alphabet (Polish, Norwegian) */
#define MAX_CODES (MAX_LETTERS + 1)          /* the blank and the letters */
typedef uint64_t LetterSet;                  /* bit x: code x (needs 1 + MAX_LETTERS bits) */
#define ALL_LETTERS (~(LetterSet)1)          /* every letter: all but the blank or separator bit */
#define LETTER(x) ((LetterSet)1 << (x))
#define HEADER_WORDS (sizeof(LetterSet) / 4) /* a search graph node's letter set, in uint32 words */
#define SEARCH_ROOT HEADER_WORDS              /* where the search graph holds its root's index */

/* The search (gen in movegen.c, square_check in checks.c) is compiled twice where the platform can pick a
 * version at load time: with the popcnt instruction (which the arc lookup's bit count becomes) and without. */
#if defined(__x86_64__) && defined(__GLIBC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define SEARCH_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef SEARCH_CLONES
#define SEARCH_CLONES
#endif

/* Bits set in x, without a libgcc call; gcc compiles it to the popcnt instruction where that is allowed. */
static inline uint32_t pop32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

static inline uint32_t pop64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}

static inline uint32_t pop_letters(LetterSet x) { return sizeof(LetterSet) == 4 ? pop32((uint32_t)x) : pop64(x); }

/* A search graph node's letter set (see search_graph; a possibly unaligned pair of words when wide). */
static inline LetterSet node_letters(const uint32_t *graph, uint32_t node) {
    LetterSet set;
    memcpy(&set, graph + node, sizeof set);
    return set;
}

/* The arcs of a search graph node, in letter order (the separator's first). */
static inline const uint32_t *node_arcs(const uint32_t *graph, uint32_t node) { return graph + node + HEADER_WORDS; }

/* The arc for `letter` in a node of letter set `mask` and arcs `arcs`. */
static inline uint32_t arc_of(LetterSet mask, const uint32_t *arcs, uint32_t letter) {
    return arcs[pop_letters(mask & (LETTER(letter) - 1))];
}

/* The arc for `letter` leaving `node` of the search graph (see search_graph), or 0. */
static inline uint32_t next_arc(const uint32_t *graph, uint32_t node, uint32_t letter) {
    LetterSet mask = node_letters(graph, node);
    if (!(mask >> letter & 1)) return 0;
    return arc_of(mask, node_arcs(graph, node), letter);
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
    int least, most;     /* the blanks the phase's moves play */
    int kept;            /* the blanks it keeps off the rack */
    int blanks_played;   /* the blanks each of its moves plays, for its bound (0: any number, by score) */
    int k;               /* the tiles they can play (at most 7) */
    double max_leave[8]; /* the best leave for each number of tiles played (0..k) */
} Phase;

/* A sub-multiset of the rack that a play can use (the best-move search by word map takes them one by one). */
typedef struct {
    uint64_t key;   /* its real tiles' anagram key */
    double leave_value;
    int leave;      /* the leave index once they are played */
    uint8_t count[MAX_CODES]; /* its tiles of each letter; count[0]: blanks */
    uint8_t size, blanks;
    uint8_t values[8]; /* its real tiles' scores, highest first */
} Subrack;

#define MAX_SUBRACKS 128 /* seven different tiles */

/* What a best-move search derives from the rack and its leave table alone, whatever the board: the phases
 * and each one's best leave by tiles played, the rack's tile values, and for the word map's search every
 * subrack, in each phase's order (by size, from phase_at[ph][n], best leave first). A play-out loop keeps
 * it for the racks it met lately (RackCache in playout.c): a simulation's play-outs share their deals, so
 * most racks recur. */
typedef struct {
    int first_phase, last_phase;
    Phase phases[MAX_PHASES];
    int values[8]; /* the rack's tiles' scores, highest first (blanks 0; the first 7) */
    int has_subracks; /* 0: the search goes by the GADDAG */
    Subrack subracks[MAX_SUBRACKS];
    uint8_t phase_order[MAX_PHASES][MAX_SUBRACKS];
    int16_t phase_at[MAX_PHASES][9];
} RackPrep;

typedef struct {
    const uint32_t *graph; /* see search_graph */
    LetterSet rack_mask;
    int dim, down, mode, bingo_tiles, bingo_bonus;
    const int8_t *scores;
    const double *leave_values;
    int letters; /* the alphabet's size: codes 1..letters */
    uint8_t stride[MAX_CODES];
    uint8_t rack[MAX_CODES];
    int rack_size;
    /* the current line */
    const uint8_t *tiles;
    const LetterSet *checks;
    const int32_t *cscores;
    const uint8_t *lmul, *wmul;
    const double *vowel_penalty; /* NULL unless the board is empty */
    LetterSet vowels;            /* the vowels' codes as bits (the alphabet's; see LayoutArgs) */
    const uint8_t *caps;         /* per square: the best real rack tile its cross-check allows */
    const Phase *phases;         /* the rack's (see RackPrep) */
    const int *values;
    /* the word map (NULL: none, every play by the GADDAG), the rack's real tiles' anagram key, a memo by
     * phase and through key (see whole_word_possible) */
    const char *word_map;
    uint64_t rack_key;
    uint64_t memo_key[64];
    uint32_t memo[64];
    uint8_t memo_known[64];
    const Subrack *subracks; /* NULL: the GADDAG search; else every subrack of the rack (see RackPrep) */
    const uint8_t (*phase_order)[MAX_SUBRACKS];
    const int16_t (*phase_at)[9];
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
    const LetterSet *checks;
    const int32_t *cscores;
    const double *vowel_penalty; /* NULL unless the board is empty */
    LetterSet vowels;
} Direction;

/* ---- the named argument structs (read by module.c from the Python side's named tuples) ---------------- */

/* A board: dim x dim tiles (square codes), and per direction its cross-checks and cross scores (across,
 * then down stored transposed: 2 x dim x dim each). Lengths in bytes. */
typedef struct {
    const uint8_t *tiles;
    size_t tiles_len;
    int dim;
    LetterSet *checks; /* written only by update_lines */
    size_t checks_len;
    int32_t *cscores;
    size_t cscores_len;
} BoardArgs;

/* A layout: letter and word multipliers (row-major, then transposed), the tile scores by code, the
 * opening vowel penalties (doubles, row-major then transposed; length 0: none) and which codes are vowels
 * (bit per code; the alphabet's, English A E I O U unless given). */
typedef struct {
    const uint8_t *lmul, *wmul;
    size_t lmul_len, wmul_len;
    const int8_t *scores;
    size_t scores_len;
    const double *vowel;
    size_t vowel_len;
    LetterSet vowel_codes;
} LayoutArgs;

/* A rack: a count per tile code (blank first), with its leave table: strides per code and a value per leave. */
typedef struct {
    const uint8_t *counts, *strides;
    size_t counts_len, strides_len;
    const double *leaves;
    size_t leaves_len;
} RackArgs;

/* What to find: the mode, the bingo, whether the layout is its own transpose, the word map (length 0:
 * none) and, by equity, the least equity wanted (NO_FLOOR: any). */
typedef struct {
    int mode, bingo_tiles, bingo_bonus, symmetric;
    const char *word_map;
    size_t word_map_len;
    double floor;
} SearchArgs;

#define NO_FLOOR -1e300

typedef struct {
    const uint32_t *graph; /* the search graph (see gaddag.c) */
    size_t graph_len;
    BoardArgs board;
    LayoutArgs layout;
    RackArgs rack;
    SearchArgs search;
    RackPrep *prep; /* NULL, or where the rack's RackPrep is (prep_ready) or goes: for the same rack, leave
                     * table, mode and word map it is the same */
    int prep_ready;
} GenArgs;

/* ---- gaddag.c ------------------------------------------------------------------------------------- */

enum { ENGINE_OK = 0, ENGINE_NOMEM, ENGINE_LONG_WORD, ENGINE_BAD_LETTER, ENGINE_TOO_BIG, ENGINE_NOT_GADDAG };

/* The packed GADDAG of `n` bytes of words (64 + code a letter, newline-separated) into *arcs (malloc'd, *len
 * arcs); ENGINE_OK or an error. */
int gaddag_build(const char *words, size_t n, uint32_t **arcs, size_t *len);

/* Where a result of `size` bytes goes, once its size is known (the module gives a bytes object's buffer,
 * so nothing is copied); NULL: out of memory. */
typedef void *(*Allocate)(size_t size, void *context);

/* The search graph of a packed GADDAG of `n` arcs, into memory from `allocate`. */
int search_graph_build(const uint32_t *kwg, size_t n, Allocate allocate, void *context);

/* ---- checks.c ------------------------------------------------------------------------------------- */

/* The check and cross score of square i of a line (what update_lines computes for it). */
void square_check(const uint32_t *graph, const uint8_t *line, int dim, const int8_t *scores, int i,
                  LetterSet *check, int32_t *cscore);

/* Whether the arrays and the line numbers fit a board of `dim` (1 to MAX_DIM) squares a side. */
int lines_fit(const BoardArgs *board, size_t scores_len, const uint8_t *rows, size_t nrows, const uint8_t *cols,
              size_t ncols);

/* Recompute the checks and cross scores of the given rows (checks for down play) and columns (across). */
void update_lines(const uint32_t *graph, const BoardArgs *board, const int8_t *scores, const uint8_t *rows,
                  size_t nrows, const uint8_t *cols, size_t ncols);

/* ---- movegen.c ------------------------------------------------------------------------------------ */

/* Why the arrays of `a` do not fit each other or the board (NULL: they do). */
const char *gen_args_misfit(const GenArgs *a);

/* Generate into g (memset to 0 first) what a->search.mode asks for: every placement (g->out, g->n), the
 * count (g->n) or the best (g->best, g->have_best); -1 when out of memory. Pure C: the caller may release
 * the GIL around it. */
int generate_moves(const GenArgs *a, Gen *g);

/* Every legal placement of g's rack on the board of `dirs`, appended to g->out (g->mode is MODE_ALL). */
void all_placements(Gen *g, const Direction dirs[2], int empty, uint32_t root, int leave);

/* A placement's notation as a string: `8D WORD` across, `D8 WORD` down, blanks in lowercase. */
void notation(char *out, int down, int row, int col, const uint8_t *letters, int length);

/* ---- leaves.c ------------------------------------------------------------------------------------- */

/* An additive leave model's coefficients as leave_values reads them, with the language's facts its terms need
 * (from the tile set, by code): the vowels, and the tile worth q_without_u when kept without its partner. */
typedef struct {
    const double *per_copy, *pair, *mix;
    size_t per_copy_len, pair_len, mix_len;
    double q_without_u;
    int copies;
    LetterSet vowels, lonely, partner;
} LeaveCoefficients;

/* Every leave of a rack (a count per code) under an additive leave model: strides per code and n values (see
 * leaves.c); NULL, or why the arguments do not fit. */
const char *leave_values(const uint8_t *rack, size_t rack_len, const LeaveCoefficients *c, uint8_t strides[MAX_CODES],
                         double values[256], size_t *n);
int leave_coefficients_fit(const LeaveCoefficients *c, size_t codes);

/* ---- klv.c ---------------------------------------------------------------------------------------- */

/* A table of leaves as a trie, breadth first: node v's children are nodes first[v] .. first[v + 1] - 1, in code
 * order; codes[v] is the tile of the arc into v, values[v] the value of the leave spelled to v (0.0: not listed).
 * Node 0 is the root (the empty leave). */
typedef struct {
    uint32_t *first; /* n + 1 */
    uint8_t *codes;
    double *values;
    size_t n;
} LeaveTrie;

/* The trie of `count` leaves (keys: their tile codes in any order, one leave after another; lengths: each
 * one's number of tiles) with their values; NULL, or why not (then *t holds nothing). */
const char *leave_trie_build(const uint8_t *keys, size_t keys_len, const uint8_t *lengths, size_t count,
                             const double *values, LeaveTrie *t);

void leave_trie_free(LeaveTrie *t);

/* Every leave of a rack (a count per code) looked up in the trie: strides per code and n values, indexed as
 * leave_values indexes them; NULL, or why the rack does not fit (more than 256 leaves). */
const char *trie_leave_values(const LeaveTrie *t, const uint8_t *rack, size_t rack_len, uint8_t strides[MAX_CODES],
                              double values[256], size_t *n);

/* ---- endgame.c ------------------------------------------------------------------------------------ */

#define MAX_PLY 128

typedef struct {
    const uint32_t *graph;
    size_t graph_len;
    BoardArgs board;
    LayoutArgs layout;              /* multipliers and tile scores (no vowel penalties) */
    const uint8_t *mine, *theirs;   /* a count per tile code each, blank first */
    size_t mine_len, theirs_len;
    int zeros, bingo_tiles, bingo_bonus, max_plies, top, table_bits;
    double seconds;                 /* <= 0: no limit */
    uint64_t max_nodes;             /* 0: no limit; else the search stops once it has visited this many nodes
                                     * (a count: it stops at the same node on any machine) */
    int alpha, beta;                /* the root's window: the value is only proven inside it (fail-soft bounds
                                     * outside); a window narrower than (-30000, 30000) gives no principal
                                     * variation */
    void *table;                    /* NULL: a fresh transposition table of 2^table_bits entries for this
                                     * search; else the caller's, of table_len = 2^table_bits x
                                     * ENDGAME_ENTRY_BYTES bytes, kept from search to search (a node's key is
                                     * its whole state: a stored value holds for any search that meets it) */
    size_t table_len;
} EndgameArgs;

/* The bytes of one transposition-table entry (a caller's table is a multiple of it). */
#define ENDGAME_ENTRY_BYTES 24

typedef struct {
    int value;
    MoveRec move; /* length 0: the pass */
} RankedMove;

typedef struct {
    int depth, exact, interrupted;
    uint64_t nodes;
    RankedMove *ranked; /* the proven best first moves, best first (malloc'd) */
    int n_ranked;
    MoveRec pv[MAX_PLY]; /* the principal variation (length 0: a pass) */
    int n_pv;
} EndgameResult;

typedef struct Endgame Endgame;

/* A callback the search calls now and then: nonzero stops it (a signal came). */
typedef int (*Interrupted)(void *context);

/* Why the arguments do not fit (NULL: they do). */
const char *endgame_misfit(const EndgameArgs *a);

/* The search's state for a position: its tables and the root's moves (NULL: out of memory). */
Endgame *endgame_init(const EndgameArgs *a);

/* Iterative deepening within the time limit; `interrupted` (may be NULL) is called now and then. */
void endgame_solve(Endgame *e, Interrupted interrupted, void *context);

/* The ranked first moves and the principal variation into `out`; -1 when out of memory. */
int endgame_results(Endgame *e, EndgameResult *out);

void endgame_free(Endgame *e, EndgameResult *r);

/* The words an endgame can form with both racks' tiles along the board's lines, newline-separated into
 * *out (malloc'd, *len bytes); -1 when out of memory. */
int endgame_words_build(const uint32_t *graph, const uint8_t *tiles, int dim, const uint8_t *rack, int codes,
                        char **out, size_t *len);

/* ---- playout.c ------------------------------------------------------------------------------------ */

#define MAX_BAG 256
#define PLAYOUT_MOVES 64
enum { PLAY_PLACE = 0, PLAY_EXCHANGE = 1, PLAY_PASS = 2 };
enum { END_NONE = 0, END_OUT = 1, END_SCORELESS = 2 };


/* A rack a play-out loop met, with what its searches by equity derive from it alone while the bag is not
 * empty: the leave model's table (strides, n values), the best exchange's leave index (see best_move in
 * playout.c; -1: none) and the RackPrep (once `ready`). */
typedef struct {
    uint8_t rack[MAX_CODES];
    uint8_t strides[MAX_CODES];
    int valid, ready, peak;
    size_t n;
    double values[256];
    RackPrep prep;
} RackEntry;

/* The racks met lately, direct-mapped by a hash of their counts (a simulation's play-outs share their deals:
 * about three searches in four are of a rack met shortly before). */
#define RACK_CACHE_BITS 6
typedef struct {
    RackEntry slots[1 << RACK_CACHE_BITS];
} RackCache;

/* What stays the same through a simulation: the search graph, the layout (with the opening vowel
 * penalties), the search's bingo, symmetry and word map, the leave model (an additive one's coefficients, or a
 * table of leaves: `trie`, else NULL), the endgame's leave terms, and where the racks met are kept (NULL:
 * nowhere; the contents are the loop's working memory, which the rules only point to). */
typedef struct {
    const uint32_t *graph;
    size_t graph_len;
    int dim, rack_size;
    int scoreless_turns; /* the scoreless turns in a row that end the game (core/ending.py's) */
    LayoutArgs layout;
    SearchArgs search;
    LeaveCoefficients leaves, end_leaves;
    const LeaveTrie *trie;
    RackCache *cache;
} PlayoutRules;

/* A two-player play state (see core/play_state.py): racks as counts per tile code, the bag drawn from its end. */
typedef struct {
    uint8_t tiles[MAX_DIM * MAX_DIM];
    LetterSet checks[2 * MAX_DIM * MAX_DIM]; /* across, then down transposed: 2 x dim x dim used */
    int32_t cscores[2 * MAX_DIM * MAX_DIM];
    uint8_t racks[2][MAX_CODES];
    int scores[2], zeros, to_move, end;
    uint8_t bag[MAX_BAG];
    int bag_n;
    uint16_t placed[MAX_DIM * MAX_DIM]; /* squares given tiles since the cross-checks were last brought up to date */
    int n_placed;
} PlayoutState;

/* A move: a placement (the generator's record), an exchange (its tiles' codes, in order) or the pass. */
typedef struct {
    int kind, ntiles;
    uint8_t tiles[32];
    MoveRec place;
} Play;

/* What a play-out did: the replies chosen and the tiles each side kept on its last move. */
typedef struct {
    int n_moves;
    Play moves[PLAYOUT_MOVES];
    uint8_t kept[2][MAX_CODES];
} PlayoutResult;

/* How exchanged tiles go back into the bag, after the draw (`randrange` if set, else `reshuffle`):
 *   randrange: a random integer in [0, n) from the caller's stream (-1: failed, an error set); each tile goes
 *              in at such a place, in order (a play-out's OrderedBag);
 *   reshuffle: the tiles appended to the bag, the caller shuffles the whole bag in place (a game's Bag). */
typedef struct {
    int (*randrange)(void *context, int n);
    int (*reshuffle)(void *context, uint8_t *bag, int n, int back); /* the last `back` of n: put back */
    void *context;
} BagRule;

/* What a static game came to: the scores, the bingos each player played, the turns (moves) played. */
typedef struct {
    int scores[2], bingos[2], turns;
} GameTotals;

/* One turn of a recorded static game: who moved, both scores, the bag and the tiles unseen by the mover (the
 * bag and the other rack) before the move, the move, and the tiles the mover kept. */
typedef struct {
    Play move;
    uint8_t kept[MAX_CODES];
    int player, scores[2], bag, unseen;
} GameTurn;

/* A static game's turns, grown as it is played (free turns when done). */
typedef struct {
    GameTurn *turns;
    size_t n, cap;
} GameLog;

/* How a simulation values where a play-out stopped (analysis/sim.py, Playout._measure): per number of tiles
 * unseen by the player to move (0 .. n - 1, more read as n - 1), the intercept and slope of the win table's
 * logistic curve over spread (clamped to +-spread_limit); the scores the play-out started from. */
typedef struct {
    const double *intercepts, *slopes;
    int n;
    double spread_limit;
    int start[2];
} Measure;

/* The play-out's value (the points margin gained, plus leaves[0] - leaves[1], the values of what each side
 * kept, while the game is on) and the mover's chance of winning from where it stopped. */
void playout_measure(const Measure *m, const PlayoutState *s, const double leaves[2], double *value, double *win);

/* The face value of a rack. */
int rack_points(const PlayoutRules *r, const uint8_t counts[MAX_CODES]);

/* Apply a move for the player to move (PlayState.apply); `kept` gets the tiles it kept. -1: the bag's
 * callback failed. */
int playout_apply(const PlayoutRules *r, PlayoutState *s, const Play *m, uint8_t kept[MAX_CODES], const BagRule *bag);

/* The candidate, then replies by equity while the game is on and fewer than `plies` are played or the bag is
 * empty (sim.py's play-out). -1: out of memory or the bag's callback failed. */
int playout_run(const PlayoutRules *r, PlayoutState *s, const Play *candidate, int plies, const BagRule *bag,
                PlayoutResult *out);

/* A whole game between two static players (by equity, or by score where by_score[player]) from s (the racks
 * drawn, the cross-checks up to date) to its end (a Game of `equity` and `score` players without the endgame
 * solver), each turn added to `log` unless it is NULL. -1: out of memory or the bag failed. */
int play_static_game(const PlayoutRules *r, PlayoutState *s, const BagRule *bag, const int by_score[2],
                     GameTotals *out, GameLog *log);

#endif
