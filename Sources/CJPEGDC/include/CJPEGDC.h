#ifndef CJPEGDC_H
#define CJPEGDC_H

#include <stddef.h>
#include <stdint.h>

/// The picture was decoded.
#define JDC_OK 0
/// A JPEG this shortcut does not handle (progressive, arithmetic, 12-bit, CMYK, RGB, multi-scan, …):
/// decode it with the full decoder instead.
#define JDC_UNSUPPORTED 1
/// The data is damaged or truncated: let the full decoder decide what can be shown.
#define JDC_CORRUPT 2
/// The picture's colour is subsampled more coarsely than the caller needs (see `colour_width`).
#define JDC_TOO_COARSE 3

/// Decodes a baseline or extended sequential Huffman JPEG (8-bit, grey or YCbCr, one interleaved scan)
/// at 1/8 scale from the DC coefficient of each 8×8 block alone: the AC coefficients are skipped
/// without being decoded into values. `rgb` receives `width × height × 3` bytes, where `width` and
/// `height` must be the picture's size divided by 8, rounded up. The result matches libjpeg-turbo's
/// 1/8-scale decode exactly for grey, 4:4:4 and 4:2:2 pictures; 4:2:0 colour comes one value per
/// 16×16 pixels (each chroma block's mean) where libjpeg-turbo's 2×2 reduced IDCT gives one per 8×8,
/// so a picture whose colour resolution at this scale is below `colour_width × colour_height` (the
/// size the caller will scale the result to) answers JDC_TOO_COARSE.
/// Returns JDC_OK, JDC_UNSUPPORTED, JDC_CORRUPT or JDC_TOO_COARSE; it never reads outside
/// `data[0..<size]` or writes outside `rgb`.
int jdc_decode_eighth(const uint8_t *data, size_t size, uint8_t *rgb, int width, int height, int colour_width,
                      int colour_height);

#endif
