/* Cross-checks: which letters may go on an empty square given the tiles beside it across the line, and
 * their cross score (the points of those tiles), kept per square and direction and recomputed line by line.
 * checks/cscores hold 2*dim*dim entries: [0, dim*dim) for across play (set by the column, row-major),
 * [dim*dim, 2*dim*dim) for down play (set by the row, stored transposed: index c*dim + r). */
#include "engine.h"

/* Letters x such that prefix + x + suffix is a word. The GADDAG holds each word as every split of it: the
 * letters before a cut reversed, the separator, the rest (the whole word reversed needs no separator). One
 * side is walked once, then the other for each letter the node after it allows: the shorter side per
 * letter. With a suffix: suffix reversed, x, prefix reversed (the word's full reversal). With a prefix only,
 * or a shorter suffix: prefix reversed, the separator, x, suffix (the cut just after the prefix). */
static LetterSet check_set(const uint32_t *graph, const uint8_t *prefix, int np, const uint8_t *suffix, int ns) {
    uint32_t node = graph[SEARCH_ROOT];
    int cut = np > 0 && ns < np; /* the prefix walked first */
    const uint8_t *first = cut ? prefix : suffix, *then = cut ? suffix : prefix;
    int nfirst = cut ? np : ns, nthen = cut ? ns : np;
    for (int i = nfirst - 1; i >= 0; i--) {
        uint32_t a = next_arc(graph, node, first[i]);
        if (!a) return 0;
        node = a & SEARCH_CHILD;
    }
    if (cut) { /* past the separator */
        uint32_t a = next_arc(graph, node, 0);
        if (!a) return 0;
        node = a & SEARCH_CHILD;
    }
    LetterSet all = node_letters(graph, node), letters = all & ALL_LETTERS, set = 0;
    const uint32_t *arcs = node_arcs(graph, node) + (all & 1); /* past the separator's arc */
    for (LetterSet rest = letters; rest; rest &= rest - 1) {
        uint32_t x = (uint32_t)__builtin_ctzll(rest), cur = *arcs++;
        if (cut)
            for (int j = 0; j < nthen && cur; j++) cur = next_arc(graph, cur & SEARCH_CHILD, then[j]);
        else
            for (int j = nthen - 1; j >= 0 && cur; j--) cur = next_arc(graph, cur & SEARCH_CHILD, then[j]);
        if (cur & SEARCH_ACCEPTS) set |= LETTER(x);
    }
    return set;
}

SEARCH_CLONES void square_check(const uint32_t *graph, const uint8_t *line, int dim, const int8_t *scores, int i,
                                LetterSet *check, int32_t *cscore) {
    if (line[i]) {
        *check = 0;
        *cscore = -1;
        return;
    }
    int a = i, z = i;
    while (a > 0 && line[a - 1]) a--;
    while (z < dim - 1 && line[z + 1]) z++;
    if (a == i && z == i) {
        *check = ALL_LETTERS;
        *cscore = -1;
        return;
    }
    uint8_t prefix[MAX_DIM], suffix[MAX_DIM];
    int np = 0, ns = 0, sum = 0;
    for (int j = a; j < i; j++) {
        prefix[np++] = line[j] & CODE_MASK;
        sum += (line[j] & BLANK) ? 0 : scores[line[j] & CODE_MASK];
    }
    for (int j = i + 1; j <= z; j++) {
        suffix[ns++] = line[j] & CODE_MASK;
        sum += (line[j] & BLANK) ? 0 : scores[line[j] & CODE_MASK];
    }
    *check = check_set(graph, prefix, np, suffix, ns);
    *cscore = sum;
}

/* Fill checks/cscores for one line of `dim` squares (stride `step` in the output arrays). */
static void line_checks(const uint32_t *graph, const uint8_t *line, int dim, const int8_t *scores,
                        LetterSet *checks, int32_t *cscores, int step) {
    for (int i = 0; i < dim; i++) square_check(graph, line, dim, scores, i, &checks[i * step], &cscores[i * step]);
}

int lines_fit(const BoardArgs *board, size_t scores_len, const uint8_t *rows, size_t nrows, const uint8_t *cols,
              size_t ncols) {
    int dim = board->dim;
    size_t nn = (size_t)dim * (size_t)dim;
    int fits = dim >= 1 && dim <= MAX_DIM && board->tiles_len >= nn && scores_len >= 2 &&
               scores_len <= MAX_CODES && board->checks_len >= 2 * nn * sizeof(LetterSet) && board->cscores_len >= 2 * nn * sizeof(int32_t);
    for (size_t k = 0; fits && k < ncols; k++) fits = cols[k] < dim;
    for (size_t k = 0; fits && k < nrows; k++) fits = rows[k] < dim;
    return fits;
}

void update_lines(const uint32_t *graph, const BoardArgs *board, const int8_t *scores, const uint8_t *rows,
                  size_t nrows, const uint8_t *cols, size_t ncols) {
    int dim = board->dim, nn = dim * dim;
    const uint8_t *tiles = board->tiles;
    LetterSet *checks = board->checks;
    int32_t *cscores = board->cscores;
    uint8_t line[MAX_DIM];
    for (size_t k = 0; k < ncols; k++) {
        int c = cols[k];
        for (int r = 0; r < dim; r++) line[r] = tiles[r * dim + c];
        line_checks(graph, line, dim, scores, checks + c, cscores + c, dim);
    }
    for (size_t k = 0; k < nrows; k++) {
        int r = rows[k];
        line_checks(graph, tiles + r * dim, dim, scores, checks + nn + r, cscores + nn + r, dim);
    }
}
