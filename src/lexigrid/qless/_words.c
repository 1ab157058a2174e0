/* A roll's candidate words, found in the lexicon's word index (words.py) and laid out for the fill search.
 *
 * The anagram trie's nodes are multisets of letters in alphabetical order, so the words a roll spells are
 * those of the nodes its letter counts reach from the root: a walk down the trie, taking one letter of the
 * roll per step. The walk meets the nodes in order of their sorted letters, so within each length the
 * words come out in anagram-group order already. The search's other lists take them by word number (the
 * index's order, length-major and alphabetical, as `candidate_words` gives them: solutions then come in
 * that order), except that a check that only asks whether there is a solution takes the first slot's
 * words holding the roll's rarest letters first: a solution is then found sooner (a proof of none takes
 * as long in any order).
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"

static int grow(void **array, Py_ssize_t *capacity, Py_ssize_t need, size_t item) {
    if (need <= *capacity) return 0;
    Py_ssize_t wanted = *capacity ? *capacity : 256;
    while (wanted < need) wanted *= 2;
    void *grown = realloc(*array, (size_t)wanted * item);
    if (grown == NULL) return -1;
    *array = grown;
    *capacity = wanted;
    return 0;
}

/* Bits set in x (gcc makes it the popcnt instruction where allowed, with no libgcc call). */
static inline int pop32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* Add the words of `node` and of every node below it the letters left in `rack` (`held`: those with a
 * count left, as bits) reach. A node's children are numbered in letter order, so the child for a letter
 * is found by counting the node's child letters before it. */
static int reach(const Index *x, int32_t node, int32_t *rack, uint32_t held, Table *t) {
    Py_ssize_t first = x->word_start[node], n = x->word_start[node + 1] - first;
    if (n) {
        if (grow((void **)&t->found, &t->found_capacity, t->n_found + n, sizeof(int32_t)) < 0) return -1;
        memcpy(t->found + t->n_found, x->word_ids + first, (size_t)n * sizeof(int32_t));
        t->n_found += n;
    }
    uint32_t children = (uint32_t)x->child_letters[node];
    for (uint32_t next = children & held; next; next &= next - 1) {
        int letter = __builtin_ctz(next);
        int32_t child = x->child_start[node] + pop32(children & ((1u << letter) - 1));
        rack[letter]--;
        int failed = reach(x, child, rack, rack[letter] ? held : held & ~(1u << letter), t);
        rack[letter]++;
        if (failed) return -1;
    }
    return 0;
}

static inline int word_length(const Index *x, int32_t w) { return x->lengths[w]; }

/* Sort the candidates by word number (a radix sort, a byte at a time: few words, small numbers). */
static int sort_found(Table *t) {
    Py_ssize_t n = t->n_found;
    int32_t most = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (t->found[i] > most) most = t->found[i];
    if (grow((void **)&t->spare, &t->spare_capacity, n, sizeof(int32_t)) < 0) return -1;
    for (int shift = 0; shift < 31 && most >> shift; shift += 8) {
        int32_t at[257] = {0};
        for (Py_ssize_t i = 0; i < n; i++) at[(t->found[i] >> shift & 255) + 1]++;
        for (int k = 1; k < 257; k++) at[k] += at[k - 1];
        for (Py_ssize_t i = 0; i < n; i++) t->spare[at[t->found[i] >> shift & 255]++] = t->found[i];
        int32_t *sorted = t->spare;
        Py_ssize_t capacity = t->spare_capacity;
        t->spare = t->found, t->spare_capacity = t->found_capacity;
        t->found = sorted, t->found_capacity = capacity;
    }
    return 0;
}

/* Offsets by length: first[n] is where the words of length n or more start among `count` words. */
static void by_length(const int32_t count[LENGTH_KEYS], int32_t first[LENGTH_KEYS]) {
    int32_t at = 0;
    for (int n = 0; n < LENGTH_KEYS; n++) {
        first[n] = at;
        at += count[n];
    }
}

/* The anagram groups: the words in the walk's order (sorted letters), made stable by length. */
static int anagram_groups(const Index *x, Table *t) {
    Py_ssize_t n = t->n_found;
    Py_ssize_t keys = t->anagram_capacity;
    if (grow((void **)&t->anagram_ids, &t->anagram_capacity, n, sizeof(int32_t)) < 0 ||
        grow((void **)&t->anagram_keys, &keys, t->anagram_capacity, sizeof(int64_t)) < 0)
        return -1;
    int32_t count[LENGTH_KEYS] = {0}, at[LENGTH_KEYS];
    for (Py_ssize_t i = 0; i < n; i++) count[word_length(x, t->found[i])]++;
    by_length(count, t->by_anagram);
    memcpy(at, t->by_anagram, sizeof(at));
    for (Py_ssize_t i = 0; i < n; i++) {
        int32_t w = t->found[i];
        int32_t k = at[word_length(x, w)]++;
        t->anagram_ids[k] = w;
        t->anagram_keys[k] = x->anagram_keys[w];
    }
    return 0;
}

