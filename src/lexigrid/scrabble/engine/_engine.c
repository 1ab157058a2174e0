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
    const uint8_t *cols = cols_b.buf, *rows = rows_b.buf;
    int fits = dim >= 1 && dim <= MAX_DIM && tiles_b.len >= nn && scores_b.len >= 27 &&
               checks_b.len >= 2 * nn * (Py_ssize_t)sizeof(uint32_t) &&
               cscores_b.len >= 2 * nn * (Py_ssize_t)sizeof(int32_t);
    for (Py_ssize_t k = 0; fits && k < cols_b.len; k++) fits = cols[k] < dim;
    for (Py_ssize_t k = 0; fits && k < rows_b.len; k++) fits = rows[k] < dim;
    if (fits) {
        for (Py_ssize_t k = 0; k < cols_b.len; k++) {
            int c = cols[k];
            for (int r = 0; r < dim; r++) line[r] = tiles[r * dim + c];
            line_checks(graph, line, dim, scores, checks + c, cscores + c, dim);
        }
        for (Py_ssize_t k = 0; k < rows_b.len; k++) {
            int r = rows[k];
            line_checks(graph, tiles + r * dim, dim, scores, checks + nn + r, cscores + nn + r, dim);
        }
    } else {
        PyErr_SetString(PyExc_ValueError, "update_checks: the arrays or lines do not fit a board of 1 to 32 squares");
    }
    PyBuffer_Release(&graph_b);
    PyBuffer_Release(&tiles_b);
    PyBuffer_Release(&scores_b);
    PyBuffer_Release(&checks_b);
    PyBuffer_Release(&cscores_b);
    PyBuffer_Release(&rows_b);
    PyBuffer_Release(&cols_b);
    if (!fits) return NULL;
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
 * of letters makes are found by one lookup (MAGPIE's "word map" idea). Layout: a header {uint64 slot
 * mask, uint64 words, uint64 blank slot mask}, then the slots {uint64 key, uint32 first word, uint32
 * words} (words 0: an empty slot), then the words, 16 bytes each (letter codes, zero-padded), those of
 * one key together, then the blank slots. The blank table answers "which letters can a blank stand for
 * so that these letters make a word": for every word's multiset less one of its letters x, the letters x
 * (a slot is {uint32 the key's high half, uint32 letter set}, letter set 0: empty; keys alike in their
 * high half and slot share a set, which only ever adds a letter to try in vain). */

typedef struct {
    uint64_t key;
    uint32_t first, count;
} MapSlot;

#define MAP_HEADER 24

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
    size_t slots = 1024, blank_slots = 1024;
    while (slots < 2 * distinct) slots *= 2;
    while (blank_slots < 8 * distinct) blank_slots *= 2; /* about 5 keys per multiset: load under 2/3 */
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(MAP_HEADER + slots * sizeof(MapSlot) + n * 16 + blank_slots * 8));
    if (!out) goto done;
    char *base = PyBytes_AS_STRING(out);
    uint64_t header[3] = {slots - 1, n, blank_slots - 1};
    memcpy(base, header, MAP_HEADER);
    MapSlot *table = (MapSlot *)(base + MAP_HEADER);
    memset(table, 0, slots * sizeof(MapSlot));
    uint8_t (*words)[16] = (uint8_t (*)[16])(table + slots);
    uint32_t (*blank_table)[2] = (uint32_t (*)[2])(words + n);
    memset(blank_table, 0, blank_slots * 8);
    for (size_t i = 0; i < n; i++) {
        memcpy(words[i], w.words[order[i]], 16);
        uint64_t key = w.keys[order[i]];
        if (i && key == w.keys[order[i - 1]]) continue;
        size_t j = key_slot(key, header[0]);
        while (table[j].count) j = (j + 1) & header[0];
        table[j].key = key;
        table[j].first = (uint32_t)i;
        size_t end = i + 1;
        while (end < n && w.keys[order[end]] == key) end++;
        table[j].count = (uint32_t)(end - i);
        uint32_t letters = 0;
        for (int p = 0; p < 16 && words[i][p]; p++) letters |= 1u << words[i][p];
        for (uint32_t rest = letters; rest; rest &= rest - 1) {
            uint32_t x = (uint32_t)__builtin_ctz(rest);
            uint64_t less = key - LETTER_KEYS[x];
            size_t b = key_slot(less, header[2]);
            while (blank_table[b][1] && blank_table[b][0] != (uint32_t)(less >> 32)) b = (b + 1) & header[2];
            blank_table[b][0] = (uint32_t)(less >> 32);
            blank_table[b][1] |= 1u << x;
        }
    }
