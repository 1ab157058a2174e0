/* Move generation: Gordon's GADDAG version of Appel & Jacobson's algorithm, one anchor at a time, across on
 * the board and down on its transpose; the best-move modes bound every anchor (its shadow) and search the
 * anchors best bound first, with the word map's subracks where they apply. */
#include "engine.h"
#include "wordmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Writes a number (0..999) in decimal; returns the characters written. */
static int decimal(char *out, int n) {
    int len = 0;
    if (n >= 100) out[len++] = (char)('0' + n / 100);
    if (n >= 10) out[len++] = (char)('0' + n / 10 % 10);
    out[len++] = (char)('0' + n % 10);
    return len;
}

void notation(char *out, int down, int row, int col, const uint8_t *letters, int length) {
    int n = 0;
    if (down) {
        out[n++] = (char)('A' + col);
        n += decimal(out + n, row + 1);
    } else {
        n += decimal(out + n, row + 1);
        out[n++] = (char)('A' + col);
    }
    out[n++] = ' ';
    for (int i = 0; i < length; i++) {
        uint8_t t = letters[i];
        out[n++] = (char)(((t & BLANK) ? 'a' : 'A') + (t & CODE_MASK) - 1);
    }
    out[n] = 0;
}

/* Ties on the sort key go to the move whose notation is first in ASCII order (the convention of the
 * reference positions), so the best move never depends on the order the search met the candidates in. */
static int precedes(const Gen *g, int left, int right) {
    const MoveRec *b = &g->best;
    char mine[64], theirs[64];
    notation(mine, g->down, g->down ? left : g->line, g->down ? g->line : left, g->strip + left, right - left + 1);
    notation(theirs, b->down, b->row, b->col, b->letters, b->length);
    return strcmp(mine, theirs) < 0;
}

static void record(Gen *g, int left, int right, int ms, int wm, int ct) {
    int nt = g->nt, leave = g->leave;
    if (right == left) return;
    if (g->only && (g->only == ONLY_WHOLE) != (g->rack_size == 0)) return; /* see Shadow.only */
    if (g->down && nt == 1 && g->cscores[g->line * g->dim + g->anchor] >= 0) return;
    if (g->mode == MODE_COUNT) {
        g->n++;
        return;
    }
    int score = ms * wm + ct + (nt == g->bingo_tiles ? g->bingo_bonus : 0);
    double equity = score + g->leave_values[leave];
    if (g->vowel_penalty) {
        for (int i = left; i <= right; i++) {
            uint8_t t = g->strip[i];
            if (!(t & THROUGH) && (g->vowels >> (t & CODE_MASK) & 1))
                equity += g->vowel_penalty[g->line * g->dim + i];
        }
    }
    if (g->mode == MODE_BEST_SCORE && g->have_best) {
        if (score < g->best.score || (score == g->best.score && !precedes(g, left, right))) return;
    } else if (g->mode == MODE_BEST_EQUITY && g->have_best) {
        if (equity < g->best.equity) return;
        if (equity == g->best.equity &&
            (score < g->best.score || (score == g->best.score && !precedes(g, left, right))))
            return;
    }
    MoveRec *m;
    if (g->mode == MODE_ALL) {
        if (g->n == g->cap) {
            size_t cap = g->cap ? g->cap * 2 : 4096;
            MoveRec *o = realloc(g->out, cap * sizeof(MoveRec));
            if (!o) {
                g->failed = 1;
                return;
            }
            g->out = o;
            g->cap = cap;
        }
        m = &g->out[g->n++];
    } else {
        m = &g->best;
        g->have_best = 1;
    }
    memset(m, 0, sizeof(MoveRec));
    if (g->down) {
        m->row = (uint8_t)left;
        m->col = (uint8_t)g->line;
    } else {
        m->row = (uint8_t)g->line;
        m->col = (uint8_t)left;
    }
    m->down = (uint8_t)g->down;
    m->length = (uint8_t)(right - left + 1);
    m->ntiles = (uint8_t)nt;
    m->leave = (uint8_t)leave;
    m->score = (int16_t)score;
    m->equity = equity;
    memcpy(m->letters, g->strip + left, (size_t)(right - left + 1));
}

SEARCH_CLONES static void gen(Gen *g, int pos, uint32_t node, int ms, int wm, int ct);

/* Go on from square `pos` along `arc`: record a word that ends here, extend leftwards, or cross the
 * separator to extend rightwards from the anchor. The tiles played, the leave index and the word's left
 * end live in g (restored by the caller); the scores travel as arguments. */
static inline __attribute__((always_inline)) void go_on(Gen *g, int pos, uint32_t arc, int ms, int wm, int ct) {
    const uint8_t *row = g->tiles + g->line * g->dim;
    int dim = g->dim;
    uint32_t child = arc & SEARCH_CHILD;
    if (pos <= g->anchor) {
        int clear_left = pos == 0 || !row[pos - 1];
        int clear_right = g->anchor == dim - 1 || !row[g->anchor + 1];
        if ((arc & SEARCH_ACCEPTS) && clear_left && clear_right) record(g, pos, g->anchor, ms, wm, ct);
        if (!child) return;
        if (pos > 0 && pos - 1 != g->last_anchor) gen(g, pos - 1, child, ms, wm, ct);
        if (clear_left && g->anchor < dim - 1 && (node_letters(g->graph, child) & 1)) {
            uint32_t sep = node_arcs(g->graph, child)[0]; /* the separator sorts first */
            if (sep & SEARCH_CHILD) {
                int left = g->left;
                g->left = pos;
                gen(g, g->anchor + 1, sep & SEARCH_CHILD, ms, wm, ct);
                g->left = left;
            }
        }
    } else {
        int clear_right = pos == dim - 1 || !row[pos + 1];
        if ((arc & SEARCH_ACCEPTS) && clear_right) record(g, g->left, pos, ms, wm, ct);
        if (child && pos < dim - 1) gen(g, pos + 1, child, ms, wm, ct);
    }
}

