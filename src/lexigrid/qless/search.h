/* What the compiled Q-Less search's parts share: a roll's candidate words, found in the lexicon's word index
 * (_words.c) and walked by the fill search (_search.c). Layouts: words.py (the index), kernel.py (the rest). */
#ifndef LEXIGRID_QLESS_SEARCH_H
#define LEXIGRID_QLESS_SEARCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_CELLS 12
#define LETTERS 26
#define LETTER_KEYS ((MAX_CELLS + 1) * MAX_CELLS * LETTERS + 1) /* (length, position, letter) keys, + 1 */
#define LENGTH_KEYS (MAX_CELLS + 2)                              /* lengths 0..MAX_CELLS, + 1 */

/* The word index of a lexicon (read only): per word its letter codes (rows of `width`, -1 pads), length,
 * letter set and anagram key; per node of the anagram trie where its children start, their letters (as
 * bits) and its words. */
typedef struct {
    const int8_t *letters, *lengths;
    const int32_t *letter_sets;
    const int64_t *anagram_keys;
    const int32_t *child_start, *child_letters, *word_start, *word_ids;
    Py_ssize_t width;
} Index;

/* A roll's candidate words as the search reads them (read only): letter codes and letter sets by word
 * number, word numbers by length and by (length, position, letter) in `ids`, and by anagram group. */
typedef struct {
    const int8_t *letters;
    const int32_t *by_length, *by_letter, *ids, *letter_sets;
    const int64_t *anagram_keys;
    const int32_t *anagram_ids, *by_anagram;
    Py_ssize_t width; /* row length of letters */
} Words;

/* Where a roll's candidate words are built (reused from roll to roll, grown as needed): the index's word
 * numbers of the candidates, then the lists `Words` points into. */
typedef struct {
    int32_t *found, *spare, *ids, *anagram_ids;
    int64_t *anagram_keys;
    Py_ssize_t n_found, found_capacity, spare_capacity, ids_capacity, anagram_capacity;
    int32_t by_length[LENGTH_KEYS], by_anagram[LENGTH_KEYS], by_letter[LETTER_KEYS], cursor[LETTER_KEYS];
} Table;

/* The order of a roll's candidate words in the search's lists: by word number (solutions come in that
 * order), or as found with the first slot's words holding the rarest letters first (a faster yes or no). */
enum { BY_NUMBER = 0, RARE_FIRST = 1 };

/* Find the candidate words of a roll (its letter counts) in the index and lay them out in the table, in
 * this order; `words` then reads them. Returns -1 when out of memory. */
int roll_words(const Index *index, const int32_t rack[LETTERS], Table *table, Words *words, int order);

/* Give back what a table holds. */
void free_table(Table *table);

#endif
