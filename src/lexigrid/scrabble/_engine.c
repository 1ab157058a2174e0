/* The compiled hot loop of the Scrabble engine: GADDAG construction, cross-checks and move generation.
 *
 * The GADDAG is stored KWG-style as flat uint32 arcs. A node is a run of arcs, the last one flagged END.
 * Arc bits: 0..21 child node index (0 = no child), 22 END, 23 ACCEPTS (the path through this arc is a
 * complete GADDAG string), 24..31 letter (0 = the GADDAG separator, 1..26 = A..Z). arcs[0] points to the root.
 * Move generation follows Gordon's GADDAG version of Appel & Jacobson's algorithm, one anchor at a time,
 * across on the board and down on its transpose.
 */
#include "engine.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------ */
/* GADDAG construction: Daciuk's incremental minimisation over the sorted GADDAG strings.            */

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
    uint32_t arcs[28]; /* letter << 24 | accepts | child, without END */
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
    uint32_t tmp[28] = {0};
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

/* build_gaddag(words: bytes) -> bytes: words are uppercase A-Z separated by newlines. */
static PyObject *build_gaddag(PyObject *self, PyObject *args) {
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "y*", &buf)) return NULL;
    const char *src = buf.buf;
    Py_ssize_t n = buf.len;
    /* Count the GADDAG strings (one per letter of each word) and their total size. */
    size_t nstrings = 0, total = 0, wordlen = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i == n || src[i] == '\n') {
            if (wordlen) {
                if (wordlen > 26) {
                    PyBuffer_Release(&buf);
                    PyErr_SetString(PyExc_ValueError, "words longer than 26 letters are not supported");
                    return NULL;
                }
                nstrings += wordlen;
                total += wordlen * (wordlen + 2);
            }
            wordlen = 0;
        } else {
            char c = src[i];
            if (c < 'A' || c > 'Z') {
                PyBuffer_Release(&buf);
                PyErr_SetString(PyExc_ValueError, "words must be uppercase A-Z");
                return NULL;
            }
            wordlen++;
        }
    }
    char *pool = malloc(total + 1);
    char **strs = malloc((nstrings + 1) * sizeof(char *));
    Builder b = {{NULL, 0, 0}, NULL, NULL, 1u << 16, 0};
    b.table = calloc(b.table_cap, sizeof(uint32_t));
    b.table_len = calloc(b.table_cap, sizeof(uint32_t));
    if (!pool || !strs || !b.table || !b.table_len) goto nomem;
    /* Codes inside the builder: separator 1, letters 2..27, so strcmp sorts and 0 terminates. */
    size_t k = 0;
    char *p = pool;
    Py_ssize_t start = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i < n && src[i] != '\n') continue;
        Py_ssize_t len = i - start;
        const char *w = src + start;
        for (Py_ssize_t cut = 1; cut <= len; cut++) {
            strs[k++] = p;
            for (Py_ssize_t j = cut - 1; j >= 0; j--) *p++ = (char)(w[j] - 'A' + 2);
            if (cut < len) {
                *p++ = 1;
                for (Py_ssize_t j = cut; j < len; j++) *p++ = (char)(w[j] - 'A' + 2);
            }
            *p++ = 0;
        }
        start = i + 1;
    }
    PyBuffer_Release(&buf);
    Py_BEGIN_ALLOW_THREADS qsort(strs, k, sizeof(char *), cmp_strings);
    Py_END_ALLOW_THREADS

    if (vec_push(&b.out, 0)) goto nomem; /* arcs[0]: the root pointer, filled in at the end */
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
            if (id == -1) goto nomem;
            if (id == -2) goto toobig;
            path[d - 1].arcs[path[d - 1].n - 1] |= (uint32_t)id;
        }
        depth = common;
        int len = (int)strlen(cur);
        for (int d = common; d < len; d++) {
            uint32_t letter = (uint32_t)(cur[d] - 1);
            path[d].arcs[path[d].n++] = letter << LETTER_SHIFT;
            path[d + 1].n = 0;
        }
        path[len - 1].arcs[path[len - 1].n - 1] |= ACCEPTS_BIT;
        depth = len;
        prev = cur;
    }
    for (int d = depth; d > 0; d--) {
        int64_t id = finalize(&b, &path[d]);
        if (id == -1) goto nomem;
        if (id == -2) goto toobig;
        path[d - 1].arcs[path[d - 1].n - 1] |= (uint32_t)id;
    }
    int64_t root = finalize(&b, &path[0]);
    if (root == -1) goto nomem;
    if (root == -2) goto toobig;
    b.out.data[0] = (uint32_t)root | END_BIT;
    PyObject *result = PyBytes_FromStringAndSize((const char *)b.out.data, (Py_ssize_t)(b.out.len * 4));
    free(pool);
    free(strs);
    free(b.table);
    free(b.table_len);
    free(b.out.data);
    return result;
toobig:
    free(pool);
    free(strs);
    free(b.table);
    free(b.table_len);
    free(b.out.data);
    PyErr_SetString(PyExc_ValueError, "the lexicon is too large for a 22-bit GADDAG");
    return NULL;
nomem:
    free(pool);
    free(strs);
    free(b.table);
    free(b.table_len);
    free(b.out.data);
    if (buf.obj) PyBuffer_Release(&buf);
    return PyErr_NoMemory();
}

/* ------------------------------------------------------------------------------------------------ */
/* Cross-checks: which letters may go on an empty square given the tiles beside it across the line.  */

/* Letters x such that prefix + x + suffix is a word (read as its full reversal, which needs no
 * separator); prefix/suffix hold letter codes 1..26. */
static uint32_t check_set(const uint32_t *graph, const uint8_t *prefix, int np, const uint8_t *suffix, int ns) {
    uint32_t node = graph[1];
    for (int i = ns - 1; i >= 0; i--) {
        uint32_t a = next_arc(graph, node, suffix[i]);
        if (!a) return 0;
        node = a & SEARCH_CHILD;
    }
    uint32_t letters = graph[node] & ALL_LETTERS, set = 0;
    const uint32_t *arcs = graph + node + 1 + (graph[node] & 1); /* past the separator's arc */
    for (uint32_t rest = letters; rest; rest &= rest - 1) {
        uint32_t x = (uint32_t)__builtin_ctz(rest), cur = *arcs++;
        for (int j = np - 1; j >= 0 && cur; j--) cur = next_arc(graph, cur & SEARCH_CHILD, prefix[j]);
        if (cur & SEARCH_ACCEPTS) set |= 1u << x;
    }
    return set;
}

