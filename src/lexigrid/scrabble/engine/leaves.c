/* Leave tables: every leave of a rack valued at once under an additive leave model (see leave.py). */
#include "engine.h"

#include <string.h>

/* rack: n tile counts (a count per code); c->per_copy: n x copies doubles (the k-th copy's term at code * copies +
 * k - 1); c->pair: n x n doubles (the synergy of two different tiles kept); c->mix: (copies + 1)^2 doubles (vowels *
 * (copies + 1) + consonants), vowels being the codes in c->vowels and consonants the other letters; c->q_without_u
 * when a tile of c->lonely is kept without one of c->partner (the language's facts, from its tile set: English Q
 * without U). Index = sum kept[i] * stride[i], the held tiles in code order with the first one's stride 1. The
 * sums run in the order of AdditiveLeaves.table, so the values are the same doubles. NULL, or why the arguments do
 * not fit. */
const char *leave_values(const uint8_t *rack, size_t rack_len, const LeaveCoefficients *c, uint8_t strides[MAX_CODES],
                         double values[256], size_t *n_out) {
    int held[MAX_CODES], nheld = 0, copies = c->copies;
    const double *per_copy = c->per_copy, *pair = c->pair, *mix = c->mix;
    const double q_without_u = c->q_without_u; /* locals: the stores to values[] cannot change them */
    const LetterSet vowel_set = c->vowels, lonely = c->lonely, partner = c->partner;
    size_t size = 1;
    if (rack_len < 2 || rack_len > MAX_CODES) return "bad buffer sizes";
    memset(strides, 0, rack_len);
    if (!leave_coefficients_fit(c, rack_len)) return "bad buffer sizes";
    for (int x = 0; x < (int)rack_len; x++)
        if (rack[x]) {
            if (rack[x] > copies || size * (rack[x] + 1) > 255 * 255) return "rack too big";
            held[nheld++] = x;
            strides[x] = (uint8_t)(size <= 255 ? size : 0);
            size *= rack[x] + 1;
        }
    if (size > 256) return "rack too big";
    uint32_t kept_mask[256]; /* which held tiles (by position in held) each leave keeps */
    uint8_t vowels[256], consonants[256], has_q[256], has_u[256];
    values[0] = 0.0;
    kept_mask[0] = 0;
    vowels[0] = consonants[0] = has_q[0] = has_u[0] = 0;
    size_t n = 1;
    for (int i = 0; i < nheld; i++) {
        int x = held[i], count = rack[x];
        double terms[32];
        terms[0] = 0.0;
        for (int k = 1; k <= count; k++) terms[k] = terms[k - 1] + per_copy[x * copies + k - 1];
        int is_vowel = (vowel_set >> x) & 1, is_consonant = x != 0 && !is_vowel;
        int is_lonely = (lonely >> x) & 1, is_partner = (partner >> x) & 1;
        for (int k = count; k >= 0; k--)
            for (size_t j = 0; j < n; j++) {
                size_t to = (size_t)k * n + j;
                double synergy = 0.0;
                if (k)
                    for (int m = 0; m < i; m++)
                        if (kept_mask[j] >> m & 1) synergy += pair[held[m] * (int)rack_len + x];
                values[to] = (terms[k] + values[j]) + synergy;
                kept_mask[to] = kept_mask[j] | (k ? 1u << i : 0);
                vowels[to] = (uint8_t)(vowels[j] + (is_vowel ? k : 0));
                consonants[to] = (uint8_t)(consonants[j] + (is_consonant ? k : 0));
                has_q[to] = has_q[j] | (k && is_lonely);
                has_u[to] = has_u[j] | (k && is_partner);
            }
        n *= count + 1;
    }
    for (size_t j = 0; j < n; j++)
        values[j] = (values[j] + mix[vowels[j] * (copies + 1) + consonants[j]]) +
                    (has_q[j] && !has_u[j] ? q_without_u : 0.0);
    values[0] = 0.0;
    *n_out = n;
    return NULL;
}

/* Whether an additive model's coefficients fit racks of `codes` tile codes (the blank and the letters). */
int leave_coefficients_fit(const LeaveCoefficients *c, size_t codes) {
    size_t copies = (size_t)c->copies;
    return c->copies >= 1 && c->copies < 32 && c->per_copy_len == codes * copies * sizeof(double) &&
           c->pair_len == codes * codes * sizeof(double) && c->mix_len == (copies + 1) * (copies + 1) * sizeof(double);
}
