// A DC-only scan of sequential Huffman JPEGs: one pixel per 8×8 block, the way a 1/8-scale decode
// sees the picture, without turning the AC coefficients into values. Thumbnails for the terminal need
// nothing finer, and skipping an AC coefficient costs one table lookup where a full decoder pays for
// decoding, sign-extending and storing it.
//
// Anything outside the common case answers JDC_UNSUPPORTED and damage answers JDC_CORRUPT; the caller
// then uses libjpeg-turbo, so this file never has to be lenient.

#include "CJPEGDC.h"

#include <stdlib.h>
#include <string.h>

#define FAST_BITS 12
#define FAST_SIZE (1 << FAST_BITS)
#define MAX_COMPONENTS 3
#define MAX_BLOCKS_IN_MCU 10

typedef struct {
    int present;
    int count;
    uint8_t values[256];
    int32_t maxcode[17];  // largest code of each length, -1 when there is none
    int32_t offset[17];   // values index = code + offset[length]
    // DC: (length << 8) | symbol; 0: look the code up the slow way.
    uint16_t fast[FAST_SIZE];
    // AC, for the next FAST_BITS bits: every whole symbol they hold, code and magnitude bits together
    // (see ac_entry). 0: the first symbol does not fit, look it up the slow way.
    uint32_t run[FAST_SIZE];
} huff_table;

// An AC table entry. The first symbol alone: bits 0–4 its length with its magnitude bits, bits 5–11
// how far it moves k (64 for end of block). All the symbols that fit: bits 12–16 their length,
// bits 17–23 how far those before an end of block move k, bit 24 whether they end with end of block.
#define RUN_EOB (1u << 24)
static inline uint32_t ac_entry(int length1, int advance1, int length, int advance, int eob) {
    return (uint32_t)length1 | (uint32_t)advance1 << 5 | (uint32_t)length << 12 | (uint32_t)advance << 17
        | (eob ? RUN_EOB : 0);
}

typedef struct {
    int id, h, v, quant;
    int dc_table, ac_table;
    int plane_width, plane_height;
    uint8_t *plane;  // one sample per block
} component;

typedef struct {
    const uint8_t *p, *end;
    uint64_t buffer;
    int bits;     // valid bits at the bottom of buffer
    int padded;   // how many of the most recent bits are zeros invented past a marker or the end
    int marker;   // a marker met inside the entropy-coded data, 0 while none
} bit_reader;

typedef struct {
    int width, height, components, seen_frame, restart_interval;
    int saw_jfif, saw_adobe, adobe_transform;
    int quant_present[4];
    uint16_t quant[4];  // the DC entry of each quantisation table
    huff_table *dc[4], *ac[4];  // allocated as the tables arrive
    component comp[MAX_COMPONENTS];
    int hmax, vmax;
} decoder;

// Walks each window of FAST_BITS bits symbol by symbol through the one-symbol table in fast[].
static void build_runs(huff_table *t) {
    for (uint32_t window = 0; window < FAST_SIZE; window++) {
        uint16_t first = t->fast[window];
        if (!first) {
            t->run[window] = 0;
            continue;
        }
        int used = 0, advance = 0, eob = 0;
        for (;;) {
            uint32_t rest = (window << used) & (FAST_SIZE - 1);
            uint16_t entry = t->fast[rest];
            int length = entry >> 8;
            // A symbol fits if its bits lie wholly inside the window; the zeros shifted in must not count.
            if (!entry || used + length > FAST_BITS) break;
            used += length;
            if ((entry & 0xFF) == 64) {
                eob = 1;
                break;
            }
            advance += entry & 0xFF;
            if (advance >= 64) break;
        }
        if (advance > 127) advance = 127;
        t->run[window] = ac_entry(first >> 8, first & 0xFF, used, advance, eob);
    }
}