void square_check(const uint32_t *graph, const uint8_t *line, int dim, const int8_t *scores, int i,
                  uint32_t *check, int32_t *cscore) {
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
        prefix[np++] = line[j] & 31;
        sum += (line[j] & BLANK) ? 0 : scores[line[j] & 31];
    }
    for (int j = i + 1; j <= z; j++) {
        suffix[ns++] = line[j] & 31;
        sum += (line[j] & BLANK) ? 0 : scores[line[j] & 31];
    }
    *check = check_set(graph, prefix, np, suffix, ns);
    *cscore = sum;
}

/* Fill checks/cscores for one line of `dim` squares (stride `step` in the output arrays). */
static void line_checks(const uint32_t *graph, const uint8_t *line, int dim, const int8_t *scores,
                        uint32_t *checks, int32_t *cscores, int step) {
    for (int i = 0; i < dim; i++) square_check(graph, line, dim, scores, i, &checks[i * step], &cscores[i * step]);
}

/* update_checks(graph, tiles, dim, scores, checks, cscores, rows, cols): recompute the given lines.
 * checks/cscores hold 2*dim*dim entries: [0, dim*dim) for across play (set by the column, row-major),
 * [dim*dim, 2*dim*dim) for down play (set by the row, stored transposed: index c*dim + r). */
static PyObject *update_checks(PyObject *self, PyObject *args) {
    Py_buffer graph_b, tiles_b, scores_b, checks_b, cscores_b, rows_b, cols_b;
    int dim;
    if (!PyArg_ParseTuple(args, "y*y*iy*w*w*y*y*", &graph_b, &tiles_b, &dim, &scores_b, &checks_b, &cscores_b,
                          &rows_b, &cols_b))
        return NULL;
    const uint32_t *graph = graph_b.buf;
    const uint8_t *tiles = tiles_b.buf;
    uint32_t *checks = checks_b.buf;
    int32_t *cscores = cscores_b.buf;
    const int8_t *scores = scores_b.buf;
    int nn = dim * dim;
    uint8_t line[MAX_DIM];
    const uint8_t *cols = cols_b.buf;
    for (Py_ssize_t k = 0; k < cols_b.len; k++) {
        int c = cols[k];
        for (int r = 0; r < dim; r++) line[r] = tiles[r * dim + c];
        line_checks(graph, line, dim, scores, checks + c, cscores + c, dim);
    }
    const uint8_t *rows = rows_b.buf;
    for (Py_ssize_t k = 0; k < rows_b.len; k++) {
        int r = rows[k];
        line_checks(graph, tiles + r * dim, dim, scores, checks + nn + r, cscores + nn + r, dim);
    }
    PyBuffer_Release(&graph_b);
    PyBuffer_Release(&tiles_b);
    PyBuffer_Release(&scores_b);
    PyBuffer_Release(&checks_b);
    PyBuffer_Release(&cscores_b);
    PyBuffer_Release(&rows_b);
    PyBuffer_Release(&cols_b);
    Py_RETURN_NONE;
}

/* The search graph: the GADDAG relaid for move generation, each node as its letter set (bit 0: the
 * separator) followed by its arcs in letter order, so a node's set and arcs share a cache line. An arc is
 * the child node's index, with SEARCH_ACCEPTS set when the path so far is a whole entry. graph[0] is the
 * empty node (index 0: no child) and graph[1] the root's index. */

static PyObject *search_graph(PyObject *self, PyObject *args) {
    Py_buffer kwg_b;
    if (!PyArg_ParseTuple(args, "y*", &kwg_b)) return NULL;
    const uint32_t *kwg = kwg_b.buf;
    size_t n = (size_t)kwg_b.len / 4, nodes = 0;
    uint32_t *index = calloc(n ? n : 1, sizeof(uint32_t)); /* a node's first arc -> its index in the graph */
    if (!index) {
        PyBuffer_Release(&kwg_b);
        return PyErr_NoMemory();
    }
    /* each node's header goes just before its arcs, in the packed graph's order (graph[1] holds the root) */
    int corrupt = !n || !(kwg[n - 1] & END_BIT) || (kwg[0] & CHILD_MASK) >= n;
    int start = 1;
    for (size_t i = 1; i < n && !corrupt; i++) {
        if (start) index[i] = (uint32_t)(i + 1 + nodes++);
        start = (kwg[i] & END_BIT) != 0;
        if ((kwg[i] & CHILD_MASK) >= n) corrupt = 1;
    }
    if (corrupt) {
        free(index);
        PyBuffer_Release(&kwg_b);
        PyErr_SetString(PyExc_ValueError, "not a packed GADDAG");
        return NULL;
    }
    size_t size = n + 1 + nodes;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(size * 4));
    if (!out) {
        free(index);
        PyBuffer_Release(&kwg_b);
        return NULL;
    }
    uint32_t *graph = (uint32_t *)PyBytes_AS_STRING(out);
    graph[0] = 0;
    graph[1] = n ? index[kwg[0] & CHILD_MASK] : 0;
    size_t header = 0, first = 0;
    start = 1;
    for (size_t i = 1; i < n; i++) {
        if (start) {
            first = i;
            header = index[i];
            graph[header] = 0;
        }
        uint32_t a = kwg[i], child = a & CHILD_MASK;
        graph[header] |= 1u << (a >> LETTER_SHIFT);
        graph[header + 1 + (i - first)] = (child ? index[child] : 0) | ((a & ACCEPTS_BIT) ? SEARCH_ACCEPTS : 0);
        start = (a & END_BIT) != 0;
    }
    free(index);
    PyBuffer_Release(&kwg_b);
    return out;
}

/* ------------------------------------------------------------------------------------------------ */
/* Anagram keys: a word's letter multiset hashed as a sum of per-letter random 64-bit values, so a     */
/* rack's key plus a through tile's key is the key of the combined multiset. Sums can collide, which   */
/* only ever makes a bingo look possible (a looser bound) or a word checked in vain, never missed.     */

