/* The word map's lookups, inline for the move generator's inner loops (the map itself: wordmap.c). */
#ifndef LEXIGRID_WORDMAP_H
#define LEXIGRID_WORDMAP_H

#include <string.h>

#include "engine.h"

extern uint64_t LETTER_KEYS[1 << CODE_BITS]; /* a letter code's random 64-bit key (see wordmap.c) */

static inline size_t key_slot(uint64_t key, size_t mask) { return (size_t)(key ^ (key >> 29)) & mask; }

typedef struct {
    uint64_t key;
    uint32_t first, count;
} MapSlot;

#define MAP_HEADER 32 /* slot mask, words, blank slot mask, filter mask: uint64 each */

/* The filter's bits for `key` in its word (see wordmap.c): three of 64, from bits the filter's word index
 * does not use. */
static inline uint64_t filter_bits(uint64_t key) {
    return 1ull << (key & 63) | 1ull << (key >> 6 & 63) | 1ull << (key >> 12 & 63);
}

/* Whether a word map may hold words under `key`: 0 means it holds none (the filter, small enough to stay
 * in the cache, answers most lookups of keys without words without touching the slots). */
static inline int map_may_have(const char *map, uint64_t key) {
    uint64_t fmask;
    memcpy(&fmask, map + 24, 8);
    uint64_t word, bits = filter_bits(key);
    memcpy(&word, map + MAP_HEADER + ((key >> 32) & fmask) * 8, 8);
    return (word & bits) == bits;
}

/* The slots of a word map (after its filter). */
static inline const MapSlot *map_slots(const char *map) {
    uint64_t fmask;
    memcpy(&fmask, map + 24, 8);
    return (const MapSlot *)(map + MAP_HEADER + (fmask + 1) * 8);
}

/* The words filed under `key` in a word map, known to pass its filter (NULL, 0 when none). */
static inline const uint8_t (*map_probe(const char *map, uint64_t key, uint32_t *count))[16] {
    uint64_t mask;
    memcpy(&mask, map, 8);
    const MapSlot *table = map_slots(map);
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

/* The words filed under `key` in a word map (NULL, 0 when none). */
static inline const uint8_t (*map_words(const char *map, uint64_t key, uint32_t *count))[16] {
    if (!map_may_have(map, key)) {
        *count = 0;
        return NULL;
    }
    return map_probe(map, key, count);
}

/* The letters a blank can stand for so that the letters of `key` and the blank make a word (a superset:
 * see the blank table above). */
static inline LetterSet map_blank_letters(const char *map, uint64_t key) {
    uint64_t header[3];
    memcpy(header, map, 24);
    const uint32_t (*blank_table)[2] =
        (const uint32_t (*)[2])((const char *)(map_slots(map) + header[0] + 1) + header[1] * 16);
    for (size_t b = key_slot(key, header[2]);; b = (b + 1) & header[2]) {
        if (!blank_table[b][1]) return 0;
        if (blank_table[b][0] == (uint32_t)(key >> 32)) return (LetterSet)blank_table[b][1] << 1;
    }
}

/* Start fetching the blank table's slot a map_blank_letters of `key` reads first. */
static inline void map_blank_prefetch(const char *map, uint64_t key) {
    uint64_t header[3];
    memcpy(header, map, 24);
    const uint32_t (*blank_table)[2] =
        (const uint32_t (*)[2])((const char *)(map_slots(map) + header[0] + 1) + header[1] * 16);
    __builtin_prefetch(blank_table + key_slot(key, header[2]));
}

/* Start fetching the slot a lookup of `key` reads first. */
static inline void map_prefetch(const char *map, uint64_t key) {
    uint64_t mask;
    memcpy(&mask, map, 8);
    __builtin_prefetch(map_slots(map) + key_slot(key, mask));
}

/* Whether a word map holds any word under `key`. */
static inline int map_has(const char *map, uint64_t key) {
    uint32_t count;
    return map_words(map, key, &count) != NULL;
}

/* The keys of the letter codes. */
void init_letter_keys(void);

/* The word map of the words of `lo` or more letters in a packed GADDAG of `n` arcs, into memory from
 * `allocate`; -1 when out of memory. */
int word_map_build(const uint32_t *kwg, size_t n, int lo, Allocate allocate, void *context);

/* Whether `len` bytes hold a word map's layout: its sizes, and with `deep` every slot's words. */
int map_fits(const char *map, size_t len, int deep);

/* A 64-bit checksum of bytes (a cached copy's, to tell it from a damaged one). */
uint64_t checksum64(const unsigned char *p, size_t len);

#endif
