/* A roll's candidate words, found in the lexicon's word index (words.py) and laid out for the fill search.
 *
 * The anagram trie's nodes are multisets of letters in alphabetical order, so the words a roll spells are
 * those of the nodes its letter counts reach from the root: a walk down the trie, taking one letter of the
 * roll per step. The walk meets the nodes in order of their sorted letters, so within each length the
 * words come out in anagram-group order already; the search's other lists want them by word number (the
 * index's order, length-major and alphabetical, as `candidate_words` gives them).
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

/* Add the words of `node` and of every node below it the letters left in `rack` reach. */
static int reach(const Index *x, int32_t node, int32_t *rack, Table *t) {
    Py_ssize_t first = x->word_start[node], n = x->word_start[node + 1] - first;
    if (n) {
        if (grow((void **)&t->found, &t->found_capacity, t->n_found + n, sizeof(int32_t)) < 0) return -1;
        memcpy(t->found + t->n_found, x->word_ids + first, (size_t)n * sizeof(int32_t));
        t->n_found += n;
    }
    for (int32_t child = x->child_start[node]; child < x->child_start[node + 1]; child++) {
        int8_t letter = x->node_letter[child];
        if (rack[letter] == 0) continue;
        rack[letter]--;
        int failed = reach(x, child, rack, t);
        rack[letter]++;
        if (failed) return -1;
    }
    return 0;
}

static int word_length(const Index *x, int32_t w) {
    const int8_t *word = x->letters + w * x->width;
    int n = 0;
    while (n < x->width && word[n] >= 0) n++;
    return n;
}

static int ascending(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Offsets by length: first[n] is where the words of length n or more start among `count` words. */
static void by_length(const int32_t count[LENGTH_KEYS], int32_t base, int32_t first[LENGTH_KEYS]) {
    int32_t at = base;
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
    by_length(count, 0, t->by_anagram);
    memcpy(at, t->by_anagram, sizeof(at));
    for (Py_ssize_t i = 0; i < n; i++) {
        int32_t w = t->found[i];
        int32_t k = at[word_length(x, w)]++;
        t->anagram_ids[k] = w;
        t->anagram_keys[k] = x->anagram_keys[w];
    }
    return 0;
}

/* The word numbers by (length, position, letter), each list ascending, then every word by number. */
static int letter_lists(const Index *x, Table *t) {
    Py_ssize_t n = t->n_found, total = 0;
    int32_t count[LENGTH_KEYS] = {0};
    memset(t->by_letter, 0, sizeof(t->by_letter));
    for (Py_ssize_t i = 0; i < n; i++) {
        const int8_t *word = x->letters + t->found[i] * x->width;
        int length = word_length(x, t->found[i]);
        count[length]++;
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
    memcpy(t->ids + total, t->found, (size_t)n * sizeof(int32_t));
    by_length(count, (int32_t)total, t->by_length);
    return 0;
}

int roll_words(const Index *x, const int32_t rack[LETTERS], Table *t, Words *words) {
    int32_t left[LETTERS];
    memcpy(left, rack, sizeof(left));
    t->n_found = 0;
    if (reach(x, 0, left, t) < 0 || anagram_groups(x, t) < 0) return -1;
    qsort(t->found, (size_t)t->n_found, sizeof(int32_t), ascending);
    if (letter_lists(x, t) < 0) return -1;
    *words = (Words){x->letters,       t->by_length,   t->by_letter,   t->ids, x->letter_sets,
                     t->anagram_keys,  t->anagram_ids, t->by_anagram,  x->width};
    return 0;
}

void free_table(Table *t) {
    free(t->found);
    free(t->ids);
    free(t->anagram_ids);
    free(t->anagram_keys);
    memset(t, 0, sizeof(*t));
}