static uint64_t letter_key(uint32_t x) {
    uint64_t z = 0x9E3779B97F4A7C15ull * (x + 1); /* splitmix64 of the letter code */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t LETTER_KEYS[32];

static void init_letter_keys(void) {
    for (uint32_t x = 0; x < 32; x++) LETTER_KEYS[x] = letter_key(x);
}

static inline size_t key_slot(uint64_t key, size_t mask) { return (size_t)(key ^ (key >> 29)) & mask; }

/* The word map: every word of `lo` or more letters filed under its anagram key, so the words a multiset
 * of letters makes are found by one lookup (MAGPIE's "word map" idea). Layout: uint64 slot mask, then the
 * slots {uint64 key, uint32 first word, uint32 words} (words 0: an empty slot), then the words, 16 bytes
 * each (letter codes, zero-padded), those of one key together. */

typedef struct {
    uint64_t key;
    uint32_t first, count;
} MapSlot;

typedef struct {
    const uint32_t *kwg;
    int lo;
    uint8_t path[32];
    uint64_t *keys;
    uint8_t (*words)[16];
    size_t n;
} MapWalk;

static void walk_words_of(MapWalk *w, uint32_t node, int depth, uint64_t key) {
    for (uint32_t i = node;; i++) {
        uint32_t a = w->kwg[i];
        uint32_t x = a >> LETTER_SHIFT;
        if (x && depth < 16) {
            uint64_t k = key + LETTER_KEYS[x];
            w->path[depth] = (uint8_t)x;
            if ((a & ACCEPTS_BIT) && depth + 1 >= w->lo && depth + 1 <= 15) {
                if (w->keys) {
                    w->keys[w->n] = k;
                    memset(w->words[w->n], 0, 16);
                    for (int j = 0; j <= depth; j++) w->words[w->n][j] = w->path[depth - j]; /* the path is reversed */
                }
                w->n++;
            }
            if (a & CHILD_MASK) walk_words_of(w, a & CHILD_MASK, depth + 1, k);
        }
        if (a & END_BIT) break;
    }
}

static const uint64_t *SORT_KEYS;

static int by_word_key(const void *a, const void *b) {
    uint64_t x = SORT_KEYS[*(const uint32_t *)a], y = SORT_KEYS[*(const uint32_t *)b];
    return (x > y) - (x < y);
}

/* word_map(kwg, lo) -> bytes: see above. */
static PyObject *word_map(PyObject *self, PyObject *args) {
    Py_buffer kwg_b;
    int lo;
    if (!PyArg_ParseTuple(args, "y*i", &kwg_b, &lo)) return NULL;
    MapWalk w = {kwg_b.buf, lo, {0}, NULL, NULL, 0};
    uint32_t root = kwg_b.len >= 4 ? w.kwg[0] & CHILD_MASK : 0;
    if (root) walk_words_of(&w, root, 0, 0);
    size_t n = w.n;
    PyObject *out = NULL;
    w.keys = malloc((n + 1) * sizeof(uint64_t));
    w.words = malloc((n + 1) * 16);
    uint32_t *order = malloc((n + 1) * sizeof(uint32_t));
    if (!w.keys || !w.words || !order) {
        PyErr_NoMemory();
        goto done;
    }
    w.n = 0;
    if (root) walk_words_of(&w, root, 0, 0);
    for (size_t i = 0; i < n; i++) order[i] = (uint32_t)i;
    SORT_KEYS = w.keys; /* under the GIL: no other sort runs at the same time */
    qsort(order, n, sizeof(uint32_t), by_word_key);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        if (!i || w.keys[order[i]] != w.keys[order[i - 1]]) distinct++;
    size_t slots = 1024;
    while (slots < 2 * distinct) slots *= 2;
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 + slots * sizeof(MapSlot) + n * 16));
    if (!out) goto done;
    char *base = PyBytes_AS_STRING(out);
    uint64_t mask = slots - 1;
    memcpy(base, &mask, 8);
    MapSlot *table = (MapSlot *)(base + 8);
    memset(table, 0, slots * sizeof(MapSlot));
    uint8_t (*words)[16] = (uint8_t (*)[16])(base + 8 + slots * sizeof(MapSlot));
    for (size_t i = 0; i < n; i++) {
        memcpy(words[i], w.words[order[i]], 16);
        uint64_t key = w.keys[order[i]];
        if (i && key == w.keys[order[i - 1]]) continue;
        size_t j = key_slot(key, mask);
        while (table[j].count) j = (j + 1) & mask;
        table[j].key = key;
        table[j].first = (uint32_t)i;
        size_t end = i + 1;
        while (end < n && w.keys[order[end]] == key) end++;
        table[j].count = (uint32_t)(end - i);
    }
done:
    free(w.keys);
    free(w.words);
    free(order);
    PyBuffer_Release(&kwg_b);
    return out;
}

/* The words filed under `key` in a word map (NULL, 0 when none). */
static const uint8_t (*map_words(const char *map, uint64_t key, uint32_t *count))[16] {
    uint64_t mask;
    memcpy(&mask, map, 8);
    const MapSlot *table = (const MapSlot *)(map + 8);
    for (size_t j = key_slot(key, mask);; j = (j + 1) & mask) {
        if (!table[j].count) break;
        if (table[j].key == key) {
            *count = table[j].count;
            return (const uint8_t (*)[16])(map + 8 + (mask + 1) * sizeof(MapSlot)) + table[j].first;
        }
    }
    *count = 0;
    return NULL;
}

/* Whether a word map holds any word under `key`. */
static inline int map_has(const char *map, uint64_t key) {
    uint32_t count;
    return map_words(map, key, &count) != NULL;
}

/* ------------------------------------------------------------------------------------------------ */
/* Move generation.                                                                                   */

static const uint32_t VOWELS = (1u << 1) | (1u << 5) | (1u << 9) | (1u << 15) | (1u << 21);

