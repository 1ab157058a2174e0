/* The optimal Wordle search in C: the recurrence and the bounds of docs/wordle.md ("The optimal
 * decision tree"), with a memo of proven values and lower bounds that outlives one call.
 *
 * Sets are int32 index arrays, ascending (answers) or in table order (allowed guesses). A value v
 * returned with a bar `beta` is exact when v < beta; otherwise it is a proven lower bound >= beta.
 * WS_INFINITE means "no tree finds every answer within the guesses left".
 */
#ifndef LEXIGRID_WORDLE_SOLVER_H
#define LEXIGRID_WORDLE_SOLVER_H

#include <stdint.h>

#define WS_INFINITE (1 << 30)
#define WS_FAILED (-1) /* out of memory: the call did not finish */

/* What a solver reads (borrowed: the caller keeps every array alive while the solver lives). */
typedef struct {
    const void *by_answer;     /* codes[a][g], answers x guesses, uint8 or uint16 */
    const void *by_guess;      /* codes[g][a], guesses x answers, same item size */
    int code_bytes;            /* 1 or 2 */
    int32_t n_answers, n_guesses, n_replies, solved;
    const int32_t *answer_guess; /* each answer's index among the guesses */
    const int32_t *guess_answer; /* each guess's index among the answers, or -1 */
    const uint8_t *letters;      /* n_guesses x length letter numbers 0-25 (hard mode) */
    const uint8_t *counts;       /* n_guesses x 26 letter counts (hard mode) */
    int32_t length;
    int hard;                    /* the hard-mode rule restricts the guesses after each reply */
    int32_t breadth;             /* 0: every guess; else only the first `breadth` of each set, in order */
    int64_t memory_limit;        /* bytes of memo kept between calls (cleared when over) */
} WsTables;

typedef struct {
    int64_t nodes;       /* sets searched guess by guess */
    int64_t bounded;     /* sets settled by the bound of one guess's parts */
    int64_t memo_hits;   /* memo answers (exact, or a bound at or above the bar) */
    int64_t entries;     /* memo entries now */
    int64_t bytes;       /* memo bytes now */
    int64_t clears;      /* times the memo was emptied for memory */
} WsStats;

typedef struct WsSolver WsSolver;

WsSolver *ws_new(const WsTables *tables);
void ws_free(WsSolver *s);
/* The least total for `answers` within `depth` guesses (exact below beta, else a bound >= beta). */
int32_t ws_cost(WsSolver *s, const int32_t *answers, int32_t m, const int32_t *allowed, int32_t n,
                int32_t depth, int32_t beta);
/* The same after playing `guess` first (the guess is counted: every answer sees it). */
int32_t ws_guess_cost(WsSolver *s, int32_t guess, const int32_t *answers, int32_t m, const int32_t *allowed,
                      int32_t n, int32_t depth, int32_t beta);
/* The exact least total and a guess that reaches it (-1 when there is none within depth). */
int32_t ws_best(WsSolver *s, const int32_t *answers, int32_t m, const int32_t *allowed, int32_t n, int32_t depth,
                int32_t *guess);
void ws_clear(WsSolver *s);
void ws_stats(const WsSolver *s, WsStats *out);
/* The guesses of `allowed` that keep the hard-mode rule after `guess` got `reply`; returns how many. */
int32_t ws_keep_hard(const WsTables *t, const int32_t *allowed, int32_t n, int32_t guess, int32_t reply,
                     int32_t *out);

#endif