done:
    free(w.keys);
    free(w.words);
    free(order);
    PyBuffer_Release(&kwg_b);
    return out;
}

/* Whether `len` bytes hold a word map's layout: its sizes, and with `deep` every slot's words (a copy
 * read from the cache is checked deep once, before use). */
static int map_fits(const char *map, Py_ssize_t len, int deep) {
    uint64_t header[3];
    if (len < MAP_HEADER) return 0;
    memcpy(header, map, MAP_HEADER);
    uint64_t slots = header[0] + 1, blank_slots = header[2] + 1, words = header[1];
    if (slots & header[0] || blank_slots & header[2] || slots > (1u << 30) || blank_slots > (1u << 30) || words > (1u << 30))
        return 0; /* slot counts are powers of two */
    if ((uint64_t)len != MAP_HEADER + slots * sizeof(MapSlot) + words * 16 + blank_slots * 8) return 0;
    const MapSlot *table = (const MapSlot *)(map + MAP_HEADER);
    for (uint64_t j = 0; deep && j < slots; j++)
        if (table[j].count && (uint64_t)table[j].first + table[j].count > words) return 0;
    return 1;
}

/* word_map_fits(data) -> bool: see map_fits. */
static PyObject *word_map_fits(PyObject *self, PyObject *args) {
    Py_buffer map_b;
    if (!PyArg_ParseTuple(args, "y*", &map_b)) return NULL;
    int fits = map_fits(map_b.buf, map_b.len, 1);
    PyBuffer_Release(&map_b);
    return PyBool_FromLong(fits);
}

/* checksum(data) -> int: a 64-bit checksum of bytes (a cached copy's, to tell it from a damaged one). */
static PyObject *checksum(PyObject *self, PyObject *args) {
    Py_buffer b;
    if (!PyArg_ParseTuple(args, "y*", &b)) return NULL;
    const unsigned char *p = b.buf;
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)b.len;
    Py_ssize_t i = 0;
    for (; i + 8 <= b.len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    for (; i < b.len; i++) h = (h ^ p[i]) * 0x94D049BB133111EBull;
    PyBuffer_Release(&b);
    return PyLong_FromUnsignedLongLong(h);
}

/* The words filed under `key` in a word map (NULL, 0 when none). */
static const uint8_t (*map_words(const char *map, uint64_t key, uint32_t *count))[16] {
    uint64_t mask;
    memcpy(&mask, map, 8);
    const MapSlot *table = (const MapSlot *)(map + MAP_HEADER);
    for (size_t j = key_slot(key, mask);; j = (j + 1) & mask) {
        if (!table[j].count) break;
        if (table[j].key == key) {
            *count = table[j].count;
            return (const uint8_t (*)[16])(table + mask + 1) + table[j].first;
        }
    }
    *count = 0;
    return NULL;
}

/* The letters a blank can stand for so that the letters of `key` and the blank make a word (a superset:
 * see the blank table above). */
static uint32_t map_blank_letters(const char *map, uint64_t key) {
    uint64_t header[3];
    memcpy(header, map, MAP_HEADER);
    const uint32_t (*blank_table)[2] =
        (const uint32_t (*)[2])(map + MAP_HEADER + (header[0] + 1) * sizeof(MapSlot) + header[1] * 16);
    for (size_t b = key_slot(key, header[2]);; b = (b + 1) & header[2]) {
        if (!blank_table[b][1]) return 0;
        if (blank_table[b][0] == (uint32_t)(key >> 32)) return blank_table[b][1];
    }
}

