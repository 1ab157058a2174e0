/* The optimal Wordle search (see solver.h; every bound used here is stated and proved in docs/wordle.md).
 *
 * cost(S, d) is the least total guesses of a tree that finds every answer of S within d guesses. A set
 * is searched guess by guess (node_value) only after the cheap facts have failed: the memo, a candidate
 * that splits S into singletons (or singletons and one pair), and the bound of every guess's parts (the
 * count pass). A guess (guess_value) is searched part by part, again cheapest facts first: sizes 1 and 2,
 * the size bound 2q - 1 + max(0, q - p), a splitting candidate, the memo, and at the first guess each
 * part's own bound; only then are the parts left searched, smallest first, each with the budget the
 * others leave. Every value is exact below the bar it was searched with and a proven lower bound at or
 * above it, and the memo keeps both kinds.
 */
#include "solver.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK_BYTES ((size_t)4 << 20)
#define COUNTER_BYTES 65536 /* the histogram's tallies for a block of guesses, near the first-level cache */

/* ---- scratch memory: a stack of chunks, released to a mark when a search step returns ---- */

typedef struct Chunk {
    struct Chunk *prev;
    size_t size, used;
    char data[];
} Chunk;

typedef struct {
    Chunk *chunk;
    size_t used;
} Mark;

/* ---- the memo: proven values and lower bounds per (answers, allowed guesses, depth) ---- */

typedef struct {
    uint64_t hash;
    int64_t key; /* offset of the answers in keys; -1: empty slot */
    int32_t m, depth;
    uint32_t tset;
    int32_t value, guess;
    int32_t exact;
} Entry;

/* An allowed-guess set, interned so that a memo key names it by number. */
typedef struct {
    uint64_t hash;
    int64_t offset;
    int32_t n;
} TSet;

typedef struct {
    const int32_t *list;
    int32_t n;
    uint32_t id;
    int identity; /* the list is 0, 1, ..., n_guesses - 1 */
} Allowed;

typedef struct {
    int32_t code, start, size, lb, exact;
    Allowed allowed;
} Part;

struct WsSolver {
    WsTables t;
    int32_t block; /* guesses per block of the count pass */
    uint16_t *counters; /* block x n_replies, zero between uses */
    uint8_t *pair_rows; /* PAIRWISE_MAX x PAIR_BLOCK codes */
    int32_t *tally, *touched, *seen;
    int32_t stamp;
    uint8_t *in_set; /* n_answers, zero between uses */
    Chunk *top;
    Entry *entries;
    int64_t capacity, used;
    int32_t *keys;
    int64_t keys_len, keys_cap;
    TSet *tsets;
    uint32_t *tset_index; /* open addressing: tset id + 1, 0 empty */
    int64_t n_tsets, tsets_cap, tset_index_cap;
    int32_t *tset_items;
    int64_t tset_items_len, tset_items_cap;
    uint64_t root_hash; /* the last root (answers, allowed) and its most parts */
    int32_t root_parts;
    int failed;
    WsStats stats;
};

static void *scratch(WsSolver *s, size_t bytes) {
    bytes = (bytes + 15) & ~(size_t)15;
    Chunk *c = s->top;
    if (!c || c->used + bytes > c->size) {
        size_t size = bytes > CHUNK_BYTES ? bytes : CHUNK_BYTES;
        Chunk *n = malloc(sizeof(Chunk) + size);
        if (!n) {
            s->failed = 1;
            return NULL;
        }
        n->prev = c, n->size = size, n->used = 0;
        s->top = c = n;
    }
    void *p = c->data + c->used;
    c->used += bytes;
    return p;
}

static Mark mark(const WsSolver *s) { return (Mark){s->top, s->top ? s->top->used : 0}; }

static void release(WsSolver *s, Mark m) {
    while (s->top && s->top != m.chunk) {
        Chunk *prev = s->top->prev;
        free(s->top);
        s->top = prev;
    }
    if (s->top) s->top->used = m.used;
}

/* ---- hashing ---- */

