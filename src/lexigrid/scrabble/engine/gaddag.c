/* The GADDAG: built from the lexicon's words by Daciuk's incremental minimisation over the sorted GADDAG
 * strings (one per letter of a word: the letters before it reversed, the separator, the rest), and relaid as
 * the search graph the move generator walks. */
#include "engine.h"
#include <stdlib.h>
#include <string.h>


typedef struct {
    uint32_t *data;
    size_t len, cap;
} U32Vec;

static int vec_push(U32Vec *v, uint32_t x) {
    if (v->len == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 1024;
        uint32_t *d = realloc(v->data, cap * sizeof(uint32_t));
        if (!d) return -1;
        v->data = d;
        v->cap = cap;
    }
    v->data[v->len++] = x;
    return 0;
}

typedef struct {
    uint32_t arcs[MAX_CODES + 1]; /* letter << 24 | accepts | child, without END */
    int n;
} TempNode;

typedef struct {
    U32Vec out;
    uint32_t *table; /* registry: node start index, 0 = empty slot */
    uint32_t *table_len;
    size_t table_cap, table_used;
} Builder;

static uint64_t hash_arcs(const uint32_t *a, int n) {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) {
        h ^= a[i];
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    return h;
}

static int registry_grow(Builder *b);

/* The index of a node equal to `t` (registering it when new); 0 for a node without arcs. */
static int64_t finalize(Builder *b, TempNode *t) {
    if (t->n == 0) return 0;
    uint32_t tmp[MAX_CODES + 1] = {0};
    for (int i = 0; i < t->n; i++) tmp[i] = t->arcs[i];
    tmp[t->n - 1] |= END_BIT;
    uint64_t h = hash_arcs(tmp, t->n);
    size_t mask = b->table_cap - 1;
    size_t slot = (size_t)h & mask;
    while (b->table[slot]) {
        uint32_t start = b->table[slot];
        if (b->table_len[slot] == (uint32_t)t->n &&
            memcmp(b->out.data + start, tmp, (size_t)t->n * sizeof(uint32_t)) == 0)
            return start;
        slot = (slot + 1) & mask;
    }
    uint32_t start = (uint32_t)b->out.len;
    for (int i = 0; i < t->n; i++)
        if (vec_push(&b->out, tmp[i])) return -1;
    if (b->out.len > CHILD_MASK) return -2;
    b->table[slot] = start;
    b->table_len[slot] = (uint32_t)t->n;
    b->table_used++;
    if (b->table_used * 2 > b->table_cap && registry_grow(b)) return -1;
    return start;
}

static int registry_grow(Builder *b) {
    size_t cap = b->table_cap * 2;
    uint32_t *t = calloc(cap, sizeof(uint32_t));
    uint32_t *l = calloc(cap, sizeof(uint32_t));
    if (!t || !l) {
        free(t);
        free(l);
        return -1;
    }
    for (size_t i = 0; i < b->table_cap; i++) {
        uint32_t start = b->table[i];
        if (!start) continue;
        uint32_t n = b->table_len[i];
        size_t slot = (size_t)hash_arcs(b->out.data + start, (int)n) & (cap - 1);
        while (t[slot]) slot = (slot + 1) & (cap - 1);
        t[slot] = start;
        l[slot] = n;
    }
    free(b->table);
    free(b->table_len);
    b->table = t;
    b->table_len = l;
    b->table_cap = cap;
    return 0;
}

