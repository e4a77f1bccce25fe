/*
 * web_favicon.c - /favicon.ico, drawn here: a white card with a red
 * diamond on the felt, 16 x 16, as an ICO holding one 32-bit bitmap (the
 * one format every browser reads without a PNG encoder).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "web_int.h"

#define SIDE 16
#define PIXELS (SIDE * SIDE * 4)   /* BGRA */
#define MASK (SIDE * 4)            /* the AND mask: a bit a pixel, rows of 32 bits */
#define DIB (40 + PIXELS + MASK)   /* BITMAPINFOHEADER, pixels, mask */
#define ICO (6 + 16 + DIB)         /* ICONDIR, one ICONDIRENTRY, the bitmap */

static uint8_t *le16(uint8_t *p, unsigned v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  return p + 2;
}
static uint8_t *le32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
  return p + 4;
}

/* The colour of pixel x, y (y down) as 0xRRGGBB. */
static uint32_t colour(int x, int y) {
  int dx = 2 * x + 1 - SIDE, dy = 2 * y + 1 - SIDE; /* twice the distance from the centre */
  if ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy) <= 6) return 0xc53030; /* the diamond */
  if (x >= 3 && x <= 12 && y >= 1 && y <= 14) return 0xffffff;          /* the card */
  return 0x1f5130;                                                      /* the felt */
}

char *web_favicon(size_t *len) {
  uint8_t *ico = calloc(1, ICO), *p = ico;
  if (!ico) return NULL;
  p = le16(le16(le16(p, 0), 1), 1);                      /* ICONDIR: an icon, one image */
  *p++ = SIDE, *p++ = SIDE, *p++ = 0, *p++ = 0;          /* ICONDIRENTRY: 16 x 16 */
  p = le32(le32(le16(le16(p, 1), 32), DIB), 6 + 16);     /* planes, bits, size, offset */
  p = le32(le32(le32(p, 40), SIDE), 2 * SIDE);           /* BITMAPINFOHEADER: height counts the mask */
  p = le32(le16(le16(p, 1), 32), 0);                     /* planes, bits, no compression */
  p = le32(p, PIXELS + MASK) + 16;                       /* image size; resolution, palette: 0 */
  for (int y = SIDE - 1; y >= 0; y--)                    /* bottom row first */
    for (int x = 0; x < SIDE; x++) {
      uint32_t c = colour(x, y);
      *p++ = (uint8_t)c, *p++ = (uint8_t)(c >> 8), *p++ = (uint8_t)(c >> 16), *p++ = 0xff;
    }
  *len = ICO; /* the mask stays 0: every pixel drawn */
  return (char *)ico;
}