static int build_table(huff_table *t, const uint8_t counts[16], const uint8_t *values, int count, int ac) {
    memset(t->fast, 0, sizeof t->fast);
    memcpy(t->values, values, (size_t)count);
    t->count = count;
    int32_t code = 0;
    int k = 0;
    for (int length = 1; length <= 16; length++) {
        int n = counts[length - 1];
        t->offset[length] = k - code;
        for (int i = 0; i < n; i++, k++, code++) {
            if (code >= (1 << length)) return 0;  // more codes than the length can hold
            if (length > FAST_BITS) continue;
            uint8_t symbol = values[k];
            uint16_t entry;
            if (ac) {
                int run = symbol >> 4, size = symbol & 15;
                int total = length + size;
                if (total > FAST_BITS) continue;
                int advance = size ? run + 1 : (run == 15 ? 16 : 64);
                entry = (uint16_t)((total << 8) | advance);
                // The code, then `size` magnitude bits of any value, then bits of the next symbol.
                int base = code << (FAST_BITS - length);
                int fill = 1 << (FAST_BITS - length);
                for (int j = 0; j < fill; j++) t->fast[base + j] = entry;
            } else {
                entry = (uint16_t)((length << 8) | symbol);
                int base = code << (FAST_BITS - length);
                int fill = 1 << (FAST_BITS - length);
                for (int j = 0; j < fill; j++) t->fast[base + j] = entry;
            }
        }
        t->maxcode[length] = n ? code - 1 : -1;
        code <<= 1;
    }
    if (ac) build_runs(t);
    t->present = 1;
    return 1;
}

// Fills the buffer to at least 56 bits (from fewer than 32). Past a marker or the end of the data it invents zero bits,
// as libjpeg does, and counts them so that using them can be told apart from a clean finish.
static inline __attribute__((always_inline)) void fill(bit_reader *r) {
    // Fast: eight bytes at once when none of them is 0xFF.
    if (r->end - r->p >= 8 && !r->marker) {
        uint64_t word;
        memcpy(&word, r->p, 8);
        uint64_t inverted = ~word;
        if (!((inverted - 0x0101010101010101ull) & ~inverted & 0x8080808080808080ull)) {
            int count = (63 - r->bits) >> 3;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            word = __builtin_bswap64(word);  // the first byte of the stream to the top
#endif
            r->buffer = (r->buffer << (8 * count)) | (word >> (64 - 8 * count));
            r->bits += 8 * count;
            r->p += count;
            return;
        }
    }
    while (r->bits <= 56) {
        uint64_t byte = 0;
        if (!r->marker && r->p < r->end) {
            byte = *r->p;
            if (byte == 0xFF) {
                const uint8_t *q = r->p + 1;
                while (q < r->end && *q == 0xFF) q++;
                if (q < r->end && *q == 0) {
                    r->p = q + 1;
                } else {
                    r->marker = q < r->end ? *q : 0xD9;
                    byte = 0;
                    r->padded += 8;
                }
            } else {
                r->p++;
            }
        } else {
            r->padded += 8;
        }
        r->buffer = (r->buffer << 8) | byte;
        r->bits += 8;
    }
}

static inline uint32_t peek(const bit_reader *r, int n) {
    return (uint32_t)(r->buffer >> (r->bits - n)) & ((1u << n) - 1);
}

// Slow path: the symbol of a code longer than the fast table, or -1 for a code no table holds.
// The buffer holds at least 32 bits.
static inline __attribute__((always_inline)) int slow_symbol(bit_reader *r, const huff_table *t) {
    uint32_t bits16 = peek(r, 16);
    for (int length = 1; length <= 16; length++) {
        int32_t code = (int32_t)(bits16 >> (16 - length));
        if (code <= t->maxcode[length]) {
            int index = code + t->offset[length];
            if (index < 0 || index >= t->count) return -1;
            r->bits -= length;
            return t->values[index];
        }
    }
    return -1;
}