SEARCH_CLONES static void gen(Gen *g, int pos, uint32_t node, int ms, int wm, int ct) {
    int sq = g->line * g->dim + pos;
    uint8_t tile = g->tiles[sq];
    LetterSet mask = node_letters(g->graph, node);
    const uint32_t *arcs = node_arcs(g->graph, node);
    if (tile) {
        uint32_t x = tile & CODE_MASK;
        if (!(mask >> x & 1)) return;
        uint32_t a = arc_of(mask, arcs, x);
        g->strip[pos] = (uint8_t)(tile | THROUGH);
        go_on(g, pos, a, ms + ((tile & BLANK) ? 0 : g->scores[x]), wm, ct);
        return;
    }
    if (!g->rack_size) return;
    LetterSet allowed = g->checks[sq] & mask;
    if (!g->rack[0]) allowed &= g->rack_mask;
    if (!allowed) return;
    int lm = g->lmul[sq], w = g->wmul[sq];
    int32_t cs = g->cscores[sq];
    g->nt++;
    g->rack_size--;
    while (allowed) {
        uint32_t x = (uint32_t)__builtin_ctzll(allowed);
        allowed &= allowed - 1;
        uint32_t a = arc_of(mask, arcs, x);
        if (g->rack[x]) {
            int v = g->scores[x] * lm;
            if (!--g->rack[x]) g->rack_mask &= ~LETTER(x);
            g->leave -= g->stride[x];
            g->strip[pos] = (uint8_t)x;
            go_on(g, pos, a, ms + v, wm * w, cs >= 0 ? ct + (cs + v) * w : ct);
            g->leave += g->stride[x];
            g->rack[x]++;
            g->rack_mask |= LETTER(x);
        }
        if (g->rack[0]) {
            g->rack[0]--;
            g->leave -= g->stride[0];
            g->strip[pos] = (uint8_t)(x | BLANK);
            go_on(g, pos, a, ms, wm * w, cs >= 0 ? ct + cs * w : ct);
            g->leave += g->stride[0];
            g->rack[0]++;
        }
    }
    g->nt--;
    g->rack_size++;
}

/* Every placement from the current anchor, starting from `root` with the whole rack's leave index. */
static void search_anchor(Gen *g, uint32_t root, int leave) {
    g->left = g->anchor, g->nt = 0, g->leave = leave;
    gen(g, g->anchor, root, 0, 1, 0);
}

/* An upper bound on the score (or equity) of any placement generated from the current anchor (the
 * "shadow"): for each span of squares reachable from the anchor, the highest rack tiles on the
 * best-weighted squares, plus the best leave for that many tiles played. Ignores which letters fit, except
 * that with the word map a span for all the tiles is skipped when they cannot make a word with the board
 * tiles it runs through: that rules out most bingo bounds, which would otherwise dominate. */
typedef struct {
    double bound;
    int down, line, anchor, last_anchor, phase;
    int only; /* with the word map, an anchor's plays of every tile and the rest are bounded apart */
} Shadow;

#define NO_BOUND -1e300 /* no placement from this anchor at all */

/* The shadows are taken highest bound first from a binary max-heap of their bounds and indices: the search
 * stops at the first bound below the best found, so most are never ordered. */
typedef struct {
    double bound;
    uint32_t at; /* the shadow's index */
} Ranked;

static void sift_down(Ranked *heap, size_t n, size_t i) {
    Ranked x = heap[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && heap[c + 1].bound > heap[c].bound) c++;
        if (!(heap[c].bound > x.bound)) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = x;
}

static uint32_t pop_shadow(Ranked *heap, size_t *n) {
    uint32_t top = heap[0].at;
    heap[0] = heap[--*n];
    sift_down(heap, *n, 0);
    return top;
}

/* Whether all the tiles a phase can play, with the through tiles of `through` (a key sum), may make a
 * word (always, with more than two blanks). A necessary condition, memoised per phase and through key. */
static int whole_word_possible(Gen *g, int phase, uint64_t through) {
    uint64_t key = through + (uint64_t)phase * 0x9E3779B97F4A7C15ull;
    int slot = (int)((key ^ (key >> 17)) & 63);
    if (g->memo_known[slot] && g->memo_key[slot] == key) return g->memo[slot];
    const char *map = g->word_map;
    uint64_t word = g->rack_key + through;
    int found = 0, blanks = g->phases[phase].most;
    if (blanks == 0) {
        found = map_has(map, word);
    } else if (blanks == 1) {
        found = map_blank_letters(map, word) != 0;
    } else if (blanks == 2) {
        for (uint32_t x = 1; x <= (uint32_t)g->letters && !found; x++) found = map_blank_letters(map, word + LETTER_KEYS[x]) != 0;
    } else {
        found = 1;
    }
    g->memo_key[slot] = key;
    g->memo[slot] = (uint32_t)found;
    g->memo_known[slot] = 1;
    return found;
}

/* What a placement must reach to matter: the best so far's equity or score (NO_BOUND: none yet). */
static inline double best_so_far(const Gen *g, int by_equity) {
    return !g->have_best ? NO_BOUND : by_equity ? g->best.equity : (double)g->best.score;
}

static void sort_down(int *a, int n) {
    for (int i = 1; i < n; i++) /* insertion sort: short arrays */
        for (int m = i; m > 0 && a[m] > a[m - 1]; m--) {
            int t = a[m];
            a[m] = a[m - 1];
            a[m - 1] = t;
        }
}

/* A span of squares a play from the current anchor can cover: the anchor, j empty squares to its left and
 * rr to its right, with the board tiles between and beside them. What bounds its plays is kept sorted. */
typedef struct {
    int n, left, right; /* tiles played; the word's first and last squares */
    int blank_only;     /* its squares no real rack tile may take */
    int fixed;          /* the through tiles' and the cross words' own points, multiplied */
    int weights[8];     /* what a point of tile is worth on each square, highest first */
    int caps[8];        /* the most each square can give with a real rack tile, highest first */
    int points[9];      /* the most the rack's m highest tiles (blanks as 0) can score on it, fixed included */
    uint64_t through;   /* the through tiles' anagram key */
} Span;

#define MAX_SPANS 64

/* A span being built square by square: a square on a plain or letter premium leaves the others' weights
 * as they are (one insertion), a word premium changes them all (a new sort). */
typedef struct {
    int n, wm, cross, blank_only;
    int total_only; /* caps summed into capped, not sorted (see SPANS_TOTAL) */
    int capped;
    int sq[8], weights[8], caps[8];
} SpanBuild;

