/* Anagram keys and the word map (its lookups are inline: wordmap.h). */
#include "wordmap.h"

#include <stdlib.h>
#include <string.h>

/* Anagram keys: a word's letter multiset hashed as a sum of per-letter random 64-bit values, so a     */
/* rack's key plus a through tile's key is the key of the combined multiset. Sums can collide, which   */
/* only ever makes a bingo look possible (a looser bound) or a word checked in vain, never missed.     */

static uint64_t letter_key(uint32_t x) {
    uint64_t z = 0x9E3779B97F4A7C15ull * (x + 1); /* splitmix64 of the letter code */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t LETTER_KEYS[1 << CODE_BITS];

void init_letter_keys(void) {
    for (uint32_t x = 0; x < 1u << CODE_BITS; x++) LETTER_KEYS[x] = letter_key(x);
}

/* The word map: every word of `lo` or more letters filed under its anagram key, so the words a multiset
 * of letters makes are found by one lookup (MAGPIE's "word map" idea). Layout: a header {uint64 slot
 * mask, uint64 words, uint64 blank slot mask, uint64 filter mask}, then the filter, then the slots {uint64 key, uint32 first word, uint32
 * words} (words 0: an empty slot), then the words, 16 bytes each (letter codes, zero-padded), those of
 * one key together, then the blank slots. The blank table answers "which letters can a blank stand for
 * so that these letters make a word": for every word's multiset less one of its letters x, the letters x
 * (a slot is {uint32 the key's high half, uint32 letter set: bit x - 1 for code x}, letter set 0: empty; keys alike in their
 * high half and slot share a set, which only ever adds a letter to try in vain). The filter is a blocked
 * Bloom filter of the keys: uint64 words, about eight keys' bits to a word (a key sets filter_bits(key) in
 * word (key >> 32) & mask), 256 KB for TWL06: most lookups are of keys without words, and the filter
 * answers them from the cache instead of waiting on the slots. */

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

/* The letters of a word map's word (codes, zero-padded) as a set. */
static LetterSet word_letters(const uint8_t word[16]) {
    LetterSet letters = 0;
    for (int p = 0; p < 16 && word[p]; p++) letters |= LETTER(word[p]);
    return letters;
}

static const uint64_t *SORT_KEYS;

static int by_word_key(const void *a, const void *b) {
    uint64_t x = SORT_KEYS[*(const uint32_t *)a], y = SORT_KEYS[*(const uint32_t *)b];
    return (x > y) - (x < y);
}

int word_map_build(const uint32_t *kwg, size_t nkwg, int lo, Allocate allocate, void *context) {
    MapWalk w = {kwg, lo, {0}, NULL, NULL, 0};
    uint32_t root = nkwg >= 1 ? w.kwg[0] & CHILD_MASK : 0;
    if (root) walk_words_of(&w, root, 0, 0);
    size_t n = w.n;
    int result = -1;
    w.keys = malloc((n + 1) * sizeof(uint64_t));
    w.words = malloc((n + 1) * 16);
    uint32_t *order = malloc((n + 1) * sizeof(uint32_t));
    if (!w.keys || !w.words || !order) goto done;
    w.n = 0;
    if (root) walk_words_of(&w, root, 0, 0);
    for (size_t i = 0; i < n; i++) order[i] = (uint32_t)i;
    SORT_KEYS = w.keys; /* one word map is built at a time (the module holds the GIL around the build) */
    qsort(order, n, sizeof(uint32_t), by_word_key);
    size_t distinct = 0, less_one = 0; /* less_one: the blank table's entries at most, a key's letters each */
    for (size_t i = 0; i < n; i++)
        if (!i || w.keys[order[i]] != w.keys[order[i - 1]]) {
            distinct++;
            less_one += pop64(word_letters(w.words[order[i]]));
        }
    size_t slots = 1024, blank_slots = 1024;
    while (slots < 2 * distinct) slots *= 2;
    /* about 5 keys per multiset (6 in Polish): load under 2/3; never full, so every probe ends (long words) */
    while (blank_slots < 8 * distinct || blank_slots <= less_one) blank_slots *= 2;
    size_t filter_words = 1024;
    while (filter_words < distinct / 8) filter_words *= 2;
    size_t len = MAP_HEADER + filter_words * 8 + slots * sizeof(MapSlot) + n * 16 + blank_slots * 8;
    char *base = allocate(len, context);
    if (!base) goto done;
    uint64_t header[4] = {slots - 1, n, blank_slots - 1, filter_words - 1};
    memcpy(base, header, MAP_HEADER);
    uint64_t *filter = (uint64_t *)(base + MAP_HEADER);
    memset(filter, 0, filter_words * 8);
    MapSlot *table = (MapSlot *)(filter + filter_words);
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
        filter[(key >> 32) & header[3]] |= filter_bits(key);
        size_t end = i + 1;
        while (end < n && w.keys[order[end]] == key) end++;
        table[j].count = (uint32_t)(end - i);
        for (LetterSet rest = word_letters(words[i]); rest; rest &= rest - 1) {
            uint32_t x = (uint32_t)__builtin_ctzll(rest);
            uint64_t less = key - LETTER_KEYS[x];
            size_t bslot = key_slot(less, header[2]);
            while (blank_table[bslot][1] && blank_table[bslot][0] != (uint32_t)(less >> 32))
                bslot = (bslot + 1) & header[2];
            blank_table[bslot][0] = (uint32_t)(less >> 32);
            blank_table[bslot][1] |= 1u << (x - 1);
        }
    }
    result = 0;
done:
    free(w.keys);
    free(w.words);
    free(order);
    return result;
}

/* Whether `len` bytes hold a word map's layout: its sizes, and with `deep` every slot's words (a copy
 * read from the cache is checked deep once, before use). */
int map_fits(const char *map, size_t len, int deep) {
    uint64_t header[4];
    if (len < MAP_HEADER) return 0;
    memcpy(header, map, MAP_HEADER);
    uint64_t slots = header[0] + 1, blank_slots = header[2] + 1, words = header[1], filter_words = header[3] + 1;
    if (slots & header[0] || blank_slots & header[2] || filter_words & header[3] || slots > (1u << 30) ||
        blank_slots > (1u << 30) || words > (1u << 30) || filter_words > (1u << 30))
        return 0; /* slot and filter word counts are powers of two */
    if ((uint64_t)len != MAP_HEADER + filter_words * 8 + slots * sizeof(MapSlot) + words * 16 + blank_slots * 8)
        return 0;
    const MapSlot *table = map_slots(map);
    for (uint64_t j = 0; deep && j < slots; j++)
        if (table[j].count && (uint64_t)table[j].first + table[j].count > words) return 0;
    return 1;
}

uint64_t checksum64(const unsigned char *p, size_t len) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    for (; i < len; i++) h = (h ^ p[i]) * 0x94D049BB133111EBull;
    return h;
}