// One block: returns its DC difference through *diff, skips the AC coefficients. 0 when damaged.
static inline __attribute__((always_inline)) int block(bit_reader *r, const huff_table *dc, const huff_table *ac, int32_t *diff) {
    if (r->bits < 32) fill(r);
    int size;
    uint16_t entry = dc->fast[peek(r, FAST_BITS)];
    if (entry) {
        r->bits -= entry >> 8;
        size = entry & 0xFF;
    } else {
        size = slow_symbol(r, dc);
        if (size < 0) return 0;
    }
    if (size > 15) return 0;
    *diff = 0;
    if (size) {
        int32_t value = (int32_t)peek(r, size);
        r->bits -= size;
        if (value < (1 << (size - 1))) value -= (1 << size) - 1;
        *diff = value;
    }
    int k = 1;
    while (k < 64) {
        if (r->bits < 32) fill(r);
        uint32_t symbols = ac->run[peek(r, FAST_BITS)];
        if (symbols) {
            int advance = (symbols >> 17) & 0x7F;
            if (k + advance < 64) {
                // Every symbol in the window belongs to this block.
                r->bits -= (symbols >> 12) & 31;
                if (symbols & RUN_EOB) break;
                k += advance;
            } else {
                r->bits -= symbols & 31;
                k += (symbols >> 5) & 0x7F;
            }
            continue;
        }
        int symbol = slow_symbol(r, ac);
        if (symbol < 0) return 0;
        int run = symbol >> 4, bits = symbol & 15;
        if (bits) {
            r->bits -= bits;
            k += run + 1;
        } else if (run == 15) {
            k += 16;
        } else {
            break;
        }
    }
    return 1;
}