/* What anchor_spans gives each span: its points for every number of the rack's best tiles, also its sorted
 * weights and caps, or only its points for all its squares filled (what bounds a phase that plays no
 * blank apart, the only one of a rack without blanks or by score). */
enum { SPANS_POINTS = 0, SPANS_TILES = 1, SPANS_TOTAL = 2 };

static inline void insert_down(int *a, int n, int v) {
    while (n > 0 && a[n - 1] < v) a[n] = a[n - 1], n--;
    a[n] = v;
}

static inline __attribute__((always_inline)) void build_add(const Gen *g, SpanBuild *b, int q) {
    int32_t cs = g->cscores[q];
    int w = g->wmul[q];
    b->sq[b->n++] = q;
    if (cs >= 0) b->cross += cs * w;
    b->blank_only += !(g->checks[q] & g->rack_mask & ALL_LETTERS);
    if (w == 1) {
        int weight = g->lmul[q] * (b->wm + (cs >= 0));
        insert_down(b->weights, b->n - 1, weight);
        if (b->total_only)
            b->capped += weight * g->caps[q];
        else
            insert_down(b->caps, b->n - 1, weight * g->caps[q]);
        return;
    }
    b->wm *= w;
    b->capped = 0;
    for (int i = 0; i < b->n; i++) {
        int sq = b->sq[i];
        b->weights[i] = g->lmul[sq] * (b->wm + (g->cscores[sq] >= 0 ? g->wmul[sq] : 0));
        b->caps[i] = b->weights[i] * g->caps[sq];
        b->capped += b->caps[i];
    }
    sort_down(b->weights, b->n);
    if (!b->total_only) sort_down(b->caps, b->n);
}

/* Every span of `least` to `most` tiles from the current anchor, into out; returns how many. A square is
 * open to it when its cross-check admits one of `letters`. What each span gets: see SPANS_POINTS. */
static int anchor_spans(const Gen *g, int least, int most, LetterSet letters, int what, Span *out) {
    int dim = g->dim, base = g->line * dim, a = g->anchor;
    const uint8_t *row = g->tiles + base;
    if (most < 1 || !(g->checks[base + a] & letters)) return 0;
    int lsq[8], rsq[8], lend[8], rend[8], lthr[8], rthr[8], nl = 0, nr = 0, pos = a - 1, thr = 0;
    uint64_t lkey[8], rkey[8], key = 0;
#define THROUGH_TILE(step) \
    (thr += (row[pos] & BLANK) ? 0 : g->scores[row[pos] & CODE_MASK], key += LETTER_KEYS[row[pos] & CODE_MASK], pos += (step))
    while (pos >= 0 && row[pos]) THROUGH_TILE(-1);
    lthr[0] = thr, lkey[0] = key, lend[0] = pos + 1;
    while (nl < most - 1 && pos >= 0 && pos > g->last_anchor && !row[pos] && (g->checks[base + pos] & letters)) {
        lsq[++nl] = pos--;
        while (pos >= 0 && row[pos]) THROUGH_TILE(-1);
        lthr[nl] = thr, lkey[nl] = key, lend[nl] = pos + 1;
    }
    pos = a + 1, thr = 0, key = 0;
    while (pos < dim && row[pos]) THROUGH_TILE(1);
    rthr[0] = thr, rkey[0] = key, rend[0] = pos - 1;
    while (nr < most - 1 && pos < dim && !row[pos] && (g->checks[base + pos] & letters)) {
        rsq[++nr] = pos++;
        while (pos < dim && row[pos]) THROUGH_TILE(1);
        rthr[nr] = thr, rkey[nr] = key, rend[nr] = pos - 1;
    }
#undef THROUGH_TILE
    int ns = 0;
    SpanBuild left = {0, 1, 0, 0, what == SPANS_TOTAL, 0, {0}, {0}, {0}};
    build_add(g, &left, base + a);
    for (int j = 0; j <= nl; j++) {
        if (j) build_add(g, &left, base + lsq[j]);
        if (1 + j + nr < least) continue; /* too few squares to its right */
        SpanBuild b = left;
        for (int rr = 0; rr <= nr && 1 + j + rr <= most; rr++) {
            if (rr) build_add(g, &b, base + rsq[rr]);
            if (b.n < least) continue;
            Span *s = &out[ns];
            s->left = lend[j], s->right = rend[rr];
            if (s->right == s->left || s->right - s->left + 1 > 15) continue;
            s->n = b.n;
            s->blank_only = b.blank_only;
            s->fixed = (lthr[j] + rthr[rr]) * b.wm + b.cross;
            if (what == SPANS_TILES) {
                memcpy(s->weights, b.weights, sizeof b.weights);
                memcpy(s->caps, b.caps, sizeof b.caps);
            }
            int paired = 0, capped = 0;
            if (what == SPANS_TOTAL) {
                for (int m = 0; m < b.n; m++) paired += b.weights[m] * g->values[m];
                s->points[b.n] = s->fixed + (paired < b.capped ? paired : b.capped);
            } else {
                s->points[0] = s->fixed;
                for (int m = 0; m < b.n; m++) {
                    paired += b.weights[m] * g->values[m], capped += b.caps[m];
                    s->points[m + 1] = s->fixed + (paired < capped ? paired : capped);
                }
            }
            s->through = lkey[j] + rkey[rr];
            ns++;
        }
    }
    return ns;
}

/* The most a play of span s's tiles can score: the tiles' values (highest first) on the best squares. */
static inline int span_points(const Span *s, const uint8_t *values, int real) {
    int paired = 0, capped = 0;
    for (int i = 0; i < real; i++) paired += s->weights[i] * values[i], capped += s->caps[i];
    return s->fixed + (paired < capped ? paired : capped);
}

/* The shadow of phase `phase` over the anchor's spans: the bound of all its plays (returned), of those
 * that leave some of its tiles unplayed (part) and of those that play them all (whole). */