void notation(char *out, int down, int row, int col, const uint8_t *letters, int length) {
    int n = down ? sprintf(out, "%c%d ", 'A' + col, row + 1) : sprintf(out, "%d%c ", row + 1, 'A' + col);
    for (int i = 0; i < length; i++) {
        uint8_t t = letters[i];
        out[n++] = (char)(((t & BLANK) ? 'a' : 'A') + (t & 31) - 1);
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
            if (!(t & THROUGH) && (VOWELS >> (t & 31) & 1))
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

/* The search is compiled twice where the platform can pick a version at load time: with the popcnt
 * instruction (which the arc lookup's bit count becomes) and without. */
#if defined(__x86_64__) && defined(__GLIBC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define SEARCH_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef SEARCH_CLONES
#define SEARCH_CLONES
#endif

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
        if (clear_left && g->anchor < dim - 1 && (g->graph[child] & 1)) {
            uint32_t sep = g->graph[child + 1]; /* the separator sorts first */
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
    uint32_t mask = g->graph[node];
    const uint32_t *arcs = g->graph + node + 1;
    if (tile) {
        uint32_t x = tile & 31;
        if (!(mask >> x & 1)) return;
        uint32_t a = arcs[pop32(mask & ((1u << x) - 1))];
        g->strip[pos] = (uint8_t)(tile | THROUGH);
        go_on(g, pos, a, ms + ((tile & BLANK) ? 0 : g->scores[x]), wm, ct);
        return;
    }
    if (!g->rack_size) return;
    uint32_t allowed = g->checks[sq] & mask;
    if (!g->rack[0]) allowed &= g->rack_mask;
    if (!allowed) return;
    int lm = g->lmul[sq], w = g->wmul[sq];
    int32_t cs = g->cscores[sq];
    g->nt++;
    g->rack_size--;
    while (allowed) {
        uint32_t x = (uint32_t)__builtin_ctz(allowed);
        allowed &= allowed - 1;
        uint32_t a = arcs[pop32(mask & ((1u << x) - 1))];
        if (g->rack[x]) {
            int v = g->scores[x] * lm;
            if (!--g->rack[x]) g->rack_mask &= ~(1u << x);
            g->leave -= g->stride[x];
            g->strip[pos] = (uint8_t)x;
            go_on(g, pos, a, ms + v, wm * w, cs >= 0 ? ct + (cs + v) * w : ct);
            g->leave += g->stride[x];
            g->rack[x]++;
            g->rack_mask |= 1u << x;
        }
        if (g->rack[0] && (g->blank_letters >> x & 1)) {
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
    uint32_t blank_letters; /* what a blank can stand for in a placement of them all */
    int down, line, anchor, last_anchor, phase;
    int only; /* with the word map, an anchor's plays of every tile and the rest are bounded apart */
} Shadow;

#define NO_BOUND -1e300 /* no placement from this anchor at all */

/* Plays of every tile first (the word map finds them by lookup, so they are cheap and often best), then
 * the rest; each group by bound, highest first. */
static int cmp_shadow(const void *a, const void *b) {
    const Shadow *u = a, *v = b;
    int p = u->only == ONLY_WHOLE, q = v->only == ONLY_WHOLE;
    if (p != q) return q - p;
    return (u->bound < v->bound) - (u->bound > v->bound);
}

/* For a play of all the tiles a phase can play, with the through tiles of `through` (a key sum): the
 * letters a blank could stand for so that they make a word (every letter when the phase plays no blank,
 * none when no word can be made). A necessary condition, memoised per phase and through key. */
static uint32_t whole_rack_blanks(Gen *g, int phase, uint64_t through) {
    uint64_t key = through + (uint64_t)phase * 0x9E3779B97F4A7C15ull;
    int slot = (int)((key ^ (key >> 17)) & 63);
    if (g->memo_known[slot] && g->memo_key[slot] == key) return g->memo[slot];
    const char *map = g->word_map;
    uint64_t word = g->rack_key + through;
    uint32_t found = 0;
    int blanks = g->phases[phase].most;
    if (blanks == 0) {
        found = map_has(map, word) ? ALL_LETTERS : 0;
    } else if (blanks == 1) {
        for (uint32_t x = 1; x <= 26; x++)
            if (map_has(map, word + LETTER_KEYS[x])) found |= 1u << x;
    } else if (blanks == 2) {
        for (uint32_t x = 1; x <= 26; x++)
            for (uint32_t y = x; y <= 26; y++)
                if (map_has(map, word + LETTER_KEYS[x] + LETTER_KEYS[y])) found |= (1u << x) | (1u << y);
    } else {
        found = ALL_LETTERS;
    }
    g->memo_key[slot] = key;
    g->memo[slot] = found;
    g->memo_known[slot] = 1;
    return found;
}

static void sort_down(int *a, int n) {
    for (int i = 1; i < n; i++) /* insertion sort: at most 8 */
        for (int m = i; m > 0 && a[m] > a[m - 1]; m--) {
            int t = a[m];
            a[m] = a[m - 1];
            a[m - 1] = t;
        }
}

static double shadow_bound(Gen *g, int phase, int by_equity, double *part, double *whole, uint32_t *blanks) {
    const Phase *p = &g->phases[phase];
    const int *values = p->values;
    const double *max_leave = by_equity ? p->max_leave : NULL;
    int k = p->k;
    int dim = g->dim, base = g->line * dim, a = g->anchor;
    const uint8_t *row = g->tiles + base;
    uint32_t letters = p->most ? ALL_LETTERS : g->rack_mask;
    if (!(g->checks[base + a] & letters)) return NO_BOUND;
    int lsq[8], rsq[8], lthr[8], rthr[8];
    uint64_t lkey[8], rkey[8], key = 0; /* the through tiles' anagram key, left and right of the anchor */
    int pos = a - 1, thr = 0, nl = 0, nr = 0;
#define THROUGH_TILE(step) \
    (thr += (row[pos] & BLANK) ? 0 : g->scores[row[pos] & 31], key += LETTER_KEYS[row[pos] & 31], pos += (step))
    while (pos >= 0 && row[pos]) THROUGH_TILE(-1);
    lthr[0] = thr, lkey[0] = key;
    while (nl < k - 1 && pos >= 0 && pos > g->last_anchor && !row[pos] && (g->checks[base + pos] & letters)) {
        lsq[++nl] = pos--;
        while (pos >= 0 && row[pos]) THROUGH_TILE(-1);
        lthr[nl] = thr, lkey[nl] = key;
    }
    pos = a + 1, thr = 0, key = 0;
    while (pos < dim && row[pos]) THROUGH_TILE(1);
    rthr[0] = thr, rkey[0] = key;
    while (nr < k - 1 && pos < dim && !row[pos] && (g->checks[base + pos] & letters)) {
        rsq[++nr] = pos++;
        while (pos < dim && row[pos]) THROUGH_TILE(1);
        rthr[nr] = thr, rkey[nr] = key;
    }
#undef THROUGH_TILE
    double best = NO_BOUND;
    *part = NO_BOUND;     /* the bound of the spans that leave some of the phase's tiles unplayed */
    *whole = NO_BOUND;    /* and of those that play them all */
    *blanks = ALL_LETTERS; /* what a blank can stand for in the spans that play them all */
    int checked = g->word_map != NULL;
    if (checked) *blanks = 0;
    for (int j = 0; j <= nl; j++) {
        int rmax = k - 1 - j < nr ? k - 1 - j : nr;
        /* by score alone a longer span never bounds lower, so only the longest is needed, unless the
         * anagram check may rule it out */
        for (int rr = (max_leave || checked) ? 0 : rmax; rr <= rmax; rr++) {
            int n = 1 + j + rr;
            if (n < p->blanks_played) continue;
            double leave_bound = max_leave ? max_leave[n] : 0;
            if (checked && n == k) {
                uint32_t letters = whole_rack_blanks(g, phase, lkey[j] + rkey[rr]);
                if (!letters) continue;
                *blanks |= letters;
            }
            int sq[8];
            n = 0;
            sq[n++] = base + a;
            for (int i = 1; i <= j; i++) sq[n++] = base + lsq[i];
            for (int i = 1; i <= rr; i++) sq[n++] = base + rsq[i];
            int wm = 1;
            for (int i = 0; i < n; i++) wm *= g->wmul[sq[i]];
            int fixed = (lthr[j] + rthr[rr]) * wm, capped = 0;
            int weights[8], caps[8];
            for (int i = 0; i < n; i++) {
                int32_t cs = g->cscores[sq[i]];
                weights[i] = g->lmul[sq[i]] * (wm + (cs >= 0 ? g->wmul[sq[i]] : 0));
                if (cs >= 0) fixed += cs * g->wmul[sq[i]];
                caps[i] = weights[i] * g->caps[sq[i]];
            }
            sort_down(weights, n);
            sort_down(caps, n);
            /* the phase's blanks score nothing: its other tiles take the best squares */
            int paired = 0, real = n - p->blanks_played;
            for (int i = 0; i < real; i++) paired += weights[i] * values[i], capped += caps[i];
            double total = fixed + (paired < capped ? paired : capped) + (n == g->bingo_tiles ? g->bingo_bonus : 0);
            total += leave_bound;
            if (total > best) best = total;
            if (n < k && total > *part) *part = total;
            if (n == k && total > *whole) *whole = total;
        }
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
    g->caps = dir->caps;
}

/* Record a whole-rack word found in the word map at squares left..right of the current line, if it fits:
 * its letters match the board's tiles, the rest pass the cross-checks and are the rack's tiles plus the
 * blanks' letters `blank1`, `blank2` (0: none). Each square the blanks may take gives its own placement. */
static void fit_word(Gen *g, const uint8_t *word, int left, int right, uint32_t blank1, uint32_t blank2, int leave) {
    int dim = g->dim, base = g->line * dim;
    const uint8_t *row = g->tiles + base;
    int need[27] = {0}, news[8], nnew = 0;
    for (int pos = left; pos <= right; pos++) {
        uint8_t x = word[pos - left], tile = row[pos];
        if (tile) {
            if ((tile & 31) != x) return;
            g->strip[pos] = (uint8_t)(tile | THROUGH);
            continue;
        }
        if (!(g->checks[base + pos] >> x & 1) || nnew == 8) return;
        need[x]++;
        news[nnew++] = pos;
    }
    if (blank1) need[blank1]--;
    if (blank2) need[blank2]--;
    for (int x = 1; x <= 26; x++)
        if (need[x] != g->rack[x]) return;
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
            int ms = 0, wm = 1, ct = 0, index = leave;
            for (int pos = left; pos <= right; pos++) {
                uint8_t tile = row[pos];
                if (tile) {
                    ms += (tile & BLANK) ? 0 : g->scores[tile & 31];
                    continue;
                }
                uint8_t x = word[pos - left];
                int is_blank = pos == s1 || pos == s2;
                int sq = base + pos, w = g->wmul[sq], v = is_blank ? 0 : g->scores[x] * g->lmul[sq];
                int32_t cs = g->cscores[sq];
                g->strip[pos] = (uint8_t)(is_blank ? x | BLANK : x);
                index -= g->stride[is_blank ? 0 : x];
                ms += v;
                wm *= w;
                if (cs >= 0) ct += (cs + v) * w;
            }
            int rack_size = g->rack_size;
            g->nt = nnew;
            g->leave = index;
            g->rack_size = 0; /* every tile is played (see record) */
            record(g, left, right, ms, wm, ct);
            g->rack_size = rack_size;
        }
}

/* Every play of all the phase's tiles from the current anchor, from the word map instead of the GADDAG:
 * for each span of squares they can cover, the words made of them and the span's board tiles. Returns 0
 * (nothing done) for racks it does not handle: more than 7 tiles or 2 blanks. */
static int whole_plays(Gen *g, uint32_t blank_letters, int leave) {
    int dim = g->dim, base = g->line * dim, a = g->anchor, k = g->rack_size;
    const uint8_t *row = g->tiles + base;
    int blanks = g->rack[0];
    uint32_t letters = blanks ? ALL_LETTERS : g->rack_mask;
    if (k < 1 || k > 7 || blanks > 2) return 0;
    if (!(g->checks[base + a] & letters)) return 1;
    int lsq[8], rsq[8], nl = 0, nr = 0, pos = a - 1;
    while (pos >= 0 && row[pos]) pos--;
    while (nl < k - 1 && pos >= 0 && pos > g->last_anchor && !row[pos] && (g->checks[base + pos] & letters)) {
        lsq[++nl] = pos--;
        while (pos >= 0 && row[pos]) pos--;
    }
    pos = a + 1;
    while (pos < dim && row[pos]) pos++;
    while (nr < k - 1 && pos < dim && !row[pos] && (g->checks[base + pos] & letters)) {
        rsq[++nr] = pos++;
        while (pos < dim && row[pos]) pos++;
    }
    for (int j = 0; j <= nl; j++) {
        int rr = k - 1 - j;
        if (rr > nr) continue;
        int left = j ? lsq[j] : a, right = rr ? rsq[rr] : a;
        while (left > 0 && row[left - 1]) left--;
        while (right < dim - 1 && row[right + 1]) right++;
        if (right == left) continue;
        uint64_t key = g->rack_key;
        for (int p = left; p <= right; p++)
            if (row[p]) key += LETTER_KEYS[row[p] & 31];
        int length = right - left + 1;
        if (length > 15) continue;
        for (uint32_t x = blanks ? 1 : 0; x <= (blanks ? 26u : 0u); x++) {
            if (x && !(blank_letters >> x & 1)) continue;
            for (uint32_t y = blanks == 2 ? x : 0; y <= (blanks == 2 ? 26u : 0u); y++) {
                if (y && !(blank_letters >> y & 1)) continue;
                uint32_t count;
                const uint8_t (*words)[16] = map_words(g->word_map, key + (x ? LETTER_KEYS[x] : 0) + (y ? LETTER_KEYS[y] : 0), &count);
                for (uint32_t i = 0; i < count; i++)
                    if (!words[i][length] && words[i][length - 1]) /* a word of exactly that length */
                        fit_word(g, words[i], left, right, x, y, leave);
            }
        }
    }
    return 1;
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

/* generate(graph, tiles, dim, checks, cscores, lmul2, wmul2, scores, rack, strides, leave_values,
 *          vowel_penalty2 or b"", mode, bingo_tiles, bingo_bonus, symmetric, word_map or b"")
 *   -> bytes of MoveRec (or an int count)
 * lmul2/wmul2/vowel_penalty2 hold the layout row-major then transposed; word_map (of the words of 2+
 * letters) tightens the best-move bounds, as spans for the whole rack that cannot make a word are
 * skipped, and finds the plays of every tile by lookup. */
static PyObject *generate(PyObject *self, PyObject *args) {
    Py_buffer graph_b, tiles_b, checks_b, cscores_b, lmul_b, wmul_b, scores_b, rack_b, stride_b, leave_b, vowel_b, map_b;
    int dim, mode, bingo_tiles, bingo_bonus, symmetric;
    if (!PyArg_ParseTuple(args, "y*y*iy*y*y*y*y*y*y*y*y*iiipy*", &graph_b, &tiles_b, &dim, &checks_b, &cscores_b,
                          &lmul_b, &wmul_b, &scores_b, &rack_b, &stride_b, &leave_b, &vowel_b, &mode, &bingo_tiles,
                          &bingo_bonus, &symmetric, &map_b))
        return NULL;
    Gen g;
    memset(&g, 0, sizeof g);
    g.graph = graph_b.buf;
    g.dim = dim;
    g.mode = mode;
    g.bingo_tiles = bingo_tiles;
    g.bingo_bonus = bingo_bonus;
    g.scores = scores_b.buf;
    g.leave_values = leave_b.buf;
    const uint8_t *rack = rack_b.buf;
    const uint8_t *stride = stride_b.buf;
    int leave = 0;
    for (int i = 0; i < 27; i++) {
        g.rack[i] = rack[i];
        g.stride[i] = stride[i];
        g.rack_size += rack[i];
        if (rack[i]) g.rack_mask |= 1u << i;
        leave += rack[i] * stride[i];
        if (i) g.rack_key += rack[i] * LETTER_KEYS[i];
    }
    if (map_b.len >= 8 + (Py_ssize_t)sizeof(MapSlot)) g.word_map = map_b.buf;
    int nn = dim * dim;
    const uint8_t *tiles = tiles_b.buf;
    uint8_t transposed[MAX_DIM * MAX_DIM];
    int empty = 1;
    for (int r = 0; r < dim; r++)
        for (int c = 0; c < dim; c++) {
            transposed[c * dim + r] = tiles[r * dim + c];
            if (tiles[r * dim + c]) empty = 0;
        }
    uint32_t root = graph_b.len >= 8 ? g.graph[1] : 0;
    const double *vowel = vowel_b.len ? (const double *)vowel_b.buf : NULL;
    /* the phases: one for racks without a blank or by score, else one per number of blanks played */
    int split = mode == MODE_BEST_EQUITY && g.rack[0] && g.rack[0] < MAX_PHASES - 1;
    int first_phase = split ? 1 : 0, last_phase = split ? 1 + g.rack[0] : 0;
    g.blank_letters = ALL_LETTERS;
    for (int ph = first_phase; ph <= last_phase; ph++) {
        Phase *p = &g.phases[ph];
        p->least = p->most = ph ? ph - 1 : g.rack[0];
        if (!ph) p->least = 0;
        p->kept = ph ? g.rack[0] - p->most : 0;
        p->blanks_played = ph ? p->most : 0; /* a phase of its own plays exactly that many */
        int values[32], k = 0;
        for (int x = 1; x <= 26; x++)
            for (int i = 0; i < g.rack[x]; i++) values[k++] = g.scores[x];
        for (int i = 0; i < p->most; i++) values[k++] = 0;
        for (int i = 1; i < k; i++)
            for (int m = i; m > 0 && values[m] > values[m - 1]; m--) {
                int t = values[m];
                values[m] = values[m - 1];
                values[m - 1] = t;
            }
        p->k = k > 7 ? 7 : k; /* a bound over the first 7 would be wrong with bigger racks: never prune then */
        memcpy(p->values, values, sizeof p->values);
        for (int n = 0; n < 32; n++) p->max_leave[n] = NO_BOUND;
    }
    int held[27], nheld = 0;
    for (int x = 0; x < 27; x++)
        if (g.stride[x]) held[nheld++] = x;
    for (Py_ssize_t i = 0; i < (Py_ssize_t)(leave_b.len / sizeof(double)); i++) {
        int kept = 0, blanks_kept = 0;
        for (int h = 0; h < nheld; h++) {
            int count = (int)((i / g.stride[held[h]]) % (g.rack[held[h]] + 1));
            kept += count;
            if (!held[h]) blanks_kept = count;
        }
        int played = g.rack_size - kept, blanks = g.rack[0] - blanks_kept;
        for (int ph = first_phase; ph <= last_phase; ph++) {
            Phase *p = &g.phases[ph];
            if (played >= 0 && played < 32 && blanks >= p->least && blanks <= p->most &&
                g.leave_values[i] > p->max_leave[played])
                p->max_leave[played] = g.leave_values[i];
        }
    }
    int pruning = (mode == MODE_BEST_SCORE || mode == MODE_BEST_EQUITY) && g.rack_size <= 7;
    Shadow *shadows = NULL;
    size_t nshadows = 0;
    uint8_t caps[2 * MAX_DIM * MAX_DIM];
    if (pruning) {
        /* anchors x phases x (whole, part) */
        shadows = malloc(2 * (size_t)nn * (size_t)(last_phase - first_phase + 1) * 2 * sizeof(Shadow));
        if (!shadows) pruning = 0;
        const uint32_t *all_checks = checks_b.buf;
        for (int i = 0; i < 2 * nn; i++) {
            uint32_t fits = all_checks[i] & g.rack_mask;
            int cap = 0;
            while (fits) {
                int x = __builtin_ctz(fits);
                fits &= fits - 1;
                if (g.scores[x] > cap) cap = g.scores[x];
            }
            caps[i] = (uint8_t)cap;
        }
    }
    /* On an empty board with a layout symmetric under transposition every down opening mirrors an
     * across one with the same score and equity, so the best-move search looks at across only. */
    int directions = (pruning && empty && symmetric) ? 1 : 2;
    Direction dirs[2];
    for (int d = 0; d < 2; d++) {
        dirs[d].tiles = d ? transposed : tiles;
        dirs[d].checks = (const uint32_t *)checks_b.buf + d * nn;
        dirs[d].cscores = (const int32_t *)cscores_b.buf + d * nn;
        dirs[d].lmul = (const uint8_t *)lmul_b.buf + d * nn;
        dirs[d].wmul = (const uint8_t *)wmul_b.buf + d * nn;
        dirs[d].vowel_penalty = (empty && vowel) ? vowel + d * nn : NULL;
        dirs[d].caps = caps + d * nn;
    }
    /* the plays of every tile are looked up in the word map (a blank held to the letters that make such a
     * word), so they are bounded and tried apart from the rest of their anchor */
    int apart = g.word_map != NULL;
    Py_BEGIN_ALLOW_THREADS if (!pruning && root) all_placements(&g, dirs, empty, root, leave);
    for (int d = 0; d < directions && pruning && root && g.rack_size; d++) {
        face(&g, d, &dirs[d]);
        for (int line = 0; line < dim; line++) {
            g.line = line;
            g.last_anchor = -1;
            for (int pos = 0; pos < dim; pos++) {
                if (!is_anchor(g.tiles, dim, line, pos, empty)) continue;
                g.anchor = pos;
                for (int ph = first_phase; ph <= last_phase; ph++) {
                    double part = NO_BOUND, whole = NO_BOUND;
                    uint32_t blanks = 0;
                    double bound = shadow_bound(&g, ph, mode == MODE_BEST_EQUITY, &part, &whole, &blanks);
                    for (int kind = apart ? ONLY_WHOLE : ONLY_ALL; kind <= (apart ? ONLY_PART : ONLY_ALL); kind++) {
                        double b = kind == ONLY_WHOLE ? whole : kind == ONLY_PART ? part : bound;
                        if (b <= NO_BOUND) continue; /* equities can be negative: in the end-game every leave costs */
                        Shadow *sh = &shadows[nshadows++];
                        sh->bound = b;
                        sh->blank_letters = blanks;
                        sh->down = d;
                        sh->line = line;
                        sh->anchor = pos;
                        sh->last_anchor = g.last_anchor;
                        sh->phase = ph;
                        sh->only = kind;
                    }
                }
                g.last_anchor = pos;
            }
        }
    }
    if (pruning) {
        qsort(shadows, nshadows, sizeof(Shadow), cmp_shadow);
        for (size_t i = 0; i < nshadows; i++) {
            Shadow *sh = &shadows[i];
            g.blank_letters = sh->only == ONLY_WHOLE ? sh->blank_letters : ALL_LETTERS;
            g.only = sh->only;
            if (g.have_best) {
                double best = mode == MODE_BEST_SCORE ? (double)g.best.score : g.best.equity;
                if (sh->bound < best) { /* the rest of this group is bounded lower still */
                    if (sh->only != ONLY_WHOLE) break;
                    while (i + 1 < nshadows && shadows[i + 1].only == ONLY_WHOLE) i++;
                    continue;
                }
            }
            face(&g, sh->down, &dirs[sh->down]);
            g.line = sh->line;
            g.anchor = sh->anchor;
            g.last_anchor = sh->last_anchor;
            int blanks = g.phases[sh->phase].kept; /* kept: off the rack, in the leave index */
            g.rack[0] = (uint8_t)(g.rack[0] - blanks);
            g.rack_size -= blanks;
            if (!(sh->only == ONLY_WHOLE && g.word_map && whole_plays(&g, g.blank_letters, leave)))
                search_anchor(&g, root, leave);
            g.rack[0] = (uint8_t)(g.rack[0] + blanks);
            g.rack_size += blanks;
        }
        free(shadows);
    }
    Py_END_ALLOW_THREADS PyObject *result;
    if (g.failed) {
        result = PyErr_NoMemory();
    } else if (mode == MODE_COUNT) {
        result = PyLong_FromSize_t(g.n);
    } else if (mode == MODE_ALL) {
        result = PyBytes_FromStringAndSize((const char *)g.out, (Py_ssize_t)(g.n * sizeof(MoveRec)));
    } else {
        result = PyBytes_FromStringAndSize((const char *)&g.best, g.have_best ? (Py_ssize_t)sizeof(MoveRec) : 0);
    }
    free(g.out);
    PyBuffer_Release(&graph_b);
    PyBuffer_Release(&tiles_b);
    PyBuffer_Release(&checks_b);
    PyBuffer_Release(&cscores_b);
    PyBuffer_Release(&lmul_b);
    PyBuffer_Release(&wmul_b);
    PyBuffer_Release(&scores_b);
    PyBuffer_Release(&rack_b);
    PyBuffer_Release(&stride_b);
    PyBuffer_Release(&leave_b);
    PyBuffer_Release(&vowel_b);
    PyBuffer_Release(&map_b);
    return result;
}

/* leave_table(rack, per_copy, pair, mix, q_without_u, copies) -> (strides, values): every leave of a rack
 * under an additive leave model. rack: 27 tile counts; per_copy: 27 x copies doubles (the k-th copy's
 * term at code * copies + k - 1); pair: 27 x 27 doubles (the synergy of two different tiles kept); mix:
 * (copies + 1)^2 doubles (vowels * (copies + 1) + consonants). Index = sum kept[i] * stride[i], the held
 * tiles in code order with the first one's stride 1. The sums run in the order of AdditiveLeaves.table,
 * so the values are the same doubles. */
static PyObject *leave_table(PyObject *self, PyObject *args) {
    Py_buffer rack_b, copy_b, pair_b, mix_b;
    double q_without_u;
    int copies;
    if (!PyArg_ParseTuple(args, "y*y*y*y*di", &rack_b, &copy_b, &pair_b, &mix_b, &q_without_u, &copies)) return NULL;
    PyObject *result = NULL;
    const uint8_t *rack = rack_b.buf;
    const double *per_copy = copy_b.buf, *pair = pair_b.buf, *mix = mix_b.buf;
    int held[27], nheld = 0, total = 0;
    uint8_t strides[27] = {0};
    Py_ssize_t size = 1;
    if (rack_b.len != 27 || copies < 1 || copy_b.len != (Py_ssize_t)(27 * copies * sizeof(double)) ||
        pair_b.len != (Py_ssize_t)(27 * 27 * sizeof(double)) ||
        mix_b.len != (Py_ssize_t)((copies + 1) * (copies + 1) * sizeof(double))) {
        PyErr_SetString(PyExc_ValueError, "leave_table: bad buffer sizes");
        goto done;
    }
    for (int x = 0; x < 27; x++)
        if (rack[x]) {
            if (rack[x] > copies || size * (rack[x] + 1) > 255 * 255) {
                PyErr_SetString(PyExc_ValueError, "leave_table: rack too big");
                goto done;
            }
            held[nheld++] = x;
            strides[x] = (uint8_t)(size <= 255 ? size : 0);
            size *= rack[x] + 1;
            total += rack[x];
        }
    if (size > 256) {
        PyErr_SetString(PyExc_ValueError, "leave_table: rack too big");
        goto done;
    }
    double values[256];
    uint32_t kept_mask[256]; /* which held tiles (by position in held) each leave keeps */
    uint8_t vowels[256], consonants[256], has_q[256], has_u[256];
    values[0] = 0.0;
    kept_mask[0] = 0;
    vowels[0] = consonants[0] = has_q[0] = has_u[0] = 0;
    Py_ssize_t n = 1;
    for (int i = 0; i < nheld; i++) {
        int x = held[i], count = rack[x];
        double terms[32];
        terms[0] = 0.0;
        for (int k = 1; k <= count; k++) terms[k] = terms[k - 1] + per_copy[x * copies + k - 1];
        int is_vowel = (VOWELS >> x) & 1, is_consonant = x != 0 && !is_vowel;
        for (int k = count; k >= 0; k--)
            for (Py_ssize_t j = 0; j < n; j++) {
                Py_ssize_t to = k * n + j;
                double synergy = 0.0;
                if (k)
                    for (int m = 0; m < i; m++)
                        if (kept_mask[j] >> m & 1) synergy += pair[held[m] * 27 + x];
                values[to] = (terms[k] + values[j]) + synergy;
                kept_mask[to] = kept_mask[j] | (k ? 1u << i : 0);
                vowels[to] = (uint8_t)(vowels[j] + (is_vowel ? k : 0));
                consonants[to] = (uint8_t)(consonants[j] + (is_consonant ? k : 0));
                has_q[to] = has_q[j] | (k && x == 17);
                has_u[to] = has_u[j] | (k && x == 21);
            }
        n *= count + 1;
    }
    (void)total;
    for (Py_ssize_t j = 0; j < n; j++)
        values[j] = (values[j] + mix[vowels[j] * (copies + 1) + consonants[j]]) +
                    (has_q[j] && !has_u[j] ? q_without_u : 0.0);
    values[0] = 0.0;
    result = Py_BuildValue("(y#y#)", (const char *)strides, (Py_ssize_t)27, (const char *)values,
                           (Py_ssize_t)(n * (Py_ssize_t)sizeof(double)));
done:
    PyBuffer_Release(&rack_b);
    PyBuffer_Release(&copy_b);
    PyBuffer_Release(&pair_b);
    PyBuffer_Release(&mix_b);
    return result;
}

static PyMethodDef methods[] = {
    {"leave_table", leave_table, METH_VARARGS, "Strides and values of every leave of a rack (additive model)."},
    {"build_gaddag", build_gaddag, METH_VARARGS, "Build the packed GADDAG of newline-separated words."},
    {"update_checks", update_checks, METH_VARARGS, "Recompute cross-checks and cross scores of lines."},
    {"search_graph", search_graph, METH_VARARGS, "The GADDAG relaid for move generation (node sets beside arcs)."},
    {"word_map", word_map, METH_VARARGS, "The words of at least lo letters filed under their anagram keys."},
    {"generate", generate, METH_VARARGS, "Generate tile placements (all, best, or a count)."},
    {"endgame", endgame, METH_VARARGS, "Solve an endgame exactly (negamax with alpha-beta)."},
    {"endgame_words", endgame_words, METH_VARARGS, "The words that fit a line of the board with the racks' tiles."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_engine", "Compiled Scrabble move generation.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__engine(void) {
    init_letter_keys();
    return PyModule_Create(&module);
}