/* Start fetching the slot a lookup of `key` reads first. */
static inline void map_prefetch(const char *map, uint64_t key) {
    uint64_t mask;
    memcpy(&mask, map, 8);
    __builtin_prefetch((const MapSlot *)(map + MAP_HEADER) + key_slot(key, mask));
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

/* The shadows are taken highest bound first from a binary max-heap: the search stops at the first bound
 * below the best found, so most are never ordered. */
static void sift_down(Shadow *heap, size_t n, size_t i) {
    for (;;) {
        size_t top = i, l = 2 * i + 1, r = l + 1;
        if (l < n && heap[l].bound > heap[top].bound) top = l;
        if (r < n && heap[r].bound > heap[top].bound) top = r;
        if (top == i) return;
        Shadow t = heap[i];
        heap[i] = heap[top];
        heap[top] = t;
        i = top;
    }
}

static Shadow pop_shadow(Shadow *heap, size_t *n) {
    Shadow top = heap[0];
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
        for (uint32_t x = 1; x <= 26 && !found; x++) found = map_blank_letters(map, word + LETTER_KEYS[x]) != 0;
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
    int sq[8], weights[8], caps[8];
} SpanBuild;

static inline void insert_down(int *a, int n, int v) {
    while (n > 0 && a[n - 1] < v) a[n] = a[n - 1], n--;
    a[n] = v;
}

static void build_add(const Gen *g, SpanBuild *b, int q) {
    int32_t cs = g->cscores[q];
    int w = g->wmul[q];
    b->sq[b->n++] = q;
    if (cs >= 0) b->cross += cs * w;
    b->blank_only += !(g->checks[q] & g->rack_mask & ~1u);
    if (w == 1) {
        int weight = g->lmul[q] * (b->wm + (cs >= 0));
        insert_down(b->weights, b->n - 1, weight);
        insert_down(b->caps, b->n - 1, weight * g->caps[q]);
        return;
    }
    b->wm *= w;
    for (int i = 0; i < b->n; i++) {
        int sq = b->sq[i];
        b->weights[i] = g->lmul[sq] * (b->wm + (g->cscores[sq] >= 0 ? g->wmul[sq] : 0));
        b->caps[i] = b->weights[i] * g->caps[sq];
    }
    sort_down(b->weights, b->n);
    sort_down(b->caps, b->n);
}

/* Every span of up to `most` tiles from the current anchor, into out; returns how many. A square is open
 * to it when its cross-check admits one of `letters`. Each span gets its points (by_tile 0), or its
 * sorted weights and caps to pair with any tiles' values (by_tile 1). */
static int anchor_spans(const Gen *g, int most, uint32_t letters, int by_tile, Span *out) {
    int dim = g->dim, base = g->line * dim, a = g->anchor;
    const uint8_t *row = g->tiles + base;
    if (most < 1 || !(g->checks[base + a] & letters)) return 0;
    int lsq[8], rsq[8], lend[8], rend[8], lthr[8], rthr[8], nl = 0, nr = 0, pos = a - 1, thr = 0;
    uint64_t lkey[8], rkey[8], key = 0;
#define THROUGH_TILE(step) \
    (thr += (row[pos] & BLANK) ? 0 : g->scores[row[pos] & 31], key += LETTER_KEYS[row[pos] & 31], pos += (step))
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
    SpanBuild left = {0, 1, 0, 0, {0}, {0}, {0}};
    build_add(g, &left, base + a);
    for (int j = 0; j <= nl; j++) {
        if (j) build_add(g, &left, base + lsq[j]);
        SpanBuild b = left;
        for (int rr = 0; rr <= nr && 1 + j + rr <= most; rr++) {
            if (rr) build_add(g, &b, base + rsq[rr]);
            Span *s = &out[ns];
            s->left = lend[j], s->right = rend[rr];
            if (s->right == s->left || s->right - s->left + 1 > 15) continue;
            s->n = b.n;
            s->blank_only = b.blank_only;
            s->fixed = (lthr[j] + rthr[rr]) * b.wm + b.cross;
            if (by_tile) {
                memcpy(s->weights, b.weights, sizeof b.weights);
                memcpy(s->caps, b.caps, sizeof b.caps);
            }
            int paired = 0, capped = 0;
            s->points[0] = s->fixed;
            for (int m = 0; m < b.n; m++) {
                paired += b.weights[m] * g->values[m], capped += b.caps[m];
                s->points[m + 1] = s->fixed + (paired < capped ? paired : capped);
            }
            s->through = lkey[j] + rkey[rr];
            ns++;
        }
    }
    return ns;
}

/* The most a play of span s's tiles can score: the tiles' values (highest first) on the best squares. */
static inline int span_points(const Span *s, const int *values, int real) {
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
    g->caps = dir->caps;
}

/* Record a word found in the word map at squares left..right of the current line, if it fits: its
 * letters match the board's tiles, the rest pass the cross-checks and are the subrack's tiles, its blanks
 * standing for `blank1`, `blank2` (0: none). Each square the blanks may take gives its own placement. */
static void fit_word(Gen *g, const uint8_t *word, int left, int right, uint32_t blank1, uint32_t blank2,
                     const Subrack *sub) {
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
        if (need[x] != sub->count[x]) return;
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
                    ms += (tile & BLANK) ? 0 : g->scores[tile & 31];
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

/* The words filed under `key` of the group's length, each tried on the group's spans. */
static void fit_key(Gen *g, const Subrack *sub, uint64_t key, const SpanGroup *group, uint32_t blank1, uint32_t blank2) {
    int length = group->spans[0]->right - group->spans[0]->left + 1;
    uint32_t count;
    const uint8_t (*words)[16] = map_words(g->word_map, key, &count);
    for (uint32_t i = 0; i < count; i++)
        if (!words[i][length] && words[i][length - 1]) /* a word of exactly that length */
            for (int m = 0; m < group->n; m++)
                fit_word(g, words[i], group->spans[m]->left, group->spans[m]->right, blank1, blank2, sub);
}

/* The words of `sub`'s tiles and the group's board tiles, each tried on the group's spans, its blanks
 * standing for the letters the blank table allows. */
static void fit_words(Gen *g, const Subrack *sub, const SpanGroup *group) {
    uint64_t key = sub->key + group->spans[0]->through;
    if (sub->blanks == 0) {
        fit_key(g, sub, key, group, 0, 0);
    } else if (sub->blanks == 1) {
        for (uint32_t xs = map_blank_letters(g->word_map, key); xs; xs &= xs - 1) {
            uint32_t x = (uint32_t)__builtin_ctz(xs);
            fit_key(g, sub, key + LETTER_KEYS[x], group, x, 0);
        }
    } else {
        for (uint32_t x = 1; x <= 26; x++) {
            uint64_t with_x = key + LETTER_KEYS[x];
            for (uint32_t ys = map_blank_letters(g->word_map, with_x) & ~((1u << x) - 1); ys; ys &= ys - 1) {
                uint32_t y = (uint32_t)__builtin_ctz(ys);
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
    int ns = anchor_spans(g, hi, p->most ? ALL_LETTERS : g->rack_mask, 1, spans);
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
        int ntodo = 0;
        for (int k = g->phase_at[ph][n]; k < g->phase_at[ph][n + 1]; k++) {
            const Subrack *sub = &g->subracks[order[k]];
            if (sub->blanks < most.blank_only) continue;
            /* with a phase's blanks fixed, the rest of its subracks keep worse leaves: bounded lower still */
            if (fixed && points + sub->leave_value < beat) break;
            if (g->have_best) {
                double bound = span_points(&most, sub->values, n - sub->blanks) + bonus;
                if (bound + (by_equity ? sub->leave_value : 0) < beat) continue;
            }
            todo[ntodo++] = sub;
            if (!sub->blanks) map_prefetch(g->word_map, sub->key + spans[i].through);
        }
        /* the lookups, their slots fetched above all at once: most of a lookup's time is the wait for it */
        for (int t = 0; t < ntodo; t++) {
            SpanGroup group = {{0}, 0}; /* no bound per span: each costs more than the lookups it would save */
            for (int m = 0; m < nm; m++)
                if (spans[members[m]].blank_only <= todo[t]->blanks) group.spans[group.n++] = &spans[members[m]];
            if (group.n) fit_words(g, todo[t], &group);
        }
    }
}

/* Insert letter x into held[0..n-1], kept in descending score order (the blank, scoring 0, last). */
static void insert_by_score(const Gen *g, int *held, int n, int x) {
    int score = x ? g->scores[x] : -1;
    while (n > 0 && (held[n - 1] ? g->scores[held[n - 1]] : -1) < score) held[n] = held[n - 1], n--;
    held[n] = x;
}

/* Every distinct subrack of g's rack into out, and each phase's in order (g->phase_order). */
static void subracks_of(Gen *g, Subrack *out, int first_phase, int last_phase) {
    int held[8], nheld = 0, count[8] = {0}, n = 0;
    for (int x = 26; x >= 0; x--) /* highest score first, so each subrack's values come out sorted */
        if (g->rack[x]) insert_by_score(g, held, nheld++, x);
    for (;;) { /* an odometer over the held letters' counts */
        Subrack *s = &out[n++];
        memset(s, 0, sizeof *s);
        int index = 0, k = 0;
        for (int h = 0; h < nheld; h++) {
            int x = held[h], c = count[h];
            s->count[x] = (uint8_t)c;
            s->size += c;
            index += (g->rack[x] - c) * g->stride[x];
            if (x) s->key += (uint64_t)c * LETTER_KEYS[x];
            for (int i = 0; x && i < c; i++) s->values[k++] = g->scores[x];
        }
        s->blanks = s->count[0];
        s->leave = index;
        s->leave_value = g->leave_values[index];
        int h = 0;
        while (h < nheld && count[h] == g->rack[held[h]]) count[h++] = 0;
        if (h == nheld) break;
        count[h]++;
    }
    /* each phase's subracks by size, the best leave first (see span_plays) */
    for (int ph = first_phase; ph <= last_phase; ph++) {
        const Phase *p = &g->phases[ph];
        uint8_t *order = g->phase_order[ph];
        int at = 0;
        for (int size = 0; size <= 8; size++) {
            g->phase_at[ph][size] = (int16_t)at;
            int first = at;
            for (int i = 0; size < 8 && i < n; i++) {
                if (out[i].size != size || out[i].blanks < p->least || out[i].blanks > p->most) continue;
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

/* The packed engine state `generate` reads (see Engine._generate): the search graph, the board (dim x dim
 * tiles), per direction its cross-checks and cross scores, premiums and opening vowel penalties, the tile
 * scores, the rack (27 counts) with its leave table (strides, values), the word map, and what to find. */
typedef struct {
    Py_buffer graph, tiles, checks, cscores, lmul, wmul, scores, rack, stride, leave, vowel, map;
    int dim, mode, bingo_tiles, bingo_bonus, symmetric;
    double floor; /* by equity: only a placement of at least this equity is wanted */
} Packed;

static int read_packed(PyObject *args, Packed *p) {
    p->floor = NO_BOUND;
    return PyArg_ParseTuple(args, "y*y*iy*y*y*y*y*y*y*y*y*iiipy*|d", &p->graph, &p->tiles, &p->dim, &p->checks,
                            &p->cscores, &p->lmul, &p->wmul, &p->scores, &p->rack, &p->stride, &p->leave, &p->vowel,
                            &p->mode, &p->bingo_tiles, &p->bingo_bonus, &p->symmetric, &p->map, &p->floor);
}

static void release_packed(Packed *p) {
    Py_buffer *all[] = {&p->graph, &p->tiles, &p->checks, &p->cscores, &p->lmul, &p->wmul,
                        &p->scores, &p->rack, &p->stride, &p->leave, &p->vowel, &p->map};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) PyBuffer_Release(all[i]);
}

/* The largest leave index of the rack (every tile kept) under the strides. */
static Py_ssize_t whole_leave(const Packed *p) {
    const uint8_t *rack = p->rack.buf, *stride = p->stride.buf;
    Py_ssize_t index = 0;
    for (int i = 0; i < 27; i++) index += (Py_ssize_t)rack[i] * stride[i];
    return index;
}

/* Whether the arrays fit the board's size (at most MAX_DIM: the generator's line buffers are that long)
 * and each other; a ValueError with the reason if not. */
static int check_packed(const Packed *p) {
    Py_ssize_t nn = (Py_ssize_t)p->dim * p->dim;
    const char *bad = NULL;
    if (p->dim < 1 || p->dim > MAX_DIM) bad = "the board must have 1 to 32 squares a side";
    else if (p->tiles.len < nn) bad = "the board holds fewer than dim x dim squares";
    else if (p->checks.len < 2 * nn * (Py_ssize_t)sizeof(uint32_t) || p->cscores.len < 2 * nn * (Py_ssize_t)sizeof(int32_t))
        bad = "the cross-checks do not cover the board both ways";
    else if (p->lmul.len < 2 * nn || p->wmul.len < 2 * nn) bad = "the premiums do not cover the board both ways";
    else if (p->vowel.len && p->vowel.len < 2 * nn * (Py_ssize_t)sizeof(double))
        bad = "the vowel penalties do not cover the board both ways";
    else if (p->scores.len < 27 || p->rack.len < 27 || p->stride.len < 27) bad = "tile scores and racks have 27 entries";
    else if (p->leave.len / (Py_ssize_t)sizeof(double) <= whole_leave(p)) bad = "the leave table is shorter than the rack's";
    else if (p->map.len && !map_fits(p->map.buf, p->map.len, 0)) bad = "not a word map: rebuild it with word_map";
    if (!bad) return 0;
    PyErr_Format(PyExc_ValueError, "generate: %s", bad);
    return -1;
}

/* The generator's rack, scores and options from the packed state; returns the leave index of the whole rack. */
static int start_gen(Gen *g, const Packed *p) {
    if (p->mode == MODE_BEST_EQUITY && p->floor > NO_BOUND) {
        /* a stand-in best of that equity that any real move of the same equity beats (length 0: none) */
        g->have_best = 1;
        g->best.equity = p->floor;
        g->best.score = INT16_MIN;
    }
    g->graph = p->graph.buf;
    g->dim = p->dim;
    g->mode = p->mode;
    g->bingo_tiles = p->bingo_tiles;
    g->bingo_bonus = p->bingo_bonus;
    g->scores = p->scores.buf;
    g->leave_values = p->leave.buf;
    const uint8_t *rack = p->rack.buf, *stride = p->stride.buf;
    int leave = 0;
    for (int i = 0; i < 27; i++) {
        g->rack[i] = rack[i];
        g->stride[i] = stride[i];
        g->rack_size += rack[i];
        if (rack[i]) g->rack_mask |= 1u << i;
        leave += rack[i] * stride[i];
        if (i) g->rack_key += rack[i] * LETTER_KEYS[i];
    }
    if (p->map.len) g->word_map = p->map.buf;
    return leave;
}

/* The phases from first to last (see Phase) and the rack's tile values, highest first. */
static void set_phases(Gen *g, int first_phase, int last_phase) {
    int values[32], real = 0; /* the rack's real tiles' scores, highest first, then the blanks' zeros */
    for (int x = 1; x <= 26; x++)
        for (int i = 0; i < g->rack[x] && real < 32; i++) values[real++] = g->scores[x];
    sort_down(values, real);
    for (int i = 0; i < 8; i++) g->values[i] = i < real ? values[i] : 0;
    for (int ph = first_phase; ph <= last_phase; ph++) {
        Phase *p = &g->phases[ph];
        p->least = p->most = ph ? ph - 1 : g->rack[0];
        if (!ph) p->least = 0;
        p->kept = ph ? g->rack[0] - p->most : 0;
        p->blanks_played = ph ? p->most : 0; /* a phase of its own plays exactly that many */
        int k = real + p->most;
        p->k = k > 7 ? 7 : k; /* a bound over the first 7 would be wrong with bigger racks: never prune then */
        for (int n = 0; n < 32; n++) p->max_leave[n] = NO_BOUND;
    }
}

/* Each phase's best leave for each number of tiles played, over the leave table's n_leaves values. */
static void phase_leaves(Gen *g, Py_ssize_t n_leaves, int first_phase, int last_phase) {
    int held[27], nheld = 0, count[27] = {0}, kept = 0;
    for (int x = 0; x < 27; x++)
        if (g->stride[x]) held[nheld++] = x;
    /* leave index i keeps count[h] of held[h]: the held tiles' counts in mixed radix, the first one's digit
     * lowest, so each next index is the odometer's next step */
    for (Py_ssize_t i = 0; i < n_leaves; i++) {
        if (i) {
            int h = 0;
            while (h < nheld && count[h] == g->rack[held[h]]) kept -= count[h], count[h++] = 0;
            if (h == nheld) break;
            count[h]++, kept++;
        }
        int played = g->rack_size - kept, blanks = g->rack[0] - (nheld && !held[0] ? count[0] : 0);
        for (int ph = first_phase; ph <= last_phase; ph++) {
            Phase *p = &g->phases[ph];
            if (played >= 0 && played < 32 && blanks >= p->least && blanks <= p->most &&
                g->leave_values[i] > p->max_leave[played])
                p->max_leave[played] = g->leave_values[i];
        }
    }
}

/* Per square and direction, the best real rack tile its cross-check allows (for the shadow bounds). */
static void square_caps(const Gen *g, const uint32_t *checks, int n, uint8_t *caps) {
    int top = 0;
    for (int x = 1; x < 27; x++)
        if (g->rack[x] && g->scores[x] > top) top = g->scores[x];
    for (int i = 0; i < n; i++) {
        uint32_t fits = checks[i] & g->rack_mask;
        int cap = 0;
        if (fits == (g->rack_mask & ~1u)) fits = 0, cap = top; /* no cross word: every tile fits */
        while (fits) {
            int x = __builtin_ctz(fits);
            fits &= fits - 1;
            if (g->scores[x] > cap) cap = g->scores[x];
        }
        caps[i] = (uint8_t)cap;
    }
}

/* The arrays of each direction: across reads the board, down its transpose. */
static void set_directions(Direction dirs[2], const Packed *p, const uint8_t *transposed, const uint8_t *caps,
                           int empty) {
    int nn = p->dim * p->dim;
    const double *vowel = p->vowel.len ? (const double *)p->vowel.buf : NULL;
    for (int d = 0; d < 2; d++) {
        dirs[d].tiles = d ? transposed : (const uint8_t *)p->tiles.buf;
        dirs[d].checks = (const uint32_t *)p->checks.buf + d * nn;
        dirs[d].cscores = (const int32_t *)p->cscores.buf + d * nn;
        dirs[d].lmul = (const uint8_t *)p->lmul.buf + d * nn;
        dirs[d].wmul = (const uint8_t *)p->wmul.buf + d * nn;
        dirs[d].vowel_penalty = (empty && vowel) ? vowel + d * nn : NULL;
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
    for (int d = 0; d < directions; d++) {
        face(g, d, &dirs[d]);
        for (int line = 0; line < g->dim; line++) {
            g->line = line;
            g->last_anchor = -1;
            for (int pos = 0; pos < g->dim; pos++) {
                if (!is_anchor(g->tiles, g->dim, line, pos, empty)) continue;
                g->anchor = pos;
                int ns = anchor_spans(g, most, g->rack[0] ? ALL_LETTERS : g->rack_mask, 0, spans);
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
static void best_first(Gen *g, Shadow *shadows, size_t n, const Direction dirs[2], uint32_t root, int leave) {
    int by_equity = g->mode == MODE_BEST_EQUITY;
    for (size_t i = n / 2; i-- > 0;) sift_down(shadows, n, i);
    while (n) {
        Shadow taken = pop_shadow(shadows, &n), *sh = &taken;
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

/* What generate returns for its mode: the count, every placement's record, or the best one's (b"": none). */
static PyObject *generated(const Gen *g) {
    if (g->failed) return PyErr_NoMemory();
    if (g->mode == MODE_COUNT) return PyLong_FromSize_t(g->n);
    if (g->mode == MODE_ALL) return PyBytes_FromStringAndSize((const char *)g->out, (Py_ssize_t)(g->n * sizeof(MoveRec)));
    return PyBytes_FromStringAndSize((const char *)&g->best, g->have_best && g->best.length ? (Py_ssize_t)sizeof(MoveRec) : 0);
}

/* generate(graph, tiles, dim, checks, cscores, lmul2, wmul2, scores, rack, strides, leave_values,
 *          vowel_penalty2 or b"", mode, bingo_tiles, bingo_bonus, symmetric, word_map or b"" [, floor])
 *   -> bytes of MoveRec (or an int count)
 * floor (best by equity only): only a placement of that equity or more is wanted (none: b"").
 * lmul2/wmul2/vowel_penalty2 hold the layout row-major then transposed; with word_map (of the words of
 * 2+ letters) the best-move search skips the spans where all the tiles cannot make a word, and finds
 * every play by lookup, subrack by subrack (racks of at most 7 tiles and 2 blanks; else by the GADDAG).
 * The best-move modes bound every anchor (its shadow) and search the anchors best bound first, stopping at
 * the first bound below the best found. */
static PyObject *generate(PyObject *self, PyObject *args) {
    (void)self;
    Packed p;
    if (!read_packed(args, &p)) return NULL;
    PyObject *result = NULL;
    Gen g;
    memset(&g, 0, sizeof g);
    if (check_packed(&p) < 0) goto release;
    int leave = start_gen(&g, &p), dim = p.dim, nn = dim * dim, mode = p.mode;
    const uint8_t *tiles = p.tiles.buf;
    uint8_t transposed[MAX_DIM * MAX_DIM];
    int empty = 1;
    for (int r = 0; r < dim; r++)
        for (int c = 0; c < dim; c++) {
            transposed[c * dim + r] = tiles[r * dim + c];
            if (tiles[r * dim + c]) empty = 0;
        }
    uint32_t root = p.graph.len >= 8 ? g.graph[1] : 0;
    /* the phases: one for racks without a blank or by score, else one per number of blanks played */
    int split = mode == MODE_BEST_EQUITY && g.rack[0] && g.rack[0] < MAX_PHASES - 1;
    int first_phase = split ? 1 : 0, last_phase = split ? 1 + g.rack[0] : 0;
    set_phases(&g, first_phase, last_phase);
    phase_leaves(&g, p.leave.len / (Py_ssize_t)sizeof(double), first_phase, last_phase);
    int pruning = (mode == MODE_BEST_SCORE || mode == MODE_BEST_EQUITY) && g.rack_size <= 7;
    Shadow *shadows = NULL;
    uint8_t caps[2 * MAX_DIM * MAX_DIM];
    if (pruning) {
        /* anchors x phases x (whole, part) */
        shadows = malloc(2 * (size_t)nn * (size_t)(last_phase - first_phase + 1) * 2 * sizeof(Shadow));
        if (!shadows) pruning = 0;
        square_caps(&g, p.checks.buf, 2 * nn, caps);
    }
    /* On an empty board with a layout symmetric under transposition every down opening mirrors an
     * across one with the same score and equity, so the best-move search looks at across only. */
    int directions = (pruning && empty && p.symmetric) ? 1 : 2;
    Direction dirs[2];
    set_directions(dirs, &p, transposed, caps, empty);
    int most = 0;
    for (int ph = first_phase; ph <= last_phase; ph++)
        if (g.phases[ph].k > most) most = g.phases[ph].k;
    Subrack subracks[MAX_SUBRACKS];
    if (pruning && g.word_map && g.rack_size <= 7 && g.rack[0] <= 2) {
        subracks_of(&g, subracks, first_phase, last_phase);
        g.subracks = subracks;
    }
    Py_BEGIN_ALLOW_THREADS;
    if (!pruning && root) all_placements(&g, dirs, empty, root, leave);
    if (pruning && root && g.rack_size) {
        size_t n = anchor_shadows(&g, dirs, directions, empty, first_phase, last_phase, most, shadows);
        best_first(&g, shadows, n, dirs, root, leave);
    }
    free(shadows);
    Py_END_ALLOW_THREADS;
    result = generated(&g);
release:
    free(g.out);
    release_packed(&p);
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
    {"word_map_fits", word_map_fits, METH_VARARGS, "Whether bytes hold a whole word map layout."},
    {"checksum", checksum, METH_VARARGS, "A 64-bit checksum of bytes."},
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