static double shadow_bound(Gen *g, int phase, int by_equity, const Span *spans, int ns, double *part, double *whole) {
    const Phase *p = &g->phases[phase];
    double best = NO_BOUND;
    *part = *whole = NO_BOUND;
    for (int i = 0; i < ns; i++) {
        const Span *s = &spans[i];
        int n = s->n;
        if (n > p->k || n < p->blanks_played || s->blank_only > p->most) continue;
        if (g->word_map && n == p->k && !whole_word_possible(g, phase, s->through)) continue;
        double total = s->points[n - p->blanks_played] + (n == g->bingo_tiles ? g->bingo_bonus : 0);
        total += by_equity ? p->max_leave[n] : 0;
        if (total > best) best = total;
        if (n < p->k && total > *part) *part = total;
        if (n == p->k && total > *whole) *whole = total;
    }
    return best;
}

static void face(Gen *g, int down, const Direction *dir) {
    g->down = down;
    g->tiles = dir->tiles;
    g->checks = dir->checks;
    g->cscores = dir->cscores;
    g->lmul = dir->lmul;
    g->wmul = dir->wmul;
    g->vowel_penalty = dir->vowel_penalty;
    g->vowels = dir->vowels;
    g->caps = dir->caps;
}

/* Record a word found in the word map at squares left..right of the current line, if it fits: its
 * letters match the board's tiles, the rest pass the cross-checks and are the subrack's tiles, its blanks
 * standing for `blank1`, `blank2` (0: none). Each square the blanks may take gives its own placement. */
static void fit_word(Gen *g, const uint8_t *word, int left, int right, uint32_t blank1, uint32_t blank2,
                     const Subrack *sub) {
    int dim = g->dim, base = g->line * dim;
    const uint8_t *row = g->tiles + base;
    int news[8], nnew = 0;
    for (int pos = left; pos <= right; pos++) { /* most words fail here: the letters counted only after */
        uint8_t x = word[pos - left], tile = row[pos];
        if (tile) {
            if ((tile & CODE_MASK) != x) return;
            g->strip[pos] = (uint8_t)(tile | THROUGH);
            continue;
        }
        if (!(g->checks[base + pos] >> x & 1) || nnew == 8) return;
        news[nnew++] = pos;
    }
    uint8_t need[sizeof sub->count] = {0}; /* the word's letters on empty squares (a blank's may wrap: no match) */
    for (int i = 0; i < nnew; i++) need[word[news[i] - left]]++;
    if (blank1) need[blank1]--;
    if (blank2) need[blank2]--;
    if (memcmp(need + 1, sub->count + 1, sizeof need - 1)) return;
    /* the blanks go on squares holding their letters: every choice (two alike: every pair) */
    int spots1[8], n1 = 0, spots2[8], n2 = 0;
    for (int i = 0; i < nnew; i++) {
        if (blank1 && word[news[i] - left] == blank1) spots1[n1++] = news[i];
        if (blank2 && word[news[i] - left] == blank2) spots2[n2++] = news[i];
    }
    for (int a = 0; a < (blank1 ? n1 : 1); a++)
        for (int b = 0; b < (blank2 ? n2 : 1); b++) {
            int s1 = blank1 ? spots1[a] : -1, s2 = blank2 ? spots2[b] : -1;
            if (blank2 && (s1 == s2 || (blank1 == blank2 && s2 < s1))) continue;
            int ms = 0, wm = 1, ct = 0;
            for (int pos = left; pos <= right; pos++) {
                uint8_t tile = row[pos];
                if (tile) {
                    ms += (tile & BLANK) ? 0 : g->scores[tile & CODE_MASK];
                    continue;
                }
                uint8_t x = word[pos - left];
                int is_blank = pos == s1 || pos == s2;
                int sq = base + pos, w = g->wmul[sq], v = is_blank ? 0 : g->scores[x] * g->lmul[sq];
                int32_t cs = g->cscores[sq];
                g->strip[pos] = (uint8_t)(is_blank ? x | BLANK : x);
                ms += v;
                wm *= w;
                if (cs >= 0) ct += (cs + v) * w;
            }
            g->nt = nnew;
            g->leave = sub->leave;
            record(g, left, right, ms, wm, ct);
        }
}

/* Spans of one anchor that play the same number of tiles through the same board tiles: their words are
 * the same, looked up once and tried on each of them. */
typedef struct {
    const Span *spans[8];
    int n;
} SpanGroup;

/* The words found under a key (`count` of them), those of the group's length each tried on its spans. */
static void fit_found(Gen *g, const Subrack *sub, const uint8_t (*words)[16], uint32_t count, const SpanGroup *group,
                      uint32_t blank1, uint32_t blank2) {
    int length = group->spans[0]->right - group->spans[0]->left + 1;
    for (uint32_t i = 0; i < count; i++)
        if (!words[i][length] && words[i][length - 1]) /* a word of exactly that length */
            for (int m = 0; m < group->n; m++)
                fit_word(g, words[i], group->spans[m]->left, group->spans[m]->right, blank1, blank2, sub);
}

/* The words filed under `key`, each tried on the group's spans. */
static void fit_key(Gen *g, const Subrack *sub, uint64_t key, const SpanGroup *group, uint32_t blank1, uint32_t blank2) {
    uint32_t count;
    const uint8_t (*words)[16] = map_words(g->word_map, key, &count);
    fit_found(g, sub, words, count, group, blank1, blank2);
}

/* The words of `sub`'s tiles (one blank or two) and the group's board tiles, each tried on the group's
 * spans, its blanks standing for the letters the blank table allows. */
static void fit_blank_words(Gen *g, const Subrack *sub, const SpanGroup *group) {
    uint64_t key = sub->key + group->spans[0]->through;
    if (sub->blanks == 1) {
        for (LetterSet xs = map_blank_letters(g->word_map, key); xs; xs &= xs - 1) {
            uint32_t x = (uint32_t)__builtin_ctzll(xs);
            fit_key(g, sub, key + LETTER_KEYS[x], group, x, 0);
        }
    } else {
        for (uint32_t x = 1; x <= (uint32_t)g->letters; x++) {
            uint64_t with_x = key + LETTER_KEYS[x];
            for (LetterSet ys = map_blank_letters(g->word_map, with_x) & ~(LETTER(x) - 1); ys; ys &= ys - 1) {
                uint32_t y = (uint32_t)__builtin_ctzll(ys);
                fit_key(g, sub, with_x + LETTER_KEYS[y], group, x, y);
            }
        }
    }
}