static inline uint64_t mix(uint64_t h, uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

static inline uint64_t finish(uint64_t h) {
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

static uint64_t hash_list(const int32_t *xs, int32_t n, uint64_t seed) {
    uint64_t h = seed;
    for (int32_t i = 0; i < n; i++) h = mix(h, (uint32_t)xs[i]);
    return finish(mix(h, (uint64_t)n));
}

/* ---- codes ---- */

static inline int32_t code_ag(const WsSolver *s, int32_t a, int32_t g) {
    size_t i = (size_t)a * s->t.n_guesses + g;
    return s->t.code_bytes == 1 ? ((const uint8_t *)s->t.by_answer)[i] : ((const uint16_t *)s->t.by_answer)[i];
}

static inline int32_t code_ga(const WsSolver *s, int32_t g, int32_t a) {
    size_t i = (size_t)g * s->t.n_answers + a;
    return s->t.code_bytes == 1 ? ((const uint8_t *)s->t.by_guess)[i] : ((const uint16_t *)s->t.by_guess)[i];
}

/* ---- interned allowed-guess sets ---- */

static int grow(void **items, int64_t *cap, int64_t need, size_t item) {
    if (need <= *cap) return 0;
    int64_t cap2 = *cap ? *cap : 1024;
    while (cap2 < need) cap2 *= 2;
    void *p = realloc(*items, (size_t)cap2 * item);
    if (!p) return -1;
    *items = p, *cap = cap2;
    return 0;
}

static int rehash_tsets(WsSolver *s, int64_t cap) {
    uint32_t *index = calloc((size_t)cap, sizeof(uint32_t));
    if (!index) return -1;
    for (int64_t id = 0; id < s->n_tsets; id++) {
        int64_t i = (int64_t)(s->tsets[id].hash & (uint64_t)(cap - 1));
        while (index[i]) i = (i + 1) & (cap - 1);
        index[i] = (uint32_t)id + 1;
    }
    free(s->tset_index);
    s->tset_index = index, s->tset_index_cap = cap;
    return 0;
}

/* The number of this allowed set (the same for the same guesses in the same order). */
static uint32_t intern(WsSolver *s, const int32_t *list, int32_t n) {
    uint64_t h = hash_list(list, n, 0x5eed);
    if (s->tset_index_cap) {
        int64_t i = (int64_t)(h & (uint64_t)(s->tset_index_cap - 1));
        for (; s->tset_index[i]; i = (i + 1) & (s->tset_index_cap - 1)) {
            const TSet *t = &s->tsets[s->tset_index[i] - 1];
            if (t->hash == h && t->n == n && !memcmp(s->tset_items + t->offset, list, (size_t)n * 4))
                return s->tset_index[i] - 1;
        }
    }
    if (grow((void **)&s->tsets, &s->tsets_cap, s->n_tsets + 1, sizeof(TSet)) ||
        grow((void **)&s->tset_items, &s->tset_items_cap, s->tset_items_len + n, 4) ||
        (2 * (s->n_tsets + 1) > s->tset_index_cap && rehash_tsets(s, s->tset_index_cap ? 2 * s->tset_index_cap : 1024))) {
        s->failed = 1;
        return 0;
    }
    memcpy(s->tset_items + s->tset_items_len, list, (size_t)n * 4);
    s->tsets[s->n_tsets] = (TSet){h, s->tset_items_len, n};
    s->tset_items_len += n;
    int64_t i = (int64_t)(h & (uint64_t)(s->tset_index_cap - 1));
    while (s->tset_index[i]) i = (i + 1) & (s->tset_index_cap - 1);
    s->tset_index[i] = (uint32_t)s->n_tsets + 1;
    return (uint32_t)s->n_tsets++;
}

static Allowed allowed_of(WsSolver *s, const int32_t *list, int32_t n) {
    int identity = n == s->t.n_guesses;
    for (int32_t i = 0; identity && i < n; i++) identity = list[i] == i;
    return (Allowed){list, n, intern(s, list, n), identity};
}

/* ---- the memo ---- */

static uint64_t memo_hash(const int32_t *S, int32_t m, uint32_t tset, int32_t depth) {
    return hash_list(S, m, ((uint64_t)tset << 8) ^ (uint64_t)depth);
}

static Entry *memo_find(WsSolver *s, const int32_t *S, int32_t m, uint32_t tset, int32_t depth, uint64_t h) {
    if (!s->capacity) return NULL;
    int64_t i = (int64_t)(h & (uint64_t)(s->capacity - 1));
    for (; s->entries[i].key >= 0; i = (i + 1) & (s->capacity - 1)) {
        Entry *e = &s->entries[i];
        if (e->hash == h && e->m == m && e->tset == tset && e->depth == depth &&
            !memcmp(s->keys + e->key, S, (size_t)m * 4))
            return e;
    }
    return NULL;
}

static int memo_grow(WsSolver *s) {
    int64_t cap = s->capacity ? 2 * s->capacity : 1 << 14;
    Entry *entries = malloc((size_t)cap * sizeof(Entry));
    if (!entries) return -1;
    for (int64_t i = 0; i < cap; i++) entries[i].key = -1;
    for (int64_t j = 0; j < s->capacity; j++) {
        if (s->entries[j].key < 0) continue;
        int64_t i = (int64_t)(s->entries[j].hash & (uint64_t)(cap - 1));
        while (entries[i].key >= 0) i = (i + 1) & (cap - 1);
        entries[i] = s->entries[j];
    }
    free(s->entries);
    s->entries = entries, s->capacity = cap;
    return 0;
}

/* Keep what was proven: an exact value replaces a bound; a bound only ever rises. */
static void memo_store(WsSolver *s, const int32_t *S, int32_t m, uint32_t tset, int32_t depth, int32_t value,
                       int exact, int32_t guess) {
    uint64_t h = memo_hash(S, m, tset, depth);
    Entry *e = memo_find(s, S, m, tset, depth, h);
    if (e) {
        if (e->exact) return;
        if (exact || value > e->value) e->value = value, e->exact = exact, e->guess = guess;
        return;
    }
    if ((2 * (s->used + 1) > s->capacity && memo_grow(s)) ||
        grow((void **)&s->keys, &s->keys_cap, s->keys_len + m, 4)) {
        s->failed = 1;
        return;
    }
    memcpy(s->keys + s->keys_len, S, (size_t)m * 4);
    int64_t i = (int64_t)(h & (uint64_t)(s->capacity - 1));
    while (s->entries[i].key >= 0) i = (i + 1) & (s->capacity - 1);
    s->entries[i] = (Entry){h, s->keys_len, m, depth, tset, value, guess, exact};
    s->keys_len += m;
    s->used++;
}

static int64_t memo_bytes(const WsSolver *s) {
    return s->capacity * (int64_t)sizeof(Entry) + s->keys_cap * 4 + s->tsets_cap * (int64_t)sizeof(TSet) +
           s->tset_items_cap * 4 + s->tset_index_cap * 4;
}

void ws_clear(WsSolver *s) {
    free(s->entries), free(s->keys), free(s->tsets), free(s->tset_index), free(s->tset_items);
    s->entries = NULL, s->keys = NULL, s->tsets = NULL, s->tset_index = NULL, s->tset_items = NULL;
    s->capacity = s->used = s->keys_len = s->keys_cap = 0;
    s->n_tsets = s->tsets_cap = s->tset_index_cap = s->tset_items_len = s->tset_items_cap = 0;
    s->root_hash = 0;
}

/* ---- the rules: hard mode ---- */

int32_t ws_keep_hard(const WsTables *t, const int32_t *allowed, int32_t n, int32_t guess, int32_t reply,
                     int32_t *out) {
    int32_t green_pos[16], n_green = 0, need_letter[16], need[26] = {0}, n_need = 0, kept = 0;
    const uint8_t *g = t->letters + (size_t)guess * t->length;
    for (int32_t i = 0, r = reply; i < t->length; i++, r /= 3) {
        if (r % 3 == 2) green_pos[n_green++] = i;
        if (r % 3) need[g[i]]++;
    }
    for (int32_t x = 0; x < 26; x++)
        if (need[x]) need_letter[n_need++] = x;
    for (int32_t j = 0; j < n; j++) {
        const uint8_t *w = t->letters + (size_t)allowed[j] * t->length, *c = t->counts + (size_t)allowed[j] * 26;
        int ok = 1;
        for (int32_t k = 0; ok && k < n_green; k++) ok = w[green_pos[k]] == g[green_pos[k]];
        for (int32_t k = 0; ok && k < n_need; k++) ok = c[need_letter[k]] >= need[need_letter[k]];
        if (ok) out[kept++] = allowed[j];
    }
    return kept;
}

/* ---- the cheap facts about a set ---- */

/* 2 when a candidate splits S into singletons, 1 when one splits it into singletons and one pair, else 0;
 * *guess is that candidate. */
static int candidate_split(WsSolver *s, const int32_t *S, int32_t m, int32_t *guess) {
    int found = 0;
    for (int32_t i = 0; i < m; i++) {
        int32_t g = s->t.answer_guess[S[i]], clashes = 0, stamp = ++s->stamp;
        for (int32_t k = 0; k < m && clashes < 2; k++) {
            int32_t c = code_ga(s, g, S[k]);
            if (s->seen[c] == stamp) clashes++;
            else s->seen[c] = stamp;
        }
        if (clashes == 0) {
            *guess = g;
            return 2;
        }
        if (clashes == 1 && !found) found = 1, *guess = g;
    }
    return found;
}

/* The count pass: for every allowed guess, its parts on S, the sum of squares of their sizes and the sizes
 * beyond p summed. Guesses go in blocks, each answer's row of the answer-major table read once per block.
 * Small sets compare answers pairwise (`pairwise`); others tally replies (`histogram`). */

#define PAIR_BLOCK 64
#define PAIRWISE_MAX 256 /* an answer's equal replies among those before it fit a byte */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define WIDE_VECTORS __attribute__((target_clones("avx2", "default"))) /* chosen at load time */
#else
#define WIDE_VECTORS
#endif

/* For at most PAIRWISE_MAX answers, none of whose parts can pass p: per guess, the answers whose reply
 * equals an earlier one's (parts = m - that) and the equal pairs (sum of squares = m + 2 pairs); the
 * byte compares of a block of guesses vectorise. */
WIDE_VECTORS static void pairwise(WsSolver *s, const int32_t *S, int32_t m, const Allowed *T, int32_t *parts, int32_t *squares) {
    const int32_t G = s->t.n_guesses;
    uint8_t *rows = s->pair_rows;
    for (int32_t j0 = 0; j0 < T->n; j0 += PAIR_BLOCK) {
        int32_t nb = T->n - j0 < PAIR_BLOCK ? T->n - j0 : PAIR_BLOCK;
        for (int32_t i = 0; i < m; i++) {
            const uint8_t *row = (const uint8_t *)s->t.by_answer + (size_t)S[i] * G;
            uint8_t *to = rows + (size_t)i * PAIR_BLOCK;
            if (T->identity) memcpy(to, row + j0, (size_t)nb);
            else
                for (int32_t j = 0; j < nb; j++) to[j] = row[T->list[j0 + j]];
        }
        uint16_t repeats[PAIR_BLOCK] = {0};
        uint32_t pairs[PAIR_BLOCK] = {0};
        for (int32_t i = 1; i < m; i++) {
            const uint8_t *a = rows + (size_t)i * PAIR_BLOCK;
            uint8_t seen[PAIR_BLOCK] = {0}, equal[PAIR_BLOCK] = {0};
            for (int32_t k = 0; k < i; k++) {
                const uint8_t *b = rows + (size_t)k * PAIR_BLOCK;
                for (int32_t j = 0; j < PAIR_BLOCK; j++) {
                    uint8_t e = a[j] == b[j];
                    seen[j] |= e;
                    equal[j] += e;
                }
            }
            for (int32_t j = 0; j < PAIR_BLOCK; j++) repeats[j] += seen[j], pairs[j] += equal[j];
        }
        for (int32_t j = 0; j < nb; j++) parts[j0 + j] = m - repeats[j], squares[j0 + j] = m + 2 * (int32_t)pairs[j];
    }
}

/* Any set: each guess's replies tallied, a block of guesses at a time. */
static void histogram(WsSolver *s, const int32_t *S, int32_t m, const Allowed *T, int32_t p, int32_t *parts,
                      int32_t *squares, int32_t *excess) {
    const int32_t R = s->t.n_replies, B = s->block, G = s->t.n_guesses;
    uint16_t *cnt = s->counters;
    int32_t ids[1024], pa[1024], sq[1024], ex[1024];
    for (int32_t j0 = 0; j0 < T->n; j0 += B) {
        int32_t nb = T->n - j0 < B ? T->n - j0 : B;
        for (int32_t j = 0; j < nb; j++) ids[j] = T->identity ? j0 + j : T->list[j0 + j], pa[j] = sq[j] = ex[j] = 0;
        for (int32_t i = 0; i < m; i++) {
            if (s->t.code_bytes == 1) {
                const uint8_t *row = (const uint8_t *)s->t.by_answer + (size_t)S[i] * G;
                for (int32_t j = 0; j < nb; j++) {
                    uint16_t *x = cnt + j * R + row[ids[j]];
                    int32_t v = *x;
                    *x = (uint16_t)(v + 1);
                    pa[j] += v == 0;
                    sq[j] += 2 * v + 1;
                    ex[j] += v >= p;
                }
            } else {
                const uint16_t *row = (const uint16_t *)s->t.by_answer + (size_t)S[i] * G;
                for (int32_t j = 0; j < nb; j++) {
                    uint16_t *x = cnt + j * R + row[ids[j]];
                    int32_t v = *x;
                    *x = (uint16_t)(v + 1);
                    pa[j] += v == 0;
                    sq[j] += 2 * v + 1;
                    ex[j] += v >= p;
                }
            }
        }
        memset(cnt, 0, (size_t)nb * R * sizeof(uint16_t));
        for (int32_t j = 0; j < nb; j++) parts[j0 + j] = pa[j], squares[j0 + j] = sq[j], excess[j0 + j] = ex[j];
    }
}

static void count_pass(WsSolver *s, const int32_t *S, int32_t m, const Allowed *T, int32_t p, int32_t *parts,
                       int32_t *squares, int32_t *excess) {
    if (m <= PAIRWISE_MAX && m <= p && s->t.code_bytes == 1) {
        pairwise(s, S, m, T, parts, squares);
        memset(excess, 0, (size_t)T->n * sizeof(int32_t));
    } else
        histogram(s, S, m, T, p, parts, squares, excess);
}

/* S split by guess g: the answers ordered part by part (ascending within a part), parts in first-seen order. */
static int32_t partition(WsSolver *s, const int32_t *S, int32_t m, int32_t g, int32_t *ordered, Part *parts) {
    int32_t k = 0, start = 0;
    for (int32_t i = 0; i < m; i++) {
        int32_t c = code_ga(s, g, S[i]);
        if (s->tally[c]++ == 0) s->touched[k++] = c;
    }
    for (int32_t p = 0; p < k; p++) {
        int32_t c = s->touched[p], size = s->tally[c];
        parts[p] = (Part){.code = c, .start = start, .size = size};
        s->tally[c] = start;
        start += size;
    }
    for (int32_t i = 0; i < m; i++) ordered[s->tally[code_ga(s, g, S[i])]++] = S[i];
    for (int32_t p = 0; p < k; p++) s->tally[s->touched[p]] = 0;
    return k;
}

/* ---- the search ---- */

static int32_t node_value(WsSolver *s, const int32_t *S, int32_t m, const Allowed *T, int32_t d, int32_t beta,
                          int32_t p_up, int32_t *best_guess, int probe, int *settled);

static int by_size(const void *a, const void *b) {
    const Part *x = *(Part *const *)a, *y = *(Part *const *)b;
    return x->size != y->size ? (x->size > y->size) - (x->size < y->size) : (x->start > y->start) - (x->start < y->start);
}

static inline int32_t add(int32_t total, int32_t v) { return v >= WS_INFINITE || total + v >= WS_INFINITE ? WS_INFINITE : total + v; }

/* |S| plus the cost of each part of S after guess g (the all-green part costs nothing more); abandoned
 * with a bound >= beta as soon as the parts' bounds reach beta. p bounds the parts any allowed guess makes
 * on S. At the root every guess is searched; below it a guess that leaves S and the allowed guesses as
 * they were is skipped (WS_INFINITE: an optimal tree never plays one). */
static int32_t guess_value(WsSolver *s, const int32_t *S, int32_t m, const Allowed *T, int32_t d, int32_t g,
                           int32_t beta, int32_t p, int root) {
    Mark at = mark(s);
    int32_t *ordered = scratch(s, (size_t)m * 4);
    int32_t n_parts_max = m < s->t.n_replies ? m : s->t.n_replies;
    Part *parts = scratch(s, (size_t)n_parts_max * sizeof(Part));
    Part **open = scratch(s, (size_t)n_parts_max * sizeof(Part *));
    if (s->failed) return WS_FAILED;
    int32_t k = partition(s, S, m, g, ordered, parts), n_open = 0, total = m, dc = d - 1;
    /* sizes 1 and 2, and the size bound 2q - 1 + max(0, q - p) */
    for (int32_t i = 0; i < k && total < beta; i++) {
        Part *q = &parts[i];
        if (q->code == s->t.solved) continue;
        if (dc <= 0 || (dc == 1 && q->size > 1)) total = WS_INFINITE;
        else if (q->size <= 2) q->lb = 2 * q->size - 1, q->exact = 1, total = add(total, q->lb);
        else {
            q->lb = 2 * q->size - 1 + (q->size > p ? q->size - p : 0);
            total = add(total, q->lb);
            open[n_open++] = q;
        }
    }
    /* a splitting candidate, then (with the part's allowed guesses, filtered in hard mode) the memo */
    for (int32_t i = 0; i < n_open && total < beta; i++) {
        Part *q = open[i];
        const int32_t *Q = ordered + q->start;
        int32_t lb = q->lb, guess;
        int split = candidate_split(s, Q, q->size, &guess);
        if (split == 2) lb = 2 * q->size - 1, q->exact = 1;
        else if (split == 1 && dc >= 3) lb = 2 * q->size, q->exact = 1;
        else {
            q->allowed = *T;
            if (s->t.hard) {
                int32_t *list = scratch(s, (size_t)T->n * 4);
                if (s->failed) return WS_FAILED;
                int32_t n = ws_keep_hard(&s->t, T->list, T->n, g, q->code, list);
                q->allowed = (Allowed){list, n, intern(s, list, n), 0};
                if (s->failed) return WS_FAILED;
            }
            if (!root && q->size == m && q->allowed.n == T->n) {
                release(s, at);
                return WS_INFINITE;
            }
            Entry *e = memo_find(s, Q, q->size, q->allowed.id, dc, memo_hash(Q, q->size, q->allowed.id, dc));
            if (e && e->exact) lb = e->value, q->exact = 1;
            else {
                if (e && e->value > lb) lb = e->value;
                if (lb < 2 * q->size) lb = 2 * q->size;
            }
        }
        total = add(total - q->lb, lb);
        q->lb = lb;
    }
    /* the parts left, smallest first, each searched with what the others leave of the budget */
    int32_t n_left = 0;
    for (int32_t i = 0; i < n_open; i++)
        if (!open[i]->exact) open[n_left++] = open[i];
    qsort(open, (size_t)n_left, sizeof(Part *), by_size);
    if (root && beta < WS_INFINITE) {
        /* at the first guess, against a bar: each part's own bound (its best guess's L3 bound, a count pass
         * each), largest first, before any part is searched; most openers are refuted here */
        for (int32_t i = n_left - 1; i >= 0 && total < beta; i--) {
            Part *q = open[i];
            int32_t rest = total - q->lb, settled;
            int32_t v = node_value(s, ordered + q->start, q->size, &q->allowed, dc, beta - rest, p, NULL, 1, &settled);
            if (v == WS_FAILED) return WS_FAILED;
            if (settled && v < beta - rest) q->exact = 1;
            if (v > q->lb) total = add(rest, v), q->lb = v;
        }
        int32_t k2 = 0;
        for (int32_t i = 0; i < n_left; i++)
            if (!open[i]->exact) open[k2++] = open[i];
        n_left = k2;
    }
    for (int32_t i = 0; i < n_left && total < beta; i++) {
        Part *q = open[i];
        int32_t rest = total - q->lb;
        int32_t v = node_value(s, ordered + q->start, q->size, &q->allowed, dc, beta - rest, p, NULL, 0, NULL);
        if (v == WS_FAILED) return WS_FAILED;
        total = add(rest, v);
    }
    release(s, at);
    return total;
}

/* A guess's place in the search order: its bound first, then the sum of squares of its parts, then
 * candidates before other guesses, then table order. */
static inline uint64_t order_key(int32_t lb, int32_t squares, int candidate, int32_t g) {
    uint64_t sq = squares < (1 << 23) ? (uint64_t)squares : (1 << 23) - 1;
    return (uint64_t)lb << 44 | sq << 21 | (uint64_t)!candidate << 20 | (uint64_t)g;
}

static int ascending(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The least total of S (exact below beta, else a bound >= beta), and a guess that reaches it. p_up bounds the
 * parts any allowed guess makes on S (from a superset). A probe stops before trying guesses one by one and
 * returns the set's bound so far with *settled = 0 (a lower bound, even below beta); *settled = 1 means the
 * value has the usual meaning. */
static int32_t node_value(WsSolver *s, const int32_t *S, int32_t m, const Allowed *T, int32_t d, int32_t beta,
                          int32_t p_up, int32_t *best_guess, int probe, int *settled) {
    if (best_guess) *best_guess = -1;
    if (settled) *settled = 1;
    if (d <= 0) return WS_INFINITE;
    if (m == 1 || m == 2) {
        if (m == 2 && d == 1) return WS_INFINITE;
        if (best_guess) *best_guess = s->t.answer_guess[S[0]];
        return 2 * m - 1;
    }
    if (d == 1) return WS_INFINITE;
    if (2 * m - 1 >= beta) return 2 * m - 1;
    uint64_t h = memo_hash(S, m, T->id, d);
    Entry *e = memo_find(s, S, m, T->id, d, h);
    int32_t known = 0;
    if (e && (e->exact || e->value >= beta)) {
        s->stats.memo_hits++;
        if (best_guess) *best_guess = e->guess;
        return e->value;
    }
    if (e) known = e->value;
    int32_t guess;
    int split = candidate_split(s, S, m, &guess);
    if (split == 2 || (split == 1 && d >= 3)) {
        int32_t v = split == 2 ? 2 * m - 1 : 2 * m;
        memo_store(s, S, m, T->id, d, v, 1, guess);
        if (best_guess) *best_guess = guess;
        return v;
    }
    Mark at = mark(s);
    int32_t n = T->n;
    int32_t *parts = scratch(s, (size_t)n * 4), *squares = scratch(s, (size_t)n * 4);
    int32_t *excess = scratch(s, (size_t)n * 4);
    uint64_t *order = scratch(s, (size_t)n * 8);
    if (s->failed) return WS_FAILED;
    count_pass(s, S, m, T, p_up, parts, squares, excess);
    for (int32_t i = 0; i < m; i++) s->in_set[S[i]] = 1;
    int32_t lb1 = WS_INFINITE, ub1 = WS_INFINITE, ub_guess = -1, p = 0, perfect = -1;
    for (int32_t j = 0; j < n; j++) {
        int32_t g = T->identity ? j : T->list[j], a = s->t.guess_answer[g];
        int candidate = a >= 0 && s->in_set[a];
        int32_t lb = 3 * m - candidate - parts[j] + excess[j];
        if (!candidate && parts[j] == m && perfect < 0) perfect = g;
        /* every part of 1 or 2 answers exactly when the sum of squares is 3m - 2 parts (q^2 >= 3q - 2,
         * equal only for q = 1, 2) */
        if (squares[j] == 3 * m - 2 * parts[j] && lb < ub1) ub1 = lb, ub_guess = g;
        if (parts[j] > p) p = parts[j];
        if (lb < lb1) lb1 = lb;
        parts[j] = lb; /* from here on: the guess's bound */
        order[j] = order_key(lb, squares[j], candidate, g);
    }
    for (int32_t i = 0; i < m; i++) s->in_set[S[i]] = 0;
    int32_t value = -1, best = -1;
    if (perfect >= 0) value = 2 * m, best = perfect; /* singletons, none found at once: 2m, and 2m - 1 needs a candidate */
    else if (d == 2) value = WS_INFINITE;     /* the next guess is the last: only a split into singletons will do */
    else if (ub1 == lb1) value = ub1, best = ub_guess; /* every part of 1 or 2 answers: the bound is the cost */
    if (value >= 0) {
        release(s, at);
        memo_store(s, S, m, T->id, d, value, 1, best);
        if (best_guess) *best_guess = best;
        return value;
    }
    int32_t lower = lb1 > known ? lb1 : known;
    if (lower >= beta) {
        release(s, at);
        s->stats.bounded++;
        memo_store(s, S, m, T->id, d, lower, 0, -1);
        return lower;
    }
    if (probe) {
        release(s, at);
        memo_store(s, S, m, T->id, d, lower, 0, -1);
        *settled = 0;
        return lower;
    }
    s->stats.nodes++;
    /* the guesses to try: the first `breadth` in order when the search is narrowed, else those whose bound
     * is below the bar; the smallest bound of the others is kept for the lower bound */
    int32_t tried = 0, rest_min = WS_INFINITE;
    if (s->t.breadth > 0 && s->t.breadth < n) {
        qsort(order, (size_t)n, 8, ascending);
        tried = s->t.breadth;
    } else {
        for (int32_t j = 0; j < n; j++) {
            if (parts[j] < beta) order[tried++] = order[j];
            else if (parts[j] < rest_min) rest_min = parts[j];
        }
        qsort(order, (size_t)tried, 8, ascending);
    }
    int32_t bar = beta, lowest = rest_min;
    best = -1;
    for (int32_t i = 0; i < tried; i++) {
        int32_t lb = (int32_t)(order[i] >> 44), g = (int32_t)(order[i] & 0xfffff);
        if (lb >= bar) { /* so are the bounds of the rest */
            if (lb < lowest) lowest = lb;
            break;
        }
        int32_t v = guess_value(s, S, m, T, d, g, bar, p, 0);
        if (v == WS_FAILED) return WS_FAILED;
        if (v < bar) bar = v, best = g;
        else if (v < lowest) lowest = v;
    }
    release(s, at);
    if (bar < beta) {
        memo_store(s, S, m, T->id, d, bar, 1, best);
        if (best_guess) *best_guess = best;
        return bar;
    }
    if (lowest < known) lowest = known;
    memo_store(s, S, m, T->id, d, lowest, 0, -1);
    return lowest;
}

/* ---- the entry points ---- */

WsSolver *ws_new(const WsTables *tables) {
    WsSolver *s = calloc(1, sizeof(WsSolver));
    if (!s) return NULL;
    s->t = *tables;
    int32_t R = tables->n_replies;
    s->block = COUNTER_BYTES / (2 * R);
    if (s->block > 1024) s->block = 1024;
    if (s->block < 1) s->block = 1;
    s->counters = calloc((size_t)s->block * R, sizeof(uint16_t));
    s->pair_rows = calloc((size_t)(PAIRWISE_MAX + 1) * PAIR_BLOCK, 1);
    s->tally = calloc((size_t)R, 4), s->touched = calloc((size_t)R, 4), s->seen = calloc((size_t)R, 4);
    s->in_set = calloc((size_t)tables->n_answers + 1, 1);
    if (!s->counters || !s->pair_rows || !s->tally || !s->touched || !s->seen || !s->in_set) {
        ws_free(s);
        return NULL;
    }
    return s;
}

void ws_free(WsSolver *s) {
    if (!s) return;
    release(s, (Mark){NULL, 0});
    ws_clear(s);
    free(s->counters), free(s->pair_rows), free(s->tally), free(s->touched), free(s->seen), free(s->in_set);
    free(s);
}

static void begin(WsSolver *s) {
    s->failed = 0;
    if (s->t.memory_limit > 0 && memo_bytes(s) > s->t.memory_limit) {
        ws_clear(s);
        s->stats.clears++;
    }
}

static int32_t outcome(WsSolver *s, int32_t v) {
    release(s, (Mark){NULL, 0});
    return s->failed ? WS_FAILED : v;
}

int32_t ws_cost(WsSolver *s, const int32_t *answers, int32_t m, const int32_t *allowed, int32_t n, int32_t depth,
                int32_t beta) {
    begin(s);
    Allowed T = allowed_of(s, allowed, n);
    if (s->failed) return WS_FAILED;
    return outcome(s, node_value(s, answers, m, &T, depth, beta, m, NULL, 0, NULL));
}

int32_t ws_best(WsSolver *s, const int32_t *answers, int32_t m, const int32_t *allowed, int32_t n, int32_t depth,
                int32_t *guess) {
    begin(s);
    Allowed T = allowed_of(s, allowed, n);
    if (s->failed) return WS_FAILED;
    return outcome(s, node_value(s, answers, m, &T, depth, WS_INFINITE, m, guess, 0, NULL));
}

/* The most parts any allowed guess makes on the answers (kept for the last root asked about). */
static int32_t most_parts(WsSolver *s, const int32_t *answers, int32_t m, const Allowed *T) {
    uint64_t h = mix(hash_list(answers, m, 0x700), T->id);
    if (h == s->root_hash) return s->root_parts;
    Mark at = mark(s);
    int32_t *parts = scratch(s, (size_t)T->n * 4), *other = scratch(s, (size_t)T->n * 4);
    if (s->failed) return m;
    count_pass(s, answers, m, T, m, parts, other, other);
    int32_t p = 0;
    for (int32_t j = 0; j < T->n; j++)
        if (parts[j] > p) p = parts[j];
    release(s, at);
    s->root_hash = h, s->root_parts = p;
    return p;
}

int32_t ws_guess_cost(WsSolver *s, int32_t guess, const int32_t *answers, int32_t m, const int32_t *allowed,
                      int32_t n, int32_t depth, int32_t beta) {
    begin(s);
    Allowed T = allowed_of(s, allowed, n);
    if (s->failed) return WS_FAILED;
    if (depth < 1) return WS_INFINITE;
    int32_t p = most_parts(s, answers, m, &T);
    return outcome(s, guess_value(s, answers, m, &T, depth, guess, beta, p, 1));
}

void ws_stats(const WsSolver *s, WsStats *out) {
    *out = s->stats;
    out->entries = s->used;
    out->bytes = memo_bytes(s);
}