/* Each letter's rarity: how many candidate words hold it, as a rank among the roll's letters (0: held by
 * the fewest words; letters held by as many words share a rank). */
static void rarity(const Index *x, const Table *t, int rank[LETTERS]) {
    int32_t holding[LETTERS] = {0};
    for (Py_ssize_t i = 0; i < t->n_found; i++)
        for (uint32_t bits = (uint32_t)x->letter_sets[t->found[i]]; bits; bits &= bits - 1)
            holding[__builtin_ctz(bits)]++;
    int32_t counts[LETTERS]; /* the counts that occur, ascending, each once */
    int n = 0;
    for (int a = 0; a < LETTERS; a++) {
        if (holding[a] == 0) continue;
        int at = 0;
        while (at < n && counts[at] < holding[a]) at++;
        if (at < n && counts[at] == holding[a]) continue;
        memmove(counts + at + 1, counts + at, (size_t)(n - at) * sizeof(int32_t));
        counts[at] = holding[a], n++;
    }
    for (int a = 0; a < LETTERS; a++)
        for (rank[a] = 0; rank[a] < n && counts[rank[a]] < holding[a];) rank[a]++;
}

/* Where word w goes in the list by length: its length, then (with `rank`) its rarest letter's rarity. */
static int length_key(const Index *x, int32_t w, const int *rank) {
    int key = 0;
    if (rank != NULL) {
        key = LETTERS - 1;
        for (uint32_t bits = (uint32_t)x->letter_sets[w]; bits; bits &= bits - 1)
            if (rank[__builtin_ctz(bits)] < key) key = rank[__builtin_ctz(bits)];
    }
    return word_length(x, w) * LETTERS + key;
}

/* Every word by length, from `start` in ids (the list a slot crossing nothing reads: the first slot), by
 * number within a length or, with `rare_first`, those holding the roll's rarest letters first (a stable
 * counting sort of the candidates, which are by number). */
static void length_list(const Index *x, Table *t, int32_t start, int rare_first) {
    int rank[LETTERS];
    if (rare_first) rarity(x, t, rank);
    int32_t at[LENGTH_KEYS * LETTERS + 1] = {0};
    for (Py_ssize_t i = 0; i < t->n_found; i++) at[length_key(x, t->found[i], rare_first ? rank : NULL) + 1]++;
    for (int k = 1; k <= LENGTH_KEYS * LETTERS; k++) at[k] += at[k - 1];
    for (int n = 0; n < LENGTH_KEYS; n++) t->by_length[n] = start + at[n * LETTERS];
    for (Py_ssize_t i = 0; i < t->n_found; i++) {
        int32_t w = t->found[i];
        t->ids[start + at[length_key(x, w, rare_first ? rank : NULL)]++] = w;
    }
}

/* The word numbers by (length, position, letter), each list ascending, then every word by length. */
static int letter_lists(const Index *x, Table *t, int rare_first) {
    Py_ssize_t n = t->n_found, total = 0;
    memset(t->by_letter, 0, sizeof(t->by_letter));
    for (Py_ssize_t i = 0; i < n; i++) {
        const int8_t *word = x->letters + t->found[i] * x->width;
        int length = word_length(x, t->found[i]);
        for (int p = 0; p < length; p++) t->by_letter[(length * MAX_CELLS + p) * LETTERS + word[p] + 1]++;
        total += length;
    }
    for (int k = 1; k < LETTER_KEYS; k++) t->by_letter[k] += t->by_letter[k - 1];
    if (grow((void **)&t->ids, &t->ids_capacity, total + n, sizeof(int32_t)) < 0) return -1;
    memcpy(t->cursor, t->by_letter, sizeof(t->cursor));
    for (Py_ssize_t i = 0; i < n; i++) {
        const int8_t *word = x->letters + t->found[i] * x->width;
        int length = word_length(x, t->found[i]);
        for (int p = 0; p < length; p++)
            t->ids[t->cursor[(length * MAX_CELLS + p) * LETTERS + word[p]]++] = t->found[i];
    }
    length_list(x, t, (int32_t)total, rare_first);
    return 0;
}

int roll_words(const Index *x, const int32_t rack[LETTERS], Table *t, Words *words, int order) {
    int32_t left[LETTERS];
    uint32_t held = 0;
    for (int i = 0; i < LETTERS; i++) {
        left[i] = rack[i];
        if (rack[i] > 0) held |= 1u << i;
    }
    t->n_found = 0;
    if (reach(x, 0, left, held, t) < 0 || anagram_groups(x, t) < 0 || sort_found(t) < 0) return -1;
    if (letter_lists(x, t, order == RARE_FIRST) < 0) return -1;
    *words = (Words){x->letters,       t->by_length,   t->by_letter,   t->ids, x->letter_sets,
                     t->anagram_keys,  t->anagram_ids, t->by_anagram,  x->width};
    return 0;
}

void free_table(Table *t) {
    free(t->found);
    free(t->spare);
    free(t->ids);
    free(t->anagram_ids);
    free(t->anagram_keys);
    memset(t, 0, sizeof(*t));
}