/* Every play from the current anchor of `lo`..`hi` tiles of phase p, from the word map instead of the
 * GADDAG: for each group of spans (same size, same board tiles) whose bound reaches the best so far, and
 * each subrack of that size, bounded by its own tiles and leave, the words of its tiles and the group's
 * board tiles, looked up once and tried on each span of the group. */
static void span_plays(Gen *g, const Phase *p, int lo, int hi, int by_equity) {
    Span spans[MAX_SPANS];
    int ns = anchor_spans(g, lo, hi, p->most ? ALL_LETTERS : g->rack_mask, SPANS_TILES, spans);
    uint64_t grouped = 0;
    for (int i = 0; i < ns; i++) {
        int n = spans[i].n;
        if (n < lo || n < p->least || (grouped >> i & 1)) continue;
        int members[8], nm = 0;
        double top = NO_BOUND; /* the group's bound over the phase's subracks */
        Span most = spans[i];  /* per tile, the most any of the group's spans gives: bounds them all */
        for (int m = i; m < ns; m++) {
            const Span *t = &spans[m];
            if (t->n != n || t->through != spans[i].through || nm == 8) continue;
            members[nm++] = m;
            grouped |= 1ull << m;
            if (t->blank_only <= p->most && t->points[n - p->least] > top) top = t->points[n - p->least];
            if (t->fixed > most.fixed) most.fixed = t->fixed;
            if (t->blank_only < most.blank_only) most.blank_only = t->blank_only;
            for (int x = 0; x < n; x++) {
                if (t->weights[x] > most.weights[x]) most.weights[x] = t->weights[x];
                if (t->caps[x] > most.caps[x]) most.caps[x] = t->caps[x];
            }
        }
        if (top <= NO_BOUND) continue;
        int bonus = n == g->bingo_tiles ? g->bingo_bonus : 0;
        double points = top + bonus; /* the most any of the phase's subracks scores on the group */
        double beat = best_so_far(g, by_equity); /* as the group began: later subracks may be tried in vain */
        if (points + (by_equity ? p->max_leave[n] : 0) < beat) continue;
        int ph = (int)(p - g->phases), fixed = by_equity && p->least == p->most;
        const uint8_t *order = g->phase_order[ph];
        const Subrack *todo[MAX_SUBRACKS];
        int ntodo = 0, first = g->phase_at[ph][n], last = g->phase_at[ph][n + 1];
        if (p->most < most.blank_only) continue; /* every subrack of the phase has too few blanks */
        int few_blanks = p->least < most.blank_only; /* some have */
        if (fixed) { /* its blanks fixed, subracks of worse leaves are bounded lower still: only the first ones */
            int lo = first, hi = last; /* the first subrack whose leave falls short, by bisection */
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (points + g->subracks[order[mid]].leave_value < beat)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            last = lo;
        }
        for (int k = first; k < last; k++) {
            const Subrack *sub = &g->subracks[order[k]];
            if (few_blanks && sub->blanks < most.blank_only) continue;
            /* most have no words with the group's board tiles, which the word map's filter tells first */
            uint64_t key = sub->key + spans[i].through;
            if (!sub->blanks && !map_may_have(g->word_map, key)) continue;
            if (g->have_best) {
                double bound = span_points(&most, sub->values, n - sub->blanks) + bonus;
                if (bound + (by_equity ? sub->leave_value : 0) < beat) continue;
            }
            if (!sub->blanks)
                map_prefetch(g->word_map, key);
            else if (sub->blanks == 1)
                map_blank_prefetch(g->word_map, key);
            todo[ntodo++] = sub;
        }
        /* the lookups, their slots fetched above all at once (most of a lookup's time is the wait for it),
         * then the words of those that hold some, fetched all at once too */
        const uint8_t (*found[MAX_SUBRACKS])[16];
        uint32_t counts[MAX_SUBRACKS];
        for (int t = 0; t < ntodo; t++) {
            if (todo[t]->blanks) continue;
            found[t] = map_probe(g->word_map, todo[t]->key + spans[i].through, &counts[t]);
            if (found[t]) __builtin_prefetch(found[t]);
        }
        for (int t = 0; t < ntodo; t++) {
            SpanGroup group = {{0}, 0}; /* no bound per span: each costs more than the lookups it would save */
            for (int m = 0; m < nm; m++)
                if (spans[members[m]].blank_only <= todo[t]->blanks) group.spans[group.n++] = &spans[members[m]];
            if (!group.n) continue;
            if (todo[t]->blanks)
                fit_blank_words(g, todo[t], &group);
            else
                fit_found(g, todo[t], found[t], counts[t], &group, 0, 0);
        }
    }
}

/* Insert letter x into held[0..n-1], kept in descending score order (the blank, scoring 0, last). */
static void insert_by_score(const Gen *g, int *held, int n, int x) {
    int score = x ? g->scores[x] : -1;
    while (n > 0 && (held[n - 1] ? g->scores[held[n - 1]] : -1) < score) held[n] = held[n - 1], n--;
    held[n] = x;
}

