/* A table of leaves (a KLV's: each listed leave's value, 0 for any other) compiled for lookups tile by tile,
 * and the leave table of a rack read from it: the values KlvLeaves.value gives, as the same doubles.
 *
 * The table is a trie of the leaves' tiles in code order, laid out breadth first so that the children of a node
 * are consecutive nodes (their codes side by side in one array, scanned in order) and node v's children are
 * first[v] .. first[v + 1] - 1. A rack's leaves are its sub-multisets; walking them tiles in code order visits
 * each one once, by one path from the root, and a path that leaves the trie is a run of unlisted leaves. */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *key;
    uint32_t len, item;
} Listed;

static int listed_order(const void *a, const void *b) {
    const Listed *x = a, *y = b;
    uint32_t n = x->len < y->len ? x->len : y->len;
    int c = n ? memcmp(x->key, y->key, n) : 0;
    if (c) return c;
    return x->len < y->len ? -1 : x->len > y->len;
}

void leave_trie_free(LeaveTrie *t) {
    free(t->first);
    free(t->codes);
    free(t->values);
    memset(t, 0, sizeof *t);
}

/* Depth-first (lexicographic) order first, each node's depth, code and parent, then breadth first by a stable
 * sort on depth: the children of one parent stay together, the parents in their own breadth-first order. */
const char *leave_trie_build(const uint8_t *keys, size_t keys_len, const uint8_t *lengths, size_t count,
                             const double *values, LeaveTrie *t) {
    memset(t, 0, sizeof *t);
    size_t total = 0;
    for (size_t i = 0; i < count; i++) total += lengths[i];
    if (total != keys_len) return "the keys' lengths do not add up to the keys";
    if (total + 1 > UINT32_MAX / 2) return "too many leaves";
    for (size_t i = 0; i < keys_len; i++)
        if (keys[i] >= MAX_CODES) return "a leave holds a tile code beyond the alphabet's";
    size_t cap = total + 1, n = 1;
    Listed *order = malloc((count ? count : 1) * sizeof *order);
    uint8_t *sorted = malloc(keys_len ? keys_len : 1);
    uint8_t *depth = malloc(cap), *code = malloc(cap);
    uint32_t *parent = malloc(cap * sizeof *parent), *at = malloc(cap * sizeof *at);
    double *value = malloc(cap * sizeof *value);
    const char *error = NULL;
    if (!order || !sorted || !depth || !code || !parent || !at || !value) {
        error = "out of memory";
        goto done;
    }
    memcpy(sorted, keys, keys_len);
    for (size_t i = 0, offset = 0; i < count; offset += lengths[i], i++) {
        uint8_t *key = sorted + offset; /* its tiles in code order (a glyph order may differ from it) */
        for (int a = 1; a < lengths[i]; a++)
            for (int b = a; b > 0 && key[b - 1] > key[b]; b--) {
                uint8_t swap = key[b];
                key[b] = key[b - 1];
                key[b - 1] = swap;
            }
        order[i] = (Listed){key, lengths[i], (uint32_t)i};
    }
    qsort(order, count, sizeof *order, listed_order);
    depth[0] = code[0] = 0;
    parent[0] = 0;
    value[0] = 0.0;
    uint32_t path[256] = {0}; /* the nodes spelling the previous leave's prefixes */
    for (size_t i = 0; i < count; i++) {
        const Listed *leave = &order[i];
        uint32_t shared = 0;
        if (i) {
            const Listed *before = &order[i - 1];
            while (shared < leave->len && shared < before->len && leave->key[shared] == before->key[shared]) shared++;
            if (shared == leave->len && shared == before->len) {
                error = "a leave is listed twice";
                goto done;
            }
        }
        for (uint32_t d = shared; d < leave->len; d++) {
            depth[n] = (uint8_t)(d + 1);
            code[n] = leave->key[d];
            parent[n] = path[d];
            value[n] = 0.0;
            path[d + 1] = (uint32_t)n++;
        }
        value[path[leave->len]] = values[leave->item];
    }
    size_t start[257] = {0};
    for (size_t v = 0; v < n; v++) start[depth[v] + 1]++;
    for (int d = 1; d <= 256; d++) start[d] += start[d - 1];
    for (size_t v = 0; v < n; v++) at[v] = (uint32_t)start[depth[v]]++;
    t->first = calloc(n + 1, sizeof *t->first);
    t->codes = malloc(n);
    t->values = malloc(n * sizeof *t->values);
    if (!t->first || !t->codes || !t->values) {
        error = "out of memory";
        goto done;
    }
    for (size_t v = 0; v < n; v++) {
        t->codes[at[v]] = code[v];
        t->values[at[v]] = value[v];
        if (v) t->first[at[parent[v]] + 1]++; /* children counted, then summed into where they start */
    }
    t->first[0] = 1;
    for (size_t v = 0; v < n; v++) t->first[v + 1] += t->first[v];
    t->n = n;
done:
    free(order);
    free(sorted);
    free(depth);
    free(code);
    free(parent);
    free(at);
    free(value);
    if (error) leave_trie_free(t);
    return error;
}

/* The child of node v along tile `code`, or 0 (the root is no one's child). */
static uint32_t trie_child(const LeaveTrie *t, uint32_t v, uint8_t code) {
    for (uint32_t i = t->first[v], end = t->first[v + 1]; i < end; i++)
        if (t->codes[i] >= code) return t->codes[i] == code ? i : 0;
    return 0;
}

typedef struct {
    const LeaveTrie *trie;
    int nheld;
    uint8_t held[MAX_CODES], count[MAX_CODES], stride[MAX_CODES];
    double *values;
} Walk;

/* The leaves that keep node v's tiles and then only tiles held[i..]: their index so far is `index`. Node v's
 * children and the held tiles are both in code order, so one pass over the children finds them all. */
static void walk_leaves(const Walk *w, uint32_t v, int i, size_t index) {
    const LeaveTrie *t = w->trie;
    w->values[index] = t->values[v];
    uint32_t c = t->first[v], end = t->first[v + 1];
    for (int j = i; j < w->nheld && c < end; j++) {
        uint8_t x = w->held[j];
        while (c < end && t->codes[c] < x) c++;
        if (c == end || t->codes[c] != x) continue;
        uint32_t u = c;
        walk_leaves(w, u, j + 1, index + w->stride[j]);
        for (int k = 2; k <= w->count[j]; k++) { /* more of the same tile */
            if (!(u = trie_child(t, u, x))) break;
            walk_leaves(w, u, j + 1, index + (size_t)k * w->stride[j]);
        }
    }
}

const char *trie_leave_values(const LeaveTrie *t, const uint8_t *rack, size_t rack_len, uint8_t strides[MAX_CODES],
                              double values[256], size_t *n_out) {
    Walk w = {.trie = t, .nheld = 0, .values = values};
    size_t size = 1;
    if (rack_len > MAX_CODES) return "a rack is at most one count per tile code";
    memset(strides, 0, rack_len);
    for (int x = 0; x < (int)rack_len; x++)
        if (rack[x]) {
            if (size * (rack[x] + 1) > 256) return "rack too big";
            w.held[w.nheld] = (uint8_t)x;
            w.count[w.nheld] = rack[x];
            w.stride[w.nheld++] = strides[x] = (uint8_t)size;
            size *= rack[x] + 1;
        }
    memset(values, 0, size * sizeof *values);
    walk_leaves(&w, 0, 0, 0);
    *n_out = size;
    return NULL;
}
