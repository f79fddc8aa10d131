/* record_codec.h — the byte layout of records files (docs/records.md),
 * shared by record_write.c and record_read.c and private to them.
 *
 * Block frame, 16 bytes then the payload:
 *   "TZB" kind | u32 stored length | u32 raw length | u32 CRC-32
 * kind is 'H' (the header) or 'G' (games); the CRC covers the first 12
 * bytes of the frame and the stored (zlib-compressed) payload. */
#ifndef TRIAD_RECORD_CODEC_H
#define TRIAD_RECORD_CODEC_H

#include "core/buf.h"
#include "record.h"

#define REC_FILE_MAGIC "TRIADRC"        /* then one byte: the format version */
#define REC_FILE_MAGIC_LEN 8
#define REC_FRAME_LEN 16
#define REC_BLOCK_RAW_MAX (64u << 20)   /* a frame claiming more is corrupt */
#define REC_BLOCK_SPECS 32              /* distinct player specs per block */
#define REC_BLOCK_GAMES_MAX 65536       /* games per block */
enum { REC_KIND_HEADER = 'H', REC_KIND_GAMES = 'G' };

/* Header block payload, format 2.  Decoding resolves the game by name. */
void rec_encode_run(buf *out, const rec_run *run);
int rec_decode_run(cursor *in, rec_run *run, char *err, size_t n);

/* One game inside a games block.  spec_idx[s] indexes the block's spec
 * table for seat s; *prev_id carries the id delta coding from game to game
 * (start it at UINT64_MAX).  Encoding refuses (-1, err) a score that is not
 * a multiple of 0.5 or an illegal action.  Decoding replays the game, so it
 * checks every action's legality and the stored result. */
int rec_encode_game(buf *out, const rec_game *g, const rec_run *run, const int *spec_idx, uint64_t *prev_id,
                    char *err, size_t n);
int rec_decode_game(cursor *in, rec_game *g, const rec_run *run, const char (*specs)[REC_SPEC_MAX],
                    int nspecs, uint64_t *prev_id, char *err, size_t n);

/* Format 1 (record_codec_v1.c): the same, read only, mapped into format
 * 2's types. */
int rec_decode_run_v1(cursor *in, rec_run *run, char *err, size_t n);
int rec_decode_game_v1(cursor *in, rec_game *g, const rec_run *run, const char (*specs)[REC_SPEC_MAX],
                       int nspecs, uint64_t *prev_id, char *err, size_t n);

/* Compresses raw into a framed block in out (replacing its contents). */
int rec_frame_block(buf *out, int kind, const uint8_t *raw, size_t len);

#endif