/* Every distinct subrack of g's rack into p, and each phase's in order (p->phase_order). */
static void subracks_of(const Gen *g, RackPrep *p, int first_phase, int last_phase) {
    Subrack *out = p->subracks;
    int held[8], nheld = 0, count[8] = {0}, n = 0;
    for (int x = g->letters; x >= 0; x--) /* highest score first, so each subrack's values come out sorted */
        if (g->rack[x]) insert_by_score(g, held, nheld++, x);
    /* an odometer over the held letters' counts, the first one's digit lowest: each next subrack is an earlier
     * one (its digit one lower, the digits below it 0) with one more tile of held[h], whose score is at least
     * that of any tile it holds (the tiles of held[h] and after), so it goes first in the values */
    Subrack *s = &out[n++];
    memset(s, 0, sizeof *s);
    for (int h = 0; h < nheld; h++) s->leave += g->rack[held[h]] * g->stride[held[h]];
    s->leave_value = g->leave_values[s->leave];
    int radix[8], step = 1;
    for (int h = 0; h < nheld; h++) radix[h] = step, step *= g->rack[held[h]] + 1;
    for (;;) {
        int h = 0;
        while (h < nheld && count[h] == g->rack[held[h]]) count[h++] = 0;
        if (h == nheld) break;
        count[h]++;
        int x = held[h];
        s = &out[n];
        *s = out[n - radix[h]];
        n++;
        s->count[x]++;
        s->size++;
        s->leave -= g->stride[x];
        s->leave_value = g->leave_values[s->leave];
        if (x) {
            s->key += LETTER_KEYS[x];
            memmove(s->values + 1, s->values, sizeof s->values - sizeof s->values[0]);
            s->values[0] = g->scores[x];
        } else {
            s->blanks++;
        }
    }
    /* each phase's subracks by size, the best leave first (see span_plays) */
    uint8_t by_size[8][MAX_SUBRACKS];
    int sized[8] = {0};
    for (int i = 0; i < n; i++)
        if (out[i].size < 8) by_size[out[i].size][sized[out[i].size]++] = (uint8_t)i;
    for (int ph = first_phase; ph <= last_phase; ph++) {
        const Phase *phase = &p->phases[ph];
        uint8_t *order = p->phase_order[ph];
        int at = 0;
        for (int size = 0; size <= 8; size++) {
            p->phase_at[ph][size] = (int16_t)at;
            int first = at;
            for (int b = 0; size < 8 && b < sized[size]; b++) {
                int i = by_size[size][b];
                if (out[i].blanks < phase->least || out[i].blanks > phase->most) continue;
                int m = at++;
                while (m > first && out[order[m - 1]].leave_value < out[i].leave_value) order[m] = order[m - 1], m--;
                order[m] = (uint8_t)i;
            }
        }
    }
}

/* Whether square `pos` of `line` is an anchor: empty and beside a tile, or the centre of an empty board. */
static inline int is_anchor(const uint8_t *tiles, int dim, int line, int pos, int empty) {
    if (empty) return line == dim / 2 && pos == dim / 2;
    const uint8_t *row = tiles + line * dim;
    return !row[pos] && ((pos > 0 && row[pos - 1]) || (pos < dim - 1 && row[pos + 1]) ||
                         (line > 0 && row[pos - dim]) || (line < dim - 1 && row[pos + dim]));
}

void all_placements(Gen *g, const Direction dirs[2], int empty, uint32_t root, int leave) {
    int dim = g->dim;
    for (int d = 0; d < 2 && g->rack_size; d++) {
        face(g, d, &dirs[d]);
        for (int line = 0; line < dim; line++) {
            g->line = line;
            g->last_anchor = -1;
            for (int pos = 0; pos < dim; pos++) {
                if (!is_anchor(g->tiles, dim, line, pos, empty)) continue;
                g->anchor = pos;
                search_anchor(g, root, leave);
                g->last_anchor = pos;
            }
        }
    }
}

/* The largest leave index of the rack (every tile kept) under the strides. */
static size_t whole_leave(const RackArgs *r) {
    size_t index = 0;
    for (size_t i = 0; i < r->counts_len; i++) index += (size_t)r->counts[i] * r->strides[i];
    return index;
}

const char *gen_args_misfit(const GenArgs *a) {
    const BoardArgs *b = &a->board;
    const LayoutArgs *l = &a->layout;
    const RackArgs *r = &a->rack;
    size_t nn = (size_t)b->dim * (size_t)b->dim;
    if (b->dim < 1 || b->dim > MAX_DIM) return "the board must have 1 to 32 squares a side";
    if (b->tiles_len < nn) return "the board holds fewer than dim x dim squares";
    if (b->checks_len < 2 * nn * sizeof(LetterSet) || b->cscores_len < 2 * nn * sizeof(int32_t))
        return "the cross-checks do not cover the board both ways";
    if (l->lmul_len < 2 * nn || l->wmul_len < 2 * nn) return "the premiums do not cover the board both ways";
    if (l->vowel_len && l->vowel_len < 2 * nn * sizeof(double))
        return "the vowel penalties do not cover the board both ways";
    if (l->scores_len < 2 || l->scores_len > MAX_CODES || r->counts_len != l->scores_len ||
        r->strides_len != l->scores_len)
        return "tile scores, rack counts and strides need one entry per tile code (2 to 33)";
    if (r->leaves_len / sizeof(double) <= whole_leave(r)) return "the leave table is shorter than the rack's";
    if (a->search.word_map_len && !map_fits(a->search.word_map, a->search.word_map_len, 0))
        return "not a word map: rebuild it with word_map";
    return NULL;
}

/* The generator's rack, scores and options from the arguments; returns the leave index of the whole rack. */
static int start_gen(Gen *g, const GenArgs *a) {
    const SearchArgs *s = &a->search;
    if (s->mode == MODE_BEST_EQUITY && s->floor > NO_BOUND) {
        /* a stand-in best of that equity that any real move of the same equity beats (length 0: none) */
        g->have_best = 1;
        g->best.equity = s->floor;
        g->best.score = INT16_MIN;
    }
    g->graph = a->graph;
    g->dim = a->board.dim;
    g->mode = s->mode;
    g->bingo_tiles = s->bingo_tiles;
    g->bingo_bonus = s->bingo_bonus;
    g->scores = a->layout.scores;
    g->leave_values = a->rack.leaves;
    const uint8_t *rack = a->rack.counts, *stride = a->rack.strides;
    int leave = 0;
    g->letters = (int)a->layout.scores_len - 1;
    for (int i = 0; i <= g->letters; i++) {
        g->rack[i] = rack[i];
        g->stride[i] = stride[i];
        g->rack_size += rack[i];
        if (rack[i]) g->rack_mask |= LETTER(i);
        leave += rack[i] * stride[i];
        if (i) g->rack_key += rack[i] * LETTER_KEYS[i];
    }
    if (s->word_map_len) g->word_map = s->word_map;
    return leave;
}