static inline uint8_t clamp(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

// libjpeg's 1×1 inverse DCT: the dequantised DC over 8, rounded, plus the centre sample.
static inline uint8_t dc_sample(int32_t predictor, uint16_t quant) {
    int32_t coefficient = (int16_t)predictor;
    int32_t value = coefficient * (int32_t)quant;
    return clamp(((value + 4) >> 3) + 128);
}

static inline __attribute__((always_inline)) int restart(bit_reader *r, int expected) {
    if (r->padded > r->bits) return 0;  // the interval ran past its marker
    const uint8_t *q = r->p;
    if (q >= r->end || *q != 0xFF) return 0;
    while (q < r->end && *q == 0xFF) q++;
    if (q >= r->end || *q != 0xD0 + expected) return 0;
    r->p = q + 1;
    r->buffer = 0;
    r->bits = 0;
    r->padded = 0;
    r->marker = 0;
    return 1;
}

static int scan(decoder *d, const uint8_t *data, const uint8_t *end, const int order[MAX_COMPONENTS], int count) {
    bit_reader r = {data, end, 0, 0, 0, 0};
    int32_t predictor[MAX_COMPONENTS] = {0, 0, 0};
    int mcu_columns, mcu_rows;
    if (count == 1) {
        component *c = &d->comp[order[0]];
        mcu_columns = (int)(((long)d->width * c->h / d->hmax + 7) / 8);
        mcu_rows = (int)(((long)d->height * c->v / d->vmax + 7) / 8);
    } else {
        mcu_columns = (d->width + 8 * d->hmax - 1) / (8 * d->hmax);
        mcu_rows = (d->height + 8 * d->vmax - 1) / (8 * d->vmax);
    }
    long mcus = (long)mcu_columns * mcu_rows;
    int until_restart = d->restart_interval;
    int next_marker = 0;
    for (long m = 0; m < mcus; m++) {
        if (d->restart_interval) {
            if (until_restart == 0) {
                if (!restart(&r, next_marker)) return JDC_CORRUPT;
                next_marker = (next_marker + 1) & 7;
                predictor[0] = predictor[1] = predictor[2] = 0;
                until_restart = d->restart_interval;
            }
            until_restart--;
        }
        int mx = (int)(m % mcu_columns), my = (int)(m / mcu_columns);
        for (int s = 0; s < count; s++) {
            int ci = order[s];
            component *c = &d->comp[ci];
            const huff_table *dc = d->dc[c->dc_table], *ac = d->ac[c->ac_table];
            int h = count == 1 ? 1 : c->h, v = count == 1 ? 1 : c->v;
            for (int by = 0; by < v; by++) {
                for (int bx = 0; bx < h; bx++) {
                    int32_t diff;
                    if (!block(&r, dc, ac, &diff)) return JDC_CORRUPT;
                    predictor[s] = (int32_t)((uint32_t)predictor[s] + (uint32_t)diff);
                    int x = mx * h + bx, y = my * v + by;
                    if (x < c->plane_width && y < c->plane_height) {
                        c->plane[(size_t)y * c->plane_width + x] = dc_sample(predictor[s], d->quant[c->quant]);
                    }
                }
            }
        }
    }
    return r.padded > r.bits ? JDC_CORRUPT : JDC_OK;
}

static void to_rgb(const decoder *d, uint8_t *rgb, int width, int height) {
    if (d->components == 1) {
        const component *y = &d->comp[0];
        for (int row = 0; row < height; row++) {
            const uint8_t *src = y->plane + (size_t)row * y->plane_width;
            uint8_t *dst = rgb + (size_t)row * width * 3;
            for (int x = 0; x < width; x++) {
                dst[3 * x] = dst[3 * x + 1] = dst[3 * x + 2] = src[x];
            }
        }
        return;
    }
    // libjpeg's YCbCr → RGB in 16-bit fixed point, rounding the same way.
    const int32_t half = 1 << 15;
    const int32_t cr_r = 91881, cb_g = -22554, cr_g = -46802, cb_b = 116130;
    const component *cy = &d->comp[0], *ccb = &d->comp[1], *ccr = &d->comp[2];
    for (int row = 0; row < height; row++) {
        const uint8_t *ys = cy->plane + (size_t)(row * cy->v / d->vmax) * cy->plane_width;
        const uint8_t *cbs = ccb->plane + (size_t)(row * ccb->v / d->vmax) * ccb->plane_width;
        const uint8_t *crs = ccr->plane + (size_t)(row * ccr->v / d->vmax) * ccr->plane_width;
        uint8_t *dst = rgb + (size_t)row * width * 3;
        for (int x = 0; x < width; x++) {
            int32_t y = ys[x * cy->h / d->hmax];
            int32_t cb = cbs[x * ccb->h / d->hmax] - 128;
            int32_t cr = crs[x * ccr->h / d->hmax] - 128;
            dst[3 * x] = clamp(y + ((cr_r * cr + half) >> 16));
            dst[3 * x + 1] = clamp(y + ((cb_g * cb + cr_g * cr + half) >> 16));
            dst[3 * x + 2] = clamp(y + ((cb_b * cb + half) >> 16));
        }
    }
}

static int read_frame(decoder *d, const uint8_t *s, size_t length) {
    if (d->seen_frame || length < 6) return JDC_CORRUPT;
    if (s[0] != 8) return JDC_UNSUPPORTED;
    d->height = (s[1] << 8) | s[2];
    d->width = (s[3] << 8) | s[4];
    d->components = s[5];
    if (d->width == 0 || d->height == 0) return JDC_UNSUPPORTED;  // height from a DNL marker
    if (d->components != 1 && d->components != 3) return JDC_UNSUPPORTED;
    if (length < 6 + 3 * (size_t)d->components) return JDC_CORRUPT;
    d->hmax = d->vmax = 1;
    for (int i = 0; i < d->components; i++) {
        component *c = &d->comp[i];
        c->id = s[6 + 3 * i];
        c->h = s[7 + 3 * i] >> 4;
        c->v = s[7 + 3 * i] & 15;
        c->quant = s[8 + 3 * i];
        if (c->h < 1 || c->h > 2 || c->v < 1 || c->v > 2 || c->quant > 3) return JDC_UNSUPPORTED;
        if (c->h > d->hmax) d->hmax = c->h;
        if (c->v > d->vmax) d->vmax = c->v;
    }
    d->seen_frame = 1;
    return JDC_OK;
}

static int read_tables(decoder *d, const uint8_t *s, size_t length) {
    size_t i = 0;
    while (i < length) {
        int class = s[i] >> 4, slot = s[i] & 15;
        if (class > 1 || slot > 3 || i + 17 > length) return JDC_CORRUPT;
        const uint8_t *counts = s + i + 1;
        int total = 0;
        for (int l = 0; l < 16; l++) total += counts[l];
        if (total > 256 || i + 17 + (size_t)total > length) return JDC_CORRUPT;
        huff_table **slot_table = class ? &d->ac[slot] : &d->dc[slot];
        if (!*slot_table && !(*slot_table = malloc(sizeof(huff_table)))) return JDC_UNSUPPORTED;
        huff_table *t = *slot_table;
        t->present = 0;
        if (!build_table(t, counts, s + i + 17, total, class)) return JDC_CORRUPT;
        i += 17 + (size_t)total;
    }
    return JDC_OK;
}

static int read_quantisation(decoder *d, const uint8_t *s, size_t length) {
    size_t i = 0;
    while (i < length) {
        int precision = s[i] >> 4, slot = s[i] & 15;
        size_t size = precision ? 128 : 64;
        if (precision > 1 || slot > 3 || i + 1 + size > length) return JDC_CORRUPT;
        d->quant[slot] = precision ? (uint16_t)((s[i + 1] << 8) | s[i + 2]) : s[i + 1];
        d->quant_present[slot] = 1;
        i += 1 + size;
    }
    return JDC_OK;
}

static int start_scan(decoder *d, const uint8_t *s, size_t length, int order[MAX_COMPONENTS], int *count) {
    if (!d->seen_frame || length < 1) return JDC_CORRUPT;
    int n = s[0];
    if (length < 1 + 2 * (size_t)n + 3) return JDC_CORRUPT;
    // One scan with every component: anything else is a multi-scan picture.
    if (n != d->components) return JDC_UNSUPPORTED;
    int blocks = 0;
    for (int i = 0; i < n; i++) {
        int id = s[1 + 2 * i], tables = s[2 + 2 * i];
        int found = -1;
        for (int c = 0; c < d->components; c++) {
            if (d->comp[c].id == id) found = c;
        }
        if (found < 0) return JDC_CORRUPT;
        for (int j = 0; j < i; j++) {
            if (order[j] == found) return JDC_CORRUPT;
        }
        component *c = &d->comp[found];
        c->dc_table = tables >> 4;
        c->ac_table = tables & 15;
        if (c->dc_table > 3 || c->ac_table > 3) return JDC_CORRUPT;
        if (!d->dc[c->dc_table] || !d->dc[c->dc_table]->present) return JDC_CORRUPT;
        if (!d->ac[c->ac_table] || !d->ac[c->ac_table]->present) return JDC_CORRUPT;
        if (!d->quant_present[c->quant]) return JDC_CORRUPT;
        order[i] = found;
        blocks += c->h * c->v;
    }
    if (n > 1 && blocks > MAX_BLOCKS_IN_MCU) return JDC_CORRUPT;
    const uint8_t *spectral = s + 1 + 2 * n;
    if (spectral[0] != 0 || spectral[1] != 63 || spectral[2] != 0) return JDC_CORRUPT;
    *count = n;
    return JDC_OK;
}

static int allocate_planes(decoder *d) {
    int mcu_columns = (d->width + 8 * d->hmax - 1) / (8 * d->hmax);
    int mcu_rows = (d->height + 8 * d->vmax - 1) / (8 * d->vmax);
    for (int i = 0; i < d->components; i++) {
        component *c = &d->comp[i];
        if (d->components == 1) {
            c->plane_width = (d->width + 7) / 8;
            c->plane_height = (d->height + 7) / 8;
        } else {
            c->plane_width = mcu_columns * c->h;
            c->plane_height = mcu_rows * c->v;
        }
        c->plane = calloc((size_t)c->plane_width * (size_t)c->plane_height, 1);
        if (!c->plane) return 0;
    }
    return 1;
}

static int decode(decoder *d, const uint8_t *data, size_t size, uint8_t *rgb, int width, int height, int colour_width,
                  int colour_height) {
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return JDC_CORRUPT;
    size_t i = 2;
    for (;;) {
        if (i >= size || data[i] != 0xFF) return JDC_CORRUPT;
        while (i < size && data[i] == 0xFF) i++;
        if (i >= size) return JDC_CORRUPT;
        int marker = data[i++];
        if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;
        if (marker == 0xD9) return JDC_CORRUPT;  // the end, and no scan
        if (i + 2 > size) return JDC_CORRUPT;
        size_t length = ((size_t)data[i] << 8) | data[i + 1];
        if (length < 2 || i + length > size) return JDC_CORRUPT;
        const uint8_t *s = data + i + 2;
        size_t n = length - 2;
        int status = JDC_OK;
        switch (marker) {
        case 0xC0:
        case 0xC1:
            status = read_frame(d, s, n);
            break;
        case 0xC4:
            status = read_tables(d, s, n);
            break;
        case 0xDB:
            status = read_quantisation(d, s, n);
            break;
        case 0xDD:
            if (n < 2) return JDC_CORRUPT;
            d->restart_interval = (s[0] << 8) | s[1];
            break;
        case 0xE0:
            if (n >= 5 && memcmp(s, "JFIF\0", 5) == 0) d->saw_jfif = 1;
            break;
        case 0xEE:
            if (n >= 12 && memcmp(s, "Adobe", 5) == 0) {
                d->saw_adobe = 1;
                d->adobe_transform = s[11];
            }
            break;
        case 0xDA: {
            int order[MAX_COMPONENTS];
            int count = 0;
            status = start_scan(d, s, n, order, &count);
            if (status != JDC_OK) return status;
            if ((d->width + 7) / 8 != width || (d->height + 7) / 8 != height) return JDC_UNSUPPORTED;
            if ((long)d->width * d->height > 200000000L) return JDC_UNSUPPORTED;
            // Colour halved both ways is where libjpeg-turbo reads more than the DC (a 2×2 reduced IDCT);
            // the scan's one value per 16×16 pixels must then still cover what the caller needs.
            for (int c = 1; c < d->components; c++) {
                if (d->comp[c].h < d->hmax && d->comp[c].v < d->vmax
                    && ((width + 1) / 2 < colour_width || (height + 1) / 2 < colour_height)) {
                    return JDC_TOO_COARSE;
                }
            }
            // libjpeg reads three components as RGB, not YCbCr, in these cases.
            if (d->components == 3 && !d->saw_jfif) {
                if (d->saw_adobe && d->adobe_transform == 0) return JDC_UNSUPPORTED;
                if (!d->saw_adobe && d->comp[0].id == 'R' && d->comp[1].id == 'G' && d->comp[2].id == 'B') {
                    return JDC_UNSUPPORTED;
                }
            }
            if (!allocate_planes(d)) return JDC_UNSUPPORTED;
            status = scan(d, data + i + length, data + size, order, count);
            if (status == JDC_OK) to_rgb(d, rgb, width, height);
            return status;
        }
        default:
            // Progressive, lossless, hierarchical and arithmetic-coded frames.
            if (marker >= 0xC2 && marker <= 0xCF) return JDC_UNSUPPORTED;
            break;
        }
        if (status != JDC_OK) return status;
        i += length;
    }
}

int jdc_decode_eighth(const uint8_t *data, size_t size, uint8_t *rgb, int width, int height, int colour_width,
                      int colour_height) {
    if (!data || !rgb || width <= 0 || height <= 0) return JDC_UNSUPPORTED;
    decoder *d = calloc(1, sizeof(decoder));
    if (!d) return JDC_UNSUPPORTED;
    int status = decode(d, data, size, rgb, width, height, colour_width, colour_height);
    for (int i = 0; i < MAX_COMPONENTS; i++) free(d->comp[i].plane);
    for (int i = 0; i < 4; i++) {
        free(d->dc[i]);
        free(d->ac[i]);
    }
    free(d);
    return status;
}