static int cmp_strings(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The packed GADDAG of `n` bytes of words (a byte of 64 + code per letter, newline-separated); see engine.h. */
int gaddag_build(const char *src, size_t n, uint32_t **arcs, size_t *len) {
    /* Count the GADDAG strings (one per letter of each word) and their total size. */
    size_t nstrings = 0, total = 0, wordlen = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || src[i] == '\n') {
            if (wordlen) {
                if (wordlen > 26) return ENGINE_LONG_WORD;
                nstrings += wordlen;
                total += wordlen * (wordlen + 2);
            }
            wordlen = 0;
        } else {
            char c = src[i];
            if (c < 'A' || c > '@' + MAX_LETTERS) return ENGINE_BAD_LETTER;
            wordlen++;
        }
    }
    int error = ENGINE_NOMEM;
    char *pool = malloc(total + 1);
    char **strs = malloc((nstrings + 1) * sizeof(char *));
    Builder b = {{NULL, 0, 0}, NULL, NULL, 1u << 16, 0};
    b.table = calloc(b.table_cap, sizeof(uint32_t));
    b.table_len = calloc(b.table_cap, sizeof(uint32_t));
    if (!pool || !strs || !b.table || !b.table_len) goto done;
    /* Codes inside the builder: separator 1, letters 2..n+1, so strcmp sorts and 0 terminates. */
    size_t k = 0;
    char *p = pool;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && src[i] != '\n') continue;
        size_t wlen = i - start;
        const char *w = src + start;
        for (size_t cut = 1; cut <= wlen; cut++) {
            strs[k++] = p;
            for (size_t j = cut; j-- > 0;) *p++ = (char)(w[j] - 'A' + 2);
            if (cut < wlen) {
                *p++ = 1;
                for (size_t j = cut; j < wlen; j++) *p++ = (char)(w[j] - 'A' + 2);
            }
            *p++ = 0;
        }
        start = i + 1;
    }
    qsort(strs, k, sizeof(char *), cmp_strings);
    if (vec_push(&b.out, 0)) goto done; /* arcs[0]: the root pointer, filled in at the end */
    TempNode path[32];
    int depth = 0; /* path[0] is the root; path[d] the node reached by the first d letters */
    path[0].n = 0;
    const char *prev = "";
    for (size_t s = 0; s < k; s++) {
        const char *cur = strs[s];
        if (s && strcmp(cur, prev) == 0) continue;
        int common = 0;
        while (prev[common] && prev[common] == cur[common]) common++;
        for (int d = depth; d > common; d--) {
            int64_t id = finalize(&b, &path[d]);
            if (id < 0) {
                error = id == -2 ? ENGINE_TOO_BIG : ENGINE_NOMEM;
                goto done;
            }
            path[d - 1].arcs[path[d - 1].n - 1] |= (uint32_t)id;
        }
        depth = common;
        int clen = (int)strlen(cur);
        for (int d = common; d < clen; d++) {
            uint32_t letter = (uint32_t)(cur[d] - 1);
            path[d].arcs[path[d].n++] = letter << LETTER_SHIFT;
            path[d + 1].n = 0;
        }
        path[clen - 1].arcs[path[clen - 1].n - 1] |= ACCEPTS_BIT;
        depth = clen;
        prev = cur;
    }
    for (int d = depth; d >= 0; d--) {
        int64_t id = finalize(&b, &path[d]);
        if (id < 0) {
            error = id == -2 ? ENGINE_TOO_BIG : ENGINE_NOMEM;
            goto done;
        }
        if (d) path[d - 1].arcs[path[d - 1].n - 1] |= (uint32_t)id;
        else b.out.data[0] = (uint32_t)id | END_BIT;
    }
    *arcs = b.out.data;
    *len = b.out.len;
    b.out.data = NULL;
    error = ENGINE_OK;
done:
    free(pool);
    free(strs);
    free(b.table);
    free(b.table_len);
    free(b.out.data);
    return error;
}

/* The search graph: the GADDAG relaid for move generation, each node as its letter set (a LetterSet in
 * HEADER_WORDS words, bit 0: the separator) followed by its arcs in letter order, so a node's set and arcs
 * share a cache line. An arc is the child node's index, with SEARCH_ACCEPTS set when the path so far is a
 * whole entry. The graph starts with the empty node (index 0: no child; HEADER_WORDS zero words), then the
 * root's index (at SEARCH_ROOT). */

int search_graph_build(const uint32_t *kwg, size_t n, Allocate allocate, void *context) {
    size_t nodes = 0;
    uint32_t *index = calloc(n ? n : 1, sizeof(uint32_t)); /* a node's first arc -> its index in the graph */
    if (!index) return ENGINE_NOMEM;
    /* each node's header goes just before its arcs, in the packed graph's order (graph[SEARCH_ROOT] holds the root) */
    int corrupt = !n || !(kwg[n - 1] & END_BIT) || (kwg[0] & CHILD_MASK) >= n;
    int start = 1;
    for (size_t i = 1; i < n && !corrupt; i++) {
        if (start) index[i] = (uint32_t)(i + HEADER_WORDS + HEADER_WORDS * nodes++);
        start = (kwg[i] & END_BIT) != 0;
        if ((kwg[i] & CHILD_MASK) >= n || kwg[i] >> LETTER_SHIFT > MAX_LETTERS) corrupt = 1;
    }
    if (corrupt) {
        free(index);
        return ENGINE_NOT_GADDAG;
    }
    size_t size = n + HEADER_WORDS + HEADER_WORDS * nodes;
    uint32_t *graph = allocate(size * 4, context);
    if (!graph) {
        free(index);
        return ENGINE_NOMEM;
    }
    memset(graph, 0, HEADER_WORDS * 4);
    graph[SEARCH_ROOT] = n ? index[kwg[0] & CHILD_MASK] : 0;
    size_t header = 0, first = 0;
    LetterSet letters = 0;
    start = 1;
    for (size_t i = 1; i < n; i++) {
        if (start) {
            first = i;
            header = index[i];
            letters = 0;
        }
        uint32_t a = kwg[i], child = a & CHILD_MASK, letter = a >> LETTER_SHIFT;
        letters |= LETTER(letter);
        memcpy(graph + header, &letters, sizeof letters);
        graph[header + HEADER_WORDS + (i - first)] =
            (child ? index[child] : 0) | ((a & ACCEPTS_BIT) ? SEARCH_ACCEPTS : 0);
        start = (a & END_BIT) != 0;
    }
    free(index);
    return ENGINE_OK;
}