/* The phases from first to last (see Phase) and the rack's tile values, highest first, into p. */
static void set_phases(const Gen *g, RackPrep *p, int first_phase, int last_phase) {
    int values[32], real = 0; /* the rack's real tiles' scores, highest first, then the blanks' zeros */
    for (int x = 1; x <= g->letters; x++)
        for (int i = 0; i < g->rack[x] && real < 32; i++) values[real++] = g->scores[x];
    sort_down(values, real);
    for (int i = 0; i < 8; i++) p->values[i] = i < real ? values[i] : 0;
    p->first_phase = first_phase;
    p->last_phase = last_phase;
    for (int ph = first_phase; ph <= last_phase; ph++) {
        Phase *f = &p->phases[ph];
        f->least = f->most = ph ? ph - 1 : g->rack[0];
        if (!ph) f->least = 0;
        f->kept = ph ? g->rack[0] - f->most : 0;
        f->blanks_played = ph ? f->most : 0; /* a phase of its own plays exactly that many */
        int k = real + f->most;
        f->k = k > 7 ? 7 : k; /* a bound over the first 7 would be wrong with bigger racks: never prune then */
        for (int n = 0; n < 8; n++) f->max_leave[n] = NO_BOUND;
    }
}

/* Each phase's best leave for each number of tiles played, over the leave table's n_leaves values, into p. */
static void phase_leaves(const Gen *g, RackPrep *p, size_t n_leaves, int first_phase, int last_phase) {
    int held[MAX_CODES], nheld = 0, count[MAX_CODES] = {0}, kept = 0;
    for (int x = 0; x <= g->letters; x++)
        if (g->stride[x]) held[nheld++] = x;
    /* leave index i keeps count[h] of held[h]: the held tiles' counts in mixed radix, the first one's digit
     * lowest, so each next index is the odometer's next step */
    for (size_t i = 0; i < n_leaves; i++) {
        if (i) {
            int h = 0;
            while (h < nheld && count[h] == g->rack[held[h]]) kept -= count[h], count[h++] = 0;
            if (h == nheld) break;
            count[h]++, kept++;
        }
        int played = g->rack_size - kept, blanks = g->rack[0] - (nheld && !held[0] ? count[0] : 0);
        for (int ph = first_phase; ph <= last_phase; ph++) {
            Phase *f = &p->phases[ph];
            if (played >= 0 && played < 8 && blanks >= f->least && blanks <= f->most &&
                g->leave_values[i] > f->max_leave[played])
                f->max_leave[played] = g->leave_values[i];
        }
    }
}

/* What the rack and its leave table alone decide (see RackPrep), into p. */
static void rack_prep(const Gen *g, const GenArgs *a, RackPrep *p) {
    /* the phases: one for racks without a blank or by score, else one per number of blanks played */
    int split = g->mode == MODE_BEST_EQUITY && g->rack[0] && g->rack[0] < MAX_PHASES - 1;
    int first_phase = split ? 1 : 0, last_phase = split ? 1 + g->rack[0] : 0;
    set_phases(g, p, first_phase, last_phase);
    phase_leaves(g, p, a->rack.leaves_len / sizeof(double), first_phase, last_phase);
    p->has_subracks = (g->mode == MODE_BEST_SCORE || g->mode == MODE_BEST_EQUITY) && g->word_map &&
                      g->rack_size <= 7 && g->rack[0] <= 2;
    if (p->has_subracks) subracks_of(g, p, first_phase, last_phase);
}

/* Per square and direction, the best real rack tile its cross-check allows (for the shadow bounds). */
static void square_caps(const Gen *g, const LetterSet *checks, int n, uint8_t *caps) {
    int top = 0;
    for (int x = 1; x <= g->letters; x++)
        if (g->rack[x] && g->scores[x] > top) top = g->scores[x];
    for (int i = 0; i < n; i++) {
        LetterSet fits = checks[i] & g->rack_mask;
        int cap = 0;
        if (fits == (g->rack_mask & ALL_LETTERS)) fits = 0, cap = top; /* no cross word: every tile fits */
        while (fits) {
            int x = __builtin_ctzll(fits);
            fits &= fits - 1;
            if (g->scores[x] > cap) cap = g->scores[x];
        }
        caps[i] = (uint8_t)cap;
    }
}

/* The arrays of each direction: across reads the board, down its transpose. */
static void set_directions(Direction dirs[2], const GenArgs *a, const uint8_t *transposed, const uint8_t *caps,
                           int empty) {
    int nn = a->board.dim * a->board.dim;
    const double *vowel = a->layout.vowel_len ? a->layout.vowel : NULL;
    for (int d = 0; d < 2; d++) {
        dirs[d].tiles = d ? transposed : a->board.tiles;
        dirs[d].checks = a->board.checks + d * nn;
        dirs[d].cscores = a->board.cscores + d * nn;
        dirs[d].lmul = a->layout.lmul + d * nn;
        dirs[d].wmul = a->layout.wmul + d * nn;
        dirs[d].vowel_penalty = (empty && vowel) ? vowel + d * nn : NULL;
        dirs[d].vowels = a->layout.vowel_codes;
        dirs[d].caps = caps + d * nn;
    }
}

/* Every anchor's shadows (one per phase, and with the word map apart for plays of every tile and the
 * rest), appended to `shadows`; returns how many there are. */
static size_t anchor_shadows(Gen *g, const Direction dirs[2], int directions, int empty, int first_phase,
                             int last_phase, int most, Shadow *shadows) {
    int apart = g->word_map != NULL;
    size_t n = 0;
    Span spans[MAX_SPANS];
    /* one phase (no blank, or by score) bounds with the points of every square filled (see shadow_bound) */
    int what = first_phase == 0 && last_phase == 0 ? SPANS_TOTAL : SPANS_POINTS;
    int dim = g->dim;
    uint32_t full = dim == 32 ? ~0u : (1u << dim) - 1;
    for (int d = 0; d < directions; d++) {
        face(g, d, &dirs[d]);
        uint32_t filled[MAX_DIM + 2] = {0}; /* filled[line + 1]: the line's squares holding tiles, as bits */
        for (int line = 0; line < dim; line++)
            for (int pos = 0; pos < dim; pos++)
                if (g->tiles[line * dim + pos]) filled[line + 1] |= 1u << pos;
        for (int line = 0; line < dim; line++) {
            g->line = line;
            g->last_anchor = -1;
            uint32_t f = filled[line + 1]; /* the anchors (see is_anchor) as bits */
            uint32_t anchors = empty ? (line == dim / 2 ? 1u << (dim / 2) : 0)
                                     : ~f & full & (f << 1 | f >> 1 | filled[line] | filled[line + 2]);
            for (; anchors; anchors &= anchors - 1) {
                int pos = __builtin_ctz(anchors);
                g->anchor = pos;
                int ns = anchor_spans(g, 1, most, g->rack[0] ? ALL_LETTERS : g->rack_mask, what, spans);
                for (int ph = first_phase; ph <= last_phase; ph++) {
                    double part = NO_BOUND, whole = NO_BOUND;
                    double bound = shadow_bound(g, ph, g->mode == MODE_BEST_EQUITY, spans, ns, &part, &whole);
                    for (int kind = apart ? ONLY_WHOLE : ONLY_ALL; kind <= (apart ? ONLY_PART : ONLY_ALL); kind++) {
                        double b = kind == ONLY_WHOLE ? whole : kind == ONLY_PART ? part : bound;
                        if (b <= NO_BOUND) continue; /* equities can be negative: in the end-game every leave costs */
                        Shadow *sh = &shadows[n++];
                        sh->bound = b;
                        sh->down = d;
                        sh->line = line;
                        sh->anchor = pos;
                        sh->last_anchor = g->last_anchor;
                        sh->phase = ph;
                        sh->only = kind;
                    }
                }
                g->last_anchor = pos;
            }
        }
    }
    return n;
}

/* The best-first search: the shadows taken highest bound first, each searched (by the word map's
 * subracks, else the GADDAG) until the next bound is below the best found. */
static void best_first(Gen *g, const Shadow *shadows, Ranked *heap, size_t n, const Direction dirs[2], uint32_t root,
                       int leave) {
    int by_equity = g->mode == MODE_BEST_EQUITY;
    for (size_t i = 0; i < n; i++) heap[i].bound = shadows[i].bound, heap[i].at = (uint32_t)i;
    for (size_t i = n / 2; i-- > 0;) sift_down(heap, n, i);
    while (n) {
        const Shadow *sh = &shadows[pop_shadow(heap, &n)];
        g->only = sh->only;
        if (sh->bound < best_so_far(g, by_equity)) break;
        face(g, sh->down, &dirs[sh->down]);
        g->line = sh->line;
        g->anchor = sh->anchor;
        g->last_anchor = sh->last_anchor;
        /* every play from the word map; the GADDAG only for racks the subracks do not cover */
        if (g->subracks) {
            const Phase *p = &g->phases[sh->phase];
            g->only = ONLY_ALL;
            int whole = sh->only == ONLY_WHOLE;
            span_plays(g, p, whole ? p->k : 1, whole ? p->k : p->k - 1, by_equity);
            continue;
        }
        int blanks = g->phases[sh->phase].kept; /* kept: off the rack, in the leave index */
        g->rack[0] = (uint8_t)(g->rack[0] - blanks);
        g->rack_size -= blanks;
        search_anchor(g, root, leave);
        g->rack[0] = (uint8_t)(g->rack[0] + blanks);
        g->rack_size += blanks;
    }
}

/* The generator:  * lmul2/wmul2/vowel_penalty2 hold the layout row-major then transposed; with word_map (of the words of
 * 2+ letters) the best-move search skips the spans where all the tiles cannot make a word, and finds
 * every play by lookup, subrack by subrack (racks of at most 7 tiles and 2 blanks; else by the GADDAG).
 * The best-move modes bound every anchor (its shadow) and search the anchors best bound first, stopping at
 * the first bound below the best found. */
int generate_moves(const GenArgs *a, Gen *g) {
    int leave = start_gen(g, a), dim = a->board.dim, nn = dim * dim, mode = a->search.mode;
    const uint8_t *tiles = a->board.tiles;
    uint8_t transposed[MAX_DIM * MAX_DIM];
    int empty = 1;
    for (int r = 0; r < dim; r++)
        for (int c = 0; c < dim; c++) {
            transposed[c * dim + r] = tiles[r * dim + c];
            if (tiles[r * dim + c]) empty = 0;
        }
    uint32_t root = a->graph_len > 4 * SEARCH_ROOT ? g->graph[SEARCH_ROOT] : 0;
    RackPrep own, *prep = a->prep ? a->prep : &own; /* the caller's, or worked out here */
    if (!a->prep || !a->prep_ready) rack_prep(g, a, prep);
    int first_phase = prep->first_phase, last_phase = prep->last_phase;
    g->phases = prep->phases;
    g->values = prep->values;
    int pruning = (mode == MODE_BEST_SCORE || mode == MODE_BEST_EQUITY) && g->rack_size <= 7;
    Shadow *shadows = NULL;
    size_t most_shadows = 0;
    uint8_t caps[2 * MAX_DIM * MAX_DIM];
    if (pruning) {
        /* anchors x phases x (whole, part), then as many places in the heap */
        most_shadows = 2 * (size_t)nn * (size_t)(last_phase - first_phase + 1) * 2;
        shadows = malloc(most_shadows * (sizeof(Shadow) + sizeof(Ranked)));
        if (!shadows) pruning = 0;
        square_caps(g, a->board.checks, 2 * nn, caps);
    }
    /* On an empty board with a layout symmetric under transposition every down opening mirrors an
     * across one with the same score and equity, so the best-move search looks at across only. */
    int directions = (pruning && empty && a->search.symmetric) ? 1 : 2;
    Direction dirs[2];
    set_directions(dirs, a, transposed, caps, empty);
    int most = 0;
    for (int ph = first_phase; ph <= last_phase; ph++)
        if (g->phases[ph].k > most) most = g->phases[ph].k;
    if (pruning && prep->has_subracks) {
        g->subracks = prep->subracks;
        g->phase_order = (const uint8_t (*)[MAX_SUBRACKS])prep->phase_order;
        g->phase_at = (const int16_t (*)[9])prep->phase_at;
    }
    if (!pruning && root) all_placements(g, dirs, empty, root, leave);
    if (pruning && root && g->rack_size) {
        size_t n = anchor_shadows(g, dirs, directions, empty, first_phase, last_phase, most, shadows);
        best_first(g, shadows, (Ranked *)(shadows + most_shadows), n, dirs, root, leave);
    }
    free(shadows);
    g->phases = NULL, g->values = NULL, g->subracks = NULL; /* they may have pointed into this frame */
    return g->failed ? -1 : 0;
}
